"""Viper code as a Cortex-M runs it: the field kernels compiled for armv7emsp, on emulated
Cortex-M3 and M4 cores (unicorn), against Python integers.

The unix port's viper words are 64 bits; a Cortex-M's are 32 (VIPER.md), so the unix-port tests
cannot see a 32-bit viper bug. Here the machine code of ``ec/field/v16_<N>.py``'s ``run`` and of
``engine.wordbits`` (from the .mpy that ``mpy-cross -march=armv7emsp`` makes) runs on the
emulated core, with the few runtime helpers it calls through MicroPython's native function
table modelled in Python (``tools/emu/thumb_emu.py`` ``Runtime``: argument and result conversion,
truth tests, and calls of an asm_thumb function, which then runs as machine code too). No
MicroPython binary and no device are needed; these tests run under every ``--target``.

- ``engine.wordbits()`` is 32 (64 on the unix port);
- every 16-bit-limb kernel (the eight sizes and the P-256 one) runs the field program of
  ``test_field_kernels.py`` (MUL, ADD, SUB, COPY, the destination aliasing an operand) for each
  curve's p and n that the engine gives it and the largest prime of its size, edge and random
  operands, on its own (Cortex-M3 and M4) and with MUL handed to thumb_umaal's ``_mul<N>``
  (Cortex-M4: the engine's path on that core); the instruction count of the program is the
  same for every operand and modulus;
- the per-MUL viper counts of report/measurements.md are what the code does.
"""

import pathlib
import random
import re

import pytest

from tools.emu import mpy_reader
from tools.emu import thumb_counts as tc
from tools.emu import thumb_emu

ROOT = pathlib.Path(__file__).resolve().parent.parent

MUL, ADD, SUB, COPY = 0, 1, 2, 3
# slots: 3 = x, 4 = y; 5 = x*y, 6 = x+y, 7 = x-y, 8 = y-x, 9 = x*x; then in place 3 = 3 * 4
# (dst aliases x), 4 = 3 - 4 (uses the new slot 3), 10 = copy of 4 (test_field_kernels.py).
OPS = [(MUL, 5, 3, 4), (ADD, 6, 3, 4), (SUB, 7, 3, 4), (SUB, 8, 4, 3), (MUL, 9, 3, 3),
       (MUL, 3, 3, 4), (SUB, 4, 3, 4), (COPY, 10, 4, 4)]
KERNELS = [str(n) for n in tc.viper_sizes()] + ["p256"]


@pytest.fixture(autouse=True)
def _unix_only():
    """Overrides conftest's fixture of the same name: nothing here needs a target."""


@pytest.fixture(scope="module")
def umaal():
    return tc.compile_umaal()


def _want(x, y, p, rbits):
    ri = pow(1 << rbits, -1, p)
    xy = x * y * ri % p
    return [xy, (xy - y) % p, xy, (x + y) % p, (x - y) % p, (y - x) % p, x * x * ri % p, (xy - y) % p]


def _moduli(kernel):
    """The primes the engine binds to this kernel (engine.kernel_for / kernel: the smallest
    size that holds them), and the largest prime of the kernel's size."""
    if kernel == "p256":
        return [("secp256r1 p", tc._literal(tc.FIELD / "v16_p256.py", "P"))]
    n = int(kernel)
    sizes = tc.viper_sizes()
    out = []
    for label, p, _ in tc.moduli():
        if min(s for s in sizes if 16 * s >= p.bit_length()) == n and label != "secp256r1 p":
            out.append((label, p))
    return out + [("largest prime below 2^%d" % (16 * n), tc.top_prime_bits(16 * n))]


@pytest.mark.parametrize("core", ["cortex-m3", "cortex-m4"])
def test_wordbits_is_32(core):
    rt = thumb_emu.Runtime(thumb_emu.Core(core))
    fn = rt.load(mpy_reader.compile_file(tc.FIELD / "engine.py", tc.ARCH), "wordbits")
    assert rt.call(fn)[0] == 32


@pytest.mark.parametrize("kernel", KERNELS)
@pytest.mark.parametrize("core,asm", [("cortex-m3", False), ("cortex-m4", False), ("cortex-m4", True)],
                         ids=["m3-viper", "m4-viper", "m4-umaal"])
def test_field_kernel(umaal, kernel, core, asm):
    rt = thumb_emu.Runtime(thumb_emu.Core(core))
    fk = tc.FieldKernel(rt, kernel, umaal if asm else None)
    rng = random.Random("%s %s %s" % (kernel, core, asm))
    bad, counts, runs = [], set(), 0
    for label, p in _moduli(kernel):
        fk.bind(p)
        edge = [0, 1, p - 1, p - 2]
        for it in range(8):
            x = edge[it] if it < len(edge) else rng.randrange(p)
            y = edge[(it * 5 + 1) % len(edge)] if it % 3 == 0 else rng.randrange(p)
            got, insns = fk.exec(OPS, [x, y], asm)
            runs += 1
            counts.add(insns)
            if got != _want(x, y, p, fk.rbits(asm)):
                bad.append("%s x=%#x y=%#x" % (label, x, y))
    assert not bad, "%s differs from Python ints: %s" % (fk.name, bad[:5])
    assert len(counts) == 1, sorted(counts)  # the same instructions for every operand and prime
    # Each MUL went to the assembler multiplier (three per program), or none did.
    assert rt.helper_calls.get("native_call_function_n_kw", 0) == (3 * runs if asm else 0)


def test_unmodelled_helper_stops_the_call(tmp_path):
    """The runtime model answers only what it implements: anything else is an error."""
    src = tmp_path / "m.py"
    src.write_text("import micropython\n@micropython.viper\ndef f(b) -> int:\n    return int(len(b))\n")
    rt = thumb_emu.Runtime(thumb_emu.Core("cortex-m4"))
    fn = rt.load(mpy_reader.compile_file(src, tc.ARCH), "f")
    with pytest.raises(thumb_emu.Unmodelled):
        rt.call(fn, rt.buffer(b"abc"))


def test_measurements_viper_counts():
    """Instructions per viper MUL: the same on every core and operand, and report/measurements.md's."""
    per_core = {}
    for core in ("cortex-m3", "cortex-m4", "cortex-m7"):
        rt = thumb_emu.Runtime(thumb_emu.Core(core))
        per_words = per_core[core] = {}
        for n in tc.viper_sizes():
            fk = tc.FieldKernel(rt, n)
            p = tc.top_prime_bits(16 * n)
            fk.bind(p)
            per_words[fk.words], spread, _ = tc.field_mul_count(fk, False, [(p - 1, p - 2), (3, p >> 1)])
            assert spread == 0
    assert per_core["cortex-m3"] == per_core["cortex-m4"] == per_core["cortex-m7"]
    text = (ROOT / "report" / "measurements.md").read_text()
    words = re.search(r"^\| Words \(32-bit\) \|(.*)\|\s*$", text, re.M)
    viper = re.search(r"^\| Viper kernel's own MUL \|(.*)\|\s*$", text, re.M)
    assert words and viper, "report/measurements.md lacks the viper row of the instruction-count table"
    table = dict(zip((int(v) for v in words.group(1).split("|")), (int(v) for v in viper.group(1).split("|"))))
    assert table == per_words
