# HKDF (RFC 5869) and PBKDF2-HMAC (RFC 8018): time per derivation and heap bytes. Runs
# unchanged on a board (mpremote mount modules run bench/bench_kdf.py) and on the unix port.
# PBKDF2 rows: 10,000 iterations, 32-byte key (one block); "per_iteration_heap" is the heap
# of a 10,000-iteration derivation minus that of a 1-iteration one, divided by 9,999 (issue
# 14's target: 0). The reference is the same hash's compression rate measured in the same
# run: an HMAC iteration costs two compressions, so "efficiency" = (2 x 10,000 blocks at the
# hash's 1 KiB-update throughput) / measured time (1.0: no overhead beyond the compressions).
# MicroPython has no C PBKDF2 or HKDF.
import gc

import mpbench

ITER = 10000


def heap(fn):
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    fn()
    b = gc.mem_alloc()
    gc.enable()
    return b - a


def main():
    mpbench.header("KDFs: PBKDF2-HMAC (%d iterations) and HKDF" % ITER)
    from mpcrypto.hash.names import hash_class
    from mpcrypto.kdf.hkdf import HKDF
    from mpcrypto.kdf.pbkdf2 import pbkdf2_hmac

    rows = []
    for name, alg in (("SHA-1", "sha1"), ("SHA-256", "sha256"), ("SHA-512", "sha512"), ("MD5", "md5")):
        cls = hash_class(alg)
        buf = bytes(1024)
        h = cls(buf)
        hash_mbs, _ = mpbench.throughput(lambda: h.update(buf), 1024, 200_000)
        ms, hp = mpbench.per_op(lambda: pbkdf2_hmac(alg, b"password", b"salt", ITER, cls.digest_size), 300_000)
        h1 = heap(lambda: pbkdf2_hmac(alg, b"password", b"salt", 1, cls.digest_size))
        per_iter = (hp - h1) / (ITER - 1) if hp >= 0 else -1
        ideal_ms = 2 * ITER * cls.block_size / hash_mbs / 1000
        label = "PBKDF2-HMAC-%s" % name
        mpbench.row(label, "derive", "default", ms, "ms", hp, iterations=ITER,
                    per_iteration_heap=round(per_iter, 3), efficiency=round(ideal_ms / ms, 3))
        rows.append([label + " x%d" % ITER, ms, hp, "%.2f" % per_iter, "%.2f" % (ideal_ms / ms)])
    for name, alg in (("SHA-256", "sha256"), ("SHA-1", "sha1"), ("SHA-512", "sha512")):
        ms, hp = mpbench.per_op(lambda: HKDF(alg, 32, b"salt", b"info").derive(b"input key material"), 200_000)
        label = "HKDF-%s" % name
        mpbench.row(label, "derive", "default", ms, "ms", hp, length=32)
        rows.append([label + " (32 B)", ms, hp, "", ""])
    mpbench.table([("Algorithm", 28), ("ms", 9), ("heap B", 7), ("heap/iter", 9), ("efficiency", 10)], rows)


main()
