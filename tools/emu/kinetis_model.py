"""Register-level models of the Kinetis K64/K66 crypto blocks, for the emulated core
(``tools/emu/thumb_emu.py`` ``Core.map_peripheral``): the mmCAU, the RNGA, and the SIM
registers a driver reads or writes (SDID, the clock gates SCGC3 and SCGC6).

Written from the command and register descriptions of the K64/K66 reference manuals' CAU and
RNGA chapters as collected in ``../shared/research-mmcau.md`` (facts, not code: the command
semantics below are restated from them). What each model does NOT do is as important:

- No timing. A real mmCAU command takes cycles and stalls the core while it runs; here every
  access completes at once. The model counts commands and register-port accesses instead
  (``CAU.counts``), which is what ``tools/emu/thumb_counts.py`` reports beside instructions.
- Only the commands our driver and the model's own checks use are implemented; DESR and
  DESK raise ``Unmodelled``, as does any access to a register-port slot that has no
  command (a driver that relies on something unmodelled fails here, not silently).
- The RNGA's output comes from a Python source (``os.urandom`` by default, or a stuck-at
  source for the health tests); its ring oscillators, and so its entropy, are not modelled.

mmCAU (K64 reference manual, chapter "Memory-Mapped Cryptographic Acceleration Unit"):

- Direct-command port 0xE0081000 (16 words, 0x000-0x03C, all equivalent): a write carries
  up to three 9-bit commands, each with a valid bit: command 1 in bits 30:22 (valid: bit 31),
  command 2 in bits 19:11 (valid: bit 20), command 3 in bits 8:0 (valid: bit 9), executed in
  that order. A command is an opcode (bits 8:4) and a register number (bits 3:0).
- Register port 0xE0081800: an access at 0x800 + 4 * (opcode + register) runs a register
  command whose operand is the written word (LDR, ADR, RADR, XOR, ROTL, AESC, AESIC), or
  reads a register (STR).
- Registers: CASR 0 (status: IC bit 0 illegal command, DPE bit 1 DES parity error, VER bits
  31:28, 2 on the K64/K66 mmCAU, the version with SHA-256), CAA 1 (the accumulator), CA0-CA8
  2-10. Data are big-endian words: byte 0 of an AES column is bits 31:24.
"""

import os

MASK = 0xFFFFFFFF

# Opcodes (bits 8:4 of a command) and registers (bits 3:0).
CNOP, LDR, STR, ADR, RADR, ADRA, XOR, ROTL = 0x000, 0x010, 0x020, 0x030, 0x040, 0x050, 0x060, 0x070
MVRA, MVAR, AESS, AESIS, AESC, AESIC, AESR, AESIR = 0x080, 0x090, 0x0A0, 0x0B0, 0x0C0, 0x0D0, 0x0E0, 0x0F0
DESR, DESK, HASH, SHS, MDS, SHS2, ILL = 0x100, 0x110, 0x120, 0x130, 0x140, 0x150, 0x1F0
CASR, CAA = 0, 1
CA = [2 + i for i in range(9)]  # CA0..CA8
# HASH function selectors (the register field of a HASH command).
HFF, HFG, HFH, HFI, HFC, HFM = 0, 1, 2, 3, 4, 5
HFP = HFH  # SHA-1 parity is MD5's H
HF2C, HF2M, HF2S, HF2T, HF2U, HF2V = 6, 7, 8, 9, 10, 11

NAMES = {CNOP: "CNOP", LDR: "LDR", STR: "STR", ADR: "ADR", RADR: "RADR", ADRA: "ADRA", XOR: "XOR",
         ROTL: "ROTL", MVRA: "MVRA", MVAR: "MVAR", AESS: "AESS", AESIS: "AESIS", AESC: "AESC",
         AESIC: "AESIC", AESR: "AESR", AESIR: "AESIR", DESR: "DESR", DESK: "DESK", HASH: "HASH",
         SHS: "SHS", MDS: "MDS", SHS2: "SHS2", ILL: "ILL"}

CAU_BASE = 0xE0081000
CAU_REG_PORT = 0x800
CASR_VERSION = 2  # CASR[VER] of the mmCAU with SHA-256 (K64, K66)
# Register commands: those the register port carries (an operand, or STR's read).
REGISTER_COMMANDS = (LDR, STR, ADR, RADR, XOR, ROTL, AESC, AESIC)


def cmd1(c):
    """A direct-command word carrying one command."""
    return 0x80000000 | c << 22


def cmd2(c1, c2):
    return 0x80100000 | c1 << 22 | c2 << 11


def cmd3(c1, c2, c3):
    return 0x80100200 | c1 << 22 | c2 << 11 | c3


def reg_port(op, reg):
    """Offset, from the CAU base 0xE0081000, of the register-port slot of ``op`` on ``reg``."""
    return CAU_REG_PORT + 4 * (op + reg)


class Unmodelled(Exception):
    """Overridden by ``bind_errors`` with thumb_emu's Unmodelled (kept importable alone)."""


def bind_errors(unmodelled):
    """Make the models raise ``unmodelled`` (thumb_emu.Unmodelled) for what they do not model."""
    global Unmodelled
    Unmodelled = unmodelled


# -- AES pieces (FIPS 197), computed here rather than copied ---------------------------------------


def _xtime(b):
    b <<= 1
    return (b ^ 0x11B) if b & 0x100 else b


def _gmul(a, b):
    r = 0
    while b:
        if b & 1:
            r ^= a
        a = _xtime(a)
        b >>= 1
    return r


def _sbox():
    # FIPS 197 §5.1.1: the multiplicative inverse in GF(2^8), then the affine map.
    inv = [0] * 256
    for x in range(1, 256):
        for y in range(1, 256):
            if _gmul(x, y) == 1:
                inv[x] = y
                break
    box = []
    for x in range(256):
        b = inv[x]
        s = b
        for i in range(1, 5):
            s ^= ((b << i) | (b >> (8 - i))) & 0xFF
        box.append(s ^ 0x63)
    return box


SBOX = _sbox()
INV_SBOX = [0] * 256
for _i, _v in enumerate(SBOX):
    INV_SBOX[_v] = _i


def _bytes_of(w):
    return [(w >> 24) & 0xFF, (w >> 16) & 0xFF, (w >> 8) & 0xFF, w & 0xFF]


def _word(b):
    return (b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]


def sub_word(w, box=SBOX):
    return _word([box[b] for b in _bytes_of(w)])


def mix_column(w, inverse=False):
    # FIPS 197 §5.1.3 / §5.3.3 on one column, row 0 in bits 31:24.
    a = _bytes_of(w)
    m = (14, 11, 13, 9) if inverse else (2, 3, 1, 1)
    return _word([_gmul(a[0], m[(0 - r) % 4]) ^ _gmul(a[1], m[(1 - r) % 4]) ^ _gmul(a[2], m[(2 - r) % 4])
                  ^ _gmul(a[3], m[(3 - r) % 4]) for r in range(4)])


def shift_rows(cols, inverse=False):
    # FIPS 197 §5.1.2 / §5.3.1: row r of column c comes from column c + r (c - r to invert).
    bs = [_bytes_of(w) for w in cols]
    s = -1 if inverse else 1
    return [_word([bs[(c + s * r) % 4][r] for r in range(4)]) for c in range(4)]


def _rotr(x, n):
    return ((x >> n) | (x << (32 - n))) & MASK


def _rotl(x, n):
    n &= 31
    return ((x << n) | (x >> (32 - n))) & MASK if n else x


# -- the mmCAU -----------------------------------------------------------------------------------


class CAU:
    """The mmCAU's registers and commands. ``counts`` maps a command name to how many ran
    (direct commands and register-port commands alike), plus "words" for direct-command
    words written and "port" for register-port accesses."""

    def __init__(self, version=CASR_VERSION):
        self.r = [0] * 11
        self.r[CASR] = version << 28
        self.counts = {}
        self.log = None  # a list, to record every command as (name, register)

    def reset_counts(self):
        self.counts = {}

    def _count(self, key):
        self.counts[key] = self.counts.get(key, 0) + 1

    # the memory-mapped interface (offsets from 0xE0081000)

    def read(self, offset, size):
        if size != 4 or offset < CAU_REG_PORT:
            raise Unmodelled("CAU read at +%#x (%d bytes)" % (offset, size))
        op, reg = self._decode_port(offset)
        if op != STR:
            raise Unmodelled("CAU register-port read of %s" % NAMES.get(op, hex(op)))
        self._count("port")
        return self.command(STR | reg)

    def write(self, offset, size, value):
        if size != 4:
            raise Unmodelled("CAU write of %d bytes at +%#x" % (size, offset))
        if offset < 0x40:  # direct-command port
            self._count("words")
            self.direct(value)
        elif offset >= CAU_REG_PORT:
            op, reg = self._decode_port(offset)
            if op == STR or op not in REGISTER_COMMANDS:
                raise Unmodelled("CAU register-port write for %s" % NAMES.get(op, hex(op)))
            self._count("port")
            self.command(op | reg, value)
        else:
            raise Unmodelled("CAU write at +%#x" % offset)

    @staticmethod
    def _decode_port(offset):
        c = (offset - CAU_REG_PORT) >> 2
        return c & 0x1F0, c & 0xF

    def direct(self, word):
        """A direct-command word: up to three commands, in order."""
        if not word >> 31:
            raise Unmodelled("direct-command word %#010x without a first command" % word)
        self.command((word >> 22) & 0x1FF)
        if word >> 20 & 1:
            self.command((word >> 11) & 0x1FF)
            if word >> 9 & 1:
                self.command(word & 0x1FF)

    def command(self, c, operand=None):
        """Run one command (opcode | register); ``operand`` for the register commands.
        Returns the register's value for STR."""
        op, x = c & 0x1F0, c & 0xF
        r = self.r
        name = NAMES.get(op, "ILL")
        self._count(name)
        if self.log is not None:
            self.log.append((name, x))
        if x > 10 and op not in (HASH, CNOP, AESR, AESIR, SHS, MDS, SHS2, ILL):
            raise Unmodelled("%s on register %d" % (name, x))
        if op in REGISTER_COMMANDS and op != STR and operand is None:
            raise Unmodelled("%s needs an operand (register port)" % name)
        if op == CNOP:
            pass
        elif op == LDR:
            r[x] = operand
        elif op == STR:
            return r[x]
        elif op == ADR:
            r[x] = (r[x] + operand) & MASK
        elif op == RADR:
            r[x] = (r[x] + int.from_bytes(operand.to_bytes(4, "little"), "big")) & MASK
        elif op == ADRA:
            r[CAA] = (r[CAA] + r[x]) & MASK
        elif op == XOR:
            r[x] ^= operand
        elif op == ROTL:
            r[x] = _rotl(r[x], operand)
        elif op == MVRA:
            r[CAA] = r[x]
        elif op == MVAR:
            r[x] = r[CAA]
        elif op == AESS:
            r[x] = sub_word(r[x])
        elif op == AESIS:
            r[x] = sub_word(r[x], INV_SBOX)
        elif op == AESC:
            r[x] = mix_column(r[x]) ^ operand
        elif op == AESIC:
            r[x] = mix_column(r[x] ^ operand, inverse=True)
        elif op in (AESR, AESIR):
            r[CA[0]:CA[4]] = shift_rows(r[CA[0]:CA[4]], inverse=op == AESIR)
        elif op == HASH:
            r[CAA] = (r[CAA] + self._hash_function(x)) & MASK
        elif op == SHS:
            # SHA-1 shift: CAA <<< 5 -> CAA, CAA -> CA0, CA0 -> CA1, CA1 <<< 30 -> CA2,
            # CA2 -> CA3, CA3 -> CA4 (all at once).
            a, c0, c1, c2, c3 = r[CAA], r[CA[0]], r[CA[1]], r[CA[2]], r[CA[3]]
            r[CAA], r[CA[0]], r[CA[1]], r[CA[2]], r[CA[3]], r[CA[4]] = _rotl(a, 5), a, c0, _rotl(c1, 30), c2, c3
        elif op == MDS:
            # MD5 shift: CA3 -> CAA, CAA -> CA1, CA1 -> CA2, CA2 -> CA3.
            a, c1, c2, c3 = r[CAA], r[CA[1]], r[CA[2]], r[CA[3]]
            r[CAA], r[CA[1]], r[CA[2]], r[CA[3]] = c3, a, c1, c2
        elif op == SHS2:
            # SHA-256 shift: CA0..CA6 -> CA1..CA7, CA3 + CA8 -> CA4, CAA -> CA0.
            c = r[CA[0]:CA[8]]
            r[CA[1]:CA[8]] = c[:7]
            r[CA[4]] = (c[3] + r[CA[8]]) & MASK
            r[CA[0]] = r[CAA]
        elif op in (DESR, DESK):
            raise Unmodelled("%s is not modelled" % name)
        else:  # ILL and the opcodes that have no command
            r[CASR] |= 1  # IC: illegal command
        return None

    def _hash_function(self, hf):
        r = self.r
        c = r[CA[0]:CA[8] + 1]
        b, cc, d = c[1], c[2], c[3]  # CA1, CA2, CA3: MD5 and SHA-1 operands
        if hf == HFF:
            return (b & cc) | (~b & d & MASK)
        if hf == HFG:
            return (b & d) | (cc & ~d & MASK)
        if hf == HFH:
            return b ^ cc ^ d
        if hf == HFI:
            return cc ^ (b | (~d & MASK))
        if hf == HFC:
            return (b & cc) ^ (~b & d & MASK)
        if hf == HFM:
            return (b & cc) ^ (b & d) ^ (cc & d)
        if hf == HF2C:  # Ch(e, f, g) on CA4, CA5, CA6
            return (c[4] & c[5]) ^ (~c[4] & c[6] & MASK)
        if hf == HF2M:  # Maj(a, b, c) on CA0, CA1, CA2
            return (c[0] & c[1]) ^ (c[0] & c[2]) ^ (c[1] & c[2])
        if hf == HF2S:  # Σ0(CA0)
            return _rotr(c[0], 2) ^ _rotr(c[0], 13) ^ _rotr(c[0], 22)
        if hf == HF2T:  # Σ1(CA4)
            return _rotr(c[4], 6) ^ _rotr(c[4], 11) ^ _rotr(c[4], 25)
        if hf == HF2U:  # σ0(CA8)
            return _rotr(c[8], 7) ^ _rotr(c[8], 18) ^ (c[8] >> 3)
        if hf == HF2V:  # σ1(CA8)
            return _rotr(c[8], 17) ^ _rotr(c[8], 19) ^ (c[8] >> 10)
        raise Unmodelled("HASH function %d" % hf)


# -- the RNGA and the SIM -------------------------------------------------------------------------

RNGA_K64 = 0x40029000  # K64 reference manual memory map; NXP's MK64F12.h RNG_BASE
RNGA_K66 = 0x400A0000  # K66 reference manual (K66P144M180SF5RMV2); NXP's MK66F18.h RNG_BASE
SIM_PAGE = 0x40048000  # SIM_SDID at 0x40048024, SCGC3 0x40048030, SCGC6 0x4004803C (SIM at 0x40047000)
SDID_OFFSET, SCGC3_OFFSET, SCGC6_OFFSET = 0x024, 0x030, 0x03C
# The RNGA's clock gate per part, as NXP's clock drivers gate it (hal_nxp mcux-sdk
# devices/<part>/drivers/fsl_clock.h, kCLOCK_Rnga0 = CLK_GATE_DEFINE(offset from SIM_BASE
# 0x40047000, bit)): MK64F12 (0x103C, 9), SIM_SCGC6 bit 9; MK66F18 (0x1030, 0), SIM_SCGC3 bit 0.
# (Both parts' device headers name an RNGA field in SCGC3 and in SCGC6; the clock driver is what
# says which one gates the RNGA at the part's RNG_BASE.)
GATE_K64 = (SCGC6_OFFSET, 9)
GATE_K66 = (SCGC3_OFFSET, 0)
SCGC6_RNGA = 1 << 9  # the K64's gate
SCGC3_RNGA = 1 << 0  # the K66's gate
# SIM_SDID values: FAMILYID 31:28 (6: K6x), SUBFAMID 27:24 (4: K64, 6: K66), SERIESID 23:20
# (0: K series), then SRAMSIZE, REVID, DIEID and PINID (the low bits here are examples).
SDID_K64 = 0x64000000 | 0x000C0000 | 0x1000 | 0x0380 | 0x2
SDID_K66 = 0x66000000 | 0x000D0000 | 0x1000 | 0x0380 | 0x2

CR_GO, CR_HA, CR_INTM, CR_CLRI, CR_SLP = 0x1, 0x2, 0x4, 0x8, 0x10
SR_SECV, SR_LRS, SR_ORU, SR_ERRI, SR_SLP = 0x1, 0x2, 0x4, 0x8, 0x10


class SIM:
    """The page of the SIM with SDID (read-only, the part's identity) and the clock gates
    SCGC3 and SCGC6 (read/write). Anything else on the page is unmodelled. The default values
    (SCGC6 0x40000001, SCGC3 0) have the RNGA's gate closed on either part: nothing else has
    enabled it."""

    def __init__(self, sdid=SDID_K64, scgc6=0x40000001, scgc3=0):
        self.sdid = sdid
        self.scgc6 = scgc6
        self.scgc3 = scgc3

    def read(self, offset, size):
        if size == 4 and offset == SDID_OFFSET:
            return self.sdid
        if size == 4 and offset == SCGC6_OFFSET:
            return self.scgc6
        if size == 4 and offset == SCGC3_OFFSET:
            return self.scgc3
        raise Unmodelled("SIM read at +%#x" % offset)

    def write(self, offset, size, value):
        if size == 4 and offset == SCGC6_OFFSET:
            self.scgc6 = value
            return
        if size == 4 and offset == SCGC3_OFFSET:
            self.scgc3 = value
            return
        raise Unmodelled("SIM write of %#x at +%#x" % (value, offset))

    def gate(self, offset):
        return self.scgc3 if offset == SCGC3_OFFSET else self.scgc6


class RNGA:
    """The RNGA's four registers (CR 0x0, SR 0x4, ER 0x8, OR 0xC). A new word is ready
    ``latency`` status reads after GO is set or after OR is read, while the block is in normal
    mode; reading OR when no word is ready returns 0 and sets SR's ERRI, ORU and LRS, as the
    manual says. ``source(n)`` gives the random bytes (``os.urandom`` by default).

    Clock gate: ``gate`` = (SIM register offset, bit), the part's (``GATE_K64``,
    ``GATE_K66``); with that bit clear, any access raises ``Unmodelled`` (a bus fault on the
    part).

    Sleep: CR[SLP] set (or ``doze`` True, the DOZE signal, which the driver cannot clear)
    puts the block in sleep mode: SR[SLP] reads 1 and no new word is generated, the
    conservative reading (NXP's RNGA driver, mcux-sdk-ng drivers/rnga/fsl_rnga.c, reads OR
    only in normal mode, and Zephyr's driver wakes the block before each draw). A word
    already in OR stays there.

    Other readers: ``steal_every = n`` models another bus master taking the word right after
    every n-th status read that shows one (the driver's own OR read then finds it empty);
    ``zephyr_init`` and ``zephyr_draw`` make the register accesses Zephyr's entropy driver
    makes (``drivers/entropy/entropy_mcux_rnga.c``: at init the block is reset, started,
    seeded through ER and put to sleep; each output byte wakes it, folds 8 words read back to
    back and puts it back to sleep)."""

    def __init__(self, sim, source=os.urandom, latency=2, gate=GATE_K64):
        self.sim = sim
        self.source = source
        self.latency = latency
        self.gate = gate
        self.cr = 0
        self.sr = 0
        self.doze = False
        self.wait = None  # status reads until the next word is ready (None: not generating)
        self.ready = None  # the word in OR, or None
        self.words = 0  # words read out of OR (by anyone)
        self.entropy = []
        self.steal_every = 0  # > 0: every n-th ready word is taken by another reader
        self._ready_seen = 0
        self.stolen = 0
        self.zephyr_words = 0  # words zephyr_draw read

    def _clocked(self):
        off, bit = self.gate
        if not self.sim.gate(off) >> bit & 1:
            raise Unmodelled("RNGA accessed with its clock gate (SIM_%s bit %d) off: a bus fault"
                             % ("SCGC3" if off == SCGC3_OFFSET else "SCGC6", bit))

    def asleep(self):
        return bool(self.cr & CR_SLP) or self.doze

    def _generate(self):
        self.ready = int.from_bytes(self.source(4), "big")

    def read(self, offset, size):
        self._clocked()
        if size != 4:
            raise Unmodelled("RNGA read of %d bytes" % size)
        if offset == 0x0:
            return self.cr
        if offset == 0x4:
            if self.ready is None and self.wait is not None and not self.asleep():
                self.wait -= 1
                if self.wait <= 0:
                    self.wait = None
                    self._generate()
            sr = (self.sr | (SR_SLP if self.asleep() else 0) | (0x100 if self.ready is not None else 0)
                  | (1 << 16))
            if self.ready is not None and self.steal_every:
                self._ready_seen += 1
                if self._ready_seen % self.steal_every == 0:
                    # another bus master reads OR right after this status read
                    self.ready = None
                    self.stolen += 1
                    if self.cr & CR_GO:
                        self.wait = self.latency
            return sr
        if offset == 0xC:
            w = self.ready
            if w is None:
                self.sr |= SR_ERRI | SR_ORU | SR_LRS
                return 0
            self.sr &= ~SR_LRS
            self.ready = None
            self.words += 1
            if self.cr & CR_GO:
                self.wait = self.latency
            return w
        raise Unmodelled("RNGA read at +%#x" % offset)

    def write(self, offset, size, value):
        self._clocked()
        if size != 4:
            raise Unmodelled("RNGA write of %d bytes" % size)
        if offset == 0x0:
            if value & CR_CLRI:
                self.sr &= ~SR_ERRI
            go = value & CR_GO and not self.cr & CR_GO
            self.cr = value & (CR_GO | CR_HA | CR_INTM | CR_SLP)
            if go and self.ready is None:
                self.wait = self.latency
        elif offset == 0x8:
            self.entropy.append(value)  # ER: entropy the software adds (accepted, unused here)
        else:
            raise Unmodelled("RNGA write at +%#x" % offset)

    # Zephyr's entropy driver, as register accesses (its behaviour restated, not its code).

    def _set_sleep(self, on):
        self.write(0x0, 4, (self.read(0x0, 4) & ~CR_SLP) | (CR_SLP if on else 0))

    def zephyr_init(self, seed=0x12345678):
        """What Zephyr's init does before the application runs: the part's clock gate on,
        CR = 0 then GO, a seed written to ER, then sleep mode."""
        off, bit = self.gate
        self.sim.write(off, 4, self.sim.gate(off) | 1 << bit)
        self.write(0x0, 4, 0)
        self.write(0x0, 4, CR_GO)
        self.write(0x8, 4, seed)
        self._set_sleep(True)

    def zephyr_draw(self, nbytes=1, polls=1000):
        """``nbytes`` of Zephyr's entropy driver: per byte, normal mode, 8 words (each after
        SR[OREG_LVL] shows one) XORed into the byte (their low 8 bits), then sleep mode."""
        out = bytearray()
        for _ in range(nbytes):
            self._set_sleep(False)
            b = 0
            for _ in range(8):
                for _ in range(polls):
                    if self.read(0x4, 4) & 0xFF00:
                        break
                else:
                    raise Unmodelled("Zephyr's driver would spin: the RNGA gives no word")
                b ^= self.read(0xC, 4) & 0xFF
                self.zephyr_words += 1
            self._set_sleep(True)
            out.append(b)
        return bytes(out)


def stuck_at(word):
    """A source whose every word is ``word`` (a failed noise source)."""
    data = word.to_bytes(4, "big")
    return lambda n: data * (n // 4)
