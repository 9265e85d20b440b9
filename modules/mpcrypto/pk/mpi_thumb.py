"""MPI backend 'thumb': Montgomery multiplication, squaring and table selection in Thumb-2
machine code with UMAAL, for any word count N that is a multiple of 4 (loops of four words a
pass: one kernel serves 512..4096-bit moduli), on Cortex-M4, M7, M55 and M85. Same arena and
surface as ``mpi_viper64`` (``mpcrypto.pk._mpi_common``: 32-bit words, R = 2^(16 nlimbs)). This
module is the Python side (the context, the probe) and documents the kernels' contract; their
code is ``mpi_thumb_asm``, written by ``python -m tools.thumb.gen_mpi``, whose docstring gives
the algorithm and the register plan: one function ``_k(d | op, ...)``, the kernel chosen by
the low two bits of its first argument (op 0 ``_mont``, 1 ``_sqr``, 2 ``_select``, 3 ``_fw``,
below).

Every kernel takes byte offsets from the arena's address (ctx word 9), so the Python side
passes small integers wherever the RAM is (an address of 2^30 or more would be a heap integer
on a 32-bit port). ctx words: [0] address of p, [1] -p^-1 mod 2^32, [2] address of t (arena
slots 1-2: 2N + 4 words of scratch), [3] t + 4N, [9] the arena's address, [12] bytes per slot;
the others are not read.

``_mont(d, x, y, ctx)``: d = x y / 2^(32 N) mod p on N 32-bit little-endian words (operands in
[0, p)). Operand scanning two words of x at a time: t += (x_i + x_(i+1) 2^32) y in one pass
over y, then t = (t + m p + m' p 2^32) / 2^64 in one pass over p; then d = t - p and d = t by
mask where that borrowed (t < p). The instruction sequence depends only on N: constant time on
these cores, where UMAAL, MUL, MLS and the loads take fixed time.

``_sqr(d, x, k, ctx)``: d = x squared k >= 1 times (Montgomery squarings; ``sqrn`` hands w
squarings to one call). Per squaring: the cross products x_i x_j (i < j) into 2N words of t,
two rows a pass (the passes shorten by two words a row pair; where a row pair's length is odd
in four-word steps the pass is entered at its second half, a branch on N and the row only),
then t = 2t + the squares x_i^2 in one pass, then the Montgomery reduction of the 2N words two
words a pass, then ``_mont``'s final subtraction. Constant time like ``_mont``: the sequence
depends on N and k only.

``_fw(a, tab, e, ctx)`` (``window``): the whole digit loop of the fixed-window exponentiation
in one call, with the subroutines of ``_mont``, ``_sqr`` and ``_select``: per w-bit digit from the top, w
squarings of slot a, then a times the table entry the digit selects (every entry read). The
digits are read from the exponent's big-endian bytes (after one zero byte, so the byte above
a digit is always there) at addresses that depend on the digit's position only. ctx words
[5] the exponent's bytes, [6] w, [7] the number of digits, [8] the scratch slot.

``_select(d, tab, idx | cnt << 16, ctx)``: the N words of slot d = those of entry idx of the cnt
slots from offset tab: d = 0, then for every entry j, d -= entry_j * mask_j word by word (MLS),
mask_j all ones for j = idx only (made without a branch: SUBS of 1 from idx - j borrows only
at 0, SBC spreads the borrow), so every entry is read and one is kept: the constant-time
table lookup of the fixed-window exponentiation. Words N and N + 1 of a caller's slot stay zero
(``put`` writes them, nothing else does), so N words are the value.

UMAAL RdLo, RdHi, Rn, Rm (ARMv7E-M, ARM DDI 0403E A7.7.178): RdHi:RdLo = Rn Rm + RdLo + RdHi.
Cortex-M3 has no UMAAL (it faults): the chain entry of this backend (``pk/mpi.py``) requires
feature ``umaal`` of ``mpcrypto._cpu``; ``probe()`` asks for ``uctypes`` (the arena's address).
Only ARM ports have asm_thumb: elsewhere ``mpi_thumb_asm`` does not compile, the import below
fails and the seam takes the next backend.
"""

from mpcrypto._util import neg_inv
from mpcrypto.pk import _mpi_common
from mpcrypto.pk.mpi_thumb_asm import _k

LIMB_BITS = 32
_CW = 4  # bytes per context word (the kernel's; host_tests' model of _mont sets 8 on 64-bit)


def probe():
    try:
        import uctypes  # noqa: F401 (the arena's address)
    except ImportError:
        return False
    return True


class Ctx(_mpi_common.Ctx):
    def _bind(self):
        import uctypes

        self.minv = neg_inv(self.n, 32)
        st = self.st
        base = uctypes.addressof(self.mem)
        nb = 4 * self.nl
        t = base + st  # slot 1: N + 2 words
        cw = _CW
        self.actx = bytearray(20 * cw)
        w = (base, self.minv, t, t + nb, t + nb - 4, 0, 0, 0, 0, base, 0, 0, st, st - nb)
        for i in range(14):
            self.actx[cw * i:cw * i + cw] = w[i].to_bytes(cw, "little")
        self.o = _mpi_common._RES * st  # offset of the caller's slot 0

    # _k's first argument: a slot's offset (a multiple of 4) | the op: 0 _mont, 1 _sqr,
    # 2 _select, 3 _fw

    def mul(self, d, x, y):
        st = self.st
        o = self.o
        _k(o + d * st, o + x * st, o + y * st, self.actx)

    def sqr(self, d, x):
        st = self.st
        o = self.o
        _k((o + d * st) | 1, o + x * st, 1, self.actx)

    def sqrn(self, d, k):
        if k:
            d = self.o + d * self.st
            _k(d | 1, d, k, self.actx)

    def select(self, d, base, cnt, idx):
        st = self.st
        o = self.o
        _k((o + d * st) | 2, o + base * st, idx | (cnt << 16), self.actx)

    def window(self, a, tab, t, e, nbits, w):
        # modexp.fixed_window's digit loop in one call: slot a = the product of the table's
        # entries the digits select, each after w squarings (t: scratch); the table and the
        # exponent as modexp.fixed_window has them. ctx words [5] .. [8] carry the rest.
        # The kernel reads the byte above each digit: e itself where its first byte lies wholly
        # above the nbits that count (a caller's exponent kept with a zero byte in front; a
        # check on lengths only), else a copy with a zero byte in front.
        ac = self.actx
        st = self.st
        o = self.o
        cw = _CW
        nb = len(e)
        if 8 * nb >= nbits + 8:
            nb -= 1
        else:
            e = b"\x00" + e
        for i, v in ((5, nb), (6, w), (7, (nbits + w - 1) // w), (8, o + t * st)):
            ac[cw * i:cw * i + cw] = v.to_bytes(cw, "little")
        _k((o + a * st) | 3, o + tab * st, e, ac)

    def _mulraw(self, d, x, kslot):
        st = self.st
        o = self.o
        _k(o + d * st, o + x * st, kslot * st, self.actx)


def new(n, nslots, nlimbs):
    return Ctx(n, nslots, nlimbs, 32)
