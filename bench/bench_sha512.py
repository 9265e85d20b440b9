# SHA-384/SHA-512/SHA-512/224/SHA-512/256 throughput, emCrypt style (one row per algorithm
# per backend). Runs unchanged on a board (mpremote mount modules run bench/bench_sha512.py)
# and on the unix port. hashlib.sha512 is the reference row on ports that have it.
import mpbench

MOD = "mpcrypto.hash.sha512"
N = 1024  # bytes per update() call; the heap column is for one 1 KiB update


def measure(make, min_us, n=N):
    buf = bytes(range(256)) * (n // 256) if n >= 256 else bytes(n)
    h = make()
    h.update(buf)
    return mpbench.throughput(lambda: h.update(buf), n, min_us)


def main():
    mpbench.header("SHA-512 family (FIPS 180-4), %d-byte updates" % N)
    from mpcrypto.hash.sha512 import sha384, sha512, sha512_224, sha512_256

    algs = (("SHA-384", sha384), ("SHA-512", sha512), ("SHA-512/224", sha512_224), ("SHA-512/256", sha512_256))
    rows = []
    for be in mpbench.backends(MOD):
        mpbench.force("sha512", be)
        for alg, cls in algs:
            # The four share one compression function; the slow portable backend is timed
            # over a shorter window so the whole script stays short on a board.
            # Portable Python allocates every 64-bit word (heap ints): one 1 KiB update with
            # the collector off can exhaust a small heap, so it is timed and weighed per
            # 128-byte block instead (update_bytes says which).
            n = N if be != "python" else 128
            mbs, heap = measure(cls, 400_000 if be != "python" else 200_000, n)
            mpbench.row(alg, "hash", be, mbs, "MB/s", heap, update_bytes=n)
            rows.append(["%s (%s)" % (alg, be), mbs])
    mpbench.force("sha512", None)
    try:
        import hashlib
    except ImportError:
        hashlib = None
    if hashlib is not None and hasattr(hashlib, "sha512"):
        mbs, heap = measure(hashlib.sha512, 400_000)
        mpbench.row("SHA-512", "hash", "builtin", mbs, "MB/s", heap, True, update_bytes=N)
        rows.append(["SHA-512 (hashlib)", mbs])
    mpbench.table([("Algorithm", 24), ("Hash MB/s", 9)], rows)


main()
