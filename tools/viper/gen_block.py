"""Writes the viper block ciphers of ``modules/mpcrypto/cipher/``: ``aes_viper.py``,
``camellia_viper.py``, ``sm4_viper.py`` and ``des_viper.py``.

    python -m tools.viper.gen_block          # rewrite the four modules
    python -m tools.viper.gen_block --check  # exit 1 if a module is not what this writes

Their kernels run SP 800-38A's ECB, CBC and CTR over many blocks per call with the block in
local words (VIPER.md rule 9), so each spells out the same per-block steps, inlined because
a call per block would cost more than the cipher: the block's words loaded from a ptr8
(``loads``, big-endian for Camellia, SM4 and DES, little-endian for AES's T-tables), stored
back byte by byte (``stores``), the counter block incremented big-endian (``count``), and for
Camellia and SM4 the whole skeleton of the block loop around the rounds (``block_head``,
``block_tail``). DES's sixteen rounds are one round written once (``des_round``). These are
written here once; the rest of each module (docstrings, tables, key schedules, the rounds of
AES, Camellia and SM4, the context classes) is its text in ``TEMPLATES``, where a line
``@@name@@`` stands for the piece ``name`` of that module, indented as the line is.
"""

import sys

from tools import ROOT
from tools.gen import expand, generated_line, write_or_check
from tools.viper import indent

DIR = ROOT / "modules" / "mpcrypto" / "cipher"
TOOL = "tools.viper.gen_block"

def _at(p, base, i):
    # p[base + i]: base "o" or "q" (a local offset) or "" (offset 0).
    if not base:
        return "%s[%d]" % (p, i)
    return "%s[%s]" % (p, base) if i == 0 else "%s[%s + %d]" % (p, base, i)


def word(p, base, j, be):
    """The 32-bit word j at byte offset base of the ptr8 p, big- or little-endian."""
    b = [_at(p, base, 4 * j + i) for i in range(4)]
    if be:
        return "(uint(%s) << 24) | (uint(%s) << 16) | (uint(%s) << 8) | uint(%s)" % tuple(b)
    return "uint(%s) | (uint(%s) << 8) | (uint(%s) << 16) | (uint(%s) << 24)" % tuple(b)


def loads(names, op, p, base, be):
    """``name op word`` for each of the words ``names`` in turn."""
    return ["%s %s %s" % (v, op, word(p, base, j, be)) for j, v in enumerate(names)]


def stores(p, base, names, be):
    """The words ``names`` stored byte by byte at p[base:] (ptr8 stores keep the low byte)."""
    out = []
    for j, v in enumerate(names):
        for i in range(4):
            s = 24 - 8 * i if be else 8 * i
            out.append("%s = %s" % (_at(p, base, 4 * j + i), v if s == 0 else "%s >> %d" % (v, s)))
    return out


def count(p, top, v):
    """Big-endian increment of p[stop..top] (a counter block), the carry stopping at ``stop``."""
    return ["i = %d" % top, "while i >= stop:", "    %s = int(%s[i]) + 1" % (v, p), "    %s[i] = %s" % (p, v),
            "    if %s != 256:" % v, "        break", "    i -= 1"]


def sub(names, op, other):
    return ["%s %s %s" % (v, op, w) for v, w in zip(names, other)]


def words(s, n=4):
    return ["%s%d" % (s, j) for j in range(n)]


def block_head(s):
    """Camellia's and SM4's loop head: the chaining value v0..v3 from iv, the loop, the input
    block (the counter for CTR, modes 2 and 3) into s0..s3, a copy c0..c3 (CBC decryption's
    next chaining value) and CBC encryption's XOR."""
    x, v, c = words(s), words("v"), words("c")
    body = (["if mode == 2 or mode == 3:", "    p = iv", "    q = 0", "else:", "    p = src", "    q = o"]
            + loads(x, "=", "p", "q", True) + ["c0 = %s0  # the ciphertext block, for CBC decryption" % s]
            + sub(c[1:], "=", x[1:]) + ["if mode == 1:"] + indent(sub(x, "^=", v)))
    return loads(v, "=", "iv", "", True) + ["o = 0", "end = 16 * n", "while o < end:"] + indent(body)


def block_tail():
    """Camellia's and SM4's loop tail, from the output block y0..y3: CTR's XOR and count, CBC
    decryption's XOR and chaining, the big-endian store, CBC encryption's chaining; after the
    loop, the chaining value written back once."""
    y, v, c = words("y"), words("v"), words("c")
    body = (["if mode == 2 or mode == 3:", "    # Keystream: XOR in the source block, then increment the counter."]
            + indent(loads(y, "^=", "src", "o", True) + count("iv", 15, "v"))
            + ["elif mode == 4:"] + indent(sub(y, "^=", v) + sub(v, "=", c))
            + ["# Store big-endian (ptr8 stores keep the low byte)."] + stores("dst", "o", y, True)
            + ["if mode == 1:", "    v0 = y0  # CBC: this ciphertext block chains into the next one"]
            + indent(sub(v[1:], "=", y[1:])) + ["o += 16"])
    return (indent(body) + ["if (mode == 1 or mode == 4) and n > 0:", "    # Write the chaining value back once."]
            + indent(stores("iv", "", v, True)))


def _sp(v, s, off):
    # The SP table word for the 6-bit chunk of v at bits s+2..s+7 (see des_viper's docstring).
    e = "(%s & 0xFC)" % v if s == 0 else "((%s >> %d) & 0xFC)" % (v, s)
    return "uint(ptr32(%s + x)[%d])" % (e, off)


def des_round(i):
    """DES round i of a pass (0..15): the half a (i even) or c (i odd) ^= f(y, K_i), y the
    other half; S-boxes 1, 3, 5, 7 from y ^ K_e, 2, 4, 6, 8 from w (des_viper's docstring)."""
    h = "ac"[i & 1]
    return ["y = uint(kp[%d]) ^ y" % (2 * i),
            "w = ((y << 4) | (y >> 28)) ^ uint(kp[%d])" % (2 * i + 1),
            "y = (%s ^ %s" % (_sp("y", 24, 0), _sp("y", 16, 128)),
            "     ^ %s ^ %s)" % (_sp("y", 8, 256), _sp("y", 0, 384))] + [
            "y = %s ^ y" % _sp("w", s, off) for s, off in ((24, 64), (16, 192), (8, 320), (0, 448))] + [
            "y = %s = y ^ %s" % (h, h)]


def pieces(name):
    """The generated pieces of module ``name``, by the names its template uses."""
    if name == "aes_viper":
        return {"iv": loads(words("v"), "=", "iv", "", False), "load": loads(words("w"), "=", "p", "q", False),
                "ks": loads(words("t"), "^=", "src", "o", False), "count": count("iv", 15, "v"),
                "store": stores("dst", "o", words("t"), False), "iv_back": stores("iv", "", words("v"), False),
                "load_c": loads(words("c"), "=", "src", "o", False), "count_ctr": count("ctr", 15, "v")}
    if name == "des_viper":
        return {"iv": loads(["v0", "v1"], "=", "iv", "", True), "load": loads(["x", "y"], "=", "p", "", True),
                "rounds": [line for i in range(16) for line in des_round(i)],
                "ks": loads(["y", "x"], "^=", "src", "", True), "count": count("iv", 7, "cv"),
                "cbc": loads(["v0", "v1"], "=", "src", "", True), "store": stores("dst", "", ["y", "x"], True),
                "iv_back": stores("iv", "", ["v0", "v1"], True)}
    return {"head": block_head("d" if name == "camellia_viper" else "x"), "tail": block_tail()}


def generate(name):
    """The text of ``cipher/<name>.py``: its template with the pieces in place."""
    return generated_line(TOOL) + expand(TEMPLATES[name], pieces(name))


def main(argv=None):
    rc = 0
    for name in TEMPLATES:
        rc |= write_or_check(DIR / (name + ".py"), lambda name=name: generate(name), TOOL, argv)
    return rc


# The modules' text around the pieces.
TEMPLATES = {
    "aes_viper": '''"""AES engine with viper kernels and 32-bit T-tables (fast; NOT constant time).

FIPS 197 §5.1 cipher and §5.3.5 equivalent inverse cipher, using the classic table
formulation (FIPS 197 §5.1.3 note / Daemen-Rijmen "The Design of Rijndael" §4.2): one round
column is four 32-bit table lookups XORed with a round-key word. The lookups are indexed by
secret state bytes, so the running time and cache footprint depend on key and data: a
cache-timing attacker on a part with a data cache can learn key bits. Use this backend where
that threat does not apply (MCUs without data cache in a trusted setting) or prefer a
hardware/constant-time backend.

Word convention: a state column (and a round-key word) is the little-endian word
``b0 | b1 << 8 | b2 << 16 | b3 << 24`` of its four bytes, assembled from and stored to the
caller's buffers byte by byte (ptr8), so the code is independent of the target's endianness
and alignment. Tables live in ``array('I')`` and are read through ptr32.

RAM: 8 KiB of tables (Te0..Te3, Td0..Td3, 1024 words each set) built at import, plus
496 bytes per key context. Nothing is allocated per call after ``new()``: the kernels take
the caller's buffers and loop over many blocks.

Viper portability (see VIPER.md): all state is ``uint`` holding 0..2**32-1; the only
operations are XOR, AND with small masks, right shifts of values below 2**32 and left
shifts whose results stay below 2**32, so no mask against 2**32 is ever needed, on 32-bit
Cortex-M and on 64-bit hosts alike.

Engine surface: see ``aes_python`` (identical in every backend).
"""

import array
import micropython
from micropython import const
from mpcrypto.cipher.aes_tables import SBOX, INV_SBOX, expand_key

_TE = array.array("I", bytes(4 * 1024))  # Te0 | Te1 | Te2 | Te3, 256 words each
_TD = array.array("I", bytes(4 * 1024))  # Td0 | Td1 | Td2 | Td3

# Key context layout, in 32-bit words: [0, 60) encryption round keys (Nr+1)*4 words,
# [60] Nr, [64, 124) decryption round keys for the equivalent inverse cipher.
_CTX_WORDS = const(124)
_DK = const(64)
_NR = const(60)


@micropython.viper
def _build(te: ptr32, td: ptr32, sb: ptr8, isb: ptr8):
    # T-tables from the S-boxes (FIPS 197 §5.1.3 MixColumns matrix {02 03 01 01} and
    # §5.3.3 InvMixColumns matrix {0e 0b 0d 09}), coefficients per input row.
    for x in range(256):
        s = uint(sb[x])
        s2 = ((s << 1) ^ ((s >> 7) * uint(0x1B))) & uint(0xFF)  # {02}s
        s3 = s2 ^ s  # {03}s
        te[x] = s2 | (s << 8) | (s << 16) | (s3 << 24)  # a0 -> (02, 01, 01, 03)
        te[256 + x] = s3 | (s2 << 8) | (s << 16) | (s << 24)  # a1 -> (03, 02, 01, 01)
        te[512 + x] = s | (s3 << 8) | (s2 << 16) | (s << 24)  # a2 -> (01, 03, 02, 01)
        te[768 + x] = s | (s << 8) | (s3 << 16) | (s2 << 24)  # a3 -> (01, 01, 03, 02)
        i = uint(isb[x])
        i2 = ((i << 1) ^ ((i >> 7) * uint(0x1B))) & uint(0xFF)
        i4 = ((i2 << 1) ^ ((i2 >> 7) * uint(0x1B))) & uint(0xFF)
        i8 = ((i4 << 1) ^ ((i4 >> 7) * uint(0x1B))) & uint(0xFF)
        e = i8 ^ i4 ^ i2  # {0e}
        b = i8 ^ i2 ^ i  # {0b}
        d = i8 ^ i4 ^ i  # {0d}
        n = i8 ^ i  # {09}
        td[x] = e | (n << 8) | (d << 16) | (b << 24)  # a0 -> (0e, 09, 0d, 0b)
        td[256 + x] = b | (e << 8) | (n << 16) | (d << 24)  # a1 -> (0b, 0e, 09, 0d)
        td[512 + x] = d | (b << 8) | (e << 16) | (n << 24)  # a2 -> (0d, 0b, 0e, 09)
        td[768 + x] = n | (d << 8) | (b << 16) | (e << 24)  # a3 -> (09, 0d, 0b, 0e)


_build(_TE, _TD, SBOX, INV_SBOX)


@micropython.viper
def _setup(k: ptr32, w: ptr8, nr: int, td: ptr32, sb: ptr8):
    # Pack the expanded key bytes w (FIPS 197 §5.2) into little-endian words, and derive
    # the decryption keys (§5.3.5): reverse round order, InvMixColumns on rounds 1..Nr-1.
    # InvMixColumns(x) = Td0[S[x0]] ^ Td1[S[x1]] ^ Td2[S[x2]] ^ Td3[S[x3]] since Td has InvS.
    nw = (nr + 1) * 4
    for i in range(nw):
        j = 4 * i
        k[i] = uint(w[j]) | (uint(w[j + 1]) << 8) | (uint(w[j + 2]) << 16) | (uint(w[j + 3]) << 24)
    k[_NR] = nr
    for r in range(nr + 1):
        for c in range(4):
            x = uint(k[4 * (nr - r) + c])
            if r != 0 and r != nr:
                x = (
                    uint(td[sb[x & 0xFF]])
                    ^ uint(td[256 + int(sb[(x >> 8) & 0xFF])])
                    ^ uint(td[512 + int(sb[(x >> 16) & 0xFF])])
                    ^ uint(td[768 + int(sb[x >> 24])])
                )
            k[_DK + 4 * r + c] = x


@micropython.viper
def _enc(te: ptr32, k: ptr32, src: ptr8, dst: ptr8, n: int, iv: ptr8, mode: int):
    # FIPS 197 §5.1 on n blocks. mode 0: ECB (SP 800-38A §6.1); 1: CBC encrypt (§6.2),
    # input ^= iv, iv := output; 2/3: CTR (§6.5) / GCTR (SP 800-38D §6.5), the cipher input
    # is the counter iv, output = src ^ E(iv), then iv += 1 over its last 16 (2) or 4 (3)
    # bytes, big-endian. src may equal dst: each block is fully read before it is written.
    sb = ptr8(SBOX)
    nr = int(k[_NR])
    stop = 0 if mode == 2 else 12
    # CBC chaining value, kept in words while looping and written back once at the end.
    @@iv@@
    o = 0
    end = 16 * n
    while o < end:
        if mode >= 2:
            p = iv
            q = 0
        else:
            p = src
            q = o
        @@load@@
        if mode == 1:
            w0 ^= v0
            w1 ^= v1
            w2 ^= v2
            w3 ^= v3
        # AddRoundKey(0)
        w0 ^= uint(k[0])
        w1 ^= uint(k[1])
        w2 ^= uint(k[2])
        w3 ^= uint(k[3])
        r = 4
        last = 4 * nr
        while r < last:
            # SubBytes+ShiftRows+MixColumns via Te; column c takes row j from column c+j.
            t0 = uint(te[w0 & 0xFF]) ^ uint(te[256 + int((w1 >> 8) & 0xFF)]) ^ uint(te[512 + int((w2 >> 16) & 0xFF)]) ^ uint(te[768 + int(w3 >> 24)]) ^ uint(k[r])
            t1 = uint(te[w1 & 0xFF]) ^ uint(te[256 + int((w2 >> 8) & 0xFF)]) ^ uint(te[512 + int((w3 >> 16) & 0xFF)]) ^ uint(te[768 + int(w0 >> 24)]) ^ uint(k[r + 1])
            t2 = uint(te[w2 & 0xFF]) ^ uint(te[256 + int((w3 >> 8) & 0xFF)]) ^ uint(te[512 + int((w0 >> 16) & 0xFF)]) ^ uint(te[768 + int(w1 >> 24)]) ^ uint(k[r + 2])
            t3 = uint(te[w3 & 0xFF]) ^ uint(te[256 + int((w0 >> 8) & 0xFF)]) ^ uint(te[512 + int((w1 >> 16) & 0xFF)]) ^ uint(te[768 + int(w2 >> 24)]) ^ uint(k[r + 3])
            w0 = t0
            w1 = t1
            w2 = t2
            w3 = t3
            r += 4
        # Final round: SubBytes, ShiftRows, AddRoundKey(Nr).
        t0 = (uint(sb[w0 & 0xFF]) | (uint(sb[(w1 >> 8) & 0xFF]) << 8) | (uint(sb[(w2 >> 16) & 0xFF]) << 16) | (uint(sb[w3 >> 24]) << 24)) ^ uint(k[r])
        t1 = (uint(sb[w1 & 0xFF]) | (uint(sb[(w2 >> 8) & 0xFF]) << 8) | (uint(sb[(w3 >> 16) & 0xFF]) << 16) | (uint(sb[w0 >> 24]) << 24)) ^ uint(k[r + 1])
        t2 = (uint(sb[w2 & 0xFF]) | (uint(sb[(w3 >> 8) & 0xFF]) << 8) | (uint(sb[(w0 >> 16) & 0xFF]) << 16) | (uint(sb[w1 >> 24]) << 24)) ^ uint(k[r + 2])
        t3 = (uint(sb[w3 & 0xFF]) | (uint(sb[(w0 >> 8) & 0xFF]) << 8) | (uint(sb[(w1 >> 16) & 0xFF]) << 16) | (uint(sb[w2 >> 24]) << 24)) ^ uint(k[r + 3])
        if mode >= 2:
            # Keystream: XOR in the source block, then increment the counter.
            @@ks@@
            @@count@@
        # Store (ptr8 stores keep the low byte).
        @@store@@
        # CBC: this ciphertext block chains into the next one.
        v0 = t0
        v1 = t1
        v2 = t2
        v3 = t3
        o += 16
    if mode == 1 and n > 0:
        # Write the chaining value back once (ptr8 stores keep the low byte).
        @@iv_back@@


@micropython.viper
def _dec(td: ptr32, k: ptr32, src: ptr8, dst: ptr8, n: int, iv: ptr8, mode: int):
    # FIPS 197 §5.3.5 equivalent inverse cipher on n blocks. mode 0: ECB; 1: CBC decrypt
    # (SP 800-38A §6.2): output ^= iv, iv := this ciphertext block. The ciphertext words
    # are held in locals (c0..c3), so src may equal dst.
    sb = ptr8(INV_SBOX)
    nr = int(k[_NR])
    @@iv@@
    o = 0
    end = 16 * n
    while o < end:
        @@load_c@@
        # AddRoundKey(Nr), taken from the reversed decryption schedule.
        w0 = c0 ^ uint(k[_DK])
        w1 = c1 ^ uint(k[_DK + 1])
        w2 = c2 ^ uint(k[_DK + 2])
        w3 = c3 ^ uint(k[_DK + 3])
        r = _DK + 4
        last = _DK + 4 * nr
        while r < last:
            # InvSubBytes+InvShiftRows+InvMixColumns via Td; column c takes row j from c-j.
            t0 = uint(td[w0 & 0xFF]) ^ uint(td[256 + int((w3 >> 8) & 0xFF)]) ^ uint(td[512 + int((w2 >> 16) & 0xFF)]) ^ uint(td[768 + int(w1 >> 24)]) ^ uint(k[r])
            t1 = uint(td[w1 & 0xFF]) ^ uint(td[256 + int((w0 >> 8) & 0xFF)]) ^ uint(td[512 + int((w3 >> 16) & 0xFF)]) ^ uint(td[768 + int(w2 >> 24)]) ^ uint(k[r + 1])
            t2 = uint(td[w2 & 0xFF]) ^ uint(td[256 + int((w1 >> 8) & 0xFF)]) ^ uint(td[512 + int((w0 >> 16) & 0xFF)]) ^ uint(td[768 + int(w3 >> 24)]) ^ uint(k[r + 2])
            t3 = uint(td[w3 & 0xFF]) ^ uint(td[256 + int((w2 >> 8) & 0xFF)]) ^ uint(td[512 + int((w1 >> 16) & 0xFF)]) ^ uint(td[768 + int(w0 >> 24)]) ^ uint(k[r + 3])
            w0 = t0
            w1 = t1
            w2 = t2
            w3 = t3
            r += 4
        # Final round: InvSubBytes, InvShiftRows, AddRoundKey(0).
        t0 = (uint(sb[w0 & 0xFF]) | (uint(sb[(w3 >> 8) & 0xFF]) << 8) | (uint(sb[(w2 >> 16) & 0xFF]) << 16) | (uint(sb[w1 >> 24]) << 24)) ^ uint(k[r])
        t1 = (uint(sb[w1 & 0xFF]) | (uint(sb[(w0 >> 8) & 0xFF]) << 8) | (uint(sb[(w3 >> 16) & 0xFF]) << 16) | (uint(sb[w2 >> 24]) << 24)) ^ uint(k[r + 1])
        t2 = (uint(sb[w2 & 0xFF]) | (uint(sb[(w1 >> 8) & 0xFF]) << 8) | (uint(sb[(w0 >> 16) & 0xFF]) << 16) | (uint(sb[w3 >> 24]) << 24)) ^ uint(k[r + 2])
        t3 = (uint(sb[w3 & 0xFF]) | (uint(sb[(w2 >> 8) & 0xFF]) << 8) | (uint(sb[(w1 >> 16) & 0xFF]) << 16) | (uint(sb[w0 >> 24]) << 24)) ^ uint(k[r + 3])
        if mode == 1:
            # CBC: P = D(C) ^ previous C; the current C becomes the chaining value.
            t0 ^= v0
            t1 ^= v1
            t2 ^= v2
            t3 ^= v3
            v0 = c0
            v1 = c1
            v2 = c2
            v3 = c3
        @@store@@
        o += 16
    if mode == 1 and n > 0:
        # Write the chaining value back once (ptr8 stores keep the low byte).
        @@iv_back@@


class _Ctx:
    def __init__(self, key):
        w = expand_key(key)
        k = array.array("I", bytes(4 * _CTX_WORDS))
        _setup(k, w, len(w) // 16 - 1, _TD, SBOX)
        self._k = k

    def ecb_encrypt(self, src, dst, n):
        _enc(_TE, self._k, src, dst, n, self._k, 0)

    def ecb_decrypt(self, src, dst, n):
        _dec(_TD, self._k, src, dst, n, self._k, 0)

    def cbc_encrypt(self, src, dst, n, iv):
        _enc(_TE, self._k, src, dst, n, iv, 1)

    def cbc_decrypt(self, src, dst, n, iv):
        _dec(_TD, self._k, src, dst, n, iv, 1)

    def ctr_xor(self, src, dst, n, ctr, width):
        _enc(_TE, self._k, src, dst, n, ctr, 2 if width == 16 else 3)


def new(key):
    """An AES context for a 16/24/32-byte key (validated by the caller). Not constant time."""
    return _Ctx(key)


# Helpers shared with the cryptolib wrapper (aes_builtin), which builds CTR on ECB.


@micropython.viper
def ctr_blocks(buf: ptr8, ctr: ptr8, n: int, width: int):
    """Write n successive counter blocks into buf and advance ctr past them (big-endian
    increment over the last ``width`` bytes: 16 for CTR, 4 for GCM inc32). Copies words when
    both buffers are 4-byte aligned (always, for the bytearrays the engines allocate)."""
    stop = 16 - width
    aligned = ((uint(buf) | uint(ctr)) & uint(3)) == uint(0)
    b32 = ptr32(buf)
    c32 = ptr32(ctr)
    o = 0
    end = 16 * n
    while o < end:
        if aligned:
            w = o >> 2
            b32[w] = c32[0]
            b32[w + 1] = c32[1]
            b32[w + 2] = c32[2]
            b32[w + 3] = c32[3]
        else:
            for j in range(16):
                buf[o + j] = ctr[j]
        @@count_ctr@@
        o += 16


@micropython.viper
def xor_into(dst: ptr8, src: ptr8, off: int, ks: ptr8, n: int):
    """dst[off + i] = src[off + i] ^ ks[i] for i < n. dst may be src, or overlap it starting
    before it (forward order). Word-wise when all three are 4-byte aligned, else byte-wise.
    The offset spares the caller a memoryview slice (an allocation) per chunk."""
    d8 = ptr8(uint(dst) + uint(off))
    s8 = ptr8(uint(src) + uint(off))
    i = 0
    if ((uint(d8) | uint(s8) | uint(ks)) & uint(3)) == uint(0):
        d = ptr32(d8)
        s = ptr32(s8)
        k = ptr32(ks)
        nw = n >> 2
        for w in range(nw):
            d[w] = s[w] ^ k[w]  # a ptr32 store keeps the low 32 bits on every port
        i = nw << 2
    while i < n:
        d8[i] = s8[i] ^ ks[i]
        i += 1
''',
    "camellia_viper": '''"""Camellia engine with viper kernels and 32-bit SP tables (fast; NOT constant time).

RFC 3713, in the formulation documented in ``camellia_python`` (read it first): F is eight
lookups in SP1110/SP0222/SP3033/SP4404 giving A and U, then (U ^ A, U ^ A ^ (A >>> 8)); the
FL / FL^-1 layers (§2.4.2) use a 1-bit rotation; the subkey words (key schedule in
``_camellia_sched.expand_key``) are read in network order, so one kernel encrypts (the
encryption layout) and decrypts (the decryption layout). The lookups are indexed by secret
bytes (cache timing on cores with a data cache).

Words are big-endian, loaded and stored byte by byte (ptr8): independent of the target's
endianness and alignment. Viper portability (VIPER.md): words are ``uint`` below 2**32; the
round uses XOR, AND, OR, right shifts and ``(a & 0xFF) << 24`` (below 2**32); the one left
shift that can leave 32 bits, FL's ``<<< 1``, is masked with a run-time ``uint(0xFFFFFFFF)``.
``host_tests/test_blk_emu.py`` runs this machine code on emulated Cortex-M3/M4 cores.

RAM: 4 KiB of tables built at import, 548 bytes of subkeys per context. Nothing is allocated
per call after ``new()``; ECB, CBC encrypt/decrypt, CTR and GCM's inc32 run inside the kernel
over many blocks.

Engine surface: see ``cipher/modes.py``.
"""

import array
import micropython
from micropython import const
from mpcrypto.cipher._camellia_sched import SBOX1, expand_key

_SP = array.array("I", bytes(4 * 1024))  # SP1110 | SP0222 | SP3033 | SP4404

# Context layout in words: [0, 68) encryption subkeys, [68, 136) decryption subkeys,
# [136] number of 6-round groups (3 or 4).
_DK = const(68)
_NG = const(136)


@micropython.viper
def _build(sp: ptr32, s: ptr8):
    # §2.4.4: SBOX2[x] = SBOX1[x] <<< 1, SBOX3[x] = SBOX1[x] >>> 1, SBOX4[x] = SBOX1[x <<< 1].
    for x in range(256):
        s1 = uint(s[x])
        s2 = ((s1 << 1) | (s1 >> 7)) & uint(0xFF)
        s3 = ((s1 >> 1) | (s1 << 7)) & uint(0xFF)
        s4 = uint(s[((x << 1) | (x >> 7)) & 0xFF])
        sp[x] = (s1 << 24) | (s1 << 16) | (s1 << 8)  # SP1110
        sp[256 + x] = (s2 << 16) | (s2 << 8) | s2  # SP0222
        sp[512 + x] = (s3 << 24) | (s3 << 8) | s3  # SP3033
        sp[768 + x] = (s4 << 24) | (s4 << 16) | s4  # SP4404


_build(_SP, SBOX1)


@micropython.viper
def _crypt(sp: ptr32, k: ptr32, src: ptr8, dst: ptr8, n: int, iv: ptr8, mode: int, ng: int):
    # The network on n blocks with the subkey words at k (either layout), ng 6-round groups.
    # mode 0: ECB (SP 800-38A §6.1); 1: CBC encrypt (§6.2), input ^= iv, iv := output; 2/3:
    # CTR (§6.5) / GCTR (SP 800-38D §6.5), output = src ^ E(iv), iv += 1 over its last 16 (2)
    # or 4 (3) bytes; 4: CBC decrypt, output ^= iv, iv := this ciphertext block. src may
    # equal dst: each block is read into locals before it is written.
    m = uint(0xFFFFFFFF)
    stop = 0 if mode == 2 else 12
    # one pointer per 1 KiB table: no index offset in the rounds
    q1 = ptr32(uint(sp) + 1024)
    q2 = ptr32(uint(sp) + 2048)
    q3 = ptr32(uint(sp) + 3072)
    @@head@@
        # pre-whitening: D1 ^= kw1, D2 ^= kw2
        d0 ^= uint(k[0])
        d1 ^= uint(k[1])
        d2 ^= uint(k[2])
        d3 ^= uint(k[3])
        r = 4
        g = 0
        while True:
            # six rounds: D2 ^= F(D1, k_i); D1 ^= F(D2, k_{i+1}), unrolled
            il = d0 ^ uint(k[r])
            ir = d1 ^ uint(k[r + 1])
            a = uint(sp[il >> 24]) ^ uint(q1[(il >> 16) & 0xFF]) ^ uint(q2[(il >> 8) & 0xFF]) ^ uint(q3[il & 0xFF])
            u = uint(sp[ir & 0xFF]) ^ uint(q1[ir >> 24]) ^ uint(q2[(ir >> 16) & 0xFF]) ^ uint(q3[(ir >> 8) & 0xFF]) ^ a
            d2 ^= u
            d3 ^= u ^ (a >> 8) ^ ((a & 0xFF) << 24)
            il = d2 ^ uint(k[r + 2])
            ir = d3 ^ uint(k[r + 3])
            a = uint(sp[il >> 24]) ^ uint(q1[(il >> 16) & 0xFF]) ^ uint(q2[(il >> 8) & 0xFF]) ^ uint(q3[il & 0xFF])
            u = uint(sp[ir & 0xFF]) ^ uint(q1[ir >> 24]) ^ uint(q2[(ir >> 16) & 0xFF]) ^ uint(q3[(ir >> 8) & 0xFF]) ^ a
            d0 ^= u
            d1 ^= u ^ (a >> 8) ^ ((a & 0xFF) << 24)
            il = d0 ^ uint(k[r + 4])
            ir = d1 ^ uint(k[r + 5])
            a = uint(sp[il >> 24]) ^ uint(q1[(il >> 16) & 0xFF]) ^ uint(q2[(il >> 8) & 0xFF]) ^ uint(q3[il & 0xFF])
            u = uint(sp[ir & 0xFF]) ^ uint(q1[ir >> 24]) ^ uint(q2[(ir >> 16) & 0xFF]) ^ uint(q3[(ir >> 8) & 0xFF]) ^ a
            d2 ^= u
            d3 ^= u ^ (a >> 8) ^ ((a & 0xFF) << 24)
            il = d2 ^ uint(k[r + 6])
            ir = d3 ^ uint(k[r + 7])
            a = uint(sp[il >> 24]) ^ uint(q1[(il >> 16) & 0xFF]) ^ uint(q2[(il >> 8) & 0xFF]) ^ uint(q3[il & 0xFF])
            u = uint(sp[ir & 0xFF]) ^ uint(q1[ir >> 24]) ^ uint(q2[(ir >> 16) & 0xFF]) ^ uint(q3[(ir >> 8) & 0xFF]) ^ a
            d0 ^= u
            d1 ^= u ^ (a >> 8) ^ ((a & 0xFF) << 24)
            il = d0 ^ uint(k[r + 8])
            ir = d1 ^ uint(k[r + 9])
            a = uint(sp[il >> 24]) ^ uint(q1[(il >> 16) & 0xFF]) ^ uint(q2[(il >> 8) & 0xFF]) ^ uint(q3[il & 0xFF])
            u = uint(sp[ir & 0xFF]) ^ uint(q1[ir >> 24]) ^ uint(q2[(ir >> 16) & 0xFF]) ^ uint(q3[(ir >> 8) & 0xFF]) ^ a
            d2 ^= u
            d3 ^= u ^ (a >> 8) ^ ((a & 0xFF) << 24)
            il = d2 ^ uint(k[r + 10])
            ir = d3 ^ uint(k[r + 11])
            a = uint(sp[il >> 24]) ^ uint(q1[(il >> 16) & 0xFF]) ^ uint(q2[(il >> 8) & 0xFF]) ^ uint(q3[il & 0xFF])
            u = uint(sp[ir & 0xFF]) ^ uint(q1[ir >> 24]) ^ uint(q2[(ir >> 16) & 0xFF]) ^ uint(q3[(ir >> 8) & 0xFF]) ^ a
            d0 ^= u
            d1 ^= u ^ (a >> 8) ^ ((a & 0xFF) << 24)
            r += 12
            g += 1
            if g == ng:
                break
            # FL on D1: x2 ^= (x1 & k1) <<< 1; x1 ^= x2 | k2
            t = d0 & uint(k[r])
            d1 ^= ((t << 1) & m) | (t >> 31)
            d0 ^= d1 | uint(k[r + 1])
            # FL^-1 on D2: y1 ^= y2 | k2; y2 ^= (y1 & k1) <<< 1
            d2 ^= d3 | uint(k[r + 3])
            t = d2 & uint(k[r + 2])
            d3 ^= ((t << 1) & m) | (t >> 31)
            r += 4
        # post-whitening and the swap: C = (D2 ^ kw3) || (D1 ^ kw4)
        y0 = d2 ^ uint(k[r])
        y1 = d3 ^ uint(k[r + 1])
        y2 = d0 ^ uint(k[r + 2])
        y3 = d1 ^ uint(k[r + 3])
    @@tail@@


class _Ctx:
    def __init__(self, key):
        e, d, ng = expand_key(key)
        w = array.array("I", bytes(4 * (_NG + 1)))
        for i in range(len(e)):
            w[i] = e[i]
            w[_DK + i] = d[i]
        self._e = w
        self._d = memoryview(w)[_DK:_NG]  # the decryption layout, as its own pointer
        self._ng = ng

    def ecb_encrypt(self, src, dst, n):
        _crypt(_SP, self._e, src, dst, n, self._e, 0, self._ng)

    def ecb_decrypt(self, src, dst, n):
        _crypt(_SP, self._d, src, dst, n, self._e, 0, self._ng)

    def cbc_encrypt(self, src, dst, n, iv):
        _crypt(_SP, self._e, src, dst, n, iv, 1, self._ng)

    def cbc_decrypt(self, src, dst, n, iv):
        _crypt(_SP, self._d, src, dst, n, iv, 4, self._ng)

    def ctr_xor(self, src, dst, n, ctr, width):
        _crypt(_SP, self._e, src, dst, n, ctr, 2 if width == 16 else 3, self._ng)


def new(key):
    """A Camellia context for a 16/24/32-byte key (validated by the caller). Not constant
    time."""
    return _Ctx(key)
''',
    "sm4_viper": '''"""SM4 engine with viper kernels and 32-bit T-tables (fast; NOT constant time).

GB/T 32907-2016 §6 (see ``sm4_python`` for the spec summary): 32 rounds
X_{i+4} = X_i ^ T(X_{i+1} ^ X_{i+2} ^ X_{i+3} ^ rk_i), where T(a) = L(tau(a)) is computed as
Tt0[a >> 24] ^ Tt1[(a >> 16) & 255] ^ Tt2[(a >> 8) & 255] ^ Tt3[a & 255] with
Ttj[b] = L(S[b] << (24 - 8j)): L is linear and commutes with byte rotations, so Ttj is Tt0
rotated right by 8j. The lookups are indexed by secret bytes (cache timing on cores with a
data cache); use this backend where that threat does not apply.

Words are big-endian (§5.1), assembled from and stored to the caller's buffers byte by byte
(ptr8), so the code is independent of the target's endianness and alignment. Viper
portability (VIPER.md): state words are ``uint`` below 2**32 and the round uses only XOR,
AND with small masks and right shifts; the one place a left shift can leave 32 bits (the
rotations while the tables are built) masks with a run-time ``uint(0xFFFFFFFF)``.
``host_tests/test_blk_emu.py`` runs this machine code on emulated Cortex-M3/M4 cores.

RAM: 4 KiB of tables built at import, 256 bytes of round keys per context. Nothing is
allocated per call after ``new()``: the kernel takes the caller's buffers and loops over
many blocks (ECB, CBC encrypt/decrypt, CTR and GCM's inc32 counter inside the kernel).
The key schedule (§7.3) is ``_sm4_sched.expand_key``.

Engine surface: see ``cipher/modes.py``.
"""

import array
import micropython
from mpcrypto.cipher._sm4_sched import SBOX, expand_key

_T = array.array("I", bytes(4 * 1024))  # Tt0 | Tt1 | Tt2 | Tt3


@micropython.viper
def _build(t: ptr32, sb: ptr8):
    # Tt0[x] = L(S[x] << 24), L(B) = B ^ B<<<2 ^ B<<<10 ^ B<<<18 ^ B<<<24 (§6.2.2); the other
    # three tables are its byte rotations (rotr 8, 16, 24).
    m = uint(0xFFFFFFFF)
    for x in range(256):
        b = uint(sb[x]) << 24
        y = b ^ (((b << 2) & m) | (b >> 30)) ^ (((b << 10) & m) | (b >> 22)) ^ (((b << 18) & m) | (b >> 14)) ^ (((b << 24) & m) | (b >> 8))
        t[x] = y
        t[256 + x] = (y >> 8) | ((y & 0xFF) << 24)
        t[512 + x] = (y >> 16) | ((y & 0xFFFF) << 16)
        t[768 + x] = (y >> 24) | ((y & 0xFFFFFF) << 8)


_build(_T, SBOX)


@micropython.viper
def _crypt(t: ptr32, k: ptr32, src: ptr8, dst: ptr8, n: int, iv: ptr8, mode: int):
    # §6.1 on n blocks with the 32 round keys at k (encryption order, or reversed for
    # decryption, §6.3). mode 0: ECB (SP 800-38A §6.1); 1: CBC encrypt (§6.2), input ^= iv,
    # iv := output; 2/3: CTR (§6.5) / GCTR (SP 800-38D §6.5), output = src ^ E(iv), then
    # iv += 1 over its last 16 (2) or 4 (3) bytes; 4: CBC decrypt, output ^= iv, iv := this
    # ciphertext block. src may equal dst: each block is read into locals before it is written.
    stop = 0 if mode == 2 else 12
    # one pointer per 1 KiB table: no index offset in the rounds
    q1 = ptr32(uint(t) + 1024)
    q2 = ptr32(uint(t) + 2048)
    q3 = ptr32(uint(t) + 3072)
    @@head@@
        r = 0
        while r < 32:
            # four rounds; X_{i+4} = X_i ^ T(X_{i+1} ^ X_{i+2} ^ X_{i+3} ^ rk_i)
            a = x1 ^ x2 ^ x3 ^ uint(k[r])
            x0 ^= uint(t[a >> 24]) ^ uint(q1[(a >> 16) & 0xFF]) ^ uint(q2[(a >> 8) & 0xFF]) ^ uint(q3[a & 0xFF])
            a = x2 ^ x3 ^ x0 ^ uint(k[r + 1])
            x1 ^= uint(t[a >> 24]) ^ uint(q1[(a >> 16) & 0xFF]) ^ uint(q2[(a >> 8) & 0xFF]) ^ uint(q3[a & 0xFF])
            a = x3 ^ x0 ^ x1 ^ uint(k[r + 2])
            x2 ^= uint(t[a >> 24]) ^ uint(q1[(a >> 16) & 0xFF]) ^ uint(q2[(a >> 8) & 0xFF]) ^ uint(q3[a & 0xFF])
            a = x0 ^ x1 ^ x2 ^ uint(k[r + 3])
            x3 ^= uint(t[a >> 24]) ^ uint(q1[(a >> 16) & 0xFF]) ^ uint(q2[(a >> 8) & 0xFF]) ^ uint(q3[a & 0xFF])
            r += 4
        # R: the output is (X35, X34, X33, X32)
        y0 = x3
        y1 = x2
        y2 = x1
        y3 = x0
    @@tail@@


class _Ctx:
    def __init__(self, key):
        rk = expand_key(key)
        e = array.array("I", bytes(128))
        d = array.array("I", bytes(128))
        for i in range(32):
            e[i] = rk[i]
            d[i] = rk[31 - i]  # §6.3: decryption uses the round keys in reverse order
        self._e = e
        self._d = d

    def ecb_encrypt(self, src, dst, n):
        _crypt(_T, self._e, src, dst, n, self._e, 0)

    def ecb_decrypt(self, src, dst, n):
        _crypt(_T, self._d, src, dst, n, self._d, 0)

    def cbc_encrypt(self, src, dst, n, iv):
        _crypt(_T, self._e, src, dst, n, iv, 1)

    def cbc_decrypt(self, src, dst, n, iv):
        _crypt(_T, self._d, src, dst, n, iv, 4)

    def ctr_xor(self, src, dst, n, ctr, width):
        _crypt(_T, self._e, src, dst, n, ctr, 2 if width == 16 else 3)


def new(key):
    """An SM4 context for a 16-byte key (validated by the caller). Not constant time."""
    return _Ctx(key)
''',
    "des_viper": '''"""DES and TDEA (3DES) engine with a viper kernel (fast; NOT constant time).

FIPS 46-3 / SP 800-67 as ``des_python`` and ``_des_sched`` state it (read them first): IP,
16 Feistel rounds in pairs without swapping, f as eight lookups in the SP tables (S-box and P
merged), FP; TDEA as 48 rounds between one IP and one FP (the halves swapped after each 16:
FP then IP cancel). Lookups are indexed by secret-dependent bits (cache timing on cores with
a data cache).

IP and FP are not tables here but five masked swaps of bits between the block's two
big-endian 32-bit words ("swap-move": ``u = ((x >> s) ^ y) & mask; y ^= u; x ^= u << s``
exchanges the bits of x at ``mask << s`` with those of y at ``mask``), at distances 4, 16, 2, 8
and 1: the 8x8 bit-matrix transpose that IP is. The last one is done as rotate, swap without
shift, rotate, which leaves the halves in the rounds' layout below; FP undoes the five in
reverse order. (The same network is in the DES literature; this sequence was checked bit by bit
against FIPS 46-3's IP table, and ``host_tests/test_des.py`` checks the whole cipher.)

Round layout: each half H is kept rotated right by one bit (H >>> 1). Then E's even 6-bit
chunks (S-boxes 1, 3, 5, 7) are bits 2..7 of the four bytes of the half, and the odd ones
bits 2..7 of the bytes of the half rotated left by 4. XORed with the round key (two words
with its chunks at those places, ``_pack``), each chunk times 4 is ``(u >> s) & 0xFC`` for
s = 24, 16, 8, 0: a byte offset into its 64-word SP table. All eight tables are one array, so
a lookup is ``ptr32(offset + table base)[64 * (box - 1)]`` (one shift, one AND, one add, one
load; the constant index is the load's displacement). The SP entries are stored rotated
like the halves, so f's output is XORed in as it comes.

Why the code has this shape (what viper makes of it, measured with mpy-cross -march=x64 and
armv7emsp): viper keeps only its first two locals in machine registers, which are the first
two parameters. So ``_crypt`` takes two dummy parameters ``x`` and ``y`` (callers pass 0):
they hold the two words of the block through load, IP and FP, and through the rounds the
table base (``x``) and the value being looked up and then the XOR of the eight lookups (``y``,
updated as ``y = lookup ^ y``, which needs no spill); the other state lives on the C stack. On
the unix port (x86-64) the rounds are bound by the count of instructions (two to four per
viper operation), hence byte offsets rather than ptr32 indices (whose x86-64 code multiplies by
four with four adds). Tried and slower there: reading the chunks back as bytes from a scratch
word (fewer instructions, but a store and byte loads on every round's critical path) and a
pointer per table.

Viper portability (VIPER.md): every word is a ``uint`` below 2**32; the swaps shift masked
values (``u << s`` stays below 2**32); the rotations into FP mask with a run-time
``uint(0xFFFFFFFF)``. One deliberate exception: a round's ``w = ((y << 4) | (y >> 28)) ^ K``
can have bits 32..35 set on a 64-bit port, but w is only ever shifted right by at most 24 and
then ANDed with 0xFC, which drops them (a 32-bit core drops them in the shift). The block
is loaded and stored byte by byte (any alignment, either byte order).
``host_tests/test_blk_emu.py`` runs this machine code on emulated Cortex-M3/M4 cores; on the
M4 it runs fewer instructions per byte of ECB than IP/FP by spreading tables and a pointer per
SP table would.

RAM: 2 KiB of SP tables made at import from ``_des_sched.tables()``; 768 bytes of round keys
per TDEA context (two words per round and direction, 256 for DES). Nothing is allocated per
call after ``new()``; ECB, CBC encrypt/decrypt and CTR run inside the kernel over many blocks.

Engine surface: see ``cipher/modes.py`` (block size 8).
"""

import array
import micropython
from mpcrypto.cipher._des_sched import schedule, tables

# SP_1..SP_8 (64 words each), every entry rotated right by one bit like the halves.
_T = array.array("I", bytes(4 * 512))
for _i, _v in enumerate(tables()[:512]):
    _T[_i] = (_v >> 1) | ((_v & 1) << 31)
del _i, _v


@micropython.viper
def _crypt(x: uint, y: uint, t: ptr32, k: ptr32, src: ptr8, dst: ptr8, n: int, iv: ptr8, mode: int, nr: int):
    # DES (nr 16) / TDEA (nr 48) on n 8-byte blocks, SP tables at t, round keys at k (_pack).
    # x, y: registers (see the module docstring), pass 0. mode 0: ECB (SP 800-38A §6.1);
    # 1: CBC encrypt (§6.2); 2/3: CTR (§6.5), output = src ^ E(iv), iv += 1 over its last 8 (2)
    # or 4 (3) bytes; 4: CBC decrypt; iv is written back. src may equal dst: each block is
    # read into locals before it is written.
    stop = 0 if mode == 2 else 4
    m = uint(0xFFFFFFFF)
    m55 = uint(0x55555555)
    ctr = mode & 2  # CTR: the counter block is the cipher input
    cbce = mode == 1
    @@iv@@
    while n > 0:
        p = src
        if ctr:
            p = iv
        @@load@@
        if cbce:
            x ^= v0  # CBC: the cipher input is P ^ chaining value
            y ^= v1
        # IP: swap-moves at distance 4, 16, 2, 8, then 1 (x >>> 1, swap, y >>> 1), giving
        # x = L0 >>> 1, y = R0 >>> 1.
        u = ((x >> 4) ^ y) & 0x0F0F0F0F
        y = u ^ y
        x = (u << 4) ^ x
        u = ((x >> 16) ^ y) & 0xFFFF
        y = u ^ y
        x = (u << 16) ^ x
        u = ((y >> 2) ^ x) & 0x33333333
        x = u ^ x
        y = (u << 2) ^ y
        u = ((y >> 8) ^ x) & 0x00FF00FF
        x = u ^ x
        y = (u << 8) ^ y
        x = (x >> 1) | ((x & 1) << 31)
        u = (x ^ y) & m55
        x = u ^ x
        y = u ^ y
        y = (y >> 1) | ((y & 1) << 31)
        a = x
        c = y
        x = uint(t)
        kp = k
        passes = nr >> 4
        while True:
            # One DES pass, 16 rounds unrolled in pairs: a ^= f(c, K_i), c ^= f(a, K_i+1),
            # with y = the half f reads on entry. y ^ K_e and w = (half <<< 4) ^ K_o hold the
            # chunks of S-boxes 1, 3, 5, 7 and 2, 4, 6, 8 at bits 26, 18, 10, 2; box j's table
            # is at word 64 * (j - 1); f's output collects in y.
            @@rounds@@
            passes -= 1
            if not passes:
                break
            y = a  # (R16, L16) is the next pass's (L0, R0)
            a = c
            c = y
            kp = ptr32(uint(kp) + 128)
        # FP of the preoutput R16 || L16 = (y, x), y = c: IP's swaps in reverse order.
        x = a
        x = ((x << 1) & m) | (x >> 31)
        u = (y ^ x) & m55
        y = u ^ y
        x = u ^ x
        y = ((y << 1) & m) | (y >> 31)
        u = ((x >> 8) ^ y) & 0x00FF00FF
        y = u ^ y
        x = (u << 8) ^ x
        u = ((x >> 2) ^ y) & 0x33333333
        y = u ^ y
        x = (u << 2) ^ x
        u = ((y >> 16) ^ x) & 0xFFFF
        x = u ^ x
        y = (u << 16) ^ y
        u = ((y >> 4) ^ x) & 0x0F0F0F0F
        x = u ^ x
        y = (u << 4) ^ y
        # the output block is y || x
        if mode:
            if ctr:
                # XOR the source block, then count (big-endian, the last 8 or 4 bytes)
                @@ks@@
                @@count@@
            elif mode == 4:
                # CBC decrypt: P = D(C) ^ previous C; this C chains on (re-read from src:
                # not yet overwritten, the block is stored below)
                y ^= v0
                x ^= v1
                @@cbc@@
            else:
                v0 = y  # CBC encrypt: this C chains on
                v1 = x
        @@store@@
        src = ptr8(uint(src) + 8)
        dst = ptr8(uint(dst) + 8)
        n -= 1
    if mode == 1 or mode == 4:
        @@iv_back@@


@micropython.viper
def _pack(src: ptr8, dst: ptr32, nr: int):
    # Round keys from eight 6-bit chunks each (_des_sched.schedule) to two words per round:
    # K_e, the even chunks (S-boxes 1, 3, 5, 7) at bits 26, 18, 10, 2, and K_o ^ (K_e <<< 4),
    # K_o the odd chunks likewise: _crypt rotates y = H ^ K_e, and (y <<< 4) ^ K_o ^ (K_e <<< 4)
    # is (H <<< 4) ^ K_o.
    m = uint(0xFFFFFFFF)
    for r in range(nr):
        q = 8 * r
        e = (uint(src[q]) << 26) | (uint(src[q + 2]) << 18) | (uint(src[q + 4]) << 10) | (uint(src[q + 6]) << 2)
        o = (uint(src[q + 1]) << 26) | (uint(src[q + 3]) << 18) | (uint(src[q + 5]) << 10) | (uint(src[q + 7]) << 2)
        dst[2 * r] = e
        dst[2 * r + 1] = o ^ (((e << 4) & m) | (e >> 28))


class _Ctx:
    def __init__(self, key):
        e, d, nr = schedule(key)
        self._e = array.array("I", bytes(8 * nr))
        self._d = array.array("I", bytes(8 * nr))
        _pack(e, self._e, nr)
        _pack(d, self._d, nr)
        self._nr = nr

    def ecb_encrypt(self, src, dst, n):
        _crypt(0, 0, _T, self._e, src, dst, n, self._e, 0, self._nr)

    def ecb_decrypt(self, src, dst, n):
        _crypt(0, 0, _T, self._d, src, dst, n, self._e, 0, self._nr)

    def cbc_encrypt(self, src, dst, n, iv):
        _crypt(0, 0, _T, self._e, src, dst, n, iv, 1, self._nr)

    def cbc_decrypt(self, src, dst, n, iv):
        _crypt(0, 0, _T, self._d, src, dst, n, iv, 4, self._nr)

    def ctr_xor(self, src, dst, n, ctr, width):
        _crypt(0, 0, _T, self._e, src, dst, n, ctr, 2 if width == 8 else 3, self._nr)


def new(key):
    """A DES (8-byte key) or TDEA (16/24-byte key) context (validated by the caller).
    Not constant time."""
    return _Ctx(key)
''',
}


if __name__ == "__main__":
    sys.exit(main())
