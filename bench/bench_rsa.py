# RSA, in the rows of the seeds' tables: Mbed TLS on FRDM-K64F ("RSA-2048 ms/public",
# "ms/private", RSA-4096) and CycloneCRYPTO on RA8D1 (RSA 1024-4096 key generation and
# verification). Public = PKCS#1 v1.5 SHA-256 verification (e = 65537), private = PKCS#1
# v1.5 SHA-256 signing (CRT, blinding and the verify-after-sign check included, as the
# library always does). Key generation is timed once per size with a deterministic rng (a
# SHA-256 counter stream, mpbench.fixed_rng), so it is one sample of a random process: the number of candidates
# tried varies from key to key. Default MPI backend; ms per operation and heap bytes per
# operation. Reference: MicroPython's built-in pow on the same private exponentiation (CRT
# halves), C and not constant time, measured in the same run.
# Runs unchanged on a board (mpremote mount modules run bench/bench_rsa.py) and on the unix
# port; on a board RSA-4096 key generation is left out (minutes).
import sys
import time

import mpbench
from mpcrypto import _backend
from mpcrypto.pk import mpi, padding, rsa

SIZES = (1024, 2048, 3072, 4096)
MIN_US = 200_000


def main():
    mpbench.header("RSA (PKCS#1 v1.5, SHA-256, e = 65537), ms per operation, MPI backend %s" % mpi.backend())
    host = sys.platform in ("linux", "darwin", "win32")
    msg = bytes(range(32))
    pad = padding.PKCS1v15()
    rows = []
    for bits in SIZES:
        key = pub = sig = None
        mpbench.fresh()  # the previous size's key and contexts gone: each size on a clean heap
        rng = mpbench.fixed_rng(b"mpcrypto bench_rsa %d" % bits)
        gen_ms = None
        if host or bits <= 2048:
            t0 = time.ticks_ms()
            key = rsa.generate_private_key(65537, bits, rng=rng)
            gen_ms = time.ticks_diff(time.ticks_ms(), t0)
            mpbench.row("RSA-%d" % bits, "generate (one key)", mpi.backend(), gen_ms, "ms", None)  # heap not measured
        else:
            continue
        pub = key.public_key()
        sig = key.sign(msg, pad, "sha256")
        # A board's RSA hardware (the "rsa" seam) first, for the sizes it takes; then the MPI
        # backend's CRT code with the hardware set aside.
        hw = _backend.hardware("rsa")
        names = _backend.available("rsa", ()) if bits in getattr(hw, "SIZES", ()) else []
        for name in names + [mpi.backend()]:
            _backend.force("rsa", name)
            priv_ms, priv_heap = mpbench.per_op(lambda: key.sign(msg, pad, "sha256"), MIN_US)
            mpbench.row("RSA-%d" % bits, "private", name, priv_ms, "ms", priv_heap)
        _backend.force("rsa")
        pub_ms, pub_heap = mpbench.per_op(lambda: pub.verify(sig, msg, pad, "sha256"), MIN_US)
        mpbench.row("RSA-%d" % bits, "public", mpi.backend(), pub_ms, "ms", pub_heap)
        nums = key.private_numbers()
        p, q, dp, dq = nums.p, nums.q, nums.dmp1, nums.dmq1
        c = int.from_bytes(sig, "big")

        def builtin_crt():
            return pow(c % p, dp, p), pow(c % q, dq, q)

        ref_ms, ref_heap = mpbench.per_op(builtin_crt, MIN_US)
        mpbench.row("RSA-%d" % bits, "private (built-in pow, CRT halves only)", "builtin", ref_ms, "ms", ref_heap, True)
        rows.append(["RSA-%d" % bits, gen_ms, priv_ms, pub_ms, ref_ms])
    mpbench.table([("Key", 9), ("Gen ms", 9), ("ms/private", 10), ("ms/public", 9), ("pow CRT ms", 10)], rows)


main()
