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
RFC 2104 §2). Allocation: over a Merkle-Damgard hash (MD5, SHA-1, SHA-2, SM3) ``new`` keeps
the two keyed chaining values and a scratch state, and a hash object is made only by the
first ``update``; each ``digest`` allocates its padded tail and output. Over SHA-3 ``new``
builds two keyed hash objects.
"""

from mpcrypto import _backend
from mpcrypto._ct import compare_digest
from mpcrypto._util import rbuf
from mpcrypto.exceptions import InvalidSignature
from mpcrypto.hash._md import _MD, _clone, _padded, _put_raw
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
        self.digest_size = ds = cls.digest_size
        self.block_size = bs
        self.name = "hmac-" + cls.name
        self._cls = cls
        self._kv = _backend.helper("hmac", _CHAIN)
        self._ist = None
        if issubclass(cls, _MD):
            # Merkle-Damgard: the keyed states are the chaining values after K0 ^ ipad and
            # K0 ^ opad (FIPS 198-1 §4 steps 4 and 7), one compression each on the kernel
            # the hash class would pick. _mac() pads and compresses from them directly: an
            # HMAC of a short message costs two compressions and no hash object.
            self._k = _backend.select(cls._prim, cls._chain)[1].compress
            self._ist = _clone(cls._iv)
            self._ost = _clone(cls._iv)
            self._st = _clone(cls._iv)  # scratch: the state being finished
            self._le = 1 if cls._le else 0  # the digest's byte order (MD5: low byte first)
            # the digest's write-out, chosen once: the viper helper or its portable form
            self._put = _put_raw if self._kv is None else self._kv.put_words
            # The outer message, padded once: the inner digest's place, 0x80, zeros, the
            # length of K0 ^ opad and the digest.
            self._ob = _padded(bytes(ds), bs + ds, cls)
        self._rekey(key)
        if msg is not None:
            self.update(msg)

    def _pads(self, key):
        # K0 ^ ipad and K0 ^ opad (FIPS 198-1 §4 steps 1-3, 4, 7): the key padded with zeros
        # to one block, XORed with the pads byte by byte. Small ints only: an integer made
        # of the key would cost time that depends on the key on a 32-bit port (constant
        # time, README); the loop's work depends on the block size only.
        bs = self.block_size
        ki = bytearray(bs)
        ko = bytearray(bs)
        kv = self._kv
        if kv is not None:  # viper: the same loop on machine bytes
            kv.key_pads(ki, ko, key, len(key) | bs << 16)
        else:
            n = len(key)
            for i in range(bs):
                b = key[i] if i < n else 0
                ki[i] = b ^ 0x36
                ko[i] = b ^ 0x5C
        return ki, ko

    def _rekey(self, key):
        # Key the object with ``key`` (bytes, at most a block) as a new one would be, with
        # nothing absorbed; RFC 6979 changes K three times per signature.
        ki, ko = self._pads(key)
        self._inner = None  # over a Merkle-Damgard hash: made by the first update()
        ist = self._ist
        if ist is None:  # SHA-3, a sponge with no chaining value: two keyed hash objects
            self._inner = self._cls(ki)
            self._outer = self._cls(ko)
            return
        ost = self._ost
        iv = self._cls._iv
        ist[:] = iv
        ost[:] = iv
        self._k(ist, ki, 0, 1)
        self._k(ost, ko, 0, 1)

    def _wipe(self):
        # Forget the key and anything absorbed: the keyed states, the scratch state and the
        # outer block back to the hash's IV and zeros (RFC 6979's caller keeps the object
        # between signatures); _rekey() makes it usable again.
        self._inner = None
        ist = self._ist
        if ist is None:
            self._outer = None
            return
        iv = self._cls._iv
        ist[:] = iv
        self._ost[:] = iv
        self._st[:] = iv
        ob = self._ob
        ob[:self.digest_size] = bytes(self.digest_size)

    def update(self, msg):
        h = self._inner
        if h is None:  # first data: a hash object continuing from the inner keyed state
            h = self._cls()
            h._st = _clone(self._ist)
            h._len = self.block_size
            self._inner = h
        h.update(msg)

    def digest(self):
        # H((K0 ^ opad) || H((K0 ^ ipad) || text)), FIPS 198-1 §4 steps 4-9; the keyed
        # states are not changed, so the object keeps accepting update().
        return self._mac(b"")

    def _mac(self, data):
        # The MAC of what was absorbed plus ``data`` (bytes), leaving the object as it was:
        # a keyed object serves many messages without copies (RFC 6979's HMAC_K(V) loop).
        h = self._inner
        if self._ist is None:
            return self._outer._digest_plus(h._digest_plus(data))
        st = self._st
        ob = self._ob
        if h is not None:
            ob[:self.digest_size] = h._digest_plus(data)
        else:  # the inner hash: the keyed state, then data padded, into the outer block
            blk = _padded(data, self.block_size + len(data), self._cls)
            st[:] = self._ist  # raw words: no Python integer of a word
            self._k(st, blk, 0, len(blk) // self.block_size)
            self._put(ob, st, self.digest_size >> 2, self._le)
        st[:] = self._ost
        self._k(st, ob, 0, 1)
        out = bytearray(self.digest_size)
        self._put(out, st, self.digest_size >> 2, self._le)
        return bytes(out)

    def hexdigest(self):
        return "".join("%02x" % b for b in self.digest())

    def copy(self):
        c = HMAC(_SHELL)
        c.digest_size = self.digest_size
        c.block_size = self.block_size
        c.name = self.name
        c._cls = self._cls
        c._kv = self._kv
        c._ist = self._ist
        c._inner = None if self._inner is None else self._inner.copy()
        if self._ist is None:
            c._outer = self._outer.copy()
        else:  # states and blocks of its own (_rekey and _mac write them)
            c._k = self._k
            c._le = self._le
            c._put = self._put
            c._ist = _clone(self._ist)
            c._ost = _clone(self._ost)
            c._st = _clone(self._st)
            c._ob = bytearray(self._ob)
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
