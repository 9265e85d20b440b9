"""MPI backend 'python': Montgomery arithmetic on built-in integers (portable, every port).

The same surface as ``mpi_viper`` (see ``mpcrypto.pk.mpi``): ``new(n, nslots)`` gives a
context whose slots are list items. R = 2^(16 * limbs) with the same limb count as the viper
backend, so Montgomery forms agree (only values leaving through ``get`` are compared).

NOT constant time: MicroPython's big integers take time that depends on their values, and
every operation allocates. This backend exists so that every port has an answer, and as the
reference the limb backends are tested against.
"""

from mpcrypto.pk.mpi import Basic

LIMB_BITS = 16


class Ctx(Basic):
    # The slots, put/get, mul/sqr/sqrn, copy, select and cswap are mpi.Basic's, with REDC
    # as the reduction (_red) and values kept in Montgomery form.
    def __init__(self, n, nslots, nlimbs):
        self.n = n
        self.nlimbs = nlimbs
        self.rbits = 16 * nlimbs
        self.mask = (1 << self.rbits) - 1
        # -n^-1 mod R (Newton: each step doubles the correct low bits; n odd).
        inv = 1
        b = 1
        while b < self.rbits:
            b <<= 1
            inv = inv * (2 - n * inv) & self.mask
        self.ninv = (-inv) & self.mask
        self.s = [0] * nslots
        self.r1 = (1 << self.rbits) % n  # R mod n: Montgomery 1
        self.r2 = (self.r1 * self.r1) % n  # R^2 mod n

    def _red(self, t):
        # Montgomery reduction (REDC, Montgomery 1985): t R^-1 mod n for t < n R.
        m = ((t & self.mask) * self.ninv) & self.mask
        t = (t + m * self.n) >> self.rbits
        return t - self.n if t >= self.n else t

    def to_mont(self, d, x):
        self.s[d] = self._red(self.s[x] * self.r2)

    def from_mont(self, d, x):
        self.s[d] = self._red(self.s[x])

    def one(self, d):
        self.s[d] = self.r1


def new(n, nslots, nlimbs):
    return Ctx(n, nslots, nlimbs)
