"""MPI backend 'viper64': Montgomery arithmetic on 32-bit limbs, for ports whose viper words
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

from mpcrypto.pk import _mpi_common

LIMB_BITS = 32


@micropython.viper
def _wordbits() -> int:
    x = uint(1) << 31
    x = x << 1
    return 64 if x != uint(0) else 32


def probe():
    return _wordbits() == 64


@micropython.viper
def _mont(mem: ptr32, d: int, x: int, y: int, n: int, minv: uint, tf: int):
    # limbs d..d+n = x * y / R mod p (offsets in limbs; slot 0 holds p; t at limb tf).
    msk = uint(0xFFFF) << 16 | uint(0xFFFF)  # 2^32 - 1 without a big literal
    base = int(mem)
    p = ptr32(base)
    xp = ptr32(base + 4 * x)
    t = ptr32(base + 4 * tf)
    j = 0
    while j < n + 2:
        t[j] = 0
        j += 1
    i = 0
    while i < n:
        c = uint(xp[i])
        yp = ptr32(base + 4 * y)
        tp = t
        s = uint(0)
        j = n
        while j >= 4:  # t += c * y, four limbs per pass (pointers advance: constant offsets)
            s = uint(tp[0]) + c * uint(yp[0]) + (s >> 32)
            tp[0] = s
            s = uint(tp[1]) + c * uint(yp[1]) + (s >> 32)
            tp[1] = s
            s = uint(tp[2]) + c * uint(yp[2]) + (s >> 32)
            tp[2] = s
            s = uint(tp[3]) + c * uint(yp[3]) + (s >> 32)
            tp[3] = s
            tp = ptr32(int(tp) + 16)
            yp = ptr32(int(yp) + 16)
            j -= 4
        s = uint(t[n]) + (s >> 32)
        t[n] = s
        t[n + 1] = s >> 32
        # t = (t + m p) / 2^32 with m = t0 (-p^-1) mod 2^32
        m = (uint(t[0]) * minv) & msk
        s = (uint(t[0]) + m * uint(p[0])) >> 32
        j = 1
        while j < 4:  # limbs 1..3, then four per pass from limb 4 (N is a multiple of 4)
            s = uint(t[j]) + m * uint(p[j]) + s
            t[j - 1] = s
            s = s >> 32
            j += 1
        tp = ptr32(int(t) + 12)  # tp[k + 1] is t[j + k], stored back to tp[k] = t[j + k - 1]
        pp = ptr32(int(p) + 16)
        j = n - 4
        while j > 0:
            s = uint(tp[1]) + m * uint(pp[0]) + s
            tp[0] = s
            s = uint(tp[2]) + m * uint(pp[1]) + (s >> 32)
            tp[1] = s
            s = uint(tp[3]) + m * uint(pp[2]) + (s >> 32)
            tp[2] = s
            s = uint(tp[4]) + m * uint(pp[3]) + (s >> 32)
            tp[3] = s
            s = s >> 32
            tp = ptr32(int(tp) + 16)
            pp = ptr32(int(pp) + 16)
            j -= 4
        s = uint(t[n]) + s
        t[n - 1] = s
        t[n] = uint(t[n + 1]) + (s >> 32)
        i += 1
    # d = t - p unless that borrows (t < p), chosen by mask; d may be x or y (read above).
    dp = ptr32(base + 4 * d)
    s = uint(0)
    j = 0
    while j < n:
        s = uint(t[j]) - uint(p[j]) - ((s >> 32) & 1)
        dp[j] = s
        j += 1
    s = uint(t[n]) - ((s >> 32) & 1)
    m = (uint(0) - ((s >> 32) & 1)) & msk
    c = m ^ msk
    j = 0
    while j < n:
        dp[j] = (uint(dp[j]) & c) | (uint(t[j]) & m)
        j += 1


class Ctx(_mpi_common.Ctx):
    def _bind(self):
        self.minv = _mpi_common.neg_inv(self.n, 32)
        self._k = _mont

    def mul(self, d, x, y):
        o = self.o0
        w = self.lw
        self._k(self.mem, o + d * w, o + x * w, o + y * w, self.nl, self.minv, w)


def new(n, nslots, nlimbs):
    return Ctx(n, nslots, nlimbs, 32)
