"""Short-Weierstrass point arithmetic with MicroPython built-in integers (portable backend).

Seam primitive "ec_weierstrass" (see ``mpcrypto.ec.ec``). Surface, shared by every backend
(``weierstrass_viper`` and a board's PKA driver implement the same calls; ``inv_n`` is optional)::

    ctx = new(curve)                 # per-curve context (curve: mpcrypto.ec.curves.Weierstrass)
    ctx.mul(k, x, y)     -> (x, y) or None    k*P, regular ladder, for SECRET k
    ctx.ecdh(k, x, y)    -> bytes or None     x of k*P as size big-endian bytes, SECRET k
    ctx.mul_base(k)      -> (x, y) or None    k*G, regular comb,   for SECRET k
    ctx.mul2(u1, u2, x, y) -> (x, y) or None  u1*G + u2*P, variable time, PUBLIC scalars only
    ctx.ecdsa_s(k, d, e, r) -> s bytes        k^-1 (e + r d) mod n, SECRET k, d
    ctx.sm2_s(k, d, r)   -> s bytes           (1 + d)^-1 (k - r d) mod n, SECRET k, d
    ctx.inv_n(s)         -> s^-1 mod n        (verification: PUBLIC s)

None stands for the point at infinity. Inputs are trusted (the API layer validated them):
0 <= k <= n, (x, y) on the curve, e and r in [0, n). Field elements are ints in [0, p).
Secret scalars k and d come as nsize big-endian bytes (the key objects keep them so, and the
limb backend never makes an int of them) or as ints (tests); s comes back as nsize
big-endian bytes, the points as ints (public results).

Secret-scalar multiplication (``mul``, ``mul_base``)
  Projective (X:Y:Z) coordinates with the *complete* addition and doubling formulas of
  Renes, Costello, Batina, "Complete addition formulas for prime order elliptic curves",
  EUROCRYPT 2016, Algorithms 1 and 3 (any a; with a = -3 or a = 0 the multiplications by a
  are by a small int and cost little). Complete means one formula for every input pair,
  including P + P, P + (-P) and the identity (0:1:0): the ladder needs no special cases.
  Valid on curves of odd order, which covers every curve of ``curves.WEIERSTRASS`` (h = 1).
  Both first make k odd (k or n - k, chosen with a mask; the result is negated with a mask
  in the second case), then use digit sets without 0, so no addition depends on a zero
  digit (the identity only starts the comb, at the same step for every k) and zero digits
  cannot show in the timing of the big-int operations:
  - ``mul``: Joye-Tunstall regular recoding (CHES 2009) into ceil(nbits/4) signed odd
    4-bit digits; per digit 4 doublings, one lookup in the table of P, 3P, ..., 15P, one
    addition. For a = -3 and a = 0 the 4 doublings run in Jacobian coordinates
    (dbl-2001-b, dbl-2009-l: exception-free for doubling on these curves, no branch).
  - ``mul_base``: a signed Lim-Lee comb (5 teeth, 2 blocks; every bit read as +1 or -1,
    as in Hamburg's signed comb) over two 16-entry tables built once per curve:
    ceil(nbits/10) doublings and 2*ceil(nbits/10) additions.
  Table lookups read every entry and keep one with an arithmetic mask (``_select``), and
  negate with a mask; digits come from the fixed-length big-endian bytes of k through
  small-int arithmetic. There is no branch and no table index that depends on a secret bit.
  What this does NOT promise: MicroPython's big-int operations take time that depends on
  the size of their operands (a product whose top digits happen to be zero is shorter) and
  allocate on the heap; ``% p`` is a schoolbook division. So the sequence of operations is
  fixed, but each operation's duration is not. Inversions of secrets (Z of k*P, k mod n,
  1 + d mod n) are Euclid's, variable time, on the value times a blinding factor drawn
  from SHA-256 of the secret scalar (``field.bigint.inv_blinded``): what their running time
  shows is of a product the attacker cannot predict.
  ``mul_base`` adds affine table points with the mixed form of the complete addition.

Public-scalar multiplication (``mul2``, ECDSA verification)
  Jacobian coordinates, EFD formulas: dbl-2001-b (a = -3), dbl-2009-l (a = 0),
  dbl-2007-bl (any a); madd-2007-bl (Z2 = 1) with the exceptional cases (P = Q, P = -Q,
  identity) handled by branches. Interleaved w-NAF (Shamir's trick): width 5 for G (odd
  multiples cached per curve), width 4 for P (odd multiples made affine with one inversion).
  Variable time on purpose; never call it with a secret scalar.

Allocation: every big-int operation allocates its result; see bench/bench_ecdh.py and
bench/bench_ecdsa.py for bytes per operation. The base comb tables (16 affine points) and
the w-NAF table of G (8 points) are built on first use and kept in the context. What a
P-256 operation allocates in total is fine on the unix port, far too much churn for an MCU;
fixed-size limbs in preallocated buffers (``weierstrass_viper``, the default where viper
exists) fix that.
"""

from mpcrypto.ec.field.bigint import affine_all, comb_digit, gray_steps, inv_blinded, inv_vt, teeth, wnaf


def probe():
    return True


_W = 4  # window width of mul (bits per digit)
_TEETH = 5  # comb: teeth per block
_BLOCKS = 2  # comb: blocks (tables); 16 entries each (signed comb)
_WG = 5  # w-NAF width for G in mul2
_WP = 4  # w-NAF width for the variable point in mul2


def _int(k):
    # A scalar given as big-endian bytes or an int, as an int.
    return k if isinstance(k, int) else int.from_bytes(k, "big")


def _seed(k):
    # A secret scalar's bytes, the seed of its blinding factor (``inv_blinded``).
    return k.to_bytes(66, "big") if isinstance(k, int) else k


def _select(tab, d, p):
    # Constant-pattern lookup of the signed odd digit d in {+-1, +-3, ..., +-15}: entry
    # (|d| - 1) / 2 of the 8-entry table, negated when d < 0. Every entry is read and masked;
    # m is -1 (all ones) for the wanted entry and 0 otherwise, computed without a branch
    # from small ints. The negation p - Y is computed always and kept by a mask.
    s = d >> 8  # -1 when d < 0, else 0
    idx = ((d ^ s) - s) >> 1
    X = Y = Z = 0
    for j in range(8):
        m = ((idx ^ j) - 1) >> 8
        e = tab[j]
        X |= e[0] & m
        Y |= e[1] & m
        Z |= e[2] & m
    Y ^= (Y ^ (p - Y)) & s
    return X, Y, Z


def _select_xy(tab, d, p, sh):
    # _select for a comb table (any number of entries up to 128), whose entries are affine
    # points packed as X | Y << sh: one mask and one OR per entry on the packed int, then
    # one split.
    s = d >> 8
    idx = ((d ^ s) - s) >> 1
    XY = 0
    for j in range(len(tab)):
        XY |= tab[j] & (((idx ^ j) - 1) >> 8)
    Y = XY >> sh
    X = XY ^ (Y << sh)
    Y ^= (Y ^ (p - Y)) & s
    return X, Y



def _rcb_tail(p, a, b3, t0, t1, t2, t3, t4, t5):
    # (X3, Y3, Z3) from t0..t5, the second half of RCB 2016's complete formulas (see
    # _Curve._add), shared by the addition and the doubling.
    at2 = a * t2
    z = (a * t4 + b3 * t2) % p
    u = t1 - z
    v = t1 + z
    w = 3 * t0 + at2
    t4 = (b3 * t4 + a * (t0 - at2)) % p
    return (t3 * u - t5 * t4) % p, (u * v + w * t4) % p, (t5 * v + t3 * w) % p

class _Curve:
    def __init__(self, curve):
        p = curve.p
        a = curve.a % p
        if a > p >> 1:
            a -= p  # a = -3 (NIST, brainpool t1, SM2) becomes the small int -3
        self.p = p
        self.a = a
        self.b3 = 3 * curve.b % p
        self.n = curve.n
        self.G = curve.G
        self.size = curve.size
        self.nbytes = curve.nsize
        # Digits of a scalar: ceil(nbits / 4) for mul; comb columns for mul_base.
        self.nwin = (curve.nbits + _W - 1) // _W
        self.ncol = (curve.nbits + _TEETH * _BLOCKS - 1) // (_TEETH * _BLOCKS)
        self._comb = None
        self._gtab = None

    # -- complete projective formulas (RCB 2016), for secret scalars ----------------------
    # Both compute, with
    #   t0 = X1X2, t1 = Y1Y2, t2 = Z1Z2, t3 = X1Y2+X2Y1, t4 = X1Z2+X2Z1, t5 = Y1Z2+Y2Z1,
    #   X3 = t3(t1 - a t4 - 3b t2) - t5(3b t4 + a t0 - a^2 t2)
    #   Y3 = (t1 + a t4 + 3b t2)(t1 - a t4 - 3b t2) + (3 t0 + a t2)(3b t4 + a t0 - a^2 t2)
    #   Z3 = t5(t1 + a t4 + 3b t2) + t3(3 t0 + a t2)
    # (RCB 2016 §3.1, eq. for Algorithm 1). Products are reduced once per sum of products
    # (big ints do not overflow), which halves the number of divisions. With a = -3 or 0 the
    # products by a are by a small int.

    def _add(self, P, Q):
        # RCB 2016 Algorithm 1 (complete addition, any a), arranged as above.
        p = self.p
        a = self.a
        b3 = self.b3
        X1, Y1, Z1 = P
        X2, Y2, Z2 = Q
        t0 = X1 * X2 % p
        t1 = Y1 * Y2 % p
        t2 = Z1 * Z2 % p
        t3 = ((X1 + Y1) * (X2 + Y2) - t0 - t1) % p
        t4 = ((X1 + Z1) * (X2 + Z2) - t0 - t2) % p
        t5 = ((Y1 + Z1) * (Y2 + Z2) - t1 - t2) % p
        return _rcb_tail(p, a, b3, t0, t1, t2, t3, t4, t5)

    def _madd(self, P, Q):
        # _add for Q = (X2, Y2, 1), an affine table point given as (X2, Y2) (RCB 2016
        # Algorithm 2, mixed addition: Algorithm 1 with Z2 = 1, so complete too): t2 = Z1,
        # t4 = X2 Z1 + X1 and t5 = Y2 Z1 + Y1, one product and one reduction fewer.
        p = self.p
        X1, Y1, Z1 = P
        X2, Y2 = Q
        t0 = X1 * X2 % p
        t1 = Y1 * Y2 % p
        t3 = ((X1 + Y1) * (X2 + Y2) - t0 - t1) % p
        t4 = (X2 * Z1 + X1) % p
        t5 = (Y2 * Z1 + Y1) % p
        return _rcb_tail(p, self.a, self.b3, t0, t1, Z1, t3, t4, t5)

    def _dbl(self, P):
        # RCB 2016 Algorithm 3 (complete doubling, any a): Algorithm 1 with P = Q, the cross
        # terms 2XY, 2XZ, 2YZ taken directly.
        p = self.p
        a = self.a
        b3 = self.b3
        X, Y, Z = P
        t0 = X * X % p
        t1 = Y * Y % p
        t2 = Z * Z % p
        t3 = 2 * X * Y % p
        t4 = 2 * X * Z % p
        t5 = 2 * Y * Z % p
        return _rcb_tail(p, a, b3, t0, t1, t2, t3, t4, t5)

    def _affine(self, P, seed=None):
        # Projective -> affine. Z of a secret scalar's multiple (``seed``: that scalar's
        # bytes) is inverted blinded (``inv_blinded``); of public data, by plain Euclid.
        # Identity -> None (Z = 0 is public once the result is public: it means k was a
        # multiple of n).
        p = self.p
        X, Y, Z = P
        if Z == 0:
            return None
        zi = inv_vt(Z, p) if seed is None else inv_blinded(Z, p, seed)
        return X * zi % p, Y * zi % p

    # -- scalars mod n (big ints: no timing promise; see the module docstring) ---------------

    def ecdh(self, k, x, y):
        R = self.mul(k, x, y)
        return None if R is None else R[0].to_bytes(self.size, "big")

    def ecdsa_s(self, k, d, e, r):
        n = self.n
        ki = inv_blinded(_int(k), n, b"n" + _seed(k))
        return (ki * ((e + r * _int(d)) % n) % n).to_bytes(self.nbytes, "big")

    def sm2_s(self, k, d, r):
        n = self.n
        di = inv_blinded(1 + _int(d), n, b"d" + _seed(d))
        return (di * ((_int(k) - r * _int(d)) % n) % n).to_bytes(self.nbytes, "big")

    def inv_n(self, s):
        return inv_vt(s, self.n)

    def _odd(self, k):
        # Regular recodings need an odd scalar: use n - k when k is even (n is odd) and
        # negate the result. Returns (k', m) with m = -1 when negated, 0 otherwise; chosen
        # with masks, not a branch.
        m = (k & 1) - 1
        return k ^ ((k ^ (self.n - k)) & m), m

    def _neg(self, P, m):
        # Conditional negation (mask m = -1: -P, 0: P), branch-free.
        X, Y, Z = P
        return X, Y ^ ((Y ^ (self.p - Y)) & m), Z

    def _recode(self, k):
        # Joye-Tunstall regular recoding (CHES 2009, Alg. 6) of an odd k < 16^nwin into
        # nwin signed odd digits in [-15, 15] plus a top digit 1, least significant first:
        #   v = u_i + c; d_i = ((v + 16 * (u_{i+1} & 1)) mod 32) - 16; c = (v - d_i) / 16
        # on the 4-bit digits u_i of k's fixed-length bytes (small ints only). No digit is
        # 0, so the identity never enters an addition and no digit value changes the work.
        nw = self.nwin
        nb = (4 * nw + 7) // 8
        kb = k.to_bytes(nb, "big") if isinstance(k, int) else bytes(nb - len(k)) + bytes(k)
        u = [0] * (nw + 1)
        for i in range(nw):
            u[i] = (kb[nb - 1 - (i >> 1)] >> ((i & 1) << 2)) & 15
        out = [0] * nw
        c = 0
        for i in range(nw):
            v = u[i] + c
            d = ((v + ((u[i + 1] & 1) << 4)) & 31) - 16
            c = (v - d) >> 4
            out[i] = d
        return out

    def mul(self, k, x, y):
        """k*(x, y) for a secret k (0 <= k <= n): signed odd 4-bit windows (regular
        recoding), complete formulas, masked lookup. Same operation sequence for every k."""
        seed = _seed(k)
        k, neg = self._odd(_int(k))
        P = (x, y, 1)
        P2 = self._dbl(P)
        tab = [P]
        for i in range(7):
            tab.append(self._add(tab[i], P2))  # (2i + 1) P
        digits = self._recode(k)
        R = P  # top digit is 1
        p = self.p
        a = self.a
        jd = self._jdbl4 if a == -3 or a == 0 else None
        for i in range(self.nwin - 1, -1, -1):
            if jd is not None:
                R = jd(R)
            else:
                R = self._dbl(R)
                R = self._dbl(R)
                R = self._dbl(R)
                R = self._dbl(R)
            R = self._add(R, _select(tab, digits[i], p))
        return self._affine(self._neg(R, neg), seed)

    def _jdbl4(self, P):
        # 16*P for a = -3 or a = 0, through Jacobian doublings (fewer multiplications than
        # the complete projective doubling): projective (X:Y:Z) -> Jacobian (XZ, YZ^2, Z),
        # four doublings (dbl-2001-b for a = -3, dbl-2009-l for a = 0), then back to
        # projective (XZ, Y, Z^3). No branch: these doubling formulas have no exceptional
        # case on curves without points of order 2, and in ``mul`` the running point is
        # never the identity here (the recoded prefixes are nonzero and below n).
        p = self.p
        X, Y, Z = P
        ZZ = Z * Z % p
        X = X * Z % p
        Y = Y * ZZ % p
        if self.a == -3:
            for _ in range(4):
                delta = Z * Z % p
                gamma = Y * Y % p
                beta = X * gamma % p
                alpha = 3 * (X - delta) * (X + delta) % p
                Z = 2 * Y * Z % p
                X = (alpha * alpha - 8 * beta) % p
                Y = (alpha * (4 * beta - X) - 8 * gamma * gamma) % p
        else:
            for _ in range(4):
                XX = X * X % p
                YY = Y * Y % p
                S = 4 * X * YY % p
                M = 3 * XX
                Z = 2 * Y * Z % p
                X = (M * M - 2 * S) % p
                Y = (M * (S - X) - 8 * YY * YY) % p
        return X * Z % p, Y, Z * Z % p * Z % p

    def _comb_table(self):
        # Signed Lim-Lee comb (all digits nonzero). With T = _TEETH teeth, B = _BLOCKS
        # blocks, d = ncol columns and L = T B d bits, an odd k is written
        # k = sum_i (2 c_i - 1) 2^i where c = (k + 2^L - 1) / 2, so each bit stands for +1
        # or -1. Block b's entry j (0 <= j < 2^(T-1)) is
        #   2^((T b + T-1) d) G + sum_{t < T-1} (+1 if bit t of j else -1) 2^((T b + t) d) G,
        # normalised to Z = 1 and kept packed as X | Y << (8 size) (``_select_xy``); a
        # column whose top tooth is -1 uses the complement entry, negated. Built once per
        # curve, from public data: entry 0, then the others in Gray-code order, each one
        # addition of +-2 * tooth away from the one before, and one inversion per block.
        if self._comb is not None:
            return self._comb
        d = self.ncol
        sh = 8 * self.size
        top = _TEETH - 1
        gx, gy = self.G
        tp = teeth(self._dbl, (gx, gy, 1), _TEETH * _BLOCKS, d)
        tabs = []
        for b in range(_BLOCKS):
            T = tp[_TEETH * b:_TEETH * b + _TEETH]
            twice = [self._dbl(P) for P in T[:top]]
            acc = T[top]
            for t in range(top):
                acc = self._add(acc, self._neg(T[t], -1))
            pts = [acc] * (1 << top)
            for g, t in gray_steps(1 << top):
                acc = self._add(acc, twice[t] if (g >> t) & 1 else self._neg(twice[t], -1))
                pts[g] = acc
            tabs.append([x | y << sh for x, y in affine_all(pts, self.p)])
        self._comb = tabs
        return tabs

    def mul_base(self, k):
        """k*G for a secret k (0 <= k <= n): signed comb, ncol doublings and 2*ncol
        additions of nonzero table points, whatever k is."""
        tabs = self._comb_table()
        seed = _seed(k)
        k, neg = self._odd(_int(k))
        d = self.ncol
        L = _TEETH * _BLOCKS * d
        c = (k + (1 << L) - 1) >> 1
        cb = c.to_bytes((L + 7) // 8, "little")
        p = self.p
        sh = 8 * self.size
        top = _TEETH - 1
        emask = (1 << top) - 1
        R = (0, 1, 0)
        for col in range(d - 1, -1, -1):
            R = self._dbl(R)
            for b in range(_BLOCKS):
                dig = comb_digit(cb, b, _TEETH, d, col)
                # Top tooth +1: entry dig & emask. Top tooth -1: entry ~dig & emask,
                # negated. As a signed odd digit for _select_xy: +-(2 * entry + 1).
                m = (dig >> top) - 1  # -1 when the top tooth is -1
                e = (dig ^ m) & emask
                R = self._madd(R, _select_xy(tabs[b], ((2 * e + 1) ^ m) - m, p, sh))
        return self._affine(self._neg(R, neg), seed)

    # -- Jacobian formulas (EFD), variable time, for public scalars -----------------------

    def _jdbl(self, P):
        p = self.p
        X1, Y1, Z1 = P
        if Z1 == 0 or Y1 == 0:
            return (1, 1, 0)
        a = self.a
        if a == -3:
            # dbl-2001-b
            delta = Z1 * Z1 % p
            gamma = Y1 * Y1 % p
            beta = X1 * gamma % p
            alpha = 3 * (X1 - delta) * (X1 + delta) % p
            X3 = (alpha * alpha - 8 * beta) % p
            Z3 = 2 * Y1 * Z1 % p
            Y3 = (alpha * (4 * beta - X3) - 8 * gamma * gamma) % p
            return X3, Y3, Z3
        XX = X1 * X1 % p
        YY = Y1 * Y1 % p
        YYYY = YY * YY % p
        S = 4 * X1 * YY % p
        if a == 0:
            M = 3 * XX  # dbl-2009-l
        else:
            ZZ = Z1 * Z1 % p
            M = (3 * XX + a * ZZ * ZZ) % p  # dbl-2007-bl
        X3 = (M * M - 2 * S) % p
        Y3 = (M * (S - X3) - 8 * YYYY) % p
        Z3 = 2 * Y1 * Z1 % p
        return X3, Y3, Z3

    def _jmadd(self, P, x2, y2):
        # madd-2007-bl: Jacobian P + affine (x2, y2), with the exceptional cases branched.
        p = self.p
        X1, Y1, Z1 = P
        if Z1 == 0:
            return x2, y2, 1
        Z1Z1 = Z1 * Z1 % p
        U2 = x2 * Z1Z1 % p
        S2 = y2 * Z1 * Z1Z1 % p
        H = (U2 - X1) % p
        r = 2 * (S2 - Y1) % p
        if H == 0:
            if r == 0:
                return self._jdbl(P)
            return (1, 1, 0)
        HH = H * H % p
        I = 4 * HH
        J = H * I % p
        V = X1 * I % p
        X3 = (r * r - J - 2 * V) % p
        Y3 = (r * (V - X3) - 2 * Y1 * J) % p
        Z3 = 2 * Z1 * H % p
        return X3, Y3, Z3

    def _odd_affine(self, x, y, w):
        # Affine odd multiples 1P, 3P, ..., (2^(w-1) - 1)P; one inversion for all (Montgomery's
        # batch trick). None marks a multiple that is the identity (impossible for a point of
        # odd prime order n > 2^(w-1), kept for safety).
        p = self.p
        cnt = 1 << (w - 2)
        pts = [(x, y, 1)]
        twoP = self._jdbl((x, y, 1))
        for _ in range(cnt - 1):
            Q = pts[-1]
            R = self._jadd(Q, twoP)
            pts.append(R)
        acc = 1
        pref = []
        for X, Y, Z in pts:
            pref.append(acc)
            if Z:
                acc = acc * Z % p
        inv = inv_vt(acc, p)
        out = [None] * cnt
        for i in range(cnt - 1, -1, -1):
            X, Y, Z = pts[i]
            if Z == 0:
                continue
            zi = inv * pref[i] % p
            inv = inv * Z % p
            zi2 = zi * zi % p
            out[i] = (X * zi2 % p, Y * zi2 * zi % p)
        return out

    def _jadd(self, P, Q):
        # add-2007-bl (general Jacobian addition), exceptional cases branched. Only used to
        # build small tables.
        p = self.p
        X1, Y1, Z1 = P
        X2, Y2, Z2 = Q
        if Z1 == 0:
            return Q
        if Z2 == 0:
            return P
        Z1Z1 = Z1 * Z1 % p
        Z2Z2 = Z2 * Z2 % p
        U1 = X1 * Z2Z2 % p
        U2 = X2 * Z1Z1 % p
        S1 = Y1 * Z2 * Z2Z2 % p
        S2 = Y2 * Z1 * Z1Z1 % p
        H = (U2 - U1) % p
        r = 2 * (S2 - S1) % p
        if H == 0:
            if r == 0:
                return self._jdbl(P)
            return (1, 1, 0)
        I = 4 * H * H % p
        J = H * I % p
        V = U1 * I % p
        X3 = (r * r - J - 2 * V) % p
        Y3 = (r * (V - X3) - 2 * S1 * J) % p
        Z3 = 2 * Z1 * Z2 * H % p
        return X3, Y3, Z3

    def mul2(self, u1, u2, x, y):
        """u1*G + u2*(x, y) for PUBLIC u1, u2 (ECDSA verification): variable time."""
        if self._gtab is None:
            gx, gy = self.G
            self._gtab = self._odd_affine(gx, gy, _WG)
        tg = self._gtab
        tp = self._odd_affine(x, y, _WP)
        n1 = wnaf(u1, _WG)
        n2 = wnaf(u2, _WP)
        p = self.p
        R = (1, 1, 0)
        for i in range(max(len(n1), len(n2)) - 1, -1, -1):
            R = self._jdbl(R)
            if i < len(n1) and n1[i]:
                d = n1[i]
                e = tg[(d if d > 0 else -d) >> 1]
                R = self._jmadd(R, e[0], e[1] if d > 0 else p - e[1])
            if i < len(n2) and n2[i]:
                d = n2[i]
                e = tp[(d if d > 0 else -d) >> 1]
                if e is not None:
                    R = self._jmadd(R, e[0], e[1] if d > 0 else (p - e[1]) % p)
        X, Y, Z = R
        if Z == 0:
            return None
        zi = inv_vt(Z, p)
        zi2 = zi * zi % p
        return X * zi2 % p, Y * zi2 * zi % p


def new(curve):
    """A per-curve arithmetic context (see the module docstring for its surface)."""
    return _Curve(curve)
