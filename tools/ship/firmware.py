"""Build a MicroPython firmware with mpcrypto frozen in, from the user's own checkouts.

    python -m tools.ship.firmware build BOARD --micropython PATH [--micropython-lib PATH]
                                         [--heap BYTES] [--jobs N]
    python -m tools.ship.firmware flash BOARD --micropython PATH  # board's standard flasher
    python -m tools.ship.firmware run BOARD [--icount]            # qemu boards: boot
    python -m tools.ship.check_device BOARD                       # a change on an emulated board
    python -m tools.ship.firmware check                           # recipes parse (CI)

(The Makefile's ``firmware``, ``flash`` and ``emulate`` targets call this.) BOARD is a folder
of ``boards/`` in any case, ``-`` or ``_`` (``qemu-m4`` is ``boards/QEMU_M4``); its
``board.json`` holds a ``firmware`` object naming the MicroPython port and the recipe files
under ``firmware/``:

- ``qemu``: an out-of-tree board (``firmware/qemu/<NAME>/mpconfigboard.mk``) for the port
  ``ports/qemu``; needs ``arm-none-eabi-gcc`` (Debian ``gcc-arm-none-eabi
  libnewlib-arm-none-eabi``); ``run`` boots it in ``qemu-system-arm`` with the console on a
  pty (``mpremote connect /dev/pts/N``, ``make test TARGET=/dev/pts/N``).
- ``zephyr``: ``west build`` of ``ports/zephyr`` for the Zephyr board, with our ``.conf``
  merged over the port's and our configuration header; needs a Zephyr workspace (``west``
  on PATH, ``ZEPHYR_BASE`` set: Zephyr's getting-started guide). ``flash`` is ``west flash``.
- ``rx``: the community RX port (github.com/ksekimoto/micropython, ``ports/rx``) built with
  ``FROZEN_MANIFEST``; needs ``rx-elf-gcc``; flashing is the port's documented procedure
  (Renesas Flash Programmer or the board's USB mass-storage loader), not automated here.

Everything is built into ``build/<board>/`` of this repository (git-ignored); nothing from
MicroPython or Zephyr is copied into the repository. The manifest named by the board is
passed as the port's FROZEN_MANIFEST, with the board's ``mpy-cross`` arch for the frozen
native code (the qemu boards' ``mpconfigboard.mk`` say it themselves).
"""

import argparse
import json
import os
import pathlib
import re
import shlex
import shutil
import struct
import subprocess
import sys

from tools import ROOT

BUILD = ROOT / "build"
PORTS = ("qemu", "zephyr", "rx")


class RecipeError(SystemExit):
    """A missing checkout, tool or board: the message says what to do."""

    def __init__(self, msg):
        super().__init__("firmware: " + msg)


def boards():
    """name -> board.json contents, for every board folder with a firmware recipe."""
    out = {}
    for path in sorted((ROOT / "boards").glob("*/board.json")):
        info = json.loads(path.read_text())
        if "firmware" in info:
            out[path.parent.name] = info
    return out


def board_info(name):
    key = name.upper().replace("-", "_")
    table = boards()
    if key not in table:
        raise RecipeError("no firmware recipe for BOARD=%r; boards: %s"
                          % (name, " ".join(n.lower().replace("_", "-") for n in table)))
    return key, table[key]


def _checkout(path, what, marker, url):
    if not path:
        raise RecipeError("needs %s: give MICROPY=/path/to/micropython (a checkout of %s)" % (what, url))
    p = pathlib.Path(path).expanduser().resolve()
    if not (p / marker).exists():
        raise RecipeError("%s is not %s (no %s there; a checkout of %s)" % (p, what, marker, url))
    return p


def _tool(name, hint):
    if shutil.which(name) is None:
        raise RecipeError("%s not found on PATH (%s)" % (name, hint))


def _run(cmd, env=None):
    print("+ " + " ".join(shlex.quote(str(c)) for c in cmd), flush=True)
    r = subprocess.run([str(c) for c in cmd], env=env)
    if r.returncode != 0:
        raise RecipeError("command failed (exit %d): %s" % (r.returncode, cmd[0]))


def build_dir(key):
    return BUILD / key.lower().replace("_", "-")


def _mpy_lib(mp, mpy_lib):
    # MicroPython's frozen-manifest rule requires micropython-lib (its README.md), even for a
    # manifest that requires nothing from it: the checkout's submodule, or a path given.
    if mpy_lib:
        lib = pathlib.Path(mpy_lib).expanduser().resolve()
    else:
        lib = mp / "lib" / "micropython-lib"
    if not (lib / "README.md").exists():
        raise RecipeError("%s holds no micropython-lib: run `git -C %s submodule update --init "
                          "lib/micropython-lib`, or give MICROPY_LIB=/path/to/micropython-lib" % (lib, mp))
    return lib


def _qemu(machine, elf, icount, extra=()):
    """qemu-system-arm booting ``elf`` on ``machine``, the console on a pty it prints;
    ``icount``: time counts instructions (-icount shift=0)."""
    return (["qemu-system-arm", "-machine", machine, "-nographic", "-monitor", "null"] + list(extra)
            + ["-serial", "pty"] + (["-icount", "shift=0"] if icount else []) + ["-kernel", elf])


def commands(name, micropython, heap=None, jobs=2, action="build", icount=False, mpy_lib=None):
    """The commands that build (or flash, or run) BOARD: a list of argv lists. Raises
    RecipeError for an unknown board or a missing MicroPython checkout; tools are checked
    by ``main`` before running them."""
    key, info = board_info(name)
    fw = info["firmware"]
    if action == "run" and fw["port"] == "qemu":
        elf = build_dir(key) / "firmware.elf"
        if not elf.exists():
            raise RecipeError("%s not built: make firmware BOARD=%s MICROPY=..." % (elf, name))
        # The port's own `run` target would rebuild with its default manifest: boot directly,
        # as that target does (ports/qemu/Makefile: -machine, -semihosting, -serial pty).
        return [_qemu(fw["machine"], elf, icount, ["-semihosting"])]
    if action == "run" and fw["port"] == "zephyr" and "machine" in fw:
        elf = build_dir(key) / "zephyr" / "zephyr.elf"
        if not elf.exists():
            raise RecipeError("%s not built: make firmware BOARD=%s MICROPY=..." % (elf, name))
        cmd = _qemu(fw["machine"], elf, icount)
        if "vector_table_at" in fw:
            # The image is linked away from the address the core reads its reset vector at
            # (the board's overlay says why): QEMU is given a copy of the vector table there
            # as a ROM blob, and Zephyr's start-up points VTOR at its own table.
            vec = build_dir(key) / "vectors.bin"
            vec.write_bytes(elf_section(elf, "rom_start"))
            cmd += ["-device", "loader,file=%s,addr=%s" % (vec, fw["vector_table_at"])]
        return [cmd]
    mp = _checkout(micropython, "a MicroPython checkout", "py/mpconfig.h",
                   "https://github.com/micropython/micropython")
    manifest = ROOT / "firmware" / info["manifest"]
    out = build_dir(key)
    port = fw["port"]
    if not (mp / "ports" / port).is_dir():
        raise RecipeError("%s has no ports/%s (%s)" % (mp, port, fw.get("source", "the port's repository")))
    lib = _mpy_lib(mp, mpy_lib) if action == "build" else None
    if port == "qemu":
        make = ["make", "-C", mp / "ports" / "qemu", "BOARD=" + key,
                "BOARD_DIR=%s" % (ROOT / fw["board_dir"]), "BUILD=%s" % out]
        if action == "build":
            # main.o too: the heap size is a -D flag of main.c, which make does not track
            return [["make", "-C", mp / "mpy-cross", "-j%d" % jobs], _stale_frozen(out) + [out / "main.o"],
                    make + ["FROZEN_MANIFEST=%s" % manifest, "MPY_LIB_DIR=%s" % lib,
                            "MICROPY_HEAP_SIZE=%d" % (heap or fw["heap_bytes"]), "-j%d" % jobs]]
        raise RecipeError("%s is emulated, not flashed: make emulate BOARD=%s boots it" % (key, name))
    if port == "zephyr":
        zb = fw["zephyr_board"]
        if action == "build":
            # Always from scratch: the port's build does not regenerate its qstrs when the
            # configuration header changes (a module switched on there fails to compile).
            cmd = ["west", "build", "-p", "always", "-b", zb, mp / "ports" / "zephyr", "-d", out, "--",
                   "-DEXTRA_CONF_FILE=%s" % (ROOT / fw["conf"]),
                   '-DCONFIG_MICROPY_CONFIGFILE="%s"' % (ROOT / fw["config_header"]),
                   '-DCONFIG_MICROPY_FROZEN_MANIFEST="%s"' % manifest,
                   "-DMICROPY_CROSS_FLAGS=-march=%s" % info["mpy_cross_arch"],
                   "-DMICROPY_LIB_DIR=%s" % lib]
            if "zephyr_modules" in fw:
                cmd.append("-DZEPHYR_EXTRA_MODULES=%s" % ";".join(str(ROOT / m) for m in fw["zephyr_modules"]))
            if "overlays" in fw:
                cmd.append("-DEXTRA_DTC_OVERLAY_FILE=%s" % ";".join(str(ROOT / o) for o in fw["overlays"]))
            if heap:
                cmd.append("-DCONFIG_MICROPY_HEAP_SIZE=%d" % heap)
            return [["make", "-C", mp / "mpy-cross", "-j%d" % jobs], cmd]
        return [["west", "flash", "-d", out]]
    if port == "rx":
        if action != "build":
            raise RecipeError("%s: flash with the RX port's documented procedure (%s)" % (key, fw["flash"]))
        return [["make", "-C", mp / "mpy-cross", "-j%d" % jobs], _stale_frozen(out),
                ["make", "-C", mp / "ports" / "rx", "BOARD=" + fw["port_board"], "BUILD=%s" % out,
                 "FROZEN_MANIFEST=%s" % manifest, "MPY_LIB_DIR=%s" % lib, "-j%d" % jobs]]
    raise RecipeError("%s: unknown port %r" % (key, port))


def _stale_frozen(out):
    # MicroPython's tools/makemanifest.py rewrites frozen_content.c only when a frozen file is
    # newer than it: a module taken out of the manifest would stay frozen in a rebuilt image.
    # Removing the file makes every make-based build freeze exactly what the manifest lists.
    return ["rm", "-f", out / "frozen_content.c"]


def zephyr_gcc():
    """The arm-none-eabi-gcc a Zephyr build uses: the one under GNUARMEMB_TOOLCHAIN_PATH
    (ZEPHYR_TOOLCHAIN_VARIANT=gnuarmemb), else the one on PATH."""
    base = os.environ.get("GNUARMEMB_TOOLCHAIN_PATH")
    return str(pathlib.Path(base) / "bin" / "arm-none-eabi-gcc") if base else "arm-none-eabi-gcc"


def check_gcc(mcpu, gcc=None):
    """Raise RecipeError unless the Zephyr build's GCC compiles for ``-mcpu=mcpu`` (GCC 12
    rejects cortex-m85; GCC 13 is the first that knows it)."""
    gcc = gcc or zephyr_gcc()
    try:
        r = subprocess.run([gcc, "-mcpu=" + mcpu, "-mthumb", "-x", "c", "-c", "-o", os.devnull, "-"],
                           input="int x;\n", capture_output=True, text=True)
    except OSError:
        raise RecipeError("%s not found (GNUARMEMB_TOOLCHAIN_PATH names the toolchain)" % gcc)
    if r.returncode != 0:
        version = subprocess.run([gcc, "-dumpversion"], capture_output=True, text=True).stdout.strip()
        raise RecipeError("this board needs a GCC that knows -mcpu=%s (GCC 13 or later); %s is GCC %s. "
                          "Point GNUARMEMB_TOOLCHAIN_PATH at such a toolchain (firmware/README.md)"
                          % (mcpu, gcc, version or "?"))


def elf_section(path, name):
    """The bytes of section ``name`` of a 32-bit little-endian ELF file (ELF specification:
    the header's e_shoff/e_shentsize/e_shnum/e_shstrndx, section headers of 40 bytes)."""
    data = pathlib.Path(path).read_bytes()
    if data[:6] != b"\x7fELF\x01\x01":
        raise RecipeError("%s is not a 32-bit little-endian ELF file" % path)
    shoff, = struct.unpack_from("<I", data, 32)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 46)

    def header(i):
        # sh_name, sh_type, sh_flags, sh_addr, sh_offset, sh_size
        return struct.unpack_from("<6I", data, shoff + i * shentsize)

    strtab = header(shstrndx)
    for i in range(shnum):
        sh = header(i)
        start = strtab[4] + sh[0]
        if data[start:data.index(b"\0", start)].decode() == name:
            return data[sh[4]:sh[4] + sh[5]]
    raise RecipeError("%s has no section %s" % (path, name))


def check():
    """What CI can check without MicroPython: every recipe names existing files of the right
    form, and the manifests exist. Returns a list of problems."""
    bad = []
    for key, info in boards().items():
        fw = info["firmware"]
        if fw.get("port") not in PORTS:
            bad.append("%s: port %r" % (key, fw.get("port")))
            continue
        if not (ROOT / "firmware" / info["manifest"]).exists():
            bad.append("%s: manifest %s missing" % (key, info["manifest"]))
        for field in ("board_dir", "conf", "config_header"):
            if field in fw and not (ROOT / fw[field]).exists():
                bad.append("%s: %s %s missing" % (key, field, fw[field]))
        for rel in fw.get("overlays", []) + fw.get("zephyr_modules", []):
            if not (ROOT / rel).exists():
                bad.append("%s: %s missing" % (key, rel))
        if fw["port"] == "qemu":
            mk = parse_mk(ROOT / fw["board_dir"] / "mpconfigboard.mk")
            # A bytecode board gives mpy-cross no -march (it emits no machine code).
            want = None if info["mpy_cross_arch"] == "bytecode" else "-march=" + info["mpy_cross_arch"]
            if mk.get("MPY_CROSS_FLAGS") != want:
                bad.append("%s: mpconfigboard.mk MPY_CROSS_FLAGS %r, board.json says %r"
                           % (key, mk.get("MPY_CROSS_FLAGS"), want))
            if mk.get("QEMU_MACHINE") != fw["machine"]:
                bad.append("%s: QEMU_MACHINE %r, board.json says %r" % (key, mk.get("QEMU_MACHINE"), fw["machine"]))
            if not isinstance(fw.get("heap_bytes"), int):
                bad.append("%s: heap_bytes" % key)
            if int(mk.get("MICROPY_STACK_SIZE", "0") or 0) < MIN_MAIN_STACK:
                bad.append("%s: mpconfigboard.mk MICROPY_STACK_SIZE below %d" % (key, MIN_MAIN_STACK))
        if fw["port"] == "zephyr":
            bad += _check_zephyr(key, info)
        if fw["port"] == "rx" and info["mpy_cross_arch"] != "bytecode":
            bad.append("%s: the RX port has no native emitter" % key)
    return bad


# What native code needs from the Zephyr port's configuration on Armv7-M/Armv8-M (the header
# explains each): the Thumb-2 emitters, and code pointers with the Thumb bit set.
NATIVE_MACROS = ("MICROPY_EMIT_THUMB", "MICROPY_EMIT_INLINE_THUMB", "MICROPY_MAKE_POINTER_CALLABLE")
# Cores with a data cache, whose firmware must clean it for emitted code (CONFIG_CACHE_MANAGEMENT).
CACHED_CORES = ("Cortex-M7", "Cortex-M55", "Cortex-M85")
# The C stack (Zephyr's main stack; the stack check's size on the qemu port) that the library's
# deepest operation needs with margin: firmware/README.md gives the measurement.
MIN_MAIN_STACK = 16384
PORT_MANIFEST = "$(PORT_DIR)/boards/manifest.py"
# Bytes of a firmware's frozen_content object per byte of the same modules' .mpy files for its
# arch (a FRDM-K64F build: 510,627 / 490,473; the C arrays carry the qstrs and constants the
# .mpy files carry too). host_tests/test_firmware.py sizes each board's flash with it.
FROZEN_PER_MPY_BYTE = 1.04


def _check_zephyr(key, info):
    """The problems of one Zephyr board's recipe (see ``check``)."""
    from tools.ship import manifest_files

    fw = info["firmware"]
    bad = []
    conf = parse_conf(ROOT / fw["conf"])
    want = {"CONFIG_MICROPY_FROZEN_MODULES": "y", "CONFIG_TEST_RANDOM_GENERATOR": "n",
            "CONFIG_MICROPY_CONFIG_ROM_LEVEL_EXTRA_FEATURES": "y", "CONFIG_ARM_MPU": "n"}
    if info["mpy_cross_arch"] in ("armv7emsp", "armv7emdp"):
        want["CONFIG_FPU"] = "y"  # the frozen code's arch has the FPU
    if not fw.get("entropy", "").startswith("none"):
        want["CONFIG_ENTROPY_GENERATOR"] = "y"  # os.urandom from the board's entropy driver
    if any(core in info["cpu"] for core in CACHED_CORES):
        want["CONFIG_CACHE_MANAGEMENT"] = "y"
    for opt, v in sorted(want.items()):
        if conf.get(opt) != v:
            bad.append("%s: %s is not %s in %s" % (key, opt, v, fw["conf"]))
    for opt in ("CONFIG_MICROPY_HEAP_SIZE", "CONFIG_MAIN_STACK_SIZE"):
        if not conf.get(opt, "").isdigit():
            bad.append("%s: %s is not set in %s" % (key, opt, fw["conf"]))
    if int(conf.get("CONFIG_MAIN_STACK_SIZE", "0") or 0) < MIN_MAIN_STACK:
        bad.append("%s: CONFIG_MAIN_STACK_SIZE below %d" % (key, MIN_MAIN_STACK))
    header = (ROOT / fw["config_header"]).read_text()
    for macro in NATIVE_MACROS:
        if not re.search(r"^#define %s\b" % macro, header, re.M):
            bad.append("%s: %s does not define %s" % (key, fw["config_header"], macro))
    if PORT_MANIFEST not in manifest_files.port_includes(ROOT / "firmware" / info["manifest"]):
        bad.append("%s: %s does not include the port's manifest" % (key, info["manifest"]))
    for m in fw.get("zephyr_modules", ()):
        if not (ROOT / m / "zephyr" / "module.yml").exists():
            bad.append("%s: %s is not a Zephyr module" % (key, m))
    return bad


def parse_mk(path):
    """``NAME = value`` / ``NAME += value`` lines of a board's mpconfigboard.mk (``+=`` joined
    with spaces); anything else but comments and blank lines is an error."""
    out = {}
    for n, line in enumerate(path.read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        for op in ("+=", "?=", "="):
            if op in line:
                k, v = (s.strip() for s in line.split(op, 1))
                break
        else:
            raise ValueError("%s:%d: not an assignment: %r" % (path, n, line))
        if not k.replace("_", "").isalnum():
            raise ValueError("%s:%d: bad name %r" % (path, n, k))
        out[k] = (out[k] + " " + v) if op == "+=" and k in out else v
    return out


def parse_conf(path):
    """``CONFIG_X=value`` lines of a Kconfig fragment; anything else but comments and blank
    lines is an error."""
    out = {}
    for n, line in enumerate(path.read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        k, sep, v = line.partition("=")
        if not sep or not k.startswith("CONFIG_") or not k.replace("_", "").isalnum():
            raise ValueError("%s:%d: not a Kconfig assignment: %r" % (path, n, line))
        out[k] = v
    return out


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("action", choices=("build", "flash", "run", "check"))
    ap.add_argument("board", nargs="?")
    ap.add_argument("--micropython", default=os.environ.get("MICROPY", ""))
    ap.add_argument("--micropython-lib", default=os.environ.get("MICROPY_LIB", ""))
    ap.add_argument("--heap", type=int, help="heap bytes (default: the board's)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--icount", action="store_true", help="qemu run: time counts instructions")
    args = ap.parse_args(argv)
    if args.action == "check":
        bad = check()
        for b in bad:
            print(b)
        return 1 if bad else 0
    if not args.board:
        raise RecipeError("give BOARD=<name>; boards: %s" % " ".join(n.lower().replace("_", "-") for n in boards()))
    key, info = board_info(args.board)
    port = info["firmware"]["port"]
    if args.action == "run" and "machine" not in info["firmware"]:
        raise RecipeError("%s is real hardware: use flash" % key)
    cmds = commands(args.board, args.micropython, args.heap, args.jobs, args.action, args.icount,
                    args.micropython_lib)
    if args.action == "run":
        _tool("qemu-system-arm", "Debian: apt install qemu-system-arm")
    elif port == "qemu":
        _tool("arm-none-eabi-gcc", "Debian: apt install gcc-arm-none-eabi libnewlib-arm-none-eabi")
    elif port == "zephyr":
        _tool("west", "a Zephyr workspace: pip install west; west init; west update")
        if not os.environ.get("ZEPHYR_BASE"):
            raise RecipeError("ZEPHYR_BASE is not set (source zephyr/zephyr-env.sh of your Zephyr workspace)")
        if args.action == "build" and "gcc_mcpu" in info["firmware"]:
            check_gcc(info["firmware"]["gcc_mcpu"])
    elif port == "rx":
        _tool("rx-elf-gcc", "the GCC for Renesas RX toolchain")
    if args.action == "run":
        # The emulator takes this process's place, so whatever stops the wrapper (make,
        # a test's subprocess, Ctrl-C, a kill) stops qemu itself: nothing is left running.
        cmd = [str(c) for c in cmds[-1]]
        print("+ " + " ".join(shlex.quote(c) for c in cmd), flush=True)
        os.execvp(cmd[0], cmd)
        return 0  # (execvp returns only where it is replaced, as in a test)
    for cmd in cmds:
        _run(cmd)
    if args.action == "build":
        print("firmware: built into %s" % build_dir(key))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
