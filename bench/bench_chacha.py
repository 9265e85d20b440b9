# ChaCha20, Poly1305 and (X)ChaCha20-Poly1305 throughput, one row per backend; runs unchanged
# on a board (mpremote mount modules run bench/bench_chacha.py) and on the unix port.
# Buffers: 1 KiB into a caller's buffer (256 bytes for the portable "python" backend).
# MicroPython has no C ChaCha20 or Poly1305: the reference rows are the port's C cryptolib
# AES-128-ECB (backend "builtin", reference true) and, for the project's target
# (ChaCha20-Poly1305 >= 1.5x our AES-128-GCM), our own AES-128-GCM on its default backends,
# measured in the same run. Ratios are printed last and as JSON rows (unit "x").
import mpbench
from mpcrypto.cipher import chacha20 as cc
from mpcrypto.mac import poly1305 as poly
from mpcrypto.aead.chacha20poly1305 import ChaCha20Poly1305, XChaCha20Poly1305

results = {}


def measure(alg, op, backend, fn, nbytes, reference=False):
    mbs, heap = mpbench.throughput(fn, nbytes, 100_000 if backend == "python" else 400_000)
    mpbench.row(alg, op, "builtin" if reference else backend, mbs, "MB/s", heap, reference, bytes=nbytes)
    results[(backend, alg, op)] = mbs
    return mbs


def bench_backend(be, n):
    key = bytes(range(32))
    data = bytearray(n)
    out = bytearray(n + 16)
    back = bytearray(n)
    r = []
    s = cc.chacha20(key, bytes(12))
    r.append(measure("ChaCha20", "encrypt", be, lambda: s.encrypt(data, out), n))
    p = poly.Poly1305(key)
    r.append(measure("Poly1305", "mac", be, lambda: p.update(data), n))
    for cls, alg, nl in ((ChaCha20Poly1305, "ChaCha20-Poly1305", 12), (XChaCha20Poly1305, "XChaCha20-Poly1305", 24)):
        a = cls(key)
        nonce = bytes(nl)
        a.encrypt_into(nonce, data, None, out)
        r.append(measure(alg, "encrypt", be, lambda: a.encrypt_into(nonce, data, None, out), n))
        r.append(measure(alg, "decrypt", be, lambda: a.decrypt_into(nonce, out, None, back), n))
    return r


def bench_references(n):
    rows = []
    data = bytearray(n)
    out = bytearray(n + 16)
    try:
        import cryptolib

        e = cryptolib.aes(bytes(16), 1)
        rows.append(["AES-128-ECB (cryptolib, C)", measure("AES-128-ECB", "encrypt", "cryptolib", lambda: e.encrypt(data, out), n, True)])
    except ImportError:
        pass
    from mpcrypto.aead.gcm import AESGCM
    from mpcrypto.cipher import aes

    # our AES-128-GCM: on the default AES backend, and on viper AES (the target's basis)
    nonce = bytes(12)
    for be in [aes.backends()[0]] + (["viper"] if "viper" in aes.backends()[1:] else []):
        mpbench.force("aes", be)
        g = AESGCM(bytes(16))
        rows.append(["AES-128-GCM (%s)" % be, measure("AES-128-GCM", "encrypt", be, lambda: g.encrypt_into(nonce, data, None, out), n)])
    mpbench.force("aes", None)
    return rows


def main():
    mpbench.header("ChaCha20, Poly1305, ChaCha20-Poly1305 (RFC 8439), MB/s, into a caller's buffer")
    names = cc.backends()
    rows = []
    for be in names:
        n = 256 if be == "python" else 1024
        mpbench.force("chacha20", be)
        mpbench.force("poly1305", be if be in poly.backends() else None)
        rows.append([be] + bench_backend(be, n))
    mpbench.force("chacha20", None)
    mpbench.force("poly1305", None)
    mpbench.table([("Backend", 8), ("ChaCha20", 8), ("Poly1305", 8), ("Enc", 7), ("Dec", 7), ("Enc", 7), ("Dec", 7)], rows,
                  groups=[("", 1), ("", 1), ("", 1), ("ChaCha20-Poly1305", 2), ("XChaCha20-Poly1305", 2)])
    refs = bench_references(1024)
    mpbench.table([("Reference", 30), ("MB/s", 7)], refs)

    def ratio(label, a, b):
        if a in results and b in results:
            x = results[a] / results[b]
            print("%-52s %.2f" % (label, x))
            mpbench.row(label, "ratio", a[0], x, "x", 0)

    top = names[0]
    for k in [k for k in results if k[1] == "AES-128-GCM"]:
        ratio("%s ChaCha20-Poly1305 / AES-128-GCM (aes %s) enc" % (top, k[0]), (top, "ChaCha20-Poly1305", "encrypt"), k)
    ratio("%s ChaCha20 / cryptolib AES-128-ECB (C)" % top, (top, "ChaCha20", "encrypt"), ("cryptolib", "AES-128-ECB", "encrypt"))
    ratio("%s ChaCha20-Poly1305 enc / cryptolib AES-128-ECB" % top, (top, "ChaCha20-Poly1305", "encrypt"),
          ("cryptolib", "AES-128-ECB", "encrypt"))


main()
