"""viper forms of ``mpcrypto._ct``'s byte loops, which ``_ct`` asks the seam for (primitive
"ct") and replaces by its portable loops where viper is absent.

- ``in_range(k, n, ln)``: 1 when 0 < k < n as big-endian integers of ``ln`` bytes, else 0
  (``_ct.ct_in_range``).
- ``eq_at(a, b, bi, n)``: 1 when a[0:n] == b[bi:bi + n], else 0 (``_ct.ct_eq_at`` with
  ai = 0, as every caller has it).

The same loops as the portable ones, on machine words: every byte is visited, there is no
early exit, and the only values that depend on the data are a borrow bit and an OR of bytes
(below 256), so the instruction sequence depends on the lengths alone.
"""

import micropython


@micropython.viper
def in_range(k: ptr8, n: ptr8, ln: int) -> int:
    borrow = 0
    acc = 0
    i = ln - 1
    while i >= 0:
        borrow = ((k[i] - n[i] - borrow) >> 8) & 1
        acc |= k[i]
        i -= 1
    return borrow & ((acc + 255) >> 8)


@micropython.viper
def eq_at(a: ptr8, b: ptr8, bi: int, n: int) -> int:
    acc = 0
    i = 0
    while i < n:
        acc |= a[i] ^ b[bi + i]
        i += 1
    return 1 if acc == 0 else 0
