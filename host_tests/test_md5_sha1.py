"""MD5 (mpcrypto.hash.md5), SHA-1 (mpcrypto.hash.sha1) and RFC 2202's HMAC-MD5 and HMAC-SHA1.

Vector sources:
- RFC 1321 §A.5 test suite (cryptography_vectors ``hashes/MD5/rfc-1321.txt``).
- NIST CAVP SHAVS for SHA-1 (cryptography_vectors ``hashes/SHA1/SHA1{ShortMsg,LongMsg,Monte}.rsp``).
- RFC 2202 HMAC-MD5 and HMAC-SHA1 (cryptography_vectors ``HMAC/rfc-2202-{md5,sha1}.txt``).
The hash contract and random messages against hashlib are ``test_hash_contract.py``'s,
Wycheproof HMAC-SHA1 and random HMACs ``test_hmac.py``'s.
Every test runs over every backend of the primitive (seam primitives "md5" and "sha1");
an absent backend is a skip.
The viper and the portable MD5 and SHA-1 modules are generated: ``python -m
tools.viper.gen_md5 --check``, ``tools.viper.gen_sha1 --check``, ``tools.python.gen_md5
--check`` and ``tools.python.gen_sha1 --check`` pass.
"""

import subprocess
import sys

import pytest

from harness import need
from tools import ROOT
from vectors import cryptography_vector, load_rsp

MODS = {"md5": "mpcrypto.hash.md5", "sha1": "mpcrypto.hash.sha1"}
BACKENDS = ("thumb", "viper", "python")
ALGS = ("md5", "sha1")


def _msgs(path):
    out = []
    for v in load_rsp(path, "MSG"):
        nbits = int(v["LEN"])
        out.append((nbits, bytes.fromhex(v["MSG"])[: nbits // 8], bytes.fromhex(v["MD"]), v["_line"]))
    return out


# ---- RFC 1321 and NIST CAVP ----

@pytest.mark.parametrize("backend", BACKENDS)
def test_rfc1321_suite(target, backend):
    force = need(target, MODS["md5"], "md5", backend)
    fname = "hashes/MD5/rfc-1321.txt"
    vecs = _msgs(cryptography_vector(fname))
    assert len(vecs) == 7, fname
    got = target.call("drv_sha", "digest", [("md5", m) for _, m, _, _ in vecs], force=force)
    for (nbits, _, md, line), g in zip(vecs, got):
        assert g == md, "%s line %d Len=%d (%s)" % (fname, line, nbits, backend)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("kind", ["ShortMsg", "LongMsg"])
def test_cavp_sha1_msg(target, kind, backend):
    force = need(target, MODS["sha1"], "sha1", backend)
    fname = "hashes/SHA1/SHA1%s.rsp" % kind
    vecs = _msgs(cryptography_vector(fname))
    assert len(vecs) >= 64, fname
    got = target.call("drv_sha", "digest", [("sha1", m) for _, m, _, _ in vecs], force=force)
    for (nbits, _, md, line), g in zip(vecs, got):
        assert g == md, "%s line %d Len=%d (%s)" % (fname, line, nbits, backend)


# SHAVS §6.4 Monte Carlo: checkpoints chain, so a prefix is a valid shorter test.
MONTE_COUNT = {"thumb": 100, "viper": 100, "python": 3}


@pytest.mark.parametrize("backend", BACKENDS)
def test_cavp_sha1_monte(target, backend):
    force = need(target, MODS["sha1"], "sha1", backend)
    fname = "hashes/SHA1/SHA1Monte.rsp"
    recs = load_rsp(cryptography_vector(fname))
    seed = bytes.fromhex([r for r in recs if "SEED" in r][0]["SEED"])
    mds = [(int(r["COUNT"]), bytes.fromhex(r["MD"])) for r in recs if "MD" in r]
    assert len(mds) == 100, fname
    # on a device the reply must fit its heap: 25 checkpoints there (as test_sha2's Monte)
    count = MONTE_COUNT[backend] if target.is_unix else min(MONTE_COUNT[backend], 25)
    got = target.call("drv_sha", "monte", [("sha1", seed, count)], force=force)[0]
    assert len(got) == count
    for (cnt, md), g in zip(mds, got):
        assert g == md, "%s COUNT=%d (%s)" % (fname, cnt, backend)


# ---- HMAC-MD5, HMAC-SHA1 ----

@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("alg", ALGS)
def test_rfc2202(target, alg, backend):
    force = need(target, MODS[alg], alg, backend)
    fname = "HMAC/rfc-2202-%s.txt" % alg
    vecs = _rfc2202(cryptography_vector(fname))
    assert len(vecs) == 7, fname
    cases = [(alg, bytes.fromhex(v["KEY"]), bytes.fromhex(v["MSG"])) for v in vecs]
    got = target.call("drv_sha", "hmac_digest", cases, force=force)
    for i, (v, g) in enumerate(zip(vecs, got)):
        assert g == bytes.fromhex(v["MD"]), "%s test case %d (%s)" % (fname, i + 1, backend)


def _rfc2202(path):
    # The RFC 2202 files put "# ..." comments between a record's fields (which load_rsp
    # takes as the end of a record): records here are split on blank lines only.
    recs, rec = [], {}
    for line in open(path):
        line = line.strip()
        if not line:
            if rec:
                recs.append(rec)
            rec = {}
        elif not line.startswith("#") and "=" in line:
            k, v = line.split("=", 1)
            rec[k.strip().upper()] = v.strip()
    if rec:
        recs.append(rec)
    return [r for r in recs if "KEY" in r]


@pytest.mark.parametrize("gen", ["viper.gen_md5", "viper.gen_sha1", "python.gen_md5", "python.gen_sha1"])
def test_generated_module_is_current(gen):
    p = subprocess.run([sys.executable, "-m", "tools." + gen, "--check"], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stdout + p.stderr
