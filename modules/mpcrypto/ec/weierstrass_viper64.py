"""``weierstrass_viper`` with 32-bit limbs, for ports whose viper words are 64 bits (the unix
port on x86-64 or AArch64). Seam primitive "ec_weierstrass", backend "viper64".

Same algorithms, programs and constant-time properties as ``weierstrass_viper``; only the
field kernels differ: ``field/v32_<N>`` (and ``field/v32_p256``) use 32-bit limbs,
whose products need a 64-bit uint, so a multiplication has a quarter of the limb products
of the 16-bit kernels. ``probe()`` is False on 32-bit ports (every MCU we target), where
``weierstrass_viper`` is the viper backend; a firmware for an MCU need not freeze this
module or the ``v32_`` kernels.
"""

from mpcrypto.ec import weierstrass_viper as _wv
from mpcrypto.ec.field import engine as _fe


def probe():
    return _fe.wide()


def new(curve):
    """A per-curve arithmetic context on 32-bit limbs (see ``weierstrass_viper``)."""
    return _wv._Curve(curve, True)
