"""SM2 signatures (mpcrypto.ec.sm2), GB/T 32918.2-2016.

Vector sources:
- GB/T 32918.2-2016 Annex A.2 (= GM/T 0003.2-2012 Annex A.2): the worked signature example on
  the standard's Fp-256 *test* curve (defined in host_tests/mp/drv_sm2.py), with identifier
  "ALICE123@YAHOO.COM", message "message digest" and the nonce k injected: public key, ZA,
  e, r and s must be exactly the standard's. Values typed from the standard.
- Differential against a textbook CPython implementation of GB/T 32918.2 §5.5 (ZA), §6.1
  (signing with a given k) and §7.1 (verification) written in this file, with SM3 from
  CPython ``cryptography`` (``hashes.SM3``). pyca ``cryptography`` has no SM2 signatures
  (no SM2 curve in ``ec``), and python-ecdsa has no SM2 curve, so there is no library oracle.
  Our signatures with an injected k must equal the textbook ones bit for bit; the textbook
  verifies our random-k signatures; we verify textbook signatures.
- Hand-made malformed signatures, wrong identifiers and bad keys.
The SM2 curve parameters are typed below from GB/T 32918.5-2017 for the textbook oracle.
"""

import random

import pytest
from cryptography.hazmat.primitives import hashes

import der
from harness import default_rng_result, MPError, need

MOD = "mpcrypto.ec.ec"
BACKENDS = ("viper64", "viper", "python")  # ec_weierstrass backends
SM3_BACKENDS = ("viper", "python")

# GB/T 32918.5-2017: the SM2 recommended curve.
P = 0xFFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF00000000FFFFFFFFFFFFFFFF
A = P - 3
B = 0x28E9FA9E9D9F5E344D5A9E4BCF6509A7F39789F515AB8F92DDBCBD414D940E93
N = 0xFFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFF7203DF6B21C6052B53BBF40939D54123
G = (0x32C4AE2C1F1981195F9904466A39C9948FE30BBFF2660BE1715A4589334C74C7,
     0xBC3736A2F4F6779C59BDCEE36B692153D0A9877CC62A474002DF32E52139F0A0)
DEFAULT_UID = b"1234567812345678"


# -- textbook oracle (CPython, affine coordinates, variable time) ---------------------------

def _sm3(data):
    h = hashes.Hash(hashes.SM3())
    h.update(data)
    return h.finalize()


def _add(p1, p2):
    if p1 is None:
        return p2
    if p2 is None:
        return p1
    (x1, y1), (x2, y2) = p1, p2
    if x1 == x2:
        if (y1 + y2) % P == 0:
            return None
        lam = (3 * x1 * x1 + A) * pow(2 * y1, -1, P) % P
    else:
        lam = (y2 - y1) * pow(x2 - x1, -1, P) % P
    x3 = (lam * lam - x1 - x2) % P
    return x3, (lam * (x1 - x3) - y1) % P


def _mul(k, pt):
    acc = None
    while k:
        if k & 1:
            acc = _add(acc, pt)
        pt = _add(pt, pt)
        k >>= 1
    return acc


def _enc(pt):
    return b"\x04" + pt[0].to_bytes(32, "big") + pt[1].to_bytes(32, "big")


def _za(pub, uid):
    # §5.5: ZA = SM3(ENTL || ID || a || b || xG || yG || xA || yA).
    parts = [(len(uid) * 8).to_bytes(2, "big"), uid] + [v.to_bytes(32, "big") for v in (A, B, G[0], G[1], pub[0], pub[1])]
    return _sm3(b"".join(parts))


def _e(pub, uid, msg):
    return int.from_bytes(_sm3(_za(pub, uid) + msg), "big")


def _tb_sign(d, msg, uid, k):
    # §6.1 A1-A7 with a given k; None if k must be redrawn.
    pub = _mul(d, G)
    e = _e(pub, uid, msg)
    x1 = _mul(k, G)[0]
    r = (e + x1) % N
    if r == 0 or r + k == N:
        return None
    s = pow(1 + d, -1, N) * (k - r * d) % N
    return None if s == 0 else (r, s)


def _tb_verify(pub, msg, uid, r, s):
    # §7.1 B1-B7.
    if not (1 <= r < N and 1 <= s < N):
        return False
    t = (r + s) % N
    if t == 0:
        return False
    pt = _add(_mul(s, G), _mul(t, pub))
    return pt is not None and (_e(pub, uid, msg) + pt[0]) % N == r


def _raw(r, s):
    return r.to_bytes(32, "big") + s.to_bytes(32, "big")


def _rs(raw):
    return int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")


# -- GB/T 32918.2 Annex A.2 ---------------------------------------------------------------

# Typed from GB/T 32918.2-2016 Annex A.2 (Fp-256 test curve, ID "ALICE123@YAHOO.COM").
ANNEX = {
    "uid": b"ALICE123@YAHOO.COM",
    "msg": b"message digest",
    "d": 0x128B2FA8BD433C6C068C8D803DFF79792A519A55171B1B650C23661D15897263,
    "xA": 0x0AE4C7798AA0F119471BEE11825BE46202BB79E2A5844495E97C04FF4DF2548A,
    "yA": 0x7C0240F88F1CD4E16352A73C17B7F16F07353E53A176D684A9FE0C6BB798E857,
    "ZA": "F4A38489E32B45B6F876E3AC2168CA392362DC8F23459C1D1146FC3DBFB7BC9A",
    "e": 0xB524F552CD82B8B028476E005C377FB19A87E6FC682D48BB5D42E3D9B9EFFE76,
    "k": 0x6CB28D99385C175C94F94E934817663FC176D925DD72B727260DBAAE1FB2F96F,
    "r": 0x40F1EC59F793D9F49E09DCEF49130D4194F79FB1EED2CAA55BACDB49C4E755D1,
    "s": 0x6FC6DAC32C5D5CF10C77DFB20F7C2EB667A457872FB09EC56327A67EC7DEEBE7,
}


@pytest.mark.parametrize("sm3_backend", SM3_BACKENDS)
@pytest.mark.parametrize("backend", BACKENDS)
def test_gbt32918_annex_a2(target, backend, sm3_backend):
    force = dict(need(target, MOD, "ec_weierstrass", backend), **need(target, "mpcrypto.hash.sm3", "sm3", sm3_backend))
    a = ANNEX
    c = "annex-a2"
    src = "GB/T 32918.2-2016 Annex A.2"
    assert target.call("drv_sm2", "curve_check", [(c,)], force=force) == [(True, True)], src + " curve"
    pub = target.call("drv_sm2", "public", [(c, a["d"])], force=force)[0]
    assert pub == b"\x04" + a["xA"].to_bytes(32, "big") + a["yA"].to_bytes(32, "big"), src + " public key"
    kb = a["k"].to_bytes(32, "big")
    got = target.call("drv_sm2", "za", [(c, pub, a["uid"])], force=force)
    got += target.call("drv_sm2", "e_value", [(c, pub, a["uid"], a["msg"])], force=force)
    got += target.call("drv_sm2", "sign_with_k", [(c, a["d"], a["uid"], a["msg"], a["k"])], force=force)
    got += target.call("drv_sm2", "sign", [(c, a["d"], a["msg"], a["uid"], kb, "raw"),
                                           (c, a["d"], a["msg"], a["uid"], kb, "der")], force=force)
    za, e, rs, raw, sig_der = got
    assert za == bytes.fromhex(a["ZA"]), src + " ZA"
    assert e == a["e"], src + " e"
    assert rs == (a["r"], a["s"]), src + " (r, s) via sign_with_k"
    assert raw == _raw(a["r"], a["s"]), src + " raw signature via sign() with injected k"
    assert sig_der == der.signature(a["r"], a["s"]), src + " DER signature"
    ok = target.call("drv_sm2", "verify", [(c, pub, raw, a["msg"], a["uid"], "raw"),
                                           (c, pub, sig_der, a["msg"], a["uid"], "der"),
                                           (c, pub, sig_der, a["msg"] + b"!", a["uid"], "der"),
                                           (c, pub, sig_der, a["msg"], b"ALICE123@YAHOO.CO", "der")], force=force)
    assert ok[:2] == ["ok", "ok"], src + " verify"
    assert all(isinstance(g, MPError) and g.name == "InvalidSignature" for g in ok[2:]), ok


# -- differential against the textbook oracle -----------------------------------------------

@pytest.mark.parametrize("backend", BACKENDS)
def test_injected_k_matches_textbook(target, backend):
    force = need(target, MOD, "ec_weierstrass", backend)
    rnd = random.Random("sm2-k")
    uids = [DEFAULT_UID, b"", b"ALICE123@YAHOO.COM", bytes(range(200)), None]
    cases, want = [], []
    for i in range(10):
        d = rnd.randrange(1, N - 1)
        k = rnd.randrange(1, N)
        msg = rnd.randbytes(rnd.randrange(0, 150))
        uid = uids[i % len(uids)]
        rs = _tb_sign(d, msg, DEFAULT_UID if uid is None else uid, k)
        assert rs is not None
        cases.append(("sm2", d, msg, uid, k.to_bytes(32, "big"), "raw" if i % 2 else "der"))
        want.append(_raw(*rs) if i % 2 else der.signature(*rs))
    got = target.call("drv_sm2", "sign", cases, force=force)
    for case, w, g in zip(cases, want, got):
        assert g == w, "d=%x uid=%r: %r" % (case[1], case[3], g)


@pytest.mark.parametrize("backend", BACKENDS)
def test_random_k_signatures_verify_in_textbook(target, backend):
    force = need(target, MOD, "ec_weierstrass", backend)
    rnd = random.Random("sm2-rand")
    cases = []
    for i in range(8):
        cases.append(("sm2", rnd.randrange(1, N - 1), rnd.randbytes(rnd.randrange(0, 100)),
                      [DEFAULT_UID, b"id", b""][i % 3], "raw"))
    got = target.call("drv_sm2", "sign_verify", cases, force=force)
    if not target.has_entropy():  # the default rng: a clear error where there is none
        default_rng_result(target, got, cases)
        return
    sigs = set()
    for (_, d, msg, uid, _), (sig, pub) in zip(cases, got):
        assert pub == _enc(_mul(d, G))
        r, s = _rs(sig)
        assert _tb_verify(_mul(d, G), msg, uid, r, s), "d=%x" % d
        assert not _tb_verify(_mul(d, G), msg + b"x", uid, r, s)
        sigs.add(sig)
    assert len(sigs) == len(cases)
    # Two signatures of the same message differ (k is random).
    again = target.call("drv_sm2", "sign_verify", [cases[0], cases[0]], force=force)
    assert again[0][0] != again[1][0]


@pytest.mark.parametrize("backend", BACKENDS)
def test_verify_textbook_signatures(target, backend):
    force = need(target, MOD, "ec_weierstrass", backend)
    rnd = random.Random("sm2-tb")
    cases, expect = [], []
    for i in range(6):
        d = rnd.randrange(1, N - 1)
        pub = _enc(_mul(d, G))
        msg = rnd.randbytes(rnd.randrange(1, 80))
        uid = [DEFAULT_UID, b"alice@example.com"][i % 2]
        r, s = _tb_sign(d, msg, uid, rnd.randrange(1, N))
        cases += [("sm2", pub, der.signature(r, s), msg, uid, "der"), ("sm2", pub, _raw(r, s), msg, uid, "raw"),
                  ("sm2", pub, der.signature(r, s), msg[:-1], uid, "der"),          # wrong message
                  ("sm2", pub, der.signature(r, s), msg, uid + b"x", "der"),        # wrong uid
                  ("sm2", pub, _raw(s, r), msg, uid, "raw")]                    # swapped
        expect += ["ok", "ok", "InvalidSignature", "InvalidSignature", "InvalidSignature"]
        if uid == DEFAULT_UID:
            cases.append(("sm2", pub, der.signature(r, s), msg, None, "der"))  # the default uid
            expect.append("ok")
    got = target.call("drv_sm2", "verify", cases, force=force)
    for case, want, g in zip(cases, expect, got):
        if want == "ok":
            assert g == "ok", (case[4], case[5], g)
        else:
            assert isinstance(g, MPError) and g.name == want, (case[4], case[5], g)


@pytest.mark.parametrize("backend", BACKENDS)
def test_za_default_uid(target, backend):
    force = need(target, MOD, "ec_weierstrass", backend)
    pub = _mul(0x1234, G)
    got = target.call("drv_sm2", "za_default", [("sm2", _enc(pub))], force=force)
    got += target.call("drv_sm2", "za", [("sm2", _enc(pub), b""), ("sm2", _enc(pub), bytes(8191))], force=force)
    assert got == [_za(pub, DEFAULT_UID), _za(pub, b""), _za(pub, bytes(8191))]


# -- malformed signatures, bad keys, API -----------------------------------------------------

@pytest.mark.parametrize("backend", BACKENDS)
def test_malformed_signatures(target, backend):
    force = need(target, MOD, "ec_weierstrass", backend)
    d = 0xC0FFEE
    msg = b"sm2 message"
    pub = _mul(d, G)
    r, s = _tb_sign(d, msg, DEFAULT_UID, 0x5EED)
    sig, raw = der.signature(r, s), _raw(r, s)
    bad_der = {
        "empty": b"", "truncated": sig[:-1], "extra byte": sig + b"\x00", "wrong tag": b"\x31" + sig[1:],
        "r = 0": der.signature(0, s), "s = 0": der.signature(r, 0), "r = n": der.signature(N, s), "s = n": der.signature(r, N),
        "r + n": der.signature(r + N, s), "s + n": der.signature(r, s + N),
        "t = 0 (s = n - r)": der.signature(r, N - r),
        "negative r": b"\x30" + der.length(len(der.integer(s)) + 3) + b"\x02\x01\xff" + der.integer(s),
        "long-form length": b"\x30\x81" + sig[1:2] + sig[2:],
        "indefinite length": b"\x30\x80" + sig[2:] + b"\x00\x00",
        "raw given as der": raw, "str": "text", "None": None,
    }
    bad_raw = {
        "short": raw[:-1], "long": raw + b"\x00", "empty": b"", "r = 0": bytes(32) + raw[32:],
        "s = n": raw[:32] + N.to_bytes(32, "big"), "t = 0": _raw(r, N - r), "der given as raw": sig,
    }
    cases = [("sm2", _enc(pub), v, msg, None, "der") for v in bad_der.values()]
    cases += [("sm2", _enc(pub), v, msg, None, "raw") for v in bad_raw.values()]
    cases += [("sm2", _enc(pub), sig, msg, None, "der"), ("sm2", _enc(pub), raw, msg, None, "raw")]
    got = target.call("drv_sm2", "verify", cases, force=force)
    labels = ["der " + k for k in bad_der] + ["raw " + k for k in bad_raw]
    for label, g in zip(labels, got):
        assert isinstance(g, MPError) and g.name == "InvalidSignature", "%s: %r" % (label, g)
    assert got[-2:] == ["ok", "ok"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_bad_keys(target, backend):
    force = need(target, MOD, "ec_weierstrass", backend)
    gx, gy = G
    x = gx.to_bytes(32, "big")
    cases = [("sm2", "d", v) for v in (0, N, N + 1, -1)]
    cases += [("sm2", "point", v) for v in (
        b"",                                                   # empty
        b"\x00",                                               # the point at infinity
        b"\x04" + x + ((gy + 1) % P).to_bytes(32, "big"),      # not on the curve
        b"\x05" + x + gy.to_bytes(32, "big"),                  # bad prefix
        b"\x04" + x,                                           # short
        b"\x02" + x + b"\x00",                                 # compressed, long
        b"\x04" + P.to_bytes(32, "big") + gy.to_bytes(32, "big"),  # x = p
    )]
    got = target.call("drv_sm2", "bad_key", cases, force=force)
    for case, g in zip(cases, got):
        assert isinstance(g, MPError) and g.name == "ValueError", (case, g)


API = {
    "sign_d_n_minus_1": "ValueError", "sign_str_msg": "TypeError", "sign_str_uid": "TypeError",
    "sign_long_uid": "ValueError", "sign_public_key": "TypeError", "sign_bad_encoding": "ValueError",
    "sign_bad_rng": "ValueError", "sign_rng_not_callable": "TypeError", "verify_private_key": "TypeError",
    "verify_none_msg": "TypeError", "verify_bad_encoding": "ValueError", "verify_str_sig": "InvalidSignature",
    "verify_none_sig": "InvalidSignature", "za_bytes_key": "TypeError", "za_int_uid": "TypeError",
}


@pytest.mark.parametrize("backend", BACKENDS)
def test_api_errors(target, backend):
    force = need(target, MOD, "ec_weierstrass", backend)
    got = target.call("drv_sm2", "bad_call", [(k,) for k in API] + [("max_uid",)], force=force)
    for (k, want), g in zip(API.items(), got):
        assert isinstance(g, MPError) and g.name == want, (k, g)
    assert got[-1] == "ok"
