# SHA-224/SHA-256 throughput, emCrypt style (one row per algorithm per backend).
# Runs unchanged on a board (mpremote mount modules run bench/bench_sha256.py) and on the
# unix port. MicroPython's C hashlib.sha256 is the reference row where the port has it.
import mpbench

MOD = "mpcrypto.hash.sha256"
N = 1024  # bytes per update() call; the heap column is for one 1 KiB update


def main():
    mpbench.header("SHA-256 (FIPS 180-4), %d-byte updates" % N)
    from mpcrypto.hash.sha256 import sha224, sha256

    rows = []
    for be in mpbench.backends(MOD):
        mpbench.force("sha256", be)
        for alg, cls in (("SHA-224", sha224), ("SHA-256", sha256)):
            mbs, heap = mpbench.update_rate(cls, N)
            mpbench.row(alg, "hash", be, mbs, "MB/s", heap, update_bytes=N)
            rows.append(["%s (%s)" % (alg, be), mbs])
    mpbench.force("sha256", None)
    try:
        import hashlib
    except ImportError:
        hashlib = None
    if hashlib is not None and hasattr(hashlib, "sha256"):
        mbs, heap = mpbench.update_rate(hashlib.sha256, N)
        mpbench.row("SHA-256", "hash", "builtin", mbs, "MB/s", heap, True, update_bytes=N)
        rows.append(["SHA-256 (hashlib)", mbs])
    mpbench.table([("Algorithm", 22), ("Hash MB/s", 9)], rows)


main()
