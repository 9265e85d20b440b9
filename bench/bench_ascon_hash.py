# Ascon-Hash256 and Ascon-XOF128 (NIST SP 800-232) throughput, emCrypt style (Algorithm |
# Hash MB/s, one row per backend of the permutation seam "ascon"); runs unchanged on a board
# and on the unix port. The measured call is one update() of 1 KiB (one 8-byte block for the
# portable "python" backend's heap figure). References in the same run: MicroPython's C
# hashlib.sha256 (backend "builtin", reference true) and our SHA-256 on its best backend.
import mpbench
from mpcrypto.hash.ascon_hash import ascon_hash256, ascon_xof128, backends

N = 1024
results = {}


def measure(make, min_us, n=N):
    buf = bytes(range(256)) * (n // 256) + bytes(range(n % 256))
    h = make()
    h.update(buf)
    return mpbench.throughput(lambda: h.update(buf), n, min_us)


def main():
    mpbench.header("Ascon-Hash256 and Ascon-XOF128 (SP 800-232), %d-byte updates" % N)
    rows = []
    for be in backends():
        mpbench.force("ascon", be)
        for alg, cls in (("Ascon-Hash256", ascon_hash256), ("Ascon-XOF128", ascon_xof128)):
            n = N if be != "python" else 256
            mbs, heap = measure(cls, 400_000 if be != "python" else 100_000, n)
            mpbench.row(alg, "hash", be, mbs, "MB/s", heap, update_bytes=n)
            rows.append(["%s (%s)" % (alg, be), mbs])
            results[(be, alg)] = mbs
    mpbench.force("ascon", None)
    from mpcrypto.hash.sha256 import sha256

    be = mpbench.backends("mpcrypto.hash.sha256")[0]
    mbs, heap = measure(sha256, 400_000)
    mpbench.row("SHA-256", "hash", be, mbs, "MB/s", heap, update_bytes=N)
    rows.append(["SHA-256 (%s)" % be, mbs])
    results[("ours", "SHA-256")] = mbs
    try:
        import hashlib

        mbs, heap = measure(hashlib.sha256, 400_000)
        mpbench.row("SHA-256", "hash", "builtin", mbs, "MB/s", heap, True, update_bytes=N)
        rows.append(["SHA-256 (hashlib, C)", mbs])
        results[("hashlib", "SHA-256")] = mbs
    except (ImportError, AttributeError):
        pass
    mpbench.table([("Algorithm", 26), ("Hash MB/s", 9)], rows)
    top = backends()[0]
    for ref in (("ours", "SHA-256"), ("hashlib", "SHA-256")):
        if (top, "Ascon-Hash256") in results and ref in results:
            x = results[(top, "Ascon-Hash256")] / results[ref]
            label = "%s Ascon-Hash256 / %s SHA-256" % (top, "our" if ref[0] == "ours" else "hashlib (C)")
            print("%-52s %.2f" % (label, x))
            mpbench.row(label, "ratio", top, x, "x", 0)


main()
