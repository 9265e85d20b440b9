"""Writes ``modules/mpcrypto/ec/montgomery_thumb.py``: the whole X25519 scalar multiplication
(RFC 7748 §5) as one Thumb-2 function for Cortex-M4/M7/M55/M85, a MicroPython ``asm_thumb``
function of ``data(2, ...)`` halfwords encoded by ``tools/thumb/asm.py``, and beside it the
X448 one that ``tools/thumb/gen_x448.py`` encodes.

    python -m tools.thumb.gen_x25519          # rewrite the module
    python -m tools.thumb.gen_x25519 --check  # exit 1 if the module is not what this writes

Field elements are eight 32-bit little-endian words holding any value below 2^256 that is
congruent to the element modulo p = 2^255 - 19 (not necessarily reduced); only the result is
reduced, once, at the end. The reduction everywhere is 2^256 = 38 (mod p):

- MUL (a subroutine, d = a b): the 512-bit product by operand scanning in two passes of four
  words of b, each pass four UMAAL chains (one per word of b, its carry in its own register)
  over a window of four product words in registers, one word of a loaded per step; then
  lo + 38 hi by one more UMAAL chain, its top word (< 39) times 38 added back, and the carry of
  that (0 or 1) times 38 once more, which cannot carry again (the value is then below 2^11).
- SQR (a subroutine, d = a^2): the 28 cross products a_i a_j (i < j) by UMAAL rows, doubled by
  one ADCS pass, the squares a_i^2 added by UMAAL in the same pass, then MUL's reduction.
- ADDSUB (a subroutine: x + y and x - y, the ladder's three pairs) and SUB (its second half,
  also entered alone: E = AA - BB): each half eight ADCS / SBCS on words loaded by LDM, the
  carry (borrow) times 38 added (subtracted) through the eight words, and once more into the
  low word, which cannot carry (borrow) again.
- MLA (inline, z2's factor AA + a24 E, a24 = 121665): one UMAAL chain, E_j a24 + AA_j + carry,
  the words of E loaded two at a time by LDM, then the top word times 38 as in MUL.
- the swap, as ``tools/thumb/ladder.py`` makes it: (A, B) = (C, D) selected in each step,
  sixteen words by SEL, its flags APSR.GE all ones or all zeros from the secret bit.
- the inversion: z^(p - 2) by the fixed addition chain of 254 squarings and 11 multiplications
  (the exponent 2^255 - 21 is public); the final reduction to [0, p) adds 19 times the top bit
  twice, the second time only when the value plus 19 reaches 2^255, by a multiplication by
  that bit, not a branch.

Constant time: no branch and no address depends on a secret (the ladder's loop counts 255 steps
from the public bit count, the scalar's bit is read at a public address and only rotated,
XORed, sign-extended and added into APSR.GE, which only SEL reads); UMAAL, UMULL, MUL and SEL
take a fixed time on these cores. The ladder state lives on the stack (FRAME bytes); nothing
is allocated.

The registers: MUL and SQR take r0 = d, r1 = a, r2 = b (addresses in the frame), keep their
return address in the frame word RET (every register is in use inside them) and return by
``ldr pc``; ADDSUB and SUB take r1 = x (their other operand and their results are the
elements after x in the frame), leave lr alone and return by ``bx lr``. All are leaves. The
main code keeps the loop state in frame words.
"""

import sys

from tools import ROOT
from tools.gen import write_or_check
from tools.thumb import gen_x448
from tools.thumb import ladder
from tools.thumb.asm import SP, LR, Asm, data_lines

OUT = ROOT / "modules" / "mpcrypto" / "ec" / "montgomery_thumb.py"

# The frame (byte offsets from sp): the 16-word product, then the subroutines' and the
# ladder's words, then the field elements and K, the clamped copy of the scalar. ADDSUB's
# operands x, y and its results x + y, x - y are four adjacent elements: X2 Z2 A B, X3 Z3 C D,
# DA CB X3 Z3; SUB's: AA BB (T) E. The select's A B and C D are adjacent pairs; RET and DST
# too (MUL and SQR store both by one STRD).
PROD = 0
RET, DST, BPT, OUT_PTR, T_CNT, SWAP, CNT = (64 + 4 * i for i in range(7))
FE = ("X1", "X2", "Z2", "A", "B", "DA", "CB", "X3", "Z3", "C", "D", "AA", "BB", "T", "E", "K")
OFF = {name: 96 + 32 * i for i, name in enumerate(FE)}
FRAME = 96 + 32 * len(FE)
A24 = 121665  # (486662 - 2) / 4, RFC 7748 §5
ALL = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, LR]


def _loads(a, regs, base, off, scratch=None):
    # regs = the words at base + off: LDM when they ascend (through ``scratch`` = base + off
    # when off is not 0), else LDRD pairs.
    if regs == sorted(regs) and (off == 0 or scratch is not None):
        if off:
            a.addw(scratch, base, off)
            base = scratch
        a.ldm(base, regs)
        return
    for i in range(0, len(regs), 2):
        a.ldrd(regs[i], regs[i + 1], base, off + 4 * i)


def _stores(a, regs, base):
    # regs to the words at base (not sp, not in regs; advanced when there is more than one
    # STM): one STM per run of ascending registers.
    runs = [[regs[0]]]
    for r in regs[1:]:
        if r > runs[-1][-1]:
            runs[-1].append(r)
        else:
            runs.append([r])
    for i, run in enumerate(runs):
        a.stm(base, run, wb=i < len(runs) - 1)


def _fold38(a, lo, top, k):
    # lo (eight registers) += 38 top (top < 2^26, k = 38), then the carry times 38 into lo[0]
    a.mul(top, top, k)
    a.adds(lo[0], lo[0], top)
    for r in lo[1:]:
        a.imm("adcs", r, r, 0)
    _carry38(a, lo[0], top, k, "add")


def _carry38(a, lo0, t, k, op, chain=()):
    # lo0 += 38 C (op "add": C the carry) or lo0 -= 38 (1 - C) (op "sub": a borrow), k = 38;
    # with ``chain`` the carry (borrow) goes on through those registers, else the caller's
    # chain leaves a value that cannot carry or borrow again here.
    a.dp("sbc", t, t, t)  # t = C - 1: 0 or all ones
    a.dp("bic" if op == "add" else "and", t, k, t)  # add: 38 when C; sub: 38 when not C
    a.dp(op, lo0, lo0, t, s=bool(chain))
    for r in chain:
        a.imm("adcs" if op == "add" else "sbcs", r, r, 0)


def _reduce(a, hi):
    # d = lo + 38 hi, stored at the frame's DST, then return. The product's words 0 .. 7 are
    # at sp, words 8 .. 15 in the registers ``hi`` (8 entries), where an entry of None is a
    # word still in the frame (MUL leaves words 8 .. 11 there).
    free = sorted(r for r in ALL if r not in hi)
    L = free[:4]
    k, c = free[4], free[5]
    if hi[0] is None:
        hi = free[6:10] + hi[4:]
        a.addw(c, SP, PROD + 32)
        a.ldm(c, hi[:4])
    a.ldm(SP, L)
    a.movi(k, 38)
    a.movi(c, 0)
    for j in range(4):
        a.umaal(L[j], c, hi[j], k)
    L2 = sorted(hi[:4])
    _loads(a, L2, SP, PROD + 16, scratch=L2[0])  # the base in the list, without writeback
    for j in range(4):
        a.umaal(L2[j], c, hi[4 + j], k)
    lo = L + L2
    _fold38(a, lo, c, k)
    d = hi[4]
    a.ldr(d, SP, DST)
    _stores(a, lo, d)
    a.ldr(15, SP, RET)


def _mul(a, reduce=_reduce, label="MUL"):
    # MUL: r0 = d, r1 = a, r2 = b; ``reduce(a, hi)`` as _reduce (gen_p256 passes its own,
    # and a second label for its product mod n).
    # RET and DST are adjacent (one STRD); BPT keeps b + 16, where pass 2's words start.
    a.label(label)
    a.strd(LR, 0, SP, RET)
    B = [3, 4, 5, 6]
    C = [7, 8, 9, 10]
    a.ldm(2, B, wb=True)
    a.str_(2, SP, BPT)
    hi = _mul_pass(a, B, C, first=True)
    a.ldr(0, SP, BPT)
    a.ldm(0, B)
    reduce(a, [None] * 4 + _mul_pass(a, B, C, first=False))


def _mul_pass(a, B, C, first):
    # Four UMAAL chains (product words s .. s + 11, s = 0 or 4) over a window of four words;
    # a_j in r0, a at r1. Returns the registers of words s + 8 .. s + 11 (first pass: stored
    # to the frame instead, and None returned).
    s = 0 if first else 4
    pool = [11, 12, LR, 2]
    win = {}  # product word -> register
    if first:
        a.ldr(0, 1, 0)
        for i in range(4):
            win[i] = pool[i]
            a.umull(pool[i], C[i], 0, B[i])
    else:
        regs = [2, 11, 12, LR]
        a.addw(0, SP, PROD + 16)
        a.ldm(0, regs)
        for i in range(4):
            win[4 + i] = regs[i]
            a.movi(C[i], 0)
        a.ldr(0, 1, 0)
        for i in range(4):
            a.umaal(win[4 + i], C[i], 0, B[i])
    a.str_(win[s], SP, PROD + 4 * s)
    free = [win.pop(s)]
    for j in range(1, 8):
        a.ldr(0, 1, 4 * j)
        new = s + j + 3
        r = free.pop(0)
        win[new] = r
        if not first and new <= 11:
            a.ldr(r, SP, PROD + 4 * new)
        else:
            a.movi(r, 0)
        for i in range(4):
            a.umaal(win[s + i + j], C[i], 0, B[i])
        a.str_(win[s + j], SP, PROD + 4 * (s + j))
        free.append(win.pop(s + j))
    # words s+8 .. s+10 in the window, the chains' carries at s+8 .. s+11
    w8, w9, w10 = win[s + 8], win[s + 9], win[s + 10]
    a.adds(w8, w8, C[0])
    a.dp("adc", w9, w9, C[1], s=True)
    a.dp("adc", w10, w10, C[2], s=True)
    a.adc0(C[3], C[3])
    top = [w8, w9, w10, C[3]]
    if first:
        a.strd(w8, w9, SP, PROD + 32)
        a.strd(w10, C[3], SP, PROD + 40)
        return None
    return top


def _sqr(a, reduce=_reduce, label="SQR"):
    # SQR: r0 = d, r1 = a; ``reduce`` as MUL's. (1) The cross products t = sum a_i a_j W^(i+j),
    # i < j, W = 2^32: four UMAAL chains (i = 0 .. 3, a_i in registers) over a window of product words as in
    # MUL's passes, a chain starting with UMULL at word 2i + 1, then chains 4 .. 6 on words 9 ..
    # 14 in registers. (2) t = 2 t + sum a_i^2 W^(2i), one UMAAL chain by the constant 2:
    # (lo, c) = 2 t_w + s_w + c, s the UMULL square words, c < 2^32. (3) ``reduce``.
    a.label(label)
    a.strd(LR, 0, SP, RET)  # RET, DST
    A = [3, 4, 5, 6]
    C = [7, 8, 9, 10]
    a.ldm(1, A)
    pool = [11, 12, LR, 2]
    win = {}
    for j in range(1, 8):
        a.ldr(0, 1, 4 * j)
        for i in range(min(j, 4)):
            w = i + j
            if i == j - 1:
                win[w] = pool.pop(0)
                a.umull(win[w], C[i], A[i], 0)
                continue
            if w not in win:
                win[w] = pool.pop(0)
                a.movi(win[w], 0)
            a.umaal(win[w], C[i], A[i], 0)
        a.str_(win[j], SP, PROD + 4 * j)
        pool.append(win.pop(j))
    t8, t9, t10 = win[8], win[9], win[10]
    a.adds(t8, t8, C[0])
    a.dp("adc", t9, t9, C[1], s=True)
    a.dp("adc", t10, t10, C[2], s=True)
    a.adc0(C[3], C[3])
    T = {8: t8, 9: t9, 10: t10, 11: C[3]}
    free = sorted(pool + A + C[:3])
    # chains 4 .. 6: a_7 is in r0
    a4 = free[:3]
    free = free[3:]
    _loads(a, a4, 1, 16, scratch=a4[0])
    av = {4: a4[0], 5: a4[1], 6: a4[2], 7: 0}
    for i in (4, 5, 6):
        c = free.pop(0)
        a.movi(c, 0)
        for j in range(i + 1, 8):
            a.umaal(T[i + j], c, av[i], av[j])
        T[i + 8] = c
    free = sorted(free + a4 + [0])
    # (2): words 0 .. 7 in the frame (word 0 is 0), 8 .. 14 in T, word 15 is 0
    two, c = free.pop(0), free.pop(0)
    a.movi(two, 2)
    a.movi(c, 0)
    out = {}
    for i in range(8):
        x, lo = free.pop(0), free.pop(0)
        a.ldr(x, 1, 4 * i)
        a.umull(lo, x, x, x)
        if i < 4:
            ta, tb = free.pop(0), free.pop(0)
            if i == 0:
                a.ldr(tb, SP, PROD + 4)
            else:
                a.ldrd(ta, tb, SP, PROD + 8 * i)
                a.umaal(lo, c, ta, two)
            a.umaal(x, c, tb, two)
            a.strd(lo, x, SP, PROD + 8 * i)
            free += [ta, tb, lo, x]
        else:
            a.umaal(lo, c, T.pop(2 * i), two)
            if i < 7:
                a.umaal(x, c, T.pop(2 * i + 1), two)
            else:
                a.add(x, x, c)
            out[2 * i], out[2 * i + 1] = lo, x
            free = [r for r in ALL if r not in out.values() and r not in T.values() and r not in (1, two, c)]
    reduce(a, [out[w] for w in range(8, 16)])


def _addsub(a):
    # ADDSUB: r1 = x, y = x + 32; x + y to x + 64, x - y to x + 96 (the frame keeps each pair's
    # operands and results in four adjacent elements). SUB: the second half alone, the same
    # slots. Each half walks r1 through x and y by three LDM (x: eight words; y: four and
    # four) and stores by one STM; r0 .. r12 are used, lr is left alone (BX LR).
    X = [3, 4, 5, 6, 7, 8, 9, 10]
    a.label("ADDSUB")
    _addsub_half(a, "add", X)
    a.stm(1, X, wb=True)
    a.sub_imm(1, 1, 96)  # back to x
    a.label("SUB")
    _addsub_half(a, "sub", X)
    a.add_imm(1, 1, 32)
    a.stm(1, X)
    a.bx_lr()


def _addsub_half(a, op, X):
    # X = x op y reduced below 2^256 (eight ADCS / SBCS, the carry (borrow) times 38 added
    # (subtracted) through the eight words, and once more into the low word, which cannot carry
    # (borrow) again); r1 from x to x + 64.
    Y = [0, 2, 11, 12]
    first, chain = {"add": ("add", "adc"), "sub": ("sub", "sbc")}[op]
    a.ldm(1, X, wb=True)
    for j in range(8):
        if j % 4 == 0:
            a.ldm(1, Y, wb=True)
        a.dp(first if j == 0 else chain, X[j], X[j], Y[j % 4], s=True)
    a.movi(12, 38)
    _carry38(a, X[0], 0, 12, op, chain=X[1:])
    _carry38(a, X[0], 0, 12, op)


def _slots(x, *names):
    # the frame elements ``names`` are the ones after x, in this order (ADDSUB's layout)
    for i, name in enumerate(names, 1):
        if name is not None and OFF[name] != OFF[x] + 32 * i:
            raise ValueError("%s is not %s + %d" % (name, x, 32 * i))


def _pair(a, s, d, x, y):
    # s = x + y, d = x - y by ADDSUB
    _slots(x, y, s, d)
    a.addw(1, SP, OFF[x])
    a.bl("ADDSUB")


def _sub(a, op, d, x, y):
    # d = x - y by SUB (the ladder's only lone ADD or SUB is E = AA - BB)
    if op != "sub":
        raise ValueError(op)
    _slots(x, y, None, d)
    a.addw(1, SP, OFF[x])
    a.bl("SUB")


def _mla(a, d, aa, e):
    # d = aa + a24 e, inline: the words of e two at a time by LDM.
    X = [3, 4, 5, 6, 7, 8, 9, 10]
    E = [0, 2]
    a.addw(12, SP, OFF[aa])
    a.ldm(12, X)
    a.addw(12, SP, OFF[e])
    a.const(11, A24)
    a.movi(1, 0)
    for j in range(8):
        if j % 2 == 0:
            a.ldm(12, E, wb=True)
        a.umaal(X[j], 1, E[j % 2], 11)
    a.movi(12, 38)
    _fold38(a, X, 1, 12)
    a.addw(12, SP, OFF[d])
    a.stm(12, X)


def _call(a, sub, d, x, y=None):
    a.addw(0, SP, OFF[d])
    a.addw(1, SP, OFF[x])
    if y is not None:
        a.addw(2, SP, OFF[y])
    a.bl(sub)


FRAME_LAYOUT = ladder.Frame(OFF, T_CNT, SWAP, CNT, 8, _call, _sub, _mla, _pair)


def _invert(a, d, z):
    # d = z^(p - 2) = z^(2^255 - 21); A, B, C, D are the chain's temporaries t0 .. t3.
    _call(a, "SQR", "A", z)  # t0 = z^2
    ladder.sqr_n(a, FRAME_LAYOUT, "B", "A", 2, "I1")  # z^8
    _call(a, "MUL", "B", z, "B")  # z^9
    _call(a, "MUL", "A", "A", "B")  # z^11
    _call(a, "SQR", "C", "A")  # z^22
    _call(a, "MUL", "B", "B", "C")  # z^31 = z^(2^5 - 1)
    ladder.sqr_n(a, FRAME_LAYOUT, "C", "B", 5, "I2")
    _call(a, "MUL", "B", "C", "B")  # 2^10 - 1
    ladder.sqr_n(a, FRAME_LAYOUT, "C", "B", 10, "I3")
    _call(a, "MUL", "C", "C", "B")  # 2^20 - 1
    ladder.sqr_n(a, FRAME_LAYOUT, "D", "C", 20, "I4")
    _call(a, "MUL", "C", "D", "C")  # 2^40 - 1
    ladder.sqr_n(a, FRAME_LAYOUT, "C", "C", 10, "I5")
    _call(a, "MUL", "B", "C", "B")  # 2^50 - 1
    ladder.sqr_n(a, FRAME_LAYOUT, "C", "B", 50, "I6")
    _call(a, "MUL", "C", "C", "B")  # 2^100 - 1
    ladder.sqr_n(a, FRAME_LAYOUT, "D", "C", 100, "I7")
    _call(a, "MUL", "C", "D", "C")  # 2^200 - 1
    ladder.sqr_n(a, FRAME_LAYOUT, "C", "C", 50, "I8")
    _call(a, "MUL", "B", "C", "B")  # 2^250 - 1
    ladder.sqr_n(a, FRAME_LAYOUT, "B", "B", 5, "I9")
    _call(a, "MUL", d, "B", "A")  # 2^255 - 32 + 11


def _freeze(a, x, out_reg):
    # The element x reduced to [0, p), stored at out_reg: x = (x mod 2^255) + 19 (x >> 255),
    # below 2^255 + 19; then + 19 and bit 255 cleared when x + 19 reaches 2^255.
    X = [3, 4, 5, 6, 7, 8, 9, 10]
    a.addw(12, SP, OFF[x])
    a.ldm(12, X)
    a.movi(11, 19)
    for _ in range(2):
        if _:
            # bit 255 of x + 19
            a.imm("adds", 0, X[0], 19)
            for r in X[1:]:
                a.imm("adcs", 0, r, 0)
            a.lsr(0, 0, 31)
        else:
            a.lsr(0, X[7], 31)
        a.imm("bic", X[7], X[7], 0x80000000)
        a.mul(0, 0, 11)
        a.adds(X[0], X[0], 0)
        for r in X[1:]:
            a.imm("adcs", r, r, 0)
    a.imm("bic", X[7], X[7], 0x80000000)
    a.stm(out_reg, X)


def _function(a, body, whole=False, result=None):
    return ladder.function(a, FRAME, _subroutines, body, whole, result)


def _subroutines(a):
    _mul(a)
    _sqr(a)
    _addsub(a)


def _ladder(a):
    # _ladder(out, k, u): out = X25519(k, u); r0 = 1, or 0 when out is all zeros. 32 bytes
    # each, out word aligned; k and u are read by LDR, which takes any alignment on these
    # cores. k is clamped into the frame's K (decodeScalar25519), u's top bit is cleared
    # (decodeUCoordinate).
    a.str_(0, SP, OUT_PTR)
    X = [3, 4, 5, 6, 7, 8, 9, 10]
    for i, r in enumerate(X):
        a.ldr(r, 1, 4 * i)
    a.imm("bic", X[0], X[0], 7)
    a.imm("bic", X[7], X[7], 0x80000000)
    a.imm("orr", X[7], X[7], 0x40000000)
    a.addw(12, SP, OFF["K"])
    a.stm(12, X)
    for i, r in enumerate(X):
        a.ldr(r, 2, 4 * i)
    a.imm("bic", X[7], X[7], 0x80000000)
    for name in ("X1", "X3"):
        a.addw(12, SP, OFF[name])
        a.stm(12, X)
    a.movi(3, 1)
    for r in X[1:]:
        a.movi(r, 0)
    for name in ("X2", "Z3"):
        a.addw(12, SP, OFF[name])
        a.stm(12, X)
    a.movi(3, 0)
    a.addw(12, SP, OFF["Z2"])
    a.stm(12, X)
    ladder.loop(a, FRAME_LAYOUT, 254)
    _invert(a, "Z2", "Z2")
    _call(a, "MUL", "X2", "X2", "Z2")
    a.ldr(1, SP, OUT_PTR)
    _freeze(a, "X2", 1)
    # r0 = 1 if any word of the result is non-zero, else 0, without a branch: (x | -x) >> 31
    a.dp("orr", 0, X2W[0], X2W[1])
    for r in X2W[2:]:
        a.dp("orr", 0, 0, r)
    a.imm("rsb", 1, 0, 0)
    a.dp("orr", 0, 0, 1)
    a.lsr(0, 0, 31)


X2W = [3, 4, 5, 6, 7, 8, 9, 10]  # where _freeze leaves the result's words


def kernel():
    return _function(Asm(), _ladder, result="the non-zero flag")


def field_op(op):
    """A test function (not shipped) of the same routines, as whole machine code:
    ``f(out, x, y)``, out = x op y for op "mul", "sqr", "add", "sub", "mla" (x + a24 y),
    "freeze" (x reduced), eight words each."""

    def body(a):
        X = [3, 4, 5, 6, 7, 8, 9, 10]
        a.str_(0, SP, OUT_PTR)
        for src, name in ((1, "A"), (2, "B")):
            a.ldm(src, X)
            a.addw(12, SP, OFF[name])
            a.stm(12, X)
        if op == "freeze":
            a.ldr(1, SP, OUT_PTR)
            _freeze(a, "A", 1)
            return
        out = "C"
        if op == "mul":
            _call(a, "MUL", "C", "A", "B")
        elif op == "sqr":
            _call(a, "SQR", "C", "A")
        elif op == "mla":
            _mla(a, "C", "A", "B")
        elif op == "add":  # ADDSUB's sum, in A's pair's result slots
            out = "DA"
            _pair(a, "DA", "CB", "A", "B")
        else:  # the SUB entry
            out = "CB"
            _sub(a, "sub", "CB", "A", "B")
        a.ldr(1, SP, OUT_PTR)
        a.addw(12, SP, OFF[out])
        a.ldm(12, X)
        a.stm(1, X)

    return _function(Asm(), body, whole=True)


HEADER = '''# GENERATED by python -m tools.thumb.gen_x25519: edit the generators, not this file.
"""X25519 and X448 (RFC 7748 §5), each as one Thumb-2 function: the whole Montgomery ladder,
the inversion and the final reduction in one call, for Cortex-M4, M7, M55 and M85 (UMAAL).

Backend ``thumb`` of the seam primitive "ec_montgomery" (``ec/xdh``), chosen where
``mpcrypto._cpu`` finds feature ``umaal``, before ``viper``. Same surface as
``montgomery_viper`` (``new(curve)``, ``ctx.x(k, u)``), and ``ctx.shared(k, u)``: the result,
or None when it is all zeros, from the kernel's flag.

``_ladder(out, k, u)``: out = X25519(k, u) reduced and little-endian, from the 32-byte scalar k
(clamped in the kernel) and u (its top bit cleared there; u need not be below p: the
arithmetic is modulo p throughout); returns 1, or 0 when out is all zeros. Field elements
are eight 32-bit words below 2^256, reduced with 2^256 = 38 (mod p); the generator
(tools/thumb/gen_x25519.py) documents every routine and its bounds.

``_ladder448(out, k, u)``: the same for X448 with 56-byte k, u and out (u taken as it is);
fourteen words below 2^448, reduced with 2^448 = 2^224 + 1 (mod p), documented in
tools/thumb/gen_x448.py.

Constant time: no branch and no address depends on the scalar or u; the swap is a select by
SEL on flags set from the bit. The ladders' state is on the C stack (%d and %d bytes);
nothing is allocated per call but the result.
"""

import micropython
from mpcrypto._cpu import umaal as probe  # noqa: F401 (what the seam's chain requires)
''' % (FRAME, gen_x448.FRAME)

FOOTER = '''

class _Ladder:
    def __init__(self, fn, size):
        self.fn = fn
        self.size = size

    def x(self, k, u):
        out = bytearray(self.size)
        self.fn(out, k, u)
        return bytes(out)

    def shared(self, k, u):
        # X(k, u), or None when it is all zeros (the kernel's flag: no comparison here)
        out = bytearray(self.size)
        return bytes(out) if self.fn(out, k, u) else None


def new(curve):
    """The ladder context of ``curve`` (curve25519 or curve448)."""
    return _Ladder(_ladder, 32) if curve.size == 32 else _Ladder(_ladder448, 56)
'''


def generate():
    parts = [HEADER, "\n\n@micropython.asm_thumb\ndef _ladder(r0, r1, r2):\n",
             "    # _ladder(out, k, u): out = X25519(k, u); see the module docstring\n"]
    parts += data_lines(kernel())
    parts += ["\n\n@micropython.asm_thumb\ndef _ladder448(r0, r1, r2):\n",
              "    # _ladder448(out, k, u): out = X448(k, u); see the module docstring\n"]
    parts += data_lines(gen_x448.kernel())
    parts.append(FOOTER)
    return "".join(parts)


def main(argv=None):
    return write_or_check(OUT, generate, "tools.thumb.gen_x25519", argv)


if __name__ == "__main__":
    sys.exit(main())
