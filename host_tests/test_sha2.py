"""SHA-224/256/384/512, SHA-512/224, SHA-512/256 (mpcrypto.hash.sha256, mpcrypto.hash.sha512).

Vector sources:
- NIST CAVP SHAVS (cryptography_vectors/hashes/SHA2/SHA*{ShortMsg,LongMsg,Monte}.rsp).
The hash contract and random messages against hashlib are ``test_hash_contract.py``'s,
HMAC ``test_hmac.py``'s. Every test runs over every backend of the primitive; an absent backend is a skip.
The viper and Python SHA-256 and SHA-512 modules are generated: ``python -m
tools.viper.gen_sha256 --check``, ``tools.viper.gen_sha512 --check`` and
``tools.python.gen_sha2 --check`` pass.
"""

import subprocess
import sys

import pytest

from harness import need
from tools import ROOT
from vectors import cryptography_vector, load_rsp

MODS = {"sha256": "mpcrypto.hash.sha256", "sha512": "mpcrypto.hash.sha512"}
BACKENDS = ("thumb", "viper", "python")
# (hashlib/our name, CAVP file stem, seam primitive)
ALGS = [
    ("sha224", "SHA224", "sha256"),
    ("sha256", "SHA256", "sha256"),
    ("sha384", "SHA384", "sha512"),
    ("sha512", "SHA512", "sha512"),
    ("sha512_224", "SHA512_224", "sha512"),
    ("sha512_256", "SHA512_256", "sha512"),
]
ALG_IDS = [a[0] for a in ALGS]


def _msgs(path):
    out = []
    for v in load_rsp(path):
        if "MSG" not in v:
            continue
        nbits = int(v["LEN"])
        msg = bytes.fromhex(v["MSG"])[: nbits // 8]  # Len = 0 is the empty message
        out.append((nbits, msg, bytes.fromhex(v["MD"])))
    return out


# ---- NIST CAVP ----

@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("alg", ALGS, ids=ALG_IDS)
@pytest.mark.parametrize("kind", ["ShortMsg", "LongMsg"])
def test_cavp_msg(target, alg, kind, backend):
    name, stem, prim = alg
    force = need(target, MODS[prim], prim, backend)
    fname = "hashes/SHA2/%s%s.rsp" % (stem, kind)
    vecs = _msgs(cryptography_vector(fname))
    assert vecs, fname
    if backend == "python" and prim == "sha512" and kind == "LongMsg":
        # Portable Python SHA-512 runs ~0.14 MB/s on the unix port (64-bit words are heap
        # ints); every 4th LongMsg vector (the sizes are spread evenly) keeps this to seconds.
        vecs = vecs[::4]
    got = target.call("drv_sha", "digest", [(name, m) for _, m, _ in vecs], force=force)
    for (nbits, _, md), g in zip(vecs, got):
        assert g == md, "%s Len=%d (%s backend): got %r" % (fname, nbits, backend, g)


# The Monte Carlo test: every checkpoint chains from the previous one (Seed_j = MD_j-1), so
# checking only the first N checkpoints is a valid (shorter) test of the same chain. The
# viper backends run all 100; the portable-Python backends a prefix to keep the run short.
# thumb runs only on a device: 25 checkpoints keep the driver's reply (the repr of the
# digests) within the qemu boards' 96 KB heap, where 100 SHA-512 digests raised MemoryError.
MONTE_COUNT = {"thumb": 25, "viper": 100, "python": {"sha256": 3, "sha512": 1}}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("alg", ALGS, ids=ALG_IDS)
def test_cavp_monte(target, alg, backend):
    name, stem, prim = alg
    force = need(target, MODS[prim], prim, backend)
    fname = "hashes/SHA2/%sMonte.rsp" % stem
    path = cryptography_vector(fname)
    seed = None
    for line in open(path):
        if line.startswith("Seed"):
            seed = bytes.fromhex(line.split("=")[1].strip())
            break
    mds = [(int(v["COUNT"]), bytes.fromhex(v["MD"])) for v in load_rsp(path) if "MD" in v]
    assert seed and len(mds) == 100, fname
    count = MONTE_COUNT[backend]
    if isinstance(count, dict):
        count = count[prim]
    got = target.call("drv_sha", "monte", [(name, seed, count)], force=force)[0]
    assert len(got) == count
    for (cnt, md), g in zip(mds, got):
        assert g == md, "%s COUNT=%d (%s backend)" % (fname, cnt, backend)


@pytest.mark.parametrize("gen", ["tools.viper.gen_sha256", "tools.viper.gen_sha512", "tools.python.gen_sha2"])
def test_generated_module_is_current(gen):
    p = subprocess.run([sys.executable, "-m", gen, "--check"], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stdout + p.stderr
