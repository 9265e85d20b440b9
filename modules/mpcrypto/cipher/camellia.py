"""Camellia-128/192/256 (RFC 3713) with the ECB, CBC and CTR modes of SP 800-38A, shaped like
``cryptolib.aes``; Camellia-GCM and Camellia-CCM are ``mpcrypto.aead.gcm.CamelliaGCM`` and
``mpcrypto.aead.ccm.CamelliaCCM``; Camellia-CMAC is ``mpcrypto.mac.cmac.CMAC(key,
cipher=camellia)``.

::

    from mpcrypto.cipher import camellia
    c = camellia.camellia(key, camellia.MODE_CTR, iv)   # 16/24/32-byte key, 16-byte iv
    ct = c.encrypt(data)                                # or c.encrypt(data, out_buf)

The API, buffer rules and allocation are those of ``cipher/modes.py`` (one mode layer for
every block cipher), with a 128-bit block and 16-, 24- or 32-byte keys (``ValueError``
otherwise).

Backends (seam primitive ``"camellia"``; MicroPython has no C Camellia on any port):

==========  ===============================================  ==========  =========
backend     technique                                        constant    needs
==========  ===============================================  ==========  =========
viper       four 1 KiB 32-bit SP tables, F in 8 lookups      no          viper
python      the same tables as Python ints, one block at a   no          nothing
            time (``_soft``)
==========  ===============================================  ==========  =========

Neither backend is constant time: table lookups indexed by secret bytes.
"""

from mpcrypto.cipher import modes as _modes
from mpcrypto.cipher.modes import MODE_CBC, MODE_CTR, MODE_ECB  # noqa: F401 (the module's API)

block_size = 16
key_sizes = (16, 24, 32)
name = "camellia"

_CHAIN = (
    ("viper", "mpcrypto.cipher.camellia_viper", None),
    ("python", "mpcrypto.cipher.camellia_python", None),
)


# backends(): the usable Camellia backend names, best first; engine(key): the selected
# backend's context for a validated key (used by GCM, CCM, CMAC); check_key(key): validate a
# Camellia key (TypeError / ValueError), returned as bytes.
backends, engine, check_key = _modes.front("camellia", _CHAIN, key_sizes)


class camellia(_modes.Mode):
    """Camellia in ECB, CBC or CTR mode (see ``cipher/modes.py``). Not constant time."""

    _front = (engine, check_key)
