"""A small DER builder (X.690) for the tests that write encodings of their own: keys and
signatures to hand the library, including malformed ones that no library would produce."""


def length(n):
    """The definite length octets of ``n`` (short form below 128, else long form)."""
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def tlv(tag, body):
    return bytes([tag]) + length(len(body)) + body


def seq(*parts):
    return tlv(0x30, b"".join(parts))


def integer(x):
    """A non-negative INTEGER in its minimal form (a leading zero byte where the top bit
    would be set)."""
    return tlv(0x02, x.to_bytes(max(1, (x.bit_length() + 8) // 8), "big"))


def oid(dotted):
    a = [int(x) for x in dotted.split(".")]
    out = b""
    for v in [a[0] * 40 + a[1]] + a[2:]:
        enc = [v & 0x7F]
        v >>= 7
        while v:
            enc.insert(0, 0x80 | (v & 0x7F))
            v >>= 7
        out += bytes(enc)
    return tlv(0x06, out)


def signature(r, s):
    """The Ecdsa-Sig-Value / Dss-Sig-Value SEQUENCE of two INTEGERs r and s."""
    return seq(integer(r), integer(s))
