# Drivers for mpcrypto.jws, mpcrypto.jwt, mpcrypto.cose and mpcrypto.keys.cbor (runs on
# MicroPython). A key comes in as (form, bytes): ("priv", PKCS#8 DER), ("pub", SPKI DER) or
# ("raw", an HMAC key); an exception goes back to the host as "E <class> <message>".
import gc

from mpcrypto import cose, jws, jwt
from mpcrypto.keys import cbor
from mpcrypto.keys import serialization as ser


def _key(k):
    form, data = k
    if form == "priv":
        return ser.load_der_private_key(data)
    if form == "pub":
        return ser.load_der_public_key(data)
    return data


def sign(payload, key, alg, header=None):
    return jws.sign(payload, _key(key), alg, header)


def verify(token, key, algorithms):
    return jws.verify(token, _key(key), algorithms)


def _each(f, items):
    # f(item) for each item: its result, or "E <class> <message>".
    out = []
    for x in items:
        gc.collect()  # each on a clean heap, as run_file starts each case
        try:
            out.append(f(x))
        except Exception as e:
            out.append("E %s %s" % (type(e).__name__, e))
    return out


def verify_many(tokens, key, algorithms):
    k = _key(key)
    return _each(lambda t: jws.verify(t, k, algorithms), tokens)


def header(token):
    return jws.header(token)


def b64(text):
    return jws.b64decode(text)


def jwt_encode(claims, key, alg, headers=None):
    return jwt.encode(claims, _key(key), alg, headers)


def jwt_decode(token, key, algorithms, kw):
    return jwt.decode(token, _key(key), algorithms, **kw)


def is_claim_error():
    return (issubclass(jwt.ExpiredToken, jwt.ClaimError), issubclass(jwt.ClaimError, ValueError))


def cose_sign(payload, key, alg, kw):
    return cose.sign1(payload, _key(key), alg, **kw)


def cose_verify(msg, key, kw):
    return cose.verify1(msg, _key(key), **kw)


def cose_verify_many(msgs, key):
    k = _key(key)
    return _each(lambda m: cose.verify1(m, k), msgs)


def cose_headers(msg):
    return cose.headers1(msg)


def _plain(v):
    # Tags as ("tag", number, value) for the host's literal_eval.
    if isinstance(v, cbor.Tag):
        return ("tag", v.number, _plain(v.value))
    if isinstance(v, list):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {k: _plain(v[k]) for k in v}
    return v


def cbor_loads(data):
    # The value read, and whether writing it back gives the same bytes.
    v = cbor.loads(data)
    return _plain(v), cbor.dumps(v) == bytes(data)


def cbor_dumps_tagged(number, value):
    return cbor.dumps(cbor.Tag(number, value))
