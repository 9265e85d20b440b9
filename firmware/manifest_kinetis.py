# Freeze manifest for the Kinetis K64/K66 boards' drivers: the library for their Cortex-M4F
# (manifest_dsp.py) plus boards/kinetis/ (the mmCAU and RNGA drivers: Thumb-2 assembly
# and the Python glue around it). A board's manifest (manifest_frdm_k64f.py,
# manifest_frdm_k66f.py) includes this one and adds its mpcrypto_board.py, the module the
# library imports once to probe the chip and register the hardware (boards/kinetis/kinetis.py).
# Only a K64/K66 firmware may freeze these: the probe reads SIM_SDID on any Cortex-M4.
include("manifest_dsp.py")
module("kinetis.py", base_path="../boards/kinetis")
module("kinetis_asm.py", base_path="../boards/kinetis")
module("kinetis_mmcau.py", base_path="../boards/kinetis")
module("kinetis_rnga.py", base_path="../boards/kinetis")
