"""SHA-1 compression in portable Python: FIPS 180-4 §6.1.2, many 64-byte blocks per call.

Same surface as ``sha1_viper`` (see there): ``compress(st, buf, off, nblocks)`` with ``st``
an ``array('I')`` whose words 0..4 are H0..H4 (words 5.. are the viper kernel's scratch and
are not used here). Nothing validates; the public class in ``sha1`` does.

No viper or native decorators: this module serves bytecode-only ports. No branch or table
index depends on the data; the interpreter's big-int arithmetic is not promised constant
time. Allocation: one 80-entry list per call (reused for every block) and one tuple per
block from ``struct.unpack_from``; words of 2**30 or more are heap ints on 32-bit ports.
"""

from struct import unpack_from

# FIPS 180-4 §4.2.1.
_K = (0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6)


def compress(st, buf, off, nblocks):
    M = 0xFFFFFFFF
    W = [0] * 80
    a, b, c, d, e = st[0], st[1], st[2], st[3], st[4]
    for _ in range(nblocks):
        # §6.1.2 step 1: the message schedule.
        blk = unpack_from(">16I", buf, off)
        for t in range(16):
            W[t] = blk[t]
        for t in range(16, 80):
            x = W[t - 3] ^ W[t - 8] ^ W[t - 14] ^ W[t - 16]
            W[t] = (x << 1 | x >> 31) & M
        # §6.1.2 steps 2-3.
        a0, b0, c0, d0, e0 = a, b, c, d, e
        for t in range(80):
            r = t // 20
            if r == 0:
                f = d ^ (b & (c ^ d))  # Ch
            elif r == 2:
                f = (b & c) | (d & (b | c))  # Maj
            else:
                f = b ^ c ^ d  # Parity
            tmp = (((a << 5 | a >> 27) & M) + f + e + _K[r] + W[t]) & M
            e = d
            d = c
            c = (b << 30 | b >> 2) & M
            b = a
            a = tmp
        # §6.1.2 step 4.
        a = (a + a0) & M
        b = (b + b0) & M
        c = (c + c0) & M
        d = (d + d0) & M
        e = (e + e0) & M
        off += 64
    st[0], st[1], st[2], st[3], st[4] = a, b, c, d, e
