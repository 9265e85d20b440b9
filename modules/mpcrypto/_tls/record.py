"""The TLS 1.3 record layer (RFC 8446 §5) over a stream, and the parsing helpers the
handshake shares.

    rec = Records(sock)                 # sock: read(n) / readinto, write(b), or recv / send
    rec.set_key(WRITE, suite, secret)   # from now on records written are protected
    ctype, data = rec.read()            # one record, decrypted: its real content type
    rec.write(HANDSHAKE, msg)           # fragmented to the record size limit

Protection (§5.2, §5.3): TLSInnerPlaintext = content || type || zeros, sealed by the suite's
AEAD with nonce = IV xor the 64-bit sequence number and the 5-byte record header as
additional data. The tag is checked before anything of the plaintext is looked at; a bad
tag sends bad_record_mac and raises. The padding is stripped by a scan from the end: its time
depends on the padding's length, which the sender chose, not on the content.

Errors: every failure sends its alert (once; the connection is dead after it) and raises
``TLSError(alert, text)``.
"""

from mpcrypto.exceptions import InvalidTag, TLSError
from mpcrypto._tls import keyschedule

CHANGE_CIPHER_SPEC = 20
ALERT = 21
HANDSHAKE = 22
APPLICATION_DATA = 23

READ = 0
WRITE = 1

# Alert descriptions (§6) the code sends.
CLOSE_NOTIFY = 0
UNEXPECTED_MESSAGE = 10
BAD_RECORD_MAC = 20
RECORD_OVERFLOW = 22
HANDSHAKE_FAILURE = 40
BAD_CERTIFICATE = 42
UNSUPPORTED_CERTIFICATE = 43
CERTIFICATE_EXPIRED = 45
CERTIFICATE_UNKNOWN = 46
ILLEGAL_PARAMETER = 47
UNKNOWN_CA = 48
DECODE_ERROR = 50
DECRYPT_ERROR = 51
PROTOCOL_VERSION = 70
INTERNAL_ERROR = 80
MISSING_EXTENSION = 109
UNSUPPORTED_EXTENSION = 110
CERTIFICATE_REQUIRED = 116

MAX_PLAIN = 16384  # 2^14 (§5.1)

# The cipher suites (§B.4): code -> (hash name, key length, AEAD module, class).
SUITES = {
    0x1301: ("sha256", 16, "mpcrypto.aead.gcm", "AESGCM"),
    0x1302: ("sha384", 32, "mpcrypto.aead.gcm", "AESGCM"),
    0x1303: ("sha256", 32, "mpcrypto.aead.chacha20poly1305", "ChaCha20Poly1305"),
}


def aead_class(suite):
    s = SUITES[suite]
    if s[2] == "mpcrypto.aead.gcm":
        from mpcrypto.aead.gcm import AESGCM

        return AESGCM
    from mpcrypto.aead.chacha20poly1305 import ChaCha20Poly1305

    return ChaCha20Poly1305


class Reader:
    """A cursor over ``buf[i:end]`` for TLS's presentation language (§3): big-endian
    integers and vectors with 1-, 2- or 3-byte length prefixes. Running past the end is a
    decode_error."""

    def __init__(self, buf, i=0, end=None):
        self.b = buf
        self.i = i
        self.end = len(buf) if end is None else end

    def take(self, n):
        i = self.i
        if n > self.end - i:
            raise TLSError(DECODE_ERROR, "message truncated")
        self.i = i + n
        return self.b[i:i + n]

    def int(self, n):
        return int.from_bytes(self.take(n), "big")

    def vec(self, n, lo=0, hi=0xFFFFFF):
        """A sub-Reader of the vector at the cursor with an n-byte length in [lo, hi]."""
        m = self.int(n)
        if m < lo or m > hi:
            raise TLSError(DECODE_ERROR, "bad vector length")
        i = self.i
        self.take(m)
        return Reader(self.b, i, i + m)

    def bytes(self, n, lo=0, hi=0xFFFFFF):
        r = self.vec(n, lo, hi)
        return bytes(r.b[r.i:r.end])

    def left(self):
        return self.end - self.i

    def done(self):
        if self.i != self.end:
            raise TLSError(DECODE_ERROR, "trailing bytes")


def vec(n, body):
    """``body`` with its n-byte length prefix."""
    return len(body).to_bytes(n, "big") + body


def extensions(r):
    """{type: Reader} of an Extension list (§4.2) at the cursor; a type seen twice is an
    illegal_parameter."""
    out = {}
    ex = r.vec(2)
    while ex.left():
        t = ex.int(2)
        if t in out:
            raise TLSError(ILLEGAL_PARAMETER, "duplicate extension")
        out[t] = ex.vec(2)
    return out


class Records:
    def __init__(self, sock):
        self.sock = sock
        self._rd = getattr(sock, "read", None) or sock.recv
        self._wr = getattr(sock, "write", None) or sock.send
        self.keys = [None, None]  # (aead, iv, sequence number) per direction
        self.secret = [None, None]
        self.suite = None
        self.limit = MAX_PLAIN  # the largest plaintext fragment written
        self.rlimit = MAX_PLAIN  # the largest one accepted (max_fragment_length, record_size_limit)
        self.first = True  # the first ClientHello's record says version 0x0301 (§5.1)
        self.dead = False

    def set_key(self, direction, suite, secret):
        h, klen, _, _ = SUITES[suite]
        from mpcrypto.hash.names import hash_class

        key, iv = keyschedule.traffic_keys(hash_class(h), secret, klen)
        self.keys[direction] = [aead_class(suite)(key), iv, 0]
        self.secret[direction] = secret
        self.suite = suite

    def _exact(self, n):
        out = b""
        while len(out) < n:
            chunk = self._rd(n - len(out))
            if not chunk:
                if out:
                    raise TLSError(DECODE_ERROR, "connection closed mid-record")
                return None
            out += chunk
        return out

    def _nonce(self, k):
        seq = k[2]
        if seq >= 0xFFFFFFFFFFFFFFFF:  # §5.3: the sequence number must not wrap
            raise TLSError(INTERNAL_ERROR, "sequence number exhausted")
        k[2] = seq + 1
        iv = k[1]
        s = seq.to_bytes(12, "big")
        return bytes(iv[i] ^ s[i] for i in range(12))

    def fail(self, alert, text):
        """Send the alert (when the connection can still carry one) and raise."""
        if not self.dead:
            self.dead = True
            try:
                self.write(ALERT, bytes((2, alert)))
            except Exception:  # the peer may be gone; the error to report is ours
                pass
        raise TLSError(alert, text)

    def read(self):
        """(content type, bytes) of the next record, or (None, None) at the end of the
        stream. Protected records are decrypted; a change_cipher_spec record comes back as
        it is (the handshake decides whether it may appear)."""
        hdr = self._exact(5)
        if hdr is None:
            return None, None
        ctype = hdr[0]
        n = (hdr[3] << 8) | hdr[4]
        k = self.keys[READ]
        if ctype not in (20, 21, 22, 23):  # legacy_record_version is ignored (§5.1)
            self.fail(DECODE_ERROR, "not a TLS record")
        if n > (self.rlimit + 256 if k is not None else MAX_PLAIN):
            self.fail(RECORD_OVERFLOW, "record too long")
        body = self._exact(n)
        if body is None:
            self.fail(DECODE_ERROR, "connection closed mid-record")
        if k is None or ctype == CHANGE_CIPHER_SPEC:
            if ctype == APPLICATION_DATA:
                self.fail(UNEXPECTED_MESSAGE, "unprotected application data")
            if n == 0 and ctype != APPLICATION_DATA:
                self.fail(DECODE_ERROR, "empty record")
            return ctype, body
        if ctype != APPLICATION_DATA:
            self.fail(UNEXPECTED_MESSAGE, "unprotected record after the keys changed")
        try:
            pt = k[0].decrypt(self._nonce(k), body, hdr)
        except InvalidTag:
            self.fail(BAD_RECORD_MAC, "record authentication failed")
        except ValueError:  # shorter than a tag
            self.fail(BAD_RECORD_MAC, "record authentication failed")
        i = len(pt) - 1
        while i >= 0 and pt[i] == 0:
            i -= 1
        if i < 0:
            self.fail(UNEXPECTED_MESSAGE, "record without a content type")
        if i > self.rlimit:
            self.fail(RECORD_OVERFLOW, "record too long")
        ctype = pt[i]
        if ctype not in (21, 22, 23) or (i == 0 and ctype != APPLICATION_DATA):
            self.fail(UNEXPECTED_MESSAGE, "bad inner record")
        return ctype, pt[:i]

    def write(self, ctype, data):
        k = self.keys[WRITE]
        mv = memoryview(data)
        pos = 0
        while True:
            frag = mv[pos:pos + self.limit]
            pos += len(frag)
            if k is None:
                hdr = bytes((ctype, 3, 1 if self.first else 3)) + len(frag).to_bytes(2, "big")
                rec = hdr + frag
            else:
                inner = bytes(frag) + bytes((ctype,))
                hdr = bytes((APPLICATION_DATA, 3, 3)) + (len(inner) + 16).to_bytes(2, "big")
                rec = hdr + k[0].encrypt(self._nonce(k), inner, hdr)
            self._send(rec)
            if pos >= len(mv):
                break

    def _send(self, buf):
        mv = memoryview(buf)
        while len(mv):
            n = self._wr(mv)
            if n is None:
                n = len(mv)
            mv = mv[n:]
