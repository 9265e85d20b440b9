"""Host-side helpers shared by test_camellia.py, test_sm4.py, test_des.py and test_cmac.py:
reference modes written here over ``cryptography``'s ECB of one block, checked against NIST
with AES before they are trusted for Camellia and SM4 (whose CTR/GCM/CCM have no external
vectors), and the generic per-backend checks of the cryptolib-shaped API (drv_blk); also the
AESAVS known-answer check of an AES engine emulated on the host (test_thumb_aes*.py).

The reference modes follow the specs directly, bit by bit where that is simplest:
- CTR: SP 800-38A §6.5 (the whole block is one big-endian counter).
- GCM: SP 800-38D §6.3 (the multiplication in GF(2^128) by the right-shift algorithm of
  Algorithm 1), §6.4 GHASH, §6.5 GCTR, §7.1 (J0 for 96-bit and other IV lengths).
- CCM: SP 800-38C §6.1 with the formatting of Appendix A.
- CMAC: SP 800-38B §6.1/§6.2.
"""

import random
import warnings

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from harness import MPError, default_rng_result
from vectors import cryptography_vector, h, load_rsp

try:
    from cryptography.hazmat.decrepit.ciphers import algorithms as _old
except ImportError:  # older cryptography
    _old = algorithms


def algorithm(name, key):
    """The cryptography algorithm object for our cipher name."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if name == "aes":
            return algorithms.AES(key)
        if name == "camellia":
            return _old.Camellia(key) if hasattr(_old, "Camellia") else algorithms.Camellia(key)
        if name == "sm4":
            return algorithms.SM4(key)
        if name == "des":
            return _old.TripleDES(key) if hasattr(_old, "TripleDES") else algorithms.TripleDES(key)
    raise ValueError(name)


def oracle(name, key, mode, iv, enc, data):
    """cryptography's ECB/CBC/CTR; CTR for a cipher OpenSSL has no CTR for (Camellia, 3DES)
    is ``ref_ctr`` over cryptography's ECB (the reference checked with AES against NIST)."""
    if mode == "ctr" and name in ("camellia", "des"):
        return ref_ctr(block_fn(name, key), iv, data, len(iv))
    m = {"ecb": lambda: modes.ECB(), "cbc": lambda: modes.CBC(iv), "ctr": lambda: modes.CTR(iv)}[mode]()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        c = Cipher(algorithm(name, key), m)
    op = c.encryptor() if enc else c.decryptor()
    return op.update(data) + op.finalize()


def block_fn(name, key):
    """E(K, .) of one block through cryptography's ECB."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        enc = Cipher(algorithm(name, key), modes.ECB()).encryptor()
    return lambda b: enc.update(bytes(b))


# --- reference modes over a block function E ------------------------------------------------


def ref_ctr(E, iv, data, bs=16):
    out = bytearray()
    c = int.from_bytes(iv, "big")
    for o in range(0, len(data), bs):
        ks = E(c.to_bytes(bs, "big"))
        out += bytes(a ^ b for a, b in zip(data[o:o + bs], ks))
        c = (c + 1) % (1 << (8 * bs))
    return bytes(out)


_R = 0xE1 << 120


def _gmul(x, y):
    # SP 800-38D §6.3 Algorithm 1 (bit 0 is the most significant bit of the block)
    z, v = 0, y
    for i in range(127, -1, -1):
        if (x >> i) & 1:
            z ^= v
        v = (v >> 1) ^ _R if v & 1 else v >> 1
    return z


def _ghash(h, data):
    y = 0
    for o in range(0, len(data), 16):
        y = _gmul(y ^ int.from_bytes(data[o:o + 16], "big"), h)
    return y


def _pad16(b):
    return b + bytes(-len(b) % 16)


def ref_gcm(E, iv, pt, aad, tlen=16):
    """ct || tag of SP 800-38D §7.1."""
    h = int.from_bytes(E(bytes(16)), "big")
    if len(iv) == 12:
        j0 = iv + b"\x00\x00\x00\x01"
    else:
        s = _pad16(iv) + bytes(8) + (8 * len(iv)).to_bytes(8, "big")
        j0 = _ghash(h, s).to_bytes(16, "big")

    def inc32(b):
        return b[:12] + ((int.from_bytes(b[12:], "big") + 1) % (1 << 32)).to_bytes(4, "big")

    ct = bytearray()
    cb = inc32(j0)
    for o in range(0, len(pt), 16):
        ks = E(cb)
        ct += bytes(a ^ b for a, b in zip(pt[o:o + 16], ks))
        cb = inc32(cb)
    ct = bytes(ct)
    s = _pad16(aad) + _pad16(ct) + (8 * len(aad)).to_bytes(8, "big") + (8 * len(ct)).to_bytes(8, "big")
    t = (_ghash(h, s) ^ int.from_bytes(E(j0), "big")).to_bytes(16, "big")
    return ct + t[:tlen]


def ref_ccm(E, nonce, pt, aad, tlen):
    """ct || tag of SP 800-38C §6.1 / Appendix A."""
    n = len(nonce)
    q = 15 - n
    flags = (64 if aad else 0) | (((tlen - 2) // 2) << 3) | (q - 1)
    b = bytes([flags]) + nonce + len(pt).to_bytes(q, "big")
    if aad:
        a = len(aad)
        if a < 0xFF00:
            hdr = a.to_bytes(2, "big")
        elif a < (1 << 32):
            hdr = b"\xff\xfe" + a.to_bytes(4, "big")
        else:
            hdr = b"\xff\xff" + a.to_bytes(8, "big")
        b += _pad16(hdr + aad)
    b += _pad16(pt)
    y = bytes(16)
    for o in range(0, len(b), 16):
        y = E(bytes(u ^ v for u, v in zip(y, b[o:o + 16])))
    ctr0 = bytes([q - 1]) + nonce
    ct = bytearray()
    for i, o in enumerate(range(0, len(pt), 16)):
        ks = E(ctr0 + (i + 1).to_bytes(q, "big"))
        ct += bytes(u ^ v for u, v in zip(pt[o:o + 16], ks))
    s0 = E(ctr0 + bytes(q))
    return bytes(ct) + bytes(u ^ v for u, v in zip(y[:tlen], s0))


def ref_cmac(E, msg, bs=16):
    rb = 0x87 if bs == 16 else 0x1B
    mask = (1 << (8 * bs)) - 1

    def dbl(x):
        v = int.from_bytes(x, "big") << 1
        return ((v & mask) ^ (rb if v >> (8 * bs) else 0)).to_bytes(bs, "big")

    k1 = dbl(E(bytes(bs)))
    k2 = dbl(k1)
    n = max(1, -(-len(msg) // bs))
    last = msg[(n - 1) * bs:]
    if len(last) == bs:
        last = bytes(a ^ b for a, b in zip(last, k1))
    else:
        last = bytes(a ^ b for a, b in zip(last + b"\x80" + bytes(bs - 1 - len(last)), k2))
    x = bytes(bs)
    for o in range(0, (n - 1) * bs, bs):
        x = E(bytes(a ^ b for a, b in zip(x, msg[o:o + bs])))
    return E(bytes(a ^ b for a, b in zip(x, last)))


# --- AES engines on the host ------------------------------------------------------------------


def aes_oracle(key, mode, data, enc=True):
    """cryptography's AES in ``mode`` (a ``modes`` object) over ``data``."""
    c = Cipher(algorithms.AES(key), mode)
    c = c.encryptor() if enc else c.decryptor()
    return c.update(data) + c.finalize()


def aesavs_records(mode):
    """(label, key, iv, encrypt?, plaintext, ciphertext) of every NIST AESAVS KAT and MMT
    record of ``mode`` ("ECB" or "CBC"): cryptography's ciphers/AES/<mode>/<mode>{GFSbox,
    KeySbox,VarKey,VarTxt,MMT}{128,192,256}.rsp."""
    for kind in ("GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT"):
        for bits in (128, 192, 256):
            p = cryptography_vector("ciphers/AES/%s/%s%s%d.rsp" % (mode, mode, kind, bits))
            for r in load_rsp(p, "COUNT"):
                enc = r["_section"].upper().startswith("ENCRYPT")
                yield ("%s %s %s" % (p.name, r["_section"], r["COUNT"]), h(r["KEY"]), h(r.get("IV")), enc,
                       h(r["PLAINTEXT"]), h(r["CIPHERTEXT"]))


def check_engine_aesavs(engines, mode):
    """Every ``aesavs_records(mode)`` record through an engine (``new(key)`` giving
    ``ecb_encrypt(src, dst, nblocks)``, ``cbc_encrypt(src, dst, nblocks, iv)`` and the
    decryptions; CBC updates ``iv``), a new key each, the engines taken in turn; every second
    record in place (dst is src). Asserts more than 1000 records and no wrong output or IV."""
    bad, n = [], 0
    for i, (label, key, iv, enc, pt, ct) in enumerate(aesavs_records(mode)):
        a = engines[i % len(engines)]
        ctx = a.new(key)
        src, want = (pt, ct) if enc else (ct, pt)
        dst = bytearray(src) if i % 2 else bytearray(len(src))
        if i % 2:
            src = dst  # in place
        nb = len(want) // 16
        if mode == "ECB":
            (ctx.ecb_encrypt if enc else ctx.ecb_decrypt)(src, dst, nb)
        else:
            v = bytearray(iv)
            (ctx.cbc_encrypt if enc else ctx.cbc_decrypt)(src, dst, nb, v)
            if bytes(v) != ct[-16:]:
                bad.append(label + " (iv out)")
        n += 1
        if bytes(dst) != want:
            bad.append(label)
    assert n > 1000 and not bad, bad[:5]


# --- generic per-backend checks through drv_blk -----------------------------------------------


def check_vs_oracle(target, cipher, force, key_sizes, bs, seed):
    """Random keys/IVs/data of several lengths, every mode and direction, vs cryptography."""
    rnd = random.Random(seed)
    cases, want = [], []
    for kl in key_sizes:
        for mode in ("ecb", "cbc", "ctr"):
            for nb in (0, 1, 2, 7):
                for enc in (True, False):
                    key = rnd.randbytes(kl)
                    iv = None if mode == "ecb" else rnd.randbytes(bs)
                    extra = rnd.randint(1, bs - 1) if mode == "ctr" and nb else 0
                    data = rnd.randbytes(nb * bs + extra)
                    cases.append((cipher, key, mode, iv, enc, data))
                    want.append(oracle(cipher, key, mode, iv, enc, data))
    got = target.call("drv_blk", "crypt", cases, force=force)
    bad = [(len(c[1]), c[2], c[4], len(c[5])) for c, g, w in zip(cases, got, want) if g != w]
    assert not bad, "mismatch (keylen, mode, enc, datalen): %s" % bad[:5]


def check_forms_and_splits(target, cipher, force, key, bs, mode):
    rnd = random.Random(cipher + mode)
    iv = None if mode == "ecb" else rnd.randbytes(bs)
    data = rnd.randbytes(6 * bs if mode != "ctr" else 5 * bs + 3)
    forms = target.call("drv_blk", "crypt_forms", [(cipher, key, mode, iv, True, data), (cipher, key, mode, iv, False, data)], force=force)
    for enc, f in zip((True, False), forms):
        assert not isinstance(f, MPError), f
        assert f[0] == f[1] == f[2] == f[3], "out_buf / in place / larger out_buf differ (enc=%s)" % enc
        assert f[4] is True
        assert f[0] == oracle(cipher, key, mode, iv, enc, data)
    step = 1 if mode == "ctr" else bs
    splits = target.call("drv_blk", "crypt_splits", [(cipher, key, mode, iv, True, data, step), (cipher, key, mode, iv, False, data, step)], force=force)
    assert splits == [[], []], splits
    shifts = (0, 1, bs - 1, bs, bs + 1)
    cases = [(cipher, key, mode, iv, enc, data, d) for enc in (True, False) for d in shifts]
    got = target.call("drv_blk", "crypt_overlap", cases, force=force)
    for c, g in zip(cases, got):
        assert g == oracle(cipher, key, mode, iv, c[4], data), ("overlap", c[4], c[6])


def check_ctr_stream(target, cipher, force, key, bs):
    rnd = random.Random("stream" + cipher)
    iv = bytes(bs - 4) + b"\xff\xff\xff\xfe"
    data = rnd.randbytes(6 * bs + 5)
    want = oracle(cipher, key, "ctr", iv, True, data)
    cases = [(cipher, key, iv, data, [k]) for k in range(len(data) + 1)]
    for _ in range(8):
        cuts, p = [], 0
        while True:
            p += rnd.randint(0, bs + 1)
            if p >= len(data):
                break
            cuts.append(p)
        cases.append((cipher, key, iv, data, cuts))
    got = target.call("drv_blk", "ctr_stream", cases, force=force)
    bad = [c[4] for c, g in zip(cases, got) if g != want]
    assert not bad, "CTR stream differs at cuts %s" % bad[:5]


def check_ctr_carry(target, cipher, force, key_sizes, bs):
    rnd = random.Random("carry" + cipher)
    ivs = [bytes(bs - 4) + b"\xff\xff\xff\xfe", bytes(bs - 8) + b"\xff" * 8, b"\xff" * bs,
           b"\x00" + b"\xff" * (bs - 1), bytes(range(bs - 1)) + b"\xfd"]
    cases, want = [], []
    for iv in ivs:
        for kl in key_sizes:
            key = rnd.randbytes(kl)
            data = rnd.randbytes(5 * bs + 3)
            cases.append((cipher, key, "ctr", iv, True, data))
            want.append(oracle(cipher, key, "ctr", iv, True, data))
    got = target.call("drv_blk", "crypt", cases, force=force)
    assert got == want


ERRORS = {
    "key_short": "ValueError", "key_long": "ValueError", "key0": "ValueError",
    "key_str": "TypeError", "key_none": "TypeError", "mode_bad": "ValueError",
    "mode_str": "TypeError", "cbc_no_iv": "ValueError", "ctr_no_iv": "ValueError",
    "iv_short": "ValueError", "iv_long": "ValueError", "iv_str": "TypeError",
    "ecb_partial": "ValueError", "cbc_partial": "ValueError", "data_str": "TypeError",
    "data_none": "TypeError", "out_small": "ValueError", "out_bytes": "TypeError",
    "cbc_mix": "ValueError",
}


def check_api_errors(target, cipher, force, extra=()):
    exp = dict(ERRORS)
    exp.update({n: "ValueError" for n in extra})
    names = list(exp)
    got = target.call("drv_blk", "api_error", [(cipher, n) for n in names] + [(cipher, "ecb_mix")], force=force)
    for n, g in zip(names, got):
        assert isinstance(g, MPError) and g.name == exp[n], (n, g)
    assert got[-1] is True


def check_backends_agree(target, cipher, module, primitive):
    names = target.backends(module)
    if len(names) < 2:
        pytest.skip("fewer than two backends here")
    outs = {n: target.call("drv_blk", "engine_digest", [(cipher, 4242, 160)], force={primitive: n})[0] for n in names}
    ref = outs[names[0]]
    assert isinstance(ref, bytes) and len(ref) > 1000
    assert all(v == ref for v in outs.values()), {k: v == ref for k, v in outs.items()}


def check_aes_aead_wide(target, kind, force, records):
    """drv_aes.aead_wide over ``records`` of (key, nonce, pt, aad, tag length, ct || tag):
    each of key, nonce, data and AAD given in turn as array('I') is read as its bytes, in
    encrypt, encrypt_into, decrypt and decrypt_into; a 16-item key (64 bytes) is refused."""
    cases, want = [], []
    for key, nonce, pt, aad, tl, ct in records:
        for w in ("key", "nonce", "data", "aad"):
            cases += [(kind, "e", key, nonce, pt, aad, tl, w), (kind, "ei", key, nonce, pt, aad, tl, w)]
            cases += [(kind, "d", key, nonce, ct, aad, tl, w), (kind, "di", key, nonce, ct, aad, tl, w)]
            want += [ct, ct, pt, pt]
    got = target.call("drv_aes", "aead_wide", cases, force=force)
    bad = [(len(c[2]), c[1], c[7], g) for c, g, w in zip(cases, got, want) if g != w]
    assert not bad, bad[:4]
    err = target.call("drv_aes", "aead_wide", [(kind, "e", bytes(64), bytes(12), b"", b"", 16, "key")], force=force)[0]
    assert isinstance(err, MPError) and err.name == "ValueError", err


def check_aes_aead_generate_key(target, kind):
    """AESGCM/AESCCM.generate_key: the bit length is checked before the entropy source is
    asked (ValueError either way); 128, 192 and 256 give keys of their length, not twice the
    same (or, without an entropy source, its error)."""
    got = target.call("drv_aes", "aead_generate_key", [(kind, b) for b in (128, 192, 256, 100)])
    assert isinstance(got[3], MPError) and got[3].name == "ValueError", got[3]
    default_rng_result(target, got[:3], [(16, True), (24, True), (32, True)])


def aead_wycheproof(target, cipher, kind, force, data, ok_sizes):
    """Wycheproof AEAD file through drv_blk.aead_case: valid -> exact ct||tag and msg;
    invalid -> InvalidTag or (unsupported sizes) ValueError; never a plaintext."""
    cases, meta = [], []
    for g in data["testGroups"]:
        tl = g["tagSize"] // 8
        for t in g["tests"]:
            key, iv, aad, msg = (bytes.fromhex(t[k]) for k in ("key", "iv", "aad", "msg"))
            ct = bytes.fromhex(t["ct"]) + bytes.fromhex(t["tag"])
            cases.append((cipher, kind, "d", key, iv, ct, aad, tl))
            meta.append((t, "dec", g))
            if t["result"] != "invalid":
                cases.append((cipher, kind, "e", key, iv, msg, aad, tl))
                meta.append((t, "enc", g))
    got = target.call("drv_blk", "aead_case", cases, force=force)
    n_valid = n_invalid = 0
    for (t, op, g), r in zip(meta, got):
        tid = "%s tcId=%d %s (%s)" % (data["_path"].rsplit("/", 1)[-1], t["tcId"], op, t["comment"])
        if not ok_sizes(g):
            assert r == "ValueError", (tid, r)
        elif t["result"] == "invalid":
            assert r in ("InvalidTag", "ValueError"), (tid, r)
            n_invalid += 1
        elif op == "enc":
            assert r == bytes.fromhex(t["ct"]) + bytes.fromhex(t["tag"]), (tid, r)
            n_valid += 1
        else:
            assert r == bytes.fromhex(t["msg"]), (tid, r)
    assert n_valid and n_invalid


def aead_vs_reference(target, cipher, kind, force, key_sizes, seed):
    """Our GCM/CCM vs the reference mode over cryptography's ECB: random shapes."""
    rnd = random.Random(seed)
    cases, want = [], []
    for kl in key_sizes:
        for n in (0, 1, 15, 16, 17, 33, 64):
            key = rnd.randbytes(kl)
            E = block_fn(cipher, key)
            aad = rnd.randbytes(rnd.choice((0, 1, 16, 20)))
            pt = rnd.randbytes(n)
            if kind == "gcm":
                nonce = rnd.randbytes(rnd.choice((12, 12, 8, 16, 1, 60)))
                tlen = rnd.choice((16, 12, 8, 4))
                ct = ref_gcm(E, nonce, pt, aad, tlen)
            else:
                nonce = rnd.randbytes(rnd.randint(7, 13))
                tlen = rnd.choice((4, 6, 8, 10, 12, 14, 16))
                ct = ref_ccm(E, nonce, pt, aad, tlen)
            cases.append((cipher, kind, "e", key, nonce, pt, aad, tlen))
            want.append(ct)
            cases.append((cipher, kind, "d", key, nonce, ct, aad, tlen))
            want.append(pt)
    got = target.call("drv_blk", "aead_case", cases, force=force)
    bad = [(c[2], len(c[3]), len(c[4]), len(c[5]), c[7], g) for c, g, w in zip(cases, got, want) if g != w]
    assert not bad, bad[:4]


def check_heap_bulk(target, cipher, force):
    """ECB/CBC/CTR (and GCM) bulk calls into a caller's buffer allocate nothing after set-up."""
    got = target.call("drv_blk", "heap_bulk", [(cipher, 1024)], force=force)[0]
    assert not isinstance(got, MPError), got
    assert got and all(v == 0 for v in got.values()), got
