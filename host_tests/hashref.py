"""The fixed-output hashes of the library, for the tests that run over all of them
(``test_hash_contract.py``, ``test_hmac.py``): each hash's seam primitive, backends and
padding, an oracle digest and HMAC (CPython ``hashlib``/``hmac``; ``cryptography`` for SM3,
which OpenSSL builds may lack in ``hashlib``), and the ``force`` that pins a backend."""

import hashlib
import hmac as pyhmac

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives import hmac as cmac_hmac

from harness import need

# name -> (seam primitive, the primitive's module, its backends, bytes of the length field)
HASHES = {
    "md5": ("md5", "mpcrypto.hash.md5", ("viper", "python"), 8),
    "sha1": ("sha1", "mpcrypto.hash.sha1", ("viper", "python"), 8),
    "sha224": ("sha256", "mpcrypto.hash.sha256", ("thumb", "viper", "python"), 8),
    "sha256": ("sha256", "mpcrypto.hash.sha256", ("thumb", "viper", "python"), 8),
    "sha384": ("sha512", "mpcrypto.hash.sha512", ("thumb", "viper", "python"), 16),
    "sha512": ("sha512", "mpcrypto.hash.sha512", ("thumb", "viper", "python"), 16),
    "sha512_224": ("sha512", "mpcrypto.hash.sha512", ("thumb", "viper", "python"), 16),
    "sha512_256": ("sha512", "mpcrypto.hash.sha512", ("thumb", "viper", "python"), 16),
    "sha3_224": ("keccak", "mpcrypto.hash.sha3", ("viper", "python"), 0),
    "sha3_256": ("keccak", "mpcrypto.hash.sha3", ("viper", "python"), 0),
    "sha3_384": ("keccak", "mpcrypto.hash.sha3", ("viper", "python"), 0),
    "sha3_512": ("keccak", "mpcrypto.hash.sha3", ("viper", "python"), 0),
    "sm3": ("sm3", "mpcrypto.hash.sm3", ("viper", "python"), 8),
}
PAIRS = [(n, b) for n, v in HASHES.items() for b in v[2]]
IDS = ["%s-%s" % p for p in PAIRS]
# Primitives whose viper kernel allocates nothing per update() on a 32-bit port too; the
# others keep 32-bit words as Python integers there and are checked on the unix port only.
ZERO_HEAP_32 = ("keccak",)


def ref(name, data):
    if name == "sm3":
        h = hashes.Hash(hashes.SM3())
        h.update(data)
        return h.finalize()
    return hashlib.new(name, data).digest()


def block_size(name):
    return 64 if name == "sm3" else hashlib.new(name).block_size


def digest_size(name):
    return 32 if name == "sm3" else hashlib.new(name).digest_size


def force_for(target, name, backend):
    prim, mod = HASHES[name][:2]
    return need(target, mod, prim, backend)


def one_block_max(name):
    # The longest message whose padding still fits in one block.
    return block_size(name) - HASHES[name][3] - 1


def ref_hmac(name, key, msg):
    if name == "sm3":
        m = cmac_hmac.HMAC(key, hashes.SM3())
        m.update(msg)
        return m.finalize()
    return pyhmac.new(key, msg, name).digest()
