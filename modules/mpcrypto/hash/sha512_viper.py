"""SHA-512 compression in viper: FIPS 180-4 §6.4.2, many 128-byte blocks per call.

Backend surface shared with ``sha512_python`` (only the classes in ``sha512`` call it;
nothing here validates):

    compress(st, buf, off, nblocks)

``st`` is an ``array('I')`` of 48 words: H0..H7 as (high, low) 32-bit halves, then 32 words
of scratch holding a 16-entry ring of the message schedule, W[t] at st[16 + 2 * (t % 16)].
``buf[off:off + 128 * nblocks]`` is hashed in place: no slice, no copy, no allocation.
Constant time: no branch or table index depends on data (the carries below are computed
with compares whose result is used as a number, not branched on).

64-bit words as two 32-bit halves (VIPER.md): the same source gives the same answers on the
64-bit unix port and on 32-bit Cortex-M, where a viper word is 32 bits.
  - ROTR by n < 32 of (h, l) is (h >> n ^ l << 32-n, l >> n ^ h << 32-n); by n >= 32 the
    halves swap roles and n - 32 is used (§4.1.3 Σ/σ rotate by 1..61, never by 32).
  - Additions: low halves are kept below 2**32 (& m), and the carry out of a low sum
    s = x + y mod 2**32 is uint(s < x); high halves collect carries and are masked when they
    are stored in a working variable. Bits above 31 left by << on the 64-bit port are
    harmless in high-half sums (they never move down) and are masked away from low halves
    before any compare or >>.
The 80 rounds run as 16 unrolled rounds taking W from the block, then 4 x 16 unrolled
rounds extending the schedule in the ring. Variables are renamed round to round, not moved.
"""

import micropython
from array import array

# FIPS 180-4 §4.2.3: first 64 bits of the fractional parts of the cube roots of the first
# 80 primes, as (high, low) halves.
_K = array("I", (
    0x428a2f98, 0xd728ae22, 0x71374491, 0x23ef65cd, 0xb5c0fbcf, 0xec4d3b2f, 0xe9b5dba5, 0x8189dbbc,
    0x3956c25b, 0xf348b538, 0x59f111f1, 0xb605d019, 0x923f82a4, 0xaf194f9b, 0xab1c5ed5, 0xda6d8118,
    0xd807aa98, 0xa3030242, 0x12835b01, 0x45706fbe, 0x243185be, 0x4ee4b28c, 0x550c7dc3, 0xd5ffb4e2,
    0x72be5d74, 0xf27b896f, 0x80deb1fe, 0x3b1696b1, 0x9bdc06a7, 0x25c71235, 0xc19bf174, 0xcf692694,
    0xe49b69c1, 0x9ef14ad2, 0xefbe4786, 0x384f25e3, 0x0fc19dc6, 0x8b8cd5b5, 0x240ca1cc, 0x77ac9c65,
    0x2de92c6f, 0x592b0275, 0x4a7484aa, 0x6ea6e483, 0x5cb0a9dc, 0xbd41fbd4, 0x76f988da, 0x831153b5,
    0x983e5152, 0xee66dfab, 0xa831c66d, 0x2db43210, 0xb00327c8, 0x98fb213f, 0xbf597fc7, 0xbeef0ee4,
    0xc6e00bf3, 0x3da88fc2, 0xd5a79147, 0x930aa725, 0x06ca6351, 0xe003826f, 0x14292967, 0x0a0e6e70,
    0x27b70a85, 0x46d22ffc, 0x2e1b2138, 0x5c26c926, 0x4d2c6dfc, 0x5ac42aed, 0x53380d13, 0x9d95b3df,
    0x650a7354, 0x8baf63de, 0x766a0abb, 0x3c77b2a8, 0x81c2c92e, 0x47edaee6, 0x92722c85, 0x1482353b,
    0xa2bfe8a1, 0x4cf10364, 0xa81a664b, 0xbc423001, 0xc24b8b70, 0xd0f89791, 0xc76c51a3, 0x0654be30,
    0xd192e819, 0xd6ef5218, 0xd6990624, 0x5565a910, 0xf40e3585, 0x5771202a, 0x106aa070, 0x32bbd1b8,
    0x19a4c116, 0xb8d2d0c8, 0x1e376c08, 0x5141ab53, 0x2748774c, 0xdf8eeb99, 0x34b0bcb5, 0xe19b48a8,
    0x391c0cb3, 0xc5c95a63, 0x4ed8aa4a, 0xe3418acb, 0x5b9cca4f, 0x7763e373, 0x682e6ff3, 0xd6b2b8a3,
    0x748f82ee, 0x5defb2fc, 0x78a5636f, 0x43172f60, 0x84c87814, 0xa1f0ab72, 0x8cc70208, 0x1a6439ec,
    0x90befffa, 0x23631e28, 0xa4506ceb, 0xde82bde9, 0xbef9a3f7, 0xb2c67915, 0xc67178f2, 0xe372532b,
    0xca273ece, 0xea26619c, 0xd186b8c7, 0x21c0c207, 0xeada7dd6, 0xcde0eb1e, 0xf57d4f7f, 0xee6ed178,
    0x06f067aa, 0x72176fba, 0x0a637dc5, 0xa2c898a6, 0x113f9804, 0xbef90dae, 0x1b710b35, 0x131c471b,
    0x28db77f5, 0x23047d84, 0x32caab7b, 0x40c72493, 0x3c9ebe0a, 0x15c9bebc, 0x431d67c4, 0x9c100d4c,
    0x4cc5d4be, 0xcb3e42b6, 0x597f299c, 0xfc657e2a, 0x5fcb6fab, 0x3ad6faec, 0x6c44198c, 0x4a475817,
))


def probe():
    """True: this module imported, so the port has the viper emitter."""
    return True


@micropython.viper
def compress(st: ptr32, buf: ptr8, off: int, nblocks: int):
    m = uint(0xFFFFFFFF)
    k0 = uint(ptr32(_K))                 # address of K[0]
    p = uint(buf) + uint(off)            # address of the current block
    ah = uint(st[0])
    al = uint(st[1])
    bh = uint(st[2])
    bl = uint(st[3])
    ch = uint(st[4])
    cl = uint(st[5])
    dh = uint(st[6])
    dl = uint(st[7])
    eh = uint(st[8])
    el = uint(st[9])
    fh = uint(st[10])
    fl = uint(st[11])
    gh = uint(st[12])
    gl = uint(st[13])
    hh = uint(st[14])
    hl = uint(st[15])
    n = nblocks
    while n > 0:
        q = ptr8(p)
        k = ptr32(k0)
        zh = bh ^ ch                         # b ^ c of round 0, for Maj
        zl = bl ^ cl
        # Each round (FIPS 180-4 §6.4.2 step 3), roles of a..h renamed:
        #   T1 = h + Σ1(e) + Ch(e,f,g) + K[t] + W[t]     Ch = (f ^ g) & e ^ g
        #   d  = d + T1                                   (becomes the next e)
        #   h  = T1 + Σ0(a) + Maj(a,b,c)                  Maj = (a ^ b) & (b ^ c) ^ b
        # Σ1(e) = ROTR14 ^ ROTR18 ^ ROTR41, Σ0(a) = ROTR28 ^ ROTR34 ^ ROTR39 (§4.1.3).
        # y and z alternate holding a ^ b (b ^ c is the previous round's a ^ b).
        # round 0: a..h = a b c d e f g h
        wh = uint(q[0]) << 24 | uint(q[1]) << 16 | uint(q[2]) << 8 | uint(q[3])
        wl = uint(q[4]) << 24 | uint(q[5]) << 16 | uint(q[6]) << 8 | uint(q[7])
        st[16] = wh
        st[17] = wl
        x = (fl ^ gl) & el ^ gl                                    # Ch lo
        tl = (el >> 14 ^ eh << 18 ^ el >> 18 ^ eh << 14 ^ eh >> 9 ^ el << 23) & m   # Σ1 lo
        th = (eh >> 14 ^ el << 18 ^ eh >> 18 ^ el << 14 ^ el >> 9 ^ eh << 23) + ((fh ^ gh) & eh ^ gh) + hh + uint(k[0]) + wh
        tl = x + tl & m
        th += uint(tl < x)
        tl = hl + tl & m
        th += uint(tl < hl)
        x = uint(k[1])
        tl = x + tl & m
        th += uint(tl < x)
        tl = wl + tl & m
        th += uint(tl < wl)                                   # T1 = th:tl
        dl = dl + tl & m
        dh = dh + th + uint(dl < tl) & m                # d += T1
        yh = ah ^ bh
        yl = al ^ bl
        x = yl & zl ^ bl                                # Maj lo
        hl = (al >> 28 ^ ah << 4 ^ ah >> 2 ^ al << 30 ^ ah >> 7 ^ al << 25) & m   # Σ0 lo
        hh = (ah >> 28 ^ al << 4 ^ al >> 2 ^ ah << 30 ^ al >> 7 ^ ah << 25) + (yh & zh ^ bh) + th
        hl = x + hl & m
        hh += uint(hl < x)
        hl = tl + hl & m
        hh = hh + uint(hl < tl) & m                    # h = T1 + T2
        # round 1: a..h = h a b c d e f g
        wh = uint(q[8]) << 24 | uint(q[9]) << 16 | uint(q[10]) << 8 | uint(q[11])
        wl = uint(q[12]) << 24 | uint(q[13]) << 16 | uint(q[14]) << 8 | uint(q[15])
        st[18] = wh
        st[19] = wl
        x = (el ^ fl) & dl ^ fl                                    # Ch lo
        tl = (dl >> 14 ^ dh << 18 ^ dl >> 18 ^ dh << 14 ^ dh >> 9 ^ dl << 23) & m   # Σ1 lo
        th = (dh >> 14 ^ dl << 18 ^ dh >> 18 ^ dl << 14 ^ dl >> 9 ^ dh << 23) + ((eh ^ fh) & dh ^ fh) + gh + uint(k[2]) + wh
        tl = x + tl & m
        th += uint(tl < x)
        tl = gl + tl & m
        th += uint(tl < gl)
        x = uint(k[3])
        tl = x + tl & m
        th += uint(tl < x)
        tl = wl + tl & m
        th += uint(tl < wl)                                   # T1 = th:tl
        cl = cl + tl & m
        ch = ch + th + uint(cl < tl) & m                # d += T1
        zh = hh ^ ah
        zl = hl ^ al
        x = zl & yl ^ al                                # Maj lo
        gl = (hl >> 28 ^ hh << 4 ^ hh >> 2 ^ hl << 30 ^ hh >> 7 ^ hl << 25) & m   # Σ0 lo
        gh = (hh >> 28 ^ hl << 4 ^ hl >> 2 ^ hh << 30 ^ hl >> 7 ^ hh << 25) + (zh & yh ^ ah) + th
        gl = x + gl & m
        gh += uint(gl < x)
        gl = tl + gl & m
        gh = gh + uint(gl < tl) & m                    # h = T1 + T2
        # round 2: a..h = g h a b c d e f
        wh = uint(q[16]) << 24 | uint(q[17]) << 16 | uint(q[18]) << 8 | uint(q[19])
        wl = uint(q[20]) << 24 | uint(q[21]) << 16 | uint(q[22]) << 8 | uint(q[23])
        st[20] = wh
        st[21] = wl
        x = (dl ^ el) & cl ^ el                                    # Ch lo
        tl = (cl >> 14 ^ ch << 18 ^ cl >> 18 ^ ch << 14 ^ ch >> 9 ^ cl << 23) & m   # Σ1 lo
        th = (ch >> 14 ^ cl << 18 ^ ch >> 18 ^ cl << 14 ^ cl >> 9 ^ ch << 23) + ((dh ^ eh) & ch ^ eh) + fh + uint(k[4]) + wh
        tl = x + tl & m
        th += uint(tl < x)
        tl = fl + tl & m
        th += uint(tl < fl)
        x = uint(k[5])
        tl = x + tl & m
        th += uint(tl < x)
        tl = wl + tl & m
        th += uint(tl < wl)                                   # T1 = th:tl
        bl = bl + tl & m
        bh = bh + th + uint(bl < tl) & m                # d += T1
        yh = gh ^ hh
        yl = gl ^ hl
        x = yl & zl ^ hl                                # Maj lo
        fl = (gl >> 28 ^ gh << 4 ^ gh >> 2 ^ gl << 30 ^ gh >> 7 ^ gl << 25) & m   # Σ0 lo
        fh = (gh >> 28 ^ gl << 4 ^ gl >> 2 ^ gh << 30 ^ gl >> 7 ^ gh << 25) + (yh & zh ^ hh) + th
        fl = x + fl & m
        fh += uint(fl < x)
        fl = tl + fl & m
        fh = fh + uint(fl < tl) & m                    # h = T1 + T2
        # round 3: a..h = f g h a b c d e
        wh = uint(q[24]) << 24 | uint(q[25]) << 16 | uint(q[26]) << 8 | uint(q[27])
        wl = uint(q[28]) << 24 | uint(q[29]) << 16 | uint(q[30]) << 8 | uint(q[31])
        st[22] = wh
        st[23] = wl
        x = (cl ^ dl) & bl ^ dl                                    # Ch lo
        tl = (bl >> 14 ^ bh << 18 ^ bl >> 18 ^ bh << 14 ^ bh >> 9 ^ bl << 23) & m   # Σ1 lo
        th = (bh >> 14 ^ bl << 18 ^ bh >> 18 ^ bl << 14 ^ bl >> 9 ^ bh << 23) + ((ch ^ dh) & bh ^ dh) + eh + uint(k[6]) + wh
        tl = x + tl & m
        th += uint(tl < x)
        tl = el + tl & m
        th += uint(tl < el)
        x = uint(k[7])
        tl = x + tl & m
        th += uint(tl < x)
        tl = wl + tl & m
        th += uint(tl < wl)                                   # T1 = th:tl
        al = al + tl & m
        ah = ah + th + uint(al < tl) & m                # d += T1
        zh = fh ^ gh
        zl = fl ^ gl
        x = zl & yl ^ gl                                # Maj lo
        el = (fl >> 28 ^ fh << 4 ^ fh >> 2 ^ fl << 30 ^ fh >> 7 ^ fl << 25) & m   # Σ0 lo
        eh = (fh >> 28 ^ fl << 4 ^ fl >> 2 ^ fh << 30 ^ fl >> 7 ^ fh << 25) + (zh & yh ^ gh) + th
        el = x + el & m
        eh += uint(el < x)
        el = tl + el & m
        eh = eh + uint(el < tl) & m                    # h = T1 + T2
        # round 4: a..h = e f g h a b c d
        wh = uint(q[32]) << 24 | uint(q[33]) << 16 | uint(q[34]) << 8 | uint(q[35])
        wl = uint(q[36]) << 24 | uint(q[37]) << 16 | uint(q[38]) << 8 | uint(q[39])
        st[24] = wh
        st[25] = wl
        x = (bl ^ cl) & al ^ cl                                    # Ch lo
        tl = (al >> 14 ^ ah << 18 ^ al >> 18 ^ ah << 14 ^ ah >> 9 ^ al << 23) & m   # Σ1 lo
        th = (ah >> 14 ^ al << 18 ^ ah >> 18 ^ al << 14 ^ al >> 9 ^ ah << 23) + ((bh ^ ch) & ah ^ ch) + dh + uint(k[8]) + wh
        tl = x + tl & m
        th += uint(tl < x)
        tl = dl + tl & m
        th += uint(tl < dl)
        x = uint(k[9])
        tl = x + tl & m
        th += uint(tl < x)
        tl = wl + tl & m
        th += uint(tl < wl)                                   # T1 = th:tl
        hl = hl + tl & m
        hh = hh + th + uint(hl < tl) & m                # d += T1
        yh = eh ^ fh
        yl = el ^ fl
        x = yl & zl ^ fl                                # Maj lo
        dl = (el >> 28 ^ eh << 4 ^ eh >> 2 ^ el << 30 ^ eh >> 7 ^ el << 25) & m   # Σ0 lo
        dh = (eh >> 28 ^ el << 4 ^ el >> 2 ^ eh << 30 ^ el >> 7 ^ eh << 25) + (yh & zh ^ fh) + th
        dl = x + dl & m
        dh += uint(dl < x)
        dl = tl + dl & m
        dh = dh + uint(dl < tl) & m                    # h = T1 + T2
        # round 5: a..h = d e f g h a b c
        wh = uint(q[40]) << 24 | uint(q[41]) << 16 | uint(q[42]) << 8 | uint(q[43])
        wl = uint(q[44]) << 24 | uint(q[45]) << 16 | uint(q[46]) << 8 | uint(q[47])
        st[26] = wh
        st[27] = wl
        x = (al ^ bl) & hl ^ bl                                    # Ch lo
        tl = (hl >> 14 ^ hh << 18 ^ hl >> 18 ^ hh << 14 ^ hh >> 9 ^ hl << 23) & m   # Σ1 lo
        th = (hh >> 14 ^ hl << 18 ^ hh >> 18 ^ hl << 14 ^ hl >> 9 ^ hh << 23) + ((ah ^ bh) & hh ^ bh) + ch + uint(k[10]) + wh
        tl = x + tl & m
        th += uint(tl < x)
        tl = cl + tl & m
        th += uint(tl < cl)
        x = uint(k[11])
        tl = x + tl & m
        th += uint(tl < x)
        tl = wl + tl & m
        th += uint(tl < wl)                                   # T1 = th:tl
        gl = gl + tl & m
        gh = gh + th + uint(gl < tl) & m                # d += T1
        zh = dh ^ eh
        zl = dl ^ el
        x = zl & yl ^ el                                # Maj lo
        cl = (dl >> 28 ^ dh << 4 ^ dh >> 2 ^ dl << 30 ^ dh >> 7 ^ dl << 25) & m   # Σ0 lo
        ch = (dh >> 28 ^ dl << 4 ^ dl >> 2 ^ dh << 30 ^ dl >> 7 ^ dh << 25) + (zh & yh ^ eh) + th
        cl = x + cl & m
        ch += uint(cl < x)
        cl = tl + cl & m
        ch = ch + uint(cl < tl) & m                    # h = T1 + T2
        # round 6: a..h = c d e f g h a b
        wh = uint(q[48]) << 24 | uint(q[49]) << 16 | uint(q[50]) << 8 | uint(q[51])
        wl = uint(q[52]) << 24 | uint(q[53]) << 16 | uint(q[54]) << 8 | uint(q[55])
        st[28] = wh
        st[29] = wl
        x = (hl ^ al) & gl ^ al                                    # Ch lo
        tl = (gl >> 14 ^ gh << 18 ^ gl >> 18 ^ gh << 14 ^ gh >> 9 ^ gl << 23) & m   # Σ1 lo
        th = (gh >> 14 ^ gl << 18 ^ gh >> 18 ^ gl << 14 ^ gl >> 9 ^ gh << 23) + ((hh ^ ah) & gh ^ ah) + bh + uint(k[12]) + wh
        tl = x + tl & m
        th += uint(tl < x)
        tl = bl + tl & m
        th += uint(tl < bl)
        x = uint(k[13])
        tl = x + tl & m
        th += uint(tl < x)
        tl = wl + tl & m
        th += uint(tl < wl)                                   # T1 = th:tl
        fl = fl + tl & m
        fh = fh + th + uint(fl < tl) & m                # d += T1
        yh = ch ^ dh
        yl = cl ^ dl
        x = yl & zl ^ dl                                # Maj lo
        bl = (cl >> 28 ^ ch << 4 ^ ch >> 2 ^ cl << 30 ^ ch >> 7 ^ cl << 25) & m   # Σ0 lo
        bh = (ch >> 28 ^ cl << 4 ^ cl >> 2 ^ ch << 30 ^ cl >> 7 ^ ch << 25) + (yh & zh ^ dh) + th
        bl = x + bl & m
        bh += uint(bl < x)
        bl = tl + bl & m
        bh = bh + uint(bl < tl) & m                    # h = T1 + T2
        # round 7: a..h = b c d e f g h a
        wh = uint(q[56]) << 24 | uint(q[57]) << 16 | uint(q[58]) << 8 | uint(q[59])
        wl = uint(q[60]) << 24 | uint(q[61]) << 16 | uint(q[62]) << 8 | uint(q[63])
        st[30] = wh
        st[31] = wl
        x = (gl ^ hl) & fl ^ hl                                    # Ch lo
        tl = (fl >> 14 ^ fh << 18 ^ fl >> 18 ^ fh << 14 ^ fh >> 9 ^ fl << 23) & m   # Σ1 lo
        th = (fh >> 14 ^ fl << 18 ^ fh >> 18 ^ fl << 14 ^ fl >> 9 ^ fh << 23) + ((gh ^ hh) & fh ^ hh) + ah + uint(k[14]) + wh
        tl = x + tl & m
        th += uint(tl < x)
        tl = al + tl & m
        th += uint(tl < al)
        x = uint(k[15])
        tl = x + tl & m
        th += uint(tl < x)
        tl = wl + tl & m
        th += uint(tl < wl)                                   # T1 = th:tl
        el = el + tl & m
        eh = eh + th + uint(el < tl) & m                # d += T1
        zh = bh ^ ch
        zl = bl ^ cl
        x = zl & yl ^ cl                                # Maj lo
        al = (bl >> 28 ^ bh << 4 ^ bh >> 2 ^ bl << 30 ^ bh >> 7 ^ bl << 25) & m   # Σ0 lo
        ah = (bh >> 28 ^ bl << 4 ^ bl >> 2 ^ bh << 30 ^ bl >> 7 ^ bh << 25) + (zh & yh ^ ch) + th
        al = x + al & m
        ah += uint(al < x)
        al = tl + al & m
        ah = ah + uint(al < tl) & m                    # h = T1 + T2
        # round 8: a..h = a b c d e f g h
        wh = uint(q[64]) << 24 | uint(q[65]) << 16 | uint(q[66]) << 8 | uint(q[67])
        wl = uint(q[68]) << 24 | uint(q[69]) << 16 | uint(q[70]) << 8 | uint(q[71])
        st[32] = wh
        st[33] = wl
        x = (fl ^ gl) & el ^ gl                                    # Ch lo
        tl = (el >> 14 ^ eh << 18 ^ el >> 18 ^ eh << 14 ^ eh >> 9 ^ el << 23) & m   # Σ1 lo
        th = (eh >> 14 ^ el << 18 ^ eh >> 18 ^ el << 14 ^ el >> 9 ^ eh << 23) + ((fh ^ gh) & eh ^ gh) + hh + uint(k[16]) + wh
        tl = x + tl & m
        th += uint(tl < x)
        tl = hl + tl & m
        th += uint(tl < hl)
        x = uint(k[17])
        tl = x + tl & m
        th += uint(tl < x)
        tl = wl + tl & m
        th += uint(tl < wl)                                   # T1 = th:tl
        dl = dl + tl & m
        dh = dh + th + uint(dl < tl) & m                # d += T1
        yh = ah ^ bh
        yl = al ^ bl
        x = yl & zl ^ bl                                # Maj lo
        hl = (al >> 28 ^ ah << 4 ^ ah >> 2 ^ al << 30 ^ ah >> 7 ^ al << 25) & m   # Σ0 lo
        hh = (ah >> 28 ^ al << 4 ^ al >> 2 ^ ah << 30 ^ al >> 7 ^ ah << 25) + (yh & zh ^ bh) + th
        hl = x + hl & m
        hh += uint(hl < x)
        hl = tl + hl & m
        hh = hh + uint(hl < tl) & m                    # h = T1 + T2
        # round 9: a..h = h a b c d e f g
        wh = uint(q[72]) << 24 | uint(q[73]) << 16 | uint(q[74]) << 8 | uint(q[75])
        wl = uint(q[76]) << 24 | uint(q[77]) << 16 | uint(q[78]) << 8 | uint(q[79])
        st[34] = wh
        st[35] = wl
        x = (el ^ fl) & dl ^ fl                                    # Ch lo
        tl = (dl >> 14 ^ dh << 18 ^ dl >> 18 ^ dh << 14 ^ dh >> 9 ^ dl << 23) & m   # Σ1 lo
        th = (dh >> 14 ^ dl << 18 ^ dh >> 18 ^ dl << 14 ^ dl >> 9 ^ dh << 23) + ((eh ^ fh) & dh ^ fh) + gh + uint(k[18]) + wh
        tl = x + tl & m
        th += uint(tl < x)
        tl = gl + tl & m
        th += uint(tl < gl)
        x = uint(k[19])
        tl = x + tl & m
        th += uint(tl < x)
        tl = wl + tl & m
        th += uint(tl < wl)                                   # T1 = th:tl
        cl = cl + tl & m
        ch = ch + th + uint(cl < tl) & m                # d += T1
        zh = hh ^ ah
        zl = hl ^ al
        x = zl & yl ^ al                                # Maj lo
        gl = (hl >> 28 ^ hh << 4 ^ hh >> 2 ^ hl << 30 ^ hh >> 7 ^ hl << 25) & m   # Σ0 lo
        gh = (hh >> 28 ^ hl << 4 ^ hl >> 2 ^ hh << 30 ^ hl >> 7 ^ hh << 25) + (zh & yh ^ ah) + th
        gl = x + gl & m
        gh += uint(gl < x)
        gl = tl + gl & m
        gh = gh + uint(gl < tl) & m                    # h = T1 + T2
        # round 10: a..h = g h a b c d e f
        wh = uint(q[80]) << 24 | uint(q[81]) << 16 | uint(q[82]) << 8 | uint(q[83])
        wl = uint(q[84]) << 24 | uint(q[85]) << 16 | uint(q[86]) << 8 | uint(q[87])
        st[36] = wh
        st[37] = wl
        x = (dl ^ el) & cl ^ el                                    # Ch lo
        tl = (cl >> 14 ^ ch << 18 ^ cl >> 18 ^ ch << 14 ^ ch >> 9 ^ cl << 23) & m   # Σ1 lo
        th = (ch >> 14 ^ cl << 18 ^ ch >> 18 ^ cl << 14 ^ cl >> 9 ^ ch << 23) + ((dh ^ eh) & ch ^ eh) + fh + uint(k[20]) + wh
        tl = x + tl & m
        th += uint(tl < x)
        tl = fl + tl & m
        th += uint(tl < fl)
        x = uint(k[21])
        tl = x + tl & m
        th += uint(tl < x)
        tl = wl + tl & m
        th += uint(tl < wl)                                   # T1 = th:tl
        bl = bl + tl & m
        bh = bh + th + uint(bl < tl) & m                # d += T1
        yh = gh ^ hh
        yl = gl ^ hl
        x = yl & zl ^ hl                                # Maj lo
        fl = (gl >> 28 ^ gh << 4 ^ gh >> 2 ^ gl << 30 ^ gh >> 7 ^ gl << 25) & m   # Σ0 lo
        fh = (gh >> 28 ^ gl << 4 ^ gl >> 2 ^ gh << 30 ^ gl >> 7 ^ gh << 25) + (yh & zh ^ hh) + th
        fl = x + fl & m
        fh += uint(fl < x)
        fl = tl + fl & m
        fh = fh + uint(fl < tl) & m                    # h = T1 + T2
        # round 11: a..h = f g h a b c d e
        wh = uint(q[88]) << 24 | uint(q[89]) << 16 | uint(q[90]) << 8 | uint(q[91])
        wl = uint(q[92]) << 24 | uint(q[93]) << 16 | uint(q[94]) << 8 | uint(q[95])
        st[38] = wh
        st[39] = wl
        x = (cl ^ dl) & bl ^ dl                                    # Ch lo
        tl = (bl >> 14 ^ bh << 18 ^ bl >> 18 ^ bh << 14 ^ bh >> 9 ^ bl << 23) & m   # Σ1 lo
        th = (bh >> 14 ^ bl << 18 ^ bh >> 18 ^ bl << 14 ^ bl >> 9 ^ bh << 23) + ((ch ^ dh) & bh ^ dh) + eh + uint(k[22]) + wh
        tl = x + tl & m
        th += uint(tl < x)
        tl = el + tl & m
        th += uint(tl < el)
        x = uint(k[23])
        tl = x + tl & m
        th += uint(tl < x)
        tl = wl + tl & m
        th += uint(tl < wl)                                   # T1 = th:tl
        al = al + tl & m
        ah = ah + th + uint(al < tl) & m                # d += T1
        zh = fh ^ gh
        zl = fl ^ gl
        x = zl & yl ^ gl                                # Maj lo
        el = (fl >> 28 ^ fh << 4 ^ fh >> 2 ^ fl << 30 ^ fh >> 7 ^ fl << 25) & m   # Σ0 lo
        eh = (fh >> 28 ^ fl << 4 ^ fl >> 2 ^ fh << 30 ^ fl >> 7 ^ fh << 25) + (zh & yh ^ gh) + th
        el = x + el & m
        eh += uint(el < x)
        el = tl + el & m
        eh = eh + uint(el < tl) & m                    # h = T1 + T2
        # round 12: a..h = e f g h a b c d
        wh = uint(q[96]) << 24 | uint(q[97]) << 16 | uint(q[98]) << 8 | uint(q[99])
        wl = uint(q[100]) << 24 | uint(q[101]) << 16 | uint(q[102]) << 8 | uint(q[103])
        st[40] = wh
        st[41] = wl
        x = (bl ^ cl) & al ^ cl                                    # Ch lo
        tl = (al >> 14 ^ ah << 18 ^ al >> 18 ^ ah << 14 ^ ah >> 9 ^ al << 23) & m   # Σ1 lo
        th = (ah >> 14 ^ al << 18 ^ ah >> 18 ^ al << 14 ^ al >> 9 ^ ah << 23) + ((bh ^ ch) & ah ^ ch) + dh + uint(k[24]) + wh
        tl = x + tl & m
        th += uint(tl < x)
        tl = dl + tl & m
        th += uint(tl < dl)
        x = uint(k[25])
        tl = x + tl & m
        th += uint(tl < x)
        tl = wl + tl & m
        th += uint(tl < wl)                                   # T1 = th:tl
        hl = hl + tl & m
        hh = hh + th + uint(hl < tl) & m                # d += T1
        yh = eh ^ fh
        yl = el ^ fl
        x = yl & zl ^ fl                                # Maj lo
        dl = (el >> 28 ^ eh << 4 ^ eh >> 2 ^ el << 30 ^ eh >> 7 ^ el << 25) & m   # Σ0 lo
        dh = (eh >> 28 ^ el << 4 ^ el >> 2 ^ eh << 30 ^ el >> 7 ^ eh << 25) + (yh & zh ^ fh) + th
        dl = x + dl & m
        dh += uint(dl < x)
        dl = tl + dl & m
        dh = dh + uint(dl < tl) & m                    # h = T1 + T2
        # round 13: a..h = d e f g h a b c
        wh = uint(q[104]) << 24 | uint(q[105]) << 16 | uint(q[106]) << 8 | uint(q[107])
        wl = uint(q[108]) << 24 | uint(q[109]) << 16 | uint(q[110]) << 8 | uint(q[111])
        st[42] = wh
        st[43] = wl
        x = (al ^ bl) & hl ^ bl                                    # Ch lo
        tl = (hl >> 14 ^ hh << 18 ^ hl >> 18 ^ hh << 14 ^ hh >> 9 ^ hl << 23) & m   # Σ1 lo
        th = (hh >> 14 ^ hl << 18 ^ hh >> 18 ^ hl << 14 ^ hl >> 9 ^ hh << 23) + ((ah ^ bh) & hh ^ bh) + ch + uint(k[26]) + wh
        tl = x + tl & m
        th += uint(tl < x)
        tl = cl + tl & m
        th += uint(tl < cl)
        x = uint(k[27])
        tl = x + tl & m
        th += uint(tl < x)
        tl = wl + tl & m
        th += uint(tl < wl)                                   # T1 = th:tl
        gl = gl + tl & m
        gh = gh + th + uint(gl < tl) & m                # d += T1
        zh = dh ^ eh
        zl = dl ^ el
        x = zl & yl ^ el                                # Maj lo
        cl = (dl >> 28 ^ dh << 4 ^ dh >> 2 ^ dl << 30 ^ dh >> 7 ^ dl << 25) & m   # Σ0 lo
        ch = (dh >> 28 ^ dl << 4 ^ dl >> 2 ^ dh << 30 ^ dl >> 7 ^ dh << 25) + (zh & yh ^ eh) + th
        cl = x + cl & m
        ch += uint(cl < x)
        cl = tl + cl & m
        ch = ch + uint(cl < tl) & m                    # h = T1 + T2
        # round 14: a..h = c d e f g h a b
        wh = uint(q[112]) << 24 | uint(q[113]) << 16 | uint(q[114]) << 8 | uint(q[115])
        wl = uint(q[116]) << 24 | uint(q[117]) << 16 | uint(q[118]) << 8 | uint(q[119])
        st[44] = wh
        st[45] = wl
        x = (hl ^ al) & gl ^ al                                    # Ch lo
        tl = (gl >> 14 ^ gh << 18 ^ gl >> 18 ^ gh << 14 ^ gh >> 9 ^ gl << 23) & m   # Σ1 lo
        th = (gh >> 14 ^ gl << 18 ^ gh >> 18 ^ gl << 14 ^ gl >> 9 ^ gh << 23) + ((hh ^ ah) & gh ^ ah) + bh + uint(k[28]) + wh
        tl = x + tl & m
        th += uint(tl < x)
        tl = bl + tl & m
        th += uint(tl < bl)
        x = uint(k[29])
        tl = x + tl & m
        th += uint(tl < x)
        tl = wl + tl & m
        th += uint(tl < wl)                                   # T1 = th:tl
        fl = fl + tl & m
        fh = fh + th + uint(fl < tl) & m                # d += T1
        yh = ch ^ dh
        yl = cl ^ dl
        x = yl & zl ^ dl                                # Maj lo
        bl = (cl >> 28 ^ ch << 4 ^ ch >> 2 ^ cl << 30 ^ ch >> 7 ^ cl << 25) & m   # Σ0 lo
        bh = (ch >> 28 ^ cl << 4 ^ cl >> 2 ^ ch << 30 ^ cl >> 7 ^ ch << 25) + (yh & zh ^ dh) + th
        bl = x + bl & m
        bh += uint(bl < x)
        bl = tl + bl & m
        bh = bh + uint(bl < tl) & m                    # h = T1 + T2
        # round 15: a..h = b c d e f g h a
        wh = uint(q[120]) << 24 | uint(q[121]) << 16 | uint(q[122]) << 8 | uint(q[123])
        wl = uint(q[124]) << 24 | uint(q[125]) << 16 | uint(q[126]) << 8 | uint(q[127])
        st[46] = wh
        st[47] = wl
        x = (gl ^ hl) & fl ^ hl                                    # Ch lo
        tl = (fl >> 14 ^ fh << 18 ^ fl >> 18 ^ fh << 14 ^ fh >> 9 ^ fl << 23) & m   # Σ1 lo
        th = (fh >> 14 ^ fl << 18 ^ fh >> 18 ^ fl << 14 ^ fl >> 9 ^ fh << 23) + ((gh ^ hh) & fh ^ hh) + ah + uint(k[30]) + wh
        tl = x + tl & m
        th += uint(tl < x)
        tl = al + tl & m
        th += uint(tl < al)
        x = uint(k[31])
        tl = x + tl & m
        th += uint(tl < x)
        tl = wl + tl & m
        th += uint(tl < wl)                                   # T1 = th:tl
        el = el + tl & m
        eh = eh + th + uint(el < tl) & m                # d += T1
        zh = bh ^ ch
        zl = bl ^ cl
        x = zl & yl ^ cl                                # Maj lo
        al = (bl >> 28 ^ bh << 4 ^ bh >> 2 ^ bl << 30 ^ bh >> 7 ^ bl << 25) & m   # Σ0 lo
        ah = (bh >> 28 ^ bl << 4 ^ bl >> 2 ^ bh << 30 ^ bl >> 7 ^ bh << 25) + (zh & yh ^ ch) + th
        al = x + al & m
        ah += uint(al < x)
        al = tl + al & m
        ah = ah + uint(al < tl) & m                    # h = T1 + T2
        i = 1
        while i < 5:
            k = ptr32(k0 + uint(i << 7))    # K[16*i]
            # W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16] (§6.4.2 step 1),
            # σ0 = ROTR1 ^ ROTR8 ^ SHR7, σ1 = ROTR19 ^ ROTR61 ^ SHR6 (§4.1.3).
            # round 16*i+0: a..h = a b c d e f g h
            xh = uint(st[44])                  # W[t-2]
            xl = uint(st[45])
            wl = (xl >> 19 ^ xh << 13 ^ xh >> 29 ^ xl << 3 ^ xl >> 6 ^ xh << 26) & m       # σ1 lo
            wh = xh >> 19 ^ xl << 13 ^ xl >> 29 ^ xh << 3 ^ xh >> 6                        # σ1 hi
            xh = uint(st[18])                  # W[t-15]
            xl = uint(st[19])
            x = (xl >> 1 ^ xh << 31 ^ xl >> 8 ^ xh << 24 ^ xl >> 7 ^ xh << 25) & m         # σ0 lo
            wh = (xh >> 1 ^ xl << 31 ^ xh >> 8 ^ xl << 24 ^ xh >> 7) + wh                  # σ0 hi
            wl = x + wl & m
            wh += uint(wl < x)
            x = uint(st[35])                   # W[t-7]
            wl = x + wl & m
            wh = wh + uint(st[34]) + uint(wl < x)
            x = uint(st[17])                   # W[t-16]
            wl = x + wl & m
            wh = wh + uint(st[16]) + uint(wl < x)
            st[16] = wh
            st[17] = wl
            x = (fl ^ gl) & el ^ gl                                    # Ch lo
            tl = (el >> 14 ^ eh << 18 ^ el >> 18 ^ eh << 14 ^ eh >> 9 ^ el << 23) & m   # Σ1 lo
            th = (eh >> 14 ^ el << 18 ^ eh >> 18 ^ el << 14 ^ el >> 9 ^ eh << 23) + ((fh ^ gh) & eh ^ gh) + hh + uint(k[0]) + wh
            tl = x + tl & m
            th += uint(tl < x)
            tl = hl + tl & m
            th += uint(tl < hl)
            x = uint(k[1])
            tl = x + tl & m
            th += uint(tl < x)
            tl = wl + tl & m
            th += uint(tl < wl)                                   # T1 = th:tl
            dl = dl + tl & m
            dh = dh + th + uint(dl < tl) & m                # d += T1
            yh = ah ^ bh
            yl = al ^ bl
            x = yl & zl ^ bl                                # Maj lo
            hl = (al >> 28 ^ ah << 4 ^ ah >> 2 ^ al << 30 ^ ah >> 7 ^ al << 25) & m   # Σ0 lo
            hh = (ah >> 28 ^ al << 4 ^ al >> 2 ^ ah << 30 ^ al >> 7 ^ ah << 25) + (yh & zh ^ bh) + th
            hl = x + hl & m
            hh += uint(hl < x)
            hl = tl + hl & m
            hh = hh + uint(hl < tl) & m                    # h = T1 + T2
            # round 16*i+1: a..h = h a b c d e f g
            xh = uint(st[46])                  # W[t-2]
            xl = uint(st[47])
            wl = (xl >> 19 ^ xh << 13 ^ xh >> 29 ^ xl << 3 ^ xl >> 6 ^ xh << 26) & m       # σ1 lo
            wh = xh >> 19 ^ xl << 13 ^ xl >> 29 ^ xh << 3 ^ xh >> 6                        # σ1 hi
            xh = uint(st[20])                  # W[t-15]
            xl = uint(st[21])
            x = (xl >> 1 ^ xh << 31 ^ xl >> 8 ^ xh << 24 ^ xl >> 7 ^ xh << 25) & m         # σ0 lo
            wh = (xh >> 1 ^ xl << 31 ^ xh >> 8 ^ xl << 24 ^ xh >> 7) + wh                  # σ0 hi
            wl = x + wl & m
            wh += uint(wl < x)
            x = uint(st[37])                   # W[t-7]
            wl = x + wl & m
            wh = wh + uint(st[36]) + uint(wl < x)
            x = uint(st[19])                   # W[t-16]
            wl = x + wl & m
            wh = wh + uint(st[18]) + uint(wl < x)
            st[18] = wh
            st[19] = wl
            x = (el ^ fl) & dl ^ fl                                    # Ch lo
            tl = (dl >> 14 ^ dh << 18 ^ dl >> 18 ^ dh << 14 ^ dh >> 9 ^ dl << 23) & m   # Σ1 lo
            th = (dh >> 14 ^ dl << 18 ^ dh >> 18 ^ dl << 14 ^ dl >> 9 ^ dh << 23) + ((eh ^ fh) & dh ^ fh) + gh + uint(k[2]) + wh
            tl = x + tl & m
            th += uint(tl < x)
            tl = gl + tl & m
            th += uint(tl < gl)
            x = uint(k[3])
            tl = x + tl & m
            th += uint(tl < x)
            tl = wl + tl & m
            th += uint(tl < wl)                                   # T1 = th:tl
            cl = cl + tl & m
            ch = ch + th + uint(cl < tl) & m                # d += T1
            zh = hh ^ ah
            zl = hl ^ al
            x = zl & yl ^ al                                # Maj lo
            gl = (hl >> 28 ^ hh << 4 ^ hh >> 2 ^ hl << 30 ^ hh >> 7 ^ hl << 25) & m   # Σ0 lo
            gh = (hh >> 28 ^ hl << 4 ^ hl >> 2 ^ hh << 30 ^ hl >> 7 ^ hh << 25) + (zh & yh ^ ah) + th
            gl = x + gl & m
            gh += uint(gl < x)
            gl = tl + gl & m
            gh = gh + uint(gl < tl) & m                    # h = T1 + T2
            # round 16*i+2: a..h = g h a b c d e f
            xh = uint(st[16])                  # W[t-2]
            xl = uint(st[17])
            wl = (xl >> 19 ^ xh << 13 ^ xh >> 29 ^ xl << 3 ^ xl >> 6 ^ xh << 26) & m       # σ1 lo
            wh = xh >> 19 ^ xl << 13 ^ xl >> 29 ^ xh << 3 ^ xh >> 6                        # σ1 hi
            xh = uint(st[22])                  # W[t-15]
            xl = uint(st[23])
            x = (xl >> 1 ^ xh << 31 ^ xl >> 8 ^ xh << 24 ^ xl >> 7 ^ xh << 25) & m         # σ0 lo
            wh = (xh >> 1 ^ xl << 31 ^ xh >> 8 ^ xl << 24 ^ xh >> 7) + wh                  # σ0 hi
            wl = x + wl & m
            wh += uint(wl < x)
            x = uint(st[39])                   # W[t-7]
            wl = x + wl & m
            wh = wh + uint(st[38]) + uint(wl < x)
            x = uint(st[21])                   # W[t-16]
            wl = x + wl & m
            wh = wh + uint(st[20]) + uint(wl < x)
            st[20] = wh
            st[21] = wl
            x = (dl ^ el) & cl ^ el                                    # Ch lo
            tl = (cl >> 14 ^ ch << 18 ^ cl >> 18 ^ ch << 14 ^ ch >> 9 ^ cl << 23) & m   # Σ1 lo
            th = (ch >> 14 ^ cl << 18 ^ ch >> 18 ^ cl << 14 ^ cl >> 9 ^ ch << 23) + ((dh ^ eh) & ch ^ eh) + fh + uint(k[4]) + wh
            tl = x + tl & m
            th += uint(tl < x)
            tl = fl + tl & m
            th += uint(tl < fl)
            x = uint(k[5])
            tl = x + tl & m
            th += uint(tl < x)
            tl = wl + tl & m
            th += uint(tl < wl)                                   # T1 = th:tl
            bl = bl + tl & m
            bh = bh + th + uint(bl < tl) & m                # d += T1
            yh = gh ^ hh
            yl = gl ^ hl
            x = yl & zl ^ hl                                # Maj lo
            fl = (gl >> 28 ^ gh << 4 ^ gh >> 2 ^ gl << 30 ^ gh >> 7 ^ gl << 25) & m   # Σ0 lo
            fh = (gh >> 28 ^ gl << 4 ^ gl >> 2 ^ gh << 30 ^ gl >> 7 ^ gh << 25) + (yh & zh ^ hh) + th
            fl = x + fl & m
            fh += uint(fl < x)
            fl = tl + fl & m
            fh = fh + uint(fl < tl) & m                    # h = T1 + T2
            # round 16*i+3: a..h = f g h a b c d e
            xh = uint(st[18])                  # W[t-2]
            xl = uint(st[19])
            wl = (xl >> 19 ^ xh << 13 ^ xh >> 29 ^ xl << 3 ^ xl >> 6 ^ xh << 26) & m       # σ1 lo
            wh = xh >> 19 ^ xl << 13 ^ xl >> 29 ^ xh << 3 ^ xh >> 6                        # σ1 hi
            xh = uint(st[24])                  # W[t-15]
            xl = uint(st[25])
            x = (xl >> 1 ^ xh << 31 ^ xl >> 8 ^ xh << 24 ^ xl >> 7 ^ xh << 25) & m         # σ0 lo
            wh = (xh >> 1 ^ xl << 31 ^ xh >> 8 ^ xl << 24 ^ xh >> 7) + wh                  # σ0 hi
            wl = x + wl & m
            wh += uint(wl < x)
            x = uint(st[41])                   # W[t-7]
            wl = x + wl & m
            wh = wh + uint(st[40]) + uint(wl < x)
            x = uint(st[23])                   # W[t-16]
            wl = x + wl & m
            wh = wh + uint(st[22]) + uint(wl < x)
            st[22] = wh
            st[23] = wl
            x = (cl ^ dl) & bl ^ dl                                    # Ch lo
            tl = (bl >> 14 ^ bh << 18 ^ bl >> 18 ^ bh << 14 ^ bh >> 9 ^ bl << 23) & m   # Σ1 lo
            th = (bh >> 14 ^ bl << 18 ^ bh >> 18 ^ bl << 14 ^ bl >> 9 ^ bh << 23) + ((ch ^ dh) & bh ^ dh) + eh + uint(k[6]) + wh
            tl = x + tl & m
            th += uint(tl < x)
            tl = el + tl & m
            th += uint(tl < el)
            x = uint(k[7])
            tl = x + tl & m
            th += uint(tl < x)
            tl = wl + tl & m
            th += uint(tl < wl)                                   # T1 = th:tl
            al = al + tl & m
            ah = ah + th + uint(al < tl) & m                # d += T1
            zh = fh ^ gh
            zl = fl ^ gl
            x = zl & yl ^ gl                                # Maj lo
            el = (fl >> 28 ^ fh << 4 ^ fh >> 2 ^ fl << 30 ^ fh >> 7 ^ fl << 25) & m   # Σ0 lo
            eh = (fh >> 28 ^ fl << 4 ^ fl >> 2 ^ fh << 30 ^ fl >> 7 ^ fh << 25) + (zh & yh ^ gh) + th
            el = x + el & m
            eh += uint(el < x)
            el = tl + el & m
            eh = eh + uint(el < tl) & m                    # h = T1 + T2
            # round 16*i+4: a..h = e f g h a b c d
            xh = uint(st[20])                  # W[t-2]
            xl = uint(st[21])
            wl = (xl >> 19 ^ xh << 13 ^ xh >> 29 ^ xl << 3 ^ xl >> 6 ^ xh << 26) & m       # σ1 lo
            wh = xh >> 19 ^ xl << 13 ^ xl >> 29 ^ xh << 3 ^ xh >> 6                        # σ1 hi
            xh = uint(st[26])                  # W[t-15]
            xl = uint(st[27])
            x = (xl >> 1 ^ xh << 31 ^ xl >> 8 ^ xh << 24 ^ xl >> 7 ^ xh << 25) & m         # σ0 lo
            wh = (xh >> 1 ^ xl << 31 ^ xh >> 8 ^ xl << 24 ^ xh >> 7) + wh                  # σ0 hi
            wl = x + wl & m
            wh += uint(wl < x)
            x = uint(st[43])                   # W[t-7]
            wl = x + wl & m
            wh = wh + uint(st[42]) + uint(wl < x)
            x = uint(st[25])                   # W[t-16]
            wl = x + wl & m
            wh = wh + uint(st[24]) + uint(wl < x)
            st[24] = wh
            st[25] = wl
            x = (bl ^ cl) & al ^ cl                                    # Ch lo
            tl = (al >> 14 ^ ah << 18 ^ al >> 18 ^ ah << 14 ^ ah >> 9 ^ al << 23) & m   # Σ1 lo
            th = (ah >> 14 ^ al << 18 ^ ah >> 18 ^ al << 14 ^ al >> 9 ^ ah << 23) + ((bh ^ ch) & ah ^ ch) + dh + uint(k[8]) + wh
            tl = x + tl & m
            th += uint(tl < x)
            tl = dl + tl & m
            th += uint(tl < dl)
            x = uint(k[9])
            tl = x + tl & m
            th += uint(tl < x)
            tl = wl + tl & m
            th += uint(tl < wl)                                   # T1 = th:tl
            hl = hl + tl & m
            hh = hh + th + uint(hl < tl) & m                # d += T1
            yh = eh ^ fh
            yl = el ^ fl
            x = yl & zl ^ fl                                # Maj lo
            dl = (el >> 28 ^ eh << 4 ^ eh >> 2 ^ el << 30 ^ eh >> 7 ^ el << 25) & m   # Σ0 lo
            dh = (eh >> 28 ^ el << 4 ^ el >> 2 ^ eh << 30 ^ el >> 7 ^ eh << 25) + (yh & zh ^ fh) + th
            dl = x + dl & m
            dh += uint(dl < x)
            dl = tl + dl & m
            dh = dh + uint(dl < tl) & m                    # h = T1 + T2
            # round 16*i+5: a..h = d e f g h a b c
            xh = uint(st[22])                  # W[t-2]
            xl = uint(st[23])
            wl = (xl >> 19 ^ xh << 13 ^ xh >> 29 ^ xl << 3 ^ xl >> 6 ^ xh << 26) & m       # σ1 lo
            wh = xh >> 19 ^ xl << 13 ^ xl >> 29 ^ xh << 3 ^ xh >> 6                        # σ1 hi
            xh = uint(st[28])                  # W[t-15]
            xl = uint(st[29])
            x = (xl >> 1 ^ xh << 31 ^ xl >> 8 ^ xh << 24 ^ xl >> 7 ^ xh << 25) & m         # σ0 lo
            wh = (xh >> 1 ^ xl << 31 ^ xh >> 8 ^ xl << 24 ^ xh >> 7) + wh                  # σ0 hi
            wl = x + wl & m
            wh += uint(wl < x)
            x = uint(st[45])                   # W[t-7]
            wl = x + wl & m
            wh = wh + uint(st[44]) + uint(wl < x)
            x = uint(st[27])                   # W[t-16]
            wl = x + wl & m
            wh = wh + uint(st[26]) + uint(wl < x)
            st[26] = wh
            st[27] = wl
            x = (al ^ bl) & hl ^ bl                                    # Ch lo
            tl = (hl >> 14 ^ hh << 18 ^ hl >> 18 ^ hh << 14 ^ hh >> 9 ^ hl << 23) & m   # Σ1 lo
            th = (hh >> 14 ^ hl << 18 ^ hh >> 18 ^ hl << 14 ^ hl >> 9 ^ hh << 23) + ((ah ^ bh) & hh ^ bh) + ch + uint(k[10]) + wh
            tl = x + tl & m
            th += uint(tl < x)
            tl = cl + tl & m
            th += uint(tl < cl)
            x = uint(k[11])
            tl = x + tl & m
            th += uint(tl < x)
            tl = wl + tl & m
            th += uint(tl < wl)                                   # T1 = th:tl
            gl = gl + tl & m
            gh = gh + th + uint(gl < tl) & m                # d += T1
            zh = dh ^ eh
            zl = dl ^ el
            x = zl & yl ^ el                                # Maj lo
            cl = (dl >> 28 ^ dh << 4 ^ dh >> 2 ^ dl << 30 ^ dh >> 7 ^ dl << 25) & m   # Σ0 lo
            ch = (dh >> 28 ^ dl << 4 ^ dl >> 2 ^ dh << 30 ^ dl >> 7 ^ dh << 25) + (zh & yh ^ eh) + th
            cl = x + cl & m
            ch += uint(cl < x)
            cl = tl + cl & m
            ch = ch + uint(cl < tl) & m                    # h = T1 + T2
            # round 16*i+6: a..h = c d e f g h a b
            xh = uint(st[24])                  # W[t-2]
            xl = uint(st[25])
            wl = (xl >> 19 ^ xh << 13 ^ xh >> 29 ^ xl << 3 ^ xl >> 6 ^ xh << 26) & m       # σ1 lo
            wh = xh >> 19 ^ xl << 13 ^ xl >> 29 ^ xh << 3 ^ xh >> 6                        # σ1 hi
            xh = uint(st[30])                  # W[t-15]
            xl = uint(st[31])
            x = (xl >> 1 ^ xh << 31 ^ xl >> 8 ^ xh << 24 ^ xl >> 7 ^ xh << 25) & m         # σ0 lo
            wh = (xh >> 1 ^ xl << 31 ^ xh >> 8 ^ xl << 24 ^ xh >> 7) + wh                  # σ0 hi
            wl = x + wl & m
            wh += uint(wl < x)
            x = uint(st[47])                   # W[t-7]
            wl = x + wl & m
            wh = wh + uint(st[46]) + uint(wl < x)
            x = uint(st[29])                   # W[t-16]
            wl = x + wl & m
            wh = wh + uint(st[28]) + uint(wl < x)
            st[28] = wh
            st[29] = wl
            x = (hl ^ al) & gl ^ al                                    # Ch lo
            tl = (gl >> 14 ^ gh << 18 ^ gl >> 18 ^ gh << 14 ^ gh >> 9 ^ gl << 23) & m   # Σ1 lo
            th = (gh >> 14 ^ gl << 18 ^ gh >> 18 ^ gl << 14 ^ gl >> 9 ^ gh << 23) + ((hh ^ ah) & gh ^ ah) + bh + uint(k[12]) + wh
            tl = x + tl & m
            th += uint(tl < x)
            tl = bl + tl & m
            th += uint(tl < bl)
            x = uint(k[13])
            tl = x + tl & m
            th += uint(tl < x)
            tl = wl + tl & m
            th += uint(tl < wl)                                   # T1 = th:tl
            fl = fl + tl & m
            fh = fh + th + uint(fl < tl) & m                # d += T1
            yh = ch ^ dh
            yl = cl ^ dl
            x = yl & zl ^ dl                                # Maj lo
            bl = (cl >> 28 ^ ch << 4 ^ ch >> 2 ^ cl << 30 ^ ch >> 7 ^ cl << 25) & m   # Σ0 lo
            bh = (ch >> 28 ^ cl << 4 ^ cl >> 2 ^ ch << 30 ^ cl >> 7 ^ ch << 25) + (yh & zh ^ dh) + th
            bl = x + bl & m
            bh += uint(bl < x)
            bl = tl + bl & m
            bh = bh + uint(bl < tl) & m                    # h = T1 + T2
            # round 16*i+7: a..h = b c d e f g h a
            xh = uint(st[26])                  # W[t-2]
            xl = uint(st[27])
            wl = (xl >> 19 ^ xh << 13 ^ xh >> 29 ^ xl << 3 ^ xl >> 6 ^ xh << 26) & m       # σ1 lo
            wh = xh >> 19 ^ xl << 13 ^ xl >> 29 ^ xh << 3 ^ xh >> 6                        # σ1 hi
            xh = uint(st[32])                  # W[t-15]
            xl = uint(st[33])
            x = (xl >> 1 ^ xh << 31 ^ xl >> 8 ^ xh << 24 ^ xl >> 7 ^ xh << 25) & m         # σ0 lo
            wh = (xh >> 1 ^ xl << 31 ^ xh >> 8 ^ xl << 24 ^ xh >> 7) + wh                  # σ0 hi
            wl = x + wl & m
            wh += uint(wl < x)
            x = uint(st[17])                   # W[t-7]
            wl = x + wl & m
            wh = wh + uint(st[16]) + uint(wl < x)
            x = uint(st[31])                   # W[t-16]
            wl = x + wl & m
            wh = wh + uint(st[30]) + uint(wl < x)
            st[30] = wh
            st[31] = wl
            x = (gl ^ hl) & fl ^ hl                                    # Ch lo
            tl = (fl >> 14 ^ fh << 18 ^ fl >> 18 ^ fh << 14 ^ fh >> 9 ^ fl << 23) & m   # Σ1 lo
            th = (fh >> 14 ^ fl << 18 ^ fh >> 18 ^ fl << 14 ^ fl >> 9 ^ fh << 23) + ((gh ^ hh) & fh ^ hh) + ah + uint(k[14]) + wh
            tl = x + tl & m
            th += uint(tl < x)
            tl = al + tl & m
            th += uint(tl < al)
            x = uint(k[15])
            tl = x + tl & m
            th += uint(tl < x)
            tl = wl + tl & m
            th += uint(tl < wl)                                   # T1 = th:tl
            el = el + tl & m
            eh = eh + th + uint(el < tl) & m                # d += T1
            zh = bh ^ ch
            zl = bl ^ cl
            x = zl & yl ^ cl                                # Maj lo
            al = (bl >> 28 ^ bh << 4 ^ bh >> 2 ^ bl << 30 ^ bh >> 7 ^ bl << 25) & m   # Σ0 lo
            ah = (bh >> 28 ^ bl << 4 ^ bl >> 2 ^ bh << 30 ^ bl >> 7 ^ bh << 25) + (zh & yh ^ ch) + th
            al = x + al & m
            ah += uint(al < x)
            al = tl + al & m
            ah = ah + uint(al < tl) & m                    # h = T1 + T2
            # round 16*i+8: a..h = a b c d e f g h
            xh = uint(st[28])                  # W[t-2]
            xl = uint(st[29])
            wl = (xl >> 19 ^ xh << 13 ^ xh >> 29 ^ xl << 3 ^ xl >> 6 ^ xh << 26) & m       # σ1 lo
            wh = xh >> 19 ^ xl << 13 ^ xl >> 29 ^ xh << 3 ^ xh >> 6                        # σ1 hi
            xh = uint(st[34])                  # W[t-15]
            xl = uint(st[35])
            x = (xl >> 1 ^ xh << 31 ^ xl >> 8 ^ xh << 24 ^ xl >> 7 ^ xh << 25) & m         # σ0 lo
            wh = (xh >> 1 ^ xl << 31 ^ xh >> 8 ^ xl << 24 ^ xh >> 7) + wh                  # σ0 hi
            wl = x + wl & m
            wh += uint(wl < x)
            x = uint(st[19])                   # W[t-7]
            wl = x + wl & m
            wh = wh + uint(st[18]) + uint(wl < x)
            x = uint(st[33])                   # W[t-16]
            wl = x + wl & m
            wh = wh + uint(st[32]) + uint(wl < x)
            st[32] = wh
            st[33] = wl
            x = (fl ^ gl) & el ^ gl                                    # Ch lo
            tl = (el >> 14 ^ eh << 18 ^ el >> 18 ^ eh << 14 ^ eh >> 9 ^ el << 23) & m   # Σ1 lo
            th = (eh >> 14 ^ el << 18 ^ eh >> 18 ^ el << 14 ^ el >> 9 ^ eh << 23) + ((fh ^ gh) & eh ^ gh) + hh + uint(k[16]) + wh
            tl = x + tl & m
            th += uint(tl < x)
            tl = hl + tl & m
            th += uint(tl < hl)
            x = uint(k[17])
            tl = x + tl & m
            th += uint(tl < x)
            tl = wl + tl & m
            th += uint(tl < wl)                                   # T1 = th:tl
            dl = dl + tl & m
            dh = dh + th + uint(dl < tl) & m                # d += T1
            yh = ah ^ bh
            yl = al ^ bl
            x = yl & zl ^ bl                                # Maj lo
            hl = (al >> 28 ^ ah << 4 ^ ah >> 2 ^ al << 30 ^ ah >> 7 ^ al << 25) & m   # Σ0 lo
            hh = (ah >> 28 ^ al << 4 ^ al >> 2 ^ ah << 30 ^ al >> 7 ^ ah << 25) + (yh & zh ^ bh) + th
            hl = x + hl & m
            hh += uint(hl < x)
            hl = tl + hl & m
            hh = hh + uint(hl < tl) & m                    # h = T1 + T2
            # round 16*i+9: a..h = h a b c d e f g
            xh = uint(st[30])                  # W[t-2]
            xl = uint(st[31])
            wl = (xl >> 19 ^ xh << 13 ^ xh >> 29 ^ xl << 3 ^ xl >> 6 ^ xh << 26) & m       # σ1 lo
            wh = xh >> 19 ^ xl << 13 ^ xl >> 29 ^ xh << 3 ^ xh >> 6                        # σ1 hi
            xh = uint(st[36])                  # W[t-15]
            xl = uint(st[37])
            x = (xl >> 1 ^ xh << 31 ^ xl >> 8 ^ xh << 24 ^ xl >> 7 ^ xh << 25) & m         # σ0 lo
            wh = (xh >> 1 ^ xl << 31 ^ xh >> 8 ^ xl << 24 ^ xh >> 7) + wh                  # σ0 hi
            wl = x + wl & m
            wh += uint(wl < x)
            x = uint(st[21])                   # W[t-7]
            wl = x + wl & m
            wh = wh + uint(st[20]) + uint(wl < x)
            x = uint(st[35])                   # W[t-16]
            wl = x + wl & m
            wh = wh + uint(st[34]) + uint(wl < x)
            st[34] = wh
            st[35] = wl
            x = (el ^ fl) & dl ^ fl                                    # Ch lo
            tl = (dl >> 14 ^ dh << 18 ^ dl >> 18 ^ dh << 14 ^ dh >> 9 ^ dl << 23) & m   # Σ1 lo
            th = (dh >> 14 ^ dl << 18 ^ dh >> 18 ^ dl << 14 ^ dl >> 9 ^ dh << 23) + ((eh ^ fh) & dh ^ fh) + gh + uint(k[18]) + wh
            tl = x + tl & m
            th += uint(tl < x)
            tl = gl + tl & m
            th += uint(tl < gl)
            x = uint(k[19])
            tl = x + tl & m
            th += uint(tl < x)
            tl = wl + tl & m
            th += uint(tl < wl)                                   # T1 = th:tl
            cl = cl + tl & m
            ch = ch + th + uint(cl < tl) & m                # d += T1
            zh = hh ^ ah
            zl = hl ^ al
            x = zl & yl ^ al                                # Maj lo
            gl = (hl >> 28 ^ hh << 4 ^ hh >> 2 ^ hl << 30 ^ hh >> 7 ^ hl << 25) & m   # Σ0 lo
            gh = (hh >> 28 ^ hl << 4 ^ hl >> 2 ^ hh << 30 ^ hl >> 7 ^ hh << 25) + (zh & yh ^ ah) + th
            gl = x + gl & m
            gh += uint(gl < x)
            gl = tl + gl & m
            gh = gh + uint(gl < tl) & m                    # h = T1 + T2
            # round 16*i+10: a..h = g h a b c d e f
            xh = uint(st[32])                  # W[t-2]
            xl = uint(st[33])
            wl = (xl >> 19 ^ xh << 13 ^ xh >> 29 ^ xl << 3 ^ xl >> 6 ^ xh << 26) & m       # σ1 lo
            wh = xh >> 19 ^ xl << 13 ^ xl >> 29 ^ xh << 3 ^ xh >> 6                        # σ1 hi
            xh = uint(st[38])                  # W[t-15]
            xl = uint(st[39])
            x = (xl >> 1 ^ xh << 31 ^ xl >> 8 ^ xh << 24 ^ xl >> 7 ^ xh << 25) & m         # σ0 lo
            wh = (xh >> 1 ^ xl << 31 ^ xh >> 8 ^ xl << 24 ^ xh >> 7) + wh                  # σ0 hi
            wl = x + wl & m
            wh += uint(wl < x)
            x = uint(st[23])                   # W[t-7]
            wl = x + wl & m
            wh = wh + uint(st[22]) + uint(wl < x)
            x = uint(st[37])                   # W[t-16]
            wl = x + wl & m
            wh = wh + uint(st[36]) + uint(wl < x)
            st[36] = wh
            st[37] = wl
            x = (dl ^ el) & cl ^ el                                    # Ch lo
            tl = (cl >> 14 ^ ch << 18 ^ cl >> 18 ^ ch << 14 ^ ch >> 9 ^ cl << 23) & m   # Σ1 lo
            th = (ch >> 14 ^ cl << 18 ^ ch >> 18 ^ cl << 14 ^ cl >> 9 ^ ch << 23) + ((dh ^ eh) & ch ^ eh) + fh + uint(k[20]) + wh
            tl = x + tl & m
            th += uint(tl < x)
            tl = fl + tl & m
            th += uint(tl < fl)
            x = uint(k[21])
            tl = x + tl & m
            th += uint(tl < x)
            tl = wl + tl & m
            th += uint(tl < wl)                                   # T1 = th:tl
            bl = bl + tl & m
            bh = bh + th + uint(bl < tl) & m                # d += T1
            yh = gh ^ hh
            yl = gl ^ hl
            x = yl & zl ^ hl                                # Maj lo
            fl = (gl >> 28 ^ gh << 4 ^ gh >> 2 ^ gl << 30 ^ gh >> 7 ^ gl << 25) & m   # Σ0 lo
            fh = (gh >> 28 ^ gl << 4 ^ gl >> 2 ^ gh << 30 ^ gl >> 7 ^ gh << 25) + (yh & zh ^ hh) + th
            fl = x + fl & m
            fh += uint(fl < x)
            fl = tl + fl & m
            fh = fh + uint(fl < tl) & m                    # h = T1 + T2
            # round 16*i+11: a..h = f g h a b c d e
            xh = uint(st[34])                  # W[t-2]
            xl = uint(st[35])
            wl = (xl >> 19 ^ xh << 13 ^ xh >> 29 ^ xl << 3 ^ xl >> 6 ^ xh << 26) & m       # σ1 lo
            wh = xh >> 19 ^ xl << 13 ^ xl >> 29 ^ xh << 3 ^ xh >> 6                        # σ1 hi
            xh = uint(st[40])                  # W[t-15]
            xl = uint(st[41])
            x = (xl >> 1 ^ xh << 31 ^ xl >> 8 ^ xh << 24 ^ xl >> 7 ^ xh << 25) & m         # σ0 lo
            wh = (xh >> 1 ^ xl << 31 ^ xh >> 8 ^ xl << 24 ^ xh >> 7) + wh                  # σ0 hi
            wl = x + wl & m
            wh += uint(wl < x)
            x = uint(st[25])                   # W[t-7]
            wl = x + wl & m
            wh = wh + uint(st[24]) + uint(wl < x)
            x = uint(st[39])                   # W[t-16]
            wl = x + wl & m
            wh = wh + uint(st[38]) + uint(wl < x)
            st[38] = wh
            st[39] = wl
            x = (cl ^ dl) & bl ^ dl                                    # Ch lo
            tl = (bl >> 14 ^ bh << 18 ^ bl >> 18 ^ bh << 14 ^ bh >> 9 ^ bl << 23) & m   # Σ1 lo
            th = (bh >> 14 ^ bl << 18 ^ bh >> 18 ^ bl << 14 ^ bl >> 9 ^ bh << 23) + ((ch ^ dh) & bh ^ dh) + eh + uint(k[22]) + wh
            tl = x + tl & m
            th += uint(tl < x)
            tl = el + tl & m
            th += uint(tl < el)
            x = uint(k[23])
            tl = x + tl & m
            th += uint(tl < x)
            tl = wl + tl & m
            th += uint(tl < wl)                                   # T1 = th:tl
            al = al + tl & m
            ah = ah + th + uint(al < tl) & m                # d += T1
            zh = fh ^ gh
            zl = fl ^ gl
            x = zl & yl ^ gl                                # Maj lo
            el = (fl >> 28 ^ fh << 4 ^ fh >> 2 ^ fl << 30 ^ fh >> 7 ^ fl << 25) & m   # Σ0 lo
            eh = (fh >> 28 ^ fl << 4 ^ fl >> 2 ^ fh << 30 ^ fl >> 7 ^ fh << 25) + (zh & yh ^ gh) + th
            el = x + el & m
            eh += uint(el < x)
            el = tl + el & m
            eh = eh + uint(el < tl) & m                    # h = T1 + T2
            # round 16*i+12: a..h = e f g h a b c d
            xh = uint(st[36])                  # W[t-2]
            xl = uint(st[37])
            wl = (xl >> 19 ^ xh << 13 ^ xh >> 29 ^ xl << 3 ^ xl >> 6 ^ xh << 26) & m       # σ1 lo
            wh = xh >> 19 ^ xl << 13 ^ xl >> 29 ^ xh << 3 ^ xh >> 6                        # σ1 hi
            xh = uint(st[42])                  # W[t-15]
            xl = uint(st[43])
            x = (xl >> 1 ^ xh << 31 ^ xl >> 8 ^ xh << 24 ^ xl >> 7 ^ xh << 25) & m         # σ0 lo
            wh = (xh >> 1 ^ xl << 31 ^ xh >> 8 ^ xl << 24 ^ xh >> 7) + wh                  # σ0 hi
            wl = x + wl & m
            wh += uint(wl < x)
            x = uint(st[27])                   # W[t-7]
            wl = x + wl & m
            wh = wh + uint(st[26]) + uint(wl < x)
            x = uint(st[41])                   # W[t-16]
            wl = x + wl & m
            wh = wh + uint(st[40]) + uint(wl < x)
            st[40] = wh
            st[41] = wl
            x = (bl ^ cl) & al ^ cl                                    # Ch lo
            tl = (al >> 14 ^ ah << 18 ^ al >> 18 ^ ah << 14 ^ ah >> 9 ^ al << 23) & m   # Σ1 lo
            th = (ah >> 14 ^ al << 18 ^ ah >> 18 ^ al << 14 ^ al >> 9 ^ ah << 23) + ((bh ^ ch) & ah ^ ch) + dh + uint(k[24]) + wh
            tl = x + tl & m
            th += uint(tl < x)
            tl = dl + tl & m
            th += uint(tl < dl)
            x = uint(k[25])
            tl = x + tl & m
            th += uint(tl < x)
            tl = wl + tl & m
            th += uint(tl < wl)                                   # T1 = th:tl
            hl = hl + tl & m
            hh = hh + th + uint(hl < tl) & m                # d += T1
            yh = eh ^ fh
            yl = el ^ fl
            x = yl & zl ^ fl                                # Maj lo
            dl = (el >> 28 ^ eh << 4 ^ eh >> 2 ^ el << 30 ^ eh >> 7 ^ el << 25) & m   # Σ0 lo
            dh = (eh >> 28 ^ el << 4 ^ el >> 2 ^ eh << 30 ^ el >> 7 ^ eh << 25) + (yh & zh ^ fh) + th
            dl = x + dl & m
            dh += uint(dl < x)
            dl = tl + dl & m
            dh = dh + uint(dl < tl) & m                    # h = T1 + T2
            # round 16*i+13: a..h = d e f g h a b c
            xh = uint(st[38])                  # W[t-2]
            xl = uint(st[39])
            wl = (xl >> 19 ^ xh << 13 ^ xh >> 29 ^ xl << 3 ^ xl >> 6 ^ xh << 26) & m       # σ1 lo
            wh = xh >> 19 ^ xl << 13 ^ xl >> 29 ^ xh << 3 ^ xh >> 6                        # σ1 hi
            xh = uint(st[44])                  # W[t-15]
            xl = uint(st[45])
            x = (xl >> 1 ^ xh << 31 ^ xl >> 8 ^ xh << 24 ^ xl >> 7 ^ xh << 25) & m         # σ0 lo
            wh = (xh >> 1 ^ xl << 31 ^ xh >> 8 ^ xl << 24 ^ xh >> 7) + wh                  # σ0 hi
            wl = x + wl & m
            wh += uint(wl < x)
            x = uint(st[29])                   # W[t-7]
            wl = x + wl & m
            wh = wh + uint(st[28]) + uint(wl < x)
            x = uint(st[43])                   # W[t-16]
            wl = x + wl & m
            wh = wh + uint(st[42]) + uint(wl < x)
            st[42] = wh
            st[43] = wl
            x = (al ^ bl) & hl ^ bl                                    # Ch lo
            tl = (hl >> 14 ^ hh << 18 ^ hl >> 18 ^ hh << 14 ^ hh >> 9 ^ hl << 23) & m   # Σ1 lo
            th = (hh >> 14 ^ hl << 18 ^ hh >> 18 ^ hl << 14 ^ hl >> 9 ^ hh << 23) + ((ah ^ bh) & hh ^ bh) + ch + uint(k[26]) + wh
            tl = x + tl & m
            th += uint(tl < x)
            tl = cl + tl & m
            th += uint(tl < cl)
            x = uint(k[27])
            tl = x + tl & m
            th += uint(tl < x)
            tl = wl + tl & m
            th += uint(tl < wl)                                   # T1 = th:tl
            gl = gl + tl & m
            gh = gh + th + uint(gl < tl) & m                # d += T1
            zh = dh ^ eh
            zl = dl ^ el
            x = zl & yl ^ el                                # Maj lo
            cl = (dl >> 28 ^ dh << 4 ^ dh >> 2 ^ dl << 30 ^ dh >> 7 ^ dl << 25) & m   # Σ0 lo
            ch = (dh >> 28 ^ dl << 4 ^ dl >> 2 ^ dh << 30 ^ dl >> 7 ^ dh << 25) + (zh & yh ^ eh) + th
            cl = x + cl & m
            ch += uint(cl < x)
            cl = tl + cl & m
            ch = ch + uint(cl < tl) & m                    # h = T1 + T2
            # round 16*i+14: a..h = c d e f g h a b
            xh = uint(st[40])                  # W[t-2]
            xl = uint(st[41])
            wl = (xl >> 19 ^ xh << 13 ^ xh >> 29 ^ xl << 3 ^ xl >> 6 ^ xh << 26) & m       # σ1 lo
            wh = xh >> 19 ^ xl << 13 ^ xl >> 29 ^ xh << 3 ^ xh >> 6                        # σ1 hi
            xh = uint(st[46])                  # W[t-15]
            xl = uint(st[47])
            x = (xl >> 1 ^ xh << 31 ^ xl >> 8 ^ xh << 24 ^ xl >> 7 ^ xh << 25) & m         # σ0 lo
            wh = (xh >> 1 ^ xl << 31 ^ xh >> 8 ^ xl << 24 ^ xh >> 7) + wh                  # σ0 hi
            wl = x + wl & m
            wh += uint(wl < x)
            x = uint(st[31])                   # W[t-7]
            wl = x + wl & m
            wh = wh + uint(st[30]) + uint(wl < x)
            x = uint(st[45])                   # W[t-16]
            wl = x + wl & m
            wh = wh + uint(st[44]) + uint(wl < x)
            st[44] = wh
            st[45] = wl
            x = (hl ^ al) & gl ^ al                                    # Ch lo
            tl = (gl >> 14 ^ gh << 18 ^ gl >> 18 ^ gh << 14 ^ gh >> 9 ^ gl << 23) & m   # Σ1 lo
            th = (gh >> 14 ^ gl << 18 ^ gh >> 18 ^ gl << 14 ^ gl >> 9 ^ gh << 23) + ((hh ^ ah) & gh ^ ah) + bh + uint(k[28]) + wh
            tl = x + tl & m
            th += uint(tl < x)
            tl = bl + tl & m
            th += uint(tl < bl)
            x = uint(k[29])
            tl = x + tl & m
            th += uint(tl < x)
            tl = wl + tl & m
            th += uint(tl < wl)                                   # T1 = th:tl
            fl = fl + tl & m
            fh = fh + th + uint(fl < tl) & m                # d += T1
            yh = ch ^ dh
            yl = cl ^ dl
            x = yl & zl ^ dl                                # Maj lo
            bl = (cl >> 28 ^ ch << 4 ^ ch >> 2 ^ cl << 30 ^ ch >> 7 ^ cl << 25) & m   # Σ0 lo
            bh = (ch >> 28 ^ cl << 4 ^ cl >> 2 ^ ch << 30 ^ cl >> 7 ^ ch << 25) + (yh & zh ^ dh) + th
            bl = x + bl & m
            bh += uint(bl < x)
            bl = tl + bl & m
            bh = bh + uint(bl < tl) & m                    # h = T1 + T2
            # round 16*i+15: a..h = b c d e f g h a
            xh = uint(st[42])                  # W[t-2]
            xl = uint(st[43])
            wl = (xl >> 19 ^ xh << 13 ^ xh >> 29 ^ xl << 3 ^ xl >> 6 ^ xh << 26) & m       # σ1 lo
            wh = xh >> 19 ^ xl << 13 ^ xl >> 29 ^ xh << 3 ^ xh >> 6                        # σ1 hi
            xh = uint(st[16])                  # W[t-15]
            xl = uint(st[17])
            x = (xl >> 1 ^ xh << 31 ^ xl >> 8 ^ xh << 24 ^ xl >> 7 ^ xh << 25) & m         # σ0 lo
            wh = (xh >> 1 ^ xl << 31 ^ xh >> 8 ^ xl << 24 ^ xh >> 7) + wh                  # σ0 hi
            wl = x + wl & m
            wh += uint(wl < x)
            x = uint(st[33])                   # W[t-7]
            wl = x + wl & m
            wh = wh + uint(st[32]) + uint(wl < x)
            x = uint(st[47])                   # W[t-16]
            wl = x + wl & m
            wh = wh + uint(st[46]) + uint(wl < x)
            st[46] = wh
            st[47] = wl
            x = (gl ^ hl) & fl ^ hl                                    # Ch lo
            tl = (fl >> 14 ^ fh << 18 ^ fl >> 18 ^ fh << 14 ^ fh >> 9 ^ fl << 23) & m   # Σ1 lo
            th = (fh >> 14 ^ fl << 18 ^ fh >> 18 ^ fl << 14 ^ fl >> 9 ^ fh << 23) + ((gh ^ hh) & fh ^ hh) + ah + uint(k[30]) + wh
            tl = x + tl & m
            th += uint(tl < x)
            tl = al + tl & m
            th += uint(tl < al)
            x = uint(k[31])
            tl = x + tl & m
            th += uint(tl < x)
            tl = wl + tl & m
            th += uint(tl < wl)                                   # T1 = th:tl
            el = el + tl & m
            eh = eh + th + uint(el < tl) & m                # d += T1
            zh = bh ^ ch
            zl = bl ^ cl
            x = zl & yl ^ cl                                # Maj lo
            al = (bl >> 28 ^ bh << 4 ^ bh >> 2 ^ bl << 30 ^ bh >> 7 ^ bl << 25) & m   # Σ0 lo
            ah = (bh >> 28 ^ bl << 4 ^ bl >> 2 ^ bh << 30 ^ bl >> 7 ^ bh << 25) + (zh & yh ^ ch) + th
            al = x + al & m
            ah += uint(al < x)
            al = tl + al & m
            ah = ah + uint(al < tl) & m                    # h = T1 + T2
            i += 1
        # §6.4.2 step 4: H(i) = H(i-1) + a..h, 64-bit adds.
        x = uint(st[1])
        al = x + al & m
        ah = uint(st[0]) + ah + uint(al < x) & m
        st[0] = ah
        st[1] = al
        x = uint(st[3])
        bl = x + bl & m
        bh = uint(st[2]) + bh + uint(bl < x) & m
        st[2] = bh
        st[3] = bl
        x = uint(st[5])
        cl = x + cl & m
        ch = uint(st[4]) + ch + uint(cl < x) & m
        st[4] = ch
        st[5] = cl
        x = uint(st[7])
        dl = x + dl & m
        dh = uint(st[6]) + dh + uint(dl < x) & m
        st[6] = dh
        st[7] = dl
        x = uint(st[9])
        el = x + el & m
        eh = uint(st[8]) + eh + uint(el < x) & m
        st[8] = eh
        st[9] = el
        x = uint(st[11])
        fl = x + fl & m
        fh = uint(st[10]) + fh + uint(fl < x) & m
        st[10] = fh
        st[11] = fl
        x = uint(st[13])
        gl = x + gl & m
        gh = uint(st[12]) + gh + uint(gl < x) & m
        st[12] = gh
        st[13] = gl
        x = uint(st[15])
        hl = x + hl & m
        hh = uint(st[14]) + hh + uint(hl < x) & m
        st[14] = hh
        st[15] = hl
        p += 128
        n -= 1
