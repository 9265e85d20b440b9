"""The firmware recipes (firmware/, tools/ship/firmware.py, boards/*/board.json "firmware"), as far
as they can be checked without MicroPython's or Zephyr's source (neither is reachable from
CI): every recipe parses and names existing files of the right form, each board's manifest
lists existing modules that test_compile.py compiles for that board's arch, the build
commands carry the manifest, arch and board files, and a missing checkout, micropython-lib
or board is a clear error. The recipes themselves are verified by building the qemu boards
from a MicroPython checkout and running this suite against the frozen library (see
firmware/README.md). Runs on the host under any --target.
"""

import json
import os
import pathlib
import re
import subprocess
import sys
import time

import pytest

from test_compile import ARCHS, MODULES, _compile

from tools.ship import firmware
from tools.ship import manifest_files

ROOT = pathlib.Path(__file__).resolve().parent.parent

BOARDS = sorted(firmware.boards())


@pytest.fixture(autouse=True)
def _unix_only():
    """Overrides conftest's fixture of the same name: nothing here needs a target."""


@pytest.fixture
def checkout(tmp_path):
    """A stand-in MicroPython checkout: just the files the recipe looks for."""
    for rel in ("py/mpconfig.h", "lib/micropython-lib/README.md"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("")
    for port in firmware.PORTS:
        (tmp_path / "ports" / port).mkdir(parents=True)
    return tmp_path


def test_every_board_has_a_recipe():
    folders = sorted(p.parent.name for p in (ROOT / "boards").glob("*/board.json"))
    assert BOARDS == folders
    assert {"QEMU_M4", "QEMU_M7", "QEMU_M55", "FRDM_K64F", "EK_RA8D1", "RX65N"} <= set(BOARDS)
    # The parametrized tests below run over these selections: an empty one would test nothing.
    assert ZEPHYR and SIZED


def test_recipes_check_clean():
    assert firmware.check() == []


@pytest.mark.parametrize("board", BOARDS)
def test_c_modules_are_the_boards_own(board):
    # The RSIP-E51A C module is built into the EK-RA8D1 firmware and no other: the procedures
    # it calls exist only in a Zephyr build for an RSIP-E51A part.
    info = firmware.boards()[board]
    found = []
    manifest_files.modules_of(ROOT / "firmware" / info["manifest"], c_modules=found)
    want = [ROOT / "firmware" / "usermod" / "rsip_e51a"] if "RSIP-E51A" in info.get("hardware", {}) else []
    assert found == want


def test_rsip_module_has_every_seam_function():
    # The C module's globals table against the seam's contract (c_seam.py): every function
    # register() looks for, under the module name mpcrypto_board imports.
    src = (ROOT / "firmware" / "usermod" / "rsip_e51a" / "mpcrypto_hw_rsip.c").read_text()
    table = src[src.index("mpcrypto_hw_globals_table[] = {"):]
    table = table[:table.index("};")]
    names = set(re.findall(r"MP_ROM_QSTR\(MP_QSTR_(\w+)\), MP_ROM_", table))
    seam = (ROOT / "boards" / "c_seam" / "c_seam.py").read_text()
    # The functions register() asks for: the *_FUNCS tuples and the one-function primitives.
    funcs = set()
    for group in re.findall(r"^\w+_FUNCS = \(([^)]*)\)", seam, re.M):
        funcs |= set(re.findall(r'"(\w+)"', group))
    prims = seam[seam.index("_PRIMITIVES = ("):]
    funcs |= set(re.findall(r'\("(\w+)",\)', prims[:prims.index("\n\n")]))
    assert funcs >= {"aes_key", "aes_ctr", "sha256_compress", "random", "ec_mul", "ecdsa_verify"}
    assert names == funcs | {"__name__", "NAME"}
    assert "MP_REGISTER_MODULE(MP_QSTR__mpcrypto_hw," in src
    assert "MP_ROM_QSTR(MP_QSTR_NAME), MP_ROM_QSTR(MP_QSTR_rsip)" in table


@pytest.mark.parametrize("board", BOARDS)
def test_manifest_lists_existing_modules_of_the_board_arch(board):
    info = firmware.boards()[board]
    mods = manifest_files.modules_of(ROOT / "firmware" / info["manifest"])
    assert mods and all(p.exists() for p in mods)
    # test_compile.test_modules_compile[<arch>] compiles every library module for every board
    # arch; the board's own files (its drivers, boards/) are compiled here for its arch.
    arch = info["mpy_cross_arch"]
    assert arch in ARCHS + ("bytecode",)
    bad = []
    for path in sorted(set(mods) - set(MODULES)):
        assert ROOT / "boards" in path.parents, path
        rc, err = _compile(path, arch)
        if rc != 0:
            bad.append("%s: %s" % (path.relative_to(ROOT), err))
    assert not bad, bad


@pytest.mark.parametrize("board", BOARDS)
def test_build_commands(board, checkout):
    info = firmware.boards()[board]
    fw = info["firmware"]
    cmds = [[str(c) for c in cmd] for cmd in firmware.commands(board.lower().replace("_", "-"), str(checkout))]
    assert cmds[0][:3] == ["make", "-C", str(checkout / "mpy-cross")]
    build = cmds[-1]
    manifest = str(ROOT / "firmware" / info["manifest"])
    out = str(ROOT / "build" / board.lower().replace("_", "-"))
    if fw["port"] != "zephyr":  # west's -p always starts from scratch
        # makemanifest.py would keep a module the manifest no longer lists; on qemu, make
        # would keep a main.o built for another heap size
        assert cmds[1][:3] == ["rm", "-f", out + "/frozen_content.c"]
        assert cmds[1][3:] == ([out + "/main.o"] if fw["port"] == "qemu" else [])
    if fw["port"] == "qemu":
        assert "FROZEN_MANIFEST=" + manifest in build
        assert "BOARD_DIR=%s" % (ROOT / fw["board_dir"]) in build
        assert "BUILD=" + out in build
        assert "MICROPY_HEAP_SIZE=%d" % fw["heap_bytes"] in build
        assert "MPY_LIB_DIR=%s" % (checkout / "lib" / "micropython-lib") in build
    elif fw["port"] == "zephyr":
        assert build[:6] == ["west", "build", "-p", "always", "-b", fw["zephyr_board"]]
        assert "-DEXTRA_CONF_FILE=%s" % (ROOT / fw["conf"]) in build
        assert '-DCONFIG_MICROPY_CONFIGFILE="%s"' % (ROOT / fw["config_header"]) in build
        assert '-DCONFIG_MICROPY_FROZEN_MANIFEST="%s"' % manifest in build
        assert "-DMICROPY_CROSS_FLAGS=-march=" + info["mpy_cross_arch"] in build
        assert build[build.index("-d") + 1] == out
        if "overlays" in fw:
            assert "-DEXTRA_DTC_OVERLAY_FILE=%s" % ";".join(str(ROOT / o) for o in fw["overlays"]) in build
        if "zephyr_modules" in fw:
            assert "-DZEPHYR_EXTRA_MODULES=%s" % (ROOT / fw["zephyr_modules"][0]) in build
    else:
        assert "FROZEN_MANIFEST=" + manifest in build and "BOARD=" + fw["port_board"] in build


def test_heap_override(checkout):
    build = [str(c) for c in firmware.commands("qemu-m4", str(checkout), heap=2097152)[-1]]
    assert "MICROPY_HEAP_SIZE=2097152" in build


@pytest.mark.parametrize("micropy, needle", [
    ("", "give MICROPY=/path/to/micropython"),
    ("/nonexistent-micropython", "is not a MicroPython checkout"),
])
def test_make_firmware_without_checkout_says_so(micropy, needle):
    p = subprocess.run(["make", "-s", "firmware", "BOARD=qemu-m4", "MICROPY=" + micropy],
                       cwd=str(ROOT), capture_output=True, text=True)
    assert p.returncode != 0
    assert needle in p.stderr, p.stderr


def test_missing_micropython_lib_and_board(checkout):
    (checkout / "lib" / "micropython-lib" / "README.md").unlink()
    with pytest.raises(SystemExit, match="holds no micropython-lib"):
        firmware.commands("qemu-m4", str(checkout))
    with pytest.raises(SystemExit, match="no firmware recipe for BOARD='nope'"):
        firmware.commands("nope", str(checkout))


def test_emulate_needs_a_build(tmp_path, monkeypatch):
    monkeypatch.setattr(firmware, "BUILD", tmp_path)
    with pytest.raises(SystemExit, match="not built"):
        firmware.commands("qemu-m7", "", action="run")
    (tmp_path / "qemu-m7").mkdir()
    (tmp_path / "qemu-m7" / "firmware.elf").write_bytes(b"")
    run = [str(c) for c in firmware.commands("qemu-m7", "", action="run", icount=True)[0]]
    assert run[:3] == ["qemu-system-arm", "-machine", "mps2-an500"]
    assert "-icount" in run and run[-1].endswith("qemu-m7/firmware.elf")


ZEPHYR = [b for b in BOARDS if firmware.boards()[b]["firmware"]["port"] == "zephyr"]


@pytest.mark.parametrize("board", ZEPHYR)
def test_zephyr_recipe_has_what_native_code_needs(board):
    """Armv7-M/Armv8-M native code on the Zephyr port: the Thumb emitters and callable (odd)
    code pointers in the header, the data cache managed on cached cores, a main stack the
    library's deepest operation fits, and the port's own manifest included (its _boot.py)."""
    info = firmware.boards()[board]
    fw = info["firmware"]
    header = (ROOT / fw["config_header"]).read_text()
    assert "#define MICROPY_MAKE_POINTER_CALLABLE(p) ((void *)((mp_uint_t)(p) | 1))" in header
    for macro in ("MICROPY_EMIT_THUMB", "MICROPY_EMIT_INLINE_THUMB"):
        assert "#define %s " % macro in header
    conf = firmware.parse_conf(ROOT / fw["conf"])
    assert int(conf["CONFIG_MAIN_STACK_SIZE"]) >= firmware.MIN_MAIN_STACK
    cached = any(core in info["cpu"] for core in firmware.CACHED_CORES)
    assert (conf.get("CONFIG_CACHE_MANAGEMENT") == "y") == cached
    assert firmware.PORT_MANIFEST in manifest_files.port_includes(ROOT / "firmware" / info["manifest"])


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """A copy of the recipes (boards/, firmware/, the library) that a test may break."""
    import shutil

    for d in ("boards", "firmware", "modules"):
        shutil.copytree(ROOT / d, tmp_path / d)
    monkeypatch.setattr(firmware, "ROOT", tmp_path)
    return tmp_path


@pytest.mark.parametrize("plant, complaint", [
    (("firmware/zephyr/mpconfigport_mpcrypto.h", "#define MICROPY_MAKE_POINTER_CALLABLE", "// no"),
     "FRDM_K64F: firmware/zephyr/mpconfigport_mpcrypto.h does not define MICROPY_MAKE_POINTER_CALLABLE"),
    (("firmware/zephyr/frdm_k64f.conf", "CONFIG_MAIN_STACK_SIZE=16384", "CONFIG_MAIN_STACK_SIZE=4736"),
     "FRDM_K64F: CONFIG_MAIN_STACK_SIZE below 16384"),
    (("firmware/zephyr/ek_ra8d1.conf", "CONFIG_CACHE_MANAGEMENT=y", "CONFIG_CACHE_MANAGEMENT=n"),
     "EK_RA8D1: CONFIG_CACHE_MANAGEMENT is not y"),
    (("firmware/manifest_frdm_k66f.py", 'include("$(PORT_DIR)/boards/manifest.py")', ""),
     "FRDM_K66F: manifest_frdm_k66f.py does not include the port's manifest"),
    (("firmware/manifest_zephyr.py", 'include("$(PORT_DIR)/boards/manifest.py")', ""),
     "ZEPHYR_M55: manifest_zephyr.py does not include the port's manifest"),
])
def test_check_finds_a_broken_zephyr_recipe(tree, plant, complaint):
    path, old, new = plant
    f = tree / path
    assert old in f.read_text()
    f.write_text(f.read_text().replace(old, new))
    assert any(b.startswith(complaint) for b in firmware.check()), firmware.check()


_MPY_SIZES = {}


def _mpy_bytes(path, arch):
    """Size of ``path`` compiled by mpy-cross for ``arch`` (cached per file and arch)."""
    import tempfile

    from test_compile import _mpy_cross

    key = (path, arch)
    if key not in _MPY_SIZES:
        with tempfile.TemporaryDirectory() as tmp:
            out = pathlib.Path(tmp) / "out.mpy"
            subprocess.run([_mpy_cross(), "-march=" + arch, "-o", str(out), str(path)],
                           check=True, cwd=str(path.parent))
            _MPY_SIZES[key] = out.stat().st_size
    return _MPY_SIZES[key]


SIZED = [b for b in BOARDS if "port_share_bytes" in firmware.boards()[b]["firmware"]]


@pytest.mark.parametrize("board", SIZED)
def test_frozen_library_fits_the_board_flash(board):
    """The frozen library (its .mpy bytes for the board's arch, times the measured ratio of the
    firmware's frozen_content object to them, with 10% to spare) plus the port's own share of
    the image (measured from a build: the image's flash use less its frozen content) fits the
    board's flash. A module added to a manifest counts here before anyone builds it."""
    info = firmware.boards()[board]
    fw = info["firmware"]
    mods = manifest_files.modules_of(ROOT / "firmware" / info["manifest"])
    library = sum(_mpy_bytes(p, info["mpy_cross_arch"]) for p in mods)
    estimate = int(library * firmware.FROZEN_PER_MPY_BYTE * 1.10) + fw["port_share_bytes"]
    assert estimate <= info["flash_bytes"], (board, library, estimate, info["flash_bytes"])


def test_some_boards_are_sized():
    assert {"FRDM_K64F", "FRDM_K66F", "EK_RA8D1"} <= set(SIZED)


def test_elf_section_reads_the_vector_table(tmp_path):
    """``run`` copies a Zephyr image's vector table (section rom_start) for QEMU: the ELF
    reader finds a named section's bytes in a 32-bit ELF file it is handed."""
    import struct

    names = b"\0.shstrtab\0rom_start\0"
    body = b"\x30\x56\x00\x30\xb1\x61\x04\x11"
    shoff = 52 + len(names) + len(body)
    hdr = bytearray(52)
    hdr[:6] = b"\x7fELF\x01\x01"
    struct.pack_into("<I", hdr, 32, shoff)
    struct.pack_into("<HHH", hdr, 46, 40, 3, 1)
    sections = bytes(40)
    sections += struct.pack("<6I", 1, 3, 0, 0, 52, len(names)) + bytes(16)
    sections += struct.pack("<6I", 11, 1, 6, 0x11000000, 52 + len(names), len(body)) + bytes(16)
    elf = tmp_path / "z.elf"
    elf.write_bytes(bytes(hdr) + names + body + sections)
    assert firmware.elf_section(elf, "rom_start") == body
    with pytest.raises(SystemExit, match="no section text"):
        firmware.elf_section(elf, "text")
    elf.write_bytes(b"\x7fELF\x02\x01" + bytes(60))
    with pytest.raises(SystemExit, match="not a 32-bit"):
        firmware.elf_section(elf, "rom_start")


def test_malformed_recipe_files_are_refused(tmp_path):
    mk = tmp_path / "mpconfigboard.mk"
    mk.write_text("QEMU_ARCH = arm\nifeq ($(X),1)\n")
    with pytest.raises(ValueError, match="not an assignment"):
        firmware.parse_mk(mk)
    mk.write_text("A = 1\nA += 2\n# c\n")
    assert firmware.parse_mk(mk) == {"A": "1 2"}
    conf = tmp_path / "x.conf"
    conf.write_text("CONFIG_FPU=y\nFPU=y\n")
    with pytest.raises(ValueError, match="not a Kconfig assignment"):
        firmware.parse_conf(conf)


def test_board_json_firmware_keys():
    assert firmware.boards()
    for board, info in firmware.boards().items():
        fw = info["firmware"]
        assert fw["port"] in firmware.PORTS, board
        assert fw.get("flash"), board
        if fw["port"] != "qemu":
            assert fw.get("status"), "%s: say whether the recipe was built" % board
            assert "not built" not in fw["status"] or fw["port"] == "rx", board
        json.dumps(info)


# -- the emulator is stopped on every way out -------------------------------------------------

FAKE_QEMU = """
import sys, time
print("char device redirected to /dev/pts/99 (label serial0)", flush=True)
time.sleep(600)
"""


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_check_device_stops_the_emulator(tmp_path):
    """tools.ship.check_device's emulator() yields the pty qemu prints and stops it when the
    block ends, when it raises, and on SIGTERM to the process running it; a stand-in that
    prints what qemu-system-arm prints takes qemu's place."""
    import signal

    from tools.ship import check_device

    fake = tmp_path / "qemu.py"
    fake.write_text(FAKE_QEMU)
    cmd = [sys.executable, str(fake)]
    pids = []
    with check_device.emulator(cmd) as pty:
        assert pty == "/dev/pts/99"
        pids += _children()
        assert pids and all(_alive(p) for p in pids)
    with pytest.raises(RuntimeError):
        with check_device.emulator(cmd):
            pids += _children()
            raise RuntimeError("a step failed")
    with pytest.raises(SystemExit):
        with check_device.emulator(cmd):
            pids += _children()
            os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(0.5)
    assert len(pids) == 3 and not any(_alive(p) for p in pids), pids


OUTCOMES = [
    ("host_tests/test_aes.py::test_a", "setup", "passed", 0.5), ("host_tests/test_aes.py::test_a", "call", "passed", 59),
    ("host_tests/test_aes.py::test_a", "teardown", "passed", 0.5),
    ("host_tests/test_aes.py::test_b[x]", "setup", "skipped", 60),
    ("host_tests/test_gcm.py::TestTag::test_c", "setup", "passed", 0), ("host_tests/test_gcm.py::TestTag::test_c", "call", "failed", 6),
    ("host_tests/test_gcm.py::test_d", "setup", "failed", 6),
    ("host_tests/test_gcm.py::test_e", "setup", "passed", 1), ("host_tests/test_gcm.py::test_e", "call", "passed", 1),
    ("host_tests/test_gcm.py::test_e", "teardown", "failed", 1),
]


def test_check_device_table_per_file(tmp_path):
    """The closing table: passed, failed (set-up and tear-down errors too) and skipped per test
    file, with a total, from the outcome log; a line cut short by a stopped run is passed over."""
    from tools.ship import check_device

    log = tmp_path / "outcomes.jsonl"
    log.write_text("".join(json.dumps(dict(zip(("nodeid", "when", "outcome", "seconds"), o))) + "\n"
                           for o in OUTCOMES) + '{"nodeid": "host_tests/test_gcm.py::te')
    rows = check_device.per_file(str(log))
    assert rows == {"test_aes.py": [1, 0, 1, 120.0], "test_gcm.py": [0, 3, 0, 15.0]}
    t = check_device.table(rows).splitlines()
    assert t[2] == "| test_aes.py | 1 | 0 | 1 | 2.0 |" and t[-1] == "| all | 1 | 3 | 1 | 2.2 |"
    assert [f[0].split("::")[-1] for f in check_device.failures(str(log))] == ["test_c", "test_d", "test_e"]


def test_outcome_log_is_written_as_tests_end(tmp_path):
    """``--outcome-log`` appends a line per test phase from the controlling process, under
    pytest-xdist too (its workers write nothing themselves)."""
    t = tmp_path / "test_x.py"
    t.write_text("import pytest\n\ndef test_ok():\n    pass\n\ndef test_bad():\n    assert 0\n\n"
                 "@pytest.mark.skip\ndef test_skip():\n    pass\n\n"
                 "def test_long():\n    assert [7 ** 900, 'tail'] == [7 ** 900, 'end'], 'a long diff ' * 40\n")
    for workers in ("0", "2"):
        log = tmp_path / ("log%s.jsonl" % workers)
        subprocess.run([sys.executable, "-m", "pytest", str(t), "-q", "-n", workers, "-p", "no:cacheprovider",
                        "--rootdir", str(tmp_path), "-c", os.devnull, "-p", "conftest",
                        "--outcome-log=%s" % log], cwd=os.path.dirname(__file__), capture_output=True)
        got = [json.loads(line) for line in log.read_text().splitlines()]
        calls = sorted((g["nodeid"].split("::")[1], g["outcome"]) for g in got if g["when"] != "teardown"
                       and not (g["when"] == "setup" and g["outcome"] == "passed"))
        assert calls == [("test_bad", "failed"), ("test_long", "failed"), ("test_ok", "passed"),
                         ("test_skip", "skipped")], got
        msg = {g["nodeid"].split("::")[1]: g["message"] for g in got if g["outcome"] == "failed"}
        bad, long = msg["test_bad"], msg["test_long"]
        assert bad == "test_x.py:7: assert 0", got
        # where it failed and its message's head; the diff's end, not the middle of a number
        assert long.startswith("test_x.py:14: AssertionError: a long diff") and " ... " in long, long
        assert len(long) < 520 and "'tail'" in long[-240:] and "'end'" in long[-240:], long


STOPPED = """import os, signal, sys, threading
sys.path.insert(0, sys.argv[1])
signal.signal(signal.SIGINT, signal.SIG_IGN)  # as a shell starts a background job
def term(*a):
    raise SystemExit(143)
signal.signal(signal.SIGTERM, term)
from tools.ship import check_device
threading.Timer(1.5, lambda: os.kill(os.getpid(), signal.SIGTERM)).start()
check_device.run_step([sys.executable, "-c",
    "import time\\ntry:\\n print('UP', flush=True); time.sleep(30)\\nexcept KeyboardInterrupt:\\n print('KI')"])
"""


def test_a_stopped_step_gets_sigint(tmp_path):
    """check_device stopped (SIGTERM) while a step runs: the step gets a SIGINT it can act on
    (pytest then reports), even when check_device was started with SIGINT ignored."""
    script = tmp_path / "stop.py"
    script.write_text(STOPPED)
    t = time.monotonic()
    p = subprocess.run([sys.executable, str(script), str(pathlib.Path(__file__).parents[1])],
                       capture_output=True, text=True, timeout=60)
    assert p.stdout.split() == ["UP", "KI"] and p.returncode == 143, (p.stdout, p.stderr)
    assert time.monotonic() - t < 20


def test_mount_wait_is_scaled():
    """tools.ship.remote raises mpremote's one-second wait per mount request, and refuses an
    mpremote whose mount code it does not recognise."""
    from mpremote import transport_serial

    from tools.ship import remote

    before = transport_serial.fs_hook_code
    try:
        remote.patch(20000)
        assert "ipoll(20000)" in transport_serial.fs_hook_code and "ipoll(1000)" not in transport_serial.fs_hook_code
        with pytest.raises(SystemExit):
            remote.patch(30000)  # the one-second wait is gone now: nothing to scale
    finally:
        transport_serial.fs_hook_code = before


def test_device_run_retries_a_lost_link_once(monkeypatch):
    """A run that lost mpremote's link (or hung) is run once more; a failed test is not."""
    import subprocess

    from harness import DeviceTarget, TargetError

    dev = DeviceTarget("/dev/pts/99")
    dev.frozen, dev._tree = True, None
    dev._mount_root = lambda: "/tmp"
    outcomes = []

    def fake(args, timeout):
        kind = outcomes.pop(0)
        if kind == "hang":
            raise subprocess.TimeoutExpired(args, timeout)
        out = {"lost": "Traceback (most recent call last)\nException: timeout waiting for remote",
               "fail": "Traceback (most recent call last)\nAssertionError",
               "ok": "R 1"}[kind]
        return subprocess.CompletedProcess(args, 0, out, "")

    monkeypatch.setattr(dev, "_mpremote", fake)
    for first in ("lost", "hang"):
        outcomes[:] = [first, "ok"]
        assert dev.run("print(1)") == "R 1" and not outcomes
    outcomes[:] = ["fail", "ok"]
    with pytest.raises(TargetError):
        dev.run("print(1)")
    assert outcomes == ["ok"]
    outcomes[:] = ["lost", "lost", "ok"]
    with pytest.raises(TargetError):
        dev.run("print(1)")
    assert outcomes == ["ok"]


class _FakeLink:
    """Stands in for mpremote's SerialTransport in a device session: records what is sent
    and answers each script from ``answers`` (script text -> (stdout, stderr) or a list of
    them, taken in turn)."""

    def __init__(self, answers):
        self.answers, self.log, self.mounted = answers, [], False
        self.serial = self.orig_serial = self  # the mount wraps the serial port; here, no-op

    def close(self):
        self.log.append("close")

    def enter_raw_repl(self, soft_reset=True):
        self.log.append("reset")
        self.mounted = False

    def mount_local(self, root):
        self.log.append("mount")
        self.mounted = True

    def exec_raw_no_follow(self, script):
        self.script = script

    def follow(self, timeout):
        for key, answer in self.answers.items():
            if key in self.script:
                if isinstance(answer, list):
                    answer = answer.pop(0)
                self.log.append(key)
                return answer[0].encode(), answer[1].encode()
        self.log.append("other")
        return b"", b""


def test_device_session_resets_and_reruns(monkeypatch):
    """The device session: one mount for many scripts of a driver, a soft reset before another
    driver's first script and after a script that raised; a MemoryError on a used heap (raised
    or a case's result) is run again on a fresh device, one on a fresh heap stands, and a
    test's own traceback is never run again. ``free_port`` closes the link (for a tool that
    opens the port itself) and the next script opens it again."""
    from mpremote import transport_serial

    from harness import DeviceTarget, TargetError, _Session

    oom, ok = ("E MemoryError x\nDONE\n", ""), ("R 2\nDONE\n", "")
    oom_value = ("R [None, 'MemoryError']\nDONE\n", "")  # a driver that caught it
    s = _Session("/dev/pts/99")
    link = s.tr = _FakeLink({"'drv_a'": ("R 1\nDONE\n", ""), "'drv_b'": [oom, oom, ok, oom_value, ok],
                             "'drv_c'": ("", "Traceback\nAssertionError\n"), "_mpc_clean()": ("", "")})
    run = lambda drv: s.run("/tmp", "", "import mptest\nmptest.run('%s', 'f', [()], None)\n" % drv, 60)
    assert run("drv_a") == "R 1\nDONE\n" and run("drv_a") == "R 1\nDONE\n"
    assert link.log == ["reset", "mount", "other", "'drv_a'", "_mpc_clean()", "'drv_a'", "_mpc_clean()"]
    del link.log[:]
    assert run("drv_b") == oom[0]  # another driver: reset first; on a fresh heap the answer stands
    assert link.log == ["reset", "mount", "other", "'drv_b'", "_mpc_clean()"]
    del link.log[:]
    assert run("drv_b") == ok[0]  # on a used heap: run again on a fresh device
    assert link.log == ["'drv_b'", "reset", "mount", "other", "'drv_b'", "_mpc_clean()"]
    del link.log[:]
    assert run("drv_b") == ok[0]
    assert link.log == ["'drv_b'", "reset", "mount", "other", "'drv_b'", "_mpc_clean()"]
    del link.log[:]
    with pytest.raises(TargetError):
        run("drv_c")
    assert link.log.count("'drv_c'") == 1
    del link.log[:]
    run("drv_a")
    assert link.log[0] == "reset"  # after a script that raised
    del link.log[:]
    dev = DeviceTarget("/dev/pts/99", session=True)
    dev._session = s
    assert dev.free_port() == "/dev/pts/99" and link.log == ["close"] and s.tr is None
    monkeypatch.setattr(transport_serial, "SerialTransport", lambda port, baudrate: link)
    run("drv_a")
    assert link.log == ["close", "reset", "mount", "other", "'drv_a'", "_mpc_clean()"]


def _children():
    # The pids of this process's live children, from /proc (Linux).
    out = []
    me = str(os.getpid())
    for d in pathlib.Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[1] == me and fields[0] != "Z":
                out.append(int(d.name))
    return out


def test_emulate_execs_qemu(monkeypatch):
    """``firmware run`` puts the emulator in its own place (exec), so stopping the wrapper
    stops qemu: nothing is left running."""
    calls = []
    monkeypatch.setattr(firmware, "commands", lambda *a, **k: [["qemu-system-arm", "-machine", "mps2-an386"]])
    monkeypatch.setattr(firmware, "_tool", lambda *a: None)
    monkeypatch.setattr(firmware.os, "execvp", lambda f, argv: calls.append((f, argv)))
    firmware.main(["run", "qemu-m4"])
    assert calls == [("qemu-system-arm", ["qemu-system-arm", "-machine", "mps2-an386"])]
