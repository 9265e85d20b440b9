"""mpcrypto.tls against real TLS 1.3 servers on the loopback interface.

Peers: CPython's ``ssl`` (OpenSSL) serving in a thread of the test, limited to TLS 1.3, and
the ``openssl s_server`` command (skipped where the host has none). Certificates are made in
the test by ``cryptography``: a root CA, an intermediate and leaves with P-256, P-384,
Ed25519 and RSA-2048 keys. The client is the MicroPython unix port running
``mpcrypto.tls`` over its own ``socket`` module.

What is checked: each cipher suite and group (secp256r1 reached by HelloRetryRequest when
the server takes only P-256), each server key type, a page fetched and the chain verified
through an intermediate; the certificate failures (expired, wrong host, untrusted root)
raise CertificateError and send the server an alert; CERT_NONE skips the chain but still
needs a valid CertificateVerify; client authentication; and KeyUpdate from the server.
"""

import datetime
import ipaddress
import os
import shutil
import socket
import ssl
import subprocess
import threading
import time

import pytest
from cryptography import x509 as cx
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

pytestmark = pytest.mark.unix_only

NOW = datetime.datetime(2026, 6, 1, tzinfo=datetime.timezone.utc)
NOW_TS = int(NOW.timestamp())


def _name(cn):
    return cx.Name([cx.NameAttribute(NameOID.COMMON_NAME, cn)])


def _cert(subject_key, cn, issuer_key, issuer_cn, ca, sans=(), days=(-30, 365), eku=True):
    b = (cx.CertificateBuilder().subject_name(_name(cn)).issuer_name(_name(issuer_cn))
         .public_key(subject_key.public_key()).serial_number(cx.random_serial_number())
         .not_valid_before(NOW + datetime.timedelta(days=days[0]))
         .not_valid_after(NOW + datetime.timedelta(days=days[1]))
         .add_extension(cx.BasicConstraints(ca=ca, path_length=None), critical=True))
    if ca:
        b = b.add_extension(cx.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
    else:
        b = b.add_extension(cx.KeyUsage(True, False, False, False, False, False, False, False, False), critical=True)
        if sans:
            b = b.add_extension(cx.SubjectAlternativeName(list(sans)), critical=False)
        if eku:
            b = b.add_extension(cx.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH, ExtendedKeyUsageOID.CLIENT_AUTH]), critical=False)
    algo = None if isinstance(issuer_key, ed25519.Ed25519PrivateKey) else hashes.SHA256()
    return b.sign(issuer_key, algo)


def _pem(c):
    return c.public_bytes(serialization.Encoding.PEM)


def _key_pem(k):
    return k.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())


SANS = (cx.DNSName("localhost"), cx.IPAddress(ipaddress.ip_address("127.0.0.1")))


@pytest.fixture(scope="module")
def pki(tmp_path_factory):
    d = tmp_path_factory.mktemp("pki")
    root_key = ec.generate_private_key(ec.SECP256R1())
    root = _cert(root_key, "mpcrypto test root", root_key, "mpcrypto test root", True)
    mid_key = ec.generate_private_key(ec.SECP384R1())
    mid = _cert(mid_key, "mpcrypto test intermediate", root_key, "mpcrypto test root", True)
    other_key = ec.generate_private_key(ec.SECP256R1())
    other = _cert(other_key, "another root", other_key, "another root", True)
    keys = {"p256": ec.generate_private_key(ec.SECP256R1()), "p384": ec.generate_private_key(ec.SECP384R1()),
            "ed25519": ed25519.Ed25519PrivateKey.generate(), "rsa": rsa.generate_private_key(65537, 2048)}
    out = {"root": _pem(root), "other": _pem(other), "dir": d}
    for name, k in keys.items():
        leaf = _cert(k, "localhost", mid_key, "mpcrypto test intermediate", False, SANS)
        (d / (name + ".pem")).write_bytes(_pem(leaf) + _pem(mid))
        (d / (name + ".key")).write_bytes(_key_pem(k))
    expired = _cert(keys["p256"], "localhost", mid_key, "mpcrypto test intermediate", False, SANS, days=(-400, -1))
    (d / "expired.pem").write_bytes(_pem(expired) + _pem(mid))
    (d / "expired.key").write_bytes(_key_pem(keys["p256"]))
    ck = ec.generate_private_key(ec.SECP256R1())
    client = _cert(ck, "mpcrypto client", mid_key, "mpcrypto test intermediate", False)
    (d / "client.pem").write_bytes(_pem(client) + _pem(mid))
    (d / "client.key").write_bytes(_key_pem(ck))
    (d / "root.pem").write_bytes(_pem(root))
    return out


class _Server:
    """A CPython ssl server for one connection: it answers a request line with a page and
    keeps what happened (the error it saw, the client's certificate)."""

    def __init__(self, pki, key="p256", curve=None, client_auth=False, body=None):
        d = pki["dir"]
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.minimum_version = ctx.maximum_version = ssl.TLSVersion.TLSv1_3
        ctx.load_cert_chain(d / (key + ".pem"), d / (key + ".key"))
        if curve:
            ctx.set_ecdh_curve(curve)
        if client_auth:
            ctx.verify_mode = ssl.CERT_REQUIRED
            ctx.load_verify_locations(d / "root.pem")
        self.ctx = ctx
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(1)
        self.port = self.sock.getsockname()[1]
        self.error = None
        self.peer = None
        self.body = BODY if body is None else body
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        self.sock.settimeout(60)
        try:
            conn, _ = self.sock.accept()
            with self.ctx.wrap_socket(conn, server_side=True) as s:
                self.peer = s.getpeercert()
                line = s.recv(1024)
                while b"\r\n\r\n" not in line:  # the whole request: unread data at close resets
                    more = s.recv(1024)
                    if not more:
                        break
                    line += more
                s.sendall(b"HTTP/1.0 200 OK\r\n\r\nhello " + line.split(b" ")[1] + b"\r\n" + self.body)
        except Exception as e:  # reported by the test
            self.error = e
        finally:
            self.sock.close()

    def join(self):
        self.thread.join(60)


def _client(target, port, ca, host="localhost", ciphers=None, groups=None, verify=2, check_host=True, cert=None, now=NOW_TS,
            extra=()):
    lines = ["import socket", "from mpcrypto import tls", "ctx = tls.SSLContext(tls.PROTOCOL_TLS_CLIENT)",
             "ctx.time = lambda: %d" % now, "ctx.verify_mode = %d" % verify, "ctx.check_hostname = %r" % check_host]
    if ca is not None:
        lines.append("ctx.load_verify_locations(cadata=%r)" % ca)
    if ciphers:
        lines.append("ctx.ciphers = %r" % (tuple(ciphers),))
    if groups:
        lines.append("ctx.groups = %r" % (tuple(groups),))
    if cert:
        lines.append("ctx.load_cert_chain(%r, %r)" % cert)
    lines += list(extra)
    lines += ["s = socket.socket()",
              "s.connect(socket.getaddrinfo('127.0.0.1', %d)[0][-1])" % port,
              "try:",
              "    t = ctx.wrap_socket(s, server_hostname=%r)" % host,
              "    t.write(b'GET /page HTTP/1.0\\r\\n\\r\\n')",
              "    data = t.read()",
              "    print('OK', t.cipher()[0], repr(data[:32]), data[32:] == bytes(range(256)) * 70)",
              "    t.close()",
              "except Exception as e:",
              "    print('ERR', type(e).__name__, e.args)"]
    return target.run("\n".join(lines) + "\n").strip().splitlines()[-1]


BODY = bytes(range(256)) * 70  # 17,920 bytes: two records
PAGE = "b'HTTP/1.0 200 OK\\r\\n\\r\\nhello /page\\r\\n' True"


@pytest.mark.parametrize("suite", [(0x1301, "TLS_AES_128_GCM_SHA256"), (0x1302, "TLS_AES_256_GCM_SHA384"),
                                   (0x1303, "TLS_CHACHA20_POLY1305_SHA256")])
def test_each_suite(target, pki, suite):
    srv = _Server(pki)
    got = _client(target, srv.port, pki["root"], ciphers=[suite[0]])
    srv.join()
    assert srv.error is None, srv.error
    assert got == "OK %s %s" % (suite[1], PAGE), got


@pytest.mark.parametrize("key", ["p256", "p384", "ed25519", "rsa"])
def test_each_server_key(target, pki, key):
    srv = _Server(pki, key=key)
    got = _client(target, srv.port, pki["root"])
    srv.join()
    assert srv.error is None, srv.error
    assert got.startswith("OK TLS_") and got.endswith(PAGE), got


def test_hello_retry_request_to_p256(target, pki):
    srv = _Server(pki, curve="prime256v1")  # the server takes only P-256: HRR from x25519
    got = _client(target, srv.port, pki["root"])
    srv.join()
    assert srv.error is None, srv.error
    assert got.startswith("OK TLS_") and got.endswith(PAGE), got


def test_p256_share_first(target, pki):
    srv = _Server(pki)
    got = _client(target, srv.port, pki["root"], groups=["secp256r1", "x25519"])
    srv.join()
    assert got.startswith("OK "), got


def test_ip_address_host(target, pki):
    srv = _Server(pki)
    got = _client(target, srv.port, pki["root"], host="127.0.0.1")
    srv.join()
    assert got.startswith("OK "), got


@pytest.mark.parametrize("case", ["wrong host", "untrusted root", "expired"])
def test_certificate_failures(target, pki, case):
    ca, host, key, now = pki["root"], "localhost", "p256", NOW_TS
    if case == "wrong host":
        host = "example.com"
    elif case == "untrusted root":
        ca = pki["other"]
    else:
        key = "expired"
    srv = _Server(pki, key=key)
    got = _client(target, srv.port, ca, host=host, now=now)
    srv.join()
    assert got.startswith("ERR CertificateError"), got
    # The server saw our alert, not a dropped connection.
    assert isinstance(srv.error, ssl.SSLError) and "ALERT" in str(srv.error).upper(), srv.error


def test_cert_none_skips_the_chain(target, pki):
    srv = _Server(pki)
    got = _client(target, srv.port, pki["other"], host="example.com", verify=0, check_host=False)
    srv.join()
    assert got.startswith("OK "), got


def test_client_certificate(target, pki):
    d = pki["dir"]
    srv = _Server(pki, client_auth=True)
    got = _client(target, srv.port, pki["root"], cert=(str(d / "client.pem"), str(d / "client.key")))
    srv.join()
    assert srv.error is None, srv.error
    assert got.startswith("OK "), got
    assert dict(x[0] for x in srv.peer["subject"])["commonName"] == "mpcrypto client"


def test_no_client_certificate_when_required(target, pki):
    srv = _Server(pki, client_auth=True)
    got = _client(target, srv.port, pki["root"])
    srv.join()
    # The server's certificate_required alert, or, when the socket was reset before the
    # alert could be read, that reset.
    assert got.startswith(("ERR TLSError (116,", "ERR OSError (104,)")), got
    assert srv.error is not None


# -- the openssl command as the server --------------------------------------------------------

OPENSSL = shutil.which("openssl")
needs_openssl = pytest.mark.skipif(OPENSSL is None, reason="no openssl command on this host")


def _free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class _SServer:
    """``openssl s_server -tls1_3`` on a free loopback port; ``args`` are added."""

    def __init__(self, pki, *args, key="p256"):
        d = pki["dir"]
        self.port = _free_port()
        self.p = subprocess.Popen([OPENSSL, "s_server", "-tls1_3", "-accept", "127.0.0.1:%d" % self.port,
                                   "-cert", str(d / (key + ".pem")), "-cert_chain", str(d / (key + ".pem")), "-key", str(d / (key + ".key")), "-naccept", "1"]
                                  + list(args), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.out = b""
        while b"ACCEPT" not in self.out:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("s_server did not start: %r" % self.out)
            self.out += line
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.p.stdout:
            self.out += line

    def wait_for(self, text, timeout=60):
        end = time.time() + timeout
        while text not in self.out and time.time() < end:
            time.sleep(0.05)
        return text in self.out

    def stop(self):
        if self.p.poll() is None:
            self.p.kill()
        self.p.wait()
        self.reader.join(5)


@needs_openssl
@pytest.mark.parametrize("suite,group", [("TLS_AES_128_GCM_SHA256", "X25519"), ("TLS_CHACHA20_POLY1305_SHA256", "P-256"),
                                         ("TLS_AES_256_GCM_SHA384", "X25519")])
def test_openssl_www(target, pki, suite, group):
    # -www answers "GET /" with a status page; -groups P-256 forces a HelloRetryRequest.
    srv = _SServer(pki, "-www", "-ciphersuites", suite, "-groups", group)
    try:
        lines = ["import socket", "from mpcrypto import tls", "ctx = tls.SSLContext(tls.PROTOCOL_TLS_CLIENT)",
                 "ctx.time = lambda: %d" % NOW_TS, "ctx.load_verify_locations(cadata=%r)" % pki["root"],
                 "s = socket.socket()", "s.connect(socket.getaddrinfo('127.0.0.1', %d)[0][-1])" % srv.port,
                 "t = ctx.wrap_socket(s, server_hostname='localhost')", "t.write(b'GET / HTTP/1.0\\r\\n\\r\\n')",
                 "first = t.readline()", "page = t.read()", "print(t.cipher()[0], first, b'Ciphers supported' in page)"]
        got = target.run("\n".join(lines) + "\n").strip().splitlines()[-1]
    finally:
        srv.stop()
    assert got == "%s b'HTTP/1.0 200 ok\\r\\n' True" % suite, got


@needs_openssl
def test_openssl_key_update(target, pki):
    # s_server sends a KeyUpdate asking for ours when its stdin gets "K"; data then flows
    # both ways under the new keys.
    srv = _SServer(pki)
    got = []
    try:
        script = "\n".join([
            "import socket, os, time", "from mpcrypto import tls", "ctx = tls.SSLContext(tls.PROTOCOL_TLS_CLIENT)",
            "ctx.time = lambda: %d" % NOW_TS, "ctx.load_verify_locations(cadata=%r)" % pki["root"],
            "s = socket.socket()", "s.connect(socket.getaddrinfo('127.0.0.1', %d)[0][-1])" % srv.port,
            "t = ctx.wrap_socket(s, server_hostname='localhost')", "t.write(b'ping\\n')",
            "line = t.readline()", "t.write(b'pong after update\\n')", "print(repr(line))",
            "time.sleep(0.5)", "t.close()"]) + "\n"
        th = threading.Thread(target=lambda: got.append(target.run(script)), daemon=True)
        th.start()
        assert srv.wait_for(b"ping"), srv.out
        srv.p.stdin.write(b"K\n")
        srv.p.stdin.flush()
        assert srv.wait_for(b"SSL_do_handshake -> 1"), srv.out  # what s_server prints after "K"
        srv.p.stdin.write(b"after\n")
        srv.p.stdin.flush()
        th.join(60)
        assert srv.wait_for(b"pong after update"), srv.out
    finally:
        srv.stop()
    assert got and got[0].strip().splitlines()[-1] == "b'after\\n'", got


# -- a peer that lies: records changed or cut on the way -------------------------------------


class _ForeverServer(_Server):
    # Serves every connection (each in a thread of its own), errors swallowed: the client's
    # alerts and dropped connections are what this peer is for.
    def _serve(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._one, args=(conn,), daemon=True).start()

    def _one(self, conn):
        try:
            with self.ctx.wrap_socket(conn, server_side=True) as s:
                s.recv(1024)
                s.sendall(b"HTTP/1.0 200 OK\r\n\r\nhello\r\n")
        except Exception:
            pass


class _Proxy:
    """Relays connection i to ``port``, the server's bytes changed by ``edits[i]``: ("flip",
    offset) xors one byte with 1, ("cut", offset) closes both sides at that offset."""

    def __init__(self, port, edits):
        self.port = port
        self.edits = list(edits)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.addr = self.sock.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        for edit in self.edits:
            c, _ = self.sock.accept()
            s = socket.create_connection(("127.0.0.1", self.port))
            threading.Thread(target=self._pipe, args=(c, s, None), daemon=True).start()
            threading.Thread(target=self._pipe, args=(s, c, edit), daemon=True).start()

    @staticmethod
    def _pipe(src, dst, edit):
        seen = 0
        try:
            while True:
                data = src.recv(4096)
                if not data:
                    break
                if edit is not None and seen <= edit[1] < seen + len(data):
                    j = edit[1] - seen
                    if edit[0] == "cut":
                        dst.sendall(data[:j])
                        break
                    data = data[:j] + bytes((data[j] ^ 1,)) + data[j + 1:]
                seen += len(data)
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def _many_clients(target, port, count, ca):
    script = "\n".join([
        "import socket", "from mpcrypto import tls", "from mpcrypto.x509 import CertificateError",
        "ctx = tls.SSLContext(tls.PROTOCOL_TLS_CLIENT)", "ctx.time = lambda: %d" % NOW_TS,
        "ctx.load_verify_locations(cadata=%r)" % ca,
        "for i in range(%d):" % count,
        "    s = socket.socket()", "    s.connect(socket.getaddrinfo('127.0.0.1', %d)[0][-1])" % port,
        "    try:",
        "        t = ctx.wrap_socket(s, server_hostname='localhost')", "        t.write(b'GET / HTTP/1.0\\r\\n\\r\\n')",
        "        print('OK', t.read())",
        "    except OSError as e:",
        "        print('TLSError' if isinstance(e, tls.TLSError) else 'OSError', e.args[0])",
        "    except CertificateError as e:",
        "        print('CertificateError', e)",
        "    s.close()"]) + "\n"
    return target.run(script, timeout=900).strip().splitlines()


# The server's first flight with x25519, P-256 leaf: ServerHello (a plaintext record: its
# 5-byte header, then the message), then protected records.
SH_RECORD = 5 + 4 + 2 + 32 + 1 + 2 + 1 + 2 + (4 + 2) + (4 + 36)


def test_every_server_hello_byte_and_record_flipped(target, pki):
    srv = _ForeverServer(pki)
    offsets = list(range(SH_RECORD + 40))
    px = _Proxy(srv.port, [("flip", i) for i in offsets])
    got = _many_clients(target, px.addr, len(offsets), pki["root"])
    assert len(got) == len(offsets), got
    for i, line in zip(offsets, got):
        # legacy_record_version is ignored by design (RFC 8446 §5.1) in the plaintext records:
        # the ServerHello's and the change_cipher_spec OpenSSL sends after it (§D.4).
        if i in (1, 2, SH_RECORD + 1, SH_RECORD + 2):
            assert line.startswith("OK"), (i, line)
        else:
            # A flip in the ServerHello changes the transcript or the share: the keys then
            # differ and the first protected record fails (bad_record_mac, 20), unless the
            # parser refuses it first; a flip in a protected record fails its tag.
            assert line.split()[0] == "TLSError", (i, line)


def test_cut_anywhere_in_the_handshake(target, pki):
    srv = _ForeverServer(pki)
    offsets = list(range(0, SH_RECORD + 400, 7))
    px = _Proxy(srv.port, [("cut", i) for i in offsets])
    got = _many_clients(target, px.addr, len(offsets), pki["root"])
    assert len(got) == len(offsets), got
    for i, line in zip(offsets, got):
        assert line.split()[0] in ("TLSError", "OSError") and not line.startswith("OK"), (i, line)


# -- mpcrypto as the server ------------------------------------------------------------------


class _MPServer:
    """``mpcrypto.tls`` serving ``count`` connections in a MicroPython process: each reads a
    line and answers it; ``out`` is what the process printed (one line per connection)."""

    def __init__(self, target, pki, key="p256", verify=0, groups=None, ciphers=None, count=1):
        import harness

        d = pki["dir"]
        lines = ["import socket, sys", "from mpcrypto import tls", "from mpcrypto.x509 import CertificateError",
                 "ctx = tls.SSLContext(tls.PROTOCOL_TLS_SERVER)", "ctx.time = lambda: %d" % NOW_TS,
                 "ctx.load_cert_chain(%r, %r)" % (str(d / (key + ".pem")), str(d / (key + ".key"))),
                 "ctx.verify_mode = %d" % verify, "ctx.load_verify_locations(cadata=%r)" % pki["root"]]
        if groups:
            lines.append("ctx.groups = %r" % (tuple(groups),))
        if ciphers:
            lines.append("ctx.ciphers = %r" % (tuple(ciphers),))
        self.port = _free_port()  # MicroPython's socket has no getsockname
        lines += ["ls = socket.socket()", "ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)",
                  "ls.bind(socket.getaddrinfo('127.0.0.1', %d)[0][-1])" % self.port, "ls.listen(1)",
                  "print('LISTENING')",
                  "for i in range(%d):" % count,
                  "    c, _ = ls.accept()",
                  "    try:",
                  "        t = ctx.wrap_socket(c, server_side=True)",
                  "        line = t.readline()",
                  "        t.write(b'echo ' + line)",
                  "        peer = t.peer_certs[0].common_names if t.peer_certs else None",
                  "        print('OK', t.cipher()[0], repr(line), peer)",
                  "        t.close()",
                  "    except OSError as e:",
                  "        print('TLSError' if isinstance(e, tls.TLSError) else 'OSError', e.args)",
                  "        c.close()",
                  "    except CertificateError as e:",
                  "        print('CertificateError', e)",
                  "        c.close()"]
        env = dict(os.environ, MICROPYPATH="%s:%s" % (harness.MODULES, harness.MPDIR))
        self.p = subprocess.Popen([target.binary, "-c", "\n".join(lines) + "\n"], stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, env=env, text=True)
        first = self.p.stdout.readline()
        if not first.startswith("LISTENING"):
            raise RuntimeError(first + self.p.stdout.read())

    def result(self):
        out, _ = self.p.communicate(timeout=120)
        return out.strip().splitlines()


def _python_client(pki, port, cert=None):
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_3
    ctx.load_verify_locations(pki["dir"] / "root.pem")
    if cert:
        ctx.load_cert_chain(pki["dir"] / (cert + ".pem"), pki["dir"] / (cert + ".key"))
    with socket.create_connection(("127.0.0.1", port), timeout=60) as raw:
        with ctx.wrap_socket(raw, server_hostname="localhost") as s:
            s.sendall(b"hello server\n")
            data = b""
            while not data.endswith(b"\n"):
                chunk = s.recv(100)
                if not chunk:
                    break
                data += chunk
            return s.version(), s.cipher()[0], data


@pytest.mark.parametrize("key", ["p256", "p384", "ed25519", "rsa"])
def test_server_each_key(target, pki, key):
    srv = _MPServer(target, pki, key=key)
    got = _python_client(pki, srv.port)
    assert got[0] == "TLSv1.3" and got[2] == b"echo hello server\n", got
    assert srv.result() == ["OK %s b'hello server\\n' None" % got[1]]


@pytest.mark.parametrize("suite", [0x1301, 0x1302, 0x1303])
def test_server_each_suite(target, pki, suite):
    srv = _MPServer(target, pki, ciphers=[suite])
    got = _python_client(pki, srv.port)
    assert got[1] == {0x1301: "TLS_AES_128_GCM_SHA256", 0x1302: "TLS_AES_256_GCM_SHA384",
                      0x1303: "TLS_CHACHA20_POLY1305_SHA256"}[suite], got


def test_server_hello_retry_request(target, pki):
    # OpenSSL's client sends an x25519 share; a server that takes only P-256 asks again.
    srv = _MPServer(target, pki, groups=["secp256r1"])
    got = _python_client(pki, srv.port)
    assert got[2] == b"echo hello server\n", got
    assert srv.result()[-1].startswith("OK ")


@pytest.mark.parametrize("verify", [1, 2])
def test_server_client_certificate(target, pki, verify):
    srv = _MPServer(target, pki, verify=verify)
    got = _python_client(pki, srv.port, cert="client")
    assert got[2] == b"echo hello server\n", got
    assert srv.result()[-1].endswith("('mpcrypto client',)")


def test_server_requires_a_client_certificate(target, pki):
    srv = _MPServer(target, pki, verify=2)
    with pytest.raises((ssl.SSLError, OSError)):
        _python_client(pki, srv.port)
    assert srv.result()[-1] == "TLSError (116, 'no client certificate')"


def test_server_refuses_an_untrusted_client(target, pki):
    srv = _MPServer(target, pki, verify=2)
    d = pki["dir"]
    # A client certificate of another root: the server's check fails and it says so.
    k = ec.generate_private_key(ec.SECP256R1())
    other = _cert(k, "stranger", k, "stranger", False)
    (d / "stranger.pem").write_bytes(_pem(other))
    (d / "stranger.key").write_bytes(_key_pem(k))
    with pytest.raises((ssl.SSLError, OSError)):
        _python_client(pki, srv.port, cert="stranger")
    assert srv.result()[-1].startswith("CertificateError")


def test_mpcrypto_to_mpcrypto(target, pki):
    srv = _MPServer(target, pki, verify=2)
    d = pki["dir"]
    got = _client(target, srv.port, pki["root"], cert=(str(d / "client.pem"), str(d / "client.key")))
    assert srv.result()[-1].startswith("OK TLS_AES_128_GCM_SHA256 b'GET /page HTTP/1.0\\r\\n' ('mpcrypto client',)")
    assert got.startswith("OK TLS_AES_128_GCM_SHA256 b'echo GET /page HTTP/1.0\\r\\n'"), got


@needs_openssl
@pytest.mark.parametrize("suite,group", [("TLS_AES_128_GCM_SHA256", "X25519"), ("TLS_CHACHA20_POLY1305_SHA256", "P-256"),
                                         ("TLS_AES_256_GCM_SHA384", "X448:P-256")])
def test_server_to_openssl_s_client(target, pki, suite, group):
    # "X448:P-256": s_client's share is X448, which this server does not take: HelloRetryRequest.
    srv = _MPServer(target, pki)
    p = subprocess.run([OPENSSL, "s_client", "-connect", "127.0.0.1:%d" % srv.port, "-tls1_3", "-ciphersuites", suite,
                        "-groups", group, "-CAfile", str(pki["dir"] / "root.pem"), "-verify_return_error",
                        "-verify_hostname", "localhost", "-servername", "localhost", "-ign_eof"],
                       input=b"hello server\n", capture_output=True, timeout=120)
    out = p.stdout.decode(errors="replace")
    assert "Verify return code: 0 (ok)" in out and "echo hello server" in out, out
    assert srv.result() == ["OK %s b'hello server\\n' None" % suite]


# -- every handshake message changed after the other side wrote it -------------------------

_FLIP_HOOK = """
from mpcrypto._tls import record
_orig = record.Records.write
_state = [0, -1]  # handshake bytes written on this connection, the one to flip
def _write(self, ctype, data):
    if ctype == record.HANDSHAKE:
        k = _state[1] - _state[0]
        _state[0] += len(data)
        if 0 <= k < len(data):
            data = bytearray(data)
            data[k] ^= 1
    return _orig(self, ctype, data)
record.Records.write = _write
"""


def _fuzz_pair(target, pki, flips, server_flips):
    """One mpcrypto server and one mpcrypto client process, len(flips) connections: on
    connection i the server (server_flips) or the client flips bit 0 of byte flips[i] of
    the handshake bytes it writes, before they are protected. Returns (client lines,
    server lines)."""
    import harness

    d = pki["dir"]
    port = _free_port()
    head = ["import socket", "from mpcrypto import tls", "from mpcrypto.x509 import CertificateError",
            "FLIPS = %r" % (list(flips),)]
    common = ["ctx.time = lambda: %d" % NOW_TS, "ctx.load_verify_locations(cadata=%r)" % pki["root"]]
    report = ["    except OSError as e:",
              "        print('TLSError' if isinstance(e, tls.TLSError) else 'OSError', e.args[0])",
              "    except CertificateError as e:",
              "        print('CertificateError', e)"]
    hook = ["_state[0] = 0", "_state[1] = FLIPS[i]"]
    server = (head + ["ctx = tls.SSLContext(tls.PROTOCOL_TLS_SERVER)"] + common
              + ["ctx.load_cert_chain(%r, %r)" % (str(d / "p256.pem"), str(d / "p256.key")),
                 "ctx.tickets = 0",  # the flight ends with Finished
                 "ls = socket.socket()", "ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)",
                 "ls.bind(socket.getaddrinfo('127.0.0.1', %d)[0][-1])" % port, "ls.listen(1)", "print('LISTENING')",
                 "for i in range(len(FLIPS)):", "    c, _ = ls.accept()", "    c.settimeout(2)"]
              + (["    " + x for x in hook] if server_flips else [])
              + ["    try:", "        t = ctx.wrap_socket(c, server_side=True)", "        t.readline()",
                 "        t.write(b'ok\\n')", "        print('OK')"] + report + ["    c.close()"])
    client = (head + ["ctx = tls.SSLContext(tls.PROTOCOL_TLS_CLIENT)"] + common
              + ["for i in range(len(FLIPS)):", "    s = socket.socket()", "    s.settimeout(2)",
                 "    s.connect(socket.getaddrinfo('127.0.0.1', %d)[0][-1])" % port]
              + (["    " + x for x in hook] if not server_flips else [])
              + ["    try:", "        t = ctx.wrap_socket(s, server_hostname='localhost')", "        t.write(b'hi\\n')",
                 "        print('OK', t.readline())"] + report + ["    s.close()"])
    env = dict(os.environ, MICROPYPATH="%s:%s" % (harness.MODULES, harness.MPDIR))

    def start(lines):
        return subprocess.Popen([target.binary, "-c", _FLIP_HOOK + "\n".join(lines) + "\n"], stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, env=env, text=True)

    sp = start(server)
    first = sp.stdout.readline()
    assert first.startswith("LISTENING"), first + sp.stdout.read()
    cp = start(client)
    cout, _ = cp.communicate(timeout=900)
    sout, _ = sp.communicate(timeout=60)
    return cout.strip().splitlines(), sout.strip().splitlines()


# Outcomes a changed message may have, on either side: an alert sent or received (TLSError),
# a chain that no longer verifies (CertificateError), or, where a changed length makes one
# side wait for bytes that never come, the socket's timeout (OSError 110, ETIMEDOUT) or the
# other side's reset (104). Never an answer, never another exception.
_FUZZ_OK = ("TLSError", "CertificateError", "OSError 110", "OSError 104")


def test_server_flight_fuzzed(target, pki):
    # The server's flight is about 1,100 bytes (ServerHello, EncryptedExtensions, the
    # P-256 leaf and its intermediate, CertificateVerify, Finished): every fourth byte.
    flips = range(0, 1200, 4)
    cl, sv = _fuzz_pair(target, pki, flips, True)
    assert len(cl) == len(flips) and len(sv) == len(flips), (cl[-3:], sv[-3:])
    late = [i for i, c in zip(flips, cl) if c.startswith("OK")]
    # Past the end of the flight the flip lands in nothing the client reads: those connect.
    assert late and late == [i for i in flips if i >= late[0]] and late[0] > 900, late
    bad = [(i, c) for i, c in zip(flips, cl) if i < late[0] and not c.startswith(_FUZZ_OK)]
    assert not bad, bad
    for i, c, sl in zip(flips, cl, sv):  # the server saw the client's alert, or its own timeout
        assert sl.startswith(_FUZZ_OK if i < late[0] else "OK"), (i, c, sl)


def test_client_hello_fuzzed(target, pki):
    # The ClientHello (about 200 bytes with an x25519 share and a host name): every byte.
    flips = range(0, 220)
    cl, sv = _fuzz_pair(target, pki, flips, False)
    assert len(cl) == len(flips) and len(sv) == len(flips), (cl[-3:], sv[-3:])
    for side in (cl, sv):
        bad = [(i, c) for i, c in zip(flips, side) if not c.startswith(_FUZZ_OK) and not c.startswith("OK")]
        assert not bad, bad
    ok = [i for i, c in zip(flips, cl) if c.startswith("OK")]
    assert ok and ok == list(range(ok[0], 220)), ok  # only flips past the ClientHello's end


# -- resumption (psk_dhe_ke) ----------------------------------------------------------------


class _ResumeServer(_ForeverServer):
    # Keeps session_reused of each connection (CPython's server issues two tickets after
    # each full handshake).
    reused = None

    def _one(self, conn):
        try:
            with self.ctx.wrap_socket(conn, server_side=True) as s:
                s.recv(1024)
                (self.reused or self.__dict__.setdefault("reused", [])).append(s.session_reused)
                s.sendall(b"resumed=%d\n" % s.session_reused)
        except Exception as e:
            self.error = e


_RESUME = """
import socket
from mpcrypto import tls
ctx = tls.SSLContext(tls.PROTOCOL_TLS_CLIENT)
ctx.time = lambda: %d
ctx.load_verify_locations(cadata=%r)
sess = None
for i in range(3):
    s = socket.socket()
    s.connect(socket.getaddrinfo('127.0.0.1', %d)[0][-1])
    t = ctx.wrap_socket(s, server_hostname='localhost', session=sess)
    t.write(b'hi\\n')
    print(t.readline(), t.session_reused, t.getpeercert() is not None)
    sess = t.session
    t.close()
"""


def test_client_resumes_with_a_ticket(target, pki):
    srv = _ResumeServer(pki)
    got = target.run(_RESUME % (NOW_TS, pki["root"], srv.port)).strip().splitlines()
    assert got == ["b'resumed=0\\n' False True", "b'resumed=1\\n' True True", "b'resumed=1\\n' True True"], got
    assert srv.reused == [False, True, True]


def test_server_issues_and_takes_tickets(target, pki):
    srv = _MPServer(target, pki, count=3)
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_3
    ctx.load_verify_locations(pki["dir"] / "root.pem")
    sess, reused = None, []
    for _ in range(3):
        with socket.create_connection(("127.0.0.1", srv.port), timeout=60) as raw:
            with ctx.wrap_socket(raw, server_hostname="localhost", session=sess) as s:
                s.sendall(b"hello\n")
                assert s.recv(100) == b"echo hello\n"
                reused.append(s.session_reused)
                sess = s.session
    assert reused == [False, True, True]
    assert [x.split()[0] for x in srv.result()] == ["OK"] * 3


def test_mpcrypto_resumes_with_mpcrypto(target, pki):
    srv = _MPServer(target, pki, count=3)
    got = target.run(_RESUME.replace("t.readline()", "t.readline(), t.cipher()[0]") % (NOW_TS, pki["root"], srv.port))
    got = got.strip().splitlines()
    assert [g.split()[-2:] for g in got] == [["False", "True"], ["True", "True"], ["True", "True"]], got


@needs_openssl
def test_openssl_s_client_resumes(target, pki, tmp_path):
    srv = _MPServer(target, pki, count=2)
    sess = tmp_path / "sess.pem"
    outs = []
    for io in (["-sess_out", str(sess)], ["-sess_in", str(sess)]):
        p = subprocess.run([OPENSSL, "s_client", "-connect", "127.0.0.1:%d" % srv.port, "-tls1_3", "-CAfile",
                            str(pki["dir"] / "root.pem"), "-servername", "localhost", "-ign_eof"] + io,
                           input=b"hello server\n", capture_output=True, timeout=120)
        outs.append(p.stdout.decode(errors="replace"))
    assert "New, TLSv1.3" in outs[0] and "Reused, TLSv1.3" in outs[1], outs[1]
    assert "echo hello server" in outs[1]
    assert [x.split()[0] for x in srv.result()] == ["OK", "OK"]


# -- smaller records for a small heap --------------------------------------------------------


def test_max_fragment_length_with_openssl(target, pki):
    # The 17,920-byte page comes in records of at most 1,024 bytes, or the client's read
    # limit refuses it (record_overflow).
    srv = _Server(pki)
    got = _client(target, srv.port, pki["root"], extra=["ctx.max_fragment_length = 1024"])
    srv.join()
    assert srv.error is None, srv.error
    assert got.startswith("OK TLS_") and got.endswith(PAGE), got


@pytest.mark.parametrize("setting", ["ctx.max_fragment_length = 512", "ctx.record_size_limit = 700"])
def test_smaller_records_mpcrypto_both_ends(target, pki, setting):
    srv = _MPServer(target, pki)
    got = _client(target, srv.port, pki["root"], extra=[setting])
    assert got.startswith("OK TLS_AES_128_GCM_SHA256 b'echo GET /page"), got
    assert srv.result()[-1].startswith("OK ")


def test_record_overflow_is_refused(target, pki):
    # The read limit counts: a client whose limit is 512 bytes after the handshake (as if it
    # had negotiated it, and the server ignored it) refuses the page's 16 KB record with
    # record_overflow (22).
    srv = _Server(pki)
    got = _client(target, srv.port, pki["root"],
                  extra=["_d = tls.TLSSocket.do_handshake", "def _dh(self):", "    _d(self)",
                         "    self.rec.rlimit = 512", "tls.TLSSocket.do_handshake = _dh"])
    srv.join()
    assert got.startswith("ERR TLSError (22,"), got


# -- the README's HTTPS example -------------------------------------------------------------------

def _micropython_lib():
    # A checkout of micropython-lib (its requests is not on PyPI): MICROPYTHON_LIB names it.
    d = os.environ.get("MICROPYTHON_LIB")
    return d and os.path.isdir(os.path.join(d, "python-ecosys", "requests")) and d


@pytest.mark.skipif(not _micropython_lib(), reason="needs MICROPYTHON_LIB, a micropython-lib checkout (requests)")
def test_readme_https_example(target, tmp_path):
    """The README's first example as it stands, ROOTS and URL pointed at a CPython ssl server
    whose chain is valid at the real clock (the example checks at time.time()); then the same
    with a root that did not sign that chain."""
    from test_readme import https_example

    now = datetime.datetime.now(datetime.timezone.utc)

    def cert(key, cn, issuer_key, issuer_cn, ca):
        b = (cx.CertificateBuilder().subject_name(_name(cn)).issuer_name(_name(issuer_cn))
             .public_key(key.public_key()).serial_number(cx.random_serial_number())
             .not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=30))
             .add_extension(cx.BasicConstraints(ca=ca, path_length=None), critical=True))
        if not ca:
            b = b.add_extension(cx.SubjectAlternativeName(list(SANS)), critical=False)
        return b.sign(issuer_key, hashes.SHA256())

    root_key, mid_key, leaf_key, other_key = (ec.generate_private_key(ec.SECP256R1()) for _ in range(4))
    mid = cert(mid_key, "readme intermediate", root_key, "readme root", True)
    (tmp_path / "readme.pem").write_bytes(_pem(cert(leaf_key, "localhost", mid_key, "readme intermediate", False))
                                          + _pem(mid))
    (tmp_path / "readme.key").write_bytes(_key_pem(leaf_key))
    (tmp_path / "roots.pem").write_bytes(_pem(cert(root_key, "readme root", root_key, "readme root", True)))
    (tmp_path / "other.pem").write_bytes(_pem(cert(other_key, "readme root", other_key, "readme root", True)))
    example = https_example()
    lib = os.path.join(_micropython_lib(), "python-ecosys", "requests")
    outs = []
    for roots in ("roots.pem", "other.pem"):
        srv = _Server({"dir": tmp_path}, key="readme", body=b"served to requests")
        code = example.replace('ROOTS = "roots.pem"', "ROOTS = %r" % str(tmp_path / roots))
        code = code.replace('URL = "https://example.com/"', "URL = 'https://localhost:%d/page'" % srv.port)
        assert code.count(str(tmp_path)) == 1 and code.count(str(srv.port)) == 1
        script = "import sys\nsys.path.insert(0, %r)\ntry:\n%s\nexcept Exception as e:\n    print('ERR', type(e).__name__, e)\n" % (
            lib, "\n".join("    " + ln for ln in code.splitlines()))
        outs.append("\n".join(target.run(script).strip().splitlines()[-2:]))
        srv.join()
        outs.append(srv.error)
    assert outs[:2] == ["200 hello /page\nserved to requests", None], outs  # the page's text spans two lines
    assert outs[2].splitlines()[-1].startswith("ERR CertificateError") and outs[3] is not None, outs  # the server saw the alert
