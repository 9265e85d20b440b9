# Freeze manifest for the EK-RA8D1: the library for its Cortex-M85 (manifest_dsp.py), the
# C-module seam (boards/c_seam/c_seam.py), the board's mpcrypto_board.py, which checks and
# registers the _mpcrypto_hw C module's functions, and that C module itself (usermod/rsip_e51a:
# AES, SHA-256 and the TRNG over the RSIP-E51A procedures Zephyr's hal_renesas compiles for
# this board; boards/EK_RA8D1/README.md).
# The Zephyr port's own manifest (its _boot.py mounts /flash; see manifest_zephyr.py).
include("$(PORT_DIR)/boards/manifest.py")
include("manifest_dsp.py")
# The portable GHASH, which manifest_dsp.py leaves out: c_seam.py checks the hardware's
# GHASH against it.
module("mpcrypto/mac/ghash_python.py", base_path="../modules", opt=3)
module("c_seam.py", base_path="../boards/c_seam")
module("mpcrypto_board.py", base_path="../boards/EK_RA8D1")
c_module("usermod/rsip_e51a")
