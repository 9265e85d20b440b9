"""The viper kernels of MD5, SHA-1 and the HMAC-state helpers (``hash/_md_viper.py``, used by
PBKDF2 and HMAC_DRBG) as a Cortex-M runs them: compiled with ``mpy-cross -march=armv7emsp``
and run on emulated Cortex-M3 and M4 cores (unicorn, through ``tools/emu/thumb_emu.py``),
against CPython's ``hashlib`` (the kernels' chaining value after the padded message equals
the digest) and plain Python (the helpers).

The unix port's viper words are 64 bits, a Cortex-M's 32 (VIPER.md): a missing mask, a
sign-extended shift or a constant of 2**30 and more would pass test_md5_sha1.py there and
fail here. Also recorded: instructions per byte at 1 KiB on the M4 (printed), and that the
count is the same for every message and state of a length (no data-dependent branch or
address).
"""

import hashlib
import random
import struct

import pytest

import emutest

from tools.emu import thumb_emu

CORES = ["cortex-m3", "cortex-m4"]

MD5_IV = (0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476)
SHA1_IV = (0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0)


_unix_only = emutest._unix_only  # overrides conftest's: nothing here needs a target
mpy = emutest.package_mpy  # mpy(rel): modules/mpcrypto/<rel> compiled for armv7emsp


def pad(msg, le):
    # RFC 1321 §3.1-3.2 / FIPS 180-4 §5.1.1: 0x80, zeros, the 64-bit bit length.
    n = len(msg)
    p = msg + b"\x80" + bytes((55 - n) % 64)
    return p + struct.pack("<Q" if le else ">Q", 8 * n)


def consts(alg):
    # The module's constant table (an array('I') at import), rebuilt here from the spec.
    if alg == "md5":
        import math

        return struct.pack("<64I", *[int(abs(math.sin(i + 1)) * 2 ** 32) & 0xFFFFFFFF for i in range(64)])
    return struct.pack("<4I", 0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6)


def run(rt, fn, alg, data, off=0):
    iv = MD5_IV if alg == "md5" else SHA1_IV
    st = rt.buffer(struct.pack("<%dI" % len(iv), *iv) + bytes(64 if alg == "sha1" else 0))
    buf = rt.buffer(bytes(off) + data)
    _, insns = rt.call(fn, st, buf, off, len(data) // 64)
    words = struct.unpack("<%dI" % len(iv), st.read()[:4 * len(iv)])
    return struct.pack("<%dI" % len(iv) if alg == "md5" else ">%dI" % len(iv), *words), insns


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize("alg", ["md5", "sha1"])
def test_compress(core, alg):
    rt = thumb_emu.Runtime(thumb_emu.Core(core))
    table = rt.buffer(consts(alg))
    fn = rt.load(mpy("hash/%s_viper.py" % alg), "compress", globals={"_T" if alg == "md5" else "_K": table})
    rnd = random.Random(alg + core)
    msgs = [b"", b"abc", b"\xff" * 119, bytes(64), rnd.randbytes(200), rnd.randbytes(1000)]
    for i, m in enumerate(msgs):
        got, _ = run(rt, fn, alg, pad(m, alg == "md5"), off=i % 4)  # any alignment of the block
        assert got == hashlib.new(alg, m).digest(), (alg, len(m))
    # 1 KiB: instructions per byte, and the same count for every message and state
    seen = set()
    for data in (bytes(1024), b"\xff" * 1024, rnd.randbytes(1024), rnd.randbytes(1024)):
        seen.add(run(rt, fn, alg, data)[1])
    assert len(seen) == 1, seen
    print("%s viper on %s: %.1f instructions/byte (1 KiB)" % (alg, core, seen.pop() / 1024))


@pytest.mark.parametrize("core", CORES)
def test_hmac_helpers(core):
    rt = thumb_emu.Runtime(thumb_emu.Core(core))
    m = mpy("hash/_md_viper.py")
    put, xor, copy = (rt.load(m, n) for n in ("put_words", "xor_into", "copy_words"))
    rnd = random.Random(core)
    words = [0, 1, 0x80000000, 0xFFFFFFFF, 0x7FFFFFFF] + [rnd.randrange(1 << 32) for _ in range(11)]
    st = rt.buffer(struct.pack("<16I", *words))
    for le in (0, 1):
        out = rt.buffer(bytes(64))
        rt.call(put, out, st, 16, le)
        assert out.read() == struct.pack("<16I" if le else ">16I", *words)
    dst = rt.buffer(bytes(64))
    rt.call(copy, dst, st, 16)
    assert dst.read() == st.read()
    a, b = rnd.randbytes(64), rnd.randbytes(64)
    t = rt.buffer(a)
    rt.call(xor, t, rt.buffer(b), 64)
    assert t.read() == bytes(x ^ y for x, y in zip(a, b))
