"""Camellia engine in portable Python (no viper): the fallback for bytecode-only ports.

Camellia (RFC 3713): a 128-bit block as two 64-bit halves D1 || D2, each held here as two
big-endian 32-bit words. 18 rounds (128-bit keys) or 24 (192/256-bit keys) of the Feistel
step D2 ^= F(D1, k_i); D1 ^= F(D2, k_{i+1}) (§2.3.1/§2.3.2), an FL / FL^-1 layer after every
six rounds (§2.4.3), pre- and post-whitening with kw1..kw4. Decryption is the same network
with the subkeys in reverse order (§2.3.3).

F (§2.4.1): S-boxes then the P byte mixing. With the four 1 KiB tables
SP1110[x] = (s1, s1, s1, 0), SP0222[x] = (0, s2, s2, s2), SP3033[x] = (s3, 0, s3, s3),
SP4404[x] = (s4, s4, 0, s4) (bytes of a big-endian word; s1 = SBOX1[x], s2 = SBOX2[x],
s3 = SBOX3[x], s4 = SBOX4[x], §2.4.4), and il, ir the two words of F's input XOR key:
A = SP1110[il_0] ^ SP0222[il_1] ^ SP3033[il_2] ^ SP4404[il_3] holds (y1..y4)'s terms from
t1..t4, U = SP1110[ir_3] ^ SP0222[ir_0] ^ SP3033[ir_1] ^ SP4404[ir_2] those from t5..t8
(which enter y1..y4 and y5..y8 alike), and P's right half is (y5..y8) = U ^ (t1^t2, t2^t3,
t3^t4, t4^t1) = U ^ A ^ (A >>> 8). So F = (U ^ A, (U ^ A) ^ (A >>> 8)): 8 lookups, no
per-byte work. (Derived from the y1..y8 equations of §2.4.1.)

SBOX1 and the subkeys (``expand_key``, with the word layout the network reads) come from
``_camellia_sched``, which ``camellia_viper`` shares.

Words are Python ints below 2**32 (heap objects above 2**30 on a 32-bit port): this backend
is the correctness reference and the fallback, not the fast path. Not constant time (table
lookups indexed by secret bytes).

Engine surface: see ``cipher/modes.py``.
"""

from mpcrypto.cipher._camellia_sched import SBOX1, expand_key
from mpcrypto.cipher._soft import SoftEngine


def _tables():
    # SP1110, SP0222, SP3033, SP4404 (§2.4.4: SBOX2[x] = SBOX1[x] <<< 1, SBOX3[x] =
    # SBOX1[x] >>> 1, SBOX4[x] = SBOX1[x <<< 1], rotations of bytes).
    # array("I"): 1 KiB each, where a list would hold an object per entry of 2^30 or more
    # on a 32-bit port (~5 KiB a table).
    import array

    a, b, c, d = (array.array("I", bytes(1024)) for _ in range(4))
    for x in range(256):
        s1 = SBOX1[x]
        s2 = ((s1 << 1) | (s1 >> 7)) & 0xFF
        s3 = ((s1 >> 1) | (s1 << 7)) & 0xFF
        s4 = SBOX1[((x << 1) | (x >> 7)) & 0xFF]
        a[x] = (s1 << 24) | (s1 << 16) | (s1 << 8)
        b[x] = (s2 << 16) | (s2 << 8) | s2
        c[x] = (s3 << 24) | (s3 << 8) | s3
        d[x] = (s4 << 24) | (s4 << 16) | s4
    return a, b, c, d


_SP = []  # (SP1110, SP0222, SP3033, SP4404), made on first use by tables()


def tables():
    # The four tables, made on first use by the rounds: the seam imports every usable
    # backend when it lists them (``camellia.backends()``), and that costs no table heap
    # where another backend is the one that runs.
    if not _SP:
        _SP.extend(_tables())
    return _SP


def _f(xl, xr, kl, kr):
    # F (§2.4.1) on the 64-bit input xl || xr with subkey kl || kr -> (yl, yr).
    SP1110, SP0222, SP3033, SP4404 = tables()
    il = xl ^ kl
    ir = xr ^ kr
    a = SP1110[il >> 24] ^ SP0222[(il >> 16) & 0xFF] ^ SP3033[(il >> 8) & 0xFF] ^ SP4404[il & 0xFF]
    u = SP1110[ir & 0xFF] ^ SP0222[ir >> 24] ^ SP3033[(ir >> 16) & 0xFF] ^ SP4404[(ir >> 8) & 0xFF]
    yl = u ^ a
    return yl, yl ^ (a >> 8) ^ ((a & 0xFF) << 24)


def _crypt(w, ng, b):
    # The network (§2.3.2) on the bytearray(16) b in place with the word layout w.
    d0 = (b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]
    d1 = (b[4] << 24) | (b[5] << 16) | (b[6] << 8) | b[7]
    d2 = (b[8] << 24) | (b[9] << 16) | (b[10] << 8) | b[11]
    d3 = (b[12] << 24) | (b[13] << 16) | (b[14] << 8) | b[15]
    d0 ^= w[0]
    d1 ^= w[1]
    d2 ^= w[2]
    d3 ^= w[3]
    r = 4
    for g in range(ng):
        for _ in range(3):
            yl, yr = _f(d0, d1, w[r], w[r + 1])
            d2 ^= yl
            d3 ^= yr
            yl, yr = _f(d2, d3, w[r + 2], w[r + 3])
            d0 ^= yl
            d1 ^= yr
            r += 4
        if g < ng - 1:
            # FL on D1 (§2.4.2): x2 ^= (x1 & k1) <<< 1; x1 ^= x2 | k2
            t = d0 & w[r]
            d1 ^= ((t << 1) & 0xFFFFFFFF) | (t >> 31)
            d0 ^= d1 | w[r + 1]
            # FL^-1 on D2: y1 ^= y2 | k2; y2 ^= (y1 & k1) <<< 1
            d2 ^= d3 | w[r + 3]
            t = d2 & w[r + 2]
            d3 ^= ((t << 1) & 0xFFFFFFFF) | (t >> 31)
            r += 4
    d2 ^= w[r]
    d3 ^= w[r + 1]
    d0 ^= w[r + 2]
    d1 ^= w[r + 3]
    o = 0
    for v in (d2, d3, d0, d1):  # C = D2 || D1
        b[o] = v >> 24
        b[o + 1] = (v >> 16) & 0xFF
        b[o + 2] = (v >> 8) & 0xFF
        b[o + 3] = v & 0xFF
        o += 4


def new(key):
    """A Camellia context for a 16/24/32-byte key (validated by the caller). Not constant
    time."""
    e, d, ng = expand_key(key)
    return SoftEngine(16, lambda b: _crypt(e, ng, b), lambda b: _crypt(d, ng, b))
