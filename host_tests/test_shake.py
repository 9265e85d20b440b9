"""SHAKE128 / SHAKE256 (mpcrypto.hash.shake, FIPS 202 §6.2).

Vector sources: NIST CAVP SHA3VS from cryptography_vectors (byte-oriented):
``hashes/SHAKE/SHAKE{128,256}{ShortMsg,LongMsg,VariableOut,Monte}.rsp``; CPython ``hashlib``
for incremental updates at every split point around the rates (136 and 168 bytes),
``copy``, long outputs, input given as array('I') (read as its bytes) and the output bound
(``MAX_OUTPUT`` bytes per call).
Every test runs over every backend of the seam primitive "keccak" (shared with SHA-3,
``test_sha3.py``); an absent backend is a skip.
"""

import hashlib
import re

import pytest

from harness import MPError, need
from test_drbg import small_heap
from vectors import cryptography_vector, load_rsp

MOD = "mpcrypto.hash.shake"
BACKENDS = ("viper", "python")
SIZES = ("128", "256")


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", ["ShortMsg", "LongMsg"])
def test_cavp_msg(target, size, kind, backend):
    force = need(target, MOD, "keccak", backend)
    rel = "hashes/SHAKE/SHAKE%s%s.rsp" % (size, kind)
    recs = load_rsp(cryptography_vector(rel), "OUTPUT")
    if backend == "python":
        # Portable Python (~0.8 ms per permutation on the unix port): every 2nd ShortMsg
        # and every 4th LongMsg record (lengths spread evenly).
        recs = recs[:: 2 if kind == "ShortMsg" else 4]
    cases = [("shake_" + size, bytes.fromhex(r["MSG"])[: int(r["LEN"]) // 8], len(bytes.fromhex(r["OUTPUT"])))
             for r in recs]
    got = target.call("drv_shake", "shake", cases, force=force)
    for r, g in zip(recs, got):
        assert g == bytes.fromhex(r["OUTPUT"]), "%s Len %s (%s backend)" % (rel, r["LEN"], backend)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("size", SIZES)
def test_cavp_variableout(target, size, backend):
    force = need(target, MOD, "keccak", backend)
    rel = "hashes/SHAKE/SHAKE%sVariableOut.rsp" % size
    recs = load_rsp(cryptography_vector(rel), "OUTPUT")
    if backend == "python":
        recs = recs[::4]
    cases = [("shake_" + size, bytes.fromhex(r["MSG"]), int(r["OUTPUTLEN"]) // 8) for r in recs]
    got = target.call("drv_shake", "shake", cases, force=force)
    for r, g in zip(recs, got):
        assert g == bytes.fromhex(r["OUTPUT"]), "%s COUNT %s (%s backend)" % (rel, r["COUNT"], backend)


# SHA3VS §6.3.3 Monte Carlo for SHAKE: Msg_i = the leftmost 128 bits of Output_i-1 (zero-
# padded), Output_i = SHAKE(Msg_i, Outputlen), and the next Outputlen is taken from the
# rightmost 16 bits of Output_i within [min, max]; each checkpoint outputs Output_1000. A
# prefix of the chain is a valid test: viper runs all 100 checkpoints, portable Python one.
MONTE_COUNT = {"viper": 100, "python": 1}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("size", SIZES)
def test_cavp_monte(target, size, backend):
    force = need(target, MOD, "keccak", backend)
    rel = "hashes/SHAKE/SHAKE%sMonte.rsp" % size
    path = cryptography_vector(rel)
    bounds = dict(re.findall(r"(Minimum|Maximum) Output Length \(bits\) = (\d+)", path.read_text()))
    recs = load_rsp(path)
    msg = bytes.fromhex(next(r["MSG"] for r in recs if "MSG" in r))
    outs = [bytes.fromhex(r["OUTPUT"]) for r in recs if "OUTPUT" in r]
    assert len(outs) == 100 and len(bounds) == 2, rel
    count = MONTE_COUNT[backend]
    case = ("shake_" + size, msg, int(bounds["Minimum"]) // 8, int(bounds["Maximum"]) // 8, count)
    got = target.call("drv_shake", "monte", [case], force=force)[0]
    assert len(got) == count
    for j, (want, g) in enumerate(zip(outs, got)):
        assert g == want, "%s COUNT=%d (%s backend)" % (rel, j, backend)


@pytest.mark.parametrize("backend", BACKENDS)
def test_incremental_and_copy(target, backend):
    force = need(target, MOD, "keccak", backend)
    msg = bytes(range(256)) + bytes(range(50))
    splits = [0, 1, 7, 8, 135, 136, 137, 271, 272, 273, len(msg)]
    cases = [("shake_256", msg, 300, s) for s in splits] + [("shake_128", msg, 200, s) for s in (0, 167, 168, 169)]
    got = target.call("drv_shake", "shake", cases, force=force)
    for c, g in zip(cases, got):
        want = getattr(hashlib, c[0])(msg).digest(c[2])
        assert g == want, "split %d" % c[3]
    got = target.call("drv_shake", "shake_hex", [("shake_256", b"abc", 32)], force=force)
    assert got == [hashlib.shake_256(b"abc").hexdigest(32)]


@pytest.mark.parametrize("backend", BACKENDS)
def test_digest_does_not_finalize(target, backend):
    """digest(n) leaves the object as it was: a shorter or longer digest of the same state
    is a prefix / extension, and update() may follow."""
    force = need(target, MOD, "keccak", backend)
    cases = [("shake_128", b"", b"x"), ("shake_256", bytes(136), b"abc"), ("shake_256", b"a" * 200, bytes(300))]
    for (name, m1, m2), (d1, d2, d3) in zip(cases, target.call("drv_shake", "twice", cases, force=force)):
        h = getattr(hashlib, name)
        assert d1 == h(m1).digest(100)
        assert d2 == h(m1).digest(400)
        assert d3 == h(m1 + m2).digest(50)


def test_python_and_viper_agree(target):
    for b in BACKENDS:
        need(target, MOD, "keccak", b)
    cases = [("shake_%d" % s, bytes((i * 13 + n) & 0xFF for i in range(n)), o)
             for s in (128, 256) for n, o in ((0, 1), (135, 137), (168, 169), (400, 500))]
    outs = [target.call("drv_shake", "shake", cases, force={"keccak": b}) for b in BACKENDS]
    assert outs[0] == outs[1]


def test_default_backend_is_viper(target):
    (has_viper,) = target.call("drv_sha", "has_viper", [()])
    if not has_viper:
        pytest.skip("this target has no viper emitter")
    assert target.backends(MOD)[0] == "viper"
    assert target.call("drv_shake", "backend_of", [()]) == ["viper"]


@pytest.mark.parametrize("name", ["shake_128", "shake_256"])
def test_zero_heap_per_update(target, name):
    """One update() of 1 KiB of bytes into a prepared object allocates nothing."""
    force = need(target, MOD, "keccak", "viper")
    assert target.call("drv_shake", "heap_update", [(name, 1024)], force=force) == [0]


@pytest.mark.parametrize("backend", BACKENDS)
def test_bad_input(target, backend):
    force = need(target, MOD, "keccak", backend)
    got = target.call("drv_shake", "shake", [("shake_256", "abc", 32), ("shake_256", None, 32), ("shake_256", b"abc", -1),
                                             ("shake_256", b"abc", "1")], force=force)
    assert [g.name if isinstance(g, MPError) else g for g in got] == ["TypeError", "TypeError", "ValueError", "TypeError"]
    assert target.call("drv_shake", "shake", [("shake_256", bytearray(b"abc"), 0)], force=force) == [b""]


@pytest.mark.parametrize("backend", BACKENDS)
def test_wide_item_input_is_bytes(target, backend):
    force = need(target, MOD, "keccak", backend)
    cases = [("shake_256", bytes(range(200)), 64), ("shake_128", bytes(range(4, 172)), 32), ("shake_256", b"", 8)]
    got = target.call("drv_shake", "shake_wide", cases, force=force)
    for (name, msg, n), g in zip(cases, got):
        want = getattr(hashlib, name)(msg).digest(n)
        assert g == (want, want), (name, len(msg))


def test_output_length_bound(target):
    """digest(n) is bounded (documented MAX_OUTPUT): a huge n is a ValueError at once, not
    a run until the heap is gone."""
    (mx,) = target.call("drv_shake", "max_output", [()])
    assert mx == 65536
    got = target.call("drv_shake", "shake_len", [("shake_128", 2 ** 70), ("shake_256", mx + 1), ("shake_128", 2 ** 31),
                                                 ("shake_256", 1.5), ("shake_128", mx)])
    got = [g.name if isinstance(g, MPError) else g for g in got]
    # MAX_OUTPUT bytes are one 64 KB object: where the heap has no such block (under 256 KB),
    # MemoryError is the clear exception, as in test_drbg; the bound is checked all the same.
    small = small_heap(target)
    if small and got[-1] == "MemoryError":
        got[-1] = mx
    assert got == ["ValueError"] * 3 + ["TypeError", mx]
    n = mx // 4 if small else mx
    (full,) = target.call("drv_shake", "shake", [("shake_128", b"abc", n)])
    assert full == hashlib.shake_128(b"abc").digest(n)
