"""MPI backend 'thumb': Montgomery multiplication in Thumb-2 assembly with UMAAL, for any
word count (loops, not unrolled: one kernel serves 512..4096-bit moduli), on Cortex-M4, M7,
M55 and M85. Same arena and surface as ``mpi_viper64`` (``mpcrypto.pk._mpi_common``: 32-bit
words, R = 2^(16 nlimbs)); only the multiplication is in assembly.

``_mont(d, x, y, ctx)``: d = x y / 2^(32 N) mod p on N 32-bit little-endian words (N a
multiple of 4, operands in [0, p)). ctx words: [0] address of p, [1] -p^-1 mod 2^32, [2]
address of t (N + 2 words of scratch), [3] t + 4N, [4] t + 4(N - 1), [5] x cursor (scratch),
[6] x + 4N (scratch), [7] y, [8] d (scratch). CIOS (Koc, Acar, Kaliski 1996): per word of x,
t += x_i y (UMAAL chain), then t = (t + m p) / 2^32 with m = t_0 (-p^-1) (UMAAL chain), four
words per loop pass; then d = t - p with the borrow carried across passes in a register, and
d = t again by mask when that borrowed (t < p). The instruction sequence depends only on N:
constant time on these cores, where UMAAL, MUL and the loads take fixed time.

UMAAL RdLo, RdHi, Rn, Rm (ARMv7E-M, ARM DDI 0403E A7.7.178, encoding T1: 1111 1011 1110 Rn |
RdLo RdHi 0110 Rm): RdHi:RdLo = Rn Rm + RdLo + RdHi. The inline assembler has no mnemonic for
it, hence ``data(2, ...)``. Cortex-M3 has no UMAAL (it faults): ``probe()`` reads the CPUID
part number (bare-metal ports only, ``mpcrypto._util.bare_metal``) and admits the cores
named above. Only ARM ports have asm_thumb: elsewhere this module does not compile and the
seam skips it. GENERATED-STYLE REGULARITY: the four-word groups are written out.
"""

import micropython

from mpcrypto.pk import _mpi_common

LIMB_BITS = 32
UMAAL_PARTS = (0xC24, 0xC27, 0xD22, 0xD23)  # Cortex-M4, M7, M55, M85
_CW = 4  # bytes per context word (the kernel's; host_tests' model of _mont sets 8 on 64-bit)


@micropython.asm_thumb
def cpu_part():
    # PARTNO of the CPUID register (0xE000ED00, ARMv7-M ARM B3.2.3).
    movw(r0, 0xED00)
    movt(r0, 0xE000)
    ldr(r0, [r0, 0])
    lsr(r0, r0, 4)
    movw(r1, 0xFFF)
    and_(r0, r1)


@micropython.asm_thumb
def _mont(r0, r1, r2, r3):
    # r0 = d, r1 = x, r2 = y, r3 = ctx. In the loops: r0 x_i or m, r1 carry, r2 t_j, r4 y_j or
    # p_j, r5 y or p cursor, r6 t cursor, r7 loop end.
    str(r0, [r3, 32])
    str(r2, [r3, 28])
    str(r1, [r3, 20])
    ldr(r4, [r3, 12])
    ldr(r5, [r3, 8])
    sub(r4, r4, r5)
    add(r4, r4, r1)
    str(r4, [r3, 24])
    # t = 0 (N + 2 words)
    mov(r6, r5)
    ldr(r7, [r3, 12])
    add(r7, 8)
    mov(r1, 0)
    label(ZERO)
    str(r1, [r6, 0])
    add(r6, 4)
    cmp(r6, r7)
    bne(ZERO)
    label(ROW)
    # t += x_i y
    ldr(r4, [r3, 20])
    ldr(r0, [r4, 0])
    ldr(r5, [r3, 28])
    ldr(r6, [r3, 8])
    ldr(r7, [r3, 12])
    mov(r1, 0)
    label(MULY)
    ldr(r2, [r6, 0])
    ldr(r4, [r5, 0])
    data(2, 0xFBE0, 0x2164)
    str(r2, [r6, 0])
    ldr(r2, [r6, 4])
    ldr(r4, [r5, 4])
    data(2, 0xFBE0, 0x2164)
    str(r2, [r6, 4])
    ldr(r2, [r6, 8])
    ldr(r4, [r5, 8])
    data(2, 0xFBE0, 0x2164)
    str(r2, [r6, 8])
    ldr(r2, [r6, 12])
    ldr(r4, [r5, 12])
    data(2, 0xFBE0, 0x2164)
    str(r2, [r6, 12])
    add(r5, 16)
    add(r6, 16)
    cmp(r6, r7)
    bne(MULY)
    ldr(r2, [r6, 0])
    add(r2, r2, r1)
    str(r2, [r6, 0])
    mov(r1, 0)
    adc(r1, r1)
    str(r1, [r6, 4])
    # t = (t + m p) / 2^32, m = t_0 (-p^-1) mod 2^32
    ldr(r6, [r3, 8])
    ldr(r2, [r6, 0])
    ldr(r0, [r3, 4])
    mul(r0, r2)
    ldr(r5, [r3, 0])
    mov(r1, 0)
    ldr(r4, [r5, 0])
    data(2, 0xFBE0, 0x2164)
    ldr(r2, [r6, 4])
    ldr(r4, [r5, 4])
    data(2, 0xFBE0, 0x2164)
    str(r2, [r6, 0])
    ldr(r2, [r6, 8])
    ldr(r4, [r5, 8])
    data(2, 0xFBE0, 0x2164)
    str(r2, [r6, 4])
    ldr(r2, [r6, 12])
    ldr(r4, [r5, 12])
    data(2, 0xFBE0, 0x2164)
    str(r2, [r6, 8])
    add(r6, 12)
    add(r5, 16)
    ldr(r7, [r3, 16])
    label(RED)
    cmp(r6, r7)
    beq(REDEND)
    ldr(r2, [r6, 4])
    ldr(r4, [r5, 0])
    data(2, 0xFBE0, 0x2164)
    str(r2, [r6, 0])
    ldr(r2, [r6, 8])
    ldr(r4, [r5, 4])
    data(2, 0xFBE0, 0x2164)
    str(r2, [r6, 4])
    ldr(r2, [r6, 12])
    ldr(r4, [r5, 8])
    data(2, 0xFBE0, 0x2164)
    str(r2, [r6, 8])
    ldr(r2, [r6, 16])
    ldr(r4, [r5, 12])
    data(2, 0xFBE0, 0x2164)
    str(r2, [r6, 12])
    add(r6, 16)
    add(r5, 16)
    b(RED)
    label(REDEND)
    ldr(r2, [r6, 4])
    add(r2, r2, r1)
    str(r2, [r6, 0])
    ldr(r2, [r6, 8])
    mov(r1, 0)
    adc(r2, r1)
    str(r2, [r6, 4])
    # next word of x
    ldr(r4, [r3, 20])
    add(r4, 4)
    str(r4, [r3, 20])
    ldr(r5, [r3, 24])
    cmp(r4, r5)
    beq(DONE)
    b(ROW)  # a conditional branch reaches only 256 bytes back
    label(DONE)
    # d = t - p (N words; r1 keeps "no borrow" between passes: cmp r1, 1 sets C from it)
    ldr(r0, [r3, 32])
    ldr(r5, [r3, 0])
    ldr(r6, [r3, 8])
    ldr(r7, [r3, 12])
    mov(r1, 1)
    label(SUB)
    cmp(r1, 1)
    ldr(r2, [r6, 0])
    ldr(r4, [r5, 0])
    sbc(r2, r4)
    str(r2, [r0, 0])
    ldr(r2, [r6, 4])
    ldr(r4, [r5, 4])
    sbc(r2, r4)
    str(r2, [r0, 4])
    ldr(r2, [r6, 8])
    ldr(r4, [r5, 8])
    sbc(r2, r4)
    str(r2, [r0, 8])
    ldr(r2, [r6, 12])
    ldr(r4, [r5, 12])
    sbc(r2, r4)
    str(r2, [r0, 12])
    mov(r1, 0)
    adc(r1, r1)
    add(r0, 16)
    add(r5, 16)
    add(r6, 16)
    cmp(r6, r7)
    bne(SUB)
    # r2 = all ones when t_N - borrow < 0, i.e. t < p: then d = t, by mask
    cmp(r1, 1)
    ldr(r2, [r6, 0])
    mov(r4, 0)
    sbc(r2, r4)
    asr(r2, r2, 31)
    ldr(r0, [r3, 32])
    ldr(r6, [r3, 8])
    label(KEEP)
    ldr(r1, [r0, 0])
    ldr(r4, [r6, 0])
    eor(r4, r1)
    and_(r4, r2)
    eor(r1, r4)
    str(r1, [r0, 0])
    add(r0, 4)
    add(r6, 4)
    cmp(r6, r7)
    bne(KEEP)


def probe():
    from mpcrypto._util import bare_metal

    try:
        import uctypes  # noqa: F401 (the arena's address)
    except ImportError:
        return False
    return bare_metal() and cpu_part() in UMAAL_PARTS


class Ctx(_mpi_common.Ctx):
    def _bind(self):
        import uctypes

        self.minv = _mpi_common.neg_inv(self.n, 32)
        st = self.st
        self.base = base = uctypes.addressof(self.mem)
        nb = 4 * self.nl
        t = base + st  # slot 1: N + 2 words
        cw = _CW
        self.actx = bytearray(9 * cw)
        w = (base, self.minv, t, t + nb, t + nb - 4)
        for i in range(5):
            self.actx[cw * i:cw * i + cw] = w[i].to_bytes(cw, "little")
        self.a0 = base + _mpi_common._RES * st  # address of the caller's slot 0
        self._k = _mont

    def mul(self, d, x, y):
        st = self.st
        a = self.a0
        _mont(a + d * st, a + x * st, a + y * st, self.actx)

    def _mulraw(self, d, x, kslot):
        st = self.st
        a = self.a0
        _mont(a + d * st, a + x * st, self.base + kslot * st, self.actx)


def new(n, nslots, nlimbs):
    return Ctx(n, nslots, nlimbs, 32)
