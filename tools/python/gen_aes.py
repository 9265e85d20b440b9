"""Writes ``modules/mpcrypto/cipher/aes_python.py``: AES (FIPS 197) in portable Python, its
rounds unrolled per column.

    python -m tools.python.gen_aes          # rewrite the module
    python -m tools.python.gen_aes --check  # exit 1 if the module is not what this writes

The round of the cipher (§5.1) and of the equivalent inverse cipher (§5.3.5) is four columns
of the same shape (``column``): SubBytes and ShiftRows as four S-box lookups (row r of column
c from column c + r, c - r for the inverse), for the inverse the InvMixColumns pre-step
(``pre``: a0 ^= u, a1 ^= v, a2 ^= u, a3 ^= v), MixColumns through the xtime table, the
round key. ``addkey`` (the first AddRoundKey), ``shift`` (the new state into s0..s15),
``final`` (the last round, without MixColumns) and the counter increment (``count``) are the
rest of what repeats. The module's docstring, tables, key set-up and mode loops are its text
in ``TEMPLATE``, where a line ``@@name@@`` stands for the piece ``name``, indented as the
line is.
"""

import sys

from tools import ROOT
from tools.gen import generated_line, write_or_check

OUT = ROOT / "modules" / "mpcrypto" / "cipher" / "aes_python.py"
TOOL = "tools.python.gen_aes"


def _k(i):
    return "k" if i == 0 else "k + %d" % i


def _src(c, r, inv):
    # The state byte that row r of column c takes in (Inv)ShiftRows.
    return 4 * ((c - r if inv else c + r) % 4) + r


def pre(x4):
    """InvMixColumns = MixColumns o this, on a0..a3 (u = {04}(a0^a2), v = {04}(a1^a3))."""
    return ["u = %s[a0 ^ a2]" % x4, "v = %s[a1 ^ a3]" % x4, "a0 ^= u", "a1 ^= v", "a2 ^= u", "a3 ^= v"]


def column(c, inv, rk):
    """Column c of a middle round into n4c..n4c+3, round key bytes rk[k + 4c ..]."""
    out = ["a%d = sb[s%d]" % (r, _src(c, r, inv)) for r in range(4)]
    if inv:
        out += pre("x4")
    out.append("t = a0 ^ a1 ^ a2 ^ a3")
    out += ["n%d = a%d ^ t ^ x2[a%d ^ a%d] ^ %s[%s]" % (4 * c + r, r, r, (r + 1) % 4, rk, _k(4 * c + r)) for r in range(4)]
    return out


def pieces():
    return {
        "enc_key": ["s%d = b[%d] ^ rk[%d]" % (i, i, i) for i in range(16)],
        "dec_key": ["s%d = b[%d] ^ dk[%d]" % (i, i, i) for i in range(16)],
        "enc_round": [line for c in range(4) for line in column(c, False, "rk")],
        "dec_round": [line for c in range(4) for line in column(c, True, "dk")],
        "shift": ["s%d = n%d" % (i, i) for i in range(16)],
        "enc_final": ["b[%d] = sb[s%d] ^ rk[%s]" % (i, _src(i >> 2, i & 3, False), _k(i)) for i in range(16)],
        "dec_final": ["b[%d] = sb[s%d] ^ dk[%s]" % (i, _src(i >> 2, i & 3, True), _k(i)) for i in range(16)],
        "mix_pre": pre("_X4"),
        "count": ["i = 15", "while i >= stop:", "    v = (ctr[i] + 1) & 0xFF", "    ctr[i] = v", "    if v:",
                  "        break", "    i -= 1"],
    }


def generate():
    ps = pieces()
    out = []
    for line in TEMPLATE.split("\n"):
        key = line.strip()
        if key.startswith("@@") and key.endswith("@@"):
            pad = line[: len(line) - len(line.lstrip())]
            out.extend(pad + p for p in ps[key[2:-2]])
        else:
            out.append(line)
    return generated_line(TOOL) + "\n".join(out)


def main(argv=None):
    return write_or_check(OUT, generate, TOOL, argv)


TEMPLATE = '''"""AES engine in portable Python (no viper): the fallback for bytecode-only ports.

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
    @@mix_pre@@
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
    @@enc_key@@
    k = 16
    for _ in range(nr - 1):
        # SubBytes + ShiftRows (row r of column c comes from column c+r), then MixColumns
        # (b0 = a0 ^ t ^ {02}(a0^a1), t = a0^a1^a2^a3), then AddRoundKey.
        @@enc_round@@
        @@shift@@
        k += 16
    # Final round: SubBytes, ShiftRows, AddRoundKey (no MixColumns).
    @@enc_final@@


def _decrypt(dk, nr, b):
    # FIPS 197 §5.3.5 equivalent inverse cipher on b in place: InvSubBytes + InvShiftRows
    # (row r of column c comes from column c-r), InvMixColumns, AddRoundKey with dk, whose
    # middle round keys already went through InvMixColumns. dk is in decryption order.
    sb = INV_SBOX
    x2 = _X2
    x4 = _X4
    @@dec_key@@
    k = 16
    for _ in range(nr - 1):
        # Per column: a = InvSubBytes(InvShiftRows), u/v pre-step, MixColumns, AddRoundKey.
        @@dec_round@@
        @@shift@@
        k += 16
    @@dec_final@@


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
            @@count@@


def new(key):
    """An AES context for a 16/24/32-byte key (validated by the caller)."""
    return _Ctx(key)
'''


if __name__ == "__main__":
    sys.exit(main())
