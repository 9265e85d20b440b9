"""GHASH (SP 800-38D §6.4) in portable Python with 4-bit tables (Shoup); NOT constant time.

Same maths as ``ghash_viper`` (read its docstring) with 4-bit steps: M[b] = b·H for the 16
nibble values (16 Python ints per key) and a key-independent 16-entry reduction table. The
128-bit values are Python ints, so on 32-bit ports every step allocates small big-int
objects (a few per nibble); this backend is the fallback for ports without viper and
is slow but exact. Table lookups are indexed by data- and key-dependent nibbles.

Engine surface: ``new(h)`` -> ctx with ``update(y, src, n)`` (see ``ghash_viper``).
"""


def _r4():
    # R4[r]: contribution to the top 16 bits of the 4 bits r dropped by Z·x^4.
    out = []
    for r in range(16):
        acc = 0
        for j in range(4):
            acc >>= 1
            if (r >> j) & 1:
                acc ^= 0xE100
        out.append(acc << 112)
    return tuple(out)


_R4 = _r4()
_R = 0xE1 << 120


class _Ctx:
    def __init__(self, h):
        v = int.from_bytes(bytes(h), "big")
        m = [0] * 16
        b = 8
        while b:
            m[b] = v
            v = (v >> 1) ^ _R if v & 1 else v >> 1  # V·x (§6.3 Algorithm 1)
            b >>= 1
        for i in (2, 4, 8):
            for j in range(1, i):
                m[i + j] = m[i] ^ m[j]
        self._m = tuple(m)

    def update(self, y, src, n):
        m = self._m
        r4 = _R4
        z = int.from_bytes(bytes(y), "big")
        src = memoryview(src)
        for o in range(0, 16 * n, 16):
            x = z ^ int.from_bytes(bytes(src[o : o + 16]), "big")
            # Horner over the 32 nibbles from the last (x^124..x^127) to the first.
            z = m[x & 15]
            x >>= 4
            for _ in range(31):
                z = (z >> 4) ^ r4[z & 15] ^ m[x & 15]
                x >>= 4
        y[:] = z.to_bytes(16, "big")


def new(h):
    """GHASH context for the hash subkey H (16 bytes). Not constant time."""
    return _Ctx(h)
