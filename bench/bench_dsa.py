# DSA (FIPS 186-4, RFC 6979 nonces), the CycloneCRYPTO RA8D1 rows: signature generation and
# verification for L = 1024, 2048 and 3072 (N = 160, 256, 256: the library's choice per L),
# SHA-256 over a 32-byte message; ms per operation and heap bytes per operation. The domain parameters are
# generated once per size with a deterministic rng (mpbench.fixed_rng; not timed: generating
# p is a search whose length varies). Reference: MicroPython's built-in pow
# on the signature's exponentiation (g^k mod p), C and not constant time, same run.
# Runs unchanged on a board (mpremote mount modules run bench/bench_dsa.py) and on the unix
# port (parameter generation dominates: about a minute there). On a board L = 3072 is left
# out: generating its parameters did not fit the emulated M4's 96 KB heap (a 9.8 KB context
# for each Miller-Rabin test among the search's garbage).
import sys

import mpbench
from mpcrypto.pk import dsa, mpi

SIZES = (1024, 2048, 3072)
MIN_US = 200_000


def main():
    mpbench.header("DSA sign/verify (FIPS 186-4, RFC 6979), SHA-256, MPI backend %s" % mpi.backend())
    msg = bytes(range(32))
    rows = []
    host = sys.platform in ("linux", "darwin", "win32")
    for L in SIZES:
        if L > 2048 and not host:
            continue
        params = pn = key = pub = sig = None
        mpbench.fresh()  # the previous size's keys and contexts gone: each size on a clean heap
        rng = mpbench.fixed_rng(b"mpcrypto bench_dsa %d" % L)
        params = dsa.generate_parameters(L, rng=rng)
        pn = params.parameter_numbers()
        N = mpi.bits(pn.q)
        key = params.generate_private_key(rng=rng)
        pub = key.public_key()
        sig = key.sign(msg, "sha256")
        alg = "DSA-%d/%d" % (L, N)
        s_ms, s_heap = mpbench.per_op(lambda: key.sign(msg, "sha256"), MIN_US)
        mpbench.row(alg, "sign", mpi.backend(), s_ms, "ms", s_heap)
        v_ms, v_heap = mpbench.per_op(lambda: pub.verify(sig, msg, "sha256"), MIN_US)
        mpbench.row(alg, "verify", mpi.backend(), v_ms, "ms", v_heap)
        k = int.from_bytes(rng(N // 8), "big") % pn.q
        r_ms, r_heap = mpbench.per_op(lambda: pow(pn.g, k, pn.p), MIN_US)
        mpbench.row(alg, "sign (built-in pow g^k only)", "builtin", r_ms, "ms", r_heap, True)
        rows.append([alg, s_ms, v_ms, r_ms])
    mpbench.table([("Key", 14), ("ms/sign", 9), ("ms/verify", 9), ("pow g^k ms", 10)], rows)


main()
