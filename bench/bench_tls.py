# TLS 1.3 handshakes (mpcrypto.tls): one full handshake of each role, time and heap.
# Runs unchanged on a board (mpremote mount modules run bench/bench_tls.py) and on the unix
# port; nothing goes over a network. Both ends run in this one process over in-memory
# streams: a side runs until it would wait for its peer, the peer then runs on what it
# wrote, and so on (each side's randomness a fixed stream, so every rerun of a side writes
# the same bytes). Once both sides' messages exist, the measured call is one side's whole
# handshake from the start, its peer's messages waiting to be read: everything that side
# computes (key shares, the (EC)DHE secret, the key schedule, the AEAD records, the
# certificate chain and CertificateVerify checks or signatures) and nothing of the peer.
# The certificates are made here with the library (a P-256 root signing the leaf, whose key
# is P-256 or Ed25519), the leaf valid for "localhost". "Heap" is bytes allocated by one
# handshake with the collector off (-1: more than the heap holds that way).
import mpbench

NOW = 1780000000  # 2026-05-28, inside the certificates' validity


class _Wait(Exception):
    pass


class _Pipe:
    # One end's socket: reads ``incoming`` (what the peer wrote) and raises _Wait where a
    # real socket would block; keeps what this end writes.
    def __init__(self, incoming):
        self.inb = incoming
        self.pos = 0
        self.out = bytearray()

    def read(self, n):
        if self.pos >= len(self.inb):
            raise _Wait()
        b = self.inb[self.pos:self.pos + n]
        self.pos += len(b)
        return b

    def write(self, b):
        self.out += b
        return len(b)

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


class _Pair:
    def __init__(self, leaf_kind, group, suite):
        from mpcrypto import tls

        root, leaf, key = _pki(leaf_kind)
        self.cctx = tls.SSLContext(tls.PROTOCOL_TLS_CLIENT)
        self.cctx.load_verify_locations(cadata=root)
        self.sctx = tls.SSLContext(tls.PROTOCOL_TLS_SERVER)
        self.sctx.load_cert_chain(leaf, key)
        self.sctx.tickets = 0
        for ctx in (self.cctx, self.sctx):
            ctx.time = lambda: NOW
            ctx.groups = (group,)
            ctx.ciphers = (suite,)
        # The conversation: the client's first flight, the server's, the client's second.
        ch = self.client(b"")[0]
        sf = self.server(ch)[0]
        cf = self.client(sf)[0][len(ch):]
        self.server_in = ch + cf
        self.client_in = sf
        if not (self.client(sf)[1] and self.server(self.server_in)[1]):
            raise RuntimeError("handshake did not complete")

    def _run(self, ctx, incoming, **kw):
        pipe = _Pipe(incoming)
        ctx.rng = mpbench.fixed_rng(b"client" if ctx is self.cctx else b"server")
        t = ctx.wrap_socket(pipe, do_handshake_on_connect=False, **kw)
        try:
            t.do_handshake()
        except _Wait:
            return pipe.out, False
        return pipe.out, True

    def client(self, incoming):
        return self._run(self.cctx, incoming, server_hostname="localhost")

    def server(self, incoming):
        return self._run(self.sctx, incoming, server_side=True)


CASES = (
    # (label, leaf key, group, suite)
    ("x25519, ECDSA P-256", "p256", "x25519", 0x1301),
    ("secp256r1, ECDSA P-256", "p256", "secp256r1", 0x1301),
    ("x25519, Ed25519", "ed25519", "x25519", 0x1301),
    ("x25519, ECDSA P-256, ChaCha20", "p256", "x25519", 0x1303),
)


# The measurement runs at the module's top level, not in a main(): on the qemu-m4 firmware
# (a 10 KB C stack) a handshake called one Python frame deeper overran the stack in the
# EC kernels and hung the board (report/measurements.md, "TLS 1.3 handshakes").
mpbench.header("TLS 1.3 full handshake (RFC 8446), one side at a time, heap bytes allocated per handshake")
# The AES kernel's tables (1 KB, copied to the heap once where the frozen ones are not
# word-aligned) before the heap is cut up: late in a handshake a 1 KB block may not be had.
from mpcrypto.aead.gcm import AESGCM  # noqa: E402

AESGCM(bytes(16))
rows = []
for label, leaf, group, suite in CASES:
    mpbench.fresh()
    pair = _Pair(leaf, group, suite)
    for role, fn in (("client", lambda: pair.client(pair.client_in)),
                     ("server", lambda: pair.server(pair.server_in))):
        ms, heap = mpbench.per_op(fn, 200_000)
        mpbench.row("TLS 1.3 " + label, role + " handshake", "mpcrypto", ms, "ms", heap)
        rows.append([label, role, ms, heap])
    pair = None
mpbench.table([("Key exchange, server key", 30), ("Role", 6), ("ms/Handshake", 12), ("Heap", 7)], rows)
