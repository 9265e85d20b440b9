"""Writes ``modules/mpcrypto/hash/sha256_viper.py``: SHA-256 compression (FIPS 180-4 §6.2.2)
as one MicroPython viper function, its 64 rounds unrolled.

    python -m tools.viper.gen_sha256          # rewrite the module
    python -m tools.viper.gen_sha256 --check  # exit 1 if the module is not what this writes

One round (``ROUND``: T1, d += T1, h = T1 + T2 of step 3 of §6.2.2) is written here once and
emitted 32 times with the working variables renamed (round t's a..h are the variables
``LETTERS`` rotated right by t, so nothing is moved): 16 rounds that load W[t] from the block
(``load_w``) and 16 in a loop run three times that extend the schedule in the ring of W in
``st`` (``extend_w``). Σ0, Σ1, σ0 and σ1 come from their rotation and shift amounts
(``sigma``, FIPS 180-4 §4.1.2); K is computed from its definition by ``tools.sha2_constants``
and written out as the module's table.
"""

import sys

from tools import ROOT
from tools.gen import generated_line, write_or_check
from tools.sha2_constants import K256
from tools.viper import PROBE, be_word, indent, viper

OUT = ROOT / "modules" / "mpcrypto" / "hash" / "sha256_viper.py"
TOOL = "tools.viper.gen_sha256"

LETTERS = "abcdefgh"  # the working variables: round t's a..h are LETTERS rotated right by t
# FIPS 180-4 §4.1.2: the rotation amounts (and the shift) of Σ0, Σ1, σ0, σ1.
BIG_SIGMA0, BIG_SIGMA1 = (2, 13, 22), (6, 11, 25)
SMALL_SIGMA0, SMALL_SIGMA1 = ((7, 18), 3), ((17, 19), 10)

# The module's docstring and imports, as they stand at its top.
HEADER = '''"""SHA-256 compression in viper: FIPS 180-4 §6.2.2, many 64-byte blocks per call.

Backend surface shared with ``sha256_python`` (the public classes in ``sha256`` are the only
callers; nothing here validates):

    compress(st, buf, off, nblocks)

``st`` is an ``array('I')`` of 24 words: H0..H7 (the chaining value, FIPS 180-4 §6.2) and
16 words of message-schedule scratch. ``buf[off:off + 64 * nblocks]`` is hashed in place:
no slice, no copy, no allocation. Constant time: only data-independent word operations,
no table index or branch depends on the message or the state.

Portability (see VIPER.md): the same source runs on the 64-bit unix port and on 32-bit
Cortex-M. Words are ``uint``; every word that later meets ``>>`` is kept below 2**32:
  - message words are built from bytes, schedule words are stored to ``ptr32`` (a store
    truncates on every port) and reloaded with ``uint()``;
  - the working variables a..h are masked with ``m = 0xFFFFFFFF`` once per assignment.
Bits above 31 left by ``<<`` inside Σ/σ and the T1 sum are harmless: ``+ ^ & |`` never move
them down into the low 32 bits, and the two masks per round remove them. On Cortex-M the
masks are no-ops (one AND each).

The 64 rounds run as 16 unrolled rounds (message words straight from the block) plus a loop
of 3 x 16 unrolled rounds that extend the schedule in a 16-word ring, W[t] at st[8 + t % 16]
(FIPS 180-4 §6.2.2 step 1 without the 64-word array). The variables are renamed instead of
shifted, so each round is exactly: T1, d += T1, h = T1 + T2.
"""

import micropython
from array import array

# FIPS 180-4 §4.2.2: the first 32 bits of the fractional parts of the cube roots of the
# first 64 primes. (Literals >= 2**30 are heap ints on 32-bit ports: built once at import.)
'''

# Step 3 of §6.2.2 for the roles a..h of the round ({a}..{h}: their variables): T1 into t and
# d += T1, then h = T1 + T2. {n} receives a ^ b (the new y or z), {o} holds the previous
# round's (b ^ c, for Maj). W[t] is in w, K[t] in k[{k}].
ROUND = """\
t = ({f} ^ {g}) & {e} ^ {g}
t = ({s1}) + t + {h} + uint(k[{k}]) + w
{d} = {d} + t & m
{n} = {a} ^ {b}
t = ({n} & {o} ^ {b}) + t
{h} = ({s0}) + t & m"""

# Step 1 of §6.2.2 for t >= 16 in the ring: W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16],
# into w and over W[t-16]; {w2}, {w7}, {w15}, {w16}: the ring's st indices.
EXTEND = """\
x = uint(st[{w2}])
w = {s1}
x = uint(st[{w15}])
w = ({s0}) + w + uint(st[{w7}]) + uint(st[{w16}])
st[{w16}] = w"""

# Step 4 of §6.2.2 for the variable {v} and its H word st[{i}].
FEED = """\
{v} = (uint(st[{i}]) + {v}) & m
st[{i}] = {v}"""

# The code before the rounds of each block (W[0..15] are loaded by the rounds themselves).
BLOCK = """\
q = ptr8(p)
k = ptr32(k0)
z = b ^ c                            # b ^ c of round 0, for Maj
# Each round (FIPS 180-4 §6.2.2 step 3), with the roles of a..h renamed:
#   T1 = h + Σ1(e) + Ch(e,f,g) + K[t] + W[t]     Ch(e,f,g) = (f ^ g) & e ^ g
#   d  = d + T1                                   (becomes the next e)
#   h  = T1 + Σ0(a) + Maj(a,b,c)                  Maj = (a ^ b) & (b ^ c) ^ b
# b ^ c is the previous round's a ^ b, so y and z alternate holding a ^ b.
# Expressions are written left-deep (compound operand first): viper then keeps the
# running value in a register instead of spilling it to the stack.
# Σ1(e) = ROTR6 ^ ROTR11 ^ ROTR25, Σ0(a) = ROTR2 ^ ROTR13 ^ ROTR22 (§4.1.2), each
# ROTR written as x >> n ^ x << (32 - n)."""
SCHEDULE = """\
i = 1
while i < 4:
    k = ptr32(k0 + uint(i << 6))    # K[16*i]
    # W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16] (§6.2.2 step 1), with
    # σ0(y) = ROTR7 ^ ROTR18 ^ SHR3, σ1(x) = ROTR17 ^ ROTR19 ^ SHR10 (§4.1.2)."""


def sigma(v, rots, shr=0):
    """ROTR^r(v) ^ ... for r in ``rots`` (^ SHR^shr(v) unless ``shr`` is 0), each ROTR as
    v >> r ^ v << 32 - r."""
    terms = ["%s >> %d ^ %s << %d" % (v, r, v, 32 - r) for r in rots]
    return " ^ ".join(terms + (["%s >> %d" % (v, shr)] if shr else []))


def ring(t):
    """st index of W[t] in the ring."""
    return 8 + t % 16


def one_round(j, label, w):
    """Round j (mod 16) of a group of 16: the comment ``label``, ``w`` (the lines that leave
    W[t] in w and in the ring), then ``ROUND``. K[t] is k[j] (k: K of the group)."""
    roles = dict(zip(LETTERS, (LETTERS[(i - j) % 8] for i in range(8))))
    new, old = ("y", "z") if j % 2 == 0 else ("z", "y")
    lines = ["# round %s: a..h = %s" % (label, " ".join(roles[c] for c in LETTERS))] + w
    return lines + ROUND.format(n=new, o=old, k=j, s1=sigma(roles["e"], BIG_SIGMA1),
                                s0=sigma(roles["a"], BIG_SIGMA0), **roles).split("\n")


def load_w(j):
    # W[j] from the block, big-endian (§3.1), kept in the ring for the schedule.
    return ["w = " + be_word("q", j), "st[%d] = w" % ring(j)]


def extend_w(j):
    return EXTEND.format(s1=sigma("x", *SMALL_SIGMA1), s0=sigma("x", *SMALL_SIGMA0),
                         w2=ring(j - 2), w7=ring(j - 7), w15=ring(j - 15), w16=ring(j)).split("\n")


def k_table():
    # FIPS 180-4 §4.2.2, eight words a line.
    rows = ["    " + " ".join("0x%08x," % w for w in K256[i:i + 8]) for i in range(0, len(K256), 8)]
    return "\n".join(["_K = array(\"I\", ("] + rows + ["))"]) + "\n"


def compress():
    body = ["m = uint(0xFFFFFFFF)",
            "k0 = uint(ptr32(_K))                 # address of K[0]",
            "p = uint(buf) + uint(off)            # address of the current block"]
    body += ["%s = uint(st[%d])" % (v, i) for i, v in enumerate(LETTERS)]
    block = BLOCK.split("\n")
    for j in range(16):
        block += one_round(j, str(j), load_w(j))
    block += SCHEDULE.split("\n")
    block += indent([line for j in range(16) for line in one_round(j, "16*i+%d" % j, extend_w(j))])
    block += ["    i += 1", "# §6.2.2 step 4: H(i) = H(i-1) + a..h."]
    for i, v in enumerate(LETTERS):
        block += FEED.format(v=v, i=i).split("\n")
    body += ["n = nblocks", "while n > 0:"] + indent(block + ["p += 64", "n -= 1"])
    return viper("compress", "st: ptr32, buf: ptr8, off: int, nblocks: int", body)


def generate():
    return "".join([generated_line(TOOL), HEADER, k_table(), PROBE, compress()])


def main(argv=None):
    return write_or_check(OUT, generate, TOOL, argv)


if __name__ == "__main__":
    sys.exit(main())
