# AES benchmark: ECB/CBC/CTR and the AEADs GCM/CCM, one row per backend per key size.
# Runs unchanged on a board (mpremote mount modules run bench/bench_aes.py) and on the unix
# port. Buffers: 1 KiB processed into a caller's buffer (256 bytes for the slow portable
# "python" backend). Reference rows "cryptolib" call MicroPython's C cryptolib.aes directly
# (ECB/CBC; AES-192 is absent from cryptolib): their JSON lines say backend "builtin" and
# reference true. Ratios the project tracks are printed last.
import mpbench
from mpcrypto.cipher import aes
from mpcrypto.aead.gcm import AESGCM, ghash_backends
from mpcrypto.aead.ccm import AESCCM

BITS = (128, 192, 256)
results = {}  # (backend, "AES-128-ECB", op) -> MB/s


def measure(alg, op, backend, fn, nbytes, reference=False):
    # the portable backend is ~300x slower: a shorter window keeps the run under a minute
    if backend == "python":
        mbps, heap = mpbench.throughput(fn, nbytes, 100_000)
    else:
        mbps, heap = mpbench.throughput(fn, nbytes)
    mpbench.row(alg, op, "builtin" if reference else backend, mbps, "MB/s", heap, reference, bytes=nbytes)
    results[(backend, alg, op)] = mbps
    return mbps


def bench_modes(backend, bits, n):
    key = bytes(range(bits // 8))
    iv = bytes(16)
    buf = bytearray(n)
    out = bytearray(n)
    r = []
    for mode, name in ((aes.MODE_ECB, "ECB"), (aes.MODE_CBC, "CBC")):
        alg = "AES-%d-%s" % (bits, name)
        e = aes.aes(key, mode, iv) if mode != aes.MODE_ECB else aes.aes(key, mode)
        d = aes.aes(key, mode, iv) if mode != aes.MODE_ECB else aes.aes(key, mode)
        r.append(measure(alg, "encrypt", backend, lambda: e.encrypt(buf, out), n))
        r.append(measure(alg, "decrypt", backend, lambda: d.decrypt(buf, out), n))
    c = aes.aes(key, aes.MODE_CTR, iv)
    r.append(measure("AES-%d-CTR" % bits, "encrypt", backend, lambda: c.encrypt(buf, out), n))
    return r


def bench_aead(backend, bits, n):
    key = bytes(range(bits // 8))
    nonce = bytes(12)
    data = bytearray(n)
    r = []
    for cls, name in ((AESGCM, "GCM"), (AESCCM, "CCM")):
        a = cls(key)
        sealed = bytearray(n + 16)
        opened = bytearray(n)
        a.encrypt_into(nonce, data, None, sealed)
        alg = "AES-%d-%s" % (bits, name)
        r.append(measure(alg, "encrypt", backend, lambda: a.encrypt_into(nonce, data, None, sealed), n))
        r.append(measure(alg, "decrypt", backend, lambda: a.decrypt_into(nonce, sealed, None, opened), n))
    return r


def bench_cryptolib(bits, n):
    try:
        import cryptolib

        cryptolib.aes(bytes(bits // 8), 1)
    except (ImportError, ValueError):
        return None
    key = bytes(range(bits // 8))
    buf = bytearray(n)
    out = bytearray(n)
    r = []
    for mode, name in ((1, "ECB"), (2, "CBC")):
        alg = "AES-%d-%s" % (bits, name)
        e = cryptolib.aes(key, mode, bytes(16)) if mode == 2 else cryptolib.aes(key, mode)
        d = cryptolib.aes(key, mode, bytes(16)) if mode == 2 else cryptolib.aes(key, mode)
        r.append(measure(alg, "encrypt", "cryptolib", lambda: e.encrypt(buf, out), n, True))
        r.append(measure(alg, "decrypt", "cryptolib", lambda: d.decrypt(buf, out), n, True))
    return r


def main():
    mpbench.header("AES (ECB, CBC, CTR, GCM, CCM), MB/s, 1 KiB buffers into a caller's buffer")
    names = aes.backends()
    ghs = ghash_backends()
    default = names[0]
    rows1, rows2, rows3 = [], [], []
    for bits in BITS:
        r = bench_cryptolib(bits, 1024)
        if r:
            rows1.append(["AES (cryptolib)", bits] + r)
    for be in names:
        n = 256 if be == "python" else 1024
        mpbench.force("aes", be)
        # GHASH follows the AES backend's class: the portable pair for "python" (where the
        # portable GHASH is there: a DSP board's firmware leaves it out), else the best.
        mpbench.force("ghash", "python" if be == "python" and "python" in ghs else ghs[0])
        for bits in BITS:
            m = bench_modes(be, bits, n)
            rows1.append(["AES (%s)" % be, bits] + m[:4])
            rows3.append(["AES (%s)" % be, bits, m[4]])
            rows2.append(["AES (%s)" % be, bits] + bench_aead(be, bits, n))
    mpbench.force("aes", None)
    mpbench.force("ghash", None)
    cols = [("Cipher", 16), ("Bits", 4), ("Enc", 7), ("Dec", 7), ("Enc", 7), ("Dec", 7)]
    mpbench.table(cols, rows1, groups=[("", 1), ("", 1), ("ECB        MB/s", 2), ("CBC        MB/s", 2)])
    mpbench.table(cols, rows2, groups=[("", 1), ("", 1), ("GCM        MB/s", 2), ("CCM        MB/s", 2)])
    mpbench.table([("Cipher", 16), ("Bits", 4), ("Enc", 7)], rows3, groups=[("", 1), ("", 1), ("CTR MB/s", 1)])

    def ratio(label, a, b):
        if a in results and b in results:
            x = results[a] / results[b]
            print("%-48s %.2f" % (label, x))
            mpbench.row(label, "ratio", a[0], x, "x", 0)

    ratio("viper AES-128-ECB enc / cryptolib", ("viper", "AES-128-ECB", "encrypt"), ("cryptolib", "AES-128-ECB", "encrypt"))
    ratio("viper AES-128-CBC enc / cryptolib", ("viper", "AES-128-CBC", "encrypt"), ("cryptolib", "AES-128-CBC", "encrypt"))
    ratio("viper AES-128-GCM enc / viper AES-128-CTR", ("viper", "AES-128-GCM", "encrypt"), ("viper", "AES-128-CTR", "encrypt"))
    ratio("%s (default) AES-128-GCM enc / CTR" % default, (default, "AES-128-GCM", "encrypt"), (default, "AES-128-CTR", "encrypt"))


main()
