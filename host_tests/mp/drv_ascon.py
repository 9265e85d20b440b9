# Drivers for Ascon-AEAD128 (mpcrypto.aead.ascon) and Ascon-Hash256 / XOF128 / CXOF128
# (mpcrypto.hash.ascon_hash); runs on MicroPython, called through host_tests/mp/mptest.py.
# Seam primitive "ascon".
from array import array

from mpcrypto.aead.ascon import AsconAEAD128
from mpcrypto.hash import ascon_hash as _h
import aead_checks


def backend_of():
    from mpcrypto import _backend
    from mpcrypto.hash import _ascon

    return _backend.select("ascon", _ascon._CHAIN)[0]


def aead_case(op, key, nonce, data, aad):
    """One AEAD case, op "e" or "d": bytes, or the error class name as a string."""
    try:
        a = AsconAEAD128(key)
        return a.encrypt(nonce, data, aad) if op == "e" else a.decrypt(nonce, data, aad)
    except Exception as e:
        return type(e).__name__


def forms(key, nonce, pt, aad):
    return aead_checks.forms(AsconAEAD128(key), nonce, pt, aad)


def overlap(key, nonce, data, aad, d, enc):
    return aead_checks.overlap(AsconAEAD128(key), nonce, data, aad, d, enc)


def tamper(key, nonce, pt, aad):
    return aead_checks.tamper(AsconAEAD128(key), nonce, pt, aad)


def api_error(what):
    k = bytes(16)
    n = bytes(16)
    if what == "key15":
        AsconAEAD128(bytes(15))
    elif what == "key32":
        AsconAEAD128(bytes(32))
    elif what == "key_str":
        AsconAEAD128("k" * 16)
    elif what == "key_none":
        AsconAEAD128(None)
    elif what == "nonce12":
        AsconAEAD128(k).encrypt(bytes(12), b"", b"")
    elif what == "nonce17":
        AsconAEAD128(k).encrypt(bytes(17), b"", b"")
    elif what == "dec_nonce15":
        AsconAEAD128(k).decrypt(bytes(15), bytes(16), b"")
    elif what == "nonce_str":
        AsconAEAD128(k).encrypt("n" * 16, b"", b"")
    elif what == "hash_str":
        _h.ascon_hash256("abc")
    elif what == "hash_none":
        _h.ascon_hash256(None)
    elif what == "xof_len_neg":
        _h.ascon_xof128(b"").digest(-1)
    elif what == "xof_len_big":
        _h.ascon_xof128(b"").digest(_h.MAX_OUTPUT + 1)
    elif what == "xof_len_str":
        _h.ascon_xof128(b"").digest("8")
    elif what == "cxof_z_long":
        _h.ascon_cxof128(b"", bytes(257))
    elif what == "cxof_z_str":
        _h.ascon_cxof128(b"", "z")
    else:
        return aead_checks.api_error(AsconAEAD128, k, n, what)
    return "no error"


def digest(name, msg, n):
    """Ascon-Hash256 digest (n ignored) or an XOF's first n bytes."""
    h = getattr(_h, name)(msg)
    return h.digest() if name == "ascon_hash256" else h.digest(n)


def digests(cases):
    return [digest(*c) for c in cases]


def cxof(msg, z, n):
    return _h.ascon_cxof128(msg, customization=z).digest(n)


def attrs(name):
    h = getattr(_h, name)()
    return [h.name, h.digest_size, h.block_size]


def splits(name, msg, n):
    """Incremental vs one-shot at every split point and a three-way split; copy() midway;
    digest twice and update after digest. Returns (one-shot, bad split points, extra ok)."""
    cls = getattr(_h, name)

    def d(h):
        return h.digest() if name == "ascon_hash256" else h.digest(n)

    ref = d(cls(msg))
    bad = []
    mv = memoryview(msg)
    L = len(msg)
    for i in range(L + 1):
        h = cls()
        h.update(mv[:i])
        c = h.copy()
        h.update(mv[i:])
        c.update(msg[i:])
        j = (i * 7 + 3) % (L + 1)
        lo, hi = (i, j) if i <= j else (j, i)
        g = cls(msg[:lo])
        g.update(msg[lo:hi])
        g.update(msg[hi:])
        if d(h) != ref or d(g) != ref or d(c) != ref:
            bad.append(i)
    h = cls(msg[:3])
    d1 = d(h)
    ok = d(h) == d1
    h.update(msg[3:])
    ok = ok and d(h) == ref and d(cls(array("B", msg))) == ref
    return [ref, bad, ok]


def heap(n):
    """Heap bytes of one AEAD encrypt_into and decrypt_into of n bytes (n a multiple of 16)
    into caller buffers, and one hash update of n bytes (collector off around each call)."""
    a = AsconAEAD128(bytes(range(16)))
    nonce = bytes(16)
    data = bytearray(n)
    aad = bytes(16)
    sealed = bytearray(n + 16)
    opened = bytearray(n)
    h = _h.ascon_hash256(data)
    return aead_checks.heap_per_call((lambda: a.encrypt_into(nonce, data, aad, sealed),
                                      lambda: a.decrypt_into(nonce, sealed, aad, opened), lambda: h.update(data)))
