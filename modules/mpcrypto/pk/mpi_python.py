"""MPI backend 'python': Montgomery arithmetic on built-in integers (portable, every port).

The same surface as ``mpi_viper`` (see ``mpcrypto.pk.mpi``): ``new(n, nslots)`` gives a
context whose slots are list items. R = 2^(16 * limbs) with the same limb count as the viper
backend, so Montgomery forms agree (only values leaving through ``get`` are compared).

NOT constant time: MicroPython's big integers take time that depends on their values, and
every operation allocates. This backend exists so that every port has an answer, and as the
reference the limb backends are tested against.
"""

LIMB_BITS = 16


class Ctx:
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

    def put(self, d, v):
        self.s[d] = v

    def put_be(self, d, b):
        self.s[d] = int.from_bytes(b, "big")

    def get(self, d):
        return self.s[d]

    def _redc(self, t):
        # Montgomery reduction (REDC, Montgomery 1985): t R^-1 mod n for t < n R.
        m = ((t & self.mask) * self.ninv) & self.mask
        t = (t + m * self.n) >> self.rbits
        return t - self.n if t >= self.n else t

    def mul(self, d, x, y):
        s = self.s
        s[d] = self._redc(s[x] * s[y])

    def sqr(self, d, x):
        v = self.s[x]
        self.s[d] = self._redc(v * v)

    def sqrn(self, d, k):
        # slot d squared k times in place
        for _ in range(k):
            self.sqr(d, d)

    def to_mont(self, d, x):
        self.s[d] = self._redc(self.s[x] * self.r2)

    def from_mont(self, d, x):
        self.s[d] = self._redc(self.s[x])

    def one(self, d):
        self.s[d] = self.r1

    def copy(self, d, x):
        self.s[d] = self.s[x]

    def select(self, d, base, cnt, idx):
        # s[d] = s[base + idx], every entry read and combined by mask (the masks are the same
        # work for every entry; the big integers themselves are not constant time).
        acc = 0
        s = self.s
        for j in range(cnt):
            m = -((((idx ^ j) - 1) >> 16) & 1)
            acc |= s[base + j] & m
        s[d] = acc

    def cswap(self, a, b, bit):
        s = self.s
        m = -bit
        t = (s[a] ^ s[b]) & m
        s[a] ^= t
        s[b] ^= t


def new(n, nslots, nlimbs):
    return Ctx(n, nslots, nlimbs)
