// mpcrypto on MicroPython's Zephyr port (Arm Cortex-M boards): the port's configuration plus
// what native code needs on Armv7-M and Armv8-M. Selected by tools/ship/firmware.py with
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

// A branch to native code must land in Thumb state: an M-profile core has no Arm state, and a
// BLX to an address with bit 0 clear takes a UsageFault ("illegal use of the EPSR"). The
// native emitter's code pointers are even, so every call sets bit 0 (py/mpconfig.h's default
// leaves the pointer unchanged; ports/qemu and ports/stm32 define it the same way).
#define MICROPY_MAKE_POINTER_CALLABLE(p) ((void *)((mp_uint_t)(p) | 1))

// Cores with caches (Cortex-M7, M55, M85): code emitted into the heap, or loaded from a .mpy,
// is written through the data cache and fetched through the instruction cache. py/emitglue.c
// (on a core whose device header sets __ICACHE_PRESENT) cleans the D-cache with
// MP_HAL_CLEAN_DCACHE and then invalidates the I-cache; the port's mphalport.h defines that
// macro only with Zephyr's cache API (CONFIG_CACHE_MANAGEMENT), and without it the link fails
// on an undefined MP_HAL_CLEAN_DCACHE. The board's .conf turns CONFIG_CACHE_MANAGEMENT on;
// this check names the fix before the link does.
#if (defined(CONFIG_DCACHE) || defined(CONFIG_ICACHE)) && !defined(CONFIG_CACHE_MANAGEMENT)
#error "mpcrypto: a core with caches needs CONFIG_CACHE_MANAGEMENT=y for native code"
#endif
