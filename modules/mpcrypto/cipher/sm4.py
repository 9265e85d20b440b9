"""SM4 (GB/T 32907-2016, ISO/IEC 18033-3:2010/Amd 1) with the ECB, CBC and CTR modes of
SP 800-38A, shaped like ``cryptolib.aes``; SM4-GCM and SM4-CCM (RFC 8998) are
``mpcrypto.aead.gcm.SM4GCM`` and ``mpcrypto.aead.ccm.SM4CCM``; SM4-CMAC is
``mpcrypto.mac.cmac.CMAC(key, cipher=sm4)``.

::

    from mpcrypto.cipher import sm4
    c = sm4.sm4(key, sm4.MODE_CBC, iv)    # 16-byte key, 16-byte iv
    ct = c.encrypt(data)                  # or c.encrypt(data, out_buf)

The API, buffer rules and allocation are those of ``cipher/modes.py`` (one mode layer for
every block cipher), with a 128-bit block and 16-byte keys only (``ValueError`` otherwise).

Backends (seam primitive ``"sm4"``; MicroPython has no C SM4 on any port):

==========  ===============================================  ==========  =========
backend     technique                                        constant    needs
==========  ===============================================  ==========  =========
viper       four 1 KiB 32-bit T-tables (S-box and L merged)  no          viper
python      the same tables as Python ints, one block at a   no          nothing
            time (``_soft``)
==========  ===============================================  ==========  =========

Neither backend is constant time: table lookups indexed by secret bytes.
"""

from mpcrypto.cipher import modes as _modes
from mpcrypto.cipher.modes import MODE_CBC, MODE_CTR, MODE_ECB  # noqa: F401 (the module's API)

block_size = 16
key_sizes = (16,)
name = "sm4"

_CHAIN = (
    ("viper", "mpcrypto.cipher.sm4_viper", None),
    ("python", "mpcrypto.cipher.sm4_python", None),
)


# backends(): the usable SM4 backend names, best first; engine(key): the selected backend's
# context for a validated key (used by GCM, CCM, CMAC); check_key(key): validate an SM4 key
# (TypeError / ValueError), returned as bytes.
backends, engine, check_key = _modes.front("sm4", _CHAIN, key_sizes)


class sm4(_modes.Mode):
    """SM4 in ECB, CBC or CTR mode (see ``cipher/modes.py``). Not constant time."""

    _front = (engine, check_key)
