# Camellia benchmark (emCrypt table layout): ECB/CBC Enc/Dec and GCM/CCM Enc/Dec per key
# size, CTR, one row per backend. Runs unchanged on a board (mpremote mount modules run
# bench/bench_camellia.py) and on the unix port. 1 KiB buffers into a caller's buffer (256
# bytes for the portable "python" backend, 128-bit keys only). Ratios to our viper AES-128
# and to MicroPython's C cryptolib AES-128 (reference rows) measured in the same run.

import mpbench
from mpbench_block import bench_aeads, bench_modes, ratio, references


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
