"""EK-RA8D1: RSIP-E51A (FSP r_rsip) has no public register interface, so no driver of ours
touches it. If the firmware was built with a C module named ``_mpcrypto_hw``
(boards/c_seam/c_seam.py says what it must provide, README.md here how to bind the vendor
driver), its functions are registered with the seam; without one nothing is registered and
the software backends run."""

try:
    import _mpcrypto_hw
except ImportError:
    _mpcrypto_hw = None

REGISTERED = {}
if _mpcrypto_hw is not None:
    import c_seam

    REGISTERED = c_seam.register(_mpcrypto_hw)
