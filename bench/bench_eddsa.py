# EdDSA sign and verify (RFC 8032), emCrypt style: Curve | ms/Sign | ms/Verify with heap
# bytes allocated per operation (gc disabled around one call). Runs unchanged on a board
# (mpremote mount modules run bench/bench_eddsa.py) and on the unix port.
# Pure Ed25519 / Ed448 over a 32-byte message; the key is made (and the base-point comb
# tables built) by a warm-up sign before timing. Signing includes the hashes (SHA-512,
# SHAKE256) and the public key is cached in the key object, as in emCrypt.
import mpbench

MOD = "mpcrypto.ec.ed25519"
MIN_US = 300_000


def measure(fn):
    # ms and heap bytes per call (heap -1: one call needs more than the heap holds).
    return mpbench.per_op(fn, MIN_US)


def main():
    mpbench.header("EdDSA sign/verify (RFC 8032), bytes = heap allocated per operation")
    from mpcrypto.ec import ed448, ed25519

    msg = bytes(range(32))
    algs = (("Ed25519", ed25519.Ed25519PrivateKey, 32), ("Ed448", ed448.Ed448PrivateKey, 57))
    rows = []
    for be in mpbench.backends(MOD):
        mpbench.force("ec_edwards", be)
        for name, cls, size in algs:
            k = pub = sig = None
            mpbench.fresh()
            label = "%s (%s)" % (name, be) if be != "python" else name
            try:
                k = cls.from_private_bytes(bytes(range(7, 7 + size)))
                pub = k.public_key()
                sig = k.sign(msg)
                sms, sheap = measure(lambda: k.sign(msg))
                vms, vheap = measure(lambda: pub.verify(sig, msg))
            except MemoryError:
                # the portable backend's comb tables of big integers on a small heap (the
                # emulated M4's 96 KB): the row says so and the table goes on
                rows.append([label, "no room", "-", "no room", "-"])
                continue
            mpbench.row(name, "sign", be, sms, "ms", sheap, curve=name)
            mpbench.row(name, "verify", be, vms, "ms", vheap, curve=name)
            rows.append([label, sms, sheap, vms, vheap])
    mpbench.force("ec_edwards", None)
    mpbench.table([("Curve", 18), ("ms", 9), ("bytes", 9), ("ms", 9), ("bytes", 9)], rows,
                  groups=[("", 1), ("Sign", 1), ("Sign", 1), ("Verify", 1), ("Verify", 1)])


main()
