"""Writes ``modules/mpcrypto/hash/sha256_python.py`` and ``sha512_python.py``: SHA-256 and SHA-512
compression (FIPS 180-4 §6.2.2, §6.4.2) in portable Python.

    python -m tools.python.gen_sha2          # rewrite the two modules
    python -m tools.python.gen_sha2 --check  # exit 1 if they are not what this writes

SHA-256 (``sha256_text``) is written for a 32-bit bytecode interpreter: every word is two
16-bit halves held in local variables, so no value reaches 2**30 and nothing is allocated
per block (on a 32-bit port a Python int of 2**30 or more is a heap object). The rounds are
unrolled eight at a time, the state's names rotating through the eight, so no round moves
a word; Σ0, Σ1, σ0 and σ1 are written per half from the rotation amounts (``halves``).

SHA-512 keeps the older template (``COMPRESS``: one Python int per word), from which SHA-256
was also written before: its words are 64-bit ints.
"""

import sys

from tools import ROOT
from tools.gen import generated_line, write_or_check
from tools.sha2_constants import K256, K512

DIR = ROOT / "modules" / "mpcrypto" / "hash"
TOOL = "tools.python.gen_sha2"

# The compression function; {..}: what the two modules differ in (``MODULES``, ``fields``).
COMPRESS = """\


def compress(st, buf, off, nblocks):
    K = _K
    M = {mask}
    W = [0] * {rounds}
{load}
    for _ in range(nblocks):
        # §{sec} step 1: the message schedule.
        blk = unpack_from(">16{fmt}", buf, off)
        for t in range(16):
            W[t] = blk[t]
        for t in range(16, {rounds}):
            x = W[t - 2]
            y = W[t - 15]
{s1}
                    + W[t - 7]
{s0}
                    + W[t - 16]) & M
{note}
        a0, b0, c0, d0, e0, f0, g0, h0 = a, b, c, d, e, f, g, h
        for t in range({rounds}):
{t1}
{ch}
                  + K[t] + W[t])
{t2}
{maj}
            h = g
            g = f
            f = e
            e = (d + t1) & M
            d = c
            c = b
            b = a
            a = (t1 + t2) & M
        # §{sec} step 4.
        a = (a + a0) & M
        b = (b + b0) & M
        c = (c + c0) & M
        d = (d + d0) & M
        e = (e + e0) & M
        f = (f + f0) & M
        g = (g + g0) & M
        h = (h + h0) & M
        off += {bs}
{store}
"""

MODULES = {
    "sha512_python.py": dict(
        header='''"""SHA-512 compression in portable Python: FIPS 180-4 §6.4.2, many 128-byte blocks per call.

Same surface as ``sha512_viper`` (see there): ``compress(st, buf, off, nblocks)`` with ``st``
an ``array('I')`` whose words 0..15 are H0..H7 as (high, low) 32-bit halves (words 16.. are
the viper kernel's scratch, unused here). Nothing validates; the classes in ``sha512`` do.

No viper or native decorators: serves bytecode-only ports and compiles with plain
``mpy-cross``. No branch or table index depends on the data; big-int arithmetic is not
promised constant time.

Allocation: words are Python ints of up to 64 bits, which are heap objects on every port
(above 2**62 on 64-bit ports, above 2**30 on 32-bit ports), so every round allocates. One
80-entry schedule list per call and one tuple per block. Use the viper backend where the
port has it.
"""

from struct import unpack_from

''',
        bits=64, rounds=80, sec="6.4.2", fmt="Q", bs=128, K=K512, per_row=4,
        kdoc="# FIPS 180-4 §4.2.3 (cube roots of the first 80 primes, 64 bits).",
        # §4.1.3
        S0=(28, 34, 39), S1=(14, 18, 41), s0=((1, 8), 7), s1=((19, 61), 6),
        cols=(78, 78, 89, 88, 88, 88),
        note="        # §6.4.2 steps 2-3; bits above 63 left by << are masked before the next >>.",
        load="\n".join("    %s = st[%d] << 32 | st[%d]" % (v, 2 * i, 2 * i + 1) for i, v in enumerate("abcdefgh")),
        store="""\
    i = 0
    for x in (a, b, c, d, e, f, g, h):
        st[i] = x >> 32
        st[i + 1] = x & 0xFFFFFFFF
        i += 2"""),
}

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

#  A term list per half of ROTR^r(x) (r in rots) ^ SHR^s(x), for x as halves (h, l). ROTR^r
#  with r >= 16 is ROTR^(r - 16) of the halves swapped; ROTR^r (r < 16) puts l >> r and
#  h << (16 - r) in the low half, h >> r and l << (16 - r) in the high one; SHR^s puts
#  l >> s and h << (16 - s) in the low half, h >> s in the high one. Each half's terms are
#  XORed and masked with 0xFFFF, so only the bits that land in 0..15 matter.


def halves(l, h, rots, shr=0):
    """(low terms, high terms) of ROTR^r ^ ... ^ SHR^shr of the word (h, l), as lists of
    (variable, shift) with a positive shift to the right and a negative one to the left."""
    lo, hi = [], []
    for r in rots:
        a, b = (l, h) if r < 16 else (h, l)
        r %= 16
        lo += [(a, r), (b, r - 16)]
        hi += [(b, r), (a, r - 16)]
    if shr:
        lo += [(l, shr), (h, shr - 16)]
        hi += [(h, shr)]
    return lo, hi


def _check_halves():
    # halves() against 32-bit arithmetic, for the four functions' amounts (run at generation).
    import random
    rng = random.Random(256)

    def rotr(x, r):
        return (x >> r | x << (32 - r)) & 0xFFFFFFFF

    for rots, shr in (((2, 13, 22), 0), ((6, 11, 25), 0), ((7, 18), 3), ((17, 19), 10)):
        for _ in range(200):
            x = rng.getrandbits(32)
            want = 0
            for r in rots:
                want ^= rotr(x, r)
            if shr:
                want ^= x >> shr
            v = {"l": x & 0xFFFF, "h": x >> 16}
            got = [0, 0]
            for k, terms in enumerate(halves("l", "h", rots, shr)):
                for name, n in terms:
                    got[k] ^= v[name] >> n if n >= 0 else v[name] << -n
            assert (got[0] & 0xFFFF) | (got[1] & 0xFFFF) << 16 == want, (rots, shr, hex(x))


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
    # The hand-merged terms of SCHEDULE and _round are the terms halves() gives: checked
    # on random words by evaluating both (run at generation, with _check_halves).
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
            v = {"l": word & 0xFFFF, "h": word >> 16}
            want = [0, 0]
            for k, terms in enumerate(halves("l", "h", rots, shr)):
                for name, n in terms:
                    want[k] ^= v[name] >> n if n >= 0 else v[name] << -n
            assert got == (want[0] & F) | (want[1] & F) << 16, (rots, hex(word))
        for big in (xh << 6, yl << 14, yh << 14, vh << 9, wh << 3, wl << 3, ah << 10, eh << 7, (rh & 7) << 13):
            assert big < 1 << 30


def sha256_text():
    _check_halves()
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


def sigma(v, bits, rots, shr=0):
    """ROTR^r(v) ^ ... for r in ``rots`` (^ SHR^shr(v) unless ``shr`` is 0), each ROTR as
    (v >> r | v << bits - r)."""
    terms = ["(%s >> %d | %s << %d)" % (v, r, v, bits - r) for r in rots]
    return " ^ ".join(terms + (["(%s >> %d)" % (v, shr)] if shr else []))


def note(code, col, text):
    """``code`` with the comment ``text`` from column ``col``."""
    return code.ljust(col) + text


def fields(mod):
    b = mod["bits"]
    c = mod["cols"]
    return dict(
        mask="0x" + "F" * (b // 4), rounds=mod["rounds"], sec=mod["sec"], fmt=mod["fmt"], bs=mod["bs"],
        load=mod["load"], store=mod["store"], note=mod["note"],
        s1=note("            W[t] = ((%s)" % sigma("x", b, *mod["s1"]), c[0], "# σ1"),
        s0=note("                    + (%s)" % sigma("y", b, *mod["s0"]), c[1], "# σ0"),
        t1=note("            t1 = (h + (%s)" % sigma("e", b, mod["S1"]), c[2], "# Σ1"),
        ch=note("                  + (g ^ (e & (f ^ g)))", c[3], "# Ch"),
        t2=note("            t2 = ((%s)" % sigma("a", b, mod["S0"]), c[4], "# Σ0"),
        maj=note("                  + ((a & b) | (c & (a | b))))", c[5], "# Maj"))


def k_table(mod):
    k, n = mod["K"], mod["per_row"]
    rows = ["    " + " ".join("0x%0*x," % (mod["bits"] // 4, w) for w in k[i:i + n]) for i in range(0, len(k), n)]
    return "\n".join([mod["kdoc"], "_K = ("] + rows + [")"]) + "\n"


def module_text(name):
    mod = MODULES[name]
    return "".join([generated_line(TOOL), mod["header"], k_table(mod), COMPRESS.format(**fields(mod))])


def generate():
    out = {name: module_text(name) for name in MODULES}
    out["sha256_python.py"] = sha256_text()
    return out


def main(argv=None):
    rc = write_or_check(DIR / "sha256_python.py", sha256_text, TOOL, argv)
    for name in MODULES:
        rc |= write_or_check(DIR / name, lambda name=name: module_text(name), TOOL, argv)
    return rc


if __name__ == "__main__":
    sys.exit(main())
