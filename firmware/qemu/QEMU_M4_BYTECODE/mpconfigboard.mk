# mpcrypto's stand-in for the RX65N path: the qemu-m4 board (MicroPython's qemu port on an
# emulated Cortex-M4F, QEMU machine mps2-an386) with the native emitters left out and the
# bytecode manifest frozen, so the portable backends run as they do on a core without a
# native emitter, and are measured on an emulated 32-bit core. Built by
# `make firmware BOARD=qemu-m4-bytecode MICROPY=/path/to/micropython` (tools/ship/firmware.py),
# which passes BOARD_DIR, FROZEN_MANIFEST (../../manifest_bytecode.py) and MICROPY_HEAP_SIZE.
QEMU_ARCH = arm
QEMU_MACHINE = mps2-an386

CFLAGS += -mthumb -mcpu=cortex-m4 -mfloat-abi=hard -mfpu=fpv4-sp-d16
CFLAGS += -DQEMU_SOC_MPS2
CFLAGS += -DMICROPY_HW_MCU_NAME='"Cortex-M4F"'
# The port's configuration turns the Thumb-2 emitters on for every Thumb core; this header
# (py/mpconfig.h's MP_CONFIGFILE hook) includes it and turns them off again.
CFLAGS += -I$(BOARD_DIR) -DMP_CONFIGFILE='"mpconfigport_bytecode.h"'

LDSCRIPT = mcu/arm/mps2.ld

SRC_BOARD_O = shared/runtime/gchelper_native.o shared/runtime/gchelper_thumb2.o

# Frozen as bytecode: no -march, as for the RX65N.

MICROPY_FLOAT_IMPL = float
SUPPORTS_HARDWARE_FP_SINGLE = 1

# MicroPython's C stack check (ports/qemu/main.c: mp_cstack_init_with_sp_here): the port's
# 10 KB is below what a first `from mpcrypto import tls` takes (9,680 bytes measured under
# `mpremote mount`; firmware/README.md, "Main stack"). The stack itself runs down from the top
# of RAM (4 MB on the mps2 images, 2 MB on mps3) towards .bss and the heap in it: only the
# check's limit changes.
MICROPY_STACK_SIZE = 16384
