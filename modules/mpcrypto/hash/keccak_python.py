"""Keccak-f[1600] and the sponge's byte I/O in portable Python (FIPS 202 §3, §4).

Same surface and state layout as ``keccak_viper`` (see there): ``absorb(st, data, n)``,
``pad(st, suffix)``, ``squeeze(st, out, n)``, ``f1600(st)`` on an ``array('I')`` of 102 words
(25 lanes as 32-bit halves, scratch, position, rate; the scratch words are not used here).
Nothing validates; the framing in ``_sponge`` does.

No viper or native decorators: this module serves bytecode-only ports (RX65N) and compiles
with plain ``mpy-cross``. Every value is a small int on every port: each call reads the
state's 200 bytes once (``bytes(st)``, the words' memory in the machine's byte order) into
100 16-bit quarters, lane x + 5y's quarter j (bits 16j..16j+15) at index 4(x + 5y) + j, and
writes them back through a 200-byte buffer (``array('I', buf)`` takes its items from the raw
bytes). MicroPython's small ints are 31-bit on 32-bit ports, so a 32- or 64-bit lane as a
Python int would be a heap object, and every operation on it would allocate; quarters never
pass 2**16, and a shift left is masked first ((q & (2**(16-s) - 1)) << s), so no
intermediate passes 2**16 either.

One round (§3.3) is unrolled (as in ``keccak_viper``): theta's column parities C and
D[x] = C[x-1] ^ ROT(C[x+1], 1) as 20 quarters each; then for each output row y the five lanes
B[X] = ROT(A[(X + 3y) % 5, X] ^ D, r) (rho and pi) as 20 quarters, and chi on the row into
the other list of a ping-pong, iota on E[0, 0]. A 64-bit rotation by r = 16q + s moves
quarter j - q to j and shifts by s with the bits of quarter j - q - 1 (indices mod 4). The
round constants (§3.2.5, Algorithm 5) are computed at import from the spec's LFSR and the
rho offsets (FIPS 202 Table 2, §3.2.2) are written into the code.

Constant time: no branch or index depends on the data, and small-int arithmetic allocates
nothing; the interpreter's timing is not promised constant time. Allocation per call (not
per block): the state's bytes in and out and the ping-pong list.
"""

import sys
from array import array

# The state's bytes in the machine's order: state byte p (lane p // 8, little-endian) is
# memory byte p on a little-endian machine, p ^ 3 on a big-endian one (32-bit words).
_X = 0 if sys.byteorder == "little" else 3


def _round_constants():
    # FIPS 202 §3.2.5: rc(t) from an LFSR over GF(2)[x]/(x^8 + x^6 + x^5 + x^4 + 1); bit
    # 2^j - 1 of RC[i] is rc(j + 7i) for j = 0..6. Four 16-bit quarters per round.
    bits = []
    r = 1
    for _ in range(7 * 24):
        bits.append(r & 1)
        r <<= 1
        if r & 0x100:
            r ^= 0x171
    out = [0] * 96
    for i in range(24):
        for j in range(7):
            b = (1 << j) - 1
            out[4 * i + (b >> 4)] |= bits[7 * i + j] << (b & 15)
    return tuple(out)


_RC = _round_constants()


def _permute(a):
    # Keccak-f[1600] in place on ``a``, a list of 100 quarters. Each round reads ``a`` and
    # writes ``e``; the names swap, and after 24 rounds the state is back in the caller's list.
    e = [0] * 100
    k = _RC
    for i in range(0, 96, 4):
        # theta (§3.2.1): C[x] quarter j = column parity, c<x><j>
        c00 = a[0] ^ a[20] ^ a[40] ^ a[60] ^ a[80]
        c01 = a[1] ^ a[21] ^ a[41] ^ a[61] ^ a[81]
        c02 = a[2] ^ a[22] ^ a[42] ^ a[62] ^ a[82]
        c03 = a[3] ^ a[23] ^ a[43] ^ a[63] ^ a[83]
        c10 = a[4] ^ a[24] ^ a[44] ^ a[64] ^ a[84]
        c11 = a[5] ^ a[25] ^ a[45] ^ a[65] ^ a[85]
        c12 = a[6] ^ a[26] ^ a[46] ^ a[66] ^ a[86]
        c13 = a[7] ^ a[27] ^ a[47] ^ a[67] ^ a[87]
        c20 = a[8] ^ a[28] ^ a[48] ^ a[68] ^ a[88]
        c21 = a[9] ^ a[29] ^ a[49] ^ a[69] ^ a[89]
        c22 = a[10] ^ a[30] ^ a[50] ^ a[70] ^ a[90]
        c23 = a[11] ^ a[31] ^ a[51] ^ a[71] ^ a[91]
        c30 = a[12] ^ a[32] ^ a[52] ^ a[72] ^ a[92]
        c31 = a[13] ^ a[33] ^ a[53] ^ a[73] ^ a[93]
        c32 = a[14] ^ a[34] ^ a[54] ^ a[74] ^ a[94]
        c33 = a[15] ^ a[35] ^ a[55] ^ a[75] ^ a[95]
        c40 = a[16] ^ a[36] ^ a[56] ^ a[76] ^ a[96]
        c41 = a[17] ^ a[37] ^ a[57] ^ a[77] ^ a[97]
        c42 = a[18] ^ a[38] ^ a[58] ^ a[78] ^ a[98]
        c43 = a[19] ^ a[39] ^ a[59] ^ a[79] ^ a[99]
        # D[x] = C[x-1] ^ ROT(C[x+1], 1), quarter by quarter: d<x><j>
        d00 = c40 ^ (c10 & 0x7FFF) << 1 ^ c13 >> 15
        d01 = c41 ^ (c11 & 0x7FFF) << 1 ^ c10 >> 15
        d02 = c42 ^ (c12 & 0x7FFF) << 1 ^ c11 >> 15
        d03 = c43 ^ (c13 & 0x7FFF) << 1 ^ c12 >> 15
        d10 = c00 ^ (c20 & 0x7FFF) << 1 ^ c23 >> 15
        d11 = c01 ^ (c21 & 0x7FFF) << 1 ^ c20 >> 15
        d12 = c02 ^ (c22 & 0x7FFF) << 1 ^ c21 >> 15
        d13 = c03 ^ (c23 & 0x7FFF) << 1 ^ c22 >> 15
        d20 = c10 ^ (c30 & 0x7FFF) << 1 ^ c33 >> 15
        d21 = c11 ^ (c31 & 0x7FFF) << 1 ^ c30 >> 15
        d22 = c12 ^ (c32 & 0x7FFF) << 1 ^ c31 >> 15
        d23 = c13 ^ (c33 & 0x7FFF) << 1 ^ c32 >> 15
        d30 = c20 ^ (c40 & 0x7FFF) << 1 ^ c43 >> 15
        d31 = c21 ^ (c41 & 0x7FFF) << 1 ^ c40 >> 15
        d32 = c22 ^ (c42 & 0x7FFF) << 1 ^ c41 >> 15
        d33 = c23 ^ (c43 & 0x7FFF) << 1 ^ c42 >> 15
        d40 = c30 ^ (c00 & 0x7FFF) << 1 ^ c03 >> 15
        d41 = c31 ^ (c01 & 0x7FFF) << 1 ^ c00 >> 15
        d42 = c32 ^ (c02 & 0x7FFF) << 1 ^ c01 >> 15
        d43 = c33 ^ (c03 & 0x7FFF) << 1 ^ c02 >> 15
        # row y=0: B[X] = ROT(A[(X+3y)%5, X] ^ D, r) (rho, pi), then chi into e, iota
        b00 = a[0] ^ d00  # A[0,0], r = 0
        b01 = a[1] ^ d01
        b02 = a[2] ^ d02
        b03 = a[3] ^ d03
        b10 = ((a[26] ^ d12) & 0xF) << 12 | (a[25] ^ d11) >> 4  # A[1,1], r = 44
        b11 = ((a[27] ^ d13) & 0xF) << 12 | (a[26] ^ d12) >> 4
        b12 = ((a[24] ^ d10) & 0xF) << 12 | (a[27] ^ d13) >> 4
        b13 = ((a[25] ^ d11) & 0xF) << 12 | (a[24] ^ d10) >> 4
        b20 = ((a[50] ^ d22) & 0x1F) << 11 | (a[49] ^ d21) >> 5  # A[2,2], r = 43
        b21 = ((a[51] ^ d23) & 0x1F) << 11 | (a[50] ^ d22) >> 5
        b22 = ((a[48] ^ d20) & 0x1F) << 11 | (a[51] ^ d23) >> 5
        b23 = ((a[49] ^ d21) & 0x1F) << 11 | (a[48] ^ d20) >> 5
        b30 = ((a[75] ^ d33) & 0x7FF) << 5 | (a[74] ^ d32) >> 11  # A[3,3], r = 21
        b31 = ((a[72] ^ d30) & 0x7FF) << 5 | (a[75] ^ d33) >> 11
        b32 = ((a[73] ^ d31) & 0x7FF) << 5 | (a[72] ^ d30) >> 11
        b33 = ((a[74] ^ d32) & 0x7FF) << 5 | (a[73] ^ d31) >> 11
        b40 = ((a[96] ^ d40) & 0x3) << 14 | (a[99] ^ d43) >> 2  # A[4,4], r = 14
        b41 = ((a[97] ^ d41) & 0x3) << 14 | (a[96] ^ d40) >> 2
        b42 = ((a[98] ^ d42) & 0x3) << 14 | (a[97] ^ d41) >> 2
        b43 = ((a[99] ^ d43) & 0x3) << 14 | (a[98] ^ d42) >> 2
        e[0] = b00 ^ ~b10 & b20 ^ k[i + 0]
        e[1] = b01 ^ ~b11 & b21 ^ k[i + 1]
        e[2] = b02 ^ ~b12 & b22 ^ k[i + 2]
        e[3] = b03 ^ ~b13 & b23 ^ k[i + 3]
        e[4] = b10 ^ ~b20 & b30
        e[5] = b11 ^ ~b21 & b31
        e[6] = b12 ^ ~b22 & b32
        e[7] = b13 ^ ~b23 & b33
        e[8] = b20 ^ ~b30 & b40
        e[9] = b21 ^ ~b31 & b41
        e[10] = b22 ^ ~b32 & b42
        e[11] = b23 ^ ~b33 & b43
        e[12] = b30 ^ ~b40 & b00
        e[13] = b31 ^ ~b41 & b01
        e[14] = b32 ^ ~b42 & b02
        e[15] = b33 ^ ~b43 & b03
        e[16] = b40 ^ ~b00 & b10
        e[17] = b41 ^ ~b01 & b11
        e[18] = b42 ^ ~b02 & b12
        e[19] = b43 ^ ~b03 & b13
        # row y=1: B[X] = ROT(A[(X+3y)%5, X] ^ D, r) (rho, pi), then chi into e
        b00 = ((a[15] ^ d33) & 0xF) << 12 | (a[14] ^ d32) >> 4  # A[3,0], r = 28
        b01 = ((a[12] ^ d30) & 0xF) << 12 | (a[15] ^ d33) >> 4
        b02 = ((a[13] ^ d31) & 0xF) << 12 | (a[12] ^ d30) >> 4
        b03 = ((a[14] ^ d32) & 0xF) << 12 | (a[13] ^ d31) >> 4
        b10 = ((a[39] ^ d43) & 0xFFF) << 4 | (a[38] ^ d42) >> 12  # A[4,1], r = 20
        b11 = ((a[36] ^ d40) & 0xFFF) << 4 | (a[39] ^ d43) >> 12
        b12 = ((a[37] ^ d41) & 0xFFF) << 4 | (a[36] ^ d40) >> 12
        b13 = ((a[38] ^ d42) & 0xFFF) << 4 | (a[37] ^ d41) >> 12
        b20 = ((a[40] ^ d00) & 0x1FFF) << 3 | (a[43] ^ d03) >> 13  # A[0,2], r = 3
        b21 = ((a[41] ^ d01) & 0x1FFF) << 3 | (a[40] ^ d00) >> 13
        b22 = ((a[42] ^ d02) & 0x1FFF) << 3 | (a[41] ^ d01) >> 13
        b23 = ((a[43] ^ d03) & 0x1FFF) << 3 | (a[42] ^ d02) >> 13
        b30 = ((a[66] ^ d12) & 0x7) << 13 | (a[65] ^ d11) >> 3  # A[1,3], r = 45
        b31 = ((a[67] ^ d13) & 0x7) << 13 | (a[66] ^ d12) >> 3
        b32 = ((a[64] ^ d10) & 0x7) << 13 | (a[67] ^ d13) >> 3
        b33 = ((a[65] ^ d11) & 0x7) << 13 | (a[64] ^ d10) >> 3
        b40 = ((a[89] ^ d21) & 0x7) << 13 | (a[88] ^ d20) >> 3  # A[2,4], r = 61
        b41 = ((a[90] ^ d22) & 0x7) << 13 | (a[89] ^ d21) >> 3
        b42 = ((a[91] ^ d23) & 0x7) << 13 | (a[90] ^ d22) >> 3
        b43 = ((a[88] ^ d20) & 0x7) << 13 | (a[91] ^ d23) >> 3
        e[20] = b00 ^ ~b10 & b20
        e[21] = b01 ^ ~b11 & b21
        e[22] = b02 ^ ~b12 & b22
        e[23] = b03 ^ ~b13 & b23
        e[24] = b10 ^ ~b20 & b30
        e[25] = b11 ^ ~b21 & b31
        e[26] = b12 ^ ~b22 & b32
        e[27] = b13 ^ ~b23 & b33
        e[28] = b20 ^ ~b30 & b40
        e[29] = b21 ^ ~b31 & b41
        e[30] = b22 ^ ~b32 & b42
        e[31] = b23 ^ ~b33 & b43
        e[32] = b30 ^ ~b40 & b00
        e[33] = b31 ^ ~b41 & b01
        e[34] = b32 ^ ~b42 & b02
        e[35] = b33 ^ ~b43 & b03
        e[36] = b40 ^ ~b00 & b10
        e[37] = b41 ^ ~b01 & b11
        e[38] = b42 ^ ~b02 & b12
        e[39] = b43 ^ ~b03 & b13
        # row y=2: B[X] = ROT(A[(X+3y)%5, X] ^ D, r) (rho, pi), then chi into e
        b00 = ((a[4] ^ d10) & 0x7FFF) << 1 | (a[7] ^ d13) >> 15  # A[1,0], r = 1
        b01 = ((a[5] ^ d11) & 0x7FFF) << 1 | (a[4] ^ d10) >> 15
        b02 = ((a[6] ^ d12) & 0x7FFF) << 1 | (a[5] ^ d11) >> 15
        b03 = ((a[7] ^ d13) & 0x7FFF) << 1 | (a[6] ^ d12) >> 15
        b10 = ((a[28] ^ d20) & 0x3FF) << 6 | (a[31] ^ d23) >> 10  # A[2,1], r = 6
        b11 = ((a[29] ^ d21) & 0x3FF) << 6 | (a[28] ^ d20) >> 10
        b12 = ((a[30] ^ d22) & 0x3FF) << 6 | (a[29] ^ d21) >> 10
        b13 = ((a[31] ^ d23) & 0x3FF) << 6 | (a[30] ^ d22) >> 10
        b20 = ((a[55] ^ d33) & 0x7F) << 9 | (a[54] ^ d32) >> 7  # A[3,2], r = 25
        b21 = ((a[52] ^ d30) & 0x7F) << 9 | (a[55] ^ d33) >> 7
        b22 = ((a[53] ^ d31) & 0x7F) << 9 | (a[52] ^ d30) >> 7
        b23 = ((a[54] ^ d32) & 0x7F) << 9 | (a[53] ^ d31) >> 7
        b30 = ((a[76] ^ d40) & 0xFF) << 8 | (a[79] ^ d43) >> 8  # A[4,3], r = 8
        b31 = ((a[77] ^ d41) & 0xFF) << 8 | (a[76] ^ d40) >> 8
        b32 = ((a[78] ^ d42) & 0xFF) << 8 | (a[77] ^ d41) >> 8
        b33 = ((a[79] ^ d43) & 0xFF) << 8 | (a[78] ^ d42) >> 8
        b40 = ((a[83] ^ d03) & 0x3FFF) << 2 | (a[82] ^ d02) >> 14  # A[0,4], r = 18
        b41 = ((a[80] ^ d00) & 0x3FFF) << 2 | (a[83] ^ d03) >> 14
        b42 = ((a[81] ^ d01) & 0x3FFF) << 2 | (a[80] ^ d00) >> 14
        b43 = ((a[82] ^ d02) & 0x3FFF) << 2 | (a[81] ^ d01) >> 14
        e[40] = b00 ^ ~b10 & b20
        e[41] = b01 ^ ~b11 & b21
        e[42] = b02 ^ ~b12 & b22
        e[43] = b03 ^ ~b13 & b23
        e[44] = b10 ^ ~b20 & b30
        e[45] = b11 ^ ~b21 & b31
        e[46] = b12 ^ ~b22 & b32
        e[47] = b13 ^ ~b23 & b33
        e[48] = b20 ^ ~b30 & b40
        e[49] = b21 ^ ~b31 & b41
        e[50] = b22 ^ ~b32 & b42
        e[51] = b23 ^ ~b33 & b43
        e[52] = b30 ^ ~b40 & b00
        e[53] = b31 ^ ~b41 & b01
        e[54] = b32 ^ ~b42 & b02
        e[55] = b33 ^ ~b43 & b03
        e[56] = b40 ^ ~b00 & b10
        e[57] = b41 ^ ~b01 & b11
        e[58] = b42 ^ ~b02 & b12
        e[59] = b43 ^ ~b03 & b13
        # row y=3: B[X] = ROT(A[(X+3y)%5, X] ^ D, r) (rho, pi), then chi into e
        b00 = ((a[19] ^ d43) & 0x1F) << 11 | (a[18] ^ d42) >> 5  # A[4,0], r = 27
        b01 = ((a[16] ^ d40) & 0x1F) << 11 | (a[19] ^ d43) >> 5
        b02 = ((a[17] ^ d41) & 0x1F) << 11 | (a[16] ^ d40) >> 5
        b03 = ((a[18] ^ d42) & 0x1F) << 11 | (a[17] ^ d41) >> 5
        b10 = ((a[22] ^ d02) & 0xFFF) << 4 | (a[21] ^ d01) >> 12  # A[0,1], r = 36
        b11 = ((a[23] ^ d03) & 0xFFF) << 4 | (a[22] ^ d02) >> 12
        b12 = ((a[20] ^ d00) & 0xFFF) << 4 | (a[23] ^ d03) >> 12
        b13 = ((a[21] ^ d01) & 0xFFF) << 4 | (a[20] ^ d00) >> 12
        b20 = ((a[44] ^ d10) & 0x3F) << 10 | (a[47] ^ d13) >> 6  # A[1,2], r = 10
        b21 = ((a[45] ^ d11) & 0x3F) << 10 | (a[44] ^ d10) >> 6
        b22 = ((a[46] ^ d12) & 0x3F) << 10 | (a[45] ^ d11) >> 6
        b23 = ((a[47] ^ d13) & 0x3F) << 10 | (a[46] ^ d12) >> 6
        b30 = ((a[68] ^ d20) & 0x1) << 15 | (a[71] ^ d23) >> 1  # A[2,3], r = 15
        b31 = ((a[69] ^ d21) & 0x1) << 15 | (a[68] ^ d20) >> 1
        b32 = ((a[70] ^ d22) & 0x1) << 15 | (a[69] ^ d21) >> 1
        b33 = ((a[71] ^ d23) & 0x1) << 15 | (a[70] ^ d22) >> 1
        b40 = ((a[93] ^ d31) & 0xFF) << 8 | (a[92] ^ d30) >> 8  # A[3,4], r = 56
        b41 = ((a[94] ^ d32) & 0xFF) << 8 | (a[93] ^ d31) >> 8
        b42 = ((a[95] ^ d33) & 0xFF) << 8 | (a[94] ^ d32) >> 8
        b43 = ((a[92] ^ d30) & 0xFF) << 8 | (a[95] ^ d33) >> 8
        e[60] = b00 ^ ~b10 & b20
        e[61] = b01 ^ ~b11 & b21
        e[62] = b02 ^ ~b12 & b22
        e[63] = b03 ^ ~b13 & b23
        e[64] = b10 ^ ~b20 & b30
        e[65] = b11 ^ ~b21 & b31
        e[66] = b12 ^ ~b22 & b32
        e[67] = b13 ^ ~b23 & b33
        e[68] = b20 ^ ~b30 & b40
        e[69] = b21 ^ ~b31 & b41
        e[70] = b22 ^ ~b32 & b42
        e[71] = b23 ^ ~b33 & b43
        e[72] = b30 ^ ~b40 & b00
        e[73] = b31 ^ ~b41 & b01
        e[74] = b32 ^ ~b42 & b02
        e[75] = b33 ^ ~b43 & b03
        e[76] = b40 ^ ~b00 & b10
        e[77] = b41 ^ ~b01 & b11
        e[78] = b42 ^ ~b02 & b12
        e[79] = b43 ^ ~b03 & b13
        # row y=4: B[X] = ROT(A[(X+3y)%5, X] ^ D, r) (rho, pi), then chi into e
        b00 = ((a[9] ^ d21) & 0x3) << 14 | (a[8] ^ d20) >> 2  # A[2,0], r = 62
        b01 = ((a[10] ^ d22) & 0x3) << 14 | (a[9] ^ d21) >> 2
        b02 = ((a[11] ^ d23) & 0x3) << 14 | (a[10] ^ d22) >> 2
        b03 = ((a[8] ^ d20) & 0x3) << 14 | (a[11] ^ d23) >> 2
        b10 = ((a[33] ^ d31) & 0x1FF) << 7 | (a[32] ^ d30) >> 9  # A[3,1], r = 55
        b11 = ((a[34] ^ d32) & 0x1FF) << 7 | (a[33] ^ d31) >> 9
        b12 = ((a[35] ^ d33) & 0x1FF) << 7 | (a[34] ^ d32) >> 9
        b13 = ((a[32] ^ d30) & 0x1FF) << 7 | (a[35] ^ d33) >> 9
        b20 = ((a[58] ^ d42) & 0x1FF) << 7 | (a[57] ^ d41) >> 9  # A[4,2], r = 39
        b21 = ((a[59] ^ d43) & 0x1FF) << 7 | (a[58] ^ d42) >> 9
        b22 = ((a[56] ^ d40) & 0x1FF) << 7 | (a[59] ^ d43) >> 9
        b23 = ((a[57] ^ d41) & 0x1FF) << 7 | (a[56] ^ d40) >> 9
        b30 = ((a[62] ^ d02) & 0x7F) << 9 | (a[61] ^ d01) >> 7  # A[0,3], r = 41
        b31 = ((a[63] ^ d03) & 0x7F) << 9 | (a[62] ^ d02) >> 7
        b32 = ((a[60] ^ d00) & 0x7F) << 9 | (a[63] ^ d03) >> 7
        b33 = ((a[61] ^ d01) & 0x7F) << 9 | (a[60] ^ d00) >> 7
        b40 = ((a[84] ^ d10) & 0x3FFF) << 2 | (a[87] ^ d13) >> 14  # A[1,4], r = 2
        b41 = ((a[85] ^ d11) & 0x3FFF) << 2 | (a[84] ^ d10) >> 14
        b42 = ((a[86] ^ d12) & 0x3FFF) << 2 | (a[85] ^ d11) >> 14
        b43 = ((a[87] ^ d13) & 0x3FFF) << 2 | (a[86] ^ d12) >> 14
        e[80] = b00 ^ ~b10 & b20
        e[81] = b01 ^ ~b11 & b21
        e[82] = b02 ^ ~b12 & b22
        e[83] = b03 ^ ~b13 & b23
        e[84] = b10 ^ ~b20 & b30
        e[85] = b11 ^ ~b21 & b31
        e[86] = b12 ^ ~b22 & b32
        e[87] = b13 ^ ~b23 & b33
        e[88] = b20 ^ ~b30 & b40
        e[89] = b21 ^ ~b31 & b41
        e[90] = b22 ^ ~b32 & b42
        e[91] = b23 ^ ~b33 & b43
        e[92] = b30 ^ ~b40 & b00
        e[93] = b31 ^ ~b41 & b01
        e[94] = b32 ^ ~b42 & b02
        e[95] = b33 ^ ~b43 & b03
        e[96] = b40 ^ ~b00 & b10
        e[97] = b41 ^ ~b01 & b11
        e[98] = b42 ^ ~b02 & b12
        e[99] = b43 ^ ~b03 & b13
        a, e = e, a


def _load(st):
    b = bytes(st)
    X = _X
    return [b[(2 * i) ^ X] | b[(2 * i + 1) ^ X] << 8 for i in range(100)]


def _store(st, q):
    out = bytearray(200)
    X = _X
    for i in range(100):
        v = q[i]
        out[(2 * i) ^ X] = v & 0xFF
        out[(2 * i + 1) ^ X] = v >> 8
    st[0:50] = array("I", out)


def f1600(st):
    q = _load(st)
    _permute(q)
    _store(st, q)


def absorb(st, data, n):
    # FIPS 202 §4 (Algorithm 8 step 6): XOR the bytes into the state from the position on,
    # f each time a block of ``rate`` bytes is full.
    if not n:
        return
    pos = st[100]
    rate = st[101]
    q = _load(st)
    for i in range(n):
        q[pos >> 1] ^= data[i] << ((pos & 1) << 3)
        pos += 1
        if pos == rate:
            _permute(q)
            pos = 0
    _store(st, q)
    st[100] = pos


def pad(st, suffix):
    # Domain suffix and pad10*1 (FIPS 202 §5.1, §6, §B.2; see keccak_viper.pad), then f.
    pos = st[100]
    p = st[101] - 1
    q = _load(st)
    q[pos >> 1] ^= suffix << ((pos & 1) << 3)
    q[p >> 1] ^= 0x80 << ((p & 1) << 3)
    _permute(q)
    _store(st, q)
    st[100] = 0


def squeeze(st, out, n):
    # out[0:n] = the next n output bytes (FIPS 202 §4, Algorithm 8 steps 8-10).
    pos = st[100]
    rate = st[101]
    q = _load(st)
    moved = False
    for i in range(n):
        if pos == rate:
            _permute(q)
            moved = True
            pos = 0
        out[i] = q[pos >> 1] >> ((pos & 1) << 3) & 0xFF
        pos += 1
    if moved:
        _store(st, q)
    st[100] = pos
