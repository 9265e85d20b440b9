"""The Kinetis mmCAU as the ``mmcau`` backend of the seam's ``"aes"`` and ``"sha256"``
primitives (registered by ``kinetis.register`` after its probe; never imported otherwise).

The surfaces are the software backends' (``mpcrypto.cipher.aes_python`` for AES, the
``compress(st, buf, off, nblocks)`` of ``mpcrypto.hash.sha256_viper`` for SHA-224/256), so
every mode, AEAD and HMAC of the library runs on the CAU unchanged. The work is in
``kinetis_asm`` (Thumb-2, many blocks per call, the caller's buffers); this module only
stores the block count and mode in the key context and calls it: no byte is touched here.

- ``new(key)``: the FIPS 197 key schedule computed by the CAU (``aes_key``) into a 64-word
  context: [0] Nr, [1] blocks to process, [2] mode, [4 ..] the round keys as big-endian
  words. Decryption uses the same schedule backwards (the CAU's AESIC adds the round key
  before InvMixColumns), so no inverse schedule is kept. 256 bytes per key.
- ``compress``: ``kinetis_asm.sha256_compress`` itself (no Python between the seam and the
  machine code); its 64-word message schedule lives on the C stack during the call.

Constant time: the CAU's AES has no tables in memory (SubBytes is done in the CAU), so unlike
the T-table backends there is no secret-indexed load; the instruction sequence depends only
on lengths (test_kinetis.py checks the counts and the access sequence, CAU commands included,
on the register model). The CAU's own timing is the hardware's: the model has none.
"""

from array import array

import kinetis_asm as _asm

compress = _asm.sha256_compress


def probe():
    """True: this module is only imported once kinetis.register identified the chip."""
    return True


class _Ctx:
    def __init__(self, key):
        w = array("I", bytes(256))
        _asm.aes_key(w, key, len(key) >> 2)
        self._w = w

    def ecb_encrypt(self, src, dst, n):
        w = self._w
        w[1] = n
        w[2] = 0
        _asm.aes_encrypt(w, src, dst, w)

    def ecb_decrypt(self, src, dst, n):
        w = self._w
        w[1] = n
        w[2] = 0
        _asm.aes_decrypt(w, src, dst, w)

    def cbc_encrypt(self, src, dst, n, iv):
        w = self._w
        w[1] = n
        w[2] = 1
        _asm.aes_encrypt(w, src, dst, iv)

    def cbc_decrypt(self, src, dst, n, iv):
        w = self._w
        w[1] = n
        w[2] = 1
        _asm.aes_decrypt(w, src, dst, iv)

    def ctr_xor(self, src, dst, n, ctr, width):
        w = self._w
        w[1] = n
        w[2] = 2 if width == 16 else 3
        _asm.aes_encrypt(w, src, dst, ctr)


def new(key):
    """An AES context on the CAU for a validated 16/24/32-byte key."""
    return _Ctx(key)
