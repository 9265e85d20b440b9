"""Random numbers: ``random_bytes(n)``, the library's default rng.

    from mpcrypto.random.rng import random_bytes
    key = random_bytes(32)

One process-wide HMAC_DRBG over SHA-256 (SP 800-90A §10.1.2; security strength 256),
instantiated on first use from ``entropy.default_source()`` (the board's registered TRNG,
else ``os.urandom``, behind the SP 800-90B start-up and continuous health tests) with the
personalization string ``b"mpcrypto random_bytes"``, reseeded from the source every
``RESEED_INTERVAL`` requests. Key generation in ``ec``, ``eddsa`` (Ed25519/Ed448), ``xdh``
(X25519/X448), ``sm2`` and the AEAD nonce helpers take it as their default rng through
``mpcrypto._util.resolve_rng`` (an ``rng`` argument still overrides it; where this module
is not installed, resolve_rng falls back to the raw entropy source).

Without an entropy source it raises ``UnsupportedAlgorithm("no entropy source")``; a
health-test failure raises ``entropy.EntropyError`` (an OSError), on every later call too.
The DRBGs themselves: ``hmac_drbg``, ``hash_drbg``, ``ctr_drbg``; the sources: ``entropy``.
"""

RESEED_INTERVAL = 1 << 16
_the = []


def default_drbg():
    """The process-wide DRBG behind ``random_bytes`` (made on first use)."""
    if not _the:
        from mpcrypto.hash.sha256 import sha256
        from mpcrypto.random.entropy import default_source
        from mpcrypto.random.hmac_drbg import HMAC_DRBG

        _the.append(HMAC_DRBG(sha256, default_source(), None, b"mpcrypto random_bytes",
                               False, RESEED_INTERVAL))
    return _the[0]


def random_bytes(n):
    """``n`` bytes from the process-wide DRBG (any n >= 0; requests above 64 KiB are split)."""
    if type(n) is not int:
        raise TypeError("n must be int")
    if n < 0:
        raise ValueError("n must be >= 0")
    return default_drbg()(n)
