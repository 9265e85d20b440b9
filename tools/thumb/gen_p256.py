"""Writes ``modules/mpcrypto/ec/weierstrass_thumb.py``: P-256 scalar multiplication k*P (secret
k, any point P) and k*G (fixed-base comb) as one Thumb-2 function for Cortex-M4/M7/M55/M85
(UMAAL), a MicroPython ``asm_thumb`` function of ``data(2, ...)`` halfwords encoded by
``tools/thumb/asm.py``, and the comb's table as a ``bytes`` constant.

    python -m tools.thumb.gen_p256          # rewrite the module
    python -m tools.thumb.gen_p256 --check  # exit 1 if the module is not what this writes

The algorithm is ``weierstrass_viper._Curve.mul``'s, step for step, and the point formulas are
its program texts (``_DBL``, ``_ADD``, ``_RCB_TAIL``, ``_TO_JAC``, ``_JDBL_M3``, ``_FROM_JAC``),
read from that module's source and compiled here into calls of the field routines, so both
backends run the same formulas:

- the scalar (odd, 32 bytes big-endian; the caller makes it odd) recoded in the kernel into
  64 signed odd 4-bit digits and a top digit 1 (Joye-Tunstall, as ``weierstrass_python._recode``);
- the table P, 3P, ..., 15P (projective, complete RCB formulas) in the caller's buffer;
- per digit from the top: four Jacobian doublings (dbl-2001-b, a = -3) between conversions
  from and to projective coordinates, a lookup that reads all eight entries and keeps one by
  mask, the entry's Y negated by mask for a negative digit, and one complete RCB addition;
- the result negated by mask when the caller's flag says the scalar was replaced by n - k,
  then Z^(p - 2) by a fixed addition chain (255 squarings, 12 multiplications) and the affine
  coordinates out of Montgomery form, big-endian, in the buffer; r0 = 0 when Z = 0 (the
  point at infinity), else 1.

k*G (flags = 2) is a fixed-base comb in the layout of ref10's Ed25519 base multiplication
(Bernstein, Duif, Lange, Schwabe, Yang 2011, §4), on the same routines:

- k (0 <= k <= n) is replaced by n - k when k >= 2^255, chosen by mask, the result then
  negated as above; the scalar below 2^255 is recoded into 64 signed radix-16 digits
  e_i in [-8, 8] (e_i in [-8, 7] below the top);
- the table (``g_table``, 8 KB) holds j 2^(16 r) G for r = 0 .. 15, j = 1 .. 8, affine and in
  Montgomery form: a row per four digits;
- R = the identity; for g = 3, 2, 1, 0: R += e_i 16^(i-g) G for the 16 digits i = 4 r + g
  (row r), then R = 16 R by four complete RCB doublings (R may be the identity) unless g =
  0: each term is a scan of all eight entries of its row (entry |e| - 1 kept by mask, Y
  negated by mask when e < 0) and one complete mixed addition (RCB Algorithm 2); for e = 0
  no entry is kept and the step's result is dropped by mask (R saved before it). Sixteen
  rows rather than 32 (one per pair of digits) halve the table's flash for 8 more
  doublings.

Field elements are eight 32-bit little-endian words in Montgomery form (R = 2^256), always
reduced to [0, p):

- MUL and SQR: the 512-bit product by ``gen_x25519``'s UMAAL code, then Montgomery
  reduction word by word in the special form of p: since p = -1 (mod 2^32) the multiplier
  of step i is the current low word m_i, and adding m_i p W^i adds m_i at words i + 3,
  i + 6, i + 8 and subtracts it at word i + 7 (W = 2^32; word i becomes 0). So each column j
  of the result is T_j + carry + m_(j-3) + m_(j-6) - m_(j-7) + m_(j-8). The subtraction is
  done as an addition of ~m_(j-7) (-m = ~m + 1 - W; over columns 7 .. 14 the +1 and -W
  telescope to +W^7 - W^15, added once each), so every term is unsigned: one UMAAL (the
  column's first term, with the word and the carry) or UMLAL (the others) by a register
  holding 1, into the column's word and a carry word that stays small. Columns 0 .. 7 give
  m_0 .. m_7, columns 8 .. 15 the result, below 2p; then one masked subtraction of p.
- ADD, SUB: eight ADCS / SBCS, then p subtracted (ADD) and added back under the mask of the
  final borrow, or added under the mask of the borrow (SUB).
- ``d = A * x`` (a = -3): x + x + x subtracted from zero.

Constant time: no branch and no address depends on the scalar or the point (the loops count
public numbers; digits only become masks); UMAAL, UMULL and MUL take a fixed time on these
cores. The state is on the stack (FRAME bytes); nothing is allocated.

Subroutines (leaves, r0 = d, r1 = x, r2 = y addresses in the frame) keep their return
address in the frame word RET; the point routines, which call them, in RET2.
"""

import ast
import functools
import sys

from tools import ROOT
from tools.gen import write_or_check
from tools.thumb import gen_x25519
from tools.thumb import ladder
from tools.thumb.asm import SP, LR, Asm, data_lines

OUT = ROOT / "modules" / "mpcrypto" / "ec" / "weierstrass_thumb.py"
FORMULAS = ROOT / "modules" / "mpcrypto" / "ec" / "weierstrass_viper.py"

P = 2**256 - 2**224 + 2**192 + 2**96 - 1
N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
B = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B
GX = 0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296  # SEC 2 v2 §2.4.2
GY = 0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5
R = 2**256
PW = [P >> (32 * i) & 0xFFFFFFFF for i in range(8)]
NW = [N >> (32 * i) & 0xFFFFFFFF for i in range(8)]

# The frame (byte offsets from sp). PROD, RET, DST, BPT are gen_x25519's (its MUL and SQR
# use them); then this kernel's words, the digits, the padded scalar, the lookup masks and
# the field elements (X1 Y1 Z1 and X2 Y2 Z2 adjacent: a point is 96 contiguous bytes).
PROD, RET, DST, BPT = gen_x25519.PROD, gen_x25519.RET, gen_x25519.DST, gen_x25519.BPT
RET2, BUF, CNT, WIN, NEG, DCNT, TABP, ZM = (76 + 4 * i for i in range(8))
DIG = 108  # 64 digit bytes, least significant first
KB = DIG + 64  # a zero word, then the scalar's 32 bytes as given (big-endian); the comb: limbs
MASK = KB + 36  # eight lookup masks
SGN = MASK + 32  # the digit's sign mask
FE = ("X1", "Y1", "Z1", "X2", "Y2", "Z2", "t0", "t1", "t2", "t3", "t4", "t5", "u", "v", "w", "z",
      "at2", "_a", "NY", "INV", "ZERO", "ONE", "ONEM", "R2", "B3", "X3", "Y3", "Z3", "NM", "R2N")
OFF = {name: SGN + 4 + 32 * i for i, name in enumerate(FE)}
FRAME = SGN + 4 + 32 * len(FE)
CONST = {"ZERO": 0, "ONE": 1, "ONEM": R % P, "R2": R * R % P, "B3": 3 * B * R % P, "NM": N, "R2N": R * R % N}
N0 = -pow(N, -1, 2**32) % 2**32  # Montgomery's -n^-1 mod 2^32

# The caller's buffer: the table (8 points of 96 bytes), then x || y big-endian (in: P, out:
# the result).
TAB = 0
IO = 8 * 96
BUFSIZE = IO + 64

ALL = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, LR]

# The comb's table (``g_table``): 16 rows of 8 entries, j 2^(16 r) G for row r and j = 1 .. 8,
# affine x then y in Montgomery form, eight little-endian words each (64 bytes an entry).
GROWS, GCOLS = 16, 8
GTABSIZE = GROWS * GCOLS * 64


def _affine_add(p1, p2):
    # P-256 affine addition (public data, the generator only; None is the identity)
    if p1 is None or p2 is None:
        return p2 if p1 is None else p1
    (x1, y1), (x2, y2) = p1, p2
    if x1 == x2:
        if (y1 + y2) % P == 0:
            return None
        lam = (3 * x1 * x1 - 3) * pow(2 * y1, -1, P) % P
    else:
        lam = (y2 - y1) * pow(x2 - x1, -1, P) % P
    x3 = (lam * lam - x1 - x2) % P
    return x3, (lam * (x1 - x3) - y1) % P


def g_table():
    """The comb's table (GTABSIZE bytes): see GROWS."""
    out = bytearray()
    base = (GX, GY)
    for _ in range(GROWS):
        q = base
        for _ in range(GCOLS):
            out += (q[0] * R % P).to_bytes(32, "little") + (q[1] * R % P).to_bytes(32, "little")
            q = _affine_add(q, base)
        for _ in range(16):
            base = _affine_add(base, base)
    return bytes(out)
X = [3, 4, 5, 6, 7, 8, 9, 10]


def _reduce(a, hi):
    # Montgomery reduction of the product (words 0 .. 7 or 0 .. 11 at PROD, the rest in the
    # registers ``hi``, None for a word already in the frame), stored at DST; then return.
    # Column j of T + M p: T_j + m_(j-3) + m_(j-6) + m_(j-8) - m_(j-7) (module docstring).
    # The subtraction is an addition of ~m (-m = ~m + 1 - W: over the eight columns 7 .. 14
    # the +1 and -W telescope to +W^7 - W^15), so every term is unsigned and each is one
    # UMAAL (the first of a column: T_j + carry + term) or UMLAL (the rest) by a register
    # holding 1, into the column's word and a carry word that stays below 6.
    for i, r in enumerate(hi):
        if r is not None:
            a.str_(r, SP, PROD + 4 * (8 + i))
    free = list(ALL)
    one = free.pop(0)
    a.movi(one, 1)
    c = free.pop()  # the carry word (lr)
    m = {}  # step -> register of m_i
    out = []
    for j in range(16):
        lo = free.pop(0)
        a.ldr(lo, SP, PROD + 4 * j)
        if j == 3:
            a.movi(c, 0)
        terms = [(m[i], one) for i in (j - 3, j - 6, j - 8) if 0 <= i < 8]
        t = None
        if 0 <= j - 7 < 8:
            t = free.pop(0)
            a.mvn(t, m[j - 7])
            terms.append((t, one))
        if j == 7:
            terms.append((one, one))  # + W^7
        for k, (x, y) in enumerate(terms):
            if k == 0:
                a.umaal(lo, c, x, y)
            else:
                a.umlal(lo, c, x, y)
        if t is not None:
            free.append(t)
        if j == 15:  # - W^15
            a.imm("subs", lo, lo, 1)
            a.imm("sbc", c, c, 0)
        if j < 8:
            m[j] = lo
        else:
            out.append(lo)
            free.append(m.pop(j - 8))
    free.append(one)
    # the value c 2^256 + out < 2p: subtract p, add it back under the mask of the borrow
    _sub_p(a, out, c)
    t = free.pop(0)
    a.imm("and", t, c, 1)
    _add_p_masked(a, out, c, t)
    d = free.pop(0)
    a.ldr(d, SP, DST)
    for i in range(0, 8, 2):
        a.strd(out[i], out[i + 1], d, 4 * i)
    a.ldr(15, SP, RET)


def _sub_p(a, w, c):
    # (c, w) -= p, c = c - borrow: 0 when the value was at least p, else all ones
    for i, r in enumerate(w):
        a.imm("subs" if i == 0 else "sbcs", r, r, PW[i])
    a.imm("sbc", c, c, 0)


def _add_p_masked(a, w, mask, low):
    # w += p AND mask (mask all ones or zero; low = mask AND 1, p's word 6), carry dropped
    for i, r in enumerate(w):
        op = "add" if i == 0 else "adc"
        if PW[i] == 0:
            a.imm("adcs", r, r, 0)
        else:
            a.dp(op, r, r, mask if PW[i] == 0xFFFFFFFF else low, s=i < 7)


def _reduce_n(a, hi):
    # Montgomery reduction mod n of the product, arguments as _reduce's: the words in ``hi``
    # into the frame, then on to REDN (one copy, shared by MULN and SQRN).
    for i, r in enumerate(hi):
        if r is not None:
            a.str_(r, SP, PROD + 4 * (8 + i))
    a.b("al", "REDN")


def _redn(a):
    # REDN: Montgomery reduction mod n (generic: n has no special form) of the product at
    # PROD, stored at DST; then return. n's words in r3 .. r10; eight rounds (a loop over the
    # word address in lr) of t += m n W^i, m = t_i (-n^-1) mod W (UMAAL chain, word i becomes
    # 0), the chain's carry and the previous round's carry bit (r12) added at word i + 8;
    # then t = t_8 .. t_15 + r12 2^256 < 2n, and t - n kept unless it borrows, by mask.
    NR = X
    a.label("REDN")
    a.addw(12, SP, OFF["NM"])
    a.ldm(12, NR)
    a.const(11, N0)
    a.movi(12, 0)
    a.addw(LR, SP, PROD)
    a.label("REDN_I")
    a.ldr(2, LR, 0)
    a.mul(0, 2, 11)  # m
    a.movi(1, 0)
    for j in range(8):
        if j:
            a.ldr(2, LR, 4 * j)
        a.umaal(2, 1, 0, NR[j])
        if j:
            a.str_(2, LR, 4 * j)
    a.ldr(2, LR, 32)
    a.adds(2, 2, 12)
    a.movi(12, 0)
    a.adc0(12, 12)
    a.adds(2, 2, 1)
    a.adc0(12, 12)
    a.str_(2, LR, 32)
    a.add_imm(LR, LR, 4)
    a.addw(2, SP, PROD + 32)
    a.cmp(LR, 2)
    a.b("ne", "REDN_I")
    for j in range(8):  # t - n over the low words (free now)
        a.ldr(2, SP, PROD + 4 * (8 + j))
        a.dp("sub" if j == 0 else "sbc", 2, 2, NR[j], s=True)
        a.str_(2, SP, PROD + 4 * j)
    a.imm("sbc", 12, 12, 0)  # all ones when t < n: keep t
    a.ldr(0, SP, DST)
    for j in range(8):
        a.ldr(1, SP, PROD + 4 * j)
        a.ldr(2, SP, PROD + 4 * (8 + j))
        a.dp("eor", 2, 2, 1)
        a.dp("and", 2, 2, 12)
        a.dp("eor", 1, 1, 2)
        a.str_(1, 0, 4 * j)
    a.ldr(15, SP, RET)


def _chain(a, label, op):
    # The head of ADD, SUB and ADDN (r0 = d, r1 = x, r2 = y): X = x op y over eight words,
    # the carry or borrow left in the flags.
    a.label(label)
    a.str_(LR, SP, RET)
    a.ldm(1, X)
    Y = [1, 11, 12, LR]
    a.ldm(2, Y, wb=True)
    for j in range(8):
        if j == 4:
            a.ldm(2, Y)
        a.dp(op if j == 0 else {"add": "adc", "sub": "sbc"}[op], X[j], X[j], Y[j % 4], s=True)


def _addn(a):
    # ADDN: r0 = d, r1 = x, r2 = y; d = x + y mod n, inputs and result in [0, n): the sum,
    # n subtracted (its words from the frame), n added back under the mask of the borrow.
    _chain(a, "ADDN", "add")
    a.movi(2, 0)
    a.adc0(2, 2)  # the carry
    for j, r in enumerate(X):
        a.ldr(1, SP, OFF["NM"] + 4 * j)
        a.dp("sub" if j == 0 else "sbc", r, r, 1, s=True)
    a.imm("sbc", 2, 2, 0)  # all ones when x + y < n
    for j, r in enumerate(X):
        a.ldr(1, SP, OFF["NM"] + 4 * j)
        a.dp("and", 1, 1, 2)
        a.dp("add" if j == 0 else "adc", r, r, 1, s=True)
    a.stm(0, X)
    a.ldr(15, SP, RET)


def _addsub(a, op):
    # ADD / SUB: r0 = d, r1 = x, r2 = y; d = x op y mod p, inputs and result in [0, p).
    _chain(a, op.upper(), op)
    if op == "add":
        a.movi(2, 0)
        a.adc0(2, 2)  # the carry
        _sub_p(a, X, 2)
    else:
        a.dp("sbc", 2, 2, 2)  # all ones on a borrow
    a.imm("and", 1, 2, 1)
    _add_p_masked(a, X, 2, 1)
    a.stm(0, X)
    a.ldr(15, SP, RET)


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


@functools.lru_cache(maxsize=None)
def _texts():
    # weierstrass_viper's module-level string constants, parsed once: name -> text
    tree = ast.parse(FORMULAS.read_text(encoding="utf-8"))
    return {node.targets[0].id: node.value.value for node in tree.body
            if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)}


def _program(name):
    # The text of a field program of weierstrass_viper, as (d, x, op, y) lines.
    text = _texts()[name]
    out = []
    for line in text.strip().splitlines():
        d, expr = (s.strip() for s in line.split("="))
        parts = expr.split()
        out.append((d, parts[0], None, None) if len(parts) == 1 else (d, parts[0], parts[1], parts[2]))
    return out


def _emit(a, prog):
    # One field program as calls: x * y (SQR when x is y), x + y, x - y, x, A * x (a = -3).
    for d, x, op, y in prog:
        if op is None:
            _copy(a, d, x)
        elif op == "*" and x == "A":
            _call(a, "ADD", "_a", y, y)
            _call(a, "ADD", "_a", "_a", y)
            _call(a, "SUB", d, "ZERO", "_a")
        elif op == "*":
            if x == y:
                _call(a, "SQR", d, x)
            else:
                _call(a, "MUL", d, x, y)
        else:
            _call(a, {"+": "ADD", "-": "SUB"}[op], d, x, y)


def _point_routine(a, label, body):
    a.label(label)
    a.str_(LR, SP, RET2)
    body()
    a.ldr(15, SP, RET2)


def _subroutines(a):
    gen_x25519._mul(a, _reduce)
    gen_x25519._sqr(a, _reduce)
    _addsub(a, "add")
    _addsub(a, "sub")
    gen_x25519._mul(a, _reduce_n, "MULN")
    gen_x25519._sqr(a, _reduce_n, "SQRN")
    _redn(a)
    _addn(a)
    tail = _program("_RCB_TAIL")
    _point_routine(a, "PDBL", lambda: _emit(a, _program("_DBL") + tail))
    _point_routine(a, "PADD", lambda: _emit(a, _program("_ADD") + tail))
    _point_routine(a, "PMADD", lambda: _emit(a, _program("_MADD") + tail))

    def dbl4():
        _emit(a, _program("_TO_JAC"))
        a.movi(0, 4)
        a.str_(0, SP, DCNT)
        a.label("JDBL")
        _emit(a, _program("_JDBL_M3"))
        a.ldr(0, SP, DCNT)
        a.subs1(0, 0)
        a.str_(0, SP, DCNT)
        a.b("ne", "JDBL")
        _emit(a, _program("_FROM_JAC"))

    _point_routine(a, "PDBL4", dbl4)


# ladder.sqr_n's view of this frame: only call and cnt
SQR_FRAME = ladder.Frame(OFF, None, None, CNT, 8, _call, None, None)


def _invert(a, d, z):
    # d = z^(p - 2): p - 2 = (2^32 - 1) 2^224 + 2^192 + (2^96 - 1) - 2, by x_k = z^(2^k - 1)
    # for k = 2, 3, 6, 12, 15, 30, 32 (t0 .. t5, u), then the exponent's words from the top.
    def x_k(dst, src, n, times, label):
        if n == 1:
            _call(a, "SQR", dst, src)
        else:
            ladder.sqr_n(a, SQR_FRAME, dst, src, n, label)
        _call(a, "MUL", dst, dst, times)

    x_k("t0", z, 1, z, None)  # x2
    x_k("t1", "t0", 1, z, None)  # x3
    x_k("t2", "t1", 3, "t1", "V1")  # x6
    x_k("t3", "t2", 6, "t2", "V2")  # x12
    x_k("t4", "t3", 3, "t1", "V3")  # x15
    x_k("t5", "t4", 15, "t4", "V4")  # x30
    x_k("u", "t5", 2, "t0", "V5")  # x32
    x_k(d, "u", 32, z, "V6")  # 2^32 - 1, then 1
    ladder.sqr_n(a, SQR_FRAME, d, d, 96, "V7")  # three zero words
    x_k(d, d, 32, "u", "V8")
    x_k(d, d, 32, "u", "V9")
    x_k(d, d, 30, "t5", "V10")  # 2^32 - 3 = (2^30 - 1) 4 + 1
    x_k(d, d, 2, z, "V11")


def _n_chain():
    # n - 2 (public) by a left-to-right sliding window of up to 4 bits: ("set", v) for the
    # top window, then ("sqr", k) and ("mul", v), v odd (x^v from the table x, x^3, .., x^15).
    bits = bin(N - 2)[2:]
    ops, i = [], 0
    while i < len(bits):
        if bits[i] == "0":
            ops.append(("sqr", 1))
            i += 1
            continue
        j = min(i + 4, len(bits))
        while bits[j - 1] == "0":
            j -= 1
        v = int(bits[i:j], 2)
        ops += [("set", v)] if not ops else [("sqr", j - i), ("mul", v)]
        i = j
    merged = []
    for op in ops:  # runs of squarings as one counted loop
        if op[0] == "sqr" and merged and merged[-1][0] == "sqr":
            merged[-1] = ("sqr", merged[-1][1] + op[1])
        else:
            merged.append(op)
    return merged


# x, x^3, .., x^15 of _invert_n (x itself stays where it is); slots the points use
NTAB = ("Y1", "Z1", "X2", "Y2", "X3", "Y3", "Z3")


def _call_n(a, sub, d, x, y=None):
    _call(a, sub + "N", d, x, y)


SQRN_FRAME = ladder.Frame(OFF, None, None, CNT, 8, _call_n, None, None)


def _invert_n(a, d, z):
    # d = z^(n - 2) mod n (Montgomery form in and out: z^-1 R for z = Z R), by _n_chain.
    tab = (z,) + NTAB
    _call(a, "SQRN", "u", z)
    for k in range(1, 8):
        _call(a, "MULN", tab[k], tab[k - 1], "u")
    for n, (op, v) in enumerate(_n_chain()):
        if op == "set":
            _copy(a, d, tab[v >> 1])
        elif op == "sqr":
            if v == 1:
                _call(a, "SQRN", d, d)
            else:
                ladder.sqr_n(a, SQRN_FRAME, d, d, v, "NS%d" % n)
        else:
            _call(a, "MULN", d, d, tab[v >> 1])


def _modn(a):
    # ECDSA's s = k^-1 (e + r d) mod n (SEC 1 §4.1.3 step 6), weierstrass_viper's _ECDSA_S:
    # k, d, e, r (each below n, 32 bytes big-endian) at buf + 0, 32, 64, 96; s at buf + IO.
    a.ldr(0, SP, BUF)
    for i, name in enumerate(("t0", "t1", "t2", "t3")):
        _words_in(a, 0, 32 * i, name)
    for name in ("t0", "t1", "t2", "t3"):
        _call(a, "MULN", name, name, "R2N")  # into Montgomery form
    _invert_n(a, "INV", "t0")
    _call(a, "MULN", "t4", "t3", "t1")
    _call(a, "ADDN", "t4", "t4", "t2")
    _call(a, "MULN", "t5", "INV", "t4")
    _call(a, "MULN", "t5", "t5", "ONE")
    a.ldr(0, SP, BUF)
    _words_out(a, 0, IO, "t5")
    a.movi(0, 1)


def _recode(a):
    # The digits of the odd scalar at KB + 4 (big-endian) into DIG, least significant first
    # (weierstrass_python._recode): per byte b (from the least significant) and the next
    # more significant byte b' (0 past the top, KB's zero word), digit 2j from b's low
    # nibble with b's high nibble's bit 0, digit 2j + 1 from the high nibble with bit 0 of b';
    # v = u + c, d = ((v + 16 bit) AND 31) - 16, c = (v - d) / 16.
    a.addw(1, SP, KB + 34)  # b' of byte 0 (b is the byte after it)
    a.addw(6, SP, DIG)
    a.movi(4, 0)  # c
    a.movi(5, 32)
    a.label("RECODE")
    a.ldr(8, 1, 1, byte=True)
    a.ldr(9, 1, 0, byte=True)
    a.imm("and", 10, 8, 15)
    a.lsr(11, 8, 4)
    for nib, nxt, slot in ((10, 11, 0), (11, 9, 1)):
        a.add(nib, nib, 4)  # v
        a.imm("and", 12, nxt, 1)
        a.dp("add", 12, nib, 12, "lsl", 4)
        a.imm("and", 12, 12, 31)
        a.imm("sub", 12, 12, 16)  # d
        a.dp("sub", 4, nib, 12)
        a.lsr(4, 4, 4)  # c
        a.strb(12, 6, slot)
    a.add_imm(6, 6, 2)
    a.imm("sub", 1, 1, 1)
    a.subs1(5, 5)
    a.b("ne", "RECODE")


def _point_copy(a, dst_base, dst_off, src_base, src_off):
    # 24 words from src_base + src_off to dst_base + dst_off (r12 and r3 .. r10 used)
    for h in range(3):
        a.addw(12, src_base, src_off + 32 * h)
        a.ldm(12, X)
        a.addw(12, dst_base, dst_off + 32 * h)
        a.stm(12, X)


def _sign_split(a, d):
    # register d (a sign-extended digit) becomes |d|; SGN = all ones when it was negative (r3)
    a.sh("asr", 3, d, 31)
    a.str_(3, SP, SGN)
    a.dp("eor", d, d, 3)
    a.dp("sub", d, d, 3)


def _masks(a, idx):
    # MASK + 4 e = all ones when register idx == e, else 0 (e = 0 .. 7): ((t | -t) >> 31) - 1,
    # t = idx XOR e (r0, r1 used)
    for e in range(8):
        a.imm("eor", 0, idx, e)
        a.imm("rsb", 1, 0, 0)
        a.dp("orr", 0, 0, 1)
        a.lsr(0, 0, 31)
        a.imm("sub", 0, 0, 1)
        a.str_(0, SP, MASK + 4 * e)


def _scan(a, stride, halves, label, aligned=True):
    # Eight entries at lr, ``stride`` bytes apart, all read: the first ``halves`` 32-byte
    # elements of the one whose MASK word is all ones into X2, Y2 (, Z2), a loop over the
    # elements (lr advanced by 32, the destination in the frame word CNT). Not ``aligned`` (a
    # bytes object's data): single LDRs, which allow any address (LDRD faults).
    W = [0, 1, 2, 11]
    a.addw(12, SP, OFF["X2"])
    a.str_(12, SP, CNT)
    a.label(label)
    for e in range(8):
        a.ldr(12, SP, MASK + 4 * e)
        for q in range(2):
            base = stride * e + 16 * q
            if aligned:
                a.ldrd(W[0], W[1], LR, base)
                a.ldrd(W[2], W[3], LR, base + 8)
            else:
                for k in range(4):
                    a.ldr(W[k], LR, base + 4 * k)
            for k in range(4):
                acc = X[4 * q + k]
                if e == 0:
                    a.dp("and", acc, W[k], 12)
                else:
                    a.dp("and", W[k], W[k], 12)
                    a.dp("orr", acc, acc, W[k])
    a.ldr(12, SP, CNT)
    a.stm(12, X, wb=True)
    a.str_(12, SP, CNT)
    a.add_imm(LR, LR, 32)
    a.addw(0, SP, OFF["X2"] + 32 * halves)
    a.cmp(12, 0)
    a.b("ne", label)


def _negate_y2(a):
    # Y2 = -Y2 where SGN is all ones
    _call(a, "SUB", "NY", "ZERO", "Y2")
    _cmove(a, "Y2", "NY", SGN)


def _lookup(a):
    # (X2, Y2, Z2) = the table entry of digit DIG[WIN] (entry |d| >> 1), Y2 negated when d < 0;
    # all eight entries read, one kept by mask.
    a.ldr(0, SP, WIN)
    a.addw(1, SP, DIG)
    a.ldr_idx(2, 1, 0, 0, byte=True)
    a.lsl(2, 2, 24)
    a.sh("asr", 2, 2, 24)  # d
    _sign_split(a, 2)
    a.lsr(2, 2, 1)  # |d| >> 1
    _masks(a, 2)
    a.ldr(LR, SP, BUF)
    _scan(a, 96, 3, "SCAN")
    _negate_y2(a)


def _cmove(a, d, x, mask_word):
    # d = x where the frame word mask_word is all ones (d kept where it is 0)
    a.ldr(11, SP, mask_word)
    a.addw(0, SP, OFF[d])
    a.addw(1, SP, OFF[x])
    D, S = [3, 4, 5, 6], [7, 8, 9, 10]
    for _ in range(2):
        a.ldm(0, D)
        a.ldm(1, S, wb=True)
        for dr, sr in zip(D, S):
            a.dp("eor", sr, sr, dr)
            a.dp("and", sr, sr, 11)
            a.dp("eor", dr, dr, sr)
        a.stm(0, D, wb=True)


def _words_in(a, buf_reg, off, name):
    # a 32-byte big-endian value at buf_reg + off into the element name (little-endian words)
    for i, r in enumerate(X):
        a.ldr(r, buf_reg, off + 28 - 4 * i)
        a.rev(r, r)
    a.addw(12, SP, OFF[name])
    a.stm(12, X)


def _words_out(a, buf_reg, off, name):
    a.addw(12, SP, OFF[name])
    a.ldm(12, X)
    for i, r in enumerate(X):
        a.rev(r, r)
        a.str_(r, buf_reg, off + 28 - 4 * i)


def _comb_scalar(a):
    # k (32 bytes big-endian at r1, k <= n) as eight little-endian limbs at KB + 4, replaced
    # by n - k when k >= 2^255, chosen by mask (then NEG = 1): the comb's scalar is below 2^255.
    for i, r in enumerate(X):
        a.ldr(r, 1, 28 - 4 * i)
        a.rev(r, r)
    for i, r in enumerate(X):  # t0 = n - k
        a.const(0, NW[i])
        a.dp("sub" if i == 0 else "sbc", 0, 0, r, s=True)
        a.str_(0, SP, OFF["t0"] + 4 * i)
    a.sh("asr", 0, X[7], 31)  # all ones when k >= 2^255
    a.imm("and", 1, 0, 1)
    a.str_(1, SP, NEG)
    for i, r in enumerate(X):
        a.ldr(1, SP, OFF["t0"] + 4 * i)
        a.dp("eor", 1, 1, r)
        a.dp("and", 1, 1, 0)
        a.dp("eor", r, r, 1)
    a.addw(12, SP, KB + 4)
    a.stm(12, X)


def _comb_recode(a):
    # The limbs at KB + 4 (< 2^255) as 64 signed radix-16 digits into DIG, least significant
    # first: v = nibble i + c, c = (v + 8) >> 4, e_i = v - 16 c in [-8, 7] for i < 63, and
    # e_63 = nibble 63 + c in [0, 8] (nibble 63 <= 7).
    a.addw(1, SP, KB + 4)
    a.addw(6, SP, DIG)
    a.movi(4, 0)  # c
    a.movi(5, 0)  # i
    a.label("CRECODE")
    a.lsr(7, 5, 3)
    a.ldr_idx(8, 1, 7, 2)  # limb i >> 3
    a.imm("and", 7, 5, 7)
    a.lsl(7, 7, 2)
    a.lsr_reg(8, 8, 7)
    a.imm("and", 8, 8, 15)
    a.add(8, 8, 4)  # v
    a.add_imm(4, 8, 8)
    a.lsr(4, 4, 4)  # c
    a.dp("sub", 8, 8, 4, "lsl", 4)  # e_i
    a.strb(8, 6, 0)
    a.add_imm(6, 6, 1)
    a.add_imm(5, 5, 1)
    a.cmpi(5, 63)
    a.b("ne", "CRECODE")
    a.ldr(8, 1, 28)
    a.lsr(8, 8, 28)
    a.add(8, 8, 4)
    a.strb(8, 6, 0)  # e_63


def _comb_lookup(a):
    # Step c = WIN of the comb: row r = c mod 16 of the table at TABP, digit e = DIG[4r + g]
    # with g = 3 - c / 16. (X2, Y2) = |e| 2^(16 r) G, all eight entries of the row read, one
    # kept by mask; Y2 negated when e < 0; ZM = all ones when e = 0 (no entry kept: the
    # step's addition is undone).
    a.ldr(0, SP, WIN)
    a.imm("and", 1, 0, 15)
    a.lsr(2, 0, 4)
    a.lsl(3, 1, 2)
    a.add_imm(3, 3, 3)
    a.dp("sub", 3, 3, 2)  # the digit's index
    a.ldr(LR, SP, TABP)
    a.dp("add", LR, LR, 1, "lsl", 9)  # the row: 8 entries of 64 bytes
    a.addw(1, SP, DIG)
    a.ldr_idx(2, 1, 3, 0, byte=True)
    a.lsl(2, 2, 24)
    a.sh("asr", 2, 2, 24)  # e
    _sign_split(a, 2)
    a.imm("rsb", 0, 2, 0)
    a.dp("orr", 0, 0, 2)
    a.lsr(0, 0, 31)
    a.imm("sub", 0, 0, 1)
    a.str_(0, SP, ZM)
    a.imm("sub", 2, 2, 1)  # entry |e| - 1 (-1 for e = 0: no entry)
    _masks(a, 2)
    _scan(a, 64, 2, "CSCAN", aligned=False)
    _negate_y2(a)


def _comb(a):
    # k*G by the fixed-base comb: R = sum over i = 4 r + 3 of e_i 16^(i - 3) G, R = 16 R (four
    # complete doublings: R may be the identity), the same for i = 4 r + 2, 4 r + 1, then
    # R += e_i 16^i G for i = 4 r; each term e 2^(16 r) G is a row of the table and one
    # complete mixed addition, undone by mask when e = 0.
    _comb_scalar(a)
    _comb_recode(a)
    _copy(a, "X1", "ZERO")  # R = the identity (0 : 1 : 0)
    _copy(a, "Y1", "ONEM")
    _copy(a, "Z1", "ZERO")
    a.movi(0, 0)
    a.str_(0, SP, WIN)
    a.label("COMB")
    a.ldr(0, SP, WIN)
    a.imm("and", 1, 0, 15)
    a.cmpi(1, 0)
    a.b("ne", "CADD")  # c = 0 mod 16 ...
    a.cmpi(0, 0)
    a.b("eq", "CADD")  # ... but not 0: R = 16 R between the groups
    for _ in range(4):
        a.bl("PDBL")
    a.label("CADD")
    _comb_lookup(a)
    _point_copy(a, SP, OFF["X3"], SP, OFF["X1"])
    a.bl("PMADD")
    for c in "XYZ":
        _cmove(a, c + "1", c + "3", ZM)
    a.ldr(0, SP, WIN)
    a.add_imm(0, 0, 1)
    a.str_(0, SP, WIN)
    a.cmpi(0, 64)
    a.b("ne", "COMB")


def _sum(a):
    # flags = 8: the affine points at IO and at 0 (public, neither the identity), both into
    # Montgomery form with Z = 1, added by the complete RCB addition (P + P and P + (-P)
    # included); FINISH then makes the sum affine.
    _affine_in(a, IO, "1")
    _affine_in(a, 0, "2")
    a.bl("PADD")


def _affine_in(a, off, i):
    # The affine point x || y (big-endian) at buf + off into (Xi : Yi : Zi), Montgomery form
    # with Z = 1.
    a.ldr(0, SP, BUF)
    _words_in(a, 0, off, "X" + i)
    _words_in(a, 0, off + 32, "Y" + i)
    _call(a, "MUL", "X" + i, "X" + i, "R2")
    _call(a, "MUL", "Y" + i, "Y" + i, "R2")
    _copy(a, "Z" + i, "ONEM")


def _main(a):
    # _mul256(buf, k, flags, table): see the module docstring.
    a.str_(0, SP, BUF)
    a.imm("and", 0, 2, 1)
    a.str_(0, SP, NEG)
    a.str_(3, SP, TABP)
    a.imm("and", 2, 2, 14)  # the mode (r2 is not used by the constants' code)
    # the constants
    for name, v in CONST.items():
        for i, r in enumerate(X):
            w = v >> (32 * i) & 0xFFFFFFFF
            if w < 256:
                a.movi(r, w)
            else:
                a.const(r, w)
        a.addw(12, SP, OFF[name])
        a.stm(12, X)
    a.cmpi(2, 4)
    a.b("eq", "MODN")
    a.cmpi(2, 8)
    a.b("eq", "SUM")
    a.cmp_imm0(2)
    a.b("ne", "CMB")
    # the scalar, after a zero word
    a.movi(3, 0)
    a.str_(3, SP, KB)
    for i, r in enumerate(X):
        a.ldr(r, 1, 4 * i)
    a.addw(12, SP, KB + 4)
    a.stm(12, X)
    _recode(a)
    # P in Montgomery form, projective with Z = 1
    _affine_in(a, IO, "1")
    # the table P, 3P, ..., 15P: P saved, 2P into (X2:Y2:Z2), then (2i + 1)P = (2i - 1)P + 2P
    a.ldr(0, SP, BUF)
    _point_copy(a, 0, TAB, SP, OFF["X1"])
    a.bl("PDBL")
    _point_copy(a, SP, OFF["X2"], SP, OFF["X1"])
    a.ldr(0, SP, BUF)
    _point_copy(a, SP, OFF["X1"], 0, TAB)
    for i in range(1, 8):
        a.bl("PADD")
        a.ldr(0, SP, BUF)
        _point_copy(a, 0, TAB + 96 * i, SP, OFF["X1"])
    # the top digit is 1: the running point starts at P
    _point_copy(a, SP, OFF["X1"], 0, TAB)
    a.movi(0, 63)
    a.str_(0, SP, WIN)
    a.label("WINDOW")
    a.bl("PDBL4")
    _lookup(a)
    a.bl("PADD")
    a.ldr(0, SP, WIN)
    a.subs1(0, 0)
    a.str_(0, SP, WIN)
    a.b("pl", "WINDOW")
    a.b("al", "FINISH")
    a.label("CMB")
    _comb(a)
    a.b("al", "FINISH")
    a.label("SUM")
    _sum(a)
    a.label("FINISH")
    # -R when the scalar was n - k
    a.ldr(0, SP, NEG)
    a.imm("rsb", 0, 0, 0)
    a.str_(0, SP, SGN)
    _call(a, "SUB", "NY", "ZERO", "Y1")
    _cmove(a, "Y1", "NY", SGN)
    # affine, out of Montgomery form
    _invert(a, "INV", "Z1")
    _call(a, "MUL", "X1", "X1", "INV")
    _call(a, "MUL", "Y1", "Y1", "INV")
    _call(a, "MUL", "X1", "X1", "ONE")
    _call(a, "MUL", "Y1", "Y1", "ONE")
    a.ldr(0, SP, BUF)
    _words_out(a, 0, IO, "X1")
    _words_out(a, 0, IO + 32, "Y1")
    # r0 = 1 unless Z1 = 0: (z | -z) >> 31 of the words ORed
    a.addw(12, SP, OFF["Z1"])
    a.ldm(12, X)
    a.dp("orr", 0, X[0], X[1])
    for r in X[2:]:
        a.dp("orr", 0, 0, r)
    a.imm("rsb", 1, 0, 0)
    a.dp("orr", 0, 0, 1)
    a.lsr(0, 0, 31)
    a.b("al", "DONE")
    a.label("MODN")
    _modn(a)
    a.label("DONE")


def _function(a, body, whole=False, result=None):
    return ladder.function(a, FRAME, _subroutines, body, whole, result)


def kernel():
    return _function(Asm(), _main, result="the non-zero flag")


def field_op(op):
    """A test function (not shipped) of the same routines, as whole machine code:
    ``f(out, x, y)``, out = x op y for op "mul", "sqr", "add", "sub" (Montgomery product x y
    R^-1 for "mul" and "sqr"), "amul" (-3 x) and "inv" (x^(p - 2) in Montgomery form),
    and mod n "muln", "sqrn", "addn", "invn" likewise, eight little-endian words each."""

    def body(a):
        a.str_(0, SP, BUF)
        for name, v in CONST.items():
            for i, r in enumerate(X):
                a.const(r, v >> (32 * i) & 0xFFFFFFFF)
            a.addw(12, SP, OFF[name])
            a.stm(12, X)
        for src, name in ((1, "X1"), (2, "Y1")):
            a.ldm(src, X)
            a.addw(12, SP, OFF[name])
            a.stm(12, X)
        if op == "mul":
            _call(a, "MUL", "Z2", "X1", "Y1")
        elif op == "sqr":
            _call(a, "SQR", "Z2", "X1")
        elif op == "amul":
            _emit(a, [("Z2", "A", "*", "X1")])
        elif op == "inv":
            _invert(a, "Z2", "X1")
        elif op == "sqrn":
            _call(a, "SQRN", "Z2", "X1")
        elif op == "invn":
            _invert_n(a, "Z2", "X1")
        else:
            _call(a, op.upper(), "Z2", "X1", "Y1")
        a.ldr(1, SP, BUF)
        a.addw(12, SP, OFF["Z2"])
        a.ldm(12, X)
        a.stm(1, X)

    return _function(Asm(), body, whole=True)


HEADER = '''# GENERATED by python -m tools.thumb.gen_p256: edit the generator, not this file.
"""P-256 on Cortex-M4, M7, M55 and M85 (UMAAL): k*P and k*G for a secret k, each one Thumb-2
call.

Backend ``thumb`` of the seam primitive "ec_weierstrass" (``ec/ec``), chosen where
``mpcrypto._cpu`` finds feature ``umaal``, before ``viper``. ``new(curve)`` gives, for
secp256r1, a ``weierstrass_viper`` context whose ``mul``, ``ecdh`` and ``mul_base`` run the
kernel, and whose ``mul2`` (verification) is three kernel calls: u2 Q, u1 G and their sum;
for other curves the ``weierstrass_viper`` context itself.

``_mul256(buf, k, flags, table)``, buf (%d bytes), k 32 bytes big-endian:

- flags = neg (0 or 1), k*P: buf holds x || y of P big-endian at %d (and receives the table
  of P .. 15P before it); k is odd; neg = 1 negates the result (the caller replaced an even
  k by n - k); ``table`` is not read.
- flags = 2, k*G for k <= n by the fixed-base comb on ``table`` (``_GTAB``: j 2^(16 r) G for
  r = 0 .. 15, j = 1 .. 8, affine, Montgomery form; %d bytes, in flash when frozen).
- flags = 4, mod n: buf holds k, d, e, r (each below n, 32 bytes big-endian) at 0, 32, 64,
  96; buf[%d:%d] receives ECDSA's s = k^-1 (e + r d) mod n (k^-1 by Fermat, a fixed chain
  over the public n - 2), r0 = 1; ``k`` and ``table`` are not read.
- flags = 8, the sum of two public affine points (neither the identity), one x || y at 0
  and one where the result goes (below), by the complete addition; ``k`` and ``table`` are
  not read.

For the points, on return buf[%d:%d] is the affine result (x || y, big-endian) and r0 = 1,
or r0 = 0 and zeros for the point at infinity. The variable-base algorithm and all formulas are
``weierstrass_viper``'s; the generator (tools/thumb/gen_p256.py) documents the field
arithmetic and the comb.

Constant time: no branch and no address depends on k or P; a table lookup reads every
entry of its table or row and keeps one by mask. The state is on the C stack (%d bytes);
nothing is allocated per call but what the Python side converts.
"""

import micropython
from mpcrypto._cpu import umaal as probe  # noqa: F401 (what the seam's chain requires)
from mpcrypto.ec import weierstrass_viper as _wv
from mpcrypto.ec.field import engine as _fe
''' % (BUFSIZE, IO, GTABSIZE, IO, IO + 32, IO, BUFSIZE, FRAME)

FOOTER = '''

_IO = %d
_ZEROS = bytes(64)
# d = 0, e = 1, r = 0 (32 bytes big-endian each) for inv_n
_DER = b"%s"


class _P256(_wv._Curve):
    # weierstrass_viper's context with the variable-base multiplications on the kernel
    def __init__(self, curve):
        super().__init__(curve)
        self._buf = bytearray(%d)

    def _kmul(self, k, x, y):
        # k*(x, y) into buf[_IO:]; True unless the result is the point at infinity
        kp = bytearray(32)
        neg = _fe.odd_scalar(kp, self._kb(k), self.nbytes, 32, 0)
        buf = self._buf
        buf[_IO:_IO + 32] = x.to_bytes(32, "big")
        buf[_IO + 32:] = y.to_bytes(32, "big")
        return _mul256(buf, kp, neg, 0)

    def _result(self, ok):
        buf = self._buf
        out = (int.from_bytes(buf[_IO:_IO + 32], "big"), int.from_bytes(buf[_IO + 32:], "big")) if ok else None
        buf[_IO:] = _ZEROS
        return out

    def mul(self, k, x, y):
        """k*(x, y) for a secret k (0 <= k <= n, 32 big-endian bytes or an int)."""
        return self._result(self._kmul(k, x, y))

    def ecdh(self, k, x, y):
        """The x coordinate of k*(x, y) as 32 big-endian bytes, or None at infinity; no int is
        made of it."""
        ok = self._kmul(k, x, y)
        buf = self._buf
        out = bytes(buf[_IO:_IO + 32]) if ok else None
        buf[_IO:] = _ZEROS
        return out

    def _mul_base(self, k):
        # k*G into buf[_IO:] by the kernel's comb on _GTAB: everything of mul_base that sees
        # k (as weierstrass_viper's _mul_base); True unless the point at infinity
        return _mul256(self._buf, self._kb(k), 2, _GTAB)

    def mul_base(self, k):
        """k*G for a secret k (0 <= k <= n, 32 big-endian bytes or an int), by the kernel's
        comb."""
        return self._result(self._mul_base(k))

    def ecdsa_s(self, k, d, e, r):
        """ECDSA's s = k^-1 (e + r d) mod n for secret k, d (32 big-endian bytes, or ints)
        and public e, r in [0, n), by the kernel; s as 32 big-endian bytes."""
        buf = self._buf
        buf[0:32] = self._kb(k)
        buf[32:64] = self._kb(d)
        buf[64:96] = e.to_bytes(32, "big")
        buf[96:128] = r.to_bytes(32, "big")
        _mul256(buf, buf, 4, 0)
        s = bytes(buf[_IO:_IO + 32])
        buf[0:64] = _ZEROS
        return s

    def inv_n(self, k):
        """k^-1 mod n for k in [1, n-1] (an int or 32 big-endian bytes), by the kernel's
        mod-n mode with d = 0, e = 1, r = 0."""
        buf = self._buf
        buf[0:32] = self._kb(k)
        buf[32:128] = _DER
        _mul256(buf, buf, 4, 0)
        return int.from_bytes(buf[_IO:_IO + 32], "big")

    def mul2(self, u1, u2, x, y):
        """u1*G + u2*(x, y) for PUBLIC u1, u2 in [0, n) (ECDSA verification): u2 (x, y), kept
        as bytes at buf[0:64] (the comb does not touch it), u1 G, then their sum, each by
        the kernel."""
        buf = self._buf
        if not self._kmul(u2, x, y):
            return self.mul_base(u1)
        buf[0:64] = buf[_IO:]
        if not self._mul_base(u1):
            buf[_IO:] = buf[0:64]
            return self._result(True)
        return self._result(_mul256(buf, buf, 8, 0))


def new(curve):
    """The context of ``curve``: the kernel's for secp256r1, else weierstrass_viper's."""
    return _P256(curve) if curve.name == "secp256r1" else _wv.new(curve)
''' % (IO, "".join("\\x%02x" % b for b in bytes(63) + bytes([1]) + bytes(32)), BUFSIZE)


def _table_lines():
    # _GTAB as a bytes literal, 32 bytes a line (one constant: adjacent literals are joined by
    # the compiler, so the frozen object sits in flash)
    t = g_table()
    lines = ["\n\n# The comb's table for k*G (see the docstring): %d bytes.\n_GTAB = (\n" % len(t)]
    for i in range(0, len(t), 32):
        lines.append('    b"%s"\n' % "".join("\\x%02x" % b for b in t[i:i + 32]))
    lines.append(")\n")
    return lines


def generate():
    parts = [HEADER, "\n\n@micropython.asm_thumb\ndef _mul256(r0, r1, r2, r3):\n",
             "    # _mul256(buf, k, flags, table): buf[%d:%d] = k*P or k*G; see the module docstring\n"
             % (IO, BUFSIZE)]
    parts += data_lines(kernel())
    parts += _table_lines()
    parts.append(FOOTER)
    return "".join(parts)


def main(argv=None):
    return write_or_check(OUT, generate, "tools.thumb.gen_p256", argv)


if __name__ == "__main__":
    sys.exit(main())
