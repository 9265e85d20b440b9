"""The Ascon permutation (NIST SP 800-232 §3) and the state's byte I/O in portable Python.

Same surface and state layout as ``ascon_viper`` (see there): ``perm``, ``xor_bytes``,
``put_bytes``, ``get_bytes``, ``absorb``, ``encrypt``, ``decrypt``, ``squeeze`` on an
``array('I')`` of 10 words (the 320-bit state as little-endian 32-bit words). Nothing
validates; ``aead/ascon`` and ``hash/ascon_hash`` do.

No viper or native decorators: this module serves bytecode-only ports (RX65N) and compiles
with plain ``mpy-cross``. Every value is a small int on every port: each call reads the
state's 40 bytes (``bytes(st)``, the words' memory in the machine's byte order) into 20
16-bit quarters, lane k's quarter j (bits 16j..16j+15) at index 4k + j, and writes them back
through a 40-byte buffer. A 64-bit lane as a Python int would be a heap object on a 32-bit
port, and every operation on it would allocate. A right rotation by r = 16a + b takes
quarter j from quarters j + a and j + a + 1 (mod 4); the left shift is masked first
(``(q & (2**b - 1)) << (16 - b)``), so no intermediate passes 2**16.

Constant time: no branch or index depends on the data; the interpreter's timing is not
promised constant time. Allocation per call (not per block or round): the state's bytes
in and out and a 20-item list.
"""

import sys
from array import array

_X = 0 if sys.byteorder == "little" else 3  # state byte p is memory byte p ^ _X


def _load(st):
    b = bytes(st)
    X = _X
    return [b[(2 * i) ^ X] | b[(2 * i + 1) ^ X] << 8 for i in range(20)]


def _store(st, q):
    out = bytearray(40)
    X = _X
    for i in range(20):
        v = q[i]
        out[(2 * i) ^ X] = v & 0xFF
        out[(2 * i + 1) ^ X] = v >> 8
    st[0:10] = array("I", out)


def _perm(q, rounds):
    # Ascon-p[rounds] on the 20 quarters in q (p_L . p_S . p_C per round, §3.1).
    a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19 = q
    for i in range(12 - rounds, 12):
        a8 ^= ((15 - i) << 4) | i  # p_C (§3.2): S2's low quarter
        # p_S (§3.3): the bitsliced 5-bit S-box, quarter j of every lane at once
        a0 ^= a16
        a16 ^= a12
        a8 ^= a4
        t0 = ~a0 & a4
        t1 = ~a4 & a8
        t2 = ~a8 & a12
        t3 = ~a12 & a16
        t4 = ~a16 & a0
        a0 ^= t1
        a4 ^= t2
        a8 ^= t3
        a12 ^= t4
        a16 ^= t0
        a4 ^= a0
        a0 ^= a16
        a12 ^= a8
        a8 = ~a8 & 0xFFFF
        a1 ^= a17
        a17 ^= a13
        a9 ^= a5
        t0 = ~a1 & a5
        t1 = ~a5 & a9
        t2 = ~a9 & a13
        t3 = ~a13 & a17
        t4 = ~a17 & a1
        a1 ^= t1
        a5 ^= t2
        a9 ^= t3
        a13 ^= t4
        a17 ^= t0
        a5 ^= a1
        a1 ^= a17
        a13 ^= a9
        a9 = ~a9 & 0xFFFF
        a2 ^= a18
        a18 ^= a14
        a10 ^= a6
        t0 = ~a2 & a6
        t1 = ~a6 & a10
        t2 = ~a10 & a14
        t3 = ~a14 & a18
        t4 = ~a18 & a2
        a2 ^= t1
        a6 ^= t2
        a10 ^= t3
        a14 ^= t4
        a18 ^= t0
        a6 ^= a2
        a2 ^= a18
        a14 ^= a10
        a10 = ~a10 & 0xFFFF
        a3 ^= a19
        a19 ^= a15
        a11 ^= a7
        t0 = ~a3 & a7
        t1 = ~a7 & a11
        t2 = ~a11 & a15
        t3 = ~a15 & a19
        t4 = ~a19 & a3
        a3 ^= t1
        a7 ^= t2
        a11 ^= t3
        a15 ^= t4
        a19 ^= t0
        a7 ^= a3
        a3 ^= a19
        a15 ^= a11
        a11 = ~a11 & 0xFFFF
        # p_L (§3.4): S_k ^= (S_k >>> r1) ^ (S_k >>> r2), from the old quarters
        t0 = a0 ^ (a1 >> 3 | (a2 & 0x7) << 13) ^ (a1 >> 12 | (a2 & 0xFFF) << 4)
        t1 = a1 ^ (a2 >> 3 | (a3 & 0x7) << 13) ^ (a2 >> 12 | (a3 & 0xFFF) << 4)
        t2 = a2 ^ (a3 >> 3 | (a0 & 0x7) << 13) ^ (a3 >> 12 | (a0 & 0xFFF) << 4)
        t3 = a3 ^ (a0 >> 3 | (a1 & 0x7) << 13) ^ (a0 >> 12 | (a1 & 0xFFF) << 4)
        a0 = t0
        a1 = t1
        a2 = t2
        a3 = t3
        t0 = a4 ^ (a7 >> 13 | (a4 & 0x1FFF) << 3) ^ (a6 >> 7 | (a7 & 0x7F) << 9)
        t1 = a5 ^ (a4 >> 13 | (a5 & 0x1FFF) << 3) ^ (a7 >> 7 | (a4 & 0x7F) << 9)
        t2 = a6 ^ (a5 >> 13 | (a6 & 0x1FFF) << 3) ^ (a4 >> 7 | (a5 & 0x7F) << 9)
        t3 = a7 ^ (a6 >> 13 | (a7 & 0x1FFF) << 3) ^ (a5 >> 7 | (a6 & 0x7F) << 9)
        a4 = t0
        a5 = t1
        a6 = t2
        a7 = t3
        t0 = a8 ^ (a8 >> 1 | (a9 & 0x1) << 15) ^ (a8 >> 6 | (a9 & 0x3F) << 10)
        t1 = a9 ^ (a9 >> 1 | (a10 & 0x1) << 15) ^ (a9 >> 6 | (a10 & 0x3F) << 10)
        t2 = a10 ^ (a10 >> 1 | (a11 & 0x1) << 15) ^ (a10 >> 6 | (a11 & 0x3F) << 10)
        t3 = a11 ^ (a11 >> 1 | (a8 & 0x1) << 15) ^ (a11 >> 6 | (a8 & 0x3F) << 10)
        a8 = t0
        a9 = t1
        a10 = t2
        a11 = t3
        t0 = a12 ^ (a12 >> 10 | (a13 & 0x3FF) << 6) ^ (a13 >> 1 | (a14 & 0x1) << 15)
        t1 = a13 ^ (a13 >> 10 | (a14 & 0x3FF) << 6) ^ (a14 >> 1 | (a15 & 0x1) << 15)
        t2 = a14 ^ (a14 >> 10 | (a15 & 0x3FF) << 6) ^ (a15 >> 1 | (a12 & 0x1) << 15)
        t3 = a15 ^ (a15 >> 10 | (a12 & 0x3FF) << 6) ^ (a12 >> 1 | (a13 & 0x1) << 15)
        a12 = t0
        a13 = t1
        a14 = t2
        a15 = t3
        t0 = a16 ^ (a16 >> 7 | (a17 & 0x7F) << 9) ^ (a18 >> 9 | (a19 & 0x1FF) << 7)
        t1 = a17 ^ (a17 >> 7 | (a18 & 0x7F) << 9) ^ (a19 >> 9 | (a16 & 0x1FF) << 7)
        t2 = a18 ^ (a18 >> 7 | (a19 & 0x7F) << 9) ^ (a16 >> 9 | (a17 & 0x1FF) << 7)
        t3 = a19 ^ (a19 >> 7 | (a16 & 0x7F) << 9) ^ (a17 >> 9 | (a18 & 0x1FF) << 7)
        a16 = t0
        a17 = t1
        a18 = t2
        a19 = t3
    q[0] = a0
    q[1] = a1
    q[2] = a2
    q[3] = a3
    q[4] = a4
    q[5] = a5
    q[6] = a6
    q[7] = a7
    q[8] = a8
    q[9] = a9
    q[10] = a10
    q[11] = a11
    q[12] = a12
    q[13] = a13
    q[14] = a14
    q[15] = a15
    q[16] = a16
    q[17] = a17
    q[18] = a18
    q[19] = a19


def perm(st, rounds):
    q = _load(st)
    _perm(q, rounds)
    _store(st, q)


def _xor(q, p, v):
    # state byte p ^= v
    q[p >> 1] ^= v << ((p & 1) << 3)


def _get(q, p):
    return (q[p >> 1] >> ((p & 1) << 3)) & 0xFF


def xor_bytes(st, buf, off, n, pos):
    if n:
        q = _load(st)
        for i in range(n):
            _xor(q, pos + i, buf[off + i])
        _store(st, q)


def put_bytes(st, buf, off, n, pos):
    if n:
        q = _load(st)
        for i in range(n):
            p = pos + i
            _xor(q, p, _get(q, p) ^ buf[off + i])
        _store(st, q)


def get_bytes(st, out, off, n, pos):
    if n:
        q = _load(st)
        for i in range(n):
            out[off + i] = _get(q, pos + i)


def absorb(st, buf, off, nblocks, rate, rounds):
    q = _load(st)
    for b in range(nblocks):
        o = off + b * rate
        for i in range(rate):
            _xor(q, i, buf[o + i])
        _perm(q, rounds)
    _store(st, q)


def encrypt(st, src, dst, off, nblocks):
    q = _load(st)
    for b in range(nblocks):
        o = off + 16 * b
        for i in range(16):
            _xor(q, i, src[o + i])
            dst[o + i] = _get(q, i)
        _perm(q, 8)
    _store(st, q)


def decrypt(st, src, dst, off, nblocks):
    q = _load(st)
    for b in range(nblocks):
        o = off + 16 * b
        for i in range(16):
            c = src[o + i]
            s = _get(q, i)
            _xor(q, i, s ^ c)
            dst[o + i] = s ^ c
        _perm(q, 8)
    _store(st, q)


def squeeze(st, out, n):
    q = _load(st)
    for i in range(n):
        if i and not (i & 7):
            _perm(q, 12)
        out[i] = _get(q, i & 7)
    _store(st, q)
