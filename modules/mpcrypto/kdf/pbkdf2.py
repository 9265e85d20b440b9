"""PBKDF2 with HMAC (RFC 8018 §5.2), shaped like pyca's ``PBKDF2HMAC``.

    from mpcrypto.kdf.pbkdf2 import PBKDF2HMAC
    key = PBKDF2HMAC("sha256", 32, salt, 10000).derive(password)
    PBKDF2HMAC("sha256", 32, salt, 10000).verify(password, key)   # InvalidKey on mismatch

``algorithm`` is any hash of ``mpcrypto.hash.names.hash_class`` (name or class; an XOF is a
TypeError, an unknown name UnsupportedAlgorithm). ``length`` (dkLen) is 1 ..
(2**32 - 1) * hLen bytes (§5.2 step 1), ``iterations`` (c) >= 1, else ValueError; non-int
length or iterations are TypeError. ``salt`` and the password are buffers read as their
bytes. As in pyca, an object derives once (a second ``derive``/``verify`` raises
AlreadyFinalized).

The inner loop (§5.2 step 3: U_j = PRF(P, U_{j-1}), T ^= U_j) allocates nothing per
iteration for the Merkle-Damgård hashes (MD5, SHA-1, SHA-2, SM3) where viper is available:
the HMAC key's inner and outer states (one compression each, FIPS 198-1 §4) are computed
once; each iteration copies them into two preallocated working states and runs two
compressions over two preallocated, pre-padded one-block messages (hLen + 1 + length field
<= one block for every such hash), writing U_j and XORing it into T with viper helpers (the
loop is ``hash/_md_viper.chain``, which HMAC_DRBG's generate uses too). Two compressions per
iteration is the minimum for HMAC. Other hashes (SHA-3) and ports without viper take the
generic path: ``HMAC._mac`` per iteration, which allocates a few small objects each time.

Constant time: data-independent compressions and byte XORs; the password's length and the
iteration count are public.
"""

from mpcrypto import _backend
from mpcrypto._ct import compare_digest
from mpcrypto._util import as_bytes
from mpcrypto.exceptions import AlreadyFinalized, InvalidKey
from mpcrypto.hash.names import hash_class
from mpcrypto.mac import hmac

# The allocation-free loop and its viper helpers (hash/_md_viper: chain), asked of the
# seam per derivation; without them (no viper, or _backend.force("pbkdf2", "python")) every
# iteration goes through the HMAC objects.
_CHAIN = (("viper", "mpcrypto.hash._md_viper", None),)


def _xor_py(t, u, n):
    for i in range(n):
        t[i] ^= u[i]


def _block_md(kv, m, salt, c, i, out, off, n):
    # T_i (§5.2 step 3) into out[off:off + n], for an HMAC m over a Merkle-Damgård hash:
    # the allocation-free loop of the viper helpers kv (hash/_md_viper.chain).
    u = m._mac(salt + i.to_bytes(4, "big"))  # U_1 = PRF(P, S || INT(i))
    t = bytearray(u)
    kv.chain(m, u, c - 1, t, None)  # U_2..U_c, each XORed into T
    out[off:off + n] = memoryview(t)[:n]


def _block_generic(kv, m, salt, c, i, out, off, n):
    u = m._mac(salt + i.to_bytes(4, "big"))
    t = bytearray(u)
    for _ in range(c - 1):
        u = m._mac(u)
        _xor_py(t, u, len(t))
    out[off:off + n] = memoryview(t)[:n]


def pbkdf2_hmac(algorithm, password, salt, iterations, length):
    """PBKDF2-HMAC (RFC 8018 §5.2): ``length`` bytes from ``password`` and ``salt``."""
    cls = hash_class(algorithm)
    if type(length) is not int or type(iterations) is not int:
        raise TypeError("length and iterations must be int")
    hlen = cls.digest_size
    if length < 1 or length > 0xFFFFFFFF * hlen:  # §5.2 step 1
        raise ValueError("bad PBKDF2 length")
    if iterations < 1:
        raise ValueError("iterations must be >= 1")
    salt = as_bytes(salt)
    m = hmac.new(as_bytes(password), None, cls)
    kv = _backend.helper("pbkdf2", _CHAIN)
    md = kv is not None and m._ist is not None and m._inner is None
    f = _block_md if md else _block_generic
    out = bytearray(length)
    nblk = (length + hlen - 1) // hlen  # §5.2 step 2
    for i in range(1, nblk + 1):
        off = (i - 1) * hlen
        f(kv, m, salt, iterations, i, out, off, min(hlen, length - off))
    return bytes(out)


class PBKDF2HMAC:
    """``PBKDF2HMAC(algorithm, length, salt, iterations)``; ``derive(password)``."""

    def __init__(self, algorithm, length, salt, iterations, backend=None):
        self._cls = hash_class(algorithm)
        if type(length) is not int or type(iterations) is not int:
            raise TypeError("length and iterations must be int")
        if length < 1 or length > 0xFFFFFFFF * self._cls.digest_size:
            raise ValueError("bad PBKDF2 length")
        if iterations < 1:
            raise ValueError("iterations must be >= 1")
        self._len = length
        self._salt = as_bytes(salt)
        self._c = iterations
        self._used = False

    def derive(self, key_material):
        if self._used:
            raise AlreadyFinalized("PBKDF2 already used")
        pw = as_bytes(key_material)
        self._used = True
        return pbkdf2_hmac(self._cls, pw, self._salt, self._c, self._len)

    def verify(self, key_material, expected_key):
        if not compare_digest(self.derive(key_material), as_bytes(expected_key)):
            raise InvalidKey("keys do not match")
