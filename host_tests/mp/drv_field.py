# Driver for the viper prime-field kernels (mpcrypto.ec.field_viper_<N>): runs one field
# program over given operands and returns the slots as ints, so the host can compare every
# operation with Python integers.
def run_ops(p, ops, values):
    # ops: (op, dst, x, y) with slots >= 3; values: ints (already < p) for slots 3, 4, ...
    from mpcrypto.ec.curves import _bits

    n = (_bits(p) + 15) // 16
    mod = __import__("mpcrypto.ec.field_viper_%d" % n, None, None, ("run",))
    run = mod.run
    st = mod.STRIDE
    nslots = 3 + len(values) + 8
    mem = bytearray(st * nslots)
    mem[0:st] = p.to_bytes(st, "little")
    for i, v in enumerate(values):
        mem[(3 + i) * st:(4 + i) * st] = v.to_bytes(st, "little")
    inv = 1
    for _ in range(5):
        inv = inv * (2 - p * inv) & 0xFFFF
    prog = bytearray()
    for op in ops:
        prog.extend(bytes(op))
    run(0, 0, 0, prog, len(ops), mem, (-inv) & 0xFFFF)
    return [int.from_bytes(mem[i * st:(i + 1) * st], "little") for i in range(3, nslots)]
