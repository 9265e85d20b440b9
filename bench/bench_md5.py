# MD5 throughput, emCrypt style (Algorithm | Hash MB/s, one row per backend). Runs unchanged
# on a board (mpremote mount modules run bench/bench_md5.py) and on the unix port.
# MicroPython's C hashlib.md5 is the reference row where the port has it; our SHA-256 on its
# viper backend is measured in the same run (issue 14's target: MD5 >= 1.0x viper SHA-256).
# Each row's JSON line carries its ratios to both (vs_builtin, vs_sha256_viper).
import mpbench

MOD = "mpcrypto.hash.md5"
N = 1024  # bytes per update() call; the heap column is for one 1 KiB update


def measure(make):
    # ``make()`` returns a prepared hash object; the measured call is one update() of 1 KiB
    # into it (set-up and digest are not in the loop).
    buf = bytes(range(256)) * (N // 256)
    h = make()
    h.update(buf)
    return mpbench.throughput(lambda: h.update(buf), N)


def main():
    mpbench.header("MD5 (RFC 1321), %d-byte updates" % N)
    from mpcrypto.hash.md5 import md5
    from mpcrypto.hash.sha256 import sha256

    ref = None
    try:
        import hashlib
    except ImportError:
        hashlib = None
    if hashlib is not None and hasattr(hashlib, "md5"):
        ref = measure(hashlib.md5)
    base = None
    if "viper" in mpbench.backends("mpcrypto.hash.sha256"):
        mpbench.force("sha256", "viper")
        base = measure(sha256)
        mpbench.force("sha256", None)
    rows = []
    for be in mpbench.backends(MOD):
        mpbench.force("md5", be)
        mbs, heap = measure(md5)
        extra = {"update_bytes": N}
        if ref:
            extra["vs_builtin"] = round(mbs / ref[0], 4)
        if base:
            extra["vs_sha256_viper"] = round(mbs / base[0], 4)
        mpbench.row("MD5", "hash", be, mbs, "MB/s", heap, **extra)
        rows.append(["MD5 (%s)" % be, mbs])
    mpbench.force("md5", None)
    if base:
        mpbench.row("SHA-256", "hash", "viper", base[0], "MB/s", base[1], update_bytes=N)
        rows.append(["SHA-256 (viper)", base[0]])
    if ref:
        mpbench.row("MD5", "hash", "builtin", ref[0], "MB/s", ref[1], True, update_bytes=N)
        rows.append(["MD5 (hashlib)", ref[0]])
    mpbench.table([("Algorithm", 22), ("Hash MB/s", 9)], rows)
    for r in rows[:-2 if ref and base else len(rows)]:
        if base:
            print("%s: %.2fx viper SHA-256%s" % (r[0], r[1] / base[0], ", %.3fx hashlib" % (r[1] / ref[0]) if ref else ""))


main()
