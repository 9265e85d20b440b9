"""EdDSA (RFC 8032 §5.1, §5.2): the key classes that Ed25519 and Ed448 share. Use it through
``mpcrypto.ec.ed25519`` and ``mpcrypto.ec.ed448``, which give each class its curve, hash,
clamping and dom prefix; this module holds the algorithm.

Keys: exactly ``size`` bytes of any buffer type, else ValueError; ``str``/``None``/``int``
raise TypeError. ``from_public_bytes`` decodes the point strictly (RFC 8032 §5.1.3 / §5.2.3):
ValueError when y >= p, when x has no square root, or when x = 0 with the sign bit set
(a non-canonical encoding).

Small-order points: a public key of small order (one of the h points whose order divides
the cofactor h, the identity included) raises ValueError, and a signature whose R is one
raises InvalidSignature, as libsodium does. RFC 8032 allows both, but then a signature with
S = 0 verifies for every message under such a key (the key "signs" everything), which no
user of a signature means. The encodings are curve data (``curves.Edwards.small``); since
decoding is strict, comparing canonical encodings is exact.

Verification (RFC 8032 §5.1.7 / §5.2.7), strict: a signature that is not ``2 size`` bytes,
or whose S is >= L, raises InvalidSignature; k = H(dom || R || A || M) is reduced mod L; the
cofactorless equation [S]B = R + [k]A is checked by encoding [S]B - [k]A and comparing it
with the bytes of R, so an R that is not the canonical encoding of a point never verifies.

Constant time (the viper backend, on a 32-bit core; measured by
host_tests/test_constant_time.py): the secret scalars s (clamped) and r = H(prefix || M) stay
bytes from the hash to the limbs. The backend reduces them mod L on limbs (``reduce``),
makes them odd and reads the comb's digits on bytes (``mul_base``), and computes
S = r + k s mod L on limbs (``sign_s``); only public values (R, A, k, S) become integers.
The portable backend does the same arithmetic on big integers, which MicroPython does not
make constant time. Verification handles public data and is variable time.

Backends: seam primitive "ec_edwards" (``backends()``): ``edwards_thumb`` (Cortex-M4, M7, M55,
M85: k*B and [s]B - [k]A each one Thumb-2 call; the comb constant time in k; Edwards448 goes
on to ``edwards_viper``), ``edwards_viper`` (the limb engine, no allocation per field
operation) and ``edwards_python`` (built-in integers).
"""

from mpcrypto import _backend
from mpcrypto._util import as_bytes, resolve_rng, sized_bytes
from mpcrypto.exceptions import InvalidSignature

_PRIM = "ec_edwards"
_CHAIN = (("thumb", "mpcrypto.ec.edwards_thumb", "umaal"), ("viper", "mpcrypto.ec.edwards_viper", None),
          ("python", "mpcrypto.ec.edwards_python", None))

# backends(): the usable backend names; _arith(curve): the selected backend's context for this
# curve (comb tables), built once; _run(curve, fn, *args): fn(context, *args) (or
# context.fn(*args) for a method name) on it; the seam drops the cached contexts and retries
# once on MemoryError (the run of _backend.bind).
backends, _arith, _run = _backend.bind(_PRIM, _CHAIN)


def _check(ar, S, h, A):
    # encode([S]B - [k]A) for k = h mod L (the backend's reduce), the point an RFC 8032
    # verifier compares with R.
    k = int.from_bytes(ar.reduce(h), "big")
    return ar.encode(ar.mul2(S, k, ar.neg(A)))


def _public(ar, key):
    # (encoding of A = [s]B, A)
    P = ar.mul_base(key._scalar(ar))
    return ar.encode(P), P


def _sign(ar, key, data, dom, A):
    # RFC 8032 §5.1.6 / §5.2.6 steps 2-5, given the public encoding A.
    r = ar.reduce(key._hash(dom + key._prefix + data))
    Rb = ar.encode(ar.mul_base(r))
    k = int.from_bytes(ar.reduce(key._hash(dom + Rb + A + data)), "big")
    return Rb + ar.sign_s(r, k, key._scalar(ar))


class EdPublicKey:
    """An EdDSA public key: a validated point and its encoding. A subclass sets ``_curve``
    and ``_hash`` (bytes -> 2 size bytes of digest)."""
    _curve = None

    def __init__(self, enc, point):
        self._enc = enc
        self._pt = point

    @classmethod
    def from_public_bytes(cls, data):
        c = cls._curve
        data = sized_bytes(data, c.size)
        P = _run(c, "decode", data)
        if P is None:
            raise ValueError("invalid public key")
        if data in c.small:
            raise ValueError("small-order public key")
        return cls(data, P)

    def public_bytes_raw(self):
        return self._enc

    def __eq__(self, other):
        return type(other) is type(self) and other._enc == self._enc

    def _verify(self, signature, data, dom):
        c = self._curve
        size = c.size
        data = as_bytes(data)
        sig = as_bytes(signature)
        if len(sig) != 2 * size:
            raise InvalidSignature("bad signature length")
        L = c.n
        S = int.from_bytes(sig[size:], "little")
        if S >= L:
            raise InvalidSignature("S out of range")
        Rb = sig[:size]
        if Rb in c.small:
            raise InvalidSignature("small-order R")
        h = self._hash(dom + Rb + self._enc + data)
        if _run(c, _check, S, h, self._pt) != Rb:
            raise InvalidSignature("bad signature")


class EdPrivateKey:
    """An EdDSA private key: the seed of RFC 8032 §5.1.5 / §5.2.5. A subclass sets
    ``_curve``, ``_hash``, ``_public`` (its public-key class) and ``_clamp``."""
    _curve = None
    _public = None

    def __init__(self, seed):
        self._seed = seed
        h = self._hash(seed)
        size = self._curve.size
        self._sc = self._clamp(bytearray(h[:size]))  # the clamped scalar s, little-endian
        self._sr = None  # s mod L as big-endian bytes (the backend's ``reduce``), on first use
        self._prefix = h[size:]
        self._pub = None

    @classmethod
    def from_private_bytes(cls, data):
        return cls(sized_bytes(data, cls._curve.size))

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

    def _scalar(self, ar):
        if self._sr is None:
            self._sr = ar.reduce(self._sc)
        return self._sr

    def public_key(self):
        """A = [s]B (regular comb; cached)."""
        if self._pub is None:
            enc, P = _run(self._curve, _public, self)
            self._pub = self._public(enc, P)
        return self._pub

    def _sign(self, data, dom):
        # RFC 8032 §5.1.6 / §5.2.6. The secrets r and s stay bytes: the backend reduces the
        # hash mod L (``reduce``) and computes S = r + k s mod L (``sign_s``); k is public.
        data = as_bytes(data)
        A = self.public_key()._enc
        return _run(self._curve, _sign, self, data, dom, A)
