"""Writes ``modules/mpcrypto/pk/mpi_viper.py`` (16-bit limbs, every port) and ``mpi_viper64.py``
(32-bit limbs, ports whose viper words are 64 bits): the same CIOS Montgomery kernel
``_mont`` and context class at two limb sizes.

    python -m tools.viper.gen_mpi          # rewrite both modules
    python -m tools.viper.gen_mpi --check  # exit 1 if a module is not what this writes

``BODY`` is the kernel and the class once, with the limb size as ``{bits}`` (16 or 32), its
pointer type ``{ptr}``, its bytes ``{size}`` (and the pointer steps of four and three limbs,
``{size4}``, ``{size3}``) and the limb mask ``{msk}`` (2^32 - 1 is built from two halves: no
literal of 2^30 or more, VIPER.md rule 1). ``HEAD16`` / ``HEAD64``: each module's docstring,
imports and (64-bit) probe, as text.
"""

import sys

from tools import ROOT
from tools.gen import generated_line, write_or_check

DIR = ROOT / "modules" / "mpcrypto" / "pk"
TOOL = "tools.viper.gen_mpi"

MSK = {16: "msk = uint(0xFFFF)", 32: "msk = uint(0xFFFF) << 16 | uint(0xFFFF)  # 2^32 - 1 without a big literal"}


def generate(bits):
    """The text of mpi_viper.py (bits 16) or mpi_viper64.py (bits 32)."""
    s = bits // 8
    body = BODY.format(msk=MSK[bits], ptr="ptr%d" % bits, bits=bits, size=s, size4=4 * s, size3=3 * s)
    return generated_line(TOOL) + (HEAD16 if bits == 16 else HEAD64) + body


def main(argv=None):
    rc = write_or_check(DIR / "mpi_viper.py", lambda: generate(16), TOOL, argv)
    return rc | write_or_check(DIR / "mpi_viper64.py", lambda: generate(32), TOOL, argv)


HEAD16 = '''"""MPI backend 'viper': Montgomery arithmetic on 16-bit limbs in one arena (every port with
viper: Cortex-M and the unix port give the same answers).

Arena layout (``bytearray``, little-endian 16-bit limbs, slots of ``st`` bytes): slot 0 the
modulus n, slots 1-2 the CIOS accumulator t (N + 2 limbs), slot 3 R^2 mod n, slot 4 the
plain 1, then the caller's ``nslots`` slots (numbered from 0 by the caller). Nothing is
allocated per operation: every op is one viper call on the arena.

Word discipline (shared VIPER.md): limbs are 16 bits, so a limb product plus a limb plus a
carry, (2^16 - 1)^2 + 2 (2^16 - 1) = 2^32 - 1, fits a 32-bit uint exactly; stores through
ptr16 truncate; a borrow is bit 16 of a difference in [-2^16, 2^16), the same bit on 32- and
64-bit words. No literal reaches 2^30.

Montgomery multiplication: CIOS (Koc, Acar, Kaliski, "Analyzing and comparing Montgomery
multiplication algorithms", IEEE Micro 1996), R = 2^(16 N), a masked final subtraction.
Constant time: the instruction sequence of every kernel depends only on N (and on the table
size for ``select``), never on the values.
"""

import micropython

from mpcrypto._util import neg_inv
from mpcrypto.pk import _mpi_common

LIMB_BITS = 16


'''

HEAD64 = '''"""MPI backend 'viper64': Montgomery arithmetic on 32-bit limbs, for ports whose viper words
are 64 bits (the unix port on x86-64 / AArch64): a quarter of the limb products of
``mpi_viper``. Same arena and surface (``mpcrypto.pk._mpi_common``), same R = 2^(16 nlimbs).

64-BIT PORTS ONLY: a product of two 32-bit limbs plus a limb plus a carry,
(2^32 - 1)^2 + 2 (2^32 - 1) = 2^64 - 1, needs a 64-bit uint. The module compiles everywhere;
``probe()`` admits it only where viper words are 64 bits. Stores through ptr32 truncate to 32
bits; a borrow is bit 32 of a difference in [-2^32, 2^32).

CIOS Montgomery multiplication (Koc, Acar, Kaliski 1996) with a masked final subtraction:
the instruction sequence depends only on the limb count.
"""

import micropython

from mpcrypto._util import neg_inv
from mpcrypto.pk import _mpi_common

LIMB_BITS = 32


@micropython.viper
def _wordbits() -> int:
    x = uint(1) << 31
    x = x << 1
    return 64 if x != uint(0) else 32


def probe():
    return _wordbits() == 64


'''

BODY = '''@micropython.viper
def _mont(mem: {ptr}, d: int, x: int, y: int, n: int, minv: uint, tf: int):
    # limbs d..d+n = x * y / R mod p (offsets in limbs; slot 0 holds p; t at limb tf).
    {msk}
    base = int(mem)
    p = {ptr}(base)
    xp = {ptr}(base + {size} * x)
    t = {ptr}(base + {size} * tf)
    j = 0
    while j < n + 2:
        t[j] = 0
        j += 1
    i = 0
    while i < n:
        c = uint(xp[i])
        yp = {ptr}(base + {size} * y)
        tp = t
        s = uint(0)
        j = n
        while j >= 4:  # t += c * y, four limbs per pass (pointers advance: constant offsets)
            s = uint(tp[0]) + c * uint(yp[0]) + (s >> {bits})
            tp[0] = s
            s = uint(tp[1]) + c * uint(yp[1]) + (s >> {bits})
            tp[1] = s
            s = uint(tp[2]) + c * uint(yp[2]) + (s >> {bits})
            tp[2] = s
            s = uint(tp[3]) + c * uint(yp[3]) + (s >> {bits})
            tp[3] = s
            tp = {ptr}(int(tp) + {size4})
            yp = {ptr}(int(yp) + {size4})
            j -= 4
        s = uint(t[n]) + (s >> {bits})
        t[n] = s
        t[n + 1] = s >> {bits}
        # t = (t + m p) / 2^{bits} with m = t0 (-p^-1) mod 2^{bits}
        m = (uint(t[0]) * minv) & msk
        s = (uint(t[0]) + m * uint(p[0])) >> {bits}
        j = 1
        while j < 4:  # limbs 1..3, then four per pass from limb 4 (N is a multiple of 4)
            s = uint(t[j]) + m * uint(p[j]) + s
            t[j - 1] = s
            s = s >> {bits}
            j += 1
        tp = {ptr}(int(t) + {size3})  # tp[k + 1] is t[j + k], stored back to tp[k] = t[j + k - 1]
        pp = {ptr}(int(p) + {size4})
        j = n - 4
        while j > 0:
            s = uint(tp[1]) + m * uint(pp[0]) + s
            tp[0] = s
            s = uint(tp[2]) + m * uint(pp[1]) + (s >> {bits})
            tp[1] = s
            s = uint(tp[3]) + m * uint(pp[2]) + (s >> {bits})
            tp[2] = s
            s = uint(tp[4]) + m * uint(pp[3]) + (s >> {bits})
            tp[3] = s
            s = s >> {bits}
            tp = {ptr}(int(tp) + {size4})
            pp = {ptr}(int(pp) + {size4})
            j -= 4
        s = uint(t[n]) + s
        t[n - 1] = s
        t[n] = uint(t[n + 1]) + (s >> {bits})
        i += 1
    # d = t - p unless that borrows (t < p), chosen by mask; d may be x or y (read above).
    dp = {ptr}(base + {size} * d)
    s = uint(0)
    j = 0
    while j < n:
        s = uint(t[j]) - uint(p[j]) - ((s >> {bits}) & 1)
        dp[j] = s
        j += 1
    s = uint(t[n]) - ((s >> {bits}) & 1)
    m = (uint(0) - ((s >> {bits}) & 1)) & msk
    c = m ^ msk
    j = 0
    while j < n:
        dp[j] = (uint(dp[j]) & c) | (uint(t[j]) & m)
        j += 1


class Ctx(_mpi_common.Ctx):
    def _bind(self):
        self.minv = neg_inv(self.n, {bits})
        self._k = _mont

    def mul(self, d, x, y):
        o = self.o0
        w = self.lw
        self._k(self.mem, o + d * w, o + x * w, o + y * w, self.nl, self.minv, w)


def new(n, nslots, nlimbs):
    return Ctx(n, nslots, nlimbs, {bits})
'''


if __name__ == "__main__":
    sys.exit(main())
