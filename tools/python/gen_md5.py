"""Writes ``modules/mpcrypto/hash/md5_python.py``: MD5 compression (RFC 1321 §3.4) in portable
Python, for a 32-bit bytecode interpreter.

    python -m tools.python.gen_md5          # rewrite the module
    python -m tools.python.gen_md5 --check  # exit 1 if the module is not what this writes

Every word is two 16-bit halves in local variables, as in ``tools.python.gen_sha2``'s SHA-256;
the 64 steps are written out, so each step's constant, shift and message word (32 locals,
read once per block) are in its text, and the roles of a, b, c, d rotate through four names.
T[i] is computed here from its definition (RFC 1321 §3.4: floor(2^32 |sin(i)|)).
"""

import math
import sys

from tools import ROOT
from tools.gen import generated_line, write_or_check

OUT = ROOT / "modules" / "mpcrypto" / "hash" / "md5_python.py"
TOOL = "tools.python.gen_md5"

T = [int(4294967296 * abs(math.sin(i))) for i in range(1, 65)]
KIDX = [i for i in range(16)] + [(1 + 5 * i) % 16 for i in range(16)] + [(5 + 3 * i) % 16 for i in range(16)] \
    + [(7 * i) % 16 for i in range(16)]
S = (7, 12, 17, 22) * 4 + (5, 9, 14, 20) * 4 + (4, 11, 16, 23) * 4 + (6, 10, 15, 21) * 4
# The round functions per half (§3.4), on the names of b, c, d.
FUN = ("{d} ^ ({b} & ({c} ^ {d}))", "{c} ^ ({d} & ({b} ^ {c}))", "{b} ^ {c} ^ {d}", "{c} ^ ({b} | ({d} ^ F))")
FNAME = ("F", "G", "H", "I")


def _step(i, names):
    """Step i: a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s), into a's variables."""
    a, b, c, d = names
    f = FUN[i >> 4]
    k = KIDX[i]
    s = S[i]
    lo, hi = ("l", "h") if s < 16 else ("h", "l")  # <<< 16 swaps the halves
    r = s % 16
    out = [
        "ul = %sl + (%s) + x%dl + 0x%04x" % (a, f.format(b=b + "l", c=c + "l", d=d + "l"), k, T[i] & 0xFFFF),
        "uh = (%sh + (%s) + x%dh + 0x%04x + (ul >> 16)) & F" % (a, f.format(b=b + "h", c=c + "h", d=d + "h"), k, T[i] >> 16),
        "ul &= F",
    ]
    # the sum's halves after the swap: (vl, vh) = (u<lo>, u<hi>); rotate left by r < 16
    vl, vh = "u" + lo, "u" + hi
    if r == 0:
        out += ["wl = %s + %sl" % (vl, b), "%sh = (%s + %sh + (wl >> 16)) & F" % (a, vh, b)]
    else:
        keep = "" if r < 15 else " & 1"
        sl = "(%s%s) << %d" % (vl, keep, r) if keep else "%s << %d" % (vl, r)
        sh = "(%s%s) << %d" % (vh, keep, r) if keep else "%s << %d" % (vh, r)
        out += ["wl = ((%s | %s >> %d) & F) + %sl" % (sl, vh, 16 - r, b),
                "%sh = (((%s | %s >> %d) & F) + %sh + (wl >> 16)) & F" % (a, sh, vl, 16 - r, b)]
    out.append("%sl = wl & F" % a)
    return out


def generate():
    V = "abcd"
    L = [generated_line(TOOL) + '''"""MD5 compression in portable Python: RFC 1321 §3.4, many 64-byte blocks per call.

Same surface as ``md5_viper`` (see there): ``compress(st, buf, off, nblocks)`` with ``st``
an ``array('I')`` whose words 0..3 are A, B, C, D. Nothing validates; the public class in
``md5`` does.

No viper or native decorators: this module serves bytecode-only ports and compiles with
plain ``mpy-cross``. It is written for a 32-bit interpreter, where a Python int of 2**30 or
more is a heap object: every word is two 16-bit halves in local variables (the sixteen
message words too, read once per block, low byte first), sums carry from the low half into
the high one, a rotation by 16 swaps the halves and one by r < 16 is assembled from shifts
of both (masked first where r = 15, so no value reaches 2**30). The 64 steps are written
out with their constants; the roles of a, b, c, d rotate through the four names.

No branch or table index depends on the data. Not checked by instruction counts: the
interpreter's small-int operations are not promised to take the same time for every value.
Allocation per call: the tuple of the state's halves; nothing per block.
"""

from struct import pack_into, unpack_from
from sys import byteorder

_LE = byteorder == "little"  # the order of a word's two halves in st


def compress(st, buf, off, nblocks):
    F = 0xFFFF
    s = unpack_from("8H", st, 0)
    if _LE:
        al, ah, bl, bh, cl, ch, dl, dh = s
    else:
        ah, al, bh, bl, ch, cl, dh, dl = s
    for _ in range(nblocks):
        # §3.4: the block's sixteen words, low byte first, as halves.''']
    for k in range(16):
        L += ["        x%dl = buf[off + %d] | buf[off + %d] << 8" % (k, 4 * k, 4 * k + 1),
              "        x%dh = buf[off + %d] | buf[off + %d] << 8" % (k, 4 * k + 2, 4 * k + 3)]
    L += ["        %s0l = %sl\n        %s0h = %sh" % (v, v, v, v) for v in V]
    for i in range(64):
        if i % 16 == 0:
            L += ["        # round %d: %s" % (i // 16 + 1, FNAME[i // 16])]
        names = [V[(k - i) % 4] for k in range(4)]
        L += ["        " + line for line in _step(i, names)]
    L += ["        # §3.4: the chaining addition."]
    for v in V:
        L += ["        {v}l += {v}0l".format(v=v),
              "        {v}h = ({v}h + {v}0h + ({v}l >> 16)) & F".format(v=v),
              "        {v}l &= F".format(v=v)]
    L += ["        off += 64"]
    pairs = ", ".join("%sl, %sh" % (v, v) for v in V)
    swapped = ", ".join("%sh, %sl" % (v, v) for v in V)
    L += ["    if _LE:", "        pack_into(\"8H\", st, 0, %s)" % pairs,
          "    else:", "        pack_into(\"8H\", st, 0, %s)" % swapped]
    return "\n".join(L) + "\n"


def main(argv=None):
    return write_or_check(OUT, generate, TOOL, argv)


if __name__ == "__main__":
    sys.exit(main())
