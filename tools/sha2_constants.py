"""The SHA-2 round constants, computed from their definition (FIPS 180-4 §4.2.2 for
SHA-224/256, §4.2.3 for SHA-384/512): the first 32 (64) bits of the fractional parts of the
cube roots of the first 64 (80) primes, by integer cube roots, not typed in.

One home for the generators that need them (``tools.thumb.gen_sha``,
``tools.viper.gen_sha256``, ``tools.viper.gen_sha512``); this module imports nothing of theirs.
"""


def _primes(n):
    out, k = [], 2
    while len(out) < n:
        if all(k % p for p in out if p * p <= k):
            out.append(k)
        k += 1
    return out


def _icbrt(x):
    # floor(x ** (1/3)) for a big integer x, by Newton's iteration.
    r = 1 << ((x.bit_length() + 2) // 3)
    while True:
        s = (2 * r + x // (r * r)) // 3
        if s >= r:
            break
        r = s
    while r * r * r > x:
        r -= 1
    while (r + 1) ** 3 <= x:
        r += 1
    return r


def round_constants(bits, n):
    """The fractional parts of the cube roots of the first n primes, to ``bits`` bits."""
    return [_icbrt(p << (3 * bits)) & ((1 << bits) - 1) for p in _primes(n)]


K256 = round_constants(32, 64)
K512 = round_constants(64, 80)
