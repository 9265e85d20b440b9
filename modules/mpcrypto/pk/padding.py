"""RSA padding objects (pyca's ``cryptography.hazmat.primitives.asymmetric.padding`` shapes) and
the encodings of RFC 8017 (PKCS #1 v2.2) they select.

- ``PKCS1v15()``: RSASSA-PKCS1-v1_5 (RFC 8017 8.2, EMSA-PKCS1-v1_5 9.2) for signatures,
  RSAES-PKCS1-v1_5 (7.2) for encryption.
- ``PSS(mgf, salt_length)``: RSASSA-PSS (8.1, EMSA-PSS 9.1). ``salt_length``: a byte count,
  ``PSS.DIGEST_LENGTH`` (the hash's size), ``PSS.MAX_LENGTH`` (the longest that fits:
  emLen - hLen - 2) or, for verification only, ``PSS.AUTO`` (whatever the signature holds).
- ``OAEP(mgf, algorithm, label=None)``: RSAES-OAEP (7.1). ``label`` (7.1.1's L): any
  bytes-like object, or None for the empty label; anything else (str, int, a list, ...)
  raises TypeError.
- ``MGF1(algorithm)``: the mask generation function of B.2.1.

Hashes are names or classes as ``mpcrypto.hash.names.hash_class`` takes them ("sha256",
"SHA-384", ``mpcrypto.hash.sha256.sha256``; "sha1" where the firmware has it).

Constant time: OAEP decoding and PKCS #1 v1.5 decryption check the whole encoded message with
masks on small ints and raise one ValueError("Decryption failed") for every defect, after
the same work (no padding oracle: Bleichenbacher 1998, Manger 2001). The returned slice's
position is the only data-dependent step, after the check.
"""

from mpcrypto._ct import ct_eq
from mpcrypto._util import as_bytes, digest as _digest
from mpcrypto.hash.names import hash_class


class MGF1:
    def __init__(self, algorithm):
        self._algorithm = algorithm
        self.hashcls = hash_class(algorithm)


class PKCS1v15:
    name = "EMSA-PKCS1-v1_5"


class _Auto:
    pass


class _Max:
    pass


class _Digest:
    pass


class PSS:
    name = "EMSA-PSS"
    MAX_LENGTH = _Max()
    AUTO = _Auto()
    DIGEST_LENGTH = _Digest()

    def __init__(self, mgf, salt_length):
        if not isinstance(mgf, MGF1):
            raise TypeError("mgf must be MGF1")
        if not (type(salt_length) is int or salt_length in (PSS.MAX_LENGTH, PSS.AUTO, PSS.DIGEST_LENGTH)):
            raise TypeError("salt_length must be an int or a PSS constant")
        if type(salt_length) is int and salt_length < 0:
            raise ValueError("salt_length must be >= 0")
        self._mgf = mgf
        self._salt_length = salt_length

    @property
    def mgf(self):
        return self._mgf


class OAEP:
    name = "EME-OAEP"

    def __init__(self, mgf, algorithm, label=None):
        if not isinstance(mgf, MGF1):
            raise TypeError("mgf must be MGF1")
        self._mgf = mgf
        self._algorithm = algorithm
        self.hashcls = hash_class(algorithm)
        # L is an octet string (RFC 8017 7.1.1): bytes(label) would take an int for a
        # length of zero bytes and a list of ints for their values, so the buffer rule of
        # _util applies (TypeError for anything that is not bytes-like).
        self._label = b"" if label is None else as_bytes(label)

    @property
    def mgf(self):
        return self._mgf


def _hash(hashcls, data):
    return _digest(hashcls, data)


def mgf1(hashcls, seed, length):
    """MGF1 (RFC 8017 B.2.1): Hash(seed || C) for C = 0, 1, .. as 4-byte counters."""
    out = bytearray()
    c = 0
    while len(out) < length:
        h = hashcls(seed)
        h.update(c.to_bytes(4, "big"))
        out += h.digest()
        c += 1
    return out[:length]


def _xor_into(a, b):
    for i in range(len(b)):
        a[i] ^= b[i]


# -- EMSA-PKCS1-v1_5 (RFC 8017 9.2) -----------------------------------------------------------

# DigestInfo prefixes (9.2 note 1): DER of SEQUENCE { SEQUENCE { OID, NULL }, OCTET STRING }
# for the hash OIDs: SHA-1 1.3.14.3.2.26; the SHA-2 and SHA-3 family 2.16.840.1.101.3.4.2.x.
_NIST_ARC = b"\x06\x09\x60\x86\x48\x01\x65\x03\x04\x02"
_OID = {
    "sha1": b"\x06\x05\x2b\x0e\x03\x02\x1a",
    "sha256": _NIST_ARC + b"\x01",
    "sha384": _NIST_ARC + b"\x02",
    "sha512": _NIST_ARC + b"\x03",
    "sha224": _NIST_ARC + b"\x04",
    "sha512_224": _NIST_ARC + b"\x05",
    "sha512_256": _NIST_ARC + b"\x06",
    "sha3_224": _NIST_ARC + b"\x07",
    "sha3_256": _NIST_ARC + b"\x08",
    "sha3_384": _NIST_ARC + b"\x09",
    "sha3_512": _NIST_ARC + b"\x0a",
}


def digest_info(hashcls, digest):
    oid = _OID.get(getattr(hashcls, "name", None))
    if oid is None:
        from mpcrypto.exceptions import UnsupportedAlgorithm

        raise UnsupportedAlgorithm("no DigestInfo for this hash")
    alg = b"\x30" + bytes([len(oid) + 2]) + oid + b"\x05\x00"
    body = alg + b"\x04" + bytes([len(digest)]) + digest
    return b"\x30" + bytes([len(body)]) + body


def pkcs1_sig_encode(hashcls, digest, k):
    t = digest_info(hashcls, digest)
    if k < len(t) + 11:
        raise ValueError("key too small for this hash")
    return b"\x00\x01" + b"\xff" * (k - len(t) - 3) + b"\x00" + t


# -- EMSA-PSS (RFC 8017 9.1) ---------------------------------------------------------------


def _salt_len(salt_length, hlen, emlen, signing):
    if salt_length is PSS.MAX_LENGTH:
        return emlen - hlen - 2
    if salt_length is PSS.DIGEST_LENGTH:
        return hlen
    if salt_length is PSS.AUTO:
        if signing:
            raise ValueError("PSS.AUTO is for verification only")
        return -1
    return salt_length


def pss_check(hlen, embits, salt_length):
    """The salt length of a PSS signature (9.1.1 step 3), or ValueError: the checks
    ``pss_encode`` makes, for a caller to make before it asks for an rng."""
    emlen = (embits + 7) >> 3
    slen = _salt_len(salt_length, hlen, emlen, True)
    if emlen < hlen + slen + 2:
        raise ValueError("salt too long for this key and hash")
    return slen


def pss_encode(mhash, embits, hashcls, mgfcls, salt_length, rng):
    # 9.1.1: EM of emLen = ceil(emBits / 8) bytes.
    hlen = len(mhash)
    emlen = (embits + 7) >> 3
    slen = pss_check(hlen, embits, salt_length)
    salt = rng(slen) if slen else b""
    h = hashcls(b"\x00" * 8)
    h.update(mhash)
    h.update(salt)
    H = h.digest()
    db = bytearray(emlen - hlen - 1)
    db[emlen - slen - hlen - 2] = 1
    db[emlen - slen - hlen - 1:] = salt
    _xor_into(db, mgf1(mgfcls, H, len(db)))
    db[0] &= 0xFF >> (8 * emlen - embits)
    return bytes(db) + H + b"\xbc"


def pss_verify(mhash, em, embits, hashcls, mgfcls, salt_length):
    # 9.1.2 on em (emLen bytes): True when consistent. Public data: early exits are fine.
    hlen = len(mhash)
    emlen = len(em)
    slen = _salt_len(salt_length, hlen, emlen, False)
    if emlen < hlen + (slen if slen > 0 else 0) + 2 or em[emlen - 1] != 0xBC:
        return False
    top = 8 * emlen - embits
    if em[0] & ~(0xFF >> top) & 0xFF:
        return False
    H = em[emlen - hlen - 1:emlen - 1]
    db = bytearray(em[:emlen - hlen - 1])
    _xor_into(db, mgf1(mgfcls, H, len(db)))
    db[0] &= 0xFF >> top
    i = 0
    while i < len(db) and db[i] == 0:
        i += 1
    if i == len(db) or db[i] != 1:
        return False
    if slen >= 0 and i != emlen - hlen - slen - 2:
        return False
    salt = db[i + 1:]
    h = hashcls(b"\x00" * 8)
    h.update(mhash)
    h.update(salt)
    return ct_eq(h.digest(), H)


# -- RSAES-OAEP (RFC 8017 7.1) and RSAES-PKCS1-v1_5 (7.2) --------------------------------------


def oaep_check(mlen, k, hashcls):
    """ValueError unless a message of ``mlen`` bytes fits OAEP with ``hashcls`` in a k-byte
    modulus (7.1.1 step 1b: mLen <= k - 2 hLen - 2; k < 2 hLen + 2 fits nothing)."""
    if mlen > k - 2 * hashcls.digest_size - 2:
        raise ValueError("message too long")


def oaep_encode(msg, k, hashcls, mgfcls, label, rng):
    oaep_check(len(msg), k, hashcls)
    lhash = _hash(hashcls, label)
    hlen = len(lhash)
    db = bytearray(lhash + b"\x00" * (k - len(msg) - 2 * hlen - 2) + b"\x01" + msg)
    seed = bytearray(rng(hlen))
    _xor_into(db, mgf1(mgfcls, seed, k - hlen - 1))
    _xor_into(seed, mgf1(mgfcls, db, hlen))
    return b"\x00" + bytes(seed) + bytes(db)


def oaep_decode(em, k, hashcls, mgfcls, label):
    # 7.1.2 step 3, constant time: every byte visited, one error.
    lhash = _hash(hashcls, label)
    hlen = len(lhash)
    if k < 2 * hlen + 2:
        raise ValueError("Decryption failed")
    seed = bytearray(em[1:hlen + 1])
    db = bytearray(em[hlen + 1:])
    _xor_into(seed, mgf1(mgfcls, db, hlen))
    _xor_into(db, mgf1(mgfcls, seed, k - hlen - 1))
    bad = em[0]
    for i in range(hlen):
        bad |= db[i] ^ lhash[i]
    # Find the 0x01 after the zero string: found becomes 1 at the first nonzero byte; that
    # byte must be 0x01; idx records its position (by mask).
    found = 0
    idx = 0
    for i in range(hlen, len(db)):
        b = db[i]
        nz = ((0 - b) >> 16) & 1  # 1 when b != 0
        first = nz & (found ^ 1)
        idx |= i & (0 - first)
        bad |= (b ^ 1) & (0 - first)
        found |= nz
    bad |= found ^ 1
    if bad:
        raise ValueError("Decryption failed")
    return bytes(db[idx + 1:])


def pkcs1_enc_check(mlen, k):
    """ValueError unless a message of ``mlen`` bytes fits RSAES-PKCS1-v1_5 in a k-byte
    modulus (7.2.1 step 1: mLen <= k - 11)."""
    if mlen > k - 11:
        raise ValueError("message too long")


def pkcs1_enc_encode(msg, k, rng):
    pkcs1_enc_check(len(msg), k)
    ps = bytearray()
    n = k - len(msg) - 3
    while len(ps) < n:
        for b in rng(n - len(ps)):
            if b:
                ps.append(b)
    return b"\x00\x02" + bytes(ps) + b"\x00" + msg


def pkcs1_enc_decode(em, k):
    # 7.2.2 step 3, constant time: EM = 00 02 PS 00 M with |PS| >= 8 and PS without zeros.
    bad = em[0] | (em[1] ^ 2)
    found = 0
    idx = 0
    for i in range(2, k):
        b = em[i]
        z = (((0 - b) >> 16) & 1) ^ 1  # 1 when b == 0
        first = z & (found ^ 1)
        idx |= i & (0 - first)
        found |= z
    bad |= found ^ 1
    bad |= ((idx - 10) >> 16) & 1  # idx < 10: PS shorter than 8 bytes
    if bad:
        raise ValueError("Decryption failed")
    return bytes(em[idx + 1:])
