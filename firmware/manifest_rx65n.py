# Freeze manifest for the RX65N with a hardware seam: the portable library
# (manifest_bytecode.py), the C-module seam (boards/c_seam/c_seam.py, plain Python) and the
# board's mpcrypto_board.py, which registers the functions of a _mpcrypto_hw C module (TSIP
# through r_tsip_rx) when the firmware has one (boards/RX65N/README.md) and nothing otherwise.
include("manifest_bytecode.py")
module("c_seam.py", base_path="../boards/c_seam")
module("mpcrypto_board.py", base_path="../boards/RX65N")
