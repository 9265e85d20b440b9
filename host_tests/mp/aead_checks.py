# The checks every AEAD driver runs (GCM, CCM, ChaCha20-Poly1305, XChaCha20-Poly1305,
# Ascon-AEAD128, the generic GCM/CCM over other ciphers), on an object with pyca's
# encrypt/decrypt and our encrypt_into/decrypt_into. Runs on MicroPython.
from array import array


def forms(a, nonce, pt, aad, tlen=16):
    """encrypt vs encrypt_into (fresh, in place) vs decrypt / decrypt_into (fresh, in
    place) vs the same through array('B') arguments, one object for all (it must not keep
    state between messages)."""
    ct = a.encrypt(nonce, pt, aad)
    out = bytearray(len(pt) + tlen)
    a.encrypt_into(nonce, pt, aad, out)
    buf = bytearray(len(pt) + tlen)
    buf[:len(pt)] = pt
    a.encrypt_into(nonce, memoryview(buf)[:len(pt)], aad, buf)
    back = bytearray(len(pt))
    a.decrypt_into(nonce, ct, aad, back)
    inplace = bytearray(ct)
    a.decrypt_into(nonce, inplace, aad, inplace)
    wide = a.encrypt(array("B", nonce), array("B", pt), array("B", aad))
    return [ct, bytes(out), bytes(buf), a.decrypt(nonce, ct, aad), bytes(back), bytes(inplace[:len(pt)]), wide]


def overlap(a, nonce, data, aad, d, enc, tlen=16):
    """encrypt_into / decrypt_into with the output ``d`` bytes before the input in one
    buffer. Returns the output bytes."""
    n = len(data)
    out_n = n + tlen if enc else n - tlen
    buf = bytearray(d + max(n, out_n))
    buf[d:d + n] = data
    mv = memoryview(buf)
    if enc:
        a.encrypt_into(nonce, mv[d:d + n], aad, mv[:out_n])
    else:
        a.decrypt_into(nonce, mv[d:d + n], aad, mv[:out_n])
    return bytes(buf[:out_n])


def _flips(b):
    # b with one bit flipped, for every bit.
    for i in range(len(b) * 8):
        bad = bytearray(b)
        bad[i >> 3] ^= 1 << (i & 7)
        yield bytes(bad)


def tamper(a, nonce, pt, aad, tlen=16):
    """Encrypt, then open forgeries: every bit of ct||tag, of the AAD and of the nonce
    flipped, every truncation, one byte more. Returns [forgeries accepted, whether a
    forgery left anything but its first contents or zeros in the output buffer, the clean
    message still opens]."""
    ct = a.encrypt(nonce, pt, aad)
    res = [0, False]

    def rejects(n, c, d):
        out = bytearray(b"\xaa" * max(len(c) - tlen, 0))
        try:
            a.decrypt_into(n, c, d, out)
            res[0] += 1
        except Exception as e:
            if type(e).__name__ != "InvalidTag":
                raise
        if bytes(out) != bytes(len(out)) and bytes(out) != b"\xaa" * len(out):
            res[1] = True
        try:
            a.decrypt(n, c, d)
            res[0] += 1
        except Exception as e:
            if type(e).__name__ != "InvalidTag":
                raise

    for bad in _flips(ct):
        rejects(nonce, bad, aad)
    for bad in _flips(aad):
        rejects(nonce, ct, bad)
    for bad in _flips(nonce):
        rejects(bad, ct, aad)
    for k in range(len(ct)):
        rejects(nonce, ct[:k], aad)
    rejects(nonce, ct + b"\0", aad)
    return [res[0], res[1], a.decrypt(nonce, ct, aad) == pt]


def alternating(c, data, cuts):
    """A stream cipher object over ``data`` cut at the offsets ``cuts``, encrypt and
    decrypt alternating (the same operation). Returns the output."""
    out = b""
    last = 0
    for i, k in enumerate(list(cuts) + [len(data)]):
        f = c.encrypt if i % 2 == 0 else c.decrypt
        out += f(data[last:k])
        last = k
    return out


def heap_per_call(fns):
    """Heap bytes allocated by a second call of each function of ``fns`` (the first call
    warms up; the collector is off around the measured one)."""
    import gc

    res = []
    for f in fns:
        f()
        gc.collect()
        gc.disable()
        m0 = gc.mem_alloc()
        f()
        m1 = gc.mem_alloc()
        gc.enable()
        res.append(m1 - m0)
    return res


def api_error(cls, k, n, what):
    """The misuse every AEAD class ``cls`` (key ``k``, nonce ``n`` of a valid length) must
    refuse or accept the same way, named by ``what``: what it raises reaches the host; or
    "no error", "unknown" (not a name here), or the result of the "_ok" and "gen_key" cases."""
    if what == "data_str":
        cls(k).encrypt(n, "data", b"")
    elif what == "data_none":
        cls(k).encrypt(n, None, b"")
    elif what == "aad_str":
        cls(k).encrypt(n, b"", "aad")
    elif what == "short_ct":
        cls(k).decrypt(n, bytes(15), b"")
    elif what == "out_small":
        cls(k).encrypt_into(n, bytes(10), b"", bytearray(25))
    elif what == "dec_out_small":
        a = cls(k)
        a.decrypt_into(n, a.encrypt(n, bytes(10), b""), b"", bytearray(9))
    elif what == "out_bytes":
        cls(k).encrypt_into(n, bytes(10), b"", bytes(26))
    elif what == "out_wide":
        cls(k).encrypt_into(n, bytes(10), b"", array("I", bytes(28)))
    elif what == "aad_none_ok":
        a = cls(k)
        return a.decrypt(n, a.encrypt(n, b"abc", None), b"") == b"abc"
    elif what == "gen_key":
        key = cls.generate_key()
        return [len(key), key != cls.generate_key()]
    else:
        return "unknown"
    return "no error"
