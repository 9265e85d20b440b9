"""CTR_DRBG (NIST SP 800-90A Rev. 1 §10.2.1) over AES-128/192/256, with or without the
derivation function (Block_Cipher_df, §10.3.2), through ``cipher.aes`` (its seam: viper,
the C built-in or a board's AES).

    from mpcrypto.random.ctr_drbg import CTR_DRBG
    d = CTR_DRBG(32)                        # AES-256, derivation function
    d = CTR_DRBG(16, derivation=False)      # AES-128, full-entropy input of seedlen bits
    d.generate(64)

``CTR_DRBG(key_size=32, derivation=True, entropy=None, nonce=None, personalization=None,
prediction_resistance=False, reseed_interval=None)``; methods: see ``random/_drbg.py``.
blocklen 128, ctr_len 128 (the whole V is the counter: one CTR-mode keystream per request,
V incremented as one big-endian number, §10.2.1.5.1 with ctr_len = blocklen), seedlen =
keylen + 128 bits. Security strength = keylen. With the derivation function the entropy
input is security_strength bits plus a nonce of half that; without it, the entropy input
is exactly seedlen bits of full entropy (Table 3), and the personalization string and
additional input may be at most seedlen bits (ValueError beyond).
"""

from mpcrypto._util import as_bytes
from mpcrypto.cipher import aes
from mpcrypto.random._drbg import DRBG, add_int

# §10.3.2 step 8: K = leftmost keylen bits of 0x00010203...1F.
_DF_KEY = bytes(range(32))


def _xor(a, b):
    # a ^ b for equal-length byte strings, into a new bytearray.
    out = bytearray(a)
    for i in range(len(b)):
        out[i] ^= b[i]
    return out


class CTR_DRBG(DRBG):
    def __init__(self, key_size=32, derivation=True, entropy=None, nonce=None, personalization=None,
                 prediction_resistance=False, reseed_interval=None):
        if key_size not in (16, 24, 32):
            raise ValueError("key_size must be 16, 24 or 32")
        self._kl = key_size
        self._sl = key_size + 16  # seedlen in bytes
        self._df_on = bool(derivation)
        self.security_strength = 8 * key_size
        self.name = "CTR_DRBG AES-%d%s" % (8 * key_size, "" if derivation else " no df")
        if not derivation:
            if personalization is not None and len(as_bytes(personalization)) > self._sl:
                raise ValueError("personalization longer than seedlen")
        self._setup(entropy, nonce, personalization, prediction_resistance, reseed_interval, derivation)

    def _entropy_len(self):
        # Table 3: without df the entropy input is seedlen bits (full entropy).
        return self.security_strength // 8 if self._df_on else self._sl

    def _stream(self, key, v, n):
        # E(Key, V+1) || E(Key, V+2) || ..., n bytes: CTR mode from V + 1; returns the
        # keystream and V advanced by the blocks used (§10.2.1.2 steps 1-2, §10.2.1.5.1
        # step 4).
        iv = bytearray(v)
        add_int(iv, 1)
        nb = (n + 15) // 16
        ks = aes.aes(key, aes.MODE_CTR, iv).encrypt(bytes(16 * nb))
        v2 = bytearray(v)
        add_int(v2, nb)
        return ks[:n], v2

    def _update(self, data):
        # §10.2.1.2 CTR_DRBG_Update: temp = keystream(seedlen) ^ provided_data.
        t, _ = self._stream(self._K, self._V, self._sl)
        t = _xor(t, data)
        self._K = bytes(t[:self._kl])
        self._V = bytes(t[self._kl:])

    def _bcc(self, key, data):
        # §10.3.3 BCC: CBC-MAC with a zero IV (the last block of the CBC encryption).
        return aes.aes(key, aes.MODE_CBC, bytes(16)).encrypt(data)[-16:]

    def _df(self, data, n):
        # §10.3.2 Block_Cipher_df(input_string, n bytes).
        kl = self._kl
        s = bytearray(8)
        ln = len(data)
        for i in range(4):
            s[3 - i] = ln >> (8 * i) & 0xFF
            s[7 - i] = n >> (8 * i) & 0xFF
        s += data
        s.append(0x80)
        while len(s) % 16:
            s.append(0)
        k = _DF_KEY[:kl]
        temp = bytearray()
        i = 0
        while len(temp) < kl + 16:
            iv = bytearray(16)
            iv[0] = i >> 24 & 0xFF
            iv[1] = i >> 16 & 0xFF
            iv[2] = i >> 8 & 0xFF
            iv[3] = i & 0xFF
            temp += self._bcc(k, iv + s)
            i += 1
        k = bytes(temp[:kl])
        x = bytes(temp[kl:kl + 16])
        # X = E(K, X) repeated: the CBC encryption of zeros with IV = X.
        nb = (n + 15) // 16
        return aes.aes(k, aes.MODE_CBC, x).encrypt(bytes(16 * nb))[:n]

    def _material(self, data):
        # The seed material or additional input as seedlen bytes: through the df, or zero
        # padded (no df; longer is a ValueError, §10.2.1.3.1 / §10.2.1.5.1).
        sl = self._sl
        if self._df_on:
            return self._df(data, sl)
        if len(data) > sl:
            raise ValueError("input longer than seedlen")
        return data + bytes(sl - len(data))

    def _instantiate(self, ent, nonce, pers):
        # §10.2.1.3.1 (no df: entropy ^ personalization) / §10.2.1.3.2 (df(entropy ||
        # nonce || personalization)); Key = 0, V = 0; Update(seed_material).
        sl = self._sl
        if self._df_on:
            seed = self._df(ent + nonce + pers, sl)
        else:
            if len(ent) != sl:
                raise ValueError("CTR_DRBG without df needs seedlen bytes of full entropy")
            seed = _xor(ent, self._material(pers))
        self._K = bytes(self._kl)
        self._V = bytes(16)
        self._update(seed)

    def _reseed(self, ent, add):
        # §10.2.1.4.
        if self._df_on:
            seed = self._df(ent + add, self._sl)
        else:
            if len(ent) != self._sl:
                raise ValueError("CTR_DRBG without df needs seedlen bytes of full entropy")
            seed = _xor(ent, self._material(add))
        self._update(seed)

    def _generate(self, n, add):
        # §10.2.1.5.1 / §10.2.1.5.2.
        if add:
            add = self._material(add)
            self._update(add)
        else:
            add = bytes(self._sl)
        out, self._V = self._stream(self._K, self._V, n)
        self._update(add)
        return bytes(out)
