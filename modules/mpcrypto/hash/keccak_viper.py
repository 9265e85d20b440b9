"""Keccak-f[1600] and the sponge's byte I/O in viper, on 32-bit words (FIPS 202 §3, §4).

Backend surface shared with ``keccak_python`` (the framing in ``_sponge`` is the only caller;
nothing here validates):

    absorb(st, data, n)      XOR data[0:n] into the state at its position, permuting each
                             time a block of ``rate`` bytes is full
    pad(st, suffix)          the domain suffix and pad10*1 (FIPS 202 §5.1, §6), then permute
    squeeze(st, out, n)      out[0:n] from the state, permuting each time a block is used up
    f1600(st)                the permutation alone

``st`` is an ``array('I')`` of 102 words (the layout is ``_sponge``'s): words 0..49 are the 25
lanes A[x, y] (lane x + 5y) as 32-bit halves, low half at 2i, high half at 2i + 1 (the
lane's value is lo + hi * 2**32; state byte j is byte j % 8 of lane j // 8, little-endian,
FIPS 202 §B.1); words 50..99 are scratch; word 100 is the byte position in the current block,
word 101 the rate in bytes (a multiple of 8). ``data`` and ``out`` are the caller's buffers,
read and written in place: no slice, no copy, no allocation.

The permutation works on lane halves ("lane halves": no bit interleaving, so absorbing and
squeezing need no conversion): a 64-bit rotation by r < 32 is
``lo' = lo << r | hi >> (32 - r)``, ``hi' = hi << r | lo >> (32 - r)``, and by r > 32 the
same with the halves exchanged and r - 32. One round (§3.3, Rnd = iota . chi . pi . rho .
theta) is unrolled; it reads the state from ``a`` and writes the next one to ``e``:

  - theta's column parities C[x] from ``a``, and D[x] = C[x-1] ^ ROT(C[x+1], 1);
  - for each output row y, the five lanes B[X] = ROT(A[(X + 3y) % 5, X] ^ D[...], r)
    (rho and pi: FIPS 202 §3.2.3 reads A'[x, y] = A[(x + 3y) mod 5, x]), then chi on the
    row, E[X, y] = B[X] ^ (~B[X+1] & B[X+2]), stored to ``e``, with iota's round constant
    on E[0, 0].

The two pointers swap after each round; after 24 rounds (even) the state is back in words
0..49. The rho offsets are FIPS 202 Table 2 (§3.2.2), written into the shifts below.

Portability (VIPER.md): the same source runs on 32-bit Cortex-M and the 64-bit unix port.
Words are ``uint``. Every value loaded from the state is below 2**32, and so is every XOR of
them; a rotation leaves bits above 31 on a 64-bit port, but after it only ``^ & ~`` follow
(chi), which never move them down, and the ``ptr32`` store truncates. The one place a
shifted value meets ``>>`` again is D (rotated parities XORed into lanes that are rotated
next): D is masked with ``m = 0xFFFFFFFF``, built at run time (a literal of 2**30 or more is
an object on a 32-bit port). On Cortex-M the masks are single ANDs.

Constant time: only data-independent word operations; no branch or index depends on the
state or the data (the position and the rate, which do steer the byte loops, depend only on
public lengths). Allocation: none.

Speed (viper emits each operation separately, loading operands from the stack frame; the
state and scratch pointers are the function's first locals, kept in registers): see
``mpcrypto.hash.sha3``'s table.
"""

import micropython
from array import array

# FIPS 202 §3.2.5: the 24 round constants RC[i] (Algorithm 5, rc(t) an LFSR over GF(2)),
# as (low, high) 32-bit halves. Built at import (literals >= 2**30 are heap ints on 32-bit
# ports).
_RC = array("I", (
    0x00000001, 0x00000000, 0x00008082, 0x00000000, 0x0000808a, 0x80000000, 0x80008000, 0x80000000,
    0x0000808b, 0x00000000, 0x80000001, 0x00000000, 0x80008081, 0x80000000, 0x00008009, 0x80000000,
    0x0000008a, 0x00000000, 0x00000088, 0x00000000, 0x80008009, 0x00000000, 0x8000000a, 0x00000000,
    0x8000808b, 0x00000000, 0x0000008b, 0x80000000, 0x00008089, 0x80000000, 0x00008003, 0x80000000,
    0x00008002, 0x80000000, 0x00000080, 0x80000000, 0x0000800a, 0x00000000, 0x8000000a, 0x80000000,
    0x80008081, 0x80000000, 0x00008080, 0x80000000, 0x80000001, 0x00000000, 0x80008008, 0x80000000,
))


def probe():
    """True: this module imported, so the port has the viper emitter."""
    return True


@micropython.viper
def f1600(a: ptr32):
    # Keccak-f[1600] (FIPS 202 §3.3, 24 rounds) on words 0..49 of ``a``, words 50..99 as the
    # other half of the ping-pong. ``a`` and ``e`` are the function's first two locals: the
    # native emitter keeps them in registers, so each state access is one load or store.
    e = ptr32(uint(a) + 200)
    m = uint(0xFFFFFFFF)
    k = ptr32(_RC)
    i = 0
    while i < 24:
        # theta (§3.2.1): column parities C[x] = A[x,0] ^ ... ^ A[x,4] (lo, hi halves)
        c0l = uint(a[0]) ^ uint(a[10]) ^ uint(a[20]) ^ uint(a[30]) ^ uint(a[40])
        c0h = uint(a[1]) ^ uint(a[11]) ^ uint(a[21]) ^ uint(a[31]) ^ uint(a[41])
        c1l = uint(a[2]) ^ uint(a[12]) ^ uint(a[22]) ^ uint(a[32]) ^ uint(a[42])
        c1h = uint(a[3]) ^ uint(a[13]) ^ uint(a[23]) ^ uint(a[33]) ^ uint(a[43])
        c2l = uint(a[4]) ^ uint(a[14]) ^ uint(a[24]) ^ uint(a[34]) ^ uint(a[44])
        c2h = uint(a[5]) ^ uint(a[15]) ^ uint(a[25]) ^ uint(a[35]) ^ uint(a[45])
        c3l = uint(a[6]) ^ uint(a[16]) ^ uint(a[26]) ^ uint(a[36]) ^ uint(a[46])
        c3h = uint(a[7]) ^ uint(a[17]) ^ uint(a[27]) ^ uint(a[37]) ^ uint(a[47])
        c4l = uint(a[8]) ^ uint(a[18]) ^ uint(a[28]) ^ uint(a[38]) ^ uint(a[48])
        c4h = uint(a[9]) ^ uint(a[19]) ^ uint(a[29]) ^ uint(a[39]) ^ uint(a[49])
        # D[x] = C[x-1] ^ ROT(C[x+1], 1), masked: it meets >> in rho
        d0l = ((c1l << 1 | c1h >> 31) & m) ^ c4l
        d0h = ((c1h << 1 | c1l >> 31) & m) ^ c4h
        d1l = ((c2l << 1 | c2h >> 31) & m) ^ c0l
        d1h = ((c2h << 1 | c2l >> 31) & m) ^ c0h
        d2l = ((c3l << 1 | c3h >> 31) & m) ^ c1l
        d2h = ((c3h << 1 | c3l >> 31) & m) ^ c1h
        d3l = ((c4l << 1 | c4h >> 31) & m) ^ c2l
        d3h = ((c4h << 1 | c4l >> 31) & m) ^ c2h
        d4l = ((c0l << 1 | c0h >> 31) & m) ^ c3l
        d4h = ((c0h << 1 | c0l >> 31) & m) ^ c3h
        # row y=0: B[X] = ROT(A[(X+3y)%5, X] ^ D[(X+3y)%5], r) for X = 0..4 (rho, pi),
        # then chi: E[X,y] = B[X] ^ (~B[X+1] & B[X+2]), iota on E[0,0]
        b0l = uint(a[0]) ^ d0l                       # A[0,0], r = 0
        b0h = uint(a[1]) ^ d0h
        t = uint(a[12]) ^ d1l                          # A[1,1], r = 44
        u = uint(a[13]) ^ d1h
        b1l = u << 12 | t >> 20
        b1h = t << 12 | u >> 20
        t = uint(a[24]) ^ d2l                          # A[2,2], r = 43
        u = uint(a[25]) ^ d2h
        b2l = u << 11 | t >> 21
        b2h = t << 11 | u >> 21
        t = uint(a[36]) ^ d3l                          # A[3,3], r = 21
        u = uint(a[37]) ^ d3h
        b3l = t << 21 | u >> 11
        b3h = u << 21 | t >> 11
        t = uint(a[48]) ^ d4l                          # A[4,4], r = 14
        u = uint(a[49]) ^ d4h
        b4l = t << 14 | u >> 18
        b4h = u << 14 | t >> 18
        e[0] = (~b1l & b2l) ^ b0l ^ uint(k[0])
        e[1] = (~b1h & b2h) ^ b0h ^ uint(k[1])
        e[2] = (~b2l & b3l) ^ b1l
        e[3] = (~b2h & b3h) ^ b1h
        e[4] = (~b3l & b4l) ^ b2l
        e[5] = (~b3h & b4h) ^ b2h
        e[6] = (~b4l & b0l) ^ b3l
        e[7] = (~b4h & b0h) ^ b3h
        e[8] = (~b0l & b1l) ^ b4l
        e[9] = (~b0h & b1h) ^ b4h
        # row y=1: B[X] = ROT(A[(X+3y)%5, X] ^ D[(X+3y)%5], r) for X = 0..4 (rho, pi),
        # then chi: E[X,y] = B[X] ^ (~B[X+1] & B[X+2])
        t = uint(a[6]) ^ d3l                          # A[3,0], r = 28
        u = uint(a[7]) ^ d3h
        b0l = t << 28 | u >> 4
        b0h = u << 28 | t >> 4
        t = uint(a[18]) ^ d4l                          # A[4,1], r = 20
        u = uint(a[19]) ^ d4h
        b1l = t << 20 | u >> 12
        b1h = u << 20 | t >> 12
        t = uint(a[20]) ^ d0l                          # A[0,2], r = 3
        u = uint(a[21]) ^ d0h
        b2l = t << 3 | u >> 29
        b2h = u << 3 | t >> 29
        t = uint(a[32]) ^ d1l                          # A[1,3], r = 45
        u = uint(a[33]) ^ d1h
        b3l = u << 13 | t >> 19
        b3h = t << 13 | u >> 19
        t = uint(a[44]) ^ d2l                          # A[2,4], r = 61
        u = uint(a[45]) ^ d2h
        b4l = u << 29 | t >> 3
        b4h = t << 29 | u >> 3
        e[10] = (~b1l & b2l) ^ b0l
        e[11] = (~b1h & b2h) ^ b0h
        e[12] = (~b2l & b3l) ^ b1l
        e[13] = (~b2h & b3h) ^ b1h
        e[14] = (~b3l & b4l) ^ b2l
        e[15] = (~b3h & b4h) ^ b2h
        e[16] = (~b4l & b0l) ^ b3l
        e[17] = (~b4h & b0h) ^ b3h
        e[18] = (~b0l & b1l) ^ b4l
        e[19] = (~b0h & b1h) ^ b4h
        # row y=2: B[X] = ROT(A[(X+3y)%5, X] ^ D[(X+3y)%5], r) for X = 0..4 (rho, pi),
        # then chi: E[X,y] = B[X] ^ (~B[X+1] & B[X+2])
        t = uint(a[2]) ^ d1l                          # A[1,0], r = 1
        u = uint(a[3]) ^ d1h
        b0l = t << 1 | u >> 31
        b0h = u << 1 | t >> 31
        t = uint(a[14]) ^ d2l                          # A[2,1], r = 6
        u = uint(a[15]) ^ d2h
        b1l = t << 6 | u >> 26
        b1h = u << 6 | t >> 26
        t = uint(a[26]) ^ d3l                          # A[3,2], r = 25
        u = uint(a[27]) ^ d3h
        b2l = t << 25 | u >> 7
        b2h = u << 25 | t >> 7
        t = uint(a[38]) ^ d4l                          # A[4,3], r = 8
        u = uint(a[39]) ^ d4h
        b3l = t << 8 | u >> 24
        b3h = u << 8 | t >> 24
        t = uint(a[40]) ^ d0l                          # A[0,4], r = 18
        u = uint(a[41]) ^ d0h
        b4l = t << 18 | u >> 14
        b4h = u << 18 | t >> 14
        e[20] = (~b1l & b2l) ^ b0l
        e[21] = (~b1h & b2h) ^ b0h
        e[22] = (~b2l & b3l) ^ b1l
        e[23] = (~b2h & b3h) ^ b1h
        e[24] = (~b3l & b4l) ^ b2l
        e[25] = (~b3h & b4h) ^ b2h
        e[26] = (~b4l & b0l) ^ b3l
        e[27] = (~b4h & b0h) ^ b3h
        e[28] = (~b0l & b1l) ^ b4l
        e[29] = (~b0h & b1h) ^ b4h
        # row y=3: B[X] = ROT(A[(X+3y)%5, X] ^ D[(X+3y)%5], r) for X = 0..4 (rho, pi),
        # then chi: E[X,y] = B[X] ^ (~B[X+1] & B[X+2])
        t = uint(a[8]) ^ d4l                          # A[4,0], r = 27
        u = uint(a[9]) ^ d4h
        b0l = t << 27 | u >> 5
        b0h = u << 27 | t >> 5
        t = uint(a[10]) ^ d0l                          # A[0,1], r = 36
        u = uint(a[11]) ^ d0h
        b1l = u << 4 | t >> 28
        b1h = t << 4 | u >> 28
        t = uint(a[22]) ^ d1l                          # A[1,2], r = 10
        u = uint(a[23]) ^ d1h
        b2l = t << 10 | u >> 22
        b2h = u << 10 | t >> 22
        t = uint(a[34]) ^ d2l                          # A[2,3], r = 15
        u = uint(a[35]) ^ d2h
        b3l = t << 15 | u >> 17
        b3h = u << 15 | t >> 17
        t = uint(a[46]) ^ d3l                          # A[3,4], r = 56
        u = uint(a[47]) ^ d3h
        b4l = u << 24 | t >> 8
        b4h = t << 24 | u >> 8
        e[30] = (~b1l & b2l) ^ b0l
        e[31] = (~b1h & b2h) ^ b0h
        e[32] = (~b2l & b3l) ^ b1l
        e[33] = (~b2h & b3h) ^ b1h
        e[34] = (~b3l & b4l) ^ b2l
        e[35] = (~b3h & b4h) ^ b2h
        e[36] = (~b4l & b0l) ^ b3l
        e[37] = (~b4h & b0h) ^ b3h
        e[38] = (~b0l & b1l) ^ b4l
        e[39] = (~b0h & b1h) ^ b4h
        # row y=4: B[X] = ROT(A[(X+3y)%5, X] ^ D[(X+3y)%5], r) for X = 0..4 (rho, pi),
        # then chi: E[X,y] = B[X] ^ (~B[X+1] & B[X+2])
        t = uint(a[4]) ^ d2l                          # A[2,0], r = 62
        u = uint(a[5]) ^ d2h
        b0l = u << 30 | t >> 2
        b0h = t << 30 | u >> 2
        t = uint(a[16]) ^ d3l                          # A[3,1], r = 55
        u = uint(a[17]) ^ d3h
        b1l = u << 23 | t >> 9
        b1h = t << 23 | u >> 9
        t = uint(a[28]) ^ d4l                          # A[4,2], r = 39
        u = uint(a[29]) ^ d4h
        b2l = u << 7 | t >> 25
        b2h = t << 7 | u >> 25
        t = uint(a[30]) ^ d0l                          # A[0,3], r = 41
        u = uint(a[31]) ^ d0h
        b3l = u << 9 | t >> 23
        b3h = t << 9 | u >> 23
        t = uint(a[42]) ^ d1l                          # A[1,4], r = 2
        u = uint(a[43]) ^ d1h
        b4l = t << 2 | u >> 30
        b4h = u << 2 | t >> 30
        e[40] = (~b1l & b2l) ^ b0l
        e[41] = (~b1h & b2h) ^ b0h
        e[42] = (~b2l & b3l) ^ b1l
        e[43] = (~b2h & b3h) ^ b1h
        e[44] = (~b3l & b4l) ^ b2l
        e[45] = (~b3h & b4h) ^ b2h
        e[46] = (~b4l & b0l) ^ b3l
        e[47] = (~b4h & b0h) ^ b3h
        e[48] = (~b0l & b1l) ^ b4l
        e[49] = (~b0h & b1h) ^ b4h
        z = a                                # the next round reads what this one wrote
        a = e
        e = z
        k = ptr32(uint(k) + 8)
        i += 1


@micropython.viper
def absorb(st, data: ptr8, n: int):
    # XOR data[0:n] into the state bytes from position s[100] on (FIPS 202 §4, Algorithm 8
    # steps 6: S ^ (P_i || 0^c), then f). Whole blocks at position 0 go a word at a time
    # (bytes assembled little-endian, so the words are the same on every byte order);
    # otherwise byte by byte into its word.
    s = ptr32(st)
    pos = int(s[100])
    rate = int(s[101])
    nw = rate >> 2
    i = 0
    while i < n:
        if pos == 0 and n - i >= rate:
            p = ptr8(uint(data) + uint(i))
            w = 0
            while w < nw:
                s[w] = uint(s[w]) ^ (uint(p[0]) | uint(p[1]) << 8 | uint(p[2]) << 16 | uint(p[3]) << 24)
                p = ptr8(uint(p) + 4)
                w += 1
            f1600(st)
            i += rate
        else:
            j = pos >> 2
            s[j] = uint(s[j]) ^ uint(data[i]) << ((pos & 3) << 3)
            pos += 1
            i += 1
            if pos == rate:
                f1600(st)
                pos = 0
    s[100] = pos


@micropython.viper
def pad(st, suffix: int):
    # The domain bits and the first bit of pad10*1 are ``suffix`` (SHA-3: 01 || 1 -> 0x06;
    # SHAKE: 1111 || 1 -> 0x1F; FIPS 202 §6.1, §6.2 and §B.2), XORed at the position; the
    # last bit of pad10*1 is 0x80 in the block's last byte (rate - 1; the same byte when
    # the position is rate - 1). Then f, and squeezing starts at position 0.
    s = ptr32(st)
    pos = int(s[100])
    q = int(s[101]) - 1
    j = pos >> 2
    s[j] = uint(s[j]) ^ uint(suffix) << ((pos & 3) << 3)
    j = q >> 2
    s[j] = uint(s[j]) ^ uint(0x80) << ((q & 3) << 3)
    f1600(st)
    s[100] = 0


@micropython.viper
def squeeze(st, out: ptr8, n: int):
    # out[0:n] = the next n output bytes (FIPS 202 §4, Algorithm 8 steps 8-10): state bytes
    # from the position on, f each time the rate is used up. ptr8 stores keep the low 8 bits.
    s = ptr32(st)
    pos = int(s[100])
    rate = int(s[101])
    i = 0
    while i < n:
        if pos == rate:
            f1600(st)
            pos = 0
        out[i] = uint(s[pos >> 2]) >> ((pos & 3) << 3)
        pos += 1
        i += 1
    s[100] = pos
