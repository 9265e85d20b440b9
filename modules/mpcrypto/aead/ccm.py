"""CCM (NIST SP 800-38C, RFC 3610) over any 128-bit block cipher, shaped like pyca's ``AESCCM``.

::

    from mpcrypto.aead.ccm import AESCCM, SM4CCM, CamelliaCCM, CCM
    c = AESCCM(key, tag_length=16)       # tag_length in 4, 6, 8, 10, 12, 14, 16
    c = SM4CCM(key)                      # RFC 8998; CamelliaCCM; CCM(cipher_module, key)
    ct = c.encrypt(nonce, data, aad)     # ciphertext || tag
    pt = c.decrypt(nonce, ct, aad)       # raises InvalidTag, releases no plaintext

- Nonce: 7..13 bytes (``ValueError`` otherwise). With n nonce bytes the length field has
  q = 15 - n bytes, so the payload must be shorter than 2**(8q) bytes (``ValueError``):
  65535 bytes for a 13-byte nonce (SP 800-38C §A.1).
- ``associated_data`` may be None. ``encrypt_into`` / ``decrypt_into`` write into a caller's
  buffer and return None.
- Buffers (the rule of ``mpcrypto._util``): key, nonce, data and AAD are read as their bytes
  whatever their item type; ``out`` must be a writable byte buffer (``bytearray``,
  ``array('B')`` or a memoryview of one), else ``TypeError``. Every argument is checked
  before anything is written.
- Decryption must decrypt before it can check the tag (CCM MACs the plaintext); the
  plaintext is written into the output buffer, and on a bad tag that buffer is zeroed before
  ``InvalidTag`` is raised (``decrypt`` never returns it). The tag compare is constant time.

Formatting (SP 800-38C §A.2): B0 = flags || N || [len(P)]_q with flags = 64·(AAD present) +
8·((t-2)/2) + (q-1); the AAD is prefixed by its length (2, 6 or 10 bytes, §A.2.2) and
zero-padded; the payload is zero-padded. CBC-MAC runs through the AES engine's
``cbc_encrypt`` kernel (chaining value = the MAC) into a 256-byte scratch; CTR uses
``ctr_xor`` with counter blocks A_i = (q-1) || N || [i]_q (§A.3). A block counter below
2**(8q) never carries out of the q-byte field, so the 128-bit increment is exact.
Allocation: the AAD is copied once into a formatted buffer; whole-block payloads otherwise
go straight through the kernels. Constant time with the AES backend ``thumb_ct``
(``aes_ct_thumb``, bitsliced: the default on Cortex-M7/M55/M85, ``_backend.force("aes",
"thumb_ct")`` elsewhere); not with the table-based AES engines.
"""

from micropython import const
from mpcrypto._ct import ct_eq_at
from mpcrypto._util import rbuf, wbuf
from mpcrypto.aead import _aead
from mpcrypto.cipher import aes as _aes
from mpcrypto.cipher.modes import ctr_crypt as _ctr_crypt
from mpcrypto.exceptions import InvalidTag

_TAG_LENGTHS = (4, 6, 8, 10, 12, 14, 16)
_SCRATCH = const(256)


def backends():
    """AES backends (CCM runs on the selected AES backend)."""
    return _aes.backends()


class CCM:
    """CCM over any 128-bit block cipher: ``CCM(cipher, key, tag_length=16)``, ``cipher``
    being the cipher's public module (``mpcrypto.cipher.aes``, ``camellia``, ``sm4``: see
    ``cipher/modes.py``). ``AESCCM``, ``CamelliaCCM`` and ``SM4CCM`` fix the cipher.
    Constant time only with the AES backend ``thumb_ct`` (see the module docstring)."""

    def __init__(self, cipher, key, tag_length=16):
        if getattr(cipher, "block_size", 0) != 16:
            raise ValueError("CCM needs a 128-bit block cipher")
        key = cipher.check_key(key)
        if type(tag_length) is not int:
            raise TypeError("tag_length")
        if tag_length not in _TAG_LENGTHS:
            raise ValueError("tag_length")
        self._t = tag_length
        self._e = cipher.engine(key)
        self._y = bytearray(16)  # CBC-MAC state
        self._ctr = bytearray(16)  # counter block A_i
        self._s0 = bytearray(16)  # S_0 = E(A_0)
        self._b = bytearray(16)  # B0 / padded tail / key stream / received tag
        self._w = bytearray(_SCRATCH)  # CBC-MAC output sink

    _bits = (128, 192, 256)  # key sizes generate_key offers
    _max = None  # encrypt_into checks it: the limit depends on the nonce
    generate_key = classmethod(_aead.generate_key)
    encrypt = _aead.encrypt
    decrypt = _aead.decrypt

    def _mac(self, buf, n):
        # CBC-MAC n bytes of buf (zero-padding the tail) into _y.
        e = self._e
        y = self._y
        w = self._w
        nb = n >> 4
        o = 0
        while nb:
            k = nb if nb < (_SCRATCH >> 4) else (_SCRATCH >> 4)
            e.cbc_encrypt(buf if o == 0 else memoryview(buf)[o:], w, k, y)
            o += k << 4
            nb -= k
        r = n - o
        if r:
            b = self._b
            for i in range(16):
                b[i] = buf[o + i] if i < r else 0
            e.cbc_encrypt(b, w, 1, y)

    def _start(self, nonce, data_len, aad):
        # Validate the nonce and AAD, MAC B0 and the formatted AAD, prepare A_1 and S_0.
        nonce = rbuf(nonce)
        aad = b"" if aad is None else rbuf(aad)
        nlen = len(nonce)
        alen = len(aad)
        if nlen < 7 or nlen > 13:
            raise ValueError("nonce")
        q = 15 - nlen
        if q < 8 and data_len >> (8 * q):
            raise ValueError("data too long")
        b = self._b
        b[0] = (64 if alen else 0) | (((self._t - 2) >> 1) << 3) | (q - 1)
        for i in range(nlen):
            b[1 + i] = nonce[i]
        x = data_len
        for i in range(15, nlen, -1):
            b[i] = x & 0xFF
            x >>= 8
        y = self._y
        for i in range(16):
            y[i] = 0
        self._e.cbc_encrypt(b, self._w, 1, y)
        if alen:
            # §A.2.2: a < 2**16 - 2**8: 2 bytes; < 2**32: 0xff 0xfe + 4; else 0xff 0xff + 8.
            if alen < 0xFF00:
                hdr = bytearray(2 + alen)
                hdr[0] = alen >> 8
                hdr[1] = alen & 0xFF
                p = 2
            elif alen >> 32 == 0:
                hdr = bytearray(6 + alen)
                hdr[0] = 0xFF
                hdr[1] = 0xFE
                for i in range(4):
                    hdr[2 + i] = (alen >> (24 - 8 * i)) & 0xFF
                p = 6
            else:
                hdr = bytearray(10 + alen)
                hdr[0] = 0xFF
                hdr[1] = 0xFF
                for i in range(8):
                    hdr[2 + i] = (alen >> (56 - 8 * i)) & 0xFF
                p = 10
            hdr[p:] = aad
            self._mac(hdr, len(hdr))
        # A_0 = (q-1) || N || 0^q; S_0 = E(A_0); the counter continues at A_1.
        c = self._ctr
        c[0] = q - 1
        for i in range(nlen):
            c[1 + i] = nonce[i]
        for i in range(1 + nlen, 16):
            c[i] = 0
        self._e.ecb_encrypt(c, self._s0, 1)
        c[15] = 1

    # --- public API ------------------------------------------------------------------------
    # Arguments are validated in full (types, lengths, a writable output: mpcrypto._util
    # rbuf / wbuf) before anything is written. encrypt / decrypt allocate and call the
    # *_into forms, which are the bulk paths (no further call layer).

    def encrypt_into(self, nonce, data, associated_data, out):
        """Write ciphertext || tag into ``out`` (``out`` may be ``data``); returns None."""
        data = rbuf(data)
        n = len(data)
        out = wbuf(out)
        if len(out) < n + self._t:
            raise ValueError("output too small")
        self._start(nonce, n, associated_data)
        self._mac(data, n)  # T = MAC over the plaintext, before it may be overwritten
        _ctr_crypt(self._e, data, out, n, self._ctr, 16, self._b)
        y = self._y
        s = self._s0
        for i in range(self._t):
            out[n + i] = y[i] ^ s[i]

    def decrypt_into(self, nonce, data, associated_data, out):
        """Decrypt and verify into ``out``; on a bad tag ``out`` is zeroed and InvalidTag
        raised. Returns None."""
        data = rbuf(data)
        n = len(data)
        t = self._t
        out = wbuf(out)
        if len(out) < n - t:
            raise ValueError("output too small")
        if n < t:
            rbuf(nonce)  # a wrong type is still a TypeError
            raise InvalidTag()
        n -= t
        self._start(nonce, n, associated_data)
        # Save the received tag first: out may overlap data.
        s = self._s0
        tag = self._b
        for i in range(t):
            tag[i] = data[n + i] ^ s[i]  # T = received tag ^ MSB_t(S_0)
        for i in range(t, 16):
            tag[i] = 0
        s[:] = tag  # keep the expected T in _s0 (S_0 is no longer needed)
        _ctr_crypt(self._e, data, out, n, self._ctr, 16, self._b)
        self._mac(out, n)
        if not ct_eq_at(self._y, 0, s, 0, t):  # constant time over the full tag
            for i in range(n):
                out[i] = 0
            raise InvalidTag()


class AESCCM(CCM):
    """AES-CCM (pyca's ``AESCCM``): 16/24/32-byte keys."""

    def __init__(self, key, tag_length=16):
        CCM.__init__(self, _aes, key, tag_length)


class CamelliaCCM(CCM):
    """Camellia-CCM (SP 800-38C over Camellia, as RFC 6367 uses it in TLS): 16/24/32-byte
    keys. pyca has no such class; same API as ``AESCCM``."""

    def __init__(self, key, tag_length=16):
        CCM.__init__(self, _aead.by_name("mpcrypto.cipher.camellia"), key, tag_length)


class SM4CCM(CCM):
    """SM4-CCM (RFC 8998 §3.2): 16-byte keys. pyca has no such class; same API as
    ``AESCCM``."""

    _bits = (128,)

    def __init__(self, key, tag_length=16):
        CCM.__init__(self, _aead.by_name("mpcrypto.cipher.sm4"), key, tag_length)
