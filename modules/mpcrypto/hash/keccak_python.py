"""Keccak-f[1600] and the sponge's byte I/O in portable Python (FIPS 202 §3, §4).

Same surface and state layout as ``keccak_viper`` (see there): ``absorb(st, data, n)``,
``pad(st, suffix)``, ``squeeze(st, out, n)``, ``f1600(st)`` on an ``array('I')`` of 102 words
(25 lanes as 32-bit halves, scratch, position, rate; the scratch words are not used here).
Nothing validates; the framing in ``_sponge`` does.

No viper or native decorators: this module serves bytecode-only ports (RX65N) and compiles
with plain ``mpy-cross``. Each call turns the 50 halves into 25 lanes held as Python ints
of 64 bits, runs the rounds on those, and writes the halves back. The round constants
(§3.2.5, Algorithm 5) and the rho offsets (§3.2.2) are computed at import from the spec's
definitions rather than typed in (the viper kernel types them in: an independent check).

Constant time: the permutation has no data-dependent branch or index; the interpreter's
big-int arithmetic is not constant time. Allocation: on 32-bit ports (small ints are 31-bit)
every 64-bit lane is a heap object and every lane operation allocates, about 25 KB per
permutation; on the 64-bit unix port lanes of 2**62 or more allocate too. Prefer the viper
backend where the port has it.
"""

_M64 = (1 << 64) - 1
_M32 = 0xFFFFFFFF


def _round_constants():
    # FIPS 202 §3.2.5: rc(t) from an LFSR over GF(2)[x]/(x^8 + x^6 + x^5 + x^4 + 1); bit
    # 2^j - 1 of RC[i] is rc(j + 7i) for j = 0..6.
    out = []
    r = 1
    bits = []
    for _ in range(7 * 24):
        bits.append(r & 1)
        r <<= 1
        if r & 0x100:
            r ^= 0x171
    for i in range(24):
        c = 0
        for j in range(7):
            c |= bits[7 * i + j] << ((1 << j) - 1)
        out.append(c)
    return out


def _rho_pi():
    # FIPS 202 §3.2.2 (rho offsets) and §3.2.3 (pi: A'[x, y] = A[(x + 3y) mod 5, x]), folded
    # into one list of (source lane, destination lane, rotation); lane index = x + 5y.
    off = [0] * 25
    x, y = 1, 0
    for t in range(24):
        off[x + 5 * y] = ((t + 1) * (t + 2) // 2) % 64
        x, y = y, (2 * x + 3 * y) % 5
    out = []
    for x in range(5):
        for y in range(5):
            src = x + 5 * y
            dst = y + 5 * ((2 * x + 3 * y) % 5)
            out.append((src, dst, off[src]))
    return tuple(out)


_RC = tuple(_round_constants())
_RHOPI = _rho_pi()


def _permute(A):
    # Keccak-f[1600] in place on ``A``: a list of 25 lanes (ints < 2^64), index x + 5y.
    M = _M64
    B = [0] * 25
    C = [0] * 5
    for rc in _RC:
        # theta (§3.2.1)
        for x in range(5):
            C[x] = A[x] ^ A[x + 5] ^ A[x + 10] ^ A[x + 15] ^ A[x + 20]
        for x in range(5):
            c = C[(x + 1) % 5]
            d = C[(x + 4) % 5] ^ (((c << 1) | (c >> 63)) & M)
            for y in range(0, 25, 5):
                A[x + y] ^= d
        # rho and pi (§3.2.2, §3.2.3)
        for src, dst, r in _RHOPI:
            v = A[src]
            B[dst] = ((v << r) | (v >> (64 - r))) & M if r else v
        # chi (§3.2.4)
        for y in range(0, 25, 5):
            b0, b1, b2, b3, b4 = B[y], B[y + 1], B[y + 2], B[y + 3], B[y + 4]
            A[y] = b0 ^ ((b1 ^ M) & b2)
            A[y + 1] = b1 ^ ((b2 ^ M) & b3)
            A[y + 2] = b2 ^ ((b3 ^ M) & b4)
            A[y + 3] = b3 ^ ((b4 ^ M) & b0)
            A[y + 4] = b4 ^ ((b0 ^ M) & b1)
        # iota (§3.2.5)
        A[0] ^= rc


def _load(st):
    return [st[2 * i] | st[2 * i + 1] << 32 for i in range(25)]


def _store(st, A):
    for i in range(25):
        v = A[i]
        st[2 * i] = v & _M32
        st[2 * i + 1] = v >> 32


def f1600(st):
    A = _load(st)
    _permute(A)
    _store(st, A)


def absorb(st, data, n):
    # FIPS 202 §4 (Algorithm 8 step 6): XOR the bytes into the state from the position on,
    # f each time a block of ``rate`` bytes is full; whole blocks a lane at a time.
    if not n:
        return
    pos = st[100]
    rate = st[101]
    A = _load(st)
    i = 0
    while i < n:
        if pos == 0 and n - i >= rate:
            for j in range(rate >> 3):
                o = i + 8 * j
                A[j] ^= int.from_bytes(bytes(data[o:o + 8]), "little")
            _permute(A)
            i += rate
        else:
            A[pos >> 3] ^= data[i] << ((pos & 7) << 3)
            pos += 1
            i += 1
            if pos == rate:
                _permute(A)
                pos = 0
    _store(st, A)
    st[100] = pos


def pad(st, suffix):
    # Domain suffix and pad10*1 (FIPS 202 §5.1, §6, §B.2; see keccak_viper.pad), then f.
    pos = st[100]
    q = st[101] - 1
    A = _load(st)
    A[pos >> 3] ^= suffix << ((pos & 7) << 3)
    A[q >> 3] ^= 0x80 << ((q & 7) << 3)
    _permute(A)
    _store(st, A)
    st[100] = 0


def squeeze(st, out, n):
    # out[0:n] = the next n output bytes (FIPS 202 §4, Algorithm 8 steps 8-10).
    pos = st[100]
    rate = st[101]
    A = _load(st)
    moved = False
    for i in range(n):
        if pos == rate:
            _permute(A)
            moved = True
            pos = 0
        out[i] = (A[pos >> 3] >> ((pos & 7) << 3)) & 0xFF
        pos += 1
    if moved:
        _store(st, A)
    st[100] = pos
