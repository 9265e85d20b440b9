"""Camellia's S-box and key schedule (RFC 3713), shared by ``camellia_python`` and
``camellia_viper``: not a backend (no ``_CHAIN`` entry).

``SBOX1`` (§2.4.4): SBOX2, SBOX3 and SBOX4 are derived from it; each backend builds its SP
tables from it (see ``camellia_python`` for the tables and the round function).

``expand_key(key)``: subkeys (§2.2 KA/KB with Sigma1..6, §2.4 tables), laid out as 32-bit
words in the order the network uses them: kw1 kw2 | k1..k6 | ke1 ke2 | k7..k12 | ke3 ke4 |
k13..k18 [| ke5 ke6 | k19..k24] | kw3 kw4 (two words each). The decryption layout is the same
list reversed, with the two whitening pairs kept in (kw3, kw4) / (kw1, kw2) order. Both
backends read these words in network order, so one round loop encrypts (the encryption
layout) and decrypts (the decryption layout). KA and KB come from six F calls computed from
SBOX1 and the P-function directly (``_f64s``), so expanding a key makes no SP table.

The schedule works on 64- and 128-bit Python ints (heap objects): it runs once per key.
Not constant time (S-box lookups indexed by key bytes).
"""

# RFC 3713 §2.4.4, SBOX1 (SBOX2/3/4 are derived from it).
SBOX1 = (
    b"\x70\x82\x2c\xec\xb3\x27\xc0\xe5\xe4\x85\x57\x35\xea\x0c\xae\x41"
    b"\x23\xef\x6b\x93\x45\x19\xa5\x21\xed\x0e\x4f\x4e\x1d\x65\x92\xbd"
    b"\x86\xb8\xaf\x8f\x7c\xeb\x1f\xce\x3e\x30\xdc\x5f\x5e\xc5\x0b\x1a"
    b"\xa6\xe1\x39\xca\xd5\x47\x5d\x3d\xd9\x01\x5a\xd6\x51\x56\x6c\x4d"
    b"\x8b\x0d\x9a\x66\xfb\xcc\xb0\x2d\x74\x12\x2b\x20\xf0\xb1\x84\x99"
    b"\xdf\x4c\xcb\xc2\x34\x7e\x76\x05\x6d\xb7\xa9\x31\xd1\x17\x04\xd7"
    b"\x14\x58\x3a\x61\xde\x1b\x11\x1c\x32\x0f\x9c\x16\x53\x18\xf2\x22"
    b"\xfe\x44\xcf\xb2\xc3\xb5\x7a\x91\x24\x08\xe8\xa8\x60\xfc\x69\x50"
    b"\xaa\xd0\xa0\x7d\xa1\x89\x62\x97\x54\x5b\x1e\x95\xe0\xff\x64\xd2"
    b"\x10\xc4\x00\x48\xa3\xf7\x75\xdb\x8a\x03\xe6\xda\x09\x3f\xdd\x94"
    b"\x87\x5c\x83\x02\xcd\x4a\x90\x33\x73\x67\xf6\xf3\x9d\x7f\xbf\xe2"
    b"\x52\x9b\xd8\x26\xc8\x37\xc6\x3b\x81\x96\x6f\x4b\x13\xbe\x63\x2e"
    b"\xe9\x79\xa7\x8c\x9f\x6e\xbc\x8e\x29\xf5\xf9\xb6\x2f\xfd\xb4\x59"
    b"\x78\x98\x06\x6a\xe7\x46\x71\xba\xd4\x25\xab\x42\x88\xa2\x8d\xfa"
    b"\x72\x07\xb9\x55\xf8\xee\xac\x0a\x36\x49\x2a\x68\x3c\x38\xf1\xa4"
    b"\x40\x28\xd3\x7b\xbb\xc9\x43\xc1\x15\xe3\xad\xf4\x77\xc7\x80\x9e"
)

# §2.2: Sigma1..Sigma6
_SIGMA = (0xA09E667F3BCC908B, 0xB67AE8584CAA73B2, 0xC6EF372FE94F82BE,
          0x54FF53A5F1D36F1C, 0x10E527FADE682D1D, 0xB05688C2B3E6C1FD)
_M64 = (1 << 64) - 1
_M128 = (1 << 128) - 1


def _f64s(x, k):
    # F (§2.4.1) from SBOX1 and the P-function as RFC 3713 writes them, without the SP
    # tables: the key schedule's six F calls, so that expanding a key needs no tables.
    x ^= k
    s = SBOX1
    t = [(x >> (56 - 8 * i)) & 0xFF for i in range(8)]
    r1 = lambda v: ((v << 1) | (v >> 7)) & 0xFF  # noqa: E731 (<<< 1 on a byte)
    t1 = s[t[0]]
    t2 = r1(s[t[1]])  # SBOX2
    t3 = r1(r1(r1(r1(r1(r1(r1(s[t[2]])))))))  # SBOX3: >>> 1
    t4 = s[r1(t[3])]  # SBOX4
    t5 = r1(s[t[4]])
    t6 = r1(r1(r1(r1(r1(r1(r1(s[t[5]])))))))
    t7 = s[r1(t[6])]
    t8 = s[t[7]]
    y = (t1 ^ t3 ^ t4 ^ t6 ^ t7 ^ t8, t1 ^ t2 ^ t4 ^ t5 ^ t7 ^ t8, t1 ^ t2 ^ t3 ^ t5 ^ t6 ^ t8,
         t2 ^ t3 ^ t4 ^ t5 ^ t6 ^ t7, t1 ^ t2 ^ t6 ^ t7 ^ t8, t2 ^ t3 ^ t5 ^ t7 ^ t8,
         t3 ^ t4 ^ t5 ^ t6 ^ t8, t1 ^ t4 ^ t5 ^ t6 ^ t7)
    out = 0
    for v in y:
        out = (out << 8) | v
    return out


def _rot(x, r):
    # 128-bit left rotation
    return ((x << r) | (x >> (128 - r))) & _M128 if r else x


# §2.4 subkey tables: (source, rotation) per pair of 64-bit subkeys, in network order;
# "L9" is the 128-bit key's odd k9 = (KA <<< 45) >> 64, k10 = (KL <<< 60) & MASK64.
_SCHED128 = ("L", 0, "A", 0, "L", 15, "A", 15, "A", 30, "L", 45, "*", 0, "A", 60, "L", 77,
             "L", 94, "A", 94, "L", 111, "A", 111)
_SCHED256 = ("L", 0, "B", 0, "R", 15, "A", 15, "R", 30, "B", 30, "L", 45, "A", 45, "L", 60,
             "R", 60, "B", 60, "L", 77, "A", 77, "R", 94, "A", 94, "L", 111, "B", 111)


def expand_key(key):
    """(encryption words, decryption words, number of 6-round groups) for a 16/24/32-byte
    key: see the module docstring for the layout."""
    n = len(key)
    kl = int.from_bytes(key[0:16], "big")
    if n == 16:
        kr = 0
    elif n == 24:
        r = int.from_bytes(key[16:24], "big")
        kr = (r << 64) | (r ^ _M64)
    else:
        kr = int.from_bytes(key[16:32], "big")
    # §2.2: KA and KB
    x = kl ^ kr
    d1 = x >> 64
    d2 = x & _M64
    d2 ^= _f64s(d1, _SIGMA[0])
    d1 ^= _f64s(d2, _SIGMA[1])
    d1 ^= kl >> 64
    d2 ^= kl & _M64
    d2 ^= _f64s(d1, _SIGMA[2])
    d1 ^= _f64s(d2, _SIGMA[3])
    ka = (d1 << 64) | d2
    x = ka ^ kr
    d1 = x >> 64
    d2 = x & _M64
    d2 ^= _f64s(d1, _SIGMA[4])
    d1 ^= _f64s(d2, _SIGMA[5])
    kb = (d1 << 64) | d2
    src = {"L": kl, "R": kr, "A": ka, "B": kb}
    sched = _SCHED128 if n == 16 else _SCHED256
    keys = []  # 64-bit subkeys in network order
    for i in range(0, len(sched), 2):
        s = sched[i]
        r = sched[i + 1]
        if s == "*":
            keys.append(_rot(ka, 45) >> 64)
            keys.append(_rot(kl, 60) & _M64)
        else:
            v = _rot(src[s], r)
            keys.append(v >> 64)
            keys.append(v & _M64)
    dec = keys[::-1]
    dec[0], dec[1] = dec[1], dec[0]  # (kw3, kw4) first
    dec[-2], dec[-1] = dec[-1], dec[-2]  # (kw1, kw2) last
    enc_w = []
    dec_w = []
    for v in keys:
        enc_w.append(v >> 32)
        enc_w.append(v & 0xFFFFFFFF)
    for v in dec:
        dec_w.append(v >> 32)
        dec_w.append(v & 0xFFFFFFFF)
    return enc_w, dec_w, 3 if n == 16 else 4
