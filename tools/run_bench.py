"""Run every bench/bench_*.py on a target and collect their JSON lines.

    python tools/run_bench.py                    # the MicroPython unix port
    python tools/run_bench.py --target /dev/ttyACM0   # a board, through mpremote
    python tools/run_bench.py bench/bench_aes.py # one script

The tables go to the terminal as the scripts print them; the ``BENCH {...}`` JSON lines are
also written to ``bench-results.jsonl`` (one object per row, with the script name added) for
``tools/bench_report.py``. Nothing here parses the tables.
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "host_tests"))

from harness import find_micropython  # noqa: E402


def command(script, target):
    if target == "unix":
        return [find_micropython(), "-X", "heapsize=64M", str(script)]
    return [sys.executable, "-m", "mpremote", "connect", target, "mount", str(ROOT / "modules"), "run", str(script)]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scripts", nargs="*", help="bench scripts (default: bench/bench_*.py)")
    ap.add_argument("--target", default="unix", help="'unix' or a serial port")
    ap.add_argument("--out", default=str(ROOT / "bench-results.jsonl"))
    args = ap.parse_args(argv)
    scripts = [pathlib.Path(s) for s in args.scripts] or sorted((ROOT / "bench").glob("bench_*.py"))
    env = dict(os.environ, MICROPYPATH=str(ROOT / "modules"))
    failed = []
    with open(args.out, "w") as out:
        for script in scripts:
            print("=" * 8, script.name, "=" * 8, flush=True)
            p = subprocess.Popen(command(script, args.target), stdout=subprocess.PIPE, text=True, env=env)
            for line in p.stdout:
                if line.startswith("BENCH "):
                    rec = json.loads(line[6:])
                    rec["script"] = script.name
                    out.write(json.dumps(rec) + "\n")
                else:
                    print(line, end="", flush=True)
            if p.wait() != 0:
                failed.append(script.name)
    print("JSON lines written to", args.out)
    if failed:
        print("FAILED:", ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
