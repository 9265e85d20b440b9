# SM3 (GB/T 32905-2016) throughput, emCrypt style: Algorithm | Hash MB/s, one row per backend.
# Runs unchanged on a board (mpremote mount modules run bench/bench_sm3.py) and on the unix
# port. MicroPython has no C SM3, so there is no reference row; SHA-256 through the same
# seam (its best backend) is printed beside it for scale.
import mpbench

MOD = "mpcrypto.hash.sm3"
N = 1024  # bytes per update() call; the heap column is for one 1 KiB update


def main():
    mpbench.header("SM3 (GB/T 32905-2016), %d-byte updates" % N)
    from mpcrypto.hash.sm3 import sm3

    rows = []
    for be in mpbench.backends(MOD):
        mpbench.force("sm3", be)
        mbs, heap = mpbench.update_rate(sm3, N)
        mpbench.row("SM3", "hash", be, mbs, "MB/s", heap, update_bytes=N)
        rows.append(["SM3 (%s)" % be, mbs])
    mpbench.force("sm3", None)
    from mpcrypto.hash.sha256 import sha256

    be = mpbench.backends("mpcrypto.hash.sha256")[0]
    mbs, heap = mpbench.update_rate(sha256, N)
    mpbench.row("SHA-256", "hash", be, mbs, "MB/s", heap, update_bytes=N)
    rows.append(["SHA-256 (%s)" % be, mbs])
    mpbench.table([("Algorithm", 22), ("Hash MB/s", 9)], rows)


main()
