"""Strict DER (ITU-T X.690 §10 on top of the BER rules of §8): a reader and a writer.

One parser for every DER structure of the library: ECDSA's ``Ecdsa-Sig-Value``
(``mpcrypto.ec.ecdsa``) and the key formats (``mpcrypto.keys.serialization``).

Reader: functions over a buffer and index bounds, no tree is built and nothing recurses (the
caller walks the structure it expects, one level at a time), so nesting depth costs no stack
and a large input costs no heap beyond the values taken out of it.

    tag, start, stop = der.read(buf, i, end)       # one TLV inside buf[i:end]
    start, stop = der.expect(buf, i, end, der.SEQUENCE)
    value, i = der.uint(buf, i, end)               # a non-negative INTEGER, then the next index
    der.done(i, end)                               # nothing left over

Rejected (ValueError), per X.690:
- the indefinite length form (§8.1.3.6; forbidden in DER by §10.1), a long form where the
  short form fits or with leading zero octets (§10.1: "the definite form of length encoding
  shall be used, encoded in the minimum number of octets"), lengths of more than 3 octets
  (``MAX_LEN``: 16 MiB, far above any key) and lengths running past the enclosing structure;
- high-tag-number identifiers (§8.1.2.4: tag numbers >= 31; nothing here uses them);
- an INTEGER with no content octets, or whose first 9 bits are all 0 or all 1 (§8.3.2: not
  minimal); ``uint`` also rejects negative values;
- a BIT STRING with unused bits (the keys' BIT STRINGs hold whole octets), a NULL with
  content, an OBJECT IDENTIFIER with a non-minimal or unterminated sub-identifier (§8.19.2);
- a tag other than the one expected (a constructed form of a primitive type included: the
  tag byte differs), and anything after the outermost value (``done``).

Writer: ``tlv``, ``seq``, ``integer`` (minimal two's complement of x >= 0), ``octets``,
``bits``, ``null``, ``oid``: each returns the complete encoding as bytes.
"""

INTEGER = 0x02
BIT_STRING = 0x03
OCTET_STRING = 0x04
NULL = 0x05
OID = 0x06
SEQUENCE = 0x30
MAX_LEN = 0xFFFFFF  # at most 3 length octets


def read(buf, i, end):
    """(tag, start, stop) of the TLV at ``buf[i:end]``: its contents are ``buf[start:stop]``.
    ValueError if it is not strict DER or does not fit before ``end``."""
    if i + 2 > end:
        raise ValueError("DER truncated")
    tag = buf[i]
    if tag & 0x1F == 0x1F:
        raise ValueError("DER tag number >= 31")
    b = buf[i + 1]
    i += 2
    if b < 0x80:
        n = b
    else:
        k = b & 0x7F
        if k == 0:
            raise ValueError("DER indefinite length")
        if k > 3:
            raise ValueError("DER length too large")
        if i + k > end:
            raise ValueError("DER truncated")
        if buf[i] == 0:
            raise ValueError("DER non-minimal length")
        n = 0
        for j in range(i, i + k):
            n = (n << 8) | buf[j]
        if n < 0x80:
            raise ValueError("DER non-minimal length")
        i += k
    if n > end - i:
        raise ValueError("DER truncated")
    return tag, i, i + n


def expect(buf, i, end, tag):
    """(start, stop) of the contents of the TLV at ``i``, which must have ``tag``."""
    t, s, e = read(buf, i, end)
    if t != tag:
        raise ValueError("DER unexpected tag")
    return s, e


def done(i, end):
    """ValueError unless ``i == end`` (no trailing data)."""
    if i != end:
        raise ValueError("DER trailing data")


def peek(buf, i, end):
    """The tag at ``i``, or None at ``end``."""
    return buf[i] if i < end else None


def uint_at(buf, s, e):
    """The non-negative INTEGER whose content octets are ``buf[s:e]``."""
    if s >= e:
        raise ValueError("DER empty INTEGER")
    b0 = buf[s]
    if b0 & 0x80:
        raise ValueError("DER negative INTEGER")
    if b0 == 0 and e - s > 1 and not buf[s + 1] & 0x80:
        raise ValueError("DER non-minimal INTEGER")
    return int.from_bytes(buf[s:e], "big")  # a memoryview slice: no copy of the octets


def uint(buf, i, end):
    """(value, next index) of the non-negative INTEGER at ``i``."""
    s, e = expect(buf, i, end, INTEGER)
    return uint_at(buf, s, e), e


def small_uint(buf, i, end, limit=255):
    """(value, next index) of an INTEGER in 0..limit (version fields)."""
    s, e = expect(buf, i, end, INTEGER)
    if e - s > 2:
        raise ValueError("DER version out of range")
    v = uint_at(buf, s, e)
    if v > limit:
        raise ValueError("DER version out of range")
    return v, e


def octet_string(buf, i, end):
    """(start, stop, next index) of the contents of the OCTET STRING at ``i``."""
    s, e = expect(buf, i, end, OCTET_STRING)
    return s, e, e


def bit_string(buf, i, end):
    """(start, stop, next index) of the octets of the BIT STRING at ``i``, which must have
    no unused bits (X.690 §8.6.2.2: the first content octet counts them)."""
    s, e = expect(buf, i, end, BIT_STRING)
    if s >= e or buf[s] != 0:
        raise ValueError("DER BIT STRING with unused bits")
    return s + 1, e, e


def null(buf, i, end):
    """The index after the NULL at ``i`` (X.690 §8.8: no content octets)."""
    s, e = expect(buf, i, end, NULL)
    if s != e:
        raise ValueError("DER NULL with content")
    return e


# The longest OID contents read: every OID this library knows is under 16 bytes, and longer
# ones (Wycheproof has 4,104 bytes) would cost a string per arc before any table lookup
# could refuse them; a 96 KB heap runs out first.
OID_MAX = 64


def oid_at(buf, s, e):
    """The dotted string of the OBJECT IDENTIFIER whose contents are ``buf[s:e]``
    (X.690 §8.19: base-128 sub-identifiers, the first one X*40+Y; each minimal).
    ValueError for contents longer than ``OID_MAX`` bytes."""
    if s >= e:
        raise ValueError("DER empty OID")
    if e - s > OID_MAX:
        raise ValueError("DER OID too long")
    arcs = []
    v = 0
    first = True
    for j in range(s, e):
        b = buf[j]
        if first and b == 0x80:
            raise ValueError("DER non-minimal OID")
        first = False
        if v >> 28:
            raise ValueError("DER OID arc too large")
        v = (v << 7) | (b & 0x7F)
        if not b & 0x80:
            if not arcs:
                x = 2 if v >= 80 else v // 40
                arcs.append(str(x))
                v -= 40 * x
            arcs.append(str(v))
            v = 0
            first = True
    if not first:
        raise ValueError("DER unterminated OID")
    return ".".join(arcs)


def oid(buf, i, end):
    """(dotted string, next index) of the OBJECT IDENTIFIER at ``i``."""
    s, e = expect(buf, i, end, OID)
    return oid_at(buf, s, e), e


# -- writer ---------------------------------------------------------------------------------


def length(n):
    """The minimal definite length octets for ``n``."""
    if n < 0x80:
        return bytes((n,))
    if n < 0x100:
        return bytes((0x81, n))
    if n < 0x10000:
        return bytes((0x82, n >> 8, n & 0xFF))
    if n <= MAX_LEN:
        return bytes((0x83, n >> 16, (n >> 8) & 0xFF, n & 0xFF))
    raise ValueError("DER length too large")


def tlv(tag, body):
    return bytes((tag,)) + length(len(body)) + body


def seq(*parts):
    return tlv(SEQUENCE, b"".join(parts))


def integer(x, size=0):
    """Minimal two's-complement INTEGER of x >= 0 (a leading 0 only when the top bit is set).
    ``size``: a byte count known to hold x (an ECDSA signature's r and s: the order's),
    which spares the search for it."""
    if x < 0:
        raise ValueError("negative")
    nb = size
    if not nb:
        nb = 1
        while x >> (8 * nb):
            nb <<= 1  # doubling: a few shifts of a long int, not one per byte
    b = x.to_bytes(nb, "big")
    i = 0
    while i < nb - 1 and b[i] == 0:
        i += 1
    if b[i] & 0x80:  # keep (or add) one zero byte before a set top bit
        if i:
            i -= 1
        else:
            b = b"\x00" + b
    return tlv(INTEGER, b[i:] if i else b)


def octets(b):
    return tlv(OCTET_STRING, bytes(b))


def bits(b):
    """A BIT STRING of whole octets (no unused bits)."""
    return tlv(BIT_STRING, b"\x00" + bytes(b))


def null_value():
    return b"\x05\x00"


def oid_bytes(dotted):
    """The content octets of the OBJECT IDENTIFIER ``dotted`` ("1.2.840.10045.2.1")."""
    arcs = [int(a) for a in dotted.split(".")]
    if len(arcs) < 2 or arcs[0] > 2 or (arcs[0] < 2 and arcs[1] >= 40):
        raise ValueError("bad OID")
    out = bytearray()
    for v in [arcs[0] * 40 + arcs[1]] + arcs[2:]:
        if v < 0:
            raise ValueError("bad OID")
        k = 7
        while v >> k:
            k += 7
        while k > 7:  # the high groups, most significant first, continuation bit set
            k -= 7
            out.append(0x80 | ((v >> k) & 0x7F))
        out.append(v & 0x7F)
    return bytes(out)


def oid_value(dotted):
    """The complete OBJECT IDENTIFIER TLV of ``dotted``."""
    return tlv(OID, oid_bytes(dotted))
