"""SHA-256 compression in portable Python: FIPS 180-4 §6.2.2, many 64-byte blocks per call.

Same surface as ``sha256_viper`` (see there): ``compress(st, buf, off, nblocks)`` with ``st``
an ``array('I')`` whose words 0..7 are H0..H7 (words 8.. are the viper kernel's scratch and
are not used here). Nothing validates; the public classes in ``sha256`` do.

No viper or native decorators: this module serves bytecode-only ports (RX65N) and compiles
with plain ``mpy-cross``. Constant time in the sense that no branch or table index depends on
the data; the interpreter's big-int arithmetic is not promised constant time.

Allocation: one 64-entry list for the message schedule per call (reused for every block) and
one tuple per block from ``struct.unpack_from``. Words are Python ints: on 32-bit ports any
value of 2**30 or more is a heap object, so the rounds allocate on those ports (the 64-bit
unix port keeps them as small ints). Prefer the viper backend where the port has it.
"""

from struct import unpack_from

# FIPS 180-4 §4.2.2 (cube roots of the first 64 primes).
_K = (
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
)


def compress(st, buf, off, nblocks):
    K = _K
    M = 0xFFFFFFFF
    W = [0] * 64
    a, b, c, d, e, f, g, h = st[0], st[1], st[2], st[3], st[4], st[5], st[6], st[7]
    for _ in range(nblocks):
        # §6.2.2 step 1: the message schedule.
        blk = unpack_from(">16I", buf, off)
        for t in range(16):
            W[t] = blk[t]
        for t in range(16, 64):
            x = W[t - 2]
            y = W[t - 15]
            W[t] = (((x >> 17 | x << 15) ^ (x >> 19 | x << 13) ^ (x >> 10))    # σ1
                    + W[t - 7]
                    + ((y >> 7 | y << 25) ^ (y >> 18 | y << 14) ^ (y >> 3))   # σ0
                    + W[t - 16]) & M
        # §6.2.2 steps 2-3. Left shifts leave bits above 31; they are masked before any
        # value is shifted right again.
        a0, b0, c0, d0, e0, f0, g0, h0 = a, b, c, d, e, f, g, h
        for t in range(64):
            t1 = (h + ((e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7))   # Σ1
                  + (g ^ (e & (f ^ g)))                                                # Ch
                  + K[t] + W[t])
            t2 = (((a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10))     # Σ0
                  + ((a & b) | (c & (a | b))))                                         # Maj
            h = g
            g = f
            f = e
            e = (d + t1) & M
            d = c
            c = b
            b = a
            a = (t1 + t2) & M
        # §6.2.2 step 4.
        a = (a + a0) & M
        b = (b + b0) & M
        c = (c + c0) & M
        d = (d + d0) & M
        e = (e + e0) & M
        f = (f + f0) & M
        g = (g + g0) & M
        h = (h + h0) & M
        off += 64
    st[0], st[1], st[2], st[3], st[4], st[5], st[6], st[7] = a, b, c, d, e, f, g, h
