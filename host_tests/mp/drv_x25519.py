# Drivers for X25519 / X448 (mpcrypto.ec.x25519, mpcrypto.ec.x448); runs on MicroPython.
from mpcrypto.ec import x448, x25519, xdh

_MODS = {"x25519": (x25519.X25519PrivateKey, x25519.X25519PublicKey),
         "x448": (x448.X448PrivateKey, x448.X448PublicKey)}


def exchange(alg, k, u):
    # Through the API: ValueError for bad lengths and an all-zero result.
    priv, pub = _MODS[alg]
    return priv.from_private_bytes(k).exchange(pub.from_public_bytes(u))


def raw(alg, k, u):
    # The RFC 7748 §5 function itself (no all-zero check), through the seam.
    priv, _ = _MODS[alg]
    return xdh._ladder(priv._curve).x(k, u)


def public(alg, k):
    priv, _ = _MODS[alg]
    return priv.from_private_bytes(k).public_key().public_bytes_raw()


def iterate(alg, n):
    # RFC 7748 §5.2: k = u = base point; n times: k, u = X(k, u), k.
    priv, _ = _MODS[alg]
    c = priv._curve
    k = u = c.G[0].to_bytes(c.size, "little")
    lad = xdh._ladder(c)
    for _ in range(n):
        k, u = lad.x(k, u), k
    return k


def load(alg, which, data):
    priv, pub = _MODS[alg]
    if which == "private":
        return priv.from_private_bytes(data).private_bytes_raw()
    return pub.from_public_bytes(data).public_bytes_raw()


def generate(alg, stream):
    priv, _ = _MODS[alg]
    buf = [stream]

    def rng(n):
        out = buf[0][:n]
        buf[0] = buf[0][n:]
        return out

    return priv.generate(rng).private_bytes_raw()


def generate_default(alg):
    priv, _ = _MODS[alg]
    a = priv.generate()
    b = priv.generate()
    return a.exchange(b.public_key()) == b.exchange(a.public_key())


def exchange_wrong_type(alg, other):
    # Peer key of the other curve, or raw bytes: TypeError.
    priv, _ = _MODS[alg]
    a = priv.from_private_bytes(bytes(range(1, 1 + priv._curve.size)))
    if other == "bytes":
        return a.exchange(bytes(priv._curve.size))
    opriv, _ = _MODS[other]
    return a.exchange(opriv.from_private_bytes(bytes(opriv._curve.size)).public_key())
