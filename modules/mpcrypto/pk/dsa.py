"""DSA (FIPS 186-4 section 4, kept by FIPS 186-5 for verification) with RFC 6979 deterministic
nonces, in pyca's shapes (``cryptography.hazmat.primitives.asymmetric.dsa``).

::

    from mpcrypto.pk import dsa
    params = dsa.generate_parameters(2048)          # (L, N) = (2048, 256)
    key = params.generate_private_key()
    sig = key.sign(b"msg", "sha256")                # DER Dss-Sig-Value
    key.public_key().verify(sig, b"msg", "sha256")  # raises InvalidSignature

- ``DSAParameterNumbers(p, q, g)``, ``DSAPublicNumbers(y, parameter_numbers)``,
  ``DSAPrivateNumbers(x, public_numbers)`` with ``parameters()`` / ``public_key()`` /
  ``private_key()``; keys with ``key_size``, ``parameters()``, ``public_numbers()`` /
  ``private_numbers()``.
- ``generate_parameters(key_size, rng=None)``: (L, N) = (1024, 160), (2048, 256),
  (3072, 256) or (4096, 256); q a random N-bit prime, p = X - (X mod 2q) + 1 for random
  L-bit X until p is prime (FIPS 186-4 A.1.1.2 steps 11.1-11.8, without the domain-parameter
  seed: the parameters are not verifiable by a third party), g = h^((p-1)/q) mod p for
  h = 2, 3, .. (A.2.1). ``generate_private_key(key_size)``: both steps.
  ``DSAParameters.derive_private_key(x)``: the key of a given x, y computed.
- Key formats (PKCS#8, SubjectPublicKeyInfo with id-dsa, RFC 3279 §2.3.2):
  ``mpcrypto.keys.serialization``.
- Signatures: r = (g^k mod p) mod q, s = k^-1 (z + x r) mod q (4.6) with z the leftmost
  min(N, outlen) bits of the hash and k from RFC 6979 3.2 (``mpcrypto.ec.ecdsa``'s
  HMAC-DRBG on bytes, q in place of n); DER ``Dss-Sig-Value`` (the strict reader of
  ``mpcrypto.keys.der``, as ECDSA). Verification (4.7) raises InvalidSignature for every
  malformed or wrong signature.

Constant time: g^k runs the MPI engine's fixed window over k as N/8 bytes (the nonce is never
a Python integer on the way there) and k^-1 = k^(q-2) mod q its fixed window over the public
q - 2 with k as the base (Fermat); s's products mod q and the conversions use MicroPython
integers (not constant time). Verification handles public data and is variable time.
"""

from mpcrypto import _util
from mpcrypto.exceptions import InvalidSignature
from mpcrypto.hash.names import hash_class
from mpcrypto.pk import _ffc, modexp, mpi

_SIZES = {1024: 160, 2048: 256, 3072: 256, 4096: 256}

_int = _ffc.check_int


class _Q:
    # The three fields of a curve that RFC 6979's nonce generator reads (ecdsa.rfc6979_nonces).
    def __init__(self, q):
        self.n = q
        self.nbits = mpi.bits(q)
        self.nsize = (self.nbits + 7) >> 3


class DSAParameterNumbers(_ffc.ParameterNumbers):
    def __init__(self, p, q, g):
        self._p, self._q, self._g = _int(p, "p"), _int(q, "q"), _int(g, "g")


class DSAPublicNumbers(_ffc.PublicNumbers):
    _of, _of_name = DSAParameterNumbers, "DSAParameterNumbers"


class DSAPrivateNumbers(_ffc.PrivateNumbers):
    _of, _of_name = DSAPublicNumbers, "DSAPublicNumbers"


def _check_params(pn):
    p, q, g = pn.p, pn.q, pn.g
    if mpi.bits(p) not in (1024, 2048, 3072, 4096) or mpi.bits(q) not in (160, 224, 256):
        raise ValueError("p or q of an unsupported size")
    if not p & 1 or not q & 1 or (p - 1) % q:
        raise ValueError("q must divide p - 1")
    if not 1 < g < p:
        raise ValueError("g out of range")


class DSAParameters:
    def __init__(self, numbers):
        _check_params(numbers)
        self._numbers = numbers
        self._ctx = {}

    def parameter_numbers(self):
        return self._numbers

    def generate_private_key(self, rng=None):
        from mpcrypto.pk.prime import rand_below

        rng = _util.resolve_rng(rng)
        # FIPS 186-4 B.1.2 (rejection sampling): x in [1, q-1]
        return self.derive_private_key(1 + rand_below(self._numbers.q - 1, rng))

    def derive_private_key(self, x):
        """The private key of private value ``x`` (0 < x < q, else ValueError) in these
        parameters, its y = g^x mod p computed here (the fixed window over x as bytes of
        len(q): what a PKCS#8 key, which stores x alone, is loaded with)."""
        _int(x, "x")
        q = self._numbers.q
        if not 0 < x < q:
            raise ValueError("x out of range")
        y = self._pow_p(self._numbers.g, x.to_bytes(_Q(q).nsize, "big"), "fw")
        return DSAPrivateKey(DSAPrivateNumbers(x, DSAPublicNumbers(y, self._numbers)), self)

    def _ctx_for(self, which, method, w):
        # (context, window): at most w, narrower where the heap has no block for the table
        # (modexp.fitted); kept for later operations.
        key = (which, method)
        c = self._ctx.get(key)
        if c is None:
            c = modexp.fitted(self._numbers.p if which == "p" else self._numbers.q, method, w)
            self._ctx[key] = c
        return c

    def _pow_p(self, b, eb, method):
        # b^e mod p for e given as bytes (all of its bits count: a fixed length for secrets).
        c, w = self._ctx_for("p", method, modexp.default_window(8 * len(eb)))
        return modexp.pow_ctx(c, b, eb, 8 * len(eb), method, w)

    def _inv_q(self, kb):
        # k^-1 mod q = k^(q-2) mod q (Fermat; q prime), k as bytes: the fixed window over the
        # public q - 2, the secret k the base (put into the arena from its bytes).
        q = self._numbers.q
        ctx, w = self._ctx_for("q", "fw", modexp.default_window(mpi.bits(q)))
        e = q - 2
        nb = mpi.bits(e)
        ctx.put_be(modexp.T, kb)
        ctx.to_mont(modexp.X, modexp.T)
        modexp.run(ctx, e.to_bytes((nb + 7) >> 3, "big"), nb, "fw", w)
        ctx.from_mont(modexp.T, modexp.A)
        return ctx.get(modexp.T)


class DSAPublicKey(_ffc.PublicKey):
    def __init__(self, numbers, params=None):
        pn = numbers.parameter_numbers
        self._params = params if params is not None else DSAParameters(pn)
        y = numbers.y
        if not 1 < y < pn.p - 1:
            raise ValueError("y out of range")
        self._numbers = numbers
        self.key_size = mpi.bits(pn.p)

    def verify(self, signature, data, algorithm):
        from mpcrypto.ec.ecdsa import decode_der

        r, s = decode_der(_util.as_bytes(signature))
        hashcls = hash_class(algorithm)
        self.verify_rs(r, s, _util.digest(hashcls, _util.rbuf(data)))

    def verify_rs(self, r, s, digest):
        """FIPS 186-4 4.7 on (r, s) and a message hash; raises InvalidSignature."""
        from mpcrypto.ec.ecdsa import bits2int

        pn = self._numbers.parameter_numbers
        p, q = pn.p, pn.q
        if not (0 < r < q and 0 < s < q):
            raise InvalidSignature("r or s out of range")
        z = bits2int(digest, mpi.bits(q))
        # s^-1 by Fermat on the MPI engine, as signing inverts k: the extended Euclid on
        # built-in integers leaves its big ints as garbage on every verification
        w = self._params._inv_q(s.to_bytes((mpi.bits(q) + 7) >> 3, "big"))
        u1 = z * w % q
        u2 = r * w % q
        ctx, wv = self._params._ctx_for("p", "rm", 4)
        nb1, nb2 = mpi.bits(u1), mpi.bits(u2)
        a = modexp.pow_ctx(ctx, pn.g, u1.to_bytes((nb1 + 7) >> 3 or 1, "big"), nb1, "rm", wv)
        b = modexp.pow_ctx(ctx, self._numbers.y, u2.to_bytes((nb2 + 7) >> 3 or 1, "big"), nb2, "rm", wv)
        if a * b % p % q != r:
            raise InvalidSignature("bad signature")


class DSAPrivateKey(_ffc.PrivateKey):
    def __init__(self, numbers, params=None):
        pub = DSAPublicKey(numbers.public_numbers, params)
        q = numbers.public_numbers.parameter_numbers.q
        if not 0 < numbers.x < q:
            raise ValueError("x out of range")
        self._pub = pub
        self._params = pub._params
        self._numbers = numbers
        self.key_size = pub.key_size
        self._q = _Q(q)
        self._xb = numbers.x.to_bytes(self._q.nsize, "big")

    def sign(self, data, algorithm):
        from mpcrypto.ec.ecdsa import encode_der

        hashcls = hash_class(algorithm)
        r, s = self.sign_digest(_util.digest(hashcls, _util.rbuf(data)), hashcls)
        return encode_der(r, s)

    def sign_digest(self, digest, hashcls, k=None):
        """(r, s) for a message hash; k: None (RFC 6979), or a nonce for known-answer tests."""
        from mpcrypto.ec.ecdsa import bits2int, rfc6979_nonces

        Q = self._q
        q = Q.n
        z = bits2int(digest, Q.nbits)
        ks = (k.to_bytes(Q.nsize, "big"),) if k is not None else rfc6979_nonces(Q, self._xb, digest, hashcls)
        params = self._params
        g = params._numbers.g
        for kb in ks:
            r = params._pow_p(g, kb, "fw") % q
            if r == 0:
                continue
            s = params._inv_q(kb) * (z + self._numbers.x * r) % q
            if s == 0:
                continue
            return r, s
        raise ValueError("r or s is 0 for this k")


# What the numbers classes make (_ffc: ``parameters()``, ``public_key()``, ``private_key()``).
DSAParameterNumbers._make = DSAParameters
DSAPublicNumbers._make = DSAPublicKey
DSAPrivateNumbers._make = DSAPrivateKey


def generate_parameters(key_size, rng=None, backend=None):
    from mpcrypto.pk import prime

    _int(key_size, "key_size")
    n = _SIZES.get(key_size)
    if n is None:
        raise ValueError("key_size must be 1024, 2048, 3072 or 4096")
    rng = _util.resolve_rng(rng)
    q = prime.random_prime(n, rng)
    q2 = 2 * q
    rounds = prime.mr_rounds(key_size)
    top = 1 << (key_size - 1)
    nbytes = key_size >> 3
    for _ in range(4 * key_size):  # A.1.1.2 step 11: counter up to 4L - 1
        X = int.from_bytes(rng(nbytes), "big") | top
        p = X - (X % q2) + 1
        if p < top:
            continue
        if prime.is_probable_prime(p, rng, rounds):
            break
    else:
        raise ValueError("no prime p found; try again")
    e = (p - 1) // q
    h = 2
    while True:  # A.2.1
        g = modexp.powmod(h, e, p, method="rm", window=5)
        if g != 1:
            break
        h += 1
    return DSAParameters(DSAParameterNumbers(p, q, g))


def generate_private_key(key_size, rng=None, backend=None):
    return generate_parameters(key_size, rng).generate_private_key(rng)
