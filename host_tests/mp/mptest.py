# MicroPython side of the host test harness (runs on the target, not on CPython).
#
# The host sends a script that calls run(driver, func, cases, force). For each case the
# driver function is called and one line is printed:
#   "R <repr(result)>"                  the call returned
#   "E <ExceptionClassName> <message>"  the call raised
# The host reads these lines back in order; anything else on stdout is ignored.

import gc


def _force(force):
    if force:
        from mpcrypto import _backend

        for prim in force:
            _backend.force(prim, force[prim])


def run(driver, func, cases, force=None):
    _force(force)
    mod = __import__(driver)
    fn = getattr(mod, func)
    for case in cases:
        try:
            r = fn(*case)
        except Exception as e:
            msg = str(e).replace("\n", " ")
            print("E", type(e).__name__, msg)
        else:
            print("R", repr(r))
    print("DONE")


def _room():
    # The harness's own allocation failed: drop the library's cached contexts (rebuilt on
    # their next use, as the seam does when the library itself runs out) and collect. On a
    # 96 KB heap the contexts of several curves can leave no 1 KB block for the next piece.
    try:
        from mpcrypto import _backend
    except ImportError:
        gc.collect()
    else:
        _backend.evict()


class _Reader:
    # A case file read in 1 KB pieces (one request each through a device's mount), not a
    # request per field; a long value is read straight into its own buffer, so it takes one
    # block of the heap, not three.
    def __init__(self, path):
        self.f = open(path, "rb")
        self.buf = b""
        self.pos = 0
        self.piece = bytearray(1024)  # each piece is read into this block

    def take(self, n):
        have = len(self.buf) - self.pos
        if n <= have:
            self.pos += n
            return self.buf[self.pos - n:self.pos]
        if n > 1024:
            out = bytearray(n)
            out[:have] = self.buf[self.pos:]
            self.buf, self.pos = b"", 0
            mv = memoryview(out)
            while have < n:
                got = self.f.readinto(mv[have:])
                if not got:
                    raise ValueError("case file ends early")
                have += got
            return out
        # into the reader's own block: mpremote's read() allocates only once the host has sent
        # the bytes, so a MemoryError there would lose them
        chunk = memoryview(self.piece)[:self.f.readinto(self.piece)]
        rest = self.buf[self.pos:]
        self.buf = b""
        try:
            self.buf = rest + chunk
        except MemoryError:  # read already: the one retry must not read again
            _room()
            self.buf = rest + chunk
        self.pos = 0
        if len(self.buf) < n:
            raise ValueError("case file ends early")
        return self.take(n)


def _utf8(b):
    return str(b, "utf-8")


def _value(r):
    # One value of the form harness.encode_cases writes.
    t = r.take(1)
    if t == b"N":
        return None
    if t == b"T":
        return True
    if t == b"F":
        return False
    n = int.from_bytes(r.take(4), "big")
    if t in (b"b", b"a", b"s"):
        v = r.take(n)
        conv = bytes if t == b"b" else bytearray if t == b"a" else _utf8
        try:
            return conv(v)
        except MemoryError:  # a long value's copy (Wycheproof's 4 KB signatures) beside the
            _room()  # library's cached contexts: they go, as in _Reader.take
            return conv(v)
    if t == b"i":
        return int(str(r.take(n), "ascii"))
    if t == b"f":
        return float(str(r.take(n), "ascii"))
    items = [_value(r) for _ in range(n)]
    if t == b"t":
        return tuple(items)
    if t == b"l":
        return items
    if t == b"d":
        return dict(zip(items[0::2], items[1::2]))
    raise ValueError("case file: unknown tag %r" % t)


def _emit(v):
    # print(repr(v), end="") without building the whole repr: long bytes and str go out in
    # pieces that the host's parser joins again (adjacent literals), so a result as large as
    # the heap's largest free block can still be sent.
    t = type(v)
    if t in (bytes, str) and len(v) > 256:
        print("(", end="")
        for i in range(0, len(v), 256):
            print(repr(v[i:i + 256]), end=" ")
        print(")", end="")
    elif t in (tuple, list):
        print("(" if t is tuple else "[", end="")
        for x in v:
            _emit(x)
            print(",", end="")
        print(")" if t is tuple else "]", end="")
    elif t is dict:
        print("{", end="")
        for k in v:
            _emit(k)
            print(":", end="")
            _emit(v[k])
            print(",", end="")
        print("}", end="")
    else:
        print(repr(v), end="")


def run_file(driver, func, path, count, force=None):
    """run() over the ``count`` cases of a case file, decoded one at a time."""
    _force(force)
    fn = getattr(__import__(driver), func)
    r = _Reader(path)
    for k in range(count):
        case = _value(r)
        if k == count - 1:  # all read: the reader's buffer goes before the last call
            r.f.close()
            r = None
        gc.collect()  # the decoding's garbage, so the call starts on a clean heap
        try:
            res = fn(*case)
        except Exception as e:
            print("E", type(e).__name__, str(e).replace("\n", " "))
        else:
            print("R ", end="")
            _emit(res)
            print()
        case = res = None
    if r is not None:
        r.f.close()
    print("DONE")


def backends(module):
    mod = __import__(module, None, None, ("backends",))
    print("R", repr(mod.backends()))
    print("DONE")


def echo(*args):
    # The harness's own check: a case comes back as it was sent (a bytearray as
    # ("bytearray", its bytes): its repr is not a literal the host reads back).
    def back(v):
        if type(v) is bytearray:
            return ("bytearray", bytes(v))
        if type(v) in (tuple, list):
            return type(v)(back(x) for x in v)
        if type(v) is dict:
            return {back(k): back(x) for k, x in v.items()}
        return v

    return back(args)
