"""SHA-512 compression in portable Python: FIPS 180-4 §6.4.2, many 128-byte blocks per call.

Same surface as ``sha512_viper`` (see there): ``compress(st, buf, off, nblocks)`` with ``st``
an ``array('I')`` whose words 0..15 are H0..H7 as (high, low) 32-bit halves (words 16.. are
the viper kernel's scratch, unused here). Nothing validates; the classes in ``sha512`` do.

No viper or native decorators: serves bytecode-only ports and compiles with plain
``mpy-cross``. No branch or table index depends on the data; big-int arithmetic is not
promised constant time.

Allocation: words are Python ints of up to 64 bits, which are heap objects on every port
(above 2**62 on 64-bit ports, above 2**30 on 32-bit ports), so every round allocates. One
80-entry schedule list per call and one tuple per block. Use the viper backend where the
port has it.
"""

from struct import unpack_from

# FIPS 180-4 §4.2.3 (cube roots of the first 80 primes, 64 bits).
_K = (
    0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc,
    0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118,
    0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
    0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694,
    0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
    0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
    0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4,
    0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70,
    0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
    0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
    0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30,
    0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
    0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8,
    0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3,
    0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
    0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b,
    0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178,
    0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
    0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c,
    0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
)


def compress(st, buf, off, nblocks):
    K = _K
    M = 0xFFFFFFFFFFFFFFFF
    W = [0] * 80
    a = st[0] << 32 | st[1]
    b = st[2] << 32 | st[3]
    c = st[4] << 32 | st[5]
    d = st[6] << 32 | st[7]
    e = st[8] << 32 | st[9]
    f = st[10] << 32 | st[11]
    g = st[12] << 32 | st[13]
    h = st[14] << 32 | st[15]
    for _ in range(nblocks):
        # §6.4.2 step 1: the message schedule.
        blk = unpack_from(">16Q", buf, off)
        for t in range(16):
            W[t] = blk[t]
        for t in range(16, 80):
            x = W[t - 2]
            y = W[t - 15]
            W[t] = (((x >> 19 | x << 45) ^ (x >> 61 | x << 3) ^ (x >> 6))     # σ1
                    + W[t - 7]
                    + ((y >> 1 | y << 63) ^ (y >> 8 | y << 56) ^ (y >> 7))    # σ0
                    + W[t - 16]) & M
        # §6.4.2 steps 2-3; bits above 63 left by << are masked before the next >>.
        a0, b0, c0, d0, e0, f0, g0, h0 = a, b, c, d, e, f, g, h
        for t in range(80):
            t1 = (h + ((e >> 14 | e << 50) ^ (e >> 18 | e << 46) ^ (e >> 41 | e << 23))  # Σ1
                  + (g ^ (e & (f ^ g)))                                                 # Ch
                  + K[t] + W[t])
            t2 = (((a >> 28 | a << 36) ^ (a >> 34 | a << 30) ^ (a >> 39 | a << 25))     # Σ0
                  + ((a & b) | (c & (a | b))))                                          # Maj
            h = g
            g = f
            f = e
            e = (d + t1) & M
            d = c
            c = b
            b = a
            a = (t1 + t2) & M
        # §6.4.2 step 4.
        a = (a + a0) & M
        b = (b + b0) & M
        c = (c + c0) & M
        d = (d + d0) & M
        e = (e + e0) & M
        f = (f + f0) & M
        g = (g + g0) & M
        h = (h + h0) & M
        off += 128
    i = 0
    for x in (a, b, c, d, e, f, g, h):
        st[i] = x >> 32
        st[i + 1] = x & 0xFFFFFFFF
        i += 2
