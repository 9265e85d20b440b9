"""TLS 1.3 (RFC 8446) over any MicroPython stream socket, shaped like MicroPython's ``ssl``.

    from mpcrypto import tls
    ctx = tls.SSLContext(tls.PROTOCOL_TLS_CLIENT)
    ctx.load_verify_locations(cadata=root_pem_or_der)
    s = ctx.wrap_socket(sock, server_hostname="example.com")   # handshakes now
    s.write(b"GET / HTTP/1.0\\r\\n\\r\\n"); s.read(100); s.close()

Both roles (``PROTOCOL_TLS_CLIENT``, ``PROTOCOL_TLS_SERVER``; ``mpcrypto._tls.client`` and
``.server``): cipher suites TLS_AES_128_GCM_SHA256, TLS_CHACHA20_POLY1305_SHA256 and
TLS_AES_256_GCM_SHA384 (``ctx.ciphers``, codes in order of preference); groups x25519 and
secp256r1 (``ctx.groups``; secp384r1 and x448 may be added), a client sending a share for
the first and reaching the others by HelloRetryRequest; signatures ECDSA (P-256, P-384,
P-521), RSA-PSS and Ed25519/Ed448, certificate chains also signed with RSA PKCS#1 v1.5; a
client certificate (``load_cert_chain`` on the client, ``verify_mode`` CERT_OPTIONAL or
CERT_REQUIRED on the server). Resumption with tickets (psk_dhe_ke, no early data): a client
keeps the latest ticket as ``TLSSocket.session`` and offers it with ``wrap_socket(...,
session=...)``; a server issues ``ctx.tickets`` of them after each handshake (stateless, see
``mpcrypto._tls.server``); ``session_reused`` says whether a handshake resumed. After the
handshake: KeyUpdate (answered when the peer asks), close_notify as the end of the stream.
Smaller records for a small heap: ``ctx.max_fragment_length`` (RFC 6066: 512 .. 4096, both
directions once the server echoes it) and ``ctx.record_size_limit`` (RFC 8449: what the peer
may send us; the peer's own limit holds for what we send); a record above the agreed size is
a record_overflow. A stream that ends without close_notify also ends the data, as CPython's
``suppress_ragged_eofs`` does by default (HTTP and MQTT frame their own messages); with
``ctx.suppress_ragged_eofs = False`` it raises TLSError.

Verification (``verify_mode`` CERT_REQUIRED by default for a client): the peer's chain by
``mpcrypto.x509.verify_chain`` against the certificates given to ``load_verify_locations``,
at the time ``ctx.time()`` (seconds since 1970 UTC; by default the clock of ``time.time``,
which must be set), and its name against ``server_hostname`` while ``check_hostname`` is
true. CERT_NONE skips the chain and the name, never the CertificateVerify signature.
``enforce_verification(cadata)`` is for libraries that turn verification off themselves
(micropython-lib's ``requests`` sets CERT_NONE): every client context made after it trusts
those certificates and verifies the server's chain and name, whatever ``verify_mode`` and
``check_hostname`` its code sets.

Failures raise ``mpcrypto.exceptions.TLSError`` (an OSError: the alert, then what failed),
or ``mpcrypto.x509.CertificateError`` for a chain that does not verify; the alert is sent
to the peer first, and the connection is then closed for good.
"""

from mpcrypto._util import unix_time
from mpcrypto.exceptions import TLSError
from mpcrypto._tls import client as _c
from mpcrypto._tls import handshake as _hs
from mpcrypto._tls import record as _r

PROTOCOL_TLS_CLIENT = 0  # MicroPython's ssl values
PROTOCOL_TLS_SERVER = 1
CERT_NONE = 0
CERT_OPTIONAL = 1
CERT_REQUIRED = 2

_SUITE_NAMES = {0x1301: ("TLS_AES_128_GCM_SHA256", 128), 0x1302: ("TLS_AES_256_GCM_SHA384", 256),
                0x1303: ("TLS_CHACHA20_POLY1305_SHA256", 256)}


def _data(x):
    # A file name (str) is read; bytes-like data is taken as it is.
    if isinstance(x, str):
        with open(x, "rb") as f:
            return f.read()
    return bytes(x)


def _certs(data):
    from mpcrypto import x509

    if b"-----BEGIN" in data:
        return x509.load_pem_x509_certificates(data)
    return [x509.load_der_x509_certificate(data)]


_ENFORCED = []  # trust anchors of enforce_verification


def enforce_verification(cadata):
    """From now on every client context trusts ``cadata`` (PEM or DER certificates) and
    verifies the server's chain and host name, whatever its code sets."""
    _ENFORCED[:] = _certs(_data(cadata))


class SSLContext:
    def __init__(self, protocol=PROTOCOL_TLS_CLIENT):
        if protocol not in (PROTOCOL_TLS_CLIENT, PROTOCOL_TLS_SERVER):
            raise ValueError("protocol")
        self.protocol = protocol
        client = protocol == PROTOCOL_TLS_CLIENT
        self._mode = CERT_REQUIRED if client else CERT_NONE
        self._check = client
        self._enforced = client and bool(_ENFORCED)
        self.ciphers = (0x1301, 0x1303, 0x1302)
        self.groups = ("x25519", "secp256r1")
        self.time = unix_time
        self.rng = None
        self.suppress_ragged_eofs = True
        self.max_fragment_length = None  # 512, 1024, 2048 or 4096: ask the peer (RFC 6066)
        self.record_size_limit = None  # 63 .. 16384 plaintext bytes a record may bring (RFC 8449)
        self.tickets = 1  # NewSessionTickets a server sends after each handshake
        self.ticket_lifetime = 7200  # seconds (at most 604800, §4.6.1)
        self._ticket_key = None
        self._anchors = list(_ENFORCED) if self._enforced else []
        self._chain = ()
        self._key = None

    @property
    def verify_mode(self):
        return CERT_REQUIRED if self._enforced else self._mode

    @verify_mode.setter
    def verify_mode(self, mode):
        if mode not in (CERT_NONE, CERT_OPTIONAL, CERT_REQUIRED):
            raise ValueError("verify_mode")
        self._mode = mode

    @property
    def check_hostname(self):
        return self._enforced or self._check

    @check_hostname.setter
    def check_hostname(self, flag):
        self._check = bool(flag)

    def load_verify_locations(self, cafile=None, cadata=None):
        """Trust anchors: PEM (any number of CERTIFICATE blocks) or one DER certificate,
        from a file (``cafile``) or data (``cadata``)."""
        for x in (cafile, cadata):
            if x is not None:
                self._anchors.extend(_certs(_data(x)))

    def load_cert_chain(self, certfile, keyfile):
        """Our certificate chain (leaf first; PEM or one DER certificate) and its
        private key (PEM or DER: PKCS#8, SEC 1 or PKCS#1), as file names or data."""
        from mpcrypto.keys import serialization as ser

        key = _data(keyfile)
        self._key = ser.load_pem_private_key(key) if b"-----BEGIN" in key else ser.load_der_private_key(key)
        self._chain = [c.der for c in _certs(_data(certfile))]

    def _now(self):
        return self.time()

    def _rng(self):
        from mpcrypto._util import resolve_rng

        return resolve_rng(self.rng)

    def wrap_socket(self, sock, server_side=False, do_handshake_on_connect=True, server_hostname=None, session=None):
        """A ``TLSSocket`` over ``sock``, handshaken now unless told otherwise. ``session``
        (a client's ``TLSSocket.session`` from an earlier connection to the same server)
        offers that ticket for resumption."""
        if server_side != (self.protocol == PROTOCOL_TLS_SERVER):
            raise ValueError("server_side does not fit the context's protocol")
        if server_side and self._key is None:
            raise ValueError("a server needs load_cert_chain")
        if self.max_fragment_length not in (None, 512, 1024, 2048, 4096):
            raise ValueError("max_fragment_length")
        if self.record_size_limit is not None and not 63 <= self.record_size_limit <= 16384:
            raise ValueError("record_size_limit")
        if self.check_hostname and self.verify_mode != CERT_NONE and not server_hostname:
            raise ValueError("check_hostname needs server_hostname")
        s = TLSSocket(self, sock, server_hostname, server_side)
        if session is not None and session.hostname == server_hostname:
            s.offer = session
        if do_handshake_on_connect:
            s.do_handshake()
        return s


def wrap_socket(sock, server_side=False, key=None, cert=None, cert_reqs=CERT_NONE, cadata=None,
                server_hostname=None, do_handshake=True):
    """MicroPython's ``ssl.wrap_socket`` shape: a client context built from the arguments."""
    ctx = SSLContext(PROTOCOL_TLS_CLIENT)
    ctx.verify_mode = cert_reqs
    ctx.check_hostname = cert_reqs != CERT_NONE and server_hostname is not None
    if cadata is not None:
        ctx.load_verify_locations(cadata=cadata)
    if cert is not None:
        ctx.load_cert_chain(cert, key)
    return ctx.wrap_socket(sock, server_side, do_handshake, server_hostname)


class TLSSocket:
    """A TLS connection over ``sock``: ``read``/``readinto``/``readline``/``write`` (and
    ``recv``/``send``), ``close``. Built by ``SSLContext.wrap_socket``."""

    def __init__(self, ctx, sock, hostname, server_side=False):
        self.ctx = ctx
        self.server_side = server_side
        self.sock = sock
        self.hostname = hostname
        self.rec = _r.Records(sock)
        self.rec.first = not server_side
        self.peer_certs = None
        self.hashcls = None
        self.suite = None
        self.resumption = None
        self.offer = None  # the session a client offers
        self.session = None  # the latest ticket a client received
        self.session_reused = False
        self._hs = b""  # handshake bytes read but not yet a whole message
        self._buf = b""  # application data read but not yet returned
        self._pos = 0
        self._eof = False
        self._done = False

    # -- the handshake's message stream --

    def next_handshake(self):
        """(type, whole message) of the next handshake message (§4: messages may span
        records and share them). change_cipher_spec records are skipped before the
        handshake ends (§D.4); an alert raises."""
        rec = self.rec
        while True:
            b = self._hs
            if len(b) >= 4:
                n = (b[1] << 16) | (b[2] << 8) | b[3]
                if n > 0x10000 + 0x4000:  # a chain or ticket beyond this is not for us
                    rec.fail(_r.DECODE_ERROR, "handshake message too long")
                if len(b) >= 4 + n:
                    self._hs = b[4 + n:]
                    return b[0], b[:4 + n]
            t, data = rec.read()
            if t is None:
                rec.dead = True
                raise TLSError(_r.DECODE_ERROR, "connection closed during the handshake")
            if t == _r.CHANGE_CIPHER_SPEC:
                if self._done or data != b"\x01" or self._hs:
                    rec.fail(_r.UNEXPECTED_MESSAGE, "change_cipher_spec")
                continue
            if t == _r.ALERT:
                self._alert(data)
                continue
            if t != _r.HANDSHAKE:
                rec.fail(_r.UNEXPECTED_MESSAGE, "application data during the handshake")
            self._hs = b + data

    def end_of_flight(self):
        # §5.1: handshake messages must not span a change of keys.
        if self._hs:
            self.rec.fail(_r.UNEXPECTED_MESSAGE, "handshake message spans a key change")

    def _alert(self, data):
        rec = self.rec
        if len(data) != 2:
            rec.fail(_r.DECODE_ERROR, "bad alert")
        if data[1] == _r.CLOSE_NOTIFY:
            self._eof = True
            return
        if data[1] == 90:  # user_canceled: a warning, close_notify should follow (§6.1)
            return
        rec.dead = True
        raise TLSError(data[1], "peer sent alert %d" % data[1])

    def _guard(self, fn, *args):
        # fn(*args); a TLSError raised where no alert went out yet (a parser's decode_error)
        # sends its alert first.
        try:
            return fn(*args)
        except TLSError as e:
            rec = self.rec
            if not rec.dead:
                try:
                    rec.fail(e.args[0], e.args[1])
                except TLSError:
                    pass
            raise

    def do_handshake(self):
        if not self._done:
            if self.server_side:
                from mpcrypto._tls import server

                self._guard(server.handshake, self)
            else:
                self._guard(_c.handshake, self)
            self._done = True

    # -- application data --

    def _post_handshake(self, raw):
        from mpcrypto._tls import keyschedule

        rec = self.rec
        t = raw[0]
        if t == _hs.NEW_SESSION_TICKET and not self.server_side:
            # §4.6.1: the ticket's PSK is HKDF-Expand-Label(resumption secret, "resumption",
            # ticket_nonce); early_data (the only extension defined) is not used.
            r = _r.Reader(raw, 4)
            life = r.int(4)
            add = r.int(4)
            nonce = r.bytes(1)
            ticket = r.bytes(2, 1)
            _r.extensions(r)
            r.done()
            if life > 604800:  # seven days at most
                rec.fail(_r.ILLEGAL_PARAMETER, "ticket lifetime")
            h = self.hashcls
            psk = keyschedule.expand_label(h, self.resumption, b"resumption", nonce, h.digest_size)
            if life:
                self.session = _hs.Session(self.suite, psk, ticket, add, life, self.hostname)
                self.session.peer_certs = self.peer_certs
        elif t == _hs.KEY_UPDATE:
            if len(raw) != 5 or raw[4] > 1:
                rec.fail(_r.ILLEGAL_PARAMETER if len(raw) == 5 else _r.DECODE_ERROR, "bad KeyUpdate")
            self.end_of_flight()
            h = self.hashcls
            rec.set_key(_r.READ, rec.suite, keyschedule.next_secret(h, rec.secret[_r.READ]))
            if raw[4] == 1:  # update_requested: answer with our own update, not requested
                rec.write(_r.HANDSHAKE, b"\x18\x00\x00\x01\x00")
                rec.set_key(_r.WRITE, rec.suite, keyschedule.next_secret(h, rec.secret[_r.WRITE]))
        else:
            rec.fail(_r.UNEXPECTED_MESSAGE, "unexpected post-handshake message")

    def _fill(self):
        # Read records until application data arrives; False at the end of the stream.
        rec = self.rec
        while not self._eof:
            if rec.dead:
                raise TLSError(_r.INTERNAL_ERROR, "connection is closed")
            t, data = rec.read()
            if t is None:  # the peer closed without close_notify (a truncation, or not)
                rec.dead = True
                if not self.ctx.suppress_ragged_eofs:
                    raise TLSError(_r.DECODE_ERROR, "connection closed without close_notify")
                self._eof = True
                break
            if t == _r.APPLICATION_DATA:
                if self._hs:
                    rec.fail(_r.UNEXPECTED_MESSAGE, "application data inside a handshake message")
                if data:
                    self._buf = data
                    self._pos = 0
                    return True
            elif t == _r.ALERT:
                self._alert(data)
            elif t == _r.HANDSHAKE:
                self._hs += data
                while len(self._hs) >= 4:
                    b = self._hs
                    n = (b[1] << 16) | (b[2] << 8) | b[3]
                    if len(b) < 4 + n:
                        break
                    self._hs = b[4 + n:]
                    self._post_handshake(b[:4 + n])
            else:
                rec.fail(_r.UNEXPECTED_MESSAGE, "change_cipher_spec after the handshake")
        return False

    def read(self, n=-1):
        """Up to ``n`` bytes (all until the end of the stream for n < 0); b"" at the end."""
        self.do_handshake()
        if n < 0:
            out = []
            while self._pos < len(self._buf) or self._guard(self._fill):
                out.append(self._buf[self._pos:])
                self._pos = len(self._buf)
            return b"".join(out)
        if self._pos >= len(self._buf) and (n == 0 or not self._guard(self._fill)):
            return b""
        p = self._pos
        out = self._buf[p:p + n]
        self._pos = p + len(out)
        return out

    def readinto(self, buf, nbytes=None):
        n = len(buf) if nbytes is None else min(nbytes, len(buf))
        data = self.read(n)
        buf[:len(data)] = data
        return len(data)

    def readline(self):
        out = b""
        while True:
            if self._pos >= len(self._buf) and not self._guard(self._fill):
                return out
            b = self._buf
            j = b.find(b"\n", self._pos)
            end = len(b) if j < 0 else j + 1
            out += b[self._pos:end]
            self._pos = end
            if j >= 0:
                return out

    def write(self, buf):
        if isinstance(buf, str):  # as a MicroPython stream takes it (requests writes str)
            buf = buf.encode()
        self.do_handshake()
        if self.rec.dead:
            raise TLSError(_r.INTERNAL_ERROR, "connection is closed")
        try:
            self.rec.write(_r.APPLICATION_DATA, buf)
        except TLSError:
            raise
        except OSError:
            # The peer closed; it may have said why first (a server's certificate_required
            # comes after the client's handshake ends): that alert is the error to report.
            try:
                self._fill()
            except TLSError:
                raise
            except OSError:
                pass
            raise
        return len(buf)

    recv = read
    send = write

    def sendall(self, buf):
        self.write(buf)

    def setblocking(self, flag):
        if not flag:
            raise OSError("non-blocking TLS is not supported")

    def getpeercert(self, binary_form=True):
        """The server's certificate as DER (MicroPython's ssl gives only that form)."""
        return self.peer_certs[0].der if self.peer_certs else None

    def cipher(self):
        name, bits = _SUITE_NAMES[self.rec.suite]
        return name, "TLSv1.3", bits

    def version(self):
        return "TLSv1.3"

    def close(self):
        rec = self.rec
        if self._done and not rec.dead:
            rec.dead = True
            try:
                rec.write(_r.ALERT, bytes((1, _r.CLOSE_NOTIFY)))
            except OSError:
                pass
        rec.dead = True
        self.sock.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
