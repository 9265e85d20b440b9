"""The Thumb-2 encoder of every generated asm_thumb kernel: instructions become halfwords that
the generators emit as ``data(2, ...)`` lines with the instruction's text beside them.

    a = Asm()                      # or Asm(ual=True): the listing style of the SHA-2 modules
    a.push([8, 9, 10, 11])
    a.label("loop")
    a.dp("eor", 1, 1, 2, "ror", 8)   # eor r1, r1, r2, ror #8
    a.subs1(3, 3)
    a.b("ne", "loop")
    for hws, text in a.assemble(): ...   # branches resolved; ("#", comment) for a.note()

Why encoded here: MicroPython's inline assembler has no mnemonic for most Thumb-2 forms the
kernels need (shifted-register operands, r8-r12 in most instructions, LDRD/STRD, LDM/STM,
UMULL/UMLAL, RBIT, REV.W, modified immediates), so every instruction is written as its
halfwords, first one first. The encodings follow the ARMv7-M Architecture Reference Manual
(DDI 0403E) section A7.7; the host tests disassemble them with binutils where it is
installed and run them on emulated Cortex-M cores.

Branches go to labels and are resolved by ``assemble``: every one is B<c>.W (T3) or B.W (T4),
4 bytes, so each address is known before any offset is. ``bcc_w`` instead branches to a byte
offset already known (``pos``), for code that counts its own positions.

The text is what the generated modules print beside each instruction, so its style is part
of their contents: by default the short form (``ldr r1, [r13, #4]``, registers as rN), with
``ual`` the full UAL (``ldr.w r1, [sp, #4]``: ``.w`` on the 32-bit encodings, sp and lr by
name, ``ldmia`` / ``stmia``), as the SHA-2 kernels have it. A few instructions exist under two
names that differ only in how they print an immediate (``subi`` / ``sub_imm``,
``cmpi`` / ``cmp_imm0``): the modules written with each keep their text.
"""

SP, LR = 13, 14
COND = {"eq": 0, "ne": 1, "cs": 2, "cc": 3, "mi": 4, "pl": 5}
SHIFT = {"lsl": 0, "lsr": 1, "asr": 2, "ror": 3}
# Data processing (shifted register, A6.3.11; modified immediate, A6.3.1): the op field.
DP = {"and": 0b0000, "bic": 0b0001, "orr": 0b0010, "mvn": 0b0011, "orn": 0b0011, "eor": 0b0100, "add": 0b1000,
      "adc": 0b1010, "sbc": 0b1011, "sub": 0b1101, "rsb": 0b1110}
M32 = 0xFFFFFFFF


def reg_name(r):
    """A register in UAL: sp and lr by name, else rN."""
    return {SP: "sp", LR: "lr"}.get(r, "r%d" % r)


def modified_imm(v):
    """The 12-bit i:imm3:imm8 of a Thumb-2 modified immediate (ARMv7-M ARM A5.3.2)."""
    b = v & 0xFF
    if v == b:
        return b
    if v == b * 0x00010001:
        return 0x100 | b
    if v == (v >> 8 & 0xFF) * 0x01000100:
        return 0x200 | (v >> 8 & 0xFF)
    if v == b * 0x01010101:
        return 0x300 | b
    for rot in range(8, 32):
        x = ((v << rot) | (v >> (32 - rot))) & M32
        if x < 256 and x & 0x80:
            return rot << 7 | (x & 0x7F)
    raise ValueError("not a modified immediate: %#x" % v)


class Asm:
    """A list of instructions (halfword tuples and their text), notes, labels and branches;
    ``pos`` is the byte offset of the next instruction, ``count`` the instructions so far."""

    def __init__(self, ual=False):
        self.items = []  # ("insn", (hw...), text) | ("label", name) | ("b", cond, name) | ("note", text)
        self.ual = ual
        self.pos = 0
        self.count = 0

    # -- the list ----------------------------------------------------------------------------

    def i(self, hws, text):
        self.items.append(("insn", tuple(hws), text))
        self.pos += 2 * len(hws)
        self.count += 1

    def word(self, v, text):
        """A 32-bit constant in the code (two halfwords, low first), not an instruction: the
        code must branch around it. Listed as ``.word``."""
        self.items.append(("insn", (v & 0xFFFF, v >> 16), ".word 0x%08x  %s" % (v, text)))
        self.pos += 4

    def mov_pc(self, d):
        """MOV Rd, PC (T1): rd = the address of this instruction + 4, for code that finds
        its own constants wherever it was loaded."""
        self.i((0x4600 | (d >> 3) << 7 | 15 << 3 | (d & 7),), "mov %s, pc" % self.r(d))

    def note(self, text):
        """A comment line between instructions in the listing."""
        self.items.append(("note", text))

    def label(self, name):
        self.items.append(("label", name))

    def b(self, cond, name):
        """B<cond>.W (or B.W for ``"al"``) to the label ``name``, resolved by ``assemble``."""
        self.items.append(("b", cond, name))
        self.pos += 4
        self.count += 1

    def bl(self, name):
        """BL to the label ``name`` (a subroutine in the same function), resolved by
        ``assemble``."""
        self.b("bl", name)

    def r(self, n):
        return reg_name(n) if self.ual else "r%d" % n

    @property
    def w(self):
        # the .w qualifier UAL writes on a 32-bit encoding
        return ".w" if self.ual else ""

    def _regs(self, regs):
        return ", ".join(self.r(x) for x in regs)

    # -- data processing ---------------------------------------------------------------------

    def dp(self, op, d, n, m, shift=None, amount=0, s=False):
        """``op{s} rd, rn, rm{, shift #amount}`` (shifted register, T2/T3): op one of ``DP``,
        shift one of ``SHIFT`` (none when amount is 0)."""
        if not amount:
            shift = None
        t = SHIFT[shift] if shift is not None else 0
        hw1 = 0xEA00 | DP[op] << 5 | int(bool(s)) << 4 | n
        hw2 = (amount >> 2) << 12 | d << 8 | (amount & 3) << 6 | t << 4 | m
        text = "%s%s%s %s, %s, %s" % (op, "s" if s else "", self.w, self.r(d), self.r(n), self.r(m))
        if shift is not None:
            text += ", %s #%d" % (shift, amount)
        self.i((hw1, hw2), text)

    def eor(self, d, n, m, ror=0):
        self.dp("eor", d, n, m, "ror", ror)

    def eor_sh(self, d, n, m, shift, amount):
        # shift as a number: 0 LSL, 1 LSR
        self.dp("eor", d, n, m, ("lsl", "lsr")[shift], amount)

    def eor_lsl(self, d, n, m, k):
        self.dp("eor", d, n, m, "lsl", k)

    def eor_lsr(self, d, n, m, k):
        self.dp("eor", d, n, m, "lsr", k)

    def orr_lsl(self, d, n, m, lsl):
        self.dp("orr", d, n, m, "lsl", lsl)

    def add_lsl(self, d, n, m, lsl):
        self.dp("add", d, n, m, "lsl", lsl)

    def add(self, d, n, m):
        self.dp("add", d, n, m)

    def adds(self, d, n, m):
        self.dp("add", d, n, m, s=True)

    def bic(self, d, n, m):
        self.dp("bic", d, n, m)

    def mov(self, d, m):
        # MOV.W Rd, Rm (ORR with Rn = 15)
        self.dp("orr", d, 15, m)
        self.items[-1] = ("insn", self.items[-1][1], "mov%s %s, %s" % (self.w, self.r(d), self.r(m)))

    def mvn(self, d, m):
        # MVN.W Rd, Rm (ORN-space op 0011 with Rn = 15)
        self.dp("mvn", d, 15, m)
        self.items[-1] = ("insn", self.items[-1][1], "mvn%s %s, %s" % (self.w, self.r(d), self.r(m)))

    def sh(self, shift, d, m, amount):
        """``lsl/lsr/asr/ror rd, rm, #amount`` (MOV, shifted register, T2)."""
        if not 1 <= amount <= 31:
            raise ValueError("shift amount %d" % amount)
        hw2 = (amount >> 2) << 12 | d << 8 | (amount & 3) << 6 | SHIFT[shift] << 4 | m
        self.i((0xEA4F, hw2), "%s%s %s, %s, #%d" % (shift, self.w, self.r(d), self.r(m), amount))

    def lsl(self, d, m, n):
        self.sh("lsl", d, m, n)

    def lsr(self, d, m, n):
        self.sh("lsr", d, m, n)

    def ror(self, d, m, n):
        self.sh("ror", d, m, n)

    def mask26(self, d, m):
        # d = m & (2**26 - 1), by shifting the top six bits out and back
        self.lsl(d, m, 6)
        self.lsr(d, d, 6)

    def uxtb(self, d, m, rot):
        # UXTB.W Rd, Rm, ROR #rot (T2)
        self.i((0xFA5F, 0xF000 | d << 8 | 0x80 | (rot // 8) << 4 | m),
               "uxtb%s %s, %s, ror #%d" % (self.w, self.r(d), self.r(m), rot))

    def rev(self, d, m):
        # REV.W Rd, Rm (T2): byte reverse
        self.i((0xFA90 | m, 0xF080 | d << 8 | m), "rev%s %s, %s" % (self.w, self.r(d), self.r(m)))

    def rbit(self, d, m):
        # RBIT Rd, Rm (T1)
        self.i((0xFA90 | m, 0xF0A0 | d << 8 | m), "rbit %s, %s" % (self.r(d), self.r(m)))

    def umull(self, lo, hi, n, m):
        # UMULL RdLo, RdHi, Rn, Rm (T1)
        self.i((0xFBA0 | n, lo << 12 | hi << 8 | m), "umull %s" % self._regs((lo, hi, n, m)))

    def umlal(self, lo, hi, n, m):
        # UMLAL RdLo, RdHi, Rn, Rm (T1)
        self.i((0xFBE0 | n, lo << 12 | hi << 8 | m), "umlal %s" % self._regs((lo, hi, n, m)))

    def umaal(self, lo, hi, n, m):
        # UMAAL RdLo, RdHi, Rn, Rm (T1, DSP extension): hi:lo = n * m + lo + hi
        self.i((0xFBE0 | n, lo << 12 | hi << 8 | 0x60 | m), "umaal %s" % self._regs((lo, hi, n, m)))

    def mul(self, d, n, m):
        # MUL.W Rd, Rn, Rm (T2): the low word of n * m
        self.i((0xFB00 | n, 0xF000 | d << 8 | m), "mul%s %s, %s, %s" % (self.w, self.r(d), self.r(n), self.r(m)))

    def mls(self, d, n, m, a):
        # MLS Rd, Rn, Rm, Ra (T1): d = a - n * m (the low words)
        self.i((0xFB00 | n, a << 12 | d << 8 | 0x10 | m), "mls %s" % self._regs((d, n, m, a)))

    def teq(self, n, m):
        # TEQ.W Rn, Rm (T1): Z from n ^ m; C is left as it was (no shift), so a loop's test
        # can sit inside an ADCS/SBCS chain
        self.i((0xEA90 | n, 0x0F00 | m), "teq%s %s, %s" % (self.w, self.r(n), self.r(m)))

    def lsl_reg(self, d, n, m):
        # LSL.W Rd, Rn, Rm (T2): n shifted left by the low byte of m
        self.i((0xFA00 | n, 0xF000 | d << 8 | m), "lsl%s %s, %s, %s" % (self.w, self.r(d), self.r(n), self.r(m)))

    def lsr_reg(self, d, n, m):
        # LSR.W Rd, Rn, Rm (T2): n shifted right by the low byte of m
        self.i((0xFA20 | n, 0xF000 | d << 8 | m), "lsr%s %s, %s, %s" % (self.w, self.r(d), self.r(n), self.r(m)))

    def ror_reg(self, d, n, m):
        # ROR.W Rd, Rn, Rm (T2): n rotated right by the low byte of m, modulo 32
        self.i((0xFA60 | n, 0xF000 | d << 8 | m), "ror%s %s, %s, %s" % (self.w, self.r(d), self.r(n), self.r(m)))

    def sbfx(self, d, n, lsb, width):
        # SBFX Rd, Rn, #lsb, #width (T1): bits lsb .. lsb + width - 1 of n, sign-extended
        if not (0 <= lsb < 32 and 0 < width <= 32 - lsb):
            raise ValueError("sbfx #%d, #%d" % (lsb, width))
        self.i((0xF340 | n, (lsb >> 2) << 12 | d << 8 | (lsb & 3) << 6 | width - 1),
               "sbfx %s, %s, #%d, #%d" % (self.r(d), self.r(n), lsb, width))

    def uadd8(self, d, n, m):
        # UADD8 Rd, Rn, Rm (T1, DSP extension): bytewise n + m; APSR.GE bit i = the carry out
        # of byte i
        self.i((0xFA80 | n, 0xF040 | d << 8 | m), "uadd8 %s, %s, %s" % (self.r(d), self.r(n), self.r(m)))

    def sel(self, d, n, m):
        # SEL Rd, Rn, Rm (T1, DSP extension): byte i of n where APSR.GE bit i is 1, else of m
        self.i((0xFAA0 | n, 0xF080 | d << 8 | m), "sel %s, %s, %s" % (self.r(d), self.r(n), self.r(m)))

    # -- immediates --------------------------------------------------------------------------

    def _dpi(self, op, s, d, n, v):
        # Data processing with a modified immediate (T1 of AND/ADC/ADD/SUB/CMP ...)
        enc = modified_imm(v)
        hw1 = 0xF000 | (enc >> 11 & 1) << 10 | DP[op] << 5 | s << 4 | n
        return hw1, (enc >> 8 & 7) << 12 | d << 8 | (enc & 0xFF)

    def imm(self, name, d, n, v):
        """``and rd, rn, #v``, ``orr``, ``eor``, ``adcs rd, rn, #v``, ``sbc`` (no flags) or ``cmp rn,
        #v`` with v any modified immediate."""
        op, s = {"and": ("and", 0), "bic": ("bic", 0), "adcs": ("adc", 1), "sbcs": ("sbc", 1), "adds": ("add", 1),
                 "subs": ("sub", 1), "rsb": ("rsb", 0), "orr": ("orr", 0), "cmp": ("sub", 1),
                 "sbc": ("sbc", 0), "sub": ("sub", 0), "eor": ("eor", 0)}[name]
        if name == "cmp":
            d = 15
        text = "cmp %s, #%#x" % (self.r(n), v) if name == "cmp" else "%s %s, %s, #%#x" % (name, self.r(d), self.r(n), v)
        self.i(self._dpi(op, s, d, n, v), text)

    def and_rep(self, d, n, byte):
        # AND Rd, Rn, #0xXYXYXYXY (modified immediate i:imm3 = 0b0011)
        self.i(self._dpi("and", 0, d, n, byte * 0x01010101), "and %s, %s, #0x%08X" % (self.r(d), self.r(n), byte * 0x01010101))

    def add_imm(self, d, n, v):
        # ADD.W Rd, Rn, #imm8 (T3)
        if not 0 <= v < 256 or n == SP:
            raise ValueError("add_imm %d" % v)
        self.i(self._dpi("add", 0, d, n, v), "add%s %s, %s, #%d" % (self.w, self.r(d), self.r(n), v))

    def adds1(self, d, n):
        # ADDS.W Rd, Rn, #1 (T3)
        self.i(self._dpi("add", 1, d, n, 1), "adds %s, %s, #1" % (self.r(d), self.r(n)))

    def subs1(self, d, n):
        # SUBS.W Rd, Rn, #1 (T3)
        self.i(self._dpi("sub", 1, d, n, 1), "subs %s, %s, #1" % (self.r(d), self.r(n)))

    def sub_imm(self, d, n, v):
        # SUB.W Rd, Rn, #v (T3, v < 256), the immediate in decimal
        self.i(self._dpi("sub", 0, d, n, v), "sub %s, %s, #%d" % (self.r(d), self.r(n), v))

    def subi(self, d, n, v):
        # SUB.W Rd, Rn, #v (T3, v < 256), the immediate in hex
        self.i(self._dpi("sub", 0, d, n, v), "sub %s, %s, #0x%02x" % (self.r(d), self.r(n), v))

    def cmpi(self, n, v):
        # CMP.W Rn, #v (T2, v < 256), the immediate in hex
        self.i(self._dpi("sub", 1, 15, n, v), "cmp %s, #0x%02x" % (self.r(n), v))

    def tst_imm(self, n, v):
        # TST Rn, #v (T1, a modified immediate): Z from n & v
        self.i(self._dpi("and", 1, 15, n, v), "tst %s, #%#x" % (self.r(n), v))

    def cmp_imm0(self, n):
        # CMP.W Rn, #0 (T2)
        self.i(self._dpi("sub", 1, 15, n, 0), "cmp %s, #0" % self.r(n))

    def cmp(self, n, m):
        # CMP.W Rn, Rm (T3)
        self.i((0xEBB0 | n, 0x0F00 | m), "cmp%s %s, %s" % (self.w, self.r(n), self.r(m)))

    def adc0(self, d, n):
        # ADC.W Rd, Rn, #0 (T1)
        self.i(self._dpi("adc", 0, d, n, 0), "adc %s, %s, #0" % (self.r(d), self.r(n)))

    def movi(self, d, v):
        # MOV.W Rd, #imm8 (T2: ORR with Rn = 15)
        self.i(self._dpi("orr", 0, d, 15, v), "mov %s, #0x%02x" % (self.r(d), v))

    def addw(self, d, n, imm, sub=False):
        # ADDW / SUBW Rd, Rn, #imm12 (T4)
        if not 0 <= imm < 4096:
            raise ValueError("addw #%d" % imm)
        hw1 = (0xF2A0 if sub else 0xF200) | (imm >> 11) << 10 | n
        hw2 = ((imm >> 8) & 7) << 12 | d << 8 | (imm & 0xFF)
        self.i((hw1, hw2), "%s %s, %s, #%d" % ("subw" if sub else "addw", self.r(d), self.r(n), imm))

    def movw(self, d, v, top=False):
        # MOVW / MOVT Rd, #imm16 (T3 / T1)
        hw1 = (0xF2C0 if top else 0xF240) | (v >> 11 & 1) << 10 | (v >> 12)
        hw2 = (v >> 8 & 7) << 12 | d << 8 | (v & 0xFF)
        text = "#0x%04x" % v if self.ual else "#%#x" % v
        self.i((hw1, hw2), "%s %s, %s" % ("movt" if top else "movw", self.r(d), text))

    def const(self, d, v):
        """Any 32-bit constant into rd: MOVW, then MOVT when the top half is not 0 (no literal
        pool)."""
        self.movw(d, v & 0xFFFF)
        if v >> 16:
            self.movw(d, v >> 16, top=True)

    # 16-bit encodings (low registers)

    def movs_imm(self, d, v):
        # MOVS Rd, #imm8 (T1)
        if d > 7 or not 0 <= v < 256:
            raise ValueError("movs r%d, #%d" % (d, v))
        self.i((0x2000 | d << 8 | v,), "movs %s, #%d" % (self.r(d), v))

    def cmp_imm(self, n, v):
        # CMP Rn, #imm8 (T1)
        if n > 7 or not 0 <= v < 256:
            raise ValueError("cmp r%d, #%d" % (n, v))
        self.i((0x2800 | n << 8 | v,), "cmp %s, #%d" % (self.r(n), v))

    def subs_imm(self, d, v):
        # SUBS Rdn, #imm8 (T2, sets flags)
        if d > 7 or not 0 <= v < 256:
            raise ValueError("subs r%d, #%d" % (d, v))
        self.i((0x3800 | d << 8 | v,), "subs %s, #%d" % (self.r(d), v))

    def sub_sp(self, v):
        # SUB SP, SP, #imm7 << 2 (T1)
        if v % 4 or not 0 <= v < 512:
            raise ValueError("sub sp, #%d" % v)
        self.i((0xB080 | v >> 2,), "sub sp, #%d" % v)

    def add_sp(self, v):
        # ADD SP, SP, #imm7 << 2 (T2)
        if v % 4 or not 0 <= v < 512:
            raise ValueError("add sp, #%d" % v)
        self.i((0xB000 | v >> 2,), "add sp, #%d" % v)

    # -- loads and stores --------------------------------------------------------------------

    def ldr(self, t, n, imm, byte=False):
        # LDR.W / LDRB.W Rt, [Rn, #imm12] (T3 / T2)
        if not 0 <= imm < 4096:
            raise ValueError("ldr offset %d" % imm)
        hw1 = (0xF890 if byte else 0xF8D0) | n
        self.i((hw1, t << 12 | imm), "%s%s %s, [%s, #%d]" % ("ldrb" if byte else "ldr", self.w, self.r(t), self.r(n), imm))

    def str_(self, t, n, imm):
        # STR.W Rt, [Rn, #imm12] (T3)
        if not 0 <= imm < 4096:
            raise ValueError("str offset %d" % imm)
        self.i((0xF8C0 | n, t << 12 | imm), "str%s %s, [%s, #%d]" % (self.w, self.r(t), self.r(n), imm))

    def strb(self, t, n, imm):
        # STRB.W Rt, [Rn, #imm12] (T2)
        if not 0 <= imm < 4096:
            raise ValueError("strb offset %d" % imm)
        self.i((0xF880 | n, t << 12 | imm), "strb%s %s, [%s, #%d]" % (self.w, self.r(t), self.r(n), imm))

    def ldrb_neg(self, t, n, imm):
        # LDRB Rt, [Rn, #-imm8] (T3, negative offset)
        if not 0 < imm < 256:
            raise ValueError("ldrb offset -%d" % imm)
        self.i((0xF810 | n, t << 12 | 0x0C00 | imm), "ldrb %s, [%s, #-%d]" % (self.r(t), self.r(n), imm))

    def str_post(self, t, n, inc):
        # STR.W Rt, [Rn], #inc (T4, post-indexed)
        if not 0 < inc < 256:
            raise ValueError("str increment %d" % inc)
        self.i((0xF840 | n, t << 12 | 0x0B00 | inc), "str%s %s, [%s], #%d" % (self.w, self.r(t), self.r(n), inc))

    def ldr_neg(self, t, n, imm):
        # LDR.W Rt, [Rn, #-imm8] (T4, negative offset)
        if not 0 < imm < 256:
            raise ValueError("ldr offset -%d" % imm)
        self.i((0xF850 | n, t << 12 | 0x0C00 | imm), "ldr%s %s, [%s, #-%d]" % (self.w, self.r(t), self.r(n), imm))

    def ldr_post(self, t, n, inc):
        # LDR.W Rt, [Rn], #inc (T4, post-indexed; U = the sign of inc)
        if not 0 < abs(inc) < 256:
            raise ValueError("ldr increment %d" % inc)
        self.i((0xF850 | n, t << 12 | 0x0900 | (inc > 0) << 9 | abs(inc)),
               "ldr%s %s, [%s], #%d" % (self.w, self.r(t), self.r(n), inc))

    def ldr_idx(self, t, n, m, lsl, byte=False):
        # LDR.W / LDRB.W Rt, [Rn, Rm, LSL #lsl] (T2)
        hw1 = (0xF810 if byte else 0xF850) | n
        self.i((hw1, t << 12 | lsl << 4 | m),
               "%s %s, [%s, %s, lsl #%d]" % ("ldrb" if byte else "ldr", self.r(t), self.r(n), self.r(m), lsl))

    def ldrd(self, t, t2, n, imm):
        # LDRD Rt, Rt2, [Rn, #+-imm] (T1, offset, word aligned; U = 0 for a negative offset)
        if imm % 4 or not -1024 < imm < 1024 or t == t2:
            raise ValueError("ldrd r%d, r%d, #%d" % (t, t2, imm))
        hw1 = (0xE9D0 if imm >= 0 else 0xE950) | n
        self.i((hw1, t << 12 | t2 << 8 | abs(imm) >> 2), "ldrd %s, %s, [%s, #%d]" % (self.r(t), self.r(t2), self.r(n), imm))

    def strd(self, t, t2, n, imm):
        # STRD Rt, Rt2, [Rn, #+-imm] (T1, offset, word aligned; U = 0 for a negative offset)
        if imm % 4 or not -1024 < imm < 1024:
            raise ValueError("strd r%d, r%d, #%d" % (t, t2, imm))
        hw1 = (0xE9C0 if imm >= 0 else 0xE940) | n
        self.i((hw1, t << 12 | t2 << 8 | abs(imm) >> 2), "strd %s, %s, [%s, #%d]" % (self.r(t), self.r(t2), self.r(n), imm))

    def strd_post(self, t, t2, n, inc):
        # STRD Rt, Rt2, [Rn], #inc (T1, post-indexed, P = 0, W = 1, U = 1; a multiple of 4)
        if inc % 4 or not 0 < inc < 1024:
            raise ValueError("strd increment %d" % inc)
        self.i((0xE8E0 | n, t << 12 | t2 << 8 | inc >> 2), "strd %s, %s, [%s], #%d" % (self.r(t), self.r(t2), self.r(n), inc))

    def ldm(self, n, regs, wb=False):
        # LDMIA.W Rn{!}, {regs} (T2)
        self.i((0xE890 | (0x20 if wb else 0) | n, sum(1 << x for x in regs)),
               "%s %s%s, {%s}" % ("ldmia.w" if self.ual else "ldm", self.r(n), "!" if wb else "", self._regs(regs)))

    def stm(self, n, regs, wb=False):
        # STMIA.W Rn{!}, {regs} (T2)
        self.i((0xE880 | (0x20 if wb else 0) | n, sum(1 << x for x in regs)),
               "%s %s%s, {%s}" % ("stmia.w" if self.ual else "stm", self.r(n), "!" if wb else "", self._regs(regs)))

    def push(self, regs):
        # STMDB.W SP!, {regs} (PUSH.W, T2)
        self.i((0xE92D, sum(1 << x for x in regs)), "push%s {%s}" % (self.w, self._regs(regs)))

    def pop(self, regs):
        # LDMIA.W SP!, {regs} (POP.W, T2)
        self.i((0xE8BD, sum(1 << x for x in regs)), "pop%s {%s}" % (self.w, self._regs(regs)))

    # -- branches ----------------------------------------------------------------------------

    def bx_lr(self):
        # BX LR (T1): the return of a subroutine that leaves lr alone
        self.i((0x4770,), "bx lr")

    def tbb(self, n, m):
        # TBB [Rn, Rm] (T1): a forward branch by twice the byte at n + m (n = PC: the table
        # follows the instruction)
        self.i((0xE8D0 | n, 0xF000 | m), "tbb [%s, %s]" % (self.r(n), self.r(m)))

    @staticmethod
    def _bcond(cond, off):
        # B<c>.W (T3): +-1 MB from the branch's address + 4
        if off % 2 or not -(1 << 20) <= off < (1 << 20):
            raise ValueError("branch range")
        s, j1, j2 = (off >> 20) & 1, (off >> 18) & 1, (off >> 19) & 1
        return (0xF000 | s << 10 | COND[cond] << 6 | (off >> 12) & 0x3F,
                0x8000 | j1 << 13 | j2 << 11 | (off >> 1) & 0x7FF)

    @staticmethod
    def _b(off):
        # B.W (T4): +-16 MB
        if off % 2 or not -(1 << 24) <= off < (1 << 24):
            raise ValueError("branch range")
        s, i1, i2 = (off >> 24) & 1, (off >> 23) & 1, (off >> 22) & 1
        j1, j2 = (1 - i1) ^ s, (1 - i2) ^ s
        return (0xF000 | s << 10 | (off >> 12) & 0x3FF, 0x9000 | j1 << 13 | j2 << 11 | (off >> 1) & 0x7FF)

    def bcc_w(self, cond, target, label):
        """B<cond>.W to the byte offset ``target`` (from the first instruction), known now."""
        self.i(self._bcond(cond, target - (self.pos + 4)), "b%s.w %s" % (cond, label))

    def labels(self):
        """The byte offset of every label (every item's size is fixed: a branch is 4 bytes)."""
        addr = 0
        where = {}
        for it in self.items:
            if it[0] == "label":
                where[it[1]] = addr
            elif it[0] == "insn":
                addr += 2 * len(it[1])
            elif it[0] == "b":
                addr += 4
        return where

    def assemble(self):
        """(halfwords, text) per instruction with the branches to labels resolved, and
        ("#", text) per note."""
        where = self.labels()
        out = []
        addr = 0
        for it in self.items:
            if it[0] == "label":
                continue
            if it[0] == "note":
                out.append(("#", it[1]))
                continue
            if it[0] == "insn":
                out.append(it[1:])
                addr += 2 * len(it[1])
                continue
            _, cond, name = it
            off = where[name] - (addr + 4)
            if cond == "bl":  # BL (T1): B.W's fields, bit 14 of the second halfword set
                hw = self._b(off)
                out.append(((hw[0], hw[1] | 0x4000), "bl %s (%+d)" % (name, off)))
            else:
                hw = self._b(off) if cond == "al" else self._bcond(cond, off)
                out.append((hw, "b%s.w %s (%+d)" % ("" if cond == "al" else cond, name, off)))
            addr += 4
        return out

    def add_sp_imm(self, d, imm):
        # ADD Rd, SP, #imm (T1, 16-bit: Rd r0-r7, imm a multiple of 4 below 1024)
        if d > 7 or imm % 4 or not 0 <= imm < 1024:
            raise ValueError("add r%d, sp, #%d" % (d, imm))
        self.i((0xA800 | d << 8 | imm >> 2,), "add %s, sp, #%d" % (self.r(d), imm))

    def clz(self, d, m):
        # CLZ Rd, Rm (T1): the leading zero bits of m (32 for 0)
        self.i((0xFAB0 | m, 0xF080 | d << 8 | m), "clz %s, %s" % (self.r(d), self.r(m)))


def data_lines(asm):
    """The body of an ``@micropython.asm_thumb`` function holding ``asm``'s machine code: one
    ``data(2, ...)`` line per instruction, its listing as the comment."""
    return ["    data(2, %s)  # %s\n" % (", ".join("0x%04X" % h for h in hws), text) for hws, text in asm.assemble()]

