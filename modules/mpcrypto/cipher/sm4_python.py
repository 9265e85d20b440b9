"""SM4 engine in portable Python (no viper): the fallback for bytecode-only ports.

SM4 (GB/T 32907-2016; English text in draft-ribose-cfrg-sm4 and GM/T 0002-2012): a 128-bit
block as four big-endian 32-bit words, 32 rounds of X_{i+4} = X_i ^ T(X_{i+1} ^ X_{i+2} ^
X_{i+3} ^ rk_i) (§6.1), T = L o tau, tau the byte-wise S-box (§6.2.1) and
L(B) = B ^ (B <<< 2) ^ (B <<< 10) ^ (B <<< 18) ^ (B <<< 24) (§6.2.2); the output is the
reverse transform R(X_32..X_35) = (X_35, X_34, X_33, X_32) (§6.1). Decryption is the same
with the round keys in reverse order (§6.3). The S-box and the key schedule (§7.3,
``expand_key``) are in ``_sm4_sched``, which ``sm4_viper`` shares.

Since L is linear and commutes with byte rotations, T(x) is four lookups in tables
T_j[b] = L(S[b] << (24 - 8j)) XORed together (1 KiB of Python ints per table here).
Words are Python ints below 2**32: on a 32-bit port values of 2**30 and more are heap
objects, so this backend allocates per round there; it is the correctness reference and the
fallback, not the fast path. Not constant time (table lookups indexed by secret bytes).

Engine surface: see ``cipher/modes.py``.
"""

from mpcrypto.cipher._sm4_sched import SBOX, _rotl, expand_key
from mpcrypto.cipher._soft import SoftEngine


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


_T = []  # (T0, T1, T2, T3), made on first use by the rounds: the seam imports every usable
# backend when it lists them (``sm4.backends()``), at no table heap where another one runs


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
