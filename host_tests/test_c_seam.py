"""The C-module seam of boards/c_seam/c_seam.py (RSIP-E51A on the EK-RA8D1, TSIP on the RX65N,
bound through a firmware's ``_mpcrypto_hw`` C module), checked on the unix port with stand-in
``_mpcrypto_hw`` modules written in Python (the library's own software backends behind the C
module's function shapes; host_tests has no vendor driver and no C module):

- with a complete module, each board's ``mpcrypto_board`` registers AES, SHA-256 and the
  entropy source under the module's NAME, and the public API with that backend forced gives
  the NIST answers (AESAVS KAT ECB/CBC, RFC 3686 CTR, GCM, SHA-224/256 CAVP ShortMsg), with
  every call going through the stand-in;
- a module with only some functions registers only those primitives; without the module
  nothing is registered (the software backends run);
- a module whose function gives a wrong answer or raises during the board's check is not
  registered for that primitive (c_seam.FAILED says why), the others are.

What this does not show: that a real C module over r_rsip or r_tsip_rx works. That needs the
vendor's driver and the hardware.
"""

import os
import pathlib
import subprocess

import pytest
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from harness import _parse, find_micropython
from vectors import cryptography_vector, load_rsp

ROOT = pathlib.Path(__file__).resolve().parent.parent

FULL = '''
NAME = "rsip"
from mpcrypto.cipher import aes_python
from mpcrypto.hash import sha256_python
import os
calls = {}


def _c(n):
    calls[n] = calls.get(n, 0) + 1


def aes_key(key):
    _c("aes_key")
    return aes_python.new(bytes(key))


def aes_ecb_encrypt(k, src, dst, n):
    _c("aes_ecb_encrypt")
    k.ecb_encrypt(src, dst, n)


def aes_ecb_decrypt(k, src, dst, n):
    _c("aes_ecb_decrypt")
    k.ecb_decrypt(src, dst, n)


def aes_cbc_encrypt(k, src, dst, n, iv):
    _c("aes_cbc_encrypt")
    k.cbc_encrypt(src, dst, n, iv)


def aes_cbc_decrypt(k, src, dst, n, iv):
    _c("aes_cbc_decrypt")
    k.cbc_decrypt(src, dst, n, iv)


def aes_ctr(k, src, dst, n, ctr, width):
    _c("aes_ctr")
    k.ctr_xor(src, dst, n, ctr, width)


def sha256_compress(st, buf, off, n):
    _c("sha256_compress")
    sha256_python.compress(st, buf, off, n)


def random(buf):
    _c("random")
    buf[:] = os.urandom(len(buf))


from mpcrypto.ec import curves, weierstrass_python
_ec = {}


def _curve(size):
    if size not in _ec:
        c = curves.get({32: "secp256r1", 48: "secp384r1"}[size])
        _ec[size] = (c, weierstrass_python.new(c))
    return _ec[size]


def _ints(b, size):
    return [int.from_bytes(b[i:i + size], "big") for i in range(0, len(b), size)]


def ec_mul(size, k, xy):
    _c("ec_mul")
    c, ctx = _curve(size)
    x, y = _ints(xy, size)
    R = ctx.mul(int.from_bytes(k, "big"), x, y)
    return R[0].to_bytes(size, "big") + R[1].to_bytes(size, "big")


from mpcrypto.mac import ghash_python


def ghash(h, y, src, n):
    _c("ghash")
    ghash_python.new(bytes(h)).update(y, src, n)


def rsa_private(n, d, x):
    _c("rsa_private")
    k = len(n)
    return pow(int.from_bytes(x, "big"), int.from_bytes(d, "big"), int.from_bytes(n, "big")).to_bytes(k, "big")


def ecdsa_verify(size, xy, e, rs):
    _c("ecdsa_verify")
    c, ctx = _curve(size)
    n = c.n
    x, y = _ints(xy, size)
    r, s = _ints(rs, size)
    w = pow(s, n - 2, n)
    R = ctx.mul2(int.from_bytes(e, "big") * w % n, r * w % n, x, y)
    return R is not None and R[0] % n == r
'''

ONLY_RANDOM = '''
NAME = "tsip"
_n = [0]


def random(buf):
    # A counter, not random: the output shows the call went here, and reads differ.
    for i in range(len(buf)):
        buf[i] = (_n[0] + i) & 255
    _n[0] += 7
'''

# FULL with one fault each: CTR's counter carried past its width (a driver that ignores
# width 4), and a compression function that reports a hardware error.
CTR_IGNORES_WIDTH = FULL.replace("k.ctr_xor(src, dst, n, ctr, width)", "k.ctr_xor(src, dst, n, ctr, 16)")
SHA_FAILS = FULL.replace('    sha256_python.compress(st, buf, off, n)', '    raise OSError(5)')
# GHASH ignoring the starting value y (a driver that restarts from zero each call).
GHASH_RESTARTS = FULL.replace("ghash_python.new(bytes(h)).update(y, src, n)",
                              "y[:] = bytes(16)\n    ghash_python.new(bytes(h)).update(y, src, n)")
# x^d mod n with one bit of the result flipped: the 2048-bit size fails its first-use check.
RSA_WRONG = FULL.replace('int.from_bytes(n, "big")).to_bytes(k, "big")', 'int.from_bytes(n, "big") ^ 1).to_bytes(k, "big")')
# k*P off by one point on P-384 only (k + 1 for k): its curve check fails, P-256's passes.
EC_WRONG_P384 = FULL.replace("R = ctx.mul(int.from_bytes(k, \"big\"), x, y)",
                             "R = ctx.mul(int.from_bytes(k, \"big\") + (size == 48), x, y)")


def run(tmp_path, board, module, script):
    if module is not None:
        (tmp_path / "_mpcrypto_hw.py").write_text(module)
    path = [tmp_path, ROOT / "boards" / board, ROOT / "boards" / "c_seam", ROOT / "modules", ROOT / "host_tests" / "mp"]
    env = dict(os.environ, MICROPYPATH=":".join(str(p) for p in path))
    (tmp_path / "script.py").write_text(script)
    p = subprocess.run([find_micropython(), str(tmp_path / "script.py")], capture_output=True, text=True, env=env,
                       timeout=300)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    return p.stdout


STATUS = ("import mpcrypto_board\nfrom mpcrypto import _backend\nfrom mpcrypto.cipher import aes\n"
          "from mpcrypto.hash import sha256\n"
          "print(sorted(mpcrypto_board.REGISTERED.items()), aes.backends()[0], sha256.backends()[0],\n"
          "      _backend.hardware('entropy') is not None)\n")


@pytest.mark.parametrize("board", ["EK_RA8D1", "RX65N"])
def test_board_registers_a_complete_module(tmp_path, board):
    out = run(tmp_path, board, FULL, STATUS).split("\n")
    assert out[0] == ("[('aes', 'rsip'), ('ec_weierstrass', 'rsip'), ('entropy', 'rsip'), ('ghash', 'rsip'), "
                      "('rsa', 'rsip'), ('sha256', 'rsip')] rsip rsip True")


@pytest.mark.parametrize("board", ["EK_RA8D1", "RX65N"])
def test_board_without_the_module_registers_nothing(tmp_path, board):
    out = run(tmp_path, board, None, STATUS).split("\n")
    assert out[0].startswith("[] ") and out[0].endswith(" False")
    assert "rsip" not in out[0] and "tsip" not in out[0]


def test_partial_module_registers_only_what_it_has(tmp_path):
    out = run(tmp_path, "RX65N", ONLY_RANDOM, STATUS + "from mpcrypto._util import entropy_source\n"
              "print(entropy_source()(4))\n").split("\n")
    assert out[0].startswith("[('entropy', 'tsip')] ") and out[0].endswith(" True")
    assert "tsip" not in out[0].split("] ", 1)[1].rsplit(" ", 1)[0]
    assert out[1] == "b'\\x0e\\x0f\\x10\\x11'"


@pytest.mark.parametrize("module, failed", [(CTR_IGNORES_WIDTH, "[('aes', 'CTR carry (width 4)')]"),
                                            (GHASH_RESTARTS, "[('ghash', 'GHASH')]"),
                                            (SHA_FAILS, "[('sha256', 'OSError: [Errno 5] EIO')]")])
def test_board_leaves_a_failing_primitive_to_software(tmp_path, module, failed):
    assert module != FULL
    out = run(tmp_path, "EK_RA8D1", module, STATUS + "import c_seam\nprint(sorted(c_seam.FAILED.items()))\n")
    out = out.split("\n")
    prim = failed.split("'")[1]
    assert prim not in dict(eval(out[0].split("] ")[0] + "]"))
    assert out[1] == failed


def _h(s):
    return bytes.fromhex(s or "")


def test_public_api_through_the_seam(tmp_path):
    cases, want = [], []
    for mode in ("ECB", "CBC"):
        for kind in ("GFSbox", "MMT"):
            for bits in (128, 256):
                for r in load_rsp(cryptography_vector("ciphers/AES/%s/%s%s%d.rsp" % (mode, mode, kind, bits))):
                    if "COUNT" in r:
                        enc = r["_section"].upper().startswith("ENCRYPT")
                        src, dst = (r["PLAINTEXT"], r["CIPHERTEXT"]) if enc else (r["CIPHERTEXT"], r["PLAINTEXT"])
                        cases.append((_h(r["KEY"]), mode.lower(), _h(r.get("IV")) if mode == "CBC" else None, enc,
                                      _h(src)))
                        want.append(_h(dst))
    for r in load_rsp(cryptography_vector("ciphers/AES/CTR/aes-128-ctr.txt")):
        if "COUNT" in r:
            cases.append((_h(r["KEY"]), "ctr", _h(r["IV"]), True, _h(r["PLAINTEXT"])))
            want.append(_h(r["CIPHERTEXT"]))
    gcm = [r for r in load_rsp(cryptography_vector("ciphers/AES/GCM/gcmEncryptExtIV128.rsp")) if "COUNT" in r][:40]
    sha = [r for r in load_rsp(cryptography_vector("hashes/SHA2/SHA256ShortMsg.rsp")) if "MD" in r]
    script = ("import mpcrypto_board\nimport _mpcrypto_hw\nimport mptest\n_mpcrypto_hw.calls.clear()\n"
              "mptest.run('drv_aes', 'crypt', %r, {'aes': 'rsip'})\n"
              "mptest.run('drv_aes', 'gcm_case', %r, {'aes': 'rsip'})\n"
              "mptest.run('drv_sha', 'digest', %r, {'sha256': 'rsip'})\n"
              "print('CALLS', sorted(_mpcrypto_hw.calls))\n"
              % (cases, [("e", _h(r["KEY"]), _h(r["IV"]), _h(r["PT"]), _h(r["AAD"]), len(_h(r["TAG"]))) for r in gcm],
                 [("sha256", _h(r["MSG"])[: int(r["LEN"]) // 8]) for r in sha]))
    out = run(tmp_path, "EK_RA8D1", FULL, script)
    parts = out.split("DONE\n")
    assert _parse(parts[0] + "DONE", len(cases), "crypt") == want
    assert _parse(parts[1] + "DONE", len(gcm), "gcm") == [_h(r["CT"]) + _h(r["TAG"]) for r in gcm]
    assert _parse(parts[2] + "DONE", len(sha), "sha") == [_h(r["MD"]) for r in sha]
    assert "CALLS ['aes_cbc_decrypt', 'aes_cbc_encrypt', 'aes_ctr', 'aes_ecb_decrypt', 'aes_ecb_encrypt', " \
           "'aes_key', 'ghash', 'sha256_compress']" in out


def _ec_script(cases_verify, cases_sign, cases_ecdh):
    return ("import mpcrypto_board\nimport _mpcrypto_hw\nimport mptest\nimport c_seam\n_mpcrypto_hw.calls.clear()\n"
            "mptest.run('drv_ec', 'ecdsa_verify', %r)\n"
            "mptest.run('drv_ec', 'ecdsa_sign_k', %r)\n"
            "mptest.run('drv_ec', 'ecdh', %r)\n"
            "print('CALLS', sorted(_mpcrypto_hw.calls.items()))\n"
            "print('FAILED', sorted(c_seam.FAILED.items()))\n" % (cases_verify, cases_sign, cases_ecdh))


def _ec_cases():
    # NIST CAVP FIPS 186-3 SigVer and SigGen records of P-256, P-384 (the module's curves) and
    # P-521 (not the module's: the software backend's), with SHA-256/384/512; ECDH shared
    # secrets from pyca cryptography (OpenSSL) for the same curves.
    from cryptography.hazmat.primitives.asymmetric import ec as pyec

    sizes = {"P-256": ("secp256r1", 32), "P-384": ("secp384r1", 48), "P-521": ("secp521r1", 66)}
    hashes = {"SHA-256": "sha256", "SHA-384": "sha384", "SHA-512": "sha512"}
    ver, ver_want = [], []
    for r in load_rsp(cryptography_vector("asymmetric/ECDSA/FIPS_186-3/SigVer.rsp")):
        cv, _, h = r.get("_section", "").partition(",")
        if "MSG" in r and cv in sizes and h in hashes and sum(c[0] == sizes[cv][0] for c in ver) < 30:
            curve, size = sizes[cv]
            point = b"\x04" + int(r["QX"], 16).to_bytes(size, "big") + int(r["QY"], 16).to_bytes(size, "big")
            sig = int(r["R"], 16).to_bytes(size, "big") + int(r["S"], 16).to_bytes(size, "big")
            ver.append((curve, point, _h(r["MSG"]), sig, hashes[h], "raw"))
            ver_want.append(r["RESULT"].startswith("P"))
    sign, sign_want = [], []
    for r in load_rsp(cryptography_vector("asymmetric/ECDSA/FIPS_186-3/SigGen.txt")):
        cv, _, h = r.get("_section", "").partition(",")
        if "MSG" in r and cv in sizes and h in hashes and sum(c[0] == sizes[cv][0] for c in sign) < 6:
            sign.append((sizes[cv][0], int(r["D"], 16), _h(r["MSG"]), hashes[h], int(r["K"], 16)))
            sign_want.append((int(r["R"], 16), int(r["S"], 16)))
    dh, dh_want = [], []
    for name, pycurve in (("secp256r1", pyec.SECP256R1()), ("secp384r1", pyec.SECP384R1()),
                          ("secp521r1", pyec.SECP521R1())):
        for i in range(3):
            a = pyec.derive_private_key(0x1234567 * (i + 1) + 77, pycurve)
            b = pyec.derive_private_key(0x7654321 * (i + 3) + 5, pycurve)
            pt = b.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
            dh.append((name, a.private_numbers().private_value, pt))
            dh_want.append(a.exchange(pyec.ECDH(), b.public_key()))
    return ver, ver_want, sign, sign_want, dh, dh_want


def _ec_check(out, cases):
    ver, ver_want, sign, sign_want, dh, dh_want = cases
    parts = out.split("DONE\n")
    got = [line[2:] for line in parts[0].split("\n") if line]
    assert [g == "'ok'" for g in got] == ver_want
    assert all(g.startswith("'ok'") or g.startswith("InvalidSignature") for g in got)
    assert [eval(line[2:]) for line in parts[1].split("\n") if line] == sign_want
    assert [eval(line[2:]) for line in parts[2].split("\n") if line] == dh_want
    return parts[3]


def test_ec_through_the_seam(tmp_path):
    cases = _ec_cases()
    assert {c[0] for c in cases[0]} == {"secp256r1", "secp384r1", "secp521r1"} and any(cases[1]) and not all(cases[1])
    tail = _ec_check(run(tmp_path, "EK_RA8D1", FULL, _ec_script(cases[0], cases[2], cases[4])), cases)
    calls = dict(eval(tail.split("CALLS ")[1].split("\n")[0]))
    # Verification of P-256/P-384 records on the module, P-521's not; k*G of each signature,
    # each ECDH's k*P, and the two curve checks' own calls (two k*G/k*P, two verifications).
    nmod = sum(1 for c in cases[0] if c[0] != "secp521r1")
    assert calls["ecdsa_verify"] == nmod + 2 * 2
    nsig = sum(1 for c in cases[2] if c[0] != "secp521r1")
    ndh = sum(1 for c in cases[4] if c[0] != "secp521r1")
    assert calls["ec_mul"] == nsig + ndh + 2 * 2
    assert "FAILED []" in tail


def test_ec_curve_failing_its_check_stays_software(tmp_path):
    cases = _ec_cases()
    tail = _ec_check(run(tmp_path, "EK_RA8D1", EC_WRONG_P384, _ec_script(cases[0], cases[2], cases[4])), cases)
    assert "FAILED [('ec:secp384r1', 'k*G')]" in tail
    calls = dict(eval(tail.split("CALLS ")[1].split("\n")[0]))
    n256 = sum(1 for c in cases[0] if c[0] == "secp256r1")
    assert calls["ecdsa_verify"] == n256 + 2


def _rsa_cases():
    # PKCS #1 v1.5 signatures (deterministic) of a 2048-bit key (the module's size) and a
    # 1024-bit one (not: the library's CRT code), made by pyca cryptography (OpenSSL).
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding as pypad, rsa as pyrsa

    out = []
    for bits in (2048, 1024):
        key = pyrsa.generate_private_key(65537, bits)
        pn = key.private_numbers()
        tup = (pn.public_numbers.n, pn.public_numbers.e, pn.d, pn.p, pn.q, pn.dmp1, pn.dmq1, pn.iqmp)
        msgs = [b"", b"abc", bytes(range(200))]
        out.append((tup, msgs, [key.sign(m, pypad.PKCS1v15(), hashes.SHA256()) for m in msgs]))
    return out


def _rsa_script(cases):
    return ("import mpcrypto_board\nimport _mpcrypto_hw\nimport drv_rsa\nimport c_seam\n_mpcrypto_hw.calls.clear()\n"
            + "".join("print(repr(drv_rsa.sign_group(%r, 'pkcs1', 'sha256', None, None, %r)))\n" % (t, m)
                      for t, m, _ in cases)
            + "print('CALLS', sorted(_mpcrypto_hw.calls.items()))\nprint('FAILED', sorted(c_seam.FAILED.items()))\n")


@pytest.mark.parametrize("module, calls, failed", [(FULL, 3, "[]"), (RSA_WRONG, 1, "[('rsa:2048', 'ValueError: result^e != x')]")])
def test_rsa_through_the_seam(tmp_path, module, calls, failed):
    # A 2048-bit key's signatures on the module (checked once with e), or, after the module
    # failed that check, on the library's CRT code; the 1024-bit key's never on the module.
    cases = _rsa_cases()
    out = run(tmp_path, "EK_RA8D1", module, _rsa_script(cases)).split("\n")
    assert [eval(line) for line in out[:2]] == [want for _, _, want in cases]
    assert dict(eval(out[2].split("CALLS ")[1])).get("rsa_private") == calls
    assert out[3] == "FAILED " + failed


def test_force_sets_the_hardware_aside(tmp_path):
    # _backend.hardware() honours force(): a primitive pinned to another backend gets None, so
    # a benchmark can measure the software beside the hardware (bench_rsa does).
    script = ("import mpcrypto_board\nfrom mpcrypto import _backend\n"
              "print(_backend.hardware('rsa') is not None, _backend.available('rsa', ()))\n"
              "_backend.force('rsa', 'thumb')\nprint(_backend.hardware('rsa'))\n"
              "_backend.force('rsa', 'rsip')\nprint(_backend.hardware('rsa') is not None)\n"
              "_backend.force('rsa')\nprint(_backend.hardware('rsa').SIZES)\n")
    out = run(tmp_path, "EK_RA8D1", FULL, script).split("\n")
    assert out[:4] == ["True ['rsip']", "None", "True", "(2048, 3072, 4096)"]


def test_ec_curve_is_checked_once(tmp_path):
    # The seam drops its contexts after a MemoryError and rebuilds them: the rebuilt P-256
    # context is the module's again, without a second check (call counts: the first context's
    # check makes two k*G/k*P and two verifications, the key's k*G one more; the rebuilt one
    # only the key's).
    script = ("import mpcrypto_board\nimport _mpcrypto_hw\nfrom mpcrypto import _backend\n"
              "from mpcrypto.ec import ec\n"
              "k = ec.derive_private_key(12345, 'secp256r1')\n"
              "_mpcrypto_hw.calls.clear()\nk.public_key()\nn1 = _mpcrypto_hw.calls['ec_mul']\n"
              "_backend.evict()\n_mpcrypto_hw.calls.clear()\n"
              "ec.derive_private_key(12346, 'secp256r1').public_key()\n"
              "print(n1, _mpcrypto_hw.calls['ec_mul'], sorted(_mpcrypto_hw.calls))\n")
    out = run(tmp_path, "EK_RA8D1", FULL, script).split("\n")
    assert out[0] == "3 1 ['ec_mul']"
