"""Short-Weierstrass point arithmetic on fixed-size limbs in viper (no allocation per
field operation). Seam primitive "ec_weierstrass"; same surface as ``weierstrass_python``::

    ctx = new(curve)
    ctx.mul(k, x, y)        -> (x, y) or None   k*P, secret k, regular
    ctx.mul_base(k)         -> (x, y) or None   k*G, secret k, regular comb
    ctx.mul2(u1, u2, x, y)  -> (x, y) or None   u1*G + u2*P, public scalars, variable time

Field: the generated kernels ``field_viper_<N>`` (tools/gen_field_viper.py), N 16-bit limbs,
Montgomery form (R = 2^(16N)). Each kernel runs a *field program*: 4-byte instructions
(op, dst, x, y) over slots of one preallocated arena, so one point operation is one viper
call. The programs are written below as text, one field operation per line
(``d = x * y``, ``d = x + y``, ``d = x - y``, ``d = x``, ``d = A * x`` for the curve's a),
and assembled once per curve into bytes; names are slots. ``A * x`` costs one
multiplication for a general a, two additions and a subtraction for a = -3, nothing for 0.

Formulas (the same as the portable backend, see its docstring for the sources):
- secret scalars: the complete projective formulas of Renes-Costello-Batina 2016
  (addition, mixed addition with Z2 = 1, doubling), and for ``mul`` four Jacobian
  doublings per digit (dbl-2001-b for a = -3, dbl-2009-l for a = 0, dbl-2007-bl for any a;
  exception-free here, see weierstrass_python);
- public scalars (``mul2``): Jacobian doubling and madd-2007-bl, whose exceptional cases
  (H = 0) are tested between two halves of the addition and handled in Python.

Scalar multiplication: ``mul`` is the portable backend's Joye-Tunstall regular recoding
(4-bit signed odd digits); ``mul_base`` a signed Lim-Lee comb with ``_TEETH`` teeth and
``_BLOCKS`` tables of affine points; ``mul2`` interleaved w-NAF (width ``_WG`` for G, whose
table is cached, ``_WP`` for P). Tables are built once with the portable backend's big-int
code (public data) and kept as limbs.

Constant time: for ``mul`` and ``mul_base`` every field operation is straight-line machine
code whose instruction sequence does not depend on the values (Montgomery reduction with a
masked final subtraction, masked modular addition and subtraction); the sequence of field
operations is fixed by the curve; table lookups read every entry and keep one by mask, and
negate by mask. Inversion is Fermat's x^(p-2) with fixed 4-bit windows over the public p.
What remains variable: converting the scalar to digits and the final coordinates to ints
uses MicroPython big ints on values the caller already holds; the time of a 16x16-bit
multiply is constant on Cortex-M3/M4/M7. ``mul2`` is variable time on purpose.

Heap: the arena (about 40 slots of 2N bytes) and the tables are allocated when the context
is built; a scalar multiplication then allocates only the digits and the int results.
"""

import micropython

from mpcrypto.ec import weierstrass_python as _wp
from mpcrypto.ec.curves import _bits

_TEETH = 4  # comb teeth per table (entries per table: 2^(_TEETH - 1))
_BLOCKS = 2  # comb tables
_WG = 7  # w-NAF width for G in mul2 (2^(_WG - 2) cached affine points)
_WP = 5  # w-NAF width for P in mul2


def probe():
    return True


_SIZES = (10, 12, 14, 16, 20, 24, 32, 33)  # limb counts of the generated kernels


def _kernel(bits):
    # (N, run) of the smallest kernel whose N 16-bit limbs hold a modulus of ``bits`` bits.
    # Any larger N is also correct (R = 2^(16N) only has to exceed the modulus), so a
    # firmware may leave sizes out.
    for n in _SIZES:
        if 16 * n >= bits:
            try:
                return n, __import__("mpcrypto.ec.field_viper_%d" % n, None, None, ("run",)).run
            except ImportError:
                pass
    raise ImportError("no field kernel for %d bits" % bits)


# -- field programs (text: one operation per line; see the module docstring) -------------

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

# P1 = P1 + P2 (RCB 2016 Algorithm 1, complete).
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
""" + _RCB_TAIL

# P1 = P1 + (X2, Y2, 1) (RCB 2016 Algorithm 2, complete for an affine P2).
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
""" + _RCB_TAIL

# P1 = 2 P1 (RCB 2016 Algorithm 3, complete).
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
""" + _RCB_TAIL

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

_NEG2 = """
Y2 = ZERO - Y2
"""

# Fixed slots: 0 p, 1-2 kernel scratch, then constants and the two points.
_FIXED = ("p", "_s1", "_s2", "ZERO", "ONE", "ONEM", "R2", "A", "B3", "X1", "Y1", "Z1",
          "X2", "Y2", "Z2", "INV")
_MUL, _ADDOP, _SUB, _COPY = 0, 1, 2, 3


class _Asm:
    # Assembles program text into bytes; allocates a slot per new name.
    def __init__(self, akind):
        self.akind = akind  # -3, 0 or 1 (general a)
        self.slots = {}
        for name in _FIXED:
            self.slot(name)

    def slot(self, name):
        s = self.slots.get(name)
        if s is None:
            s = len(self.slots)
            self.slots[name] = s
        return s

    def ops(self, text):
        out = []
        for line in text.split("\n"):
            line = line.strip()
            if not line:
                continue
            d, e = line.split(" = ")
            f = e.split(" ")
            if len(f) == 1:
                out.append((_COPY, d, f[0], f[0]))
            elif f[0] == "A":
                x = f[2]
                if self.akind == 0:
                    out.append((_COPY, d, "ZERO", "ZERO"))
                elif self.akind == -3:
                    out.append((_ADDOP, "_a", x, x))
                    out.append((_ADDOP, "_a", "_a", x))
                    out.append((_SUB, d, "ZERO", "_a"))
                else:
                    out.append((_MUL, d, x, "A"))
            else:
                out.append(({"*": _MUL, "+": _ADDOP, "-": _SUB}[f[1]], d, f[0], f[2]))
        b = bytearray()
        for op, d, x, y in out:
            b.append(op)
            b.append(self.slot(d))
            b.append(self.slot(x))
            b.append(self.slot(y))
        return bytes(b)


def _pow_prog(asm, e):
    # dst INV = INV^e with fixed 4-bit windows over the public exponent e (most significant
    # first): slots W1..W15 hold INV^1..INV^15. Returns the program bytes.
    lines = ["W1 = INV", "W2 = INV * INV"]
    for i in range(3, 16):
        lines.append("W%d = W%d * W1" % (i, i - 1))
    nd = (_bits(e) + 3) // 4
    top = (e >> (4 * (nd - 1))) & 15
    lines.append("INV = W%d" % top)
    for i in range(nd - 2, -1, -1):
        for _ in range(4):
            lines.append("INV = INV * INV")
        dig = (e >> (4 * i)) & 15
        if dig:
            lines.append("INV = INV * W%d" % dig)
    return asm.ops("\n".join(lines))


# -- viper helpers (tables, tests) ---------------------------------------------------------

@micropython.viper
def _select(mem: ptr16, off: int, tab: ptr16, nent: int, ent: int, idx: int, yoff: int,
            n: int, neg: int):
    # mem[off : off + ent] = entry idx of tab (ent halfwords per entry), reading every entry
    # and keeping one by mask; then Y (at off + yoff, n limbs) becomes p - Y if neg == 1
    # (p = mem[0:n]; Y != 0), also by mask.
    d = ptr16(int(mem) + 2 * off)
    k = 0
    while k < ent:
        d[k] = 0
        k += 1
    j = 0
    while j < nent:
        m = (uint(idx ^ j) - uint(1)) >> 16  # all ones when j == idx, else 0
        e = ptr16(int(tab) + 2 * j * ent)
        k = 0
        while k < ent:
            d[k] = uint(d[k]) | (uint(e[k]) & m)
            k += 1
        j += 1
    y = ptr16(int(d) + 2 * yoff)
    m = (uint(0) - uint(neg)) & uint(0xFFFF)
    c = m ^ uint(0xFFFF)
    s = uint(0)
    k = 0
    while k < n:
        s = uint(mem[k]) - uint(y[k]) - ((s >> 16) & 1)
        y[k] = (uint(y[k]) & c) | (s & m)
        k += 1


@micropython.viper
def _cneg(mem: ptr16, off: int, n: int, neg: int):
    # mem[off : off + n] = p - it when neg == 1, by mask (p = mem[0:n]; the value != 0).
    y = ptr16(int(mem) + 2 * off)
    m = (uint(0) - uint(neg)) & uint(0xFFFF)
    c = m ^ uint(0xFFFF)
    s = uint(0)
    k = 0
    while k < n:
        s = uint(mem[k]) - uint(y[k]) - ((s >> 16) & 1)
        y[k] = (uint(y[k]) & c) | (s & m)
        k += 1


@micropython.viper
def _copy(dst: ptr16, doff: int, src: ptr16, soff: int, cnt: int):
    d = ptr16(int(dst) + 2 * doff)
    s = ptr16(int(src) + 2 * soff)
    k = 0
    while k < cnt:
        d[k] = s[k]
        k += 1


@micropython.viper
def _is_zero(mem: ptr16, off: int, n: int) -> int:
    d = ptr16(int(mem) + 2 * off)
    acc = 0
    k = 0
    while k < n:
        acc |= d[k]
        k += 1
    return 1 if acc == 0 else 0


# -- the per-curve context ------------------------------------------------------------------

def _wnaf(k, w, nbits):
    # Width-w NAF digits of 0 <= k < 2^nbits, least significant first, from the bytes of k
    # with small ints (digits odd in (-2^(w-1), 2^(w-1)), or 0).
    nb = (nbits + 7) // 8
    kb = k.to_bytes(nb + 3, "little")
    full = 1 << w
    mask = full - 1
    half = full >> 1
    out = [0] * (nbits + 1)
    i = 0
    carry = 0
    while i <= nbits:
        j = i >> 3
        v = (((kb[j] | (kb[j + 1] << 8) | (kb[j + 2] << 16)) >> (i & 7)) + carry) & mask
        if v & 1 == 0:  # bit i plus the carry is even: digit 0
            carry = (((kb[j] >> (i & 7)) & 1) + carry) >> 1
            i += 1
            continue
        if v >= half:
            out[i] = v - full
            carry = 1
        else:
            out[i] = v
            carry = 0
        i += w
    return out


class _Curve:
    def __init__(self, curve):
        p = curve.p
        n, self.run = _kernel(_bits(p))
        self.N = n
        self.st = st = 2 * n
        self.p = p
        self.n = curve.n
        self.nbits = curve.nbits
        self.G = curve.G
        self._py = _wp.new(curve)
        inv = 1
        for _ in range(5):
            inv = inv * (2 - p * inv) & 0xFFFF
        self.minv = (-inv) & 0xFFFF
        R = 1 << (16 * n)
        a = curve.a % p
        akind = -3 if a == p - 3 else 0 if a == 0 else 1
        self.akind = akind
        asm = _Asm(akind)
        self.P_ADD = asm.ops(_ADD)
        self.P_MADD = asm.ops(_MADD)
        self.P_DBL = asm.ops(_DBL)
        jd = _JDBL_M3 if akind == -3 else _JDBL_0 if akind == 0 else _JDBL_A
        self.P_JDBL = asm.ops(jd)
        self.P_JDBL4 = asm.ops(_TO_JAC + jd * 4 + _FROM_JAC)
        self.P_JMADD_A = asm.ops(_JMADD_A)
        self.P_JMADD_B = asm.ops(_JMADD_B)
        self.P_NEG2 = asm.ops(_NEG2)
        self.P_INV = _pow_prog(asm, p - 2)
        s = asm.slots
        self.P_AFF = bytes((_MUL, s["X1"], s["X1"], s["INV"], _MUL, s["Y1"], s["Y1"], s["INV"]))
        self.P_JAFF = bytes((_MUL, s["Z1"], s["INV"], s["INV"], _MUL, s["X1"], s["X1"], s["Z1"],
                             _MUL, s["Z1"], s["Z1"], s["INV"], _MUL, s["Y1"], s["Y1"], s["Z1"]))
        self.slots = s
        # Conversions of a coordinate slot into / out of Montgomery form.
        self._tom = {}
        self._fromm = {}
        for name in ("X1", "Y1", "Z1", "X2", "Y2", "INV"):
            i = s[name]
            self._tom[name] = bytes((_MUL, i, i, s["R2"]))
            self._fromm[name] = bytes((_MUL, i, i, s["ONE"]))
        self.mem = bytearray(st * len(s))
        self._put("p", p)
        self._put("ONE", 1)
        self._put("ONEM", R % p)
        self._put("R2", R * R % p)
        self._put("A", a * R % p)
        self._put("B3", 3 * curve.b * R % p)
        self.nwin = self._py.nwin
        d = (curve.nbits + _TEETH * _BLOCKS - 1) // (_TEETH * _BLOCKS)
        self.ncol = d
        self._comb = None
        self._gtab = None
        self._nf = None

    def inv_n(self, k):
        """k^-1 mod n for a secret k in [1, n-1]: Fermat's k^(n-2) with fixed 4-bit windows
        over the public n - 2, in Montgomery form on limbs (the same kernels as the field,
        so constant time in k). Lets ECDSA sign without blinding a big-int Euclid."""
        nf = self._nf
        if nf is None:
            q = self.n
            m, run = _kernel(_bits(q))
            inv = 1
            for _ in range(5):
                inv = inv * (2 - q * inv) & 0xFFFF
            asm = _Asm(1)
            prog = _pow_prog(asm, q - 2)
            sl = asm.slots
            st = 2 * m
            mem = bytearray(st * len(sl))
            R = 1 << (16 * m)
            for name, v in (("p", q), ("ONE", 1), ("R2", R * R % q)):
                mem[sl[name] * st:(sl[name] + 1) * st] = v.to_bytes(st, "little")
            i = sl["INV"]
            nf = self._nf = (run, mem, (-inv) & 0xFFFF, st, i,
                             bytes((_MUL, i, i, sl["R2"])) + prog + bytes((_MUL, i, i, sl["ONE"])))
        run, mem, minv, st, i, prog = nf
        o = i * st
        mem[o:o + st] = k.to_bytes(st, "little")
        run(0, 0, 0, prog, len(prog) >> 2, mem, minv)
        return int.from_bytes(mem[o:o + st], "little")

    # -- slot access and program execution --

    def _exec(self, prog, nops=None):
        self.run(0, 0, 0, prog, len(prog) >> 2 if nops is None else nops, self.mem, self.minv)

    def _put(self, name, v):
        o = self.slots[name] * self.st
        self.mem[o:o + self.st] = v.to_bytes(self.st, "little")

    def _get(self, name):
        o = self.slots[name] * self.st
        return int.from_bytes(self.mem[o:o + self.st], "little")

    def _put_m(self, name, v):
        # Store v (an int in [0, p)) in Montgomery form.
        self._put(name, v)
        self._exec(self._tom[name])

    def _get_m(self, name):
        self._exec(self._fromm[name])
        return self._get(name)

    def _load_affine(self, x, y):
        self._put_m("X1", x)
        self._put_m("Y1", y)
        self._copy_slot("Z1", "ONEM")

    def _copy_slot(self, dst, src):
        s = self.slots
        n = self.N
        _copy(self.mem, s[dst] * n, self.mem, s[src] * n, n)

    def _affine1(self):
        # (X1:Y1:Z1) projective -> (x, y) ints, or None for Z1 = 0. Fermat inversion.
        if _is_zero(self.mem, self.slots["Z1"] * self.N, self.N):
            return None
        self._copy_slot("INV", "Z1")
        self._exec(self.P_INV)
        self._exec(self.P_AFF)
        return self._get_m("X1"), self._get_m("Y1")

    def _save(self, names, buf, off):
        # Copy slots (in order) into buf at halfword offset off.
        n = self.N
        for i, name in enumerate(names):
            _copy(buf, off + i * n, self.mem, self.slots[name] * n, n)

    def _neg1(self, neg):
        # Y1 = p - Y1 when neg (0/1), by mask (Y1 != 0 for every point here).
        _cneg(self.mem, self.slots["Y1"] * self.N, self.N, neg)

    # -- secret scalars --

    def mul(self, k, x, y):
        """k*(x, y) for a secret k (0 <= k <= n): signed odd 4-bit windows (regular
        recoding), complete formulas, masked lookup. Same operation sequence for every k."""
        py = self._py
        k, neg = py._odd(k)
        n = self.N
        ent = 3 * n
        tab = bytearray(18 * ent)  # P, 3P, ..., 15P, then 2P (projective, Montgomery form)
        # 2P into slot set 2, then P1 = P1 + P2 seven times, saving each odd multiple.
        self._load_affine(x, y)
        self._save(("X1", "Y1", "Z1"), tab, 0)
        _copy(self.mem, self.slots["X2"] * n, tab, 0, ent)
        self._exec(self.P_DBL)
        self._save(("X1", "Y1", "Z1"), tab, 8 * ent)  # 2P, parked in the spare half
        _copy(self.mem, self.slots["X2"] * n, tab, 8 * ent, ent)
        _copy(self.mem, self.slots["X1"] * n, tab, 0, ent)
        for i in range(1, 8):
            self._exec(self.P_ADD)
            self._save(("X1", "Y1", "Z1"), tab, i * ent)
        digits = py._recode(k)
        _copy(self.mem, self.slots["X1"] * n, tab, 0, ent)  # top digit is 1
        x2 = self.slots["X2"] * n
        mem = self.mem
        dbl = self.P_JDBL4
        add = self.P_ADD
        run = self.run
        minv = self.minv
        ndbl = len(dbl) >> 2
        nadd = len(add) >> 2
        for i in range(self.nwin - 1, -1, -1):
            run(0, 0, 0, dbl, ndbl, mem, minv)
            d = digits[i]
            sg = d >> 8  # -1 when d < 0
            _select(mem, x2, tab, 8, ent, ((d ^ sg) - sg) >> 1, n, n, sg & 1)
            run(0, 0, 0, add, nadd, mem, minv)
        self._neg1(neg & 1)
        return self._affine1()

    def _comb_table(self):
        # Signed Lim-Lee comb tables (see weierstrass_python._comb_table; here with _TEETH
        # teeth and _BLOCKS blocks): block b's entry j is
        #   2^((T b + T-1) d) G + sum_{t < T-1} (+1 if bit t of j else -1) 2^((T b + t) d) G,
        # affine, as limbs in Montgomery form. Built once per curve with big ints.
        if self._comb is not None:
            return self._comb
        py = self._py
        d = self.ncol
        gx, gy = self.G
        B = (gx, gy, 1)
        teeth = []
        for t in range(_TEETH * _BLOCKS):
            teeth.append(B)
            for _ in range(d):
                B = py._dbl(B)
        n = self.N
        nent = 1 << (_TEETH - 1)
        tabs = []
        for b in range(_BLOCKS):
            T = teeth[_TEETH * b:_TEETH * b + _TEETH]
            tab = bytearray(nent * 2 * self.st)
            for j in range(nent):
                acc = T[_TEETH - 1]
                for t in range(_TEETH - 1):
                    acc = py._add(acc, T[t] if (j >> t) & 1 else py._neg(T[t], -1))
                ax, ay = py._affine(acc)
                self._put_m("X2", ax)
                self._put_m("Y2", ay)
                self._save(("X2", "Y2"), tab, j * 2 * n)
            tabs.append(tab)
        self._comb = tabs
        return tabs

    def mul_base(self, k):
        """k*G for a secret k (0 <= k <= n): signed comb, ncol doublings and
        _BLOCKS*ncol mixed additions of nonzero table points, whatever k is."""
        tabs = self._comb_table()
        k, neg = self._py._odd(k)
        d = self.ncol
        L = _TEETH * _BLOCKS * d
        c = (k + (1 << L) - 1) >> 1
        nb = (L + 7) // 8
        cb = c.to_bytes(nb, "big")
        n = self.N
        mem = self.mem
        run = self.run
        minv = self.minv
        s = self.slots
        self._copy_slot("X1", "ZERO")
        self._copy_slot("Y1", "ONEM")
        self._copy_slot("Z1", "ZERO")
        x2 = s["X2"] * n
        dbl = self.P_DBL
        madd = self.P_MADD
        ndbl = len(dbl) >> 2
        nadd = len(madd) >> 2
        nent = 1 << (_TEETH - 1)
        top = _TEETH - 1
        emask = nent - 1
        ent = 2 * n
        for col in range(d - 1, -1, -1):
            run(0, 0, 0, dbl, ndbl, mem, minv)
            for b in range(_BLOCKS):
                dig = 0
                for t in range(_TEETH):
                    bit = (_TEETH * b + t) * d + col
                    dig |= ((cb[nb - 1 - (bit >> 3)] >> (bit & 7)) & 1) << t
                m = (dig >> top) - 1  # -1 when the top tooth is -1: complement, negated
                _select(mem, x2, tabs[b], nent, ent, (dig ^ m) & emask, n, n, m & 1)
                run(0, 0, 0, madd, nadd, mem, minv)
        self._neg1(neg & 1)
        return self._affine1()

    # -- public scalars --

    def _odd_affine_tab(self, x, y, w):
        # Affine odd multiples P, 3P, ..., (2^(w-1) - 1)P as limbs (Montgomery), built with
        # the portable backend (one batch inversion). Entries: X, Y (2N halfwords).
        pts = self._py._odd_affine(x, y, w)
        n = self.N
        tab = bytearray(len(pts) * 2 * self.st)
        for i, P in enumerate(pts):
            self._put_m("X2", P[0])
            self._put_m("Y2", P[1])
            self._save(("X2", "Y2"), tab, i * 2 * n)
        return tab

    def _jadd_digit(self, dd, tab, inf):
        # P1 (Jacobian; the identity when inf) += dd * P for an odd digit dd, from the
        # table of affine odd multiples; returns the new inf. Variable time (public).
        n = self.N
        mem = self.mem
        s = self.slots
        x2 = s["X2"] * n
        _copy(mem, x2, tab, ((dd if dd > 0 else -dd) >> 1) * 2 * n, 2 * n)
        if dd < 0:
            self._exec(self.P_NEG2)
        if inf:
            _copy(mem, s["X1"] * n, mem, x2, 2 * n)
            self._copy_slot("Z1", "ONEM")
            return False
        self._exec(self.P_JMADD_A)
        if _is_zero(mem, s["t3"] * n, n):  # H = 0: P1 = +-P2
            if _is_zero(mem, s["t4"] * n, n):
                self._exec(self.P_JDBL)  # P1 == P2
                return False
            return True  # P1 == -P2
        self._exec(self.P_JMADD_B)
        return False

    def mul2(self, u1, u2, x, y):
        """u1*G + u2*(x, y) for PUBLIC u1, u2 (ECDSA verification): variable time."""
        if self._gtab is None:
            gx, gy = self.G
            self._gtab = self._odd_affine_tab(gx, gy, _WG)
        tg = self._gtab
        tp = self._odd_affine_tab(x, y, _WP)
        nbits = max(_bits(u1), _bits(u2), 1)
        n1 = _wnaf(u1, _WG, nbits)
        n2 = _wnaf(u2, _WP, nbits)
        n = self.N
        mem = self.mem
        run = self.run
        minv = self.minv
        s = self.slots
        jdbl = self.P_JDBL
        nj = len(jdbl) >> 2
        inf = True
        for i in range(nbits, -1, -1):
            if not inf:
                run(0, 0, 0, jdbl, nj, mem, minv)
            dd = n1[i]
            if dd:
                inf = self._jadd_digit(dd, tg, inf)
            dd = n2[i]
            if dd:
                inf = self._jadd_digit(dd, tp, inf)
        if inf:
            return None
        # Jacobian -> affine: x = X/Z^2, y = Y/Z^3.
        self._copy_slot("INV", "Z1")
        self._exec(self.P_INV)
        self._exec(self.P_JAFF)
        return self._get_m("X1"), self._get_m("Y1")


def new(curve):
    """A per-curve arithmetic context (see the module docstring for its surface)."""
    return _Curve(curve)
