"""DES's tables and key schedule (FIPS 46-3, as SP 800-67 Rev. 2 §3 restates it for TDEA),
shared by ``des_python`` and ``des_viper``: not a backend (no ``_CHAIN`` entry).

``tables()``: [SP_1..SP_8 (8 x 64) | SL (256) | FH (256)] as a list of 1024 ints. f(R, K) =
P(S(E(R) ^ K)) is eight lookups in the 64-entry tables SP_s[x] = P(S_s(x) placed at bits
4s..4s+3): P is linear, so it distributes over the eight S-box outputs. SL and FH are the
spreading tables of ``des_python``'s IP and FP (see there); ``des_viper`` takes the SP tables
only (its IP and FP are bit swaps).

``schedule(key)``: the FIPS 46-3 key schedule (PC-1, the left shifts, PC-2), each round key
stored as its eight 6-bit chunks (PC-2 output bits 6s+1..6s+6), the form f XORs with E(R)'s
chunks. TDEA (SP 800-67 §3.1), encryption E_K3(D_K2(E_K1(P))) and decryption
D_K1(E_K2(D_K3(C))), runs as 48 rounds: the round keys of K1, K2 reversed and K3 one after
the other to encrypt, the reverse of that list to decrypt. A 16-byte key is keying option 2
(K3 = K1), a 24-byte key option 1 (three keys); an 8-byte key is single DES (``des.des``),
which is also 3DES with K1 = K2 = K3. Parity bits (the low bit of each key byte) are
ignored, as PC-1 drops them (SP 800-67 §3.3.1 asks for no parity check).
"""

# FIPS 46-3 tables (1-indexed bit positions, bit 1 = most significant).
_P = (16, 7, 20, 21, 29, 12, 28, 17, 1, 15, 23, 26, 5, 18, 31, 10,
      2, 8, 24, 14, 32, 27, 3, 9, 19, 13, 30, 6, 22, 11, 4, 25)
_PC1 = (57, 49, 41, 33, 25, 17, 9, 1, 58, 50, 42, 34, 26, 18,
        10, 2, 59, 51, 43, 35, 27, 19, 11, 3, 60, 52, 44, 36,
        63, 55, 47, 39, 31, 23, 15, 7, 62, 54, 46, 38, 30, 22,
        14, 6, 61, 53, 45, 37, 29, 21, 13, 5, 28, 20, 12, 4)
_PC2 = (14, 17, 11, 24, 1, 5, 3, 28, 15, 6, 21, 10, 23, 19, 12, 4,
        26, 8, 16, 7, 27, 20, 13, 2, 41, 52, 31, 37, 47, 55, 30, 40,
        51, 45, 33, 48, 44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32)
_SHIFTS = (1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1)
# S_1..S_8, each 4 rows of 16 (row = outer bits, column = inner four bits).
_S = (
    b"\x0e\x04\x0d\x01\x02\x0f\x0b\x08\x03\x0a\x06\x0c\x05\x09\x00\x07"
    b"\x00\x0f\x07\x04\x0e\x02\x0d\x01\x0a\x06\x0c\x0b\x09\x05\x03\x08"
    b"\x04\x01\x0e\x08\x0d\x06\x02\x0b\x0f\x0c\x09\x07\x03\x0a\x05\x00"
    b"\x0f\x0c\x08\x02\x04\x09\x01\x07\x05\x0b\x03\x0e\x0a\x00\x06\x0d"
    b"\x0f\x01\x08\x0e\x06\x0b\x03\x04\x09\x07\x02\x0d\x0c\x00\x05\x0a"
    b"\x03\x0d\x04\x07\x0f\x02\x08\x0e\x0c\x00\x01\x0a\x06\x09\x0b\x05"
    b"\x00\x0e\x07\x0b\x0a\x04\x0d\x01\x05\x08\x0c\x06\x09\x03\x02\x0f"
    b"\x0d\x08\x0a\x01\x03\x0f\x04\x02\x0b\x06\x07\x0c\x00\x05\x0e\x09"
    b"\x0a\x00\x09\x0e\x06\x03\x0f\x05\x01\x0d\x0c\x07\x0b\x04\x02\x08"
    b"\x0d\x07\x00\x09\x03\x04\x06\x0a\x02\x08\x05\x0e\x0c\x0b\x0f\x01"
    b"\x0d\x06\x04\x09\x08\x0f\x03\x00\x0b\x01\x02\x0c\x05\x0a\x0e\x07"
    b"\x01\x0a\x0d\x00\x06\x09\x08\x07\x04\x0f\x0e\x03\x0b\x05\x02\x0c"
    b"\x07\x0d\x0e\x03\x00\x06\x09\x0a\x01\x02\x08\x05\x0b\x0c\x04\x0f"
    b"\x0d\x08\x0b\x05\x06\x0f\x00\x03\x04\x07\x02\x0c\x01\x0a\x0e\x09"
    b"\x0a\x06\x09\x00\x0c\x0b\x07\x0d\x0f\x01\x03\x0e\x05\x02\x08\x04"
    b"\x03\x0f\x00\x06\x0a\x01\x0d\x08\x09\x04\x05\x0b\x0c\x07\x02\x0e"
    b"\x02\x0c\x04\x01\x07\x0a\x0b\x06\x08\x05\x03\x0f\x0d\x00\x0e\x09"
    b"\x0e\x0b\x02\x0c\x04\x07\x0d\x01\x05\x00\x0f\x0a\x03\x09\x08\x06"
    b"\x04\x02\x01\x0b\x0a\x0d\x07\x08\x0f\x09\x0c\x05\x06\x03\x00\x0e"
    b"\x0b\x08\x0c\x07\x01\x0e\x02\x0d\x06\x0f\x00\x09\x0a\x04\x05\x03"
    b"\x0c\x01\x0a\x0f\x09\x02\x06\x08\x00\x0d\x03\x04\x0e\x07\x05\x0b"
    b"\x0a\x0f\x04\x02\x07\x0c\x09\x05\x06\x01\x0d\x0e\x00\x0b\x03\x08"
    b"\x09\x0e\x0f\x05\x02\x08\x0c\x03\x07\x00\x04\x0a\x01\x0d\x0b\x06"
    b"\x04\x03\x02\x0c\x09\x05\x0f\x0a\x0b\x0e\x01\x07\x06\x00\x08\x0d"
    b"\x04\x0b\x02\x0e\x0f\x00\x08\x0d\x03\x0c\x09\x07\x05\x0a\x06\x01"
    b"\x0d\x00\x0b\x07\x04\x09\x01\x0a\x0e\x03\x05\x0c\x02\x0f\x08\x06"
    b"\x01\x04\x0b\x0d\x0c\x03\x07\x0e\x0a\x0f\x06\x08\x00\x05\x09\x02"
    b"\x06\x0b\x0d\x08\x01\x04\x0a\x07\x09\x05\x00\x0f\x0e\x02\x03\x0c"
    b"\x0d\x02\x08\x04\x06\x0f\x0b\x01\x0a\x09\x03\x0e\x05\x00\x0c\x07"
    b"\x01\x0f\x0d\x08\x0a\x03\x07\x04\x0c\x05\x06\x0b\x00\x0e\x09\x02"
    b"\x07\x0b\x04\x01\x09\x0c\x0e\x02\x00\x06\x0a\x0d\x0f\x03\x05\x08"
    b"\x02\x01\x0e\x07\x04\x0a\x08\x0d\x0f\x0c\x09\x00\x03\x05\x06\x0b"
)


def tables():
    """[SP_1..SP_8 (8 x 64) | SL (256) | FH (256)] as a list of 1024 ints."""
    t = []
    for s in range(8):
        for x in range(64):
            v = _S[64 * s + 16 * (((x >> 4) & 2) | (x & 1)) + ((x >> 1) & 15)]
            w = v << (28 - 4 * s)  # S_s output at bits 4s+1..4s+4
            o = 0
            for i in range(32):  # P: output bit i+1 is input bit P[i]
                if (w >> (32 - _P[i])) & 1:
                    o |= 1 << (31 - i)
            t.append(o)
    for b in range(256):  # SL: bits 6, 4, 2, 0 of b -> low bit of bytes 0..3
        t.append((((b >> 6) & 1) << 24) | (((b >> 4) & 1) << 16) | (((b >> 2) & 1) << 8) | (b & 1))
    for b in range(256):  # FH: bits 0..3 of b -> low bit of bytes 0..3
        t.append(((b & 1) << 24) | (((b >> 1) & 1) << 16) | (((b >> 2) & 1) << 8) | ((b >> 3) & 1))
    return t


def _subkeys(k):
    # FIPS 46-3 key schedule of one 8-byte key: 16 round keys, each as eight 6-bit chunks
    # (PC-2 output bits 6s+1..6s+6), as a bytearray(128).
    bits = [(k[(p - 1) >> 3] >> (7 - ((p - 1) & 7))) & 1 for p in _PC1]
    c = bits[:28]
    d = bits[28:]
    out = bytearray(128)
    for r in range(16):
        s = _SHIFTS[r]
        c = c[s:] + c[:s]
        d = d[s:] + d[:s]
        cd = c + d
        for j in range(8):
            v = 0
            for i in range(6):
                v = (v << 1) | cd[_PC2[6 * j + i] - 1]
            out[8 * r + j] = v
    return out


def _rev(sk):
    # The 16 round keys in reverse order (decryption).
    out = bytearray(128)
    for r in range(16):
        out[8 * r : 8 * r + 8] = sk[8 * (15 - r) : 8 * (15 - r) + 8]
    return out


def schedule(key):
    """(encryption round keys, decryption round keys, rounds) for an 8-byte (DES) or 16/24-byte
    (TDEA keying option 2/1) key: 16 or 48 rounds of eight 6-bit chunks."""
    if len(key) == 8:
        k = _subkeys(key)
        return k, _rev(k), 16
    k1 = _subkeys(key[0:8])
    k2 = _subkeys(key[8:16])
    k3 = _subkeys(key[16:24]) if len(key) == 24 else k1
    return k1 + _rev(k2) + k3, _rev(k3) + k2 + _rev(k1), 48
