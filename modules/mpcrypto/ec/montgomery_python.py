"""X25519 and X448 (RFC 7748 §5) with MicroPython built-in integers (portable backend).

Seam primitive "ec_montgomery" (see ``mpcrypto.ec.x25519`` / ``x448``). Surface, shared by
every backend::

    ctx = new(curve)              # curve: mpcrypto.ec.curves.CURVE25519 or CURVE448
    ctx.x(k, u) -> bytes          # RFC 7748 §5 function X25519/X448: k, u are the encoded
                                  # scalar and u-coordinate (size bytes each, trusted length)

``x`` performs the whole §5 function: decodeScalar25519/448 (clamping), decodeUCoordinate
(X25519: the top bit of the last byte is masked; both: a non-canonical u >= p is accepted
and reduced mod p, as §5 requires), the Montgomery ladder, encodeUCoordinate. It does not
check for an all-zero output: the API (``exchange``) does.

The ladder is §5's: a fixed number of iterations (255 for X25519, 448 for X448, whatever
the scalar), one differential addition-and-doubling per bit, and the conditional swap done
by arithmetic masking (``_cswap``: m = -bit, d = m & (a ^ b), a ^= d, b ^= d); X25519's
ladder selects the point to double by products with the bit and 1 - bit instead of
swapping (see ``_ladder25519``). There is no branch and no index on a secret bit. The
scalar's bits come from its bytes as small ints.
X25519 reduces a product by folding 2^255 = 19 (mod p), and the step's outputs then by
``% p`` of the short folded value, not by a division of the whole product; X448 reduces
with ``% p``. The final inversion is Euclid's on z times a blinding factor drawn
from SHA-256 of the clamped scalar (``field.bigint.inv_blinded``).

Constant time: no secret-dependent branch or index. MicroPython big integers are NOT
constant time themselves: the time of a product or of a fold depends on the size of its
operands (and of an AND on the mask: -1 costs more than 0, so ``_cswap`` shows in the time),
Euclid's steps on the blinded value, and every operation allocates on the heap
(bench/bench_ecdh.py gives bytes per exchange).
"""


from mpcrypto.ec.field.bigint import inv_blinded


def probe():
    return True


def _cswap(swap, a, b):
    # Constant-pattern swap of two non-negative ints when swap == 1 (RFC 7748 §5 cswap).
    m = -swap
    d = m & (a ^ b)
    return a ^ d, b ^ d


class _Ladder:
    def __init__(self, curve):
        self.p = curve.p
        self.size = curve.size
        # a24 = (A - 2) / 4 (RFC 7748 §5: 121665 for curve25519, 39081 for curve448).
        self.a24 = (curve.A - 2) // 4
        if curve.size == 32:
            self.bits = 255
        else:
            self.bits = 448

    def _scalar(self, k):
        # decodeScalar25519 / decodeScalar448 (RFC 7748 §5), as bytes (little-endian).
        kb = bytearray(k)
        if self.size == 32:
            kb[0] &= 248
            kb[31] &= 127
            kb[31] |= 64
        else:
            kb[0] &= 252
            kb[55] |= 128
        return kb

    def _u(self, u):
        # decodeUCoordinate: mask the unused top bit (X25519 only), then reduce mod p.
        ub = bytearray(u)
        if self.size == 32:
            ub[31] &= 127
        return int.from_bytes(ub, "little") % self.p

    def x(self, k, u):
        p = self.p
        a24 = self.a24
        kb = self._scalar(k)
        x1 = self._u(u)
        if self.size == 32:
            x2, z2 = _ladder25519(kb, x1, a24)
        else:
            x2, z2 = _ladder(kb, x1, a24, p, self.bits)
        r = x2 * inv_blinded(z2, p, kb) % p
        return r.to_bytes(self.size, "little")


# Bits of the clamped X25519 scalar that _ladder25519's loop reads, per byte (byte 31 down
# to byte 0): bit 254 is set by clamping and taken as the first step; bits 2..0 are clear
# and taken as the three doublings after the loop.
_BITS8 = (7, 6, 5, 4, 3, 2, 1, 0)
_BITS = ((7, 6, 5, 4, 3),) + (_BITS8,) * 30 + ((5, 4, 3, 2, 1, 0),)


def _ladder25519(kb, x1, a24):
    # RFC 7748 §5's function for p = 2^255 - 19 with fewer big-integer operations than
    # ``_ladder``; the same result (the points agree up to the projective factor).
    #
    # Reduction: a product is folded by 2^255 = 19 (mod p), x = (x & M) + 19 (x >> 255)
    # (Python's & and >> floor, so the fold keeps x mod p for a negative x too). The step's
    # inputs are in [0, p); A, B, C, D below 2^256 in size; DA, CB, AA, BB get one fold (a
    # product below 2^512 becomes less than 2^263 in size); (DA - CB)^2 one before its
    # product with x1; the outputs one fold (a product below 2^546 becomes less than 2^297)
    # and then ``% p`` of that short value, one operation where a second fold takes four.
    #
    # No swap: the ladder keeps U, the point it doubled last, and V, the other, and does
    # not track which of R0 = [k >> t]P and R1 = R0 + P each is. The sum R0 + R1 =
    # U + V takes both in either order (its formula is symmetric in (A, B) and (C, D)), and
    # the doubling takes R_kt: U when kt equals the previous bit, else V, selected by
    # s = previous bit ^ kt as A (1 - s) + C s and B (1 - s) + D s (one product by 0 and
    # one by 1 whatever s is). After the loop R0 is U when the last bit read was 0.
    #
    # Clamping fixes bit 254 (1) and bits 2..0 (0), so the work on them is public: the first
    # step doubles P and keeps V = P (the sum O + P), and the last three steps only double
    # R0 (their sums would never be read).
    M = (1 << 255) - 1
    p = M - 18
    xu, zu = _dbl25519(x1, 1, a24)
    xv, zv = x1, 1
    prev = 1
    for i in range(31, -1, -1):
        b = kb[i]
        for j in _BITS[i]:
            kt = b >> j & 1
            s = prev ^ kt
            prev = kt
            A = xu + zu
            B = xu - zu
            C = xv + zv
            D = xv - zv
            DA = D * A
            DA = (DA & M) + (DA >> 255) * 19
            CB = C * B
            CB = (CB & M) + (CB >> 255) * 19
            xv = DA + CB
            xv *= xv
            xv = (xv & M) + (xv >> 255) * 19
            xv %= p
            zv = DA - CB
            zv *= zv
            zv = (zv & M) + (zv >> 255) * 19
            zv *= x1
            zv = (zv & M) + (zv >> 255) * 19
            zv %= p
            r = 1 - s
            A = A * r + C * s
            B = B * r + D * s
            AA = A * A
            AA = (AA & M) + (AA >> 255) * 19
            BB = B * B
            BB = (BB & M) + (BB >> 255) * 19
            xu = AA * BB
            xu = (xu & M) + (xu >> 255) * 19
            xu %= p
            E = AA - BB
            zu = (AA + E * a24) * E
            zu = (zu & M) + (zu >> 255) * 19
            zu %= p
    r = 1 - prev  # bit 2 is 0: R0 is U when bit 3 was 0, else V
    xu = xu * r + xv * prev
    zu = zu * r + zv * prev
    for _ in range(3):
        xu, zu = _dbl25519(xu, zu, a24)
    return xu, zu


def _dbl25519(x, z, a24):
    # The doubling of _ladder25519 (its loop has this inline, after the selection).
    M = (1 << 255) - 1
    A = x + z
    B = x - z
    AA = A * A
    AA = (AA & M) + (AA >> 255) * 19
    BB = B * B
    BB = (BB & M) + (BB >> 255) * 19
    x = AA * BB
    x = (x & M) + (x >> 255) * 19
    E = AA - BB
    z = (AA + E * a24) * E
    z = (z & M) + (z >> 255) * 19
    return x % (M - 18), z % (M - 18)


def _ladder(kb, x1, a24, p, bits):
    # RFC 7748 §5's ladder over the clamped scalar's bytes kb: ``bits`` steps of one
    # differential addition and doubling, the conditional swaps by masks. Returns (x2, z2).
    x2, z2, x3, z3 = 1, 0, x1, 1
    swap = 0
    for t in range(bits - 1, -1, -1):
        kt = (kb[t >> 3] >> (t & 7)) & 1
        swap ^= kt
        x2, x3 = _cswap(swap, x2, x3)
        z2, z3 = _cswap(swap, z2, z3)
        swap = kt
        A = x2 + z2
        AA = A * A % p
        B = x2 - z2
        BB = B * B % p
        E = AA - BB
        C = x3 + z3
        D = x3 - z3
        DA = D * A % p
        CB = C * B % p
        t1 = DA + CB
        x3 = t1 * t1 % p
        t2 = DA - CB
        z3 = x1 * (t2 * t2 % p) % p
        x2 = AA * BB % p
        z2 = E * (AA + a24 * E) % p
    x2, x3 = _cswap(swap, x2, x3)
    z2, z3 = _cswap(swap, z2, z3)
    return x2, z2


def new(curve):
    """A per-curve ladder context (see the module docstring for its surface)."""
    return _Ladder(curve)
