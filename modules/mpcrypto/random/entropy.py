"""Entropy sources behind the SP 800-90B health tests: what the DRBGs of ``mpcrypto.random``
are seeded from.

    from mpcrypto.random.entropy import EntropySource, default_source
    src = default_source()          # the board's TRNG if one registered, else os.urandom
    seed = src(32)                  # >= 32 * 8 bits of min-entropy, health-tested bytes

``EntropySource(read, min_entropy=8, sample_bytes=1)`` wraps a raw source ``read(n) -> n
bytes`` whose output is a sequence of samples of ``sample_bytes`` bytes each (1: bytes; 4: the
32-bit words of a hardware generator, as it returns them), each sample carrying at least
``min_entropy`` bits of min-entropy (an integer 1..8, the designer's claim, SP 800-90B §3.1;
the credit is per sample, so a 32-bit word credited with 1 bit is a quarter of a bit per
byte). ``src(n)`` returns ``ceil(8 * n / min_entropy)`` samples, ``sample_bytes`` times as
many bytes: together at least ``8 * n`` bits of min-entropy, but not full entropy unless
``min_entropy`` is 8 and ``sample_bytes`` 1. They are entropy input for a DRBG, not key
material: the DRBG's own derivation conditions them (HMAC_DRBG's Update, Hash_DRBG's
Hash_df, CTR_DRBG's Block_Cipher_df: SP 800-90A §8.6.3 lets the entropy input be longer than
the security strength, and these are vetted conditioning functions, SP 800-90B §3.1.5.1.1).
CTR_DRBG without a derivation function needs full entropy and refuses the longer input.

Health tests (SP 800-90B §4.3, §4.4), on every sample read, with a false-positive rate
alpha = 2**-40 per test (the strict end of the recommended 2**-20..2**-40: a failure is
final and stops every key generation of the process), the cutoffs from the credited H =
``min_entropy`` bits per sample:

- Repetition Count Test (§4.4.1): cutoff C = 1 + ceil(40 / H); C identical consecutive
  samples fail.
- Adaptive Proportion Test (§4.4.2), window W = 512 (non-binary samples): C = 1 +
  CRITBINOM(512, 2**-H, 1 - 2**-40); the window's first sample occurring C times in the
  window fails. The cutoffs for H = 1..8 are tabulated below (exact binomial sums,
  recomputed by host_tests/test_drbg.py; at alpha = 2**-20 they give SP 800-90B's Table 2).
- Start-up test (§4.3 item 3): 1024 samples through both tests, discarded, before the
  first output.

A failure raises ``EntropyError`` (an OSError) at once and on every later read: the source
stays failed (§4.3 item 2: the consuming DRBG must not be fed); so does ``default_source()``
after a failed start-up test (it does not start a new source). Health tests catch a
broken source (stuck, or at a low credited H only grossly biased); they do not prove
entropy.

``default_source()``: one process-wide ``EntropySource`` over the board's registered
``"entropy"`` backend (``_backend.hardware("entropy").urandom``, with its ``min_entropy`` and
``sample_bytes`` attributes if it has them, else 8 and 1), else ``os.urandom`` (the port's
own conditioned source, claimed as full entropy: 8 bits per byte). ``UnsupportedAlgorithm("no
entropy source")`` where there is neither (MicroPython's qemu port has no ``os.urandom``).

Timing: the tests branch on equality of samples, which for a working source is a rare
event; nothing else depends on the values.
"""

from mpcrypto import _backend

# SP 800-90B §4.4 cutoffs at alpha = 2**-40 for H = 1..8 bits per sample (of any width):
# RCT 1 + ceil(40 / H); APT (W = 512) 1 + CRITBINOM(512, 2**-H, 1 - 2**-40).
_RCT = (41, 21, 15, 11, 9, 8, 7, 6)
_APT = (336, 201, 123, 78, 51, 35, 26, 19)
APT_WINDOW = 512
STARTUP_SAMPLES = 1024
_STARTUP_READ = 1024  # bytes per raw read of the start-up test (4 reads of 32-bit words)

RCT_FAIL = 1
APT_FAIL = 2


class EntropyError(OSError):
    """The entropy source failed an SP 800-90B health test (or stopped); final."""


def cutoffs(min_entropy):
    """(RCT cutoff, APT cutoff) for ``min_entropy`` bits per sample (1..8)."""
    if type(min_entropy) is not int:
        raise TypeError("min_entropy must be int")
    if not 1 <= min_entropy <= 8:
        raise ValueError("min_entropy must be 1..8")
    return _RCT[min_entropy - 1], _APT[min_entropy - 1]


class HealthTests:
    """The continuous tests of SP 800-90B §4.4 over samples of ``sample_bytes`` bytes (a
    sample is compared whole: two words that share bytes are different samples);
    ``feed(data)`` returns the failure bits so far (sticky): RCT_FAIL | APT_FAIL."""

    def __init__(self, min_entropy=8, sample_bytes=1):
        self.rct_cutoff, self.apt_cutoff = cutoffs(min_entropy)
        if type(sample_bytes) is not int:
            raise TypeError("sample_bytes must be int")
        if sample_bytes < 1:
            raise ValueError("sample_bytes must be >= 1")
        self.sample_bytes = sample_bytes
        self.failed = 0
        self._last = -1  # no sample yet
        self._run = 0
        self._ref = 0
        self._cnt = 0
        self._pos = 0  # position in the APT window; 0: the next sample starts one

    def feed(self, data):
        # data: bytes, a whole number of samples. A byte sample is compared as a small int,
        # a wider one as a bytes slice (no integer of 2**30 or more on a 32-bit port).
        last = self._last
        run = self._run
        ref = self._ref
        cnt = self._cnt
        pos = self._pos
        bad = self.failed
        rc = self.rct_cutoff
        ac = self.apt_cutoff
        w = self.sample_bytes
        for i in range(0, len(data), w):
            x = data[i] if w == 1 else data[i:i + w]
            if x == last:  # §4.4.1
                run += 1
                if run >= rc:
                    bad |= RCT_FAIL
            else:
                last = x
                run = 1
            if pos == 0:  # §4.4.2: the window's reference sample
                ref = x
                cnt = 1
                pos = 1
            else:
                if x == ref:
                    cnt += 1
                    if cnt >= ac:
                        bad |= APT_FAIL
                pos += 1
                if pos == APT_WINDOW:
                    pos = 0
        self._last = last
        self._run = run
        self._ref = ref
        self._cnt = cnt
        self._pos = pos
        self.failed = bad
        return bad


class EntropySource:
    """A raw source ``read(n)`` behind the start-up and continuous health tests; calling
    the object, ``src(n)``, returns samples holding at least ``8 * n`` bits of min-entropy
    (entropy input for a DRBG: see the module docstring)."""

    def __init__(self, read, min_entropy=8, sample_bytes=1):
        self._setup(read, min_entropy, sample_bytes)
        self._startup()

    def _setup(self, read, min_entropy, sample_bytes):
        if not callable(read):
            raise TypeError("read must be callable")
        self._read = read
        self.min_entropy = min_entropy
        self._health = HealthTests(min_entropy, sample_bytes)
        self.sample_bytes = sample_bytes
        self.samples = 0  # samples read from the raw source (start-up included)

    def _startup(self):
        # §4.3: the start-up test, samples discarded; read in pieces of at most
        # _STARTUP_READ bytes, so that wide samples need no heap block of 4 KB.
        step = _STARTUP_READ // self.sample_bytes or 1
        k = STARTUP_SAMPLES
        while k:
            j = step if k > step else k
            self._fill(j)
            k -= j

    def _fill(self, k):
        # k samples from the raw source, health-tested.
        h = self._health
        if h.failed:
            raise EntropyError("entropy source failed health test %d" % h.failed)
        n = k * self.sample_bytes
        try:
            data = self._read(n)
        except Exception as e:
            h.failed |= 4  # a read error is a failure too (the source stopped)
            raise EntropyError("entropy source failed: %s" % e)
        if data is None or len(data) != n:
            h.failed |= 4
            raise EntropyError("entropy source returned %s bytes" % (None if data is None else len(data)))
        if type(data) is not bytes:
            data = bytes(data)  # slices compare by value (a memoryview's would not)
        self.samples += k
        if h.feed(data):
            raise EntropyError("entropy source failed health test %d" % h.failed)
        return data

    @property
    def failed(self):
        return self._health.failed

    def __call__(self, n):
        # ceil(8n / H) samples of H bits each carry at least 8n bits.
        return self._fill((8 * n + self.min_entropy - 1) // self.min_entropy)

    urandom = __call__


_default = []  # the process-wide EntropySource, made on first use


class _Default(EntropySource):
    # default_source()'s object: kept before its start-up test runs, so that a start-up
    # failure is as final as a later one (a new object would run a new start-up test, and a
    # source that stopped for a while might then pass it).
    def __init__(self, read, min_entropy, sample_bytes):
        self._setup(read, min_entropy, sample_bytes)
        _default.append(self)
        self._startup()


def _raw():
    # The raw source (_util.entropy_source: a board's registered one, else os.urandom), its
    # claimed min-entropy per sample and its sample width in bytes.
    from mpcrypto._util import entropy_source

    read = entropy_source()
    hw = _backend.hardware("entropy")
    if hw is None:
        return read, 8, 1
    return read, getattr(hw, "min_entropy", 8), getattr(hw, "sample_bytes", 1)


def default_source():
    """The process-wide health-tested source (see the module docstring)."""
    if not _default:
        read, h, w = _raw()
        _Default(read, h, w)
    return _default[0]
