# mpcrypto reference board: MicroPython's qemu port on an emulated Cortex-M7 (Arm MPS2
# AN500 image, QEMU machine mps2-an500). Out-of-tree board for ports/qemu, built by
# `make firmware BOARD=qemu-m7 MICROPY=/path/to/micropython` (tools/ship/firmware.py), which passes
# BOARD_DIR, FROZEN_MANIFEST (../../manifest_dsp.py) and MICROPY_HEAP_SIZE.
# Modelled on the port's MPS2_AN500 board: Armv7E-M with the double-precision FPv5.
QEMU_ARCH = arm
QEMU_MACHINE = mps2-an500

CFLAGS += -mthumb -mcpu=cortex-m7 -mfloat-abi=hard -mfpu=fpv5-d16
CFLAGS += -DQEMU_SOC_MPS2
CFLAGS += -DMICROPY_HW_MCU_NAME='"Cortex-M7"'

LDSCRIPT = mcu/arm/mps2.ld

SRC_BOARD_O = shared/runtime/gchelper_native.o shared/runtime/gchelper_thumb2.o

MPY_CROSS_FLAGS += -march=armv7emdp

MICROPY_FLOAT_IMPL = double
SUPPORTS_HARDWARE_FP_DOUBLE = 1

# MicroPython's C stack check (ports/qemu/main.c: mp_cstack_init_with_sp_here): the port's
# 10 KB is below what a first `from mpcrypto import tls` takes (9,680 bytes measured under
# `mpremote mount`; firmware/README.md, "Main stack"). The stack itself runs down from the top
# of RAM (4 MB on the mps2 images, 2 MB on mps3) towards .bss and the heap in it: only the
# check's limit changes.
MICROPY_STACK_SIZE = 16384
