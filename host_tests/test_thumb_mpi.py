"""The MPI engine's Thumb-2 UMAAL kernels (modules/mpcrypto/pk/mpi_thumb_asm.py, generated;
modules/mpcrypto/pk/mpi_thumb.py is their Python side), run as machine code on emulated
Cortex-M cores (tools/emu/thumb_emu.py, unicorn).

The code is what ``mpy-cross -march=armv7emsp`` makes of ``pk/mpi_thumb_asm.py`` (read by
``tools/emu/mpy_reader.py``), called with MicroPython's asm_thumb convention and the context
layout ``mpi_thumb.Ctx`` builds. No MicroPython binary and no device: these tests run on the
host under every ``--target``.

- ``_k`` (written by tools/thumb/gen_mpi.py, ``--check``ed here): op 0, the Montgomery product,
  for N = 4 .. 128 words (the MPI engine's sizes: 128-bit steps, 512..4096-bit
  moduli) against Python integers (x y / 2^(32N) mod p) on Cortex-M4, M7 and M33, with edge
  operands (0, 1, p - 1, R mod p), random ones, and the destination aliasing x, y or both;
  scratch filled with junk before each call;
- one instruction count per N whatever the operands (constant time at the instruction
  level), the same on every core, and its formula in N (printed: the instructions per
  2048-bit CRT half-multiplication);
- op 1 (k squarings: a cheaper count than the product from N = 16), op 2 (the constant-time
  table lookup, every index, the words above an entry untouched) and op 3 (the fixed-window
  digit loop, against pow, one count per exponent length whatever its value);
- Cortex-M3 faults on ``_mont`` (no UMAAL), which is why the backend requires feature ``umaal``
  (``mpcrypto._cpu``); the cores with it are cores where it runs.
"""

import pathlib
import random

import pytest

from tools.emu import thumb_counts as tc
from tools.emu import thumb_emu

ROOT = pathlib.Path(__file__).resolve().parent.parent

SRC = ROOT / "modules" / "mpcrypto" / "pk" / "mpi_thumb_asm.py"
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
        self.ctx = c.alloc(80)
        self.p, self.x, self.y, self.d = (c.alloc(4 * nmax + 8) for _ in range(4))
        self.t = c.alloc(8 * nmax + 16)  # arena slots 1-2: _sqr's 2N + 1 words

    def set_modulus(self, n, p):
        self.n, self.pv = n, p
        self.core.write_int(self.p, p, 4 * n)

    def mul(self, x, y, alias=None):
        c, n = self.core, self.n
        nb = 4 * n
        c.write(self.ctx, bytes([JUNK]) * 80)
        c.write(self.t, bytes([JUNK]) * (nb + 8))
        self._ctx_words(nb)
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
        _, insns = c.call(self.addr["_k"], da, xa, ya, self.ctx, max_insns=1 << 24)
        return c.read_int(da, nb), insns

    def _ctx_words(self, nb, base=0):
        # the layout mpi_thumb.Ctx writes; arena address 0 so offsets are addresses
        w = [self.p, tc.neg_inv32(self.pv), self.t, self.t + nb, self.t + nb - 4]
        self.core.write_words(self.ctx, w)
        self.core.write_words(self.ctx + 36, [base])
        self.core.write_words(self.ctx + 48, [nb + 8, 8])

    def sqr(self, x, k=1, alias=False):
        # _sqr: k squarings of x (d = x when alias); t gets 2N + 4 words of junk (slots 1-2)
        c, n = self.core, self.n
        nb = 4 * n
        c.write(self.ctx, bytes([JUNK]) * 80)
        c.write(self.t, bytes([JUNK]) * (nb + 8))
        self._ctx_words(nb)
        da = self.x if alias else self.d
        c.write(self.d, bytes([JUNK]) * nb)
        c.write_int(self.x, x, nb)
        _, insns = c.call(self.addr["_k"], da | 1, self.x, k, self.ctx, max_insns=1 << 26)
        return c.read_int(da, nb), insns

    def select(self, tab, entries, idx):
        # _select over the entries (ints) laid out as slots of 4N + 8 bytes from tab; the
        # destination (junk before the call) is returned with its two top words.
        c, n = self.core, self.n
        nb = 4 * n
        c.write(self.ctx, bytes([JUNK]) * 80)
        self._ctx_words(nb)
        for j, v in enumerate(entries):
            c.write(tab + j * (nb + 8), v.to_bytes(nb, "little") + bytes([JUNK]) * 8)
        c.write(self.d, bytes([JUNK]) * (nb + 8))
        _, insns = c.call(self.addr["_k"], self.d | 2, tab, idx | (len(entries) << 16), self.ctx,
                          max_insns=1 << 24)
        return c.read_int(self.d, nb), c.read(self.d + nb, 8), insns


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
    # per pair of rows and four words, in each of the two passes: two LDM of y (or p), two of
    # t, eight UMAAL, two stores, CMP and BNE: 16 for 8 products, so 4 N^2 over the N / 2 pairs
    assert a == 4


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize("n", WORDS)
def test_sqr(mpy, core, n):
    # _sqr against x^(2^k) / R^(2^k - 1)... i.e. k Montgomery squarings in Python, edge and
    # random operands, d aliasing x, one instruction count per (N, k), and cheaper than _mont
    rng = random.Random(100 + n)
    u = Mont(core, mpy)
    for p in _moduli(n, rng)[:3 if n >= 64 else 5]:
        u.set_modulus(n, p)
        R = 1 << (32 * n)
        xs = [0, 1, p - 1, R % p, p >> 1] + [rng.randrange(p) for _ in range(3 if n >= 64 else 8)]
        for k in (1, 3):
            counts = set()
            for i, x in enumerate(xs):
                want = x
                for _ in range(k):
                    want = _want(want, want, p, n)
                d, insns = u.sqr(x, k, alias=bool(i & 1))
                counts.add(insns)
                assert d == want, (core, n, k, hex(p), x)
            assert len(counts) == 1, sorted(counts)
            if k == 1:
                one = counts.pop()
                mont = u.mul(3, 5)[1]
                # the triangle of cross products, doubled: cheaper than the product from N = 16
                # (the MPI engine's smallest size), 0.88 at N = 32, 0.82 at 64
                if n >= 16:
                    assert one < {16: 1, 32: 0.9, 64: 0.85}.get(n, 0.8) * mont, (n, one, mont)
                if core == "cortex-m4":
                    print("\n_sqr N=%d: %d instructions (_mont %d, %.2f)" % (n, one, mont, one / mont))


@pytest.mark.parametrize("n", (4, 32, 64))
def test_select(mpy, n):
    # every index of 1..32-entry tables on Cortex-M4 and M7: the entry's N words, the words
    # above them untouched, and one instruction count per table size whatever the index
    rng = random.Random(n)
    for core in ("cortex-m4", "cortex-m7"):
        u = Mont(core, mpy)
        u.set_modulus(n, (1 << (32 * n)) - 1)
        tab = u.core.alloc(32 * (4 * n + 8))
        for cnt in (1, 2, 16, 32):
            entries = [rng.getrandbits(32 * n) for _ in range(cnt)]
            entries[-1] = (1 << (32 * n)) - 1
            counts = set()
            for idx in range(cnt):
                v, top, insns = u.select(tab, entries, idx)
                assert v == entries[idx], (core, n, cnt, idx)
                assert top == bytes([JUNK]) * 8
                counts.add(insns)
            assert len(counts) == 1, (core, n, cnt, sorted(counts))
            if core == "cortex-m4" and cnt == 32 and n >= 32:
                per_word = list(counts)[0] / (cnt * n)
                print("\n_select N=%d, 32 entries: %d instructions (%.2f per entry word)" % (n, list(counts)[0], per_word))
                assert per_word < 7


def test_umaal_cores_and_m3_faults(mpy):
    parts = {}
    for core in ("cortex-m3", "cortex-m4", "cortex-m7", "cortex-m33"):
        u = Mont(core, mpy)
        part = tc.load_cpu(core)[0].part()
        u.set_modulus(4, (1 << 128) - 1)
        try:
            u.mul(3, 5)
            parts[part] = True
        except thumb_emu.Fault:
            parts[part] = False
    assert parts == {0xC23: False, 0xC24: True, 0xC27: True, 0xD21: True}
    accepted = tc.cpu_parts("umaal")
    assert accepted == {0xC24, 0xC27, 0xD22, 0xD23}
    assert all(parts[p] for p in accepted if p in parts)


def test_generated_kernels_are_current():
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "tools.thumb.gen_mpi", "--check"], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize("n", (4, 32))
def test_fw(mpy, n):
    # _fw: x^e by the fixed window in one call, against pow, the table in Montgomery form as
    # modexp builds it; exponents of every shape (all ones, zeros, one bit, random), windows 1
    # to 6; one instruction count per (N, w, exponent length) whatever the exponent's value
    rng = random.Random(7 + n)
    u = Mont("cortex-m4", mpy)
    c = u.core
    p = rng.getrandbits(32 * n) | 1 << (32 * n - 1) | 1
    u.set_modulus(n, p)
    nb = 4 * n
    st = nb + 8
    R = 1 << (32 * n)
    tab = c.alloc(64 * st)
    a_, t_ = c.alloc(st), c.alloc(st)
    ebuf = c.alloc(nb + 8)
    x = rng.randrange(p)
    for w in (1, 4, 5, 6):
        for ebytes in (1, 3, n):
            nbits = 8 * ebytes
            nd = (nbits + w - 1) // w
            for j in range(1 << w):
                c.write_int(tab + j * st, pow(x, j, p) * R % p, st)
            counts = set()
            es = [(1 << nbits) - 1, 0, 1 << (nbits - 1), 1] + [rng.getrandbits(nbits) for _ in range(3)]
            for e in es:
                c.write(u.ctx, bytes([JUNK]) * 80)
                c.write(u.t, bytes([JUNK]) * (nb + 8))
                u._ctx_words(nb)
                c.write_words(u.ctx + 20, [ebytes, w, nd, t_])
                c.write(ebuf, b"\x00" + e.to_bytes(ebytes, "big"))
                c.write(a_, bytes([JUNK]) * st)
                _, insns = c.call(u.addr["_k"], a_ | 3, tab, ebuf, u.ctx, max_insns=1 << 28)
                counts.add(insns)
                assert c.read_int(a_, nb) == pow(x, e, p) * R % p, (n, w, ebytes, e)
                assert c.read(a_ + nb, 8) == bytes([JUNK]) * 8
            assert len(counts) == 1, (n, w, ebytes, sorted(counts))
