"""Check a change on an emulated Cortex-M board, in one command: boot the board's firmware
(``make firmware`` built it; ``--build`` builds it first) in qemu with ``-icount shift=0``,
run the constant-time and heap tests against it through mpremote, then the benchmark report
against the frozen library (into ``build/<board>/report/``, beside the firmware: the
committed ``report/`` stays the one ``make report`` writes; ``--no-report`` leaves it out),
and stop qemu on every way out: the tests' end, a failure, Ctrl-C, a kill of this process.

    python -m tools.ship.check_device qemu-m4 [--build --micropython PATH] [--no-report]
    make check-device BOARD=qemu-m7

``--suite`` runs the whole of ``host_tests`` on the board instead (qemu without icount, for
speed; no report): ``make test-device BOARD=qemu-m4 [EMULATORS=2]``; ``--emulators N`` boots
N copies of the board and gives each its own pytest-xdist worker. Either way the end is one table,
passed, failed and skipped per test file, from the outcome log pytest appends to as each test
ends (``--outcome-log``, host_tests/conftest.py): a run stopped part-way (Ctrl-C, SIGTERM) still
prints the table of what it ran; ``--log PATH`` keeps the log.

The firmware freezes the library as it was when it was built: after a change to
``modules/``, build again (``--build``) before the check means anything.
"""

import argparse
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

from tools import ROOT
from tools.ship import firmware

TESTS = ("host_tests/test_constant_time.py", "host_tests/test_heap.py")
SUITE = ("host_tests",)


@contextlib.contextmanager
def emulator(cmd, timeout=60):
    """Start ``cmd`` (a qemu-system-arm argv with ``-serial pty``) and yield the pty it
    prints; the emulator is stopped when the block is left, however it is left (SIGTERM and
    SIGHUP to this process become SystemExit, so they leave it too)."""
    proc = subprocess.Popen([str(c) for c in cmd], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, start_new_session=True)
    old = {}

    def leave(signum, frame):
        raise SystemExit(128 + signum)

    for sig in (signal.SIGTERM, signal.SIGHUP):
        old[sig] = signal.signal(sig, leave)
    try:
        pty = None
        deadline = time.monotonic() + timeout
        while pty is None:
            line = proc.stdout.readline()
            if not line:
                raise firmware.RecipeError("the emulator stopped before it gave a pty: %s" % cmd[0])
            m = re.search(r"char device redirected to (\S+)", line)
            if m:
                pty = m.group(1)
            elif time.monotonic() > deadline:
                raise firmware.RecipeError("no pty from the emulator in %d s" % timeout)
        time.sleep(2)  # the firmware boots to its prompt
        yield pty
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


def steps(board, pty, report=True, tests=TESTS, log=None, workers=0, suite=False, report_dir=None):
    """The commands run against the booted board (``pty``: several, comma-separated, for
    ``workers`` pytest-xdist workers), in order."""
    # The constant-time and heap tests print what they measured (each operation's least
    # counts per secret): shown (-s), each script on a fresh connection. The suite's runs
    # share one connection per board (--device-session) and only say what failed.
    out = [[sys.executable, "-m", "pytest", *tests, "-n", str(workers), "--target=" + pty, "-p", "no:cacheprovider", "-rfE"]
           + (["--outcome-log=%s" % log] if log else []) + (["--device-session"] if suite else ["-s"])]
    if report:
        out.append([sys.executable, "-m", "tools.bench.report", "--target=" + pty, "--thumb-counts",
                    "--board", board, "--icount", "--frozen", "--readme-chart", ""]
                   + (["--out", str(report_dir)] if report_dir else []))
    return out


def records(log):
    """The outcome log's lines (a JSON object per test phase), passing over a line cut short
    by a run killed while it wrote."""
    with open(log) as f:
        for line in f:
            try:
                yield json.loads(line)
            except ValueError:
                continue


def per_file(log):
    """{test file: [passed, failed, skipped, seconds]} from the outcome log: a test fails if
    any of its phases failed (an error in set-up or tear-down counts), is skipped if a phase
    skipped, and passed otherwise."""
    tests = {}
    for r in records(log):
        t = tests.setdefault(r["nodeid"], [set(), 0.0])
        t[0].add(r["outcome"])
        t[1] += r["seconds"]
    rows = {}
    for nodeid, (outcomes, seconds) in tests.items():
        name = os.path.basename(nodeid.split("::")[0])
        row = rows.setdefault(name, [0, 0, 0, 0.0])
        row[1 if "failed" in outcomes else 2 if "skipped" in outcomes else 0] += 1
        row[3] += seconds
    return rows


def failures(log):
    """[(test id, what went wrong)] of the failed phases in the outcome log, in order."""
    return [(r["nodeid"], r.get("message", "")) for r in records(log) if r["outcome"] == "failed"]


def table(rows):
    """The per-file counts as a Markdown table, with a total row."""
    out = ["| test file | passed | failed | skipped | minutes |", "|---|---|---|---|---|"]
    total = [0, 0, 0, 0.0]
    for name in sorted(rows):
        r = rows[name]
        total = [a + b for a, b in zip(total, r)]
        out.append("| %s | %d | %d | %d | %.1f |" % (name, r[0], r[1], r[2], r[3] / 60))
    out.append("| all | %d | %d | %d | %.1f |" % (total[0], total[1], total[2], total[3] / 60))
    return "\n".join(out)


def run_step(cmd):
    """Run one step to its end; if this process is stopped (Ctrl-C, or SIGTERM, which
    emulator() turns into SystemExit), stop the step first (SIGINT, so pytest still reports).
    The child gets SIGINT's default back: a shell starts a background job with it ignored,
    and Python would then never raise KeyboardInterrupt."""
    proc = subprocess.Popen(cmd, cwd=ROOT, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        return proc.wait()
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("board")
    ap.add_argument("--build", action="store_true", help="build the firmware first")
    ap.add_argument("--micropython", default=os.environ.get("MICROPY", ""))
    ap.add_argument("--micropython-lib", default=os.environ.get("MICROPY_LIB", ""))
    ap.add_argument("--no-report", action="store_true", help="only the tests")
    ap.add_argument("--suite", action="store_true",
                    help="the whole of host_tests, qemu without icount, no report")
    ap.add_argument("--tests", nargs="+", help="with --suite: these test files instead of all")
    ap.add_argument("--log", help="keep the outcome log (a JSON line per test phase) here")
    ap.add_argument("--emulators", type=int, default=1,
                    help="with --suite: boot this many copies of the board, one pytest-xdist worker each")
    args = ap.parse_args(argv)
    key, info = firmware.board_info(args.board)
    if "machine" not in info["firmware"]:
        raise firmware.RecipeError("%s is real hardware: run make test TARGET=<its port> there" % key)
    if args.build:
        rc = subprocess.call([sys.executable, "-m", "tools.ship.firmware", "build", args.board,
                              "--micropython", args.micropython, "--micropython-lib", args.micropython_lib], cwd=ROOT)
        if rc:
            return rc
    cmds = firmware.commands(args.board, args.micropython, action="run", icount=not args.suite)
    failed = 0
    started = time.monotonic()
    todo, rcs = [], []
    with tempfile.TemporaryDirectory(prefix="check-device-") as tmp:
        log = os.path.abspath(args.log) if args.log else os.path.join(tmp, "outcomes.jsonl")
        if os.path.exists(log):
            os.remove(log)
        try:
            with contextlib.ExitStack() as stack:
                n = args.emulators if args.suite else 1
                ptys = [stack.enter_context(emulator(cmds[-1])) for _ in range(n)]
                pty = ",".join(ptys)
                print("check-device: %s on %s" % (key, pty), flush=True)
                todo = steps(args.board, pty, not (args.no_report or args.suite),
                             (args.tests or SUITE) if args.suite else TESTS, log, workers=n if n > 1 else 0,
                             suite=args.suite, report_dir=firmware.build_dir(key) / "report")
                for cmd in todo:
                    print("+ " + " ".join(cmd), flush=True)
                    rcs.append(run_step(cmd))
                    failed = failed or rcs[-1]
        finally:
            # Also when stopped part-way: the table of what ran is the point of the log.
            print("\ncheck-device: %s, %s, %.0f minutes in all" % (
                key, "the whole suite" if args.suite else "constant time and heap", (time.monotonic() - started) / 60))
            if os.path.exists(log):
                print(table(per_file(log)))
                for nodeid, message in failures(log):
                    print("failed: %s: %s" % (nodeid, message))
            else:
                print("(pytest wrote no results)")
            if len(todo) > 1:
                where = firmware.build_dir(key) / "report" / "report.md"
                print("report step: %s" % ("not run to its end" if len(rcs) < 2 else "failed" if rcs[1]
                                           else "written to %s" % where))
    return failed


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except firmware.RecipeError as e:
        sys.exit("check-device: %s" % e)
