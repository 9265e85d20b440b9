"""The Kinetis K64/K66 drivers (boards/kinetis/) against register models of the mmCAU, the
RNGA and the SIM (tools/emu/kinetis_model.py), on unicorn's Cortex-M4 (tools/emu/kinetis_emu.py).

1. The model itself: command sequences written from the reference manual's command
   semantics, run through the CAU model, give FIPS 197 (AES-128/192/256 key expansion,
   cipher, inverse cipher: Appendix C), FIPS 180-4 (SHA-256, SHA-1) and RFC 1321 (MD5)
   answers. So the model's SubBytes/ShiftRows/MixColumns, HASH functions and shift commands
   are right before anything is judged against it.
2. The driver's machine code (``boards/kinetis/kinetis_asm.py`` compiled by mpy-cross for
   armv7emsp, read from the .mpy) on the emulated Cortex-M4 with the models mapped at their
   addresses: NIST CAVP AESAVS KAT and MMT files (ECB and CBC, 128/192/256, encrypt and
   decrypt, many blocks per call, aligned and unaligned buffers), no write outside the
   buffers, callee-saved registers kept; and the constant-time check of the mmCAU path:
   instruction counts and the sequence of loads, stores and CAU commands the same for every
   secret key, data block and SHA-256 chaining value tried.
3. Through the public API: MicroPython's unix port runs ``mpcrypto`` and the drivers' Python
   glue with the ``mmcau`` backend forced, and every ``kinetis_asm`` call runs the machine code
   on the emulated chip (the bridge of tools/emu/kinetis_emu.py): AES KAT/MMT and RFC 3686 CTR,
   GCM (NIST gcmEncryptExtIV), in-place/overlap/forms, SHA-224/256 CAVP ShortMsg and a LongMsg
   selection, HMAC-SHA256 (RFC 4231).
4. The probe and registration: ``identify`` asks ``mpcrypto._cpu`` for the core and reads
   SIM_SDID only on a Cortex-M4; FRDM_K64F's and FRDM_K66F's ``mpcrypto_board`` register the mmCAU and the RNGA exactly when
   the emulated chip is their part (not on a K66 for the K64 board, a Cortex-M7, an unknown
   SDID or a CAU without SHA-256).
5. The RNGA entropy source: the raw bytes are the RNGA's words; the part's own clock gate
   (K64: SIM_SCGC6 bit 9, K66: SIM_SCGC3 bit 0, as NXP's clock drivers have it) is opened
   before the first access, and the K66 model bus-faults without it; every read puts the
   block in normal mode first, so reads survive an owner that sleeps it between them (as
   Zephyr's driver does), and on a Zephyr firmware the RNGA is left to Zephyr; the default
   rng's seed is drawn from the words that 256 bits of min-entropy need at the credited one
   bit per word; the SP 800-90B tests, at that credit's cutoffs, catch a stuck-at output (at
   start-up and later) and a dominated one, and a stopped or sleeping RNGA gives a clear,
   final error.

Nothing here needs a device: these tests run under every ``--target``.
"""

import hashlib
import hmac as py_hmac
import pathlib
import random
import struct

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from tools.emu import kinetis_emu as ke
from tools.emu import kinetis_model as km
from tools.emu import mpy_reader
from tools.emu import thumb_emu
from harness import _parse, find_micropython
from vectors import cryptography_vector, h, load_rsp

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _unix_only():
    """Overrides conftest's fixture of the same name: nothing here needs a target."""


# -- 1. the model, checked on its own ------------------------------------------------------------

C = km.CA


def model_key_schedule(cau, key):
    # FIPS 197 §5.2 on the CAU's accumulator: ROTL 8, AESS, XOR Rcon, XOR w[i - Nk].
    nk = len(key) // 4
    w = [int.from_bytes(key[4 * i:4 * i + 4], "big") for i in range(nk)]
    cau.command(km.LDR | km.CAA, w[-1])
    rcon = 1
    for i in range(nk, 4 * (nk + 7)):
        if i % nk == 0:
            cau.command(km.ROTL | km.CAA, 8)
            cau.direct(km.cmd1(km.AESS | km.CAA))
            cau.command(km.XOR | km.CAA, rcon << 24)
            rcon = km._xtime(rcon)
        elif nk == 8 and i % nk == 4:
            cau.direct(km.cmd1(km.AESS | km.CAA))
        cau.command(km.XOR | km.CAA, w[i - nk])
        w.append(cau.command(km.STR | km.CAA))
    return w


def model_encrypt(cau, w, block):
    nr = len(w) // 4 - 1
    for i in range(4):
        cau.command(km.LDR | C[i], int.from_bytes(block[4 * i:4 * i + 4], "big"))
        cau.command(km.XOR | C[i], w[i])
    for r in range(1, nr + 1):
        cau.direct(km.cmd3(km.AESS | C[0], km.AESS | C[1], km.AESS | C[2]))
        cau.direct(km.cmd2(km.AESS | C[3], km.AESR))
        for i in range(4):
            cau.command((km.AESC if r < nr else km.XOR) | C[i], w[4 * r + i])
    return b"".join(cau.command(km.STR | C[i]).to_bytes(4, "big") for i in range(4))


def model_decrypt(cau, w, block):
    nr = len(w) // 4 - 1
    for i in range(4):
        cau.command(km.LDR | C[i], int.from_bytes(block[4 * i:4 * i + 4], "big"))
        cau.command(km.XOR | C[i], w[4 * nr + i])
    for r in range(nr - 1, -1, -1):
        cau.direct(km.cmd3(km.AESIR, km.AESIS | C[3], km.AESIS | C[2]))
        cau.direct(km.cmd2(km.AESIS | C[1], km.AESIS | C[0]))
        for i in range(4):
            cau.command((km.AESIC if r > 0 else km.XOR) | C[i], w[4 * r + i])
    return b"".join(cau.command(km.STR | C[i]).to_bytes(4, "big") for i in range(4))


# FIPS 197 Appendix C: (key, plaintext, ciphertext)
FIPS197 = [
    ("000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff", "69c4e0d86a7b0430d8cdb78070b4c55a"),
    ("000102030405060708090a0b0c0d0e0f1011121314151617", "00112233445566778899aabbccddeeff",
     "dda97ca4864cdfe06eaf70a0ec0d7191"),
    ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "00112233445566778899aabbccddeeff",
     "8ea2b7ca516745bfeafc49904b496089"),
]


@pytest.mark.parametrize("key,pt,ct", FIPS197, ids=["128", "192", "256"])
def test_model_aes_fips197(key, pt, ct):
    cau = km.CAU()
    w = model_key_schedule(cau, h(key))
    assert len(w) == 4 * (len(h(key)) // 4 + 7)
    assert model_encrypt(cau, w, h(pt)) == h(ct)
    assert model_decrypt(cau, w, h(ct)) == h(pt)


def test_model_aes_key_expansion_appendix_a():
    # FIPS 197 A.1: the last word of the AES-128 schedule of 2b7e1516...
    w = model_key_schedule(km.CAU(), h("2b7e151628aed2a6abf7158809cf4f3c"))
    assert w[4] == 0xa0fafe17 and w[43] == 0xb6630ca6


def _pad(msg, little=False):
    n = len(msg)
    return msg + b"\x80" + bytes((55 - n) % 64) + (8 * n).to_bytes(8, "little" if little else "big")


def model_sha256(msg):
    cau = km.CAU()
    hs = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
    k = fips_k()
    m = _pad(msg)
    for off in range(0, len(m), 64):
        for i in range(8):
            cau.command(km.LDR | C[i], hs[i])
        w = list(struct.unpack(">16I", m[off:off + 64]))
        for t in range(64):
            if t < 16:
                cau.command(km.LDR | km.CAA, w[t])
            else:
                cau.command(km.LDR | km.CAA, w[t - 16])
                cau.command(km.LDR | C[8], w[t - 15])
                cau.direct(km.cmd1(km.HASH | km.HF2U))
                cau.command(km.ADR | km.CAA, w[t - 7])
                cau.command(km.LDR | C[8], w[t - 2])
                cau.direct(km.cmd1(km.HASH | km.HF2V))
                w.append(cau.command(km.STR | km.CAA))
            cau.direct(km.cmd3(km.ADRA | C[7], km.HASH | km.HF2T, km.HASH | km.HF2C))
            cau.command(km.ADR | km.CAA, k[t])
            cau.direct(km.cmd3(km.MVAR | C[8], km.HASH | km.HF2S, km.HASH | km.HF2M))
            cau.direct(km.cmd1(km.SHS2))
        for i in range(8):
            cau.command(km.ADR | C[i], hs[i])
            hs[i] = cau.command(km.STR | C[i])
    return b"".join(x.to_bytes(4, "big") for x in hs)


def model_sha1(msg):
    # FIPS 180-4 §6.1.2 with SHS: CAA = ROTL5(a) + f(b, c, d) + e + K + W, then the shift.
    cau = km.CAU()
    hs = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0]
    m = _pad(msg)
    for off in range(0, len(m), 64):
        w = list(struct.unpack(">16I", m[off:off + 64]))
        for t in range(16, 80):
            x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16]
            w.append(((x << 1) | (x >> 31)) & km.MASK)
        for i in range(5):
            cau.command(km.LDR | C[i], hs[i])
        cau.direct(km.cmd1(km.MVRA | C[0]))
        cau.command(km.ROTL | km.CAA, 5)
        for t in range(80):
            f, kt = [(km.HFC, 0x5a827999), (km.HFP, 0x6ed9eba1), (km.HFM, 0x8f1bbcdc), (km.HFP, 0xca62c1d6)][t // 20]
            cau.direct(km.cmd2(km.HASH | f, km.ADRA | C[4]))
            cau.command(km.ADR | km.CAA, (kt + w[t]) & km.MASK)
            cau.direct(km.cmd1(km.SHS))
        for i in range(5):
            cau.command(km.ADR | C[i], hs[i])
            hs[i] = cau.command(km.STR | C[i])
    return b"".join(x.to_bytes(4, "big") for x in hs)


def model_md5(msg):
    # RFC 1321 §3.4 with MDS: CAA = a; HASH F/G/H/I; + X[k] + T[i]; ROTL s; + b; shift.
    cau = km.CAU()
    hs = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]
    tt = [int(abs(__import__("math").sin(i + 1)) * 2 ** 32) & km.MASK for i in range(64)]
    shifts = [7, 12, 17, 22] * 4 + [5, 9, 14, 20] * 4 + [4, 11, 16, 23] * 4 + [6, 10, 15, 21] * 4
    m = _pad(msg, little=True)
    for off in range(0, len(m), 64):
        x = struct.unpack("<16I", m[off:off + 64])
        cau.command(km.LDR | km.CAA, hs[0])
        for i in range(1, 4):
            cau.command(km.LDR | C[i], hs[i])
        for i in range(64):
            r = i // 16
            k = (i, 5 * i + 1, 3 * i + 5, 7 * i)[r] % 16
            cau.direct(km.cmd1(km.HASH | (km.HFF, km.HFG, km.HFH, km.HFI)[r]))
            cau.command(km.ADR | km.CAA, (x[k] + tt[i]) & km.MASK)
            cau.command(km.ROTL | km.CAA, shifts[i])
            cau.direct(km.cmd2(km.ADRA | C[1], km.MDS))
        # after 64 steps CAA, CA1, CA2, CA3 hold a, b, c, d
        cau.command(km.ADR | km.CAA, hs[0])
        for i in range(1, 4):
            cau.command(km.ADR | C[i], hs[i])
        hs = [cau.command(km.STR | km.CAA)] + [cau.command(km.STR | C[i]) for i in range(1, 4)]
    return b"".join(v.to_bytes(4, "little") for v in hs)


def test_model_sha256_fips180():
    for msg in (b"", b"abc", b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", bytes(range(200))):
        assert model_sha256(msg) == hashlib.sha256(msg).digest(), msg


def test_model_sha1_fips180():
    for msg in (b"abc", b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", bytes(100)):
        assert model_sha1(msg) == hashlib.sha1(msg).digest(), msg


def test_model_md5_rfc1321():
    path = cryptography_vector("hashes/MD5/rfc-1321.txt")
    recs = [r for r in load_rsp(path) if "MD" in r]
    assert len(recs) >= 7
    for r in recs:
        msg = h(r["MSG"])[: int(r["LEN"]) // 8]
        assert model_md5(msg) == h(r["MD"]), r


def test_model_refuses_what_it_does_not_model():
    cau = km.CAU()
    with pytest.raises(Exception):
        cau.write(km.reg_port(km.MVRA, C[0]), 4, 1)  # MVRA is a direct command, no port slot
    with pytest.raises(Exception):
        cau.direct(km.cmd1(km.DESR))
    with pytest.raises(Exception):
        cau.read(0x0, 4)  # the direct-command port is write-only
    assert cau.command(km.STR | km.CASR) >> 28 == km.CASR_VERSION
    cau.direct(km.cmd1(km.ILL))
    assert cau.command(km.STR | km.CASR) & 1  # IC: illegal command


# -- 2. the machine code on the emulated Cortex-M4 --------------------------------------------------


def kat_records(mode, kinds=("GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT")):
    for kind in kinds:
        for bits in (128, 192, 256):
            p = cryptography_vector("ciphers/AES/%s/%s%s%d.rsp" % (mode, mode, kind, bits))
            for r in load_rsp(p):
                if "COUNT" in r:
                    enc = r["_section"].upper().startswith("ENCRYPT")
                    yield ("%s %s %s" % (p.name, r["_section"], r["COUNT"]), h(r["KEY"]), h(r.get("IV")), enc,
                           h(r["PLAINTEXT"]), h(r["CIPHERTEXT"]))


def _ctx(board, key):
    ctx = bytearray(256)
    board.call("aes_key", ctx, key, len(key) // 4)
    return ctx


def _run(board, ctx, enc, mode, src, iv=None, inplace=False):
    struct.pack_into("<II", ctx, 4, len(src) // 16, mode)
    dst = bytearray(src) if inplace else bytearray(len(src))
    if inplace:
        src = dst
    iv = bytearray(iv) if iv is not None else ctx
    _, insns = board.call("aes_encrypt" if enc else "aes_decrypt", ctx, src, dst, iv)
    return bytes(dst), insns, iv


@pytest.mark.parametrize("mode", ["ECB", "CBC"])
def test_aes_nist_kat_machine_code(mode):
    """Every AESAVS KAT and MMT record of the mode, alternately aligned and unaligned and in
    place, with the key schedule the CAU made (checked against the model's)."""
    boards = [ke.Board(misalign=0), ke.Board(misalign=1), ke.Board(misalign=2)]
    bad, n = [], 0
    for i, (label, key, iv, enc, pt, ct) in enumerate(kat_records(mode)):
        b = boards[i % 3]
        ctx = _ctx(b, key)
        w = model_key_schedule(km.CAU(), key)
        assert struct.unpack("<%dI" % len(w), ctx[16:16 + 4 * len(w)]) == tuple(w), label
        src, want = (pt, ct) if enc else (ct, pt)
        got, _, ivout = _run(b, ctx, enc, 0 if mode == "ECB" else 1, src, iv if mode == "CBC" else None,
                             inplace=i % 2 == 1)
        n += 1
        if got != want:
            bad.append(label)
        elif mode == "CBC":  # the chaining value left for the next call: the last ciphertext
            assert bytes(ivout) == (want if enc else src)[-16:], label
    assert n > 1000 and not bad, bad[:5]


def test_aes_ctr_gctr_machine_code():
    """CTR (128-bit counter) and GCTR (32-bit counter) over counter wraps against the oracle."""
    b = ke.Board(misalign=3)
    rng = random.Random(3)
    for bits in (128, 192, 256):
        key = rng.randbytes(bits // 8)
        ctx = _ctx(b, key)
        for ctr0 in (b"\x00" * 16, b"\x01" * 12 + b"\xff" * 4, b"\x02" * 8 + b"\xff" * 8, b"\xff" * 16):
            data = rng.randbytes(16 * 5)
            got, _, ctr = _run(b, ctx, True, 2, data, ctr0)
            e = Cipher(algorithms.AES(key), modes.CTR(ctr0)).encryptor()
            assert got == e.update(data), (bits, ctr0.hex())
            want_ctr = (int.from_bytes(ctr0, "big") + 5) % (1 << 128)
            assert bytes(ctr) == want_ctr.to_bytes(16, "big")
            got, _, ctr = _run(b, ctx, True, 3, data, ctr0)  # inc32: the top 96 bits stay
            blocks = b"".join(ctr0[:12] + ((int.from_bytes(ctr0[12:], "big") + i) % (1 << 32)).to_bytes(4, "big")
                              for i in range(5))
            ks = Cipher(algorithms.AES(key), modes.ECB()).encryptor().update(blocks)
            assert got == bytes(x ^ y for x, y in zip(data, ks))
            assert bytes(ctr[:12]) == ctr0[:12]


def _secrets(n, rng):
    """Secret values of ``n`` bytes as test_constant_time.py chooses them: all zeros, all ones,
    alternating bits both ways, a single bit, random."""
    return [bytes(n), b"\xff" * n, b"\x55" * n, b"\xaa" * n, b"\x01" + bytes(n - 1), rng.randbytes(n),
            rng.randbytes(n)]


def _traced(b, name, *args):
    b.trace = []
    _, insns = b.call(name, *args)
    trace, b.trace = tuple(b.trace), None
    return insns, trace


@pytest.mark.parametrize("bits", [128, 192, 256])
def test_aes_constant_time_on_the_model(bits):
    """The mmCAU AES path's constant-time check, on the register model: for secret keys and
    data (``_secrets``, each key with two different data), the key schedule and every mode
    (ECB, CBC, CTR, GCTR; encrypt and decrypt; 1, 2 and 7 blocks) execute the same number of
    instructions and make the same sequence of loads, stores and CAU commands (the command is
    the register address written). Public inputs are fixed: lengths, the IV, a counter that
    does not carry past its low byte. The count is linear in the block count. What is not
    measured is the CAU's own timing, which the model does not have (the reference manual
    gives none that depends on data)."""
    rng = random.Random(bits)
    keys, data = _secrets(bits // 8, rng), _secrets(16 * 7, rng)
    pairs = list(zip(keys, data)) + list(zip(keys, data[3:] + data[:3]))
    iv = bytes(15) + b"\x10"
    seen = {}
    for key, blob in pairs:
        b = ke.Board(traced=True)
        ctx = bytearray(256)
        seen.setdefault("aes_key", set()).add(_traced(b, "aes_key", ctx, key, bits // 32))
        for mode, enc in ((0, True), (0, False), (1, True), (1, False), (2, True), (3, True)):
            for nb in (1, 2, 7):
                struct.pack_into("<II", ctx, 4, nb, mode)
                got = _traced(b, "aes_encrypt" if enc else "aes_decrypt", ctx, blob[:16 * nb],
                              bytearray(16 * nb), bytearray(iv) if mode else ctx)
                seen.setdefault((mode, enc, nb), set()).add(got)
    for what, v in seen.items():
        assert len(v) == 1, (bits, what, sorted(i for i, _ in v))
        (insns, trace), = v
        assert insns > 50 and len(trace) > 20, what
    for mode, enc in ((0, True), (0, False), (1, True), (1, False), (2, True), (3, True)):
        c1, c2, c7 = (next(iter(seen[mode, enc, n]))[0] for n in (1, 2, 7))
        assert c7 - c1 == 6 * (c2 - c1), (bits, mode)


def test_the_model_trace_sees_cau_commands():
    """The trace can fail: the CAU commands differ between key sizes (10, 12 or 14 rounds), so a
    round count or a command chosen by a secret would show as a different sequence."""
    traces = set()
    for nk in (4, 6, 8):
        b = ke.Board(traced=True)
        traces.add(_traced(b, "aes_key", bytearray(256), bytes(4 * nk), nk)[1])
    assert len(traces) == 3 and all(any(a >= km.CAU_BASE for _, a, _ in t) for t in traces)


def test_sha256_constant_time_on_the_model():
    """SHA-256 compression on the CAU (HMAC's key blocks go through it): for secret blocks and
    secret chaining values, the same instruction count and access sequence, 1 and 3 blocks."""
    rng = random.Random(11)
    seen = {}
    for st0, blob in zip(_secrets(32, rng), _secrets(64 * 3, rng)):
        b = ke.Board(traced=True)
        for nb in (1, 3):
            st = bytearray(st0 + bytes(64))
            seen.setdefault(nb, set()).add(_traced(b, "sha256_compress", st, blob, 0, nb))
    assert all(len(v) == 1 for v in seen.values()), {n: sorted(i for i, _ in v) for n, v in seen.items()}


def fips_k():
    """FIPS 180-4 §4.2.2: the first 32 bits of the fractional parts of the cube roots of the
    first 64 primes, computed."""
    primes = [p for p in range(2, 312) if all(p % q for q in range(2, int(p ** 0.5) + 1))][:64]
    out = []
    for p in primes:
        n, lo, hi = p << 96, 0, 1 << 40  # the integer cube root of p * 2^96
        while lo < hi:
            mid = (lo + hi + 1) // 2
            lo, hi = (mid, hi) if mid ** 3 <= n else (lo, mid - 1)
        out.append(lo & km.MASK)
    return out


def test_sha256_machine_code():
    """Padded messages of 1..5 blocks (at an odd offset in an unaligned buffer) compressed in
    one call from the initial value give hashlib's digest; the scratch words are untouched."""
    b = ke.Board(misalign=1)
    rng = random.Random(7)
    for n in (0, 3, 55, 56, 64, 119, 200, 300):
        msg = rng.randbytes(n)
        padded = b"xyz" + _pad(msg)
        st = bytearray(struct.pack("<8I", 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f,
                                   0x9b05688c, 0x1f83d9ab, 0x5be0cd19) + b"\x5a" * 64)
        b.call("sha256_compress", st, padded, 3, (len(padded) - 3) // 64)
        assert struct.pack(">8I", *struct.unpack("<8I", st[:32])) == hashlib.sha256(msg).digest(), n
        assert st[32:] == b"\x5a" * 64


def test_sha256_k_table_is_fips180():
    """The K table in the machine code (after "mov r4, pc; b CODE", which reads it) is FIPS
    180-4's, recomputed here."""
    code = ke.compile_asm().function("sha256_compress").code
    at = code.index(bytes.fromhex("7c46")) + 4  # mov r4, pc: PC reads as its address + 4
    assert code[at - 1] >> 3 == 0b11100  # the 16-bit branch over the table
    assert list(struct.unpack("<64I", code[at:at + 256])) == fips_k()


def test_every_driver_function_is_exercised():
    """Every asm_thumb function of kinetis_asm runs in this file (this list is the module's)."""
    names = set(ke.compile_asm().functions("asm"))
    assert names == {"sdid", "cau_version", "aes_key", "aes_encrypt", "aes_decrypt", "sha256_compress",
                     "rnga_start", "rnga_read", "rnga_status"}


def test_board_modules_compile_for_the_kinetis_arch():
    mods = sorted((ROOT / "boards").rglob("*.py"))
    assert len(mods) >= 6
    for p in mods:
        mpy_reader.compile_file(p, "armv7emsp")


def test_sdid_reads_only_the_sim():
    b = ke.Board(part="K66")
    assert b.call("sdid")[0] == 0x660
    assert [a for _, a, _, _ in b.core.mmio_log] == [0x40048024]


# -- 3. through the public API (the unix port runs the Python, the emulator the machine code) ------


@pytest.fixture(scope="module")
def bridge(tmp_path_factory):
    return ke.Bridge(ke.Board(misalign=1), find_micropython(), tmp_path_factory.mktemp("kinetis"))


def _call(br, driver, func, cases, force):
    script = ("from mpcrypto import _backend\nimport kinetis\nassert kinetis.register() == 'K64'\n"
              "import mptest\nmptest.run(%r, %r, %r, %r)\n" % (driver, func, cases, force))
    return _parse("\n".join(br.run(script)), len(cases), func)


MMCAU_AES = {"aes": "mmcau"}
MMCAU_SHA = {"sha256": "mmcau"}


def test_public_api_aes_kat(bridge):
    cases, want, labels = [], [], []
    for mode in ("ECB", "CBC"):
        for label, key, iv, enc, pt, ct in kat_records(mode, ("GFSbox", "KeySbox", "MMT")):
            src, dst = (pt, ct) if enc else (ct, pt)
            cases.append((key, mode.lower(), iv if mode == "CBC" else None, enc, src))
            want.append(dst)
            labels.append(label)
    for bits in (128, 192, 256):
        p = cryptography_vector("ciphers/AES/CTR/aes-%d-ctr.txt" % bits)
        for r in load_rsp(p):
            if "COUNT" in r:
                cases.append((h(r["KEY"]), "ctr", h(r["IV"]), True, h(r["PLAINTEXT"])))
                want.append(h(r["CIPHERTEXT"]))
                labels.append("%s %s" % (p.name, r["COUNT"]))
    got = _call(bridge, "drv_aes", "crypt", cases, MMCAU_AES)
    bad = [labels[i] for i in range(len(cases)) if got[i] != want[i]]
    assert not bad, bad[:5]


def test_public_api_aes_forms_overlap_and_backend(bridge):
    rng = random.Random(11)
    key, iv = rng.randbytes(16), rng.randbytes(16)
    data = rng.randbytes(16 * 9)
    oracle = {
        ("ecb", True): Cipher(algorithms.AES(key), modes.ECB()).encryptor().update(data),
        ("cbc", True): Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor().update(data),
        ("cbc", False): Cipher(algorithms.AES(key), modes.CBC(iv)).decryptor().update(data),
        ("ctr", True): Cipher(algorithms.AES(key), modes.CTR(iv)).encryptor().update(data[:-5]),
    }
    cases = [(key, m, None if m == "ecb" else iv, enc, data[:-5] if m == "ctr" else data) for m, enc in oracle]
    got = _call(bridge, "drv_aes", "crypt_forms", cases, MMCAU_AES)
    for (m, enc), g in zip(oracle, got):
        assert g[:4] == [oracle[m, enc]] * 4 and g[4] is True, (m, enc, g)
    cases = [(key, m, None if m == "ecb" else iv, enc, data, d) for m, enc in oracle for d in (0, 1, 4, 16)
             if m != "ctr"]
    got = _call(bridge, "drv_aes", "crypt_overlap", cases, MMCAU_AES)
    assert all(g == oracle[c[1], c[3]] for c, g in zip(cases, got)), got
    out = bridge.run("from mpcrypto import _backend\nimport kinetis\nkinetis.register()\n"
                     "from mpcrypto.cipher import aes\nfrom mpcrypto.hash import sha256\n"
                     "print(aes.backends(), sha256.backends())\n"
                     "print(_backend.select('aes', aes._CHAIN)[0], _backend.select('sha256', sha256._CHAIN)[0])\n")
    assert out[0].startswith("['mmcau', ") and out[0].endswith("] ['mmcau', 'viper', 'python']")
    assert out[1] == "mmcau mmcau"


def test_public_api_gcm(bridge):
    path = cryptography_vector("ciphers/AES/GCM/gcmEncryptExtIV128.rsp")
    cases, want = [], []
    for r in load_rsp(path):
        if "COUNT" not in r or len(cases) >= 60 or int(r["COUNT"]) > 1:
            continue
        tlen = len(h(r["TAG"]))
        cases.append(("e", h(r["KEY"]), h(r["IV"]), h(r["PT"]), h(r["AAD"]), tlen))
        want.append(h(r["CT"]) + h(r["TAG"]))
    got = _call(bridge, "drv_aes", "gcm_case", cases, MMCAU_AES)
    assert len(cases) >= 40
    bad = [i for i in range(len(cases)) if got[i] != want[i]]
    assert not bad, [(cases[i], got[i]) for i in bad[:3]]


def test_public_api_sha256(bridge):
    cases, want = [], []
    for stem, name in (("SHA256", "sha256"), ("SHA224", "sha224")):
        for kind, step in (("ShortMsg", 1), ("LongMsg", 16)):
            recs = [r for r in load_rsp(cryptography_vector("hashes/SHA2/%s%s.rsp" % (stem, kind))) if "MD" in r]
            for r in recs[::step]:
                cases.append((name, h(r["MSG"])[: int(r["LEN"]) // 8]))
                want.append(h(r["MD"]))
    got = _call(bridge, "drv_sha", "digest", cases, MMCAU_SHA)
    bad = [i for i in range(len(cases)) if got[i] != want[i]]
    assert len(cases) > 130 and not bad, [cases[i][0] + " %d bytes" % len(cases[i][1]) for i in bad[:5]]


def test_public_api_hmac_sha256(bridge):
    # RFC 4231 test cases 1, 2 and 6 (the 131-byte key is hashed first), against hmac
    vecs = [("0b" * 20, b"Hi There"), ("4a656665", b"what do ya want for nothing?"),
            ("aa" * 131, b"Test Using Larger Than Block-Size Key - Hash Key First")]
    script = ("from mpcrypto import _backend\nimport kinetis\nkinetis.register()\n_backend.force('sha256', 'mmcau')\n"
              "from mpcrypto.mac import hmac\n")
    for k, m in vecs:
        script += "print(hmac.new(bytes.fromhex(%r), %r, digestmod='sha256').hexdigest())\n" % (k, m)
    out = bridge.run(script)
    assert out == [py_hmac.new(h(k), m, hashlib.sha256).hexdigest() for k, m in vecs]
    assert out[0] == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"


# -- 4. the probe and the boards' registration -----------------------------------------------------


@pytest.mark.parametrize("part,core,cpuid,want", [
    ("K64", "cortex-m4", None, "K64"),
    ("K66", "cortex-m4", None, "K66"),
    (None, "cortex-m7", None, None),  # another core: CPUID says no, SIM_SDID is never read
    (None, "cortex-m3", None, None),
    (None, "cortex-m33", None, None),
    (None, "cortex-m4", 0x440FC241, None),  # a Cortex-M4 part number from another implementer
])
def test_identify(tmp_path, part, core, cpuid, want):
    """kinetis.identify: mpcrypto._cpu's reading of CPUID (answered by the bridge with the
    emulated core's word) first, SIM_SDID only on an Arm Cortex-M4, the CAU never."""
    b = ke.Board(part=part, core=core, cpuid=cpuid)
    out = ke.Bridge(b, find_micropython(), tmp_path).run("import kinetis\nprint(kinetis.identify())\n")
    assert out == [str(want)]
    reads = [a for _, a, _, _ in b.core.mmio_log]
    assert reads == ([0x40048024] if want else [])
    assert set(b.calls) == ({"sdid"} if want else set())


def test_identify_on_another_vendors_cortex_m4_faults():
    """The residual risk kinetis.py documents: on a Cortex-M4 without a SIM at 0x40048024 the
    read faults (here: unmapped memory; on a board a bus fault)."""
    b = ke.Board(part=None, core="cortex-m4")
    with pytest.raises(thumb_emu.Fault):
        b.call("sdid")


BACKENDS = "from mpcrypto.cipher import aes\nprint(aes.backends())\n"
REGISTER = ("import mpcrypto_board\nfrom mpcrypto import _backend\nimport kinetis\n"
            "from mpcrypto.cipher import aes\nfrom mpcrypto.hash import sha256\n"
            "print(mpcrypto_board.PART, aes.backends()[0], sha256.backends()[0], "
            "_backend.hardware('entropy') is not None)\n")


@pytest.mark.parametrize("board_dir,part,kw,registers", [
    ("FRDM_K64F", "K64", {}, True),
    ("FRDM_K66F", "K66", {}, True),
    ("FRDM_K64F", "K66", {}, False),  # the K64 board's module on a K66: its probe says no
    ("FRDM_K66F", "K64", {}, False),
    ("FRDM_K64F", "K64", {"sdid": 0x63000000}, False),  # a K63: not a part we drive
    ("FRDM_K64F", "K64", {"sdid": 0x62000000}, True),  # a K64 reporting K62 (errata 7534)
    ("FRDM_K64F", "K64", {"cau_version": 1}, False),  # a CAU without SHA-256
    ("FRDM_K64F", None, {"core": "cortex-m7"}, False),
], ids=["k64", "k66", "k64-module-on-k66", "k66-module-on-k64", "k63", "k64-errata-sdid", "cau-v1", "cortex-m7"])
def test_boards_register_only_when_their_probe_passes(tmp_path, board_dir, part, kw, registers):
    board = ke.Board(part=part, **kw)
    br = ke.Bridge(board, find_micropython(), tmp_path, extra_paths=[ROOT / "boards" / board_dir])
    out = br.run(REGISTER)
    if registers:
        assert out == ["%s mmcau mmcau True" % part]
        assert board.calls.get("rnga_start") == 1
    else:
        assert out == ["None %s viper False" % ("builtin" if "builtin" in br.run(BACKENDS)[0] else "viper")]
        assert "aes_key" not in board.calls and "rnga_start" not in board.calls
    if kw.get("core") == "cortex-m7":
        assert board.calls == {}  # CPUID said no: no register of the chip was read


# -- 5. the RNGA entropy source -------------------------------------------------------------------


class Counter:
    """A deterministic RNGA source: the 32-bit big-endian counter words 1, 2, 3, ... with a
    per-word mix so that no two consecutive words are equal."""

    def __init__(self, seed=1):
        self.i = seed

    def __call__(self, n):
        out = b""
        for _ in range(n // 4):
            out += ((self.i * 0x9E3779B1) & km.MASK).to_bytes(4, "big")
            self.i += 1
        return out


@pytest.mark.parametrize("part", ["K64", "K66"])
def test_model_gates_the_rnga_as_nxps_clock_driver(part):
    """The model's RNGA clock gate is the part's (NXP's fsl_clock.h kCLOCK_Rnga0: SIM_SCGC6
    bit 9 on the K64, SIM_SCGC3 bit 0 on the K66): with only the other part's bit set, the
    first access is a bus fault."""
    k64 = part == "K64"
    sim = km.SIM(km.SDID_K64 if k64 else km.SDID_K66, scgc6=0, scgc3=0)
    rnga = km.RNGA(sim, gate=km.GATE_K64 if k64 else km.GATE_K66)
    if k64:
        sim.scgc3 = km.SCGC3_RNGA  # the K66's gate only
    else:
        sim.scgc6 = km.SCGC6_RNGA  # the K64's gate only
    with pytest.raises(km.Unmodelled, match="bus fault"):
        rnga.read(0x4, 4)
    if k64:
        sim.scgc6 = km.SCGC6_RNGA
    else:
        sim.scgc3 = km.SCGC3_RNGA
    rnga.write(0x0, 4, km.CR_GO)
    assert rnga.read(0x4, 4) & 0x10000


@pytest.mark.parametrize("part", ["K64", "K66"])
def test_rnga_start_opens_the_parts_clock_gate(tmp_path, part):
    """kinetis.register on a part whose RNGA gate nothing else has opened: the driver sets the
    part's gate (K64: SCGC6 bit 9; K66: SCGC3 bit 0) and no other bit, and the RNGA then gives
    words. A driver that set SCGC6 bit 9 on the K66 bus-faults at its first RNGA access."""
    board = ke.Board(part=part, rnga_source=Counter())
    scgc3, scgc6 = board.sim.scgc3, board.sim.scgc6
    assert not scgc3 & km.SCGC3_RNGA and not scgc6 & km.SCGC6_RNGA
    br = ke.Bridge(board, find_micropython(), tmp_path)
    out = br.run("import kinetis\nprint(kinetis.register())\nfrom mpcrypto._util import entropy_source\n"
                 "print(len(entropy_source()(8)))\n")
    assert out == [part, "8"]
    if part == "K64":
        assert (board.sim.scgc3, board.sim.scgc6) == (scgc3, scgc6 | km.SCGC6_RNGA)
    else:
        assert (board.sim.scgc3, board.sim.scgc6) == (scgc3 | km.SCGC3_RNGA, scgc6)


def test_rnga_raw_source_gives_the_rnga_words(tmp_path):
    board = ke.Board(rnga_source=Counter())
    br = ke.Bridge(board, find_micropython(), tmp_path)
    out = br.run("import kinetis\nkinetis.register()\nfrom mpcrypto._util import entropy_source\n"
                 "r = entropy_source()\nprint(r(10).hex(), r(8).hex())\n")
    # the raw words, from the first (the start-up test is the entropy source's); each call
    # takes whole words (a partial one's rest is dropped); the word read from OR is stored as
    # the core stores it (little-endian)
    words = [((i * 0x9E3779B1) & km.MASK).to_bytes(4, "little") for i in range(1, 7)]
    assert out == [(b"".join(words[:3])[:10]).hex() + " " + (b"".join(words[3:5])).hex()]
    assert board.sim.scgc6 & km.SCGC6_RNGA  # the clock gate was opened (else the model faults)
    assert board.rnga.cr & km.CR_GO and board.rnga.cr & km.CR_HA
    assert board.rnga.words == 5


# the default rng's first use: the entropy source's start-up test, then HMAC_DRBG-SHA256's
# entropy input (security strength 256 bits) and nonce (128 bits), and later requests
SEED = ("from mpcrypto.random import entropy, rng\nsrc = entropy.default_source()\n"
        "print(src.min_entropy, getattr(src, 'sample_bytes', 1), src.samples)\nd = rng.default_drbg()\n"
        "print(d.name, d.security_strength, src.samples)\n"
        "a = rng.random_bytes(32)\nb = rng.random_bytes(64)\nprint(len(a), len(b), a != b[:32], src.samples)\n")


@pytest.mark.parametrize("board_dir,part", [("FRDM_K64F", "K64"), ("FRDM_K66F", "K66")])
def test_default_rng_seed_holds_256_credited_bits_of_rnga_words(tmp_path, board_dir, part):
    """The board module registers the RNGA, credited with 1 bit per 32-bit word
    (kinetis_rnga.MIN_ENTROPY); the default rng (resolve_rng(None): random_bytes, an
    HMAC_DRBG-SHA256) is seeded from entropy.default_source(), which reads words as samples:
    1024 for its start-up test, then 8 per byte of min-entropy the DRBG asks for: 256 words for
    the 256-bit entropy input and 128 for the nonce, counted on the RNGA model. Later requests
    read none."""
    board = ke.Board(part=part, rnga_source=Counter())
    br = ke.Bridge(board, find_micropython(), tmp_path, extra_paths=[ROOT / "boards" / board_dir])
    out = br.run("import mpcrypto_board\nfrom mpcrypto import _util\nfrom mpcrypto.random import rng\n"
                 "print(mpcrypto_board.PART, _util.resolve_rng(None) is rng.random_bytes)\n" + SEED)
    h, width = 1, 4
    entropy_words, nonce_words = 256 // h, 128 // h
    assert entropy_words * h >= 256  # the seed's credited min-entropy
    assert board.rnga.words == 1024 + entropy_words + nonce_words
    assert out == ["%s True" % part, "%d %d 1024" % (h, width),
                   "HMAC_DRBG sha256 256 %d" % (1024 + entropy_words + nonce_words),
                   "32 64 True %d" % (1024 + entropy_words + nonce_words)]


def test_zephyr_firmware_leaves_the_rnga_to_zephyr(tmp_path):
    """On MicroPython's Zephyr port (kinetis.zephyr() True) the board module registers the
    mmCAU but not the RNGA, and never touches the RNGA's registers: Zephyr's entropy driver
    owns the block, and the default rng is seeded from os.urandom (credited 8 bits per byte)."""
    board = ke.Board(part="K64", rnga_source=Counter())
    br = ke.Bridge(board, find_micropython(), tmp_path, extra_paths=[ROOT / "boards" / "FRDM_K64F"])
    out = br.run("import kinetis\nkinetis.zephyr = lambda: True\n" + REGISTER + SEED)
    assert out == ["K64 mmcau mmcau False", "8 1 1024", "HMAC_DRBG sha256 256 %d" % (1024 + 32 + 16),
                   "32 64 True %d" % (1024 + 32 + 16)]
    assert "rnga_start" not in board.calls and "rnga_read" not in board.calls
    assert not any(km.RNGA_K64 <= a < km.RNGA_K64 + 0x1000 for _, a, _, _ in board.core.mmio_log)
    assert not board.sim.scgc6 & km.SCGC6_RNGA


def test_default_rng_key_generation_from_the_rnga(tmp_path):
    """Ed25519 and X25519 keys generated with the default rng on the emulated K64 (seeded from
    RNGA words): the public keys are RFC 8032's and RFC 7748's of the private ones (pyca)."""
    from cryptography.hazmat.primitives.asymmetric import ed25519, x25519

    board = ke.Board(rnga_source=Counter())
    br = ke.Bridge(board, find_micropython(), tmp_path)
    out = br.run("import kinetis\nkinetis.register()\nfrom mpcrypto.ec import ed25519, x25519\n"
                 "k = ed25519.Ed25519PrivateKey.generate()\n"
                 "print(k.private_bytes_raw().hex(), k.public_key().public_bytes_raw().hex())\n"
                 "x = x25519.X25519PrivateKey.generate()\n"
                 "print(x.private_bytes_raw().hex(), x.public_key().public_bytes_raw().hex())\n")
    (ed_d, ed_q), (x_d, x_q) = (line.split() for line in out)
    assert ed25519.Ed25519PrivateKey.from_private_bytes(h(ed_d)).public_key().public_bytes_raw() == h(ed_q)
    assert x25519.X25519PrivateKey.from_private_bytes(h(x_d)).public_key().public_bytes_raw() == h(x_q)
    assert ed_d != x_d and board.rnga.words == 1024 + 256 + 128


NO_RNG_PACKAGE = ("import builtins\n_imp = builtins.__import__\n"
                  "def _no_rng(name, *a):\n"
                  "    if name == 'mpcrypto.random.rng':\n        raise ImportError(name)\n"
                  "    return _imp(name, *a)\nbuiltins.__import__ = _no_rng\n")


def test_raw_rnga_words_are_not_a_key_source(tmp_path):
    """Where mpcrypto.random.rng is missing, resolve_rng falls back to the raw source only if
    it is full entropy: the RNGA's words (1 bit each) raise UnsupportedAlgorithm instead of
    becoming keys; os.urandom (a Zephyr firmware's, or no board source) is still handed out."""
    board = ke.Board(rnga_source=Counter())
    br = ke.Bridge(board, find_micropython(), tmp_path)
    script = (NO_RNG_PACKAGE + "import kinetis\nkinetis.zephyr = lambda: %s\nkinetis.register()\n"
              "import os\nfrom mpcrypto import _util\nfrom mpcrypto.ec import x25519\n"
              "try:\n    print(_util.resolve_rng(None) is os.urandom)\n"
              "    x25519.X25519PrivateKey.generate()\n"
              "except Exception as e:\n    print(type(e).__name__, e)\n")
    assert br.run(script % "False") == ["UnsupportedAlgorithm entropy source needs mpcrypto.random"]
    assert board.rnga.words == 0
    assert br.run(script % "True") == ["True"]


def _stuck_later(after, word):
    good = Counter()
    state = {"n": 0}

    def src(n):
        state["n"] += 1
        return good(n) if state["n"] <= after else word.to_bytes(4, "big")

    return src


HEALTH = ("import kinetis\nkinetis.register()\nfrom mpcrypto.random import entropy\n"
          "def draw(n):\n"
          "    try:\n        entropy.default_source()(n)\n        return 'ok'\n"
          "    except OSError as e:\n        return '%s %s' % (type(e).__name__, e)\n")


@pytest.mark.parametrize("source,when", [
    (km.stuck_at(0xA5A5A5A5), "start-up"),
    (km.stuck_at(0x80000001), "start-up"),  # bit 31 set: a negative int on the core
    (_stuck_later(1024 + 600, 0x12345678), "continuous"),
], ids=["stuck", "stuck-bit31", "stuck-after-startup"])
def test_rnga_stuck_output_is_caught(tmp_path, source, when):
    board = ke.Board(rnga_source=source)
    br = ke.Bridge(board, find_micropython(), tmp_path)
    results = br.run(HEALTH + "for i in range(6):\n    print(draw(64))\n")
    # 64 bytes of min-entropy are 512 words; a stuck word fails the RCT (41 in a row: bit 1)
    # and, where a window starts on it and reaches 336, the APT (bit 2)
    first_bad = min(i for i, r in enumerate(results) if r != "ok")
    if when == "start-up":
        assert first_bad == 0 and results[0] == "EntropyError entropy source failed health test 1"
        assert board.rnga.words == 256  # the start-up test's first read: nothing was released
    else:
        assert first_bad == 1 and results[1].startswith("EntropyError entropy source failed health test ")
        assert int(results[1].split()[-1]) & 1
    assert results[first_bad:] == results[first_bad:first_bad + 1] * (6 - first_bad)


def test_rnga_health_cutoffs_are_those_of_one_bit_per_word(tmp_path):
    """At the credited H = 1 the APT fails a word that fills two thirds of a window (341 of 512,
    over the cutoff of 336) and passes a period-3 output (171 of 512): the tests catch gross
    failures only, which is all SP 800-90B's cutoffs allow at that H."""
    fresh = Counter()

    def dominated(n, state={"i": 0}):
        state["i"] += 1
        return b"\x11\x11\x11\x11" if state["i"] % 3 else fresh(4)

    def periodic(n, state={"i": 0}):
        state["i"] += 1
        return (0x11111111 * (1 + state["i"] % 3)).to_bytes(4, "big")

    got = []
    for src in (dominated, periodic):
        br = ke.Bridge(ke.Board(rnga_source=src), find_micropython(), tmp_path)
        got += br.run(HEALTH + "print(draw(16))\nprint(entropy.default_source()._health.apt_cutoff)\n")
    assert got == ["EntropyError entropy source failed health test 2", "336", "ok", "336"]


def test_rnga_that_stops_is_refused(tmp_path):
    board = ke.Board(rnga_latency=10 ** 9)  # no word ever becomes ready
    br = ke.Bridge(board, find_micropython(), tmp_path)
    out = br.run(HEALTH + "print(draw(16))\nprint(draw(16))\n")
    assert out == ["EntropyError entropy source failed: RNGA stopped (SR 0x10000)",
                   "EntropyError entropy source failed health test 4"]


def test_rnga_asleep_is_refused(tmp_path):
    """A block held in sleep mode (the DOZE signal, which software cannot clear) gives no word:
    the source fails with a clear error, and for good."""
    board = ke.Board(rnga_source=Counter())
    board.before["rnga_read"] = lambda: setattr(board.rnga, "doze", True)
    br = ke.Bridge(board, find_micropython(), tmp_path)
    out = br.run(HEALTH + "print(draw(16))\nfrom mpcrypto.random import rng\n"
                 "try:\n    rng.random_bytes(16)\nexcept OSError as e:\n    print(type(e).__name__, e)\n")
    assert out == ["EntropyError entropy source failed: RNGA asleep (SR 0x10010)",
                   "EntropyError entropy source failed health test 4"]


@pytest.mark.parametrize("board", ["FRDM_K64F", "FRDM_K66F"])
def test_board_manifest_freezes_the_drivers(board):
    """firmware/manifest_frdm_<board>.py: the library, every boards/kinetis module and the
    board's own mpcrypto_board.py (and no other board's)."""
    from tools.ship import manifest_files

    found = manifest_files.modules_of(ROOT / "firmware" / ("manifest_%s.py" % board.lower()))
    names = {p.relative_to(ROOT).as_posix() for p in found}
    assert {"boards/kinetis/" + p.name for p in (ROOT / "boards" / "kinetis").glob("*.py")} <= names
    assert {n for n in names if n.endswith("mpcrypto_board.py")} == {"boards/%s/mpcrypto_board.py" % board}
    assert set(manifest_files.modules_of(ROOT / "firmware" / "manifest_dsp.py")) <= set(found)


def test_measurements_count_table():
    """The mmCAU table of report/measurements.md is what tools/emu/thumb_counts.py measures."""
    import re

    from tools.emu import thumb_counts

    rows = {(r["algorithm"], r["backend"]): r for r in thumb_counts.mmcau_rows()}
    text = (ROOT / "report" / "measurements.md").read_text()

    def cells(label):
        m = re.search(r"^\| %s \|(.*)\|\s*$" % re.escape(label), text, re.M)
        assert m, label
        return [c.strip() for c in m.group(1).split("|")]

    assert cells("mmCAU driver (`kinetis_asm`), instructions") == [
        "%.2f" % rows["AES-128", "mmcau"]["value"], "%.2f" % rows["SHA-256", "mmcau"]["value"]]
    assert cells("viper kernel (`aes_viper`, `sha256_viper`), instructions") == [
        "%.2f" % rows["AES-128", "viper"]["value"], "%.2f" % rows["SHA-256", "viper"]["value"]]
    assert cells("mmCAU: command words / register-port accesses per block") == [
        "%d / %d" % (rows[a, "mmcau"]["cau_words_per_block"], rows[a, "mmcau"]["cau_port_per_block"])
        for a in ("AES-128", "SHA-256")]


def test_rnga_word_taken_by_another_reader_is_discarded():
    """Another reader (Zephyr's entropy driver) taking the word between the driver's SR and
    OR reads leaves OR empty: that read returns 0 and sets SR[LRS]; the driver discards it
    and waits for the next word, so no 0 word and no word twice reaches the output."""
    board = ke.Board(rnga_source=Counter())
    board.rnga.steal_every = 3
    board.call("rnga_start", km.RNGA_K64 >> 12, 0x3C, 9)
    words = bytearray(4 * 30)
    got, _ = board.call("rnga_read", words, 30, km.RNGA_K64 >> 12, 100)
    assert got == 30 and board.rnga.stolen >= 9
    out = struct.unpack("<30I", words)
    assert 0 not in out and len(set(out)) == 30
    produced = [(i * 0x9E3779B1) & km.MASK for i in range(1, 1 + 30 + board.rnga.stolen)]
    assert all(w in produced for w in out) and list(out) == sorted(out, key=produced.index)


def test_model_rnga_generates_nothing_in_sleep_mode():
    """CR[SLP] (or the DOZE signal) puts the model in sleep mode: SR[SLP] reads 1 and no word
    becomes ready however long the status is polled; back in normal mode one does."""
    sim = km.SIM(scgc6=km.SCGC6_RNGA)
    rnga = km.RNGA(sim, source=Counter())
    rnga.write(0x0, 4, km.CR_GO | km.CR_SLP)
    assert all(rnga.read(0x4, 4) & (0xFF00 | km.SR_SLP) == km.SR_SLP for _ in range(100))
    rnga.write(0x0, 4, km.CR_GO)
    assert any(rnga.read(0x4, 4) & 0xFF00 for _ in range(10))
    assert rnga.read(0xC, 4) == 0x9E3779B1
    rnga.doze = True
    assert all(rnga.read(0x4, 4) & (0xFF00 | km.SR_SLP) == km.SR_SLP for _ in range(100))


def test_rnga_read_puts_the_block_in_normal_mode_first():
    """Another owner left the RNGA asleep (CR[SLP], as Zephyr's driver does after each draw):
    rnga_read clears SLP, keeps the rest of CR, and reads its words."""
    board = ke.Board(rnga_source=Counter())
    page = km.RNGA_K64 >> 12
    board.call("rnga_start", page, 0x3C, 9)
    board.rnga.write(0x0, 4, board.rnga.cr | km.CR_SLP)
    words = bytearray(4 * 16)
    got, _ = board.call("rnga_read", words, 16, page, 100)
    assert got == 16 and board.rnga.cr == km.CR_GO | km.CR_HA | km.CR_INTM
    assert board.call("rnga_status", page)[0] & (km.SR_SLP | 0x10000) == 0x10000


@pytest.mark.parametrize("part", ["K64", "K66"])
def test_rnga_between_the_sleeps_of_another_owner(tmp_path, part):
    """Zephyr-like interleaving: Zephyr's entropy driver has initialised the RNGA (clock on,
    started, seeded, asleep) and draws one byte (normal mode, 8 words, sleep mode) before each
    of the driver's reads; the default rng still gets its seed."""
    board = ke.Board(part=part, rnga_source=Counter())
    board.rnga.zephyr_init()
    board.before["rnga_read"] = lambda: board.rnga.zephyr_draw(1)
    br = ke.Bridge(board, find_micropython(), tmp_path)
    out = br.run("import kinetis\nkinetis.register()\nfrom mpcrypto._util import resolve_rng\n"
                 "r = resolve_rng(None)\nprint(len(r(32)), len(r(16)))\n")
    assert out == ["32 16"]
    reads = board.calls["rnga_read"]
    assert reads > 2 and board.rnga.zephyr_words == 8 * reads

