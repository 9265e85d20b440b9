"""Helpers on built-in integers shared by the portable backends (``weierstrass_python``,
``edwards_python``), the table builders of the limb backends and the protocols (``ecdsa``).

- ``inv_vt(x, m)``: x^-1 mod m by the extended Euclidean algorithm. VARIABLE TIME: for
  public values, or values blinded by a secret the caller chose.
- ``affine_all(pts, p)``: (X/Z, Y/Z) of homogeneous projective points with one inversion
  for the whole list (Montgomery's trick); public data (table set-up). ValueError for a
  point at infinity.
- ``wnaf(k, w)``: the width-w NAF digits of k >= 0, least significant first, one per bit
  (0 or odd in (-2^(w-1), 2^(w-1))); public scalars (variable time).

MicroPython big integers are not constant time (their cost depends on their values), which
is why nothing here is used on a secret that is not blinded.
"""


def inv_vt(x, m):
    # Variable-time inverse (extended Euclid) for PUBLIC values only. x != 0 mod m.
    a, b = x % m, m
    u, v = 1, 0
    while a:
        q, r = divmod(b, a)
        a, b = r, a
        u, v = v - q * u, u
    return v % m


def affine_all(pts, p):
    # A point at infinity (Z = 0) would make every result wrong, so it is refused.
    pre = [1]
    for P in pts:
        pre.append(pre[-1] * P[2] % p)
    if pre[-1] == 0:
        raise ValueError("point at infinity in a table")
    inv = pow(pre[-1], p - 2, p)
    out = [None] * len(pts)
    for i in range(len(pts) - 1, -1, -1):
        X, Y, Z = pts[i]
        zi = inv * pre[i] % p
        inv = inv * Z % p
        out[i] = (X * zi % p, Y * zi % p)
    return out


def wnaf(k, w):
    out = []
    full = 1 << w
    half = full >> 1
    while k:
        if k & 1:
            d = k & (full - 1)
            if d >= half:
                d -= full
            k -= d
        else:
            d = 0
        out.append(d)
        k >>= 1
    return out
