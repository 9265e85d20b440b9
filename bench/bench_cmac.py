# CMAC (SP 800-38B) and GMAC (SP 800-38D) benchmark: MB/s of update+digest over 1 KiB
# (256 bytes on the portable backends) for AES-128 (the seam's default AES backend and
# viper), Camellia-128, SM4, 3DES; GMAC over AES-128 and SM4. Runs unchanged on a board
# (mpremote mount modules run bench/bench_cmac.py) and on the unix port. Ratios to our viper
# AES-128-CBC (CMAC is CBC-MAC plus one block) and to the C cryptolib AES-128 measured in
# the same run.

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


def mac_rows(label, prim, backends, make, n_fast):
    r = []
    for be in backends:
        mpbench.force(prim, be)
        n = 256 if be == "python" else n_fast
        data = bytearray(n)
        m = make()
        r.append(["%s (%s)" % (label, be), measure(label, "mac", be, lambda: (m.update(data), m.digest()), n)])
    mpbench.force(prim, None)
    return r


def main():
    from mpcrypto.cipher import camellia, des, sm4
    from mpcrypto.mac import cmac, gmac

    mpbench.header("CMAC and GMAC, MB/s of update + digest, 1 KiB messages")
    references()
    k16 = bytes(range(16))
    rows = []
    rows += mac_rows("AES-128-CMAC", "aes", [b for b in aes.backends() if b != "python"], lambda: cmac.CMAC(k16), 1024)
    rows += mac_rows("Camellia-128-CMAC", "camellia", camellia.backends(), lambda: cmac.CMAC(k16, cipher=camellia), 1024)
    rows += mac_rows("SM4-CMAC", "sm4", sm4.backends(), lambda: cmac.CMAC(k16, cipher=sm4), 1024)
    rows += mac_rows("3DES-CMAC", "des", des.backends(), lambda: cmac.CMAC(bytes(range(24)), cipher=des), 1024)
    rows += mac_rows("AES-128-GMAC", "aes", [b for b in aes.backends() if b != "python"], lambda: gmac.GMAC(k16, bytes(12)), 1024)
    rows += mac_rows("SM4-GMAC", "sm4", [b for b in sm4.backends() if b != "python"], lambda: gmac.GMAC(k16, bytes(12), cipher=sm4), 1024)
    mpbench.table([("MAC", 28), ("MB/s", 7)], rows)
    ratio("viper AES-128-CMAC / viper AES-128-CBC enc", ("viper", "AES-128-CMAC", "mac"), ("viper", "AES-128-CBC", "encrypt"))
    ratio("viper Camellia-128-CMAC / viper AES-128-CMAC", ("viper", "Camellia-128-CMAC", "mac"), ("viper", "AES-128-CMAC", "mac"))
    ratio("viper AES-128-GMAC / viper AES-128-GCM enc", ("viper", "AES-128-GMAC", "mac"), ("viper", "AES-128-GCM", "encrypt"))
    ratio("viper AES-128-CMAC / cryptolib AES-128-ECB enc", ("viper", "AES-128-CMAC", "mac"), ("cryptolib", "AES-128-ECB", "encrypt"))


main()
