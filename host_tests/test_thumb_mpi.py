"""The MPI engine's Thumb-2 UMAAL Montgomery multiplier (modules/mpcrypto/pk/mpi_thumb.py),
run as machine code on emulated Cortex-M cores (tools/thumb_emu.py, unicorn).

The code is what ``mpy-cross -march=armv7emsp`` makes of ``pk/mpi_thumb.py`` (read by
``tools/mpy_reader.py``), called with MicroPython's asm_thumb convention and the context
layout ``mpi_thumb.Ctx`` builds. No MicroPython binary and no device: these tests run on the
host under every ``--target``.

- ``_mont`` for N = 4 .. 128 words (the MPI engine's sizes: 128-bit steps, 512..4096-bit
  moduli) against Python integers (x y / 2^(32N) mod p) on Cortex-M4, M7 and M33, with edge
  operands (0, 1, p - 1, R mod p), random ones, and the destination aliasing x, y or both;
  scratch filled with junk before each call;
- one instruction count per N whatever the operands (constant time at the instruction
  level), the same on every core, and its formula in N (printed: the instructions per
  2048-bit CRT half-multiplication);
- ``cpu_part`` against the CPUID model; Cortex-M3 faults on ``_mont`` (no UMAAL), which is why
  ``probe`` reads CPUID; the accepted part numbers are cores where it runs.
"""

import pathlib
import random
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import thumb_counts as tc  # noqa: E402
import thumb_emu  # noqa: E402

SRC = ROOT / "modules" / "mpcrypto" / "pk" / "mpi_thumb.py"
CORES = ("cortex-m4", "cortex-m7", "cortex-m33")
WORDS = (4, 8, 16, 32, 64, 128)
JUNK = 0xA5


@pytest.fixture(autouse=True)
def _unix_only():
    """Overrides conftest's fixture of the same name: nothing here needs a target."""


@pytest.fixture(scope="module")
def mpy():
    return tc.compile_module(SRC)


class Mont:
    def __init__(self, core, mpy, nmax=128):
        self.core = c = thumb_emu.Core(core)
        self.addr = thumb_emu.load_asm(c, mpy)
        self.ctx = c.alloc(36)
        self.p, self.t, self.x, self.y, self.d = (c.alloc(4 * nmax + 8) for _ in range(5))

    def set_modulus(self, n, p):
        self.n, self.pv = n, p
        self.core.write_int(self.p, p, 4 * n)

    def mul(self, x, y, alias=None):
        c, n = self.core, self.n
        nb = 4 * n
        c.write(self.ctx, bytes([JUNK]) * 36)
        c.write(self.t, bytes([JUNK]) * (nb + 8))
        c.write_words(self.ctx, [self.p, tc.neg_inv32(self.pv), self.t, self.t + nb, self.t + nb - 4])
        xa, ya, da = self.x, self.y, self.d
        if alias == "dx":
            da = xa
        elif alias == "dy":
            da = ya
        elif alias == "xy":
            ya = xa
        elif alias == "dxy":
            ya = da = xa
        c.write(self.d, bytes([JUNK]) * nb)
        c.write_int(xa, x, nb)
        if ya != xa:
            c.write_int(ya, y, nb)
        _, insns = c.call(self.addr["_mont"], da, xa, ya, self.ctx, max_insns=1 << 24)
        return c.read_int(da, nb), insns


def _want(x, y, p, n):
    return x * y * pow(1 << (32 * n), -1, p) % p


def _moduli(n, rng):
    top = (1 << (32 * n)) - 1
    return [top, top - 2 * rng.randrange(1 << 20), (1 << (32 * n - 1)) + 1, rng.getrandbits(32 * n) | (1 << (32 * n - 1)) | 1,
            rng.getrandbits(32 * n - 16) | 1 << (32 * n - 17) | 1]


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize("n", WORDS)
def test_mont(mpy, core, n):
    rng = random.Random(n)
    u = Mont(core, mpy)
    counts = set()
    for p in _moduli(n, rng):
        u.set_modulus(n, p)
        R = 1 << (32 * n)
        edges = [0, 1, p - 1, R % p, p >> 1]
        cases = [(x, y, None) for x in edges for y in edges]
        cases += [(rng.randrange(p), rng.randrange(p), None) for _ in range(4 if n >= 64 else 10)]
        cases += [(rng.randrange(p), rng.randrange(p), a) for a in ("dx", "dy")]
        cases += [(x, x, a) for x in (rng.randrange(p), p - 1) for a in ("xy", "dxy")]
        for x, y, alias in cases:
            d, insns = u.mul(x, y, alias)
            counts.add(insns)
            assert d == _want(x, y, p, n), (core, n, hex(p), x, y, alias)
    assert len(counts) == 1, sorted(counts)


def test_counts_same_on_every_core_and_quadratic(mpy):
    got = {}
    for core in CORES:
        u = Mont(core, mpy)
        for n in WORDS:
            u.set_modulus(n, (1 << (32 * n)) - 1)
            got[(core, n)] = u.mul(3, 5)[1]
    for n in WORDS:
        assert len({got[(c, n)] for c in CORES}) == 1
    c = [got[("cortex-m4", n)] for n in WORDS]
    # second differences of a quadratic a N^2 + b N + c on N = 4, 8, 16, ...: fit on three
    # points, check the others
    n0, n1, n2 = WORDS[:3]
    import fractions

    F = fractions.Fraction
    a = (F(c[2] - c[1], n2 - n1) - F(c[1] - c[0], n1 - n0)) / (n2 - n0)
    b = F(c[1] - c[0], n1 - n0) - a * (n1 + n0)
    k = c[0] - a * n0 * n0 - b * n0
    for n, v in zip(WORDS, c):
        assert a * n * n + b * n + k == v, (n, v)
    print("\nmpi_thumb _mont instructions: %s N^2 + %s N + %s; N=32 (1024-bit): %d, N=64: %d"
          % (a, b, k, got[("cortex-m4", 32)], got[("cortex-m4", 64)]))
    # per four words: 4 x (ldr, ldr, umaal, str) in each chain, plus the loop control (add,
    # add, cmp, bne: 4; the reduction's pre-checked loop cmp, beq, add, add, b: 5)
    assert a == F(41, 4)


def test_cpu_part_and_m3_faults(mpy):
    parts = {}
    for core in ("cortex-m3", "cortex-m4", "cortex-m7", "cortex-m33"):
        u = Mont(core, mpy)
        part = u.core.call(u.addr["cpu_part"])[0]
        u.set_modulus(4, (1 << 128) - 1)
        try:
            u.mul(3, 5)
            parts[part] = True
        except thumb_emu.Fault:
            parts[part] = False
    assert parts == {0xC23: False, 0xC24: True, 0xC27: True, 0xD21: True}
    accepted = set(tc._literal(SRC, "UMAAL_PARTS"))
    assert accepted == {0xC24, 0xC27, 0xD22, 0xD23}
    assert all(parts[p] for p in accepted if p in parts)
