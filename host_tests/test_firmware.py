"""The firmware recipes (firmware/, tools/firmware.py, boards/*/board.json "firmware"), as far
as they can be checked without MicroPython's or Zephyr's source (neither is reachable from
CI): every recipe parses and names existing files of the right form, each board's manifest
lists existing modules that test_compile.py compiles for that board's arch, the build
commands carry the manifest, arch and board files, and a missing checkout, micropython-lib
or board is a clear error. The recipes themselves are verified by building the qemu boards
from a MicroPython checkout and running this suite against the frozen library (see
firmware/README.md). Runs on the host under any --target.
"""

import json
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import firmware  # noqa: E402
import manifest_files  # noqa: E402
from test_compile import ARCHS, MODULES, _compile  # noqa: E402

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


def test_recipes_check_clean():
    assert firmware.check() == []


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
    if fw["port"] == "qemu":
        assert "FROZEN_MANIFEST=" + manifest in build
        assert "BOARD_DIR=%s" % (ROOT / fw["board_dir"]) in build
        assert "BUILD=" + out in build
        assert "MICROPY_HEAP_SIZE=%d" % fw["heap_bytes"] in build
        assert "MPY_LIB_DIR=%s" % (checkout / "lib" / "micropython-lib") in build
    elif fw["port"] == "zephyr":
        assert build[:6] == ["west", "build", "-p", "auto", "-b", fw["zephyr_board"]]
        assert "-DEXTRA_CONF_FILE=%s" % (ROOT / fw["conf"]) in build
        assert '-DCONFIG_MICROPY_CONFIGFILE="%s"' % (ROOT / fw["config_header"]) in build
        assert '-DCONFIG_MICROPY_FROZEN_MANIFEST="%s"' % manifest in build
        assert "-DMICROPY_CROSS_FLAGS=-march=" + info["mpy_cross_arch"] in build
        assert build[build.index("-d") + 1] == out
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
    for board, info in firmware.boards().items():
        fw = info["firmware"]
        assert fw["port"] in firmware.PORTS, board
        assert fw.get("flash"), board
        if fw["port"] != "qemu":
            assert fw.get("status"), "%s: say whether the recipe was built" % board
        json.dumps(info)
