"""The Ascon permutation (NIST SP 800-232 §3) and the state's byte I/O in viper, on 32-bit
lane halves.

Backend surface shared with ``ascon_python`` (``hash/_ascon`` is the only caller; nothing here
validates):

    perm(st, rounds)                     Ascon-p[rounds] (rounds 8 or 12)
    xor_bytes(st, buf, off, n, pos)      state bytes pos..pos+n-1 ^= buf[off:off+n]
    put_bytes(st, buf, off, n, pos)      state bytes pos..pos+n-1 = buf[off:off+n]
    get_bytes(st, out, off, n, pos)      out[off:off+n] = state bytes pos..pos+n-1
    absorb(st, buf, off, nblocks, rate, rounds)
                                         per block of ``rate`` (8 or 16) bytes: XOR it into
                                         the state's first bytes, then Ascon-p[rounds]
    encrypt(st, src, dst, off, nblocks)  Ascon-AEAD128 on 16-byte blocks (§4.1.2 step 3):
                                         S[0:16] ^= P; C = S[0:16]; Ascon-p[8]
    decrypt(st, src, dst, off, nblocks)  the inverse (§4.1.3): P = C ^ S[0:16]; S[0:16] = C;
                                         Ascon-p[8] (``dst`` may be ``src``)
    squeeze(st, out, n)                  out[0:n] = S[0:8], then Ascon-p[12] and the next 8
                                         bytes, ... (§5.2 squeezing; no permutation after the
                                         last block)

State: an ``array('I')`` of 10 words, the 320-bit state S = S0 || ... || S4 as little-endian
32-bit words: word 2k is the low half of S_k, word 2k + 1 the high half, and state byte j
(SP 800-232 reads bytes into 64-bit words little-endian, §2.1) is byte j % 4 of word j // 4.
Lane halves, not bit interleaving: absorbing and squeezing need no conversion, and a 64-bit
right rotation by r < 32 is ``lo' = lo >> r | hi << (32 - r)``, ``hi' = hi >> r | lo << (32 -
r)`` (by r > 32: the halves exchanged and r - 32).

One round (p_L . p_S . p_C, §3.1) is unrolled and runs ``rounds`` times on locals. The round
constants of Ascon-p[rnd] are the last rnd of SP 800-232 §3.2 Table 5 (0xf0, 0xe1, ..., 0x4b
for 12 rounds, 0xb4, ..., 0x4b for 8): (15 - i) << 4 | i for i = 12 - rnd .. 11.

Portability (VIPER.md): the halves are ``uint`` below 2**32 at the start of each round: the
S-box's XORs and ANDs of such values stay below 2**32, its ``~`` only meets ``&`` with a
clean value except the final NOT of S2, masked with ``m = 0xFFFFFFFF`` (built at run time);
the rotations' left shifts leave bits above 31 on the 64-bit port, removed by one mask per
half at the end of the linear layer (one AND on Cortex-M).

Constant time: fixed XOR/AND/NOT/shift sequences; no branch or index depends on the state,
the key or the data (positions and lengths, which steer the byte loops, are public).
Allocation: none.
"""

import micropython


def probe():
    """True: this module imported, so the port has the viper emitter."""
    return True


@micropython.viper
def perm(st, rounds: int):
    s = ptr32(st)
    m = uint(0xFFFFFFFF)
    x0l = uint(s[0])
    x0h = uint(s[1])
    x1l = uint(s[2])
    x1h = uint(s[3])
    x2l = uint(s[4])
    x2h = uint(s[5])
    x3l = uint(s[6])
    x3h = uint(s[7])
    x4l = uint(s[8])
    x4h = uint(s[9])
    i = 12 - rounds
    while i < 12:
        # constant addition p_C (SP 800-232 §3.2) on the low byte of S2
        x2l = x2l ^ uint(((15 - i) << 4) | i)
        # substitution p_S (§3.3), the 5-bit S-box bitsliced, on both halves
        x0l = x0l ^ x4l
        x4l = x4l ^ x3l
        x2l = x2l ^ x1l
        t0 = ~x0l & x1l
        t1 = ~x1l & x2l
        t2 = ~x2l & x3l
        t3 = ~x3l & x4l
        t4 = ~x4l & x0l
        x0l = x0l ^ t1
        x1l = x1l ^ t2
        x2l = x2l ^ t3
        x3l = x3l ^ t4
        x4l = x4l ^ t0
        x1l = x1l ^ x0l
        x0l = x0l ^ x4l
        x3l = x3l ^ x2l
        x2l = ~x2l & m
        x0h = x0h ^ x4h
        x4h = x4h ^ x3h
        x2h = x2h ^ x1h
        t0 = ~x0h & x1h
        t1 = ~x1h & x2h
        t2 = ~x2h & x3h
        t3 = ~x3h & x4h
        t4 = ~x4h & x0h
        x0h = x0h ^ t1
        x1h = x1h ^ t2
        x2h = x2h ^ t3
        x3h = x3h ^ t4
        x4h = x4h ^ t0
        x1h = x1h ^ x0h
        x0h = x0h ^ x4h
        x3h = x3h ^ x2h
        x2h = ~x2h & m
        # linear diffusion p_L (§3.4): S_k ^= (S_k >>> r1) ^ (S_k >>> r2), masked to 32 bits
        t0 = x0l ^ (x0l >> 19 | x0h << 13) ^ (x0l >> 28 | x0h << 4)
        x0h = (x0h ^ (x0h >> 19 | x0l << 13) ^ (x0h >> 28 | x0l << 4)) & m
        x0l = t0 & m
        t0 = x1l ^ (x1h >> 29 | x1l << 3) ^ (x1h >> 7 | x1l << 25)
        x1h = (x1h ^ (x1l >> 29 | x1h << 3) ^ (x1l >> 7 | x1h << 25)) & m
        x1l = t0 & m
        t0 = x2l ^ (x2l >> 1 | x2h << 31) ^ (x2l >> 6 | x2h << 26)
        x2h = (x2h ^ (x2h >> 1 | x2l << 31) ^ (x2h >> 6 | x2l << 26)) & m
        x2l = t0 & m
        t0 = x3l ^ (x3l >> 10 | x3h << 22) ^ (x3l >> 17 | x3h << 15)
        x3h = (x3h ^ (x3h >> 10 | x3l << 22) ^ (x3h >> 17 | x3l << 15)) & m
        x3l = t0 & m
        t0 = x4l ^ (x4l >> 7 | x4h << 25) ^ (x4h >> 9 | x4l << 23)
        x4h = (x4h ^ (x4h >> 7 | x4l << 25) ^ (x4l >> 9 | x4h << 23)) & m
        x4l = t0 & m
        i += 1
    s[0] = x0l
    s[1] = x0h
    s[2] = x1l
    s[3] = x1h
    s[4] = x2l
    s[5] = x2h
    s[6] = x3l
    s[7] = x3h
    s[8] = x4l
    s[9] = x4h


@micropython.viper
def xor_bytes(st, buf: ptr8, off: int, n: int, pos: int):
    s = ptr32(st)
    i = 0
    while i < n:
        j = pos + i
        s[j >> 2] = uint(s[j >> 2]) ^ (uint(buf[off + i]) << ((j & 3) << 3))
        i += 1


@micropython.viper
def put_bytes(st, buf: ptr8, off: int, n: int, pos: int):
    s = ptr32(st)
    i = 0
    while i < n:
        j = pos + i
        sh = (j & 3) << 3
        w = uint(s[j >> 2])
        s[j >> 2] = (w ^ (w & (uint(0xFF) << sh))) | (uint(buf[off + i]) << sh)
        i += 1


@micropython.viper
def get_bytes(st, out: ptr8, off: int, n: int, pos: int):
    s = ptr32(st)
    i = 0
    while i < n:
        j = pos + i
        out[off + i] = uint(s[j >> 2]) >> ((j & 3) << 3)
        i += 1


@micropython.viper
def absorb(st, buf: ptr8, off: int, nblocks: int, rate: int, rounds: int):
    # The permutation is inlined: the state stays in locals across blocks.
    s = ptr32(st)
    m = uint(0xFFFFFFFF)
    x0l = uint(s[0])
    x0h = uint(s[1])
    x1l = uint(s[2])
    x1h = uint(s[3])
    x2l = uint(s[4])
    x2h = uint(s[5])
    x3l = uint(s[6])
    x3h = uint(s[7])
    x4l = uint(s[8])
    x4h = uint(s[9])
    p = ptr8(uint(buf) + uint(off))
    n = nblocks
    while n > 0:
        x0l = x0l ^ (uint(p[0]) | uint(p[1]) << 8 | uint(p[2]) << 16 | uint(p[3]) << 24)
        x0h = x0h ^ (uint(p[4]) | uint(p[5]) << 8 | uint(p[6]) << 16 | uint(p[7]) << 24)
        if rate == 16:
            x1l = x1l ^ (uint(p[8]) | uint(p[9]) << 8 | uint(p[10]) << 16 | uint(p[11]) << 24)
            x1h = x1h ^ (uint(p[12]) | uint(p[13]) << 8 | uint(p[14]) << 16 | uint(p[15]) << 24)
        p = ptr8(uint(p) + uint(rate))
        i = 12 - rounds
        while i < 12:
            # constant addition p_C (SP 800-232 §3.2) on the low byte of S2
            x2l = x2l ^ uint(((15 - i) << 4) | i)
            # substitution p_S (§3.3), the 5-bit S-box bitsliced, on both halves
            x0l = x0l ^ x4l
            x4l = x4l ^ x3l
            x2l = x2l ^ x1l
            t0 = ~x0l & x1l
            t1 = ~x1l & x2l
            t2 = ~x2l & x3l
            t3 = ~x3l & x4l
            t4 = ~x4l & x0l
            x0l = x0l ^ t1
            x1l = x1l ^ t2
            x2l = x2l ^ t3
            x3l = x3l ^ t4
            x4l = x4l ^ t0
            x1l = x1l ^ x0l
            x0l = x0l ^ x4l
            x3l = x3l ^ x2l
            x2l = ~x2l & m
            x0h = x0h ^ x4h
            x4h = x4h ^ x3h
            x2h = x2h ^ x1h
            t0 = ~x0h & x1h
            t1 = ~x1h & x2h
            t2 = ~x2h & x3h
            t3 = ~x3h & x4h
            t4 = ~x4h & x0h
            x0h = x0h ^ t1
            x1h = x1h ^ t2
            x2h = x2h ^ t3
            x3h = x3h ^ t4
            x4h = x4h ^ t0
            x1h = x1h ^ x0h
            x0h = x0h ^ x4h
            x3h = x3h ^ x2h
            x2h = ~x2h & m
            # linear diffusion p_L (§3.4): S_k ^= (S_k >>> r1) ^ (S_k >>> r2), masked to 32 bits
            t0 = x0l ^ (x0l >> 19 | x0h << 13) ^ (x0l >> 28 | x0h << 4)
            x0h = (x0h ^ (x0h >> 19 | x0l << 13) ^ (x0h >> 28 | x0l << 4)) & m
            x0l = t0 & m
            t0 = x1l ^ (x1h >> 29 | x1l << 3) ^ (x1h >> 7 | x1l << 25)
            x1h = (x1h ^ (x1l >> 29 | x1h << 3) ^ (x1l >> 7 | x1h << 25)) & m
            x1l = t0 & m
            t0 = x2l ^ (x2l >> 1 | x2h << 31) ^ (x2l >> 6 | x2h << 26)
            x2h = (x2h ^ (x2h >> 1 | x2l << 31) ^ (x2h >> 6 | x2l << 26)) & m
            x2l = t0 & m
            t0 = x3l ^ (x3l >> 10 | x3h << 22) ^ (x3l >> 17 | x3h << 15)
            x3h = (x3h ^ (x3h >> 10 | x3l << 22) ^ (x3h >> 17 | x3l << 15)) & m
            x3l = t0 & m
            t0 = x4l ^ (x4l >> 7 | x4h << 25) ^ (x4h >> 9 | x4l << 23)
            x4h = (x4h ^ (x4h >> 7 | x4l << 25) ^ (x4l >> 9 | x4h << 23)) & m
            x4l = t0 & m
            i += 1
        n -= 1
    s[0] = x0l
    s[1] = x0h
    s[2] = x1l
    s[3] = x1h
    s[4] = x2l
    s[5] = x2h
    s[6] = x3l
    s[7] = x3h
    s[8] = x4l
    s[9] = x4h


@micropython.viper
def encrypt(st, src: ptr8, dst: ptr8, off: int, nblocks: int):
    # S[0:16] ^= P, C = S[0:16], Ascon-p[8] inlined; ptr8 stores keep the low 8 bits.
    s = ptr32(st)
    m = uint(0xFFFFFFFF)
    x0l = uint(s[0])
    x0h = uint(s[1])
    x1l = uint(s[2])
    x1h = uint(s[3])
    x2l = uint(s[4])
    x2h = uint(s[5])
    x3l = uint(s[6])
    x3h = uint(s[7])
    x4l = uint(s[8])
    x4h = uint(s[9])
    p = ptr8(uint(src) + uint(off))
    q = ptr8(uint(dst) + uint(off))
    n = nblocks
    while n > 0:
        x0l = x0l ^ (uint(p[0]) | uint(p[1]) << 8 | uint(p[2]) << 16 | uint(p[3]) << 24)
        x0h = x0h ^ (uint(p[4]) | uint(p[5]) << 8 | uint(p[6]) << 16 | uint(p[7]) << 24)
        x1l = x1l ^ (uint(p[8]) | uint(p[9]) << 8 | uint(p[10]) << 16 | uint(p[11]) << 24)
        x1h = x1h ^ (uint(p[12]) | uint(p[13]) << 8 | uint(p[14]) << 16 | uint(p[15]) << 24)
        q[0] = x0l
        q[1] = x0l >> 8
        q[2] = x0l >> 16
        q[3] = x0l >> 24
        q[4] = x0h
        q[5] = x0h >> 8
        q[6] = x0h >> 16
        q[7] = x0h >> 24
        q[8] = x1l
        q[9] = x1l >> 8
        q[10] = x1l >> 16
        q[11] = x1l >> 24
        q[12] = x1h
        q[13] = x1h >> 8
        q[14] = x1h >> 16
        q[15] = x1h >> 24
        p = ptr8(uint(p) + 16)
        q = ptr8(uint(q) + 16)
        i = 4
        while i < 12:
            # constant addition p_C (SP 800-232 §3.2) on the low byte of S2
            x2l = x2l ^ uint(((15 - i) << 4) | i)
            # substitution p_S (§3.3), the 5-bit S-box bitsliced, on both halves
            x0l = x0l ^ x4l
            x4l = x4l ^ x3l
            x2l = x2l ^ x1l
            t0 = ~x0l & x1l
            t1 = ~x1l & x2l
            t2 = ~x2l & x3l
            t3 = ~x3l & x4l
            t4 = ~x4l & x0l
            x0l = x0l ^ t1
            x1l = x1l ^ t2
            x2l = x2l ^ t3
            x3l = x3l ^ t4
            x4l = x4l ^ t0
            x1l = x1l ^ x0l
            x0l = x0l ^ x4l
            x3l = x3l ^ x2l
            x2l = ~x2l & m
            x0h = x0h ^ x4h
            x4h = x4h ^ x3h
            x2h = x2h ^ x1h
            t0 = ~x0h & x1h
            t1 = ~x1h & x2h
            t2 = ~x2h & x3h
            t3 = ~x3h & x4h
            t4 = ~x4h & x0h
            x0h = x0h ^ t1
            x1h = x1h ^ t2
            x2h = x2h ^ t3
            x3h = x3h ^ t4
            x4h = x4h ^ t0
            x1h = x1h ^ x0h
            x0h = x0h ^ x4h
            x3h = x3h ^ x2h
            x2h = ~x2h & m
            # linear diffusion p_L (§3.4): S_k ^= (S_k >>> r1) ^ (S_k >>> r2), masked to 32 bits
            t0 = x0l ^ (x0l >> 19 | x0h << 13) ^ (x0l >> 28 | x0h << 4)
            x0h = (x0h ^ (x0h >> 19 | x0l << 13) ^ (x0h >> 28 | x0l << 4)) & m
            x0l = t0 & m
            t0 = x1l ^ (x1h >> 29 | x1l << 3) ^ (x1h >> 7 | x1l << 25)
            x1h = (x1h ^ (x1l >> 29 | x1h << 3) ^ (x1l >> 7 | x1h << 25)) & m
            x1l = t0 & m
            t0 = x2l ^ (x2l >> 1 | x2h << 31) ^ (x2l >> 6 | x2h << 26)
            x2h = (x2h ^ (x2h >> 1 | x2l << 31) ^ (x2h >> 6 | x2l << 26)) & m
            x2l = t0 & m
            t0 = x3l ^ (x3l >> 10 | x3h << 22) ^ (x3l >> 17 | x3h << 15)
            x3h = (x3h ^ (x3h >> 10 | x3l << 22) ^ (x3h >> 17 | x3l << 15)) & m
            x3l = t0 & m
            t0 = x4l ^ (x4l >> 7 | x4h << 25) ^ (x4h >> 9 | x4l << 23)
            x4h = (x4h ^ (x4h >> 7 | x4l << 25) ^ (x4l >> 9 | x4h << 23)) & m
            x4l = t0 & m
            i += 1
        n -= 1
    s[0] = x0l
    s[1] = x0h
    s[2] = x1l
    s[3] = x1h
    s[4] = x2l
    s[5] = x2h
    s[6] = x3l
    s[7] = x3h
    s[8] = x4l
    s[9] = x4h


@micropython.viper
def decrypt(st, src: ptr8, dst: ptr8, off: int, nblocks: int):
    # P = C ^ S[0:16], S[0:16] = C, Ascon-p[8] inlined. The block's ciphertext is read
    # whole before its plaintext is written (dst may be src, or start before it).
    s = ptr32(st)
    m = uint(0xFFFFFFFF)
    x0l = uint(s[0])
    x0h = uint(s[1])
    x1l = uint(s[2])
    x1h = uint(s[3])
    x2l = uint(s[4])
    x2h = uint(s[5])
    x3l = uint(s[6])
    x3h = uint(s[7])
    x4l = uint(s[8])
    x4h = uint(s[9])
    p = ptr8(uint(src) + uint(off))
    q = ptr8(uint(dst) + uint(off))
    n = nblocks
    while n > 0:
        c0 = uint(p[0]) | uint(p[1]) << 8 | uint(p[2]) << 16 | uint(p[3]) << 24
        c1 = uint(p[4]) | uint(p[5]) << 8 | uint(p[6]) << 16 | uint(p[7]) << 24
        c2 = uint(p[8]) | uint(p[9]) << 8 | uint(p[10]) << 16 | uint(p[11]) << 24
        c3 = uint(p[12]) | uint(p[13]) << 8 | uint(p[14]) << 16 | uint(p[15]) << 24
        t0 = x0l ^ c0
        t1 = x0h ^ c1
        t2 = x1l ^ c2
        t3 = x1h ^ c3
        x0l = c0
        x0h = c1
        x1l = c2
        x1h = c3
        q[0] = t0
        q[1] = t0 >> 8
        q[2] = t0 >> 16
        q[3] = t0 >> 24
        q[4] = t1
        q[5] = t1 >> 8
        q[6] = t1 >> 16
        q[7] = t1 >> 24
        q[8] = t2
        q[9] = t2 >> 8
        q[10] = t2 >> 16
        q[11] = t2 >> 24
        q[12] = t3
        q[13] = t3 >> 8
        q[14] = t3 >> 16
        q[15] = t3 >> 24
        p = ptr8(uint(p) + 16)
        q = ptr8(uint(q) + 16)
        i = 4
        while i < 12:
            # constant addition p_C (SP 800-232 §3.2) on the low byte of S2
            x2l = x2l ^ uint(((15 - i) << 4) | i)
            # substitution p_S (§3.3), the 5-bit S-box bitsliced, on both halves
            x0l = x0l ^ x4l
            x4l = x4l ^ x3l
            x2l = x2l ^ x1l
            t0 = ~x0l & x1l
            t1 = ~x1l & x2l
            t2 = ~x2l & x3l
            t3 = ~x3l & x4l
            t4 = ~x4l & x0l
            x0l = x0l ^ t1
            x1l = x1l ^ t2
            x2l = x2l ^ t3
            x3l = x3l ^ t4
            x4l = x4l ^ t0
            x1l = x1l ^ x0l
            x0l = x0l ^ x4l
            x3l = x3l ^ x2l
            x2l = ~x2l & m
            x0h = x0h ^ x4h
            x4h = x4h ^ x3h
            x2h = x2h ^ x1h
            t0 = ~x0h & x1h
            t1 = ~x1h & x2h
            t2 = ~x2h & x3h
            t3 = ~x3h & x4h
            t4 = ~x4h & x0h
            x0h = x0h ^ t1
            x1h = x1h ^ t2
            x2h = x2h ^ t3
            x3h = x3h ^ t4
            x4h = x4h ^ t0
            x1h = x1h ^ x0h
            x0h = x0h ^ x4h
            x3h = x3h ^ x2h
            x2h = ~x2h & m
            # linear diffusion p_L (§3.4): S_k ^= (S_k >>> r1) ^ (S_k >>> r2), masked to 32 bits
            t0 = x0l ^ (x0l >> 19 | x0h << 13) ^ (x0l >> 28 | x0h << 4)
            x0h = (x0h ^ (x0h >> 19 | x0l << 13) ^ (x0h >> 28 | x0l << 4)) & m
            x0l = t0 & m
            t0 = x1l ^ (x1h >> 29 | x1l << 3) ^ (x1h >> 7 | x1l << 25)
            x1h = (x1h ^ (x1l >> 29 | x1h << 3) ^ (x1l >> 7 | x1h << 25)) & m
            x1l = t0 & m
            t0 = x2l ^ (x2l >> 1 | x2h << 31) ^ (x2l >> 6 | x2h << 26)
            x2h = (x2h ^ (x2h >> 1 | x2l << 31) ^ (x2h >> 6 | x2l << 26)) & m
            x2l = t0 & m
            t0 = x3l ^ (x3l >> 10 | x3h << 22) ^ (x3l >> 17 | x3h << 15)
            x3h = (x3h ^ (x3h >> 10 | x3l << 22) ^ (x3h >> 17 | x3l << 15)) & m
            x3l = t0 & m
            t0 = x4l ^ (x4l >> 7 | x4h << 25) ^ (x4h >> 9 | x4l << 23)
            x4h = (x4h ^ (x4h >> 7 | x4l << 25) ^ (x4l >> 9 | x4h << 23)) & m
            x4l = t0 & m
            i += 1
        n -= 1
    s[0] = x0l
    s[1] = x0h
    s[2] = x1l
    s[3] = x1h
    s[4] = x2l
    s[5] = x2h
    s[6] = x3l
    s[7] = x3h
    s[8] = x4l
    s[9] = x4h


@micropython.viper
def squeeze(st, out: ptr8, n: int):
    s = ptr32(st)
    i = 0
    while i < n:
        if i > 0 and (i & 7) == 0:
            perm(st, 12)
        out[i] = uint(s[(i & 7) >> 2]) >> ((i & 3) << 3)
        i += 1
