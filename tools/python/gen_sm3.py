"""Writes ``modules/mpcrypto/hash/sm3_python.py``: SM3 compression (GB/T 32905-2016 §5.3) in
portable Python, for a 32-bit bytecode interpreter.

    python -m tools.python.gen_sm3          # rewrite the module
    python -m tools.python.gen_sm3 --check  # exit 1 if the module is not what this writes

Every word is two 16-bit halves in local variables, as in ``tools.python.gen_sha2``'s
SHA-256: no value reaches 2**30, nothing is allocated per block. A round writes TT1 into
D's variables and P0(TT2) into H's, and rotates B and F in place, so the roles of A..D and
of E..H each rotate by one name a round: four rounds per loop pass, 16 rounds of the XOR
functions and 48 of the others in two loops. The rotations' terms per half come from
``tools.python.gen_sha2.limb_terms`` (ROTL r is ROTR 32 - r), checked here against 32-bit
arithmetic.
"""

import sys

from tools import ROOT
from tools.gen import generated_line, write_or_check
from tools.python.gen_sha2 import check_terms, terms_text

OUT = ROOT / "modules" / "mpcrypto" / "hash" / "sm3_python.py"
TOOL = "tools.python.gen_sm3"


def rotl(l, h, r):
    """(low, high) expressions of ROTL^r (= ROTR^(32 - r)) of the word (h, l), each masked to
    16 bits."""
    return terms_text([l, h], (32 - r,))


def _round(j, names, late):
    a, b, c, d, e, f, g, h = names
    i = "t" if j == 0 else "i"
    ff = ("({a}{q} & ({b}{q} | {c}{q})) | ({b}{q} & {c}{q})" if late else "{a}{q} ^ {b}{q} ^ {c}{q}")
    gg = ("(({f}{q} ^ {g}{q}) & {e}{q}) ^ {g}{q}" if late else "{e}{q} ^ {f}{q} ^ {g}{q}")
    a12 = rotl(a + "l", a + "h", 12)
    b9 = rotl("ul", b + "h", 9)
    f19 = rotl("ul", f + "h", 19)
    L = ["i = t + %d" % j] if j else []
    L += [
        "xl = %s" % a12[0], "xh = %s" % a12[1],                      # A <<< 12
        "ul = xl + %sl + TL[%s]" % (e, i),                            # SS1 = (A12 + E + T'j) <<< 7
        "uh = (xh + %sh + TH[%s] + (ul >> 16)) & F" % (e, i),
        "ul &= F",
        "yl = (ul << 7 | uh >> 9) & F", "yh = (uh << 7 | ul >> 9) & F",
        "m = %s + 4" % i,
        # TT1 = FF(A, B, C) + D + (SS1 ^ A12) + (W[j] ^ W[j + 4]) into D
        "ul = (%s) + %sl + (yl ^ xl) + (WL[%s] ^ WL[m])" % (ff.format(a=a, b=b, c=c, q="l"), d, i),
        "%sh = ((%s) + %sh + (yh ^ xh) + (WH[%s] ^ WH[m]) + (ul >> 16)) & F" % (d, ff.format(a=a, b=b, c=c, q="h"), d, i),
        "%sl = ul & F" % d,
        # TT2 = GG(E, F, G) + H + SS1 + W[j]; H = P0(TT2) = TT2 ^ TT2 <<< 9 ^ TT2 <<< 17
        "ul = (%s) + %sl + yl + WL[%s]" % (gg.format(e=e, f=f, g=g, q="l"), h, i),
        "uh = ((%s) + %sh + yh + WH[%s] + (ul >> 16)) & F" % (gg.format(e=e, f=f, g=g, q="h"), h, i),
        "ul &= F",
        "%sl = (ul ^ ul << 9 ^ uh >> 7 ^ uh << 1 ^ ul >> 15) & F" % h,
        "%sh = (uh ^ uh << 9 ^ ul >> 7 ^ ul << 1 ^ uh >> 15) & F" % h,
        # B = B <<< 9, F = F <<< 19, in place
        "ul = %sl" % b, "%sl = %s" % (b, b9[0]), "%sh = %s" % (b, b9[1]),
        "ul = %sl" % f, "%sl = %s" % (f, f19[0]), "%sh = %s" % (f, f19[1]),
    ]
    return L


def generate():
    check_terms(2, [((32 - r,), 0) for r in (7, 9, 12, 15, 17, 19, 23)], 3)
    V = "abcdefgh"
    L = [generated_line(TOOL) + '''"""SM3 compression in portable Python: GB/T 32905-2016 §5.3, many 64-byte blocks per call.

Same surface as ``sm3_viper`` (see there): ``compress(st, buf, off, nblocks)`` with ``st`` an
``array('I')`` whose words 0..7 are the chaining value V (words 8.. are the viper kernel's
scratch and are not used here). Nothing validates; the public class in ``sm3`` does.

No viper or native decorators: this module serves bytecode-only ports and compiles with
plain ``mpy-cross``. It is written for a 32-bit interpreter, where a Python int of 2**30 or
more is a heap object: every word is two 16-bit halves (``al`` low, ``ah`` high) in local
variables, sums carry from the low half into the high one, and a rotation is assembled from
shifts of both halves. No value reaches 2**30, and the state is read and written through
``struct`` as halves. A round writes TT1 into D's variables and P0(TT2) into H's and rotates
B and F in place, so the roles of A..D and of E..H rotate; four rounds per loop pass.

No branch or table index depends on the data. Not checked by instruction counts: the
interpreter's small-int operations are not promised to take the same time for every value.

Allocation per call: two 68-entry lists (the expanded message, reused for every block) and
the tuple of the state's halves; nothing per block. At import: T'j as two tuples of halves.
"""

from struct import pack_into, unpack_from
from sys import byteorder

_LE = byteorder == "little"  # the order of a word's two halves in st


def _tj():
    # GB/T 32905 §4.2 constants T_j, pre-rotated: T_j <<< (j mod 32) for j = 0..63, as used
    # in SS1 (§5.3.3); built once at import, as two tuples of 16-bit halves.
    lo = []
    hi = []
    for j in range(64):
        t = 0x79CC4519 if j < 16 else 0x7A879D8A
        r = j & 31
        t = ((t << r) | (t >> (32 - r))) & 0xFFFFFFFF
        lo.append(t & 0xFFFF)
        hi.append(t >> 16)
    return tuple(lo), tuple(hi)


_TL, _TH = _tj()


def compress(st, buf, off, nblocks):
    F = 0xFFFF
    TL = _TL
    TH = _TH
    WH = [0] * 68
    WL = [0] * 68
    s = unpack_from("16H", st, 0)
    if _LE:
        al, ah, bl, bh, cl, ch, dl, dh, el, eh, fl, fh, gl, gh, hl, hh = s
    else:
        ah, al, bh, bl, ch, cl, dh, dl, eh, el, fh, fl, gh, gl, hh, hl = s
    for _ in range(nblocks):
        # §5.3.2 message expansion: W0..W67 as big-endian halves; W'j = Wj ^ W(j+4) in the
        # rounds. Wj = P1(W(j-16) ^ W(j-9) ^ W(j-3) <<< 15) ^ W(j-13) <<< 7 ^ W(j-6),
        # P1(X) = X ^ X <<< 15 ^ X <<< 23.
        for t in range(16):
            WH[t] = buf[off] << 8 | buf[off + 1]
            WL[t] = buf[off + 2] << 8 | buf[off + 3]
            off += 4
        for t in range(16, 68):
            i = t - 3
            ul = WL[i]
            uh = WH[i]
            i = t - 16
            m = t - 9''']
    y15 = rotl("ul", "uh", 15)
    x15 = rotl("xl", "xh", 15)
    x23 = rotl("xl", "xh", 23)
    z7 = rotl("ul", "uh", 7)
    L += ["            xl = WL[i] ^ WL[m] ^ %s" % y15[0],
          "            xh = WH[i] ^ WH[m] ^ %s" % y15[1],
          "            i = t - 13",
          "            ul = WL[i]",
          "            uh = WH[i]",
          "            i = t - 6",
          "            WL[t] = (xl ^ %s ^ %s ^ %s) ^ WL[i]" % (x15[0], x23[0], z7[0]),
          "            WH[t] = (xh ^ %s ^ %s ^ %s) ^ WH[i]" % (x15[1], x23[1], z7[1])]
    L += ["        # §5.3.3 the compression function CF."]
    L += ["        v%sl = %sl\n        v%sh = %sh" % (v, v, v, v) for v in V]
    for late, (lo, hi) in ((False, (0, 16)), (True, (16, 64))):
        L += ["        for t in range(%d, %d, 4):  # FF, GG: %s" % (lo, hi, "majority, choice" if late else "XOR")]
        names = list(V)
        for j in range(4):
            L += ["            " + line for line in _round(j, names, late)]
            a, b, c, d, e, f, g, h = names
            names = [d, a, b, c, h, e, f, g]
        assert names == list(V)
    L += ["        # V(i+1) = ABCDEFGH ^ V(i)."]
    L += ["        %sl ^= v%sl\n        %sh ^= v%sh" % (v, v, v, v) for v in V]
    pairs = ", ".join("%sl, %sh" % (v, v) for v in V)
    swapped = ", ".join("%sh, %sl" % (v, v) for v in V)
    L += ["    if _LE:", "        pack_into(\"16H\", st, 0, %s)" % pairs,
          "    else:", "        pack_into(\"16H\", st, 0, %s)" % swapped]
    return "\n".join(L) + "\n"


def main(argv=None):
    return write_or_check(OUT, generate, TOOL, argv)


if __name__ == "__main__":
    sys.exit(main())
