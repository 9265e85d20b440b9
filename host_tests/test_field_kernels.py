"""The prime-field kernels (modules/mpcrypto/ec/field/v16_*.py, v32_*.py, thumb_umaal.py)
against Python ints.

Every kernel: the 16-bit-limb ones (all eight sizes), the 32-bit-limb ones for 64-bit ports
(all nine sizes; skipped where viper words are 32 bits), the fixed-prime ones (P-256, both
widths), and the 16-bit kernels' programs run by the Thumb-2 UMAAL runners of
``field/thumb_umaal`` (only on Cortex-M4/M7/M55/M85 targets: skipped on the unix port, which
has no inline assembler, and on Cortex-M3). Primes: each curve's p, plus 2^256 - 189 and 2^160 - 47 (full top limbs, the
hardest case for the final subtraction). Montgomery products, sums and differences of random
and edge operands (0, 1, p - 1, p - 2), operands aliasing the
destination, compared with x*y/R mod p, x + y mod p, x - y mod p computed here.
Also checks that the checked-in kernels are what tools/thumb/gen_field.py generates.
"""

import os
import random
import subprocess
import sys

import pytest

from oracle import is_probable_prime

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


NARROW = (10, 12, 14, 16, 20, 24, 28, 32, 33)
WIDE = (5, 6, 7, 8, 10, 12, 14, 16, 17)
P256 = 2 ** 256 - 2 ** 224 + 2 ** 192 + 2 ** 96 - 1


def _jobs(primes, wide_ok):
    # (kernel module name, p) pairs: every prime on the smallest kernel of each width that
    # holds it, and on one larger size; the fixed-prime kernels on their prime.
    jobs = []
    for name, p in sorted(primes.items()):
        bits = p.bit_length()
        for sizes, lb in ((NARROW, 16), (WIDE, 32)):
            if lb == 32 and not wide_ok:
                continue
            fit = [n for n in sizes if lb * n >= bits]
            for n in fit[:2]:
                jobs.append(("v%d_%d" % (lb, n), p))
    jobs.append(("v16_p256", P256))
    if wide_ok:
        jobs.append(("v32_p256", P256))
    return jobs


@pytest.mark.parametrize("width", ["narrow", "wide", "asm"])
def test_field_kernels_match_python_ints(target, width):
    wide_ok = target.call("drv_field", "wordbits", [()])[0] == 64
    if width == "wide" and not wide_ok:
        pytest.skip("32-bit-limb kernels run only where viper words are 64 bits")
    if width == "narrow" and not target.call("drv_field", "has_module", [("v16_16",)])[0]:
        pytest.skip("this firmware freezes no viper field kernels (manifest_dsp.py: the Thumb-2 runners replace them)")
    asm = width == "asm"
    if asm and not target.call("drv_field", "has_asm", [()])[0]:
        pytest.skip("no Thumb-2 UMAAL runner on this target (unix port, or a core without UMAAL)")
    rnd = random.Random(20261130)
    jobs = [j for j in _jobs(_primes(target), wide_ok) if j[0].startswith("v32_") == (width == "wide")]
    if asm:
        jobs = [j for j in jobs if not j[0].endswith("p256")]
    cases = []
    for kern, p in jobs:
        assert is_probable_prime(p), p
        edge = [0, 1, p - 1, p - 2]
        for it in range(30):
            x = edge[it] if it < len(edge) else rnd.randrange(p)
            y = edge[(it * 5 + 1) % len(edge)] if it % 3 == 0 else rnd.randrange(p)
            # slots: 3 = x, 4 = y; 5 = x*y, 6 = x+y, 7 = x-y, 8 = y-x, 9 = x*x; then in place
            # 3 = 3 * 4 (dst aliases x), 4 = 3 - 4 (uses the new slot 3), 10 = copy of 4.
            ops = [(MUL, 5, 3, 4), (ADD, 6, 3, 4), (SUB, 7, 3, 4), (SUB, 8, 4, 3), (MUL, 9, 3, 3),
                   (MUL, 3, 3, 4), (SUB, 4, 3, 4), (COPY, 10, 4, 4)]
            cases.append((p, ops, [x, y], kern, asm))
    got = target.call("drv_field", "run_ops", cases)
    bad = []
    for (p, _, (x, y), kern, _), (g, rbits) in zip(cases, got):
        Ri = pow(1 << rbits, -1, p)
        xy = x * y * Ri % p
        want = [xy, (xy - y) % p, xy, (x + y) % p, (x - y) % p, (y - x) % p, x * x * Ri % p, (xy - y) % p]
        if g[:8] != want:
            bad.append(kern)
    assert not bad, "field programs differ from Python ints on kernels %s" % sorted(set(bad))


def test_generated_kernels_are_current():
    r = subprocess.run([sys.executable, "-m", "tools.thumb.gen_field", "--check"],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
