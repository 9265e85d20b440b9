"""viper helpers of ``_md`` and HMAC: the chaining value's words as big-endian bytes, and
HMAC's key pads (``key_pads``).

``words_be(out, st, nw)`` writes the first ``nw`` 32-bit words of ``st`` (an array('I'))
into ``out`` (a bytearray of 4*nw bytes), most significant byte first. Machine words only:
no Python integer is made of a word (on a 32-bit port a word of 2**30 or more would be a
heap object whose cost depends on its value), and the loop's work depends only on ``nw``.
``_md`` falls back to a byte loop in Python where viper is absent.
"""

import micropython


@micropython.viper
def words_be(out: ptr8, st: ptr32, nw: int):
    i = 0
    o = 0
    while i < nw:
        w = uint(st[i])
        out[o] = w >> 24  # ptr8 stores keep the low 8 bits (on 32- and 64-bit ports)
        out[o + 1] = w >> 16
        out[o + 2] = w >> 8
        out[o + 3] = w
        o += 4
        i += 1


@micropython.viper
def key_pads(ki: ptr8, ko: ptr8, key: ptr8, n: int):
    # HMAC's K0 ^ ipad and K0 ^ opad (FIPS 198-1 §4): ki and ko hold the pads (0x36, 0x5C
    # repeated); the first n bytes become key ^ pad. Byte operations only.
    i = 0
    while i < n:
        b = key[i]
        ki[i] = b ^ 0x36
        ko[i] = b ^ 0x5C
        i += 1
