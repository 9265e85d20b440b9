"""Writes ``modules/mpcrypto/ec/edwards_thumb.py``: Ed25519's scalar arithmetic as one Thumb-2
function for Cortex-M4/M7/M55/M85 (UMAAL), a MicroPython ``asm_thumb`` function of
``data(2, ...)`` halfwords encoded by ``tools/thumb/asm.py``: k*B for a secret k (signing, public
keys) by a fixed-base comb, [s]B + [k]P for public s, k (verification) by interleaved w-NAF, each
with the inversion and the final reduction of the affine result in the same call; and the
scalars mod L (a hash reduced, S = r + k s).

    python -m tools.thumb.gen_ed25519          # rewrite the module
    python -m tools.thumb.gen_ed25519 --check  # exit 1 if the module is not what this writes

The algorithms are ``edwards_viper._Ed25519``'s, step for step, and the point formulas are its
program texts (``_DBL``, ``_MADD``, ``_ADD``, ``_FROM_AFFINE``, ``_TO_ENTRY``, ``_NEG_Q``,
``_NEG_P``: RFC 8032 §5.1.4, extended coordinates with T kept as its factors E*H), read from
that module's source and compiled here, so both backends run the same formulas. Its tables are
the kernel's too: ``edwards_viper`` builds them once on its limbs (Montgomery form, R = 2^256
on these cores), and the kernel's conversion mode multiplies every element by R^-1 in place,
once.

Field elements are eight 32-bit little-endian words below 2^256, congruent to the element
modulo p = 2^255 - 19 (``gen_x25519``'s representation): MUL and SQR are ``gen_x25519``'s UMAAL
routines (reduction by 2^256 = 38 mod p); ADD and SUB (written here: r0 = d, r1 = x, r2 = y,
any addresses) are eight ADCS / SBCS with the carry (borrow) times 38 added (subtracted) twice,
as ``gen_x25519``'s ADDSUB halves; the inversion is ``gen_x25519``'s addition chain and the final
reduction to [0, p) its ``_freeze``.

Code size: the hot point routines (PDBL, PMADD) are straight calls of the field routines; the
other formulas, the inversion chain and the small copies are field programs, four bytes an
operation after a two-instruction stub, run by RUN (about eleven instructions an operation
more than straight calls, for a quarter of their code), which reads them by LDRB (frozen code
is only 2-byte aligned: nothing reads the code by LDM or LDRD).

k*B (mode 0), k given as 32 bytes big-endian, below L, made odd as ``engine.odd_scalar`` does
(k + L when k is even, by mask; L B is the identity): the signed Lim-Lee comb of ``edwards_viper.mul_base`` / ``engine.Arena.comb`` (6 teeth, 4 blocks,
11 columns, L = 264 signed bits): c = (k + 2^264 - 1) / 2 = (k >> 1) | 2^263 (bit j of c says
whether signed bit j of k is +1 or -1); per column, from the top, one doubling, then per block
b the digit of bits (6 b + t) 11 + col of c (t = 0 .. 5, read at public addresses), the table
entry (dig XOR m) AND 31 with m = (dig >> 5) - 1 (the complement when the top tooth is -1),
x negated by mask when m is all ones, and one mixed addition (complete formulas: the first
doubling and additions on the identity need no special case). The lookup reads all 32 entries
of the block's table (64 bytes each, y then x) and keeps one by SEL, APSR.GE set by UADD8 from
a mask that is all ones only at the entry (the table index and the loop count are public).

[s]B + [k]P (mode 1), s and k little-endian below 2^253 (public): their width-7 and width-5
NAFs (``engine.wnaf``'s loop, here in Thumb-2, into two digit arrays), the odd
multiples P .. 15P (extended, X Y Z 2dT) built in the caller's buffer, and from the top
non-zero digit down one doubling per bit, a mixed addition of B's entry |d| >> 1 (the cached
table of B, 3B, .., 63B, affine) and an addition of P's, each negated (x, and x and 2dT) for a
negative digit. Variable time: branches and addresses follow the public digits.

Mod L (modes 3 and 4): MONT, a word-by-word Montgomery multiplication (R = 2^256) in loops,
and ADDL, with L and the constants R^2, R^3 mod L in the caller's buffer: h mod L for a
64-byte h as MONT(MONT(h_lo, R^2) + MONT(h_hi, R^3), 1), and r + k s as MONT(MONT(k, s), R^2)
+ r (RFC 8032 §5.1.6 steps 2, 4, 5).

The frame is ``gen_x25519``'s (its product, words and elements at their offsets: its MUL, SQR
and ``_freeze`` run on it unchanged, X1 shared) with this kernel's words and elements after
it. Point routines and programs keep their return address in the frame word RET2; MUL, SQR,
MONT and ADDL in RET; ADD, SUB and the other leaves in lr.

Constant time (modes 0, 3, 4): no branch and no address depends on the scalars; UMAAL, UMULL,
MUL and SEL take a fixed time on these cores; the state is on the stack and nothing is
allocated.
"""

import ast
import functools
import sys

from tools import ROOT
from tools.gen import write_or_check
from tools.thumb import gen_x25519
from tools.thumb import ladder
from tools.thumb.asm import SP, LR, Asm, data_lines

OUT = ROOT / "modules" / "mpcrypto" / "ec" / "edwards_thumb.py"
FORMULAS = ROOT / "modules" / "mpcrypto" / "ec" / "edwards_viper.py"

P = (1 << 255) - 19
L = (1 << 252) + 27742317777372353535851937790883648493
D = -121665 * pow(121666, -1, P) % P  # RFC 8032 §5.1
GY = 4 * pow(5, -1, P) % P
R = 1 << 256
RINV = pow(R, -1, P)

TEETH, BLOCKS, COLS = 6, 4, 11  # edwards_viper's comb
NENT = 1 << (TEETH - 1)
WB, WP = 7, 5  # w-NAF widths of B and P in verification
BENT = 1 << (WB - 2)  # B, 3B, .., 63B
PENT = 1 << (WP - 2)  # P, 3P, .., 15P

# The frame: gen_x25519's (0 .. FRAME), then this kernel's words, then its elements, at
# multiples of 32 bytes (a program names an element by its offset / 32). gen_x25519's E and
# K (which its inversion does not use) hold verification's point P as AX, AY.
BASE = gen_x25519.FRAME
PROD, RET, DST = gen_x25519.PROD, gen_x25519.RET, gen_x25519.DST
(RET2, BUF, TABP, LOOP, COL, BLK, SGN, IDX, PPTR, SQCNT, SQD, HALF) = (BASE + 4 * i for i in range(12))
CW = BASE + 48  # the comb's scalar: nine words
FE = ("Y1", "Z1", "E1", "H1", "QY", "QX", "PX", "PY", "PZ", "PT", "T1", "tA", "tB", "tC", "tD", "tF",
      "tG", "u", "v", "w", "NQ", "ZERO", "ONEM", "D2")
EL = (CW + 36 + 31) // 32 * 32
OFF = dict(gen_x25519.OFF)
OFF.update({name: EL + 32 * i for i, name in enumerate(FE)})
OFF["AX"], OFF["AY"] = OFF["E"], OFF["K"]
FRAME = EL + 32 * len(FE)

# The caller's buffer (word aligned): the affine point x || y (little-endian; in: P of mode 1,
# the constant R^-1 of mode 2; out: the result, reduced, and the results of modes 3 and 4), the
# comb's four table addresses, the scalars of mode 1 (nine words each, the top one zero: the
# caller writes it, since mode 3's 64-byte input at SC1 overlaps them) and of mode 4 (r, s, k
# at SC1, SC2, DIG1), the digits of mode 1, P's table (PENT + 1 entries: 2P last), and the
# constants the caller writes once at MODC.
IO = 0
TADDR = 64
SC1, SC2 = 80, 120
DIG1 = 160
DIG2 = DIG1 + 260
PTAB = DIG2 + 260
MODC = PTAB + (PENT + 1) * 128  # L, -L^-1 mod 2^32, R^2 mod L, R^3 mod L, 2d mod p
BUFSIZE = MODC + 132
N0 = -pow(L, -1, 1 << 32) % (1 << 32)
# The caller's constants at MODC (the module computes them; the tests write these):
MODCONST = (L.to_bytes(32, "little") + N0.to_bytes(4, "little") + (R * R % L).to_bytes(32, "little")
            + (R * R * R % L).to_bytes(32, "little") + (2 * D % P).to_bytes(32, "little"))

X = [3, 4, 5, 6, 7, 8, 9, 10]

# Field programs run by RUN: 4 bytes an operation (op, d, x, y), elements as frame offset / 32,
# ending with op 0. SQRN: d = x^(2^n), n in the y byte.
OPS = {"*": 1, "+": 2, "-": 3, "copy": 4, "sqr": 5, "sqrn": 6}


def _call(a, sub, d, x, y=None):
    a.addw(0, SP, OFF[d])
    a.addw(1, SP, OFF[x])
    if y is not None:
        a.addw(2, SP, OFF[y])
    a.bl(sub)


def _copy(a, d, x):
    a.addw(12, SP, OFF[x])
    a.ldm(12, X)
    a.addw(12, SP, OFF[d])
    a.stm(12, X)


def _addsub(a, op):
    # ADD / SUB: r0 = d, r1 = x, r2 = y (any word-aligned addresses); d = x op y below 2^256,
    # congruent modulo p: eight ADCS / SBCS (y three words at a time), the carry (borrow) times
    # 38 added (subtracted) through the words and once more into the low word, which cannot
    # carry (borrow) again (gen_x25519's ADDSUB halves). A leaf: returns by BX LR.
    a.label(op.upper())
    a.ldm(1, X)
    Y = [1, 11, 12]
    first, chain = {"add": ("add", "adc"), "sub": ("sub", "sbc")}[op]
    for j in range(8):
        if j % 3 == 0:
            a.ldm(2, Y[:min(3, 8 - j)], wb=j < 6)
        a.dp(first if j == 0 else chain, X[j], X[j], Y[j % 3], s=True)
    a.movi(12, 38)
    gen_x25519._carry38(a, X[0], 1, 12, op, chain=X[1:])
    gen_x25519._carry38(a, X[0], 1, 12, op)
    a.stm(0, X)
    a.bx_lr()


def _evaluate(node, names):
    # A module-level string: a constant, a name bound before, or a sum of those.
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name) and node.id in names:
        return names[node.id]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _evaluate(node.left, names), _evaluate(node.right, names)
        if left is not None and right is not None:
            return left + right
    return None


@functools.lru_cache(maxsize=None)
def _texts():
    # edwards_viper's module-level strings (constants and their sums), parsed once
    names = {}
    for node in ast.parse(FORMULAS.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            v = _evaluate(node.value, names)
            if v is not None:
                names[node.targets[0].id] = v
    return names


def _program(name):
    # A field program of edwards_viper as (d, x, op, y) lines.
    out = []
    for line in _texts()[name].strip().splitlines():
        if not line.strip():
            continue
        d, expr = (s.strip() for s in line.split("="))
        parts = expr.split()
        out.append((d, parts[0], None, None) if len(parts) == 1 else (d, parts[0], parts[1], parts[2]))
    return out


def _point_routine(a, label, prog):
    # A hot point routine (PDBL, PMADD): ``prog`` as straight calls of the field routines
    # (x * y, SQR when x is y, x + y, x - y, x).
    a.label(label)
    a.str_(LR, SP, RET2)
    for d, x, op, y in prog:
        if op is None:
            _copy(a, d, x)
        elif op == "*" and x == y:
            _call(a, "SQR", d, x)
        else:
            _call(a, {"*": "MUL", "+": "ADD", "-": "SUB"}[op], d, x, y)
    a.ldr(15, SP, RET2)


def _prog_routine(a, label, prog):
    # A routine (PADD, TOENT, FIN, ...) that runs ``prog`` ((d, x, op, y) lines; op
    # "sqrn" with y = n) by RUN: its bytes follow a MOV r0, PC and a branch to RUN (so r0 + 2
    # is their address wherever the code was loaded); read by LDRB, which any alignment
    # allows.
    a.label(label)
    a.mov_pc(0)
    a.b("al", "RUN")
    data = bytearray()
    for d, x, op, y in prog:
        if op is None:
            code = OPS["copy"]
        elif op == "*" and x == y:
            code = OPS["sqr"]
        else:
            code = OPS[op]
        yv = y if op == "sqrn" else OFF[y] >> 5 if y is not None else 0
        data += bytes((code, OFF[d] >> 5, OFF[x] >> 5, yv))
    data += bytes(2)
    for i in range(0, len(data), 2):
        a.i((data[i] | data[i + 1] << 8,), ".hword 0x%02x%02x" % (data[i + 1], data[i]))


def _run(a):
    # RUN: executes the field program at r0 + 2 (see _prog_routine), then returns to the
    # routine's caller (lr, kept in RET2). The program pointer waits in PPTR across the
    # calls (MUL and SQR use every register). The op selects its case by TBB: the cases
    # follow the table (eight bytes with its padding), 8 bytes each, so its offsets are
    # 4 + 4 op halfwords.
    a.label("RUN")
    a.str_(LR, SP, RET2)
    a.add_imm(0, 0, 2)
    a.label("RLOOP")
    a.str_(0, SP, PPTR)
    a.ldr(3, 0, 0, byte=True)
    a.ldr(12, 0, 3, byte=True)
    a.ldr(1, 0, 2, byte=True)
    a.ldr(0, 0, 1, byte=True)
    a.dp("add", 0, SP, 0, "lsl", 5)
    a.dp("add", 1, SP, 1, "lsl", 5)
    a.dp("add", 2, SP, 12, "lsl", 5)
    a.tbb(15, 3)
    a.i((0x0804, 0x100C, 0x1814, 0x001C), ".byte 4, 8, 12, 16, 20, 24, 28, 0")  # ops 0 .. 6
    a.ldr(15, SP, RET2)  # 0: the end
    a.b("al", "RNEXT")  # (not reached: the case's 8 bytes)
    for sub in ("MUL", "ADD", "SUB"):  # 1 .. 3
        a.bl(sub)
        a.b("al", "RNEXT")
    a.b("al", "RCOPY")  # 4
    a.b("al", "RNEXT")
    a.bl("SQR")  # 5
    a.b("al", "RNEXT")
    a.label("RSQN")  # 6, SQRN: n squarings, the first from x
    a.str_(12, SP, SQCNT)
    a.str_(0, SP, SQD)
    a.label("RSQ")
    a.bl("SQR")
    a.ldr(0, SP, SQD)
    a.mov(1, 0)
    a.ldr(2, SP, SQCNT)
    a.subs1(2, 2)
    a.str_(2, SP, SQCNT)
    a.b("ne", "RSQ")
    a.b("al", "RNEXT")
    a.label("RCOPY")
    a.ldm(1, X)
    a.stm(0, X)
    a.label("RNEXT")
    a.ldr(0, SP, PPTR)
    a.add_imm(0, 0, 4)
    a.b("al", "RLOOP")


def _inversion():
    # INV = Z1^(p - 2) = Z1^(2^255 - 21), gen_x25519's addition chain (254 squarings, 11
    # multiplications) on its elements A .. D; then X1 = X1 INV, X2 = Y1 INV.
    z = "Z1"
    return [("A", z, "*", z), ("B", "A", "sqrn", 2), ("B", z, "*", "B"), ("A", "A", "*", "B"),
            ("C", "A", "*", "A"), ("B", "B", "*", "C"),  # z^11, z^31 = z^(2^5 - 1)
            ("C", "B", "sqrn", 5), ("B", "C", "*", "B"),  # 2^10 - 1
            ("C", "B", "sqrn", 10), ("C", "C", "*", "B"),  # 2^20 - 1
            ("D", "C", "sqrn", 20), ("C", "D", "*", "C"),  # 2^40 - 1
            ("C", "C", "sqrn", 10), ("B", "C", "*", "B"),  # 2^50 - 1
            ("C", "B", "sqrn", 50), ("C", "C", "*", "B"),  # 2^100 - 1
            ("D", "C", "sqrn", 100), ("C", "D", "*", "C"),  # 2^200 - 1
            ("C", "C", "sqrn", 50), ("B", "C", "*", "B"),  # 2^250 - 1
            ("B", "B", "sqrn", 5), ("Z2", "B", "*", "A"),  # 2^255 - 32 + 11
            ("X1", "X1", "*", "Z2"), ("X2", "Y1", "*", "Z2")]


def _subroutines(a):
    gen_x25519._mul(a)
    gen_x25519._sqr(a)
    _addsub(a, "add")
    _addsub(a, "sub")
    _run(a)
    _point_routine(a, "PDBL", _program("_DBL"))
    _point_routine(a, "PMADD", _program("_MADD"))
    _prog_routine(a, "PADD", _program("_ADD"))
    _prog_routine(a, "TOENT", _program("_TO_ENTRY"))
    _prog_routine(a, "PIN", [("X1", "AX", None, None), ("Y1", "AY", None, None)] + _program("_FROM_AFFINE"))
    _prog_routine(a, "IDENT", [(d, x, None, None) for d, x in (("X1", "ZERO"), ("Y1", "ONEM"), ("Z1", "ONEM"),
                                                              ("E1", "ZERO"), ("H1", "ONEM"))])
    _prog_routine(a, "NEGQ", _program("_NEG_Q"))
    _prog_routine(a, "NEGP", _program("_NEG_P"))
    _prog_routine(a, "FIN", _inversion())
    _ecopy(a)
    _bein(a)
    _wnaf(a)
    _mont(a)


def _mont(a):
    # MONT: r0 = d, r1 = a, r2 = b; d = a b / 2^256 mod L for a < 2^256, b < L (or the other
    # way round), reduced below L: word-by-word Montgomery multiplication (CIOS, Koc, Acar,
    # Kaliski 1996) in loops, t (ten words) in the frame at PROD + 4: per word a_i, t += a_i b
    # (one UMAAL chain), then m = t_0 (-L^-1) mod 2^32 and t = (t + m L) / 2^32 (another, each
    # word stored one lower). t stays below 2L (< 2^254), so one masked subtraction of L ends
    # it. ADDL: r0 = d, r1 = x, r2 = y (below L); d = x + y mod L by the same subtraction.
    # L and -L^-1 are the caller's, at buf + MODC (r11). Single LDR / STR throughout.
    T = PROD + 4
    a.label("MONT")
    a.str_(LR, SP, RET)
    a.str_(0, SP, DST)
    a.movi(3, 0)
    for w in range(0, 12, 2):
        a.strd(3, 3, SP, PROD + 4 * w)
    a.ldr(11, SP, BUF)
    a.addw(11, 11, MODC)
    a.addw(12, SP, T)
    a.movi(4, 0)  # 4 i
    a.label("MO")
    for ptr, mul in ((2, None), (11, "m")):
        if mul is None:
            a.ldr_idx(5, 1, 4, 0)  # a_i
        else:
            a.ldr(7, 12, 0)
            a.ldr(9, 11, 32)
            a.mul(5, 7, 9)  # m
        a.movi(6, 0)
        a.movi(8, 0)  # 4 j
        lab = "MA" if mul is None else "MB"
        a.label(lab)
        a.ldr_idx(7, 12, 8, 0)
        a.ldr_idx(9, ptr, 8, 0)
        a.umaal(7, 6, 5, 9)
        a.dp("add", 10, 12 if mul is None else SP, 8)  # t_j, or t_(j-1) after the product by m
        a.str_(7, 10, 0)
        a.add_imm(8, 8, 4)
        a.cmpi(8, 32)
        a.b("ne", lab)
        a.ldr(7, 12, 32)
        a.adds(7, 7, 6)
        a.str_(7, 12, 32 if mul is None else 28)
        a.ldr(7, 12, 36)
        a.adc0(7, 7)
        a.str_(7, 12, 36 if mul is None else 32)
    a.movi(7, 0)
    a.str_(7, 12, 36)
    a.add_imm(4, 4, 4)
    a.cmpi(4, 32)
    a.b("ne", "MO")
    a.ldm(12, X)
    a.ldr(1, 12, 32)
    a.label("CSUBL")  # (r1, X) - L, L added back under the mask of the borrow; to DST
    Lw = [0, 2, 12, LR]
    for j, r in enumerate(X):
        if j % 4 == 0:
            a.ldm(11, Lw, wb=j == 0)
        a.dp("sub" if j == 0 else "sbc", r, r, Lw[j % 4], s=True)
    a.imm("sbc", 1, 1, 0)
    a.sub_imm(11, 11, 16)
    for j, r in enumerate(X):
        if j % 4 == 0:
            a.ldm(11, Lw, wb=j == 0)
            for q in Lw:
                a.dp("and", q, q, 1)
        a.dp("add" if j == 0 else "adc", r, r, Lw[j % 4], s=True)
    a.ldr(0, SP, DST)
    a.stm(0, X)
    a.ldr(15, SP, RET)
    a.label("ADDL")
    a.str_(LR, SP, RET)
    a.str_(0, SP, DST)
    a.ldm(1, X)
    Y = [0, 1, 11, 12]
    for j, r in enumerate(X):
        if j % 4 == 0:
            a.ldm(2, Y, wb=j == 0)
        a.dp("add" if j == 0 else "adc", r, r, Y[j % 4], s=True)
    a.movi(1, 0)
    a.ldr(11, SP, BUF)
    a.addw(11, 11, MODC)
    a.b("al", "CSUBL")


def _modl(a):
    # mode 3 (reduce): buf[0:32] = the 64 little-endian bytes at buf + SC1 mod L, big-endian:
    # h_lo R + h_hi R^2 (two MONT by R^2 and R^3 mod L), added, then MONT by 1.
    # mode 4 (sign_s): buf[0:32] = r + k s mod L, little-endian, for r, s (big-endian, below
    # L) at buf + SC1, SC2 and k (little-endian, below L) at buf + DIG1: MONT(k, s) R^2 by
    # MONT again, then ADDL.
    a.cmpi(2, 4)
    a.b("eq", "SIGNS")
    for name, off, c in (("tA", SC1, 36), ("tB", SC1 + 32, 68)):
        a.addw(0, SP, OFF[name])
        a.ldr(2, SP, BUF)
        a.addw(1, 2, off)
        a.addw(2, 2, MODC + c)
        a.bl("MONT")
    _call(a, "ADDL", "tA", "tA", "tB")
    _call(a, "MONT", "tA", "tA", "ONEM")
    a.addw(12, SP, OFF["tA"])
    a.ldm(12, X)
    a.ldr(0, SP, BUF)
    for i, r in enumerate(X):
        a.rev(r, r)
        a.str_(r, 0, 28 - 4 * i)
    a.b("al", "DONE")
    a.label("SIGNS")
    for name, off in (("tA", SC1), ("tB", SC2)):
        a.addw(0, SP, OFF[name])
        a.ldr(1, SP, BUF)
        a.addw(1, 1, off)
        a.bl("BEIN")
    a.addw(0, SP, OFF["tC"])
    a.ldr(1, SP, BUF)
    a.addw(1, 1, DIG1)
    a.addw(2, SP, OFF["tB"])
    a.bl("MONT")
    a.addw(0, SP, OFF["tC"])
    a.mov(1, 0)
    a.ldr(2, SP, BUF)
    a.addw(2, 2, MODC + 36)
    a.bl("MONT")
    a.ldr(0, SP, BUF)
    a.addw(1, SP, OFF["tC"])
    a.addw(2, SP, OFF["tA"])
    a.bl("ADDL")


def _bein(a):
    # BEIN (a leaf): the 32 big-endian bytes at r1 (any alignment: single LDRs) as eight
    # little-endian words at r0 (r3 .. r10 used)
    a.label("BEIN")
    for i, r in enumerate(X):
        a.ldr(r, 1, 28 - 4 * i)
        a.rev(r, r)
    a.stm(0, X)
    a.bx_lr()


def _ecopy(a):
    # ECOPY (a leaf): 32 words from r1 to r0 (a table entry of P: X Y Z 2dT)
    a.label("ECOPY")
    _mem_copy(a, 0, 1, 32)
    a.bx_lr()


def _wnaf(a):
    # WNAF (a leaf): r1 = a scalar (nine little-endian words, the top one 0, value below
    # 2^253), r2 = its digit array (256 bytes, zero), r3 = w. The width-w NAF, digit i at
    # byte i (signed, odd, |d| < 2^(w-1)), as engine.wnaf: at bit i with carry c, the
    # next w bits v; when bit i of v equals c the digit is 0 (the carry passes on), else
    # d = v + c, taken as d - 2^w with carry 1 when it reaches 2^(w-1), and i moves on by w.
    # Registers: r4 = i, r5 = c, r6 = 2^w - 1, r7 = w - 1.
    a.label("WNAF")
    a.movi(4, 0)
    a.movi(5, 0)
    a.movi(6, 1)
    a.lsl_reg(6, 6, 3)
    a.imm("sub", 6, 6, 1)
    a.imm("sub", 7, 3, 1)
    a.label("WN_LOOP")
    a.imm("cmp", 0, 4, 256)
    a.b("cs", "WN_DONE")
    a.lsr(8, 4, 5)
    a.ldr_idx(9, 1, 8, 2)
    a.add_imm(8, 8, 1)
    a.ldr_idx(10, 1, 8, 2)
    a.imm("and", 11, 4, 31)
    a.lsr_reg(9, 9, 11)
    a.imm("rsb", 11, 11, 32)
    a.lsl_reg(10, 10, 11)  # a shift by 32 (i a multiple of 32) gives 0
    a.dp("orr", 9, 9, 10)  # bits i .. i + 31
    a.imm("and", 10, 9, 1)
    a.cmp(10, 5)
    a.b("ne", "WN_DIG")
    a.add_imm(4, 4, 1)
    a.b("al", "WN_LOOP")
    a.label("WN_DIG")
    a.dp("and", 9, 9, 6)
    a.dp("add", 9, 9, 5)  # v + c, odd, below 2^w
    a.lsr_reg(5, 9, 7)  # the new carry: v + c >= 2^(w-1)
    a.lsl_reg(10, 5, 3)
    a.dp("sub", 9, 9, 10)
    a.dp("add", 10, 2, 4)
    a.strb(9, 10, 0)
    a.dp("add", 4, 4, 3)
    a.b("al", "WN_LOOP")
    a.label("WN_DONE")
    a.bx_lr()


def _cmove(a, d, x, mask_word):
    # d = x where the frame word mask_word is all ones (else d is kept): SEL on APSR.GE.
    a.ldr(12, SP, mask_word)
    a.uadd8(12, 12, 12)
    a.addw(0, SP, OFF[d])
    a.addw(1, SP, OFF[x])
    D_, S_ = [3, 4, 5, 6], [7, 8, 9, 10]
    for _ in range(2):
        a.ldm(0, D_)
        a.ldm(1, S_, wb=True)
        for dr, sr in zip(D_, S_):
            a.sel(dr, sr, dr)
        a.stm(0, D_, wb=True)


def _mem_copy(a, dst, src, words):
    # ``words`` words from the address in register src to the one in dst (both advanced;
    # r3 .. r10 used)
    while words:
        n = min(words, 8)
        a.ldm(src, X[:n], wb=True)
        a.stm(dst, X[:n], wb=True)
        words -= n


def _scan(a):
    # (QY, QX) = the entry IDX of the table at TABP, one half (eight words) at a time (HALF =
    # 0, 32): all 32 entries read (64 bytes each), the one whose running index r2 = IDX - e
    # is 0 kept by SEL (APSR.GE from UADD8 of the mask: (t | -t) >> 31 inverted, all ones
    # only at t = 0).
    a.movi(0, 0)
    a.str_(0, SP, HALF)
    a.label("SCAN")
    a.ldr(LR, SP, TABP)
    a.ldr(0, SP, HALF)
    a.dp("add", LR, LR, 0)
    a.ldr(2, SP, IDX)
    a.movi(11, NENT // 2)
    a.label("SCANE")  # two entries a round
    for _ in range(2):
        a.imm("rsb", 12, 2, 0)
        a.dp("orr", 12, 12, 2)
        a.dp("mvn", 12, 15, 12, "asr", 31)
        a.uadd8(12, 12, 12)
        for regs in (X[0:3], X[3:6], X[6:8]):
            src = [0, 1, 12][:len(regs)]
            a.ldm(LR, src, wb=True)
            for r, s_ in zip(regs, src):
                a.sel(r, s_, r)
        a.add_imm(LR, LR, 32)
        a.imm("sub", 2, 2, 1)
    a.subs1(11, 11)
    a.b("ne", "SCANE")
    a.ldr(0, SP, HALF)
    a.addw(12, SP, OFF["QY"])
    a.dp("add", 12, 12, 0)
    a.stm(12, X)
    a.add_imm(0, 0, 32)
    a.str_(0, SP, HALF)
    a.cmpi(0, 64)
    a.b("ne", "SCAN")


def _comb(a):
    # mode 0: k*B for 0 <= k < L (32 bytes big-endian at r1) by the signed comb (docstring):
    # k + L when k is even (L B is the identity), chosen by mask: the comb's scalar is odd.
    a.addw(0, SP, CW)
    a.bl("BEIN")
    a.imm("and", 1, X[0], 1)
    a.imm("sub", 1, 1, 1)  # all ones when k is even
    a.ldr(11, SP, BUF)
    a.addw(11, 11, MODC)
    Lw = [0, 2, LR]
    for j, r in enumerate(X):
        if j % 3 == 0:
            regs = Lw[:min(3, 8 - j)]
            a.ldm(11, regs, wb=True)
            for q in regs:
                a.dp("and", q, q, 1)
        a.dp("add" if j == 0 else "adc", r, r, Lw[j % 3], s=True)
    a.addw(12, SP, CW)  # k with bit 264 set: bit j of c is bit j + 1 of it
    a.stm(12, X)
    a.movi(0, 1)
    a.lsl(0, 0, 8)
    a.str_(0, SP, CW + 32)
    a.bl("IDENT")
    a.movi(0, COLS - 1)
    a.str_(0, SP, COL)
    a.label("CCOL")
    a.bl("PDBL")
    a.movi(0, 0)
    a.str_(0, SP, BLK)
    a.label("CBLK")
    # the digit: bits j = 66 b + col + 11 t of c, t = 0 .. 5 (public addresses), bits j + 1
    # of CW
    a.ldr(0, SP, COL)
    a.ldr(1, SP, BLK)
    a.movi(2, TEETH * COLS)
    a.mul(2, 1, 2)
    a.dp("add", 0, 0, 2)
    a.add_imm(0, 0, 1)
    a.addw(1, SP, CW)
    a.movi(2, 0)
    a.movi(4, 0)
    a.label("CDIG")
    a.lsr(3, 0, 5)
    a.ldr_idx(3, 1, 3, 2)
    a.ror_reg(3, 3, 0)  # by j mod 32 (the low byte of j, and 256 is a multiple of 32)
    a.imm("and", 3, 3, 1)
    a.lsl_reg(3, 3, 4)
    a.dp("orr", 2, 2, 3)
    a.add_imm(0, 0, COLS)
    a.add_imm(4, 4, 1)
    a.cmpi(4, TEETH)
    a.b("ne", "CDIG")
    # m = (dig >> 5) - 1: all ones when the top tooth is -1; entry (dig XOR m) AND 31
    a.lsr(3, 2, TEETH - 1)
    a.imm("sub", 3, 3, 1)
    a.str_(3, SP, SGN)
    a.dp("eor", 2, 2, 3)
    a.imm("and", 2, 2, NENT - 1)
    a.str_(2, SP, IDX)
    a.ldr(0, SP, BUF)
    a.ldr(1, SP, BLK)
    a.dp("add", 0, 0, 1, "lsl", 2)
    a.ldr(0, 0, TADDR)
    a.str_(0, SP, TABP)
    _scan(a)
    _call(a, "SUB", "NQ", "ZERO", "QX")
    _cmove(a, "QX", "NQ", SGN)
    a.bl("PMADD")
    a.ldr(1, SP, BLK)
    a.add_imm(1, 1, 1)
    a.str_(1, SP, BLK)
    a.cmpi(1, BLOCKS)
    a.b("ne", "CBLK")
    a.ldr(0, SP, COL)
    a.subs1(0, 0)
    a.str_(0, SP, COL)
    a.b("pl", "CCOL")


def _digit(a, arr, label):
    # r2 = the signed digit at byte LOOP of the buffer's array ``arr``; to ``label`` when 0;
    # else r2 = |d| >> 1 and SGN = all ones when d < 0
    a.ldr(0, SP, LOOP)
    a.ldr(1, SP, BUF)
    a.dp("add", 1, 1, 0)
    a.ldr(2, 1, arr, byte=True)
    a.sbfx(2, 2, 0, 8)
    a.cmp_imm0(2)
    a.b("eq", label)
    a.sh("asr", 3, 2, 31)
    a.str_(3, SP, SGN)
    a.dp("eor", 2, 2, 3)
    a.dp("sub", 2, 2, 3)
    a.lsr(2, 2, 1)


def _ptab_entry(a, reg, i_word=None, i=None):
    # register reg = the address of P's table entry (entry LOOP when i_word, else i)
    a.ldr(reg, SP, BUF)
    if i_word is not None:
        a.ldr(12, SP, i_word)
        a.dp("add", reg, reg, 12, "lsl", 7)
        a.addw(reg, reg, PTAB)
    else:
        a.addw(reg, reg, PTAB + 128 * i)


def _verify(a):
    # mode 1: [s]B + [k]P (docstring); B's table at r3 (TABP).
    a.ldr(0, SP, BUF)
    a.addw(0, 0, DIG1)
    a.movi(1, 0)
    a.movi(2, 130)  # both digit arrays: 520 bytes
    a.label("VZERO")
    a.str_post(1, 0, 4)
    a.subs1(2, 2)
    a.b("ne", "VZERO")
    for sc, dig, w in ((SC1, DIG1, WB), (SC2, DIG2, WP)):
        a.ldr(0, SP, BUF)
        a.addw(1, 0, sc)
        a.addw(2, 0, dig)
        a.movi(3, w)
        a.bl("WNAF")
    # P into AX, AY; its table P, 3P, .., 15P and 2P after them
    a.ldr(1, SP, BUF)
    a.addw(0, SP, OFF["AX"])
    _mem_copy(a, 0, 1, 16)
    a.bl("PIN")
    a.bl("PDBL")
    a.bl("TOENT")
    _ptab_entry(a, 0, i=PENT)
    a.addw(1, SP, OFF["PX"])
    a.bl("ECOPY")
    a.bl("PIN")
    a.movi(0, 0)
    a.str_(0, SP, LOOP)
    a.label("VTAB")
    a.bl("TOENT")
    _ptab_entry(a, 0, i_word=LOOP)
    a.addw(1, SP, OFF["PX"])
    a.bl("ECOPY")
    a.ldr(0, SP, LOOP)
    a.add_imm(0, 0, 1)
    a.str_(0, SP, LOOP)
    a.cmpi(0, PENT)
    a.b("eq", "VTABEND")
    _ptab_entry(a, 1, i=PENT)
    a.addw(0, SP, OFF["PX"])
    a.bl("ECOPY")
    a.bl("PADD")
    a.b("al", "VTAB")
    a.label("VTABEND")
    a.bl("IDENT")
    # the top position with a digit (or 0)
    a.movi(0, 255)
    a.ldr(1, SP, BUF)
    a.label("VTOP")
    a.dp("add", 2, 1, 0)
    a.ldr(3, 2, DIG1, byte=True)
    a.ldr(2, 2, DIG2, byte=True)
    a.dp("orr", 2, 2, 3)
    a.cmp_imm0(2)
    a.b("ne", "VSTART")
    a.subs1(0, 0)
    a.b("ne", "VTOP")
    a.label("VSTART")
    a.str_(0, SP, LOOP)
    a.label("VLOOP")
    a.bl("PDBL")
    _digit(a, DIG1, "VSKIP1")
    a.ldr(1, SP, TABP)
    a.dp("add", 1, 1, 2, "lsl", 6)
    a.addw(0, SP, OFF["QY"])
    _mem_copy(a, 0, 1, 16)
    a.ldr(3, SP, SGN)
    a.cmp_imm0(3)
    a.b("eq", "VPOS1")
    a.bl("NEGQ")
    a.label("VPOS1")
    a.bl("PMADD")
    a.label("VSKIP1")
    _digit(a, DIG2, "VSKIP2")
    a.ldr(1, SP, BUF)
    a.dp("add", 1, 1, 2, "lsl", 7)
    a.addw(1, 1, PTAB)
    a.addw(0, SP, OFF["PX"])
    a.bl("ECOPY")
    a.ldr(3, SP, SGN)
    a.cmp_imm0(3)
    a.b("eq", "VPOS2")
    a.bl("NEGP")
    a.label("VPOS2")
    a.bl("PADD")
    a.label("VSKIP2")
    a.ldr(0, SP, LOOP)
    a.subs1(0, 0)
    a.str_(0, SP, LOOP)
    a.b("pl", "VLOOP")


def _convert(a):
    # mode 2: the r1 elements at r3 (in place) times the element at buf + IO
    a.str_(1, SP, LOOP)
    a.label("CONV")
    a.ldr(0, SP, TABP)
    a.mov(1, 0)
    a.ldr(2, SP, BUF)
    a.bl("MUL")
    a.ldr(0, SP, TABP)
    a.add_imm(0, 0, 32)
    a.str_(0, SP, TABP)
    a.ldr(0, SP, LOOP)
    a.subs1(0, 0)
    a.str_(0, SP, LOOP)
    a.b("ne", "CONV")


def _finish(a):
    # the affine result, reduced, to buf + IO: FIN makes X1 = x and X2 = y (below 2^256),
    # then gen_x25519's final reduction of X1 twice (X2 copied into it the second time)
    a.bl("FIN")
    a.movi(0, 0)
    a.str_(0, SP, LOOP)
    a.label("FREEZE")
    a.ldr(1, SP, BUF)
    a.ldr(0, SP, LOOP)
    a.dp("add", 1, 1, 0)
    gen_x25519._freeze(a, "X1", 1)
    _copy(a, "X1", "X2")
    a.ldr(0, SP, LOOP)
    a.add_imm(0, 0, 32)
    a.str_(0, SP, LOOP)
    a.cmpi(0, 64)
    a.b("ne", "FREEZE")


def _main(a):
    # _ed25519(buf, k, mode, table): see the module docstring.
    a.str_(0, SP, BUF)
    a.str_(3, SP, TABP)
    for r in X:
        a.movi(r, 0)
    a.addw(12, SP, OFF["ZERO"])
    a.stm(12, X)
    a.movi(X[0], 1)
    a.addw(12, SP, OFF["ONEM"])
    a.stm(12, X)
    a.addw(12, 0, MODC + 100)  # 2d, the caller's
    a.ldm(12, X)
    a.addw(12, SP, OFF["D2"])
    a.stm(12, X)
    a.cmpi(2, 1)
    a.b("eq", "VERIFY")
    a.cmpi(2, 2)
    a.b("eq", "CONVERT")
    a.cmpi(2, 3)
    a.b("cs", "MODL")
    _comb(a)
    a.b("al", "FINISH")
    a.label("VERIFY")
    _verify(a)
    a.label("FINISH")
    _finish(a)
    a.b("al", "DONE")
    a.label("MODL")
    _modl(a)
    a.b("al", "DONE")
    a.label("CONVERT")
    _convert(a)
    a.label("DONE")


def kernel():
    return ladder.function(Asm(), FRAME, _subroutines, _main)


def field_op(op):
    """A test function (not shipped) of the same routines, as whole machine code:
    ``f(out, x, y)``, out = x op y for op "add" and "sub" (ADD and SUB), eight words each."""

    def body(a):
        for src, name in ((1, "tA"), (2, "tB")):
            a.ldm(src, X)
            a.addw(12, SP, OFF[name])
            a.stm(12, X)
        a.str_(0, SP, BUF)
        _call(a, op.upper(), "tC", "tA", "tB")
        a.ldr(1, SP, BUF)
        a.addw(12, SP, OFF["tC"])
        a.ldm(12, X)
        a.stm(1, X)

    return ladder.function(Asm(), FRAME, _subroutines, body, whole=True)


def comb_tables():
    """The comb's four tables as the kernel reads them (for tests): block b's entry j is
    2^((6 b + 5) 11) B + sum over t < 5 of (+1 if bit t of j else -1) 2^((6 b + t) 11) B,
    affine, y then x, eight little-endian words each (edwards_viper's tables out of
    Montgomery form)."""
    base = (_recover_x(GY), GY)
    out = []
    for b in range(BLOCKS):
        teeth = [_mul(1 << ((TEETH * b + t) * COLS), base) for t in range(TEETH)]
        tab = bytearray()
        for j in range(NENT):
            q = teeth[TEETH - 1]
            for t in range(TEETH - 1):
                q = _add(q, teeth[t] if j >> t & 1 else _neg(teeth[t]))
            tab += _le(q[1]) + _le(q[0])
        out.append(bytes(tab))
    return out


def b_table():
    """B, 3B, .., 63B as the kernel reads them in verification (for tests): affine, y then x."""
    base = (_recover_x(GY), GY)
    return b"".join(_le(q[1]) + _le(q[0]) for q in (_mul(2 * i + 1, base) for i in range(BENT)))


def _le(v):
    return v.to_bytes(32, "little")


def _recover_x(y):
    # RFC 8032 §5.1.3 for the base point (x even)
    u, v = (y * y - 1) % P, (D * y * y + 1) % P
    x = u * pow(v, 3, P) * pow(u * pow(v, 7, P), (P - 5) // 8, P) % P
    if v * x * x % P != u:
        x = x * pow(2, (P - 1) // 4, P) % P
    return P - x if x & 1 else x


def _add(p1, p2):
    # Edwards addition (a = -1), affine, complete
    (x1, y1), (x2, y2) = p1, p2
    t = D * x1 * x2 * y1 * y2 % P
    return ((x1 * y2 + x2 * y1) * pow(1 + t, -1, P) % P, (y1 * y2 + x1 * x2) * pow(1 - t, -1, P) % P)


def _neg(p):
    return (-p[0] % P, p[1])


def _mul(k, p):
    q = (0, 1)
    while k:
        if k & 1:
            q = _add(q, p)
        p = _add(p, p)
        k >>= 1
    return q


HEADER = '''# GENERATED by python -m tools.thumb.gen_ed25519: edit the generator, not this file.
"""Ed25519's scalar arithmetic on Cortex-M4, M7, M55 and M85 (UMAAL): k*B for a secret k and
[s]B + [k]P for public s, k, each one Thumb-2 call with the inversion and the affine result in
it, and the scalars mod L.

Backend ``thumb`` of the seam primitive "ec_edwards" (``ec/eddsa``), chosen where
``mpcrypto._cpu`` finds feature ``umaal``, before ``viper``. ``new(curve)`` gives, for
Edwards25519, an ``edwards_viper`` context whose ``mul_base``, ``mul2``, ``reduce`` and
``sign_s`` run the kernel (``decode`` stays viper's); for Edwards448 the ``edwards_viper``
context itself. Points are affine (x, y) ints, as there, but for the kernel's results:
(x || y as bytes, None, the encoding), so ``encode`` makes no integer arithmetic of them and
``neg`` turns them into ints.

``_ed25519(buf, k, mode, table)``, buf (%d bytes, the context's) word aligned, the constants
of L at buf[%d:] (written once):

- mode 0, k*B: k 32 bytes big-endian, below L (made odd in the kernel); the comb's
  four tables (``edwards_viper``'s, 2 KB each, converted by mode 2) at the addresses in
  buf[%d:%d]; ``table`` is not read.
- mode 1, [s]B + [k]P: s, k little-endian in buf[%d:%d] and buf[%d:%d] (below 2^253, the words
  above them zero), P = x || y little-endian at buf[0:64]; ``table`` the affine B, 3B, ..,
  63B (``edwards_viper``'s, converted); ``k`` is not read.
- mode 2, the conversion of a table out of Montgomery form: the k elements (32 bytes each)
  at ``table`` multiplied in place by the element at buf[0:32] (R^-1 mod p).
- mode 3, reduce: buf[0:32] = the 64 little-endian bytes at buf[%d:] mod L, big-endian.
- mode 4, sign_s: buf[0:32] = r + k s mod L (little-endian) for r, s (big-endian) at
  buf[%d:], buf[%d:] and k (little-endian) at buf[%d:].

Modes 0 and 1 leave the affine result x || y, reduced and little-endian, at buf[0:64]. The
generator (tools/thumb/gen_ed25519.py) documents the field arithmetic, the comb, the w-NAF
loop and the arithmetic mod L; the formulas are ``edwards_viper``'s.

Constant time (modes 0, 3, 4): no branch and no address depends on a scalar; the table lookup
reads every entry of the block's table and keeps one by SEL. The state is on the C stack (%d
bytes); nothing is allocated per call.
"""

import micropython
import uctypes
from micropython import const
from mpcrypto._cpu import umaal as probe  # noqa: F401 (what the seam's chain requires)
from mpcrypto.ec import edwards_viper as _ev
''' % (BUFSIZE, MODC, TADDR, TADDR + 16, SC1, SC1 + 32, SC2, SC2 + 32, SC1, SC1, SC2, DIG1,
       FRAME)

FOOTER = '''

# the buffer's offsets, compile-time constants (no global lookup on the signing path)
_TADDR = const(%d)
_SC1 = const(%d)
_SC2 = const(%d)
_DIG1 = const(%d)
_MODC = const(%d)
_Z64 = bytes(64)


def _result(buf):
    # The kernel's affine result as a point of this backend: (x || y, None, encoding); the
    # coordinates become ints only where ``neg`` needs them (a public key in verification).
    e = buf[32:64]
    e[31] |= (buf[0] & 1) << 7
    return (bytes(buf[0:64]), None, bytes(e))


class _Ed25519(_ev._Ed25519):
    # edwards_viper's context with mul_base, mul2, reduce and sign_s on the kernel
    def __init__(self, curve):
        super().__init__(curve)
        L = self.L
        x = 1  # L^-1 mod 2^32 by Newton's iteration (each step doubles the good bits)
        for _ in range(5):
            x = x * (2 - (L & 0xFFFFFFFF) * x) & 0xFFFFFFFF
        # the kernel's constants: L, -L^-1 mod 2^32, 2^512 and 2^768 mod L, 2d mod p
        self._buf = bytearray(%d)
        self._buf[_MODC:] = (L.to_bytes(32, "little") + (-x & 0xFFFFFFFF).to_bytes(4, "little")
                             + pow(2, 512, L).to_bytes(32, "little") + pow(2, 768, L).to_bytes(32, "little")
                             + (2 * curve.d %% self.p).to_bytes(32, "little"))
        self._ready = False
        self._bk = None

    def _convert(self, tab):
        # a table of edwards_viper's (entries y, x in Montgomery form) out of Montgomery form,
        # in place, by the kernel
        buf = self._buf
        buf[0:32] = ((7 * self.p + 1) // 38).to_bytes(32, "little")  # 38^-1 = 2^-256 mod p
        _ed25519(buf, len(tab) >> 5, 2, tab)

    def _tables(self):
        # The comb's tables (edwards_viper's, built once on its limbs), converted, their
        # addresses in the buffer; viper's own comb is not used again.
        tabs = self._comb_table()
        buf = self._buf
        for i, t in enumerate(tabs):
            self._convert(t)
            buf[_TADDR + 4 * i:_TADDR + 4 * i + 4] = uctypes.addressof(t).to_bytes(4, "little")
        self._ready = True

    def encode(self, P):
        return P[2] if len(P) > 2 else _ev._Ed25519.encode(self, P)

    def neg(self, P):
        if P[1] is None:  # a result of the kernel's: its coordinates as ints
            b = P[0]
            P = (int.from_bytes(b[0:32], "little"), int.from_bytes(b[32:64], "little"))
        return _ev._Ed25519.neg(self, P)

    def mul_base(self, k):
        """k*B for a secret 0 <= k < L (32 big-endian bytes, or an int): the kernel's comb
        (k made odd there: k or k + L, by mask)."""
        if not self._ready:
            self._tables()
        buf = self._buf
        _ed25519(buf, k.to_bytes(32, "big") if isinstance(k, int) else k, 0, 0)
        e = buf[32:64]  # as _result, inline (signing's path)
        e[31] |= (buf[0] & 1) << 7
        return (bytes(buf[0:64]), None, bytes(e))

    def reduce(self, b):
        """b (little-endian bytes, at most 64: a hash or a clamped scalar) mod L, as 32
        big-endian bytes, by the kernel (constant time in b for a given length)."""
        buf = self._buf
        n = len(b)
        buf[_SC1:_SC1 + n] = b
        if n < 64:
            buf[_SC1 + n:_SC1 + 64] = _Z64[n:]
        _ed25519(buf, 0, 3, 0)
        return bytes(buf[0:32])

    def sign_s(self, r, k, s):
        """S = r + k s mod L as 32 little-endian bytes, for secret r, s (32 big-endian bytes,
        below L) and public k < L, by the kernel."""
        buf = self._buf
        buf[_SC1:_SC1 + 32] = r.to_bytes(32, "big") if isinstance(r, int) else r
        buf[_SC2:_SC2 + 32] = s.to_bytes(32, "big") if isinstance(s, int) else s
        buf[_DIG1:_DIG1 + 32] = k.to_bytes(32, "little")
        _ed25519(buf, 0, 4, 0)
        return bytes(buf[0:32])

    def mul2(self, s, k, P):
        """s*B + k*P for PUBLIC 0 <= s, k < L: the kernel's interleaved w-NAF, variable time."""
        bk = self._bk
        if bk is None:
            bk = self._btable()
            self._convert(bk)
            self._bk = bk
        buf = self._buf
        buf[0:32] = P[0].to_bytes(32, "little")
        buf[32:64] = P[1].to_bytes(32, "little")
        buf[_SC1:_SC2] = s.to_bytes(40, "little")  # with the zero words above them (reduce's
        buf[_SC2:_DIG1] = k.to_bytes(40, "little")  # input overlaps them)
        _ed25519(buf, 0, 1, bk)
        return _result(buf)


def new(curve):
    """The context of ``curve``: the kernel's for Edwards25519 (where edwards_viper's arena
    has the 8-word slots and R = 2^256 its tables are converted from), else edwards_viper's."""
    if curve.size == 32:
        ctx = _Ed25519(curve)
        if ctx.wd == 8 and ctx.R == 1 << 256:
            return ctx
    return _ev.new(curve)
''' % (TADDR, SC1, SC2, DIG1, MODC, BUFSIZE)


def generate():
    parts = [HEADER, "\n\n@micropython.asm_thumb\ndef _ed25519(r0, r1, r2, r3):\n",
             "    # _ed25519(buf, k, mode, table): see the module docstring\n"]
    parts += data_lines(kernel())
    parts.append(FOOTER)
    return "".join(parts)


def main(argv=None):
    return write_or_check(OUT, generate, "tools.thumb.gen_ed25519", argv)


if __name__ == "__main__":
    sys.exit(main())
