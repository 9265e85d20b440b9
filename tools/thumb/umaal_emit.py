"""The Thumb-2 UMAAL Montgomery kernels (asm_thumb, Cortex-M4/M7/M55/M85), written by one set
of emitters for both of their users:

- ``modules/mpcrypto/ec/field/thumb_umaal.py``: one multiplier ``_mul<N>`` and one field-program
  runner ``_run<N>`` per word count of the EC field kernels, every word written out
  (``generate_ec``);
- ``modules/mpcrypto/pk/mpi_thumb_asm.py``: the MPI engine's any-size kernels ``_mont``, ``_sqr``
  and ``_select``, loops of four words a pass (``generate_mpi``); ``pk/mpi_thumb.py`` is their
  Python side and documents them.

Both are written and checked by ``tools/thumb/gen_field.py`` (``--check``); this module is
the library it imports.

The emitters append source lines (``w``, a list's ``append``) and share one register plan:
in a UMAAL chain r0 is the multiplier word (x_i or m), r1 the carry, r2 the word of t, r4 the
word of y or p, r5 the y or p cursor, r6 the t cursor, r7 a loop end; r3 is the context.
``_words`` writes every run of words out (word j at offset + 4j from its base register): the
EC kernels' whole operands, the MPI loops' four-word passes.
"""

import os

from tools import ROOT

EC_OUT = os.path.join(ROOT, "modules", "mpcrypto", "ec", "field", "thumb_umaal.py")
MPI_OUT = os.path.join(ROOT, "modules", "mpcrypto", "pk", "mpi_thumb_asm.py")


# -- emitters ------------------------------------------------------------------------------


# UMAAL RdLo, RdHi, Rn, Rm (ARMv7E-M / ARMv8-M DSP; Thumb-2 encoding T1, ARM DDI 0403E
# A7.7.178): 1111 1011 1110 Rn | RdLo RdHi 0110 Rm. RdHi:RdLo = Rn * Rm + RdLo + RdHi.
# The inline assembler has no mnemonic for it, hence data(2, ...).
def _umaal(lo, hi, n, m):
    return "data(2, 0x%04X, 0x%04X)" % (0xFBE0 | n, (lo << 12) | (hi << 8) | 0x60 | m)


UMAAL = _umaal(2, 1, 0, 4)  # the chain step: r1:r2 = r0 r4 + r2 + r1


def _asm_def(w, sig, *comment):
    # The head of an asm_thumb function: two blank lines, decorator, signature, comment lines.
    w("")
    w("")
    w("@micropython.asm_thumb")
    w("def %s:" % sig)
    for c in comment:
        w("    # " + c)


def _ins(w, *insns):
    for s in insns:
        w("    " + s)


def _words(w, k, loads, ops, store=None, first=None):
    # k words written out. Word j: each load (reg, base, offset) from offset + 4j, the ops
    # (``first`` instead for word 0 when given), the store (reg, base, offset) at offset + 4j.
    for j in range(k):
        for reg, base, off in loads:
            w("    ldr(%s, [%s, %d])" % (reg, base, off + 4 * j))
        for op in (first if j == 0 and first is not None else ops):
            w("    " + op)
        if store is not None:
            w("    str(%s, [%s, %d])" % (store[0], store[1], store[2] + 4 * j))


def _umaal_chain(w, k, t=0, src=0, out=None):
    # k UMAAL steps: t_j + r0 src_j + carry, t_j from r6 + t + 4j, src_j from r5 + src + 4j; the
    # low word back to r6 + out + 4j (out None: where it came from), the carry on in r1.
    _words(w, k, [("r2", "r6", t), ("r4", "r5", src)], [UMAAL], ("r2", "r6", t if out is None else out))


def _addsub(w, k, op, a, b, out, first=True, mask=None):
    # out = a op b (op "add" or "sub") over k words, the carry chained through the flags:
    # ADDS/SUBS on word 0 (first False: ADC/SBC there too, the carry coming in); b's word is
    # ANDed with the register ``mask`` first when given. a, b, out: (base register, offset).
    pre = ["and_(r4, %s)" % mask] if mask else []
    _words(w, k, [("r2",) + a, ("r4",) + b], pre + ["%s(r2, r4)" % {"add": "adc", "sub": "sbc"}[op]],
           ("r2",) + out, first=pre + ["%s(r2, r2, r4)" % op] if first else None)


def _keep(w, k, a, b, out, mask, x):
    # out = b where ``mask`` is all ones, else a (mask all ones or zero), k words: x = a_j,
    # r4 = b_j, x ^= (a_j ^ b_j) AND mask. a, b, out: (base register, offset).
    _words(w, k, [(x,) + a, ("r4",) + b], ["eor(r4, %s)" % x, "and_(r4, %s)" % mask, "eor(%s, r4)" % x],
           (x,) + out)


def _next(w, regs, nbytes, test, label):
    # The end of a loop pass: the cursors on by nbytes, again unless ``test`` reached r7.
    for r in regs:
        w("    add(%s, %d)" % (r, nbytes))
    _ins(w, "cmp(%s, r7)" % test, "bne(%s)" % label)


def _branch_back(w, a, b, target, done, note=""):
    # Back to ``target`` unless a == b: a conditional branch reaches only 256 bytes back.
    _ins(w, "cmp(%s, %s)" % (a, b), "beq(%s)" % done, "b(%s)%s" % (target, note), "label(%s)" % done)


def _zero(w, reg, k, label=None):
    # reg = 0, then k words of zeros from r6: written out, or (label) a loop of k words a pass
    # up to r7.
    _ins(w, "mov(%s, 0)" % reg)
    if label is not None:
        _ins(w, "label(%s)" % label)
    _words(w, k, [], [], (reg, "r6", 0))
    if label is not None:
        _next(w, ["r6"], 4 * k, "r6", label)


def _row_carry(w, off):
    # The end of a t += x_i y row: t[off] += the carry, and its carry out to t[off + 4].
    _ins(w, "ldr(r2, [r6, %d])" % off, "add(r2, r2, r1)", "str(r2, [r6, %d])" % off,
         "mov(r1, 0)", "adc(r1, r1)", "str(r1, [r6, %d])" % (off + 4))


def _m_word(w):
    # r0 = m = t_0 (-p^-1) mod 2^32 (ctx word 1), r5 = the address of p (ctx word 0); r2 = t_0.
    _ins(w, "ldr(r2, [r6, 0])", "ldr(r0, [r3, 4])", "mul(r0, r2)", "ldr(r5, [r3, 0])")


def _reduce_head(w):
    # m, then the first step of t + m p: t_0 + m p_0 is 0 mod 2^32, only its carry goes on.
    _m_word(w)
    _ins(w, "mov(r1, 0)", "ldr(r4, [r5, 0])", UMAAL)


def _reduce_tail(w, off):
    # The end of a (t + m p) / 2^32 row (t's words one down): t[off] = t[off + 4] + the carry,
    # t[off + 4] = t[off + 8] + its carry.
    _ins(w, "ldr(r2, [r6, %d])" % (off + 4), "add(r2, r2, r1)", "str(r2, [r6, %d])" % off,
         "ldr(r2, [r6, %d])" % (off + 8), "mov(r1, 0)", "adc(r2, r1)", "str(r2, [r6, %d])" % (off + 4))


def _top_mask(w, off):
    # r2 = all ones when t's top word minus the borrow in C is negative (t < p), else 0.
    _ins(w, "ldr(r2, [r6, %d])" % off, "mov(r4, 0)", "sbc(r2, r4)", "asr(r2, r2, 31)")


_SUB_TP = (("r6", 0), ("r5", 0), ("r0", 0))  # d (r0) = t (r6) - p (r5)
_KEEP_T = (("r0", 0), ("r6", 0), ("r0", 0))  # d (r0) = t (r6) by mask (r2)


def _final_sub(w, n=None, t=None):
    # The masked final subtraction of Montgomery multiplication: d = t - p, then d = t again
    # if that borrowed (t < p), chosen by mask. On entry r0 = d, r5 = p, r6 = t. n words
    # written out (n given), or (n None) passes of four words up to r7 = t + 4N with the borrow
    # kept in r1 between passes ("cmp r1, 1" sets C from it), then the masking pass word by
    # word with d and t reloaded from the context (bytes 32 and t of ctx).
    if n is not None:
        _addsub(w, n, "sub", *_SUB_TP)
        _top_mask(w, 4 * n)
        _keep(w, n, *_KEEP_T, mask="r2", x="r1")
        return
    _ins(w, "mov(r1, 1)", "label(SUB)", "cmp(r1, 1)")
    _addsub(w, 4, "sub", *_SUB_TP, first=False)
    _ins(w, "mov(r1, 0)", "adc(r1, r1)")
    _next(w, ["r0", "r5", "r6"], 16, "r6", "SUB")
    w("    # r2 = all ones when t_N - borrow < 0, i.e. t < p: then d = t, by mask")
    _ins(w, "cmp(r1, 1)")
    _top_mask(w, 0)
    _ins(w, "ldr(r0, [r3, 32])", "ldr(r6, [r3, %d])" % t, "label(KEEP)")
    _keep(w, 1, *_KEEP_T, mask="r2", x="r1")
    _next(w, ["r0", "r6"], 4, "r6", "KEEP")


# -- ec/field/thumb_umaal.py: per word count, written out ----------------------------------


def _mul_body(n, w, pfx=""):
    # The MUL code: r0 = d, r1 = x, r2 = y, r3 = ctx on entry; labels prefixed with pfx.
    _ins(w, "str(r0, [r3, 12])", "str(r2, [r3, 16])", "mov(r7, r1)", "mov(r4, r1)", "add(r4, %d)" % (4 * n),
         "str(r4, [r3, 20])", "mov(r6, r3)", "add(r6, 32)")
    _zero(w, "r1", n + 2)
    _ins(w, "label(%sROW)" % pfx, "ldr(r5, [r3, 16])", "ldr(r0, [r7, 0])", "mov(r1, 0)")
    _umaal_chain(w, n)
    _row_carry(w, 4 * n)
    w("    # reduction: m = t[0] * minv; t = (t + m * p) / 2^32")
    _reduce_head(w)
    _umaal_chain(w, n - 1, 4, 4, 0)
    _reduce_tail(w, 4 * (n - 1))
    _ins(w, "add(r7, 4)", "ldr(r4, [r3, 20])")
    _branch_back(w, "r7", "r4", pfx + "ROW", pfx + "DONE", "  # a conditional branch reaches only 256 bytes back")
    w("    # d = t - p, then d = t again if that borrowed (t < p), by mask")
    _ins(w, "ldr(r0, [r3, 12])")
    _final_sub(w, n)


def _runner(n, w):
    # _run<n>(prog, nops, mem, ctx): a whole field program (4-byte instructions op, d, x, y
    # over slots of 4n bytes; slot 0 = p, whose address is ctx word 0) in one call.
    st = 4 * n
    _asm_def(w, "_run%d(r0, r1, r2, r3)" % n,
             "r0 = prog, r1 = nops, r2 = mem (unused: slot 0's address is ctx word 0), r3 = ctx.",
             "Per instruction: r4 op, r5 d, r6 x, r7 y (slot addresses); ctx [2] the next",
             "instruction, [6] the program's end.")
    _ins(w, "lsl(r1, r1, 2)", "add(r1, r1, r0)", "str(r1, [r3, 24])", "str(r0, [r3, 8])")
    w("    b(CHECK)  # the loop test sits mid-function: every branch stays within 2 KB")
    _ins(w, "label(NEXT)", "ldrb(r4, [r0, 0])", "ldrb(r5, [r0, 1])", "ldrb(r6, [r0, 2])", "ldrb(r7, [r0, 3])",
         "add(r0, 4)", "str(r0, [r3, 8])", "mov(r1, %d)" % st, "mul(r5, r1)", "mul(r6, r1)", "mul(r7, r1)",
         "ldr(r1, [r3, 0])", "add(r5, r5, r1)", "add(r6, r6, r1)", "add(r7, r7, r1)",
         "cmp(r4, 0)", "bne(NOTMUL)", "b(MUL)", "label(NOTMUL)",
         "cmp(r4, 1)", "bne(NOTADD)", "b(ADD)", "label(NOTADD)",
         "cmp(r4, 2)", "beq(SUB)", "b(COPY)", "label(SUB)")
    w("    # SUB: d = x - y, then d += p AND (all ones if that borrowed)")
    _addsub(w, n, "sub", ("r6", 0), ("r7", 0), ("r5", 0))
    _ins(w, "sbc(r1, r1)", "ldr(r6, [r3, 0])")
    _addsub(w, n, "add", ("r5", 0), ("r6", 0), ("r5", 0), mask="r1")
    _ins(w, "b(DONEOP)", "label(COPY)")
    _words(w, n, [("r2", "r6", 0)], [], ("r2", "r5", 0))
    _ins(w, "b(DONEOP)", "label(ADD)")
    w("    # ADD: d = x + y (carry in r1); u = d - p into t (ctx + 32); d = d if the carry")
    w("    # minus u's borrow is -1 (x + y < p), else u, by mask")
    _addsub(w, n, "add", ("r6", 0), ("r7", 0), ("r5", 0))
    _ins(w, "mov(r1, 0)", "adc(r1, r1)", "ldr(r6, [r3, 0])")
    _addsub(w, n, "sub", ("r5", 0), ("r6", 0), ("r3", 32))
    _ins(w, "mov(r4, 0)", "sbc(r1, r4)", "asr(r1, r1, 31)")
    _keep(w, n, ("r3", 32), ("r5", 0), ("r5", 0), mask="r1", x="r2")
    _ins(w, "label(DONEOP)", "label(CHECK)", "ldr(r0, [r3, 8])", "ldr(r1, [r3, 24])")
    _branch_back(w, "r0", "r1", "NEXT", "FIN")
    _ins(w, "b(END)", "label(MUL)", "mov(r0, r5)", "mov(r1, r6)", "mov(r2, r7)")
    _mul_body(n, w, "M")
    _ins(w, "b(DONEOP)", "label(END)")


def generate_ec(sizes):
    """One module of asm_thumb Montgomery multipliers on 32-bit limbs, one per word count:
    ``mul<N>(d, x, y, ctx)``, d = x * y / 2^(32N) mod p. For Cortex-M4/M7/M55/M85 only
    (UMAAL); the backend checks the CPU before it uses them."""
    L = []
    w = L.append
    w('"""Montgomery multiplication in Thumb-2 assembly with UMAAL, for Cortex-M4, M7, M55 and')
    w("M85. GENERATED by tools/thumb/gen_field.py: edit the generator, not this file.")
    w("")
    w("MUL[N](d, x, y, ctx): d = x * y / 2^(32N) mod p on N 32-bit little-endian words, the")
    w("operands in [0, p). ctx is a word buffer: [0] address of p, [1] -p^-1 mod 2^32, [3..5]")
    w("scratch, [8 ..] N + 2 words of scratch for t. CIOS (Koc, Acar, Kaliski 1996) written out")
    w("per word, with a masked final subtraction: the instruction sequence does not depend on")
    w("the values, and UMAAL is a fixed-time instruction on these cores.")
    w("")
    w("RUN[N](prog, nops, mem, ctx): a whole field program (the kernels' 4-byte instructions")
    w("op, d, x, y over slots of 4N bytes, slot 0 = p at ctx word 0) in one call: MUL as above,")
    w("ADD (x + y, then x + y - p kept unless x + y < p, by mask), SUB (x - y, plus p ANDed")
    w("with the borrow's mask) and COPY written out per word; ctx words [2] and [6] hold the")
    w("next instruction and the program's end. The dispatch reads only the program (public),")
    w("so the sequence of a program does not depend on the values either.")
    w("")
    w("Only ARM ports have asm_thumb: elsewhere this module does not compile, and the viper")
    w("kernels' own multiplication runs. Cortex-M3 has no UMAAL (it faults): the field engine")
    w("asks the seam for this module with the requirement ``umaal`` (``mpcrypto._cpu``), met")
    w("only on the cores named above; callers pass arena addresses (``uctypes``).")
    w('"""')
    w("")
    w("import micropython")
    w("import uctypes  # noqa: F401 (no arena addresses without it: then the seam skips this module)")
    w("from mpcrypto._cpu import umaal as probe  # noqa: F401 (what the seam's chain requires)")
    for n in sizes:
        _asm_def(w, "_mul%d(r0, r1, r2, r3)" % n,
                 "r0 = d, r1 = x, r2 = y, r3 = ctx. Registers in the loops: r0 x[i] or m, r1 carry,",
                 "r2 t[j], r4 y[j] or p[j], r5 y or p, r6 t, r7 the address of x[i].")
        _mul_body(n, w)
    for n in sizes:
        _runner(n, w)
    w("")
    w("")
    w("MUL = {%s}" % ", ".join("%d: _mul%d" % (n, n) for n in sizes))
    w("RUN = {%s}" % ", ".join("%d: _run%d" % (n, n) for n in sizes))
    return "\n".join(L) + "\n"


# -- pk/mpi_thumb_asm.py: any word count (a multiple of 4), looped -------------------------


def _to_addresses(w, regs):
    # The MPI kernels take byte offsets from the arena's address (ctx word 9).
    _ins(w, "ldr(r4, [r3, 36])")
    for r in regs:
        w("    add(%s, %s, r4)" % (r, r))


def _umaal_pass(w, label, test):
    # A loop of four UMAAL steps a pass (t at r6, y or p or x at r5) until ``test`` reaches r7.
    _ins(w, "label(%s)" % label)
    _umaal_chain(w, 4)
    _next(w, ["r5", "r6"], 16, test, label)


def _mont(w):
    _asm_def(w, "_mont(r0, r1, r2, r3)",
             "r0 = d, r1 = x, r2 = y (offsets from the arena's address), r3 = ctx. In the loops: r0",
             "x_i or m, r1 carry, r2 t_j, r4 y_j or p_j, r5 y or p cursor, r6 t cursor, r7 loop end.")
    _to_addresses(w, ["r0", "r1", "r2"])
    _ins(w, "str(r0, [r3, 32])", "str(r2, [r3, 28])", "str(r1, [r3, 20])", "ldr(r4, [r3, 12])",
         "ldr(r5, [r3, 8])", "sub(r4, r4, r5)", "add(r4, r4, r1)", "str(r4, [r3, 24])")
    w("    # t = 0 (N + 2 words)")
    _ins(w, "mov(r6, r5)", "ldr(r7, [r3, 12])", "add(r7, 8)")
    _zero(w, "r1", 1, "ZERO")
    _ins(w, "label(ROW)")
    w("    # t += x_i y")
    _ins(w, "ldr(r4, [r3, 20])", "ldr(r0, [r4, 0])", "ldr(r5, [r3, 28])", "ldr(r6, [r3, 8])",
         "ldr(r7, [r3, 12])", "mov(r1, 0)")
    _umaal_pass(w, "MULY", "r6")
    _row_carry(w, 0)
    w("    # t = (t + m p) / 2^32, m = t_0 (-p^-1) mod 2^32")
    _ins(w, "ldr(r6, [r3, 8])")
    _reduce_head(w)
    _umaal_chain(w, 3, 4, 4, 0)
    _ins(w, "add(r6, 12)", "add(r5, 16)", "ldr(r7, [r3, 16])", "label(RED)", "cmp(r6, r7)", "beq(REDEND)")
    _umaal_chain(w, 4, 4, 0, 0)
    _ins(w, "add(r6, 16)", "add(r5, 16)", "b(RED)", "label(REDEND)")
    _reduce_tail(w, 0)
    w("    # next word of x")
    _ins(w, "ldr(r4, [r3, 20])", "add(r4, 4)", "str(r4, [r3, 20])", "ldr(r5, [r3, 24])")
    _branch_back(w, "r4", "r5", "ROW", "DONE", "  # a conditional branch reaches only 256 bytes back")
    w("    # d = t - p (N words; r1 keeps \"no borrow\" between passes: cmp r1, 1 sets C from it)")
    _ins(w, "ldr(r0, [r3, 32])", "ldr(r5, [r3, 0])", "ldr(r6, [r3, 8])", "ldr(r7, [r3, 12])")
    _final_sub(w, t=8)


def _sqr(w):
    _asm_def(w, "_sqr(r0, r1, r2, r3)",
             "d = x^(2^k) (k Montgomery squarings). Registers in the passes: r0 x_i or m, r1 carry,",
             "r2 t_j, r4 x_j or p_j, r5 x or p cursor, r6 t cursor, r7 loop end.",
             "r0 = d, r1 = x (offsets from the arena's address), r2 = k >= 1, r3 = ctx.")
    _to_addresses(w, ["r0", "r1"])
    _ins(w, "str(r0, [r3, 32])", "str(r2, [r3, 56])", "label(AGAIN)", "str(r1, [r3, 20])")
    w("    # t = 0 (2N words); [15] = 4N; [6] = x + 4N")
    _ins(w, "ldr(r6, [r3, 8])", "ldr(r7, [r3, 12])", "sub(r7, r7, r6)", "str(r7, [r3, 60])", "add(r4, r7, r1)",
         "str(r4, [r3, 24])", "add(r7, r7, r7)", "add(r7, r7, r6)")
    _zero(w, "r2", 4, "ZERO")
    w("    # the cross products: row i adds x_i (x_(i+1) .. x_(N-1)) at t_(2i+1) and stores its carry at")
    w("    # t_(i+N); (N - 1 - i) mod 4 single steps, then four words per pass. [16] &x_i, [17] &t_(2i+1)")
    _ins(w, "str(r1, [r3, 64])", "ldr(r6, [r3, 8])", "add(r6, 4)", "str(r6, [r3, 68])",
         "label(XROW)", "ldr(r5, [r3, 64])", "ldr(r0, [r5, 0])", "add(r5, 4)", "ldr(r6, [r3, 68])",
         "ldr(r7, [r3, 24])", "mov(r1, 0)", "sub(r2, r7, r5)", "lsr(r2, r2, 2)", "mov(r4, 3)", "and_(r2, r4)",
         "cmp(r2, 3)", "beq(H3)", "cmp(r2, 2)", "beq(H2)", "cmp(r2, 1)", "beq(H1)", "b(XBODY)")
    for h in (3, 2, 1):
        _ins(w, "label(H%d)" % h)
        _umaal_chain(w, 1)
        _ins(w, "add(r5, 4)", "add(r6, 4)")
    _ins(w, "label(XBODY)", "cmp(r5, r7)", "beq(XEND)")
    _umaal_pass(w, "XLOOP", "r5")
    _ins(w, "label(XEND)", "str(r1, [r6, 0])", "ldr(r5, [r3, 64])", "add(r5, 4)", "str(r5, [r3, 64])",
         "ldr(r6, [r3, 68])", "add(r6, 8)", "str(r6, [r3, 68])")
    _branch_back(w, "r5", "r7", "XROW", "XDONE")
    w("    # t = 2 t + the squares x_i^2 at t_(2i): per i, the pair (t_2i, t_(2i+1)) doubled by ADC")
    w("    # with the top bit of the previous pair ([18]) in C, then UMAAL adds x_i^2 and the carry.")
    _ins(w, "ldr(r5, [r3, 20])", "ldr(r6, [r3, 8])", "mov(r1, 0)", "str(r1, [r3, 72])", "label(DIAG)",
         "ldr(r0, [r5, 0])", "ldr(r7, [r3, 72])", "cmp(r7, 1)", "ldr(r2, [r6, 0])", "ldr(r4, [r6, 4])",
         "adc(r2, r2)", "adc(r4, r4)", "mov(r7, 0)", "adc(r7, r7)", "str(r7, [r3, 72])",
         _umaal(2, 1, 0, 0), "add(r4, r4, r1)", "mov(r1, 0)", "adc(r1, r1)", "str(r2, [r6, 0])",
         "str(r4, [r6, 4])", "add(r5, 4)", "add(r6, 8)", "ldr(r7, [r3, 24])", "cmp(r5, r7)", "bne(DIAG)")
    w("    # Montgomery reduction of the 2N words: row i adds m p at t_i (m = t_i (-p^-1)), then its")
    w("    # carry and the running top carry ([19]) into t_(i+N).")
    _ins(w, "ldr(r6, [r3, 8])", "mov(r2, 0)", "str(r2, [r3, 76])", "label(RROW)", "str(r6, [r3, 68])")
    _m_word(w)
    _ins(w, "ldr(r7, [r3, 60])", "add(r7, r7, r5)", "mov(r1, 0)")
    _umaal_pass(w, "RLOOP", "r5")
    _ins(w, "ldr(r4, [r3, 76])", "cmp(r4, 1)", "ldr(r2, [r6, 0])", "adc(r2, r1)", "str(r2, [r6, 0])",
         "mov(r1, 0)", "adc(r1, r1)", "str(r1, [r3, 76])", "ldr(r6, [r3, 68])", "add(r6, 4)", "ldr(r7, [r3, 12])")
    _branch_back(w, "r6", "r7", "RROW", "RDONE")
    w("    # u = t_N .. t_(2N) (t_2N the top carry); d = u - p, or u by mask when that borrowed")
    _ins(w, "ldr(r1, [r3, 76])", "ldr(r6, [r3, 60])", "add(r6, r6, r7)", "str(r1, [r6, 0])",
         "ldr(r0, [r3, 32])", "ldr(r5, [r3, 0])", "ldr(r6, [r3, 12])", "ldr(r7, [r3, 60])", "add(r7, r7, r6)")
    _final_sub(w, t=12)
    w("    # again, from d, k - 1 times")
    _ins(w, "ldr(r2, [r3, 56])", "sub(r2, 1)", "str(r2, [r3, 56])", "beq(END)", "ldr(r1, [r3, 32])", "b(AGAIN)",
         "label(END)")


def _select(w):
    _asm_def(w, "_select(r0, r1, r2, r3)",
             "r0 = d, r1 = first entry (offsets from the arena's address), r2 = idx | cnt << 16, r3 =",
             "ctx. In the loops: r1 entry cursor, r5 mask, r6 d cursor, r7 d + 4N, r2 and r4 words.")
    _to_addresses(w, ["r0", "r1"])
    _ins(w, "lsr(r5, r2, 16)", "ldr(r4, [r3, 48])", "mul(r5, r4)", "add(r5, r5, r1)",
         "str(r5, [r3, 44])  # end of the table", "lsl(r2, r2, 16)", "lsr(r2, r2, 16)",
         "str(r2, [r3, 40])  # idx - j, j = 0", "ldr(r7, [r3, 12])", "ldr(r6, [r3, 8])", "sub(r7, r7, r6)",
         "add(r7, r7, r0)", "mov(r6, r0)")
    _zero(w, "r4", 4, "ZERO")
    _ins(w, "label(ENT)", "ldr(r2, [r3, 40])",
         "sub(r2, r2, 1)  # borrows (C = 0) only when idx - j was 0",
         "sbc(r5, r5)  # r5 = -(1 - C): all ones for entry idx, else 0", "str(r2, [r3, 40])", "mov(r6, r0)",
         "label(WORDS)")
    _words(w, 4, [("r4", "r1", 0), ("r2", "r6", 0)], ["and_(r4, r5)", "orr(r2, r4)"], ("r2", "r6", 0))
    _next(w, ["r1", "r6"], 16, "r6", "WORDS")
    _ins(w, "ldr(r4, [r3, 52])", "add(r1, r1, r4)  # past the entry's top words: the next entry",
         "ldr(r4, [r3, 44])", "cmp(r1, r4)", "bne(ENT)")


def generate_mpi():
    """The MPI engine's Thumb-2 kernels (``pk/mpi_thumb_asm.py``): ``_mont``, ``_sqr``,
    ``_select`` for any word count N, a multiple of 4."""
    L = []
    w = L.append
    w('"""The Thumb-2 UMAAL kernels of the MPI backend \'thumb\' (``mpcrypto.pk.mpi_thumb``, which')
    w("documents them and is their Python side), for Cortex-M4, M7, M55 and M85. GENERATED by")
    w("tools/thumb/gen_field.py (emitters in tools/thumb/umaal_emit.py, shared with the EC")
    w("multipliers of ec/field/thumb_umaal.py): edit the generator, not this file.")
    w("")
    w("_mont(d, x, y, ctx), _sqr(d, x, k, ctx), _select(d, tab, idx | cnt << 16, ctx): loops of")
    w("four words a pass, any N that is a multiple of 4; d, x, y, tab are byte offsets from the")
    w("arena's address (ctx word 9).")
    w("")
    w("Only ARM ports have asm_thumb: elsewhere this module does not compile, mpi_thumb's import")
    w("of it fails and the seam takes the next backend. Cortex-M3 has no UMAAL (it faults): the")
    w("chain entry of mpi_thumb requires ``umaal`` (``mpcrypto._cpu``).")
    w('"""')
    w("")
    w("import micropython")
    w("from mpcrypto._cpu import umaal as probe  # noqa: F401 (what the seam's chain requires)")
    _mont(w)
    _sqr(w)
    _select(w)
    return "\n".join(L) + "\n"
