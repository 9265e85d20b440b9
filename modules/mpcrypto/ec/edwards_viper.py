"""Ed25519 and Ed448 arithmetic on fixed-size limbs in viper (no allocation per field
operation). Seam primitive "ec_edwards"; same surface as ``edwards_python``::

    ctx = new(curve)        # curves.EDWARDS25519 or curves.EDWARDS448
    ctx.mul_base(k) -> P    k*B for a SECRET k, 0 <= k < L: regular signed comb
    ctx.mul2(s, k, P) -> P  s*B + k*P for PUBLIC s, k: variable time (verification)
    ctx.neg(P), ctx.encode(P), ctx.decode(b)   as in edwards_python (RFC 8032 §5.1.2-3, §5.2.2-3)

Points are affine (x, y) ints. Field: the Weierstrass backend's generated kernels
(the limb engine ``field.engine`` with ``field/v16_16`` / ``v16_28``, or the 32-bit-limb
``field/v32_8`` / ``v32_14`` where viper words are 64 bits, with the Thumb-2 UMAAL multiplier on Cortex-M4/M7/M55/M85),
running the RFC 8032 formulas as field programs. Both addition laws are complete, so
neither the comb nor the w-NAF loop has a special case.
- Edwards25519 (§5.1.4): extended coordinates with T kept as its two factors E*H (a
  doubling does not read T: 7 multiplications; adding an affine table point costs 9, an
  extended one 9).
- Edwards448 (§5.2.4): projective coordinates (doubling 7, additions 10 and 11).

``mul_base``: k is made odd without a branch (k + L when k is even, chosen by a mask; L*B
is the identity), then a signed Lim-Lee comb (Ed25519: 6 teeth, 4 tables of 32 affine
points, 11 columns; Ed448: 5 teeth, 4 tables of 16, 23 columns), entries read in full and
chosen by mask, negated by mask (x -> p - x), digits computed in viper. Constant time as
``weierstrass_viper`` (straight-line field code, masked selection; big ints only to convert
the scalar and the result). ``mul2``: interleaved w-NAF, width 7 for B (32 affine odd
multiples, cached), 5 for P (8 odd multiples per call), runs of doublings in one call;
variable time. ``decode`` is the portable one (big-int square root; public data, once per
key). Tables are built once with the portable backend (public data, one batch inversion).
"""

from mpcrypto.ec.curves import _bits
from mpcrypto.ec.field import engine as _fe
from mpcrypto.ec.field.bigint import ed_decode, ed_root_exp

_TEETH = 6
_BLOCKS = 4
_WB = 7  # w-NAF width for B in mul2
_WP = 5  # w-NAF width for P in mul2

# Every slot name the programs below use, spelled out so that each is an interned string
# (no heap for the assembler's tokens; see ``engine.Asm.ops``).
NAMES = ("ACC", "C0", "C1", "C2", "C3", "D2", "DD", "E1", "H0", "H1", "H2", "H3", "KK", "PRE",
         "PT", "PX", "PY", "PZ", "QX", "QY", "RR", "SS", "T", "T1", "X", "ZI", "tA", "tB", "tC",
         "tD", "tE", "tF", "tG", "tH", "tJ", "u", "v", "w")


def probe():
    # A field kernel for some size, or the Thumb-2 runners that stand in for them.
    return _fe.usable()


# P1 = (X1, Y1, Z1, T1 = E1*H1). Doubling, RFC 8032 §5.1.4 (dbl-2008-hwcd), T not formed.
_DBL = """
tA = X1 * X1
tB = Y1 * Y1
tC = Z1 * Z1
tC = tC + tC
H1 = tA + tB
E1 = X1 + Y1
E1 = E1 * E1
E1 = H1 - E1
tG = tA - tB
tF = tC + tG
X1 = E1 * tF
Y1 = tG * H1
Z1 = tF * tG
"""

# The end shared by the additions: from A, B, C, D (tA .. tD) to (X1, Y1, Z1, E1, H1).
_ADD_TAIL = """
E1 = tB - tA
tF = tD - tC
tG = tD + tC
H1 = tB + tA
X1 = E1 * tF
Y1 = tG * H1
Z1 = tF * tG
"""

# P1 += affine (x2, y2) in slots (QY, QX) (RFC 8032 §5.1.4 addition with Z2 = 1).
_MADD = """
T1 = E1 * H1
u = QY + QX
v = QY - QX
w = QX * QY
w = w * D2
tA = Y1 - X1
tA = tA * v
tB = Y1 + X1
tB = tB * u
tC = T1 * w
tD = Z1 + Z1
""" + _ADD_TAIL

# P1 += extended (X2, Y2, Z2, T2d = 2d*T2) in slots (PX, PY, PZ, PT).
_ADD = """
T1 = E1 * H1
tA = Y1 - X1
u = PY - PX
tA = tA * u
tB = Y1 + X1
u = PY + PX
tB = tB * u
tC = T1 * PT
tD = Z1 * PZ
tD = tD + tD
""" + _ADD_TAIL

# P1 (Z = 1 affine in X1, Y1) -> extended with E1 = x, H1 = y (T = x*y).
_FROM_AFFINE = """
Z1 = ONEM
E1 = X1
H1 = Y1
"""

# The current P1 as a table entry (PX, PY, PZ, PT = 2d*T).
_TO_ENTRY = """
PX = X1
PY = Y1
PZ = Z1
PT = E1 * H1
PT = PT * D2
"""

_NEG_Q = """
QX = ZERO - QX
"""
_NEG_P = """
PX = ZERO - PX
PT = ZERO - PT
"""

# Edwards448 (a = 1, RFC 8032 §5.2.4), projective (X1 : Y1 : Z1); DD = d.
_DBL448 = """
tB = X1 + Y1
tB = tB * tB
tC = X1 * X1
tD = Y1 * Y1
tE = tC + tD
tH = Z1 * Z1
tJ = tH + tH
tJ = tE - tJ
X1 = tB - tE
X1 = X1 * tJ
Y1 = tC - tD
Y1 = tE * Y1
Z1 = tE * tJ
"""

# The end shared by the additions, from tA = Z1 Z2, tB = tA^2, tC = X1 X2, tD = Y1 Y2 and
# tH = (X1 + Y1)(X2 + Y2).
_ADD448_TAIL = """
tE = tC * tD
tE = tE * DD
tF = tB - tE
tG = tB + tE
u = tH - tC
u = u - tD
X1 = tA * tF
X1 = X1 * u
u = tD - tC
Y1 = tA * tG
Y1 = Y1 * u
Z1 = tF * tG
"""

# P1 += affine (x2, y2) in (QY, QX).
_MADD448 = """
tA = Z1
tB = Z1 * Z1
tC = X1 * QX
tD = Y1 * QY
tH = X1 + Y1
u = QX + QY
tH = tH * u
""" + _ADD448_TAIL

# P1 += projective (PX, PY, PZ).
_ADD448 = """
tA = Z1 * PZ
tB = tA * tA
tC = X1 * PX
tD = Y1 * PY
tH = X1 + Y1
u = PX + PY
tH = tH * u
""" + _ADD448_TAIL

_FROM_AFFINE448 = """
Z1 = ONEM
"""
_TO_ENTRY448 = """
PX = X1
PY = Y1
PZ = Z1
"""


# Mod L, all in Montgomery form after the first three lines: S = r + k s (RFC 8032 §5.1.6).
_SIGN_S = """
RR = RR * R2
SS = SS * R2
KK = KK * R2
T = KK * SS
T = T + RR
T = T * ONE
"""


class _Ed25519(_fe.Arena):
    # Edwards25519; _Ed448 below swaps in its programs, comb size and table conversion.
    _HMAX = 64  # the longest byte string ``reduce`` takes: SHA-512's digest
    TEETH = _TEETH
    BLOCKS = _BLOCKS
    PSLOTS = 4  # slots per entry of P's table in mul2: X, Y, Z, 2d*T
    ACC_SLOTS = 5  # the running point: X1, Y1, Z1, E1, H1 (T = E1 * H1)
    ACC_PARTS = (("X1", 3, 0), ("E1", 2, 3))  # (first slot, slots, offset in slots)
    DBL, MADD, ADD, FROM_AFF, TO_ENTRY, NEG_P = _DBL, _MADD, _ADD, _FROM_AFFINE, _TO_ENTRY, _NEG_P

    def _dconst(self, curve):
        return ("D2", 2 * curve.d % curve.p)

    def __init__(self, curve):
        p = curve.p
        self.p = p
        self.d = curve.d  # for decode (field.bigint.ed_decode)
        self._sqrtm1 = None
        self.L = curve.n
        self.nsz = (_bits(2 * curve.n) + 7) // 8  # bytes of a scalar, with room for k + L
        self.Lbytes = curve.n.to_bytes(self.nsz, "big")
        self.G = curve.G
        self.size = curve.size
        self._lf = None
        asm = _fe.Asm(1)
        dname, dval = self._dconst(curve)
        for name in ("X1", "Y1", "Z1", "E1", "H1", "QY", "QX", "PX", "PY", "PZ", "PT", dname):
            asm.slot(name)  # QY, QX adjacent (comb entries); PX..PT adjacent (P's table)
        s = asm.slots
        self.P_DBL = asm.ops(self.DBL)
        self.P_DBL8 = bytes(self.P_DBL) * 8
        self.P_MADD = asm.ops(self.MADD)
        self.P_ADD = asm.ops(self.ADD)
        self.P_FROM_AFF = asm.ops(self.FROM_AFF)
        self.P_TO_ENTRY = asm.ops(self.TO_ENTRY)
        self.P_NEG_Q = asm.ops(_NEG_Q)
        self.P_NEG_P = asm.ops(self.NEG_P)
        self.P_PRE = asm.ops(_fe.BATCH_PRE)
        self.P_BACK = asm.ops(_fe.BATCH_BACK)
        self.P_INV = _fe.pow_prog(asm, p - 2)
        self.P_AFF = bytes((0, s["X1"], s["X1"], s["INV"], 0, s["Y1"], s["Y1"], s["INV"],
                            0, s["X1"], s["X1"], s["ONE"], 0, s["Y1"], s["Y1"], s["ONE"]))
        self._asm = asm  # for decode's power program, made on first use (no new slots)
        self.P_ROOT = None
        R = self.bind(_fe.kernel(_bits(p), _fe.wide()), s, p)
        self.R = R
        self.put(dname, dval * R % p)
        self._tom = {}
        for name in ("X1", "Y1", "QX", "QY"):
            i = s[name]
            self._tom[name] = bytes((0, i, i, s["R2"]))
        tb = self.TEETH * self.BLOCKS
        self.ncol = (_bits(2 * curve.n) + tb - 1) // tb
        self._comb = None
        self._btab = None

    def _identity(self):
        for name, v in (("X1", 0), ("Y1", self.R % self.p), ("Z1", self.R % self.p), ("E1", 0),
                        ("H1", self.R % self.p)):
            self.put(name, v)

    def _affine(self):
        # (X1 : Y1 : Z1) -> (x, y) ints: Fermat inversion of Z1, out of Montgomery form.
        self.copy_slot("INV", "Z1")
        self.exec(self.P_INV)
        self.exec(self.P_AFF)
        return self.get("X1"), self.get("Y1")

    # -- the surface --

    def neg(self, P):
        return ((self.p - P[0]) % self.p, P[1])

    def encode(self, P):
        x, y = P
        return (y | (x & 1) << (8 * self.size - 1)).to_bytes(self.size, "little")

    def decode(self, b):
        return ed_decode(self, b)  # RFC 8032 §5.1.3 / §5.2.3, strict

    def _root(self, z):
        # z^e (0 <= z < p) for decode's square root, e = (p-5)/8 or (p-3)/4 (``ed_root_exp``):
        # a field program of fixed 4-bit windows in Montgomery form, in place of a big-int
        # pow. Public data (an encoded point): variable time is allowed.
        if self.P_ROOT is None:
            self.P_ROOT = _fe.pow_prog(self._asm, ed_root_exp(self.p, self.size))  # slots INV, W1..W15 exist
            s = self.slots
            i = s["INV"]
            self._root_in = bytes((0, i, i, s["R2"]))
            self._root_out = bytes((0, i, i, s["ONE"]))
        self.put("INV", z)
        self.exec(self._root_in)
        self.exec(self.P_ROOT)
        self.exec(self._root_out)
        return self.get("INV") % self.p

    def _acc(self, buf, off, load):
        # Save (load=False) or restore the running point at word offset off of buf:
        # X1..Z1, then E1, H1 on Edwards25519 (ACC_SLOTS slots in all).
        wd = self.wd
        mem = self.mem
        for name, cnt, o in self.ACC_PARTS:
            if load:
                _fe.copy(mem, self.woff(name), buf, off + o * wd, cnt * wd)
            else:
                _fe.copy(buf, off + o * wd, mem, self.woff(name), cnt * wd)

    def _comb_table(self):
        # Block b's entry j: 2^((T b + T-1) d) B + sum_{t < T-1} (+1 if bit t of j else -1)
        # 2^((T b + t) d) B, affine, stored (y, x) in Montgomery form. Built once on limbs, as
        # in weierstrass_viper: the teeth by doubling (taking each tooth's double on the way),
        # entry 0 as the top tooth minus the others, the others in Gray-code order one
        # addition of +-2 * tooth apart (complete formulas), one batch inversion per block.
        if self._comb is not None:
            return self._comb
        T = self.TEETH
        d = self.ncol
        nent = 1 << (T - 1)
        wd = self.wd
        pe = self.PSLOTS * wd  # words of an entry (PX ..)
        e3 = 3 * wd
        px = self.woff("PX")
        x1 = self.woff("X1")
        mem = self.mem
        teeth = bytearray(T * pe * 4)
        twice = bytearray(T * pe * 4)
        park = bytearray(self.ACC_SLOTS * wd * 4)
        proj = bytearray(nent * e3 * 4)  # one block's entries, projective (reused)
        pre = bytearray(nent * wd * 4)  # the batch inversion's products (reused)
        gx, gy = self.G
        self.put_m("X1", gx)
        self.put_m("Y1", gy)
        self.exec(self.P_FROM_AFF)
        tabs = []
        for _ in range(self.BLOCKS):
            for t in range(T):
                self.exec(self.P_TO_ENTRY)
                _fe.copy(teeth, t * pe, mem, px, pe)
                self.exec(self.P_DBL)
                self.exec(self.P_TO_ENTRY)
                _fe.copy(twice, t * pe, mem, px, pe)
                for _ in range(d - 1):
                    self.exec(self.P_DBL)
            self._acc(park, 0, False)  # the next block's first tooth
            self._identity()
            _fe.copy(mem, px, teeth, (T - 1) * pe, pe)
            self.exec(self.P_ADD)
            for t in range(T - 1):
                _fe.copy(mem, px, teeth, t * pe, pe)
                self.exec(self.P_NEG_P)
                self.exec(self.P_ADD)
            _fe.copy(proj, 0, mem, x1, e3)
            for g, t in _fe.gray_steps(nent):
                _fe.copy(mem, px, twice, t * pe, pe)
                if not (g >> t) & 1:  # the tooth's sign goes from +1 to -1
                    self.exec(self.P_NEG_P)
                self.exec(self.P_ADD)
                _fe.copy(proj, g * e3, mem, x1, e3)
            tabs.append(self.affine_batch(proj, nent, self.P_BACK, True, pre))
            self._acc(park, 0, True)
        self._comb = tabs
        return tabs

    # -- scalars mod L, on limbs (secret scalars as nsz big-endian bytes) --

    def _kb(self, k):
        # A scalar as nsz big-endian bytes; an int (tests) is converted here.
        return k.to_bytes(self.nsz, "big") if isinstance(k, int) else k

    def _lfield(self):
        # The arena mod L (built on first use) and its two programs:
        # - reduce: a little-endian byte string h = sum h_i R^i, cut into chunks h_i of w bytes
        #   (R = 2^(8 w) is the arena's Montgomery radix, so h_i < R), is
        #   sum MUL(h_i, R^(i+2) mod L) = h R mod L, then out of Montgomery form. A product
        #   with one operand below R and the other below L stays below 2L before the final
        #   subtraction, so chunks need no reduction first.
        # - sign: S = r + k s mod L for r, s < L (RFC 8032 §5.1.6 step 5).
        lf = self._lf
        if lf is None:
            q = self.L
            asm = _fe.Asm(1)
            kern = _fe.kernel(_bits(q), _fe.wide())
            w = _fe.radix_bits(kern) // 8
            nch = (self._HMAX + w - 1) // w
            lines = ["H%d = H%d * C%d" % (i, i, i) for i in range(nch)]
            lines.append("X = H0 + H1" if nch > 1 else "X = H0")
            lines += ["X = X + H%d" % i for i in range(2, nch)]
            lines.append("X = X * ONE")
            prog_red = asm.ops("\n".join(lines))
            prog_sign = asm.ops(_SIGN_S)
            lf = _fe.Arena()
            R = lf.bind(kern, asm.slots, q)
            for i in range(nch):
                lf.put("C%d" % i, pow(R, i + 2, q))
            lf.w, lf.nch, lf.P_RED, lf.P_SIGN = w, nch, prog_red, prog_sign
            self._lf = lf
        return lf

    def reduce(self, b):
        """b (little-endian bytes, at most 114: a hash or a clamped scalar) mod L, as nsz
        big-endian bytes; on limbs, constant time in b for a given length."""
        lf = self._lfield()
        st = lf.st
        mem = lf.mem
        w = lf.w
        sl = lf.slots
        n = len(b)
        for i in range(lf.nch):
            m = n - i * w
            m = 0 if m < 0 else w if m > w else m
            _fe.load_le(mem, sl["H%d" % i] * st, st, b, i * w if m else 0, m)
        lf.exec(lf.P_RED)
        out = bytearray(self.nsz)
        _fe.store_be(out, self.nsz, mem, sl["X"] * st)
        return bytes(out)

    def sign_s(self, r, k, s):
        """S = r + k s mod L as ``size`` little-endian bytes, for secret r, s (nsz big-endian
        bytes, below L) and public k < L: one field program on limbs."""
        lf = self._lfield()
        st = lf.st
        mem = lf.mem
        sl = lf.slots
        _fe.load_be(mem, sl["RR"] * st, st, self._kb(r), self.nsz)
        _fe.load_be(mem, sl["SS"] * st, st, self._kb(s), self.nsz)
        lf.put("KK", k)
        lf.exec(lf.P_SIGN)
        o = sl["T"] * st
        m = st if st < self.size else self.size
        out = bytearray(self.size)
        out[0:m] = mem[o:o + m]
        return bytes(out)

    def mul_base(self, k):
        """k*B for a secret 0 <= k < L (nsz big-endian bytes, or an int; see the module
        docstring)."""
        tabs = self._comb_table()
        kp = bytearray(self.nsz)
        _fe.odd_scalar(kp, self._kb(k), self.Lbytes, self.nsz, 1)  # k or k + L: odd, same point
        self._identity()
        self.comb(kp, self.nsz, self.TEETH, self.BLOCKS, self.ncol, tabs, self.woff("QY"))
        return self._affine()

    def _btable(self):
        # Affine odd multiples B, 3B, ..., (2^(WB-1) - 1)B, stored (y, x), cached; on limbs,
        # in batches small enough that no buffer passes 4 KB (one inversion per batch).
        if self._btab is None:
            cnt = 1 << (_WB - 2)
            e3 = 3 * self.wd
            per = 4096 // (3 * self.st)  # points per batch
            if per > cnt:
                per = cnt
            proj = bytearray(per * e3 * 4)
            gx, gy = self.G
            self.put_m("X1", gx)
            self.put_m("Y1", gy)
            self.exec(self.P_FROM_AFF)
            self.exec(self.P_DBL)
            self.exec(self.P_TO_ENTRY)  # 2B in PX ..
            self.put_m("X1", gx)
            self.put_m("Y1", gy)
            self.exec(self.P_FROM_AFF)
            x1 = self.woff("X1")
            park = bytearray(self.ACC_SLOTS * self.wd * 4)
            tab = bytearray()
            i = 0
            while i < cnt:
                m = per if cnt - i > per else cnt - i
                for j in range(m):
                    _fe.copy(proj, j * e3, self.mem, x1, e3)
                    self.exec(self.P_ADD)  # (2i + 3)B = (2i + 1)B + 2B
                self._acc(park, 0, False)  # the batch inversion uses the running point's slots
                tab += self.affine_batch(proj, m, self.P_BACK, True)
                self._acc(park, 0, True)
                i += m
            self._btab = tab
        return self._btab

    def _ptable(self, x, y):
        # Extended odd multiples P, 3P, ..., (2^(WP-1) - 1)P as (X, Y, Z, 2d*T), per call.
        cnt = 1 << (_WP - 2)
        ent = self.PSLOTS * self.wd
        tab = bytearray((cnt + 1) * ent * 4)
        px = self.woff("PX")
        self.put_m("X1", x)
        self.put_m("Y1", y)
        self.exec(self.P_FROM_AFF)
        self.exec(self.P_TO_ENTRY)
        _fe.copy(tab, 0, self.mem, px, ent)  # P
        self.exec(self.P_DBL)
        self.exec(self.P_TO_ENTRY)
        _fe.copy(tab, cnt * ent, self.mem, px, ent)  # 2P, kept in PX..PT
        self.put_m("X1", x)  # P1 = P again
        self.put_m("Y1", y)
        self.exec(self.P_FROM_AFF)
        for i in range(1, cnt):
            self.exec(self.P_ADD)  # (2i + 1)P = (2i - 1)P + 2P
            self.exec(self.P_TO_ENTRY)
            _fe.copy(tab, i * ent, self.mem, px, ent)
            _fe.copy(self.mem, px, tab, cnt * ent, ent)  # 2P back into PX..PT
        return tab

    def mul2(self, s, k, P):
        """s*B + k*P for PUBLIC s, k >= 0: interleaved w-NAF, variable time."""
        tb = self._btable()
        tp = self._ptable(P[0], P[1])
        self._identity()
        wd = self.wd
        ps = self.PSLOTS * wd
        mem = self.mem
        qy = self.woff("QY")
        px = self.woff("PX")
        started = False
        sch, cnt = _fe.schedule(s, _WB, k, _WP)
        for e in range(0, 4 * cnt, 4):
            if started:
                self.repeat(self.P_DBL8, sch[e] | (sch[e + 1] << 8))
            d1 = sch[e + 2]
            d1 -= (d1 & 128) << 1
            d2 = sch[e + 3]
            d2 -= (d2 & 128) << 1
            if d1:
                _fe.copy(mem, qy, tb, ((d1 if d1 > 0 else -d1) >> 1) * 2 * wd, 2 * wd)
                if d1 < 0:
                    self.exec(self.P_NEG_Q)
                self.exec(self.P_MADD)
            if d2:
                _fe.copy(mem, px, tp, ((d2 if d2 > 0 else -d2) >> 1) * ps, ps)
                if d2 < 0:
                    self.exec(self.P_NEG_P)
                self.exec(self.P_ADD)
            started = True
        return self._affine()


class _Ed448(_Ed25519):
    _HMAX = 114  # SHAKE256's 114 bytes
    TEETH = 5  # 4 tables of 16 points (8 KB), 23 columns
    BLOCKS = 4
    PSLOTS = 3
    ACC_SLOTS = 3
    ACC_PARTS = (("X1", 3, 0),)
    DBL, MADD, ADD = _DBL448, _MADD448, _ADD448
    FROM_AFF, TO_ENTRY, NEG_P = _FROM_AFFINE448, _TO_ENTRY448, _NEG_Q.replace("QX", "PX")

    def _dconst(self, curve):
        return ("DD", curve.d % curve.p)


def new(curve):
    """A per-curve context on limbs (Edwards25519 or Edwards448)."""
    if curve.size == 32:
        return _Ed25519(curve)
    return _Ed448(curve)
