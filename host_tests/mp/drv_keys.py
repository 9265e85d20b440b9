# Drivers for the key formats (runs on MicroPython): mpcrypto.keys.der / pem / serialization.
import sys

from mpcrypto.keys import der, pem
from mpcrypto.keys import serialization as ser

_ENC = {"der": ser.Encoding.DER, "pem": ser.Encoding.PEM, "raw": ser.Encoding.Raw, "x962": ser.Encoding.X962}
_PRIV = {"pkcs8": ser.PrivateFormat.PKCS8, "trad": ser.PrivateFormat.TraditionalOpenSSL, "raw": ser.PrivateFormat.Raw}
_PUB = {"spki": ser.PublicFormat.SubjectPublicKeyInfo, "pkcs1": ser.PublicFormat.PKCS1, "raw": ser.PublicFormat.Raw,
        "uncompressed": ser.PublicFormat.UncompressedPoint, "compressed": ser.PublicFormat.CompressedPoint}
_OKP = {"Ed25519": "mpcrypto.ec.ed25519", "Ed448": "mpcrypto.ec.ed448", "X25519": "mpcrypto.ec.x25519",
        "X448": "mpcrypto.ec.x448"}


def _okp_mod(name):
    return __import__(_OKP[name], None, None, ("x",))


def describe(key):
    # A plain tuple the host can compare with cryptography's view of the same key.
    from mpcrypto.ec import ec

    if isinstance(key, ec.EllipticCurvePrivateKey):
        return ("ec-private", key.curve.name, key.private_value, key.public_key().public_bytes(False))
    if isinstance(key, ec.EllipticCurvePublicKey):
        return ("ec-public", key.curve.name, key.public_bytes(False))
    for name in _OKP:
        m = _okp_mod(name)
        if isinstance(key, getattr(m, name + "PrivateKey")):
            return (name + "-private", key.private_bytes_raw(), key.public_key().public_bytes_raw())
        if isinstance(key, getattr(m, name + "PublicKey")):
            return (name + "-public", key.public_bytes_raw())
    # (DSA and RSA by their classes, looked up only where the module is loaded: a key of it
    # means it is)
    dsa = sys.modules.get("mpcrypto.pk.dsa")
    if dsa is not None and isinstance(key, dsa.DSAPrivateKey):
        pn = key.private_numbers()
        par = pn.public_numbers.parameter_numbers
        return ("dsa-private", par.p, par.q, par.g, pn.public_numbers.y, pn.x)
    if dsa is not None and isinstance(key, dsa.DSAPublicKey):
        pn = key.public_numbers()
        par = pn.parameter_numbers
        return ("dsa-public", par.p, par.q, par.g, pn.y)
    rsa = sys.modules.get("mpcrypto.pk.rsa")
    if rsa is not None and isinstance(key, rsa.RSAPrivateKey):
        pn = key.private_numbers()
        return ("rsa-private", pn.public_numbers.n, pn.public_numbers.e, pn.d, pn.p, pn.q, pn.dmp1, pn.dmq1, pn.iqmp)
    if rsa is not None and isinstance(key, rsa.RSAPublicKey):
        pn = key.public_numbers()
        return ("rsa-public", pn.n, pn.e)
    raise TypeError("unknown key")


def _err(fn, *args):
    # fn(*args), or the name of the exception it raised
    try:
        return fn(*args)
    except Exception as e:
        return type(e).__name__


class _LooksLikeRSA:
    # Not a key: it has an RSA key's method names (the writers must not take it for one).
    def private_numbers(self):
        return self

    def public_numbers(self):
        return self


def dump_other(imports, kind):
    # What private_bytes (PKCS8 PEM and DER, TraditionalOpenSSL) and public_bytes (SPKI) do
    # with a key that is not EC, RSA or RFC 8410, after importing the modules ``imports``:
    # kind "dh" (an ffdhe2048 key) or "fake" (_LooksLikeRSA).
    for name in imports:
        __import__(name)
    if kind == "dh":
        from mpcrypto.pk import dh

        pn = dh.ffdhe(2048).parameter_numbers()
        x = 0x123456789ABCDEF
        priv = dh.DHPrivateNumbers(x, dh.DHPublicNumbers(pow(pn.g, x, pn.p), pn)).private_key()
        pub = priv.public_key()
    else:
        priv = pub = _LooksLikeRSA()
    return [_err(ser.private_bytes, priv, ser.Encoding.PEM, ser.PrivateFormat.PKCS8),
            _err(ser.private_bytes, priv, ser.Encoding.DER, ser.PrivateFormat.PKCS8),
            _err(ser.private_bytes, priv, ser.Encoding.PEM, ser.PrivateFormat.TraditionalOpenSSL),
            _err(ser.public_bytes, pub, ser.Encoding.DER, ser.PublicFormat.SubjectPublicKeyInfo)]


def load_private(fmt, data, password=None):
    if fmt == "der":
        return describe(ser.load_der_private_key(data, password))
    return describe(ser.load_pem_private_key(data, password))


def load_public(fmt, data):
    if fmt == "der":
        return describe(ser.load_der_public_key(data))
    return describe(ser.load_pem_public_key(data))


def _make(desc):
    # A key object from a description tuple (see ``describe``).
    kind = desc[0]
    if kind == "ec-private":
        from mpcrypto.ec import ec

        return ec.derive_private_key(desc[2], desc[1])
    if kind == "ec-public":
        from mpcrypto.ec import ec

        return ec.from_encoded_point(desc[1], desc[2])
    if kind.startswith("dsa"):
        from mpcrypto.pk import dsa

        pub = dsa.DSAPublicNumbers(desc[4], dsa.DSAParameterNumbers(desc[1], desc[2], desc[3]))
        return pub.public_key() if kind == "dsa-public" else dsa.DSAPrivateNumbers(desc[5], pub).private_key()
    if kind.startswith("rsa"):
        from mpcrypto.pk import rsa

        if kind == "rsa-public":
            return rsa.RSAPublicNumbers(desc[2], desc[1]).public_key()
        n, e, d, p, q, dp, dq, qi = desc[1:]
        return rsa.RSAPrivateNumbers(p, q, d, dp, dq, qi, rsa.RSAPublicNumbers(e, n)).private_key()
    name, which = kind.split("-")
    cls = getattr(_okp_mod(name), name + ("PrivateKey" if which == "private" else "PublicKey"))
    return cls.from_private_bytes(desc[1]) if which == "private" else cls.from_public_bytes(desc[1])


def dump_private(desc, enc, fmt, encryption=None):
    return ser.private_bytes(_make(desc), _ENC[enc], _PRIV[fmt], ser.NoEncryption() if encryption is None else encryption)


def dump_public(desc, enc, fmt):
    return ser.public_bytes(_make(desc), _ENC[enc], _PUB[fmt])


def dump_encrypted(desc, enc, password, stream):
    # PKCS#8 with BestAvailableEncryption; the salt and IV come from ``stream``.
    buf = [stream]

    def rng(n):
        out = buf[0][:n]
        buf[0] = buf[0][n:]
        return out

    return ser.private_bytes(_make(desc), _ENC[enc], ser.PrivateFormat.PKCS8, ser.BestAvailableEncryption(password, rng))


def dump_all_private(desc, forms):
    # Several serialisations of one key in one call (the key's public key computed once).
    k = _make(desc)
    out = []
    for enc, fmt in forms:
        try:
            out.append(ser.private_bytes(k, _ENC[enc], _PRIV[fmt]))
        except Exception as e:
            out.append("%s %s" % (type(e).__name__, e))
    return out


def dump_all_public(desc, forms):
    k = _make(desc)
    out = []
    for enc, fmt in forms:
        try:
            out.append(ser.public_bytes(k, _ENC[enc], _PUB[fmt]))
        except Exception as e:
            out.append("%s %s" % (type(e).__name__, e))
    return out


def reencode_private(fmt, data, forms):
    # Load a private key, then write it in every (encoding, format) of ``forms``.
    k = ser.load_der_private_key(data) if fmt == "der" else ser.load_pem_private_key(data)
    return describe(k), [ser.private_bytes(k, _ENC[e], _PRIV[f]) for e, f in forms]


def reencode_public(fmt, data, forms):
    k = ser.load_der_public_key(data) if fmt == "der" else ser.load_pem_public_key(data)
    return describe(k), [ser.public_bytes(k, _ENC[e], _PUB[f]) for e, f in forms]


def sign_loaded(fmt, data, msg):
    # Sign ``msg`` with a loaded private key: ECDSA or DSA (SHA-256, DER), RSA (PKCS#1 v1.5,
    # SHA-256) or EdDSA.
    k = ser.load_der_private_key(data) if fmt == "der" else ser.load_pem_private_key(data)
    kind = describe(k)[0]
    if kind in ("ec-private", "dsa-private"):
        return k.sign(msg, "sha256")
    if kind == "rsa-private":
        from drv_mpi import rng_arg
        from mpcrypto.pk import padding

        rng = rng_arg()
        if rng is not None:  # no entropy source on the target: the blinding needs an rng
            k = k.private_numbers().private_key(rng=rng)
        return k.sign(msg, padding.PKCS1v15(), "sha256")
    return k.sign(msg)


def verify_loaded(fmt, data, sig, msg):
    k = ser.load_der_public_key(data) if fmt == "der" else ser.load_pem_public_key(data)
    kind = describe(k)[0]
    if kind in ("ec-public", "dsa-public"):
        k.verify(sig, msg, "sha256")
    elif kind == "rsa-public":
        from mpcrypto.pk import padding

        k.verify(sig, msg, padding.PKCS1v15(), "sha256")
    else:
        k.verify(sig, msg)
    return "ok"


def many_private(fmt, items):
    # Load each DER/PEM in ``items``; the outcome per item (a description or "Err msg").
    out = []
    for data in items:
        try:
            out.append(load_private(fmt, data))
        except Exception as e:
            out.append("%s %s" % (type(e).__name__, e))
    return out


def many_public(fmt, items):
    out = []
    for data in items:
        try:
            out.append(load_public(fmt, data))
        except Exception as e:
            out.append("%s %s" % (type(e).__name__, e))
    return out


def batch(calls):
    # Several driver calls in one process: [(function name, args), ...] -> results, an
    # exception as an MPError-shaped ("!Err", name, message) tuple.
    g = globals()
    out = []
    for name, args in calls:
        try:
            out.append(g[name](*args))
        except Exception as e:
            out.append(("!Err", type(e).__name__, str(e)))
    return out


def spki_point(spki):
    # The curve and uncompressed point of an EC SubjectPublicKeyInfo.
    pub = ser.load_der_public_key(spki)
    return (pub.curve.name, pub.public_bytes(False))


def ecdh_spki(curve, d, spki):
    # Wycheproof ECDH with a SubjectPublicKeyInfo public key: the loaded key's curve, and the
    # shared secret when the curve is the expected one.
    from mpcrypto.ec import ec

    pub = ser.load_der_public_key(spki)
    if pub.curve.name != curve:
        return ("curve", pub.curve.name)
    return ("shared", ec.derive_private_key(d, curve).exchange(pub))


def pem_encode(data, label):
    return pem.encode(data, label)


def pem_decode(data, labels):
    return pem.decode(data, labels)


def der_walk(data):
    # The TLVs of a DER value, depth first, as (depth, tag, start, stop): a check of the
    # reader against the host's parser. Constructed tags (bit 5) are entered.
    buf = memoryview(data)
    out = []
    stack = [(0, len(buf), 0)]
    while stack:
        i, end, depth = stack.pop()
        if i >= end:
            continue
        tag, s, e = der.read(buf, i, end)
        out.append((depth, tag, s, e))
        stack.append((e, end, depth))
        if tag & 0x20:
            stack.append((s, e, depth + 1))
    return out


def der_int(x):
    return der.integer(x)


def der_oid(dotted):
    b = der.oid_value(dotted)
    return b, der.oid(memoryview(b), 0, len(b))[0]


def der_oid_at(contents):
    # The dotted string of an OID's raw contents.
    return der.oid_at(memoryview(contents), 0, len(contents))


def der_uint(data):
    v, i = der.uint(memoryview(data), 0, len(data))
    der.done(i, len(data))
    return v
