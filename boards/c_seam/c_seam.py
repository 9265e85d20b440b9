"""The seam a firmware author binds a vendor's crypto driver through when the hardware has no
public register interface: Renesas RSIP-E51A (RA8D1, FSP's ``r_rsip``) and TSIP (RX65N,
``r_tsip_rx``) are driven only through their vendors' C APIs, so they cannot be written in
asm_thumb or viper like the Kinetis mmCAU. Instead a MicroPython C module named
``_mpcrypto_hw``, compiled into the firmware (``USER_C_MODULES``), wraps the vendor calls in
the shapes below, and the board's ``mpcrypto_board.py`` (boards/EK_RA8D1, boards/RX65N)
imports it and calls ``register``. No such C module exists in this repository: the vendors'
drivers are not ours to ship, and nothing here pretends to drive those blocks.

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

The wrappers here turn these into the backend surfaces (``new(key)`` and the context methods
of ``mpcrypto.cipher.aes_python``; ``compress``; ``urandom(n)``). A C module can be checked
on the unix port with a stand-in written in Python (host_tests/test_c_seam.py does).
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


def register(hw):
    """Register what the C module ``hw`` provides; returns {primitive: backend name}."""
    name = getattr(hw, "NAME", "hw")
    done = {}
    if all(hasattr(hw, f) for f in AES_FUNCS):
        _backend.register("aes", name, AES(hw))
        done["aes"] = name
    if hasattr(hw, "sha256_compress"):
        _backend.register("sha256", name, SHA256(hw))
        done["sha256"] = name
    if hasattr(hw, "random"):
        _backend.register("entropy", name, Entropy(hw))
        done["entropy"] = name
    return done
