"""SM3 (GB/T 32905-2016, GM/T 0004-2012), shaped like ``hashlib``.

    from mpcrypto.hash.sm3 import sm3
    h = sm3(b"abc"); h.update(more); h.digest(); h.hexdigest(); h.copy()

``digest()`` does not finalize: it pads a copy of the state, so ``update()`` may follow.
Input is any object with the buffer protocol; ``str``, ``None`` and ``int`` raise TypeError.
Digest 32 bytes, block 64 bytes. The padding (GB/T 32905 §5.2: 0x80, zeros, 64-bit
big-endian bit length) is SHA-256's, so the class reuses the Merkle-Damgård framing of
``_md.py``. Constant time: the compression kernels have no data-dependent branches or table
indices (the portable-Python backend relies on interpreter arithmetic, which is not promised
constant time); message *length* is public.

Backends (one seam, ``_backend`` primitive "sm3"):

  name     module       CT    notes
  thumb    sm3_thumb    yes   Thumb-2 asm, Cortex-M3/M4/M7/M33/M55/M85 by CPUID, as
                              sha256_thumb; ~1.2 KB of machine code
  viper    sm3_viper    yes   4-round unrolled loop bodies (~half SHA-256); ~4.2 KB of
                              machine code
  python   sm3_python   no*   bytecode-only ports; allocates per round
  (MicroPython has no C SM3; * interpreter ints, see the module. host_tests/test_thumb_sha.py
  counts the thumb kernel's instructions on an emulated M4 and finds the same count for every
  message of a length.)

``bench/bench_sm3.py`` times the backends. Allocation as ``sha256``: ``update()`` of
bytes/bytearray allocates nothing when no partial block is pending before or after it.
"""

from mpcrypto import _backend
from mpcrypto.hash._md import _MD, iv

_CHAIN = (
    ("thumb", "mpcrypto.hash.sm3_thumb", "thumb2"),
    ("viper", "mpcrypto.hash.sm3_viper", None),
    ("python", "mpcrypto.hash.sm3_python", None),
)


def backends():
    return _backend.available("sm3", _CHAIN)


# GB/T 32905 §4.1 initial value IV, followed by 68 words of scratch for the viper kernel's
# expanded message W0..W67 (§5.3.2; the Thumb-2 kernel keeps W on its stack).
_IV = iv("7380166f 4914b2b9 172442d7 da8a0600 a96f30bc 163138aa e38dee4d b0fb0e4e", 68)


class sm3(_MD):
    """SM3 (GB/T 32905-2016). ``sm3(data=b"")``; hashlib-shaped."""
    name = "sm3"
    digest_size = 32
    block_size = 64
    _lenb = 8
    _iv = _IV
    _prim = "sm3"
    _chain = _CHAIN
