"""SHAKE128 / SHAKE256 (mpcrypto.hash.shake, FIPS 202), portable Python only (no seam).

Vector sources: NIST CAVP ``hashes/SHAKE/SHAKE256ShortMsg.rsp`` and
``SHAKE256VariableOut.rsp`` from cryptography_vectors (byte-oriented), plus
``SHAKE128ShortMsg.rsp`` (a subset: every 8th record); hashlib on CPython for incremental
updates at every split point around the 136-byte rate, ``copy``, long outputs, input given
as array('I') (read as its bytes) and the output bound (``MAX_OUTPUT`` bytes per call).
"""

import hashlib

from harness import MPError
from vectors import cryptography_vector, load_rsp


def _recs(rel):
    return [r for r in load_rsp(cryptography_vector(rel)) if "OUTPUT" in r]


def test_shake256_shortmsg(target):
    rel = "hashes/SHAKE/SHAKE256ShortMsg.rsp"
    recs = _recs(rel)
    cases = []
    for r in recs:
        msg = bytes.fromhex(r["MSG"])[: int(r["LEN"]) // 8]
        cases.append(("shake_256", msg, len(bytes.fromhex(r["OUTPUT"]))))
    got = target.call("drv_shake", "shake", cases)
    for r, g in zip(recs, got):
        assert g == bytes.fromhex(r["OUTPUT"]), "%s Len %s" % (rel, r["LEN"])
    assert len(recs) > 100


def test_shake256_variableout(target):
    rel = "hashes/SHAKE/SHAKE256VariableOut.rsp"
    recs = _recs(rel)
    cases = [("shake_256", bytes.fromhex(r["MSG"]), int(r["OUTPUTLEN"]) // 8) for r in recs]
    got = target.call("drv_shake", "shake", cases)
    for r, g in zip(recs, got):
        assert g == bytes.fromhex(r["OUTPUT"]), "%s COUNT %s" % (rel, r["COUNT"])
    assert len(recs) > 100


def test_shake128_shortmsg_subset(target):
    rel = "hashes/SHAKE/SHAKE128ShortMsg.rsp"
    recs = _recs(rel)[::8]
    cases = [("shake_128", bytes.fromhex(r["MSG"])[: int(r["LEN"]) // 8], 16) for r in recs]
    got = target.call("drv_shake", "shake", cases)
    for r, g in zip(recs, got):
        assert g == bytes.fromhex(r["OUTPUT"]), "%s Len %s" % (rel, r["LEN"])


def test_incremental_and_copy(target):
    msg = bytes(range(256)) + bytes(range(50))
    splits = [0, 1, 7, 8, 135, 136, 137, 271, 272, 273, len(msg)]
    cases = [("shake_256", msg, 300, s) for s in splits] + [("shake_128", msg, 200, s) for s in (0, 167, 168, 169)]
    got = target.call("drv_shake", "shake", cases)
    for c, g in zip(cases, got):
        want = getattr(hashlib, c[0])(msg).digest(c[2])
        assert g == want, "split %d" % c[3]
    got = target.call("drv_shake", "shake_hex", [("shake_256", b"abc", 32)])
    assert got == [hashlib.shake_256(b"abc").hexdigest(32)]


def test_bad_input(target):
    got = target.call("drv_shake", "shake", [("shake_256", "abc", 32), ("shake_256", None, 32), ("shake_256", b"abc", -1),
                                             ("shake_256", b"abc", "1")])
    assert [g.name if isinstance(g, MPError) else g for g in got] == ["TypeError", "TypeError", "ValueError", "TypeError"]
    assert target.call("drv_shake", "shake", [("shake_256", bytearray(b"abc"), 0)]) == [b""]


def test_wide_item_input_is_bytes(target):
    cases = [("shake_256", bytes(range(200)), 64), ("shake_128", bytes(range(4, 172)), 32), ("shake_256", b"", 8)]
    got = target.call("drv_shake", "shake_wide", cases)
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
    assert [g.name if isinstance(g, MPError) else g for g in got] == ["ValueError"] * 3 + ["TypeError", mx]
    (full,) = target.call("drv_shake", "shake", [("shake_128", b"abc", mx)])
    assert full == hashlib.shake_128(b"abc").digest(mx)
