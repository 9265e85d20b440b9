"""GHASH (NIST SP 800-38D §6.4) keyed by a 128-bit block cipher, with GCM's set-up of a key
and a nonce: the one GHASH underneath GCM (``aead/gcm.py``) and GMAC (``mac/gmac.py``).
Not a user API: use those two.

- ``check_key(cipher, key)``: the key checked by ``cipher.check_key``, after ``ValueError``
  unless ``cipher`` is a 128-bit block cipher (a cipher module of ``cipher/modes.py``).
- ``check_nonce(nonce)``: the nonce (IV) as a byte buffer, ``ValueError`` when empty: any
  length of 1 byte or more (§5.2.1.1).
- ``GcmHash(engine)``: H = E(K, 0^128) (§6.4) from the cipher's engine, the GHASH context of
  the selected backend for H, and the 16-byte blocks both modes work on. Its ``_set_nonce``
  computes the pre-counter block J0 (§7.1 step 2: IV || 0^31 || 1 for 12 bytes, the GHASH
  of the padded IV and its length otherwise) and E(K, J0) (the mask of the tag, step 6) and
  zeroes the accumulator; ``_hash`` and ``_lens`` GHASH data and the length block into it.
  ``GCM`` is a ``GcmHash``; ``GMAC`` keeps one and calls its context directly.

Backends (seam primitive ``"ghash"``), engine surface ``new(h)`` -> ctx with
``update(y, src, n)`` (``ghash_viper``'s docstring):

  name     module         CT    notes
  thumb    ghash_thumb    yes   Thumb-2 carry-less multiplication (UMULL with holes,
                                tools/thumb/gen_ghash.py), Cortex-M4/M7/M33/M55/M85 by CPUID;
                                constant time where UMULL is (Cortex-M4/M7)
  viper    ghash_viper    no    Shoup's 8-bit tables (4 KiB per key)
  python   ghash_python   no    Shoup's 8-bit tables as bytes (4 KiB per key), the
                                state as 16 byte variables (no big integers)

Allocation: after ``GcmHash`` is built, none per call on the thumb and viper backends; whole
blocks go to the kernel in one call, a tail through the 16-byte scratch block.
"""

from mpcrypto import _backend
from mpcrypto._util import rbuf

_CHAIN = (
    ("thumb", "mpcrypto.mac.ghash_thumb", "mull_ct"),
    ("viper", "mpcrypto.mac.ghash_viper", None),
    ("python", "mpcrypto.mac.ghash_python", None),
)


def backends():
    """Names of the GHASH backends usable here, best first."""
    return _backend.available("ghash", _CHAIN)


def check_key(cipher, key):
    """``cipher.check_key(key)`` for a 128-bit block cipher, else ``ValueError``."""
    if getattr(cipher, "block_size", 0) != 16:
        raise ValueError("GCM needs a 128-bit block cipher")
    return cipher.check_key(key)


def check_nonce(nonce):
    """The nonce as a byte buffer: any length of 1 byte or more (§5.2.1.1)."""
    nonce = rbuf(nonce)
    if not len(nonce):
        raise ValueError("nonce")
    return nonce


class GcmHash:
    """GHASH under H = E(K, 0^128) for ``engine`` (a cipher engine: ``ecb_encrypt``), with
    J0 and E(K, J0) of one nonce at a time. Not constant time unless the GHASH backend and
    the cipher engine are (``aead/gcm.py``'s docstring)."""

    def __init__(self, engine):
        self._e = engine
        h = bytearray(16)
        engine.ecb_encrypt(h, h, 1)  # H = E(K, 0^128), §6.4
        self._g = _backend.select("ghash", _CHAIN)[1].new(h)  # GHASH context (H)
        self._j0 = bytearray(16)  # pre-counter block J0
        self._y = bytearray(16)  # GHASH accumulator
        self._b = bytearray(16)  # partial block / length block / scratch of the mode
        self._s = bytearray(16)  # E(K, J0)

    def _hash(self, buf, n):
        # GHASH n bytes of buf into _y: whole blocks in one kernel call, the tail zero-padded.
        y = self._y
        nb = n >> 4
        if nb:
            self._g.update(y, buf, nb)
        r = n & 15
        if r:
            b = self._b
            o = n - r
            for i in range(16):
                b[i] = buf[o + i] if i < r else 0
            self._g.update(y, b, 1)

    def _lens(self, a, c):
        # GHASH the block [8a]_64 || [8c]_64 (byte counts a, c) into _y.
        b = self._b
        a <<= 3
        c <<= 3
        for i in range(7, -1, -1):
            b[i] = a & 0xFF
            b[8 + i] = c & 0xFF
            a >>= 8
            c >>= 8
        self._g.update(self._y, b, 1)

    def _set_nonce(self, nonce):
        # §7.1 step 2: J0 of the checked nonce into _j0, E(K, J0) into _s (for the tag,
        # step 6), _y zeroed for the AAD.
        nlen = len(nonce)
        j0 = self._j0
        y = self._y
        for i in range(16):
            y[i] = 0
        if nlen == 12:
            for i in range(12):
                j0[i] = nonce[i]
            j0[12] = 0
            j0[13] = 0
            j0[14] = 0
            j0[15] = 1
        else:
            # J0 = GHASH(IV || 0^(s+64) || [len(IV)]_64)
            self._hash(nonce, nlen)
            self._lens(0, nlen)
            j0[:] = y
            for i in range(16):
                y[i] = 0
        self._e.ecb_encrypt(j0, self._s, 1)  # for the tag: E(K, J0)
