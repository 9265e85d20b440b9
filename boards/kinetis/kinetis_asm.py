"""Kinetis K64/K66 hardware access in Thumb-2 assembly: the chip probe, the mmCAU (AES key
schedule, AES encryption and decryption of many blocks per call, SHA-256 compression) and the
RNGA. Every access to these blocks' registers is in this module; the Python around it
(``kinetis.py``, ``kinetis_mmcau.py``, ``kinetis_rnga.py``) only calls these functions.

Only an ARM port (armv7m and up) compiles this module, and only a K64/K66 runs it:
``kinetis.identify`` calls ``sdid()`` only once ``mpcrypto._cpu`` (the one reader of CPUID)
has found an Arm Cortex-M4, and the other functions only once it names a K6x; they touch the CAU
(0xE0081000, on the Cortex-M4's private peripheral bus: privileged accesses only, which
MicroPython on bare metal and on Zephyr without user mode are) or the RNGA, and fault on any
other part.

Facts used (../../../shared/research-mmcau.md, from the K64/K66 reference manuals' CAU and RNGA
chapters, NXP's cau2_defines.h opcodes and NuttX's register map; no code was copied):

- CAU direct-command port 0xE0081000; register port 0xE0081800 + 4 * (opcode + register),
  here an offset from r7 = 0xE0081000 in a 32-bit STR/LDR (T3 encoding, 12-bit offset);
- command words: one command 0x80000000 | c1 << 22, two 0x80100000 | c1 << 22 | c2 << 11,
  three 0x80100200 | c1 << 22 | c2 << 11 | c3; a command is opcode | register;
- opcodes LDR 0x010, STR 0x020, ADR 0x030, ADRA 0x050, XOR 0x060, ROTL 0x070, MVAR 0x090,
  AESS 0x0A0, AESIS 0x0B0, AESC 0x0C0, AESIC 0x0D0, AESR 0x0E0, AESIR 0x0F0, HASH 0x120 (with
  the SHA-256 functions HF2C 6, HF2M 7, HF2S 8, HF2T 9, HF2U 10, HF2V 11), SHS2 0x150;
  registers CASR 0, CAA 1, CA0-CA8 2-10;
- CAU data are big-endian words: words are loaded with LDR and byte-reversed with REV (there
  is no ``rev`` mnemonic in MicroPython's inline assembler: ``data(2, 0xBA00 | m << 3 | d)`` is
  REV Rd, Rm, ARMv7-M ARM A7.7.113 T1);
- SIM_SDID 0x40048024; RNGA registers CR +0 (SLP bit 4), SR +4 (SLP bit 4, OREG_LVL bits
  15:8), OR +0xC (hal_nxp mcux-sdk ``devices/MK64F12/MK64F12.h`` and ``MK66F18/MK66F18.h``:
  RNG_CR_SLP, RNG_SR_SLP, RNG_SR_OREG_LVL); the RNGA clock gate as NXP's clock drivers set
  it (``devices/<part>/drivers/fsl_clock.h``, ``kCLOCK_Rnga0``): SIM_SCGC6 (0x4004803C) bit
  9 on the K64, SIM_SCGC3 (0x40048030) bit 0 on the K66. ``kinetis.RNGA_AT`` passes the
  part's.

Data buffers are read and written with single-word LDR/STR, which the Cortex-M4 allows at any
alignment (CCR.UNALIGN_TRP clear, the reset value, which MicroPython and Zephyr keep); the
tests run them on unaligned buffers.

Functions (arguments in r0-r3 as MicroPython passes them: buffers as addresses, small ints as
values):

- ``sdid()``: SIM_SDID >> 20 (FAMILYID, SUBFAMID, SERIESID: 0x640 K64, 0x660 K66);
- ``cau_version()``: CASR >> 28 (2: the mmCAU with SHA-256);
- ``aes_key(ctx, key, nk)``: ctx[0] = Nr, ctx[4..] the FIPS 197 §5.2 schedule;
- ``aes_encrypt(ctx, src, dst, iv)`` / ``aes_decrypt(...)``: ctx[1] blocks, ctx[2] mode;
- ``sha256_compress(st, buf, off, nblocks)``: the sha256 backend's ``compress``;
- ``rnga_start(page, gate_reg, gate_bit)`` / ``rnga_read(buf, nwords, page, polls)`` (normal
  mode first, then the words) / ``rnga_status(page)`` (SR): page = base >> 12; gate_reg the
  clock gate's SIM register - 0x40048000.
"""

import micropython
from micropython import const

# The CAU's base and its register-port slots, as offsets from it (0x800 + 4 * (op + reg)).
_CAU = const(0xE0081000)
_LDR_CAA = const(0x844)
_LDR_CA0 = const(0x848)
_LDR_CA8 = const(0x868)
_STR_CASR = const(0x880)
_STR_CAA = const(0x884)
_STR_CA0 = const(0x888)
_ADR_CAA = const(0x8C4)
_ADR_CA0 = const(0x8C8)
_XOR_CAA = const(0x984)
_XOR_CA0 = const(0x988)
_ROTL_CAA = const(0x9C4)
_AESC_CA0 = const(0xB08)
_AESIC_CA0 = const(0xB48)

# STR.W / LDR.W Rt, [r7, #imm12] (ARMv7-M ARM A7.7.158 / A7.7.42, encoding T3): the first
# halfword, then Rt << 12 | offset. _R4 and _R5 are Rt << 12.
_STW = const(0xF8C7)
_LDW = const(0xF8D7)
_R4 = const(0x4000)
_R5 = const(0x5000)
# REV r4, r4 and REV r5, r5 (A7.7.113 T1).
_REV4 = const(0xBA24)
_REV5 = const(0xBA2D)

# Direct-command words.
_ENC1 = const(0x80100200 | 0x0A2 << 22 | 0x0A3 << 11 | 0x0A4)  # AESS CA0, AESS CA1, AESS CA2
_ENC2 = const(0x80100000 | 0x0A5 << 22 | 0x0E0 << 11)  # AESS CA3, AESR
_DEC1 = const(0x80100200 | 0x0F0 << 22 | 0x0B5 << 11 | 0x0B4)  # AESIR, AESIS CA3, AESIS CA2
_DEC2 = const(0x80100000 | 0x0B3 << 22 | 0x0B2 << 11)  # AESIS CA1, AESIS CA0
_SUB_CAA = const(0x80000000 | 0x0A1 << 22)  # AESS CAA
_SHA1 = const(0x80100200 | 0x059 << 22 | 0x129 << 11 | 0x126)  # ADRA CA7, HASH HF2T, HASH HF2C
_SHA2 = const(0x80100200 | 0x09A << 22 | 0x128 << 11 | 0x127)  # MVAR CA8, HASH HF2S, HASH HF2M
_SHS2 = const(0x80000000 | 0x150 << 22)  # SHS2
_HF2U = const(0x80000000 | 0x12A << 22)  # HASH HF2U
_HF2V = const(0x80000000 | 0x12B << 22)  # HASH HF2V


@micropython.asm_thumb
def sdid():
    # SIM_SDID, the System Device Identification register of a K64/K66 (reference manuals,
    # SIM chapter). Read only on an Arm Cortex-M4, where 0x40048024 is at least inside the
    # vendor peripheral region; on another vendor's Cortex-M4 the read may bus-fault (the
    # residual risk kinetis.py documents).
    movwt(r1, 0x40048024)
    ldr(r0, [r1, 0])
    lsr(r0, r0, 20)  # FAMILYID 11:8, SUBFAMID 7:4, SERIESID 3:0


@micropython.asm_thumb
def cau_version():
    # CASR (STR on the status register) bits 31:28: the CAU version.
    movwt(r7, _CAU)
    data(2, _LDW, _R4 | _STR_CASR)  # r4 = CASR
    lsr(r0, r4, 28)


@micropython.asm_thumb
def aes_key(r0, r1, r2):
    # FIPS 197 §5.2 key expansion on the CAU's accumulator. r0 ctx (words: [0] Nr,
    # [4 ..] w[0 .. 4 Nr + 3], big-endian), r1 the key, r2 Nk (4, 6 or 8). CAA holds temp
    # = w[i - 1] throughout: each new word is CAA ^ w[i - Nk], stored from CAA.
    movwt(r7, _CAU)
    mov(r4, r2)
    add(r4, 6)
    str(r4, [r0, 0])  # Nr = Nk + 6
    mov(r6, r0)
    add(r6, 16)  # &w[0]
    lsl(r2, r2, 2)  # 4 Nk: the bytes of one row of Nk words
    mov(r3, 0)
    label(COPY)  # w[0 .. Nk - 1] = the key, as big-endian words
    ldr(r4, [r1, 0])
    data(2, _REV4)
    str(r4, [r6, 0])
    add(r1, 4)
    add(r6, 4)
    add(r3, 4)
    cmp(r3, r2)
    blt(COPY)
    ldr(r1, [r0, 0])  # r1 = &w[4 (Nr + 1)], the end of the schedule
    add(r1, 1)
    lsl(r1, r1, 4)
    add(r1, r1, r0)
    add(r1, 16)
    data(2, _STW, _R4 | _LDR_CAA)  # CAA = w[Nk - 1]
    movwt(r5, 0x01000000)  # Rcon[1]
    label(ROW)
    # i mod Nk = 0: temp = SubWord(RotWord(temp)) ^ Rcon[i / Nk]
    mov(r4, 8)
    data(2, _STW, _R4 | _ROTL_CAA)  # CAA = CAA <<< 8
    movwt(r4, _SUB_CAA)
    str(r4, [r7, 0])  # AESS CAA
    data(2, _STW, _R5 | _XOR_CAA)  # CAA ^= Rcon
    lsl(r5, r5, 1)  # Rcon = x * Rcon in GF(2^8): a carry out of bit 31 means x^8 ...
    bcc(RCON)
    movwt(r5, 0x1B000000)  # ... which reduces to x^4 + x^3 + x + 1
    label(RCON)
    mov(r3, 0)  # byte offset of w[i] in its row
    label(WORD)
    sub(r4, r6, r2)
    ldr(r4, [r4, 0])  # w[i - Nk]
    data(2, _STW, _R4 | _XOR_CAA)
    data(2, _LDW, _R4 | _STR_CAA)
    str(r4, [r6, 0])  # w[i] = temp ^ w[i - Nk]
    add(r6, 4)
    cmp(r6, r1)
    beq(DONE)
    add(r3, 4)
    cmp(r3, r2)
    beq(ROW)
    cmp(r3, 16)  # Nk = 8 and i mod Nk = 4: temp = SubWord(temp)
    bne(WORD)
    cmp(r2, 32)
    bne(WORD)
    movwt(r4, _SUB_CAA)
    str(r4, [r7, 0])
    b(WORD)
    label(DONE)


@micropython.asm_thumb
def aes_encrypt(r0, r1, r2, r3):
    # FIPS 197 §5.1 on ctx[1] blocks from r1 (src) to r2 (dst) with the schedule of aes_key
    # in r0 (ctx). Mode ctx[2]: 0 ECB; 1 CBC (SP 800-38A §6.2: the block XOR the chaining
    # value r3 before, r3 = the ciphertext after); 2 CTR (§6.5: the cipher input is the
    # counter r3, the output src XOR E(counter), the counter += 1 as a 128-bit big-endian
    # number); 3 the same with a 32-bit counter (GCM's inc32, SP 800-38D §6.2). Each block
    # is read whole before it is written, so dst may be src. ctx[1] counts down to 0.
    # Registers: r7 CAU, r8/r9 the round's two command words, r10 &round key Nr,
    # r4/r5 data, r6 the round key pointer.
    push({r8, r9, r10})
    movwt(r7, _CAU)
    movwt(r4, _ENC1)
    mov(r8, r4)
    movwt(r4, _ENC2)
    mov(r9, r4)
    ldr(r4, [r0, 0])
    lsl(r4, r4, 4)
    add(r4, r4, r0)
    add(r4, 16)
    mov(r10, r4)  # &rk[Nr] = ctx + 16 + 16 Nr
    label(BLOCK)
    ldr(r4, [r0, 4])
    cmp(r4, 0)
    beq_w(DONE)
    sub(r4, 1)
    str(r4, [r0, 4])
    ldr(r6, [r0, 8])
    cmp(r6, 1)
    beq(CBC_IN)
    bgt(CTR_IN)
    ldr(r4, [r1, 0])  # ECB: the state is the source block
    data(2, _REV4)
    data(2, _STW, _R4 | _LDR_CA0)
    ldr(r4, [r1, 4])
    data(2, _REV4)
    data(2, _STW, _R4 | _LDR_CA0 + 4)
    ldr(r4, [r1, 8])
    data(2, _REV4)
    data(2, _STW, _R4 | _LDR_CA0 + 8)
    ldr(r4, [r1, 12])
    data(2, _REV4)
    data(2, _STW, _R4 | _LDR_CA0 + 12)
    b(CIPHER)
    label(CBC_IN)  # CBC: the source block XOR the chaining value
    ldr(r4, [r1, 0])
    ldr(r5, [r3, 0])
    eor(r4, r5)
    data(2, _REV4)
    data(2, _STW, _R4 | _LDR_CA0)
    ldr(r4, [r1, 4])
    ldr(r5, [r3, 4])
    eor(r4, r5)
    data(2, _REV4)
    data(2, _STW, _R4 | _LDR_CA0 + 4)
    ldr(r4, [r1, 8])
    ldr(r5, [r3, 8])
    eor(r4, r5)
    data(2, _REV4)
    data(2, _STW, _R4 | _LDR_CA0 + 8)
    ldr(r4, [r1, 12])
    ldr(r5, [r3, 12])
    eor(r4, r5)
    data(2, _REV4)
    data(2, _STW, _R4 | _LDR_CA0 + 12)
    b(CIPHER)
    label(CTR_IN)  # CTR: the counter block, then the counter += 1
    ldr(r4, [r3, 0])
    data(2, _REV4)
    data(2, _STW, _R4 | _LDR_CA0)
    ldr(r4, [r3, 4])
    data(2, _REV4)
    data(2, _STW, _R4 | _LDR_CA0 + 4)
    ldr(r4, [r3, 8])
    data(2, _REV4)
    data(2, _STW, _R4 | _LDR_CA0 + 8)
    ldr(r4, [r3, 12])
    data(2, _REV4)
    data(2, _STW, _R4 | _LDR_CA0 + 12)
    add(r4, 1)  # the low word + 1 (ADDS: Z set when it wraps to 0, a carry)
    data(2, _REV4)
    str(r4, [r3, 12])
    bne(CIPHER)
    cmp(r6, 3)  # GCM: the carry stops at 32 bits
    beq(CIPHER)
    ldr(r4, [r3, 8])
    data(2, _REV4)
    add(r4, 1)
    data(2, _REV4)
    str(r4, [r3, 8])
    bne(CIPHER)
    ldr(r4, [r3, 4])
    data(2, _REV4)
    add(r4, 1)
    data(2, _REV4)
    str(r4, [r3, 4])
    bne(CIPHER)
    ldr(r4, [r3, 0])
    data(2, _REV4)
    add(r4, 1)
    data(2, _REV4)
    str(r4, [r3, 0])
    label(CIPHER)
    mov(r6, r0)
    add(r6, 16)
    ldr(r4, [r6, 0])  # AddRoundKey(0)
    data(2, _STW, _R4 | _XOR_CA0)
    ldr(r4, [r6, 4])
    data(2, _STW, _R4 | _XOR_CA0 + 4)
    ldr(r4, [r6, 8])
    data(2, _STW, _R4 | _XOR_CA0 + 8)
    ldr(r4, [r6, 12])
    data(2, _STW, _R4 | _XOR_CA0 + 12)
    mov(r5, r10)
    label(ROUND)  # rounds 1 .. Nr - 1
    add(r6, 16)
    cmp(r6, r5)
    beq(LAST)
    mov(r4, r8)
    str(r4, [r7, 0])  # SubBytes on CA0, CA1, CA2
    mov(r4, r9)
    str(r4, [r7, 0])  # SubBytes on CA3, ShiftRows
    ldr(r4, [r6, 0])  # MixColumns and AddRoundKey, a column each
    data(2, _STW, _R4 | _AESC_CA0)
    ldr(r4, [r6, 4])
    data(2, _STW, _R4 | _AESC_CA0 + 4)
    ldr(r4, [r6, 8])
    data(2, _STW, _R4 | _AESC_CA0 + 8)
    ldr(r4, [r6, 12])
    data(2, _STW, _R4 | _AESC_CA0 + 12)
    b(ROUND)
    label(LAST)  # round Nr: no MixColumns
    mov(r4, r8)
    str(r4, [r7, 0])
    mov(r4, r9)
    str(r4, [r7, 0])
    ldr(r4, [r6, 0])
    data(2, _STW, _R4 | _XOR_CA0)
    ldr(r4, [r6, 4])
    data(2, _STW, _R4 | _XOR_CA0 + 4)
    ldr(r4, [r6, 8])
    data(2, _STW, _R4 | _XOR_CA0 + 8)
    ldr(r4, [r6, 12])
    data(2, _STW, _R4 | _XOR_CA0 + 12)
    ldr(r6, [r0, 8])
    cmp(r6, 1)
    beq(CBC_OUT)
    bgt(CTR_OUT)
    data(2, _LDW, _R4 | _STR_CA0)  # ECB: the output block
    data(2, _REV4)
    str(r4, [r2, 0])
    data(2, _LDW, _R4 | _STR_CA0 + 4)
    data(2, _REV4)
    str(r4, [r2, 4])
    data(2, _LDW, _R4 | _STR_CA0 + 8)
    data(2, _REV4)
    str(r4, [r2, 8])
    data(2, _LDW, _R4 | _STR_CA0 + 12)
    data(2, _REV4)
    str(r4, [r2, 12])
    b(NEXT)
    label(CBC_OUT)  # CBC: the output block is also the next chaining value
    data(2, _LDW, _R4 | _STR_CA0)
    data(2, _REV4)
    str(r4, [r2, 0])
    str(r4, [r3, 0])
    data(2, _LDW, _R4 | _STR_CA0 + 4)
    data(2, _REV4)
    str(r4, [r2, 4])
    str(r4, [r3, 4])
    data(2, _LDW, _R4 | _STR_CA0 + 8)
    data(2, _REV4)
    str(r4, [r2, 8])
    str(r4, [r3, 8])
    data(2, _LDW, _R4 | _STR_CA0 + 12)
    data(2, _REV4)
    str(r4, [r2, 12])
    str(r4, [r3, 12])
    b(NEXT)
    label(CTR_OUT)  # CTR: the source block XOR the key stream
    data(2, _LDW, _R4 | _STR_CA0)
    data(2, _REV4)
    ldr(r5, [r1, 0])
    eor(r4, r5)
    str(r4, [r2, 0])
    data(2, _LDW, _R4 | _STR_CA0 + 4)
    data(2, _REV4)
    ldr(r5, [r1, 4])
    eor(r4, r5)
    str(r4, [r2, 4])
    data(2, _LDW, _R4 | _STR_CA0 + 8)
    data(2, _REV4)
    ldr(r5, [r1, 8])
    eor(r4, r5)
    str(r4, [r2, 8])
    data(2, _LDW, _R4 | _STR_CA0 + 12)
    data(2, _REV4)
    ldr(r5, [r1, 12])
    eor(r4, r5)
    str(r4, [r2, 12])
    label(NEXT)
    add(r1, 16)
    add(r2, 16)
    b(BLOCK)
    label(DONE)
    pop({r8, r9, r10})


@micropython.asm_thumb
def aes_decrypt(r0, r1, r2, r3):
    # FIPS 197 §5.3 (the inverse cipher, with the encryption schedule read backwards) on
    # ctx[1] blocks. Mode ctx[2]: 0 ECB; 1 CBC (SP 800-38A §6.2: the output XOR the
    # chaining value r3, then r3 = this ciphertext block, read again from src before dst is
    # written, so dst may be src). Registers as in aes_encrypt; r10 &round key 0.
    push({r8, r9, r10})
    movwt(r7, _CAU)
    movwt(r4, _DEC1)
    mov(r8, r4)
    movwt(r4, _DEC2)
    mov(r9, r4)
    mov(r4, r0)
    add(r4, 16)
    mov(r10, r4)
    label(BLOCK)
    ldr(r4, [r0, 4])
    cmp(r4, 0)
    beq_w(DONE)
    sub(r4, 1)
    str(r4, [r0, 4])
    ldr(r4, [r1, 0])  # the state is the ciphertext block
    data(2, _REV4)
    data(2, _STW, _R4 | _LDR_CA0)
    ldr(r4, [r1, 4])
    data(2, _REV4)
    data(2, _STW, _R4 | _LDR_CA0 + 4)
    ldr(r4, [r1, 8])
    data(2, _REV4)
    data(2, _STW, _R4 | _LDR_CA0 + 8)
    ldr(r4, [r1, 12])
    data(2, _REV4)
    data(2, _STW, _R4 | _LDR_CA0 + 12)
    ldr(r6, [r0, 0])  # r6 = &rk[Nr]
    lsl(r6, r6, 4)
    add(r6, r6, r0)
    add(r6, 16)
    ldr(r4, [r6, 0])  # AddRoundKey(Nr)
    data(2, _STW, _R4 | _XOR_CA0)
    ldr(r4, [r6, 4])
    data(2, _STW, _R4 | _XOR_CA0 + 4)
    ldr(r4, [r6, 8])
    data(2, _STW, _R4 | _XOR_CA0 + 8)
    ldr(r4, [r6, 12])
    data(2, _STW, _R4 | _XOR_CA0 + 12)
    mov(r5, r10)
    label(ROUND)  # rounds Nr - 1 .. 1
    sub(r6, 16)
    cmp(r6, r5)
    beq(LAST)
    mov(r4, r8)
    str(r4, [r7, 0])  # InvShiftRows, InvSubBytes on CA3, CA2
    mov(r4, r9)
    str(r4, [r7, 0])  # InvSubBytes on CA1, CA0
    ldr(r4, [r6, 0])  # AddRoundKey then InvMixColumns, a column each
    data(2, _STW, _R4 | _AESIC_CA0)
    ldr(r4, [r6, 4])
    data(2, _STW, _R4 | _AESIC_CA0 + 4)
    ldr(r4, [r6, 8])
    data(2, _STW, _R4 | _AESIC_CA0 + 8)
    ldr(r4, [r6, 12])
    data(2, _STW, _R4 | _AESIC_CA0 + 12)
    b(ROUND)
    label(LAST)  # the last round: AddRoundKey(0), no InvMixColumns
    mov(r4, r8)
    str(r4, [r7, 0])
    mov(r4, r9)
    str(r4, [r7, 0])
    ldr(r4, [r6, 0])
    data(2, _STW, _R4 | _XOR_CA0)
    ldr(r4, [r6, 4])
    data(2, _STW, _R4 | _XOR_CA0 + 4)
    ldr(r4, [r6, 8])
    data(2, _STW, _R4 | _XOR_CA0 + 8)
    ldr(r4, [r6, 12])
    data(2, _STW, _R4 | _XOR_CA0 + 12)
    ldr(r6, [r0, 8])
    cmp(r6, 0)
    bne(CBC_OUT)
    data(2, _LDW, _R4 | _STR_CA0)  # ECB: the output block
    data(2, _REV4)
    str(r4, [r2, 0])
    data(2, _LDW, _R4 | _STR_CA0 + 4)
    data(2, _REV4)
    str(r4, [r2, 4])
    data(2, _LDW, _R4 | _STR_CA0 + 8)
    data(2, _REV4)
    str(r4, [r2, 8])
    data(2, _LDW, _R4 | _STR_CA0 + 12)
    data(2, _REV4)
    str(r4, [r2, 12])
    b(NEXT)
    label(CBC_OUT)  # CBC: P = D(C) ^ chaining value; chaining value = C
    data(2, _LDW, _R4 | _STR_CA0)
    data(2, _REV4)
    ldr(r5, [r3, 0])
    eor(r4, r5)
    ldr(r5, [r1, 0])
    str(r5, [r3, 0])
    str(r4, [r2, 0])
    data(2, _LDW, _R4 | _STR_CA0 + 4)
    data(2, _REV4)
    ldr(r5, [r3, 4])
    eor(r4, r5)
    ldr(r5, [r1, 4])
    str(r5, [r3, 4])
    str(r4, [r2, 4])
    data(2, _LDW, _R4 | _STR_CA0 + 8)
    data(2, _REV4)
    ldr(r5, [r3, 8])
    eor(r4, r5)
    ldr(r5, [r1, 8])
    str(r5, [r3, 8])
    str(r4, [r2, 8])
    data(2, _LDW, _R4 | _STR_CA0 + 12)
    data(2, _REV4)
    ldr(r5, [r3, 12])
    eor(r4, r5)
    ldr(r5, [r1, 12])
    str(r5, [r3, 12])
    str(r4, [r2, 12])
    label(NEXT)
    add(r1, 16)
    add(r2, 16)
    b(BLOCK)
    label(DONE)
    pop({r8, r9, r10})


@micropython.asm_thumb
def sha256_compress(r0, r1, r2, r3):
    # FIPS 180-4 §6.2.2 on r3 blocks at r1 + r2, chaining value st[0..7] (r0: the sha256
    # backend's 24-word state, whose scratch words are not used). The CAU holds a..h in
    # CA0..CA7; per round (the manual's SHA-256 command set): CAA = W[t], then ADRA CA7,
    # HASH HF2T, HASH HF2C (+ h, Σ1(e), Ch(e, f, g)), ADR K[t]: T1; MVAR CA8 (CA8 = T1), HASH
    # HF2S, HASH HF2M (+ Σ0(a), Maj(a, b, c)): T1 + T2; SHS2 shifts a..h (e = d + T1).
    # The schedule (step 1) is computed on the CAU too: W[t] = W[t-16] + σ0(W[t-15]) (HASH
    # HF2U on CA8) + W[t-7] + σ1(W[t-2]) (HF2V). W[0..63] is kept on the stack (256 bytes).
    # Registers: r7 CAU, r6 &K[t], r5 &W[t] (first loop) or &W[t-16], r2 round counter,
    # r8/r9/r12 the round's command words, r10 HF2V, lr HF2U (free: the entry pushed it),
    # r11 &K[0].
    push({r8, r9, r10, r11})
    data(2, 0xB0C0)  # sub sp, #256
    add(r1, r1, r2)
    mov(r4, pc)  # reads as this instruction's address + 4: K, just after the branch
    b(CODE)
    # FIPS 180-4 §4.2.2: K[0..63]
    data(4, 0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5)
    data(4, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174)
    data(4, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da)
    data(4, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967)
    data(4, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85)
    data(4, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070)
    data(4, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3)
    data(4, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2)
    label(CODE)
    mov(r11, r4)
    movwt(r7, _CAU)
    movwt(r4, _SHA1)
    mov(r8, r4)
    movwt(r4, _SHA2)
    mov(r9, r4)
    movwt(r4, _SHS2)
    mov(r12, r4)
    movwt(r4, _HF2V)
    mov(r10, r4)
    movwt(r4, _HF2U)
    mov(lr, r4)
    label(BLOCK)
    cmp(r3, 0)
    beq_w(DONE)
    sub(r3, 1)
    ldr(r4, [r0, 0])  # CA0..CA7 = H0..H7
    data(2, _STW, _R4 | _LDR_CA0)
    ldr(r4, [r0, 4])
    data(2, _STW, _R4 | _LDR_CA0 + 4)
    ldr(r4, [r0, 8])
    data(2, _STW, _R4 | _LDR_CA0 + 8)
    ldr(r4, [r0, 12])
    data(2, _STW, _R4 | _LDR_CA0 + 12)
    ldr(r4, [r0, 16])
    data(2, _STW, _R4 | _LDR_CA0 + 16)
    ldr(r4, [r0, 20])
    data(2, _STW, _R4 | _LDR_CA0 + 20)
    ldr(r4, [r0, 24])
    data(2, _STW, _R4 | _LDR_CA0 + 24)
    ldr(r4, [r0, 28])
    data(2, _STW, _R4 | _LDR_CA0 + 28)
    mov(r6, r11)
    mov(r5, sp)
    mov(r2, 16)
    label(R16)  # t = 0 .. 15: W[t] is the block's word t
    ldr(r4, [r1, 0])
    data(2, _REV4)
    str(r4, [r5, 0])
    data(2, _STW, _R4 | _LDR_CAA)
    mov(r4, r8)
    str(r4, [r7, 0])
    ldr(r4, [r6, 0])
    data(2, _STW, _R4 | _ADR_CAA)
    mov(r4, r9)
    str(r4, [r7, 0])
    mov(r4, r12)
    str(r4, [r7, 0])
    add(r1, 4)
    add(r5, 4)
    add(r6, 4)
    sub(r2, 1)
    bne(R16)
    mov(r5, sp)
    mov(r2, 48)
    label(R64)  # t = 16 .. 63, r5 = &W[t - 16]
    ldr(r4, [r5, 0])
    data(2, _STW, _R4 | _LDR_CAA)  # CAA = W[t-16]
    ldr(r4, [r5, 4])
    data(2, _STW, _R4 | _LDR_CA8)  # CA8 = W[t-15]
    mov(r4, lr)
    str(r4, [r7, 0])  # CAA += σ0(CA8)
    ldr(r4, [r5, 36])
    data(2, _STW, _R4 | _ADR_CAA)  # CAA += W[t-7]
    ldr(r4, [r5, 56])
    data(2, _STW, _R4 | _LDR_CA8)  # CA8 = W[t-2]
    mov(r4, r10)
    str(r4, [r7, 0])  # CAA += σ1(CA8): W[t]
    data(2, _LDW, _R4 | _STR_CAA)
    str(r4, [r5, 64])
    mov(r4, r8)
    str(r4, [r7, 0])
    ldr(r4, [r6, 0])
    data(2, _STW, _R4 | _ADR_CAA)
    mov(r4, r9)
    str(r4, [r7, 0])
    mov(r4, r12)
    str(r4, [r7, 0])
    add(r5, 4)
    add(r6, 4)
    sub(r2, 1)
    bne(R64)
    # H(i) = H(i-1) + a..h (§6.2.2 step 4), through ADR on each register
    ldr(r4, [r0, 0])
    data(2, _STW, _R4 | _ADR_CA0)
    data(2, _LDW, _R4 | _STR_CA0)
    str(r4, [r0, 0])
    ldr(r4, [r0, 4])
    data(2, _STW, _R4 | _ADR_CA0 + 4)
    data(2, _LDW, _R4 | _STR_CA0 + 4)
    str(r4, [r0, 4])
    ldr(r4, [r0, 8])
    data(2, _STW, _R4 | _ADR_CA0 + 8)
    data(2, _LDW, _R4 | _STR_CA0 + 8)
    str(r4, [r0, 8])
    ldr(r4, [r0, 12])
    data(2, _STW, _R4 | _ADR_CA0 + 12)
    data(2, _LDW, _R4 | _STR_CA0 + 12)
    str(r4, [r0, 12])
    ldr(r4, [r0, 16])
    data(2, _STW, _R4 | _ADR_CA0 + 16)
    data(2, _LDW, _R4 | _STR_CA0 + 16)
    str(r4, [r0, 16])
    ldr(r4, [r0, 20])
    data(2, _STW, _R4 | _ADR_CA0 + 20)
    data(2, _LDW, _R4 | _STR_CA0 + 20)
    str(r4, [r0, 20])
    ldr(r4, [r0, 24])
    data(2, _STW, _R4 | _ADR_CA0 + 24)
    data(2, _LDW, _R4 | _STR_CA0 + 24)
    str(r4, [r0, 24])
    ldr(r4, [r0, 28])
    data(2, _STW, _R4 | _ADR_CA0 + 28)
    data(2, _LDW, _R4 | _STR_CA0 + 28)
    str(r4, [r0, 28])
    b(BLOCK)
    label(DONE)
    data(2, 0xB040)  # add sp, #256
    pop({r8, r9, r10, r11})


@micropython.asm_thumb
def rnga_start(r0, r1, r2):
    # r0 = the RNGA's base >> 12; r1 = the SIM register of its clock gate, as an offset from
    # 0x40048000 (0x3C: SCGC6 on the K64, 0x30: SCGC3 on the K66); r2 = the gate's bit (9 on
    # the K64, 0 on the K66). The clock first (a gated peripheral bus-faults), then CR = GO |
    # HA | INTM | CLRI (run, high-assurance mode: a security violation stops the output;
    # interrupts masked; old error flag cleared). Returns SR.
    lsl(r0, r0, 12)
    movwt(r3, 0x40048000)
    add(r1, r1, r3)
    ldr(r3, [r1, 0])  # SIM_SCGCn
    mov(r4, 1)
    lsl(r4, r2)
    orr(r3, r4)
    str(r3, [r1, 0])
    mov(r2, 0xF)
    str(r2, [r0, 0])  # CR
    ldr(r0, [r0, 4])  # SR


@micropython.asm_thumb
def rnga_read(r0, r1, r2, r3):
    # Up to r1 words of the RNGA (base r2 << 12) into r0, polling SR at most r3 times per
    # word. Returns the number of words read (fewer than r1: the RNGA stopped). Normal mode
    # first (CR[SLP] cleared, the rest of CR kept): in sleep mode the block loads no new
    # word, and another owner (Zephyr's entropy driver, drivers/entropy/entropy_mcux_rnga.c)
    # puts it to sleep after each of its draws. A read of OR that found it empty (SR[LRS]
    # set after it: another reader took the word between our SR and OR reads) is
    # discarded, never returned.
    lsl(r2, r2, 12)
    ldr(r4, [r2, 0])  # CR
    mov(r5, 0x10)  # CR[SLP]
    bic(r4, r5)
    str(r4, [r2, 0])
    mov(r6, 0)
    label(WORD)
    cmp(r6, r1)
    beq(DONE)
    mov(r5, r3)
    label(POLL)
    ldr(r4, [r2, 4])  # SR
    lsl(r4, r4, 16)
    lsr(r4, r4, 24)  # OREG_LVL (bits 15:8): a word is ready
    bne(READY)
    label(AGAIN)
    sub(r5, 1)
    bne(POLL)
    b(DONE)
    label(READY)
    ldr(r4, [r2, 12])  # OR
    ldr(r7, [r2, 4])  # SR again
    lsr(r7, r7, 2)  # LRS (bit 1) into the carry: that read underflowed
    bcs(AGAIN)
    str(r4, [r0, 0])
    add(r0, 4)
    add(r6, 1)
    b(WORD)
    label(DONE)
    mov(r0, r6)


@micropython.asm_thumb
def rnga_status(r0):
    # SR of the RNGA at r0 << 12 (SLP bit 4, OREG_LVL bits 15:8): why a read came back short.
    lsl(r0, r0, 12)
    ldr(r0, [r0, 4])
