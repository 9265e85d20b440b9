"""``mpcrypto._cpu``, the one reader of the CPU, run on CPython as each kind of port runs it
(``thumb_counts.load_cpu``: ``sys.platform``, the native arch of ``sys.implementation._mpy``
and a ``machine.mem32`` that answers CPUID and logs every read), and on the target port.

- The CPUID words of the emulated cores (``thumb_emu.CORES``) and of the M55/M85 decode to
  their part numbers and to the features of the module's table, read once;
- CPUID is never read on a hosted port, on a firmware for another arch (x86-64, Xtensa,
  RISC-V, ARM Linux) or without ``machine.mem32``; a core of another implementer than Arm
  counts as unknown; unknown parts have no feature;
- on the target port: the unix port reports no part and no feature.
"""

import pathlib

import pytest

from tools.emu import thumb_counts as tc
from tools.emu import thumb_emu

ROOT = pathlib.Path(__file__).resolve().parent.parent

FEATURES = ("thumb2", "mull_ct", "umaal", "dcache")


@pytest.fixture
def _unix_only():
    # Runs on the host under every --target (no MicroPython needed but for the last test).
    pass


@pytest.mark.parametrize("core,cpuid,part,name,features", [
    ("cortex-m0", None, 0xC20, None, ()),
    ("cortex-m3", None, 0xC23, "cortex-m3", ("thumb2",)),
    ("cortex-m4", None, 0xC24, "cortex-m4", ("thumb2", "mull_ct", "umaal")),
    ("cortex-m7", None, 0xC27, "cortex-m7", ("thumb2", "mull_ct", "umaal", "dcache")),
    ("cortex-m33", None, 0xD21, "cortex-m33", ("thumb2", "mull_ct")),
    ("cortex-m4", 0x411FD220, 0xD22, "cortex-m55", ("thumb2", "mull_ct", "umaal", "dcache")),  # M55 r1p0
    ("cortex-m4", 0x410FD230, 0xD23, "cortex-m85", ("thumb2", "mull_ct", "umaal", "dcache")),
    ("cortex-m4", 0x410CC601, 0xC60, None, ()),  # Cortex-M0+
    ("cortex-m4", 0x410FD200, 0xD20, None, ()),  # Cortex-M23
])
def test_part_and_features(core, cpuid, part, name, features):
    for arch in (4, 5, 6, 7, 8):  # armv6m .. armv7emdp
        cpu, mem = tc.load_cpu(core, cpuid, arch=arch)
        assert cpu.part() == part
        assert cpu.core() == name
        assert tuple(f for f in FEATURES if cpu.has(f)) == features
        assert tuple(f for f in FEATURES if getattr(cpu, f)()) == features
        assert mem.reads == [thumb_emu.CPUID]  # one read, cached


@pytest.mark.parametrize("platform", ["linux", "darwin", "win32", "webassembly", "freebsd"])
def test_never_read_on_a_hosted_port(platform):
    for arch in (2, 3, 5, 7, 8):  # x64, armv6 (ARM Linux), and Thumb-2 builds under an OS
        cpu, mem = tc.load_cpu(platform=platform, arch=arch)
        assert cpu.hosted() and cpu.part() is None
        assert not any(cpu.has(f) for f in FEATURES)
        assert mem.reads == []


@pytest.mark.parametrize("arch", [0, 1, 2, 3, 9, 10, 11])
def test_never_read_on_a_firmware_for_another_arch(arch):
    # none (bytecode only), x86, x64, armv6, xtensa, xtensawin, rv32imc
    cpu, mem = tc.load_cpu(platform="esp32", arch=arch)
    assert not cpu.hosted() and cpu.part() is None and not cpu.thumb2()
    assert mem.reads == []


def test_no_machine_module_or_other_implementer():
    cpu, mem = tc.load_cpu(machine=False)
    assert cpu.part() is None and not cpu.thumb2()
    cpu, mem = tc.load_cpu(cpuid=0x630FC241)  # PARTNO of an M4, implementer not Arm
    assert cpu.part() is None and cpu.core() is None and not cpu.umaal() and mem.reads == [thumb_emu.CPUID]


def test_on_the_target_port(target):
    out = target.run("from mpcrypto import _cpu\n"
                     "print('CPU', _cpu.hosted(), _cpu.part(), [f for f in %r if _cpu.has(f)])\n" % (FEATURES,))
    line = [ln for ln in out.splitlines() if ln.startswith("CPU ")]
    assert line, out
    if target.is_unix:
        assert line[0] == "CPU True None []", out
