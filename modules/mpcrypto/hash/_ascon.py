"""The Ascon permutation's seam (primitive ``"ascon"``), shared by Ascon-AEAD128
(``aead/ascon.py``) and Ascon-Hash256 / Ascon-XOF128 / Ascon-CXOF128 (``hash/ascon_hash.py``),
NIST SP 800-232.

The permutation and the byte I/O are the kernels' (``ascon_viper``: 32-bit lane halves;
``ascon_python``: 16-bit quarters as small ints); see ``ascon_viper`` for the surface and the
state layout (an ``array('I')`` of 10 words, the 320-bit state as little-endian words, the
same for every backend). This module holds the chain and the initial values.

  name     module         CT    notes
  viper    ascon_viper    yes   one round unrolled; the permutation inlined in the bulk
                                kernels; 378 instructions per byte of Ascon-AEAD128 on an
                                emulated Cortex-M4; unix x64: AEAD 7.5-8.6 MB/s, Hash256 2-4
  python   ascon_python   no*   quarters as small ints, no heap per round (AEAD ~0.06 MB/s)
  (* interpreter arithmetic, not promised constant time; no branch or index on secrets)
"""

from array import array
from mpcrypto import _backend

_CHAIN = (
    ("viper", "mpcrypto.hash.ascon_viper"),
    ("python", "mpcrypto.hash.ascon_python"),
)

# Initial values (SP 800-232 §4.1.1 Ascon-AEAD128, §5.1 Ascon-Hash256, §5.2 Ascon-XOF128,
# §5.3 Ascon-CXOF128) as the 8 little-endian bytes of S0.
IV_AEAD128 = b"\x01\x00\x8c\x80\x00\x10\x00\x00"  # 0x00001000808C0001
IV_HASH256 = b"\x02\x00\xcc\x00\x01\x08\x00\x00"  # 0x0000080100CC0002
IV_XOF128 = b"\x03\x00\xcc\x00\x00\x08\x00\x00"  # 0x0000080000CC0003
IV_CXOF128 = b"\x04\x00\xcc\x00\x00\x08\x00\x00"  # 0x0000080000CC0004

ONE = b"\x01"  # the padding byte (SP 800-232 §2.1: X || 1 || 0*, little-endian bit order)
TOP = b"\x80"  # the domain-separation bit 0^319 || 1: bit 63 of S4, state byte 39


def backends():
    return _backend.available("ascon", _CHAIN)


def kernel():
    """The selected backend module."""
    return _backend.select("ascon", _CHAIN)[1]


def new_state():
    return array("I", bytes(40))
