"""Writes ``modules/mpcrypto/hash/sha1_viper.py``: SHA-1 compression (FIPS 180-4 §6.1.2) as one
MicroPython viper function, its 80 rounds unrolled.

    python -m tools.viper.gen_sha1          # rewrite the module
    python -m tools.viper.gen_sha1 --check  # exit 1 if the module is not what this writes

One round (``ROUND``: step 3 of §6.1.2) is written here once and emitted 80 times with the
working variables renamed (round t's a..e are the variables ``LETTERS`` rotated right by t,
so nothing is moved), after the lines that leave W[t] in w: a big-endian word of the block
for t < 16 (``load_w``), the schedule in the 16-word ring for t >= 16 (``extend_w``). The
four functions f_t and constants K_t of §4.1.1 and §4.2.1 are ``GROUPS``.
"""

import sys

from tools import ROOT
from tools.gen import generated_line, write_or_check
from tools.viper import PROBE, be_word, indent, viper

OUT = ROOT / "modules" / "mpcrypto" / "hash" / "sha1_viper.py"
TOOL = "tools.viper.gen_sha1"

LETTERS = "abcde"  # the working variables: round t's a..e are LETTERS rotated right by t

# The module's docstring and imports, as they stand at its top.
HEADER = '''"""SHA-1 compression in viper: FIPS 180-4 §6.1.2, many 64-byte blocks per call.

Backend surface shared with ``sha1_python`` (the public class in ``sha1`` is the only
caller; nothing here validates):

    compress(st, buf, off, nblocks)

``st`` is an ``array('I')`` of 21 words: H0..H4 (the chaining value, FIPS 180-4 §6.1) and
16 words of message-schedule scratch. ``buf[off:off + 64 * nblocks]`` is hashed in place:
no slice, no copy, no allocation. Constant time: only data-independent word operations.

Portability (VIPER.md): words are ``uint``; ``m = 0xFFFFFFFF`` and the four constants K
(all >= 2**30) are built at run time at the top. Every working variable is masked when
assigned (its rotations need a 32-bit value); schedule words are stored to the ``ptr32``
ring (a store truncates on every port) and reloaded with ``uint()``.

The 80 rounds are unrolled. The schedule is kept in a 16-word ring, W[t] at
st[5 + t % 16], W[t] = ROTL1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]) (§6.1.2 step 1), and
the variables are renamed instead of shifted (step 3), so each round is exactly:
``e += ROTL5(a) + f(b, c, d) + K + W[t]; b = ROTL30(b)``.
"""

import micropython
from array import array

'''

# FIPS 180-4 §4.1.1 and §4.2.1 for rounds 20g..20g+19: the comment, f_t on the roles, K_t.
GROUPS = (
    ("Ch(x,y,z) = z ^ x & (y ^ z)", "{d} ^ {b} & ({c} ^ {d})", 0x5a827999),
    ("Parity(x,y,z) = x ^ y ^ z", "{b} ^ {c} ^ {d}", 0x6ed9eba1),
    ("Maj(x,y,z) = x & y | z & (x | y)", "{b} & {c} | {d} & ({b} | {c})", 0x8f1bbcdc),
    ("Parity(x,y,z) = x ^ y ^ z", "{b} ^ {c} ^ {d}", 0xca62c1d6),
)

# The module's table of the four K_t.
K_LINES = ("# FIPS 180-4 §4.2.1 (built once at import: literals >= 2**30 are heap ints on 32-bit ports).\n"
           "_K = array(\"I\", (%s))\n" % ", ".join("0x%08x" % k for _, _, k in GROUPS))

# Step 3 of §6.1.2 for the roles a..e: T = ROTL5(a) + f(b, c, d) + e + K + W into e (the next
# a), b = ROTL30(b); {k}: the local holding K_t.
ROUND = """\
{e} = ({a} << 5 | {a} >> 27) + ({f}) + {e} + {k} + w & m
{b} = ({b} << 30 | {b} >> 2) & m"""

# §6.1.2 step 1 for t >= 16 in the ring: W[t] = ROTL1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]),
# over W[t-16].
EXTEND = """\
w = uint(st[{w3}]) ^ uint(st[{w8}]) ^ uint(st[{w14}]) ^ uint(st[{w16}])
w = (w << 1 | w >> 31) & m
st[{w16}] = w"""


def ring(t):
    """st index of W[t] in the ring."""
    return 5 + t % 16


def load_w(t):
    # W[t] from the block, big-endian (§3.1), kept in the ring for the schedule.
    return ["w = " + be_word("q", t), "st[%d] = w" % ring(t)]


def extend_w(t):
    return EXTEND.format(w3=ring(t - 3), w8=ring(t - 8), w14=ring(t - 14), w16=ring(t)).split("\n")


def one_round(t):
    roles = dict(zip(LETTERS, (LETTERS[(i - t) % 5] for i in range(5))))
    comment, f, _ = GROUPS[t // 20]
    lines = ["# rounds %d-%d (FIPS 180-4 §4.1.1): %s" % (t, t + 19, comment)] if t % 20 == 0 else []
    lines += load_w(t) if t < 16 else extend_w(t)
    return lines + ROUND.format(f=f.format(**roles), k="k%d" % (t // 20), **roles).split("\n")


def compress():
    body = ["m = uint(0xFFFFFFFF)", "kk = ptr32(_K)"]
    body += ["k%d = uint(kk[%d])" % (i, i) for i in range(4)]
    body += ["p = uint(buf) + uint(off)  # address of the current block"]
    body += ["%s = uint(st[%d])" % (v, i) for i, v in enumerate(LETTERS)]
    block = ["q = ptr8(p)"] + ["%s0 = %s" % (v, v) for v in LETTERS]
    block += [line for t in range(80) for line in one_round(t)]
    block += ["# §6.1.2 step 4 (80 renamings are 16 full turns: the names are back in place)."]
    block += ["%s = %s + %s0 & m" % (v, v, v) for v in LETTERS]
    body += ["n = nblocks", "while n > 0:"] + indent(block + ["p += 64", "n -= 1"])
    body += ["st[%d] = %s" % (i, v) for i, v in enumerate(LETTERS)]
    return viper("compress", "st: ptr32, buf: ptr8, off: int, nblocks: int", body)


def generate():
    return "".join([generated_line(TOOL), HEADER, K_LINES, PROBE, compress()])


def main(argv=None):
    return write_or_check(OUT, generate, TOOL, argv)


if __name__ == "__main__":
    sys.exit(main())
