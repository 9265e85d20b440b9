"""Writes ``modules/mpcrypto/hash/ascon_viper.py``: the Ascon permutation (NIST SP 800-232 §3)
and Ascon-AEAD128's bulk steps as MicroPython viper functions on 32-bit
lane halves.

    python -m tools.viper.gen_ascon          # rewrite the module
    python -m tools.viper.gen_ascon --check  # exit 1 if the module is not what this writes

One round (p_C, p_S, p_L of §3.1) is written here once (``rounds``) and inlined into every
kernel that permutes (``perm``, ``absorb``, the bulk and AEAD calls), so the state stays in
the locals x0l, x0h, ..., x4h (S_k's low and high halves) across rounds and blocks:
- p_S: ``SBOX``, the bitsliced S-box of §3.3 on one set of halves, for the low halves (with
  p_C's round constant XORed into x2) and then for the high halves;
- p_L: one line per lane half, made from the rotation amounts of §3.4 (``ROT``): the rotation
  with the smaller left shift leads the chain as a multiplication, the other one's left shift
  ends it (the module's docstring says why);
- block I/O: little-endian word loads and byte stores, one line per word and per byte.
The last partial block of ``aead_encrypt`` / ``aead_decrypt`` shares one skeleton
(``last_block``); ``squeeze`` and the module's docstring are text here. The byte I/O
(``xor_bytes``, ``put_bytes``, ``get_bytes``) is imported from ``hash/_ascon_io``, which
``ascon_thumb`` shares.
"""

import sys

from tools import ROOT
from tools.gen import generated_line, write_or_check
from tools.viper import indent, viper

OUT = ROOT / "modules" / "mpcrypto" / "hash" / "ascon_viper.py"
TOOL = "tools.viper.gen_ascon"

ROT = ((19, 28), (61, 39), (1, 6), (10, 17), (7, 41))  # SP 800-232 §3.4: S_k's two rotations
STATE = ["x%d%s" % (k, h) for k in range(5) for h in "lh"]  # the locals, in state word order
RATE = STATE[:4]  # S0 and S1: the 16 bytes an AEAD block goes through
KEY = ["k0", "k1", "k2", "k3"]  # K as four little-endian words

# p_S (§3.3) on the halves ``h`` ("l" or "h"); ``rc``: p_C's XOR into x2 (low halves only).
SBOX = """\
b0 = x0{h} ^ x4{h}
b4 = x4{h} ^ x3{h}
b2 = x2{h} ^ x1{h}{rc}
d0 = ~x1{h} & b2 ^ b0
d2 = ~x3{h} & b4 ^ b2
y1{h} = ~b2 & x3{h} ^ x1{h} ^ d0
y3{h} = ~b4 & b0 ^ x3{h} ^ d2
y4{h} = ~b0 & x1{h} ^ b4
y0{h} = d0 ^ y4{h}
y2{h} = ~d2 & m"""
RC_NOTE = "  # next round constant (SP 800-232 Table 5: 0xf0, 0xe1, .., 0x4b)"


# The module's docstring, its import and probe(), as they stand at its top.
HEADER = '''"""The Ascon permutation (NIST SP 800-232 §3) and Ascon-AEAD128's bulk steps in viper, on
32-bit lane halves; the state's byte I/O is ``hash/_ascon_io``'s, imported here.

Backend surface shared with ``ascon_thumb`` and ``ascon_python`` (``hash/_ascon`` chooses;
``aead/ascon`` and ``hash/ascon_hash`` call; nothing here validates):

    perm(st, rounds)                     Ascon-p[rounds] (rounds 8 or 12)
    xor_bytes(st, buf, off, n, pos)      state bytes pos..pos+n-1 ^= buf[off:off+n]
    put_bytes(st, buf, off, n, pos)      state bytes pos..pos+n-1 = buf[off:off+n]
    get_bytes(st, out, off, n, pos)      out[off:off+n] = state bytes pos..pos+n-1
    absorb(st, buf, off, nblocks, rate, rounds)
                                         per block of ``rate`` (8 or 16) bytes: XOR it into
                                         the state's first bytes, then Ascon-p[rounds]
    encrypt(st, src, dst, off, nblocks)  Ascon-AEAD128 on 16-byte blocks (§4.1.2 step 3):
                                         S[0:16] ^= P; C = S[0:16]; Ascon-p[8]
    decrypt(st, src, dst, off, nblocks)  the inverse (§4.1.3): P = C ^ S[0:16]; S[0:16] = C;
                                         Ascon-p[8] (``dst`` may be ``src``)
    squeeze(st, out, n)                  out[0:n] = S[0:8], then Ascon-p[12] and the next 8
                                         bytes, ... (§5.2 squeezing; no permutation after the
                                         last block)

and, in this backend only, Ascon-AEAD128 in three calls (``aead/ascon`` uses them when the
selected kernel has them; the others' path is the permutation and the byte I/O above):

    aead_start(st, key, nonce)           §4.1.1: S = IV || K || N; Ascon-p[12]; S ^= 0^192 || K
    aead_encrypt(st, src, dst, n)        after the associated data: S ^= 0^319 || 1, the
                                         n // 16 whole blocks as ``encrypt``, then the last
                                         n % 16 bytes (0..15) and the padding bit
    aead_decrypt(st, src, dst, n)        the same for decryption (as ``decrypt``)
    aead_final(st, key, out, off)        §4.1.2 step 4: S ^= 0^128 || K || 0^64; Ascon-p[12];
                                         out[off:off + 16] = S[24:40] ^ K (the tag)

State: an ``array('I')`` of 10 words, the 320-bit state S = S0 || ... || S4 as little-endian
32-bit words: word 2k is the low half of S_k, word 2k + 1 the high half, and state byte j
(SP 800-232 reads bytes into 64-bit words little-endian, §2.1) is byte j % 4 of word j // 4.
Lane halves, not bit interleaving: absorbing and squeezing need no conversion, and a 64-bit
right rotation by r < 32 is ``lo' = lo >> r | hi << (32 - r)``, ``hi' = hi >> r | lo << (32 -
r)`` (by r > 32: the halves exchanged and r - 32).

One round (p_L . p_S . p_C, §3.1) is unrolled and runs ``rounds`` times on locals; the bulk
kernels keep the state in locals across blocks. The round constant of round i of Ascon-p[12]
is (15 - i) << 4 | i (SP 800-232 §3.2 Table 5: 0xf0, 0xe1, ..., 0x4b): each is the previous
minus 0x0f, so the loop counts the constant down from 0xf0 (12 rounds) or 0xb4 (8 rounds) and
stops below 0x4b.

How the round is written (it decides the speed; the result is the same on every port):
- p_S: the bitsliced S-box of §3.3 (x0 ^= x4; x4 ^= x3; x2 ^= x1; x_i ^= ~x_{i+1} & x_{i+2};
  x1 ^= x0; x0 ^= x4; x3 ^= x2; x2 = ~x2) as ten statements per half, each temporary used
  where it is made (b0, b4, b2 the first three XORs; d0, d2 the new x0 and x2 before the
  last XORs; y0..y4 the outputs).
- p_L: each output half is one chain, ``(a * 2**k ^ y ^ y >> r1 ^ y' >> r2 ^ a' << k') & m``:
  the two halves of a rotation occupy disjoint bits, so their OR is an XOR, and all five
  terms are XORed in one expression. The chain starts with a multiplication by a power of
  two (the rotation's left shift, k <= 26, so the constant is a small int on every port)
  rather than ``<<``: MicroPython's native emitters take a shift's operand in a fixed
  register (RAX/RCX on x86-64), so a chain that starts with a shift spills it to the stack
  to load the next operand, and a chain that starts with a multiplication does not. The
  product mod 2**32 is the shift (on a 32-bit core exactly; on the 64-bit unix port after
  the mask); MUL takes one cycle on Cortex-M3/M4/M7.
- The S-box's operands are ordered the same way (``~a & b ^ c`` rather than ``c ^ (~a &
  b)``). Written so, the round runs faster on the x86-64 unix port than with one statement
  per S-box step and the rotations ORed.

Portability (VIPER.md): the halves are ``uint`` below 2**32 at the start of each round: the
S-box's XORs and ANDs of such values stay below 2**32, its ``~`` only meets ``&`` with a
clean value except the final NOT of x2, masked with ``m = 0xFFFFFFFF`` (built at run time);
the multiplications and left shifts of p_L leave bits above 31 on the 64-bit port, removed
by the one mask per half at the end of its chain (one AND on Cortex-M). Constants of 2**30 or
more (the IV's low half, the domain bit 2**31) are built at run time.

Constant time: fixed XOR/AND/NOT/shift/multiply sequences (MUL by a constant is single-cycle
on Cortex-M3/M4/M7); no branch or index depends on the state, the key or the data
(positions and lengths, which steer the byte loops, are public). Allocation: none.
"""

import micropython

from mpcrypto.hash._ascon_io import get_bytes, put_bytes, xor_bytes  # noqa: F401 (the surface)


def probe():
    """True: this module imported, so the port has the viper emitter."""
    return True
'''

# squeeze() (a byte loop with the permutation between 8-byte blocks) and the heading of the
# AEAD calls.
SQUEEZE = '''

@micropython.viper
def squeeze(st, out: ptr8, n: int):
    s = ptr32(st)
    i = 0
    while i < n:
        if i > 0 and (i & 7) == 0:
            perm(st, 12)
        out[i] = uint(s[(i & 7) >> 2]) >> ((i & 3) << 3)
        i += 1


# ---- Ascon-AEAD128 in three calls (SP 800-232 §4.1); aead/ascon.py uses them when present ----
'''


# -- lines of code --------------------------------------------------------------------------------

def rotation(k, h, r):
    """Half ``h`` of S_k >>> r: (the half shifted right, by how much, the half shifted left, by)."""
    own, other = "y%d%s" % (k, h), "y%d%s" % (k, "h" if h == "l" else "l")
    if r < 32:
        return own, r, other, 32 - r
    return other, r - 32, own, 64 - r


def linear(k, h):
    """p_L (§3.4) on half ``h`` of S_k: its five terms XORed in one chain, one mask."""
    a, b = sorted(ROT[k], key=lambda r: -r % 32)  # a: the smaller left shift, at most 26
    ar, an, al, ak = rotation(k, h, a)
    br, bn, bl, bk = rotation(k, h, b)
    return "x%d%s = (%s * %d ^ y%d%s ^ %s >> %d ^ %s >> %d ^ %s << %d) & m" % (
        k, h, al, 1 << ak, k, h, ar, an, br, bn, bl, bk)


def rounds(start, note=True):
    """The round loop, one round inlined: the round constant from ``start`` down to 0x4b."""
    body = ["# p_C (SP 800-232 §3.2) and p_S (§3.3) on the low halves, then the high halves"]
    for h in "lh":
        body += SBOX.format(h=h, rc=" ^ rc" if h == "l" else "").split("\n")
    body.append("# p_L (§3.4): S_k ^= (S_k >>> r1) ^ (S_k >>> r2) on the halves")
    body += [linear(k, h) for k in range(5) for h in "lh"]
    body.append("rc = rc - 15" + (RC_NOTE if note else ""))
    return ["rc = %s" % start, "while rc > uint(0x3C):"] + indent(body)


def le_word(p, i):
    """Little-endian 32-bit word i of the bytes at ``p``."""
    return " | ".join("uint(%s[%d])" % (p, 4 * i + b) + (" << %d" % (8 * b) if b else "") for b in range(4))


def le_words(names, p):
    return ["%s = %s" % (v, le_word(p, i)) for i, v in enumerate(names)]


def xor_words(names, p):
    return ["%s = %s ^ (%s)" % (v, v, le_word(p, i)) for i, v in enumerate(names)]


def xors(out, a, b):
    return ["%s = %s ^ %s" % t for t in zip(out, a, b)]


def store_bytes(names, q="q"):
    """The words ``names`` stored little-endian at q[0], q[1], ... (ptr8 keeps the low 8 bits)."""
    return ["%s[%d] = %s" % (q, 4 * i + b, v) + (" >> %d" % (8 * b) if b else "")
            for i, v in enumerate(names) for b in range(4)]


def load_state():
    return ["s = ptr32(st)", "m = uint(0xFFFFFFFF)"] + ["%s = uint(s[%d])" % (v, i) for i, v in enumerate(STATE)]


def store_state():
    return ["s[%d] = %s" % (i, v) for i, v in enumerate(STATE)]


def encrypt_block():
    # S[0:16] ^= P; C = S[0:16]
    return xor_words(RATE, "p") + store_bytes(RATE)


def decrypt_block():
    # P = C ^ S[0:16]; S[0:16] = C: the whole block is read before any byte is written.
    w, t = ["w0", "w1", "w2", "w3"], ["t0", "t1", "t2", "t3"]
    return le_words(w, "p") + xors(t, RATE, w) + ["%s = %s" % vw for vw in zip(RATE, w)] + store_bytes(t)


def blocks(block, count):
    """The loop over 16-byte blocks: ``block()``, then Ascon-p[8]."""
    body = block() + ["p = ptr8(uint(p) + 16)", "q = ptr8(uint(q) + 16)"] + rounds("uint(0xB4)")
    return ["while %s > 0:" % count] + indent(body + ["%s -= 1" % count])


def last_block(step):
    """The last n % 16 bytes (0..15), one ``step`` a byte (j, sh: its word and shift), then the
    padding bit after them."""
    loop = ["j = i >> 2", "sh = (i & 3) << 3"] + step + ["i += 1"]
    return ["r = n & 15", "i = 0", "while i < r:"] + indent(loop) + [
        "s[r >> 2] = uint(s[r >> 2]) ^ (uint(1) << ((r & 3) << 3))"]


# -- the functions, in the module's order ---------------------------------------------------------

def perm():
    first = "uint(0x3C) + uint(rounds) * 15  # the first round constant of Ascon-p[rounds]"
    return viper("perm", "st, rounds: int", load_state() + rounds(first) + store_state())


def absorb():
    words = xor_words(RATE, "p")  # S0, then S1 where the rate is 16 bytes
    loop = words[:2] + ["if rate == 16:"] + indent(words[2:]) + ["p = ptr8(uint(p) + uint(rate))"]
    loop += rounds("first", note=False) + ["n -= 1"]
    body = ["# The permutation is inlined: the state stays in locals across blocks."] + load_state()
    body += ["first = uint(0x3C) + uint(rounds) * 15", "p = ptr8(uint(buf) + uint(off))", "n = nblocks"]
    body += ["while n > 0:"] + indent(loop) + store_state()
    return viper("absorb", "st, buf: ptr8, off: int, nblocks: int, rate: int, rounds: int", body)


def bulk(name, comment, block):
    body = comment + load_state() + ["p = ptr8(uint(src) + uint(off))", "q = ptr8(uint(dst) + uint(off))"]
    body += ["n = nblocks"] + blocks(block, "n") + store_state()
    return viper(name, "st, src: ptr8, dst: ptr8, off: int, nblocks: int", body)


def aead_start():
    body = ["# §4.1.1: S = IV || K || N; Ascon-p[12]; S ^= 0^192 || K. IV = 0x00001000808C0001: its",
            "# low half is 2**30 or more, so it is built at run time (VIPER.md rule 1).",
            "s = ptr32(st)", "m = uint(0xFFFFFFFF)"] + le_words(KEY, "key")
    body += ["x0l = uint(0x808C) << 16 | uint(0x0001)", "x0h = uint(0x1000)"]
    body += ["%s = %s" % vk for vk in zip(STATE[2:6], KEY)] + le_words(STATE[6:], "nonce")
    body += rounds("uint(0xF0)") + xors(STATE[6:], STATE[6:], KEY) + store_state()
    return viper("aead_start", "st, key: ptr8, nonce: ptr8", body)


def aead_bulk(name, comment, block, tail):
    body = comment + load_state() + ["x4h = x4h ^ (uint(1) << 31)", "p = src", "q = dst", "nb = n >> 4"]
    body += blocks(block, "nb") + store_state() + tail
    return viper(name, "st, src: ptr8, dst: ptr8, n: int", body)


def aead_final():
    body = ["# §4.1.2 step 4: S ^= 0^128 || K || 0^64; Ascon-p[12]; out[off:off + 16] = S[24:40] ^ K."]
    body += load_state() + le_words(KEY, "key") + xors(STATE[4:8], STATE[4:8], KEY)
    body += rounds("uint(0xF0)") + store_state() + xors(KEY, STATE[6:], KEY)
    body += ["q = ptr8(uint(out) + uint(off))"] + store_bytes(KEY)
    return viper("aead_final", "st, key: ptr8, out: ptr8, off: int", body)


def generate():
    return "".join([
        generated_line(TOOL), HEADER, perm(),
        absorb(),
        bulk("encrypt", [
            "# S[0:16] ^= P, C = S[0:16], Ascon-p[8] inlined; ptr8 stores keep the low 8 bits."], encrypt_block),
        bulk("decrypt", [
            "# P = C ^ S[0:16], S[0:16] = C, Ascon-p[8] inlined. The block's ciphertext is read",
            "# whole before its plaintext is written (dst may be src, or start before it)."], decrypt_block),
        SQUEEZE, aead_start(),
        aead_bulk("aead_encrypt", [
            "# §4.1.2 step 3 after the associated data: S ^= 0^319 || 1 (domain separation), then the",
            "# n // 16 whole blocks as in encrypt(), then the last block of n % 16 bytes (0..15):",
            "# S[0:r] ^= P, C = S[0:r], S[r] ^= 1 (the padding). dst may be src or start before it."],
            encrypt_block, last_block(["v = uint(s[j]) ^ (uint(p[i]) << sh)", "s[j] = v", "q[i] = v >> sh"])),
        aead_bulk("aead_decrypt", [
            "# The inverse (§4.1.3 step 3): the domain bit, whole blocks as in decrypt(), then the last",
            "# r = n % 16 bytes: P = C ^ S[0:r]; S[0:r] = C; S[r] ^= 1. Every ciphertext byte is read",
            "# before the plaintext byte at its index is written (dst may be src or start before it)."],
            decrypt_block, last_block(["c = uint(p[i])", "v = uint(s[j])", "q[i] = (v >> sh) ^ c",
                                       "s[j] = (v ^ (v & (uint(0xFF) << sh))) | (c << sh)"])),
        aead_final(),
    ])


def main(argv=None):
    return write_or_check(OUT, generate, TOOL, argv)


if __name__ == "__main__":
    sys.exit(main())
