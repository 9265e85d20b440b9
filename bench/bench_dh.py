# Finite-field Diffie-Hellman over the RFC 7919 groups ffdhe2048/3072/4096: key generation
# (x and g^x) and the shared secret (peer value validated: range and subgroup, y^q = 1, as
# the library always does), ms per operation and heap bytes per operation, default MPI
# backend; the seeds' DH rows (CycloneCRYPTO RA8D1, Mbed TLS FRDM-K64F "DHE-2048/3072").
# Reference: MicroPython's built-in pow on the same exponentiation (peer^x mod p), C and not
# constant time, same run. Keys from a deterministic rng (mpbench.fixed_rng).
# Runs unchanged on a board (mpremote mount modules run bench/bench_dh.py) and on the unix port.
import mpbench
from mpcrypto.pk import dh, mpi

SIZES = (2048, 3072, 4096)
MIN_US = 200_000


def main():
    mpbench.header("FFDH (RFC 7919 groups), MPI backend %s" % mpi.backend())
    rows = []
    for bits in SIZES:
        group = a = peer = None
        mpbench.fresh()  # the previous group's keys and contexts gone: each size on a clean heap
        rng = mpbench.fixed_rng(b"mpcrypto bench_dh %d" % bits)
        group = dh.ffdhe(bits)
        a = group.generate_private_key(rng=rng)
        peer = group.generate_private_key(rng=rng).public_key()
        alg = "DH ffdhe%d" % bits
        g_ms, g_heap = mpbench.per_op(lambda: group.generate_private_key(rng=rng).public_key(), MIN_US)
        mpbench.row(alg, "generate", mpi.backend(), g_ms, "ms", g_heap)
        x_ms, x_heap = mpbench.per_op(lambda: a.exchange(peer), MIN_US)
        mpbench.row(alg, "exchange", mpi.backend(), x_ms, "ms", x_heap)
        p = group.parameter_numbers().p
        x = a.private_numbers().x
        y = peer.public_numbers().y
        r_ms, r_heap = mpbench.per_op(lambda: pow(y, x, p), MIN_US)
        mpbench.row(alg, "exchange (built-in pow y^x only)", "builtin", r_ms, "ms", r_heap, True)
        rows.append([alg, g_ms, x_ms, r_ms])
    mpbench.table([("Group", 14), ("ms/generate", 11), ("ms/exchange", 11), ("pow y^x ms", 10)], rows)


main()
