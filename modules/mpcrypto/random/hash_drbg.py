"""Hash_DRBG (NIST SP 800-90A Rev. 1 §10.1.1) over SHA-1, SHA-224/256/384/512 (any hash of the
name table).

    from mpcrypto.random.hash_drbg import Hash_DRBG
    d = Hash_DRBG("sha512"); d.generate(64)

Constructor and methods: see ``random/_drbg.py``. seedlen (Table 2): 440 bits for hashes of
up to 256-bit output, 888 bits above; security strength 128 (SHA-1), 192 (SHA-224), 256.
The additions mod 2**seedlen are done on bytes (``_drbg.add_into``): no integer is made of
the secret V or C.
"""

from mpcrypto.hash.names import hash_class
from mpcrypto.random._drbg import DRBG, add_into, add_int

_STRENGTH = {16: 128, 20: 128, 28: 192}


class Hash_DRBG(DRBG):
    def __init__(self, hashalg="sha256", entropy=None, nonce=None, personalization=None,
                 prediction_resistance=False, reseed_interval=None):
        self._cls = cls = hash_class(hashalg)
        ds = cls.digest_size
        self.security_strength = _STRENGTH.get(ds, 256)
        self._seedlen = 55 if ds <= 32 else 111  # bytes
        self._h0 = cls()
        self.name = "Hash_DRBG " + cls.name
        self._setup(entropy, nonce, personalization, prediction_resistance, reseed_interval, True)

    def _df(self, data, n):
        # §10.3.1 Hash_df: Hash(counter || no_of_bits_to_return || input_string), counter
        # from 1, concatenated, leftmost n bytes.
        cls = self._cls
        head = bytearray(5)
        bits = 8 * n
        head[1] = bits >> 24 & 0xFF
        head[2] = bits >> 16 & 0xFF
        head[3] = bits >> 8 & 0xFF
        head[4] = bits & 0xFF
        out = bytearray()
        c = 1
        while len(out) < n:
            head[0] = c
            h = cls(head)
            h.update(data)
            out += h.digest()
            c += 1
        return out[:n]

    def _seed(self, material):
        # §10.1.1.2 steps 2-5 / §10.1.1.3 steps 2-5: V = Hash_df(seed_material), C =
        # Hash_df(0x00 || V).
        sl = self._seedlen
        self._V = self._df(material, sl)
        self._C = self._df(b"\x00" + self._V, sl)

    def _instantiate(self, ent, nonce, pers):
        self._seed(ent + nonce + pers)

    def _reseed(self, ent, add):
        self._seed(b"\x01" + self._V + ent + add)

    def _generate(self, n, add):
        # §10.1.1.4.
        cls = self._cls
        v = self._V
        if add:  # step 2: w = Hash(0x02 || V || additional_input); V = V + w
            h = cls(b"\x02")
            h.update(v)
            h.update(add)
            add_into(v, h.digest())
        # step 3, Hashgen (§10.1.1.4): Hash(data), data + 1, ... from data = V. One empty
        # hash object finishes every block (_digest_plus: the digest of its (empty) state
        # followed by data, the object unchanged), so no hash object is made per block.
        data = bytearray(v)
        h0 = self._h0
        ds = cls.digest_size
        out = bytearray((n + ds - 1) // ds * ds)
        for o in range(0, len(out), ds):
            out[o:o + ds] = h0._digest_plus(data)
            add_int(data, 1)
        # steps 4-6: H = Hash(0x03 || V); V = V + H + C + reseed_counter.
        h = cls(b"\x03")
        h.update(v)
        add_into(v, h.digest())
        add_into(v, self._C)
        add_int(v, self.reseed_counter)
        return bytes(out[:n])
