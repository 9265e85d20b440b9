"""The viper kernels of ChaCha20, Poly1305 and Ascon as a Cortex-M runs them: compiled with
``mpy-cross -march=armv7emsp`` and run on emulated Cortex-M3 and M4 cores (unicorn, through
``tools/emu/thumb_emu.py``'s model of the few runtime helpers viper code calls), against
``cryptography`` (ChaCha20, Poly1305) and a 64-bit reference permutation written here from
SP 800-232 §3 (Ascon; checked first against the Ascon team's Ascon-Hash256 KAT).

The unix port's viper words are 64 bits, a Cortex-M's 32 (VIPER.md): the unix-port tests
(test_chacha20poly1305.py, test_ascon.py) cannot see a product or a carry that wraps at
2**32, a missing mask or a sign-extended shift. Here the same machine code a board runs
computes the answers. Poly1305 gets the inputs that push its 13-bit limbs to their bounds
(all-ones keys and messages). Also recorded: the instructions per byte of each kernel at 1 KiB
on the M4 (printed), and that the count is the same for every key, state and data of a
length (no data-dependent branch or address: "constant time, measured" in docs/algorithms.md).
"""

import random
import struct

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms
from cryptography.hazmat.primitives.poly1305 import Poly1305

import emutest

from tools.emu import thumb_emu

CORES = ["cortex-m3", "cortex-m4"]


_unix_only = emutest._unix_only  # overrides conftest's: nothing here needs a target
mpy = emutest.package_mpy  # mpy(rel): modules/mpcrypto/<rel> compiled for armv7emsp


# ---- ChaCha20 ----

def chacha_state(key, counter, nonce):
    return b"expand 32-byte k" + key + struct.pack("<I", counter) + nonce


@pytest.mark.parametrize("core", CORES)
def test_chacha20_xor(core):
    rt = thumb_emu.Runtime(thumb_emu.Core(core))
    xor = rt.load(mpy("cipher/chacha20_viper.py"), "xor", globals={"_LE": 1})
    rnd = random.Random(core)
    counts = {}
    for nb, counter, off in ((1, 0, 0), (2, 7, 1), (3, 0xFFFFFFFF, 0), (1, 0xFFFFFFFE, 3), (16, rnd.randrange(1 << 32), 0)):
        key, nonce = rnd.randbytes(32), rnd.randbytes(12)
        data = rnd.randbytes(off + 64 * nb)
        st = rt.buffer(chacha_state(key, counter, nonce))
        src = rt.buffer(data)
        dst = rt.buffer(bytes(len(data)))
        _, insns = rt.call(xor, st, src, dst, off, nb)
        # the oracle block by block: the kernel's 32-bit counter wraps (the public API
        # refuses a stream that would; the kernel itself is tested across the wrap)
        want = b"".join(
            Cipher(algorithms.ChaCha20(key, struct.pack("<I", (counter + b) & 0xFFFFFFFF) + nonce), None).encryptor()
            .update(data[off + 64 * b:off + 64 * b + 64]) for b in range(nb))
        assert dst.read()[off:] == want, (nb, counter, off)
        assert st.read()[48:52] == struct.pack("<I", (counter + nb) & 0xFFFFFFFF)
        if nb == 16:
            counts[core] = insns / (64 * nb)
    print("ChaCha20 viper on %s: %.1f instructions/byte (1 KiB, aligned)" % (core, counts[core]))
    # constant time: the same instruction count for other keys, nonces, counters and data
    seen = set()
    for key, data in ((bytes(32), bytes(128)), (b"\xff" * 32, b"\xff" * 128), (rnd.randbytes(32), rnd.randbytes(128))):
        st = rt.buffer(chacha_state(key, rnd.randrange(1 << 32), rnd.randbytes(12)))
        seen.add(rt.call(xor, st, rt.buffer(data), rt.buffer(bytes(128)), 0, 2)[1])
    assert len(seen) == 1, seen


# ---- Poly1305 ----

@pytest.mark.parametrize("core", CORES)
def test_poly1305(core):
    rt = thumb_emu.Runtime(thumb_emu.Core(core))
    m, lm = mpy("mac/poly1305_viper.py"), mpy("mac/_poly1305_limbs.py")
    setr, finish = (rt.load(lm, n) for n in ("_setr", "_finish"))
    blocks = rt.load(m, "_blocks")
    rnd = random.Random(core)
    cases = [(b"\xff" * 32, b"\xff" * 64), (b"\xff" * 16 + bytes(16), b"\xff" * 48), (bytes(32), b"\xff" * 16),
             (b"\xff" * 32, b"\xff" * 37), (bytes(16) + b"\xff" * 16, b"\xff" * 17)]
    cases += [(rnd.randbytes(32), rnd.randbytes(rnd.randrange(200))) for _ in range(12)]
    cases.append((rnd.randbytes(32), rnd.randbytes(1024)))
    for key, msg in cases:
        st = rt.buffer(bytes(120))
        s = rt.buffer(bytes(16))
        rt.call(setr, st, rt.buffer(key), s)
        nb, r = divmod(len(msg), 16)
        insns = 0
        if nb:
            insns = rt.call(blocks, st, rt.buffer(msg), 0, nb, 1)[1]
        if r:
            rt.call(blocks, st, rt.buffer(msg[16 * nb:] + b"\x01" + bytes(15 - r)), 0, 1, 0)
        out = rt.buffer(bytes(16))
        rt.call(finish, st, s, out)
        assert out.read() == Poly1305.generate_tag(key, msg), (key.hex()[:8], len(msg))
        if len(msg) == 1024:
            print("Poly1305 viper on %s: %.1f instructions/byte (1 KiB)" % (core, insns / 1024))
    # constant time: set-up, blocks and finish take the same instructions for every key and
    # 64-byte message (including the all-ones edge cases above, where every carry fires)
    seen = set()
    for key, msg in cases[:3] + [(rnd.randbytes(32), rnd.randbytes(64)) for _ in range(3)]:
        msg = (msg * 4)[:64]
        st = rt.buffer(bytes(120))
        s = rt.buffer(bytes(16))
        n = rt.call(setr, st, rt.buffer(key), s)[1]
        n += rt.call(blocks, st, rt.buffer(msg), 0, 4, 1)[1]
        n += rt.call(finish, st, s, rt.buffer(bytes(16)))[1]
        seen.add(n)
    assert len(seen) == 1, seen


@pytest.mark.parametrize("core", CORES)
def test_poly1305_finish_edges(core):
    # _finish on accumulators set limb by limb at the bounds the block loops leave (limbs
    # up to 2**14, every carry firing): values just below, at and above p and 2**130, and
    # random ones; the tag is ((sum h_i 2**(13 i)) mod p + s) mod 2**128. One count for all.
    rt = thumb_emu.Runtime(thumb_emu.Core(core))
    finish = rt.load(mpy("mac/_poly1305_limbs.py"), "_finish")
    p = (1 << 130) - 5
    limbs = lambda v: [(v >> (13 * i)) & 0x1FFF for i in range(10)]  # noqa: E731
    cases = [limbs(v) for v in (0, 1, p - 1, p, p + 1, p + 4, (1 << 130) - 1)]
    cases += [[0x2004, 0x1FFF] + [0] * 8, [0x2004, 0x1FFF] + [0x1FFF] * 8, [0x2000 + 4] * 10,
              [0x1FFF + 0x2000] * 9 + [0x2000], [0x2004] + [0x1FFF] * 9]
    rnd = random.Random("finish" + core)
    cases += [[rnd.randrange(0x4000) for _ in range(10)] for _ in range(6)]
    seen = set()
    for h in cases:
        sv = rnd.randbytes(16)
        st = rt.buffer(bytes(80) + b"".join(x.to_bytes(4, "little") for x in h))
        out = rt.buffer(bytes(16))
        seen.add(rt.call(finish, st, rt.buffer(sv), out)[1])
        hv = sum(x << (13 * i) for i, x in enumerate(h)) % p
        want = ((hv + int.from_bytes(sv, "little")) % (1 << 128)).to_bytes(16, "little")
        assert out.read() == want, [hex(x) for x in h]
    assert len(seen) == 1, seen


# ---- Ascon ----

M64 = (1 << 64) - 1


def _rotr(x, r):
    return ((x >> r) | (x << (64 - r))) & M64


def ascon_p(s, rounds):
    """SP 800-232 §3: Ascon-p[rounds] on five 64-bit words (a plain reference)."""
    s = list(s)
    for i in range(12 - rounds, 12):
        s[2] ^= ((15 - i) << 4) | i
        s[0] ^= s[4]
        s[4] ^= s[3]
        s[2] ^= s[1]
        t = [(~s[k] & M64) & s[(k + 1) % 5] for k in range(5)]
        for k in range(5):
            s[k] ^= t[(k + 1) % 5]
        s[1] ^= s[0]
        s[0] ^= s[4]
        s[3] ^= s[2]
        s[2] ^= M64
        for k, (a, b) in enumerate(((19, 28), (61, 39), (1, 6), (10, 17), (7, 41))):
            s[k] ^= _rotr(s[k], a) ^ _rotr(s[k], b)
    return s


def words(b):
    return list(struct.unpack("<5Q", b))


def wbytes(s):
    return struct.pack("<5Q", *s)


def test_reference_permutation_is_ascon_hash256():
    # Ascon-Hash256("") = LWC_HASH_KAT_128_256.txt Count 1, computed with the reference above
    s = ascon_p([0x0000080100CC0002, 0, 0, 0, 0], 12)
    s[0] ^= 1  # the padding of the empty message
    out = b""
    s = ascon_p(s, 12)
    for _ in range(4):
        out += struct.pack("<Q", s[0])
        s = ascon_p(s, 12)
    assert out.hex() == "0b3be5850f2f6b98caf29f8fdea89b64a1fa70aa249b8f839bd53baa304d92b2"


@pytest.mark.parametrize("core", CORES)
def test_ascon(core):
    rt = thumb_emu.Runtime(thumb_emu.Core(core))
    m = mpy("hash/ascon_viper.py")
    perm, absorb, enc, dec = (rt.load(m, n) for n in ("perm", "absorb", "encrypt", "decrypt"))
    io = mpy("hash/_ascon_io.py")
    xor_b, put_b, get_b = (rt.load(io, n) for n in ("xor_bytes", "put_bytes", "get_bytes"))
    rnd = random.Random(core)
    for rounds in (12, 8):
        for state in (bytes(40), b"\xff" * 40, rnd.randbytes(40)):
            st = rt.buffer(state)
            rt.call(perm, st, rounds)
            assert st.read() == wbytes(ascon_p(words(state), rounds)), rounds
    # absorb (rates 8 and 16), encrypt and decrypt of whole blocks against the reference
    for rate, rounds in ((8, 12), (16, 8)):
        state, data = rnd.randbytes(40), rnd.randbytes(3 * rate)
        st = rt.buffer(state)
        rt.call(absorb, st, rt.buffer(b"\0" + data), 1, 3, rate, rounds)
        s = words(state)
        for b in range(3):
            blk = data[b * rate:(b + 1) * rate] + bytes(16 - rate)
            x0, x1 = struct.unpack("<2Q", blk)
            s[0] ^= x0
            s[1] ^= x1
            s = ascon_p(s, rounds)
        assert st.read() == wbytes(s)
    state, pt = rnd.randbytes(40), rnd.randbytes(64 * 16)
    st = rt.buffer(state)
    ct = rt.buffer(bytes(len(pt)))
    insns = rt.call(enc, st, rt.buffer(pt), ct, 0, 64)[1]
    s = words(state)
    want = b""
    for b in range(64):
        x0, x1 = struct.unpack("<2Q", pt[16 * b:16 * b + 16])
        s[0] ^= x0
        s[1] ^= x1
        want += struct.pack("<2Q", s[0], s[1])
        s = ascon_p(s, 8)
    assert ct.read() == want and st.read() == wbytes(s)
    print("Ascon-AEAD128 encrypt viper on %s: %.1f instructions/byte (1 KiB)" % (core, insns / len(pt)))
    st2 = rt.buffer(state)
    back = rt.buffer(want)  # in place
    rt.call(dec, st2, back, back, 0, 64)
    assert back.read() == pt and st2.read() == wbytes(s)
    # constant time: the same instruction count for every state and data
    seen = set()
    for state, data in ((bytes(40), bytes(32)), (b"\xff" * 40, b"\xff" * 32), (rnd.randbytes(40), rnd.randbytes(32))):
        n = rt.call(perm, rt.buffer(state), 12)[1]
        n += rt.call(enc, rt.buffer(state), rt.buffer(data), rt.buffer(bytes(32)), 0, 2)[1]
        n += rt.call(dec, rt.buffer(state), rt.buffer(data), rt.buffer(bytes(32)), 0, 2)[1]
        n += rt.call(absorb, rt.buffer(state), rt.buffer(data), 0, 2, 16, 8)[1]
        seen.add(n)
    assert len(seen) == 1, seen
    # byte I/O at every position
    state = rnd.randbytes(40)
    data = rnd.randbytes(40)
    st = rt.buffer(state)
    rt.call(xor_b, st, rt.buffer(data), 3, 20, 17)
    want = bytearray(state)
    for i in range(20):
        want[17 + i] ^= data[3 + i]
    assert st.read() == bytes(want)
    rt.call(put_b, st, rt.buffer(data), 0, 13, 5)
    want[5:18] = data[:13]
    assert st.read() == bytes(want)
    out = rt.buffer(bytes(40))
    rt.call(get_b, st, out, 2, 37, 3)
    assert out.read()[2:39] == bytes(want[3:40])
