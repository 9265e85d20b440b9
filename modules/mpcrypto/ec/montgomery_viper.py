"""X25519 and X448 (RFC 7748 §5) on fixed-size limbs in viper (no allocation per field
operation). Seam primitive "ec_montgomery"; same surface as ``montgomery_python``::

    ctx = new(curve)              # curve: mpcrypto.ec.curves.CURVE25519 or CURVE448
    ctx.x(k, u) -> bytes          # RFC 7748 §5 X25519 / X448 of encoded k and u

Decoding, clamping and the ladder are §5's, as in ``montgomery_python``: a fixed number of
ladder steps (255 / 448), the conditional swap of (x2, z2) and (x3, z3) done by masks on
machine words (``_cswap``), the final inversion Fermat's z^(p-2) with fixed 4-bit windows
over the public exponent. The field arithmetic is the limb engine
(``field.engine``) with the generated Montgomery kernels (``field/v16_16`` for 2^255 - 19,
``field/v16_28`` for 2^448 - 2^224 - 1; the 32-bit-limb ``field/v32_8`` / ``v32_14`` where
viper words are 64 bits; UMAAL multiplications on Cortex-M4/M7/M55/M85): one ladder step is one call running
the §5 step as a field program.

Constant time: every field operation is straight-line code whose instructions do not depend
on the values, the swap is masked, and the step sequence is fixed: no branch and no index
on a secret bit. Only decoding u and encoding the result use big integers (public values
and the output). Heap: the arena is allocated per context; one X25519 then allocates only
its small byte strings.
"""

import micropython

from mpcrypto.ec.curves import _bits
from mpcrypto.ec.field import engine as _fe


def probe():
    # A field kernel for some size, or the Thumb-2 runners that stand in for them.
    return _fe.usable()


# Every slot name the ladder step uses, spelled out so that each is an interned string (no
# heap for the assembler's tokens; see ``engine.Asm.ops``).
NAMES = ("A", "A24", "AA", "B", "BB", "C", "CB", "D", "DA", "E", "U2", "U3", "W2", "W3")


# RFC 7748 §5 ladder step on (U2:W2) = (x2:z2), (U3:W3) = (x3:z3), with X1 = u.
_STEP = """
A = U2 + W2
AA = A * A
B = U2 - W2
BB = B * B
E = AA - BB
C = U3 + W3
D = U3 - W3
DA = D * A
CB = C * B
U3 = DA + CB
U3 = U3 * U3
W3 = DA - CB
W3 = W3 * W3
W3 = X1 * W3
U2 = AA * BB
W2 = A24 * E
W2 = AA + W2
W2 = E * W2
"""


@micropython.viper
def _cswap(mem: ptr32, a: int, b: int, cnt: int, swap: int):
    # Swap the cnt words at word offsets a and b of mem when swap == 1, by mask.
    m = uint(0) - uint(swap)  # all ones or 0; only ever ANDed into 32-bit loads and stored
    x = ptr32(int(mem) + 4 * a)
    y = ptr32(int(mem) + 4 * b)
    k = 0
    while k < cnt:
        d = (uint(x[k]) ^ uint(y[k])) & m
        x[k] = uint(x[k]) ^ d
        y[k] = uint(y[k]) ^ d
        k += 1


class _Ladder(_fe.Arena):
    def __init__(self, curve):
        p = curve.p
        self.p = p
        self.size = curve.size
        self.bits = 255 if curve.size == 32 else 448
        asm = _fe.Asm(1)
        for name in ("U2", "W2", "U3", "W3", "A24"):  # (U2, W2) and (U3, W3) adjacent
            asm.slot(name)
        self.P_STEP = asm.ops(_STEP)
        self.P_INV = _fe.pow_prog(asm, p - 2)
        sl = asm.slots
        MUL = _fe.MUL
        self.P_OUT = bytes((MUL, sl["U2"], sl["U2"], sl["INV"], MUL, sl["U2"], sl["U2"], sl["ONE"]))
        self.P_IN = bytes((MUL, sl["X1"], sl["X1"], sl["R2"]))
        R = self.bind(_fe.kernel(_bits(p), _fe.wide()), sl, p)
        # a24 = (A - 2) / 4 (RFC 7748 §5: 121665 for curve25519, 39081 for curve448).
        self.put("A24", (curve.A - 2) // 4 * R % p)
        self.ONEM = R % p
        self.o2 = self.woff("U2")
        self.o3 = self.woff("U3")
        self.wd2 = 2 * self.wd

    def x(self, k, u):
        p = self.p
        kb = bytearray(k)
        ub = bytearray(u)
        if self.size == 32:  # decodeScalar25519, decodeUCoordinate
            kb[0] &= 248
            kb[31] &= 127
            kb[31] |= 64
            ub[31] &= 127
        else:  # decodeScalar448
            kb[0] &= 252
            kb[55] |= 128
        self.put("X1", int.from_bytes(ub, "little") % p)
        mem = self.mem
        run = self.run
        minv = self.minv
        mm = self.mm
        actx = self.actx
        run(0, 0, 0, self.P_IN, 1, mem, minv, mm, actx)
        # x2 = 1, z2 = 0, x3 = u, z3 = 1 (Montgomery form).
        self.put("U2", self.ONEM)
        self.put("W2", 0)
        sl = self.slots
        st = self.st
        o = sl["X1"] * st
        mem[sl["U3"] * st:sl["U3"] * st + st] = mem[o:o + st]
        self.put("W3", self.ONEM)
        step = self.P_STEP
        nstep = len(step) >> 2
        o2 = self.o2
        o3 = self.o3
        cnt = self.wd2
        swap = 0
        for t in range(self.bits - 1, -1, -1):
            kt = (kb[t >> 3] >> (t & 7)) & 1
            _cswap(mem, o2, o3, cnt, swap ^ kt)
            swap = kt
            run(0, 0, 0, step, nstep, mem, minv, mm, actx)
        _cswap(mem, o2, o3, cnt, swap)
        o = sl["W2"] * st
        mem[sl["INV"] * st:sl["INV"] * st + st] = mem[o:o + st]
        run(0, 0, 0, self.P_INV, len(self.P_INV) >> 2, mem, minv, mm, actx)
        run(0, 0, 0, self.P_OUT, 2, mem, minv, mm, actx)
        o = sl["U2"] * st
        return bytes(mem[o:o + self.size])


def new(curve):
    """A per-curve ladder context (see the module docstring for its surface)."""
    return _Ladder(curve)
