"""Argument helpers shared by the public-key modules (the symmetric modules validate buffers
without copying, in ``cipher/aes.py``).

- ``as_bytes(data)``: an immutable copy of any buffer-protocol object; ``str``, ``None`` and
  ``int`` raise TypeError (``str`` has the buffer protocol in MicroPython, so it is rejected
  explicitly).
- ``sized_bytes(data, size)``: the same, and ValueError unless it is ``size`` bytes long.
- ``resolve_rng(rng)``: the randomness every key generation and blinding takes: the caller's
  callable ``rng(nbytes) -> bytes``, or by default ``os.urandom`` (the board's TRNG-backed
  source where the port provides one). Without any entropy source it raises
  UnsupportedAlgorithm: there is no fallback to the ``random`` module.
"""

from mpcrypto.exceptions import UnsupportedAlgorithm


def as_bytes(data):
    if isinstance(data, str) or data is None or isinstance(data, int):
        raise TypeError("bytes required")
    return bytes(memoryview(data))


def sized_bytes(data, size):
    data = as_bytes(data)
    if len(data) != size:
        raise ValueError("key must be %d bytes" % size)
    return data


def resolve_rng(rng):
    if rng is not None:
        if not callable(rng):
            raise TypeError("rng must be callable")
        return rng
    try:
        import os

        return os.urandom
    except (ImportError, AttributeError):
        raise UnsupportedAlgorithm("no entropy source")
