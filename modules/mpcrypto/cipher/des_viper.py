"""DES and TDEA (3DES) engine with a viper kernel (fast; NOT constant time).

FIPS 46-3 / SP 800-67 in the formulation documented in ``des_python`` (read it first): IP
and FP as 8x8 bit-matrix transposes through two 256-entry spreading tables (16 lookups
each), f as eight lookups in the SP tables indexed by the 6-bit chunks of R XOR the round
key's chunks, rounds in pairs without swapping, TDEA as 48 rounds between one IP and one FP
(the halves swapped after each 16). Lookups are indexed by secret-dependent bits (cache
timing on cores with a data cache).

Layout for speed: each half is kept rotated right by one bit through the rounds (H >>> 1),
so E's even 6-bit chunks are bits 26, 18, 10, 2 of the half itself and its odd ones the same
bits of the half rotated left by 4 (one rotation per round); the SP tables are stored rotated
the same way, and each round key is two words with its chunks at those positions (``_pack``).

Viper portability (VIPER.md): the halves are ``uint`` below 2**32; the round uses right
shifts, AND with small masks, XOR and ``(x & 0x0FFFFFFF) << 4`` (below 2**32); the rotation
back before FP masks with a run-time ``uint(0xFFFFFFFF)``; the IP/FP spreading shifts words
whose bytes are 0 or 1 by at most 7. The block is loaded and stored byte by byte.
``host_tests/test_blk_emu.py`` runs this machine code on emulated Cortex-M3/M4 cores.

RAM: 4 KiB of tables (SP 512 words, SL 256, FH 256) made at import from ``des_python``'s;
768 bytes of round keys per TDEA context (two words per round and direction, 256 for DES).
Nothing is allocated per call after ``new()``; ECB, CBC encrypt/decrypt and CTR run inside
the kernel over many blocks.

Engine surface: see ``cipher/modes.py`` (block size 8).
"""

import array
import micropython
from mpcrypto.cipher.des_python import schedule, tables

_T = array.array("I", bytes(4 * 1024))
for _i, _v in enumerate(tables()):
    # The SP entries rotated right by one bit: the kernel keeps each half as H >>> 1 (see
    # _crypt), so f's output is XORed in that form too.
    _T[_i] = ((_v >> 1) | ((_v & 1) << 31)) if _i < 512 else _v
del _i, _v


@micropython.viper
def _crypt(t: ptr32, k: ptr32, src: ptr8, dst: ptr8, n: int, iv: ptr8, mode: int, nr: int):
    # DES (nr 16) / TDEA (nr 48) on n 8-byte blocks with the round keys at k. mode 0: ECB
    # (SP 800-38A §6.1); 1: CBC encrypt (§6.2); 2/3: CTR (§6.5), output = src ^ E(iv), iv += 1
    # over its last 8 (2) or 4 (3) bytes; 4: CBC decrypt. src may equal dst: each block is
    # read into locals before it is written.
    stop = 0 if mode == 2 else 4
    m = uint(0xFFFFFFFF)
    # one pointer per SP table (64 words = 256 bytes each): no index offset in the rounds
    s0 = t
    s1 = ptr32(uint(t) + 256)
    s2 = ptr32(uint(t) + 512)
    s3 = ptr32(uint(t) + 768)
    s4 = ptr32(uint(t) + 1024)
    s5 = ptr32(uint(t) + 1280)
    s6 = ptr32(uint(t) + 1536)
    s7 = ptr32(uint(t) + 1792)
    v0 = (uint(iv[0]) << 24) | (uint(iv[1]) << 16) | (uint(iv[2]) << 8) | uint(iv[3])
    v1 = (uint(iv[4]) << 24) | (uint(iv[5]) << 16) | (uint(iv[6]) << 8) | uint(iv[7])
    o = 0
    end = 8 * n
    while o < end:
        if mode == 2 or mode == 3:
            p = iv
            q = 0
        else:
            p = src
            q = o
        c0 = (uint(p[q]) << 24) | (uint(p[q + 1]) << 16) | (uint(p[q + 2]) << 8) | uint(p[q + 3])
        c1 = (uint(p[q + 4]) << 24) | (uint(p[q + 5]) << 16) | (uint(p[q + 6]) << 8) | uint(p[q + 7])
        if mode == 1:
            # CBC: the cipher input is P ^ chaining value (written back to scratch words)
            c0 ^= v0
            c1 ^= v1
        # IP: L = OR_j SL[b_j] << j, R = OR_j SL[b_j >> 1] << j (b_j the input bytes)
        a = uint(0)
        c = uint(0)
        v = (c0 >> 24) & 0xFF
        a |= uint(t[512 + int(v)]) << 0
        c |= uint(t[512 + int(v >> 1)]) << 0
        v = (c0 >> 16) & 0xFF
        a |= uint(t[512 + int(v)]) << 1
        c |= uint(t[512 + int(v >> 1)]) << 1
        v = (c0 >> 8) & 0xFF
        a |= uint(t[512 + int(v)]) << 2
        c |= uint(t[512 + int(v >> 1)]) << 2
        v = c0 & 0xFF
        a |= uint(t[512 + int(v)]) << 3
        c |= uint(t[512 + int(v >> 1)]) << 3
        v = (c1 >> 24) & 0xFF
        a |= uint(t[512 + int(v)]) << 4
        c |= uint(t[512 + int(v >> 1)]) << 4
        v = (c1 >> 16) & 0xFF
        a |= uint(t[512 + int(v)]) << 5
        c |= uint(t[512 + int(v >> 1)]) << 5
        v = (c1 >> 8) & 0xFF
        a |= uint(t[512 + int(v)]) << 6
        c |= uint(t[512 + int(v >> 1)]) << 6
        v = c1 & 0xFF
        a |= uint(t[512 + int(v)]) << 7
        c |= uint(t[512 + int(v >> 1)]) << 7
        # Keep both halves as H >>> 1: then X = R >>> 1 is the half itself and Z = R <<< 3 is
        # X <<< 4 (one rotation per round), and f's output, XORed into the other half, comes
        # rotated from the tables.
        a = (a >> 1) | ((a & 1) << 31)
        c = (c >> 1) | ((c & 1) << 31)
        kp = k
        passes = nr >> 4
        while passes > 0:
            # one DES pass, 16 rounds unrolled in pairs: a ^= f(c, K_i); c ^= f(a, K_{i+1}).
            # E's even 6-bit chunks of R are bits 26, 18, 10, 2 of R >>> 1, its odd ones
            # (chunk 7 wrapping round) the same bits of R <<< 3; the round keys match.
            u = c ^ uint(kp[0])
            w = (((c & 0x0FFFFFFF) << 4) | (c >> 28)) ^ uint(kp[1])
            a ^= (uint(s0[u >> 26]) ^ uint(s2[(u >> 18) & 63]) ^ uint(s4[(u >> 10) & 63]) ^ uint(s6[(u >> 2) & 63])
                  ^ uint(s1[w >> 26]) ^ uint(s3[(w >> 18) & 63]) ^ uint(s5[(w >> 10) & 63]) ^ uint(s7[(w >> 2) & 63]))
            u = a ^ uint(kp[2])
            w = (((a & 0x0FFFFFFF) << 4) | (a >> 28)) ^ uint(kp[3])
            c ^= (uint(s0[u >> 26]) ^ uint(s2[(u >> 18) & 63]) ^ uint(s4[(u >> 10) & 63]) ^ uint(s6[(u >> 2) & 63])
                  ^ uint(s1[w >> 26]) ^ uint(s3[(w >> 18) & 63]) ^ uint(s5[(w >> 10) & 63]) ^ uint(s7[(w >> 2) & 63]))
            u = c ^ uint(kp[4])
            w = (((c & 0x0FFFFFFF) << 4) | (c >> 28)) ^ uint(kp[5])
            a ^= (uint(s0[u >> 26]) ^ uint(s2[(u >> 18) & 63]) ^ uint(s4[(u >> 10) & 63]) ^ uint(s6[(u >> 2) & 63])
                  ^ uint(s1[w >> 26]) ^ uint(s3[(w >> 18) & 63]) ^ uint(s5[(w >> 10) & 63]) ^ uint(s7[(w >> 2) & 63]))
            u = a ^ uint(kp[6])
            w = (((a & 0x0FFFFFFF) << 4) | (a >> 28)) ^ uint(kp[7])
            c ^= (uint(s0[u >> 26]) ^ uint(s2[(u >> 18) & 63]) ^ uint(s4[(u >> 10) & 63]) ^ uint(s6[(u >> 2) & 63])
                  ^ uint(s1[w >> 26]) ^ uint(s3[(w >> 18) & 63]) ^ uint(s5[(w >> 10) & 63]) ^ uint(s7[(w >> 2) & 63]))
            u = c ^ uint(kp[8])
            w = (((c & 0x0FFFFFFF) << 4) | (c >> 28)) ^ uint(kp[9])
            a ^= (uint(s0[u >> 26]) ^ uint(s2[(u >> 18) & 63]) ^ uint(s4[(u >> 10) & 63]) ^ uint(s6[(u >> 2) & 63])
                  ^ uint(s1[w >> 26]) ^ uint(s3[(w >> 18) & 63]) ^ uint(s5[(w >> 10) & 63]) ^ uint(s7[(w >> 2) & 63]))
            u = a ^ uint(kp[10])
            w = (((a & 0x0FFFFFFF) << 4) | (a >> 28)) ^ uint(kp[11])
            c ^= (uint(s0[u >> 26]) ^ uint(s2[(u >> 18) & 63]) ^ uint(s4[(u >> 10) & 63]) ^ uint(s6[(u >> 2) & 63])
                  ^ uint(s1[w >> 26]) ^ uint(s3[(w >> 18) & 63]) ^ uint(s5[(w >> 10) & 63]) ^ uint(s7[(w >> 2) & 63]))
            u = c ^ uint(kp[12])
            w = (((c & 0x0FFFFFFF) << 4) | (c >> 28)) ^ uint(kp[13])
            a ^= (uint(s0[u >> 26]) ^ uint(s2[(u >> 18) & 63]) ^ uint(s4[(u >> 10) & 63]) ^ uint(s6[(u >> 2) & 63])
                  ^ uint(s1[w >> 26]) ^ uint(s3[(w >> 18) & 63]) ^ uint(s5[(w >> 10) & 63]) ^ uint(s7[(w >> 2) & 63]))
            u = a ^ uint(kp[14])
            w = (((a & 0x0FFFFFFF) << 4) | (a >> 28)) ^ uint(kp[15])
            c ^= (uint(s0[u >> 26]) ^ uint(s2[(u >> 18) & 63]) ^ uint(s4[(u >> 10) & 63]) ^ uint(s6[(u >> 2) & 63])
                  ^ uint(s1[w >> 26]) ^ uint(s3[(w >> 18) & 63]) ^ uint(s5[(w >> 10) & 63]) ^ uint(s7[(w >> 2) & 63]))
            u = c ^ uint(kp[16])
            w = (((c & 0x0FFFFFFF) << 4) | (c >> 28)) ^ uint(kp[17])
            a ^= (uint(s0[u >> 26]) ^ uint(s2[(u >> 18) & 63]) ^ uint(s4[(u >> 10) & 63]) ^ uint(s6[(u >> 2) & 63])
                  ^ uint(s1[w >> 26]) ^ uint(s3[(w >> 18) & 63]) ^ uint(s5[(w >> 10) & 63]) ^ uint(s7[(w >> 2) & 63]))
            u = a ^ uint(kp[18])
            w = (((a & 0x0FFFFFFF) << 4) | (a >> 28)) ^ uint(kp[19])
            c ^= (uint(s0[u >> 26]) ^ uint(s2[(u >> 18) & 63]) ^ uint(s4[(u >> 10) & 63]) ^ uint(s6[(u >> 2) & 63])
                  ^ uint(s1[w >> 26]) ^ uint(s3[(w >> 18) & 63]) ^ uint(s5[(w >> 10) & 63]) ^ uint(s7[(w >> 2) & 63]))
            u = c ^ uint(kp[20])
            w = (((c & 0x0FFFFFFF) << 4) | (c >> 28)) ^ uint(kp[21])
            a ^= (uint(s0[u >> 26]) ^ uint(s2[(u >> 18) & 63]) ^ uint(s4[(u >> 10) & 63]) ^ uint(s6[(u >> 2) & 63])
                  ^ uint(s1[w >> 26]) ^ uint(s3[(w >> 18) & 63]) ^ uint(s5[(w >> 10) & 63]) ^ uint(s7[(w >> 2) & 63]))
            u = a ^ uint(kp[22])
            w = (((a & 0x0FFFFFFF) << 4) | (a >> 28)) ^ uint(kp[23])
            c ^= (uint(s0[u >> 26]) ^ uint(s2[(u >> 18) & 63]) ^ uint(s4[(u >> 10) & 63]) ^ uint(s6[(u >> 2) & 63])
                  ^ uint(s1[w >> 26]) ^ uint(s3[(w >> 18) & 63]) ^ uint(s5[(w >> 10) & 63]) ^ uint(s7[(w >> 2) & 63]))
            u = c ^ uint(kp[24])
            w = (((c & 0x0FFFFFFF) << 4) | (c >> 28)) ^ uint(kp[25])
            a ^= (uint(s0[u >> 26]) ^ uint(s2[(u >> 18) & 63]) ^ uint(s4[(u >> 10) & 63]) ^ uint(s6[(u >> 2) & 63])
                  ^ uint(s1[w >> 26]) ^ uint(s3[(w >> 18) & 63]) ^ uint(s5[(w >> 10) & 63]) ^ uint(s7[(w >> 2) & 63]))
            u = a ^ uint(kp[26])
            w = (((a & 0x0FFFFFFF) << 4) | (a >> 28)) ^ uint(kp[27])
            c ^= (uint(s0[u >> 26]) ^ uint(s2[(u >> 18) & 63]) ^ uint(s4[(u >> 10) & 63]) ^ uint(s6[(u >> 2) & 63])
                  ^ uint(s1[w >> 26]) ^ uint(s3[(w >> 18) & 63]) ^ uint(s5[(w >> 10) & 63]) ^ uint(s7[(w >> 2) & 63]))
            u = c ^ uint(kp[28])
            w = (((c & 0x0FFFFFFF) << 4) | (c >> 28)) ^ uint(kp[29])
            a ^= (uint(s0[u >> 26]) ^ uint(s2[(u >> 18) & 63]) ^ uint(s4[(u >> 10) & 63]) ^ uint(s6[(u >> 2) & 63])
                  ^ uint(s1[w >> 26]) ^ uint(s3[(w >> 18) & 63]) ^ uint(s5[(w >> 10) & 63]) ^ uint(s7[(w >> 2) & 63]))
            u = a ^ uint(kp[30])
            w = (((a & 0x0FFFFFFF) << 4) | (a >> 28)) ^ uint(kp[31])
            c ^= (uint(s0[u >> 26]) ^ uint(s2[(u >> 18) & 63]) ^ uint(s4[(u >> 10) & 63]) ^ uint(s6[(u >> 2) & 63])
                  ^ uint(s1[w >> 26]) ^ uint(s3[(w >> 18) & 63]) ^ uint(s5[(w >> 10) & 63]) ^ uint(s7[(w >> 2) & 63]))
            x = a  # (R16, L16) is the next pass's (L0, R0)
            a = c
            c = x
            kp = ptr32(uint(kp) + 128)
            passes -= 1
        a = ((a << 1) & m) | (a >> 31)  # back to the plain halves
        c = ((c << 1) & m) | (c >> 31)
        # FP of the preoutput (a, c) = R16 || L16
        hi = uint(0)
        lo = uint(0)
        y = (a >> 24) & 0xFF
        hi |= uint(t[768 + int(y)]) << 6
        lo |= uint(t[768 + int(y >> 4)]) << 6
        y = (a >> 16) & 0xFF
        hi |= uint(t[768 + int(y)]) << 4
        lo |= uint(t[768 + int(y >> 4)]) << 4
        y = (a >> 8) & 0xFF
        hi |= uint(t[768 + int(y)]) << 2
        lo |= uint(t[768 + int(y >> 4)]) << 2
        y = a & 0xFF
        hi |= uint(t[768 + int(y)]) << 0
        lo |= uint(t[768 + int(y >> 4)]) << 0
        y = (c >> 24) & 0xFF
        hi |= uint(t[768 + int(y)]) << 7
        lo |= uint(t[768 + int(y >> 4)]) << 7
        y = (c >> 16) & 0xFF
        hi |= uint(t[768 + int(y)]) << 5
        lo |= uint(t[768 + int(y >> 4)]) << 5
        y = (c >> 8) & 0xFF
        hi |= uint(t[768 + int(y)]) << 3
        lo |= uint(t[768 + int(y >> 4)]) << 3
        y = c & 0xFF
        hi |= uint(t[768 + int(y)]) << 1
        lo |= uint(t[768 + int(y >> 4)]) << 1
        if mode == 2 or mode == 3:
            hi ^= (uint(src[o]) << 24) | (uint(src[o + 1]) << 16) | (uint(src[o + 2]) << 8) | uint(src[o + 3])
            lo ^= (uint(src[o + 4]) << 24) | (uint(src[o + 5]) << 16) | (uint(src[o + 6]) << 8) | uint(src[o + 7])
            i = 7
            while i >= stop:
                cv = int(iv[i]) + 1
                iv[i] = cv
                if cv != 256:
                    break
                i -= 1
        elif mode == 4:
            # CBC decrypt: P = D(C) ^ previous C; this C chains on (re-read from src: not
            # yet overwritten, the block is stored below)
            hi ^= v0
            lo ^= v1
            v0 = (uint(src[o]) << 24) | (uint(src[o + 1]) << 16) | (uint(src[o + 2]) << 8) | uint(src[o + 3])
            v1 = (uint(src[o + 4]) << 24) | (uint(src[o + 5]) << 16) | (uint(src[o + 6]) << 8) | uint(src[o + 7])
        dst[o] = hi >> 24
        dst[o + 1] = hi >> 16
        dst[o + 2] = hi >> 8
        dst[o + 3] = hi
        dst[o + 4] = lo >> 24
        dst[o + 5] = lo >> 16
        dst[o + 6] = lo >> 8
        dst[o + 7] = lo
        if mode == 1:
            v0 = hi
            v1 = lo
        o += 8
    if (mode == 1 or mode == 4) and n > 0:
        iv[0] = v0 >> 24
        iv[1] = v0 >> 16
        iv[2] = v0 >> 8
        iv[3] = v0
        iv[4] = v1 >> 24
        iv[5] = v1 >> 16
        iv[6] = v1 >> 8
        iv[7] = v1


@micropython.viper
def _pack(src: ptr8, dst: ptr32, nr: int):
    # Round keys from eight 6-bit chunks (des_python.schedule) to two words per round: the
    # even chunks at bits 26, 18, 10, 2 and the odd ones likewise, matching X and Z in _crypt.
    for r in range(nr):
        q = 8 * r
        dst[2 * r] = (uint(src[q]) << 26) | (uint(src[q + 2]) << 18) | (uint(src[q + 4]) << 10) | (uint(src[q + 6]) << 2)
        dst[2 * r + 1] = (uint(src[q + 1]) << 26) | (uint(src[q + 3]) << 18) | (uint(src[q + 5]) << 10) | (uint(src[q + 7]) << 2)


class _Ctx:
    def __init__(self, key):
        e, d, nr = schedule(key)
        self._e = array.array("I", bytes(8 * nr))
        self._d = array.array("I", bytes(8 * nr))
        _pack(e, self._e, nr)
        _pack(d, self._d, nr)
        self._nr = nr

    def ecb_encrypt(self, src, dst, n):
        _crypt(_T, self._e, src, dst, n, self._e, 0, self._nr)

    def ecb_decrypt(self, src, dst, n):
        _crypt(_T, self._d, src, dst, n, self._e, 0, self._nr)

    def cbc_encrypt(self, src, dst, n, iv):
        _crypt(_T, self._e, src, dst, n, iv, 1, self._nr)

    def cbc_decrypt(self, src, dst, n, iv):
        _crypt(_T, self._d, src, dst, n, iv, 4, self._nr)

    def ctr_xor(self, src, dst, n, ctr, width):
        _crypt(_T, self._e, src, dst, n, ctr, 2 if width == 8 else 3, self._nr)


def new(key):
    """A DES (8-byte key) or TDEA (16/24-byte key) context (validated by the caller).
    Not constant time."""
    return _Ctx(key)
