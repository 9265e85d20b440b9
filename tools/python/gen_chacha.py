"""Writes ``modules/mpcrypto/cipher/chacha20_python.py``: the ChaCha20 block function and
key-stream XOR (RFC 8439 §2.1-§2.4) in portable Python, for a 32-bit bytecode interpreter.

    python -m tools.python.gen_chacha          # rewrite the module
    python -m tools.python.gen_chacha --check  # exit 1 if the module is not what this writes

The sixteen words are 32 local variables (``x<i>l``, ``x<i>h``: 16-bit halves), and a double
round is the eight quarter rounds written out (``quarter``), so the rounds index no list and
call no function. The module's docstring and the block loop are ``TEMPLATE``, where a line
``@@name@@`` stands for the piece ``name``, indented as the line is.
"""

import sys

from tools import ROOT
from tools.gen import expand, generated_line, write_or_check

OUT = ROOT / "modules" / "mpcrypto" / "cipher" / "chacha20_python.py"
TOOL = "tools.python.gen_chacha"

# RFC 8439 §2.3: the column rounds, then the diagonal rounds.
ROUNDS = ((0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15),
          (0, 5, 10, 15), (1, 6, 11, 12), (2, 7, 8, 13), (3, 4, 9, 14))


def quarter(a, b, c, d):
    """RFC 8439 §2.1 QUARTERROUND(a, b, c, d) on the halves of x<a>..x<d>."""
    a, b, c, d = ("x%d" % i for i in (a, b, c, d))

    def add(y, z):  # y += z
        return ["t = {y}l + {z}l".format(y=y, z=z), "{y}h = ({y}h + {z}h + (t >> 16)) & F".format(y=y, z=z),
                "{y}l = t & F".format(y=y)]

    def xor_rot(y, z, r):  # y ^= z; y <<<= r (r < 16)
        return ["lo = {y}l ^ {z}l".format(y=y, z=z), "hi = {y}h ^ {z}h".format(y=y, z=z),
                "{y}l = (lo << {r} | hi >> {s}) & F".format(y=y, r=r, s=16 - r),
                "{y}h = (hi << {r} | lo >> {s}) & F".format(y=y, r=r, s=16 - r)]

    return (add(a, b)
            # d ^= a; d <<<= 16: the halves swap
            + ["lo = {d}l ^ {a}l".format(a=a, d=d), "{d}l = {d}h ^ {a}h".format(a=a, d=d), "{d}h = lo".format(d=d)]
            + add(c, d) + xor_rot(b, c, 12) + add(a, b) + xor_rot(d, a, 8) + add(c, d) + xor_rot(b, c, 7))


def pieces():
    names = ["x%d%s" % (i, h) for i in range(16) for h in "lh"]
    return {
        "load": ["%s = s[%d]" % (n, j) for j, n in enumerate(names)],
        "double_round": [line for q in ROUNDS for line in quarter(*q)],
        "store": ["x[%d] = %s" % (j, n) for j, n in enumerate(names)],
    }


def generate():
    return generated_line(TOOL) + expand(TEMPLATE, pieces())


def main(argv=None):
    return write_or_check(OUT, generate, TOOL, argv)


TEMPLATE = '''"""ChaCha20 block function and key-stream XOR in portable Python (RFC 8439 §2.1-§2.4).

Same surface and state layout as ``chacha20_viper`` (see there): ``xor(st, src, dst, off,
nblocks)`` on ``st``, a ``bytearray(64)`` holding the 16 state words as little-endian bytes.
Nothing validates; the public modules do.

No viper or native decorators: this module serves bytecode-only ports (RX65N) and compiles
with plain ``mpy-cross``. Every 32-bit word is two 16-bit halves in local variables
(``x<i>l``, ``x<i>h``): MicroPython's small ints are 31-bit on 32-bit ports, so a word of
2**30 or more as a Python int would be a heap object and every operation on it would
allocate. On halves, an addition carries the low half's bit 16 into the high half; a
rotation left by 16 swaps the halves; one by r < 16 is
``lo' = (lo << r | hi >> (16 - r)) & 0xFFFF``, ``hi' = (hi << r | lo >> (16 - r)) & 0xFFFF``.
No intermediate passes 2**28. A double round is written out, eight quarter rounds on the
locals, so the rounds index no list and call no function.

Constant time: no branch or index depends on the key, nonce or data; the interpreter's
timing is not promised constant time. Allocation: two 32-item lists per call, none per block.
"""


def xor(st, src, dst, off, nblocks):
    F = 0xFFFF
    s = [st[2 * j] | st[2 * j + 1] << 8 for j in range(32)]  # the state as 32 halves
    x = [0] * 32
    p = off
    for _ in range(nblocks):
        @@load@@
        for _ in range(10):
            # a column round, then a diagonal round (§2.3)
            @@double_round@@
        @@store@@
        # feed-forward (§2.3 step 3), serialised little-endian and XORed into the data
        for i in range(0, 32, 2):
            lo = x[i] + s[i]
            hi = x[i + 1] + s[i + 1] + (lo >> 16)
            j = p + 2 * i
            dst[j] = src[j] ^ (lo & 0xFF)
            dst[j + 1] = src[j + 1] ^ ((lo >> 8) & 0xFF)
            dst[j + 2] = src[j + 2] ^ (hi & 0xFF)
            dst[j + 3] = src[j + 3] ^ ((hi >> 8) & 0xFF)
        # block counter += 1 mod 2**32 (§2.4), word 12 = halves 24, 25
        t = s[24] + 1
        s[25] = (s[25] + (t >> 16)) & 0xFFFF
        s[24] = t & 0xFFFF
        p += 64
    st[48] = s[24] & 0xFF
    st[49] = s[24] >> 8
    st[50] = s[25] & 0xFF
    st[51] = s[25] >> 8
'''


if __name__ == "__main__":
    sys.exit(main())
