# Driver for the constant-time test (host_tests/test_constant_time.py): runs one operation
# over several secrets with the collector off and returns the elapsed count of each.
#
# The clock: on a Cortex-M whose SysTick runs (MicroPython's qemu port, most boards), the
# SysTick counter read through machine.mem32 with the port's millisecond count, in SysTick
# cycles; elsewhere time.ticks_us(). Under qemu with -icount shift=0 (one instruction per
# nanosecond of virtual time) a cycle of the mps2 boards' 25 MHz SysTick is 40 instructions.
import gc
import time

_CSR = 0xE000E010
_RVR = 0xE000E014
_CVR = 0xE000E018


def _systick():
    try:
        import machine

        m = machine.mem32
        if m[_CSR] & 1:
            return m, (m[_RVR] & 0xFFFFFF) + 1
    except Exception:  # no machine.mem32 (unix port), or no SysTick
        pass
    return None, 0


_M, _PERIOD = _systick()


def _now():
    # (milliseconds, SysTick cycles into this millisecond) read consistently; small ints.
    m = _M
    if m is None:
        return time.ticks_us(), 0
    while True:
        ms = time.ticks_ms()
        c = m[_CVR]
        if time.ticks_ms() == ms:
            return ms, _PERIOD - 1 - c


def _delta(a, b):
    if _M is None:
        return time.ticks_diff(b[0], a[0])
    return time.ticks_diff(b[0], a[0]) * _PERIOD + b[1] - a[1]


def clock():
    """("systick", cycles per ms) or ("ticks_us", 0): what the counts of measure() are."""
    return ("systick", _PERIOD) if _M is not None else ("ticks_us", 0)


def _count(fn, args):
    gc.collect()
    gc.disable()
    try:
        t0 = _now()
        fn(*args)
        t1 = _now()
    finally:
        gc.enable()  # also after a MemoryError: the device lives on between scripts
    return _delta(t0, t1)


def calibrate(n):
    # A fixed piece of interpreted work, timed; on an instruction-counting clock every run
    # gives the same count.
    def work(n):
        acc = 0
        for i in range(n):
            acc += i & 7
        return acc

    return _count(work, (n,))


# -- the operations: name -> builder(secret) returning (function, args) -----------------------

def _p256():
    from mpcrypto.ec import ec

    return ec


def _sha(name):
    def build(secret):
        if name == "sm3":
            from mpcrypto.hash.sm3 import sm3 as h
        elif name in ("sha224", "sha256"):
            from mpcrypto.hash import sha256 as m

            h = getattr(m, name)
        else:
            from mpcrypto.hash import sha512 as m

            h = getattr(m, name)

        def run(data):
            return h(data).digest()

        return run, (secret,)

    return build


def _keccak(name):
    # SHA3-256 of the secret, and SHAKE256 to 114 bytes as Ed448 hashes its secret seed
    # (RFC 8032 §5.2.5): the viper Keccak where the port has it.
    def build(secret):
        if name == "shake256":
            from mpcrypto.hash.shake import shake_256

            def run(data):
                return shake_256(data).digest(114)
        else:
            from mpcrypto.hash.sha3 import sha3_256

            def run(data):
                return sha3_256(data).digest()

        return run, (secret,)

    return build


def _hmac_sha3(secret):
    from mpcrypto.hash.sha3 import sha3_256
    from mpcrypto.mac import hmac

    def run(key):
        return hmac.new(key, b"a fixed public message", digestmod=sha3_256).digest()

    return run, (secret,)


def _hmac(secret):
    from mpcrypto.hash.sha256 import sha256
    from mpcrypto.mac import hmac

    def run(key):
        return hmac.new(key, b"a fixed public message", digestmod=sha256).digest()

    return run, (secret,)


def _rfc6979(secret):
    from mpcrypto.ec import curves, ecdsa
    from mpcrypto.hash.sha256 import sha256

    c = curves.SECP256R1
    digest = sha256(b"message").digest()
    key = _p256().derive_private_key(secret, c)

    def run(key):
        return next(ecdsa.rfc6979_nonces(c, key._db, digest, sha256))

    return run, (key,)


def _ecdh(secret):
    ec = _p256()
    key = ec.derive_private_key(secret, "secp256r1")
    peer = ec.derive_private_key(0x1234567890ABCDEF, "secp256r1").public_key()

    def run(key, peer):
        return key.exchange(peer)

    return run, (key, peer)


def _p256_mul_base(secret):
    ec = _p256()
    ctx = ec._arith(ec._curve("secp256r1"))

    # The viper backend's k*G up to the result on limbs; its conversion to ints is of the
    # public point (the portable backend has no such split).
    return getattr(ctx, "_mul_base", ctx.mul_base), (secret.to_bytes(32, "big"),)


def _ecdsa_s(secret):
    # s = k^-1 (e + r d) mod n on limbs, for secret k = d = the secret (public e, r fixed).
    ec = _p256()
    ctx = ec._arith(ec._curve("secp256r1"))
    kb = secret.to_bytes(32, "big")

    def run(k, d):
        return ctx.ecdsa_s(k, d, 0x1234567890, 0xABCDEF1234567)

    return run, (kb, kb)


def _sm2_s(secret):
    ec = _p256()
    ctx = ec._arith(ec._curve("sm2"))
    kb = secret.to_bytes(32, "big")

    def run(k, d):
        return ctx.sm2_s(k, d, 0xABCDEF1234567)

    return run, (kb, kb)


def _ed_arith(alg):
    from mpcrypto.ec import curves, eddsa

    return eddsa._arith(curves.EDWARDS25519 if alg == "ed25519" else curves.EDWARDS448)


def _ed_scalar(alg, what):
    # The scalar steps of EdDSA signing on limbs: mul_base (k made odd: the parity step),
    # reduce (a hash mod L) and sign_s (S = r + k s mod L), over secret scalars.
    def build(secret):
        ar = _ed_arith(alg)
        if what == "mul_base":
            return ar.mul_base, (secret.to_bytes(ar.nsz, "big"),)
        if what == "reduce":
            return ar.reduce, (secret,)
        kb = secret.to_bytes(ar.nsz, "big")
        return ar.sign_s, (kb, 0x123456789ABCDEF, kb)

    return build


def _x(alg):
    def build(secret):
        if alg == "x25519":
            from mpcrypto.ec.x25519 import X25519PrivateKey as K
        else:
            from mpcrypto.ec.x448 import X448PrivateKey as K
        key = K.from_private_bytes(secret)
        peer = K.from_private_bytes(bytes(range(3, 3 + len(secret)))).public_key()

        def run(key, peer):
            return key.exchange(peer)

        return run, (key, peer)

    return build


def _ghash_thumb(secret):
    # The Thumb-2 GHASH with H = secret, key set-up included, over 4 secret-dependent blocks
    # (the secret repeated, XORed into a fixed state). NotImplementedError off its cores.
    from mpcrypto.mac import ghash_thumb

    if not ghash_thumb.probe():
        raise NotImplementedError("no thumb GHASH on this core")
    y = bytearray(16)
    data = bytes(secret) * 4

    def run(h):
        ghash_thumb.new(h).update(y, data, 4)

    return run, (bytes(secret),)


def _aes_ct_thumb(secret):
    # The bitsliced AES (backend thumb_ct) with the secret as AES-128 key, key set-up
    # included, and CTR over 4 blocks of the secret repeated (2 kernel passes) from a fixed
    # counter. NotImplementedError off its cores.
    from mpcrypto.cipher import aes_ct_thumb

    if not aes_ct_thumb.probe():
        raise NotImplementedError("no thumb_ct AES on this core")
    data = bytes(secret) * 4
    dst = bytearray(64)
    ctr = bytearray(16)

    def run(k):
        ctr[15] = 0
        aes_ct_thumb.new(k).ctr_xor(data, dst, 4, ctr, 16)

    return run, (bytes(secret),)


def _aes_gcm_ct(secret):
    # AES-128-GCM encryption through the public API with AES thumb_ct and GHASH thumb
    # forced: the secret is the key and the plaintext (4 blocks); nonce and AAD fixed.
    from mpcrypto import _backend
    from mpcrypto.mac import ghash_thumb
    from mpcrypto.aead.gcm import AESGCM
    from mpcrypto.cipher import aes_ct_thumb

    if not (aes_ct_thumb.probe() and ghash_thumb.probe()):
        raise NotImplementedError("no thumb_ct AES or thumb GHASH on this core")
    _backend.force("aes", "thumb_ct")
    _backend.force("ghash", "thumb")
    pt = bytes(secret) * 4
    nonce = bytes(12)

    def run(k):
        AESGCM(k).encrypt(nonce, pt, b"")

    return run, (bytes(secret),)



def _forced(prim, mod, name):
    # Pins ``prim`` to backend ``name`` where ``mod`` (its public module) has it here.
    from mpcrypto import _backend

    if name not in mod.backends():
        raise NotImplementedError("no %s %s backend on this core" % (name, prim))
    _backend.force(prim, name)


def _chacha20_thumb(secret):
    # ChaCha20 through the public API on the Thumb-2 kernel: the secret is the key (state
    # set-up included) and 4 blocks of key stream are XORed into fixed data.
    from mpcrypto.cipher import chacha20

    _forced("chacha20", chacha20, "thumb")
    data = bytes(256)
    out = bytearray(256)
    nonce = bytes(12)

    def run(k):
        chacha20.chacha20(k, nonce).encrypt(data, out)

    return run, (bytes(secret),)


def _poly1305_thumb(secret):
    # Poly1305 on the Thumb-2 kernel: the secret is the one-time key (r, s) and the data
    # (64 bytes of the key repeated).
    from mpcrypto.mac import poly1305

    _forced("poly1305", poly1305, "thumb")
    data = bytes(secret) * 2

    def run(k):
        return poly1305.Poly1305.generate_tag(k, data)

    return run, (bytes(secret),)


def _ascon_thumb(secret):
    # Ascon-AEAD128 encryption on the Thumb-2 permutation: the secret is the key and the
    # plaintext (32 bytes); nonce and associated data fixed.
    from mpcrypto.aead.ascon import AsconAEAD128
    from mpcrypto.hash import _ascon

    _forced("ascon", _ascon, "thumb")
    nonce = bytes(16)

    def run(k):
        return AsconAEAD128(k).encrypt(nonce, k + k, b"header")

    return run, (bytes(secret),)


# The MPI engine's fixed-window exponentiation with a secret exponent held as bytes, up to
# its result on limbs: where RSA (each CRT half), DH (y^x) and DSA (g^k) claim constant
# time. The big-integer steps around it (the result's conversion to an integer, CRT
# recombination, blinding, DSA's s) are not claimed.

def _fw_pow(modulus, nbytes):
    shared = []  # one context (its window table) for every secret of the measurement

    def build(secret):
        from mpcrypto.pk import modexp

        nbits = 8 * nbytes
        w = modexp.default_window(nbits)
        if not shared:
            n = modulus()
            shared.append((modexp.context(n, "montgomery", "fw", w), n // 3))
        ctx, base = shared[0]

        def run(eb):
            # modexp.pow_ctx up to the result on limbs: its conversion to an integer
            # (ctx.get) depends on the value and is not claimed.
            ctx.put(modexp.T, base)
            ctx.to_mont(modexp.X, modexp.T)
            modexp.run(ctx, eb, nbits, "fw", w)
            ctx.from_mont(modexp.T, modexp.A)

        return run, (bytes(secret),)

    return build


def _odd_1024():
    # An odd 1024-bit modulus standing for an RSA-2048 prime p: Montgomery's cost depends
    # on its length, not on it being prime.
    return (1 << 1023) | (0x9E3779B97F4A7C15 << 500) | 0xF1


def _ffdhe2048_p():
    from mpcrypto.pk import dh

    return dh.ffdhe(2048).parameter_numbers().p



_OPS = {
    "sha256": _sha("sha256"), "sha384": _sha("sha384"), "sha512": _sha("sha512"), "sm3": _sha("sm3"),
    "hmac_sha256": _hmac, "rfc6979_p256": _rfc6979,
    "sha3_256": _keccak("sha3_256"), "shake256": _keccak("shake256"), "hmac_sha3_256": _hmac_sha3,
    "ecdh_p256": _ecdh, "mul_base_p256": _p256_mul_base, "ecdsa_s_p256": _ecdsa_s,
    "sm2_s": _sm2_s,
    "ed25519_mul_base": _ed_scalar("ed25519", "mul_base"), "ed25519_reduce": _ed_scalar("ed25519", "reduce"),
    "ed25519_sign_s": _ed_scalar("ed25519", "sign_s"),
    "ed448_mul_base": _ed_scalar("ed448", "mul_base"), "ed448_reduce": _ed_scalar("ed448", "reduce"),
    "ed448_sign_s": _ed_scalar("ed448", "sign_s"),
    "x25519": _x("x25519"), "x448": _x("x448"), "ghash_thumb": _ghash_thumb,
    "aes_ct_thumb": _aes_ct_thumb, "aes_gcm_ct": _aes_gcm_ct,
    "chacha20_thumb": _chacha20_thumb, "poly1305_thumb": _poly1305_thumb, "ascon_thumb": _ascon_thumb,
    "fw_pow_1024": _fw_pow(_odd_1024, 128), "fw_pow_2048": _fw_pow(_ffdhe2048_p, 256),
    "fw_pow_2048_k256": _fw_pow(_ffdhe2048_p, 32),
}


def measure(op, secrets, reps=1, orders=None):
    # ``reps`` rounds over the secrets, after one that is not kept (tables, imports, the
    # interpreter's caches); ``orders``: the order of the secrets in each of the reps + 1
    # rounds (lists of indices, chosen by the host; default: as given), so that a secret is
    # not always measured at the same place in a round. In each round an uncounted call with
    # the secret runs right before its counted one, so that every count follows the same kind
    # of work (the interpreter's caches and the heap's layout then look alike for every
    # secret; without it the first secret of a round pays a few thousand instructions more or
    # less, wherever it stands). Returns each secret's counts, in the order of ``secrets``.
    # Nothing is allocated between the counts of one round (the result lists are made in
    # full first, the inner loop runs on a small int, not an iterator): an allocation before
    # the first count of a round only moved the free blocks that count's own allocations
    # find, and the first secret of every round came out a few hundred instructions apart.
    calls = [_OPS[op](s) for s in secrets]
    n = len(calls)
    if orders is None:
        orders = [list(range(n))] * (reps + 1)
    out = [[0] * reps for _ in calls]
    for rnd in range(reps + 1):  # round 0 is not kept: it warms everything up
        order = orders[rnd]
        j = 0
        while j < n:
            i = order[j]
            fn, args = calls[i]
            fn(*args)
            c = _count(fn, args)
            if rnd:
                out[i][rnd - 1] = c
            j += 1
    return out


_ASM_LOOP = """
@micropython.asm_thumb
def _loop(r0):
    label(top)
    sub(r0, r0, 1)
    bne(top)
"""


def calibrate_asm(n):
    # Counts for an asm_thumb loop of n iterations of two instructions (SUBS, BNE), so the
    # host learns instructions per count from two lengths. NotImplementedError where the
    # port has no inline Thumb assembler.
    env = {}
    try:
        exec(_ASM_LOOP, env)
    except Exception:
        raise NotImplementedError("no asm_thumb")
    return _count(env["_loop"], (n,))
