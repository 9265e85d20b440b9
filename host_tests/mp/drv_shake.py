# Drivers for SHAKE128 / SHAKE256 (mpcrypto.hash.shake); runs on MicroPython.
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
