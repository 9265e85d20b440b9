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
    assert out[0] == "[('aes', 'rsip'), ('entropy', 'rsip'), ('sha256', 'rsip')] rsip rsip True"


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
           "'aes_key', 'sha256_compress']" in out
