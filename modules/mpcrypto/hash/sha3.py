"""SHA3-224, SHA3-256, SHA3-384 and SHA3-512 (FIPS 202 §6.1), shaped like ``hashlib``.

    from mpcrypto.hash.sha3 import sha3_256
    h = sha3_256(b"abc"); h.update(more); h.digest(); h.hexdigest(); h.copy()

``digest()`` does not finalize: it pads a copy of the state, so ``update()`` may follow.
Input is any buffer-protocol object, read as its bytes whatever its item type
(``mpcrypto._util``); ``str``, ``None`` and ``int`` raise TypeError. ``block_size`` is the
rate (144, 136, 104, 72 bytes), which is also HMAC's block size for these hashes (as in
CPython's ``hashlib``); the names (``"sha3_256"``, ``"SHA3-256"``, ...) are in
``mpcrypto.hash.names``, so HMAC, ECDSA and SM2 take them.

Keccak[c](M || 01, d) on the sponge of ``_sponge.py``, which SHAKE (``shake.py``) shares.

Backends (one seam, ``_backend`` primitive "keccak", shared with SHAKE):

  name     module          CT    notes
  viper    keccak_viper    yes   lane halves, one round unrolled
  python   keccak_python   no*   16-bit quarters as small ints
  (* interpreter arithmetic, not promised constant time; no heap per block on any port)

``bench/bench_sha3.py`` times the backends.

MicroPython's C ``hashlib`` has no SHA-3 in the builds we target (where a port has it, its
``digest()`` finalizes and it has no ``copy()``, like its SHA-2: it would be a reference row
in ``bench/bench_sha3.py``, never a backend).

Constant time: the permutation has no data-dependent branch or index, and the framing makes
no Python integer of a state word (viper: yes; the portable backend relies on interpreter
arithmetic, which is not promised constant time); message *length* is public.

Allocation: ``__init__`` allocates the state (408 bytes, plus a 408-byte temporary); an
``update()`` of bytes, bytearray or a byte memoryview allocates nothing, at any length
(the kernel XORs the caller's buffer into the state in place); ``digest()`` allocates the
output and, once per object, a copy of the state.
"""

from mpcrypto.hash._sponge import _CHAIN, _Sponge, backends  # noqa: F401


class _SHA3(_Sponge):
    _suffix = 0x06  # M || 01, then pad10*1's first bit (FIPS 202 §6.1, §B.2)

    def digest(self):
        return self._squeeze(b"", self.digest_size)

    def _digest_plus(self, data):
        # The digest of everything absorbed so far followed by ``data``, leaving the object
        # as it was (HMAC finishes its keyed states this way, see mac/hmac.py).
        return self._squeeze(data, self.digest_size)

    def hexdigest(self):
        return "".join("%02x" % b for b in self.digest())


class sha3_224(_SHA3):
    """SHA3-224 (FIPS 202 §6.1): Keccak[448], rate 144 bytes."""
    name = "sha3_224"
    digest_size = 28
    block_size = _rate = 144


class sha3_256(_SHA3):
    """SHA3-256 (FIPS 202 §6.1): Keccak[512], rate 136 bytes."""
    name = "sha3_256"
    digest_size = 32
    block_size = _rate = 136


class sha3_384(_SHA3):
    """SHA3-384 (FIPS 202 §6.1): Keccak[768], rate 104 bytes."""
    name = "sha3_384"
    digest_size = 48
    block_size = _rate = 104


class sha3_512(_SHA3):
    """SHA3-512 (FIPS 202 §6.1): Keccak[1024], rate 72 bytes."""
    name = "sha3_512"
    digest_size = 64
    block_size = _rate = 72
