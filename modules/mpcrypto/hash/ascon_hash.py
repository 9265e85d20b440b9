"""Ascon-Hash256, Ascon-XOF128 and Ascon-CXOF128 (NIST SP 800-232 §5, the final standard),
shaped like ``hashlib``.

    from mpcrypto.hash.ascon_hash import ascon_hash256, ascon_xof128, ascon_cxof128
    h = ascon_hash256(b"abc"); h.update(more); h.digest(); h.hexdigest(); h.copy()
    x = ascon_xof128(b"abc"); x.digest(64)            # any length 0..MAX_OUTPUT
    c = ascon_cxof128(b"abc", customization=b"app"); c.digest(32)

``digest()`` does not finalize: it pads and squeezes a copy of the state, so ``update()``
may follow (as with our SHA-2, SHA-3 and SHAKE). Input is any buffer-protocol object, read as
its bytes whatever its item type (``mpcrypto._util``); ``str``, ``None`` and ``int`` raise
TypeError. ``block_size`` is the rate, 8 bytes. Ascon-Hash256 has ``digest_size`` 32 and is
named ``"ascon_hash256"``; the XOFs have ``digest_size`` 0 (like ``shake_128``) and take the
output length: ``digest(n)`` / ``hexdigest(n)``, ``n`` an int from 0 to ``MAX_OUTPUT``
(ValueError above, TypeError for a non-int). Ascon-CXOF128's customization string is at most
256 bytes (2048 bits, §5.3; ValueError above).

Sponge (SP 800-232 §5): S = IV || 0^256, Ascon-p[12]; the message padded with 1 || 0* to
8-byte blocks, each XORed into S[0:8] then Ascon-p[12]; the output is S[0:8], then
Ascon-p[12] and the next 8 bytes, ... Ascon-CXOF128 first absorbs the customization
string's bit length as a 64-bit little-endian block and the string itself, padded, before
the message.

Backends: the permutation seam ``"ascon"`` (``hash/_ascon``, shared with Ascon-AEAD128):
Thumb-2 on bare-metal Cortex-M3 and up, else viper on 32-bit lane halves, else portable
Python. Constant time on the thumb and viper backends (the message length is public). Allocation: ``__init__`` allocates the state and an 8-byte
buffer; ``update()`` of whole 8-byte blocks with nothing pending allocates nothing (the
kernel absorbs from the caller's buffer); ``digest()`` allocates the output and, once per
object, a copy of the state.
"""

from mpcrypto._util import rbuf
from mpcrypto.hash import _ascon
from mpcrypto.hash._ascon import backends  # noqa: F401

MAX_OUTPUT = 65536  # bytes per digest() call of the XOFs


class _Ascon:
    block_size = 8
    _iv = b""

    def __init__(self, data=b""):
        k = _ascon.kernel()
        st = _ascon.new_state()
        k.put_bytes(st, self._iv, 0, 8, 0)
        k.perm(st, 12)
        self._st = st
        self._buf = bytearray(8)
        self._n = 0  # bytes pending in _buf
        self._tmp = None  # digest's copy of the state
        self._pre()
        self.update(data)  # as hashlib: None is a TypeError, not "no data"

    def _pre(self):
        pass

    def update(self, data):
        data = rbuf(data)
        n = len(data)
        k = _ascon.kernel()
        off = 0
        p = self._n
        buf = self._buf
        if p:
            while p < 8 and off < n:
                buf[p] = data[off]
                p += 1
                off += 1
            if p < 8:
                self._n = p
                return
            k.absorb(self._st, buf, 0, 1, 8, 12)
            p = 0
        nb = (n - off) >> 3
        if nb:
            k.absorb(self._st, data, off, nb, 8, 12)
            off += nb << 3
        while off < n:
            buf[p] = data[off]
            p += 1
            off += 1
        self._n = p

    def _squeeze(self, length):
        # Pad (the pending bytes, then 1 at their end) and squeeze a copy of the state.
        k = _ascon.kernel()
        tmp = self._tmp
        if tmp is None:
            tmp = self._tmp = _ascon.new_state()
        tmp[:] = self._st  # the raw words (no Python integer of a word)
        n = self._n
        k.xor_bytes(tmp, self._buf, 0, n, 0)
        k.xor_bytes(tmp, _ascon.ONE, 0, 1, n)
        k.perm(tmp, 12)
        out = bytearray(length)
        if length:
            k.squeeze(tmp, out, length)
        return bytes(out)

    def copy(self):
        c = type(self)()
        c._st[:] = self._st
        c._buf[:] = self._buf
        c._n = self._n
        return c


class ascon_hash256(_Ascon):
    """Ascon-Hash256 (SP 800-232 §5.1): a 32-byte digest; hashlib-shaped."""
    name = "ascon_hash256"
    digest_size = 32
    _iv = _ascon.IV_HASH256

    def digest(self):
        return self._squeeze(32)

    def hexdigest(self):
        return "".join("%02x" % b for b in self.digest())


class ascon_xof128(_Ascon):
    """Ascon-XOF128 (SP 800-232 §5.2): ``digest(n)`` for any n in 0..MAX_OUTPUT."""
    name = "ascon_xof128"
    digest_size = 0
    _iv = _ascon.IV_XOF128

    def digest(self, length):
        if type(length) is not int:
            raise TypeError("length must be int")
        if length < 0 or length > MAX_OUTPUT:
            raise ValueError("length")
        return self._squeeze(length)

    def hexdigest(self, length):
        return "".join("%02x" % b for b in self.digest(length))


class ascon_cxof128(ascon_xof128):
    """Ascon-CXOF128 (SP 800-232 §5.3): Ascon-XOF128 with a customization string of at most
    256 bytes: ``ascon_cxof128(data=b"", customization=b"")``."""
    name = "ascon_cxof128"
    _iv = _ascon.IV_CXOF128

    def __init__(self, data=b"", customization=b""):
        z = rbuf(customization)
        if len(z) > 256:
            raise ValueError("customization longer than 256 bytes")
        self._z = z
        _Ascon.__init__(self, data)

    def _pre(self):
        # Z_0 = the bit length of Z as 64 bits, little-endian; then Z padded (§5.3).
        z = self._z
        self._z = None
        bits = len(z) << 3
        b = self._buf
        for i in range(8):
            b[i] = (bits >> (8 * i)) & 0xFF
        k = _ascon.kernel()
        k.absorb(self._st, b, 0, 1, 8, 12)
        for i in range(8):
            b[i] = 0
        self.update(z)  # whole blocks absorbed, the tail left in _buf
        n = self._n
        k.xor_bytes(self._st, b, 0, n, 0)
        k.xor_bytes(self._st, _ascon.ONE, 0, 1, n)
        k.perm(self._st, 12)
        self._n = 0
