"""Poly1305 (RFC 8439 §2.5) in portable Python, on interpreter integers.

Same surface as ``poly1305_viper`` (see there): ``new()``, ``ctx.init(key)``,
``ctx.blocks(buf, off, nblocks, hibit)``, ``ctx.finish(out)``. Nothing validates.

The accumulator, r and s are Python integers (h = (h + m) * r mod 2**130 - 5, the formula of
§2.5.1), which on MicroPython are heap objects above 2**30: a few small allocations per
16-byte block, and the arithmetic's timing depends on the values. This backend is the
fallback for bytecode-only ports and the independent reference in the tests; it is NOT
constant time (use the viper backend where the port has the emitter).
"""

_P = (1 << 130) - 5
_CLAMP = 0x0FFFFFFC0FFFFFFC0FFFFFFC0FFFFFFF  # §2.5: r &= 0x0ffffffc0ffffffc0ffffffc0fffffff
_M128 = (1 << 128) - 1


class _Ctx:
    def __init__(self):
        self._h = 0
        self._r = 0
        self._s = 0

    def init(self, key):
        self._r = int.from_bytes(bytes(key[0:16]), "little") & _CLAMP
        self._s = int.from_bytes(bytes(key[16:32]), "little")
        self._h = 0

    def blocks(self, buf, off, nblocks, hibit):
        h = self._h
        r = self._r
        top = hibit << 128
        for i in range(off, off + 16 * nblocks, 16):
            h = (h + int.from_bytes(bytes(buf[i:i + 16]), "little") + top) * r % _P
        self._h = h

    def finish(self, out):
        t = (self._h + self._s) & _M128
        b = t.to_bytes(16, "little")
        for i in range(16):
            out[i] = b[i]


def new():
    return _Ctx()
