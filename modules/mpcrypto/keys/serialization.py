"""Key import and export, shaped like pyca's ``cryptography.hazmat.primitives.serialization``.

    from mpcrypto.keys import serialization as ser
    priv = ser.load_pem_private_key(pem_bytes)              # password=None
    pub = ser.load_der_public_key(der_bytes)
    ser.private_bytes(priv, ser.Encoding.PEM, ser.PrivateFormat.PKCS8)
    ser.public_bytes(pub, ser.Encoding.DER, ser.PublicFormat.SubjectPublicKeyInfo)

Keys: EC (``mpcrypto.ec.ec``: every Weierstrass curve of ``mpcrypto.ec.curves``, by its
named-curve OID: NIST P-192..P-521, secp192k1/224k1/256k1, brainpool r1 and t1, SM2),
Ed25519, Ed448, X25519, X448 (``mpcrypto.ec.ed25519`` ...), RSA (``mpcrypto.pk.rsa``,
through its numbers: ``RSAPublicNumbers(e, n)``, ``RSAPrivateNumbers(...)``) and DSA
(``mpcrypto.pk.dsa``: ``DSAParameters.derive_private_key(x)``, ``DSAPublicKey``). A key
module is imported by name when a key of its kind is loaded, so a firmware carries only the
key types it has; loading a kind whose module is absent raises UnsupportedAlgorithm. A
loaded RSA private key blinds with the default rng: on a target without an entropy source,
give it one with ``key.private_numbers().private_key(rng=rng)`` before ``sign`` or
``decrypt``.

Formats read and written (DER, or PEM with the label in brackets):
- private: PKCS#8 ``PrivateKeyInfo`` / RFC 5958 ``OneAsymmetricKey`` v1 and v2 (attributes
  skipped; v2 only with its public key, which is checked against the private key)
  ["PRIVATE KEY"]; SEC 1 ``ECPrivateKey`` (RFC 5915 §3, with or without ``parameters`` and
  ``publicKey``) ["EC PRIVATE KEY"; on input also OpenSSL 3's "SM2 PRIVATE KEY"]; PKCS#1
  ``RSAPrivateKey`` (RFC 8017 A.1.2, two primes) ["RSA PRIVATE KEY"]; raw for
  Ed25519/Ed448/X25519/X448. A DSA key in PKCS#8 is its x, an INTEGER in the privateKey
  OCTET STRING (as OpenSSL writes it; y = g^x mod p is computed on loading).
- public: ``SubjectPublicKeyInfo`` (RFC 5280 §4.1.2.7; EC per RFC 5480 §2, the point
  compressed or not on input, uncompressed on output; RFC 8410 §4; RSA per RFC 3279 §2.3.1;
  DSA per RFC 3279 §2.3.2, y an INTEGER in the BIT STRING) ["PUBLIC KEY"]; PKCS#1
  ``RSAPublicKey`` ["RSA PUBLIC KEY"]; X9.62 points (compressed or uncompressed) for EC; raw
  for the RFC 8410 keys.
Algorithm identifiers: id-ecPublicKey 1.2.840.10045.2.1 with a namedCurve OID (RFC 5480),
id-X25519/X448/Ed25519/Ed448 1.3.101.110-113 with absent parameters (RFC 8410 §3),
rsaEncryption 1.2.840.113549.1.1.1 with NULL parameters (RFC 3279 §2.3.1; absent accepted),
id-dsa 1.2.840.10040.4.1 with Dss-Parms SEQUENCE { p, q, g } (RFC 3279 §2.3.2; required: a key
outside a certificate has no issuer to inherit them from).

Encrypted private keys: PKCS#8 ``EncryptedPrivateKeyInfo`` (RFC 5958 §3, "ENCRYPTED PRIVATE
KEY") with PBES2 (RFC 8018 §6.2): PBKDF2 with HMAC-SHA-1/224/256/384/512 and AES-128/192/256-CBC
(what OpenSSL 3 and pyca write; HMAC-SHA-1, the PRF's DEFAULT, only by leaving the field out,
as DER requires), read with ``password``, written with
``BestAvailableEncryption``. A wrong password raises ValueError, a missing one TypeError. They
need ``mpcrypto.kdf.pbkdf2`` and ``mpcrypto.cipher.aes`` (imported by name when used).
Not supported (UnsupportedAlgorithm): PBES1 and PKCS#12 PBE schemes, PBES2 with other
ciphers (3DES, ...), legacy PEM encryption (``Proc-Type: 4,ENCRYPTED``), RSASSA-PSS keys
(id-RSASSA-PSS) and multi-prime RSA; writing DH keys (``mpcrypto.pk.dh``) and a DSA key as
TraditionalOpenSSL (OpenSSL's "DSA PRIVATE KEY"). On input those two are not recognised
(ValueError, as for any unknown algorithm or structure).
Explicit EC domain parameters (``ECParameters``) raise ValueError, as in pyca. OpenSSH formats
are not read. The writers tell a key's kind by its class (EC, RSA, DSA, DH, RFC 8410); any
other object raises TypeError.

Validation (ValueError): every DER rule of ``mpcrypto.keys.der`` (minimal lengths and
integers, no indefinite length, no trailing data at any level), unknown algorithm or curve
OIDs, parameters that must be absent or NULL, versions, EC points (on the curve, in range,
in the subgroup: ``ec.from_encoded_point``), EC scalars in 1..n-1 of at most nsize octets,
an EC or RFC 8410 public key stored beside a private key that is not its public key, an
EC curve named twice differently (PKCS#8 and its ECPrivateKey), RSA: 3 <= e < n, e odd,
n odd, and for a private key n = p q, d < n, dP = d mod (p-1), dQ = d mod (q-1),
e dP = 1 mod (p-1), e dQ = 1 mod (q-1), q qInv = 1 mod p; DSA: the checks of
``mpcrypto.pk.dsa`` (p of 1024..4096 and q of 160/224/256 bits, q | p - 1, 1 < g < p,
0 < x < q, 1 < y < p - 1), a v2 public key equal to g^x mod p. A PEM text:
``mpcrypto.keys.pem``.
A password given for a key that is not encrypted: TypeError (as pyca).

Memory: loading a key allocates mostly for its checks (an EC public key's point validation,
the scalar multiplication that checks an EC private key's public key, an RSA key's
consistency checks), for the key object and, from a PEM text, for the PEM decoding.
The DER reader makes no tree: offsets into one memoryview of the input, INTEGERs read from
it without a copy of their octets.

Constant time: parsing is not constant time. An EC private scalar goes from the buffer to
the key object as bytes (``ec.private_key_from_bytes``), then as the key class does.
"""

import sys

from mpcrypto._util import as_bytes, resolve_rng
from mpcrypto.exceptions import UnsupportedAlgorithm
from mpcrypto.keys import der, pem

_SEQ = der.SEQUENCE

# Algorithm OIDs (dotted strings, compared after decoding).
OID_EC = "1.2.840.10045.2.1"  # id-ecPublicKey, RFC 5480 §2.1.1
OID_RSA = "1.2.840.113549.1.1.1"  # rsaEncryption, RFC 3279 §2.3.1
OID_RSA_PSS = "1.2.840.113549.1.1.10"  # id-RSASSA-PSS, RFC 4055 §3.1
OID_DSA = "1.2.840.10040.4.1"  # id-dsa, RFC 3279 §2.3.2

# The key modules, imported by name on first use. RFC 8410 §3: OID, module, class prefix.
_EC_MOD = "mpcrypto.ec.ec"
_CURVES_MOD = "mpcrypto.ec.curves"
_RSA_MOD = "mpcrypto.pk.rsa"
_DSA_MOD = "mpcrypto.pk.dsa"
_DH_MOD = "mpcrypto.pk.dh"
_NO_FORMATS = ("dh",)  # key kinds this module has no format for
_OKP = (
    ("1.3.101.110", "mpcrypto.ec.x25519", "X25519"),
    ("1.3.101.111", "mpcrypto.ec.x448", "X448"),
    ("1.3.101.112", "mpcrypto.ec.ed25519", "Ed25519"),
    ("1.3.101.113", "mpcrypto.ec.ed448", "Ed448"),
)


class Encoding:
    DER = "DER"
    PEM = "PEM"
    Raw = "Raw"
    X962 = "ANSI X9.62"


class PrivateFormat:
    PKCS8 = "PKCS8"
    TraditionalOpenSSL = "TraditionalOpenSSL"
    Raw = "Raw"


class PublicFormat:
    SubjectPublicKeyInfo = "SubjectPublicKeyInfo"
    PKCS1 = "PKCS1"
    Raw = "Raw"
    UncompressedPoint = "X9.62 Uncompressed Point"
    CompressedPoint = "X9.62 Compressed Point"


class NoEncryption:
    """``private_bytes`` writes the key in the clear."""


class BestAvailableEncryption:
    """``private_bytes`` writes an ``EncryptedPrivateKeyInfo`` (PKCS#8 only): PBES2 with
    PBKDF2-HMAC-SHA256 (``ITERATIONS``, a 16-byte salt) and AES-256-CBC (RFC 8018 §6.2),
    salt and IV from ``rng`` (default: the board's entropy source, ``_util.resolve_rng``)."""

    def __init__(self, password, rng=None):
        password = as_bytes(password)
        if not password:
            raise ValueError("empty password")
        self.password = password
        self.rng = rng


ITERATIONS = 2048  # OpenSSL 3's PKCS5_DEFAULT_ITER; each costs two hash compressions
MAX_ITERATIONS = 10000000  # refused above this on load (a key file must not stall a device)
OID_PBES2 = "1.2.840.113549.1.5.13"  # RFC 8018 A.4
OID_PBKDF2 = "1.2.840.113549.1.5.12"  # RFC 8018 A.2
_PRF = {"1.2.840.113549.2.7": "sha1", "1.2.840.113549.2.8": "sha224", "1.2.840.113549.2.9": "sha256",
        "1.2.840.113549.2.10": "sha384", "1.2.840.113549.2.11": "sha512"}  # RFC 8018 B.1
_AES_CBC = {"2.16.840.1.101.3.4.1.2": 16, "2.16.840.1.101.3.4.1.22": 24,
            "2.16.840.1.101.3.4.1.42": 32}  # RFC 8018 B.2.5 (NIST aes*-CBC, IV as parameters)
_AES256_CBC = "2.16.840.1.101.3.4.1.42"
_SHA256_PRF = "1.2.840.113549.2.9"
_SHA1_PRF = "1.2.840.113549.2.7"


def _mod(name):
    try:
        return __import__(name, None, None, ("x",))
    except ImportError:
        raise UnsupportedAlgorithm(name + " not available")


def _okp_by_oid(oid):
    for entry in _OKP:
        if entry[0] == oid:
            return entry
    return None


def _buf(data):
    return memoryview(as_bytes(data))


def _curve_at(buf, i, end):
    # The namedCurve OID at buf[i] (RFC 5480 §2.1.1: ECParameters ::= CHOICE { namedCurve
    # OBJECT IDENTIFIER, ... }): the curve object and the next index.
    t = der.peek(buf, i, end)
    if t == _SEQ:
        raise ValueError("explicit EC parameters not supported")
    if t != der.OID:
        raise ValueError("EC parameters must be a named curve")
    oid, i = der.oid(buf, i, end)
    curves = _mod(_CURVES_MOD)
    c = curves.by_oid(oid)
    if not isinstance(c, curves.Weierstrass):
        raise ValueError("not a Weierstrass curve OID")
    return c, i


def _alg_id(buf, i, end):
    # AlgorithmIdentifier (RFC 5280 §4.1.1.2) at buf[i]: (oid, params start, params end,
    # next index).
    s, e = der.expect(buf, i, end, _SEQ)
    oid, j = der.oid(buf, s, e)
    if oid == OID_RSA_PSS:
        raise UnsupportedAlgorithm("RSASSA-PSS keys not supported")
    return oid, j, e, e


def _no_params(buf, j, e):
    der.done(j, e)  # RFC 8410 §3: parameters MUST be absent


def _null_params(buf, j, e):
    # RFC 3279 §2.3.1: NULL; an absent field is accepted too (RFC 4055 §1.2 notes both).
    if j < e:
        j = der.null(buf, j, e)
    der.done(j, e)


# -- RSA ------------------------------------------------------------------------------------


def _rsa_public_check(n, e):
    if n < 3 or not n & 1:
        raise ValueError("RSA modulus must be odd")
    if e < 3 or not e & 1 or e >= n:
        raise ValueError("RSA public exponent out of range")


def _rsa_public(buf, i, end):
    # RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER } (RFC 8017 A.1.1)
    s, e = der.expect(buf, i, end, _SEQ)
    der.done(e, end)
    n, j = der.uint(buf, s, e)
    pe, j = der.uint(buf, j, e)
    der.done(j, e)
    _rsa_public_check(n, pe)
    return _mod(_RSA_MOD).RSAPublicNumbers(pe, n).public_key()


def _rsa_private(buf, i, end):
    # RSAPrivateKey (RFC 8017 A.1.2): version 0 (two primes), n, e, d, p, q, dP, dQ, qInv.
    s, e = der.expect(buf, i, end, _SEQ)
    der.done(e, end)
    ver, j = der.small_uint(buf, s, e)
    if ver == 1:
        raise UnsupportedAlgorithm("multi-prime RSA not supported")
    if ver != 0:
        raise ValueError("bad RSAPrivateKey version")
    v = []
    for _ in range(8):
        x, j = der.uint(buf, j, e)
        v.append(x)
    der.done(j, e)
    n, pe, d, p, q, dp, dq, qi = v
    _rsa_public_check(n, pe)
    if p < 3 or q < 3 or p * q != n or not 0 < d < n:
        raise ValueError("inconsistent RSA private key")
    if d % (p - 1) != dp or d % (q - 1) != dq or (pe * dp) % (p - 1) != 1 or (pe * dq) % (q - 1) != 1:
        raise ValueError("inconsistent RSA private key")
    if not 0 < qi < p or (q * qi) % p != 1:
        raise ValueError("inconsistent RSA private key")
    rsa = _mod(_RSA_MOD)
    return rsa.RSAPrivateNumbers(p, q, d, dp, dq, qi, rsa.RSAPublicNumbers(pe, n)).private_key()


def _rsa_private_der(key):
    pn = key.private_numbers()
    pub = pn.public_numbers
    return der.seq(der.integer(0), der.integer(pub.n), der.integer(pub.e), der.integer(pn.d),
                   der.integer(pn.p), der.integer(pn.q), der.integer(pn.dmp1), der.integer(pn.dmq1),
                   der.integer(pn.iqmp))


def _rsa_public_der(key):
    pub = key.public_numbers()
    return der.seq(der.integer(pub.n), der.integer(pub.e))


_RSA_ALG = der.seq(der.oid_value(OID_RSA), der.null_value())


# -- DSA ------------------------------------------------------------------------------------


def _dsa_params(buf, ps, pe):
    # The parameters of an id-dsa AlgorithmIdentifier (RFC 3279 §2.3.2): Dss-Parms ::=
    # SEQUENCE { p INTEGER, q INTEGER, g INTEGER }, as DSAParameters (whose checks raise
    # ValueError). §2.3.2 lets a certificate leave them out (the issuer's apply); a key on
    # its own has nothing to inherit them from, so here they are required, and never NULL
    # ("the AlgorithmIdentifier MUST NOT include NULL").
    if ps == pe:
        raise ValueError("DSA parameters missing")
    if der.peek(buf, ps, pe) != _SEQ:
        raise ValueError("DSA parameters must be Dss-Parms")
    s, e = der.expect(buf, ps, pe, _SEQ)
    der.done(e, pe)
    p, j = der.uint(buf, s, e)
    q, j = der.uint(buf, j, e)
    g, j = der.uint(buf, j, e)
    der.done(j, e)
    return _mod(_DSA_MOD).DSAParameterNumbers(p, q, g).parameters()


def _int_only(buf, s, e):
    # The non-negative INTEGER that fills buf[s:e] (RFC 3279 §2.3.2 DSAPublicKey ::= INTEGER;
    # the PKCS#8 privateKey of a DSA key: an INTEGER x, as OpenSSL writes it).
    v, j = der.uint(buf, s, e)
    der.done(j, e)
    return v


def _dsa_public(buf, bs, be, params):
    dsa = _mod(_DSA_MOD)
    # DSAPublicKey checks 1 < y < p - 1
    return dsa.DSAPublicKey(dsa.DSAPublicNumbers(_int_only(buf, bs, be), params.parameter_numbers()), params)


def _dsa_alg(key):
    pn = key.parameters().parameter_numbers()
    return der.seq(der.oid_value(OID_DSA), der.seq(der.integer(pn.p), der.integer(pn.q), der.integer(pn.g)))


# -- EC -------------------------------------------------------------------------------------


def _ec_check_pub(key, pub):
    # A public key stored beside a private key must be that key's public key.
    ec = _mod(_EC_MOD)
    if ec.from_encoded_point(key.curve, pub) != key.public_key():
        raise ValueError("public key does not match private key")


def _sec1(buf, i, end, curve):
    # ECPrivateKey (RFC 5915 §3): SEQUENCE { version INTEGER 1, privateKey OCTET STRING,
    # [0] ECParameters OPTIONAL, [1] BIT STRING publicKey OPTIONAL }. ``curve``: the one an
    # enclosing PKCS#8 named, or None.
    s, e = der.expect(buf, i, end, _SEQ)
    der.done(e, end)
    ver, j = der.small_uint(buf, s, e)
    if ver != 1:
        raise ValueError("bad ECPrivateKey version")
    ds, de, j = der.octet_string(buf, j, e)
    if der.peek(buf, j, e) == 0xA0:
        ps, pe = der.expect(buf, j, e, 0xA0)
        c, k = _curve_at(buf, ps, pe)
        der.done(k, pe)
        if curve is not None and c.name != curve.name:
            raise ValueError("EC curve mismatch")
        curve = c
        j = pe
    pub = None
    if der.peek(buf, j, e) == 0xA1:
        ps, pe = der.expect(buf, j, e, 0xA1)
        bs, be, k = der.bit_string(buf, ps, pe)
        der.done(k, pe)
        pub = bytes(buf[bs:be])
        j = pe
    der.done(j, e)
    if curve is None:
        raise ValueError("EC private key names no curve")
    n = de - ds
    if n == 0 or n > curve.nsize:
        raise ValueError("bad EC private key length")
    key = _mod(_EC_MOD).private_key_from_bytes(curve, bytes(curve.nsize - n) + bytes(buf[ds:de]))
    if pub is not None:
        _ec_check_pub(key, pub)
    return key


def _ec_alg(curve):
    return der.seq(der.oid_value(OID_EC), der.oid_value(curve.oid))


def _sec1_der(key, params):
    c = key.curve
    parts = [der.integer(1), der.octets(key.private_bytes())]
    if params:
        parts.append(der.tlv(0xA0, der.oid_value(c.oid)))
    parts.append(der.tlv(0xA1, der.bits(key.public_key().public_bytes(False))))
    return der.seq(*parts)


# -- loading --------------------------------------------------------------------------------


def _pkcs8(buf, ver, i, e):
    # PrivateKeyInfo / OneAsymmetricKey (RFC 5208 §5, RFC 5958 §2) after its version.
    if ver > 1:
        raise ValueError("bad PKCS#8 version")
    oid, ps, pe, i = _alg_id(buf, i, e)
    ks, ke, i = der.octet_string(buf, i, e)
    if der.peek(buf, i, e) == 0xA0:  # attributes [0] IMPLICIT SET: skipped
        i = der.read(buf, i, e)[2]
    pub = None
    if der.peek(buf, i, e) == 0x81:  # publicKey [1] IMPLICIT BIT STRING, v2 only
        if ver != 1:
            raise ValueError("PKCS#8 v1 with a public key")
        _, bs, be = der.read(buf, i, e)
        if bs >= be or buf[bs] != 0:
            raise ValueError("DER BIT STRING with unused bits")
        pub = bytes(buf[bs + 1:be])
        i = be
    der.done(i, e)
    if ver == 1 and pub is None:
        # RFC 5958 §2: "If publicKey is present, then version is set to v2 else version is
        # set to v1" (OpenSSL refuses a v2 without it too).
        raise ValueError("PKCS#8 v2 without a public key")
    if oid == OID_EC:
        curve, j = _curve_at(buf, ps, pe)
        der.done(j, pe)
        key = _sec1(buf, ks, ke, curve)
        if pub is not None:
            _ec_check_pub(key, pub)
        return key
    if oid == OID_RSA:
        _null_params(buf, ps, pe)
        if pub is not None:
            raise ValueError("PKCS#8 RSA key with a public key field")
        return _rsa_private(buf, ks, ke)
    if oid == OID_DSA:
        # x alone (0 < x < q, checked by derive_private_key); y = g^x mod p computed, and a
        # v2 public key (an INTEGER, as in SubjectPublicKeyInfo) must be that y.
        params = _dsa_params(buf, ps, pe)
        key = params.derive_private_key(_int_only(buf, ks, ke))
        if pub is not None and _int_only(memoryview(pub), 0, len(pub)) != key.public_key().public_numbers().y:
            raise ValueError("public key does not match private key")
        return key
    okp = _okp_by_oid(oid)
    if okp is None:
        raise ValueError("unknown private key algorithm")
    _no_params(buf, ps, pe)
    # RFC 8410 §7: CurvePrivateKey ::= OCTET STRING, inside the privateKey OCTET STRING.
    s, e2, j = der.octet_string(buf, ks, ke)
    der.done(j, ke)
    key = getattr(_mod(okp[1]), okp[2] + "PrivateKey").from_private_bytes(bytes(buf[s:e2]))
    if pub is not None and pub != key.public_key().public_bytes_raw():
        raise ValueError("public key does not match private key")
    return key


# -- encrypted PKCS#8 (RFC 5958 §3, PBES2 of RFC 8018 §6.2) -----------------------------------


def _pbes2_params(buf, i, end):
    # PBES2-params (RFC 8018 A.4) at buf[i:end]: (prf hash name, salt, iterations, key size,
    # iv). Only PBKDF2 with an HMAC-SHA PRF, and AES-CBC.
    s, e = der.expect(buf, i, end, _SEQ)
    der.done(e, end)
    k0, k1 = der.expect(buf, s, e, _SEQ)  # keyDerivationFunc
    oid, j = der.oid(buf, k0, k1)
    if oid != OID_PBKDF2:
        raise UnsupportedAlgorithm("key derivation not supported")
    q0, q1 = der.expect(buf, j, k1, _SEQ)  # PBKDF2-params (A.2)
    der.done(q1, k1)
    ss, se, j = der.octet_string(buf, q0, q1)  # salt: the "specified" choice only
    iters, j = der.uint(buf, j, q1)
    klen = None
    if der.peek(buf, j, q1) == der.INTEGER:
        klen, j = der.uint(buf, j, q1)
    prf = "sha1"  # DEFAULT algid-hmacWithSHA1
    if j < q1:
        r0, r1 = der.expect(buf, j, q1, _SEQ)
        poid, m = der.oid(buf, r0, r1)
        if poid == _SHA1_PRF:
            # X.690 §11.5: DER does not encode a component equal to its DEFAULT value (here
            # algid-hmacWithSHA1, RFC 8018 A.2); OpenSSL leaves it out when it writes one.
            raise ValueError("DER default value encoded")
        _null_params(buf, m, r1)
        prf = _PRF.get(poid)
        if prf is None:
            raise UnsupportedAlgorithm("PBKDF2 PRF not supported")
        j = r1
    der.done(j, q1)
    c0, c1 = der.expect(buf, k1, e, _SEQ)  # encryptionScheme
    der.done(c1, e)
    oid, m = der.oid(buf, c0, c1)
    size = _AES_CBC.get(oid)
    if size is None:
        raise UnsupportedAlgorithm("PBES2 cipher not supported")
    vs, ve, m = der.octet_string(buf, m, c1)
    der.done(m, c1)
    if ve - vs != 16 or (klen is not None and klen != size) or not 0 < iters <= MAX_ITERATIONS:
        raise ValueError("bad PBES2 parameters")
    return prf, bytes(buf[ss:se]), iters, size, bytes(buf[vs:ve])


def _decrypt(buf, s, e, password):
    # The PrivateKeyInfo inside the EncryptedPrivateKeyInfo whose contents are buf[s:e].
    if password is None:
        raise TypeError("password required: the key is encrypted")
    password = as_bytes(password)
    a0, a1 = der.expect(buf, s, e, _SEQ)
    oid, j = der.oid(buf, a0, a1)
    if oid != OID_PBES2:
        raise UnsupportedAlgorithm("only PBES2 encrypted keys are supported")
    prf, salt, iters, size, iv = _pbes2_params(buf, j, a1)
    cs, ce, i = der.octet_string(buf, a1, e)
    der.done(i, e)
    n = ce - cs
    if n == 0 or n & 15:
        raise ValueError("bad encrypted key length")
    key = _mod("mpcrypto.kdf.pbkdf2").pbkdf2_hmac(prf, password, salt, iters, size)
    aes = _mod("mpcrypto.cipher.aes")
    pt = aes.aes(key, aes.MODE_CBC, iv).decrypt(bytes(buf[cs:ce]))
    # PKCS#5 padding (RFC 8018 §6.1.1 step 4): 1..16 bytes, each the pad length. A wrong
    # password almost always fails here, else in the DER that follows: ValueError both ways.
    pad = pt[n - 1]
    bad = pad == 0 or pad > 16
    for k in range(n - min(pad, 16), n):
        bad |= pt[k] != pad
    if bad:
        raise ValueError("bad decrypt: wrong password?")
    return memoryview(pt)[:n - pad]


def _encrypt(der_key, enc):
    rng = resolve_rng(enc.rng)
    salt = bytes(rng(16))
    iv = bytes(rng(16))
    if len(salt) != 16 or len(iv) != 16:
        raise ValueError("rng returned wrong length")
    key = _mod("mpcrypto.kdf.pbkdf2").pbkdf2_hmac("sha256", enc.password, salt, ITERATIONS, 32)
    pad = 16 - (len(der_key) & 15)
    aes = _mod("mpcrypto.cipher.aes")
    ct = aes.aes(key, aes.MODE_CBC, iv).encrypt(der_key + bytes((pad,)) * pad)
    kdf = der.seq(der.oid_value(OID_PBKDF2), der.seq(der.octets(salt), der.integer(ITERATIONS),
                                                      der.seq(der.oid_value(_SHA256_PRF), der.null_value())))
    alg = der.seq(der.oid_value(OID_PBES2), der.seq(kdf, der.seq(der.oid_value(_AES256_CBC), der.octets(iv))))
    return der.seq(alg, der.octets(ct))


def _private(buf, form, password=None):
    # form: None (any DER private key), "pkcs8", "sec1" or "pkcs1" (a PEM label's).
    end = len(buf)
    s, e = der.expect(buf, 0, end, _SEQ)
    der.done(e, end)
    if der.peek(buf, s, e) == _SEQ and form in (None, "pkcs8", "encrypted"):
        # EncryptedPrivateKeyInfo (RFC 5958 §3): SEQUENCE { AlgorithmIdentifier, OCTET STRING }
        # (a SubjectPublicKeyInfo has a BIT STRING there).
        i = der.expect(buf, s, e, _SEQ)[1]
        if der.peek(buf, i, e) != der.OCTET_STRING:
            raise ValueError("not a private key")
        inner = _decrypt(buf, s, e, password)
        try:
            return _private(inner, "pkcs8")
        except (ValueError, TypeError):  # (TypeError: an encrypted key inside)
            raise ValueError("bad decrypt: wrong password?")
    if form == "encrypted":
        raise ValueError("not an encrypted private key")
    ver, i = der.small_uint(buf, s, e)
    t = der.peek(buf, i, e)
    if t == _SEQ and form in (None, "pkcs8"):
        key = _pkcs8(buf, ver, i, e)
    elif t == der.OCTET_STRING and ver == 1 and form in (None, "sec1"):
        key = _sec1(buf, 0, end, None)
    elif t == der.INTEGER and form in (None, "pkcs1"):
        key = _rsa_private(buf, 0, end)
    else:
        raise ValueError("not a private key of a supported format")
    if password is not None:
        raise TypeError("password given but the key is not encrypted")
    return key


def load_der_private_key(data, password=None):
    """A private key from DER: PKCS#8 (encrypted with PBES2 when ``password`` is given), SEC 1
    ECPrivateKey (with its curve) or PKCS#1."""
    return _private(_buf(data), None, password)


# "SM2 PRIVATE KEY": OpenSSL 3's label for the SEC 1 form of a key on the SM2 curve.
_PRIV_LABELS = ("PRIVATE KEY", "EC PRIVATE KEY", "RSA PRIVATE KEY", "SM2 PRIVATE KEY", "ENCRYPTED PRIVATE KEY")
_PRIV_FORMS = {"PRIVATE KEY": "pkcs8", "EC PRIVATE KEY": "sec1", "RSA PRIVATE KEY": "pkcs1", "SM2 PRIVATE KEY": "sec1",
               "ENCRYPTED PRIVATE KEY": "encrypted"}


def load_pem_private_key(data, password=None):
    """A private key from the first PEM block labelled "PRIVATE KEY" (PKCS#8), "EC PRIVATE
    KEY" or "SM2 PRIVATE KEY" (SEC 1) or "RSA PRIVATE KEY" (PKCS#1); the DER must be the
    label's format."""
    label, raw = pem.decode(data, _PRIV_LABELS)
    return _private(memoryview(raw), _PRIV_FORMS[label], password)


def _spki(buf, i, end):
    # SubjectPublicKeyInfo (RFC 5280 §4.1.2.7): SEQUENCE { algorithm, subjectPublicKey BIT STRING }.
    s, e = der.expect(buf, i, end, _SEQ)
    der.done(e, end)
    oid, ps, pe, j = _alg_id(buf, s, e)
    bs, be, j = der.bit_string(buf, j, e)
    der.done(j, e)
    if oid == OID_EC:
        curve, k = _curve_at(buf, ps, pe)
        der.done(k, pe)
        return _mod(_EC_MOD).from_encoded_point(curve, bytes(buf[bs:be]))
    if oid == OID_RSA:
        _null_params(buf, ps, pe)
        return _rsa_public(buf, bs, be)
    if oid == OID_DSA:
        return _dsa_public(buf, bs, be, _dsa_params(buf, ps, pe))
    okp = _okp_by_oid(oid)
    if okp is None:
        raise ValueError("unknown public key algorithm")
    _no_params(buf, ps, pe)
    return getattr(_mod(okp[1]), okp[2] + "PublicKey").from_public_bytes(bytes(buf[bs:be]))


def _public(buf, form):
    end = len(buf)
    s, e = der.expect(buf, 0, end, _SEQ)
    t = der.peek(buf, s, e)
    if t == _SEQ and form in (None, "spki"):
        return _spki(buf, 0, end)
    if t == der.INTEGER and form in (None, "pkcs1"):
        return _rsa_public(buf, 0, end)
    raise ValueError("not a public key of a supported format")


def load_der_public_key(data):
    """A public key from DER: SubjectPublicKeyInfo or PKCS#1 RSAPublicKey."""
    return _public(_buf(data), None)


def load_pem_public_key(data):
    """A public key from the first PEM block labelled "PUBLIC KEY" (SubjectPublicKeyInfo) or
    "RSA PUBLIC KEY" (PKCS#1)."""
    label, raw = pem.decode(data, ("PUBLIC KEY", "RSA PUBLIC KEY"))
    return _public(memoryview(raw), "spki" if label == "PUBLIC KEY" else "pkcs1")


# -- writing --------------------------------------------------------------------------------


# Key classes by module (module, private class, public class, kind): a key is told by its
# class, never by its attributes (a DSA or DH key has private_numbers() too).
_CLASSES = (
    (_EC_MOD, "EllipticCurvePrivateKey", "EllipticCurvePublicKey", "ec"),
    (_RSA_MOD, "RSAPrivateKey", "RSAPublicKey", "rsa"),
    (_DSA_MOD, "DSAPrivateKey", "DSAPublicKey", "dsa"),
    (_DH_MOD, "DHPrivateKey", "DHPublicKey", "dh"),
)


def _kind(key):
    # ("ec" | "rsa" | "dsa" | okp entry, is_private), from the key's class; only modules
    # already imported are looked at (a key's own module always is). TypeError for anything
    # that is not a key of ours; UnsupportedAlgorithm for a key of a kind without formats.
    mods = sys.modules
    for name, priv, pub, kind in _CLASSES:
        m = mods.get(name)
        if m is None:
            continue
        is_priv = isinstance(key, getattr(m, priv))
        if is_priv or isinstance(key, getattr(m, pub)):
            if kind in _NO_FORMATS:
                raise UnsupportedAlgorithm(kind.upper() + " key formats not supported")
            return kind, is_priv
    for entry in _OKP:
        m = mods.get(entry[1])
        if m is not None:
            if isinstance(key, getattr(m, entry[2] + "PrivateKey")):
                return entry, True
            if isinstance(key, getattr(m, entry[2] + "PublicKey")):
                return entry, False
    raise TypeError("not a key of a supported type")


def _armour(der_bytes, encoding, label):
    if encoding == Encoding.DER:
        return der_bytes
    if encoding == Encoding.PEM:
        return pem.encode(der_bytes, label)
    raise ValueError("encoding not valid for this format")


def private_bytes(key, encoding, format, encryption_algorithm=None):
    """The private ``key`` serialised: ``format`` PKCS8 (DER or PEM), TraditionalOpenSSL (SEC 1
    for EC, PKCS#1 for RSA; DER or PEM) or Raw (Encoding.Raw; RFC 8410 keys).
    ``encryption_algorithm``: ``NoEncryption()`` (or None), or ``BestAvailableEncryption(pw)``
    with PKCS8 (PBES2, see that class)."""
    enc = encryption_algorithm
    if enc is not None and not isinstance(enc, (NoEncryption, BestAvailableEncryption)):
        raise UnsupportedAlgorithm("encryption not supported")
    if isinstance(enc, NoEncryption):
        enc = None
    kind, is_priv = _kind(key)
    if not is_priv:
        raise TypeError("private key required")
    if format == PrivateFormat.Raw or encoding == Encoding.Raw:
        if format != PrivateFormat.Raw or encoding != Encoding.Raw or not isinstance(kind, tuple) or enc:
            raise ValueError("Raw needs Encoding.Raw, PrivateFormat.Raw, NoEncryption and an RFC 8410 key")
        return key.private_bytes_raw()
    if format == PrivateFormat.PKCS8:
        if kind == "ec":
            alg, body = _ec_alg(key.curve), _sec1_der(key, False)
        elif kind == "rsa":
            alg, body = _RSA_ALG, _rsa_private_der(key)
        elif kind == "dsa":
            alg, body = _dsa_alg(key), der.integer(key.private_numbers().x)
        else:
            alg, body = der.seq(der.oid_value(kind[0])), der.octets(key.private_bytes_raw())
        info = der.seq(der.integer(0), alg, der.octets(body))
        if enc is not None:
            return _armour(_encrypt(info, enc), encoding, "ENCRYPTED PRIVATE KEY")
        return _armour(info, encoding, "PRIVATE KEY")
    if enc is not None:
        raise UnsupportedAlgorithm("encryption only for PKCS8 (legacy PEM encryption not supported)")
    if format == PrivateFormat.TraditionalOpenSSL:
        if kind == "ec":
            return _armour(_sec1_der(key, True), encoding, "EC PRIVATE KEY")
        if kind == "rsa":
            return _armour(_rsa_private_der(key), encoding, "RSA PRIVATE KEY")
        if kind == "dsa":
            raise UnsupportedAlgorithm("TraditionalOpenSSL DSA keys not supported: use PKCS8")
        raise ValueError("TraditionalOpenSSL not defined for this key type")
    raise ValueError("unknown private format")


def public_bytes(key, encoding, format):
    """The public ``key`` serialised: ``format`` SubjectPublicKeyInfo (DER or PEM), PKCS1
    (RSA; DER or PEM), UncompressedPoint / CompressedPoint (Encoding.X962; EC) or Raw
    (Encoding.Raw; RFC 8410 keys)."""
    kind, is_priv = _kind(key)
    if is_priv:
        raise TypeError("public key required")
    if format == PublicFormat.Raw or encoding == Encoding.Raw:
        if format != PublicFormat.Raw or encoding != Encoding.Raw or not isinstance(kind, tuple):
            raise ValueError("Raw needs Encoding.Raw, PublicFormat.Raw and an RFC 8410 key")
        return key.public_bytes_raw()
    if format in (PublicFormat.UncompressedPoint, PublicFormat.CompressedPoint) or encoding == Encoding.X962:
        if encoding != Encoding.X962 or kind != "ec" or format not in (PublicFormat.UncompressedPoint,
                                                                        PublicFormat.CompressedPoint):
            raise ValueError("X962 needs an EC key and a point format")
        return key.public_bytes(format == PublicFormat.CompressedPoint)
    if format == PublicFormat.SubjectPublicKeyInfo:
        if kind == "ec":
            alg, bits = _ec_alg(key.curve), key.public_bytes(False)
        elif kind == "rsa":
            alg, bits = _RSA_ALG, _rsa_public_der(key)
        elif kind == "dsa":
            alg, bits = _dsa_alg(key), der.integer(key.public_numbers().y)
        else:
            alg, bits = der.seq(der.oid_value(kind[0])), key.public_bytes_raw()
        return _armour(der.seq(alg, der.bits(bits)), encoding, "PUBLIC KEY")
    if format == PublicFormat.PKCS1:
        if kind != "rsa":
            raise ValueError("PKCS1 is for RSA keys")
        return _armour(_rsa_public_der(key), encoding, "RSA PUBLIC KEY")
    raise ValueError("unknown public format")
