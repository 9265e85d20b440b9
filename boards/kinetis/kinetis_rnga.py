"""The Kinetis RNGA as the library's entropy source, behind NIST SP 800-90B health tests.

``RNGA(page, gate_reg, gate_bit)`` starts the block (``kinetis_asm.rnga_start``: the part's
clock gate, then GO with high-assurance mode) and runs the start-up test; ``urandom(n)``
returns n bytes of RNGA output words that passed the continuous tests. ``kinetis.register`` registers one as the seam's
``"entropy"`` source, which ``mpcrypto._util.resolve_rng`` then gives to every key generation
and blinding instead of ``os.urandom``.

Health tests (SP 800-90B §4.3 and §4.4), on the RNGA's 32-bit output words as samples:

- Repetition Count Test (§4.4.1): a run of C = 1 + ceil(20 / H) = 4 identical consecutive
  words fails;
- Adaptive Proportion Test (§4.4.2), W = 512 samples: the first word of each window occurring
  C = 1 + CRITBINOM(512, 2^-H, 1 - 2^-20) = 13 times in the window fails;
- start-up (§4.3): 1024 words through both tests, discarded, before the first output.

H = 8 bits per 32-bit word is a design figure for the cut-offs (false-positive rate
alpha = 2^-20 per test at that entropy), not an entropy claim: NXP publishes no min-entropy
figure for the RNGA, whose words are already post-processed (the tests see its output, not
its ring oscillators). On a working RNGA two equal words are a 2^-32 event, so the tests
never fire; a stuck or periodic output (period up to 39 words) fails within the first window,
and start-up finds it before any byte is released. A failure is final: the object refuses
(``OSError``) from then on, so the default rng stops instead of silently falling back to
another source. A read that times out (the RNGA stopped: clock, sleep or a high-assurance
security violation) fails the same way.

Timing: the tests branch only on the equality of consecutive words (and of a word with its
window's first), which for a working source is a 2^-32 event; nothing else depends on the
output's value. The output is the RNGA's own, not conditioned further by us (as the vendors'
drivers use it); a DRBG over it is future work.
"""

import micropython
from micropython import const

import kinetis_asm as _asm

RCT_CUTOFF = const(4)
APT_WINDOW = const(512)
APT_CUTOFF = const(13)
STARTUP_WORDS = const(1024)
CHUNK = const(64)  # words per read
POLLS = const(20000)  # SR polls per word before the RNGA counts as stopped

FAIL_RCT = const(1)
FAIL_APT = const(2)
FAIL_STOPPED = const(4)


@micropython.viper
def health(st: ptr32, w: ptr32, n: int) -> int:
    """Run the RCT and the APT over n words at w, continuing the state st (6 words: last
    word, its run length (0: none yet), the window's first word, its count, the position in
    the window, failures). Returns the failures so far (FAIL_RCT | FAIL_APT bits, sticky)."""
    last = uint(st[0])
    run = int(st[1])
    ref = uint(st[2])
    cnt = int(st[3])
    pos = int(st[4])
    bad = int(st[5])
    for i in range(n):
        x = uint(w[i])
        if run != 0 and x == last:  # §4.4.1
            run += 1
            if run >= RCT_CUTOFF:
                bad |= FAIL_RCT
        else:
            last = x
            run = 1
        if pos == 0:  # §4.4.2: a new window starts with its reference sample
            ref = x
            cnt = 1
            pos = 1
        else:
            if x == ref:
                cnt += 1
                if cnt >= APT_CUTOFF:
                    bad |= FAIL_APT
            pos += 1
            if pos == APT_WINDOW:
                pos = 0
    st[0] = last
    st[1] = run
    st[2] = ref
    st[3] = cnt
    st[4] = pos
    st[5] = bad
    return bad


class RNGA:
    """The RNGA at ``page`` (its base address >> 12), clocked through bit ``gate_bit`` of the
    SIM register at 0x40048000 + ``gate_reg`` (``kinetis.RNGA_AT``), as an entropy source."""

    def __init__(self, page, gate_reg, gate_bit):
        self._page = page
        self._st = bytearray(24)
        self._buf = bytearray(4 * CHUNK)
        self.failed = 0
        self.status = _asm.rnga_start(page, gate_reg, gate_bit)
        n = STARTUP_WORDS
        try:
            while n:
                k = CHUNK if n > CHUNK else n
                self._fill(k)
                n -= k
        except OSError:
            pass  # self.failed is set: urandom refuses

    def _fill(self, k):
        if self.failed:
            raise OSError("RNGA failed health test %d" % self.failed)
        got = _asm.rnga_read(self._buf, k, self._page, POLLS)
        if got != k:
            self.failed = FAIL_STOPPED
        else:
            self.failed = health(self._st, self._buf, k)
        if self.failed:
            raise OSError("RNGA failed health test %d" % self.failed)

    def urandom(self, n):
        """n bytes of health-tested RNGA output (``os.urandom``'s shape)."""
        out = bytearray(n)
        buf = self._buf
        o = 0
        while o < n:
            k = (n - o + 3) >> 2
            if k > CHUNK:
                k = CHUNK
            self._fill(k)
            take = 4 * k
            if take > n - o:
                take = n - o
            out[o:o + take] = memoryview(buf)[:take]
            o += take
        for i in range(len(buf)):
            buf[i] = 0
        return bytes(out)
