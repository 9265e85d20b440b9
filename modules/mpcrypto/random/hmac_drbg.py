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
loop of ``hash/_md_viper.py``, which PBKDF2 uses too), one small memoryview per block;
each Update makes new HMAC objects.
"""

from mpcrypto import _backend
from mpcrypto.hash.names import hash_class
from mpcrypto.mac import hmac
from mpcrypto.random._drbg import DRBG

# The HMAC-state loop and its viper helpers (hash/_md_viper: chain), asked of the seam
# per request: the V = HMAC(K, V) chain without allocation per block; without them (no
# viper, or _backend.force("hmac_drbg", "python")) each block goes through the HMAC object.
_CHAIN = (("viper", "mpcrypto.hash._md_viper", None),)


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
        # §10.1.2.2 HMAC_DRBG_Update, on locals: K, V and the HMAC keyed with K (self._m)
        # change together at the end, with nothing allocated between, so a MemoryError part
        # way (a large additional input on a small heap) leaves the state as it was.
        cls = self._cls
        k = hmac.new(self._K, self._V + b"\x00" + data, cls).digest()
        m = hmac.new(k, None, cls)
        v = m._mac(self._V)
        if data:
            k = hmac.new(k, v + b"\x01" + data, cls).digest()
            m = hmac.new(k, None, cls)
            v = m._mac(v)
        self._K, self._V, self._m = k, v, m

    def _instantiate(self, ent, nonce, pers):
        # §10.1.2.3: Key = 0x00.., V = 0x01.., Update(entropy || nonce || personalization).
        ds = self._cls.digest_size
        self._K = bytes(ds)
        self._V = b"\x01" * ds
        self._update(ent + nonce + pers)

    def _reseed(self, ent, add):
        # §10.1.2.4: Update(entropy || additional_input).
        self._update(ent + add)

    def _generate(self, n, add):
        # §10.1.2.5. self._m is HMAC keyed with the current K (kept across calls).
        if add:
            self._update(add)
        m = self._m
        v = self._V
        ds = len(v)
        out = bytearray((n + ds - 1) // ds * ds)
        kv = _backend.helper("hmac_drbg", _CHAIN) if out else None
        if not out:
            pass
        elif kv is not None and m._ist is not None and m._inner is None:
            v = kv.chain(m, v, len(out) // ds, None, out)  # V = HMAC(K, V), each into out
        else:
            for o in range(0, len(out), ds):
                v = m._mac(v)  # V = HMAC(Key, V)
                out[o:o + ds] = v
        # A MemoryError from here on releases no output, and the next request starts from
        # this V: no block given out before is given again.
        self._V = v
        self._update(add)
        return bytes(out[:n])
