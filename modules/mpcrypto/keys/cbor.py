"""CBOR (RFC 8949), the strict subset that COSE (``mpcrypto.cose``) needs.

    from mpcrypto.keys import cbor
    data = cbor.dumps([1, -7, b"\\x00", "text", {1: -7}, None, cbor.Tag(18, [])])
    value = cbor.loads(data)

Types: integers from -2**64 to 2**64 - 1 (major types 0 and 1), byte strings (``bytes``;
``bytearray`` and memoryview are written as byte strings), text strings (``str``, UTF-8),
arrays (``list``; ``tuple`` written as an array), maps (``dict``), tags (``Tag(number,
value)``), ``False``, ``True`` and ``None``.

``dumps`` writes the preferred serialization of §4.2.1 (each argument in its shortest form,
definite lengths), map entries in the order of the dict. ``loads`` reads one data item that
must fill ``data`` exactly and raises ValueError for anything else: an argument not in its
shortest form, an indefinite length, a reserved additional-information value, floats,
``undefined`` and the other simple values, text that is not UTF-8, a map key that repeats or
is not an integer, a text or a byte string, nesting deeper than 16, truncated input. What it
accepts it writes back byte for byte, but for the order of map entries: a MicroPython dict
does not keep the order it was filled in.
"""

from mpcrypto._util import rbuf


class Tag:
    """A tagged data item (major type 6): ``number`` and ``value``."""

    def __init__(self, number, value):
        self.number = number
        self.value = value

    def __eq__(self, other):
        return isinstance(other, Tag) and other.number == self.number and other.value == self.value

    def __repr__(self):
        return "Tag(%d, %r)" % (self.number, self.value)


def _head(out, major, n):
    # The initial byte and the argument n in its shortest form (§3, §4.2.1).
    if n < 24:
        out.append(major << 5 | n)
    elif n < 0x100:
        out.append(major << 5 | 24)
        out.append(n)
    elif n < 0x10000:
        out.append(major << 5 | 25)
        out += n.to_bytes(2, "big")
    elif n < 0x100000000:
        out.append(major << 5 | 26)
        out += n.to_bytes(4, "big")
    elif n < 0x10000000000000000:
        out.append(major << 5 | 27)
        out += n.to_bytes(8, "big")
    else:
        raise ValueError("integer too large for CBOR")


def _dump(out, v):
    if v is None:
        out.append(0xF6)
    elif v is True:
        out.append(0xF5)
    elif v is False:
        out.append(0xF4)
    elif isinstance(v, int):
        if v >= 0:
            _head(out, 0, v)
        else:
            _head(out, 1, -1 - v)
    elif isinstance(v, str):
        b = v.encode()
        _head(out, 3, len(b))
        out += b
    elif isinstance(v, (list, tuple)):
        _head(out, 4, len(v))
        for x in v:
            _dump(out, x)
    elif isinstance(v, dict):
        _head(out, 5, len(v))
        for k in v:
            _dump(out, k)
            _dump(out, v[k])
    elif isinstance(v, Tag):
        _head(out, 6, v.number)
        _dump(out, v.value)
    else:
        b = rbuf(v)  # TypeError for what is neither a buffer nor a type above
        _head(out, 2, len(b))
        out += b


def dumps(value):
    """The CBOR encoding (bytes) of ``value``."""
    out = bytearray()
    _dump(out, value)
    return bytes(out)


def _arg(m, i, end, ai):
    # The argument after the initial byte at i - 1 (additional information ai); (n, next).
    if ai < 24:
        return ai, i
    if ai > 27:
        raise ValueError("CBOR: indefinite or reserved length")
    w = 1 << (ai - 24)
    if i + w > end:
        raise ValueError("CBOR: truncated")
    n = int.from_bytes(bytes(m[i:i + w]), "big")
    if n < (24 if w == 1 else 1 << (4 * w)):  # 1 << 4w: the largest value of half the width, + 1
        raise ValueError("CBOR: not in shortest form")
    return n, i + w


def _text(b):
    # ``b`` as str if it is UTF-8 (RFC 3629 §4: shortest forms, no surrogates, at most
    # U+10FFFF), else ValueError. MicroPython's decode does not check all of that.
    try:
        s = b.decode()
    except UnicodeError:
        raise ValueError("CBOR: text is not UTF-8")
    if len(s) == len(b):  # ASCII only
        return s
    i, n = 0, len(b)
    while i < n:
        c = b[i]
        if c < 0x80:
            i += 1
            continue
        if 0xC2 <= c <= 0xDF:
            k, lo, hi = 1, 0x80, 0xBF
        elif 0xE0 <= c <= 0xEF:
            k, lo, hi = 2, (0xA0 if c == 0xE0 else 0x80), (0x9F if c == 0xED else 0xBF)
        elif 0xF0 <= c <= 0xF4:
            k, lo, hi = 3, (0x90 if c == 0xF0 else 0x80), (0x8F if c == 0xF4 else 0xBF)
        else:
            raise ValueError("CBOR: text is not UTF-8")
        if i + k >= n:  # the sequence runs past the end
            raise ValueError("CBOR: text is not UTF-8")
        if not lo <= b[i + 1] <= hi:
            raise ValueError("CBOR: text is not UTF-8")
        for j in range(i + 2, i + k + 1):
            if not 0x80 <= b[j] <= 0xBF:
                raise ValueError("CBOR: text is not UTF-8")
        i += k + 1
    return s


def _load(m, i, end, depth):
    if i >= end:
        raise ValueError("CBOR: truncated")
    if depth > 16:
        raise ValueError("CBOR: nested too deep")
    ib = m[i]
    major, ai = ib >> 5, ib & 31
    if major == 7:
        if ai in (20, 21, 22):
            return (False, True, None)[ai - 20], i + 1
        raise ValueError("CBOR: unsupported simple value or float")
    n, i = _arg(m, i + 1, end, ai)
    if major == 0:
        return n, i
    if major == 1:
        return -1 - n, i
    if major <= 3:
        if n > end - i:
            raise ValueError("CBOR: truncated")
        b = bytes(m[i:i + n])
        if major == 3:
            b = _text(b)
        return b, i + n
    if major == 4:
        if n > end - i:  # each item is at least one byte
            raise ValueError("CBOR: truncated")
        out = []
        for _ in range(n):
            v, i = _load(m, i, end, depth + 1)
            out.append(v)
        return out, i
    if major == 5:
        if 2 * n > end - i:
            raise ValueError("CBOR: truncated")
        out = {}
        for _ in range(n):
            k, i = _load(m, i, end, depth + 1)
            if not isinstance(k, (int, str, bytes)) or isinstance(k, bool):
                raise ValueError("CBOR: unsupported map key")
            if k in out:
                raise ValueError("CBOR: duplicate map key")
            out[k], i = _load(m, i, end, depth + 1)
        return out, i
    v, i = _load(m, i, end, depth + 1)  # major 6
    return Tag(n, v), i


def loads(data):
    """The value of the one CBOR data item that is all of ``data``; ValueError otherwise."""
    m = memoryview(rbuf(data))
    v, i = _load(m, 0, len(m), 0)
    if i != len(m):
        raise ValueError("CBOR: trailing bytes")
    return v
