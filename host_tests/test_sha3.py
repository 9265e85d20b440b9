"""SHA3-224/256/384/512 (mpcrypto.hash.sha3, FIPS 202 §6.1) against NIST CAVP SHA3VS
(cryptography_vectors/hashes/SHA3/SHA3_{224,256,384,512}{ShortMsg,LongMsg,Monte}.rsp,
byte-oriented). The hash contract and random messages against hashlib are
``test_hash_contract.py``'s; HMAC-SHA3 (Wycheproof, random) and the SHA-3 names are
``test_hmac.py``'s. Every test runs over every backend of the seam primitive "keccak" (shared with SHAKE,
``test_shake.py``); an absent backend is a skip.
"""

import pytest

from harness import need
from vectors import cryptography_vector, load_rsp

MOD = "mpcrypto.hash.sha3"
BACKENDS = ("viper", "python")
NAMES = ["sha3_224", "sha3_256", "sha3_384", "sha3_512"]


def _stem(name):
    return "SHA3_" + name[5:]


# ---- NIST CAVP ----

@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("kind", ["ShortMsg", "LongMsg"])
def test_cavp_msg(target, name, kind, backend):
    force = need(target, MOD, "keccak", backend)
    fname = "hashes/SHA3/%s%s.rsp" % (_stem(name), kind)
    recs = load_rsp(cryptography_vector(fname), "MD")
    if backend == "python" and kind == "LongMsg":
        # Portable Python runs about 0.8 ms per permutation on the unix port; every 4th
        # LongMsg record (the lengths are spread evenly) keeps this to seconds.
        recs = recs[::4]
    cases = [(name, bytes.fromhex(r["MSG"])[: int(r["LEN"]) // 8]) for r in recs]
    got = target.call("drv_sha", "digest", cases, force=force)
    for r, g in zip(recs, got):
        assert g == bytes.fromhex(r["MD"]), "%s Len=%s (%s backend): got %r" % (fname, r["LEN"], backend, g)


# SHA3VS §6.2.3 Monte Carlo: MD_0 = Seed; MD_i = SHA3(MD_i-1) for i = 1..1000; each
# checkpoint outputs MD_1000, the seed of the next. A prefix of the chain is a valid (shorter)
# test: viper runs all 100 checkpoints, portable Python the first one.
MONTE_COUNT = {"viper": 100, "python": 1}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", NAMES)
def test_cavp_monte(target, name, backend):
    force = need(target, MOD, "keccak", backend)
    fname = "hashes/SHA3/%sMonte.rsp" % _stem(name)
    recs = load_rsp(cryptography_vector(fname))
    seed = bytes.fromhex(next(r["SEED"] for r in recs if "SEED" in r))
    mds = [bytes.fromhex(r["MD"]) for r in recs if "MD" in r]
    assert len(mds) == 100, fname
    count = MONTE_COUNT[backend]
    got = target.call("drv_sha", "monte_sha3", [(name, seed, count)], force=force)[0]
    assert len(got) == count
    for j, (md, g) in enumerate(zip(mds, got)):
        assert g == md, "%s COUNT=%d (%s backend)" % (fname, j, backend)


def test_default_backend_is_viper(target):
    """Where the port has the viper emitter, the seam picks the viper kernel by default."""
    (has_viper,) = target.call("drv_sha", "has_viper", [()])
    if not has_viper:
        pytest.skip("this target has no viper emitter")
    assert target.backends(MOD)[0] == "viper"
    assert target.call("drv_sha", "backend_of", [("keccak",)]) == ["viper"]


# ---- HMAC-SHA3 (block size = rate) ----


