"""MPI backend 'thumb': Montgomery multiplication, squaring and table selection in Thumb-2
assembly with UMAAL, for any word count (loops, not unrolled: one kernel serves 512..4096-bit
moduli), on Cortex-M4, M7, M55 and M85. Same arena and surface as ``mpi_viper64``
(``mpcrypto.pk._mpi_common``: 32-bit words, R = 2^(16 nlimbs)).

Every kernel takes byte offsets from the arena's address (ctx word 9), so the Python side
passes small integers wherever the RAM is (an address of 2^30 or more would be a heap integer
on a 32-bit port; on the emulated M4 the heap is at 0xA6B30, and offsets and addresses cost
the same there: 4,780 and 4,670 instructions per 512-bit ``_mont`` call). ctx words: [0] address of p, [1] -p^-1 mod 2^32, [2]
address of t (arena slots 1-2: 2N + 4 words of scratch), [3] t + 4N, [4] t + 4(N - 1), [5] x
cursor (scratch), [6] x + 4N (scratch), [7] y, [8] d (scratch), [9] the arena's address, [10]
and [11] ``_select``'s scratch, [12] bytes per slot, [13] bytes per slot - 4N, [14] .. [19]
``_sqr``'s scratch.

``_mont(d, x, y, ctx)``: d = x y / 2^(32 N) mod p on N 32-bit little-endian words (N a
multiple of 4, operands in [0, p)). CIOS (Koc, Acar, Kaliski 1996): per word of x, t += x_i y
(UMAAL chain), then t = (t + m p) / 2^32 with m = t_0 (-p^-1) (UMAAL chain), four words per
loop pass; then d = t - p with the borrow carried across passes in a register, and d = t again
by mask when that borrowed (t < p). The instruction sequence depends only on N: constant time
on these cores, where UMAAL, MUL and the loads take fixed time.

``_sqr(d, x, k, ctx)``: d = x squared k >= 1 times (Montgomery squarings; ``sqrn`` hands a
fixed-window digit's w squarings to one call). Per squaring: the N(N - 1)/2 cross products
x_i x_j (i < j) into 2N words of t (arena slots 1-2), one row per i with a UMAAL chain; row i
has N - 1 - i words: (N - 1 - i) mod 4 single steps, then four words per pass, the branch into
the single steps taken by i, not by data; then t = 2 t + sum x_i^2 2^(64 i) in one pass (ADC
doubles each pair of words with the previous pair's top bit as carry, UMAAL adds the square
and the running carry); then the Montgomery reduction of the 2N words, row by row (m = t_i
(-p^-1), t += m p 2^(32 i), the row's carry and a running top carry into t_(i+N)); then the
same final subtraction as ``_mont`` on t_N .. t_2N. Instructions for N = 32 / 64: 0.87x /
0.81x ``_mont``'s (host_tests/test_thumb_mpi.py prints them). Constant time like ``_mont``:
the sequence depends on N and k only. ctx words [14] .. [19] are its scratch.

``_select(d, tab, idx | cnt << 16, ctx)``: the N words of slot d = those of entry idx of the cnt
slots from offset tab, every entry read and ANDed with a mask that is all ones for entry idx
only (made without a branch: SUBS of 1 from idx - j borrows only at 0, SBC spreads the
borrow); the constant-time table lookup of the fixed-window exponentiation, six instructions a
word (a 16-entry 512-bit lookup through ``ctx.select`` on the emulated M4: 4.5K instructions,
36K with the viper version in ``_mpi_common``). Words N and
N + 1 of a caller's slot stay zero (``put`` writes them, nothing else does), so N words are
the value.

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
    # r0 = d, r1 = x, r2 = y (offsets from the arena's address), r3 = ctx. In the loops: r0
    # x_i or m, r1 carry, r2 t_j, r4 y_j or p_j, r5 y or p cursor, r6 t cursor, r7 loop end.
    ldr(r4, [r3, 36])
    add(r0, r0, r4)
    add(r1, r1, r4)
    add(r2, r2, r4)
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


@micropython.asm_thumb
def _sqr(r0, r1, r2, r3):
    # d = x^(2^k) (k Montgomery squarings). Registers in the passes: r0 x_i or m, r1 carry,
    # r2 t_j, r4 x_j or p_j, r5 x or p cursor, r6 t cursor, r7 loop end.
    # r0 = d, r1 = x (offsets from the arena's address), r2 = k >= 1, r3 = ctx.
    ldr(r4, [r3, 36])
    add(r0, r0, r4)
    add(r1, r1, r4)
    str(r0, [r3, 32])
    str(r2, [r3, 56])
    label(AGAIN)
    str(r1, [r3, 20])
    # t = 0 (2N words); [15] = 4N; [6] = x + 4N
    ldr(r6, [r3, 8])
    ldr(r7, [r3, 12])
    sub(r7, r7, r6)
    str(r7, [r3, 60])
    add(r4, r7, r1)
    str(r4, [r3, 24])
    add(r7, r7, r7)
    add(r7, r7, r6)
    mov(r2, 0)
    label(ZERO)
    str(r2, [r6, 0])
    str(r2, [r6, 4])
    str(r2, [r6, 8])
    str(r2, [r6, 12])
    add(r6, 16)
    cmp(r6, r7)
    bne(ZERO)
    # the cross products: row i adds x_i (x_(i+1) .. x_(N-1)) at t_(2i+1) and stores its carry at
    # t_(i+N); (N - 1 - i) mod 4 single steps, then four words per pass. [16] &x_i, [17] &t_(2i+1)
    str(r1, [r3, 64])
    ldr(r6, [r3, 8])
    add(r6, 4)
    str(r6, [r3, 68])
    label(XROW)
    ldr(r5, [r3, 64])
    ldr(r0, [r5, 0])
    add(r5, 4)
    ldr(r6, [r3, 68])
    ldr(r7, [r3, 24])
    mov(r1, 0)
    sub(r2, r7, r5)
    lsr(r2, r2, 2)
    mov(r4, 3)
    and_(r2, r4)
    cmp(r2, 3)
    beq(H3)
    cmp(r2, 2)
    beq(H2)
    cmp(r2, 1)
    beq(H1)
    b(XBODY)
    label(H3)
    ldr(r2, [r6, 0])
    ldr(r4, [r5, 0])
    data(2, 0xFBE0, 0x2164)
    str(r2, [r6, 0])
    add(r5, 4)
    add(r6, 4)
    label(H2)
    ldr(r2, [r6, 0])
    ldr(r4, [r5, 0])
    data(2, 0xFBE0, 0x2164)
    str(r2, [r6, 0])
    add(r5, 4)
    add(r6, 4)
    label(H1)
    ldr(r2, [r6, 0])
    ldr(r4, [r5, 0])
    data(2, 0xFBE0, 0x2164)
    str(r2, [r6, 0])
    add(r5, 4)
    add(r6, 4)
    label(XBODY)
    cmp(r5, r7)
    beq(XEND)
    label(XLOOP)
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
    cmp(r5, r7)
    bne(XLOOP)
    label(XEND)
    str(r1, [r6, 0])
    ldr(r5, [r3, 64])
    add(r5, 4)
    str(r5, [r3, 64])
    ldr(r6, [r3, 68])
    add(r6, 8)
    str(r6, [r3, 68])
    cmp(r5, r7)
    beq(XDONE)
    b(XROW)
    label(XDONE)
    # t = 2 t + the squares x_i^2 at t_(2i): per i, the pair (t_2i, t_(2i+1)) doubled by ADC
    # with the top bit of the previous pair ([18]) in C, then UMAAL adds x_i^2 and the carry.
    ldr(r5, [r3, 20])
    ldr(r6, [r3, 8])
    mov(r1, 0)
    str(r1, [r3, 72])
    label(DIAG)
    ldr(r0, [r5, 0])
    ldr(r7, [r3, 72])
    cmp(r7, 1)
    ldr(r2, [r6, 0])
    ldr(r4, [r6, 4])
    adc(r2, r2)
    adc(r4, r4)
    mov(r7, 0)
    adc(r7, r7)
    str(r7, [r3, 72])
    data(2, 0xFBE0, 0x2160)
    add(r4, r4, r1)
    mov(r1, 0)
    adc(r1, r1)
    str(r2, [r6, 0])
    str(r4, [r6, 4])
    add(r5, 4)
    add(r6, 8)
    ldr(r7, [r3, 24])
    cmp(r5, r7)
    bne(DIAG)
    # Montgomery reduction of the 2N words: row i adds m p at t_i (m = t_i (-p^-1)), then its
    # carry and the running top carry ([19]) into t_(i+N).
    ldr(r6, [r3, 8])
    mov(r2, 0)
    str(r2, [r3, 76])
    label(RROW)
    str(r6, [r3, 68])
    ldr(r2, [r6, 0])
    ldr(r0, [r3, 4])
    mul(r0, r2)
    ldr(r5, [r3, 0])
    ldr(r7, [r3, 60])
    add(r7, r7, r5)
    mov(r1, 0)
    label(RLOOP)
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
    cmp(r5, r7)
    bne(RLOOP)
    ldr(r4, [r3, 76])
    cmp(r4, 1)
    ldr(r2, [r6, 0])
    adc(r2, r1)
    str(r2, [r6, 0])
    mov(r1, 0)
    adc(r1, r1)
    str(r1, [r3, 76])
    ldr(r6, [r3, 68])
    add(r6, 4)
    ldr(r7, [r3, 12])
    cmp(r6, r7)
    beq(RDONE)
    b(RROW)
    label(RDONE)
    # u = t_N .. t_(2N) (t_2N the top carry); d = u - p, or u by mask when that borrowed
    ldr(r1, [r3, 76])
    ldr(r6, [r3, 60])
    add(r6, r6, r7)
    str(r1, [r6, 0])
    ldr(r0, [r3, 32])
    ldr(r5, [r3, 0])
    ldr(r6, [r3, 12])
    ldr(r7, [r3, 60])
    add(r7, r7, r6)
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
    cmp(r1, 1)
    ldr(r2, [r6, 0])
    mov(r4, 0)
    sbc(r2, r4)
    asr(r2, r2, 31)
    ldr(r0, [r3, 32])
    ldr(r6, [r3, 12])
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
    # again, from d, k - 1 times
    ldr(r2, [r3, 56])
    sub(r2, 1)
    str(r2, [r3, 56])
    beq(END)
    ldr(r1, [r3, 32])
    b(AGAIN)
    label(END)


@micropython.asm_thumb
def _select(r0, r1, r2, r3):
    # r0 = d, r1 = first entry (offsets from the arena's address), r2 = idx | cnt << 16, r3 =
    # ctx. In the loops: r1 entry cursor, r5 mask, r6 d cursor, r7 d + 4N, r2 and r4 words.
    ldr(r4, [r3, 36])
    add(r0, r0, r4)
    add(r1, r1, r4)
    lsr(r5, r2, 16)
    ldr(r4, [r3, 48])
    mul(r5, r4)
    add(r5, r5, r1)
    str(r5, [r3, 44])  # end of the table
    lsl(r2, r2, 16)
    lsr(r2, r2, 16)
    str(r2, [r3, 40])  # idx - j, j = 0
    ldr(r7, [r3, 12])
    ldr(r6, [r3, 8])
    sub(r7, r7, r6)
    add(r7, r7, r0)
    mov(r6, r0)
    mov(r4, 0)
    label(ZERO)
    str(r4, [r6, 0])
    str(r4, [r6, 4])
    str(r4, [r6, 8])
    str(r4, [r6, 12])
    add(r6, 16)
    cmp(r6, r7)
    bne(ZERO)
    label(ENT)
    ldr(r2, [r3, 40])
    sub(r2, r2, 1)  # borrows (C = 0) only when idx - j was 0
    sbc(r5, r5)  # r5 = -(1 - C): all ones for entry idx, else 0
    str(r2, [r3, 40])
    mov(r6, r0)
    label(WORDS)
    ldr(r4, [r1, 0])
    ldr(r2, [r6, 0])
    and_(r4, r5)
    orr(r2, r4)
    str(r2, [r6, 0])
    ldr(r4, [r1, 4])
    ldr(r2, [r6, 4])
    and_(r4, r5)
    orr(r2, r4)
    str(r2, [r6, 4])
    ldr(r4, [r1, 8])
    ldr(r2, [r6, 8])
    and_(r4, r5)
    orr(r2, r4)
    str(r2, [r6, 8])
    ldr(r4, [r1, 12])
    ldr(r2, [r6, 12])
    and_(r4, r5)
    orr(r2, r4)
    str(r2, [r6, 12])
    add(r1, 16)
    add(r6, 16)
    cmp(r6, r7)
    bne(WORDS)
    ldr(r4, [r3, 52])
    add(r1, r1, r4)  # past the entry's top words: the next entry
    ldr(r4, [r3, 44])
    cmp(r1, r4)
    bne(ENT)


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
        base = uctypes.addressof(self.mem)
        nb = 4 * self.nl
        t = base + st  # slot 1: N + 2 words
        cw = _CW
        self.actx = bytearray(20 * cw)
        w = (base, self.minv, t, t + nb, t + nb - 4, 0, 0, 0, 0, base, 0, 0, st, st - nb)
        for i in range(14):
            self.actx[cw * i:cw * i + cw] = w[i].to_bytes(cw, "little")
        self.o = _mpi_common._RES * st  # offset of the caller's slot 0

    def mul(self, d, x, y):
        st = self.st
        o = self.o
        _mont(o + d * st, o + x * st, o + y * st, self.actx)

    def sqr(self, d, x):
        st = self.st
        o = self.o
        _sqr(o + d * st, o + x * st, 1, self.actx)

    def sqrn(self, d, k):
        if k:
            d = self.o + d * self.st
            _sqr(d, d, k, self.actx)

    def select(self, d, base, cnt, idx):
        st = self.st
        o = self.o
        _select(o + d * st, o + base * st, idx | (cnt << 16), self.actx)

    def _mulraw(self, d, x, kslot):
        st = self.st
        o = self.o
        _mont(o + d * st, o + x * st, kslot * st, self.actx)


def new(n, nslots, nlimbs):
    return Ctx(n, nslots, nlimbs, 32)
