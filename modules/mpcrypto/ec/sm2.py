"""SM2 digital signatures (GB/T 32918.2-2016, GM/T 0003.2-2012) with SM3 and ZA.

    from mpcrypto.ec import ec, sm2
    priv = ec.generate_private_key("sm2")                 # keys are mpcrypto.ec.ec objects
    sig = sm2.sign(priv, data)                            # DER; encoding="raw" for r||s
    sm2.verify(priv.public_key(), sig, data)              # raises InvalidSignature
    sm2.za(pub, uid=b"1234567812345678")                  # the 32-byte ZA of §5.5

- ``uid`` is the signer's distinguishing identifier (bytes); the default
  ``DEFAULT_UID = b"1234567812345678"`` is the one GM/T 0009-2012 §10 recommends when none
  was agreed. ZA = SM3(ENTL || ID || a || b || xG || yG || xA || yA) (§5.5), ENTL the bit
  length of ID as two big-endian bytes (so ID is at most 8191 bytes), the curve values as
  field-size big-endian bytes. e = SM3(ZA || M) (§6.1 A1-A2).
- Signing (§6.1): k uniform in [1, n-1] from ``rng(nbytes)`` (default ``os.urandom``) by
  rejection sampling (``ec.random_scalar``); (x1, y1) = [k]G; r = (e + x1) mod n; s = (1 + d)^-1 (k - r d) mod n;
  r = 0, r + k = n or s = 0 draw a new k. There are no deterministic nonces in GB/T 32918.2.
- Verification (§7.1): r, s in [1, n-1]; t = (r + s) mod n != 0; (x1, y1) = [s]G + [t]PA;
  valid when (e + x1) mod n = r. Every failure, and every malformed signature, raises
  InvalidSignature.
- Encodings: "der" (SEQUENCE of two INTEGERs, GM/T 0009 §7.2; strict DER via ``ecdsa``'s
  codec) and "raw" (r || s, each nsize bytes).
- Keys: ``mpcrypto.ec.ec`` private/public key objects (so the point validation of
  ``ec.from_encoded_point`` applies). The curve is the key's: normally ``curves.SM2``; any
  short-Weierstrass curve works (the tests run the GB/T 32918.2 Annex A example on its
  Fp-256 test curve). A private key d = n - 1 cannot sign (1 + d = 0 mod n; GB/T 32918.1
  §6.1 takes d in [1, n-2]): ValueError.

Lower level (known-answer tests use these directly): ``za_of(curve, x, y, uid)``,
``e_of(za_bytes, data)``, ``sign_with_k(ctx, curve, d, e, k)``, ``verify_e(ctx, curve, x, y,
e, r, s)``, where ``ctx`` is the curve's ``ec_weierstrass`` arithmetic context.

Constant time: k and d stay nsize big-endian bytes (the key object's ``_db``, the draw of
``ec.random_scalar``); [k]G is the backend's regular comb (``mul_base``) and
s = (1 + d)^-1 (k - r d) mod n its ``sm2_s``, one field program on limbs in the viper
backend (Fermat inversion); the checks on k and d compare bytes (``_ct``). With the portable
backend the same values meet big-int arithmetic, which MicroPython does not promise
constant time (see ``weierstrass_python``). The retry loop depends only on rejected values. Verification handles public data and is variable time
(``mul2``, the twin multiplication).

Allocation: SM3 of ZA and of ZA || M (a copy of the message is not made: the hash is fed in
two updates); the big-int arithmetic of one scalar multiplication dominates.
"""

from mpcrypto._ct import ct_eq as _ct_eq
from mpcrypto._util import as_bytes as _bytes, resolve_rng as _resolve_rng
from mpcrypto.ec import ec as _ec
from mpcrypto.ec import ecdsa as _ecdsa
from mpcrypto.exceptions import InvalidSignature
from mpcrypto.hash.sm3 import sm3

DEFAULT_UID = b"1234567812345678"


def _uid(uid):
    uid = _bytes(uid)
    if len(uid) > 8191:
        raise ValueError("uid too long")  # ENTL is 16 bits
    return uid


def za_of(curve, x, y, uid):
    """ZA (GB/T 32918.2 §5.5) for the public point (x, y) on ``curve`` and identifier bytes
    ``uid`` (trusted: at most 8191 bytes)."""
    size = curve.size
    p = curve.p
    entl = len(uid) * 8
    h = sm3(bytes((entl >> 8, entl & 0xFF)))
    h.update(uid)
    h.update((curve.a % p).to_bytes(size, "big"))
    h.update(curve.b.to_bytes(size, "big"))
    h.update(curve.G[0].to_bytes(size, "big"))
    h.update(curve.G[1].to_bytes(size, "big"))
    h.update(x.to_bytes(size, "big"))
    h.update(y.to_bytes(size, "big"))
    return h.digest()


def e_of(zab, data):
    """e = SM3(ZA || M) as an integer (§6.1 A1-A2)."""
    h = sm3(zab)
    h.update(data)
    return int.from_bytes(h.digest(), "big")


def za(public_key, uid=DEFAULT_UID):
    """ZA of ``public_key`` (an ``ec`` public key) for identifier ``uid`` (bytes)."""
    if not isinstance(public_key, _ec.EllipticCurvePublicKey):
        raise TypeError("public key required")
    return za_of(public_key.curve, public_key.x, public_key.y, _uid(uid))


def sign_with_k(ctx, curve, d, e, k):
    """§6.1 A4-A6 for nonce k in [1, n-1]: (r, s), or None when k must be redrawn
    (r = 0, r + k = n, or s = 0). d in [1, n-2]. k and d: nsize big-endian bytes (or ints);
    s = (1 + d)^-1 (k - r d) mod n is the backend's ``sm2_s`` (on limbs in the viper
    backend), and r + k = n is tested as k = n - r on bytes."""
    n = curve.n
    nsz = curve.nsize
    if isinstance(k, int):
        k = k.to_bytes(nsz, "big")
    P = ctx.mul_base(k)
    if P is None:
        return None
    r = (e + P[0]) % n
    if r == 0 or _ct_eq(k, (n - r).to_bytes(nsz, "big")):
        return None
    s = int.from_bytes(ctx.sm2_s(k, d, r), "big")  # public from here on
    if s == 0:
        return None
    return r, s


def verify_e(ctx, curve, x, y, e, r, s):
    """§7.1 B1, B2, B5-B7 for public point (x, y) and e = SM3(ZA || M); raises
    InvalidSignature unless (r, s) is valid."""
    n = curve.n
    if not (0 < r < n and 0 < s < n):
        raise InvalidSignature("r or s out of range")
    t = (r + s) % n
    if t == 0:
        raise InvalidSignature("t = 0")
    P = ctx.mul2(s, t, x, y)
    if P is None or (e + P[0]) % n != r:
        raise InvalidSignature("bad signature")


def _sign_loop(ctx, curve, d, e, rng):
    # Fresh k until (r, s) is acceptable (GB/T 32918.2 §6.1 steps A3-A6).
    while True:
        rs = sign_with_k(ctx, curve, d, e, _ec.random_scalar(curve, rng))
        if rs is not None:
            return rs


def sign(private_key, data, uid=DEFAULT_UID, rng=None, encoding="der"):
    """SM2 signature of ``data`` (bytes-like) by ``private_key`` (an ``ec`` private key) with
    identifier ``uid``. ``rng(nbytes) -> bytes`` supplies k (default ``os.urandom``).
    ``encoding``: "der" (default) or "raw" (r || s)."""
    if not isinstance(private_key, _ec.EllipticCurvePrivateKey):
        raise TypeError("private key required")
    if encoding not in ("der", "raw"):
        raise ValueError("encoding")
    uid = _uid(uid)
    data = _bytes(data)
    c = private_key.curve
    d = private_key._db
    if _ct_eq(d, (c.n - 1).to_bytes(c.nsize, "big")):
        raise ValueError("private value out of range")
    rng = _resolve_rng(rng)  # after the arguments are validated
    pub = private_key.public_key()
    e = e_of(za_of(c, pub.x, pub.y, uid), data)
    rs = _ec._run(c, _sign_loop, c, d, e, rng)
    if encoding == "raw":
        return _ecdsa.encode_raw(rs[0], rs[1], c.nsize)
    return _ecdsa.encode_der(rs[0], rs[1])


def verify(public_key, signature, data, uid=DEFAULT_UID, encoding="der"):
    """Raise InvalidSignature unless ``signature`` is a valid SM2 signature of ``data`` by
    ``public_key`` (an ``ec`` public key) with identifier ``uid``. Variable time."""
    if not isinstance(public_key, _ec.EllipticCurvePublicKey):
        raise TypeError("public key required")
    uid = _uid(uid)
    data = _bytes(data)
    try:
        sig = _bytes(signature)
    except TypeError:
        raise InvalidSignature("signature must be bytes")
    c = public_key.curve
    if encoding == "der":
        r, s = _ecdsa.decode_der(sig)
    elif encoding == "raw":
        r, s = _ecdsa.decode_raw(sig, c.nsize)
    else:
        raise ValueError("encoding")
    e = e_of(za_of(c, public_key.x, public_key.y, uid), data)
    _ec._run(c, verify_e, c, public_key.x, public_key.y, e, r, s)
