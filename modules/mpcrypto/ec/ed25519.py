"""Ed25519 signatures (RFC 8032 §5.1), shaped like pyca's ``ed25519`` module.

    from mpcrypto.ec.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
    priv = Ed25519PrivateKey.generate()             # rng=callable(nbytes) -> bytes
    sig = priv.sign(data)                           # 64 bytes, deterministic
    pub = priv.public_key()
    pub.verify(sig, data)                           # raises InvalidSignature
    Ed25519PrivateKey.from_private_bytes(seed32).private_bytes_raw()
    Ed25519PublicKey.from_public_bytes(b32).public_bytes_raw()

Pure Ed25519 (no context, no pre-hash). Keys: exactly 32 bytes of any buffer type, else
ValueError; ``str``/``None``/``int`` raise TypeError. ``from_public_bytes`` decodes the point
strictly (RFC 8032 §5.1.3): ValueError when y >= p, when x has no square root, or when
x = 0 with the sign bit set (a non-canonical encoding).

Verification (RFC 8032 §5.1.7), strict: a signature that is not 64 bytes, or whose S is
>= L, raises InvalidSignature; k = SHA-512(R || A || M) is reduced mod L (as RFC 8032 §5.1.6
and ref10 do); the cofactorless equation [S]B = R + [k]A is checked by encoding
[S]B - [k]A and comparing it with the 32 bytes of R, so an R that is not the canonical
encoding of a point (y >= p, x = 0 with sign bit 1, no root) never verifies.

Constant time: signing and public_key use the backend's regular comb for the secret
scalars (see ``edwards_viper`` / ``edwards_python``); the SHA-512 inputs are secret but processed with a fixed
pattern; r + k*s mod L is big-int arithmetic (not constant time in MicroPython).
Verification handles public data and is variable time.

Backends: seam primitive "ec_edwards" (``backends()``): ``edwards_viper`` (the limb kernels,
no allocation per field operation) and
``edwards_python`` (built-in integers). ``ed448`` shares this code with its own curve and hash.
"""

from mpcrypto import _backend
from mpcrypto._util import as_bytes as _buf, resolve_rng, sized_bytes as _sized
from mpcrypto.ec import curves as _curves
from mpcrypto.exceptions import InvalidSignature

_PRIM = "ec_edwards"
_CHAIN = (("viper", "mpcrypto.ec.edwards_viper"), ("python", "mpcrypto.ec.edwards_python"))


def backends():
    return _backend.available(_PRIM, _CHAIN)


def _arith(curve):
    # The selected backend's context for this curve (comb tables), built once.
    return _backend.context(_PRIM, _CHAIN, curve)




class _EdPublic:
    _curve = None

    def __init__(self, enc, point):
        self._enc = enc
        self._pt = point

    @classmethod
    def from_public_bytes(cls, data):
        data = _sized(data, cls._curve.size)
        P = _arith(cls._curve).decode(data)
        if P is None:
            raise ValueError("invalid public key")
        return cls(data, P)

    def public_bytes_raw(self):
        return self._enc

    def __eq__(self, other):
        return type(other) is type(self) and other._enc == self._enc

    def _verify(self, signature, data, dom):
        c = self._curve
        size = c.size
        data = _buf(data)
        sig = _buf(signature)
        if len(sig) != 2 * size:
            raise InvalidSignature("bad signature length")
        L = c.n
        S = int.from_bytes(sig[size:], "little")
        if S >= L:
            raise InvalidSignature("S out of range")
        Rb = sig[:size]
        k = int.from_bytes(self._hash(dom + Rb + self._enc + data), "little") % L
        ar = _arith(c)
        if ar.encode(ar.mul2(S, k, ar.neg(self._pt))) != Rb:
            raise InvalidSignature("bad signature")


class _EdPrivate:
    _curve = None
    _public = None

    def __init__(self, seed):
        self._seed = seed
        h = self._hash(seed)
        size = self._curve.size
        self._s = self._clamp(bytearray(h[:size]))
        self._prefix = h[size:]
        self._pub = None

    @classmethod
    def from_private_bytes(cls, data):
        return cls(_sized(data, cls._curve.size))

    @classmethod
    def generate(cls, rng=None):
        """A new key: ``size`` bytes from ``rng`` (default os.urandom)."""
        rng = resolve_rng(rng)
        size = cls._curve.size
        seed = rng(size)
        if len(seed) != size:
            raise ValueError("rng returned wrong length")
        return cls(bytes(seed))

    def private_bytes_raw(self):
        return self._seed

    def public_key(self):
        """A = [s]B (regular comb; cached)."""
        if self._pub is None:
            c = self._curve
            ar = _arith(c)
            P = ar.mul_base(self._s % c.n)
            self._pub = self._public(ar.encode(P), P)
        return self._pub

    def _sign(self, data, dom):
        # RFC 8032 §5.1.6 / §5.2.6.
        c = self._curve
        L = c.n
        data = _buf(data)
        A = self.public_key()._enc
        ar = _arith(c)
        r = int.from_bytes(self._hash(dom + self._prefix + data), "little") % L
        Rb = ar.encode(ar.mul_base(r))
        k = int.from_bytes(self._hash(dom + Rb + A + data), "little") % L
        S = (r + k * self._s) % L
        return Rb + S.to_bytes(c.size, "little")


def _sha512(data):
    from mpcrypto.hash.sha512 import sha512

    return sha512(data).digest()


class Ed25519PublicKey(_EdPublic):
    """An Ed25519 public key (a validated point, 32-byte encoding)."""
    _curve = _curves.EDWARDS25519
    _hash = staticmethod(_sha512)

    def verify(self, signature, data):
        """Raise InvalidSignature unless ``signature`` (64 bytes) signs ``data``."""
        self._verify(signature, data, b"")


class Ed25519PrivateKey(_EdPrivate):
    """An Ed25519 private key: the 32-byte seed of RFC 8032 §5.1.5."""
    _curve = _curves.EDWARDS25519
    _public = Ed25519PublicKey
    _hash = staticmethod(_sha512)

    @staticmethod
    def _clamp(b):
        # RFC 8032 §5.1.5 step 2.
        b[0] &= 248
        b[31] &= 127
        b[31] |= 64
        return int.from_bytes(b, "little")

    def sign(self, data):
        """The 64-byte signature R || S of ``data`` (deterministic)."""
        return self._sign(data, b"")
