"""HMAC (RFC 2104, FIPS 198-1) over the mpcrypto MD5, SHA-1, SHA-2, SM3 and SHA-3 hashes, shaped like ``hmac``.

    from mpcrypto.mac import hmac
    from mpcrypto.hash.sha256 import sha256
    m = hmac.new(key, msg, digestmod=sha256)    # or digestmod="sha256"
    m.update(more); tag = m.digest()            # digest() does not finalize
    m.verify(tag)                               # raises InvalidSignature on mismatch
    hmac.compare_digest(a, b)                   # constant time (from mpcrypto._ct)

``digestmod`` is one of our hash classes (``md5``, ``sha1``, ``sha224``, ``sha256``, ``sha384``, ``sha512``,
``sha512_224``, ``sha512_256``, ``sm3``, ``sha3_224`` .. ``sha3_512``: the block size of a SHA-3
hash is its rate, as in CPython) or its name as a string, resolved by
``mpcrypto.hash.names.hash_class`` (the table ECDSA and SM2 use too): an unknown name raises
``UnsupportedAlgorithm``; ``None`` (it is required, as in CPython 3.8+), an object that is
not a hash class, and an XOF (``shake_128``, ``shake_256``: no fixed digest) raise
``TypeError``. ``digestmod`` must create our hash objects: MicroPython's C ``hashlib``
objects finalize on ``digest()`` and have no ``copy()``, which HMAC needs.

Key and message are read as bytes whatever their item type (an ``array('I')`` of 16 items is
a 64-byte key); ``str``, ``None`` and ``int`` raise TypeError.

Constant time: the keyed hashing is data independent; ``verify`` compares the whole tag with
``compare_digest``. Key length is public (a key longer than a block is hashed first,
RFC 2104 §2). Allocation: ``new`` builds four hash objects (inner, outer, and their keyed
states); ``update`` is the hash's ``update``; ``digest`` allocates two small objects.
"""

from mpcrypto import _backend
from mpcrypto._ct import compare_digest
from mpcrypto._util import rbuf
from mpcrypto.exceptions import InvalidSignature
from mpcrypto.hash.names import hash_class

# The viper helper for the key pads (hash/_md_viper.key_pads), asked of the seam per key;
# without it (no viper, or _backend.force("hmac", "python")) a Python loop over the bytes.
_CHAIN = (("viper", "mpcrypto.hash._md_viper", None),)

_SHELL = object()  # private key value: an empty object for copy() (no __new__ in MicroPython)


class HMAC:
    """An HMAC computation; use ``new()``. Attributes as CPython's ``hmac.HMAC``."""

    def __init__(self, key, msg=None, digestmod=None):
        if key is _SHELL:
            return  # copy() fills the fields in
        cls = hash_class(digestmod)
        bs = cls.block_size
        key = rbuf(key)  # read as bytes; TypeError for str, None, ints
        if len(key) > bs:
            key = cls(key).digest()  # RFC 2104 §2: hash a long key first
        # K0 (FIPS 198-1 §4 steps 1-3): the key padded with zeros to one block, XORed with
        # ipad and opad byte by byte (the padding's bytes are the pads themselves). Small
        # ints only: an integer made of the key would cost time that depends on the key on
        # a 32-bit port (constant time, README); the loop runs over the key's length.
        ki = bytearray(b"\x36" * bs)
        ko = bytearray(b"\x5c" * bs)
        kv = _backend.helper("hmac", _CHAIN)
        if kv is not None:  # viper: the same loop on machine bytes
            kv.key_pads(ki, ko, key, len(key))
        else:
            for i in range(len(key)):
                b = key[i]
                ki[i] = b ^ 0x36
                ko[i] = b ^ 0x5C
        self._inner = cls(ki)
        self._outer = cls(ko)
        self.digest_size = cls.digest_size
        self.block_size = bs
        self.name = "hmac-" + cls.name
        if msg is not None:
            self._inner.update(msg)

    def update(self, msg):
        self._inner.update(msg)

    def digest(self):
        # H((K0 ^ opad) || H((K0 ^ ipad) || text)), FIPS 198-1 §4 steps 4-9; the keyed
        # states are not changed, so the object keeps accepting update().
        return self._mac(b"")

    def _mac(self, data):
        # The MAC of what was absorbed plus ``data`` (bytes), leaving the object as it was:
        # a keyed object serves many messages without copies (RFC 6979's HMAC_K(V) loop).
        return self._outer._digest_plus(self._inner._digest_plus(data))

    def hexdigest(self):
        return "".join("%02x" % b for b in self.digest())

    def copy(self):
        c = HMAC(_SHELL)
        c._inner = self._inner.copy()
        c._outer = self._outer.copy()
        c.digest_size = self.digest_size
        c.block_size = self.block_size
        c.name = self.name
        return c

    def verify(self, tag):
        """Raise ``InvalidSignature`` unless ``tag`` equals the full digest. Constant time
        in the tag contents; a tag of another length simply fails."""
        if not compare_digest(self.digest(), tag):
            raise InvalidSignature("bad MAC")


def new(key, msg=None, digestmod=None):
    """``hmac.new``: a new HMAC object keyed with ``key``; ``digestmod`` is required."""
    return HMAC(key, msg, digestmod)


def digest(key, msg, digest):
    """``hmac.digest``: one-shot HMAC of ``msg`` under ``key`` with hash ``digest``."""
    return HMAC(key, msg, digest).digest()
