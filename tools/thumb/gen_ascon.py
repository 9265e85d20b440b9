"""Writes ``modules/mpcrypto/hash/ascon_thumb.py``: the Ascon permutation (NIST SP 800-232 §3)
and Ascon-AEAD128's and the sponge's bulk loops in Thumb-2 for Cortex-M3/M4/M7/M33/M55/M85, as
MicroPython ``asm_thumb`` functions.

    python -m tools.thumb.gen_ascon          # rewrite the module
    python -m tools.thumb.gen_ascon --check  # exit 1 if the module is not what this writes

Instructions are encoded by ``tools/thumb/asm.py`` and emitted as ``data(2, ...)`` halfwords
with the mnemonic beside them.

Registers: the ten 32-bit lane halves (the state layout of ``ascon_viper``: S_k low half in
word 2k, high half in word 2k + 1) stay in r0-r9 for the whole call; r10-r12 are scratch, lr
holds the round constant. One round (§3.1):
- p_C: ``eor r4, r4, lr`` (S2's low byte); the constants 0xf0, 0xe1, ..., 0x4b step by -0x0f,
  the loop ends when lr reaches 0x3c (12 rounds from 0xf0, 8 from 0xb4);
- p_S on each set of halves: 17 instructions (BIC gives ~x & y in one), three scratch;
- p_L: per half, four EORs with the rotated operand in the shifter (a 64-bit rotation by
  r < 32 is ``lo >> r | hi << (32 - r)``; by r > 32 the halves swap), into r10/r11, then two
  MOVs back: 10 instructions per lane.
Bulk loops keep the state in registers across blocks; the block's words are loaded and stored
with LDR/STR (ARMv7-M allows unaligned addresses), the pointers and the count on the stack.
No table, no branch or address depends on the state or the data: constant time.
"""

import sys

from tools import ROOT
from tools.gen import write_or_check
from tools.thumb.asm import Asm, data_lines

OUT = ROOT / "modules" / "mpcrypto" / "hash" / "ascon_thumb.py"

X = tuple(range(10))  # r0..r9: S0 lo, S0 hi, S1 lo, ..., S4 hi
A, B, T = 10, 11, 12  # scratch
LR = 14  # round constant
SP = 13
ROT = ((19, 28), (61, 39), (1, 6), (10, 17), (7, 41))  # SP 800-232 §3.4
# Stack after the kernel's own push {r0-r3, r8-r11}: the four arguments at 0, 4, 8, 12.


def sbox(a, x):
    # SP 800-232 §3.3 bitsliced: x0 ^= x4; x4 ^= x3; x2 ^= x1; t_k = ~x_k & x_(k+1);
    # x_k ^= t_(k+1); x1 ^= x0; x0 ^= x4; x3 ^= x2; x2 = ~x2. t0 and t4 are kept (A, B),
    # t1..t3 are used as soon as made (T).
    a.eor(x[0], x[0], x[4])
    a.eor(x[4], x[4], x[3])
    a.eor(x[2], x[2], x[1])
    a.bic(A, x[1], x[0])  # t0 = ~x0 & x1
    a.bic(B, x[0], x[4])  # t4 = ~x4 & x0
    a.bic(T, x[2], x[1])  # t1
    a.eor(x[0], x[0], T)
    a.bic(T, x[3], x[2])  # t2
    a.eor(x[1], x[1], T)
    a.bic(T, x[4], x[3])  # t3
    a.eor(x[2], x[2], T)
    a.eor(x[3], x[3], B)
    a.eor(x[4], x[4], A)
    a.eor(x[1], x[1], x[0])
    a.eor(x[0], x[0], x[4])
    a.eor(x[3], x[3], x[2])
    a.mvn(x[2], x[2])


def linear(a, k):
    lo, hi = X[2 * k], X[2 * k + 1]
    for dst, (own, other) in ((A, (lo, hi)), (B, (hi, lo))):
        # dst = own ^ ROTR(lane, r1) ^ ROTR(lane, r2), the half that ``own`` is
        first = True
        for r in ROT[k]:
            if r < 32:
                src_r, src_l, s = own, other, r
            else:
                src_r, src_l, s = other, own, r - 32
            a.eor_sh(dst, own if first else dst, src_r, 1, s)
            a.eor_sh(dst, dst, src_l, 0, 32 - s)
            first = False
    a.mov(lo, A)
    a.mov(hi, B)


def rounds(a, tag):
    # lr = the first round constant; the rounds run until it steps past 0x4b.
    a.label("round" + tag)
    a.eor(X[4], X[4], LR)
    sbox(a, X[0::2])
    sbox(a, X[1::2])
    for k in range(5):
        linear(a, k)
    a.subi(LR, LR, 0x0F)
    a.cmpi(LR, 0x3C)
    a.b("ne", "round" + tag)


def prologue(a):
    a.push([0, 1, 2, 3, 8, 9, 10, 11])
    a.ldr(A, SP, 0)
    a.ldm(A, X, False)


def epilogue(a):
    a.ldr(A, SP, 0)
    a.stm(A, X)
    a.pop([0, 1, 2, 3, 8, 9, 10, 11])
    a.movs_imm(0, 0)


def count_down(a, slot, top):
    # the block count at [sp, #slot] minus one; loop while not zero
    a.ldr(A, SP, slot)
    a.subs1(A, A)
    a.str_(A, SP, slot)
    a.b("ne", top)


def k_perm():
    # _perm(st, c0): Ascon-p[12] (c0 = 0xf0) or Ascon-p[8] (c0 = 0xb4) on st
    a = Asm()
    prologue(a)
    a.ldr(LR, SP, 4)
    rounds(a, "")
    epilogue(a)
    return a


def k_absorb():
    # _absorb(st, buf, nblocks, wide): per block, S[0:8] ^= 8 bytes and Ascon-p[12] (wide 0:
    # the hashes' rate), or S[0:16] ^= 16 bytes and Ascon-p[8] (wide 1: the AEAD's AD)
    a = Asm()
    prologue(a)
    a.label("block")
    a.ldr(A, SP, 4)
    for w in range(2):
        a.ldr(B, A, 4 * w)
        a.eor(X[w], X[w], B)
    a.movi(LR, 0xF0)
    a.ldr(T, SP, 12)
    a.cmp_imm0(T)
    a.b("eq", "narrow")
    for w in range(2, 4):
        a.ldr(B, A, 4 * w)
        a.eor(X[w], X[w], B)
    a.addw(A, A, 8)
    a.movi(LR, 0xB4)
    a.label("narrow")
    a.addw(A, A, 8)
    a.str_(A, SP, 4)
    rounds(a, "")
    count_down(a, 8, "block")
    epilogue(a)
    return a


def k_encrypt():
    # _enc(st, src, dst, nblocks): per 16-byte block S[0:16] ^= P, C = S[0:16], Ascon-p[8]
    a = Asm()
    prologue(a)
    a.label("block")
    a.ldr(A, SP, 4)
    a.ldr(T, SP, 8)
    for w in range(4):
        a.ldr(B, A, 4 * w)
        a.eor(X[w], X[w], B)
        a.str_(X[w], T, 4 * w)
    a.addw(A, A, 16)
    a.str_(A, SP, 4)
    a.addw(T, T, 16)
    a.str_(T, SP, 8)
    a.movi(LR, 0xB4)
    rounds(a, "")
    count_down(a, 12, "block")
    epilogue(a)
    return a


def k_decrypt():
    # _dec(st, src, dst, nblocks): per block P = C ^ S[0:16], S[0:16] = C, Ascon-p[8]. Each
    # word of C is loaded before the word of P at the same offset is stored (dst may be src,
    # or start before it).
    a = Asm()
    prologue(a)
    a.label("block")
    a.ldr(A, SP, 4)
    a.ldr(LR, SP, 8)
    for w in range(4):
        a.ldr(B, A, 4 * w)
        a.eor(T, X[w], B)
        a.str_(T, LR, 4 * w)
        a.mov(X[w], B)
    a.addw(A, A, 16)
    a.str_(A, SP, 4)
    a.addw(LR, LR, 16)
    a.str_(LR, SP, 8)
    a.movi(LR, 0xB4)
    rounds(a, "")
    count_down(a, 12, "block")
    epilogue(a)
    return a


KERNELS = (("_perm", 2, k_perm), ("_absorb", 4, k_absorb), ("_enc", 4, k_encrypt), ("_dec", 4, k_decrypt))

HEADER = '''# GENERATED by python -m tools.thumb.gen_ascon: edit the generator, not this file.
"""The Ascon permutation (NIST SP 800-232 §3) in Thumb-2 assembly: Cortex-M3, M4, M7, M33,
M55, M85.

Backend ``thumb`` of the seam primitive "ascon" (``hash/_ascon``), chosen where ``mpcrypto._cpu``
finds a Thumb-2 core (feature ``thumb2``), before ``viper``. Same surface and state layout as
``ascon_viper`` (an ``array('I')`` of 10 words, S_k's low half in word 2k); the byte I/O
(``xor_bytes``, ``put_bytes``, ``get_bytes``) is ``hash/_ascon_io``'s. ``absorb`` takes the two
shapes its callers use: rate 8 with Ascon-p[12] (the hashes) and rate 16 with Ascon-p[8] (the
AEAD's associated data).

The state stays in r0-r9 through a whole call (many blocks per call); BIC gives the S-box's
~x & y in one instruction and the 64-bit rotations of the linear layer are EORs with shifted
operands. Constant time: no table, no branch or address depends on the state or the data (the
loops count rounds and blocks); ARMv7-M's EOR/BIC/MVN/LDR/STR take fixed time. Instructions
per byte on an emulated Cortex-M4: see ``host_tests/test_thumb_ascon.py``.
"""

import micropython
from mpcrypto._cpu import thumb2 as probe  # noqa: F401 (what the seam's chain requires)
from mpcrypto.hash._ascon_io import get_bytes, put_bytes, xor_bytes  # noqa: F401
'''

FOOTER = '''

def _at(buf, off):
    return buf if off == 0 else memoryview(buf)[off:]


def perm(st, rounds):
    _perm(st, 0xF0 if rounds == 12 else 0xB4)


def absorb(st, buf, off, nblocks, rate, rounds):
    # rate 8 goes with 12 rounds, rate 16 with 8 (the only shapes the callers use)
    if nblocks:
        _absorb(st, _at(buf, off), nblocks, 0 if rate == 8 else 1)


def encrypt(st, src, dst, off, nblocks):
    if nblocks:
        _enc(st, _at(src, off), _at(dst, off), nblocks)


def decrypt(st, src, dst, off, nblocks):
    if nblocks:
        _dec(st, _at(src, off), _at(dst, off), nblocks)


def squeeze(st, out, n):
    # out[0:n] = S[0:8], then Ascon-p[12] and the next 8 bytes, ... (SP 800-232 §5.2)
    i = 0
    while i < n:
        if i:
            _perm(st, 0xF0)
        k = n - i if n - i < 8 else 8
        get_bytes(st, out, i, k, 0)
        i += k
'''


def generate():
    parts = [HEADER]
    for name, nargs, make in KERNELS:
        args = ", ".join("r%d" % i for i in range(nargs))
        parts.append("\n\n@micropython.asm_thumb\ndef %s(%s):\n" % (name, args))
        parts.append("    # %s\n" % make.__doc__.strip() if make.__doc__ else "")
        parts += data_lines(make())
    parts.append(FOOTER)
    return "".join(parts)


def main(argv=None):
    return write_or_check(OUT, generate, "tools.thumb.gen_ascon", argv)


if __name__ == "__main__":
    sys.exit(main())
