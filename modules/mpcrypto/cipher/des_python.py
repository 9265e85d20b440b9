"""DES and TDEA (3DES) engine in portable Python (no viper): the fallback for bytecode-only
ports.

DES (FIPS 46-3, as SP 800-67 Rev. 2 §3 restates it for TDEA): IP, 16 Feistel rounds
L_i = R_{i-1}, R_i = L_{i-1} ^ f(R_{i-1}, K_i), output FP(R_16 || L_16). TDEA (SP 800-67
§3.1): encryption E_K3(D_K2(E_K1(P))), decryption D_K1(E_K2(D_K3(C))). The lookup tables
and the key schedule (round keys, keying options, parity) are in ``_des_sched``, which
``des_viper`` shares.

How it is computed (the viper kernel does f the same way, IP and FP by bit swaps):
- f(R, K) = P(S(E(R) ^ K)) is eight lookups in ``_des_sched``'s SP tables (S-box and P
  merged). E(R)'s eight 6-bit chunks are read straight from R (chunk s = bits 4s..4s+5 of R,
  1-indexed, wrapping at both ends) and XORed with the round key's eight 6-bit chunks.
- IP is a transpose of the 8x8 bit matrix of the block: output byte r takes bit p_r of every
  input byte (p = 2, 4, 6, 8 for L, 1, 3, 5, 7 for R, input byte j landing at weight 2**j),
  so L = OR_j SL[b_j] << j and R = OR_j SL[b_j >> 1] << j with the 256-entry table SL of
  ``_des_sched`` (bits 6, 4, 2, 0 of b spread to the low bit of each byte of a word).
  FP = IP^-1 the same way with FH[b] (bits 0..3 of b spread one per byte).
- Rounds go in pairs without swapping (a ^= f(c); c ^= f(a)); for TDEA the three DES
  passes run back to back with the IP/FP between them cancelled (FP then IP is the
  identity), swapping the halves after each 16 rounds.

Python ints here stay below 2**32; on a 32-bit port those of 2**30 and more are heap
objects, so this backend allocates per round there: it is the reference and the fallback.
Not constant time (table lookups indexed by secret-dependent bits).

Engine surface: see ``cipher/modes.py`` (block size 8).
"""

from mpcrypto.cipher._des_sched import schedule, tables
from mpcrypto.cipher._soft import SoftEngine

_FP_P = (2, 4, 6, 8, 1, 3, 5, 7)  # p_r: the input bit (1-indexed) output byte r of IP takes

_T = tables()


def _f(r, k, q):
    t = _T
    return (t[k[q] ^ (((r & 1) << 5) | (r >> 27))]
            ^ t[64 + (k[q + 1] ^ ((r >> 23) & 63))]
            ^ t[128 + (k[q + 2] ^ ((r >> 19) & 63))]
            ^ t[192 + (k[q + 3] ^ ((r >> 15) & 63))]
            ^ t[256 + (k[q + 4] ^ ((r >> 11) & 63))]
            ^ t[320 + (k[q + 5] ^ ((r >> 7) & 63))]
            ^ t[384 + (k[q + 6] ^ ((r >> 3) & 63))]
            ^ t[448 + (k[q + 7] ^ (((r & 31) << 1) | (r >> 31)))])


def _crypt(k, nr, b):
    # DES / TDEA on the bytearray(8) b in place with nr rounds of round keys k.
    t = _T
    a = 0
    c = 0
    for j in range(8):  # IP
        v = b[j]
        a |= t[512 + v] << j
        c |= t[512 + (v >> 1)] << j
    q = 0
    end = 8 * nr
    while q < end:
        a ^= _f(c, k, q)
        c ^= _f(a, k, q + 8)
        q += 16
        if not (q & 127):  # after each 16 rounds: (a, c) = (R16, L16), the next input
            a, c = c, a
    # (a, c) is the preoutput R16 || L16; FP
    hi = 0
    lo = 0
    for r in range(8):
        y = (a >> (24 - 8 * r)) & 0xFF if r < 4 else (c >> (56 - 8 * r)) & 0xFF
        sh = 8 - _FP_P[r]
        hi |= t[768 + y] << sh
        lo |= t[768 + (y >> 4)] << sh
    b[0] = hi >> 24
    b[1] = (hi >> 16) & 0xFF
    b[2] = (hi >> 8) & 0xFF
    b[3] = hi & 0xFF
    b[4] = lo >> 24
    b[5] = (lo >> 16) & 0xFF
    b[6] = (lo >> 8) & 0xFF
    b[7] = lo & 0xFF


def new(key):
    """A DES (8-byte key) or TDEA (16/24-byte key) context (validated by the caller).
    Not constant time."""
    e, d, nr = schedule(key)
    return SoftEngine(8, lambda b: _crypt(e, nr, b), lambda b: _crypt(d, nr, b))
