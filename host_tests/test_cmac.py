"""CMAC (mpcrypto.mac.cmac, SP 800-38B) over AES, Camellia, SM4 and 3DES, and GMAC
(mpcrypto.mac.gmac, SP 800-38D) over AES, Camellia and SM4, on every cipher backend.

Vector sources:
- SP 800-38B Appendix D examples, ``cryptography_vectors`` CMAC/nist-800-38b-aes{128,192,256}.txt
  and CMAC/nist-800-38b-3des.txt (three-key and two-key TDEA).
- Wycheproof aes_cmac_test.json and camellia_cmac_test.json (../shared/vectors/wycheproof):
  valid: digest equals the tag and verify passes; invalid (modified tags; key sizes the
  cipher does not have) rejected: verify raises InvalidSignature, or the key ValueError.
- Wycheproof aes_gmac_test.json through the GMAC class (the message fed in pieces).
- SM4-CMAC, Camellia/SM4-GMAC have no external vectors: compared with the reference CMAC/GCM
  of blockmodes.py over cryptography's ECB (checked against NIST with AES in
  test_sm4.py::test_reference_modes_vs_nist).
- Incremental vs one-shot at every split point, byte-wise updates, copy(); errors: bad key
  lengths ValueError, str TypeError, wrong-length tags InvalidSignature,
  verify_truncated's length rules.

An absent backend is skipped, never passed.
"""

import random

import pytest

import blockmodes as bm
from harness import MPError, need
from vectors import cryptography_vector, h, load_rsp, wycheproof

CIPHERS = {
    "aes": ("mpcrypto.cipher.aes", ["thumb", "builtin", "viper", "python"]),
    "camellia": ("mpcrypto.cipher.camellia", ["viper", "python"]),
    "sm4": ("mpcrypto.cipher.sm4", ["viper", "python"]),
    "des": ("mpcrypto.cipher.des", ["viper", "python"]),
}
PAIRS = [(c, b) for c, (_, bs) in CIPHERS.items() for b in bs]
IDS = ["%s-%s" % p for p in PAIRS]
GPAIRS = [p for p in PAIRS if p[0] != "des"]
GIDS = ["%s-%s" % p for p in GPAIRS]


def _need_pair(target, pair):
    cipher, be = pair
    return need(target, CIPHERS[cipher][0], cipher, be)


@pytest.mark.parametrize("pair", [p for p in PAIRS if p[0] in ("aes", "des")], ids=lambda p: "%s-%s" % p)
def test_sp800_38b_examples(target, pair):
    force = _need_pair(target, pair)
    cipher = pair[0]
    files = ["nist-800-38b-aes%d.txt" % b for b in (128, 192, 256)] if cipher == "aes" else ["nist-800-38b-3des.txt"]
    cases, want = [], []
    for f in files:
        for r in load_rsp(cryptography_vector("CMAC/" + f), "COUNT"):
            key = h(r["KEY"]) if "KEY" in r else h(r["KEY1"]) + h(r["KEY2"]) + h(r["KEY3"])
            tag = h(r["OUTPUT"])
            cases.append((cipher, key, h(r["MESSAGE"]), tag, len(tag)))
            want.append([tag, True])
    got = target.call("drv_blk", "cmac_case", cases, force=force)
    assert got == want


def _wycheproof_cmac(target, cipher, force, fname, key_sizes):
    data = wycheproof(fname)
    cases, meta = [], []
    for g in data["testGroups"]:
        for t in g["tests"]:
            tag = h(t["tag"])
            cases.append((cipher, h(t["key"]), h(t["msg"]), tag, g["tagSize"] // 8))
            meta.append((g, t))
    got = target.call("drv_blk", "cmac_case", cases, force=force)
    nv = ni = 0
    for (g, t), r in zip(meta, got):
        tid = "%s tcId=%d (%s)" % (fname, t["tcId"], t["comment"])
        if g["keySize"] // 8 not in key_sizes:
            assert r == [None, "ValueError"], (tid, r)
            ni += 1
        elif t["result"] == "invalid":
            assert r[1] == "InvalidSignature", (tid, r)
            ni += 1
        else:
            assert r == [h(t["tag"]), True], (tid, r)
            nv += 1
    assert nv and ni


@pytest.mark.parametrize("pair", [p for p in PAIRS if p[0] == "aes"], ids=lambda p: "%s-%s" % p)
def test_wycheproof_aes_cmac(target, pair):
    _wycheproof_cmac(target, "aes", _need_pair(target, pair), "aes_cmac_test.json", (16, 24, 32))


@pytest.mark.parametrize("pair", [p for p in PAIRS if p[0] == "camellia"], ids=lambda p: "%s-%s" % p)
def test_wycheproof_camellia_cmac(target, pair):
    _wycheproof_cmac(target, "camellia", _need_pair(target, pair), "camellia_cmac_test.json", (16, 24, 32))


@pytest.mark.parametrize("pair", PAIRS, ids=IDS)
def test_cmac_vs_reference(target, pair):
    force = _need_pair(target, pair)
    cipher = pair[0]
    bs = 8 if cipher == "des" else 16
    rnd = random.Random("cmac" + cipher)
    ks = {"aes": (16, 24, 32), "camellia": (16, 24, 32), "sm4": (16,), "des": (16, 24)}[cipher]
    cases, want = [], []
    for kl in ks:
        for n in (0, 1, bs - 1, bs, bs + 1, 2 * bs, 3 * bs + 5, 300):
            key, msg = rnd.randbytes(kl), rnd.randbytes(n)
            tag = bm.ref_cmac(bm.block_fn(cipher, key), msg, bs)
            cases.append((cipher, key, msg, tag, bs))
            want.append([tag, True])
    got = target.call("drv_blk", "cmac_case", cases, force=force)
    bad = [(len(c[1]), len(c[2])) for c, g, w in zip(cases, got, want) if g != w]
    assert not bad, bad


@pytest.mark.parametrize("pair", PAIRS, ids=IDS)
def test_cmac_incremental(target, pair):
    force = _need_pair(target, pair)
    cipher = pair[0]
    key = bytes(range(16 if cipher != "des" else 24))
    msg = bytes(range(7, 7 + 70))
    got = target.call("drv_blk", "cmac_splits", [(cipher, key, msg)], force=force)
    assert got == [[]]


CMAC_ERRORS = {"key_bad": "ValueError", "key_str": "TypeError", "msg_str": "TypeError",
               "tag_short": "InvalidSignature", "tag_long": "InvalidSignature",
               "trunc_mismatch_len": "InvalidSignature", "trunc_tlen_bad": "ValueError",
               "cipher_bad": "TypeError"}


@pytest.mark.parametrize("pair", PAIRS, ids=IDS)
def test_cmac_errors(target, pair):
    force = _need_pair(target, pair)
    names = list(CMAC_ERRORS)
    got = target.call("drv_blk", "cmac_error", [(pair[0], n) for n in names] + [(pair[0], "trunc_ok")], force=force)
    for n, g in zip(names, got):
        assert isinstance(g, MPError) and g.name == CMAC_ERRORS[n], (n, g)
    assert got[-1] is True


# --- GMAC ---------------------------------------------------------------------------------


@pytest.mark.parametrize("pair", [p for p in GPAIRS if p[0] == "aes"], ids=lambda p: "%s-%s" % p)
def test_wycheproof_aes_gmac(target, pair):
    force = _need_pair(target, pair)
    data = wycheproof("aes_gmac_test.json")
    rnd = random.Random(9)
    cases, meta = [], []
    for g in data["testGroups"]:
        for t in g["tests"]:
            msg = h(t["msg"])
            cuts = sorted(rnd.randint(0, len(msg)) for _ in range(2))
            cases.append(("aes", h(t["key"]), h(t["iv"]), msg, h(t["tag"]), cuts))
            meta.append(t)
    got = target.call("drv_blk", "gmac_case", cases, force=force)
    nv = ni = 0
    for t, r in zip(meta, got):
        tid = "aes_gmac_test.json tcId=%d (%s)" % (t["tcId"], t["comment"])
        if t["result"] == "invalid":
            assert r[1] in ("InvalidSignature", "ValueError"), (tid, r)
            ni += 1
        else:
            assert r == [h(t["tag"]), True], (tid, r)
            nv += 1
    assert nv and ni


@pytest.mark.parametrize("pair", GPAIRS, ids=GIDS)
def test_gmac_vs_reference(target, pair):
    force = _need_pair(target, pair)
    cipher = pair[0]
    rnd = random.Random("gmac" + cipher)
    cases, want = [], []
    for n in (0, 1, 15, 16, 17, 40, 100):
        key = rnd.randbytes(16)
        nonce = rnd.randbytes(rnd.choice((12, 16, 1)))
        msg = rnd.randbytes(n)
        tag = bm.ref_gcm(bm.block_fn(cipher, key), nonce, b"", msg)
        cuts = sorted(rnd.randint(0, n) for _ in range(3))
        cases.append((cipher, key, nonce, msg, tag, cuts))
        want.append([tag, True])
        bad = bytearray(tag)
        bad[n % 16] ^= 1
        cases.append((cipher, key, nonce, msg, bytes(bad), cuts))
        want.append([tag, "InvalidSignature"])
        cases.append((cipher, key, nonce, msg, tag[:12], []))
        want.append([tag, True])
    got = target.call("drv_blk", "gmac_case", cases, force=force)
    assert got == want
    err = target.call("drv_blk", "gmac_case", [(cipher, bytes(16), b"", b"x", bytes(16), [])], force=force)
    assert err == [[None, "ValueError"]]
