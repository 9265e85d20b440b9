"""X25519 key agreement (RFC 7748 §5, §6.1), shaped like pyca's ``x25519`` module.

    from mpcrypto.ec.x25519 import X25519PrivateKey, X25519PublicKey
    priv = X25519PrivateKey.generate()              # rng=callable(nbytes) -> bytes
    pub = priv.public_key()                         # X25519PublicKey
    shared = priv.exchange(peer_pub)                # 32 bytes
    X25519PrivateKey.from_private_bytes(b32).private_bytes_raw()
    X25519PublicKey.from_public_bytes(b32).public_bytes_raw()

32-byte keys. The contract (any 32 bytes are a key; ValueError for wrong lengths and an
all-zero shared secret, TypeError for non-buffers), constant time and backends:
``mpcrypto.ec.xdh``.
"""

from mpcrypto.ec import curves as _curves
from mpcrypto.ec.xdh import XPrivateKey, XPublicKey, backends  # noqa: F401


class X25519PublicKey(XPublicKey):
    """An X25519 public key: a 32-byte little-endian u-coordinate."""
    _curve = _curves.CURVE25519


class X25519PrivateKey(XPrivateKey):
    """An X25519 private key: 32 bytes, clamped when used."""
    _curve = _curves.CURVE25519
    _public = X25519PublicKey
