"""The limb engine of the elliptic-curve backends: prime-field arithmetic on fixed-size limbs
with no allocation per field operation, shared by ``weierstrass_viper``, ``montgomery_viper``
and ``edwards_viper`` (and ``weierstrass_viper64``).

What it holds:

- Kernel loading: ``kernel(bits, wide)`` the generated module whose limbs hold a modulus of
  ``bits`` bits (``v16_<N>``: N 16-bit limbs; ``v32_<N>``: N 32-bit limbs, only where viper
  words are 64 bits), ``kernel_for(curve, wide)`` the same or a kernel with the curve's prime
  folded in (``v16_p256`` / ``v32_p256``). The kernels are written by
  ``tools/thumb/gen_field.py``; each has one viper function ``run`` that executes a *field
  program*: 4-byte instructions (op, dst, x, y) over the slots of one arena (``MUL``
  Montgomery product, ``ADD``, ``SUB``, ``COPY``).
- The word-size probe: ``wordbits()`` (32 on Cortex-M, 64 on the x86-64 unix port) and
  ``wide()`` (use the 32-bit-limb kernels).
- Acceleration: on cores that have UMAAL (``mpcrypto._cpu``: Cortex-M4, M7, M55, M85),
  ``thumb_umaal`` (found once by ``asm_module()``) runs whole programs in Thumb-2
  (``thumb_umaal._run<N>``, CIOS with UMAAL on 32-bit words) in place of the kernel's viper
  ``run``: ``accel(kern, mem, q)`` gives the runner and its context, ``asm_runner(kern)``
  the runner.
- Programs: ``Asm`` assembles text (one field operation per line: ``d = x * y``,
  ``d = x + y``, ``d = x - y``, ``d = x``, ``d = A * x``) into bytes, a slot per name;
  ``pow_prog`` writes x^e for a public e with fixed 4-bit windows (Fermat inversion).
- ``Arena``: slot access and program execution over one kernel arena; ``Arena.bind`` sets
  one up for a prime.
- Viper helpers on the arena, all with a fixed instruction sequence for fixed sizes (no
  branch or index on the values): ``select`` (masked table lookup and conditional
  negation), ``cneg``, ``copy``, ``is_zero`` (public data only), ``comb_digits``, and on
  scalar bytes ``odd_scalar``, ``recode4``, ``comb_scalar``.
- Scalar schedules for public scalars: ``wnaf``, ``joint`` and ``schedule`` (variable time).

Constant time: every op of a kernel is straight-line code whose instruction sequence
depends only on the limb count (Montgomery reduction with a masked final subtraction, masked
modular addition and subtraction); MUL (32x32 -> 32) and UMAAL take one cycle whatever their
operands on Cortex-M3/M4/M7 (the M3's UMULL/UMLAL would stop early on small operands:
nothing here uses them). Big integers appear only where values are converted to and from
the arena (``Arena.put`` / ``get``).
"""

import micropython

from mpcrypto import _backend
from mpcrypto._util import neg_inv
from mpcrypto.ec.curves import _bits

# -- kernels, word size, acceleration ---------------------------------------------------

SIZES = (10, 12, 14, 16, 20, 24, 28, 32, 33)  # 16-bit limb counts of the generated kernels
WSIZES = (5, 6, 7, 8, 10, 12, 14, 16, 17)  # 32-bit limb counts (64-bit ports only)
# Kernels generated for one prime (its limbs folded in as constants): curve name -> module.
FIXED_KERNELS = {"secp256r1": "p256"}


def kernel_for(curve, wide=False):
    # The fixed-prime kernel of this curve if there is one (and it is the same p), else the
    # generic kernel for its size.
    fk = FIXED_KERNELS.get(curve.name)
    if fk is not None:
        mod = _backend.load("mpcrypto.ec.field.v%d_%s" % (32 if wide else 16, fk))
        if mod is not None and mod.P == curve.p:
            return mod
    return kernel(_bits(curve.p), wide)


def kernel(bits, wide=False):
    # The module of the smallest kernel whose limbs hold a modulus of ``bits`` bits (16-bit
    # limbs, or 32-bit ones with ``wide``). Any larger size is also correct (R only has to
    # exceed the modulus), so a firmware may leave sizes out. Where the 16-bit module of a
    # size is absent but this core has the Thumb-2 program runner for its slot size, that
    # size's ``Shape`` stands in: the runner executes every program, so the viper ``run`` is
    # never called (firmware/manifest_dsp.py leaves the ``v16_<N>`` modules out).
    lb = 32 if wide else 16
    for n in (WSIZES if wide else SIZES):
        if lb * n >= bits:
            mod = _backend.load("mpcrypto.ec.field.v%d_%d" % (lb, n))
            if mod is not None:
                return mod
            if not wide:
                sh = Shape(n)
                if _asm_run_for(sh) is not None:
                    return sh
    raise ImportError("no field kernel for %d bits" % bits)


class Shape:
    """The dimensions of the generated 16-bit kernel for ``n`` limbs, without the kernel:
    ``N``, ``LIMB_BITS``, ``STRIDE`` (bytes per slot, whole 32-bit words, as
    tools/thumb/gen_field.py lays them out) and ``run`` None. ``Arena.bind`` accepts it only
    where ``asm_runner`` gives a runner for it."""

    LIMB_BITS = 16
    run = None

    def __init__(self, n):
        self.N = n
        self.STRIDE = 2 * (n + (n & 1))


def usable():
    """Whether any field kernel can run here: a generated module, or the Thumb-2 runners
    (the limb backends' ``probe``: without either, the seam passes over them)."""
    if _asm_run_for(Shape(SIZES[0])) is not None:  # (without importing a kernel module)
        return True
    try:
        kernel(0)
    except ImportError:
        return False
    return True


# The assembler multiplier: thumb_umaal where the core has UMAAL (it imports only where
# asm_thumb and uctypes exist); the seam's primitive "field_mul".
_CHAIN = (("thumb_umaal", "mpcrypto.ec.field.thumb_umaal", "umaal"),)


def asm_module():
    """The module of the Thumb-2 UMAAL multipliers on this core, or None."""
    return _backend.helper("field_mul", _CHAIN)


def radix_bits(kern):
    """The bits of the Montgomery radix R that an arena of ``kern`` works with on this core
    (2^(8 STRIDE) with the assembler runner, else 2^(LIMB_BITS N))."""
    return 8 * kern.STRIDE if asm_runner(kern) is not None else kern.LIMB_BITS * kern.N


def accel(kern, mem, q):
    # (run, actx, rbits) for a 16-bit kernel's arena ``mem`` whose slot 0 will hold q: the
    # assembler program runner and its context where the core has UMAAL, with Montgomery
    # radix 2^rbits; else (None, None, the kernel's own radix bits).
    mm = asm_runner(kern)
    if mm is not None:
        import uctypes

        nw = kern.STRIDE >> 2
        actx = bytearray(4 * (8 + nw + 2))
        actx[0:8] = uctypes.addressof(mem).to_bytes(4, "little") + neg_inv(q, 32).to_bytes(4, "little")
        return mm, actx, radix_bits(kern)
    return None, None, radix_bits(kern)


def _asm_run_for(kern):
    fa = asm_module()
    runs = getattr(fa, "RUN", None) if fa is not None else None
    return runs.get(kern.STRIDE >> 2) if runs is not None else None


def asm_runner(kern):
    # The assembler program runner for a 16-bit kernel's slot size on this core (thumb_umaal
    # ``_run<N>(prog, nops, mem, actx)``: a whole field program in one call, MUL, ADD, SUB
    # and COPY in Thumb-2); None where there is none. Against the viper ``run`` handing each
    # MUL to an assembler multiplier, it saves the viper-to-assembler call per MUL and runs
    # ADD/SUB in Thumb-2 too. Arena.bind calls it through ``_asm_run``.
    return _asm_run_for(kern) if kern.LIMB_BITS == 16 else None


@micropython.viper
def _asm_run(s: int, c: int, m: int, prog, nops: int, mem, minv, mm, actx):
    # The kernels' ``run`` signature over an asm_runner runner, which Arena.bind passes as
    # ``mm``. A module-level viper function, so that a call allocates nothing: a Python
    # function of nine arguments takes its frame (a closure also its argument array) from
    # the heap, and the time that allocation takes follows the heap's layout, once per
    # program run, so an operation's instruction count would move with whatever else the
    # heap holds.
    mm(prog, nops, mem, actx)


@micropython.viper
def wordbits() -> int:
    # Bits in a viper word: 32 on Cortex-M, 64 on the x86-64 / AArch64 unix port.
    x = uint(1) << 31
    x = x << 1
    return 64 if x != uint(0) else 32


def wide():
    """True where viper words are 64 bits: the backends then use the 32-bit-limb kernels."""
    return wordbits() == 64


# -- field programs (text: one operation per line; see the module docstring) -------------

# The names of pow_prog's window slots, spelled out so that they are interned strings (no heap
# for the assembler's tokens; see Asm.ops).
W_NAMES = ("W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", "W10", "W11", "W12", "W13", "W14",
           "W15")

# Fixed slots: 0 p, 1-2 kernel scratch, then constants and the two points.
FIXED_SLOTS = ("p", "_s1", "_s2", "ZERO", "ONE", "ONEM", "R2", "A", "B3", "X1", "Y1", "Z1",
               "X2", "Y2", "Z2", "INV")
MUL, ADD, SUB, COPY = 0, 1, 2, 3


class Asm:
    # Assembles program text into bytes; allocates a slot per new name.
    def __init__(self, akind):
        self.akind = akind  # -3, 0 or 1 (general a)
        self.slots = {}
        for name in FIXED_SLOTS:
            self.slot(name)

    def slot(self, name):
        s = self.slots.get(name)
        if s is None:
            s = len(self.slots)
            self.slots[name] = s
        return s

    def ops(self, text):
        # One pass over the whitespace-separated tokens: "d = x", "d = x op y" (op * + -),
        # and "d = A * x" for the curve's a, written into one buffer. A token that is already
        # an interned string (a qstr: a name the backend spells out in its code, such as its
        # ``NAMES`` tuple) costs no allocation; the others cost one small string each.
        tk = text.split()
        nops = text.count("=")  # one per line, two more for each -3x (counted: no garbage)
        if self.akind == -3:
            nops += 2 * text.count("= A *")
        out = bytearray(4 * nops)
        o = 0
        i = 0
        n = len(tk)
        while i < n:
            d = self.slot(tk[i])
            if i + 3 < n and tk[i + 3] in _OPS:  # "d = x op y"
                x, op, y = tk[i + 2], _OPS[tk[i + 3]], tk[i + 4]
                i += 5
                if x == "A" and op == MUL:
                    x = y
                    y = "A"
                    if self.akind == 0:
                        op, x, y = COPY, "ZERO", "ZERO"
                    elif self.akind == -3:  # -3x = 0 - (x + x + x)
                        a = self.slot("_a")
                        sx = self.slot(x)
                        o = _op(out, o, ADD, a, sx, sx)
                        o = _op(out, o, ADD, a, a, sx)
                        op, x, y = SUB, "ZERO", "_a"
            else:  # "d = x"
                x = y = tk[i + 2]
                op = COPY
                i += 3
            o = _op(out, o, op, d, self.slot(x), self.slot(y))
        return out


_OPS = {"*": MUL, "+": ADD, "-": SUB}


def pow_prog(asm, e):
    # dst INV = INV^e with fixed 4-bit windows over the public exponent e (most significant
    # first): slots W1..W15 hold INV^1..INV^15. Returns the program, written straight into
    # one bytearray of the final size (a text of several hundred lines would need a 10 KB
    # block at 521 bits) from e's nibbles (no big-int shift per window, no list).
    inv = asm.slot("INV")
    w = [0] + [asm.slot(name) for name in W_NAMES]
    nd = (_bits(e) + 3) // 4
    eb = e.to_bytes((nd + 1) // 2, "big")
    last = len(eb) - 1
    nops = 16
    for i in range(nd - 1):  # nibble i of e: (eb[last - i // 2] >> 4 * (i & 1)) & 15
        nops += 5 if (eb[last - (i >> 1)] >> ((i & 1) << 2)) & 15 else 4
    out = bytearray(4 * nops)
    o = _op(out, 0, COPY, w[1], inv, inv)
    o = _op(out, o, MUL, w[2], inv, inv)
    for i in range(3, 16):
        o = _op(out, o, MUL, w[i], w[i - 1], w[1])
    top = w[(eb[last - ((nd - 1) >> 1)] >> (((nd - 1) & 1) << 2)) & 15]
    o = _op(out, o, COPY, inv, top, top)
    for i in range(nd - 2, -1, -1):
        o = _op(out, o, MUL, inv, inv, inv)
        o = _op(out, o, MUL, inv, inv, inv)
        o = _op(out, o, MUL, inv, inv, inv)
        o = _op(out, o, MUL, inv, inv, inv)
        dig = (eb[last - (i >> 1)] >> ((i & 1) << 2)) & 15
        if dig:
            o = _op(out, o, MUL, inv, inv, w[dig])
    return out


def _op(out, o, op, d, x, y):
    # One instruction into out at o (item stores: a slice assignment would allocate a slice
    # object per instruction). Returns the next offset.
    out[o] = op
    out[o + 1] = d
    out[o + 2] = x
    out[o + 3] = y
    return o + 4


# Batch inversion (Arena.affine_batch): the forward step multiplies ACC by each Z; the
# backwards step for point i (X1, Y1, Z1), with PRE = Z_0 ... Z_(i-1) and
# INV = 1 / (Z_0 ... Z_i), makes ZI = 1 / Z_i and INV = 1 / (Z_0 ... Z_(i-1)), then the
# affine coordinates: projective (X/Z, Y/Z) or Jacobian (X/Z^2, Y/Z^3).
BATCH_PRE = "ACC = ACC * Z1"
BATCH_BACK = """
ZI = INV * PRE
INV = INV * Z1
X1 = X1 * ZI
Y1 = Y1 * ZI
"""
BATCH_BACKJ = """
ZI = INV * PRE
INV = INV * Z1
ZZ = ZI * ZI
X1 = X1 * ZZ
ZZ = ZZ * ZI
Y1 = Y1 * ZZ
"""


# -- the arena ------------------------------------------------------------------------------


class Arena:
    """Slot access and program execution over one kernel arena, shared by the limb backends
    (Weierstrass, Montgomery, Edwards) and ECDSA's inversion mod n. ``bind`` sets up run,
    mem, minv, mm, actx, slots, N (16-bit limbs of a value), st (bytes per slot) and wd
    (words per slot); ``put_m`` / ``get_m`` need the one-op conversion programs ``_tom`` /
    ``_fromm`` (slot name -> bytes), which the owner sets."""

    def bind(self, kern, slots, p):
        # An arena of len(slots) slots for kernel module ``kern`` and the odd prime p: slot
        # "p" holds p, "ONE" 1, "ONEM" R mod p and "R2" R^2 mod p (R the Montgomery radix,
        # which the Thumb-2 multiplier changes). Returns R.
        self.run = kern.run
        self.N = kern.N * kern.LIMB_BITS // 16
        self.st = st = kern.STRIDE
        self.wd = st >> 2
        self.slots = slots
        self.minv = neg_inv(p, kern.LIMB_BITS)
        self.mem = bytearray(st * len(slots))
        self.mm, self.actx, rbits = accel(kern, self.mem, p)
        if self.mm is not None:  # mm: the whole-program runner, called by _asm_run
            self.run = _asm_run
        if self.run is None:  # a Shape where the runner is gone (it is not: kernel() checks)
            raise ImportError("no field kernel for %d limbs" % kern.N)
        R = 1 << rbits
        self.put("p", p)
        self.put("ONE", 1)
        self.put("ONEM", R % p)
        self.put("R2", R * R % p)
        return R

    def exec(self, prog, nops=None):
        self.run(0, 0, 0, prog, len(prog) >> 2 if nops is None else nops, self.mem, self.minv,
                 self.mm, self.actx)

    def put(self, name, v):
        o = self.slots[name] * self.st
        self.mem[o:o + self.st] = v.to_bytes(self.st, "little")

    def get(self, name):
        o = self.slots[name] * self.st
        return int.from_bytes(self.mem[o:o + self.st], "little")

    def put_m(self, name, v):
        # Store v (an int in [0, p)) in Montgomery form.
        self.put(name, v)
        self.exec(self._tom[name])

    def get_m(self, name):
        self.exec(self._fromm[name])
        return self.get(name)

    def woff(self, name):
        return self.slots[name] * self.wd  # word offset of a slot

    def copy_slot(self, dst, src):
        copy(self.mem, self.woff(dst), self.mem, self.woff(src), self.wd)

    def affine_batch(self, src, n, back, yx=False, pre=None):
        # The n projective points of src (3 slots each: X, Y, Z) as affine entries (2 slots
        # each: X, Y, or Y, X with yx) with one inversion (Montgomery's trick), on limbs.
        # back: BATCH_BACK (X/Z, Y/Z) or BATCH_BACKJ (Jacobian: X/Z^2, Y/Z^3), assembled by
        # the owner with P_PRE = BATCH_PRE and P_INV. Public data (tables of a base point);
        # ValueError for a point at infinity, which would zero them all.
        wd = self.wd
        e3 = 3 * wd
        mem = self.mem
        if pre is None:  # pre[i] = Z_0 ... Z_(i-1); a caller with many batches passes one
            pre = bytearray(n * wd * 4)
        self.copy_slot("ACC", "ONEM")
        acc = self.woff("ACC")
        z1 = self.woff("Z1")
        for i in range(n):
            copy(pre, i * wd, mem, acc, wd)
            copy(mem, z1, src, i * e3 + 2 * wd, wd)
            self.exec(self.P_PRE)
        if is_zero(mem, acc, self.N):
            raise ValueError("point at infinity in a table")
        self.copy_slot("INV", "ACC")
        self.exec(self.P_INV)
        dst = bytearray(n * 2 * wd * 4)
        x1 = self.woff("X1")
        y1 = self.woff("Y1")
        pr = self.woff("PRE")
        for i in range(n - 1, -1, -1):
            copy(mem, x1, src, i * e3, e3)
            copy(mem, pr, pre, i * wd, wd)
            self.exec(back)
            copy(dst, 2 * i * wd, mem, y1 if yx else x1, wd)
            copy(dst, (2 * i + 1) * wd, mem, x1 if yx else y1, wd)
        return dst

    def comb(self, kp, nk, T, nblk, d, tabs, qoff):
        # The signed comb of mul_base (both limb backends) on the accumulator the caller set
        # to the identity: kp, the odd scalar (nk big-endian bytes), as T-tooth digits of
        # nblk blocks over d columns (comb_scalar, comb_digits); per column one P_DBL, then
        # per block the entry its digit picks from tabs[b] (select: every entry read; the
        # complement entry, negated, when the top tooth is -1) into the slots at word qoff
        # and P_MADD. The loop's instruction sequence depends on T, nblk and d only.
        L = T * nblk * d
        nb = (L + 7) // 8
        cb = bytearray(nb)  # bit j of c: signed bit j of k is 2 c_j - 1
        comb_scalar(cb, nb, kp, nk, L - 1)
        digs = bytearray(d * nblk)
        comb_digits(digs, cb, nb, T, nblk, d)
        mem = self.mem
        run = self.run
        minv = self.minv
        mm = self.mm
        actx = self.actx
        dbl = self.P_DBL
        madd = self.P_MADD
        ndbl = len(dbl) >> 2
        nadd = len(madd) >> 2
        wd = self.wd
        n = self.N
        top = T - 1
        nent = 1 << top
        emask = nent - 1
        ent = 2 * wd
        i = 0
        for col in range(d):
            run(0, 0, 0, dbl, ndbl, mem, minv, mm, actx)
            for b in range(nblk):
                dig = digs[i]
                i += 1
                m = (dig >> top) - 1  # -1 when the top tooth is -1: complement, negated
                select(0, 0, 0, mem, qoff, tabs[b], nent, ent, (dig ^ m) & emask, wd, n, m & 1)
                run(0, 0, 0, madd, nadd, mem, minv, mm, actx)

    def repeat(self, prog8, k):
        # k runs of a program of which prog8 holds 8 copies, up to 8 per call (runs of
        # doublings in verification).
        n1 = len(prog8) >> 5
        while k > 0:
            c = k if k < 8 else 8
            self.exec(prog8, c * n1)
            k -= c


def gray_steps(nent):
    # ``field.bigint.gray_steps`` (the portable comb shares it), for the limb backends,
    # which reach the engine's helpers as ``_fe``.
    from mpcrypto.ec.field.bigint import gray_steps as steps

    return steps(nent)


# -- viper helpers (tables, tests) ---------------------------------------------------------
# Slots are whole 32-bit words (the kernels' STRIDE), so tables move as words. Offsets are
# in words unless said otherwise.


@micropython.viper
def select(m: uint, dd: ptr32, ee: ptr32, mem: ptr32, off: int, tab: ptr32, nent: int,
           ent: int, idx: int, yoff: int, n: int, neg: int):
    # mem[off : off + ent] = entry idx of tab (ent words per entry), reading every entry and
    # keeping one by mask; then the n limbs of Y at word off + yoff become p - Y if neg == 1
    # (p = the n limbs of slot 0; Y != 0), also by mask. m, dd, ee are scratch (pass 0: as
    # the first three arguments they live in registers); pointers advance, so the loads and
    # stores have constant offsets (faster than indexing on the unix port).
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
def comb_digits(out: ptr8, cb: ptr8, nb: int, teeth: int, nblk: int, d: int):
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
def cneg(mem: ptr16, off: int, n: int, neg: int):
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
def copy(dst: ptr32, doff: int, src: ptr32, soff: int, cnt: int):
    d = ptr32(int(dst) + 4 * doff)
    s = ptr32(int(src) + 4 * soff)
    k = 0
    while k < cnt:
        d[k] = s[k]
        k += 1


@micropython.viper
def is_zero(mem: ptr16, off: int, n: int) -> int:
    d = ptr16(int(mem) + 4 * off)
    acc = 0
    k = 0
    while k < n:
        acc |= d[k]
        k += 1
    return 1 if acc == 0 else 0


# -- secret scalars as bytes ----------------------------------------------------------------
# Secret scalars travel as fixed-length big-endian bytes and meet the arena through these, so
# no Python integer is ever made of them (on a 32-bit port an integer of 2**30 or more is a
# heap object whose cost depends on its value). Loops run over public lengths only.


@micropython.viper
def load_be(mem: ptr8, off: int, st: int, src: ptr8, n: int):
    # The st-byte slot at byte offset off = the n (<= st) big-endian bytes of src, as the
    # arena's little-endian limbs, zero above.
    d = ptr8(int(mem) + off)
    k = 0
    while k < n:
        d[k] = src[n - 1 - k]
        k += 1
    while k < st:
        d[k] = 0
        k += 1


@micropython.viper
def load_le(mem: ptr8, off: int, st: int, src: ptr8, soff: int, n: int):
    # The st-byte slot at byte offset off = the n (<= st) little-endian bytes src[soff:],
    # zero above.
    d = ptr8(int(mem) + off)
    s = ptr8(int(src) + soff)
    k = 0
    while k < n:
        d[k] = s[k]
        k += 1
    while k < st:
        d[k] = 0
        k += 1


@micropython.viper
def store_be(dst: ptr8, n: int, mem: ptr8, off: int):
    # dst[0:n] = the low n bytes of the slot at byte offset off, big-endian.
    s = ptr8(int(mem) + off)
    k = 0
    while k < n:
        dst[k] = s[n - 1 - k]
        k += 1


@micropython.viper
def odd_scalar(out: ptr8, k: ptr8, q: ptr8, nb: int, add: int) -> int:
    # out = k when k is odd, else q - k (add == 0) or k + q (add == 1), chosen by mask; k, q
    # and out are nb bytes big-endian (the caller leaves room for k + q). q is odd, so out
    # is odd. Returns 1 when k was even (the caller negates the result point for q - k).
    even = (k[nb - 1] & 1) ^ 1
    m = (0 - even) & 0xFF  # 0xFF when k is even
    c = 0  # borrow or carry
    i = nb - 1
    while i >= 0:
        kv = k[i]
        if add:  # public
            v = kv + q[i] + c
        else:
            v = q[i] - kv - c
        c = (v >> 8) & 1
        out[i] = (kv & (m ^ 0xFF)) | (v & m)
        i -= 1
    return even


@micropython.viper
def recode4(out: ptr8, kp: ptr8, nbk: int, nw: int):
    # Joye-Tunstall regular recoding (CHES 2009, Alg. 6) of an odd kp (nbk bytes, big-endian,
    # below 16^nw) into nw signed odd digits in [-15, 15] (the top digit 1 implicit), least
    # significant first, each stored as its low byte (two's complement): with u_i the 4-bit
    # digits of kp (u_nw = 0), v = u_i + c, d_i = ((v + 16 (u_(i+1) AND 1)) AND 31) - 16,
    # c = (v - d_i) / 16, as weierstrass_python._recode computes them, without a list or an
    # object per digit. Only the public bounds branch.
    c = 0
    nxt = kp[nbk - 1] & 15
    i = 0
    while i < nw:
        u = nxt
        j = i + 1
        b = nbk - 1 - (j >> 1)
        nxt = 0
        if j < nw and b >= 0:
            nxt = (kp[b] >> ((j & 1) << 2)) & 15
        v = u + c
        d = ((v + ((nxt & 1) << 4)) & 31) - 16
        c = (v - d) >> 4
        out[i] = d & 0xFF
        i += 1


@micropython.viper
def comb_scalar(out: ptr8, nbo: int, kp: ptr8, nbk: int, top: int):
    # out (nbo bytes, big-endian) = (kp >> 1) | 2^top for an odd kp < 2^(top + 1) of nbk
    # bytes: the signed comb's c = (k + 2^L - 1) / 2 with top = L - 1 (bit j of c says
    # whether signed digit j of k is +1 or -1).
    i = 0
    while i < nbo:  # byte i, from the least significant
        lo = 0
        hi = 0
        if i < nbk:
            lo = kp[nbk - 1 - i]
        if i + 1 < nbk:
            hi = kp[nbk - 2 - i]
        out[nbo - 1 - i] = ((lo >> 1) | (hi << 7)) & 0xFF
        i += 1
    j = nbo - 1 - (top >> 3)
    out[j] = out[j] | (1 << (top & 7))


# -- scalar schedules for public scalars (variable time) ---------------------------------


@micropython.viper
def wnaf(out: ptr8, kb: ptr8, nb: int, w: int):
    # The width-w NAF of the nb little-endian bytes at kb (the top byte 0: the last carry
    # ends inside) into out, one signed byte per bit position (8 nb of them): an odd digit
    # in (-2^(w-1), 2^(w-1)) at least w positions after the one before, 0 elsewhere. From
    # the bottom with a carry c: a bit equal to c gives no digit; else v = (the w bits from
    # here) + c is odd, the digit is v (minus 2^w with c = 1 when v >= 2^(w-1)). Public
    # scalars only: the loop branches on the bits.
    full = 1 << w
    half = full >> 1
    n = 8 * nb
    i = 0
    while i < n:
        out[i] = 0
        i += 1
    i = 0
    c = 0
    while i < n:
        j = i >> 3
        x = kb[j]
        if j + 1 < nb:
            x |= kb[j + 1] << 8
        if j + 2 < nb:
            x |= kb[j + 2] << 16
        x >>= i & 7
        v = (x + c) & (full - 1)
        if v & 1 == 0:
            c = ((x & 1) + c) >> 1
            i += 1
            continue
        if v >= half:
            v -= full
            c = 1
        else:
            c = 0
        out[i] = v & 0xFF
        i += w


@micropython.viper
def joint(out: ptr8, a: ptr8, b: ptr8, npos: int) -> int:
    # The interleaved (Shamir) schedule of two digit strings of npos positions (``wnaf``),
    # most significant first, 4 bytes per position with a digit: the doublings before it
    # (16 bits, little-endian; 0 for the first), a's digit, b's digit (signed bytes); then
    # one entry of the doublings after the last digit, digits 0. Returns the entry count.
    cnt = 0
    cur = -1
    i = npos - 1
    while i >= 0:
        if (a[i] | b[i]) != 0:
            gap = 0
            if cur >= 0:
                gap = cur - i
            o = 4 * cnt
            out[o] = gap & 0xFF
            out[o + 1] = (gap >> 8) & 0xFF
            out[o + 2] = a[i]
            out[o + 3] = b[i]
            cnt += 1
            cur = i
        i -= 1
    gap = 0
    if cur > 0:
        gap = cur
    o = 4 * cnt
    out[o] = gap & 0xFF
    out[o + 1] = (gap >> 8) & 0xFF
    out[o + 2] = 0
    out[o + 3] = 0
    return cnt + 1


def schedule(e1, w1, e2, w2):
    """The joint schedule of public e1, e2 >= 0 in widths w1, w2 (``wnaf``, ``joint``):
    (bytes, entry count), entry i at 4 i: doublings before (two bytes, little-endian), then
    the digits of e1 and e2 as signed bytes. Variable time."""
    nb = (max(_bits(e1), _bits(e2)) >> 3) + 2  # a zero top byte for the last carry
    npos = 8 * nb
    a = bytearray(npos)
    b = bytearray(npos)
    wnaf(a, e1.to_bytes(nb, "little"), nb, w1)
    wnaf(b, e2.to_bytes(nb, "little"), nb, w2)
    out = bytearray(4 * npos + 4)
    return out, joint(out, a, b, npos)


