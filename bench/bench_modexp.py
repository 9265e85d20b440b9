# Modular exponentiation, emCrypt's "Modular Arithmetic Performance" tables: reduction
# (Basic, Barrett, Montgomery) x method (ladder, fast, fixed window "FW" 2..6 bits, second
# windowed form "RM" 2..6 bits: our sliding window over odd powers, see mpcrypto.pk.modexp),
# for 512/1024/2048-bit moduli, in two tables:
#   1. CRT private key, exponents as long as the primes (two half-size exponentiations and
#      the recombination, as an RSA private operation without blinding);
#   2. public key, 17-bit exponent e = 65537.
# ms per operation, speed-up relative to "Basic, ladder" (at 2048 bits), heap bytes per
# operation in the JSON lines. Montgomery rows run on the default MPI backend; extra rows give
# Montgomery 5b FW on every other backend. Reference: MicroPython's built-in 3-argument pow
# (C, not constant time) on the same operands, in the same run.
# Runs unchanged on a board (mpremote mount modules run bench/bench_modexp.py) and on the unix
# port (about 1-2 minutes there: slow variants get the minimum of one timed call).
import mpbench
from mpcrypto.pk import modexp, mpi, prime

SIZES = (512, 1024, 2048)
E = 65537
MIN_US = 60_000  # per measurement (a 2048-bit row is longer than this in one call anyway)


def _methods():
    out = [("ladder", 1, "ladder"), ("fast", 1, "fast")]
    out += [("fw", w, "%db, FW" % w) for w in (2, 3, 4, 5, 6)]
    out += [("rm", w, "%db, RM" % w) for w in (2, 3, 4, 5, 6)]
    return out


def _keys(rng):
    # One RSA-shaped key per size: primes of half the size, d for e = 65537.
    keys = {}
    for bits in SIZES:
        while True:
            p = prime.random_prime(bits // 2, rng)
            q = prime.random_prime(bits // 2, rng)
            if p != q and (p - 1) % E and (q - 1) % E:
                break
        lam = (p - 1) * (q - 1)
        d = modexp.inverse(E, lam)
        n = p * q
        keys[bits] = (n, p, q, d % (p - 1), d % (q - 1), modexp.inverse(q, p))
    return keys


def _crt_fn(red, meth, w, key, c):
    n, p, q, dp, dq, qi = key
    cp = modexp.context(p, red, meth, w)
    cq = modexp.context(q, red, meth, w)
    lp = (mpi.bits(p) + 7) >> 3
    dpb = dp.to_bytes(lp, "big")
    dqb = dq.to_bytes(lp, "big")
    nb = 8 * lp
    cmp, cmq = c % p, c % q

    def run():
        m1 = modexp.pow_ctx(cp, cmp, dpb, nb, meth, w)
        m2 = modexp.pow_ctx(cq, cmq, dqb, nb, meth, w)
        return m2 + (qi * (m1 - m2) % p) * q

    return run


def _pub_fn(red, meth, w, key, m):
    n = key[0]
    ctx = modexp.context(n, red, meth, w)
    eb = E.to_bytes(3, "big")

    def run():
        return modexp.pow_ctx(ctx, m, eb, 17, meth, w)

    return run


def _measure(fn):
    return mpbench.per_op(fn, MIN_US)


def main():
    mpbench.header("Modular exponentiation (emCrypt's table): ms per operation, bytes = heap per operation")
    rng = mpbench.fixed_rng(b"mpcrypto bench_modexp")  # a board may have no entropy source
    keys = _keys(rng)
    backend = mpi.backend()
    others = [b for b in mpi.backends() if b != backend]
    data = {}
    for bits in SIZES:
        n = keys[bits][0]
        data[bits] = (int.from_bytes(rng(bits // 8), "big") % n, int.from_bytes(rng(bits // 8), "big") % n)
    tables = (("private (CRT, exponent length = modulus length)", _crt_fn, 0),
              ("public (e = 65537)", _pub_fn, 1))
    for title, make, di in tables:
        rows = []
        vals = {}
        want = {}
        for bits in SIZES:
            key = keys[bits]
            x = data[bits][di]
            n, p, q, dp, dq, qi = key
            if di == 0:
                ref = lambda: (pow(x % q, dq, q), pow(x % p, dp, p))  # noqa: E731
            else:
                ref = lambda: pow(x, E, n)  # noqa: E731
            want[bits] = _crt_fn("montgomery", "fw", 5, key, x)() if di == 0 else pow(x, E, n)
            ms, heap = _measure(ref)
            mpbench.row("ModExp-%d builtin pow" % bits, title, "builtin", ms, "ms", heap, True, bits=bits)
            vals[("MicroPython pow (C)", bits)] = ms
        labels = ["MicroPython pow (C)"]
        for red, rname in (("basic", "Basic"), ("barrett", "Barrett"), ("montgomery", "Montgomery")):
            for meth, w, mname in _methods():
                label = "%s, %s" % (rname, mname)
                labels.append(label)
                be = backend if red == "montgomery" else "python-int"
                for bits in SIZES:
                    fn = None
                    try:
                        fn = make(red, meth, w, keys[bits], data[bits][di])
                        if fn() != want[bits]:
                            raise SystemExit("wrong result: %s %d" % (label, bits))
                        ms, heap = _measure(fn)
                    except MemoryError:
                        # a wide window's table on a small heap (the emulated M4's 96 KB)
                        vals[(label, bits)] = None
                        continue
                    vals[(label, bits)] = ms
                    mpbench.row("ModExp-%d %s" % (bits, label), title, be, ms, "ms", heap, bits=bits)
        for be in others:
            mpi_force(be)
            label = "Montgomery, 5b, FW (%s)" % be
            labels.append(label)
            for bits in SIZES:
                fn = None
                try:
                    fn = make("montgomery", "fw", 5, keys[bits], data[bits][di])
                    ms, heap = _measure(fn)
                except MemoryError:
                    vals[(label, bits)] = None
                    continue
                vals[(label, bits)] = ms
                mpbench.row("ModExp-%d Montgomery, 5b, FW" % bits, title, be, ms, "ms", heap, bits=bits)
            mpi_force(None)
        base = vals[("Basic, ladder", 2048)]
        for label in labels:
            v = [vals[(label, b)] for b in SIZES]
            sp = "%.2fx" % (base / v[-1]) if base and v[-1] else "-"
            rows.append([label] + ["no room" if x is None else x for x in v] + [sp])
        print("%s; Montgomery rows: %s backend" % (title, backend))
        mpbench.table([("Algorithm", 34), ("512", 9), ("1024", 9), ("2048", 9), ("Speed-up", 8)], rows,
                      groups=[("", 1), ("Time / ms", 3), ("", 1)])


def mpi_force(name):
    mpbench.force("mpi", name)


main()
