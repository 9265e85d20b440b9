"""Short-Weierstrass point arithmetic on fixed-size limbs in viper (no allocation per
field operation). Seam primitive "ec_weierstrass"; same surface as ``weierstrass_python``::

    ctx = new(curve)
    ctx.mul(k, x, y)        -> (x, y) or None   k*P, secret k, regular
    ctx.mul_base(k)         -> (x, y) or None   k*G, secret k, regular comb
    ctx.mul2(u1, u2, x, y)  -> (x, y) or None   u1*G + u2*P, public scalars, variable time

Field: the limb engine ``mpcrypto.ec.field.engine`` with the generated kernels
``field/v16_<N>`` (tools/thumb/gen_field.py), N 16-bit limbs, Montgomery form
(R = 2^(16N)). On Cortex-M4/M7/M55/M85 (CPUID checked once, ``engine.accel``) the kernels
hand their multiplications to ``field/thumb_umaal``: Thumb-2 CIOS on 32-bit words with UMAAL
(R = 2^(8 STRIDE)), which runs far fewer instructions per P-256 signature than the viper
multiplication on 16-bit limbs. ``weierstrass_viper64`` is this module on 32-bit limbs
(``field/v32_<N>``) for 64-bit ports. Each kernel runs a *field program*:
4-byte instructions (op, dst, x, y) over slots of one preallocated arena, so one point
operation is one viper call. The programs are written below as text, one field operation per line
(``d = x * y``, ``d = x + y``, ``d = x - y``, ``d = x``, ``d = A * x`` for the curve's a),
and assembled once per curve into bytes; names are slots. ``A * x`` costs one
multiplication for a general a, two additions and a subtraction for a = -3, nothing for 0.

Formulas (the same as the portable backend, see its docstring for the sources):
- secret scalars: the complete projective formulas of Renes-Costello-Batina 2016
  (addition, mixed addition with Z2 = 1, doubling), and for ``mul`` four Jacobian
  doublings per digit (dbl-2001-b for a = -3, dbl-2009-l for a = 0, dbl-2007-bl for any a;
  exception-free here, see weierstrass_python);
- public scalars (``mul2``): Jacobian doubling (runs of up to 8 per call), madd-2007-bl
  for G's cached affine table and add-2007-bl for P's Jacobian table (no inversion per
  verification); the exceptional cases (H = 0) are tested between two halves of each
  addition and handled in Python.

Scalar multiplication: ``mul`` is the portable backend's Joye-Tunstall regular recoding
(4-bit signed odd digits, table P..15P built on limbs); ``mul_base`` a signed Lim-Lee comb
(``_COMB_SMALL`` / ``_COMB_LARGE`` teeth and tables of affine points, built once per curve
with big ints and one batch inversion); ``mul2`` interleaved w-NAF (width ``_WG`` for G,
whose affine table is cached, ``_WP`` for P). Fixed-prime kernels (``engine.FIXED_KERNELS``,
P-256) replace the generic kernel of their size.

Constant time: for ``mul`` and ``mul_base`` every field operation is straight-line machine
code whose instruction sequence does not depend on the values (Montgomery reduction with a
masked final subtraction, masked modular addition and subtraction); the sequence of field
operations is fixed by the curve; table lookups read every entry and keep one by mask, and
negate by mask. Inversion is Fermat's x^(p-2) with fixed 4-bit windows over the public p.
What remains variable: converting the scalar to digits and the final coordinates to ints
uses MicroPython big ints on values the caller already holds. MUL (32x32 -> 32) takes one
cycle on Cortex-M3/M4/M7 whatever its operands, and so does UMAAL on M4/M7 (the M3's
UMULL/UMLAL would stop early on small operands: neither kernel uses them). ``mul2`` is
variable time on purpose.

Heap: the arena (about 45 slots of 2N bytes) and G's tables are allocated when the context
is built or first used; then ``mul_base`` allocates only the digits and the int results,
``mul`` also its table of P (27 slots) and ``mul2`` its table of P (27 slots) and the w-NAF
lists (bench_ecdh / bench_ecdsa report bytes per operation).
"""

from mpcrypto.ec.curves import _bits
from mpcrypto.ec.field import engine as _fe

# Comb of mul_base: (teeth, blocks) by limb count; a table has 2^(teeth - 1) affine points
# and there are ``blocks`` tables: 4 x 32 points (8 KB at 256 bits) up to 16 limbs, then
# 4 x 16 points (8.4 KB at 521 bits). k*G costs ceil(nbits / (teeth * blocks)) doublings and
# blocks * that many mixed additions.
_COMB_SMALL = (6, 4)
_COMB_LARGE = (5, 4)
_WG = 7  # w-NAF width for G in mul2 (2^(_WG - 2) cached affine points; 6 above 16 limbs)
_WP = 5  # w-NAF width for P in mul2

# Every slot name the programs below use, spelled out in code so that each is an interned
# string (a qstr, in flash when frozen): the assembler's tokens then cost no heap
# (``engine.Asm.ops``).
NAMES = ("A", "B3", "D", "E", "INV", "K", "ONE", "PRE", "R2", "RR", "S", "T", "X1", "X2", "Y1",
         "Y2", "Z1", "Z2", "ZERO", "ZI", "ZZ", "at2", "t0", "t1", "t2", "t3", "t4", "t5", "u", "v",
         "w", "z", "=", "ACC", "ONEM", "W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9",
         "W10", "W11", "W12", "W13", "W14", "W15")


def probe():
    # A field kernel for some size, or the Thumb-2 runners that stand in for them.
    return _fe.usable()


# The tail shared by the three RCB formulas: from t0..t5 (see weierstrass_python) to
# (X1, Y1, Z1) = (t3 u - t5 t4', u v + w t4', t5 v + t3 w).
_RCB_TAIL = """
at2 = A * t2
z = A * t4
u = B3 * t2
z = z + u
u = t1 - z
v = t1 + z
w = t0 + t0
w = w + t0
w = w + at2
z = t0 - at2
z = A * z
t4 = B3 * t4
t4 = t4 + z
X1 = t3 * u
z = t5 * t4
X1 = X1 - z
Y1 = u * v
z = w * t4
Y1 = Y1 + z
Z1 = t5 * v
z = t3 * w
Z1 = Z1 + z
"""

# P1 = P1 + P2 (RCB 2016 Algorithm 1, complete); then _RCB_TAIL.
_ADD = """
t0 = X1 * X2
t1 = Y1 * Y2
t2 = Z1 * Z2
t3 = X1 + Y1
t4 = X2 + Y2
t3 = t3 * t4
t4 = t0 + t1
t3 = t3 - t4
t4 = X1 + Z1
t5 = X2 + Z2
t4 = t4 * t5
t5 = t0 + t2
t4 = t4 - t5
t5 = Y1 + Z1
u = Y2 + Z2
t5 = t5 * u
u = t1 + t2
t5 = t5 - u
"""

# P1 = P1 + (X2, Y2, 1) (RCB 2016 Algorithm 2, complete for an affine P2); then _RCB_TAIL.
_MADD = """
t0 = X1 * X2
t1 = Y1 * Y2
t2 = Z1
t3 = X1 + Y1
t4 = X2 + Y2
t3 = t3 * t4
t4 = t0 + t1
t3 = t3 - t4
t4 = X2 * Z1
t4 = t4 + X1
t5 = Y2 * Z1
t5 = t5 + Y1
"""

# P1 = 2 P1 (RCB 2016 Algorithm 3, complete); then _RCB_TAIL.
_DBL = """
t0 = X1 * X1
t1 = Y1 * Y1
t2 = Z1 * Z1
t3 = X1 * Y1
t3 = t3 + t3
t4 = X1 * Z1
t4 = t4 + t4
t5 = Y1 * Z1
t5 = t5 + t5
"""

# Projective (X:Y:Z) <-> Jacobian (XZ, YZ^2, Z) <-> projective (XZ, Y, Z^3).
_TO_JAC = """
u = Z1 * Z1
X1 = X1 * Z1
Y1 = Y1 * u
"""
_FROM_JAC = """
X1 = X1 * Z1
u = Z1 * Z1
Z1 = u * Z1
"""

# Jacobian doubling of P1, a = -3: dbl-2001-b (EFD), Z3 = 2 Y1 Z1.
_JDBL_M3 = """
t0 = Z1 * Z1
t1 = Y1 * Y1
t2 = X1 * t1
u = X1 - t0
v = X1 + t0
u = u * v
t3 = u + u
t3 = t3 + u
Z1 = Y1 * Z1
Z1 = Z1 + Z1
t4 = t2 + t2
t4 = t4 + t4
X1 = t3 * t3
u = t4 + t4
X1 = X1 - u
u = t4 - X1
Y1 = t3 * u
u = t1 * t1
u = u + u
u = u + u
u = u + u
Y1 = Y1 - u
"""

# Jacobian doubling, a = 0: dbl-2009-l (EFD).
_JDBL_0 = """
t0 = X1 * X1
t1 = Y1 * Y1
t2 = t1 * t1
u = X1 + t1
u = u * u
u = u - t0
u = u - t2
t3 = u + u
t4 = t0 + t0
t4 = t4 + t0
t5 = t4 * t4
Z1 = Y1 * Z1
Z1 = Z1 + Z1
X1 = t5 - t3
X1 = X1 - t3
u = t3 - X1
Y1 = t4 * u
u = t2 + t2
u = u + u
u = u + u
Y1 = Y1 - u
"""

# Jacobian doubling, any a: dbl-2007-bl (EFD), Z3 = 2 Y1 Z1.
_JDBL_A = """
t0 = X1 * X1
t1 = Y1 * Y1
t2 = t1 * t1
t3 = Z1 * Z1
u = X1 + t1
u = u * u
u = u - t0
u = u - t2
t4 = u + u
u = t3 * t3
u = A * u
t5 = t0 + t0
t5 = t5 + t0
t5 = t5 + u
Z1 = Y1 * Z1
Z1 = Z1 + Z1
X1 = t5 * t5
u = t4 + t4
X1 = X1 - u
u = t4 - X1
Y1 = t5 * u
u = t2 + t2
u = u + u
u = u + u
Y1 = Y1 - u
"""

# Jacobian P1 + affine (X2, Y2): madd-2007-bl (EFD), in two halves. The first leaves
# H = U2 - X1 in t3 and r = 2 (S2 - Y1) in t4 for the caller to test.
_JMADD_A = """
t0 = Z1 * Z1
t1 = X2 * t0
t2 = Y2 * Z1
t2 = t2 * t0
t3 = t1 - X1
t4 = t2 - Y1
t4 = t4 + t4
"""
_JMADD_B = """
t5 = t3 * t3
u = t5 + t5
u = u + u
v = t3 * u
w = X1 * u
X1 = t4 * t4
X1 = X1 - v
z = w + w
X1 = X1 - z
z = w - X1
z = t4 * z
u = Y1 * v
u = u + u
Y1 = z - u
Z1 = Z1 + t3
Z1 = Z1 * Z1
Z1 = Z1 - t0
Z1 = Z1 - t5
"""

# Jacobian P1 + Jacobian P2: add-2007-bl (EFD), in two halves like madd (H in t3, r in t4).
_JADD_A = """
t0 = Z1 * Z1
t5 = Z2 * Z2
t1 = X1 * t5
t2 = X2 * t0
u = Y1 * Z2
u = u * t5
v = Y2 * Z1
v = v * t0
t3 = t2 - t1
t4 = v - u
t4 = t4 + t4
"""
_JADD_B = """
w = t3 + t3
w = w * w
z = t3 * w
w = t1 * w
X1 = t4 * t4
X1 = X1 - z
t2 = w + w
X1 = X1 - t2
w = w - X1
w = t4 * w
u = u * z
u = u + u
Y1 = w - u
Z1 = Z1 + Z2
Z1 = Z1 * Z1
Z1 = Z1 - t0
Z1 = Z1 - t5
Z1 = Z1 * t3
"""

_NEG2 = """
Y2 = ZERO - Y2
"""

# Mod n, after INV = k^-1 (Montgomery form): ECDSA's s = k^-1 (e + r d) (SEC 1 §4.1.3).
_ECDSA_S = """
D = D * R2
E = E * R2
RR = RR * R2
T = RR * D
T = T + E
S = INV * T
S = S * ONE
"""

# Mod n, after INV = (1 + d)^-1 and D = d (Montgomery form): SM2's s = (1 + d)^-1 (k - r d)
# (GB/T 32918.2 §6.1 A6).
_SM2_S = """
K = K * R2
RR = RR * R2
T = RR * D
T = K - T
S = INV * T
S = S * ONE
"""


class _Curve(_fe.Arena):
    def __init__(self, curve, wide=False):
        p = curve.p
        self.wide = wide
        self.p = p
        self.n = curve.n
        self.nsz = curve.nsize
        self.nbytes = curve.n.to_bytes(curve.nsize, "big")
        self.size = curve.size
        self.G = curve.G
        a = curve.a % p
        akind = -3 if a == p - 3 else 0 if a == 0 else 1
        self.akind = akind
        asm = _fe.Asm(akind)
        tail = asm.ops(_RCB_TAIL)  # assembled once, shared by the three RCB formulas
        self.P_ADD = asm.ops(_ADD) + tail
        self.P_MADD = asm.ops(_MADD) + tail
        self.P_DBL = asm.ops(_DBL) + tail
        jd = _JDBL_M3 if akind == -3 else _JDBL_0 if akind == 0 else _JDBL_A
        self.P_JDBL = asm.ops(jd)
        self.P_JDBL8 = bytes(self.P_JDBL) * 8  # runs of up to 8 doublings in one call
        self.P_JDBL4 = asm.ops(_TO_JAC) + bytes(self.P_JDBL) * 4 + asm.ops(_FROM_JAC)
        self.P_JMADD_A = asm.ops(_JMADD_A)
        self.P_JMADD_B = asm.ops(_JMADD_B)
        self.P_JADD_A = asm.ops(_JADD_A)
        self.P_JADD_B = asm.ops(_JADD_B)
        self.P_NEG2 = asm.ops(_NEG2)
        # Whole additions in one program each (verification's digits): both halves, after
        # P2's negation for a negative digit; _add_digit tests H and r after them (the second
        # halves write neither t3 nor t4).
        self.P_JMADD = self.P_JMADD_A + self.P_JMADD_B
        self.P_JMADD_N = self.P_NEG2 + self.P_JMADD
        self.P_JADD = self.P_JADD_A + self.P_JADD_B
        self.P_JADD_N = self.P_NEG2 + self.P_JADD
        self.P_PRE = asm.ops(_fe.BATCH_PRE)
        self.P_BACK = asm.ops(_fe.BATCH_BACK)
        self.P_BACKJ = asm.ops(_fe.BATCH_BACKJ)
        self.P_INV = _fe.pow_prog(asm, p - 2)
        s = asm.slots
        MUL = _fe.MUL
        self.P_AFF = bytes((MUL, s["X1"], s["X1"], s["INV"], MUL, s["Y1"], s["Y1"], s["INV"]))
        self.P_JAFF = bytes((MUL, s["Z1"], s["INV"], s["INV"], MUL, s["X1"], s["X1"], s["Z1"],
                             MUL, s["Z1"], s["Z1"], s["INV"], MUL, s["Y1"], s["Y1"], s["Z1"]))
        # Conversions of a coordinate slot into / out of Montgomery form.
        self._tom = {}
        self._fromm = {}
        for name in ("X1", "Y1", "Z1", "X2", "Y2", "INV"):
            i = s[name]
            self._tom[name] = bytes((MUL, i, i, s["R2"]))
            self._fromm[name] = bytes((MUL, i, i, s["ONE"]))
        R = self.bind(_fe.kernel_for(curve, wide), s, p)
        self._R = R % p  # Montgomery form is v R mod p
        self.put("A", a * R % p)
        self.put("B3", 3 * curve.b * R % p)
        self.nwin = (curve.nbits + 3) // 4  # k*P's signed 4-bit digits (weierstrass_python's)
        self.teeth, self.blocks = _COMB_SMALL if self.N <= 16 else _COMB_LARGE
        tb = self.teeth * self.blocks
        self.ncol = (curve.nbits + tb - 1) // tb
        # w-NAF width for G in mul2: _WG unless its Jacobian table (2^(w-2) + 1 points of 3
        # slots) would need a block above 4 KB (P-384 and larger).
        self.wg = _WG if ((1 << (_WG - 2)) + 1) * 3 * self.st <= 4096 else _WG - 1
        self._comb = None
        self._gtab = None
        self._nocomb = False  # no room for the comb tables: mul_base without them
        self._nf = None

    # -- scalars mod n, on limbs (secret scalars as nsize big-endian bytes) --

    def _kb(self, k):
        # A scalar as nsize big-endian bytes. Key objects pass bytes; an int (tests, the
        # known-answer paths) is converted here, outside anything that claims constant time.
        return k.to_bytes(self.nsz, "big") if isinstance(k, int) else k

    def _nfield(self):
        # The arena mod n (built on first use) and its programs: k^-1 and ECDSA's and SM2's s,
        # each a prologue, the power (Fermat's x^(n-2) with fixed 4-bit windows over the
        # public n - 2) and an epilogue, run in turn (not joined: no copies of the power).
        nf = self._nf
        if nf is None:
            q = self.n
            asm = _fe.Asm(1)
            nf = _fe.Arena()
            nf.P_POW = _fe.pow_prog(asm, q - 2)
            nf.P_KINV = (asm.ops("INV = INV * R2"), asm.ops("INV = INV * ONE"))
            nf.P_ECDSA = (asm.ops("INV = K * R2"), asm.ops(_ECDSA_S))
            nf.P_SM2 = (asm.ops("D = D * R2\nINV = D + ONEM"), asm.ops(_SM2_S))
            nf.bind(_fe.kernel(_bits(q), self.wide), asm.slots, q)
            self._nf = nf
        return nf

    def _nrun(self, nf, prog):
        nf.exec(prog[0])
        nf.exec(nf.P_POW)
        nf.exec(prog[1])

    def _nload(self, nf, name, kb):
        _fe.load_be(nf.mem, nf.slots[name] * nf.st, nf.st, kb, self.nsz)

    def inv_n(self, k):
        """k^-1 mod n for k in [1, n-1] on limbs (constant time in k; verification uses it
        for the public s, which keeps a big-int extended Euclid off the heap)."""
        nf = self._nfield()
        self._nload(nf, "INV", self._kb(k))
        self._nrun(nf, nf.P_KINV)
        return nf.get("INV")

    def _nstore(self, nf, name):
        out = bytearray(self.nsz)
        _fe.store_be(out, self.nsz, nf.mem, nf.slots[name] * nf.st)
        return bytes(out)

    def ecdsa_s(self, k, d, e, r):
        """ECDSA's s = k^-1 (e + r d) mod n (SEC 1 §4.1.3 step 6) for secret k, d (nsize
        big-endian bytes, or ints) and public e, r in [0, n): one field program on limbs,
        constant time in k and d. Returns s as nsize big-endian bytes."""
        nf = self._nfield()
        self._nload(nf, "K", self._kb(k))
        self._nload(nf, "D", self._kb(d))
        nf.put("E", e)
        nf.put("RR", r)
        self._nrun(nf, nf.P_ECDSA)
        return self._nstore(nf, "S")

    def sm2_s(self, k, d, r):
        """SM2's s = (1 + d)^-1 (k - r d) mod n (GB/T 32918.2 §6.1 A6), as ``ecdsa_s``."""
        nf = self._nfield()
        self._nload(nf, "K", self._kb(k))
        self._nload(nf, "D", self._kb(d))
        nf.put("RR", r)
        self._nrun(nf, nf.P_SM2)
        return self._nstore(nf, "S")

    def _load_affine(self, x, y):
        self.put_m("X1", x)
        self.put_m("Y1", y)
        self.copy_slot("Z1", "ONEM")

    def _affine1(self):
        # (X1:Y1:Z1) projective -> (x, y) ints, or None for Z1 = 0. Fermat inversion.
        if _fe.is_zero(self.mem, self.woff("Z1"), self.N):
            return None
        self.copy_slot("INV", "Z1")
        self.exec(self.P_INV)
        self.exec(self.P_AFF)
        return self.get_m("X1"), self.get_m("Y1")

    def _affine_x(self):
        # The x coordinate of (X1:Y1:Z1) as size big-endian bytes (no int is made of it: an
        # ECDH secret), or None for Z1 = 0.
        if _fe.is_zero(self.mem, self.woff("Z1"), self.N):
            return None
        self.copy_slot("INV", "Z1")
        self.exec(self.P_INV)
        self.exec(self.P_AFF)
        self.exec(self._fromm["X1"])
        out = bytearray(self.size)
        _fe.store_be(out, self.size, self.mem, self.slots["X1"] * self.st)
        return bytes(out)

    def _save(self, first, count, buf, off):
        # Copy ``count`` consecutive slots from slot ``first`` into buf at word offset off.
        _fe.copy(buf, off, self.mem, self.woff(first), count * self.wd)

    def _load(self, first, count, buf, off):
        _fe.copy(self.mem, self.woff(first), buf, off, count * self.wd)

    # -- secret scalars --

    def mul(self, k, x, y):
        """k*(x, y) for a secret k (0 <= k <= n, nsize big-endian bytes or an int): signed odd
        4-bit windows (regular recoding), complete formulas, masked lookup. Same operation
        sequence for every k."""
        self._mul(k, x, y)
        return self._affine1()

    def ecdh(self, k, x, y):
        """The x coordinate of k*(x, y) as size big-endian bytes (the ECDH shared secret),
        or None at infinity; as ``mul``, and the result is never a Python int."""
        self._mul(k, x, y)
        return self._affine_x()

    def _mul(self, k, x, y):
        kp = bytearray(self.nsz)
        neg = _fe.odd_scalar(kp, self._kb(k), self.nbytes, self.nsz, 0)
        n = self.N
        ent = 3 * self.wd
        tab = bytearray(9 * ent * 4)  # P, 3P, ..., 15P, then 2P (projective, Montgomery)
        self._load_affine(x, y)
        self._save("X1", 3, tab, 0)
        self.exec(self.P_DBL)
        self._save("X1", 3, tab, 8 * ent)  # 2P, parked after the table
        self._load("X2", 3, tab, 8 * ent)
        self._load("X1", 3, tab, 0)
        for i in range(1, 8):
            self.exec(self.P_ADD)  # (2i + 1)P = (2i - 1)P + 2P
            self._save("X1", 3, tab, i * ent)
        digits = bytearray(self.nwin)  # signed digits as bytes (_fe.recode4)
        _fe.recode4(digits, kp, self.nsz, self.nwin)
        self._load("X1", 3, tab, 0)  # the top digit is 1
        x2 = self.woff("X2")
        yoff = self.wd
        mem = self.mem
        dbl = self.P_JDBL4
        add = self.P_ADD
        run = self.run
        minv = self.minv
        mm = self.mm
        actx = self.actx
        ndbl = len(dbl) >> 2
        nadd = len(add) >> 2
        for i in range(self.nwin - 1, -1, -1):
            run(0, 0, 0, dbl, ndbl, mem, minv, mm, actx)
            d = digits[i]
            d -= (d & 128) << 1  # the signed digit
            sg = d >> 8  # -1 when d < 0
            _fe.select(0, 0, 0, mem, x2, tab, 8, ent, ((d ^ sg) - sg) >> 1, yoff, n, sg & 1)
            run(0, 0, 0, add, nadd, mem, minv, mm, actx)
        _fe.cneg(mem, self.woff("Y1"), n, neg)

    def _comb_table(self):
        # Signed Lim-Lee comb tables (T teeth, B blocks, d = ncol columns): block b's entry j
        # is  2^((T b + T-1) d) G + sum_{t < T-1} (+1 if bit t of j else -1) 2^((T b + t) d) G,
        # affine, as limbs in Montgomery form. Built once per curve on limbs (no big-int
        # garbage, no block above a few KB): the teeth by doubling, entry 0 as the top tooth
        # minus the others, then the entries in Gray-code order, each one addition of
        # +-2 * tooth away from the previous (complete formulas: no special case), and one
        # batch inversion per block.
        if self._comb is not None:
            return self._comb
        T = self.teeth
        d = self.ncol
        nent = 1 << (T - 1)
        e3 = 3 * self.wd  # words of a projective point
        teeth = bytearray(T * e3 * 4)  # this block's teeth
        twice = bytearray((T - 1) * e3 * 4)  # 2 * tooth t, t < T - 1
        park = bytearray(e3 * 4)
        proj = bytearray(nent * e3 * 4)  # one block's entries, projective (reused)
        pre = bytearray(nent * self.wd * 4)  # the batch inversion's products (reused)
        gx, gy = self.G
        self._load_affine(gx, gy)
        tabs = []
        for _ in range(self.blocks):
            for t in range(T):
                self._save("X1", 3, teeth, t * e3)
                for _ in range(d):
                    self.exec(self.P_DBL)
            self._save("X1", 3, park, 0)  # the next block's first tooth
            for t in range(T - 1):
                self._load("X1", 3, teeth, t * e3)
                self.exec(self.P_DBL)
                self._save("X1", 3, twice, t * e3)
            self._load("X1", 3, teeth, (T - 1) * e3)
            for t in range(T - 1):
                self._load("X2", 3, teeth, t * e3)
                self.exec(self.P_NEG2)
                self.exec(self.P_ADD)
            self._save("X1", 3, proj, 0)
            for g, t in _fe.gray_steps(nent):
                self._load("X2", 3, twice, t * e3)
                if not (g >> t) & 1:  # the tooth's sign goes from +1 to -1
                    self.exec(self.P_NEG2)
                self.exec(self.P_ADD)
                self._save("X1", 3, proj, g * e3)
            tabs.append(self.affine_batch(proj, nent, self.P_BACK, False, pre))
            self._load("X1", 3, park, 0)
        self._comb = tabs
        return tabs

    def mul_base(self, k):
        """k*G for a secret k (0 <= k <= n, nsize big-endian bytes or an int): signed comb,
        ncol doublings and blocks*ncol mixed additions of nonzero table points, whatever k
        is. k is made odd (k or n - k) and turned into the comb's bits on bytes."""
        self._mul_base(k)
        return self._affine1()

    # Set by the seam when it caches this context (_backend.context): reclaim(keep) drops
    # every other cached context and collects the heap.
    reclaim = None

    def _reclaim(self):
        if self.reclaim is not None:
            self.reclaim(self)
        else:
            import gc

            gc.collect()

    def _comb_or_none(self):
        # The comb tables, or None when the heap has no room for them even after the seam's
        # other cached contexts are dropped (a 96 KB heap fragmented by a program's own
        # objects: secp521r1's tables are tens of KB in 2 KB blocks); this context then stays
        # table-free and mul_base takes the window method on G (constant time as well,
        # slower).
        if self._comb is None and not self._nocomb:
            try:
                return self._comb_table()
            except MemoryError:
                pass
            self._reclaim()
            try:
                return self._comb_table()
            except MemoryError:
                self._nocomb = True
                self._reclaim()
        return self._comb

    def _mul_base(self, k):
        # k*G into (X1:Y1:Z1): everything of mul_base that sees k (the conversion of the
        # public result to ints is not part of it).
        tabs = self._comb_or_none()
        if tabs is None:
            gx, gy = self.G
            self._mul(k, gx, gy)
            return
        kp = bytearray(self.nsz)
        neg = _fe.odd_scalar(kp, self._kb(k), self.nbytes, self.nsz, 0)
        self.copy_slot("X1", "ZERO")
        self.copy_slot("Y1", "ONEM")
        self.copy_slot("Z1", "ZERO")
        self.comb(kp, self.nsz, self.teeth, self.blocks, self.ncol, tabs, self.woff("X2"))
        _fe.cneg(self.mem, self.woff("Y1"), self.N, neg)

    # -- public scalars --

    def _odd_affine_tab(self, x, y, w):
        # Affine odd multiples P, 3P, ..., (2^(w-1) - 1)P as limbs (Montgomery): the
        # Jacobian table, then one batch inversion. Entries: X, Y (2 slots). For G (cached).
        return self.affine_batch(self._odd_jac_tab(x, y, w), 1 << (w - 2), self.P_BACKJ)

    def _odd_jac_tab(self, x, y, w):
        # Jacobian odd multiples P, 3P, ..., (2^(w-1) - 1)P on limbs (no inversion: the
        # additions of these entries use add-2007-bl). Entries: X, Y, Z (3 slots), then 2P.
        cnt = 1 << (w - 2)
        ent = 3 * self.wd
        tab = bytearray((cnt + 1) * ent * 4)
        self._load_affine(x, y)
        self._save("X1", 3, tab, 0)
        self.exec(self.P_JDBL)
        self._save("X1", 3, tab, cnt * ent)
        self._load("X2", 3, tab, cnt * ent)
        self._load("X1", 3, tab, 0)
        for i in range(1, cnt):
            self._jadd(self.P_JADD_A, self.P_JADD_B)  # (2i + 1)P = (2i - 1)P + 2P
            self._save("X1", 3, tab, i * ent)
        return tab

    def _jadd(self, pa, pb):
        # P1 += P2 (both Jacobian, P1 not the identity; P2 affine for the madd programs)
        # with the exceptional cases of H = 0 resolved here; returns True when the sum is
        # the identity. Variable time (public data).
        mem = self.mem
        n = self.N
        self.exec(pa)
        if _fe.is_zero(mem, self.woff("t3"), n):  # H = 0: P1 = +-P2
            if _fe.is_zero(mem, self.woff("t4"), n):
                self.exec(self.P_JDBL)  # P1 == P2
                return False
            return True  # P1 == -P2
        self.exec(pb)
        return False

    def _jadd_digit(self, d, tab, inf, nsl):
        # P1 (Jacobian; the identity when inf) += d * P for an odd digit d, from a table of
        # odd multiples with nsl slots per entry (2: affine, added with madd; 3: Jacobian,
        # added with add-2007-bl); returns the new inf. One program per addition (negation
        # included); the exceptional cases, told by H = 0 after it, are redone: P1 = P2 is
        # doubled from P2, P1 = -P2 gives the identity. Variable time (public data).
        mem = self.mem
        x2 = self.woff("X2")
        wd = self.wd
        _fe.copy(mem, x2, tab, ((d if d > 0 else -d) >> 1) * nsl * wd, nsl * wd)
        if inf:
            if d < 0:
                self.exec(self.P_NEG2)
            self._p2_to_p1(x2, nsl)
            return False
        if nsl == 2:
            self.exec(self.P_JMADD_N if d < 0 else self.P_JMADD)
        else:
            self.exec(self.P_JADD_N if d < 0 else self.P_JADD)
        n = self.N
        if _fe.is_zero(mem, self.woff("t3"), n):  # H = 0: P1 = +-P2
            if _fe.is_zero(mem, self.woff("t4"), n):
                self._p2_to_p1(x2, nsl)
                self.exec(self.P_JDBL)  # P1 == P2
                return False
            return True  # P1 == -P2
        return False

    def _p2_to_p1(self, x2, nsl):
        _fe.copy(self.mem, self.woff("X1"), self.mem, x2, nsl * self.wd)
        if nsl == 2:
            self.copy_slot("Z1", "ONEM")

    def mul2(self, u1, u2, x, y):
        """u1*G + u2*(x, y) for PUBLIC u1, u2 (ECDSA verification): variable time."""
        if not self._mul2_jac(u1, u2, x, y):
            return None
        # Jacobian -> affine: x = X/Z^2, y = Y/Z^3.
        self.copy_slot("INV", "Z1")
        self.exec(self.P_INV)
        self.exec(self.P_JAFF)
        return self.get_m("X1"), self.get_m("Y1")

    def mul2_check(self, u1, u2, x, y, r):
        """Whether u1*G + u2*(x, y) has an x-coordinate that is r mod n (SEC 1 §4.1.4 step
        7), without its affine form: x = X/Z^2 is c in {r, r + n, ...} below p exactly when
        X = c Z^2 (mod p), and with X and Z held as X R, Z R (Montgomery form) that is
        (X R) R = c (Z R)^2. Saves the inversion of Z. PUBLIC data, variable time."""
        if not self._mul2_jac(u1, u2, x, y):
            return False  # the point at infinity has no x-coordinate
        p = self.p
        lhs = self.get("X1") * self._R % p
        zm = self.get("Z1")
        z2 = zm * zm % p
        c = r
        while c < p:
            if c * z2 % p == lhs:
                return True
            c += self.n
        return False

    def _mul2_jac(self, u1, u2, x, y):
        # u1*G + u2*(x, y) into (X1 : Y1 : Z1), Jacobian, Montgomery form; False for the
        # point at infinity.
        wg = self.wg
        if self._gtab is None:
            gx, gy = self.G
            self._gtab = self._odd_affine_tab(gx, gy, wg)
        tg = self._gtab
        tp = self._odd_jac_tab(x, y, _WP)
        inf = True
        dbl8 = self.P_JDBL8
        n1 = len(dbl8) >> 5
        sch, cnt = _fe.schedule(u1, wg, u2, _WP)
        for e in range(0, 4 * cnt, 4):
            if not inf:
                gap = sch[e] | (sch[e + 1] << 8)
                if gap <= 8:
                    self.exec(dbl8, gap * n1)
                else:
                    self.repeat(dbl8, gap)
            d = sch[e + 2]
            if d:
                inf = self._jadd_digit(d - ((d & 128) << 1), tg, inf, 2)
            d = sch[e + 3]
            if d:
                inf = self._jadd_digit(d - ((d & 128) << 1), tp, inf, 3)
        return not inf


def new(curve):
    """A per-curve arithmetic context (see the module docstring for its surface)."""
    return _Curve(curve)
