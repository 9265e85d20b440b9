# SM2 signatures (GB/T 32918.2-2016) on the SM2 curve, emCrypt style:
# Curve | Sign ms | Sign bytes | Verify ms | Verify bytes ("bytes" = heap allocated by one
# operation, gc disabled around it). Runs unchanged on a board
# (mpremote mount modules run bench/bench_sm2.py) and on the unix port.
# Each operation includes ZA (SM3 over 210 bytes) and e = SM3(ZA || M) for a 32-byte message
# with the default identifier; signing draws k from a fixed stream (mpbench.fixed_rng: a board
# may have no entropy source, and runs stay comparable) and uses the regular comb for [k]G; verification uses the twin multiplication [s]G + [t]PA. The
# base-point tables are built by a warm-up call before timing.
import mpbench

MOD = "mpcrypto.ec.ec"
MIN_US = 200_000


def measure(fn):
    # ms and heap bytes per call (heap -1: one call needs more than the heap holds).
    return mpbench.per_op(fn, MIN_US)


def main():
    mpbench.header("SM2 sign/verify (GB/T 32918.2 with SM3 and ZA), bytes = heap allocated per operation")
    from mpcrypto.ec import ec, sm2

    msg = bytes(range(32))
    sm3_be = mpbench.backends("mpcrypto.hash.sm3")[0]
    rows = []
    for be in mpbench.backends(MOD):
        mpbench.force("ec_weierstrass", be)
        key = ec.derive_private_key(0x1F2E3D4C5B6A7988 * 7 + 1, "sm2")
        pub = key.public_key()
        rng = mpbench.fixed_rng(b"mpcrypto bench_sm2")
        sig = sm2.sign(key, msg, rng=rng)
        sms, sheap = measure(lambda: sm2.sign(key, msg, rng=rng))
        vms, vheap = measure(lambda: sm2.verify(pub, sig, msg))
        mpbench.row("SM2 sm2", "sign", be, sms, "ms", sheap, curve="sm2", hash="sm3", sm3_backend=sm3_be)
        mpbench.row("SM2 sm2", "verify", be, vms, "ms", vheap, curve="sm2", hash="sm3", sm3_backend=sm3_be)
        rows.append(["sm2 (%s)" % be if be != "python" else "sm2", sms, sheap, vms, vheap])
    mpbench.force("ec_weierstrass", None)
    mpbench.table([("Curve", 26), ("ms", 9), ("bytes", 9), ("ms", 9), ("bytes", 9)], rows,
                  groups=[("", 1), ("Sign", 1), ("Sign", 1), ("Verify", 1), ("Verify", 1)])


main()
