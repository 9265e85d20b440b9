"""HKDF (RFC 5869), shaped like pyca's ``cryptography.hazmat.primitives.kdf.hkdf``.

    from mpcrypto.kdf.hkdf import HKDF, HKDFExpand
    okm = HKDF("sha256", 42, salt, info).derive(ikm)     # extract then expand
    okm = HKDFExpand("sha256", 42, info).derive(prk)     # expand only (PRK already uniform)
    HKDF("sha256", 42, salt, info).verify(ikm, okm)      # raises InvalidKey on mismatch

``algorithm`` is any hash of ``mpcrypto.hash.names.hash_class`` (a name such as
``"sha256"``/``"SHA-1"``/``"sha3_256"``, or one of our hash classes); an XOF or anything else
is a TypeError, an unknown name UnsupportedAlgorithm. ``length`` is the output in bytes,
1 .. 255 * digest_size (RFC 5869 §2.3), else ValueError. ``salt`` None means HashLen zero
bytes (§2.2); ``info`` None means empty. Inputs are buffers read as their bytes (``_util``
rules: ``str``/``int`` are TypeError).

As in pyca, an object derives once: a second ``derive``/``verify`` raises
AlreadyFinalized. ``extract(algorithm, salt, ikm)`` and ``expand(algorithm, prk, info,
length)`` are the two steps as functions.

Constant time: HMAC over the inputs (see ``mac.hmac``); ``verify`` compares the whole
output with ``compare_digest``. Lengths are public.
"""

from mpcrypto._ct import compare_digest
from mpcrypto._util import as_bytes
from mpcrypto.exceptions import AlreadyFinalized, InvalidKey
from mpcrypto.hash.names import hash_class
from mpcrypto.mac import hmac


def _opt(x):
    return b"" if x is None else as_bytes(x)


def _length(cls, length):
    if type(length) is not int:
        raise TypeError("length must be int")
    if length < 1 or length > 255 * cls.digest_size:  # RFC 5869 §2.3: L <= 255*HashLen
        raise ValueError("bad HKDF length")
    return length


def extract(algorithm, salt, ikm):
    """RFC 5869 §2.2: PRK = HMAC-Hash(salt, IKM); salt None: HashLen zero bytes."""
    cls = hash_class(algorithm)
    salt = bytes(cls.digest_size) if salt is None else as_bytes(salt)
    return hmac.new(salt, as_bytes(ikm), cls).digest()


def expand(algorithm, prk, info, length):
    """RFC 5869 §2.3: T(i) = HMAC-Hash(PRK, T(i-1) | info | i), OKM = first L bytes."""
    cls = hash_class(algorithm)
    _length(cls, length)
    info = _opt(info)
    m = hmac.new(as_bytes(prk), None, cls)  # keyed once; _mac leaves it as it was
    # One block of whole T(i), filled in place, and the result: at the longest output
    # (255 blocks) two 16 KB blocks at most, not a growing buffer plus a slice of it.
    hl = cls.digest_size
    out = bytearray((length + hl - 1) // hl * hl)
    mv = memoryview(out)
    t = b""
    for i in range(1, len(out) // hl + 1):
        t = m._mac(t + info + bytes((i,)))
        mv[(i - 1) * hl:i * hl] = t
    return bytes(mv[:length])


class HKDF:
    """HKDF extract-then-expand (RFC 5869 §2). ``HKDF(algorithm, length, salt, info)``."""

    def __init__(self, algorithm, length, salt, info, backend=None):
        self._cls = hash_class(algorithm)
        self._len = _length(self._cls, length)
        self._salt = None if salt is None else as_bytes(salt)
        self._info = _opt(info)
        self._used = False

    def derive(self, key_material):
        if self._used:
            raise AlreadyFinalized("HKDF already used")
        ikm = as_bytes(key_material)
        self._used = True
        return expand(self._cls, extract(self._cls, self._salt, ikm), self._info, self._len)

    def verify(self, key_material, expected_key):
        if not compare_digest(self.derive(key_material), as_bytes(expected_key)):
            raise InvalidKey("keys do not match")


class HKDFExpand:
    """HKDF-Expand only (RFC 5869 §2.3). ``HKDFExpand(algorithm, length, info)``;
    ``derive(prk)``."""

    def __init__(self, algorithm, length, info, backend=None):
        self._cls = hash_class(algorithm)
        self._len = _length(self._cls, length)
        self._info = _opt(info)
        self._used = False

    def derive(self, key_material):
        if self._used:
            raise AlreadyFinalized("HKDF already used")
        prk = as_bytes(key_material)
        self._used = True
        return expand(self._cls, prk, self._info, self._len)

    def verify(self, key_material, expected_key):
        if not compare_digest(self.derive(key_material), as_bytes(expected_key)):
            raise InvalidKey("keys do not match")
