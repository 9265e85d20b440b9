"""The backend seam (mpcrypto._backend) and the constant-time helpers (mpcrypto._ct)."""

import pytest

from harness import MPError


def test_seam_skips_unavailable_and_keeps_order(target):
    assert target.call("drv_core", "available", [()]) == [["builtin", "python"]]
    assert target.call("drv_core", "select_default", [()]) == ["builtin"]


def test_seam_force(target):
    out = target.call("drv_core", "select_forced", [("python",), ("builtin",), ("viper",)])
    assert out[:2] == ["python", "builtin"]
    # a forced backend that is not available is an error, never a silent fallback
    assert isinstance(out[2], MPError) and out[2].name == "UnsupportedAlgorithm"


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
    a, b, made = target.call("drv_core", "contexts", [()])[0]
    assert a == b == (1, "obj") and made == 1
