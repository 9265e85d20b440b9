# Drivers for the seam and the constant-time helpers (runs on MicroPython).
from mpcrypto import _backend, _ct

_CHAIN = (
    ("builtin", "mpcrypto.exceptions"),  # any importable module stands in for a backend
    ("viper", "mpcrypto.no_such_module"),  # not importable: must be skipped
    ("python", "mpcrypto._ct"),
)


def available():
    return _backend.available("demo", _CHAIN)


def select_default():
    return _backend.select("demo", _CHAIN)[0]


def select_forced(name):
    _backend.force("demo", name)
    try:
        return _backend.select("demo", _CHAIN)[0]
    finally:
        _backend.force("demo", None)


class _Hw:
    pass


def select_with_hardware():
    _backend.register("demo2", "rsip", _Hw())
    first = _backend.select("demo2", _CHAIN)[0]
    names = _backend.available("demo2", _CHAIN)
    _backend.force("demo2", "python")
    forced = _backend.select("demo2", _CHAIN)[0]
    return first, names, forced


def ct_eq(a, b):
    return _ct.ct_eq(a, b)


def ct_eq_types(kind):
    x = {"bytes": b"ab", "bytearray": bytearray(b"ab"), "memoryview": memoryview(b"ab"), "str": "ab", "none": None}[kind]
    return _ct.compare_digest(x, b"ab")


def ct_select(flag, a, b):
    return _ct.ct_select(flag, a, b)


class _Obj:
    name = "obj"


def contexts():
    # context() builds impl.new(obj) once per (backend, obj.name); forcing another backend
    # gives that backend's own context.
    class Impl:
        made = 0

        @classmethod
        def new(cls, obj):
            cls.made += 1
            return (cls.made, obj.name)

    _backend.register("demo3", "hw", Impl)
    a = _backend.context("demo3", (), _Obj())
    b = _backend.context("demo3", (), _Obj())
    return a, b, Impl.made
