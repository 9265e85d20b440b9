"""The viper kernels of Camellia, SM4 and DES/TDEA as a Cortex-M runs them: the machine code
``mpy-cross -march=armv7emsp`` makes of ``cipher/camellia_viper.py``, ``sm4_viper.py`` and
``des_viper.py``, on emulated Cortex-M3 and M4 cores (unicorn, ``tools/emu/thumb_emu.py``), against
the portable Python backends run on CPython.

The unix port's viper words are 64 bits, a Cortex-M's 32 (VIPER.md), so the unix-port tests
cannot see a 32-bit viper bug (a missing mask, a sign-extending shift): here the table builders
(``_build``, ``_pack``) and the bulk kernel ``_crypt`` run as 32-bit machine code. Checked:
the tables the emulated ``_build`` writes equal the Python backend's; every mode of ``_crypt``
(ECB encrypt/decrypt, CBC encrypt/decrypt with the chaining value written back, CTR over the
whole block and GCM's inc32, counters that carry and wrap) on random blocks and keys of every
size gives the Python backend's output; and the instruction count per byte (the figures of
report/measurements.md) is the same for different data and keys. No MicroPython binary and no device are
needed; these tests run under every ``--target``.

The four viper block ciphers (these three and ``aes_viper.py``) are generated:
``python -m tools.viper.gen_block --check`` passes.
"""

import array
import pathlib
import random
import subprocess
import sys

import pytest

from mpcrypto.cipher import _camellia_sched, _des_sched, _sm4_sched, camellia_python, des_python, sm4_python

from tools.emu import thumb_counts as tc
from tools.emu import thumb_emu

ROOT = pathlib.Path(__file__).resolve().parent.parent

CIPHER = ROOT / "modules" / "mpcrypto" / "cipher"
CORES = ["cortex-m3", "cortex-m4"]


@pytest.fixture(autouse=True)
def _unix_only():
    """Overrides conftest's fixture of the same name: nothing here needs a target."""


def _words(ws):
    return array.array("I", ws).tobytes()  # little-endian words, as on the core


class Kernel:
    """One cipher's viper kernel on an emulated core, with its tables built by the emulated
    ``_build`` (or, for DES, by _des_sched as des_viper does at import)."""

    def __init__(self, name, core):
        self.name = name
        self.rt = thumb_emu.Runtime(thumb_emu.Core(core))
        self.mpy = tc.compile_module(CIPHER / ("%s_viper.py" % name))
        self.fn = self.rt.load(self.mpy, "_crypt", {})
        rt = self.rt
        if name == "sm4":
            self.t = rt.buffer(bytes(4096))
            rt.call(rt.load(self.mpy, "_build", {}), self.t, rt.buffer(bytes(_sm4_sched.SBOX)))
            want = [w for tab in sm4_python._tables() for w in tab]
        elif name == "camellia":
            self.t = rt.buffer(bytes(4096))
            rt.call(rt.load(self.mpy, "_build", {}), self.t, rt.buffer(bytes(_camellia_sched.SBOX1)))
            p = camellia_python
            want = [w for tab in p.tables() for w in tab]
        else:
            want = [(v >> 1) | ((v & 1) << 31) for v in _des_sched.tables()[:512]]
            self.t = rt.buffer(_words(want))
            self.pack = rt.load(self.mpy, "_pack", {})
        self.table_ok = self.t.read() == _words(want)

    def keys(self, key):
        """(encryption key buffer, decryption key buffer, extra kernel argument or None)."""
        rt = self.rt
        if self.name == "sm4":
            rk = _sm4_sched.expand_key(key)
            return rt.buffer(_words(rk)), rt.buffer(_words(rk[::-1])), None
        if self.name == "camellia":
            e, d, ng = _camellia_sched.expand_key(key)
            return rt.buffer(_words(e)), rt.buffer(_words(d)), ng
        e, d, nr = _des_sched.schedule(key)
        ke = rt.buffer(bytes(8 * nr))
        kd = rt.buffer(bytes(8 * nr))
        rt.call(self.pack, rt.buffer(bytes(e)), ke, nr)
        rt.call(self.pack, rt.buffer(bytes(d)), kd, nr)
        return ke, kd, nr

    def run(self, k, extra, data, iv, mode):
        """dst, the iv buffer afterwards, instructions."""
        rt = self.rt
        src = rt.buffer(data)
        ivb = rt.buffer(iv)
        bs = 8 if self.name == "des" else 16
        args = [self.t, k, src, src, len(data) // bs, ivb, mode] + ([] if extra is None else [extra])
        if self.name == "des":
            args = [0, 0] + args  # des_viper._crypt's two register parameters
        _, insns = rt.call(self.fn, *args)
        return src.read(), ivb.read(), insns


def _soft(name, key):
    return {"sm4": sm4_python, "camellia": camellia_python, "des": des_python}[name].new(key)


CASES = [("sm4", 16), ("camellia", 16), ("camellia", 24), ("camellia", 32), ("des", 8), ("des", 16), ("des", 24)]


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize("name", ["sm4", "camellia", "des"])
def test_tables_built_on_the_core(name, core):
    assert Kernel(name, core).table_ok


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize("name,klen", CASES, ids=["%s-%d" % c for c in CASES])
def test_every_mode_matches_python(name, klen, core):
    kern = Kernel(name, core)
    bs = 8 if name == "des" else 16
    rnd = random.Random("%s%d%s" % (name, klen, core))
    ivs = [rnd.randbytes(bs), b"\xff" * bs, bytes(bs - 4) + b"\xff\xff\xff\xfe", b"\x80" + b"\xff" * (bs - 1)]
    for trial in range(2):
        key = rnd.randbytes(klen)
        ke, kd, extra = kern.keys(key)
        soft = _soft(name, key)
        data = rnd.randbytes(5 * bs)
        for iv in ivs:
            for mode in (0, 1, 2, 3, 4) if bs == 16 else (0, 1, 2, 4):
                dec = mode == 4 or (mode == 0 and iv == ivs[1])
                got, giv, _ = kern.run(kd if dec else ke, extra, data, iv, mode)
                want = bytearray(len(data))
                wiv = bytearray(iv)
                n = len(data) // bs
                if mode == 0:
                    (soft.ecb_decrypt if dec else soft.ecb_encrypt)(data, want, n)
                elif mode == 1:
                    soft.cbc_encrypt(data, want, n, wiv)
                elif mode == 4:
                    soft.cbc_decrypt(data, want, n, wiv)
                else:
                    soft.ctr_xor(data, want, n, wiv, bs if mode == 2 else 4)
                assert got == bytes(want), (name, klen, mode, iv.hex())
                if mode != 0:
                    assert giv == bytes(wiv), (name, klen, mode, "iv", iv.hex())


@pytest.mark.parametrize("name,klen", [("sm4", 16), ("camellia", 16), ("camellia", 32), ("des", 8), ("des", 24)])
def test_instructions_per_byte(name, klen):
    """ECB encryption per byte on the emulated M4 (report/measurements.md), the same for two
    different keys and data."""
    kern = Kernel(name, "cortex-m4")
    bs = 8 if name == "des" else 16
    rnd = random.Random(name)
    per = []
    for _ in range(2):
        ke, _, extra = kern.keys(rnd.randbytes(klen))

        def count(nb):
            return kern.run(ke, extra, rnd.randbytes(nb * bs), bytes(bs), 0)[2]

        per.append(tc._per_byte(count, 4, 8, bs)[0])
    assert per[0] == per[1]
    want = {("sm4", 16): 198.25, ("camellia", 16): 246.62, ("camellia", 32): 318.5, ("des", 8): 283.25,
            ("des", 24): 756.75}[(name, klen)]
    assert abs(per[0] - want) < 0.01, per[0]


def test_generated_viper_modules_are_current():
    p = subprocess.run([sys.executable, "-m", "tools.viper.gen_block", "--check"], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stdout + p.stderr
