"""Run every bench/bench_*.py on a target and collect their JSON lines.

    python -m tools.bench.run_bench                                 # the MicroPython unix port
    python -m tools.bench.run_bench --target /dev/ttyACM0           # a board, through mpremote
    python -m tools.bench.run_bench --target /dev/ttyACM0 --frozen  # a board with mpcrypto frozen
    python -m tools.bench.run_bench bench/bench_aes.py # one script

The tables go to the terminal as the scripts print them; the ``BENCH {...}`` JSON lines are
also written to ``bench-results.jsonl`` (one object per row, with the script name added) for
``tools/bench/bench_report.py``. Nothing here parses the tables.

On a board the scripts run with ``modules/`` mounted (the library compiled from source into
the board's RAM) unless ``--frozen`` says the firmware has it frozen in (``firmware/``): then
only the bench helpers (``mpbench.py``, ``mpbench_block.py``) are mounted and the frozen
library is what is measured; on a 96 KB heap that is the way RSA-2048 fits. On the unix port,
when python-rsa is installed, ``tools/bench/bench_python_rsa.py`` follows the scripts (RSA-2048
private operations against python-rsa on CPython, same run).
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys

from tools import ROOT, host_module

find_micropython = host_module("harness").find_micropython


def command(script, target, mount=None):
    """The command that runs one bench script: MicroPython on the unix port or mpremote on a
    device, or for a host tool of ours (``tools/bench/bench_python_rsa.py``) CPython with the
    tool as a module (run from ROOT, as every child of the runner is)."""
    script = pathlib.Path(script).resolve()
    if ROOT / "tools" in script.parents:
        return [sys.executable, "-m", ".".join(script.relative_to(ROOT).with_suffix("").parts)]
    if target == "unix":
        return [find_micropython(), "-X", "heapsize=64M", str(script)]
    return [sys.executable, "-m", "mpremote", "connect", target, "mount", str(mount or ROOT / "modules"), "run",
            str(script)]


def _helpers_dir():
    # a folder with only the bench helpers, to mount on a board whose firmware has the library
    import shutil
    import tempfile

    d = tempfile.mkdtemp(prefix="mpcrypto-bench-")
    for name in ("mpbench.py", "mpbench_block.py"):
        shutil.copy(ROOT / "modules" / name, d)
    return d


def _have_python_rsa():
    try:
        import rsa  # noqa: F401
    except ImportError:
        return False
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scripts", nargs="*", help="bench scripts (default: bench/bench_*.py)")
    ap.add_argument("--target", default="unix", help="'unix' or a serial port")
    ap.add_argument("--out", default=str(ROOT / "bench-results.jsonl"))
    ap.add_argument("--frozen", action="store_true", help="the board's firmware has mpcrypto frozen in")
    args = ap.parse_args(argv)
    scripts = [pathlib.Path(s).resolve() for s in args.scripts] or sorted((ROOT / "bench").glob("bench_*.py"))
    if not args.scripts and args.target == "unix" and _have_python_rsa():
        scripts.append(ROOT / "tools" / "bench" / "bench_python_rsa.py")
    mount = _helpers_dir() if args.frozen and args.target != "unix" else None
    env = dict(os.environ, MICROPYPATH=str(ROOT / "modules"))
    failed = []
    with open(args.out, "w") as out:
        for script in scripts:
            print("=" * 8, script.name, "=" * 8, flush=True)
            p = subprocess.Popen(command(script, args.target, mount), stdout=subprocess.PIPE, text=True, env=env,
                                 cwd=ROOT)
            for line in p.stdout:
                if line.startswith("BENCH "):
                    rec = json.loads(line[6:])
                    rec["script"] = script.name
                    out.write(json.dumps(rec) + "\n")
                else:
                    print(line, end="", flush=True)
            if p.wait() != 0:
                failed.append(script.name)
    if mount:
        import shutil

        shutil.rmtree(mount, ignore_errors=True)
    print("JSON lines written to", args.out)
    if failed:
        print("FAILED:", ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
