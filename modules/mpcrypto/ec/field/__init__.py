"""Prime-field arithmetic for the elliptic-curve backends.

- ``engine``: the limb engine (arenas of fixed-size limbs, field programs, kernel loading,
  CPUID acceleration choice, masked table selection, comb digits, w-NAF schedules).
- ``v16_<N>`` / ``v32_<N>``: generated viper kernels for N 16-bit / 32-bit limbs (the 32-bit
  ones only where viper words are 64 bits); ``v16_p256`` / ``v32_p256``: P-256's prime
  folded in; ``thumb_umaal``: Thumb-2 UMAAL Montgomery multipliers (Cortex-M4/M7/M55/M85).
  All written by ``tools/thumb/gen_field.py``.
- ``bigint``: helpers on built-in integers that the portable backends, the table builders
  and the protocols share (variable-time inverse, batch affine conversion, w-NAF).
"""
