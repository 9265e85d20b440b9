"""Helpers on built-in integers shared by the portable backends (``weierstrass_python``,
``edwards_python``), the table builders of the limb backends and the protocols (``ecdsa``).

- ``inv_vt(x, m)``: x^-1 mod m by the extended Euclidean algorithm (``mpcrypto._util``'s,
  which ``pk/modexp`` shares). VARIABLE TIME: for public values, or values blinded by a
  secret the caller chose.
- ``inv_blinded(x, m, seed)``: x^-1 mod m (0 for x = 0 mod m) for a SECRET x and a prime m:
  Euclid on x * b, then times b, where b is drawn from SHA-256 of ``seed`` (secret bytes,
  such as the scalar behind x). The attacker knows neither b nor x * b, and b is not linear
  in x, so what Euclid's running time tells about x * b says nothing usable about x. Far
  cheaper than Fermat's ``pow`` on a 32-bit bytecode port, which it falls back to where
  neither the port's ``hashlib`` nor ``mpcrypto.hash.sha256`` is there.
- ``ed_decode(ctx, b)`` and ``ed_root_exp(p, size)``: RFC 8032 point decoding (§5.1.3 for
  edwards25519's 32 bytes, §5.2.3 for edwards448's 57), strict, on public data: (x, y), or
  None when y >= p, when x^2 has no square root, or for x = 0 with the sign bit set. The
  square root's power z^e, e = ``ed_root_exp``, is the backend's ``ctx._root(z)``; ``ctx``
  also gives ``p``, ``d`` and ``_sqrtm1`` (edwards25519's sqrt(-1), None until a decode
  needs it, then kept). Shared by ``edwards_python`` and ``edwards_viper``.
- ``gray_steps(nent)``: the Gray-code walk over a signed comb block's entries, one tooth's
  sign flipped per step: how ``weierstrass_python`` and the limb backends (through
  ``engine.gray_steps``) build their comb tables with one addition per entry.
- ``affine_all(pts, p)``: (X/Z, Y/Z) of homogeneous projective points with one inversion
  for the whole list (Montgomery's trick); public data (table set-up). ValueError for a
  point at infinity.
- ``teeth(dbl, P, n, d)``: the n points P, 2^d P, 2^(2d) P, ... (``dbl`` doubles a point):
  the tooth points of a comb table; public data (table set-up).
- ``comb_digit(cb, b, ct, d, col)``: the digit of block b at column col of a comb over the
  recoded scalar whose bits are the little-endian bytes cb: bit t is scalar bit
  (ct * b + t) * d + col. Byte and bit operations on small ints, the same work for every
  scalar: this one is used on secrets.
- ``wnaf(k, w)``: the width-w NAF digits of k >= 0, least significant first, one per bit
  (0 or odd in (-2^(w-1), 2^(w-1))); public scalars (variable time).

MicroPython big integers are not constant time (their cost depends on their values), which
is why nothing here but ``comb_digit`` is used on a secret that is not blinded.
"""


from mpcrypto._util import inv_vt  # noqa: F401 (shared with pk/modexp.inverse)

def _sha256():
    # The SHA-256 that draws inv_blinded's factor: the port's C one where it has one (a
    # one-shot hash, cheaper there), else ours, taken by name (the EC packages do not depend
    # on the SHA-256 one, tools/ship/mip.py); None without either.
    try:
        from hashlib import sha256

        return sha256
    except ImportError:
        pass
    try:
        return __import__("mpcrypto.hash.sha256", None, None, ("sha256",)).sha256
    except ImportError:
        return None


def inv_blinded(x, m, seed):
    sha256 = _sha256()
    if sha256 is None:  # no factor to draw: Fermat's pow, a fixed pattern
        return pow(x, m - 2, m)
    b = int.from_bytes(sha256(b"mpcrypto blind\x00" + bytes(seed)).digest(), "big") % m
    if b == 0:  # one in 2^256: m prime, every b in [1, m - 1] is a unit
        b = 1
    return inv_vt(x * b, m) * b % m


def ed_root_exp(p, size):
    return (p - 5) >> 3 if size == 32 else (p - 3) >> 2  # §5.1.3 step 2, §5.2.3 step 2


def ed_decode(ctx, b):
    p = ctx.p
    root = ctx._root
    v = int.from_bytes(b, "little")
    top = 8 * len(b) - 1
    x0 = v >> top
    y = v & ((1 << top) - 1)
    if y >= p:
        return None
    yy = y * y % p
    u = (yy - 1) % p
    if len(b) == 32:
        w = (ctx.d * yy + 1) % p
        # Candidate root x = u v^3 (u v^7)^((p-5)/8).
        w3 = w * w % p * w % p
        x = u * w3 % p * root(u * w3 % p * w3 % p * w % p) % p
        vx2 = w * x % p * x % p
        if vx2 != u:
            if vx2 != (p - u) % p:
                return None
            if ctx._sqrtm1 is None:  # 2^((p-1)/4) = (2^((p-5)/8))^2 * 2
                r = root(2)
                ctx._sqrtm1 = r * r * 2 % p
            x = x * ctx._sqrtm1 % p
    else:
        w = (ctx.d * yy - 1) % p
        # Candidate root x = u^3 v (u^5 v^3)^((p-3)/4).
        u2 = u * u % p
        w3 = w * w % p * w % p
        x = u2 * u % p * w % p * root(u2 * u2 % p * u % p * w3 % p) % p
        if w * x % p * x % p != u:
            return None
    if x == 0 and x0:
        return None
    if x & 1 != x0:
        x = p - x
    return x, y


def gray_steps(nent):
    # The walk over a comb block's entries 1 .. nent-1 in Gray-code order (table set-up):
    # (g, t) per step, g the entry, t the one tooth whose sign differs from the previous one.
    out = []
    prev = 0
    for i in range(1, nent):
        g = i ^ (i >> 1)
        t = 0
        while not ((g ^ prev) >> t) & 1:
            t += 1
        out.append((g, t))
        prev = g
    return out


def affine_all(pts, p):
    # A point at infinity (Z = 0) would make every result wrong, so it is refused.
    pre = [1]
    for P in pts:
        pre.append(pre[-1] * P[2] % p)
    if pre[-1] == 0:
        raise ValueError("point at infinity in a table")
    inv = inv_vt(pre[-1], p)
    out = [None] * len(pts)
    for i in range(len(pts) - 1, -1, -1):
        X, Y, Z = pts[i]
        zi = inv * pre[i] % p
        inv = inv * Z % p
        out[i] = (X * zi % p, Y * zi % p)
    return out


def teeth(dbl, P, n, d):
    T = []
    for _ in range(n):
        T.append(P)
        for _ in range(d):
            P = dbl(P)
    return T


def comb_digit(cb, b, ct, d, col):
    dig = 0
    for t in range(ct):
        bit = (ct * b + t) * d + col
        dig |= ((cb[bit >> 3] >> (bit & 7)) & 1) << t
    return dig


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
