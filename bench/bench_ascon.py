# Ascon-AEAD128 (NIST SP 800-232) throughput, one row per backend of the permutation seam
# "ascon"; runs unchanged on a board (mpremote mount modules run bench/bench_ascon.py) and on
# the unix port. Buffers: 1 KiB into a caller's buffer (256 bytes for the portable "python"
# backend). MicroPython has no C Ascon: the reference rows are the port's C cryptolib
# AES-128-ECB (backend "builtin", reference true) and our own AES-128-GCM on its default and
# on viper AES (the project's target: Ascon-AEAD128 >= 1.5x our AES-128-GCM), same run.
# Ascon-Hash256 / XOF128: bench/bench_ascon_hash.py.
import mpbench
from mpcrypto.aead.ascon import AsconAEAD128, backends

results = {}


def measure(alg, op, backend, fn, nbytes, reference=False):
    mbs, heap = mpbench.throughput(fn, nbytes, 100_000 if backend == "python" else 400_000)
    mpbench.row(alg, op, "builtin" if reference else backend, mbs, "MB/s", heap, reference, bytes=nbytes)
    results[(backend, alg, op)] = mbs
    return mbs


def main():
    mpbench.header("Ascon-AEAD128 (SP 800-232), MB/s, into a caller's buffer")
    rows = []
    names = backends()
    for be in names:
        n = 256 if be == "python" else 1024
        mpbench.force("ascon", be)
        a = AsconAEAD128(bytes(range(16)))
        nonce = bytes(16)
        data = bytearray(n)
        sealed = bytearray(n + 16)
        opened = bytearray(n)
        a.encrypt_into(nonce, data, None, sealed)
        rows.append([be, measure("Ascon-AEAD128", "encrypt", be, lambda: a.encrypt_into(nonce, data, None, sealed), n),
                     measure("Ascon-AEAD128", "decrypt", be, lambda: a.decrypt_into(nonce, sealed, None, opened), n)])
    mpbench.force("ascon", None)
    mpbench.table([("Backend", 8), ("Enc", 7), ("Dec", 7)], rows, groups=[("", 1), ("Ascon-AEAD128 MB/s", 2)])

    n = 1024
    data = bytearray(n)
    out = bytearray(n + 16)
    refs = []
    try:
        import cryptolib

        e = cryptolib.aes(bytes(16), 1)
        refs.append(["AES-128-ECB (cryptolib, C)", measure("AES-128-ECB", "encrypt", "cryptolib", lambda: e.encrypt(data, out), n, True)])
    except ImportError:
        pass
    from mpcrypto.aead.gcm import AESGCM
    from mpcrypto.cipher import aes

    nonce = bytes(12)
    for be in [aes.backends()[0]] + (["viper"] if "viper" in aes.backends()[1:] else []):
        mpbench.force("aes", be)
        g = AESGCM(bytes(16))
        refs.append(["AES-128-GCM (%s)" % be, measure("AES-128-GCM", "encrypt", be, lambda: g.encrypt_into(nonce, data, None, out), n)])
    mpbench.force("aes", None)
    mpbench.table([("Reference", 30), ("MB/s", 7)], refs)

    def ratio(label, a, b):
        if a in results and b in results:
            x = results[a] / results[b]
            print("%-52s %.2f" % (label, x))
            mpbench.row(label, "ratio", a[0], x, "x", 0)

    top = names[0]
    for k in [k for k in results if k[1] == "AES-128-GCM"]:
        ratio("%s Ascon-AEAD128 / AES-128-GCM (aes %s) enc" % (top, k[0]), (top, "Ascon-AEAD128", "encrypt"), k)
    ratio("%s Ascon-AEAD128 enc / cryptolib AES-128-ECB (C)" % top, (top, "Ascon-AEAD128", "encrypt"),
          ("cryptolib", "AES-128-ECB", "encrypt"))


main()
