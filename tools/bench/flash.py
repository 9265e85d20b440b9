"""Flash per family of a firmware build: what the frozen library costs, split by package.

    python -m tools.bench.flash build/qemu-m4               # a table on stdout
    python -m tools.bench.report ... --flash build/qemu-m4  # the same table in report.md

Reads ``frozen_content.o`` of a MicroPython build (``make firmware BOARD=...``): the object
that holds the frozen bytecode, machine code, constants and their names. Its symbols
(``arm-none-eabi-nm -S``) carry the module they belong to in their names
(``fun_data_mpcrypto_ec_curves_...``, ``const_obj_mpcrypto_hash_sha1_thumb_0``), so each
symbol's size goes to its module's family: the package under ``mpcrypto`` (``ec``, ``hash``,
``cipher``, ...), ``core`` for the top-level modules. What no module owns (the interned
names of all modules: the qstr pool, its hashes, lengths and text, the frozen module names) is
one row, the total less what the modules own. String and bytes constants (the compiler pools
their data without a symbol, in ``.rodata.str1.1``) and the digits of big integer constants
go to the module whose constant object they belong to, read from ``frozen_content.c`` beside
the object. The total is ``arm-none-eabi-size``'s text of the object, the figure
the issue tracker and report/measurements.md quote as "frozen content".
"""

import argparse
import pathlib
import re
import subprocess
import sys

from tools import ROOT

MODULES = ROOT / "modules" / "mpcrypto"

# the family of each package; top-level modules are "core"
FAMILY = {
    "ec": "elliptic curves", "hash": "hashes", "cipher": "block and stream ciphers",
    "pk": "RSA, DH, DSA, MPI", "mac": "MACs", "keys": "key serialization", "aead": "AEAD framing",
    "random": "random", "kdf": "KDFs", "core": "package core",
}
SHARED = "shared: interned names, module names, pooled literals"


def module_names(root=MODULES):
    """Every module of the package as the symbol prefix the frozen build gives it
    (``mpcrypto_ec_field_engine``), mapped to its family key; longest first, so a prefix
    match picks ``ec_field_engine`` before ``ec_field``."""
    out = {}
    for p in root.rglob("*.py"):
        rel = p.relative_to(root).with_suffix("")
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        fam = rel.parts[0] if len(rel.parts) > 1 else "core"
        out["mpcrypto_" + "_".join(parts) if parts else "mpcrypto"] = fam
    return dict(sorted(out.items(), key=lambda kv: -len(kv[0])))


def split(nm_text, modules):
    """Bytes per family key from ``nm -S`` lines (address, size, type, name), and per module.
    Symbols of no module go to SHARED."""
    fams, mods = {}, {}
    for line in nm_text.splitlines():
        f = line.split()
        if len(f) != 4:
            continue
        size, name = int(f[1], 16), f[3]
        owner = next((m for m in modules if re.search(r"(?:^|_)%s(?:_|$)" % m, name)), None)
        fam = modules[owner] if owner else SHARED
        fams[fam] = fams.get(fam, 0) + size
        if owner:
            mods[owner] = mods.get(owner, 0) + size
    return fams, mods


_STR = re.compile(r"static const mp_obj_str_t const_obj_(\w+) = \{\{&mp_type_\w+\}, \d+, (\d+),")
_INT = re.compile(r"static const mp_obj_int_t const_obj_(\w+) = \{\{&mp_type_int\}, \{[^}]*\.len=(\d+),")


def unnamed(c_text, modules):
    """Bytes per module of the constants' data without a symbol of its own, from the frozen
    C source: string and bytes data (length + NUL) and big integers' 16-bit digits."""
    out = {}
    for rx, per, extra in ((_STR, 1, 1), (_INT, 2, 0)):
        for m in rx.finditer(c_text):
            owner = next((k for k in modules if m.group(1).startswith(k + "_")), None)
            if owner:
                out[owner] = out.get(owner, 0) + int(m.group(2)) * per + extra
    return out


def measure(build_dir, tool_prefix="arm-none-eabi-"):
    """(total, {family: bytes}, {module: bytes}) of ``build_dir/frozen_content.o``; SHARED is
    the total less what the modules own."""
    obj = pathlib.Path(build_dir) / "frozen_content.o"
    if not obj.exists():
        raise FileNotFoundError("%s: build the firmware first (make firmware BOARD=...)" % obj)
    nm = subprocess.run([tool_prefix + "nm", "-S", str(obj)], check=True, capture_output=True, text=True).stdout
    size = subprocess.run([tool_prefix + "size", str(obj)], check=True, capture_output=True, text=True).stdout
    total = int(size.splitlines()[1].split()[0])
    modules = module_names()
    fams, mods = split(nm, modules)
    src = obj.with_suffix(".c")
    if src.exists():
        for m, v in unnamed(src.read_text(errors="replace"), modules).items():
            mods[m] = mods.get(m, 0) + v
            fams[modules[m]] = fams.get(modules[m], 0) + v
    fams[SHARED] = total - sum(v for k, v in fams.items() if k != SHARED)
    return total, fams, mods


def markdown(total, fams, mods, where, top=12):
    """The report's section: families, then the largest modules."""
    L = ["## Flash", "",
         "Frozen content of the firmware built in `%s` (`arm-none-eabi-size` text of "
         "`frozen_content.o`: bytecode, machine code, constants and their names): **%s bytes**." % (
             where, format(total, ",")), "",
         "| family | bytes | share |", "|---|---|---|"]
    for fam, v in sorted(fams.items(), key=lambda kv: -kv[1]):
        L.append("| %s | %s | %.1f%% |" % (FAMILY.get(fam, fam), format(v, ","), 100.0 * v / total))
    L += ["", "The largest modules:", "", "| module | bytes |", "|---|---|"]
    for m, v in sorted(mods.items(), key=lambda kv: -kv[1])[:top]:
        L.append("| `%s` | %s |" % (m.replace("mpcrypto_", "", 1), format(v, ",")))
    L.append("")
    return "\n".join(L)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build", help="a firmware build folder (holds frozen_content.o), e.g. build/qemu-m4")
    args = ap.parse_args(argv)
    total, fams, mods = measure(args.build)
    print(markdown(total, fams, mods, args.build))
    return 0


if __name__ == "__main__":
    sys.exit(main())
