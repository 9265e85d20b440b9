"""The seam a firmware binds a vendor's crypto block through when the block is driven by the
vendor's C procedures rather than a register interface of its own: Renesas RSIP-E51A (RA8D1)
and TSIP (RX65N) run microcode that only Renesas' procedures load, so they cannot be written in
asm_thumb or viper like the Kinetis mmCAU. Instead a MicroPython C module named
``_mpcrypto_hw``, compiled into the firmware, wraps the procedures in the shapes below, and
the board's ``mpcrypto_board.py`` (boards/EK_RA8D1, boards/RX65N) imports it and calls
``register``. The EK-RA8D1's module is firmware/usermod/rsip_e51a, over the RSIP-E51A
procedures Zephyr's hal_renesas ships; the RX65N has none (boards/RX65N/README.md says why).

``_mpcrypto_hw`` (every function optional; ``register`` registers a primitive only when all
of that primitive's functions are present):

- ``NAME``: str, the backend's name in the seam (e.g. ``"rsip"``, ``"tsip"``).
- AES (seam primitive ``"aes"``; FIPS 197 and SP 800-38A, many blocks per call, the caller's
  buffers; src and dst may be the same buffer):
  ``aes_key(key) -> handle`` (key: 16, 24 or 32 bytes; the handle is whatever the vendor
  needs, a wrapped key for RSIP/TSIP),
  ``aes_ecb_encrypt(handle, src, dst, nblocks)``, ``aes_ecb_decrypt(handle, src, dst, nblocks)``,
  ``aes_cbc_encrypt(handle, src, dst, nblocks, iv)``, ``aes_cbc_decrypt(handle, src, dst, nblocks, iv)``
  (iv: bytearray(16), left as the next chaining value),
  ``aes_ctr(handle, src, dst, nblocks, ctr, width)`` (dst = src XOR E(ctr), E(ctr + 1), ...;
  ctr: bytearray(16) advanced past the blocks used, incremented big-endian over its last
  ``width`` bytes: 16 for CTR, 4 for GCM's inc32).
- SHA-256 (seam primitive ``"sha256"``, SHA-224 too): ``sha256_compress(st, buf, off, nblocks)``,
  the software backends' surface: st an ``array('I')`` whose words 0..7 are the chaining value
  (native integers), buf[off:off + 64 * nblocks] the blocks. A driver with only a one-shot
  hash API cannot provide this (the library's hashes need the compression function: copy(),
  digest() without finalizing, HMAC); leave it out and the viper kernel runs.
- Entropy (the seam's ``"entropy"``, the default rng): ``random(buf)`` fills the writable
  buffer from the TRNG and raises OSError on a failure the driver reports.
- GHASH (seam primitive ``"ghash"``, under GCM and GMAC): ``ghash(h, y, src, n)`` sets the
  bytearray(16) ``y`` to GHASH_H over the n blocks of src starting from y (SP 800-38D §6.4;
  h the 16-byte hash subkey).
- RSA (seam primitive ``"rsa"``, the private operation of ``mpcrypto.pk.rsa``):
  ``rsa_private(n, d, x)`` returns x^d mod n, each of n, d and x as k big-endian bytes (k = 256,
  384 or 512: a 2048-, 3072- or 4096-bit n with its top bit set; x < n).
- NIST P-256 and P-384 (seam primitive ``"ec_weierstrass"``, for those two curves; every other
  curve and the arithmetic mod n stay on the software backend): ``ec_mul(size, k, xy)`` returns
  k * (X, Y) as X || Y (size: 32 or 48, the bytes of a coordinate; k: size big-endian bytes,
  0 < k < n; xy: X || Y of a point on the curve), ``ecdsa_verify(size, xy, e, rs)`` returns
  whether (r, s) (rs = r || s, both in [1, n - 1]) is a valid SEC 1 signature of the reduced
  hash value e (size bytes) under the public point xy.

The wrappers here turn these into the backend surfaces (``new(key)`` and the context methods
of ``mpcrypto.cipher.aes_python``; ``compress``; ``urandom(n)``). A C module can be checked
on the unix port with a stand-in written in Python (host_tests/test_c_seam.py does).

``register`` checks each primitive before it registers it: known answers from FIPS 197,
SP 800-38A and FIPS 180-4, the counter's carries at the ``width`` boundary, buffers that are
not word aligned and ``src`` that is ``dst``, two TRNG reads that differ, and GHASH against the
portable backend. A curve is
checked when its first context is built, against the software backend: k*G and k*P for fixed
scalars, a signature that verifies and one that does not; an RSA size with its first result
(raised to the public exponent). A primitive (or curve) that gives a
wrong answer or raises is left to the software backends, and ``FAILED`` says why: a C module
compiled for a board but never run on it (the EK-RA8D1's) cannot then give a wrong answer
through the library.
"""

from mpcrypto import _backend

AES_FUNCS = ("aes_key", "aes_ecb_encrypt", "aes_ecb_decrypt", "aes_cbc_encrypt", "aes_cbc_decrypt", "aes_ctr")


class _AesCtx:
    def __init__(self, hw, key):
        self._hw = hw
        self._k = hw.aes_key(key)

    def ecb_encrypt(self, src, dst, n):
        self._hw.aes_ecb_encrypt(self._k, src, dst, n)

    def ecb_decrypt(self, src, dst, n):
        self._hw.aes_ecb_decrypt(self._k, src, dst, n)

    def cbc_encrypt(self, src, dst, n, iv):
        self._hw.aes_cbc_encrypt(self._k, src, dst, n, iv)

    def cbc_decrypt(self, src, dst, n, iv):
        self._hw.aes_cbc_decrypt(self._k, src, dst, n, iv)

    def ctr_xor(self, src, dst, n, ctr, width):
        self._hw.aes_ctr(self._k, src, dst, n, ctr, width)


class AES:
    """The ``"aes"`` backend over ``_mpcrypto_hw``'s AES functions."""

    def __init__(self, hw):
        self._hw = hw

    def new(self, key):
        return _AesCtx(self._hw, key)


class SHA256:
    """The ``"sha256"`` backend: the C module's compression function itself."""

    def __init__(self, hw):
        self.compress = hw.sha256_compress


class Entropy:
    """The ``"entropy"`` source over ``random(buf)``."""

    def __init__(self, hw):
        self._random = hw.random

    def urandom(self, n):
        buf = bytearray(n)
        self._random(buf)
        return bytes(buf)


class _GhashCtx:
    def __init__(self, hw, h):
        self._ghash = hw.ghash
        self._h = bytes(h)

    def update(self, y, src, n):
        self._ghash(self._h, y, src, n)


class GHASH:
    """The ``"ghash"`` backend: ``new(h)`` -> a context with ``update(y, src, n)``."""

    def __init__(self, hw):
        self._hw = hw

    def new(self, h):
        return _GhashCtx(self._hw, h)


class _EcCtx:
    """A curve's context: k*G, k*P, ECDH and verification on the module; the rest (scalars mod
    n, SM2) on the software backend's context for the same curve."""

    def __init__(self, hw, curve, soft):
        self._hw = hw
        self._soft = soft
        self._size = curve.size
        self._n = curve.n
        self._nbits = curve.nbits
        self._g = curve.G

    def __getattr__(self, name):
        return getattr(self._soft, name)

    def _xy(self, x, y):
        return x.to_bytes(self._size, "big") + y.to_bytes(self._size, "big")

    def mul(self, k, x, y):
        kb = k.to_bytes(self._size, "big") if isinstance(k, int) else bytes(self._size - len(k)) + bytes(k)
        if not 0 < int.from_bytes(kb, "big") < self._n:
            return self._soft.mul(k, x, y)  # 0 and n (the identity) are the software's
        r = self._hw.ec_mul(self._size, kb, self._xy(x, y))
        return int.from_bytes(r[: self._size], "big"), int.from_bytes(r[self._size:], "big")

    def mul_base(self, k):
        return self.mul(k, self._g[0], self._g[1])

    def ecdh(self, k, x, y):
        R = self.mul(k, x, y)
        return None if R is None else R[0].to_bytes(self._size, "big")

    def verify_rs(self, digest, r, s, x, y):
        from mpcrypto.ec.ecdsa import bits2int

        size = self._size
        e = bits2int(digest, self._nbits) % self._n
        return self._hw.ecdsa_verify(size, self._xy(x, y), e.to_bytes(size, "big"),
                                     r.to_bytes(size, "big") + s.to_bytes(size, "big"))


class RSA:
    """The ``"rsa"`` backend: ``private(n, e, d, x)``, x^d mod n on the module for the moduli it
    takes (None otherwise: the library's CRT code runs). The first result of each size is
    checked with the public exponent before that size is used (a size that fails stays
    software, ``FAILED`` says why); the library checks every result again."""

    SIZES = (2048, 3072, 4096)  # the moduli rsa_private takes, in bits

    def __init__(self, hw):
        self._hw = hw
        self._ok = []

    def private(self, n, e, d, x):
        from mpcrypto.pk import mpi

        bits = mpi.bits(n)
        key = "rsa:%d" % bits
        if bits not in self.SIZES or key in FAILED:
            return None
        k = bits >> 3
        try:
            r = int.from_bytes(self._hw.rsa_private(n.to_bytes(k, "big"), d.to_bytes(k, "big"),
                                                    x.to_bytes(k, "big")), "big")
            if bits not in self._ok and pow(r, e, n) != x:
                raise ValueError("result^e != x")
        except Exception as ex:
            if bits in self._ok:
                raise
            FAILED[key] = "%s: %s" % (type(ex).__name__, ex)
            return None
        if bits not in self._ok:
            self._ok.append(bits)
        return r


EC_FUNCS = ("ec_mul", "ecdsa_verify")
EC_CURVES = ("secp256r1", "secp384r1")


class EC:
    """The ``"ec_weierstrass"`` backend: P-256 and P-384 on the module once a curve passes its
    check (``_check_curve``), every other curve (and a curve that fails) on the software
    backend that would run without the module."""

    def __init__(self, hw):
        self._hw = hw
        self._soft = None  # the software backend's module, found at the first context
        self._passed = []  # curves checked: the seam rebuilds contexts after a MemoryError

    def new(self, curve):
        if self._soft is None:
            from mpcrypto import _cpu
            from mpcrypto.ec import ec

            # The first software backend of the chain, as _backend would pick it with no module.
            for _name, modname, requires in ec._CHAIN:
                if requires is None or _cpu.has(requires):
                    self._soft = _backend.load(modname)
                    if self._soft is not None:
                        break
        soft = self._soft.new(curve)
        if curve.name not in EC_CURVES or "ec:" + curve.name in FAILED:
            return soft
        ctx = _EcCtx(self._hw, curve, soft)
        if curve.name in self._passed:
            return ctx
        try:
            bad = _check_curve(ctx, soft, curve)
        except Exception as e:
            bad = "%s: %s" % (type(e).__name__, e)
        if bad:
            FAILED["ec:" + curve.name] = bad
            return soft
        self._passed.append(curve.name)
        return ctx


# Known answers (the sources named): FIPS 197 Appendix C.1-C.3 (one block each), SP 800-38A
# F.2.1 (CBC-AES128, two blocks) and F.5.1 (CTR-AES128, two blocks), FIPS 180-4's "abc".
_H = bytes.fromhex
_FIPS197_PT = _H("00112233445566778899aabbccddeeff")
_FIPS197 = ((16, "69c4e0d86a7b0430d8cdb78070b4c55a"), (24, "dda97ca4864cdfe06eaf70a0ec0d7191"),
            (32, "8ea2b7ca516745bfeafc49904b496089"))
_SP_KEY = "2b7e151628aed2a6abf7158809cf4f3c"
_SP_PT = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
_SP_CBC = ("000102030405060708090a0b0c0d0e0f", "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2")
_SP_CTR = ("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff",
           "f0f1f2f3f4f5f6f7f8f9fafbfcfdff01")
_SHA256_IV = (0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19)
_SHA256_ABC = (0xBA7816BF, 0x8F01CFEA, 0x414140DE, 0x5DAE2223, 0xB00361A3, 0x96177A9C, 0xB410FF61, 0xF20015AD)


def _ecb(hw, k, data):
    out = bytearray(len(data))
    hw.aes_ecb_encrypt(k, data, out, len(data) // 16)
    return bytes(out)


def _check_aes(hw):
    """None if the module's AES gives the known answers, else what it got wrong."""
    for n, ct in _FIPS197:
        k = hw.aes_key(bytes(range(n)))
        if _ecb(hw, k, _FIPS197_PT) != _H(ct):
            return "ECB AES-%d" % (8 * n)
        buf = bytearray(_H(ct))
        hw.aes_ecb_decrypt(k, buf, buf, 1)  # src is dst
        if buf != _FIPS197_PT:
            return "ECB decrypt AES-%d" % (8 * n)
    k = hw.aes_key(_H(_SP_KEY))
    pt, (iv0, ct) = _H(_SP_PT), _SP_CBC
    iv, out = bytearray(_H(iv0)), bytearray(32)
    hw.aes_cbc_encrypt(k, pt, out, 2, iv)
    if out != _H(ct) or iv != out[16:]:
        return "CBC encrypt"
    # Not word aligned, in place: the ciphertext at offset 1 of a larger buffer.
    raw = bytearray(33)
    raw[1:] = _H(ct)
    view, iv = memoryview(raw)[1:], bytearray(_H(iv0))
    hw.aes_cbc_decrypt(k, view, view, 2, iv)
    if bytes(view) != pt or iv != _H(ct)[16:]:
        return "CBC decrypt (unaligned, in place)"
    c0, ct, c2 = _SP_CTR
    ctr, out = bytearray(_H(c0)), bytearray(32)
    hw.aes_ctr(k, pt, out, 2, ctr, 16)
    if out != _H(ct) or ctr != _H(c2):
        return "CTR"
    # The counter's carries: out of the low 32 bits into the rest (width 16), and wrapping
    # inside them with the other bytes unchanged (width 4, GCM's inc32).
    for width, c0, c1, c2 in ((16, "00112233445566778899aa00ffffffff", "00112233445566778899aa0100000000",
                               "00112233445566778899aa0100000001"),
                              (4, "00112233445566778899aabbffffffff", "00112233445566778899aabb00000000",
                               "00112233445566778899aabb00000001")):
        ctr, out = bytearray(_H(c0)), bytearray(32)
        hw.aes_ctr(k, bytes(32), out, 2, ctr, width)
        if out != _ecb(hw, k, _H(c0) + _H(c1)) or ctr != _H(c2):
            return "CTR carry (width %d)" % width
    return None


def _check_sha256(hw):
    """None if the compression function gives FIPS 180-4's answer for "abc", else what failed."""
    from array import array

    block = bytearray(64)
    block[:4] = b"abc\x80"
    block[63] = 24
    st = array("I", _SHA256_IV)
    hw.sha256_compress(st, block, 0, 1)
    if tuple(st) != _SHA256_ABC:
        return "SHA-256 of abc"
    # Two blocks at an odd offset against one block at a time.
    raw = bytearray(range(129))
    st2 = array("I", _SHA256_IV)
    hw.sha256_compress(st2, raw, 1, 2)
    st = array("I", _SHA256_IV)
    hw.sha256_compress(st, bytes(raw[1:65]), 0, 1)
    hw.sha256_compress(st, bytes(raw[65:129]), 0, 1)
    if st2 != st:
        return "SHA-256 over two unaligned blocks"
    return None


def _check_ghash(hw):
    """None if GHASH agrees with the portable backend (checked in CI against SP 800-38D's GCM
    vectors) on three blocks, aligned and not, else what failed."""
    from mpcrypto.mac import ghash_python

    h = _H(_FIPS197[0][1])
    data = bytearray(range(7, 55)) + bytes(1)
    want = bytearray(_FIPS197_PT)
    ghash_python.new(h).update(want, data, 3)
    y = bytearray(_FIPS197_PT)
    hw.ghash(h, y, data, 3)
    if y != want:
        return "GHASH"
    y = bytearray(_FIPS197_PT)
    raw = bytearray(1) + data
    hw.ghash(h, y, memoryview(raw)[1:], 3)
    if y != want:
        return "GHASH (unaligned)"
    return None


def _check_entropy(hw):
    """None unless two reads are equal or a read is one byte repeated."""
    a, b = bytearray(32), bytearray(32)
    hw.random(a)
    hw.random(b)
    if a == b or a == bytes([a[0]]) * 32:
        return "TRNG reads repeat"
    return None


def _check_curve(ctx, soft, curve):
    """None if the module's k*G, k*P and verification agree with the software backend on
    ``curve``, else what disagreed."""
    from mpcrypto.ec import ecdsa

    n = curve.n
    k1, k2 = n - 2, (n >> 1) + 12345  # fixed scalars: one near n, one in the middle
    if ctx.mul_base(k1) != soft.mul_base(k1):
        return "k*G"
    P = soft.mul_base(k2)
    if ctx.mul(k1, P[0], P[1]) != soft.mul(k1, P[0], P[1]):
        return "k*P"
    digest = bytes(range(1, 1 + curve.size))
    r, s = ecdsa.sign_with_k(soft, curve, k2, ecdsa.bits2int(digest, curve.nbits) % n, k1)
    if ctx.verify_rs(digest, r, s, P[0], P[1]) is not True:
        return "a valid signature"
    # Not n - s: (r, n - s) is the same signature's other valid form.
    if ctx.verify_rs(digest, r, s + 1 if s + 1 < n else s - 1, P[0], P[1]) is not False:
        return "a signature with s changed"
    return None


# What each primitive needs and how it is checked, in registration order.
_PRIMITIVES = (("aes", AES_FUNCS, _check_aes, AES), ("sha256", ("sha256_compress",), _check_sha256, SHA256),
               ("entropy", ("random",), _check_entropy, Entropy), ("ghash", ("ghash",), _check_ghash, GHASH),
               ("ec_weierstrass", EC_FUNCS, None, EC),  # each curve is checked as it is first used
               ("rsa", ("rsa_private",), None, RSA))  # each size is checked as it is first used

# {primitive (or "ec:" + curve name, "rsa:" + bits): why it was not registered (used)}, for a
# module that has the functions but failed a check.
FAILED = {}


def register(hw):
    """Register what the C module ``hw`` provides and answers correctly; returns {primitive: backend
    name}. A primitive whose check fails or raises is not registered (``FAILED`` says why)."""
    name = getattr(hw, "NAME", "hw")
    done = {}
    for prim, funcs, check, backend in _PRIMITIVES:
        if not all(hasattr(hw, f) for f in funcs):
            continue
        try:
            bad = check(hw) if check else None
        except Exception as e:  # a driver's error during the check: the primitive stays software
            bad = "%s: %s" % (type(e).__name__, e)
        if bad:
            FAILED[prim] = bad
            continue
        _backend.register(prim, name, backend(hw))
        done[prim] = name
    return done
