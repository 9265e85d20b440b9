"""SM4's S-box and key schedule (GB/T 32907-2016), shared by ``sm4_python`` and
``sm4_viper``: not a backend (no ``_CHAIN`` entry).

``SBOX`` (§6.2.1): tau, the byte-wise S-box of the round function T and of the key
schedule's T'; each backend builds its T-tables from it (see ``sm4_python``).

``expand_key(key)``, §7.3: K_i = MK_i ^ FK_i, rk_i = K_{i+4} = K_i ^ T'(K_{i+1} ^ K_{i+2} ^
K_{i+3} ^ CK_i), T' = L' o tau with L'(B) = B ^ (B <<< 13) ^ (B <<< 23); CK_i's bytes are
ck_{i,j} = (4i + j) * 7 mod 256. The 32 round keys are returned in encryption order;
decryption uses them reversed (§6.3). Not constant time (S-box lookups indexed by key bytes).
"""

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
    # x <<< r on a 32-bit word (sm4_python's T-tables use it too)
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
