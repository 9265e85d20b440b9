"""The README's usage example runs, unchanged, on the target."""

import re

from harness import ROOT


def test_readme_example_runs(target):
    text = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks, "README has no python example"
    out = target.run(blocks[0] + "\nprint('README-OK')\n")
    assert "README-OK" in out
    assert "cb00753f45a35e8b" in out  # SHA-384("abc"), FIPS 180-4 example
