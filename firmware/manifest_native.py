# Freeze manifest for boards with a native emitter (Cortex-M: EK-RA8D1, FRDM-K64F, FRDM-K66F).
# Use it from a MicroPython board build:  make BOARD=... FROZEN_MANIFEST=/path/to/this/file
# Relative paths are resolved from this file's folder. The whole package is frozen, viper
# kernels included; mpy-cross compiles them for the port's arch.
package("mpcrypto", base_path="../modules")
