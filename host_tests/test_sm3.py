"""SM3 (mpcrypto.hash.sm3) against its standard's vectors.

Vector sources:
- cryptography_vectors ``hashes/SM3/oscca.txt`` (OSCCA examples via the Linux testmgr.h,
  NIST-style records).
- GB/T 32905-2016 Appendix A, examples 1 and 2 ("abc" and "abcd" * 16), typed from the
  standard.
The hash contract and random messages against ``cryptography``'s SM3 are
``test_hash_contract.py``'s; HMAC-SM3 (Wycheproof, random) is ``test_hmac.py``'s.
Every test runs over every backend of the primitive; an absent backend is a skip.
The viper and portable SM3 modules are generated: ``python -m tools.viper.gen_sm3 --check``
and ``python -m tools.python.gen_sm3 --check`` pass (the Thumb-2 one, ``tools.thumb.gen_sm3``,
is checked and run on emulated cores by test_thumb_sha.py).
"""

import subprocess
import sys

import pytest
from cryptography.hazmat.primitives import hashes

from harness import need
from tools import ROOT
from vectors import cryptography_vector, load_rsp

MOD = "mpcrypto.hash.sm3"
BACKENDS = ("thumb", "viper", "python")


def _sm3(data):
    h = hashes.Hash(hashes.SM3())
    h.update(data)
    return h.finalize()


@pytest.mark.parametrize("backend", BACKENDS)
def test_oscca_vectors(target, backend):
    force = need(target, MOD, "sm3", backend)
    fname = "hashes/SM3/oscca.txt"
    vecs = [v for v in load_rsp(cryptography_vector(fname)) if "MSG" in v]
    assert len(vecs) >= 5, fname
    msgs = [bytes.fromhex(v["MSG"])[: int(v["LEN"]) // 8] for v in vecs]
    got = target.call("drv_sha", "digest", [("sm3", m) for m in msgs], force=force)
    for v, g in zip(vecs, got):
        assert g == bytes.fromhex(v["MD"]), "%s line %d Len=%s (%s)" % (fname, v["_line"], v["LEN"], backend)


# GB/T 32905-2016 Appendix A.1 and A.2.
GBT_EXAMPLES = [
    (b"abc", "66c7f0f4 62eeedd9 d1f2d46b dc10e4e2 4167c487 5cf2f7a2 297da02b 8f4ba8e0"),
    (b"abcd" * 16, "debe9ff9 2275b8a1 38604889 c18e5a4d 6fdb70e5 387e5765 293dcba3 9c0c5732"),
]


@pytest.mark.parametrize("backend", BACKENDS)
def test_gbt32905_examples(target, backend):
    force = need(target, MOD, "sm3", backend)
    got = target.call("drv_sha", "hexdigest", [("sm3", m) for m, _ in GBT_EXAMPLES], force=force)
    for (m, want), g in zip(GBT_EXAMPLES, got):
        assert g == want.replace(" ", ""), "GB/T 32905 Appendix A, message %r" % m[:8]


# ---- HMAC-SM3 ----


@pytest.mark.parametrize("gen", ["tools.viper.gen_sm3", "tools.python.gen_sm3"])
def test_generated_module_is_current(gen):
    p = subprocess.run([sys.executable, "-m", gen, "--check"], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stdout + p.stderr
