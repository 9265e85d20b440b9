"""The viper prime-field kernels (modules/mpcrypto/ec/field_viper_<N>.py) against Python ints.

For every Weierstrass curve's p (all eight limb counts) and the primes 2^(16N) - small
(a full top limb, the hardest case for the final subtraction): Montgomery products,
sums and differences of random and edge operands (0, 1, p - 1, p - 2, R mod p), operands
aliasing the destination, compared with x*y/R mod p, x + y mod p, x - y mod p computed here.
Also checks that the checked-in kernels are what tools/gen_field_viper.py generates.
"""

import os
import random
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# p of each curve size class, typed from SEC 2 / RFC 5639 via the curve module on the target.
NAMES = ["secp192r1", "secp224r1", "secp256r1", "secp256k1", "secp384r1", "secp521r1",
         "brainpoolP160r1", "brainpoolP224r1", "brainpoolP320r1", "brainpoolP512r1", "sm2"]
MUL, ADD, SUB, COPY = 0, 1, 2, 3


def _primes(target):
    got = target.call("drv_ec", "curve_params", [(n,) for n in NAMES])
    ps = {n: g[2] for n, g in zip(NAMES, got)}
    # 2^256 - 189 and 2^160 - 47 are prime (full top limbs); checked below by Miller-Rabin.
    ps["2^256-189"] = 2 ** 256 - 189
    ps["2^160-47"] = 2 ** 160 - 47
    return ps


def _is_prime(n):
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41):
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def test_field_kernels_match_python_ints(target):
    rnd = random.Random(20261130)
    cases, expect = [], []
    for name, p in sorted(_primes(target).items()):
        assert _is_prime(p), name
        n = (p.bit_length() + 15) // 16
        R = 1 << (16 * n)
        Ri = pow(R, -1, p)
        edge = [0, 1, p - 1, p - 2, R % p, (R * R) % p]
        for it in range(40):
            x = edge[it] if it < len(edge) else rnd.randrange(p)
            y = edge[(it * 5 + 1) % len(edge)] if it % 3 == 0 else rnd.randrange(p)
            # slots: 3 = x, 4 = y; 5 = x*y, 6 = x+y, 7 = x-y, 8 = y-x, 9 = x*x; then in place
            # 3 = 3 * 4 (dst aliases x), 4 = 3 - 4 (uses the new slot 3), 10 = copy of 4.
            ops = [(MUL, 5, 3, 4), (ADD, 6, 3, 4), (SUB, 7, 3, 4), (SUB, 8, 4, 3), (MUL, 9, 3, 3),
                   (MUL, 3, 3, 4), (SUB, 4, 3, 4), (COPY, 10, 4, 4)]
            xy = x * y * Ri % p
            cases.append((p, ops, [x, y]))
            expect.append([xy, (xy - y) % p, x * y * Ri % p, (x + y) % p, (x - y) % p, (y - x) % p,
                           x * x * Ri % p, (xy - y) % p])
    got = target.call("drv_field", "run_ops", cases)
    bad = 0
    for (p, _, vals), g, e in zip(cases, got, expect):
        if g[:8] != e:
            bad += 1
    assert bad == 0, "%d of %d field programs differ from Python ints" % (bad, len(cases))


def test_generated_kernels_are_current():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen_field_viper.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
