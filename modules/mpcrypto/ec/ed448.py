"""Ed448 signatures (RFC 8032 §5.2), shaped like pyca's ``ed448`` module.

    from mpcrypto.ec.ed448 import Ed448PrivateKey, Ed448PublicKey
    priv = Ed448PrivateKey.generate()               # rng=callable(nbytes) -> bytes
    sig = priv.sign(data)                           # 114 bytes; context=b"..." optional
    priv.public_key().verify(sig, data)             # raises InvalidSignature

Ed448 with a context string (``context``, 0..255 bytes, default empty: pure Ed448 as in
pyca); no pre-hash (Ed448ph). dom4(0, context) = "SigEd448" || 0x00 || len || context.
Keys are 57 bytes (ValueError otherwise), signatures 114. Hash: SHAKE256 with 114 bytes of
output (``mpcrypto.hash.shake``: the viper Keccak where the port has viper, constant time and
allocating the state, one copy of it and the output per hash; the portable backend
elsewhere). The contract (strict decoding, small-order keys and R refused, S < L, the
cofactorless equation checked by encoding), constant time and backends:
``mpcrypto.ec.eddsa``.
"""

from mpcrypto._util import as_bytes as _buf
from mpcrypto.ec import curves as _curves
from mpcrypto.ec.eddsa import EdPrivateKey, EdPublicKey, backends  # noqa: F401


def _shake(data):
    from mpcrypto.hash.shake import shake_256

    return shake_256(data).digest(114)


def _dom4(context):
    context = _buf(context)
    if len(context) > 255:
        raise ValueError("context longer than 255 bytes")
    return b"SigEd448\x00" + bytes((len(context),)) + context


class Ed448PublicKey(EdPublicKey):
    """An Ed448 public key (a validated point, 57-byte encoding)."""
    _curve = _curves.EDWARDS448
    _hash = staticmethod(_shake)

    def verify(self, signature, data, context=b""):
        """Raise InvalidSignature unless ``signature`` (114 bytes) signs ``data``."""
        self._verify(signature, data, _dom4(context))


class Ed448PrivateKey(EdPrivateKey):
    """An Ed448 private key: the 57-byte seed of RFC 8032 §5.2.5."""
    _curve = _curves.EDWARDS448
    _public = Ed448PublicKey
    _hash = staticmethod(_shake)

    @staticmethod
    def _clamp(b):
        # RFC 8032 §5.2.5 step 2.
        b[0] &= 252
        b[56] = 0
        b[55] |= 128
        return bytes(b)

    def sign(self, data, context=b""):
        """The 114-byte signature R || S of ``data`` (deterministic)."""
        return self._sign(data, _dom4(context))
