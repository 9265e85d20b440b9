"""``mpcrypto.cipher.aes_ct_thumb`` (the constant-time bitsliced AES) on CPython with its kernel
on an emulated Cortex-M core.

    a = AesCtThumb("cortex-m4")        # the module's Python glue, its asm on unicorn
    ctx = a.new(key)                   # _Ctx: key schedule in the glue, SubWord and the
    ctx.ctr_xor(src, dst, n, ctr, 4)   #   bitsliced keys by the kernel; a.insns: last count
    a = AesCtThumb(traced=True); a.trace = []   # then every data access: (r/w, addr, size)

As ``aes_thumb_emu.AesThumb``: the glue is the module's own source executed with a stand-in
``micropython``, and ``_aes`` is replaced by a bridge that copies its buffers into emulated
SRAM (``misalign`` bytes past an 8-byte boundary; an object passed twice is placed once),
runs the machine code ``mpy-cross -march=armv7emsp`` made of the same file, and copies every
writable argument back. With ``traced``, ``trace``, when a list, receives each load and store the kernel makes
(unicorn UC_HOOK_MEM_READ / UC_HOOK_MEM_WRITE), addresses as offsets from the call's first
buffer so that runs can be compared.
"""

import array
import random

import unicorn

from tools import ROOT
from tools.emu import aes_thumb_emu, thumb_emu
from tools.emu.mpy_reader import compile_module

SRC = ROOT / "modules" / "mpcrypto" / "cipher" / "aes_ct_thumb.py"


class AesCtThumb:
    def __init__(self, core="cortex-m4", misalign=0, counting="block", mpy=None, traced=False):
        self.core = thumb_emu.Core(core, counting=counting)
        self.mpy = mpy if mpy is not None else compile_module(SRC)
        self.addr = thumb_emu.load_asm(self.core, self.mpy)
        self.mod = aes_thumb_emu.glue(SRC)
        self.mod._aes = self._aes
        self.misalign = misalign
        self.mark = self.core._ram_top
        self.insns = 0
        self.calls = []  # instructions of each kernel call since the last reset
        self.trace = None
        self._base = 0
        if traced:  # installed before any code is translated (as thumb_emu's count hook)
            self.core.uc.hook_add(unicorn.UC_HOOK_MEM_READ | unicorn.UC_HOOK_MEM_WRITE, self._mem)

    def _mem(self, uc, access, address, size, value, data):
        if self.trace is not None:
            self.trace.append(("w" if access == unicorn.UC_MEM_WRITE else "r", address - self._base, size))

    def new(self, key):
        return self.mod.new(bytes(key))

    def _aes(self, k, src, dst, iv):
        c = self.core
        c._ram_top = self.mark
        placed = {}
        self._base = c._ram_top

        def raw(obj):
            if isinstance(obj, array.array):
                return obj.tobytes()
            return bytes(obj)

        def place(obj, skew):
            if id(obj) in placed:
                return placed[id(obj)][0]
            data = raw(obj)
            a = c.alloc(len(data) + 8, 8) + skew
            c.write(a, data)
            placed[id(obj)] = (a, obj)
            return a

        ak = place(k, 0)
        asrc = place(src, self.misalign)
        adst = place(dst, self.misalign)
        aiv = place(iv, 0)
        _, self.insns = c.call(self.addr["_aes"], ak, asrc, adst, aiv, max_insns=1 << 27)
        self.calls.append(self.insns)
        for a, obj in placed.values():
            if isinstance(obj, bytes):
                continue
            data = c.read(a, len(raw(obj)))
            if isinstance(obj, array.array):
                obj[:] = array.array(obj.typecode, data)
            else:
                obj[:] = data
        c._ram_top = self.mark
        return 0


def per_byte_rows(cores=("cortex-m3", "cortex-m4", "cortex-m7"), sizes=(1024, 16384), seed=1):
    """Instructions per byte of one call of ``_aes`` in each mode (entry and exit included),
    AES-128, -192 and -256, and of AES-128-GCM's two kernels (this CTR with the 32-bit counter
    and ``ghash_thumb._ghash``, not on Cortex-M3), as bench JSON rows."""
    rng = random.Random(seed)
    mpy = compile_module(SRC)
    gmpy = compile_module(aes_thumb_emu.GHASH_SRC)
    rows = []
    ops = (("ECB encrypt", "ecb_encrypt"), ("CBC encrypt", "cbc_encrypt"), ("CTR", "ctr_xor"),
           ("ECB decrypt", "ecb_decrypt"), ("CBC decrypt", "cbc_decrypt"))

    def row(core, alg, op, value, size, insns, kernel, code):
        return {"algorithm": alg, "operation": op, "backend": "thumb_ct", "value": round(value, 2),
                "unit": "insns/byte", "heap_bytes": 0, "reference": False, "platform": "unicorn",
                "implementation": "unicorn %s" % thumb_emu.UNICORN_VERSION,
                "machine": "Cortex-%s (emulated)" % core.split("-")[1].upper(), "word_bits": 32,
                "clock_hz": None, "core": core, "kernel": kernel, "bytes_per_call": size,
                "call_insns": insns, "code_bytes": code}

    code = len(mpy.function("_aes").code)
    for core in cores:
        a = AesCtThumb(core, mpy=mpy)
        for bits in (128, 192, 256):
            ctx = a.new(rng.randbytes(bits // 8))
            for size in sizes:
                src = rng.randbytes(size)
                dst = bytearray(size)
                for op, meth in ops:
                    iv = bytearray(rng.randbytes(16))
                    if meth.startswith("ecb"):
                        getattr(ctx, meth)(src, dst, size // 16)
                    elif meth == "ctr_xor":
                        ctx.ctr_xor(src, dst, size // 16, iv, 16)
                    else:
                        getattr(ctx, meth)(src, dst, size // 16, iv)
                    rows.append(row(core, "AES-%d" % bits, op, a.insns / size, size, a.insns,
                                    "aes_ct_thumb._aes", code))
        if core == "cortex-m3":
            continue  # GHASH thumb is not chosen there
        g = aes_thumb_emu.GhashThumb(core, mpy=gmpy)
        ctx = a.new(rng.randbytes(16))
        for size in sizes:
            ctx.ctr_xor(rng.randbytes(size), bytearray(size), size // 16, bytearray(16), 4)
            g.new(rng.randbytes(16)).update(bytearray(16), rng.randbytes(size + 16), size // 16 + 1)
            rows.append(row(core, "AES-128-GCM", "encrypt (CTR + GHASH kernels)", (a.insns + g.insns) / size, size,
                            a.insns + g.insns, "aes_ct_thumb._aes + ghash_thumb._ghash",
                            code + len(gmpy.function("_ghash").code)))
    return rows
