"""MD5 compression in viper: RFC 1321 §3.4, many 64-byte blocks per call.

Backend surface shared with ``md5_python`` (the public class in ``md5`` is the only caller;
nothing here validates):

    compress(st, buf, off, nblocks)

``st`` is an ``array('I')`` whose words 0..3 are the chaining value A, B, C, D (RFC 1321
§3.3). ``buf[off:off + 64 * nblocks]`` is hashed in place: no slice, no copy, no allocation.
Constant time: only data-independent word operations, no table index or branch depends on
the message or the state.

Portability (VIPER.md): words are ``uint``; ``m = 0xFFFFFFFF`` is built at run time and
every step masks twice (the sum before the rotation, whose right shift needs a 32-bit
value, and the new word). The 16 message words X[0..15] are assembled from bytes (low byte
first, §3.4 "each of the 16 words") into locals, so the kernel works on any alignment of
``buf``. not(Z) in I is ``Z ^ m`` (``~`` would set bits above 31 on the 64-bit port).

The 64 steps are unrolled; the variables are renamed instead of rotated, so each step is
``a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s)`` with (a, b, c, d) a rotation of the four.
"""

import micropython
from array import array

# RFC 1321 §3.4: T[i] = floor(4294967296 * abs(sin(i))), i = 1..64 (stored from index 0).
# (Literals >= 2**30 are heap ints on 32-bit ports: built once at import.)
_T = array("I", (
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
))


def probe():
    """True: this module imported, so the port has the viper emitter."""
    return True


@micropython.viper
def compress(st: ptr32, buf: ptr8, off: int, nblocks: int):
    m = uint(0xFFFFFFFF)
    k = ptr32(_T)
    p = uint(buf) + uint(off)  # address of the current block
    a = uint(st[0])
    b = uint(st[1])
    c = uint(st[2])
    d = uint(st[3])
    n = nblocks
    while n > 0:
        q = ptr8(p)
        x0 = uint(q[0]) | uint(q[1]) << 8 | uint(q[2]) << 16 | uint(q[3]) << 24
        x1 = uint(q[4]) | uint(q[5]) << 8 | uint(q[6]) << 16 | uint(q[7]) << 24
        x2 = uint(q[8]) | uint(q[9]) << 8 | uint(q[10]) << 16 | uint(q[11]) << 24
        x3 = uint(q[12]) | uint(q[13]) << 8 | uint(q[14]) << 16 | uint(q[15]) << 24
        x4 = uint(q[16]) | uint(q[17]) << 8 | uint(q[18]) << 16 | uint(q[19]) << 24
        x5 = uint(q[20]) | uint(q[21]) << 8 | uint(q[22]) << 16 | uint(q[23]) << 24
        x6 = uint(q[24]) | uint(q[25]) << 8 | uint(q[26]) << 16 | uint(q[27]) << 24
        x7 = uint(q[28]) | uint(q[29]) << 8 | uint(q[30]) << 16 | uint(q[31]) << 24
        x8 = uint(q[32]) | uint(q[33]) << 8 | uint(q[34]) << 16 | uint(q[35]) << 24
        x9 = uint(q[36]) | uint(q[37]) << 8 | uint(q[38]) << 16 | uint(q[39]) << 24
        x10 = uint(q[40]) | uint(q[41]) << 8 | uint(q[42]) << 16 | uint(q[43]) << 24
        x11 = uint(q[44]) | uint(q[45]) << 8 | uint(q[46]) << 16 | uint(q[47]) << 24
        x12 = uint(q[48]) | uint(q[49]) << 8 | uint(q[50]) << 16 | uint(q[51]) << 24
        x13 = uint(q[52]) | uint(q[53]) << 8 | uint(q[54]) << 16 | uint(q[55]) << 24
        x14 = uint(q[56]) | uint(q[57]) << 8 | uint(q[58]) << 16 | uint(q[59]) << 24
        x15 = uint(q[60]) | uint(q[61]) << 8 | uint(q[62]) << 16 | uint(q[63]) << 24
        a0 = a
        b0 = b
        c0 = c
        d0 = d
        # round 1 (RFC 1321 §3.4): F(X,Y,Z) = XY v not(X) Z, as Z ^ X & (Y ^ Z)
        t = a + (d ^ b & (c ^ d)) + x0 + uint(k[0]) & m
        a = (t << 7 | t >> 25) + b & m
        t = d + (c ^ a & (b ^ c)) + x1 + uint(k[1]) & m
        d = (t << 12 | t >> 20) + a & m
        t = c + (b ^ d & (a ^ b)) + x2 + uint(k[2]) & m
        c = (t << 17 | t >> 15) + d & m
        t = b + (a ^ c & (d ^ a)) + x3 + uint(k[3]) & m
        b = (t << 22 | t >> 10) + c & m
        t = a + (d ^ b & (c ^ d)) + x4 + uint(k[4]) & m
        a = (t << 7 | t >> 25) + b & m
        t = d + (c ^ a & (b ^ c)) + x5 + uint(k[5]) & m
        d = (t << 12 | t >> 20) + a & m
        t = c + (b ^ d & (a ^ b)) + x6 + uint(k[6]) & m
        c = (t << 17 | t >> 15) + d & m
        t = b + (a ^ c & (d ^ a)) + x7 + uint(k[7]) & m
        b = (t << 22 | t >> 10) + c & m
        t = a + (d ^ b & (c ^ d)) + x8 + uint(k[8]) & m
        a = (t << 7 | t >> 25) + b & m
        t = d + (c ^ a & (b ^ c)) + x9 + uint(k[9]) & m
        d = (t << 12 | t >> 20) + a & m
        t = c + (b ^ d & (a ^ b)) + x10 + uint(k[10]) & m
        c = (t << 17 | t >> 15) + d & m
        t = b + (a ^ c & (d ^ a)) + x11 + uint(k[11]) & m
        b = (t << 22 | t >> 10) + c & m
        t = a + (d ^ b & (c ^ d)) + x12 + uint(k[12]) & m
        a = (t << 7 | t >> 25) + b & m
        t = d + (c ^ a & (b ^ c)) + x13 + uint(k[13]) & m
        d = (t << 12 | t >> 20) + a & m
        t = c + (b ^ d & (a ^ b)) + x14 + uint(k[14]) & m
        c = (t << 17 | t >> 15) + d & m
        t = b + (a ^ c & (d ^ a)) + x15 + uint(k[15]) & m
        b = (t << 22 | t >> 10) + c & m
        # round 2 (RFC 1321 §3.4): G(X,Y,Z) = XZ v Y not(Z), as Y ^ Z & (X ^ Y)
        t = a + (c ^ d & (b ^ c)) + x1 + uint(k[16]) & m
        a = (t << 5 | t >> 27) + b & m
        t = d + (b ^ c & (a ^ b)) + x6 + uint(k[17]) & m
        d = (t << 9 | t >> 23) + a & m
        t = c + (a ^ b & (d ^ a)) + x11 + uint(k[18]) & m
        c = (t << 14 | t >> 18) + d & m
        t = b + (d ^ a & (c ^ d)) + x0 + uint(k[19]) & m
        b = (t << 20 | t >> 12) + c & m
        t = a + (c ^ d & (b ^ c)) + x5 + uint(k[20]) & m
        a = (t << 5 | t >> 27) + b & m
        t = d + (b ^ c & (a ^ b)) + x10 + uint(k[21]) & m
        d = (t << 9 | t >> 23) + a & m
        t = c + (a ^ b & (d ^ a)) + x15 + uint(k[22]) & m
        c = (t << 14 | t >> 18) + d & m
        t = b + (d ^ a & (c ^ d)) + x4 + uint(k[23]) & m
        b = (t << 20 | t >> 12) + c & m
        t = a + (c ^ d & (b ^ c)) + x9 + uint(k[24]) & m
        a = (t << 5 | t >> 27) + b & m
        t = d + (b ^ c & (a ^ b)) + x14 + uint(k[25]) & m
        d = (t << 9 | t >> 23) + a & m
        t = c + (a ^ b & (d ^ a)) + x3 + uint(k[26]) & m
        c = (t << 14 | t >> 18) + d & m
        t = b + (d ^ a & (c ^ d)) + x8 + uint(k[27]) & m
        b = (t << 20 | t >> 12) + c & m
        t = a + (c ^ d & (b ^ c)) + x13 + uint(k[28]) & m
        a = (t << 5 | t >> 27) + b & m
        t = d + (b ^ c & (a ^ b)) + x2 + uint(k[29]) & m
        d = (t << 9 | t >> 23) + a & m
        t = c + (a ^ b & (d ^ a)) + x7 + uint(k[30]) & m
        c = (t << 14 | t >> 18) + d & m
        t = b + (d ^ a & (c ^ d)) + x12 + uint(k[31]) & m
        b = (t << 20 | t >> 12) + c & m
        # round 3 (RFC 1321 §3.4): H(X,Y,Z) = X xor Y xor Z
        t = a + (b ^ c ^ d) + x5 + uint(k[32]) & m
        a = (t << 4 | t >> 28) + b & m
        t = d + (a ^ b ^ c) + x8 + uint(k[33]) & m
        d = (t << 11 | t >> 21) + a & m
        t = c + (d ^ a ^ b) + x11 + uint(k[34]) & m
        c = (t << 16 | t >> 16) + d & m
        t = b + (c ^ d ^ a) + x14 + uint(k[35]) & m
        b = (t << 23 | t >> 9) + c & m
        t = a + (b ^ c ^ d) + x1 + uint(k[36]) & m
        a = (t << 4 | t >> 28) + b & m
        t = d + (a ^ b ^ c) + x4 + uint(k[37]) & m
        d = (t << 11 | t >> 21) + a & m
        t = c + (d ^ a ^ b) + x7 + uint(k[38]) & m
        c = (t << 16 | t >> 16) + d & m
        t = b + (c ^ d ^ a) + x10 + uint(k[39]) & m
        b = (t << 23 | t >> 9) + c & m
        t = a + (b ^ c ^ d) + x13 + uint(k[40]) & m
        a = (t << 4 | t >> 28) + b & m
        t = d + (a ^ b ^ c) + x0 + uint(k[41]) & m
        d = (t << 11 | t >> 21) + a & m
        t = c + (d ^ a ^ b) + x3 + uint(k[42]) & m
        c = (t << 16 | t >> 16) + d & m
        t = b + (c ^ d ^ a) + x6 + uint(k[43]) & m
        b = (t << 23 | t >> 9) + c & m
        t = a + (b ^ c ^ d) + x9 + uint(k[44]) & m
        a = (t << 4 | t >> 28) + b & m
        t = d + (a ^ b ^ c) + x12 + uint(k[45]) & m
        d = (t << 11 | t >> 21) + a & m
        t = c + (d ^ a ^ b) + x15 + uint(k[46]) & m
        c = (t << 16 | t >> 16) + d & m
        t = b + (c ^ d ^ a) + x2 + uint(k[47]) & m
        b = (t << 23 | t >> 9) + c & m
        # round 4 (RFC 1321 §3.4): I(X,Y,Z) = Y xor (X v not(Z)); not(Z) as Z ^ m (32 bits)
        t = a + (c ^ (b | d ^ m)) + x0 + uint(k[48]) & m
        a = (t << 6 | t >> 26) + b & m
        t = d + (b ^ (a | c ^ m)) + x7 + uint(k[49]) & m
        d = (t << 10 | t >> 22) + a & m
        t = c + (a ^ (d | b ^ m)) + x14 + uint(k[50]) & m
        c = (t << 15 | t >> 17) + d & m
        t = b + (d ^ (c | a ^ m)) + x5 + uint(k[51]) & m
        b = (t << 21 | t >> 11) + c & m
        t = a + (c ^ (b | d ^ m)) + x12 + uint(k[52]) & m
        a = (t << 6 | t >> 26) + b & m
        t = d + (b ^ (a | c ^ m)) + x3 + uint(k[53]) & m
        d = (t << 10 | t >> 22) + a & m
        t = c + (a ^ (d | b ^ m)) + x10 + uint(k[54]) & m
        c = (t << 15 | t >> 17) + d & m
        t = b + (d ^ (c | a ^ m)) + x1 + uint(k[55]) & m
        b = (t << 21 | t >> 11) + c & m
        t = a + (c ^ (b | d ^ m)) + x8 + uint(k[56]) & m
        a = (t << 6 | t >> 26) + b & m
        t = d + (b ^ (a | c ^ m)) + x15 + uint(k[57]) & m
        d = (t << 10 | t >> 22) + a & m
        t = c + (a ^ (d | b ^ m)) + x6 + uint(k[58]) & m
        c = (t << 15 | t >> 17) + d & m
        t = b + (d ^ (c | a ^ m)) + x13 + uint(k[59]) & m
        b = (t << 21 | t >> 11) + c & m
        t = a + (c ^ (b | d ^ m)) + x4 + uint(k[60]) & m
        a = (t << 6 | t >> 26) + b & m
        t = d + (b ^ (a | c ^ m)) + x11 + uint(k[61]) & m
        d = (t << 10 | t >> 22) + a & m
        t = c + (a ^ (d | b ^ m)) + x2 + uint(k[62]) & m
        c = (t << 15 | t >> 17) + d & m
        t = b + (d ^ (c | a ^ m)) + x9 + uint(k[63]) & m
        b = (t << 21 | t >> 11) + c & m
        # §3.4: add the block's input chaining value.
        a = a + a0 & m
        b = b + b0 & m
        c = c + c0 & m
        d = d + d0 & m
        p += 64
        n -= 1
    st[0] = a
    st[1] = b
    st[2] = c
    st[3] = d
