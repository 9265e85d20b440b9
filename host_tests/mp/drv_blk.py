# Drivers for the generic block-cipher layer: Camellia, SM4, DES/3DES (and AES through the
# same mode layer), GCM/CCM over any 128-bit cipher, CMAC and GMAC (runs on MicroPython).
# The first argument names the cipher: "aes", "camellia", "sm4", "des" (TDEA: des.des3, the
# module's cipher for CMAC) or "des1" (single DES: des.des).
from mpcrypto.cipher import modes
import aead_checks


def _mod(cipher):
    return __import__("mpcrypto.cipher." + ("des" if cipher == "des1" else cipher), None, None, ("engine",))


def _cls(cipher):
    m = _mod(cipher)
    return getattr(m, {"des": "des3", "des1": "des"}.get(cipher, cipher))


def _ks(cipher):
    return (8,) if cipher == "des1" else _mod(cipher).key_sizes


_MODES = {"ecb": modes.MODE_ECB, "cbc": modes.MODE_CBC, "ctr": modes.MODE_CTR}


def _new(cipher, key, mode, iv):
    m = _MODES[mode] if type(mode) is str else mode
    if iv is None:
        return _cls(cipher)(key, m)
    return _cls(cipher)(key, m, iv)


def crypt(cipher, key, mode, iv, enc, data):
    """One-shot encrypt (enc True) or decrypt; returns bytes."""
    c = _new(cipher, key, mode, iv)
    return c.encrypt(data) if enc else c.decrypt(data)


def crypt_forms(cipher, key, mode, iv, enc, data):
    """new bytes / into out_buf / in place / into a larger out_buf: [4 results, ret is None]."""
    r1 = crypt(cipher, key, mode, iv, enc, data)
    c = _new(cipher, key, mode, iv)
    out = bytearray(len(data))
    (c.encrypt if enc else c.decrypt)(data, out)
    c = _new(cipher, key, mode, iv)
    buf = bytearray(data)
    ret = (c.encrypt if enc else c.decrypt)(buf, buf)
    c = _new(cipher, key, mode, iv)
    big = bytearray(len(data) + 7)
    (c.encrypt if enc else c.decrypt)(memoryview(data), big)
    return [r1, bytes(out), bytes(buf), bytes(big[: len(data)]), ret is None]


def crypt_overlap(cipher, key, mode, iv, enc, data, d):
    """The output ``d`` bytes before the input in one buffer; returns the output."""
    n = len(data)
    buf = bytearray(d + n)
    buf[d:] = data
    mv = memoryview(buf)
    c = _new(cipher, key, mode, iv)
    (c.encrypt if enc else c.decrypt)(mv[d : d + n], mv[:n])
    return bytes(buf[:n])


def crypt_splits(cipher, key, mode, iv, enc, data, step):
    """Split points (multiples of ``step``) where two calls differ from one call."""
    whole = crypt(cipher, key, mode, iv, enc, data)
    bad = []
    for k in range(0, len(data) + 1, step):
        c = _new(cipher, key, mode, iv)
        f = c.encrypt if enc else c.decrypt
        if f(data[:k]) + f(data[k:]) != whole:
            bad.append(k)
    return bad


def ctr_stream(cipher, key, iv, data, cuts):
    """CTR over data cut at the given offsets, one object, alternating encrypt/decrypt."""
    return aead_checks.alternating(_new(cipher, key, "ctr", iv), data, cuts)


def api_error(cipher, what):
    """Provoke one misuse; the harness reports the exception (or returns 'no error')."""
    m = _mod(cipher)
    bs = m.block_size
    ks = _ks(cipher)
    k = bytes(ks[0])
    iv = bytes(bs)
    C = _cls(cipher)
    if what == "key_short":
        C(bytes(ks[0] - 1), 1)
    elif what == "key_long":
        C(bytes(ks[-1] + 1), 1)
    elif what == "key_between":
        C(bytes(20), 1)
    elif what == "key_des":
        C(bytes(8), 1)
    elif what == "key0":
        C(b"", 1)
    elif what == "key_str":
        C("0123456789abcdef", 1)
    elif what == "key_none":
        C(None, 1)
    elif what == "mode_bad":
        C(k, 3)
    elif what == "mode_str":
        C(k, "ecb")
    elif what == "cbc_no_iv":
        C(k, 2)
    elif what == "ctr_no_iv":
        C(k, 6)
    elif what == "iv_short":
        C(k, 2, bytes(bs - 1))
    elif what == "iv_long":
        C(k, 6, bytes(bs + 1))
    elif what == "iv_str":
        C(k, 2, "0123456789abcdef"[:bs])
    elif what == "ecb_partial":
        C(k, 1).encrypt(bytes(bs - 1))
    elif what == "cbc_partial":
        C(k, 2, iv).decrypt(bytes(bs + 1))
    elif what == "data_str":
        C(k, 1).encrypt("0123456789abcdef"[:bs])
    elif what == "data_none":
        C(k, 6, iv).encrypt(None)
    elif what == "out_small":
        C(k, 1).encrypt(bytes(2 * bs), bytearray(bs))
    elif what == "out_bytes":
        C(k, 1).encrypt(bytes(bs), bytes(bs))
    elif what == "cbc_mix":
        c = C(k, 2, iv)
        c.encrypt(bytes(bs))
        c.decrypt(bytes(bs))
    elif what == "ecb_mix":
        c = C(k, 1)
        return c.decrypt(c.encrypt(bytes(bs))) == bytes(bs)
    else:
        return "unknown"
    return "no error"


def engine_digest(cipher, seed, nbytes):
    """Every engine call on pseudo-random data for each key size, concatenated: the host
    compares backends (all must agree)."""
    m = _mod(cipher)
    bs = m.block_size
    x = seed
    buf = bytearray(nbytes)
    for i in range(nbytes):
        x = (x * 1103515245 + 12345) & 0x3FFFFFFF
        buf[i] = x >> 16
    res = []
    for kl in _ks(cipher) if cipher != "des" else (8, 16, 24):
        e = m.engine(bytes(buf[:kl]))
        n = nbytes // bs
        o = bytearray(nbytes)
        e.ecb_encrypt(buf, o, n)
        res.append(bytes(o))
        e.ecb_decrypt(buf, o, n)
        res.append(bytes(o))
        iv = bytearray(buf[-bs:])
        e.cbc_encrypt(buf, o, n, iv)
        res.append(bytes(o) + bytes(iv))
        e.cbc_decrypt(buf, o, n, iv)
        res.append(bytes(o) + bytes(iv))
        for w, ctr in ((bs, b"\xff" * bs), (4, b"\x00" * (bs - 8) + b"\xff" * 8), (bs, b"\x01" * (bs - 8) + b"\xff" * 8)):
            c = bytearray(ctr)
            e.ctr_xor(buf, o, n, c, w)
            res.append(bytes(o) + bytes(c))
    return b"".join(res)


def mct_ecb(cipher, key, text, enc, inner, outer):
    """A Monte-Carlo chain for the ECB engine: ``outer`` rounds of ``inner`` encryptions
    (decryptions) of the running block, the key unchanged; returns the block after each
    outer round (the host recomputes the chain with the oracle)."""
    c = _new(cipher, key, "ecb", None)
    f = c.encrypt if enc else c.decrypt
    b = bytearray(text)
    res = []
    for _ in range(outer):
        for _ in range(inner):
            f(b, b)
        res.append(bytes(b))
    return res


# --- AEADs over any 128-bit cipher --------------------------------------------------------


def _aead(cipher, kind, key, tlen):
    if kind == "gcm":
        from mpcrypto.aead.gcm import GCM as A
    else:
        from mpcrypto.aead.ccm import CCM as A
    return A(_mod(cipher), key, tag_length=tlen)


def _aead_named(cipher, kind, key, tlen):
    # The named classes (SM4GCM, CamelliaCCM, ...)
    if kind == "gcm":
        import mpcrypto.aead.gcm as M
    else:
        import mpcrypto.aead.ccm as M
    nm = {"aes": "AES", "camellia": "Camellia", "sm4": "SM4"}[cipher] + kind.upper()
    return getattr(M, nm)(key, tag_length=tlen)


def aead_case(cipher, kind, op, key, nonce, data, aad, tlen):
    """One AEAD case, op "e" or "d": bytes, or the exception class name as a string."""
    try:
        a = _aead_named(cipher, kind, key, tlen)
        return (a.encrypt if op == "e" else a.decrypt)(nonce, data, aad)
    except Exception as e:
        return type(e).__name__


def aead_generic_same(cipher, kind, key, nonce, data, aad):
    """GCM(cipher_module, key) and the named class agree."""
    a = _aead(cipher, kind, key, 16)
    b = _aead_named(cipher, kind, key, 16)
    return a.encrypt(nonce, data, aad) == b.encrypt(nonce, data, aad)


def aead_tamper(cipher, kind, key, nonce, pt, aad, tlen):
    return aead_checks.tamper(_aead_named(cipher, kind, key, tlen), nonce, pt, aad, tlen)


def aead_error(cipher, kind, what):
    if what == "key_bad":
        _aead_named(cipher, kind, bytes(15), 16)
    elif what == "key_str":
        _aead_named(cipher, kind, "0123456789abcdef", 16)
    elif what == "tag_bad":
        _aead_named(cipher, kind, bytes(16), 5)
    elif what == "des_block":
        _aead(cipher, kind, bytes(16), 16) if cipher != "des" else None
        from mpcrypto.aead.gcm import GCM

        GCM(_mod("des"), bytes(24))
    elif what == "nonce_bad":
        _aead_named(cipher, kind, bytes(16), 16).encrypt(b"" if kind == "gcm" else bytes(6), b"", b"")
    elif what == "short_ct":
        _aead_named(cipher, kind, bytes(16), 16).decrypt(bytes(12), bytes(15), b"")
    else:
        return "unknown"
    return "no error"


# --- CMAC / GMAC ------------------------------------------------------------------------------


def cmac_case(cipher, key, msg, tag, tlen):
    """[digest (full), verify result: True or the exception name]."""
    from mpcrypto.mac import cmac

    try:
        m = cmac.CMAC(key, msg, cipher=_mod(cipher))
    except Exception as e:
        return [None, type(e).__name__]
    d = m.digest()
    try:
        if tlen == m.digest_size:
            m.verify(tag)
        else:
            m.verify_truncated(tag, tlen)
        v = True
    except Exception as e:
        v = type(e).__name__
    return [d, v]


def cmac_splits(cipher, key, msg):
    """Digests of msg fed in two pieces at every split point, then byte by byte, then with
    a copy() taken half-way: all must equal the one-shot digest. Returns the split points
    (and -1 / -2 for the byte-wise and copy runs) that differ."""
    from mpcrypto.mac import cmac

    m = _mod(cipher)
    whole = cmac.CMAC(key, msg, cipher=m).digest()
    bad = []
    for k in range(len(msg) + 1):
        c = cmac.CMAC(key, cipher=m)
        c.update(msg[:k])
        if c.digest() != cmac.CMAC(key, msg[:k], cipher=m).digest():
            bad.append(("mid", k))
        c.update(msg[k:])
        if c.digest() != whole:
            bad.append(k)
    c = cmac.CMAC(key, cipher=m)
    for i in range(len(msg)):
        c.update(memoryview(msg)[i : i + 1])
    if c.digest() != whole:
        bad.append(-1)
    c = cmac.CMAC(key, msg[: len(msg) // 2], cipher=m)
    d = c.copy()
    d.update(msg[len(msg) // 2 :])
    c.update(b"junk")
    if d.digest() != whole:
        bad.append(-2)
    return bad


def cmac_error(cipher, what):
    from mpcrypto.mac import cmac

    m = _mod(cipher)
    k = bytes(m.key_sizes[0])
    if what == "key_bad":
        cmac.CMAC(bytes(m.key_sizes[0] + 1), cipher=m)
    elif what == "key_str":
        cmac.CMAC("0123456789abcdef", cipher=m)
    elif what == "msg_str":
        cmac.CMAC(k, cipher=m).update("abc")
    elif what == "tag_short":
        c = cmac.CMAC(k, b"x", cipher=m)
        c.verify(c.digest()[:-1])
    elif what == "tag_long":
        c = cmac.CMAC(k, b"x", cipher=m)
        c.verify(c.digest() + b"\x00")
    elif what == "trunc_mismatch_len":
        c = cmac.CMAC(k, b"x", cipher=m)
        c.verify_truncated(c.digest()[:4], 8)
    elif what == "trunc_tlen_bad":
        c = cmac.CMAC(k, b"x", cipher=m)
        c.verify_truncated(c.digest()[:3], 3)
    elif what == "trunc_ok":
        c = cmac.CMAC(k, b"x", cipher=m)
        c.verify_truncated(c.digest()[:8], 8)
        return True
    elif what == "cipher_bad":
        cmac.CMAC(k, cipher=object())
    else:
        return "unknown"
    return "no error"


def gmac_case(cipher, key, nonce, msg, tag, cuts):
    """GMAC (mac/gmac.py): [digest with msg fed at ``cuts``, verify(tag): True or the
    exception name]."""
    from mpcrypto.mac import gmac

    try:
        g = gmac.GMAC(key, nonce, cipher=_mod(cipher))
    except Exception as e:
        return [None, type(e).__name__]
    last = 0
    for k in list(cuts) + [len(msg)]:
        g.update(msg[last:k])
        last = k
    d = g.digest()
    try:
        if len(tag) == 16:
            g.verify(tag)
        else:
            g.verify_truncated(tag, len(tag))
        v = True
    except Exception as e:
        v = type(e).__name__
    return [d, v]


def heap_bulk(cipher, n):
    """Heap bytes allocated by one bulk call after set-up (gc off around the call), for
    ECB/CBC encrypt and decrypt and CTR into a caller's buffer of whole blocks, and for GCM
    encrypt_into / decrypt_into (128-bit ciphers): a dict name -> bytes."""
    m = _mod(cipher)
    bs = m.block_size
    key = bytes(_ks(cipher)[-1])
    buf = bytearray(n)
    out = bytearray(n)
    C = _cls(cipher)
    calls = {}
    e = C(key, 1)
    calls["ecb-enc"] = lambda: e.encrypt(buf, out)
    calls["ecb-dec"] = lambda: e.decrypt(buf, out)
    ce = C(key, 2, bytes(bs))
    calls["cbc-enc"] = lambda: ce.encrypt(buf, out)
    cd = C(key, 2, bytes(bs))
    calls["cbc-dec"] = lambda: cd.decrypt(buf, out)
    ct = C(key, 6, bytes(bs))
    calls["ctr"] = lambda: ct.encrypt(buf, out)
    calls["ctr-inplace"] = lambda: ct.encrypt(buf, buf)
    if bs == 16:
        g = _aead(cipher, "gcm", key, 16)
        sealed = bytearray(n + 16)
        nonce = bytes(12)
        g.encrypt_into(nonce, buf, None, sealed)
        calls["gcm-enc"] = lambda: g.encrypt_into(nonce, buf, None, sealed)
        calls["gcm-dec"] = lambda: g.decrypt_into(nonce, sealed, None, out)
    names = list(calls)
    return dict(zip(names, aead_checks.heap_per_call([calls[k] for k in names])))
