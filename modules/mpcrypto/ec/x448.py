"""X448 key agreement (RFC 7748 §5, §6.2), shaped like pyca's ``x448`` module.

    from mpcrypto.ec.x448 import X448PrivateKey, X448PublicKey
    priv = X448PrivateKey.generate()                # rng=callable(nbytes) -> bytes
    shared = priv.exchange(X448PublicKey.from_public_bytes(b56))   # 56 bytes

56-byte keys; a u-coordinate >= p is reduced mod p (RFC 7748 §5). The contract (ValueError
for wrong lengths and an all-zero shared secret, TypeError for non-buffers), constant time
and backends: ``mpcrypto.ec.xdh``.
"""

from mpcrypto.ec import curves as _curves
from mpcrypto.ec.xdh import XPrivateKey, XPublicKey, backends  # noqa: F401


class X448PublicKey(XPublicKey):
    """An X448 public key: a 56-byte little-endian u-coordinate."""
    _curve = _curves.CURVE448


class X448PrivateKey(XPrivateKey):
    """An X448 private key: 56 bytes, clamped when used."""
    _curve = _curves.CURVE448
    _public = X448PublicKey
