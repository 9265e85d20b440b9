"""What the TLS 1.3 client and server share (RFC 8446 §4): message and extension codes,
the signature schemes, the transcript hash, (EC)DHE key shares, CertificateVerify signing
and checking, and the Certificate message with its chain check.
"""

from mpcrypto.exceptions import TLSError
from mpcrypto._tls import keyschedule as _ks
from mpcrypto._tls import record as _r
from mpcrypto._tls.record import Reader, vec

CLIENT_HELLO = 1
SERVER_HELLO = 2
NEW_SESSION_TICKET = 4
ENCRYPTED_EXTENSIONS = 8
CERTIFICATE = 11
CERTIFICATE_REQUEST = 13
CERTIFICATE_VERIFY = 15
FINISHED = 20
KEY_UPDATE = 24
MESSAGE_HASH = 254

# Extension types (§4.2).
EXT_SERVER_NAME = 0
EXT_MAX_FRAGMENT_LENGTH = 1
EXT_SUPPORTED_GROUPS = 10
EXT_SIGNATURE_ALGORITHMS = 13
EXT_ALPN = 16
EXT_RECORD_SIZE_LIMIT = 28
EXT_PRE_SHARED_KEY = 41
EXT_PSK_MODES = 45
EXT_SUPPORTED_VERSIONS = 43
EXT_COOKIE = 44
EXT_KEY_SHARE = 51

GROUPS = {"x25519": 0x001D, "secp256r1": 0x0017, "secp384r1": 0x0018, "x448": 0x001E}

# SHA-256("HelloRetryRequest"): the random of a HelloRetryRequest (§4.1.3).
HRR_RANDOM = bytes.fromhex("CF21AD74E59A6111BE1D8C021E65B891C2A211167ABB8C5E079E09E2C8A8339C")

# Signature schemes (§4.2.3): code -> (key kind, hash, curve). The first group may sign a
# CertificateVerify; rsa_pkcs1 (kind "rsa1") is offered for certificates only.
SCHEMES = {
    0x0403: ("ec", "sha256", "secp256r1"),
    0x0503: ("ec", "sha384", "secp384r1"),
    0x0603: ("ec", "sha512", "secp521r1"),
    0x0807: ("ed25519", None, None),
    0x0808: ("ed448", None, None),
    0x0804: ("rsa", "sha256", None),
    0x0805: ("rsa", "sha384", None),
    0x0806: ("rsa", "sha512", None),
    0x0401: ("rsa1", "sha256", None),
    0x0501: ("rsa1", "sha384", None),
    0x0601: ("rsa1", "sha512", None),
}
OFFERED = (0x0403, 0x0503, 0x0603, 0x0807, 0x0808, 0x0804, 0x0805, 0x0806, 0x0401, 0x0501, 0x0601)

SERVER_CV = b" " * 64 + b"TLS 1.3, server CertificateVerify\x00"
CLIENT_CV = b" " * 64 + b"TLS 1.3, client CertificateVerify\x00"


def u16s(codes):
    return b"".join(c.to_bytes(2, "big") for c in codes)


def ext(t, body):
    return t.to_bytes(2, "big") + vec(2, body)


def msg(t, body):
    return bytes((t,)) + len(body).to_bytes(3, "big") + body


def is_ip(host):
    return host.count(".") == 3 and host.replace(".", "").isdigit() or ":" in host


def keygen(group, rng):
    """(private key, key_exchange bytes) for a named group (§4.2.8.2)."""
    if group == "x25519":
        from mpcrypto.ec.x25519 import X25519PrivateKey as K
    elif group == "x448":
        from mpcrypto.ec.x448 import X448PrivateKey as K
    else:
        from mpcrypto.ec import ec

        k = ec.generate_private_key(group, rng)
        return k, k.public_key().public_bytes()
    k = K.generate(rng)
    return k, k.public_key().public_bytes_raw()


def shared_secret(group, priv, peer):
    """The (EC)DHE secret from the peer's key_exchange bytes; ValueError for a bad share."""
    if group == "x25519":
        from mpcrypto.ec.x25519 import X25519PublicKey as P
    elif group == "x448":
        from mpcrypto.ec.x448 import X448PublicKey as P
    else:
        from mpcrypto.ec import ec

        if not peer or peer[0] != 4:  # §4.2.8.2: the uncompressed form only
            raise ValueError("not an uncompressed point")
        return priv.exchange(ec.from_encoded_point(group, peer))
    return priv.exchange(P.from_public_bytes(peer))  # ValueError for an all-zero secret


def verify_signature(key, scheme, sig, content):
    """Raise ValueError unless ``sig`` is ``key``'s signature of ``content`` under a
    signature scheme that may sign a CertificateVerify (§4.4.3)."""
    from mpcrypto.exceptions import InvalidSignature

    kind, h, curve = SCHEMES[scheme]
    name = type(key).__name__
    try:
        if kind == "ec" and name == "EllipticCurvePublicKey" and key.curve.name == curve:
            key.verify(sig, content, h)
        elif kind == "rsa" and name == "RSAPublicKey":
            from mpcrypto.pk import padding

            key.verify(sig, content, padding.PSS(padding.MGF1(h), padding.PSS.DIGEST_LENGTH), h)
        elif (kind == "ed25519" and name == "Ed25519PublicKey") or (kind == "ed448" and name == "Ed448PublicKey"):
            key.verify(sig, content)
        else:
            raise ValueError("key does not fit the signature scheme")
    except InvalidSignature:
        raise ValueError("bad signature")


def sign(key, schemes, content):
    """(scheme, signature) of ``content`` by a private key with a scheme from ``schemes``
    (the peer's list), or None when none fits."""
    name = type(key).__name__
    for s in schemes:
        if s not in SCHEMES:
            continue
        kind, h, curve = SCHEMES[s]
        if kind == "ec" and name == "EllipticCurvePrivateKey" and key.curve.name == curve:
            return s, key.sign(content, h)
        if kind == "rsa" and name == "RSAPrivateKey":
            from mpcrypto.pk import padding

            return s, key.sign(content, padding.PSS(padding.MGF1(h), padding.PSS.DIGEST_LENGTH), h)
        if (kind == "ed25519" and name == "Ed25519PrivateKey") or (kind == "ed448" and name == "Ed448PrivateKey"):
            return s, key.sign(content)
    return None


class Transcript:
    # The running Transcript-Hash (§4.4.1). Messages before the cipher suite is known are
    # kept and hashed when it is.
    def __init__(self):
        self.msgs = []
        self.h = None

    def add(self, m):
        if self.h is None:
            self.msgs.append(m)
        else:
            self.h.update(m)

    def start(self, hashcls, hrr=False):
        self.h = hashcls()
        msgs = self.msgs
        self.msgs = None
        if hrr:  # ClientHello1 replaced by message_hash (§4.4.1)
            self.h.update(bytes((MESSAGE_HASH, 0, 0, hashcls.digest_size)) + hashcls(msgs[0]).digest())
            msgs = msgs[1:]
        for m in msgs:
            self.h.update(m)

    def digest(self):
        return self.h.digest()


class Session:
    """A resumption ticket (§4.6.1) and what it stands for: the suite (its hash is the
    PSK's), the PSK, the ticket's lifetime and age_add, when it came (``time.ticks_ms``),
    and the server name it was issued for. ``TLSSocket.session`` after a ticket arrived;
    ``wrap_socket(..., session=s)`` offers it (psk_dhe_ke: a fresh (EC)DHE exchange too)."""

    def __init__(self, suite, psk, ticket, age_add, lifetime, hostname):
        import time

        self.suite = suite
        self.psk = psk
        self.ticket = ticket
        self.age_add = age_add
        self.lifetime = lifetime
        self.hostname = hostname
        self.t0 = time.ticks_ms()

    def age(self):
        """Milliseconds since the ticket arrived."""
        import time

        return time.ticks_diff(time.ticks_ms(), self.t0)


def binder(hashcls, psk, th):
    """The PSK binder (§4.2.11.2): the Finished value keyed by "res binder", over the
    transcript hash ``th`` up to the truncated ClientHello."""
    sched = _ks.KeySchedule(hashcls)
    sched.extract(psk)
    return _ks.finished(hashcls, sched.derive(b"res binder", sched.empty), th)


# max_fragment_length codes (RFC 6066 §4): 2^9 .. 2^12 bytes.
MFL = {512: 1, 1024: 2, 2048: 3, 4096: 4}


def size_limit(r):
    """The plaintext a record_size_limit (RFC 8449 §4) allows: its value less the content
    type byte of TLS 1.3, at most 2^14; below 64 is an illegal_parameter."""
    v = r.int(2)
    r.done()
    if v < 64:
        raise TLSError(_r.ILLEGAL_PARAMETER, "record_size_limit below 64")
    return min(v - 1, _r.MAX_PLAIN)


def alert_for(err):
    # The alert for a certificate that does not verify (§6.2).
    m = str(err)
    if "expired" in m or "not yet valid" in m:
        return _r.CERTIFICATE_EXPIRED
    if "untrusted" in m or "issuer" in m or "anchor" in m:
        return _r.UNKNOWN_CA
    if "unsupported" in m:
        return _r.UNSUPPORTED_CERTIFICATE
    return _r.BAD_CERTIFICATE


def certificates(conn, raw, may_be_empty=False):
    # The certificate_list of a Certificate message (§4.4.2) as parsed certificates.
    from mpcrypto import x509

    fail = conn.rec.fail
    r = Reader(raw, 4)
    if r.bytes(1, 0, 255) != b"":
        fail(_r.ILLEGAL_PARAMETER, "certificate_request_context")
    lst = r.vec(3)
    r.done()
    certs = []
    while lst.left():
        der = lst.bytes(3, 1)
        if lst.vec(2).left():  # no CertificateEntry extension was offered
            fail(_r.UNSUPPORTED_EXTENSION, "certificate entry extension")
        try:
            certs.append(x509.load_der_x509_certificate(der))
        except ValueError:
            fail(_r.BAD_CERTIFICATE, "malformed certificate")
    if not certs and not may_be_empty:
        fail(_r.DECODE_ERROR, "empty certificate list")
    return certs


def check_chain(conn, certs, purpose):
    """Verify ``certs`` (leaf first) against the context's trust anchors, as its
    verify_mode and check_hostname ask; on failure send the alert and raise the
    CertificateError."""
    from mpcrypto import x509

    ctx = conn.ctx
    if ctx.verify_mode == 0:  # CERT_NONE
        return
    try:
        host = conn.hostname if ctx.check_hostname else None
        x509.verify_chain(certs, ctx._anchors, ctx._now(), host, purpose)
    except x509.CertificateError as e:
        try:
            conn.rec.fail(alert_for(e), str(e))
        except TLSError:
            pass
        raise


def certificate_verify(conn, tr, certs, label):
    """Read the peer's CertificateVerify (§4.4.3) and check it with the leaf's key over
    ``label`` (SERVER_CV or CLIENT_CV) and the transcript so far; then add it to ``tr``."""
    fail = conn.rec.fail
    raw = expect(conn, CERTIFICATE_VERIFY)
    r = Reader(raw, 4)
    scheme = r.int(2)
    sig = r.bytes(2)
    r.done()
    if scheme not in OFFERED or SCHEMES[scheme][0] == "rsa1":
        fail(_r.ILLEGAL_PARAMETER, "signature scheme not offered")
    try:
        verify_signature(certs[0].public_key(), scheme, sig, label + tr.digest())
    except ValueError:
        fail(_r.DECRYPT_ERROR, "CertificateVerify does not verify")
    tr.add(raw)


def expect(conn, want):
    t, raw = conn.next_handshake()
    if t != want:
        conn.rec.fail(_r.UNEXPECTED_MESSAGE, "unexpected handshake message")
    return raw
