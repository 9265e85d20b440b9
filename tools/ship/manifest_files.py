"""List the modules a MicroPython freeze manifest in ``firmware/`` would freeze.

MicroPython's own ``makemanifest`` executes a manifest as Python with ``package``, ``module``,
``include``, ``freeze``, ``require``, ``metadata`` and ``c_module`` defined. This runs a manifest the same way
with stand-ins that only record paths, so tests and tools can check what a board freezes
without a MicroPython source tree. Only what our manifests use is modelled. An ``include`` of
a path in the port (``$(PORT_DIR)/...``, resolved by MicroPython's build) is recorded by
``port_includes`` and contributes no module here: its files are the port's, not ours.

    python -m tools.ship.manifest_files firmware/manifest_bytecode.py
"""

import pathlib
import sys


class _Options:
    # MicroPython's IncludeOptions: the keyword arguments of ``include`` as attributes,
    # ``defaults(**kw)`` filling in the ones not given.
    def __init__(self, **kw):
        self.__dict__.update(kw)

    def defaults(self, **kw):
        for k, v in kw.items():
            self.__dict__.setdefault(k, v)


def modules_of(manifest, port=None, c_modules=None, **options):
    """The files a manifest freezes from this repository; ``port``, if a list, receives the
    port-relative includes (``$(PORT_DIR)/...``) of it and of the manifests it includes;
    ``c_modules``, if a list, the C module directories its ``c_module`` calls add to the
    build; ``options`` are the manifest's ``options`` (what an ``include`` of it would pass)."""
    manifest = pathlib.Path(manifest).resolve()
    found = []

    def _base(base_path):
        return (manifest.parent / base_path).resolve()

    def package(package_path, files=None, base_path=".", opt=None):
        root = _base(base_path) / package_path
        if files is None:
            found.extend(sorted(root.rglob("*.py")))
        else:
            found.extend(root / f for f in files)

    def module(module_path, base_path=".", opt=None):
        found.append(_base(base_path) / module_path)

    def include(path, **kw):
        if path.startswith("$("):
            if port is not None:
                port.append(path)
            return
        found.extend(modules_of(_base(path), port, c_modules, **kw))

    def c_module(module_path):
        # MicroPython's c_module: a directory with a micropython.cmake (or .mk) the build adds.
        d = _base(module_path)
        if not ((d / "micropython.cmake").exists() or (d / "micropython.mk").exists()):
            raise FileNotFoundError("manifest %s: %s is not a C module directory" % (manifest, d))
        if c_modules is not None:
            c_modules.append(d)

    def _ignore(*args, **kwargs):
        pass

    env = {"package": package, "module": module, "include": include, "freeze": _ignore,
           "require": _ignore, "metadata": _ignore, "c_module": c_module, "options": _Options(**options),
           "__file__": str(manifest)}
    exec(compile(manifest.read_text(), str(manifest), "exec"), env)
    missing = [p for p in found if not p.exists()]
    if missing:
        raise FileNotFoundError("manifest %s names missing files: %s" % (manifest, missing))
    return found


def port_includes(manifest):
    """The ``$(PORT_DIR)/...`` manifests that ``manifest`` includes, directly or not."""
    out = []
    modules_of(manifest, out)
    return out


if __name__ == "__main__":
    for path in modules_of(sys.argv[1]):
        print(path)
