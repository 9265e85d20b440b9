# Drivers for mpcrypto.pk (runs on MicroPython): the MPI engine, modexp, primality, RSA.
# Group calls take one key and a list of cases and return one result per case: the value,
# or the exception's class name as a string (so a Wycheproof group is one call).
# Randomness: the library's default rng where the target has an entropy source; else
# (MicroPython's qemu port) drv_mpi.rng_arg()'s fixed stream wherever the API takes an rng
# (key generation, every private key: its blinding and PSS salts); public-key encryption (no
# rng argument) then raises UnsupportedAlgorithm, as a private key made without an rng does.
from drv_mpi import outcome, rng_arg
from mpcrypto.pk import modexp, mpi, padding, prime, rsa


def backend():
    return mpi.backend()


def powmod(b, e, n, red, meth, w):
    return modexp.powmod(b, e, n, red, meth, w)


def powmod_many(cases, red, meth, w):
    # [(b, e, n)] -> [b^e mod n], one context per modulus.
    return [modexp.powmod(b, e, n, red, meth, w) for b, e, n in cases]


def ladder_bits(b, eb, nbits, n):
    # The ladder over nbits bits of the big-endian bytes eb (leading zero bits included).
    ctx = modexp.context(n, "montgomery", "ladder", 1)
    return modexp.pow_ctx(ctx, b, eb, nbits, "ladder", 1)


def inverse(x, m):
    return modexp.inverse(x, m)


def primes(values):
    return [prime.is_probable_prime(v) for v in values]


def random_prime(bits):
    p = prime.random_prime(bits)
    return p, mpi.bits(p)


def _pad(kind, h, mgfh, slen, label):
    if kind == "pkcs1":
        return padding.PKCS1v15()
    if kind == "pss":
        if slen == "max":
            slen = padding.PSS.MAX_LENGTH
        elif slen == "digest":
            slen = padding.PSS.DIGEST_LENGTH
        elif slen == "auto":
            slen = padding.PSS.AUTO
        return padding.PSS(padding.MGF1(mgfh), slen)
    return padding.OAEP(padding.MGF1(mgfh), h, label)


def verify_group(e, n, h, kind, mgfh, slen, cases):
    # cases: [(msg, sig)] -> ["ok" or exception name]
    pub = rsa.RSAPublicNumbers(e, n).public_key()
    pad = _pad(kind, h, mgfh, slen, None)
    return [outcome(pub.verify, sig, msg, pad, h) for msg, sig in cases]


def _priv(key, rng=None):
    if len(key) == 3:  # (n, e, d): recover p and q
        n, e, d = key
        p, q = rsa.rsa_recover_prime_factors(n, e, d)
        key = (n, e, d, p, q, d % (p - 1), d % (q - 1), rsa.rsa_crt_iqmp(p, q))
    n, e, d, p, q, dp, dq, qi = key
    return rsa.RSAPrivateNumbers(p, q, d, dp, dq, qi, rsa.RSAPublicNumbers(e, n)).private_key(rng=rng)


def decrypt_group(key, kind, h, mgfh, cases):
    # cases: [(ct, label)] -> [plaintext or exception name]
    k = _priv(key, rng_arg())
    return [outcome(k.decrypt, ct, _pad(kind, h, mgfh, None, label)) for ct, label in cases]


def oaep_labels(key, h, cases):
    # cases: [(ct, label)]: decrypt with OAEP(MGF1(h), h, label); a label ("memoryview", b)
    # is passed as memoryview(b). -> [plaintext or exception name]
    k = _priv(key, rng_arg())

    def dec(ct, label):
        if type(label) is tuple:
            label = memoryview(label[1])
        return k.decrypt(ct, padding.OAEP(padding.MGF1(h), h, label))

    return [outcome(dec, ct, label) for ct, label in cases]


def sign_group(key, kind, h, mgfh, slen, msgs):
    k = _priv(key, rng_arg())
    pad = _pad(kind, h, mgfh, slen, None)
    return [outcome(k.sign, m, pad, h) for m in msgs]


def encrypt_group(e, n, kind, h, mgfh, cases):
    pub = rsa.RSAPublicNumbers(e, n).public_key()
    return [outcome(pub.encrypt, m, _pad(kind, h, mgfh, None, label)) for m, label in cases]


def roundtrip(key, kind, h, mgfh, slen, msg):
    # sign + verify, and encrypt + decrypt, on our side only
    k = _priv(key, rng_arg())
    pub = k.public_key()
    if kind in ("pkcs1", "pss"):
        pad = _pad(kind, h, mgfh, slen, None)
        s = k.sign(msg, pad, h)
        pub.verify(s, msg, pad, h)
        return s
    pad = _pad(kind, h, mgfh, None, None)
    return k.decrypt(pub.encrypt(msg, pad), pad)


def generate(e, bits):
    k = rsa.generate_private_key(e, bits, rng_arg())
    pn = k.private_numbers()
    pu = pn.public_numbers
    return (pu.n, pu.e, pn.d, pn.p, pn.q, pn.dmp1, pn.dmq1, pn.iqmp, k.key_size)


def recover(n, e, d):
    return rsa.rsa_recover_prime_factors(n, e, d)


def bad_key(key):
    # private_key() on inconsistent numbers must raise
    _priv(key)
    return "accepted"


def api_errors():
    # Argument errors: (what, exception name) for each misuse.
    out = []
    key = rsa.generate_private_key(65537, 1024, rng_arg())
    pub = key.public_key()
    pss = padding.PSS(padding.MGF1("sha256"), padding.PSS.MAX_LENGTH)
    oaep = padding.OAEP(padding.MGF1("sha256"), "sha256")
    checks = (
        ("keysize<1024", lambda: rsa.generate_private_key(65537, 512)),
        ("even e", lambda: rsa.generate_private_key(65536, 1024)),
        ("e=1", lambda: rsa.generate_private_key(1, 1024)),
        ("str data", lambda: key.sign("abc", pss, "sha256")),
        ("unknown hash", lambda: key.sign(b"abc", pss, "md4")),
        ("oaep for sign", lambda: key.sign(b"abc", oaep, "sha256")),
        ("pss for encrypt", lambda: pub.encrypt(b"abc", pss)),
        ("oaep too long", lambda: pub.encrypt(b"x" * 63, oaep)),
        ("pkcs1 too long", lambda: pub.encrypt(b"x" * 118, padding.PKCS1v15())),
        ("short ct", lambda: key.decrypt(b"\x00" * 127, oaep)),
        ("auto to sign", lambda: key.sign(b"a", padding.PSS(padding.MGF1("sha256"), padding.PSS.AUTO), "sha256")),
        ("salt too long", lambda: key.sign(b"a", padding.PSS(padding.MGF1("sha512"), 100), "sha512")),
        ("neg salt", lambda: padding.PSS(padding.MGF1("sha256"), -1)),
        ("inverse 0", lambda: modexp.inverse(0, 15)),
        ("inverse 6 mod 15", lambda: modexp.inverse(6, 15)),
        ("even modulus", lambda: modexp.powmod(2, 3, 16)),
        ("neg exponent", lambda: modexp.powmod(2, -3, 17)),
        ("bad public", lambda: rsa.RSAPublicNumbers(2, 15).public_key()),
    )
    for what, fn in checks:
        try:
            fn()
            out.append((what, "no error"))
        except Exception as e:
            out.append((what, type(e).__name__))
    for what, fn in (("oaep max ok", lambda: len(pub.encrypt(b"x" * 62, oaep))),
                     ("pkcs1 max ok", lambda: len(pub.encrypt(b"x" * 117, padding.PKCS1v15())))):
        out.append((what, outcome(fn)))
    return out


def checks_before_rng(key):
    # Argument errors of the calls that draw randomness, each made as on a target without an
    # entropy source (drv_mpi.without_entropy), for a key made without an rng: (what,
    # exception name or "ok"). Only the valid calls may reach UnsupportedAlgorithm.
    from drv_mpi import without_entropy

    k = _priv(key)
    pub = k.public_key()
    oaep = padding.OAEP(padding.MGF1("sha256"), "sha256")
    pss = padding.PSS(padding.MGF1("sha256"), padding.PSS.MAX_LENGTH)
    kb = pub.key_size // 8
    checks = (
        ("encrypt pss", lambda: pub.encrypt(b"abc", pss)),
        ("encrypt None padding", lambda: pub.encrypt(b"abc", None)),
        ("encrypt str", lambda: pub.encrypt("abc", oaep)),
        ("encrypt oaep too long", lambda: pub.encrypt(bytes(kb - 65), oaep)),
        ("encrypt pkcs1 too long", lambda: pub.encrypt(bytes(kb - 10), padding.PKCS1v15())),
        ("encrypt oaep", lambda: pub.encrypt(bytes(kb - 66), oaep)),
        ("encrypt pkcs1", lambda: pub.encrypt(bytes(kb - 11), padding.PKCS1v15())),
        ("sign pss salt too long", lambda: k.sign(b"a", padding.PSS(padding.MGF1("sha256"), kb), "sha256")),
        ("sign pss auto", lambda: k.sign(b"a", padding.PSS(padding.MGF1("sha256"), padding.PSS.AUTO), "sha256")),
        ("sign oaep", lambda: k.sign(b"a", oaep, "sha256")),
        ("sign pss", lambda: k.sign(b"a", pss, "sha256")),
        ("decrypt short", lambda: k.decrypt(bytes(kb - 1), oaep)),
        ("decrypt pss", lambda: k.decrypt(bytes(kb), pss)),
    )
    return [(what, outcome(without_entropy, fn)) for what, fn in checks]


def private_ops_without_rng(key):
    # Private operations as on a target without an entropy source (drv_mpi.without_entropy):
    # by a key made without an rng (refused: UnsupportedAlgorithm), then by the same key with
    # a fixed rng passed (the results: a PKCS#1 v1.5 signature, a decryption). A key made
    # without an rng and first used with entropy keeps the blinding it drew then.
    from drv_mpi import stand_in_rng, without_entropy

    oaep = padding.OAEP(padding.MGF1("sha256"), "sha256")
    pk = padding.PKCS1v15()
    ct = _priv(key).public_key().encrypt(b"secret", oaep)  # (with entropy: the test target has it)
    out = []
    for rng in (None, stand_in_rng(b"private ops")):
        k = _priv(key, rng)
        out.append(outcome(without_entropy, k.sign, b"msg", pk, "sha256"))
        out.append(outcome(without_entropy, k.decrypt, ct, oaep))
    k = _priv(key)
    first = k.sign(b"msg", pk, "sha256")
    out.append(outcome(without_entropy, k.sign, b"msg", pk, "sha256") == first)
    return out


def has_hash(name):
    from mpcrypto.hash.names import hash_class

    try:
        hash_class(name)
    except Exception:
        return False
    return True


def sign_pss_salt(key, h, salt, msgs):
    # PSS signatures with a given salt (NIST SigGenPSS): the key's rng hands out the salt
    # when asked for its length, fresh bytes otherwise (the blinding asks for len(n) bytes).
    other = rng_arg()
    if other is None:
        import os

        other = os.urandom

    def rng(nb):
        return salt if nb == len(salt) else other(nb)

    n, e, d = key[:3]
    p, q = rsa.rsa_recover_prime_factors(n, e, d)
    k = rsa.RSAPrivateNumbers(p, q, d, d % (p - 1), d % (q - 1), rsa.rsa_crt_iqmp(p, q),
                              rsa.RSAPublicNumbers(e, n)).private_key(rng=rng)
    pad = padding.PSS(padding.MGF1(h), len(salt))
    return [outcome(k.sign, m, pad, h) for m in msgs]


def under_pressure(key, size):
    # A private operation that MemoryError cuts short must leave the key as it was. The heap
    # is filled with ``size``-byte blocks, then they are released one at a time, a signature
    # tried after each, until one is made under that pressure (or fails otherwise); then once more with the heap
    # free. PKCS#1 v1.5 signatures do not depend on the blinding, so every signature must be
    # the first one. -> (MemoryErrors seen, [other outcomes that differ from the first],
    # the signature once the heap is free equals the first)
    import gc

    k = _priv(key, rng_arg())
    pad = padding.PKCS1v15()
    want = k.sign(b"pressure", pad, "sha256")
    errors = 0
    got = None  # made before the heap is filled: nothing but the signature may allocate
    gc.collect()
    ballast = [None] * (gc.mem_free() // size + 1)
    n = 0
    try:
        while n < len(ballast):
            ballast[n] = bytearray(size)
            n += 1
    except MemoryError:
        pass
    while n:
        n -= 1
        ballast[n] = None
        gc.collect()
        try:
            got = k.sign(b"pressure", pad, "sha256")
        except MemoryError:
            errors += 1
            continue
        except Exception as e:
            got = type(e).__name__
        break
    ballast = None
    gc.collect()
    return errors, [] if got == want else [got], k.sign(b"pressure", pad, "sha256") == want


def narrow_windows(key, limit, msg):
    # The heap is modelled as having no block for a context whose table is wider than
    # ``limit`` bits (modexp.context raises MemoryError for it): a fresh key signs with the
    # narrower windows modexp.fitted falls back to. -> (signature made so, signature with
    # every window available, the windows the narrowed key used (p, q, public))
    want = _priv(key, rng_arg()).sign(msg, padding.PKCS1v15(), "sha256")
    real = modexp.context

    def short(n, reduction="montgomery", method="fw", window=5):
        if window > limit:
            raise MemoryError
        return real(n, reduction, method, window)

    k = _priv(key, rng_arg())
    modexp.context = short
    try:
        got = k.sign(msg, padding.PKCS1v15(), "sha256")
    finally:
        modexp.context = real
    return got, want, (k._wp, k._wq, k._pub._w)
