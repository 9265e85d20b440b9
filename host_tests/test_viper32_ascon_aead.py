"""Ascon-AEAD128's three-call viper kernels (``aead_start``, ``aead_encrypt`` /
``aead_decrypt``, ``aead_final`` in ``modules/mpcrypto/hash/ascon_viper.py``) as a Cortex-M runs
them: compiled with ``mpy-cross -march=armv7emsp`` and run on emulated Cortex-M3 and M4 cores
(``tools/emu/thumb_emu.py``), like ``test_viper32_symmetric.py`` does for the permutation and the
bulk kernels. The oracle is Ascon-AEAD128 (SP 800-232 §4.1) written here on the 64-bit
reference permutation of ``test_viper32_symmetric.py``, itself checked against the first
records of the Ascon team's LWC_AEAD_KAT_128_128.txt (shared vectors).

Covered: every length of the last block (0..15 bytes after 0..2 whole blocks), the padding
bit and the domain bit, in-place decryption, the tag written at an offset, and the same
instruction count for every key, nonce and data of a length (no data-dependent branch). And the
module is generated: ``python -m tools.viper.gen_ascon --check`` passes (it is what the
generator writes).
"""

import random
import struct
import subprocess
import sys

import pytest

from test_ascon import h, lwc
from test_viper32_symmetric import CORES, ascon_p, mpy, thumb_emu
from tools import ROOT


@pytest.fixture(autouse=True)
def _unix_only():
    """Overrides conftest's fixture of the same name: nothing here needs a target."""


M64 = (1 << 64) - 1


def ref_aead(key, nonce, ad, data, decrypt=False):
    """SP 800-232 §4.1.2 / §4.1.3 on the reference permutation: (output, tag)."""
    k0, k1 = struct.unpack("<2Q", key)
    n0, n1 = struct.unpack("<2Q", nonce)
    s = ascon_p([0x00001000808C0001, k0, k1, n0, n1], 12)
    s[3] ^= k0
    s[4] ^= k1
    if ad:
        a = ad + b"\x01" + bytes(15 - len(ad) % 16)
        for i in range(0, len(a), 16):
            x0, x1 = struct.unpack("<2Q", a[i:i + 16])
            s[0] ^= x0
            s[1] ^= x1
            s = ascon_p(s, 8)
    s[4] ^= 1 << 63
    out = b""
    nb, r = divmod(len(data), 16)
    for i in range(nb):
        x0, x1 = struct.unpack("<2Q", data[16 * i:16 * i + 16])
        out += struct.pack("<2Q", s[0] ^ x0, s[1] ^ x1)
        if decrypt:
            s[0], s[1] = x0, x1
        else:
            s[0] ^= x0
            s[1] ^= x1
        s = ascon_p(s, 8)
    sb = bytearray(struct.pack("<5Q", *s))
    for i in range(r):
        c = data[16 * nb + i]
        out += bytes([sb[i] ^ c])
        sb[i] = c if decrypt else sb[i] ^ c
    sb[r] ^= 1
    s = list(struct.unpack("<5Q", sb))
    s[2] ^= k0
    s[3] ^= k1
    s = ascon_p(s, 12)
    return out, struct.pack("<2Q", s[3] ^ k0, s[4] ^ k1)


def test_generated_module_is_current():
    p = subprocess.run([sys.executable, "-m", "tools.viper.gen_ascon", "--check"], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stdout + p.stderr


def test_reference_aead_is_the_kat():
    for rec in lwc("LWC_AEAD_KAT_128_128.txt")[::23]:  # PT and AD of 0..32 bytes
        ct, tag = ref_aead(h(rec["Key"]), h(rec["Nonce"]), h(rec["AD"]), h(rec["PT"]))
        assert (ct + tag).hex().upper() == rec["CT"].upper(), rec["Count"]


@pytest.mark.parametrize("core", CORES)
def test_aead_kernels(core):
    rt = thumb_emu.Runtime(thumb_emu.Core(core))
    m = mpy("hash/ascon_viper.py")
    start, enc, dec, final = (rt.load(m, n) for n in ("aead_start", "aead_encrypt", "aead_decrypt", "aead_final"))
    rnd = random.Random(core)
    keys = [bytes(16), b"\xff" * 16] + [rnd.randbytes(16) for _ in range(4)]
    for n in list(range(0, 48)) + [64, 100]:
        key, nonce = keys[n % len(keys)], rnd.randbytes(16)
        pt = rnd.randbytes(n) if n % 3 else b"\xff" * n
        want_ct, want_tag = ref_aead(key, nonce, b"", pt)
        kb, nb_ = rt.buffer(key), rt.buffer(nonce)
        st = rt.buffer(bytes(40))
        rt.call(start, st, kb, nb_)
        out = rt.buffer(bytes(n + 19))
        rt.call(enc, st, rt.buffer(pt), out, n)
        rt.call(final, st, kb, out, n + 3)
        got = out.read()
        assert got[:n] == want_ct and got[n + 3:n + 19] == want_tag, n
        # decryption in place gives the plaintext back and the same tag
        st = rt.buffer(bytes(40))
        rt.call(start, st, kb, nb_)
        back = rt.buffer(want_ct)
        rt.call(dec, st, back, back, n)
        tag = rt.buffer(bytes(16))
        rt.call(final, st, kb, tag, 0)
        assert back.read() == pt and tag.read() == want_tag, n


@pytest.mark.parametrize("core", CORES)
def test_aead_kernels_constant_time(core):
    rt = thumb_emu.Runtime(thumb_emu.Core(core))
    m = mpy("hash/ascon_viper.py")
    start, enc, dec, final = (rt.load(m, n) for n in ("aead_start", "aead_encrypt", "aead_decrypt", "aead_final"))
    rnd = random.Random(7)
    seen = set()
    for key, nonce, data in ((bytes(16), bytes(16), bytes(37)), (b"\xff" * 16, b"\xff" * 16, b"\xff" * 37),
                             (rnd.randbytes(16), rnd.randbytes(16), rnd.randbytes(37))):
        kb = rt.buffer(key)
        n = 0
        for fn in (enc, dec):
            st = rt.buffer(bytes(40))
            n += rt.call(start, st, kb, rt.buffer(nonce))[1]
            n += rt.call(fn, st, rt.buffer(data), rt.buffer(bytes(37)), 37)[1]
            n += rt.call(final, st, kb, rt.buffer(bytes(16)), 0)[1]
        seen.add(n)
    assert len(seen) == 1, seen
