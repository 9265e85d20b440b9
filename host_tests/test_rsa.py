"""RSA (mpcrypto.pk.rsa, mpcrypto.pk.padding) on the target, over the MPI backends.

Vector sources:
- Wycheproof (../shared/vectors/wycheproof or the packages), keys from the files' number
  fields (``publicKey`` / ``privateKey`` modulus, exponents, primes; the sig_gen files give
  n, e, d only and the driver recovers p and q, SP 800-56B C.2):
  ``rsa_signature_<bits>_<hash>`` (PKCS#1 v1.5 verify), ``rsa_pss_*`` (PSS verify, with and
  without ``_params``), ``rsa_oaep_*`` and ``rsa_pkcs1_<bits>`` (decrypt), and
  ``rsa_pkcs1_<bits>_sig_gen`` (the exact PKCS#1 v1.5 signature). Every "valid" case must pass,
  every "invalid" one must raise (InvalidSignature for verify, ValueError for decrypt);
  "acceptable" may do either. Files whose hash is not ours are skipped with the reason: SHAKE
  PSS (RFC 8702: an XOF as MGF), and SHA-1 where ``mpcrypto.hash.names`` has no "sha1".
- NIST CAVP FIPS 186-2/186-3 (cryptography_vectors ``asymmetric/RSA/FIPS_186-2``):
  ``SigVer15_186-3.rsp`` and ``SigVerPSS_186-3.rsp`` (every record, P and F),
  ``SigGen15_186-2.txt`` (exact PKCS#1 v1.5 signatures from n, e, d), ``SigGenPSS_186-2.txt``
  (exact PSS signatures with the given salt).
- Differential against ``cryptography`` (OpenSSL) on CPython: our signatures verify there and
  theirs here (PKCS#1 v1.5, PSS), their ciphertexts decrypt here and ours there (OAEP,
  PKCS#1 v1.5); keys generated here load there (pyca's own consistency checks).
- Hand-made: tampered signatures and ciphertexts, API misuse.

Backends: the whole Wycheproof and NIST set runs on the target's default MPI backend (the
first available: viper64 on the unix port); on every other backend (``force``), one file of
each kind at 2048 bits (PKCS#1 v1.5 verify, PSS verify, OAEP, PKCS#1 v1.5 decrypt, sig_gen)
and the differential tests. The engine itself is compared across backends over random
inputs in test_mpi.py. For time (a private operation costs ~0.05 s at 2048 bits, ~0.2 s at
3072, ~0.5 s at 4096 on the unix port) the decrypt files are cut (``_trim``): 2048-bit files
whole, 3072-bit ones every invalid case and four valid ones, 4096-bit ones eight invalid and
four valid, ``rsa_oaep_misc`` the first case of every fourth of its 128 keys; NIST SigGen runs the
first 3 messages of each key and hash.

On a device (``--target=PORT``; sized for the emulated Cortex-M4 with a 96 KB heap, where each
script costs ~1.5 s of mpremote and is compiled in the device's RAM) every kind of test runs
on a sample, the unix port's selection unchanged: ``DEVICE_CASES`` cases spread over each
Wycheproof verify file, every ``DEVICE_EVERY``-th NIST SigVer record, decrypt files cut to two
valid and four other cases per key (the misc file: every sixteenth key), SigGen one message
per key (NIST) or two (Wycheproof). Groups longer than a script are cut into pieces
(``Target.call_groups``).
"""

import contextlib
import random

import pytest

from harness import MPError, need, small_heap_target
from test_drbg import small_heap
from oracle import is_probable_prime
from vectors import cryptography_vector, load_rsp, wycheproof

MOD = "mpcrypto.pk.mpi"
DEVICE_CASES = 12  # Wycheproof verify cases per file on a device
DEVICE_EVERY = 15  # every 15th NIST SigVer record on a device (30 of each file's 450)
BACKENDS = ("thumb", "viper64", "viper", "python")
_HASH = {"SHA-1": "sha1", "SHA-224": "sha224", "SHA-256": "sha256", "SHA-384": "sha384", "SHA-512": "sha512",
         "SHA-512/224": "sha512_224", "SHA-512/256": "sha512_256", "SHA3-224": "sha3_224",
         "SHA3-256": "sha3_256", "SHA3-384": "sha3_384", "SHA3-512": "sha3_512"}


def _default(target):
    return target.backends(MOD)[0]


_HAS = {}


def _has_hash(target, h):
    key = (id(target), h)
    if key not in _HAS:
        _HAS[key] = target.call("drv_rsa", "has_hash", [(h,)])[0]
    return _HAS[key]


def _hashes_or_skip(target, fname, *names):
    for h in names:
        if h is None:
            pytest.skip("%s: hash is an XOF (SHAKE, RFC 8702), not supported" % fname)
        if not _has_hash(target, h):
            pytest.skip("%s: hash %s is not in mpcrypto.hash.names on this target" % (fname, h))


def _h(name):
    return _HASH.get(name)


def _pubkey(g):
    k = g["publicKey"] if "publicKey" in g else g["privateKey"]
    return int(k["publicExponent"], 16), int(k["modulus"], 16)


def _privkey(g):
    k = g["privateKey"]
    f = [int(k[x], 16) for x in ("modulus", "publicExponent", "privateExponent")]
    if "prime1" in k:
        f += [int(k[x], 16) for x in ("prime1", "prime2", "exponent1", "exponent2", "coefficient")]
    return tuple(f)


def _check(fname, tests, got, invalid_names):
    nv = ni = 0
    for t, g in zip(tests, got):
        label = "%s tcId %d (%s) %s" % (fname, t["tcId"], t["comment"], t["flags"])
        if t["result"] == "valid":
            assert g == t["_want"], "%s: %r" % (label, g)
            nv += 1
        elif t["result"] == "invalid":
            assert g in invalid_names, "%s: %r" % (label, g)
            ni += 1
        else:
            assert g == t["_want"] or g in invalid_names, "%s: %r" % (label, g)
    return nv, ni


# -- Wycheproof file lists -------------------------------------------------------------------

SIG_FILES = ["rsa_signature_%s_test.json" % s for s in (
    "2048_sha224", "2048_sha256", "2048_sha384", "2048_sha512", "2048_sha512_224", "2048_sha512_256",
    "2048_sha3_224", "2048_sha3_256", "2048_sha3_384", "2048_sha3_512",
    "3072_sha256", "3072_sha384", "3072_sha512", "3072_sha512_256", "3072_sha3_256", "3072_sha3_384",
    "3072_sha3_512", "4096_sha256", "4096_sha384", "4096_sha512", "4096_sha512_256",
    "8192_sha256", "8192_sha384", "8192_sha512")]
PSS_FILES = ["rsa_pss_%s_test.json" % s for s in (
    "2048_sha1_mgf1_20", "2048_sha1_mgf1_20_params", "2048_sha256_mgf1_0", "2048_sha256_mgf1_0_params",
    "2048_sha256_mgf1_32", "2048_sha256_mgf1_32_params", "2048_sha256_mgf1sha1_20", "2048_sha384_mgf1_48",
    "2048_sha512_224_mgf1_28", "2048_sha512_256_mgf1_32", "2048_sha512_mgf1sha256_32_params",
    "2048_shake128", "2048_shake256", "3072_sha256_mgf1_32", "3072_sha256_mgf1_32_params",
    "3072_shake128", "3072_shake256", "4096_sha256_mgf1_32", "4096_sha384_mgf1_48",
    "4096_sha512_mgf1_32", "4096_sha512_mgf1_32_params", "4096_sha512_mgf1_64",
    "4096_sha512_mgf1_64_params", "4096_shake256", "misc", "misc_params")]
OAEP_FILES = ["rsa_oaep_%s_test.json" % s for s in (
    "2048_sha1_mgf1sha1", "2048_sha224_mgf1sha1", "2048_sha224_mgf1sha224", "2048_sha256_mgf1sha1",
    "2048_sha256_mgf1sha256", "2048_sha384_mgf1sha1", "2048_sha384_mgf1sha384",
    "2048_sha512_224_mgf1sha1", "2048_sha512_224_mgf1sha512_224", "2048_sha512_mgf1sha1",
    "2048_sha512_mgf1sha512", "3072_sha256_mgf1sha1", "3072_sha256_mgf1sha256",
    "3072_sha512_256_mgf1sha1", "3072_sha512_256_mgf1sha512_256", "3072_sha512_mgf1sha1",
    "3072_sha512_mgf1sha512", "4096_sha256_mgf1sha1", "4096_sha256_mgf1sha256", "4096_sha512_mgf1sha1",
    "4096_sha512_mgf1sha512", "misc")]
PKCS1_DEC_FILES = ["rsa_pkcs1_%d_test.json" % b for b in (2048, 3072, 4096)]
SIGGEN_FILES = ["rsa_pkcs1_%d_sig_gen_test.json" % b for b in (1024, 1536, 2048, 3072, 4096)]

# One file of each kind for the non-default backends.
OTHER = {"sig": "rsa_signature_2048_sha256_test.json", "pss": "rsa_pss_2048_sha256_mgf1_32_test.json",
         "oaep": "rsa_oaep_2048_sha256_mgf1sha256_test.json", "pkcs1": "rsa_pkcs1_2048_test.json",
         "siggen": "rsa_pkcs1_3072_sig_gen_test.json"}


def _wy_verify(target, fname, force, kind):
    # One target call for the whole file: a group (one key) is one case of verify_group. On a
    # device every step-th case of each group (DEVICE_CASES in all).
    data = wycheproof(fname)
    calls, groups = [], []
    step = 1
    if not target.is_unix:
        step = -(-sum(len(g["tests"]) for g in data["testGroups"]) // DEVICE_CASES)
    for g in data["testGroups"]:
        h = _h(g["sha"])
        mgfh = _h(g.get("mgfSha", g["sha"])) if kind == "pss" else None
        _hashes_or_skip(target, fname, h, *((mgfh,) if kind == "pss" else ()))
        e, n = _pubkey(g)
        tests = g["tests"][::step]
        for t in tests:
            t["_want"] = "ok"
        cases = [(bytes.fromhex(t["msg"]), bytes.fromhex(t["sig"])) for t in tests]
        calls.append((e, n, h, kind, mgfh, g.get("sLen"), cases))
        groups.append(tests)
    got = target.call_groups("drv_rsa", "verify_group", calls, force=force)
    nv = ni = 0
    for tests, gg in zip(groups, got):
        a, b = _check(fname, tests, gg, ("InvalidSignature",))
        nv, ni = nv + a, ni + b
    assert nv, fname
    return nv, ni


def _wy_decrypt(target, fname, force, kind, trim):
    data = wycheproof(fname)
    calls, groups = [], []
    every = 4 if "misc" in fname else 1  # the misc file: every fourth of its 128 keys
    if not target.is_unix:  # a device: two valid and four other cases per key, every 16th misc key
        every *= 4
        trim = (2, 4) if trim is None else (min(trim[0], 2), 4 if trim[1] is None else min(trim[1], 4))
    groups_kept = data["testGroups"][::every]
    if small_heap(target):  # the keys a 96 KB heap is documented to take (docs/memory.md)
        groups_kept = [g for g in groups_kept if g.get("keySize", 0) <= 4096]
    for g in groups_kept:
        h = _h(g.get("sha", "SHA-256")) if kind == "oaep" else None
        mgfh = _h(g.get("mgfSha")) if kind == "oaep" else None
        if kind == "oaep":
            _hashes_or_skip(target, fname, h, mgfh)
        tests = g["tests"]
        if trim:  # (valid cases kept, other cases kept); None keeps them all
            nv_keep, ni_keep = trim
            valid = [t for t in tests if t["result"] == "valid"][:nv_keep]
            tests = valid + [t for t in tests if t["result"] != "valid"][:ni_keep]
        for t in tests:
            t["_want"] = bytes.fromhex(t["msg"])
        cases = [(bytes.fromhex(t["ct"]), bytes.fromhex(t.get("label", ""))) for t in tests]
        calls.append((_privkey(g), kind, h, mgfh, cases))
        groups.append(tests)
    got = target.call_groups("drv_rsa", "decrypt_group", calls, force=force, per=8)
    nv = ni = 0
    for tests, gg in zip(groups, got):
        a, b = _check(fname, tests, gg, ("ValueError",))
        nv, ni = nv + a, ni + b
    assert nv, fname
    return nv, ni


def _wy_siggen(target, fname, force):
    data = wycheproof(fname)
    calls, groups = [], []
    for g in data["testGroups"]:
        h = _h(g["sha"])
        _hashes_or_skip(target, fname, h)
        tests = g["tests"] if target.is_unix else g["tests"][:2]
        calls.append((_privkey(g), "pkcs1", h, None, None, [bytes.fromhex(t["msg"]) for t in tests]))
        groups.append(tests)
    got = target.call_groups("drv_rsa", "sign_group", calls, force=force, per=4)
    n_ok = 0
    for tests, gg in zip(groups, got):
        for t, s in zip(tests, gg):
            assert t["result"] in ("valid", "acceptable"), (fname, t["tcId"])
            assert s == bytes.fromhex(t["sig"]), "%s tcId %d: %r" % (fname, t["tcId"], s)
            n_ok += 1
    assert n_ok, fname


@pytest.mark.parametrize("fname", SIG_FILES)
def test_wycheproof_pkcs1_verify(target, fname):
    nv, ni = _wy_verify(target, fname, need(target, MOD, "mpi", _default(target)), "pkcs1")
    assert ni, fname


@pytest.mark.parametrize("fname", PSS_FILES)
def test_wycheproof_pss_verify(target, fname):
    _wy_verify(target, fname, need(target, MOD, "mpi", _default(target)), "pss")


def _trim(fname):
    # Cases kept per group, for time (a private operation: ~0.05 s at 2048 bits, ~0.2 s at
    # 3072, ~0.5 s at 4096 on the unix port): 2048-bit files whole; 3072: four valid and every
    # invalid case; 4096: four valid and eight invalid; the misc file (128 keys of every
    # size): the first case of every fourth key (_wy_decrypt).
    if "_3072_" in fname:
        return (4, None)
    if "_4096_" in fname:
        return (4, 8)
    if "misc" in fname:
        return (1, 0)
    return None


@pytest.mark.parametrize("fname", OAEP_FILES)
def test_wycheproof_oaep_decrypt(target, fname):
    _wy_decrypt(target, fname, need(target, MOD, "mpi", _default(target)), "oaep", _trim(fname))


@pytest.mark.parametrize("fname", PKCS1_DEC_FILES)
def test_wycheproof_pkcs1_decrypt(target, fname):
    nv, ni = _wy_decrypt(target, fname, need(target, MOD, "mpi", _default(target)), "pkcs1", _trim(fname))
    assert ni, fname


@pytest.mark.parametrize("fname", SIGGEN_FILES)
def test_wycheproof_pkcs1_sig_gen(target, fname):
    _wy_siggen(target, fname, need(target, MOD, "mpi", _default(target)))


@pytest.mark.parametrize("backend", BACKENDS)
def test_wycheproof_other_backends(target, backend):
    force = need(target, MOD, "mpi", backend)
    if backend == _default(target):
        pytest.skip("the default backend runs every file above")
    _wy_verify(target, OTHER["sig"], force, "pkcs1")
    _wy_verify(target, OTHER["pss"], force, "pss")
    _wy_decrypt(target, OTHER["oaep"], force, "oaep", (4, None))
    _wy_decrypt(target, OTHER["pkcs1"], force, "pkcs1", (1, None))
    # The portable backend's RSA-3072 working set does not fit a small heap (MemoryError on
    # the emulated M4's 96 KB): there it signs with 2048-bit keys.
    small = backend == "python" and small_heap(target)
    _wy_siggen(target, "rsa_pkcs1_2048_sig_gen_test.json" if small else OTHER["siggen"], force)


# -- NIST CAVP -------------------------------------------------------------------------------

_NIST_H = {"SHA1": "sha1", "SHA224": "sha224", "SHA256": "sha256", "SHA384": "sha384", "SHA512": "sha512"}


def _nist_records(fname):
    # Records with their n (and e, d where a record of the file gives them ahead of the tests).
    out = []
    cur = {}
    for r in load_rsp(cryptography_vector(fname)):
        for k in ("N", "E", "D"):
            if k in r and "MSG" not in r:
                cur[k] = int(r[k], 16)
        if "MSG" in r:
            rr = dict(r)
            rr["_n"] = cur["N"]
            rr["_e"] = int(r["E"], 16) if "E" in r else cur["E"]
            rr["_d"] = int(r["D"], 16) if "D" in r else cur.get("D")
            out.append(rr)
    assert out, fname
    return out


@pytest.mark.parametrize("fname,kind", [("asymmetric/RSA/FIPS_186-2/SigVer15_186-3.rsp", "pkcs1"),
                                        ("asymmetric/RSA/FIPS_186-2/SigVerPSS_186-3.rsp", "pss")])
def test_nist_sigver(target, fname, kind):
    force = need(target, MOD, "mpi", _default(target))
    recs = _nist_records(fname)
    if not target.is_unix:
        recs = recs[::DEVICE_EVERY]
    have = {h: _has_hash(target, h) for h in _NIST_H.values()}
    calls, keep = [], []
    for r in recs:
        h = _NIST_H[r["SHAALG"]]
        if not have[h]:
            continue
        slen = len(bytes.fromhex(r["SALTVAL"])) if kind == "pss" and r.get("SALTVAL", "00") != "00" else 0
        calls.append((r["_e"], r["_n"], h, kind, h, slen, [(bytes.fromhex(r["MSG"]), bytes.fromhex(r["S"]))]))
        keep.append(r)
    assert len(keep) >= (300 if target.is_unix else 300 // DEVICE_EVERY), fname
    got = target.call("drv_rsa", "verify_group", calls, force=force)
    npass = nfail = 0
    for r, g in zip(keep, got):
        label = "%s line %d %s" % (fname, r["_line"], r["RESULT"])
        if r["RESULT"].startswith("P"):
            assert g == ["ok"], label
            npass += 1
        else:
            assert g == ["InvalidSignature"], "%s: %r" % (label, g)
            nfail += 1
    assert npass and nfail


def _siggen_groups(fname, per=3):
    # SHA-2 records of a SigGen file grouped by (key, hash, salt): one driver call (one key
    # recovery) per group, the first ``per`` messages of each (of 10), for time.
    groups = {}
    for r in _nist_records(fname):
        h = _NIST_H[r["SHAALG"]]
        if h == "sha1":
            continue
        key = ((r["_n"], r["_e"], r["_d"]), h, r.get("SALTVAL"))
        recs = groups.setdefault(key, [])
        if len(recs) < per:
            recs.append(r)
    assert len(groups) >= 15, fname
    return groups


def test_nist_siggen_pkcs1(target):
    force = need(target, MOD, "mpi", _default(target))
    fname = "asymmetric/RSA/FIPS_186-2/SigGen15_186-2.txt"
    groups = _siggen_groups(fname, 3 if target.is_unix else 1)
    calls = [(key, "pkcs1", h, None, None, [bytes.fromhex(r["MSG"]) for r in recs]) for (key, h, _), recs in groups.items()]
    got = target.call("drv_rsa", "sign_group", calls, force=force)
    for recs, g in zip(groups.values(), got):
        assert g == [bytes.fromhex(r["S"]) for r in recs], "%s line %d" % (fname, recs[0]["_line"])


def test_nist_siggen_pss(target):
    force = need(target, MOD, "mpi", _default(target))
    fname = "asymmetric/RSA/FIPS_186-2/SigGenPSS_186-2.txt"
    groups = _siggen_groups(fname, 3 if target.is_unix else 1)
    calls = [(key, h, bytes.fromhex(salt), [bytes.fromhex(r["MSG"]) for r in recs]) for (key, h, salt), recs in groups.items()]
    got = target.call("drv_rsa", "sign_pss_salt", calls, force=force)
    for recs, g in zip(groups.values(), got):
        assert g == [bytes.fromhex(r["S"]) for r in recs], "%s line %d" % (fname, recs[0]["_line"])


# -- differential against cryptography (OpenSSL) ---------------------------------------------

def _pyca():
    try:
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import padding, rsa
    except ImportError:
        pytest.skip("cryptography is not installed")
    return hashes, padding, rsa


_PYCA_KEYS = {}


def _pyca_key(bits):
    _, _, rsa = _pyca()
    if bits not in _PYCA_KEYS:
        _PYCA_KEYS[bits] = rsa.generate_private_key(65537, bits)
    return _PYCA_KEYS[bits]


def _nums(key):
    pn = key.private_numbers()
    pu = pn.public_numbers
    return (pu.n, pu.e, pn.d, pn.p, pn.q, pn.dmp1, pn.dmq1, pn.iqmp)


def _pyca_hash(hashes, name):
    return {"sha224": hashes.SHA224, "sha256": hashes.SHA256, "sha384": hashes.SHA384,
            "sha512": hashes.SHA512, "sha512_256": hashes.SHA512_256}[name]()


@pytest.mark.parametrize("backend", BACKENDS)
def test_differential_signatures(target, backend):
    force = need(target, MOD, "mpi", backend)
    hashes, ppad, _ = _pyca()
    rnd = random.Random(12)
    for bits in (1024, 2048) if backend == _default(target) else (2048,):
        key = _pyca_key(bits)
        pub = key.public_key()
        nums = _nums(key)
        for h in ("sha256", "sha384", "sha512"):
            msgs = [rnd.randbytes(rnd.randrange(0, 200)) for _ in range(3)]
            H = _pyca_hash(hashes, h)
            # ours -> OpenSSL: PKCS#1 v1.5 (deterministic: equal too) and PSS (max and digest salt)
            sigs = target.call("drv_rsa", "sign_group", [(nums, "pkcs1", h, None, None, msgs)], force=force)[0]
            for m, s in zip(msgs, sigs):
                assert s == key.sign(m, ppad.PKCS1v15(), H)
                pub.verify(s, m, ppad.PKCS1v15(), H)
            for slen, pslen in (("max", ppad.PSS.MAX_LENGTH), ("digest", ppad.PSS.DIGEST_LENGTH), (0, 0)):
                sigs = target.call("drv_rsa", "sign_group", [(nums, "pss", h, h, slen, msgs)], force=force)[0]
                if slen == "digest" and 2 * H.digest_size + 2 > (bits - 1 + 7) // 8:
                    # a digest-length salt does not fit (RFC 8017 9.1.1 step 3): refused
                    assert sigs == ["ValueError"] * len(msgs)
                    continue
                for m, s in zip(msgs, sigs):
                    pub.verify(s, m, ppad.PSS(ppad.MGF1(H), pslen), H)
            # OpenSSL -> ours, and a flipped bit is refused
            cases, want = [], []
            for m in msgs:
                s = key.sign(m, ppad.PSS(ppad.MGF1(H), ppad.PSS.MAX_LENGTH), H)
                cases += [(m, s), (m + b"x", s), (m, s[:-1] + bytes([s[-1] ^ 1]))]
                want += ["ok", "InvalidSignature", "InvalidSignature"]
            got = target.call("drv_rsa", "verify_group", [(nums[1], nums[0], h, "pss", h, "auto", cases)], force=force)[0]
            assert got == want
            cases = [(m, key.sign(m, ppad.PKCS1v15(), H)) for m in msgs]
            got = target.call("drv_rsa", "verify_group", [(nums[1], nums[0], h, "pkcs1", None, None, cases)], force=force)[0]
            assert got == ["ok"] * len(msgs)


def _no_entropy(target, got):
    # Public-key encryption takes no rng argument (pyca's API): on a target without an entropy
    # source (MicroPython's qemu port) every call must raise UnsupportedAlgorithm. True there.
    if target.has_entropy():
        return False
    assert got == ["UnsupportedAlgorithm"] * len(got), got
    return True


@pytest.mark.parametrize("backend", BACKENDS)
def test_differential_encryption(target, backend):
    force = need(target, MOD, "mpi", backend)
    hashes, ppad, _ = _pyca()
    rnd = random.Random(13)
    key = _pyca_key(2048)
    pub = key.public_key()
    nums = _nums(key)
    for h, mh, label in (("sha256", "sha256", b""), ("sha384", "sha256", b"label"), ("sha512", "sha512", b"\x00" * 7)):
        H, MH = _pyca_hash(hashes, h), _pyca_hash(hashes, mh)
        oaep = ppad.OAEP(ppad.MGF1(MH), H, label or None)
        msgs = [rnd.randbytes(n) for n in (0, 1, 33, 256 - 2 * H.digest_size - 2)]
        cts = [pub.encrypt(m, oaep) for m in msgs]
        bad = [c[:5] + bytes([c[5] ^ 0x40]) + c[6:] for c in cts]
        got = target.call("drv_rsa", "decrypt_group", [(nums, "oaep", h, mh, [(c, label) for c in cts + bad])], force=force)[0]
        assert got == msgs + ["ValueError"] * len(bad)
        ours = target.call("drv_rsa", "encrypt_group", [(nums[1], nums[0], "oaep", h, mh, [(m, label) for m in msgs])], force=force)[0]
        if _no_entropy(target, ours):
            continue
        assert [key.decrypt(c, oaep) for c in ours] == msgs
        assert len(set(ours)) == len(ours)
    msgs = [rnd.randbytes(n) for n in (0, 1, 100, 245)]
    cts = [pub.encrypt(m, ppad.PKCS1v15()) for m in msgs]
    got = target.call("drv_rsa", "decrypt_group", [(nums, "pkcs1", None, None, [(c, b"") for c in cts])], force=force)[0]
    assert got == msgs
    ours = target.call("drv_rsa", "encrypt_group", [(nums[1], nums[0], "pkcs1", None, None, [(m, b"") for m in msgs])], force=force)[0]
    if not _no_entropy(target, ours):
        assert [key.decrypt(c, ppad.PKCS1v15()) for c in ours] == msgs


def test_oaep_label_types(target):
    """OAEP's label is bytes-like or None (the empty label); any other type raises TypeError
    (an int once gave that many zero bytes, a list its values, 2**40 a MemoryError)."""
    force = need(target, MOD, "mpi", _default(target))
    hashes, ppad, _ = _pyca()
    key = _pyca_key(1024)
    H = hashes.SHA256()
    ct = key.public_key().encrypt(b"msg", ppad.OAEP(ppad.MGF1(H), H, b"label"))
    ct0 = key.public_key().encrypt(b"msg0", ppad.OAEP(ppad.MGF1(H), H, None))
    ct5 = key.public_key().encrypt(b"msg5", ppad.OAEP(ppad.MGF1(H), H, bytes(5)))
    cases = [(ct, b"label"), (ct, bytearray(b"label")), (ct, ("memoryview", b"label")), (ct0, None), (ct0, b""),
             (ct5, bytes(5)), (ct5, 5), (ct, [108, 97, 98, 101, 108]), (ct, 2 ** 40), (ct, "label"), (ct, True),
             (ct, 1.5), (ct, b"Label")]
    got = target.call("drv_rsa", "oaep_labels", [(_nums(key), "sha256", cases)], force=force)[0]
    assert got == [b"msg"] * 3 + [b"msg0"] * 2 + [b"msg5"] + ["TypeError"] * 6 + ["ValueError"], got


def _raw_pkcs1_ct(n, e, em):
    return pow(int.from_bytes(em, "big"), e, n).to_bytes((n.bit_length() + 7) // 8, "big")


@pytest.mark.parametrize("backend", BACKENDS)
def test_pkcs1_decrypt_malformed(target, backend):
    # Hand-built encoded messages: each defect of RFC 8017 7.2.2 step 3 gives the same
    # ValueError("Decryption failed").
    force = need(target, MOD, "mpi", backend)
    key = _pyca_key(1024)
    nums = _nums(key)
    n, e = nums[0], nums[1]
    k = 128
    ps = b"\x5a" * 100
    msg = b"m" * (k - 3 - len(ps))
    ems = {
        "good": b"\x00\x02" + ps + b"\x00" + msg,
        "first byte": b"\x01\x02" + ps + b"\x00" + msg,
        "block type 1": b"\x00\x01" + ps + b"\x00" + msg,
        "no separator": b"\x00\x02" + b"\x5a" * (k - 2),
        "ps of 7": b"\x00\x02" + b"\x5a" * 7 + b"\x00" + b"m" * (k - 10),
        "ps of 8": b"\x00\x02" + b"\x5a" * 8 + b"\x00" + b"m" * (k - 11),
        "empty message": b"\x00\x02" + b"\x5a" * (k - 3) + b"\x00",
    }
    cases = [(_raw_pkcs1_ct(n, e, em), b"") for em in ems.values()]
    got = target.call("drv_rsa", "decrypt_group", [(nums, "pkcs1", None, None, cases)], force=force)[0]
    assert got == [msg, "ValueError", "ValueError", "ValueError", "ValueError", b"m" * (k - 11), b""]
    # ciphertext >= n, wrong length
    cases = [(n.to_bytes(k, "big"), b""), ((n + 1).to_bytes(k, "big"), b""), (b"\x00" * (k - 1), b"")]
    got = target.call("drv_rsa", "decrypt_group", [(nums, "pkcs1", None, None, cases)], force=force)[0]
    assert got == ["ValueError"] * 3


@pytest.mark.parametrize("backend", BACKENDS)
def test_generate_and_roundtrip(target, backend):
    # Key generation on the target; OpenSSL accepts the numbers (pyca checks p q = n, d e = 1
    # mod lambda, CRT values) and verifies a signature made here.
    force = need(target, MOD, "mpi", backend)
    hashes, ppad, rsa = _pyca()
    (n, e, d, p, q, dp, dq, qi, size), = target.call("drv_rsa", "generate", [(65537, 1024)], force=force)
    assert size == 1024 and n.bit_length() == 1024 and p * q == n and p != q
    lam = (p - 1) * (q - 1) // __import__("math").gcd(p - 1, q - 1)
    assert d * e % lam == 1 and d.bit_length() > 512 and abs(p - q).bit_length() > 412
    assert is_probable_prime(p) and is_probable_prime(q)
    priv = rsa.RSAPrivateNumbers(p, q, d, dp, dq, qi, rsa.RSAPublicNumbers(e, n)).private_key()
    s, = target.call("drv_rsa", "roundtrip", [((n, e, d, p, q, dp, dq, qi), "pss", "sha256", "sha256", "max", b"abc")], force=force)
    priv.public_key().verify(s, b"abc", ppad.PSS(ppad.MGF1(hashes.SHA256()), ppad.PSS.MAX_LENGTH), hashes.SHA256())


def test_recover_and_bad_keys(target):
    force = need(target, MOD, "mpi", _default(target))
    key = _pyca_key(1024)
    n, e, d, p, q, dp, dq, qi = _nums(key)
    got = target.call("drv_rsa", "recover", [(n, e, d), (n, e, d + 2)], force=force)
    assert got[0] == (max(p, q), min(p, q))
    assert got[1] == MPError("ValueError", "unable to compute factors p and q from exponent d")
    bad = [(n, e, d, p, q + 2, dp, dq, qi), (n, e, d, p, q, dp + 2, dq, qi), (n, e, d, p, q, dp, dq, qi + 1),
           (n, e + 2, d, p, q, dp, dq, qi), (n, e, d + 2, p, q, dp, dq, qi), (n + 2, e, d, p, q, dp, dq, qi)]
    got = target.call("drv_rsa", "bad_key", [(k,) for k in bad], force=force)
    assert all(isinstance(g, MPError) and g.name == "ValueError" for g in got), got


def test_api_errors(target):
    force = need(target, MOD, "mpi", _default(target))
    got = dict(target.call("drv_rsa", "api_errors", [()], force=force)[0])
    want = {"keysize<1024": "ValueError", "even e": "ValueError", "e=1": "ValueError", "str data": "TypeError",
            "unknown hash": "UnsupportedAlgorithm", "oaep for sign": "TypeError", "pss for encrypt": "TypeError",
            "oaep too long": "ValueError", "pkcs1 too long": "ValueError", "short ct": "ValueError",
            "auto to sign": "ValueError", "salt too long": "ValueError", "neg salt": "ValueError",
            "inverse 0": "ValueError", "inverse 6 mod 15": "ValueError", "even modulus": "ValueError",
            "neg exponent": "ValueError", "bad public": "ValueError", "oaep max ok": 128, "pkcs1 max ok": 128}
    if not target.has_entropy():  # encryption asks the default rng once its arguments are checked
        want.update({k: "UnsupportedAlgorithm" for k in ("oaep max ok", "pkcs1 max ok")})
    assert got == want


def test_argument_checks_before_rng(target):
    """Calls that draw randomness (encryption: the default rng; PSS signing: the key's) check
    their arguments first: without an entropy source (simulated on a target that has one,
    drv_mpi.without_entropy) a wrong padding or type still raises TypeError and a wrong
    length ValueError; only the valid calls raise UnsupportedAlgorithm."""
    force = need(target, MOD, "mpi", _default(target))
    got = dict(target.call("drv_rsa", "checks_before_rng", [(_nums(_pyca_key(1024)),)], force=force)[0])
    no = "UnsupportedAlgorithm"
    assert got == {"encrypt pss": "TypeError", "encrypt None padding": "TypeError", "encrypt str": "TypeError",
                   "encrypt oaep too long": "ValueError", "encrypt pkcs1 too long": "ValueError",
                   "encrypt oaep": no, "encrypt pkcs1": no, "sign pss salt too long": "ValueError",
                   "sign pss auto": "ValueError", "sign oaep": "TypeError", "sign pss": no,
                   "decrypt short": "ValueError", "decrypt pss": "TypeError"}, got


def test_private_ops_need_an_rng(target):
    """Without an entropy source a private key made without an rng refuses to sign (PKCS#1
    v1.5 too, which needs no other randomness) and to decrypt, with UnsupportedAlgorithm:
    its blinding is never derived from the key (simulated on a target that has entropy,
    drv_mpi.without_entropy). The same key given an rng works, and OpenSSL verifies."""
    force = need(target, MOD, "mpi", _default(target))
    if not target.has_entropy():
        pytest.skip("the driver encrypts with the default rng (the target has no entropy source)")
    hashes, ppad, _ = _pyca()
    key = _pyca_key(1024)
    got = target.call("drv_rsa", "private_ops_without_rng", [(_nums(key),)], force=force)[0]
    assert got[:2] == ["UnsupportedAlgorithm"] * 2, got
    key.public_key().verify(got[2], b"msg", ppad.PKCS1v15(), hashes.SHA256())
    assert got[3] == b"secret" and got[4] is True, got


def test_private_op_survives_memory_pressure(target):
    """A private operation cut short by MemoryError leaves the key working: the heap is
    filled, then freed a block at a time with a signature tried after each (drv_rsa.
    under_pressure), so MemoryError strikes at every allocation of the operation in turn.
    Each signature made must be the right one, never a wrong one or the fault check's
    ValueError (the blinding pair, squared at each use, once lost its step this way). On the
    unix port in a 512 KB heap with the library as .mpy files (harness.small_heap_target)."""
    force = need(target, MOD, "mpi", _default(target))
    key = _nums(_pyca_key(2048))
    with small_heap_target("512K") if target.is_unix else contextlib.nullcontext(target) as run:
        got = run.call("drv_rsa", "under_pressure", [(key, 32)], force=force, timeout=1800)[0]
    assert not isinstance(got, MPError), got
    errors, wrong, after = got
    assert errors > 20, "the heap was short only %d times: the test proved nothing" % errors
    assert wrong == [] and after, (wrong, after)


def test_narrow_windows_where_the_heap_is_short(target):
    """Where the heap has no block for a context's fixed-window table, the private key takes
    the widest window that fits (modexp.fitted) and signs the same: modelled by a context
    constructor that refuses tables wider than 2 bits (and, at 0, every table)."""
    force = need(target, MOD, "mpi", _default(target))
    key = _nums(_pyca_key(2048))
    got = target.call("drv_rsa", "narrow_windows", [(key, 2, b"narrow"), (key, 0, b"narrow")], force=force)
    sig, want, windows = got[0]
    assert sig == want and windows == (2, 2, 1), got[0]
    assert isinstance(got[1], MPError) and got[1].name == "MemoryError", got[1]
