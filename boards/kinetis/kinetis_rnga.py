"""The Kinetis RNGA as a raw entropy source: 32-bit words, each credited with one bit of
min-entropy, for ``mpcrypto.random.entropy`` to health-test and a DRBG to condition.

``RNGA(page, gate_reg, gate_bit)`` starts the block (``kinetis_asm.rnga_start``: the part's
clock gate, then GO with high-assurance mode); ``urandom(n)`` returns n bytes of RNGA output
words read back to back, as the core stores them (little-endian), with the block put in
normal mode before every read (``kinetis_asm.rnga_read``). ``kinetis.register`` registers one
as the seam's ``"entropy"`` source on a firmware that is not Zephyr's (on Zephyr, Zephyr's
entropy driver owns the block: see ``kinetis.py``).

What is credited, and why: ``min_entropy = 1`` bit per ``sample_bytes = 4``-byte sample (one
32-bit word). The Kinetis reference manuals' RNGA chapter says that words read back to back
carry about one or two bits of added entropy per 32-bit word, and recommends the RNGA as the
seed of a software generator rather than as the generator itself; Zephyr's driver restates it
and folds 8 words into each output byte for that reason (``drivers/entropy/
entropy_mcux_rnga.c``). One bit per word is the low end of that figure: no measurement of
ours supports more (the register model in ``tools/emu/kinetis_model.py`` has no noise source). So
``entropy.default_source()`` reads 8 words per byte of min-entropy it owes: the default rng's
HMAC_DRBG-SHA256 (``random/rng.py``) takes 256 words as its 256-bit entropy input and 128 as
its nonce, and its instantiation (SP 800-90A §10.1.2.3, HMAC_DRBG_Update over the whole
input: HMAC is a vetted conditioning function, SP 800-90B §3.1.5.1.1) conditions them before
any key sees them. These raw words are not key material: ``mpcrypto._util.resolve_rng`` does
not hand them out where the DRBG is missing.

Health tests: none here. ``entropy.EntropySource`` runs SP 800-90B's start-up, repetition
count and adaptive proportion tests on the words as samples, with the cutoffs of the credited
H = 1 (RCT 41, APT 336 in a window of 512: a false-positive rate of 2**-40 per test for a
source of exactly one bit per word). At that H they catch a stuck output (41 equal words) or
one word filling most of a window, not a subtler pattern; the RNGA's words are its own
post-processed output, not its ring oscillators, so no test on them can see the oscillators
fail.

Errors: a read that times out (``POLLS`` status polls without a word) raises OSError: "RNGA
asleep" when SR[SLP] says sleep mode (the DOZE signal, or another owner that put the block to
sleep during the read), else "RNGA stopped" (clock, or a high-assurance security violation).
The entropy source then fails for good (``entropy.EntropyError``), so the default rng stops
instead of falling back to another source.
"""

from micropython import const

import kinetis_asm as _asm

MIN_ENTROPY = const(1)  # bits of min-entropy credited per 32-bit word (see above)
SAMPLE_BYTES = const(4)
CHUNK = const(64)  # words per read
POLLS = const(20000)  # SR polls per word before the RNGA counts as stopped
SR_SLP = const(0x10)


class RNGA:
    """The RNGA at ``page`` (its base address >> 12), clocked through bit ``gate_bit`` of the
    SIM register at 0x40048000 + ``gate_reg`` (``kinetis.RNGA_AT``), as a raw source of
    words credited with ``min_entropy`` bits each."""

    min_entropy = MIN_ENTROPY
    sample_bytes = SAMPLE_BYTES

    def __init__(self, page, gate_reg, gate_bit):
        self._page = page
        self._buf = bytearray(4 * CHUNK)
        self.status = _asm.rnga_start(page, gate_reg, gate_bit)

    def urandom(self, n):
        """n bytes of raw RNGA words (a partial word's rest is dropped)."""
        out = bytearray(n)
        buf = self._buf
        o = 0
        try:
            while o < n:
                k = (n - o + 3) >> 2
                if k > CHUNK:
                    k = CHUNK
                if _asm.rnga_read(buf, k, self._page, POLLS) != k:
                    sr = _asm.rnga_status(self._page)
                    raise OSError("RNGA %s (SR %#x)" % ("asleep" if sr & SR_SLP else "stopped", sr))
                take = 4 * k
                if take > n - o:
                    take = n - o
                out[o:o + take] = memoryview(buf)[:take]
                o += take
        finally:
            for i in range(len(buf)):
                buf[i] = 0
        return bytes(out)
