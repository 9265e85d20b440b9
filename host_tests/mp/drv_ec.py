# Drivers for the elliptic-curve modules (runs on MicroPython): curve data, ECDH, ECDSA.
from mpcrypto.ec import curves, ec, ecdsa

_last_pub = [None, None]


def _pub(curve, point):
    # The last decoded public key is kept: the cases of a Wycheproof group (one key) come in
    # a row. One key, not one per group: a file of many one-case groups would otherwise
    # hold hundreds of keys, more than a 96 KB heap has.
    key = (curve, point)
    if _last_pub[0] != key:
        _last_pub[:] = [key, ec.from_encoded_point(curve, point)]
    return _last_pub[1]


def curve_params(name):
    c = curves.get(name)
    if isinstance(c, curves.Weierstrass):
        return (c.name, c.oid, c.p, c.a, c.b, c.n, c.G[0], c.G[1], c.h, c.size, c.nsize, c.nbits, c.source)
    if isinstance(c, curves.Montgomery):
        return (c.name, c.oid, c.p, c.A, c.n, c.G[0], c.G[1], c.h, c.size, c.source)
    return (c.name, c.oid, c.p, c.a, c.d, c.n, c.G[0], c.G[1], c.h, c.size, c.small, c.source)


def curve_names():
    return curves.names()


def lookup(name):
    return curves.get(name).name


def lookup_oid(oid):
    return curves.by_oid(oid).name


def group_check(name):
    # On the curve; n*G = infinity through every multiplication routine; 1*G = G;
    # (n-1)*G = -G; 2*G the same through all three routines.
    c = curves.get(name)
    ctx = ec._arith(c)
    gx, gy = c.G
    on = (gy * gy - gx * gx * gx - c.a * gx - c.b) % c.p == 0
    neg = (gx, c.p - gy)
    two = ctx.mul_base(2)
    return (
        on,
        ctx.mul(c.n, gx, gy) is None,
        ctx.mul_base(c.n) is None,
        ctx.mul2(c.n, 0, gx, gy) is None,
        ctx.mul2(0, c.n, gx, gy) is None,
        ctx.mul_base(1) == c.G and ctx.mul(1, gx, gy) == c.G,
        ctx.mul_base(c.n - 1) == neg and ctx.mul(c.n - 1, gx, gy) == neg and ctx.mul2(c.n - 1, 0, gx, gy) == neg,
        two == ctx.mul(2, gx, gy) == ctx.mul2(1, 1, gx, gy) == ctx.mul2(0, 2, gx, gy),
    )


def scalar_mult(name, k, point):
    # x||y of k*P (P an encoded point) through the regular ladder; None for infinity.
    c = curves.get(name)
    P = ec.from_encoded_point(name, point)
    R = ec._arith(c).mul(k, P.x, P.y)
    if R is None:
        return None
    return R[0].to_bytes(c.size, "big") + R[1].to_bytes(c.size, "big")


def recode_both(name, ks):
    # The viper backend's recoding of each odd k (weierstrass_viper's scalar bytes, through
    # field.engine.recode4, digits as signed bytes) beside weierstrass_python's list.
    from mpcrypto.ec import weierstrass_python
    from mpcrypto.ec.field import engine

    c = curves.get(name)
    py = weierstrass_python.new(c)
    nsz = c.nsize
    out = []
    for k in ks:
        kp = k.to_bytes(nsz, "big")
        d = bytearray(py.nwin)
        engine.recode4(d, kp, nsz, py.nwin)
        out.append(([v - ((v & 128) << 1) for v in d], py._recode(kp)))
    return out


def schedule(e1, w1, e2, w2):
    # field.engine.schedule's entries for (e1, w1, e2, w2), as raw bytes (4 per entry)
    from mpcrypto.ec.field import engine

    sch, cnt = engine.schedule(e1, w1, e2, w2)
    return bytes(sch[:4 * cnt])


def base_mult(name, k):
    c = curves.get(name)
    R = ec._arith(c).mul_base(k)
    if R is None:
        return None
    return R[0].to_bytes(c.size, "big") + R[1].to_bytes(c.size, "big")


def twin_mult(name, u1, u2, point):
    c = curves.get(name)
    P = ec.from_encoded_point(name, point)
    R = ec._arith(c).mul2(u1, u2, P.x, P.y)
    if R is None:
        return None
    return R[0].to_bytes(c.size, "big") + R[1].to_bytes(c.size, "big")


# -- keys and ECDH ------------------------------------------------------------------------


def decode_point(curve, data, compressed=False):
    # Decode + validate, then re-encode (uncompressed unless asked).
    return ec.from_encoded_point(curve, data).public_bytes(compressed)


def public_from_private(curve, d, compressed=False):
    return ec.derive_private_key(d, curve).public_key().public_bytes(compressed)


def private_from_bytes(curve, data):
    return ec.private_key_from_bytes(curve, data).private_value


def ecdh(curve, d, peer_point):
    # Raw ECDH shared secret; d given as int (Wycheproof private keys may carry a sign byte).
    priv = ec.derive_private_key(d, curve)
    return priv.exchange(ec.from_encoded_point(curve, peer_point))


def ecdh_pair(curve, da, db):
    # Both sides of one exchange (RFC 7027 §A): public keys from the private values, then
    # each side's shared x-coordinate from the other's public key object.
    a = ec.derive_private_key(da, curve)
    b = ec.derive_private_key(db, curve)
    qa = a.public_key()
    qb = b.public_key()
    return (qa.public_bytes(), qb.public_bytes(), a.exchange(qb), b.exchange(qa))


def ecdh_mixed_curves(curve_a, curve_b):
    a = ec.derive_private_key(5, curve_a)
    b = ec.derive_private_key(7, curve_b)
    return a.exchange(b.public_key())


def ecdh_type_error():
    return ec.derive_private_key(5, "secp256r1").exchange(b"\x04" + bytes(64))


def keygen_rng(curve, stream):
    # generate_private_key with an injected rng that hands out ``stream`` in order.
    buf = [stream]

    def rng(n):
        out = buf[0][:n]
        buf[0] = buf[0][n:]
        return out

    return ec.generate_private_key(curve, rng).private_value


def keygen_default(curve):
    k = ec.generate_private_key(curve)
    k2 = ec.generate_private_key(curve)
    return k.exchange(k2.public_key()) == k2.exchange(k.public_key())


def public_numbers(curve, x, y):
    return ec.from_public_numbers(curve, x, y).public_bytes()


# -- ECDSA --------------------------------------------------------------------------------


def ecdsa_verify(curve, point, msg, sig, hashalg, encoding):
    # "ok" when valid; the exception (InvalidSignature, ValueError for a bad key) otherwise.
    _pub(curve, point).verify(sig, msg, hashalg, encoding)
    return "ok"


def ecdsa_sign(curve, d, msg, hashalg, encoding):
    return ec.derive_private_key(d, curve).sign(msg, hashalg, encoding=encoding)


def _umaal_model():
    # thumb_umaal's contract in Python, for the engine's glue on a port without asm_thumb:
    # RUN[N](prog, nops, mem, ctx) runs a field program over slots of 4N bytes (slot 0 = p),
    # MUL, ADD, SUB, COPY, Montgomery radix 2^(32N); MUL[N] is only looked up (radix bits).
    from mpcrypto.pk.modexp import inverse

    rinv = {}
    calls = [0]

    def runner(n):
        st = 4 * n

        def run(prog, nops, mem, actx):
            calls[0] += 1
            p = int.from_bytes(mem[0:st], "little")
            ri = rinv.get(p)
            if ri is None:
                ri = rinv[p] = inverse((1 << (32 * n)) % p, p)
            for i in range(0, 4 * nops, 4):
                op, d, x, y = prog[i], prog[i + 1], prog[i + 2], prog[i + 3]
                a = int.from_bytes(mem[x * st:x * st + st], "little")
                b = int.from_bytes(mem[y * st:y * st + st], "little")
                if a >= p or b >= p:
                    raise ValueError("operand not reduced")
                if op == 0:
                    v = a * b * ri % p
                elif op == 1:
                    v = (a + b) % p
                elif op == 2:
                    v = (a - b) % p
                elif op == 3:
                    v = a
                else:
                    raise ValueError("op")
                mem[d * st:d * st + st] = v.to_bytes(st, "little")

        return run

    class Model:
        RUN = {n: runner(n) for n in (5, 6, 7, 8, 10, 12, 16, 17)}
        CALLS = calls

    return Model


def engine_runner_glue(recs, shapes=False):
    # The engine with thumb_umaal's program runner (engine.asm_runner, Arena.bind) on the
    # unix port, the runner replaced by _umaal_model: RFC 6979 signatures [(curve, d, msg,
    # hash)] signed and verified through the 16-bit-limb Weierstrass backend (X25519 and
    # Ed25519 take 32-bit limbs on a 64-bit port: their runner glue is the same Arena.bind).
    # shapes: as on a firmware of manifest_dsp.py, no v16_<N> kernel module loads, so the
    # engine's Shapes stand in for them. Returns (signatures, runner calls, [the kernel
    # objects' type names the arenas were bound to]).
    from mpcrypto import _backend
    from mpcrypto.ec.field import engine

    model = _umaal_model()
    load, kernel = _backend.load, engine.kernel
    kinds = []

    def load_no_v16(name):
        return None if name.startswith("mpcrypto.ec.field.v16_") else load(name)

    def kernel_seen(bits, wide=False):
        k = kernel(bits, wide)
        kinds.append(type(k).__name__)
        return k

    if shapes:
        _backend.load = load_no_v16
    engine.kernel = kernel_seen
    _backend.register("field_mul", "umaal-model", model)  # what asm_module() then gives
    accel = engine.accel

    def accel64(kern, mem, q):
        # accel's context holds 32-bit addresses (the M4's): on this 64-bit port the model
        # needs none, so only what accel decides is kept (the runner, the radix)
        mm = engine.asm_runner(kern)
        return (mm, bytearray(4), engine.radix_bits(kern)) if mm is not None else accel(kern, mem, q)

    engine.accel = accel64
    _backend.evict()
    try:
        sigs = []
        for curve, d, msg, h in recs:
            key = ec.derive_private_key(d, curve)
            sig = key.sign(msg, h, encoding="der")
            key.public_key().verify(sig, msg, h, encoding="der")
            sigs.append(sig)
        return sigs, model.CALLS[0], sorted(set(kinds))
    finally:
        _backend.load, engine.kernel = load, kernel
        _backend._hw.pop("field_mul", None)
        _backend.force("field_mul", None)  # drops the cached choice
        engine.accel = accel
        _backend.evict()


def ecdsa_sign_no_room(recs):
    # RFC 6979 signatures [(curve, d, msg, hash)] with every comb-table build failing as on a
    # heap with no room for the tables (MemoryError): mul_base falls back to the window
    # method on G. Returns (signatures, [context table-free after signing]).
    out, flags = [], []
    for curve, d, msg, h in recs:
        ctx = ec._arith(curves.get(curve))
        ctx._comb = None
        ctx._nocomb = False

        def no_room():
            raise MemoryError

        ctx._comb_table = no_room
        try:
            out.append(ec.derive_private_key(d, curve).sign(msg, h, encoding="der"))
            flags.append(ctx._nocomb)
        finally:
            del ctx._comb_table
            ctx._nocomb = False
    return out, flags


def ecdsa_sign_hedged(curve, d, msg, hashalg, extra):
    # deterministic=False with an rng returning ``extra``: RFC 6979 §3.6 k'.
    return ec.derive_private_key(d, curve).sign(msg, hashalg, deterministic=False, rng=lambda n: extra[:n])


def ecdsa_sign_k(curve, d, msg, hashalg, k):
    # SEC 1 signing with a given nonce (NIST SigGen known answers).
    c = curves.get(curve)
    h = ecdsa.hash_class(hashalg)(msg).digest()
    e = ecdsa.bits2int(h, c.nbits)
    # through the seam's run (drop the cached contexts and retry on MemoryError), as the
    # public API goes: a batch over every curve does not fit a 96 KB heap's cache
    return ec._run(c, ecdsa.sign_with_k, c, d, e, k)


def ecdsa_sign_verify(curve, d, msg, hashalg, encoding):
    priv = ec.derive_private_key(d, curve)
    sig = priv.sign(msg, hashalg, encoding=encoding)
    priv.public_key().verify(sig, msg, hashalg, encoding)
    return sig


def der_roundtrip(r, s):
    b = ecdsa.encode_der(r, s)
    return b, ecdsa.decode_der(b)


def der_decode(sig):
    return ecdsa.decode_der(sig)


def hash_of(name):
    return ecdsa.hash_class(name).name


def ecdsa_sign_keeps_wiped_hmac(curve, d, msg, hashalg):
    # Sign, then look at the HMAC object ecdsa keeps for the next signature's nonces: its
    # keyed and scratch states must be the hash's IV again and its outer block's digest
    # part zeros. Returns (signature, wiped); signing again must give the same signature.
    key = ec.derive_private_key(d, curve)
    sig = key.sign(msg, hashalg)
    hc = ecdsa.hash_class(hashalg)
    hk = ecdsa._HK[hc]
    iv = bytes(hc._iv)
    wiped = (bytes(hk._ist) == iv and bytes(hk._ost) == iv and bytes(hk._st) == iv
             and bytes(hk._ob[:hk.digest_size]) == bytes(hk.digest_size) and hk._inner is None)
    return sig, wiped, key.sign(msg, hashalg) == sig


def inv_blinded(cases, mode):
    # field.bigint.inv_blinded on (x, m, seed) cases. mode "hashlib": as the port is;
    # "ours": the port's hashlib made unimportable (the factor from mpcrypto's SHA-256);
    # "none": no SHA-256 at all (the Fermat fallback).
    import sys
    from mpcrypto.ec.field import bigint

    saved = sys.modules.get("hashlib")
    find = bigint._sha256
    if mode == "ours":
        sys.modules["hashlib"] = None
    elif mode == "none":
        bigint._sha256 = lambda: None
    try:
        used = bigint._sha256()
        out = [bigint.inv_blinded(x, m, seed) for x, m, seed in cases]
        return out, None if used is None else getattr(used, "__module__", "hashlib")
    finally:
        bigint._sha256 = find
        if saved is None:
            sys.modules.pop("hashlib", None)
        else:
            sys.modules["hashlib"] = saved
