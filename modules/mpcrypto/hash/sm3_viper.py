"""SM3 compression in viper: GB/T 32905-2016 §5.3, many 64-byte blocks per call.

Backend surface shared with ``sm3_python`` (the public class in ``sm3`` is the only caller;
nothing here validates):

    compress(st, buf, off, nblocks)

``st`` is an ``array('I')`` of 76 words: V0..V7 (the chaining value ABCDEFGH) and 68 words of
scratch for the expanded message W0..W67 (§5.3.2). ``buf[off:off + 64 * nblocks]`` is hashed
in place: no slice, no copy, no allocation. Constant time: only data-independent word
operations; no table index or branch depends on the message or the state (the index into
the T_j table is the public round number).

Portability (see VIPER.md): the same source runs on the 64-bit unix port and on 32-bit
Cortex-M. Words are ``uint`` and every value is masked with ``m = 0xFFFFFFFF`` (built at run
time) as soon as an addition or a ``<<`` can leave 32 bits, before it meets ``>>`` (each
rotation ``x <<< n`` is ``(x << n | x >> (32 - n)) & m`` on a masked x). The round
constants T_j <<< (j mod 32) (§4.2, used in SS1) are precomputed in an ``array('I')``.

Rounds (§5.3.3), with the registers renamed instead of moved: each round computes
  SS1 = ((A <<< 12) + E + (T_j <<< j)) <<< 7,  SS2 = SS1 ^ (A <<< 12)
  TT1 = FF_j(A, B, C) + D + SS2 + W'_j         W'_j = W_j ^ W_(j+4)
  TT2 = GG_j(E, F, G) + H + SS1 + W_j
  B = B <<< 9, F = F <<< 19, D = TT1 (the next A), H = P0(TT2) (the next E)
so the roles shift by one register per round and return after four: the loop bodies are
4 unrolled rounds. FF = GG = X ^ Y ^ Z for j < 16 (first loop); for j >= 16 (second loop)
FF is the majority (A & (B | C)) | (B & C) and GG = ((F ^ G) & E) ^ G, which equals
(E & F) | (~E & G) without a ``~`` (VIPER.md rule 7).
"""

import micropython
from array import array


def _tj():
    # GB/T 32905 §4.2: T_j = 79cc4519 (j < 16), 7a879d8a (j >= 16), pre-rotated by j mod 32.
    out = array("I", [0] * 64)
    for j in range(64):
        t = 0x79CC4519 if j < 16 else 0x7A879D8A
        r = j & 31
        out[j] = ((t << r) | (t >> (32 - r))) & 0xFFFFFFFF
    return out


_T = _tj()


def probe():
    """True: this module imported, so the port has the viper emitter."""
    return True


@micropython.viper
def compress(st: ptr32, buf: ptr8, off: int, nblocks: int):
    m = uint(0xFFFFFFFF)
    tb = uint(ptr32(_T))                 # address of the T_j table
    vb = uint(st) + 32                   # W0..W67 live in st[8..75]
    v = ptr32(vb)
    p = uint(buf) + uint(off)            # address of the current block
    n = nblocks
    while n > 0:
        q = ptr8(p)
        # §5.3.2: W0..W15 big-endian from the block, then for j = 16..67
        #   W_j = P1(W_(j-16) ^ W_(j-9) ^ (W_(j-3) <<< 15)) ^ (W_(j-13) <<< 7) ^ W_(j-6)
        # with P1(X) = X ^ (X <<< 15) ^ (X <<< 23).
        i = 0
        while i < 16:
            k = i << 2
            v[i] = uint(q[k]) << 24 | uint(q[k + 1]) << 16 | uint(q[k + 2]) << 8 | uint(q[k + 3])
            i += 1
        while i < 68:
            x = uint(v[i - 3])
            x = uint(v[i - 16]) ^ uint(v[i - 9]) ^ (x << 15 | x >> 17) & m
            x = (x ^ (x << 15 | x >> 17) ^ (x << 23 | x >> 9)) & m           # P1
            y = uint(v[i - 13])
            v[i] = x ^ (y << 7 | y >> 25) & m ^ uint(v[i - 6])
            i += 1
        a = uint(st[0])
        b = uint(st[1])
        c = uint(st[2])
        d = uint(st[3])
        e = uint(st[4])
        f = uint(st[5])
        g = uint(st[6])
        h = uint(st[7])
        # Rounds 0..15: FF = A ^ B ^ C, GG = E ^ F ^ G.
        j = 0
        while j < 16:
            tq = ptr32(tb + uint(j << 2))    # T_j <<< j for this group of four rounds
            wq = ptr32(vb + uint(j << 2))    # W_j; W_(j+4) at wq[4]
            # round j: A..H = a b c d e f g h
            x = (a << 12 | a >> 20) & m                                     # A <<< 12
            y = x + e + uint(tq[0]) & m
            y = (y << 7 | y >> 25) & m                                      # SS1; SS2 = SS1 ^ (A <<< 12)
            w = uint(wq[0])                                                  # W_j
            d = (a ^ b ^ c) + d + (y ^ x) + (w ^ uint(wq[4])) & m        # TT1: next A
            x = (e ^ f ^ g) + h + y + w & m                                 # TT2
            b = (b << 9 | b >> 23) & m                                      # C = B <<< 9
            f = (f << 19 | f >> 13) & m                                     # G = F <<< 19
            h = (x ^ (x << 9 | x >> 23) ^ (x << 17 | x >> 15)) & m          # P0(TT2): next E
            # round j + 1: A..H = d a b c h e f g
            x = (d << 12 | d >> 20) & m                                     # A <<< 12
            y = x + h + uint(tq[1]) & m
            y = (y << 7 | y >> 25) & m                                      # SS1; SS2 = SS1 ^ (A <<< 12)
            w = uint(wq[1])                                              # W_j
            c = (d ^ a ^ b) + c + (y ^ x) + (w ^ uint(wq[5])) & m        # TT1: next A
            x = (h ^ e ^ f) + g + y + w & m                                 # TT2
            a = (a << 9 | a >> 23) & m                                      # C = B <<< 9
            e = (e << 19 | e >> 13) & m                                     # G = F <<< 19
            g = (x ^ (x << 9 | x >> 23) ^ (x << 17 | x >> 15)) & m          # P0(TT2): next E
            # round j + 2: A..H = c d a b g h e f
            x = (c << 12 | c >> 20) & m                                     # A <<< 12
            y = x + g + uint(tq[2]) & m
            y = (y << 7 | y >> 25) & m                                      # SS1; SS2 = SS1 ^ (A <<< 12)
            w = uint(wq[2])                                              # W_j
            b = (c ^ d ^ a) + b + (y ^ x) + (w ^ uint(wq[6])) & m        # TT1: next A
            x = (g ^ h ^ e) + f + y + w & m                                 # TT2
            d = (d << 9 | d >> 23) & m                                      # C = B <<< 9
            h = (h << 19 | h >> 13) & m                                     # G = F <<< 19
            f = (x ^ (x << 9 | x >> 23) ^ (x << 17 | x >> 15)) & m          # P0(TT2): next E
            # round j + 3: A..H = b c d a f g h e
            x = (b << 12 | b >> 20) & m                                     # A <<< 12
            y = x + f + uint(tq[3]) & m
            y = (y << 7 | y >> 25) & m                                      # SS1; SS2 = SS1 ^ (A <<< 12)
            w = uint(wq[3])                                              # W_j
            a = (b ^ c ^ d) + a + (y ^ x) + (w ^ uint(wq[7])) & m        # TT1: next A
            x = (f ^ g ^ h) + e + y + w & m                                 # TT2
            c = (c << 9 | c >> 23) & m                                      # C = B <<< 9
            g = (g << 19 | g >> 13) & m                                     # G = F <<< 19
            e = (x ^ (x << 9 | x >> 23) ^ (x << 17 | x >> 15)) & m          # P0(TT2): next E
            j += 4
        # Rounds 16..63: FF = majority, GG = choose.
        while j < 64:
            tq = ptr32(tb + uint(j << 2))
            wq = ptr32(vb + uint(j << 2))
            # round j: A..H = a b c d e f g h
            x = (a << 12 | a >> 20) & m                                     # A <<< 12
            y = x + e + uint(tq[0]) & m
            y = (y << 7 | y >> 25) & m                                      # SS1; SS2 = SS1 ^ (A <<< 12)
            w = uint(wq[0])                                                  # W_j
            d = (a & (b | c) | b & c) + d + (y ^ x) + (w ^ uint(wq[4])) & m# TT1: next A
            x = ((f ^ g) & e ^ g) + h + y + w & m                           # TT2
            b = (b << 9 | b >> 23) & m                                      # C = B <<< 9
            f = (f << 19 | f >> 13) & m                                     # G = F <<< 19
            h = (x ^ (x << 9 | x >> 23) ^ (x << 17 | x >> 15)) & m          # P0(TT2): next E
            # round j + 1: A..H = d a b c h e f g
            x = (d << 12 | d >> 20) & m                                     # A <<< 12
            y = x + h + uint(tq[1]) & m
            y = (y << 7 | y >> 25) & m                                      # SS1; SS2 = SS1 ^ (A <<< 12)
            w = uint(wq[1])                                              # W_j
            c = (d & (a | b) | a & b) + c + (y ^ x) + (w ^ uint(wq[5])) & m# TT1: next A
            x = ((e ^ f) & h ^ f) + g + y + w & m                           # TT2
            a = (a << 9 | a >> 23) & m                                      # C = B <<< 9
            e = (e << 19 | e >> 13) & m                                     # G = F <<< 19
            g = (x ^ (x << 9 | x >> 23) ^ (x << 17 | x >> 15)) & m          # P0(TT2): next E
            # round j + 2: A..H = c d a b g h e f
            x = (c << 12 | c >> 20) & m                                     # A <<< 12
            y = x + g + uint(tq[2]) & m
            y = (y << 7 | y >> 25) & m                                      # SS1; SS2 = SS1 ^ (A <<< 12)
            w = uint(wq[2])                                              # W_j
            b = (c & (d | a) | d & a) + b + (y ^ x) + (w ^ uint(wq[6])) & m# TT1: next A
            x = ((h ^ e) & g ^ e) + f + y + w & m                           # TT2
            d = (d << 9 | d >> 23) & m                                      # C = B <<< 9
            h = (h << 19 | h >> 13) & m                                     # G = F <<< 19
            f = (x ^ (x << 9 | x >> 23) ^ (x << 17 | x >> 15)) & m          # P0(TT2): next E
            # round j + 3: A..H = b c d a f g h e
            x = (b << 12 | b >> 20) & m                                     # A <<< 12
            y = x + f + uint(tq[3]) & m
            y = (y << 7 | y >> 25) & m                                      # SS1; SS2 = SS1 ^ (A <<< 12)
            w = uint(wq[3])                                              # W_j
            a = (b & (c | d) | c & d) + a + (y ^ x) + (w ^ uint(wq[7])) & m# TT1: next A
            x = ((g ^ h) & f ^ h) + e + y + w & m                           # TT2
            c = (c << 9 | c >> 23) & m                                      # C = B <<< 9
            g = (g << 19 | g >> 13) & m                                     # G = F <<< 19
            e = (x ^ (x << 9 | x >> 23) ^ (x << 17 | x >> 15)) & m          # P0(TT2): next E
            j += 4
        # V(i+1) = ABCDEFGH ^ V(i) (§5.3.3, last step).
        st[0] = uint(st[0]) ^ a
        st[1] = uint(st[1]) ^ b
        st[2] = uint(st[2]) ^ c
        st[3] = uint(st[3]) ^ d
        st[4] = uint(st[4]) ^ e
        st[5] = uint(st[5]) ^ f
        st[6] = uint(st[6]) ^ g
        st[7] = uint(st[7]) ^ h
        p += 64
        n -= 1
