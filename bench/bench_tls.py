# TLS 1.3 handshakes (mpcrypto.tls): one full handshake of each role, time and heap.
# Runs unchanged on a board (mpremote mount modules run bench/bench_tls.py) and on the unix
# port; nothing goes over a network. Both ends run in this one process over in-memory
# streams, one side at a time, each from its own context: a side runs until it would wait
# for its peer, the peer then runs on what it wrote, and so on (each side's randomness a
# fixed stream, so every rerun of a side writes the same bytes). Once both sides' messages
# exist as bytes, the measured call is one side's whole handshake from the start, its
# peer's messages waiting to be read and no peer object in the heap: everything that side
# computes (key shares, the (EC)DHE secret, the key schedule, the AEAD records, the
# certificate chain and CertificateVerify checks or signatures) and nothing of the peer.
# The certificates are made here with the library (a P-256 root signing the leaf, whose key
# is P-256 or Ed25519), the leaf valid for "localhost". "Heap" is bytes allocated by one
# handshake with the collector off (-1: more than the heap holds that way), on a heap above
# 256 KB; on a smaller one (a board's) "Min free" instead: the least free heap with which a
# handshake still ran through (_min_free says how), also as "heap_min_free" in the JSON.
import mpbench

NOW = 1780000000  # 2026-05-28, inside the certificates' validity


class _Wait(Exception):
    pass


# What a kept side writes goes into this one buffer, made while the heap is whole: a
# bytearray grown by each record would ask for a bigger block at every write, and late in a
# run on a 96 KB heap such a block of a few hundred bytes was not to be had.
_OUT = bytearray(1024)  # a flight here is at most about 600 bytes


class _Pipe:
    # One end's socket: reads ``incoming`` (what the peer wrote) and raises _Wait where a
    # real socket would block; keeps what this end writes (in _OUT, ``n`` bytes), unless
    # ``keep`` is false (the measured calls: their output is already known, and it goes where
    # a network would take it).
    def __init__(self, incoming, keep=True):
        self.inb = incoming
        self.pos = 0
        self.keep = keep
        self.n = 0

    def read(self, n):
        if self.pos >= len(self.inb):
            raise _Wait()
        b = self.inb[self.pos:self.pos + n]
        self.pos += len(b)
        return b

    def write(self, b):
        n = len(b)
        if self.keep:
            _OUT[self.n:self.n + n] = b
            self.n += n
        return n

    def written(self):
        return bytes(memoryview(_OUT)[:self.n]) if self.keep else None

    def close(self):
        pass


def _name(cn):
    from mpcrypto.keys import der

    return der.seq(der.tlv(0x31, der.seq(der.oid_value("2.5.4.3"), der.tlv(0x0C, cn))))


def _cert(serial, subject, issuer, spki, signer, ca):
    # A v3 certificate (RFC 5280 §4.1) signed with ecdsa-with-SHA256 by ``signer``.
    from mpcrypto.keys import der

    alg = der.seq(der.oid_value("1.2.840.10045.4.3.2"))
    if ca:  # basicConstraints, critical, cA
        ext = der.seq(der.oid_value("2.5.29.19"), b"\x01\x01\xff", der.octets(der.seq(b"\x01\x01\xff")))
    else:  # subjectAltName dNSName localhost
        ext = der.seq(der.oid_value("2.5.29.17"), der.octets(der.seq(der.tlv(0x82, b"localhost"))))
    tbs = der.seq(der.tlv(0xA0, der.integer(2)), der.integer(serial), alg, _name(issuer),
                  der.seq(der.tlv(0x17, b"260101000000Z"), der.tlv(0x17, b"361231000000Z")),
                  _name(subject), spki, der.tlv(0xA3, der.seq(ext)))
    return der.seq(tbs, alg, der.bits(signer.sign(tbs, "sha256")))


def _pki(leaf_kind):
    # (root certificate DER, leaf certificate DER, leaf private key PKCS#8 DER)
    from mpcrypto.ec import ec
    from mpcrypto.keys import serialization as ser

    rng = mpbench.fixed_rng(b"pki")
    root = ec.generate_private_key("secp256r1", rng)
    if leaf_kind == "ed25519":
        from mpcrypto.ec.ed25519 import Ed25519PrivateKey

        leaf = Ed25519PrivateKey.generate(rng)
    else:
        leaf = ec.generate_private_key("secp256r1", rng)
    spki = ser.PublicFormat.SubjectPublicKeyInfo
    root_der = _cert(1, b"bench root", b"bench root", ser.public_bytes(root.public_key(), ser.Encoding.DER, spki),
                     root, True)
    leaf_der = _cert(2, b"localhost", b"bench root", ser.public_bytes(leaf.public_key(), ser.Encoding.DER, spki),
                     root, False)
    key = ser.private_bytes(leaf, ser.Encoding.DER, ser.PrivateFormat.PKCS8, ser.NoEncryption())
    return root_der, leaf_der, key


def _context(role, pki, group, suite):
    # One role's context from the certificates' bytes: a client trusting the root, a server
    # with the leaf and its key.
    from mpcrypto import tls

    root, leaf, key = pki
    if role == "client":
        ctx = tls.SSLContext(tls.PROTOCOL_TLS_CLIENT)
        ctx.load_verify_locations(cadata=root)
    else:
        ctx = tls.SSLContext(tls.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(leaf, key)
        ctx.tickets = 0
    ctx.time = lambda: NOW
    ctx.groups = (group,)
    ctx.ciphers = (suite,)
    return ctx


def _run(ctx, incoming, keep=True):
    # (what this side wrote, whether its handshake completed) for one whole handshake of
    # ``ctx``'s role from the start, reading ``incoming``; the side's randomness restarts each
    # time, so a rerun writes the same bytes.
    from mpcrypto import tls

    pipe = _Pipe(incoming, keep)
    client = ctx.protocol == tls.PROTOCOL_TLS_CLIENT
    ctx.rng = mpbench.fixed_rng(b"client" if client else b"server")
    t = ctx.wrap_socket(pipe, server_side=not client, do_handshake_on_connect=False,
                        server_hostname="localhost" if client else None)
    try:
        t.do_handshake()
    except _Wait:
        return pipe.written(), False
    return pipe.written(), True


def _conversation(leaf_kind, group, suite):
    # (certificates, what the client reads, what the server reads): the client's first
    # flight, the server's, the client's second, each side run alone from its own context.
    pki = _pki(leaf_kind)
    ch = _run(_context("client", pki, group, suite), b"")[0]
    sf = _run(_context("server", pki, group, suite), ch)[0]
    cf = _run(_context("client", pki, group, suite), sf)[0][len(ch):]
    return pki, sf, ch + cf


CASES = (
    # (label, leaf key, group, suite)
    ("x25519, ECDSA P-256", "p256", "x25519", 0x1301),
    ("secp256r1, ECDSA P-256", "p256", "secp256r1", 0x1301),
    ("x25519, Ed25519", "ed25519", "x25519", 0x1301),
    ("x25519, ECDSA P-256, ChaCha20", "p256", "x25519", 0x1303),
)


def _complete(res):
    if not res[1]:
        raise RuntimeError("handshake did not complete")


def _small_heap():
    import gc

    gc.collect()
    return gc.mem_free() + gc.mem_alloc() <= 262144


def _min_free(fn, step=256):
    # The least free heap (gc.mem_free(), collected) with which fn() still runs through, its
    # curve contexts already built (as for every connection after the first): the rest of
    # the heap is held by ballast, filling the free blocks from the bottom (first fit; 1 KB
    # pieces, smaller ones where no 1 KB block is left), so that the call has the top of the
    # heap and what small holes the ballast left; bisected to ``step`` bytes. A try that runs
    # out of heap makes the library drop its contexts: one call without ballast builds them
    # again before the next try.
    import gc

    ok, bad = None, 0
    while ok is None or ok - bad > step:
        gc.collect()
        target = gc.mem_free() if ok is None else (ok + bad) // 2
        hold = None
        size = 1008
        while gc.mem_free() > target + 32 and size >= 16:
            try:
                hold = (hold, bytearray(min(size, gc.mem_free() - target - 32)))
            except MemoryError:
                size //= 4
        free = gc.mem_free()
        try:
            fn()
            passed = True
        except MemoryError:
            passed = False
        hold = None
        if passed:
            ok = free
        elif ok is None:
            return -1
        else:
            bad = free
            gc.collect()
            fn()
    gc.collect()
    return ok


mpbench.header("TLS 1.3 full handshake (RFC 8446), one side at a time, heap bytes allocated per handshake")
# On a 96 KB heap (the emulated M4's) it is fragmentation that fails first, so what lives for
# the whole run is made first, while the heap is whole: the AES kernel's tables (1 KB, copied
# to the heap once where the frozen ones are not word-aligned), the modules the first case
# imports, and the P-256 context every case uses (the root's curve: 8.8 KB, blocks of up to
# 1.5 KB), kept from then on. Made later, between the blocks the first handshakes leave, the
# context found no such block.
from mpcrypto.aead.gcm import AESGCM  # noqa: E402

AESGCM(bytes(16))
for _m in ("tls", "_tls.client", "_tls.server", "x509", "keys.serialization", "ec.ec", "ec.ecdsa",
           "ec.weierstrass_thumb", "ec.x25519", "ec.montgomery_thumb"):
    try:
        __import__("mpcrypto." + _m)
    except (ImportError, SyntaxError, ValueError, NotImplementedError):
        pass  # a backend the port has not (the Thumb-2 ones off Cortex-M), as _backend skips it
from mpcrypto.ec import ec  # noqa: E402

ec.derive_private_key(1, "secp256r1").public_key()
rows = []
for label, leaf, group, suite in CASES:
    try:
        pki, client_in, server_in = _conversation(leaf, group, suite)
        # Only one side runs at a time: its context, and the bytes its peer wrote. On a small
        # heap one handshake with the collector off cannot fit (it allocates some 95 KB in
        # all): that call is left out, and each side's least free heap is found instead,
        # after both are timed (the ballast leaves the heap cut up). None on a large heap,
        # where bisecting it with ballast would take too long.
        small = _small_heap()
        fns, got = [], []
        for role, incoming in (("client", client_in), ("server", server_in)):
            ctx = _context(role, pki, group, suite)
            fn = (lambda c, i: lambda: _complete(_run(c, i, False)))(ctx, incoming)
            fns.append(fn)
            got.append(mpbench.per_op(fn, 200_000, heap=not small))
        for i, role in enumerate(("client", "server")):
            need = _min_free(fns[i]) if small else None
            ms, heap = got[i]
            mpbench.row("TLS 1.3 " + label, role + " handshake", "mpcrypto", ms, "ms", heap, heap_min_free=need)
            rows.append([label, role, ms, "-" if heap is None else heap, "-" if need is None else need])
    except MemoryError:
        # A later case's curves (Ed25519's tables) beside what the first cases left: the heap
        # is cut short, not the handshake; the cases before it stand.
        print("%s: not measured, MemoryError on this heap" % label)
        mpbench.fresh()
    ctx = fn = fns = got = pki = client_in = server_in = None
mpbench.table([("Key exchange, server key", 30), ("Role", 6), ("ms/Handshake", 12), ("Heap", 7), ("Min free", 8)],
              rows)
