"""Hash names: the one table that turns a name into one of our hash classes.

::

    from mpcrypto.hash.names import hash_class
    hash_class("SHA-256")          # -> mpcrypto.hash.sha256.sha256
    hash_class(sha256)             # a class is returned as it is

``hash_class(hashalg)`` is what HMAC (``digestmod``), ECDSA and SM2 (``hashalg``) accept:

- a name, compared case-insensitively with ``-``, ``_`` and ``/`` ignored: ``"md5"``,
  ``"sha1"``, ``"sha224"``,
  ``"sha256"``, ``"sha384"``, ``"sha512"``, ``"sha512_224"``, ``"sha512_256"``, ``"sm3"``,
  ``"sha3_224"``, ``"sha3_256"``, ``"sha3_384"``, ``"sha3_512"`` (so ``"SHA-256"``,
  ``"sha512/256"``, ``"SHA-512/224"`` and ``"SHA3-256"`` work too). The module holding
  the class is imported on first use, so a firmware carries only the hashes it freezes.
  An unknown name raises ``UnsupportedAlgorithm``.
- a hash class (anything with an int ``digest_size`` > 0 and ``block_size`` > 0, such as
  ``mpcrypto.hash.sha256.sha256``): returned as it is.
- anything else raises ``TypeError``: ``None``, an object without those attributes, and an
  extendable-output function (``shake_128`` / ``shake_256``, ``digest_size`` 0): an XOF has
  no fixed digest, so it is not a hash for HMAC or a signature.
"""

from mpcrypto.exceptions import UnsupportedAlgorithm

_NAMES = {
    "md5": ("mpcrypto.hash.md5", "md5"),
    "sha1": ("mpcrypto.hash.sha1", "sha1"),
    "sha224": ("mpcrypto.hash.sha256", "sha224"),
    "sha256": ("mpcrypto.hash.sha256", "sha256"),
    "sha384": ("mpcrypto.hash.sha512", "sha384"),
    "sha512": ("mpcrypto.hash.sha512", "sha512"),
    "sha512224": ("mpcrypto.hash.sha512", "sha512_224"),
    "sha512256": ("mpcrypto.hash.sha512", "sha512_256"),
    "sm3": ("mpcrypto.hash.sm3", "sm3"),
    "sha3224": ("mpcrypto.hash.sha3", "sha3_224"),
    "sha3256": ("mpcrypto.hash.sha3", "sha3_256"),
    "sha3384": ("mpcrypto.hash.sha3", "sha3_384"),
    "sha3512": ("mpcrypto.hash.sha3", "sha3_512"),
}


_SEEN = {}  # names already resolved (as given) -> class: signing names its hash per call


def hash_class(hashalg):
    """Our hash class for a name or a hash class (see the module docstring)."""
    if isinstance(hashalg, str):
        cls = _SEEN.get(hashalg)
        if cls is not None:
            return cls
        spec = _NAMES.get(hashalg.lower().replace("-", "").replace("_", "").replace("/", ""))
        if spec is None:
            raise UnsupportedAlgorithm("hash " + hashalg)
        mod = __import__(spec[0], None, None, (spec[1],))
        cls = _SEEN[hashalg] = getattr(mod, spec[1])
        return cls
    ds = getattr(hashalg, "digest_size", None)
    bs = getattr(hashalg, "block_size", None)
    if type(ds) is not int or type(bs) is not int or bs <= 0:
        raise TypeError("hash name or class required")
    if ds <= 0:
        raise TypeError("XOF is not a hash")
    return hashalg
