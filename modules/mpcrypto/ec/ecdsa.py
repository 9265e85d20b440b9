"""ECDSA (SEC 1 v2 §4.1) with RFC 6979 deterministic nonces, DER and raw r||s encodings.

Use it through the key objects of ``mpcrypto.ec.ec`` (``sign`` / ``verify``); this module
holds the algorithm and the encodings:

- ``sign_digest(ctx, curve, d, digest, hashcls, extra=None)`` -> (r, s): SEC 1 §4.1.3 with
  k from RFC 6979 §3.2 (HMAC-DRBG over ``mpcrypto.mac.hmac`` with the message hash).
  ``extra`` (bytes) is the additional input k' of RFC 6979 §3.6: random bytes there give
  hedged signatures (deterministic=False in the key API).
- ``verify_digest(ctx, curve, x, y, digest, r, s)``: SEC 1 §4.1.4; raises InvalidSignature.
- ``encode_der`` / ``decode_der`` (``Ecdsa-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }``,
  strict DER through the library's one DER reader, ``mpcrypto.keys.der``: minimal lengths,
  minimal non-negative integers, nothing after the sequence),
  ``encode_raw`` / ``decode_raw`` (IEEE P1363: r and s, each exactly nsize bytes).
- ``hash_class(name_or_class)``: ``mpcrypto.hash.names.hash_class``, the one name table
  (sha224, sha256, sha384, sha512, sha512_224, sha512_256, sm3).

Hashes longer than n are truncated to the leftmost bit length of n (``bits2int``, RFC 6979
§2.3.2, SEC 1 §4.1.3 step 5).

Constant time (the viper backend, on a 32-bit core; measured by
host_tests/test_constant_time.py): the private key d and the nonces k stay nsize big-endian
bytes from the key object to the limbs. RFC 6979's HMAC-DRBG runs on bytes (SHA-2 digests
are serialised without Python integers), its candidate is cut to qlen bits and range-checked
on bytes (``_octets``, ``_ct.ct_in_range``); k*G is the backend's regular comb and
s = k^-1 (e + r d) mod n one field program on limbs (``ecdsa_s``). Only public values
become integers: e (the message hash), r, s. With the portable backend the same values meet
big-int arithmetic (pow for k^-1), which MicroPython does not make constant time.
Verification handles public data only and is variable time. Every malformed signature
raises InvalidSignature, never another error.
"""

from mpcrypto._ct import ct_in_range
from mpcrypto.exceptions import InvalidSignature
from mpcrypto.hash.names import hash_class  # noqa: F401 (part of this module's surface)
from mpcrypto.keys import der


def bits2int(b, qlen):
    """RFC 6979 §2.3.2: the leftmost ``qlen`` bits of ``b`` as an integer."""
    x = int.from_bytes(b, "big")
    blen = len(b) * 8
    if blen > qlen:
        x >>= blen - qlen
    return x


def _octets(T, qlen, rlen):
    # bits2int(T) as rlen big-endian bytes, on bytes (RFC 6979 §2.3.2 for a secret T): the
    # leftmost qlen bits of T, shifted right by the surplus bits. Small ints only; the work
    # depends on the public lengths alone.
    drop = len(T) * 8 - qlen  # >= 0: T holds at least qlen bits
    q, r = drop >> 3, drop & 7
    top = len(T) - q  # T[:top] holds the kept bits, shifted left by r
    if r == 0:  # whole bytes (every curve but P-521): then rlen == top, T[:top] as it is
        return T[top - rlen:top]
    out = bytearray(rlen)
    for i in range(rlen):  # out[rlen - 1 - i], from the least significant byte
        j = top - 1 - i
        lo = T[j] if j >= 0 else 0
        hi = T[j - 1] if j >= 1 else 0
        out[rlen - 1 - i] = ((lo >> r) | (hi << (8 - r))) & 0xFF
    return bytes(out)


def rfc6979_nonces(curve, d, digest, hashcls, extra=None, hk=None):
    """Generator of the RFC 6979 §3.2 candidates k in [1, n-1] (step h), as nsize big-endian
    bytes, for private key ``d`` (nsize big-endian bytes, or an int) and message hash
    ``digest``. ``extra``: additional data k' (§3.6). ``hk``: an HMAC object over
    ``hashcls`` to work in (rekeyed here; ``sign_digest`` keeps one between signatures),
    else a new one. No Python integer is made of d or k: the HMAC-DRBG works on bytes and
    the range check is ``_ct.ct_in_range``."""
    n = curve.n
    qlen = curve.nbits
    rlen = curve.nsize
    nb = n.to_bytes(rlen, "big")
    z = bits2int(digest, qlen)
    if z >= n:
        z -= n  # bits2octets (§2.3.4): z1 mod q, with z1 < 2^qlen < 2q
    if isinstance(d, int):
        d = d.to_bytes(rlen, "big")
    seed = bytes(d) + z.to_bytes(rlen, "big")
    if extra:
        seed += bytes(extra)
    hl = hashcls.digest_size
    V = b"\x01" * hl
    from mpcrypto.mac import hmac

    # hk: HMAC keyed with K, rekeyed in place; ``._mac(data)`` gives HMAC_K(data) without
    # changing it, so the key schedule is paid once per K, not once per HMAC.
    if hk is None:
        hk = hmac.new(b"\x00" * hl, None, digestmod=hashcls)
    else:
        hk._rekey(b"\x00" * hl)  # step c: K = 0x00 0x00 ... 0x00
    hk._rekey(hk._mac(V + b"\x00" + seed))  # step d: K
    V = hk._mac(V)  # step e
    hk._rekey(hk._mac(V + b"\x01" + seed))  # step f: K
    V = hk._mac(V)  # step g
    while True:  # step h
        T = b""
        while len(T) * 8 < qlen:
            V = hk._mac(V)
            T += V
        k = _octets(T, qlen, rlen)
        if ct_in_range(k, nb):  # the retry depends on the discarded candidate only
            yield k
        hk._rekey(hk._mac(V + b"\x00"))
        V = hk._mac(V)


def sign_with_k(ctx, curve, d, e, k):
    """SEC 1 §4.1.3 steps 1-6 for a given nonce k (nsize big-endian bytes, or an int, as d;
    known-answer tests use this directly). Returns (r, s), or None when r or s is 0 (the
    caller takes the next k). s = k^-1 (e + r d) mod n is the backend's ``ecdsa_s``: on
    limbs in the viper backend (Fermat inversion, constant time in k and d)."""
    n = curve.n
    R = ctx.mul_base(k)
    if R is None:
        return None
    r = R[0] % n
    if r == 0:
        return None
    s = int.from_bytes(ctx.ecdsa_s(k, d, e % n, r), "big")  # public from here on
    if s == 0:
        return None
    return r, s


# hash class -> an HMAC object over it, wiped, for the next signature's nonces: making one
# (the hash's kernel chosen, its states and blocks allocated) costs several times a rekey.
_HK = {}


def sign_digest(ctx, curve, d, digest, hashcls, extra=None):
    """Sign the hash ``digest`` with private scalar ``d`` (nsize big-endian bytes, or an
    int); returns (r, s). The nonces are RFC 6979's, in order."""
    e = bits2int(digest, curve.nbits)
    hk = _HK.pop(hashcls, None)  # taken, so that no other signature shares it meanwhile
    if hk is None:
        from mpcrypto.mac import hmac

        hk = hmac.new(b"", None, digestmod=hashcls)
    try:
        for k in rfc6979_nonces(curve, d, digest, hashcls, extra, hk):
            rs = sign_with_k(ctx, curve, d, e, k)
            if rs is not None:
                return rs
    finally:
        hk._wipe()  # no state derived from d or k stays in it
        _HK[hashcls] = hk


def verify_digest(ctx, curve, x, y, digest, r, s):
    """SEC 1 §4.1.4 for public point (x, y); raises InvalidSignature unless (r, s) is valid."""
    n = curve.n
    if not (0 < r < n and 0 < s < n):
        raise InvalidSignature("r or s out of range")
    vrs = getattr(ctx, "verify_rs", None)
    if vrs is not None:  # a backend doing e, w = s^-1, u1, u2, the sum and the check in one call
        if not vrs(digest, r, s, x, y):
            raise InvalidSignature("bad signature")
        return
    e = bits2int(digest, curve.nbits) % n
    w = ctx.inv_n(s)  # on limbs in the viper backend: no big-int Euclid and its heap garbage
    chk = getattr(ctx, "mul2_check", None)
    if chk is not None:  # the check on the projective sum: no inversion (weierstrass_viper)
        if not chk(e * w % n, r * w % n, x, y, r):
            raise InvalidSignature("bad signature")
        return
    R = ctx.mul2(e * w % n, r * w % n, x, y)
    if R is None or R[0] % n != r:
        raise InvalidSignature("bad signature")


# -- encodings -------------------------------------------------------------------------


def encode_der(r, s, nsize=0):
    """``Ecdsa-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }`` in DER; ``nsize``, where
    given, the byte length of the order (r, s < n)."""
    return der.seq(der.integer(r, nsize), der.integer(s, nsize))


def decode_der(sig):
    """(r, s) from a strict-DER ``Ecdsa-Sig-Value`` (the shared reader ``mpcrypto.keys.der``:
    minimal lengths, minimal non-negative INTEGERs, nothing after the sequence);
    InvalidSignature for anything else."""
    sig = memoryview(sig)
    end = len(sig)
    try:
        s0, e0 = der.expect(sig, 0, end, der.SEQUENCE)
        der.done(e0, end)
        r, i = der.uint(sig, s0, e0)
        s, i = der.uint(sig, i, e0)
        der.done(i, e0)
    except ValueError as e:
        raise InvalidSignature(str(e))
    return r, s


def encode_raw(r, s, nsize):
    return r.to_bytes(nsize, "big") + s.to_bytes(nsize, "big")


def decode_raw(sig, nsize):
    """(r, s) from r||s of exactly 2*nsize bytes; InvalidSignature otherwise."""
    if len(sig) != 2 * nsize:
        raise InvalidSignature("bad length")
    sig = bytes(sig)
    return int.from_bytes(sig[:nsize], "big"), int.from_bytes(sig[nsize:], "big")
