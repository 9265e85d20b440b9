# mpcrypto reference board: MicroPython's qemu port on an emulated Cortex-M55 (Arm MPS3
# AN547 image, QEMU machine mps3-an547), the closest core QEMU has to EK-RA8D1's Cortex-M85
# (both Armv8.1-M with Helium). Out-of-tree board for ports/qemu, built by
# `make firmware BOARD=qemu-m55 MICROPY=/path/to/micropython` (tools/ship/firmware.py), which passes
# BOARD_DIR, FROZEN_MANIFEST (../../manifest_dsp.py) and MICROPY_HEAP_SIZE.
# Modelled on the port's MPS3_AN547 board. mpy-cross has no Armv8.1-M target: Armv7E-M+DP
# Thumb-2 runs unchanged on these cores.
QEMU_ARCH = arm
QEMU_MACHINE = mps3-an547

CFLAGS += -mthumb -mcpu=cortex-m55 -mfloat-abi=hard -mfpu=fpv5-d16
CFLAGS += -DQEMU_SOC_MPS3
CFLAGS += -DMICROPY_HW_MCU_NAME='"Cortex-M55"'
CFLAGS += -DCPU_FREQ_HZ=32000000

LDSCRIPT = mcu/arm/mps3.ld

SRC_BOARD_O = shared/runtime/gchelper_generic.o

MPY_CROSS_FLAGS += -march=armv7emdp

# Single-precision Python floats: with Debian's newlib the port's double libm (lib/libm_dbl)
# does not compile for this core (log.c: unknown type name 'double_t'). The library does not
# use floats; the FPU stays double-precision, so native code is still armv7emdp.
MICROPY_FLOAT_IMPL = float
SUPPORTS_HARDWARE_FP_SINGLE = 1

# MicroPython's C stack check (ports/qemu/main.c: mp_cstack_init_with_sp_here): the port's
# 10 KB is below what a first `from mpcrypto import tls` takes (9,680 bytes measured under
# `mpremote mount`; firmware/README.md, "Main stack"). The stack itself runs down from the top
# of RAM (4 MB on the mps2 images, 2 MB on mps3) towards .bss and the heap in it: only the
# check's limit changes.
MICROPY_STACK_SIZE = 16384
