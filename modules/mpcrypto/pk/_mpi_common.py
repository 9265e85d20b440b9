"""Shared part of the limb MPI backends (``mpi_viper``, ``mpi_viper64``): the arena, slot
conversions and the constant-time word kernels (table selection by mask, conditional swap).

Arena: slot 0 the modulus, slots 1-2 the multiplier's accumulator (N + 2 limbs), slot 3
R^2 mod n, slot 4 the plain 1; the caller's slots follow (its slot k is arena slot 5 + k).
Slots are whole 32-bit words, so ``select`` and ``cswap`` move words whatever the limb size.
"""

import micropython

_RES = 5  # reserved slots before the caller's


@micropython.viper
def _select(mem: ptr32, d: int, base: int, cnt: int, idx: int, w: int):
    # words d..d+w = entry idx of the cnt entries of w words from word base: every entry is
    # read and ANDed with a mask that is all ones only for entry idx (idx, j < 2^16).
    dp = ptr32(int(mem) + 4 * d)
    k = 0
    while k < w:
        dp[k] = 0
        k += 1
    j = 0
    while j < cnt:
        m = uint(0) - (((uint(idx ^ j) - uint(1)) >> 16) & uint(1))
        e = ptr32(int(mem) + 4 * (base + j * w))
        k = 0
        while k < w:
            dp[k] = uint(dp[k]) | (uint(e[k]) & m)
            k += 1
        j += 1


@micropython.viper
def _cswap(mem: ptr32, a: int, b: int, w: int, bit: int):
    # Swap the w words at a and b when bit == 1, by mask (the same loads and stores when 0).
    m = uint(0) - uint(bit)
    ap = ptr32(int(mem) + 4 * a)
    bp = ptr32(int(mem) + 4 * b)
    k = 0
    while k < w:
        x = uint(ap[k])
        y = uint(bp[k])
        t = (x ^ y) & m
        ap[k] = x ^ t
        bp[k] = y ^ t
        k += 1


@micropython.viper
def _copy(mem: ptr32, d: int, s: int, w: int):
    dp = ptr32(int(mem) + 4 * d)
    sp = ptr32(int(mem) + 4 * s)
    k = 0
    while k < w:
        dp[k] = sp[k]
        k += 1


class Ctx:
    # A limb arena for the odd modulus n; nl limbs of lb bits per value (nlimbs counts 16-bit
    # limbs: the same R = 2^(16 nlimbs) on every backend).
    def __init__(self, n, nslots, nlimbs, lb):
        self.n = n
        self.nl = nl = nlimbs * 16 // lb
        self.st = st = 2 * nlimbs + 4  # bytes per slot: the accumulator needs N + 2 limbs
        if lb == 32:
            st += 4
            self.st = st
        self.lw = st * 8 // lb  # limbs per slot (offsets to the kernel are in limbs)
        self.ww = st >> 2  # words per slot
        self.mem = bytearray(st * (nslots + _RES))
        self.o0 = _RES * self.lw
        self.w0 = _RES * self.ww
        R = 1 << (16 * nlimbs)
        self._raw(0, n)
        self._raw(3, (R * R) % n)
        self._raw(4, 1)
        self.r1 = R % n
        self._bind()

    def _raw(self, k, v):
        o = k * self.st
        self.mem[o:o + self.st] = v.to_bytes(self.st, "little")

    def put(self, d, v):
        self._raw(_RES + d, v)

    def put_be(self, d, b):
        # A secret value from bytes, len(b) <= the slot size, as the slot's little-endian
        # bytes: each byte is a small int, so no Python integer is made of the value, and the
        # loop's work depends only on len(b) (DSA's k: at most 32 bytes).
        o = (_RES + d) * self.st
        n = len(b)
        mem = self.mem
        mem[o:o + self.st] = bytes(self.st)
        for i in range(n):
            mem[o + i] = b[n - 1 - i]

    def get(self, d):
        # through a memoryview: the slot's bytes are not copied first
        o = (_RES + d) * self.st
        return int.from_bytes(memoryview(self.mem)[o:o + self.st], "little")

    def sqr(self, d, x):
        self.mul(d, x, x)

    def sqrn(self, d, k):
        # slot d squared k times in place, the kernel called directly (no sqr/mul layers)
        w = self.lw
        o = self.o0 + d * w
        kern = self._k
        mem = self.mem
        nl = self.nl
        minv = self.minv
        for _ in range(k):
            kern(mem, o, o, o, nl, minv, w)

    def _mulraw(self, d, x, kslot):
        # d = x * (arena slot kslot) / R
        w = self.lw
        o = self.o0
        self._k(self.mem, o + d * w, o + x * w, kslot * w, self.nl, self.minv, w)

    def to_mont(self, d, x):
        self._mulraw(d, x, 3)

    def from_mont(self, d, x):
        self._mulraw(d, x, 4)

    def one(self, d):
        self.put(d, self.r1)

    def copy(self, d, x):
        ww = self.ww
        _copy(self.mem, self.w0 + d * ww, self.w0 + x * ww, ww)

    def select(self, d, base, cnt, idx):
        ww = self.ww
        _select(self.mem, self.w0 + d * ww, self.w0 + base * ww, cnt, idx, ww)

    def cswap(self, a, b, bit):
        ww = self.ww
        _cswap(self.mem, self.w0 + a * ww, self.w0 + b * ww, ww, bit)
