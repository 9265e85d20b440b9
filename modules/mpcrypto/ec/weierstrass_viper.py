"""Short-Weierstrass point arithmetic on fixed-size limbs in viper (no allocation per
field operation). Seam primitive "ec_weierstrass"; same surface as ``weierstrass_python``::

    ctx = new(curve)
    ctx.mul(k, x, y)        -> (x, y) or None   k*P, secret k, regular
    ctx.mul_base(k)         -> (x, y) or None   k*G, secret k, regular comb
    ctx.mul2(u1, u2, x, y)  -> (x, y) or None   u1*G + u2*P, public scalars, variable time

Field: the generated kernels ``field_viper_<N>`` (tools/gen_field_viper.py), N 16-bit limbs,
Montgomery form (R = 2^(16N)). On Cortex-M4/M7/M55/M85 (CPUID checked once, ``_accel``)
the kernels hand their multiplications to ``field_asm_thumb``: Thumb-2 CIOS on 32-bit words
with UMAAL (R = 2^(8 STRIDE)), about 4x fewer instructions per P-256 signature on an emulated
Cortex-M4 than the viper multiplication (4.9 M against 19.6 M). ``weierstrass_viper64`` is
this module on 32-bit limbs for 64-bit ports. Each kernel runs a *field program*: 4-byte instructions
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
- public scalars (``mul2``): Jacobian doubling (runs of up to 8 per call), madd-2007-bl
  for G's cached affine table and add-2007-bl for P's Jacobian table (no inversion per
  verification); the exceptional cases (H = 0) are tested between two halves of each
  addition and handled in Python.

Scalar multiplication: ``mul`` is the portable backend's Joye-Tunstall regular recoding
(4-bit signed odd digits, table P..15P built on limbs); ``mul_base`` a signed Lim-Lee comb
(``_COMB_SMALL`` / ``_COMB_LARGE`` teeth and tables of affine points, built once per curve
with big ints and one batch inversion); ``mul2`` interleaved w-NAF (width ``_WG`` for G,
whose affine table is cached, ``_WP`` for P). Fixed-prime kernels (``_FIXED_KERNELS``,
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

import micropython

from mpcrypto.ec import weierstrass_python as _wp
from mpcrypto.ec.curves import _bits

# Comb of mul_base: (teeth, blocks) by limb count; a table has 2^(teeth - 1) affine points
# and there are ``blocks`` tables: 4 x 32 points (8 KB at 256 bits) up to 16 limbs, then
# 4 x 16 points (8.4 KB at 521 bits). k*G costs ceil(nbits / (teeth * blocks)) doublings and
# blocks * that many mixed additions.
_COMB_SMALL = (6, 4)
_COMB_LARGE = (5, 4)
_WG = 7  # w-NAF width for G in mul2 (2^(_WG - 2) cached affine points)
_WP = 5  # w-NAF width for P in mul2


def probe():
    return True


_SIZES = (10, 12, 14, 16, 20, 24, 32, 33)  # 16-bit limb counts of the generated kernels
_WSIZES = (5, 6, 7, 8, 10, 12, 14, 16, 17)  # 32-bit limb counts (64-bit ports only)
# Kernels generated for one prime (its limbs folded in as constants): curve name -> module.
_FIXED_KERNELS = {"secp256r1": "p256"}


def _kernel_for(curve, wide=False):
    # The fixed-prime kernel of this curve if there is one (and it is the same p), else the
    # generic kernel for its size.
    fk = _FIXED_KERNELS.get(curve.name)
    if fk is not None:
        try:
            mod = __import__("mpcrypto.ec.field_viper_" + fk + ("w" if wide else ""), None, None, ("run",))
            if mod.P == curve.p:
                return mod
        except ImportError:
            pass
    return _kernel(_bits(curve.p), wide)


def _kernel(bits, wide=False):
    # The module of the smallest kernel whose limbs hold a modulus of ``bits`` bits (16-bit
    # limbs, or 32-bit ones with ``wide``). Any larger size is also correct (R only has to
    # exceed the modulus), so a firmware may leave sizes out.
    lb = 32 if wide else 16
    for n in (_WSIZES if wide else _SIZES):
        if lb * n >= bits:
            try:
                return __import__("mpcrypto.ec.field_viper_%s%d" % ("w" if wide else "", n), None, None, ("run",))
            except ImportError:
                pass
    raise ImportError("no field kernel for %d bits" % bits)


# Cores whose CPUID part number says they have UMAAL (ARMv7E-M, ARMv8.1-M): Cortex-M4, M7,
# M55, M85. On these the 16-bit kernels hand MUL to field_asm_thumb (32-bit words).
_UMAAL_PARTS = (0xC24, 0xC27, 0xD22, 0xD23)
_asm = []  # [] not probed yet; [None] or [module] once probed


def _asm_module():
    if not _asm:
        fa = None
        try:
            from mpcrypto.ec import field_asm_thumb
            import uctypes  # noqa: F401 (the multiplier needs the arena's address)

            if field_asm_thumb.cpu_part() in _UMAAL_PARTS:
                fa = field_asm_thumb
        except Exception:  # not an ARM port (no asm_thumb), no uctypes, or not such a core
            fa = None
        _asm.append(fa)
    return _asm[0]


def _accel(kern, mem, q):
    # (mm, actx, rbits) for a 16-bit kernel's arena ``mem`` whose slot 0 will hold q: the
    # assembler multiplier and its context where the core has UMAAL, with Montgomery radix
    # 2^rbits; else (None, None, the kernel's own radix bits).
    fa = _asm_module() if kern.LIMB_BITS == 16 else None
    if fa is not None:
        nw = kern.STRIDE >> 2
        mm = fa.MUL.get(nw)
        if mm is not None:
            import uctypes

            actx = bytearray(4 * (8 + nw + 2))
            actx[0:8] = uctypes.addressof(mem).to_bytes(4, "little") + _minv(q, 32).to_bytes(4, "little")
            return mm, actx, 32 * nw
    return None, None, kern.LIMB_BITS * kern.N


def _minv(q, lb):
    # -q^-1 mod 2^lb (q odd), by Newton's iteration (each step doubles the correct bits).
    m = (1 << lb) - 1
    inv = 1
    for _ in range(5):
        inv = inv * (2 - q * inv) & m
    return (-inv) & m


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
            elif f[0] == "A" and f[1] == "*":
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
# Slots are whole 32-bit words (the kernels' STRIDE), so tables move as words. Offsets are
# in words unless said otherwise.

@micropython.viper
def _select(m: uint, dd: ptr32, ee: ptr32, mem: ptr32, off: int, tab: ptr32, nent: int,
            ent: int, idx: int, yoff: int, n: int, neg: int):
    # mem[off : off + ent] = entry idx of tab (ent words per entry), reading every entry and
    # keeping one by mask; then the n limbs of Y at word off + yoff become p - Y if neg == 1
    # (p = the n limbs of slot 0; Y != 0), also by mask. m, dd, ee are scratch (pass 0: as
    # the first three arguments they live in registers); pointers advance, so the loads and
    # stores have constant offsets (twice as fast as indexing on the unix port).
    d = ptr32(int(mem) + 4 * off)
    k = 0
    while k < ent:
        d[k] = 0
        k += 1
    ep = uint(tab)
    j = 0
    while j < nent:
        # 1 when j == idx (idx ^ j - 1 wraps), else 0; then all ones or 0 (only ever ANDed
        # into 32-bit loads that are stored through ptr32, so the width of uint is moot).
        m = uint(0) - (((uint(idx ^ j) - uint(1)) >> 16) & uint(1))
        dd = d
        ee = ptr32(ep)
        k = ent
        while k >= 4:
            dd[0] = uint(dd[0]) | (uint(ee[0]) & m)
            dd[1] = uint(dd[1]) | (uint(ee[1]) & m)
            dd[2] = uint(dd[2]) | (uint(ee[2]) & m)
            dd[3] = uint(dd[3]) | (uint(ee[3]) & m)
            dd = ptr32(uint(dd) + 16)
            ee = ptr32(uint(ee) + 16)
            k -= 4
        while k > 0:
            dd[0] = uint(dd[0]) | (uint(ee[0]) & m)
            dd = ptr32(uint(dd) + 4)
            ee = ptr32(uint(ee) + 4)
            k -= 1
        ep += uint(4 * ent)
        j += 1
    y = ptr16(int(d) + 4 * yoff)
    p = ptr16(int(mem))
    m = (uint(0) - uint(neg)) & uint(0xFFFF)
    c = m ^ uint(0xFFFF)
    s = uint(0)
    k = 0
    while k < n:
        s = uint(p[k]) - uint(y[k]) - ((s >> 16) & 1)
        y[k] = (uint(y[k]) & c) | (s & m)
        k += 1


@micropython.viper
def _comb_digits(out: ptr8, cb: ptr8, nb: int, teeth: int, nblk: int, d: int):
    # The comb's digits in the order mul_base uses them: for col = d-1 .. 0, for each block
    # b, the teeth bits (teeth*b + t)*d + col (t = 0 .. teeth-1) of the big-endian nb-byte
    # cb, bit t of the digit. Public-pattern loops over secret bits (no branch on them).
    o = 0
    col = d - 1
    while col >= 0:
        b = 0
        while b < nblk:
            dig = 0
            bit = teeth * b * d + col
            t = 0
            while t < teeth:
                dig |= ((cb[nb - 1 - (bit >> 3)] >> (bit & 7)) & 1) << t
                bit += d
                t += 1
            out[o] = dig
            o += 1
            b += 1
        col -= 1


@micropython.viper
def _cneg(mem: ptr16, off: int, n: int, neg: int):
    # The n limbs at word off become p - them when neg == 1, by mask (p = slot 0; value != 0).
    y = ptr16(int(mem) + 4 * off)
    m = (uint(0) - uint(neg)) & uint(0xFFFF)
    c = m ^ uint(0xFFFF)
    s = uint(0)
    k = 0
    while k < n:
        s = uint(mem[k]) - uint(y[k]) - ((s >> 16) & 1)
        y[k] = (uint(y[k]) & c) | (s & m)
        k += 1


@micropython.viper
def _copy(dst: ptr32, doff: int, src: ptr32, soff: int, cnt: int):
    d = ptr32(int(dst) + 4 * doff)
    s = ptr32(int(src) + 4 * soff)
    k = 0
    while k < cnt:
        d[k] = s[k]
        k += 1


@micropython.viper
def _is_zero(mem: ptr16, off: int, n: int) -> int:
    d = ptr16(int(mem) + 4 * off)
    acc = 0
    k = 0
    while k < n:
        acc |= d[k]
        k += 1
    return 1 if acc == 0 else 0


# -- the per-curve context ------------------------------------------------------------------

def _wnaf(k, w):
    # Width-w NAF of k >= 0 as a sparse list, least significant first: (i << 8) | (d & 0xFF)
    # for each nonzero digit d (odd, in (-2^(w-1), 2^(w-1))) at bit i. From the bytes of k,
    # with small ints only.
    nbits = _bits(k)
    kb = k.to_bytes((nbits + 7) // 8 + 3, "little")
    full = 1 << w
    mask = full - 1
    half = full >> 1
    out = []
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
            v -= full
            carry = 1
        else:
            carry = 0
        out.append((i << 8) | (v & 0xFF))
        i += w
    return out


class _Arena:
    # Slot access and program execution over one kernel arena, shared by the limb backends
    # (Weierstrass, Montgomery, Edwards). The owner sets run, mem, minv, mm, actx, slots,
    # st (bytes per slot), wd (words per slot) and, for _put_m / _get_m, the one-op
    # conversion programs _tom / _fromm (slot name -> bytes).

    def _exec(self, prog, nops=None):
        self.run(0, 0, 0, prog, len(prog) >> 2 if nops is None else nops, self.mem, self.minv,
                 self.mm, self.actx)

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

    def _w(self, name):
        return self.slots[name] * self.wd  # word offset of a slot

    def _copy_slot(self, dst, src):
        _copy(self.mem, self._w(dst), self.mem, self._w(src), self.wd)

    def _repeat(self, prog8, k):
        # k runs of a program of which prog8 holds 8 copies, up to 8 per call (runs of
        # doublings in verification).
        n1 = len(prog8) >> 5
        while k > 0:
            c = k if k < 8 else 8
            self._exec(prog8, c * n1)
            k -= c


def _wide():
    # True where viper words are 64 bits: the 32-bit-limb kernels (weierstrass_viper64).
    try:
        from mpcrypto.ec import weierstrass_viper64

        return weierstrass_viper64.probe()
    except Exception:  # a 32-bit port: the 64-bit-only module may not even be frozen
        return False


def _joint(e1, e2):
    # The interleaved (Shamir) schedule of two sparse w-NAFs (see _wnaf), most significant
    # first: (doublings before, digit of e1 or 0, digit of e2 or 0) per position that has a
    # digit, then (doublings after the last one, 0, 0). Digits are signed ints.
    out = []
    a = len(e1) - 1
    b = len(e2) - 1
    cur = -1
    while a >= 0 or b >= 0:
        p1 = e1[a] >> 8 if a >= 0 else -1
        p2 = e2[b] >> 8 if b >= 0 else -1
        pos = p1 if p1 > p2 else p2
        d1 = d2 = 0
        if p1 == pos:
            d1 = e1[a] & 0xFF
            a -= 1
        if p2 == pos:
            d2 = e2[b] & 0xFF
            b -= 1
        out.append((cur - pos if cur >= 0 else 0, d1 - 256 if d1 > 127 else d1, d2 - 256 if d2 > 127 else d2))
        cur = pos
    out.append((cur if cur > 0 else 0, 0, 0))
    return out


class _Curve(_Arena):
    def __init__(self, curve, wide=False):
        p = curve.p
        kern = _kernel_for(curve, wide)
        self.wide = wide
        self.run = kern.run
        lb = kern.LIMB_BITS
        self.N = kern.N * lb // 16  # 16-bit limbs of a value (the helpers work on those)
        self.st = st = kern.STRIDE  # bytes per slot
        self.wd = st >> 2  # words per slot
        self.p = p
        self.n = curve.n
        self.G = curve.G
        self._py = _wp.new(curve)
        self.minv = _minv(p, lb)
        a = curve.a % p
        akind = -3 if a == p - 3 else 0 if a == 0 else 1
        self.akind = akind
        asm = _Asm(akind)
        self.P_ADD = asm.ops(_ADD)
        self.P_MADD = asm.ops(_MADD)
        self.P_DBL = asm.ops(_DBL)
        jd = _JDBL_M3 if akind == -3 else _JDBL_0 if akind == 0 else _JDBL_A
        self.P_JDBL = asm.ops(jd)
        self.P_JDBL8 = self.P_JDBL * 8  # runs of up to 8 doublings in one call
        self.P_JDBL4 = asm.ops(_TO_JAC + jd * 4 + _FROM_JAC)
        self.P_JMADD_A = asm.ops(_JMADD_A)
        self.P_JMADD_B = asm.ops(_JMADD_B)
        self.P_JADD_A = asm.ops(_JADD_A)
        self.P_JADD_B = asm.ops(_JADD_B)
        self.P_NEG2 = asm.ops(_NEG2)
        self.P_INV = _pow_prog(asm, p - 2)
        s = asm.slots
        self.slots = s
        self.P_AFF = bytes((_MUL, s["X1"], s["X1"], s["INV"], _MUL, s["Y1"], s["Y1"], s["INV"]))
        self.P_JAFF = bytes((_MUL, s["Z1"], s["INV"], s["INV"], _MUL, s["X1"], s["X1"], s["Z1"],
                             _MUL, s["Z1"], s["Z1"], s["INV"], _MUL, s["Y1"], s["Y1"], s["Z1"]))
        # Conversions of a coordinate slot into / out of Montgomery form.
        self._tom = {}
        self._fromm = {}
        for name in ("X1", "Y1", "Z1", "X2", "Y2", "INV"):
            i = s[name]
            self._tom[name] = bytes((_MUL, i, i, s["R2"]))
            self._fromm[name] = bytes((_MUL, i, i, s["ONE"]))
        self.mem = bytearray(st * len(s))
        self.mm, self.actx, rbits = _accel(kern, self.mem, p)
        R = 1 << rbits
        self._put("p", p)
        self._put("ONE", 1)
        self._put("ONEM", R % p)
        self._put("R2", R * R % p)
        self._put("A", a * R % p)
        self._put("B3", 3 * curve.b * R % p)
        self.nwin = self._py.nwin
        self.teeth, self.blocks = _COMB_SMALL if self.N <= 16 else _COMB_LARGE
        tb = self.teeth * self.blocks
        self.ncol = (curve.nbits + tb - 1) // tb
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
            kern = _kernel(_bits(q), self.wide)
            asm = _Asm(1)
            prog = _pow_prog(asm, q - 2)
            sl = asm.slots
            st = kern.STRIDE
            mem = bytearray(st * len(sl))
            mm, actx, rbits = _accel(kern, mem, q)
            R = 1 << rbits
            for name, v in (("p", q), ("ONE", 1), ("R2", R * R % q)):
                mem[sl[name] * st:(sl[name] + 1) * st] = v.to_bytes(st, "little")
            i = sl["INV"]
            nf = self._nf = (kern.run, mem, _minv(q, kern.LIMB_BITS), st, i,
                             bytes((_MUL, i, i, sl["R2"])) + prog + bytes((_MUL, i, i, sl["ONE"])),
                             mm, actx)
        run, mem, minv, st, i, prog, mm, actx = nf
        o = i * st
        mem[o:o + st] = k.to_bytes(st, "little")
        run(0, 0, 0, prog, len(prog) >> 2, mem, minv, mm, actx)
        return int.from_bytes(mem[o:o + st], "little")

    # -- slot access and program execution: _Arena --

    def _load_affine(self, x, y):
        self._put_m("X1", x)
        self._put_m("Y1", y)
        self._copy_slot("Z1", "ONEM")

    def _affine1(self):
        # (X1:Y1:Z1) projective -> (x, y) ints, or None for Z1 = 0. Fermat inversion.
        if _is_zero(self.mem, self._w("Z1"), self.N):
            return None
        self._copy_slot("INV", "Z1")
        self._exec(self.P_INV)
        self._exec(self.P_AFF)
        return self._get_m("X1"), self._get_m("Y1")

    def _save(self, first, count, buf, off):
        # Copy ``count`` consecutive slots from slot ``first`` into buf at word offset off.
        _copy(buf, off, self.mem, self._w(first), count * self.wd)

    def _load(self, first, count, buf, off):
        _copy(self.mem, self._w(first), buf, off, count * self.wd)

    # -- secret scalars --

    def mul(self, k, x, y):
        """k*(x, y) for a secret k (0 <= k <= n): signed odd 4-bit windows (regular
        recoding), complete formulas, masked lookup. Same operation sequence for every k."""
        py = self._py
        k, neg = py._odd(k)
        n = self.N
        ent = 3 * self.wd
        tab = bytearray(9 * ent * 4)  # P, 3P, ..., 15P, then 2P (projective, Montgomery)
        self._load_affine(x, y)
        self._save("X1", 3, tab, 0)
        self._exec(self.P_DBL)
        self._save("X1", 3, tab, 8 * ent)  # 2P, parked after the table
        self._load("X2", 3, tab, 8 * ent)
        self._load("X1", 3, tab, 0)
        for i in range(1, 8):
            self._exec(self.P_ADD)  # (2i + 1)P = (2i - 1)P + 2P
            self._save("X1", 3, tab, i * ent)
        digits = py._recode(k)
        self._load("X1", 3, tab, 0)  # the top digit is 1
        x2 = self._w("X2")
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
            sg = d >> 8  # -1 when d < 0
            _select(0, 0, 0, mem, x2, tab, 8, ent, ((d ^ sg) - sg) >> 1, yoff, n, sg & 1)
            run(0, 0, 0, add, nadd, mem, minv, mm, actx)
        _cneg(mem, self._w("Y1"), n, neg & 1)
        return self._affine1()

    def _comb_table(self):
        # Signed Lim-Lee comb tables (see weierstrass_python._comb_table; here with T teeth
        # and B blocks): block b's entry j is
        #   2^((T b + T-1) d) G + sum_{t < T-1} (+1 if bit t of j else -1) 2^((T b + t) d) G,
        # affine, as limbs in Montgomery form. Built once per curve with big ints.
        if self._comb is not None:
            return self._comb
        py = self._py
        T = self.teeth
        d = self.ncol
        gx, gy = self.G
        B = (gx, gy, 1)
        teeth = []
        for t in range(T * self.blocks):
            teeth.append(B)
            for _ in range(d):
                B = py._dbl(B)
        nent = 1 << (T - 1)
        ent = 2 * self.wd
        pts = []
        for b in range(self.blocks):
            Tb = teeth[T * b:T * b + T]
            for j in range(nent):
                acc = Tb[T - 1]
                for t in range(T - 1):
                    acc = py._add(acc, Tb[t] if (j >> t) & 1 else py._neg(Tb[t], -1))
                pts.append(acc)
        # To affine with one inversion. An entry at infinity would need a multiplier of G
        # divisible by n; none is on our curves (tests build every table), and _affine_all
        # refuses one rather than inverting 0.
        tabs = [bytearray(nent * ent * 4) for _ in range(self.blocks)]
        for i, (x, y) in enumerate(_wp._affine_all(pts, self.p)):
            self._put_m("X2", x)
            self._put_m("Y2", y)
            self._save("X2", 2, tabs[i // nent], (i % nent) * ent)
        self._comb = tabs
        return tabs

    def mul_base(self, k):
        """k*G for a secret k (0 <= k <= n): signed comb, ncol doublings and
        blocks*ncol mixed additions of nonzero table points, whatever k is."""
        tabs = self._comb_table()
        k, neg = self._py._odd(k)
        T = self.teeth
        nblk = self.blocks
        d = self.ncol
        L = T * nblk * d
        c = (k + (1 << L) - 1) >> 1
        nb = (L + 7) // 8
        cb = c.to_bytes(nb, "big")
        n = self.N
        mem = self.mem
        run = self.run
        minv = self.minv
        mm = self.mm
        actx = self.actx
        self._copy_slot("X1", "ZERO")
        self._copy_slot("Y1", "ONEM")
        self._copy_slot("Z1", "ZERO")
        x2 = self._w("X2")
        yoff = self.wd
        dbl = self.P_DBL
        madd = self.P_MADD
        ndbl = len(dbl) >> 2
        nadd = len(madd) >> 2
        nent = 1 << (T - 1)
        top = T - 1
        emask = nent - 1
        ent = 2 * self.wd
        digs = bytearray(d * nblk)
        _comb_digits(digs, cb, nb, T, nblk, d)
        i = 0
        for col in range(d):
            run(0, 0, 0, dbl, ndbl, mem, minv, mm, actx)
            for b in range(nblk):
                dig = digs[i]
                i += 1
                m = (dig >> top) - 1  # -1 when the top tooth is -1: complement, negated
                _select(0, 0, 0, mem, x2, tabs[b], nent, ent, (dig ^ m) & emask, yoff, n, m & 1)
                run(0, 0, 0, madd, nadd, mem, minv, mm, actx)
        _cneg(mem, self._w("Y1"), n, neg & 1)
        return self._affine1()

    # -- public scalars --

    def _odd_affine_tab(self, x, y, w):
        # Affine odd multiples P, 3P, ..., (2^(w-1) - 1)P as limbs (Montgomery), built with
        # the portable backend (one batch inversion). Entries: X, Y (2 slots). For G (cached).
        pts = self._py._odd_affine(x, y, w)
        ent = 2 * self.wd
        tab = bytearray(len(pts) * ent * 4)
        for i, P in enumerate(pts):
            self._put_m("X2", P[0])
            self._put_m("Y2", P[1])
            self._save("X2", 2, tab, i * ent)
        return tab

    def _odd_jac_tab(self, x, y, w):
        # Jacobian odd multiples P, 3P, ..., (2^(w-1) - 1)P on limbs (no inversion: the
        # additions of these entries use add-2007-bl). Entries: X, Y, Z (3 slots), then 2P.
        cnt = 1 << (w - 2)
        ent = 3 * self.wd
        tab = bytearray((cnt + 1) * ent * 4)
        self._load_affine(x, y)
        self._save("X1", 3, tab, 0)
        self._exec(self.P_JDBL)
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
        self._exec(pa)
        if _is_zero(mem, self._w("t3"), n):  # H = 0: P1 = +-P2
            if _is_zero(mem, self._w("t4"), n):
                self._exec(self.P_JDBL)  # P1 == P2
                return False
            return True  # P1 == -P2
        self._exec(pb)
        return False

    def _jadd_digit(self, d, tab, inf, nsl):
        # P1 (Jacobian; the identity when inf) += d * P for an odd digit d, from a table of
        # odd multiples with nsl slots per entry (2: affine, added with madd; 3: Jacobian,
        # added with add-2007-bl); returns the new inf.
        mem = self.mem
        x2 = self._w("X2")
        wd = self.wd
        _copy(mem, x2, tab, ((d if d > 0 else -d) >> 1) * nsl * wd, nsl * wd)
        if d < 0:
            self._exec(self.P_NEG2)
        if inf:
            _copy(mem, self._w("X1"), mem, x2, nsl * wd)
            if nsl == 2:
                self._copy_slot("Z1", "ONEM")
            return False
        if nsl == 2:
            return self._jadd(self.P_JMADD_A, self.P_JMADD_B)
        return self._jadd(self.P_JADD_A, self.P_JADD_B)

    def mul2(self, u1, u2, x, y):
        """u1*G + u2*(x, y) for PUBLIC u1, u2 (ECDSA verification): variable time."""
        if self._gtab is None:
            gx, gy = self.G
            self._gtab = self._odd_affine_tab(gx, gy, _WG)
        tg = self._gtab
        tp = self._odd_jac_tab(x, y, _WP)
        inf = True
        dbl8 = self.P_JDBL8
        for gap, d1, d2 in _joint(_wnaf(u1, _WG), _wnaf(u2, _WP)):
            if not inf:
                self._repeat(dbl8, gap)
            if d1:
                inf = self._jadd_digit(d1, tg, inf, 2)
            if d2:
                inf = self._jadd_digit(d2, tp, inf, 3)
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
