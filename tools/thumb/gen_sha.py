"""Writes the Thumb-2 compression kernels of the Merkle-Damgard hashes,
``modules/mpcrypto/hash/sha256_thumb.py``, ``sha512_thumb.py``, ``sha1_thumb.py`` and
``md5_thumb.py`` (asm_thumb), from FIPS 180-4 and RFC 1321 with the encoder of
``tools/thumb/asm.py``.

    python -m tools.thumb.gen_sha          # (re)write the four modules
    python -m tools.thumb.gen_sha --check  # exit 1 if they differ from what it writes

Why generated: the rounds are written out (MD5's 64; elsewhere a pass that a loop repeats:
SHA-256's rounds 16-31 three times after rounds 0-15, SHA-512's 16 rounds five times,
SHA-1's five rounds of each round function), the working variables are renamed from round
to round instead of moved (the register or stack slot that held h receives the new a, the
one that held d the new e), and the message schedule lives in a 16-entry ring whose slot of
W[t] is t mod 16 (SHA-1's in W[0..79], at fixed offsets below a pointer that every round
advances): every register number and offset is a constant that this script works out once.

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
from tools.gen import write_or_check
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

# Frame (sp-relative): W ring 16 words at 0, the state pointer at 64, blocks left at 68, the
# address of the K table at 72, the pass's K[16 i] at 76.
S256_KTAB, S256_K, S256_FRAME = 72, 76, 80


def sha256_body(a, end=None):
    """The kernel after MicroPython's entry (push {r1, r4-r7, lr}): r0 = st, r1 = buf,
    r2 = off, r3 = nblocks. Register use: a..h in r4-r11 (renamed each round), r1 the
    message pointer, r0/r2/r3 temporaries (W, x, y), r12 and lr hold a ^ b of one round for
    the next round's Maj (alternately). Rounds 0-15 (message words, K by movw/movt) are
    written out once; rounds 16-31 are written out and run three times a block (rounds
    16-63: the ring offsets, the renaming and r12/lr repeat every 16 rounds), K[t] read from
    a table in the code."""
    V = [4, 5, 6, 7, 8, 9, 10, 11]
    IN, W, X, Y = 1, 0, 2, 3
    ZZ = [12, LR]
    a.note("K[16..63] (FIPS 180-4 §4.2.2), read with LDR (any alignment)")
    table = _k_table(a, K256[16:], lambda i: "K[%d]" % (16 + i))
    a.push([8, 9, 10, 11])
    a.sub_sp(S256_FRAME)
    a.cmp_imm(3, 0)
    a.b("eq", "done")
    a.dp("add", IN, IN, 2)
    a.str_(0, SP, 64)
    a.str_(3, SP, 68)
    a.ldm(0, V)
    _k_address(a, X, table)
    a.str_(X, SP, S256_KTAB)
    a.label("block")
    a.note("block: a..h = H0..H7 in r4-r11; r12 = b ^ c for round 0's Maj")
    a.dp("eor", ZZ[0], V[1], V[2])
    for t in range(32):
        r = [V[(i - t) % 8] for i in range(8)]  # registers of a..h in round t
        ra, rb, rc, rd, re, rf, rg, rh = r
        z, y = ZZ[t % 2], ZZ[(t + 1) % 2]  # z = b ^ c (from the round before), y := a ^ b
        if t == 16:
            a.note("rounds 16-63: three passes of the next 16 rounds, K from the table")
            a.ldr(X, SP, S256_KTAB)
            a.str_(X, SP, S256_K)
            a.label("pass")
        a.note("round %s: a..h in %s" % (t if t < 16 else "16 i + %d" % t, " ".join(rn(x) for x in r)))
        if t < 16:
            a.ldr_post(W, IN, 4)
            a.rev(W, W)
        else:
            # W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16] (§6.2.2 step 1), with
            # σ0(x) = ROTR7 ^ ROTR18 ^ SHR3, σ1(x) = ROTR17 ^ ROTR19 ^ SHR10 (§4.1.2)
            a.ldr(X, SP, 4 * ((t - 15) % 16))
            a.ldr(Y, SP, 4 * ((t - 2) % 16))
            a.sh("lsr", W, X, 3)
            a.dp("eor", W, W, X, "ror", 7)
            a.dp("eor", W, W, X, "ror", 18)
            a.sh("lsr", X, Y, 10)
            a.dp("eor", X, X, Y, "ror", 17)
            a.dp("eor", X, X, Y, "ror", 19)
            a.dp("add", W, W, X)
            a.ldr(X, SP, 4 * ((t - 16) % 16))
            a.dp("add", W, W, X)
            a.ldr(X, SP, 4 * ((t - 7) % 16))
            a.dp("add", W, W, X)
        a.str_(W, SP, 4 * (t % 16))
        # T1 = h + Σ1(e) + Ch(e, f, g) + K[t] + W[t], accumulated in h's register
        a.dp("add", rh, rh, W)
        if t < 16:
            a.const(X, K256[t])
        else:
            a.ldr(X, SP, S256_K)
            a.ldr(X, X, 4 * (t - 16))
        a.dp("add", rh, rh, X)
        # Σ1(e) = ROTR6 ^ ROTR11 ^ ROTR25 = ROTR6(e ^ ROTR5(e) ^ ROTR19(e))
        a.dp("eor", X, re, re, "ror", 5)
        a.dp("eor", X, X, re, "ror", 19)
        a.dp("add", rh, rh, X, "ror", 6)
        # Ch(e, f, g) = (f ^ g) & e ^ g
        a.dp("eor", X, rf, rg)
        a.dp("and", X, X, re)
        a.dp("eor", X, X, rg)
        a.dp("add", rh, rh, X)
        # d += T1 (the next e)
        a.dp("add", rd, rd, rh)
        # h = T1 + Σ0(a) + Maj(a, b, c) (the next a); Σ0(a) = ROTR2(a ^ ROTR11(a) ^ ROTR20(a))
        a.dp("eor", X, ra, ra, "ror", 11)
        a.dp("eor", X, X, ra, "ror", 20)
        a.dp("add", rh, rh, X, "ror", 2)
        # Maj(a, b, c) = (a ^ b) & (b ^ c) ^ b; a ^ b is the next round's b ^ c
        a.dp("eor", y, ra, rb)
        a.dp("and", X, y, z)
        a.dp("eor", X, X, rb)
        a.dp("add", rh, rh, X)
    a.ldr(X, SP, S256_K)
    a.add_imm(X, X, 64)
    a.str_(X, SP, S256_K)
    a.ldr(Y, SP, S256_KTAB)
    a.add_imm(Y, Y, 192)
    a.cmp(X, Y)
    a.b("ne", "pass")
    a.note("H += a..h (§6.2.2 step 4); 64 renamings bring a..h back to r4-r11")
    a.ldr(0, SP, 64)
    for i in range(8):
        a.ldr(X, 0, 4 * i)
        a.dp("add", V[i], V[i], X)
    a.stm(0, V)
    a.ldr(3, SP, 68)
    a.subs_imm(3, 1)
    a.str_(3, SP, 68)
    a.b("ne", "block")
    a.label("done")
    a.add_sp(S256_FRAME)
    a.pop([8, 9, 10, 11])
    a.movs_imm(0, 0)


# -- SHA-512 (FIPS 180-4 §6.4.2) on 32-bit halves -----------------------------------------------

# Frame (sp-relative): the eight working variables as (high, low) word pairs at 0..63 (slot of
# variable i in round t: (i - t) mod 8), the W ring of 16 pairs at 64..191, the state pointer
# at 192, the message pointer at 196, blocks left at 200, the pass's K[16 i] at 204, the end of
# the K table at 208.
S512_V, S512_W, S512_ST, S512_IN, S512_N, S512_K, S512_KEND, S512_FRAME = 0, 64, 192, 196, 200, 204, 208, 216


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
    """r0 = st, r1 = buf, r2 = off, r3 = nblocks. The working variables live in the frame;
    a, b and e are also kept in registers (a and e are the values the round before just
    computed, b was a), the pair a ^ b too (the next round's b ^ c for Maj). Register pairs
    are (high, low) and rotate through a pool as values die. 16 rounds are written out and
    run five times per block; K[t] is read from a table in the code."""
    a.note("K[0..79] (FIPS 180-4 §4.2.3) as (high, low) words, read with LDR (any alignment)")
    table = _k_table(a, [w for k in K512 for w in (k >> 32, k & 0xFFFFFFFF)],
                     lambda i: "K[%d] %s" % (i >> 1, "low" if i & 1 else "high"))
    a.push([8, 9, 10, 11])
    a.sub_sp(S512_FRAME)
    a.cmp_imm(3, 0)
    a.b("eq", "done")
    a.dp("add", 1, 1, 2)
    a.str_(0, SP, S512_ST)
    a.str_(1, SP, S512_IN)
    a.str_(3, SP, S512_N)
    a.label("block")
    a.note("block: copy H0..H7 to the frame; a, b, e and b ^ c into registers")
    # registers: pool of 14 (r0-r12, lr)
    A0, B0, E_, Z0 = (4, 5), (6, 7), (8, 9), (10, 11)
    A_, B_, Z_ = A0, B0, Z0
    a.ldr(0, SP, S512_ST)
    for i in range(0, 8, 2):
        # H[i], H[i+1] (four words) through r1, r2, r3, r12
        a.ldrd(1, 2, 0, 8 * i)
        a.ldrd(3, 12, 0, 8 * i + 8)
        a.strd(1, 2, SP, S512_V + 8 * i)
        a.strd(3, 12, SP, S512_V + 8 * i + 8)
        if i == 0:
            a.ldrd(A_[0], A_[1], 0, 0)
            a.ldrd(B_[0], B_[1], 0, 8)
        if i == 2:
            a.dp("eor", Z_[0], B_[0], 1)  # b ^ c, c = H2 in r1, r2
            a.dp("eor", Z_[1], B_[1], 2)
        if i == 4:
            a.ldrd(E_[0], E_[1], 0, 32)
    a.note("W[0..15]: the block's big-endian 64-bit words (§6.4.2 step 1) into the ring")
    a.ldr(0, SP, S512_IN)
    for t in range(16):
        a.ldr(1, 0, 8 * t)
        a.ldr(2, 0, 8 * t + 4)
        a.rev(1, 1)
        a.rev(2, 2)
        a.strd(1, 2, SP, S512_W + 8 * t)
    _k_address(a, 0, table)
    a.str_(0, SP, S512_K)
    a.addw(0, 0, 640)
    a.str_(0, SP, S512_KEND)
    free = [0, 1, 2, 3, 12, LR]

    def slot(var, t):
        return S512_V + 8 * ((var - t) % 8)

    def ring(t):
        return S512_W + 8 * (t % 16)

    a.label("pass")
    for t in range(16):
        # Temporaries: W pair, T pair, X, Y from the free pool (6 registers).
        Wh, Wl, Th, Tl, X, Y = free
        a.note("round 16 i + %d: a = %s:%s, b = %s:%s, e = %s:%s, b ^ c = %s:%s (high:low)" % (
            t, rn(A_[0]), rn(A_[1]), rn(B_[0]), rn(B_[1]), rn(E_[0]), rn(E_[1]), rn(Z_[0]), rn(Z_[1])))
        # The schedule one pass ahead, over W[t] in the ring (§6.4.2 step 1): W[t + 16] =
        # σ1(W[t+14]) + W[t+9] + σ0(W[t+1]) + W[t], σ0 = ROTR1 ^ ROTR8 ^ SHR7, σ1 = ROTR19 ^
        # ROTR61 ^ SHR6 (§4.1.3). The last pass's is not used (the next block reloads W).
        a.ldrd(X, Y, SP, ring(t + 1))
        _sigma64(a, Wh, Wl, X, Y, [_ror64(1), _ror64(8), _shr64(7)])
        a.ldrd(X, Y, SP, ring(t + 14))
        _sigma64(a, Th, Tl, X, Y, [_ror64(19), _ror64(61), _shr64(6)])
        _add64(a, Wh, Wl, Th, Tl)
        a.ldrd(X, Y, SP, ring(t + 9))
        _add64(a, Wh, Wl, X, Y)
        a.ldrd(X, Y, SP, ring(t))
        _add64(a, Wh, Wl, X, Y)
        a.strd(Wh, Wl, SP, ring(t))
        # T1 = h + W[t] + K[t] + Σ1(e) + Ch(e, f, g), in T (W[t] in X:Y)
        a.ldrd(Th, Tl, SP, slot(7, t))
        _add64(a, Th, Tl, X, Y)
        a.ldr(X, SP, S512_K)
        a.ldr(Y, X, 8 * t + 4)
        a.ldr(X, X, 8 * t)
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
        # rename: b' = a, a' = T, Z' = W; b and Z's registers join the pool
        free = [B_[0], B_[1], Z_[0], Z_[1], X, Y]
        A_, B_, Z_ = (Th, Tl), A_, (Wh, Wl)
    a.note("16 renamings are not a whole turn of the five pairs: move a, b and b ^ c back")
    moves = [(d, s_) for dp, sp in ((A0, A_), (B0, B_), (Z0, Z_)) for d, s_ in zip(dp, sp) if d != s_]
    while moves:  # a destination that no pending move still reads goes first
        i = next(i for i, (d, _) in enumerate(moves) if all(s_ != d for _, s_ in moves))
        d, s_ = moves.pop(i)
        a.mov(d, s_)
    A_, B_, Z_ = A0, B0, Z0
    X, Y = 12, LR
    a.ldr(X, SP, S512_K)
    a.add_imm(X, X, 128)
    a.str_(X, SP, S512_K)
    a.ldr(Y, SP, S512_KEND)
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
    a.ldr(x0, SP, S512_IN)
    a.add_imm(x0, x0, 128)
    a.str_(x0, SP, S512_IN)
    a.ldr(3, SP, S512_N)
    a.subs_imm(3, 1)
    a.str_(3, SP, S512_N)
    a.b("ne", "block")
    a.label("done")
    a.add_sp(S512_FRAME)
    a.pop([8, 9, 10, 11])
    a.movs_imm(0, 0)
    return A_


# -- SHA-1 (FIPS 180-4 §6.1.2) ------------------------------------------------------------------

# Frame (sp-relative): W[0..79], the whole message schedule of the block, at 4 t.
S1_FRAME = 320


def _ldr_back(a, t, n, back):
    """LDR.W rt, [rn, #-back] (T4, offset, P = 1, U = 0, W = 0; 0 < back < 256): ``Asm``
    has the negative offset for LDRB only (``ldrb_neg``)."""
    if not 0 < back < 256:
        raise ValueError("ldr offset -%d" % back)
    a.i((0xF850 | n, t << 12 | 0x0C00 | back), "ldr%s %s, [%s, #-%d]" % (a.w, a.r(t), a.r(n), back))


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
            _ldr_back(a, W, P, 4 * 3)
            for back in (8, 14, 16):
                _ldr_back(a, T, P, 4 * back)
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


def md5_body(a):
    """r0 = st (A, B, C, D), r1 = buf, r2 = off, r3 = nblocks. a..d in r4-r7, renamed step to
    step (step i's a is the register of step i-1's d); X[k] is loaded from the block, T[i]
    built with movw/movt; r2, r12 and lr are temporaries. No frame."""
    V, X, K, T = (4, 5, 6, 7), 2, 12, LR
    tt = md5_t()
    a.cmp_imm(3, 0)
    a.b("eq", "done")
    a.dp("add", 1, 1, 2)
    a.ldm(0, list(V))
    a.label("block")
    for i in range(64):
        ra, rb, rc, rd = (V[(n - i) % 4] for n in range(4))
        (k0, dk), rots = MD5_ROUNDS[i // 16]
        if i % 16 == 0:
            a.note("round %d: %s" % (i // 16 + 1, ("F = d ^ b & (c ^ d)", "G = c ^ d & (b ^ c)",
                                                    "H = b ^ c ^ d", "I = c ^ (b | ~d)")[i // 16]))
        # a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s)
        a.ldr(X, 1, 4 * ((k0 + dk * (i % 16)) % 16))  # X[k], little-endian (§3.4)
        a.const(K, tt[i])
        a.dp("add", ra, ra, X)
        a.dp("add", ra, ra, K)
        if i < 16:
            a.dp("eor", T, rc, rd)
            a.dp("and", T, T, rb)
            a.dp("eor", T, T, rd)
        elif i < 32:
            a.dp("eor", T, rb, rc)
            a.dp("and", T, T, rd)
            a.dp("eor", T, T, rc)
        elif i < 48:
            a.dp("eor", T, rb, rc)
            a.dp("eor", T, T, rd)
        else:
            a.dp("orn", T, rb, rd)
            a.dp("eor", T, T, rc)
        a.dp("add", ra, ra, T)
        a.dp("add", ra, rb, ra, "ror", 32 - rots[i % 4])
    a.note("A..D += a..d (§3.4): 64 renamings are 16 turns of four, the names are back")
    for j, v in enumerate(V):
        a.ldr(T, 0, 4 * j)
        a.dp("add", v, v, T)
        a.str_(v, 0, 4 * j)
    a.add_imm(1, 1, 64)
    a.subs_imm(3, 1)
    a.b("ne", "block")
    a.label("done")
    a.movs_imm(0, 0)


# -- module text ----------------------------------------------------------------------------------

def module_text(title, doc, body_fn):
    a = Asm(ual=True)
    body_fn(a)
    L = []
    w = L.append
    w("# GENERATED by python -m tools.thumb.gen_sha: edit the generator, not this file.")
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
    "are not used: the schedule ring is on the stack), ``buf[off:off + 64 * nblocks]`` is hashed",
    "in place, whole blocks, no allocation. a..h stay in r4-r11, renamed round to round; W[t]",
    "sits in a 16-word ring on the stack (80-byte frame). Rounds 0-15 are written out with K[t]",
    "built by movw/movt; rounds 16-31 are written out and run three times (rounds 16-63), K[t]",
    "read from a table inside the code, found from the PC: half the code of 64 unrolled",
    "rounds. Instructions per byte on emulated Cortex-M cores: host_tests/test_thumb_sha.py",
    "counts them exactly.",
    "",
    "Constant time: no branch depends on the data (the branches count passes and blocks), and",
    "the K table is read at fixed offsets: no address depends on the data. Cortex-M3/M4/M7",
    "execute every instruction used here in a fixed number of cycles whatever the data",
    "(unaligned message loads cost the same for every message).",
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
    "shifted-register forms. 16 rounds are written out and run five times a block (a",
    "quarter of the code of 80 unrolled rounds, for a firmware's flash); the working",
    "variables live in a stack frame (216 bytes) with a, b, e and a ^ b also kept in",
    "registers; W[t] in a 16-pair ring on the stack, the schedule computed one pass ahead",
    "(W[t + 16] in round t, over W[t]); K[t] read from a table inside the code, found from",
    "the PC. Instructions per byte on emulated Cortex-M cores: host_tests/test_thumb_sha.py",
    "counts them exactly.",
    "",
    "Constant time: no branch depends on the data (the branches count passes and blocks), and",
    "the K table is read at fixed offsets: no address depends on the data.",
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
    "``buf[off:off + 64 * nblocks]`` is hashed in place, whole blocks, no allocation. The 64",
    "steps are unrolled; a..d stay in r4-r7, renamed step to step; each step loads its",
    "message word X[k] (little-endian, as §3.4 reads it; ARMv7-M loads words at any",
    "alignment) and builds T[i] with movw/movt; the rotation and the add of b are one ADD",
    "with a rotated operand. No stack frame. Instructions per byte on emulated Cortex-M cores:",
    "host_tests/test_thumb_sha.py counts them exactly.",
    "",
    "Constant time: straight-line code; the only branches test the block count (public); no",
    "table lookups.",
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
