"""An emulated Cortex-M core (unicorn) that runs MicroPython asm_thumb machine code taken from
an ``.mpy`` (``tools/emu/mpy_reader.py``), with MicroPython's calling convention and exact
instruction counts.

    core = Core("cortex-m4")                  # also cortex-m0, m3, m7, m33 (CORES)
    fn = core.load(mpy.function("_mul8").code)
    buf = core.alloc(64)
    r0, insns = core.call(fn, buf, ...)       # arguments in r0-r3, result in r0, exact count
    rt = Runtime(core)                        # viper: the runtime helpers it calls, modelled
    result, insns = rt.call(rt.load(mpy, "run"), 0, rt.buffer(b"..."), AsmFunction(fn), ...)

Calling convention (MicroPython ``py/objfun.c`` ``fun_asm_call`` and ``py/asmthumb.c``): up
to four arguments in r0-r3 (integers as machine words, a buffer as the address of its data),
the result in r0. The function body is wrapped in ``push {r1, r4-r7, lr}`` /
``pop {r1, r4-r7, pc}`` by the inline assembler, so it returns by loading LR's value into PC;
LR is set to ``RETURN | 1`` (a Thumb address in the code region) and emulation stops there.
After each call ``call`` checks what the C caller relies on (AAPCS: r4-r11 and SP as they
were), so a kernel that used r8-r11 without saving them fails here before it fails on a
board.

Memory map (ARMv7-M ARM B3.1): code at 0x00000000 (1 MB), SRAM at 0x20000000 (256 KB, the
stack at its top), and the System Control Block page of the Private Peripheral Bus,
0xE000E000-0xE000EFFF, as an ``mmio_map`` region whose read callback answers CPUID
(0xE000ED00, ARMv7-M ARM B3.2.3) with the word given to ``Core``; any other access there
stops the emulation with ``Unmodelled`` (a model only says what it knows). ``mmio_log``
records every access to the page.

Which core: unicorn 2.1.4 offers cortex-m0, m3, m4, m7 and m33 (no M55 or M85). Its
``cpu_arm_init`` (qemu/target/arm/cpu.c) replaces the model by cortex-m33 whenever the mode
has UC_MODE_MCLASS, so ``Core`` opens the engine in plain UC_MODE_THUMB and selects the model
with ``ctl_set_cpu_model``; the model itself is M-profile (QEMU's ARM_FEATURE_M), and the
models differ as the cores do (the M0 rejects Thumb-2, the M3 rejects UMAAL:
host_tests/test_thumb.py checks both).
In QEMU's models UMAAL needs ARM_FEATURE_THUMB_DSP: set for M4, M7 and M33 (a real M33 has it
only when built with the DSP extension), not for M0 or M3. An undefined instruction ends the
call with ``Fault`` (unicorn UC_ERR_INSN_INVALID): the emulator does not take the
UsageFault exception a real core would, which is what a board would show as a HardFault.

Counting: every instruction executed from the call's first to the return (the inline
assembler's entry and exit included). By default a UC_HOOK_BLOCK hook adds, per basic block
run, the number of instructions in it (Thumb-2 lengths decoded from the block's bytes: a first
halfword 0b11101..., 0b11110... or 0b11111... starts a 32-bit instruction); ``counting="code"``
uses a UC_HOOK_CODE hook, one callback per instruction, 50-100 times slower. Both are exact
(host_tests/test_thumb.py checks they agree); an instruction skipped by an IT condition
counts in both, as it takes its issue slot on the core. The hook is installed when the
``Core`` is made and never removed: unicorn keeps translated blocks, and a hook added after a
block was translated is not called for it (a count of 0 after a run without the hook).
"""

import struct

import unicorn
from unicorn import arm_const as A

# name -> (unicorn model, CPUID word). CPUID values: the part's r/p as ARM documents it
# (Cortex-M4 r0p1 0x410FC241, M7 r1p0 0x411FC270, M3 r2p1 0x412FC231, M0 r0p0 0x410CC200,
# M33 r0p3 0x410FD213 as QEMU's cortex-m33 model has it). PARTNO is bits 15:4.
CORES = {
    "cortex-m0": (A.UC_CPU_ARM_CORTEX_M0, 0x410CC200),
    "cortex-m3": (A.UC_CPU_ARM_CORTEX_M3, 0x412FC231),
    "cortex-m4": (A.UC_CPU_ARM_CORTEX_M4, 0x410FC241),
    "cortex-m7": (A.UC_CPU_ARM_CORTEX_M7, 0x411FC270),
    "cortex-m33": (A.UC_CPU_ARM_CORTEX_M33, 0x410FD213),
}

CODE_BASE, CODE_SIZE = 0x00000000, 0x100000
RAM_BASE, RAM_SIZE = 0x20000000, 0x40000
SCB_PAGE = 0xE000E000  # System Control Space, 4 KB: SysTick, NVIC, SCB (CPUID at +0xD00)
CPUID = 0xE000ED00
RETURN = CODE_BASE + 0x100  # where a called function returns to (never executed)
_FIRST_CODE = CODE_BASE + 0x1000

_ARGS = (A.UC_ARM_REG_R0, A.UC_ARM_REG_R1, A.UC_ARM_REG_R2, A.UC_ARM_REG_R3)
_SAVED = (A.UC_ARM_REG_R4, A.UC_ARM_REG_R5, A.UC_ARM_REG_R6, A.UC_ARM_REG_R7, A.UC_ARM_REG_R8,
          A.UC_ARM_REG_R9, A.UC_ARM_REG_R10, A.UC_ARM_REG_R11)
UNICORN_VERSION = unicorn.__version__


class Fault(Exception):
    """The emulated core stopped on an error (undefined instruction, unmapped access)."""

    def __init__(self, msg, errno=None, pc=None):
        super().__init__(msg)
        self.errno = errno
        self.pc = pc


class Unmodelled(Fault):
    """The code touched a peripheral register the model does not implement."""


class Core:
    def __init__(self, name="cortex-m4", cpuid=None, counting="block"):
        if name not in CORES:
            raise ValueError("unknown core %r (unicorn %s has %s)" % (name, UNICORN_VERSION, ", ".join(CORES)))
        model, default_cpuid = CORES[name]
        self.name = name
        self.cpuid = default_cpuid if cpuid is None else cpuid
        uc = unicorn.Uc(unicorn.UC_ARCH_ARM, unicorn.UC_MODE_THUMB)  # not MCLASS: see above
        uc.ctl_set_cpu_model(model)
        uc.mem_map(CODE_BASE, CODE_SIZE)
        uc.mem_map(RAM_BASE, RAM_SIZE)
        uc.mmio_map(SCB_PAGE, 0x1000, self._scb_read, None, self._scb_write, None)
        if uc.ctl_get_cpu_model() != model:
            raise Fault("unicorn did not select %s" % name)
        self.uc = uc
        self.mmio_log = []  # ("r" or "w", address, size, value)
        self._error = None
        self._code_top = _FIRST_CODE
        self._ram_top = RAM_BASE
        self.stack_top = RAM_BASE + RAM_SIZE
        self.insns = 0
        self.uncounted = []  # (first, end) address ranges whose instructions are not counted
        self._block_insns = {}
        if counting == "block":
            uc.hook_add(unicorn.UC_HOOK_BLOCK, self._count_block)
        elif counting == "code":
            uc.hook_add(unicorn.UC_HOOK_CODE, self._count_insn)
        else:
            raise ValueError(counting)

    # -- memory ----------------------------------------------------------------------------

    def load(self, code):
        """Copy machine code into the code region; returns its address (even, 4-aligned)."""
        addr = self._code_top
        self.uc.mem_write(addr, bytes(code))
        self._code_top = (addr + len(code) + 15) & ~15
        return addr

    def alloc(self, nbytes, align=8):
        """``nbytes`` of zeroed SRAM below the stack; returns the address."""
        addr = (self._ram_top + align - 1) & ~(align - 1)
        if addr + nbytes > self.stack_top - 0x1000:
            raise MemoryError("emulated SRAM full")
        self._ram_top = addr + nbytes
        self.uc.mem_write(addr, bytes(nbytes))
        return addr

    def write(self, addr, data):
        self.uc.mem_write(addr, bytes(data))

    def read(self, addr, n):
        return bytes(self.uc.mem_read(addr, n))

    def write_int(self, addr, value, nbytes):
        self.uc.mem_write(addr, value.to_bytes(nbytes, "little"))

    def read_int(self, addr, nbytes):
        return int.from_bytes(self.uc.mem_read(addr, nbytes), "little")

    def write_words(self, addr, words):
        self.uc.mem_write(addr, struct.pack("<%dI" % len(words), *words))

    # -- the System Control Block model ----------------------------------------------------

    def _scb_read(self, uc, offset, size, data):
        addr = SCB_PAGE + offset
        if addr == CPUID and size == 4:
            self.mmio_log.append(("r", addr, size, self.cpuid))
            return self.cpuid
        self.mmio_log.append(("r", addr, size, None))
        self._stop(Unmodelled("read of unmodelled register %#010x (%d bytes)" % (addr, size)))
        return 0

    def _scb_write(self, uc, offset, size, value, data):
        addr = SCB_PAGE + offset
        self.mmio_log.append(("w", addr, size, value))
        # CPUID is read-only; nothing else on the page is modelled.
        self._stop(Unmodelled("write of %#x to %#010x (%d bytes)" % (value, addr, size)))

    def _stop(self, err):
        if self._error is None:
            self._error = err
        self.uc.emu_stop()

    def check_alignment(self, begin, end):
        """Fault, as a Cortex-M core does whatever CCR.UNALIGN_TRP says, on a word access at an
        address that is not a multiple of 4 in [begin, end) by LDM, STM, PUSH, POP, LDRD,
        STRD or an exclusive access; unicorn itself lets these pass. Single LDR/STR may be
        unaligned on Armv7-M (ARM DDI 0403E A3.2.1), and stay allowed."""

        def hook(uc, access, addr, size, value, data):
            if addr % 4 == 0:
                return
            pc = uc.reg_read(A.UC_ARM_REG_PC) & ~1
            hw = int.from_bytes(uc.mem_read(pc, 2), "little")
            if hw >> 9 == 0b1110100 or hw >> 12 == 0b1100 or hw & 0xF600 == 0xB400:
                self._stop(Fault("unaligned multi-word access at %#x (pc=%#x)" % (addr, pc), pc=pc))

        self.uc.hook_add(unicorn.UC_HOOK_MEM_READ | unicorn.UC_HOOK_MEM_WRITE, hook, begin=begin, end=end - 1)

    # -- peripheral models -------------------------------------------------------------------

    def map_peripheral(self, base, size, model):
        """Map a register-level ``model`` at ``base`` (``size`` bytes, whole 4 KB pages) with
        ``mmio_map``: a read of the region calls ``model.read(offset, size)`` for the value, a
        write ``model.write(offset, size, value)``. A model raises ``Unmodelled`` (or any
        ``Fault``) for an access it does not model, which stops the call with that error: what a
        board would show as a bus fault or a wrong answer shows here as an exception. Every
        access is appended to ``mmio_log`` as for the SCB page."""

        def read(uc, offset, sz, data):
            try:
                v = model.read(offset, sz) & 0xFFFFFFFF
            except Fault as e:
                self.mmio_log.append(("r", base + offset, sz, None))
                self._stop(e)
                return 0
            self.mmio_log.append(("r", base + offset, sz, v))
            return v

        def write(uc, offset, sz, value, data):
            self.mmio_log.append(("w", base + offset, sz, value))
            try:
                model.write(offset, sz, value & 0xFFFFFFFF)
            except Fault as e:
                self._stop(e)

        self.uc.mmio_map(base, size, read, None, write, None)

    # -- calls -----------------------------------------------------------------------------

    def _count_insn(self, uc, address, size, data):
        for lo, hi in self.uncounted:
            if lo <= address < hi:
                return
        self.insns += 1

    def _count_block(self, uc, address, size, data):
        for lo, hi in self.uncounted:
            if lo <= address < hi:
                return
        n = self._block_insns.get((address, size))
        if n is None:
            code = uc.mem_read(address, size)
            n = i = 0
            while i < size:
                i += 4 if code[i + 1] >> 3 in (0b11101, 0b11110, 0b11111) else 2
                n += 1
            self._block_insns[address, size] = n
        self.insns += n

    def call(self, addr, *args, max_insns=1 << 22):
        """Call the asm_thumb function at ``addr`` with up to four word arguments (ints;
        negative ints as two's complement). Returns ``(r0, instructions executed)``.
        Raises ``Fault`` when the core faults."""
        if len(args) > 4:
            raise ValueError("asm_thumb takes at most 4 arguments")
        uc = self.uc
        for i, reg in enumerate(_ARGS):
            uc.reg_write(reg, (args[i] & 0xFFFFFFFF) if i < len(args) else 0)
        # Recognisable values in the callee-saved registers, to check they come back.
        saved = [0xC0DE0000 | (i << 8) | i for i in range(len(_SAVED))]
        for reg, v in zip(_SAVED, saved):
            uc.reg_write(reg, v)
        sp = self.stack_top - 64
        uc.reg_write(A.UC_ARM_REG_SP, sp)
        uc.reg_write(A.UC_ARM_REG_LR, RETURN | 1)
        self.insns = 0
        self._error = None
        try:
            uc.emu_start(addr | 1, RETURN, count=max_insns)
        except unicorn.UcError as e:
            raise Fault("%s on %s at pc=%#x" % (e, self.name, uc.reg_read(A.UC_ARM_REG_PC)),
                        e.errno, uc.reg_read(A.UC_ARM_REG_PC))
        if self._error is not None:
            self._error.pc = uc.reg_read(A.UC_ARM_REG_PC)
            raise self._error
        pc = uc.reg_read(A.UC_ARM_REG_PC)
        if pc != RETURN:
            raise Fault("did not return within %d instructions (pc=%#x)" % (max_insns, pc), pc=pc)
        if uc.reg_read(A.UC_ARM_REG_SP) != sp:
            raise Fault("SP not restored: %#x, was %#x" % (uc.reg_read(A.UC_ARM_REG_SP), sp))
        for i, (reg, v) in enumerate(zip(_SAVED, saved)):
            if uc.reg_read(reg) != v:
                raise Fault("r%d (callee-saved) not restored" % (4 + i))
        return uc.reg_read(A.UC_ARM_REG_R0), self.insns


def load_asm(core, mpy):
    """Load every asm_thumb function of a parsed .mpy into ``core``: name -> address."""
    return {name: core.load(rc.code) for name, rc in mpy.functions("asm").items()}


# -- viper: the few runtime helpers its machine code calls ---------------------------------------

# MicroPython's native function table, in the order of ``mp_fun_kind_t`` (py/nativeglue.h):
# three object pointers (None, False, True), then the runtime's entry points.
FUN_TABLE = (
    "const_none", "const_false", "const_true", "convert_obj_to_native", "convert_native_to_obj",
    "native_swap_globals", "load_name", "load_global", "load_build_class", "load_attr",
    "load_method", "load_super_method", "store_name", "store_global", "store_attr", "obj_subscr",
    "obj_is_true", "unary_op", "binary_op", "build_tuple", "build_list", "build_map", "build_set",
    "store_set", "list_append", "store_map", "make_function_from_proto_fun",
    "native_call_function_n_kw", "call_method_n_kw", "call_method_n_kw_var", "native_getiter",
    "native_iternext", "nlr_push", "nlr_pop", "native_raise", "import_name", "import_from",
    "import_all", "new_slice", "unpack_sequence", "unpack_ex", "delete_name", "delete_global",
    "new_closure", "arg_check_num_sig", "setup_code_state", "small_int_floor_divide",
    "small_int_modulo", "native_yield_from", "setjmp",
)
# MP_NATIVE_TYPE_* (py/runtime0.h)
T_OBJ, T_BOOL, T_INT, T_UINT = 0, 1, 2, 3  # 4..7: ptr, ptr8, ptr16, ptr32


class Buffer:
    """A bytearray in emulated SRAM (what a viper ptr or an asm_thumb argument points to)."""

    def __init__(self, core, data):
        self.core = core
        self.size = len(data)
        self.addr = core.alloc(max(self.size, 4))
        core.write(self.addr, data)

    def read(self):
        return self.core.read(self.addr, self.size)


class AsmFunction:
    """An asm_thumb function loaded at ``addr``, callable from emulated viper code."""

    def __init__(self, addr):
        self.addr = addr


class NativeFunction:
    """A viper function loaded by ``Runtime.load``: its code address, function object and
    raw code."""

    def __init__(self, addr, fun_obj, rc):
        self.addr = addr
        self.fun_obj = fun_obj
        self.rc = rc


class Runtime:
    """Enough of MicroPython's runtime to call viper functions compiled for armv7emsp.

    A viper function is called as ``fun(self, n_args, n_kw, args)`` (py/emitnative.c,
    emit_native_start_pass): r0 the function object, whose word 1 is the module context,
    whose word 3 is the object table (word 2 the qstr table), in which the native function
    table sits at the index the .mpy gives it (object type 0); the code keeps the table in r7
    and calls the runtime through it. Here the function and context objects are built in SRAM,
    the table's entries point to one ``bx lr`` each in a stub page, and a code hook on that
    page does what the C function would, in Python, before the ``bx lr`` returns:

    - ``convert_obj_to_native`` / ``convert_native_to_obj`` (py/nativeglue.c
      mp_native_from_obj / mp_native_to_obj: arguments in, the result out; a buffer gives its
      address to a ptr type, an int is truncated to a word, ints box as small ints when they
      fit 31 bits);
    - ``obj_is_true``;
    - ``load_global`` of a name given to ``load`` in ``globals`` (a module-level table, say),
      and ``native_swap_globals`` around it (a no-op here);
    - ``native_call_function_n_kw`` of an ``AsmFunction``: the arguments converted as
      py/objfun.c convert_obj_for_inline_asm does (small int -> its value, None/False -> 0,
      True -> 1, a buffer -> its address), then the hook sends the core to the asm code with LR
      on a second stub, which boxes r0 and returns to the viper code: the asm_thumb code runs
      as machine code inside the viper call, as on a board. A Python callable is called here.

    Any other helper stops the call with ``Unmodelled``. Objects are handles: small ints are
    MicroPython's own encoding ((v << 1) | 1), everything else a word in SRAM that maps back to
    the Python object. The helpers' own instructions are not counted (they are C code on a
    board, not ours): ``helper_calls`` counts calls per helper instead.
    """

    def __init__(self, core):
        self.core = core
        n = len(FUN_TABLE)
        self.stubs = core.load(b"\x70\x47" * (n + 1))  # bx lr per entry, one more for returns
        self.ret_stub = self.stubs + 2 * n
        core.uncounted.append((self.stubs, self.stubs + 2 * (n + 1)))
        core.uc.hook_add(unicorn.UC_HOOK_CODE, self._helper, begin=self.stubs, end=self.stubs + 2 * n + 1)
        self._objs = {}
        self.none, self.false, self.true = (self._new(v) for v in (None, False, True))
        self.fun_table = core.alloc(4 * n)
        core.write_words(self.fun_table, [self.none, self.false, self.true] +
                         [(self.stubs + 2 * i) | 1 for i in range(3, n)])
        self.helper_calls = {}
        self._saved_lr = []
        self._qstrs = []  # qstr id -> (name, the globals of the load that defined it)

    def _new(self, v):
        a = self.core.alloc(8)
        self._objs[a] = v
        return a

    def box(self, v):
        if v is None:
            return self.none
        if v is False:
            return self.false
        if v is True:
            return self.true
        if isinstance(v, int) and -(1 << 30) <= v < (1 << 30):
            return ((v << 1) | 1) & 0xFFFFFFFF
        return self._new(v)

    def unbox(self, o):
        if o & 1:
            v = o >> 1
            return v - (1 << 31) if v & (1 << 30) else v
        if o not in self._objs:
            raise Unmodelled("unknown object %#x" % o)
        return self._objs[o]

    def buffer(self, data):
        return Buffer(self.core, data)

    def load(self, mpy, name, globals=None):
        """A viper (or native) function of a parsed .mpy, loaded and ready to ``call``.
        ``globals``: the module globals it reads (name -> int, ``Buffer``, ...), for
        ``load_global``."""
        rc = mpy.function(name)
        if rc.kind not in ("viper", "native") or rc.relocs:
            raise ValueError("%s: %s code%s" % (name, rc.kind, " with relocations" if rc.relocs else ""))
        c = self.core
        objs = [self.fun_table if o == "<fun_table>" else self.box(o) for o in mpy.objs]
        obj_table = c.alloc(4 * max(1, len(objs)))
        c.write_words(obj_table, objs)
        # The module's qstr table (qstr_short_t, py/bc.h mp_module_constants_t): each entry
        # an id this runtime maps back to the name and to this load's globals.
        qstrs = c.alloc(2 * max(2, len(mpy.qstrs)))
        first = len(self._qstrs)
        c.write(qstrs, struct.pack("<%dH" % len(mpy.qstrs), *range(first, first + len(mpy.qstrs))))
        self._qstrs.extend((q, globals or {}) for q in mpy.qstrs)
        context = c.alloc(16)
        c.write_words(context, [0, 0, qstrs, obj_table])  # base, globals, qstrs, objects
        fun_obj = c.alloc(16)
        c.write_words(fun_obj, [0, context, 0, 0])  # base, context, child table, code
        return NativeFunction(c.load(rc.code), fun_obj, rc)

    def call(self, fn, *args):
        """Call a loaded viper function with Python arguments (ints, None, bools, ``Buffer``,
        ``AsmFunction``); returns (its result as a Python object, instructions executed)."""
        c = self.core
        argv = c.alloc(4 * max(1, len(args)))
        c.write_words(argv, [self.box(a) for a in args])
        self._saved_lr = []
        r0, insns = c.call(fn.addr, fn.fun_obj, len(args), 0, argv)
        return self.unbox(r0), insns

    def _helper(self, uc, address, size, data):
        r0, r1, r2 = (uc.reg_read(r) for r in _ARGS[:3])
        if address == self.ret_stub:  # back from asm code called by viper code
            uc.reg_write(A.UC_ARM_REG_R0, self.box(r0 - (1 << 32) if r0 >> 31 else r0))
            uc.reg_write(A.UC_ARM_REG_LR, self._saved_lr.pop())
            return
        name = FUN_TABLE[(address - self.stubs) // 2]
        self.helper_calls[name] = self.helper_calls.get(name, 0) + 1
        try:
            if name == "convert_obj_to_native":
                t = r1 & 0xF
                if t == T_OBJ:
                    res = r0
                else:
                    v = self.unbox(r0)
                    if t == T_BOOL:
                        res = 1 if v else 0
                    elif t >= 4 and isinstance(v, Buffer):
                        res = v.addr
                    else:
                        res = int(v) & 0xFFFFFFFF
            elif name == "convert_native_to_obj":
                t = r1 & 0xF
                if t == T_OBJ:
                    res = r0
                elif t == T_BOOL:
                    res = self.box(r0 != 0)
                elif t == T_INT:
                    res = self.box(r0 - (1 << 32) if r0 >> 31 else r0)
                else:  # uint and pointers: an unsigned int
                    res = self.box(r0)
            elif name == "native_swap_globals":
                res = 0  # a function that reads globals swaps the module's dict in and out
            elif name == "load_global":
                if r0 >= len(self._qstrs) or self._qstrs[r0][0] not in self._qstrs[r0][1]:
                    raise Unmodelled("global %s" % (self._qstrs[r0][0] if r0 < len(self._qstrs) else r0))
                qname, env = self._qstrs[r0]
                res = self.box(env[qname])
            elif name == "obj_is_true":
                res = 1 if self.unbox(r0) else 0
            elif name == "native_call_function_n_kw":
                fun, n_pos = self.unbox(r0), r1 & 0xFF
                if r1 >> 8:
                    raise Unmodelled("keyword arguments")
                args = [self.unbox(int.from_bytes(uc.mem_read(r2 + 4 * i, 4), "little")) for i in range(n_pos)]
                if isinstance(fun, AsmFunction):
                    if n_pos > 4:
                        raise Unmodelled("asm_thumb call with %d arguments" % n_pos)
                    for reg, a in zip(_ARGS, args):
                        uc.reg_write(reg, _asm_arg(a))
                    self._saved_lr.append(uc.reg_read(A.UC_ARM_REG_LR))
                    uc.reg_write(A.UC_ARM_REG_LR, self.ret_stub | 1)
                    uc.reg_write(A.UC_ARM_REG_PC, fun.addr | 1)
                    return
                if not callable(fun):
                    raise Unmodelled("call of %r" % (fun,))
                res = self.box(fun(*args))
            else:
                raise Unmodelled("runtime helper mp_fun_table[%s] is not modelled" % name)
        except Fault as e:
            self.core._stop(e)
            return
        uc.reg_write(A.UC_ARM_REG_R0, res & 0xFFFFFFFF)


def _asm_arg(a):
    # py/objfun.c convert_obj_for_inline_asm, for the objects this runtime has.
    if a is None or a is False:
        return 0
    if a is True:
        return 1
    if isinstance(a, int):
        return a & 0xFFFFFFFF
    if isinstance(a, Buffer):
        return a.addr
    raise Unmodelled("asm_thumb argument %r" % (a,))
