"""SHAKE128 and SHAKE256 (FIPS 202 §6.2), portable Python, shaped like ``hashlib``.

    from mpcrypto.hash.shake import shake_256
    h = shake_256(b"abc"); h.update(more); h.digest(114); h.hexdigest(32); h.copy()

``digest(n)`` returns the first ``n`` bytes of the output and does not finalize: ``update``
may follow, as with our SHA-2 classes. ``n`` is an int from 0 to ``MAX_OUTPUT`` (65536 bytes
per call: ValueError above it, TypeError for a non-int), which keeps one call from
exhausting the heap; a longer output is not available from this class. Input is any
buffer-protocol object, read as its bytes whatever its item type (``mpcrypto._util``);
``str``, ``None`` and ``int`` raise TypeError.

These are XOFs, not hashes: ``digest_size`` is 0, and HMAC, ECDSA and SM2 refuse them
(``mpcrypto.hash.names``).

Keccak-f[1600] (FIPS 202 §3.3-3.4) on 25 lanes held as Python ints of 64 bits. The round
constants (§3.2.5, Algorithm 5) and the rho offsets (§3.2.2) are computed at import from
the spec's definitions rather than typed in.

Constant time: the permutation has no data-dependent branch or index (the state may be
secret, as in Ed448 signing); the big-int operations are not constant time themselves.
Allocation: on 32-bit ports (small ints are 31-bit) every 64-bit lane is a heap object and
every lane operation allocates, about 25 KB per permutation; on the 64-bit unix port lanes
of 63 bits or more allocate too. Slow: this is a reference backend for Ed448, not a fast
hash (a viper kernel on 32-bit halves would be the next step).
"""

from mpcrypto._util import rbuf

MAX_OUTPUT = 65536  # bytes per digest() call
_M64 = (1 << 64) - 1


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


def keccak_f1600(A):
    """Keccak-f[1600] in place on ``A``: a list of 25 lanes (ints < 2^64), index x + 5y."""
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


class _Shake:
    _rate = 0  # bytes

    def __init__(self, data=b""):
        self._A = [0] * 25
        self._buf = bytearray(self._rate)  # pending input, self._n bytes used
        self._n = 0
        self.update(data)

    def _absorb(self, blk, off):
        A = self._A
        for i in range(self._rate // 8):
            A[i] ^= int.from_bytes(bytes(blk[off + 8 * i:off + 8 * i + 8]), "little")
        keccak_f1600(A)

    def update(self, data):
        data = rbuf(data)
        rate = self._rate
        n = len(data)
        i = 0
        if self._n:
            take = min(rate - self._n, n)
            self._buf[self._n:self._n + take] = data[:take]
            self._n += take
            i = take
            if self._n < rate:
                return
            self._absorb(self._buf, 0)
            self._n = 0
        while n - i >= rate:
            self._absorb(data, i)
            i += rate
        if i < n:
            self._buf[0:n - i] = data[i:]
            self._n = n - i

    def copy(self):
        c = self.__class__()
        c._A = list(self._A)
        c._buf[:] = self._buf
        c._n = self._n
        return c

    def digest(self, length):
        """The first ``length`` bytes of the output (FIPS 202 §6.2, suffix 1111 then pad10*1)."""
        if type(length) is not int:
            raise TypeError("length must be int")
        if length < 0 or length > MAX_OUTPUT:
            raise ValueError("length")
        rate = self._rate
        A = list(self._A)
        blk = bytearray(rate)
        blk[0:self._n] = self._buf[0:self._n]
        blk[self._n] ^= 0x1F
        blk[rate - 1] ^= 0x80
        for i in range(rate // 8):
            A[i] ^= int.from_bytes(bytes(blk[8 * i:8 * i + 8]), "little")
        # Squeeze (§4 steps 8-10): whole lanes into a buffer of the requested size rounded
        # up to a lane, then cut.
        if not length:
            return b""
        out = bytearray((length + 7) & ~7)
        o = 0
        while True:
            keccak_f1600(A)
            for i in range(rate // 8):
                out[o:o + 8] = A[i].to_bytes(8, "little")
                o += 8
                if o >= length:
                    return bytes(memoryview(out)[:length])

    def hexdigest(self, length):
        return "".join("%02x" % b for b in self.digest(length))


class shake_128(_Shake):
    """SHAKE128 (FIPS 202 §6.2): rate 168 bytes."""
    name = "shake_128"
    block_size = 168
    digest_size = 0
    _rate = 168


class shake_256(_Shake):
    """SHAKE256 (FIPS 202 §6.2): rate 136 bytes."""
    name = "shake_256"
    block_size = 136
    digest_size = 0
    _rate = 136
