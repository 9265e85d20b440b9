# Camellia benchmark (emCrypt table layout): ECB/CBC Enc/Dec and GCM/CCM Enc/Dec per key
# size, CTR, one row per backend. Runs unchanged on a board (mpremote mount modules run
# bench/bench_camellia.py) and on the unix port. 1 KiB buffers into a caller's buffer (256
# bytes for the portable "python" backend, 128-bit keys only). Ratios to our viper AES-128
# and to MicroPython's C cryptolib AES-128 (reference rows) measured in the same run.

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


def main():
    from mpcrypto.cipher import camellia
    from mpcrypto.aead.ccm import CamelliaCCM
    from mpcrypto.aead.gcm import CamelliaGCM

    mpbench.header("Camellia (ECB, CBC, CTR, GCM, CCM), MB/s, 1 KiB buffers into a caller's buffer")
    references()
    rows1, rows2, rows3 = [], [], []
    for be in camellia.backends():
        mpbench.force("camellia", be)
        n = 256 if be == "python" else 1024
        for bits in ((128,) if be == "python" else (128, 192, 256)):
            key = bytes(range(bits // 8))
            m = bench_modes(camellia.camellia, "Camellia-%d" % bits, be, key, 16, n)
            rows1.append(["Camellia (%s)" % be, bits] + m[:4])
            rows3.append(["Camellia (%s)" % be, bits, m[4]])
            rows2.append(["Camellia (%s)" % be, bits] + bench_aeads(((CamelliaGCM, "GCM"), (CamelliaCCM, "CCM")), "Camellia-%d" % bits, be, key, n))
    mpbench.force("camellia", None)
    cols = [("Cipher", 18), ("Bits", 4), ("Enc", 7), ("Dec", 7), ("Enc", 7), ("Dec", 7)]
    mpbench.table(cols, rows1, groups=[("", 1), ("", 1), ("ECB        MB/s", 2), ("CBC        MB/s", 2)])
    mpbench.table(cols, rows2, groups=[("", 1), ("", 1), ("GCM        MB/s", 2), ("CCM        MB/s", 2)])
    mpbench.table([("Cipher", 18), ("Bits", 4), ("Enc", 7)], rows3, groups=[("", 1), ("", 1), ("CTR MB/s", 1)])
    ratio("viper Camellia-128-ECB enc / viper AES-128-ECB enc", ("viper", "Camellia-128-ECB", "encrypt"), ("viper", "AES-128-ECB", "encrypt"))
    ratio("viper Camellia-128-CBC enc / viper AES-128-CBC enc", ("viper", "Camellia-128-CBC", "encrypt"), ("viper", "AES-128-CBC", "encrypt"))
    ratio("viper Camellia-128-GCM enc / viper AES-128-GCM enc", ("viper", "Camellia-128-GCM", "encrypt"), ("viper", "AES-128-GCM", "encrypt"))
    ratio("viper Camellia-128-ECB enc / cryptolib AES-128-ECB enc", ("viper", "Camellia-128-ECB", "encrypt"), ("cryptolib", "AES-128-ECB", "encrypt"))


main()
