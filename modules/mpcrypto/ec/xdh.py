"""X25519 and X448 key agreement (RFC 7748 §5, §6): the key classes both share. Use it
through ``mpcrypto.ec.x25519`` and ``mpcrypto.ec.x448``, which give each class its curve.

Inputs: keys are exactly ``size`` bytes (ValueError otherwise) of any buffer type; ``str``,
``None`` and ``int`` raise TypeError. Any ``size``-byte string is a valid private key (it is
clamped when used, RFC 7748 §5) and a valid public key (u is read with the top bit masked
for X25519 and reduced mod p, as §5 requires: no point validation is defined for X25519 and
X448).

``exchange`` raises ValueError when the shared secret is all zeros (the peer sent a point
of small order), as pyca does and as RFC 7748 §6 allows ("MAY check").

Backends: seam primitive "ec_montgomery" (``backends()``): ``montgomery_thumb`` (Cortex-M4,
M7, M55, M85: the whole X25519 or X448 ladder as one Thumb-2 call, constant time),
``montgomery_viper`` (the §5 ladder on the limb engine: constant time, no
allocation per step) and ``montgomery_python``
(the same fixed ladder on built-in big integers; see that module for what they cannot
promise about timing).
"""

from mpcrypto import _backend
from mpcrypto._ct import ct_eq as _ct_eq
from mpcrypto._util import resolve_rng as _rng, sized_bytes as _bytes

_PRIM = "ec_montgomery"
_CHAIN = (("thumb", "mpcrypto.ec.montgomery_thumb", "umaal"), ("viper", "mpcrypto.ec.montgomery_viper", None),
          ("python", "mpcrypto.ec.montgomery_python", None))

# backends(): the usable backend names; _ladder(curve): the selected backend's ladder for this
# curve, built once; _run(curve, "x", k, u): X(k, u) on it (rebuilt after the seam drops
# cached contexts on MemoryError).
backends, _ladder, _run = _backend.bind(_PRIM, _CHAIN)


class XPublicKey:
    """An X25519/X448 public key: a u-coordinate of ``size`` bytes. A subclass sets
    ``_curve``."""
    _curve = None

    def __init__(self, u):
        self._u = u

    @classmethod
    def from_public_bytes(cls, data):
        return cls(_bytes(data, cls._curve.size))

    def public_bytes_raw(self):
        return self._u

    def __eq__(self, other):
        return type(other) is type(self) and other._u == self._u


class XPrivateKey:
    """An X25519/X448 private key of ``size`` bytes, clamped when used. A subclass sets
    ``_curve`` and ``_public`` (its public-key class)."""
    _curve = None
    _public = None

    def __init__(self, k):
        self._k = k
        self._pub = None

    @classmethod
    def from_private_bytes(cls, data):
        return cls(_bytes(data, cls._curve.size))

    @classmethod
    def generate(cls, rng=None):
        """A new key of ``size`` bytes from ``rng`` (default os.urandom)."""
        size = cls._curve.size
        k = _rng(rng)(size)
        if len(k) != size:
            raise ValueError("rng returned wrong length")
        return cls(bytes(k))

    def private_bytes_raw(self):
        return self._k

    def public_key(self):
        """X(k, base point u) (cached)."""
        if self._pub is None:
            c = self._curve
            self._pub = self._public(_run(c, "x", self._k, c.G[0].to_bytes(c.size, "little")))
        return self._pub

    def exchange(self, peer_public_key):
        """X(k, peer u). ValueError if the result is all zeros (small-order peer point)."""
        if not isinstance(peer_public_key, self._public):
            raise TypeError("peer key of the same curve required")
        out = _run(self._curve, _shared, self._k, peer_public_key._u)
        if out is None:
            raise ValueError("all-zero shared secret")
        return out


def _shared(ctx, k, u):
    # X(k, u), or None when it is all zeros, without a comparison that stops early: the
    # backend's own test where it has one (the Thumb-2 ladder's flag), else ct_eq.
    f = getattr(ctx, "shared", None)
    if f is not None:
        return f(k, u)
    out = ctx.x(k, u)
    return None if _ct_eq(out, bytes(len(out))) else out
