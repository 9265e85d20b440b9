"""ChaCha20 block function and key-stream XOR in portable Python (RFC 8439 §2.1-§2.4).

Same surface and state layout as ``chacha20_viper`` (see there): ``xor(st, src, dst, off,
nblocks)`` on ``st``, a ``bytearray(64)`` holding the 16 state words as little-endian bytes.
Nothing validates; the public modules do.

No viper or native decorators: this module serves bytecode-only ports (RX65N) and compiles
with plain ``mpy-cross``. Every 32-bit word is held as two 16-bit halves (low half at 2i,
high at 2i + 1 of a list of 32 small ints): MicroPython's small ints are 31-bit on 32-bit
ports, so a word of 2**30 or more as a Python int would be a heap object and every operation
on it would allocate. On halves, an addition carries the low half's bit 16 into the high
half; a rotation left by 16 swaps the halves; one by r < 16 is
``lo' = (lo << r | hi >> (16 - r)) & 0xFFFF``, ``hi' = (hi << r | lo >> (16 - r)) & 0xFFFF``.
No intermediate passes 2**28.

Constant time: no branch or index depends on the key, nonce or data; the interpreter's
timing is not promised constant time. Allocation: two 32-item lists per call, none per block.
"""


def _qr(x, a, b, c, d):
    # RFC 8439 §2.1 QUARTERROUND on words a, b, c, d (given as half indices 2a, 2b, ...).
    # a += b; d ^= a; d <<<= 16
    t = x[a] + x[b]
    x[a + 1] = (x[a + 1] + x[b + 1] + (t >> 16)) & 0xFFFF
    x[a] = t & 0xFFFF
    lo = x[d] ^ x[a]
    x[d] = x[d + 1] ^ x[a + 1]
    x[d + 1] = lo
    # c += d; b ^= c; b <<<= 12
    t = x[c] + x[d]
    x[c + 1] = (x[c + 1] + x[d + 1] + (t >> 16)) & 0xFFFF
    x[c] = t & 0xFFFF
    lo = x[b] ^ x[c]
    hi = x[b + 1] ^ x[c + 1]
    x[b] = (lo << 12 | hi >> 4) & 0xFFFF
    x[b + 1] = (hi << 12 | lo >> 4) & 0xFFFF
    # a += b; d ^= a; d <<<= 8
    t = x[a] + x[b]
    x[a + 1] = (x[a + 1] + x[b + 1] + (t >> 16)) & 0xFFFF
    x[a] = t & 0xFFFF
    lo = x[d] ^ x[a]
    hi = x[d + 1] ^ x[a + 1]
    x[d] = (lo << 8 | hi >> 8) & 0xFFFF
    x[d + 1] = (hi << 8 | lo >> 8) & 0xFFFF
    # c += d; b ^= c; b <<<= 7
    t = x[c] + x[d]
    x[c + 1] = (x[c + 1] + x[d + 1] + (t >> 16)) & 0xFFFF
    x[c] = t & 0xFFFF
    lo = x[b] ^ x[c]
    hi = x[b + 1] ^ x[c + 1]
    x[b] = (lo << 7 | hi >> 9) & 0xFFFF
    x[b + 1] = (hi << 7 | lo >> 9) & 0xFFFF


def xor(st, src, dst, off, nblocks):
    s = [st[2 * j] | st[2 * j + 1] << 8 for j in range(32)]  # the state as 32 halves
    x = [0] * 32
    qr = _qr
    p = off
    for _ in range(nblocks):
        x[:] = s
        for _ in range(10):
            # column rounds, then diagonal rounds (§2.3)
            qr(x, 0, 8, 16, 24)
            qr(x, 2, 10, 18, 26)
            qr(x, 4, 12, 20, 28)
            qr(x, 6, 14, 22, 30)
            qr(x, 0, 10, 20, 30)
            qr(x, 2, 12, 22, 24)
            qr(x, 4, 14, 16, 26)
            qr(x, 6, 8, 18, 28)
        # feed-forward (§2.3 step 3), serialised little-endian and XORed into the data
        for i in range(0, 32, 2):
            lo = x[i] + s[i]
            hi = x[i + 1] + s[i + 1] + (lo >> 16)
            j = p + 2 * i
            dst[j] = src[j] ^ (lo & 0xFF)
            dst[j + 1] = src[j + 1] ^ ((lo >> 8) & 0xFF)
            dst[j + 2] = src[j + 2] ^ (hi & 0xFF)
            dst[j + 3] = src[j + 3] ^ ((hi >> 8) & 0xFF)
        # block counter += 1 mod 2**32 (§2.4), word 12 = halves 24, 25
        t = s[24] + 1
        s[25] = (s[25] + (t >> 16)) & 0xFFFF
        s[24] = t & 0xFFFF
        p += 64
    st[48] = s[24] & 0xFF
    st[49] = s[24] >> 8
    st[50] = s[25] & 0xFF
    st[51] = s[25] >> 8
