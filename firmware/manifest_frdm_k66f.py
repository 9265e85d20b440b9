# Freeze manifest for the FRDM-K66F: the library, the Kinetis drivers and the board module
# that registers the mmCAU and the RNGA when the probe identifies a K66 (see
# manifest_kinetis.py). Use it from a MicroPython board build: FROZEN_MANIFEST=/path/to/this/file
# The Zephyr port's own manifest (its _boot.py mounts /flash; see manifest_zephyr.py).
include("$(PORT_DIR)/boards/manifest.py")
include("manifest_kinetis.py")
module("mpcrypto_board.py", base_path="../boards/FRDM_K66F")
