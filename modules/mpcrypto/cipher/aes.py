"""AES (FIPS 197) with the ECB, CBC and CTR modes of SP 800-38A, shaped like ``cryptolib.aes``.

::

    from mpcrypto.cipher import aes
    c = aes.aes(key, aes.MODE_CBC, iv)
    ct = c.encrypt(data)            # new bytes
    c.encrypt(data, out_buf)        # into a caller's buffer (may be ``data`` itself)

- ``MODE_ECB = 1``, ``MODE_CBC = 2``, ``MODE_CTR = 6`` (cryptolib's numbers).
- ``key``: 16, 24 or 32 bytes (``ValueError`` otherwise). ``iv``: 16 bytes, required for CBC
  and CTR (``ValueError`` when missing or of another length), ignored for ECB. For CTR the
  ``iv`` is the initial 128-bit counter block, incremented as one big-endian number.
- ``encrypt(in_buf, out_buf=None)`` / ``decrypt(...)``: returns new ``bytes`` when
  ``out_buf`` is None; otherwise writes into ``out_buf`` (at least ``len(in_buf)`` bytes,
  ``ValueError`` if smaller) and returns None. ``out_buf is in_buf`` (in place) is allowed,
  and so is an ``out_buf`` that overlaps ``in_buf`` starting at or before it (blocks are
  processed forwards, each read before it is written); other overlaps give undefined output.
- ECB and CBC take multiples of 16 bytes (``ValueError`` otherwise). A CBC object chains
  across calls and may only encrypt or only decrypt: mixing raises ``ValueError``, as
  ``cryptolib`` does. ECB objects may do both.
- CTR streams: any lengths, the key-stream position is kept across calls, and ``decrypt`` is
  ``encrypt``.
- Buffers (``mpcrypto._util`` states the rule once): every input (key, iv, in_buf) is read as
  its bytes whatever its item type, so an ``array('I')`` of 4 items is a 16-byte key and one
  of 16 items is 64 bytes of data. ``out_buf`` must be a writable byte buffer
  (``bytearray``, ``array('B')`` or a memoryview of one): ``bytes``, a read-only memoryview
  or an array of wider items raise ``TypeError`` before anything is written. ``str``,
  ``None`` or ``int`` where a buffer is expected raise ``TypeError``.

Backends (seam primitive ``"aes"``, see ``backends()``), all with the same engine surface:

==========  =======================================  ==========  =============
backend     technique                                constant    needs
==========  =======================================  ==========  =============
thumb_ct    Thumb-2 assembly, bitsliced, two blocks  yes         asm_thumb,
            in eight words, Boyar-Peralta S-box                  Cortex-M3/M4/
            circuit (``aes_ct_thumb``): the default              M7/M33/M55/M85
            on Cortex-M7/M55/M85 (data cache, by
            CPUID), second after thumb elsewhere
thumb       Thumb-2 assembly, one 1 KiB T-table per  no          asm_thumb,
            direction in flash (``aes_thumb``):                  Cortex-M3/M4/
            M3/M4/M7/M33/M55/M85, chosen by CPUID                M7/M33/M55/M85
builtin     MicroPython ``cryptolib`` (C); CTR on    port's C    cryptolib
            ECB; AES-192 delegated to software       code (no)
viper       32-bit T-tables, 8 KiB RAM               no          viper
python      byte-oriented, portable                  no          nothing
==========  =======================================  ==========  =============

Only ``thumb_ct`` is constant time: no table, no address and no branch that depends on the key
or the data, key schedule included (its instruction count and memory-address sequence are
checked to be the same for different keys and data on an emulated Cortex-M4,
host_tests/test_thumb_aes_ct.py); it runs more instructions per byte than ``thumb`` (the
S-box is a Boolean circuit, not a table lookup), and CBC encryption, which is serial, twice
as many again (one block per pass of its two-block core).
The others use table lookups indexed by secret bytes; on a core with a data cache,
Cortex-M7/M55/M85, their timing depends on the key and data, which is why ``thumb_ct`` is
chosen there. On a Cortex-M3/M4 (no data cache, ``thumb`` the default) ask for it with
``mpcrypto._backend.force("aes", "thumb_ct")`` (it then serves GCM and CCM too).
Allocation: with ``out_buf`` and whole blocks, ECB/CBC/CTR on the viper backend allocate
nothing per call for ``bytes``/``bytearray`` arguments and memoryviews of a bytearray; CTR
calls that start inside a block slice (small allocations), a read-only memoryview argument
costs a few small objects (its item size is probed), and an array of wider items is copied
once per call.
"""

from mpcrypto.cipher import modes as _modes
from mpcrypto.cipher.modes import MODE_CBC, MODE_CTR, MODE_ECB  # noqa: F401 (the module's API)


# thumb comes before builtin: on the cores where it runs it is faster than the port's C AES
# (whose CTR our wrapper builds on ECB), and it is table-based like it. thumb_ct (constant
# time, slower) comes right after it, and first where the core has a data cache
# (its first entry, which requires "dcache"; the seam takes the first entry that loads).
_CHAIN = (
    ("thumb_ct", "mpcrypto.cipher.aes_ct_thumb", "dcache"),
    ("thumb", "mpcrypto.cipher.aes_thumb", "thumb2"),
    ("thumb_ct", "mpcrypto.cipher.aes_ct_thumb", "thumb2"),
    ("builtin", "mpcrypto.cipher.aes_builtin", None),
    ("viper", "mpcrypto.cipher.aes_viper", None),
    ("python", "mpcrypto.cipher.aes_python", None),
)

# The mode layer is generic (cipher/modes.py); these names stay for callers of this module.
ctr_crypt = _modes.ctr_crypt
block_size = 16
key_sizes = (16, 24, 32)
name = "aes"

# backends(): the usable AES backend names, best first; engine(key): the selected backend's
# context for a validated key (used by the AEAD modules); check_key(key): validate an AES key
# (TypeError / ValueError), returned as bytes.
backends, engine, check_key = _modes.front("aes", _CHAIN, key_sizes)


class aes(_modes.Mode):
    """AES in ECB, CBC or CTR mode (see the module docstring and ``cipher/modes.py``, which
    implements it for every block cipher). Constant time only on the ``thumb_ct`` backend."""

    _front = (engine, check_key)
