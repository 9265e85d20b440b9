"""Ascon-AEAD128 (NIST SP 800-232 §4, the final standard: not Ascon-128/128a v1.2), shaped
like pyca's AEAD classes.

::

    from mpcrypto.aead.ascon import AsconAEAD128
    a = AsconAEAD128(key)                 # 16-byte key
    ct = a.encrypt(nonce, data, aad)      # 16-byte nonce; ciphertext || 16-byte tag
    pt = a.decrypt(nonce, ct, aad)        # raises InvalidTag, releases no plaintext

- ``key`` 16 bytes, ``nonce`` 16 bytes (``ValueError`` otherwise; ``TypeError`` for a
  non-buffer). The nonce must never repeat under one key (SP 800-232 §4). ``associated_data``
  may be None (same as b""). The tag is 128 bits (§4: truncation is not offered here).
- ``generate_key()`` (classmethod): 16 bytes from the library's entropy source
  (``mpcrypto._util.resolve_rng``; ``UnsupportedAlgorithm`` without one).
- ``encrypt_into(nonce, data, aad, out)`` / ``decrypt_into(...)`` write into a caller's
  buffer (``len(data) + 16`` / ``len(data) - 16`` bytes or more) and return None; ``out`` may
  be ``data`` (in place) or overlap it starting at or before it.
- Buffers (the rule of ``mpcrypto._util``): inputs are read as their bytes whatever their
  item type; ``out`` must be a writable byte buffer, else ``TypeError``. Every argument is
  checked before anything is written.
- Decryption must decrypt to compute the tag (Ascon is a duplex: the tag follows the
  ciphertext through the state, but the plaintext comes out on the way). The plaintext is
  written into the output buffer; on a bad tag that buffer is zeroed before ``InvalidTag``
  is raised (``decrypt`` never returns it), as ``AESCCM`` does. The tag compare is constant
  time.

Algorithm (SP 800-232 §4.1): S = IV || K || N, Ascon-p[12], S ^= 0^192 || K; associated data
(if any) padded with 1 || 0* to 16-byte blocks, each XORed into S[0:16] then Ascon-p[8];
S ^= 0^319 || 1 (domain separation, always); plaintext blocks of 16 bytes XORed into
S[0:16] (the ciphertext), Ascon-p[8] after each full block, the last (possibly empty)
partial block padded; S ^= 0^128 || K || 0^64, Ascon-p[12], tag = S[24:40] ^ K.

Backends: the permutation seam ``"ascon"`` (``hash/_ascon``): Thumb-2 on bare-metal
Cortex-M3 and up, else viper on 32-bit lane halves, else portable Python. The viper kernel
also has the AEAD's steps as three calls (``aead_start``, ``aead_encrypt`` / ``aead_decrypt``
with the padded last block, and ``aead_final``, which writes the tag): with it a call costs
four kernel calls plus the checks of the arguments; the other backends run the same
algorithm through ``perm``, the bulk ``encrypt`` / ``decrypt`` and the byte I/O. Constant
time on the thumb and viper backends. Allocation: ``*_into`` with data and AAD whose lengths
are multiples of 16 bytes allocates nothing on the viper backend.
"""

from mpcrypto._ct import ct_eq_at
from mpcrypto._util import rbuf, resolve_rng
from mpcrypto.aead import _aead
from mpcrypto.exceptions import InvalidTag
from mpcrypto.hash import _ascon


def backends():
    """Ascon permutation backends usable here, best first."""
    return _ascon.backends()


def _check16(x, what):
    x = rbuf(x)
    if len(x) != 16:
        raise ValueError(what + " must be 16 bytes")
    return x


class AsconAEAD128:
    """Ascon-AEAD128 with one key (SP 800-232 §4). Constant time on the viper backend."""

    _t = 16
    _max = None
    encrypt = _aead.encrypt
    decrypt = _aead.decrypt

    def __init__(self, key):
        self._key = bytes(_check16(key, "key"))
        self._st = _ascon.new_state()
        self._b = bytearray(16)  # the received tag
        self._c = bytearray(16)  # a ciphertext tail, then the expected tag
        self._k = None  # the kernel module of the last call
        self._fast = False  # it has aead_start / aead_encrypt / aead_decrypt / aead_final

    @classmethod
    def generate_key(cls):
        return resolve_rng(None)(16)  # UnsupportedAlgorithm without entropy

    def _start(self, k, nonce, aad):
        # §4.1.1 initialization and §4.1.2 step 2 (associated data). The domain bit is the
        # caller's (the three-call kernels add it themselves).
        st = self._st
        key = self._key
        if self._fast:
            k.aead_start(st, key, nonce)
        else:
            k.put_bytes(st, _ascon.IV_AEAD128, 0, 8, 0)
            k.put_bytes(st, key, 0, 16, 8)
            k.put_bytes(st, nonce, 0, 16, 24)
            k.perm(st, 12)
            k.xor_bytes(st, key, 0, 16, 24)
        alen = len(aad)
        if alen:
            nb = alen >> 4
            if nb:
                k.absorb(st, aad, 0, nb, 16, 8)
            r = alen & 15
            k.xor_bytes(st, aad, alen - r, r, 0)
            k.xor_bytes(st, _ascon.ONE, 0, 1, r)
            k.perm(st, 8)

    def _finish(self, k, out, o):
        # §4.1.2 step 4: S ^= 0^128 || K || 0^64; Ascon-p[12]; T = S[24:40] ^ K into out[o:].
        st = self._st
        key = self._key
        if self._fast:
            k.aead_final(st, key, out, o)
            return
        k.xor_bytes(st, key, 0, 16, 16)
        k.perm(st, 12)
        k.get_bytes(st, out, o, 16, 24)
        for i in range(16):
            out[o + i] ^= key[i]

    def _kernel(self):
        # The selected backend (looked up per call: tests force backends between calls) and
        # whether it has the three-call AEAD kernels (ascon_viper does; thumb and python use
        # the permutation and byte I/O).
        k = _ascon.kernel()
        if k is not self._k:
            self._k = k
            self._fast = hasattr(k, "aead_encrypt")
        return k

    def encrypt_into(self, nonce, data, associated_data, out):
        """Write ciphertext || tag into ``out``; returns None."""
        nonce = _check16(nonce, "nonce")
        aad = b"" if associated_data is None else rbuf(associated_data)
        data = rbuf(data)
        n = _aead.seal_len(data, out, 16)
        k = self._kernel()
        self._start(k, nonce, aad)
        st = self._st
        if self._fast:
            k.aead_encrypt(st, data, out, n)  # domain bit, whole blocks, padded last block
        else:
            k.xor_bytes(st, _ascon.TOP, 0, 1, 39)
            nb = n >> 4
            if nb:
                k.encrypt(st, data, out, 0, nb)
            r = n & 15
            o = n - r
            # last block (§4.1.2 step 3): S[0:r] ^= P, C = S[0:r], then the padding bit at r
            k.xor_bytes(st, data, o, r, 0)
            k.get_bytes(st, out, o, r, 0)
            k.xor_bytes(st, _ascon.ONE, 0, 1, r)
        self._finish(k, out, n)

    def decrypt_into(self, nonce, data, associated_data, out):
        """Decrypt and verify into ``out``; on a bad tag ``out`` is zeroed and InvalidTag
        raised. Returns None."""
        nonce = _check16(nonce, "nonce")
        aad = b"" if associated_data is None else rbuf(associated_data)
        data = rbuf(data)
        n = _aead.open_len(data, out, 16)
        b = self._b
        for i in range(16):
            b[i] = data[n + i]  # the received tag, saved first: out may overlap data
        k = self._kernel()
        self._start(k, nonce, aad)
        st = self._st
        c = self._c
        if self._fast:
            k.aead_decrypt(st, data, out, n)  # domain bit, whole blocks, padded last block
        else:
            k.xor_bytes(st, _ascon.TOP, 0, 1, 39)
            nb = n >> 4
            if nb:
                k.decrypt(st, data, out, 0, nb)
            r = n & 15
            o = n - r
            # last block (§4.1.3 step 3): P = C ^ S[0:r]; S[0:r] = C; the padding bit at r.
            # C is saved first (out may be data).
            for i in range(r):
                c[i] = data[o + i]
            k.xor_bytes(st, c, 0, r, 0)  # S[0:r] ^ C = P
            k.get_bytes(st, out, o, r, 0)
            k.put_bytes(st, c, 0, r, 0)  # S[0:r] = C
            k.xor_bytes(st, _ascon.ONE, 0, 1, r)
        self._finish(k, c, 0)  # the expected tag
        if not ct_eq_at(c, 0, b, 0, 16):  # constant time over the full tag
            for i in range(n):
                out[i] = 0
            raise InvalidTag()
