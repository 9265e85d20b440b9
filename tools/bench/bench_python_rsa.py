"""RSA-2048 private operations: ours on the MicroPython unix port against python-rsa on
CPython, measured in the same run (issue: "RSA-2048 private no slower than python-rsa").

    python -m tools.bench.bench_python_rsa            # table + BENCH JSON lines
    python -m tools.bench.bench_python_rsa --rounds 5

One key (made by ``cryptography``), both libraries signing the same 32-byte message with
PKCS#1 v1.5 and SHA-256: python-rsa's ``rsa.sign`` (blinding, no CRT: one full-length
exponentiation by CPython's built-in ``pow``, not constant time) and our
``RSAPrivateKey.sign`` in a ``micropython`` process (CRT halves by constant-time fixed-window
exponentiation on the MPI engine, blinding and the verify-after-sign check). The rounds
alternate between the two and each side keeps its fastest round, so a load on the machine
that comes and goes touches both alike. ``tools/bench/run_bench.py`` runs this after the bench
scripts on the unix port when python-rsa is installed.
"""

import argparse
import json
import os
import platform
import subprocess
import sys
import time

from tools import ROOT, host_module

find_micropython = host_module("harness").find_micropython

MSG = bytes(range(32))
MIN_S = 0.5  # per round and side

# Runs in the micropython process: sign for at least MIN_US, print the microseconds per call.
_OURS = """
import sys, time
from mpcrypto.pk import padding, rsa
p, q, d, dp, dq, qi, e, n = (int(x) for x in sys.stdin.read().split())
key = rsa.RSAPrivateNumbers(p, q, d, dp, dq, qi, rsa.RSAPublicNumbers(e, n)).private_key()
msg = bytes(range(32))
pad = padding.PKCS1v15()
key.sign(msg, pad, "sha256")
for _ in range(1):
    reps = 0
    t0 = time.ticks_us()
    while True:
        key.sign(msg, pad, "sha256")
        reps += 1
        us = time.ticks_diff(time.ticks_us(), t0)
        if us >= %d:
            break
    print("US", us / reps)
""" % int(MIN_S * 1e6)


def _key():
    from cryptography.hazmat.primitives.asymmetric import rsa as crsa

    k = crsa.generate_private_key(65537, 2048)
    pn = k.private_numbers()
    return (pn.p, pn.q, pn.d, pn.dmp1, pn.dmq1, pn.iqmp, pn.public_numbers.e, pn.public_numbers.n)


def _python_rsa_ms(nums):
    import rsa

    p, q, d, dp, dq, qi, e, n = nums
    key = rsa.PrivateKey(n, e, d, p, q)
    rsa.sign(MSG, key, "SHA-256")
    reps = 0
    t0 = time.perf_counter()
    while True:
        rsa.sign(MSG, key, "SHA-256")
        reps += 1
        dt = time.perf_counter() - t0
        if dt >= MIN_S:
            return dt / reps * 1000


def _ours_ms(nums, micropython):
    env = dict(os.environ, MICROPYPATH=str(ROOT / "modules"))
    # the key on stdin: the unix port dies ("uncaught NLR") on argv strings of ~300 digits
    out = subprocess.run([micropython, "-X", "heapsize=8M", "-c", _OURS], input=" ".join(str(v) for v in nums),
                         capture_output=True, text=True, env=env, check=True).stdout
    return min(float(ln[3:]) for ln in out.splitlines() if ln.startswith("US ")) / 1000


def _row(operation, backend, value, reference, implementation):
    return {"reference": reference, "algorithm": "RSA-2048", "operation": operation, "backend": backend,
            "value": round(value, 4), "unit": "ms", "heap_bytes": None, "platform": "linux",
            "implementation": implementation, "machine": platform.machine(), "word_bits": 64, "clock_hz": None}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)
    import rsa

    micropython = find_micropython()
    nums = _key()
    theirs, ours = [], []
    for _ in range(args.rounds):
        theirs.append(_python_rsa_ms(nums))
        ours.append(_ours_ms(nums, micropython))
    t, o = min(theirs), min(ours)
    cpy = "CPython %s" % platform.python_version()
    print("RSA-2048 private (PKCS#1 v1.5, SHA-256), ms per operation, fastest of %d alternating rounds" % args.rounds)
    print("  python-rsa %s on %s: %8.2f" % (rsa.__version__, cpy, t))
    print("  mpcrypto on the MicroPython unix port:    %8.2f" % o)
    print("  python-rsa / mpcrypto: %.2fx (> 1: ours is faster)" % (t / o))
    print("BENCH " + json.dumps(_row("private (python-rsa %s, %s)" % (rsa.__version__, cpy), "python-rsa", t, True, cpy)))
    print("BENCH " + json.dumps(_row("private (vs python-rsa, same run)", "default", o, False, "micropython unix port")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
