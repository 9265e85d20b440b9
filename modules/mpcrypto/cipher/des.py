"""DES and TDEA / Triple DES (FIPS 46-3, NIST SP 800-67 Rev. 2) with the ECB, CBC and CTR
modes of SP 800-38A (64-bit block), shaped like ``cryptolib.aes``; TDEA-CMAC is
``mpcrypto.mac.cmac.CMAC(key, cipher=des)``.

::

    from mpcrypto.cipher import des
    c = des.des3(key, des.MODE_CBC, iv)   # 16-byte (K1 K2, K3 = K1) or 24-byte key, 8-byte iv
    c = des.des(key8, des.MODE_ECB)       # single DES: legacy interoperability only
    ct = c.encrypt(data)                  # or c.encrypt(data, out_buf)

- ``des3``: 16 bytes (keying option 2) or 24 bytes (option 1, or option 3 when the three
  keys are equal, which is single DES); ``des``: 8 bytes; ``ValueError`` otherwise. Parity
  bits (the low bit of every key byte) are ignored, as usual (SP 800-67 §3.3.1). Keys are
  counted with their parity bits, as emCrypt's tables count them: 64, 128 and 192 bits.
- The API, buffer rules and allocation are those of ``cipher/modes.py`` with an 8-byte block:
  ECB and CBC take multiples of 8 bytes, the CTR counter is the whole 8-byte block.
- Security: single DES is broken (56-bit key) and SP 800-131A disallows TDEA encryption after
  2023; use these to talk to legacy systems. With a 64-bit block, CBC and CTR leak after about
  2**32 blocks under one key (sweet32): rekey long before that.
- This module (the cipher argument of ``mac.cmac``) is TDEA: ``block_size`` 8,
  ``key_sizes`` (16, 24). GCM/CCM need a 128-bit block and refuse it (``ValueError``).

Backends (seam primitive ``"des"``; MicroPython has no C DES on any port):

==========  ================================================  ==========  =========
backend     technique                                         constant    needs
==========  ================================================  ==========  =========
viper       SP tables (2 KiB) for f, IP/FP by swap-moves on   no          viper
            32-bit words, TDEA as 48 rounds in one pass
python      the same SP tables, IP/FP by 256-entry spreading  no          nothing
            tables, one block at a time (``_soft``)
==========  ================================================  ==========  =========
"""

from mpcrypto.cipher import modes as _modes
from mpcrypto.cipher.modes import MODE_CBC, MODE_CTR, MODE_ECB  # noqa: F401 (the module's API)

block_size = 8
key_sizes = (16, 24)
name = "tdes"

_CHAIN = (
    ("viper", "mpcrypto.cipher.des_viper", None),
    ("python", "mpcrypto.cipher.des_python", None),
)


# backends(): the usable DES backend names, best first; engine(key): the selected backend's
# context for a validated 8-, 16- or 24-byte key; check_key(key): validate a TDEA key (16 or
# 24 bytes, TypeError / ValueError), returned as bytes.
backends, engine, check_key = _modes.front("des", _CHAIN, key_sizes)


def check_des_key(key):
    """Validate a single-DES key (8 bytes); returns it as bytes."""
    return _modes.check_len(key, (8,))


class des3(_modes.Mode):
    """TDEA (3DES) in ECB, CBC or CTR mode (see ``cipher/modes.py``). Not constant time."""

    block_size = 8
    _front = (engine, check_key)


class des(_modes.Mode):
    """Single DES in ECB, CBC or CTR mode: legacy interoperability only. Not constant time."""

    block_size = 8
    _front = (engine, check_des_key)
