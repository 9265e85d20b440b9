# MicroPython side of tools/emu/kinetis_emu.py's Bridge (runs on the unix port, not CPython).
#
# call(name, *args) sends one line to the host: "@@EMU name spec hex0 hex1 ...", where spec
# lists the arguments ("i<int>" or "b<k>", the k-th distinct buffer object) and hex<k> is
# that buffer's bytes. The host runs the real kinetis_asm machine code on its emulated
# Kinetis and answers "@@RET r0 hex0 hex1 ..." (the buffers after the call) or "@@ERR why".
# A buffer that came back changed is written back in place; one that cannot be written
# (bytes, a read-only memoryview) raises: the machine code wrote into an input.
import sys
import uctypes
from binascii import hexlify, unhexlify


def _writable(b):
    if type(b) is bytes:
        return False
    try:
        memoryview(b)[0:0] = b""
    except TypeError:
        return False
    except ValueError:
        pass  # wider items: writable
    return True


def call(name, *args):
    bufs = []
    spec = []
    for a in args:
        if type(a) is int:
            spec.append("i%d" % a)
            continue
        k = 0
        while k < len(bufs) and bufs[k] is not a:
            k += 1
        if k == len(bufs):
            bufs.append(a)
        spec.append("b%d" % k)
    parts = ["@@EMU", name, ",".join(spec) or "-"]
    for b in bufs:
        parts.append(hexlify(bytes(b)).decode() or "-")
    print(" ".join(parts))
    reply = sys.stdin.readline().split()
    if not reply or reply[0] != "@@RET":
        raise OSError("emulator: %s" % " ".join(reply))
    for b, h in zip(bufs, reply[2:]):
        new = unhexlify(h) if h != "-" else b""
        if new != bytes(b):
            if not _writable(b):
                raise TypeError("%s wrote into a read-only buffer" % name)
            uctypes.bytearray_at(uctypes.addressof(b), len(new))[:] = new
    return int(reply[1])
