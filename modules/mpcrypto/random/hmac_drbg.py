"""HMAC_DRBG (NIST SP 800-90A Rev. 1 §10.1.2) over SHA-1, SHA-224/256/384/512 (any hash of
the name table, through ``mac.hmac``).

    from mpcrypto.random.hmac_drbg import HMAC_DRBG
    d = HMAC_DRBG("sha256")                 # seeded from entropy.default_source()
    d.generate(32); d.generate(32, additional_input=b"..."); d.reseed()

Constructor and methods: see ``random/_drbg.py`` (shared by the three DRBGs). Security
strength (SP 800-57 / 800-90A Table 2): 128 bits for SHA-1, 192 for SHA-224, 256 for
SHA-256 and larger. Entropy input: security_strength bits; nonce: half that (drawn from the
source unless given). The process-wide ``mpcrypto.random.rng.random_bytes`` is an HMAC_DRBG
over SHA-256.

Allocation: the generate loop (V = HMAC(Key, V) per output block) runs on preallocated
states and blocks for the Merkle-Damgard hashes where viper is available (the HMAC-state
helpers of ``mac/_hmac_viper.py``, which PBKDF2 uses too), one small memoryview per block;
each Update makes new HMAC objects.
"""

from array import array
from mpcrypto import _backend
from mpcrypto.hash._md import _MD
from mpcrypto.hash.names import hash_class
from mpcrypto.mac import hmac
from mpcrypto.random._drbg import DRBG

# The HMAC-state viper helpers (mac/_hmac_viper: copy_words, put_words), asked of the seam
# per request: the V = HMAC(K, V) chain without allocation per block; without them (no
# viper, or _backend.force("hmac_drbg", "python")) each block goes through the HMAC object.
_CHAIN = (("viper", "mpcrypto.mac._hmac_viper", None),)


def _chain(kv, m, v, out):
    # V = HMAC(K, V) repeated, each V written to out (len(out) a multiple of the digest
    # size); m is HMAC keyed with K over a Merkle-Damgard hash. As PBKDF2's loop
    # (kdf/pbkdf2.py): the keyed inner and outer states copied into two working states,
    # two compressions over two pre-padded one-block messages (FIPS 198-1 §4 with the
    # keyed blocks already absorbed), no allocation but one small memoryview per block.
    # Returns the last V. kv: the viper helpers.
    _copy, _put = kv.copy_words, kv.put_words
    inner = m._inner
    k = inner._k
    bs = inner.block_size
    ds = inner.digest_size
    nw = ds >> 2
    le = 1 if inner._le else 0
    ist = inner._st
    ost = m._outer._st
    nst = len(ist)
    si = array("I", bytes(4 * nst))
    so = array("I", bytes(4 * nst))
    blk = bytearray(bs)
    blk[:ds] = v
    blk[ds] = 0x80
    bits = (bs + ds) * 8
    lenb = inner._lenb
    for j in range(lenb):
        b = (bits >> (8 * j)) & 0xFF
        if le:
            blk[bs - lenb + j] = b
        else:
            blk[bs - 1 - j] = b
    oblk = bytearray(blk)
    mv = memoryview(out)
    for o in range(0, len(out), ds):
        _copy(si, ist, nst)
        k(si, blk, 0, 1)  # inner hash of V
        _put(oblk, si, nw, le)
        _copy(so, ost, nst)
        k(so, oblk, 0, 1)  # outer hash: the new V
        _put(blk, so, nw, le)  # the next inner message
        _put(mv[o:o + ds], so, nw, le)
    return bytes(blk[:ds])

_STRENGTH = {16: 128, 20: 128, 28: 192}  # digest size -> bits; 32 and more: 256


class HMAC_DRBG(DRBG):
    def __init__(self, hashalg="sha256", entropy=None, nonce=None, personalization=None,
                 prediction_resistance=False, reseed_interval=None):
        self._cls = cls = hash_class(hashalg)
        ds = cls.digest_size
        self.security_strength = _STRENGTH.get(ds, 256)
        self.name = "HMAC_DRBG " + cls.name
        self._setup(entropy, nonce, personalization, prediction_resistance, reseed_interval, True)

    def _update(self, data):
        # §10.1.2.2 HMAC_DRBG_Update.
        cls = self._cls
        self._K = hmac.new(self._K, self._V + b"\x00" + data, cls).digest()
        m = hmac.new(self._K, None, cls)
        self._V = m._mac(self._V)
        if not data:
            return m
        self._K = hmac.new(self._K, self._V + b"\x01" + data, cls).digest()
        m = hmac.new(self._K, None, cls)
        self._V = m._mac(self._V)
        return m

    def _instantiate(self, ent, nonce, pers):
        # §10.1.2.3: Key = 0x00.., V = 0x01.., Update(entropy || nonce || personalization).
        ds = self._cls.digest_size
        self._K = bytes(ds)
        self._V = b"\x01" * ds
        self._m = self._update(ent + nonce + pers)

    def _reseed(self, ent, add):
        # §10.1.2.4: Update(entropy || additional_input).
        self._m = self._update(ent + add)

    def _generate(self, n, add):
        # §10.1.2.5. self._m is HMAC keyed with the current K (kept across calls).
        if add:
            self._m = self._update(add)
        m = self._m
        v = self._V
        ds = len(v)
        out = bytearray((n + ds - 1) // ds * ds)
        kv = _backend.helper("hmac_drbg", _CHAIN) if out else None
        if not out:
            pass
        elif kv is not None and isinstance(m._inner, _MD) and m._inner._n == 0:
            v = _chain(kv, m, v, out)
        else:
            for o in range(0, len(out), ds):
                v = m._mac(v)  # V = HMAC(Key, V)
                out[o:o + ds] = v
        self._V = v
        self._m = self._update(add)
        return bytes(out[:n])
