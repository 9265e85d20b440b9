# Drivers for SM2 signatures (mpcrypto.ec.sm2). Runs on MicroPython via mptest.py.
from mpcrypto.ec import curves, ec, sm2

# GB/T 32918.2-2016 Annex A.2 (the same example as GM/T 0003.2-2012 Annex A.2): the
# "Fp-256" test curve y^2 = x^3 + a x + b of the worked signature example. It is not the
# SM2 recommended curve (that one is curves.SM2, GB/T 32918.5); test use only.
# Numbers typed from the standard's Annex A.2.
FP256_TEST = curves._w(
    "gbt32918-annex-a2-fp256", None,
    0x8542D69E4C044F18E8B92435BF6FF7DE457283915C45517D722EDB8B08F1DFC3,
    0x787968B4FA32C3FD2417842E73BBFEFF2F3C848B6831D7E0EC65228B3937E498,
    0x63E4C6D3B23B0C849CF84241484BFE48F61D59A5B16BA06E6E12D1DA27C5249A,
    0x8542D69E4C044F18E8B92435BF6FF7DD297720630485628D5AE74EE7C32E79B7,
    0x421DEBD61B62EAB6746434EBC3CC315E32220B3BADD50BDC4C4E6C147FEDD43D,
    0x0680512BCBB42C07D47349D2153B70C4E5D7FDFCBFA36EA1A85841B9E46E09A2,
    1, "GB/T 32918.2-2016 Annex A.2 (test curve)")


def _curve(name):
    return FP256_TEST if name == "annex-a2" else curves.get(name)


def _fixed_rng(stream):
    # An rng that hands out ``stream`` in order (to inject k).
    buf = [stream]

    def rng(n):
        out = buf[0][:n]
        buf[0] = buf[0][n:]
        return out

    return rng


def curve_check(name):
    # The test curve is sound: G on the curve, n*G = infinity.
    c = _curve(name)
    gx, gy = c.G
    ctx = ec._arith(c)
    return (gy * gy - gx * gx * gx - c.a * gx - c.b) % c.p == 0, ctx.mul_base(c.n) is None


def public(name, d):
    c = _curve(name)
    return ec.derive_private_key(d, c).public_key().public_bytes()


def za(name, point, uid):
    return sm2.za(ec.from_encoded_point(_curve(name), point), uid)


def za_default(name, point):
    return sm2.za(ec.from_encoded_point(_curve(name), point))


def e_value(name, point, uid, msg):
    pub = ec.from_encoded_point(_curve(name), point)
    return sm2.e_of(sm2.za(pub, uid), msg)


def sign_with_k(name, d, uid, msg, k):
    # §6.1 with the nonce given (Annex A known answer): (r, s) or None.
    c = _curve(name)
    pub = ec.derive_private_key(d, c).public_key()
    e = sm2.e_of(sm2.za(pub, uid), msg)
    return sm2.sign_with_k(ec._arith(c), c, d, e, k)


def sign(name, d, msg, uid, kstream, encoding):
    # The public sign(); kstream (bytes) feeds the injected rng, None = os.urandom.
    key = ec.derive_private_key(d, _curve(name))
    rng = _fixed_rng(kstream) if kstream is not None else None
    if uid is None:
        return sm2.sign(key, msg, rng=rng, encoding=encoding)
    return sm2.sign(key, msg, uid, rng, encoding)


def sign_verify(name, d, msg, uid, encoding):
    # Random k; the signature must verify; returns (signature, public point).
    key = ec.derive_private_key(d, _curve(name))
    sig = sm2.sign(key, msg, uid, encoding=encoding)
    pub = key.public_key()
    sm2.verify(pub, sig, msg, uid, encoding)
    return sig, pub.public_bytes()


_pubs = {}


def verify(name, point, sig, msg, uid, encoding):
    key = (name, point)
    pub = _pubs.get(key)
    if pub is None:
        pub = ec.from_encoded_point(_curve(name), point)
        _pubs[key] = pub
    if uid is None:
        sm2.verify(pub, sig, msg, encoding=encoding)
    else:
        sm2.verify(pub, sig, msg, uid, encoding)
    return "ok"


def bad_call(kind):
    # API misuse: each returns only if the call was (wrongly) accepted.
    # The 8 KB identity first, before the curve's tables take the heap: on a 96 KB device
    # (the emulated M4) the driver's own allocation failed once they were there.
    long_uid = bytes(8192) if kind == "sign_long_uid" else None
    c = curves.SM2
    key = ec.derive_private_key(5, c)
    pub = key.public_key()
    k = bytes(range(1, 33)) * 4  # the signatures that must succeed get k injected: the
    sig = sm2.sign(key, b"m", rng=_fixed_rng(k))  # target may have no entropy source
    if kind == "sign_d_n_minus_1":
        sm2.sign(ec.derive_private_key(c.n - 1, c), b"m")
    elif kind == "sign_str_msg":
        sm2.sign(key, "m")
    elif kind == "sign_str_uid":
        sm2.sign(key, b"m", "1234567812345678")
    elif kind == "sign_long_uid":
        sm2.sign(key, b"m", long_uid)
    elif kind == "sign_public_key":
        sm2.sign(pub, b"m")
    elif kind == "sign_bad_encoding":
        sm2.sign(key, b"m", encoding="pem")
    elif kind == "sign_bad_rng":
        sm2.sign(key, b"m", rng=lambda n: b"\x01")
    elif kind == "sign_rng_not_callable":
        sm2.sign(key, b"m", rng=b"\x01" * 32)
    elif kind == "verify_private_key":
        sm2.verify(key, sig, b"m")
    elif kind == "verify_none_msg":
        sm2.verify(pub, sig, None)
    elif kind == "verify_bad_encoding":
        sm2.verify(pub, sig, b"m", encoding="pem")
    elif kind == "verify_str_sig":
        sm2.verify(pub, "sig", b"m")
    elif kind == "verify_none_sig":
        sm2.verify(pub, None, b"m")
    elif kind == "za_bytes_key":
        sm2.za(pub.public_bytes())
    elif kind == "za_int_uid":
        sm2.za(pub, 5)
    elif kind == "max_uid":
        # 8191 bytes is the longest ID ENTL can describe: accepted.
        s = sm2.sign(key, b"m", bytes(8191), _fixed_rng(k))
        sm2.verify(pub, s, b"m", bytes(8191))
        return "ok"
    return "accepted"


def bad_key(name, kind, value):
    # Key construction through ec (which sm2 relies on): ValueError expected.
    c = _curve(name)
    if kind == "d":
        ec.derive_private_key(value, c)
    else:
        ec.from_encoded_point(c, value)
    return "accepted"
