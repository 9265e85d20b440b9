"""The import graph of ``modules/mpcrypto`` and which modules a MicroPython arch can run.

Read from the sources on CPython (``ast``), never by importing them. ``tools/ship/deploy.py``
uses it to compile only what a set of algorithms needs for one device, ``tools/ship/mip.py``
to check that the mip packages' dependencies follow the imports.

An edge ``a -> b`` means that module ``a`` may import ``b``. Four kinds:

- ``static``: an ``import`` / ``from ... import`` statement naming ``b``, anywhere in ``a``
  (at the top, inside a ``try``, inside a function). ``from mpcrypto.x import y`` names
  ``mpcrypto.x`` and, when ``y`` is a module, ``mpcrypto.x.y``.
- ``chain``: ``b`` is a string in a backend chain, an assignment to a name ending in
  ``_CHAIN`` (``_CHAIN = (("viper", "mpcrypto.hash.sha256_viper", None), ...)``, see
  ``mpcrypto/_backend.py``): imported lazily by name, skipped when it does not import.
- ``kernel``: ``b`` matches a module-name pattern with ``%`` fields (``engine.py`` loads
  ``"mpcrypto.ec.field.v%d_%d" % (...)``): a field kernel, skipped when absent (the engine
  takes the next larger one).
- ``byname``: any other string equal to a module name (``hash/names.py``'s table of hash
  names): imported on first use of that name, and a firmware without the module just does
  not know that name. Not followed by ``closure``: the caller names the hashes it wants.

Which arch runs a module (``runs_on``), the same rules as the freeze manifests:

- bytecode (``arch`` None, no native emitter): no module with ``@micropython.viper``,
  ``native`` or ``asm_thumb`` code, and none that imports such a module at its top level
  outside a ``try`` (a viper backend built on the limb engine);
- ``asm_thumb`` modules (``ec/field/thumb_umaal.py``) only on ARMv7E-M (``armv7em``,
  ``armv7emsp``, ``armv7emdp``): the seam takes them only on cores with the feature their
  chain entry requires (``mpcrypto._cpu``: ``umaal`` on Cortex-M4/M7/M55/M85); an ARMv6-M or
  ARMv7-M core never would;
- ``ONLY_64BIT`` modules only where viper words are 64 bits (``x64``, ``rv64imc``).

    python -m tools.ship.modgraph armv7emsp mpcrypto.ec.x25519     # the modules it needs
"""

import ast
import fnmatch
import pathlib
import re
import sys

from tools import ROOT

PKG = ROOT / "modules" / "mpcrypto"

# MicroPython's native archs by number: sys.implementation._mpy >> 10 & 15
# (py/persistentcode.h MP_NATIVE_ARCH_*); 0 is a firmware without a native emitter.
ARCHS = {0: None, 1: "x86", 2: "x64", 3: "armv6", 4: "armv6m", 5: "armv7m", 6: "armv7em",
         7: "armv7emsp", 8: "armv7emdp", 9: "xtensa", 10: "xtensawin", 11: "rv32imc",
         12: "rv64imc"}
ARCH_64 = ("x64", "rv64imc")
THUMB_UMAAL_ARCHS = ("armv7em", "armv7emsp", "armv7emdp")
# Modules only 64-bit ports can run (32-bit limbs whose products need 64-bit viper words);
# firmware/manifest_native.py leaves the same ones out.
ONLY_64BIT = ("mpcrypto.ec.weierstrass_viper64", "mpcrypto.ec.field.v32_*", "mpcrypto.pk.mpi_viper64")

_NATIVE = re.compile(r"^\s*@micropython\.(viper|native|asm_thumb)\b", re.M)
_THUMB = re.compile(r"^\s*@micropython\.asm_thumb\b", re.M)


def modname(path):
    """``modules/mpcrypto/ec/ec.py`` -> ``mpcrypto.ec.ec`` (a package: its ``__init__.py``)."""
    parts = list(pathlib.Path(path).relative_to(PKG.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def parents(name):
    """The packages Python imports before ``name``: ``mpcrypto.ec.field.engine`` ->
    ``mpcrypto``, ``mpcrypto.ec``, ``mpcrypto.ec.field``."""
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def is_only_64bit(name):
    return any(fnmatch.fnmatchcase(name, pat) for pat in ONLY_64BIT)


class Graph:
    """``paths``: module name -> source path; ``edges``: name -> {(target, kind)};
    ``hard``: name -> targets imported at the module's top level outside a ``try``;
    ``native`` / ``thumb``: names with native-emitter / Thumb-2 assembler code."""

    def __init__(self, pkg=PKG):
        self.pkg = pathlib.Path(pkg)
        self.paths = {modname(p): p for p in sorted(self.pkg.rglob("*.py"))}
        self.edges = {}
        self.hard = {}
        self.native = set()
        self.thumb = set()
        for name, path in self.paths.items():
            text = path.read_text()
            if _NATIVE.search(text):
                self.native.add(name)
            if _THUMB.search(text):
                self.thumb.add(name)
            self.edges[name], self.hard[name] = self._read(name, ast.parse(text, str(path)))

    def _resolve(self, name, node):
        # The module names an import statement in module ``name`` refers to.
        if isinstance(node, ast.Import):
            return [a.name for a in node.names]
        base = node.module or ""
        if node.level:  # relative: from the package of ``name``
            pkg = name.split(".")
            if not self.paths[name].name == "__init__.py":
                pkg = pkg[:-1]
            pkg = pkg[: len(pkg) - (node.level - 1)]
            base = ".".join(pkg + ([base] if base else []))
        return [base] + [base + "." + a.name for a in node.names]

    def _read(self, name, tree):
        edges, hard = set(), set()
        chain_strings = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id.endswith("_CHAIN") for t in node.targets):
                for sub in ast.walk(node.value):
                    if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                        chain_strings.add(sub.value)
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for target in self._resolve(name, node):
                    if target in self.paths:
                        edges.add((target, "static"))
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                s = node.value
                if s in self.paths:
                    edges.add((s, "chain" if s in chain_strings else "byname"))
                elif s.startswith("mpcrypto.") and "%" in s:
                    pat = re.compile(re.sub(r"%[ds]", r"\\w+", re.escape(s).replace(r"\%", "%")) + "$")
                    edges.update((m, "kernel") for m in self.paths if pat.match(m))
        # Top-level imports outside a try: the module cannot load without them.
        for node in tree.body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                hard.update(t for t in self._resolve(name, node) if t in self.paths)
        edges.discard((name, "static"))
        hard.discard(name)
        return edges, hard

    def runs_on(self, name, arch, _seen=None):
        """Whether ``name`` can be loaded on a firmware of ``arch`` (None: bytecode only)."""
        if arch is None and name in self.native:
            return False
        if name in self.thumb and arch not in THUMB_UMAAL_ARCHS:
            return False
        if is_only_64bit(name) and arch not in ARCH_64:
            return False
        seen = _seen if _seen is not None else set()
        seen.add(name)
        return all(self.runs_on(d, arch, seen) for d in self.hard[name] if d not in seen)

    def closure(self, entries, arch, kernels=None):
        """The modules that ``entries`` need on ``arch``, sorted: static, chain and kernel
        edges followed (not byname), with every parent package, leaving out what the arch
        cannot run. ``kernels`` (None: all) is a predicate on kernel module names."""
        want, todo = set(), list(entries)
        for e in entries:
            if e not in self.paths:
                raise KeyError("no module %s" % e)
        while todo:
            m = todo.pop()
            if m in want or not self.runs_on(m, arch):
                continue
            want.add(m)
            todo.extend(parents(m))
            for target, kind in self.edges[m]:
                if kind == "byname" or (kind == "kernel" and kernels is not None and not kernels(target)):
                    continue
                todo.append(target)
        return sorted(want)

    def edges_of(self, name, kinds=("static", "chain", "kernel")):
        return sorted(t for t, k in self.edges[name] if k in kinds)


def kernel_sizes():
    """``(SIZES, WSIZES)`` of ``ec/field/engine.py``: the limb counts of the 16-bit and
    32-bit field kernels, read from its source."""
    tree = ast.parse((PKG / "ec" / "field" / "engine.py").read_text())
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                getattr(node.targets[0], "id", None) in ("SIZES", "WSIZES"):
            found[node.targets[0].id] = ast.literal_eval(node.value)
    return found["SIZES"], found["WSIZES"]


def kernels_for_bits(bits):
    """Names of the generic kernels the engine picks for moduli of these bit lengths: for each,
    the smallest 16-bit-limb and the smallest 32-bit-limb kernel that holds it
    (``engine.kernel``)."""
    sizes, wsizes = kernel_sizes()
    out = set()
    for b in bits:
        out.add("mpcrypto.ec.field.v16_%d" % min(n for n in sizes if 16 * n >= b))
        out.add("mpcrypto.ec.field.v32_%d" % min(n for n in wsizes if 32 * n >= b))
    return out


if __name__ == "__main__":
    g = Graph()
    arch = None if sys.argv[1] == "bytecode" else sys.argv[1]
    for m in g.closure(sys.argv[2:], arch):
        print(m)
