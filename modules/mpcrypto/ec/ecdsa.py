"""ECDSA (SEC 1 v2 §4.1) with RFC 6979 deterministic nonces, DER and raw r||s encodings.

Use it through the key objects of ``mpcrypto.ec.ec`` (``sign`` / ``verify``); this module
holds the algorithm and the encodings:

- ``sign_digest(ctx, curve, d, digest, hashcls, extra=None)`` -> (r, s): SEC 1 §4.1.3 with
  k from RFC 6979 §3.2 (HMAC-DRBG over ``mpcrypto.mac.hmac`` with the message hash).
  ``extra`` (bytes) is the additional input k' of RFC 6979 §3.6: random bytes there give
  hedged signatures (deterministic=False in the key API).
- ``verify_digest(ctx, curve, x, y, digest, r, s)``: SEC 1 §4.1.4; raises InvalidSignature.
- ``encode_der`` / ``decode_der`` (``Ecdsa-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }``,
  strict DER: minimal lengths, minimal non-negative integers, nothing after the sequence),
  ``encode_raw`` / ``decode_raw`` (IEEE P1363: r and s, each exactly nsize bytes).
- ``hash_class(name_or_class)``: ``mpcrypto.hash.names.hash_class``, the one name table
  (sha224, sha256, sha384, sha512, sha512_224, sha512_256, sm3).

Hashes longer than n are truncated to the leftmost bit length of n (``bits2int``, RFC 6979
§2.3.2, SEC 1 §4.1.3 step 5).

Constant time: signing uses the regular ``mul_base`` of the arithmetic backend and its
constant-time inversion of k (viper: Fermat on limbs), or a blinded big-int inversion where
the backend has none (``sign_with_k``); e + r*d and the rest are big-int arithmetic (not
constant time in MicroPython, see ``weierstrass_python``). Verification handles public data only and is
variable time. Every malformed signature raises InvalidSignature, never another error.
"""

from mpcrypto.ec.field.bigint import inv_vt  # variable-time Euclid (public or blinded values)
from mpcrypto.exceptions import InvalidSignature
from mpcrypto.hash.names import hash_class  # noqa: F401 (part of this module's surface)


def bits2int(b, qlen):
    """RFC 6979 §2.3.2: the leftmost ``qlen`` bits of ``b`` as an integer."""
    x = int.from_bytes(b, "big")
    blen = len(b) * 8
    if blen > qlen:
        x >>= blen - qlen
    return x


def _keyed(hashcls, key):
    # An HMAC object keyed with ``key``; ``._mac(data)`` gives HMAC_key(data) without
    # changing it, so the key schedule is paid once per K, not once per HMAC.
    from mpcrypto.mac import hmac

    return hmac.new(key, None, digestmod=hashcls)


def rfc6979_nonces(curve, d, digest, hashcls, extra=None):
    """Generator of the RFC 6979 §3.2 candidates k in [1, n-1] (step h), for private key
    ``d`` and message hash ``digest``. ``extra``: additional data k' (§3.6)."""
    n = curve.n
    qlen = curve.nbits
    rlen = curve.nsize
    z = bits2int(digest, qlen)
    if z >= n:
        z -= n  # bits2octets (§2.3.4): z1 mod q, with z1 < 2^qlen < 2q
    seed = d.to_bytes(rlen, "big") + z.to_bytes(rlen, "big")
    if extra:
        seed += bytes(extra)
    hl = hashcls.digest_size
    V = b"\x01" * hl
    hk = _keyed(hashcls, b"\x00" * hl)
    hk = _keyed(hashcls, hk._mac(V + b"\x00" + seed))  # step d: K
    V = hk._mac(V)  # step e
    hk = _keyed(hashcls, hk._mac(V + b"\x01" + seed))  # step f: K
    V = hk._mac(V)  # step g
    while True:  # step h
        T = b""
        while len(T) * 8 < qlen:
            V = hk._mac(V)
            T += V
        k = bits2int(T, qlen)
        if 1 <= k < n:
            yield k
        hk = _keyed(hashcls, hk._mac(V + b"\x00"))
        V = hk._mac(V)


def sign_with_k(ctx, curve, d, e, k, blind=None):
    """SEC 1 §4.1.3 steps 1-6 for a given nonce k (known-answer tests use this directly).
    Returns (r, s), or None when r or s is 0 (the caller takes the next k).

    k^-1: the backend's constant-time ``ctx.inv_n(k)`` when it has one (the viper backend:
    Fermat on limbs). Otherwise, with ``blind`` (a secret value in [1, n-1] independent of k)
    it is blind * (k * blind)^-1 with the fast variable-time Euclid, whose running time then
    depends on k * blind, a uniformly distributed value that says nothing about k; without
    it, Fermat's pow(k, n - 2, n) (a fixed sequence of operations, 3-10x slower here)."""
    n = curve.n
    R = ctx.mul_base(k)
    if R is None:
        return None
    r = R[0] % n
    if r == 0:
        return None
    inv_n = getattr(ctx, "inv_n", None)
    if inv_n is not None:
        kinv = inv_n(k)
    elif blind is None:
        kinv = pow(k, n - 2, n)  # Fermat: n is prime
    else:
        kinv = inv_vt(k * blind % n, n) * blind % n
    s = kinv * ((e + r * d) % n) % n
    if s == 0:
        return None
    return r, s


def sign_digest(ctx, curve, d, digest, hashcls, extra=None):
    """Sign the hash ``digest`` with private scalar ``d``; returns (r, s). Without a
    constant-time ``ctx.inv_n``, the RFC 6979 candidate after k blinds the inversion of k;
    if (r, s) is rejected it becomes the next k, so the sequence of nonces is exactly
    RFC 6979's either way."""
    e = bits2int(digest, curve.nbits)
    gen = rfc6979_nonces(curve, d, digest, hashcls, extra)
    k = next(gen)
    ct_inv = getattr(ctx, "inv_n", None) is not None
    while True:
        b = None if ct_inv else next(gen)
        rs = sign_with_k(ctx, curve, d, e, k, b)
        if rs is not None:
            return rs
        k = next(gen) if ct_inv else b


def verify_digest(ctx, curve, x, y, digest, r, s):
    """SEC 1 §4.1.4 for public point (x, y); raises InvalidSignature unless (r, s) is valid."""
    n = curve.n
    if not (0 < r < n and 0 < s < n):
        raise InvalidSignature("r or s out of range")
    e = bits2int(digest, curve.nbits) % n
    inv_n = getattr(ctx, "inv_n", None)  # on limbs: no big-int Euclid (38 KB of heap at 256 bits)
    w = inv_n(s) if inv_n is not None else inv_vt(s, n)
    R = ctx.mul2(e * w % n, r * w % n, x, y)
    if R is None or R[0] % n != r:
        raise InvalidSignature("bad signature")


# -- encodings -------------------------------------------------------------------------


def _der_len(n):
    if n < 0x80:
        return bytes((n,))
    if n < 0x100:
        return bytes((0x81, n))
    return bytes((0x82, n >> 8, n & 0xFF))


def _der_int(x):
    # Minimal two's-complement encoding of x >= 0: a leading 0 only when the top bit is set.
    nb = 1
    while x >> (8 * nb):
        nb += 1
    b = x.to_bytes(nb, "big")
    if b[0] & 0x80:
        b = b"\x00" + b
    return b"\x02" + _der_len(len(b)) + b


def encode_der(r, s):
    body = _der_int(r) + _der_int(s)
    return b"\x30" + _der_len(len(body)) + body


def _read_len(sig, i):
    # Strict DER length at sig[i]; returns (length, next index). Raises InvalidSignature.
    if i >= len(sig):
        raise InvalidSignature("truncated")
    b = sig[i]
    if b < 0x80:
        return b, i + 1
    if b == 0x81:
        if i + 1 >= len(sig) or sig[i + 1] < 0x80:
            raise InvalidSignature("bad length")
        return sig[i + 1], i + 2
    if b == 0x82:
        if i + 2 >= len(sig) or sig[i + 1] == 0:
            raise InvalidSignature("bad length")
        return (sig[i + 1] << 8) | sig[i + 2], i + 3
    raise InvalidSignature("bad length")


def _read_int(sig, i, end):
    if i >= end or sig[i] != 0x02:
        raise InvalidSignature("not an INTEGER")
    ln, i = _read_len(sig, i + 1)
    if ln == 0 or i + ln > end:
        raise InvalidSignature("bad INTEGER")
    if sig[i] & 0x80:
        raise InvalidSignature("negative")
    if ln > 1 and sig[i] == 0 and not sig[i + 1] & 0x80:
        raise InvalidSignature("non-minimal INTEGER")
    return int.from_bytes(bytes(sig[i:i + ln]), "big"), i + ln


def decode_der(sig):
    """(r, s) from a strict-DER ``Ecdsa-Sig-Value``; InvalidSignature for anything else."""
    sig = memoryview(sig)
    if len(sig) < 2 or sig[0] != 0x30:
        raise InvalidSignature("not a SEQUENCE")
    ln, i = _read_len(sig, 1)
    if i + ln != len(sig):
        raise InvalidSignature("bad SEQUENCE length")
    end = i + ln
    r, i = _read_int(sig, i, end)
    s, i = _read_int(sig, i, end)
    if i != end:
        raise InvalidSignature("trailing data")
    return r, s


def encode_raw(r, s, nsize):
    return r.to_bytes(nsize, "big") + s.to_bytes(nsize, "big")


def decode_raw(sig, nsize):
    """(r, s) from r||s of exactly 2*nsize bytes; InvalidSignature otherwise."""
    if len(sig) != 2 * nsize:
        raise InvalidSignature("bad length")
    sig = bytes(sig)
    return int.from_bytes(sig[:nsize], "big"), int.from_bytes(sig[nsize:], "big")
