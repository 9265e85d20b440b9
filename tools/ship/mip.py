"""Write the mip packages of mpcrypto: ``mip/<package>/package.json`` and ``mip/README.md``.

    python -m tools.ship.mip                   # write them
    python -m tools.ship.mip --check           # exit 1 if they differ from what it writes
    python -m tools.ship.mip --local /tmp/mip  # a copy for installing from this checkout:
        mpremote mip install /tmp/mip/x25519/package.json

One package per primitive family, split the way micropython-lib splits ``hashlib`` into
``hashlib-core``, ``hashlib-sha256``, ``hashlib-sha512`` ...: ``core`` (the package, the
backend seam, the constant-time helpers, the exceptions, every family's ``__init__.py``),
shared helpers of a family in their own package (``hash-core``, ``keccak``, ``ec-core``,
``eddsa``, ``xdh``, ``der``), one package per algorithm on top, and ``all``, a collection with no
files of its own. A package's ``deps`` are what its modules import (``tools/ship/modgraph.py``:
static imports and backend chains; ``host_tests/test_mip.py`` checks both ways), plus the
hashes a package takes by name by default (``BY_NAME``: ECDSA's default ``hashalg`` is
SHA-256).

The format is the one ``mip`` and ``mpremote mip`` read (MicroPython docs,
"Package management", and micropython-lib's ``mip`` code): ``{"urls": [[destination, source
URL], ...], "deps": [[package URL, version], ...], "version": "..."}``; destinations are
relative to the device's library folder. Sources and deps are ``github:`` URLs of ``REPO``;
a dependency's version is the branch mip fetches it from. mip picks files by the ``.mpy``
version of the firmware only, never by its arch (``package/{mpy_version}/...`` on an index,
nothing at all for a ``github:`` URL), so these are source packages: the device compiles
each module at its first import. ``make deploy`` (tools/ship/deploy.py) is the way to install
``.mpy`` files compiled for one arch.

``ec-wide`` (the 32-bit-limb field kernels ``ec/field/v32_*``) is for 64-bit ports only (the
unix port), where the limb engine uses them: install it beside the EC packages there (the
Montgomery and Edwards backends need it; ECDH/ECDSA use it through ``weierstrass_viper64``,
else fall back to 16-bit limbs). The engine loads kernels lazily by name, so no package
depends on it and ``all`` leaves it out, as the MCU freeze manifest leaves them out.
"""

import difflib
import json
import os
import pathlib
import sys

from tools import ROOT

# The GitHub repository the packages are installed from ("owner/name"). Set it to the
# published repository and run this tool; the placeholder cannot resolve to anyone's code.
REPO = "<owner>/mpcrypto"
BRANCH = "HEAD"  # the version (branch) mip fetches a dependency from: the default branch
MIP = ROOT / "mip"
SRC = "modules/mpcrypto"

# name, description, files (globs under modules/mpcrypto/), deps (package names)
PACKAGES = (
    ("core", "the package, the backend seam and its CPU probe, constant-time helpers, exceptions, "
     "every family's __init__",
     ("__init__.py", "_backend.py", "_cpu.py", "_ct.py", "_ct_viper.py", "_util.py", "exceptions.py",
      "aead/__init__.py",
      "cipher/__init__.py", "ec/__init__.py", "ec/field/__init__.py", "hash/__init__.py", "kdf/__init__.py",
      "keys/__init__.py", "mac/__init__.py", "pk/__init__.py", "random/__init__.py"), ()),
    ("modes", "the block-cipher mode layer: ECB, CBC, CTR over any cipher, the portable one-block loop",
     ("cipher/modes.py", "cipher/_soft.py"), ("core",)),
    ("aes", "AES-128/192/256 ECB, CBC, CTR (Thumb-2 T-table and constant-time bitsliced on Cortex-M3 and up, cryptolib where it fits, viper, Python)", ("cipher/aes*.py",), ("modes",)),
    ("camellia", "Camellia-128/192/256 ECB, CBC, CTR (viper, Python)", ("cipher/_camellia_sched.py", "cipher/camellia*.py"), ("modes",)),
    ("sm4", "SM4 ECB, CBC, CTR (viper, Python)", ("cipher/_sm4_sched.py", "cipher/sm4*.py"), ("modes",)),
    ("des", "DES and 3DES (TDEA) ECB, CBC, CTR (viper, Python)", ("cipher/_des_sched.py", "cipher/des*.py"), ("modes",)),
    ("ghash", "GHASH (SP 800-38D) and the key and nonce set-up that GCM and GMAC share (Thumb-2 on Cortex-M4 "
     "and up, viper, Python)", ("mac/ghash*.py",), ("core",)),
    ("aead-core", "the API plumbing the AEAD classes share (allocating encrypt / decrypt, generate_key)",
     ("aead/_aead.py",), ("core",)),
    ("gcm", "GCM over any 128-bit block cipher: AESGCM; CamelliaGCM, SM4GCM with the camellia / sm4 packages",
     ("aead/gcm.py",), ("aes", "ghash", "aead-core")),
    ("ccm", "CCM over any 128-bit block cipher: AESCCM; CamelliaCCM, SM4CCM with the camellia / sm4 packages",
     ("aead/ccm.py",), ("aes", "aead-core")),
    ("cmac", "CMAC (SP 800-38B) over AES, or any cipher package installed", ("mac/cmac.py",), ("aes",)),
    ("gmac", "GMAC (SP 800-38D) over AES, or any 128-bit cipher package installed", ("mac/gmac.py",), ("aes", "ghash")),
    ("chacha20", "ChaCha20 and XChaCha20 (RFC 8439; Thumb-2 on Cortex-M3 and up, viper, Python)", ("cipher/chacha20*.py",), ("core",)),
    ("poly1305", "Poly1305 (RFC 8439; Thumb-2 on Cortex-M4 and up, viper, Python)", ("mac/_poly1305_limbs.py", "mac/poly1305*.py"), ("core",)),
    ("chacha20poly1305", "ChaCha20-Poly1305 and XChaCha20-Poly1305", ("aead/chacha20poly1305.py",),
     ("chacha20", "poly1305", "aead-core")),
    ("ascon-core", "the Ascon permutation of SP 800-232 (Thumb-2 on Cortex-M3 and up, viper, Python)",
     ("hash/_ascon.py", "hash/_ascon_io.py", "hash/ascon_python.py", "hash/ascon_thumb.py", "hash/ascon_viper.py"), ("core",)),
    ("ascon-aead", "Ascon-AEAD128 (SP 800-232)", ("aead/ascon.py",), ("ascon-core", "aead-core")),
    ("ascon-hash", "Ascon-Hash256, Ascon-XOF128, Ascon-CXOF128 (SP 800-232)", ("hash/ascon_hash.py",), ("ascon-core",)),
    ("hash-core", "the Merkle-Damgard hashes' common code, its viper helpers (with those of HMAC and "
     "the HMAC loops of PBKDF2 and HMAC_DRBG) and the table of hash names",
     ("hash/_md.py", "hash/_md_viper.py", "hash/names.py"), ("core",)),
    ("sha256", "SHA-224, SHA-256", ("hash/sha256*.py",), ("hash-core",)),
    ("sha512", "SHA-384, SHA-512, SHA-512/224, SHA-512/256", ("hash/sha512*.py",), ("hash-core",)),
    ("sm3", "SM3 (Thumb-2 on Cortex-M3 and up, viper, Python)", ("hash/sm3*.py",), ("hash-core",)),
    ("md5", "MD5 (RFC 1321; Thumb-2 on Cortex-M3 and up, viper, Python)", ("hash/md5*.py",), ("hash-core",)),
    ("sha1", "SHA-1 (Thumb-2 on Cortex-M3 and up, viper, Python)", ("hash/sha1*.py",), ("hash-core",)),
    ("keccak", "the Keccak-f[1600] sponge of SHA-3 and SHAKE", ("hash/_sponge.py", "hash/keccak_*.py"), ("core",)),
    ("sha3", "SHA3-224, SHA3-256, SHA3-384, SHA3-512", ("hash/sha3.py",), ("keccak",)),
    ("shake", "SHAKE128, SHAKE256", ("hash/shake.py",), ("keccak",)),
    ("hmac", "HMAC over any hash package installed", ("mac/hmac.py",), ("hash-core",)),
    ("kdf", "HKDF (RFC 5869) and PBKDF2-HMAC (RFC 8018) over any hash package installed",
     ("kdf/hkdf.py", "kdf/pbkdf2.py"), ("hmac",)),
    ("random", "entropy source with SP 800-90B health tests, HMAC_DRBG (SP 800-90A), random_bytes: the "
     "default rng of key generation", ("random/_drbg.py", "random/entropy.py", "random/hmac_drbg.py",
                                       "random/rng.py"), ("hmac", "sha256")),
    ("hash-drbg", "Hash_DRBG (SP 800-90A) over any hash package installed", ("random/hash_drbg.py",),
     ("random",)),
    ("ctr-drbg", "CTR_DRBG (SP 800-90A) over AES, with and without the derivation function",
     ("random/ctr_drbg.py",), ("random", "aes")),
    ("ec-core", "curves, the limb engine, the 16-bit-limb field kernels, Thumb-2 UMAAL multipliers",
     ("ec/curves.py", "ec/field/bigint.py", "ec/field/engine.py", "ec/field/thumb_umaal.py", "ec/field/v16_*.py"),
     ("core",)),
    ("der", "the strict DER reader and writer (ECDSA signatures, key formats)", ("keys/der.py",), ("core",)),
    ("ec", "ECDH and ECDSA (RFC 6979) on the Weierstrass curves",
     ("ec/ec.py", "ec/ecdsa.py", "ec/weierstrass_python.py", "ec/weierstrass_thumb.py", "ec/weierstrass_viper.py",
      "ec/weierstrass_viper64.py"),
     ("ec-core", "hmac", "der")),
    ("ec-wide", "64-bit ports only (the unix port): the 32-bit-limb field kernels", ("ec/field/v32_*.py",),
     ("core",)),
    ("sm2", "SM2 signatures", ("ec/sm2.py",), ("ec", "sm3")),
    ("eddsa", "EdDSA's common code and backends", ("ec/eddsa.py", "ec/edwards_*.py"), ("ec-core",)),
    ("ed25519", "Ed25519", ("ec/ed25519.py",), ("eddsa", "sha512")),
    ("ed448", "Ed448", ("ec/ed448.py",), ("eddsa", "shake")),
    ("xdh", "X25519/X448's common code and backends", ("ec/xdh.py", "ec/montgomery_*.py"), ("ec-core",)),
    ("x25519", "X25519", ("ec/x25519.py",), ("xdh",)),
    ("x448", "X448", ("ec/x448.py",), ("xdh",)),
    ("mpi", "the MPI engine (Montgomery arithmetic on an arena: Thumb-2 UMAAL on Cortex-M4 and up, viper, "
     "Python), modular exponentiation, primality and prime generation, the number objects of DH and DSA",
     ("pk/_mpi_common.py", "pk/mpi*.py", "pk/modexp.py", "pk/prime.py", "pk/_ffc.py"), ("core",)),
    ("rsa", "RSA (PKCS#1 v1.5 and PSS signatures, OAEP and PKCS#1 v1.5 encryption; install the hash packages "
     "you name)", ("pk/rsa.py", "pk/padding.py"), ("mpi", "hash-core")),
    ("dsa", "DSA (FIPS 186-4, RFC 6979 nonces, DER signatures)", ("pk/dsa.py",), ("mpi", "ec")),
    ("dh", "finite-field Diffie-Hellman with the RFC 7919 FFDHE groups and custom groups", ("pk/dh.py",), ("mpi",)),
    ("keys", "key import/export: PKCS#8, SubjectPublicKeyInfo, SEC 1, PKCS#1, RFC 8410, DER and PEM "
     "(install the packages of the key types too)", ("keys/pem.py", "keys/serialization.py"), ("der",)),
    ("x509", "X.509 certificates: parsing, chain verification, host names (install the packages of the "
     "certificates' key types and hashes too)", ("x509.py",), ("keys", "rsa")),
    ("tls", "TLS 1.3 client and server (x25519 and P-256 groups, AES-GCM and ChaCha20-Poly1305; install the "
     "packages of the certificates' key types too)", ("tls.py", "_tls/*.py"),
     ("x509", "kdf", "gcm", "chacha20poly1305", "x25519", "x448", "ec")),
    ("sig", "the signature algorithms JWS and COSE share (the key classes' sign and verify, HMAC)",
     ("_sig.py",), ("hmac", "rsa")),
    ("jose", "JWS compact serialization and JWT: ES256/384/512, EdDSA, RS/PS256-512, HS256-512 (install the "
     "packages of the key types and hashes too)", ("jws.py", "jwt.py"), ("sig",)),
    ("cose", "COSE_Sign1 and the strict CBOR it is written in: ES256/384/512, EdDSA, PS/RS256-512 (install "
     "the packages of the key types and hashes too)", ("cose.py", "keys/cbor.py"), ("sig",)),
)
# Hash packages a package needs for the hash it names by default (hash/names.py imports
# them by name, so the import graph cannot see it).
BY_NAME = {"ec": ("sha256",), "tls": ("sha256", "sha512")}
COLLECTION = ("all", "every package but ec-wide (64-bit ports: add it)")
NOT_IN_ALL = ("ec-wide",)


def version():
    for line in (ROOT / SRC / "__init__.py").read_text().splitlines():
        if line.startswith("__version__"):
            return line.split("=", 1)[1].strip().strip("\"'")
    raise SystemExit("no __version__ in %s/__init__.py" % SRC)


def files_of(globs):
    """Paths under modules/mpcrypto/ (posix, sorted) that ``globs`` name; each glob must
    name something."""
    base = ROOT / SRC
    out = []
    for g in globs:
        found = sorted(p.relative_to(base).as_posix() for p in base.glob(g) if p.is_file())
        if not found:
            raise SystemExit("mip: %s matches no file under %s" % (g, SRC))
        out.extend(found)
    return out


def deps_of(name):
    for n, _, _, deps in PACKAGES:
        if n == name:
            return tuple(deps) + BY_NAME.get(name, ())
    raise KeyError(name)


def package_url(name):
    return "github:%s/mip/%s" % (REPO, name)


def packages():
    """name -> the package.json dict."""
    ver = version()
    out = {}
    for name, _, globs, _ in PACKAGES:
        out[name] = {
            "urls": [["mpcrypto/" + f, "github:%s/%s/%s" % (REPO, SRC, f)] for f in files_of(globs)],
            "deps": [[package_url(d), BRANCH] for d in deps_of(name)],
            "version": ver,
        }
    out[COLLECTION[0]] = {
        "urls": [],
        "deps": [[package_url(n), BRANCH] for n, _, _, _ in PACKAGES if n not in NOT_IN_ALL],
        "version": ver,
    }
    return out


def readme(pk):
    lines = [
        "# mip packages",
        "",
        "Written by `tools/ship/mip.py` (do not edit; `--check` in `host_tests/test_mip.py`).",
        "Install one with its dependencies:",
        "",
        "    mpremote mip install github:%s/mip/sha256" % REPO,
        "",
        "Source packages (`.py`): the device compiles each module at its first import, which",
        "takes RAM (the viper field kernels most). For `.mpy` files compiled for the device's",
        "arch, use `make deploy` (`docs/install.md`, \"Deploy without a rebuild\"). On a 64-bit",
        "port (the unix port) install `ec-wide` beside the EC packages.",
        "",
        "| Package | What | Depends on | Files |",
        "|---|---|---|---|",
    ]
    desc = dict((n, d) for n, d, _, _ in PACKAGES)
    desc[COLLECTION[0]] = COLLECTION[1]
    for name, p in pk.items():
        deps = ", ".join(d[0].rsplit("/", 1)[1] for d in p["deps"]) if name != COLLECTION[0] else "all of the above but ec-wide"
        lines.append("| `%s` | %s | %s | %d |" % (name, desc[name], deps or "-", len(p["urls"])))
    return "\n".join(lines) + "\n"


def render(obj):
    # JSON with one [a, b] pair per line.
    def pairs(items):
        if not items:
            return "[]"
        return "[\n" + ",\n".join("    " + json.dumps(i) for i in items) + "\n  ]"

    return '{\n  "urls": %s,\n  "deps": %s,\n  "version": %s\n}\n' % (
        pairs(obj["urls"]), pairs(obj["deps"]), json.dumps(obj["version"]))


def outputs():
    """relative path under mip/ -> text."""
    pk = packages()
    out = {"%s/package.json" % n: render(p) for n, p in pk.items()}
    out["README.md"] = readme(pk)
    return out


def write_local(dest):
    """A copy of the packages for installing from this checkout with ``mpremote mip install
    DEST/<name>/package.json``: sources as paths relative to each package.json (mpremote
    reads them from the disk), dependencies as absolute paths of the copy's package.json."""
    dest = pathlib.Path(dest).resolve()
    gh = "github:%s/" % REPO
    for name, p in packages().items():
        folder = dest / name
        folder.mkdir(parents=True, exist_ok=True)
        urls = [[d, os.path.relpath(ROOT / s[len(gh):], folder).replace(os.sep, "/")] for d, s in p["urls"]]
        deps = [[str(dest / u.rsplit("/", 1)[1] / "package.json"), v] for u, v in p["deps"]]
        (folder / "package.json").write_text(render({"urls": urls, "deps": deps, "version": p["version"]}))
    return dest


def main(argv):
    if "--local" in argv:
        print(write_local(argv[argv.index("--local") + 1]))
        return 0
    check = "--check" in argv
    want = outputs()
    stale = []
    for rel, text in sorted(want.items()):
        path = MIP / rel
        have = path.read_text() if path.exists() else ""
        if have != text:
            stale.append(rel)
            if check:
                sys.stdout.writelines(difflib.unified_diff(have.splitlines(True), text.splitlines(True), "a/mip/" + rel,
                                                           "b/mip/" + rel))
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text)
    extra = sorted(p.relative_to(MIP).as_posix() for p in MIP.rglob("*") if p.is_file()
                   and p.relative_to(MIP).as_posix() not in want) if MIP.exists() else []
    if check and (stale or extra):
        print("mip: out of date: %s%s (run python -m tools.ship.mip)"
              % (" ".join(stale), "; not written by it: " + " ".join(extra) if extra else ""))
        return 1
    if not check:
        for rel in extra:
            (MIP / rel).unlink()
        print("wrote %d files under mip/" % len(stale) if stale else "mip/ is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
