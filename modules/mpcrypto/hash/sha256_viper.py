"""SHA-256 compression in viper: FIPS 180-4 §6.2.2, many 64-byte blocks per call.

Backend surface shared with ``sha256_python`` (the public classes in ``sha256`` are the only
callers; nothing here validates):

    compress(st, buf, off, nblocks)

``st`` is an ``array('I')`` of 24 words: H0..H7 (the chaining value, FIPS 180-4 §6.2) and
16 words of message-schedule scratch. ``buf[off:off + 64 * nblocks]`` is hashed in place:
no slice, no copy, no allocation. Constant time: only data-independent word operations,
no table index or branch depends on the message or the state.

Portability (see VIPER.md): the same source runs on the 64-bit unix port and on 32-bit
Cortex-M. Words are ``uint``; every word that later meets ``>>`` is kept below 2**32:
  - message words are built from bytes, schedule words are stored to ``ptr32`` (a store
    truncates on every port) and reloaded with ``uint()``;
  - the working variables a..h are masked with ``m = 0xFFFFFFFF`` once per assignment.
Bits above 31 left by ``<<`` inside Σ/σ and the T1 sum are harmless: ``+ ^ & |`` never move
them down into the low 32 bits, and the two masks per round remove them. On Cortex-M the
masks are no-ops (one AND each).

The 64 rounds run as 16 unrolled rounds (message words straight from the block) plus a loop
of 3 x 16 unrolled rounds that extend the schedule in a 16-word ring, W[t] at st[8 + t % 16]
(FIPS 180-4 §6.2.2 step 1 without the 64-word array). The variables are renamed instead of
shifted, so each round is exactly: T1, d += T1, h = T1 + T2.
"""

import micropython
from array import array

# FIPS 180-4 §4.2.2: the first 32 bits of the fractional parts of the cube roots of the
# first 64 primes. (Literals >= 2**30 are heap ints on 32-bit ports: built once at import.)
_K = array("I", (
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
))


def probe():
    """True: this module imported, so the port has the viper emitter."""
    return True


@micropython.viper
def compress(st: ptr32, buf: ptr8, off: int, nblocks: int):
    m = uint(0xFFFFFFFF)
    k0 = uint(ptr32(_K))                 # address of K[0]
    p = uint(buf) + uint(off)            # address of the current block
    a = uint(st[0])
    b = uint(st[1])
    c = uint(st[2])
    d = uint(st[3])
    e = uint(st[4])
    f = uint(st[5])
    g = uint(st[6])
    h = uint(st[7])
    n = nblocks
    while n > 0:
        q = ptr8(p)
        k = ptr32(k0)
        z = b ^ c                            # b ^ c of round 0, for Maj
        # Each round (FIPS 180-4 §6.2.2 step 3), with the roles of a..h renamed:
        #   T1 = h + Σ1(e) + Ch(e,f,g) + K[t] + W[t]     Ch(e,f,g) = (f ^ g) & e ^ g
        #   d  = d + T1                                   (becomes the next e)
        #   h  = T1 + Σ0(a) + Maj(a,b,c)                  Maj = (a ^ b) & (b ^ c) ^ b
        # b ^ c is the previous round's a ^ b, so y and z alternate holding a ^ b.
        # Expressions are written left-deep (compound operand first): viper then keeps the
        # running value in a register instead of spilling it to the stack.
        # Σ1(e) = ROTR6 ^ ROTR11 ^ ROTR25, Σ0(a) = ROTR2 ^ ROTR13 ^ ROTR22 (§4.1.2), each
        # ROTR written as x >> n ^ x << (32 - n).
        # round 0: a..h = a b c d e f g h
        w = uint(q[0]) << 24 | uint(q[1]) << 16 | uint(q[2]) << 8 | uint(q[3])
        st[8] = w
        t = (f ^ g) & e ^ g
        t = (e >> 6 ^ e << 26 ^ e >> 11 ^ e << 21 ^ e >> 25 ^ e << 7) + t + h + uint(k[0]) + w
        d = d + t & m
        y = a ^ b
        t = (y & z ^ b) + t
        h = (a >> 2 ^ a << 30 ^ a >> 13 ^ a << 19 ^ a >> 22 ^ a << 10) + t & m
        # round 1: a..h = h a b c d e f g
        w = uint(q[4]) << 24 | uint(q[5]) << 16 | uint(q[6]) << 8 | uint(q[7])
        st[9] = w
        t = (e ^ f) & d ^ f
        t = (d >> 6 ^ d << 26 ^ d >> 11 ^ d << 21 ^ d >> 25 ^ d << 7) + t + g + uint(k[1]) + w
        c = c + t & m
        z = h ^ a
        t = (z & y ^ a) + t
        g = (h >> 2 ^ h << 30 ^ h >> 13 ^ h << 19 ^ h >> 22 ^ h << 10) + t & m
        # round 2: a..h = g h a b c d e f
        w = uint(q[8]) << 24 | uint(q[9]) << 16 | uint(q[10]) << 8 | uint(q[11])
        st[10] = w
        t = (d ^ e) & c ^ e
        t = (c >> 6 ^ c << 26 ^ c >> 11 ^ c << 21 ^ c >> 25 ^ c << 7) + t + f + uint(k[2]) + w
        b = b + t & m
        y = g ^ h
        t = (y & z ^ h) + t
        f = (g >> 2 ^ g << 30 ^ g >> 13 ^ g << 19 ^ g >> 22 ^ g << 10) + t & m
        # round 3: a..h = f g h a b c d e
        w = uint(q[12]) << 24 | uint(q[13]) << 16 | uint(q[14]) << 8 | uint(q[15])
        st[11] = w
        t = (c ^ d) & b ^ d
        t = (b >> 6 ^ b << 26 ^ b >> 11 ^ b << 21 ^ b >> 25 ^ b << 7) + t + e + uint(k[3]) + w
        a = a + t & m
        z = f ^ g
        t = (z & y ^ g) + t
        e = (f >> 2 ^ f << 30 ^ f >> 13 ^ f << 19 ^ f >> 22 ^ f << 10) + t & m
        # round 4: a..h = e f g h a b c d
        w = uint(q[16]) << 24 | uint(q[17]) << 16 | uint(q[18]) << 8 | uint(q[19])
        st[12] = w
        t = (b ^ c) & a ^ c
        t = (a >> 6 ^ a << 26 ^ a >> 11 ^ a << 21 ^ a >> 25 ^ a << 7) + t + d + uint(k[4]) + w
        h = h + t & m
        y = e ^ f
        t = (y & z ^ f) + t
        d = (e >> 2 ^ e << 30 ^ e >> 13 ^ e << 19 ^ e >> 22 ^ e << 10) + t & m
        # round 5: a..h = d e f g h a b c
        w = uint(q[20]) << 24 | uint(q[21]) << 16 | uint(q[22]) << 8 | uint(q[23])
        st[13] = w
        t = (a ^ b) & h ^ b
        t = (h >> 6 ^ h << 26 ^ h >> 11 ^ h << 21 ^ h >> 25 ^ h << 7) + t + c + uint(k[5]) + w
        g = g + t & m
        z = d ^ e
        t = (z & y ^ e) + t
        c = (d >> 2 ^ d << 30 ^ d >> 13 ^ d << 19 ^ d >> 22 ^ d << 10) + t & m
        # round 6: a..h = c d e f g h a b
        w = uint(q[24]) << 24 | uint(q[25]) << 16 | uint(q[26]) << 8 | uint(q[27])
        st[14] = w
        t = (h ^ a) & g ^ a
        t = (g >> 6 ^ g << 26 ^ g >> 11 ^ g << 21 ^ g >> 25 ^ g << 7) + t + b + uint(k[6]) + w
        f = f + t & m
        y = c ^ d
        t = (y & z ^ d) + t
        b = (c >> 2 ^ c << 30 ^ c >> 13 ^ c << 19 ^ c >> 22 ^ c << 10) + t & m
        # round 7: a..h = b c d e f g h a
        w = uint(q[28]) << 24 | uint(q[29]) << 16 | uint(q[30]) << 8 | uint(q[31])
        st[15] = w
        t = (g ^ h) & f ^ h
        t = (f >> 6 ^ f << 26 ^ f >> 11 ^ f << 21 ^ f >> 25 ^ f << 7) + t + a + uint(k[7]) + w
        e = e + t & m
        z = b ^ c
        t = (z & y ^ c) + t
        a = (b >> 2 ^ b << 30 ^ b >> 13 ^ b << 19 ^ b >> 22 ^ b << 10) + t & m
        # round 8: a..h = a b c d e f g h
        w = uint(q[32]) << 24 | uint(q[33]) << 16 | uint(q[34]) << 8 | uint(q[35])
        st[16] = w
        t = (f ^ g) & e ^ g
        t = (e >> 6 ^ e << 26 ^ e >> 11 ^ e << 21 ^ e >> 25 ^ e << 7) + t + h + uint(k[8]) + w
        d = d + t & m
        y = a ^ b
        t = (y & z ^ b) + t
        h = (a >> 2 ^ a << 30 ^ a >> 13 ^ a << 19 ^ a >> 22 ^ a << 10) + t & m
        # round 9: a..h = h a b c d e f g
        w = uint(q[36]) << 24 | uint(q[37]) << 16 | uint(q[38]) << 8 | uint(q[39])
        st[17] = w
        t = (e ^ f) & d ^ f
        t = (d >> 6 ^ d << 26 ^ d >> 11 ^ d << 21 ^ d >> 25 ^ d << 7) + t + g + uint(k[9]) + w
        c = c + t & m
        z = h ^ a
        t = (z & y ^ a) + t
        g = (h >> 2 ^ h << 30 ^ h >> 13 ^ h << 19 ^ h >> 22 ^ h << 10) + t & m
        # round 10: a..h = g h a b c d e f
        w = uint(q[40]) << 24 | uint(q[41]) << 16 | uint(q[42]) << 8 | uint(q[43])
        st[18] = w
        t = (d ^ e) & c ^ e
        t = (c >> 6 ^ c << 26 ^ c >> 11 ^ c << 21 ^ c >> 25 ^ c << 7) + t + f + uint(k[10]) + w
        b = b + t & m
        y = g ^ h
        t = (y & z ^ h) + t
        f = (g >> 2 ^ g << 30 ^ g >> 13 ^ g << 19 ^ g >> 22 ^ g << 10) + t & m
        # round 11: a..h = f g h a b c d e
        w = uint(q[44]) << 24 | uint(q[45]) << 16 | uint(q[46]) << 8 | uint(q[47])
        st[19] = w
        t = (c ^ d) & b ^ d
        t = (b >> 6 ^ b << 26 ^ b >> 11 ^ b << 21 ^ b >> 25 ^ b << 7) + t + e + uint(k[11]) + w
        a = a + t & m
        z = f ^ g
        t = (z & y ^ g) + t
        e = (f >> 2 ^ f << 30 ^ f >> 13 ^ f << 19 ^ f >> 22 ^ f << 10) + t & m
        # round 12: a..h = e f g h a b c d
        w = uint(q[48]) << 24 | uint(q[49]) << 16 | uint(q[50]) << 8 | uint(q[51])
        st[20] = w
        t = (b ^ c) & a ^ c
        t = (a >> 6 ^ a << 26 ^ a >> 11 ^ a << 21 ^ a >> 25 ^ a << 7) + t + d + uint(k[12]) + w
        h = h + t & m
        y = e ^ f
        t = (y & z ^ f) + t
        d = (e >> 2 ^ e << 30 ^ e >> 13 ^ e << 19 ^ e >> 22 ^ e << 10) + t & m
        # round 13: a..h = d e f g h a b c
        w = uint(q[52]) << 24 | uint(q[53]) << 16 | uint(q[54]) << 8 | uint(q[55])
        st[21] = w
        t = (a ^ b) & h ^ b
        t = (h >> 6 ^ h << 26 ^ h >> 11 ^ h << 21 ^ h >> 25 ^ h << 7) + t + c + uint(k[13]) + w
        g = g + t & m
        z = d ^ e
        t = (z & y ^ e) + t
        c = (d >> 2 ^ d << 30 ^ d >> 13 ^ d << 19 ^ d >> 22 ^ d << 10) + t & m
        # round 14: a..h = c d e f g h a b
        w = uint(q[56]) << 24 | uint(q[57]) << 16 | uint(q[58]) << 8 | uint(q[59])
        st[22] = w
        t = (h ^ a) & g ^ a
        t = (g >> 6 ^ g << 26 ^ g >> 11 ^ g << 21 ^ g >> 25 ^ g << 7) + t + b + uint(k[14]) + w
        f = f + t & m
        y = c ^ d
        t = (y & z ^ d) + t
        b = (c >> 2 ^ c << 30 ^ c >> 13 ^ c << 19 ^ c >> 22 ^ c << 10) + t & m
        # round 15: a..h = b c d e f g h a
        w = uint(q[60]) << 24 | uint(q[61]) << 16 | uint(q[62]) << 8 | uint(q[63])
        st[23] = w
        t = (g ^ h) & f ^ h
        t = (f >> 6 ^ f << 26 ^ f >> 11 ^ f << 21 ^ f >> 25 ^ f << 7) + t + a + uint(k[15]) + w
        e = e + t & m
        z = b ^ c
        t = (z & y ^ c) + t
        a = (b >> 2 ^ b << 30 ^ b >> 13 ^ b << 19 ^ b >> 22 ^ b << 10) + t & m
        i = 1
        while i < 4:
            k = ptr32(k0 + uint(i << 6))    # K[16*i]
            # W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16] (§6.2.2 step 1), with
            # σ0(y) = ROTR7 ^ ROTR18 ^ SHR3, σ1(x) = ROTR17 ^ ROTR19 ^ SHR10 (§4.1.2).
            # round 16*i+0: a..h = a b c d e f g h
            x = uint(st[22])
            w = x >> 17 ^ x << 15 ^ x >> 19 ^ x << 13 ^ x >> 10
            x = uint(st[9])
            w = (x >> 7 ^ x << 25 ^ x >> 18 ^ x << 14 ^ x >> 3) + w + uint(st[17]) + uint(st[8])
            st[8] = w
            t = (f ^ g) & e ^ g
            t = (e >> 6 ^ e << 26 ^ e >> 11 ^ e << 21 ^ e >> 25 ^ e << 7) + t + h + uint(k[0]) + w
            d = d + t & m
            y = a ^ b
            t = (y & z ^ b) + t
            h = (a >> 2 ^ a << 30 ^ a >> 13 ^ a << 19 ^ a >> 22 ^ a << 10) + t & m
            # round 16*i+1: a..h = h a b c d e f g
            x = uint(st[23])
            w = x >> 17 ^ x << 15 ^ x >> 19 ^ x << 13 ^ x >> 10
            x = uint(st[10])
            w = (x >> 7 ^ x << 25 ^ x >> 18 ^ x << 14 ^ x >> 3) + w + uint(st[18]) + uint(st[9])
            st[9] = w
            t = (e ^ f) & d ^ f
            t = (d >> 6 ^ d << 26 ^ d >> 11 ^ d << 21 ^ d >> 25 ^ d << 7) + t + g + uint(k[1]) + w
            c = c + t & m
            z = h ^ a
            t = (z & y ^ a) + t
            g = (h >> 2 ^ h << 30 ^ h >> 13 ^ h << 19 ^ h >> 22 ^ h << 10) + t & m
            # round 16*i+2: a..h = g h a b c d e f
            x = uint(st[8])
            w = x >> 17 ^ x << 15 ^ x >> 19 ^ x << 13 ^ x >> 10
            x = uint(st[11])
            w = (x >> 7 ^ x << 25 ^ x >> 18 ^ x << 14 ^ x >> 3) + w + uint(st[19]) + uint(st[10])
            st[10] = w
            t = (d ^ e) & c ^ e
            t = (c >> 6 ^ c << 26 ^ c >> 11 ^ c << 21 ^ c >> 25 ^ c << 7) + t + f + uint(k[2]) + w
            b = b + t & m
            y = g ^ h
            t = (y & z ^ h) + t
            f = (g >> 2 ^ g << 30 ^ g >> 13 ^ g << 19 ^ g >> 22 ^ g << 10) + t & m
            # round 16*i+3: a..h = f g h a b c d e
            x = uint(st[9])
            w = x >> 17 ^ x << 15 ^ x >> 19 ^ x << 13 ^ x >> 10
            x = uint(st[12])
            w = (x >> 7 ^ x << 25 ^ x >> 18 ^ x << 14 ^ x >> 3) + w + uint(st[20]) + uint(st[11])
            st[11] = w
            t = (c ^ d) & b ^ d
            t = (b >> 6 ^ b << 26 ^ b >> 11 ^ b << 21 ^ b >> 25 ^ b << 7) + t + e + uint(k[3]) + w
            a = a + t & m
            z = f ^ g
            t = (z & y ^ g) + t
            e = (f >> 2 ^ f << 30 ^ f >> 13 ^ f << 19 ^ f >> 22 ^ f << 10) + t & m
            # round 16*i+4: a..h = e f g h a b c d
            x = uint(st[10])
            w = x >> 17 ^ x << 15 ^ x >> 19 ^ x << 13 ^ x >> 10
            x = uint(st[13])
            w = (x >> 7 ^ x << 25 ^ x >> 18 ^ x << 14 ^ x >> 3) + w + uint(st[21]) + uint(st[12])
            st[12] = w
            t = (b ^ c) & a ^ c
            t = (a >> 6 ^ a << 26 ^ a >> 11 ^ a << 21 ^ a >> 25 ^ a << 7) + t + d + uint(k[4]) + w
            h = h + t & m
            y = e ^ f
            t = (y & z ^ f) + t
            d = (e >> 2 ^ e << 30 ^ e >> 13 ^ e << 19 ^ e >> 22 ^ e << 10) + t & m
            # round 16*i+5: a..h = d e f g h a b c
            x = uint(st[11])
            w = x >> 17 ^ x << 15 ^ x >> 19 ^ x << 13 ^ x >> 10
            x = uint(st[14])
            w = (x >> 7 ^ x << 25 ^ x >> 18 ^ x << 14 ^ x >> 3) + w + uint(st[22]) + uint(st[13])
            st[13] = w
            t = (a ^ b) & h ^ b
            t = (h >> 6 ^ h << 26 ^ h >> 11 ^ h << 21 ^ h >> 25 ^ h << 7) + t + c + uint(k[5]) + w
            g = g + t & m
            z = d ^ e
            t = (z & y ^ e) + t
            c = (d >> 2 ^ d << 30 ^ d >> 13 ^ d << 19 ^ d >> 22 ^ d << 10) + t & m
            # round 16*i+6: a..h = c d e f g h a b
            x = uint(st[12])
            w = x >> 17 ^ x << 15 ^ x >> 19 ^ x << 13 ^ x >> 10
            x = uint(st[15])
            w = (x >> 7 ^ x << 25 ^ x >> 18 ^ x << 14 ^ x >> 3) + w + uint(st[23]) + uint(st[14])
            st[14] = w
            t = (h ^ a) & g ^ a
            t = (g >> 6 ^ g << 26 ^ g >> 11 ^ g << 21 ^ g >> 25 ^ g << 7) + t + b + uint(k[6]) + w
            f = f + t & m
            y = c ^ d
            t = (y & z ^ d) + t
            b = (c >> 2 ^ c << 30 ^ c >> 13 ^ c << 19 ^ c >> 22 ^ c << 10) + t & m
            # round 16*i+7: a..h = b c d e f g h a
            x = uint(st[13])
            w = x >> 17 ^ x << 15 ^ x >> 19 ^ x << 13 ^ x >> 10
            x = uint(st[16])
            w = (x >> 7 ^ x << 25 ^ x >> 18 ^ x << 14 ^ x >> 3) + w + uint(st[8]) + uint(st[15])
            st[15] = w
            t = (g ^ h) & f ^ h
            t = (f >> 6 ^ f << 26 ^ f >> 11 ^ f << 21 ^ f >> 25 ^ f << 7) + t + a + uint(k[7]) + w
            e = e + t & m
            z = b ^ c
            t = (z & y ^ c) + t
            a = (b >> 2 ^ b << 30 ^ b >> 13 ^ b << 19 ^ b >> 22 ^ b << 10) + t & m
            # round 16*i+8: a..h = a b c d e f g h
            x = uint(st[14])
            w = x >> 17 ^ x << 15 ^ x >> 19 ^ x << 13 ^ x >> 10
            x = uint(st[17])
            w = (x >> 7 ^ x << 25 ^ x >> 18 ^ x << 14 ^ x >> 3) + w + uint(st[9]) + uint(st[16])
            st[16] = w
            t = (f ^ g) & e ^ g
            t = (e >> 6 ^ e << 26 ^ e >> 11 ^ e << 21 ^ e >> 25 ^ e << 7) + t + h + uint(k[8]) + w
            d = d + t & m
            y = a ^ b
            t = (y & z ^ b) + t
            h = (a >> 2 ^ a << 30 ^ a >> 13 ^ a << 19 ^ a >> 22 ^ a << 10) + t & m
            # round 16*i+9: a..h = h a b c d e f g
            x = uint(st[15])
            w = x >> 17 ^ x << 15 ^ x >> 19 ^ x << 13 ^ x >> 10
            x = uint(st[18])
            w = (x >> 7 ^ x << 25 ^ x >> 18 ^ x << 14 ^ x >> 3) + w + uint(st[10]) + uint(st[17])
            st[17] = w
            t = (e ^ f) & d ^ f
            t = (d >> 6 ^ d << 26 ^ d >> 11 ^ d << 21 ^ d >> 25 ^ d << 7) + t + g + uint(k[9]) + w
            c = c + t & m
            z = h ^ a
            t = (z & y ^ a) + t
            g = (h >> 2 ^ h << 30 ^ h >> 13 ^ h << 19 ^ h >> 22 ^ h << 10) + t & m
            # round 16*i+10: a..h = g h a b c d e f
            x = uint(st[16])
            w = x >> 17 ^ x << 15 ^ x >> 19 ^ x << 13 ^ x >> 10
            x = uint(st[19])
            w = (x >> 7 ^ x << 25 ^ x >> 18 ^ x << 14 ^ x >> 3) + w + uint(st[11]) + uint(st[18])
            st[18] = w
            t = (d ^ e) & c ^ e
            t = (c >> 6 ^ c << 26 ^ c >> 11 ^ c << 21 ^ c >> 25 ^ c << 7) + t + f + uint(k[10]) + w
            b = b + t & m
            y = g ^ h
            t = (y & z ^ h) + t
            f = (g >> 2 ^ g << 30 ^ g >> 13 ^ g << 19 ^ g >> 22 ^ g << 10) + t & m
            # round 16*i+11: a..h = f g h a b c d e
            x = uint(st[17])
            w = x >> 17 ^ x << 15 ^ x >> 19 ^ x << 13 ^ x >> 10
            x = uint(st[20])
            w = (x >> 7 ^ x << 25 ^ x >> 18 ^ x << 14 ^ x >> 3) + w + uint(st[12]) + uint(st[19])
            st[19] = w
            t = (c ^ d) & b ^ d
            t = (b >> 6 ^ b << 26 ^ b >> 11 ^ b << 21 ^ b >> 25 ^ b << 7) + t + e + uint(k[11]) + w
            a = a + t & m
            z = f ^ g
            t = (z & y ^ g) + t
            e = (f >> 2 ^ f << 30 ^ f >> 13 ^ f << 19 ^ f >> 22 ^ f << 10) + t & m
            # round 16*i+12: a..h = e f g h a b c d
            x = uint(st[18])
            w = x >> 17 ^ x << 15 ^ x >> 19 ^ x << 13 ^ x >> 10
            x = uint(st[21])
            w = (x >> 7 ^ x << 25 ^ x >> 18 ^ x << 14 ^ x >> 3) + w + uint(st[13]) + uint(st[20])
            st[20] = w
            t = (b ^ c) & a ^ c
            t = (a >> 6 ^ a << 26 ^ a >> 11 ^ a << 21 ^ a >> 25 ^ a << 7) + t + d + uint(k[12]) + w
            h = h + t & m
            y = e ^ f
            t = (y & z ^ f) + t
            d = (e >> 2 ^ e << 30 ^ e >> 13 ^ e << 19 ^ e >> 22 ^ e << 10) + t & m
            # round 16*i+13: a..h = d e f g h a b c
            x = uint(st[19])
            w = x >> 17 ^ x << 15 ^ x >> 19 ^ x << 13 ^ x >> 10
            x = uint(st[22])
            w = (x >> 7 ^ x << 25 ^ x >> 18 ^ x << 14 ^ x >> 3) + w + uint(st[14]) + uint(st[21])
            st[21] = w
            t = (a ^ b) & h ^ b
            t = (h >> 6 ^ h << 26 ^ h >> 11 ^ h << 21 ^ h >> 25 ^ h << 7) + t + c + uint(k[13]) + w
            g = g + t & m
            z = d ^ e
            t = (z & y ^ e) + t
            c = (d >> 2 ^ d << 30 ^ d >> 13 ^ d << 19 ^ d >> 22 ^ d << 10) + t & m
            # round 16*i+14: a..h = c d e f g h a b
            x = uint(st[20])
            w = x >> 17 ^ x << 15 ^ x >> 19 ^ x << 13 ^ x >> 10
            x = uint(st[23])
            w = (x >> 7 ^ x << 25 ^ x >> 18 ^ x << 14 ^ x >> 3) + w + uint(st[15]) + uint(st[22])
            st[22] = w
            t = (h ^ a) & g ^ a
            t = (g >> 6 ^ g << 26 ^ g >> 11 ^ g << 21 ^ g >> 25 ^ g << 7) + t + b + uint(k[14]) + w
            f = f + t & m
            y = c ^ d
            t = (y & z ^ d) + t
            b = (c >> 2 ^ c << 30 ^ c >> 13 ^ c << 19 ^ c >> 22 ^ c << 10) + t & m
            # round 16*i+15: a..h = b c d e f g h a
            x = uint(st[21])
            w = x >> 17 ^ x << 15 ^ x >> 19 ^ x << 13 ^ x >> 10
            x = uint(st[8])
            w = (x >> 7 ^ x << 25 ^ x >> 18 ^ x << 14 ^ x >> 3) + w + uint(st[16]) + uint(st[23])
            st[23] = w
            t = (g ^ h) & f ^ h
            t = (f >> 6 ^ f << 26 ^ f >> 11 ^ f << 21 ^ f >> 25 ^ f << 7) + t + a + uint(k[15]) + w
            e = e + t & m
            z = b ^ c
            t = (z & y ^ c) + t
            a = (b >> 2 ^ b << 30 ^ b >> 13 ^ b << 19 ^ b >> 22 ^ b << 10) + t & m
            i += 1
        # §6.2.2 step 4: H(i) = H(i-1) + a..h.
        a = (uint(st[0]) + a) & m
        st[0] = a
        b = (uint(st[1]) + b) & m
        st[1] = b
        c = (uint(st[2]) + c) & m
        st[2] = c
        d = (uint(st[3]) + d) & m
        st[3] = d
        e = (uint(st[4]) + e) & m
        st[4] = e
        f = (uint(st[5]) + f) & m
        st[5] = f
        g = (uint(st[6]) + g) & m
        st[6] = g
        h = (uint(st[7]) + h) & m
        st[7] = h
        p += 64
        n -= 1
