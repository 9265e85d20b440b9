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
by arithmetic masking (``_cswap``: m = -bit, d = m & (a ^ b), a ^= d, b ^= d), so there is
no branch and no index on a secret bit. The scalar's bits come from its bytes as small ints.
The final inversion is Fermat's z^(p-2) (a fixed square-and-multiply pattern on the public
exponent).

Constant time: no secret-dependent branch or index. MicroPython big integers are NOT
constant time themselves: the time of a product or ``% p`` depends on the size of its
operands, and every operation allocates on the heap: one X25519 allocates about 870 KB
and one X448 about 2 MB in total on the unix port (bench/bench_ecdh.py; 9 ms and 37 ms).
"""


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
        x2, z2, x3, z3 = 1, 0, x1, 1
        swap = 0
        for t in range(self.bits - 1, -1, -1):
            kt = (kb[t >> 3] >> (t & 7)) & 1
            swap ^= kt
            x2, x3 = _cswap(swap, x2, x3)
            z2, z3 = _cswap(swap, z2, z3)
            swap = kt
            # RFC 7748 §5 ladder step (differential addition and doubling).
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
        r = x2 * pow(z2, p - 2, p) % p
        return r.to_bytes(self.size, "little")


def new(curve):
    """A per-curve ladder context (see the module docstring for its surface)."""
    return _Ladder(curve)
