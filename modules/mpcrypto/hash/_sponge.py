"""The sponge construction (FIPS 202 §4) shared by SHA-3 (``sha3.py``) and SHAKE (``shake.py``).

This module holds the framing and the backend chain of the seam primitive "keccak"; the
permutation and the byte I/O are the kernels' (``keccak_viper``, ``keccak_python``), so a
firmware that freezes only SHAKE carries ``_sponge.py``, ``shake.py`` and the kernels.

State: one ``array('I')`` of 102 words per object, the same for every backend (a copy or an
object made before a backend was forced keeps working):

  words 0..49    the 25 lanes A[x, y], lane x + 5y, as 32-bit halves: low half at 2i, high
                 half at 2i + 1 (state byte j is byte j % 8 of lane j // 8, little-endian,
                 FIPS 202 §B.1)
  words 50..99   scratch for the viper kernel (the other half of its ping-pong)
  word 100       the byte position in the current block (absorbing: bytes XORed in so far;
                 squeezing: bytes read out)
  word 101       the rate in bytes (the block size; 1600 - 2 * capacity bits, §5.2)

Input is XORed into the state at the position as it arrives, so there is no pending-block
buffer and ``update()`` never slices or copies the caller's data. ``digest()`` pads and
squeezes a copy of the state (kept by the object as scratch), so ``update()`` may follow.
No Python integer is made of a state word in this module (copies go through the raw
buffers): on a 32-bit port a word of 2**30 or more would be a heap object whose cost
depends on its (possibly secret) value.
"""

from array import array
from mpcrypto import _backend
from mpcrypto._util import rbuf

_CHAIN = (
    ("viper", "mpcrypto.hash.keccak_viper", None),
    ("python", "mpcrypto.hash.keccak_python", None),
)

_WORDS = 102
_RATE = 101


def backends():
    return _backend.available("keccak", _CHAIN)


class _Sponge:
    # Subclasses set: name, block_size (= _rate), digest_size, _rate (bytes), _suffix (the
    # domain bits and the first bit of pad10*1 as one byte: 0x06 for SHA-3, 0x1F for SHAKE).
    _rate = 0
    _suffix = 0

    def __init__(self, data=b""):
        self._k = _backend.select("keccak", _CHAIN)[1]
        st = array("I", bytes(4 * _WORDS))
        st[_RATE] = self._rate
        self._st = st
        self._tmp = None  # _squeeze's copy of the state
        self.update(data)  # as hashlib: None is a TypeError, not "no data"

    def update(self, data):
        data = rbuf(data)
        self._k.absorb(self._st, data, len(data))

    def _squeeze(self, data, n):
        # The first n output bytes for everything absorbed so far followed by ``data``
        # (bytes), without changing the object: absorb, pad and squeeze on a copy of the
        # state. HMAC finishes its keyed objects this way (``_digest_plus``).
        k = self._k
        tmp = self._tmp
        if tmp is None:
            tmp = self._tmp = array("I", bytes(self._st))
        else:
            tmp[:] = self._st  # the raw words (no Python integer of a word)
        if data:
            k.absorb(tmp, data, len(data))
        k.pad(tmp, self._suffix)
        out = bytearray(n)
        k.squeeze(tmp, out, n)
        return bytes(out)

    def copy(self):
        c = type(self)()
        c._k = self._k
        c._st[:] = self._st
        return c
