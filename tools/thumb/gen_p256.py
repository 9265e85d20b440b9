"""Writes ``modules/mpcrypto/ec/weierstrass_thumb.py``: P-256 scalar multiplication k*P (secret
k, any point P) and k*G (fixed-base comb) as one Thumb-2 function for Cortex-M4/M7/M55/M85
(UMAAL), a MicroPython ``asm_thumb`` function of ``data(2, ...)`` halfwords encoded by
``tools/thumb/asm.py``, and the comb's table as a ``bytes`` constant.

    python -m tools.thumb.gen_p256          # rewrite the module
    python -m tools.thumb.gen_p256 --check  # exit 1 if the module is not what this writes

The point formulas are ``weierstrass_viper``'s program texts (``_DBL``, ``_ADD``, ``_MADD``,
``_RCB_TAIL``, ``_JDBL_M3``, ``_JADD_A``/``_B``, ``_JMADD_A``/``_B``, ``_FROM_JAC``), read from
that module's source and compiled here into calls of the field routines, so both backends run
the same formulas. k*P (the recoding and window of ``weierstrass_viper._Curve.mul``, with
Jacobian additions):

- the scalar (32 bytes big-endian, k <= n) made odd, n - k chosen by mask for an even k,
  then recoded into 64 signed odd 4-bit digits and a top digit 1 (Joye-Tunstall, as ``weierstrass_python._recode``);
- the table P, 3P, ..., 15P (Jacobian, add-2007-bl: P has the prime order n, so no addition
  meets its exceptional cases) in the caller's buffer;
- per digit from the top: four Jacobian doublings (dbl-2001-b, a = -3), a lookup that reads
  all eight entries and keeps one by a 0/1 factor, the entry's Y negated by mask for a negative
  digit, and one Jacobian addition (add-2007-bl, not complete: before every digit but the
  last the running point is 16 S P with 16 <= 16 S < n / 16 + 16 for the partial sum S, so
  it is never +-d P for a digit |d| <= 15); the last addition, where k near n can make the
  two points equal or opposite, is the complete RCB one, both points made projective;
- the result negated by mask when the scalar was replaced by n - k (or the caller's flag asks),
  then Z^(p - 2) by a fixed addition chain (255 squarings, 12 multiplications) and the affine
  coordinates out of Montgomery form, big-endian, in the buffer; r0 = 0 when Z = 0 (the
  point at infinity), else 1.

k*G (flags = 2) is a fixed-base comb in the layout of ref10's Ed25519 base multiplication
(Bernstein, Duif, Lange, Schwabe, Yang 2011, §4), on the same routines:

- k (0 <= k <= n) is replaced by n - k when k >= 2^255, chosen by mask, the result then
  negated as above; the scalar below 2^255 is recoded into 64 signed radix-16 digits
  e_i in [-8, 8] (e_i in [-8, 7] below the top);
- the table (``g_table``, 4 KB) holds j 2^(32 r) G for r = 0 .. 7, j = 1 .. 8, affine and in
  Montgomery form: a row per eight digits;
- R = the identity; for g = 7, 6, .., 0: R += e_i 16^(i-g) G for the 8 digits i = 8 r + g
  (row r), then R = 16 R by four complete RCB doublings (R may be the identity) unless g =
  0: each term is a scan of all eight entries of its row (entry |e| - 1 kept by a 0/1 factor, Y
  negated by mask when e < 0) and one complete mixed addition (RCB Algorithm 2); for e = 0
  no entry is kept and the step's result is dropped by mask (R saved before it). Eight
  rows rather than 32 (one per pair of digits) take a quarter of the table's flash for 24
  more doublings (GROWS).

Field elements are eight 32-bit little-endian words in Montgomery form (R = 2^256), always
reduced to [0, p):

- MUL and SQR: the 512-bit product by ``gen_x25519``'s UMAAL code, then Montgomery
  reduction word by word in the special form of p: since p = -1 (mod 2^32) the multiplier
  of step i is the current low word m_i, and adding m_i p W^i adds m_i at words i + 3 and
  i + 6, m_i W at word i + 7 and subtracts m_i at words i + 7 and i (W = 2^32; word i becomes
  0): m_i W^(i+8) - m_i W^(i+7) is the two-word product m_i (W - 1) at word i + 7. So each
  column j of the result is T_j + carries + m_(j-3) + m_(j-6) + m_(j-7) (W - 1), every term
  unsigned: the product by one UMAAL by a register holding W - 1 into the column's word and a
  carry word of its own (below W: (W - 1)^2 + 2 (W - 1) = W^2 - 1), the other terms by UMAAL
  (the first, with the column's other carry) and UMLAL by a register holding 1 (that carry
  stays below 4). Columns 0 .. 7 give m_0 .. m_7, columns 8 .. 15 the result, below 2p; then
  one masked subtraction of p.
- ADD, SUB: eight ADCS / SBCS, then p subtracted (ADD) and added back under the mask of the
  final borrow, or added under the mask of the borrow (SUB).
- TRIPLE (3 x) and SUB2 (x - 2 y): the first addition or subtraction as ADD's or SUB's, then
  on into ADD or SUB for the second.
- ``d = A * x`` (a = -3): TRIPLE's 3 x subtracted from zero.

Constant time (k*P, k*G, mod n): no branch and no address depends on the scalar or the point
(the loops count public numbers; digits only become masks and 0/1 factors; the branch
before the last addition counts digits); UMAAL, UMLAL, UMULL, MUL and MLA take a fixed time
on these cores. The state is on the stack (FRAME bytes); nothing is allocated.

ECDSA verification (flags = 16 and 24) handles public data only and is variable time:
w = s^-1 mod n by the binary inversion (Hankerson, Menezes, Vanstone, Algorithm 2.22; halvings
k bits at a time with Montgomery's multiple of n), u1 = e w and u2 = r w by MULN, both recoded
in width-w NAF (w = GW = 5 for G, whose odd multiples 1, 3, .., 15 G follow the comb's rows in
``g_table``: each step of the window would double that table's flash; w = 5 for Q, whose
3Q .. 15Q are built in the call), one joint loop from the top
(Straus-Shamir): a Jacobian doubling per position, a mixed addition (madd-2007-bl) for a digit
of u1, a Jacobian one (add-2007-bl) for a digit of u2, their exceptional cases resolved by
branches (the identity, P1 = P2 doubled, P1 = -P2 giving the identity). flags = 16 ends with
Z^-1 by the same binary inversion mod p and the affine point; flags = 24 (the check ECDSA
needs) inverts nothing: x(R) mod n = r holds exactly when x(R) is r or r + n (below p), and
x = c is X = c Z^2 for the Jacobian (X : Y : Z), one squaring and two products per candidate
c, which the caller passes (r + n only when it is below p, else r again).

Subroutines (leaves, r0 = d, r1 = x, r2 = y addresses in the frame) keep their return
address in the frame word RET; the point routines, which call them, in RET2; the Jacobian
routines, which the point routines call, in RET3.
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
MASK = KB + 36  # eight lookup words (1 for the entry kept, else 0)
SGN = MASK + 32  # the digit's sign mask
FE = ("X1", "Y1", "Z1", "X2", "Y2", "Z2", "t0", "t1", "t2", "t3", "t4", "t5", "u", "v", "w", "z",
      "at2", "_a", "NY", "INV", "ZERO", "ONE", "ONEM", "R2", "B3", "X3", "Y3", "Z3", "NM", "R2N", "PM",
      "CR", "CR2")
OFF = {name: SGN + 4 + 32 * i for i, name in enumerate(FE)}
# PJDBL's return address (the point routines call it), verification's identity flag (the
# running point is the identity while it is not 0), its addition's kind (1: mixed), the
# binary inversion's modulus (the address of its words) and -modulus^-1 mod 2^32, and the
# mode (flags AND 30)
RET3, INF, MIX, MODB, MODK, MODE = (SGN + 4 + 32 * len(FE) + 4 * i for i in range(6))
FRAME = MODE + 4
CONST = {"ZERO": 0, "ONE": 1, "ONEM": R % P, "R2": R * R % P, "B3": 3 * B * R % P, "NM": N, "R2N": R * R % N, "PM": P}
N0 = -pow(N, -1, 2**32) % 2**32  # Montgomery's -n^-1 mod 2^32

# The caller's buffer: the table (8 points of 96 bytes), then x || y big-endian (in: P, out:
# the result).
TAB = 0
IO = 8 * 96
NAF1 = IO + 64  # verification: the w-NAF digits of u1 (w = GW) and u2 (w = 5), 257 bytes each
NAF2 = NAF1 + 260
BUFSIZE = NAF2 + 260

ALL = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, LR]

# The comb's table (``g_table``): GROWS rows of 8 entries, j 2^(4 GDIGITS r) G for row r and
# j = 1 .. 8,
# affine x then y in Montgomery form, eight little-endian words each (64 bytes an entry).
GROWS, GCOLS = 8, 8
GSHIFT = GROWS.bit_length() - 1  # log2 GROWS
GDIGITS = 64 // GROWS  # radix-16 digits per row
GTABSIZE = GROWS * GCOLS * 64
# After it, for verification's u1 G in width-GW NAF: the odd multiples j G, j = 1, 3, .., 2^(GW-1) - 1
# (affine, Montgomery form, 64 bytes each)
GW = 5
GODDSIZE = 2 ** (GW - 2) * 64
TABLESIZE = GTABSIZE + GODDSIZE


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


def _entry(q):
    return (q[0] * R % P).to_bytes(32, "little") + (q[1] * R % P).to_bytes(32, "little")


def g_table():
    """The comb's table and verification's odd multiples (TABLESIZE bytes): see GROWS, GW."""
    out = bytearray()
    base = (GX, GY)
    for _ in range(GROWS):
        q = base
        for _ in range(GCOLS):
            out += _entry(q)
            q = _affine_add(q, base)
        for _ in range(4 * GDIGITS):
            base = _affine_add(base, base)
    g2 = _affine_add((GX, GY), (GX, GY))
    q = (GX, GY)
    for _ in range(GODDSIZE // 64):
        out += _entry(q)
        q = _affine_add(q, g2)
    return bytes(out)
X = [3, 4, 5, 6, 7, 8, 9, 10]


def _reduce(a, hi):
    # Montgomery reduction of the product (words 0 .. 7 or 0 .. 11 at PROD, the rest in the
    # registers ``hi``, None for a word already in the frame), stored at DST; then return.
    # Column j of T + M p (module docstring): T_j + m_(j-3) + m_(j-6) + the two-word product
    # m_(j-7) (W - 1) (its high word in column j + 1), every term unsigned. Two carry words:
    # c2 takes the products' high words (UMAAL by W - 1: at most (W - 1)^2 + 2 (W - 1) = W^2 - 1,
    # so c2 < W), c the rest (UMAAL, then UMLAL, by 1: c <= 3); column 14 (the last product)
    # absorbs c into its product instead, column 15 adds c2 to c by one more UMAAL.
    # Registers: T_0 .. T_7 by one LDM into g2 .. g9 (they become m_0 .. m_7 in place);
    # T_8, T_9 by LDRD into g0, g1 and the later pairs into the registers of m_(j-8), m_(j-7)
    # as those die (m_i is last read in column i + 7), so the result is g0 .. g7 in order and
    # leaves by one STM.
    for i in range(0, 8, 2):
        if hi[i] is not None:
            a.strd(hi[i], hi[i + 1], SP, PROD + 4 * (8 + i))
    one, k, c, c2 = 0, 1, 2, 3
    g = [4, 5, 6, 7, 8, 9, 10, 11, 12, LR]
    reg = {j: g[2 + j] for j in range(8)}  # word j -> its register
    a.ldm(SP, g[2:])
    a.movi(one, 1)
    a.movi(c, 0)
    for j in range(3, 16):
        if j in (8, 10, 12, 14):
            r0, r1 = g[j - 8], g[j - 7]
            a.ldrd(r0, r1, SP, PROD + 4 * j)
            reg[j], reg[j + 1] = r0, r1
        if j == 7:
            a.movi(k, 0xFFFFFFFF)
            a.movi(c2, 0)
        lo = reg[j]
        if 0 <= j - 7 < 8:
            a.umaal(lo, c2, reg[j - 7], k)
        for n, i in enumerate(i for i in (j - 3, j - 6) if 0 <= i < 8):
            (a.umlal if n else a.umaal)(lo, c, reg[i], one)
        if j == 14:
            a.adds(lo, lo, c)
        elif j == 15:
            a.dp("adc", lo, lo, c2, s=True)
            a.imm("adcs", c, one, 0xFFFFFFFF)  # c = the carry: 1 + (2^32 - 1) + C
    out = g[:8]
    # the value c 2^256 + out < 2p (c is 0 or 1): subtract p, add it back under the mask of
    # the borrow
    _sub_p(a, out, c)
    a.imm("and", one, c, 1)
    _add_p_masked(a, out, c, one)
    a.ldr(k, SP, DST)
    a.stm(k, out)
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
    _sp(a, 12, OFF["NM"])
    a.ldm(12, NR)
    a.const(11, N0)
    a.movi(12, 0)
    _sp(a, LR, PROD)
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
    _sp(a, 2, PROD + 32)
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


def _chain(a, label, op, inner=None):
    # The head of ADD, SUB and ADDN (r0 = d, r1 = x, r2 = y): X = x op y over eight words,
    # the carry or borrow left in the flags, r2 left at y + 16; ``inner``: a label after x's
    # load (TRIPLE and SUB2 enter there).
    a.label(label)
    a.str_(LR, SP, RET)
    a.ldm(1, X)
    if inner:
        a.label(inner)
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


def _sub2(a):
    # SUB2: r0 = d, r1 = x, r2 = y; d = x - 2 y mod p as (x - y) - y: x - y as SUB's (the mask
    # and p's low word in r11, r12, which the chain is done with), then r2 back to y and on
    # into SUB after its load of x.
    _chain(a, "SUB2", "sub")
    a.dp("sbc", 11, 11, 11)  # all ones on a borrow
    a.imm("and", 12, 11, 1)
    _add_p_masked(a, X, 11, 12)
    a.sub_imm(2, 2, 16)
    a.b("al", "SUBY")


def _triple(a):
    # TRIPLE: r0 = d, r1 = x; d = 3 x mod p as (x + x) + x: x + x reduced as ADD's sum (the
    # carry and p's low word in r11, r12), then r2 = x and on into ADD after its load of x.
    a.label("TRIPLE")
    a.str_(LR, SP, RET)
    a.ldm(1, X)
    a.mov(2, 1)
    for j, r in enumerate(X):
        a.dp("add" if j == 0 else "adc", r, r, r, s=True)
    a.movi(11, 0)
    a.adc0(11, 11)  # the carry
    _sub_p(a, X, 11)
    a.imm("and", 12, 11, 1)
    _add_p_masked(a, X, 11, 12)
    a.b("al", "ADDY")


def _addsub(a, op):
    # ADD / SUB: r0 = d, r1 = x, r2 = y; d = x op y mod p, inputs and result in [0, p).
    _chain(a, op.upper(), op, {"add": "ADDY", "sub": "SUBY"}[op])
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


def _sp(a, d, off):
    # d = sp + off: the 16-bit ADD (SP plus immediate) where it reaches, else ADDW
    if d < 8 and off % 4 == 0 and off < 1024:
        a.add_sp_imm(d, off)
    else:
        a.addw(d, SP, off)


def _half(a):
    # HALF: r0 = d, r1 = x; d = x / 2 mod p (x in [0, p)): x + p when x is odd (added under
    # the mask of bit 0, the carry kept as bit 256), shifted right by one.
    a.label("HALF")
    a.str_(LR, SP, RET)
    a.ldm(1, X)
    a.imm("and", 11, X[0], 1)  # p's word 6 (1) under the mask
    a.imm("rsb", 2, 11, 0)  # the mask
    for i, r in enumerate(X):
        op = "add" if i == 0 else "adc"
        if PW[i] == 0:
            a.imm("adcs", r, r, 0)
        else:
            a.dp(op, r, r, 2 if PW[i] == 0xFFFFFFFF else 11, s=True)
    a.movi(12, 0)
    a.adc0(12, 12)  # bit 256
    for j in range(8):
        a.lsr(X[j], X[j], 1)
        a.dp("orr", X[j], X[j], X[j + 1] if j < 7 else 12, "lsl", 31)
    a.stm(0, X)
    a.ldr(15, SP, RET)


def _call(a, sub, d, x, y=None):
    _sp(a, 0, OFF[d])
    _sp(a, 1, OFF[x])
    if y is not None:
        _sp(a, 2, OFF[y])
    a.bl(sub)


def _copy(a, d, x):
    # r0 and r3 .. r10 used
    _sp(a, 0, OFF[x])
    a.ldm(0, X)
    _sp(a, 0, OFF[d])
    a.stm(0, X)


@functools.lru_cache(maxsize=None)
def _texts():
    # weierstrass_viper's module-level string constants, parsed once: name -> text
    tree = ast.parse(FORMULAS.read_text(encoding="utf-8"))
    return {node.targets[0].id: node.value.value for node in tree.body
            if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)}


def _program(name):
    # The text of a field program of weierstrass_viper, as (d, x, op, y) lines.
    return _parse(_texts()[name])


def _on_second(prog):
    # a program of the first point's slots (X1, Y1, Z1) run on the second's (X2, Y2, Z2)
    sw = {"X1": "X2", "Y1": "Y2", "Z1": "Z2"}
    return [tuple(sw.get(v, v) for v in line) for line in prog]


# Jacobian doubling, a = -3: dbl-2001-b (EFD) with 2 Y1 formed first: Z3 = (2 Y1) Z1,
# 4 gamma = (2 Y1)^2, 4 beta = X1 (4 gamma), and 8 gamma^2 = (4 gamma)^2 / 2 (H: halving mod
# p); eight calls of the additions, subtractions and halvings (alpha = 3 (..) by one TRIPLE,
# X3 = alpha^2 - 2 (4 beta) by one SUB2) where weierstrass_viper's _JDBL_M3 has fourteen, the
# same 4M + 4S.
_JDBL_H = """
t0 = Z1 * Z1
u = X1 - t0
v = X1 + t0
u = u * v
t3 = u + u + u
v = Y1 + Y1
Z1 = v * Z1
t1 = v * v
t4 = X1 * t1
X1 = t3 * t3
X1 = X1 - t4 - t4
u = t4 - X1
Y1 = t3 * u
u = t1 * t1
u = H * u
Y1 = Y1 - u
"""


def _parse(text):
    # a field program's text as (d, x, op, y) lines
    out = []
    for line in text.strip().splitlines():
        d, expr = (s.strip() for s in line.split("="))
        parts = expr.split()
        if len(parts) == 5 and parts[1] == parts[3] == "-" and parts[2] == parts[4]:
            parts = [parts[0], "--", parts[2]]  # x - y - y: SUB2
        elif len(parts) == 5 and parts[1] == parts[3] == "+" and parts[0] == parts[2] == parts[4]:
            parts = [parts[0], "+++", parts[0]]  # x + x + x: TRIPLE
        out.append((d, parts[0], None, None) if len(parts) == 1 else (d, parts[0], parts[1], parts[2]))
    return out


def _emit(a, prog):
    # One field program as calls: x * y (SQR when x is y), x + y, x - y, x - y - y (SUB2),
    # x + x + x (TRIPLE), x, A * x (a = -3: 0 - 3 x), H * x (x / 2).
    for d, x, op, y in prog:
        if op is None:
            _copy(a, d, x)
        elif op == "*" and x == "H":
            _call(a, "HALF", d, y)
        elif op == "*" and x == "A":
            _call(a, "TRIPLE", "_a", y)
            _call(a, "SUB", d, "ZERO", "_a")
        elif op == "+++":
            _call(a, "TRIPLE", d, x)
        elif op == "*":
            if x == y:
                _call(a, "SQR", d, x)
            else:
                _call(a, "MUL", d, x, y)
        else:
            _call(a, {"+": "ADD", "-": "SUB", "--": "SUB2"}[op], d, x, y)


def _point_routine(a, label, body):
    a.label(label)
    a.str_(LR, SP, RET2)
    body()
    a.ldr(15, SP, RET2)


def _subroutines(a):
    gen_x25519._mul(a, _reduce)
    gen_x25519._sqr(a, _reduce)
    _triple(a)
    _addsub(a, "add")
    _sub2(a)
    _addsub(a, "sub")
    _half(a)
    gen_x25519._mul(a, _reduce_n, "MULN")
    gen_x25519._sqr(a, _reduce_n, "SQRN")
    _redn(a)
    _addn(a)
    tail = _program("_RCB_TAIL")
    _point_routine(a, "PDBL", lambda: _emit(a, _program("_DBL") + tail))
    _point_routine(a, "PADD", lambda: _emit(a, _program("_ADD") + tail))
    _point_routine(a, "PMADD", lambda: _emit(a, _program("_MADD") + tail))
    # Jacobian routines (return address in RET3: the point routines above call them):
    # PJDBL (X1:Y1:Z1) = 2 (X1:Y1:Z1) by dbl-2001-b (_JDBL_H); JADDA + JADDB (X1:Y1:Z1) += (X2:Y2:Z2)
    # by add-2007-bl, JMADDA + JMADDB (X1:Y1:Z1) += (X2, Y2) by madd-2007-bl, neither
    # complete: the first halves leave H in t3 and r in t4 and write neither point (callers
    # that cannot rule out P1 = +-P2 test them between the halves)
    for label, prog in (("PJDBL", _parse(_JDBL_H)), ("JADDA", _program("_JADD_A")),
                        ("JADDB", _program("_JADD_B")), ("JMADDA", _program("_JMADD_A")),
                        ("JMADDB", _program("_JMADD_B"))):
        a.label(label)
        a.str_(LR, SP, RET3)
        _emit(a, prog)
        a.ldr(15, SP, RET3)
    _jtab(a)
    _vadd(a)
    _wnaf(a)
    _binv_routines(a)
    _binv(a)


def _binv_routines(a):
    # The subroutines of verification's s^-1 mod n (binary inversion, _binv), on plain
    # integers (not Montgomery form), variable time (s is public).
    # The modulus (odd) is the eight words at the address in MODB, -modulus^-1 mod 2^32 in
    # MODK; "n" below stands for it.
    # BHALF: r0 = &u, r1 = &x (x < n, x s = u mod n): while u is even, u = u / 2^k and
    # x = x / 2^k mod n for k = the trailing zeros of u's low word (at most 31): x + m n with
    # m = x (-n^-1) mod 2^k (Montgomery's multiple: the sum is divisible by 2^k, below
    # 2^k n), shifted right by k.
    a.label("BHALF")
    a.str_(LR, SP, RET)
    a.str_(0, SP, DCNT)
    a.str_(1, SP, CNT)
    a.label("BH")
    a.ldr(2, 0, 0)
    a.imm("orr", 2, 2, 0x80000000)
    a.rbit(2, 2)
    a.clz(11, 2)  # k
    a.cmp_imm0(11)
    a.b("eq", "BHRET")
    a.imm("rsb", 12, 11, 32)
    a.ldm(0, X)
    for j in range(8):
        a.lsr_reg(X[j], X[j], 11)
        if j < 7:
            a.lsl_reg(LR, X[j + 1], 12)
            a.dp("orr", X[j], X[j], LR)
    a.stm(0, X)
    a.ldm(1, X)
    a.ldr(LR, SP, MODK)
    a.mul(2, X[0], LR)
    a.lsl_reg(2, 2, 12)
    a.lsr_reg(2, 2, 12)  # m
    a.movi(LR, 0)
    a.ldr(1, SP, MODB)
    for j in range(8):
        a.ldr(0, 1, 4 * j)
        a.umaal(X[j], LR, 2, 0)
    for j in range(8):
        a.lsr_reg(X[j], X[j], 11)
        a.lsl_reg(0, X[j + 1] if j < 7 else LR, 12)
        a.dp("orr", X[j], X[j], 0)
    a.ldr(1, SP, CNT)
    a.stm(1, X)
    a.ldr(0, SP, DCNT)
    a.b("al", "BH")
    a.label("BHRET")
    a.ldr(15, SP, RET)
    # BSUB: r0 = d, r1 = x, r2 = y: d = x - y when x >= y (carry set on return), else d is
    # left alone (carry clear)
    _chain(a, "BSUB", "sub")
    a.b("cc", "BSRET")
    a.stm(0, X)
    a.label("BSRET")
    a.ldr(15, SP, RET)
    # BSUBM: r0 = d, r1 = x, r2 = y: d = x - y mod the modulus (inputs and result below it)
    _chain(a, "BSUBM", "sub")
    a.dp("sbc", 2, 2, 2)  # all ones on a borrow
    a.ldr(LR, SP, MODB)
    for j, r in enumerate(X):
        a.ldr(1, LR, 4 * j)
        a.dp("and", 1, 1, 2)
        a.dp("add" if j == 0 else "adc", r, r, 1, s=True)
    a.stm(0, X)
    a.ldr(15, SP, RET)


def _is_one(a, name):
    # Z flag set when the element name is 1
    _sp(a, 0, OFF[name])
    a.ldm(0, X)
    a.imm("eor", 0, X[0], 1)
    for r in X[1:]:
        a.dp("orr", 0, 0, r)
    a.cmp_imm0(0)


def _binv(a):
    # BINV: INV = s^-1 mod n for s (plain, 0 < s < n) in t0, n the modulus at MODB (see
    # _binv_routines): the binary algorithm (Hankerson, Menezes, Vanstone, "Guide to Elliptic
    # Curve Cryptography", Algorithm 2.22) with u = s (t0), v = n (t1), x1 = 1 (t2), x2 = 0
    # (t3), x1 s = u and x2 s = v mod n throughout: u and v made odd (BHALF), done when one
    # is 1, else the smaller subtracted from the larger (its x likewise mod n). Variable
    # time: s is public.
    a.label("BINV")
    a.str_(LR, SP, RET2)
    a.ldr(0, SP, MODB)
    a.ldm(0, X)
    _sp(a, 0, OFF["t1"])
    a.stm(0, X)
    _copy(a, "t2", "ONE")
    _copy(a, "t3", "ZERO")
    a.label("BLOOP")
    for u, x in (("t0", "t2"), ("t1", "t3")):
        _sp(a, 0, OFF[u])
        _sp(a, 1, OFF[x])
        a.bl("BHALF")
    _is_one(a, "t0")
    a.b("eq", "BDONE1")
    _is_one(a, "t1")
    a.b("eq", "BDONE2")
    _call(a, "BSUB", "t0", "t0", "t1")
    a.b("cc", "BVU")
    _call(a, "BSUBM", "t2", "t2", "t3")
    a.b("al", "BLOOP")
    a.label("BVU")
    _call(a, "BSUB", "t1", "t1", "t0")
    _call(a, "BSUBM", "t3", "t3", "t2")
    a.b("al", "BLOOP")
    a.label("BDONE1")
    _copy(a, "INV", "t2")
    a.ldr(15, SP, RET2)
    a.label("BDONE2")
    _copy(a, "INV", "t3")
    a.ldr(15, SP, RET2)


def _set_modulus(a, name, k0):
    # the binary inversion's modulus: the element name, -name^-1 mod 2^32 = k0
    _sp(a, 0, OFF[name])
    a.str_(0, SP, MODB)
    a.const(0, k0)
    a.str_(0, SP, MODK)


def _is_zero(a, name):
    # Z flag set when the element name is 0 (elements are reduced: 0 has one form)
    _sp(a, 0, OFF[name])
    a.ldm(0, X)
    a.dp("orr", 0, X[0], X[1])
    for r in X[2:]:
        a.dp("orr", 0, 0, r)
    a.cmp_imm0(0)


def _jtab(a):
    # JTAB: the table P, 3P, .., 15P (Jacobian) at buf + TAB from P in (X1:Y1:Z1): P saved,
    # 2P into (X2:Y2:Z2), then (2i + 1)P = (2i - 1)P + 2P by add-2007-bl (P has the prime
    # order n: no addition meets P1 = +-P2); X1 left at 15P.
    a.label("JTAB")
    a.str_(LR, SP, RET2)
    a.ldr(0, SP, BUF)
    _point_copy(a, 0, TAB, SP, OFF["X1"])
    a.bl("PJDBL")
    _point_copy(a, SP, OFF["X2"], SP, OFF["X1"])
    a.ldr(0, SP, BUF)
    _point_copy(a, SP, OFF["X1"], 0, TAB)
    a.movi(0, 96)
    a.str_(0, SP, CNT)
    a.label("JTABL")
    a.bl("JADDA")
    a.bl("JADDB")
    a.ldr(0, SP, BUF)
    a.ldr(1, SP, CNT)
    a.add(0, 0, 1)
    _point_copy(a, 0, TAB, SP, OFF["X1"])
    a.ldr(1, SP, CNT)
    a.add_imm(1, 1, 96)
    a.str_(1, SP, CNT)
    a.imm("cmp", 0, 1, 8 * 96)
    a.b("ne", "JTABL")
    a.ldr(15, SP, RET2)


def _vadd(a):
    # Verification's additions, variable time (public points): VADDG adds the affine
    # (X2, Y2) to the Jacobian (X1:Y1:Z1) by madd-2007-bl (weierstrass_viper's _JMADD_A and
    # _JMADD_B), VADDQ the Jacobian (X2:Y2:Z2) by add-2007-bl (_JADD_A, _JADD_B), with the
    # exceptional cases resolved between the halves as weierstrass_viper's _jadd_digit does:
    # P1 the identity (INF): P1 = P2; H = 0 and r = 0 (P1 = P2): P1 doubled; H = 0 and r != 0
    # (P1 = -P2): INF set. The first halves write neither P1 nor P2.
    a.label("VADDG")
    a.movi(0, 1)
    a.b("al", "VADD")
    a.label("VADDQ")
    a.movi(0, 0)
    a.label("VADD")
    a.str_(LR, SP, RET2)
    a.str_(0, SP, MIX)
    a.ldr(1, SP, INF)
    a.cmp_imm0(1)
    a.b("eq", "VA1")
    _point_copy(a, SP, OFF["X1"], SP, OFF["X2"])
    a.movi(1, 0)
    a.str_(1, SP, INF)
    a.ldr(0, SP, MIX)
    a.cmp_imm0(0)
    a.b("eq", "VRET")
    _copy(a, "Z1", "ONEM")
    a.b("al", "VRET")
    a.label("VA1")
    a.cmp_imm0(0)
    a.b("eq", "VAQ")
    a.bl("JMADDA")
    a.b("al", "VAH")
    a.label("VAQ")
    a.bl("JADDA")
    a.label("VAH")
    _is_zero(a, "t3")  # H
    a.b("ne", "VAB")
    _is_zero(a, "t4")  # r
    a.b("ne", "VINF")
    a.bl("PJDBL")
    a.b("al", "VRET")
    a.label("VINF")
    a.movi(0, 1)
    a.str_(0, SP, INF)
    a.b("al", "VRET")
    a.label("VAB")
    a.ldr(0, SP, MIX)
    a.cmp_imm0(0)
    a.b("eq", "VBQ")
    a.bl("JMADDB")
    a.b("al", "VRET")
    a.label("VBQ")
    a.bl("JADDB")
    a.label("VRET")
    a.ldr(15, SP, RET2)


def _wnaf(a):
    # WNAF: r1 = eight little-endian limbs followed by two zero words, r2 = 257 bytes, r8 = w;
    # the width-w NAF of the limbs into the bytes (digit i at byte i, odd digits in
    # (-2^(w-1), 2^(w-1)) at least w apart, zeros between), variable time (public scalars).
    # From the bottom, with a carry c: a bit equal to c gives a zero digit (skipped); else
    # v = (the w bits from here) + c is odd, c = bit w-1 of v, the digit is v - c 2^w and
    # the next w - 1 digits are zero. A value below 2^256 has at most 257 digits and no
    # carry out of them.
    a.label("WNAF")
    a.str_(LR, SP, RET)
    a.movi(9, 1)
    a.lsl_reg(9, 9, 8)
    a.imm("sub", 9, 9, 1)  # 2^w - 1
    a.imm("sub", 10, 8, 1)  # w - 1
    a.movw(11, 257)
    a.movi(0, 0)
    a.add(3, 2, 0)
    a.movi(7, 65)
    a.label("WZERO")
    a.str_post(0, 3, 4)
    a.subs1(7, 7)
    a.b("ne", "WZERO")
    a.movi(4, 0)  # the bit
    a.movi(5, 0)  # c
    a.label("WL")
    a.cmp(4, 11)
    a.b("cs", "WDONE")
    a.lsr(0, 4, 5)
    a.ldr_idx(3, 1, 0, 2)
    a.add_imm(0, 0, 1)
    a.ldr_idx(7, 1, 0, 2)
    a.imm("and", 0, 4, 31)
    a.lsr_reg(3, 3, 0)
    a.imm("rsb", 0, 0, 32)
    a.lsl_reg(7, 7, 0)  # 0 for a shift by 32
    a.dp("orr", 3, 3, 7)  # the 32 bits from here
    a.imm("and", 0, 3, 1)
    a.cmp(0, 5)
    a.b("ne", "WDIG")
    a.add_imm(4, 4, 1)
    a.b("al", "WL")
    a.label("WDIG")
    a.dp("and", 3, 3, 9)
    a.add(3, 3, 5)  # v
    a.lsr_reg(5, 3, 10)
    a.imm("and", 5, 5, 1)  # c
    a.lsl_reg(0, 5, 8)
    a.dp("sub", 3, 3, 0)  # the digit
    a.add(0, 2, 4)
    a.strb(3, 0, 0)
    a.add(4, 4, 8)
    a.b("al", "WL")
    a.label("WDONE")
    a.ldr(15, SP, RET)


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
    _sp(a, 1, KB + 34)  # b' of byte 0 (b is the byte after it)
    _sp(a, 6, DIG)
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
    # 24 words from src_base + src_off to dst_base + dst_off (r2 and r3 .. r10 used)
    for h in range(3):
        for base, off, op in ((src_base, src_off, a.ldm), (dst_base, dst_off, a.stm)):
            if base == SP:
                _sp(a, 2, off + 32 * h)
            else:
                a.addw(2, base, off + 32 * h)
            op(2, X)


def _sign_split(a, d):
    # register d (a sign-extended digit) becomes |d|; SGN = all ones when it was negative (r3)
    a.sh("asr", 3, d, 31)
    a.str_(3, SP, SGN)
    a.dp("eor", d, d, 3)
    a.dp("sub", d, d, 3)


def _masks(a, idx):
    # MASK + 4 e = 1 when register idx == e, else 0 (e = 0 .. 7): 1 - ((t | -t) >> 31),
    # t = idx XOR e (r0, r1 used)
    for e in range(8):
        a.imm("eor", 0, idx, e)
        a.imm("rsb", 1, 0, 0)
        a.dp("orr", 0, 0, 1)
        a.lsr(0, 0, 31)
        a.imm("rsb", 0, 0, 1)
        a.str_(0, SP, MASK + 4 * e)


def _mla(a, d, n, m, acc):
    # MLA Rd, Rn, Rm, Ra (T1): d = n * m + acc, low word (a fixed time on these cores, as MUL)
    a.i((0xFB00 | n, acc << 12 | d << 8 | m), "mla %s" % a._regs((d, n, m, acc)))


def _scan(a, stride, halves, label, aligned=True):
    # Eight entries at lr, ``stride`` bytes apart, all read: the first ``halves`` 32-byte
    # elements of the one whose MASK word is 1 into X2, Y2 (, Z2) as the sum of every entry's
    # words times its MASK word (MUL, then MLA: the others are 0; none is kept when every
    # MASK word is 0), a loop over the elements (lr advanced by 32, the destination in the
    # frame word CNT). Not ``aligned`` (a bytes object's data): single LDRs, which allow any
    # address (LDRD faults).
    W = [0, 1, 2, 11]
    _sp(a, 12, OFF["X2"])
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
                    a.mul(acc, W[k], 12)
                else:
                    _mla(a, acc, W[k], 12, acc)
    a.ldr(12, SP, CNT)
    a.stm(12, X, wb=True)
    a.str_(12, SP, CNT)
    a.add_imm(LR, LR, 32)
    _sp(a, 0, OFF["X2"] + 32 * halves)
    a.cmp(12, 0)
    a.b("ne", label)


def _negate_y2(a):
    # Y2 = -Y2 where SGN is all ones
    _call(a, "SUB", "NY", "ZERO", "Y2")
    _cmove(a, "Y2", "NY", SGN)


def _lookup(a):
    # (X2, Y2, Z2) = the table entry of digit DIG[WIN] (entry |d| >> 1), Y2 negated when d < 0;
    # all eight entries read, one kept (_scan).
    a.ldr(0, SP, WIN)
    _sp(a, 1, DIG)
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
    _sp(a, 0, OFF[d])
    _sp(a, 1, OFF[x])
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
    _sp(a, 12, OFF[name])
    a.stm(12, X)


def _words_out(a, buf_reg, off, name):
    _sp(a, 12, OFF[name])
    a.ldm(12, X)
    for i, r in enumerate(X):
        a.rev(r, r)
        a.str_(r, buf_reg, off + 28 - 4 * i)


def _k_or_n_minus_k(a, mask, word=None):
    # k (32 bytes big-endian at r1, k <= n) into X as little-endian words, replaced by n - k
    # (computed into t0) where r0 is all ones: ``mask(a)`` sets r0 from k's words in X (and
    # NEG with it), ``word(i, r)`` emits what follows the choice of word i (in r). No branch.
    for i, r in enumerate(X):
        a.ldr(r, 1, 28 - 4 * i)
        a.rev(r, r)
    for i, r in enumerate(X):  # t0 = n - k
        a.const(0, NW[i])
        a.dp("sub" if i == 0 else "sbc", 0, 0, r, s=True)
        a.str_(0, SP, OFF["t0"] + 4 * i)
    mask(a)
    for i, r in enumerate(X):
        a.ldr(1, SP, OFF["t0"] + 4 * i)
        a.dp("eor", 1, 1, r)
        a.dp("and", 1, 1, 0)
        a.dp("eor", r, r, 1)
        if word is not None:
            word(i, r)


def _odd_scalar(a):
    # k (k <= n) to KB + 4 (big-endian), replaced by n - k when k is even, NEG toggled then
    # (n is odd: the scalar is odd; (n - k) P is -k P). The mask comes from k's bit 0.
    def mask(a):
        a.imm("and", 0, X[0], 1)
        a.imm("sub", 0, 0, 1)  # all ones when k is even
        a.imm("and", 1, 0, 1)
        a.ldr(2, SP, NEG)
        a.dp("eor", 1, 1, 2)  # NEG flipped under the mask
        a.str_(1, SP, NEG)

    def word(i, r):
        a.rev(r, r)
        a.str_(r, SP, KB + 32 - 4 * i)

    _k_or_n_minus_k(a, mask, word)


def _comb_scalar(a):
    # k (k <= n) as eight little-endian limbs at KB + 4, replaced by n - k when k >= 2^255
    # (then NEG = 1): the comb's scalar is below 2^255.
    def mask(a):
        a.sh("asr", 0, X[7], 31)  # all ones when k >= 2^255
        a.imm("and", 1, 0, 1)
        a.str_(1, SP, NEG)

    _k_or_n_minus_k(a, mask)
    _sp(a, 12, KB + 4)
    a.stm(12, X)


def _comb_recode(a):
    # The limbs at KB + 4 (< 2^255) as 64 signed radix-16 digits into DIG, least significant
    # first: v = nibble i + c, c = (v + 8) >> 4, e_i = v - 16 c in [-8, 7] for i < 63, and
    # e_63 = nibble 63 + c in [0, 8] (nibble 63 <= 7).
    _sp(a, 1, KB + 4)
    _sp(a, 6, DIG)
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
    # Step c = WIN of the comb: row r = c mod GROWS of the table at TABP, digit
    # e = DIG[GDIGITS r + g] with g = GDIGITS - 1 - c / GROWS. (X2, Y2) = |e| 2^(4 GDIGITS r) G,
    # all eight entries of the row read, one
    # kept by mask; Y2 negated when e < 0; ZM = all ones when e = 0 (no entry kept: the
    # step's addition is undone).
    a.ldr(0, SP, WIN)
    a.imm("and", 1, 0, GROWS - 1)
    a.lsr(2, 0, GSHIFT)
    a.lsl(3, 1, 6 - GSHIFT)
    a.add_imm(3, 3, GDIGITS - 1)
    a.dp("sub", 3, 3, 2)  # the digit's index
    a.ldr(LR, SP, TABP)
    a.dp("add", LR, LR, 1, "lsl", 9)  # the row: 8 entries of 64 bytes
    _sp(a, 1, DIG)
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
    # k*G by the fixed-base comb: R = sum over i = GDIGITS r + g of e_i 16^(i - g) G for
    # g = GDIGITS - 1, then R = 16 R (four complete doublings: R may be the identity), the same
    # for each g down to 1, then R += e_i 16^i G for i = GDIGITS r; each term
    # e 2^(4 GDIGITS r) G is a row of the table and one complete mixed addition, undone by
    # mask when e = 0.
    _comb_scalar(a)
    _comb_recode(a)
    _copy(a, "X1", "ZERO")  # R = the identity (0 : 1 : 0)
    _copy(a, "Y1", "ONEM")
    _copy(a, "Z1", "ZERO")
    a.movi(0, 0)
    a.str_(0, SP, WIN)
    a.label("COMB")
    a.ldr(0, SP, WIN)
    a.imm("and", 1, 0, GROWS - 1)
    a.cmpi(1, 0)
    a.b("ne", "CADD")  # c = 0 mod GROWS ...
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


def _load_digit(a, naf):
    # r2 = |d|, SGN = all ones when d < 0, Z flag set when d = 0, for the digit d of the
    # w-NAF at buf + naf at position WIN
    a.ldr(0, SP, BUF)
    a.addw(0, 0, naf)
    a.ldr(1, SP, WIN)
    a.ldr_idx(2, 0, 1, 0, byte=True)
    a.lsl(2, 2, 24)
    a.sh("asr", 2, 2, 24)
    _sign_split(a, 2)
    a.cmp_imm0(2)


def _neg_y2_if(a, label):
    # Y2 = -Y2 when SGN is all ones (a branch: public data)
    a.ldr(0, SP, SGN)
    a.cmp_imm0(0)
    a.b("eq", label)
    _call(a, "SUB", "Y2", "ZERO", "Y2")
    a.label(label)


def _verify(a):
    # flags = 16, ECDSA verification's point (SEC 1 §4.1.4 steps 4 .. 5) from public e, r, s
    # (big-endian at r1, r1 + 32, r1 + 64; e < n, 0 < r, s < n) and Q (x || y at IO, on the
    # curve, not the identity): w = s^-1 (_binv), u1 = e w, u2 = r w mod n (MULN and R^2 mod n
    # out of Montgomery's R^-1), then u1 G + u2 Q, variable time: the interleaved w-NAF of
    # weierstrass_viper's mul2 (Straus-Shamir; Moeller's "Algorithms for multi-exponentiation",
    # SAC 2001): u1 in width GW on the odd multiples of G after the comb's table (affine), u2
    # in width 5 on Q, 3Q, .., 15Q (Jacobian, built here at TAB); from the top position, one
    # Jacobian doubling (none while the running point is the identity), then VADDG for a digit
    # of u1, VADDQ for one of u2. flags = 16: the sum goes to FINISH in projective form.
    # flags = 24 (verification's check, VCHECK): no inversion; r0 = 1 when the sum's affine x
    # is one of the candidates c (r and r + n, the fourth 32 bytes at r1), tested as
    # X = c Z^2 in Jacobian coordinates, else 0.
    _words_in(a, 1, 0, "t4")  # e
    _words_in(a, 1, 32, "t5")  # r
    _words_in(a, 1, 64, "t0")  # s
    _copy(a, "CR", "t5")
    a.ldr(0, SP, MODE)
    a.cmpi(0, 24)
    a.b("ne", "VNOC2")
    _words_in(a, 1, 96, "CR2")
    a.label("VNOC2")
    _set_modulus(a, "NM", N0)
    a.bl("BINV")  # w = s^-1
    for u, c in (("t0", "t4"), ("t2", "t5")):  # u1 = e w, u2 = r w (plain), a zero element after
        _call(a, "MULN", u, c, "INV")
        _call(a, "MULN", u, u, "R2N")
    _copy(a, "t1", "ZERO")
    _copy(a, "t3", "ZERO")
    for naf, name, w in ((NAF1, "t0", GW), (NAF2, "t2", 5)):
        a.ldr(2, SP, BUF)
        a.addw(2, 2, naf)
        _sp(a, 1, OFF[name])
        a.movi(8, w)
        a.bl("WNAF")
    # Q, 3Q, .., 15Q: Q at TAB, 2Q into (X2:Y2:Z2), then (2i + 1)Q = (2i - 1)Q + 2Q (Q has
    # the prime order n: no exceptional case)
    _affine_in(a, IO, "1")
    a.bl("JTAB")
    # the joint loop, positions 256 .. 0
    a.movi(0, 1)
    a.str_(0, SP, INF)
    a.movw(0, 256)
    a.str_(0, SP, WIN)
    a.label("VLOOP")
    a.ldr(0, SP, INF)
    a.cmp_imm0(0)
    a.b("ne", "VNODBL")
    a.bl("PJDBL")
    a.label("VNODBL")
    _load_digit(a, NAF1)
    a.b("eq", "VNOG")
    a.imm("sub", 2, 2, 1)  # odd entry (|d| - 1) / 2: |d| G, 64 bytes each
    a.ldr(LR, SP, TABP)
    a.movw(0, GTABSIZE)
    a.dp("add", LR, LR, 0)
    a.dp("add", LR, LR, 2, "lsl", 5)
    for h, name in ((0, "X2"), (32, "Y2")):  # single LDRs: the table may be unaligned
        for i, r in enumerate(X):
            a.ldr(r, LR, h + 4 * i)
        _sp(a, 12, OFF[name])
        a.stm(12, X)
    _neg_y2_if(a, "VGPOS")
    a.bl("VADDG")
    a.label("VNOG")
    _load_digit(a, NAF2)
    a.b("eq", "VNOQ")
    a.lsr(2, 2, 1)
    a.movi(3, 96)
    a.mul(2, 2, 3)
    a.ldr(0, SP, BUF)
    a.add(0, 0, 2)
    _point_copy(a, SP, OFF["X2"], 0, TAB)
    _neg_y2_if(a, "VQPOS")
    a.bl("VADDQ")
    a.label("VNOQ")
    a.ldr(0, SP, WIN)
    a.subs1(0, 0)
    a.str_(0, SP, WIN)
    a.b("pl", "VLOOP")
    a.ldr(0, SP, MODE)
    a.cmpi(0, 24)
    a.b("eq", "VCHECK")
    # Jacobian to projective (X Z : Y : Z^3), then Z^-1 by the binary inversion mod p (of
    # Z R: Z^-1 R = (Z R)^-1 R^2, two products by R^2) and on to AFFINE; the identity as Z = 0
    # and on to FINISH
    a.ldr(0, SP, INF)
    a.cmp_imm0(0)
    a.b("eq", "VPROJ")
    _copy(a, "Z1", "ZERO")
    a.b("al", "FINISH")
    a.label("VPROJ")
    _emit(a, _program("_FROM_JAC"))
    _copy(a, "t0", "Z1")
    _set_modulus(a, "PM", 1)  # -p^-1 = 1 mod 2^32
    a.bl("BINV")
    _call(a, "MUL", "INV", "INV", "R2")
    _call(a, "MUL", "INV", "INV", "R2")
    a.b("al", "AFFINE")
    # the check: X1 = c R Z1^2 R / R (Montgomery form) for c = r, then r + n
    a.label("VCHECK")
    a.ldr(0, SP, INF)
    a.cmp_imm0(0)
    a.b("ne", "VFAIL")
    _call(a, "SQR", "t0", "Z1")
    for i, c in enumerate(("CR", "CR2")):
        _call(a, "MUL", "t1", c, "R2")
        _call(a, "MUL", "t1", "t1", "t0")
        _call(a, "SUB", "t1", "t1", "X1")
        _is_zero(a, "t1")
        a.b("eq", "VMATCH")
    a.label("VFAIL")
    a.movi(0, 0)
    a.b("al", "DONE")
    a.label("VMATCH")
    a.movi(0, 1)
    a.b("al", "DONE")


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
    a.imm("and", 2, 2, 30)  # the mode (r2 is not used by the constants' code)
    a.str_(2, SP, MODE)
    # the constants
    for name, v in CONST.items():
        for i, r in enumerate(X):
            w = v >> (32 * i) & 0xFFFFFFFF
            if w < 256:
                a.movi(r, w)
            else:
                a.const(r, w)
        _sp(a, 12, OFF[name])
        a.stm(12, X)
    a.cmpi(2, 4)
    a.b("eq", "MODN")
    a.imm("and", 0, 2, 16)
    a.cmp_imm0(0)
    a.b("ne", "VER")
    a.cmp_imm0(2)
    a.b("ne", "CMB")
    # the scalar, made odd, after a zero word
    a.movi(3, 0)
    a.str_(3, SP, KB)
    _odd_scalar(a)
    _recode(a)
    # P in Montgomery form, Jacobian with Z = 1, and the table P, 3P, .., 15P (Jacobian)
    _affine_in(a, IO, "1")
    a.bl("JTAB")
    # the top digit is 1: the running point starts at P. Per digit from the top: four
    # Jacobian doublings, the lookup, and add-2007-bl, which is not complete but never meets
    # its exceptional cases here: before digit i > 0 the running point is 16 S P for the
    # partial sum S (the odd digits above i with the top 1, so 1 <= S and 16 S < n / 16 + 16)
    # and the entry +-d P with |d| <= 15 < 16 S. Only the last addition (16 S = k - d_0, which
    # may be n + 2 d_0 or n for k near n) can, so it is the complete RCB addition, on both
    # points made projective.
    a.ldr(0, SP, BUF)
    _point_copy(a, SP, OFF["X1"], 0, TAB)
    a.movi(0, 63)
    a.str_(0, SP, WIN)
    a.label("WINDOW")
    a.movi(0, 4)
    a.str_(0, SP, DCNT)
    a.label("JDBL4")
    a.bl("PJDBL")
    a.ldr(0, SP, DCNT)
    a.subs1(0, 0)
    a.str_(0, SP, DCNT)
    a.b("ne", "JDBL4")
    _lookup(a)
    a.ldr(0, SP, WIN)
    a.cmp_imm0(0)
    a.b("eq", "KLAST")  # WIN is public
    a.bl("JADDA")
    a.bl("JADDB")
    a.ldr(0, SP, WIN)
    a.subs1(0, 0)
    a.str_(0, SP, WIN)
    a.b("al", "WINDOW")
    a.label("KLAST")
    _emit(a, _program("_FROM_JAC"))
    _emit(a, _on_second(_program("_FROM_JAC")))  # the second point Jacobian -> projective
    a.bl("PADD")
    a.b("al", "FINISH")
    a.label("CMB")
    _comb(a)
    a.b("al", "FINISH")
    a.label("VER")
    _verify(a)
    a.label("FINISH")
    # -R when the scalar was n - k
    a.ldr(0, SP, NEG)
    a.imm("rsb", 0, 0, 0)
    a.str_(0, SP, SGN)
    _call(a, "SUB", "NY", "ZERO", "Y1")
    _cmove(a, "Y1", "NY", SGN)
    # affine, out of Montgomery form
    _invert(a, "INV", "Z1")
    a.label("AFFINE")
    _call(a, "MUL", "X1", "X1", "INV")
    _call(a, "MUL", "Y1", "Y1", "INV")
    _call(a, "MUL", "X1", "X1", "ONE")
    _call(a, "MUL", "Y1", "Y1", "ONE")
    a.ldr(0, SP, BUF)
    _words_out(a, 0, IO, "X1")
    _words_out(a, 0, IO + 32, "Y1")
    # r0 = 1 unless Z1 = 0: (z | -z) >> 31 of the words ORed
    _sp(a, 12, OFF["Z1"])
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
    R^-1 for "mul" and "sqr"), "sub2" (x - 2 y), "triple" (3 x), "amul" (-3 x), "half" (x / 2)
    and "inv" (x^(p - 2) in Montgomery form), and mod n "muln", "sqrn", "addn", "invn"
    likewise, eight little-endian words each."""

    def body(a):
        a.str_(0, SP, BUF)
        for name, v in CONST.items():
            for i, r in enumerate(X):
                a.const(r, v >> (32 * i) & 0xFFFFFFFF)
            _sp(a, 12, OFF[name])
            a.stm(12, X)
        for src, name in ((1, "X1"), (2, "Y1")):
            a.ldm(src, X)
            _sp(a, 12, OFF[name])
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
        _sp(a, 12, OFF["Z2"])
        a.ldm(12, X)
        a.stm(1, X)

    return _function(Asm(), body, whole=True)


HEADER = '''# GENERATED by python -m tools.thumb.gen_p256: edit the generator, not this file.
"""P-256 on Cortex-M4, M7, M55 and M85 (UMAAL): k*P and k*G for a secret k, each one Thumb-2
call.

Backend ``thumb`` of the seam primitive "ec_weierstrass" (``ec/ec``), chosen where
``mpcrypto._cpu`` finds feature ``umaal``, before ``viper``. ``new(curve)`` gives, for
secp256r1, a ``weierstrass_viper`` context whose ``mul``, ``ecdh``, ``mul_base``, ``mul2`` and
``verify_rs`` (ECDSA verification from e, r, s) run the kernel; for other curves the
``weierstrass_viper`` context itself.

``_mul256(buf, k, flags, table)``, buf (%d bytes), k 32 bytes big-endian:

- flags = 0, k*P for k <= n: buf holds x || y of P big-endian at %d (and receives the table
  of P .. 15P before it); an even k is replaced by n - k (chosen by mask) and the result
  negated; flags = 1 negates the result once more; ``table`` is not read.
- flags = 2, k*G for k <= n by the fixed-base comb on ``table`` (``_GTAB``: j 2^(32 r) G for
  r = 0 .. 7, j = 1 .. 8, then verification's odd multiples j G, j = 1, 3, .., 15, affine,
  Montgomery form; %d bytes, in flash when frozen).
- flags = 4, mod n: buf holds k, d, e, r (each below n, 32 bytes big-endian) at 0, 32, 64,
  96; buf[%d:%d] receives ECDSA's s = k^-1 (e + r d) mod n (k^-1 by Fermat, a fixed chain
  over the public n - 2), r0 = 1; ``k`` and ``table`` are not read.
- flags = 16, ECDSA verification (all public, variable time): k holds e, r, s (96 bytes
  big-endian; e any 256-bit value, r below n, 0 < s < n), buf x || y of Q at %d (on the
  curve, not the identity); the result is (e/s) G + (r/s) Q mod n, G's odd multiples from
  ``table`` (``_GTAB``); the rest of buf is scratch (Q's table, the w-NAF digits).
- flags = 24, ECDSA verification's check (the same, public): k holds e, r, s and a second
  candidate c2 (r + n when that is below p, else r); r0 = 1 when the sum's affine x is r or
  c2, else 0 (the point at infinity included); buf receives no point.

For the points, on return buf[%d:%d] is the affine result (x || y, big-endian) and r0 = 1,
or r0 = 0 and zeros for the point at infinity. All formulas are ``weierstrass_viper``'s; the
generator (tools/thumb/gen_p256.py) documents the algorithms and the field arithmetic.

Constant time (flags 0 .. 4): no branch and no address depends on k or P; a table lookup
reads every entry of its table or row and keeps one by a 0/1 factor. The state is on the C stack
(%d bytes); nothing is allocated per call but what the Python side converts.
"""

import micropython
from mpcrypto._cpu import umaal as probe  # noqa: F401 (what the seam's chain requires)
from mpcrypto.ec import weierstrass_viper as _wv
''' % (BUFSIZE, IO, TABLESIZE, IO, IO + 32, IO, IO, IO + 64, FRAME)

FOOTER = '''

_IO = %d
_ZEROS = bytes(64)
_P_N = 0x%X  # p - n: r + n is below p exactly when r is below this
# d = 0, e = 1, r = 0 (32 bytes big-endian each) for inv_n
_DER = b"%s"


class _P256(_wv._Curve):
    # weierstrass_viper's context with the variable-base multiplications on the kernel
    def __init__(self, curve):
        super().__init__(curve)
        self._buf = bytearray(%d)

    def _kmul(self, k, x, y):
        # k*(x, y) into buf[_IO:]; True unless the result is the point at infinity
        buf = self._buf
        buf[_IO:_IO + 32] = x.to_bytes(32, "big")
        buf[_IO + 32:_IO + 64] = y.to_bytes(32, "big")
        return _mul256(buf, self._kb(k), 0, 0)

    def _result(self, ok):
        buf = self._buf
        out = (int.from_bytes(buf[_IO:_IO + 32], "big"), int.from_bytes(buf[_IO + 32:_IO + 64], "big")) if ok else None
        buf[_IO:_IO + 64] = _ZEROS
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
        buf[_IO:_IO + 64] = _ZEROS
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

    def _verify(self, k, flags, x, y):
        # the kernel's verification mode (flags 16 or 24) on k (e, r, s and for 24 the second
        # candidate, 32 bytes big-endian each) and the point (x, y)
        buf = self._buf
        buf[_IO:_IO + 32] = x.to_bytes(32, "big")
        buf[_IO + 32:_IO + 64] = y.to_bytes(32, "big")
        return _mul256(buf, k, flags, _GTAB)

    def verify_rs(self, digest, r, s, x, y):
        """ECDSA verification (SEC 1 §4.1.4 steps 3 .. 6) in one kernel call, variable time
        (all public): True when (e/s) G + (r/s) (x, y) is not the identity and its x
        coordinate is r mod n, e the digest's leftmost 256 bits. The kernel inverts nothing
        but s: it compares x with r and r + n (when below p) in Jacobian coordinates. r, s
        ints in [1, n - 1] (s = 0 would never end the kernel's inversion: refused), (x, y) on
        the curve and not the identity."""
        if not (0 < s < self.n and 0 < r < self.n):
            raise ValueError("r or s out of range")
        if len(digest) < 32:
            digest = bytes(32 - len(digest)) + digest
        rb = r.to_bytes(32, "big")
        c2 = (r + self.n).to_bytes(32, "big") if r < _P_N else rb
        return self._verify(bytes(digest[:32]) + rb + s.to_bytes(32, "big") + c2, 24, x, y) == 1

    def mul2(self, u1, u2, x, y):
        """u1*G + u2*(x, y) for PUBLIC u1, u2 in [0, n) by the kernel (s = 1 in its
        verification mode), variable time."""
        kb = self._kb
        return self._result(self._verify(kb(u1) + kb(u2) + kb(1), 16, x, y))


def new(curve):
    """The context of ``curve``: the kernel's for secp256r1, else weierstrass_viper's."""
    return _P256(curve) if curve.name == "secp256r1" else _wv.new(curve)
''' % (IO, P - N, "".join("\\x%02x" % b for b in bytes(63) + bytes([1]) + bytes(32)), BUFSIZE)


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
             % (IO, IO + 64)]
    parts += data_lines(kernel())
    parts += _table_lines()
    parts.append(FOOTER)
    return "".join(parts)


def main(argv=None):
    return write_or_check(OUT, generate, "tools.thumb.gen_p256", argv)


if __name__ == "__main__":
    sys.exit(main())
