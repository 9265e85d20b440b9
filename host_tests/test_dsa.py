"""DSA (mpcrypto.pk.dsa) on the target, on the default MPI backend and on every other one.

Vector sources:
- Wycheproof ``dsa_<L>_<N>_<hash>_test.json`` (DER) and ``..._p1363_test.json`` (r || s), from
  ../shared/vectors/wycheproof or the packages: every case; "valid" must verify, "invalid"
  must raise InvalidSignature (ValueError where the group's key itself is refused),
  "acceptable" either (our DER reader is strict: BER forms are refused).
- NIST CAVP FIPS 186-3 (cryptography_vectors ``asymmetric/DSA/FIPS_186-3``): ``SigVer.rsp``
  (every record with a SHA-2 hash: P must verify, F must not) and ``SigGen.txt`` (K given:
  the exact (r, s) through ``sign_digest(..., k)``; the first 3 records of each SHA-2 section).
- Differential against ``cryptography`` (OpenSSL): our RFC 6979 signatures verify there,
  theirs verify here, a flipped bit does not; parameters and keys generated here load there.
Backends: everything on the default MPI backend; one Wycheproof file, the differential and the
SigGen subset on the others (the engine is compared across backends in test_mpi.py).

On a device (``--target=PORT``; sized for the emulated Cortex-M4 with a 96 KB heap, each script
compiled in its RAM and costing ~1.5 s of mpremote) the Wycheproof files run ``DEVICE_CASES``
cases spread over each file and SigVer every ``DEVICE_EVERY``-th record; the unix port runs
everything. Groups longer than a script are cut into pieces (``Target.call_groups``).
"""

import random

import pytest

import der
from harness import need
from vectors import cryptography_vector, load_rsp, wycheproof

MOD = "mpcrypto.pk.mpi"
BACKENDS = ("thumb", "viper64", "viper", "python")
DEVICE_CASES = 24
DEVICE_EVERY = 4
_HASH = {"SHA-224": "sha224", "SHA-256": "sha256", "SHA-384": "sha384", "SHA-512": "sha512"}
FILES = ["dsa_%s_test.json" % s for s in (
    "2048_224_sha224", "2048_224_sha224_p1363", "2048_224_sha256", "2048_224_sha256_p1363",
    "2048_256_sha256", "2048_256_sha256_p1363", "3072_256_sha256", "3072_256_sha256_p1363")]


def _default(target):
    return target.backends(MOD)[0]


def _wy(target, fname, force):
    data = wycheproof(fname)
    enc = "p1363" if "p1363" in fname else "der"
    calls, groups = [], []
    step = 1
    if not target.is_unix:  # a device: every step-th case of each group, DEVICE_CASES in all
        step = -(-sum(len(g["tests"]) for g in data["testGroups"]) // DEVICE_CASES)
    for g in data["testGroups"]:
        k = g["publicKey"]
        tests = g["tests"][::step]
        calls.append((int(k["p"], 16), int(k["q"], 16), int(k["g"], 16), int(k["y"], 16), _HASH[g["sha"]], enc,
                      [(bytes.fromhex(t["msg"]), bytes.fromhex(t["sig"])) for t in tests]))
        groups.append(tests)
    got = target.call_groups("drv_dsa", "verify_group", calls, force=force)
    nv = ni = 0
    for tests, gg in zip(groups, got):
        for t, r in zip(tests, gg):
            label = "%s tcId %d (%s)" % (fname, t["tcId"], t["comment"])
            if t["result"] == "valid":
                assert r == "ok", "%s: %r" % (label, r)
                nv += 1
            elif t["result"] == "invalid":
                assert r in ("InvalidSignature", "ValueError"), "%s: %r" % (label, r)
                ni += 1
            else:
                assert r in ("ok", "InvalidSignature", "ValueError"), label
    assert nv and ni, fname


@pytest.mark.parametrize("fname", FILES)
def test_wycheproof(target, fname):
    _wy(target, fname, need(target, MOD, "mpi", _default(target)))


@pytest.mark.parametrize("backend", BACKENDS)
def test_wycheproof_other_backends(target, backend):
    force = need(target, MOD, "mpi", backend)
    if backend == _default(target):
        pytest.skip("the default backend runs every file")
    _wy(target, "dsa_2048_256_sha256_test.json", force)


_NIST_H = {"SHA-224": "sha224", "SHA-256": "sha256", "SHA-384": "sha384", "SHA-512": "sha512"}


def _nist(fname):
    out = []
    cur = {}
    for r in load_rsp(cryptography_vector(fname)):
        for k in ("P", "Q", "G"):
            if k in r:
                cur[k] = int(r[k], 16)
        if "MSG" in r:
            h = r["_section"].split(",")[-1].strip()
            if h in _NIST_H:
                out.append((cur["P"], cur["Q"], cur["G"], _NIST_H[h], r))
    assert out, fname
    return out


def test_nist_sigver(target):
    force = need(target, MOD, "mpi", _default(target))
    fname = "asymmetric/DSA/FIPS_186-3/SigVer.rsp"
    recs = _nist(fname)
    if not target.is_unix:
        recs = recs[::DEVICE_EVERY]
    calls = [(p, q, g, int(r["Y"], 16), h, "der", [(bytes.fromhex(r["MSG"]), der.signature(int(r["R"], 16), int(r["S"], 16)))])
             for p, q, g, h, r in recs]
    got = target.call("drv_dsa", "verify_group", calls, force=force)
    npass = nfail = 0
    for (p, q, g, h, r), gg in zip(recs, got):
        label = "%s line %d %s" % (fname, r["_line"], r["RESULT"])
        if r["RESULT"].startswith("P"):
            assert gg == ["ok"], label
            npass += 1
        else:
            assert gg in (["InvalidSignature"], ["ValueError"]), "%s: %r" % (label, gg)
            nfail += 1
    assert npass >= (50 if target.is_unix else 50 // DEVICE_EVERY) and nfail >= (100 if target.is_unix else 100 // DEVICE_EVERY)


@pytest.mark.parametrize("backend", BACKENDS)
def test_nist_siggen(target, backend):
    force = need(target, MOD, "mpi", backend)
    fname = "asymmetric/DSA/FIPS_186-3/SigGen.txt"
    per, keep = {}, []
    for rec in _nist(fname):
        s = rec[4]["_section"]
        per[s] = per.get(s, 0) + 1
        if per[s] <= 3:
            keep.append(rec)
    cases = [(p, q, g, int(r["X"], 16), int(r["Y"], 16), h, bytes.fromhex(r["MSG"]), int(r["K"], 16)) for p, q, g, h, r in keep]
    got = target.call("drv_dsa", "sign_k", cases, force=force)
    for (p, q, g, h, r), gg in zip(keep, got):
        assert gg == (int(r["R"], 16), int(r["S"], 16)), "%s line %d" % (fname, r["_line"])


_PYCA = {}


def _pyca_key():
    from cryptography.hazmat.primitives.asymmetric import dsa

    if "k" not in _PYCA:
        _PYCA["k"] = dsa.generate_private_key(2048)
    return _PYCA["k"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_differential(target, backend):
    force = need(target, MOD, "mpi", backend)
    pytest.importorskip("cryptography")
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives import hashes

    key = _pyca_key()
    pn = key.private_numbers()
    pp = pn.public_numbers.parameter_numbers
    y = pn.public_numbers.y
    rnd = random.Random(31)
    msgs = [rnd.randbytes(rnd.randrange(100)) for _ in range(4)]
    sigs = target.call("drv_dsa", "sign_group", [(pp.p, pp.q, pp.g, pn.x, y, "sha256", msgs)], force=force)[0]
    for m, s in zip(msgs, sigs):
        key.public_key().verify(s, m, hashes.SHA256())
        with pytest.raises(InvalidSignature):
            key.public_key().verify(s, m + b"!", hashes.SHA256())
    # deterministic: the same message signs the same twice
    again = target.call("drv_dsa", "sign_group", [(pp.p, pp.q, pp.g, pn.x, y, "sha256", msgs[:1])], force=force)[0]
    assert again == sigs[:1]
    cases = []
    for m in msgs:
        s = key.sign(m, hashes.SHA256())
        cases += [(m, s), (m + b"x", s)]
    got = target.call("drv_dsa", "verify_group", [(pp.p, pp.q, pp.g, y, "sha256", "der", cases)], force=force)[0]
    assert got == ["ok", "InvalidSignature"] * len(msgs)


def test_generate(target):
    # Parameters and a key made here (1024-bit p: the search for p costs ~20 s at 2048 on the
    # unix port); OpenSSL accepts them and verifies a signature made here.
    force = need(target, MOD, "mpi", _default(target))
    pytest.importorskip("cryptography")
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import dsa

    (p, q, g, x, y, size), = target.call("drv_dsa", "generate", [(1024,)], force=force)
    assert size == 1024 == p.bit_length() and q.bit_length() == 160 and (p - 1) % q == 0
    assert pow(g, q, p) == 1 and g > 1 and pow(g, x, p) == y
    sig, = target.call("drv_dsa", "sign_group", [(p, q, g, x, y, "sha256", [b"abc"])], force=force)[0]
    pub = dsa.DSAPublicNumbers(y, dsa.DSAParameterNumbers(p, q, g)).public_key()
    pub.verify(sig, b"abc", hashes.SHA256())


def test_api_errors(target):
    force = need(target, MOD, "mpi", _default(target))
    got = dict(target.call("drv_dsa", "api_errors", [()], force=force)[0])
    assert got == {"key size": "ValueError", "bad params": "ValueError", "str p": "TypeError"}
