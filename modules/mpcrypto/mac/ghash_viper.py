"""GHASH (SP 800-38D §6.4) with viper kernels and Shoup's 8-bit tables (NOT constant time).

Y_i = (Y_{i-1} ^ X_i) · H in GF(2**128) with GCM's bit order (§6.3: the leftmost bit of a
block is the coefficient of x^0, multiplication by x is a right shift with reduction by
R = 0xE1 || 0^120). The product X·H is computed by Horner's rule over the bytes of X from
the last to the first: Z = Z·x^8 ^ M[X_i], where M[b] = b·H for the 256 byte values b
(4 KiB per key, built in ``new``) and Z·x^8 is a right shift by 8 whose 8 dropped bits are
folded back with the key-independent table R8 (256 x 16 bits, built at import).

Not constant time: table indices are bytes of Y ^ X, which depend on H and the data.
Words are big-endian halves of the 128-bit value, kept as ``uint`` below 2**32 (shifts right,
and left shifts of at most 8 bits of a byte into the top), so no 32-bit masks are needed and
the code gives the same answers on 32-bit Cortex-M and 64-bit hosts (VIPER.md rules).
Nothing is allocated per call after ``new``.

Engine surface (same in ``ghash_python``): ``new(h)`` -> ctx with ``update(y, src, n)``:
``y`` is the 16-byte accumulator (bytearray, updated in place), ``src`` holds at least
``n`` whole blocks. ``mac/ghash.py`` chooses the backend (the ``"ghash"`` chain) for GCM
and GMAC.
"""

import array
import micropython

_R8 = array.array("I", bytes(4 * 256))


@micropython.viper
def _build_r8(r8: ptr32):
    # R8[r]: what the byte r shifted out of the low end contributes to the top 16 bits
    # after Z·x^8; each dropped bit j (after 8-j more shifts) adds R = 0xE1 at the top.
    for r in range(256):
        acc = 0
        for j in range(8):
            acc = acc >> 1
            if (r >> j) & 1:
                acc ^= 0xE100
        r8[r] = acc


_build_r8(_R8)


@micropython.viper
def _build_m(m: ptr32, h: ptr8):
    # M[b] = b·H for byte b in the x^0..x^7 position: M[0x80] = H, M[0x40] = H·x, ...,
    # M[0x01] = H·x^7, then M[i ^ j] = M[i] ^ M[j]. Four big-endian words per entry.
    red = uint(0xE1) << 24
    v0 = (uint(h[0]) << 24) | (uint(h[1]) << 16) | (uint(h[2]) << 8) | uint(h[3])
    v1 = (uint(h[4]) << 24) | (uint(h[5]) << 16) | (uint(h[6]) << 8) | uint(h[7])
    v2 = (uint(h[8]) << 24) | (uint(h[9]) << 16) | (uint(h[10]) << 8) | uint(h[11])
    v3 = (uint(h[12]) << 24) | (uint(h[13]) << 16) | (uint(h[14]) << 8) | uint(h[15])
    for j in range(4):
        m[j] = 0
    b = 0x80
    while b > 0:
        m[4 * b] = v0
        m[4 * b + 1] = v1
        m[4 * b + 2] = v2
        m[4 * b + 3] = v3
        # V = V·x: right shift by one, fold the dropped bit back as R (§6.3 Algorithm 1).
        lsb = v3 & 1
        v3 = (v3 >> 1) | ((v2 & 1) << 31)
        v2 = (v2 >> 1) | ((v1 & 1) << 31)
        v1 = (v1 >> 1) | ((v0 & 1) << 31)
        v0 = (v0 >> 1) ^ (lsb * red)
        b = b >> 1
    i = 2
    while i < 256:
        for j in range(1, i):
            m[4 * (i + j)] = m[4 * i] ^ m[4 * j]
            m[4 * (i + j) + 1] = m[4 * i + 1] ^ m[4 * j + 1]
            m[4 * (i + j) + 2] = m[4 * i + 2] ^ m[4 * j + 2]
            m[4 * (i + j) + 3] = m[4 * i + 3] ^ m[4 * j + 3]
        i = i << 1


@micropython.viper
def _ghash(m: ptr32, y: ptr8, src: ptr8, n: int, r8: ptr32):
    # SP 800-38D §6.4 over n blocks. Z words z0..z3 (big-endian), Horner over bytes 15..0.
    z0 = (uint(y[0]) << 24) | (uint(y[1]) << 16) | (uint(y[2]) << 8) | uint(y[3])
    z1 = (uint(y[4]) << 24) | (uint(y[5]) << 16) | (uint(y[6]) << 8) | uint(y[7])
    z2 = (uint(y[8]) << 24) | (uint(y[9]) << 16) | (uint(y[10]) << 8) | uint(y[11])
    z3 = (uint(y[12]) << 24) | (uint(y[13]) << 16) | (uint(y[14]) << 8) | uint(y[15])
    o = 0
    end = 16 * n
    while o < end:
        # X = Y ^ block, as words a0..a3.
        a0 = z0 ^ ((uint(src[o]) << 24) | (uint(src[o + 1]) << 16) | (uint(src[o + 2]) << 8) | uint(src[o + 3]))
        a1 = z1 ^ ((uint(src[o + 4]) << 24) | (uint(src[o + 5]) << 16) | (uint(src[o + 6]) << 8) | uint(src[o + 7]))
        a2 = z2 ^ ((uint(src[o + 8]) << 24) | (uint(src[o + 9]) << 16) | (uint(src[o + 10]) << 8) | uint(src[o + 11]))
        a3 = z3 ^ ((uint(src[o + 12]) << 24) | (uint(src[o + 13]) << 16) | (uint(src[o + 14]) << 8) | uint(src[o + 15]))
        # Z = M[X_15]
        i = int(a3 & 0xFF) << 2
        z0 = uint(m[i])
        z1 = uint(m[i + 1])
        z2 = uint(m[i + 2])
        z3 = uint(m[i + 3])
        # Bytes 14..0: Z = Z·x^8 ^ M[X_k]. k walks a3 (bytes 14..12), a2, a1, a0 (bytes 3..0).
        sh = 8
        w = a3
        k = 15
        while k > 0:
            k -= 1
            if sh == 32:
                sh = 0
                if k == 11:
                    w = a2
                elif k == 7:
                    w = a1
                else:
                    w = a0
            r = int(z3 & 0xFF)
            z3 = (z3 >> 8) | ((z2 & 0xFF) << 24)
            z2 = (z2 >> 8) | ((z1 & 0xFF) << 24)
            z1 = (z1 >> 8) | ((z0 & 0xFF) << 24)
            z0 = (z0 >> 8) ^ (uint(r8[r]) << 16)
            i = int((w >> sh) & 0xFF) << 2
            z0 ^= uint(m[i])
            z1 ^= uint(m[i + 1])
            z2 ^= uint(m[i + 2])
            z3 ^= uint(m[i + 3])
            sh += 8
        o += 16
    y[0] = z0 >> 24
    y[1] = z0 >> 16
    y[2] = z0 >> 8
    y[3] = z0
    y[4] = z1 >> 24
    y[5] = z1 >> 16
    y[6] = z1 >> 8
    y[7] = z1
    y[8] = z2 >> 24
    y[9] = z2 >> 16
    y[10] = z2 >> 8
    y[11] = z2
    y[12] = z3 >> 24
    y[13] = z3 >> 16
    y[14] = z3 >> 8
    y[15] = z3


class _Ctx:
    def __init__(self, h):
        self._m = array.array("I", bytes(4 * 4 * 256))
        _build_m(self._m, h)

    def update(self, y, src, n):
        _ghash(self._m, y, src, n, _R8)


def new(h):
    """GHASH context for the hash subkey H (16 bytes). Not constant time."""
    return _Ctx(h)
