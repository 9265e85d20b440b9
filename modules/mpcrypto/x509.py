"""X.509 certificates (RFC 5280) for a TLS 1.3 client: parsing and certification path checks.

    from mpcrypto import x509
    chain = x509.load_pem_x509_certificates(pem_bytes)   # or load_der_x509_certificate(der)
    x509.verify_chain(chain, anchors, now, hostname="example.com")   # raises CertificateError

Parsing (``load_der_x509_certificate``; ValueError on anything that is not strict DER, through
``mpcrypto.keys.der``): Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm,
signatureValue BIT STRING } (§4.1). A ``Certificate`` keeps ``der``, ``tbs`` (the
tbsCertificate TLV, copied from ``der`` when asked for), ``version`` (1..3; an explicit v1 is
not DER: rejected), ``serial_number`` (a negative one, which §4.1.2.2 forbids, is a
ValueError), ``issuer`` and ``subject`` (the DER of the Name: names are
compared byte for byte, the simple comparison §7.1 allows; a CA that re-encodes its name
differently in the certificates it issues is not found), ``not_before`` / ``not_after``
(seconds since 1970-01-01 UTC; §4.1.2.5: UTCTime ``YYMMDDHHMMSSZ``, years 50..99 are 19xx,
or GeneralizedTime ``YYYYMMDDHHMMSSZ``; no fractions, offsets or missing seconds), ``spki``
(the SubjectPublicKeyInfo TLV; ``public_key()`` loads it with
``mpcrypto.keys.serialization``), ``common_names`` (subject CN strings; never used for host
names, RFC 9525 §6.3) and from the extensions (§4.2; each at most once, else
CertificateError "duplicate extension"): ``is_ca`` and ``path_len`` (basicConstraints),
``key_usage`` (an int, bit k = the RFC's bit k: digitalSignature 1, keyCertSign 32; None when
absent), ``ext_key_usage`` (dotted OIDs or None), ``dns_names`` (ASCII, else ValueError) and
``ip_addresses`` (4 or 16 bytes, else ValueError) of subjectAltName (its other forms are
skipped). An outer signatureAlgorithm that differs
from the tbsCertificate's raises CertificateError "signature algorithm mismatch" (§4.1.1.2).

Signatures (``verify_signed_by(key)``), the algorithm read when it is checked, so that a trust
anchor signed with SHA-1 still loads: ecdsa-with-SHA256/384/512 (RFC 5758 §3.2, parameters
absent), sha256/384/512WithRSAEncryption (RFC 4055 §5, parameters NULL), RSASSA-PSS (RFC 4055
§3.1: SHA-256/384/512, MGF1 with the same hash, any saltLength, trailerField absent), Ed25519
and Ed448 (RFC 8410 §3, parameters absent). Anything else (SHA-1 included) raises
"unsupported signature algorithm", a key of another type "wrong key type", a failed check
"bad signature".

Path checks (``verify_chain``, after §6.1 for a client that needs no policies): the leaf is
``chain[0]``; each next certificate is the first one, among the anchors and then the rest of
the chain (in any order), whose subject equals the issuer and whose key verifies the
signature (no backtracking: a failure on that one is final; a name that matches but a
signature that does not is "bad signature", no name that matches "unknown issuer"). The path
ends at an anchor that issued the last certificate (subject equal to its issuer, key verifying
its signature), or at a certificate equal byte for byte to an anchor (the leaf itself may be
one); at most ``MAX_DEPTH`` certificates below it. Every certificate of the path, the anchor
included, must be valid at ``now`` (an expired root fails: replace it) and carry no critical
extension besides basicConstraints, keyUsage, extKeyUsage, subjectAltName and
certificatePolicies (accepted unread: with no policy constraints or mappings, which are
refused when critical, and no explicit policy asked for, §6.1 policy processing cannot fail).
Every issuer has basicConstraints cA (an anchor only if it has the extension: a v1 root has
none), keyCertSign if it has keyUsage, and its pathLenConstraint bounds the non-self-issued
intermediates below it. The leaf needs
digitalSignature if it has keyUsage, and the ``purpose`` ("serverAuth" or "clientAuth") or
anyExtendedKeyUsage if it has extKeyUsage. Not done: revocation (CRL, OCSP), policy
processing, name constraints (a critical nameConstraints is refused; a non-critical one, which
§4.2.1.10 forbids, is ignored), EKU of intermediates, AIA fetching.

Host names (``match_hostname``, RFC 9525 §6.3): case-insensitive ASCII comparison with the
dNSNames (one final dot of the host name ignored); a wildcard only as the whole leftmost label
of a name of at least three labels, matching exactly one label; a host that is an IPv4
dotted quad or an IPv6 address (with ``::``, and a dotted quad at the end) is compared with
the iPAddress entries only. The subject CN is never used.

Not constant time: certificates are public.
"""

import sys

from mpcrypto._util import as_bytes
from mpcrypto.exceptions import InvalidSignature, UnsupportedAlgorithm
from mpcrypto.keys import der, pem

MAX_DEPTH = 8  # certificates of a path below its trust anchor, the leaf included


class CertificateError(ValueError):
    """A certificate or a path failed a check; the message says which."""


_SEQ = der.SEQUENCE

# signatureAlgorithm OID -> (kind, hash)
_SIGS = {
    "1.2.840.10045.4.3.2": ("ec", "sha256"),
    "1.2.840.10045.4.3.3": ("ec", "sha384"),
    "1.2.840.10045.4.3.4": ("ec", "sha512"),
    "1.2.840.113549.1.1.11": ("rsa", "sha256"),
    "1.2.840.113549.1.1.12": ("rsa", "sha384"),
    "1.2.840.113549.1.1.13": ("rsa", "sha512"),
    "1.2.840.113549.1.1.10": ("pss", None),
    "1.3.101.112": ("ed", "Ed25519"),
    "1.3.101.113": ("ed", "Ed448"),
}
_HASHES = {"2.16.840.1.101.3.4.2.1": "sha256", "2.16.840.1.101.3.4.2.2": "sha384",
           "2.16.840.1.101.3.4.2.3": "sha512"}  # RFC 4055 §2.1
_MGF1 = "1.2.840.113549.1.1.8"
# The key class each kind needs: (module, class); "ed" takes both from the hash slot's name.
_KEYS = {"ec": ("mpcrypto.ec.ec", "EllipticCurvePublicKey"),
         "rsa": ("mpcrypto.pk.rsa", "RSAPublicKey")}
_KEYS["pss"] = _KEYS["rsa"]

# Extensions understood when critical (see the module docstring); 2.5.29.30 nameConstraints
# is deliberately not here.
_BC, _KU, _EKU, _SAN = "2.5.29.19", "2.5.29.15", "2.5.29.37", "2.5.29.17"
_UNDERSTOOD = (_BC, _KU, _EKU, _SAN, "2.5.29.32")
_PURPOSES = {"serverAuth": "1.3.6.1.5.5.7.3.1", "clientAuth": "1.3.6.1.5.5.7.3.2"}
_ANY_EKU = "2.5.29.37.0"


def _days(y, m, d):
    # Days from 1970-01-01 to the proleptic Gregorian y-m-d (H. Hinnant, days_from_civil:
    # years counted from March, so the leap day ends a year; 400-year eras of 146097 days).
    if m <= 2:
        y -= 1
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    return era * 146097 + yoe * 365 + yoe // 4 - yoe // 100 + doy - 719468


def _time(m, i, end):
    # (seconds, next index) of the Time at m[i] (RFC 5280 §4.1.2.5.1 / .2).
    t, s, e = der.read(m, i, end)
    if not ((t == 0x17 and e - s == 13) or (t == 0x18 and e - s == 15)) or m[e - 1] != 0x5A:
        raise ValueError("bad time")
    v = []  # two-digit fields
    for j in range(s, e - 1, 2):
        a, b = m[j] - 48, m[j + 1] - 48
        if not (0 <= a <= 9 and 0 <= b <= 9):
            raise ValueError("bad time")
        v.append(10 * a + b)
    if t == 0x17:
        y = v.pop(0)
        y += 1900 if y >= 50 else 2000
    else:
        y = 100 * v.pop(0)
        y += v.pop(0)
    mo, d, hh, mi, ss = v
    if not (1 <= mo <= 12 and d and hh < 24 and mi < 60 and ss < 60) or \
            _days(y, mo, d) >= _days(y + mo // 12, mo % 12 + 1, 1):  # past the month's end
        raise ValueError("bad time")
    return ((_days(y, mo, d) * 24 + hh) * 60 + mi) * 60 + ss, e


def _true(m, i, end):
    # The index after the BOOLEAN at m[i], which must be TRUE: DER encodes TRUE as 0xFF
    # (X.690 §11.1) and never a FALSE whose DEFAULT is FALSE (§11.5).
    s, e = der.expect(m, i, end, 0x01)
    if e - s != 1 or m[s] != 0xFF:
        raise ValueError("DER bad BOOLEAN")
    return e


def _hash_alg(m, s, e):
    # The hash of the HashAlgorithm that fills m[s:e] (RFC 4055 §2.1: NULL or absent params).
    s, j = der.expect(m, s, e, _SEQ)
    der.done(j, e)
    o, s = der.oid(m, s, j)
    if s < j:
        s = der.null(m, s, j)
    der.done(s, j)
    return _HASHES[o]  # KeyError: unsupported


def _pss(m, i, e):
    # (hash, salt length) of the RSASSA-PSS-params that fill m[i:e] (RFC 4055 §3.1). The
    # hash has no usable DEFAULT (SHA-1), so [0] and [1] must be there; [3] trailerField
    # may only be its DEFAULT, which DER leaves out.
    s, j = der.expect(m, i, e, _SEQ)
    der.done(j, e)
    x, s = der.expect(m, s, j, 0xA0)
    h = _hash_alg(m, x, s)
    x, s = der.expect(m, s, j, 0xA1)
    x, k = der.expect(m, x, s, _SEQ)
    der.done(k, s)
    o, x = der.oid(m, x, k)
    if o != _MGF1 or _hash_alg(m, x, k) != h:
        raise ValueError("PSS MGF")
    salt = 20
    if der.peek(m, s, j) == 0xA2:
        x, s = der.expect(m, s, j, 0xA2)
        salt, x = der.uint(m, x, s)
        der.done(x, s)
    der.done(s, j)
    return h, salt


def _names(m, s, e):
    # The subject CN strings of the Name (RDNSequence, RFC 5280 §4.1.2.4) in m[s:e].
    out = []
    while s < e:
        r, s = der.expect(m, s, e, 0x31)  # RelativeDistinguishedName: SET OF
        while r < s:
            a, r = der.expect(m, r, s, _SEQ)  # AttributeTypeAndValue
            o, a = der.oid(m, a, r)
            t, vs, ve = der.read(m, a, r)
            der.done(ve, r)
            # UTF8String, PrintableString, TeletexString (read as UTF-8), IA5String
            if o == "2.5.4.3" and t in (0x0C, 0x13, 0x14, 0x16):
                out.append(bytes(m[vs:ve]).decode())
    return tuple(out)


class Certificate:
    """A parsed certificate; the module docstring lists its attributes."""

    def __init__(self, data):
        b = self.der = as_bytes(data)
        m = memoryview(b)
        n = len(b)
        s, e = der.expect(m, 0, n, _SEQ)
        der.done(e, n)
        i, te = der.expect(m, s, e, _SEQ)
        self._tbs = (s, te)  # kept as offsets: a copy would double the certificate's RAM
        j, k = der.expect(m, te, e, _SEQ)
        self._alg = b[te:k]
        j, k, i2 = der.bit_string(m, k, e)
        der.done(i2, e)
        self._sig = b[j:k]
        # TBSCertificate (§4.1.2)
        v = 0
        if der.peek(m, i, te) == 0xA0:
            j, i = der.expect(m, i, te, 0xA0)
            v, j = der.small_uint(m, j, i, 2)
            der.done(j, i)
            if not v:
                raise ValueError("DER default version")
        self.version = v + 1
        self.serial_number, i = der.uint(m, i, te)
        j, k = der.expect(m, i, te, _SEQ)
        if b[i:k] != self._alg:
            raise CertificateError("signature algorithm mismatch")
        j, i = der.expect(m, k, te, _SEQ)
        self.issuer = b[k:i]
        j, k = der.expect(m, i, te, _SEQ)  # Validity
        self.not_before, j = _time(m, j, k)
        self.not_after, j = _time(m, j, k)
        der.done(j, k)
        j, i = der.expect(m, k, te, _SEQ)
        self.subject = b[k:i]
        self.common_names = _names(m, j, i)
        j, k = der.expect(m, i, te, _SEQ)
        self.spki = b[i:k]
        i = k
        for t in (0x81, 0x82):  # issuerUniqueID, subjectUniqueID (v2, v3): skipped
            if der.peek(m, i, te) == t:
                if v < 1:
                    raise ValueError("unique ID in v1")
                i = der.read(m, i, te)[2]
        self.is_ca = self._bc = self._crit = False
        self.path_len = self.key_usage = self.ext_key_usage = self._key = None
        self.dns_names = self.ip_addresses = ()
        if der.peek(m, i, te) == 0xA3:
            if v < 2:
                raise ValueError("extensions before v3")
            j, i = der.expect(m, i, te, 0xA3)
            j, k = der.expect(m, j, i, _SEQ)
            der.done(k, i)
            if j == k:
                raise ValueError("DER empty extensions")
            seen = []
            while j < k:
                x, j = der.expect(m, j, k, _SEQ)  # Extension
                o, x = der.oid(m, x, j)
                if o in seen:
                    raise CertificateError("duplicate extension")
                seen.append(o)
                crit = der.peek(m, x, j) == 0x01
                if crit:
                    x = _true(m, x, j)
                vs, ve, x = der.octet_string(m, x, j)
                der.done(x, j)
                if crit and o not in _UNDERSTOOD:
                    self._crit = True
                self._ext(m, o, vs, ve)
        der.done(i, te)

    def _ext(self, m, o, s, e):
        # One extension's extnValue m[s:e] (§4.2.1); unknown ones are left alone.
        if o in (_BC, _EKU, _SAN):
            s, k = der.expect(m, s, e, _SEQ)
            der.done(k, e)
            e = k
        if o == _BC:  # SEQUENCE { cA BOOLEAN DEFAULT FALSE, pathLenConstraint INTEGER OPTIONAL }
            self._bc = True
            if der.peek(m, s, e) == 0x01:
                s = _true(m, s, e)
                self.is_ca = True
            if s < e:
                self.path_len, s = der.uint(m, s, e)
            der.done(s, e)
        elif o == _KU:  # a named BIT STRING: RFC bit k is bit 7 - k % 8 of octet k // 8
            s, k = der.expect(m, s, e, der.BIT_STRING)
            der.done(k, e)
            if s == k or m[s] > 7 or (m[s] and (s + 1 == k or m[k - 1] & ((1 << m[s]) - 1))):
                raise ValueError("DER bad BIT STRING")
            u = 0
            for j in range(8 * (k - s - 1)):
                if m[s + 1 + (j >> 3)] & (0x80 >> (j & 7)):
                    u |= 1 << j
            self.key_usage = u
        elif o == _EKU:  # SEQUENCE SIZE (1..MAX) OF KeyPurposeId
            u = []
            while s < e:
                x, s = der.oid(m, s, e)
                u.append(x)
            if not u:
                raise ValueError("DER empty SEQUENCE")
            self.ext_key_usage = tuple(u)
        elif o == _SAN:  # GeneralNames: SEQUENCE SIZE (1..MAX) OF GeneralName
            dns, ips = [], []
            if s == e:
                raise ValueError("DER empty SEQUENCE")
            while s < e:
                t, vs, s = der.read(m, s, e)
                if t == 0x82:  # dNSName [2] IA5String: printable ASCII, not empty
                    for j in range(vs, s):
                        if not 0x20 < m[j] < 0x7F:
                            raise ValueError("bad dNSName")
                    if vs == s:
                        raise ValueError("bad dNSName")
                    dns.append(bytes(m[vs:s]).decode())
                elif t == 0x87:  # iPAddress [7] OCTET STRING: IPv4 or IPv6
                    if s - vs not in (4, 16):
                        raise ValueError("bad iPAddress")
                    ips.append(bytes(m[vs:s]))
            self.dns_names = tuple(dns)
            self.ip_addresses = tuple(ips)

    @property
    def tbs(self):
        s, e = self._tbs
        return self.der[s:e]

    def public_key(self):
        """The subject's public key (``mpcrypto.keys.serialization`` key object)."""
        if self._key is None:
            from mpcrypto.keys import serialization

            self._key = serialization.load_der_public_key(self.spki)
        return self._key

    def verify_signed_by(self, key):
        """None if ``key`` (a public key object) signed this certificate, else
        CertificateError. Variable time (public data)."""
        m = memoryview(self._alg)
        try:
            s, e = der.expect(m, 0, len(m), _SEQ)
            o, s = der.oid(m, s, e)
            kind, h = _SIGS[o]
            if kind == "pss":
                h, salt = _pss(m, s, e)
                s = e
            elif kind == "rsa":
                s = der.null(m, s, e)
            der.done(s, e)
        except (ValueError, KeyError):
            raise CertificateError("unsupported signature algorithm")
        mod, cls = _KEYS.get(kind) or ("mpcrypto.ec." + h.lower(), h + "PublicKey")
        mod = sys.modules.get(mod)  # not loaded: key cannot be of its class
        if mod is None or not isinstance(key, getattr(mod, cls)):
            raise CertificateError("wrong key type")
        s, e = self._tbs
        data = memoryview(self.der)[s:e]
        try:
            if kind == "ec":
                key.verify(self._sig, data, hashalg=h)
            elif kind == "ed":
                key.verify(self._sig, data)
            else:
                from mpcrypto.pk import padding

                pad = padding.PKCS1v15() if kind == "rsa" else padding.PSS(padding.MGF1(h), salt)
                key.verify(self._sig, data, pad, h)
        except (InvalidSignature, ValueError):
            raise CertificateError("bad signature")


def load_der_x509_certificate(data):
    """A Certificate from its DER; ValueError if malformed."""
    return Certificate(data)


def load_pem_x509_certificates(data):
    """Every "CERTIFICATE" PEM block of ``data`` (RFC 7468 §5), in order, as Certificates;
    other blocks are skipped. ValueError if there is none or one is malformed."""
    data = as_bytes(data)
    end = b"-----END CERTIFICATE-----"
    out = []
    i = 0
    while True:
        k = data.find(end, i)
        if k < 0:
            break
        k += len(end)
        out.append(Certificate(pem.decode(data[i:k], ("CERTIFICATE",))[1]))
        i = k
    if not out:
        raise ValueError("no PEM block with label CERTIFICATE")
    return out


def _ip4(h):
    # The 4 bytes of a strict dotted quad (decimal, no leading zeros), else None.
    p = h.split(".")
    if len(p) != 4:
        return None
    out = bytearray()
    for x in p:
        if not x or len(x) > 3 or not x.isdigit() or (x[0] == "0" and len(x) > 1) or int(x) > 255:
            return None
        out.append(int(x))
    return bytes(out)


def _ip6(h):
    # The 16 bytes of an IPv6 address (RFC 4291 §2.2: "::" once for one or more zero groups,
    # a dotted quad as the last 32 bits), else None.
    head, sep, tail = h.partition("::")
    hp = head.split(":") if head else []
    tp = tail.split(":") if tail else []
    last = tp if sep else hp
    v4 = b""
    if last and "." in last[-1]:
        v4 = _ip4(last.pop())
        if v4 is None:
            return None
    miss = 8 - len(v4) // 2 - len(hp) - len(tp)
    if (miss < 1) if sep else miss:
        return None
    out = bytearray()
    for g in hp + ["0"] * miss + tp:
        if not 0 < len(g) < 5:
            return None
        for c in g:
            if c not in "0123456789abcdef":
                return None
        x = int(g, 16)
        out.append(x >> 8)
        out.append(x & 255)
    return bytes(out) + v4


def match_hostname(cert, hostname):
    """None if ``hostname`` (str) is one of ``cert``'s subjectAltName identities, else
    CertificateError "hostname mismatch" (rules: the module docstring)."""
    h = hostname.lower()  # an address's hex digits as the parser wants them
    ip = _ip6(h) if ":" in h else _ip4(h)
    if ip is not None:
        if ip in cert.ip_addresses:
            return
    elif ":" not in h:
        if h.endswith("."):
            h = h[:-1]
        if h and "*" not in h:
            for n in cert.dns_names:
                n = n.lower()
                if n == h:
                    return
                # "*.b.c" matches "a.b.c": the host's first label is what the "*" stands for
                p = len(h) - len(n) + 1
                if n[:2] == "*." and "*" not in n[2:] and n.count(".") >= 2 and p > 0 and \
                        h[p:] == n[1:] and "." not in h[:p]:
                    return
    raise CertificateError("hostname mismatch")


def _valid(c, now):
    # The checks every certificate of a path gets, its anchor's included.
    if c._crit:
        raise CertificateError("unsupported critical extension")
    if now < c.not_before:
        raise CertificateError("certificate not yet valid")
    if now > c.not_after:
        raise CertificateError("certificate expired")


def _trusted(c, anchors):
    for a in anchors:
        if a.der == c.der:
            return True
    return False


def verify_chain(chain, anchors, now, hostname=None, purpose="serverAuth"):
    """None if ``chain`` (Certificates, the leaf first) leads to one of ``anchors`` (trusted
    Certificates) under the checks of the module docstring at ``now`` (int seconds since
    1970 UTC), and the leaf matches ``hostname`` (if given); else CertificateError."""
    want = _PURPOSES.get(purpose)
    if want is None:
        raise ValueError("unknown purpose")
    if not chain:
        raise CertificateError("empty chain")
    cur = chain[0]
    # The leaf's own checks first: none of them needs a signature verified.
    _valid(cur, now)
    if hostname is not None:
        match_hostname(cur, hostname)
    if cur.key_usage is not None and not cur.key_usage & 1:
        raise CertificateError("leaf lacks digitalSignature")
    u = cur.ext_key_usage
    if u is not None and want not in u and _ANY_EKU not in u:
        raise CertificateError("leaf lacks " + purpose)
    path = [cur]  # the certificates below the issuer looked for
    rest = list(chain[1:])
    na = len(anchors)
    while not _trusted(cur, anchors):
        err = CertificateError("unknown issuer")
        found = None
        for n, c in enumerate(list(anchors) + rest):
            if c.subject == cur.issuer:
                try:
                    try:
                        key = c.public_key()
                    except (ValueError, UnsupportedAlgorithm):
                        raise CertificateError("unsupported public key")
                    cur.verify_signed_by(key)
                except CertificateError as x:
                    err = x
                    continue
                found = c
                break
        if found is None:
            raise err
        _valid(found, now)
        if n >= na or found._bc:  # an anchor without basicConstraints is a v1 root
            if not found.is_ca:
                raise CertificateError("issuer not a CA")
        if found.key_usage is not None and not found.key_usage & 32:
            raise CertificateError("issuer lacks keyCertSign")
        if found.path_len is not None:
            k = 0
            for c in path[1:]:
                if c.subject != c.issuer:  # self-issued ones do not count (§4.2.1.9)
                    k += 1
            if k > found.path_len:
                raise CertificateError("path length exceeded")
        if n < na:
            return
        rest.remove(found)
        path.append(found)
        if len(path) > MAX_DEPTH:
            raise CertificateError("path too long")
        cur = found
