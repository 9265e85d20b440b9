"""GCM (NIST SP 800-38D) over any 128-bit block cipher, shaped like pyca's ``AESGCM``.

::

    from mpcrypto.aead.gcm import AESGCM, SM4GCM, CamelliaGCM, GCM
    g = AESGCM(key)                       # 16/24/32-byte key
    g = SM4GCM(key)                       # 16-byte key (RFC 8998); CamelliaGCM: 16/24/32
    g = GCM(cipher_module, key)           # any cipher module of cipher/modes.py with
                                          # block_size 16 (ValueError otherwise)
    ct = g.encrypt(nonce, data, aad)      # ciphertext || 16-byte tag
    pt = g.decrypt(nonce, ct, aad)        # raises InvalidTag, releases no plaintext

- ``tag_length`` (constructor keyword, default 16): one of 16, 15, 14, 13, 12, 8, 4
  (SP 800-38D §5.2.1.2; pyca offers 16 only). Short tags weaken forgery resistance: read
  SP 800-38D Appendix C before using 8 or 4.
- Nonce (IV): any length of 1 byte or more (§5.2.1.1); 12 bytes is the fast path
  (J0 = IV || 0^31 || 1), other lengths are GHASHed (§7.1 step 2).
- ``associated_data`` may be None (same as b""). Plaintext at most 2**36 - 32 bytes.
- ``encrypt_into(nonce, data, aad, out)`` / ``decrypt_into(...)`` write into a caller's
  buffer (``len(data) + tag_length`` / ``len(data) - tag_length`` bytes or more) and return
  None; ``out`` may be ``data`` for in-place encryption (``data`` at the front of ``out``),
  or overlap ``data`` starting at or before it.
- Buffers (the rule of ``mpcrypto._util``): key, nonce, data and AAD are read as their bytes
  whatever their item type (an ``array('I')`` of 3 items is a 12-byte nonce); ``out`` must
  be a writable byte buffer (``bytearray``, ``array('B')`` or a memoryview of one), else
  ``TypeError``. Every argument is checked before anything is written.
- Decryption computes and checks the tag over the ciphertext first (constant-time compare
  over the full tag) and only then decrypts, so nothing is written on failure.

Bulk work: CTR through the AES engine's ``ctr_xor`` kernel (inc32 counter, §6.2/§6.5) and
GHASH through the ``"ghash"`` seam (Thumb-2 carry-less multiplication on Cortex-M4/M7/M33/
M55/M85, else viper 8-bit tables, else portable Python), many blocks per call. GHASH, its
backends and the set-up of H, J0 and E(K, J0) live in ``mac/ghash.py``, shared with GMAC.
With whole 16-byte blocks and ``*_into``, the viper path allocates nothing.
Constant time: yes when AES is the ``thumb_ct`` backend (``aes_ct_thumb``, bitsliced: the
default on Cortex-M7/M55/M85, ``_backend.force("aes", "thumb_ct")`` on M4/M33) and GHASH the
``thumb`` backend (``ghash_thumb``, chosen by CPUID on Cortex-M4/M7/M33/M55/M85): no table, no
address and no branch on the key, the data or the hash state, key set-up included; the tag
comparison is constant time. Otherwise no: the other AES backends are table-based, and so
are the viper and Python GHASH (the ``thumb`` GHASH alone is constant time on Cortex-M4/M7).
"""

from mpcrypto._ct import ct_eq_at
from mpcrypto._util import rbuf, wbuf
from mpcrypto.aead import _aead
from mpcrypto.cipher import aes as _aes
from mpcrypto.cipher.modes import ctr_crypt as _ctr_crypt
from mpcrypto.exceptions import InvalidTag
from mpcrypto.mac import ghash as _ghash

_TAG_LENGTHS = (16, 15, 14, 13, 12, 8, 4)
_MAX_DATA = (1 << 36) - 32  # 2**39 - 256 bits (§5.2.1.1)
_nonce = _ghash.check_nonce  # any length of 1 byte or more (§5.2.1.1)


def ghash_backends():
    """Names of the GHASH backends usable here, best first (``mac/ghash.py``)."""
    return _ghash.backends()


def backends():
    """AES backends (GCM runs on the selected AES and GHASH backends)."""
    return _aes.backends()


class GCM(_ghash.GcmHash):
    """GCM over any 128-bit block cipher: ``GCM(cipher, key, tag_length=16)``, ``cipher``
    being the cipher's public module (``mpcrypto.cipher.aes``, ``camellia``, ``sm4``: see
    ``cipher/modes.py``). ``AESGCM``, ``CamelliaGCM`` and ``SM4GCM`` fix the cipher.
    Constant time only with AES ``thumb_ct`` and GHASH ``thumb`` (see the module docstring)."""

    def __init__(self, cipher, key, tag_length=16):
        key = _ghash.check_key(cipher, key)  # ValueError unless a 128-bit block cipher
        if type(tag_length) is not int:
            raise TypeError("tag_length")
        if tag_length not in _TAG_LENGTHS:
            raise ValueError("tag_length")
        self._t = tag_length
        # H, the GHASH context, J0, the accumulator _y, E(K, J0) in _s and the scratch
        # block _b (partial block / length block / key stream / expected tag): mac/ghash.py.
        _ghash.GcmHash.__init__(self, cipher.engine(key))
        self._ctr = bytearray(16)  # running counter

    _bits = (128, 192, 256)  # key sizes generate_key offers
    _max = _MAX_DATA
    generate_key = classmethod(_aead.generate_key)
    encrypt = _aead.encrypt
    decrypt = _aead.decrypt

    # --- internals -------------------------------------------------------------------------

    # _hash(buf, n) and _lens(a, c) GHASH into _y (mac/ghash.py's GcmHash).

    def _start(self, nonce, aad):
        # §7.1 steps 2-3: J0 and E(K, J0), then GHASH of the AAD into _y; returns the AAD
        # length.
        self._set_nonce(nonce)
        c = self._ctr
        c[:] = self._j0
        # inc32 (§6.2): the first data counter is J0 + 1 mod 2**32 in the low word.
        i = 15
        while i >= 12:
            v = (c[i] + 1) & 0xFF
            c[i] = v
            if v:
                break
            i -= 1
        alen = len(aad)
        self._hash(aad, alen)
        return alen

    # --- public API ------------------------------------------------------------------------
    # Arguments are validated in full (types, lengths, a writable output: mpcrypto._util
    # rbuf / wbuf) before anything is written. encrypt / decrypt allocate and call the
    # *_into forms, which are the bulk paths (no further call layer).

    def encrypt_into(self, nonce, data, associated_data, out):
        """Write ciphertext || tag into ``out``; returns None."""
        nonce = _nonce(nonce)
        aad = b"" if associated_data is None else rbuf(associated_data)
        data = rbuf(data)
        n = _aead.seal_len(data, out, self._t, _MAX_DATA)
        alen = self._start(nonce, aad)
        _ctr_crypt(self._e, data, out, n, self._ctr, 4, self._b)
        self._hash(out, n)
        self._lens(alen, n)
        y = self._y
        s = self._s
        for i in range(self._t):
            out[n + i] = y[i] ^ s[i]

    def _verify(self, nonce, data, aad):
        # Tag check before any decryption (§7.2 steps 5-8). Returns the plaintext length.
        n = len(data)
        t = self._t
        if n < t:
            raise InvalidTag()
        n -= t
        alen = self._start(nonce, aad)
        self._hash(data, n)
        self._lens(alen, n)
        y = self._y
        s = self._s
        b = self._b
        for i in range(t):
            b[i] = y[i] ^ s[i]
        if not ct_eq_at(b, 0, data, n, t):  # constant time over the full tag
            raise InvalidTag()
        return n

    def decrypt_into(self, nonce, data, associated_data, out):
        """Check the tag, then write the plaintext into ``out``; returns None."""
        nonce = _nonce(nonce)
        aad = b"" if associated_data is None else rbuf(associated_data)
        data = rbuf(data)
        out = wbuf(out)
        if len(out) < len(data) - self._t:
            raise ValueError("output too small")
        n = self._verify(nonce, data, aad)
        _ctr_crypt(self._e, data, out, n, self._ctr, 4, self._b)


class AESGCM(GCM):
    """AES-GCM (pyca's ``AESGCM``): 16/24/32-byte keys."""

    def __init__(self, key, tag_length=16):
        GCM.__init__(self, _aes, key, tag_length)


class CamelliaGCM(GCM):
    """Camellia-GCM (SP 800-38D over Camellia, as RFC 6367 uses it in TLS): 16/24/32-byte
    keys. pyca has no such class; same API as ``AESGCM``."""

    def __init__(self, key, tag_length=16):
        GCM.__init__(self, _aead.by_name("mpcrypto.cipher.camellia"), key, tag_length)


class SM4GCM(GCM):
    """SM4-GCM (RFC 8998 §3.1): 16-byte keys. pyca has no such class; same API as
    ``AESGCM``."""

    _bits = (128,)

    def __init__(self, key, tag_length=16):
        GCM.__init__(self, _aead.by_name("mpcrypto.cipher.sm4"), key, tag_length)
