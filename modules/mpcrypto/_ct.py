"""Constant-time helpers: the one vocabulary every module uses for secret comparisons.

Contracts (time depends only on the lengths of the arguments, never on their contents):
- ``ct_eq(a, b)``: True when two buffers hold the same bytes; a length mismatch returns
  False at once (lengths are public: tag and MAC lengths are fixed by the caller's
  parameters). Buffers are compared as bytes (``mpcrypto._util.rbuf``): ``str``, ``None``,
  ``int`` and objects without the buffer protocol raise TypeError.
- ``compare_digest(a, b)``: ``hmac.compare_digest`` shape; the same function as ``ct_eq``.
- ``ct_eq_at(a, ai, b, bi, n)``: True when ``a[ai:ai+n]`` and ``b[bi:bi+n]`` are equal, without
  slicing (nothing allocated): the AEAD tag checks. The caller has validated the ranges
  and passes byte-indexed buffers.
- ``ct_select(flag, a, b)``: ``a`` when ``flag`` is 1, ``b`` when 0, for small ints.
- ``ct_in_range(k, n)``: 1 when 0 < k < n, else 0, for big-endian byte strings of one
  length (secret scalars against a public group order: no Python integer of the secret).

The loops are portable Python: the only data-dependent work is an OR into an accumulator
that stays below 256 (and a borrow bit), so it is a small int on every port and nothing
allocates per byte. No early exit. Where viper runs, ``ct_in_range`` and ``ct_eq_at`` (with
ai = 0) hand the same loops to ``mpcrypto._ct_viper`` (the seam's primitive "ct"), which
costs a few instructions per byte instead of an interpreted iteration.
"""

from mpcrypto import _backend
from mpcrypto._util import rbuf

_CHAIN = (("viper", "mpcrypto._ct_viper", None),)


def ct_eq_at(a, ai, b, bi, n):
    if ai == 0:
        v = _backend.helper("ct", _CHAIN)
        if v is not None:
            return v.eq_at(a, b, bi, n) == 1
    acc = 0
    for i in range(n):
        acc |= a[ai + i] ^ b[bi + i]
    return acc == 0


def ct_eq(a, b):
    a = rbuf(a)
    b = rbuf(b)
    n = len(a)
    if n != len(b):
        return False
    return ct_eq_at(a, 0, b, 0, n)


compare_digest = ct_eq


def ct_select(flag, a, b):
    """Return ``a`` when ``flag`` is 1 and ``b`` when 0, for small ints (< 2**30), without a
    branch on ``flag``."""
    m = -flag  # 0 or -1 (all ones)
    return (a & m) | (b & ~m)


def ct_in_range(k, n):
    """1 when 0 < k < n as big-endian integers of ``len(n)`` bytes, else 0: a borrow chain
    through k - n and an OR of k's bytes, every byte visited."""
    v = _backend.helper("ct", _CHAIN)
    if v is not None:
        return v.in_range(k, n, len(n))
    borrow = 0
    acc = 0
    for i in range(len(n) - 1, -1, -1):
        borrow = ((k[i] - n[i] - borrow) >> 8) & 1
        acc |= k[i]
    return borrow & ((acc + 255) >> 8)
