"""Signature algorithms of the message formats (``mpcrypto.jws``, ``mpcrypto.cose``): one
description per algorithm, carried out by the key classes' own ``sign`` and ``verify``.

A description is a tuple ``(kind, hash name, curve or None)``:

- ``"ec"``: ECDSA, the signature the fixed-length r||s of RFC 7518 §3.4 / RFC 9053 §2.1
  (the key's curve must be the one named: P-256 with SHA-256, P-384 with SHA-384, P-521 with
  SHA-512);
- ``"ed"``: EdDSA (RFC 8032) with an Ed25519 or Ed448 key, the message signed as it is;
- ``"rsa"``: RSASSA-PKCS1-v1_5, ``"pss"``: RSASSA-PSS with MGF1 of the same hash and a salt
  as long as the hash (RFC 7518 §3.5, RFC 8230 §2); RSA keys of at least 2048 bits (RFC
  7518 §3.3, RFC 8230 §6.1);
- ``"hmac"``: HMAC with a key (bytes) at least as long as the hash (RFC 7518 §3.2).

A key that is not of the algorithm's class raises TypeError, one of the right class but the
wrong curve or size ValueError: the verifier's key decides what a token may claim, never the
token. A private key verifies as its public key. The key classes are looked up in
``sys.modules``: a class whose module was never imported has no instances, so checking a
key does not import, say, RSA for an EC key.
"""

import sys

from mpcrypto.exceptions import InvalidSignature


def _of(key, mod, names):
    m = sys.modules.get(mod)
    if m is None:
        return False
    for n in names:
        if isinstance(key, getattr(m, n)):
            return True
    return False


def _key(desc, key, private):
    # ``key`` checked against the description; for verification the public key.
    kind, h, curve = desc
    if kind == "hmac":
        from mpcrypto._util import rbuf
        from mpcrypto.hash.names import hash_class

        try:
            if isinstance(key, str):
                raise TypeError
            key = rbuf(key)  # a key object has no buffer: TypeError
        except TypeError:
            raise TypeError("key does not fit the algorithm")
        if len(key) < hash_class(h).digest_size:
            raise ValueError("HMAC key too short")
        return key
    if kind == "ec":
        mod, names = "mpcrypto.ec.ec", ("EllipticCurvePrivateKey", "EllipticCurvePublicKey")
    elif kind == "ed":
        mod, names = "mpcrypto.ec.eddsa", ("EdPrivateKey", "EdPublicKey")
    else:
        mod, names = "mpcrypto.pk.rsa", ("RSAPrivateKey", "RSAPublicKey")
    if not _of(key, mod, names if not private else names[:1]):
        raise TypeError("key does not fit the algorithm")
    if not private and _of(key, mod, names[:1]):
        key = key.public_key()
    if kind == "ec" and key.curve.name != curve:
        raise ValueError("key is on the wrong curve")
    if kind in ("rsa", "pss") and key.key_size < 2048:
        raise ValueError("RSA key too small")
    return key


def _padding(kind, h):
    from mpcrypto.hash.names import hash_class
    from mpcrypto.pk import padding

    if kind == "rsa":
        return padding.PKCS1v15()
    return padding.PSS(padding.MGF1(h), hash_class(h).digest_size)


def sign(desc, key, data):
    """The signature (or MAC) of ``data`` under ``key``, as the format carries it."""
    kind, h, _ = desc
    key = _key(desc, key, True)
    if kind == "hmac":
        from mpcrypto.mac import hmac

        return hmac.new(key, data, digestmod=h).digest()
    if kind == "ec":
        return key.sign(data, hashalg=h, encoding="raw")
    if kind == "ed":
        return key.sign(data)
    return key.sign(data, _padding(kind, h), h)


def verify(desc, key, data, sig):
    """None if ``sig`` is a valid signature (or MAC) of ``data`` under ``key``, else
    InvalidSignature. Variable time except the MAC comparison (public data)."""
    kind, h, _ = desc
    key = _key(desc, key, False)
    if kind == "hmac":
        from mpcrypto.mac import hmac

        if not hmac.compare_digest(hmac.new(key, data, digestmod=h).digest(), sig):
            raise InvalidSignature("bad MAC")
    elif kind == "ec":
        key.verify(sig, data, hashalg=h, encoding="raw")
    elif kind == "ed":
        key.verify(sig, data)
    else:
        key.verify(sig, data, _padding(kind, h), h)
