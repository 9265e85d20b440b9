"""Twisted Edwards arithmetic for Ed25519 and Ed448 with built-in integers (portable backend).

Seam primitive "ec_edwards" (see ``mpcrypto.ec.ed25519`` / ``ed448``). Surface, shared by
every backend::

    ctx = new(curve)        # curves.EDWARDS25519 or curves.EDWARDS448
    ctx.mul_base(k)  -> P   k*B for a SECRET k, 0 <= k < L: regular signed comb
    ctx.reduce(b) -> k      little-endian bytes b (a hash, a clamped scalar) mod L
    ctx.sign_s(r, k, s) -> bytes   S = r + k s mod L, ``size`` bytes little-endian
    ctx.mul2(s, k, P) -> P  s*B + k*P for PUBLIC s, k: variable time (verification)
    ctx.neg(P) -> P         -P
    ctx.encode(P) -> bytes  RFC 8032 §5.1.2 / §5.2.2 (32 / 57 bytes)
    ctx.decode(b) -> P or None   RFC 8032 §5.1.3 / §5.2.3, strict: None when y >= p, when
                            no square root exists, or when x = 0 with the sign bit set

Points are opaque tuples. Inputs are trusted (the API layer checked lengths and ranges).
Secret scalars (k of ``mul_base``, r and s of ``sign_s``, the result of ``reduce``) are
``nsz`` big-endian bytes (32 for Ed25519, 56 for Ed448: room for k + L), or ints (tests).

Coordinates and formulas
  Edwards25519 (a = -1): extended coordinates (X:Y:Z:T), x = X/Z, y = Y/Z, x*y = T/Z, with
  the addition and doubling of RFC 8032 §5.1.4 (Hisil, Wong, Carter, Dawson 2008,
  "add-2008-hwcd-3" and "dbl-2008-hwcd"). A point is the tuple (X, Y, Z, E, H) with
  T = E*H left as the two factors of the last formula: a doubling does not read T, so
  it costs 7 multiplications instead of 8; an addition multiplies E*H when it needs T.
  X, Y, Z are reduced mod p; E, H are not (|E|, |H| < 2p; E may be negative, and Python's
  % p gives a result in [0, p) for every product). Per-call tables are in the "cached"
  form (Y+X, Y-X, 2d*T, 2Z): 8 multiplications per addition. Base-point tables are
  affine, (y+x, y-x, 2d*x*y) with Z = 1: D = 2*Z1 is Z1 + Z1, 7 multiplications. Table
  set-up converts to affine with one inversion per table (Montgomery's trick).
  The inversion z^(p-2) is a fixed addition chain, 254 squarings and 11 multiplications
  (faster than pow(z, p - 2, p) here).
  Edwards448 (a = 1): projective (X:Y:Z) with the addition and doubling of RFC 8032 §5.2.4;
  d = -39081 is used as a small int.
  Both addition laws are complete on these curves (d is not a square): one formula for
  every pair of inputs, identity and P + P included, so the comb has no special case.

Secret scalars (``mul_base``)
  k is made odd without a branch (k + L when k is even, selected with a mask; L*B is the
  identity), then read as a signed comb (Lim-Lee; every bit taken as +1 or -1, as in
  Hamburg's signed comb), 4 teeth per block so 8 entries per table; each addition adds a
  nonzero table point chosen by reading all 8 entries of the block's table and keeping
  one with an arithmetic mask, negated with a mask. Bits come from the scalar's bytes
  through small-int arithmetic. No branch and no table index depends on a secret bit.
  Tables are built on first use and kept in the context.
  - Ed25519: 8 blocks, 8 columns: 7 doublings and 64 additions (64 affine table points,
    about 7 KB). An entry is packed in one int (three 256-bit fields), so the masked read
    is two big-int operations per entry. The sign is applied as R + s*Q = s*(s*R + Q)
    with s = +1 or -1 derived from the mask: X and T of R and then E of the sum are
    multiplied by the small int s, the same operations whatever its value.
  - Ed448: 2 blocks, 56 columns: 56 doublings and 112 additions (16 points).
  What this does NOT promise: MicroPython's big-int operations take time that depends
  on the size (and sign) of their operands and allocate on the heap; the final inversion
  (addition chain for Ed25519, pow(Z, p - 2, p) for Ed448) has a fixed pattern but
  big-int timing.

Public scalars (``mul2``)
  Interleaved w-NAF (Shamir's trick). Ed25519: width 7 for B over 32 affine odd multiples
  B, ..., 63B and their negatives (built once per context), width 5 for P over P, ..., 15P
  (cached form, built per call); doublings start at the first nonzero digit.
  Ed448: width 5 for both (B, ..., 15B cached per context). Variable time on purpose.

Allocation: every big-int operation allocates, and the collector reclaims it as it goes
(bench/bench_eddsa.py reports the bytes and the time per operation; the first verify also
builds the B table). Fine on the unix port, heavy churn on an MCU.
"""

from mpcrypto.ec.curves import _bits
from mpcrypto.ec.field.bigint import comb_digit, ed_decode, ed_root_exp, teeth, wnaf


def probe():
    return True


def _int(k):
    # A scalar given as big-endian bytes or an int, as an int.
    return k if isinstance(k, int) else int.from_bytes(k, "big")


_TEETH = 4  # comb of the generic class (Ed448); _Ed25519 sets its own _CT, _CB
_BLOCKS = 2
_W = 5  # w-NAF width in mul2 (the per-call point; and B for Ed448)


class _Edwards:
    # Shared by both curves: the comb, the w-NAF multiplication and the table handling.
    # A subclass provides _id, _dbl, _add (point + cached entry), _cache, _negc (masked),
    # _negc_vt, _xy (affine coordinates), decode. _Ed25519 replaces the comb and mul2
    # with its own (affine packed tables, see the module docstring).

    def __init__(self, curve):
        self.p = curve.p
        self.L = curve.n
        self.G = curve.G
        self.size = curve.size
        self.nsz = (_bits(2 * curve.n) + 7) // 8
        # Comb columns: odd k' < 2L needs nbits(2L) bits: 254 (Ed25519), 447 (Ed448).
        nbits = _bits(2 * curve.n)
        per = _TEETH * _BLOCKS
        self.ncol = (nbits + per - 1) // per
        self._comb = None
        self._gtab = None

    def _point(self, x, y):
        raise NotImplementedError

    def _root(self, z):
        # z^e with decode's exponent e (``field.bigint.ed_root_exp``), a big-int power.
        return pow(z, ed_root_exp(self.p, self.size), self.p)

    def decode(self, b):
        # RFC 8032 §5.1.3 / §5.2.3 (``field.bigint.ed_decode``).
        P = ed_decode(self, b)
        return None if P is None else self._point(P[0], P[1])

    def reduce(self, b):
        return (int.from_bytes(b, "little") % self.L).to_bytes(self.nsz, "big")

    def sign_s(self, r, k, s):
        return ((_int(r) + k * _int(s)) % self.L).to_bytes(self.size, "little")

    def _affine_cache(self, P):
        x, y = self._xy(P)
        return self._cache(self._point(x, y))

    def _comb_points(self, ct, cb, d):
        # The entries of a signed comb of cb blocks of ct teeth, d columns, block by block, as
        # extended points (not normalised). Tooth points T_j = 2^(j*d) B, j = 0 .. ct*cb - 1;
        # block b's entry e: T_top + sum over the lower teeth t of (+-1) T_t, + when bit t of
        # e. Table set-up from public data.
        gx, gy = self.G
        T = teeth(self._dbl, self._point(gx, gy), ct * cb, d)
        pts = []
        for b in range(cb):
            for e in range(1 << (ct - 1)):
                acc = T[ct * b + ct - 1]
                for t in range(ct - 1):
                    c = self._cache(T[ct * b + t])
                    if not (e >> t) & 1:
                        c = self._negc_vt(c)
                    acc = self._add(acc, c)
                pts.append(acc)
        return pts

    def _comb_table(self):
        if self._comb is not None:
            return self._comb
        pts = self._comb_points(_TEETH, _BLOCKS, self.ncol)
        n = 1 << (_TEETH - 1)
        tabs = [[self._affine_cache(P) for P in pts[n * b:n * b + n]] for b in range(_BLOCKS)]
        self._comb = tabs
        return tabs

    def _select(self, tab, e, s):
        # Constant-pattern read of tab[e] (e in 0..7), negated when s == -1 (s is 0 or -1):
        # every entry is read and masked. Entries are tuples of non-negative ints.
        n = len(tab[0])
        out = [0] * n
        for j in range(8):
            m = ((e ^ j) - 1) >> 8  # -1 for the wanted entry, else 0
            ent = tab[j]
            for i in range(n):
                out[i] |= ent[i] & m
        return self._negc(out, s)

    def mul_base(self, k):
        """k*B for a secret 0 <= k < L (see the module docstring)."""
        tabs = self._comb_table()
        k = _int(k)
        k = k + (self.L & ((k & 1) - 1))  # odd, same point
        d = self.ncol
        nl = _TEETH * _BLOCKS * d
        c = (k + (1 << nl) - 1) >> 1  # bit j of c: signed bit j of k is 2*c_j - 1
        nb = nl // 8
        cb = c.to_bytes(nb, "little")
        R = self._id()
        for col in range(d - 1, -1, -1):
            R = self._dbl(R)
            for b in range(_BLOCKS):
                dig = comb_digit(cb, b, _TEETH, d, col)
                # Top tooth +1: entry dig & 7. Top tooth -1: entry ~dig & 7, negated.
                m = (dig >> 3) - 1  # -1 when the top tooth is -1
                R = self._add(R, self._select(tabs[b], (dig ^ m) & 7, m))
        return R

    def _odd(self, P):
        # Cached odd multiples P, 3P, ..., (2^(W-1) - 1)P (public data).
        out = [self._cache(P)]
        P2 = self._cache(self._dbl(P))
        Q = P
        for _ in range((1 << (_W - 2)) - 1):
            Q = self._add(Q, P2)
            out.append(self._cache(Q))
        return out

    def mul2(self, s, k, P):
        """s*B + k*P for PUBLIC s, k >= 0: interleaved w-NAF, variable time."""
        if self._gtab is None:
            gx, gy = self.G
            self._gtab = [self._affine_cache(self._uncache_pt(c)) for c in self._odd(self._point(gx, gy))]
        tg = self._gtab
        tp = self._odd(P)
        n1 = wnaf(s, _W)
        n2 = wnaf(k, _W)
        R = self._id()
        for i in range(max(len(n1), len(n2)) - 1, -1, -1):
            R = self._dbl(R)
            if i < len(n1) and n1[i]:
                dd = n1[i]
                c = tg[(dd if dd > 0 else -dd) >> 1]
                R = self._add(R, c if dd > 0 else self._negc_vt(c))
            if i < len(n2) and n2[i]:
                dd = n2[i]
                c = tp[(dd if dd > 0 else -dd) >> 1]
                R = self._add(R, c if dd > 0 else self._negc_vt(c))
        return R

    def encode(self, P):
        x, y = self._xy(P)
        return (y | (x & 1) << (8 * self.size - 1)).to_bytes(self.size, "little")


class _Ed25519(_Edwards):
    # Points are (X, Y, Z, E, H): extended coordinates with T = E*H kept as its two factors
    # (E, H unreduced, |E|, |H| < 2p), so a doubling, which does not read T, never pays
    # for it (Hisil et al. §3.2). Comb entries are affine (Z = 1) in the form
    # (y + x, y - x, 2d*x*y), packed into one int (fields of 256 bits) so that a masked
    # read costs two big-int operations per entry.
    _CT = 4  # comb teeth per block: tables of 8 entries
    _CB = 8  # comb blocks: ceil(254 / 32) = 8 columns, 7 doublings
    _WB = 7  # w-NAF width for B in mul2 (32 affine odd multiples, built once)

    def __init__(self, curve):
        _Edwards.__init__(self, curve)
        p = self.p
        self.d = curve.d
        self.d2 = 2 * curve.d % p
        self._sqrtm1 = None  # sqrt(-1) = 2^((p-1)/4) (RFC 8032 §5.1.3 step 3), on first decode
        nbits = _bits(2 * curve.n)
        per = self._CT * self._CB
        self.cd = (nbits + per - 1) // per  # comb columns: 8
        self._ngtab = None

    def _point(self, x, y):
        return (x, y, 1, x, y)

    def _id(self):
        return (0, 1, 1, 0, 1)

    def neg(self, P):
        p = self.p
        return ((p - P[0]) % p, P[1], P[2], -P[3], P[4])

    def _cache(self, P):
        # (Y + X, Y - X, 2d*T, 2Z)
        p = self.p
        X, Y, Z, E, H = P
        return ((Y + X) % p, (Y - X) % p, E * H % p * self.d2 % p, 2 * Z % p)

    def _negc_vt(self, c):
        return (c[1], c[0], self.p - c[2], c[3])

    def _add(self, P, c):
        # RFC 8032 §5.1.4 addition, second operand in cached form (Y+X, Y-X, 2dT, 2Z).
        p = self.p
        X1, Y1, Z1, E1, H1 = P
        A = (Y1 - X1) * c[1] % p
        B = (Y1 + X1) * c[0] % p
        C = E1 * H1 % p * c[2] % p
        D = Z1 * c[3] % p
        E = B - A
        F = D - C
        G = D + C
        H = B + A
        return (E * F % p, G * H % p, F * G % p, E, H)

    def _madd(self, P, c):
        # The same with an affine operand (y+x, y-x, 2dxy): 2Z2 = 2, so D = Z1 + Z1.
        p = self.p
        X1, Y1, Z1, E1, H1 = P
        A = (Y1 - X1) * c[1] % p
        B = (Y1 + X1) * c[0] % p
        C = E1 * H1 % p * c[2] % p
        D = Z1 + Z1
        E = B - A
        F = D - C
        G = D + C
        H = B + A
        return (E * F % p, G * H % p, F * G % p, E, H)

    def _dbl(self, P):
        # RFC 8032 §5.1.4 doubling (T is not read; E, H are kept for the next addition).
        p = self.p
        X1, Y1, Z1 = P[0], P[1], P[2]
        A = X1 * X1 % p
        B = Y1 * Y1 % p
        C = Z1 * Z1 % p
        C += C
        H = A + B
        t = X1 + Y1
        E = H - t * t % p
        G = A - B
        F = C + G
        return (E * F % p, G * H % p, F * G % p, E, H)

    def _inv(self, z):
        # z^(p-2), p - 2 = 2^255 - 21: a fixed chain of 254 squarings and 11
        # multiplications (the usual one for 2^255 - 19), no secret-dependent branch.
        p = self.p

        def sq(a, n):
            for _ in range(n):
                a = a * a % p
            return a

        z2 = z * z % p
        z9 = sq(z2, 2) * z % p
        z11 = z9 * z2 % p
        a = z11 * z11 % p * z9 % p  # 2^5 - 1
        b10 = sq(a, 5) * a % p
        b20 = sq(b10, 10) * b10 % p
        b40 = sq(b20, 20) * b20 % p
        b50 = sq(b40, 10) * b10 % p
        b100 = sq(b50, 50) * b50 % p
        b200 = sq(b100, 100) * b100 % p
        b250 = sq(b200, 50) * b50 % p
        return sq(b250, 5) * z11 % p

    def _xy(self, P):
        p = self.p
        zi = self._inv(P[2])
        return P[0] * zi % p, P[1] * zi % p

    def _affine_pre(self, pts):
        # Affine (y + x, y - x, 2d*x*y) of every point of pts (table set-up, public data):
        # one inversion for the whole list (Montgomery's trick: prefix products of Z).
        p = self.p
        pre = [1]
        for P in pts:
            pre.append(pre[-1] * P[2] % p)
        inv = self._inv(pre[-1])
        out = [None] * len(pts)
        for i in range(len(pts) - 1, -1, -1):
            P = pts[i]
            zi = inv * pre[i] % p  # 1 / Z_i
            inv = inv * P[2] % p
            x = P[0] * zi % p
            y = P[1] * zi % p
            out[i] = ((y + x) % p, (y - x) % p, self.d2 * x % p * y % p)
        return out

    def _comb_table(self):
        if self._comb is not None:
            return self._comb
        ct, cb = self._CT, self._CB
        pts = self._comb_points(ct, cb, self.cd)
        ent = [ypx | ymx << 256 | t2d << 512 for ypx, ymx, t2d in self._affine_pre(pts)]
        n = 1 << (ct - 1)
        tabs = [ent[n * b:n * b + n] for b in range(cb)]
        self._comb = tabs
        return tabs

    def mul_base(self, k):
        """k*B for a secret 0 <= k < L (see the module docstring)."""
        tabs = self._comb_table()
        p = self.p
        ct, cb, d = self._CT, self._CB, self.cd
        emask = (1 << (ct - 1)) - 1
        M = (1 << 256) - 1
        k = _int(k)
        k = k + (self.L & ((k & 1) - 1))  # odd, same point
        nl = ct * cb * d
        c = (k + (1 << nl) - 1) >> 1  # bit j of c: signed bit j of k is 2*c_j - 1
        cbytes = c.to_bytes((nl + 7) >> 3, "little")
        X, Y, Z, E, H = 0, 1, 1, 0, 1
        for col in range(d - 1, -1, -1):
            if col != d - 1:  # public loop index: the first doubling (of 0) is skipped
                X, Y, Z, E, H = self._dbl((X, Y, Z, E, H))
            for b in range(cb):
                dig = comb_digit(cbytes, b, ct, d, col)
                # Top tooth +1: entry dig & emask. Top tooth -1: entry ~dig & emask, negated.
                m = (dig >> (ct - 1)) - 1  # -1 when the top tooth is -1, else 0
                e = (dig ^ m) & emask
                tab = tabs[b]
                v = 0
                for j in range(emask + 1):  # every entry read, one kept by a mask
                    v |= tab[j] & (((e ^ j) - 1) >> 8)
                # R + sg*Q = sg*(sg*R + Q) with sg = +-1: negating X and T of R before
                # and E (so X3, T3) after costs three multiplications by a small int.
                sg = m + m + 1
                X = X * sg
                A = (Y - X) * ((v >> 256) & M) % p
                B = (Y + X) * (v & M) % p
                C = E * sg * H * (v >> 512) % p
                D = Z + Z
                E = (B - A) * sg
                H = B + A
                F = D - C
                G = D + C
                X = E * F % p
                Y = G * H % p
                Z = F * G % p
        return (X, Y, Z, E, H)

    def mul2(self, s, k, P):
        """s*B + k*P for PUBLIC s, k >= 0: interleaved w-NAF, variable time."""
        p = self.p
        if self._gtab is None:
            # Affine odd multiples B, 3B, ..., (2^(WB-1) - 1)B, and their negatives.
            gx, gy = self.G
            G1 = self._point(gx, gy)
            G2 = self._cache(self._dbl(G1))
            Q = G1
            pts = [Q]
            for _ in range((1 << (self._WB - 2)) - 1):
                Q = self._add(Q, G2)
                pts.append(Q)
            tg = self._affine_pre(pts)
            self._ngtab = [(c[1], c[0], p - c[2]) for c in tg]
            self._gtab = tg
        tg = self._gtab
        ntg = self._ngtab
        # Cached odd multiples P, 3P, ..., 15P (w = _W) and their negatives.
        tp = [self._cache(P)]
        P2 = self._cache(self._dbl(P))
        Q = P
        for _ in range((1 << (_W - 2)) - 1):
            Q = self._add(Q, P2)
            tp.append(self._cache(Q))
        ntp = [(c[1], c[0], p - c[2], c[3]) for c in tp]
        n1 = wnaf(s, self._WB)
        n2 = wnaf(k, _W)
        l1 = len(n1)
        l2 = len(n2)
        R = (0, 1, 1, 0, 1)
        started = False
        for i in range(max(l1, l2) - 1, -1, -1):
            if started:
                R = self._dbl(R)
            if i < l1:
                dd = n1[i]
                if dd:
                    R = self._madd(R, tg[dd >> 1] if dd > 0 else ntg[(-dd) >> 1])
                    started = True
            if i < l2:
                dd = n2[i]
                if dd:
                    R = self._add(R, tp[dd >> 1] if dd > 0 else ntp[(-dd) >> 1])
                    started = True
        return R



class _Ed448(_Edwards):
    def __init__(self, curve):
        _Edwards.__init__(self, curve)
        p = self.p
        d = curve.d
        self.d = d - p if d > p >> 1 else d  # -39081 as a small int

    def _point(self, x, y):
        return (x, y, 1)

    def _id(self):
        return (0, 1, 1)

    def neg(self, P):
        p = self.p
        return ((p - P[0]) % p, P[1], P[2])

    def _cache(self, P):
        return P

    def _uncache_pt(self, c):
        return c

    def _negc(self, c, s):
        X = c[0]
        return (X ^ ((X ^ (self.p - X)) & s), c[1], c[2])

    def _negc_vt(self, c):
        return (self.p - c[0], c[1], c[2])

    def _add(self, P, Q):
        # RFC 8032 §5.2.4 addition.
        p = self.p
        X1, Y1, Z1 = P
        X2, Y2, Z2 = Q
        A = Z1 * Z2 % p
        B = A * A % p
        C = X1 * X2 % p
        D = Y1 * Y2 % p
        E = self.d * C % p * D % p
        F = B - E
        G = B + E
        H = (X1 + Y1) * (X2 + Y2) % p
        return (A * F % p * (H - C - D) % p, A * G % p * (D - C) % p, F * G % p)

    def _dbl(self, P):
        # RFC 8032 §5.2.4 doubling.
        p = self.p
        X1, Y1, Z1 = P
        t = X1 + Y1
        B = t * t % p
        C = X1 * X1 % p
        D = Y1 * Y1 % p
        E = C + D
        H = Z1 * Z1 % p
        J = E - 2 * H
        return ((B - E) * J % p, E * (C - D) % p, E * J % p)

    def _xy(self, P):
        p = self.p
        zi = pow(P[2], p - 2, p)
        return P[0] * zi % p, P[1] * zi % p



def new(curve):
    """A per-curve context (see the module docstring for its surface)."""
    if curve.size == 32:
        return _Ed25519(curve)
    return _Ed448(curve)
