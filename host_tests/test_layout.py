"""The shape of ``modules/mpcrypto`` (DESIGN.md "One path for data"), checked on CPython by
reading the sources:

- the import graph of the package has no cycle (imports inside functions included);
- nor has the graph of its families: an edge A -> B when a module of family A (its folder:
  ``cipher``, ``mac``, ``aead``, ...) imports a module of family B, by an import statement
  anywhere in its text or through a ``_CHAIN`` entry (the seam imports it on the module's
  behalf); a top-level module (``_backend``, ``_cpu``, ``_util``, ``_ct``, ``exceptions``, the
  package itself) is a family of its own. So a family builds on others in one direction
  only: an AEAD on a cipher and a MAC, a MAC on a cipher or a hash;
- every chain has one spelling: ``_CHAIN``, a tuple of ``(name, module, requires)`` with
  ``requires`` None or a feature of ``mpcrypto._cpu``, naming modules that exist; a module
  that takes its ``probe`` from ``_cpu`` is required by its chain entries to have that feature;
- the seam is the only place that chooses: a module that is not a backend imports no backend
  (a backend is a module named in some ``_CHAIN``); no module imports a backend or a kernel
  (a module with viper, native or asm_thumb code) of another family, even a backend; nothing
  outside the seam imports by computed name (``__import__``) but the by-name tables of public
  modules listed in ``BY_NAME``;
- nothing outside ``mpcrypto/_cpu.py`` reads the CPU: no CPUID address in any spelling (one
  literal, or the ``movw``/``movt`` halves of the inline assembler), no table of Cortex-M part
  numbers, in ``modules/`` (the library and ``mpbench.py``) and in ``boards/`` (board support);
- ``ec/`` holds only public modules and backends at its top level (helpers live in
  ``ec/field/``).

``test_the_checks_bite`` plants one violation of each rule in a copy of the sources and
shows the check reporting it.
"""

import ast
import functools
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODULES = ROOT / "modules"
PKG = MODULES / "mpcrypto"

SEAM = {"mpcrypto._backend", "mpcrypto._cpu"}
CPU = "mpcrypto._cpu"
# Modules that import public modules by name (an algorithm's table, an optional package, the
# module a benchmark names, the SHA-256 that draws field.bigint's blinding factor where the
# port has no hashlib; never a backend): they may call __import__.
BY_NAME = {"mpcrypto.hash.names", "mpcrypto._util", "mpcrypto.keys.serialization", "mpcrypto.aead._aead",
           "mpcrypto.ec.field.bigint", "mpbench"}

_NATIVE = re.compile(r"^\s*@micropython\.(viper|native|asm_thumb)\b", re.M)
# The CPUID register (0xE000ED00) as one literal, as the movw/movt halves, or in decimal; a
# tuple of Cortex-M part numbers (0xC2x, 0xD2x: M0 .. M85) is a CPU decision too.
_CPUID = re.compile(r"0x[eE]000[eE][dD]00\b|\b3758157056\b|movw\([^)]*0x[eE][dD]00\)")
_PARTS = re.compile(r"\(\s*0x[cCdD]2[0-9a-fA-F]\s*,\s*0x[cCdD]2[0-9a-fA-F]\b")


_parse = functools.lru_cache(maxsize=None)(ast.parse)  # the sources are parsed once per text


def _modname(path):
    rel = path.relative_to(MODULES).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _sources():
    # modname -> source text, for the package and mpbench (which runs beside it on a device).
    out = {_modname(p): p.read_text() for p in PKG.rglob("*.py")}
    out["mpbench"] = (MODULES / "mpbench.py").read_text()
    return out


def _family(mod):
    # mpcrypto.<family>...: the folder (cipher, hash, ec, ...); a top-level module is its own.
    parts = mod.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


@functools.lru_cache(maxsize=None)
def _facts(src):
    # (every dotted name an import statement in ``src`` names, anywhere in its text; the
    # lines of its computed-name imports: __import__ calls, importlib).
    names, computed = set(), []
    for node in ast.walk(_parse(src)):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
            if any(a.name == "importlib" for a in node.names):
                computed.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(node.module + "." + a.name for a in node.names)
            if node.module == "importlib":
                computed.append(node.lineno)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            computed.append(node.lineno)
    return frozenset(names), tuple(computed)


def _imports(src, mods):
    # Names of our modules that ``src`` imports anywhere in its text.
    return {n for n in _facts(src)[0] if n in mods}


def _chain_nodes(tree):
    # Every assignment of a value (not a name: ``_chain = _CHAIN`` only refers to one) to a
    # name ending in CHAIN: (target name, value node).
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and not isinstance(node.value, ast.Name):
            for t in node.targets:
                if isinstance(t, ast.Name) and t.id.endswith("CHAIN"):
                    yield t.id, node.value


def _features(sources):
    return {f for v in ast.literal_eval(_assigned(sources[CPU], "_FEATURES")).values() for f in v}


def _assigned(src, name):
    for node in ast.parse(src).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name for t in node.targets):
            return ast.unparse(node.value)
    raise KeyError(name)


@functools.lru_cache(maxsize=None)
def _chains_of(src):
    return tuple((name, ast.unparse(value)) for name, value in _chain_nodes(_parse(src)))


def chains(sources):
    """{module: [(name, backend module, requires), ...]} of every ``_CHAIN``, and the spelling
    errors found on the way."""
    out, errors = {}, []
    for mod, src in sources.items():
        for name, value in _chains_of(src):
            if name != "_CHAIN":
                errors.append("%s: a chain spelled %s, not _CHAIN" % (mod, name))
                continue
            try:
                entries = ast.literal_eval(value)
                ok = all(isinstance(e, tuple) and len(e) == 3 and isinstance(e[0], str) and isinstance(e[1], str)
                         and (e[2] is None or isinstance(e[2], str)) for e in entries)
            except ValueError:
                ok = False
            if not ok:
                errors.append("%s: _CHAIN is not a literal tuple of (name, module, requires)" % mod)
                continue
            out.setdefault(mod, []).extend(entries)
    return out, errors


def _cycle(graph):
    """The first cycle of ``graph`` (node -> successors), visiting nodes in sorted order: a
    list of nodes from the cycle's least node back to it, or None."""
    state, stack = {}, []

    def visit(m):
        state[m] = 1
        stack.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                cyc = stack[stack.index(n):]
                k = cyc.index(min(cyc))  # from its least node: the same whichever node found it
                return cyc[k:] + cyc[:k] + [cyc[k]]
            if n not in state:
                found = visit(n)
                if found:
                    return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def family_edges(sources, found=None):
    """{(family A, family B): (module of A, module of B)} for A != B where a module of A
    imports one of B (an import statement anywhere in its text, or a ``_CHAIN`` entry of
    ``found``, the result of ``chains``); the pair is the first such by name."""
    mods = set(sources)
    if found is None:
        found = chains(sources)[0]
    out = {}
    for mod in sorted(mods):
        deps = _imports(sources[mod], mods) | {e[1] for e in found.get(mod, ()) if e[1] in mods}
        for dep in sorted(deps):
            a, b = _family(mod), _family(dep)
            if a != b and (a, b) not in out:
                out[a, b] = (mod, dep)
    return out


def violations(sources):
    """What breaks the rules of this file's docstring in ``sources`` (modname -> text)."""
    mods = set(sources)
    found, bad = chains(sources)
    edges = family_edges(sources, found)
    fams = {}
    for a, b in edges:
        fams.setdefault(a, set()).add(b)
    cycle = _cycle(fams)
    if cycle:
        bad.append("import cycle between families: %s (%s)" % (
            " -> ".join(cycle), "; ".join("%s imports %s" % edges[ab] for ab in zip(cycle, cycle[1:]))))
    feats = _features(sources)
    backends = {e[1] for es in found.values() for e in es}
    kernels = backends | {m for m, s in sources.items() if _NATIVE.search(s)}
    for mod, entries in sorted(found.items()):
        for name, bmod, req in entries:
            if bmod not in mods:
                bad.append("%s: _CHAIN names a missing module %s" % (mod, bmod))
            m = re.search(r"^from mpcrypto\._cpu import (\w+) as probe\b", sources.get(bmod, ""), re.M)
            if req is not None and req not in feats:
                bad.append("%s: %s requires %r, not a feature of _cpu" % (mod, name, req))
            elif m and req not in (m.group(1), "dcache"):
                bad.append("%s: %s requires %r but its module's probe is _cpu.%s" % (mod, name, req, m.group(1)))
    for mod in sorted(mods):
        for dep in sorted(_imports(sources[mod], mods) - {mod}):
            if dep in backends and mod not in backends:
                bad.append("%s imports the backend %s (above the seam)" % (mod, dep))
            elif dep in kernels and _family(dep) != _family(mod):
                bad.append("%s imports %s, a kernel of another family" % (mod, dep))
        if mod not in SEAM and mod not in BY_NAME:
            for line in _facts(sources[mod])[1]:
                bad.append("%s imports by computed name (line %d): ask the seam" % (mod, line))
        if mod != CPU:
            text = sources[mod]
            for rx, what in ((_CPUID, "reads CPUID"), (_PARTS, "keeps a table of part numbers")):
                hit = rx.search(text)
                if hit:
                    line = text.count("\n", 0, hit.start()) + 1
                    bad.append("%s %s (line %d): only mpcrypto._cpu reads the CPU" % (mod, what, line))
    return bad


def _graph(sources):
    mods = set(sources)
    return {m: _imports(s, mods) - {m} for m, s in sources.items()}


def test_no_import_cycle():
    cycle = _cycle(_graph(_sources()))
    assert cycle is None, "import cycle: %s" % " -> ".join(cycle)


def test_the_package_keeps_the_seam():
    sources = _sources()
    found, _ = chains(sources)
    assert len(found) >= 15, "found few _CHAIN tables: %s" % sorted(found)
    bad = violations(sources)
    assert not bad, "\n".join(bad)


def _plant(sources, mod, old, new):
    src = sources[mod]
    assert old in src, (mod, old)
    return dict(sources, **{mod: src.replace(old, new, 1)})


def test_the_checks_bite():
    """Each rule, broken once in a copy of the real sources, is reported (and only then)."""
    real = _sources()
    assert violations(real) == []
    hmac_top = "from mpcrypto import _backend\n"
    plants = [
        # a public module that imports its backend: a choice above the seam
        (("mpcrypto.cipher.aes", "from mpcrypto.cipher import modes as _modes\n",
          "from mpcrypto.cipher import modes as _modes\nfrom mpcrypto.cipher import aes_thumb\n"),
         "mpcrypto.cipher.aes imports the backend mpcrypto.cipher.aes_thumb (above the seam)"),
        # a try-import of another family's viper helper (what the seam's helper() replaces)
        (("mpcrypto.mac.hmac", hmac_top,
          hmac_top + "try:\n    from mpcrypto.hash._md_viper import key_pads\nexcept ImportError:\n    pass\n"),
         "mpcrypto.mac.hmac imports the backend mpcrypto.hash._md_viper (above the seam)"),
        # a backend that imports a kernel of another family
        (("mpcrypto.cipher.aes_viper", "import micropython\n",
          "import micropython\nfrom mpcrypto.hash._md_viper import put_words\n"),
         "mpcrypto.cipher.aes_viper imports mpcrypto.hash._md_viper, a kernel of another family"),
        # picking a kernel by computed name outside the seam
        (("mpcrypto.random.hmac_drbg", hmac_top, hmac_top + "_K = __import__('mpcrypto.hash._md_viper')\n"),
         "mpcrypto.random.hmac_drbg imports by computed name"),
        # a MAC built on an AEAD, while the AEADs build on the MACs: families in a cycle
        (("mpcrypto.mac.gmac", "from mpcrypto.mac import ghash as _ghash\n",
          "from mpcrypto.mac import ghash as _ghash\nfrom mpcrypto.aead.gcm import GCM\n"),
         "import cycle between families: aead -> mac -> aead (mpcrypto.aead.chacha20poly1305 imports mpcrypto.mac; "
         "mpcrypto.mac.gmac imports mpcrypto.aead.gcm)"),
        # reading CPUID outside _cpu, in Python and in the inline assembler's halves
        (("mpcrypto.ec.field.engine", "import micropython\n",
          "import micropython\nimport machine\nPART = machine.mem32[0xE000ED00] >> 4\n"),
         "mpcrypto.ec.field.engine reads CPUID"),
        (("mpcrypto.cipher.aes_thumb", "\n_TAB = []",
          "\n@micropython.asm_thumb\ndef cpu_part():\n    movw(r0, 0xED00)\n    movt(r0, 0xE000)\n    ldr(r0, [r0, 0])\n"
          "\n\n_TAB = []"),
         "mpcrypto.cipher.aes_thumb reads CPUID"),
        (("mpbench", "import time\n", "import time\n\n_DWT_PARTS = (0xC23, 0xC24, 0xC27)\n"),
         "mpbench keeps a table of part numbers"),
        # a second spelling of a chain, and a requirement _cpu does not know
        (("mpcrypto.mac.ghash", "_CHAIN = (", "_GHASH_CHAIN = ("), "mpcrypto.mac.ghash: a chain spelled _GHASH_CHAIN"),
        (("mpcrypto.mac.poly1305", '"mpcrypto.mac.poly1305_thumb", "mull_ct"', '"mpcrypto.mac.poly1305_thumb", "dsp"'),
         "mpcrypto.mac.poly1305: thumb requires 'dsp', not a feature of _cpu"),
        (("mpcrypto.hash.sha256", '"mpcrypto.hash.sha256_thumb", "thumb2"', '"mpcrypto.hash.sha256_thumb", "umaal"'),
         "mpcrypto.hash.sha256: thumb requires 'umaal' but its module's probe is _cpu.thumb2"),
    ]
    for (mod, old, new), want in plants:
        got = violations(_plant(real, mod, old, new))
        assert len(got) >= 1 and all(g.startswith(want) for g in got), (want, got)


def test_ec_top_level_holds_public_modules_and_backends():
    sources = _sources()
    found, _ = chains(sources)
    backends = {e[1] for es in found.values() for e in es}
    public = {"mpcrypto.ec", "mpcrypto.ec.curves", "mpcrypto.ec.ec", "mpcrypto.ec.ecdsa", "mpcrypto.ec.sm2",
              "mpcrypto.ec.eddsa", "mpcrypto.ec.ed25519", "mpcrypto.ec.ed448", "mpcrypto.ec.xdh",
              "mpcrypto.ec.x25519", "mpcrypto.ec.x448"}
    top = {m for m in sources if m.startswith("mpcrypto.ec") and m.count(".") <= 2 and not m.startswith("mpcrypto.ec.field")}
    assert public <= top, "missing: %s" % sorted(public - top)
    other = sorted(top - public - backends)
    assert not other, "ec/ top level holds neither a public module nor a backend: %s" % other


def test_board_support_does_not_read_the_cpu():
    """Board support (``boards/``, frozen beside the library) asks ``mpcrypto._cpu`` too: no
    CPUID address and no table of part numbers there (the check is shown to catch the
    inline-assembler read that the Kinetis probe once had)."""
    files = sorted((ROOT / "boards").rglob("*.py"))
    assert len(files) >= 6
    assert _CPUID.search("    movwt(r1, 0xE000ED00)\n    ldr(r2, [r1, 0])\n")
    bad = ["%s %s" % (p.relative_to(ROOT), what) for p in files
           for rx, what in ((_CPUID, "reads CPUID"), (_PARTS, "keeps a table of part numbers"))
           if rx.search(p.read_text())]
    assert not bad, bad
