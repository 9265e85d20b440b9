"""Writes ``modules/mpcrypto/hash/sha256_python.py`` and ``sha512_python.py``: SHA-256 and SHA-512
compression (FIPS 180-4 §6.2.2, §6.4.2) in portable Python, from one text.

    python -m tools.python.gen_sha2          # rewrite the two modules
    python -m tools.python.gen_sha2 --check  # exit 1 if they are not what this writes

The two algorithms differ only in the word size, the number of rounds, the rotation and
shift amounts of Σ0, Σ1, σ0, σ1 (FIPS 180-4 §4.1.2, §4.1.3) and K (§4.2.2, §4.2.3, computed
by ``tools.sha2_constants``); how the state's words are read and written (SHA-512 keeps
each word as two 32-bit halves) and the docstrings are text of each module. One shared
Python function would cost the bytecode-only ports a call, or variables in place of the
constant shift amounts, in their hot loop: so the loop is written once here and each
module gets its own copy.
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
    "sha256_python.py": dict(
        header='''"""SHA-256 compression in portable Python: FIPS 180-4 §6.2.2, many 64-byte blocks per call.

Same surface as ``sha256_viper`` (see there): ``compress(st, buf, off, nblocks)`` with ``st``
an ``array('I')`` whose words 0..7 are H0..H7 (words 8.. are the viper kernel's scratch and
are not used here). Nothing validates; the public classes in ``sha256`` do.

No viper or native decorators: this module serves bytecode-only ports (RX65N) and compiles
with plain ``mpy-cross``. Constant time in the sense that no branch or table index depends on
the data; the interpreter's big-int arithmetic is not promised constant time.

Allocation: one 64-entry list for the message schedule per call (reused for every block) and
one tuple per block from ``struct.unpack_from``. Words are Python ints: on 32-bit ports any
value of 2**30 or more is a heap object, so the rounds allocate on those ports (the 64-bit
unix port keeps them as small ints). Prefer the viper backend where the port has it.
"""

from struct import unpack_from

''',
        bits=32, rounds=64, sec="6.2.2", fmt="I", bs=64, K=K256, per_row=8,
        kdoc="# FIPS 180-4 §4.2.2 (cube roots of the first 64 primes).",
        # §4.1.2: Σ0, Σ1 rotations; σ0, σ1 rotations and shift
        S0=(2, 13, 22), S1=(6, 11, 25), s0=((7, 18), 3), s1=((17, 19), 10),
        # the columns of the comments σ1, σ0 and Σ1, Ch, Σ0, Maj, as they stand in the module
        cols=(79, 78, 88, 87, 87, 87),
        note="""\
        # §6.2.2 steps 2-3. Left shifts leave bits above 31; they are masked before any
        # value is shifted right again.""",
        load="    a, b, c, d, e, f, g, h = st[0], st[1], st[2], st[3], st[4], st[5], st[6], st[7]",
        store="    st[0], st[1], st[2], st[3], st[4], st[5], st[6], st[7] = a, b, c, d, e, f, g, h"),
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
    return {name: module_text(name) for name in MODULES}


def main(argv=None):
    rc = 0
    for name in MODULES:
        rc |= write_or_check(DIR / name, lambda name=name: module_text(name), TOOL, argv)
    return rc


if __name__ == "__main__":
    sys.exit(main())
