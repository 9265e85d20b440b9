"""GMAC (NIST SP 800-38D §3, GCM with an empty plaintext: the message is the AAD) over any
128-bit block cipher, shaped like ``hmac`` with a nonce.

::

    from mpcrypto.mac import gmac
    m = gmac.GMAC(key, nonce, msg)              # AES-GMAC (cipher defaults to AES)
    m = gmac.GMAC(key, nonce, cipher=sm4)       # any cipher module with block_size 16
    m.update(more); tag = m.digest()            # 16 bytes; digest() does not finalize
    m.verify(tag)                               # raises InvalidSignature on mismatch
    m.verify_truncated(tag, 12)                 # a tag sent truncated to 12 bytes

- The tag equals ``AESGCM(key).encrypt(nonce, b"", msg)`` (and the other GCM classes): one
  GHASH underneath both (``mac/ghash.py``'s ``GcmHash`` sets up H, J0 and E(K, J0) for
  ``aead/gcm.py`` and here; the GHASH backend of the ``"ghash"`` seam does the blocks).
- ``nonce``: 1 byte or more (12 is the fast path), ``ValueError`` when empty; a nonce must
  never repeat under one key (SP 800-38D §8). ``msg`` up to 2**61 - 1 bytes.
- ``verify(tag)``: the full 16-byte tag only; ``verify_truncated(tag, tlen)``: exactly
  ``tlen`` bytes, ``tlen`` one of 16, 15, 14, 13, 12, 8, 4 (§5.2.1.2, ``ValueError``
  otherwise). Both compare in constant time and raise ``InvalidSignature`` (as ``mac.hmac``
  and ``mac.cmac`` do).
- Buffers: key, nonce and message are read as their bytes whatever their item type.

Allocation: ``update`` with whole blocks goes straight to the GHASH kernel; a partial block
is held in a 16-byte buffer. ``digest`` allocates the tag and one state copy.
Constant time: as the GCM backends (the tag comparison is constant time).
"""

from mpcrypto._ct import ct_eq_at
from mpcrypto._util import rbuf
from mpcrypto.exceptions import InvalidSignature
from mpcrypto.mac import ghash as _ghash

_TAG_LENGTHS = (16, 15, 14, 13, 12, 8, 4)


class GMAC:
    def __init__(self, key, nonce, msg=None, cipher=None):
        if cipher is None:
            from mpcrypto.cipher import aes as cipher
        key = _ghash.check_key(cipher, key)  # ValueError unless a 128-bit block cipher
        g = _ghash.GcmHash(cipher.engine(key))  # H and its GHASH context
        g._set_nonce(_ghash.check_nonce(nonce))  # J0, E(K, J0), GHASH state zeroed (§7.1)
        self._gh = g._g  # GHASH context (H)
        self._y = g._y  # GHASH accumulator
        self._s = g._s  # E(K, J0)
        self._buf = bytearray(16)  # a partial block
        self._n = 0  # bytes in _buf
        self._len = 0  # message bytes absorbed
        self.digest_size = 16
        self.block_size = 16
        self.name = "gmac-" + cipher.name
        if msg is not None:
            self.update(msg)

    def update(self, msg):
        msg = rbuf(msg)
        n = len(msg)
        self._len += n
        buf = self._buf
        p = self._n
        i = 0
        if p:
            while p < 16 and i < n:
                buf[p] = msg[i]
                p += 1
                i += 1
            if p < 16:
                self._n = p
                return
            self._gh.update(self._y, buf, 1)
            p = 0
        nb = (n - i) >> 4
        if nb:
            self._gh.update(self._y, msg if i == 0 else memoryview(msg)[i:], nb)
            i += nb << 4
        while i < n:
            buf[p] = msg[i]
            p += 1
            i += 1
        self._n = p

    def _tag(self):
        # §7.1 steps 5-6 on a copy of the state: zero-padded tail, [len(A)]_64 || [0]_64.
        y = bytearray(self._y)
        b = bytearray(16)
        p = self._n
        if p:
            b[:p] = memoryview(self._buf)[:p]
            self._gh.update(y, b, 1)
        a = self._len << 3
        for i in range(7, -1, -1):
            b[i] = a & 0xFF
            b[8 + i] = 0
            a >>= 8
        self._gh.update(y, b, 1)
        s = self._s
        for i in range(16):
            y[i] ^= s[i]
        return y

    def digest(self):
        return bytes(self._tag())

    def hexdigest(self):
        return "".join("%02x" % b for b in self.digest())

    def verify(self, tag):
        """Raise ``InvalidSignature`` unless ``tag`` is the full 16-byte MAC."""
        self.verify_truncated(tag, 16)

    def verify_truncated(self, tag, tlen):
        """Raise ``InvalidSignature`` unless ``tag`` is exactly ``tlen`` bytes and the
        leftmost ``tlen`` bytes of the MAC."""
        tag = rbuf(tag)
        if type(tlen) is not int:
            raise TypeError("tlen")
        if tlen not in _TAG_LENGTHS:
            raise ValueError("tlen")
        t = self._tag()
        if len(tag) != tlen or not ct_eq_at(t, 0, tag, 0, tlen):
            raise InvalidSignature("bad MAC")


def new(key, nonce, msg=None, cipher=None):
    return GMAC(key, nonce, msg, cipher)
