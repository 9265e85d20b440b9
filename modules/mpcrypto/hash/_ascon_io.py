"""The Ascon state's byte I/O in viper, shared by ``ascon_viper`` and ``ascon_thumb``.

    xor_bytes(st, buf, off, n, pos)      state bytes pos..pos+n-1 ^= buf[off:off+n]
    put_bytes(st, buf, off, n, pos)      state bytes pos..pos+n-1 = buf[off:off+n]
    get_bytes(st, out, off, n, pos)      out[off:off+n] = state bytes pos..pos+n-1

The state is the ``array('I')`` of 10 words of ``ascon_viper`` (state byte j is byte j % 4 of
word j // 4, little-endian). A module of its own so that a firmware whose core runs the
Thumb-2 permutation freezes these three loops without the viper permutation beside them.

Portability (VIPER.md): every word is a ``uint`` below 2**32 and each byte is shifted to
within 32 bits; ``put_bytes`` clears the byte with ``w ^ (w & mask)``, so no all-ones
constant appears. Constant time: one pass per byte; only the public positions and lengths
steer the loops. Allocation: none.
"""

import micropython


@micropython.viper
def xor_bytes(st, buf: ptr8, off: int, n: int, pos: int):
    s = ptr32(st)
    i = 0
    while i < n:
        j = pos + i
        s[j >> 2] = uint(s[j >> 2]) ^ (uint(buf[off + i]) << ((j & 3) << 3))
        i += 1


@micropython.viper
def put_bytes(st, buf: ptr8, off: int, n: int, pos: int):
    s = ptr32(st)
    i = 0
    while i < n:
        j = pos + i
        sh = (j & 3) << 3
        w = uint(s[j >> 2])
        s[j >> 2] = (w ^ (w & (uint(0xFF) << sh))) | (uint(buf[off + i]) << sh)
        i += 1


@micropython.viper
def get_bytes(st, out: ptr8, off: int, n: int, pos: int):
    s = ptr32(st)
    i = 0
    while i < n:
        j = pos + i
        out[off + i] = uint(s[j >> 2]) >> ((j & 3) << 3)
        i += 1
