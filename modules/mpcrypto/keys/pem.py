"""PEM armour (RFC 7468): DER inside ``-----BEGIN label-----`` / ``-----END label-----``.

    text = pem.encode(der_bytes, "PUBLIC KEY")          # bytes, 64-character lines, "\\n"
    label, der_bytes = pem.decode(text, ("PUBLIC KEY", "RSA PUBLIC KEY"))

``encode`` writes RFC 7468's strict form (§3 ``stricttextualmsg``: 64 base64 characters per
line, LF line ends, a final LF). ``decode`` reads the lax form of §3 ``laxtextualmsg``:
explanatory text before a block and after it is ignored (§2), whitespace (space, tab, CR,
LF) may appear anywhere in the base64 text. It is strict about the rest (ValueError):

- the labels: ``decode`` takes the first block whose label is one of ``labels`` (other
  blocks, such as OpenSSL's ``EC PARAMETERS`` before an ``EC PRIVATE KEY``, are skipped whole),
  and its END line must carry the same label (§2: "the type label in the encapsulation
  boundaries MUST be identical");
- the base64 text (RFC 4648 §4): only the 64 alphabet characters and at most two ``=`` at
  the end, a length that is a multiple of 4, and zero pad bits (the canonical encoding,
  checked by re-encoding; RFC 7468 §3 asks for it in generators, we ask it of input too);
- RFC 1421 headers (``Proc-Type: 4,ENCRYPTED``, ``DEK-Info``) are not base64 and so are
  refused; an encrypted legacy block raises UnsupportedAlgorithm, so that the error says why.

Base64 is MicroPython's ``binascii`` (``a2b_base64``/``b2a_base64``), present on every port
that has ``binascii``.
"""

import binascii

from mpcrypto._util import as_bytes
from mpcrypto.exceptions import UnsupportedAlgorithm

_WS = b" \t\r\n"


def encode(der, label):
    """``der`` (bytes) armoured with ``label`` (str), as bytes."""
    lab = _label(label)
    b64 = binascii.b2a_base64(as_bytes(der)).rstrip(b"\n")
    out = [b"-----BEGIN " + lab + b"-----\n"]
    for i in range(0, len(b64), 64):
        out.append(b64[i:i + 64] + b"\n")
    out.append(b"-----END " + lab + b"-----\n")
    return b"".join(out)


def _label(label):
    # RFC 7468 §3: label = [ labelchar *( ["-" / SP] labelchar ) ], labelchar = %x21-2C / %x2E-7E.
    if isinstance(label, str):
        label = label.encode()
    label = bytes(label)
    prev = 0x20
    for c in label:
        if c == 0x2D or c == 0x20:
            if prev == 0x2D or prev == 0x20:
                raise ValueError("bad PEM label")
        elif not (0x21 <= c <= 0x7E):
            raise ValueError("bad PEM label")
        prev = c
    if label and (prev == 0x2D or prev == 0x20):
        raise ValueError("bad PEM label")
    return label


def _is_b64(c):
    return (0x41 <= c <= 0x5A) or (0x61 <= c <= 0x7A) or (0x30 <= c <= 0x39) or c == 0x2B or c == 0x2F


def _body(text):
    # The DER of a block's base64 text (strict, see the module docstring). The characters
    # are gathered into one buffer allocated once (appending would grow it step by step).
    buf = bytearray(len(text))
    n = 0
    for c in text:
        if c in _WS:
            continue
        buf[n] = c
        n += 1
    b = memoryview(buf)[:n]
    if n == 0 or n & 3:
        raise ValueError("bad PEM base64 length")
    pad = 0
    while pad < n and b[n - 1 - pad] == 0x3D:
        pad += 1
    if pad > 2:
        raise ValueError("bad PEM base64 padding")
    for i in range(n - pad):
        if not _is_b64(b[i]):
            if b[i] == 0x3A:  # ':' only appears in an RFC 1421 header line
                raise ValueError("PEM headers not supported")
            raise ValueError("bad PEM base64 character")
    raw = binascii.a2b_base64(b)
    if binascii.b2a_base64(raw).rstrip(b"\n") != b:
        raise ValueError("non-canonical PEM base64")
    return raw


def decode(data, labels):
    """(label, der) of the first block of ``data`` whose label is in ``labels`` (a tuple of
    str). ValueError if there is none or it is malformed; UnsupportedAlgorithm for an
    encrypted legacy (RFC 1421 ``Proc-Type: 4,ENCRYPTED``) block."""
    data = as_bytes(data)
    want = [_label(x) for x in labels]
    pos = 0
    while True:
        p = data.find(b"-----BEGIN ", pos)
        if p < 0:
            raise ValueError("no PEM block with label " + " / ".join(labels))
        j = p
        while j and data[j - 1] in b" \t":  # laxtextualmsg: whitespace may come first
            j -= 1
        if j and data[j - 1] not in b"\r\n":
            pos = p + 11  # not at a line start: explanatory text
            continue
        q = data.find(b"-----", p + 11)
        nl = data.find(b"\n", p)
        if q < 0 or (0 <= nl < q):
            raise ValueError("bad PEM BEGIN line")
        label = _label(data[p + 11:q])
        start = q + 5
        # Only whitespace may follow the BEGIN boundary on its line.
        j = start
        while j < len(data) and data[j] in b" \t\r":
            j += 1
        if j < len(data) and data[j] != 0x0A:
            raise ValueError("bad PEM BEGIN line")
        e = data.find(b"-----END ", start)
        if e < 0:
            raise ValueError("PEM END line missing")
        if data.find(b"-----BEGIN ", start, e) >= 0:
            raise ValueError("PEM END line missing")
        q2 = data.find(b"-----", e + 9)
        if q2 < 0 or data[e + 9:q2] != label:
            raise ValueError("PEM END label differs from BEGIN")
        if label in want:
            if data.find(b"Proc-Type:", start, e) >= 0 and data.find(b"ENCRYPTED", start, e) >= 0:
                raise UnsupportedAlgorithm("encrypted PEM not supported")
            return label.decode(), _body(memoryview(data)[start:e])
        pos = q2 + 5
