# Freeze manifest for MicroPython's Zephyr port on a board without hardware drivers of ours
# (the emulated Zephyr boards, boards/ZEPHYR_M55 and boards/ZEPHYR_M3): the port's own
# manifest first, then the whole library. A board's manifest replaces the port's, so it has to
# include it: that is what freezes the port's _boot.py (which mounts /flash where the board has
# a flash filesystem) and its modules (upysh from micropython-lib).
include("$(PORT_DIR)/boards/manifest.py")
include("manifest_native.py")
