"""Writes ``modules/mpcrypto/cipher/aes_python.py``: AES (FIPS 197) in portable Python, written
for a 32-bit bytecode interpreter.

    python -m tools.python.gen_aes          # rewrite the module
    python -m tools.python.gen_aes --check  # exit 1 if the module is not what this writes

The state is eight 16-bit halves, two per column (rows 0-1 and rows 2-3), and a middle round
is table AES on halves: per column, four bytes picked by (Inv)ShiftRows, eight lookups in
four tables of 16-bit entries, the round key's two halves. MixColumns' matrix is circulant,
so the low half's contributions are the high half's tables in another order (``column``);
the tables (``tables``) are data in the module, built here from the S-boxes and FIPS 197's
GF(2^8) product, and checked against the byte-oriented definition before they are written
(``_check``). The module's docstring, key set-up and mode loops are ``TEMPLATE``, where a
line ``@@name@@`` stands for the piece ``name``, indented as the line is.
"""

import sys

from tools import ROOT
from tools.gen import expand, generated_line, write_or_check

OUT = ROOT / "modules" / "mpcrypto" / "cipher" / "aes_python.py"
TOOL = "tools.python.gen_aes"
sys.path.insert(0, str(ROOT / "modules"))
from mpcrypto.cipher.aes_tables import INV_SBOX, SBOX, gmul  # noqa: E402

# A middle round's output column (b0, b1, b2, b3) = M (a0, a1, a2, a3), a_r = S(byte of row
# r, from column c + r, or c - r for the inverse). The high half b0 b1 takes from a_r the
# pair (M[0][r], M[1][r]), the low half b2 b3 the pair (M[2][r], M[3][r]). As M is circulant,
# the low half's pair for a_r is the high half's pair for a_(r + 2): four tables serve both.
MIX = ((2, 3, 1, 1), (1, 2, 3, 1), (1, 1, 2, 3), (3, 1, 1, 2))          # FIPS 197 §5.1.3
INV_MIX = ((14, 11, 13, 9), (9, 14, 11, 13), (13, 9, 14, 11), (11, 13, 9, 14))  # §5.3.3


def tables(sbox, m):
    """T_r[x] = (m[0][r] S(x)) << 8 | m[1][r] S(x), r = 0..3."""
    return [tuple(gmul(sbox[x], m[0][r]) << 8 | gmul(sbox[x], m[1][r]) for x in range(256)) for r in range(4)]


def _check(sbox, m, T):
    # Every table entry and the low half's reuse against the byte-wise definition.
    for x in range(256):
        for r in range(4):
            s = sbox[x]
            assert T[r][x] == gmul(s, m[0][r]) << 8 | gmul(s, m[1][r])
            assert T[(r + 2) % 4][x] == gmul(s, m[2][r]) << 8 | gmul(s, m[3][r])


def column(c, inv, tab):
    """Column c of a middle round into n_c (rows 0-1) and m_c (rows 2-3), round key halves
    k(2c), k(2c+1); the state is h0..h3 (rows 0-1) and l0..l3 (rows 2-3)."""
    sgn = -1 if inv else 1
    src = [(c + sgn * r) % 4 for r in range(4)]
    t = [tab + str(r) for r in range(4)]
    return ["a0 = h%d >> 8" % src[0], "a1 = h%d & 255" % src[1], "a2 = l%d >> 8" % src[2], "a3 = l%d & 255" % src[3],
            "n%d = %s[a0] ^ %s[a1] ^ %s[a2] ^ %s[a3] ^ k%d" % (c, t[0], t[1], t[2], t[3], 2 * c),
            "m%d = %s[a0] ^ %s[a1] ^ %s[a2] ^ %s[a3] ^ k%d" % (c, t[2], t[3], t[0], t[1], 2 * c + 1)]


def final(inv):
    """The last round (no MixColumns) from h/l into w, with the last round key's halves."""
    sgn = -1 if inv else 1
    out = []
    for c in range(4):
        s = [(c + sgn * r) % 4 for r in range(4)]
        out.append("w[%d] = (sb[h%d >> 8] << 8 | sb[h%d & 255]) ^ k%d" % (2 * c, s[0], s[1], 2 * c))
        out.append("w[%d] = (sb[l%d >> 8] << 8 | sb[l%d & 255]) ^ k%d" % (2 * c + 1, s[2], s[3], 2 * c + 1))
    return out


def table_text(name, t):
    b = b"".join(v.to_bytes(2, "big") for v in t)
    rows = ["    b\"%s\"" % "".join("\\x%02x" % c for c in b[i:i + 32]) for i in range(0, len(b), 32)]
    return "\n".join(["%s = _tuple(" % name] + rows + [")"])


def pieces():
    T = tables(SBOX, MIX)
    D = tables(INV_SBOX, INV_MIX)
    _check(SBOX, MIX, T)
    _check(INV_SBOX, INV_MIX, D)
    ks = ", ".join("k%d" % i for i in range(8))
    return {
        "tables": "\n".join(table_text("_T%d" % r, T[r]) for r in range(4)).split("\n")
        + "\n".join(table_text("_D%d" % r, D[r]) for r in range(4)).split("\n"),
        "load": ["h%d = w[%d] ^ k%d" % (c, 2 * c, 2 * c) for c in range(4)]
        + ["l%d = w[%d] ^ k%d" % (c, 2 * c + 1, 2 * c + 1) for c in range(4)],
        "keys": ["%s = first" % ks], "mid_keys": ["for %s in mid:" % ks], "last_keys": ["%s = last" % ks],
        "enc_round": [line for c in range(4) for line in column(c, False, "T")],
        "dec_round": [line for c in range(4) for line in column(c, True, "D")],
        "shift": ["h%d = n%d" % (c, c) for c in range(4)] + ["l%d = m%d" % (c, c) for c in range(4)],
        "enc_final": final(False), "dec_final": final(True),
        "enc_tabs": ["T%d = _T%d" % (r, r) for r in range(4)],
        "dec_tabs": ["D%d = _D%d" % (r, r) for r in range(4)],
        "read": ["w[%d] = src[o + %d] << 8 | src[o + %d]" % (i, 2 * i, 2 * i + 1) if i else "w[0] = src[o] << 8 | src[o + 1]"
                 for i in range(8)],
        "read_ctr": ["w[%d] = ctr[%d] << 8 | ctr[%d]" % (i, 2 * i, 2 * i + 1) for i in range(8)],
        "read_iv": ["w[%d] = iv[%d] << 8 | iv[%d]" % (i, 2 * i, 2 * i + 1) for i in range(8)],
        "write": ["pack_into(\">8H\", dst, o, w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7])"],
        "count": ["i = 15", "while i >= stop:", "    v = (ctr[i] + 1) & 0xFF", "    ctr[i] = v", "    if v:",
                  "        break", "    i -= 1"],
    }


def generate():
    return generated_line(TOOL) + expand(TEMPLATE, pieces())


def main(argv=None):
    return write_or_check(OUT, generate, TOOL, argv)


TEMPLATE = '''"""AES engine in portable Python (no viper): the fallback for bytecode-only ports.

FIPS 197 cipher (§5.1) and equivalent inverse cipher (§5.3.5), written for a 32-bit bytecode
interpreter, where a Python int of 2**30 or more is a heap object: the state is eight 16-bit
halves (column c's rows 0-1 in ``h<c>``, rows 2-3 in ``l<c>``), and a middle round is, per
column, four bytes picked by (Inv)ShiftRows, eight lookups in four tables whose entries are
two bytes of (Inv)MixColumns applied to (Inv)SubBytes, and the round key's two halves. Every
value stays below 2**16, so nothing is allocated per block. The eight tables are bytes (in
flash when the module is frozen), made tuples of small ints at import: 8 KB of heap.

Not constant time: the table lookups are indexed by secret bytes (cache timing), like any
table AES. Allocation: each call makes a few small objects (memoryviews, the round-key
tuples' iterator lives on the stack), never per block.

Engine surface (identical in every AES backend; the caller validated everything):
``new(key)`` -> ctx with ``ecb_encrypt(src, dst, n)``, ``ecb_decrypt(src, dst, n)``,
``cbc_encrypt(src, dst, n, iv)``, ``cbc_decrypt(src, dst, n, iv)`` (``iv`` bytearray(16),
updated to the next chaining value) and ``ctr_xor(src, dst, n, ctr, width)`` (``ctr``
bytearray(16), incremented per block over its low ``width`` bytes, 16 or 4, big-endian).
``src`` and ``dst`` may be the same buffer.
"""

from struct import pack_into

from mpcrypto.cipher.aes_tables import SBOX, INV_SBOX, expand_key, xtime


def _tuple(b):
    # The big-endian 16-bit entries of b as a tuple of small ints, built at import: a frozen
    # module would keep an int constant above 0x1FFF as a big-int object (tools/mpy-tool.py),
    # and every XOR with one would allocate.
    return tuple(b[i] << 8 | b[i + 1] for i in range(0, len(b), 2))


# T_r[x]: the bytes (b0, b1) a middle round's column takes from S(x) in row r (FIPS 197
# §5.1.3, MixColumns' columns: 02 03 01 01 / 01 02 03 01 / ...); rows 2-3 use T_(r+2).
# D_r: the same for InvMixColumns (§5.3.3) over the inverse S-box.
@@tables@@


def _encrypt(w, first, mid, last):
    # FIPS 197 §5.1 Cipher on the eight halves in list w, in place. first, last: the first
    # and last round keys as 8-tuples of halves; mid: the middle rounds' keys.
    @@enc_tabs@@
    sb = SBOX
    @@keys@@
    @@load@@
    @@mid_keys@@
        @@enc_round@@
        @@shift@@
    @@last_keys@@
    @@enc_final@@


def _decrypt(w, first, mid, last):
    # FIPS 197 §5.3.5 equivalent inverse cipher on w in place: InvSubBytes + InvShiftRows
    # (row r of column c comes from column c-r), InvMixColumns, AddRoundKey with keys whose
    # middle rounds already went through InvMixColumns, in decryption order.
    @@dec_tabs@@
    sb = INV_SBOX
    @@keys@@
    @@load@@
    @@mid_keys@@
        @@dec_round@@
        @@shift@@
    @@last_keys@@
    @@dec_final@@


def _inv_mix(b, o):
    # InvMixColumns (§5.3.3) of the column at b[o..o+3], in place (key set-up only), via
    # InvMixColumns = MixColumns o (a0^=u, a1^=v, a2^=u, a3^=v), u = {04}(a0^a2), v = {04}(a1^a3).
    a0 = b[o]
    a1 = b[o + 1]
    a2 = b[o + 2]
    a3 = b[o + 3]
    u = xtime(xtime(a0 ^ a2))
    v = xtime(xtime(a1 ^ a3))
    a0 ^= u
    a1 ^= v
    a2 ^= u
    a3 ^= v
    t = a0 ^ a1 ^ a2 ^ a3
    b[o] = a0 ^ t ^ xtime(a0 ^ a1)
    b[o + 1] = a1 ^ t ^ xtime(a1 ^ a2)
    b[o + 2] = a2 ^ t ^ xtime(a2 ^ a3)
    b[o + 3] = a3 ^ t ^ xtime(a3 ^ a0)


def _halves(rk):
    # Round keys (16 bytes each) as 8-tuples of big-endian 16-bit halves.
    return tuple(tuple(rk[i] << 8 | rk[i + 1] for i in range(o, o + 16, 2)) for o in range(0, len(rk), 16))


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
        e = _halves(rk)
        d = _halves(dk)
        self._e = (e[0], e[1:nr], e[nr])
        self._d = (d[0], d[1:nr], d[nr])
        self._w = [0] * 8  # the block being processed, as halves

    def ecb_encrypt(self, src, dst, n):
        w = self._w
        first, mid, last = self._e
        for o in range(0, 16 * n, 16):
            @@read@@
            _encrypt(w, first, mid, last)
            @@write@@

    def ecb_decrypt(self, src, dst, n):
        w = self._w
        first, mid, last = self._d
        for o in range(0, 16 * n, 16):
            @@read@@
            _decrypt(w, first, mid, last)
            @@write@@

    def cbc_encrypt(self, src, dst, n, iv):
        # SP 800-38A §6.2: C_i = E(P_i ^ C_{i-1}); w holds C_{i-1} between blocks, iv ends as C_n.
        w = self._w
        first, mid, last = self._e
        @@read_iv@@
        for o in range(0, 16 * n, 16):
            for i in range(8):
                w[i] ^= src[o] << 8 | src[o + 1]
                o += 2
            o -= 16
            _encrypt(w, first, mid, last)
            @@write@@
        pack_into(">8H", iv, 0, w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7])

    def cbc_decrypt(self, src, dst, n, iv):
        # SP 800-38A §6.2: P_i = D(C_i) ^ C_{i-1}. C_i is read into c first so src may be dst.
        w = self._w
        c = [0] * 8
        first, mid, last = self._d
        @@read_iv@@
        p = w[:]  # C_{i-1}
        for o in range(0, 16 * n, 16):
            @@read@@
            for i in range(8):
                c[i] = w[i]
            _decrypt(w, first, mid, last)
            for i in range(8):
                w[i] ^= p[i]
                p[i] = c[i]
            @@write@@
        pack_into(">8H", iv, 0, p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7])

    def ctr_xor(self, src, dst, n, ctr, width):
        # SP 800-38A §6.5 CTR (width 16) / SP 800-38D §6.5 GCTR with inc32 (width 4).
        w = self._w
        first, mid, last = self._e
        stop = 16 - width
        for o in range(0, 16 * n, 16):
            @@read_ctr@@
            _encrypt(w, first, mid, last)
            for i in range(8):
                w[i] ^= src[o] << 8 | src[o + 1]
                o += 2
            o -= 16
            @@write@@
            # Big-endian increment of ctr[stop:16], carry stops at byte ``stop``.
            @@count@@


def new(key):
    """An AES context for a 16/24/32-byte key (validated by the caller)."""
    return _Ctx(key)
'''


if __name__ == "__main__":
    sys.exit(main())
