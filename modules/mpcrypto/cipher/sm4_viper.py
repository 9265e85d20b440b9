"""SM4 engine with viper kernels and 32-bit T-tables (fast; NOT constant time).

GB/T 32907-2016 §6 (see ``sm4_python`` for the spec summary): 32 rounds
X_{i+4} = X_i ^ T(X_{i+1} ^ X_{i+2} ^ X_{i+3} ^ rk_i), where T(a) = L(tau(a)) is computed as
Tt0[a >> 24] ^ Tt1[(a >> 16) & 255] ^ Tt2[(a >> 8) & 255] ^ Tt3[a & 255] with
Ttj[b] = L(S[b] << (24 - 8j)): L is linear and commutes with byte rotations, so Ttj is Tt0
rotated right by 8j. The lookups are indexed by secret bytes (cache timing on cores with a
data cache); use this backend where that threat does not apply.

Words are big-endian (§5.1), assembled from and stored to the caller's buffers byte by byte
(ptr8), so the code is independent of the target's endianness and alignment. Viper
portability (VIPER.md): state words are ``uint`` below 2**32 and the round uses only XOR,
AND with small masks and right shifts; the one place a left shift can leave 32 bits (the
rotations while the tables are built) masks with a run-time ``uint(0xFFFFFFFF)``.
``host_tests/test_blk_emu.py`` runs this machine code on emulated Cortex-M3/M4 cores.

RAM: 4 KiB of tables built at import, 256 bytes of round keys per context. Nothing is
allocated per call after ``new()``: the kernel takes the caller's buffers and loops over
many blocks (ECB, CBC encrypt/decrypt, CTR and GCM's inc32 counter inside the kernel).
The key schedule (§7.3) is ``sm4_python.expand_key``.

Engine surface: see ``cipher/modes.py``.
"""

import array
import micropython
from mpcrypto.cipher.sm4_python import SBOX, expand_key

_T = array.array("I", bytes(4 * 1024))  # Tt0 | Tt1 | Tt2 | Tt3


@micropython.viper
def _build(t: ptr32, sb: ptr8):
    # Tt0[x] = L(S[x] << 24), L(B) = B ^ B<<<2 ^ B<<<10 ^ B<<<18 ^ B<<<24 (§6.2.2); the other
    # three tables are its byte rotations (rotr 8, 16, 24).
    m = uint(0xFFFFFFFF)
    for x in range(256):
        b = uint(sb[x]) << 24
        y = b ^ (((b << 2) & m) | (b >> 30)) ^ (((b << 10) & m) | (b >> 22)) ^ (((b << 18) & m) | (b >> 14)) ^ (((b << 24) & m) | (b >> 8))
        t[x] = y
        t[256 + x] = (y >> 8) | ((y & 0xFF) << 24)
        t[512 + x] = (y >> 16) | ((y & 0xFFFF) << 16)
        t[768 + x] = (y >> 24) | ((y & 0xFFFFFF) << 8)


_build(_T, SBOX)


@micropython.viper
def _crypt(t: ptr32, k: ptr32, src: ptr8, dst: ptr8, n: int, iv: ptr8, mode: int):
    # §6.1 on n blocks with the 32 round keys at k (encryption order, or reversed for
    # decryption, §6.3). mode 0: ECB (SP 800-38A §6.1); 1: CBC encrypt (§6.2), input ^= iv,
    # iv := output; 2/3: CTR (§6.5) / GCTR (SP 800-38D §6.5), output = src ^ E(iv), then
    # iv += 1 over its last 16 (2) or 4 (3) bytes; 4: CBC decrypt, output ^= iv, iv := this
    # ciphertext block. src may equal dst: each block is read into locals before it is written.
    stop = 0 if mode == 2 else 12
    # one pointer per 1 KiB table: no index offset in the rounds
    q1 = ptr32(uint(t) + 1024)
    q2 = ptr32(uint(t) + 2048)
    q3 = ptr32(uint(t) + 3072)
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
        x0 = (uint(p[q]) << 24) | (uint(p[q + 1]) << 16) | (uint(p[q + 2]) << 8) | uint(p[q + 3])
        x1 = (uint(p[q + 4]) << 24) | (uint(p[q + 5]) << 16) | (uint(p[q + 6]) << 8) | uint(p[q + 7])
        x2 = (uint(p[q + 8]) << 24) | (uint(p[q + 9]) << 16) | (uint(p[q + 10]) << 8) | uint(p[q + 11])
        x3 = (uint(p[q + 12]) << 24) | (uint(p[q + 13]) << 16) | (uint(p[q + 14]) << 8) | uint(p[q + 15])
        c0 = x0  # the ciphertext block, for CBC decryption
        c1 = x1
        c2 = x2
        c3 = x3
        if mode == 1:
            x0 ^= v0
            x1 ^= v1
            x2 ^= v2
            x3 ^= v3
        r = 0
        while r < 32:
            # four rounds; X_{i+4} = X_i ^ T(X_{i+1} ^ X_{i+2} ^ X_{i+3} ^ rk_i)
            a = x1 ^ x2 ^ x3 ^ uint(k[r])
            x0 ^= uint(t[a >> 24]) ^ uint(q1[(a >> 16) & 0xFF]) ^ uint(q2[(a >> 8) & 0xFF]) ^ uint(q3[a & 0xFF])
            a = x2 ^ x3 ^ x0 ^ uint(k[r + 1])
            x1 ^= uint(t[a >> 24]) ^ uint(q1[(a >> 16) & 0xFF]) ^ uint(q2[(a >> 8) & 0xFF]) ^ uint(q3[a & 0xFF])
            a = x3 ^ x0 ^ x1 ^ uint(k[r + 2])
            x2 ^= uint(t[a >> 24]) ^ uint(q1[(a >> 16) & 0xFF]) ^ uint(q2[(a >> 8) & 0xFF]) ^ uint(q3[a & 0xFF])
            a = x0 ^ x1 ^ x2 ^ uint(k[r + 3])
            x3 ^= uint(t[a >> 24]) ^ uint(q1[(a >> 16) & 0xFF]) ^ uint(q2[(a >> 8) & 0xFF]) ^ uint(q3[a & 0xFF])
            r += 4
        # R: the output is (X35, X34, X33, X32)
        y0 = x3
        y1 = x2
        y2 = x1
        y3 = x0
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
        rk = expand_key(key)
        e = array.array("I", bytes(128))
        d = array.array("I", bytes(128))
        for i in range(32):
            e[i] = rk[i]
            d[i] = rk[31 - i]  # §6.3: decryption uses the round keys in reverse order
        self._e = e
        self._d = d

    def ecb_encrypt(self, src, dst, n):
        _crypt(_T, self._e, src, dst, n, self._e, 0)

    def ecb_decrypt(self, src, dst, n):
        _crypt(_T, self._d, src, dst, n, self._d, 0)

    def cbc_encrypt(self, src, dst, n, iv):
        _crypt(_T, self._e, src, dst, n, iv, 1)

    def cbc_decrypt(self, src, dst, n, iv):
        _crypt(_T, self._d, src, dst, n, iv, 4)

    def ctr_xor(self, src, dst, n, ctr, width):
        _crypt(_T, self._e, src, dst, n, ctr, 2 if width == 16 else 3)


def new(key):
    """An SM4 context for a 16-byte key (validated by the caller). Not constant time."""
    return _Ctx(key)
