"""The contract every fixed-output hash keeps (MD5, SHA-1, the SHA-2 family, SHA-3, SM3),
checked the same way for each hash on every backend of its seam primitive: its attributes,
incremental input at every split point, digest() that does not finalize, copies that evolve
independently, every kind of buffer the API takes read as its bytes, TypeError on what is not
a buffer, no heap per update() on the viper kernels, and random messages against an oracle.
Each family's own file holds its standard vectors (CAVP, GB/T 32905, Wycheproof HMAC).

Oracles: CPython ``hashlib`` (OpenSSL) and, for SM3, ``cryptography``'s ``hashes.SM3``.
Every test runs over every backend of the primitive; an absent backend is a skip.
"""

import random

import pytest

from harness import MPError
from hashref import HASHES, IDS, PAIRS, ZERO_HEAP_32, block_size, digest_size, force_for, one_block_max, ref

MSG300 = bytes((i * 131 + 7) & 0xFF for i in range(300))


@pytest.mark.parametrize("name,backend", PAIRS, ids=IDS)
def test_attributes(target, name, backend):
    force = force_for(target, name, backend)
    prim = HASHES[name][0]
    assert target.call("drv_sha", "attrs", [(name,)], force=force) == [(name, digest_size(name), block_size(name))]
    assert target.call("drv_sha", "backend_of", [(prim,)], force=force) == [backend]


@pytest.mark.parametrize("name,backend", PAIRS, ids=IDS)
def test_every_split_point(target, name, backend):
    # Two blocks and a tail at every block size up to 144, split at every point (portable
    # Python: the first 160 bytes, to keep the run short).
    force = force_for(target, name, backend)
    msg = MSG300[:160] if backend == "python" else MSG300
    got, bad = target.call("drv_sha", "splits", [(name, msg)], force=force)[0]
    assert got == ref(name, msg)
    assert bad == [], "split points that disagree with one-shot (%s, %s): %r" % (name, backend, bad)


@pytest.mark.parametrize("name,backend", PAIRS, ids=IDS)
def test_digest_does_not_finalize(target, name, backend):
    force = force_for(target, name, backend)
    bs, edge = block_size(name), one_block_max(name)
    cases = [(name, MSG300[:n1], MSG300[n1:n1 + n2]) for n1, n2 in ((0, 0), (3, 200), (bs, bs), (edge, 1), (edge + 1, 17))]
    for (_, m1, m2), (d1, d2, x, d3) in zip(cases, target.call("drv_sha", "twice", cases, force=force)):
        assert d1 == d2 == ref(name, m1)
        assert x == d1.hex()
        assert d3 == ref(name, m1 + m2)


@pytest.mark.parametrize("name,backend", PAIRS, ids=IDS)
def test_copy_is_independent(target, name, backend):
    force = force_for(target, name, backend)
    a, b, c = MSG300[:70], MSG300[70:200], MSG300[200:]
    h, k, k2 = target.call("drv_sha", "copies", [(name, a, b, c)], force=force)[0]
    assert h == ref(name, a + c)
    assert k == k2 == ref(name, a + b)


@pytest.mark.parametrize("name,backend", PAIRS, ids=IDS)
def test_buffer_kinds(target, name, backend):
    # bytes, bytearray, memoryviews (of a slice too), array('B'); then arrays of 2-, 4- and
    # word-size items holding the same bytes: each hashes as its bytes.
    force = force_for(target, name, backend)
    cases = [(name, MSG300[:n]) for n in (0, 1, block_size(name), 200, 300)]
    for (_, m), got in zip(cases, target.call("drv_sha", "kinds", cases, force=force)):
        assert got == [ref(name, m)] * 6, len(m)
    cases = [(name, MSG300[:n]) for n in (0, 8, 136, 256)]
    for (_, m), got in zip(cases, target.call("drv_sha", "wide_kinds", cases, force=force)):
        assert got == [ref(name, m)] * 6, len(m)


@pytest.mark.parametrize("name,backend", PAIRS, ids=IDS)
def test_bad_types(target, name, backend):
    force = force_for(target, name, backend)
    cases = [(name, k, w) for k in ("str", "none", "int", "float") for w in ("ctor", "update")]
    for case, r in zip(cases, target.call("drv_sha", "bad_input", cases, force=force)):
        assert isinstance(r, MPError) and r.name == "TypeError", (case, r)


@pytest.mark.parametrize("name,backend", PAIRS, ids=IDS)
def test_oneshot(target, name, backend):
    # The signatures' one-message digest (``_util.digest``: a Merkle-Damgard class's
    # ``oneshot``, the object otherwise) equals the oracle at every length around the
    # padding boundaries, over every kind of buffer, and refuses what is not one.
    force = force_for(target, name, backend)
    bs, edge = block_size(name), one_block_max(name)
    lens = sorted({0, 1, edge, edge + 1, bs - 1, bs, bs + 1, bs + edge, bs + edge + 1, 2 * bs, 300})
    kinds = ("bytes", "bytearray", "memoryview", "slice", "array")
    cases = [(name, MSG300[:n], k) for n in lens for k in kinds]
    for (_, m, k), got in zip(cases, target.call("drv_sha", "oneshot", cases, force=force)):
        assert got == ref(name, m), (len(m), k)
    bad = [(name, b"", k) for k in ("str", "none", "int")]
    for case, r in zip(bad, target.call("drv_sha", "oneshot", bad, force=force)):
        assert isinstance(r, MPError) and r.name == "TypeError", (case, r)


@pytest.mark.parametrize("name", list(HASHES))
def test_zero_heap_per_update(target, name):
    # Whole blocks go to the viper kernel from the caller's buffer: no allocation.
    if not target.is_unix and HASHES[name][0] not in ZERO_HEAP_32:
        pytest.skip("32-bit words are heap integers on a 32-bit port's viper kernel")
    force = force_for(target, name, "viper")
    assert target.call("drv_sha", "heap_update", [(name, 1024)], force=force) == [0]


@pytest.mark.parametrize("name,backend", PAIRS, ids=IDS)
def test_random_vs_oracle(target, name, backend):
    # Generated by oracle: seeded random lengths 0..1000, and the lengths around each
    # padding boundary.
    force = force_for(target, name, backend)
    rnd = random.Random("hash-" + name)
    n = 30 if backend == "python" else 120
    bs, edge = block_size(name), one_block_max(name)
    msgs = [rnd.randbytes(rnd.randint(0, 1000)) for _ in range(n)]
    msgs += [rnd.randbytes(k) for k in (edge, edge + 1, bs - 1, bs, bs + edge, 2 * bs)]
    got = target.call("drv_sha", "digest", [(name, m) for m in msgs], force=force)
    for m, g in zip(msgs, got):
        assert g == ref(name, m), "len %d (%s, %s)" % (len(m), name, backend)
