"""Shared by the block-cipher and MAC benchmarks (bench_camellia, bench_sm4, bench_des,
bench_cmac): one row per measurement through ``mpbench``, the ECB/CBC/CTR and GCM/CCM loops
of emCrypt's cipher tables, and the reference rows every one of them is compared with in the
same run: our viper AES-128 (ECB/CBC/CTR, GCM) and MicroPython's C ``cryptolib`` AES-128.
Kept out of ``mpbench`` so that a hash or EC benchmark does not compile it on a board."""

import mpbench
from mpcrypto.cipher import aes

results = {}  # (backend, algorithm, operation) -> MB/s


def measure(alg, op, backend, fn, nbytes, reference=False):
    # the portable backends are ~100x slower: a shorter window keeps the run short
    if backend == "python":
        mbps, heap = mpbench.throughput(fn, nbytes, 100_000)
    else:
        mbps, heap = mpbench.throughput(fn, nbytes)
    mpbench.row(alg, op, "builtin" if reference else backend, mbps, "MB/s", heap, reference, bytes=nbytes)
    results[(backend, alg, op)] = mbps
    return mbps


def bench_modes(cls, prefix, backend, key, bs, n):
    # ECB and CBC encrypt/decrypt and CTR encrypt of n bytes into a caller's buffer.
    iv = bytes(bs)
    buf = bytearray(n)
    out = bytearray(n)
    r = []
    for mode, mname in ((1, "ECB"), (2, "CBC")):
        alg = prefix + "-" + mname
        e = cls(key, mode, iv) if mode == 2 else cls(key, mode)
        d = cls(key, mode, iv) if mode == 2 else cls(key, mode)
        r.append(measure(alg, "encrypt", backend, lambda: e.encrypt(buf, out), n))
        r.append(measure(alg, "decrypt", backend, lambda: d.decrypt(buf, out), n))
    c = cls(key, 6, iv)
    r.append(measure(prefix + "-CTR", "encrypt", backend, lambda: c.encrypt(buf, out), n))
    return r


def bench_aeads(classes, prefix, backend, key, n):
    # GCM and CCM encrypt_into / decrypt_into of n bytes, 12-byte nonce, no AAD.
    nonce = bytes(12)
    data = bytearray(n)
    r = []
    for cls, name in classes:
        a = cls(key)
        sealed = bytearray(n + 16)
        opened = bytearray(n)
        a.encrypt_into(nonce, data, None, sealed)
        alg = prefix + "-" + name
        r.append(measure(alg, "encrypt", backend, lambda: a.encrypt_into(nonce, data, None, sealed), n))
        r.append(measure(alg, "decrypt", backend, lambda: a.decrypt_into(nonce, sealed, None, opened), n))
    return r


def references(n=1024):
    """Our viper AES-128 (ECB/CBC/CTR, GCM) and MicroPython's C cryptolib AES-128 ECB/CBC,
    measured in this run: the denominators of the ratios."""
    from mpcrypto.aead.gcm import AESGCM

    key = bytes(range(16))
    if "viper" in aes.backends():
        mpbench.force("aes", "viper")
        bench_modes(aes.aes, "AES-128", "viper", key, 16, n)
        bench_aeads(((AESGCM, "GCM"),), "AES-128", "viper", key, n)
        mpbench.force("aes", None)
    try:
        import cryptolib

        buf = bytearray(n)
        out = bytearray(n)
        e = cryptolib.aes(key, 1)
        d = cryptolib.aes(key, 1)
        measure("AES-128-ECB", "encrypt", "cryptolib", lambda: e.encrypt(buf, out), n, True)
        measure("AES-128-ECB", "decrypt", "cryptolib", lambda: d.decrypt(buf, out), n, True)
    except (ImportError, ValueError):
        pass


def ratio(label, a, b):
    if a in results and b in results:
        x = results[a] / results[b]
        print("%-56s %.2f" % (label, x))
        mpbench.row(label, "ratio", a[0], x, "x", 0)
