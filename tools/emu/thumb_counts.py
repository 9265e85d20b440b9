"""Instructions per call of every asm_thumb kernel we ship, counted on emulated Cortex-M
cores (unicorn), as JSON lines in the benchmark schema.

    python -m tools.emu.thumb_counts                    # JSON lines on stdout
    python -m tools.emu.thumb_counts --table            # a kernel x core table instead
    python -m tools.emu.thumb_counts --cores cortex-m4  # one core

The machine code is what ``mpy-cross -march=armv7emsp`` makes of
``modules/mpcrypto/ec/field/thumb_umaal.py`` (the runners ``_run<N>``), of
``tools/emu/umaal_mul.py`` (their MUL code alone, ``_mul<N>``: generated beside them for
this emulator, not shipped) and of the viper field kernels ``ec/field/v16_<N>.py`` (read by
``tools/emu/mpy_reader.py``), run by ``tools/emu/thumb_emu.py`` with MicroPython's calling
conventions (viper's runtime helpers modelled in Python). Each row is one kernel on one core:
``value`` is the instructions of one call of a ``_mul<N>`` (the inline assembler's entry and
exit included), or of one MUL in a viper field program (backend ``viper``: the kernel's own
16-bit-limb MUL; ``viper+thumb_umaal``: MUL handed to ``_mul<N>``, the C runtime's
instructions for that call not counted, ``helper_calls`` says how many calls into it),
counted exactly; ``spread`` is the
largest difference between the counts over the operands tried (edge and random; 0 means the
same count for every operand). On a core without UMAAL (Cortex-M3) the multiplier rows are
left out: they fault there.
Counts are instructions, not cycles: UMAAL, MUL and most ALU instructions take one cycle on
M4/M7, loads and stores one or two, taken branches a pipeline refill; the emulator models no
timing. Fields as in ``bench/`` (``modules/mpbench.py`` ``row``): ``algorithm``,
``operation``, ``backend``, ``value``, ``unit`` ("insns"), ``heap_bytes``, ``reference``,
``platform``, ``implementation``, ``machine``, ``word_bits``, ``clock_hz``; plus ``kernel``,
``words``, ``core``, ``code_bytes``, ``spread`` and ``operands``. ``tools/bench/bench_report.py``
reads them.

AES rows (``aes_thumb_emu.per_byte_rows``, ``aes_ct_thumb_emu.per_byte_rows``, unit
"insns/byte"): the T-table kernels (backend ``thumb``), GHASH, the constant-time bitsliced
kernel (backend ``thumb_ct``, every mode and key size) and AES-128-GCM's two kernels with it
(CTR with the 32-bit counter + GHASH, per byte of data), per call of 1 KiB and 16 KiB.

SHA-2, SHA-1, MD5 and SM3 rows (``sha_rows``, backend ``thumb``, unit "insns/byte"): ``compress``
of ``hash/sha256_thumb.py``, ``sha512_thumb.py``, ``sha1_thumb.py``, ``md5_thumb.py``,
``sm3_thumb.py`` over 1 KiB and 16 KiB per call, instructions of
the whole call (entry and exit included) per byte, ``spread`` the difference between random and
all-zero data (0: the count does not depend on the data), ``code_bytes`` the kernel's machine
code in the .mpy. ``ShaKernel`` runs them for host_tests/test_thumb_sha.py.

The same module holds what host_tests/test_thumb.py and test_thumb_viper.py need: ``Umaal``
(thumb_umaal's runners and umaal_mul's multipliers on one emulated core, with their context
layout), ``FieldKernel`` (a
viper field kernel with its arena) and ``moduli()`` (every modulus the limb engine hands to
these kernels, with its word count, found the way ``ec/field/engine.py`` finds it).
"""

import argparse
import ast
import functools
import importlib.util
import json
import random
import re
import struct
import sys

from tools import ROOT
from tools.emu import mpy_reader, thumb_emu
from tools.emu.mpy_reader import ARCH, compile_file, compile_module  # noqa: F401 (the tests' names for them)

FIELD = ROOT / "modules" / "mpcrypto" / "ec" / "field"
UMAAL_SRC = FIELD / "thumb_umaal.py"  # the runners _run<N>: the library's
MUL_SRC = ROOT / "tools" / "emu" / "umaal_mul.py"  # their MUL code alone, _mul<N>: the emulator's


class UmaalModules(mpy_reader.Mpy):
    """thumb_umaal's parsed .mpy and umaal_mul's read as one module: ``functions`` (and so
    ``function``) over both, the header fields (``version``, ``arch``, ``arch_flags``) of the
    first."""

    def __init__(self, *mpys):
        self.parts = mpys
        self.version, self.arch, self.arch_flags = mpys[0].version, mpys[0].arch, mpys[0].arch_flags

    def functions(self, kind=None):
        out = {}
        for m in self.parts:
            for name, rc in m.functions(kind).items():
                out.setdefault(name, rc)
        return out


@functools.lru_cache(maxsize=None)
def compile_umaal(arch=ARCH):
    return UmaalModules(compile_module(UMAAL_SRC, arch), compile_file(MUL_SRC, arch, MUL_SRC.name))


def neg_inv32(p):
    return (-pow(p, -1, 1 << 32)) & 0xFFFFFFFF


class Umaal:
    """thumb_umaal's and umaal_mul's functions (``compile_umaal``) loaded on one emulated core.

    Context layout (the module's docstring; ``engine.accel`` builds it): word 0 the address
    of p (N words), word 1 -p^-1 mod 2^32, words 3-5 scratch, words 8.. N + 2 words of
    scratch. Scratch and the destination are filled with a junk pattern before each call, so
    a kernel that relied on zeroed memory would fail."""

    JUNK = 0xA5

    def __init__(self, core="cortex-m4", cpuid=None, mpy=None, counting="block"):
        self.core = thumb_emu.Core(core, cpuid, counting)
        self.mpy = mpy if mpy is not None else compile_umaal()
        self.addr = thumb_emu.load_asm(self.core, self.mpy)
        self.sizes = sorted(int(k[4:]) for k in self.addr if re.fullmatch(r"_mul\d+", k))
        nmax = max(self.sizes)
        c = self.core
        self.ctx_bytes = 4 * (8 + nmax + 2)
        self.ctx = c.alloc(self.ctx_bytes)
        self.pbuf, self.xbuf, self.ybuf, self.dbuf = (c.alloc(4 * nmax) for _ in range(4))
        self.n = None
        self.p = None

    def set_modulus(self, n, p):
        if n not in self.sizes:
            raise ValueError("no _mul%d" % n)
        c = self.core
        c.write_int(self.pbuf, p, 4 * n)
        self.n, self.p = n, p

    def mul(self, x, y, alias=None):
        """d = x y / 2^(32 N) mod p by ``_mul<N>`` with the modulus set; returns (d, insns).
        ``alias``: None (d, x, y apart), "dx" (d is x), "dy" (d is y), "xy" (x is y),
        "dxy" (all three the same buffer; y is then x)."""
        c, n = self.core, self.n
        nb = 4 * n
        c.write(self.ctx, bytes([self.JUNK]) * self.ctx_bytes)
        c.write_words(self.ctx, [self.pbuf, neg_inv32(self.p)])
        xa, ya, da = self.xbuf, self.ybuf, self.dbuf
        if alias == "dx":
            da = xa
        elif alias == "dy":
            da = ya
        elif alias == "xy":
            ya = xa
        elif alias == "dxy":
            ya = da = xa
        elif alias is not None:
            raise ValueError(alias)
        c.write(self.dbuf, bytes([self.JUNK]) * nb)
        c.write_int(xa, x, nb)
        if ya != xa:
            c.write_int(ya, y, nb)
        _, insns = c.call(self.addr["_mul%d" % n], da, xa, ya, self.ctx)
        return c.read_int(da, nb), insns


# -- which moduli reach these kernels -----------------------------------------------------------


@functools.lru_cache(maxsize=None)
def _literal(path, name):
    # The value of a top-level ``NAME = <literal>`` in a module we cannot import on CPython
    # (viper annotations).
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise KeyError("%s in %s" % (name, path))


CPU_SRC = ROOT / "modules" / "mpcrypto" / "_cpu.py"


class Mem32:
    """``machine.mem32`` of a bare-metal port that answers the CPUID word only; ``reads`` lists
    the addresses read."""

    def __init__(self, cpuid):
        self.cpuid = cpuid
        self.reads = []

    def __getitem__(self, addr):
        self.reads.append(addr)
        if addr != thumb_emu.CPUID:
            raise thumb_emu.Unmodelled("mem32[%#x]" % addr)
        return self.cpuid


def load_cpu(core="cortex-m4", cpuid=None, platform="qemu", arch=7, machine=True):
    """``mpcrypto._cpu`` run on CPython as a firmware would run it: ``sys.platform`` is
    ``platform``, the native arch of ``sys.implementation._mpy`` is ``arch`` (7: armv7emsp),
    and ``machine.mem32`` (absent unless ``machine``) answers CPUID with ``cpuid``, by default
    the emulated ``core``'s word. Returns ``(module, mem32)``."""
    import builtins
    import types

    mem = Mem32(thumb_emu.CORES[core][1] if cpuid is None else cpuid)
    fake_machine = types.SimpleNamespace(mem32=mem) if machine else None
    real_import = builtins.__import__

    def imp(name, *args, **kw):
        if name == "machine":
            if fake_machine is None:
                raise ImportError("no module named 'machine'")
            return fake_machine
        return real_import(name, *args, **kw)

    mod = types.ModuleType("_mpcrypto_cpu")
    mod.__dict__["__builtins__"] = dict(vars(builtins), __import__=imp)
    exec(compile(CPU_SRC.read_text(), str(CPU_SRC), "exec"), mod.__dict__)
    mod.sys = types.SimpleNamespace(platform=platform, implementation=types.SimpleNamespace(_mpy=6 | arch << 10))
    return mod, mem


def cpu_parts(feature):
    """The part numbers for which ``mpcrypto._cpu`` reports ``feature``."""
    return {p for p, f in _literal(CPU_SRC, "_FEATURES").items() if feature in f}


def load_curves():
    """mpcrypto.ec.curves, loaded from the source on CPython (it needs only namedtuple)."""
    spec = importlib.util.spec_from_file_location("_mpcrypto_curves", ROOT / "modules" / "mpcrypto" / "ec" / "curves.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def words_for(bits, fixed=None):
    """The 32-bit word count the engine's Thumb-2 multiplier gets for a modulus of ``bits``
    bits: ``engine.kernel`` takes the smallest 16-bit kernel of SIZES whose limbs hold it (or
    ``kernel_for`` the curve's fixed-prime kernel), and ``engine.asm_runner`` picks
    RUN[STRIDE >> 2]."""
    if fixed is not None:
        return _literal(FIELD / ("v16_%s.py" % fixed), "STRIDE") >> 2
    for n in _literal(FIELD / "engine.py", "SIZES"):
        if 16 * n >= bits:
            return _literal(FIELD / ("v16_%d.py" % n), "STRIDE") >> 2
    raise ValueError("no kernel for %d bits" % bits)


def moduli():
    """(label, modulus, words) for every prime the EC backends bind an arena to: each curve's
    p (weierstrass_viper, montgomery_viper, edwards_viper) and its group order n (ECDSA / SM2
    s mod n in weierstrass_viper, EdDSA's scalars mod L in edwards_viper)."""
    curves = load_curves()
    fixed = _literal(FIELD / "engine.py", "FIXED_KERNELS")
    out = []
    for c in curves.WEIERSTRASS + curves.OTHERS:
        fk = fixed.get(c.name)
        if fk is not None and _literal(FIELD / ("v16_%s.py" % fk), "P") != c.p:
            fk = None
        out.append((c.name + " p", c.p, words_for(curves._bits(c.p), fk)))
        out.append((c.name + " n", c.n, words_for(curves._bits(c.n))))
    return out


def is_prime(n):
    # Miller-Rabin with the first 13 prime bases (deterministic below 3.3e24, and no known
    # composite passes them above).
    if n < 2 or n % 2 == 0:
        return n == 2
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41):
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


@functools.lru_cache(maxsize=None)
def top_prime(n):
    """The largest prime below 2^(32 n): p as close to R as it gets, where the product before
    the final subtraction most often passes R (the carry word is exercised)."""
    p = (1 << (32 * n)) - 1
    while not is_prime(p):
        p -= 2
    return p


def edge_operands(p, n):
    r = (1 << (32 * n)) % p
    return [0, 1, 2, p - 1, p - 2, r, (r * r) % p, p >> 1, (1 << (p.bit_length() - 1)) - 1]


class FieldKernel:
    """A generated 16-bit-limb field kernel (``ec/field/v16_<name>.py``, viper, compiled for
    armv7emsp) on an emulated core through ``thumb_emu.Runtime``, its arena set up as
    ``engine.Arena.bind`` and ``engine.accel`` do: slot 0 p, slots 1-2 scratch, values from
    slot 3. With ``umaal`` (thumb_umaal's parsed .mpy) its MUL goes to ``_mul<STRIDE/4>``
    called from the viper code, as on a Cortex-M4."""

    def __init__(self, rt, name, umaal=None, nslots=11, max_ops=16):
        path = FIELD / ("v16_%s.py" % name)
        self.rt = rt
        self.name = "v16_%s" % name
        self.mpy = compile_module(path)
        self.fn = rt.load(self.mpy, "run")
        self.n = _literal(path, "N")
        self.st = _literal(path, "STRIDE")
        self.words = self.st >> 2
        self.nslots = nslots
        self.mem = rt.buffer(bytes(self.st * nslots))
        self.prog = rt.buffer(bytes(4 * max_ops))
        self.actx = rt.buffer(bytes(4 * (8 + self.words + 2)))
        self.mm = None
        if umaal is not None:
            self.mm = thumb_emu.AsmFunction(rt.core.load(umaal.function("_mul%d" % self.words).code))
        self.p = None

    def rbits(self, asm):
        return 8 * self.st if asm else 16 * self.n

    def bind(self, p):
        self.p = p
        c = self.rt.core
        c.write_int(self.mem.addr, p, self.st)
        c.write_words(self.actx.addr, [self.mem.addr, neg_inv32(p)])

    def exec(self, ops, values, asm=False):
        """Run the program ``ops`` ((op, dst, x, y); MUL 0, ADD 1, SUB 2, COPY 3) with
        ``values`` in slots 3, 4, ...; returns (every slot from 3 as an int, instructions)."""
        c, st = self.rt.core, self.st
        if asm and self.mm is None:
            raise ValueError("no multiplier loaded")
        c.write(self.mem.addr + st, bytes(st * (self.nslots - 1)))
        for i, v in enumerate(values):
            c.write_int(self.mem.addr + st * (3 + i), v, st)
        c.write(self.prog.addr, bytes(b for op in ops for b in op))
        minv = (-pow(self.p, -1, 1 << 16)) & 0xFFFF
        _, insns = self.rt.call(self.fn, 0, 0, 0, self.prog, len(ops), self.mem, minv,
                                self.mm if asm else None, self.actx)
        raw = c.read(self.mem.addr, st * self.nslots)
        return [int.from_bytes(raw[st * i:st * (i + 1)], "little") for i in range(3, self.nslots)], insns


def viper_sizes():
    return _literal(FIELD / "engine.py", "SIZES")


def top_prime_bits(bits):
    """The largest prime below 2^bits."""
    p = (1 << bits) - 1
    while not is_prime(p):
        p -= 2
    return p


# -- the report --------------------------------------------------------------------------------

REPORT_CORES = ("cortex-m3", "cortex-m4", "cortex-m7", "cortex-m33")


def count_rows(cores=REPORT_CORES, operands=8, seed=1, viper=True):
    """Rows per core: each ``_mul<N>`` (count of one call, spread over edge and
    ``operands`` random operand pairs, modulus the largest prime below 2^(32 N)), left out on
    a core where it faults (Cortex-M3); and each viper kernel's MUL, per operation of a field
    program (two MULs minus one: dispatch included), on its own (backend ``viper``) and with
    the UMAAL multiplier (``viper+thumb_umaal``, where the core has UMAAL; the runtime's C
    helpers that the call goes through are not counted, ``helper_calls`` says how many)."""
    rng = random.Random(seed)
    mpy = compile_umaal()
    rows = []
    for core in cores:
        u = Umaal(core, mpy=mpy)
        machine = "Cortex-%s (emulated)" % core.split("-")[1].upper()
        common = {"heap_bytes": 0, "reference": False, "platform": "unicorn",
                  "implementation": "unicorn %s" % thumb_emu.UNICORN_VERSION, "machine": machine,
                  "word_bits": 32, "clock_hz": None, "backend": "thumb_umaal", "unit": "insns", "core": core}
        has_umaal = True
        for n in u.sizes:
            p = top_prime(n)
            u.set_modulus(n, p)
            edges = edge_operands(p, n)
            pairs = [(a, b) for a in edges[:5] for b in edges[-4:]]
            pairs += [(rng.randrange(p), rng.randrange(p)) for _ in range(operands)]
            counts = set()
            try:
                for x, y in pairs:
                    d, insns = u.mul(x, y)
                    if d != x * y * pow(1 << (32 * n), -1, p) % p:
                        raise SystemExit("_mul%d gives a wrong product on %s" % (n, core))
                    counts.add(insns)
            except thumb_emu.Fault:
                has_umaal = False  # no UMAAL on this core
                break
            rows.append(dict(common, algorithm="Montgomery mul, %d words" % n, operation="mul",
                             value=max(counts), kernel="_mul%d" % n, words=n,
                             code_bytes=len(u.mpy.function("_mul%d" % n).code),
                             spread=max(counts) - min(counts), operands=len(pairs)))
        rt = thumb_emu.Runtime(thumb_emu.Core(core))
        for size in viper_sizes() if viper else ():
            fk = FieldKernel(rt, size, mpy if has_umaal else None)
            p = top_prime_bits(16 * fk.n)
            fk.bind(p)
            for asm in (False, True) if has_umaal else (False,):
                pairs = [(p - 1, p - 2)] + [(rng.randrange(p), rng.randrange(p)) for _ in range(1 + operands // 2)]
                per_op, spread, calls = field_mul_count(fk, asm, pairs)
                rows.append(dict(common, backend="viper+thumb_umaal" if asm else "viper",
                                 algorithm="Montgomery mul, %d words" % fk.words, operation="mul",
                                 value=per_op, kernel="%s.run MUL" % fk.name, words=fk.words,
                                 code_bytes=len(fk.mpy.function("run").code), spread=spread,
                                 operands=len(pairs), helper_calls=calls))
    return rows


def field_mul_count(fk, asm, pairs):
    """Instructions per MUL of a field program on a bound ``FieldKernel`` (a program of two
    MULs minus one of one MUL, dispatch included), over operand ``pairs``: (the largest
    count, the spread of the counts, runtime helper calls per MUL). Checks the products."""
    p, rt = fk.p, fk.rt
    ri = pow(1 << fk.rbits(asm), -1, p)
    counts, per_op = set(), set()
    for x, y in pairs:
        rt.helper_calls.clear()
        got1, c1 = fk.exec([(0, 5, 3, 4)], [x, y], asm)
        calls1 = sum(rt.helper_calls.values())
        rt.helper_calls.clear()
        got2, c2 = fk.exec([(0, 5, 3, 4), (0, 6, 5, 4)], [x, y], asm)
        if got1[2] != x * y * ri % p or got2[3] != got1[2] * y * ri % p:
            raise SystemExit("%s MUL gives a wrong product on %s" % (fk.name, rt.core.name))
        counts.add(c1)
        per_op.add(c2 - c1)
    return max(per_op), max(counts) - min(counts) + max(per_op) - min(per_op), sum(rt.helper_calls.values()) - calls1


# -- the Kinetis mmCAU driver beside the viper kernels it replaces -------------------------------

AES_VIPER = ROOT / "modules" / "mpcrypto" / "cipher" / "aes_viper.py"
SHA256_VIPER = ROOT / "modules" / "mpcrypto" / "hash" / "sha256_viper.py"


def _per_byte(count, small, large, nbytes):
    # Instructions per byte of the bulk loop: the difference of two calls, so the call's
    # fixed cost (entry, setup) is left out; also returned: the fixed cost.
    c1, c2 = count(small), count(large)
    per = (c2 - c1) / ((large - small) * nbytes)
    return per, c1 - per * small * nbytes


def mmcau_rows(core="cortex-m4", seed=1):
    """AES-128 ECB encryption and SHA-256 compression per byte: the Kinetis mmCAU driver
    (``boards/kinetis/kinetis_asm.py`` against the CAU model) and the viper kernels
    (``aes_viper._enc``, ``sha256_viper.compress``), on the same emulated core. The mmCAU rows
    also give the CAU commands and register-port accesses per block: the model does not time
    them (the core stalls on a busy CAU on the real part)."""
    from tools.emu import kinetis_emu as ke

    rng = random.Random(seed)
    machine = "Cortex-%s (emulated)" % core.split("-")[1].upper()
    common = {"heap_bytes": 0, "reference": False, "platform": "unicorn",
              "implementation": "unicorn %s" % thumb_emu.UNICORN_VERSION, "machine": machine,
              "word_bits": 32, "clock_hz": None, "unit": "insns/byte", "core": core}
    rows = []
    board = ke.Board(core=core)
    key = bytes(rng.randrange(256) for _ in range(16))
    ctx = bytearray(256)
    _, key_insns = board.call("aes_key", ctx, key, 4)

    def aes_count(nb):
        ctx[4:12] = nb.to_bytes(4, "little") + bytes(4)
        board.cau.reset_counts()
        return board.call("aes_encrypt", ctx, bytes(16 * nb), bytearray(16 * nb), ctx)[1]

    per, fixed = _per_byte(aes_count, 4, 8, 16)
    cau = dict(board.cau.counts)
    rows.append(dict(common, algorithm="AES-128", operation="ECB encrypt", backend="mmcau", value=round(per, 2),
                     kernel="kinetis_asm.aes_encrypt", call_insns=round(fixed), key_schedule_insns=key_insns,
                     cau_words_per_block=cau.get("words", 0) // 8, cau_port_per_block=cau.get("port", 0) // 8,
                     code_bytes=len(board.mpy.function("aes_encrypt").code)))

    def sha_count(nb):
        board.cau.reset_counts()
        return board.call("sha256_compress", bytearray(96), bytes(64 * nb), 0, nb)[1]

    per, fixed = _per_byte(sha_count, 2, 4, 64)
    cau = dict(board.cau.counts)
    rows.append(dict(common, algorithm="SHA-256", operation="compress", backend="mmcau", value=round(per, 2),
                     kernel="kinetis_asm.sha256_compress", call_insns=round(fixed),
                     cau_words_per_block=cau.get("words", 0) // 4, cau_port_per_block=cau.get("port", 0) // 4,
                     code_bytes=len(board.mpy.function("sha256_compress").code)))

    # The viper kernels on the same core (their runtime helpers not counted). Tables are
    # zero: the instruction sequence of these kernels does not depend on the data.
    rt = thumb_emu.Runtime(thumb_emu.Core(core))
    mpy = compile_module(AES_VIPER)
    fn = rt.load(mpy, "_enc", {"SBOX": rt.buffer(bytes(256))})
    te = rt.buffer(bytes(4096))
    k = rt.buffer(bytes(240) + (10).to_bytes(4, "little") + bytes(252))  # [60] = Nr = 10

    def viper_aes(nb):
        src = rt.buffer(bytes(16 * nb))
        return rt.call(fn, te, k, src, src, nb, k, 0)[1]

    per, fixed = _per_byte(viper_aes, 4, 8, 16)
    rows.append(dict(common, algorithm="AES-128", operation="ECB encrypt", backend="viper", value=round(per, 2),
                     kernel="aes_viper._enc", call_insns=round(fixed), code_bytes=len(mpy.function("_enc").code)))
    mpy = compile_module(SHA256_VIPER)
    fn = rt.load(mpy, "compress", {"_K": rt.buffer(bytes(256))})
    st = rt.buffer(bytes(96))

    def viper_sha(nb):
        return rt.call(fn, st, rt.buffer(bytes(64 * nb)), 0, nb)[1]

    per, fixed = _per_byte(viper_sha, 2, 4, 64)
    rows.append(dict(common, algorithm="SHA-256", operation="compress", backend="viper", value=round(per, 2),
                     kernel="sha256_viper.compress", call_insns=round(fixed),
                     code_bytes=len(mpy.function("compress").code)))
    return rows


# -- the MD hash compression kernels (hash/sha256_thumb.py, sha512_thumb.py, sha1_thumb.py,
# md5_thumb.py, sm3_thumb.py) -------------------------------------------------------------------

HASH = ROOT / "modules" / "mpcrypto" / "hash"
SHA_KERNELS = ("sha256", "sha512", "sha1", "md5", "sm3")
SHA_SRC = {k: HASH / ("%s_thumb.py" % k) for k in SHA_KERNELS}
SHA_BLOCK = {"sha256": 64, "sha512": 128, "sha1": 64, "md5": 64, "sm3": 64}
SHA_WORDS = {"sha256": 8, "sha512": 16, "sha1": 5, "md5": 4, "sm3": 8}  # chaining-value words
# hashlib name -> (kernel, the IV array's name in the public module, digest bytes); SM3's
# padding is SHA-256's (GB/T 32905 §5.2)
SHA_NAMES = {
    "sha224": ("sha256", "_IV224", 28), "sha256": ("sha256", "_IV256", 32),
    "sha384": ("sha512", "_IV384", 48), "sha512": ("sha512", "_IV512", 64),
    "sha512_224": ("sha512", "_IV512_224", 28), "sha512_256": ("sha512", "_IV512_256", 32),
    "sha1": ("sha1", "_IV", 20), "md5": ("md5", "_IV", 16), "sm3": ("sm3", "_IV", 32),
}
SHA_SIZES = (1024, 16384)  # bytes per call for the per-byte counts


@functools.lru_cache(maxsize=None)
def sha_iv(name):
    """The chaining-value words of ``name``'s IV, read from the public module's
    ``iv("hex words", scratch)`` (H0..H7; SHA-512 as (high, low) halves), without its kernel
    scratch."""
    kern, var, _ = SHA_NAMES[name]
    for node in ast.parse((HASH / ("%s.py" % kern)).read_text()).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == var:
            words = tuple(int(w, 16) for w in node.value.args[0].value.split())
            assert len(words) == SHA_WORDS[kern], var
            return words
    raise KeyError(var)


def sha_pad(msg, block, order="big"):
    """FIPS 180-4 §5.1.1/§5.1.2 padding: 0x80, zeros, the bit length (8 or 16 bytes); MD5's
    (RFC 1321 §3.1-3.2) is the same with the length little-endian (``order="little"``)."""
    lenb = 8 if block == 64 else 16
    return msg + b"\x80" + bytes((-(len(msg) + 1 + lenb)) % block) + (8 * len(msg)).to_bytes(lenb, order)


def sha_order(kern):
    """The byte order of ``kern``'s length field and digest words."""
    return "little" if kern == "md5" else "big"


class ShaKernel:
    """``compress(st, buf, off, nblocks)`` of one of the ``SHA_KERNELS`` on one emulated core:
    ``st`` the chaining value (words), the message at ``buf + off`` (any alignment)."""

    def __init__(self, kern, core="cortex-m4", cpuid=None, mpy=None, counting="block", max_bytes=1 << 15):
        self.kern = kern
        self.block = SHA_BLOCK[kern]
        self.core = thumb_emu.Core(core, cpuid, counting)
        self.mpy = mpy if mpy is not None else compile_module(SHA_SRC[kern])
        self.addr = thumb_emu.load_asm(self.core, self.mpy)
        self.nwords = SHA_WORDS[kern]
        self.st = self.core.alloc(4 * 48)  # as large as the public module's array
        self.buf = self.core.alloc(max_bytes + 8)
        self.max_bytes = max_bytes

    def compress(self, words, data, off=0, nblocks=None):
        """Runs the kernel over ``data`` (whole blocks) placed at ``off`` bytes past an 8-aligned
        address; returns (the new chaining words, instructions). The state array's scratch
        and the bytes around the message are filled with junk first."""
        c = self.core
        if nblocks is None:
            nblocks = len(data) // self.block
        assert len(data) + off <= self.max_bytes + 8
        c.write(self.st, b"\xa5" * (4 * 48))
        c.write_words(self.st, list(words))
        c.write(self.buf, b"\x5a" * off + bytes(data) + b"\x5a" * 8)
        r0, insns = c.call(self.addr["compress"], self.st, self.buf, off, nblocks)
        if r0 != 0:
            raise thumb_emu.Fault("compress returned %#x" % r0)
        raw = c.read(self.st, 4 * 48)
        if raw[4 * self.nwords:] != b"\xa5" * (4 * (48 - self.nwords)):
            raise thumb_emu.Fault("compress wrote past the chaining value")
        return list(struct.unpack("<%dI" % self.nwords, raw[:4 * self.nwords])), insns

    def digest(self, name, msg, off=0):
        """hashlib's ``name`` digest of ``msg``: padded, one kernel call; (digest, insns)."""
        order = sha_order(self.kern)
        words, insns = self.compress(sha_iv(name), sha_pad(msg, self.block, order), off)
        out = b"".join(w.to_bytes(4, order) for w in words)
        return out[:SHA_NAMES[name][2]], insns


def sha_rows(cores=REPORT_CORES, sizes=SHA_SIZES, seed=1):
    """Per core and kernel: instructions per byte of one ``compress`` call of ``size`` bytes
    (entry and exit included; random data, the count checked equal for zero data), and the
    kernel's code bytes in the .mpy."""
    rng = random.Random(seed)
    rows = []
    for core in cores:
        machine = "Cortex-%s (emulated)" % core.split("-")[1].upper()
        common = {"heap_bytes": 0, "reference": False, "platform": "unicorn",
                  "implementation": "unicorn %s" % thumb_emu.UNICORN_VERSION, "machine": machine,
                  "word_bits": 32, "clock_hz": None, "backend": "thumb", "unit": "insns/byte", "core": core}
        for kern in SHA_KERNELS:
            k = ShaKernel(kern, core, max_bytes=max(sizes))
            iv = sha_iv(kern)
            for size in sizes:
                data = bytes(rng.randrange(256) for _ in range(size))
                _, insns = k.compress(iv, data)
                _, zero = k.compress(iv, bytes(size))
                rows.append(dict(common, algorithm=kern.upper() if kern in ("md5", "sm3") else kern.replace("sha", "SHA-"), operation="compress %d B" % size,
                                 value=round(insns / size, 2), insns=insns, bytes=size,
                                 spread=abs(insns - zero), kernel="%s_thumb.compress" % kern,
                                 code_bytes=len(k.mpy.function("compress").code)))
    return rows


def table(rows):
    cores = []
    keys = []
    cell = {}
    for r in rows:
        if r["core"] not in cores:
            cores.append(r["core"])
        k = (r["backend"], r["kernel"])
        if k not in keys:
            keys.append(k)
        cell[k, r["core"]] = r
    rank = {"thumb_umaal": 0, "viper": 1, "viper+thumb_umaal": 2}
    keys.sort(key=lambda k: rank.get(k[0], 3))  # stable: kernels stay in order
    lines = ["%-18s %-14s %5s %6s " % ("backend", "kernel", "words", "bytes") + " ".join("%10s" % c for c in cores)]
    for k in keys:
        any_row = next(cell[k, c] for c in cores if (k, c) in cell)
        vals = []
        for c in cores:
            r = cell.get((k, c))
            vals.append("%10s" % ("-" if r is None else "%d%s" % (r["value"], "" if not r["spread"] else "~%d" % r["spread"])))
        lines.append("%-18s %-14s %5d %6d " % (k[0], k[1], any_row["words"], any_row["code_bytes"]) + " ".join(vals))
    lines.append("instructions per call (thumb_umaal: entry and exit included) or per MUL of a field program")
    lines.append("(viper: dispatch included; viper+thumb_umaal: the C runtime helpers of the call not counted);")
    lines.append("exact, the same for every operand tried unless marked ~spread; '-': faults (no UMAAL)")
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cores", default=",".join(REPORT_CORES), help="comma-separated: %s" % ", ".join(thumb_emu.CORES))
    ap.add_argument("--operands", type=int, default=8, help="random operand pairs per kernel (besides the edges)")
    ap.add_argument("--table", action="store_true", help="print a kernel x core table instead of JSON lines")
    args = ap.parse_args(argv)
    rows = count_rows(tuple(args.cores.split(",")), args.operands)
    kinetis = mmcau_rows() if "cortex-m4" in args.cores.split(",") else []
    sha = sha_rows(tuple(args.cores.split(",")))
    from tools.emu import aes_thumb_emu  # the Thumb-2 T-table AES (cipher/aes_thumb.py), per byte at 1 and 16 KiB

    aes = aes_thumb_emu.per_byte_rows(tuple(c for c in args.cores.split(",") if c != "cortex-m0"))
    from tools.emu import aes_ct_thumb_emu  # the constant-time bitsliced AES (cipher/aes_ct_thumb.py) and GCM with it

    aes += aes_ct_thumb_emu.per_byte_rows(tuple(c for c in args.cores.split(",") if c != "cortex-m0"))
    if args.table:
        print(table(rows))
        for r in kinetis:
            print("%-8s %-8s %-26s %7.2f insns/byte" % (r["algorithm"], r["backend"], r["kernel"], r["value"]))
        for r in sha + aes:
            print("%-8s %-8s %-26s %-10s %-16s %7.2f insns/byte  (%d bytes of code)" % (
                r["algorithm"], r["backend"], r["kernel"], r["core"], r["operation"], r["value"], r["code_bytes"]))
    else:
        for r in rows + kinetis + sha + aes:
            print(json.dumps(dict(r, script="thumb_counts.py")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
