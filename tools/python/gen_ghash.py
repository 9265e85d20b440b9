"""Writes ``modules/mpcrypto/mac/ghash_python.py``: GHASH (SP 800-38D §6.4) in portable Python,
for a 32-bit bytecode interpreter.

    python -m tools.python.gen_ghash          # rewrite the module
    python -m tools.python.gen_ghash --check  # exit 1 if the module is not what this writes

The block product is Horner's rule over the sixteen bytes of X = Y ^ block, last byte first,
with Shoup's 8-bit tables (``ghash_viper``'s maths) kept as sixteen ``bytes`` of 256 per key
(byte j of M[b] = b·H) and the accumulator Z as sixteen byte variables. Z·x^8 moves every
byte one place down, so a step renames the variables (the sixteen steps of a block are
written out, the names rotating) and only folds the dropped byte back through R8; nothing is
shifted and no value passes 255.
"""

import sys

from tools import ROOT
from tools.gen import generated_line, write_or_check

OUT = ROOT / "modules" / "mpcrypto" / "mac" / "ghash_python.py"
TOOL = "tools.python.gen_ghash"


def _steps():
    """The 16 Horner steps of one block: x0..x15 hold X's bytes; z<i> the accumulator's
    bytes by role, z[0] the most significant (block byte 0's place)."""
    names = ["z%d" % i for i in range(16)]
    # step for X's byte 15: Z = M[x15] (Z was 0)
    out = ["%s = m%d[x15]" % (names[j], j) for j in range(16)]
    for k in range(14, -1, -1):
        # Z = Z·x^8 ^ M[x_k]: the last byte drops out and becomes the new first byte
        d = names[15]
        names = [d] + names[:15]
        out.append("d = %s" % d)
        out.append("%s = r8h[d] ^ m0[x%d]" % (names[0], k))
        out.append("%s ^= r8l[d] ^ m1[x%d]" % (names[1], k))
        out += ["%s ^= m%d[x%d]" % (names[j], j, k) for j in range(2, 16)]
    return out, names


def generate():
    steps, names = _steps()
    L = [generated_line(TOOL) + '''"""GHASH (SP 800-38D §6.4) in portable Python with 8-bit tables (Shoup); NOT constant time.

Same maths as ``ghash_viper`` (read its docstring), written for a 32-bit bytecode
interpreter: the per-key table M[b] = b·H (256 entries of 16 bytes) is kept as sixteen
``bytes`` of 256, one per byte position (``m0`` .. ``m15``, 4 KiB per key), and the
accumulator as sixteen byte variables. Horner's rule runs over the bytes of X = Y ^ block
from the last: Z = Z·x^8 ^ M[X_k]. Multiplying by x^8 moves every byte of Z one place down,
so a step renames the variables (the sixteen steps of a block are written out) and folds the
dropped byte back through the key-independent R8 (two ``bytes`` of 256); no value passes
255, nothing is allocated per block. Table lookups are indexed by data- and key-dependent
bytes.

Engine surface: ``new(h)`` -> ctx with ``update(y, src, n)`` (see ``ghash_viper``).
"""


def _r8():
    # R8[d]: what the byte d dropped by Z·x^8 folds back into Z's two first bytes: each bit
    # j of d (the coefficient of x^(127 - j)) becomes x^(135 - j) = x^(7 - j)·x^128, and x^128
    # is R = 0xE1 || 0^120 (SP 800-38D §6.3), so it adds 0xE100 >> (7 - j) there.
    hi = bytearray(256)
    lo = bytearray(256)
    for d in range(256):
        acc = 0
        for j in range(8):
            if (d >> j) & 1:
                acc ^= 0xE100 >> (7 - j)
        hi[d] = acc >> 8
        lo[d] = acc & 0xFF
    return bytes(hi), bytes(lo)


_R8H, _R8L = _r8()
# _REP[t]: 2^t bytes of 0x01, to broadcast a byte over the first 2^t entries of a table.
_REP = tuple(((1 << (8 << t)) - 1) // 255 for t in range(8))


class _Ctx:
    def __init__(self, h):
        # M[b] = b·H for the 256 byte values b of X's last place: bit 7 of b stands for x^0,
        # bit 0 for x^7 (§6.3's bit order), so M is the XOR span of the basis H·x^(7 - t)
        # over the bits t of b. H·x is a right shift by one bit with R folded in when a bit
        # drops out (§6.3 Algorithm 1). Byte position j's table is built by doubling on one
        # integer whose byte u is entry u (entries with bit t set are the first 2^t XOR the
        # basis byte, broadcast by _REP[t]): set-up on integers, public cost, no per-entry
        # loop; kept as sixteen bytes of 256.
        v = int.from_bytes(bytes(h), "big")
        basis = [b""] * 8
        for t in range(7, -1, -1):
            basis[t] = v.to_bytes(16, "big")
            v = (v >> 1) ^ (0xE1 << 120) if v & 1 else v >> 1
        rep = _REP
        tabs = []
        for j in range(16):
            tab = 0
            for t in range(8):
                tab |= (tab ^ basis[t][j] * rep[t]) << (8 << t)
            tabs.append(tab.to_bytes(256, "little"))
        self._m = tuple(tabs)

    def update(self, y, src, n):
        m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15 = self._m
        r8h = _R8H
        r8l = _R8L''']
    L += ["        z%d = y[%d]" % (i, i) for i in range(16)]
    L += ["        o = 0",
          "        for _ in range(n):",
          "            # X = Z ^ block, then Z = X·H by Horner's rule over X's bytes, the last first."]
    L += ["            x%d = z%d ^ src[o + %d]" % (i, i, i) if i else "            x0 = z0 ^ src[o]" for i in range(16)]
    L += ["            " + line for line in steps]
    # the last step leaves the accumulator's bytes under ``names``; bring them back to z0..z15
    # (fifteen renames: position i is in z<i+1>, so one cyclic move with a spare)
    assert names == ["z%d" % ((i + 1) % 16) for i in range(16)]
    L += ["            t = z0"] + ["            z%d = z%d" % (i, i + 1) for i in range(15)] + ["            z15 = t"]
    L += ["            o += 16"]
    L += ["        y[%d] = z%d" % (i, i) for i in range(16)]
    L += ["", "", "def new(h):", '    """GHASH context for the hash subkey H (16 bytes). Not constant time."""', "    return _Ctx(h)"]
    return "\n".join(L) + "\n"


def main(argv=None):
    return write_or_check(OUT, generate, TOOL, argv)


if __name__ == "__main__":
    sys.exit(main())
