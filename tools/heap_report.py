"""Heap per operation on a device running a firmware with the library frozen.

    python tools/heap_report.py --target /dev/pts/N [OP ...]

For each operation (default: every one of host_tests/test_heap.py), in a soft-reset
interpreter, host_tests/mp/drv_heap.py (sent as the script itself: nothing is mounted, so
the frozen library is what runs) reports the bytes in use after import and key set-up, the
bytes allocated by the first and by a later operation with the collector off (all they
allocate, garbage included), and whether both still run when no free block of the heap is
larger than about 4 KB. Prints a table.
"""

import argparse
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
DRIVER = ROOT / "host_tests" / "mp" / "drv_heap.py"


def run_op(port, op, mode):
    script = DRIVER.read_text() + "\ntry:\n    print('R', measure(%r, %r))\nexcept Exception as e:\n    print('R', repr(e))\n" % (op, mode)
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(script)
    mpremote = pathlib.Path(sys.executable).parent / "mpremote"
    p = subprocess.run([str(mpremote), "connect", port, "soft-reset", "run", f.name],
                       capture_output=True, text=True, timeout=600)
    pathlib.Path(f.name).unlink()
    for line in p.stdout.splitlines():
        if line.startswith("R "):
            return line[2:]
    return "no answer: " + (p.stdout + p.stderr)[-200:]


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--target", required=True)
    ap.add_argument("ops", nargs="*")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT / "host_tests"))
    from test_heap import OPS

    print("| operation | in use after import | first op allocates | later op allocates | in <= 4 KB holes |")
    print("|---|---|---|---|---|")
    for op in args.ops or OPS:
        a = run_op(args.target, op, "alloc")
        f = run_op(args.target, op, "frag")
        if a.startswith("("):
            used, first, later = [int(x) for x in a.strip("()").split(",")]
            cols = "%d | %d | %d" % (used, first, later)
        else:
            cols = "- | %s | -" % a
        print("| %s | %s | %s |" % (op, cols, "yes" if f.startswith("(") else f))


if __name__ == "__main__":
    main(sys.argv[1:])
