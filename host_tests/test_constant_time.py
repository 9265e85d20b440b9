"""Constant time, measured: every operation docs/algorithms.md calls constant time, run over
adversarial secrets on a target whose clock counts instructions, must take the same count.

The target is MicroPython's qemu port on an emulated Cortex-M (``--target=/dev/pts/N``, qemu
started with ``-icount shift=0``: one instruction per nanosecond of virtual time, so the
SysTick counter the driver reads counts instructions, 40 per cycle of the mps2 boards'
25 MHz SysTick). The test first checks that the clock is deterministic (a fixed piece of work
timed five times gives one count, give or take three) and learns instructions per count from an asm_thumb loop
of known length; on the unix port, or any target whose clock is wall time, it skips and says
why. Counts are taken with the collector off, each right after an uncounted call with the same
secret, in ``REPS`` rounds over all the secrets; each secret's least count is kept. (Allocation with the
collector off still searches the heap for a free block, so a count moves by a few dozen
instructions with the heap's layout, which the previous calls leave: that noise is the same
for every secret and the least of a few rounds removes it.)

Secrets (per operation, same lengths and same public inputs): 1, 2, n-1, n-2, all-ones
below n, low Hamming weight, even and odd, and fixed random values; for hashes and HMAC,
inputs of all zeros, all ones, alternating bits and random bytes.

What is measured is each step that sees a secret, up to the point where a public value
comes out: the hashes and HMAC, RFC 6979's first nonce, k*G up to its result on limbs,
ECDSA's and SM2's s on limbs (returned as bytes), ECDH and X25519/X448 whole (their results
are bytes), and EdDSA's scalar steps (mul_base with its parity step, reduce, sign_s). A whole
signature is not measured: it also turns its public outputs (R, r, s, their encodings) into
integers, and that time depends on those public values (their leading zero digits), not on
the key. SHA3-256, HMAC-SHA3-256 and SHAKE256 to 114 bytes of a 57-byte secret (Ed448's hash
of its seed and of the secret prefix) are measured on the viper Keccak.

The allowed spread is ``SLACK`` instructions: a measurement that reads the clock in the
middle of a SysTick interrupt pays the handler's few dozen instructions, and one count is
40 instructions. Anything above that is a dependency on the secret.
"""

import random

import pytest

from harness import MPError

SLACK = 200  # instructions: clock granularity (40) plus one SysTick interrupt
REPS = 3  # rounds over the secrets; each secret's least count is compared

N256 = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
NSM2 = 0xFFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFF7203DF6B21C6052B53BBF40939D54123
L25519 = (1 << 252) + 27742317777372353535851937790883648493
L448 = (1 << 446) - 13818066809895115352007386748515426880336692474882178609894547503885
R = random.Random(20261201)


def _scalars(n, nbits):
    return [1, 2, 3, n - 1, n - 2, (1 << (nbits - 1)) - 1, (1 << (nbits - 1)) | 1, 1 << (nbits // 2),
            0x5555 << (nbits - 32), R.randrange(1, n) | 1, R.randrange(1, n) & ~1, R.randrange(1, n)]


def _blobs(size):
    return [bytes(size), b"\xff" * size, b"\x55" * size, b"\xaa" * size, bytes([1]) + bytes(size - 1),
            bytes(R.randrange(256) for _ in range(size)), bytes(R.randrange(256) for _ in range(size))]


OPS = {  # noqa: E121
    "sha256": _blobs(64),
    "sha384": _blobs(64),
    "sha512": _blobs(64),
    "sm3": _blobs(64),
    "hmac_sha256": _blobs(32),
    "sha3_256": _blobs(64),
    "shake256": _blobs(57),
    "hmac_sha3_256": _blobs(32),
    "rfc6979_p256": _scalars(N256, 256),
    "ecdh_p256": _scalars(N256, 256),
    "mul_base_p256": _scalars(N256, 256),
    "ecdsa_s_p256": _scalars(N256, 256),
    "sm2_s": _scalars(NSM2 - 1, 256),  # d = n - 1 cannot sign
    "ed25519_mul_base": _scalars(L25519, 253),
    "ed25519_reduce": _blobs(64),
    "ed25519_sign_s": _scalars(L25519, 253),
    "ed448_mul_base": _scalars(L448, 446),
    "ed448_reduce": _blobs(114),
    "ed448_sign_s": _scalars(L448, 446),
    "x25519": _blobs(32),
    "x448": _blobs(56),
    "ghash_thumb": _blobs(16),  # H and the data (skips where the core has no thumb GHASH)
    "aes_ct_thumb": _blobs(16),  # AES-128 key and data, bitsliced AES (skips off Thumb-2 cores)
    "aes_gcm_ct": _blobs(16),  # AES-128-GCM key and plaintext with AES thumb_ct + GHASH thumb
}


@pytest.fixture(scope="module")
def per_count(target):
    """Instructions per clock count on an instruction-counting target; skips elsewhere."""
    if target.is_unix:
        pytest.skip("the unix port's clock is wall time: run with --target on qemu -icount shift=0")
    runs = target.call("drv_ct", "calibrate", [(300,)] * 5)
    if max(runs) - min(runs) > 3 or min(runs) <= 0:  # the interrupt's phase, the heap's state
        pytest.skip("this target's clock does not count instructions (%s)" % runs)
    a, b = target.call("drv_ct", "calibrate_asm", [(20000,), (40000,)])
    if isinstance(a, MPError) or isinstance(b, MPError):
        pytest.skip("no asm_thumb to calibrate the clock")
    return 40000 / (b - a)  # 20000 more iterations of 2 instructions


@pytest.mark.parametrize("op", sorted(OPS))
def test_constant_time(target, per_count, op):
    counts = target.call("drv_ct", "measure", [(op, OPS[op], REPS)], timeout=3000)[0]
    if isinstance(counts, MPError) and counts.name == "NotImplementedError":
        pytest.skip("%s: %s" % (op, counts.msg))
    ins = [round(min(c) * per_count) for c in counts]
    spread = max(ins) - min(ins)
    print("CT %s: %d..%d instructions, spread %d" % (op, min(ins), max(ins), spread))
    assert spread <= SLACK, "%s: instruction counts %s depend on the secret (spread %d)" % (op, ins, spread)
