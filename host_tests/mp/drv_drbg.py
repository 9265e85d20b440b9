# Drivers for the SP 800-90A DRBGs (mpcrypto.random.*) and the SP 800-90B entropy source
# (mpcrypto.random.entropy). Runs on MicroPython through mptest.py.
from mpcrypto.random import entropy as _ent


def _urandom(n):
    # The entropy input these drivers hand the DRBGs and the health tests: os.urandom, or
    # where the target has none (MicroPython's qemu port, the emulated Zephyr boards)
    # drv_mpi's fixed SHA-256 stream, which passes the health tests. Not random: tests only.
    import os

    if hasattr(os, "urandom"):
        return os.urandom(n)
    if not _stand_in:
        from drv_mpi import stand_in_rng

        _stand_in.append(stand_in_rng(b"drv_drbg entropy"))
    return _stand_in[0](n)


_stand_in = []


def _make(mech, src, nonce, pers, pr, interval):
    if mech[0] == "hmac":
        from mpcrypto.random.hmac_drbg import HMAC_DRBG

        return HMAC_DRBG(mech[1], src, nonce, pers, pr, interval)
    if mech[0] == "hash":
        from mpcrypto.random.hash_drbg import Hash_DRBG

        return Hash_DRBG(mech[1], src, nonce, pers, pr, interval)
    from mpcrypto.random.ctr_drbg import CTR_DRBG

    return CTR_DRBG(mech[1], mech[2], src, nonce, pers, pr, interval)


def run(mech, chunks, nonce, pers, pr, interval, ops):
    # A DRBG over a scripted entropy source (the chunks in order; the requested lengths are
    # recorded), then ops: ("gen", n, additional_input, prediction_resistance) or
    # ("reseed", additional_input). Returns (outputs, requested lengths, reseed counters).
    asked = []
    it = iter(chunks)

    def src(n):
        asked.append(n)
        return next(it)

    # ("hmac", hash, "generic"): HMAC_DRBG with its viper helpers forced away (the per-block
    # HMAC path a port without viper, or SHA-3, runs)
    from mpcrypto import _backend

    if len(mech) > 2 and mech[2] == "generic":
        _backend.force("hmac_drbg", "python")
    try:
        d = _make(mech, src, nonce, pers, pr, interval)
        outs = []
        ctrs = [d.reseed_counter]
        for op in ops:
            if op[0] == "gen":
                outs.append(d.generate(op[1], op[2], op[3]))
            else:
                d.reseed(op[1])
            ctrs.append(d.reseed_counter)
    finally:
        _backend.force("hmac_drbg", None)
    return outs, asked, ctrs


def info(mech):
    d = _make(mech, _urandom, None, None, False, None)
    return d.name, d.security_strength


def errors(kind):
    from mpcrypto.random.hmac_drbg import HMAC_DRBG
    from mpcrypto.random.ctr_drbg import CTR_DRBG

    if kind == "pr_without_support":
        HMAC_DRBG("sha256", _urandom).generate(16, None, True)
    elif kind == "too_long":
        HMAC_DRBG("sha256", _urandom).generate(65537)
    elif kind == "max_len":
        return len(HMAC_DRBG("sha256", _urandom).generate(65536))
    elif kind == "negative":
        HMAC_DRBG("sha256", _urandom).generate(-1)
    elif kind == "float_len":
        HMAC_DRBG("sha256", _urandom).generate(1.0)
    elif kind == "str_add":
        HMAC_DRBG("sha256", _urandom).generate(4, "x")
    elif kind == "str_pers":
        HMAC_DRBG("sha256", _urandom, None, "x")
    elif kind == "entropy_not_callable":
        HMAC_DRBG("sha256", b"seed")
    elif kind == "short_entropy":
        HMAC_DRBG("sha256", lambda n: bytes(n - 1))
    elif kind == "xof":
        HMAC_DRBG("shake_128", _urandom)
    elif kind == "unknown_hash":
        HMAC_DRBG("md4", _urandom)
    elif kind == "interval0":
        HMAC_DRBG("sha256", _urandom, None, None, False, 0)
    elif kind == "interval_big":
        HMAC_DRBG("sha256", _urandom, None, None, False, (1 << 48) + 1)
    elif kind == "ctr_keysize":
        CTR_DRBG(20, True, _urandom)
    elif kind == "ctr_nodf_pers_long":
        CTR_DRBG(16, False, _urandom, None, bytes(33))
    elif kind == "ctr_nodf_add_long":
        CTR_DRBG(16, False, _urandom).generate(16, bytes(33))
    elif kind == "ctr_nodf_short_entropy_h4":
        # A source of 4 bits per byte hands out twice the bytes: not full entropy
        src = _ent.EntropySource(_urandom, 4)
        CTR_DRBG(16, False, src)
    elif kind == "ctr_df_h4":
        src = _ent.EntropySource(_urandom, 4)
        return len(CTR_DRBG(16, True, src).generate(16))
    return "accepted"


def _stuck_after(k, byte):
    state = [0]

    def read(n):
        state[0] += n
        if state[0] > k:
            return bytes((byte,)) * n
        return _urandom(n)

    return read


def health(kind):
    # Returns what happened as plain values (class name, message, counters).
    try:
        if kind == "ok":
            s = _ent.EntropySource(_urandom)
            a = s(32)
            b = s(32)
            return len(a), len(b), a != b, s.samples, s.failed
        if kind == "h4":
            s = _ent.EntropySource(_urandom, 4)
            return len(s(16)), s.samples
        if kind == "stuck":
            _ent.EntropySource(lambda n: b"\x5a" * n)
        if kind == "stuck_bit7":
            _ent.EntropySource(lambda n: b"\xff" * n)
        if kind == "run_at_cutoff":
            # runs of RCT cutoff - 1 (5 at H = 8) identical bytes never fail; the APT
            # reference sample recurs at most 5 times per window: passes
            def read(n):
                out = bytearray()
                i = 0
                while len(out) < n:
                    out += bytes((i & 0xFF,)) * 5
                    i += 1
                return bytes(out[:n])
            s = _ent.EntropySource(read)
            s(64)
            return "passed", s.failed
        if kind == "run_of_cutoff":
            # one run of exactly the cutoff (6 at H = 8) inside otherwise fine data fails
            state = [0]

            def read(n):
                state[0] += 1
                d = bytearray(_urandom(n))
                if state[0] == 2:
                    for j in range(10, 16):
                        d[j] = 0x33
                    d[9] = 0x34
                    d[16] = 0x35
                return bytes(d)
            s = _ent.EntropySource(read)
            s(64)
        if kind == "biased":
            # every 4th byte 0x00, the others a counter avoiding 0: no run, but the window's
            # first sample (0x00) occurs 128 times in 512: the APT fails
            def read(n):
                out = bytearray(n)
                for i in range(n):
                    out[i] = 0 if i % 4 == 0 else 1 + (i * 7) % 255
                return bytes(out)
            _ent.EntropySource(read)
        if kind == "later":
            s = _ent.EntropySource(_stuck_after(1024 + 100, 0x00))
            got = [len(s(32)), len(s(32))]
            for _ in range(3):
                try:
                    s(32)
                    got.append("ok")
                except OSError as e:
                    got.append("%s %s" % (type(e).__name__, e))
            return got
        if kind == "short_read":
            _ent.EntropySource(lambda n: bytes(n - 1))
        if kind == "read_raises":
            def read(n):
                raise OSError("device gone")
            _ent.EntropySource(read)
        if kind == "drbg_pr_stops":
            # A DRBG with prediction resistance reseeds every request: once the source
            # fails, generate raises (no output from stale state).
            from mpcrypto.random.hmac_drbg import HMAC_DRBG

            s = _ent.EntropySource(_stuck_after(1024 + 200, 0x00))
            d = HMAC_DRBG("sha256", s, None, None, True)
            got = []
            for _ in range(6):
                try:
                    got.append(len(d.generate(16)))
                except OSError as e:
                    got.append(type(e).__name__)
            return got
        if kind == "words_h1":
            # 32-bit word samples credited with 1 bit each (the Kinetis RNGA's credit): the
            # cutoffs of H = 1; 32 bytes of min-entropy are 256 words
            s = _ent.EntropySource(_urandom, 1, 4)
            return len(s(32)), s.samples, s._health.rct_cutoff, s._health.apt_cutoff
        if kind in ("words_as_words", "words_as_bytes"):
            # distinct words 00 00 00 kk (k = 1..255 in turn): as bytes three in four are 0x00,
            # and each APT window starts on one (it recurs 384 times in 512: over H = 1's
            # cutoff of 336); as words none recurs within 255
            def read(n):
                out = bytearray(n)
                for i in range(0, n, 4):
                    out[i + 3] = 1 + (i >> 2) % 255
                return bytes(out)
            s = _ent.EntropySource(read, 1, 4 if kind == "words_as_words" else 1)
            s(32)
            return "passed", s.failed
        if kind in ("words_run_below_cutoff", "words_run_of_cutoff"):
            # one run of 40 (or 41, H = 1's RCT cutoff) identical words in fresh ones
            k = 40 if kind == "words_run_below_cutoff" else 41
            state = [0]

            def read(n):
                state[0] += 1
                d = bytearray(_urandom(n))
                if state[0] == 2:
                    for j in range(4, 4 + 4 * k):
                        d[j] = b"\x12\x34\x56\x78"[j & 3]
                return bytes(d)
            s = _ent.EntropySource(read, 1, 4)
            s(32)
            return "passed", s.failed
        if kind == "words_stuck":
            # the start-up test reads 1 KB at a time: the RCT fails within the first 256 words
            _ent.EntropySource(lambda n: b"\xa5\x5a\x00\x01" * (n // 4), 1, 4)
        if kind == "default_startup_final":
            # default_source() over a registered source that is stuck at start-up, then
            # fine: every call refuses, and the source is not read again
            from mpcrypto import _backend

            class Src:
                reads = 0

                def urandom(self, n):
                    Src.reads += 1
                    return b"\x33" * n if Src.reads == 1 else _urandom(n)

            saved, keep = _backend._hw.get("entropy"), _ent._default[:]
            _backend._hw["entropy"] = ("test", Src())
            _ent._default[:] = []
            got = []
            try:
                for _ in range(3):
                    try:
                        _ent.default_source()(16)
                        got.append("ok")
                    except OSError as e:
                        got.append(str(e))
            finally:
                _ent._default[:] = keep
                if saved is None:
                    del _backend._hw["entropy"]
                else:
                    _backend._hw["entropy"] = saved
            return got[0], got[1] == got[2] == got[0], Src.reads
        if kind == "bad_sample_bytes":
            _ent.EntropySource(_urandom, 1, 0)
        if kind == "bad_h":
            _ent.EntropySource(_urandom, 9)
        if kind == "bad_h0":
            _ent.EntropySource(_urandom, 0)
        return "no error"
    except Exception as e:
        return type(e).__name__, str(e)


def cutoffs():
    return [_ent.cutoffs(h) for h in range(1, 9)]


def default_rng():
    # random_bytes, and the library's default rng (resolve_rng(None)) is it.
    from mpcrypto import _util
    from mpcrypto.random.rng import default_drbg, random_bytes

    a = random_bytes(32)
    b = random_bytes(32)
    big = random_bytes(70000)
    d = default_drbg()
    return (len(a), a != b, len(big), len(random_bytes(0)), _util.resolve_rng(None) is random_bytes,
            d.name, d.security_strength, d.reseed_counter > 1)


def default_rng_errors(kind):
    from mpcrypto.random.rng import random_bytes

    if kind == "negative":
        random_bytes(-1)
    elif kind == "float":
        random_bytes(2.0)
    return "accepted"


def keygen_injection():
    # Injected rngs still win over the default one (same key from the same seed bytes).
    from mpcrypto.ec import x25519

    seed = bytes(range(32))
    k1 = x25519.X25519PrivateKey.generate(lambda n: seed[:n])
    k2 = x25519.X25519PrivateKey.generate(lambda n: seed[:n])
    k3 = x25519.X25519PrivateKey.generate()
    return k1.private_bytes_raw() == k2.private_bytes_raw(), k3.private_bytes_raw() != k1.private_bytes_raw()


def hmac_update_interrupted():
    # HMAC_DRBG's Update made to fail at each of its four HMAC constructions in turn (a
    # MemoryError, as a small heap gives), during generate's Update of the additional input
    # and during reseed: afterwards the DRBG must give what a twin that never made the
    # failed call gives (its state unchanged). Returns [(call, same output)] per case.
    from drv_mpi import stand_in_rng
    from mpcrypto.random import hmac_drbg as hd

    real = hd.hmac

    class Failing:
        def __init__(self, at):
            self.at = at

        def new(self, *a):
            self.at -= 1
            if self.at == 0:
                raise MemoryError
            return real.new(*a)

    out = []
    for op in ("generate", "reseed"):
        for at in (1, 2, 3, 4):
            a = hd.HMAC_DRBG("sha256", stand_in_rng(b"twin"), b"nonce-16-bytes..")
            b = hd.HMAC_DRBG("sha256", stand_in_rng(b"twin"), b"nonce-16-bytes..")
            a.generate(16)
            b.generate(16)
            hd.hmac = Failing(at)
            try:
                if op == "generate":
                    a.generate(16, b"additional")
                else:
                    a.reseed(b"additional")
                raised = False
            except MemoryError:
                raised = True
            finally:
                hd.hmac = real
            out.append((op, at, raised, a.generate(32) == b.generate(32)))
    return out
