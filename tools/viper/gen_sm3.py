"""Writes ``modules/mpcrypto/hash/sm3_viper.py``: SM3 compression (GB/T 32905-2016 §5.3) as one
MicroPython viper function, its rounds unrolled four at a time.

    python -m tools.viper.gen_sm3          # rewrite the module
    python -m tools.viper.gen_sm3 --check  # exit 1 if the module is not what this writes

One round of §5.3.3 (``ROUND``) is written here once and emitted eight times: four rounds per
loop body (the registers are renamed, not moved, and the roles come back after four), in the
loop of rounds 0..15 and in the loop of rounds 16..63, which differ only in FF and GG
(``FF``, ``GG``). The message expansion (§5.3.2), the T_j table and the feed-forward are text.
"""

import sys

from tools import ROOT
from tools.gen import generated_line, write_or_check
from tools.viper import indent, viper

OUT = ROOT / "modules" / "mpcrypto" / "hash" / "sm3_viper.py"
TOOL = "tools.viper.gen_sm3"

LETTERS = "abcdefgh"  # the registers; round j + r's A..D (E..H) are a..d (e..h) rotated right by r

# The module's docstring, imports, T_j table and probe, as they stand before ``compress``.
HEADER = '''"""SM3 compression in viper: GB/T 32905-2016 §5.3, many 64-byte blocks per call.

Backend surface shared with ``sm3_python`` (the public class in ``sm3`` is the only caller;
nothing here validates):

    compress(st, buf, off, nblocks)

``st`` is an ``array('I')`` of 76 words: V0..V7 (the chaining value ABCDEFGH) and 68 words of
scratch for the expanded message W0..W67 (§5.3.2). ``buf[off:off + 64 * nblocks]`` is hashed
in place: no slice, no copy, no allocation. Constant time: only data-independent word
operations; no table index or branch depends on the message or the state (the index into
the T_j table is the public round number).

Portability (see VIPER.md): the same source runs on the 64-bit unix port and on 32-bit
Cortex-M. Words are ``uint`` and every value is masked with ``m = 0xFFFFFFFF`` (built at run
time) as soon as an addition or a ``<<`` can leave 32 bits, before it meets ``>>`` (each
rotation ``x <<< n`` is ``(x << n | x >> (32 - n)) & m`` on a masked x). The round
constants T_j <<< (j mod 32) (§4.2, used in SS1) are precomputed in an ``array('I')``.

Rounds (§5.3.3), with the registers renamed instead of moved: each round computes
  SS1 = ((A <<< 12) + E + (T_j <<< j)) <<< 7,  SS2 = SS1 ^ (A <<< 12)
  TT1 = FF_j(A, B, C) + D + SS2 + W'_j         W'_j = W_j ^ W_(j+4)
  TT2 = GG_j(E, F, G) + H + SS1 + W_j
  B = B <<< 9, F = F <<< 19, D = TT1 (the next A), H = P0(TT2) (the next E)
so the roles shift by one register per round and return after four: the loop bodies are
4 unrolled rounds. FF = GG = X ^ Y ^ Z for j < 16 (first loop); for j >= 16 (second loop)
FF is the majority (A & (B | C)) | (B & C) and GG = ((F ^ G) & E) ^ G, which equals
(E & F) | (~E & G) without a ``~`` (VIPER.md rule 7).
"""

import micropython
from array import array


def _tj():
    # GB/T 32905 §4.2: T_j = 79cc4519 (j < 16), 7a879d8a (j >= 16), pre-rotated by j mod 32.
    out = array("I", [0] * 64)
    for j in range(64):
        t = 0x79CC4519 if j < 16 else 0x7A879D8A
        r = j & 31
        out[j] = ((t << r) | (t >> (32 - r))) & 0xFFFFFFFF
    return out


_T = _tj()


def probe():
    """True: this module imported, so the port has the viper emitter."""
    return True
'''

# One round of §5.3.3 for the roles A..H ({A}..{H}: their registers); the round's T_j <<< j
# is tq[{r}], W_j is wq[{r}] and W_(j+4) is wq[{r4}]. The comments are set at the columns
# they have in the module (``note``).
ROUND = (
    ("x = ({A} << 12 | {A} >> 20) & m", 64, "# A <<< 12"),
    ("y = x + {E} + uint(tq[{r}]) & m", 0, ""),
    ("y = (y << 7 | y >> 25) & m", 64, "# SS1; SS2 = SS1 ^ (A <<< 12)"),
    ("w = uint(wq[{r}])", None, "# W_j"),
    ("{D} = {ff} + {D} + (y ^ x) + (w ^ uint(wq[{r4}])) & m", 61, "# TT1: next A"),
    ("x = {gg} + {H} + y + w & m", 64, "# TT2"),
    ("{B} = ({B} << 9 | {B} >> 23) & m", 64, "# C = B <<< 9"),
    ("{F} = ({F} << 19 | {F} >> 13) & m", 64, "# G = F <<< 19"),
    ("{H} = (x ^ (x << 9 | x >> 23) ^ (x << 17 | x >> 15)) & m", 64, "# P0(TT2): next E"),
)
# FF_j and GG_j (§4.3): X ^ Y ^ Z for j < 16; the majority and the choice (without ``~``,
# VIPER.md rule 7) for j >= 16.
FF = ("({A} ^ {B} ^ {C})", "({A} & ({B} | {C}) | {B} & {C})")
GG = ("({E} ^ {F} ^ {G})", "(({F} ^ {G}) & {E} ^ {G})")

# §5.3.2 and the loading of the chaining value, at the top of each block.
EXPAND = """\
q = ptr8(p)
# §5.3.2: W0..W15 big-endian from the block, then for j = 16..67
#   W_j = P1(W_(j-16) ^ W_(j-9) ^ (W_(j-3) <<< 15)) ^ (W_(j-13) <<< 7) ^ W_(j-6)
# with P1(X) = X ^ (X <<< 15) ^ (X <<< 23).
i = 0
while i < 16:
    k = i << 2
    v[i] = uint(q[k]) << 24 | uint(q[k + 1]) << 16 | uint(q[k + 2]) << 8 | uint(q[k + 3])
    i += 1
while i < 68:
    x = uint(v[i - 3])
    x = uint(v[i - 16]) ^ uint(v[i - 9]) ^ (x << 15 | x >> 17) & m
    x = (x ^ (x << 15 | x >> 17) ^ (x << 23 | x >> 9)) & m           # P1
    y = uint(v[i - 13])
    v[i] = x ^ (y << 7 | y >> 25) & m ^ uint(v[i - 6])
    i += 1"""
# Each loop's opening: its comment, its test, and the table pointers of the group of four.
LOOPS = (
    ("# Rounds 0..15: FF = A ^ B ^ C, GG = E ^ F ^ G.", "j = 0", "while j < 16:",
     "tq = ptr32(tb + uint(j << 2))    # T_j <<< j for this group of four rounds",
     "wq = ptr32(vb + uint(j << 2))    # W_j; W_(j+4) at wq[4]"),
    ("# Rounds 16..63: FF = majority, GG = choose.", None, "while j < 64:",
     "tq = ptr32(tb + uint(j << 2))",
     "wq = ptr32(vb + uint(j << 2))"),
)


def note(code, col, text):
    """``code`` with the comment ``text`` from column ``col`` of the round's indentation
    (right after the code where the code is longer)."""
    return code.ljust(col) + text if text else code


def one_round(loop, r):
    """Round j + r of the loop ``loop`` (0: rounds 0..15, 1: rounds 16..63)."""
    roles = {}
    for i, c in enumerate("ABCD"):
        roles[c] = LETTERS[(i - r) % 4]
        roles[chr(ord(c) + 4)] = LETTERS[4 + (i - r) % 4]
    fields = dict(roles, r=r, r4=r + 4, ff=FF[loop].format(**roles), gg=GG[loop].format(**roles))
    label = "round j" + (" + %d" % r if r else "")
    lines = ["# %s: A..H = %s" % (label, " ".join(roles[c] for c in "ABCDEFGH"))]
    for code, col, text in ROUND:
        if col is None:  # W_j's comment sits four columns further out in a loop's first round
            col = 65 if r == 0 else 61
        lines.append(note(code.format(**fields), col, text))
    return lines


def compress():
    body = ["m = uint(0xFFFFFFFF)",
            "tb = uint(ptr32(_T))                 # address of the T_j table",
            "vb = uint(st) + 32                   # W0..W67 live in st[8..75]",
            "v = ptr32(vb)",
            "p = uint(buf) + uint(off)            # address of the current block",
            "n = nblocks",
            "while n > 0:"]
    block = EXPAND.split("\n") + ["%s = uint(st[%d])" % (c, i) for i, c in enumerate(LETTERS)]
    for loop, (comment, start, test, tq, wq) in enumerate(LOOPS):
        block += [comment] + ([start] if start else []) + [test]
        rounds = [tq, wq] + [line for r in range(4) for line in one_round(loop, r)]
        block += indent(rounds + ["j += 4"])
    block += ["# V(i+1) = ABCDEFGH ^ V(i) (§5.3.3, last step)."]
    block += ["st[%d] = uint(st[%d]) ^ %s" % (i, i, c) for i, c in enumerate(LETTERS)]
    body += indent(block + ["p += 64", "n -= 1"])
    return viper("compress", "st: ptr32, buf: ptr8, off: int, nblocks: int", body)


def generate():
    return "".join([generated_line(TOOL), HEADER, compress()])


def main(argv=None):
    return write_or_check(OUT, generate, TOOL, argv)


if __name__ == "__main__":
    sys.exit(main())
