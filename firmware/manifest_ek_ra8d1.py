# Freeze manifest for the EK-RA8D1 with a hardware seam: the library for its Cortex-M85
# (manifest_dsp.py), the C-module seam (boards/c_seam/c_seam.py) and the board's
# mpcrypto_board.py, which registers the functions of a _mpcrypto_hw C module (RSIP-E51A
# through FSP's r_rsip) when the firmware has one (boards/EK_RA8D1/README.md) and nothing
# otherwise.
# The Zephyr port's own manifest (its _boot.py mounts /flash; see manifest_zephyr.py).
include("$(PORT_DIR)/boards/manifest.py")
include("manifest_dsp.py")
module("c_seam.py", base_path="../boards/c_seam")
module("mpcrypto_board.py", base_path="../boards/EK_RA8D1")
