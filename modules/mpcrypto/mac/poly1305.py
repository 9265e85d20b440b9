"""Poly1305 (RFC 8439 §2.5), shaped like pyca's ``cryptography.hazmat.primitives.poly1305``.

::

    from mpcrypto.mac.poly1305 import Poly1305
    p = Poly1305(key)                     # 32-byte one-time key r || s
    p.update(data); tag = p.finalize()    # 16-byte tag; the object is then finished
    Poly1305(key).verify(tag)             # (after update) raises InvalidSignature
    Poly1305.generate_tag(key, data)      # one shot
    Poly1305.verify_tag(key, data, tag)   # one shot, raises InvalidSignature

A Poly1305 key must never be used for two messages (RFC 8439 §2.5): as in pyca, the object
ends its life at ``finalize()`` / ``verify()``; any further ``update`` / ``finalize`` /
``verify`` raises ``AlreadyFinalized``. ``verify`` compares the whole tag in constant time.
Key, data and tag are read as their bytes whatever their item type; ``str``, ``None`` and
``int`` raise ``TypeError``; a key of another length than 32 bytes raises ``ValueError``.
``finalize_into(out)`` writes the tag into a caller's writable 16-byte buffer.

Backends (seam primitive ``"poly1305"``; MicroPython has no C Poly1305 built-in):

  name     module            CT    notes
  thumb    poly1305_thumb    yes   Thumb-2, radix 2**26 with UMULL/UMLAL
                                   (tools/thumb/gen_poly1305.py), Cortex-M4/M7/M33/M55/M85
                                   by CPUID (not M3)
  viper    poly1305_viper    yes   13-bit limbs, sums < 2**32
  python   poly1305_python   no    interpreter integers (heap objects, value-dependent time)

Allocation: ``update()`` of whole 16-byte blocks with nothing pending allocates nothing on the
viper backend; a partial block is buffered in the object.
"""

from mpcrypto import _backend
from mpcrypto._ct import ct_eq_at
from mpcrypto._util import rbuf, wbuf
from mpcrypto.exceptions import AlreadyFinalized, InvalidSignature

_CHAIN = (
    ("thumb", "mpcrypto.mac.poly1305_thumb", "mull_ct"),
    ("viper", "mpcrypto.mac.poly1305_viper", None),
    ("python", "mpcrypto.mac.poly1305_python", None),
)


def backends():
    """Names of the Poly1305 backends usable here, best first."""
    return _backend.available("poly1305", _CHAIN)


def engine():
    """A context of the selected backend (``init``, ``blocks``, ``finish``)."""
    return _backend.select("poly1305", _CHAIN)[1].new()


def mac_padded(ctx, buf, n, pad):
    """Absorb ``buf[0:n]`` zero-padded to a multiple of 16 bytes (the AEAD's ``pad16``,
    RFC 8439 §2.8): whole blocks straight from ``buf``, the tail through the 16-byte
    scratch ``pad``."""
    nb = n >> 4
    if nb:
        ctx.blocks(buf, 0, nb, 1)
    r = n & 15
    if r:
        o = n - r
        for i in range(16):
            pad[i] = buf[o + i] if i < r else 0
        ctx.blocks(pad, 0, 1, 1)


class Poly1305:
    """Poly1305 with a one-time key (see the module docstring). Constant time on the viper
    backend."""

    def __init__(self, key):
        key = rbuf(key)
        if len(key) != 32:
            raise ValueError("key must be 32 bytes")
        self._c = engine()
        self._c.init(key)
        self._buf = bytearray(16)
        self._n = 0  # bytes pending in _buf
        self._done = False

    def update(self, data):
        if self._done:
            raise AlreadyFinalized()
        data = rbuf(data)
        n = len(data)
        off = 0
        p = self._n
        buf = self._buf
        if p:
            while p < 16 and off < n:
                buf[p] = data[off]
                p += 1
                off += 1
            if p < 16:
                self._n = p
                return
            self._c.blocks(buf, 0, 1, 1)
            p = 0
        nb = (n - off) >> 4
        if nb:
            self._c.blocks(data, off, nb, 1)
            off += nb << 4
        while off < n:
            buf[p] = data[off]
            p += 1
            off += 1
        self._n = p

    def finalize_into(self, out):
        out = wbuf(out)
        if len(out) < 16:
            raise ValueError("output too small")
        if self._done:
            raise AlreadyFinalized()
        self._done = True
        p = self._n
        if p:
            # §2.5.1: a final partial block gets a 1 byte after it, then zeros (no 2**128 bit)
            buf = self._buf
            buf[p] = 1
            for i in range(p + 1, 16):
                buf[i] = 0
            self._c.blocks(buf, 0, 1, 0)
        self._c.finish(out)

    def finalize(self):
        out = bytearray(16)
        self.finalize_into(out)
        return bytes(out)

    def verify(self, tag):
        tag = rbuf(tag)
        if self._done:
            raise AlreadyFinalized()
        mine = bytearray(16)
        self.finalize_into(mine)
        if len(tag) != 16 or not ct_eq_at(mine, 0, tag, 0, 16):
            raise InvalidSignature()

    @classmethod
    def generate_tag(cls, key, data):
        p = cls(key)
        p.update(data)
        return p.finalize()

    @classmethod
    def verify_tag(cls, key, data, tag):
        p = cls(key)
        p.update(data)
        p.verify(tag)
