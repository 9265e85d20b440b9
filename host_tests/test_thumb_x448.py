"""The Thumb-2 X448 ladder (``_ladder448`` of ``modules/mpcrypto/ec/montgomery_thumb.py``,
encoded by ``tools/thumb/gen_x448.py``) on emulated Cortex-M4 and M7 cores (unicorn, through
``tools/emu/thumb_emu.py``):

- the field routines one by one (MUL, SQR, ADD, SUB, MLA and the final reduction, assembled by the
  generator's ``field_op`` from the same emitters, run as raw machine code) against Python
  integers modulo 2^448 - 2^224 - 1, over edge operands that drive the folds' second carry
  and borrow (0, 1, p - 1, p, p + 1, 2^448 - 1, 2^224 - 1, words of all ones around word 7,
  ...) against each other and random ones: the result congruent modulo p and below 2^448
  (reduced below p, with the non-zero flag, for the final reduction); one instruction count
  per routine for every operand;
- ``_ladder448`` from the armv7emsp ``.mpy`` against RFC 7748 §5.2 (one iteration) and §6.2,
  every Wycheproof ``x448_test.json`` case (the raw function, which clamps the scalar itself:
  the expected output, zero for the low-order points, and its flag 0 exactly then) and
  ``cryptography`` on random keys and u at every alignment; one instruction count for every
  scalar and u (constant time), printed;
- the public API on CPython with both kernels on the emulated core.
"""

import pathlib
import random

import pytest
from cryptography.hazmat.primitives.asymmetric.x448 import X448PrivateKey, X448PublicKey

import emutest
from vectors import wycheproof_tests

from tools.emu import mpy_reader
from tools.emu import thumb_emu
from tools.thumb import gen_x448

ROOT = pathlib.Path(__file__).resolve().parent.parent
SRC = ROOT / "modules" / "mpcrypto" / "ec" / "montgomery_thumb.py"
CORES = ["cortex-m4", "cortex-m7"]
P = (1 << 448) - (1 << 224) - 1
M448 = (1 << 448) - 1

_unix_only = emutest._unix_only  # overrides conftest's: nothing here needs a target
mpy = emutest.compiled(mpy_reader.compile_file, SRC, "armv7emsp")


def le(x):
    return x.to_bytes(56, "little")


def edges():
    h = 1 << 224
    e = [0, 1, 2, 3, P - 1, P, P + 1, P + 2, 2 * P - M448, M448, M448 - 1, M448 - 2, h - 1, h, h + 1,
         M448 - h, M448 - h + 1, M448 ^ h, (M448 >> 32) << 32, M448 >> 32, ((1 << 32) - 1) << 224,
         (h - 1) << 224, 39081, M448 - 39081]
    return sorted(set(x & M448 for x in e))


class Field:
    """The generator's field routines as raw machine code on one emulated core."""

    def __init__(self, core):
        self.core = thumb_emu.Core(core)
        self.fn = {}
        for op in ("mul", "sqr", "add", "sub", "mla", "freeze"):
            code = b"".join(h.to_bytes(2, "little") for hws, _ in gen_x448.field_op(op).assemble()
                            if hws != "#" for h in hws)
            self.fn[op] = self.core.load(code)
        self.out = thumb_emu.Buffer(self.core, bytes(56))
        self.x = thumb_emu.Buffer(self.core, bytes(56))
        self.y = thumb_emu.Buffer(self.core, bytes(56))

    def __call__(self, op, x, y=0):
        self.core.write(self.x.addr, le(x))
        self.core.write(self.y.addr, le(y))
        r0, n = self.core.call(self.fn[op], self.out.addr, self.x.addr, self.y.addr)
        return int.from_bytes(self.out.read(), "little"), n, r0


WANT = {"mul": lambda x, y: x * y, "sqr": lambda x, y: x * x, "add": lambda x, y: x + y,
        "sub": lambda x, y: x - y, "mla": lambda x, y: x + gen_x448.A24 * y}


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize("op", sorted(WANT))
def test_field_routines(core, op):
    f = Field(core)
    rnd = random.Random(op)
    vals = edges() + [rnd.getrandbits(448) for _ in range(6)]
    counts = set()
    for x in vals:
        for y in vals:
            got, n, _ = f(op, x, y)
            counts.add(n)
            assert got <= M448 and got % P == WANT[op](x, y) % P, (op, hex(x), hex(y), hex(got))
    assert len(counts) == 1, counts  # the same instructions for every operand


@pytest.mark.parametrize("core", CORES)
def test_final_reduction(core):
    f = Field(core)
    rnd = random.Random(5)
    for x in edges() + [rnd.getrandbits(448) for _ in range(40)] + [P + i for i in range(-3, 4)]:
        x &= M448
        got, _, flag = f("freeze", x)
        assert got == x % P, hex(x)
        assert flag == (got != 0)


class Ladder(emutest.Kernels):
    def x(self, k, u, skew=0):
        # The raw function, k and u ``skew`` bytes past a word boundary; checks its flag.
        out = self.buf(bytes(56))
        kb, ub = self.buf(bytes(skew) + k), self.buf(bytes(skew) + u)
        flag, n = self.result("_ladder448", out, kb.addr + skew, ub.addr + skew)
        got = out.read()
        assert flag == (got != bytes(56)), (flag, got.hex())
        return got, n


def _pyca(k, u):
    # cryptography, or (for a point whose result is zero, which it refuses) zeros
    try:
        return X448PrivateKey.from_private_bytes(k).exchange(X448PublicKey.from_public_bytes(u))
    except ValueError:
        return bytes(56)


# RFC 7748 §5.2 (the two X448 input/output pairs, one iteration from u = k = 5) and §6.2
RFC = [("3d262fddf9ec8e88495266fea19a34d28882acef045104d0d1aae121700a779c984c24f8cdd78fbff44943eba368f54b29259a4f1c600ad3",
        "06fce640fa3487bfda5f6cf2d5263f8aad88334cbd07437f020f08f9814dc031ddbdc38c19c6da2583fa5429db94ada18aa7a7fb4ef8a086",
        "ce3e4ff95a60dc6697da1db1d85e6afbdf79b50a2412d7546d5f239fe14fbaadeb445fc66a01b0779d98223961111e21766282f73dd96b6f"),
       ("203d494428b8399352665ddca42f9de8fef600908e0d461cb021f8c538345dd77c3e4806e25f46d3315c44e0a5b4371282dd2c8d5be3095f",
        "0fbcc2f993cd56d3305b0b7d9e55d4c1a8fb5dbb52f8e9a1e9b6201b165d015894e56c4d3570bee52fe205e28a78b91cdfbde71ce8d157db",
        "884a02576239ff7a2f2f63b2db6a9ff37047ac13568e1e30fe63c4a7ad1b3ee3a5700df34321d62077e63633c575c1c954514e99da7c179d"),
       ("9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6f127ab1d9ac2d8c0a598726b",
        "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706dcb57aec3dae07bdc1c67bf33609",
        "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936521c24403085d59a449a5037514a879d")]


@pytest.mark.parametrize("core", CORES)
def test_rfc7748(core, mpy):
    lad = Ladder(core, mpy)
    for k, u, want in RFC:
        assert lad.x(bytes.fromhex(k), bytes.fromhex(u))[0].hex() == want
    five = (5).to_bytes(56, "little")
    assert lad.x(five, five)[0].hex() == ("3f482c8a9f19b01e6c46ee9711d9dc14fd4bf67af30765c2ae2b846a4d23a8cd0db897086239492caf350b51f8"
                                         "33868b9bc2b3bca9cf4113")


def test_wycheproof(mpy):
    lad = Ladder("cortex-m4", mpy)
    n = 0
    for _, t in wycheproof_tests("x448_test.json"):
        if len(t["public"]) != 112:
            continue  # a public key of another length: the API refuses it (test_x25519.py)
        got, _ = lad.x(bytes.fromhex(t["private"]), bytes.fromhex(t["public"]))
        assert got.hex() == t["shared"], t["tcId"]
        n += 1
    assert n > 400


@pytest.mark.parametrize("core", CORES)
def test_against_cryptography_and_constant_time(core, mpy):
    lad = Ladder(core, mpy)
    rnd = random.Random(core)
    cases = [(rnd.randbytes(56), rnd.randbytes(56)) for _ in range(6)]
    cases += [(bytes(56), bytes(56)), (b"\xff" * 56, b"\xff" * 56), (bytes(56), b"\xff" * 56),
              (b"\xff" * 56, (5).to_bytes(56, "little")), (b"\xaa" * 56, le(P - 1)), (b"\x55" * 56, le(P))]
    counts = set()
    for i, (k, u) in enumerate(cases):
        got, n = lad.x(k, u, skew=i % 4)
        counts.add(n)
        assert got == _pyca(k, u), (k.hex(), u.hex())
    assert len(counts) == 1, counts
    print("X448 thumb on %s: %d instructions per call" % (core, counts.pop()))


class _EmuBoth:
    """``montgomery_thumb``'s Python side on CPython, both ladders run on one emulated M4."""

    def __init__(self, mpy):
        self.k = emutest.Kernels("cortex-m4", mpy)
        text = SRC.read_text()
        ns = {"_ladder": self._fn("_ladder", 32), "_ladder448": self._fn("_ladder448", 56),
              "bytearray": bytearray, "bytes": bytes}
        exec(compile(text[text.index("class _Ladder"):], str(SRC), "exec"), ns)
        self.new = ns["new"]
        self.calls = 0

    def _fn(self, name, size):
        def run(out, k, u):
            ob = self.k.buf(bytes(size))
            flag, _ = self.k.result(name, ob, self.k.buf(bytes(k)), self.k.buf(bytes(u)))
            out[:] = ob.read()
            self.calls += 1
            return flag
        return run


def test_public_api_on_the_thumb_kernels(mpy):
    from mpcrypto import _backend
    from mpcrypto.ec import x448

    be = _EmuBoth(mpy)
    _backend.register("ec_montgomery", "thumb", be)
    _backend._contexts.clear()
    try:
        rnd = random.Random(9)
        a, b = rnd.randbytes(56), rnd.randbytes(56)
        pa = x448.X448PrivateKey.from_private_bytes(a)
        assert pa.public_key().public_bytes_raw() == X448PrivateKey.from_private_bytes(a).public_key().public_bytes_raw()
        pb = X448PrivateKey.from_private_bytes(b)
        peer = x448.X448PublicKey.from_public_bytes(pb.public_key().public_bytes_raw())
        assert pa.exchange(peer) == pb.exchange(X448PublicKey.from_public_bytes(pa.public_key().public_bytes_raw()))
        with pytest.raises(ValueError):
            pa.exchange(x448.X448PublicKey.from_public_bytes(bytes(56)))  # a low-order point
        assert be.calls == 3
    finally:
        _backend._hw.pop("ec_montgomery", None)
        _backend._chosen.pop("ec_montgomery", None)
        _backend._contexts.clear()
