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
- Buffers (``mpcrypto._util`` states the rule once): every input (key, iv, in_buf) is read as
  its bytes whatever its item type, so an ``array('I')`` of 4 items is a 16-byte key and one
  of 16 items is 64 bytes of data. ``out_buf`` must be a writable byte buffer
  (``bytearray``, ``array('B')`` or a memoryview of one): ``bytes``, a read-only memoryview
  or an array of wider items raise ``TypeError`` before anything is written. ``str``,
  ``None`` or ``int`` where a buffer is expected raise ``TypeError``.

Backends (seam primitive ``"aes"``, see ``backends()``), all with the same engine surface:

==========  =======================================  ==========  =============
backend     technique                                constant    needs
==========  =======================================  ==========  =============
thumb       Thumb-2 assembly, one 1 KiB T-table per  no          asm_thumb,
            direction in flash (``aes_thumb``):                  Cortex-M3/M4/
            M3/M4/M7/M33/M55/M85, chosen by CPUID                M7/M33/M55/M85
builtin     MicroPython ``cryptolib`` (C); CTR on    port's C    cryptolib
            ECB; AES-192 delegated to software       code (no)
viper       32-bit T-tables, 8 KiB RAM               no          viper
python      byte-oriented, portable                  no          nothing
==========  =======================================  ==========  =============

None of the software backends is constant time (table lookups indexed by secret bytes; on a
core with a data cache, Cortex-M7/M55/M85, the lookups' timing depends on the key and data).
Allocation: with ``out_buf`` and whole blocks, ECB/CBC/CTR on the viper backend allocate
nothing per call for ``bytes``/``bytearray`` arguments and memoryviews of a bytearray; CTR
calls that start inside a block slice (small allocations), a read-only memoryview argument
costs a few small objects (its item size is probed), and an array of wider items is copied
once per call.
"""

from mpcrypto import _backend
from mpcrypto._util import rbuf, wbuf

MODE_ECB = 1
MODE_CBC = 2
MODE_CTR = 6

# thumb comes before builtin: on the cores where its probe passes it is faster than the
# port's C AES (whose CTR our wrapper builds on ECB), and it is table-based like it.
_CHAIN = (
    ("thumb", "mpcrypto.cipher.aes_thumb"),
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


def check_key(key):
    """Validate an AES key (TypeError / ValueError); returns it as bytes."""
    key = rbuf(key)
    n = len(key)
    if n != 16 and n != 24 and n != 32:
        raise ValueError("key")
    return bytes(key)


def ctr_crypt(ctx, src, dst, n, ctr, width, ks):
    """CTR over ``n`` bytes of ``src`` into ``dst`` with the engine ``ctx`` (SP 800-38A §6.5,
    and GCTR of SP 800-38D §6.5 with ``width`` 4): whole blocks go to ``ctx.ctr_xor`` in one
    call, a final partial block is XORed with the key-stream block left in the 16-byte
    scratch ``ks`` (so a stream can use the rest of it later). ``ctr`` (bytearray(16)) is
    advanced past every block used, over its low ``width`` bytes. Returns the number of
    key-stream bytes of ``ks`` used (0 when ``n`` is whole blocks). Shared by CTR mode, GCM
    and CCM."""
    nb = n >> 4
    if nb:
        ctx.ctr_xor(src, dst, nb, ctr, width)
    r = n & 15
    if r:
        for i in range(16):
            ks[i] = 0
        ctx.ctr_xor(ks, ks, 1, ctr, width)
        o = n - r
        for i in range(r):
            dst[o + i] = src[o + i] ^ ks[i]
    return r


class aes:
    """AES in ECB, CBC or CTR mode (see the module docstring). Not constant time."""

    def __init__(self, key, mode, iv=None):
        key = check_key(key)
        if type(mode) is not int:
            raise TypeError("mode")
        if mode != MODE_ECB and mode != MODE_CBC and mode != MODE_CTR:
            raise ValueError("mode")
        self._iv = bytearray(16)  # CBC chaining value / CTR counter
        if mode != MODE_ECB:
            if iv is None:
                raise ValueError("iv required")
            iv = rbuf(iv)
            if len(iv) != 16:
                raise ValueError("iv")
            self._iv[:] = iv
        self._mode = mode
        self._ctx = engine(key)
        self._dir = 0  # CBC: 1 after encrypt, 2 after decrypt
        self._ks = bytearray(16)  # CTR: current key-stream block
        self._pos = 16  # CTR: bytes of _ks already used

    def _out(self, n, out_buf):
        # Checked before anything is written (and before the CTR/CBC state moves).
        if out_buf is None:
            return bytearray(n)
        out_buf = wbuf(out_buf)
        if len(out_buf) < n:
            raise ValueError("output too small")
        return out_buf

    def encrypt(self, in_buf, out_buf=None):
        return self._run(in_buf, out_buf, 1)

    def decrypt(self, in_buf, out_buf=None):
        return self._run(in_buf, out_buf, 2)

    def _run(self, in_buf, out_buf, d):
        in_buf = rbuf(in_buf)
        n = len(in_buf)
        out = self._out(n, out_buf)
        mode = self._mode
        ctx = self._ctx
        if mode == MODE_CTR:
            if self._pos < 16:
                self._ctr(in_buf, out, n)  # the rest of a key-stream block first
            else:
                r = ctr_crypt(ctx, in_buf, out, n, self._iv, 16, self._ks)
                if r:
                    self._pos = r
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
        # SP 800-38A §6.5 as a stream, when the saved key-stream block _ks is partly unused
        # (_pos < 16): its rest first, then ctr_crypt (whole blocks in the kernel, a partial
        # last block through _ks, whose unused rest the next call starts with).
        ks = self._ks
        pos = self._pos
        i = 0
        while pos < 16 and i < n:
            dst[i] = src[i] ^ ks[pos]
            pos += 1
            i += 1
        if i < n:
            r = ctr_crypt(self._ctx, memoryview(src)[i:], memoryview(dst)[i:], n - i, self._iv, 16, ks)
            pos = r if r else 16
        self._pos = pos
