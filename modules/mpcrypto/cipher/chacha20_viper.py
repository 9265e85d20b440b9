"""ChaCha20 block function and key-stream XOR in viper, on 32-bit words (RFC 8439 §2.1-§2.4).

Backend surface shared with ``chacha20_python`` (the public modules ``cipher/chacha20`` and
``aead/chacha20poly1305`` are the only callers; nothing here validates):

    xor(st, src, dst, off, nblocks)   dst[off:off + 64 * nblocks] = src[...] ^ key stream,
                                      then the block counter (state word 12) += nblocks

``st`` is a ``bytearray(64)``: the 16 state words of RFC 8439 §2.3 (constants, key, block
counter, nonce) as little-endian bytes, so the same bytes mean the same state on every byte
order. The kernel reads them once per call into locals and writes back only the counter
(it wraps modulo 2**32; the caller refuses a stream that would wrap). ``src`` and ``dst`` are
the caller's buffers, read and written in place: no slice, no copy, no allocation. ``src``
may be ``dst`` (each byte is read before it is written).

Rounds: 10 double rounds (column then diagonal QUARTERROUNDs, §2.3), unrolled, on locals
x0..x15; then the key stream word i is x_i + s_i (the feed-forward of §2.3 step 3) and is
XORed into four bytes (serialised little-endian, §2.3 step 4). HChaCha20 (XChaCha20) is
derived from one block by the caller (see ``cipher/chacha20.hchacha20``).

Each QUARTERROUND step ``a += b; d ^= a; d <<<= r`` is three statements::

    a = a + b                  # not masked
    d = (d ^ a) & m            # the one mask: d must be clean before ``>>``
    d = d * 2**r | d >> (32 - r)

Portability (VIPER.md): the words are ``uint``; only their low 32 bits are kept exact. On
the 64-bit unix port a sum or a left shift leaves bits above 31, but +, ^ and << never move a
bit down, so the low 32 bits of every word stay right whatever lies above them; the only
operation that moves bits down, ``>>`` in a rotation, gets a word masked with ``m =
0xFFFFFFFF`` (built at run time) just before. On Cortex-M the mask is one AND that changes
nothing. The feed-forward sum is not masked either: only its low 32 bits reach the stores
(``ptr8``, or ``ptr32`` when the source, the destination and the offset are 4-byte aligned
on a little-endian machine), which truncate on every port.

Why ``d * 2**r`` and not ``d << r`` (the same word mod 2**32; r is 16, 12, 8 or 7, so the
constant is a small int everywhere): MicroPython's native emitter on x86-64 evaluates a shift
in RAX with the count in RCX, and loads a stack local into RAX too, so ``d << r | d >> s``
spills the first shift to the stack to load ``d`` again; a multiplication leaves its product
in another register and the spill goes away, which makes the kernel faster on the x86-64
unix port; MUL is single-cycle on Cortex-M3/M4/M7 (a Cortex-M0/M0+ built with the small
32-cycle multiplier would prefer the shift).

Constant time: only additions, XORs and fixed rotations; no branch or index depends on the
key, the nonce or the data. Allocation: none.
"""

import sys

import micropython

_LE = 1 if sys.byteorder == "little" else 0  # words may be stored whole on this machine


def probe():
    """True: this module imported, so the port has the viper emitter."""
    return True


@micropython.viper
def xor(st: ptr8, src: ptr8, dst: ptr8, off: int, nblocks: int):
    m = uint(0xFFFFFFFF)
    s0 = uint(st[0]) | uint(st[1]) << 8 | uint(st[2]) << 16 | uint(st[3]) << 24
    s1 = uint(st[4]) | uint(st[5]) << 8 | uint(st[6]) << 16 | uint(st[7]) << 24
    s2 = uint(st[8]) | uint(st[9]) << 8 | uint(st[10]) << 16 | uint(st[11]) << 24
    s3 = uint(st[12]) | uint(st[13]) << 8 | uint(st[14]) << 16 | uint(st[15]) << 24
    s4 = uint(st[16]) | uint(st[17]) << 8 | uint(st[18]) << 16 | uint(st[19]) << 24
    s5 = uint(st[20]) | uint(st[21]) << 8 | uint(st[22]) << 16 | uint(st[23]) << 24
    s6 = uint(st[24]) | uint(st[25]) << 8 | uint(st[26]) << 16 | uint(st[27]) << 24
    s7 = uint(st[28]) | uint(st[29]) << 8 | uint(st[30]) << 16 | uint(st[31]) << 24
    s8 = uint(st[32]) | uint(st[33]) << 8 | uint(st[34]) << 16 | uint(st[35]) << 24
    s9 = uint(st[36]) | uint(st[37]) << 8 | uint(st[38]) << 16 | uint(st[39]) << 24
    s10 = uint(st[40]) | uint(st[41]) << 8 | uint(st[42]) << 16 | uint(st[43]) << 24
    s11 = uint(st[44]) | uint(st[45]) << 8 | uint(st[46]) << 16 | uint(st[47]) << 24
    s12 = uint(st[48]) | uint(st[49]) << 8 | uint(st[50]) << 16 | uint(st[51]) << 24
    s13 = uint(st[52]) | uint(st[53]) << 8 | uint(st[54]) << 16 | uint(st[55]) << 24
    s14 = uint(st[56]) | uint(st[57]) << 8 | uint(st[58]) << 16 | uint(st[59]) << 24
    s15 = uint(st[60]) | uint(st[61]) << 8 | uint(st[62]) << 16 | uint(st[63]) << 24
    wide = int(_LE) != 0 and ((uint(src) | uint(dst) | uint(off)) & uint(3)) == uint(0)
    q = ptr8(uint(src) + uint(off))  # current input block
    d = ptr8(uint(dst) + uint(off))  # current output block
    n = nblocks
    while n > 0:
        x0 = s0
        x1 = s1
        x2 = s2
        x3 = s3
        x4 = s4
        x5 = s5
        x6 = s6
        x7 = s7
        x8 = s8
        x9 = s9
        x10 = s10
        x11 = s11
        x12 = s12
        x13 = s13
        x14 = s14
        x15 = s15
        i = 0
        while i < 10:
            # column rounds (RFC 8439 §2.3: QUARTERROUND(0,4,8,12) .. (3,7,11,15))
            x0 = x0 + x4
            x12 = (x12 ^ x0) & m
            x12 = x12 * 65536 | x12 >> 16
            x8 = x8 + x12
            x4 = (x4 ^ x8) & m
            x4 = x4 * 4096 | x4 >> 20
            x0 = x0 + x4
            x12 = (x12 ^ x0) & m
            x12 = x12 * 256 | x12 >> 24
            x8 = x8 + x12
            x4 = (x4 ^ x8) & m
            x4 = x4 * 128 | x4 >> 25
            x1 = x1 + x5
            x13 = (x13 ^ x1) & m
            x13 = x13 * 65536 | x13 >> 16
            x9 = x9 + x13
            x5 = (x5 ^ x9) & m
            x5 = x5 * 4096 | x5 >> 20
            x1 = x1 + x5
            x13 = (x13 ^ x1) & m
            x13 = x13 * 256 | x13 >> 24
            x9 = x9 + x13
            x5 = (x5 ^ x9) & m
            x5 = x5 * 128 | x5 >> 25
            x2 = x2 + x6
            x14 = (x14 ^ x2) & m
            x14 = x14 * 65536 | x14 >> 16
            x10 = x10 + x14
            x6 = (x6 ^ x10) & m
            x6 = x6 * 4096 | x6 >> 20
            x2 = x2 + x6
            x14 = (x14 ^ x2) & m
            x14 = x14 * 256 | x14 >> 24
            x10 = x10 + x14
            x6 = (x6 ^ x10) & m
            x6 = x6 * 128 | x6 >> 25
            x3 = x3 + x7
            x15 = (x15 ^ x3) & m
            x15 = x15 * 65536 | x15 >> 16
            x11 = x11 + x15
            x7 = (x7 ^ x11) & m
            x7 = x7 * 4096 | x7 >> 20
            x3 = x3 + x7
            x15 = (x15 ^ x3) & m
            x15 = x15 * 256 | x15 >> 24
            x11 = x11 + x15
            x7 = (x7 ^ x11) & m
            x7 = x7 * 128 | x7 >> 25
            # diagonal rounds (QUARTERROUND(0,5,10,15) .. (3,4,9,14))
            x0 = x0 + x5
            x15 = (x15 ^ x0) & m
            x15 = x15 * 65536 | x15 >> 16
            x10 = x10 + x15
            x5 = (x5 ^ x10) & m
            x5 = x5 * 4096 | x5 >> 20
            x0 = x0 + x5
            x15 = (x15 ^ x0) & m
            x15 = x15 * 256 | x15 >> 24
            x10 = x10 + x15
            x5 = (x5 ^ x10) & m
            x5 = x5 * 128 | x5 >> 25
            x1 = x1 + x6
            x12 = (x12 ^ x1) & m
            x12 = x12 * 65536 | x12 >> 16
            x11 = x11 + x12
            x6 = (x6 ^ x11) & m
            x6 = x6 * 4096 | x6 >> 20
            x1 = x1 + x6
            x12 = (x12 ^ x1) & m
            x12 = x12 * 256 | x12 >> 24
            x11 = x11 + x12
            x6 = (x6 ^ x11) & m
            x6 = x6 * 128 | x6 >> 25
            x2 = x2 + x7
            x13 = (x13 ^ x2) & m
            x13 = x13 * 65536 | x13 >> 16
            x8 = x8 + x13
            x7 = (x7 ^ x8) & m
            x7 = x7 * 4096 | x7 >> 20
            x2 = x2 + x7
            x13 = (x13 ^ x2) & m
            x13 = x13 * 256 | x13 >> 24
            x8 = x8 + x13
            x7 = (x7 ^ x8) & m
            x7 = x7 * 128 | x7 >> 25
            x3 = x3 + x4
            x14 = (x14 ^ x3) & m
            x14 = x14 * 65536 | x14 >> 16
            x9 = x9 + x14
            x4 = (x4 ^ x9) & m
            x4 = x4 * 4096 | x4 >> 20
            x3 = x3 + x4
            x14 = (x14 ^ x3) & m
            x14 = x14 * 256 | x14 >> 24
            x9 = x9 + x14
            x4 = (x4 ^ x9) & m
            x4 = x4 * 128 | x4 >> 25
            i += 1
        # feed-forward and XOR (§2.3 step 3, §2.4): output byte 4i + j is byte j of x_i + s_i
        if wide:
            # both blocks 4-byte aligned on a little-endian machine: whole words (the ptr32
            # store keeps the low 32 bits of the unmasked sum)
            q32 = ptr32(q)
            d32 = ptr32(d)
            d32[0] = uint(q32[0]) ^ (x0 + s0)
            d32[1] = uint(q32[1]) ^ (x1 + s1)
            d32[2] = uint(q32[2]) ^ (x2 + s2)
            d32[3] = uint(q32[3]) ^ (x3 + s3)
            d32[4] = uint(q32[4]) ^ (x4 + s4)
            d32[5] = uint(q32[5]) ^ (x5 + s5)
            d32[6] = uint(q32[6]) ^ (x6 + s6)
            d32[7] = uint(q32[7]) ^ (x7 + s7)
            d32[8] = uint(q32[8]) ^ (x8 + s8)
            d32[9] = uint(q32[9]) ^ (x9 + s9)
            d32[10] = uint(q32[10]) ^ (x10 + s10)
            d32[11] = uint(q32[11]) ^ (x11 + s11)
            d32[12] = uint(q32[12]) ^ (x12 + s12)
            d32[13] = uint(q32[13]) ^ (x13 + s13)
            d32[14] = uint(q32[14]) ^ (x14 + s14)
            d32[15] = uint(q32[15]) ^ (x15 + s15)
        else:
            k = x0 + s0
            d[0] = uint(q[0]) ^ k
            d[1] = uint(q[1]) ^ k >> 8
            d[2] = uint(q[2]) ^ k >> 16
            d[3] = uint(q[3]) ^ k >> 24
            k = x1 + s1
            d[4] = uint(q[4]) ^ k
            d[5] = uint(q[5]) ^ k >> 8
            d[6] = uint(q[6]) ^ k >> 16
            d[7] = uint(q[7]) ^ k >> 24
            k = x2 + s2
            d[8] = uint(q[8]) ^ k
            d[9] = uint(q[9]) ^ k >> 8
            d[10] = uint(q[10]) ^ k >> 16
            d[11] = uint(q[11]) ^ k >> 24
            k = x3 + s3
            d[12] = uint(q[12]) ^ k
            d[13] = uint(q[13]) ^ k >> 8
            d[14] = uint(q[14]) ^ k >> 16
            d[15] = uint(q[15]) ^ k >> 24
            k = x4 + s4
            d[16] = uint(q[16]) ^ k
            d[17] = uint(q[17]) ^ k >> 8
            d[18] = uint(q[18]) ^ k >> 16
            d[19] = uint(q[19]) ^ k >> 24
            k = x5 + s5
            d[20] = uint(q[20]) ^ k
            d[21] = uint(q[21]) ^ k >> 8
            d[22] = uint(q[22]) ^ k >> 16
            d[23] = uint(q[23]) ^ k >> 24
            k = x6 + s6
            d[24] = uint(q[24]) ^ k
            d[25] = uint(q[25]) ^ k >> 8
            d[26] = uint(q[26]) ^ k >> 16
            d[27] = uint(q[27]) ^ k >> 24
            k = x7 + s7
            d[28] = uint(q[28]) ^ k
            d[29] = uint(q[29]) ^ k >> 8
            d[30] = uint(q[30]) ^ k >> 16
            d[31] = uint(q[31]) ^ k >> 24
            k = x8 + s8
            d[32] = uint(q[32]) ^ k
            d[33] = uint(q[33]) ^ k >> 8
            d[34] = uint(q[34]) ^ k >> 16
            d[35] = uint(q[35]) ^ k >> 24
            k = x9 + s9
            d[36] = uint(q[36]) ^ k
            d[37] = uint(q[37]) ^ k >> 8
            d[38] = uint(q[38]) ^ k >> 16
            d[39] = uint(q[39]) ^ k >> 24
            k = x10 + s10
            d[40] = uint(q[40]) ^ k
            d[41] = uint(q[41]) ^ k >> 8
            d[42] = uint(q[42]) ^ k >> 16
            d[43] = uint(q[43]) ^ k >> 24
            k = x11 + s11
            d[44] = uint(q[44]) ^ k
            d[45] = uint(q[45]) ^ k >> 8
            d[46] = uint(q[46]) ^ k >> 16
            d[47] = uint(q[47]) ^ k >> 24
            k = x12 + s12
            d[48] = uint(q[48]) ^ k
            d[49] = uint(q[49]) ^ k >> 8
            d[50] = uint(q[50]) ^ k >> 16
            d[51] = uint(q[51]) ^ k >> 24
            k = x13 + s13
            d[52] = uint(q[52]) ^ k
            d[53] = uint(q[53]) ^ k >> 8
            d[54] = uint(q[54]) ^ k >> 16
            d[55] = uint(q[55]) ^ k >> 24
            k = x14 + s14
            d[56] = uint(q[56]) ^ k
            d[57] = uint(q[57]) ^ k >> 8
            d[58] = uint(q[58]) ^ k >> 16
            d[59] = uint(q[59]) ^ k >> 24
            k = x15 + s15
            d[60] = uint(q[60]) ^ k
            d[61] = uint(q[61]) ^ k >> 8
            d[62] = uint(q[62]) ^ k >> 16
            d[63] = uint(q[63]) ^ k >> 24
        s12 = (s12 + uint(1)) & m  # next block counter (§2.4)
        q = ptr8(uint(q) + 64)
        d = ptr8(uint(d) + 64)
        n -= 1
    st[48] = s12
    st[49] = s12 >> 8
    st[50] = s12 >> 16
    st[51] = s12 >> 24
