"""Writes ``modules/mpcrypto/cipher/aes_thumb.py``: AES (FIPS 197) with T-tables in Thumb-2 for
Cortex-M3/M4/M7/M33/M55/M85, one MicroPython ``asm_thumb`` function for every mode.

    python -m tools.thumb.gen_aes          # rewrite the module
    python -m tools.thumb.gen_aes --check  # exit 1 if the module is not what this writes

MicroPython's inline assembler knows only a few Thumb-2 instructions, so every instruction
of the kernel is encoded by ``tools/thumb/asm.py`` and emitted as ``data(2, ...)`` halfwords,
with the mnemonic beside it as a comment. Branch offsets are computed there too: the kernel
contains no inline-assembler label. The inline assembler wraps each function in its own entry and
exit (``push {r4-r7, lr}`` ... ``pop``); the kernel saves r8-r11 itself.

Design (one table per direction, rotations free in the data-processing instructions): a
round column is ``T[b0] ^ ror(T[b1], 24) ^ ror(T[b2], 16) ^ ror(T[b3], 8) ^ rk``, each byte
taken with one UXTB (with its rotation), each lookup one LDR with the index scaled by 4, each
XOR one EOR with the rotation in its shifter: 11 instructions per column, plus one LDM of four
round-key words and four EORs per round (49 per round). The last round takes its bytes from
the direction's S-box (``aes_tables``' SBOX or INV_SBOX, loaded into the table register for
that round).

One function for every mode and both directions (asm_thumb functions cannot call each other,
so sharing the rounds means one function). Decryption keeps state column c in register
-c mod 4, and its round keys in that order: InvShiftRows then reads the same registers as
ShiftRows, and the rounds differ only in the table, the keys and the S-box, which are data
(see ``slot``). The mode (in the context's call word) picks, once per call, the code that
loads a block's input (reached by the previous block's branch back) and the code that uses
its output (its address in a stack slot: the rounds end with ``ldr pc, [sp, #20]``). Per
block that costs one instruction for ECB encryption, whose input code falls into the rounds,
and two for the other modes; the input and output code addresses src and dst with
post-indexed loads and stores, which saves more than that.
"""

import sys

from tools import ROOT, library
from tools.gen import write_or_check
from tools.thumb.asm import SP, Asm, data_lines

OUT = ROOT / "modules" / "mpcrypto" / "cipher" / "aes_thumb.py"
_tables = library("mpcrypto.cipher.aes_tables")
SBOX, INV_SBOX, gmul = _tables.SBOX, _tables.INV_SBOX, _tables.gmul

# -- registers, the context and the stack frame -----------------------------------------------

TE = 0  # r0: the T-table of the direction (Te0 or Td0); the S-box in the last round
S = (1, 2, 3, 4)  # r1-r4: state
T = (5, 6, 7, 8)  # r5-r8: the other state
RK = 9  # r9: round-key pointer
IX = 10  # r10: byte index / scratch
TMP = 11  # r11: looked-up word / scratch
END = 12  # r12: address of the last round key
DST = 14  # lr: destination pointer

# Context words (array('I'), built by aes_thumb._Ctx): see the module docstring written below.
NR, TEA, TDA, CALL, DK, SBA, ISBA = 60, 61, 62, 63, 64, 124, 125
# The call word ctx[CALL] is the block count | the mode << MODE_SHIFT: one array store per
# call in Python, which costs MicroPython's VM about three times an OR with a constant. The
# kernel's entry dispatches on the mode (a public value, once per call). The module's Python
# part (FOOTER) writes these numbers.
MODE_SHIFT = 24
MODES = ("ecb_enc", "cbc_enc", "ctr", "ctr128", "ecb_dec", "cbc_dec")
CTR128 = MODES.index("ctr128")
FIRST_DEC = MODES.index("ecb_dec")  # modes from here on decrypt
# Stack after the kernel's push {r0-r11}: ctx, src, [dst's slot:] the T-table, iv, then the
# slots of r4-r7: block count, where the block's output code is, the first round key of
# the direction, the S-box; r8-r11's saved values above them.
SP_CTX, SP_SRC, SP_TT, SP_IV, SP_NB, SP_POST, SP_RK0, SP_SB = 0, 4, 8, 12, 16, 20, 24, 28


def slot(c, dec):
    # The register (index into S or T) that holds state column c. Decryption keeps column c
    # in slot -c mod 4, so that InvShiftRows (row j of column c from column c - j) reads row
    # j of slot s from slot s + j, as encryption's ShiftRows does: one round code for both.
    return (-c) % 4 if dec else c


# -- the kernel ---------------------------------------------------------------------------------


def full_round(a, src, dst):
    # dst = one round of src (T-table), then dst ^= the next four round-key words (src regs
    # are free by then: the LDM fills them). Slot s reads row j from slot s + j.
    for s in range(4):
        a.uxtb(IX, src[s], 0)
        a.ldr_idx(dst[s], TE, IX, 2)
        for j, ror in ((1, 24), (2, 16), (3, 8)):
            w = src[(s + j) % 4]
            if j == 3:
                a.lsr(IX, w, 24)
            else:
                a.uxtb(IX, w, 8 * j)
            a.ldr_idx(TMP, TE, IX, 2)
            a.eor(dst[s], dst[s], TMP, ror)
    a.ldm(RK, src, True)
    for s in range(4):
        a.eor(dst[s], dst[s], src[s])


def final_round(a, src, dst):
    # SubBytes, (Inv)ShiftRows, AddRoundKey(Nr): bytes from the direction's S-box (TE points
    # at it during this round), the key at [RK].
    a.ldr(TE, 13, SP_SB)
    for s in range(4):
        a.uxtb(IX, src[s], 0)
        a.ldr_idx(dst[s], TE, IX, 0, byte=True)
        for j in (1, 2, 3):
            w = src[(s + j) % 4]
            if j == 3:
                a.lsr(IX, w, 24)
            else:
                a.uxtb(IX, w, 8 * j)
            a.ldr_idx(TMP, TE, IX, 0, byte=True)
            a.orr_lsl(dst[s], dst[s], TMP, 8 * j)
    a.ldr(TE, 13, SP_TT)
    a.ldm(RK, src, False)
    for s in range(4):
        a.eor(dst[s], dst[s], src[s])


def load_block(a, base, regs, dec, advance):
    # regs = the 16 bytes at base (column c into slot(c)); with advance, base += 16 (the
    # post-indexed load of column 0 comes last).
    for c in (1, 2, 3, 0):
        if c == 0 and advance:
            a.ldr_post(regs[slot(0, dec)], base, 16)
        else:
            a.ldr(regs[slot(c, dec)], base, 4 * c)


def store_block(a, base, regs, dec, advance):
    for c in (1, 2, 3, 0):
        if c == 0 and advance:
            a.str_post(regs[slot(0, dec)], base, 16)
        else:
            a.str_(regs[slot(c, dec)], base, 4 * c)


def xor_block(a, d, m):
    for s in range(4):
        a.eor(d[s], d[s], m[s])


def next_block(a, mode):
    # Block count -= 1; the next block's input code, or the exit.
    a.ldr(TMP, 13, SP_NB)
    a.subs1(TMP, TMP)
    a.str_(TMP, 13, SP_NB)
    a.b("ne", "in_" + mode)


def kernel(where=None):
    """The kernel of every mode; ``where``: its labels' offsets (from a first pass, which
    this makes when it is None: the entry's jump table and addresses need them)."""
    if where is None:
        where = kernel({}).labels()
        a = kernel(where)
        if a.labels() != where:
            raise AssertionError("label offsets moved between the passes")
        return a
    at = lambda name: where.get(name, 0)  # noqa: E731
    a = Asm()
    # -- entry: once per call
    a.push((0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11))  # ctx, src, dst, iv, slots for r4-r7, r8-r11
    a.ldr(5, 0, 4 * CALL)
    a.imm("bic", TMP, 5, 0xFF << MODE_SHIFT)  # the block count
    a.cmp_imm0(TMP)
    a.b("eq", "done")
    a.str_(TMP, 13, SP_NB)
    a.lsr(5, 5, MODE_SHIFT)  # the mode
    a.mov(DST, 2)
    a.ldr(END, 0, 4 * NR)
    a.add_lsl(END, 0, END, 4)  # ctx + 16 Nr: the last round key
    a.mov(RK, 0)
    a.ldr(6, 0, 4 * TEA)
    a.ldr(7, 0, 4 * SBA)
    a.cmp_imm(5, FIRST_DEC)
    a.b("cc", "keys")
    a.addw(RK, 0, 4 * DK)  # decryption: its own round keys, tables and S-box
    a.addw(END, END, 4 * DK)
    a.ldr(6, 0, 4 * TDA)
    a.ldr(7, 0, 4 * ISBA)
    a.label("keys")
    a.str_(6, 13, SP_TT)
    a.str_(7, 13, SP_SB)
    a.str_(RK, 13, SP_RK0)
    a.mov(TE, 6)
    # The mode's output code address (+1: Thumb) into its slot, then its input code: TBB
    # jumps to the mode's stub (byte table of halfword offsets from the TBB + 4).
    a.mov_pc(6)  # r6 = where the code starts + base (MOV from PC reads its address + 4)
    base = a.pos + 2
    tbb = a.pos
    a.tbb(15, 5)
    offs = [max(0, at("mode_" + m.replace("ctr128", "ctr")) - (tbb + 4)) // 2 for m in MODES]
    if where and not all(0 < o < 256 for o in offs):
        raise ValueError("TBB offsets %s" % offs)
    for k in range(0, len(MODES), 2):
        a.i((offs[k] | offs[k + 1] << 8,), ".byte %d, %d  (TBB table: %s, %s)" % (
            offs[k], offs[k + 1], MODES[k], MODES[k + 1]))
    for m in MODES:
        if m == "ctr128":
            continue
        a.label("mode_" + m)
        a.addw(7, 6, max(0, at("out_" + m) + 1 - base))
        a.str_(7, 13, SP_POST)
        a.b("al", "in_" + m)
    # -- the modes' input code: the cipher input into S (slot order), then the rounds
    a.label("in_cbc_enc")
    a.ldr(IX, 13, SP_SRC)
    load_block(a, IX, S, False, True)
    a.str_(IX, 13, SP_SRC)
    a.ldr(TMP, 13, SP_IV)
    load_block(a, TMP, T, False, False)
    xor_block(a, S, T)
    a.b("al", "cipher")
    a.label("in_ctr")
    # The counter block is the input; then the counter += 1 (big-endian) over its last 4
    # bytes, or all 16 in mode ctr128; carries are rare and public.
    a.ldr(TMP, 13, SP_IV)
    load_block(a, TMP, S, False, False)
    a.rev(IX, S[3])  # word 3 is in S[3] already
    for w in (3, 2, 1, 0):
        if w < 3:
            a.ldr(IX, TMP, 4 * w)
            a.rev(IX, IX)
        a.adds1(IX, IX)
        a.rev(IX, IX)
        a.str_(IX, TMP, 4 * w)
        if w:
            a.b("cc", "cipher")
        if w == 3:
            a.ldr(IX, 13, SP_CTX)
            a.ldr(IX, IX, 4 * CALL)
            a.lsr(IX, IX, MODE_SHIFT)
            a.cmpi(IX, CTR128)
            a.b("ne", "cipher")
    a.b("al", "cipher")
    a.label("in_ecb_dec")
    a.ldr(IX, 13, SP_SRC)
    load_block(a, IX, S, True, True)
    a.str_(IX, 13, SP_SRC)
    a.b("al", "cipher")
    a.label("in_cbc_dec")
    a.ldr(IX, 13, SP_SRC)  # src advances after the output code read the block again
    load_block(a, IX, S, True, False)
    a.b("al", "cipher")
    a.label("in_ecb_enc")  # falls into the rounds
    a.ldr(IX, 13, SP_SRC)
    load_block(a, IX, S, False, True)
    a.str_(IX, 13, SP_SRC)
    # -- the cipher: AddRoundKey(0), then Nr - 1 full rounds (an odd number: one, then
    # pairs), then the last; then the mode's output code.
    a.label("cipher")
    a.ldr(RK, 13, SP_RK0)
    a.ldm(RK, T, True)
    xor_block(a, S, T)
    full_round(a, S, T)
    a.label("rounds")
    full_round(a, T, S)
    full_round(a, S, T)
    a.cmp(RK, END)
    a.b("ne", "rounds")
    final_round(a, T, S)
    a.ldr(15, SP, SP_POST)  # to out_<mode>
    # -- the modes' output code: S is E(input) or D(input) (slot order)
    a.label("out_ecb_enc")
    store_block(a, DST, S, False, True)
    next_block(a, "ecb_enc")
    a.b("al", "done")
    a.label("out_cbc_enc")
    store_block(a, DST, S, False, True)
    a.ldr(TMP, 13, SP_IV)
    store_block(a, TMP, S, False, False)  # iv := the ciphertext block
    next_block(a, "cbc_enc")
    a.b("al", "done")
    a.label("out_ctr")
    a.ldr(IX, 13, SP_SRC)
    load_block(a, IX, T, False, True)
    a.str_(IX, 13, SP_SRC)
    xor_block(a, S, T)
    store_block(a, DST, S, False, True)
    next_block(a, "ctr")
    a.b("al", "done")
    a.label("out_ecb_dec")
    store_block(a, DST, S, True, True)
    next_block(a, "ecb_dec")
    a.b("al", "done")
    a.label("out_cbc_dec")
    # Plaintext = D(C) ^ iv, then iv = C (read from src before dst is written: in place works).
    a.ldr(TMP, 13, SP_IV)
    load_block(a, TMP, T, True, False)
    xor_block(a, S, T)
    a.ldr(IX, 13, SP_SRC)
    load_block(a, IX, T, True, True)
    a.str_(IX, 13, SP_SRC)
    store_block(a, TMP, T, True, False)
    store_block(a, DST, S, True, True)
    next_block(a, "cbc_dec")
    a.label("done")
    a.pop((0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11))
    a.movs_imm(0, 0)
    return a


def tables():
    te = bytearray()
    td = bytearray()
    for x in range(256):
        s = SBOX[x]
        te += bytes((gmul(s, 2), s, s, gmul(s, 3)))
        i = INV_SBOX[x]
        td += bytes((gmul(i, 14), gmul(i, 9), gmul(i, 13), gmul(i, 11)))
    return bytes(te), bytes(td)


def _bytes_literal(name, data):
    lines = ["%s = (" % name]
    for o in range(0, len(data), 32):
        lines.append('    b"' + "".join("\\x%02x" % b for b in data[o : o + 32]) + '"')
    lines.append(")")
    return "\n".join(lines)


LR = 14


def _subword(a):
    # r7 = SubWord(r7): each byte through the S-box at r2 (r12, lr scratch)
    a.uxtb(12, 7, 0)
    a.ldr_idx(12, 2, 12, 0, byte=True)
    for rot in (8, 16, 24):
        a.uxtb(LR, 7, rot)
        a.ldr_idx(LR, 2, LR, 0, byte=True)
        a.orr_lsl(12, 12, LR, rot)
    a.mov(7, 12)


def expand():
    """``_expand(w, n, sbox, key)``: FIPS 197 §5.2 KeyExpansion into the words of w (the
    context's first 4 (Nr + 1) words): the key's Nk words (any byte address) copied, then the
    rest; n = the total words | Nk << 8; sbox the S-box. Words are little-endian (byte 0 of
    a word is its low byte): RotWord is a rotation right by 8 and Rcon goes into the low
    byte. The branches follow i mod Nk, public; the S-box is read at key bytes (not constant
    time, as the rounds)."""
    a = Asm()
    a.lsr(4, 1, 8)  # r4 = Nk
    a.uxtb(1, 1, 0)  # r1 = total words
    a.movs_imm(5, 0)
    a.label("key")  # w[0 .. Nk) = the key
    a.ldr_idx(7, 3, 5, 2)
    a.add_lsl(12, 0, 5, 2)
    a.str_(7, 12, 0)
    a.adds1(5, 5)
    a.cmp(5, 4)
    a.b("ne", "key")
    a.mov(3, 4)  # r3 = Nk, r4 = i = Nk
    a.movs_imm(5, 0)  # r5 = i mod Nk
    a.movs_imm(6, 1)  # r6 = Rcon's byte
    a.label("word")
    a.subs1(12, 4)
    a.ldr_idx(7, 0, 12, 2)  # temp = w[i-1]
    a.cmp_imm0(5)
    a.b("ne", "mid")
    a.ror(7, 7, 8)  # RotWord
    _subword(a)
    a.eor(7, 7, 6)  # xor Rcon[i/Nk]
    a.lsl(6, 6, 1)  # Rcon = xtime(Rcon): x^8 = x^4 + x^3 + x + 1
    a.lsr(LR, 6, 8)
    for k in (8, 4, 3, 1):
        a.eor_lsl(6, 6, LR, k)
    a.eor(6, 6, LR)
    a.b("al", "store")
    a.label("mid")
    a.cmp_imm(3, 8)  # Nk > 6 and i mod Nk = 4: SubWord
    a.b("ne", "store")
    a.cmp_imm(5, 4)
    a.b("ne", "store")
    _subword(a)
    a.label("store")
    a.dp("sub", 12, 4, 3)  # w[i] = w[i-Nk] ^ temp
    a.ldr_idx(LR, 0, 12, 2)
    a.eor(7, 7, LR)
    a.add_lsl(12, 0, 4, 2)
    a.str_(7, 12, 0)
    a.adds1(5, 5)
    a.cmp(5, 3)
    a.b("ne", "next")
    a.movs_imm(5, 0)
    a.label("next")
    a.adds1(4, 4)
    a.cmp(4, 1)
    a.b("ne", "word")
    a.movs_imm(0, 0)
    return a


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

One kernel for every mode, ``_aes(ctx, src, dst, iv)`` (``asm_thumb``; ctx[63] is the block
count, below 2**24, | the mode << 24: 0 ECB encryption, 1 CBC encryption, 2 CTR with the
counter += 1 big-endian over the last 4 bytes of iv, 3 CTR over all 16, 4 ECB decryption,
5 CBC decryption; for ECB, iv is unused). The rounds are one copy shared by the modes and both
directions; the mode picks the code that loads a block's input and the code that uses its
output, once per call (public values, no branch on data). Many blocks per call; src and dst
may be the same buffer or any byte addresses (word loads and stores of ARMv7-M allow
unaligned addresses). ``_put(ctx, buf, i)`` stores the address of buf at ctx[i]: the way the
tables' addresses (``TE``, ``TD``, the S-boxes: ``bytes`` in flash when frozen) reach the
kernel. ``_expand(ctx, n, sbox, key)`` writes the encryption round keys, the key expansion of
FIPS 197 §5.2 (the generator, tools/thumb/gen_aes.py, describes it).

Context (array('I'), ``aes_thumb._Ctx``), 32-bit words: [0, 60) encryption round keys,
[60] Nr, [61] address of TE, [62] address of TD, [63] block count | mode << 24, [64, 124)
decryption round keys (equivalent inverse cipher, FIPS 197 §5.3.5; the words of each round
key in the column order 0, 3, 2, 1), [124] address of SBOX, [125] address of INV_SBOX
(``aes_tables``).

Decryption keeps state column c in register -c mod 4 (columns 0, 3, 2, 1), and its round
keys in the same order: InvShiftRows then reads row j of each register from the register
j further on, as encryption's ShiftRows does, so both directions run the same round code
with their own table.

Tables: TE is Te0 (1 KiB: {02}S[x], S[x], S[x], {03}S[x] little-endian); TD is Td0 (1 KiB:
{0e}, {09}, {0d}, {0b} times InvS[x]). The other three tables of each direction are
rotations of these and cost nothing: the EOR's shifter rotates. The last round takes its
bytes from ``aes_tables``' SBOX or INV_SBOX.
"""

import array
import micropython
from mpcrypto._cpu import thumb2 as probe  # noqa: F401 (what the seam's chain requires)
from mpcrypto.cipher.aes_tables import INV_SBOX, SBOX

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
    parts.append("\n\n@micropython.asm_thumb\ndef _aes(r0, r1, r2, r3):\n")
    parts.append("    # ECB (SP 800-38A §6.1), CBC (§6.2), CTR (§6.5) / GCTR (SP 800-38D §6.5)\n")
    parts += data_lines(kernel())
    parts.append("\n\n@micropython.asm_thumb\ndef _expand(r0, r1, r2, r3):\n")
    parts.append("    # FIPS 197 §5.2 KeyExpansion in place (see expand() in the generator)\n")
    parts += data_lines(expand())
    if MODES[0] != "ecb_enc":
        raise AssertionError("FOOTER's ecb_encrypt writes no mode bits")
    footer = FOOTER
    for i, m in enumerate(MODES):
        footer = footer.replace("@%s@" % m, "0x%08X" % (i << MODE_SHIFT))
    parts.append(footer)
    return "".join(parts)


FOOTER = '''

_TAB = []  # [TE, TD] as the kernel sees them: the flash constants, or aligned RAM copies


def _tables(k):
    # The tables' addresses into ctx words 61, 62, 124 and 125. A frozen ``bytes`` sits in
    # flash at the address the firmware's linker gave it; word loads want TE and TD 4-byte
    # aligned, so an unaligned constant (or a .mpy loaded into RAM) is copied once into a
    # bytearray (heap: aligned). The S-boxes are read a byte at a time: any address will do.
    if not _TAB:
        for i, t in ((61, TE), (62, TD)):
            _put(k, t, i)
            if k[i] & 3:
                t = bytearray(t)
            _TAB.append(t)
    _put(k, _TAB[0], 61)
    _put(k, _TAB[1], 62)
    _put(k, SBOX, 124)
    _put(k, INV_SBOX, 125)


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
        nk = len(key) >> 2
        # The encryption round keys are the little-endian words of the round-key bytes in
        # order (every core this kernel runs on is little-endian): _expand writes them
        # straight into the context; ctx words 60..63 and the decryption keys (64..) follow.
        k = array.array("I", bytes(4 * 126))
        _expand(k, 4 * (nk + 7) | nk << 8, SBOX, key)
        k[60] = nk + 6
        _tables(k)
        self._k = k
        self._dk = False  # the decryption keys: made on first use (GCM, CTR, CCM never ask)

    def _dec(self):
        # The decryption keys: reversed rounds, InvMixColumns inside, in the kernel's column
        # order 0, 3, 2, 1 (word i of a round is column -i mod 4), from the encryption round
        # keys' bytes. Values of 2**30 and more are heap integers on a 32-bit port, only here,
        # once per key.
        if self._dk:
            return
        k = self._k
        nr = k[60]
        w = bytes(k)[:16 * (nr + 1)]
        d = bytearray(len(w))
        for r in range(nr + 1):
            for c in range(4):
                o = 16 * (nr - r) + 4 * c
                d[16 * r + 4 * c : 16 * r + 4 * c + 4] = w[o : o + 4] if r == 0 or r == nr else _inv_mix(w, o)
        for i in range(len(w) >> 2):
            j = (i & ~3) | (-i & 3)
            k[64 + i] = int.from_bytes(d[4 * j : 4 * j + 4], "little")
        self._dk = True

    # ctx[63]: the block count | the mode << 24 (the kernel's call word; counts below 2**24).

    def ecb_encrypt(self, src, dst, n):
        k = self._k
        k[63] = n  # ECB encryption is mode 0
        _aes(k, src, dst, k)

    def ecb_decrypt(self, src, dst, n):
        self._dec()
        k = self._k
        k[63] = n | @ecb_dec@
        _aes(k, src, dst, k)

    def cbc_encrypt(self, src, dst, n, iv):
        k = self._k
        k[63] = n | @cbc_enc@
        _aes(k, src, dst, iv)

    def cbc_decrypt(self, src, dst, n, iv):
        self._dec()
        k = self._k
        k[63] = n | @cbc_dec@
        _aes(k, src, dst, iv)

    def ctr_xor(self, src, dst, n, ctr, width):
        k = self._k
        k[63] = n | (@ctr128@ if width == 16 else @ctr@)
        _aes(k, src, dst, ctr)


def new(key):
    """An AES context for a 16/24/32-byte key (validated by the caller). Not constant time."""
    return _Ctx(key)
'''


def main(argv=None):
    return write_or_check(OUT, generate, "tools.thumb.gen_aes", argv)


if __name__ == "__main__":
    sys.exit(main())
