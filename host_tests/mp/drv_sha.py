# Drivers for every fixed-output hash (MD5, SHA-1, SHA-2, SHA-3, SM3) and HMAC
# (mpcrypto.mac.hmac): the hash contract is checked through the same functions for each.
# Runs on MicroPython; called through host_tests/mp/mptest.py.
from array import array

from mpcrypto.exceptions import InvalidSignature
from mpcrypto.mac import hmac


def _mod(name):
    # The public module of a hash, or of a seam primitive ("keccak": SHA-3's).
    if name.startswith("sha3_") or name == "keccak":
        from mpcrypto.hash import sha3 as mod
    elif name in ("sha224", "sha256"):
        from mpcrypto.hash import sha256 as mod
    elif name == "sm3":
        from mpcrypto.hash import sm3 as mod
    elif name == "md5":
        from mpcrypto.hash import md5 as mod
    elif name == "sha1":
        from mpcrypto.hash import sha1 as mod
    else:
        from mpcrypto.hash import sha512 as mod
    return mod


def _cls(name):
    return getattr(_mod(name), name)


def backend_of(prim):
    # The backend the seam picks now (after any force).
    from mpcrypto import _backend

    return _backend.select(prim, _mod(prim)._CHAIN)[0]


def attrs(name):
    h = _cls(name)()
    return (h.name, h.digest_size, h.block_size)


def digest(name, msg):
    return _cls(name)(msg).digest()


def hexdigest(name, msg):
    return _cls(name)(msg).hexdigest()


def has_viper():
    try:
        import micropython

        exec("@micropython.viper\ndef _f() -> int:\n    return 1\n", {"micropython": micropython})
    except Exception:
        return False
    return True


def monte(name, seed, count):
    # SHAVS Monte Carlo test (SHAVS §6.4): for each checkpoint j,
    #   MD0 = MD1 = MD2 = Seed; for i in 3..1002: MDi = H(MD(i-3) || MD(i-2) || MD(i-1));
    #   output MD1002, which is the next Seed.
    # Each checkpoint chains from the previous one, so the first `count` are checked.
    cls = _cls(name)
    out = []
    for _ in range(count):
        a = b = c = seed
        for _ in range(1000):
            h = cls(a)
            h.update(b)
            h.update(c)
            a, b, c = b, c, h.digest()
        seed = c
        out.append(seed)
    return out


def monte_sha3(name, seed, count):
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


def oneshot(name, msg, kind):
    # _util.digest (the class's ``oneshot`` for a Merkle-Damgard hash) over one kind of
    # buffer, or the TypeError of a value that is not one.
    from mpcrypto._util import digest
    x = {"bytes": msg, "bytearray": bytearray(msg), "memoryview": memoryview(msg),
         "slice": memoryview(bytearray(3) + msg + bytearray(2))[3:3 + len(msg)],
         "array": array("B", msg), "str": "abc", "none": None, "int": 5}[kind]
    return digest(_cls(name), x)


def bad_input(name, kind, where):
    x = {"str": "abc", "none": None, "int": 5, "float": 1.5}[kind]
    cls = _cls(name)
    if where == "ctor":
        cls(x)
    else:
        cls().update(x)
    return "accepted"


def heap_update(name, n):
    return update_heap(_cls(name)(), n)


def update_heap(h, n):
    # Heap bytes for one update() of n bytes into the prepared object h (gc.mem_alloc).
    import gc

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


# ---- HMAC ----

def hmac_digest(name, key, msg):
    return hmac.new(key, msg, digestmod=_cls(name)).digest()


def hmac_spellings(name, key, msg):
    # The class, our name and the standard's spelling ("SHA3-256") as digestmod: three
    # equal MACs, then the hexdigest.
    spelled = name.upper().replace("_", "-")
    m = hmac.new(key, msg, digestmod=name)
    return (hmac.new(key, msg, digestmod=_cls(name)).digest(), m.digest(), hmac.digest(key, msg, spelled),
            m.hexdigest())


def hmac_check(name, key, msg, tag, tlen, byname=False):
    # Wycheproof: the tag is the first tlen bytes of the HMAC. Full-length tags go through
    # verify() (InvalidSignature on mismatch); truncated ones through compare_digest.
    # ``byname``: the hash is looked up by its name (the name table), not passed as a class.
    m = hmac.new(key, msg, digestmod=name if byname else _cls(name))
    if tlen == m.digest_size:
        try:
            m.verify(tag)
        except InvalidSignature:
            return False
        return True
    return hmac.compare_digest(m.digest()[:tlen], tag)


def hmac_verify(name, key, msg, tag):
    hmac.new(key, msg, digestmod=_cls(name)).verify(tag)
    return "ok"


def hmac_splits(name, key, msg, step):
    cls = _cls(name)
    ref = hmac.new(key, msg, cls).digest()
    bad = []
    for i in range(0, len(msg) + 1, step):
        m = hmac.new(key, None, cls)
        m.update(msg[:i])
        d0 = m.digest()  # digest() mid-stream must not finalize
        m.update(msg[i:])
        if m.digest() != ref or d0 != hmac.new(key, msg[:i], cls).digest():
            bad.append(i)
    return ref, bad


def hmac_copy(name, key, a, b, c):
    m = hmac.new(key, a, _cls(name))
    k = m.copy()
    k.update(b)
    m.update(c)
    return m.digest(), k.digest(), m.hexdigest()


def hmac_attrs(name, spelled=None):
    # ``spelled``: the hash given by that name instead of its class.
    m = hmac.new(b"k", None, spelled or _cls(name))
    return m.name, m.digest_size, m.block_size


def hmac_bad(kind):
    from mpcrypto.hash.sha256 import sha256

    if kind == "str_key":
        hmac.new("key", b"m", sha256)
    elif kind == "none_key":
        hmac.new(None, b"m", sha256)
    elif kind == "no_digestmod":
        hmac.new(b"key", b"m")
    elif kind == "str_msg":
        hmac.new(b"key", "m", sha256)
    elif kind == "bad_name":
        hmac.new(b"key", b"m", "md4")
    elif kind == "str_update":
        hmac.new(b"key", None, sha256).update("m")
    return "accepted"


def compare_digest(a, b):
    return hmac.compare_digest(a, b)


def hmac_wide(name, key, msg, which):
    """HMAC with the key and/or message given as array('I') of the same bytes (lengths
    multiples of 4): must equal the HMAC of the bytes."""
    if which in ("key", "both"):
        key = array("I", bytes(key))
    if which in ("msg", "both"):
        msg = array("I", bytes(msg))
    m = hmac.new(key, None, _cls(name))
    m.update(msg)
    return m.digest(), hmac.new(key, msg, _cls(name)).digest()


def hmac_digestmod(kind):
    """hmac.new with a digestmod that is not a fixed-output hash: an XOF class or name."""
    from mpcrypto.hash import shake

    dm = {"shake_128": shake.shake_128, "shake_256": shake.shake_256, "name_shake": "shake_128",
          "object": object(), "int": 256}[kind]
    hmac.new(b"key", b"m", dm)
    return "accepted"


def hash_name(kind):
    """mpcrypto.hash.names.hash_class on a name (the class's .name comes back) or on one of
    the non-name kinds below."""
    from mpcrypto.hash.names import hash_class
    from mpcrypto.hash import shake

    special = {"<sha256>": _cls("sha256"), "<sm3>": _cls("sm3"), "<shake_128>": shake.shake_128,
               "<shake_256>": shake.shake_256, "<None>": None, "<object>": object(), "<int>": 5,
               "<bytes>": b"sha256"}
    return hash_class(special.get(kind, kind)).name


def wide_kinds(name, msg):
    """The message as arrays of 2-, 4- and machine-word-size items (array('H'), 'I', 'L')
    holding the same bytes (len(msg) % 8 == 0), through the constructor and update():
    each must hash as its bytes."""
    out = []
    for tc in "HIL":
        a = array(tc, bytes(msg))
        h = _cls(name)()
        h.update(a)
        out.append(h.digest())
        out.append(_cls(name)(memoryview(a)).digest())
    return out
