"""Modular exponentiation over the MPI engine, in the variants of emCrypt's table, and the
modular inverse.

    from mpcrypto.pk import modexp
    modexp.powmod(b, e, n)                       # constant-time default (Montgomery, FW)
    modexp.powmod(b, e, n, reduction="barrett", method="rm", window=4)
    modexp.inverse(x, n)                         # ValueError when gcd(x, n) != 1
    modexp.mulmod(ctx, a, b)                     # a b mod n on the engine
    modexp.pow_plan(ctx, b, modexp.sliding_plan(e_bytes, nbits, w), w)  # a kept plan

Reductions (``mpcrypto.pk.mpi``): ``"basic"`` (built-in division), ``"barrett"``,
``"montgomery"`` (the limb backends). Methods, each a function of a context ``ctx`` whose slot
X holds the base (in the context's form) and of the exponent as big-endian bytes:

- ``"ladder"``: the Montgomery ladder (Joye and Yen, "The Montgomery Powering Ladder", CHES
  2002): per exponent bit one multiplication and one squaring, the operands exchanged by a
  masked swap (``cswap``): regular, constant time on the limb backends.
- ``"fast"``: left-to-right square-and-multiply (HAC Algorithm 14.79), multiplying only for
  one bits. VARIABLE TIME: for public exponents (RSA public key).
- ``"fw"``: fixed window of w = 2..6 bits (HAC 14.82, k-ary): a table of x^0 .. x^(2^w - 1),
  then per w-bit digit w squarings and one multiplication by the entry, always, even for a
  zero digit (x^0 = 1), read with ``select`` (every entry read, one kept by mask). The
  constant-time default for secret exponents.
- ``"rm"``: sliding window of w = 2..6 bits (HAC Algorithm 14.85) over the odd powers
  x, x^3, .., x^(2^w - 1): 2^(w-1) entries, half of FW's table, hence our reading of "RM" as
  "reduced memory": the emCrypt table has a second windowed form with the same window range
  and the memory-reduced windowed method of the literature is this one. Fewer
  multiplications than FW (zero runs are skipped) and VARIABLE TIME (the sequence of
  operations depends on the exponent): for public exponents.

Secret exponents travel as bytes: the digits are read from them with small integers, so no
Python integer of the exponent is made below ``powmod``'s own argument conversion
(``pow_bytes`` takes the bytes directly).
"""

from mpcrypto._util import inv_vt
from mpcrypto.pk import mpi

# Slots: A accumulator, X base, T scratch, Y spare, then the table.
A, X, T, Y, TAB = 0, 1, 2, 3, 4
METHODS = ("ladder", "fast", "fw", "rm")
REDUCTIONS = ("basic", "barrett", "montgomery")


def nslots(method, window):
    if method == "fw":
        return TAB + (1 << window)
    if method == "rm":
        return TAB + (1 << (window - 1))
    return TAB


def context(n, reduction="montgomery", method="fw", window=5):
    """A context for modulus n with room for ``method``'s table."""
    k = nslots(method, window)
    if reduction == "montgomery":
        return mpi.new(n, k)
    if reduction == "barrett":
        return mpi.barrett(n, k)
    if reduction == "basic":
        return mpi.basic(n, k)
    raise ValueError("unknown reduction")


def fitted(n, method, window):
    """(context, w): a Montgomery context for n with ``method``'s table at the widest w from
    ``window`` down to 1 that finds one block in the heap. A context is one block (2^w + 4
    slots of n's size for "fw": about 11 KB for a 2048-bit modulus at w = 5), which a
    fragmented heap may not have although it has the room in pieces; a narrower window
    halves the table per step for a few percent more multiplications. The width follows
    the heap, never a secret, and the digit sequence is fixed for the width chosen."""
    w = window
    while True:
        try:
            return context(n, "montgomery", method, w), w
        except MemoryError:
            if w <= 1:
                raise
            w -= 1


def _bit(e, i, nb):
    # bit i (from the least significant) of the nb big-endian bytes e
    return (e[nb - 1 - (i >> 3)] >> (i & 7)) & 1


def _digit(e, i, w, nb):
    # the w-bit digit at bits i .. i+w-1 of e (bits past the top read as 0): from up to two
    # bytes, small ints only, the same work for every value.
    j = nb - 1 - (i >> 3)
    lo = e[j] if j >= 0 else 0
    hi = e[j - 1] if j >= 1 else 0
    return ((lo | (hi << 8)) >> (i & 7)) & ((1 << w) - 1)


def ladder(ctx, e, nbits):
    # A = X^e over nbits bits of e (leading zero bits included: the work is fixed).
    # Invariant: Y = A * X0 (Montgomery ladder). Per bit b: swap(A, Y, b); Y = A Y; A = A^2;
    # swap(A, Y, b).
    nb = len(e)
    ctx.one(A)
    ctx.copy(Y, X)
    for i in range(nbits - 1, -1, -1):
        b = _bit(e, i, nb)
        ctx.cswap(A, Y, b)
        ctx.mul(Y, A, Y)
        ctx.sqr(A, A)
        ctx.cswap(A, Y, b)


def fast(ctx, e, nbits):
    nb = len(e)
    ctx.one(A)
    top = True
    for i in range(nbits - 1, -1, -1):
        if not top:
            ctx.sqr(A, A)
        if _bit(e, i, nb):
            if top:
                ctx.copy(A, X)
                top = False
            else:
                ctx.mul(A, A, X)


def fixed_window(ctx, e, nbits, w):
    nb = len(e)
    ctx.one(TAB)
    ctx.copy(TAB + 1, X)
    for i in range(2, 1 << w):
        ctx.mul(TAB + i, TAB + i - 1, X)
    win = getattr(ctx, "window", None)
    if win is not None:  # the digit loop below as one machine-code call (MPI backend thumb)
        win(A, TAB, T, e, nbits, w)
        return
    nd = (nbits + w - 1) // w
    ctx.select(A, TAB, 1 << w, _digit(e, (nd - 1) * w, w, nb))
    for k in range(nd - 2, -1, -1):
        ctx.sqrn(A, w)
        ctx.select(T, TAB, 1 << w, _digit(e, k * w, w, nb))
        ctx.mul(A, A, T)


def _slide(e, nbits, w, step):
    # HAC 14.85 over the table TAB + j = X^(2j + 1), scanned from the top: a zero bit costs a
    # squaring, a one bit starts the longest window of <= w bits that ends in a one. Calls
    # step(k, j) per step: k squarings of A, then A *= TAB + j (j = -1: the squarings only);
    # the first step has k = -1: A = TAB + j. Returns whether there was a step (e != 0).
    nb = len(e)
    k = -1
    i = nbits - 1
    while i >= 0:
        if not _bit(e, i, nb):
            if k >= 0:
                k += 1
            i -= 1
            continue
        lo = i - w + 1
        if lo < 0:
            lo = 0
        while not _bit(e, lo, nb):
            lo += 1
        v = 0
        for j in range(i, lo - 1, -1):
            v = (v << 1) | _bit(e, j, nb)
        step(k + (i - lo + 1) if k >= 0 else -1, v >> 1)
        k = 0
        i = lo - 1
    if k > 0:
        step(k, -1)
    return k >= 0


def _step(ctx, k, j):
    if k < 0:
        ctx.copy(A, TAB + j)
        return
    if k:
        ctx.sqrn(A, k)
    if j >= 0:
        ctx.mul(A, A, TAB + j)


def sliding_plan(e, nbits, w):
    """The steps of the sliding window (``sliding_window``) for the exponent e (big-endian
    bytes, nbits bits) and window w, as a tuple of (k, j): k squarings of A, then A *= TAB +
    j (j = -1: the squarings only); the first step (k = -1) sets A = TAB + j. A public
    exponent's plan can be kept and run again (``pow_plan``): its bit scan is done once."""
    plan = []
    _slide(e, nbits, w, lambda k, j: plan.append((k, j)))
    return tuple(plan)


def sliding_table(ctx, w):
    # TAB + j = X^(2j + 1), j < 2^(w - 1)
    ctx.copy(TAB, X)
    if w > 1:
        ctx.sqr(Y, X)
        for j in range(1, 1 << (w - 1)):
            ctx.mul(TAB + j, TAB + j - 1, Y)


def sliding_window(ctx, e, nbits, w):
    # A = X^e, the steps run as the scan finds them (nothing kept: a long exponent's plan
    # would be a heap of tuples)
    sliding_table(ctx, w)
    if not _slide(e, nbits, w, lambda k, j: _step(ctx, k, j)):
        ctx.one(A)  # e = 0


def run(ctx, e, nbits, method="fw", window=5):
    """A = X^e in ``ctx`` (slot X holds the base in the context's form), e as big-endian
    bytes of which the low ``nbits`` bits count."""
    if nbits == 0:  # e = 0 (a public length): X^0 = 1
        ctx.one(A)
        return
    if method == "fw":
        if not 1 <= window <= 6:
            raise ValueError("window")
        fixed_window(ctx, e, nbits, window)
    elif method == "rm":
        if not 1 <= window <= 6:
            raise ValueError("window")
        sliding_window(ctx, e, nbits, window)
    elif method == "ladder":
        ladder(ctx, e, nbits)
    elif method == "fast":
        fast(ctx, e, nbits)
    else:
        raise ValueError("unknown method")


def pow_ctx(ctx, b, e, nbits, method="fw", window=5):
    """b^e mod n in a context made by ``context`` (reused across calls): b an int in [0, n),
    e big-endian bytes (nbits of them count)."""
    ctx.put(T, b)
    ctx.to_mont(X, T)
    run(ctx, e, nbits, method, window)
    ctx.from_mont(T, A)
    return ctx.get(T)


def pow_plan(ctx, b, plan, window):
    """b^e mod n like ``pow_ctx`` with method "rm", e given by its ``sliding_plan`` for
    ``window`` (kept by a caller that raises one public exponent to many bases: the bit scan
    is done once). VARIABLE TIME."""
    ctx.put(T, b)
    ctx.to_mont(X, T)
    if not plan:
        return 1 % ctx.n
    sliding_table(ctx, window)
    last = len(plan) - 1
    for i in range(last):
        _step(ctx, plan[i][0], plan[i][1])
    k, j = plan[last]
    if j != 0 or last == 0:
        _step(ctx, k, j)
        ctx.from_mont(T, A)
        return ctx.get(T)
    # The last product is by X = b R: by b itself (slot T) instead, it leaves A = b^e R / R,
    # out of Montgomery form, so the conversion back is not needed.
    if k:
        ctx.sqrn(A, k)
    ctx.mul(A, A, T)
    return ctx.get(A)


def mulmod(ctx, a, b):
    """a b mod n in a Montgomery context of n made by ``context``, a and b ints in [0, n): two
    products on the engine (a b / R, then times R^2 / R), in slots T and Y. On the limb
    backends constant time, and against MicroPython's built-in a * b % n (a long division)
    a fraction of the work at RSA sizes."""
    ctx.put(T, a)
    ctx.put(Y, b)
    ctx.mul(T, T, Y)
    ctx.to_mont(T, T)
    return ctx.get(T)


def default_window(nbits):
    # Fixed-window width for an exponent of nbits bits. The operation count nbits + nbits / w
    # + 2^w is lowest at w = 5 from ~512 bits, but a 1024-bit exponent (an RSA-2048 CRT half)
    # costs the same with w = 4 on the emulated M4 (thumb: squarings cheaper than
    # multiplications, half the table to select from) and its table is half the size: 25
    # slots of 136 bytes instead of 41, which lets RSA-2048 key generation and signing run
    # on a 96 KB heap. w = 5 from 1025 bits.
    return 5 if nbits > 1024 else 4


def powmod(b, e, n, reduction="montgomery", method=None, window=None):
    """b^e mod n for an odd modulus n > 1 and e >= 0. Default: Montgomery, fixed window
    (constant time on the limb backends for a given bit length of e and n)."""
    if type(b) is not int or type(e) is not int or type(n) is not int:
        raise TypeError("int required")
    if e < 0:
        raise ValueError("negative exponent")
    nbits = mpi.bits(e)
    if method is None:
        method = "fw"
    if window is None:
        window = default_window(nbits)
    ctx = context(n, reduction, method, window)
    eb = e.to_bytes((nbits + 7) >> 3 or 1, "big")
    return pow_ctx(ctx, b % n, eb, nbits, method, window)


def inverse(x, m):
    """x^-1 mod m (m > 1) by the extended Euclidean algorithm; ValueError when gcd(x, m) != 1
    (MicroPython's pow(x, -1, m) returns 0 then). VARIABLE TIME: for public values or values
    blinded by a secret random factor."""
    if type(x) is not int or type(m) is not int:
        raise TypeError("int required")
    if m < 2:
        raise ValueError("modulus must be > 1")
    v = inv_vt(x, m)
    if x * v % m != 1:  # v x = gcd(x, m) mod m (Bezout)
        raise ValueError("not invertible")
    return v
