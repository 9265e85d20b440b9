"""Summarise bench-results.jsonl: every measurement, and its ratio to the reference.

    python -m tools.bench.bench_report [bench-results.jsonl]

For each (algorithm, operation) the rows of every backend are listed with the value and heap
bytes; where a reference row (``"reference": true``: MicroPython's own C code called directly,
measured in the same run) exists, each
backend's ratio to it is printed, as throughput ratio for ``MB/s`` and as speed ratio
(reference time / our time) for ``ms``. Only the JSON lines are read.
"""

import json
import sys

from tools import ROOT


def load(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def ratio(rec, ref):
    if ref is None or not ref["value"]:
        return None
    if rec["unit"] == "ms":
        return ref["value"] / rec["value"]
    return rec["value"] / ref["value"]


def report(rows):
    groups = {}
    for r in rows:
        groups.setdefault((r["algorithm"], r["operation"]), []).append(r)
    lines = ["%-22s %-8s %-10s %12s %-5s %10s %8s" % ("algorithm", "op", "backend", "value", "unit", "heap B", "x ref")]
    # heap_bytes: None where a row does not measure it (one-shot timings such as RSA key
    # generation), -1 where one call needs more than the heap holds (mpbench).
    for (alg, op), recs in groups.items():
        ref = next((r for r in recs if r.get("reference")), None)
        for r in recs:
            x = ratio(r, ref)
            heap = r.get("heap_bytes")
            lines.append("%-22s %-8s %-10s %12.3f %-5s %10s %8s" % (
                alg, op, r["backend"] + ("*" if r.get("reference") else ""), r["value"], r["unit"],
                "-" if heap is None else "%d" % heap, "" if x is None else "%.2f" % x))
    lines.append("* reference: MicroPython's own C code, called directly")
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(load(sys.argv[1] if len(sys.argv) > 1 else ROOT / "bench-results.jsonl")))
