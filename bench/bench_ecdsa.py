# ECDSA sign and verify over the 22 Weierstrass curves of emCrypt's table, emCrypt style:
# Curve | Sign ms | Sign bytes | Verify ms | Verify bytes ("bytes" = heap allocated by one
# operation, gc disabled around it). Runs unchanged on a board
# (mpremote mount modules run bench/bench_ecdsa.py) and on the unix port.
# Signing is deterministic (RFC 6979, the library default) over a 32-byte message hashed
# with SHA-256 (curves up to 256 bits), SHA-384 (320/384) or SHA-512 (512/521); the time
# includes hashing and the RFC 6979 HMAC-DRBG. Verification uses the twin multiplication.
# The per-curve base-point tables are built by a warm-up call before timing, after the
# previous curve's are dropped (mpbench.fresh).
import mpbench

MOD = "mpcrypto.ec.ec"
CURVES = (
    "secp192r1", "secp192k1", "secp224r1", "secp224k1", "secp256r1", "secp256k1", "secp384r1",
    "secp521r1", "brainpoolP160r1", "brainpoolP160t1", "brainpoolP192r1", "brainpoolP192t1",
    "brainpoolP224r1", "brainpoolP224t1", "brainpoolP256r1", "brainpoolP256t1",
    "brainpoolP320r1", "brainpoolP320t1", "brainpoolP384r1", "brainpoolP384t1",
    "brainpoolP512r1", "brainpoolP512t1",
)
MIN_US = 200_000  # per measurement; keeps the whole script well under 90 s on the unix port


def measure(fn):
    # ms and heap bytes per call (heap -1: one call needs more than the heap holds).
    return mpbench.per_op(fn, MIN_US)


def _hash_for(curve):
    from mpcrypto.ec import curves

    bits = curves.get(curve).nbits
    return "sha256" if bits <= 256 else "sha384" if bits <= 384 else "sha512"


def main():
    mpbench.header("ECDSA sign/verify (SEC 1 4.1, RFC 6979 nonces), bytes = heap allocated per operation")
    from mpcrypto.ec import ec

    msg = bytes(range(32))
    rows = []
    for be in mpbench.backends(MOD):
        mpbench.force("ec_weierstrass", be)
        for i, name in enumerate(CURVES):
            h = _hash_for(name)
            c = pub = sig = None
            mpbench.fresh()
            label = "%s (%s)" % (name, be) if be != "python" else name
            try:
                c = ec.derive_private_key(0x1F2E3D4C5B6A7988 * (i + 3) + 1, name)
                pub = c.public_key()
                sig = c.sign(msg, h)
                sms, sheap = measure(lambda: c.sign(msg, h))
                vms, vheap = measure(lambda: pub.verify(sig, msg, h))
            except MemoryError:
                # the portable backend's big integers on a small heap (secp521r1 on the
                # emulated M4's 96 KB): the row says so and the table goes on
                rows.append([label, "no room", "-", "no room", "-"])
                continue
            mpbench.row("ECDSA " + name, "sign", be, sms, "ms", sheap, curve=name, hash=h)
            mpbench.row("ECDSA " + name, "verify", be, vms, "ms", vheap, curve=name, hash=h)
            rows.append([label, sms, sheap, vms, vheap])
    mpbench.force("ec_weierstrass", None)
    # Two heading lines as in emCrypt's table: "Sign / ms", "Sign / bytes", ...
    mpbench.table([("Curve", 26), ("ms", 9), ("bytes", 9), ("ms", 9), ("bytes", 9)], rows,
                  groups=[("", 1), ("Sign", 1), ("Sign", 1), ("Verify", 1), ("Verify", 1)])


main()
