# Drivers for SHAKE128 / SHAKE256 (mpcrypto.hash.shake); runs on MicroPython. The seam
# primitive is "keccak" (shared with SHA-3, drv_sha.py).
from array import array

from mpcrypto.hash import shake as _mod


def shake(name, msg, outlen, split=None):
    h = getattr(_mod, name)()
    if split is None:
        h.update(msg)
    else:
        h.update(msg[:split])
        h2 = h.copy()
        h.update(msg[split:])
        h2.update(msg[split:])
        if h2.digest(outlen) != h.digest(outlen):
            raise ValueError("copy differs")
    return h.digest(outlen)


def shake_hex(name, msg, outlen):
    return getattr(_mod, name)(msg).hexdigest(outlen)


def shake_wide(name, msg, outlen):
    """The message as array('I') of the same bytes (len % 4 == 0), through the constructor
    and through update(): both must equal the output for the bytes."""
    w = array("I", bytes(msg))
    h = getattr(_mod, name)()
    h.update(w)
    return getattr(_mod, name)(w).digest(outlen), h.digest(outlen)


def shake_len(name, outlen):
    """len(digest(outlen)), or the error: the output bound."""
    return len(getattr(_mod, name)(b"abc").digest(outlen))


def max_output():
    return _mod.MAX_OUTPUT


def backend_of():
    # The backend the seam picks now (after any force).
    from mpcrypto import _backend

    return _backend.select("keccak", _mod._CHAIN)[0]


def monte(name, msg, minb, maxb, count):
    # SHA3VS §6.3.3 (SHAKE Monte Carlo), lengths in bytes: Msg_i = the first 16 bytes of
    # Output_i-1 (zero-padded), Output_i = SHAKE(Msg_i, outlen), then
    # outlen = minb + (the last two bytes of Output_i, big-endian) mod (maxb - minb + 1).
    # The first outlen is maxb; each checkpoint is Output_1000.
    cls = getattr(_mod, name)
    out = []
    outlen = maxb
    o = msg
    for _ in range(count):
        for _ in range(1000):
            m = o[:16]
            if len(m) < 16:
                m = m + bytes(16 - len(m))
            o = cls(m).digest(outlen)
            outlen = minb + ((o[-2] << 8) | o[-1]) % (maxb - minb + 1)
        out.append(o)
    return out


def twice(name, m1, m2):
    # digest(100), digest(400) of the same state, then update() and digest(50).
    h = getattr(_mod, name)(m1)
    d1 = h.digest(100)
    d2 = h.digest(400)
    h.update(m2)
    return d1, d2, h.digest(50)


def heap_update(name, n):
    import drv_sha

    return drv_sha.update_heap(getattr(_mod, name)(), n)
