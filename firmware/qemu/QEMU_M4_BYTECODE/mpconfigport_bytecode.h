// The qemu port's configuration without native code: no Thumb-2 emitter, no inline
// assembler, so no viper or native function and no .mpy with machine code runs, as on a core
// MicroPython has no emitter for (the RX65N). Selected by mpconfigboard.mk through
// MP_CONFIGFILE.
#include <mpconfigport.h>

#undef MICROPY_EMIT_THUMB
#undef MICROPY_EMIT_INLINE_THUMB
#define MICROPY_EMIT_THUMB (0)
#define MICROPY_EMIT_INLINE_THUMB (0)
