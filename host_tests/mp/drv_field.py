# Driver for the prime-field kernels (mpcrypto.ec.field.v16_<N>, v32_<N>, thumb_umaal): runs
# one field program over given operands and returns the slots as ints, so the host can
# compare every operation with Python integers.
def wordbits():
    from mpcrypto.ec.field.engine import wordbits

    return wordbits()


def has_asm():
    from mpcrypto.ec.field.engine import asm_module

    return asm_module() is not None


def has_module(name):
    # Whether the firmware has mpcrypto.ec.field.<name>.
    try:
        __import__("mpcrypto.ec.field." + name)
    except ImportError:
        return False
    return True


def run_ops(p, ops, values, kernel=None, asm=False):
    # ops: (op, dst, x, y) with slots >= 3; values: ints (already < p) for slots 3, 4, ...
    # kernel: a module name in mpcrypto.ec.field ("v16_16", "v32_8", "v16_p256", ...); default:
    # the 16-bit kernel that fits p. asm: the program run by thumb_umaal's runner for the
    # kernel's slot size (ARM cores with UMAAL). Returns the slots from 3 on, and the bits of R
    # (the Montgomery radix).
    from mpcrypto.ec.curves import _bits

    # Where a firmware leaves the v16_<N> modules out (manifest_dsp.py), asm runs the program
    # on the engine's Shape of that size.
    if kernel is None:
        kernel = "v16_%d" % ((_bits(p) + 15) // 16)
    try:
        mod = __import__("mpcrypto.ec.field." + kernel, None, None, ("run",))
    except ImportError:
        if not (asm and kernel[4:].isdigit()):
            raise
        from mpcrypto.ec.field import engine

        mod = engine.Shape(int(kernel[4:]))
    run = mod.run
    st = mod.STRIDE
    lb = mod.LIMB_BITS
    nslots = 3 + len(values) + 8
    mem = bytearray(st * nslots)
    mem[0:st] = p.to_bytes(st, "little")
    for i, v in enumerate(values):
        mem[(3 + i) * st:(4 + i) * st] = v.to_bytes(st, "little")
    msk = (1 << lb) - 1
    inv = 1
    for _ in range(5):
        inv = inv * (2 - p * inv) & msk
    prog = bytearray()
    for op in ops:
        prog.extend(bytes(op))
    mm = actx = None
    rbits = lb * mod.N
    if asm:
        from mpcrypto.ec.field.engine import _asm_run, accel

        mm, actx, rbits = accel(mod, mem, p)
        if mm is None:
            raise NotImplementedError("no assembler runner on this target")
        run = _asm_run
    run(0, 0, 0, prog, len(ops), mem, (-inv) & msk, mm, actx)
    return [int.from_bytes(mem[i * st:(i + 1) * st], "little") for i in range(3, nslots)], rbits
