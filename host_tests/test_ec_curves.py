"""Curve data (mpcrypto.ec.curves) and the point arithmetic behind it.

Checks of the typed-in parameters against data nobody here wrote:
- python-ecdsa ``ecdsa.curves`` (p, a mod p, b, n, G, OID) for every curve it has;
- pyca ``cryptography``: d*G on the target equals the public key OpenSSL derives from d,
  for every Weierstrass curve OpenSSL has, and X25519/X448/Ed25519/Ed448 public keys
  computed on CPython from our Montgomery/Edwards data equal OpenSSL's;
- number theory on CPython: p and n pass Miller-Rabin, G is on the curve, n*G = infinity
  (on the target, through every multiplication routine, for Weierstrass curves; on CPython
  with textbook formulas for the Montgomery and Edwards curves).
Every test runs over every backend of the seam primitive "ec_weierstrass".
"""

import hashlib
import random

import ecdsa as pyecdsa
import pytest

from harness import MPError, need_ec
from oracle import is_probable_prime

MOD = "mpcrypto.ec.ec"
BACKENDS = ("thumb", "viper64", "viper", "python")

WEIERSTRASS = [
    "secp192r1", "secp192k1", "secp224r1", "secp224k1", "secp256r1", "secp256k1", "secp384r1",
    "secp521r1", "brainpoolP160r1", "brainpoolP160t1", "brainpoolP192r1", "brainpoolP192t1",
    "brainpoolP224r1", "brainpoolP224t1", "brainpoolP256r1", "brainpoolP256t1",
    "brainpoolP320r1", "brainpoolP320t1", "brainpoolP384r1", "brainpoolP384t1",
    "brainpoolP512r1", "brainpoolP512t1", "sm2",
]
OTHERS = ["curve25519", "edwards25519", "curve448", "edwards448"]

_PYECDSA = {
    "secp192r1": "NIST192p", "secp224r1": "NIST224p", "secp256r1": "NIST256p",
    "secp384r1": "NIST384p", "secp521r1": "NIST521p", "secp256k1": "SECP256k1",
}


@pytest.fixture(scope="module")
def params(target):
    names = WEIERSTRASS + OTHERS
    got = target.call("drv_ec", "curve_params", [(n,) for n in names])
    return dict(zip(names, got))


def test_curve_list(target):
    assert target.call("drv_ec", "curve_names", [()])[0] == WEIERSTRASS + OTHERS


@pytest.mark.parametrize("name", WEIERSTRASS + OTHERS)
def test_primes_and_sizes(params, name):
    rec = params[name]
    p = rec[2]
    n = rec[5] if name in WEIERSTRASS else rec[4] if name.startswith("curve") else rec[5]
    assert is_probable_prime(p), "%s: p is not prime" % name
    assert is_probable_prime(n), "%s: n is not prime" % name
    if name in WEIERSTRASS:
        _, _, p, a, b, n, gx, gy, h, size, nsize, nbits, source = rec
        assert size == (p.bit_length() + 7) // 8 and nbits == n.bit_length() and nsize == (nbits + 7) // 8
        assert (gy * gy - gx ** 3 - a * gx - b) % p == 0, "%s: G not on the curve" % name
        assert (4 * a ** 3 + 27 * b * b) % p != 0
        assert h == 1 and source


@pytest.mark.parametrize("name", sorted(set(WEIERSTRASS) - {"secp192k1", "secp224k1", "sm2"}))
def test_params_match_python_ecdsa(params, name):
    ref = getattr(pyecdsa.curves, _PYECDSA.get(name, name.replace("brainpoolP", "BRAINPOOLP")))
    _, oid, p, a, b, n, gx, gy, h, *_ = params[name]
    cv = ref.curve
    assert (p, a % p, b, n, gx, gy) == (cv.p(), cv.a() % cv.p(), cv.b(), ref.order, ref.generator.x(), ref.generator.y()), name
    assert oid == ".".join(str(x) for x in ref.oid), name


# Curves OpenSSL (through cryptography) can derive a public key on.
_OPENSSL = ["secp192r1", "secp224r1", "secp256r1", "secp256k1", "secp384r1", "secp521r1",
            "brainpoolP256r1", "brainpoolP384r1", "brainpoolP512r1"]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", _OPENSSL)
def test_base_mult_matches_cryptography(target, params, name, backend):
    from cryptography.hazmat.primitives.asymmetric import ec as cec

    force = need_ec(target, backend, name)
    curve = getattr(cec, name.upper().replace("BRAINPOOLP", "BrainpoolP"))()
    n = params[name][5]
    rnd = random.Random(name)
    ds = [1, 2, 3, n - 1, n - 2] + [rnd.randrange(1, n) for _ in range(4)]
    got = target.call("drv_ec", "public_from_private", [(name, d) for d in ds], force=force)
    for d, g in zip(ds, got):
        pub = cec.derive_private_key(d, curve).public_key().public_numbers()
        size = params[name][9]
        assert g == b"\x04" + pub.x.to_bytes(size, "big") + pub.y.to_bytes(size, "big"), (name, d)


@pytest.mark.parametrize("backend", BACKENDS)
def test_group_order_on_target(target, backend):
    force = need_ec(target, backend)
    cases = [(n,) for n in WEIERSTRASS]
    if target.is_unix:
        got = target.call("drv_ec", "group_check", cases, force=force)
    else:
        # One interpreter per curve: each curve keeps its base-point tables cached, and the
        # 23 curves' tables together do not fit a 96 KB heap (the budget is per operation).
        got = [target.call("drv_ec", "group_check", [c], force=force)[0] for c in cases]
    labels = ["on curve", "mul(n)", "mul_base(n)", "mul2(n,0)", "mul2(0,n)", "1*G", "(n-1)*G", "2*G"]
    for name, g in zip(WEIERSTRASS, got):
        assert not isinstance(g, MPError), (name, g)
        bad = [labels[i] for i, ok in enumerate(g) if not ok]
        assert not bad, "%s: %s" % (name, bad)


# -- Montgomery and Edwards data, checked on CPython with textbook formulas --------------

def _x_ladder(k, u, p, A):
    # RFC 7748 §5 ladder (reference formulas).
    a24 = (A - 2) // 4
    x1, x2, z2, x3, z3, swap = u, 1, 0, u, 1, 0
    for t in reversed(range(k.bit_length())):
        kt = (k >> t) & 1
        swap ^= kt
        if swap:
            x2, x3, z2, z3 = x3, x2, z3, z2
        swap = kt
        A_ = x2 + z2
        AA = A_ * A_
        B = x2 - z2
        BB = B * B
        E = AA - BB
        C = x3 + z3
        D = x3 - z3
        DA = D * A_
        CB = C * B
        x3 = (DA + CB) ** 2 % p
        z3 = x1 * (DA - CB) ** 2 % p
        x2 = AA * BB % p
        z2 = E * (AA + a24 * E) % p
    if swap:
        x2, z2 = x3, z3
    return x2 * pow(z2, p - 2, p) % p


def _ed_add(P, Q, p, a, d):
    (x1, y1), (x2, y2) = P, Q
    t = d * x1 * x2 * y1 * y2 % p
    return ((x1 * y2 + y1 * x2) * pow(1 + t, p - 2, p) % p, (y1 * y2 - a * x1 * x2) * pow(1 - t, p - 2, p) % p)


def _ed_mul(k, P, p, a, d):
    R = (0, 1)
    for bit in bin(k)[2:]:
        R = _ed_add(R, R, p, a, d)
        if bit == "1":
            R = _ed_add(R, P, p, a, d)
    return R


@pytest.mark.parametrize("name", ["curve25519", "curve448"])
def test_montgomery_data(params, name):
    from cryptography.hazmat.primitives.asymmetric import x448, x25519

    _, oid, p, A, n, u, v, h, size, source = params[name]
    assert (v * v - u ** 3 - A * u * u - u) % p == 0, "%s: base point not on curve" % name
    # n*(u, v) = infinity: x-only ladder returns u = 0 for Z = 0 (our pow(0) is 0).
    assert _x_ladder(n, u, p, A) == 0
    # Public keys computed from our data equal OpenSSL's.
    rnd = random.Random(name)
    for _ in range(3):
        kb = bytearray(rnd.randbytes(size))
        if size == 32:
            kb[0] &= 248
            kb[31] &= 127
            kb[31] |= 64
            ref = x25519.X25519PrivateKey.from_private_bytes(bytes(kb)).public_key().public_bytes_raw()
        else:
            kb[0] &= 252
            kb[55] |= 128
            ref = x448.X448PrivateKey.from_private_bytes(bytes(kb)).public_key().public_bytes_raw()
        k = int.from_bytes(kb, "little")
        assert _x_ladder(k, u, p, A).to_bytes(size, "little") == ref, name


@pytest.mark.parametrize("name", ["edwards25519", "edwards448"])
def test_edwards_data(params, name):
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ed448, ed25519

    _, oid, p, a, d, n, gx, gy, h, size, small, source = params[name]
    assert (a * gx * gx + gy * gy - 1 - d * gx * gx * gy * gy) % p == 0, "%s: B not on curve" % name
    assert _ed_mul(n, (gx, gy), p, a, d) == (0, 1)
    # RFC 8032 §5.1.5 / §5.2.5: public key = encode(s*B) for the clamped hash of the seed.
    seed = bytes(range(size))
    if size == 32:
        hsh = hashlib.sha512(seed).digest()[:32]
        s = bytearray(hsh)
        s[0] &= 248
        s[31] &= 127
        s[31] |= 64
        ref = ed25519.Ed25519PrivateKey.from_private_bytes(seed).public_key()
    else:
        hsh = hashlib.shake_256(seed).digest(114)[:57]
        s = bytearray(hsh)
        s[0] &= 252
        s[55] |= 128
        s[56] = 0
        ref = ed448.Ed448PrivateKey.from_private_bytes(seed).public_key()
    x, y = _ed_mul(int.from_bytes(s, "little"), (gx, gy), p, a, d)
    enc = (y | ((x & 1) << (8 * size - 1))).to_bytes(size, "little")
    assert enc == ref.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw), name


def _ed_decode(b, p, a, d):
    # RFC 8032 §5.1.3 / §5.2.3 decoding (strict), on CPython; None when invalid.
    size = len(b)
    v = int.from_bytes(b, "little")
    sign, y = v >> (8 * size - 1), v & ((1 << (8 * size - 1)) - 1)
    if y >= p:
        return None
    u = (y * y - 1) * pow(d * y * y - a, -1, p) % p
    if p % 4 == 3:
        x = pow(u, (p + 1) // 4, p)
    else:  # p = 5 mod 8
        x = pow(u, (p + 3) // 8, p)
        if x * x % p != u:
            x = x * pow(2, (p - 1) // 4, p) % p
    if x * x % p != u or (x == 0 and sign):
        return None
    return (p - x if x & 1 != sign else x), y


@pytest.mark.parametrize("name", ["edwards25519", "edwards448"])
def test_edwards_small_order_data(params, name):
    """``small`` lists h distinct canonical encodings of points whose order divides h: the
    whole torsion subgroup (cyclic of order h on both curves), identity included."""
    _, oid, p, a, d, n, gx, gy, h, size, small, source = params[name]
    assert len(small) == h and len(set(small)) == h, name
    for enc in small:
        P = _ed_decode(enc, p, a, d)
        assert P is not None, "%s: %s does not decode" % (name, enc.hex())
        assert (P[1] | ((P[0] & 1) << (8 * size - 1))).to_bytes(size, "little") == enc, "not canonical"
        assert _ed_mul(h, P, p, a, d) == (0, 1), "%s: %s is not of small order" % (name, enc.hex())
    gb = (gy | ((gx & 1) << (8 * size - 1))).to_bytes(size, "little")
    assert _ed_decode(gb, p, a, d) == (gx, gy)  # the decoder itself, on the base point


def test_lookup(target):
    names = [("P-256",), ("prime256v1",), ("SECP256K1",), ("brainpoolp512t1",), ("x25519",), ("Ed448",), ("nope",)]
    got = target.call("drv_ec", "lookup", names)
    assert got[:6] == ["secp256r1", "secp256r1", "secp256k1", "brainpoolP512t1", "curve25519", "edwards448"]
    assert isinstance(got[6], MPError) and got[6].name == "ValueError"
    got = target.call("drv_ec", "lookup_oid", [("1.2.840.10045.3.1.7",), ("1.3.36.3.3.2.8.1.1.14",), ("1.2.3",)])
    assert got[:2] == ["secp256r1", "brainpoolP512t1"]
    assert isinstance(got[2], MPError) and got[2].name == "ValueError"
    got = target.call("drv_ec", "lookup", [(None,), (5,)])
    assert [g.name for g in got] == ["TypeError", "TypeError"]


# -- structured scalars through every multiplication routine ------------------------------

def _aff_add(P, Q, p, a):
    # Textbook affine addition (reference for the target's three routines).
    if P is None:
        return Q
    if Q is None:
        return P
    (x1, y1), (x2, y2) = P, Q
    if x1 == x2:
        if (y1 + y2) % p == 0:
            return None
        lam = (3 * x1 * x1 + a) * pow(2 * y1, -1, p) % p
    else:
        lam = (y2 - y1) * pow(x2 - x1, -1, p) % p
    x3 = (lam * lam - x1 - x2) % p
    return x3, (lam * (x1 - x3) - y1) % p


def _aff_mul(k, P, p, a):
    R = None
    for bit in bin(k)[2:]:
        R = _aff_add(R, R, p, a)
        if bit == "1":
            R = _aff_add(R, P, p, a)
    return R


def _wnaf_model(k, w):
    # the textbook width-w NAF (Hankerson, Menezes, Vanstone, Algorithm 3.35): position -> digit
    out, i = {}, 0
    while k:
        if k & 1:
            d = k % (1 << w)
            if d >= 1 << (w - 1):
                d -= 1 << w
            out[i] = d
            k -= d
        k >>= 1
        i += 1
    return out


def _schedule_model(e1, w1, e2, w2):
    a, b = _wnaf_model(e1, w1), _wnaf_model(e2, w2)
    out, cur = [], None
    for pos in sorted(set(a) | set(b), reverse=True):
        out.append((0 if cur is None else cur - pos, a.get(pos, 0), b.get(pos, 0)))
        cur = pos
    return out + [(cur or 0, 0, 0)]


def test_wnaf_schedule(target):
    # the viper w-NAFs and their joint schedule (verification's u1 G + u2 Q, EdDSA's
    # [s]B + [k]A) against the textbook w-NAF: zeros, single bits, runs of ones (the carries),
    # widths 4 .. 7, values of 160 .. 521 bits and random ones
    rnd = random.Random("wnaf")
    vals = [0, 1, 2, 3, 5, 7, 8, 255, 256, (1 << 160) - 1, (1 << 255) + 1, (1 << 446) - 1,
            (1 << 521) - 1, int("5" * 130, 16), int("a" * 130, 16)] + [rnd.getrandbits(rnd.choice((160, 256, 384, 521))) for _ in range(12)]
    cases = [(vals[i], 4 + i % 4, vals[-1 - i], 4 + (i + 1) % 4) for i in range(len(vals))]
    got = target.call("drv_ec", "schedule", cases)

    def entries(raw):  # doublings before, digit of e1, digit of e2 (signed bytes)
        return [(raw[i] | (raw[i + 1] << 8), raw[i + 2] - ((raw[i + 2] & 128) << 1),
                 raw[i + 3] - ((raw[i + 3] & 128) << 1)) for i in range(0, len(raw), 4)]

    assert [entries(g) for g in got] == [_schedule_model(*c) for c in cases]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", ["secp256r1", "secp224k1", "secp521r1", "brainpoolP160t1", "brainpoolP320r1"])
def test_structured_scalars(target, params, name, backend):
    # Scalars whose digits stress the recodings: powers of two, runs of ones and zeros,
    # even and odd, near n and near 2^nbits, zero nibbles everywhere (secp224k1 has a
    # 225-bit n; brainpoolP160t1 and P320r1 have n just below a multiple of 8 bits).
    force = need_ec(target, backend, name)
    _, _, p, a, b, n, gx, gy, h, size, nsize, nbits, _ = params[name]
    ks = {2, 3, 4, 16, 17, 255, 256, 0x10001, n - 2, n - 3, n - 16, n // 2, n // 2 + 1,
          (1 << (nbits - 1)), (1 << (nbits - 1)) + 1, (1 << (nbits - 2)) - 1,
          int("f0" * (nbits // 8), 16) % n, int("0f" * (nbits // 8), 16) % n, int("8" + "0" * ((nbits - 4) // 4), 16) % n}
    ks = sorted(k for k in ks if 0 < k < n)
    G = (gx, gy)
    Q = _aff_mul(0xC0FFEE, G, p, a)
    Qb = b"\x04" + Q[0].to_bytes(size, "big") + Q[1].to_bytes(size, "big")
    want_g = [_aff_mul(k, G, p, a) for k in ks]
    want_q = [_aff_mul(k, Q, p, a) for k in ks]

    def enc(P):
        return P[0].to_bytes(size, "big") + P[1].to_bytes(size, "big")

    got = target.call("drv_ec", "base_mult", [(name, k) for k in ks], force=force)
    assert got == [enc(w) for w in want_g], name
    if backend == "viper":  # the viper recoding (engine.recode4) against the portable one
        odd = [k if k & 1 else n - k for k in ks]
        for vd, pd in target.call("drv_ec", "recode_both", [(name, odd)], force=force)[0]:
            assert vd == pd and vd != [0] * len(vd), name
    got = target.call("drv_ec", "scalar_mult", [(name, k, Qb) for k in ks], force=force)
    assert got == [enc(w) for w in want_q], name
    got = target.call("drv_ec", "twin_mult", [(name, k, ks[-1 - i], Qb) for i, k in enumerate(ks)], force=force)
    want = [_aff_add(_aff_mul(k, G, p, a), _aff_mul(ks[-1 - i], Q, p, a), p, a) for i, k in enumerate(ks)]
    assert got == [enc(w) if w else None for w in want], name
    # mul2 edge: u1*G + u2*Q = infinity (Q = G, u2 = n - u1) and = doubling (u1 = u2, Q = G).
    Gb = b"\x04" + gx.to_bytes(size, "big") + gy.to_bytes(size, "big")
    got = target.call("drv_ec", "twin_mult", [(name, 5, n - 5, Gb), (name, 7, 7, Gb)], force=force)
    assert got == [None, enc(_aff_mul(14, G, p, a))]
