"""The benchmark report: every bench/bench_*.py on a target, beside the seeds' C libraries.

    python -m tools.bench.report                                               # the unix port (make report)
    python -m tools.bench.report --target /dev/ttyACM0 --board frdm-k64f       # a board, via mpremote
    python -m tools.bench.report --target /dev/pts/3 --board qemu-m4 --icount --frozen  # emulated M4
    python -m tools.bench.report --from-jsonl report/bench-results.jsonl       # render saved lines only

Runs each ``bench/bench_*.py`` (whatever scripts exist: a new family is picked up by its file
name) as ``tools/bench/run_bench.py`` does, showing on a terminal which benchmark runs, how many of its
rows are done and the time left (estimated from the previous run's durations, kept in
``report/.timings.json``; quiet when stderr is not a terminal). The JSON lines go to
``report/bench-results.jsonl``, the scripts' own tables to ``report/bench-log.txt``. With
``--thumb-counts`` (``make report`` passes it) the instruction counts of our Thumb-2 kernels on
the emulated Cortex-M4 (``tools/emu/thumb_counts.py``) are added.

Writes ``report/report.md`` and ``report/charts/<family>.png`` (one chart per bench script,
matplotlib). An ``--icount`` run opens the report with the headline: public key in instructions
per operation beside the C libraries on the same emulated core, with the project's targets
(``HEADLINE``; our figure the median of three single calls where the row has it, the mean
beside it), and its chart ``charts/headline.png`` is copied to ``report/readme_chart.png``,
the one the README shows (committed; everything else in ``report/`` but ``reference/`` and the
hand-written ``measurements.md`` is git-ignored); ``--readme-chart`` names another chart, or
none (''). A chart holds figures of one kind: instructions on one emulated core, cycles on one
board beside the seeds' cycles, or, on the unix port, our time relative to MicroPython's
built-ins of the same run (``unix_chart``); a unix-port run leaves the README's chart alone.
``--flash build/<board>`` adds the flash per family of that firmware build
(``tools/bench/flash.py``).

Normalisation (docs/benchmarks.md, "The report"):
- cycles: on a board, clock x time, the clock from ``--clock-mhz``, else the rows' ``clock_hz``
  (``machine.freq()``), else ``boards/<board>/board.json``; a row carrying ``cycles_per_call``
  (``modules/mpbench.py`` reads the DWT cycle counter where the core has one) is used as
  measured. On the unix port the host's clock from /proc/cpuinfo is used and the rows say so
  (a shared, frequency-scaled host: approximate). The seeds' rows: their clock x their time, or
  the cycles/byte the seed prints (Mbed TLS).
- instructions: a qemu board run with ``-icount shift=0`` (``--icount``: one microsecond is 1000
  instructions) gives instructions per byte / per operation, set beside the Mbed TLS 3.6
  instruction anchors on the same emulated core (``report/reference/mbedtls_emulated_m4_anchors.csv``)
  and never beside cycles.
Every row says what it is: our backend or the library and version, board and chip, clock,
hardware block, and whether it is the same chip as the target.
"""

import argparse
import csv
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

from tools import ROOT
from tools.bench import flash

REF_DIR = ROOT / "report" / "reference"

NBSP = " "


# -- reference data -----------------------------------------------------------------------------


def load_reference(ref_dir=REF_DIR):
    rows = []
    for path in sorted(pathlib.Path(ref_dir).glob("*.csv")):
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                r["file"] = path.name
                rows.append(r)
    return rows


# Operation names that say the same thing: emCrypt's "17-bit exponent" is e = 65537.
OP_ALIASES = {"publice65537": "public17bitexponent"}


def key(alg, op):
    """Names compared without case and punctuation: ChaCha20Poly1305 == ChaCha20-Poly1305."""
    o = re.sub(r"[^a-z0-9]", "", op.lower())
    return re.sub(r"[^a-z0-9]", "", alg.lower()), OP_ALIASES.get(o, o)


def ref_normalised(r):
    """(value, unit) of a reference row in cycles (or instructions for the emulated anchors)."""
    v = float(r["value"])
    u = r["unit"]
    if u in ("cycles/byte", "insns/byte"):
        return v, u
    if u == "Minsns/op":  # the peers on the emulated core, millions of instructions
        return v * 1e6, "insns/op"
    hz = float(r["clock_mhz"]) * 1e6
    if u == "MB/s":
        return hz / (v * 1e6), "cycles/byte"
    if u == "KiB/s":
        return hz / (v * 1024), "cycles/byte"
    if u == "ms":
        return hz * v / 1000, "cycles/op"
    raise ValueError(u)


def merge_reference(rows):
    """One entry per (library, board, algorithm, operation, hardware): Mbed TLS prints KiB/s and
    cycles/byte for the same measurement; the cycles are the seed's own, the KiB/s shown beside."""
    out = {}
    for r in rows:
        k = (r["library"], r["version"], r["board"], r["algorithm"], r["operation"], r["hardware"])
        e = out.setdefault(k, {"row": r, "native": None, "norm": None})
        n, u = ref_normalised(r)
        if r["unit"] in ("cycles/byte", "insns/byte"):
            e["norm"] = (n, u)
            if e["native"] is None:
                e["native"] = "%s %s" % (r["value"], r["unit"])
        else:
            e["native"] = "%s %s" % (r["value"], r["unit"])
            if e["norm"] is None or e["norm"][1] not in ("cycles/byte", "insns/byte") or r["unit"] == "ms":
                e["norm"] = (n, u)
            e["row"] = r
    return list(out.values())


# -- the target ---------------------------------------------------------------------------------


def board_json(name):
    if not name:
        return None
    d = ROOT / "boards" / name.upper().replace("-", "_")
    if not (d / "board.json").is_file():
        raise SystemExit("no boards/%s/board.json" % d.name)
    b = json.loads((d / "board.json").read_text())
    b["dir"] = d.name
    return b


def host_clock():
    """(MHz, CPU model) of the machine running the unix port, from /proc/cpuinfo."""
    try:
        text = pathlib.Path("/proc/cpuinfo").read_text()
    except OSError:
        return None, None
    mhz = re.search(r"^cpu MHz\s*:\s*([\d.]+)", text, re.M)
    model = re.search(r"^model name\s*:\s*(.+)$", text, re.M)
    return (float(mhz.group(1)) if mhz else None), (model.group(1).strip() if model else None)


def chip_family(s):
    """The part family a chip name belongs to (MK64FN1M0VLL12 and 'NXP K64' both K64)."""
    s = s.upper()
    for pat in (r"\bM?K(\d\d)", r"(RX\d\d\w)", r"(RA\d\w\d)"):
        m = re.search(pat, s)
        if m:
            return ("K" + m.group(1)) if pat.startswith(r"\bM?K") else m.group(1)
    return None


class Target:
    """What the rows were measured on and how they are normalised."""

    def __init__(self, rows, board=None, icount=False, clock_mhz=None, target="unix"):
        plat = next((r for r in rows if r.get("script") != "thumb_counts.py"), {})
        self.board = board
        self.platform = plat.get("platform", "?")
        self.machine = plat.get("machine", "")
        self.implementation = plat.get("implementation", "")
        self.emitters = plat.get("emitters", "")
        self.icount = icount
        self.unix = (target == "unix" and board is None) or self.platform in ("linux", "darwin")
        self.clock_hz, self.clock_source = None, None
        if clock_mhz:
            self.clock_hz, self.clock_source = clock_mhz * 1e6, "--clock-mhz"
        elif plat.get("clock_hz"):
            self.clock_hz, self.clock_source = float(plat["clock_hz"]), "machine.freq() on the target"
        elif board and board.get("clock_hz"):
            self.clock_hz, self.clock_source = float(board["clock_hz"]), "boards/%s/board.json" % board["dir"]
        elif self.unix and not icount:
            mhz, model = host_clock()
            if mhz:
                self.clock_hz = mhz * 1e6
                self.clock_source = "the host's /proc/cpuinfo (%s; shared, frequency-scaled host: approximate)" % model
        self.mode = "insns" if icount else ("cycles" if self.clock_hz else None)
        if board:
            self.name = board["name"]
            self.chip = board.get("mcu", "")
            self.cpu = board.get("cpu", "")
        elif self.unix:
            self.name = "MicroPython unix port (host)"
            self.chip = host_clock()[1] or "host CPU"
            self.cpu = self.chip
        else:
            self.name = "%s (%s)" % (target, self.machine)
            self.chip = self.machine
            self.cpu = self.machine
        self.family = chip_family(self.chip) if board else None

    def clock_text(self):
        if self.icount:
            return "emulated (-icount)"
        return "%.0f MHz" % (self.clock_hz / 1e6) if self.clock_hz else "unknown"

    def normalise(self, r):
        """(value, unit) of one of our rows, or (None, None) when it cannot be normalised."""
        v = float(r["value"])
        if r["unit"] not in ("MB/s", "KiB/s", "ms") or v <= 0:
            return None, None
        if r["unit"] == "KiB/s":
            v = v * 1024 / 1e6  # bytes per microsecond, as MB/s
        per_byte = r["unit"] != "ms"
        if self.mode == "insns":
            # -icount shift=0: one instruction per virtual nanosecond
            return (1000.0 / v, "insns/byte") if per_byte else (v * 1e6, "insns/op")
        if self.mode == "cycles":
            nbytes = r.get("bytes_per_call") or r.get("bytes") or r.get("update_bytes") or r.get("request_bytes")
            if r.get("cycles_per_call") and (not per_byte or nbytes):
                c = float(r["cycles_per_call"])
                return (c / nbytes, "cycles/byte") if per_byte else (c, "cycles/op")
            if per_byte:
                return self.clock_hz / (v * 1e6), "cycles/byte"
            return self.clock_hz * v / 1000, "cycles/op"
        return None, None

    def per_op_us(self, us):
        """A per-operation time in microseconds in this run's unit (instructions or cycles),
        or None."""
        if self.mode == "insns":
            return us * 1000.0
        if self.mode == "cycles":
            return self.clock_hz * us / 1e6
        return None

    def same_chip(self, ref_chip):
        if self.family is None:
            return "no" if self.unix else "?"
        return "yes" if chip_family(ref_chip) == self.family else "no"


# -- formatting ---------------------------------------------------------------------------------


def fmt(v):
    if v is None:
        return "-"
    if v >= 1000:
        return "{:,.0f}".format(v).replace(",", " ")
    if v >= 100:
        return "%.0f" % v
    if v >= 10:
        return "%.1f" % v
    return "%.2f" % v


def who(r):
    if r.get("reference"):
        return "MicroPython C built-in (reference)"
    return "mpcrypto %s" % r["backend"]


def family_of(r):
    s = r.get("script", "")
    m = re.match(r"bench_(\w+)\.py$", s)
    return m.group(1) if m else pathlib.Path(s).stem or "other"


# -- the comparison -----------------------------------------------------------------------------


def build(rows, refs, target):
    """{family: [group]}; a group: algorithm, operation, our entries and reference entries,
    each entry a dict with who, where, clock, hardware, same, value text, norm, unit."""
    merged = merge_reference(refs)
    by_key = {}
    for e in merged:
        r = e["row"]
        by_key.setdefault(key(r["algorithm"], r["operation"]), []).append(e)
    fams = {}
    for r in rows:
        if r.get("script") == "thumb_counts.py" or r.get("unit") not in ("MB/s", "KiB/s", "ms"):
            continue
        fam = family_of(r)
        groups = fams.setdefault(fam, {})
        g = groups.setdefault((r["algorithm"], r["operation"]), {"algorithm": r["algorithm"], "operation": r["operation"],
                                                                 "ours": [], "refs": []})
        n, u = target.normalise(r)
        g["ours"].append({"who": who(r), "where": target.name, "clock": target.clock_text(), "hardware": hw_of(r),
                          "same": "-", "value": "%.3f %s" % (float(r["value"]), r["unit"]), "norm": n, "unit": u,
                          "ours": True, "builtin": bool(r.get("reference")), "backend": r["backend"],
                          "heap": r.get("heap_bytes"), "raw": float(r["value"]), "rawunit": r["unit"],
                          "median": (target.per_op_us(float(r["median3_us"]))
                                     if r.get("median3_us") is not None and r["unit"] == "ms" else None)})
    names = set(fams)
    for fam, groups in fams.items():
        for (alg, op), g in groups.items():
            g["foreign"] = foreign(alg, fam, names)
            if g["foreign"]:
                continue  # a same-run denominator (AES-128 in bench_des): its references are in its own family
            for e in by_key.get(key(alg, op), []):
                rr = e["row"]
                n, u = e["norm"]
                insns = u.startswith("insns")
                if insns != (target.mode == "insns"):
                    continue  # instructions never beside cycles
                g["refs"].append({"who": "%s %s" % (rr["library"], rr["version"]),
                                  "where": ("%s (%s)" % (rr["cpu"], rr["board"])) if insns else
                                  "%s (%s, %s)" % (rr["board"], rr["chip"], rr["cpu"]),
                                  "clock": ("%s MHz" % rr["clock_mhz"]) if rr["clock_mhz"] else "emulated",
                                  "hardware": rr["hardware"], "same": "emulated" if insns else target.same_chip(rr["chip"]),
                                  "value": e["native"] + (" (%s)" % rr["note"].replace("instructions per byte ", "")
                                                          if insns and rr["note"] else ""),
                                  "norm": n, "unit": u, "ours": False,
                                  "software": rr["hardware"] == "none", "source": rr["source"], "cpu": rr["cpu"],
                                  "library": rr["library"], "board": rr["board"], "note": rr["note"]})
        fams[fam] = list(groups.values())
    return fams


def foreign(alg, fam, families):
    """True for a row a script measures as its denominator, from another family of this run:
    its name carries another family's name (aes in AES-128-ECB of bench_des) and not its own."""
    k = key(alg, "")[0]
    own = re.sub(r"[^a-z0-9]", "", fam.lower())
    return own not in k and any(f != fam and re.sub(r"[^a-z0-9]", "", f.lower()) in k for f in families)


def hw_of(r):
    be = r.get("backend", "")
    return {"mmcau": "MMCAU", "c_seam": "vendor block (C seam)", "hw": "vendor block"}.get(be, "none")


def best_ours(g):
    vals = [e["norm"] for e in g["ours"] if e["norm"] and not e["builtin"]]
    return min(vals) if vals else None


def recommend(groups):
    """Which of our backends is fastest in how many of a family's rows."""
    wins, total = {}, 0
    for g in groups:
        ours = [e for e in g["ours"] if not e["builtin"]]
        if len(ours) < 1:
            continue
        v = [e for e in ours if e["norm"]] or ours
        if v[0]["norm"]:
            best = min(v, key=lambda e: e["norm"])
        else:
            # native units: larger MB/s, smaller ms
            best = max(v, key=lambda e: float(e["value"].split()[0]) * (-1 if e["value"].endswith(" ms") else 1))
        wins[best["backend"]] = wins.get(best["backend"], 0) + 1
        total += 1
    return wins, total


# -- charts -------------------------------------------------------------------------------------

COLOURS = {"ours": "#1f77b4", "builtin": "#7f7f7f", "software": "#ff7f0e", "hardware": "#2ca02c", "anchor": "#d62728"}


def _log_bars(bars, path, width, xlabel, title, legend=(), label=fmt):
    # One horizontal log-scale bar chart: bars (label, value, colour), top to bottom, each
    # value printed by ``label``; legend (colour key, text) pairs. Written to path as PNG.
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    fig, ax = plt.subplots(figsize=(width, 1.4 + 0.27 * len(bars)))
    y = list(range(len(bars)))[::-1]
    ax.barh(y, [b[1] for b in bars], color=[b[2] for b in bars])
    ax.set_yticks(y)
    ax.set_yticklabels([b[0] for b in bars], fontsize=7)
    ax.set_xscale("log")
    for yi, b in zip(y, bars):
        ax.text(b[1], yi, " " + label(b[1]), va="center", fontsize=6)
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=9)
    if legend:
        ax.legend(handles=[Patch(color=COLOURS[c], label=t) for c, t in legend],
                  fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)


def _per_builtin(e, b):
    # time per operation or byte of entry e relative to the built-in entry b of the same row
    if e["rawunit"] == "ms":
        return e["raw"] / b["raw"] if b["raw"] > 0 else None
    return b["raw"] / e["raw"] if e["raw"] > 0 else None


def unix_chart(fam, groups, path, max_groups=4):
    """A unix-port run's chart: each of our backends' time relative to MicroPython's own C code
    (the built-in rows) of the same run and row; nothing from another machine."""
    bars = []
    for g in [g for g in groups if not g.get("foreign")]:
        b = next((e for e in g["ours"] if e["builtin"] and e["raw"] > 0), None)
        if b is None:
            continue
        if len({lab.split(":")[0] for lab, _, _ in bars}) >= max_groups:
            break
        head = "%s %s" % (g["algorithm"], g["operation"])
        bars.append(("%s: %s" % (head, b["who"]), 1.0, COLOURS["builtin"]))
        for e in g["ours"]:
            x = None if e["builtin"] else _per_builtin(e, b)
            if x:
                bars.append(("%s: %s" % (head, e["who"]), x, COLOURS["ours"]))
    if len(bars) < 2:
        return False
    _log_bars(bars, path, 11,
              "time relative to MicroPython's built-in C code, same run and row (1 = built-in; log scale)",
              "%s: mpcrypto on the MicroPython unix port (host), against the built-ins of the same run" % fam,
              label=lambda v: "%.3gx" % v)
    return True


def chart(fam, groups, target, path, max_groups=4):
    if target.unix:
        return unix_chart(fam, groups, path, max_groups)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    def unit(g):
        return next((e["unit"] for e in g["ours"] + g["refs"] if e["unit"]), None)

    groups = [g for g in groups if not g.get("foreign")] or groups
    with_refs = [g for g in groups if g["refs"] and unit(g)]
    pick = with_refs or [g for g in groups if unit(g)]
    if not pick:
        return False
    # one unit per chart (bytes and operations are not on one axis); the rows most libraries
    # publish first (P-256 rather than secp192k1), then in the script's order
    pick = [g for g in pick if unit(g) == unit(pick[0])]
    top = sorted(range(len(pick)), key=lambda i: (-len({(e["library"], e["board"]) for e in pick[i]["refs"]}), i))
    pick = [pick[i] for i in sorted(top[:max_groups])]
    bars = []  # (label, value, colour)
    for g in pick:
        head = "%s %s" % (g["algorithm"], g["operation"])
        for e in g["ours"]:
            if e["norm"]:
                bars.append(("%s: %s" % (head, e["who"]), e["norm"], COLOURS["builtin" if e["builtin"] else "ours"]))
        for e in sorted(g["refs"], key=lambda e: e["norm"]):
            kind = "anchor" if e["unit"].startswith("insns") else ("software" if e["software"] else "hardware")
            lab = "%s: %s, %s (%s) %s" % (head, e["library"], e["board"], e["cpu"].replace("Arm ", ""), e["clock"])
            if e["hardware"] != "none":
                lab += " + " + e["hardware"]
            bars.append((lab, e["norm"], COLOURS[kind]))
    if not bars:
        return False
    units = sorted({e["unit"] for g in pick for e in g["ours"] + g["refs"] if e["unit"]})
    fig, ax = plt.subplots(figsize=(12, 1.6 + 0.28 * len(bars)))
    y = list(range(len(bars)))[::-1]
    ax.barh(y, [b[1] for b in bars], color=[b[2] for b in bars])
    ax.set_yticks(y)
    ax.set_yticklabels([b[0] for b in bars], fontsize=7)
    vals = [b[1] for b in bars]
    if max(vals) / min(vals) > 20:
        ax.set_xscale("log")
    for yi, v in zip(y, vals):
        ax.text(v, yi, " " + fmt(v), va="center", fontsize=6)
    what = "instructions" if target.mode == "insns" else "cycles"
    ax.set_xlabel("%s (%s; shorter is faster%s)" % (" / ".join(units), what,
                                                    ", log scale" if ax.get_xscale() == "log" else ""))
    ax.set_title("%s: mpcrypto on %s (%s%s) beside C libraries" % (
        fam, target.name, target.clock_text(), ", host clock from /proc/cpuinfo x time" if target.unix else ""), fontsize=9)
    from matplotlib.patches import Patch

    legend = [Patch(color=COLOURS["ours"], label="mpcrypto (this run)"),
              Patch(color=COLOURS["builtin"], label="MicroPython C built-in (this run)")]
    if target.mode == "insns":
        legend.append(Patch(color=COLOURS["anchor"], label="Mbed TLS 3.6 -O2, same emulated core"))
    else:
        legend += [Patch(color=COLOURS["software"], label="C library, software (seed)"),
                   Patch(color=COLOURS["hardware"], label="C library + crypto hardware (seed)")]
    ax.legend(handles=legend, fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)
    return True


def kernel_chart(krows, anchors, path):
    bars = []
    for k in sorted(krows, key=lambda k: (k["alg"], k["op"], k["value"])):
        bars.append(("%s %s: %s (%s)" % (k["alg"], k["op"], k["backend"], k["size"]), k["value"],
                     COLOURS["hardware"] if k["backend"] == "mmcau" else COLOURS["ours"]))
        a = anchors.get(key(k["alg"], k["op"]))
        if a and not any(b[0].startswith("%s %s: Mbed" % (k["alg"], k["op"])) for b in bars):
            bars.append(("%s %s: Mbed TLS 3.6 -O2" % (k["alg"], k["op"]), float(a["value"]), COLOURS["anchor"]))
    _log_bars(bars, path, 10, "instructions per byte on the emulated Cortex-M4 (unicorn; not cycles; log scale)",
              "Kernels on the emulated Cortex-M4 beside Mbed TLS 3.6 (tools/emu/thumb_counts.py)",
              (("ours", "mpcrypto kernel"), ("hardware", "mpcrypto mmCAU driver (CPU instructions only)"),
               ("anchor", "Mbed TLS 3.6 -O2, same emulated core")))


# -- the headline: public key on the emulated core -----------------------------------------------

# (algorithm, operation, target): the public-key rows set beside the C libraries measured on the
# same emulated Cortex-M4 (report/reference/peers_emulated_m4.csv), with the project's target for
# each (issue 28): instructions per operation, or ("x", alg, op, 3) for at most three times the
# named 256-bit sibling of this run.
HEADLINE = (
    ("ECDSA secp256r1", "sign", 1.0e6),
    ("ECDSA secp256r1", "verify", 1.0e6),
    ("ECDH secp256r1", "agreement", 0.9e6),
    ("X25519", "agreement", 0.5e6),
    ("Ed25519", "sign", 0.4e6),
    ("Ed25519", "verify", 1.0e6),
    ("RSA-2048", "private", 16e6),
    ("RSA-2048", "public", 0.45e6),
    ("ECDSA secp384r1", "sign", ("x", "ECDSA secp256r1", "sign", 3)),
    ("ECDSA secp384r1", "verify", ("x", "ECDSA secp256r1", "verify", 3)),
    ("Ed448", "sign", ("x", "Ed25519", "sign", 3)),
    ("Ed448", "verify", ("x", "Ed25519", "verify", 3)),
    ("X448", "agreement", ("x", "X25519", "agreement", 3)),
)


def head_value(e):
    """The figure a headline row compares: the median of three single calls where the row has
    it (the method of the C libraries' reference figures), else the mean."""
    return e["median"] if e.get("median") else e["norm"]


def headline(fams):
    """The headline rows of an instruction-count run: per HEADLINE entry found in this run,
    (alg, op, our best entry, {peer: reference entry}, target in instructions or None)."""
    groups = {}
    for gs in fams.values():
        for g in gs:
            groups.setdefault(key(g["algorithm"], g["operation"]), g)

    def ours(alg, op):
        g = groups.get(key(alg, op))
        es = [e for e in g["ours"] if e["norm"] and not e["builtin"]] if g else []
        return min(es, key=head_value) if es else None

    out = []
    for alg, op, tgt in HEADLINE:
        best = ours(alg, op)
        if best is None or best["unit"] != "insns/op":
            continue
        if isinstance(tgt, tuple):
            sib = ours(tgt[1], tgt[2])
            tgt = head_value(sib) * tgt[3] if sib else None
        peers = {e["who"]: e for e in groups[key(alg, op)]["refs"] if e["unit"] == "insns/op"}
        out.append((alg, op, best, peers, tgt))
    return out


def headline_chart(rows, path):
    bars = []
    for alg, op, best, peers, _ in rows:
        head = "%s %s" % (alg, op)
        bars.append(("%s: mpcrypto %s" % (head, best["backend"]), head_value(best), COLOURS["ours"]))
        for who_, e in sorted(peers.items(), key=lambda kv: kv[1]["norm"]):
            bars.append(("%s: %s" % (head, who_), e["norm"],
                         COLOURS["anchor"] if who_.startswith("Mbed TLS") else COLOURS["software"]))
    if not bars:
        return False
    _log_bars(bars, path, 11,
              "instructions per operation (QEMU mps2-an386 Cortex-M4, -icount shift=0; shorter is faster; log scale)",
              "Public key on one emulated Cortex-M4: mpcrypto frozen in MicroPython beside C libraries",
              (("ours", "mpcrypto (this run, library frozen)"),
               ("software", "C library, assembly or C, -O2 (same emulated core)"),
               ("anchor", "Mbed TLS 3.6 -O2 (same emulated core)")))
    return True


def headline_markdown(rows, chart_name=None):
    L = ["## Headline: public key on the emulated Cortex-M4", ""]
    L.append("Instructions per operation through the public API, this run (the library frozen in the firmware, "
             "`-icount shift=0`), beside C libraries built `-O2 -mcpu=cortex-m4`, bare metal, on the same QEMU "
             "machine (`report/reference/peers_emulated_m4.csv`; their method in `report/measurements.md`). "
             "Instructions, not cycles. *mpcrypto*: the median of three single calls after the warm-up (the "
             "heap collected before each), the method of the C libraries' figures; *mean*: the bench's mean over repeated calls, the garbage "
             "collector's runs included. *target*: the project's goal for the row (issue 28): a count, or three "
             "times the 256-bit sibling's count of this run; *met* compares the median.")
    L.append("")
    if chart_name:
        L.append("![headline](charts/%s.png)" % chart_name)
        L.append("")
    peers = []
    for _, _, _, p, _ in rows:
        peers += [w for w in p if w not in peers]
    peers.sort(key=lambda w: (w.startswith("Mbed TLS"), w))  # the anchor last
    L.append("| operation | mpcrypto | mean | heap bytes | %s | target | met |" % " | ".join(peers))
    L.append("|---|---|---|---|%s---|---|" % ("---|" * len(peers)))
    for alg, op, best, p, tgt in rows:
        cells = [fmt(p[w]["norm"]) if w in p else "" for w in peers]
        v = head_value(best)
        L.append("| %s %s | %s (%s) | %s | %s | %s | %s | %s |" % (
            alg, op, fmt(v), best["backend"], fmt(best["norm"]), best["heap"] if best["heap"] is not None else "-",
            " | ".join(cells), fmt(tgt) if tgt else "-", ("yes" if v <= tgt else "no") if tgt else "-"))
    L.append("")
    return L


# -- the Markdown -------------------------------------------------------------------------------


def kernel_rows(rows):
    """thumb_counts.py rows on cortex-m4 in our benchmark names (per byte only)."""
    out = []
    for r in rows:
        if r.get("script") != "thumb_counts.py" or r.get("unit") != "insns/byte" or r.get("core", "cortex-m4") != "cortex-m4":
            continue
        alg, op = r["algorithm"], r["operation"]
        size = r.get("bytes_per_call") or r.get("bytes")
        m = re.match(r"(ECB|CBC|CTR)(?: (encrypt|decrypt))?$", op)
        if alg.startswith("AES-") and m:
            alg, op = "%s-%s" % (alg, m.group(1)), m.group(2) or "encrypt"
        elif alg.startswith("SHA-") and op.startswith("compress"):
            op = "hash"
        elif alg == "GHASH":
            pass
        else:
            continue
        out.append({"alg": alg, "op": op, "backend": r["backend"], "kernel": r.get("kernel", ""), "value": float(r["value"]),
                    "size": "%d B" % size if size else "per block", "bytes": size})
    return out


def kernel_pick(krows, anchors):
    """The rows set beside an anchor (at the anchor's bytes per call: AES at 1 KiB, SHA-2 at
    16 KiB), the per-block viper/mmCAU kernels of the same algorithms, and GHASH at 1 KiB;
    AES-192/256 and the other sizes stay in the JSON lines."""
    out = []
    for k in krows:
        a = anchors.get(key(k["alg"], k["op"]))
        want = 16384 if (a and "16 KiB" in a["note"]) else 1024
        if k["alg"].startswith(("AES-192", "AES-256")) or (k["bytes"] and k["bytes"] != want):
            continue
        out.append(k)
    return out


def markdown(rows, refs, target, fams, charts, kernel_chart_name=None, when=None):
    L = []
    L.append("# mpcrypto benchmark report")
    L.append("")
    L.append("Generated by `tools/bench/report.py` (`make report`)%s from %d measurements of %d bench scripts." % (
        (" on " + when) if when else "", sum(1 for r in rows if r.get("script") != "thumb_counts.py"),
        len({r.get("script") for r in rows if r.get("script") != "thumb_counts.py"})))
    L.append("")
    L.append("- Target: **%s**; chip/CPU: %s; runtime: %s (%s, %s)." % (
        target.name, target.chip or "?", target.implementation, target.machine, target.emitters or "emitters ?"))
    if target.mode == "cycles":
        L.append("- Normalised as **cycles** = clock x time, clock %s from %s. A row with `cycles_per_call` "
                 "(the DWT counter, `modules/mpbench.py`) is used as measured." % (target.clock_text(), target.clock_source))
        L.append("- The C libraries' rows (`report/reference/`, typed in from `../shared/seeds/`): their own clock x their "
                 "time (MB/s, KiB/s, ms), or the cycles per byte the seed prints.")
    elif target.mode == "insns":
        L.append("- Normalised as **instructions**: the target is an emulated core run with `-icount shift=0` "
                 "(one instruction per virtual nanosecond, so 1 MB/s is 1000 instructions per byte). Instructions "
                 "are not cycles: only instruction counts stand beside them (Mbed TLS 3.6 -O2 on the same emulated core).")
    else:
        L.append("- **no clock** is known for this target (give `--clock-mhz` or `--board`): values stay in their own "
                 "units and nothing is normalised.")
        if target.platform == "qemu":
            L.append("- The target is an emulator run without `-icount`: its times are the host's wall clock "
                     "(`make emulate BOARD=qemu-m4 ICOUNT=1` makes them instruction counts).")
    L.append("- Columns: *who* (our backend, MicroPython's own C code, or the library and its version), *where* "
             "(board, chip, CPU), *clock*, *hardware* (the crypto block a row used, or none), *same chip* (as the "
             "target's), the value in its own unit, the normalised value, and *x best* = our fastest backend's "
             "normalised value / this row's (above 1: this row needs fewer per byte or per operation than our best).")
    L.append("")
    if target.mode == "insns":
        hl = headline(fams)
        if hl:
            L += headline_markdown(hl, "headline" if "headline" in charts else None)
    L.append("## Which backend to choose")
    L.append("")
    for fam in sorted(fams):
        wins, total = recommend(fams[fam])
        if total:
            order = sorted(wins.items(), key=lambda kv: -kv[1])
            L.append("- **%s**: %s." % (fam, ", ".join("`%s` fastest in %d of %d rows" % (b, n, total) for b, n in order)))
    L.append("")
    for fam in sorted(fams):
        L.append("## %s (`bench/bench_%s.py`)" % (fam, fam))
        L.append("")
        if fam in charts:
            L.append("![%s](charts/%s.png)" % (fam, fam))
            L.append("")
        L.append("| algorithm | operation | who | where | clock | hardware | same chip | value | normalised | unit | x best |")
        L.append("|---|---|---|---|---|---|---|---|---|---|---|")
        for g in fams[fam]:
            best = best_ours(g)
            for e in g["ours"] + sorted(g["refs"], key=lambda e: e["norm"]):
                x = "%.2f" % (best / e["norm"]) if best and e["norm"] else "-"
                L.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                    g["algorithm"], g["operation"], e["who"], e["where"], e["clock"], e["hardware"], e["same"],
                    e["value"], fmt(e["norm"]), e["unit"] or "-", x))
        L.append("")
    anchors = {key(r["algorithm"], r["operation"]): r for r in refs if r["file"] == "mbedtls_emulated_m4_anchors.csv"}
    kr = kernel_pick(kernel_rows(rows), anchors)
    if kr:
        L.append("## Emulated Cortex-M4: kernel instructions (`tools/emu/thumb_counts.py`)")
        L.append("")
        L.append("Our Thumb-2, viper and mmCAU kernels' machine code on unicorn's Cortex-M4 (exact counts, entry and "
                 "exit included; the public API's Python call not included), beside Mbed TLS 3.6 -O2 on the same "
                 "emulated core (the anchor build). Instructions, never cycles; the `mmcau` rows count the CPU's "
                 "instructions only (the CAU coprocessor's own cycles are not instructions; its register model "
                 "is `tools/emu/kinetis_model.py`).")
        L.append("")
        if kernel_chart_name:
            L.append("![kernels](charts/%s.png)" % kernel_chart_name)
            L.append("")
        L.append("| algorithm | operation | who | kernel | bytes per call | insns/byte | Mbed TLS 3.6 -O2 insns/byte | x Mbed TLS |")
        L.append("|---|---|---|---|---|---|---|---|")
        for k in sorted(kr, key=lambda k: (k["alg"], k["op"], k["value"])):
            a = anchors.get(key(k["alg"], k["op"]))
            L.append("| %s | %s | mpcrypto %s | `%s` | %s | %s | %s | %s |" % (
                k["alg"], k["op"], k["backend"], k["kernel"], k["size"], fmt(k["value"]),
                a["value"] + " (" + a["note"].replace("instructions per byte ", "") + ")" if a else "-",
                "%.2f" % (float(a["value"]) / k["value"]) if a else "-"))
        L.append("")
    L.append("## Reference data")
    L.append("")
    L.append("| file | library | version | board | chip | CPU | clock | compiler | rows |")
    L.append("|---|---|---|---|---|---|---|---|---|")
    seen = {}
    for r in refs:
        k = (r["file"], r["library"], r["version"], r["board"])
        seen.setdefault(k, [r, 0])[1] += 1
    for (f, lib, ver, board), (r, n) in seen.items():
        L.append("| `%s` | %s | %s | %s | %s | %s | %s | %s | %d |" % (
            f, lib, ver, board, r["chip"], r["cpu"], (r["clock_mhz"] + " MHz") if r["clock_mhz"] else "emulated",
            r["compiler"], n))
    L.append("")
    L.append("Every row's seed table is in its `source` column; `host_tests/test_report.py` checks each value "
             "appears verbatim there. Cross-chip rows compare implementations per clock cycle, not boards: memory "
             "wait states, caches and compilers differ.")
    L.append("")
    return "\n".join(L)


# -- running the benchmarks ---------------------------------------------------------------------


class Progress:
    """One status line on a terminal: which benchmark, rows done, time left."""

    def __init__(self, scripts, timings, stream=sys.stderr):
        self.scripts = scripts
        self.timings = timings
        self.stream = stream
        self.tty = stream.isatty()
        self.t0 = time.monotonic()
        self.done_time = 0.0

    def _left(self, i, elapsed_script):
        known = [self.timings.get(s.name, {}).get("seconds") for s in self.scripts]
        done = self.done_time
        avg = done / i if i else None
        rest = 0.0
        for j in range(i, len(self.scripts)):
            t = known[j] if known[j] is not None else avg
            if t is None:
                return None
            rest += t if j > i else max(t - elapsed_script, 0)
        return rest

    def update(self, i, rows, started):
        if not self.tty:
            return
        s = self.scripts[i]
        el = time.monotonic() - started
        exp = self.timings.get(s.name, {}).get("rows")
        left = self._left(i, el)
        msg = "[%d/%d] %-18s rows %d%s  %s elapsed  %s" % (
            i + 1, len(self.scripts), s.name, rows, "/%d" % exp if exp else "", _mmss(time.monotonic() - self.t0),
            ("~%s left" % _mmss(left)) if left is not None else "time left: after the first script")
        self.stream.write("\r" + msg[:110].ljust(110))
        self.stream.flush()

    def finish(self, i, seconds):
        self.done_time += seconds

    def close(self):
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


def _mmss(s):
    s = int(s)
    return "%d:%02d" % (s // 60, s % 60)


def run(scripts, target, out_jsonl, log_path, timings_path, frozen=False):
    from tools.bench import run_bench

    # A board whose firmware has the library frozen gets only the bench helpers mounted
    # (run_bench.py --frozen): the frozen library is what is measured, and the board's heap
    # is not spent compiling the library from source.
    mount = run_bench._helpers_dir() if frozen and target != "unix" else None

    try:
        timings = json.loads(pathlib.Path(timings_path).read_text())
    except (OSError, ValueError):
        timings = {}
    env = dict(os.environ, MICROPYPATH=str(ROOT / "modules"))
    prog = Progress(scripts, timings)
    failed = []
    state = {"i": 0, "n": 0, "started": time.monotonic(), "running": True}
    if prog.tty:
        import threading

        def tick():  # the clock moves while a script is silent (one EC curve can take seconds)
            while state["running"]:
                time.sleep(1)
                if state["running"]:
                    prog.update(state["i"], state["n"], state["started"])

        threading.Thread(target=tick, daemon=True).start()
    with open(out_jsonl, "w") as out, open(log_path, "w") as log:
        for i, script in enumerate(scripts):
            started = time.monotonic()
            n = 0
            state.update(i=i, n=0, started=started)
            prog.update(i, n, started)
            log.write("=" * 8 + " %s " % script.name + "=" * 8 + "\n")
            p = subprocess.Popen(run_bench.command(script, target, mount), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                 text=True, env=env, cwd=ROOT)
            for line in p.stdout:
                if line.startswith("BENCH "):
                    rec = json.loads(line[6:])
                    rec["script"] = script.name
                    out.write(json.dumps(rec) + "\n")
                    out.flush()
                    n += 1
                    state["n"] = n
                    prog.update(i, n, started)
                else:
                    log.write(line)
            rc = p.wait()
            secs = time.monotonic() - started
            prog.finish(i, secs)
            if rc != 0:
                failed.append(script.name)
            else:
                timings[script.name] = {"seconds": round(secs, 1), "rows": n}
    state["running"] = False
    prog.close()
    if mount:
        shutil.rmtree(mount, ignore_errors=True)
    pathlib.Path(timings_path).write_text(json.dumps(timings, indent=1) + "\n")
    return failed


def thumb_count_rows():
    p = subprocess.run([sys.executable, "-m", "tools.emu.thumb_counts", "--cores", "cortex-m4"],
                       capture_output=True, text=True, check=True, cwd=ROOT)
    return [json.loads(line) for line in p.stdout.splitlines() if line.strip()]


def render(rows, out_dir, target, readme_chart=None, when=None, charts_on=True, flash_md=None):
    out_dir = pathlib.Path(out_dir)
    (out_dir / "charts").mkdir(parents=True, exist_ok=True)
    refs = load_reference()
    fams = build(rows, refs, target)
    charts = set()
    for fam, groups in fams.items():
        if charts_on and (target.mode or target.unix) and chart(fam, groups, target, out_dir / "charts" / ("%s.png" % fam)):
            charts.add(fam)
    kname = None
    anchors = {key(r["algorithm"], r["operation"]): r for r in refs if r["file"] == "mbedtls_emulated_m4_anchors.csv"}
    kr = kernel_pick(kernel_rows(rows), anchors)
    if kr and charts_on:
        kname = "emulated_m4_kernels"
        kernel_chart(kr, anchors, out_dir / "charts" / ("%s.png" % kname))
    if charts_on and target.mode == "insns" and headline_chart(headline(fams), out_dir / "charts" / "headline.png"):
        charts.add("headline")
    md = markdown(rows, refs, target, fams, charts, kname, when)
    if flash_md:
        md = md.rstrip("\n") + "\n\n" + flash_md
    (out_dir / "report.md").write_text(md)
    # The README's chart: the headline of an emulated run (instructions on one core); a
    # family's chart only when asked for by name. A unix-port run leaves it alone: its
    # charts are ratios to MicroPython's built-ins, nothing a board user can compare.
    pick = ("headline" if "headline" in charts else None) if readme_chart is None else readme_chart
    if pick and pick in charts and not target.unix:
        shutil.copyfile(out_dir / "charts" / ("%s.png" % pick), out_dir / "readme_chart.png")
    return md


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scripts", nargs="*", help="bench scripts (default: every bench/bench_*.py)")
    ap.add_argument("--target", default="unix", help="'unix' or a serial port (mpremote)")
    ap.add_argument("--board", default=None, help="boards/<NAME>/board.json: clock and chip (e.g. frdm-k64f, qemu-m4)")
    ap.add_argument("--icount", action="store_true", help="the target is qemu run with -icount shift=0: time is instructions")
    ap.add_argument("--clock-mhz", type=float, default=None, help="the target's clock (overrides the rows and board.json)")
    ap.add_argument("--from-jsonl", default=None, help="render these saved JSON lines; run nothing")
    ap.add_argument("--frozen", action="store_true", help="the board's firmware has mpcrypto frozen in")
    ap.add_argument("--thumb-counts", action="store_true", help="add tools/emu/thumb_counts.py's emulated Cortex-M4 kernel rows")
    ap.add_argument("--out", default=str(ROOT / "report"), help="output folder (report.md, charts/)")
    ap.add_argument("--no-charts", action="store_true", help="the Markdown only")
    ap.add_argument("--flash", default=None,
                    help="a firmware build folder (build/<board>): add its flash per family (tools/bench/flash.py)")
    ap.add_argument("--readme-chart", default=None,
                    help="the chart copied to readme_chart.png (default: the headline of an -icount run; '' none)")
    args = ap.parse_args(argv)
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    board = board_json(args.board)
    failed = []
    if args.from_jsonl:
        with open(args.from_jsonl) as f:
            rows = [json.loads(line) for line in f if line.strip()]
        when = None
    else:
        scripts = [pathlib.Path(s).resolve() for s in args.scripts] or sorted((ROOT / "bench").glob("bench_*.py"))
        jsonl = out / "bench-results.jsonl"
        failed = run(scripts, args.target, jsonl, out / "bench-log.txt", out / ".timings.json", args.frozen)
        with open(jsonl) as f:
            rows = [json.loads(line) for line in f if line.strip()]
        if args.thumb_counts:
            extra = thumb_count_rows()
            with open(jsonl, "a") as f:
                for r in extra:
                    f.write(json.dumps(dict(r, script="thumb_counts.py")) + "\n")
            rows += [dict(r, script="thumb_counts.py") for r in extra]
        when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    target = Target(rows, board, args.icount, args.clock_mhz, args.target)
    flash_md = None
    if args.flash:
        total, fams, mods = flash.measure(args.flash)
        flash_md = flash.markdown(total, fams, mods, args.flash)
    render(rows, out, target, args.readme_chart, when, not args.no_charts, flash_md)
    if sys.stdout.isatty() or not args.from_jsonl:
        print("report written to %s (%d rows)" % (out / "report.md", len(rows)))
    if failed:
        print("FAILED:", ", ".join(failed), "(see %s)" % (out / "bench-log.txt"))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
