"""JSON Web Tokens (RFC 7519) as compact JWS (``mpcrypto.jws``), shaped like PyJWT.

    from mpcrypto import jwt
    token = jwt.encode({"iss": "dev-42", "iat": now, "exp": now + 3600}, key, "ES256")
    claims = jwt.decode(token, server_key, algorithms=("ES256",), audience="api")

``encode(claims, key, algorithm, headers=None)`` returns the token (str) with the header
``{"alg": algorithm, "typ": "JWT"}`` plus ``headers``. It writes the claims as they are given.

``decode(token, key, algorithms, audience=None, issuer=None, leeway=0, now=None,
require=())`` verifies the signature first (``jws.verify``: InvalidSignature, ValueError,
TypeError as there), then the claims (RFC 7519 §4.1) at ``now`` (seconds since 1970 UTC; by
default the clock of ``time.time``, which must be set), each failure a ``ClaimError``
(a ValueError):

- the payload must be a JSON object;
- "exp", "nbf" and "iat", when present, must be numbers; ``ExpiredToken`` (a ClaimError) when
  ``now >= exp + leeway``; "not yet valid" when ``now < nbf - leeway``; "iat", like
  PyJWT, is only type-checked;
- "iss" must equal ``issuer`` when one is given;
- with ``audience`` given, "aud" (a string or a list of strings) must contain it; a token with
  an "aud" claim is refused when no ``audience`` is given (§4.1.3: a recipient not named
  rejects it);
- every name in ``require`` must be present.

Claims are decoded with MicroPython's ``json``; names other than the above are returned
unchecked. Integer times are exact; a time written with a fraction is a float, which a port
with single-precision floats rounds to a multiple of 128 seconds in this century.
"""

from mpcrypto import jws
from mpcrypto._util import unix_time


class ClaimError(ValueError):
    pass


class ExpiredToken(ClaimError):
    pass


def encode(claims, key, algorithm, headers=None):
    """A signed JWT (str) carrying ``claims`` (a dict)."""
    if not isinstance(claims, dict):
        raise TypeError("claims must be a dict")
    h = {"typ": "JWT"}
    if headers:
        for k in headers:
            h[k] = headers[k]
    return jws.sign(jws._json(claims), key, algorithm, h)


def _number(claims, name):
    v = claims.get(name)
    if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float))):
        raise ClaimError(name + " must be a number")
    return v


def decode(token, key, algorithms, audience=None, issuer=None, leeway=0, now=None, require=()):
    """The claims (dict) of ``token`` once its signature and claims hold; see the module."""
    import json

    payload = jws.verify(token, key, algorithms)
    try:
        claims = json.loads(payload.decode())
    except (ValueError, UnicodeError):
        raise ClaimError("payload is not JSON")
    if not isinstance(claims, dict):
        raise ClaimError("payload is not an object")
    for name in require:
        if name not in claims:
            raise ClaimError("missing " + name)
    exp = _number(claims, "exp")
    nbf = _number(claims, "nbf")
    _number(claims, "iat")
    if exp is not None or nbf is not None:
        if now is None:
            now = unix_time()
        if exp is not None and now >= exp + leeway:
            raise ExpiredToken("expired")
        if nbf is not None and now < nbf - leeway:
            raise ClaimError("not yet valid")
    if issuer is not None and claims.get("iss") != issuer:
        raise ClaimError("issuer")
    aud = claims.get("aud")
    if audience is not None or aud is not None:
        if isinstance(aud, str):
            aud = (aud,)
        if audience is None or not isinstance(aud, (list, tuple)) or audience not in aud:
            raise ClaimError("audience")
    return claims
