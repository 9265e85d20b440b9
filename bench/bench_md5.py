# MD5 throughput, emCrypt style (Algorithm | Hash MB/s, one row per backend). Runs unchanged
# on a board (mpremote mount modules run bench/bench_md5.py) and on the unix port.
# MicroPython's C hashlib.md5 is the reference row where the port has it; our SHA-256 on its
# viper backend is measured in the same run (the project's target: MD5 >= 1.0x viper SHA-256).
# Each row's JSON line carries its ratios to both (vs_builtin, vs_sha256_viper).
import mpbench
from mpcrypto.hash.md5 import md5

mpbench.versus_sha256("MD5 (RFC 1321)", "MD5", "md5", md5, "md5")
