"""Writes ``modules/mpcrypto/hash/sha512_viper.py``: SHA-512 compression (FIPS 180-4 §6.4.2)
as one MicroPython viper function on 32-bit halves, its 80 rounds unrolled.

    python -m tools.viper.gen_sha512          # rewrite the module
    python -m tools.viper.gen_sha512 --check  # exit 1 if the module is not what this writes

One round is written here once (``T1``, ``T2``: the two halves of step 3 of §6.4.2) and
emitted 32 times with the working variables renamed (round t's a..h are the variables
``LETTERS`` rotated right by t, so nothing is moved): 16 rounds that load W[t] from the block
(``load_w``) and 16 in a loop run four times that extend the schedule in the ring of W in
``st`` (``extend_w``). Σ0, Σ1, σ0 and σ1 on the (high, low) halves come from their rotation
and shift amounts (``rotr``, FIPS 180-4 §4.1.3); K is computed from its definition by
``tools.sha2_constants`` and written out as the module's table.
"""

import sys

from tools import ROOT
from tools.gen import generated_line, write_or_check
from tools.sha2_constants import K512
from tools.viper import PROBE, be_word, indent, viper

OUT = ROOT / "modules" / "mpcrypto" / "hash" / "sha512_viper.py"
TOOL = "tools.viper.gen_sha512"

LETTERS = "abcdefgh"  # the working variables: round t's a..h are LETTERS rotated right by t
# FIPS 180-4 §4.1.3: the rotation amounts (and the shift) of Σ0, Σ1, σ0, σ1.
BIG_SIGMA0, BIG_SIGMA1 = (28, 34, 39), (14, 18, 41)
SMALL_SIGMA0, SMALL_SIGMA1 = ((1, 8), 7), ((19, 61), 6)

# The module's docstring and imports, as they stand at its top.
HEADER = '''"""SHA-512 compression in viper: FIPS 180-4 §6.4.2, many 128-byte blocks per call.

Backend surface shared with ``sha512_python`` (only the classes in ``sha512`` call it;
nothing here validates):

    compress(st, buf, off, nblocks)

``st`` is an ``array('I')`` of 48 words: H0..H7 as (high, low) 32-bit halves, then 32 words
of scratch holding a 16-entry ring of the message schedule, W[t] at st[16 + 2 * (t % 16)].
``buf[off:off + 128 * nblocks]`` is hashed in place: no slice, no copy, no allocation.
Constant time: no branch or table index depends on data (the carries below are computed
with compares whose result is used as a number, not branched on).

64-bit words as two 32-bit halves (VIPER.md): the same source gives the same answers on the
64-bit unix port and on 32-bit Cortex-M, where a viper word is 32 bits.
  - ROTR by n < 32 of (h, l) is (h >> n ^ l << 32-n, l >> n ^ h << 32-n); by n >= 32 the
    halves swap roles and n - 32 is used (§4.1.3 Σ/σ rotate by 1..61, never by 32).
  - Additions: low halves are kept below 2**32 (& m), and the carry out of a low sum
    s = x + y mod 2**32 is uint(s < x); high halves collect carries and are masked when they
    are stored in a working variable. Bits above 31 left by << on the 64-bit port are
    harmless in high-half sums (they never move down) and are masked away from low halves
    before any compare or >>.
The 80 rounds run as 16 unrolled rounds taking W from the block, then 4 x 16 unrolled
rounds extending the schedule in the ring. Variables are renamed round to round, not moved.
"""

import micropython
from array import array
'''

# Step 3 of §6.4.2 in two parts, for the roles a..h of the round ({a}..{h}: their letters, the
# variables {a}h and {a}l holding the halves): T1 into th:tl and d += T1, then h = T1 + T2.
# {n} holds a ^ b (the new y or z), {o} the previous round's (b ^ c, for Maj).
T1 = """\
x = ({f}l ^ {g}l) & {e}l ^ {g}l                                    # Ch lo
tl = ({s1l}) & m   # Σ1 lo
th = ({s1h}) + (({f}h ^ {g}h) & {e}h ^ {g}h) + {h}h + uint(k[{k}]) + wh
tl = x + tl & m
th += uint(tl < x)
tl = {h}l + tl & m
th += uint(tl < {h}l)
x = uint(k[{kl}])
tl = x + tl & m
th += uint(tl < x)
tl = wl + tl & m
th += uint(tl < wl)                                   # T1 = th:tl
{d}l = {d}l + tl & m
{d}h = {d}h + th + uint({d}l < tl) & m                # d += T1"""
T2 = """\
{n}h = {a}h ^ {b}h
{n}l = {a}l ^ {b}l
x = {n}l & {o}l ^ {b}l                                # Maj lo
{h}l = ({s0l}) & m   # Σ0 lo
{h}h = ({s0h}) + ({n}h & {o}h ^ {b}h) + th
{h}l = x + {h}l & m
{h}h += uint({h}l < x)
{h}l = tl + {h}l & m
{h}h = {h}h + uint({h}l < tl) & m                    # h = T1 + T2"""

# Step 1 of §6.4.2 for t >= 16 in the ring: W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16],
# into wh:wl and over W[t-16]; {w2}, {w7}, {w15}, {w16}: the ring words of the high halves.
EXTEND = """\
xh = uint(st[{w2}])                  # W[t-2]
xl = uint(st[{w2l}])
wl = ({s1l}) & m       # σ1 lo
wh = {s1h}                        # σ1 hi
xh = uint(st[{w15}])                  # W[t-15]
xl = uint(st[{w15l}])
x = ({s0l}) & m         # σ0 lo
wh = ({s0h}) + wh                  # σ0 hi
wl = x + wl & m
wh += uint(wl < x)
x = uint(st[{w7l}])                   # W[t-7]
wl = x + wl & m
wh = wh + uint(st[{w7}]) + uint(wl < x)
x = uint(st[{w16l}])                   # W[t-16]
wl = x + wl & m
wh = wh + uint(st[{w16}]) + uint(wl < x)
st[{w16}] = wh
st[{w16l}] = wl"""

# Step 4 of §6.4.2 for the variable {v} and its H word pair st[{i}], st[{il}].
FEED = """\
x = uint(st[{il}])
{v}l = x + {v}l & m
{v}h = uint(st[{i}]) + {v}h + uint({v}l < x) & m
st[{i}] = {v}h
st[{il}] = {v}l"""

# The code before the rounds of each block (W[0..15] are loaded by the rounds themselves).
BLOCK = """\
q = ptr8(p)
k = ptr32(k0)
zh = bh ^ ch                         # b ^ c of round 0, for Maj
zl = bl ^ cl
# Each round (FIPS 180-4 §6.4.2 step 3), roles of a..h renamed:
#   T1 = h + Σ1(e) + Ch(e,f,g) + K[t] + W[t]     Ch = (f ^ g) & e ^ g
#   d  = d + T1                                   (becomes the next e)
#   h  = T1 + Σ0(a) + Maj(a,b,c)                  Maj = (a ^ b) & (b ^ c) ^ b
# Σ1(e) = ROTR14 ^ ROTR18 ^ ROTR41, Σ0(a) = ROTR28 ^ ROTR34 ^ ROTR39 (§4.1.3).
# y and z alternate holding a ^ b (b ^ c is the previous round's a ^ b)."""
SCHEDULE = """\
i = 1
while i < 5:
    k = ptr32(k0 + uint(i << 7))    # K[16*i]
    # W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16] (§6.4.2 step 1),
    # σ0 = ROTR1 ^ ROTR8 ^ SHR7, σ1 = ROTR19 ^ ROTR61 ^ SHR6 (§4.1.3)."""


def rotr(v, rots, shr, half):
    """Half ``half`` ("h" or "l") of ROTR^r(v) ^ ... for r in ``rots`` (^ SHR^shr(v) unless
    ``shr`` is 0) on the halves vh, vl: by r < 32 a half is own >> r ^ other << 32 - r, by
    r > 32 the halves swap roles and r - 32 is used."""
    own, other = v + half, v + ("l" if half == "h" else "h")
    terms = []
    for r in rots:
        a, b = (own, other) if r < 32 else (other, own)
        terms += ["%s >> %d" % (a, r % 32), "%s << %d" % (b, 32 - r % 32)]
    if shr:
        terms += ["%s >> %d" % (own, shr)] + (["%s << %d" % (other, 32 - shr)] if half == "l" else [])
    return " ^ ".join(terms)


def sigmas(v, rots, shr=0):
    """The fields s?h, s?l of the templates: the function on v's high and low halves."""
    return rotr(v, rots, shr, "h"), rotr(v, rots, shr, "l")


def ring(t):
    """st index of the high half of W[t] in the ring (the low half follows)."""
    return 16 + 2 * (t % 16)


def one_round(j, label, w):
    """Round j (mod 16) of a group of 16: the comment ``label``, ``w`` (the lines that leave
    W[t] in wh:wl and in the ring), T1, T2. K[t] is k[2j], k[2j + 1] (k: K of the group)."""
    roles = dict(zip(LETTERS, (LETTERS[(i - j) % 8] for i in range(8))))
    new, old = ("y", "z") if j % 2 == 0 else ("z", "y")
    s1h, s1l = sigmas(roles["e"], BIG_SIGMA1)
    s0h, s0l = sigmas(roles["a"], BIG_SIGMA0)
    lines = ["# round %s: a..h = %s" % (label, " ".join(roles[c] for c in LETTERS))] + w
    lines += T1.format(s1h=s1h, s1l=s1l, k=2 * j, kl=2 * j + 1, **roles).split("\n")
    return lines + T2.format(n=new, o=old, s0h=s0h, s0l=s0l, **roles).split("\n")


def load_w(j):
    # W[j] from the block, big-endian (§3.1), kept in the ring for the schedule.
    return ["wh = %s" % be_word("q", 2 * j), "wl = %s" % be_word("q", 2 * j + 1),
            "st[%d] = wh" % ring(j), "st[%d] = wl" % (ring(j) + 1)]


def extend_w(j):
    s1h, s1l = sigmas("x", *SMALL_SIGMA1)
    s0h, s0l = sigmas("x", *SMALL_SIGMA0)
    w = {}
    for name, t in (("w2", j - 2), ("w7", j - 7), ("w15", j - 15), ("w16", j)):
        w[name], w[name + "l"] = ring(t), ring(t) + 1
    return EXTEND.format(s1h=s1h, s1l=s1l, s0h=s0h, s0l=s0l, **w).split("\n")


K_DOC = ("\n# FIPS 180-4 §4.2.3: first 64 bits of the fractional parts of the cube roots of the first\n"
         "# 80 primes, as (high, low) halves.\n")


def k_table():
    # FIPS 180-4 §4.2.3 as (high, low) halves, eight words a line.
    words = [w for k in K512 for w in (k >> 32, k & 0xFFFFFFFF)]
    rows = ["    " + " ".join("0x%08x," % w for w in words[i:i + 8]) for i in range(0, len(words), 8)]
    return "\n".join(["_K = array(\"I\", ("] + rows + ["))"]) + "\n"


def compress():
    body = ["m = uint(0xFFFFFFFF)",
            "k0 = uint(ptr32(_K))                 # address of K[0]",
            "p = uint(buf) + uint(off)            # address of the current block"]
    body += ["%s = uint(st[%d])" % (v, i) for i, v in enumerate(c + h for c in LETTERS for h in "hl")]
    block = BLOCK.split("\n")
    for j in range(16):
        block += one_round(j, str(j), load_w(j))
    block += SCHEDULE.split("\n")
    block += indent([line for j in range(16) for line in one_round(j, "16*i+%d" % j, extend_w(j))])
    block += ["    i += 1", "# §6.4.2 step 4: H(i) = H(i-1) + a..h, 64-bit adds."]
    for i, c in enumerate(LETTERS):
        block += FEED.format(v=c, i=2 * i, il=2 * i + 1).split("\n")
    body += ["n = nblocks", "while n > 0:"] + indent(block + ["p += 128", "n -= 1"])
    return viper("compress", "st: ptr32, buf: ptr8, off: int, nblocks: int", body)


def generate():
    return "".join([generated_line(TOOL), HEADER, K_DOC, k_table(), PROBE, compress()])


def main(argv=None):
    return write_or_check(OUT, generate, TOOL, argv)


if __name__ == "__main__":
    sys.exit(main())
