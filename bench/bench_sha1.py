# SHA-1 throughput, emCrypt style (Algorithm | Hash MB/s, one row per backend). Runs unchanged
# on a board (mpremote mount modules run bench/bench_sha1.py) and on the unix port.
# MicroPython's C hashlib.sha1 is the reference row where the port has it; our SHA-256 on its
# viper backend is measured in the same run (the project's target: SHA-1 >= 0.8x viper SHA-256).
# Each row's JSON line carries its ratios to both (vs_builtin, vs_sha256_viper).
import mpbench
from mpcrypto.hash.sha1 import sha1

mpbench.versus_sha256("SHA-1 (FIPS 180-4)", "SHA-1", "sha1", sha1, "sha1")
