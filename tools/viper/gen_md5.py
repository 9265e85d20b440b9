"""Writes ``modules/mpcrypto/hash/md5_viper.py``: MD5 compression (RFC 1321 §3.4) as one
MicroPython viper function, its 64 steps unrolled.

    python -m tools.viper.gen_md5          # rewrite the module
    python -m tools.viper.gen_md5 --check  # exit 1 if the module is not what this writes

One step (``STEP``: a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s)) is written here once and
emitted 64 times with the variables renamed (step i's a..d are ``LETTERS`` rotated right by i,
so nothing is moved). The four rounds' functions, message-word orders and rotations of §3.4
are ``ROUNDS``; T[i] = floor(2**32 * abs(sin(i))) is computed from its definition (``t_table``).
"""

import math
import sys

from tools import ROOT
from tools.gen import generated_line, write_or_check
from tools.viper import PROBE, indent, viper

OUT = ROOT / "modules" / "mpcrypto" / "hash" / "md5_viper.py"
TOOL = "tools.viper.gen_md5"

LETTERS = "abcd"  # step i's a..d are LETTERS rotated right by i

# The module's docstring and imports, as they stand at its top.
HEADER = '''"""MD5 compression in viper: RFC 1321 §3.4, many 64-byte blocks per call.

Backend surface shared with ``md5_python`` (the public class in ``md5`` is the only caller;
nothing here validates):

    compress(st, buf, off, nblocks)

``st`` is an ``array('I')`` whose words 0..3 are the chaining value A, B, C, D (RFC 1321
§3.3). ``buf[off:off + 64 * nblocks]`` is hashed in place: no slice, no copy, no allocation.
Constant time: only data-independent word operations, no table index or branch depends on
the message or the state.

Portability (VIPER.md): words are ``uint``; ``m = 0xFFFFFFFF`` is built at run time and
every step masks twice (the sum before the rotation, whose right shift needs a 32-bit
value, and the new word). The 16 message words X[0..15] are assembled from bytes (low byte
first, §3.4 "each of the 16 words") into locals, so the kernel works on any alignment of
``buf``. not(Z) in I is ``Z ^ m`` (``~`` would set bits above 31 on the 64-bit port).

The 64 steps are unrolled; the variables are renamed instead of rotated, so each step is
``a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s)`` with (a, b, c, d) a rotation of the four.
"""

import micropython
from array import array

'''

# RFC 1321 §3.4 for steps 16r..16r+15: the comment, the function on the roles, the message
# word of step j of the round (X[k] with k = (k0 + dk * j) mod 16), the four rotations.
ROUNDS = (
    ("F(X,Y,Z) = XY v not(X) Z, as Z ^ X & (Y ^ Z)", "{d} ^ {b} & ({c} ^ {d})", (0, 1), (7, 12, 17, 22)),
    ("G(X,Y,Z) = XZ v Y not(Z), as Y ^ Z & (X ^ Y)", "{c} ^ {d} & ({b} ^ {c})", (1, 5), (5, 9, 14, 20)),
    ("H(X,Y,Z) = X xor Y xor Z", "{b} ^ {c} ^ {d}", (5, 3), (4, 11, 16, 23)),
    ("I(X,Y,Z) = Y xor (X v not(Z)); not(Z) as Z ^ m (32 bits)", "{c} ^ ({b} | {d} ^ m)", (0, 7),
     (6, 10, 15, 21)),
)

STEP = """\
t = {a} + ({f}) + x{x} + uint(k[{i}]) & m
{a} = (t << {s} | t >> {r}) + {b} & m"""


def t_table():
    """RFC 1321 §3.4: T[i] = floor(4294967296 * abs(sin(i))), i = 1..64. A double's sine is
    far more precise than the 32 bits kept (the table is RFC 1321's Appendix A.3, which
    --check compares against what stands in the module)."""
    return [int(4294967296 * abs(math.sin(i))) for i in range(1, 65)]


def step(i):
    roles = dict(zip(LETTERS, (LETTERS[(n - i) % 4] for n in range(4))))
    comment, f, (k0, dk), rots = ROUNDS[i // 16]
    lines = ["# round %d (RFC 1321 §3.4): %s" % (i // 16 + 1, comment)] if i % 16 == 0 else []
    s = rots[i % 4]
    return lines + STEP.format(f=f.format(**roles), x=(k0 + dk * (i % 16)) % 16, i=i, s=s, r=32 - s,
                               **roles).split("\n")


def compress():
    body = ["m = uint(0xFFFFFFFF)", "k = ptr32(_T)", "p = uint(buf) + uint(off)  # address of the current block"]
    body += ["%s = uint(st[%d])" % (v, i) for i, v in enumerate(LETTERS)]
    # X[j]: the block's words, low byte first (§3.4)
    block = ["q = ptr8(p)"]
    block += ["x%d = " % j + " | ".join("uint(q[%d])" % (4 * j + b) + (" << %d" % (8 * b) if b else "")
                                        for b in range(4)) for j in range(16)]
    block += ["%s0 = %s" % (v, v) for v in LETTERS]
    block += [line for i in range(64) for line in step(i)]
    block += ["# §3.4: add the block's input chaining value."] + ["%s = %s + %s0 & m" % (v, v, v) for v in LETTERS]
    body += ["n = nblocks", "while n > 0:"] + indent(block + ["p += 64", "n -= 1"])
    body += ["st[%d] = %s" % (i, v) for i, v in enumerate(LETTERS)]
    return viper("compress", "st: ptr32, buf: ptr8, off: int, nblocks: int", body)


def table():
    # The module's T, eight words a line.
    t = t_table()
    rows = ["    " + " ".join("0x%08x," % w for w in t[i:i + 8]) for i in range(0, 64, 8)]
    return ("# RFC 1321 §3.4: T[i] = floor(4294967296 * abs(sin(i))), i = 1..64 (stored from index 0).\n"
            "# (Literals >= 2**30 are heap ints on 32-bit ports: built once at import.)\n"
            + "\n".join(["_T = array(\"I\", ("] + rows + ["))"]) + "\n")


def generate():
    return "".join([generated_line(TOOL), HEADER, table(), PROBE, compress()])


def main(argv=None):
    return write_or_check(OUT, generate, TOOL, argv)


if __name__ == "__main__":
    sys.exit(main())
