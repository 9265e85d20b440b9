"""Host-side reference checks shared by several test files: a probable-prime test for the
primes the tests generate or read, and PKCS#7 padding through ``cryptography``."""

import random

from cryptography.hazmat.primitives import padding

_SMALL_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


def is_probable_prime(n, rounds=32):
    """Miller-Rabin on CPython's ``pow`` with ``rounds`` bases drawn from a generator seeded
    by ``n`` (so a run is repeatable), after trial division by the small primes."""
    if n < 2:
        return False
    for sp in _SMALL_PRIMES:
        if n % sp == 0:
            return n == sp
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    rnd = random.Random(n)
    for _ in range(rounds):
        x = pow(rnd.randrange(2, n - 1), d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def pkcs7_pad(data, block=16):
    p = padding.PKCS7(block * 8).padder()
    return p.update(data) + p.finalize()


def pkcs7_unpad(data, block=16):
    """``data`` without its PKCS#7 padding, or None where the padding is not valid."""
    if not data or len(data) % block:
        return None
    u = padding.PKCS7(block * 8).unpadder()
    try:
        return u.update(data) + u.finalize()
    except ValueError:
        return None
