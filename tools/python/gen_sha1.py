"""Writes ``modules/mpcrypto/hash/sha1_python.py``: SHA-1 compression (FIPS 180-4 §6.1.2) in
portable Python, for a 32-bit bytecode interpreter.

    python -m tools.python.gen_sha1          # rewrite the module
    python -m tools.python.gen_sha1 --check  # exit 1 if the module is not what this writes

Every word is two 16-bit halves in local variables (``al`` low, ``ah`` high), as in
``tools.python.gen_sha2``'s SHA-256: no value reaches 2**30, nothing is allocated per block.
Five rounds per loop pass, the roles of a..e rotating through the five names, so no round
moves a word; each group of 20 rounds (one f, one K) is four passes of its own loop.
"""

import sys

from tools import ROOT
from tools.gen import generated_line, write_or_check

OUT = ROOT / "modules" / "mpcrypto" / "hash" / "sha1_python.py"
TOOL = "tools.python.gen_sha1"

K = (0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6)  # FIPS 180-4 §4.2.1
# f_t of §4.1.1 per half, on the names of b, c, d: Ch, Parity, Maj, Parity.
F = ("{d} ^ ({b} & ({c} ^ {d}))", "{b} ^ {c} ^ {d}", "({b} & {c}) | ({d} & ({b} | {c}))", "{b} ^ {c} ^ {d}")
FNAME = ("Ch", "Parity", "Maj", "Parity")


def _round(j, names, q):
    """Round t + j of group q with roles ``names`` (a..e): T goes into e's variables, b is
    rotated in place (ROTL30 = ROTR2 per half)."""
    a, b, c, d, e = names
    i = "t" if j == 0 else "i"
    f = F[q]
    out = ["i = t + %d" % j] if j else []
    out += [
        # T = ROTL5(a) + f(b, c, d) + e + K + W[t]
        "ul = ((%sl << 5 | %sh >> 11) & F) + (%s) + %sl + 0x%04x + WL[%s]"
        % (a, a, f.format(b=b + "l", c=c + "l", d=d + "l"), e, K[q] & 0xFFFF, i),
        "%sh = (((%sh << 5 | %sl >> 11) & F) + (%s) + %sh + 0x%04x + WH[%s] + (ul >> 16)) & F"
        % (e, a, a, f.format(b=b + "h", c=c + "h", d=d + "h"), e, K[q] >> 16, i),
        "%sl = ul & F" % e,
        # b = ROTL30(b)
        "ul = %sl" % b,
        "%sl = (ul >> 2 | %sh << 14) & F" % (b, b),
        "%sh = (%sh >> 2 | ul << 14) & F" % (b, b),
    ]
    return out


def generate():
    V = "abcde"
    L = [generated_line(TOOL) + '''"""SHA-1 compression in portable Python: FIPS 180-4 §6.1.2, many 64-byte blocks per call.

Same surface as ``sha1_viper`` (see there): ``compress(st, buf, off, nblocks)`` with ``st``
an ``array('I')`` whose words 0..4 are H0..H4 (words 5.. are the viper kernel's scratch and
are not used here). Nothing validates; the public class in ``sha1`` does.

No viper or native decorators: this module serves bytecode-only ports and compiles with
plain ``mpy-cross``. It is written for a 32-bit interpreter, where a Python int of 2**30 or
more is a heap object: every word is two 16-bit halves (``al`` low, ``ah`` high) in local
variables, sums carry from the low half into the high one, and a rotation is assembled from
shifts of both halves. No value reaches 2**30, and the state is read and written through
``struct`` as halves. Five rounds per loop pass, the roles of a..e rotating through the
five names, so no round moves a word.

No branch or table index depends on the data. Not checked by instruction counts: the
interpreter's small-int operations are not promised to take the same time for every value.

Allocation per call: two 80-entry lists (the message schedule, reused for every block) and
the tuple of the state's halves; nothing per block.
"""

from struct import pack_into, unpack_from
from sys import byteorder

_LE = byteorder == "little"  # the order of a word's two halves in st


def compress(st, buf, off, nblocks):
    F = 0xFFFF
    WH = [0] * 80
    WL = [0] * 80
    s = unpack_from("10H", st, 0)
    if _LE:
        al, ah, bl, bh, cl, ch, dl, dh, el, eh = s
    else:
        ah, al, bh, bl, ch, cl, dh, dl, eh, el = s
    for _ in range(nblocks):
        # §6.1.2 step 1: the message schedule, big-endian halves of the block's words;
        # W[t] = ROTL1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]).
        for t in range(16):
            WH[t] = buf[off] << 8 | buf[off + 1]
            WL[t] = buf[off + 2] << 8 | buf[off + 3]
            off += 4
        for t in range(16, 80):
            i = t - 3
            j = t - 8
            k = t - 14
            m = t - 16
            ul = WL[i] ^ WL[j] ^ WL[k] ^ WL[m]
            uh = WH[i] ^ WH[j] ^ WH[k] ^ WH[m]
            WL[t] = (ul << 1 | uh >> 15) & F
            WH[t] = (uh << 1 | ul >> 15) & F''']
    L += ["        # §6.1.2 steps 2-3."]
    L += ["        %s0l = %sl\n        %s0h = %sh" % (v, v, v, v) for v in V]
    for q in range(4):
        L += ["        for t in range(%d, %d, 5):  # %s, K = 0x%08x" % (20 * q, 20 * q + 20, FNAME[q], K[q])]
        for j in range(5):
            names = [V[(k - j) % 5] for k in range(5)]
            L += ["            " + line for line in _round(j, names, q)]
    L += ["        # §6.1.2 step 4."]
    for v in V:
        L += ["        {v}l += {v}0l".format(v=v),
              "        {v}h = ({v}h + {v}0h + ({v}l >> 16)) & F".format(v=v),
              "        {v}l &= F".format(v=v)]
    pairs = ", ".join("%sl, %sh" % (v, v) for v in V)
    swapped = ", ".join("%sh, %sl" % (v, v) for v in V)
    L += ["    if _LE:", "        pack_into(\"10H\", st, 0, %s)" % pairs,
          "    else:", "        pack_into(\"10H\", st, 0, %s)" % swapped]
    return "\n".join(L) + "\n"


def main(argv=None):
    return write_or_check(OUT, generate, TOOL, argv)


if __name__ == "__main__":
    sys.exit(main())
