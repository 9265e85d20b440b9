"""RSA (RFC 8017, PKCS #1 v2.2) in pyca's shapes (``cryptography.hazmat.primitives.asymmetric.rsa``).

::

    from mpcrypto.pk import rsa, padding
    key = rsa.generate_private_key(65537, 2048)
    sig = key.sign(b"msg", padding.PSS(padding.MGF1("sha256"), padding.PSS.MAX_LENGTH), "sha256")
    key.public_key().verify(sig, b"msg", padding.PKCS1v15(), "sha256")   # InvalidSignature
    ct = key.public_key().encrypt(b"secret", padding.OAEP(padding.MGF1("sha256"), "sha256"))
    key.decrypt(ct, padding.OAEP(padding.MGF1("sha256"), "sha256"))

- ``generate_private_key(public_exponent, key_size, rng=None)``: FIPS 186-5 A.1.3 (probable
  primes): p and q random with the top two bits set, gcd(p - 1, e) = gcd(q - 1, e) = 1,
  |p - q| > 2^(nlen/2 - 100), d = e^-1 mod lcm(p - 1, q - 1) > 2^(nlen/2); Miller-Rabin rounds
  of FIPS 186-5 Table B.1 (``mpcrypto.pk.prime``). key_size >= 1024, e odd and 3 <= e < 2^256.
- ``RSAPublicNumbers(e, n)``, ``RSAPrivateNumbers(p, q, d, dmp1, dmq1, iqmp, public_numbers)``
  with ``public_key()`` / ``private_key()``; ``rsa_crt_iqmp``, ``rsa_crt_dmp1``,
  ``rsa_crt_dmq1``, ``rsa_recover_prime_factors(n, e, d)`` (NIST SP 800-56B rev. 2 C.2).
- Keys: ``key_size``, ``public_numbers()`` / ``private_numbers()``, ``public_key()``;
  ``sign(data, padding, algorithm)``, ``verify(signature, data, padding, algorithm)``
  (raises InvalidSignature), ``encrypt(plaintext, padding)`` (the padding's randomness from
  the default rng, as pyca's takes none), ``decrypt(ciphertext, padding)`` (raises
  ValueError("Decryption failed") for every defect). Paddings: ``mpcrypto.pk.padding``.
  Arguments are checked before any rng is asked for: a wrong type raises TypeError and a
  wrong length ValueError on every target, one without an entropy source included.

The private operation (RSADP / RSASP1, RFC 8017 5.1.2 / 5.2.1) uses the CRT with base
blinding (c' = c r^e, m = m' r^-1; the pair (r^e, r^-1) is drawn once from the key's rng and
squared after each use) and a verify-after-sign check (m^e = c, else ValueError: a fault
must not release a CRT half, Boneh-DeMillo-Lipton 1997). The two half exponentiations run in
the MPI engine with the constant-time fixed window (``modexp.fixed_window``) on exponents held
as bytes; the products of the blinding, its updates and the CRT recombination run there too
(``modexp.mulmod``). NOT constant time: the conversions of big integers in and out of the
engine, the reductions mod p and q and the additions and subtractions of the recombination,
which use MicroPython integers (their values are blinded, but MicroPython makes no timing
promise for them); with the python backend, the exponentiations too. Public-key operations are variable time (public data).

The key's rng: ``private_key(rng=...)`` of the numbers, or ``generate_private_key``'s; by
default the board's entropy source (``_util.resolve_rng``). Where there is none (MicroPython's
qemu port, a board without a registered TRNG) and no rng was given, ``sign`` and ``decrypt``
raise UnsupportedAlgorithm("no entropy source"), PKCS #1 v1.5 signing included, which needs
no other randomness. There is deliberately no blinding value derived from the key: it would
be the same sequence for every key object of that key, after every reset, so the same input
would be the same blinded operand each time, which is what averaging side-channel traces
over repeated runs needs. A key loaded by ``mpcrypto.keys.serialization`` (pyca's loaders
take no rng) is given one with ``key.private_numbers().private_key(rng=rng)``.
"""

from mpcrypto import _util
from mpcrypto.exceptions import InvalidSignature
from mpcrypto.hash.names import hash_class
from mpcrypto.pk import modexp, mpi, padding as _pad


def _int(x, name):
    if type(x) is not int:
        raise TypeError(name + " must be an int")
    return x


def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def rsa_crt_iqmp(p, q):
    return modexp.inverse(q, p)


def rsa_crt_dmp1(private_exponent, p):
    return private_exponent % (p - 1)


def rsa_crt_dmq1(private_exponent, q):
    return private_exponent % (q - 1)


def rsa_recover_prime_factors(n, e, d):
    """(p, q) from (n, e, d), p > q (NIST SP 800-56B rev. 2, Appendix C.2: k = d e - 1 = 2^t r;
    for bases g = 2, 3, .. look for a nontrivial square root of 1). ValueError if none is
    found within 100 bases (d does not match)."""
    k = d * e - 1
    if k & 1 or k <= 0:
        raise ValueError("bad private exponent")
    t = 0
    r = k
    while not r & 1:
        r >>= 1
        t += 1
    g = 2
    while g < 100:
        y = modexp.powmod(g, r, n, method="rm", window=5)  # public data (n, e, d are given)
        if y != 1 and y != n - 1:
            for _ in range(t):
                x = y * y % n
                if x == 1:
                    p = _gcd(y - 1, n)
                    q = n // p
                    if p * q == n and 1 < p < n:
                        return (p, q) if p > q else (q, p)
                    break
                if x == n - 1:
                    break
                y = x
        g += 1
    raise ValueError("unable to compute factors p and q from exponent d")


class RSAPublicNumbers:
    def __init__(self, e, n):
        self._e = _int(e, "e")
        self._n = _int(n, "n")

    e = property(lambda self: self._e)
    n = property(lambda self: self._n)

    def public_key(self, backend=None):
        return RSAPublicKey(self._e, self._n)

    def __eq__(self, other):
        return isinstance(other, RSAPublicNumbers) and self._e == other._e and self._n == other._n

    def __repr__(self):
        return "<RSAPublicNumbers(e=%d, n=%d)>" % (self._e, self._n)


class RSAPrivateNumbers:
    def __init__(self, p, q, d, dmp1, dmq1, iqmp, public_numbers):
        for v, name in ((p, "p"), (q, "q"), (d, "d"), (dmp1, "dmp1"), (dmq1, "dmq1"), (iqmp, "iqmp")):
            _int(v, name)
        if not isinstance(public_numbers, RSAPublicNumbers):
            raise TypeError("public_numbers must be RSAPublicNumbers")
        self._p, self._q, self._d = p, q, d
        self._dmp1, self._dmq1, self._iqmp = dmp1, dmq1, iqmp
        self._public_numbers = public_numbers

    p = property(lambda self: self._p)
    q = property(lambda self: self._q)
    d = property(lambda self: self._d)
    dmp1 = property(lambda self: self._dmp1)
    dmq1 = property(lambda self: self._dmq1)
    iqmp = property(lambda self: self._iqmp)
    public_numbers = property(lambda self: self._public_numbers)

    def private_key(self, backend=None, unsafe_skip_rsa_key_validation=False, rng=None):
        return RSAPrivateKey(self, rng)

    def __eq__(self, other):
        return (isinstance(other, RSAPrivateNumbers) and self._p == other._p and self._q == other._q
                and self._d == other._d and self._dmp1 == other._dmp1 and self._dmq1 == other._dmq1
                and self._iqmp == other._iqmp and self._public_numbers == other._public_numbers)


def _check_public(e, n):
    if n < 3 or not n & 1:
        raise ValueError("n must be odd and > 2")
    if e < 3 or e >= n or not e & 1:
        raise ValueError("e must be odd and in [3, n)")


def _hashcls(algorithm):
    return hash_class(algorithm)


def _digest(hashcls, data):
    return _util.digest(hashcls, _util.rbuf(data))


class RSAPublicKey:
    """An RSA public key (e, n). Operations are variable time (public data)."""

    def __init__(self, e, n):
        _check_public(e, n)
        self._e = e
        self._n = n
        self.key_size = mpi.bits(n)
        self._k = (self.key_size + 7) >> 3
        self._ctx = None
        self._plan = None
        self._prefix = {}
        self._eb = e.to_bytes((mpi.bits(e) + 7) >> 3, "big")
        # sliding window 1 for a short e (65537: 17 squarings and one multiplication, no
        # table), 4 for a long one
        self._w = 1 if mpi.bits(e) <= 32 else 4

    def public_numbers(self):
        return RSAPublicNumbers(self._e, self._n)

    def _ctx_n(self):
        if self._ctx is None:
            ctx, w = modexp.fitted(self._n, "rm", self._w)
            self._plan = modexp.sliding_plan(self._eb, mpi.bits(self._e), w)
            self._ctx, self._w = ctx, w
        return self._ctx

    def _public(self, x):
        # RSAEP / RSAVP1: x^e mod n, sliding window (public exponent), its plan made once.
        return modexp.pow_plan(self._ctx_n(), x, self._plan, self._w)

    def __eq__(self, other):
        return isinstance(other, RSAPublicKey) and self._e == other._e and self._n == other._n

    def verify(self, signature, data, padding, algorithm):
        sig = _util.as_bytes(signature)
        hashcls = _hashcls(algorithm)
        mhash = _digest(hashcls, data)
        self._verify_digest(sig, mhash, padding, hashcls)

    def _verify_digest(self, sig, mhash, padding, hashcls):
        k = self._k
        if len(sig) != k:
            raise InvalidSignature()
        s = int.from_bytes(sig, "big")
        if s >= self._n:
            raise InvalidSignature()
        em = self._public(s).to_bytes(k, "big")
        if isinstance(padding, _pad.PKCS1v15):
            # EM = the prefix (00 01 ff .. ff 00 and the DigestInfo up to the digest), made
            # once per hash for this key, then the digest; public values: plain comparisons.
            name = getattr(hashcls, "name", None)
            pre = self._prefix.get(name)
            if pre is None:
                try:
                    pre = _pad.pkcs1_sig_encode(hashcls, mhash, k)[:k - len(mhash)]
                except ValueError:
                    raise InvalidSignature()
                self._prefix[name] = pre
            if not (em.endswith(mhash) and em.startswith(pre)):  # pre + mhash is k bytes: em's
                raise InvalidSignature()
        elif isinstance(padding, _pad.PSS):
            embits = self.key_size - 1
            if embits & 7 == 0:  # EM is one byte shorter than the modulus (RFC 8017 8.1.2)
                if em[0]:
                    raise InvalidSignature()
                em = em[1:]
            if not _pad.pss_verify(mhash, em, embits, hashcls, padding.mgf.hashcls, padding._salt_length):
                raise InvalidSignature()
        else:
            raise TypeError("padding must be PKCS1v15 or PSS")

    def encrypt(self, plaintext, padding):
        # The arguments are checked before the rng is asked for (the default one: pyca's
        # encrypt takes none): a wrong type or length raises TypeError / ValueError on every
        # target; only a valid call reaches the UnsupportedAlgorithm of one without entropy.
        msg = _util.as_bytes(plaintext)
        k = self._k
        if isinstance(padding, _pad.OAEP):
            _pad.oaep_check(len(msg), k, padding.hashcls)
        elif isinstance(padding, _pad.PKCS1v15):
            _pad.pkcs1_enc_check(len(msg), k)
        else:
            raise TypeError("padding must be OAEP or PKCS1v15")
        rng = _util.resolve_rng(None)
        if isinstance(padding, _pad.OAEP):
            em = _pad.oaep_encode(msg, k, padding.hashcls, padding.mgf.hashcls, padding._label, rng)
        else:
            em = _pad.pkcs1_enc_encode(msg, k, rng)
        return self._public(int.from_bytes(em, "big")).to_bytes(k, "big")


class RSAPrivateKey:
    """An RSA private key with CRT parameters (see the module docstring on blinding and
    constant time)."""

    def __init__(self, numbers, rng=None):
        pn = numbers.public_numbers
        e, n = pn.e, pn.n
        p, q, d = numbers.p, numbers.q, numbers.d
        _check_public(e, n)
        # pyca's consistency checks, plus the CRT relations (a wrong dmp1 would make every
        # signature fail the verify-after-sign check; better to refuse the key).
        if p < 3 or q < 3 or p * q != n or not p & 1 or not q & 1:
            raise ValueError("p * q != n")
        if not 1 < d < n or not 0 < numbers.dmp1 < p or not 0 < numbers.dmq1 < q or not 0 < numbers.iqmp < p:
            raise ValueError("private value out of range")
        if (numbers.dmp1 - d) % (p - 1) or (numbers.dmq1 - d) % (q - 1) or numbers.iqmp * q % p != 1:
            raise ValueError("inconsistent CRT values")
        if (d * e - 1) % (p - 1) or (d * e - 1) % (q - 1):
            raise ValueError("d does not match e")
        self._numbers = numbers
        self._pub = RSAPublicKey(e, n)
        self.key_size = self._pub.key_size
        self._rng = rng
        self._p, self._q, self._iqmp = p, q, numbers.iqmp
        self._pb = mpi.bits(p)
        self._qb = mpi.bits(q)
        # Exponents as bytes of the primes' length (a public length: the fixed-window digit
        # sequence then depends on nothing secret), one zero byte in front (the thumb
        # backend's window loop reads the byte above a digit: no copy per operation).
        self._dp = numbers.dmp1.to_bytes(((self._pb + 7) >> 3) + 1, "big")
        self._dq = numbers.dmq1.to_bytes(((self._qb + 7) >> 3) + 1, "big")
        self._wp = modexp.default_window(self._pb)
        self._wq = modexp.default_window(self._qb)
        self._cp = None
        self._cq = None
        self._blind = None

    def public_key(self):
        return self._pub

    def private_numbers(self):
        return self._numbers

    def _ctxs(self):
        # The CRT halves' contexts, each at the widest window the heap has a block for
        # (modexp.fitted); stored only once both exist.
        if self._cp is None:
            cp, wp = modexp.fitted(self._p, "fw", self._wp)
            cq, wq = modexp.fitted(self._q, "fw", self._wq)
            self._wp, self._wq = wp, wq
            self._cp, self._cq = cp, cq
        return self._cp, self._cq

    def _blinding(self):
        # (r^e mod n, r^-1 mod n): r drawn once from the key's rng, uniform in [2, n - 2],
        # then both squared at each use (they stay a pair).
        n = self._pub._n
        if self._blind is None:
            # No fallback: without the key's rng and an entropy source, resolve_rng raises
            # UnsupportedAlgorithm and the private operation is refused (module docstring).
            rng = _util.resolve_rng(self._rng)
            while True:
                r = 2 + _rand_below(n - 3, rng)
                u = r * r % n  # invert r u (u = r^2: the inverse's input is not r itself)
                try:
                    ri = modexp.inverse(r * u % n, n) * u % n
                except ValueError:
                    continue  # gcd(r, n) != 1: only for a factor of n; draw again
                break
            self._blind = [self._pub._public(r), ri]
        b = self._blind
        out = (b[0], b[1])
        # Both squares first, then both stores (which allocate nothing): a MemoryError between
        # two stores would leave the pair out of step and every later operation failing its check.
        ctx = self._pub._ctx_n()
        e2 = modexp.mulmod(ctx, b[0], b[0])
        i2 = modexp.mulmod(ctx, b[1], b[1])
        b[0], b[1] = e2, i2
        return out

    def _private(self, c):
        # RSADP / RSASP1 with the CRT (RFC 8017 5.1.2 step 2b), blinded, fault-checked; on a
        # board's RSA hardware (``_backend.hardware("rsa")``: x^d mod n, None for a size it
        # lacks) when it has one, blinded and checked the same way.
        n = self._pub._n
        p, q = self._p, self._q
        # The public context (for blinding and the check; for e = 65537 already the smallest
        # table) before the CRT ones, which have wider windows to narrow where the heap is short.
        cn = self._pub._ctx_n()
        cp, cq = self._ctxs()
        re, ri = self._blinding()
        cb = modexp.mulmod(cn, c, re)
        # (h, the hardware, then m: no more locals than the CRT code had, whose frame is on the
        # heap, and imported here, not into the module's globals: a 4096-bit operation on a 96 KB
        # heap has no room to spare, and that dict's growth was enough to tip one over)
        from mpcrypto._backend import hardware as h

        h = h("rsa")
        m = h.private(n, self._pub._e, self._numbers.d, cb) if h else None
        if m is None:
            m1 = modexp.pow_ctx(cp, cb % p, self._dp, 8 * len(self._dp) - 8, "fw", self._wp)
            m2 = modexp.pow_ctx(cq, cb % q, self._dq, 8 * len(self._dq) - 8, "fw", self._wq)
            h = modexp.mulmod(cp, self._iqmp, (m1 - m2) % p)
            m = m2 + h * q
        m = modexp.mulmod(cn, m, ri)
        if self._pub._public(m) != c:
            raise ValueError("RSA private operation failed its check")
        return m

    def sign(self, data, padding, algorithm):
        hashcls = _hashcls(algorithm)
        mhash = _digest(hashcls, data)
        k = self._pub._k
        if isinstance(padding, _pad.PKCS1v15):
            em = _pad.pkcs1_sig_encode(hashcls, mhash, k)
        elif isinstance(padding, _pad.PSS):
            embits = self.key_size - 1
            _pad.pss_check(len(mhash), embits, padding._salt_length)  # before the rng is asked for
            em = _pad.pss_encode(mhash, embits, hashcls, padding.mgf.hashcls, padding._salt_length,
                                 _util.resolve_rng(self._rng))
        else:
            raise TypeError("padding must be PKCS1v15 or PSS")
        return self._private(int.from_bytes(em, "big")).to_bytes(k, "big")

    def decrypt(self, ciphertext, padding):
        ct = _util.as_bytes(ciphertext)
        k = self._pub._k
        if not isinstance(padding, (_pad.OAEP, _pad.PKCS1v15)):
            raise TypeError("padding must be OAEP or PKCS1v15")
        if len(ct) != k:
            raise ValueError("Decryption failed")
        c = int.from_bytes(ct, "big")
        if c >= self._pub._n:
            raise ValueError("Decryption failed")
        em = self._private(c).to_bytes(k, "big")
        if isinstance(padding, _pad.OAEP):
            return _pad.oaep_decode(em, k, padding.hashcls, padding.mgf.hashcls, padding._label)
        return _pad.pkcs1_enc_decode(em, k)


def _rand_below(n, rng):
    from mpcrypto.pk.prime import rand_below

    return rand_below(n, rng)


def generate_private_key(public_exponent, key_size, rng=None, backend=None):
    _int(public_exponent, "public_exponent")
    _int(key_size, "key_size")
    if key_size < 1024:
        raise ValueError("key_size must be at least 1024 bits")
    e = public_exponent
    if e < 3 or not e & 1 or mpi.bits(e) > 256:
        raise ValueError("public_exponent must be odd, >= 3 and < 2^256")
    from mpcrypto.pk import prime

    rng = _util.resolve_rng(rng)
    pbits = (key_size + 1) >> 1
    qbits = key_size - pbits

    def coprime(c):
        return _gcd(c - 1, e) == 1

    while True:
        p = prime.random_prime(pbits, rng, coprime)
        q = prime.random_prime(qbits, rng, coprime)
        if p == q or mpi.bits(abs(p - q)) <= (key_size >> 1) - 100:
            continue
        if p < q:
            p, q = q, p
        n = p * q
        if mpi.bits(n) != key_size:
            continue
        lam = (p - 1) // _gcd(p - 1, q - 1) * (q - 1)
        d = modexp.inverse(e, lam)
        if mpi.bits(d) <= key_size >> 1:
            continue
        nums = RSAPrivateNumbers(p, q, d, d % (p - 1), d % (q - 1), modexp.inverse(q, p),
                                 RSAPublicNumbers(e, n))
        return RSAPrivateKey(nums, rng)
