"""viper helpers of the Merkle-Damgård hashes' output and of HMAC over them, and the
allocation-free HMAC loop (``chain``) of PBKDF2 (``kdf/pbkdf2.py``) and HMAC_DRBG
(``random/hmac_drbg.py``). Each caller asks the seam for this module through its own
``_CHAIN`` entry (``_md``, ``mac/hmac``, ``kdf/pbkdf2``, ``random/hmac_drbg``) and falls back
to Python where viper is absent.

- ``put_words(out, st, nw, le)``: the first nw 32-bit words of st (an array('I')) as bytes
  into out[0:4*nw], most significant byte first (le = 0: SHA-1/SHA-2/SM3, FIPS 180-4 §6) or
  least significant first (le = 1: MD5, RFC 1321 §3.5). The digest's output (``_md``) and
  the loop below.
- ``key_pads(ki, ko, key, nb)``: HMAC's K0 ^ ipad and K0 ^ opad (``mac/hmac``), a block of
  bs bytes each from a key of n <= bs bytes, nb = n | bs << 16 (viper takes four arguments).
- ``copy_words(dst, src, n)``: dst[0:n] = src[0:n], 32-bit words (a keyed HMAC state into
  the working context).
- ``xor_into(t, u, n)``: t[0:n] ^= u[0:n] (RFC 8018 §5.2 step 3, the running XOR of the U_j).
- ``chain(m, v, n, t, out)``: n times V = HMAC(K, V) from v, for m an HMAC keyed with K over
  a Merkle-Damgård hash; each V XORed into t (PBKDF2) or, with t None, written to out
  (HMAC_DRBG). Plain Python around the kernels above; it allocates its working states and
  blocks once per call and nothing per iteration but HMAC_DRBG's memoryview of out.

Machine words only: no Python integer is made of a word (on a 32-bit port a word of 2**30 or
more would be a heap object whose cost depends on its value, a secret for a MAC or a key),
and every loop's work depends only on its lengths. Nothing validates: the callers size every
buffer. Portable (VIPER.md): ptr8 stores keep the low 8 bits on every port; no constant of
2**30 or more.
"""

import micropython
from array import array


@micropython.viper
def key_pads(ki: ptr8, ko: ptr8, key: ptr8, nb: int):
    # HMAC's K0 ^ ipad and K0 ^ opad (FIPS 198-1 §4): the key's n bytes, then zeros to the
    # block size bs, XORed with 0x36 and 0x5C into ki and ko. Byte operations only.
    n = nb & 0xFFFF
    bs = nb >> 16
    i = 0
    while i < n:
        b = key[i]
        ki[i] = b ^ 0x36
        ko[i] = b ^ 0x5C
        i += 1
    while i < bs:
        ki[i] = 0x36
        ko[i] = 0x5C
        i += 1


@micropython.viper
def copy_words(dst: ptr32, src: ptr32, n: int):
    i = 0
    while i < n:
        dst[i] = src[i]
        i += 1


@micropython.viper
def put_words(out: ptr8, st: ptr32, nw: int, le: int):
    i = 0
    o = 0
    while i < nw:
        w = uint(st[i])
        if le:
            out[o] = w
            out[o + 1] = w >> 8
            out[o + 2] = w >> 16
            out[o + 3] = w >> 24
        else:
            out[o] = w >> 24
            out[o + 1] = w >> 16
            out[o + 2] = w >> 8
            out[o + 3] = w
        o += 4
        i += 1


@micropython.viper
def xor_into(t: ptr8, u: ptr8, n: int):
    i = 0
    while i < n:
        t[i] = t[i] ^ u[i]
        i += 1


def chain(m, v, n, t, out):
    # V = HMAC(K, V) n times from v (ds bytes), m an HMAC keyed with K over a Merkle-Damgård
    # hash with nothing absorbed: its keyed inner and outer states (m._ist, m._ost: K0 ^ ipad
    # and K0 ^ opad absorbed, FIPS 198-1 §4) copied into two working states,
    # two compressions over two pre-padded one-block messages per V (hLen + 1 + length field
    # <= one block for every such hash). Each V is XORed into t (RFC 8018 §5.2 step 3,
    # T ^= U_j) or, where t is None, written to out[0:n * ds]. Returns the last V.
    _copy, _put, _xor = copy_words, put_words, xor_into
    cls = m._cls
    k = m._k
    ds = cls.digest_size
    nw = ds >> 2
    le = 1 if cls._le else 0
    ist = m._ist
    ost = m._ost
    nst = len(ist)
    si = array("I", bytes(4 * nst))  # working states, filled each iteration
    so = array("I", bytes(4 * nst))
    # HMAC's padded outer message (one block: hLen bytes, 0x80, zeros, the length), twice
    oblk = bytearray(m._ob)
    blk = bytearray(m._ob)
    blk[:ds] = v
    mv = memoryview(out) if t is None else None
    o = 0
    for _ in range(n):
        _copy(si, ist, nst)
        k(si, blk, 0, 1)             # inner hash of V
        _put(oblk, si, nw, le)
        _copy(so, ost, nst)
        k(so, oblk, 0, 1)            # outer hash: the new V
        _put(blk, so, nw, le)        # V is the next inner message
        if t is None:
            _put(mv[o:o + ds], so, nw, le)
            o += ds
        else:
            _xor(t, blk, ds)
    return bytes(blk[:ds])
