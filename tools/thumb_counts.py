"""Instructions per call of every asm_thumb kernel we ship, counted on emulated Cortex-M
cores (unicorn), as JSON lines in the benchmark schema.

    python tools/thumb_counts.py                    # JSON lines on stdout
    python tools/thumb_counts.py --table            # a kernel x core table instead
    python tools/thumb_counts.py --cores cortex-m4  # one core

The machine code is what ``mpy-cross -march=armv7emsp`` makes of
``modules/mpcrypto/ec/field/thumb_umaal.py`` (read by ``tools/mpy_reader.py``), run by
``tools/thumb_emu.py`` with MicroPython's asm_thumb calling convention. Each row is one
kernel on one core: ``value`` is the instructions of one call (the inline assembler's entry
and exit included), counted exactly, and ``spread`` the largest difference between the
counts over the operands tried (edge and random; 0 means the same count for every operand).
Counts are instructions, not cycles: UMAAL, MUL and most ALU instructions take one cycle on
M4/M7, loads and stores one or two, taken branches a pipeline refill; the emulator models no
timing. Fields as in ``bench/`` (``modules/mpbench.py`` ``row``): ``algorithm``,
``operation``, ``backend``, ``value``, ``unit`` ("insns"), ``heap_bytes``, ``reference``,
``platform``, ``implementation``, ``machine``, ``word_bits``, ``clock_hz``; plus ``kernel``,
``words``, ``core``, ``code_bytes``, ``spread`` and ``operands``. ``tools/bench_report.py``
reads them.

The same module holds what host_tests/test_thumb.py needs: ``Umaal`` (thumb_umaal's kernels on
one emulated core, with its context layout) and ``moduli()`` (every modulus the limb engine
hands to these kernels, with its word count, found the way ``ec/field/engine.py`` finds it).
"""

import argparse
import ast
import functools
import importlib.util
import json
import pathlib
import random
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import mpy_reader  # noqa: E402
import thumb_emu  # noqa: E402

FIELD = ROOT / "modules" / "mpcrypto" / "ec" / "field"
UMAAL_SRC = FIELD / "thumb_umaal.py"
ARCH = "armv7emsp"  # FRDM-K64F / K66F; the code is the same for armv7m and armv7emdp (tested)
COUNT_CORES = ("cortex-m4", "cortex-m7", "cortex-m33")  # the unicorn models with UMAAL


def compile_umaal(arch=ARCH):
    return mpy_reader.compile_file(UMAAL_SRC, arch, "mpcrypto/ec/field/thumb_umaal.py")


def neg_inv32(p):
    return (-pow(p, -1, 1 << 32)) & 0xFFFFFFFF


class Umaal:
    """thumb_umaal's functions loaded on one emulated core.

    Context layout (the module's docstring; ``engine.accel`` builds it): word 0 the address
    of p (N words), word 1 -p^-1 mod 2^32, words 3-5 scratch, words 8.. N + 2 words of
    scratch. Scratch and the destination are filled with a junk pattern before each call, so
    a kernel that relied on zeroed memory would fail."""

    JUNK = 0xA5

    def __init__(self, core="cortex-m4", cpuid=None, mpy=None, counting="block"):
        self.core = thumb_emu.Core(core, cpuid, counting)
        self.mpy = mpy if mpy is not None else compile_umaal()
        self.addr = thumb_emu.load_asm(self.core, self.mpy)
        self.sizes = sorted(int(k[4:]) for k in self.addr if re.fullmatch(r"_mul\d+", k))
        nmax = max(self.sizes)
        c = self.core
        self.ctx_bytes = 4 * (8 + nmax + 2)
        self.ctx = c.alloc(self.ctx_bytes)
        self.pbuf, self.xbuf, self.ybuf, self.dbuf = (c.alloc(4 * nmax) for _ in range(4))
        self.n = None
        self.p = None

    def set_modulus(self, n, p):
        if n not in self.sizes:
            raise ValueError("no _mul%d" % n)
        c = self.core
        c.write_int(self.pbuf, p, 4 * n)
        self.n, self.p = n, p

    def cpu_part(self):
        return self.core.call(self.addr["cpu_part"])

    def mul(self, x, y, alias=None):
        """d = x y / 2^(32 N) mod p by ``_mul<N>`` with the modulus set; returns (d, insns).
        ``alias``: None (d, x, y apart), "dx" (d is x), "dy" (d is y), "xy" (x is y),
        "dxy" (all three the same buffer; y is then x)."""
        c, n = self.core, self.n
        nb = 4 * n
        c.write(self.ctx, bytes([self.JUNK]) * self.ctx_bytes)
        c.write_words(self.ctx, [self.pbuf, neg_inv32(self.p)])
        xa, ya, da = self.xbuf, self.ybuf, self.dbuf
        if alias == "dx":
            da = xa
        elif alias == "dy":
            da = ya
        elif alias == "xy":
            ya = xa
        elif alias == "dxy":
            ya = da = xa
        elif alias is not None:
            raise ValueError(alias)
        c.write(self.dbuf, bytes([self.JUNK]) * nb)
        c.write_int(xa, x, nb)
        if ya != xa:
            c.write_int(ya, y, nb)
        _, insns = c.call(self.addr["_mul%d" % n], da, xa, ya, self.ctx)
        return c.read_int(da, nb), insns


# -- which moduli reach these kernels -----------------------------------------------------------


@functools.lru_cache(maxsize=None)
def _literal(path, name):
    # The value of a top-level ``NAME = <literal>`` in a module we cannot import on CPython
    # (viper annotations).
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise KeyError("%s in %s" % (name, path))


def load_curves():
    """mpcrypto.ec.curves, loaded from the source on CPython (it needs only namedtuple)."""
    spec = importlib.util.spec_from_file_location("_mpcrypto_curves", ROOT / "modules" / "mpcrypto" / "ec" / "curves.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def words_for(bits, fixed=None):
    """The 32-bit word count the engine's Thumb-2 multiplier gets for a modulus of ``bits``
    bits: ``engine.kernel`` takes the smallest 16-bit kernel of SIZES whose limbs hold it (or
    ``kernel_for`` the curve's fixed-prime kernel), and ``engine._asm_mul`` picks
    MUL[STRIDE >> 2]."""
    if fixed is not None:
        return _literal(FIELD / ("v16_%s.py" % fixed), "STRIDE") >> 2
    for n in _literal(FIELD / "engine.py", "SIZES"):
        if 16 * n >= bits:
            return _literal(FIELD / ("v16_%d.py" % n), "STRIDE") >> 2
    raise ValueError("no kernel for %d bits" % bits)


def moduli():
    """(label, modulus, words) for every prime the EC backends bind an arena to: each curve's
    p (weierstrass_viper, montgomery_viper, edwards_viper) and its group order n (ECDSA / SM2
    s mod n in weierstrass_viper, EdDSA's scalars mod L in edwards_viper)."""
    curves = load_curves()
    fixed = _literal(FIELD / "engine.py", "FIXED_KERNELS")
    out = []
    for c in curves.WEIERSTRASS + curves.OTHERS:
        fk = fixed.get(c.name)
        if fk is not None and _literal(FIELD / ("v16_%s.py" % fk), "P") != c.p:
            fk = None
        out.append((c.name + " p", c.p, words_for(curves._bits(c.p), fk)))
        out.append((c.name + " n", c.n, words_for(curves._bits(c.n))))
    return out


def is_prime(n):
    # Miller-Rabin with the first 13 prime bases (deterministic below 3.3e24, and no known
    # composite passes them above).
    if n < 2 or n % 2 == 0:
        return n == 2
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41):
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


@functools.lru_cache(maxsize=None)
def top_prime(n):
    """The largest prime below 2^(32 n): p as close to R as it gets, where the product before
    the final subtraction most often passes R (the carry word is exercised)."""
    p = (1 << (32 * n)) - 1
    while not is_prime(p):
        p -= 2
    return p


def edge_operands(p, n):
    r = (1 << (32 * n)) % p
    return [0, 1, 2, p - 1, p - 2, r, (r * r) % p, p >> 1, (1 << (p.bit_length() - 1)) - 1]


# -- the report --------------------------------------------------------------------------------


def count_rows(cores=COUNT_CORES, operands=8, seed=1):
    """One row per (core, kernel): the count of one call and its spread over edge and
    ``operands`` random operand pairs (modulus: the largest prime below 2^(32 N))."""
    rng = random.Random(seed)
    mpy = compile_umaal()
    rows = []
    for core in cores:
        u = Umaal(core, mpy=mpy)
        machine = "Cortex-%s (emulated)" % core.split("-")[1].upper()
        common = {"heap_bytes": 0, "reference": False, "platform": "unicorn",
                  "implementation": "unicorn %s" % thumb_emu.UNICORN_VERSION, "machine": machine,
                  "word_bits": 32, "clock_hz": None, "backend": "thumb_umaal", "unit": "insns", "core": core}
        part, insns = u.cpu_part()
        rows.append(dict(common, algorithm="CPUID part number", operation="cpu_part", value=insns,
                         kernel="cpu_part", words=0, code_bytes=len(u.mpy.function("cpu_part").code),
                         spread=0, operands=1, part=part))
        for n in u.sizes:
            p = top_prime(n)
            u.set_modulus(n, p)
            edges = edge_operands(p, n)
            pairs = [(a, b) for a in edges[:5] for b in edges[-4:]]
            pairs += [(rng.randrange(p), rng.randrange(p)) for _ in range(operands)]
            counts = set()
            for x, y in pairs:
                d, insns = u.mul(x, y)
                if d != x * y * pow(1 << (32 * n), -1, p) % p:
                    raise SystemExit("_mul%d gives a wrong product on %s" % (n, core))
                counts.add(insns)
            rows.append(dict(common, algorithm="Montgomery mul %d-bit" % (32 * n), operation="mul",
                             value=max(counts), kernel="_mul%d" % n, words=n,
                             code_bytes=len(u.mpy.function("_mul%d" % n).code),
                             spread=max(counts) - min(counts), operands=len(pairs)))
    return rows


def table(rows):
    cores = []
    kernels = []
    cell = {}
    for r in rows:
        if r["core"] not in cores:
            cores.append(r["core"])
        if r["kernel"] not in kernels:
            kernels.append(r["kernel"])
        cell[r["kernel"], r["core"]] = r
    lines = ["%-10s %6s %6s " % ("kernel", "words", "bytes") + " ".join("%11s" % c for c in cores)]
    for k in kernels:
        any_row = next(cell[k, c] for c in cores if (k, c) in cell)
        vals = []
        for c in cores:
            r = cell.get((k, c))
            vals.append("%11s" % ("-" if r is None else "%d%s" % (r["value"], "" if not r["spread"] else "~%d" % r["spread"])))
        lines.append("%-10s %6d %6d " % (k, any_row["words"], any_row["code_bytes"]) + " ".join(vals))
    lines.append("instructions per call (entry and exit included), exact; the same for every operand tried")
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cores", default=",".join(COUNT_CORES), help="comma-separated: %s" % ", ".join(thumb_emu.CORES))
    ap.add_argument("--operands", type=int, default=8, help="random operand pairs per kernel (besides the edges)")
    ap.add_argument("--table", action="store_true", help="print a kernel x core table instead of JSON lines")
    args = ap.parse_args(argv)
    rows = count_rows(tuple(args.cores.split(",")), args.operands)
    if args.table:
        print(table(rows))
    else:
        for r in rows:
            print(json.dumps(dict(r, script="thumb_counts.py")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
