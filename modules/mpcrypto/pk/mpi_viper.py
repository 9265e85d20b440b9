"""MPI backend 'viper': Montgomery arithmetic on 16-bit limbs in one arena (every port with
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

from mpcrypto.pk import _mpi_common

LIMB_BITS = 16


@micropython.viper
def _mont(mem: ptr16, d: int, x: int, y: int, n: int, minv: uint, tf: int):
    # limbs d..d+n = x * y / R mod p (offsets in limbs; slot 0 holds p; t at limb tf).
    msk = uint(0xFFFF)
    base = int(mem)
    p = ptr16(base)
    xp = ptr16(base + 2 * x)
    t = ptr16(base + 2 * tf)
    j = 0
    while j < n + 2:
        t[j] = 0
        j += 1
    i = 0
    while i < n:
        c = uint(xp[i])
        yp = ptr16(base + 2 * y)
        tp = t
        s = uint(0)
        j = n
        while j >= 4:  # t += c * y, four limbs per pass (pointers advance: constant offsets)
            s = uint(tp[0]) + c * uint(yp[0]) + (s >> 16)
            tp[0] = s
            s = uint(tp[1]) + c * uint(yp[1]) + (s >> 16)
            tp[1] = s
            s = uint(tp[2]) + c * uint(yp[2]) + (s >> 16)
            tp[2] = s
            s = uint(tp[3]) + c * uint(yp[3]) + (s >> 16)
            tp[3] = s
            tp = ptr16(int(tp) + 8)
            yp = ptr16(int(yp) + 8)
            j -= 4
        s = uint(t[n]) + (s >> 16)
        t[n] = s
        t[n + 1] = s >> 16
        # t = (t + m p) / 2^16 with m = t0 (-p^-1) mod 2^16
        m = (uint(t[0]) * minv) & msk
        s = (uint(t[0]) + m * uint(p[0])) >> 16
        j = 1
        while j < 4:  # limbs 1..3, then four per pass from limb 4 (N is a multiple of 4)
            s = uint(t[j]) + m * uint(p[j]) + s
            t[j - 1] = s
            s = s >> 16
            j += 1
        tp = ptr16(int(t) + 6)  # tp[k + 1] is t[j + k], stored back to tp[k] = t[j + k - 1]
        pp = ptr16(int(p) + 8)
        j = n - 4
        while j > 0:
            s = uint(tp[1]) + m * uint(pp[0]) + s
            tp[0] = s
            s = uint(tp[2]) + m * uint(pp[1]) + (s >> 16)
            tp[1] = s
            s = uint(tp[3]) + m * uint(pp[2]) + (s >> 16)
            tp[2] = s
            s = uint(tp[4]) + m * uint(pp[3]) + (s >> 16)
            tp[3] = s
            s = s >> 16
            tp = ptr16(int(tp) + 8)
            pp = ptr16(int(pp) + 8)
            j -= 4
        s = uint(t[n]) + s
        t[n - 1] = s
        t[n] = uint(t[n + 1]) + (s >> 16)
        i += 1
    # d = t - p unless that borrows (t < p), chosen by mask; d may be x or y (read above).
    dp = ptr16(base + 2 * d)
    s = uint(0)
    j = 0
    while j < n:
        s = uint(t[j]) - uint(p[j]) - ((s >> 16) & 1)
        dp[j] = s
        j += 1
    s = uint(t[n]) - ((s >> 16) & 1)
    m = (uint(0) - ((s >> 16) & 1)) & msk
    c = m ^ msk
    j = 0
    while j < n:
        dp[j] = (uint(dp[j]) & c) | (uint(t[j]) & m)
        j += 1


class Ctx(_mpi_common.Ctx):
    def _bind(self):
        self.minv = _mpi_common.neg_inv(self.n, 16)
        self._k = _mont

    def mul(self, d, x, y):
        o = self.o0
        w = self.lw
        self._k(self.mem, o + d * w, o + x * w, o + y * w, self.nl, self.minv, w)


def new(n, nslots, nlimbs):
    return Ctx(n, nslots, nlimbs, 16)
