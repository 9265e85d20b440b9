"""Constant time, measured: every operation docs/algorithms.md calls constant time, run over
adversarial secrets on a target whose clock counts instructions, must take the same count.

The target is MicroPython's qemu port on an emulated Cortex-M (``--target=/dev/pts/N``, qemu
started with ``-icount shift=0``: one instruction per nanosecond of virtual time, so the
SysTick counter the driver reads counts instructions, 40 per cycle of the mps2 boards'
25 MHz SysTick). The test first checks that the clock is deterministic (a fixed piece of work
timed five times gives one count, give or take three) and learns instructions per count from an asm_thumb loop
of known length; on the unix port, or any target whose clock is wall time, it skips and says
why. Counts are taken with the collector off, each right after an uncounted call with the same
secret, in ``REPS`` rounds over all the secrets, each round in its own random order (so no
secret is always measured at the same place); each secret's least count is kept.
(Allocation with the collector off still searches the heap for a free block, so a count
moves with the heap's layout, which the previous calls leave: that noise goes with a place
in the round, not with a secret, and the least of a few rounds in shuffled orders removes
it.) Where the least counts still differ by more than ``SLACK``, the whole measurement is
repeated in fresh random orders: the operation fails only if the same secrets come out
high again, that is, if the excess follows the secrets and not the places.

Secrets (per operation, same lengths and same public inputs): 1, 2, n-1, n-2, all-ones
below n, low Hamming weight, even and odd, and fixed random values; for hashes and HMAC,
inputs of all zeros, all ones, alternating bits and random bytes.

What is measured is each step that sees a secret, up to the point where a public value
comes out: the hashes and HMAC, RFC 6979's first nonce, k*G up to its result on limbs,
ECDSA's and SM2's s on limbs (returned as bytes), ECDH and X25519/X448 whole (their results
are bytes), EdDSA's scalar steps (mul_base with its parity step, reduce, sign_s), the
Thumb-2 ChaCha20, Poly1305 and Ascon-AEAD128 through their public APIs with the secret as
key, and the MPI engine's fixed-window exponentiation with a secret exponent of fixed length
(``fw_pow_*``: what each CRT half of an RSA-2048 private operation, a DH ffdhe2048 exchange
and DSA's g^k run; the big-integer steps around them are not claimed, see
``mpcrypto.pk.rsa``). A whole
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
    "chacha20_thumb": _blobs(32),  # the key (skips off Thumb-2 cores), likewise below
    "poly1305_thumb": _blobs(32),  # the one-time key (r, s)
    "ascon_thumb": _blobs(16),  # the key (and the plaintext)
    "fw_pow_1024": _blobs(128),  # exponent of an RSA-2048 CRT half, 1024-bit modulus
    "fw_pow_2048": _blobs(256),  # DH ffdhe2048 private exponent, full length
    "fw_pow_2048_k256": _blobs(32),  # DSA-2048/256's k in g^k mod p
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


def _measure(target, per_count, op, seed):
    # Each secret's least instruction count over REPS rounds, every round (the warm-up round
    # included) in its own order drawn from ``seed``.
    rnd = random.Random("%s %d" % (op, seed))
    n = len(OPS[op])
    orders = [rnd.sample(range(n), n) for _ in range(REPS + 1)]
    counts = target.call("drv_ct", "measure", [(op, OPS[op], REPS, orders)], timeout=3000)[0]
    if isinstance(counts, MPError) and counts.name == "NotImplementedError":
        pytest.skip("%s: %s" % (op, counts.msg))
    assert not isinstance(counts, MPError), counts
    return [round(min(c) * per_count) for c in counts]


def _high(ins):
    # The secrets whose least count is more than SLACK above the lowest.
    lo = min(ins)
    return {i for i, v in enumerate(ins) if v - lo > SLACK}


@pytest.mark.parametrize("op", sorted(OPS))
def test_constant_time(target, per_count, op):
    ins = _measure(target, per_count, op, 1)
    spread = max(ins) - min(ins)
    print("CT %s: %d..%d instructions, spread %d %s" % (op, min(ins), max(ins), spread, ins if spread > SLACK else ""))
    if spread <= SLACK:
        return
    again = _measure(target, per_count, op, 2)
    spread2 = max(again) - min(again)
    print("CT %s again, other orders: %d..%d instructions, spread %d %s" % (op, min(again), max(again), spread2, again))
    follows = spread2 > SLACK and _high(ins) == _high(again)
    assert not follows, "%s: instruction counts %s, then %s in other orders, depend on the secret" % (op, ins, again)


def test_high_secrets():
    # The follows-the-secret rule on made-up counts: the same secrets high twice is a
    # dependency; a high count that moves to another secret is not.
    assert _high([1000, 1000 + SLACK + 1, 1000]) == {1}
    assert _high([1000, 1000 + SLACK, 1000]) == set()
