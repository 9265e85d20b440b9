# Drivers for mpcrypto.pk.dsa (runs on MicroPython). Group calls take one key and many cases.
from drv_mpi import outcome, rng_arg
from mpcrypto.pk import dsa


def _pub(p, q, g, y):
    return dsa.DSAPublicNumbers(y, dsa.DSAParameterNumbers(p, q, g)).public_key()


def verify_group(p, q, g, y, h, enc, cases):
    # cases: [(msg, sig)]; enc "der" (the API) or "p1363" (r || s of len(q) bytes each)
    try:
        pub = _pub(p, q, g, y)
    except Exception as e:
        return [type(e).__name__] * len(cases)
    out = []
    for msg, sig in cases:
        if enc == "der":
            out.append(outcome(pub.verify, sig, msg, h))
        else:
            out.append(outcome(_verify_raw, pub, q, sig, msg, h))
    return out


def _verify_raw(pub, q, sig, msg, h):
    from mpcrypto.ec.ecdsa import decode_raw
    from mpcrypto.hash.names import hash_class
    from mpcrypto.pk import mpi

    r, s = decode_raw(sig, (mpi.bits(q) + 7) >> 3)
    pub.verify_rs(r, s, hash_class(h)(msg).digest())


def sign_k(p, q, g, x, y, h, msg, k):
    from mpcrypto.hash.names import hash_class

    key = dsa.DSAPrivateNumbers(x, dsa.DSAPublicNumbers(y, dsa.DSAParameterNumbers(p, q, g))).private_key()
    hc = hash_class(h)
    return key.sign_digest(hc(msg).digest(), hc, k)


def sign_group(p, q, g, x, y, h, msgs):
    key = dsa.DSAPrivateNumbers(x, dsa.DSAPublicNumbers(y, dsa.DSAParameterNumbers(p, q, g))).private_key()
    return [outcome(key.sign, m, h) for m in msgs]


def generate(key_size):
    rng = rng_arg()  # None (the library's default) where the target has an entropy source
    params = dsa.generate_parameters(key_size, rng)
    key = params.generate_private_key(rng)
    pn = params.parameter_numbers()
    return pn.p, pn.q, pn.g, key.private_numbers().x, key.public_key().public_numbers().y, key.key_size


def api_errors():
    pn = dsa.DSAParameterNumbers(23, 11, 4)
    out = []
    for what, fn in (("key size", lambda: dsa.generate_parameters(1000)),
                     ("bad params", lambda: pn.parameters()),
                     ("str p", lambda: dsa.DSAParameterNumbers("1", 2, 3))):
        try:
            fn()
            out.append((what, "no error"))
        except Exception as e:
            out.append((what, type(e).__name__))
    return out
