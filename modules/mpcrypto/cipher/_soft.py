"""The engine surface of ``cipher/modes.py`` over a one-block function, for the portable
Python backends (``camellia_python``, ``sm4_python``, ``des_python``).

``SoftEngine(bs, enc, dec)``: ``enc(b)`` / ``dec(b)`` encrypt / decrypt the bytearray(bs)
``b`` in place. The loops here implement SP 800-38A ECB (§6.1), CBC (§6.2) and CTR (§6.5,
and GCM's inc32 with ``width`` 4) on top of them, one block at a time through a scratch
block, so ``src`` may be ``dst`` (each block is read before it is written). Allocation: a few
small objects per block (slices); these backends are the slow, portable fallback.

``inc_ctr(ctr, stop)``: the counter block ctr += 1, big-endian over ctr[stop:] (the carry
stops at byte ``stop``), in place; also the CTR loop of ``aes_builtin`` without viper.
"""


def inc_ctr(ctr, stop):
    i = len(ctr) - 1
    while i >= stop:
        v = (ctr[i] + 1) & 0xFF
        ctr[i] = v
        if v:
            return
        i -= 1


class SoftEngine:
    def __init__(self, bs, enc, dec):
        self._bs = bs
        self._e = enc
        self._d = dec
        self._b = bytearray(bs)
        self._c = bytearray(bs)

    def ecb_encrypt(self, src, dst, n):
        bs = self._bs
        b = self._b
        f = self._e
        for o in range(0, n * bs, bs):
            b[:] = src[o : o + bs]
            f(b)
            dst[o : o + bs] = b

    def ecb_decrypt(self, src, dst, n):
        bs = self._bs
        b = self._b
        f = self._d
        for o in range(0, n * bs, bs):
            b[:] = src[o : o + bs]
            f(b)
            dst[o : o + bs] = b

    def cbc_encrypt(self, src, dst, n, iv):
        # C_i = E(P_i ^ C_{i-1}), C_0 = IV; iv ends as the last ciphertext block.
        bs = self._bs
        b = self._b
        f = self._e
        for o in range(0, n * bs, bs):
            for i in range(bs):
                b[i] = src[o + i] ^ iv[i]
            f(b)
            dst[o : o + bs] = b
            iv[:] = b

    def cbc_decrypt(self, src, dst, n, iv):
        # P_i = D(C_i) ^ C_{i-1}; the ciphertext block is saved first (src may be dst).
        bs = self._bs
        b = self._b
        c = self._c
        f = self._d
        for o in range(0, n * bs, bs):
            c[:] = src[o : o + bs]
            b[:] = c
            f(b)
            for i in range(bs):
                dst[o + i] = b[i] ^ iv[i]
            iv[:] = c

    def ctr_xor(self, src, dst, n, ctr, width):
        # dst = src ^ E(ctr), then ctr += 1 over its last ``width`` bytes, big-endian.
        bs = self._bs
        b = self._b
        f = self._e
        stop = bs - width
        for o in range(0, n * bs, bs):
            b[:] = ctr
            f(b)
            for i in range(bs):
                dst[o + i] = src[o + i] ^ b[i]
            inc_ctr(ctr, stop)
