"""The X448 half of ``modules/mpcrypto/ec/montgomery_thumb.py`` (``tools/thumb/gen_x25519.py``
writes the module): the whole X448 scalar multiplication (RFC 7748 §5) as one Thumb-2
function for Cortex-M4/M7/M55/M85, encoded by ``tools/thumb/asm.py``.

p = 2^448 - 2^224 - 1. Field elements are fourteen 32-bit little-endian words holding any
value below 2^448 that is congruent to the element modulo p; only the result is reduced to
[0, p), once, at the end. Every reduction uses 2^448 = 2^224 + 1 (mod p):

- MUL (a subroutine, d = a b): the 896-bit product by operand scanning in four passes over
  the words of b (4, 4, 3 and 3 of them), each pass one UMAAL chain per word of b (its carry
  in its own register) over a window of product words in registers, the finished words
  stored to the frame's product buffer. The 4-word passes load one word of a per step; the
  3-word ones have the registers for two steps at a time, so that two words of a, the
  window's two new words and the two finished ones each move by one LDRD or STRD. Then
  REDUCE: with the product L + 2^448 (Hl + 2^224 Hh) (L fourteen words, Hl and Hh seven
  each): L + 2^448 H = L + (Hl + Hh) + 2^224 (Hl + 2 Hh) (mod p), summed word by word into L
  (two words at a time by LDRD) by two carry chains, Hl + 2^224 Hl by ADDS / ADCS (the
  carry flag, which UMAAL leaves alone), Hh + 2^224 (2 Hh) by UMAAL (by 1, then by 2); their
  carries (at most 1 and 2) are the top c < 4, and FOLD adds c (2^224 + 1).
- SQR (a subroutine, d = a^2): the 91 cross products a_i a_j (i < j) by UMAAL rows as in
  MUL's passes, doubled and the squares a_i^2 added by one UMAAL-by-2 chain, then a branch to
  MUL's REDUCE.
- ADD, SUB (subroutines): fourteen ADCS / SBCS on words loaded seven (x) and four or three
  (y) at a time by LDM, then FOLD of the carry, or of minus the borrow.
- MLA (a subroutine, z2's factor AA + a24 E, a24 = 39081): one UMAAL chain, E_j a24 + AA_j +
  carry, the words loaded by LDM, then FOLD of the top word (< 39082).
- FOLD, the one tail of all five (REDUCE runs on into it, the others branch to it; it
  returns): the value's words 0 .. 6 in memory, 7 .. 13 in registers, plus c 2^448 with
  c >= 0 (ADD's carry, MLA's top word, REDUCE's c) or c = -1 (SUB's borrow). c (2^224 + 1) is
  added in one carry chain through all fourteen words: c at word 0, c + e at word 7, e at
  the others, e = c's sign (0 or -1), so that c = -1 adds -(2^224 + 1) modulo 2^448, which
  is p. The chain's carry plus e (the carry; for c = -1 the carry minus 1, minus the borrow)
  is folded once more the same way, which cannot carry (borrow) again: after a first carry
  the value is below c (2^224 + 1), after a first borrow it is at least 2^448 - 2^225 - 1.
- the swap, as ``tools/thumb/ladder.py`` makes it: (A, B) = (C, D) selected in each step, 28
  words by SEL, its flags APSR.GE all ones or all zeros from the secret bit.
- the inversion: z^(p - 2) by a fixed addition chain (449 squarings, 13 multiplications) from
  z^(2^222 - 1): p - 2 = (2^224 - 2) 2^224 + (2^224 - 3); the final reduction to [0, p)
  computes x + 2^224 + 1 (= x - p modulo 2^448) and keeps it by mask when it carries out of
  448 bits, that is when x >= p (x < 2^448 < 2p).

Constant time: no branch and no address depends on a secret (the ladder's loop counts 448
steps from the public bit count; the scalar's bit is read at a public address and only
rotated, XORed, sign-extended and added into APSR.GE, which only SEL reads); UMAAL, UMULL
and SEL take a fixed time on these cores. The ladder state lives on the stack (FRAME bytes);
nothing is allocated.

The registers: subroutines take r0 = d, r1 = a, r2 = b (addresses in the frame), keep their
return address in the frame word RET and return by ``ldr pc`` (through FOLD); they are
leaves. Everything else addresses the frame from sp with immediate offsets.
"""

from tools.thumb import ladder
from tools.thumb.asm import SP, LR, Asm

N = 14  # words per element
PROD = 0  # the 28-word product
RET, DST, BPT, OUT_PTR, T_CNT, SWAP, CNT = (112 + 4 * i for i in range(7))
FE = ("X1", "X2", "Z2", "X3", "Z3", "A", "B", "C", "D", "AA", "BB", "E", "DA", "CB", "T", "K")
OFF = {name: 144 + 4 * N * i for i, name in enumerate(FE)}  # A B and C D adjacent: the select
FRAME = 144 + 4 * N * len(FE)
A24 = 39081  # (156326 - 2) / 4, RFC 7748 §5


HI = [3, 4, 5, 6, 7, 8, 9]  # words 7 .. 13 of a result on its way to FOLD


def _fold(a):
    # FOLD (see the module docstring): r0 = d, words 0 .. 6 at d, 7 .. 13 in HI, c in r12
    # (c >= 0, or -1); e = c's sign in lr, the low words four and three at a time through
    # r1 r2 r10 r11. d's words 7 .. 13 stored from HI, then the return.
    a.label("FOLD")
    e, lo = LR, [1, 2, 10, 11]
    for rnd in range(2):
        a.sh("asr", e, 12, 31)
        a.ldm(0, lo)
        a.adds(lo[0], lo[0], 12)
        for r in lo[1:]:
            a.dp("adc", r, r, e, s=True)
        a.stm(0, lo, wb=True)
        a.ldm(0, lo[:3])
        for r in lo[:3]:
            a.dp("adc", r, r, e, s=True)
        a.stm(0, lo[:3], wb=True)  # r0 = d + 28
        a.add(1, 12, e)  # word 7's: c + e
        a.dp("adc", HI[0], HI[0], 1, s=True)
        for r in HI[1:]:
            a.dp("adc", r, r, e, s=True)
        if rnd == 0:
            a.adc0(12, e)
            a.addw(0, 0, 28, sub=True)
    a.stm(0, HI)
    a.ldr(15, SP, RET)


def _carry(a, c):
    # c = the carry flag
    a.movi(c, 0)
    a.adc0(c, c)


def _mul(a):
    # MUL: r0 = d, r1 = a, r2 = b.
    a.label("MUL")
    a.str_(LR, SP, RET)
    a.str_(0, SP, DST)
    a.str_(2, SP, BPT)
    B = [3, 4, 5, 6]
    C = [7, 8, 9, 10]
    for s, nb in PASSES:
        if s == 0:
            a.ldm(2, B)
        else:
            a.ldr(0, SP, BPT)
            for i in range(nb):
                a.ldr(B[i], 0, 4 * (s + i))
        (_mul_pass if nb == 4 else _mul_pass2)(a, s, B[:nb], C[:nb])
    _reduce(a)


PASSES = ((0, 4), (4, 4), (8, 3), (11, 3))  # MUL's passes: (the first word of b, how many)


def _mul_pass2(a, s, B, C):
    # A pass over nb = 3 words of b (s > 0), two steps j, j + 1 at a time: a_j and a_(j+1) by
    # one LDRD (into r0 and r6), the window's two new words by one LDRD (or set to 0 above
    # word s + 13, which the earlier passes did not write), the two finished words stored by
    # one STRD. The window is nb + 1 registers.
    nb = len(B)
    pool = [11, 12, LR, 2]
    win = {}
    for c in C:
        a.movi(c, 0)
    for j in range(0, N, 2):
        need = [w for w in range(s + j, s + j + nb + 1) if w not in win]
        while need:
            w = need.pop(0)
            win[w] = pool.pop(0)
            if w > s + 13:
                a.movi(win[w], 0)
            elif need and need[0] == w + 1 and need[0] <= s + 13:
                w2 = need.pop(0)
                win[w2] = pool.pop(0)
                a.ldrd(win[w], win[w2], SP, PROD + 4 * w)
            else:
                a.ldr(win[w], SP, PROD + 4 * w)
        a.ldrd(0, 6, 1, 4 * j)
        for t, aj in ((0, 0), (1, 6)):
            for i in range(nb):
                a.umaal(win[s + j + t + i], C[i], aj, B[i])
        a.strd(win[s + j], win[s + j + 1], SP, PROD + 4 * (s + j))
        pool += [win.pop(s + j), win.pop(s + j + 1)]
    _carries(a, s, nb, win, C)


def _mul_pass(a, s, B, C):
    # The products a_j b_(s+i) added into the product words s .. s + 13 + nb (nb = len(B)):
    # chain i in carry C[i], a window of nb product words in registers, a_j in r0, a at r1.
    # Words up to s + 13 were written by the earlier passes.
    nb = len(B)
    pool = [11, 12, LR, 2][:nb]
    win = {}
    first = s == 0
    if first:
        a.ldr(0, 1, 0)
        for i in range(nb):
            win[i] = pool[i]
            a.umull(pool[i], C[i], 0, B[i])
    else:
        for i in range(nb):
            win[s + i] = pool[i]
            a.ldr(pool[i], SP, PROD + 4 * (s + i))
            a.movi(C[i], 0)
        a.ldr(0, 1, 0)
        for i in range(nb):
            a.umaal(win[s + i], C[i], 0, B[i])
    a.str_(win[s], SP, PROD + 4 * s)
    free = [win.pop(s)]
    for j in range(1, N):
        a.ldr(0, 1, 4 * j)
        new = s + j + nb - 1
        r = free.pop(0)
        win[new] = r
        if not first and new <= s + 13:
            a.ldr(r, SP, PROD + 4 * new)
        else:
            a.movi(r, 0)
        for i in range(nb):
            a.umaal(win[s + i + j], C[i], 0, B[i])
        a.str_(win[s + j], SP, PROD + 4 * (s + j))
        free.append(win.pop(s + j))
    _carries(a, s, nb, win, C)


def _sqr(a):
    # SQR: r0 = d, r1 = a. (1) The cross products t = sum a_i a_j W^(i+j), i < j, W = 2^32:
    # passes of four rows i (a_i in registers, row 12 alone in the last), one UMAAL chain per
    # row over a window of product words as in MUL's passes, each row's chain starting at
    # its first product a_i a_(i+1). (2) 2 t + sum a_i^2 W^(2i) by one UMAAL chain by the
    # constant 2. (3) MUL's reduction.
    a.label("SQR")
    a.str_(LR, SP, RET)
    a.str_(0, SP, DST)
    B = [3, 4, 5, 6]
    C = [7, 8, 9, 10]
    for s in range(0, N - 1, 4):
        nb = min(4, N - 1 - s)  # row 13 has no cross product
        for i in range(nb):
            a.ldr(B[i], 1, 4 * (s + i))
        _sqr_pass(a, s, B[:nb], C[:nb])
    _double(a)
    a.b("al", "REDUCE")


def _sqr_pass(a, s, B, C):
    # Rows s .. s + nb - 1 of the cross products into the product words: row k's chain in
    # C[k], a_j in r0 (j = s + 1 .. 13), a at r1. Words 1 .. s + 13 were written by the
    # earlier passes (word 0 of t is 0 and never written).
    nb = len(B)
    pool = [11, 12, LR, 2]
    win = {}
    for k in range(nb):
        a.movi(C[k], 0)
    for j in range(s + 1, N):
        a.ldr(0, 1, 4 * j)
        for k in range(nb):
            if s + k >= j:
                break
            w = s + k + j
            if w not in win:
                win[w] = pool.pop(0)
                if s and w <= s + 13:
                    a.ldr(win[w], SP, PROD + 4 * w)
                else:
                    a.movi(win[w], 0)
            a.umaal(win[w], C[k], 0, B[k])
        a.str_(win[s + j], SP, PROD + 4 * (s + j))
        pool.append(win.pop(s + j))
    _carries(a, s, nb, win, C)


def _carries(a, s, nb, win, C):
    # The end of a pass: the window holds words s + 14 .. s + 12 + nb, chain k's carry
    # belongs at s + 14 + k; their sums stored, up to word s + 13 + nb.
    if nb > 1:
        a.adds(win[s + 14], win[s + 14], C[0])
        for k in range(1, nb - 1):
            a.dp("adc", win[s + 14 + k], win[s + 14 + k], C[k], s=True)
        a.adc0(C[nb - 1], C[nb - 1])
    for k in range(nb - 1):
        a.str_(win[s + 14 + k], SP, PROD + 4 * (s + 14 + k))
    a.str_(C[nb - 1], SP, PROD + 4 * (s + 13 + nb))


def _double(a):
    # The product words = 2 t + sum a_i^2 W^(2i): per i, the square's words (lo, x) with
    # t_(2i), t_(2i+1) times 2 and the carry c (< 4) by two UMAALs. t_0 and t_27 are 0.
    x, lo, ta, tb, c, two = 3, 4, 5, 6, 11, 12
    a.movi(two, 2)
    a.movi(c, 0)
    for i in range(N):
        a.ldr(x, 1, 4 * i)
        a.umull(lo, x, x, x)
        if i == 0:
            a.ldr(tb, SP, PROD + 4)
        elif i < N - 1:
            a.ldrd(ta, tb, SP, PROD + 8 * i)
        else:
            a.ldr(ta, SP, PROD + 8 * i)
        if i:
            a.umaal(lo, c, ta, two)
        if i < N - 1:
            a.umaal(x, c, tb, two)
        else:
            a.add(x, x, c)
        a.strd(lo, x, SP, PROD + 8 * i)


def _reduce(a):
    # REDUCE, MUL's and SQR's: d = the product in fourteen words (see the module docstring)
    # by FOLD, two words at a time by LDRD. Two carry chains: word w of L plus the word of Hl
    # by ADDS / ADCS (the carry flag, which UMAAL leaves alone), plus the word of Hh times k
    # (1 in words 0 .. 6, 2 in 7 .. 13) by UMAAL (its carry in r12). Words 0 .. 6 go to d
    # (r0, as FOLD wants it), 7 .. 13 to HI; c = r12 plus the last carry flag (c < 4).
    d, k, c, x, h1, h2 = 0, LR, 12, [1, 2], [10, 11], [3, 4]
    a.label("REDUCE")
    a.ldr(d, SP, DST)
    a.movi(k, 1)
    a.movi(c, 0)
    for w in range(0, N, 2):
        if w == 7 - 1:
            # the single word 6, then words 7 .. 13 pairwise (7, 8) ... (13), into HI
            _reduce_words(a, [6], [1], [10], [3], k, c, first=False)
            a.str_(1, d, 24)
            a.movi(k, 2)  # MOV (immediate, no S): the carry flag stays
            break
        _reduce_words(a, [w, w + 1], x, h1, h2, k, c, first=w == 0)
        a.strd(x[0], x[1], d, 4 * w)
    for w in range(7, N, 2):
        n = min(2, N - w)
        hi = HI[w - 7:w - 7 + n]
        _reduce_words(a, list(range(w, w + n)), hi, h1[:n], [1, 2][:n], k, c, first=False)
    a.adc0(c, c)


def _reduce_words(a, ws, xs, h1, h2, k, c, first):
    # xs = words ws of L + Hl (the carry flag) + k Hh (UMAAL, carry c); one or two words
    # (LDRD). Word w's Hl and Hh words: w + 14 and w + 21 below 7, w + 7 and w + 14 above.
    lo = ws[0]
    hl, hh = (lo + 14, lo + 21) if lo < 7 else (lo + 7, lo + 14)
    for regs, word in ((xs, lo), (h1, hl), (h2, hh)):
        if len(ws) == 2:
            a.ldrd(regs[0], regs[1], SP, PROD + 4 * word)
        else:
            a.ldr(regs[0], SP, PROD + 4 * word)
    for i in range(len(ws)):
        a.dp("add" if first and i == 0 else "adc", xs[i], xs[i], h1[i], s=True)
        a.umaal(xs[i], c, h2[i], k)


def _addsub(a, op):
    # ADD or SUB: r0 = d, r1 = x, r2 = y; d = x + y or x - y, seven words at a time by LDM,
    # then FOLD of the carry, or of minus the borrow (c = C - 1).
    a.label(op.upper())
    a.str_(LR, SP, RET)
    first, chain = ("add", "adc") if op == "add" else ("sub", "sbc")
    Y = [10, 11, 12, LR]
    for h in (0, 7):
        a.ldm(1, HI, wb=h == 0)
        for part in (HI[:4], HI[4:]):
            a.ldm(2, Y[:len(part)], wb=True)
            for r, u in zip(part, Y):
                a.dp(first if r == HI[0] and h == 0 else chain, r, r, u, s=True)
        if h == 0:
            a.stm(0, HI)
    if op == "add":
        _carry(a, 12)
    else:
        a.dp("sbc", 12, 12, 12)  # C - 1
    a.b("al", "FOLD")


def _mla(a):
    # MLA: r0 = d, r1 = aa, r2 = e; d = aa + a24 e by one UMAAL chain, the words of aa seven
    # at a time by LDM, of e two at a time, then FOLD of the top word (< 39082).
    a.label("MLA")
    a.str_(LR, SP, RET)
    k, c, E = LR, 12, [10, 11]
    a.const(k, A24)
    a.movi(c, 0)
    for h in (0, 7):
        a.ldm(1, HI, wb=h == 0)
        for i, r in enumerate(HI):
            if (h + i) % 2 == 0:
                a.ldm(2, E, wb=True)
            a.umaal(r, c, E[(h + i) % 2], k)
        if h == 0:
            a.stm(0, HI)
    a.b("al", "FOLD")


def _call(a, sub, d, x, y=None):
    a.addw(0, SP, OFF[d])
    a.addw(1, SP, OFF[x])
    if y is not None:
        a.addw(2, SP, OFF[y])
    a.bl(sub)


def _call_addsub(a, op, d, x, y):
    _call(a, op.upper(), d, x, y)


def _call_mla(a, d, aa, e):
    _call(a, "MLA", d, aa, e)


FRAME_LAYOUT = ladder.Frame(OFF, T_CNT, SWAP, CNT, N, _call, _call_addsub, _call_mla)


def _invert(a, d, z):
    # d = z^(p - 2); a_n below is z^(2^n - 1), a_(m+n) = a_m^(2^n) a_n.
    _call(a, "SQR", "A", z)
    _call(a, "MUL", "A", "A", z)  # a2
    _call(a, "SQR", "A", "A")
    _call(a, "MUL", "A", "A", z)  # a3
    ladder.sqr_n(a, FRAME_LAYOUT, "B", "A", 3, "J1")
    _call(a, "MUL", "B", "B", "A")  # a6
    ladder.sqr_n(a, FRAME_LAYOUT, "C", "B", 6, "J2")
    _call(a, "MUL", "C", "C", "B")  # a12
    ladder.sqr_n(a, FRAME_LAYOUT, "D", "C", 12, "J3")
    _call(a, "MUL", "D", "D", "C")  # a24
    ladder.sqr_n(a, FRAME_LAYOUT, "C", "D", 24, "J4")
    _call(a, "MUL", "C", "C", "D")  # a48
    ladder.sqr_n(a, FRAME_LAYOUT, "A", "C", 48, "J5")
    _call(a, "MUL", "A", "A", "C")  # a96
    ladder.sqr_n(a, FRAME_LAYOUT, "C", "A", 96, "J6")
    _call(a, "MUL", "C", "C", "A")  # a192
    ladder.sqr_n(a, FRAME_LAYOUT, "C", "C", 24, "J7")
    _call(a, "MUL", "C", "C", "D")  # a216
    ladder.sqr_n(a, FRAME_LAYOUT, "C", "C", 6, "J8")
    _call(a, "MUL", "C", "C", "B")  # a222
    _call(a, "SQR", "A", "C")
    _call(a, "MUL", "A", "A", z)  # a223
    _call(a, "SQR", "A", "A")  # z^(2^224 - 2)
    ladder.sqr_n(a, FRAME_LAYOUT, "A", "A", 224, "J9")  # z^((2^224 - 2) 2^224)
    ladder.sqr_n(a, FRAME_LAYOUT, "C", "C", 2, "J10")
    _call(a, "MUL", "C", "C", z)  # z^(2^224 - 3)
    _call(a, "MUL", d, "A", "C")


def _freeze(a, x, out_reg):
    # The element x (below 2^448) reduced to [0, p) and stored at out_reg; r0 = 1 when any
    # word of it is not zero, else 0.
    t, m, acc = 3, 4, 0
    inc = {0: 1, 7: 1}
    for w in range(N):  # the carry of x + 2^224 + 1
        a.ldr(t, SP, OFF[x] + 4 * w)
        a.imm("adds" if w == 0 else "adcs", t, t, inc.get(w, 0))
    _carry(a, m)
    a.imm("rsb", m, m, 0)  # all ones when x >= p
    a.movi(acc, 0)
    y, d = 5, 6
    for w in range(N):
        a.ldr(t, SP, OFF[x] + 4 * w)
        a.imm("adds" if w == 0 else "adcs", y, t, inc.get(w, 0))
        a.dp("eor", d, t, y)
        a.dp("and", d, d, m)
        a.dp("eor", t, t, d)
        a.dp("orr", acc, acc, t)
        a.str_(t, out_reg, 4 * w)
    a.imm("rsb", 1, acc, 0)  # r0 = (acc | -acc) >> 31
    a.dp("orr", 0, acc, 1)
    a.lsr(0, 0, 31)


def _function(a, body, whole=False, result=None):
    return ladder.function(a, FRAME, _subroutines, body, whole, result)


def _subroutines(a):
    # SQR ends by a branch to MUL's REDUCE, which runs on into FOLD; ADD, SUB, MLA branch to it.
    _sqr(a)
    _mul(a)
    _fold(a)
    _addsub(a, "add")
    _addsub(a, "sub")
    _mla(a)


def _load_words(a, src, dst, fix=None):
    # The fourteen words at src (any alignment: LDR) to the frame element dst, seven at a
    # time through r3 .. r9; ``fix(a, w, r)`` may change word w (in r) on the way.
    R = [3, 4, 5, 6, 7, 8, 9]
    for h in (0, 7):
        for i, r in enumerate(R):
            a.ldr(r, src, 4 * (h + i))
            if fix:
                fix(a, h + i, r)
        a.addw(12, SP, OFF[dst] + 4 * h)
        a.stm(12, R)


def _copy(a, dst, src):
    R = [3, 4, 5, 6, 7, 8, 9]
    for h in (0, 7):
        a.addw(12, SP, OFF[src] + 4 * h)
        a.ldm(12, R)
        a.addw(12, SP, OFF[dst] + 4 * h)
        a.stm(12, R)


def _set_small(a, dst, v):
    R = [3, 4, 5, 6, 7, 8, 9]
    for i, r in enumerate(R):
        a.movi(r, v if i == 0 else 0)
    a.addw(12, SP, OFF[dst])
    a.stm(12, R)
    a.movi(R[0], 0)
    a.addw(12, SP, OFF[dst] + 28)
    a.stm(12, R)


def _clamp(a, w, r):
    # decodeScalar448: the two low bits cleared, the top bit set
    if w == 0:
        a.imm("bic", r, r, 3)
    elif w == N - 1:
        a.imm("orr", r, r, 0x80000000)


def _ladder(a):
    # _ladder448(out, k, u): out = X448(k, u); r0 = 1, or 0 when out is all zeros. 56 bytes
    # each, out word aligned; k and u are read by LDR (any alignment). k is clamped into the
    # frame's K; u is taken as it is (448 bits, not necessarily below p).
    a.str_(0, SP, OUT_PTR)
    _load_words(a, 1, "K", _clamp)
    _load_words(a, 2, "X1")
    _copy(a, "X3", "X1")
    _set_small(a, "X2", 1)
    _set_small(a, "Z2", 0)
    _set_small(a, "Z3", 1)
    ladder.loop(a, FRAME_LAYOUT, 8 * 56 - 1)
    _invert(a, "Z2", "Z2")
    _call(a, "MUL", "X2", "X2", "Z2")
    a.ldr(1, SP, OUT_PTR)
    _freeze(a, "X2", 1)


def kernel():
    return _function(Asm(), _ladder, result="the non-zero flag")


def field_op(op):
    """A test function (not shipped) of the same routines, as whole machine code:
    ``f(out, x, y)``, out = x op y for op "mul", "sqr" (x^2), "add", "sub", "mla" (x + a24 y), "freeze"
    (x reduced), fourteen words each."""

    def body(a):
        a.str_(0, SP, OUT_PTR)
        _load_words(a, 1, "A")
        _load_words(a, 2, "B")
        a.ldr(1, SP, OUT_PTR)
        if op == "freeze":
            _freeze(a, "A", 1)
            return
        if op == "mul":
            _call(a, "MUL", "C", "A", "B")
        elif op == "sqr":
            _call(a, "SQR", "C", "A")
        elif op == "mla":
            _call_mla(a, "C", "A", "B")
        else:
            _call_addsub(a, op, "C", "A", "B")
        a.ldr(1, SP, OUT_PTR)
        R = [3, 4, 5, 6, 7, 8, 9]
        for h in (0, 7):
            a.addw(12, SP, OFF["C"] + 4 * h)
            a.ldm(12, R)
            a.stm(1, R, wb=True)

    return _function(Asm(), body, whole=True, result="the flag" if op == "freeze" else None)
