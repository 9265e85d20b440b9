# Drivers for ChaCha20 (mpcrypto.cipher.chacha20), Poly1305 (mpcrypto.mac.poly1305) and
# (X)ChaCha20-Poly1305 (mpcrypto.aead.chacha20poly1305); runs on MicroPython, called through
# host_tests/mp/mptest.py. Seam primitives "chacha20" and "poly1305".
from array import array

from mpcrypto.cipher.chacha20 import chacha20, hchacha20
from mpcrypto.mac.poly1305 import Poly1305
from mpcrypto.aead.chacha20poly1305 import ChaCha20Poly1305, XChaCha20Poly1305
import aead_checks


def _cls(kind):
    return XChaCha20Poly1305 if kind == "x" else ChaCha20Poly1305


def backend_of():
    from mpcrypto import _backend
    from mpcrypto.cipher import chacha20 as c
    from mpcrypto.mac import poly1305 as p

    return [_backend.select("chacha20", c._CHAIN)[0], _backend.select("poly1305", p._CHAIN)[0]]


def stream(key, nonce, counter, data, cuts):
    """ChaCha20 over data cut at the offsets ``cuts``, one object, encrypt and decrypt
    alternating (the same operation); returns the output."""
    return aead_checks.alternating(chacha20(key, nonce, counter), data, cuts)


def stream_into(key, nonce, counter, data):
    """encrypt into out_buf, in place, and into a memoryview: the three must agree."""
    out = bytearray(len(data))
    chacha20(key, nonce, counter).encrypt(data, out)
    buf = bytearray(data)
    r = chacha20(key, nonce, counter).encrypt(buf, buf)
    big = bytearray(len(data) + 5)
    chacha20(key, nonce, counter).encrypt(memoryview(data), memoryview(big)[:len(data)])
    return [bytes(out), bytes(buf), bytes(big[:len(data)]), r is None]


def stream_error(what):
    k = bytes(32)
    n = bytes(12)
    if what == "key31":
        chacha20(bytes(31), n)
    elif what == "key_str":
        chacha20("k" * 32, n)
    elif what == "nonce8":
        chacha20(k, bytes(8))
    elif what == "nonce16":
        chacha20(k, bytes(16))
    elif what == "nonce_none":
        chacha20(k, None)
    elif what == "counter_neg":
        chacha20(k, n, -1)
    elif what == "counter_big":
        chacha20(k, n, 1 << 32)
    elif what == "counter_str":
        chacha20(k, n, "1")
    elif what == "data_str":
        chacha20(k, n).encrypt("abc")
    elif what == "out_small":
        chacha20(k, n).encrypt(bytes(10), bytearray(9))
    elif what == "out_bytes":
        chacha20(k, n).encrypt(bytes(10), bytes(10))
    elif what == "wrap":
        # counter 2**32 - 2: two blocks fit, a third would wrap the 32-bit counter
        c = chacha20(k, n, 0xFFFFFFFE)
        c.encrypt(bytes(128))
        c.encrypt(b"")
        c.encrypt(bytes(1))
    elif what == "wrap_exact":
        c = chacha20(k, n, 0xFFFFFFFF)
        return len(c.encrypt(bytes(64)))
    elif what == "hchacha_nonce":
        hchacha20(k, bytes(12))
    else:
        return "unknown"
    return "no error"


def hchacha(key, nonce):
    return hchacha20(key, nonce)


def poly(key, msg, cuts):
    """Poly1305 tag of msg fed in pieces cut at ``cuts``; also generate_tag and verify_tag.
    Returns [tag, generate_tag equal, verify_tag passed, finalize_into equal]."""
    p = Poly1305(key)
    last = 0
    for k in list(cuts) + [len(msg)]:
        p.update(msg[last:k])
        last = k
    t = p.finalize()
    g = Poly1305.generate_tag(key, msg)
    Poly1305.verify_tag(key, msg, t)
    q = Poly1305(array("B", key))
    q.update(memoryview(msg))
    out = bytearray(16)
    q.finalize_into(out)
    return [t, g == t, True, bytes(out) == t]


def poly_error(what):
    k = bytes(range(32))
    if what == "key16":
        Poly1305(bytes(16))
    elif what == "key_str":
        Poly1305("k" * 32)
    elif what == "data_none":
        Poly1305(k).update(None)
    elif what == "update_after":
        p = Poly1305(k)
        p.finalize()
        p.update(b"x")
    elif what == "finalize_twice":
        p = Poly1305(k)
        p.finalize()
        p.finalize()
    elif what == "verify_bad":
        Poly1305.verify_tag(k, b"msg", bytes(16))
    elif what == "verify_short":
        t = Poly1305.generate_tag(k, b"msg")
        Poly1305.verify_tag(k, b"msg", t[:15])
    elif what == "verify_after":
        p = Poly1305(k)
        p.finalize()
        p.verify(bytes(16))
    else:
        return "unknown"
    return "no error"


def aead_case(kind, op, key, nonce, data, aad):
    """One AEAD case, op "e" or "d": bytes, or the error class name as a string."""
    try:
        a = _cls(kind)(key)
        return a.encrypt(nonce, data, aad) if op == "e" else a.decrypt(nonce, data, aad)
    except Exception as e:
        return type(e).__name__


def forms(kind, key, nonce, pt, aad):
    return aead_checks.forms(_cls(kind)(key), nonce, pt, aad)


def overlap(kind, key, nonce, data, aad, d, enc):
    return aead_checks.overlap(_cls(kind)(key), nonce, data, aad, d, enc)


def tamper(kind, key, nonce, pt, aad):
    return aead_checks.tamper(_cls(kind)(key), nonce, pt, aad)


def api_error(kind, what):
    k = bytes(32)
    nl = 24 if kind == "x" else 12
    n = bytes(nl)
    cls = _cls(kind)
    if what == "key31":
        cls(bytes(31))
    elif what == "key33":
        cls(bytes(33))
    elif what == "key_str":
        cls("k" * 32)
    elif what == "key_none":
        cls(None)
    elif what == "nonce_short":
        cls(k).encrypt(bytes(nl - 1), b"", b"")
    elif what == "nonce_long":
        cls(k).encrypt(bytes(nl + 1), b"", b"")
    elif what == "nonce_other":
        cls(k).encrypt(bytes(36 - nl), b"", b"")
    elif what == "nonce_str":
        cls(k).encrypt("n" * nl, b"", b"")
    elif what == "dec_nonce_short":
        cls(k).decrypt(bytes(nl - 1), bytes(16), b"")
    elif what == "aad_int":
        cls(k).encrypt(n, b"", 5)
    else:
        return aead_checks.api_error(cls, k, n, what)
    return "no error"


def heap(kind, n):
    """Heap bytes of one encrypt_into and one decrypt_into of n bytes into caller buffers,
    one ChaCha20 encrypt and one Poly1305 update of n bytes (collector off around each call),
    each after a warm-up call."""
    a = _cls(kind)(bytes(range(32)))
    nonce = bytes(24 if kind == "x" else 12)
    data = bytearray(n)
    aad = bytes(16)
    sealed = bytearray(n + 16)
    opened = bytearray(n)
    c = chacha20(bytes(32), bytes(12))
    out = bytearray(n)
    p = Poly1305(bytes(range(32)))
    return aead_checks.heap_per_call((lambda: a.encrypt_into(nonce, data, aad, sealed),
                                      lambda: a.decrypt_into(nonce, sealed, aad, opened),
                                      lambda: c.encrypt(data, out), lambda: p.update(data)))
