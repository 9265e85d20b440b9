"""SHA-1 (FIPS 180-4), shaped like ``hashlib``.

    from mpcrypto.hash.sha1 import sha1
    h = sha1(b"abc"); h.update(more); h.digest(); h.hexdigest(); h.copy()

SHA-1 is broken for collision resistance (SP 800-131A Rev. 2 disallows it for digital
signatures): use it only where a protocol requires it (HMAC-SHA1, HKDF/PBKDF2 over SHA-1,
SP 800-90A DRBGs, legacy formats).

``digest()`` does not finalize: it pads a copy of the state, so ``update()`` may follow.
Input is any object with the buffer protocol; ``str``, ``None`` and ``int`` raise TypeError.
Digest 20 bytes, block 64 bytes; SHA-256's padding (§5.1.1), so the class reuses the
Merkle-Damgård framing of ``_md.py``. Constant time: the compression kernels have no
data-dependent branches or table indices (the portable-Python backend relies on
interpreter arithmetic, which is not promised constant time); message *length* is public.

Backends (one seam, ``_backend`` primitive "sha1"):

  name     module        CT    notes
  thumb    sha1_thumb    yes   Thumb-2 asm, Cortex-M3/M4/M7/M33/M55/M85 by CPUID, as
                               sha256_thumb
  viper    sha1_viper    yes   80 unrolled rounds, 16-word ring
  python   sha1_python   no*   bytecode-only ports; allocates per block
  (* interpreter ints. bench/bench_sha1.py times the backends; host_tests/test_thumb_sha.py and
  test_viper32_md.py count the kernels' instructions on an emulated M4 and find the same count
  for every message of a length)

MicroPython's C ``hashlib.sha1`` is not in the chain, for the reason ``sha256`` gives (no
compression function, ``digest()`` finalizes, no ``copy()``); it is the reference row of
``bench/bench_sha1.py``.

Allocation as ``sha256``: ``update()`` of bytes/bytearray allocates nothing when no partial
block is pending before or after it.
"""

from mpcrypto import _backend
from mpcrypto.hash._md import _MD, iv

_CHAIN = (
    ("thumb", "mpcrypto.hash.sha1_thumb", "thumb2"),
    ("viper", "mpcrypto.hash.sha1_viper", None),
    ("python", "mpcrypto.hash.sha1_python", None),
)


def backends():
    return _backend.available("sha1", _CHAIN)


# FIPS 180-4 §5.3.1 initial hash value, followed by 16 words of scratch for the viper
# kernel's message-schedule ring.
_IV = iv("67452301 efcdab89 98badcfe 10325476 c3d2e1f0", 16)


class sha1(_MD):
    """SHA-1 (FIPS 180-4 §6.1). ``sha1(data=b"")``; hashlib-shaped."""
    name = "sha1"
    digest_size = 20
    block_size = 64
    _lenb = 8
    _iv = _IV
    _prim = "sha1"
    _chain = _CHAIN
