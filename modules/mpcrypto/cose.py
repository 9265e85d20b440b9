"""COSE_Sign1 (RFC 9052 §4.2, §4.4): one signer, the message in CBOR (``mpcrypto.keys.cbor``).

    from mpcrypto import cose
    msg = cose.sign1(b"reading: 21.5", key, "ES256", kid=b"dev-42")     # bytes, tag 18
    payload = cose.verify1(msg, key.public_key())                        # bytes, or an exception

Algorithms (RFC 9053 §2, RFC 8230 §2, RFC 8812 §2), named as in the IANA COSE registry:
``ES256`` (-7), ``ES384`` (-35), ``ES512`` (-36) with P-256, P-384, P-521 keys (signatures
r||s), ``EdDSA`` (-8) with Ed25519 or Ed448 keys, ``PS256`` (-37), ``PS384`` (-38), ``PS512``
(-39) and ``RS256`` (-257), ``RS384`` (-258), ``RS512`` (-259) with RSA keys of 2048 bits or
more. How each is computed, and which key fits: ``mpcrypto._sig``.

``sign1(payload, key, alg, kid=None, external_aad=b"", detached=False, tagged=True)``: the
protected header holds the algorithm (label 1), the unprotected one the ``kid`` (label 4)
if given; the signature covers Sig_structure ``["Signature1", protected, external_aad,
payload]`` (§4.4). ``detached=True`` leaves the payload out (nil), ``tagged=False`` the tag.

``verify1(message, key, algorithms=None, external_aad=b"", payload=None)`` returns the
payload once the signature holds under ``key``; ``payload`` supplies a detached one (and must
be None for a message that carries its own). It raises InvalidSignature when the signature
does not hold; ValueError when the message is malformed: not strict CBOR (see ``cbor``), a
tag other than 18, not an array of four with the types of §4.2, a protected header that is
not a map, the algorithm missing from the protected header, not one of the above or not in
``algorithms`` (names, when given), a label in both headers (§3), a "crit" header (label 2:
no extension is understood here); TypeError or ValueError when the key does not fit the
algorithm. ``headers1(message)`` returns (protected, unprotected) as dicts, NOT verified, to
find the key by kid.
"""

from mpcrypto import _sig
from mpcrypto._util import as_bytes
from mpcrypto.keys import cbor

ALG, CRIT, KID = 1, 2, 4
SIGN1_TAG = 18

# IANA COSE Algorithms value -> (name, _sig description)
ALGORITHMS = {
    -7: ("ES256", ("ec", "sha256", "secp256r1")),
    -35: ("ES384", ("ec", "sha384", "secp384r1")),
    -36: ("ES512", ("ec", "sha512", "secp521r1")),
    -8: ("EdDSA", ("ed", None, None)),
    -37: ("PS256", ("pss", "sha256", None)),
    -38: ("PS384", ("pss", "sha384", None)),
    -39: ("PS512", ("pss", "sha512", None)),
    -257: ("RS256", ("rsa", "sha256", None)),
    -258: ("RS384", ("rsa", "sha384", None)),
    -259: ("RS512", ("rsa", "sha512", None)),
}


def _alg_id(alg):
    for k in ALGORITHMS:
        if ALGORITHMS[k][0] == alg or k == alg:
            return k
    raise ValueError("unsupported alg")


def _to_be_signed(protected, external_aad, payload):
    return cbor.dumps(["Signature1", protected, as_bytes(external_aad), payload])


def sign1(payload, key, alg, kid=None, external_aad=b"", detached=False, tagged=True):
    """A COSE_Sign1 message (bytes) of ``payload`` signed with ``key`` under ``alg``."""
    a = _alg_id(alg)
    payload = as_bytes(payload)
    protected = cbor.dumps({ALG: a})
    unprotected = {} if kid is None else {KID: as_bytes(kid)}
    sig = _sig.sign(ALGORITHMS[a][1], key, _to_be_signed(protected, external_aad, payload))
    msg = [protected, unprotected, None if detached else payload, sig]
    return cbor.dumps(cbor.Tag(SIGN1_TAG, msg) if tagged else msg)


def _parse(message):
    # (protected bytes, protected dict, unprotected dict, payload or None, signature)
    v = cbor.loads(message)
    if isinstance(v, cbor.Tag):
        if v.number != SIGN1_TAG:
            raise ValueError("not a COSE_Sign1 tag")
        v = v.value
    if not isinstance(v, list) or len(v) != 4:
        raise ValueError("COSE_Sign1 must be an array of four")
    pb, u, payload, sig = v
    if not isinstance(pb, bytes) or not isinstance(u, dict) or not isinstance(sig, bytes):
        raise ValueError("bad COSE_Sign1")
    if payload is not None and not isinstance(payload, bytes):
        raise ValueError("bad COSE_Sign1 payload")
    p = cbor.loads(pb) if pb else {}
    if not isinstance(p, dict):
        raise ValueError("protected header must be a map")
    for k in p:
        if k in u:
            raise ValueError("label in both headers")
    return pb, p, u, payload, sig


def headers1(message):
    """(protected, unprotected) header dicts of ``message``, NOT verified."""
    return _parse(message)[1:3]


def verify1(message, key, algorithms=None, external_aad=b"", payload=None):
    """The payload (bytes) of ``message`` if its signature holds under ``key``."""
    pb, p, u, attached, sig = _parse(message)
    a = p.get(ALG)
    if isinstance(algorithms, str):
        algorithms = (algorithms,)
    if not isinstance(a, int) or a not in ALGORITHMS or (algorithms is not None and ALGORITHMS[a][0] not in algorithms):
        raise ValueError("alg not accepted")
    if CRIT in p or CRIT in u:
        raise ValueError("unsupported crit header")
    if attached is None:
        if payload is None:
            raise ValueError("detached payload required")
        attached = as_bytes(payload)
    elif payload is not None:
        raise ValueError("payload is attached")
    _sig.verify(ALGORITHMS[a][1], key, _to_be_signed(pb, external_aad, attached), sig)
    return attached
