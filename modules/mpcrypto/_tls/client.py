"""The TLS 1.3 client handshake (RFC 8446 §2, §4): full handshake with (EC)DHE, a
HelloRetryRequest when the server wants another group, server authentication by a
certificate chain and CertificateVerify, and a client certificate when the server asks.

``handshake(conn)`` runs it on a ``mpcrypto.tls.TLSSocket`` (its ``rec``, ``ctx`` and
``hostname``) and leaves the connection's records protected with the application traffic
keys. Every check that fails sends its alert and raises ``TLSError`` (``CertificateError``
for a chain that does not verify, after the alert).

What the ClientHello offers: the context's cipher suites and groups (one key share, for the
first group; the others by HelloRetryRequest), signature_algorithms, server_name when a
host name is given (not for an IP address, §3 of RFC 6066), supported_versions (TLS 1.3 only)
and an empty legacy_session_id (so the server sends no change_cipher_spec; one is ignored
anyway, §D.4).
"""

from mpcrypto._ct import compare_digest
from mpcrypto._tls import handshake as _h
from mpcrypto._tls import keyschedule as _ks
from mpcrypto._tls import record as _r
from mpcrypto._tls.handshake import (CERTIFICATE, CERTIFICATE_REQUEST, CERTIFICATE_VERIFY, CLIENT_CV,
                                    CLIENT_HELLO, ENCRYPTED_EXTENSIONS, EXT_COOKIE, EXT_KEY_SHARE,
                                    EXT_PRE_SHARED_KEY, EXT_PSK_MODES, EXT_SERVER_NAME, EXT_SIGNATURE_ALGORITHMS,
                                    EXT_SUPPORTED_GROUPS, EXT_SUPPORTED_VERSIONS, FINISHED, GROUPS, HRR_RANDOM,
                                    OFFERED, SERVER_CV, SERVER_HELLO)
from mpcrypto._tls.record import Reader, vec


def _client_hello(conn, random, group, share, cookie, psk, prefix):
    # The ClientHello; with a session ``psk`` (offered only while its suite's hash fits),
    # psk_key_exchange_modes and, last (§4.2.11), pre_shared_key, whose binder covers
    # ``prefix`` (the messages before this one, for a second ClientHello) and this message
    # up to the binders.
    ctx = conn.ctx
    ext = [_h.ext(EXT_SUPPORTED_VERSIONS, b"\x02\x03\x04"),
           _h.ext(EXT_SUPPORTED_GROUPS, vec(2, _h.u16s(GROUPS[g] for g in ctx.groups))),
           _h.ext(EXT_SIGNATURE_ALGORITHMS, vec(2, _h.u16s(OFFERED))),
           _h.ext(EXT_KEY_SHARE, vec(2, GROUPS[group].to_bytes(2, "big") + vec(2, share)))]
    host = conn.hostname
    if host and not _h.is_ip(host):
        name = host.encode()
        ext.append(_h.ext(EXT_SERVER_NAME, vec(2, b"\x00" + vec(2, name))))
    if cookie is not None:
        ext.append(_h.ext(EXT_COOKIE, vec(2, cookie)))
    if ctx.max_fragment_length:
        ext.append(_h.ext(_h.EXT_MAX_FRAGMENT_LENGTH, bytes((_h.MFL[ctx.max_fragment_length],))))
    if ctx.record_size_limit:
        ext.append(_h.ext(_h.EXT_RECORD_SIZE_LIMIT, (ctx.record_size_limit + 1).to_bytes(2, "big")))
    hl = 0
    if psk is not None:
        h = _hash(psk.suite)
        hl = h.digest_size
        age = (psk.age() + psk.age_add) & 0xFFFFFFFF  # obfuscated_ticket_age (§4.2.11.1)
        ext.append(_h.ext(EXT_PSK_MODES, b"\x01\x01"))  # psk_dhe_ke only
        ext.append(_h.ext(EXT_PRE_SHARED_KEY, vec(2, vec(2, psk.ticket) + age.to_bytes(4, "big"))
                          + vec(2, vec(1, bytes(hl)))))
    body = (b"\x03\x03" + random + b"\x00" + vec(2, _h.u16s(ctx.ciphers)) + b"\x01\x00"
            + vec(2, b"".join(ext)))
    m = _h.msg(CLIENT_HELLO, body)
    if psk is not None:
        trunc = m[:len(m) - 3 - hl]  # without the binders list (§4.2.11.2)
        m = trunc + vec(2, vec(1, _h.binder(h, psk.psk, h(prefix + trunc).digest())))
    return m


def _hash(suite):
    from mpcrypto.hash.names import hash_class

    return hash_class(_r.SUITES[suite][0])


def _server_hello(conn, raw, psk):
    # (suite, is_hrr, extensions) of a ServerHello, with the checks of §4.1.3.
    fail = conn.rec.fail
    r = Reader(raw, 4)
    if r.int(2) != 0x0303:
        fail(_r.PROTOCOL_VERSION, "bad legacy_version")
    rnd = r.take(32)
    if r.bytes(1, 0, 32) != b"":
        fail(_r.ILLEGAL_PARAMETER, "session id not echoed")
    suite = r.int(2)
    if r.int(1) != 0:
        fail(_r.ILLEGAL_PARAMETER, "compression")
    exts = _r.extensions(r)
    r.done()
    sv = exts.get(EXT_SUPPORTED_VERSIONS)
    if sv is None or sv.int(2) != 0x0304:
        # A TLS 1.2 (or older) server; its random's downgrade sentinel (§4.1.3) changes nothing.
        fail(_r.PROTOCOL_VERSION, "server does not speak TLS 1.3")
    sv.done()
    if suite not in conn.ctx.ciphers:
        fail(_r.ILLEGAL_PARAMETER, "cipher suite not offered")
    hrr = bytes(rnd) == HRR_RANDOM
    allowed = (EXT_SUPPORTED_VERSIONS, EXT_KEY_SHARE, EXT_COOKIE) if hrr else (EXT_SUPPORTED_VERSIONS, EXT_KEY_SHARE)
    for t in exts:
        if t not in allowed and not (t == EXT_PRE_SHARED_KEY and psk is not None and not hrr):
            fail(_r.UNSUPPORTED_EXTENSION, "unexpected extension in ServerHello")
    if EXT_KEY_SHARE not in exts and not (hrr and EXT_COOKIE in exts):
        fail(_r.MISSING_EXTENSION, "no key_share")
    return suite, hrr, exts


def handshake(conn):
    ctx = conn.ctx
    rec = conn.rec
    fail = rec.fail
    rng = ctx._rng()
    random = rng(32)
    group = ctx.groups[0]
    priv, share = _h.keygen(group, rng)
    tr = _h.Transcript()
    psk = conn.offer
    if psk is not None and (psk.suite not in ctx.ciphers or psk.age() > 1000 * psk.lifetime):
        psk = None
    ch = _client_hello(conn, random, group, share, None, psk, b"")
    tr.add(ch)
    rec.write(_r.HANDSHAKE, ch)
    rec.first = False
    raw = _h.expect(conn, SERVER_HELLO)
    suite, hrr, exts = _server_hello(conn, raw, psk)
    if hrr:
        # §4.1.4: the HelloRetryRequest names a group we offered but sent no share for (or
        # only asks for a cookie); ClientHello2 is ClientHello1 with the new share and the
        # cookie, and the PSK only if its hash is the suite's.
        h = _hash(suite)
        ks = exts.get(EXT_KEY_SHARE)
        if ks is not None:
            code = ks.int(2)
            ks.done()
            group = None
            for g in ctx.groups:
                if GROUPS[g] == code:
                    group = g
            if group is None or code == GROUPS[ctx.groups[0]]:
                fail(_r.ILLEGAL_PARAMETER, "HelloRetryRequest group")
            priv, share = _h.keygen(group, rng)
        ck = exts.get(EXT_COOKIE)
        cookie = ck.bytes(2, 1) if ck is not None else None
        if psk is not None and _hash(psk.suite) is not h:
            psk = None
        prefix = bytes((_h.MESSAGE_HASH, 0, 0, h.digest_size)) + h(ch).digest() + raw
        tr.add(raw)
        ch = _client_hello(conn, random, group, share, cookie, psk, prefix)
        tr.add(ch)
        rec.write(_r.HANDSHAKE, ch)
        raw = _h.expect(conn, SERVER_HELLO)
        suite2, hrr2, exts = _server_hello(conn, raw, psk)
        if hrr2 or suite2 != suite:
            fail(_r.UNEXPECTED_MESSAGE if hrr2 else _r.ILLEGAL_PARAMETER, "second HelloRetryRequest or suite changed")
    tr.add(raw)
    h = _hash(suite)
    tr.start(h, hrr)
    ks = exts.get(EXT_KEY_SHARE)
    if ks is None:
        fail(_r.MISSING_EXTENSION, "no key_share")
    if ks.int(2) != GROUPS[group]:
        fail(_r.ILLEGAL_PARAMETER, "key share of another group")
    peer = ks.bytes(2, 1)
    ks.done()
    try:
        ss = _h.shared_secret(group, priv, peer)
    except ValueError:
        fail(_r.ILLEGAL_PARAMETER, "bad key share")
    sel = exts.get(EXT_PRE_SHARED_KEY)
    if sel is not None:
        # §4.2.11: the server took our (one) PSK: its suite's hash must be the PSK's.
        if sel.int(2) != 0 or _hash(psk.suite) is not h:
            fail(_r.ILLEGAL_PARAMETER, "pre_shared_key selection")
        sel.done()
    conn.session_reused = sel is not None
    priv = None
    sched = _ks.KeySchedule(h)
    sched.extract(psk.psk if sel is not None else None)
    sched.extract(ss)
    th = tr.digest()
    c_hs = sched.derive(b"c hs traffic", th)
    s_hs = sched.derive(b"s hs traffic", th)
    conn.end_of_flight()
    rec.set_key(_r.READ, suite, s_hs)
    rec.set_key(_r.WRITE, suite, c_hs)  # an alert from now on goes protected (§2)

    raw = _h.expect(conn, ENCRYPTED_EXTENSIONS)
    r = Reader(raw, 4)
    ee = _r.extensions(r)
    r.done()
    for t in ee:
        # §4.2: only extensions the ClientHello offered, and that may appear here.
        if t not in (EXT_SERVER_NAME, EXT_SUPPORTED_GROUPS, _h.EXT_MAX_FRAGMENT_LENGTH, _h.EXT_RECORD_SIZE_LIMIT) \
                or (t == EXT_SERVER_NAME and ee[t].left()) \
                or (t == _h.EXT_MAX_FRAGMENT_LENGTH and not ctx.max_fragment_length) \
                or (t == _h.EXT_RECORD_SIZE_LIMIT and not ctx.record_size_limit):
            fail(_r.UNSUPPORTED_EXTENSION, "unexpected extension in EncryptedExtensions")
    rl = ee.get(_h.EXT_RECORD_SIZE_LIMIT)
    mfl = ee.get(_h.EXT_MAX_FRAGMENT_LENGTH)
    if rl is not None:  # RFC 8449 §4: the server's limit on what we send; ours holds for it
        rec.limit = _h.size_limit(rl)
        rec.rlimit = ctx.record_size_limit
    elif mfl is not None:  # RFC 6066 §4: the echo of our code binds both directions
        if mfl.int(1) != _h.MFL[ctx.max_fragment_length] or mfl.left():
            fail(_r.ILLEGAL_PARAMETER, "max_fragment_length not echoed")
        rec.limit = rec.rlimit = ctx.max_fragment_length
    tr.add(raw)

    t, raw = conn.next_handshake()
    request = None
    if sel is not None:
        # Resumed (§2.2): the PSK authenticates the server; no certificates follow.
        if t != FINISHED:
            fail(_r.UNEXPECTED_MESSAGE, "certificate in a resumed handshake")
        conn.peer_certs = getattr(psk, "peer_certs", None)
    elif t == CERTIFICATE_REQUEST:
        r = Reader(raw, 4)
        rctx = r.bytes(1, 0, 255)
        rex = _r.extensions(r)
        r.done()
        sa = rex.get(EXT_SIGNATURE_ALGORITHMS)
        if sa is None:
            fail(_r.MISSING_EXTENSION, "CertificateRequest without signature_algorithms")
        lst = sa.vec(2, 2)
        request = (rctx, [lst.int(2) for _ in range(lst.left() // 2)])
        tr.add(raw)
        t, raw = conn.next_handshake()
    if sel is None:
        if t != CERTIFICATE:
            fail(_r.UNEXPECTED_MESSAGE, "no server certificate")
        certs = _h.certificates(conn, raw)
        tr.add(raw)
        _h.check_chain(conn, certs, "serverAuth")
        conn.peer_certs = certs

        _h.certificate_verify(conn, tr, certs, SERVER_CV)
        raw = _h.expect(conn, FINISHED)
    if not compare_digest(raw[4:], _ks.finished(h, s_hs, tr.digest())):
        fail(_r.DECRYPT_ERROR, "server Finished does not verify")
    tr.add(raw)
    th = tr.digest()
    sched.extract(None)
    c_ap = sched.derive(b"c ap traffic", th)
    s_ap = sched.derive(b"s ap traffic", th)
    conn.end_of_flight()
    rec.set_key(_r.READ, suite, s_ap)

    if request is not None:
        chain = ctx._chain if ctx._key is not None else ()
        body = vec(1, request[0]) + vec(3, b"".join(vec(3, c) + b"\x00\x00" for c in chain))
        m = _h.msg(CERTIFICATE, body)
        tr.add(m)
        rec.write(_r.HANDSHAKE, m)
        if chain:
            got = _h.sign(ctx._key, request[1], CLIENT_CV + tr.digest())
            if got is None:
                fail(_r.HANDSHAKE_FAILURE, "no signature scheme fits the client key")
            m = _h.msg(CERTIFICATE_VERIFY, got[0].to_bytes(2, "big") + vec(2, got[1]))
            tr.add(m)
            rec.write(_r.HANDSHAKE, m)
    m = _h.msg(FINISHED, _ks.finished(h, c_hs, tr.digest()))
    tr.add(m)
    rec.write(_r.HANDSHAKE, m)
    conn.resumption = sched.derive(b"res master", tr.digest())
    conn.suite = suite
    rec.set_key(_r.WRITE, suite, c_ap)
    conn.hashcls = h
