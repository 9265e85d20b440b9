"""Ed25519 signatures (RFC 8032 §5.1), shaped like pyca's ``ed25519`` module.

    from mpcrypto.ec.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
    priv = Ed25519PrivateKey.generate()             # rng=callable(nbytes) -> bytes
    sig = priv.sign(data)                           # 64 bytes, deterministic
    pub = priv.public_key()
    pub.verify(sig, data)                           # raises InvalidSignature
    Ed25519PrivateKey.from_private_bytes(seed32).private_bytes_raw()
    Ed25519PublicKey.from_public_bytes(b32).public_bytes_raw()

Pure Ed25519 (no context, no pre-hash), hash SHA-512. 32-byte keys, 64-byte signatures.
The contract (strict decoding, small-order keys and R refused, S < L, the cofactorless
equation checked by encoding), constant time and backends: ``mpcrypto.ec.eddsa``.
"""

from mpcrypto.ec import curves as _curves
from mpcrypto.ec.eddsa import EdPrivateKey, EdPublicKey, backends  # noqa: F401
from mpcrypto.hash.sha512 import sha512 as _SHA512

_sha512 = _SHA512.oneshot  # RFC 8032 §5.1: H is SHA-512, each message hashed once


class Ed25519PublicKey(EdPublicKey):
    """An Ed25519 public key (a validated point, 32-byte encoding)."""
    _curve = _curves.EDWARDS25519
    _hash = staticmethod(_sha512)

    def verify(self, signature, data):
        """Raise InvalidSignature unless ``signature`` (64 bytes) signs ``data``."""
        self._verify(signature, data, b"")


class Ed25519PrivateKey(EdPrivateKey):
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
        return bytes(b)

    def sign(self, data):
        """The 64-byte signature R || S of ``data`` (deterministic)."""
        return self._sign(data, b"")
