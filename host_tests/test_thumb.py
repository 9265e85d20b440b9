"""Every asm_thumb function we ship, run as machine code on emulated Cortex-M cores.

The code is what ``mpy-cross -march=armv7emsp`` makes of ``ec/field/thumb_umaal.py`` (the
runners) and ``tools/emu/umaal_mul.py`` (their MUL code alone, generated beside them for these
tests), taken from the .mpy by ``tools/emu/mpy_reader.py`` and run on unicorn (``tools/emu/thumb_emu.py``) with
MicroPython's asm_thumb calling convention. No MicroPython binary and no device: these tests
run on the host under every ``--target`` (the conftest's ``unix_only`` fixture is overridden
below so that they do not start one).

- ``_mul<N>`` for every N against Python integers (x y / 2^(32N) mod p) on Cortex-M4, M7 and
  M33, for every modulus the EC backends give them (each curve's p and n, mapped to N as
  ``ec/field/engine.py`` maps them) and the largest prime below 2^(32N), with edge operands
  (0, 1, 2, p - 1, p - 2, R mod p, R^2 mod p, p >> 1, 2^(bits-1) - 1) against each other,
  random ones, and the destination aliasing x, y or both;
- the instruction count of each call: the same for every operand (the code is constant time
  at the instruction level on the real machine code), the same on every core, exactly
  quadratic in N, and equal to the table in report/measurements.md;
- Cortex-M3 (no UMAAL) faults on every ``_mul<N>``, which is why the module requires feature
  ``umaal`` of ``mpcrypto._cpu``; the cores with that feature are cores where the kernels run
  (host_tests/test_cpu.py tests the CPUID decoding itself);
- the check itself fails on a broken kernel: single-instruction mutants are caught;
- ``_run<N>`` (a whole field program in one call: MUL, ADD, SUB, COPY over 4N-byte slots, the
  engine's runner on these cores) against the same program on Python integers, for every
  modulus above, with slots aliased in every way, one instruction count per program.
"""

import ast
import pathlib
import random
import re
import struct
from fractions import Fraction

import pytest
from unicorn import UC_ERR_INSN_INVALID

from tools.emu import mpy_reader
from tools.emu import thumb_counts as tc
from tools.emu import thumb_emu

ROOT = pathlib.Path(__file__).resolve().parent.parent

MUL_CORES = ("cortex-m4", "cortex-m7", "cortex-m33")  # unicorn 2.1.4's models with UMAAL
ENGINE = ROOT / "modules" / "mpcrypto" / "ec" / "field" / "engine.py"


@pytest.fixture(autouse=True)
def _unix_only():
    """Overrides conftest's fixture of the same name: nothing here needs a target."""


def _source_sizes(src, table):
    # The keys of ``MUL = {5: _mul5, ...}`` in umaal_mul.py, ``RUN = {...}`` in thumb_umaal.py.
    for node in ast.parse(src.read_text()).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == table:
            return sorted(k.value for k in node.value.keys)
    raise AssertionError("%s has no %s table" % (src.name, table))


SIZES = _source_sizes(tc.MUL_SRC, "MUL")


def test_the_multipliers_are_the_runners_sizes():
    """Every runner the library ships has its MUL code checked here alone, and the library
    ships no multiplier (a per-MUL call never runs where the runners do)."""
    assert _source_sizes(tc.UMAAL_SRC, "RUN") == SIZES
    assert "_mul" not in tc.UMAAL_SRC.read_text()


@pytest.fixture(scope="module")
def mpy():
    return tc.compile_umaal()


def _mont(x, y, p, n):
    return x * y * pow(1 << (32 * n), -1, p) % p


def _moduli(n):
    got = [(label, p) for label, p, words in tc.moduli() if words == n]
    return got + [("largest prime below 2^%d" % (32 * n), tc.top_prime(n))]


def check_mul(u, n, moduli, rng, randoms=12, first=False):
    """Run ``_mul<n>`` over the edge x edge operands, ``randoms`` random pairs and the
    aliased forms for each modulus; returns (failures, set of instruction counts), at the
    first failure if ``first``."""
    failures, counts = [], set()
    for label, p in moduli:
        u.set_modulus(n, p)
        edges = tc.edge_operands(p, n)
        cases = [(x, y, None) for x in edges for y in edges]
        cases += [(rng.randrange(p), rng.randrange(p), None) for _ in range(randoms)]
        for alias in ("dx", "dy", "xy", "dxy"):
            for x, y in ((rng.randrange(p), rng.randrange(p)), (p - 1, p - 2)):
                cases.append((x, x if alias in ("xy", "dxy") else y, alias))
        for x, y, alias in cases:
            d, insns = u.mul(x, y, alias)
            counts.add(insns)
            if d != _mont(x, y, p, n):
                failures.append("%s: x=%#x y=%#x alias=%s gives %#x" % (label, x, y, alias, d))
                if first:
                    return failures, counts
    return failures, counts


# -- the .mpy and what is in it ----------------------------------------------------------------


def test_every_asm_module_has_an_emulator_test():
    """Every module with asm_thumb code is run on the emulated cores by a test_thumb*.py that
    names it (thumb_umaal here; the SHA-2 kernels in test_thumb_sha.py, ...)."""
    found = sorted(p for p in (ROOT / "modules").rglob("*.py") if "@micropython.asm_thumb" in p.read_text())
    assert ROOT / "modules/mpcrypto/ec/field/thumb_umaal.py" in found
    tests = "".join(p.read_text() for p in (ROOT / "host_tests").glob("test_thumb*.py"))
    untested = [str(p.relative_to(ROOT)) for p in found if p.name not in tests]
    assert not untested, untested


def test_reader_finds_every_asm_function(mpy):
    want = {}
    for src in (tc.UMAAL_SRC, tc.MUL_SRC):
        want.update({f.name: len(f.args.args) for f in ast.parse(src.read_text()).body
                     if isinstance(f, ast.FunctionDef)
                     and any(ast.unparse(d) == "micropython.asm_thumb" for d in f.decorator_list)})
    asm = mpy.functions("asm")
    assert {k: rc.n_pos_args for k, rc in asm.items()} == want
    assert sorted(int(k[4:]) for k in asm if k.startswith("_mul")) == SIZES
    assert (mpy.version, mpy.arch, mpy.arch_flags) == ((6, 3), "armv7emsp", 0)
    for name, rc in asm.items():
        # asm_thumb_entry / asm_thumb_exit: push {r1, r4-r7, lr} ... pop {r1, r4-r7, pc}
        assert rc.code[:2] == b"\xf2\xb5" and rc.code[-2:] == b"\xf2\xbd", name
        assert rc.children == [] and rc.relocs == []
    # The same machine code for every ARMv7-M arch a board of ours uses (armv7m: Cortex-M3
    # boards would load it too, which is what the requirement ``umaal`` is for).
    for arch in ("armv7m", "armv7emdp"):
        other = tc.compile_umaal(arch).functions("asm")
        assert {k: rc.code for k, rc in other.items()} == {k: rc.code for k, rc in asm.items()}, arch


def test_reader_on_viper_and_bytecode():
    """The reader walks other kinds too: a viper kernel and a module's bytecode."""
    m = mpy_reader.compile_file(tc.FIELD / "v16_16.py", "armv7emsp")
    assert m.function("run").kind == "viper" and len(m.function("run").code) > 1000
    m = mpy_reader.compile_file(ENGINE, "armv7emsp")
    assert m.function("wordbits").kind == "viper"
    assert m.function("gray_steps").kind == "bytecode"
    assert m.function("bind").kind == "bytecode"  # a method of Arena


def test_cortex_m0_never_runs_the_kernels(mpy):
    """Cortex-M0/M0+ have no UMAAL: the seam never takes thumb_umaal there (``mpcrypto._cpu``
    gives them no ``umaal``), and the M0 model faults on the multipliers."""
    assert not tc.load_cpu("cortex-m0")[0].umaal()
    u = tc.Umaal("cortex-m0", mpy=mpy)
    u.set_modulus(8, tc.top_prime(8))
    with pytest.raises(thumb_emu.Fault) as e:
        u.mul(1, 1)
    assert e.value.errno == UC_ERR_INSN_INVALID


# -- the multipliers ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("core", MUL_CORES)
def test_mul(mpy, core, n):
    moduli = _moduli(n)
    assert len(moduli) >= 2  # at least one curve's modulus uses this size
    u = tc.Umaal(core, mpy=mpy)
    failures, counts = check_mul(u, n, moduli, random.Random(n))
    assert not failures, "\n".join(failures[:10])
    # Constant time at the instruction level: one count for every operand and modulus.
    assert len(counts) == 1, sorted(counts)


def _program(rng, nslots, nops):
    # random (op, d, x, y) with d, x, y in 1 .. nslots - 1 (slot 0 is p), aliasing included
    prog = []
    for i in range(nops):
        op = rng.randrange(4)
        d, x, y = (rng.randrange(1, nslots) for _ in range(3))
        if i % 5 == 0:
            x = y = d
        elif i % 5 == 1:
            y = x
        prog.append((op, d, x, y))
    return prog


def _run_model(prog, vals, p, n):
    rinv = pow(1 << (32 * n), -1, p)
    v = list(vals)
    for op, d, x, y in prog:
        if op == 0:
            v[d] = v[x] * v[y] * rinv % p
        elif op == 1:
            v[d] = (v[x] + v[y]) % p
        elif op == 2:
            v[d] = (v[x] - v[y]) % p
        else:
            v[d] = v[x]
    return v


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("core", ("cortex-m4", "cortex-m7"))
def test_run_program(mpy, core, n):
    u = tc.Umaal(core, mpy=mpy)
    c = u.core
    rng = random.Random(1000 + n)
    nslots = 8
    st = 4 * n
    mem = c.alloc(st * nslots)
    ctx = c.alloc(4 * (8 + n + 2))
    code = c.alloc(4 * 64)
    fn = u.addr["_run%d" % n]
    for label, p in _moduli(n):
        edges = [0, 1, p - 1, p - 2, (1 << (32 * n)) % p, p >> 1]
        for trial in range(3):
            prog = _program(rng, nslots, 48)
            counts = set()
            for vals in ([rng.randrange(p) for _ in range(nslots - 1)], edges + [rng.randrange(p)],
                         [p - 1] * (nslots - 1)):
                vals = [p] + vals[:nslots - 1]
                for i, v in enumerate(vals):
                    c.write_int(mem + i * st, v, st)
                c.write(ctx, bytes([tc.Umaal.JUNK]) * (4 * (8 + n + 2)))
                c.write_words(ctx, [mem, tc.neg_inv32(p)])
                c.write(code, bytes(b for ins in prog for b in ins))
                _, insns = c.call(fn, code, len(prog), mem, ctx, max_insns=1 << 24)
                counts.add(insns)
                got = [c.read_int(mem + i * st, st) for i in range(nslots)]
                assert got == _run_model(prog, vals, p, n), (core, n, label, trial)
            assert len(counts) == 1, (label, sorted(counts))
    # an empty program changes nothing
    _, insns = c.call(fn, code, 0, mem, ctx)
    assert insns < 30


def test_counts_same_everywhere_and_in_measurements(mpy):
    counts = {}
    for core in MUL_CORES:
        u = tc.Umaal(core, mpy=mpy)
        for n in SIZES:
            u.set_modulus(n, tc.top_prime(n))
            counts[core, n] = u.mul(1, 2)[1]
    per_n = {n: counts[MUL_CORES[0], n] for n in SIZES}
    assert all(counts[c, n] == per_n[n] for c in MUL_CORES for n in SIZES), counts
    # Straight-line code per word pair: exactly a N^2 + b N + c for even N (from the first
    # three even sizes; b may be a half), and the same plus one constant for odd N (the last
    # word on its own).
    (n0, n1, n2) = [n for n in SIZES if n % 2 == 0][:3]
    c0, c1, c2 = (Fraction(per_n[n]) for n in (n0, n1, n2))
    a = ((c2 - c1) * (n1 - n0) - (c1 - c0) * (n2 - n1)) / ((n2 - n1) * (n1 - n0) * (n2 - n0))
    b = (c1 - c0) / (n1 - n0) - a * (n1 + n0)
    c = c0 - a * n0 * n0 - b * n0
    even = {n: a * n * n + b * n + c for n in SIZES}
    assert all(per_n[n] == even[n] for n in SIZES if n % 2 == 0), (per_n, a, b, c)
    odd = {per_n[n] - even[n] for n in SIZES if n % 2}
    assert len(odd) == 1, (per_n, a, b, c)
    # report/measurements.md states them: its table must be what the code does.
    text = (ROOT / "report" / "measurements.md").read_text()
    words = re.search(r"^\| Words \(32-bit\) \|(.*)\|\s*$", text, re.M)
    insns = re.search(r"^\| UMAAL multiplier, per call \|(.*)\|\s*$", text, re.M)
    assert words and insns, "report/measurements.md lacks the Thumb-2 instruction-count table"
    table = dict(zip((int(v) for v in words.group(1).split("|")), (int(v) for v in insns.group(1).split("|"))))
    assert table == per_n
    assert "%s + %s + %s for even N, %s more for odd N" % (
        _term(a, "N^2"), _term(b, "N"), _term(c, ""), _term(odd.pop(), "")) in text


def _term(v, var):
    # 4 -> "4N^2", 37/2 -> "37N/2"
    return "%d%s" % (v, var) if v.denominator == 1 else "%d%s/%d" % (v.numerator, var, v.denominator)


def test_count_report_rows():
    """tools/emu/thumb_counts.py's rows: the benchmark fields, one per kernel and core, no spread;
    no multiplier rows on the Cortex-M3, where they fault."""
    rows = tc.count_rows(cores=("cortex-m3", "cortex-m4"), operands=2, viper=False)
    bench_fields = {"algorithm", "operation", "backend", "value", "unit", "heap_bytes", "reference",
                    "platform", "implementation", "machine", "word_bits", "clock_hz"}
    assert all(bench_fields <= set(r) for r in rows)
    assert sorted((r["core"], r["kernel"]) for r in rows) == sorted(
        [("cortex-m4", "_mul%d" % n) for n in SIZES])
    assert all(r["spread"] == 0 and r["unit"] == "insns" and r["heap_bytes"] == 0 for r in rows)
    assert {r["value"] for r in rows if r["kernel"] == "_mul8"} == {4 * 64 + 37 * 4 + 19}


def test_block_and_instruction_hooks_count_alike(mpy):
    """The fast count (per block, lengths decoded) is the per-instruction hook's count."""
    fast = tc.Umaal("cortex-m4", mpy=mpy)
    slow = tc.Umaal("cortex-m4", mpy=mpy, counting="code")
    for n in SIZES:
        p = tc.top_prime(n)
        for u in (fast, slow):
            u.set_modulus(n, p)
        x, y = p - 1, p - 2
        assert fast.mul(x, y) == slow.mul(x, y) == (_mont(x, y, p, n), fast.mul(1, 0)[1])


def test_pairs_are_word_aligned(mpy):
    """The MUL code loads and stores pairs of words (LDRD, STRD), which fault on an address that
    is not a multiple of 4 whatever CCR.UNALIGN_TRP says (unicorn lets them pass; the core's
    ``check_alignment`` faults as the hardware does): on word buffers, as the engine's
    bytearrays are, every access is aligned, in ``_mul<N>`` and in ``_run<N>``; an operand two
    bytes off faults."""
    u = tc.Umaal("cortex-m4", mpy=mpy)
    c = u.core
    c.check_alignment(thumb_emu.RAM_BASE, thumb_emu.RAM_BASE + thumb_emu.RAM_SIZE)
    for n in SIZES:
        p = tc.top_prime(n)
        u.set_modulus(n, p)
        x, y = p - 1, p - 2
        assert u.mul(x, y)[0] == _mont(x, y, p, n)
        st = 4 * n
        mem = c.alloc(3 * st)
        ctx = c.alloc(4 * (8 + n + 2))
        code = c.alloc(8)
        for i, v in enumerate((p, x, y)):
            c.write_int(mem + i * st, v, st)
        c.write_words(ctx, [mem, tc.neg_inv32(p)])
        c.write(code, bytes([0, 1, 1, 2, 0, 2, 1, 1]))  # MUL x = x y, MUL y = x x
        c.call(u.addr["_run%d" % n], code, 2, mem, ctx)
        xy = _mont(x, y, p, n)
        assert [c.read_int(mem + i * st, st) for i in (1, 2)] == [xy, _mont(xy, xy, p, n)]
    u.ybuf = c.alloc(4 * max(SIZES) + 4) + 2
    with pytest.raises(thumb_emu.Fault, match="unaligned"):
        u.mul(1, 2)


# -- the CPU model and the cores the engine accepts ---------------------------------------------


def test_scb_model_refuses_what_it_does_not_model():
    core = thumb_emu.Core("cortex-m4")
    # ldr r0, [r0, #4] with r0 = 0xE000ED00: ICSR, not modelled
    fn = core.load(bytes.fromhex("f2b5" "4068" "f2bd"))
    with pytest.raises(thumb_emu.Unmodelled):
        core.call(fn, thumb_emu.CPUID)


def test_alignment_check_faults_where_a_core_does():
    # LDRD r2, r3, [r0]; BX LR, and LDR.W r2, [r0]; BX LR: with check_alignment, the first
    # faults at an unaligned address (as on Cortex-M), the second does not (Armv7-M allows it)
    core = thumb_emu.Core("cortex-m4")
    ldrd = core.load(struct.pack("<3H", 0xE9D0, 0x2300, 0x4770))
    ldr = core.load(struct.pack("<3H", 0xF8D0, 0x2000, 0x4770))
    buf = thumb_emu.Buffer(core, bytes(16))
    core.check_alignment(buf.addr, buf.addr + 16)
    core.call(ldrd, buf.addr + 4)
    core.call(ldr, buf.addr + 1)
    with pytest.raises(thumb_emu.Fault, match="unaligned"):
        core.call(ldrd, buf.addr + 1)


def test_cortex_m3_faults_on_every_multiplier(mpy):
    """The reason for the requirement ``umaal``: on a Cortex-M3 the first UMAAL is undefined."""
    u = tc.Umaal("cortex-m3", mpy=mpy)
    for n in SIZES:
        u.set_modulus(n, tc.top_prime(n))
        with pytest.raises(thumb_emu.Fault) as e:
            u.mul(1, 1)
        assert e.value.errno == UC_ERR_INSN_INVALID, e.value
        at = e.value.pc - u.addr["_mul%d" % n]
        code = mpy.function("_mul%d" % n).code
        assert code[at:at + 4] == bytes.fromhex("e0fb6421")  # UMAAL r2, r1, r0, r4
        assert code.find(bytes.fromhex("e0fb")) == at  # and it is the first one


def test_engine_accepts_only_cores_that_run_the_kernels(mpy):
    accepted = tc.cpu_parts("umaal")
    # Cortex-M4, M7, M55, M85: ARMv7E-M and ARMv8.1-M Mainline cores that always have the DSP
    # instructions. M55 and M85 are not in unicorn 2.1.4, so only M4 and M7 run here.
    assert accepted == {0xC24, 0xC27, 0xD22, 0xD23}
    runs = {}
    for core in ("cortex-m3", "cortex-m4", "cortex-m7", "cortex-m33"):
        u = tc.Umaal(core, mpy=mpy)
        part = tc.load_cpu(core)[0].part()
        u.set_modulus(8, tc.top_prime(8))
        try:
            u.mul(3, 5)
            runs[part] = True
        except thumb_emu.Fault:
            runs[part] = False
    assert runs == {0xC23: False, 0xC24: True, 0xC27: True, 0xD21: True}
    assert all(runs[p] for p in accepted if p in runs)
    # The M33 model runs them (QEMU builds it with the DSP extension), but a real M33 may
    # lack it and its part number cannot tell: the engine leaves it to the viper kernels.
    assert 0xD21 not in accepted


# -- the check can fail --------------------------------------------------------------------------


def _patched(u, name, halfword_index, new):
    code = bytearray(u.mpy.function(name).code)
    code[2 * halfword_index:2 * halfword_index + 2] = struct.pack("<H", new)
    u.core.write(u.addr[name], code)


@pytest.mark.parametrize("what,old,new", [
    # only primes near 2^256 catch the first: t_N stays 0
    ("row end: the top carry's store str r1, [r3, 64] -> nop", 0x6419, 0xBF00),
    ("row start: the product carry's zero movs r1, 0 -> nop", 0x2100, 0xBF00),
    ("m: mul r6, r2 -> nop", 0x4356, 0xBF00),
    ("row end: the carries' sum's factor 1 movs r5, 1 -> nop", 0x2501, 0xBF00),
    ("final subtraction: the first sbc r2, r4 (the mask's borrow) -> nop", 0x41A2, 0xBF00),
    ("a mask step: bic r4, r7 -> nop", 0x43BC, 0xBF00),
])
def test_a_broken_kernel_fails(mpy, what, old, new):
    u = tc.Umaal("cortex-m4", mpy=mpy)
    code = mpy.function("_mul8").code
    halfwords = struct.unpack("<%dH" % (len(code) // 2), code)
    assert old in halfwords, what
    _patched(u, "_mul8", halfwords.index(old), new)
    failures, _ = check_mul(u, 8, _moduli(8), random.Random(8), first=True)
    assert failures, "the check missed: " + what
