"""Writes ``modules/mpcrypto/mac/poly1305_viper.py`` and ``_poly1305_limbs.py``: Poly1305 (RFC 8439
§2.5) as MicroPython viper functions on ten 13-bit limbs, every limb operation unrolled.

    python -m tools.viper.gen_poly1305          # rewrite the module
    python -m tools.viper.gen_poly1305 --check  # exit 1 if the module is not what this writes

The limb layout is worked out here once: limb i holds bits 13i..13i+12 of a 130-bit number,
so its bytes and shift come from 13i (``limb``); r's clamp (§2.5) is a mask on bytes 3, 7,
11, 15 and 4, 8, 12 (``CLAMP``). From it come r's limbs (``_setr``), the message block's limbs
and the product d = h * r mod p (``_blocks``), the carry passes (``carry``), the final
subtraction of p and the 16-bit words of the tag (``_finish``). ``_setr`` and ``_finish`` go
to ``_poly1305_limbs`` (``poly1305_thumb`` imports them too, so a firmware whose core runs
the Thumb-2 block loop freezes them without ``_blocks``). The modules' docstrings and the
context class are text.
"""

import sys

from tools import ROOT
from tools.gen import generated_line, write_or_check
from tools.viper import viper

OUT = ROOT / "modules" / "mpcrypto" / "mac" / "poly1305_viper.py"
OUT_LIMBS = ROOT / "modules" / "mpcrypto" / "mac" / "_poly1305_limbs.py"
TOOL = "tools.viper.gen_poly1305"

LIMBS = 10  # limbs of 13 bits: 130 bits, p = 2**130 - 5
CLAMP = {3: 15, 7: 15, 11: 15, 15: 15, 4: 252, 8: 252, 12: 252}  # §2.5: r's byte masks
FOLD = "  # 2**130 = 5 (mod p)"

# The module's docstring and imports, and what follows the kernels, as they stand.
HEADER = '''"""Poly1305 (RFC 8439 §2.5) in viper, on 13-bit limbs whose products fit 32 bits.

Backend surface shared with ``poly1305_python`` (the public modules ``mac/poly1305`` and
``aead/chacha20poly1305`` are the only callers; nothing here validates):

    new()                               a context
    ctx.init(key)                       start a MAC under the 32-byte one-time key r || s
    ctx.blocks(buf, off, nblocks, hib)  absorb nblocks 16-byte blocks of buf from off;
                                        hib = 1 for whole blocks (the 2**128 bit), 0 for a
                                        final block the caller has padded with 1, 0...
    ctx.finish(out)                     out[0:16] = the tag

Arithmetic modulo p = 2**130 - 5 in radix 2**13: ten limbs of 13 bits (130 bits exactly).
VIPER.md rule 6 forbids products above 32 bits (no 32x32->64 multiply, and a 32-bit port
wraps at 2**32), so the limbs are small enough that every sum of ten products fits:
- r is clamped (§2.5) and split into limbs r_i < 2**13; s_i = 5 r_i < 5 * 2**13 (2**130 = 5
  mod p folds the limbs above 2**130 back, so d_i = sum_{j<=i} h_j r_{i-j} + sum_{j>i} h_j
  s_{i+10-j});
- after adding a message block, one carry pass brings every h_i below 2**13 (h0 below
  2**13 + 10); then d_0, the largest sum, is at most (2**13 + 10) * 46 * 2**13 < 3.1e9 <
  2**32, on every port;
- d is carried back into 13-bit limbs (its top carry times 5 into h0, which may then exceed
  2**13: the next block's carry pass takes it).
``finish`` carries fully, subtracts p once in constant time (g = h + 5; bit 130 of g set means
h >= p; the limbs are chosen with a mask, no branch), and adds s modulo 2**128 in 16-bit steps.

Portability: all values are ``uint`` below 2**32 by the bounds above, so the 64-bit unix
port and 32-bit Cortex-M compute the same words; the only constants are below 2**13. The
final mask ``(0 - bit) & 0x1FFF`` is masked to 13 bits (VIPER.md rule 7's concern is an
all-ones word, which never appears).

Constant time: a fixed sequence of multiplications, additions, shifts and masks; no branch
or index depends on the key or the message (MUL is single-cycle on Cortex-M3/M4/M7).
Allocation: ``init``, ``blocks`` and ``finish`` allocate nothing.

State (``array('I')`` of 30 words): r_0..r_9 at 0..9, s_i = 5 r_i at 10..19, h_0..h_9 at 20..29.
"""

import micropython
from array import array
from mpcrypto.mac._poly1305_limbs import _finish, _setr


def probe():
    """True: this module imported, so the port has the viper emitter."""
    return True
'''
TAIL = '''

class _Ctx:
    def __init__(self):
        self._st = array("I", bytes(120))
        self._s = bytearray(16)

    def init(self, key):
        _setr(self._st, key, self._s)

    def blocks(self, buf, off, nblocks, hibit):
        _blocks(self._st, buf, off, nblocks, hibit)

    def finish(self, out):
        _finish(self._st, self._s, out)


def new():
    return _Ctx()
'''


def limb(i, byte):
    """Limb i (bits 13i..13i+12) of the little-endian number whose byte j is ``byte(j)``,
    masked to 13 bits; limb 9 (bits 117..129, the top two bytes) unmasked and in parentheses."""
    lo, shift = divmod(13 * i, 8)
    nbytes = min(-(-(shift + 13) // 8), 16 - lo)
    x = " | ".join([byte(lo)] + ["%s << %d" % (byte(lo + j), 8 * j) for j in range(1, nbytes)])
    if i == LIMBS - 1:
        return "((%s) >> %d)" % (x, shift)
    return "(%s) & 0x1FFF" % x if shift == 0 else "((%s) >> %d) & 0x1FFF" % (x, shift)


def carry(v, out=None):
    """One carry pass over the limbs v0..v9 into the limbs ``out`` (v itself by default):
    each limb's bits above 13 go to the next, the top one's times 5 into limb 0."""
    o = out or v
    lines = []
    for i in range(LIMBS - 1):
        lines += ["%s%d = %s%d + (%s%d >> 13)" % (v, i + 1, v, i + 1, v, i),
                  "%s%d = %s%d & 0x1FFF" % (o, i, v, i)]
    if out:
        return lines + ["%s9 = %s9 & 0x1FFF" % (o, v), "%s0 = %s0 + (%s9 >> 13) * 5" % (o, o, v)]
    return lines + ["h0 = h0 + (h9 >> 13) * 5" + FOLD, "h9 = h9 & 0x1FFF"]


def loads(names):
    return ["%s = uint(st[%d])" % (v, i) for v, i in names]


def setr():
    def byte(j):
        return "(uint(k[%d]) & %d)" % (j, CLAMP[j]) if j in CLAMP else "uint(k[%d])" % j

    body = []
    for i in range(LIMBS):
        body += ["r = " + limb(i, byte), "st[%d] = r" % i, "st[%d] = r * 5" % (10 + i), "st[%d] = 0" % (20 + i)]
    body += ["i = 0", "while i < 16:", "    s[i] = k[16 + i]", "    i += 1"]
    head = ["# r = key[0:16] clamped (§2.5: r &= 0x0ffffffc0ffffffc0ffffffc0fffffff, the byte masks",
            "# 15 and 252 below) as 13-bit limbs, 5 r, h = 0; s = key[16:32]"]
    return viper("_setr", "st: ptr32, k: ptr8, s: ptr8", head + body)


def product(i):
    # d_i = sum_{j<=i} h_j r_{i-j} + sum_{j>i} h_j s_{i+10-j}
    terms = ["h%d * %s" % (j, "r%d" % (i - j) if j <= i else "s%d" % (i + LIMBS - j)) for j in range(LIMBS)]
    return "d%d = %s" % (i, " + ".join(terms))


def blocks():
    body = loads([("r%d" % i, i) for i in range(LIMBS)] + [("s%d" % i, 10 + i) for i in range(1, LIMBS)]
                 + [("h%d" % i, 20 + i) for i in range(LIMBS)])
    body += ["hib = uint(hibit) << 11  # bit 128 is bit 11 of limb 9 (limb 9 holds bits 117..129)",
             "p = ptr8(uint(buf) + uint(off))", "n = nblocks", "while n > 0:"]
    loop = ["# h += m (the block as 13-bit limbs, RFC 8439 §2.5.1 'add one bit beyond the number of octets')"]
    for i in range(LIMBS):
        m = limb(i, lambda j: "uint(p[%d])" % j)
        loop.append("h%d = h%d + (%s)" % (i, i, m if i < LIMBS - 1 else "(%s | hib)" % m))
    loop += ["# carry: every limb below 2**13 (h0 below 2**13 + 10) before the products"] + carry("h")
    loop += ["# d = h * r mod p: d_i = sum_{j<=i} h_j r_{i-j} + sum_{j>i} h_j 5 r_{i+10-j}"]
    loop += [product(i) for i in range(LIMBS)]
    loop += ["# carry d into h (13-bit limbs; the top carry times 5 into h0)"] + carry("d", "h")
    loop += ["p = ptr8(uint(p) + 16)", "n -= 1"]
    body += ["    " + line for line in loop]
    body += ["st[%d] = h%d" % (20 + i, i) for i in range(LIMBS)]
    return viper("_blocks", "st: ptr32, buf: ptr8, off: int, nblocks: int, hibit: int", body)


def finish():
    # Loops over h's limbs in st (once per message: flash matters more than the few hundred
    # instructions the loops add). The carry passes leave h in st, the same value mod p with
    # smaller limbs, so a later block still starts from a valid h.
    return viper("_finish", "st: ptr32, s: ptr8, out: ptr8", """\
# two full carry passes, then limb 0's carry once more: h = H (mod p) with 13-bit limbs but
# h1, which may reach 2**13 (h0 may reach 2**13 + 4 before that last carry)
n = 0
while n < 2:
    i = 20
    while i < 29:
        st[i + 1] = uint(st[i + 1]) + (uint(st[i]) >> 13)
        st[i] = uint(st[i]) & 0x1FFF
        i += 1
    st[20] = uint(st[20]) + (uint(st[29]) >> 13) * 5  # 2**130 = 5 (mod p)
    st[29] = uint(st[29]) & 0x1FFF
    n += 1
st[21] = uint(st[21]) + (uint(st[20]) >> 13)
st[20] = uint(st[20]) & 0x1FFF
# g = h + 5 - 2**130 replaces h when h >= p (bit 130 of h + 5 set), §2.5.1 final reduction:
# g's carries first, for its top bit c; then h's limbs kept whole by v (all ones when c = 0)
# or g's 13-bit limbs by w (all ones when c = 1)
c = uint(5)
i = 20
while i < 30:
    c = (uint(st[i]) + c) >> 13
    i += 1
w = uint(0) - c
v = c - 1
c = uint(5)
i = 20
while i < 30:
    g = uint(st[i]) + c
    c = g >> 13
    st[i] = (uint(st[i]) & v) | (g & 0x1FFF & w)
    i += 1
# tag = (h + s) mod 2**128, 16 bits at a time: each limb added (not ORed: h1 may be 2**13)
# into an accumulator a of nb pending bits (nb < 16 before the add: a < 2**30), a 16-bit
# word out whenever 16 are there, the eighth word the last
c = uint(0)
a = uint(0)
nb = 0
j = 0
i = 20
while i < 30:
    a = a + (uint(st[i]) << nb)
    nb += 13
    while nb >= 16 and j < 16:
        c = (a & 0xFFFF) + (uint(s[j]) | uint(s[j + 1]) << 8) + c
        out[j] = c
        out[j + 1] = c >> 8
        c = c >> 16
        a = a >> 16
        nb -= 16
        j += 2
    i += 1
""".splitlines())


LIMBS_HEADER = '''"""Poly1305's key set-up and final reduction in viper, on the 13-bit limbs of
``poly1305_viper`` (see there for the layout, the bounds and the constant-time argument);
``poly1305_viper`` and ``poly1305_thumb`` both use them.

    _setr(st, key, s)    r's limbs (clamped, RFC 8439 §2.5) into st[0:10] and 5 r's into
                         st[10:20], h = 0 (st[20:30]); s = key[16:32]
    _finish(st, s, out)  out[0:16] = (h mod p + s) mod 2**128, h at st[20:30] (left there
                         reduced: the same value mod p)

A module of its own so that a firmware whose core runs the Thumb-2 block loop freezes these
two without the viper block loop.
"""

import micropython
'''


def generate():
    return ("".join([generated_line(TOOL), HEADER, blocks(), TAIL]),
            "".join([generated_line(TOOL), LIMBS_HEADER, setr(), finish()]))


def main(argv=None):
    return write_or_check((OUT, OUT_LIMBS), generate, TOOL, argv)


if __name__ == "__main__":
    sys.exit(main())
