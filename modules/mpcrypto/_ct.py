"""Constant-time helpers: the one vocabulary every module uses for secret comparisons.

Contracts (time depends only on the lengths of the arguments, never on their contents):
- ``ct_eq(a, b)``: True when two buffers are equal; a length mismatch returns False at once
  (lengths are public: tag and MAC lengths are fixed by the caller's parameters).
- ``compare_digest(a, b)``: ``hmac.compare_digest`` shape; same as ``ct_eq``, but raises
  ``TypeError`` for arguments without the buffer protocol.

The loop is portable Python on purpose: the only data-dependent work is an OR into an
accumulator that stays below 256, so it is a small int on every port and nothing allocates
per byte. No early exit.
"""


def _buf(x):
    # str is rejected explicitly: CPython's hmac.compare_digest only takes ASCII str, and a
    # MAC is bytes; memoryview() rejects None and ints with TypeError for us.
    if isinstance(x, str):
        raise TypeError("bytes required")
    return memoryview(x)


def ct_eq(a, b):
    a = _buf(a)
    b = _buf(b)
    n = len(a)
    if n != len(b):
        return False
    acc = 0
    for i in range(n):
        acc |= a[i] ^ b[i]
    return acc == 0


compare_digest = ct_eq


def ct_select(flag, a, b):
    """Return ``a`` when ``flag`` is 1 and ``b`` when 0, for small ints (< 2**30), without a
    branch on ``flag``."""
    m = -flag  # 0 or -1 (all ones)
    return (a & m) | (b & ~m)
