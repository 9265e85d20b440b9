"""AES engine with viper kernels and 32-bit T-tables (fast; NOT constant time).

FIPS 197 §5.1 cipher and §5.3.5 equivalent inverse cipher, using the classic table
formulation (FIPS 197 §5.1.3 note / Daemen-Rijmen "The Design of Rijndael" §4.2): one round
column is four 32-bit table lookups XORed with a round-key word. The lookups are indexed by
secret state bytes, so the running time and cache footprint depend on key and data: a
cache-timing attacker on a part with a data cache can learn key bits. Use this backend where
that threat does not apply (MCUs without data cache in a trusted setting) or prefer a
hardware/constant-time backend.

Word convention: a state column (and a round-key word) is the little-endian word
``b0 | b1 << 8 | b2 << 16 | b3 << 24`` of its four bytes, assembled from and stored to the
caller's buffers byte by byte (ptr8), so the code is independent of the target's endianness
and alignment. Tables live in ``array('I')`` and are read through ptr32.

RAM: 8 KiB of tables (Te0..Te3, Td0..Td3, 1024 words each set) built at import, plus
496 bytes per key context. Nothing is allocated per call after ``new()``: the kernels take
the caller's buffers and loop over many blocks.

Viper portability (see VIPER.md): all state is ``uint`` holding 0..2**32-1; the only
operations are XOR, AND with small masks, right shifts of values below 2**32 and left
shifts whose results stay below 2**32, so no mask against 2**32 is ever needed, on 32-bit
Cortex-M and on 64-bit hosts alike.

Engine surface: see ``aes_python`` (identical in every backend).
"""

import array
import micropython
from micropython import const
from mpcrypto.cipher.aes_tables import SBOX, INV_SBOX, expand_key

_TE = array.array("I", bytes(4 * 1024))  # Te0 | Te1 | Te2 | Te3, 256 words each
_TD = array.array("I", bytes(4 * 1024))  # Td0 | Td1 | Td2 | Td3

# Key context layout, in 32-bit words: [0, 60) encryption round keys (Nr+1)*4 words,
# [60] Nr, [64, 124) decryption round keys for the equivalent inverse cipher.
_CTX_WORDS = const(124)
_DK = const(64)
_NR = const(60)


@micropython.viper
def _build(te: ptr32, td: ptr32, sb: ptr8, isb: ptr8):
    # T-tables from the S-boxes (FIPS 197 §5.1.3 MixColumns matrix {02 03 01 01} and
    # §5.3.3 InvMixColumns matrix {0e 0b 0d 09}), coefficients per input row.
    for x in range(256):
        s = uint(sb[x])
        s2 = ((s << 1) ^ ((s >> 7) * uint(0x1B))) & uint(0xFF)  # {02}s
        s3 = s2 ^ s  # {03}s
        te[x] = s2 | (s << 8) | (s << 16) | (s3 << 24)  # a0 -> (02, 01, 01, 03)
        te[256 + x] = s3 | (s2 << 8) | (s << 16) | (s << 24)  # a1 -> (03, 02, 01, 01)
        te[512 + x] = s | (s3 << 8) | (s2 << 16) | (s << 24)  # a2 -> (01, 03, 02, 01)
        te[768 + x] = s | (s << 8) | (s3 << 16) | (s2 << 24)  # a3 -> (01, 01, 03, 02)
        i = uint(isb[x])
        i2 = ((i << 1) ^ ((i >> 7) * uint(0x1B))) & uint(0xFF)
        i4 = ((i2 << 1) ^ ((i2 >> 7) * uint(0x1B))) & uint(0xFF)
        i8 = ((i4 << 1) ^ ((i4 >> 7) * uint(0x1B))) & uint(0xFF)
        e = i8 ^ i4 ^ i2  # {0e}
        b = i8 ^ i2 ^ i  # {0b}
        d = i8 ^ i4 ^ i  # {0d}
        n = i8 ^ i  # {09}
        td[x] = e | (n << 8) | (d << 16) | (b << 24)  # a0 -> (0e, 09, 0d, 0b)
        td[256 + x] = b | (e << 8) | (n << 16) | (d << 24)  # a1 -> (0b, 0e, 09, 0d)
        td[512 + x] = d | (b << 8) | (e << 16) | (n << 24)  # a2 -> (0d, 0b, 0e, 09)
        td[768 + x] = n | (d << 8) | (b << 16) | (e << 24)  # a3 -> (09, 0d, 0b, 0e)


_build(_TE, _TD, SBOX, INV_SBOX)


@micropython.viper
def _setup(k: ptr32, w: ptr8, nr: int, td: ptr32, sb: ptr8):
    # Pack the expanded key bytes w (FIPS 197 §5.2) into little-endian words, and derive
    # the decryption keys (§5.3.5): reverse round order, InvMixColumns on rounds 1..Nr-1.
    # InvMixColumns(x) = Td0[S[x0]] ^ Td1[S[x1]] ^ Td2[S[x2]] ^ Td3[S[x3]] since Td has InvS.
    nw = (nr + 1) * 4
    for i in range(nw):
        j = 4 * i
        k[i] = uint(w[j]) | (uint(w[j + 1]) << 8) | (uint(w[j + 2]) << 16) | (uint(w[j + 3]) << 24)
    k[_NR] = nr
    for r in range(nr + 1):
        for c in range(4):
            x = uint(k[4 * (nr - r) + c])
            if r != 0 and r != nr:
                x = (
                    uint(td[sb[x & 0xFF]])
                    ^ uint(td[256 + int(sb[(x >> 8) & 0xFF])])
                    ^ uint(td[512 + int(sb[(x >> 16) & 0xFF])])
                    ^ uint(td[768 + int(sb[x >> 24])])
                )
            k[_DK + 4 * r + c] = x


@micropython.viper
def _enc(te: ptr32, k: ptr32, src: ptr8, dst: ptr8, n: int, iv: ptr8, mode: int):
    # FIPS 197 §5.1 on n blocks. mode 0: ECB (SP 800-38A §6.1); 1: CBC encrypt (§6.2),
    # input ^= iv, iv := output; 2/3: CTR (§6.5) / GCTR (SP 800-38D §6.5), the cipher input
    # is the counter iv, output = src ^ E(iv), then iv += 1 over its last 16 (2) or 4 (3)
    # bytes, big-endian. src may equal dst: each block is fully read before it is written.
    sb = ptr8(SBOX)
    nr = int(k[_NR])
    stop = 0 if mode == 2 else 12
    # CBC chaining value, kept in words while looping and written back once at the end.
    v0 = uint(iv[0]) | (uint(iv[1]) << 8) | (uint(iv[2]) << 16) | (uint(iv[3]) << 24)
    v1 = uint(iv[4]) | (uint(iv[5]) << 8) | (uint(iv[6]) << 16) | (uint(iv[7]) << 24)
    v2 = uint(iv[8]) | (uint(iv[9]) << 8) | (uint(iv[10]) << 16) | (uint(iv[11]) << 24)
    v3 = uint(iv[12]) | (uint(iv[13]) << 8) | (uint(iv[14]) << 16) | (uint(iv[15]) << 24)
    o = 0
    end = 16 * n
    while o < end:
        if mode >= 2:
            p = iv
            q = 0
        else:
            p = src
            q = o
        w0 = uint(p[q]) | (uint(p[q + 1]) << 8) | (uint(p[q + 2]) << 16) | (uint(p[q + 3]) << 24)
        w1 = uint(p[q + 4]) | (uint(p[q + 5]) << 8) | (uint(p[q + 6]) << 16) | (uint(p[q + 7]) << 24)
        w2 = uint(p[q + 8]) | (uint(p[q + 9]) << 8) | (uint(p[q + 10]) << 16) | (uint(p[q + 11]) << 24)
        w3 = uint(p[q + 12]) | (uint(p[q + 13]) << 8) | (uint(p[q + 14]) << 16) | (uint(p[q + 15]) << 24)
        if mode == 1:
            w0 ^= v0
            w1 ^= v1
            w2 ^= v2
            w3 ^= v3
        # AddRoundKey(0)
        w0 ^= uint(k[0])
        w1 ^= uint(k[1])
        w2 ^= uint(k[2])
        w3 ^= uint(k[3])
        r = 4
        last = 4 * nr
        while r < last:
            # SubBytes+ShiftRows+MixColumns via Te; column c takes row j from column c+j.
            t0 = uint(te[w0 & 0xFF]) ^ uint(te[256 + int((w1 >> 8) & 0xFF)]) ^ uint(te[512 + int((w2 >> 16) & 0xFF)]) ^ uint(te[768 + int(w3 >> 24)]) ^ uint(k[r])
            t1 = uint(te[w1 & 0xFF]) ^ uint(te[256 + int((w2 >> 8) & 0xFF)]) ^ uint(te[512 + int((w3 >> 16) & 0xFF)]) ^ uint(te[768 + int(w0 >> 24)]) ^ uint(k[r + 1])
            t2 = uint(te[w2 & 0xFF]) ^ uint(te[256 + int((w3 >> 8) & 0xFF)]) ^ uint(te[512 + int((w0 >> 16) & 0xFF)]) ^ uint(te[768 + int(w1 >> 24)]) ^ uint(k[r + 2])
            t3 = uint(te[w3 & 0xFF]) ^ uint(te[256 + int((w0 >> 8) & 0xFF)]) ^ uint(te[512 + int((w1 >> 16) & 0xFF)]) ^ uint(te[768 + int(w2 >> 24)]) ^ uint(k[r + 3])
            w0 = t0
            w1 = t1
            w2 = t2
            w3 = t3
            r += 4
        # Final round: SubBytes, ShiftRows, AddRoundKey(Nr).
        t0 = (uint(sb[w0 & 0xFF]) | (uint(sb[(w1 >> 8) & 0xFF]) << 8) | (uint(sb[(w2 >> 16) & 0xFF]) << 16) | (uint(sb[w3 >> 24]) << 24)) ^ uint(k[r])
        t1 = (uint(sb[w1 & 0xFF]) | (uint(sb[(w2 >> 8) & 0xFF]) << 8) | (uint(sb[(w3 >> 16) & 0xFF]) << 16) | (uint(sb[w0 >> 24]) << 24)) ^ uint(k[r + 1])
        t2 = (uint(sb[w2 & 0xFF]) | (uint(sb[(w3 >> 8) & 0xFF]) << 8) | (uint(sb[(w0 >> 16) & 0xFF]) << 16) | (uint(sb[w1 >> 24]) << 24)) ^ uint(k[r + 2])
        t3 = (uint(sb[w3 & 0xFF]) | (uint(sb[(w0 >> 8) & 0xFF]) << 8) | (uint(sb[(w1 >> 16) & 0xFF]) << 16) | (uint(sb[w2 >> 24]) << 24)) ^ uint(k[r + 3])
        if mode >= 2:
            # Keystream: XOR in the source block, then increment the counter.
            t0 ^= uint(src[o]) | (uint(src[o + 1]) << 8) | (uint(src[o + 2]) << 16) | (uint(src[o + 3]) << 24)
            t1 ^= uint(src[o + 4]) | (uint(src[o + 5]) << 8) | (uint(src[o + 6]) << 16) | (uint(src[o + 7]) << 24)
            t2 ^= uint(src[o + 8]) | (uint(src[o + 9]) << 8) | (uint(src[o + 10]) << 16) | (uint(src[o + 11]) << 24)
            t3 ^= uint(src[o + 12]) | (uint(src[o + 13]) << 8) | (uint(src[o + 14]) << 16) | (uint(src[o + 15]) << 24)
            i = 15
            while i >= stop:
                v = int(iv[i]) + 1
                iv[i] = v
                if v != 256:
                    break
                i -= 1
        # Store (ptr8 stores keep the low byte).
        dst[o] = t0
        dst[o + 1] = t0 >> 8
        dst[o + 2] = t0 >> 16
        dst[o + 3] = t0 >> 24
        dst[o + 4] = t1
        dst[o + 5] = t1 >> 8
        dst[o + 6] = t1 >> 16
        dst[o + 7] = t1 >> 24
        dst[o + 8] = t2
        dst[o + 9] = t2 >> 8
        dst[o + 10] = t2 >> 16
        dst[o + 11] = t2 >> 24
        dst[o + 12] = t3
        dst[o + 13] = t3 >> 8
        dst[o + 14] = t3 >> 16
        dst[o + 15] = t3 >> 24
        # CBC: this ciphertext block chains into the next one.
        v0 = t0
        v1 = t1
        v2 = t2
        v3 = t3
        o += 16
    if mode == 1 and n > 0:
        # Write the chaining value back once (ptr8 stores keep the low byte).
        iv[0] = v0
        iv[1] = v0 >> 8
        iv[2] = v0 >> 16
        iv[3] = v0 >> 24
        iv[4] = v1
        iv[5] = v1 >> 8
        iv[6] = v1 >> 16
        iv[7] = v1 >> 24
        iv[8] = v2
        iv[9] = v2 >> 8
        iv[10] = v2 >> 16
        iv[11] = v2 >> 24
        iv[12] = v3
        iv[13] = v3 >> 8
        iv[14] = v3 >> 16
        iv[15] = v3 >> 24


@micropython.viper
def _dec(td: ptr32, k: ptr32, src: ptr8, dst: ptr8, n: int, iv: ptr8, mode: int):
    # FIPS 197 §5.3.5 equivalent inverse cipher on n blocks. mode 0: ECB; 1: CBC decrypt
    # (SP 800-38A §6.2): output ^= iv, iv := this ciphertext block. The ciphertext words
    # are held in locals (c0..c3), so src may equal dst.
    sb = ptr8(INV_SBOX)
    nr = int(k[_NR])
    v0 = uint(iv[0]) | (uint(iv[1]) << 8) | (uint(iv[2]) << 16) | (uint(iv[3]) << 24)
    v1 = uint(iv[4]) | (uint(iv[5]) << 8) | (uint(iv[6]) << 16) | (uint(iv[7]) << 24)
    v2 = uint(iv[8]) | (uint(iv[9]) << 8) | (uint(iv[10]) << 16) | (uint(iv[11]) << 24)
    v3 = uint(iv[12]) | (uint(iv[13]) << 8) | (uint(iv[14]) << 16) | (uint(iv[15]) << 24)
    o = 0
    end = 16 * n
    while o < end:
        c0 = uint(src[o]) | (uint(src[o + 1]) << 8) | (uint(src[o + 2]) << 16) | (uint(src[o + 3]) << 24)
        c1 = uint(src[o + 4]) | (uint(src[o + 5]) << 8) | (uint(src[o + 6]) << 16) | (uint(src[o + 7]) << 24)
        c2 = uint(src[o + 8]) | (uint(src[o + 9]) << 8) | (uint(src[o + 10]) << 16) | (uint(src[o + 11]) << 24)
        c3 = uint(src[o + 12]) | (uint(src[o + 13]) << 8) | (uint(src[o + 14]) << 16) | (uint(src[o + 15]) << 24)
        # AddRoundKey(Nr), taken from the reversed decryption schedule.
        w0 = c0 ^ uint(k[_DK])
        w1 = c1 ^ uint(k[_DK + 1])
        w2 = c2 ^ uint(k[_DK + 2])
        w3 = c3 ^ uint(k[_DK + 3])
        r = _DK + 4
        last = _DK + 4 * nr
        while r < last:
            # InvSubBytes+InvShiftRows+InvMixColumns via Td; column c takes row j from c-j.
            t0 = uint(td[w0 & 0xFF]) ^ uint(td[256 + int((w3 >> 8) & 0xFF)]) ^ uint(td[512 + int((w2 >> 16) & 0xFF)]) ^ uint(td[768 + int(w1 >> 24)]) ^ uint(k[r])
            t1 = uint(td[w1 & 0xFF]) ^ uint(td[256 + int((w0 >> 8) & 0xFF)]) ^ uint(td[512 + int((w3 >> 16) & 0xFF)]) ^ uint(td[768 + int(w2 >> 24)]) ^ uint(k[r + 1])
            t2 = uint(td[w2 & 0xFF]) ^ uint(td[256 + int((w1 >> 8) & 0xFF)]) ^ uint(td[512 + int((w0 >> 16) & 0xFF)]) ^ uint(td[768 + int(w3 >> 24)]) ^ uint(k[r + 2])
            t3 = uint(td[w3 & 0xFF]) ^ uint(td[256 + int((w2 >> 8) & 0xFF)]) ^ uint(td[512 + int((w1 >> 16) & 0xFF)]) ^ uint(td[768 + int(w0 >> 24)]) ^ uint(k[r + 3])
            w0 = t0
            w1 = t1
            w2 = t2
            w3 = t3
            r += 4
        # Final round: InvSubBytes, InvShiftRows, AddRoundKey(0).
        t0 = (uint(sb[w0 & 0xFF]) | (uint(sb[(w3 >> 8) & 0xFF]) << 8) | (uint(sb[(w2 >> 16) & 0xFF]) << 16) | (uint(sb[w1 >> 24]) << 24)) ^ uint(k[r])
        t1 = (uint(sb[w1 & 0xFF]) | (uint(sb[(w0 >> 8) & 0xFF]) << 8) | (uint(sb[(w3 >> 16) & 0xFF]) << 16) | (uint(sb[w2 >> 24]) << 24)) ^ uint(k[r + 1])
        t2 = (uint(sb[w2 & 0xFF]) | (uint(sb[(w1 >> 8) & 0xFF]) << 8) | (uint(sb[(w0 >> 16) & 0xFF]) << 16) | (uint(sb[w3 >> 24]) << 24)) ^ uint(k[r + 2])
        t3 = (uint(sb[w3 & 0xFF]) | (uint(sb[(w2 >> 8) & 0xFF]) << 8) | (uint(sb[(w1 >> 16) & 0xFF]) << 16) | (uint(sb[w0 >> 24]) << 24)) ^ uint(k[r + 3])
        if mode == 1:
            # CBC: P = D(C) ^ previous C; the current C becomes the chaining value.
            t0 ^= v0
            t1 ^= v1
            t2 ^= v2
            t3 ^= v3
            v0 = c0
            v1 = c1
            v2 = c2
            v3 = c3
        dst[o] = t0
        dst[o + 1] = t0 >> 8
        dst[o + 2] = t0 >> 16
        dst[o + 3] = t0 >> 24
        dst[o + 4] = t1
        dst[o + 5] = t1 >> 8
        dst[o + 6] = t1 >> 16
        dst[o + 7] = t1 >> 24
        dst[o + 8] = t2
        dst[o + 9] = t2 >> 8
        dst[o + 10] = t2 >> 16
        dst[o + 11] = t2 >> 24
        dst[o + 12] = t3
        dst[o + 13] = t3 >> 8
        dst[o + 14] = t3 >> 16
        dst[o + 15] = t3 >> 24
        o += 16
    if mode == 1 and n > 0:
        # Write the chaining value back once (ptr8 stores keep the low byte).
        iv[0] = v0
        iv[1] = v0 >> 8
        iv[2] = v0 >> 16
        iv[3] = v0 >> 24
        iv[4] = v1
        iv[5] = v1 >> 8
        iv[6] = v1 >> 16
        iv[7] = v1 >> 24
        iv[8] = v2
        iv[9] = v2 >> 8
        iv[10] = v2 >> 16
        iv[11] = v2 >> 24
        iv[12] = v3
        iv[13] = v3 >> 8
        iv[14] = v3 >> 16
        iv[15] = v3 >> 24


class _Ctx:
    def __init__(self, key):
        w = expand_key(key)
        k = array.array("I", bytes(4 * _CTX_WORDS))
        _setup(k, w, len(w) // 16 - 1, _TD, SBOX)
        self._k = k

    def ecb_encrypt(self, src, dst, n):
        _enc(_TE, self._k, src, dst, n, self._k, 0)

    def ecb_decrypt(self, src, dst, n):
        _dec(_TD, self._k, src, dst, n, self._k, 0)

    def cbc_encrypt(self, src, dst, n, iv):
        _enc(_TE, self._k, src, dst, n, iv, 1)

    def cbc_decrypt(self, src, dst, n, iv):
        _dec(_TD, self._k, src, dst, n, iv, 1)

    def ctr_xor(self, src, dst, n, ctr, width):
        _enc(_TE, self._k, src, dst, n, ctr, 2 if width == 16 else 3)


def new(key):
    """An AES context for a 16/24/32-byte key (validated by the caller). Not constant time."""
    return _Ctx(key)


# Helpers shared with the cryptolib wrapper (aes_builtin), which builds CTR on ECB.


@micropython.viper
def ctr_blocks(buf: ptr8, ctr: ptr8, n: int, width: int):
    """Write n successive counter blocks into buf and advance ctr past them (big-endian
    increment over the last ``width`` bytes: 16 for CTR, 4 for GCM inc32). Copies words when
    both buffers are 4-byte aligned (always, for the bytearrays the engines allocate)."""
    stop = 16 - width
    aligned = ((uint(buf) | uint(ctr)) & uint(3)) == uint(0)
    b32 = ptr32(buf)
    c32 = ptr32(ctr)
    o = 0
    end = 16 * n
    while o < end:
        if aligned:
            w = o >> 2
            b32[w] = c32[0]
            b32[w + 1] = c32[1]
            b32[w + 2] = c32[2]
            b32[w + 3] = c32[3]
        else:
            for j in range(16):
                buf[o + j] = ctr[j]
        i = 15
        while i >= stop:
            v = int(ctr[i]) + 1
            ctr[i] = v
            if v != 256:
                break
            i -= 1
        o += 16


@micropython.viper
def xor_into(dst: ptr8, src: ptr8, off: int, ks: ptr8, n: int):
    """dst[off + i] = src[off + i] ^ ks[i] for i < n. dst may be src, or overlap it starting
    before it (forward order). Word-wise when all three are 4-byte aligned, else byte-wise.
    The offset spares the caller a memoryview slice (an allocation) per chunk."""
    d8 = ptr8(uint(dst) + uint(off))
    s8 = ptr8(uint(src) + uint(off))
    i = 0
    if ((uint(d8) | uint(s8) | uint(ks)) & uint(3)) == uint(0):
        d = ptr32(d8)
        s = ptr32(s8)
        k = ptr32(ks)
        nw = n >> 2
        for w in range(nw):
            d[w] = s[w] ^ k[w]  # a ptr32 store keeps the low 32 bits on every port
        i = nw << 2
    while i < n:
        d8[i] = s8[i] ^ ks[i]
        i += 1
