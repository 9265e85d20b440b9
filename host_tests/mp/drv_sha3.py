# Drivers for SHA-3 (mpcrypto.hash.sha3) and HMAC-SHA3; runs on MicroPython, called through
# host_tests/mp/mptest.py. The seam primitive is "keccak" (shared with SHAKE).
from array import array

from mpcrypto.hash import sha3 as _mod
from mpcrypto.exceptions import InvalidSignature
from mpcrypto.mac import hmac


def _cls(name):
    return getattr(_mod, name)


def backend_of():
    # The backend the seam picks now (after any force).
    from mpcrypto import _backend

    return _backend.select("keccak", _mod._CHAIN)[0]


def has_viper():
    try:
        import micropython

        exec("@micropython.viper\ndef _f() -> int:\n    return 1\n", {"micropython": micropython})
    except Exception:
        return False
    return True


def attrs(name):
    h = _cls(name)()
    return (h.name, h.digest_size, h.block_size)


def digest(name, msg):
    return _cls(name)(msg).digest()


def monte(name, seed, count):
    # SHA3VS §6.2.3: MD_0 = Seed; MD_i = SHA3(MD_i-1), i = 1..1000; the checkpoint is
    # MD_1000, which seeds the next one.
    cls = _cls(name)
    out = []
    md = seed
    for _ in range(count):
        for _ in range(1000):
            md = cls(md).digest()
        out.append(md)
    return out


def splits(name, msg):
    # Incremental vs one-shot at every split point, and a three-way split around each
    # point; returns (one-shot digest, split points that disagreed).
    cls = _cls(name)
    ref = cls(msg).digest()
    bad = []
    mv = memoryview(msg)
    n = len(msg)
    for i in range(n + 1):
        h = cls()
        h.update(mv[:i])
        h.update(mv[i:])
        j = (i * 7 + 13) % (n + 1)
        lo, hi = (i, j) if i <= j else (j, i)
        g = cls(msg[:lo])
        g.update(msg[lo:hi])
        g.update(msg[hi:])
        if h.digest() != ref or g.digest() != ref:
            bad.append(i)
    return ref, bad


def twice(name, m1, m2):
    # digest() twice, then update() after digest().
    h = _cls(name)(m1)
    d1 = h.digest()
    d2 = h.digest()
    x = h.hexdigest()
    h.update(m2)
    return d1, d2, x, h.digest()


def copies(name, a, b, c):
    # A copy and its source evolve independently.
    h = _cls(name)(a)
    k = h.copy()
    k.update(b)
    h.update(c)
    k2 = k.copy()
    return h.digest(), k.digest(), k2.digest()


def kinds(name, msg):
    # The same message through every kind of buffer the API accepts.
    cls = _cls(name)
    big = bytearray(7) + msg + bytearray(5)
    out = [
        cls(msg).digest(),
        cls(bytearray(msg)).digest(),
        cls(memoryview(msg)).digest(),
        cls(memoryview(big)[7:7 + len(msg)]).digest(),
        cls(array("B", msg)).digest(),
    ]
    h = cls()
    h.update(memoryview(big)[7:7 + len(msg)])
    out.append(h.digest())
    return out


def wide_kinds(name, msg):
    """The message as arrays of 2-, 4- and machine-word-size items (array('H'), 'I', 'L')
    holding the same bytes (len(msg) % 8 == 0), through the constructor and update()."""
    out = []
    for tc in "HIL":
        a = array(tc, bytes(msg))
        h = _cls(name)()
        h.update(a)
        out.append(h.digest())
        out.append(_cls(name)(memoryview(a)).digest())
    return out


def bad_input(name, kind, where):
    x = {"str": "abc", "none": None, "int": 5, "float": 1.5}[kind]
    cls = _cls(name)
    if where == "ctor":
        cls(x)
    else:
        cls().update(x)
    return "accepted"


def heap_update(name, n):
    # Heap bytes for one update() of n bytes into a prepared object (gc.mem_alloc).
    import gc

    h = _cls(name)()
    buf = bytes(n)
    h.update(buf)
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    h.update(buf)
    h.update(buf)
    b = gc.mem_alloc()
    gc.enable()
    return b - a


# ---- HMAC-SHA3 ----

def hmac_digest(name, key, msg):
    # The class, the name and the "SHA3-256" spelling as digestmod: three equal MACs.
    spelled = "SHA3-" + name[5:]
    return (hmac.new(key, msg, digestmod=_cls(name)).digest(), hmac.new(key, msg, digestmod=name).digest(),
            hmac.digest(key, msg, spelled))


def hmac_check(name, key, msg, tag, tlen):
    # Wycheproof: the tag is the first tlen bytes of the HMAC. Full-length tags go through
    # verify() (InvalidSignature on mismatch); truncated ones through compare_digest.
    m = hmac.new(key, msg, digestmod=_cls(name))
    if tlen == m.digest_size:
        try:
            m.verify(tag)
        except InvalidSignature:
            return False
        return True
    return hmac.compare_digest(m.digest()[:tlen], tag)


def hash_name(name):
    from mpcrypto.hash.names import hash_class

    return hash_class(name).name
