"""Camellia engine with viper kernels and 32-bit SP tables (fast; NOT constant time).

RFC 3713, in the formulation documented in ``camellia_python`` (read it first): F is eight
lookups in SP1110/SP0222/SP3033/SP4404 giving A and U, then (U ^ A, U ^ A ^ (A >>> 8)); the
FL / FL^-1 layers (§2.4.2) use a 1-bit rotation; the subkey words (key schedule in
``camellia_python.expand_key``) are read in network order, so one kernel encrypts (the
encryption layout) and decrypts (the decryption layout). The lookups are indexed by secret
bytes (cache timing on cores with a data cache).

Words are big-endian, loaded and stored byte by byte (ptr8): independent of the target's
endianness and alignment. Viper portability (VIPER.md): words are ``uint`` below 2**32; the
round uses XOR, AND, OR, right shifts and ``(a & 0xFF) << 24`` (below 2**32); the one left
shift that can leave 32 bits, FL's ``<<< 1``, is masked with a run-time ``uint(0xFFFFFFFF)``.
``host_tests/test_blk_emu.py`` runs this machine code on emulated Cortex-M3/M4 cores.

RAM: 4 KiB of tables built at import, 548 bytes of subkeys per context. Nothing is allocated
per call after ``new()``; ECB, CBC encrypt/decrypt, CTR and GCM's inc32 run inside the kernel
over many blocks.

Engine surface: see ``cipher/modes.py``.
"""

import array
import micropython
from micropython import const
from mpcrypto.cipher.camellia_python import SBOX1, expand_key

_SP = array.array("I", bytes(4 * 1024))  # SP1110 | SP0222 | SP3033 | SP4404

# Context layout in words: [0, 68) encryption subkeys, [68, 136) decryption subkeys,
# [136] number of 6-round groups (3 or 4).
_DK = const(68)
_NG = const(136)


@micropython.viper
def _build(sp: ptr32, s: ptr8):
    # §2.4.4: SBOX2[x] = SBOX1[x] <<< 1, SBOX3[x] = SBOX1[x] >>> 1, SBOX4[x] = SBOX1[x <<< 1].
    for x in range(256):
        s1 = uint(s[x])
        s2 = ((s1 << 1) | (s1 >> 7)) & uint(0xFF)
        s3 = ((s1 >> 1) | (s1 << 7)) & uint(0xFF)
        s4 = uint(s[((x << 1) | (x >> 7)) & 0xFF])
        sp[x] = (s1 << 24) | (s1 << 16) | (s1 << 8)  # SP1110
        sp[256 + x] = (s2 << 16) | (s2 << 8) | s2  # SP0222
        sp[512 + x] = (s3 << 24) | (s3 << 8) | s3  # SP3033
        sp[768 + x] = (s4 << 24) | (s4 << 16) | s4  # SP4404


_build(_SP, SBOX1)


@micropython.viper
def _crypt(sp: ptr32, k: ptr32, src: ptr8, dst: ptr8, n: int, iv: ptr8, mode: int, ng: int):
    # The network on n blocks with the subkey words at k (either layout), ng 6-round groups.
    # mode 0: ECB (SP 800-38A §6.1); 1: CBC encrypt (§6.2), input ^= iv, iv := output; 2/3:
    # CTR (§6.5) / GCTR (SP 800-38D §6.5), output = src ^ E(iv), iv += 1 over its last 16 (2)
    # or 4 (3) bytes; 4: CBC decrypt, output ^= iv, iv := this ciphertext block. src may
    # equal dst: each block is read into locals before it is written.
    m = uint(0xFFFFFFFF)
    stop = 0 if mode == 2 else 12
    # one pointer per 1 KiB table: no index offset in the rounds
    q1 = ptr32(uint(sp) + 1024)
    q2 = ptr32(uint(sp) + 2048)
    q3 = ptr32(uint(sp) + 3072)
    v0 = (uint(iv[0]) << 24) | (uint(iv[1]) << 16) | (uint(iv[2]) << 8) | uint(iv[3])
    v1 = (uint(iv[4]) << 24) | (uint(iv[5]) << 16) | (uint(iv[6]) << 8) | uint(iv[7])
    v2 = (uint(iv[8]) << 24) | (uint(iv[9]) << 16) | (uint(iv[10]) << 8) | uint(iv[11])
    v3 = (uint(iv[12]) << 24) | (uint(iv[13]) << 16) | (uint(iv[14]) << 8) | uint(iv[15])
    o = 0
    end = 16 * n
    while o < end:
        if mode == 2 or mode == 3:
            p = iv
            q = 0
        else:
            p = src
            q = o
        d0 = (uint(p[q]) << 24) | (uint(p[q + 1]) << 16) | (uint(p[q + 2]) << 8) | uint(p[q + 3])
        d1 = (uint(p[q + 4]) << 24) | (uint(p[q + 5]) << 16) | (uint(p[q + 6]) << 8) | uint(p[q + 7])
        d2 = (uint(p[q + 8]) << 24) | (uint(p[q + 9]) << 16) | (uint(p[q + 10]) << 8) | uint(p[q + 11])
        d3 = (uint(p[q + 12]) << 24) | (uint(p[q + 13]) << 16) | (uint(p[q + 14]) << 8) | uint(p[q + 15])
        c0 = d0  # the ciphertext block, for CBC decryption
        c1 = d1
        c2 = d2
        c3 = d3
        if mode == 1:
            d0 ^= v0
            d1 ^= v1
            d2 ^= v2
            d3 ^= v3
        # pre-whitening: D1 ^= kw1, D2 ^= kw2
        d0 ^= uint(k[0])
        d1 ^= uint(k[1])
        d2 ^= uint(k[2])
        d3 ^= uint(k[3])
        r = 4
        g = 0
        while True:
            # six rounds: D2 ^= F(D1, k_i); D1 ^= F(D2, k_{i+1}), unrolled
            il = d0 ^ uint(k[r])
            ir = d1 ^ uint(k[r + 1])
            a = uint(sp[il >> 24]) ^ uint(q1[(il >> 16) & 0xFF]) ^ uint(q2[(il >> 8) & 0xFF]) ^ uint(q3[il & 0xFF])
            u = uint(sp[ir & 0xFF]) ^ uint(q1[ir >> 24]) ^ uint(q2[(ir >> 16) & 0xFF]) ^ uint(q3[(ir >> 8) & 0xFF]) ^ a
            d2 ^= u
            d3 ^= u ^ (a >> 8) ^ ((a & 0xFF) << 24)
            il = d2 ^ uint(k[r + 2])
            ir = d3 ^ uint(k[r + 3])
            a = uint(sp[il >> 24]) ^ uint(q1[(il >> 16) & 0xFF]) ^ uint(q2[(il >> 8) & 0xFF]) ^ uint(q3[il & 0xFF])
            u = uint(sp[ir & 0xFF]) ^ uint(q1[ir >> 24]) ^ uint(q2[(ir >> 16) & 0xFF]) ^ uint(q3[(ir >> 8) & 0xFF]) ^ a
            d0 ^= u
            d1 ^= u ^ (a >> 8) ^ ((a & 0xFF) << 24)
            il = d0 ^ uint(k[r + 4])
            ir = d1 ^ uint(k[r + 5])
            a = uint(sp[il >> 24]) ^ uint(q1[(il >> 16) & 0xFF]) ^ uint(q2[(il >> 8) & 0xFF]) ^ uint(q3[il & 0xFF])
            u = uint(sp[ir & 0xFF]) ^ uint(q1[ir >> 24]) ^ uint(q2[(ir >> 16) & 0xFF]) ^ uint(q3[(ir >> 8) & 0xFF]) ^ a
            d2 ^= u
            d3 ^= u ^ (a >> 8) ^ ((a & 0xFF) << 24)
            il = d2 ^ uint(k[r + 6])
            ir = d3 ^ uint(k[r + 7])
            a = uint(sp[il >> 24]) ^ uint(q1[(il >> 16) & 0xFF]) ^ uint(q2[(il >> 8) & 0xFF]) ^ uint(q3[il & 0xFF])
            u = uint(sp[ir & 0xFF]) ^ uint(q1[ir >> 24]) ^ uint(q2[(ir >> 16) & 0xFF]) ^ uint(q3[(ir >> 8) & 0xFF]) ^ a
            d0 ^= u
            d1 ^= u ^ (a >> 8) ^ ((a & 0xFF) << 24)
            il = d0 ^ uint(k[r + 8])
            ir = d1 ^ uint(k[r + 9])
            a = uint(sp[il >> 24]) ^ uint(q1[(il >> 16) & 0xFF]) ^ uint(q2[(il >> 8) & 0xFF]) ^ uint(q3[il & 0xFF])
            u = uint(sp[ir & 0xFF]) ^ uint(q1[ir >> 24]) ^ uint(q2[(ir >> 16) & 0xFF]) ^ uint(q3[(ir >> 8) & 0xFF]) ^ a
            d2 ^= u
            d3 ^= u ^ (a >> 8) ^ ((a & 0xFF) << 24)
            il = d2 ^ uint(k[r + 10])
            ir = d3 ^ uint(k[r + 11])
            a = uint(sp[il >> 24]) ^ uint(q1[(il >> 16) & 0xFF]) ^ uint(q2[(il >> 8) & 0xFF]) ^ uint(q3[il & 0xFF])
            u = uint(sp[ir & 0xFF]) ^ uint(q1[ir >> 24]) ^ uint(q2[(ir >> 16) & 0xFF]) ^ uint(q3[(ir >> 8) & 0xFF]) ^ a
            d0 ^= u
            d1 ^= u ^ (a >> 8) ^ ((a & 0xFF) << 24)
            r += 12
            g += 1
            if g == ng:
                break
            # FL on D1: x2 ^= (x1 & k1) <<< 1; x1 ^= x2 | k2
            t = d0 & uint(k[r])
            d1 ^= ((t << 1) & m) | (t >> 31)
            d0 ^= d1 | uint(k[r + 1])
            # FL^-1 on D2: y1 ^= y2 | k2; y2 ^= (y1 & k1) <<< 1
            d2 ^= d3 | uint(k[r + 3])
            t = d2 & uint(k[r + 2])
            d3 ^= ((t << 1) & m) | (t >> 31)
            r += 4
        # post-whitening and the swap: C = (D2 ^ kw3) || (D1 ^ kw4)
        y0 = d2 ^ uint(k[r])
        y1 = d3 ^ uint(k[r + 1])
        y2 = d0 ^ uint(k[r + 2])
        y3 = d1 ^ uint(k[r + 3])
        if mode == 2 or mode == 3:
            # Keystream: XOR in the source block, then increment the counter.
            y0 ^= (uint(src[o]) << 24) | (uint(src[o + 1]) << 16) | (uint(src[o + 2]) << 8) | uint(src[o + 3])
            y1 ^= (uint(src[o + 4]) << 24) | (uint(src[o + 5]) << 16) | (uint(src[o + 6]) << 8) | uint(src[o + 7])
            y2 ^= (uint(src[o + 8]) << 24) | (uint(src[o + 9]) << 16) | (uint(src[o + 10]) << 8) | uint(src[o + 11])
            y3 ^= (uint(src[o + 12]) << 24) | (uint(src[o + 13]) << 16) | (uint(src[o + 14]) << 8) | uint(src[o + 15])
            i = 15
            while i >= stop:
                v = int(iv[i]) + 1
                iv[i] = v
                if v != 256:
                    break
                i -= 1
        elif mode == 4:
            y0 ^= v0
            y1 ^= v1
            y2 ^= v2
            y3 ^= v3
            v0 = c0
            v1 = c1
            v2 = c2
            v3 = c3
        # Store big-endian (ptr8 stores keep the low byte).
        dst[o] = y0 >> 24
        dst[o + 1] = y0 >> 16
        dst[o + 2] = y0 >> 8
        dst[o + 3] = y0
        dst[o + 4] = y1 >> 24
        dst[o + 5] = y1 >> 16
        dst[o + 6] = y1 >> 8
        dst[o + 7] = y1
        dst[o + 8] = y2 >> 24
        dst[o + 9] = y2 >> 16
        dst[o + 10] = y2 >> 8
        dst[o + 11] = y2
        dst[o + 12] = y3 >> 24
        dst[o + 13] = y3 >> 16
        dst[o + 14] = y3 >> 8
        dst[o + 15] = y3
        if mode == 1:
            v0 = y0  # CBC: this ciphertext block chains into the next one
            v1 = y1
            v2 = y2
            v3 = y3
        o += 16
    if (mode == 1 or mode == 4) and n > 0:
        # Write the chaining value back once.
        iv[0] = v0 >> 24
        iv[1] = v0 >> 16
        iv[2] = v0 >> 8
        iv[3] = v0
        iv[4] = v1 >> 24
        iv[5] = v1 >> 16
        iv[6] = v1 >> 8
        iv[7] = v1
        iv[8] = v2 >> 24
        iv[9] = v2 >> 16
        iv[10] = v2 >> 8
        iv[11] = v2
        iv[12] = v3 >> 24
        iv[13] = v3 >> 16
        iv[14] = v3 >> 8
        iv[15] = v3


class _Ctx:
    def __init__(self, key):
        e, d, ng = expand_key(key)
        w = array.array("I", bytes(4 * (_NG + 1)))
        for i in range(len(e)):
            w[i] = e[i]
            w[_DK + i] = d[i]
        self._e = w
        self._d = memoryview(w)[_DK:_NG]  # the decryption layout, as its own pointer
        self._ng = ng

    def ecb_encrypt(self, src, dst, n):
        _crypt(_SP, self._e, src, dst, n, self._e, 0, self._ng)

    def ecb_decrypt(self, src, dst, n):
        _crypt(_SP, self._d, src, dst, n, self._e, 0, self._ng)

    def cbc_encrypt(self, src, dst, n, iv):
        _crypt(_SP, self._e, src, dst, n, iv, 1, self._ng)

    def cbc_decrypt(self, src, dst, n, iv):
        _crypt(_SP, self._d, src, dst, n, iv, 4, self._ng)

    def ctr_xor(self, src, dst, n, ctr, width):
        _crypt(_SP, self._e, src, dst, n, ctr, 2 if width == 16 else 3, self._ng)


def new(key):
    """A Camellia context for a 16/24/32-byte key (validated by the caller). Not constant
    time."""
    return _Ctx(key)
