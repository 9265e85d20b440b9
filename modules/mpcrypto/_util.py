"""Argument helpers shared by every public module: the one place the buffer rules live.

Buffer policy (every public entry point follows it):

- An input buffer is read as its bytes, whatever its item type: an ``array('I')`` of 16 items
  is 64 bytes of input (as in CPython's ``hashlib`` and pyca), never 16. ``str``, ``None``
  and ``int`` raise TypeError (``str`` has the buffer protocol in MicroPython, so it is
  rejected explicitly); so does any object without the buffer protocol.
- An output buffer (``out_buf``, the ``out`` of ``*_into``) must be writable and made of
  bytes: a ``bytearray``, an ``array('B')`` or a memoryview of one. ``bytes``, a read-only
  memoryview (``memoryview(b"...")``) or an array of wider items raise TypeError, and they
  do so before anything is written anywhere. (Viper kernels write through raw pointers,
  which would otherwise modify a ``bytes`` object in place.)

Helpers:

- ``rbuf(x)``: ``x`` itself for ``bytes`` and ``bytearray``; a byte-indexed view or copy of
  any other buffer (no copy, no allocation for a memoryview of bytearray; a copy for arrays
  of wider items). ``len(rbuf(x))`` is the length in bytes.
- ``wbuf(x)``: ``x`` if it is a writable byte buffer, else TypeError. Allocates nothing for
  a ``bytearray`` or a memoryview of one.
- ``as_bytes(data)``: an immutable copy of any buffer, under the same input rule.
- ``sized_bytes(data, size)``: the same, and ValueError unless it is ``size`` bytes long.
- ``bits(x)``: the bit length of an int x >= 0 (MicroPython ints have no ``bit_length()``),
  for ``pk/mpi`` and ``ec/curves``.
- ``inv_vt(x, m)``: x^-1 mod m (x != 0 mod m, m > 1) by the extended Euclidean algorithm, for
  ``pk/modexp.inverse`` and ``ec/field/bigint``. VARIABLE TIME: for public values, or values
  blinded by a secret the caller chose.
- ``unix_time()``: seconds since 1970-01-01 UTC from ``time.time()``, on ports whose epoch is
  2000 (``time.gmtime(0)``) too: the clock of TLS certificate checks and JWT claims.
- ``neg_inv(q, lb)``: -q^-1 mod 2^lb for an odd q, lb <= 32 (Newton's iteration): the
  Montgomery constant of the limb arenas of ``pk/_mpi_common`` and ``ec/field/engine``.
  Public moduli only.
- ``resolve_rng(rng)``: the randomness every key generation and blinding takes: the caller's
  callable ``rng(nbytes) -> bytes``; by default ``mpcrypto.random.rng.random_bytes``, the
  process-wide SP 800-90A HMAC_DRBG seeded from ``entropy_source()`` through the SP 800-90B
  health tests of ``mpcrypto.random.entropy``. Without any entropy source it raises
  UnsupportedAlgorithm("no entropy source") (on first use): there is no fallback to the
  ``random`` module. (A firmware without ``mpcrypto/random/rng.py`` gets the raw source if
  it is full entropy; a board source credited with less, the Kinetis RNGA's words at one bit
  each, raises UnsupportedAlgorithm("entropy source needs mpcrypto.random") instead.)
- ``entropy_source()``: the raw source the default DRBG is seeded from: the entropy source
  a board driver registered (``_backend.register("entropy", name, impl)``,
  ``impl.urandom(nbytes)``, with ``min_entropy`` bits credited per ``sample_bytes``-byte
  sample: the Kinetis RNGA's raw words, 1 bit per 4 bytes), else ``os.urandom`` (the port's
  own source); UnsupportedAlgorithm where there is neither. Raw: not key material unless
  full entropy (``mpcrypto.random.entropy`` health-tests it and a DRBG conditions it).

How the item size is found without ``memoryview.itemsize`` (absent from most builds): a
zero-length slice assignment ``mv[0:0] = b""`` succeeds on a writable byte view without
allocating, raises ValueError when the items are wider than a byte ("lhs and rhs should be
compatible") and TypeError when the view is read-only. A read-only view is then measured
exactly by copying its first item (``bytes(mv[:1])``, two small objects).
"""

from mpcrypto import _backend
from mpcrypto.exceptions import UnsupportedAlgorithm


def _probe(mv):
    # 1: writable with byte items; 2: wider items; 0: read-only.
    try:
        mv[0:0] = b""
    except TypeError:
        return 0
    except ValueError:
        return 2
    return 1


def rbuf(x):
    t = type(x)
    if t is bytes or t is bytearray:
        return x
    if t is str or x is None or t is int:
        raise TypeError("bytes required")
    mv = x if t is memoryview else memoryview(x)  # TypeError without the buffer protocol
    p = _probe(mv)
    if p == 1:
        return mv
    if p == 2 or (len(mv) and len(bytes(mv[:1])) != 1):
        return bytes(mv)  # the bytes of the items, in memory order
    return mv


def wbuf(x):
    t = type(x)
    if t is bytearray:
        return x
    if t is str or t is bytes or x is None or t is int:
        raise TypeError("writable buffer required")
    if _probe(x if t is memoryview else memoryview(x)) != 1:
        raise TypeError("writable buffer required")
    return x


def as_bytes(data):
    return bytes(rbuf(data))


def sized_bytes(data, size):
    data = as_bytes(data)
    if len(data) != size:
        raise ValueError("key must be %d bytes" % size)
    return data


def digest(hashcls, data):
    """``hashcls(data).digest()``, through the class's ``oneshot`` where it has one (the
    Merkle-Damgård hashes: no hash object for a message hashed once)."""
    f = getattr(hashcls, "oneshot", None)
    if f is None:
        return hashcls(data).digest()
    return f(data)


def bits(x):
    # From its hex digits: one string instead of a big-int shift per bit.
    if x == 0:
        return 0
    h = "%x" % x
    top = int(h[0], 16)
    n = 4 * (len(h) - 1)
    while top:
        top >>= 1
        n += 1
    return n


def inv_vt(x, m):
    a, b = x % m, m
    u, v = 1, 0
    while a:
        q, r = divmod(b, a)
        a, b = r, a
        u, v = v - q * u, u
    return v % m


def neg_inv(q, lb):
    # Each step doubles the correct low bits: 5 steps from 1 bit give 32.
    m = (1 << lb) - 1
    inv = 1
    for _ in range(5):
        inv = inv * (2 - q * inv) & m
    return (-inv) & m


def resolve_rng(rng):
    if rng is not None:
        if not callable(rng):
            raise TypeError("rng must be callable")
        return rng
    raw = entropy_source()  # UnsupportedAlgorithm now, where there is no source at all
    try:
        # By name (as hash/names.py imports hashes), so that the core package does not
        # depend on the DRBG packages; without them installed, the raw source, if it is full
        # entropy (os.urandom, or a board source credited 8 bits per byte).
        return __import__("mpcrypto.random.rng", None, None, ("random_bytes",)).random_bytes
    except ImportError:
        hw = _backend.hardware("entropy")
        if hw is not None and getattr(hw, "min_entropy", 8) < 8 * getattr(hw, "sample_bytes", 1):
            # Samples below full entropy (the Kinetis RNGA's words) are not key material:
            # only a DRBG's derivation conditions them.
            raise UnsupportedAlgorithm("entropy source needs mpcrypto.random")
        return raw


def entropy_source():
    hw = _backend.hardware("entropy")
    if hw is not None:
        return hw.urandom
    try:
        import os

        return os.urandom
    except (ImportError, AttributeError):
        raise UnsupportedAlgorithm("no entropy source")


def unix_time():
    import time

    t = int(time.time())
    # 946684800: 1970-01-01 to 2000-01-01 in seconds, on ports whose time.time() counts from 2000
    return t + 946684800 if time.gmtime(0)[0] == 2000 else t
