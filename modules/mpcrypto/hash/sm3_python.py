"""SM3 compression in portable Python: GB/T 32905-2016 §5.3, many 64-byte blocks per call.

Same surface as ``sm3_viper`` (see there): ``compress(st, buf, off, nblocks)`` with ``st`` an
``array('I')`` whose words 0..7 are the chaining value V (words 8.. are the viper kernel's
scratch and are not used here). Nothing validates; the public class in ``sm3`` does.

No viper or native decorators: this module serves bytecode-only ports (RX65N) and compiles
with plain ``mpy-cross``. Constant time in the sense that no branch or table index depends on
the data (the two round flavours switch on the public round number j); the interpreter's
big-int arithmetic is not promised constant time.

Allocation: one 68-entry list for the expanded message per call (reused for every block)
and one tuple per block from ``struct.unpack_from``. Words are Python ints: on 32-bit ports
any value of 2**30 or more is a heap object, so the rounds allocate on those ports (the
64-bit unix port keeps them as small ints). Prefer the viper backend where the port has it.
"""

from struct import unpack_from


def _tj():
    # GB/T 32905 §4.2 constants T_j, pre-rotated: (T_j <<< (j mod 32)) for j = 0..63, as
    # used in SS1 (§5.3.3). Built once at import.
    out = []
    for j in range(64):
        t = 0x79CC4519 if j < 16 else 0x7A879D8A
        r = j & 31
        out.append(((t << r) | (t >> (32 - r))) & 0xFFFFFFFF)
    return tuple(out)


_T = _tj()


def compress(st, buf, off, nblocks):
    T = _T
    M = 0xFFFFFFFF
    W = [0] * 68
    for _ in range(nblocks):
        # §5.3.2 message expansion: W0..W67 (W'_j = W_j ^ W_(j+4) is formed in the rounds).
        blk = unpack_from(">16I", buf, off)
        for j in range(16):
            W[j] = blk[j]
        for j in range(16, 68):
            x = W[j - 16] ^ W[j - 9]
            y = W[j - 3]
            x ^= (y << 15 | y >> 17) & M
            x ^= (x << 15 | x >> 17) & M ^ (x << 23 | x >> 9) & M           # P1
            y = W[j - 13]
            W[j] = x ^ (y << 7 | y >> 25) & M ^ W[j - 6]
        # §5.3.3 compression function CF.
        a, b, c, d, e, f, g, h = st[0], st[1], st[2], st[3], st[4], st[5], st[6], st[7]
        for j in range(64):
            a12 = (a << 12 | a >> 20) & M
            ss1 = (a12 + e + T[j]) & M
            ss1 = (ss1 << 7 | ss1 >> 25) & M
            ss2 = ss1 ^ a12
            if j < 16:                      # public round index, not data
                ff = a ^ b ^ c              # FF_j, GG_j for 0 <= j <= 15
                gg = e ^ f ^ g
            else:
                ff = (a & (b | c)) | (b & c)    # majority
                gg = ((f ^ g) & e) ^ g          # (E & F) | (~E & G)
            tt1 = (ff + d + ss2 + (W[j] ^ W[j + 4])) & M
            tt2 = (gg + h + ss1 + W[j]) & M
            d = c
            c = (b << 9 | b >> 23) & M
            b = a
            a = tt1
            h = g
            g = (f << 19 | f >> 13) & M
            f = e
            e = tt2 ^ (tt2 << 9 | tt2 >> 23) & M ^ (tt2 << 17 | tt2 >> 15) & M   # P0
        # V(i+1) = ABCDEFGH xor V(i).
        st[0] ^= a
        st[1] ^= b
        st[2] ^= c
        st[3] ^= d
        st[4] ^= e
        st[5] ^= f
        st[6] ^= g
        st[7] ^= h
        off += 64
