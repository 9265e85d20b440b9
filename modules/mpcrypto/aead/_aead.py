"""The API plumbing the AEAD classes share (``aead/gcm.py``, ``ccm.py``,
``chacha20poly1305.py``, ``ascon.py``). A class takes these functions as its methods
(``encrypt = _aead.encrypt``), so a call goes through no further layer:

- ``encrypt`` / ``decrypt``: the allocating forms over the class's ``encrypt_into`` /
  ``decrypt_into`` (the bulk paths), one output buffer each. They read ``_t`` (the tag length
  in bytes) and ``_max`` (the longest plaintext, or None when ``encrypt_into`` checks it).
- ``seal_len(data, out, t, limit=None)`` / ``open_len(data, out, t)``: the length checks of
  ``encrypt_into`` / ``decrypt_into`` (ChaCha20-Poly1305, Ascon; GCM's encrypt_into) on
  ``data`` (already through ``rbuf``) and ``out`` (checked by ``wbuf``, which returns it
  unchanged): the plaintext length, or ValueError("data too long") past ``limit`` bytes,
  TypeError for an output that is not a writable byte buffer, ValueError("output too
  small") when ``out`` cannot take the result (``t``: the tag length), InvalidTag when
  ``data`` is shorter than a tag. They return an int, so a call allocates nothing.
- ``generate_key`` (GCM, CCM: ``classmethod``): a key of ``bit_length`` bits, one of the
  class's ``_bits``.
- ``by_name(modname)``: the cipher module of a named class (Camellia, SM4), imported on first
  use: its mip package is installed separately; without it the class raises ImportError.
"""

from mpcrypto._util import rbuf, resolve_rng, wbuf
from mpcrypto.exceptions import InvalidTag


def encrypt(self, nonce, data, associated_data):
    """Return ciphertext || tag as bytes."""
    data = rbuf(data)
    n = len(data)
    if self._max is not None and n > self._max:
        raise ValueError("data too long")
    out = bytearray(n + self._t)
    self.encrypt_into(nonce, data, associated_data, out)
    return bytes(out)


def decrypt(self, nonce, data, associated_data):
    """Return the plaintext as bytes; InvalidTag (and no plaintext) on failure."""
    data = rbuf(data)
    n = len(data) - self._t
    out = bytearray(n if n > 0 else 0)
    self.decrypt_into(nonce, data, associated_data, out)
    return bytes(out)


def seal_len(data, out, t, limit=None):
    n = len(data)
    if limit is not None and n > limit:
        raise ValueError("data too long")
    if len(wbuf(out)) < n + t:
        raise ValueError("output too small")
    return n


def open_len(data, out, t):
    n = len(data) - t
    if len(wbuf(out)) < n:
        raise ValueError("output too small")
    if n < 0:
        raise InvalidTag()
    return n


def generate_key(cls, bit_length):
    if bit_length not in cls._bits:
        raise ValueError("bit_length")
    return resolve_rng(None)(bit_length // 8)  # UnsupportedAlgorithm without entropy


def by_name(modname):
    return __import__(modname, None, None, ("engine",))
