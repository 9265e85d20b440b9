"""The Ascon permutation (NIST SP 800-232 §3), the state's byte I/O and Ascon-AEAD128's bulk
steps in viper, on 32-bit lane halves.

Backend surface shared with ``ascon_thumb`` and ``ascon_python`` (``hash/_ascon`` chooses;
``aead/ascon`` and ``hash/ascon_hash`` call; nothing here validates):

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

and, in this backend only, Ascon-AEAD128 in three calls (``aead/ascon`` uses them when the
selected kernel has them; the others' path is the permutation and the byte I/O above):

    aead_start(st, key, nonce)           §4.1.1: S = IV || K || N; Ascon-p[12]; S ^= 0^192 || K
    aead_encrypt(st, src, dst, n)        after the associated data: S ^= 0^319 || 1, the
                                         n // 16 whole blocks as ``encrypt``, then the last
                                         n % 16 bytes (0..15) and the padding bit
    aead_decrypt(st, src, dst, n)        the same for decryption (as ``decrypt``)
    aead_final(st, key, out, off)        §4.1.2 step 4: S ^= 0^128 || K || 0^64; Ascon-p[12];
                                         out[off:off + 16] = S[24:40] ^ K (the tag)

State: an ``array('I')`` of 10 words, the 320-bit state S = S0 || ... || S4 as little-endian
32-bit words: word 2k is the low half of S_k, word 2k + 1 the high half, and state byte j
(SP 800-232 reads bytes into 64-bit words little-endian, §2.1) is byte j % 4 of word j // 4.
Lane halves, not bit interleaving: absorbing and squeezing need no conversion, and a 64-bit
right rotation by r < 32 is ``lo' = lo >> r | hi << (32 - r)``, ``hi' = hi >> r | lo << (32 -
r)`` (by r > 32: the halves exchanged and r - 32).

One round (p_L . p_S . p_C, §3.1) is unrolled and runs ``rounds`` times on locals; the bulk
kernels keep the state in locals across blocks. The round constant of round i of Ascon-p[12]
is (15 - i) << 4 | i (SP 800-232 §3.2 Table 5: 0xf0, 0xe1, ..., 0x4b): each is the previous
minus 0x0f, so the loop counts the constant down from 0xf0 (12 rounds) or 0xb4 (8 rounds) and
stops below 0x4b.

How the round is written (it decides the speed; the result is the same on every port):
- p_S: the bitsliced S-box of §3.3 (x0 ^= x4; x4 ^= x3; x2 ^= x1; x_i ^= ~x_{i+1} & x_{i+2};
  x1 ^= x0; x0 ^= x4; x3 ^= x2; x2 = ~x2) as ten statements per half, each temporary used
  where it is made (b0, b4, b2 the first three XORs; d0, d2 the new x0 and x2 before the
  last XORs; y0..y4 the outputs).
- p_L: each output half is one chain, ``(a * 2**k ^ y ^ y >> r1 ^ y' >> r2 ^ a' << k') & m``:
  the two halves of a rotation occupy disjoint bits, so their OR is an XOR, and all five
  terms are XORed in one expression. The chain starts with a multiplication by a power of
  two (the rotation's left shift, k <= 26, so the constant is a small int on every port)
  rather than ``<<``: MicroPython's native emitters take a shift's operand in a fixed
  register (RAX/RCX on x86-64), so a chain that starts with a shift spills it to the stack
  to load the next operand, and a chain that starts with a multiplication does not. The
  product mod 2**32 is the shift (on a 32-bit core exactly; on the 64-bit unix port after
  the mask); MUL takes one cycle on Cortex-M3/M4/M7.
- With the S-box's operands ordered the same way (``~a & b ^ c`` rather than ``c ^ (~a &
  b)``), the round runs in about 23 ns on the x86-64 unix port where the earlier form (one
  statement per S-box step, the rotations ORed) took 36 ns.

Portability (VIPER.md): the halves are ``uint`` below 2**32 at the start of each round: the
S-box's XORs and ANDs of such values stay below 2**32, its ``~`` only meets ``&`` with a
clean value except the final NOT of x2, masked with ``m = 0xFFFFFFFF`` (built at run time);
the multiplications and left shifts of p_L leave bits above 31 on the 64-bit port, removed
by the one mask per half at the end of its chain (one AND on Cortex-M). Constants of 2**30 or
more (the IV's low half, the domain bit 2**31) are built at run time.

Constant time: fixed XOR/AND/NOT/shift/multiply sequences (MUL by a constant is single-cycle
on Cortex-M3/M4/M7); no branch or index depends on the state, the key or the data
(positions and lengths, which steer the byte loops, are public). Allocation: none.
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
    rc = uint(0x3C) + uint(rounds) * 15  # the first round constant of Ascon-p[rounds]
    while rc > uint(0x3C):
        # p_C (SP 800-232 §3.2) and p_S (§3.3) on the low halves, then the high halves
        b0 = x0l ^ x4l
        b4 = x4l ^ x3l
        b2 = x2l ^ x1l ^ rc
        d0 = ~x1l & b2 ^ b0
        d2 = ~x3l & b4 ^ b2
        y1l = ~b2 & x3l ^ x1l ^ d0
        y3l = ~b4 & b0 ^ x3l ^ d2
        y4l = ~b0 & x1l ^ b4
        y0l = d0 ^ y4l
        y2l = ~d2 & m
        b0 = x0h ^ x4h
        b4 = x4h ^ x3h
        b2 = x2h ^ x1h
        d0 = ~x1h & b2 ^ b0
        d2 = ~x3h & b4 ^ b2
        y1h = ~b2 & x3h ^ x1h ^ d0
        y3h = ~b4 & b0 ^ x3h ^ d2
        y4h = ~b0 & x1h ^ b4
        y0h = d0 ^ y4h
        y2h = ~d2 & m
        # p_L (§3.4): S_k ^= (S_k >>> r1) ^ (S_k >>> r2) on the halves
        x0l = (y0h * 16 ^ y0l ^ y0l >> 28 ^ y0l >> 19 ^ y0h << 13) & m
        x0h = (y0l * 16 ^ y0h ^ y0h >> 28 ^ y0h >> 19 ^ y0l << 13) & m
        x1l = (y1l * 8 ^ y1l ^ y1h >> 29 ^ y1h >> 7 ^ y1l << 25) & m
        x1h = (y1h * 8 ^ y1h ^ y1l >> 29 ^ y1l >> 7 ^ y1h << 25) & m
        x2l = (y2h * 67108864 ^ y2l ^ y2l >> 6 ^ y2l >> 1 ^ y2h << 31) & m
        x2h = (y2l * 67108864 ^ y2h ^ y2h >> 6 ^ y2h >> 1 ^ y2l << 31) & m
        x3l = (y3h * 32768 ^ y3l ^ y3l >> 17 ^ y3l >> 10 ^ y3h << 22) & m
        x3h = (y3l * 32768 ^ y3h ^ y3h >> 17 ^ y3h >> 10 ^ y3l << 22) & m
        x4l = (y4l * 8388608 ^ y4l ^ y4h >> 9 ^ y4l >> 7 ^ y4h << 25) & m
        x4h = (y4h * 8388608 ^ y4h ^ y4l >> 9 ^ y4h >> 7 ^ y4l << 25) & m
        rc = rc - 15  # next round constant (SP 800-232 Table 5: 0xf0, 0xe1, .., 0x4b)
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
    first = uint(0x3C) + uint(rounds) * 15
    p = ptr8(uint(buf) + uint(off))
    n = nblocks
    while n > 0:
        x0l = x0l ^ (uint(p[0]) | uint(p[1]) << 8 | uint(p[2]) << 16 | uint(p[3]) << 24)
        x0h = x0h ^ (uint(p[4]) | uint(p[5]) << 8 | uint(p[6]) << 16 | uint(p[7]) << 24)
        if rate == 16:
            x1l = x1l ^ (uint(p[8]) | uint(p[9]) << 8 | uint(p[10]) << 16 | uint(p[11]) << 24)
            x1h = x1h ^ (uint(p[12]) | uint(p[13]) << 8 | uint(p[14]) << 16 | uint(p[15]) << 24)
        p = ptr8(uint(p) + uint(rate))
        rc = first
        while rc > uint(0x3C):
            # p_C (SP 800-232 §3.2) and p_S (§3.3) on the low halves, then the high halves
            b0 = x0l ^ x4l
            b4 = x4l ^ x3l
            b2 = x2l ^ x1l ^ rc
            d0 = ~x1l & b2 ^ b0
            d2 = ~x3l & b4 ^ b2
            y1l = ~b2 & x3l ^ x1l ^ d0
            y3l = ~b4 & b0 ^ x3l ^ d2
            y4l = ~b0 & x1l ^ b4
            y0l = d0 ^ y4l
            y2l = ~d2 & m
            b0 = x0h ^ x4h
            b4 = x4h ^ x3h
            b2 = x2h ^ x1h
            d0 = ~x1h & b2 ^ b0
            d2 = ~x3h & b4 ^ b2
            y1h = ~b2 & x3h ^ x1h ^ d0
            y3h = ~b4 & b0 ^ x3h ^ d2
            y4h = ~b0 & x1h ^ b4
            y0h = d0 ^ y4h
            y2h = ~d2 & m
            # p_L (§3.4): S_k ^= (S_k >>> r1) ^ (S_k >>> r2) on the halves
            x0l = (y0h * 16 ^ y0l ^ y0l >> 28 ^ y0l >> 19 ^ y0h << 13) & m
            x0h = (y0l * 16 ^ y0h ^ y0h >> 28 ^ y0h >> 19 ^ y0l << 13) & m
            x1l = (y1l * 8 ^ y1l ^ y1h >> 29 ^ y1h >> 7 ^ y1l << 25) & m
            x1h = (y1h * 8 ^ y1h ^ y1l >> 29 ^ y1l >> 7 ^ y1h << 25) & m
            x2l = (y2h * 67108864 ^ y2l ^ y2l >> 6 ^ y2l >> 1 ^ y2h << 31) & m
            x2h = (y2l * 67108864 ^ y2h ^ y2h >> 6 ^ y2h >> 1 ^ y2l << 31) & m
            x3l = (y3h * 32768 ^ y3l ^ y3l >> 17 ^ y3l >> 10 ^ y3h << 22) & m
            x3h = (y3l * 32768 ^ y3h ^ y3h >> 17 ^ y3h >> 10 ^ y3l << 22) & m
            x4l = (y4l * 8388608 ^ y4l ^ y4h >> 9 ^ y4l >> 7 ^ y4h << 25) & m
            x4h = (y4h * 8388608 ^ y4h ^ y4l >> 9 ^ y4h >> 7 ^ y4l << 25) & m
            rc = rc - 15
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
        rc = uint(0xB4)
        while rc > uint(0x3C):
            # p_C (SP 800-232 §3.2) and p_S (§3.3) on the low halves, then the high halves
            b0 = x0l ^ x4l
            b4 = x4l ^ x3l
            b2 = x2l ^ x1l ^ rc
            d0 = ~x1l & b2 ^ b0
            d2 = ~x3l & b4 ^ b2
            y1l = ~b2 & x3l ^ x1l ^ d0
            y3l = ~b4 & b0 ^ x3l ^ d2
            y4l = ~b0 & x1l ^ b4
            y0l = d0 ^ y4l
            y2l = ~d2 & m
            b0 = x0h ^ x4h
            b4 = x4h ^ x3h
            b2 = x2h ^ x1h
            d0 = ~x1h & b2 ^ b0
            d2 = ~x3h & b4 ^ b2
            y1h = ~b2 & x3h ^ x1h ^ d0
            y3h = ~b4 & b0 ^ x3h ^ d2
            y4h = ~b0 & x1h ^ b4
            y0h = d0 ^ y4h
            y2h = ~d2 & m
            # p_L (§3.4): S_k ^= (S_k >>> r1) ^ (S_k >>> r2) on the halves
            x0l = (y0h * 16 ^ y0l ^ y0l >> 28 ^ y0l >> 19 ^ y0h << 13) & m
            x0h = (y0l * 16 ^ y0h ^ y0h >> 28 ^ y0h >> 19 ^ y0l << 13) & m
            x1l = (y1l * 8 ^ y1l ^ y1h >> 29 ^ y1h >> 7 ^ y1l << 25) & m
            x1h = (y1h * 8 ^ y1h ^ y1l >> 29 ^ y1l >> 7 ^ y1h << 25) & m
            x2l = (y2h * 67108864 ^ y2l ^ y2l >> 6 ^ y2l >> 1 ^ y2h << 31) & m
            x2h = (y2l * 67108864 ^ y2h ^ y2h >> 6 ^ y2h >> 1 ^ y2l << 31) & m
            x3l = (y3h * 32768 ^ y3l ^ y3l >> 17 ^ y3l >> 10 ^ y3h << 22) & m
            x3h = (y3l * 32768 ^ y3h ^ y3h >> 17 ^ y3h >> 10 ^ y3l << 22) & m
            x4l = (y4l * 8388608 ^ y4l ^ y4h >> 9 ^ y4l >> 7 ^ y4h << 25) & m
            x4h = (y4h * 8388608 ^ y4h ^ y4l >> 9 ^ y4h >> 7 ^ y4l << 25) & m
            rc = rc - 15  # next round constant (SP 800-232 Table 5: 0xf0, 0xe1, .., 0x4b)
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
        w0 = uint(p[0]) | uint(p[1]) << 8 | uint(p[2]) << 16 | uint(p[3]) << 24
        w1 = uint(p[4]) | uint(p[5]) << 8 | uint(p[6]) << 16 | uint(p[7]) << 24
        w2 = uint(p[8]) | uint(p[9]) << 8 | uint(p[10]) << 16 | uint(p[11]) << 24
        w3 = uint(p[12]) | uint(p[13]) << 8 | uint(p[14]) << 16 | uint(p[15]) << 24
        t0 = x0l ^ w0
        t1 = x0h ^ w1
        t2 = x1l ^ w2
        t3 = x1h ^ w3
        x0l = w0
        x0h = w1
        x1l = w2
        x1h = w3
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
        rc = uint(0xB4)
        while rc > uint(0x3C):
            # p_C (SP 800-232 §3.2) and p_S (§3.3) on the low halves, then the high halves
            b0 = x0l ^ x4l
            b4 = x4l ^ x3l
            b2 = x2l ^ x1l ^ rc
            d0 = ~x1l & b2 ^ b0
            d2 = ~x3l & b4 ^ b2
            y1l = ~b2 & x3l ^ x1l ^ d0
            y3l = ~b4 & b0 ^ x3l ^ d2
            y4l = ~b0 & x1l ^ b4
            y0l = d0 ^ y4l
            y2l = ~d2 & m
            b0 = x0h ^ x4h
            b4 = x4h ^ x3h
            b2 = x2h ^ x1h
            d0 = ~x1h & b2 ^ b0
            d2 = ~x3h & b4 ^ b2
            y1h = ~b2 & x3h ^ x1h ^ d0
            y3h = ~b4 & b0 ^ x3h ^ d2
            y4h = ~b0 & x1h ^ b4
            y0h = d0 ^ y4h
            y2h = ~d2 & m
            # p_L (§3.4): S_k ^= (S_k >>> r1) ^ (S_k >>> r2) on the halves
            x0l = (y0h * 16 ^ y0l ^ y0l >> 28 ^ y0l >> 19 ^ y0h << 13) & m
            x0h = (y0l * 16 ^ y0h ^ y0h >> 28 ^ y0h >> 19 ^ y0l << 13) & m
            x1l = (y1l * 8 ^ y1l ^ y1h >> 29 ^ y1h >> 7 ^ y1l << 25) & m
            x1h = (y1h * 8 ^ y1h ^ y1l >> 29 ^ y1l >> 7 ^ y1h << 25) & m
            x2l = (y2h * 67108864 ^ y2l ^ y2l >> 6 ^ y2l >> 1 ^ y2h << 31) & m
            x2h = (y2l * 67108864 ^ y2h ^ y2h >> 6 ^ y2h >> 1 ^ y2l << 31) & m
            x3l = (y3h * 32768 ^ y3l ^ y3l >> 17 ^ y3l >> 10 ^ y3h << 22) & m
            x3h = (y3l * 32768 ^ y3h ^ y3h >> 17 ^ y3h >> 10 ^ y3l << 22) & m
            x4l = (y4l * 8388608 ^ y4l ^ y4h >> 9 ^ y4l >> 7 ^ y4h << 25) & m
            x4h = (y4h * 8388608 ^ y4h ^ y4l >> 9 ^ y4h >> 7 ^ y4l << 25) & m
            rc = rc - 15  # next round constant (SP 800-232 Table 5: 0xf0, 0xe1, .., 0x4b)
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


# ---- Ascon-AEAD128 in three calls (SP 800-232 §4.1); aead/ascon.py uses them when present ----


@micropython.viper
def aead_start(st, key: ptr8, nonce: ptr8):
    # §4.1.1: S = IV || K || N; Ascon-p[12]; S ^= 0^192 || K. IV = 0x00001000808C0001: its
    # low half is 2**30 or more, so it is built at run time (VIPER.md rule 1).
    s = ptr32(st)
    m = uint(0xFFFFFFFF)
    k0 = uint(key[0]) | uint(key[1]) << 8 | uint(key[2]) << 16 | uint(key[3]) << 24
    k1 = uint(key[4]) | uint(key[5]) << 8 | uint(key[6]) << 16 | uint(key[7]) << 24
    k2 = uint(key[8]) | uint(key[9]) << 8 | uint(key[10]) << 16 | uint(key[11]) << 24
    k3 = uint(key[12]) | uint(key[13]) << 8 | uint(key[14]) << 16 | uint(key[15]) << 24
    x0l = uint(0x808C) << 16 | uint(0x0001)
    x0h = uint(0x1000)
    x1l = k0
    x1h = k1
    x2l = k2
    x2h = k3
    x3l = uint(nonce[0]) | uint(nonce[1]) << 8 | uint(nonce[2]) << 16 | uint(nonce[3]) << 24
    x3h = uint(nonce[4]) | uint(nonce[5]) << 8 | uint(nonce[6]) << 16 | uint(nonce[7]) << 24
    x4l = uint(nonce[8]) | uint(nonce[9]) << 8 | uint(nonce[10]) << 16 | uint(nonce[11]) << 24
    x4h = uint(nonce[12]) | uint(nonce[13]) << 8 | uint(nonce[14]) << 16 | uint(nonce[15]) << 24
    rc = uint(0xF0)
    while rc > uint(0x3C):
        # p_C (SP 800-232 §3.2) and p_S (§3.3) on the low halves, then the high halves
        b0 = x0l ^ x4l
        b4 = x4l ^ x3l
        b2 = x2l ^ x1l ^ rc
        d0 = ~x1l & b2 ^ b0
        d2 = ~x3l & b4 ^ b2
        y1l = ~b2 & x3l ^ x1l ^ d0
        y3l = ~b4 & b0 ^ x3l ^ d2
        y4l = ~b0 & x1l ^ b4
        y0l = d0 ^ y4l
        y2l = ~d2 & m
        b0 = x0h ^ x4h
        b4 = x4h ^ x3h
        b2 = x2h ^ x1h
        d0 = ~x1h & b2 ^ b0
        d2 = ~x3h & b4 ^ b2
        y1h = ~b2 & x3h ^ x1h ^ d0
        y3h = ~b4 & b0 ^ x3h ^ d2
        y4h = ~b0 & x1h ^ b4
        y0h = d0 ^ y4h
        y2h = ~d2 & m
        # p_L (§3.4): S_k ^= (S_k >>> r1) ^ (S_k >>> r2) on the halves
        x0l = (y0h * 16 ^ y0l ^ y0l >> 28 ^ y0l >> 19 ^ y0h << 13) & m
        x0h = (y0l * 16 ^ y0h ^ y0h >> 28 ^ y0h >> 19 ^ y0l << 13) & m
        x1l = (y1l * 8 ^ y1l ^ y1h >> 29 ^ y1h >> 7 ^ y1l << 25) & m
        x1h = (y1h * 8 ^ y1h ^ y1l >> 29 ^ y1l >> 7 ^ y1h << 25) & m
        x2l = (y2h * 67108864 ^ y2l ^ y2l >> 6 ^ y2l >> 1 ^ y2h << 31) & m
        x2h = (y2l * 67108864 ^ y2h ^ y2h >> 6 ^ y2h >> 1 ^ y2l << 31) & m
        x3l = (y3h * 32768 ^ y3l ^ y3l >> 17 ^ y3l >> 10 ^ y3h << 22) & m
        x3h = (y3l * 32768 ^ y3h ^ y3h >> 17 ^ y3h >> 10 ^ y3l << 22) & m
        x4l = (y4l * 8388608 ^ y4l ^ y4h >> 9 ^ y4l >> 7 ^ y4h << 25) & m
        x4h = (y4h * 8388608 ^ y4h ^ y4l >> 9 ^ y4h >> 7 ^ y4l << 25) & m
        rc = rc - 15  # next round constant (SP 800-232 Table 5: 0xf0, 0xe1, .., 0x4b)
    x3l = x3l ^ k0
    x3h = x3h ^ k1
    x4l = x4l ^ k2
    x4h = x4h ^ k3
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
def aead_encrypt(st, src: ptr8, dst: ptr8, n: int):
    # §4.1.2 step 3 after the associated data: S ^= 0^319 || 1 (domain separation), then the
    # n // 16 whole blocks as in encrypt(), then the last block of n % 16 bytes (0..15):
    # S[0:r] ^= P, C = S[0:r], S[r] ^= 1 (the padding). dst may be src or start before it.
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
    x4h = x4h ^ (uint(1) << 31)
    p = src
    q = dst
    nb = n >> 4
    while nb > 0:
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
        rc = uint(0xB4)
        while rc > uint(0x3C):
            # p_C (SP 800-232 §3.2) and p_S (§3.3) on the low halves, then the high halves
            b0 = x0l ^ x4l
            b4 = x4l ^ x3l
            b2 = x2l ^ x1l ^ rc
            d0 = ~x1l & b2 ^ b0
            d2 = ~x3l & b4 ^ b2
            y1l = ~b2 & x3l ^ x1l ^ d0
            y3l = ~b4 & b0 ^ x3l ^ d2
            y4l = ~b0 & x1l ^ b4
            y0l = d0 ^ y4l
            y2l = ~d2 & m
            b0 = x0h ^ x4h
            b4 = x4h ^ x3h
            b2 = x2h ^ x1h
            d0 = ~x1h & b2 ^ b0
            d2 = ~x3h & b4 ^ b2
            y1h = ~b2 & x3h ^ x1h ^ d0
            y3h = ~b4 & b0 ^ x3h ^ d2
            y4h = ~b0 & x1h ^ b4
            y0h = d0 ^ y4h
            y2h = ~d2 & m
            # p_L (§3.4): S_k ^= (S_k >>> r1) ^ (S_k >>> r2) on the halves
            x0l = (y0h * 16 ^ y0l ^ y0l >> 28 ^ y0l >> 19 ^ y0h << 13) & m
            x0h = (y0l * 16 ^ y0h ^ y0h >> 28 ^ y0h >> 19 ^ y0l << 13) & m
            x1l = (y1l * 8 ^ y1l ^ y1h >> 29 ^ y1h >> 7 ^ y1l << 25) & m
            x1h = (y1h * 8 ^ y1h ^ y1l >> 29 ^ y1l >> 7 ^ y1h << 25) & m
            x2l = (y2h * 67108864 ^ y2l ^ y2l >> 6 ^ y2l >> 1 ^ y2h << 31) & m
            x2h = (y2l * 67108864 ^ y2h ^ y2h >> 6 ^ y2h >> 1 ^ y2l << 31) & m
            x3l = (y3h * 32768 ^ y3l ^ y3l >> 17 ^ y3l >> 10 ^ y3h << 22) & m
            x3h = (y3l * 32768 ^ y3h ^ y3h >> 17 ^ y3h >> 10 ^ y3l << 22) & m
            x4l = (y4l * 8388608 ^ y4l ^ y4h >> 9 ^ y4l >> 7 ^ y4h << 25) & m
            x4h = (y4h * 8388608 ^ y4h ^ y4l >> 9 ^ y4h >> 7 ^ y4l << 25) & m
            rc = rc - 15  # next round constant (SP 800-232 Table 5: 0xf0, 0xe1, .., 0x4b)
        nb -= 1
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
    r = n & 15
    i = 0
    while i < r:
        j = i >> 2
        sh = (i & 3) << 3
        v = uint(s[j]) ^ (uint(p[i]) << sh)
        s[j] = v
        q[i] = v >> sh
        i += 1
    s[r >> 2] = uint(s[r >> 2]) ^ (uint(1) << ((r & 3) << 3))


@micropython.viper
def aead_decrypt(st, src: ptr8, dst: ptr8, n: int):
    # The inverse (§4.1.3 step 3): the domain bit, whole blocks as in decrypt(), then the last
    # r = n % 16 bytes: P = C ^ S[0:r]; S[0:r] = C; S[r] ^= 1. Every ciphertext byte is read
    # before the plaintext byte at its index is written (dst may be src or start before it).
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
    x4h = x4h ^ (uint(1) << 31)
    p = src
    q = dst
    nb = n >> 4
    while nb > 0:
        w0 = uint(p[0]) | uint(p[1]) << 8 | uint(p[2]) << 16 | uint(p[3]) << 24
        w1 = uint(p[4]) | uint(p[5]) << 8 | uint(p[6]) << 16 | uint(p[7]) << 24
        w2 = uint(p[8]) | uint(p[9]) << 8 | uint(p[10]) << 16 | uint(p[11]) << 24
        w3 = uint(p[12]) | uint(p[13]) << 8 | uint(p[14]) << 16 | uint(p[15]) << 24
        t0 = x0l ^ w0
        t1 = x0h ^ w1
        t2 = x1l ^ w2
        t3 = x1h ^ w3
        x0l = w0
        x0h = w1
        x1l = w2
        x1h = w3
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
        rc = uint(0xB4)
        while rc > uint(0x3C):
            # p_C (SP 800-232 §3.2) and p_S (§3.3) on the low halves, then the high halves
            b0 = x0l ^ x4l
            b4 = x4l ^ x3l
            b2 = x2l ^ x1l ^ rc
            d0 = ~x1l & b2 ^ b0
            d2 = ~x3l & b4 ^ b2
            y1l = ~b2 & x3l ^ x1l ^ d0
            y3l = ~b4 & b0 ^ x3l ^ d2
            y4l = ~b0 & x1l ^ b4
            y0l = d0 ^ y4l
            y2l = ~d2 & m
            b0 = x0h ^ x4h
            b4 = x4h ^ x3h
            b2 = x2h ^ x1h
            d0 = ~x1h & b2 ^ b0
            d2 = ~x3h & b4 ^ b2
            y1h = ~b2 & x3h ^ x1h ^ d0
            y3h = ~b4 & b0 ^ x3h ^ d2
            y4h = ~b0 & x1h ^ b4
            y0h = d0 ^ y4h
            y2h = ~d2 & m
            # p_L (§3.4): S_k ^= (S_k >>> r1) ^ (S_k >>> r2) on the halves
            x0l = (y0h * 16 ^ y0l ^ y0l >> 28 ^ y0l >> 19 ^ y0h << 13) & m
            x0h = (y0l * 16 ^ y0h ^ y0h >> 28 ^ y0h >> 19 ^ y0l << 13) & m
            x1l = (y1l * 8 ^ y1l ^ y1h >> 29 ^ y1h >> 7 ^ y1l << 25) & m
            x1h = (y1h * 8 ^ y1h ^ y1l >> 29 ^ y1l >> 7 ^ y1h << 25) & m
            x2l = (y2h * 67108864 ^ y2l ^ y2l >> 6 ^ y2l >> 1 ^ y2h << 31) & m
            x2h = (y2l * 67108864 ^ y2h ^ y2h >> 6 ^ y2h >> 1 ^ y2l << 31) & m
            x3l = (y3h * 32768 ^ y3l ^ y3l >> 17 ^ y3l >> 10 ^ y3h << 22) & m
            x3h = (y3l * 32768 ^ y3h ^ y3h >> 17 ^ y3h >> 10 ^ y3l << 22) & m
            x4l = (y4l * 8388608 ^ y4l ^ y4h >> 9 ^ y4l >> 7 ^ y4h << 25) & m
            x4h = (y4h * 8388608 ^ y4h ^ y4l >> 9 ^ y4h >> 7 ^ y4l << 25) & m
            rc = rc - 15  # next round constant (SP 800-232 Table 5: 0xf0, 0xe1, .., 0x4b)
        nb -= 1
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
    r = n & 15
    i = 0
    while i < r:
        j = i >> 2
        sh = (i & 3) << 3
        c = uint(p[i])
        v = uint(s[j])
        q[i] = (v >> sh) ^ c
        s[j] = (v ^ (v & (uint(0xFF) << sh))) | (c << sh)
        i += 1
    s[r >> 2] = uint(s[r >> 2]) ^ (uint(1) << ((r & 3) << 3))


@micropython.viper
def aead_final(st, key: ptr8, out: ptr8, off: int):
    # §4.1.2 step 4: S ^= 0^128 || K || 0^64; Ascon-p[12]; out[off:off + 16] = S[24:40] ^ K.
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
    k0 = uint(key[0]) | uint(key[1]) << 8 | uint(key[2]) << 16 | uint(key[3]) << 24
    k1 = uint(key[4]) | uint(key[5]) << 8 | uint(key[6]) << 16 | uint(key[7]) << 24
    k2 = uint(key[8]) | uint(key[9]) << 8 | uint(key[10]) << 16 | uint(key[11]) << 24
    k3 = uint(key[12]) | uint(key[13]) << 8 | uint(key[14]) << 16 | uint(key[15]) << 24
    x2l = x2l ^ k0
    x2h = x2h ^ k1
    x3l = x3l ^ k2
    x3h = x3h ^ k3
    rc = uint(0xF0)
    while rc > uint(0x3C):
        # p_C (SP 800-232 §3.2) and p_S (§3.3) on the low halves, then the high halves
        b0 = x0l ^ x4l
        b4 = x4l ^ x3l
        b2 = x2l ^ x1l ^ rc
        d0 = ~x1l & b2 ^ b0
        d2 = ~x3l & b4 ^ b2
        y1l = ~b2 & x3l ^ x1l ^ d0
        y3l = ~b4 & b0 ^ x3l ^ d2
        y4l = ~b0 & x1l ^ b4
        y0l = d0 ^ y4l
        y2l = ~d2 & m
        b0 = x0h ^ x4h
        b4 = x4h ^ x3h
        b2 = x2h ^ x1h
        d0 = ~x1h & b2 ^ b0
        d2 = ~x3h & b4 ^ b2
        y1h = ~b2 & x3h ^ x1h ^ d0
        y3h = ~b4 & b0 ^ x3h ^ d2
        y4h = ~b0 & x1h ^ b4
        y0h = d0 ^ y4h
        y2h = ~d2 & m
        # p_L (§3.4): S_k ^= (S_k >>> r1) ^ (S_k >>> r2) on the halves
        x0l = (y0h * 16 ^ y0l ^ y0l >> 28 ^ y0l >> 19 ^ y0h << 13) & m
        x0h = (y0l * 16 ^ y0h ^ y0h >> 28 ^ y0h >> 19 ^ y0l << 13) & m
        x1l = (y1l * 8 ^ y1l ^ y1h >> 29 ^ y1h >> 7 ^ y1l << 25) & m
        x1h = (y1h * 8 ^ y1h ^ y1l >> 29 ^ y1l >> 7 ^ y1h << 25) & m
        x2l = (y2h * 67108864 ^ y2l ^ y2l >> 6 ^ y2l >> 1 ^ y2h << 31) & m
        x2h = (y2l * 67108864 ^ y2h ^ y2h >> 6 ^ y2h >> 1 ^ y2l << 31) & m
        x3l = (y3h * 32768 ^ y3l ^ y3l >> 17 ^ y3l >> 10 ^ y3h << 22) & m
        x3h = (y3l * 32768 ^ y3h ^ y3h >> 17 ^ y3h >> 10 ^ y3l << 22) & m
        x4l = (y4l * 8388608 ^ y4l ^ y4h >> 9 ^ y4l >> 7 ^ y4h << 25) & m
        x4h = (y4h * 8388608 ^ y4h ^ y4l >> 9 ^ y4h >> 7 ^ y4l << 25) & m
        rc = rc - 15  # next round constant (SP 800-232 Table 5: 0xf0, 0xe1, .., 0x4b)
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
    k0 = x3l ^ k0
    k1 = x3h ^ k1
    k2 = x4l ^ k2
    k3 = x4h ^ k3
    q = ptr8(uint(out) + uint(off))
    q[0] = k0
    q[1] = k0 >> 8
    q[2] = k0 >> 16
    q[3] = k0 >> 24
    q[4] = k1
    q[5] = k1 >> 8
    q[6] = k1 >> 16
    q[7] = k1 >> 24
    q[8] = k2
    q[9] = k2 >> 8
    q[10] = k2 >> 16
    q[11] = k2 >> 24
    q[12] = k3
    q[13] = k3 >> 8
    q[14] = k3 >> 16
    q[15] = k3 >> 24
