"""Writes ``modules/mpcrypto/cipher/aes_ct_thumb.py``: constant-time AES (FIPS 197), bitsliced,
in Thumb-2 for Cortex-M3/M4/M7/M33/M55/M85, as one MicroPython ``asm_thumb`` kernel.

    python -m tools.thumb.gen_aes_ct          # rewrite the module
    python -m tools.thumb.gen_aes_ct --check  # exit 1 if the module is not what this writes

Technique: two blocks at a time in eight 32-bit words (bitslicing: word b holds bit b of all
32 bytes), so SubBytes is a Boolean circuit evaluated 32 bytes at once and there is no table,
no load or store at an address that depends on data, and no branch on data.

Layout. Bit ``8 r + 2 c + k`` of word b is bit b of the state byte at row r, column c of block
k (FIPS 197 §3.4: byte ``4 c + r`` of the block). Loading a block column as a little-endian word
puts row r in byte lane r, so the transform from the eight loaded words (block k column c as
word ``2 c + k``) to the bitsliced words is an 8x8 bit-matrix transpose in each byte lane,
three layers of SWAPMOVE (12 of them); the inverse transform is the same transpose.

- SubBytes: the S-box circuit of Boyar and Peralta ("A depth-16 circuit for the AES S-box",
  2012: 128 gates, 34 AND, the S-box's inversion in GF(2^4)^2 with linear layers before and
  after), written below from the published gate list and checked here against FIPS 197's
  S-box on all 256 inputs before anything is written. Its four XNORs (the affine constant
  {63}) are left out: ShiftRows and MixColumns map a constant in every byte to itself
  ({02} + {03} + {01} + {01} = {01}), so {63} is XORed into round keys 1..Nr instead.
- InvSubBytes: InvS(y) = Inv(L^-1(y + {63})) and Inv(z) = L^-1(S'(z)) where S' is the
  circuit without its constant and L^-1 the inverse affine map's linear part (FIPS 197
  §5.3.2): L^-1, the same circuit, L^-1 again; InvMixColumns also maps a constant byte to
  itself ({0e}+{0b}+{0d}+{09} = {01}), so the same keys with {63} serve decryption.
- ShiftRows: row r rotates its 8 bits (4 columns x 2 blocks) right by 2 r within its byte
  lane: a SWAPMOVE of nibbles in lanes 2 and 3, then a rotation by 2 of lanes 1 and 3 from
  masks (modified immediates).
- MixColumns (FIPS 197 §5.1.3): with t = x + (x >>> 8) (rows r and r + 1), the result is
  {02} t + (x >>> 8) + (t >>> 16); {02} t is a shift of the bit words with t7 folded into
  bits 0, 1, 3, 4 (x^8 = x^4 + x^3 + x + 1). InvMixColumns: x += {04}(x + (x >>> 16)) then
  MixColumns (the matrix {0e 0b 0d 09} is {02 03 01 01} times {05 00 04 00}).
- AddRoundKey: eight words of the bitsliced round key (the same key bits for both blocks).

Each step is written as straight-line code on named values (SSA) and given registers by
a small allocator (furthest-next-use spilling to the stack), so the eight state words live in
r0-r7 between steps and everything else of r0-r12 and lr is free inside a step. Per round of
two blocks: S-box 172 instructions (128 gates, the rest spills and reloads), ShiftRows 74,
MixColumns 27, AddRoundKey 19; AES-128 CTR is 100.6 instructions per byte on Cortex-M4. Control flow
(rounds, modes, the block pair loop) branches only on public values: the mode, the key size,
the block count and the counter's carries.

The kernels' correctness is checked by host_tests/test_thumb_aes_ct.py on an emulated
Cortex-M4 (NIST vectors, the cryptography oracle), and the steps here by ``selfcheck()``
(a Python interpreter of the same SSA code) before the module is written.
"""

import sys

from tools import ROOT, library
from tools.gen import write_or_check
from tools.thumb.asm import Asm, data_lines

OUT = ROOT / "modules" / "mpcrypto" / "cipher" / "aes_ct_thumb.py"
_tables = library("mpcrypto.cipher.aes_tables")
SBOX, INV_SBOX, gmul = _tables.SBOX, _tables.INV_SBOX, _tables.gmul

M32 = 0xFFFFFFFF

# -- the S-box circuit (Boyar, Peralta 2012; U0 the most significant input bit, S0 the most
# significant output bit; "+" XOR, "x" AND). The XNORs of S1, S2, S6, S7 are XORs here.

SBOX_CIRCUIT = """
T1 U0 + U3|T2 U0 + U5|T3 U0 + U6|T4 U3 + U5|T5 U4 + U6|T6 T1 + T5|T7 U1 + U2|T8 U7 + T6
T9 U7 + T7|T10 T6 + T7|T11 U1 + U5|T12 U2 + U5|T13 T3 + T4|T14 T6 + T11|T15 T5 + T11
T16 T5 + T12|T17 T9 + T16|T18 U3 + U7|T19 T7 + T18|T20 T1 + T19|T21 U6 + U7|T22 T7 + T21
T23 T2 + T22|T24 T2 + T10|T25 T20 + T17|T26 T3 + T16|T27 T1 + T12
M1 T13 x T6|M2 T23 x T8|M3 T14 + M1|M4 T19 x U7|M5 M4 + M1|M6 T3 x T16|M7 T22 x T9
M8 T26 + M6|M9 T20 x T17|M10 M9 + M6|M11 T1 x T15|M12 T4 x T27|M13 M12 + M11|M14 T2 x T10
M15 M14 + M11|M16 M3 + M2|M17 M5 + T24|M18 M8 + M7|M19 M10 + M15|M20 M16 + M13
M21 M17 + M15|M22 M18 + M13|M23 M19 + T25|M24 M22 + M23|M25 M22 x M20|M26 M21 + M25
M27 M20 + M21|M28 M23 + M25|M29 M28 x M27|M30 M26 x M24|M31 M20 x M23|M32 M27 x M31
M33 M27 + M25|M34 M21 x M22|M35 M24 x M34|M36 M24 + M25|M37 M21 + M29|M38 M32 + M33
M39 M23 + M30|M40 M35 + M36|M41 M38 + M40|M42 M37 + M39|M43 M37 + M38|M44 M39 + M40
M45 M42 + M41|M46 M44 x T6|M47 M40 x T8|M48 M39 x U7|M49 M43 x T16|M50 M38 x T9
M51 M37 x T17|M52 M42 x T15|M53 M45 x T27|M54 M41 x T10|M55 M44 x T13|M56 M40 x T23
M57 M39 x T19|M58 M43 x T3|M59 M38 x T22|M60 M37 x T20|M61 M42 x T1|M62 M45 x T4
M63 M41 x T2|L0 M61 + M62|L1 M50 + M56|L2 M46 + M48|L3 M47 + M55|L4 M54 + M58|L5 M49 + M61
L6 M62 + L5|L7 M46 + L3|L8 M51 + M59|L9 M52 + M53|L10 M53 + L4|L11 M60 + L2|L12 M48 + M51
L13 M50 + L0|L14 M52 + M61|L15 M55 + L1|L16 M56 + L0|L17 M57 + L1|L18 M58 + L8|L19 M63 + L4
L20 L0 + L1|L21 L1 + L7|L22 L3 + L12|L23 L18 + L2|L24 L15 + L9|L25 L6 + L10|L26 L7 + L9
L27 L8 + L10|L28 L11 + L14|L29 L11 + L17|S0 L6 + L24|S1 L16 + L26|S2 L19 + L28|S3 L6 + L21
S4 L20 + L22|S5 L25 + L29|S6 L13 + L27|S7 L6 + L23
"""
SBOX_CONST = {1, 2, 6, 7}  # outputs that are XNORs in the published circuit ({63} = S1, S2, S6, S7)


def circuit():
    gates = []
    for part in SBOX_CIRCUIT.replace("\n", "|").split("|"):
        part = part.strip()
        if part:
            d, a, op, b = part.split()
            gates.append((d, a, op, b))
    return gates


# -- SSA programs ----------------------------------------------------------------------------
#
# An op: (kind, dst, srcs, param). Kinds: "eor"/"and"/"orr" dst = a op shift(b) with param
# (shift, amount), shift "lsl"/"lsr"/"ror"; "andi" dst = a & param (a modified immediate);
# "const" dst = param (MOVW/MOVT); "ldr" dst = word at srcs[0] + param; "ldrsp"/"strsp" a
# frame word (param: byte offset; strsp has no dst); "addi" dst = a + param (ADDW/SUBW).


class Prog:
    def __init__(self, prefix):
        self.ops = []
        self.n = 0
        self.prefix = prefix

    def new(self):
        self.n += 1
        return "%s%d" % (self.prefix, self.n)

    def op(self, kind, srcs, param=None, dst=True):
        d = self.new() if dst else None
        self.ops.append((kind, d, tuple(srcs), param))
        return d

    def eor(self, a, b, sh="ror", amt=0):
        return self.op("eor", (a, b), (sh, amt))

    def and_(self, a, b):
        return self.op("and", (a, b), ("lsl", 0))

    def orr(self, a, b, sh="lsl", amt=0):
        return self.op("orr", (a, b), (sh, amt))

    def andi(self, a, imm):
        return self.op("andi", (a,), imm)

    def const(self, v):
        return self.op("const", (), v)


def p_sbox(p, x):
    """S' (the circuit without its constant) on bit words x[0..7] (x[7] the top bit)."""
    v = {"U%d" % i: x[7 - i] for i in range(8)}
    for d, a, op, b in circuit():
        v[d] = p.and_(v[a], v[b]) if op == "x" else p.eor(v[a], v[b])
    return [v["S%d" % (7 - i)] for i in range(8)]


def p_linv(p, x):
    # L^-1 of FIPS 197 §5.3.2 (without the constant {05}): b_i = b_{i+2} + b_{i+5} + b_{i+7}.
    u = [p.eor(x[(i + 5) % 8], x[(i + 7) % 8]) for i in range(8)]
    return [p.eor(u[i], x[(i + 2) % 8]) for i in range(8)]


def p_swapmove(p, a, b, mask, n):
    # Swaps bit i of b with bit i + n of a for every i in mask.
    t = p.eor(b, a, "lsr", n)
    t = p.andi(t, mask)
    return p.eor(a, t, "lsl", n), p.eor(b, t)


def p_transpose(p, w):
    w = list(w)
    for n, mask, pairs in ((1, 0x55555555, ((0, 1), (2, 3), (4, 5), (6, 7))),
                           (2, 0x33333333, ((0, 2), (1, 3), (4, 6), (5, 7))),
                           (4, 0x0F0F0F0F, ((0, 4), (1, 5), (2, 6), (3, 7)))):
        for i, j in pairs:
            w[i], w[j] = p_swapmove(p, w[i], w[j], mask, n)
    return w


def p_shiftrows(p, x, inv):
    # Lane r (row r) rotates right (inverse: left) by 2 r bits: nibbles of lanes 2 and 3
    # swapped, then lanes 1 and 3 rotated by 2 (ShiftRows: FIPS 197 §5.1.2, §5.3.1).
    m = p.const(0x0F0F0000)
    out = []
    for w in x:
        t = p.eor(w, w, "lsr", 4)
        t = p.and_(t, m)
        w = p.eor(w, t)
        w = p.eor(w, t, "lsl", 4)
        y = p.andi(w, 0x00FF00FF)
        if inv:
            y = p.orr(y, p.andi(w, 0x3F003F00), "lsl", 2)
            y = p.orr(y, p.andi(w, 0xC000C000), "lsr", 6)
        else:
            y = p.orr(y, p.andi(w, 0xFC00FC00), "lsr", 2)
            y = p.orr(y, p.andi(w, 0x03000300), "lsl", 6)
        out.append(y)
    return out


def p_mixcolumns(p, x):
    t7 = p.eor(x[7], x[7], "ror", 8)
    prev = t7
    out = []
    for b in range(8):
        tb = t7 if b == 7 else p.eor(x[b], x[b], "ror", 8)
        o = p.eor(prev, x[b], "ror", 8)
        o = p.eor(o, tb, "ror", 16)
        if b in (1, 3, 4):
            o = p.eor(o, t7)
        out.append(o)
        prev = tb
    return out


def _mul4_matrix():
    # Column i: the bits of {04} times bit i.
    return [[(gmul(1 << i, 4) >> b) & 1 for i in range(8)] for b in range(8)]


def p_invmix_pre(p, x):
    # x_b += ({04} t)_b with t = x + (x >>> 16): rows r and r + 2.
    m = _mul4_matrix()
    t = {}

    def tt(i):
        if i not in t:
            t[i] = p.eor(x[i], x[i], "ror", 16)
        return t[i]

    tt(6)
    tt(7)
    out = [None] * 8
    for b in range(7, -1, -1):
        o = x[b]
        for i in range(8):
            if m[b][i]:
                o = p.eor(o, tt(i))
        out[b] = o
    return out


def p_ark(p, x, step):
    # AddRoundKey with the key words at the frame's key pointer, which moves by ``step``.
    kp = p.op("ldrsp", (), F_KP)
    out = [p.eor(x[b], p.op("ldr", (kp,), 4 * b)) for b in range(8)]
    p.op("strsp", (p.op("addi", (kp,), step),), F_KP, dst=False)
    return out


# -- a Python interpreter of the programs (the generator's self-check) -------------------------


def _sh(v, sh, amt):
    if sh == "lsl":
        return (v << amt) & M32
    if sh == "lsr":
        return v >> amt
    return ((v >> amt) | (v << (32 - amt))) & M32 if amt else v


def interpret(ops, env, mem=None, frame=None):
    env = dict(env)
    for kind, d, srcs, param in ops:
        a = [env[s] for s in srcs]
        if kind == "eor":
            env[d] = a[0] ^ _sh(a[1], *param)
        elif kind == "and":
            env[d] = a[0] & _sh(a[1], *param)
        elif kind == "orr":
            env[d] = a[0] | _sh(a[1], *param)
        elif kind == "andi":
            env[d] = a[0] & param
        elif kind == "const":
            env[d] = param
        elif kind == "ldrsp":
            env[d] = frame[param]
        elif kind == "strsp":
            frame[param] = a[0]
        elif kind == "ldr":
            env[d] = mem[a[0] + param]
        elif kind == "addi":
            env[d] = (a[0] + param) & M32
        else:
            raise ValueError(kind)
    return env


def step_prog(name):
    """(ops, input names, output names) of one step of the kernel."""
    p = Prog("v")
    x = ["x%d" % i for i in range(8)]
    if name == "pack" or name == "unpack":
        y = p_transpose(p, x)
    elif name == "sbox":
        y = p_sbox(p, x)
        p.ops = demand_order(p.ops, [y[i] for i in SBOX_ORDER])
    elif name == "linv":
        y = p_linv(p, x)
    elif name == "sr":
        y = p_shiftrows(p, x, False)
    elif name == "isr":
        y = p_shiftrows(p, x, True)
    elif name == "mc":
        y = p_mixcolumns(p, x)
    elif name == "imc":
        y = p_mixcolumns(p, p_invmix_pre(p, x))
    elif name == "ark_enc":
        y = p_ark(p, x, 32)
    elif name == "ark_dec":
        y = p_ark(p, x, -32)
    else:
        raise ValueError(name)
    return p.ops, x, y


# The S-box's gates are emitted in demand order (each output's inputs just before it, outputs
# in this order): 172 instructions with spills instead of 203 in the published order (found by
# trying output orders with this allocator).
SBOX_ORDER = (1, 0, 2, 5, 7, 3, 4, 6)


def demand_order(ops, outs):
    by = {op[1]: op for op in ops if op[1]}
    done = set()
    order = []

    def visit(v):
        if v in done or v not in by:
            return
        done.add(v)
        for s in by[v][2]:
            visit(s)
        order.append(by[v])

    for o in outs:
        visit(o)
    if len(order) != len(ops):
        raise ValueError("demand order")
    return order


def run_step(name, words, mem=None, frame=None):
    ops, x, y = step_prog(name)
    env = interpret(ops, dict(zip(x, words)), mem, frame)
    return [env[v] for v in y]


def to_slices(b0, b1):
    """The eight words the kernel loads for blocks b0, b1 (16 bytes each): block k column c
    as little-endian word 2 c + k."""
    return [int.from_bytes((b0, b1)[j & 1][4 * (j >> 1): 4 * (j >> 1) + 4], "little") for j in range(8)]


def from_slices(w):
    b = [bytearray(16), bytearray(16)]
    for j in range(8):
        b[j & 1][4 * (j >> 1): 4 * (j >> 1) + 4] = w[j].to_bytes(4, "little")
    return bytes(b[0]), bytes(b[1])


def model_encrypt(rk, b0, b1, dec=False):
    """Two blocks through the steps (Python), round keys ``rk`` as FIPS 197 bytes (Nr + 1
    blocks of 16). The model of the kernel's control flow."""
    nr = len(rk) - 1
    keys = []
    for r in range(nr + 1):
        k = bytes(x ^ (0x63 if r else 0) for x in rk[r])
        keys.extend(run_step("pack", to_slices(k, k)))
    mem = {4 * i: v for i, v in enumerate(keys)}
    frame = {F_KP: 32 * nr if dec else 0}
    s = run_step("pack", to_slices(b0, b1))
    if not dec:
        s = run_step("ark_enc", s, mem, frame)
        for r in range(1, nr + 1):
            s = run_step("sr", run_step("sbox", s))
            if r < nr:
                s = run_step("mc", s)
            s = run_step("ark_enc", s, mem, frame)
    else:
        s = run_step("ark_dec", s, mem, frame)
        for r in range(nr - 1, -1, -1):
            s = run_step("linv", run_step("sbox", run_step("linv", run_step("isr", s))))
            s = run_step("ark_dec", s, mem, frame)
            if r:
                s = run_step("imc", s)
    return from_slices(run_step("unpack", s))


def selfcheck():
    """The steps against FIPS 197 (exhaustive S-box; a model cipher against the reference
    backend) before the module is written."""
    expand_key = _tables.expand_key
    aes_python = library("mpcrypto.cipher.aes_python")
    import random

    # S-box: all 256 bytes through S' (word bit i of byte i: 256 inputs as 8 x 32 slots).
    for base in range(0, 256, 32):
        x = [sum(((base + i) >> b & 1) << i for i in range(32)) for b in range(8)]
        y = run_step("sbox", x)
        z = run_step("linv", run_step("sbox", run_step("linv", [v ^ (M32 if 0x63 >> b & 1 else 0) for b, v in enumerate(x)])))
        for i in range(32):
            if sum((y[b] >> i & 1) << b for b in range(8)) ^ 0x63 != SBOX[base + i]:
                raise AssertionError("S-box circuit at %d" % (base + i))
            if sum((z[b] >> i & 1) << b for b in range(8)) != INV_SBOX[base + i]:
                raise AssertionError("inverse S-box at %d" % (base + i))
    rng = random.Random(1)
    for klen in (16, 24, 32):
        key = rng.randbytes(klen)
        w = expand_key(key)
        rk = [bytes(w[16 * r:16 * r + 16]) for r in range(len(w) // 16)]
        b0, b1 = rng.randbytes(16), rng.randbytes(16)
        ctx = aes_python.new(key)
        want = bytearray(32)
        ctx.ecb_encrypt(b0 + b1, want, 2)
        if b"".join(model_encrypt(rk, b0, b1)) != bytes(want):
            raise AssertionError("model encryption, %d-byte key" % klen)
        if model_encrypt(rk, *from_pair(want), dec=True) != (b0, b1):
            raise AssertionError("model decryption, %d-byte key" % klen)


def from_pair(b):
    return bytes(b[:16]), bytes(b[16:32])


# -- the frame (stack) ------------------------------------------------------------------------

F_CTX, F_SRC, F_DST, F_IV, F_LEFT, F_N2, F_MODE, F_KP, F_CNT = (4 * i for i in range(9))
F_SPILL = 40
NSPILL = 40
FRAME = F_SPILL + 4 * NSPILL

# Context words (array('I'), aes_ct_thumb._Ctx).
C_NR, C_MODE, C_NB, C_WIDE = 120, 121, 122, 123
C_WORDS = 124
MODES = {"ecb_enc": 0, "cbc_enc": 1, "ctr": 2, "ecb_dec": 3, "cbc_dec": 4, "sub": 5, "pack": 6}

HOME = tuple(range(8))  # the state words between steps: r0-r7
CLEAN = 0  # preference for spilling a value already in its slot (no store)
REGS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14)


# -- the register allocator --------------------------------------------------------------------


def allocate(a, ops, ins, outs, home=HOME):
    """Emit ``ops`` into ``a`` with registers: ``ins`` (names) arrive in ``home``, ``outs``
    leave in ``home``. Values that do not fit are spilled to frame slots (each stored once:
    the programs are SSA) and reloaded where used; the spill victim is the value whose next use
    is furthest."""
    uses = {}
    for i, (kind, d, srcs, param) in enumerate(ops):
        for s in srcs:
            uses.setdefault(s, []).append(i)
    end = len(ops)
    for v in outs:
        uses.setdefault(v, []).append(end)
    reg = {}  # value -> register
    held = {}  # register -> value
    slot = {}  # value -> frame offset
    nslots = [0]
    for v, r in zip(ins, home):
        reg[v], held[r] = r, v
    want = {v: r for v, r in zip(outs, home)}

    def next_use(v, i):
        for u in uses.get(v, ()):
            if u >= i:
                return u
        return None

    def free_dead(i):
        for r, v in list(held.items()):
            if next_use(v, i) is None:
                del held[r]
                del reg[v]

    def take(i, pinned, prefer=None):
        if prefer is not None and prefer not in held:
            return prefer
        for r in REGS[8:] + REGS[:8]:
            if r not in held:
                return r
        best, far = None, -1
        for r, v in held.items():
            if v in pinned:
                continue
            u = next_use(v, i)
            u = 1 << 30 if u is None else u + (CLEAN if v in slot else 0)
            if u > far:
                best, far = r, u
        v = held.pop(best)
        del reg[v]
        if v not in slot:
            if nslots[0] >= NSPILL:
                raise ValueError("out of spill slots")
            slot[v] = F_SPILL + 4 * nslots[0]
            nslots[0] += 1
            a.str_(best, 13, slot[v])
        return best

    def load(v, i, pinned):
        if v in reg:
            return reg[v]
        r = take(i, pinned)
        a.ldr(r, 13, slot[v])
        reg[v], held[r] = r, v
        return r

    for i, (kind, d, srcs, param) in enumerate(ops):
        pinned = set(srcs)
        rs = [load(s, i, pinned) for s in srcs]
        free_dead(i + 1)  # sources used for the last time here may take the result
        if d is not None:
            rd = take(i + 1, pinned, want.get(d))
            reg[d], held[rd] = rd, d
        if kind in ("eor", "and", "orr"):
            a.dp(kind, rd, rs[0], rs[1], *param)
        elif kind == "andi":
            a.imm("and", rd, rs[0], param)
        elif kind == "const":
            a.const(rd, param)
        elif kind == "ldr":
            a.ldr(rd, rs[0], param)
        elif kind == "ldrsp":
            a.ldr(rd, 13, param)
        elif kind == "strsp":
            a.str_(rs[0], 13, param)
        elif kind == "addi":
            a.addw(rd, rs[0], abs(param), sub=param < 0)
        else:
            raise ValueError(kind)
        free_dead(i + 1)
    # The outputs into their home registers (a parallel move; spilled ones reloaded last).
    pending = {v: r for v, r in want.items() if reg.get(v) != r}
    while pending:
        moved = False
        for v, r in list(pending.items()):
            if v in reg and r not in held:
                a.mov(r, reg[v])
                del held[reg[v]]
                reg[v], held[r] = r, v
                del pending[v]
                moved = True
        if moved:
            continue
        for v, r in list(pending.items()):
            if v not in reg and r not in held:
                a.ldr(r, 13, slot[v])
                reg[v], held[r] = r, v
                del pending[v]
                moved = True
        if moved:
            continue
        # A cycle: move one value out of the way.
        v, r = next(iter(pending.items()))
        spare = next(x for x in REGS if x not in held)
        blocker = held.pop(r)
        a.mov(spare, r)
        reg[blocker], held[spare] = spare, blocker
    return nslots[0]


def emit_step(a, name):
    ops, x, y = step_prog(name)
    return allocate(a, ops, x, y)


# -- the kernel --------------------------------------------------------------------------------

S = (8, 9, 10, 11, 12, 14)  # scratch registers outside the steps (the state is in r0-r7)


def load_block(a, base, off, k):
    # Block k's four column words into the home registers 2c + k.
    for c in range(4):
        a.ldr(2 * c + k, base, off + 4 * c)


def kernel():
    a = Asm()
    P, Q, R, T = 8, 9, 10, 11  # scratch
    a.push((0, 1, 2, 3, 8, 9, 10, 11))  # ctx, src, dst, iv at [sp + 32..44] after the frame
    a.addw(13, 13, FRAME, sub=True)
    for off, r in ((F_CTX, 0), (F_SRC, 1), (F_DST, 2), (F_IV, 3)):
        a.str_(r, 13, off)
    a.ldr(P, 0, 4 * C_NB)
    a.str_(P, 13, F_LEFT)
    a.cmp_imm0(P)
    a.b("eq", "done")
    a.ldr(Q, 0, 4 * C_MODE)
    a.str_(Q, 13, F_MODE)

    a.label("pair")
    # n2 = blocks this pass: 2, or 1 for the last odd one and for CBC encryption (serial).
    a.ldr(P, 13, F_LEFT)
    a.ldr(Q, 13, F_MODE)
    a.imm("cmp", 0, P, 2)
    a.b("cc", "one")  # left < 2
    a.imm("cmp", 0, Q, MODES["cbc_enc"])
    a.b("eq", "one")
    a.movw(P, 2)
    a.b("al", "n2set")
    a.label("one")
    a.movw(P, 1)
    a.label("n2set")
    a.str_(P, 13, F_N2)
    # Inputs into r0-r7 (block 0 in the even registers, block 1 in the odd ones).
    a.imm("cmp", 0, Q, MODES["ctr"])
    a.b("eq", "in_ctr")
    a.ldr(R, 13, F_SRC)
    load_block(a, R, 0, 0)
    a.imm("cmp", 0, P, 2)
    a.b("ne", "in_dup")
    load_block(a, R, 16, 1)
    a.b("al", "in_cbc")
    a.label("in_dup")  # one block: the second lane computes a copy
    for c in range(4):
        a.mov(2 * c + 1, 2 * c)
    a.label("in_cbc")
    a.imm("cmp", 0, Q, MODES["cbc_enc"])
    a.b("ne", "in_done")
    a.ldr(R, 13, F_IV)
    for c in range(4):
        a.ldr(T, R, 4 * c)
        a.dp("eor", 2 * c, 2 * c, T, "lsl", 0)
        a.dp("eor", 2 * c + 1, 2 * c + 1, T, "lsl", 0)
    a.b("al", "in_done")
    a.label("in_ctr")
    # Block 0 = the counter, block 1 = counter + 1 (SP 800-38A §6.5, B.1: the standard
    # incrementing function over all 128 bits, or over the last 32 when ctx[123] is 0 (GCTR,
    # SP 800-38D §6.2)); the counter in memory then moves on by n2. Carries are public.
    a.ldr(R, 13, F_IV)
    load_block(a, R, 0, 0)
    a.ldr(T, 13, F_CTX)
    a.ldr(T, T, 4 * C_WIDE)
    a.sub_imm(Q, P, 1)  # n2 - 1
    a.cmp_imm0(T)
    a.b("eq", "ctr32")
    a.rev(7, 6)
    a.adds1(7, 7)
    for hi, lo in ((5, 4), (3, 2), (1, 0)):
        a.rev(hi, lo)
        a.imm("adcs", hi, hi, 0)
        a.rev(hi, hi)
    a.rev(7, 7)
    # counter in memory := block 1 + (n2 - 1), over 128 bits
    a.rev(S[4], 7)
    a.dp("add", S[4], S[4], Q, "lsl", 0, s=1)
    a.rev(S[4], S[4])
    a.str_(S[4], R, 12)
    for w, hi in ((2, 5), (1, 3), (0, 1)):
        a.rev(S[4], hi)
        a.imm("adcs", S[4], S[4], 0)
        a.rev(S[4], S[4])
        a.str_(S[4], R, 4 * w)
    a.b("al", "in_done")
    a.label("ctr32")
    a.rev(7, 6)
    a.adds1(7, 7)
    a.rev(7, 7)
    for hi, lo in ((5, 4), (3, 2), (1, 0)):
        a.mov(hi, lo)
    a.rev(S[4], 7)
    a.dp("add", S[4], S[4], Q, "lsl", 0)
    a.rev(S[4], S[4])
    a.str_(S[4], R, 12)
    a.label("in_done")

    spills = emit_step(a, "pack")
    # PACK (the key schedule's bitsliced round keys): the eight words out as they are.
    a.ldr(Q, 13, F_MODE)
    a.imm("cmp", 0, Q, MODES["pack"])
    a.b("ne", "not_pack")
    a.ldr(R, 13, F_DST)
    for i in range(8):
        a.str_(i, R, 4 * i)
    a.b("al", "next")
    a.label("not_pack")
    a.ldr(T, 13, F_CTX)
    a.ldr(P, T, 4 * C_NR)
    a.str_(P, 13, F_CNT)
    a.imm("cmp", 0, Q, MODES["sub"])
    a.b("eq", "sbox")  # SUB (the key schedule's SubWord): the S-box alone
    a.imm("cmp", 0, Q, MODES["ecb_dec"])
    a.b("cs", "dec")
    # Encryption: AddRoundKey(0), Nr - 1 rounds, the last without MixColumns.
    a.str_(T, 13, F_KP)
    spills = max(spills, emit_step(a, "ark_enc"))
    a.label("sbox")
    spills = max(spills, emit_step(a, "sbox"))
    a.ldr(Q, 13, F_MODE)
    a.imm("cmp", 0, Q, MODES["ecb_dec"])
    a.b("cs", "dec_sbox_done")  # decryption (and SUB: mode 5 leaves at dec_sbox_done)
    spills = max(spills, emit_step(a, "sr"))
    a.ldr(P, 13, F_CNT)
    a.subs1(P, P)
    a.str_(P, 13, F_CNT)
    a.b("eq", "last")
    spills = max(spills, emit_step(a, "mc"))
    a.label("last")
    spills = max(spills, emit_step(a, "ark_enc"))
    a.ldr(P, 13, F_CNT)
    a.cmp_imm0(P)
    a.b("ne", "sbox")
    a.b("al", "out")
    # Decryption (FIPS 197 §5.3): AddRoundKey(Nr), then Nr rounds of InvShiftRows,
    # InvSubBytes, AddRoundKey, and InvMixColumns but in the last.
    a.label("dec")
    a.add_lsl(T, T, P, 5)  # ctx + 32 Nr: the last round key
    a.str_(T, 13, F_KP)
    spills = max(spills, emit_step(a, "ark_dec"))
    a.label("dec_round")
    spills = max(spills, emit_step(a, "isr"))
    spills = max(spills, emit_step(a, "linv"))
    a.b("al", "sbox")
    a.label("dec_sbox_done")
    a.imm("cmp", 0, Q, MODES["sub"])
    a.b("eq", "out")
    spills = max(spills, emit_step(a, "linv"))
    spills = max(spills, emit_step(a, "ark_dec"))
    a.ldr(P, 13, F_CNT)
    a.subs1(P, P)
    a.str_(P, 13, F_CNT)
    a.b("eq", "out")
    spills = max(spills, emit_step(a, "imc"))
    a.b("al", "dec_round")

    a.label("out")
    spills = max(spills, emit_step(a, "unpack"))
    a.ldr(Q, 13, F_MODE)
    a.ldr(P, 13, F_N2)
    a.ldr(R, 13, F_DST)
    a.imm("cmp", 0, Q, MODES["ctr"])
    a.b("ne", "out_cbc")
    # CTR: dst = src ^ key stream (each source word read before its destination is written).
    a.ldr(T, 13, F_SRC)
    for k in (0, 1):
        if k:
            a.imm("cmp", 0, P, 2)
            a.b("ne", "next")
        for c in range(4):
            a.ldr(S[4], T, 16 * k + 4 * c)
            a.dp("eor", 2 * c + k, 2 * c + k, S[4], "lsl", 0)
            a.str_(2 * c + k, R, 16 * k + 4 * c)
    a.b("al", "next")
    a.label("out_cbc")
    a.imm("cmp", 0, Q, MODES["cbc_dec"])
    a.b("ne", "out_enc")
    # CBC decryption: P0 = D(C0) ^ iv, P1 = D(C1) ^ C0, iv := the last C; every read of src
    # and iv before the first write of dst (in place works).
    a.ldr(T, 13, F_SRC)
    a.ldr(S[4], 13, F_IV)
    for c in range(4):
        a.ldr(S[5], S[4], 4 * c)
        a.dp("eor", 2 * c, 2 * c, S[5], "lsl", 0)
        a.ldr(S[5], T, 4 * c)
        a.dp("eor", 2 * c + 1, 2 * c + 1, S[5], "lsl", 0)
    a.imm("cmp", 0, P, 2)
    a.b("ne", "cbc_iv")
    a.addw(T, T, 16)
    a.label("cbc_iv")
    for c in range(4):
        a.ldr(S[5], T, 4 * c)
        a.str_(S[5], S[4], 4 * c)
    a.label("out_enc")
    # ECB, CBC encryption, SUB: block 0 out (and to the iv for CBC), block 1 if n2 is 2.
    for c in range(4):
        a.str_(2 * c, R, 4 * c)
    a.imm("cmp", 0, Q, MODES["cbc_enc"])
    a.b("ne", "out_b1")
    a.ldr(T, 13, F_IV)
    for c in range(4):
        a.str_(2 * c, T, 4 * c)
    a.label("out_b1")
    a.imm("cmp", 0, P, 2)
    a.b("ne", "next")
    for c in range(4):
        a.str_(2 * c + 1, R, 16 + 4 * c)

    a.label("next")
    a.ldr(P, 13, F_N2)
    for off in (F_SRC, F_DST):
        a.ldr(Q, 13, off)
        a.add_lsl(Q, Q, P, 4)
        a.str_(Q, 13, off)
    a.ldr(Q, 13, F_LEFT)
    a.dp("sub", Q, Q, P, "lsl", 0, s=1)
    a.str_(Q, 13, F_LEFT)
    a.b("ne", "pair")
    a.label("done")
    a.addw(13, 13, FRAME)
    a.pop((0, 1, 2, 3, 8, 9, 10, 11))
    a.movs_imm(0, 0)
    if spills > NSPILL:
        raise ValueError("spills")
    return a


HEADER = '''# GENERATED by python -m tools.thumb.gen_aes_ct: edit the generator, not this file.
"""AES (FIPS 197) in constant time: bitsliced Thumb-2 assembly for Cortex-M3, M4, M7, M33, M55, M85.

Constant time: no table, no load or store at an address that depends on the key or the
data, no branch on them. Two blocks at a time are held bitsliced in eight 32-bit words and
SubBytes is the Boyar-Peralta Boolean circuit (see the generator's docstring), so the
instructions executed and the addresses touched depend only on the key size, the mode, the
block count and (CTR) the counter's carries, which are public. The key schedule runs the same
kernel (its SubWord on bitsliced words) and keeps the key in bytes, never in Python integers.
host_tests/test_thumb_aes_ct.py checks, on an emulated Cortex-M4, that the instruction count
and the sequence of memory addresses are the same for different keys and data.

Cost: more instructions per byte than the T-table backend (``aes_thumb``); it is the
default where a data cache makes table lookups key-dependent in time (Cortex-M7, M55, M85:
feature ``dcache`` of ``mpcrypto._cpu``), and can be chosen elsewhere with
``mpcrypto._backend.force("aes", "thumb_ct")``. CBC encryption is serial, so it runs one
block per pass of the two-block core (twice the cost per byte).

Kernel ``_aes(ctx, src, dst, iv)`` (``asm_thumb``): the mode is ctx[121] (0 ECB encrypt,
1 CBC encrypt, 2 CTR, 3 ECB decrypt, 4 CBC decrypt, 5 S-box only, 6 bitslice only), the
block count ctx[122]; CTR increments the counter (big-endian) over its last 4 bytes, or all
16 when ctx[123] is 1. Many blocks per call; src and dst may be the same buffer or any byte
addresses. Context (array('I'), ``_Ctx``): [0, 120) the bitsliced round keys, 8 words each
({63} XORed into keys 1..Nr), [120] Nr, [121] mode, [122] block count, [123] counter width.
"""

import array
import micropython
from mpcrypto._cpu import thumb2 as probe  # noqa: F401 (what the seam's chain requires)

'''

FOOTER = '''

_RCON = b"\\x01\\x02\\x04\\x08\\x10\\x20\\x40\\x80\\x1b\\x36"


class _Ctx:
    def __init__(self, key):
        k = array.array("I", bytes(4 * 124))
        self._k = k
        nk = len(key) >> 2
        nr = nk + 6
        n = 4 * (nr + 1)  # words of the expanded key (FIPS 197 §5.2)
        w = bytearray(4 * n)
        w[: 4 * nk] = key
        mw = memoryview(w)  # slices of it copy no key bytes onto the heap
        t = bytearray(32)  # SubWord through the kernel (mode 5): bytes 0..3 of its two blocks
        k[122] = 2
        for i in range(nk, n):
            o = 4 * i
            c = 0x63  # the kernel's S-box leaves out the constant {63}
            if i % nk == 0:
                t[0] = w[o - 3]
                t[1] = w[o - 2]
                t[2] = w[o - 1]
                t[3] = w[o - 4]
                k[121] = 5
                _aes(k, t, t, t)
                t[0] ^= _RCON[i // nk - 1]
            elif nk > 6 and i % nk == 4:
                t[0:4] = mw[o - 4 : o]
                k[121] = 5
                _aes(k, t, t, t)
            else:
                t[0:4] = mw[o - 4 : o]
                c = 0
            for j in range(4):
                w[o + j] = w[o - 4 * nk + j] ^ t[j] ^ c
        # Round keys 1..Nr take the S-box's constant {63}; each key twice (both lanes).
        d = bytearray(32 * (nr + 1))
        md = memoryview(d)
        for r in range(nr + 1):
            o = 32 * r
            d[o : o + 16] = mw[16 * r : 16 * r + 16]
            if r:
                for j in range(o, o + 16):
                    d[j] ^= 0x63
            d[o + 16 : o + 32] = md[o : o + 16]
        k[121] = 6
        k[122] = 2 * (nr + 1)
        _aes(k, d, k, k)
        d[:] = bytes(len(d))  # the key schedule's bytes are not left on the heap
        w[:] = bytes(len(w))
        t[:] = bytes(32)
        k[120] = nr

    def _run(self, mode, src, dst, n, iv):
        k = self._k
        k[121] = mode
        k[122] = n
        _aes(k, src, dst, iv)

    def ecb_encrypt(self, src, dst, n):
        self._run(0, src, dst, n, src)

    def ecb_decrypt(self, src, dst, n):
        self._run(3, src, dst, n, src)

    def cbc_encrypt(self, src, dst, n, iv):
        self._run(1, src, dst, n, iv)

    def cbc_decrypt(self, src, dst, n, iv):
        self._run(4, src, dst, n, iv)

    def ctr_xor(self, src, dst, n, ctr, width):
        self._k[123] = 1 if width == 16 else 0
        self._run(2, src, dst, n, ctr)


def new(key):
    """A constant-time AES context for a 16/24/32-byte key (validated by the caller)."""
    return _Ctx(key)
'''


def generate():
    selfcheck()
    parts = [HEADER]
    parts.append("\n@micropython.asm_thumb\ndef _aes(r0, r1, r2, r3):\n")
    parts.append("    # the modes of the module docstring; bitsliced AES on two blocks per pass\n")
    parts += data_lines(kernel())
    parts.append(FOOTER)
    return "".join(parts)


def main(argv=None):
    return write_or_check(OUT, generate, "tools.thumb.gen_aes_ct", argv)


if __name__ == "__main__":
    sys.exit(main())
