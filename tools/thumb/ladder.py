"""The curve-independent half of the generated RFC 7748 ladders (``gen_x25519``, ``gen_x448``):
the loop over the scalar's bits, one ladder step as a sequence of field operations with the
swap as a select by SEL, and d = x^(2^n) by a counted loop. A generator passes its frame
layout (``Frame``) and its field routines; these functions only order them.
"""

from tools.thumb.asm import SP, LR


class Frame:
    """Where a ladder keeps its state: the byte offsets from sp of the elements (``off``, a
    dict with X1 X2 Z2 X3 Z3 A B C D AA BB E DA CB T K, where A B and C D are adjacent), and
    of the words T_CNT (the bit), SWAP and CNT; ``words`` per element. ``call(a, sub, d, x,
    y=None)``, ``addsub(a, op, d, x, y)`` and ``mla(a, d, aa, e)`` emit the field routines;
    ``pair(a, s, d, x, y)``, when given, emits s = x + y and d = x - y together (else two
    ``addsub``)."""

    def __init__(self, off, t_cnt, swap, cnt, words, call, addsub, mla, pair=None):
        self.off, self.t_cnt, self.swap, self.cnt, self.words = off, t_cnt, swap, cnt, words
        self.call, self.addsub, self.mla = call, addsub, mla
        self.pair = pair or self._pair

    def _pair(self, a, s, d, x, y):
        self.addsub(a, "add", s, x, y)
        self.addsub(a, "sub", d, x, y)


def small(a, r, v):
    """r = v (v < 2^16): MOV.W where v is a byte, else MOVW."""
    if v < 256:
        a.movi(r, v)
    else:
        a.const(r, v)


def sqr_n(a, f, d, x, n, label):
    """d = x^(2^n): SQR from x, then n - 1 more on d, counted in the frame word CNT."""
    f.call(a, "SQR", d, x)
    if n > 1:
        small(a, 0, n - 1)
        a.str_(0, SP, f.cnt)
        a.label(label)
        f.call(a, "SQR", d, d)
        a.ldr(0, SP, f.cnt)
        a.subs1(0, 0)
        a.str_(0, SP, f.cnt)
        a.b("ne", label)


def mask(a, f):
    """APSR.GE = the swap bit of bit t (r0) in all four bits: w = the word t >> 5 of the
    clamped scalar at K rotated right by t (modulo 32), so that its bit 0 is k_t; the swap bit
    is bit 0 of w XOR SWAP (the w of bit t + 1, or 0), sign-extended to a mask, all ones or
    all zeros, whose bytes UADD8 adds to themselves (a carry out of each byte or of none);
    SWAP = w. k_t is read at a public address (t is public) and only rotated, XORed,
    sign-extended and added."""
    a.addw(1, SP, f.off["K"])
    a.lsr(2, 0, 5)
    a.ldr_idx(2, 1, 2, 2)
    a.ror_reg(2, 2, 0)
    a.ldr(3, SP, f.swap)
    a.str_(2, SP, f.swap)
    a.dp("eor", 2, 2, 3)
    a.sbfx(2, 2, 0, 1)
    a.uadd8(2, 2, 2)


def select(a, f):
    """(A, B) = (C, D) when APSR.GE is all ones, else left: a = SEL(c, a), six words at a
    time."""
    a.addw(0, SP, f.off["A"])
    a.addw(1, SP, f.off["C"])
    P, Q = [2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, LR]
    left = 2 * f.words
    while left:
        m = min(left, 6)
        left -= m
        a.ldm(0, P[:m])
        a.ldm(1, Q[:m], wb=True)
        for x, y in zip(P, Q[:m]):
            a.sel(x, y, x)
        a.stm(0, P[:m], wb=True)


def step(a, f):
    """RFC 7748 §5, one ladder step on (X2:Z2), (X3:Z3) with X1 = u, the swap before it
    included, its bit in APSR.GE (``mask``). RFC 7748 swaps (x2, z2) and (x3, z3) by the bit,
    then doubles (x2, z2) into (x2, z2) and adds the two into (x3, z3). The sum is symmetric
    in the two points (the swap exchanges A, B with C, D, so DA with CB, and (DA + CB)^2 and
    x1 (DA - CB)^2 stay), and the step overwrites both, so only the doubling's input depends
    on the swap: the step takes A, B, C, D from the unswapped points and, once DA and CB are
    made, selects (A, B) = (C, D) by GE. The state after it is RFC 7748's. GE outlives the
    calls before the select: no field routine sets it (none uses a parallel add or
    subtract)."""
    f.pair(a, "A", "B", "X2", "Z2")
    f.pair(a, "C", "D", "X3", "Z3")
    f.call(a, "MUL", "DA", "D", "A")
    f.call(a, "MUL", "CB", "C", "B")
    select(a, f)
    f.pair(a, "X3", "Z3", "DA", "CB")
    f.call(a, "SQR", "X3", "X3")
    f.call(a, "SQR", "Z3", "Z3")
    f.call(a, "MUL", "Z3", "Z3", "X1")
    f.call(a, "SQR", "AA", "A")
    f.call(a, "SQR", "BB", "B")
    f.call(a, "MUL", "X2", "AA", "BB")
    f.addsub(a, "sub", "E", "AA", "BB")
    f.mla(a, "T", "AA", "E")
    f.call(a, "MUL", "Z2", "E", "T")


def loop(a, f, top):
    """The ladder over bits ``top`` .. 0 of the clamped scalar at K; the state (X2:Z2),
    (X3:Z3) set up by the caller. RFC 7748's last swap (by k_0) is left out: both curves'
    clamping clears bit 0, so it would swap nothing."""
    a.movi(0, 0)
    a.str_(0, SP, f.swap)
    small(a, 0, top)
    a.str_(0, SP, f.t_cnt)
    a.label("LADDER")  # r0 = t, from before the loop or from its count
    mask(a, f)
    step(a, f)
    a.ldr(0, SP, f.t_cnt)
    a.subs1(0, 0)
    a.str_(0, SP, f.t_cnt)
    a.b("pl", "LADDER")


def function(a, frame, subroutines, body, whole=False, result=None):
    """An asm_thumb function body: r8-r11 saved, ``frame`` bytes of stack, the subroutines
    (``subroutines(a)`` emits them) jumped over, then ``body(a)``, the frame freed, r0 = 0
    (``result``: what the body leaves in r0 instead). ``whole``: with the entry and exit
    asm_thumb gives a function (push {r4-r7, lr} ... pop {r4-r7, pc}), for raw machine code."""
    if whole:
        a.push([4, 5, 6, 7, 14])
    a.push([8, 9, 10, 11])
    a.addw(SP, SP, frame, sub=True)
    a.b("al", "MAIN")
    subroutines(a)
    a.label("MAIN")
    body(a)
    a.addw(SP, SP, frame)
    a.pop([8, 9, 10, 11])
    if result is None:
        a.movs_imm(0, 0)
    if whole:
        a.pop([4, 5, 6, 7, 15])
    return a
