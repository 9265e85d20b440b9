"""SHAKE128 and SHAKE256 (FIPS 202 §6.2), shaped like ``hashlib``.

    from mpcrypto.hash.shake import shake_256
    h = shake_256(b"abc"); h.update(more); h.digest(114); h.hexdigest(32); h.copy()

``digest(n)`` returns the first ``n`` bytes of the output and does not finalize: ``update``
may follow, as with our SHA-2 and SHA-3 classes. ``n`` is an int from 0 to ``MAX_OUTPUT``
(65536 bytes per call: ValueError above it, TypeError for a non-int), which keeps one call
from exhausting the heap; a longer output is not available from this class. Input is any
buffer-protocol object, read as its bytes whatever its item type (``mpcrypto._util``);
``str``, ``None`` and ``int`` raise TypeError.

These are XOFs, not hashes: ``digest_size`` is 0, and HMAC, ECDSA and SM2 refuse them
(``mpcrypto.hash.names``). ``block_size`` is the rate (168 and 136 bytes).

Keccak[c](M || 1111, d) on the sponge of ``_sponge.py``, shared with SHA-3; backends, speed,
constant time and allocation as ``mpcrypto.hash.sha3`` (seam primitive "keccak"): on the
viper backend the permutation runs on 32-bit words with no data-dependent branch or index,
so SHAKE256 in Ed448 signing (which hashes the secret prefix) is constant time and allocates
only its output and one state copy per object; the portable backend (16-bit quarters as
small ints) makes no timing promise and allocates per call (the state's bytes in and out,
its working lists), none per block.
"""

from mpcrypto.hash._sponge import _CHAIN, _Sponge, backends  # noqa: F401

MAX_OUTPUT = 65536  # bytes per digest() call


class _Shake(_Sponge):
    digest_size = 0
    _suffix = 0x1F  # M || 1111, then pad10*1's first bit (FIPS 202 §6.2, §B.2)

    def digest(self, length):
        """The first ``length`` bytes of the output (FIPS 202 §6.2)."""
        if type(length) is not int:
            raise TypeError("length must be int")
        if length < 0 or length > MAX_OUTPUT:
            raise ValueError("length")
        if not length:
            return b""
        return self._squeeze(b"", length)

    def hexdigest(self, length):
        return "".join("%02x" % b for b in self.digest(length))


class shake_128(_Shake):
    """SHAKE128 (FIPS 202 §6.2): Keccak[256], rate 168 bytes."""
    name = "shake_128"
    block_size = _rate = 168


class shake_256(_Shake):
    """SHAKE256 (FIPS 202 §6.2): Keccak[512], rate 136 bytes."""
    name = "shake_256"
    block_size = _rate = 136
