"""The TLS 1.3 server handshake (RFC 8446 §2, §4), the same code as the client's turned
around: full handshake with (EC)DHE, a HelloRetryRequest when the client's key shares miss
every group of ours it supports, our certificate chain and CertificateVerify, and a client
certificate when ``verify_mode`` asks for one (CERT_OPTIONAL: checked if sent;
CERT_REQUIRED: certificate_required without one).

The server's choices, in its own order of preference: the first of ``ctx.ciphers`` the
client offers, the first of ``ctx.groups`` it has a share for (else the first it supports,
by HelloRetryRequest), the first signature scheme of the client's list that fits our key.
No PSK, no early data, no session tickets: a pre_shared_key offer is ignored and the
handshake is a full one (§4.2.11).
"""

from mpcrypto._ct import compare_digest
from mpcrypto._tls import handshake as _h
from mpcrypto._tls import keyschedule as _ks
from mpcrypto._tls import record as _r
from mpcrypto._tls.handshake import (CERTIFICATE, CERTIFICATE_REQUEST, CERTIFICATE_VERIFY, CLIENT_CV,
                                    CLIENT_HELLO, ENCRYPTED_EXTENSIONS, EXT_KEY_SHARE, EXT_SERVER_NAME,
                                    EXT_SIGNATURE_ALGORITHMS, EXT_SUPPORTED_GROUPS, EXT_SUPPORTED_VERSIONS,
                                    FINISHED, GROUPS, HRR_RANDOM, SERVER_CV, SERVER_HELLO)
from mpcrypto._tls.record import Reader, vec


def _u16_list(r, n=2, lo=2):
    v = r.vec(n, lo)
    if v.left() & 1:
        raise _bad()
    return [v.int(2) for _ in range(v.left() // 2)]


def _bad():
    from mpcrypto.exceptions import TLSError

    return TLSError(_r.DECODE_ERROR, "bad list")


def _client_hello(conn, raw):
    # (session id, suites, extensions) of a ClientHello with the checks of §4.1.2.
    fail = conn.rec.fail
    r = Reader(raw, 4)
    if r.int(2) != 0x0303:
        fail(_r.PROTOCOL_VERSION, "bad legacy_version")
    r.take(32)
    sid = r.bytes(1, 0, 32)
    suites = _u16_list(r)
    if r.bytes(1, 1, 255) != b"\x00":
        fail(_r.ILLEGAL_PARAMETER, "compression")
    exts = _r.extensions(r)
    r.done()
    sv = exts.get(EXT_SUPPORTED_VERSIONS)
    if sv is None:
        fail(_r.PROTOCOL_VERSION, "client does not speak TLS 1.3")
    lst = sv.vec(1, 2, 254)
    sv.done()
    if lst.left() & 1 or 0x0304 not in [lst.int(2) for _ in range(lst.left() // 2)]:
        fail(_r.PROTOCOL_VERSION, "client does not speak TLS 1.3")
    for t in (EXT_SUPPORTED_GROUPS, EXT_KEY_SHARE, EXT_SIGNATURE_ALGORITHMS):
        if t not in exts:  # §9.2: mandatory for a handshake with certificates and (EC)DHE
            fail(_r.MISSING_EXTENSION, "ClientHello lacks a mandatory extension")
    return sid, suites, exts


def _shares(conn, exts):
    # ({group code: key_exchange}, [supported group codes]) with the checks of §4.2.8.
    fail = conn.rec.fail
    groups = _u16_list(exts[EXT_SUPPORTED_GROUPS])
    exts[EXT_SUPPORTED_GROUPS].done()
    ks = exts[EXT_KEY_SHARE]
    lst = ks.vec(2)
    ks.done()
    shares = {}
    while lst.left():
        g = lst.int(2)
        kx = lst.bytes(2, 1)
        if g in shares or g not in groups:
            fail(_r.ILLEGAL_PARAMETER, "key share repeated or not in supported_groups")
        shares[g] = kx
    return shares, groups


def _server_hello(random, sid, suite, exts):
    return _h.msg(SERVER_HELLO, b"\x03\x03" + random + vec(1, sid) + suite.to_bytes(2, "big") + b"\x00"
                  + vec(2, _h.ext(EXT_SUPPORTED_VERSIONS, b"\x03\x04") + exts))


def handshake(conn):
    ctx = conn.ctx
    rec = conn.rec
    fail = rec.fail
    rng = ctx._rng()
    tr = _h.Transcript()
    raw = _h.expect(conn, CLIENT_HELLO)
    sid, suites, exts = _client_hello(conn, raw)
    tr.add(raw)
    suite = None
    for s in ctx.ciphers:
        if s in suites:
            suite = s
            break
    if suite is None:
        fail(_r.HANDSHAKE_FAILURE, "no cipher suite in common")
    shares, groups = _shares(conn, exts)
    sn = exts.get(EXT_SERVER_NAME)
    if sn is not None:  # server_name (RFC 6066 §3): kept, not checked
        lst = sn.vec(2, 1)
        if lst.int(1) == 0:
            conn.hostname = bytes(lst.bytes(2, 1)).decode()
    sig_algs = _u16_list(exts[EXT_SIGNATURE_ALGORITHMS])
    group = None
    for g in ctx.groups:
        if GROUPS[g] in shares:
            group = g
            break
    hrr = False
    if group is None:
        for g in ctx.groups:
            if GROUPS[g] in groups:
                group = g
                break
        if group is None:
            fail(_r.HANDSHAKE_FAILURE, "no group in common")
        # §4.1.4: HelloRetryRequest asking for a share of ``group``; then ClientHello2 must
        # carry exactly that share, the rest as before.
        m = _server_hello(HRR_RANDOM, sid, suite, _h.ext(EXT_KEY_SHARE, GROUPS[group].to_bytes(2, "big")))
        tr.add(m)
        rec.write(_r.HANDSHAKE, m)
        raw = _h.expect(conn, CLIENT_HELLO)
        sid2, suites2, exts = _client_hello(conn, raw)
        tr.add(raw)
        shares, _ = _shares(conn, exts)
        if sid2 != sid or suite not in suites2 or list(shares) != [GROUPS[group]]:
            fail(_r.ILLEGAL_PARAMETER, "second ClientHello does not follow the HelloRetryRequest")
        sig_algs = _u16_list(exts[EXT_SIGNATURE_ALGORITHMS])
        hrr = True
    priv, share = _h.keygen(group, rng)
    try:
        ss = _h.shared_secret(group, priv, shares[GROUPS[group]])
    except ValueError:
        fail(_r.ILLEGAL_PARAMETER, "bad key share")
    priv = None
    m = _server_hello(rng(32), sid, suite, _h.ext(EXT_KEY_SHARE, GROUPS[group].to_bytes(2, "big") + vec(2, share)))
    tr.add(m)
    rec.write(_r.HANDSHAKE, m)
    rec.first = False
    from mpcrypto.hash.names import hash_class

    h = hash_class(_r.SUITES[suite][0])
    tr.start(h, hrr)
    sched = _ks.KeySchedule(h)
    sched.extract(None)
    sched.extract(ss)
    th = tr.digest()
    c_hs = sched.derive(b"c hs traffic", th)
    s_hs = sched.derive(b"s hs traffic", th)
    conn.end_of_flight()
    rec.set_key(_r.WRITE, suite, s_hs)
    rec.set_key(_r.READ, suite, c_hs)

    flight = []

    def send(t, body):
        m = _h.msg(t, body)
        tr.add(m)
        flight.append(m)

    send(ENCRYPTED_EXTENSIONS, vec(2, _h.ext(EXT_SERVER_NAME, b"") if sn is not None else b""))
    ask = ctx.verify_mode != 0
    if ask:
        send(CERTIFICATE_REQUEST, b"\x00" + vec(2, _h.ext(EXT_SIGNATURE_ALGORITHMS, vec(2, _h.u16s(_h.OFFERED)))))
    send(CERTIFICATE, b"\x00" + vec(3, b"".join(vec(3, c) + b"\x00\x00" for c in ctx._chain)))
    got = _h.sign(ctx._key, sig_algs, SERVER_CV + tr.digest())
    if got is None:
        fail(_r.HANDSHAKE_FAILURE, "no signature scheme in common")
    send(CERTIFICATE_VERIFY, got[0].to_bytes(2, "big") + vec(2, got[1]))
    send(FINISHED, _ks.finished(h, s_hs, tr.digest()))
    rec.write(_r.HANDSHAKE, b"".join(flight))  # one flight, in as few records as fit
    th = tr.digest()
    sched.extract(None)
    c_ap = sched.derive(b"c ap traffic", th)
    s_ap = sched.derive(b"s ap traffic", th)
    rec.set_key(_r.WRITE, suite, s_ap)

    if ask:
        raw = _h.expect(conn, CERTIFICATE)
        certs = _h.certificates(conn, raw, True)
        tr.add(raw)
        if not certs:
            if ctx.verify_mode == 2:  # CERT_REQUIRED
                fail(_r.CERTIFICATE_REQUIRED, "no client certificate")
        else:
            _h.check_chain(conn, certs, "clientAuth")
            conn.peer_certs = certs
            raw = _h.expect(conn, CERTIFICATE_VERIFY)
            r = Reader(raw, 4)
            scheme = r.int(2)
            sig = r.bytes(2)
            r.done()
            if scheme not in _h.OFFERED or _h.SCHEMES[scheme][0] == "rsa1":
                fail(_r.ILLEGAL_PARAMETER, "signature scheme not offered")
            try:
                _h.verify_signature(certs[0].public_key(), scheme, sig, CLIENT_CV + tr.digest())
            except ValueError:
                fail(_r.DECRYPT_ERROR, "CertificateVerify does not verify")
            tr.add(raw)
    raw = _h.expect(conn, FINISHED)
    if not compare_digest(raw[4:], _ks.finished(h, c_hs, tr.digest())):
        fail(_r.DECRYPT_ERROR, "client Finished does not verify")
    tr.add(raw)
    conn.end_of_flight()
    rec.set_key(_r.READ, suite, c_ap)
    conn.resumption = sched.derive(b"res master", tr.digest())
    conn.hashcls = h
