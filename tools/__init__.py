"""Host tools of mpcrypto, run from the repository root as ``python -m tools.<folder>.<tool>``
(or through the Makefile):

- ``tools.thumb``: the Thumb-2 encoder and the generators of the asm_thumb kernels in
  ``modules/`` (each with ``--check``);
- ``tools.viper``: the generators of the unrolled viper kernels (Ascon, MD5, SHA-1, SHA-2,
  SM3, Poly1305, the block ciphers, the MPI backends), each with ``--check``; ``tools/gen.py``:
  what the generators share (the write-or-check command line);
- ``tools.python``: the generators of the portable-Python SHA-2 and AES kernels (with
  ``--check``);
- ``tools.emu``: the emulated Cortex-M core (unicorn), the ``.mpy`` reader, the instruction
  counts and the register models of the Kinetis hardware blocks;
- ``tools.bench``: the benchmark runner and the report;
- ``tools.ship``: deploy, firmware builds, the mip packages and the manifests.

The tools run on CPython and some of them use the library itself (the AES tables, the
known-answer data): ``library(name)`` imports a module of ``modules/mpcrypto`` by the
package's file location, so nothing needs ``modules`` on ``sys.path``. ``host_module(name)``
does the same for a helper of ``host_tests/`` (the MicroPython finder of ``harness``).
"""

import importlib
import importlib.util
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODULES = ROOT / "modules"
HOST_TESTS = ROOT / "host_tests"


def _load(name, path, package=False):
    # A module (or, with ``package``, a package whose submodules are found beside it) from
    # its file, registered in sys.modules under ``name`` as a normal import would register it.
    spec = importlib.util.spec_from_file_location(
        name, path, submodule_search_locations=[str(path.parent)] if package else None)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    try:
        spec.loader.exec_module(mod)
    except BaseException:
        del sys.modules[name]
        raise
    return mod


def library(name="mpcrypto"):
    """The module ``name`` of the library (``"mpcrypto.cipher.aes_tables"``), imported on
    CPython from ``modules/``. The ``mpcrypto`` package is loaded from its file the first time
    unless an import has already found it; its submodules then import as usual."""
    if "mpcrypto" not in sys.modules:
        _load("mpcrypto", MODULES / "mpcrypto" / "__init__.py", package=True)
    return importlib.import_module(name)


def host_module(name):
    """The helper module ``host_tests/<name>.py`` under its own flat name, as pytest imports
    it (``harness``, ``test_heap``): ``harness`` first, since the others import it by name."""
    for n in ("harness", name):
        if n not in sys.modules:
            _load(n, HOST_TESTS / (n + ".py"))
    return sys.modules[name]
