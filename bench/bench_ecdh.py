# ECDH key agreement over the 22 Weierstrass curves of emCrypt's table (SEC 2, RFC 5639),
# emCrypt style: Curve | ms/Agreement | Memory, one row per curve per backend.
# Runs unchanged on a board (mpremote mount modules run bench/bench_ecdh.py) and on the
# unix port. Both ends' keys are made up front; the time is one end's exchange() (d*Q and
# the x coordinate), as in emCrypt. "Memory" is heap bytes allocated by one exchange.
# Then X25519 and X448 (RFC 7748 ladder, seam primitive "ec_montgomery"): exchange() with
# a peer public key made up front.
import mpbench

MOD = "mpcrypto.ec.ec"
CURVES = (
    "secp192r1", "secp192k1", "secp224r1", "secp224k1", "secp256r1", "secp256k1", "secp384r1",
    "secp521r1", "brainpoolP160r1", "brainpoolP160t1", "brainpoolP192r1", "brainpoolP192t1",
    "brainpoolP224r1", "brainpoolP224t1", "brainpoolP256r1", "brainpoolP256t1",
    "brainpoolP320r1", "brainpoolP320t1", "brainpoolP384r1", "brainpoolP384t1",
    "brainpoolP512r1", "brainpoolP512t1",
)
MIN_US = 250_000  # per curve; keeps the whole script well under 90 s on the unix port


def measure(fn):
    # ms and heap bytes per call (heap -1: one call needs more than the heap holds).
    return mpbench.per_op(fn, MIN_US)


def _rng():
    # Deterministic "randomness" so every run measures the same keys; the library's default
    # (os.urandom) is not what is being measured.
    state = [0x12345678]

    def rng(n):
        out = bytearray(n)
        s = state[0]
        for i in range(n):
            s = (s * 1103515245 + 12345) & 0x7FFFFFFF
            out[i] = s >> 16 & 0xFF
        state[0] = s
        return bytes(out)

    return rng


def main():
    mpbench.header("ECDH key agreement (SEC 1 3.3.1), heap bytes allocated per operation")
    from mpcrypto.ec import ec

    rows = []
    for be in mpbench.backends(MOD):
        mpbench.force("ec_weierstrass", be)
        rng = _rng()
        for name in CURVES:
            a = b = pb = None
            mpbench.fresh()  # the previous curve's tables dropped: each curve on a clean heap
            a = ec.generate_private_key(name, rng)
            b = ec.generate_private_key(name, rng)
            pb = b.public_key()
            ms, heap = measure(lambda: a.exchange(pb))
            mpbench.row("ECDH " + name, "agreement", be, ms, "ms", heap, curve=name)
            rows.append(["%s (%s)" % (name, be) if be != "python" else name, ms, heap])
    mpbench.force("ec_weierstrass", None)
    from mpcrypto.ec import x448, x25519

    for be in mpbench.backends("mpcrypto.ec.x25519"):
        mpbench.force("ec_montgomery", be)
        for name, cls, size in (("X25519", x25519.X25519PrivateKey, 32), ("X448", x448.X448PrivateKey, 56)):
            rng = _rng()
            a = cls.generate(rng)
            pb = cls.generate(rng).public_key()
            ms, heap = measure(lambda: a.exchange(pb))
            mpbench.row(name, "agreement", be, ms, "ms", heap, curve=name.lower())
            rows.append(["%s (%s)" % (name, be) if be != "python" else name, ms, heap])
    mpbench.force("ec_montgomery", None)
    mpbench.table([("Curve", 26), ("ms/Agreement", 12), ("Memory", 12)], rows)


main()
