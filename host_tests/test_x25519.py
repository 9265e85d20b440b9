"""X25519 and X448 (mpcrypto.ec.x25519, mpcrypto.ec.x448; RFC 7748).

Vector sources:
- RFC 7748 §5.2 examples: cryptography_vectors ``asymmetric/X25519/rfc7748.txt`` and
  ``asymmetric/X448/rfc7748.txt`` (scalar, u, output), and the iterated results after 1 and
  1,000 iterations typed from §5.2 (1,000,000 is skipped: too slow); each typed value is
  also checked against pyca on CPython. To keep the run short, X448 runs 1 and 100
  iterations on the target (the 100-iteration value comes from pyca; the typed 1,000
  value is checked on pyca only); X25519 runs 1 and 1,000.
- RFC 7748 §6.1 / §6.2 Diffie-Hellman examples (typed from the RFC; checked against pyca).
- Wycheproof ``x25519_test.json``, ``x448_test.json``: every case (one MicroPython process
  per file).
- Differential against pyca ``cryptography`` on random keys, both directions.
- Hand-made bad inputs: wrong lengths, non-bytes, keys of the other curve.

Policy for Wycheproof "acceptable" cases: twist points, non-canonical u (>= p, reduced mod
p as RFC 7748 §5 requires) and other special public keys are accepted and must give the
expected shared secret. Cases flagged ZeroSharedSecret (low-order public points) must be
rejected by ``exchange`` with ValueError (as pyca does, RFC 7748 §6.1 "MAY check"); the raw
§5 function must still give the expected all-zero output for them. "invalid" cases (X448
public keys of the wrong length) must be rejected with ValueError.
"""

import random

import pytest
from cryptography.hazmat.primitives.asymmetric import x448 as cx448
from cryptography.hazmat.primitives.asymmetric import x25519 as cx25519

from harness import default_rng_result, MPError, need
from vectors import cryptography_vector, load_rsp, wycheproof_tests

MOD = "mpcrypto.ec.x25519"
BACKENDS = ("thumb", "viper", "python")
ALGS = ("x25519", "x448")
SIZE = {"x25519": 32, "x448": 56}
PYCA = {"x25519": (cx25519.X25519PrivateKey, cx25519.X25519PublicKey),
        "x448": (cx448.X448PrivateKey, cx448.X448PublicKey)}

# RFC 7748 §5.2: k after 1 and 1,000 iterations.
ITER = {
    "x25519": {1: "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079",
               1000: "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51"},
    "x448": {1: "3f482c8a9f19b01e6c46ee9711d9dc14fd4bf67af30765c2ae2b846a4d23a8cd0db897086239492c"
                "af350b51f833868b9bc2b3bca9cf4113",
             1000: "aa3b4749d55b9daf1e5b00288826c467274ce3ebbdd5c17b975e09d4af6c67cf10d087202db88286"
                   "e2b79fceea3ec353ef54faa26e219f38"},
}
# RFC 7748 §6.1 / §6.2: (Alice private, Alice public, Bob private, Bob public, shared).
DH = {
    "x25519": ("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
               "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
               "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
               "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
               "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"),
    "x448": ("9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391"
             "006382a6f127ab1d9ac2d8c0a598726b",
             "9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bbc836647241d953d4"
             "0c5b12da88120d53177f80e532c41fa0",
             "1c306a7ac2a0e2e0990b294470cba339e6453772b075811d8fad0d1d6927c120bb5ee8972b0d3e21"
             "374c9c921b09d1b0366f10b65173992d",
             "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13c"
             "a706dcb57aec3dae07bdc1c67bf33609",
             "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936"
             "521c24403085d59a449a5037514a879d"),
}


def _pyca_x(alg, k, u):
    priv, pub = PYCA[alg]
    return priv.from_private_bytes(k).exchange(pub.from_public_bytes(u))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("alg", ALGS)
def test_rfc7748_file(target, alg, backend):
    force = need(target, MOD, "ec_montgomery", backend)
    rel = "asymmetric/%s/rfc7748.txt" % alg.upper()
    recs = load_rsp(cryptography_vector(rel), keep="OUTPUT_U")
    assert len(recs) == 3, rel
    cases = [(alg, bytes.fromhex(r["INPUT_SCALAR"]), bytes.fromhex(r["INPUT_U"])) for r in recs]
    got = target.call("drv_x25519", "exchange", cases, force=force)
    for r, g in zip(recs, got):
        assert g == bytes.fromhex(r["OUTPUT_U"]), "%s COUNT %s: %r" % (rel, r["COUNT"], g)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("alg", ALGS)
def test_rfc7748_iterations(target, alg, backend):
    force = need(target, MOD, "ec_montgomery", backend)
    # The typed values against pyca (1,000 iterations are quick on CPython).
    size = SIZE[alg]
    k = u = (9 if alg == "x25519" else 5).to_bytes(size, "little")
    want = dict(ITER[alg])
    for i in range(1, 1001):
        k, u = _pyca_x(alg, k, u), k
        if i in ITER[alg]:
            assert k.hex() == ITER[alg][i]
        if i == 100:
            want[100] = k.hex()
    counts = (1, 1000) if alg == "x25519" else (1, 100)
    got = target.call("drv_x25519", "iterate", [(alg, n) for n in counts], force=force)
    assert [g.hex() for g in got] == [want[n] for n in counts], "RFC 7748 5.2 " + alg


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("alg", ALGS)
def test_rfc7748_dh(target, alg, backend):
    force = need(target, MOD, "ec_montgomery", backend)
    a, A, b, B, K = (bytes.fromhex(x) for x in DH[alg])
    priv = PYCA[alg][0]
    assert priv.from_private_bytes(a).public_key().public_bytes_raw() == A
    assert priv.from_private_bytes(b).exchange(PYCA[alg][1].from_public_bytes(A)) == K
    assert target.call("drv_x25519", "public", [(alg, a), (alg, b)], force=force) == [A, B]
    assert target.call("drv_x25519", "exchange", [(alg, a, B), (alg, b, A)], force=force) == [K, K]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("alg", ALGS)
def test_wycheproof(target, alg, backend):
    force = need(target, MOD, "ec_montgomery", backend)
    fname = "%s_test.json" % alg
    cases, meta = [], []
    for _, t in wycheproof_tests(fname):
        cases.append((alg, bytes.fromhex(t["private"]), bytes.fromhex(t["public"])))
        meta.append(t)
    got = target.call("drv_x25519", "exchange", cases, force=force)
    zero_cases = []
    nvalid = ninvalid = nacc = 0
    for t, c, g in zip(meta, cases, got):
        label = "%s tcId %d (%s)" % (fname, t["tcId"], t["comment"])
        shared = bytes.fromhex(t["shared"])
        if isinstance(g, MPError):
            assert g.name == "ValueError", "%s: %r" % (label, g)
        if t["result"] == "valid":
            assert g == shared, "%s: got %r" % (label, g)
            nvalid += 1
        elif t["result"] == "invalid":
            assert isinstance(g, MPError), "%s: invalid case accepted" % label
            ninvalid += 1
        elif "ZeroSharedSecret" in t["flags"]:
            assert isinstance(g, MPError) and shared == bytes(len(shared)), "%s: %r" % (label, g)
            zero_cases.append(c)
            nacc += 1
        else:
            assert g == shared, "%s: acceptable case with a wrong secret %r" % (label, g)
            nacc += 1
    assert nvalid > 0 and nacc > 0, fname
    assert zero_cases, fname
    # The raw RFC 7748 function gives the all-zero output the vectors list.
    raw = target.call("drv_x25519", "raw", zero_cases, force=force)
    assert all(r == bytes(SIZE[alg]) for r in raw), fname


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("alg", ALGS)
def test_vs_pyca(target, alg, backend):
    force = need(target, MOD, "ec_montgomery", backend)
    priv, pub = PYCA[alg]
    size = SIZE[alg]
    rnd = random.Random("pyca " + alg)
    cases, want_pub, want = [], [], []
    for _ in range(8):
        a = rnd.randbytes(size)
        b = rnd.randbytes(size)
        pa = priv.from_private_bytes(a)
        pb = priv.from_private_bytes(b).public_key()
        cases.append((alg, a, pb.public_bytes_raw()))
        want_pub.append(pa.public_key().public_bytes_raw())
        want.append(pa.exchange(pb))
    # Random u values (not necessarily on the curve: on the twist half the time) too.
    for _ in range(4):
        a = rnd.randbytes(size)
        u = rnd.randbytes(size)
        cases.append((alg, a, u))
        want.append(_pyca_x(alg, a, u))
    assert target.call("drv_x25519", "exchange", cases, force=force) == want
    assert target.call("drv_x25519", "public", [c[:2] for c in cases[:8]], force=force) == want_pub


@pytest.mark.parametrize("backend", BACKENDS)
def test_noncanonical_u(target, backend):
    # X25519: the top bit is ignored; u in [p, 2^255) is reduced mod p. X448: u >= p reduced.
    force = need(target, MOD, "ec_montgomery", backend)
    k = bytes(range(1, 33))
    p = (1 << 255) - 19
    u = 7  # u + p < 2^255
    cases = [("x25519", k, u.to_bytes(32, "little")),
             ("x25519", k, (u | 1 << 255).to_bytes(32, "little")),
             ("x25519", k, (u + p).to_bytes(32, "little"))]
    got = target.call("drv_x25519", "exchange", cases, force=force)
    assert got[0] == got[1] == got[2] == _pyca_x("x25519", k, cases[0][2])
    p448 = (1 << 448) - (1 << 224) - 1
    u = 12345
    k = bytes(range(1, 57))
    cases = [("x448", k, u.to_bytes(56, "little")), ("x448", k, (u + p448).to_bytes(56, "little"))]
    got = target.call("drv_x25519", "exchange", cases, force=force)
    assert got[0] == got[1] == _pyca_x("x448", k, cases[0][2])


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("alg", ALGS)
def test_bad_inputs(target, alg, backend):
    force = need(target, MOD, "ec_montgomery", backend)
    size = SIZE[alg]
    bad_len = [b"", bytes(size - 1), bytes(size + 1)]
    cases = [(alg, w, d) for w in ("private", "public") for d in bad_len]
    got = target.call("drv_x25519", "load", cases, force=force)
    assert all(isinstance(g, MPError) and g.name == "ValueError" for g in got), got
    cases = [(alg, w, d) for w in ("private", "public") for d in ("ab" * size, None, 5)]
    got = target.call("drv_x25519", "load", cases, force=force)
    assert all(isinstance(g, MPError) and g.name == "TypeError" for g in got), got
    good = bytes(range(size))
    assert target.call("drv_x25519", "load", [(alg, "private", bytearray(good)), (alg, "public", good)],
                       force=force) == [good, good]
    other = "x448" if alg == "x25519" else "x25519"
    got = target.call("drv_x25519", "exchange_wrong_type", [(alg, other), (alg, "bytes")], force=force)
    assert [g.name for g in got] == ["TypeError", "TypeError"]
    # All-zero shared secret: u = 0 and u = 1 are low-order points.
    got = target.call("drv_x25519", "exchange", [(alg, good, bytes(size)), (alg, good, b"\x01" + bytes(size - 1))],
                      force=force)
    assert all(isinstance(g, MPError) and g.name == "ValueError" for g in got), got


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("alg", ALGS)
def test_generate(target, alg, backend):
    force = need(target, MOD, "ec_montgomery", backend)
    size = SIZE[alg]
    stream = bytes(range(7, 7 + size))
    got = target.call("drv_x25519", "generate", [(alg, stream), (alg, stream[:-1])], force=force)
    assert got[0] == stream
    assert isinstance(got[1], MPError) and got[1].name == "ValueError"
    default_rng_result(target, target.call("drv_x25519", "generate_default", [(alg,)], force=force), [True])
