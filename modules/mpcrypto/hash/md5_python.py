"""MD5 compression in portable Python: RFC 1321 §3.4, many 64-byte blocks per call.

Same surface as ``md5_viper`` (see there): ``compress(st, buf, off, nblocks)`` with ``st``
an ``array('I')`` whose words 0..3 are A, B, C, D. Nothing validates; the public class in
``md5`` does.

No viper or native decorators: this module serves bytecode-only ports and compiles with
plain ``mpy-cross``. No branch or table index depends on the data (the step order and the
message-word order are fixed); the interpreter's big-int arithmetic is not promised
constant time. Allocation: one tuple per block from ``struct.unpack_from``; words of 2**30
or more are heap ints on 32-bit ports, so the steps allocate there (the 64-bit unix port
keeps them as small ints).
"""

from struct import unpack_from

# RFC 1321 §3.4: T[i] = floor(4294967296 * abs(sin(i))), i = 1..64.
_T = (
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
)
# Per step: the message word index k and the rotation s (§3.4, rounds 1-4).
_K = tuple([i for i in range(16)] + [(1 + 5 * i) % 16 for i in range(16)]
           + [(5 + 3 * i) % 16 for i in range(16)] + [(7 * i) % 16 for i in range(16)])
_S = (7, 12, 17, 22) * 4 + (5, 9, 14, 20) * 4 + (4, 11, 16, 23) * 4 + (6, 10, 15, 21) * 4


def compress(st, buf, off, nblocks):
    T = _T
    K = _K
    S = _S
    M = 0xFFFFFFFF
    a, b, c, d = st[0], st[1], st[2], st[3]
    for _ in range(nblocks):
        x = unpack_from("<16I", buf, off)  # §3.4: words low byte first
        a0, b0, c0, d0 = a, b, c, d
        for i in range(64):
            r = i >> 4
            if r == 0:
                f = d ^ (b & (c ^ d))  # F = XY v not(X)Z
            elif r == 1:
                f = c ^ (d & (b ^ c))  # G = XZ v Y not(Z)
            elif r == 2:
                f = b ^ c ^ d  # H
            else:
                f = c ^ (b | (d ^ M))  # I = Y xor (X v not(Z))
            t = (a + f + x[K[i]] + T[i]) & M
            s = S[i]
            # a = b + (t <<< s); then the roles rotate: (a, b, c, d) <- (d, a, b, c).
            # (One name at a time: a 4-name tuple assignment would build a tuple per step.)
            t = (b + ((t << s | t >> (32 - s)) & M)) & M
            a = d
            d = c
            c = b
            b = t
        a = (a + a0) & M
        b = (b + b0) & M
        c = (c + c0) & M
        d = (d + d0) & M
        off += 64
    st[0], st[1], st[2], st[3] = a, b, c, d
