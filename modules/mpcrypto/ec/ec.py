"""Elliptic-curve keys on short-Weierstrass curves: ECDH and ECDSA, shaped like pyca.

    from mpcrypto.ec import ec
    priv = ec.generate_private_key("secp256r1")        # rng=callable(nbytes) -> bytes
    pub = priv.public_key()
    shared = priv.exchange(peer_pub)                   # ECDH: x coordinate, fixed length
    sig = priv.sign(data, hashalg="sha256")            # DER; encoding="raw" for r||s
    pub.verify(sig, data, hashalg="sha256")            # raises InvalidSignature
    pub.public_bytes(compressed=False)                 # SEC 1 §2.3.3: 04||X||Y or 02/03||X
    pub = ec.from_encoded_point("secp256r1", data)     # SEC 1 §2.3.4 + validation
    priv = ec.derive_private_key(d, "secp256r1")       # or private_key_from_bytes(curve, b)

Curves: every ``mpcrypto.ec.curves.WEIERSTRASS`` curve, by name or object.

Validation (ValueError): private scalars outside 1..n-1; encoded points with a bad prefix or
length, the infinity encoding (00), coordinates >= p, points not on the curve, points
outside the subgroup of order n when the cofactor h > 1 (SEC 1 §3.2.2.1), compressed x with
no square root. Wrong argument types raise TypeError. Signatures: any malformed, out of range
or wrong signature raises InvalidSignature (never ValueError).

Randomness: ``rng`` is a callable ``rng(nbytes) -> bytes``; default ``os.urandom``. Without
an entropy source, key generation and hedged signing raise UnsupportedAlgorithm (there is
no fallback to ``random``). Deterministic ECDSA (RFC 6979, the default) needs no rng;
``deterministic=False`` mixes rng bytes into the RFC 6979 generator (hedged, §3.6).

Backends: seam primitive "ec_weierstrass" (``backends()``): on Cortex-M4/M7/M55/M85,
``weierstrass_thumb`` (P-256's k*P and k*G as one generated Thumb-2 call each, every other
curve on ``weierstrass_viper``); ``weierstrass_viper`` (16-bit
limbs in generated viper field kernels, no allocation per field operation, constant-time
field arithmetic) where the port has native emitters, else the portable ``weierstrass_python``
(built-in integers). One arithmetic context per (backend, curve) is cached, holding the
base-point tables.

Constant time: private-key operations (public_key, exchange, sign) use the backend's
regular scalar multiplication, with no branch or table index on secret bits. The key object
converts d to nsize big-endian bytes once, when it is built; from there the viper backend
never makes a Python integer of a secret (on a 32-bit port an integer of 2**30 or more is a
heap object whose cost depends on its value): scalars meet the limbs as bytes, and ECDH
returns the shared x as bytes straight from the limbs. host_tests/test_constant_time.py
measures this on an emulated Cortex-M4. The portable backend computes with big integers,
which MicroPython does not make constant time (see ``weierstrass_python``). Key generation
rejects out-of-range draws on bytes (the retry count depends on discarded values only).
Verification and point decoding handle public data and are variable time.
"""

from mpcrypto import _backend
from mpcrypto._ct import ct_in_range as _ct_in_range
from mpcrypto._util import as_bytes as _bytes, digest as _digest, resolve_rng as _default_rng
from mpcrypto.ec import curves as _curves
from mpcrypto.exceptions import UnsupportedAlgorithm

_PRIM = "ec_weierstrass"
_CHAIN = (
    ("thumb", "mpcrypto.ec.weierstrass_thumb", "umaal"),
    ("viper64", "mpcrypto.ec.weierstrass_viper64", None),
    ("viper", "mpcrypto.ec.weierstrass_viper", None),
    ("python", "mpcrypto.ec.weierstrass_python", None),
)

# backends(): the usable backend names; _arith(curve): the selected backend's context for this
# curve (base-point tables), built once; _run(curve, fn, *args): fn(context, *args) (or
# context.fn(*args) for a method name) through the seam, which drops the cached contexts and
# retries once on MemoryError (the run of _backend.bind).
backends, _arith, _run = _backend.bind(_PRIM, _CHAIN)


def _curve(curve):
    c = _curves.get(curve)
    if not isinstance(c, _curves.Weierstrass):
        raise UnsupportedAlgorithm("not a Weierstrass curve")
    return c


def _sqrt(a, p):
    # Square root mod an odd prime p (public data, variable time). None if a is a non-residue.
    a %= p
    if a == 0:
        return 0
    if pow(a, (p - 1) >> 1, p) != 1:
        return None
    if p & 3 == 3:
        return pow(a, (p + 1) >> 2, p)
    # Tonelli-Shanks (p = 1 mod 4: secp224r1 has p - 1 = 2^96 * q, secp224k1 p = 5 mod 8).
    q, s = p - 1, 0
    while q & 1 == 0:
        q >>= 1
        s += 1
    z = 2
    while pow(z, (p - 1) >> 1, p) != p - 1:
        z += 1
    m, c, t, r = s, pow(z, q, p), pow(a, q, p), pow(a, (q + 1) >> 1, p)
    while t != 1:
        i, t2 = 0, t
        while t2 != 1:
            t2 = t2 * t2 % p
            i += 1
        b = pow(c, 1 << (m - i - 1), p)
        m, c, t, r = i, b * b % p, t * b * b % p, r * b % p
    return r


class EllipticCurvePublicKey:
    """A validated public point (x, y) on ``curve``. Build it with ``from_encoded_point`` or
    ``from_public_numbers``; ``private_key.public_key()``."""

    def __init__(self, curve, x, y, _checked=False):
        if not _checked:
            _validate(curve, x, y)
        self.curve = curve
        self.x = x
        self.y = y

    @classmethod
    def from_encoded_point(cls, curve, data):
        return from_encoded_point(curve, data)

    def public_bytes(self, compressed=False):
        """SEC 1 §2.3.3 encoding: 04||X||Y, or 02/03||X (parity of y) when compressed."""
        size = self.curve.size
        xb = self.x.to_bytes(size, "big")
        if compressed:
            return bytes((2 + (self.y & 1),)) + xb
        return b"\x04" + xb + self.y.to_bytes(size, "big")

    def verify(self, signature, data, hashalg="sha256", encoding="der"):
        """Raise InvalidSignature unless ``signature`` is a valid ECDSA signature of
        ``data`` (hashed with ``hashalg``). ``encoding``: "der" or "raw" (r||s). Variable
        time (public data)."""
        from mpcrypto.ec import ecdsa
        from mpcrypto.exceptions import InvalidSignature

        hashcls = ecdsa.hash_class(hashalg)
        data = _bytes(data)
        try:
            sig = _bytes(signature)
        except TypeError:
            raise InvalidSignature("signature must be bytes")
        if encoding == "der":
            r, s = ecdsa.decode_der(sig)
        elif encoding == "raw":
            r, s = ecdsa.decode_raw(sig, self.curve.nsize)
        else:
            raise ValueError("encoding")
        c = self.curve
        _run(c, ecdsa.verify_digest, c, self.x, self.y, _digest(hashcls, data), r, s)

    def __eq__(self, other):
        return (isinstance(other, EllipticCurvePublicKey) and other.curve.name == self.curve.name
                and other.x == self.x and other.y == self.y)


def _validate(curve, x, y):
    # SEC 1 §3.2.2.1 (public key validation) for a point given as integers.
    p = curve.p
    if not (isinstance(x, int) and isinstance(y, int)):
        raise TypeError("coordinates must be int")
    if not (0 <= x < p and 0 <= y < p):
        raise ValueError("coordinate out of range")
    if (y * y - (x * x * x + curve.a * x + curve.b)) % p:
        raise ValueError("point not on curve")
    if curve.h != 1 and _run(curve, "mul", curve.n, x, y) is not None:
        raise ValueError("point not in subgroup")


def from_public_numbers(curve, x, y):
    """A public key from affine coordinates; validated (ValueError if invalid)."""
    return EllipticCurvePublicKey(_curve(curve), x, y)


def from_encoded_point(curve, data):
    """Decode and validate a SEC 1 §2.3.4 point (uncompressed or compressed). ValueError for
    a bad prefix or length, the point at infinity, x or y >= p, a point not on the curve
    or outside the subgroup."""
    c = _curve(curve)
    data = _bytes(data)
    size = c.size
    if not data:
        raise ValueError("empty point")
    pre = data[0]
    p = c.p
    if pre == 4:
        if len(data) != 1 + 2 * size:
            raise ValueError("bad point length")
        x = int.from_bytes(data[1:1 + size], "big")
        y = int.from_bytes(data[1 + size:], "big")
    elif pre == 2 or pre == 3:
        if len(data) != 1 + size:
            raise ValueError("bad point length")
        x = int.from_bytes(data[1:], "big")
        if x >= p:
            raise ValueError("coordinate out of range")
        y = _sqrt(x * x * x + c.a * x + c.b, p)
        if y is None:
            raise ValueError("point not on curve")
        if y & 1 != pre & 1:
            y = p - y
            if y == p:
                raise ValueError("point not on curve")
    elif pre == 0:
        raise ValueError("point at infinity")
    else:
        raise ValueError("bad point prefix")
    return EllipticCurvePublicKey(c, x, y)


class EllipticCurvePrivateKey:
    """A private scalar d in [1, n-1] on ``curve``. Build it with ``generate_private_key``,
    ``derive_private_key`` or ``private_key_from_bytes``."""

    def __init__(self, curve, d):
        if not isinstance(d, int):
            raise TypeError("private value must be int")
        if not 0 < d < curve.n:
            raise ValueError("private value out of range")
        self.curve = curve
        self._d = d
        # The operations take the scalar as nsize big-endian bytes, so that no Python
        # integer is made of it on their way (see the module docstring, constant time).
        self._db = d.to_bytes(curve.nsize, "big")
        self._pub = None

    @property
    def private_value(self):
        return self._d

    def private_bytes(self):
        """d as nsize big-endian bytes."""
        return self._db

    def public_key(self):
        """d*G (regular comb, cached)."""
        if self._pub is None:
            c = self.curve
            P = _run(c, "mul_base", self._db)
            self._pub = EllipticCurvePublicKey(c, P[0], P[1], _checked=True)
        return self._pub

    def exchange(self, peer_public_key):
        """ECDH (SEC 1 §3.3.1): the x coordinate of d*Q as ``curve.size`` bytes. The peer key
        was validated when it was built. ValueError for another curve or an infinite
        result (impossible for a valid peer key on these prime-order curves)."""
        if not isinstance(peer_public_key, EllipticCurvePublicKey):
            raise TypeError("public key required")
        c = self.curve
        if peer_public_key.curve.name != c.name:
            raise ValueError("curve mismatch")
        S = _run(c, "ecdh", self._db, peer_public_key.x, peer_public_key.y)
        if S is None:
            raise ValueError("shared point at infinity")
        return S

    def sign(self, data, hashalg="sha256", deterministic=True, encoding="der", rng=None):
        """ECDSA signature of ``data`` hashed with ``hashalg``. RFC 6979 nonces; with
        deterministic=False, ``rng`` bytes are mixed in (RFC 6979 §3.6). ``encoding``:
        "der" (default) or "raw" (r||s, 2*nsize bytes)."""
        from mpcrypto.ec import ecdsa

        hashcls = ecdsa.hash_class(hashalg)
        if encoding not in ("der", "raw"):
            raise ValueError("encoding")
        digest = _digest(hashcls, _bytes(data))
        c = self.curve
        extra = None
        if not deterministic:
            extra = _default_rng(rng)(c.nsize)
        r, s = _run(c, ecdsa.sign_digest, c, self._db, digest, hashcls, extra)
        if encoding == "raw":
            return ecdsa.encode_raw(r, s, c.nsize)
        return ecdsa.encode_der(r, s, c.nsize)


def derive_private_key(private_value, curve):
    """The private key with scalar ``private_value`` (int in 1..n-1, else ValueError)."""
    return EllipticCurvePrivateKey(_curve(curve), private_value)


def private_key_from_bytes(curve, data):
    """The private key whose scalar is ``data`` (exactly nsize big-endian bytes)."""
    c = _curve(curve)
    data = _bytes(data)
    if len(data) != c.nsize:
        raise ValueError("bad private key length")
    return EllipticCurvePrivateKey(c, int.from_bytes(data, "big"))


def random_scalar(curve, rng):
    """A scalar uniform in [1, n-1] as nsize big-endian bytes, by rejection sampling
    (FIPS 186-5 A.2.2) over ``rng(nsize)`` bytes with the bits above nbits cleared; ``rng``
    a callable (see ``resolve_rng``). The range check is on bytes (``_ct.ct_in_range``), and
    the retry count depends on discarded draws only."""
    nb = curve.nsize
    extra = nb * 8 - curve.nbits
    n = curve.n.to_bytes(nb, "big")
    for _ in range(1000):
        b = bytearray(rng(nb))
        if len(b) != nb:
            raise ValueError("rng returned wrong length")
        b[0] &= 0xFF >> extra
        if _ct_in_range(b, n):
            return bytes(b)
    raise ValueError("rng output unusable")


def generate_private_key(curve, rng=None):
    """A new private key: d uniform in [1, n-1] (``random_scalar``) from ``rng`` (default
    os.urandom)."""
    c = _curve(curve)
    return EllipticCurvePrivateKey(c, int.from_bytes(random_scalar(c, _default_rng(rng)), "big"))
