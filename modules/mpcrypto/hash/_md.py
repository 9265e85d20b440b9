"""Merkle-Damgård framing shared by the SHA-2, SHA-1, SM3 and MD5 classes (FIPS 180-4 §5.1, §6;
RFC 1321 §3.1-3.2 for MD5, whose length field and words are little-endian: ``_le``).

The hash classes in ``sha256.py`` and ``sha512.py`` subclass ``_MD`` and plug in their
compression kernel through the backend seam; this module holds no algorithm of its own, so a
firmware that freezes only SHA-512 carries ``_md.py`` and ``sha512*.py``, not SHA-256.
"""

import sys
from array import array
from mpcrypto import _backend

_LE = sys.byteorder == "little"

# The viper helper of the digest output (hash/_md_viper.put_words: no Python loop per byte),
# asked of the seam per digest; without it (no viper, or _backend.force("md_words",
# "python")) the loop below.
_CHAIN = (("viper", "mpcrypto.hash._md_viper", None),)


_ZEROS = bytes(128)  # the widest block (SHA-512's): the most _digest_plus zeroes


def _raw_words(st, nw, swap):
    # The first nw words of st as their native bytes (through a memoryview: no Python
    # integer of a word), each word's four bytes reversed if ``swap``. The loop's work
    # depends only on nw.
    out = bytearray(memoryview(st)[:nw])
    if swap:
        for i in range(0, 4 * nw, 4):
            a = out[i]
            b = out[i + 1]
            out[i] = out[i + 3]
            out[i + 1] = out[i + 2]
            out[i + 2] = b
            out[i + 3] = a
    return bytes(out)


def _put_raw(out, st, nw, le):
    # _md_viper.put_words' portable form: out[0:4 nw] = the first nw words of st, most
    # significant byte first (le = 0) or least (le = 1), through _raw_words.
    out[:4 * nw] = _raw_words(st, nw, _LE != bool(le))


def _words_be(st, nw):
    # The first nw 32-bit words of array('I') st as big-endian bytes, with no Python integer
    # made of a word: a word of 2**30 or more would be a heap object on a 32-bit port, whose
    # cost depends on its value (a secret, for a MAC or a key). The words are read as their
    # native bytes through a memoryview; each byte is a small int, and the loop's work
    # depends only on nw.
    kv = _backend.helper("md_words", _CHAIN)
    if kv is not None:
        out = bytearray(4 * nw)
        kv.put_words(out, st, nw, 0)
        return bytes(out)
    return _raw_words(st, nw, _LE)


def _words_le(st, nw):
    # The first nw words of st, low byte first (MD5's output, RFC 1321 §3.5): the array's
    # raw bytes on a little-endian machine (no Python integer of a word, as in _words_be);
    # each word's bytes reversed on a big-endian one.
    return _raw_words(st, nw, not _LE)


def _bytes_like(data):
    # Returns an object whose items are the bytes of ``data`` (no copy for bytes, bytearray
    # and byte memoryviews). str has the buffer protocol in MicroPython: reject it first.
    t = type(data)
    if t is bytes or t is bytearray:
        return data
    if isinstance(data, str):
        raise TypeError("bytes required")
    mv = memoryview(data)  # TypeError for None, int, ...
    if len(mv) == 0 or len(bytes(mv[:1])) == 1:
        return mv
    return bytes(mv)


def _padded(data, total, cls):
    # A new buffer of data and the padding that ends a message of ``total`` bytes whose tail
    # is data (FIPS 180-4 §5.1; RFC 1321 §3.1-3.2 for MD5, length low byte first): 0x80,
    # zeros, the length in bits; whole blocks of hash class cls.
    bs = cls.block_size
    lenb = cls._lenb
    n = len(data)
    end = (n + lenb + bs) // bs * bs  # n + 1 + lenb bytes, rounded up to blocks
    blk = bytearray(end)
    blk[:n] = data
    blk[n] = 0x80
    blk[end - lenb:] = (total << 3).to_bytes(lenb, "little" if cls._le else "big")
    return blk


_IVB = {}  # hash name -> its _iv's raw bytes (oneshot's template, made on first use)


def iv(hexwords, scratch):
    # A class's _iv template: the chaining value's 32-bit words, written in hex in one string,
    # then ``scratch`` zero words for the kernels. As int literals, every word of 2^30 or more
    # would be a big integer object in flash (about 20 bytes each on a 32-bit port); the
    # string costs 9 bytes a word, and its ints here are garbage after import.
    words = hexwords.split()
    st = array("I", bytes(4 * (len(words) + scratch)))
    for i, w in enumerate(words):
        st[i] = int(w, 16)
    return st


def _clone(st):
    # A copy of array('I') st through its raw bytes: array("I", st) would iterate, making
    # a Python integer of every word (see _words_be).
    return array("I", bytes(st))


class _MD:
    # Merkle-Damgård framing shared by SHA-224/256/384/512 (FIPS 180-4 §5.1, §6).
    # Subclasses set: name, digest_size, block_size, _lenb (bytes of the length field),
    # _iv (array('I') template: chaining value + kernel scratch), _prim, _chain; and
    # _le = True for MD5 (RFC 1321 §3.2: length low byte first; §3.5: output words low byte
    # first).
    _le = False
    def __init__(self, data=b""):
        self._k = _backend.select(self._prim, self._chain)[1].compress
        self._st = _clone(self._iv)
        self._buf = bytearray(self.block_size)
        self._pad = None  # _digest_plus's scratch: the padded tail, the state's copy
        self._tmp = None
        self._n = 0    # bytes pending in _buf
        self._len = 0  # total message bytes
        self.update(data)  # as hashlib: None is a TypeError, not "no data"

    def update(self, data):
        data = _bytes_like(data)
        n = len(data)
        self._len += n
        bs = self.block_size
        off = 0
        p = self._n
        if p:
            # Top up the pending block first.
            take = bs - p
            if take > n:
                take = n
            self._buf[p:p + take] = data[:take]
            p += take
            off = take
            if p < bs:
                self._n = p
                return
            self._k(self._st, self._buf, 0, 1)
            self._n = 0
        nb = (n - off) // bs
        if nb:
            self._k(self._st, data, off, nb)
            off += nb * bs
        if off < n:
            self._buf[:n - off] = data[off:]
            self._n = n - off

    def digest(self):
        # §5.1: append 0x80, zeros, and the message length in bits, big-endian, into a
        # copy; the object's own state is left as it was.
        return self._digest_plus(b"")

    def _digest_plus(self, data):
        # The digest of everything absorbed so far followed by ``data`` (bytes), without
        # changing the object: one padded buffer, compressed on a copy of the state. HMAC
        # uses it to finish its keyed states without copying them.
        # The padded tail and the state's copy go into scratch buffers kept by the object
        # (RFC 6979 and HMAC finish the same keyed objects many times: no garbage each time).
        bs = self.block_size
        n = self._n
        m = len(data)
        end = n + m + 1 + self._lenb
        end = (end + bs - 1) // bs * bs
        pad = self._pad
        if pad is None or len(pad) < end:
            pad = self._pad = bytearray(end)
        mv = memoryview(pad)
        mv[:n] = memoryview(self._buf)[:n]
        mv[n:n + m] = data
        pad[n + m] = 0x80
        lenb = self._lenb
        # zeros up to the length field: fewer than a block (_ZEROS is enough)
        mv[n + m + 1:end - lenb] = memoryview(_ZEROS)[:end - lenb - n - m - 1]
        # §5.1 and RFC 1321 §3.2: the message length in bits, big-endian (MD5: low byte first)
        mv[end - lenb:end] = ((self._len + m) << 3).to_bytes(lenb, "little" if self._le else "big")
        st = self._tmp
        if st is None:
            st = self._tmp = _clone(self._st)
        else:
            st[:] = self._st  # a copy of the raw words (no Python integer of a word)
        self._k(st, pad, 0, end // bs)
        if self._le:
            return _words_le(st, self.digest_size >> 2)
        # Big-endian words (a SHA-512 word is stored as hi, lo halves); every digest size
        # here is a whole number of 32-bit words.
        return _words_be(st, self.digest_size >> 2)

    @classmethod
    def oneshot(cls, data):
        """The digest of ``data`` alone, as ``cls(data).digest()`` gives it, without the
        object: the whole blocks go to the kernel from the caller's buffer, the tail into
        one padded buffer (``_padded``), on a copy of the IV. Signatures hash one message
        each, and the object's set-up and finish cost more than the compressions of a short
        one."""
        data = _bytes_like(data)
        k = _backend.select(cls._prim, cls._chain)[1].compress
        ivb = _IVB.get(cls.name)
        if ivb is None:
            ivb = _IVB[cls.name] = bytes(cls._iv)
        st = array("I", ivb)  # from raw bytes: one copy, no Python integer of a word
        n = len(data)
        bs = cls.block_size
        whole = n - n % bs
        if whole:
            k(st, data, 0, whole // bs)
        blk = _padded(data[whole:], n, cls)
        k(st, blk, 0, len(blk) // bs)
        if cls._le:
            return _words_le(st, cls.digest_size >> 2)
        return _words_be(st, cls.digest_size >> 2)

    def hexdigest(self):
        d = self.digest()
        return "".join("%02x" % b for b in d)

    def copy(self):
        c = type(self)()
        c._k = self._k
        c._st = _clone(self._st)
        c._buf = bytearray(self._buf)
        c._pad = c._tmp = None
        c._n = self._n
        c._len = self._len
        return c
