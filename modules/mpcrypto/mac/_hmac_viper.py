"""viper helpers of the allocation-free HMAC loops over a keyed HMAC state: PBKDF2's inner
loop (``kdf/pbkdf2.py``: all three) and HMAC_DRBG's V = HMAC(K, V) chain
(``random/hmac_drbg.py``: ``copy_words``, ``put_words``), each through its own ``_CHAIN``
entry. No allocation, machine words only.

- ``copy_words(dst, src, n)``: dst[0:n] = src[0:n], 32-bit words (a keyed HMAC state into
  the working context).
- ``put_words(out, st, nw, le)``: the first nw words of st as bytes into out[0:4*nw],
  most significant byte first (le = 0: SHA-1/SHA-2/SM3, FIPS 180-4 §6) or least
  significant first (le = 1: MD5, RFC 1321 §3.5). No Python integer is made of a word.
- ``xor_into(t, u, n)``: t[0:n] ^= u[0:n] (RFC 8018 §5.2 step 3, the running XOR of the U_j).

Nothing validates: the callers size every buffer. Portable (VIPER.md): ptr8 stores keep the
low 8 bits on every port; no constant of 2**30 or more.
"""

import micropython


def probe():
    return True


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
