# Drivers for SM3 (mpcrypto.hash.sm3) and HMAC-SM3. Runs on MicroPython via mptest.py.
from array import array

from mpcrypto.exceptions import InvalidSignature
from mpcrypto.hash.sm3 import sm3
from mpcrypto.mac import hmac


def backend_of():
    from mpcrypto import _backend
    from mpcrypto.hash.sm3 import _CHAIN

    return _backend.select("sm3", _CHAIN)[0]


def attrs():
    h = sm3()
    return (h.name, h.digest_size, h.block_size)


def digest(msg):
    return sm3(msg).digest()


def hexdigest(msg):
    return sm3(msg).hexdigest()


def splits(msg):
    # Incremental vs one-shot at every split point, plus a three-way split around each
    # point; returns (one-shot digest, split points that disagreed).
    ref = sm3(msg).digest()
    bad = []
    mv = memoryview(msg)
    n = len(msg)
    for i in range(n + 1):
        h = sm3()
        h.update(mv[:i])
        h.update(mv[i:])
        j = (i * 7 + 13) % (n + 1)
        lo, hi = (i, j) if i <= j else (j, i)
        g = sm3(msg[:lo])
        g.update(msg[lo:hi])
        g.update(msg[hi:])
        if h.digest() != ref or g.digest() != ref:
            bad.append(i)
    return ref, bad


def twice(m1, m2):
    # digest() twice, hexdigest(), then update() after digest().
    h = sm3(m1)
    d1 = h.digest()
    d2 = h.digest()
    x = h.hexdigest()
    h.update(m2)
    return d1, d2, x, h.digest()


def copies(a, b, c):
    h = sm3(a)
    k = h.copy()
    k.update(b)
    h.update(c)
    k2 = k.copy()
    return h.digest(), k.digest(), k2.digest()


def kinds(msg):
    # The same message through every kind of buffer the API accepts.
    big = bytearray(7) + msg + bytearray(5)
    out = [
        sm3(msg).digest(),
        sm3(bytearray(msg)).digest(),
        sm3(memoryview(msg)).digest(),
        sm3(memoryview(big)[7:7 + len(msg)]).digest(),
        sm3(array("B", msg)).digest(),
    ]
    h = sm3()
    h.update(memoryview(big)[7:7 + len(msg)])
    out.append(h.digest())
    return out


def bad_input(kind, where):
    x = {"str": "abc", "none": None, "int": 5, "float": 1.5}[kind]
    if where == "ctor":
        sm3(x)
    else:
        sm3().update(x)
    return "accepted"


def heap_update(n):
    # Heap bytes for two update() calls of n bytes (a multiple of 64) into a prepared object.
    import gc

    h = sm3()
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


def hmac_check(key, msg, tag, tlen):
    # Wycheproof HMAC: full-length tags through verify(), truncated ones by comparing the
    # first tlen bytes. HMAC is looked up by name ("sm3") to cover the name table.
    m = hmac.new(key, msg, digestmod="sm3")
    if tlen == m.digest_size:
        try:
            m.verify(tag)
        except InvalidSignature:
            return False
        return True
    return hmac.compare_digest(m.digest()[:tlen], tag)


def hmac_attrs():
    m = hmac.new(b"k", None, "SM3")
    return m.name, m.digest_size, m.block_size
