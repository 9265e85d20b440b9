# Drivers for the seam and the constant-time helpers (runs on MicroPython).
from mpcrypto import _backend, _ct

_CHAIN = (
    ("builtin", "mpcrypto.exceptions", None),  # any importable module stands in for a backend
    ("viper", "mpcrypto.no_such_module", None),  # not importable: must be skipped
    ("thumb", "mpcrypto._util", "no_such_feature"),  # importable, but no core has the feature
    ("python", "mpcrypto._ct", None),
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


def helper():
    # (default, forced to a name not in the chain, forced to its entry, after force(None)):
    # the module's name or None.
    chain = (("viper", "mpcrypto.no_such_module", None), ("thumb", "mpcrypto._util", "no_such_feature"),
             ("fast", "mpcrypto._ct", None))
    out = [_backend.helper("demo4", chain)]
    _backend.force("demo4", "python")
    out.append(_backend.helper("demo4", chain))
    _backend.force("demo4", "fast")
    out.append(_backend.helper("demo4", chain))
    _backend.force("demo4", None)
    out.append(_backend.helper("demo4", chain))
    _backend.force("demo4", "thumb")
    out.append(_backend.helper("demo4", chain))
    _backend.force("demo4", None)
    return [None if m is None else m.__name__ for m in out]


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

    class Ctx:
        reclaim = None  # the seam hands it evict

    class Impl2:
        @classmethod
        def new(cls, obj):
            return Ctx()

    _backend.register("demo3", "hw", Impl)
    _backend.register("demo5", "hw", Impl2)
    a = _backend.context("demo3", (), _Obj())
    b = _backend.context("demo3", (), _Obj())
    return a, b, Impl.made, _backend.context("demo5", (), _Obj()).reclaim is _backend.evict


def run_retry():
    # run(): a context whose call fails with MemoryError is dropped and the call runs once
    # more on a new one. Each context holds 55% of the free heap, so the second is built only
    # if nothing keeps the first alive: (result, contexts made).
    import gc

    gc.collect()
    size = gc.mem_free() * 55 // 100

    class Ctx:
        def __init__(self):
            self.table = bytearray(size)

    class Impl:
        made = 0

        @classmethod
        def new(cls, obj):
            cls.made += 1
            return Ctx()

    def fn(ctx, x):
        if Impl.made == 1:
            raise MemoryError
        return x

    _backend.register("demo6", "hw", Impl)
    run = _backend.bind("demo6", ())[2]
    try:
        return run(_Obj(), fn, "ok"), Impl.made
    finally:
        _backend.evict()


# -- the buffer rules (mpcrypto._util) ------------------------------------------------------


def _obj(kind):
    from array import array

    return {
        "bytes": b"abcd", "bytearray": bytearray(b"abcd"), "mv_bytes": memoryview(b"abcd"),
        "mv_bytearray": memoryview(bytearray(b"abcd")), "array_B": array("B", b"abcd"),
        "mv_slice": memoryview(bytearray(b"xxabcdxx"))[2:6], "mv_bytes_slice": memoryview(b"xxabcdxx")[2:6],
        "array_I": array("I", b"abcd"), "mv_array_I": memoryview(array("I", b"abcd")),
        "array_H": array("H", b"abcd"), "str": "abcd", "none": None, "int": 4, "float": 4.0,
    }[kind]


def rbuf_of(kind):
    """The bytes rbuf reads and its length (the byte count)."""
    from mpcrypto._util import rbuf

    b = rbuf(_obj(kind))
    return bytes(b), len(b)


def wbuf_of(kind):
    """'ok' when wbuf accepts the object as an output buffer."""
    from mpcrypto._util import wbuf

    wbuf(_obj(kind))
    return "ok"


def ct_eq_kinds(ka, kb):
    return _ct.ct_eq(_obj(ka), _obj(kb))


def ct_eq_at(a, ai, b, bi, n):
    return _ct.ct_eq_at(a, ai, b, bi, n)


def heap_of_checks():
    """Heap bytes allocated by rbuf/wbuf on the buffers of the bulk paths (must be 0)."""
    import gc
    from mpcrypto._util import rbuf, wbuf

    ba = bytearray(64)
    b = bytes(64)
    mv = memoryview(ba)[8:40]
    rbuf(ba), wbuf(ba), rbuf(mv), wbuf(mv), rbuf(b)
    gc.collect()
    gc.disable()
    a0 = gc.mem_alloc()
    rbuf(ba)
    wbuf(ba)
    rbuf(b)
    rbuf(mv)
    wbuf(mv)
    a1 = gc.mem_alloc()
    gc.enable()
    return a1 - a0


def ct_paths(backend, calls):
    # _ct's range check and offset comparison with the seam's primitive "ct" forced to
    # ``backend`` ("viper": mpcrypto._ct_viper; "python": the portable loops), and which
    # module served them.
    _backend.force("ct", backend)
    try:
        mod = _backend.helper("ct", _ct._CHAIN)
        out = []
        for c in calls:
            out.append(_ct.ct_in_range(c[1], c[2]) if c[0] == "range" else _ct.ct_eq_at(*c[1:]))
        return None if mod is None else mod.__name__, out
    finally:
        _backend.force("ct", None)
