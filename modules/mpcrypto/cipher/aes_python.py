"""AES engine in portable Python (no viper): the fallback for bytecode-only ports.

FIPS 197 cipher (§5.1) and equivalent inverse cipher (§5.3.5), byte oriented: the state is
16 small ints (column-major, s[4c + r]), SubBytes is an S-box lookup, MixColumns uses an
``xtime`` table, so every value stays below 256 and nothing is ever built above 2**30 on a
32-bit port. Rounds are unrolled per column for speed.

Not constant time: S-box and xtime lookups are indexed by secret bytes (cache timing), like
any table AES. Allocation: each call slices its buffers (memoryview objects) and the block
function returns nothing but writes a scratch buffer, so a call allocates a few small
objects, never per byte.

Engine surface (identical in every AES backend; the caller validated everything):
``new(key)`` -> ctx with ``ecb_encrypt(src, dst, n)``, ``ecb_decrypt(src, dst, n)``,
``cbc_encrypt(src, dst, n, iv)``, ``cbc_decrypt(src, dst, n, iv)`` (``iv`` bytearray(16),
updated to the next chaining value) and ``ctr_xor(src, dst, n, ctr, width)`` (``ctr``
bytearray(16), incremented per block over its low ``width`` bytes, 16 or 4, big-endian).
``src`` and ``dst`` may be the same buffer.
"""

from mpcrypto.cipher.aes_tables import SBOX, INV_SBOX, expand_key, xtime

# xtime ({02}·b) and {04}·b tables (FIPS 197 §4.2.1), built once at import.
_X2 = bytes(xtime(i) for i in range(256))
_X4 = bytes(xtime(xtime(i)) for i in range(256))


def _inv_mix(b, o):
    # InvMixColumns (§5.3.3) of the column at b[o..o+3], in place, via the identity
    # InvMixColumns = MixColumns o (a0^=u, a1^=v, a2^=u, a3^=v), u = {04}(a0^a2), v = {04}(a1^a3).
    a0 = b[o]
    a1 = b[o + 1]
    a2 = b[o + 2]
    a3 = b[o + 3]
    u = _X4[a0 ^ a2]
    v = _X4[a1 ^ a3]
    a0 ^= u
    a1 ^= v
    a2 ^= u
    a3 ^= v
    t = a0 ^ a1 ^ a2 ^ a3
    x2 = _X2
    b[o] = a0 ^ t ^ x2[a0 ^ a1]
    b[o + 1] = a1 ^ t ^ x2[a1 ^ a2]
    b[o + 2] = a2 ^ t ^ x2[a2 ^ a3]
    b[o + 3] = a3 ^ t ^ x2[a3 ^ a0]


def _encrypt(rk, nr, b):
    # FIPS 197 §5.1 Cipher on the 16-byte bytearray b, in place. rk: expanded key bytes.
    sb = SBOX
    x2 = _X2
    s0 = b[0] ^ rk[0]
    s1 = b[1] ^ rk[1]
    s2 = b[2] ^ rk[2]
    s3 = b[3] ^ rk[3]
    s4 = b[4] ^ rk[4]
    s5 = b[5] ^ rk[5]
    s6 = b[6] ^ rk[6]
    s7 = b[7] ^ rk[7]
    s8 = b[8] ^ rk[8]
    s9 = b[9] ^ rk[9]
    s10 = b[10] ^ rk[10]
    s11 = b[11] ^ rk[11]
    s12 = b[12] ^ rk[12]
    s13 = b[13] ^ rk[13]
    s14 = b[14] ^ rk[14]
    s15 = b[15] ^ rk[15]
    k = 16
    for _ in range(nr - 1):
        # SubBytes + ShiftRows (row r of column c comes from column c+r), then MixColumns
        # (b0 = a0 ^ t ^ {02}(a0^a1), t = a0^a1^a2^a3), then AddRoundKey.
        a0 = sb[s0]
        a1 = sb[s5]
        a2 = sb[s10]
        a3 = sb[s15]
        t = a0 ^ a1 ^ a2 ^ a3
        n0 = a0 ^ t ^ x2[a0 ^ a1] ^ rk[k]
        n1 = a1 ^ t ^ x2[a1 ^ a2] ^ rk[k + 1]
        n2 = a2 ^ t ^ x2[a2 ^ a3] ^ rk[k + 2]
        n3 = a3 ^ t ^ x2[a3 ^ a0] ^ rk[k + 3]
        a0 = sb[s4]
        a1 = sb[s9]
        a2 = sb[s14]
        a3 = sb[s3]
        t = a0 ^ a1 ^ a2 ^ a3
        n4 = a0 ^ t ^ x2[a0 ^ a1] ^ rk[k + 4]
        n5 = a1 ^ t ^ x2[a1 ^ a2] ^ rk[k + 5]
        n6 = a2 ^ t ^ x2[a2 ^ a3] ^ rk[k + 6]
        n7 = a3 ^ t ^ x2[a3 ^ a0] ^ rk[k + 7]
        a0 = sb[s8]
        a1 = sb[s13]
        a2 = sb[s2]
        a3 = sb[s7]
        t = a0 ^ a1 ^ a2 ^ a3
        n8 = a0 ^ t ^ x2[a0 ^ a1] ^ rk[k + 8]
        n9 = a1 ^ t ^ x2[a1 ^ a2] ^ rk[k + 9]
        n10 = a2 ^ t ^ x2[a2 ^ a3] ^ rk[k + 10]
        n11 = a3 ^ t ^ x2[a3 ^ a0] ^ rk[k + 11]
        a0 = sb[s12]
        a1 = sb[s1]
        a2 = sb[s6]
        a3 = sb[s11]
        t = a0 ^ a1 ^ a2 ^ a3
        n12 = a0 ^ t ^ x2[a0 ^ a1] ^ rk[k + 12]
        n13 = a1 ^ t ^ x2[a1 ^ a2] ^ rk[k + 13]
        n14 = a2 ^ t ^ x2[a2 ^ a3] ^ rk[k + 14]
        n15 = a3 ^ t ^ x2[a3 ^ a0] ^ rk[k + 15]
        s0 = n0
        s1 = n1
        s2 = n2
        s3 = n3
        s4 = n4
        s5 = n5
        s6 = n6
        s7 = n7
        s8 = n8
        s9 = n9
        s10 = n10
        s11 = n11
        s12 = n12
        s13 = n13
        s14 = n14
        s15 = n15
        k += 16
    # Final round: SubBytes, ShiftRows, AddRoundKey (no MixColumns).
    b[0] = sb[s0] ^ rk[k]
    b[1] = sb[s5] ^ rk[k + 1]
    b[2] = sb[s10] ^ rk[k + 2]
    b[3] = sb[s15] ^ rk[k + 3]
    b[4] = sb[s4] ^ rk[k + 4]
    b[5] = sb[s9] ^ rk[k + 5]
    b[6] = sb[s14] ^ rk[k + 6]
    b[7] = sb[s3] ^ rk[k + 7]
    b[8] = sb[s8] ^ rk[k + 8]
    b[9] = sb[s13] ^ rk[k + 9]
    b[10] = sb[s2] ^ rk[k + 10]
    b[11] = sb[s7] ^ rk[k + 11]
    b[12] = sb[s12] ^ rk[k + 12]
    b[13] = sb[s1] ^ rk[k + 13]
    b[14] = sb[s6] ^ rk[k + 14]
    b[15] = sb[s11] ^ rk[k + 15]


def _decrypt(dk, nr, b):
    # FIPS 197 §5.3.5 equivalent inverse cipher on b in place: InvSubBytes + InvShiftRows
    # (row r of column c comes from column c-r), InvMixColumns, AddRoundKey with dk, whose
    # middle round keys already went through InvMixColumns. dk is in decryption order.
    sb = INV_SBOX
    x2 = _X2
    x4 = _X4
    s0 = b[0] ^ dk[0]
    s1 = b[1] ^ dk[1]
    s2 = b[2] ^ dk[2]
    s3 = b[3] ^ dk[3]
    s4 = b[4] ^ dk[4]
    s5 = b[5] ^ dk[5]
    s6 = b[6] ^ dk[6]
    s7 = b[7] ^ dk[7]
    s8 = b[8] ^ dk[8]
    s9 = b[9] ^ dk[9]
    s10 = b[10] ^ dk[10]
    s11 = b[11] ^ dk[11]
    s12 = b[12] ^ dk[12]
    s13 = b[13] ^ dk[13]
    s14 = b[14] ^ dk[14]
    s15 = b[15] ^ dk[15]
    k = 16
    for _ in range(nr - 1):
        # Per column: a = InvSubBytes(InvShiftRows), u/v pre-step, MixColumns, AddRoundKey.
        a0 = sb[s0]
        a1 = sb[s13]
        a2 = sb[s10]
        a3 = sb[s7]
        u = x4[a0 ^ a2]
        v = x4[a1 ^ a3]
        a0 ^= u
        a1 ^= v
        a2 ^= u
        a3 ^= v
        t = a0 ^ a1 ^ a2 ^ a3
        n0 = a0 ^ t ^ x2[a0 ^ a1] ^ dk[k]
        n1 = a1 ^ t ^ x2[a1 ^ a2] ^ dk[k + 1]
        n2 = a2 ^ t ^ x2[a2 ^ a3] ^ dk[k + 2]
        n3 = a3 ^ t ^ x2[a3 ^ a0] ^ dk[k + 3]
        a0 = sb[s4]
        a1 = sb[s1]
        a2 = sb[s14]
        a3 = sb[s11]
        u = x4[a0 ^ a2]
        v = x4[a1 ^ a3]
        a0 ^= u
        a1 ^= v
        a2 ^= u
        a3 ^= v
        t = a0 ^ a1 ^ a2 ^ a3
        n4 = a0 ^ t ^ x2[a0 ^ a1] ^ dk[k + 4]
        n5 = a1 ^ t ^ x2[a1 ^ a2] ^ dk[k + 5]
        n6 = a2 ^ t ^ x2[a2 ^ a3] ^ dk[k + 6]
        n7 = a3 ^ t ^ x2[a3 ^ a0] ^ dk[k + 7]
        a0 = sb[s8]
        a1 = sb[s5]
        a2 = sb[s2]
        a3 = sb[s15]
        u = x4[a0 ^ a2]
        v = x4[a1 ^ a3]
        a0 ^= u
        a1 ^= v
        a2 ^= u
        a3 ^= v
        t = a0 ^ a1 ^ a2 ^ a3
        n8 = a0 ^ t ^ x2[a0 ^ a1] ^ dk[k + 8]
        n9 = a1 ^ t ^ x2[a1 ^ a2] ^ dk[k + 9]
        n10 = a2 ^ t ^ x2[a2 ^ a3] ^ dk[k + 10]
        n11 = a3 ^ t ^ x2[a3 ^ a0] ^ dk[k + 11]
        a0 = sb[s12]
        a1 = sb[s9]
        a2 = sb[s6]
        a3 = sb[s3]
        u = x4[a0 ^ a2]
        v = x4[a1 ^ a3]
        a0 ^= u
        a1 ^= v
        a2 ^= u
        a3 ^= v
        t = a0 ^ a1 ^ a2 ^ a3
        n12 = a0 ^ t ^ x2[a0 ^ a1] ^ dk[k + 12]
        n13 = a1 ^ t ^ x2[a1 ^ a2] ^ dk[k + 13]
        n14 = a2 ^ t ^ x2[a2 ^ a3] ^ dk[k + 14]
        n15 = a3 ^ t ^ x2[a3 ^ a0] ^ dk[k + 15]
        s0 = n0
        s1 = n1
        s2 = n2
        s3 = n3
        s4 = n4
        s5 = n5
        s6 = n6
        s7 = n7
        s8 = n8
        s9 = n9
        s10 = n10
        s11 = n11
        s12 = n12
        s13 = n13
        s14 = n14
        s15 = n15
        k += 16
    b[0] = sb[s0] ^ dk[k]
    b[1] = sb[s13] ^ dk[k + 1]
    b[2] = sb[s10] ^ dk[k + 2]
    b[3] = sb[s7] ^ dk[k + 3]
    b[4] = sb[s4] ^ dk[k + 4]
    b[5] = sb[s1] ^ dk[k + 5]
    b[6] = sb[s14] ^ dk[k + 6]
    b[7] = sb[s11] ^ dk[k + 7]
    b[8] = sb[s8] ^ dk[k + 8]
    b[9] = sb[s5] ^ dk[k + 9]
    b[10] = sb[s2] ^ dk[k + 10]
    b[11] = sb[s15] ^ dk[k + 11]
    b[12] = sb[s12] ^ dk[k + 12]
    b[13] = sb[s9] ^ dk[k + 13]
    b[14] = sb[s6] ^ dk[k + 14]
    b[15] = sb[s3] ^ dk[k + 15]


class _Ctx:
    def __init__(self, key):
        rk = expand_key(key)
        nr = len(rk) // 16 - 1
        # Decryption keys (§5.3.5): round keys in reverse order, InvMixColumns on rounds 1..Nr-1.
        dk = bytearray(len(rk))
        for r in range(nr + 1):
            dk[16 * r : 16 * r + 16] = rk[16 * (nr - r) : 16 * (nr - r) + 16]
        for o in range(16, 16 * nr, 4):
            _inv_mix(dk, o)
        self._rk = rk
        self._dk = dk
        self._nr = nr
        self._b = bytearray(16)  # the block being processed
        self._c = bytearray(16)  # CBC decrypt: the ciphertext block, kept for in-place use

    def ecb_encrypt(self, src, dst, n):
        b, rk, nr = self._b, self._rk, self._nr
        src = memoryview(src)
        dst = memoryview(dst)
        for o in range(0, 16 * n, 16):
            b[:] = src[o : o + 16]
            _encrypt(rk, nr, b)
            dst[o : o + 16] = b

    def ecb_decrypt(self, src, dst, n):
        b, dk, nr = self._b, self._dk, self._nr
        src = memoryview(src)
        dst = memoryview(dst)
        for o in range(0, 16 * n, 16):
            b[:] = src[o : o + 16]
            _decrypt(dk, nr, b)
            dst[o : o + 16] = b

    def cbc_encrypt(self, src, dst, n, iv):
        # SP 800-38A §6.2: C_i = E(P_i ^ C_{i-1}); iv holds C_{i-1} and ends as C_n.
        rk, nr = self._rk, self._nr
        src = memoryview(src)
        dst = memoryview(dst)
        for o in range(0, 16 * n, 16):
            for i in range(16):
                iv[i] ^= src[o + i]
            _encrypt(rk, nr, iv)
            dst[o : o + 16] = iv

    def cbc_decrypt(self, src, dst, n, iv):
        # SP 800-38A §6.2: P_i = D(C_i) ^ C_{i-1}. C_i is copied first so src may be dst.
        b = self._b
        c = self._c
        dk = self._dk
        nr = self._nr
        src = memoryview(src)
        dst = memoryview(dst)
        for o in range(0, 16 * n, 16):
            c[:] = src[o : o + 16]
            b[:] = c
            _decrypt(dk, nr, b)
            for i in range(16):
                dst[o + i] = b[i] ^ iv[i]
            iv[:] = c

    def ctr_xor(self, src, dst, n, ctr, width):
        # SP 800-38A §6.5 CTR (width 16) / SP 800-38D §6.5 GCTR with inc32 (width 4).
        b, rk, nr = self._b, self._rk, self._nr
        stop = 16 - width
        for o in range(0, 16 * n, 16):
            b[:] = ctr
            _encrypt(rk, nr, b)
            for i in range(16):
                dst[o + i] = src[o + i] ^ b[i]
            # Big-endian increment of ctr[stop:16], carry stops at byte ``stop``.
            i = 15
            while i >= stop:
                v = (ctr[i] + 1) & 0xFF
                ctr[i] = v
                if v:
                    break
                i -= 1


def new(key):
    """An AES context for a 16/24/32-byte key (validated by the caller)."""
    return _Ctx(key)
