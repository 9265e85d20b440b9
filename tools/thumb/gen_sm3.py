"""Writes the Thumb-2 SM3 compression kernel, ``modules/mpcrypto/hash/sm3_thumb.py``
(asm_thumb), from GB/T 32905-2016 §5.3 with the encoder of ``tools/thumb/asm.py`` and the
module layout of ``tools/thumb/gen_sha.py`` (whose ``module_text`` writes the text).

    python -m tools.thumb.gen_sm3          # (re)write the module
    python -m tools.thumb.gen_sm3 --check  # exit 1 if it differs from what this writes

Per block, two loops build the message schedule and two run the rounds, each over a
written-out body:

- W[0..15]: the block's big-endian words (§5.3.2 a; REV), four per pass;
- W[16..67] (§5.3.2), four per pass:
  W_j = P1(W_(j-16) ^ W_(j-9) ^ (W_(j-3) <<< 15)) ^ (W_(j-13) <<< 7) ^ W_(j-6),
  P1(x) = x ^ (x <<< 15) ^ (x <<< 23), every rotation the shifted-register operand of an EOR;
- rounds 0-15 (FF = GG = x ^ y ^ z) and rounds 16-63 (FF the majority, GG the choice), four
  rounds per pass. Each round (§5.3.3):
    SS1 = ((A <<< 12) + E + (T_j <<< j)) <<< 7,  SS2 = SS1 ^ (A <<< 12),
    TT1 = FF(A, B, C) + D + SS2 + W'_j,  W'_j = W_j ^ W_(j+4),
    TT2 = GG(E, F, G) + H + SS1 + W_j,
    D = C, C = B <<< 9, B = A, A = TT1, H = G, G = F <<< 19, F = E, E = P0(TT2),
    P0(x) = x ^ (x <<< 9) ^ (x <<< 17).
  Nothing is moved: TT1 goes into D's register and P0(TT2) into H's, so the names of A..D
  (and E..H) turn by one register a round and come back after four: the loop body is four
  rounds with the registers of ``_roles(k)``.

Two tricks make a round 20 instructions (rounds 0-15) or 23 (16-63):

- Lazy rotations. ``C = B <<< 9`` and ``G = F <<< 19`` are never done: the register keeps B
  (F), and the two rounds that read it as C and then D (G and then H) rotate it as an operand
  (``eor x, x, c, ror #23``; the first add into D is ``add d, x, d, ror #23``, after which the
  register holds a true value again). So in every round the registers of C, D, G and H hold
  their values rotated right by 9, 9, 19 and 19 ("raw"); A, B, E, F are true. A block's
  chaining value is rotated into that form once after it is loaded, and back in the feed-
  forward's EOR.
- T_j <<< j in a register, rotated left by one each round (``ror t, t, #31``), set with
  movw/movt at rounds 0 and 16: no table.

Registers: in the rounds A..H in r4-r11, lr walks W (a post-increment load of W_j per round,
so W_j and W_(j+4) are at the same offsets in every round), r12 the rotating constant, r0-r3
temporaries. The state pointer, the message pointer and the blocks left live in the frame
with W[0..67] (288 bytes).

Only ARMv7-M base instructions (no DSP): Cortex-M3, M4, M7, M33, M55, M85. Message loads may
be unaligned (ARMv7-M LDR, as the SHA-2 kernels); LDM/STM touch only the state array.
"""

import sys

from tools import ROOT
from tools.gen import write_or_check
from tools.thumb.asm import LR, SP
from tools.thumb.gen_sha import module_text

OUT = ROOT / "modules" / "mpcrypto" / "hash" / "sm3_thumb.py"
TOOL = "tools.thumb.gen_sm3"

# GB/T 32905 §4.2: the round constants, T_j for j < 16 and for j >= 16.
T0, T16 = 0x79CC4519, 0x7A879D8A


def rotl(x, n):
    n %= 32
    return ((x << n) | (x >> (32 - n))) & 0xFFFFFFFF


# Frame (sp-relative): W[0..67] at 4 j, the state pointer at 272, the message pointer at 276,
# blocks left at 280 (the frame a multiple of 8).
S_ST, S_IN, S_N, FRAME = 272, 276, 280, 288

V = (4, 5, 6, 7, 8, 9, 10, 11)  # A..H at round 0 (and at every fourth round)
X, S, Y, Z, T, P = 0, 1, 2, 3, 12, LR
# The right rotation that a raw register's value needs to become the true one: C and D keep
# B <<< 9 as B, G and H keep F <<< 19 as F.
RAW_CD, RAW_GH = 32 - 9, 32 - 19


def _roles(k):
    """The registers of A..H in round 4 i + k: TT1 goes into D's register, which is the next
    round's A, so each name moves one register back a round."""
    return [V[(n - k) % 4] for n in range(4)] + [V[4 + (n - k) % 4] for n in range(4)]


def _round(a, k, maj):
    """One round, 4 i + k; ``maj``: rounds 16-63 (FF majority, GG choice), else 0-15 (XOR).
    lr = &W_j on entry, &W_(j+1) after; r12 = T_j <<< j on entry, T_(j+1) <<< (j + 1) after."""
    ra, rb, rc, rd, re, rf, rg, rh = _roles(k)
    a.ldr(Z, P, 16)  # W_(j+4)
    a.ldr_post(Y, P, 4)  # W_j
    a.ror(X, ra, 32 - 12)  # A <<< 12
    a.dp("add", S, X, re)
    a.dp("add", S, S, T)  # SS1 >>> 7
    a.ror(T, T, 31)  # the next round's T <<< j
    a.dp("eor", Z, Z, Y)  # W'_j
    a.dp("add", rh, Y, rh, "ror", RAW_GH)  # H + W_j (H's register true from here)
    a.dp("add", rh, rh, S, "ror", 32 - 7)  # + SS1
    a.dp("eor", X, X, S, "ror", 32 - 7)  # SS2 = SS1 ^ (A <<< 12)
    a.dp("add", rd, X, rd, "ror", RAW_CD)  # D + SS2 (D's register true from here)
    a.dp("add", rd, rd, Z)  # + W'_j
    if maj:
        # FF = (A & B) | (A & C) | (B & C) = (A & B) + ((A ^ B) & C): the terms share no bit
        a.dp("and", X, ra, rb)
        a.dp("add", rd, rd, X)
        a.dp("eor", X, ra, rb)
        a.dp("and", X, X, rc, "ror", RAW_CD)
        a.dp("add", rd, rd, X)  # TT1: the next A
        # GG = (E & F) | (~E & G) = ((F ^ G) & E) ^ G
        a.dp("eor", X, rf, rg, "ror", RAW_GH)
        a.dp("and", X, X, re)
        a.dp("eor", X, X, rg, "ror", RAW_GH)
    else:
        a.dp("eor", X, ra, rb)
        a.dp("eor", X, X, rc, "ror", RAW_CD)
        a.dp("add", rd, rd, X)  # TT1: the next A
        a.dp("eor", X, re, rf)
        a.dp("eor", X, X, rg, "ror", RAW_GH)
    a.dp("add", rh, rh, X)  # TT2
    # P0(TT2) = TT2 ^ (TT2 <<< 9) ^ (TT2 <<< 17): the next E; B and F stay (lazy)
    a.dp("eor", X, rh, rh, "ror", 32 - 9)
    a.dp("eor", rh, X, rh, "ror", 32 - 17)


def _expand(a):
    """W_j (§5.3.2), lr = &W_(j-16) on entry, &W_(j-15) after (the offsets below are from
    there)."""
    a.ldr_post(Y, P, 4)  # W_(j-16)
    a.ldr(Z, P, 4 * 6)  # W_(j-9)
    a.dp("eor", Y, Y, Z)
    a.ldr(Z, P, 4 * 12)  # W_(j-3)
    a.dp("eor", Y, Y, Z, "ror", 32 - 15)
    a.dp("eor", X, Y, Y, "ror", 32 - 15)  # P1
    a.dp("eor", X, X, Y, "ror", 32 - 23)
    a.ldr(Z, P, 4 * 2)  # W_(j-13)
    a.dp("eor", X, X, Z, "ror", 32 - 7)
    a.ldr(Z, P, 4 * 9)  # W_(j-6)
    a.dp("eor", X, X, Z)
    a.str_(X, P, 4 * 15)  # W_j


def sm3_body(a):
    """The kernel after MicroPython's entry (push {r1, r4-r7, lr}): r0 = st (V0..V7), r1 =
    buf, r2 = off, r3 = nblocks."""
    END = V[0]  # free until the state is loaded
    a.push([8, 9, 10, 11])
    a.sub_sp(FRAME)
    a.cmp_imm(3, 0)
    a.b("eq", "done")
    a.dp("add", 1, 1, 2)
    a.str_(0, SP, S_ST)
    a.str_(3, SP, S_N)
    a.label("block")
    a.note("W[0..15]: the block's big-endian words (r1 = the block, any alignment)")
    a.addw(P, SP, 0)
    a.addw(END, SP, 4 * 16)
    a.label("load")
    for _ in range(4):
        a.ldr_post(Y, 1, 4)
        a.rev(Y, Y)
        a.str_post(Y, P, 4)
    a.cmp(P, END)
    a.b("ne", "load")
    a.str_(1, SP, S_IN)
    a.note("W[16..67] (§5.3.2), four per pass; lr = &W[j - 16]")
    a.addw(P, SP, 0)
    a.addw(END, SP, 4 * 52)
    a.label("expand")
    for _ in range(4):
        _expand(a)
    a.cmp(P, END)
    a.b("ne", "expand")
    a.note("A..H = V in r4-r11; C, D, G, H raw (rotated right by 9, 9, 19, 19)")
    a.ldr(0, SP, S_ST)
    a.ldm(0, list(V))
    for r, n in ((V[2], 9), (V[3], 9), (V[6], 19), (V[7], 19)):
        a.ror(r, r, n)
    a.addw(P, SP, 0)
    a.note("rounds 0-15: FF = GG = x ^ y ^ z; r12 = T_j <<< j from %#010x" % T0)
    a.const(T, T0)
    a.label("xor")
    for k in range(4):
        a.note("round 4 i + %d: A..H in %s" % (k, " ".join("r%d" % r for r in _roles(k))))
        _round(a, k, False)
    a.addw(X, SP, 4 * 16)
    a.cmp(P, X)
    a.b("ne", "xor")
    a.note("rounds 16-63: FF majority, GG choice; r12 = T_j <<< j from %#010x" % rotl(T16, 16))
    a.const(T, rotl(T16, 16))
    a.label("maj")
    for k in range(4):
        a.note("round 4 i + %d: A..H in %s" % (k, " ".join("r%d" % r for r in _roles(k))))
        _round(a, k, True)
    a.addw(X, SP, 4 * 64)
    a.cmp(P, X)
    a.b("ne", "maj")
    a.note("V ^= ABCDEFGH (§5.3.3; 64 renamings bring A..H back to r4-r11), C, D, G, H rotated back")
    a.ldr(0, SP, S_ST)
    for i, r in enumerate(V):
        a.ldr(S, 0, 4 * i)
        a.dp("eor", r, S, r, "ror", RAW_CD if i in (2, 3) else RAW_GH if i in (6, 7) else 0)
    a.stm(0, list(V))
    a.ldr(1, SP, S_IN)
    a.ldr(3, SP, S_N)
    a.subs_imm(3, 1)
    a.str_(3, SP, S_N)
    a.b("ne", "block")
    a.label("done")
    a.add_sp(FRAME)
    a.pop([8, 9, 10, 11])
    a.movs_imm(0, 0)


DOC = [
    "Backend surface shared with ``sm3_viper`` (the public class in ``sm3`` is the only caller;",
    "nothing here validates)::",
    "",
    "    compress(st, buf, off, nblocks)",
    "",
    "``st`` is the ``array('I')`` of the hash object: V0..V7, the chaining value ABCDEFGH (its",
    "scratch words are not used: W is on the stack), ``buf[off:off + 64 * nblocks]`` is hashed",
    "in place, whole blocks, no allocation. Per block: W[0..67] (§5.3.2) into a 288-byte stack",
    "frame, four words per loop pass; then rounds 0-15 and rounds 16-63 (§5.3.3), each a loop",
    "over four written-out rounds: A..H stay in r4-r11, renamed round to round; B <<< 9 and",
    "F <<< 19 are left to the shifted-register operands of the rounds that read them;",
    "T_j <<< j is a register rotated by one bit a round. Instructions per byte on emulated",
    "Cortex-M cores: host_tests/test_thumb_sha.py counts them exactly.",
    "",
    "Constant time: no branch depends on the data (the branches count passes, by the W",
    "pointer, and blocks), every load and store address depends only on the round and the",
    "block; no table lookups.",
    "",
    "Runs on: Cortex-M3, M4, M7, M33, M55, M85 (ARMv7-M base Thumb-2, no DSP instruction):",
    "the seam takes it only where ``mpcrypto._cpu`` finds feature ``thumb2``, as",
    "``sha256_thumb``.",
]


def generate():
    return module_text(
        "SM3 compression in Thumb-2 assembly: GB/T 32905-2016 §5.3, many 64-byte blocks per call.",
        DOC, sm3_body, TOOL)


def main(argv=None):
    return write_or_check(OUT, generate, TOOL, argv)


if __name__ == "__main__":
    sys.exit(main())
