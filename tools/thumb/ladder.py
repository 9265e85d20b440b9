"""The curve-independent half of the generated RFC 7748 ladders (``gen_x25519``, ``gen_x448``):
the loop over the scalar's bits with its masked swap, one ladder step as a sequence of field
operations, and d = x^(2^n) by a counted loop. A generator passes its frame layout (``Frame``)
and its field routines; these functions only order them.
"""

from tools.thumb.asm import SP


class Frame:
    """Where a ladder keeps its state: the byte offsets from sp of the elements (``off``, a
    dict with X1 X2 Z2 X3 Z3 A B C D AA BB E DA CB T K, where X2 Z2 and X3 Z3 are adjacent),
    and of the words T_CNT (the bit), SWAP and CNT; ``words`` per element. ``call(a, sub, d,
    x, y=None)``, ``addsub(a, op, d, x, y)`` and ``mla(a, d, aa, e)`` emit the field
    routines."""

    def __init__(self, off, t_cnt, swap, cnt, words, call, addsub, mla):
        self.off, self.t_cnt, self.swap, self.cnt, self.words = off, t_cnt, swap, cnt, words
        self.call, self.addsub, self.mla = call, addsub, mla


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


def cswap(a, f):
    """(X2, Z2) <-> (X3, Z3) when r2 is all ones, by mask, four words at a time."""
    a.addw(0, SP, f.off["X2"])
    a.addw(1, SP, f.off["X3"])
    P, Q = [3, 4, 5, 6], [7, 8, 9, 10]
    for _ in range(2 * f.words // 4):
        a.ldm(0, P)
        a.ldm(1, Q)
        for x, y in zip(P, Q):
            a.dp("eor", 11, x, y)
            a.dp("and", 11, 11, 2)
            a.dp("eor", x, x, 11)
            a.dp("eor", y, y, 11)
        a.stm(0, P, wb=True)
        a.stm(1, Q, wb=True)


def step(a, f):
    """RFC 7748 §5, one ladder step on (X2:Z2), (X3:Z3) with X1 = u."""
    f.addsub(a, "add", "A", "X2", "Z2")
    f.addsub(a, "sub", "B", "X2", "Z2")
    f.addsub(a, "add", "C", "X3", "Z3")
    f.addsub(a, "sub", "D", "X3", "Z3")
    f.call(a, "MUL", "DA", "D", "A")
    f.call(a, "MUL", "CB", "C", "B")
    f.addsub(a, "add", "X3", "DA", "CB")
    f.call(a, "SQR", "X3", "X3")
    f.addsub(a, "sub", "Z3", "DA", "CB")
    f.call(a, "SQR", "Z3", "Z3")
    f.call(a, "MUL", "Z3", "Z3", "X1")
    f.call(a, "SQR", "AA", "A")
    f.call(a, "SQR", "BB", "B")
    f.call(a, "MUL", "X2", "AA", "BB")
    f.addsub(a, "sub", "E", "AA", "BB")
    f.mla(a, "T", "AA", "E")
    f.call(a, "MUL", "Z2", "E", "T")


def loop(a, f, top):
    """The ladder over bits ``top`` .. 0 of the clamped scalar at K, then the last swap; the
    state (X2:Z2), (X3:Z3) set up by the caller. k_t is read at a public address (the bit
    count is public) and only ANDed, XORed and negated into the swap mask."""
    a.movi(0, 0)
    a.str_(0, SP, f.swap)
    small(a, 0, top)
    a.str_(0, SP, f.t_cnt)
    a.label("LADDER")
    # k_t = bit t of k; swap ^= k_t; the mask of swap into r2
    a.ldr(0, SP, f.t_cnt)
    a.addw(1, SP, f.off["K"])
    a.lsr(2, 0, 3)
    a.ldr_idx(2, 1, 2, 0, byte=True)
    a.imm("and", 3, 0, 7)
    a.lsr_reg(2, 2, 3)
    a.imm("and", 2, 2, 1)
    a.ldr(3, SP, f.swap)
    a.str_(2, SP, f.swap)
    a.dp("eor", 2, 2, 3)
    a.imm("rsb", 2, 2, 0)
    cswap(a, f)
    step(a, f)
    a.ldr(0, SP, f.t_cnt)
    a.subs1(0, 0)
    a.str_(0, SP, f.t_cnt)
    a.b("pl", "LADDER")
    a.ldr(2, SP, f.swap)
    a.imm("rsb", 2, 2, 0)
    cswap(a, f)


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
