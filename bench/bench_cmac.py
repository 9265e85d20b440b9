# CMAC (SP 800-38B) and GMAC (SP 800-38D) benchmark: MB/s of update+digest over 1 KiB
# (256 bytes on the portable backends) for AES-128 (the seam's default AES backend and
# viper), Camellia-128, SM4, 3DES; GMAC over AES-128 and SM4. Runs unchanged on a board
# (mpremote mount modules run bench/bench_cmac.py) and on the unix port. Ratios to our viper
# AES-128-CBC (CMAC is CBC-MAC plus one block) and to the C cryptolib AES-128 measured in
# the same run.

import mpbench
from mpcrypto.cipher import aes
from mpbench_block import measure, ratio, references


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
