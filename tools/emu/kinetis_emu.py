"""An emulated Kinetis K64/K66 for the board drivers in ``boards/kinetis/``: unicorn's
Cortex-M4 (``tools/emu/thumb_emu.py``) with the register models of ``tools/emu/kinetis_model.py``
mapped where the reference manual puts the blocks (the CAU's page 0xE0081000, the SIM page
0x40048000, the RNGA at 0x40029000 on a K64 or 0x400A0000 on a K66), running the machine code
that ``mpy-cross -march=armv7emsp`` makes of ``boards/kinetis/kinetis_asm.py``.

    board = Board()                                   # K64 on a Cortex-M4
    ctx = array("I", bytes(256))
    board.call("aes_key", ctx, key, 4)                # buffers are copied in and back
    r0, insns = board.call("aes_encrypt", ctx, src, dst, ctx)

Two ways to use it:

- ``Board.call``: a driver function with Python buffers (bytes, bytearray, array, memoryview):
  each distinct buffer object is copied into emulated SRAM (``misalign`` bytes past a word
  boundary, to exercise unaligned access), the function runs, the buffers come back (a change
  to a read-only buffer is an error: the driver wrote into its input). Returns (r0,
  instructions). ``Board(traced=True)``: while ``board.trace`` is a list, each load and store
  the code makes is appended to it as (kind, address, size), SRAM addresses as offsets into
  the buffer arena and peripheral registers (the CAU's command addresses) as they are, so two
  calls' access sequences can be compared; the values are not recorded.
- ``Bridge``: the MicroPython unix port runs the library's Python glue (``kinetis.py``,
  ``kinetis_mmcau.py``, ``kinetis_rnga.py``, and the public API above them) with a stand-in
  ``kinetis_asm`` module whose functions send their arguments here over the process's stdin
  and stdout (``host_tests/mp_kinetis/emu_bridge.py``); each call runs the real machine code
  on the emulated chip, and the buffers go back. So a test of ``mpcrypto.cipher.aes`` with the
  ``mmcau`` backend forced exercises the real MicroPython glue and the real Thumb-2 code
  against the CAU model; only the hop between them is the bridge's.

A part that is not a K6x (``part=None``) has no SIM, CAU or RNGA mapped: any access to them
is an unmapped-memory fault, as a bus fault would be on the real part.
"""

import os
import pathlib
import subprocess

import unicorn

from tools import ROOT
from tools.emu import kinetis_model as km
from tools.emu import mpy_reader, thumb_emu

km.bind_errors(thumb_emu.Unmodelled)

ASM_SRC = ROOT / "boards" / "kinetis" / "kinetis_asm.py"
BRIDGE_DIR = ROOT / "host_tests" / "mp_kinetis"
# part -> (SIM_SDID, the RNGA's base, its clock gate as NXP's clock driver has it)
PARTS = {"K64": (km.SDID_K64, km.RNGA_K64, km.GATE_K64), "K66": (km.SDID_K66, km.RNGA_K66, km.GATE_K66)}

_mpy = {}


def compile_asm(arch="armv7emsp"):
    """kinetis_asm.py compiled by mpy-cross and parsed (cached)."""
    if arch not in _mpy:
        _mpy[arch] = mpy_reader.compile_file(ASM_SRC, arch, "kinetis_asm.py")
    return _mpy[arch]


class Board:
    def __init__(self, part="K64", core="cortex-m4", cpuid=None, sdid=None, rnga_source=os.urandom,
                 rnga_latency=2, counting="block", misalign=0, cau_version=km.CASR_VERSION,
                 traced=False):
        self.core = thumb_emu.Core(core, cpuid, counting)
        self.trace = None
        if traced:  # installed before any code is translated, as the count hook is
            self.core.uc.hook_add(unicorn.UC_HOOK_MEM_READ | unicorn.UC_HOOK_MEM_WRITE, self._mem)
        self.part = part
        self.cau = self.sim = self.rnga = None
        if part is not None:
            sd, rnga_base, gate = PARTS[part]
            self.sim = km.SIM(sd if sdid is None else sdid)
            self.cau = km.CAU(cau_version)
            self.rnga = km.RNGA(self.sim, rnga_source, rnga_latency, gate)
            self.core.map_peripheral(km.CAU_BASE, 0x1000, self.cau)
            self.core.map_peripheral(km.SIM_PAGE, 0x1000, self.sim)
            self.core.map_peripheral(rnga_base, 0x1000, self.rnga)
        self.mpy = compile_asm()
        self.addr = thumb_emu.load_asm(self.core, self.mpy)
        self.misalign = misalign
        self.arena = self.core.alloc(0x20000)
        self.arena_end = self.arena + 0x20000
        self.calls = {}
        self.before = {}  # name -> a callable run before each call of that function

    def _mem(self, uc, access, address, size, value, data):
        if self.trace is not None:
            if thumb_emu.RAM_BASE <= address < thumb_emu.RAM_BASE + thumb_emu.RAM_SIZE:
                address -= self.arena
            self.trace.append(("w" if access == unicorn.UC_MEM_WRITE else "r", address, size))

    def call(self, name, *args):
        """Call ``name`` with ints and buffers; returns (r0 as a signed word, instructions).
        ``before[name]()``, if set, runs first: another agent's register accesses between the
        driver's calls (``km.RNGA.zephyr_draw``, say)."""
        if name in self.before:
            self.before[name]()
        c = self.core
        top = self.arena
        placed = {}  # id(buffer) -> (address, its bytes before)
        regs = []
        for a in args:
            if isinstance(a, int):
                regs.append(a)
                continue
            if id(a) not in placed:
                raw = bytes(memoryview(a).cast("B")) if not isinstance(a, (bytes, bytearray)) else bytes(a)
                addr = ((top + 7) & ~7) + self.misalign
                if addr + len(raw) + 8 > self.arena_end:
                    raise MemoryError("bridge arena full")
                c.write(addr, raw + b"\xa5" * 8)  # a guard after the buffer
                top = addr + len(raw) + 8
                placed[id(a)] = (a, addr, raw)
            regs.append(placed[id(a)][1])
        r0, insns = c.call(self.addr[name], *regs)
        self.calls[name] = self.calls.get(name, 0) + 1
        for a, addr, raw in placed.values():
            new = c.read(addr, len(raw))
            if c.read(addr + len(raw), 8) != b"\xa5" * 8:
                raise thumb_emu.Fault("%s wrote past the end of a %d-byte buffer" % (name, len(raw)))
            if new != raw:
                _write_back(a, new, name)
        return (r0 - (1 << 32) if r0 >> 31 else r0), insns


def _write_back(a, new, name):
    if isinstance(a, bytes) or (isinstance(a, memoryview) and a.readonly):
        raise thumb_emu.Fault("%s wrote into a read-only buffer" % name)
    mv = memoryview(a).cast("B")
    mv[:] = new


# -- the bridge: MicroPython (unix port) glue, machine code here -------------------------------


def write_stub(folder):
    """Write the stand-in ``kinetis_asm.py`` into ``folder``: one forwarding function per
    asm_thumb function of the real module, with its argument count."""
    lines = ['"""Stand-in for kinetis_asm on the unix port: every call runs the real machine code',
             'on the host\'s emulated Kinetis (tools/emu/kinetis_emu.py). Generated."""',
             "from emu_bridge import call", "from mpcrypto import _cpu", "",
             "# The unix port has no CPUID: mpcrypto._cpu.core(), which kinetis.identify asks, is",
             "# answered from the emulated core's CPUID word, decoded by _cpu itself. The library's",
             "# chains still see the host (no Thumb-2 code of the library runs here).",
             "_word = call('cpuid')",
             "_cpu.core = lambda: _cpu._NAMES.get(_cpu._decode(_word))", ""]
    for name, rc in compile_asm().functions("asm").items():
        params = ", ".join("a%d" % i for i in range(rc.n_pos_args))
        lines.append("def %s(%s):" % (name, params))
        lines.append("    return call(%r%s)" % (name, "".join(", a%d" % i for i in range(rc.n_pos_args))))
        lines.append("")
    path = pathlib.Path(folder) / "kinetis_asm.py"
    path.write_text("\n".join(lines))
    return path


class Bridge:
    """Run a MicroPython script on the unix port with ``boards/kinetis``, the board folders
    and ``modules/`` importable and ``kinetis_asm`` served by ``board``.

    ``run(script)`` returns the script's stdout lines (bridge traffic removed)."""

    def __init__(self, board, micropython, stub_dir, extra_paths=(), heapsize="64M"):
        self.board = board
        self.micropython = micropython
        self.stub_dir = pathlib.Path(stub_dir)
        write_stub(self.stub_dir)
        self.path = ":".join([str(self.stub_dir), str(BRIDGE_DIR)] + [str(p) for p in extra_paths]
                             + [str(ROOT / "boards" / "kinetis"), str(ROOT / "modules"), str(ROOT / "host_tests" / "mp")])
        self.heapsize = heapsize
        self.requests = 0

    def run(self, script, timeout=300):
        env = dict(os.environ, MICROPYPATH=self.path)
        script_path = self.stub_dir / "bridge_script.py"
        script_path.write_text(script)
        p = subprocess.Popen([self.micropython, "-X", "heapsize=" + self.heapsize, str(script_path)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=env, text=True, bufsize=1)
        out = []
        try:
            for line in p.stdout:
                line = line.rstrip("\n")
                if line.startswith("@@EMU "):
                    p.stdin.write(self._serve(line) + "\n")
                    p.stdin.flush()
                else:
                    out.append(line)
            p.wait(timeout=timeout)
        finally:
            if p.poll() is None:
                p.kill()
                p.wait()
        err = p.stderr.read()
        if p.returncode != 0:
            raise RuntimeError("micropython exited %d\n%s\n%s" % (p.returncode, "\n".join(out[-30:]), err[-3000:]))
        return out

    def _serve(self, line):
        self.requests += 1
        parts = line.split(" ")
        name, spec, hexes = parts[1], parts[2], parts[3:]
        if name == "cpuid":  # the word mpcrypto._cpu would load from 0xE000ED00 (write_stub)
            return "@@RET %d" % self.board.core.cpuid
        bufs = [bytearray.fromhex(h if h != "-" else "") for h in hexes]
        args = []
        for s in spec.split(",") if spec != "-" else ():
            args.append(int(s[1:]) if s[0] == "i" else bufs[int(s[1:])])
        try:
            r0, _ = self.board.call(name, *args)
        except thumb_emu.Fault as e:
            return "@@ERR %s" % str(e).replace(" ", "_")
        return "@@RET %d %s" % (r0, " ".join(b.hex() or "-" for b in bufs))
