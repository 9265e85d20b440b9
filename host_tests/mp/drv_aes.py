# Drivers for AES (ECB/CBC/CTR), AES-GCM and AES-CCM (runs on MicroPython).
# Each function takes plain values (bytes/int/str/None) and returns bytes/bools/lists.
from array import array

from mpcrypto.cipher import aes
from mpcrypto.aead.gcm import AESGCM
from mpcrypto.aead.ccm import AESCCM
import aead_checks

_MODES = {"ecb": aes.MODE_ECB, "cbc": aes.MODE_CBC, "ctr": aes.MODE_CTR}


def _new(key, mode, iv):
    m = _MODES[mode] if type(mode) is str else mode
    if iv is None:
        return aes.aes(key, m)
    return aes.aes(key, m, iv)


def crypt(key, mode, iv, enc, data):
    """One-shot encrypt (enc True) or decrypt; returns bytes."""
    c = _new(key, mode, iv)
    return c.encrypt(data) if enc else c.decrypt(data)


def crypt_many(cases):
    """Batch of (key, mode, iv, enc, data) in one call: list of bytes."""
    return [crypt(*c) for c in cases]


def crypt_forms(key, mode, iv, enc, data):
    """The same operation four ways: new bytes, into out_buf, in place in a bytearray, and
    into a larger out_buf. Returns the four results (must all agree)."""
    r1 = crypt(key, mode, iv, enc, data)
    c = _new(key, mode, iv)
    out = bytearray(len(data))
    (c.encrypt if enc else c.decrypt)(data, out)
    c = _new(key, mode, iv)
    buf = bytearray(data)
    ret = (c.encrypt if enc else c.decrypt)(buf, buf)
    c = _new(key, mode, iv)
    big = bytearray(len(data) + 7)
    (c.encrypt if enc else c.decrypt)(memoryview(data), big)
    return [r1, bytes(out), bytes(buf), bytes(big[: len(data)]), ret is None]


def crypt_overlap(key, mode, iv, enc, data, d):
    """Input and output in one buffer, the output starting ``d`` bytes before the input
    (``d`` = 0: in place). Returns the output bytes."""
    n = len(data)
    buf = bytearray(d + n)
    buf[d:] = data
    mv = memoryview(buf)
    c = _new(key, mode, iv)
    (c.encrypt if enc else c.decrypt)(mv[d:d + n], mv[:n])
    return bytes(buf[:n])


def gcm_overlap(key, nonce, data, aad, d, enc):
    """AESGCM encrypt_into/decrypt_into with the output ``d`` bytes before the input in one
    buffer. Returns the output bytes."""
    return aead_checks.overlap(AESGCM(key), nonce, data, aad, d, enc)


def crypt_splits(key, mode, iv, enc, data, step):
    """Incremental vs one-shot: for every split point (multiples of ``step``) encrypt the
    two parts with one object; returns the list of split points whose result differs."""
    whole = crypt(key, mode, iv, enc, data)
    bad = []
    for k in range(0, len(data) + 1, step):
        c = _new(key, mode, iv)
        f = c.encrypt if enc else c.decrypt
        got = f(data[:k]) + f(data[k:])
        if got != whole:
            bad.append(k)
    return bad


def ctr_stream(key, iv, data, cuts):
    """CTR over data cut at the given offsets (list), one object, mixed encrypt/decrypt."""
    return aead_checks.alternating(_new(key, "ctr", iv), data, cuts)


def api_error(what):
    """Provoke one misuse; returns the exception via the harness (or 'no error')."""
    k16 = bytes(16)
    iv = bytes(16)
    if what == "key15":
        aes.aes(bytes(15), 1)
    elif what == "key0":
        aes.aes(b"", 1)
    elif what == "key33":
        aes.aes(bytes(33), 1)
    elif what == "key_str":
        aes.aes("0123456789abcdef", 1)
    elif what == "key_none":
        aes.aes(None, 1)
    elif what == "key_int":
        aes.aes(16, 1)
    elif what == "mode_bad":
        aes.aes(k16, 3)
    elif what == "cbc_no_iv":
        aes.aes(k16, 2)
    elif what == "ctr_no_iv":
        aes.aes(k16, 6)
    elif what == "cbc_iv15":
        aes.aes(k16, 2, bytes(15))
    elif what == "ctr_iv17":
        aes.aes(k16, 6, bytes(17))
    elif what == "iv_str":
        aes.aes(k16, 2, "0123456789abcdef")
    elif what == "ecb_len15":
        aes.aes(k16, 1).encrypt(bytes(15))
    elif what == "cbc_len17":
        aes.aes(k16, 2, iv).decrypt(bytes(17))
    elif what == "data_str":
        aes.aes(k16, 1).encrypt("0123456789abcdef")
    elif what == "data_none":
        aes.aes(k16, 6, iv).encrypt(None)
    elif what == "data_int":
        aes.aes(k16, 1).encrypt(16)
    elif what == "out_small":
        aes.aes(k16, 1).encrypt(bytes(32), bytearray(16))
    elif what == "ctr_out_small":
        aes.aes(k16, 6, iv).encrypt(bytes(5), bytearray(4))
    elif what == "out_bytes":
        aes.aes(k16, 1).encrypt(bytes(16), bytes(16))
    elif what == "cbc_mix":
        c = aes.aes(k16, 2, iv)
        c.encrypt(bytes(16))
        c.decrypt(bytes(16))
    elif what == "ecb_mix":
        c = aes.aes(k16, 1)
        return c.decrypt(c.encrypt(bytes(16))) == bytes(16)
    else:
        return "unknown"
    return "no error"


def cbc_mct(key, iv, text, enc, counts):
    """AESAVS §6.4.2 Monte Carlo test for CBC, run entirely here. Returns the list of
    CT[999] (encrypt) or PT[999] (decrypt) for COUNT = 0 .. counts-1."""
    key = bytes(key)
    iv = bytes(iv)
    text = bytes(text)
    kl = len(key)
    results = []
    out = bytearray(16)
    for _ in range(counts):
        c = aes.aes(key, aes.MODE_CBC, iv)
        f = c.encrypt if enc else c.decrypt
        prev = bytes(iv)  # the "previous output" feeding the next input; starts as IV
        cur = text
        last2 = b""
        for j in range(1000):
            f(cur, out)
            o = bytes(out)
            # input[j+1] = IV for j == 0, else output[j-1]
            cur = prev
            prev = o
            if j == 998:
                last2 = o
        last = prev
        results.append(last)
        # Key[i+1] = Key[i] xor (the last kl bytes of output[998] || output[999])
        tail = (last2 + last)[32 - kl :]
        key = bytes(a ^ b for a, b in zip(key, tail))
        iv = last
        text = last2
    return results


# --- Buffer policy (mpcrypto._util): inputs read as bytes, outputs writable bytes ----------


def _wide(b):
    # An array('I') holding exactly the bytes b (len(b) % 4 == 0), in memory order: MicroPython
    # builds an array from a bytes initializer byte for byte.
    return array("I", bytes(b))


def _refused_out(kind, n):
    # (output object, the object whose memory it is): outputs the API must refuse.
    if kind == "bytes":
        raw = bytes(n)
        return raw, raw
    if kind == "mv_bytes":
        raw = bytes(n)
        return memoryview(raw), raw
    raw = array("I", bytes(n))
    if kind == "wide":
        return raw, raw
    return memoryview(raw), raw  # "mv_wide"


def out_refused(key, mode, iv, enc, kind):
    """encrypt/decrypt into an output that must be refused (read-only or wider items).
    Returns [exception name, whether its memory changed, whether the object's state (CBC
    chaining, CTR position) is still what a fresh object fed the same prefix has]."""
    pre = bytes(range(5)) if mode == "ctr" else bytes(range(16))
    data = bytes(range(100, 148))
    out, raw = _refused_out(kind, 48)
    snap = bytes(raw)
    c = _new(key, mode, iv)
    ref = _new(key, mode, iv)
    f = c.encrypt if enc else c.decrypt
    g = ref.encrypt if enc else ref.decrypt
    f(pre)
    g(pre)
    try:
        f(data, out)
        err = "no error"
    except Exception as e:
        err = type(e).__name__
    return [err, bytes(raw) != snap, f(data) == g(data)]


def _widen(args, which):
    # args: dict of byte strings; the one named ``which`` becomes an array('I').
    a = dict(args)
    a[which] = _wide(a[which])
    return a


def crypt_wide(key, mode, iv, enc, data, which):
    """One-shot encrypt/decrypt with the argument ``which`` (key, iv, in) given as an
    array('I') of the same bytes, or ("in_mv") a memoryview of one. Returns bytes."""
    a = {"key": key, "iv": iv, "in": data}
    if which == "in_mv":
        a["in"] = memoryview(_wide(data))
    else:
        a = _widen(a, which)
    c = _new(a["key"], mode, a["iv"])
    return c.encrypt(a["in"]) if enc else c.decrypt(a["in"])


def _aead(kind):
    return AESGCM if kind == "gcm" else AESCCM


def aead_wide(kind, op, key, nonce, data, aad, tlen, which):
    """AEAD encrypt/decrypt (op "e"/"d", and "ei"/"di" for the *_into forms) with the
    argument ``which`` (key, nonce, data, aad) given as an array('I') of the same bytes."""
    a = _widen({"key": key, "nonce": nonce, "data": data, "aad": aad}, which)
    box = _aead(kind)(a["key"], tag_length=tlen)
    if op == "e":
        return box.encrypt(a["nonce"], a["data"], a["aad"])
    if op == "d":
        return box.decrypt(a["nonce"], a["data"], a["aad"])
    out = bytearray(len(data) + tlen if op == "ei" else len(data) - tlen)
    if op == "ei":
        box.encrypt_into(a["nonce"], a["data"], a["aad"], out)
    else:
        box.decrypt_into(a["nonce"], a["data"], a["aad"], out)
    return bytes(out)


def aead_out_refused(kind, op, outkind):
    """encrypt_into / decrypt_into (op "e" / "d") into an output that must be refused.
    Returns [exception name, whether its memory changed, whether the object still works]."""
    key = bytes(range(16))
    nonce = bytes(12)
    box = _aead(kind)(key)
    pt = bytes(range(40))
    ct = box.encrypt(nonce, pt, b"hdr")
    n = len(pt) + 16 if op == "e" else len(pt)
    out, raw = _refused_out(outkind, (n + 3) & ~3)
    snap = bytes(raw)
    try:
        if op == "e":
            box.encrypt_into(nonce, pt, b"hdr", out)
        else:
            box.decrypt_into(nonce, ct, b"hdr", out)
        err = "no error"
    except Exception as e:
        err = type(e).__name__
    return [err, bytes(raw) != snap, box.decrypt(nonce, ct, b"hdr") == pt]


# --- GCM ---------------------------------------------------------------------------------


def gcm_enc(key, iv, pt, aad, tlen):
    return AESGCM(key, tag_length=tlen).encrypt(iv, pt, aad)


def gcm_dec(key, iv, ct, aad, tlen):
    return AESGCM(key, tag_length=tlen).decrypt(iv, ct, aad)


def gcm_case(op, key, iv, data, aad, tlen):
    """One GCM case, op "e" or "d": bytes, or the error class name ('InvalidTag',
    'ValueError', ...) as a string. The host sends many cases; the harness batches them to
    fit the target."""
    try:
        return (gcm_enc if op == "e" else gcm_dec)(key, iv, data, aad, tlen)
    except Exception as e:
        return type(e).__name__


def gcm_forms(key, iv, pt, aad):
    return aead_checks.forms(AESGCM(key), iv, pt, aad)


def aead_tamper(kind, key, nonce, pt, aad, tlen):
    cls = AESGCM if kind == "gcm" else AESCCM
    return aead_checks.tamper(cls(key, tag_length=tlen), nonce, pt, aad, tlen)


def aead_error(kind, what):
    cls = AESGCM if kind == "gcm" else AESCCM
    k = bytes(16)
    n = bytes(12)
    if what == "key15":
        cls(bytes(15))
    elif what == "key_str":
        cls("0123456789abcdef")
    elif what == "key_none":
        cls(None)
    elif what == "tag3":
        cls(k, tag_length=3)
    elif what == "tag5":
        cls(k, tag_length=5)
    elif what == "tag17":
        cls(k, tag_length=17)
    elif what == "nonce0":
        cls(k).encrypt(b"", b"", b"")
    elif what == "nonce6":
        cls(k).encrypt(bytes(6), b"", b"")
    elif what == "nonce14":
        cls(k).encrypt(bytes(14), b"", b"")
    elif what == "nonce_str":
        cls(k).encrypt("abcdefghijkl", b"", b"")
    elif what == "nonce_none":
        cls(k).encrypt(None, b"", b"")
    elif what == "data_str":
        cls(k).encrypt(n, "abc", b"")
    elif what == "data_none":
        cls(k).encrypt(n, None, b"")
    elif what == "aad_str":
        cls(k).encrypt(n, b"", "abc")
    elif what == "aad_none_ok":
        a = cls(k)
        return a.decrypt(n, a.encrypt(n, b"x", None), None) == b"x"
    elif what == "too_long_ccm13":
        AESCCM(k).encrypt(bytes(13), bytes(65536), b"")
    elif what == "ok_ccm13_max":
        return len(AESCCM(k).encrypt(bytes(13), bytes(65535), b""))
    elif what == "short_ct":
        cls(k).decrypt(n, bytes(15), b"")
    elif what == "out_small":
        cls(k).encrypt_into(n, bytes(16), b"", bytearray(31))
    else:
        return "unknown"
    return "no error"


# --- CCM ---------------------------------------------------------------------------------


def ccm_case(op, key, nonce, data, aad, tlen):
    """One CCM case, op "e" or "d": bytes, or the error class name as a string. An int
    ``aad`` stands for that many bytes 0, 1, .., 255, 0, 1, .. made here (a long AAD sent as
    a literal would need several times its size of heap to read)."""
    try:
        if isinstance(aad, int):
            aad = bytes(i & 0xFF for i in range(aad))
        a = AESCCM(key, tag_length=tlen)
        return (a.encrypt if op == "e" else a.decrypt)(nonce, data, aad)
    except Exception as e:
        return type(e).__name__


def aead_generate_key(kind, bits):
    # AESGCM/AESCCM.generate_key(bits) from the default rng: (length, distinct from a second).
    a = _aead(kind)
    k = a.generate_key(bits)
    return len(k), k != a.generate_key(bits)
