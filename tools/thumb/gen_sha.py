"""Writes the Thumb-2 compression kernels of the Merkle-Damgard hashes,
``modules/mpcrypto/hash/sha256_thumb.py``, ``sha512_thumb.py``, ``sha1_thumb.py`` and
``md5_thumb.py`` (asm_thumb), from FIPS 180-4 and RFC 1321 with the encoder of
``tools/thumb/asm.py``.

    python -m tools.thumb.gen_sha          # (re)write the four modules
    python -m tools.thumb.gen_sha --check  # exit 1 if they differ from what it writes

Why generated: the rounds are written out as passes that a loop repeats (SHA-256's eight
rounds eight times, SHA-512's eight rounds ten times, SHA-1's five rounds of each round
function, MD5's four steps of each round), the working variables are renamed from round to
round instead of moved (the register or stack slot that held h receives the new a, the one
that held d the new e), and the message schedule lives whole on the stack (SHA-256's W[0..63],
SHA-1's and SHA-512's W[0..79], at fixed offsets from a pointer that every step or pass
advances; MD5's block twice over, at fixed offsets from a pointer that every pass moves):
every register number and offset is a constant that this script works out once.

Why raw encodings: MicroPython's inline assembler has no mnemonic for the Thumb-2
shifted-register forms (``eor r0, r1, r2, ror #6``: an operation and a rotate in one
instruction), for r8-r12 in most instructions, LDRD/STRD, LDM/STM or REV.W; the kernels
need all of them to stay within Mbed TLS's instruction count. So every instruction is written
as ``data(2, hw1[, hw2])`` (halfwords, first one first) with its UAL text beside it (the
encoder's ``ual`` listing); host_tests/test_thumb_sha.py disassembles them with binutils
where it is installed and runs them on emulated Cortex-M3/M4/M7 cores.

Only ARMv7-M base instructions are used (no DSP, no UMAAL, no FPU): Cortex-M3, M4, M7, M33,
M55, M85 run them. Word loads from the message may be unaligned (ARMv7-M allows LDR at any
address unless CCR.UNALIGN_TRP is set; no MicroPython port sets it); LDRD/STRD, LDM and STM
touch only the stack and the state array (word aligned).
"""

import math
import sys

from tools import ROOT, sha2_constants
from tools.gen import generated_line, write_or_check
from tools.thumb.asm import LR, SP, Asm
from tools.thumb.asm import reg_name as rn

OUT = ROOT / "modules" / "mpcrypto" / "hash"
OUTS = (OUT / "sha256_thumb.py", OUT / "sha512_thumb.py", OUT / "sha1_thumb.py", OUT / "md5_thumb.py")

# FIPS 180-4 §4.2.2 (SHA-224/256) and §4.2.3 (SHA-384/512) round constants, computed from
# their definition in tools/sha2_constants.py.
K256, K512 = sha2_constants.K256, sha2_constants.K512

# FIPS 180-4 §4.2.1: SHA-1's K_t for rounds 20g..20g+19.
K160 = (0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6)


def md5_t():
    """RFC 1321 §3.4: T[i] = floor(4294967296 * abs(sin(i))), i = 1..64 (a double's sine is far
    more precise than the 32 bits kept; host_tests/test_thumb_sha.py checks values of the
    RFC's Appendix A.3)."""
    return [int(4294967296 * abs(math.sin(i))) for i in range(1, 65)]


# RFC 1321 §3.4, per round of 16 steps: step j's message word k = (k0 + dk j) mod 16, and the
# four left rotations that repeat through the round.
MD5_ROUNDS = (((0, 1), (7, 12, 17, 22)), ((1, 5), (5, 9, 14, 20)), ((5, 3), (4, 11, 16, 23)),
              ((0, 7), (6, 10, 15, 21)))

# -- round constants inside the code --------------------------------------------------------------


def _k_table(a, words, text):
    """The function starts with a branch over ``words`` (32-bit constants, listed as ``.word``
    with their ``text(i)``); returns the table's offset from the function's first byte."""
    a.b("al", "start")
    table = a.pos
    for i, w in enumerate(words):
        a.word(w, text(i))
    a.label("start")
    return table


def _k_address(a, d, table):
    """rd = the address of the table at ``table`` (``_k_table``), wherever the code was loaded:
    MOV rd, PC reads this instruction's address + 4."""
    here = a.pos
    a.mov_pc(d)
    a.addw(d, d, here + 4 - table, sub=True)


# -- SHA-256 (FIPS 180-4 §6.2.2) ---------------------------------------------------------------

# Frame (sp-relative): W[0..63] at 0..255 (W[t] + K[t] once the schedule no longer reads
# W[t]), the state pointer at 256, the message pointer at 260, blocks left at 264, the address
# of the K table at 268.
S256_W, S256_ST, S256_IN, S256_N, S256_KTAB, S256_FRAME = 0, 256, 260, 264, 268, 272


def sha256_body(a, end=None):
    """The kernel after MicroPython's entry (push {r1, r4-r7, lr}): r0 = st, r1 = buf,
    r2 = off, r3 = nblocks. Each block in four loops over W[0..63] on the stack: the message
    words to W[0..15]; the schedule W[16..63], four steps a pass, each pass also adding K to
    the four W it reads for the last time, so that the rounds read W[t] + K[t] as one word;
    K added to W[48..63], which the schedule no longer reads; then the 64 rounds, eight
    written out and run eight times. W is read and written two to eight words at a time
    (LDM, STM, LDRD, STRD: the stack is word aligned), K one word at a time (LDR: frozen
    code is only halfword aligned, and LDM faults on an unaligned address). In the rounds
    a..h live in r4-r11 (renamed each round: the names are back every eight rounds), lr
    walks W + K, and r0-r3 and r12 take turns: each round's W + K arrives in one of them
    (an LDM of four every four rounds), is added to h, serves as the round's temporary and
    ends holding a ^ b, the next round's b ^ c for Maj; the register that held this round's
    b ^ c joins the next LDM."""
    a.note("K[0..63] (FIPS 180-4 §4.2.2), read with LDR (any alignment)")
    table = _k_table(a, K256, lambda i: "K[%d]" % i)
    a.push([8, 9, 10, 11])
    a.sub_sp(S256_FRAME)
    a.cmp_imm(3, 0)
    a.b("eq", "done")
    a.dp("add", 1, 1, 2)
    a.str_(0, SP, S256_ST)
    a.str_(1, SP, S256_IN)
    a.str_(3, SP, S256_N)
    _k_address(a, 0, table)
    a.str_(0, SP, S256_KTAB)
    a.label("block")

    # -- the message schedule (§6.2.2 step 1) --------------------------------------------------
    IN, Q, END = 12, LR, 11
    tmp = list(range(8))
    a.note("W[0..15]: the block's big-endian words (§3.1; LDR at any alignment), eight a pass")
    a.note("through r0-r7, r12 walking the message, lr walking W")
    a.ldr(IN, SP, S256_IN)
    a.addw(Q, SP, S256_W)
    a.addw(END, SP, S256_W + 4 * 16)
    a.label("msg")
    for r in tmp:
        a.ldr_post(r, IN, 4)
    for r in tmp:
        a.rev(r, r)
    a.stm(Q, tmp, wb=True)
    a.cmp(Q, END)
    a.b("ne", "msg")
    a.str_(IN, SP, S256_IN)

    # A: W[t0-16..t0-12] (the four oldest words and the next, step 3's W[t-15]); Kv: W + K of
    # the four oldest, then (those stored) W[t0-7..t0-4]; Y: W[t0-2], W[t0-1]
    P, KP = 12, LR
    A, Kv, Y = [0, 1, 2, 3, 4], [5, 6, 7, 8], [9, 10]
    a.note("W[16..63], four a pass (t0 = 16, 20, .., 60): W[t] = σ1(W[t-2]) + W[t-7] +")
    a.note("σ0(W[t-15]) + W[t-16], σ0 = ROTR7 ^ ROTR18 ^ SHR3, σ1 = ROTR17 ^ ROTR19 ^ SHR10")
    a.note("(§4.1.2). r12 = the address of W[t0-16]: the pass loads W[t0-16..t0-12], stores W + K")
    a.note("over W[t0-16..t0-13] (their last reader is this pass; lr walks K) and moves r12 on by")
    a.note("four words")
    a.addw(P, SP, S256_W)
    a.ldr(KP, SP, S256_KTAB)
    a.addw(END, SP, S256_W + 4 * 48)
    a.label("sched")
    a.ldm(P, A)
    for k, w in zip(Kv, A):
        a.ldr_post(k, KP, 4)
        a.dp("add", k, k, w)
    a.stm(P, Kv, wb=True)
    # r12 is now the address of W[t0-12]
    a.ldrd(Y[0], Y[1], P, 4 * 10)
    a.ldrd(Kv[0], Kv[1], P, 4 * 5)
    a.ldrd(Kv[2], Kv[3], P, 4 * 7)
    for j in range(4):
        # step t0 + j: W[t-16] in A[j] becomes W[t]; W[t-15] is A[j+1] (not yet replaced); W[t-7]
        # in Kv[j], then the temporary; W[t-2] in Y[j] or, from step 2 on, this pass's W[t-2]
        w, v, x, y = A[j], Kv[j], A[j + 1], (Y + A)[j]
        a.dp("add", w, w, v)
        a.sh("lsr", v, x, 3)
        a.dp("eor", v, v, x, "ror", 7)
        a.dp("eor", v, v, x, "ror", 18)
        a.dp("add", w, w, v)
        a.sh("lsr", v, y, 10)
        a.dp("eor", v, v, y, "ror", 17)
        a.dp("eor", v, v, y, "ror", 19)
        a.dp("add", w, w, v)
    a.strd(A[0], A[1], P, 4 * 12)
    a.strd(A[2], A[3], P, 4 * 14)
    a.cmp(P, END)
    a.b("ne", "sched")
    K_ = Y[0]
    a.note("W[48..63] += K[48..63], eight a pass through r0-r7, until r12 = the address of W[64]")
    a.addw(END, SP, S256_W + 4 * 64)
    a.label("tail")
    a.ldm(P, tmp)
    for r in tmp:
        a.ldr_post(K_, KP, 4)
        a.dp("add", r, r, K_)
    a.stm(P, tmp, wb=True)
    a.cmp(P, END)
    a.b("ne", "tail")

    # -- the rounds (§6.2.2 steps 2-3) ---------------------------------------------------------
    V = [4, 5, 6, 7, 8, 9, 10, 11]
    P = LR
    free, Z = [0, 1, 2, 3], 12  # r0-r3 take the next four W + K; r12 holds b ^ c
    a.note("the rounds: a..h = H0..H7 in r4-r11, lr = the address of W[0] + K[0], r12 = b ^ c")
    a.ldr(0, SP, S256_ST)
    a.ldm(0, V)
    a.addw(P, SP, S256_W)
    a.dp("eor", Z, V[1], V[2])
    a.label("pass")
    for t in range(8):
        r = [V[(i - t) % 8] for i in range(8)]  # registers of a..h in round t
        ra, rb, rc, rd, re, rf, rg, rh = r
        if t % 4 == 0:
            ws = sorted(free)  # LDM fills the lowest register from the lowest address
            free = []
            a.note("W[t] + K[t] of rounds 8 i + %d..%d into %s" % (
                t, t + 3, ", ".join(rn(x) for x in ws)))
            a.ldm(P, ws, wb=True)
        T = ws[t % 4]
        a.note("round 8 i + %d: a..h in %s; W + K in %s, b ^ c in %s" % (
            t, " ".join(rn(x) for x in r), rn(T), rn(Z)))
        # T1 = h + (W[t] + K[t]) + Σ1(e) + Ch(e, f, g), accumulated in h's register; T is then
        # the round's temporary
        a.dp("add", rh, rh, T)
        # Σ1(e) = ROTR6 ^ ROTR11 ^ ROTR25 = ROTR6(e ^ ROTR5(e) ^ ROTR19(e))
        a.dp("eor", T, re, re, "ror", 5)
        a.dp("eor", T, T, re, "ror", 19)
        a.dp("add", rh, rh, T, "ror", 6)
        # Ch(e, f, g) = (f ^ g) & e ^ g
        a.dp("eor", T, rf, rg)
        a.dp("and", T, T, re)
        a.dp("eor", T, T, rg)
        a.dp("add", rh, rh, T)
        # d += T1 (the next e)
        a.dp("add", rd, rd, rh)
        # h = T1 + Σ0(a) + Maj(a, b, c) (the next a); Σ0(a) = ROTR2(a ^ ROTR11(a) ^ ROTR20(a))
        a.dp("eor", T, ra, ra, "ror", 11)
        a.dp("eor", T, T, ra, "ror", 20)
        a.dp("add", rh, rh, T, "ror", 2)
        # Maj(a, b, c) = (a ^ b) & (b ^ c) ^ b; a ^ b stays in T (the next round's b ^ c), the
        # register of b ^ c is free
        a.dp("eor", T, ra, rb)
        a.dp("and", Z, Z, T)
        a.dp("eor", Z, Z, rb)
        a.dp("add", rh, rh, Z)
        free.append(Z)
        Z = T
    if (Z, sorted(free)) != (12, [0, 1, 2, 3]):
        raise ValueError("the round registers do not come back after eight rounds")
    X = free[0]
    a.note("next pass: eight rounds on (the registers are back), until lr = the address of W[64]")
    a.addw(X, SP, S256_W + 4 * 64)
    a.cmp(P, X)
    a.b("ne", "pass")
    a.note("H += a..h (§6.2.2 step 4); 64 renamings bring a..h back to r4-r11")
    S = LR
    a.ldr(S, SP, S256_ST)
    a.ldm(S, [0, 1, 2, 3])
    for i in range(4):
        a.dp("add", V[i], V[i], i)
    a.ldrd(0, 1, S, 16)
    a.ldrd(2, 3, S, 24)
    for i in range(4):
        a.dp("add", V[4 + i], V[4 + i], i)
    a.stm(S, V)
    a.ldr(3, SP, S256_N)
    a.subs_imm(3, 1)
    a.str_(3, SP, S256_N)
    a.b("ne", "block")
    a.label("done")
    a.add_sp(S256_FRAME)
    a.pop([8, 9, 10, 11])
    a.movs_imm(0, 0)


# -- SHA-512 (FIPS 180-4 §6.4.2) on 32-bit halves -----------------------------------------------

# Frame (sp-relative): the eight working variables as (high, low) word pairs at 0..63 (slot of
# variable i in round t: (i - t) mod 8), W[0..79] as pairs at 64..703 (W[t] + K[t] once the
# schedule no longer reads W[t]), the state pointer at 704, the message pointer at 708, blocks
# left at 712, the address of the K table at 716, the address of the round pass's W[8 i] at 720.
S512_V, S512_W, S512_ST, S512_IN, S512_N, S512_KTAB, S512_WK, S512_FRAME = 0, 64, 704, 708, 712, 716, 720, 728


def _ror64(amount):
    """The terms of a 64-bit ROTR by ``amount`` (not 0 or 32) on halves (h, l): for the high
    result word and for the low one, a list of (source half, shift, n)."""
    if amount < 32:
        return [("h", "lsr", amount), ("l", "lsl", 32 - amount)], [("l", "lsr", amount), ("h", "lsl", 32 - amount)]
    n = amount - 32
    return [("l", "lsr", n), ("h", "lsl", 32 - n)], [("h", "lsr", n), ("l", "lsl", 32 - n)]


def _shr64(amount):
    assert amount < 32
    return [("h", "lsr", amount)], [("l", "lsr", amount), ("h", "lsl", 32 - amount)]


def _xor_terms(a, d, terms, h, l):
    # d = XOR of the shifted halves (the first term a plain shift, the rest eor with shift)
    src = {"h": h, "l": l}
    (s0, k0, n0), rest = terms[0], terms[1:]
    a.sh(k0, d, src[s0], n0)
    for s, k, n in rest:
        a.dp("eor", d, d, src[s], k, n)


def _sigma64(a, dh, dl, h, l, parts):
    hi, lo = [], []
    for p in parts:
        ph, pl = p
        hi += ph
        lo += pl
    _xor_terms(a, dh, hi, h, l)
    _xor_terms(a, dl, lo, h, l)


def _add64(a, dh, dl, xh, xl):
    a.dp("add", dl, dl, xl, s=True)
    a.dp("adc", dh, dh, xh)


def sha512_body(a):
    """r0 = st, r1 = buf, r2 = off, r3 = nblocks. Each block in three loops: the message
    words to W[0..15]; the schedule W[16..79] (two steps a pass), each step also adding K to
    the W it read last (so the rounds read W[t] + K[t], one pair); the 80 rounds, eight
    written out and run ten times (the variables' frame slots turn every eight rounds). The
    working variables live in the frame; a, b and e are also kept in registers (a and e are
    the values the round before just computed, b was a), the pair a ^ b too (the next round's
    b ^ c for Maj). Register pairs are (high, low) and take turns in their roles (every four
    rounds the names are back)."""
    a.note("K[0..79] (FIPS 180-4 §4.2.3) as (high, low) words, read with LDR (any alignment)")
    table = _k_table(a, [w for k in K512 for w in (k >> 32, k & 0xFFFFFFFF)],
                     lambda i: "K[%d] %s" % (i >> 1, "low" if i & 1 else "high"))
    a.push([8, 9, 10, 11])
    a.addw(SP, SP, S512_FRAME, sub=True)
    a.cmp_imm(3, 0)
    a.b("eq", "done")
    a.dp("add", 1, 1, 2)
    a.str_(0, SP, S512_ST)
    a.str_(1, SP, S512_IN)
    a.str_(3, SP, S512_N)
    _k_address(a, 0, table)
    a.str_(0, SP, S512_KTAB)
    a.label("block")

    # -- the message schedule (§6.4.2 step 1), lr = the address of W[t] ------------------------
    P, IN, KP, END = LR, 12, 10, 11
    tmp = list(range(8))
    a.note("W[0..15]: the block's big-endian 64-bit words, as (high, low) pairs: the message's")
    a.note("32-bit words in order, each byte-reversed; eight a pass through r0-r7")
    a.ldr(IN, SP, S512_IN)
    a.addw(P, SP, S512_W)
    a.addw(END, SP, S512_W + 8 * 16)
    a.label("msg")
    for r in tmp:
        a.ldr_post(r, IN, 4)
    for r in tmp:
        a.rev(r, r)
    a.stm(P, tmp, wb=True)
    a.cmp(P, END)
    a.b("ne", "msg")
    a.str_(IN, SP, S512_IN)
    a.note("W[16..79], two a pass: W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16], σ0 = ROTR1 ^")
    a.note("ROTR8 ^ SHR7, σ1 = ROTR19 ^ ROTR61 ^ SHR6 (§4.1.3); then W[t-16] += K[t-16] (r10 walks K)")
    Wh, Wl, Th, Tl, X, Y, Kh, Kl = tmp
    a.ldr(KP, SP, S512_KTAB)
    a.addw(END, SP, S512_W + 8 * 80)
    a.label("sched")
    moved = 0  # how far lr has moved in this pass
    for q in range(2):
        at = 8 * q - moved  # W[t]'s offset from lr

        def ld(back):
            a.ldrd(X, Y, P, at - 8 * back)

        ld(15)
        _sigma64(a, Wh, Wl, X, Y, [_ror64(1), _ror64(8), _shr64(7)])
        ld(2)
        _sigma64(a, Th, Tl, X, Y, [_ror64(19), _ror64(61), _shr64(6)])
        _add64(a, Wh, Wl, Th, Tl)
        ld(7)
        _add64(a, Wh, Wl, X, Y)
        ld(16)
        _add64(a, Wh, Wl, X, Y)
        if at == 0:  # the pass's first step moves lr on by the whole pass
            a.strd_post(Wh, Wl, P, 16)
            moved, at = 16, at - 16
        else:
            a.strd(Wh, Wl, P, at)
        a.ldr_post(Kh, KP, 4)
        a.ldr_post(Kl, KP, 4)
        _add64(a, Kh, Kl, X, Y)
        a.strd(Kh, Kl, P, at - 8 * 16)
    a.cmp(P, END)
    a.b("ne", "sched")
    a.note("W[64..79] += K[64..79]: r11 walks them, two a pass, until lr (= the address of W[80])")
    a.addw(END, P, 8 * 16, sub=True)
    a.label("tail")
    for q in range(2):
        a.ldrd(X, Y, END, 0)
        a.ldr_post(Kh, KP, 4)
        a.ldr_post(Kl, KP, 4)
        _add64(a, Kh, Kl, X, Y)
        a.strd_post(Kh, Kl, END, 8)
    a.cmp(END, P)
    a.b("ne", "tail")

    # -- the rounds (§6.4.2 steps 2-3) ---------------------------------------------------------
    a.note("block: H0..H7 to the frame, H0..H5 through r0-r11, H6 and H7 through d and f's")
    a.note("registers; a, b, e and b ^ c into registers")
    A0, B0, Z0, E_ = (0, 1), (2, 3), (4, 5), (8, 9)
    a.ldr(12, SP, S512_ST)
    a.ldm(12, list(range(12)), wb=True)
    a.stm(SP, list(range(12)))
    a.ldm(12, [6, 7, 10, 11])
    a.strd(6, 7, SP, S512_V + 48)
    a.strd(10, 11, SP, S512_V + 56)
    a.dp("eor", Z0[0], B0[0], 4)  # b ^ c: c = H2 in r4, r5
    a.dp("eor", Z0[1], B0[1], 5)
    a.addw(12, SP, S512_W)
    a.str_(12, SP, S512_WK)
    A_, B_, Z_ = A0, B0, Z0
    free = [(6, 7), (10, 11), (12, LR)]

    def slot(var, t):
        return S512_V + 8 * ((var - t) % 8)

    a.label("pass")
    for t in range(8):
        (Wh, Wl), (Th, Tl), (X, Y) = free
        a.note("round 8 i + %d: a = %s:%s, b = %s:%s, e = %s:%s, b ^ c = %s:%s (high:low)" % (
            t, rn(A_[0]), rn(A_[1]), rn(B_[0]), rn(B_[1]), rn(E_[0]), rn(E_[1]), rn(Z_[0]), rn(Z_[1])))
        # T1 = h + (W[t] + K[t]) + Σ1(e) + Ch(e, f, g), in T
        a.ldrd(Th, Tl, SP, slot(7, t))
        a.ldr(X, SP, S512_WK)
        a.ldrd(X, Y, X, 8 * t)
        _add64(a, Th, Tl, X, Y)
        # Σ1(e) = ROTR14 ^ ROTR18 ^ ROTR41
        _sigma64(a, X, Y, E_[0], E_[1], [_ror64(14), _ror64(18), _ror64(41)])
        _add64(a, Th, Tl, X, Y)
        # Ch(e, f, g) = (f ^ g) & e ^ g, per half
        a.ldrd(Wh, Wl, SP, slot(5, t))
        a.ldrd(X, Y, SP, slot(6, t))
        a.dp("eor", Wh, Wh, X)
        a.dp("and", Wh, Wh, E_[0])
        a.dp("eor", Wh, Wh, X)
        a.dp("eor", Wl, Wl, Y)
        a.dp("and", Wl, Wl, E_[1])
        a.dp("eor", Wl, Wl, Y)
        _add64(a, Th, Tl, Wh, Wl)
        # e' = d + T1, into e's registers (e is dead now) and d's slot
        a.ldrd(X, Y, SP, slot(3, t))
        a.dp("add", E_[1], Y, Tl, s=True)
        a.dp("adc", E_[0], X, Th)
        a.strd(E_[0], E_[1], SP, slot(3, t))
        # Σ0(a) = ROTR28 ^ ROTR34 ^ ROTR39
        _sigma64(a, X, Y, A_[0], A_[1], [_ror64(28), _ror64(34), _ror64(39)])
        _add64(a, Th, Tl, X, Y)
        # Maj(a, b, c) = (a ^ b) & (b ^ c) ^ b; a ^ b goes to W's registers (the next Z)
        a.dp("eor", Wh, A_[0], B_[0])
        a.dp("and", X, Wh, Z_[0])
        a.dp("eor", X, X, B_[0])
        a.dp("eor", Wl, A_[1], B_[1])
        a.dp("and", Y, Wl, Z_[1])
        a.dp("eor", Y, Y, B_[1])
        _add64(a, Th, Tl, X, Y)
        # a' = T1 + T2, into h's slot
        a.strd(Th, Tl, SP, slot(7, t))
        # rename: b' = a, a' = T, Z' = W; next round's W is this Z, T this X:Y, X:Y this b:
        # a pair goes T, a, b, X:Y (four rounds), another W, Z (two)
        free = [Z_, (X, Y), B_]
        A_, B_, Z_ = (Th, Tl), A_, (Wh, Wl)
    if (A_, B_, Z_) != (A0, B0, Z0):
        raise ValueError("the round registers do not come back after eight rounds")
    X, Y = free[2]
    a.note("next pass: eight rounds on (the frame slots and registers are back)")
    a.ldr(X, SP, S512_WK)
    a.add_imm(X, X, 64)
    a.str_(X, SP, S512_WK)
    a.addw(Y, SP, S512_W + 8 * 80)
    a.cmp(X, Y)
    a.b("ne", "pass")
    a.note("H += a..h (§6.4.2 step 4), 64-bit adds; 80 renamings bring the slots back")
    r = [0, 1, 2, 3, 12]
    a.ldr(r[0], SP, S512_ST)
    st = r[0]
    x0, x1, y0, y1 = r[1], r[2], r[3], r[4]
    for i in range(8):
        a.ldrd(x0, x1, st, 8 * i)
        a.ldrd(y0, y1, SP, S512_V + 8 * i)
        _add64(a, x0, x1, y0, y1)
        a.strd(x0, x1, st, 8 * i)
    a.ldr(3, SP, S512_N)
    a.subs_imm(3, 1)
    a.str_(3, SP, S512_N)
    a.b("ne", "block")
    a.label("done")
    a.addw(SP, SP, S512_FRAME)
    a.pop([8, 9, 10, 11])
    a.movs_imm(0, 0)
    return A_


# -- SHA-1 (FIPS 180-4 §6.1.2) ------------------------------------------------------------------

# Frame (sp-relative): W[0..79], the whole message schedule of the block, at 4 t.
S1_FRAME = 320


def sha1_body(a):
    """r0 = st (H0..H4), r1 = buf, r2 = off, r3 = nblocks. a..e in r4-r8, renamed round to
    round (round t's a is the register of round t-1's e), so five rounds bring the names
    back: the rounds run as loops over five written-out rounds, one loop per round function
    (rounds 0-14 Ch on message words; 15-19 written out, the first rounds of the schedule;
    20-39 parity; 40-59 Maj; 60-79 parity again, the same code). W[0..79] on the stack, lr
    = the address of W[t] at the start of round t (each round stores its W[t] with a
    post-increment, so W[t-k] is at [lr, #-4 k] in every round), r10 = where lr stops the
    loop, K in r9 (set once per 20 rounds); r1 walks the message; r2 and r12 are
    temporaries."""
    V, K, W, T, P, END = (4, 5, 6, 7, 8), 9, 2, 12, LR, 10

    def rnd(t, f):
        # round t with round function f ("ch", "parity" or "maj"): its registers depend on t mod 5
        # only, so in a loop it stands for every round t + 5 i
        ra, rb, rc, rd, re = (V[(i - t) % 5] for i in range(5))
        if t < 16:  # W[t]: the block's big-endian word t (§3.1)
            a.ldr_post(W, 1, 4)
            a.rev(W, W)
        else:  # W[t] = ROTL1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]) (§6.1.2 step 1)
            a.ldr_neg(W, P, 4 * 3)
            for back in (8, 14, 16):
                a.ldr_neg(T, P, 4 * back)
                a.dp("eor", W, W, T)
            a.ror(W, W, 31)
        a.str_post(W, P, 4)
        # e += W + K + f(b, c, d) + ROTL5(a); b = ROTL30(b) (§6.1.2 step 3, §4.1.1)
        a.dp("add", re, re, W)
        a.dp("add", re, re, K)
        if f == "ch":  # Ch = d ^ b & (c ^ d)
            a.dp("eor", T, rc, rd)
            a.dp("and", T, T, rb)
            a.dp("eor", T, T, rd)
        elif f == "maj":  # Maj = b & c + d & (b ^ c) (the two terms share no bit)
            a.dp("and", T, rb, rc)
            a.dp("add", re, re, T)
            a.dp("eor", T, rb, rc)
            a.dp("and", T, T, rd)
        else:  # Parity = b ^ c ^ d
            a.dp("eor", T, rb, rc)
            a.dp("eor", T, T, rd)
        a.dp("add", re, re, T)
        a.dp("add", re, re, ra, "ror", 27)
        a.ror(rb, rb, 2)

    def passes(f, t0, t_end):
        # K = K_t of rounds t0.., then the loop (labelled f) of rounds t0..t0+4 with round
        # function f, run until lr = &W[t_end]: each pass is five rounds further on, a..e
        # back in r4-r8, the same offsets from lr
        a.const(K, K160[t0 // 20])
        a.addw(END, SP, 4 * t_end)
        a.label(f)
        for t in range(t0, t0 + 5):
            rnd(t, f)
        a.cmp(P, END)
        a.b("ne", f)

    a.push([8, 9, 10])
    a.sub_sp(S1_FRAME)
    a.cmp_imm(3, 0)
    a.b("eq", "done")
    a.dp("add", 1, 1, 2)
    a.ldm(0, list(V))
    a.label("block")
    a.note("block: a..e = H0..H4 in r4-r8, lr = the address of W[0]")
    a.addw(P, SP, 0)
    a.note("rounds 0-14: K = %#010x, Ch; three passes of 5 rounds, W[t] from the message" % K160[0])
    passes("ch", 0, 15)
    a.note("rounds 15-19: W[15] the message's last word, W[16..19] the first of the schedule")
    for t in range(15, 20):
        rnd(t, "ch")
    a.note("rounds 20-39: K = %#010x, parity; rounds 60-79 run the same passes" % K160[1])
    passes("parity", 20, 40)
    a.note("after round 79 (lr = &W[80]) the block is done; after round 39 the Maj rounds follow")
    a.addw(T, SP, 4 * 80)
    a.cmp(P, T)
    a.b("eq", "last")
    a.note("rounds 40-59: K = %#010x, Maj" % K160[2])
    passes("maj", 40, 60)
    a.note("rounds 60-79: K = %#010x, the parity passes again" % K160[3])
    a.const(K, K160[3])
    a.addw(END, SP, 4 * 80)
    a.b("al", "parity")
    a.label("last")
    a.note("H += a..e (§6.1.2 step 4): 80 renamings are 16 turns of five, the names are back")
    for i, v in enumerate(V):
        a.ldr(T, 0, 4 * i)
        a.dp("add", v, v, T)
        a.str_(v, 0, 4 * i)
    a.subs_imm(3, 1)
    a.b("ne", "block")
    a.label("done")
    a.add_sp(S1_FRAME)
    a.pop([8, 9, 10])
    a.movs_imm(0, 0)


# -- MD5 (RFC 1321 §3.4) -------------------------------------------------------------------------

# Frame (sp-relative): the block's words twice, X[0..15] at 0 and again at 64, so that the
# words a step reads sit at fixed offsets from a pointer that moves 16 bytes a pass.
MD5_FRAME = 128


def md5_walk(k0, dk):
    """Where round (k0, dk)'s steps find X[k] in the doubled copy: step 4 p + q (p the pass)
    reads word k = (k0 + dk (4 p + q)) mod 16 = (c_q + 4 dk p) mod 16, c_q = (k0 + dk q) mod 16;
    4 dk = +-4 mod 16 (dk = 1, 5: +4; 3, 7: -4), so with copy index c_q + 16 m_q (m_q = 0 or 1,
    the one that stays in 0..31 for p = 0..3) the word moves by s = +-4 words a pass, the same
    for the four steps. Returns s and the four copy indices of pass 0."""
    s = 4 if dk * 4 % 16 == 4 else -4
    idx = []
    for q in range(4):
        c = (k0 + dk * q) % 16
        idx.append(next(c + 16 * m for m in (0, 1) if all(0 <= c + 16 * m + s * p < 32 for p in range(4))))
    return s, idx


def md5_body(a):
    """r0 = st (A, B, C, D), r1 = buf, r2 = off, r3 = nblocks. a..d in r4-r7, renamed step to
    step (step i's a is the register of step i-1's d), so four steps bring the names back, and
    the rotations repeat every four steps: each round of 16 steps is a loop of four passes over
    four written-out steps. The block's words are copied twice to the frame (X[0..15] at sp,
    again at sp + 64); r8 walks the copy (in each pass the last step's load moves it 16 bytes
    on or back, ``md5_walk``); T[i] from a table in the code, r9 walking it, r10 = where r9
    ends the round's loop; r2 (X[k]), r12 (T[i]) and lr (f) are temporaries."""
    V, X, K, F, P, TP, END = (4, 5, 6, 7), 2, 12, LR, 8, 9, 10
    a.note("T[1..64] (RFC 1321 §3.4), read with LDR (any alignment)")
    table = _k_table(a, md5_t(), lambda i: "T[%d]" % (i + 1))
    a.push([8, 9, 10])
    a.sub_sp(MD5_FRAME)
    a.cmp_imm(3, 0)
    a.b("eq", "done")
    a.dp("add", 1, 1, 2)
    _k_address(a, TP, table)
    a.label("block")
    a.note("block: X[0..15] (little-endian, §3.4; LDR at any alignment) to sp and sp + 64, in")
    a.note("two halves of eight through r2, r4-r7, r10, r12, lr; then a..d = A..D in r4-r7")
    tmp = [X] + list(V) + [END, K, F]
    for half in range(2):
        for r in tmp:
            a.ldr_post(r, 1, 4)
        if half == 0:
            a.stm(SP, tmp)
            a.addw(P, SP, 64)
            a.stm(P, tmp, wb=True)
        else:
            a.stm(P, tmp)
            a.addw(P, SP, 32)
            a.stm(P, tmp)
    a.ldm(0, list(V))
    funcs = ("F = d ^ b & (c ^ d)", "G = c ^ d & (b ^ c)", "H = b ^ c ^ d", "I = c ^ (b | ~d)")
    for rd_, ((k0, dk), rots) in enumerate(MD5_ROUNDS):
        s, idx = md5_walk(k0, dk)
        a.note("round %d: %s; step %d + 4 p + q (pass p, q = 0..3) reads X[(%d + %d (4 p + q)) mod 16]," % (
            rd_ + 1, funcs[rd_], 16 * rd_, k0, dk))
        a.note("the copy's words %s (q = 0..3) %s 4 p" % (", ".join(str(c) for c in idx), "+" if s > 0 else "-"))
        a.addw(P, SP, 4 * idx[3])
        a.add_imm(END, TP, 64)
        label = "round%d" % (rd_ + 1)
        a.label(label)
        for q in range(4):
            ra, rb, rc, rd = (V[(n - q) % 4] for n in range(4))
            # a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s); r8 points at the last step's word
            if q < 3:
                back = 4 * (idx[q] - idx[3])
                if back < 0:
                    a.ldr_neg(X, P, -back)
                else:
                    a.ldr(X, P, back)
            else:
                a.ldr_post(X, P, 4 * s)
            a.ldr_post(K, TP, 4)
            a.dp("add", ra, ra, X)
            a.dp("add", ra, ra, K)
            if rd_ == 0:
                a.dp("eor", F, rc, rd)
                a.dp("and", F, F, rb)
                a.dp("eor", F, F, rd)
            elif rd_ == 1:
                a.dp("eor", F, rb, rc)
                a.dp("and", F, F, rd)
                a.dp("eor", F, F, rc)
            elif rd_ == 2:
                a.dp("eor", F, rb, rc)
                a.dp("eor", F, F, rd)
            else:
                a.dp("orn", F, rb, rd)
                a.dp("eor", F, F, rc)
            a.dp("add", ra, ra, F)
            a.dp("add", ra, rb, ra, "ror", 32 - rots[q])
        a.cmp(TP, END)
        a.b("ne", label)
    a.note("A..D += a..d (§3.4): 64 renamings are 16 turns of four, the names are back")
    a.ldm(0, [X, END, K, F])
    for v, r in zip(V, (X, END, K, F)):
        a.dp("add", v, v, r)
    a.stm(0, list(V))
    a.addw(TP, TP, 256, sub=True)
    a.subs_imm(3, 1)
    a.b("ne", "block")
    a.label("done")
    a.add_sp(MD5_FRAME)
    a.pop([8, 9, 10])
    a.movs_imm(0, 0)


# -- module text ----------------------------------------------------------------------------------

def module_text(title, doc, body_fn, tool="tools.thumb.gen_sha"):
    a = Asm(ual=True)
    body_fn(a)
    L = []
    w = L.append
    w(generated_line(tool).rstrip("\n"))
    w('"""%s' % title)
    w("")
    for line in doc:
        w(line)
    w('"""')
    w("")
    w("import micropython")
    w("")
    w("from mpcrypto._cpu import thumb2 as probe  # noqa: F401 (what the seam's chain requires)")
    w("")
    w("")
    w("@micropython.asm_thumb")
    w("def compress(r0, r1, r2, r3):")
    w("    # r0 = st, r1 = buf, r2 = off, r3 = nblocks; returns 0 (a small int: no allocation).")
    pending = []

    def flush():
        if not pending:
            return
        w("    data(")
        w("        2,")
        for hws, text in pending:
            w("        %s  # %s" % (" ".join("0x%04X," % h for h in hws), text))
        w("    )")
        pending.clear()

    for hws, text in a.assemble():
        if hws == "#":
            flush()
            w("    # " + text)
        else:
            pending.append((hws, text))
            if len(pending) >= 48:
                flush()
    flush()
    return "\n".join(L) + "\n"


SHA256_DOC = [
    "Backend surface shared with ``sha256_viper`` (the public classes in ``sha256`` are the only",
    "callers; nothing here validates)::",
    "",
    "    compress(st, buf, off, nblocks)",
    "",
    "``st`` is the ``array('I')`` of the hash object (H0..H7, FIPS 180-4 §6.2; its scratch words",
    "are not used: the schedule is on the stack), ``buf[off:off + 64 * nblocks]`` is hashed in",
    "place, whole blocks, no allocation. Each block runs four loops over W[0..63] on the stack",
    "(272-byte frame): the message words to W[0..15]; the schedule W[16..63], four steps a pass,",
    "each pass also adding K[t] to the four W[t] it reads for the last time, so that the rounds",
    "read W[t] + K[t] as one word; K added to W[48..63]; then the 64 rounds, eight written out",
    "and run eight times (an eighth of the code of 64 unrolled rounds, for a firmware's flash).",
    "a..h stay in r4-r11, renamed round to round; W is read and written several words at a",
    "time (LDM/STM, LDRD/STRD: the stack is word aligned), each round's W[t] + K[t] arriving in",
    "the register that is then the round's temporary. K[t] is read with LDR (frozen code is only",
    "halfword aligned) from a table inside the code, found from the PC. Instructions per byte",
    "on emulated Cortex-M cores: host_tests/test_thumb_sha.py counts them exactly.",
    "",
    "Constant time: no branch depends on the data (the branches count passes and blocks), and",
    "every load and store address depends only on the round and the block: the K table is read",
    "at fixed offsets. Cortex-M3/M4/M7 execute every instruction used here in a fixed number of",
    "cycles whatever the data (unaligned message loads cost the same for every message).",
    "",
    "Runs on: Cortex-M3, M4, M7, M33, M55, M85 (ARMv7-M base Thumb-2: shifted-register ALU",
    "forms, REV, LDRD/STRD, LDM/STM; no DSP instruction): the seam takes it only where",
    "``mpcrypto._cpu`` finds feature ``thumb2`` (other cores, M0/M0+/M23, would fault; a hosted",
    "port has no System Control Block to read). Elsewhere (no asm_thumb) the module does not",
    "compile and the seam moves on to viper.",
]

SHA512_DOC = [
    "Backend surface shared with ``sha512_viper``::",
    "",
    "    compress(st, buf, off, nblocks)",
    "",
    "``st`` is the ``array('I')`` of the hash object: H0..H7 as (high, low) 32-bit halves",
    "(FIPS 180-4 §6.4; its scratch words are not used), ``buf[off:off + 128 * nblocks]`` is hashed",
    "in place, whole blocks, no allocation. 64-bit words as 32-bit register pairs: a 64-bit",
    "add is ADDS + ADC; a 64-bit rotate is built from shifts of both halves, XORed with the",
    "shifted-register forms. Each block runs three loops: the message words to W[0..15]; the",
    "schedule W[16..79] on the stack (two steps written out, a pointer walking W so that",
    "W[t-2], W[t-7], W[t-15] and W[t-16] are at fixed offsets below it), each step also adding",
    "K[t-16] to the W[t-16] it has read for the last time, so that the rounds read W[t] + K[t]",
    "as one pair; then the 80 rounds, eight written out and run ten times (a tenth of the code",
    "of 80 unrolled rounds, for a firmware's flash). The working variables live in the frame",
    "(728 bytes with W) with a, b, e and a ^ b also kept in registers; K[t] read from a table",
    "inside the code, found from the PC. Instructions per byte on emulated Cortex-M cores:",
    "host_tests/test_thumb_sha.py counts them exactly.",
    "",
    "Constant time: no branch depends on the data (the branches count passes and blocks), and",
    "every load and store address depends only on the round and the block: the K table is read",
    "at fixed offsets.",
    "",
    "Runs on: Cortex-M3, M4, M7, M33, M55, M85 (no DSP instruction), chosen as",
    "``sha256_thumb``.",
]

SHA1_DOC = [
    "Backend surface shared with ``sha1_viper``::",
    "",
    "    compress(st, buf, off, nblocks)",
    "",
    "``st`` is the ``array('I')`` of the hash object: H0..H4 (FIPS 180-4 §6.1; its scratch words",
    "are not used), ``buf[off:off + 64 * nblocks]`` is hashed in place, whole blocks, no",
    "allocation. a..e stay in r4-r8, renamed round to round, so every five rounds the names are",
    "back: five rounds are written out per round function and run in a loop (rounds 0-14 Ch on",
    "the message words, three passes; 20-39 parity, four passes; 40-59 Maj, four; 60-79 the",
    "parity passes again), rounds 15-19 once: 20 rounds written out, about a quarter of the",
    "code of 80 unrolled ones. W[0..79] on the stack (320-byte frame); each round stores its",
    "W[t] with a post-increment, so W[t-3], W[t-8], W[t-14] and W[t-16] are at the same offsets",
    "below the pointer in every pass; K_t set with movw/movt once per 20 rounds; the rotations",
    "are the shifted-register forms of ADD and ROR. Instructions per byte on emulated Cortex-M",
    "cores: host_tests/test_thumb_sha.py counts them exactly.",
    "",
    "Constant time: no branch depends on the data (the branches count passes, by the schedule",
    "pointer, and blocks), and every load and store address depends only on the round and the",
    "block; no table lookups.",
    "",
    "Runs on: Cortex-M3, M4, M7, M33, M55, M85 (no DSP instruction), chosen as",
    "``sha256_thumb``.",
]

MD5_DOC = [
    "Backend surface shared with ``md5_viper``::",
    "",
    "    compress(st, buf, off, nblocks)",
    "",
    "``st`` is the ``array('I')`` of the hash object (A, B, C, D of RFC 1321 §3.3),",
    "``buf[off:off + 64 * nblocks]`` is hashed in place, whole blocks, no allocation. a..d stay",
    "in r4-r7, renamed step to step, so every four steps the names are back, and so are the",
    "rotations: each round of 16 steps is a loop of four passes over four written-out steps,",
    "16 steps of code instead of 64. The block's words X[0..15] are read once (little-endian, as",
    "§3.4 reads them; ARMv7-M loads words at any alignment) and stored twice on the stack",
    "(128-byte frame): the word a step reads then moves by four words a pass, forwards in",
    "rounds 1 and 2, backwards in 3 and 4, so every step loads at a fixed offset from a pointer",
    "that the pass's last load moves. T[i] is read from a table inside the code, found from the",
    "PC. The rotation and the add of b are one ADD with a rotated operand. Instructions per byte",
    "on emulated Cortex-M cores: host_tests/test_thumb_sha.py counts them exactly.",
    "",
    "Constant time: no branch depends on the data (the branches count passes, by the T table",
    "pointer, and blocks), and every load and store address depends only on the step and the",
    "block: the T table is read at fixed offsets.",
    "",
    "Runs on: Cortex-M3, M4, M7, M33, M55, M85 (ORN and the shifted-register forms are ARMv7-M",
    "base Thumb-2; no DSP instruction), chosen as ``sha256_thumb``.",
]


def generate():
    """The texts of the four modules, in the order of ``OUTS``."""
    return (
        module_text(
            "SHA-256 compression in Thumb-2 assembly: FIPS 180-4 §6.2.2, many 64-byte blocks per call.",
            SHA256_DOC, sha256_body),
        module_text(
            "SHA-512 compression in Thumb-2 assembly: FIPS 180-4 §6.4.2, many 128-byte blocks per call.",
            SHA512_DOC, sha512_body),
        module_text(
            "SHA-1 compression in Thumb-2 assembly: FIPS 180-4 §6.1.2, many 64-byte blocks per call.",
            SHA1_DOC, sha1_body),
        module_text(
            "MD5 compression in Thumb-2 assembly: RFC 1321 §3.4, many 64-byte blocks per call.",
            MD5_DOC, md5_body),
    )


def main(argv=None):
    return write_or_check(OUTS, generate, "tools.thumb.gen_sha", argv)


if __name__ == "__main__":
    sys.exit(main())
