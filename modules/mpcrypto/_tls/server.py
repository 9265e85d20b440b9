"""The TLS 1.3 server handshake (RFC 8446 §2, §4), the same code as the client's turned
around: full handshake with (EC)DHE, a HelloRetryRequest when the client's key shares miss
every group of ours it supports, our certificate chain and CertificateVerify, and a client
certificate when ``verify_mode`` asks for one (CERT_OPTIONAL: checked if sent;
CERT_REQUIRED: certificate_required without one).

The server's choices, in its own order of preference: the first of ``ctx.ciphers`` the
client offers, the first of ``ctx.groups`` it has a share for (else the first it supports,
by HelloRetryRequest), the first signature scheme of the client's list that fits our key.
Resumption (§2.2, psk_dhe_ke only, no early data): after each full or resumed handshake
the server sends ``ctx.tickets`` NewSessionTickets (§4.6.1). A ticket is the PSK, its suite,
age_add and issue time sealed with AES-128-GCM under a key the context draws once, so the
server keeps no state per session; one that is expired, unreadable or of another hash is
ignored (a full handshake follows), and a readable one whose binder fails is a
decrypt_error (§4.2.11).
"""

from mpcrypto._ct import compare_digest
from mpcrypto._tls import handshake as _h
from mpcrypto._tls import keyschedule as _ks
from mpcrypto._tls import record as _r
from mpcrypto._tls.handshake import (CERTIFICATE, CERTIFICATE_REQUEST, CERTIFICATE_VERIFY, CLIENT_CV,
                                    CLIENT_HELLO, ENCRYPTED_EXTENSIONS, EXT_KEY_SHARE, EXT_PRE_SHARED_KEY, EXT_PSK_MODES, EXT_SERVER_NAME,
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
    psk = exts.get(EXT_PRE_SHARED_KEY)
    if psk is not None and psk.end != r.end:
        fail(_r.ILLEGAL_PARAMETER, "pre_shared_key not last")
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


def _ticket_key(ctx, rng):
    key = ctx._ticket_key
    if key is None:
        from mpcrypto.aead.gcm import AESGCM

        key = ctx._ticket_key = AESGCM(rng(16))
    return key


def ticket(conn, rng):
    """A NewSessionTicket message for the connection's resumption secret (§4.6.1)."""
    from mpcrypto._tls import keyschedule as _k

    ctx = conn.ctx
    h = conn.hashcls
    nonce = rng(8)
    add = int.from_bytes(rng(4), "big")
    psk = _k.expand_label(h, conn.resumption, b"resumption", nonce, h.digest_size)
    iv = rng(12)
    body = conn.suite.to_bytes(2, "big") + add.to_bytes(4, "big") + int(ctx._now()).to_bytes(8, "big") + psk
    blob = iv + _ticket_key(ctx, rng).encrypt(iv, body, b"mpcrypto ticket")
    return _h.msg(_h.NEW_SESSION_TICKET, ctx.ticket_lifetime.to_bytes(4, "big") + add.to_bytes(4, "big")
                  + vec(1, nonce) + vec(2, blob) + b"\x00\x00")


def _accept_psk(conn, raw, exts, h, prefix, rng):
    # The PSK of the first offered ticket we can read, for the suite's hash, after its binder
    # is checked; None when there is none (a full handshake then).
    ctx = conn.ctx
    modes = exts.get(EXT_PSK_MODES)
    ext = exts.get(EXT_PRE_SHARED_KEY)
    if ext is None:
        return None
    if modes is None:  # §4.2.9: a client offering a PSK must send the modes
        conn.rec.fail(_r.MISSING_EXTENSION, "pre_shared_key without psk_key_exchange_modes")
    ml = modes.vec(1, 1)
    if 1 not in bytes(ml.take(ml.left())):  # psk_dhe_ke
        return None
    ids = ext.vec(2, 7)
    cut = ext.i  # the ClientHello up to here is what the binders cover
    binders = ext.vec(2, 33)
    ext.done()
    first = ids.bytes(2, 1)
    ids.int(4)  # obfuscated_ticket_age: not used (no early data)
    bl = binders.bytes(1, 32)
    from mpcrypto.exceptions import InvalidTag

    try:
        iv = first[:12]
        body = _ticket_key(ctx, rng).decrypt(iv, first[12:], b"mpcrypto ticket")
    except (InvalidTag, ValueError):
        return None
    suite = int.from_bytes(body[:2], "big")
    issued = int.from_bytes(body[6:14], "big")
    if _r.SUITES.get(suite, ("",))[0] != _r.SUITES[conn.suite][0] or not 0 <= ctx._now() - issued <= ctx.ticket_lifetime:
        return None
    psk = body[14:]
    if len(psk) != h.digest_size or not compare_digest(bl, _h.binder(h, psk, h(prefix + bytes(raw[:cut])).digest())):
        conn.rec.fail(_r.DECRYPT_ERROR, "PSK binder does not verify")
    return psk


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
    conn.suite = suite
    first_ch = raw
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
        m = hrr_msg = _server_hello(HRR_RANDOM, sid, suite, _h.ext(EXT_KEY_SHARE, GROUPS[group].to_bytes(2, "big")))
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
        ch2 = raw
    from mpcrypto.hash.names import hash_class

    h = hash_class(_r.SUITES[suite][0])
    if hrr:
        prefix = bytes((_h.MESSAGE_HASH, 0, 0, h.digest_size)) + h(first_ch).digest() + hrr_msg
        psk = _accept_psk(conn, ch2, exts, h, prefix, rng)
    else:
        psk = _accept_psk(conn, first_ch, exts, h, b"", rng)
    conn.session_reused = psk is not None
    priv, share = _h.keygen(group, rng)
    try:
        ss = _h.shared_secret(group, priv, shares[GROUPS[group]])
    except ValueError:
        fail(_r.ILLEGAL_PARAMETER, "bad key share")
    priv = None
    sh_ext = _h.ext(EXT_KEY_SHARE, GROUPS[group].to_bytes(2, "big") + vec(2, share))
    if psk is not None:
        sh_ext += _h.ext(EXT_PRE_SHARED_KEY, b"\x00\x00")  # selected_identity 0
    m = _server_hello(rng(32), sid, suite, sh_ext)
    tr.add(m)
    rec.write(_r.HANDSHAKE, m)
    rec.first = False
    tr.start(h, hrr)
    sched = _ks.KeySchedule(h)
    sched.extract(psk)
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

    ee = _h.ext(EXT_SERVER_NAME, b"") if sn is not None else b""
    rl = exts.get(_h.EXT_RECORD_SIZE_LIMIT)
    mfl = exts.get(_h.EXT_MAX_FRAGMENT_LENGTH)
    if rl is not None:
        # RFC 8449 §4: the client's limit on what we send, and ours in EncryptedExtensions
        # (a max_fragment_length beside it is ignored, §5).
        rec.limit = _h.size_limit(rl)
        mine = ctx.record_size_limit or _r.MAX_PLAIN
        rec.rlimit = mine
        ee += _h.ext(_h.EXT_RECORD_SIZE_LIMIT, (mine + 1).to_bytes(2, "big"))
    elif mfl is not None:
        code = mfl.int(1)
        mfl.done()
        size = 0
        for k in _h.MFL:
            if _h.MFL[k] == code:
                size = k
        if not size:  # RFC 6066 §4
            fail(_r.ILLEGAL_PARAMETER, "max_fragment_length code")
        rec.limit = rec.rlimit = size
        ee += _h.ext(_h.EXT_MAX_FRAGMENT_LENGTH, bytes((code,)))
    send(ENCRYPTED_EXTENSIONS, vec(2, ee))
    ask = ctx.verify_mode != 0 and psk is None  # §4.3.2: no CertificateRequest with a PSK
    if ask:
        send(CERTIFICATE_REQUEST, b"\x00" + vec(2, _h.ext(EXT_SIGNATURE_ALGORITHMS, vec(2, _h.u16s(_h.OFFERED)))))
    if psk is None:
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
            _h.certificate_verify(conn, tr, certs, CLIENT_CV)
    raw = _h.expect(conn, FINISHED)
    if not compare_digest(raw[4:], _ks.finished(h, c_hs, tr.digest())):
        fail(_r.DECRYPT_ERROR, "client Finished does not verify")
    tr.add(raw)
    conn.end_of_flight()
    rec.set_key(_r.READ, suite, c_ap)
    conn.resumption = sched.derive(b"res master", tr.digest())
    conn.hashcls = h
    if ctx.tickets:
        rec.write(_r.HANDSHAKE, b"".join(ticket(conn, rng) for _ in range(ctx.tickets)))
