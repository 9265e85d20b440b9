"""Benchmark helper shared by bench/bench_*.py (MicroPython; runs on a board or the unix port).

Not part of the library and not in the freeze manifests: on a board, mount it with the
library (``mpremote mount modules run bench/bench_aes.py``).

Every measurement is printed twice: as a row of an emCrypt-style table for people, and as one
JSON line for tools (``tools/bench/bench_report.py``), prefixed with ``BENCH ``:
``{"algorithm", "operation", "backend", "value", "unit", "heap_bytes", "reference",
"platform", ...}``. Reference rows time MicroPython's own C code (``cryptolib``, ``hashlib``)
called directly, in the same run: ``backend`` is ``"builtin"`` and ``reference`` is true.
Rows of mpcrypto's API have ``reference`` false, whichever backend the seam ran (its
``builtin`` backend included).
``heap_bytes`` is the heap allocated by one operation, measured with the garbage collector
disabled around a single call (``gc.mem_alloc()`` before and after); -1 when that one call
needs more heap than the board has with the collector off.
Where the core has a running DWT cycle counter (bare-metal Cortex-M3/M4/M7/M33/M55/M85; ARMv7-M
ARM C1.8.8 CYCCNT), every timed row also carries ``cycles_per_call`` and ``us_per_call`` and
``PLATFORM["cycle_counter"]`` is ``"dwt"``; ``tools/bench/report.py`` then uses those cycles as measured
instead of clock x time. Elsewhere (hosted ports, QEMU, which does not model the DWT, M0/M0+)
it is None and the report uses the clock.
"""

import gc
import sys
import time

try:
    import json
except ImportError:  # pragma: no cover - every port we target has json
    json = None

_MIN_US = 400_000  # each throughput figure is taken over at least this long


def _clock_hz():
    try:
        import machine

        return machine.freq() if not isinstance(machine.freq(), tuple) else machine.freq()[0]
    except (ImportError, AttributeError):
        return None


def _emitters():
    try:
        import micropython

        exec("@micropython.viper\ndef _f() -> int:\n    return 1\n", {"micropython": micropython})
        return "native+viper"
    except Exception:
        return "bytecode only"


# DWT cycle counter (ARMv7-M ARM C1.8, v8-M ARM B12): DEMCR.TRCENA enables the DWT,
# DWT_CTRL.CYCCNTENA starts CYCCNT; NOCYCCNT (DWT_CTRL bit 25) says the core has none.
_DEMCR, _DWT_CTRL, _DWT_CYCCNT = 0xE000EDFC, 0xE0001000, 0xE0001004


def _dwt():
    # machine.mem32 if CYCCNT runs on this core, else None. The DWT is touched only on a core
    # that has one: an ARMv7-M / ARMv8-M Mainline core (mpcrypto._cpu, which reads CPUID only
    # on a bare-metal Cortex-M build); the counter must then be seen to advance (QEMU reads it
    # as 0). Without mpcrypto there is no cycle counter.
    try:
        from mpcrypto import _cpu

        if not _cpu.thumb2():
            return None
        import machine

        mem = machine.mem32
        mem[_DEMCR] = mem[_DEMCR] | (1 << 24)
        if mem[_DWT_CTRL] & (1 << 25):
            return None
        mem[_DWT_CTRL] = mem[_DWT_CTRL] | 1
        a = mem[_DWT_CYCCNT] & 0xFFFFFFFF
        time.sleep_ms(2)
        b = mem[_DWT_CYCCNT] & 0xFFFFFFFF
        return mem if (b - a) & 0xFFFFFFFF else None
    except Exception:
        return None


_MEM = _dwt()
_LAST = {}  # the last timed window's per-call figures
_MEAS = {}  # value returned by throughput()/per_op() -> its per-call figures, for row()

PLATFORM = {
    "platform": sys.platform,
    "implementation": "%s %s" % (sys.implementation.name, ".".join(str(v) for v in sys.implementation.version[:3])),
    "machine": getattr(sys.implementation, "_machine", ""),
    "word_bits": 64 if sys.maxsize > (1 << 32) else 32,
    "clock_hz": _clock_hz(),
    "cycle_counter": "dwt" if _MEM is not None else None,
}


def header(title):
    """Print the header every benchmark starts with: what ran, where, how fast a clock."""
    PLATFORM["emitters"] = _emitters()
    print("mpcrypto benchmark: " + title)
    print("Platform:  %s, %s" % (PLATFORM["platform"], PLATFORM["machine"]))
    print("Runtime:   %s, %d-bit words, %s" % (PLATFORM["implementation"], PLATFORM["word_bits"], PLATFORM["emitters"]))
    hz = PLATFORM["clock_hz"]
    print("CPU clock: %s" % ("%.3f MHz" % (hz / 1e6) if hz else "unknown (host)"))
    print("Heap:      bytes allocated per operation, gc disabled around one call")
    print()


def _heap_of(fn):
    # Heap bytes one call allocates; -1 when one call allocates more than the heap holds
    # with the collector off (big-integer arithmetic on a small MCU heap): the time is then
    # still measured, with the collector on.
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        try:
            fn()
        except MemoryError:
            return -1
        after = gc.mem_alloc()
    finally:
        gc.enable()
        gc.collect()
    return after - before


def _time_us(fn, reps):
    mem = _MEM
    c0 = mem[_DWT_CYCCNT] if mem is not None else 0
    t0 = time.ticks_us()
    for _ in range(reps):
        fn()
    us = time.ticks_diff(time.ticks_us(), t0)
    _LAST.clear()
    _LAST["us_per_call"] = us / reps
    if mem is not None:
        cyc = (mem[_DWT_CYCCNT] - c0) & 0xFFFFFFFF
        hz = PLATFORM["clock_hz"]
        # CYCCNT is 32 bits: kept only while the window is surely shorter than one wrap
        if hz and us * (hz / 1e6) < 0.9 * 4294967296:
            _LAST["cycles_per_call"] = cyc / reps
    return us


def _calibrate(fn, min_us):
    fn()  # warm-up: first-call set-up (tables, caches) is not measured
    reps = 1
    while True:
        us = _time_us(fn, reps)
        if us >= min_us:
            return us, reps
        reps = reps * 2 if us < min_us // 8 else max(reps + 1, reps * min_us * 12 // (10 * max(us, 1)))


def throughput(fn, nbytes, min_us=_MIN_US):
    """``(MB/s, heap bytes per call)`` for ``fn()``, which processes ``nbytes`` per call.
    MB is 10**6 bytes, as in the emCrypt tables. One warm-up call comes first, so one-time
    set-up (tables built on first use) is counted in neither figure."""
    fn()
    heap = _heap_of(fn)
    us, reps = _calibrate(fn, min_us)
    v = nbytes * reps / us
    _MEAS[v] = dict(_LAST, bytes_per_call=nbytes)
    return v, heap


def fixed_rng(seed):
    """A deterministic rng for benchmarks that generate keys (boards may have no entropy
    source, and a fixed stream makes runs comparable): SHA-256(seed || counter) blocks."""
    from mpcrypto.hash.sha256 import sha256

    state = [0]

    def rng(n):
        out = b""
        while len(out) < n:
            out += sha256(seed + state[0].to_bytes(4, "big")).digest()
            state[0] += 1
        return out[:n]

    return rng


def update_rate(make, n=1024, min_us=_MIN_US):
    """``throughput`` of one ``update()`` of ``n`` bytes into the hash object ``make()``
    returns (set-up and digest are not in the loop): the hash benchmarks' measurement."""
    buf = bytes(range(256)) * (n // 256) + bytes(range(n % 256))
    h = make()
    h.update(buf)
    return throughput(lambda: h.update(buf), n, min_us)


def versus_sha256(title, alg, prim, make, ref_name, n=1024):
    """The MD5/SHA-1 table (emCrypt's Algorithm | Hash MB/s): ``alg`` (the hash object
    ``make()``, seam primitive ``prim``) on each backend, our viper SHA-256 and the C
    ``hashlib.<ref_name>`` (reference row, where the port has it), all in this run; each row's
    JSON line carries its ratios to both (``vs_builtin``, ``vs_sha256_viper``)."""
    from mpcrypto.hash.sha256 import sha256

    header("%s, %d-byte updates" % (title, n))
    ref = base = None
    try:
        import hashlib
    except ImportError:
        hashlib = None
    if hashlib is not None and hasattr(hashlib, ref_name):
        ref = update_rate(getattr(hashlib, ref_name), n)
    if "viper" in backends("mpcrypto.hash.sha256"):
        force("sha256", "viper")
        base = update_rate(sha256, n)
        force("sha256", None)
    rows = []
    for be in backends("mpcrypto.hash." + prim):
        force(prim, be)
        mbs, heap = update_rate(make, n)
        extra = {"update_bytes": n}
        if ref:
            extra["vs_builtin"] = round(mbs / ref[0], 4)
        if base:
            extra["vs_sha256_viper"] = round(mbs / base[0], 4)
        row(alg, "hash", be, mbs, "MB/s", heap, **extra)
        rows.append(["%s (%s)" % (alg, be), mbs])
    force(prim, None)
    ours = len(rows)
    if base:
        row("SHA-256", "hash", "viper", base[0], "MB/s", base[1], update_bytes=n)
        rows.append(["SHA-256 (viper)", base[0]])
    if ref:
        row(alg, "hash", "builtin", ref[0], "MB/s", ref[1], True, update_bytes=n)
        rows.append(["%s (hashlib)" % alg, ref[0]])
    table([("Algorithm", 22), ("Hash MB/s", 9)], rows)
    for r in rows[:ours]:
        if base:
            print("%s: %.2fx viper SHA-256%s" % (r[0], r[1] / base[0], ", %.3fx hashlib" % (r[1] / ref[0]) if ref else ""))


def per_op(fn, min_us=_MIN_US, heap=True):
    """``(ms per call, heap bytes per call)``, after one warm-up call: the mean over repeated
    calls, collections included. ``heap=False`` skips the collector-off call (the heap figure
    is then None): where one call is known to need more than the heap, that call's
    MemoryError would only make the library drop its cached contexts. The row also gets ``median3_us``, the median of three single
    calls timed one by one, which is how issue 28's reference figures for C libraries were
    taken; the heap is collected before each (outside the timed window), so that a call does
    not pay for the garbage of the calls before it."""
    fn()
    heap = _heap_of(fn) if heap else None
    us, reps = _calibrate(fn, min_us)
    v = us / reps / 1000
    m = dict(_LAST)
    ts = []
    for _ in range(3):
        gc.collect()
        t0 = time.ticks_us()
        fn()
        ts.append(time.ticks_diff(time.ticks_us(), t0))
    ts.sort()
    m["median3_us"] = ts[1]
    _MEAS[v] = m
    return v, heap


def row(algorithm, operation, backend, value, unit, heap_bytes, reference=False, **extra):
    """Print one JSON line for tools; returns the record."""
    rec = {
        "reference": reference,
        "algorithm": algorithm,
        "operation": operation,
        "backend": backend,
        "value": round(value, 4),
        "unit": unit,
        "heap_bytes": heap_bytes,
    }
    rec.update(extra)
    m = _MEAS.pop(value, None) if unit in ("MB/s", "ms") else None
    if m:
        rec.update(m)  # us_per_call (and cycles_per_call) of the measurement this row reports
    for k in PLATFORM:
        rec[k] = PLATFORM[k]
    if json is not None:
        print("BENCH " + json.dumps(rec))
    return rec


def _cell(v, width, right):
    s = ("%.2f" % v) if isinstance(v, float) else str(v)
    return s + " " * (width - len(s)) if not right else " " * (width - len(s)) + s


def table(columns, rows, groups=None):
    """Print an emCrypt-style table. ``columns``: list of ``(heading, width)``; text in the
    first column is left-aligned, the rest right-aligned. ``groups``: optional list of
    ``(heading, number_of_columns)`` printed above the headings (``ECB MB/s`` over Enc/Dec)."""
    rule = "+" + "+".join("-" * (w + 2) for _, w in columns) + "+"
    print(rule)
    if groups:
        cells, i = [], 0
        for text, n in groups:
            w = sum(columns[j][1] for j in range(i, i + n)) + 3 * (n - 1)
            cells.append(" " + _cell(text, w, False) + " ")
            i += n
        print("|" + "|".join(cells) + "|")
    print("|" + "|".join(" " + _cell(h, w, i > 0) + " " for i, (h, w) in enumerate(columns)) + "|")
    print(rule)
    for r in rows:
        print("|" + "|".join(" " + _cell(v, columns[i][1], i > 0) + " " for i, v in enumerate(r)) + "|")
    print(rule)
    print()


def force(primitive, name):
    from mpcrypto import _backend

    _backend.force(primitive, name)


def fresh():
    """Drop the library's cached per-curve contexts (base-point tables) and collect: a bench
    that walks many curves or key sizes measures each from a clean heap (the caller drops its
    own objects of the previous one first). Without it, on a 96 KB heap (the emulated M4
    firmware) the tables of the curves already measured, interleaved with the bench's own
    small objects, fragment the heap until secp521r1's tables no longer fit; the next curve's
    warm-up call builds its tables again."""
    from mpcrypto import _backend

    _backend.evict()


def backends(module):
    mod = __import__(module, None, None, ("backends",))
    return mod.backends()
