"""JSON Web Signature in the compact serialization (RFC 7515 §7.1).

    from mpcrypto import jws
    token = jws.sign(b'{"t":21.5}', key, "ES256")                # str: header.payload.signature
    payload = jws.verify(token, key.public_key(), ("ES256",))   # bytes, or an exception

Algorithms (RFC 7518 §3, RFC 8037 §3.1), each with the key class it needs
(``mpcrypto._sig`` says how each is computed): ``ES256``, ``ES384``, ``ES512`` (ECDSA on
P-256, P-384, P-521, signatures r||s), ``EdDSA`` (Ed25519 or Ed448), ``RS256``/``384``/``512``
(RSASSA-PKCS1-v1_5), ``PS256``/``384``/``512`` (RSASSA-PSS) with RSA keys of 2048 bits or
more, and ``HS256``/``384``/``512`` (HMAC, a bytes key at least as long as the hash).

``sign(payload, key, alg, header=None)``: ``header`` is a dict of further header parameters
("kid", "typ", ...; "alg" is set from ``alg``) serialized by ``json``, or the exact bytes of a
header (a JSON object whose "alg" is ``alg``), which are signed as they are.

``verify(token, key, algorithms)`` returns the payload bytes. ``algorithms`` is required and
the header's "alg" must be one of them: the verifier chooses what it accepts, never the token
(RFC 8725 §2.1, §3.1), so "none" and an HMAC claim against a public key never pass. It raises
InvalidSignature when the signature does not hold; ValueError when the token is malformed (not
three parts, a character outside the base64url alphabet, "=" padding, a non-canonical final
character, a header that is not a JSON object, "alg" missing or not accepted, a "crit" header:
this module understands no extension, §4.1.11); TypeError or ValueError when the key does not
fit the algorithm (see ``mpcrypto._sig``). The payload is returned only after its signature
has been checked. ``header(token)`` returns the header as a dict without verifying anything,
to pick a key by "kid" before ``verify``.

Constant time: HMAC tags are compared in full; ECDSA and EdDSA signing are those of the key
classes; verification works on public data.
"""

import binascii

from mpcrypto import _sig
from mpcrypto._util import as_bytes

# RFC 7518 §3.1 and RFC 8037 §3.1: "alg" value -> the _sig description.
ALGORITHMS = {
    "ES256": ("ec", "sha256", "secp256r1"),
    "ES384": ("ec", "sha384", "secp384r1"),
    "ES512": ("ec", "sha512", "secp521r1"),
    "EdDSA": ("ed", None, None),
    "RS256": ("rsa", "sha256", None),
    "RS384": ("rsa", "sha384", None),
    "RS512": ("rsa", "sha512", None),
    "PS256": ("pss", "sha256", None),
    "PS384": ("pss", "sha384", None),
    "PS512": ("pss", "sha512", None),
    "HS256": ("hmac", "sha256", None),
    "HS384": ("hmac", "sha384", None),
    "HS512": ("hmac", "sha512", None),
}


def b64encode(data):
    """base64url without padding (RFC 7515 §2), as bytes."""
    s = binascii.b2a_base64(as_bytes(data)).rstrip(b"\n").rstrip(b"=")
    return s.replace(b"+", b"-").replace(b"/", b"_")


def b64decode(text):
    """The bytes of unpadded base64url ``text``; ValueError unless ``text`` is exactly what
    ``b64encode`` writes for them (no padding, no other characters, zero unused bits)."""
    s = text.encode() if isinstance(text, str) else as_bytes(text)
    if len(s) & 3 == 1 or b"+" in s or b"/" in s or b"=" in s:
        raise ValueError("bad base64url")
    std = s.replace(b"-", b"+").replace(b"_", b"/") + b"=" * (-len(s) & 3)
    try:
        raw = binascii.a2b_base64(std)
    except ValueError:
        raise ValueError("bad base64url")
    if b64encode(raw) != s:  # catches skipped characters and set unused bits
        raise ValueError("bad base64url")
    return raw


def _json(obj):
    import json

    try:
        return json.dumps(obj, separators=(",", ":")).encode()
    except TypeError:  # a port built without the separators argument
        return json.dumps(obj).encode()


def _header_dict(raw):
    import json

    try:
        h = json.loads(raw.decode())
    except (ValueError, UnicodeError):
        raise ValueError("bad header")
    if not isinstance(h, dict):
        raise ValueError("bad header")
    return h


def _parts(token):
    t = token.encode() if isinstance(token, str) else as_bytes(token)
    p = t.split(b".")
    if len(p) != 3:
        raise ValueError("token must have three parts")
    return p


def header(token):
    """The token's header as a dict, NOT verified: only to choose the key to verify with."""
    return _header_dict(b64decode(_parts(token)[0]))


def sign(payload, key, alg, header=None):
    """The compact JWS (str) of ``payload`` (bytes) signed with ``key`` under ``alg``."""
    desc = ALGORITHMS.get(alg)
    if desc is None:
        raise ValueError("unsupported alg")
    payload = as_bytes(payload)
    if header is None or isinstance(header, dict):
        h = {"alg": alg}
        if header:
            for k in header:
                if k != "alg":
                    h[k] = header[k]
        raw = _json(h)
    else:
        raw = as_bytes(header)
        if _header_dict(raw).get("alg") != alg:
            raise ValueError("header alg differs")
    signing_input = b64encode(raw) + b"." + b64encode(payload)
    sig = _sig.sign(desc, key, signing_input)
    return (signing_input + b"." + b64encode(sig)).decode()


def verify(token, key, algorithms):
    """The payload (bytes) of ``token`` if its signature holds under ``key`` with an
    algorithm in ``algorithms``; InvalidSignature, ValueError or TypeError otherwise."""
    if isinstance(algorithms, str):
        algorithms = (algorithms,)
    hb, pb, sb = _parts(token)
    h = _header_dict(b64decode(hb))
    alg = h.get("alg")
    if not isinstance(alg, str) or alg not in algorithms or alg not in ALGORITHMS:
        raise ValueError("alg not accepted")
    if "crit" in h:
        raise ValueError("unsupported crit header")
    sig = b64decode(sb)
    payload = b64decode(pb)
    _sig.verify(ALGORITHMS[alg], key, hb + b"." + pb, sig)
    return payload
