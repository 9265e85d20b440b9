# Drivers for the MPI engine and modexp (runs on MicroPython): mpcrypto.pk.mpi / modexp.
from mpcrypto.pk import modexp, mpi, prime


def backend():
    return mpi.backend()


def stand_in_rng(seed):
    # A fixed byte stream (SHA-256 of seed and a counter) for the library's rng argument on a
    # target without an entropy source (MicroPython's qemu port): there the default rng raises
    # UnsupportedAlgorithm, which the tests check separately. Not random: tests only.
    from mpcrypto.hash.names import hash_class

    h = hash_class("sha256")
    st = [0, b""]

    def rng(n):
        buf = st[1]
        while len(buf) < n:
            st[0] += 1
            buf += h(seed + st[0].to_bytes(4, "big")).digest()
        st[1] = buf[n:]
        return buf[:n]

    return rng


def rng_arg(seed=b"mpcrypto host tests"):
    # The rng the drivers pass to the library: None (the library's default) where the target
    # has an entropy source, else stand_in_rng(seed).
    from mpcrypto._util import entropy_source
    from mpcrypto.exceptions import UnsupportedAlgorithm

    try:
        entropy_source()
    except UnsupportedAlgorithm:
        return stand_in_rng(seed)
    return None


def outcome(fn, *args):
    # fn(*args), "ok" for None, or the name of the exception it raised.
    try:
        r = fn(*args)
    except Exception as e:
        return type(e).__name__
    return "ok" if r is None else r


def without_entropy(fn, *args):
    # fn(*args) as on a target without an entropy source (MicroPython's qemu port) on one that
    # has one: meanwhile the library's entropy_source() raises UnsupportedAlgorithm("no
    # entropy source"), as it does there, so that its default rng does too.
    from mpcrypto import _util
    from mpcrypto.exceptions import UnsupportedAlgorithm

    def none():
        raise UnsupportedAlgorithm("no entropy source")

    saved = _util.entropy_source
    _util.entropy_source = none
    try:
        return fn(*args)
    finally:
        _util.entropy_source = saved


def powmod_variants(b, e, n, variants):
    # b^e mod n by each (reduction, method, window) of variants: [the first one's answer, then
    # for each other whether it gave the same]. One answer is kept, after a collection: on the
    # emulated M4's 96 KB heap every answer kept (an int left just past its context's arena)
    # split the free heap until a window-6 arena (10 KB at 1024 bits) no longer fit.
    import gc

    first = None
    out = []
    for r, m, w in variants:
        gc.collect()
        x = modexp.powmod(b, e, n, r, m, w)
        if first is None:
            first = x
            out.append(x)
        else:
            out.append(x == first)
    return out


def ladder_bits(b, eb, nbits, n, method, w):
    # A method over nbits bits of the big-endian bytes eb (leading zero bits included).
    ctx = modexp.context(n, "montgomery", method, w)
    return modexp.pow_ctx(ctx, b, eb, nbits, method, w)


def ctx_reuse(n, cases):
    # One context, many exponentiations (the arena is reused; no state leaks between calls).
    ctx = modexp.context(n, "montgomery", "fw", 4)
    out = []
    for b, e in cases:
        nb = mpi.bits(e)
        out.append(modexp.pow_ctx(ctx, b, e.to_bytes((nb + 7) >> 3 or 1, "big"), nb, "fw", 4))
    return out


def ops(n, a, b, table, idx, bit):
    # The context surface: Montgomery product, squaring, select over a table, cswap, put_be.
    k = len(table)
    ctx = mpi.new(n, 4 + k)
    ctx.put(0, a)
    ctx.put(1, b)
    ctx.to_mont(0, 0)
    ctx.to_mont(1, 1)
    ctx.mul(2, 0, 1)
    ctx.from_mont(2, 2)
    prod = ctx.get(2)
    ctx.sqr(2, 0)
    ctx.from_mont(2, 2)
    sq = ctx.get(2)
    ctx.mul(0, 0, 0)  # d == x == y
    ctx.from_mont(0, 0)
    sq2 = ctx.get(0)
    for i in range(k):
        ctx.put(4 + i, table[i])
    ctx.select(3, 4, k, idx)
    sel = ctx.get(3)
    ctx.put(0, a)
    ctx.put(1, b)
    ctx.cswap(0, 1, bit)
    sw = (ctx.get(0), ctx.get(1))
    ctx.put_be(2, a.to_bytes((mpi.bits(a) + 7) >> 3 or 1, "big"))
    return prod, sq, sq2, sel, sw, ctx.get(2)


def inverse(x, m):
    return modexp.inverse(x, m)


def primes(values, big_rounds=None):
    # big_rounds: Miller-Rabin rounds for values above 1300 bits (None: the default). The
    # bases come from rng_arg() (the default rng where the target has an entropy source).
    rng = rng_arg()
    return [prime.is_probable_prime(v, rng, big_rounds if big_rounds and mpi.bits(abs(v)) > 1300 else None)
            for v in values]


def random_prime(bits, seed=None):
    # seed: draw from stand_in_rng(seed) instead of the library's default rng
    p = prime.random_prime(bits, None if seed is None else stand_in_rng(seed))
    return p, mpi.bits(p)


def _thumb_sim():
    # mpi_thumb's Python glue (its Ctx: arena addresses, context words, slot offsets) without
    # its import of the asm_thumb kernels, which a Python model of the same contract replaces
    # (it reads and writes memory through uctypes.bytearray_at): the glue runs on a port
    # without asm_thumb.
    # Registered as the "mpi" hardware backend "thumb-sim" (ahead of every software one).
    import uctypes

    import mpcrypto.pk as pk

    path = pk.__file__.rsplit("/", 1)[0] + "/mpi_thumb.py"
    with open(path) as f:
        lines = f.read().split("\n")
    out = []
    state = 0  # 1: after an asm_thumb decorator; 2: inside its function
    for line in lines:
        if line.startswith("@micropython.asm_thumb"):
            state = 1
            continue
        if state == 1 and line.startswith("def "):
            state = 2
            continue
        if state == 2 and (line.startswith(" ") or line == ""):
            continue
        state = 0
        if line.startswith("from mpcrypto.pk.mpi_thumb_asm import"):
            continue  # the kernels: the models below
        out.append(line)
    ns = {"__name__": "mpi_thumb_sim"}
    exec("\n".join(out), ns)

    def words(actx):
        return [int.from_bytes(actx[8 * i:8 * i + 8], "little") for i in range(14)]

    def mont(d, x, y, actx):
        w = words(actx)
        nb = w[3] - w[2]
        if w[4] != w[3] - 4 or nb & 15 or w[13] != w[12] - nb:
            raise ValueError("context words")
        base = w[9]

        def rd(a):
            return int.from_bytes(uctypes.bytearray_at(base + a, nb), "little")

        p = int.from_bytes(uctypes.bytearray_at(w[0], nb), "little")
        if (p * w[1] + 1) & 0xFFFFFFFF:
            raise ValueError("minv")
        X, Y = rd(x), rd(y)
        if X >= p or Y >= p:
            raise ValueError("operand not reduced")
        r = X * Y * modexp.inverse((1 << (8 * nb)) % p, p) % p
        uctypes.bytearray_at(base + d, nb)[:] = r.to_bytes(nb, "little")

    def select(d, tab, packed, actx):
        w = words(actx)
        nb, st, base = w[3] - w[2], w[12], w[9]
        idx, cnt = packed & 0xFFFF, packed >> 16
        if idx >= cnt:
            raise ValueError("index")
        src = uctypes.bytearray_at(base + tab + idx * st, nb)
        uctypes.bytearray_at(base + d, nb)[:] = bytes(src)


    def sqr(d, x, k, actx):
        for _ in range(k):
            mont(d, x, x, actx)
            x = d


    def fw(a, tab, e, actx):
        # the digit loop of modexp.fixed_window on the model's kernels; e after a zero byte
        w = words(actx)
        if len(e) != w[5] + 1:
            raise ValueError("exponent bytes")
        wd, nd, t = w[6], w[7], w[8]
        ev = int.from_bytes(e, "big")
        mask = (1 << wd) - 1
        i = (nd - 1) * wd
        select(a, tab, ((ev >> i) & mask) | (1 << (wd + 16)), actx)
        while i:
            i -= wd
            sqr(a, a, wd, actx)
            select(t, tab, ((ev >> i) & mask) | (1 << (wd + 16)), actx)
            mont(a, a, t, actx)


    def k(d, x, y, actx):
        # mpi_thumb_asm._k: the op in d's low two bits
        (mont, sqr, select, fw)[d & 3](d & ~3, x, y, actx)

    ns["_k"] = k
    ns["_CW"] = 8  # 64-bit addresses on the unix port

    class Impl:
        new = ns["new"]

    return Impl


def thumb_glue(cases):
    # [(b, e, n)] through the simulated thumb backend, fixed window and ladder.
    from mpcrypto import _backend

    _backend.register("mpi", "thumb-sim", _thumb_sim())
    assert mpi.backend() == "thumb-sim"
    out = [(modexp.powmod(b, e, n, "montgomery", "fw", 5), modexp.powmod(b, e, n, "montgomery", "ladder", 1))
           for b, e, n in cases]
    return out
