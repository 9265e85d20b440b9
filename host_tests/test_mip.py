"""The mip packages (mip/*/package.json, written by tools/ship/mip.py).

- they are what the generator writes (``python -m tools.ship.mip --check``);
- every URL names an existing file and installs it at its own path under ``mpcrypto/``;
- every module of ``modules/mpcrypto`` is in exactly one package;
- the dependency graph follows the import graph (tools/ship/modgraph.py: static imports and the
  lazily imported backend chains and field kernels): what a package's modules import is in
  the package or its dependencies (but the 32-bit-limb kernels of ``ec-wide``, which the
  engine loads by name on 64-bit ports only), and each direct dependency is imported by the
  package (or is a hash it names by default, ``mip.BY_NAME``);
- each package with its dependencies and nothing else, as source files on the unix port,
  imports and passes the known-answer tests of tools/ship/deploy.py for what it holds.

With ``--target=PORT`` (an emulator or a board with a 1 MB heap): ``mpremote mip install``
of local package files (``python -m tools.ship.mip --local``) into a filesystem in the device's RAM, then
the same known-answer tests on the device.
"""

import json
import os
import subprocess
import sys

import pytest

from harness import ROOT, find_micropython


from tools.ship import deploy  # noqa: E402
from tools.ship import mip  # noqa: E402
from tools.ship import modgraph  # noqa: E402

GRAPH = modgraph.Graph()
GH = "github:%s/" % mip.REPO
PKGS = {p.parent.name: json.loads(p.read_text()) for p in sorted((ROOT / "mip").glob("*/package.json"))}
NAMES = [n for n, *_ in mip.PACKAGES]


def _modules(pkg):
    # Module names of a package's files.
    return {modgraph.modname(ROOT / u[1][len(GH):]) for u in PKGS[pkg]["urls"]}


def _deps(pkg):
    return [d[0].rsplit("/", 1)[1] for d in PKGS[pkg]["deps"]]


def _with_deps(pkg, seen=None):
    seen = set() if seen is None else seen
    if pkg not in seen:
        seen.add(pkg)
        for d in _deps(pkg):
            _with_deps(d, seen)
    return seen


def test_generated_files_are_current():
    p = subprocess.run([sys.executable, "-m", "tools.ship.mip", "--check"], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stdout + p.stderr


def test_packages_are_the_table():
    assert sorted(PKGS) == sorted(NAMES + [mip.COLLECTION[0]])
    for name, pkg in PKGS.items():
        assert sorted(pkg) == ["deps", "urls", "version"]
        assert pkg["version"] == mip.version()


def test_urls_name_existing_files():
    for name, pkg in PKGS.items():
        for dest, src in pkg["urls"]:
            assert src.startswith(GH + "modules/mpcrypto/"), src
            path = ROOT / src[len(GH):]
            assert path.is_file(), "%s: %s" % (name, src)
            assert dest == "mpcrypto/" + path.relative_to(ROOT / "modules" / "mpcrypto").as_posix()
            assert "\\" not in dest + src
        for url, branch in pkg["deps"]:
            assert url.startswith(GH + "mip/") and branch == mip.BRANCH
            assert (ROOT / url[len(GH):] / "package.json").is_file(), url


def test_every_module_in_exactly_one_package():
    owner = {}
    for name in PKGS:
        for m in _modules(name):
            assert m not in owner, "%s in %s and %s" % (m, owner[m], name)
            owner[m] = name
    assert sorted(owner) == sorted(GRAPH.paths), sorted(set(GRAPH.paths) ^ set(owner))


def test_dependencies_are_acyclic():
    state = {}

    def visit(n, stack):
        state[n] = 1
        for d in _deps(n):
            assert state.get(d) != 1, "dependency cycle: %s" % " -> ".join(stack + [n, d])
            if d not in state:
                visit(d, stack + [n])
        state[n] = 2

    for n in PKGS:
        if n not in state:
            visit(n, [])


@pytest.mark.parametrize("name", NAMES)
def test_dependencies_follow_imports(name):
    have = set()
    for p in _with_deps(name):
        have |= _modules(p)
    own = _modules(name)
    for m in own:
        for t in modgraph.parents(m):
            assert t in have, "%s: %s needs package %s" % (name, m, t)
        for t, kind in GRAPH.edges[m]:
            if kind == "byname" or t in have:
                continue
            # Only the 64-bit-port kernels may be absent (the engine loads them by name).
            assert modgraph.is_only_64bit(t) and kind == "kernel", \
                "%s: %s imports %s (%s), not in the package or its dependencies" % (name, m, t, kind)
    # Each direct dependency is used: a module of the package imports one of its modules
    # (a parent package counts), or it is a hash the package names by default.
    used = set()
    for m in own:
        used.update(t for t, kind in GRAPH.edges[m] if kind != "byname")
        used.update(modgraph.parents(m))
    for d in _deps(name):
        assert _modules(d) & used or d in mip.BY_NAME.get(name, ()), "%s does not use %s" % (name, d)


def test_by_name_dependencies_are_the_default_hashes():
    assert 'hashalg="sha256"' in (ROOT / "modules/mpcrypto/ec/ec.py").read_text()
    # TLS names its suites' hashes (sha256, sha384) through hash_class.
    assert '("sha256", 16,' in (ROOT / "modules/mpcrypto/_tls/record.py").read_text()
    assert '("sha384", 32,' in (ROOT / "modules/mpcrypto/_tls/record.py").read_text()
    assert mip.BY_NAME == {"ec": ("sha256",), "tls": ("sha256", "sha512")}


def test_collection():
    assert _deps("all") == [n for n in NAMES if n not in mip.NOT_IN_ALL]
    assert all(modgraph.is_only_64bit(m) for n in mip.NOT_IN_ALL for m in _modules(n))
    assert PKGS["all"]["urls"] == []


def _install(names, dest):
    # The source files of ``names`` and their dependencies, as mip would install them.
    pkgs = set()
    for n in names:
        pkgs |= _with_deps(n)
    modules = set()
    for p in pkgs:
        for d, src in PKGS[p]["urls"]:
            (dest / d).parent.mkdir(parents=True, exist_ok=True)
            (dest / d).write_bytes((ROOT / src[len(GH):]).read_bytes())
        modules |= _modules(p)
    return sorted(modules)


@pytest.mark.parametrize("name", NAMES)
def test_package_alone_on_the_unix_port(tmp_path, name):
    """The package and its dependencies are enough: every module the port can run imports,
    and the known-answer tests of what they hold pass. The unix port is a 64-bit port, so
    ec-wide goes beside an EC package, as the packages' README says."""
    names = [name] + (["ec-wide"] if "ec-core" in _with_deps(name) else [])
    modules = _install(names, tmp_path)
    script = "".join("import %s\n" % m for m in modules if GRAPH.runs_on(m, "x64")) + "print('IMPORTED')\n"
    script += deploy.selftest_script(modules, str(tmp_path))
    (tmp_path / "t.py").write_text(script)
    p = subprocess.run([find_micropython(), "-X", "heapsize=16M", str(tmp_path / "t.py")], capture_output=True,
                       text=True, env=dict(os.environ, MICROPYPATH=str(tmp_path)), timeout=600)
    out = p.stdout + p.stderr
    assert "IMPORTED" in out, out
    passed, failed, lines = deploy.parse_selftest(p.stdout)
    assert failed == 0 and passed == len(deploy.kats_for(modules)), out
    assert not any("=python" in ln for ln in lines), out
    if "ec" in _with_deps(name):
        assert any("ec_weierstrass=viper64" in ln for ln in lines), out


def test_mip_install_on_a_device(target, tmp_path):
    if target.is_unix:
        pytest.skip("needs a device (--target=PORT)")
    dev = deploy.Device(target.free_port())
    out = dev.exec("import gc\ngc.collect()\nprint('HEAP', gc.mem_free())\n"
                   "try:\n import mpcrypto\n print('FROZEN', 1)\nexcept ImportError:\n print('FROZEN', 0)\n")
    if "FROZEN 1" in out:
        pytest.skip("the firmware has mpcrypto frozen: it would shadow an installed copy")
    if int(out.split("HEAP ")[1].split()[0]) < (1 << 20):
        pytest.skip("needs a 1 MB heap: the RAM filesystem, and compiling the sources on the device")
    local = mip.write_local(tmp_path / "mip")
    ramfs = (ROOT / "host_tests" / "mp" / "ramfs.py").read_text() + "\nmount('/ram')\n"
    assert "RAMFS /ram" in dev.exec(ramfs)
    want = ["x25519", "gcm", "hmac", "sha256"]
    dev.resume = True
    p = dev.mpremote(["mip", "install", "--target", "/ram/lib"] + [str(local / n / "package.json") for n in want],
                     timeout=1800)  # never the board's flash
    assert "Installing: /ram/lib/mpcrypto/ec/x25519.py" in p.stdout, p.stdout
    modules = sorted(set().union(*(_modules(n) for p_ in want for n in _with_deps(p_))))
    (tmp_path / "selftest.py").write_text(deploy.selftest_script(modules, "/ram/lib"))
    p = dev.mpremote(["run", str(tmp_path / "selftest.py")], timeout=1800, check=False)
    passed, failed, lines = deploy.parse_selftest(p.stdout)
    assert failed == 0 and passed == len(deploy.kats_for(modules)) > 0, p.stdout + p.stderr
