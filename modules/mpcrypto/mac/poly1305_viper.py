"""Poly1305 (RFC 8439 §2.5) in viper, on 13-bit limbs whose products fit 32 bits.

Backend surface shared with ``poly1305_python`` (the public modules ``mac/poly1305`` and
``aead/chacha20poly1305`` are the only callers; nothing here validates):

    new()                               a context
    ctx.init(key)                       start a MAC under the 32-byte one-time key r || s
    ctx.blocks(buf, off, nblocks, hib)  absorb nblocks 16-byte blocks of buf from off;
                                        hib = 1 for whole blocks (the 2**128 bit), 0 for a
                                        final block the caller has padded with 1, 0...
    ctx.finish(out)                     out[0:16] = the tag

Arithmetic modulo p = 2**130 - 5 in radix 2**13: ten limbs of 13 bits (130 bits exactly).
VIPER.md rule 6 forbids products above 32 bits (no 32x32->64 multiply, and a 32-bit port
wraps at 2**32), so the limbs are small enough that every sum of ten products fits:
- r is clamped (§2.5) and split into limbs r_i < 2**13; s_i = 5 r_i < 5 * 2**13 (2**130 = 5
  mod p folds the limbs above 2**130 back, so d_i = sum_{j<=i} h_j r_{i-j} + sum_{j>i} h_j
  s_{i+10-j});
- after adding a message block, one carry pass brings every h_i below 2**13 (h0 below
  2**13 + 10); then d_0, the largest sum, is at most (2**13 + 10) * 46 * 2**13 < 3.1e9 <
  2**32, on every port;
- d is carried back into 13-bit limbs (its top carry times 5 into h0, which may then exceed
  2**13: the next block's carry pass takes it).
``finish`` carries fully, subtracts p once in constant time (g = h + 5; bit 130 of g set means
h >= p; the limbs are chosen with a mask, no branch), and adds s modulo 2**128 in 16-bit steps.

Portability: all values are ``uint`` below 2**32 by the bounds above, so the 64-bit unix
port and 32-bit Cortex-M compute the same words; the only constants are below 2**13. The
final mask ``(0 - bit) & 0x1FFF`` is masked to 13 bits (VIPER.md rule 7's concern is an
all-ones word, which never appears).

Constant time: a fixed sequence of multiplications, additions, shifts and masks; no branch
or index depends on the key or the message (MUL is single-cycle on Cortex-M3/M4/M7).
Allocation: ``init``, ``blocks`` and ``finish`` allocate nothing.

State (``array('I')`` of 30 words): r_0..r_9 at 0..9, s_i = 5 r_i at 10..19, h_0..h_9 at 20..29.
"""

import micropython
from array import array


def probe():
    """True: this module imported, so the port has the viper emitter."""
    return True


@micropython.viper
def _setr(st: ptr32, k: ptr8, s: ptr8):
    # r = key[0:16] clamped (§2.5: r &= 0x0ffffffc0ffffffc0ffffffc0fffffff, the byte masks
    # 15 and 252 below) as 13-bit limbs, 5 r, h = 0; s = key[16:32]
    r = (uint(k[0]) | uint(k[1]) << 8) & 0x1FFF
    st[0] = r
    st[10] = r * 5
    st[20] = 0
    r = ((uint(k[1]) | uint(k[2]) << 8 | (uint(k[3]) & 15) << 16) >> 5) & 0x1FFF
    st[1] = r
    st[11] = r * 5
    st[21] = 0
    r = (((uint(k[3]) & 15) | (uint(k[4]) & 252) << 8) >> 2) & 0x1FFF
    st[2] = r
    st[12] = r * 5
    st[22] = 0
    r = (((uint(k[4]) & 252) | uint(k[5]) << 8 | uint(k[6]) << 16) >> 7) & 0x1FFF
    st[3] = r
    st[13] = r * 5
    st[23] = 0
    r = ((uint(k[6]) | (uint(k[7]) & 15) << 8 | (uint(k[8]) & 252) << 16) >> 4) & 0x1FFF
    st[4] = r
    st[14] = r * 5
    st[24] = 0
    r = (((uint(k[8]) & 252) | uint(k[9]) << 8) >> 1) & 0x1FFF
    st[5] = r
    st[15] = r * 5
    st[25] = 0
    r = ((uint(k[9]) | uint(k[10]) << 8 | (uint(k[11]) & 15) << 16) >> 6) & 0x1FFF
    st[6] = r
    st[16] = r * 5
    st[26] = 0
    r = (((uint(k[11]) & 15) | (uint(k[12]) & 252) << 8) >> 3) & 0x1FFF
    st[7] = r
    st[17] = r * 5
    st[27] = 0
    r = (uint(k[13]) | uint(k[14]) << 8) & 0x1FFF
    st[8] = r
    st[18] = r * 5
    st[28] = 0
    r = ((uint(k[14]) | (uint(k[15]) & 15) << 8) >> 5)
    st[9] = r
    st[19] = r * 5
    st[29] = 0
    i = 0
    while i < 16:
        s[i] = k[16 + i]
        i += 1


@micropython.viper
def _blocks(st: ptr32, buf: ptr8, off: int, nblocks: int, hibit: int):
    r0 = uint(st[0])
    r1 = uint(st[1])
    r2 = uint(st[2])
    r3 = uint(st[3])
    r4 = uint(st[4])
    r5 = uint(st[5])
    r6 = uint(st[6])
    r7 = uint(st[7])
    r8 = uint(st[8])
    r9 = uint(st[9])
    s1 = uint(st[11])
    s2 = uint(st[12])
    s3 = uint(st[13])
    s4 = uint(st[14])
    s5 = uint(st[15])
    s6 = uint(st[16])
    s7 = uint(st[17])
    s8 = uint(st[18])
    s9 = uint(st[19])
    h0 = uint(st[20])
    h1 = uint(st[21])
    h2 = uint(st[22])
    h3 = uint(st[23])
    h4 = uint(st[24])
    h5 = uint(st[25])
    h6 = uint(st[26])
    h7 = uint(st[27])
    h8 = uint(st[28])
    h9 = uint(st[29])
    hib = uint(hibit) << 11  # bit 128 is bit 11 of limb 9 (limb 9 holds bits 117..129)
    p = ptr8(uint(buf) + uint(off))
    n = nblocks
    while n > 0:
        # h += m (the block as 13-bit limbs, RFC 8439 §2.5.1 'add one bit beyond the number of octets')
        h0 = h0 + ((uint(p[0]) | uint(p[1]) << 8) & 0x1FFF)
        h1 = h1 + (((uint(p[1]) | uint(p[2]) << 8 | uint(p[3]) << 16) >> 5) & 0x1FFF)
        h2 = h2 + (((uint(p[3]) | uint(p[4]) << 8) >> 2) & 0x1FFF)
        h3 = h3 + (((uint(p[4]) | uint(p[5]) << 8 | uint(p[6]) << 16) >> 7) & 0x1FFF)
        h4 = h4 + (((uint(p[6]) | uint(p[7]) << 8 | uint(p[8]) << 16) >> 4) & 0x1FFF)
        h5 = h5 + (((uint(p[8]) | uint(p[9]) << 8) >> 1) & 0x1FFF)
        h6 = h6 + (((uint(p[9]) | uint(p[10]) << 8 | uint(p[11]) << 16) >> 6) & 0x1FFF)
        h7 = h7 + (((uint(p[11]) | uint(p[12]) << 8) >> 3) & 0x1FFF)
        h8 = h8 + ((uint(p[13]) | uint(p[14]) << 8) & 0x1FFF)
        h9 = h9 + ((((uint(p[14]) | uint(p[15]) << 8) >> 5) | hib))
        # carry: every limb below 2**13 (h0 below 2**13 + 10) before the products
        h1 = h1 + (h0 >> 13)
        h0 = h0 & 0x1FFF
        h2 = h2 + (h1 >> 13)
        h1 = h1 & 0x1FFF
        h3 = h3 + (h2 >> 13)
        h2 = h2 & 0x1FFF
        h4 = h4 + (h3 >> 13)
        h3 = h3 & 0x1FFF
        h5 = h5 + (h4 >> 13)
        h4 = h4 & 0x1FFF
        h6 = h6 + (h5 >> 13)
        h5 = h5 & 0x1FFF
        h7 = h7 + (h6 >> 13)
        h6 = h6 & 0x1FFF
        h8 = h8 + (h7 >> 13)
        h7 = h7 & 0x1FFF
        h9 = h9 + (h8 >> 13)
        h8 = h8 & 0x1FFF
        h0 = h0 + (h9 >> 13) * 5  # 2**130 = 5 (mod p)
        h9 = h9 & 0x1FFF
        # d = h * r mod p: d_i = sum_{j<=i} h_j r_{i-j} + sum_{j>i} h_j 5 r_{i+10-j}
        d0 = h0 * r0 + h1 * s9 + h2 * s8 + h3 * s7 + h4 * s6 + h5 * s5 + h6 * s4 + h7 * s3 + h8 * s2 + h9 * s1
        d1 = h0 * r1 + h1 * r0 + h2 * s9 + h3 * s8 + h4 * s7 + h5 * s6 + h6 * s5 + h7 * s4 + h8 * s3 + h9 * s2
        d2 = h0 * r2 + h1 * r1 + h2 * r0 + h3 * s9 + h4 * s8 + h5 * s7 + h6 * s6 + h7 * s5 + h8 * s4 + h9 * s3
        d3 = h0 * r3 + h1 * r2 + h2 * r1 + h3 * r0 + h4 * s9 + h5 * s8 + h6 * s7 + h7 * s6 + h8 * s5 + h9 * s4
        d4 = h0 * r4 + h1 * r3 + h2 * r2 + h3 * r1 + h4 * r0 + h5 * s9 + h6 * s8 + h7 * s7 + h8 * s6 + h9 * s5
        d5 = h0 * r5 + h1 * r4 + h2 * r3 + h3 * r2 + h4 * r1 + h5 * r0 + h6 * s9 + h7 * s8 + h8 * s7 + h9 * s6
        d6 = h0 * r6 + h1 * r5 + h2 * r4 + h3 * r3 + h4 * r2 + h5 * r1 + h6 * r0 + h7 * s9 + h8 * s8 + h9 * s7
        d7 = h0 * r7 + h1 * r6 + h2 * r5 + h3 * r4 + h4 * r3 + h5 * r2 + h6 * r1 + h7 * r0 + h8 * s9 + h9 * s8
        d8 = h0 * r8 + h1 * r7 + h2 * r6 + h3 * r5 + h4 * r4 + h5 * r3 + h6 * r2 + h7 * r1 + h8 * r0 + h9 * s9
        d9 = h0 * r9 + h1 * r8 + h2 * r7 + h3 * r6 + h4 * r5 + h5 * r4 + h6 * r3 + h7 * r2 + h8 * r1 + h9 * r0
        # carry d into h (13-bit limbs; the top carry times 5 into h0)
        d1 = d1 + (d0 >> 13)
        h0 = d0 & 0x1FFF
        d2 = d2 + (d1 >> 13)
        h1 = d1 & 0x1FFF
        d3 = d3 + (d2 >> 13)
        h2 = d2 & 0x1FFF
        d4 = d4 + (d3 >> 13)
        h3 = d3 & 0x1FFF
        d5 = d5 + (d4 >> 13)
        h4 = d4 & 0x1FFF
        d6 = d6 + (d5 >> 13)
        h5 = d5 & 0x1FFF
        d7 = d7 + (d6 >> 13)
        h6 = d6 & 0x1FFF
        d8 = d8 + (d7 >> 13)
        h7 = d7 & 0x1FFF
        d9 = d9 + (d8 >> 13)
        h8 = d8 & 0x1FFF
        h9 = d9 & 0x1FFF
        h0 = h0 + (d9 >> 13) * 5
        p = ptr8(uint(p) + 16)
        n -= 1
    st[20] = h0
    st[21] = h1
    st[22] = h2
    st[23] = h3
    st[24] = h4
    st[25] = h5
    st[26] = h6
    st[27] = h7
    st[28] = h8
    st[29] = h9


@micropython.viper
def _finish(st: ptr32, s: ptr8, out: ptr8):
    h0 = uint(st[20])
    h1 = uint(st[21])
    h2 = uint(st[22])
    h3 = uint(st[23])
    h4 = uint(st[24])
    h5 = uint(st[25])
    h6 = uint(st[26])
    h7 = uint(st[27])
    h8 = uint(st[28])
    h9 = uint(st[29])
    # two full carry passes: h = H (mod p) with 13-bit limbs (h0 may reach 2**13 + 4)
    h1 = h1 + (h0 >> 13)
    h0 = h0 & 0x1FFF
    h2 = h2 + (h1 >> 13)
    h1 = h1 & 0x1FFF
    h3 = h3 + (h2 >> 13)
    h2 = h2 & 0x1FFF
    h4 = h4 + (h3 >> 13)
    h3 = h3 & 0x1FFF
    h5 = h5 + (h4 >> 13)
    h4 = h4 & 0x1FFF
    h6 = h6 + (h5 >> 13)
    h5 = h5 & 0x1FFF
    h7 = h7 + (h6 >> 13)
    h6 = h6 & 0x1FFF
    h8 = h8 + (h7 >> 13)
    h7 = h7 & 0x1FFF
    h9 = h9 + (h8 >> 13)
    h8 = h8 & 0x1FFF
    h0 = h0 + (h9 >> 13) * 5  # 2**130 = 5 (mod p)
    h9 = h9 & 0x1FFF
    h1 = h1 + (h0 >> 13)
    h0 = h0 & 0x1FFF
    h2 = h2 + (h1 >> 13)
    h1 = h1 & 0x1FFF
    h3 = h3 + (h2 >> 13)
    h2 = h2 & 0x1FFF
    h4 = h4 + (h3 >> 13)
    h3 = h3 & 0x1FFF
    h5 = h5 + (h4 >> 13)
    h4 = h4 & 0x1FFF
    h6 = h6 + (h5 >> 13)
    h5 = h5 & 0x1FFF
    h7 = h7 + (h6 >> 13)
    h6 = h6 & 0x1FFF
    h8 = h8 + (h7 >> 13)
    h7 = h7 & 0x1FFF
    h9 = h9 + (h8 >> 13)
    h8 = h8 & 0x1FFF
    h0 = h0 + (h9 >> 13) * 5  # 2**130 = 5 (mod p)
    h9 = h9 & 0x1FFF
    h1 = h1 + (h0 >> 13)
    h0 = h0 & 0x1FFF
    # g = h + 5 - 2**130: used when h >= p (bit 130 of h + 5 set), §2.5.1 final reduction
    g0 = h0 + 5
    g1 = h1 + (g0 >> 13)
    g0 = g0 & 0x1FFF
    g2 = h2 + (g1 >> 13)
    g1 = g1 & 0x1FFF
    g3 = h3 + (g2 >> 13)
    g2 = g2 & 0x1FFF
    g4 = h4 + (g3 >> 13)
    g3 = g3 & 0x1FFF
    g5 = h5 + (g4 >> 13)
    g4 = g4 & 0x1FFF
    g6 = h6 + (g5 >> 13)
    g5 = g5 & 0x1FFF
    g7 = h7 + (g6 >> 13)
    g6 = g6 & 0x1FFF
    g8 = h8 + (g7 >> 13)
    g7 = g7 & 0x1FFF
    g9 = h9 + (g8 >> 13)
    g8 = g8 & 0x1FFF
    w = (uint(0) - (g9 >> 13)) & 0x1FFF  # 0x1FFF when h >= p, else 0
    g9 = g9 & 0x1FFF
    v = w ^ 0x1FFF
    h0 = (h0 & v) | (g0 & w)
    h1 = (h1 & v) | (g1 & w)
    h2 = (h2 & v) | (g2 & w)
    h3 = (h3 & v) | (g3 & w)
    h4 = (h4 & v) | (g4 & w)
    h5 = (h5 & v) | (g5 & w)
    h6 = (h6 & v) | (g6 & w)
    h7 = (h7 & v) | (g7 & w)
    h8 = (h8 & v) | (g8 & w)
    h9 = (h9 & v) | (g9 & w)
    # tag = (h + s) mod 2**128, 16 bits at a time; limbs are added (not ORed) into
    # the accumulator, so a limb of exactly 2**13 (h1 after the carry above) is exact
    c = uint(0)
    a = h0
    a = a + (h1 << 13)
    c = (a & 0xFFFF) + (uint(s[0]) | uint(s[1]) << 8) + c
    out[0] = c
    out[1] = c >> 8
    c = c >> 16
    a = a >> 16
    a = a + (h2 << 10)
    c = (a & 0xFFFF) + (uint(s[2]) | uint(s[3]) << 8) + c
    out[2] = c
    out[3] = c >> 8
    c = c >> 16
    a = a >> 16
    a = a + (h3 << 7)
    c = (a & 0xFFFF) + (uint(s[4]) | uint(s[5]) << 8) + c
    out[4] = c
    out[5] = c >> 8
    c = c >> 16
    a = a >> 16
    a = a + (h4 << 4)
    c = (a & 0xFFFF) + (uint(s[6]) | uint(s[7]) << 8) + c
    out[6] = c
    out[7] = c >> 8
    c = c >> 16
    a = a >> 16
    a = a + (h5 << 1)
    a = a + (h6 << 14)
    c = (a & 0xFFFF) + (uint(s[8]) | uint(s[9]) << 8) + c
    out[8] = c
    out[9] = c >> 8
    c = c >> 16
    a = a >> 16
    a = a + (h7 << 11)
    c = (a & 0xFFFF) + (uint(s[10]) | uint(s[11]) << 8) + c
    out[10] = c
    out[11] = c >> 8
    c = c >> 16
    a = a >> 16
    a = a + (h8 << 8)
    c = (a & 0xFFFF) + (uint(s[12]) | uint(s[13]) << 8) + c
    out[12] = c
    out[13] = c >> 8
    c = c >> 16
    a = a >> 16
    a = a + (h9 << 5)
    c = (a & 0xFFFF) + (uint(s[14]) | uint(s[15]) << 8) + c
    out[14] = c
    out[15] = c >> 8
    c = c >> 16


class _Ctx:
    def __init__(self):
        self._st = array("I", bytes(120))
        self._s = bytearray(16)

    def init(self, key):
        _setr(self._st, key, self._s)

    def blocks(self, buf, off, nblocks, hibit):
        _blocks(self._st, buf, off, nblocks, hibit)

    def finish(self, out):
        _finish(self._st, self._s, out)


def new():
    return _Ctx()
