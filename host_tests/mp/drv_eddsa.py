# Drivers for Ed25519 / Ed448 (mpcrypto.ec.ed25519, ed448); runs on MicroPython.
from mpcrypto.ec import ed448, ed25519, eddsa

_MODS = {"ed25519": (ed25519.Ed25519PrivateKey, ed25519.Ed25519PublicKey),
         "ed448": (ed448.Ed448PrivateKey, ed448.Ed448PublicKey)}
_last_pub = [None, None]


def _pub(alg, pk):
    # The last decoded public key, as in drv_ec: a group's cases come in a row.
    key = (alg, pk)
    if _last_pub[0] != key:
        _last_pub[:] = [key, _MODS[alg][1].from_public_bytes(pk)]
    return _last_pub[1]


def public(alg, seed):
    return _MODS[alg][0].from_private_bytes(seed).public_key().public_bytes_raw()


def sign(alg, seed, msg, context=None):
    k = _MODS[alg][0].from_private_bytes(seed)
    if context is None:
        return k.sign(msg)
    return k.sign(msg, context=context)


def verify(alg, pk, sig, msg, context=None):
    # "ok" when valid; the exception otherwise (InvalidSignature; ValueError for a bad key).
    p = _pub(alg, pk)
    if context is None:
        p.verify(sig, msg)
    else:
        p.verify(sig, msg, context=context)
    return "ok"


def sign_verify(alg, seed, msg):
    # (public key, signature), the signature checked by our own verify.
    k = _MODS[alg][0].from_private_bytes(seed)
    sig = k.sign(msg)
    k.public_key().verify(sig, msg)
    return k.public_key().public_bytes_raw(), sig


def load(alg, which, data):
    priv, pub = _MODS[alg]
    if which == "private":
        return priv.from_private_bytes(data).private_bytes_raw()
    return pub.from_public_bytes(data).public_bytes_raw()


def base_mult(alg, k):
    # Encoding of k*B through the comb (edge scalars).
    c = _MODS[alg][0]._curve
    ar = eddsa._arith(c)
    return ar.encode(ar.mul_base(k))


def twin_mult(alg, s, k, pk):
    # Encoding of s*B + k*A through the variable-time path.
    c = _MODS[alg][0]._curve
    ar = eddsa._arith(c)
    return ar.encode(ar.mul2(s, k, _pub(alg, pk)._pt))


def generate(alg, stream):
    buf = [stream]

    def rng(n):
        out = buf[0][:n]
        buf[0] = buf[0][n:]
        return out

    return _MODS[alg][0].generate(rng).private_bytes_raw()


def generate_default(alg):
    k = _MODS[alg][0].generate()
    sig = k.sign(b"x")
    k.public_key().verify(sig, b"x")
    return len(sig)
