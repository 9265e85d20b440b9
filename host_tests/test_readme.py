"""The README and the pages of docs/: their code examples run, unchanged, on the target, and
their links lead somewhere.

- every ```python block of README.md and docs/*.md runs as it stands (the README's second
  prints SHA-384("abc"), FIPS 180-4's example, which is checked); the README's first, HTTPS
  with micropython-lib's requests, runs in test_tls.py against a server of its own;
- README.md stays at most 8 KB, shows one example per algorithm family and lists every page of
  docs/;
- every relative link (and image) in README.md and docs/*.md names an existing file, and a
  ``#fragment`` names a heading of the page it points to.
"""

import re

import pytest

from harness import ROOT, TargetError

README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [README] + DOCS
README_MAX_BYTES = 8 * 1024
# The public families of modules/mpcrypto/ (folders; a private one, such as _tls, the parts
# of mpcrypto.tls, is left out): the README's example imports from each one.
FAMILIES = ("cipher", "aead", "hash", "mac", "kdf", "random", "ec", "pk", "keys")

FENCE = re.compile(r"^```.*?^```", re.S | re.M)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _blocks(path):
    return re.findall(r"```python\n(.*?)```", path.read_text(), re.S)


EXAMPLES = [(p, i) for p in PAGES for i in range(len(_blocks(p)))]


def _rel(path):
    return path.relative_to(ROOT).as_posix()


def https_example():
    """The README's first example: HTTPS with micropython-lib's requests, which needs that
    library and a server; host_tests/test_tls.py runs it against one of its own."""
    return _blocks(README)[0]


@pytest.mark.parametrize("page,index", EXAMPLES, ids=["%s:%d" % (_rel(p), i) for p, i in EXAMPLES])
def test_example_runs(target, page, index):
    block = _blocks(page)[index]
    if page == README and index == 0:
        assert "import requests" in block and block.startswith("ROOTS = ")
        pytest.skip("the HTTPS example: test_tls.py::test_readme_https_example runs it")
    if "generate" in block and not target.has_entropy():
        pytest.skip("the example generates keys and the target has no entropy source "
                    "(os.urandom); MicroPython's qemu port, for one, has none")
    try:
        # RSA-2048 key generation (docs/usage.md) takes minutes on an emulated core.
        out = target.run(block + "\nprint('EXAMPLE-OK')\n", timeout=1800)
    except TargetError as e:
        # An example that loads many families at once: loaded from .mpy files, native code
        # sits on the heap (frozen firmware keeps it in flash), which a small emulated heap
        # (qemu's default 140 KB) cannot hold.
        if not target.is_unix and "MemoryError" in str(e):
            pytest.skip("device heap too small to load every module of the example at once")
        raise
    assert "EXAMPLE-OK" in out
    if page == README:
        assert "cb00753f45a35e8b" in out  # SHA-384("abc"), FIPS 180-4 example


def test_readme_is_short():
    size = len(README.read_bytes())
    assert size <= README_MAX_BYTES, "README.md is %d bytes; at most %d: move detail to docs/" % (
        size, README_MAX_BYTES)


def test_readme_example_covers_every_family():
    blocks = _blocks(README)
    assert len(blocks) == 2, "README: the HTTPS example, then one python example of every family"
    imported = set(re.findall(r"^from mpcrypto\.(\w+)", blocks[1], re.M))
    assert imported >= set(FAMILIES), "README example lacks %s" % sorted(set(FAMILIES) - imported)
    assert set(FAMILIES) == {p.name for p in (ROOT / "modules" / "mpcrypto").iterdir()
                             if p.is_dir() and (p / "__init__.py").exists() and not p.name.startswith("_")}


def test_readme_lists_every_docs_page():
    linked = {t for t in _targets(README.read_text())}
    missing = [_rel(p) for p in DOCS if _rel(p) not in linked]
    assert DOCS and not missing, "README's table of docs/ lacks %s" % missing


def _targets(text):
    """The link targets of a Markdown text, fenced code left out."""
    return LINK.findall(FENCE.sub("", text))


def _slug(heading):
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    s = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return s.replace(" ", "-")


def _anchors(path):
    text = FENCE.sub("", path.read_text())
    return {_slug(h) for h in re.findall(r"^#+\s+(.*?)\s*$", text, re.M)}


def broken_links(path):
    """The relative links of the page at ``path`` that lead nowhere."""
    bad = []
    for t in _targets(path.read_text()):
        if re.match(r"[a-z][a-z0-9+.-]*:", t):  # http:, https:, mailto: are not checked here
            continue
        file, _, frag = t.partition("#")
        dest = (path.parent / file).resolve() if file else path
        if not dest.exists():
            bad.append(t)
        elif frag and dest.suffix == ".md" and frag not in _anchors(dest):
            bad.append(t)
    return bad


@pytest.mark.parametrize("page", PAGES, ids=[_rel(p) for p in PAGES])
def test_links_resolve(page):
    assert broken_links(page) == [], _rel(page)


def test_link_check_finds_broken_links(tmp_path):
    (tmp_path / "there.md").write_text("# A heading, with punctuation\n")
    page = tmp_path / "page.md"
    page.write_text("[ok](there.md) [ok](there.md#a-heading-with-punctuation) ![img](there.md)\n"
                    "[gone](missing.md) [no anchor](there.md#nowhere) [web](https://example.org/x)\n"
                    "```\n[in code](ignored.md)\n```\n")
    assert broken_links(page) == ["missing.md", "there.md#nowhere"]
