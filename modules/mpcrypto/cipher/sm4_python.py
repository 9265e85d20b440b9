"""SM4 engine in portable Python (no viper): the fallback for bytecode-only ports.

SM4 (GB/T 32907-2016; English text in draft-ribose-cfrg-sm4 and GM/T 0002-2012): a 128-bit
block as four big-endian 32-bit words, 32 rounds of X_{i+4} = X_i ^ T(X_{i+1} ^ X_{i+2} ^
X_{i+3} ^ rk_i) (§6.1), T = L o tau, tau the byte-wise S-box (§6.2.1) and
L(B) = B ^ (B <<< 2) ^ (B <<< 10) ^ (B <<< 18) ^ (B <<< 24) (§6.2.2); the output is the
reverse transform R(X_32..X_35) = (X_35, X_34, X_33, X_32) (§6.1). Decryption is the same
with the round keys in reverse order (§6.3). Key schedule §7.3: K_i = MK_i ^ FK_i,
rk_i = K_{i+4} = K_i ^ T'(K_{i+1} ^ K_{i+2} ^ K_{i+3} ^ CK_i), T' using
L'(B) = B ^ (B <<< 13) ^ (B <<< 23); CK_i's bytes are ck_{i,j} = (4i + j) * 7 mod 256.

Since L is linear and commutes with byte rotations, T(x) is four lookups in tables
T_j[b] = L(S[b] << (24 - 8j)) XORed together (1 KiB of Python ints per table here).
Words are Python ints below 2**32: on a 32-bit port values of 2**30 and more are heap
objects, so this backend allocates per round there; it is the correctness reference and the
fallback, not the fast path. Not constant time (table lookups indexed by secret bytes).

Engine surface: see ``cipher/modes.py``.
"""

from mpcrypto.cipher._soft import SoftEngine

# GB/T 32907 §6.2.1, the S-box, row by row (16 entries per line).
SBOX = (
    b"\xd6\x90\xe9\xfe\xcc\xe1\x3d\xb7\x16\xb6\x14\xc2\x28\xfb\x2c\x05"
    b"\x2b\x67\x9a\x76\x2a\xbe\x04\xc3\xaa\x44\x13\x26\x49\x86\x06\x99"
    b"\x9c\x42\x50\xf4\x91\xef\x98\x7a\x33\x54\x0b\x43\xed\xcf\xac\x62"
    b"\xe4\xb3\x1c\xa9\xc9\x08\xe8\x95\x80\xdf\x94\xfa\x75\x8f\x3f\xa6"
    b"\x47\x07\xa7\xfc\xf3\x73\x17\xba\x83\x59\x3c\x19\xe6\x85\x4f\xa8"
    b"\x68\x6b\x81\xb2\x71\x64\xda\x8b\xf8\xeb\x0f\x4b\x70\x56\x9d\x35"
    b"\x1e\x24\x0e\x5e\x63\x58\xd1\xa2\x25\x22\x7c\x3b\x01\x21\x78\x87"
    b"\xd4\x00\x46\x57\x9f\xd3\x27\x52\x4c\x36\x02\xe7\xa0\xc4\xc8\x9e"
    b"\xea\xbf\x8a\xd2\x40\xc7\x38\xb5\xa3\xf7\xf2\xce\xf9\x61\x15\xa1"
    b"\xe0\xae\x5d\xa4\x9b\x34\x1a\x55\xad\x93\x32\x30\xf5\x8c\xb1\xe3"
    b"\x1d\xf6\xe2\x2e\x82\x66\xca\x60\xc0\x29\x23\xab\x0d\x53\x4e\x6f"
    b"\xd5\xdb\x37\x45\xde\xfd\x8e\x2f\x03\xff\x6a\x72\x6d\x6c\x5b\x51"
    b"\x8d\x1b\xaf\x92\xbb\xdd\xbc\x7f\x11\xd9\x5c\x41\x1f\x10\x5a\xd8"
    b"\x0a\xc1\x31\x88\xa5\xcd\x7b\xbd\x2d\x74\xd0\x12\xb8\xe5\xb4\xb0"
    b"\x89\x69\x97\x4a\x0c\x96\x77\x7e\x65\xb9\xf1\x09\xc5\x6e\xc6\x84"
    b"\x18\xf0\x7d\xec\x3a\xdc\x4d\x20\x79\xee\x5f\x3e\xd7\xcb\x39\x48"
)

FK = (0xA3B1BAC6, 0x56AA3350, 0x677D9197, 0xB27022DC)  # §7.3 system parameter
_M = 0xFFFFFFFF


def _rotl(x, r):
    return ((x << r) & _M) | (x >> (32 - r))


def _tau(x):
    s = SBOX
    return (s[x >> 24] << 24) | (s[(x >> 16) & 0xFF] << 16) | (s[(x >> 8) & 0xFF] << 8) | s[x & 0xFF]


def _ck(i):
    # §7.3: ck_{i,j} = (4i + j) * 7 mod 256, big-endian word.
    j = 4 * i
    return (((j * 7) & 0xFF) << 24) | ((((j + 1) * 7) & 0xFF) << 16) | ((((j + 2) * 7) & 0xFF) << 8) | (((j + 3) * 7) & 0xFF)


def expand_key(key):
    """The 32 round keys rk_0..rk_31 (§7.3) of a 16-byte key, as ints."""
    k0 = int.from_bytes(key[0:4], "big") ^ FK[0]
    k1 = int.from_bytes(key[4:8], "big") ^ FK[1]
    k2 = int.from_bytes(key[8:12], "big") ^ FK[2]
    k3 = int.from_bytes(key[12:16], "big") ^ FK[3]
    rk = []
    for i in range(32):
        b = _tau(k1 ^ k2 ^ k3 ^ _ck(i))
        k4 = k0 ^ b ^ _rotl(b, 13) ^ _rotl(b, 23)
        rk.append(k4)
        k0, k1, k2, k3 = k1, k2, k3, k4
    return rk


def _tables():
    # array("I"): 1 KiB a table, where a list would hold an object per entry of 2^30 or
    # more on a 32-bit port
    import array

    out = []
    for j in range(4):
        sh = 24 - 8 * j
        t = array.array("I", bytes(1024))
        for x in range(256):
            b = SBOX[x] << sh
            t[x] = b ^ _rotl(b, 2) ^ _rotl(b, 10) ^ _rotl(b, 18) ^ _rotl(b, 24)
        out.append(t)
    return out


_T = []  # (T0, T1, T2, T3), made on first use by the python backend's rounds (sm4_viper
# imports this module for SBOX and expand_key only)


def _crypt(rk, b):
    # §6.1 on the bytearray(16) b in place, round keys rk in the order given.
    if not _T:
        _T.extend(_tables())
    t0, t1, t2, t3 = _T
    x0 = (b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]
    x1 = (b[4] << 24) | (b[5] << 16) | (b[6] << 8) | b[7]
    x2 = (b[8] << 24) | (b[9] << 16) | (b[10] << 8) | b[11]
    x3 = (b[12] << 24) | (b[13] << 16) | (b[14] << 8) | b[15]
    for r in range(0, 32, 4):
        a = x1 ^ x2 ^ x3 ^ rk[r]
        x0 ^= t0[a >> 24] ^ t1[(a >> 16) & 0xFF] ^ t2[(a >> 8) & 0xFF] ^ t3[a & 0xFF]
        a = x2 ^ x3 ^ x0 ^ rk[r + 1]
        x1 ^= t0[a >> 24] ^ t1[(a >> 16) & 0xFF] ^ t2[(a >> 8) & 0xFF] ^ t3[a & 0xFF]
        a = x3 ^ x0 ^ x1 ^ rk[r + 2]
        x2 ^= t0[a >> 24] ^ t1[(a >> 16) & 0xFF] ^ t2[(a >> 8) & 0xFF] ^ t3[a & 0xFF]
        a = x0 ^ x1 ^ x2 ^ rk[r + 3]
        x3 ^= t0[a >> 24] ^ t1[(a >> 16) & 0xFF] ^ t2[(a >> 8) & 0xFF] ^ t3[a & 0xFF]
    # R: (X35, X34, X33, X32)
    o = 0
    for w in (x3, x2, x1, x0):
        b[o] = w >> 24
        b[o + 1] = (w >> 16) & 0xFF
        b[o + 2] = (w >> 8) & 0xFF
        b[o + 3] = w & 0xFF
        o += 4


def new(key):
    """An SM4 context for a 16-byte key (validated by the caller). Not constant time."""
    rk = expand_key(key)
    dk = rk[::-1]
    return SoftEngine(16, lambda b: _crypt(rk, b), lambda b: _crypt(dk, b))
