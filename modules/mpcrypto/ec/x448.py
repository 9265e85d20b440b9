"""X448 key agreement (RFC 7748 §5, §6.2), shaped like pyca's ``x448`` module.

    from mpcrypto.ec.x448 import X448PrivateKey, X448PublicKey
    priv = X448PrivateKey.generate()                # rng=callable(nbytes) -> bytes
    shared = priv.exchange(X448PublicKey.from_public_bytes(b56))   # 56 bytes

Same contract as ``mpcrypto.ec.x25519`` (whose classes this reuses) with 56-byte keys:
ValueError for wrong lengths and an all-zero shared secret, TypeError for non-buffers.
A u-coordinate >= p is reduced mod p (RFC 7748 §5). Backends: seam primitive
"ec_montgomery", ``montgomery_python`` (fixed 448-step ladder, masked swaps).
"""

from mpcrypto.ec import curves as _curves
from mpcrypto.ec.x25519 import _MontPrivate, _MontPublic, backends  # noqa: F401


class X448PublicKey(_MontPublic):
    """An X448 public key: a 56-byte little-endian u-coordinate."""
    _curve = _curves.CURVE448


class X448PrivateKey(_MontPrivate):
    """An X448 private key: 56 bytes, clamped when used."""
    _curve = _curves.CURVE448
    _public = X448PublicKey
