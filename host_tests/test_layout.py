"""The shape of ``modules/mpcrypto`` (DESIGN.md "One path for data"), checked on CPython by
reading the sources:

- the import graph of the package has no cycle (imports inside functions included);
- no module above the seam imports a backend: a backend is a module named in some
  primitive's ``_CHAIN`` (data in its public module), and only backends import backends
  (a viper backend builds its tables with the portable one of its family);
- ``ec/`` holds only public modules and backends at its top level (helpers live in
  ``ec/field/``).
"""

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
PKG = ROOT / "modules" / "mpcrypto"


def _modname(path):
    rel = path.relative_to(PKG.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules():
    return {_modname(p): p for p in PKG.rglob("*.py")}


def _imports(path, mods):
    # Names of our modules that ``path`` imports anywhere in its text.
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [node.module + "." + a.name for a in node.names]
        else:
            continue
        out.update(n for n in names if n in mods)
    return out


def _chains(mods):
    # Backend module names: the strings of every ``_CHAIN = ((name, "module"), ...)``.
    found = set()
    for path in mods.values():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "_CHAIN" for t in node.targets):
                for elt in node.value.elts:
                    found.add(elt.elts[1].value)
    return found


def _graph():
    mods = _modules()
    return mods, {m: _imports(p, mods) - {m} for m, p in mods.items()}


def test_no_import_cycle():
    mods, graph = _graph()
    state = {}
    stack = []

    def visit(m):
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                raise AssertionError("import cycle: %s" % " -> ".join(stack[stack.index(n):] + [n]))
            if n not in state:
                visit(n)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)


def test_nothing_above_the_seam_imports_a_backend():
    mods, graph = _graph()
    backends = _chains(mods)
    assert len(backends) >= 10, "found no _CHAIN tables: %s" % sorted(backends)
    assert backends <= set(mods), "a _CHAIN names a missing module: %s" % sorted(backends - set(mods))
    bad = sorted("%s imports %s" % (m, n) for m, deps in graph.items() if m not in backends
                 for n in deps if n in backends)
    assert not bad, bad


def test_ec_top_level_holds_public_modules_and_backends():
    mods = _modules()
    backends = _chains(mods)
    public = {"mpcrypto.ec", "mpcrypto.ec.curves", "mpcrypto.ec.ec", "mpcrypto.ec.ecdsa", "mpcrypto.ec.sm2",
              "mpcrypto.ec.eddsa", "mpcrypto.ec.ed25519", "mpcrypto.ec.ed448", "mpcrypto.ec.xdh",
              "mpcrypto.ec.x25519", "mpcrypto.ec.x448"}
    top = {m for m in mods if m.startswith("mpcrypto.ec") and m.count(".") <= 2 and not m.startswith("mpcrypto.ec.field")}
    assert public <= top, "missing: %s" % sorted(public - top)
    other = sorted(top - public - backends)
    assert not other, "ec/ top level holds neither a public module nor a backend: %s" % other
