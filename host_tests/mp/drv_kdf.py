# Drivers for HKDF (mpcrypto.kdf.hkdf) and PBKDF2 (mpcrypto.kdf.pbkdf2). Runs on MicroPython
# through mptest.py.
from mpcrypto.kdf import hkdf, pbkdf2


def hkdf_derive(alg, ikm, salt, info, length):
    return hkdf.HKDF(alg, length, salt, info).derive(ikm)


def hkdf_extract(alg, salt, ikm):
    return hkdf.extract(alg, salt, ikm)


def hkdf_expand(alg, prk, info, length):
    return hkdf.HKDFExpand(alg, length, info).derive(prk), hkdf.expand(alg, prk, info, length)


def pbkdf2_derive(alg, pw, salt, c, length, path="default"):
    # path "generic": the per-iteration HMAC path (what a port without viper, or SHA-3,
    # runs), the viper helpers forced away for this call.
    from mpcrypto import _backend

    if path == "generic":
        _backend.force("pbkdf2", "python")
    try:
        return pbkdf2.PBKDF2HMAC(alg, length, salt, c).derive(pw)
    finally:
        _backend.force("pbkdf2", None)


def api(kind):
    # The pyca-shaped object rules: one derive per object, verify raises InvalidKey.
    if kind == "hkdf_twice":
        k = hkdf.HKDF("sha256", 16, None, None)
        k.derive(b"x")
        k.derive(b"x")
    elif kind == "hkdfexpand_twice":
        k = hkdf.HKDFExpand("sha256", 16, None)
        k.derive(b"x" * 32)
        k.derive(b"x" * 32)
    elif kind == "pbkdf2_twice":
        k = pbkdf2.PBKDF2HMAC("sha256", 16, b"s", 1)
        k.derive(b"x")
        k.derive(b"x")
    elif kind == "hkdf_verify_ok":
        want = hkdf.HKDF("sha256", 16, b"s", b"i").derive(b"x")
        hkdf.HKDF("sha256", 16, b"s", b"i").verify(b"x", want)
        return "ok"
    elif kind == "hkdf_verify_bad":
        want = bytearray(hkdf.HKDF("sha256", 16, b"s", b"i").derive(b"x"))
        want[15] ^= 1
        hkdf.HKDF("sha256", 16, b"s", b"i").verify(b"x", want)
    elif kind == "pbkdf2_verify_ok":
        want = pbkdf2.PBKDF2HMAC("sha1", 20, b"s", 3).derive(b"pw")
        pbkdf2.PBKDF2HMAC("sha1", 20, b"s", 3).verify(b"pw", want)
        return "ok"
    elif kind == "pbkdf2_verify_bad":
        pbkdf2.PBKDF2HMAC("sha1", 20, b"s", 3).verify(b"pw", bytes(20))
    elif kind == "pbkdf2_verify_short":
        want = pbkdf2.PBKDF2HMAC("sha1", 20, b"s", 3).derive(b"pw")
        pbkdf2.PBKDF2HMAC("sha1", 20, b"s", 3).verify(b"pw", want[:19])
    elif kind == "hkdf_len0":
        hkdf.HKDF("sha256", 0, None, None)
    elif kind == "hkdf_len_max":
        return len(hkdf.HKDF("sha1", 255 * 20, None, None).derive(b"k"))
    elif kind == "hkdf_len_over":
        hkdf.HKDF("sha1", 255 * 20 + 1, None, None)
    elif kind == "hkdf_len_float":
        hkdf.HKDF("sha256", 16.0, None, None)
    elif kind == "hkdf_str_ikm":
        hkdf.HKDF("sha256", 16, None, None).derive("x")
    elif kind == "hkdf_str_salt":
        hkdf.HKDF("sha256", 16, "salt", None)
    elif kind == "hkdf_xof":
        from mpcrypto.hash.shake import shake_128

        hkdf.HKDF(shake_128, 16, None, None)
    elif kind == "hkdf_xof_name":
        hkdf.HKDF("shake_128", 16, None, None)
    elif kind == "hkdf_unknown":
        hkdf.HKDF("md4", 16, None, None)
    elif kind == "pbkdf2_iter0":
        pbkdf2.PBKDF2HMAC("sha256", 16, b"s", 0)
    elif kind == "pbkdf2_len0":
        pbkdf2.PBKDF2HMAC("sha256", 0, b"s", 1)
    elif kind == "pbkdf2_iter_float":
        pbkdf2.PBKDF2HMAC("sha256", 16, b"s", 1.0)
    elif kind == "pbkdf2_salt_none":
        pbkdf2.PBKDF2HMAC("sha256", 16, None, 1)
    elif kind == "pbkdf2_str_pw":
        pbkdf2.PBKDF2HMAC("sha256", 16, b"s", 1).derive("pw")
    elif kind == "pbkdf2_unknown":
        pbkdf2.PBKDF2HMAC("md4", 16, b"s", 1)
    return "accepted"


def heap_pbkdf2(alg, c):
    # Heap bytes of one whole PBKDF2 derivation with c iterations (gc off around it).
    import gc

    pbkdf2.pbkdf2_hmac(alg, b"password", b"salt", 2, 32)  # imports and first-use caches
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    pbkdf2.pbkdf2_hmac(alg, b"password", b"salt", c, 32)
    b = gc.mem_alloc()
    gc.enable()
    return b - a
