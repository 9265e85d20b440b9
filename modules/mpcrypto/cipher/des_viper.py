"""DES and TDEA (3DES) engine with a viper kernel (fast; NOT constant time).

FIPS 46-3 / SP 800-67 as ``des_python`` states it (read it first): IP, 16 Feistel rounds in
pairs without swapping, f as eight lookups in the SP tables (S-box and P merged), FP; TDEA as
48 rounds between one IP and one FP (the halves swapped after each 16: FP then IP cancel).
Lookups are indexed by secret-dependent bits (cache timing on cores with a data cache).

IP and FP are not tables here but five masked swaps of bits between the block's two
big-endian 32-bit words ("swap-move": ``u = ((x >> s) ^ y) & mask; y ^= u; x ^= u << s``
exchanges the bits of x at ``mask << s`` with those of y at ``mask``), at distances 4, 16, 2, 8
and 1: the 8x8 bit-matrix transpose that IP is. The last one is done as rotate, swap without
shift, rotate, which leaves the halves in the rounds' layout below; FP undoes the five in
reverse order. (The same network is in the DES literature; this sequence was checked bit by bit
against FIPS 46-3's IP table, and ``host_tests/test_des.py`` checks the whole cipher.)

Round layout: each half H is kept rotated right by one bit (H >>> 1). Then E's even 6-bit
chunks (S-boxes 1, 3, 5, 7) are bits 2..7 of the four bytes of the half, and the odd ones
bits 2..7 of the bytes of the half rotated left by 4. XORed with the round key (two words
with its chunks at those places, ``_pack``), each chunk times 4 is ``(u >> s) & 0xFC`` for
s = 24, 16, 8, 0: a byte offset into its 64-word SP table. All eight tables are one array, so
a lookup is ``ptr32(offset + table base)[64 * (box - 1)]`` (one shift, one AND, one add, one
load; the constant index is the load's displacement). The SP entries are stored rotated
like the halves, so f's output is XORed in as it comes.

Why the code has this shape (what viper makes of it, measured with mpy-cross -march=x64 and
armv7emsp): viper keeps only its first two locals in machine registers, which are the first
two parameters. So ``_crypt`` takes two dummy parameters ``x`` and ``y`` (callers pass 0):
they hold the two words of the block through load, IP and FP, and through the rounds the
table base (``x``) and the value being looked up and then the XOR of the eight lookups (``y``,
updated as ``y = lookup ^ y``, which needs no spill); the other state lives on the C stack. On
the unix port (x86-64) the rounds are bound by the count of instructions (two to four per
viper operation), hence byte offsets rather than ptr32 indices (whose x86-64 code multiplies by
four with four adds). Tried and slower there: reading the chunks back as bytes from a scratch
word (fewer instructions, but a store and byte loads on every round's critical path) and a
pointer per table.

Viper portability (VIPER.md): every word is a ``uint`` below 2**32; the swaps shift masked
values (``u << s`` stays below 2**32); the rotations into FP mask with a run-time
``uint(0xFFFFFFFF)``. One deliberate exception: a round's ``w = ((y << 4) | (y >> 28)) ^ K``
can have bits 32..35 set on a 64-bit port, but w is only ever shifted right by at most 24 and
then ANDed with 0xFC, which drops them (a 32-bit core drops them in the shift). The block
is loaded and stored byte by byte (any alignment, either byte order).
``host_tests/test_blk_emu.py`` runs this machine code on emulated Cortex-M3/M4 cores: 283.25
(DES) and 756.75 (TDEA) instructions per byte of ECB on the M4, from 438.88 and 1041.62 with
the spreading-table IP/FP and per-table pointers this replaced.

RAM: 2 KiB of SP tables made at import from ``des_python``'s; 768 bytes of round keys per
TDEA context (two words per round and direction, 256 for DES). Nothing is allocated per call
after ``new()``; ECB, CBC encrypt/decrypt and CTR run inside the kernel over many blocks.

Engine surface: see ``cipher/modes.py`` (block size 8).
"""

import array
import micropython
from mpcrypto.cipher.des_python import schedule, tables

# SP_1..SP_8 (64 words each), every entry rotated right by one bit like the halves.
_T = array.array("I", bytes(4 * 512))
for _i, _v in enumerate(tables()[:512]):
    _T[_i] = (_v >> 1) | ((_v & 1) << 31)
del _i, _v


@micropython.viper
def _crypt(x: uint, y: uint, t: ptr32, k: ptr32, src: ptr8, dst: ptr8, n: int, iv: ptr8, mode: int, nr: int):
    # DES (nr 16) / TDEA (nr 48) on n 8-byte blocks, SP tables at t, round keys at k (_pack).
    # x, y: registers (see the module docstring), pass 0. mode 0: ECB (SP 800-38A §6.1);
    # 1: CBC encrypt (§6.2); 2/3: CTR (§6.5), output = src ^ E(iv), iv += 1 over its last 8 (2)
    # or 4 (3) bytes; 4: CBC decrypt; iv is written back. src may equal dst: each block is
    # read into locals before it is written.
    stop = 0 if mode == 2 else 4
    m = uint(0xFFFFFFFF)
    m55 = uint(0x55555555)
    ctr = mode & 2  # CTR: the counter block is the cipher input
    cbce = mode == 1
    v0 = (uint(iv[0]) << 24) | (uint(iv[1]) << 16) | (uint(iv[2]) << 8) | uint(iv[3])
    v1 = (uint(iv[4]) << 24) | (uint(iv[5]) << 16) | (uint(iv[6]) << 8) | uint(iv[7])
    while n > 0:
        p = src
        if ctr:
            p = iv
        x = (uint(p[0]) << 24) | (uint(p[1]) << 16) | (uint(p[2]) << 8) | uint(p[3])
        y = (uint(p[4]) << 24) | (uint(p[5]) << 16) | (uint(p[6]) << 8) | uint(p[7])
        if cbce:
            x ^= v0  # CBC: the cipher input is P ^ chaining value
            y ^= v1
        # IP: swap-moves at distance 4, 16, 2, 8, then 1 (x >>> 1, swap, y >>> 1), giving
        # x = L0 >>> 1, y = R0 >>> 1.
        u = ((x >> 4) ^ y) & 0x0F0F0F0F
        y = u ^ y
        x = (u << 4) ^ x
        u = ((x >> 16) ^ y) & 0xFFFF
        y = u ^ y
        x = (u << 16) ^ x
        u = ((y >> 2) ^ x) & 0x33333333
        x = u ^ x
        y = (u << 2) ^ y
        u = ((y >> 8) ^ x) & 0x00FF00FF
        x = u ^ x
        y = (u << 8) ^ y
        x = (x >> 1) | ((x & 1) << 31)
        u = (x ^ y) & m55
        x = u ^ x
        y = u ^ y
        y = (y >> 1) | ((y & 1) << 31)
        a = x
        c = y
        x = uint(t)
        kp = k
        passes = nr >> 4
        while True:
            # One DES pass, 16 rounds unrolled in pairs: a ^= f(c, K_i), c ^= f(a, K_i+1),
            # with y = the half f reads on entry. y ^ K_e and w = (half <<< 4) ^ K_o hold the
            # chunks of S-boxes 1, 3, 5, 7 and 2, 4, 6, 8 at bits 26, 18, 10, 2; box j's table
            # is at word 64 * (j - 1); f's output collects in y.
            y = uint(kp[0]) ^ y
            w = ((y << 4) | (y >> 28)) ^ uint(kp[1])
            y = (uint(ptr32(((y >> 24) & 0xFC) + x)[0]) ^ uint(ptr32(((y >> 16) & 0xFC) + x)[128])
                 ^ uint(ptr32(((y >> 8) & 0xFC) + x)[256]) ^ uint(ptr32((y & 0xFC) + x)[384]))
            y = uint(ptr32(((w >> 24) & 0xFC) + x)[64]) ^ y
            y = uint(ptr32(((w >> 16) & 0xFC) + x)[192]) ^ y
            y = uint(ptr32(((w >> 8) & 0xFC) + x)[320]) ^ y
            y = uint(ptr32((w & 0xFC) + x)[448]) ^ y
            y = a = y ^ a
            y = uint(kp[2]) ^ y
            w = ((y << 4) | (y >> 28)) ^ uint(kp[3])
            y = (uint(ptr32(((y >> 24) & 0xFC) + x)[0]) ^ uint(ptr32(((y >> 16) & 0xFC) + x)[128])
                 ^ uint(ptr32(((y >> 8) & 0xFC) + x)[256]) ^ uint(ptr32((y & 0xFC) + x)[384]))
            y = uint(ptr32(((w >> 24) & 0xFC) + x)[64]) ^ y
            y = uint(ptr32(((w >> 16) & 0xFC) + x)[192]) ^ y
            y = uint(ptr32(((w >> 8) & 0xFC) + x)[320]) ^ y
            y = uint(ptr32((w & 0xFC) + x)[448]) ^ y
            y = c = y ^ c
            y = uint(kp[4]) ^ y
            w = ((y << 4) | (y >> 28)) ^ uint(kp[5])
            y = (uint(ptr32(((y >> 24) & 0xFC) + x)[0]) ^ uint(ptr32(((y >> 16) & 0xFC) + x)[128])
                 ^ uint(ptr32(((y >> 8) & 0xFC) + x)[256]) ^ uint(ptr32((y & 0xFC) + x)[384]))
            y = uint(ptr32(((w >> 24) & 0xFC) + x)[64]) ^ y
            y = uint(ptr32(((w >> 16) & 0xFC) + x)[192]) ^ y
            y = uint(ptr32(((w >> 8) & 0xFC) + x)[320]) ^ y
            y = uint(ptr32((w & 0xFC) + x)[448]) ^ y
            y = a = y ^ a
            y = uint(kp[6]) ^ y
            w = ((y << 4) | (y >> 28)) ^ uint(kp[7])
            y = (uint(ptr32(((y >> 24) & 0xFC) + x)[0]) ^ uint(ptr32(((y >> 16) & 0xFC) + x)[128])
                 ^ uint(ptr32(((y >> 8) & 0xFC) + x)[256]) ^ uint(ptr32((y & 0xFC) + x)[384]))
            y = uint(ptr32(((w >> 24) & 0xFC) + x)[64]) ^ y
            y = uint(ptr32(((w >> 16) & 0xFC) + x)[192]) ^ y
            y = uint(ptr32(((w >> 8) & 0xFC) + x)[320]) ^ y
            y = uint(ptr32((w & 0xFC) + x)[448]) ^ y
            y = c = y ^ c
            y = uint(kp[8]) ^ y
            w = ((y << 4) | (y >> 28)) ^ uint(kp[9])
            y = (uint(ptr32(((y >> 24) & 0xFC) + x)[0]) ^ uint(ptr32(((y >> 16) & 0xFC) + x)[128])
                 ^ uint(ptr32(((y >> 8) & 0xFC) + x)[256]) ^ uint(ptr32((y & 0xFC) + x)[384]))
            y = uint(ptr32(((w >> 24) & 0xFC) + x)[64]) ^ y
            y = uint(ptr32(((w >> 16) & 0xFC) + x)[192]) ^ y
            y = uint(ptr32(((w >> 8) & 0xFC) + x)[320]) ^ y
            y = uint(ptr32((w & 0xFC) + x)[448]) ^ y
            y = a = y ^ a
            y = uint(kp[10]) ^ y
            w = ((y << 4) | (y >> 28)) ^ uint(kp[11])
            y = (uint(ptr32(((y >> 24) & 0xFC) + x)[0]) ^ uint(ptr32(((y >> 16) & 0xFC) + x)[128])
                 ^ uint(ptr32(((y >> 8) & 0xFC) + x)[256]) ^ uint(ptr32((y & 0xFC) + x)[384]))
            y = uint(ptr32(((w >> 24) & 0xFC) + x)[64]) ^ y
            y = uint(ptr32(((w >> 16) & 0xFC) + x)[192]) ^ y
            y = uint(ptr32(((w >> 8) & 0xFC) + x)[320]) ^ y
            y = uint(ptr32((w & 0xFC) + x)[448]) ^ y
            y = c = y ^ c
            y = uint(kp[12]) ^ y
            w = ((y << 4) | (y >> 28)) ^ uint(kp[13])
            y = (uint(ptr32(((y >> 24) & 0xFC) + x)[0]) ^ uint(ptr32(((y >> 16) & 0xFC) + x)[128])
                 ^ uint(ptr32(((y >> 8) & 0xFC) + x)[256]) ^ uint(ptr32((y & 0xFC) + x)[384]))
            y = uint(ptr32(((w >> 24) & 0xFC) + x)[64]) ^ y
            y = uint(ptr32(((w >> 16) & 0xFC) + x)[192]) ^ y
            y = uint(ptr32(((w >> 8) & 0xFC) + x)[320]) ^ y
            y = uint(ptr32((w & 0xFC) + x)[448]) ^ y
            y = a = y ^ a
            y = uint(kp[14]) ^ y
            w = ((y << 4) | (y >> 28)) ^ uint(kp[15])
            y = (uint(ptr32(((y >> 24) & 0xFC) + x)[0]) ^ uint(ptr32(((y >> 16) & 0xFC) + x)[128])
                 ^ uint(ptr32(((y >> 8) & 0xFC) + x)[256]) ^ uint(ptr32((y & 0xFC) + x)[384]))
            y = uint(ptr32(((w >> 24) & 0xFC) + x)[64]) ^ y
            y = uint(ptr32(((w >> 16) & 0xFC) + x)[192]) ^ y
            y = uint(ptr32(((w >> 8) & 0xFC) + x)[320]) ^ y
            y = uint(ptr32((w & 0xFC) + x)[448]) ^ y
            y = c = y ^ c
            y = uint(kp[16]) ^ y
            w = ((y << 4) | (y >> 28)) ^ uint(kp[17])
            y = (uint(ptr32(((y >> 24) & 0xFC) + x)[0]) ^ uint(ptr32(((y >> 16) & 0xFC) + x)[128])
                 ^ uint(ptr32(((y >> 8) & 0xFC) + x)[256]) ^ uint(ptr32((y & 0xFC) + x)[384]))
            y = uint(ptr32(((w >> 24) & 0xFC) + x)[64]) ^ y
            y = uint(ptr32(((w >> 16) & 0xFC) + x)[192]) ^ y
            y = uint(ptr32(((w >> 8) & 0xFC) + x)[320]) ^ y
            y = uint(ptr32((w & 0xFC) + x)[448]) ^ y
            y = a = y ^ a
            y = uint(kp[18]) ^ y
            w = ((y << 4) | (y >> 28)) ^ uint(kp[19])
            y = (uint(ptr32(((y >> 24) & 0xFC) + x)[0]) ^ uint(ptr32(((y >> 16) & 0xFC) + x)[128])
                 ^ uint(ptr32(((y >> 8) & 0xFC) + x)[256]) ^ uint(ptr32((y & 0xFC) + x)[384]))
            y = uint(ptr32(((w >> 24) & 0xFC) + x)[64]) ^ y
            y = uint(ptr32(((w >> 16) & 0xFC) + x)[192]) ^ y
            y = uint(ptr32(((w >> 8) & 0xFC) + x)[320]) ^ y
            y = uint(ptr32((w & 0xFC) + x)[448]) ^ y
            y = c = y ^ c
            y = uint(kp[20]) ^ y
            w = ((y << 4) | (y >> 28)) ^ uint(kp[21])
            y = (uint(ptr32(((y >> 24) & 0xFC) + x)[0]) ^ uint(ptr32(((y >> 16) & 0xFC) + x)[128])
                 ^ uint(ptr32(((y >> 8) & 0xFC) + x)[256]) ^ uint(ptr32((y & 0xFC) + x)[384]))
            y = uint(ptr32(((w >> 24) & 0xFC) + x)[64]) ^ y
            y = uint(ptr32(((w >> 16) & 0xFC) + x)[192]) ^ y
            y = uint(ptr32(((w >> 8) & 0xFC) + x)[320]) ^ y
            y = uint(ptr32((w & 0xFC) + x)[448]) ^ y
            y = a = y ^ a
            y = uint(kp[22]) ^ y
            w = ((y << 4) | (y >> 28)) ^ uint(kp[23])
            y = (uint(ptr32(((y >> 24) & 0xFC) + x)[0]) ^ uint(ptr32(((y >> 16) & 0xFC) + x)[128])
                 ^ uint(ptr32(((y >> 8) & 0xFC) + x)[256]) ^ uint(ptr32((y & 0xFC) + x)[384]))
            y = uint(ptr32(((w >> 24) & 0xFC) + x)[64]) ^ y
            y = uint(ptr32(((w >> 16) & 0xFC) + x)[192]) ^ y
            y = uint(ptr32(((w >> 8) & 0xFC) + x)[320]) ^ y
            y = uint(ptr32((w & 0xFC) + x)[448]) ^ y
            y = c = y ^ c
            y = uint(kp[24]) ^ y
            w = ((y << 4) | (y >> 28)) ^ uint(kp[25])
            y = (uint(ptr32(((y >> 24) & 0xFC) + x)[0]) ^ uint(ptr32(((y >> 16) & 0xFC) + x)[128])
                 ^ uint(ptr32(((y >> 8) & 0xFC) + x)[256]) ^ uint(ptr32((y & 0xFC) + x)[384]))
            y = uint(ptr32(((w >> 24) & 0xFC) + x)[64]) ^ y
            y = uint(ptr32(((w >> 16) & 0xFC) + x)[192]) ^ y
            y = uint(ptr32(((w >> 8) & 0xFC) + x)[320]) ^ y
            y = uint(ptr32((w & 0xFC) + x)[448]) ^ y
            y = a = y ^ a
            y = uint(kp[26]) ^ y
            w = ((y << 4) | (y >> 28)) ^ uint(kp[27])
            y = (uint(ptr32(((y >> 24) & 0xFC) + x)[0]) ^ uint(ptr32(((y >> 16) & 0xFC) + x)[128])
                 ^ uint(ptr32(((y >> 8) & 0xFC) + x)[256]) ^ uint(ptr32((y & 0xFC) + x)[384]))
            y = uint(ptr32(((w >> 24) & 0xFC) + x)[64]) ^ y
            y = uint(ptr32(((w >> 16) & 0xFC) + x)[192]) ^ y
            y = uint(ptr32(((w >> 8) & 0xFC) + x)[320]) ^ y
            y = uint(ptr32((w & 0xFC) + x)[448]) ^ y
            y = c = y ^ c
            y = uint(kp[28]) ^ y
            w = ((y << 4) | (y >> 28)) ^ uint(kp[29])
            y = (uint(ptr32(((y >> 24) & 0xFC) + x)[0]) ^ uint(ptr32(((y >> 16) & 0xFC) + x)[128])
                 ^ uint(ptr32(((y >> 8) & 0xFC) + x)[256]) ^ uint(ptr32((y & 0xFC) + x)[384]))
            y = uint(ptr32(((w >> 24) & 0xFC) + x)[64]) ^ y
            y = uint(ptr32(((w >> 16) & 0xFC) + x)[192]) ^ y
            y = uint(ptr32(((w >> 8) & 0xFC) + x)[320]) ^ y
            y = uint(ptr32((w & 0xFC) + x)[448]) ^ y
            y = a = y ^ a
            y = uint(kp[30]) ^ y
            w = ((y << 4) | (y >> 28)) ^ uint(kp[31])
            y = (uint(ptr32(((y >> 24) & 0xFC) + x)[0]) ^ uint(ptr32(((y >> 16) & 0xFC) + x)[128])
                 ^ uint(ptr32(((y >> 8) & 0xFC) + x)[256]) ^ uint(ptr32((y & 0xFC) + x)[384]))
            y = uint(ptr32(((w >> 24) & 0xFC) + x)[64]) ^ y
            y = uint(ptr32(((w >> 16) & 0xFC) + x)[192]) ^ y
            y = uint(ptr32(((w >> 8) & 0xFC) + x)[320]) ^ y
            y = uint(ptr32((w & 0xFC) + x)[448]) ^ y
            y = c = y ^ c
            passes -= 1
            if not passes:
                break
            y = a  # (R16, L16) is the next pass's (L0, R0)
            a = c
            c = y
            kp = ptr32(uint(kp) + 128)
        # FP of the preoutput R16 || L16 = (y, x), y = c: IP's swaps in reverse order.
        x = a
        x = ((x << 1) & m) | (x >> 31)
        u = (y ^ x) & m55
        y = u ^ y
        x = u ^ x
        y = ((y << 1) & m) | (y >> 31)
        u = ((x >> 8) ^ y) & 0x00FF00FF
        y = u ^ y
        x = (u << 8) ^ x
        u = ((x >> 2) ^ y) & 0x33333333
        y = u ^ y
        x = (u << 2) ^ x
        u = ((y >> 16) ^ x) & 0xFFFF
        x = u ^ x
        y = (u << 16) ^ y
        u = ((y >> 4) ^ x) & 0x0F0F0F0F
        x = u ^ x
        y = (u << 4) ^ y
        # the output block is y || x
        if mode:
            if ctr:
                # XOR the source block, then count (big-endian, the last 8 or 4 bytes)
                y ^= (uint(src[0]) << 24) | (uint(src[1]) << 16) | (uint(src[2]) << 8) | uint(src[3])
                x ^= (uint(src[4]) << 24) | (uint(src[5]) << 16) | (uint(src[6]) << 8) | uint(src[7])
                i = 7
                while i >= stop:
                    cv = int(iv[i]) + 1
                    iv[i] = cv
                    if cv != 256:
                        break
                    i -= 1
            elif mode == 4:
                # CBC decrypt: P = D(C) ^ previous C; this C chains on (re-read from src:
                # not yet overwritten, the block is stored below)
                y ^= v0
                x ^= v1
                v0 = (uint(src[0]) << 24) | (uint(src[1]) << 16) | (uint(src[2]) << 8) | uint(src[3])
                v1 = (uint(src[4]) << 24) | (uint(src[5]) << 16) | (uint(src[6]) << 8) | uint(src[7])
            else:
                v0 = y  # CBC encrypt: this C chains on
                v1 = x
        dst[0] = y >> 24
        dst[1] = y >> 16
        dst[2] = y >> 8
        dst[3] = y
        dst[4] = x >> 24
        dst[5] = x >> 16
        dst[6] = x >> 8
        dst[7] = x
        src = ptr8(uint(src) + 8)
        dst = ptr8(uint(dst) + 8)
        n -= 1
    if mode == 1 or mode == 4:
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
    # Round keys from eight 6-bit chunks each (des_python.schedule) to two words per round:
    # K_e, the even chunks (S-boxes 1, 3, 5, 7) at bits 26, 18, 10, 2, and K_o ^ (K_e <<< 4),
    # K_o the odd chunks likewise: _crypt rotates y = H ^ K_e, and (y <<< 4) ^ K_o ^ (K_e <<< 4)
    # is (H <<< 4) ^ K_o.
    m = uint(0xFFFFFFFF)
    for r in range(nr):
        q = 8 * r
        e = (uint(src[q]) << 26) | (uint(src[q + 2]) << 18) | (uint(src[q + 4]) << 10) | (uint(src[q + 6]) << 2)
        o = (uint(src[q + 1]) << 26) | (uint(src[q + 3]) << 18) | (uint(src[q + 5]) << 10) | (uint(src[q + 7]) << 2)
        dst[2 * r] = e
        dst[2 * r + 1] = o ^ (((e << 4) & m) | (e >> 28))


class _Ctx:
    def __init__(self, key):
        e, d, nr = schedule(key)
        self._e = array.array("I", bytes(8 * nr))
        self._d = array.array("I", bytes(8 * nr))
        _pack(e, self._e, nr)
        _pack(d, self._d, nr)
        self._nr = nr

    def ecb_encrypt(self, src, dst, n):
        _crypt(0, 0, _T, self._e, src, dst, n, self._e, 0, self._nr)

    def ecb_decrypt(self, src, dst, n):
        _crypt(0, 0, _T, self._d, src, dst, n, self._e, 0, self._nr)

    def cbc_encrypt(self, src, dst, n, iv):
        _crypt(0, 0, _T, self._e, src, dst, n, iv, 1, self._nr)

    def cbc_decrypt(self, src, dst, n, iv):
        _crypt(0, 0, _T, self._d, src, dst, n, iv, 4, self._nr)

    def ctr_xor(self, src, dst, n, ctr, width):
        _crypt(0, 0, _T, self._e, src, dst, n, ctr, 2 if width == 8 else 3, self._nr)


def new(key):
    """A DES (8-byte key) or TDEA (16/24-byte key) context (validated by the caller).
    Not constant time."""
    return _Ctx(key)
