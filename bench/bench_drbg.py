# SP 800-90A DRBG throughput in KiB/s, Mbed TLS benchmark rows (CTR_DRBG (NOPR), CTR_DRBG (PR),
# HMAC_DRBG SHA-1 (NOPR), ...), plus Hash_DRBG and the other key/hash sizes. Runs unchanged on
# a board (mpremote mount modules run bench/bench_drbg.py) and on the unix port.
# Each measured call is one generate() of 1 KiB (Mbed TLS's BUFSIZE). NOPR: no prediction
# resistance (reseed only every 2**48 requests); PR: every request reseeds from the entropy
# source first: the library's default source (board TRNG or os.urandom) with its SP 800-90B
# health tests, so PR rows include that cost. CTR_DRBG is AES-256 with the derivation
# function, as Mbed TLS's. The reference row is SHA-256 (best backend) hashing the same
# 1 KiB, for scale: there is no C DRBG in MicroPython.
import mpbench

N = 1024


def kib(mbs):
    return mbs * 1e6 / 1024


def main():
    mpbench.header("SP 800-90A DRBGs, %d-byte generate() calls" % N)
    from mpcrypto.random.ctr_drbg import CTR_DRBG
    from mpcrypto.random.hash_drbg import Hash_DRBG
    from mpcrypto.random.hmac_drbg import HMAC_DRBG
    from mpcrypto.random.entropy import default_source

    try:
        src = default_source()
    except Exception as e:  # no entropy source on this port: nothing to seed from
        print("no entropy source:", e)
        return
    makers = [
        ("CTR_DRBG", lambda pr: CTR_DRBG(32, True, src, None, None, pr)),
        ("CTR_DRBG AES-128", lambda pr: CTR_DRBG(16, True, src, None, None, pr)),
        ("HMAC_DRBG SHA-1", lambda pr: HMAC_DRBG("sha1", src, None, None, pr)),
        ("HMAC_DRBG SHA-256", lambda pr: HMAC_DRBG("sha256", src, None, None, pr)),
        ("HMAC_DRBG SHA-512", lambda pr: HMAC_DRBG("sha512", src, None, None, pr)),
        ("Hash_DRBG SHA-1", lambda pr: Hash_DRBG("sha1", src, None, None, pr)),
        ("Hash_DRBG SHA-256", lambda pr: Hash_DRBG("sha256", src, None, None, pr)),
        ("Hash_DRBG SHA-512", lambda pr: Hash_DRBG("sha512", src, None, None, pr)),
    ]
    rows = []
    for name, make in makers:
        for pr in (False, True):
            d = make(pr)
            mbs, heap = mpbench.throughput(lambda: d.generate(N), N, 300_000)
            label = "%s (%s)" % (name, "PR" if pr else "NOPR")
            mpbench.row(label, "generate", "default", kib(mbs), "KiB/s", heap, request_bytes=N)
            rows.append([label, kib(mbs)])
    from mpcrypto.hash.sha256 import sha256

    buf = bytes(N)
    h = sha256(buf)
    mbs, heap = mpbench.throughput(lambda: h.update(buf), N, 300_000)
    mpbench.row("SHA-256", "hash", mpbench.backends("mpcrypto.hash.sha256")[0], kib(mbs), "KiB/s", heap,
                update_bytes=N)
    rows.append(["SHA-256 (hash, scale)", kib(mbs)])
    mpbench.table([("Algorithm", 26), ("KiB/s", 9)], rows)


main()
