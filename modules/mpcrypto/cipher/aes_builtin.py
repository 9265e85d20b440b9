"""AES engine on MicroPython's C ``cryptolib.aes`` (where the port has it).

cryptolib provides ECB (mode 1) and CBC (mode 2); on ports built without
``MICROPY_PY_CRYPTOLIB_CTR`` (the unix port among them) mode 6 raises ``ValueError("mode")``,
so CTR and GCM's GCTR are built here on ECB of counter blocks: counters are written into a
1 KiB scratch, encrypted by one cryptolib call, and XORed into the output. The counter
and XOR loops are those of ``aes_viper`` where the seam's software engine (primitive
``"aes_soft"``: viper, else portable Python) is that one, else plain Python loops.

cryptolib accepts only 16- and 32-byte keys, so a 24-byte (AES-192) key is delegated to the
same software engine; ``new`` hides this from callers.

Constant time: as constant as the port's C AES (often a table implementation, so no).
Allocation: ECB allocates nothing when the caller's buffers are exactly n blocks long
(otherwise one memoryview slice); CBC re-uses its cryptolib object while the caller's chaining
value continues the previous call, else builds a new one (one allocation). Two cryptolib
objects are kept per key, because a cryptolib object may not both encrypt and decrypt.

Engine surface: see ``aes_python`` (identical in every backend).
"""

import cryptolib
from micropython import const
from mpcrypto import _backend
from mpcrypto.cipher._soft import inc_ctr

# The software engine behind this one (AES-192, and viper's CTR loops).
_CHAIN = (("viper", "mpcrypto.cipher.aes_viper", None), ("python", "mpcrypto.cipher.aes_python", None))

_CHUNK = const(64)  # counter blocks per cryptolib call in CTR (1 KiB scratch)


def _cut(buf, nbytes):
    # cryptolib processes the whole buffer: pass a view of exactly n blocks when needed.
    return buf if len(buf) == nbytes else memoryview(buf)[:nbytes]


class _Ctx:
    def __init__(self, key):
        key = bytes(key)
        self._key = key
        self._e = cryptolib.aes(key, 1)
        self._d = cryptolib.aes(key, 1)
        self._ce = None  # CBC encryptor and the chaining value it holds
        self._ce_iv = bytearray(16)
        self._cd = None
        self._cd_iv = bytearray(16)
        self._ks = bytearray(16 * _CHUNK)
        self._last = bytearray(16)

    def ecb_encrypt(self, src, dst, n):
        if n:
            self._e.encrypt(_cut(src, 16 * n), _cut(dst, 16 * n))

    def ecb_decrypt(self, src, dst, n):
        if n:
            self._d.decrypt(_cut(src, 16 * n), _cut(dst, 16 * n))

    def cbc_encrypt(self, src, dst, n, iv):
        if not n:
            return
        if self._ce is None or iv != self._ce_iv:
            self._ce = cryptolib.aes(self._key, 2, iv)
        self._ce.encrypt(_cut(src, 16 * n), _cut(dst, 16 * n))
        # The last ciphertext block chains on; copied without a slice (no allocation).
        o = 16 * n - 16
        ce_iv = self._ce_iv
        for i in range(16):
            v = dst[o + i]
            iv[i] = v
            ce_iv[i] = v

    def cbc_decrypt(self, src, dst, n, iv):
        if not n:
            return
        if self._cd is None or iv != self._cd_iv:
            self._cd = cryptolib.aes(self._key, 2, iv)
        # Save the last ciphertext block first (src may be dst), without a slice.
        o = 16 * n - 16
        last = self._last
        for i in range(16):
            last[i] = src[o + i]
        self._cd.decrypt(_cut(src, 16 * n), _cut(dst, 16 * n))
        cd_iv = self._cd_iv
        for i in range(16):
            v = last[i]
            iv[i] = v
            cd_iv[i] = v

    def ctr_xor(self, src, dst, n, ctr, width):
        # SP 800-38A §6.5 / SP 800-38D §6.5: keystream = E(counter blocks), chunk by chunk.
        ks = self._ks
        e = self._e
        soft = _backend.helper("aes_soft", _CHAIN)
        cb = getattr(soft, "ctr_blocks", None)  # the viper engine's loops, where it is chosen
        o = 0
        while n:
            k = n if n < _CHUNK else _CHUNK
            nb = 16 * k
            if cb is not None:
                cb(ks, ctr, k, width)
                e.encrypt(_cut(ks, nb), _cut(ks, nb))
                soft.xor_into(dst, src, o, ks, nb)
            else:
                stop = 16 - width
                for b in range(0, nb, 16):
                    ks[b : b + 16] = ctr
                    inc_ctr(ctr, stop)
                e.encrypt(_cut(ks, nb), _cut(ks, nb))
                for i in range(nb):
                    dst[o + i] = src[o + i] ^ ks[i]
            o += nb
            n -= k


def new(key):
    """An AES context for a 16/24/32-byte key (validated by the caller)."""
    if len(key) == 24:
        # cryptolib has no AES-192: the best software engine.
        return _backend.helper("aes_soft", _CHAIN).new(key)
    return _Ctx(key)
