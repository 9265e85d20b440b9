"""Heap per operation on a device running a firmware with the library frozen.

    python -m tools.bench.heap_report --target /dev/pts/N [--holes] [OP ...]

For each operation (default: every one of host_tests/test_heap.py), in a soft-reset
interpreter, host_tests/mp/drv_heap.py (sent as the script itself: nothing is mounted, so
the frozen library is what runs) reports the bytes in use after import and key set-up, the
bytes allocated by the first and by a later operation with the collector off (all they
allocate, garbage included: an upper bound of the peak), what the first one keeps (cached
tables) and so its garbage, and whether both still run when no free block of the heap is
larger than about 4 KB. With ``--holes`` the holes are narrowed (2048, 1024, 512 bytes):
the smallest that still works bounds the largest block the operation asks for. The
collector-off figures need a firmware with a large heap (1 MB or more), the hole test one
with the budget's heap (96 KB); run the report on both. Prints a Markdown table.
"""

import argparse
import sys

from tools import host_module


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--target", required=True)
    ap.add_argument("--holes", action="store_true", help="narrow the hole size down to 512 bytes")
    ap.add_argument("ops", nargs="*")
    args = ap.parse_args(argv)
    DeviceTarget = host_module("harness").DeviceTarget
    test_heap = host_module("test_heap")
    OPS, device_heap, on_device = test_heap.OPS, test_heap.device_heap, test_heap.on_device

    dev = DeviceTarget(args.target)
    print("Heap: %s bytes in all after import of the frozen library\n" % device_heap(dev))
    print("| operation | in use after import | first op allocates | of which kept | first op garbage"
          " | later op allocates | runs in holes of |")
    print("|---|---|---|---|---|---|---|")
    for op in args.ops or OPS:
        a = on_device(dev, op, "alloc")
        if isinstance(a, tuple):
            used, first, later, kept = a
            cols = "%d | %d | %d | %d | %d" % (used, first, kept, first - kept, later)
        else:
            cols = "- | %s | - | - | -" % a
        f = on_device(dev, op, "frag:4096")
        if isinstance(f, tuple):
            fits = "4 KB"
            for hole in ((2048, 1024, 512) if args.holes else ()):
                if not isinstance(on_device(dev, op, "frag:%d" % hole), tuple):
                    break
                fits = "%d B" % hole
        else:
            fits = "no: %s" % f
        print("| %s | %s | %s |" % (op, cols, fits), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
