"""Writes ``modules/mpcrypto/mac/ghash_thumb.py``: GHASH (SP 800-38D §6.4) in constant-time
Thumb-2 for Cortex-M4, M7, M33, M55, M85, as a MicroPython ``asm_thumb`` function.

    python -m tools.thumb.gen_ghash          # rewrite the module
    python -m tools.thumb.gen_ghash --check  # exit 1 if the module is not what this writes

Instructions are encoded by ``tools/thumb/asm.py`` and emitted as ``data(2, ...)`` halfwords
with the mnemonic beside them.

The method (no table, no branch on data):
- Bit order: GCM's leftmost bit is the coefficient of x^0. Reversing the bits inside each
  byte (REV then RBIT) turns a block's four little-endian words into the polynomial's words
  with x^i at bit i mod 32 of word i / 32; products are then ordinary carry-less products.
- 32 x 32 -> 64 carry-less multiply from integer multiplies with holes: split each operand
  into four parts that keep every fourth bit (masks 0x11111111 << r); a product of two parts
  has at most 8 terms at a position, a count below 16, so its carries never reach the next
  position of the same residue. The 16 UMULLs of part pairs are XORed per residue of the
  position (a + b mod 4), each residue masked and the four ORed. UMULL takes one cycle
  whatever its operands on Cortex-M4 and M7 (it ends early on Cortex-M3: not used there).
- 128 x 128 by two levels of Karatsuba: 9 such products. H's side (its 9 word combinations,
  each split into 4 parts) is computed once per key by ``_setup``, straight-line Thumb-2
  (REV, RBIT, EOR and AND with the masks as modified immediates, r0-r7 only); the data's side per block.
- Reduction modulo x^128 + x^7 + x^2 + x + 1 with shifted XORs (twice for the overflow).
"""

import sys

from tools import ROOT
from tools.gen import write_or_check
from tools.thumb.asm import Asm, data_lines

OUT = ROOT / "modules" / "mpcrypto" / "mac" / "ghash_thumb.py"

# Stack frame (after the kernel's push {r0-r3, r8-r11} and sub sp, #FRAME), bytes:
HS = 0  # 9 x 4 words: H's operands, split
XS = 144  # 9 words: the data's operands
PS = 180  # 9 x 2 words: the products
YS = 252  # 4 words: Y in polynomial order
FRAME = 272
ARG_CTX, ARG_Y, ARG_SRC, ARG_N = FRAME, FRAME + 4, FRAME + 8, FRAME + 12

MASKS = (0x11, 0x22, 0x44, 0x88)  # the byte of each part's mask 0xXYXYXYXY


SP = 13
LR = 14


def order(a, w):
    # w = bits reversed inside each byte (GCM order <-> polynomial order), in place
    a.rev(w, w)
    a.rbit(w, w)


def clmul(a, i):
    """Product i: XS[i] (data) times HS[i] (H, split), 64 bits into PS[i]."""
    x = (0, 1, 2, 3)
    y = (4, 5, 6, 7)
    out = (8, 9)
    acc = (10, 11)
    tmp = (12, LR)
    a.ldr(3, SP, XS + 4 * i)
    for r in range(4):
        a.and_rep(x[r], 3, MASKS[r])
    a.ldrd(y[0], y[1], SP, HS + 16 * i)
    a.ldrd(y[2], y[3], SP, HS + 16 * i + 8)
    for r in range(4):
        pairs = [(p, (r - p) % 4) for p in range(4)]
        dst = out if r == 0 else acc
        for j, (p, q) in enumerate(pairs):
            if j == 0:
                a.umull(dst[0], dst[1], x[p], y[q])
            else:
                a.umull(tmp[0], tmp[1], x[p], y[q])
                a.eor(dst[0], dst[0], tmp[0])
                a.eor(dst[1], dst[1], tmp[1])
        a.and_rep(dst[0], dst[0], MASKS[r])
        a.and_rep(dst[1], dst[1], MASKS[r])
        if r:
            a.orr_lsl(out[0], out[0], acc[0], 0)
            a.orr_lsl(out[1], out[1], acc[1], 0)
    a.strd(out[0], out[1], SP, PS + 8 * i)


def karatsuba64(a, k, regs):
    # The 128-bit product of one 64 x 64 block from products 3k (low), 3k+1 (middle), 3k+2
    # (high): w = p0 ^ (p0 ^ p1 ^ p2) x^32 ^ p2 x^64, into regs (4 registers) using two
    # scratch registers (the last two of ``regs``' neighbours are not touched).
    r0, r1, r2, r3 = regs
    s0, s1 = 2, 3  # scratch: callers keep r2, r3 free for this
    a.ldrd(r0, r1, SP, PS + 8 * (3 * k))
    a.ldrd(s0, s1, SP, PS + 8 * (3 * k + 1))
    a.ldrd(r2, r3, SP, PS + 8 * (3 * k + 2))
    a.eor(s0, s0, r0)
    a.eor(s1, s1, r1)
    a.eor(s0, s0, r2)
    a.eor(s1, s1, r3)
    a.eor(r1, r1, s0)
    a.eor(r2, r2, s1)


def kernel():
    a = Asm()
    a.push((0, 1, 2, 3, 8, 9, 10, 11))
    a.addw(SP, SP, FRAME, sub=True)
    # H's split operands from ctx into the frame (36 words).
    a.mov(12, SP)
    for _ in range(4):
        a.ldm(0, (1, 2, 3, 4, 5, 6, 7, 8), True)
        a.stm(12, (1, 2, 3, 4, 5, 6, 7, 8), wb=True)
    a.ldm(0, (1, 2, 3, 4), True)
    a.stm(12, (1, 2, 3, 4), wb=True)
    # Y into polynomial order.
    a.ldr(12, SP, ARG_Y)
    for w in range(4):
        a.ldr(1 + w, 12, 4 * w)
        order(a, 1 + w)
    a.strd(1, 2, SP, YS)
    a.strd(3, 4, SP, YS + 8)
    a.ldr(12, SP, ARG_N)
    a.cmp_imm0(12)
    a.b("eq", "out")
    a.label("block")
    # a = Y ^ X (polynomial order), then the nine operands.
    a.ldr(12, SP, ARG_SRC)
    for w in range(4):
        a.ldr(1 + w, 12, 4 * w)
    a.addw(12, 12, 16)
    a.str_(12, SP, ARG_SRC)
    for w in range(4):
        order(a, 1 + w)
    a.ldrd(5, 6, SP, YS)
    a.ldrd(7, 8, SP, YS + 8)
    for w in range(4):
        a.eor(1 + w, 1 + w, 5 + w)
    # r1..r4 = a0..a3: operands a0, a0^a1, a1, a2, a2^a3, a3, a0^a2, a0^a1^a2^a3, a1^a3
    a.eor(5, 1, 2)  # a0^a1
    a.eor(6, 3, 4)  # a2^a3
    a.eor(7, 1, 3)  # a0^a2
    a.eor(8, 2, 4)  # a1^a3
    a.eor(9, 7, 8)  # a0^a1^a2^a3
    for i, r in enumerate((1, 5, 2, 3, 6, 4, 7, 9, 8)):
        a.str_(r, SP, XS + 4 * i)
    for i in range(9):
        clmul(a, i)
    # L = a01 x h01 into r0 r1 r4 r5 (scratch r2 r3)
    karatsuba64(a, 0, (0, 1, 4, 5))
    # U = a23 x h23 into r6 r7 r8 r9
    karatsuba64(a, 1, (6, 7, 8, 9))
    # Mid into r10 r11 r12 lr, then Mid ^= L ^ U
    karatsuba64(a, 2, (10, 11, 12, LR))
    for m, l_, u in ((10, 0, 6), (11, 1, 7), (12, 4, 8), (LR, 5, 9)):
        a.eor(m, m, l_)
        a.eor(m, m, u)
    # The 256-bit product: low r0 r1 r4 r5 (with Mid's low half), high r6 r7 r8 r9.
    a.eor(4, 4, 10)
    a.eor(5, 5, 11)
    a.eor(6, 6, 12)
    a.eor(7, 7, LR)
    # Reduce: low ^= D ^ D<<1 ^ D<<2 ^ D<<7 (mod x^128), D = r6..r9; then the overflow
    # t = d3>>31 ^ d3>>30 ^ d3>>25 once more: low0 ^= t ^ t<<1 ^ t<<2 ^ t<<7.
    low = (0, 1, 4, 5)
    d = (6, 7, 8, 9)
    for i in range(4):
        a.eor(low[i], low[i], d[i])
        for k in (1, 2, 7):
            a.eor_lsl(low[i], low[i], d[i], k)
            if i:
                a.eor_lsr(low[i], low[i], d[i - 1], 32 - k)
    a.lsr(10, 9, 31)
    a.eor_lsr(10, 10, 9, 30)
    a.eor_lsr(10, 10, 9, 25)
    a.eor(0, 0, 10)
    for k in (1, 2, 7):
        a.eor_lsl(0, 0, 10, k)
    a.strd(0, 1, SP, YS)
    a.strd(4, 5, SP, YS + 8)
    a.ldr(12, SP, ARG_N)
    a.subs1(12, 12)
    a.str_(12, SP, ARG_N)
    a.b("ne", "block")
    a.label("out")
    # Y back to GCM order, into the caller's y.
    a.ldr(12, SP, ARG_Y)
    a.ldrd(1, 2, SP, YS)
    a.ldrd(3, 4, SP, YS + 8)
    for w in range(4):
        order(a, 1 + w)
        a.str_(1 + w, 12, 4 * w)
    a.addw(SP, SP, FRAME)
    a.pop((0, 1, 2, 3, 8, 9, 10, 11))
    a.movs_imm(0, 0)
    return a


def setup():
    """``_setup(k, h)``: k (144 bytes, word aligned) = H's nine Karatsuba operands, each split
    into its four parts (word 4 i + q = operand i AND 0x11111111 << q), for H's 16 bytes at h
    (any byte address). Straight-line: constant time."""
    a = Asm()
    for w in range(4):  # r2..r5 = H's words in polynomial order
        a.ldr(2 + w, 1, 4 * w)
        order(a, 2 + w)
    # the kernel's operand order: a0, a0^a1, a1, a2, a2^a3, a3, a0^a2, a0^a1^a2^a3, a1^a3;
    # a combination is made in r6 just before its parts are stored (r7 the part)
    for i, terms in enumerate(((2,), (2, 3), (3,), (4,), (4, 5), (5,), (2, 4), (2, 3, 4, 5), (3, 5))):
        r = terms[0]
        if len(terms) > 1:
            a.eor(6, terms[0], terms[1])
            for t in terms[2:]:
                a.eor(6, 6, t)
            r = 6
        for q, m in enumerate(MASKS):
            a.and_rep(7, r, m)
            a.str_(7, 0, 16 * i + 4 * q)
    a.movs_imm(0, 0)
    return a


HEADER = '''# GENERATED by python -m tools.thumb.gen_ghash: edit the generator, not this file.
"""GHASH (SP 800-38D §6.4) in constant-time Thumb-2 assembly: Cortex-M4, M7, M33, M55, M85.

Constant time: no table, no branch and no memory address depends on H or the data. The
carry-less products are integer multiplications with holes (UMULL on operands that keep
every fourth bit; the generator's docstring gives the method), combined by Karatsuba, and
reduced with shifted XORs. That is constant time where UMULL's time does not depend on its
operands: Cortex-M4 and M7 (one cycle, Arm's Technical Reference Manuals); not used on
Cortex-M3, whose long multiplies end early on small operands; on M33/M55/M85 the same
instruction sequence runs and the timing of their long multiplies has not been measured here.

``_ghash(ctx, y, src, n)``: y = (...((y ^ X_1) H) ^ X_2) H ...) over the n blocks at src (any
byte address), y (16 bytes) updated in place. ctx: 144 bytes (36 words, word aligned), H's
nine Karatsuba operands each split into its four parts, written by ``_setup(ctx, h)``
(straight-line, so the key set-up is constant time too). The kernel keeps a 272-byte frame on
the stack.

Engine surface (same as ``ghash_viper``): ``new(h)`` -> ctx with ``update(y, src, n)``.
"""

import micropython
from mpcrypto._cpu import mull_ct as probe  # noqa: F401 (what the seam's chain requires)

'''

FOOTER = '''

class _Ctx:
    def __init__(self, h):
        k = bytearray(144)  # 36 words; the heap aligns a bytearray's data to a word
        _setup(k, h)
        self._k = k

    def update(self, y, src, n):
        _ghash(self._k, y, src, n)


def new(h):
    """GHASH context for the hash subkey H (16 bytes). Constant time on Cortex-M4/M7."""
    return _Ctx(h)
'''


def generate():
    parts = [HEADER, "\n@micropython.asm_thumb\ndef _ghash(r0, r1, r2, r3):\n"]
    parts.append("    # y = GHASH_H(y, n blocks of src) (SP 800-38D §6.4)\n")
    parts += data_lines(kernel())
    parts.append("\n\n@micropython.asm_thumb\ndef _setup(r0, r1):\n")
    parts.append("    # ctx = H's operands, split (see setup() in the generator)\n")
    parts += data_lines(setup())
    parts.append(FOOTER)
    return "".join(parts)


def main(argv=None):
    return write_or_check(OUT, generate, "tools.thumb.gen_ghash", argv)


if __name__ == "__main__":
    sys.exit(main())
