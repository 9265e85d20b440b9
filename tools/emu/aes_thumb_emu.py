"""``mpcrypto.cipher.aes_thumb`` on CPython with its kernels on an emulated Cortex-M core.

    a = AesThumb("cortex-m4")          # the module's Python glue, its asm on unicorn
    ctx = a.new(key)                   # aes_thumb._Ctx: key schedule in Python, as on a device
    ctx.cbc_encrypt(src, dst, n, iv)   # runs _aes's machine code; a.insns: its count

The module's source is executed on CPython with a stand-in ``micropython`` (its
``asm_thumb`` functions are never run there); then ``_put`` and the kernel are replaced by
bridges: a kernel call copies its buffers into emulated SRAM (``misalign`` bytes past an
8-byte boundary, the same buffer once when it is passed twice), runs the machine code that
``mpy-cross -march=armv7emsp`` made of the same file (``tools/emu/mpy_reader.py``), and copies
the destination and the iv / counter back. The tables (TE, TD and the S-boxes) sit in emulated
memory where ``table_misalign`` says: 0 as in a firmware that placed them aligned, else the
glue's copies of TE and TD into aligned bytearrays are what runs (the S-boxes, read a byte
at a time, are used where they are).
"""

import array
import random
import sys
import types

from tools import ROOT, library
from tools.emu import thumb_emu
from tools.emu.mpy_reader import compile_module

SRC = ROOT / "modules" / "mpcrypto" / "cipher" / "aes_thumb.py"
KERNELS = ("_aes",)


def _stub_micropython():
    m = types.ModuleType("micropython")
    m.asm_thumb = lambda f: f
    m.viper = lambda f: f
    m.native = lambda f: f
    m.const = lambda x: x
    return m


def glue_module():
    """A fresh copy of aes_thumb executed on CPython (asm functions defined, never called)."""
    return glue(SRC)


class AesThumb:
    def __init__(self, core="cortex-m4", misalign=0, table_misalign=0, counting="block", mpy=None):
        self.core = thumb_emu.Core(core, counting=counting)
        self.mpy = mpy if mpy is not None else compile_module(SRC)
        self.addr = thumb_emu.load_asm(self.core, self.mpy)
        self.mod = mod = glue_module()
        self.misalign = misalign
        c = self.core
        self.tables = {}
        for t in (mod.TE, mod.TD, mod.SBOX, mod.INV_SBOX):
            a = c.alloc(len(t) + 8, 8) + table_misalign
            c.write(a, t)
            self.tables[id(t)] = (a, t)
        self.mark = c._ram_top
        self.insns = 0
        mod._put = self._put
        mod._expand = self._expand
        self.expand_insns = 0
        for name in KERNELS:
            setattr(mod, name, self._bridge(name))

    def new(self, key):
        return self.mod.new(bytes(key))

    def _put(self, k, buf, i):
        hit = self.tables.get(id(buf))
        if hit is None:  # the glue's aligned copy of a table
            a = self.core.alloc(len(buf), 8)
            self.core.write(a, buf)
            self.mark = self.core._ram_top
            hit = self.tables[id(buf)] = (a, buf)
        k[i] = hit[0]

    def _expand(self, k, n, sbox, key):
        c = self.core
        c._ram_top = self.mark
        raw = k.tobytes()
        ak = c.alloc(len(raw) + 8, 8)
        c.write(ak, raw)
        akey = c.alloc(len(key) + 8, 8) + self.misalign
        c.write(akey, bytes(key))
        _, self.expand_insns = c.call(self.addr["_expand"], ak, n, self.tables[id(sbox)][0], akey, max_insns=1 << 20)
        k[:] = array.array("I", c.read(ak, len(raw)))
        c._ram_top = self.mark
        return 0

    def _bridge(self, name):
        fn = self.addr[name]

        def call(k, src, dst, iv):
            c = self.core
            c._ram_top = self.mark
            placed = {}

            def place(obj, skew):
                if id(obj) in placed:
                    return placed[id(obj)]
                data = obj.tobytes() if isinstance(obj, array.array) else bytes(obj)
                a = c.alloc(len(data) + 8, 8) + skew
                c.write(a, data)
                placed[id(obj)] = a
                return a

            ak = place(k, 0)
            asrc = place(src, self.misalign)
            adst = place(dst, self.misalign)
            aiv = place(iv, 0)
            _, self.insns = c.call(fn, ak, asrc, adst, aiv, max_insns=1 << 26)
            dst[:] = c.read(adst, len(dst))
            if iv is not k:
                iv[:] = c.read(aiv, len(iv))
            c._ram_top = self.mark
            return 0

        return call


def per_byte_rows(cores=("cortex-m3", "cortex-m4", "cortex-m7"), sizes=(1024, 16384), seed=1):
    """Instructions per byte of one call of the kernel in each mode (entry and exit
    included), AES-128, -192 and -256, and GHASH (not on Cortex-M3), for each of ``sizes``
    bytes per call, as bench JSON rows."""
    rng = random.Random(seed)
    mpy = compile_module(SRC)
    rows = []
    ops = (("ECB encrypt", "ecb_encrypt", "_aes"), ("CBC encrypt", "cbc_encrypt", "_aes"),
           ("CTR", "ctr_xor", "_aes"), ("ECB decrypt", "ecb_decrypt", "_aes"),
           ("CBC decrypt", "cbc_decrypt", "_aes"))
    for core in cores:
        a = AesThumb(core, mpy=mpy)
        machine = "Cortex-%s (emulated)" % core.split("-")[1].upper()
        for bits in (128, 192, 256):
            ctx = a.new(rng.randbytes(bits // 8))
            for size in sizes:
                src = rng.randbytes(size)
                dst = bytearray(size)
                for op, meth, kern in ops:
                    iv = bytearray(rng.randbytes(16))
                    if meth.startswith("ecb"):
                        getattr(ctx, meth)(src, dst, size // 16)
                    elif meth == "ctr_xor":
                        ctx.ctr_xor(src, dst, size // 16, iv, 16)
                    else:
                        getattr(ctx, meth)(src, dst, size // 16, iv)
                    rows.append({"algorithm": "AES-%d" % bits, "operation": op, "backend": "thumb",
                                 "value": round(a.insns / size, 2), "unit": "insns/byte", "heap_bytes": 0,
                                 "reference": False, "platform": "unicorn",
                                 "implementation": "unicorn %s" % thumb_emu.UNICORN_VERSION, "machine": machine,
                                 "word_bits": 32, "clock_hz": None, "core": core, "kernel": "aes_thumb." + kern,
                                 "bytes_per_call": size, "call_insns": a.insns,
                                 "code_bytes": len(mpy.function(kern).code)})
    gmpy = compile_module(GHASH_SRC)
    for core in cores:
        if core == "cortex-m3":
            continue  # not chosen there (UMULL is not fixed-time on M3)
        g = GhashThumb(core, mpy=gmpy)
        machine = "Cortex-%s (emulated)" % core.split("-")[1].upper()
        for size in sizes:
            g.new(rng.randbytes(16)).update(bytearray(16), rng.randbytes(size), size // 16)
            rows.append({"algorithm": "GHASH", "operation": "update", "backend": "thumb",
                         "value": round(g.insns / size, 2), "unit": "insns/byte", "heap_bytes": 0,
                         "reference": False, "platform": "unicorn",
                         "implementation": "unicorn %s" % thumb_emu.UNICORN_VERSION, "machine": machine,
                         "word_bits": 32, "clock_hz": None, "core": core, "kernel": "ghash_thumb._ghash",
                         "bytes_per_call": size, "call_insns": g.insns, "code_bytes": len(gmpy.function("_ghash").code)})
    return rows


# -- GHASH (mac/ghash_thumb.py) ------------------------------------------------------------------

GHASH_SRC = ROOT / "modules" / "mpcrypto" / "mac" / "ghash_thumb.py"


def glue(src):
    """One of our asm modules executed on CPython with a stand-in ``micropython`` (its asm
    functions are defined, never called); the ``mpcrypto`` modules it imports (``_cpu``, the
    AES tables) come from ``modules/`` through ``tools.library``."""
    library()
    mod = types.ModuleType(src.stem + "_glue")
    mod.__file__ = str(src)
    saved = sys.modules.get("micropython")
    sys.modules["micropython"] = _stub_micropython()
    try:
        exec(compile(src.read_text(), str(src), "exec"), mod.__dict__)
    finally:
        if saved is None:
            sys.modules.pop("micropython", None)
        else:
            sys.modules["micropython"] = saved
    return mod


class GhashThumb:
    """ghash_thumb's glue on CPython, ``_ghash`` on the emulated core (a.insns: its count)."""

    def __init__(self, core="cortex-m4", misalign=0, counting="block", mpy=None):
        self.core = thumb_emu.Core(core, counting=counting)
        self.mpy = mpy if mpy is not None else compile_module(GHASH_SRC)
        self.addr = thumb_emu.load_asm(self.core, self.mpy)
        self.mod = glue(GHASH_SRC)
        self.mod._ghash = self._ghash
        self.mod._setup = self._setup
        self.misalign = misalign
        self.setup_insns = 0
        self.mark = self.core._ram_top
        self.insns = 0

    def new(self, h):
        return self.mod.new(bytes(h))

    def _setup(self, k, h):
        c = self.core
        c._ram_top = self.mark
        ak = c.alloc(len(k), 8)
        ah = c.alloc(16 + 8, 8) + self.misalign
        c.write(ah, bytes(h))
        _, self.setup_insns = c.call(self.addr["_setup"], ak, ah, 0, 0, max_insns=1 << 16)
        k[:] = c.read(ak, len(k))
        c._ram_top = self.mark
        return 0

    def _ghash(self, k, y, src, n):
        c = self.core
        c._ram_top = self.mark
        ak = c.alloc(len(bytes(k)), 8)
        c.write(ak, bytes(k))
        ay = c.alloc(16 + 8, 8) + self.misalign
        c.write(ay, bytes(y))
        data = bytes(src)
        asrc = c.alloc(len(data) + 8, 8) + self.misalign
        c.write(asrc, data)
        _, self.insns = c.call(self.addr["_ghash"], ak, ay, asrc, n, max_insns=1 << 26)
        y[:] = c.read(ay, 16)
        c._ram_top = self.mark
        return 0


def ghash_reference(h, y, data):
    """SP 800-38D §6.3 Algorithm 1 and §6.4, bit by bit (the test's reference)."""
    hh = int.from_bytes(h, "big")
    z = int.from_bytes(y, "big")
    for o in range(0, len(data), 16):
        x = z ^ int.from_bytes(data[o:o + 16], "big")
        z, v = 0, hh
        for i in range(128):
            if (x >> (127 - i)) & 1:
                z ^= v
            v = (v >> 1) ^ (0xE1 << 120) if v & 1 else v >> 1
    return z.to_bytes(16, "big")
