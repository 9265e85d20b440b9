# SHA-3 and SHAKE throughput, emCrypt style (Algorithm | Hash MB/s, one row per algorithm per
# backend). Runs unchanged on a board (mpremote mount modules run bench/bench_sha3.py) and on
# the unix port. MicroPython's C hashlib has no SHA-3 in the builds we target; where a port
# has hashlib.sha3_256 it is the reference row. SHA-256 through its own seam (best backend)
# is printed beside it for scale (the project's target: SHA3-256 >= 0.25x our viper SHA-256).
import mpbench

MOD = "mpcrypto.hash.sha3"
N = 1024  # bytes per update() call; the heap column is for one 1 KiB update


def measure(make, min_us, n=N):
    # ``make()`` returns a prepared hash object; the measured call is one update() of n
    # bytes into it (set-up and digest are not in the loop).
    buf = bytes(range(256)) * (n // 256) + bytes(range(n % 256))
    h = make()
    h.update(buf)
    return mpbench.throughput(lambda: h.update(buf), n, min_us)


def main():
    mpbench.header("SHA-3 and SHAKE (FIPS 202), %d-byte updates" % N)
    from mpcrypto.hash.sha3 import sha3_224, sha3_256, sha3_384, sha3_512
    from mpcrypto.hash.shake import shake_128, shake_256

    algs = (("SHA3-224", sha3_224), ("SHA3-256", sha3_256), ("SHA3-384", sha3_384), ("SHA3-512", sha3_512),
            ("SHAKE128", shake_128), ("SHAKE256", shake_256))
    rows = []
    for be in mpbench.backends(MOD):
        mpbench.force("keccak", be)
        for alg, cls in algs:
            # Portable Python allocates every 64-bit lane (heap ints on 32-bit ports): one
            # 1 KiB update with the collector off can exhaust a small heap, so it is timed
            # and weighed per block (one permutation; update_bytes says how many bytes).
            n = N if be != "python" else cls.block_size
            mbs, heap = measure(cls, 400_000 if be != "python" else 200_000, n)
            mpbench.row(alg, "hash", be, mbs, "MB/s", heap, update_bytes=n)
            rows.append(["%s (%s)" % (alg, be), mbs])
    mpbench.force("keccak", None)
    from mpcrypto.hash.sha256 import sha256

    be = mpbench.backends("mpcrypto.hash.sha256")[0]
    mbs, heap = measure(sha256, 400_000)
    mpbench.row("SHA-256", "hash", be, mbs, "MB/s", heap, update_bytes=N)
    rows.append(["SHA-256 (%s)" % be, mbs])
    try:
        import hashlib
    except ImportError:
        hashlib = None
    if hashlib is not None and hasattr(hashlib, "sha3_256"):
        mbs, heap = measure(hashlib.sha3_256, 400_000)
        mpbench.row("SHA3-256", "hash", "builtin", mbs, "MB/s", heap, True, update_bytes=N)
        rows.append(["SHA3-256 (hashlib)", mbs])
    mpbench.table([("Algorithm", 22), ("Hash MB/s", 9)], rows)


main()
