# Freeze manifest for boards whose core has the DSP extension and a constant-time UMULL
# (Cortex-M4, M7, M55, M85: FRDM-K64F, FRDM-K66F, EK-RA8D1 and the emulated qemu-m4, qemu-m7,
# qemu-m55): the whole library of manifest_native.py but the modules a Thumb-2 kernel always
# takes the place of on such a core (its SHADOWED list). A core without them (Cortex-M3, M33)
# needs manifest_native.py itself.
include("manifest_native.py", dsp=True)
