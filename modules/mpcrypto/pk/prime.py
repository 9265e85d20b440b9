"""Primality: trial division by small primes, Miller-Rabin with random bases, and random
prime generation with an incremental sieve (FIPS 186-5 Appendix B.3 / A.1.3).

- ``is_probable_prime(n, rng=None, rounds=None)``: True for a probable prime, False for a
  composite (and for n < 2, negative n). Trial division by the primes below 2000, then
  ``rounds`` Miller-Rabin rounds (FIPS 186-5 B.3.1) with bases drawn uniformly from
  [2, n-2]: default 40 rounds, an error bound of 4^-40 = 2^-80 even for a composite chosen
  by an adversary (Wycheproof's strong pseudoprimes to fixed bases, Carmichael numbers).
- ``mr_rounds(bits)``: rounds for a RANDOM candidate of ``bits`` bits, from FIPS 186-5
  Table B.1 (error 2^-112 .. 2^-144 for RSA's p and q: 5 rounds at 1024 bits, 4 at 1536
  and 2048); more below 1024 bits.
- ``random_prime(bits, rng, accept=None)``: a random prime with the top two bits set (so a
  product of two has exactly 2 * bits bits, FIPS 186-5 A.1.3 step 4.4's sqrt(2) bound), found
  by an incremental sieve: the residues of the candidate modulo the small primes are
  computed once, then updated by small-int additions as the candidate steps by 2, so a
  candidate with a small factor costs no big-integer operation. ``accept(p)`` may refuse a
  prime (RSA: gcd(p - 1, e) = 1).

The modular exponentiations run in the MPI engine's Montgomery context with the
constant-time fixed window (the candidate of a key generation is secret). Big-integer
conversions and the sieve's set-up are not constant time (MicroPython integers).
"""

from mpcrypto._util import resolve_rng
from mpcrypto.pk import modexp, mpi

_SMALL = []


def small_primes():
    # The primes below 2000 (303 of them), by the sieve of Eratosthenes on first use.
    if not _SMALL:
        lim = 2000
        s = bytearray(lim)
        for i in range(2, lim):
            if not s[i]:
                _SMALL.append(i)
                for j in range(i * i, lim, i):
                    s[j] = 1
    return _SMALL


def mr_rounds(bits):
    if bits >= 1536:
        return 4
    if bits >= 1024:
        return 5
    if bits >= 512:
        return 8
    return 40


def rand_below(n, rng):
    # A uniform integer in [0, n) by rejection sampling from rng bytes.
    nb = mpi.bits(n)
    nbytes = (nb + 7) >> 3
    drop = 8 * nbytes - nb
    while True:
        v = int.from_bytes(rng(nbytes), "big") >> drop
        if v < n:
            return v


def _mr(n, rounds, rng):
    # Miller-Rabin (FIPS 186-5 B.3.1) on an odd n > 3: n - 1 = 2^a m with m odd.
    a = 0
    m = n - 1
    while not m & 1:
        m >>= 1
        a += 1
    mb = mpi.bits(m)
    w = 4  # not default_window's 5 above 1024 bits: half the table (a 2048-bit candidate's
    # context 6.6 KB instead of 10.8 KB, which a 96 KB heap did not find in one block while
    # generating DSA-2048 parameters) for a little more work, narrower where even that block
    # is not found (modexp.fitted)
    ctx, w = modexp.fitted(n, "fw", w)
    eb = m.to_bytes((mb + 7) >> 3, "big")
    one = ctx.r1 if hasattr(ctx, "r1") else 1  # Montgomery form of 1 (and of -1 below)
    minus = n - one
    A = modexp.A
    for _ in range(rounds):
        b = 2 + rand_below(n - 3, rng)  # [2, n-2]
        ctx.put(modexp.T, b)
        ctx.to_mont(modexp.X, modexp.T)
        modexp.run(ctx, eb, mb, "fw", w)
        z = ctx.get(A)
        if z == one or z == minus:
            continue
        for _ in range(a - 1):
            ctx.sqr(A, A)
            z = ctx.get(A)
            if z == minus:
                break
            if z == one:
                return False
        else:
            return False
    return True


def is_probable_prime(n, rng=None, rounds=None):
    if type(n) is not int:
        raise TypeError("int required")
    if n < 2:
        return False
    for s in small_primes():
        if n % s == 0:
            return n == s
    if n < 2000 * 2000:
        return True
    return _mr(n, 40 if rounds is None else rounds, resolve_rng(rng))


def random_prime(bits, rng=None, accept=None, rounds=None):
    if bits < 16:
        raise ValueError("bits")
    rng = resolve_rng(rng)
    sp = small_primes()
    ns = len(sp)
    if rounds is None:
        rounds = mr_rounds(bits)
    nbytes = (bits + 7) >> 3
    drop = 8 * nbytes - bits
    top = 3 << (bits - 2)
    while True:
        p = (int.from_bytes(rng(nbytes), "big") >> drop) | top | 1
        res = [p % s for s in sp]
        # Step by 2 through up to 2^12 candidates before drawing a new start (the range is
        # small enough that the top two bits stay set).
        for step in range(0, 4096, 2):
            ok = True
            for i in range(ns):
                if res[i] == 0:
                    ok = False
                    break
            if ok:
                c = p + step
                if (accept is None or accept(c)) and _mr(c, rounds, rng):
                    return c
            for i in range(ns):
                r = res[i] + 2
                s = sp[i]
                res[i] = r - s if r >= s else r
