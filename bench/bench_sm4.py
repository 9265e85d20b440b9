# SM4 benchmark (emCrypt table layout): ECB/CBC Enc/Dec, CTR, GCM/CCM Enc/Dec (RFC 8998),
# one row per backend. Runs unchanged on a board (mpremote mount modules run
# bench/bench_sm4.py) and on the unix port. 1 KiB buffers into a caller's buffer (256 bytes
# for the portable "python" backend). Ratios to our viper AES-128 and to MicroPython's C
# cryptolib AES-128 (reference rows) measured in the same run.

import mpbench
from mpbench_block import bench_aeads, bench_modes, ratio, references


def main():
    from mpcrypto.cipher import sm4
    from mpcrypto.aead.ccm import SM4CCM
    from mpcrypto.aead.gcm import SM4GCM

    mpbench.header("SM4 (ECB, CBC, CTR, GCM, CCM), MB/s, 1 KiB buffers into a caller's buffer")
    references()
    rows1, rows2 = [], []
    key = bytes(range(16))
    for be in sm4.backends():
        mpbench.force("sm4", be)
        n = 256 if be == "python" else 1024
        m = bench_modes(sm4.sm4, "SM4", be, key, 16, n)
        a = bench_aeads(((SM4GCM, "GCM"), (SM4CCM, "CCM")), "SM4", be, key, n)
        rows1.append(["SM4 (%s)" % be, 128] + m)
        rows2.append(["SM4 (%s)" % be, 128] + a)
    mpbench.force("sm4", None)
    cols = [("Cipher", 14), ("Bits", 4), ("Enc", 7), ("Dec", 7), ("Enc", 7), ("Dec", 7), ("Enc", 7)]
    mpbench.table(cols, rows1, groups=[("", 1), ("", 1), ("ECB        MB/s", 2), ("CBC        MB/s", 2), ("CTR MB/s", 1)])
    mpbench.table(cols[:6], rows2, groups=[("", 1), ("", 1), ("GCM        MB/s", 2), ("CCM        MB/s", 2)])
    ratio("viper SM4-ECB enc / viper AES-128-ECB enc", ("viper", "SM4-ECB", "encrypt"), ("viper", "AES-128-ECB", "encrypt"))
    ratio("viper SM4-CTR enc / viper AES-128-CTR enc", ("viper", "SM4-CTR", "encrypt"), ("viper", "AES-128-CTR", "encrypt"))
    ratio("viper SM4-GCM enc / viper AES-128-GCM enc", ("viper", "SM4-GCM", "encrypt"), ("viper", "AES-128-GCM", "encrypt"))
    ratio("viper SM4-ECB enc / cryptolib AES-128-ECB enc", ("viper", "SM4-ECB", "encrypt"), ("cryptolib", "AES-128-ECB", "encrypt"))


main()
