"""ChaCha20-Poly1305 (RFC 8439 §2.8) and XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha-03 §2),
shaped like pyca's ``ChaCha20Poly1305``.

::

    from mpcrypto.aead.chacha20poly1305 import ChaCha20Poly1305, XChaCha20Poly1305
    a = ChaCha20Poly1305(key)             # 32-byte key
    ct = a.encrypt(nonce, data, aad)      # 12-byte nonce; ciphertext || 16-byte tag
    pt = a.decrypt(nonce, ct, aad)        # raises InvalidTag, releases no plaintext
    x = XChaCha20Poly1305(key)            # the same with a 24-byte nonce (random nonces OK)

- ``key``: 32 bytes; ``nonce``: 12 bytes (ChaCha20Poly1305) or 24 (XChaCha20Poly1305);
  other lengths raise ``ValueError``, non-buffers ``TypeError``. ``associated_data`` may be
  None (same as b""). Plaintext at most 2**38 - 64 bytes (the 32-bit block counter, §2.8).
- ``generate_key()`` (classmethod): 32 bytes from the library's entropy source
  (``mpcrypto._util.resolve_rng``: a board's TRNG, else ``os.urandom``;
  ``UnsupportedAlgorithm`` without one).
- ``encrypt_into(nonce, data, aad, out)`` / ``decrypt_into(...)`` write into a caller's
  buffer (``len(data) + 16`` / ``len(data) - 16`` bytes or more) and return None; ``out`` may
  be ``data`` (in place) or overlap it starting at or before it.
- Buffers (the rule of ``mpcrypto._util``): key, nonce, data and AAD are read as their bytes
  whatever their item type; ``out`` must be a writable byte buffer, else ``TypeError``. Every
  argument is checked before anything is written.
- Decryption computes the tag over the ciphertext and checks it (constant time, full length)
  before decrypting anything: on a bad tag nothing is written and ``InvalidTag`` is raised.

Construction (§2.8): the Poly1305 one-time key is the first 32 bytes of the ChaCha20 block
with counter 0 (§2.6); the data is encrypted from counter 1; the tag is Poly1305 over
aad || pad16 || ciphertext || pad16 || le64(len(aad)) || le64(len(ciphertext)).
XChaCha20: subkey = HChaCha20(key, nonce[0:16]), then the above with the nonce
0x00000000 || nonce[16:24] (draft §2.3).

Backends: ChaCha20 through seam primitive ``"chacha20"`` (``cipher/chacha20``), Poly1305
through ``"poly1305"`` (``mac/poly1305``): Thumb-2 on bare-metal Cortex-M (ChaCha20 from M3,
Poly1305 from M4), else viper, else portable Python. Constant time with the thumb and viper
backends (ARX cipher, fixed-sequence Poly1305, constant-time tag compare); the portable
Poly1305 uses interpreter integers and is not. Allocation: ``*_into`` with data whose length
is a multiple of 16 bytes allocates nothing on the viper backends; ``encrypt`` / ``decrypt``
allocate the result.

Per call, besides the kernels' work on the data: one ChaCha20 block (the Poly1305 key), the
Poly1305 set-up, the length block and the tag, and the argument checks. The key words of the
state are written once, in ``__init__`` (ChaCha20Poly1305; XChaCha20's subkey changes with
the nonce); the length block is ``struct.pack_into`` and the tag one slice assignment (no
allocation, no per-byte Python loop), and ``encrypt_into`` calls no helper method for whole
blocks.
"""

from struct import pack_into

from mpcrypto._ct import ct_eq_at
from mpcrypto._util import rbuf, resolve_rng
from mpcrypto.aead import _aead
from mpcrypto.cipher import chacha20 as _cc
from mpcrypto.exceptions import InvalidTag
from mpcrypto.mac import poly1305 as _poly

_MAX_DATA = (1 << 38) - 64  # 2**32 - 1 blocks of 64 bytes after the key block (§2.8)


def backends():
    """ChaCha20 backends (the AEAD runs on the selected ChaCha20 and Poly1305 backends)."""
    return _cc.backends()


def poly1305_backends():
    return _poly.backends()


class ChaCha20Poly1305:
    """ChaCha20-Poly1305 with one key (RFC 8439 §2.8). Constant time on the viper backends."""

    _nlen = 12
    _t = 16
    _max = _MAX_DATA
    encrypt = _aead.encrypt
    decrypt = _aead.decrypt

    def __init__(self, key):
        self._key = _cc.check_key(key)
        self._k = _cc.kernel()
        self._p = _poly.engine()
        self._st = st = _cc.new_state()
        self._z = bytearray(64)  # zeros: the input of a key-stream block
        self._ks = bytearray(64)  # key-stream block (the one-time key, a tail)
        self._b = bytearray(16)  # padded tail / length block / expected tag
        if self._nlen == 24:
            self._sub = bytearray(32)  # XChaCha20 subkey
            self._n12 = bytearray(12)  # its ChaCha20 nonce: 0^32 || nonce[16:24]
        else:
            st[16:48] = self._key  # state words 4..11: the key, the same for every message

    @classmethod
    def generate_key(cls):
        return resolve_rng(None)(32)  # UnsupportedAlgorithm without entropy

    # --- internals -------------------------------------------------------------------------

    def _nonce(self, nonce):
        nonce = rbuf(nonce)
        if len(nonce) != self._nlen:
            raise ValueError("nonce must be %d bytes" % self._nlen)
        return nonce

    def _start(self, nonce, aad):
        # Key the state (counter 0), derive the Poly1305 key (§2.6), MAC the padded AAD.
        # Leaves the state at counter 1, ready for the data; returns the Poly1305 context.
        st = self._st
        k = self._k
        if self._nlen == 24:
            # XChaCha20 (draft §2.3): subkey from HChaCha20, nonce 0^32 || nonce[16:24]
            sub = self._sub
            _cc.hchacha_into(k, st, self._key, nonce, self._z, self._ks, sub)
            n12 = self._n12
            for i in range(8):
                n12[4 + i] = nonce[16 + i]
            _cc.set_state(st, sub, 0, n12)
        else:
            # the key is in place since __init__: the counter (0) and the nonce
            st[48] = st[49] = st[50] = st[51] = 0
            st[52:64] = nonce
        ks = self._ks
        k.xor(st, self._z, ks, 0, 1)
        p = self._p
        p.init(ks)
        alen = len(aad)
        if alen:
            _poly.mac_padded(p, aad, alen, self._b)
        return p

    def _crypt(self, src, dst, n):
        # ChaCha20 from counter 1 (set by _start): whole blocks in one kernel call, a tail
        # through one key-stream block.
        nb = n >> 6
        if nb:
            self._k.xor(self._st, src, dst, 0, nb)
        if n & 63:
            self._crypt_tail(src, dst, n)

    def _crypt_tail(self, src, dst, n):
        # the last n % 64 bytes (the whole blocks before them done): one key-stream block
        r = n & 63
        ks = self._ks
        self._k.xor(self._st, self._z, ks, 0, 1)
        o = n - r
        for i in range(r):
            dst[o + i] = src[o + i] ^ ks[i]

    def _tag(self, p, ct, n, alen):
        # MAC the padded ciphertext and the lengths block (le64 || le64 by struct.pack_into:
        # no allocation); the tag goes to _b.
        b = self._b
        _poly.mac_padded(p, ct, n, b)
        pack_into("<QQ", b, 0, alen, n)
        p.blocks(b, 0, 1, 1)
        p.finish(b)

    # --- public API ------------------------------------------------------------------------

    def encrypt_into(self, nonce, data, associated_data, out):
        """Write ciphertext || tag into ``out``; returns None."""
        # _nonce, _crypt and _tag written out: a Python method call costs about as much as
        # a 64-byte ChaCha20 block here, and this is the bulk path.
        nonce = rbuf(nonce)
        if len(nonce) != self._nlen:
            raise ValueError("nonce must be %d bytes" % self._nlen)
        aad = b"" if associated_data is None else rbuf(associated_data)
        data = rbuf(data)
        n = _aead.seal_len(data, out, 16, _MAX_DATA)
        p = self._start(nonce, aad)
        nb = n >> 6
        if nb:
            self._k.xor(self._st, data, out, 0, nb)
        if n & 63:
            self._crypt_tail(data, out, n)
        b = self._b
        _poly.mac_padded(p, out, n, b)
        pack_into("<QQ", b, 0, len(aad), n)
        p.blocks(b, 0, 1, 1)
        p.finish(b)
        out[n:n + 16] = b

    def decrypt_into(self, nonce, data, associated_data, out):
        """Check the tag, then write the plaintext into ``out``; returns None."""
        nonce = self._nonce(nonce)
        aad = b"" if associated_data is None else rbuf(associated_data)
        data = rbuf(data)
        n = _aead.open_len(data, out, 16)
        p = self._start(nonce, aad)
        self._tag(p, data, n, len(aad))
        if not ct_eq_at(self._b, 0, data, n, 16):  # constant time over the full tag
            raise InvalidTag()
        self._crypt(data, out, n)


class XChaCha20Poly1305(ChaCha20Poly1305):
    """XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha-03 §2): a 24-byte nonce, safe to draw at
    random. Constant time on the viper backends."""

    _nlen = 24
