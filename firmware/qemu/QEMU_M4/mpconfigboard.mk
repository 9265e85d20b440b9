# mpcrypto reference board: MicroPython's qemu port on an emulated Cortex-M4F (Arm MPS2
# AN386 image, QEMU machine mps2-an386). Out-of-tree board for ports/qemu, built by
# `make firmware BOARD=qemu-m4 MICROPY=/path/to/micropython` (tools/ship/firmware.py), which passes
# BOARD_DIR, FROZEN_MANIFEST (../../manifest_dsp.py) and MICROPY_HEAP_SIZE.
# The port's own mps2 boards (ports/qemu/boards/MPS2_AN385) are the model: same linker
# script, SoC define and GC helpers; the CPU flags are the M4F's (Armv7E-M, FPv4-SP).
QEMU_ARCH = arm
QEMU_MACHINE = mps2-an386

CFLAGS += -mthumb -mcpu=cortex-m4 -mfloat-abi=hard -mfpu=fpv4-sp-d16
CFLAGS += -DQEMU_SOC_MPS2
CFLAGS += -DMICROPY_HW_MCU_NAME='"Cortex-M4F"'

LDSCRIPT = mcu/arm/mps2.ld

SRC_BOARD_O = shared/runtime/gchelper_native.o shared/runtime/gchelper_thumb2.o

# Frozen native code (viper kernels, Thumb-2 assembly) for the M4F, as on FRDM-K64F/K66F.
MPY_CROSS_FLAGS += -march=armv7emsp

MICROPY_FLOAT_IMPL = float
SUPPORTS_HARDWARE_FP_SINGLE = 1

# MicroPython's C stack check (ports/qemu/main.c: mp_cstack_init_with_sp_here): the port's
# 10 KB is below what a first `from mpcrypto import tls` takes (9,680 bytes measured under
# `mpremote mount`; firmware/README.md, "Main stack"). The stack itself runs down from the top
# of RAM (4 MB on the mps2 images, 2 MB on mps3) towards .bss and the heap in it: only the
# check's limit changes.
MICROPY_STACK_SIZE = 16384
