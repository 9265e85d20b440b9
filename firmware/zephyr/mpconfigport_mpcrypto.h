// mpcrypto on MicroPython's Zephyr port (Arm Cortex-M boards): the port's configuration plus
// the emitters our frozen kernels need. Selected by tools/firmware.py with
// -DCONFIG_MICROPY_CONFIGFILE="<this file>" (the port's Kconfig option MICROPY_CONFIGFILE, the
// mechanism its boards/bflb/BL70xA0.h uses); the board's .conf beside this file sets the rest.
#pragma once

#include "mpconfigport.h"

// The port switches on only the RISC-V emitters. Viper/native code (our field, AES, SHA and
// GHASH kernels) needs the Thumb-2 emitter, and @micropython.asm_thumb (the UMAAL Montgomery
// multipliers) the inline Thumb assembler. With them on, MicroPython also loads native code
// from .mpy files (MICROPY_PERSISTENT_CODE_LOAD_NATIVE follows MICROPY_EMIT_MACHINE_CODE in
// py/mpconfig.h), so `make deploy` can add .mpy kernels to this firmware later.
#define MICROPY_EMIT_THUMB          (1)
#define MICROPY_EMIT_INLINE_THUMB   (1)
