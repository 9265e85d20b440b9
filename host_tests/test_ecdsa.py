"""ECDSA (mpcrypto.ec.ecdsa through the key API of mpcrypto.ec.ec).

Vector sources:
- Wycheproof ``ecdsa_<curve>_<hash>_test.json`` (DER signatures) and ``..._p1363_test.json``
  (raw r||s), from ../shared/vectors/wycheproof or the packages: every file whose curve and
  hash are ours (``WYCHEPROOF``), every case, on every backend.
- NIST CAVP FIPS 186-3 ECDSA ``SigVer.rsp`` and ``SigGen.txt`` (cryptography_vectors,
  asymmetric/ECDSA/FIPS_186-3), prime curves with SHA-224..SHA-512 (SHA-1 is not ours).
  SigGen gives k: the exact (r, s) is checked through ``ecdsa.sign_with_k``.
  SigVer runs every record; SigGen the first 8 of each section (of 15), for time.
- ``asymmetric/ECDSA/SECP256K1/SigGen.txt`` (cryptography_vectors): signatures to verify
  (the first 60 records of each SHA-2 section, of 225, for time).
- RFC 6979 A.2.3-A.2.7 (P-192 ... P-521, "sample" and "test", SHA-224..SHA-512), from
  cryptography_vectors ``asymmetric/ECDSA/RFC6979/evppkey_ecdsa_rfc6979.txt`` (OpenSSL's copy
  of the RFC examples): deterministic signing must give the exact DER signature.
- Differential against python-ecdsa on CPython (brainpool t1 curves, brainpoolP160r1/P192r1,
  which have no vectors): our deterministic signatures equal python-ecdsa's RFC 6979 ones,
  python-ecdsa verifies ours, we verify python-ecdsa's randomised ones.
- Hand-made malformed signatures and edge scalars.

Policy for Wycheproof "acceptable" cases: accepting or rejecting both pass. In the current
(v1) files the ECDSA "acceptable" cases are few (for example BER-encoded signatures in older
files): our DER decoder is strict and rejects every non-DER encoding. "invalid" cases must
raise InvalidSignature (or ValueError when the group's public key itself is invalid); "valid"
cases must verify.

Time: the target's verification costs ~11 ms (P-256) to ~55 ms (P-521, brainpoolP512r1) per
signature on the python backend on the unix port; the Wycheproof files (39 files, 15,040
cases per backend) are the bulk of this module's time.
"""

import random

import ecdsa as pyecdsa
import pytest

import der
from harness import MPError, need, need_ec
from vectors import cryptography_vector, load_rsp, wycheproof_tests

MOD = "mpcrypto.ec.ec"
BACKENDS = ("thumb", "viper64", "viper", "python")

_HASH = {"SHA-224": "sha224", "SHA-256": "sha256", "SHA-384": "sha384", "SHA-512": "sha512",
         "SHA-512/224": "sha512_224", "SHA-512/256": "sha512_256",
         "SHA3-224": "sha3_224", "SHA3-256": "sha3_256", "SHA3-384": "sha3_384", "SHA3-512": "sha3_512"}
_NIST = {"P-192": "secp192r1", "P-224": "secp224r1", "P-256": "secp256r1", "P-384": "secp384r1", "P-521": "secp521r1"}


# -- Wycheproof ------------------------------------------------------------------------------

# (curve, hash) of every Wycheproof ECDSA file whose curve and hash are ours: the DER file and
# the P1363 file both run, over every backend. Wycheproof has no P1363 file for
# secp384r1/SHA-256; the SHA-3 files are listed apart (WYCHEPROOF_SHA3). Not ours: the
# secp160 curves, SHAKE hashes, and ``ecdsa_secp256k1_sha256_bitcoin`` (a low-s rule,
# BIP 62/146, that plain ECDSA does not have).
WYCHEPROOF = [
    ("secp192r1", "sha256"), ("secp192k1", "sha256"),
    ("secp224r1", "sha224"), ("secp224r1", "sha256"), ("secp224r1", "sha512"),
    ("secp224k1", "sha224"), ("secp224k1", "sha256"),
    ("secp256r1", "sha256"), ("secp256r1", "sha512"), ("secp256k1", "sha256"), ("secp256k1", "sha512"),
    ("secp384r1", "sha384"), ("secp384r1", "sha512"), ("secp521r1", "sha512"),
    ("brainpoolP224r1", "sha224"), ("brainpoolP256r1", "sha256"), ("brainpoolP320r1", "sha384"),
    ("brainpoolP384r1", "sha384"), ("brainpoolP512r1", "sha512"),
]
_DER_ONLY = [("secp384r1", "sha256")]
# The SHA-3 files (DER only in the current set): the hash is the only new part, so they run
# on the two limb backends; the portable backend's arithmetic is covered by the files above.
WYCHEPROOF_SHA3 = [
    ("secp224r1", "sha3_224"), ("secp224r1", "sha3_256"), ("secp224r1", "sha3_512"),
    ("secp256r1", "sha3_256"), ("secp256r1", "sha3_512"), ("secp256k1", "sha3_256"), ("secp256k1", "sha3_512"),
    ("secp384r1", "sha3_384"), ("secp384r1", "sha3_512"), ("secp521r1", "sha3_512"),
    ("brainpoolP224r1", "sha3_224"), ("brainpoolP256r1", "sha3_256"), ("brainpoolP320r1", "sha3_384"),
    ("brainpoolP384r1", "sha3_384"), ("brainpoolP512r1", "sha3_512"),
]


def _wycheproof_cases(fname, curve):
    cases, meta = [], []
    for g, t in wycheproof_tests(fname):
        key = g["publicKey"]
        assert key["curve"] == curve, fname
        cases.append((bytes.fromhex(key["uncompressed"]), bytes.fromhex(t["msg"]), bytes.fromhex(t["sig"]), _HASH[g["sha"]]))
        meta.append((t["tcId"], t["result"], t["comment"]))
    return cases, meta


def _check_verify(fname, meta, got):
    nvalid = ninvalid = 0
    for (tc, result, comment), g in zip(meta, got):
        label = "%s tcId %d (%s)" % (fname, tc, comment)
        if result == "valid":
            assert g == "ok", "%s: %r" % (label, g)
            nvalid += 1
        elif result == "invalid":
            assert isinstance(g, MPError) and g.name in ("InvalidSignature", "ValueError"), "%s: %r" % (label, g)
            ninvalid += 1
        else:
            assert g == "ok" or (isinstance(g, MPError) and g.name in ("InvalidSignature", "ValueError")), label
    assert nvalid and ninvalid, fname


_FILES = [(c, h, e) for c, h in WYCHEPROOF for e in ("der", "p1363")] + [(c, h, "der") for c, h in _DER_ONLY]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("curve,h,encoding", _FILES, ids=["%s_%s_%s" % f for f in _FILES])
def test_wycheproof_ecdsa(target, curve, h, encoding, backend):
    force = need_ec(target, backend, curve)
    fname = "ecdsa_%s_%s%s_test.json" % (curve, h, "_p1363" if encoding == "p1363" else "")
    cases, meta = _wycheproof_cases(fname, curve)
    enc = "raw" if encoding == "p1363" else "der"
    got = target.call("drv_ec", "ecdsa_verify", [(curve, pt, m, s, hh, enc) for pt, m, s, hh in cases], force=force)
    _check_verify(fname, meta, got)


@pytest.mark.parametrize("backend", BACKENDS[:3])
@pytest.mark.parametrize("curve,h", WYCHEPROOF_SHA3, ids=["%s_%s" % f for f in WYCHEPROOF_SHA3])
def test_wycheproof_ecdsa_sha3(target, curve, h, backend):
    force = need_ec(target, backend, curve)
    fname = "ecdsa_%s_%s_test.json" % (curve, h)
    cases, meta = _wycheproof_cases(fname, curve)
    got = target.call("drv_ec", "ecdsa_verify", [(curve, pt, m, s, hh, "der") for pt, m, s, hh in cases], force=force)
    _check_verify(fname, meta, got)


# -- NIST CAVP -------------------------------------------------------------------------------

def _nist_ours(r):
    # A FIPS 186-3 test record of a [P-x,SHA-y] section whose curve and hash are ours.
    cv, _, hsh = r["_section"].partition(",")
    return "MSG" in r and cv in _NIST and hsh in _HASH


def _nist_sections(fname):
    out = []
    for r in load_rsp(cryptography_vector(fname), keep=_nist_ours):
        cv, _, hsh = r["_section"].partition(",")
        out.append((_NIST[cv], _HASH[hsh], r))
    return out


@pytest.mark.parametrize("backend", BACKENDS)
def test_nist_sigver(target, backend):
    force = need_ec(target, backend)
    fname = "asymmetric/ECDSA/FIPS_186-3/SigVer.rsp"
    recs = _nist_sections(fname)
    assert len(recs) >= 200, fname
    cases = []
    for curve, h, r in recs:
        qx, qy = int(r["QX"], 16), int(r["QY"], 16)
        size = {"secp192r1": 24, "secp224r1": 28, "secp256r1": 32, "secp384r1": 48, "secp521r1": 66}[curve]
        point = b"\x04" + qx.to_bytes(size, "big") + qy.to_bytes(size, "big")
        cases.append((curve, point, bytes.fromhex(r["MSG"]), der.signature(int(r["R"], 16), int(r["S"], 16)), h, "der"))
    got = target.call("drv_ec", "ecdsa_verify", cases, force=force)
    npass = nfail = 0
    for (curve, h, r), g in zip(recs, got):
        label = "%s line %s [%s] Result = %s" % (fname, r["_line"], r["_section"], r["RESULT"])
        if r["RESULT"].startswith("P"):
            assert g == "ok", "%s: %r" % (label, g)
            npass += 1
        else:
            assert isinstance(g, MPError) and g.name in ("InvalidSignature", "ValueError"), "%s: %r" % (label, g)
            nfail += 1
    assert npass and nfail


@pytest.mark.parametrize("backend", BACKENDS)
def test_nist_siggen(target, backend):
    force = need_ec(target, backend)
    fname = "asymmetric/ECDSA/FIPS_186-3/SigGen.txt"
    recs = _nist_sections(fname)
    assert len(recs) >= 200, fname
    # Deterministic subset: the first 8 records of each [P-x,SHA-y] section (of 15).
    per, keep = {}, []
    for rec in recs:
        key = rec[2]["_section"]
        per[key] = per.get(key, 0) + 1
        if per[key] <= 8:
            keep.append(rec)
    recs = keep
    cases = [(curve, int(r["D"], 16), bytes.fromhex(r["MSG"]), h, int(r["K"], 16)) for curve, h, r in recs]
    got = target.call("drv_ec", "ecdsa_sign_k", cases, force=force)
    for (curve, h, r), g in zip(recs, got):
        assert g == (int(r["R"], 16), int(r["S"], 16)), "%s line %s [%s]: %r" % (fname, r["_line"], r["_section"], g)
    # The public keys of the first record of every section.
    seen, pcases, want = set(), [], []
    for curve, h, r in recs:
        if curve not in seen:
            seen.add(curve)
            pcases.append((curve, int(r["D"], 16)))
            want.append((int(r["QX"], 16), int(r["QY"], 16)))
    pubs = target.call("drv_ec", "public_from_private", pcases, force=force)
    for (curve, _), pub, (qx, qy) in zip(pcases, pubs, want):
        size = (len(pub) - 1) // 2
        assert (int.from_bytes(pub[1:1 + size], "big"), int.from_bytes(pub[1 + size:], "big")) == (qx, qy), curve


def _k256_sha2(r):
    # A record of a [K-256,SHA-x] section whose hash is ours.
    return "MSG" in r and r["_section"].partition(",")[2] in _HASH


@pytest.mark.parametrize("backend", BACKENDS)
def test_secp256k1_siggen_verify(target, backend):
    force = need_ec(target, backend)
    fname = "asymmetric/ECDSA/SECP256K1/SigGen.txt"
    recs = load_rsp(cryptography_vector(fname), keep=_k256_sha2)
    assert recs, fname
    # Deterministic subset: the first 60 records of each [K-256,SHA-x] section (of 225).
    per, keep = {}, []
    for r in recs:
        per[r["_section"]] = per.get(r["_section"], 0) + 1
        if per[r["_section"]] <= 60:
            keep.append(r)
    recs = keep
    cases = []
    for r in recs:
        h = _HASH[r["_section"].split(",")[1]]
        point = b"\x04" + int(r["QX"], 16).to_bytes(32, "big") + int(r["QY"], 16).to_bytes(32, "big")
        cases.append(("secp256k1", point, bytes.fromhex(r["MSG"]), der.signature(int(r["R"], 16), int(r["S"], 16)), h, "der"))
    got = target.call("drv_ec", "ecdsa_verify", cases, force=force)
    bad = [(r["_line"], g) for r, g in zip(recs, got) if g != "ok"]
    assert not bad, "%s: %r" % (fname, bad[:5])


# -- RFC 6979 --------------------------------------------------------------------------------

def _rfc6979_records():
    from cryptography.hazmat.primitives.serialization import load_pem_private_key

    fname = "asymmetric/ECDSA/RFC6979/evppkey_ecdsa_rfc6979.txt"
    lines = cryptography_vector(fname).read_text().splitlines()
    keys, recs, cur, i = {}, [], None, 0
    while i < len(lines):
        line = lines[i].strip()
        if line.startswith("PrivateKey="):
            name = line.split("=", 1)[1].strip()
            pem = []
            i += 1
            while not lines[i].startswith("-----END"):
                pem.append(lines[i])
                i += 1
            pem.append(lines[i])
            try:
                keys[name] = load_pem_private_key("\n".join(pem).encode(), None)
            except Exception:
                keys[name] = None  # binary curves: not ours
        elif line.startswith("DigestSign"):
            cur = {"hash": line.split("=", 1)[1].strip(), "line": i + 1}
        elif cur is not None and "=" in line:
            k, v = [x.strip() for x in line.split("=", 1)]
            cur[k] = v
        elif cur is not None and not line:
            recs.append(cur)
            cur = None
        i += 1
    if cur:
        recs.append(cur)
    out = []
    for r in recs:
        key = keys.get(r.get("Key"))
        h = "SHA-" + r["hash"][3:] if r["hash"].startswith("SHA") else r["hash"]
        if key is None or h not in _HASH or r.get("NonceType") != "deterministic":
            continue
        curve = key.curve.name
        if curve not in _NIST.values():
            continue
        msg = r["Input"].strip('"').encode()
        out.append((curve, key.private_numbers().private_value, msg, _HASH[h], bytes.fromhex(r["Output"]), r["line"]))
    return fname, out


@pytest.mark.parametrize("backend", BACKENDS)
def test_rfc6979(target, backend):
    force = need_ec(target, backend)
    fname, recs = _rfc6979_records()
    assert len(recs) >= 40, fname  # 5 curves x 4 hashes x 2 messages
    got = target.call("drv_ec", "ecdsa_sign_verify", [(c, d, m, h, "der") for c, d, m, h, _, _ in recs], force=force)
    for (c, d, m, h, want, line), g in zip(recs, got):
        assert g == want, "%s line %d (%s, %s, %r): %r" % (fname, line, c, h, m, g)


def test_rfc6979_hmac_kept_wiped(target):
    """Signing keeps one HMAC object per hash for the next signature's nonces: after a
    signature no state keyed by the DRBG's K is left in it, and the next signature from it
    is the same (RFC 6979's A.2.5 P-256 key, SHA-256 and SHA-512)."""
    d = 0xC9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721
    out = target.call("drv_ec", "ecdsa_sign_keeps_wiped_hmac",
                      [("secp256r1", d, b"sample", "sha256"), ("secp256r1", d, b"test", "sha512")])
    for sig, wiped, again in out:
        assert wiped and again


@pytest.mark.parametrize("backend", ("viper64", "viper"))
def test_rfc6979_no_room_for_comb_tables(target, backend):
    # The comb tables cannot be built (MemoryError, as on a fragmented 96 KB heap after many
    # curves): signing falls back to the window method on G and gives the same signatures.
    force = need_ec(target, backend)
    fname, recs = _rfc6979_records()
    recs = [r for r in recs if r[3] == "sha256"]
    got = target.call("drv_ec", "ecdsa_sign_no_room", [([(c, d, m, h) for c, d, m, h, _, _ in recs],)],
                      force=force)[0]
    sigs, flags = got
    assert all(flags) and len(flags) == len(recs) >= 10
    for (c, d, m, h, want, line), g in zip(recs, sigs):
        assert g == want, "%s line %d (%s, %s, %r): %r" % (fname, line, c, h, m, g)


@pytest.mark.unix_only  # a Python model of the runner stands in for the machine code
@pytest.mark.parametrize("kernels", ["modules", "shapes"])
def test_engine_with_the_thumb_program_runner(target, kernels):
    # engine.asm_runner's glue (Arena.bind, the run wrapper, verification's one-program
    # additions, the mod-n arena) on the unix port: thumb_umaal's RUN replaced by a Python
    # model of its contract, the 16-bit-limb backend forced; RFC 6979's answers must come
    # out. "shapes": no v16_<N> module loads, as on a firmware of manifest_dsp.py, and the
    # engine binds its arenas to Shapes. The machine code itself is tested on emulated cores
    # (test_thumb.py), the whole on the emulated M4 firmware.
    force = need(target, MOD, "ec_weierstrass", "viper")
    fname, recs = _rfc6979_records()
    recs = [r for r in recs if r[3] == "sha256"]
    assert len(recs) >= 10
    sigs, calls, kinds = target.call("drv_ec", "engine_runner_glue", [([(c, d, m, h) for c, d, m, h, _, _ in recs],
                                                                       kernels == "shapes")], force=force)[0]
    assert calls > 10 * len(recs)
    assert kinds == (["Shape"] if kernels == "shapes" else ["module"]), kinds
    for (c, d, m, h, want, line), g in zip(recs, sigs):
        assert g == want, "%s line %d (%s, %s, %r)" % (fname, line, c, h, m)


def test_rfc6979_a25_raw(target):
    # RFC 6979 A.2.5, P-256, SHA-256, message "sample", typed from the RFC.
    d = 0xC9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721
    r = 0xEFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716
    s = 0xF7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8
    got = target.call("drv_ec", "ecdsa_sign", [("secp256r1", d, b"sample", "sha256", "raw")])
    assert got == [r.to_bytes(32, "big") + s.to_bytes(32, "big")]


# -- differential: python-ecdsa --------------------------------------------------------------

DIFF = ["brainpoolP160r1", "brainpoolP160t1", "brainpoolP192r1", "brainpoolP192t1", "brainpoolP224t1",
        "brainpoolP256t1", "brainpoolP320t1", "brainpoolP384t1", "brainpoolP512t1"]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("curve", DIFF)
def test_vs_python_ecdsa(target, curve, backend):
    import hashlib

    from ecdsa.util import sigdecode_der, sigencode_der

    force = need_ec(target, backend, curve)
    ref = getattr(pyecdsa.curves, curve.replace("brainpoolP", "BRAINPOOLP"))
    rnd = random.Random("ecdsa " + curve)
    hashes = ["sha256", "sha384", "sha512", "sha224"]
    cases, keys = [], []
    for i in range(4):
        d = rnd.randrange(1, ref.order)
        msg = rnd.randbytes(rnd.randrange(0, 100))
        h = hashes[i % 4]
        cases.append((curve, d, msg, h, "der"))
        keys.append(pyecdsa.SigningKey.from_secret_exponent(d, curve=ref, hashfunc=getattr(hashlib, h)))
    ours = target.call("drv_ec", "ecdsa_sign", cases, force=force)
    for (c, d, msg, h, _), sk, sig in zip(cases, keys, ours):
        # RFC 6979 both sides: identical signatures; and python-ecdsa verifies ours.
        assert sig == sk.sign_deterministic(msg, sigencode=sigencode_der), (curve, h)
        assert sk.get_verifying_key().verify(sig, msg, sigdecode=sigdecode_der)
    # Randomised python-ecdsa signatures verify on the target (DER and raw), a flipped one not.
    vcases = []
    for (c, d, msg, h, _), sk in zip(cases, keys):
        vk = sk.get_verifying_key()
        point = vk.to_string("uncompressed")
        der = sk.sign(msg, sigencode=sigencode_der)
        raw = sk.sign(msg)
        vcases += [(curve, point, msg, der, h, "der"), (curve, point, msg, raw, h, "raw"),
                   (curve, point, msg + b"x", der, h, "der")]
    got = target.call("drv_ec", "ecdsa_verify", vcases, force=force)
    assert got[0::3] == ["ok"] * 4 and got[1::3] == ["ok"] * 4, got
    assert all(isinstance(g, MPError) and g.name == "InvalidSignature" for g in got[2::3])


# -- malformed signatures, edge scalars, API -------------------------------------------------

@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("curve", ["secp256r1", "secp521r1"])
def test_malformed_signatures(target, curve, backend):
    force = need_ec(target, backend, curve)
    d = 0x1234567
    msg = b"message"
    sig, raw = target.call("drv_ec", "ecdsa_sign", [(curve, d, msg, "sha256", "der"), (curve, d, msg, "sha256", "raw")], force=force)
    pub = target.call("drv_ec", "public_from_private", [(curve, d)], force=force)[0]
    n = {"secp256r1": 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551,
         "secp521r1": pyecdsa.NIST521p.order}[curve]
    nsize = len(raw) // 2
    r, s = int.from_bytes(raw[:nsize], "big"), int.from_bytes(raw[nsize:], "big")
    bad_der = {
        "empty": b"",
        "truncated": sig[:-1],
        "extra byte": sig + b"\x00",
        "wrong tag": b"\x31" + sig[1:],
        "r = 0": der.signature(0, s),
        "s = 0": der.signature(r, 0),
        "r = n": der.signature(n, s),
        "s = n": der.signature(r, n),
        "r + n": der.signature(r + n, s),
        "s + n": der.signature(r, s + n),
        "negative r": b"\x30" + der.length(len(der.integer(s)) + 3) + b"\x02\x01\xff" + der.integer(s),
        "leading zero": (lambda body: b"\x30" + der.length(len(body)) + body)(b"\x02" + der.length(len(der.integer(r)) - 1) + b"\x00" + der.integer(r)[2:] + der.integer(s)) if len(der.integer(r)) < 120 else b"",
        "long-form length": b"\x30\x81" + sig[1:2] + sig[2:] if sig[1] < 0x80 else b"\x30\x82\x00" + sig[2:],
        "indefinite length": b"\x30\x80" + sig[2:] + b"\x00\x00",
        "swapped": der.signature(s, r),
        "raw given as der": raw,
        "str": "text",
        "None": None,
    }
    cases = [(curve, pub, msg, v, "sha256", "der") for v in bad_der.values()]
    bad_raw = {
        "short": raw[:-1], "long": raw + b"\x00", "empty": b"", "r = 0": bytes(nsize) + raw[nsize:],
        "s = n": raw[:nsize] + n.to_bytes(nsize, "big"), "der given as raw": sig,
    }
    cases += [(curve, pub, msg, v, "sha256", "raw") for v in bad_raw.values()]
    cases += [(curve, pub, msg, sig, "sha256", "der"), (curve, pub, msg, raw, "sha256", "raw")]
    got = target.call("drv_ec", "ecdsa_verify", cases, force=force)
    labels = ["der " + k for k in bad_der] + ["raw " + k for k in bad_raw]
    for label, g in zip(labels, got):
        assert isinstance(g, MPError) and g.name == "InvalidSignature", "%s %s: %r" % (curve, label, g)
    assert got[-2:] == ["ok", "ok"]
    # Unknown hash, unknown encoding, wrong key types.
    got = target.call("drv_ec", "ecdsa_verify", [(curve, pub, msg, sig, "md4", "der"), (curve, pub, msg, sig, "sha256", "pem"),
                                                 (curve, pub, "str", sig, "sha256", "der")], force=force)
    assert [g.name for g in got] == ["UnsupportedAlgorithm", "ValueError", "TypeError"]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("curve", ["secp256r1", "secp384r1", "brainpoolP160r1", "secp224k1", "sm2"])
def test_edge_scalars_and_hashes(target, curve, backend):
    force = need_ec(target, backend, curve)
    params = target.call("drv_ec", "curve_params", [(curve,)])[0]
    n = params[5]
    cases = []
    for d in (1, 2, n - 1, n - 2):
        for h in ("sha224", "sha256", "sha384", "sha512", "sha512_224", "sha512_256"):
            cases.append((curve, d, b"edge", h, "der"))
    cases.append((curve, 1, b"", "SHA-256", "raw"))
    got = target.call("drv_ec", "ecdsa_sign_verify", cases, force=force)
    assert all(isinstance(g, bytes) for g in got), [g for g in got if not isinstance(g, bytes)]
    assert len(got[-1]) == 2 * params[10]
    got = target.call("drv_ec", "ecdsa_sign", [(curve, 0, b"x", "sha256", "der"), (curve, n, b"x", "sha256", "der"),
                                              (curve, n + 1, b"x", "sha256", "der")], force=force)
    assert all(isinstance(g, MPError) and g.name == "ValueError" for g in got), got


@pytest.mark.parametrize("backend", BACKENDS)
def test_hedged_signatures(target, backend):
    # deterministic=False mixes rng bytes into RFC 6979 (§3.6): different extra -> different
    # signature, same extra -> same signature; all verify (sign_verify checks them).
    force = need_ec(target, backend)
    d = 0xABCDEF
    got = target.call("drv_ec", "ecdsa_sign_hedged", [("secp256r1", d, b"m", "sha256", b"\x01" * 32),
                                                       ("secp256r1", d, b"m", "sha256", b"\x01" * 32),
                                                       ("secp256r1", d, b"m", "sha256", b"\x02" * 32)], force=force)
    det = target.call("drv_ec", "ecdsa_sign", [("secp256r1", d, b"m", "sha256", "der")], force=force)[0]
    assert got[0] == got[1] and got[0] != got[2] and det not in got
    pub = target.call("drv_ec", "public_from_private", [("secp256r1", d)], force=force)[0]
    ok = target.call("drv_ec", "ecdsa_verify", [("secp256r1", pub, b"m", g, "sha256", "der") for g in got], force=force)
    assert ok == ["ok"] * 3


def test_der_encoding(target):
    cases = [(1, 1), (0x7F, 0x80), (0xFF, 0x100), (1 << 255, (1 << 256) - 1), ((1 << 520) + 5, 3)]
    got = target.call("drv_ec", "der_roundtrip", cases)
    for (r, s), (b, back) in zip(cases, got):
        assert b == der.signature(r, s) and back == (r, s)
