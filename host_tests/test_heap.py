"""The heap budget of a K64F-class board (DESIGN.md): every public operation runs in a
96 KB heap with the library frozen, and asks for no block above 4 KB.

CI proxy (this test): the unix port with ``-X heapsize=256K`` on the library and drivers
compiled with mpy-cross for x64, one fresh interpreter per operation. Why 256K: on x64 every
word, object and GC block is twice the size of a 32-bit port's, and the .mpy code lives on
the heap, where a frozen firmware keeps it in flash. Measured in use after import (key
objects included): Ed25519 verification 121 KB here against 37 KB on an emulated Cortex-M4
with the library frozen, P-256 signing 57 KB against 12 KB. 256K leaves twice the room that
96 KB leaves on the M4 (2 x (96 - 37) = 118 KB above 121 KB), i.e. the same room in 32-bit
terms. On a device, ``tools/heap_report.py`` runs the same driver against a
frozen firmware.

For each operation, after import (and the key objects), the free heap is cut into holes of
at most ~4 KB (blocks of 4 KB, each followed by a pinned byte; ``drv_heap._fragment``), then
the operation runs twice with the collector on. Any allocation above ~4 KB, or a working set
that does not fit, fails it with MemoryError. The Weierstrass curves run on the 16-bit-limb
backend ("viper"), the one a Cortex-M runs.
"""

import pathlib
import tempfile

import pytest

from harness import MPError, UnixTarget, build_mpy_tree

CURVES = ["secp192r1", "secp192k1", "secp224r1", "secp224k1", "secp256r1", "secp256k1", "secp384r1",
          "secp521r1", "brainpoolP160r1", "brainpoolP160t1", "brainpoolP192r1", "brainpoolP192t1",
          "brainpoolP224r1", "brainpoolP224t1", "brainpoolP256r1", "brainpoolP256t1", "brainpoolP320r1",
          "brainpoolP320t1", "brainpoolP384r1", "brainpoolP384t1", "brainpoolP512r1", "brainpoolP512t1",
          "sm2"]
OPS = ([k + ":" + c for c in CURVES for k in ("ecdsa_sign", "ecdsa_verify", "ecdh")]
       + ["sm2_sign:sm2", "sm2_verify:sm2", "ed25519:sign", "ed25519:verify", "ed448:sign", "ed448:verify",
          "x25519:", "x448:", "gcm:", "ccm:", "hash:sha256", "hash:sha512", "hash:sm3", "hmac:sha256",
          "hmac:sha512"])


@pytest.fixture(scope="module")
def small_heap(target):
    if not target.is_unix:
        pytest.skip("on a device, run tools/heap_report.py against a frozen firmware")
    tree = tempfile.TemporaryDirectory(prefix="mpcrypto-x64-")
    build_mpy_tree("x64", pathlib.Path(tree.name))
    yield UnixTarget(heapsize="256K", mpy_tree=tree.name)
    tree.cleanup()


@pytest.mark.parametrize("op", OPS)
def test_fits_in_small_fragmented_heap(small_heap, op):
    got = small_heap.call("drv_heap", "measure", [(op, "frag")], force={"ec_weierstrass": "viper"})[0]
    assert not isinstance(got, MPError), "%s: %r" % (op, got)
    used, holes = got
    assert holes >= 4, "%s: the heap had only %d holes of 4 KB after import" % (op, holes)
