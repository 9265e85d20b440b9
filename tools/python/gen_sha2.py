"""Writes ``modules/mpcrypto/hash/sha256_python.py`` and ``sha512_python.py``: SHA-256 and SHA-512
compression (FIPS 180-4 §6.2.2, §6.4.2) in portable Python.

    python -m tools.python.gen_sha2          # rewrite the two modules
    python -m tools.python.gen_sha2 --check  # exit 1 if they are not what this writes

SHA-256 (``sha256_text``) is written for a 32-bit bytecode interpreter: every word is two
16-bit halves held in local variables, so no value reaches 2**30 and nothing is allocated
per block (on a 32-bit port a Python int of 2**30 or more is a heap object). The rounds are
unrolled eight at a time, the state's names rotating through the eight, so no round moves
a word; Σ0, Σ1, σ0 and σ1 are merged by hand per half and checked against the terms
``limb_terms`` gives, and those against 32-bit arithmetic, when the module is written.

SHA-512 (``sha512_text``) is written the same way on four 16-bit limbs per 64-bit word; its
Σ and σ terms come from ``limb_terms`` (checked against 64-bit arithmetic when written), and
every sum carries limb to limb. ``tools.python.gen_sm3`` uses the same terms.
"""

import sys

from tools import ROOT
from tools.gen import generated_line, write_or_check
from tools.sha2_constants import K256, K512

DIR = ROOT / "modules" / "mpcrypto" / "hash"
TOOL = "tools.python.gen_sha2"

# -- SHA-256 in 16-bit halves -----------------------------------------------------------------

SHA256_HEADER = '''"""SHA-256 compression in portable Python: FIPS 180-4 §6.2.2, many 64-byte blocks per call.

Same surface as ``sha256_viper`` (see there): ``compress(st, buf, off, nblocks)`` with ``st``
an ``array('I')`` whose words 0..7 are H0..H7 (words 8.. are the viper kernel's scratch and
are not used here). Nothing validates; the public classes in ``sha256`` do.

No viper or native decorators: this module serves bytecode-only ports (RX65N) and compiles
with plain ``mpy-cross``. It is written for a 32-bit interpreter, where a Python int of
2**30 or more is a heap object: every 32-bit word is two 16-bit halves (``al`` low, ``ah``
high) in local variables, sums are carried from the low half into the high one, and a
rotation is assembled from shifts of both halves and masked to 16 bits. No value reaches
2**30 (left shifts are bounded: at most 14 bits of a 16-bit half, or 3 of a 27-bit one), so
the rounds make no big integer of the data and allocate nothing; the state is read and
written through ``struct`` as halves, never as 32-bit ints. Eight rounds per loop pass, the
variables' roles rotating, so no round moves a word.

No branch or table index depends on the data. Not checked by instruction counts: the
interpreter's small-int operations are not promised to take the same time for every value.

Allocation per call: two 64-entry lists (the message schedule, reused for every block) and
the 16-tuple of the state's halves; nothing per block. At import: K as two tuples of halves.
"""

from struct import pack_into, unpack_from
from sys import byteorder

_LE = byteorder == "little"  # the order of a word's two halves in st

'''

def limb_terms(names, rots, shr=0):
    """Per output limb i (0 = least significant), the terms (limb name, shift) of ROTR^r(x)
    (r in rots) ^ SHR^shr(x) for a word x of 16-bit limbs named ``names`` (least significant
    first): ROTR^(16k + s) renames the limbs by k and then takes limb i + k's bits >> s and
    limb i + k + 1's << (16 - s); SHR^(16k + s) the same without wrapping round. A positive
    shift is to the right, a negative one to the left; each limb's terms are XORed and
    masked with 0xFFFF, so only the bits that land in 0..15 matter."""
    n = len(names)
    out = [[] for _ in range(n)]
    for r, rot in [(r, True) for r in rots] + ([(shr, False)] if shr else []):
        k, s = divmod(r, 16)
        for i in range(n):
            lo = i + k
            hi = i + k + 1
            if rot:
                lo %= n
                hi %= n
            if lo < n:
                out[i].append((names[lo], s))
            if s and hi < n:
                out[i].append((names[hi], s - 16))
    return out


def term_text(name, n):
    """One term as text; ``(name, -15)`` is ``(name & 1) << 15``: the only bit of a 16-bit
    limb that a left shift by 15 keeps, without passing 2**30."""
    if n == 0:
        return name
    if n > 0:
        return "%s >> %d" % (name, n)
    if n == -15:
        return "(%s & 1) << 15" % name
    return "%s << %d" % (name, -n)


def terms_text(names, rots, shr=0):
    """Per output limb, the masked expression of ``limb_terms``."""
    return ["(%s) & F" % " ^ ".join(term_text(nm, n) for nm, n in terms) for terms in limb_terms(names, rots, shr)]


def _value(limbs, env):
    # The word whose limbs are the XORs of ``limbs``' terms (as term_text writes them),
    # limb values from env; every left shift is checked to stay below 2**30.
    got = 0
    for i, terms in enumerate(limbs):
        acc = 0
        for name, n in terms:
            y = env[name]
            if n >= 0:
                acc ^= y >> n
            else:
                t = (y & 1) << 15 if n == -15 else y << -n
                assert t < 1 << 30, (name, n)
                acc ^= t
        got |= (acc & 0xFFFF) << 16 * i
    return got


def check_terms(n, cases, seed):
    """limb_terms against n·16-bit arithmetic, for (rots, shr) in ``cases`` on random words
    (run when a module is written)."""
    import random
    rng = random.Random(seed)
    bits = 16 * n
    names = ["v%d" % i for i in range(n)]
    for rots, shr in cases:
        for _ in range(200):
            x = rng.getrandbits(bits)
            want = 0
            for r in rots:
                want ^= (x >> r | x << (bits - r)) & ((1 << bits) - 1)
            if shr:
                want ^= x >> shr
            env = {names[i]: x >> 16 * i & 0xFFFF for i in range(n)}
            assert _value(limb_terms(names, rots, shr), env) == want, (rots, shr, hex(x))


# FIPS 180-4 §4.1.2 and §4.1.3: (rotations, shift) of Σ0, Σ1, σ0, σ1.
FUNS256 = (((2, 13, 22), 0), ((6, 11, 25), 0), ((7, 18), 3), ((17, 19), 10))
FUNS512 = (((28, 34, 39), 0), ((14, 18, 41), 0), ((1, 8), 7), ((19, 61), 6))


def _round(j, names, x, y):
    """Round t + j (j = 0..7 of a pass) with the words' roles ``names`` (a..h as the names
    of this round): the new e goes into d's variables and the new a into h's. ``y`` holds
    b ^ c for Maj; the round leaves a ^ b in ``x`` (the next round's b ^ c)."""
    a, b, c, d, e, f, g, h = names
    i = "t" if j == 0 else "i"
    out = ["i = t + %d" % j] if j else []
    # Σ1(e) = ROTR6 ^ ROTR11 ^ ROTR25. Per half, ROTR6 ^ ROTR11's own-half terms x >> 6 ^
    # x >> 11 are w >> 11 and its other-half terms x << 10 ^ x << 5 are w << 5, with
    # w = x ^ x << 5 (21 bits); ROTR25 is ROTR9 of the swapped halves.
    out += [
        "vl = {e}l ^ {e}l << 5",
        "vh = {e}h ^ {e}h << 5",
        "ul = {h}l + ((vl >> 11 ^ vh << 5 ^ {e}h >> 9 ^ {e}l << 7) & F) + ({g}l ^ ({e}l & ({f}l ^ {g}l))) + KL[{i}] + WL[{i}]",
        "uh = {h}h + ((vh >> 11 ^ vl << 5 ^ {e}l >> 9 ^ {e}h << 7) & F) + ({g}h ^ ({e}h & ({f}h ^ {g}h))) + KH[{i}] + WH[{i}]",
        # e = d + T1
        "{d}l += ul",
        "{d}h = ({d}h + uh + ({d}l >> 16)) & F",
        "{d}l &= F",
        # Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c))
        "{x}l = {a}l ^ {b}l",
        "{x}h = {a}h ^ {b}h",
        # Σ0(a) = ROTR2 ^ ROTR13 ^ ROTR22: ROTR2 ^ ROTR13 per half are w >> 13 and w << 3
        # with w = x ^ x << 11 (27 bits, so w << 3 stays below 2**30); ROTR22 is ROTR6 of
        # the swapped halves. a = T1 + T2.
        "vl = {a}l ^ {a}l << 11",
        "vh = {a}h ^ {a}h << 11",
        "ul += ((vl >> 13 ^ vh << 3 ^ {a}h >> 6 ^ {a}l << 10) & F) + ({b}l ^ ({x}l & {y}l))",
        "{h}l = ul & F",
        "{h}h = (uh + ((vh >> 13 ^ vl << 3 ^ {a}l >> 6 ^ {a}h << 10) & F) + ({b}h ^ ({x}h & {y}h)) + (ul >> 16)) & F",
    ]
    return [line.format(a=a, b=b, c=c, d=d, e=e, f=f, g=g, h=h, x=x, y=y, i=i) for line in out]


# The message schedule's step t (16 <= t < 64): W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16].
# σ1 = ROTR17 ^ ROTR19 ^ SHR10: ROTR17 ^ ROTR19 (ROTR1 ^ ROTR3 of the swapped halves) per
# half are r >> 3 and (s & 7) << 13, with r = x ^ x << 2 of the half that moves right and s
# of the other (masked first: s << 13 would pass 2**30). σ0 = ROTR7 ^ ROTR18 ^ SHR3: the
# terms x >> 7 ^ x >> 3 and x << 9 ^ x << 13 of each half are p >> 7 and p << 9 with
# p = x ^ x << 4 (20 bits); ROTR18 is ROTR2 of the swapped halves.
SCHEDULE = [
    "i = t - 2",
    "xl = WL[i]",
    "xh = WH[i]",
    "i = t - 15",
    "yl = WL[i]",
    "yh = WH[i]",
    "i = t - 7",
    "j = t - 16",
    "rl = xh ^ xh << 2",
    "rh = xl ^ xl << 2",
    "vl = yl ^ yl << 4",
    "vh = yh ^ yh << 4",
    "ul = ((rl >> 3 ^ (rh & 7) << 13 ^ xl >> 10 ^ xh << 6) & F) + WL[i] + ((vl >> 7 ^ vh << 9 ^ yh >> 2 ^ yl << 14) & F) + WL[j]",
    "uh = ((rh >> 3 ^ (rl & 7) << 13 ^ xh >> 10) & F) + WH[i] + ((vh >> 7 ^ yl << 9 ^ yl >> 2 ^ yh << 14) & F) + WH[j]",
    "WL[t] = ul & F",
    "WH[t] = (uh + (ul >> 16)) & F",
]


def _schedule_matches_halves():
    # The hand-merged terms of SCHEDULE and _round are the terms limb_terms() gives: checked
    # on random words by evaluating both (run at generation, after check_terms).
    import random
    rng = random.Random(2)
    for _ in range(300):
        xw, yw, ew, aw = (rng.getrandbits(32) for _ in range(4))
        xl, xh, yl, yh = xw & 0xFFFF, xw >> 16, yw & 0xFFFF, yw >> 16
        el, eh, al, ah = ew & 0xFFFF, ew >> 16, aw & 0xFFFF, aw >> 16
        F = 0xFFFF
        rl, rh, vl, vh = xh ^ xh << 2, xl ^ xl << 2, yl ^ yl << 4, yh ^ yh << 4
        s1 = ((rl >> 3 ^ (rh & 7) << 13 ^ xl >> 10 ^ xh << 6) & F) | ((rh >> 3 ^ (rl & 7) << 13 ^ xh >> 10) & F) << 16
        s0 = ((vl >> 7 ^ vh << 9 ^ yh >> 2 ^ yl << 14) & F) | ((vh >> 7 ^ yl << 9 ^ yl >> 2 ^ yh << 14) & F) << 16
        wl, wh = el ^ el << 5, eh ^ eh << 5
        S1 = ((wl >> 11 ^ wh << 5 ^ eh >> 9 ^ el << 7) & F) | ((wh >> 11 ^ wl << 5 ^ el >> 9 ^ eh << 7) & F) << 16
        wl, wh = al ^ al << 11, ah ^ ah << 11
        S0 = ((wl >> 13 ^ wh << 3 ^ ah >> 6 ^ al << 10) & F) | ((wh >> 13 ^ wl << 3 ^ al >> 6 ^ ah << 10) & F) << 16
        for word, got, rots, shr in ((xw, s1, (17, 19), 10), (yw, s0, (7, 18), 3), (ew, S1, (6, 11, 25), 0), (aw, S0, (2, 13, 22), 0)):
            want = _value(limb_terms(["l", "h"], rots, shr), {"l": word & 0xFFFF, "h": word >> 16})
            assert got == want, (rots, hex(word))
        for big in (xh << 6, yl << 14, yh << 14, vh << 9, wh << 3, wl << 3, ah << 10, eh << 7, (rh & 7) << 13):
            assert big < 1 << 30


def sha256_text():
    check_terms(2, FUNS256, 256)
    _schedule_matches_halves()
    V = "abcdefgh"
    pairs = ", ".join("%sl, %sh" % (v, v) for v in V)
    swapped = ", ".join("%sh, %sl" % (v, v) for v in V)

    kb = b"".join(k.to_bytes(4, "big") for k in K256)
    rows = ["    b\"%s\"" % "".join("\\x%02x" % c for c in kb[i:i + 32]) for i in range(0, len(kb), 32)]

    L = [generated_line(TOOL) + SHA256_HEADER.rstrip("\n"),
         "# FIPS 180-4 §4.2.2 (cube roots of the first 64 primes), big-endian. The halves' tuples",
         "# are built at import: a frozen module would keep an int constant above 0x1FFF as a",
         "# big-int object (tools/mpy-tool.py), and every sum with one would allocate.",
         "_K = (",
         *rows,
         ")",
         "_KH = tuple(_K[i] << 8 | _K[i + 1] for i in range(0, 256, 4))",
         "_KL = tuple(_K[i + 2] << 8 | _K[i + 3] for i in range(0, 256, 4))",
         "", "",
         "def compress(st, buf, off, nblocks):",
         "    F = 0xFFFF",
         "    KH = _KH",
         "    KL = _KL",
         "    WH = [0] * 64",
         "    WL = [0] * 64",
         "    s = unpack_from(\"16H\", st, 0)",
         "    if _LE:",
         "        %s = s" % pairs,
         "    else:",
         "        %s = s" % swapped,
         "    for _ in range(nblocks):",
         "        # §6.2.2 step 1: the message schedule, big-endian halves of the block's words.",
         "        for t in range(16):",
         "            WH[t] = buf[off] << 8 | buf[off + 1]",
         "            WL[t] = buf[off + 2] << 8 | buf[off + 3]",
         "            off += 4",
         "        for t in range(16, 64):"]
    L += ["            " + line for line in SCHEDULE]
    L += ["        # §6.2.2 steps 2-3, eight rounds per pass; y holds b ^ c for Maj."]
    L += ["        %s0l = %sl" % (v, v) + "\n        %s0h = %sh" % (v, v) for v in V]
    L += ["        yl = bl ^ cl", "        yh = bh ^ ch", "        for t in range(0, 64, 8):"]
    for j in range(8):
        names = [V[(k - j) % 8] for k in range(8)]
        x, y = ("x", "y") if j % 2 == 0 else ("y", "x")
        L += ["            " + line for line in _round(j, names, x, y)]
    L += ["        # §6.2.2 step 4."]
    for v in V:
        L += ["        {v}l += {v}0l".format(v=v),
              "        {v}h = ({v}h + {v}0h + ({v}l >> 16)) & F".format(v=v),
              "        {v}l &= F".format(v=v)]
    L += ["    if _LE:",
          "        pack_into(\"16H\", st, 0, %s)" % pairs,
          "    else:",
          "        pack_into(\"16H\", st, 0, %s)" % swapped]
    return "\n".join(L) + "\n"


# -- SHA-512 in 16-bit limbs -------------------------------------------------------------------

SHA512_HEADER = """\"\"\"SHA-512 compression in portable Python: FIPS 180-4 §6.4.2, many 128-byte blocks per call.

Same surface as ``sha512_viper`` (see there): ``compress(st, buf, off, nblocks)`` with ``st``
an ``array('I')`` whose words 0..15 are H0..H7 as (high, low) 32-bit halves (words 16.. are
the viper kernel's scratch, unused here). Nothing validates; the classes in ``sha512`` do.

No viper or native decorators: serves bytecode-only ports and compiles with plain
``mpy-cross``. Written for a 32-bit interpreter, where a Python int of 2**30 or more is a heap
object: every 64-bit word is four 16-bit limbs in local variables (``a3`` the most
significant .. ``a0``), sums carry from limb to limb, and a rotation is the limbs renamed
(by 16-bit steps) and then shifted, each output limb from two input limbs and masked to 16
bits (masked first where a limb would be shifted left by 15, so no value reaches 2**30). The
state is read and written through ``struct`` as 16-bit units. Eight rounds per loop pass,
the roles of a..h rotating through the eight names.

No branch or table index depends on the data. Not checked by instruction counts: the
interpreter's small-int operations are not promised to take the same time for every value.

Allocation per call: four 80-entry lists (the message schedule, reused for every block) and
the tuple of the state's units; nothing per block. At import: K as four tuples of limbs.
\"\"\"

from struct import pack_into, unpack_from
from sys import byteorder

_LE = byteorder == "little"  # the order of the 16-bit units in st's 32-bit words

"""


def _limbs(v):
    return ["%s%d" % (v, i) for i in range(4)]


def _carry(dst, add, n=4):
    """dst += add (lists of n limb expressions, dst names) with carries, dst normalised."""
    d = dst
    out = ["%s += %s" % (d[0], add[0])]
    for i in range(1, n):
        last = i == n - 1
        out.append("%s = %s + %s + (%s >> 16)%s" % (d[i], d[i], add[i], d[i - 1], "") if not last
                   else "%s = (%s + %s + (%s >> 16)) & F" % (d[i], d[i], add[i], d[i - 1]))
        out.append("%s &= F" % d[i - 1])
    return out


def _round512(j, names, x, y):
    a, b, c, d, e, f, g, h = names
    i = "t" if j == 0 else "i"
    L = ["i = t + %d" % j] if j else []
    S0 = terms_text(_limbs(a), *FUNS512[0])
    S1 = terms_text(_limbs(e), *FUNS512[1])
    for k in range(4):
        L.append("u%d = %s%d + (%s) + (%s%d ^ (%s%d & (%s%d ^ %s%d))) + K%d[%s] + W%d[%s]"
                 % (k, h, k, S1[k], g, k, e, k, f, k, g, k, k, i, k, i))
    L += _carry(["%s%d" % (d, k) for k in range(4)], ["u%d" % k for k in range(4)])   # e = d + T1
    for k in range(4):
        L.append("%s%d = %s%d ^ %s%d" % (x, k, a, k, b, k))
    for k in range(4):
        L.append("u%d += (%s) + (%s%d ^ (%s%d & %s%d))" % (k, S0[k], b, k, x, k, y, k))      # T1 + T2
    L.append("%s0 = u0 & F" % h)
    for k in range(1, 4):
        L.append("u%d += u%d >> 16" % (k, k - 1))
        L.append("%s%d = u%d & F" % (h, k, k))
    return L


def sha512_text():
    check_terms(4, FUNS512, 512)
    V = "abcdefgh"
    kb = b"".join(k.to_bytes(8, "big") for k in K512)
    rows = ["    b\"%s\"" % "".join("\\x%02x" % c for c in kb[i:i + 32]) for i in range(0, len(kb), 32)]
    # st's 16-bit units, word by word: (high half, low half) 32-bit words, each of them
    # low unit first on a little-endian machine.
    le = ", ".join("%s2, %s3, %s0, %s1" % (v, v, v, v) for v in V)
    be = ", ".join("%s3, %s2, %s1, %s0" % (v, v, v, v) for v in V)
    L = [generated_line(TOOL) + SHA512_HEADER.rstrip("\n"),
         "# FIPS 180-4 §4.2.3 (cube roots of the first 80 primes), big-endian; the limbs' tuples",
         "# are built at import (a frozen module would keep an int constant above 0x1FFF as a",
         "# big-int object, and every sum with one would allocate).",
         "_K = (", *rows, ")"]
    for k in range(4):
        L.append(("_K%d = tuple(_K[i + %d] << 8 | _K[i + %d] for i in range(0, 640, 8))" % (k, 6 - 2 * k, 7 - 2 * k)).replace("[i + 0]", "[i]"))
    L += ["", "",
          "def compress(st, buf, off, nblocks):",
          "    F = 0xFFFF",
          "    K0 = _K0", "    K1 = _K1", "    K2 = _K2", "    K3 = _K3",
          "    W0 = [0] * 80", "    W1 = [0] * 80", "    W2 = [0] * 80", "    W3 = [0] * 80",
          "    s = unpack_from(\"32H\", st, 0)",
          "    if _LE:", "        %s = s" % le, "    else:", "        %s = s" % be,
          "    for _ in range(nblocks):",
          "        # §6.4.2 step 1: the message schedule, the block's big-endian words as limbs.",
          "        for t in range(16):",
          "            W3[t] = buf[off] << 8 | buf[off + 1]",
          "            W2[t] = buf[off + 2] << 8 | buf[off + 3]",
          "            W1[t] = buf[off + 4] << 8 | buf[off + 5]",
          "            W0[t] = buf[off + 6] << 8 | buf[off + 7]",
          "            off += 8",
          "        for t in range(16, 80):",
          "            i = t - 2",
          "            x0 = W0[i]", "            x1 = W1[i]", "            x2 = W2[i]", "            x3 = W3[i]",
          "            i = t - 15",
          "            y0 = W0[i]", "            y1 = W1[i]", "            y2 = W2[i]", "            y3 = W3[i]",
          "            i = t - 7",
          "            j = t - 16"]
    s0 = terms_text(_limbs("y"), *FUNS512[2])
    s1 = terms_text(_limbs("x"), *FUNS512[3])
    for k in range(4):
        L.append("            u%d = (%s) + W%d[i] + (%s) + W%d[j]" % (k, s1[k], k, s0[k], k))
    L.append("            W0[t] = u0 & F")
    for k in range(1, 4):
        L.append("            u%d += u%d >> 16" % (k, k - 1))
        L.append("            W%d[t] = u%d & F" % (k, k))
    L += ["        # §6.4.2 steps 2-3, eight rounds per pass; y holds b ^ c for Maj."]
    L += ["        s%s%d = %s%d" % (v, k, v, k) for v in V for k in range(4)]
    L += ["        y%d = b%d ^ c%d" % (k, k, k) for k in range(4)]
    L += ["        for t in range(0, 80, 8):"]
    for j in range(8):
        names = [V[(k - j) % 8] for k in range(8)]
        x, y = ("x", "y") if j % 2 == 0 else ("y", "x")
        L += ["            " + line for line in _round512(j, names, x, y)]
    L += ["        # §6.4.2 step 4."]
    for v in V:
        L += ["        " + line for line in _carry(["%s%d" % (v, k) for k in range(4)], ["s%s%d" % (v, k) for k in range(4)])]
    L += ["    if _LE:", "        pack_into(\"32H\", st, 0, %s)" % le,
          "    else:", "        pack_into(\"32H\", st, 0, %s)" % be]
    return "\n".join(L) + "\n"


def generate():
    return {"sha256_python.py": sha256_text(), "sha512_python.py": sha512_text()}


def main(argv=None):
    return write_or_check((DIR / "sha256_python.py", DIR / "sha512_python.py"),
                          lambda: (sha256_text(), sha512_text()), TOOL, argv)


if __name__ == "__main__":
    sys.exit(main())
