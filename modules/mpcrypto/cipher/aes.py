"""AES (FIPS 197) with the ECB, CBC and CTR modes of SP 800-38A, shaped like ``cryptolib.aes``.

::

    from mpcrypto.cipher import aes
    c = aes.aes(key, aes.MODE_CBC, iv)
    ct = c.encrypt(data)            # new bytes
    c.encrypt(data, out_buf)        # into a caller's buffer (may be ``data`` itself)

- ``MODE_ECB = 1``, ``MODE_CBC = 2``, ``MODE_CTR = 6`` (cryptolib's numbers).
- ``key``: 16, 24 or 32 bytes (``ValueError`` otherwise). ``iv``: 16 bytes, required for CBC
  and CTR (``ValueError`` when missing or of another length), ignored for ECB. For CTR the
  ``iv`` is the initial 128-bit counter block, incremented as one big-endian number.
- ``encrypt(in_buf, out_buf=None)`` / ``decrypt(...)``: returns new ``bytes`` when
  ``out_buf`` is None; otherwise writes into ``out_buf`` (at least ``len(in_buf)`` bytes,
  ``ValueError`` if smaller) and returns None. ``out_buf is in_buf`` (in place) is allowed,
  and so is an ``out_buf`` that overlaps ``in_buf`` starting at or before it (blocks are
  processed forwards, each read before it is written); other overlaps give undefined output.
- ECB and CBC take multiples of 16 bytes (``ValueError`` otherwise). A CBC object chains
  across calls and may only encrypt or only decrypt: mixing raises ``ValueError``, as
  ``cryptolib`` does. ECB objects may do both.
- CTR streams: any lengths, the key-stream position is kept across calls, and ``decrypt`` is
  ``encrypt``.
- ``str``, ``None`` or ``int`` where a buffer is expected raise ``TypeError``.

Backends (seam primitive ``"aes"``, see ``backends()``), all with the same engine surface:

==========  =======================================  ==========  =============
backend     technique                                constant    needs
==========  =======================================  ==========  =============
builtin     MicroPython ``cryptolib`` (C); CTR on    port's C    cryptolib
            ECB; AES-192 delegated to software       code (no)
viper       32-bit T-tables, 8 KiB RAM               no          viper
python      byte-oriented, portable                  no          nothing
==========  =======================================  ==========  =============

None of the software backends is constant time (table lookups indexed by secret bytes).
Allocation: with ``out_buf`` and whole blocks, ECB/CBC/CTR on the viper backend allocate
nothing per call; CTR calls that start or end inside a block slice (small allocations).
"""

from mpcrypto import _backend

MODE_ECB = 1
MODE_CBC = 2
MODE_CTR = 6

_CHAIN = (
    ("builtin", "mpcrypto.cipher.aes_builtin"),
    ("viper", "mpcrypto.cipher.aes_viper"),
    ("python", "mpcrypto.cipher.aes_python"),
)


def backends():
    """Names of the AES backends usable here, best first."""
    return _backend.available("aes", _CHAIN)


def engine(key):
    """The selected backend's context for a validated key (used by the AEAD modules)."""
    return _backend.select("aes", _CHAIN)[1].new(key)


def _blen(x):
    # Length of a read-only buffer argument; str/None/int -> TypeError. Allocates nothing
    # for bytes, bytearray and memoryview.
    t = type(x)
    if t is bytes or t is bytearray or t is memoryview:
        return len(x)
    if t is str or x is None or t is int:
        raise TypeError("buffer required")
    return len(memoryview(x))  # TypeError for objects without the buffer protocol


def _wlen(x):
    # Length of a writable buffer argument.
    t = type(x)
    if t is bytearray or t is memoryview:
        return len(x)
    if t is str or t is bytes or x is None or t is int:
        raise TypeError("writable buffer required")
    return len(memoryview(x))


def check_key(key):
    """Validate an AES key (TypeError / ValueError); returns its length."""
    n = _blen(key)
    if n != 16 and n != 24 and n != 32:
        raise ValueError("key")
    return n


class aes:
    """AES in ECB, CBC or CTR mode (see the module docstring). Not constant time."""

    def __init__(self, key, mode, iv=None):
        check_key(key)
        if type(mode) is not int:
            raise TypeError("mode")
        if mode != MODE_ECB and mode != MODE_CBC and mode != MODE_CTR:
            raise ValueError("mode")
        self._iv = bytearray(16)  # CBC chaining value / CTR counter
        if mode != MODE_ECB:
            if iv is None:
                raise ValueError("iv required")
            if _blen(iv) != 16:
                raise ValueError("iv")
            self._iv[:] = iv
        self._mode = mode
        self._ctx = engine(bytes(key))
        self._dir = 0  # CBC: 1 after encrypt, 2 after decrypt
        self._ks = bytearray(16)  # CTR: current key-stream block
        self._pos = 16  # CTR: bytes of _ks already used

    def _out(self, n, out_buf):
        if out_buf is None:
            return bytearray(n)
        if _wlen(out_buf) < n:
            raise ValueError("output too small")
        return out_buf

    def encrypt(self, in_buf, out_buf=None):
        return self._run(in_buf, out_buf, 1)

    def decrypt(self, in_buf, out_buf=None):
        return self._run(in_buf, out_buf, 2)

    def _run(self, in_buf, out_buf, d):
        n = _blen(in_buf)
        out = self._out(n, out_buf)
        mode = self._mode
        ctx = self._ctx
        if mode == MODE_CTR:
            self._ctr(in_buf, out, n)
        else:
            if n & 15:
                raise ValueError("blksize % 16")
            if mode == MODE_ECB:
                if d == 1:
                    ctx.ecb_encrypt(in_buf, out, n >> 4)
                else:
                    ctx.ecb_decrypt(in_buf, out, n >> 4)
            else:
                if self._dir and self._dir != d:
                    raise ValueError("can't encrypt & decrypt")
                self._dir = d
                if d == 1:
                    ctx.cbc_encrypt(in_buf, out, n >> 4, self._iv)
                else:
                    ctx.cbc_decrypt(in_buf, out, n >> 4, self._iv)
        if out_buf is None:
            return bytes(out)
        return None

    def _ctr(self, src, dst, n):
        # SP 800-38A §6.5. Whole blocks go to the kernel; a partial block at either end
        # uses the saved key-stream block _ks.
        ks = self._ks
        pos = self._pos
        i = 0
        while pos < 16 and i < n:
            dst[i] = src[i] ^ ks[pos]
            pos += 1
            i += 1
        nb = (n - i) >> 4
        if nb:
            if i:
                self._ctx.ctr_xor(memoryview(src)[i:], memoryview(dst)[i:], nb, self._iv, 16)
            else:
                self._ctx.ctr_xor(src, dst, nb, self._iv, 16)
            i += nb << 4
        if i < n:
            for j in range(16):
                ks[j] = 0
            self._ctx.ctr_xor(ks, ks, 1, self._iv, 16)
            pos = 0
            while i < n:
                dst[i] = src[i] ^ ks[pos]
                pos += 1
                i += 1
        self._pos = pos
