"""The backend seam (mpcrypto._backend) and the constant-time helpers (mpcrypto._ct)."""

import pytest

from harness import MPError


def test_seam_skips_unavailable_and_keeps_order(target):
    assert target.call("drv_core", "available", [()]) == [["builtin", "python"]]
    assert target.call("drv_core", "select_default", [()]) == ["builtin"]


def test_seam_force(target):
    out = target.call("drv_core", "select_forced", [("python",), ("builtin",), ("viper",), ("thumb",)])
    assert out[:2] == ["python", "builtin"]
    # a forced backend that is not available (its module or its CPU feature missing) is an
    # error, never a silent fallback
    assert all(isinstance(e, MPError) and e.name == "UnsupportedAlgorithm" for e in out[2:])


def test_seam_helper(target):
    """helper(): the first usable entry's module, None when none loads or force() names
    another backend (the caller's portable code then runs)."""
    out = target.call("drv_core", "helper", [()])[0]
    assert out == ["mpcrypto._ct", None, "mpcrypto._ct", "mpcrypto._ct", None]


def test_seam_hardware_first(target):
    first, names, forced = target.call("drv_core", "select_with_hardware", [()])[0]
    assert first == "rsip"
    assert names == ["rsip", "builtin", "python"]
    assert forced == "python"


@pytest.mark.parametrize(
    "a,b,eq",
    [(b"", b"", True), (b"a", b"a", True), (b"a", b"b", False), (b"ab", b"a", False),
     (bytes(32), bytes(31) + b"\x01", False), (bytes(range(256)), bytes(range(256)), True)],
)
def test_ct_eq(target, a, b, eq):
    assert target.call("drv_core", "ct_eq", [(a, b)]) == [eq]


def test_compare_digest_types(target):
    out = target.call("drv_core", "ct_eq_types", [("bytes",), ("bytearray",), ("memoryview",), ("str",), ("none",)])
    assert out[:3] == [True, True, True]
    assert [e.name for e in out[3:]] == ["TypeError", "TypeError"]


def test_ct_select(target):
    out = target.call("drv_core", "ct_select", [(1, 5, 9), (0, 5, 9), (1, 0x3FFFFFFF, 0), (0, 0, 0x3FFFFFFF)])
    assert out == [5, 9, 0x3FFFFFFF, 0x3FFFFFFF]


def test_seam_context_cached_per_object(target):
    a, b, made, reclaim = target.call("drv_core", "contexts", [()])[0]
    assert a == b == (1, "obj") and made == 1
    assert reclaim  # a context with reclaim = None is handed _backend.evict


def test_seam_run_retries_on_a_fresh_context(target):
    # the retry after a MemoryError frees the failed context first: each holds 55% of the heap
    assert target.call("drv_core", "run_retry", [()]) == [("ok", 2)]


# --- the buffer rules (mpcrypto._util), which every public module applies -----------------

READ = ["bytes", "bytearray", "mv_bytes", "mv_bytearray", "array_B", "mv_slice", "mv_bytes_slice",
        "array_I", "mv_array_I", "array_H"]


def test_inputs_are_read_as_bytes(target):
    """Any buffer is read as its bytes, whatever its item size: 4 bytes here, never 1 or 2."""
    out = target.call("drv_core", "rbuf_of", [(k,) for k in READ] + [(k,) for k in ("str", "none", "int", "float")])
    assert out[:len(READ)] == [(b"abcd", 4)] * len(READ), dict(zip(READ, out))
    assert [e.name for e in out[len(READ):]] == ["TypeError"] * 4


def test_outputs_must_be_writable_bytes(target):
    kinds = ["bytearray", "mv_bytearray", "array_B", "mv_slice", "bytes", "mv_bytes", "mv_bytes_slice",
             "array_I", "mv_array_I", "array_H", "str", "none", "int"]
    out = target.call("drv_core", "wbuf_of", [(k,) for k in kinds])
    got = dict(zip(kinds, [r.name if isinstance(r, MPError) else r for r in out]))
    assert got == dict({k: "ok" for k in kinds[:4]}, **{k: "TypeError" for k in kinds[4:]})


@pytest.mark.unix_only
def test_buffer_checks_allocate_nothing_on_bulk_paths(target):
    assert target.call("drv_core", "heap_of_checks", [()]) == [0]


def test_ct_eq_compares_bytes(target):
    """An array('I') compares as its bytes (was: as its items, so 4 bytes vs 1 item)."""
    out = target.call("drv_core", "ct_eq_kinds", [("array_I", "bytes"), ("bytes", "mv_array_I"), ("array_H", "array_B"),
                                                  ("array_I", "mv_bytes_slice")])
    assert out == [True] * 4
    out = target.call("drv_core", "ct_eq_at", [(b"xxabc", 2, b"abcyy", 0, 3), (b"xxabc", 2, b"abdyy", 0, 3),
                                               (b"a", 0, b"b", 0, 0)])
    assert out == [True, False, True]


def _range_cases():
    n = bytes.fromhex("FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551")
    nv = int.from_bytes(n, "big")
    ks = [0, 1, 2, nv - 1, nv, nv + 1, 2 ** 256 - 1, 2 ** 255, nv >> 8, 1 << 248, nv - (1 << 200)]
    cases = [("range", k.to_bytes(32, "big"), n) for k in ks]
    cases += [("range", b"\x00", b"\x01"), ("range", b"\x01", b"\x01"), ("range", b"\x01", b"\x02"),
              ("range", b"\x00\x05", b"\x01\x00"), ("range", b"\x01\x00", b"\x01\x00")]
    want = [int(0 < int.from_bytes(c[1], "big") < int.from_bytes(c[2], "big")) for c in cases]
    return cases, want


@pytest.mark.parametrize("backend", ["viper", "python"])
def test_ct_paths_agree(target, backend):
    """ct_in_range and ct_eq_at give the same answers on the viper helper and the portable
    loops (edges of the order, equal values, one byte off at either end, offsets)."""
    cases, want = _range_cases()
    eq = [("eq", b"abc", 0, b"xxabcyy", 2, 3), ("eq", b"abd", 0, b"xxabcyy", 2, 3),
          ("eq", b"\x01" + bytes(15), 0, bytes(16), 0, 16), ("eq", bytes(15) + b"\x80", 0, bytes(16), 0, 16),
          ("eq", bytes(16), 0, bytes(16), 0, 16), ("eq", b"a", 0, b"b", 0, 0),
          ("eq", b"xxabc", 2, b"abcyy", 0, 3)]
    mod, out = target.call("drv_core", "ct_paths", [(backend, cases + eq)])[0]
    if backend == "viper" and mod is None:
        pytest.skip("no viper emitter on this target")
    assert mod == ("mpcrypto._ct_viper" if backend == "viper" else None)
    assert out == want + [True, False, False, False, True, True, True]


def test_case_file_round_trip(target):
    """The harness's case file: every kind of value comes back as it was sent (long bytes
    and large integers across the reader's 1 KB pieces, nesting, the empty forms)."""
    import random

    from harness import encode_cases

    rnd = random.Random("case-file")
    cases = [(b"", bytearray(), "", 0, -1, 1.5, None, True, False, (), [], {}),
             (rnd.randbytes(10000), bytearray(rnd.randbytes(5000)), "é" * 3000),
             (2 ** 4100 - 1, -(2 ** 521), [1, (2, [b"x", {"k": (None,)}])], {"a": 1, 2: b"b"})]
    cases += [(rnd.randbytes(rnd.randint(0, 300)), rnd.randint(-2 ** 70, 2 ** 70)) for _ in range(50)]
    assert encode_cases(cases) is not None
    def sent(v):
        if type(v) is bytearray:
            return ("bytearray", bytes(v))
        if type(v) in (tuple, list):
            return type(v)(sent(x) for x in v)
        if type(v) is dict:
            return {sent(k): sent(x) for k, x in v.items()}
        return v

    assert target.call("mptest", "echo", cases) == [sent(c) for c in cases]
    assert encode_cases([(object(),)]) is None  # no binary form: sent as repr instead
