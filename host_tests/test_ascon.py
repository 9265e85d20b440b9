"""Ascon-AEAD128 (mpcrypto.aead.ascon) and Ascon-Hash256 / Ascon-XOF128 / Ascon-CXOF128
(mpcrypto.hash.ascon_hash), NIST SP 800-232 final, on every backend of the seam primitive
"ascon" (thumb where the target is a bare-metal Cortex-M3 or later, viper, python; the thumb
kernels' machine code is also run on emulated cores by test_thumb_ascon.py).

Vector sources:
- The Ascon team's KATs for the final SP 800-232 versions (``../shared/vectors/ascon``, CC0):
  LWC_AEAD_KAT_128_128.txt (1089 cases: every length pair 0..32 of PT and AD; each encrypts
  to CT||tag and decrypts back), LWC_HASH_KAT_128_256.txt and LWC_XOF_KAT_128_512.txt (1025
  messages of 0..1024 bytes each). ``test_kats_are_sp800_232_final`` first checks that the
  KAT files are the final variant (not Ascon v1.2): the AEAD file's Count 1 equals Wycheproof's
  "Ktv" case, whose header states it is SP 800-232 and not v1.2; the hash and XOF files'
  first digests are SP 800-232's (their Count 1 equals the values our code computes only with
  the final IVs and little-endian byte order, which the AEAD cross-check has tied to
  Wycheproof).
- Wycheproof ascon_sp800_232_aead128_test.json (``../shared/vectors/wycheproof``): every
  "valid" case encrypts to ct||tag and decrypts to msg; every "invalid" case is rejected
  with InvalidTag.
- Ascon-CXOF128: eight cases of ascon-c's crypto_cxof/asconcxof128/LWC_CXOF_KAT_128_512.txt
  (CC0; the file is not in ../shared/vectors), typed in below with their Count.
- No CPython oracle implements Ascon: the two backends are compared with each other on
  random inputs (they share no code: 32-bit halves in viper, 16-bit quarters in Python).
- Generic per backend: encrypt vs encrypt_into (fresh, in place, overlapping), every bit of
  ciphertext, tag, AAD and nonce flipped and every truncation rejected with InvalidTag and no
  plaintext left in the output buffer, bad lengths ValueError, wrong types TypeError,
  incremental hashing at every split point, copy(), zero heap per bulk call (viper).
"""

import random

import pytest

from harness import MPError, need
from vectors import h, shared_vector, wycheproof_aead, wycheproof_tests

MOD = "mpcrypto.aead.ascon"
BACKENDS = ("thumb", "viper", "python")  # thumb: bare-metal Cortex-M3 and up (a skip elsewhere)


def lwc(name):
    """Records of an LWC KAT file: dicts of its ``Name = value`` lines."""
    path = shared_vector("ascon/" + name)
    out = []
    for block in path.read_text().split("\n\n"):
        rec = {}
        for line in block.strip().splitlines():
            k, _, v = line.partition("=")
            rec[k.strip()] = v.strip()
        if rec.get("Count"):
            out.append(rec)
    if not out:
        pytest.fail("%s: no records" % path)
    return out


def test_kats_are_sp800_232_final():
    kat = lwc("LWC_AEAD_KAT_128_128.txt")[0]
    wp = [t for g, t in wycheproof_tests("ascon_sp800_232_aead128_test.json") if "Ktv" in t["flags"]]
    assert wp, "Wycheproof has no Ktv case"
    t = wp[0]
    assert (h(kat["Key"]), h(kat["Nonce"]), h(kat["PT"]), h(kat["AD"])) == (h(t["key"]), h(t["iv"]), h(t["msg"]), h(t["aad"]))
    assert h(kat["CT"]) == h(t["ct"]) + h(t["tag"])


@pytest.mark.parametrize("be", BACKENDS)
def test_backend_forced(target, be):
    force = need(target, MOD, "ascon", be)
    assert target.call("drv_ascon", "backend_of", [()], force=force) == [be]


# ---- KATs ----

@pytest.mark.parametrize("be", BACKENDS)
def test_kat_aead(target, be):
    force = need(target, MOD, "ascon", be)
    recs = lwc("LWC_AEAD_KAT_128_128.txt")
    assert len(recs) == 1089
    cases, want = [], []
    for r in recs:
        key, nonce, pt, ad, ct = h(r["Key"]), h(r["Nonce"]), h(r["PT"]), h(r["AD"]), h(r["CT"])
        cases += [("e", key, nonce, pt, ad), ("d", key, nonce, ct, ad)]
        want += [ct, pt]
    got = target.call("drv_ascon", "aead_case", cases, force=force)
    bad = [(recs[i // 2]["Count"], cases[i][0]) for i in range(len(cases)) if got[i] != want[i]]
    assert not bad, "LWC_AEAD_KAT_128_128.txt: %d mismatches, first %s" % (len(bad), bad[:3])


@pytest.mark.parametrize("be", BACKENDS)
@pytest.mark.parametrize("fname,name,n", [("LWC_HASH_KAT_128_256.txt", "ascon_hash256", 32),
                                          ("LWC_XOF_KAT_128_512.txt", "ascon_xof128", 64)])
def test_kat_hash(target, be, fname, name, n):
    force = need(target, MOD, "ascon", be)
    recs = lwc(fname)
    assert len(recs) == 1025
    if be == "python":
        # about 0.5 ms per permutation on the unix port: messages of 0..23 bytes and every
        # 16th one after (lengths 0..1024 in steps of 16)
        recs = recs[:24] + recs[24::16]
    cases = [(name, h(r["Msg"]), n) for r in recs]
    got = target.call("drv_ascon", "digest", cases, force=force)
    bad = [r["Count"] for r, g in zip(recs, got) if g != h(r["MD"])]
    assert not bad, "%s: Counts %s differ" % (fname, bad[:5])


# ascon/ascon-c crypto_cxof/asconcxof128/LWC_CXOF_KAT_128_512.txt (CC0): Count, Msg, Z, MD
CXOF = [
    (1, "", "", "4F50159EF70BB3DAD8807E034EAEBD44C4FA2CBBC8CF1F05511AB66CDCC529905CA12083FC186AD899B270B1473DC5F7EC88D1052082DCDFE69FB75D269E7B74"),
    (2, "", "10", "0C93A483E7D574D49FE52CCE03EE646117977D57A8AA57704AB4DAF44B501430FF6AC11A5D1FD6F2154B5C65728268270C8BB578508487B8965718ADA6272FD6"),
    (9, "", "1011121314151617", "61324766441DD6C11E1736BAD1D2185820885ED76FE2CE537775A6E855EEAFD2A6651B5E862A44982765F8B4C7CBE9C8B354F569EAD6ABC62CC9B7CDD72E0CB3"),
    (17, "", "101112131415161718191A1B1C1D1E1F", "72E0839AEBCCC2116554B130366ABBDE93A425C2449C960834A6C90F99443FD14A9F3E20221350D14729E294E51C87A1572176330D65384F5F251EAA2598B3DE"),
    (34, "00", "", "7F0C0DDD4BC9603DEED19510CDB954D65CF254F59234BFBF5A730D03D2712DAAB9161C6553F65FA72A25B3174AC13A33218C393577A85B6D6F4319D1EF8A7541"),
    (66, "00", "101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F", "691EC146DF46B7C5FDBD6456866BDC126277A0DBAB0A490BE01463595A2343CCB6B7CE09D72F4265C94709E29BA746FFC36861ED9717E52659E8DAF1009EC196"),
    (75, "0001", "1011121314151617", "C5660C1DEA31F82BC25F048F41036AFEFBA627D5A65DAE87328418B7D0B8A4900469B2EF68269EABDED252CCDB8156F71CC13D65BB836EFF6CF4C818DA4D2189"),
    (83, "0001", "101112131415161718191A1B1C1D1E1F", "C42D75EB795EB00E8F52F26F7F38330FE1EFF08A9E6EFBDA13780ABAD9A7B57552C761D552311A75B3C716FE6F60CE66C65C29A3028D54FC109AED2878E7AFD7"),
]


@pytest.mark.parametrize("be", BACKENDS)
def test_kat_cxof(target, be):
    force = need(target, MOD, "ascon", be)
    got = target.call("drv_ascon", "cxof", [(h(m), h(z), 64) for _, m, z, _ in CXOF], force=force)
    for (count, _, _, md), g in zip(CXOF, got):
        assert g == h(md), "LWC_CXOF_KAT_128_512.txt Count = %d" % count


# ---- Wycheproof ----

@pytest.mark.parametrize("be", BACKENDS)
def test_wycheproof_aead(target, be):
    # Every group of the file is Ascon-AEAD128's parameters (128-bit key, nonce and tag).
    force = need(target, MOD, "ascon", be)
    for g, _ in wycheproof_tests("ascon_sp800_232_aead128_test.json"):
        assert g["ivSize"] == 128 and g["keySize"] == 128 and g["tagSize"] == 128, g
    wycheproof_aead(target, "ascon_sp800_232_aead128_test.json", "drv_ascon", (), force)


# ---- the backends agree ----

def test_backends_agree(target):
    names = [be for be in BACKENDS if be in target.backends(MOD)]
    if len(names) < 2:
        pytest.skip("fewer than two ascon backends here: %s" % names)
    rnd = random.Random(232)
    cases = []
    for n in (0, 1, 7, 8, 15, 16, 17, 31, 32, 33, 100):
        for alen in (0, 1, 15, 16, 17, 40):
            cases.append(("e", rnd.randbytes(16), rnd.randbytes(16), rnd.randbytes(n), rnd.randbytes(alen)))
    hashes = [(name, rnd.randbytes(n), 100) for name in ("ascon_hash256", "ascon_xof128") for n in (0, 5, 8, 9, 64, 77)]
    res = {}
    for be in names:
        res[be] = (target.call("drv_ascon", "aead_case", cases, force={"ascon": be}),
                   target.call("drv_ascon", "digest", hashes, force={"ascon": be}))
    first = res[names[0]]
    assert all(isinstance(x, bytes) for x in first[0] + first[1])
    for be in names[1:]:
        assert res[be] == first, be


# ---- generic interface ----

@pytest.mark.parametrize("be", BACKENDS)
def test_aead_forms(target, be):
    force = need(target, MOD, "ascon", be)
    rnd = random.Random("ascon-forms")
    cases = [(rnd.randbytes(16), rnd.randbytes(16), rnd.randbytes(n), rnd.randbytes(a))
             for n, a in ((0, 0), (16, 0), (37, 5), (64, 16), (150, 20))]
    got = target.call("drv_ascon", "forms", cases, force=force)
    for c, g in zip(cases, got):
        assert not isinstance(g, MPError), g
        assert g[0] == g[1] == g[2] == g[6]
        assert g[3] == g[4] == g[5] == c[2]


@pytest.mark.parametrize("be", BACKENDS)
def test_aead_overlapping_buffers(target, be):
    force = need(target, MOD, "ascon", be)
    rnd = random.Random(11)
    key, nonce, aad = rnd.randbytes(16), rnd.randbytes(16), rnd.randbytes(9)
    pt = rnd.randbytes(70)
    ct = target.call("drv_ascon", "aead_case", [("e", key, nonce, pt, aad)], force=force)[0]
    shifts = (0, 1, 16, 19)
    cases = [(key, nonce, pt, aad, d, True) for d in shifts] + [(key, nonce, ct, aad, d, False) for d in shifts]
    got = target.call("drv_ascon", "overlap", cases, force=force)
    assert got == [ct] * len(shifts) + [pt] * len(shifts)


@pytest.mark.parametrize("be", BACKENDS)
def test_aead_tamper(target, be):
    force = need(target, MOD, "ascon", be)
    cases = [(bytes(range(16)), bytes(range(16)), b"attack at dawn!!x", b"hdr"),
             (bytes(range(1, 17)), bytes(16), b"", b"only aad")]
    got = target.call("drv_ascon", "tamper", cases, force=force)
    for c, g in zip(cases, got):
        assert g == [0, False, True], (c, g)


ERRORS = {
    "key15": "ValueError", "key32": "ValueError", "key_str": "TypeError", "key_none": "TypeError",
    "nonce12": "ValueError", "nonce17": "ValueError", "dec_nonce15": "ValueError", "nonce_str": "TypeError",
    "data_str": "TypeError", "data_none": "TypeError", "aad_str": "TypeError", "short_ct": "InvalidTag",
    "out_small": "ValueError", "dec_out_small": "ValueError", "out_bytes": "TypeError", "out_wide": "TypeError",
    "hash_str": "TypeError", "hash_none": "TypeError", "xof_len_neg": "ValueError", "xof_len_big": "ValueError",
    "xof_len_str": "TypeError", "cxof_z_long": "ValueError", "cxof_z_str": "TypeError",
}


@pytest.mark.parametrize("be", BACKENDS)
def test_errors(target, be):
    force = need(target, MOD, "ascon", be)
    names = list(ERRORS)
    got = target.call("drv_ascon", "api_error", [(n,) for n in names] + [("aad_none_ok",)], force=force)
    for n, g in zip(names, got):
        assert isinstance(g, MPError) and g.name == ERRORS[n], (n, g)
    assert got[-1] is True
    gen = target.call("drv_ascon", "api_error", [("gen_key",)], force=force)[0]
    if target.has_entropy():
        assert gen == [16, True]
    else:
        assert isinstance(gen, MPError) and gen.name == "UnsupportedAlgorithm"


@pytest.mark.parametrize("be", BACKENDS)
def test_hash_interface(target, be):
    force = need(target, MOD, "ascon", be)
    assert target.call("drv_ascon", "attrs", [("ascon_hash256",), ("ascon_xof128",), ("ascon_cxof128",)], force=force) == [
        ["ascon_hash256", 32, 8], ["ascon_xof128", 0, 8], ["ascon_cxof128", 0, 8]]
    recs = {int(r["Count"]): r for r in lwc("LWC_HASH_KAT_128_256.txt")}
    msg = h(recs[42]["Msg"])  # 41 bytes
    got = target.call("drv_ascon", "splits", [("ascon_hash256", msg, 32), ("ascon_xof128", msg[:20], 33)], force=force)
    assert got[0] == [h(recs[42]["MD"]), [], True]
    assert got[1][1:] == [[], True]


def test_zero_heap_per_call_viper(target):
    force = need(target, MOD, "ascon", "viper")
    assert target.call("drv_ascon", "heap", [(1024,)], force=force) == [[0, 0, 0]]
