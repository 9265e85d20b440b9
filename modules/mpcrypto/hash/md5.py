"""MD5 (RFC 1321), shaped like ``hashlib``.

    from mpcrypto.hash.md5 import md5
    h = md5(b"abc"); h.update(more); h.digest(); h.hexdigest(); h.copy()

MD5 is broken for collision resistance (RFC 6151): use it only where a protocol or a
legacy format requires it (HMAC-MD5, checksums), never for new signatures.

``digest()`` does not finalize: it pads a copy of the state, so ``update()`` may follow.
Input is any object with the buffer protocol; ``str``, ``None`` and ``int`` raise TypeError.
Digest 16 bytes, block 64 bytes. The framing is SHA-256's Merkle-Damgård (``_md.py``) with
the length field and the output words little-endian (RFC 1321 §3.2, §3.5: ``_le``).
Constant time: the compression kernels have no data-dependent branches or table indices
(the portable-Python backend relies on interpreter arithmetic, which is not promised
constant time); message *length* is public.

Backends (one seam, ``_backend`` primitive "md5"):

  name     module       CT    notes
  thumb    md5_thumb    yes   Thumb-2 asm, Cortex-M3/M4/M7/M33/M55/M85 by CPUID, as
                              sha256_thumb
  viper    md5_viper    yes   64 unrolled steps
  python   md5_python   no*   bytecode-only ports; allocates per block
  (* interpreter ints. bench/bench_md5.py times the backends; host_tests/test_thumb_sha.py and
  test_viper32_md.py count the kernels' instructions on an emulated M4 and find the same count
  for every message of a length)

MicroPython's C ``hashlib.md5`` is not in the chain, for the reason ``sha256`` gives (it
exposes no compression function, finalizes on ``digest()`` and has no ``copy()``, which HMAC
needs); it is the reference row of ``bench/bench_md5.py``.

Allocation as ``sha256``: ``update()`` of bytes/bytearray allocates nothing when no partial
block is pending before or after it.
"""

from mpcrypto import _backend
from mpcrypto.hash._md import _MD, iv

_CHAIN = (
    ("thumb", "mpcrypto.hash.md5_thumb", "thumb2"),
    ("viper", "mpcrypto.hash.md5_viper", None),
    ("python", "mpcrypto.hash.md5_python", None),
)


def backends():
    return _backend.available("md5", _CHAIN)


# RFC 1321 §3.3: A, B, C, D (the bytes 01 23 45 67, 89 ab cd ef, ... read low byte first).
_IV = iv("67452301 efcdab89 98badcfe 10325476", 0)


class md5(_MD):
    """MD5 (RFC 1321). ``md5(data=b"")``; hashlib-shaped."""
    name = "md5"
    digest_size = 16
    block_size = 64
    _lenb = 8
    _le = True
    _iv = _IV
    _prim = "md5"
    _chain = _CHAIN
