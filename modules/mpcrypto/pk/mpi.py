"""The MPI engine: modular arithmetic on an arena of fixed-size values, for odd moduli of
512..4096 bits (any size works; the sizes the library uses are those).

``new(n, nslots)`` gives a Montgomery context from the backend the seam chose (primitive
``"mpi"``): ``thumb`` (Thumb-2 UMAAL multiplier on 32-bit words, chosen by CPUID on bare-metal
Cortex-M4/M7/M55/M85), ``viper64`` (32-bit limbs, 64-bit ports), ``viper`` (16-bit limbs, every
port with viper), ``python`` (built-in integers). ``basic(n, nslots)`` and ``barrett(n, nslots)`` give
contexts with the same surface whose multiplication reduces a full product by division
(Basic) or by Barrett's method (HAC 14.42); they exist for the exponentiation table of
``bench/bench_modexp.py`` and run on built-in integers on every port.

The context surface (slots are numbered 0 .. nslots-1; nothing is allocated per operation by
the limb backends):

- ``put(d, v)`` / ``get(d)``: an integer in [0, n) in / out of slot d (conversion: allocates).
- ``put_be(d, b)``: slot d = the big-endian bytes b (a secret operand without an integer).
- ``to_mont(d, x)`` / ``from_mont(d, x)``: into / out of Montgomery form (identity for Basic
  and Barrett); ``one(d)``: the form of 1.
- ``mul(d, x, y)``, ``sqr(d, x)``: d = x * y (Montgomery product in Montgomery form). d may be x
  or y. ``sqrn(d, k)``: slot d squared k times in place (one kernel call on ``thumb``).
- ``copy(d, x)``; ``select(d, base, cnt, idx)``: d = slot base + idx, reading all cnt slots
  and keeping one by mask (constant-time table lookup); ``cswap(a, b, bit)``: swap a and b
  when bit is 1, by mask.

Constant time: the limb backends' operations run a fixed instruction sequence for a given
size. Conversions (``put`` / ``get``), the set-up of R^2 mod n and Basic / Barrett / python
use built-in integers, which MicroPython does not make constant time.
"""

from mpcrypto import _backend
from mpcrypto._util import bits

_PRIM = "mpi"
_CHAIN = (("thumb", "mpcrypto.pk.mpi_thumb", "umaal"),
          ("viper64", "mpcrypto.pk.mpi_viper64", None),
          ("viper", "mpcrypto.pk.mpi_viper", None),
          ("python", "mpcrypto.pk.mpi_python", None))


def backends():
    return _backend.available(_PRIM, _CHAIN)


def backend():
    return _backend.select(_PRIM, _CHAIN)[0]


def nlimbs(n):
    # 16-bit limbs for the modulus n: a multiple of 8 (128-bit steps), so both limb kernels
    # run their inner loops four limbs at a time and R = 2^(16 nlimbs) is the same for all.
    return ((bits(n) + 127) >> 7) << 3


def _check(n):
    if type(n) is not int or n < 3 or not n & 1:
        raise ValueError("modulus must be odd and > 1")


def new(n, nslots):
    """A Montgomery context for the odd modulus n with nslots value slots."""
    _check(n)
    return _backend.select(_PRIM, _CHAIN)[1].new(n, nslots, nlimbs(n))


class Basic:
    """Schoolbook reduction: d = x * y mod n by the built-in division."""

    def __init__(self, n, nslots):
        self.n = n
        self.s = [0] * nslots

    def put(self, d, v):
        self.s[d] = v

    def put_be(self, d, b):
        self.s[d] = int.from_bytes(b, "big")

    def get(self, d):
        return self.s[d]

    def mul(self, d, x, y):
        s = self.s
        s[d] = self._red(s[x] * s[y])

    def sqr(self, d, x):
        v = self.s[x]
        self.s[d] = self._red(v * v)

    def sqrn(self, d, k):
        # slot d squared k times in place
        for _ in range(k):
            self.sqr(d, d)

    def _red(self, t):
        return t % self.n

    def to_mont(self, d, x):
        self.s[d] = self.s[x]

    from_mont = to_mont

    def one(self, d):
        self.s[d] = 1

    def copy(self, d, x):
        self.s[d] = self.s[x]

    def select(self, d, base, cnt, idx):
        acc = 0
        s = self.s
        for j in range(cnt):
            acc |= s[base + j] & -((((idx ^ j) - 1) >> 16) & 1)
        s[d] = acc

    def cswap(self, a, b, bit):
        s = self.s
        t = (s[a] ^ s[b]) & -bit
        s[a] ^= t
        s[b] ^= t


class Barrett(Basic):
    """Barrett reduction (HAC Algorithm 14.42 with radix b = 2, k = bits of n):
    mu = floor(4^k / n); q = ((t >> (k-1)) mu) >> (k+1); r = t - q n, then at most two
    subtractions of n. Multiplications and shifts only, no division after set-up."""

    def __init__(self, n, nslots):
        Basic.__init__(self, n, nslots)
        k = bits(n)
        self.k1 = k - 1
        self.k2 = k + 1
        self.mu = (1 << (2 * k)) // n

    def _red(self, t):
        n = self.n
        r = t - (((t >> self.k1) * self.mu) >> self.k2) * n
        if r >= n:
            r -= n
            if r >= n:
                r -= n
        return r


def basic(n, nslots):
    _check(n)
    return Basic(n, nslots)


def barrett(n, nslots):
    _check(n)
    return Barrett(n, nslots)
