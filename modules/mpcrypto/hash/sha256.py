"""SHA-224 and SHA-256 (FIPS 180-4), shaped like ``hashlib``.

    from mpcrypto.hash.sha256 import sha256
    h = sha256(b"abc"); h.update(more); h.digest(); h.hexdigest(); h.copy()

``digest()`` does not finalize: it pads a copy of the state, so ``update()`` may follow.
Input is any object with the buffer protocol; ``str``, ``None`` and ``int`` raise TypeError.
Constant time: the compression kernels have no data-dependent branches or table indices
(the portable-Python backend relies on interpreter arithmetic, which is not promised
constant time); message *length* is public.

Backends (one seam, ``_backend`` primitive "sha256"):

  name     module          CT    notes
  thumb    sha256_thumb    yes   Thumb-2 asm, Cortex-M3/M4/M7/M33/M55/M85 by CPUID; ~1.3 KB
  viper    sha256_viper    yes   32 unrolled rounds; .mpy ~16 KB (armv7m)
  python   sha256_python   no*   bytecode-only ports; 16-bit halves, no big int and no
                                 allocation per block
  (* interpreter ints, see the module)

MicroPython's C ``hashlib.sha256`` is deliberately NOT in the chain: the seam's surface for
a hash is a compression kernel over the caller's buffer, and ``hashlib.sha256`` exposes no
compression function; wrapping the object instead would not be honest either, since its
``digest()`` finalizes (no ``update`` afterwards) and it has no ``copy()``, which HMAC and
our ``digest()`` contract rely on. It is the reference row in ``bench/bench_sha256.py``.

The Merkle-Damgård framing (``_MD``) is shared with SHA-384/512 through ``_md.py``.

Allocation: ``__init__`` allocates the state; ``update()`` of bytes/bytearray allocates
nothing when no partial block is pending before or after it (whole blocks go to the kernel
straight from the caller's buffer); a partial block costs one small slice per call, never
per block. A ``memoryview`` argument costs two small objects per call (its item size is
probed); buffers of wider items (``array('I')``) are copied once per call.
"""

from mpcrypto import _backend
from mpcrypto.hash._md import _MD, iv

_CHAIN = (
    ("thumb", "mpcrypto.hash.sha256_thumb", "thumb2"),
    ("viper", "mpcrypto.hash.sha256_viper", None),
    ("python", "mpcrypto.hash.sha256_python", None),
)


def backends():
    return _backend.available("sha256", _CHAIN)


# FIPS 180-4 §5.3.3 (SHA-256) and §5.3.2 (SHA-224) initial hash values, followed by 16
# words of scratch for the viper kernel's message-schedule ring.
_IV256 = iv("6a09e667 bb67ae85 3c6ef372 a54ff53a 510e527f 9b05688c 1f83d9ab 5be0cd19", 16)
_IV224 = iv("c1059ed8 367cd507 3070dd17 f70e5939 ffc00b31 68581511 64f98fa7 befa4fa4", 16)


class sha256(_MD):
    """SHA-256 (FIPS 180-4 §6.2). ``sha256(data=b"")``; hashlib-shaped."""
    name = "sha256"
    digest_size = 32
    block_size = 64
    _lenb = 8
    _iv = _IV256
    _prim = "sha256"
    _chain = _CHAIN


class sha224(sha256):
    """SHA-224 (FIPS 180-4 §6.3): SHA-256 with another IV, truncated to 28 bytes."""
    name = "sha224"
    digest_size = 28
    _iv = _IV224
