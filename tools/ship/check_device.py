"""Check a change on an emulated Cortex-M board, in one command: boot the board's firmware
(``make firmware`` built it; ``--build`` builds it first) in qemu with ``-icount shift=0``,
run the constant-time and heap tests against it through mpremote, then the benchmark report
(``--no-report`` leaves it out: it rewrites ``report/`` as ``make report`` does), and stop
qemu on every way out: the tests' end, a failure, Ctrl-C, a kill of this process.

    python -m tools.ship.check_device qemu-m4 [--build --micropython PATH] [--no-report]
    make check-device BOARD=qemu-m7

The firmware freezes the library as it was when it was built: after a change to
``modules/``, build again (``--build``) before the check means anything.
"""

import argparse
import contextlib
import os
import re
import signal
import subprocess
import sys
import time

from tools import ROOT
from tools.ship import firmware

TESTS = ("host_tests/test_constant_time.py", "host_tests/test_heap.py")


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


def steps(board, pty, report=True):
    """The commands run against the booted board, in order."""
    out = [[sys.executable, "-m", "pytest", *TESTS, "-n", "0", "--target=" + pty, "-p", "no:cacheprovider", "-rfEs"]]
    if report:
        out.append([sys.executable, "-m", "tools.bench.report", "--target=" + pty, "--thumb-counts",
                    "--board", board, "--icount"])
    return out


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("board")
    ap.add_argument("--build", action="store_true", help="build the firmware first")
    ap.add_argument("--micropython", default=os.environ.get("MICROPY", ""))
    ap.add_argument("--micropython-lib", default=os.environ.get("MICROPY_LIB", ""))
    ap.add_argument("--no-report", action="store_true", help="only the tests")
    args = ap.parse_args(argv)
    key, info = firmware.board_info(args.board)
    if "machine" not in info["firmware"]:
        raise firmware.RecipeError("%s is real hardware: run make test TARGET=<its port> there" % key)
    if args.build:
        rc = subprocess.call([sys.executable, "-m", "tools.ship.firmware", "build", args.board,
                              "--micropython", args.micropython, "--micropython-lib", args.micropython_lib], cwd=ROOT)
        if rc:
            return rc
    cmds = firmware.commands(args.board, args.micropython, action="run", icount=True)
    failed = 0
    with emulator(cmds[-1]) as pty:
        print("check-device: %s on %s" % (key, pty), flush=True)
        for cmd in steps(args.board, pty, not args.no_report):
            print("+ " + " ".join(cmd), flush=True)
            failed = failed or subprocess.call(cmd, cwd=ROOT)
    return failed


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except firmware.RecipeError as e:
        sys.exit("check-device: %s" % e)
