# Driver for the heap test (host_tests/test_heap.py): runs one public operation in a fresh
# interpreter and reports what it costs the heap. Runs on MicroPython.
import gc


def _builder(op):
    # op -> function returning (fn, args): imports and key objects are made in it (counted
    # as "after import"), the operation is fn(*args).
    kind, _, arg = op.partition(":")
    if kind in ("ecdsa_sign", "ecdsa_verify", "ecdh", "sm2_sign", "sm2_verify"):
        def build():
            from mpcrypto.ec import ec

            c = ec._curve(arg)
            key = ec.derive_private_key(0x1234567890ABCDEF1234567890ABCDEF % (c.n - 2) + 1, c)
            if kind == "ecdh":
                peer = ec.derive_private_key(0xFEDCBA987654321, c).public_key()
                return key.exchange, (peer,)
            if kind == "ecdsa_sign":
                return key.sign, (b"message",)
            if kind == "sm2_sign":
                from mpcrypto.ec import sm2

                return sm2.sign, (key, b"message", sm2.DEFAULT_UID, _fixed_rng)
            pub = ec.from_encoded_point(c, key.public_key().public_bytes())
            if kind == "sm2_verify":
                from mpcrypto.ec import sm2

                sig = sm2.sign(key, b"message", rng=_fixed_rng)
                return sm2.verify, (pub, sig, b"message")
            sig = key.sign(b"message")
            return pub.verify, (sig, b"message")
        return build
    if kind in ("ed25519", "ed448"):
        def build():
            if kind == "ed25519":
                from mpcrypto.ec.ed25519 import Ed25519PrivateKey as K
                size = 32
            else:
                from mpcrypto.ec.ed448 import Ed448PrivateKey as K
                size = 57
            key = K.from_private_bytes(bytes(range(size)))
            if arg == "sign":
                return key.sign, (b"message",)
            pub = type(key.public_key()).from_public_bytes(key.public_key().public_bytes_raw())
            return pub.verify, (key.sign(b"message"), b"message")
        return build
    if kind in ("x25519", "x448"):
        def build():
            if kind == "x25519":
                from mpcrypto.ec.x25519 import X25519PrivateKey as K
                size = 32
            else:
                from mpcrypto.ec.x448 import X448PrivateKey as K
                size = 56
            key = K.from_private_bytes(bytes(range(1, size + 1)))
            peer = K.from_private_bytes(bytes(range(2, size + 2))).public_key()
            return key.exchange, (peer,)
        return build
    if kind in ("gcm", "ccm"):
        def build():
            if kind == "gcm":
                from mpcrypto.aead.gcm import AESGCM as A
            else:
                from mpcrypto.aead.ccm import AESCCM as A
            box = A(bytes(16))
            return box.encrypt, (bytes(12), bytes(1024), b"header")
        return build
    if kind == "hash":
        def build():
            if arg in ("sha224", "sha256"):
                from mpcrypto.hash import sha256 as m
            elif arg == "sm3":
                from mpcrypto.hash import sm3 as m
            elif arg.startswith("sha3_"):
                from mpcrypto.hash import sha3 as m
            elif arg.startswith("shake_"):
                from mpcrypto.hash import shake as m
            else:
                from mpcrypto.hash import sha512 as m
            h = getattr(m, arg)

            def run(data):
                if arg.startswith("shake_"):
                    return h(data).digest(114)  # Ed448's use of SHAKE256
                return h(data).digest()

            return run, (bytes(1024),)
        return build
    if kind == "hmac":
        def build():
            from mpcrypto.mac import hmac

            def run(data):
                return hmac.new(bytes(32), data, digestmod=arg).digest()

            return run, (bytes(1024),)
        return build
    raise ValueError(op)


def _fixed_rng(n):
    return bytes(range(7, 7 + n))


def _fragment(hole):
    # Fill the free heap with blocks of ``hole`` bytes each followed by a tiny pinned
    # object, then free the blocks: no free run is longer than about ``hole`` bytes, so
    # any larger allocation fails (MemoryError) while the heap's capacity stays.
    gc.collect()
    n = gc.mem_free() // hole + 2
    holes = [None] * n
    pins = [None] * n
    i = 0
    try:
        while i < n:
            holes[i] = bytearray(hole)
            pins[i] = bytearray(1)
            i += 1
    except MemoryError:
        pass
    for j in range(i - 1):  # the last hole stays: it borders the heap's free tail
        holes[j] = None
    gc.collect()
    return pins, holes


_held = []  # what _cap pins, for the rest of the script


def _cap(heap):
    # On a heap larger than ``heap`` bytes, pin blocks of at most 16 KB (less where the free
    # runs are shorter) until no more is free than a ``heap``-byte heap would have free (a
    # firmware with a larger heap then runs the budget's test).
    gc.collect()
    room = heap - gc.mem_alloc()
    size = 16384  # halved when no free run is that long any more
    while gc.mem_free() > room + 64:
        try:
            _held.append(bytearray(min(gc.mem_free() - room, size)))
        except MemoryError:
            if size <= 64:
                break
            size >>= 1


def measure(op, mode):
    # mode "alloc": bytes in use after import (with the key objects), then the bytes
    #   allocated by the first and by a later operation with the collector off (all that
    #   they allocate, garbage included: an upper bound of their peak), and the bytes the
    #   first operation keeps (tables cached for later ones); first - kept is its garbage.
    # mode "frag": after import, the heap is cut into holes of at most ~4 KB; the first and
    #   a later operation must still run (with the collector on). "frag:N": holes of N bytes
    #   (tools/bench/heap_report.py narrows down the largest block an operation asks for);
    #   "frag:N:H": in a heap of H bytes at most (_cap), whatever the firmware's heap.
    gc.collect()
    fn, args = _builder(op)()
    gc.collect()
    used = gc.mem_alloc()
    if mode.startswith("frag"):
        parts = mode.split(":")
        if len(parts) > 2:
            _cap(int(parts[2]))
        pinned = _fragment(int(parts[1]) if len(parts) > 1 and parts[1] else 4096)
        fn(*args)
        fn(*args)
        return used, len(pinned[0])
    gc.disable()
    try:
        a = gc.mem_alloc()
        fn(*args)
        first = gc.mem_alloc() - a
        gc.enable()
        gc.collect()
        kept = gc.mem_alloc() - a
        gc.disable()
        a = gc.mem_alloc()
        fn(*args)
        later = gc.mem_alloc() - a
    finally:
        gc.enable()
    return used, first, later, kept


def many(ops, heap=None):
    # Run every op of ``ops`` (each built, run and dropped in turn) in one interpreter, so
    # the contexts the seam caches per curve (base-point tables) pile up on the heap.
    # Returns (ops run, contexts built, contexts cached at the end): when the cached tables
    # of all the curves do not fit, the seam drops them on MemoryError and retries
    # (the run of _backend.bind), so fewer are cached at the end than were built.
    # ``heap``: as in a heap of that many bytes (_cap).
    from mpcrypto import _backend

    if heap:
        _cap(heap)
    built = 0
    for op in ops:
        before = len(_backend._contexts)
        fn, args = _builder(op)()
        fn(*args)
        fn = args = None
        after = len(_backend._contexts)
        built += max(after - before, 0) if after >= before else after
        gc.collect()
    return len(ops), built, len(_backend._contexts)
