"""CMAC (NIST SP 800-38B, RFC 4493 for AES) over any block cipher of ``cipher/modes.py``,
shaped like ``hmac``.

::

    from mpcrypto.mac import cmac
    from mpcrypto.cipher import camellia
    m = cmac.new(key, msg)                      # AES-CMAC (cipher defaults to AES)
    m = cmac.CMAC(key, msg, cipher=camellia)    # Camellia-CMAC; sm4, des (TDEA-CMAC) too
    m.update(more); tag = m.digest()            # digest() does not finalize
    m.verify(tag)                               # raises InvalidSignature on mismatch
    cmac.digest(key, msg, cipher)               # one shot

- ``cipher``: a cipher's public module (``mpcrypto.cipher.aes``, ``camellia``, ``sm4``,
  ``des``): 128-bit blocks use R_128 = 0x87, 64-bit blocks (3DES) R_64 = 0x1B (§5.3).
  The key is checked by the cipher (``ValueError`` for a bad length, ``TypeError`` for a
  non-buffer).
- ``digest()`` returns the full block-size tag. ``verify(tag)`` accepts only the full tag
  (constant-time compare; any other length or any mismatch raises ``InvalidSignature``, which
  is what ``mac.hmac`` raises too: one exception for MAC failures). A protocol that sends
  a truncated tag (SP 800-38B §5.1: the leftmost Tlen bits) uses
  ``verify_truncated(tag, tlen)``, which insists on exactly ``tlen`` bytes (4..block size,
  ``ValueError`` otherwise) so an attacker cannot shorten the tag it is checked against.
- ``copy()``, ``digest_size`` and ``block_size`` (the cipher's block size), ``name``
  (``"cmac-aes"`` ...).
- Buffers: key and message are read as their bytes whatever their item type (the rule of
  ``mpcrypto._util``).

Algorithm (§6.1, §6.2): L = E(K, 0^b); K1 = dbl(L), K2 = dbl(K1) (shift left by one bit,
XOR R_b into the last byte when the top bit was set, done with a mask, not a branch). The
message is CBC-MACed with a zero IV through the engine's ``cbc_encrypt`` kernel (the chaining
value is the MAC state) into a 256-byte scratch, always holding back the last (possibly
complete) block: at ``digest`` it is XORed with K1 when complete, else padded 10* and XORed
with K2, and enciphered once more.

Constant time: as constant as the block cipher (table-based AES/Camellia/SM4 engines are
not); the subkey derivation and tag comparison have no secret-dependent branch.
Allocation: ``update`` slices its input once when data is pending (a memoryview);
``digest`` allocates the tag.
"""

from mpcrypto._ct import ct_eq_at
from mpcrypto._util import rbuf
from mpcrypto.exceptions import InvalidSignature

_SCRATCH = 256  # bytes of CBC output sink per kernel call
_SHELL = object()  # private key value: an empty object for copy()


def _dbl(src, dst, bs):
    # dst = src << 1 (as a bs-byte big-endian number) ^ (msb ? R_b : 0), §5.3 / §6.1.
    msb = src[0] >> 7
    for i in range(bs - 1):
        dst[i] = ((src[i] << 1) | (src[i + 1] >> 7)) & 0xFF
    dst[bs - 1] = ((src[bs - 1] << 1) & 0xFF) ^ ((0x87 if bs == 16 else 0x1B) & -msb)


class CMAC:
    """A CMAC computation: ``CMAC(key, msg=None, cipher=aes)``."""

    def __init__(self, key, msg=None, cipher=None):
        if key is _SHELL:
            return  # copy() fills the fields in
        if cipher is None:
            from mpcrypto.cipher import aes as cipher
        bs = getattr(cipher, "block_size", 0)
        if bs != 16 and bs != 8:
            raise TypeError("cipher")
        e = cipher.engine(cipher.check_key(key))
        self._e = e
        self._bs = bs
        self.digest_size = bs
        self.block_size = bs
        self.name = "cmac-" + cipher.name
        # Subkeys (§6.1): L = E(K, 0^b), K1 = dbl(L), K2 = dbl(K1).
        l = bytearray(bs)
        e.ecb_encrypt(l, l, 1)
        self._k1 = bytearray(bs)
        self._k2 = bytearray(bs)
        _dbl(l, self._k1, bs)
        _dbl(self._k1, self._k2, bs)
        for i in range(bs):
            l[i] = 0
        self._x = bytearray(bs)  # CBC-MAC state (chaining value)
        self._buf = bytearray(bs)  # the held-back last block
        self._n = 0  # bytes in _buf
        self._w = bytearray(_SCRATCH)  # CBC output sink
        if msg is not None:
            self.update(msg)

    def update(self, msg):
        msg = rbuf(msg)
        n = len(msg)
        if not n:
            return
        bs = self._bs
        buf = self._buf
        p = self._n
        i = 0
        if p:
            # Fill the held-back block; MAC it only once more data is known to follow.
            t = bs - p
            if t > n:
                t = n
            for j in range(t):
                buf[p + j] = msg[j]
            p += t
            i = t
            if i == n:
                self._n = p
                return
            self._e.cbc_encrypt(buf, self._w, 1, self._x)
            p = 0
        # Whole blocks that are surely not the last one, many per kernel call.
        nb = (n - i - 1) // bs
        e = self._e
        x = self._x
        w = self._w
        per = _SCRATCH // bs
        while nb:
            k = nb if nb < per else per
            e.cbc_encrypt(msg if i == 0 else memoryview(msg)[i:], w, k, x)
            i += k * bs
            nb -= k
        r = n - i  # 1..bs bytes held back
        for j in range(r):
            buf[j] = msg[i + j]
        self._n = r

    def _tag(self, out):
        # §6.2 steps 4-6 on copies: the object keeps accepting update().
        bs = self._bs
        p = self._n
        buf = self._buf
        k = self._k1 if p == bs else self._k2
        last = bytearray(bs)
        for i in range(bs):
            if i < p:
                v = buf[i]
            elif i == p:
                v = 0x80  # padding 10*
            else:
                v = 0
            last[i] = v ^ k[i]
        out[:] = self._x
        self._e.cbc_encrypt(last, last, 1, out)

    def digest(self):
        out = bytearray(self._bs)
        self._tag(out)
        return bytes(out)

    def hexdigest(self):
        return "".join("%02x" % b for b in self.digest())

    def copy(self):
        c = CMAC(_SHELL)
        c._e = self._e  # engines hold only the key schedule: shared
        c._bs = self._bs
        c.digest_size = self.digest_size
        c.block_size = self.block_size
        c.name = self.name
        c._k1 = self._k1
        c._k2 = self._k2
        c._x = bytearray(self._x)
        c._buf = bytearray(self._buf)
        c._n = self._n
        c._w = bytearray(_SCRATCH)
        return c

    def verify(self, tag):
        """Raise ``InvalidSignature`` unless ``tag`` is the full MAC. Constant time in the
        tag contents."""
        self.verify_truncated(tag, self._bs)

    def verify_truncated(self, tag, tlen):
        """Raise ``InvalidSignature`` unless ``tag`` is exactly ``tlen`` bytes and equals the
        leftmost ``tlen`` bytes of the MAC (SP 800-38B §5.1). ``tlen``: 4 up to the block
        size (``ValueError`` otherwise; SP 800-38B Appendix A advises 8 bytes or more)."""
        tag = rbuf(tag)
        if type(tlen) is not int:
            raise TypeError("tlen")
        if tlen < 4 or tlen > self._bs:
            raise ValueError("tlen")
        out = bytearray(self._bs)
        self._tag(out)
        if len(tag) != tlen or not ct_eq_at(out, 0, tag, 0, tlen):
            raise InvalidSignature("bad MAC")


def new(key, msg=None, cipher=None):
    """A new CMAC object (``cipher`` defaults to ``mpcrypto.cipher.aes``)."""
    return CMAC(key, msg, cipher)


def digest(key, msg, cipher=None):
    """One-shot CMAC of ``msg``."""
    return CMAC(key, msg, cipher).digest()
