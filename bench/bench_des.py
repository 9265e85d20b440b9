# DES / 3DES benchmark (emCrypt table layout): ECB/CBC Enc/Dec per key size (64, 128 and
# 192 bits counted with parity, as emCrypt's table counts them), and 3DES-CTR as
# CycloneCRYPTO benches it; one row per backend. Runs unchanged on a board (mpremote mount
# modules run bench/bench_des.py) and on the unix port. 1 KiB buffers into a caller's
# buffer (256 bytes for the portable "python" backend). Ratios to our viper AES-128 and to
# MicroPython's C cryptolib AES-128 (reference rows) measured in the same run.

import mpbench
from mpbench_block import bench_modes, ratio, references


def main():
    from mpcrypto.cipher import des

    mpbench.header("DES and 3DES (ECB, CBC, CTR), MB/s, 1 KiB buffers into a caller's buffer")
    references()
    rows = []
    for be in des.backends():
        mpbench.force("des", be)
        n = 256 if be == "python" else 1024
        for bits, cls, name in ((64, des.des, "DES"), (128, des.des3, "3DES-128"), (192, des.des3, "3DES-192")):
            key = bytes(range(1, bits // 8 + 1))
            m = bench_modes(cls, name, be, key, 8, n)
            rows.append(["%s (%s)" % ("DES" if bits == 64 else "3DES", be), bits] + m)
    mpbench.force("des", None)
    cols = [("Cipher", 16), ("Bits", 4), ("Enc", 7), ("Dec", 7), ("Enc", 7), ("Dec", 7), ("Enc", 7)]
    mpbench.table(cols, rows, groups=[("", 1), ("", 1), ("ECB        MB/s", 2), ("CBC        MB/s", 2), ("CTR MB/s", 1)])
    ratio("viper DES-ECB enc / viper AES-128-ECB enc", ("viper", "DES-ECB", "encrypt"), ("viper", "AES-128-ECB", "encrypt"))
    ratio("viper 3DES-192-ECB enc / viper AES-128-ECB enc", ("viper", "3DES-192-ECB", "encrypt"), ("viper", "AES-128-ECB", "encrypt"))
    ratio("viper 3DES-192-CTR enc / viper AES-128-CTR enc", ("viper", "3DES-192-CTR", "encrypt"), ("viper", "AES-128-CTR", "encrypt"))
    ratio("viper DES-ECB enc / cryptolib AES-128-ECB enc", ("viper", "DES-ECB", "encrypt"), ("cryptolib", "AES-128-ECB", "encrypt"))


main()
