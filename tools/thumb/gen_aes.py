"""Writes ``modules/mpcrypto/cipher/aes_thumb.py``: AES (FIPS 197) T-table kernels in Thumb-2
for Cortex-M3/M4/M7/M33/M55/M85, as MicroPython ``asm_thumb`` functions.

    python -m tools.thumb.gen_aes          # rewrite the module
    python -m tools.thumb.gen_aes --check  # exit 1 if the module is not what this writes

MicroPython's inline assembler knows only a few Thumb-2 instructions, so every instruction
of the kernels is encoded by ``tools/thumb/asm.py`` and emitted as ``data(2, ...)`` halfwords,
with the mnemonic beside it as a comment. Branch offsets are computed there too: the kernels
contain no inline-assembler label. The inline assembler wraps each function in its own entry and
exit (``push {r4-r7, lr}`` ... ``pop``); the kernels save r8-r11 themselves.

Design (one table per direction, rotations free in the data-processing instructions): a
round column is ``T[b0] ^ ror(T[b1], 24) ^ ror(T[b2], 16) ^ ror(T[b3], 8) ^ rk``, each byte
taken with one UXTB (with its rotation), each lookup one LDR with the index scaled by 4, each
XOR one EOR with the rotation in its shifter: 11 instructions per column, plus one LDM of four
round-key words and four EORs per round (49 per round). The last encryption round takes the
S-box byte from byte 1 of Te0 (Te0[x] = {02}S[x], S[x], S[x], {03}S[x]); the last decryption
round uses the inverse S-box stored after Td0.
"""

import sys

from tools import ROOT, library
from tools.gen import write_or_check
from tools.thumb.asm import Asm, data_lines

OUT = ROOT / "modules" / "mpcrypto" / "cipher" / "aes_thumb.py"
_tables = library("mpcrypto.cipher.aes_tables")
SBOX, INV_SBOX, gmul = _tables.SBOX, _tables.INV_SBOX, _tables.gmul

# -- registers and the context layout --------------------------------------------------------

TE = 0  # r0: the table (Te0, or Td0 || InvS)
S = (1, 2, 3, 4)  # r1-r4: state
T = (5, 6, 7, 8)  # r5-r8: the other state
RK = 9  # r9: round-key pointer
IX = 10  # r10: byte index / scratch
TMP = 11  # r11: looked-up word / scratch
END = 12  # r12: address of the last round key
DST = 14  # lr: destination pointer

# Context words (array('I'), built by aes_thumb._Ctx): see the module docstring written below.
NR, TEA, TDA, NB, DK, WIDE = 60, 61, 62, 63, 64, 124
# Stack after the kernel's own push {r0-r4, r8-r11}: ctx, src, dst, iv, block count.
SP_CTX, SP_SRC, SP_IV, SP_NB = 0, 4, 12, 16

# -- the kernels -------------------------------------------------------------------------------


def full_round(a, src, dst, dec):
    # dst = one round of src (T-table), then dst ^= the next four round-key words (src regs
    # are free by then: the LDM fills them). Column c reads row j from column c + j (enc,
    # ShiftRows) or c - j (dec, InvShiftRows).
    sgn = -1 if dec else 1
    for c in range(4):
        a.uxtb(IX, src[c], 0)
        a.ldr_idx(dst[c], TE, IX, 2)
        for j, ror in ((1, 24), (2, 16), (3, 8)):
            w = src[(c + sgn * j) % 4]
            if j == 3:
                a.lsr(IX, w, 24)
            else:
                a.uxtb(IX, w, 8 * j)
            a.ldr_idx(TMP, TE, IX, 2)
            a.eor(dst[c], dst[c], TMP, ror)
    a.ldm(RK, src, True)
    for c in range(4):
        a.eor(dst[c], dst[c], src[c])


def final_round(a, src, dst, dec):
    # SubBytes, (Inv)ShiftRows, AddRoundKey(Nr): bytes from the S-box, the key at [RK].
    # Encryption: S[x] is byte 1 of Te0[x] (TE moved up by 1, index scaled by 4);
    # decryption: InvS[x] at TE + 1024 (TE moved there, index unscaled).
    sgn = -1 if dec else 1
    lsl = 0 if dec else 2
    if dec:
        a.addw(TE, TE, 1024)
    else:
        a.addw(TE, TE, 1)
    for c in range(4):
        a.uxtb(IX, src[c], 0)
        a.ldr_idx(dst[c], TE, IX, lsl, byte=True)
        for j in (1, 2, 3):
            w = src[(c + sgn * j) % 4]
            if j == 3:
                a.lsr(IX, w, 24)
            else:
                a.uxtb(IX, w, 8 * j)
            a.ldr_idx(TMP, TE, IX, lsl, byte=True)
            a.orr_lsl(dst[c], dst[c], TMP, 8 * j)
    if dec:
        a.addw(TE, TE, 1024, sub=True)
    else:
        a.addw(TE, TE, 1, sub=True)
    a.ldm(RK, src, False)
    for c in range(4):
        a.eor(dst[c], dst[c], src[c])


def kernel(mode):
    """One kernel: mode in 'ecb_enc', 'cbc_enc', 'ctr', 'ecb_dec', 'cbc_dec'."""
    dec = mode.endswith("_dec")
    a = Asm()
    a.push((0, 1, 2, 3, 4, 8, 9, 10, 11))  # ctx, src, dst, iv, (count slot), r8-r11
    a.ldr(TMP, 0, 4 * NB)
    a.cmp_imm0(TMP)
    a.b("eq", "done")
    a.str_(TMP, 13, SP_NB)
    a.mov(DST, 2)
    a.ldr(END, 0, 4 * NR)
    a.add_lsl(END, 0, END, 4)  # ctx + 16 Nr: the last round key
    if dec:
        a.addw(END, END, 4 * DK)
        a.ldr(TE, 0, 4 * TDA)
    else:
        a.ldr(TE, 0, 4 * TEA)
    a.label("block")
    # The cipher input into S.
    if mode == "ctr":
        # The counter block is the input; then the counter += 1 (big-endian) over its last
        # 4 bytes, or all 16 when ctx[WIDE] is set; carries are rare and public.
        a.ldr(TMP, 13, SP_IV)
        for c in range(4):
            a.ldr(S[c], TMP, 4 * c)
        for w in (3, 2, 1, 0):
            a.ldr(IX, TMP, 4 * w)
            a.rev(IX, IX)
            a.adds1(IX, IX)
            a.rev(IX, IX)
            a.str_(IX, TMP, 4 * w)
            if w:
                a.b("cc", "counted")
            if w == 3:
                a.ldr(IX, 13, SP_CTX)
                a.ldr(IX, IX, 4 * WIDE)
                a.cmp_imm0(IX)
                a.b("eq", "counted")
        a.label("counted")
    else:
        a.ldr(IX, 13, SP_SRC)
        for c in range(4):
            a.ldr(S[c], IX, 4 * c)
        if mode == "cbc_enc":
            a.ldr(TMP, 13, SP_IV)
            for c in range(4):
                a.ldr(T[c], TMP, 4 * c)
            for c in range(4):
                a.eor(S[c], S[c], T[c])
    # AddRoundKey(0), then Nr - 1 full rounds (an odd number: one, then pairs), then the last.
    a.ldr(RK, 13, SP_CTX)
    if dec:
        a.addw(RK, RK, 4 * DK)
    a.ldm(RK, T, True)
    for c in range(4):
        a.eor(S[c], S[c], T[c])
    full_round(a, S, T, dec)
    a.label("rounds")
    full_round(a, T, S, dec)
    full_round(a, S, T, dec)
    a.cmp(RK, END)
    a.b("ne", "rounds")
    final_round(a, T, S, dec)
    # Output: S is E(input) or D(input).
    if mode == "ctr":
        a.ldr(IX, 13, SP_SRC)
        for c in range(4):
            a.ldr(T[c], IX, 4 * c)
        for c in range(4):
            a.eor(S[c], S[c], T[c])
    if mode == "cbc_dec":
        # Plaintext = D(C) ^ iv, then iv = C (read from src before dst is written: in place works).
        a.ldr(TMP, 13, SP_IV)
        for c in range(4):
            a.ldr(T[c], TMP, 4 * c)
        for c in range(4):
            a.eor(S[c], S[c], T[c])
        a.ldr(IX, 13, SP_SRC)
        for c in range(4):
            a.ldr(T[c], IX, 4 * c)
        for c in range(4):
            a.str_(T[c], TMP, 4 * c)
    for c in range(4):
        a.str_(S[c], DST, 4 * c)
    a.addw(DST, DST, 16)
    if mode == "cbc_enc":
        a.ldr(TMP, 13, SP_IV)
        for c in range(4):
            a.str_(S[c], TMP, 4 * c)
    a.ldr(IX, 13, SP_SRC)
    a.addw(IX, IX, 16)
    a.str_(IX, 13, SP_SRC)
    a.ldr(TMP, 13, SP_NB)
    a.subs1(TMP, TMP)
    a.str_(TMP, 13, SP_NB)
    a.b("ne", "block")
    a.label("done")
    a.pop((0, 1, 2, 3, 4, 8, 9, 10, 11))
    a.movs_imm(0, 0)
    return a


KERNELS = (
    ("_ecb_enc", "ecb_enc", "ECB encryption (SP 800-38A §6.1)"),
    ("_cbc_enc", "cbc_enc", "CBC encryption (§6.2): input ^= iv, iv := output"),
    ("_ctr", "ctr", "CTR (§6.5) / GCTR (SP 800-38D §6.5): dst = src ^ E(ctr), ctr += 1"),
    ("_ecb_dec", "ecb_dec", "ECB decryption (FIPS 197 §5.3.5 equivalent inverse cipher)"),
    ("_cbc_dec", "cbc_dec", "CBC decryption: output = D(C) ^ iv, iv := C"),
)


def tables():
    te = bytearray()
    td = bytearray()
    for x in range(256):
        s = SBOX[x]
        te += bytes((gmul(s, 2), s, s, gmul(s, 3)))
        i = INV_SBOX[x]
        td += bytes((gmul(i, 14), gmul(i, 9), gmul(i, 13), gmul(i, 11)))
    return bytes(te), bytes(td) + INV_SBOX


def _bytes_literal(name, data):
    lines = ["%s = (" % name]
    for o in range(0, len(data), 32):
        lines.append('    b"' + "".join("\\x%02x" % b for b in data[o : o + 32]) + '"')
    lines.append(")")
    return "\n".join(lines)


HEADER = '''# GENERATED by python -m tools.thumb.gen_aes: edit the generator, not this file.
"""AES (FIPS 197) in Thumb-2 assembly with T-tables in flash: Cortex-M3, M4, M7, M33, M55, M85.

NOT constant time. Every round looks up a table at indices that are state bytes, that is,
secret data: on a core with a data cache (Cortex-M7, M55, M85, and MCUs with a flash cache
or accelerator in front of the tables) the timing depends on the key and the data, and a
cache-timing attacker can learn key bits. On a Cortex-M3/M4 without a data cache (NXP
Kinetis K64F/K66F, where this is the default software AES) each LDR takes the same time
whatever its address inside the table, but flash wait states and the flash prefetch buffer
can still make it vary; no timing promise is made here. Where it matters, use the board's
AES hardware.

Kernels (``asm_thumb``, four arguments: ctx, src, dst, iv; the block count is ctx[63]):
``_ecb_enc``, ``_cbc_enc``, ``_ctr`` (counter += 1 big-endian over the last 4 bytes of iv,
or all 16 when ctx[124] is 1, inside the kernel), ``_ecb_dec``, ``_cbc_dec``. Many blocks
per call; src and dst may be the same buffer or any byte addresses (word loads and stores
of ARMv7-M allow unaligned addresses). ``_put(ctx, buf, i)`` stores the address of buf at
ctx[i]: the way the tables' addresses (``TE``, ``TD``, ``bytes`` in flash when frozen) reach
the kernels.

Context (array('I'), ``aes_thumb._Ctx``), 32-bit words: [0, 60) encryption round keys,
[60] Nr, [61] address of TE, [62] address of TD, [63] block count, [64, 124) decryption
round keys (equivalent inverse cipher, FIPS 197 §5.3.5), [124] 1 for a 128-bit counter.

Tables: TE is Te0 (1 KiB: {02}S[x], S[x], S[x], {03}S[x] little-endian); TD is Td0 (1 KiB:
{0e}, {09}, {0d}, {0b} times InvS[x]) followed by InvS (256 bytes). The other three tables of
each direction are rotations of these and cost nothing: the EOR's shifter rotates.
"""

import array
import micropython
from mpcrypto._cpu import thumb2 as probe  # noqa: F401 (what the seam's chain requires)
from mpcrypto.cipher.aes_tables import SBOX, expand_key

'''


def generate():
    te, td = tables()
    parts = [HEADER, _bytes_literal("TE", te), "\n\n", _bytes_literal("TD", td), "\n"]
    parts.append('''

@micropython.asm_thumb
def _put(r0, r1, r2):
    # ctx[r2] = address of r1's data
    lsl(r2, r2, 2)
    add(r0, r0, r2)
    str(r1, [r0, 0])
''')
    for name, mode, doc in KERNELS:
        parts.append("\n\n@micropython.asm_thumb\ndef %s(r0, r1, r2, r3):\n" % name)
        parts.append("    # %s\n" % doc)
        parts += data_lines(kernel(mode))
    parts.append(FOOTER)
    return "".join(parts)


FOOTER = '''

_TAB = []  # [TE, TD] as the kernels see them: the flash constants, or aligned RAM copies


def _tables(k):
    # The tables' addresses into ctx words 61 and 62. A frozen ``bytes`` sits in flash at the
    # address the firmware's linker gave it; word loads want it 4-byte aligned, so an unaligned
    # constant (or a .mpy loaded into RAM) is copied once into a bytearray (heap: aligned).
    if not _TAB:
        for i, t in ((61, TE), (62, TD)):
            _put(k, t, i)
            if k[i] & 3:
                t = bytearray(t)
            _TAB.append(t)
    _put(k, _TAB[0], 61)
    _put(k, _TAB[1], 62)


def _inv_mix(w, o):
    # InvMixColumns (FIPS 197 §5.3.3) of the 4 bytes w[o:o+4], from TD's bytes:
    # TD[4 S[b] + j] = ({0e}, {09}, {0d}, {0b})[j] times b.
    b = [4 * SBOX[w[o + r]] for r in range(4)]
    td = TD
    return bytes(
        td[b[r]] ^ td[b[(r + 1) & 3] + 3] ^ td[b[(r + 2) & 3] + 2] ^ td[b[(r + 3) & 3] + 1]
        for r in range(4)
    )


class _Ctx:
    def __init__(self, key):
        w = expand_key(key)
        nr = len(w) // 16 - 1
        d = bytearray(len(w))  # decryption keys: reversed rounds, InvMixColumns inside
        for r in range(nr + 1):
            for c in range(4):
                o = 16 * (nr - r) + 4 * c
                d[16 * r + 4 * c : 16 * r + 4 * c + 4] = w[o : o + 4] if r == 0 or r == nr else _inv_mix(w, o)
        k = array.array("I", bytes(4 * 125))
        for i in range(len(w) >> 2):
            # Little-endian words of the round-key bytes (built once per key; values of 2**30
            # and more are heap integers on a 32-bit port, only here).
            k[i] = int.from_bytes(w[4 * i : 4 * i + 4], "little")
            k[64 + i] = int.from_bytes(d[4 * i : 4 * i + 4], "little")
        k[60] = nr
        _tables(k)
        self._k = k

    def ecb_encrypt(self, src, dst, n):
        k = self._k
        k[63] = n
        _ecb_enc(k, src, dst, k)

    def ecb_decrypt(self, src, dst, n):
        k = self._k
        k[63] = n
        _ecb_dec(k, src, dst, k)

    def cbc_encrypt(self, src, dst, n, iv):
        k = self._k
        k[63] = n
        _cbc_enc(k, src, dst, iv)

    def cbc_decrypt(self, src, dst, n, iv):
        k = self._k
        k[63] = n
        _cbc_dec(k, src, dst, iv)

    def ctr_xor(self, src, dst, n, ctr, width):
        k = self._k
        k[63] = n
        k[124] = 1 if width == 16 else 0
        _ctr(k, src, dst, ctr)


def new(key):
    """An AES context for a 16/24/32-byte key (validated by the caller). Not constant time."""
    return _Ctx(key)
'''


def main(argv=None):
    return write_or_check(OUT, generate, "tools.thumb.gen_aes", argv)


if __name__ == "__main__":
    sys.exit(main())
