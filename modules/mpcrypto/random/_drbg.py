"""What the three SP 800-90A DRBGs share: the reseed counter, prediction resistance, the
argument rules and the entropy draws (SP 800-90A §9). The mechanisms (``hmac_drbg``,
``hash_drbg``, ``ctr_drbg``) supply ``_instantiate``, ``_reseed`` and ``_generate``.

Public surface of every DRBG object (documented once here):

- ``X(..., entropy=None, nonce=None, personalization=None, prediction_resistance=False,
  reseed_interval=None)``: ``entropy`` a callable ``entropy(n) -> bytes`` returning at
  least n bytes' worth of min-entropy (default: ``entropy.default_source()``, the
  health-tested board TRNG or os.urandom); ``nonce`` bytes, or None to draw
  security_strength/2 bits from ``entropy`` (§8.6.7); ``personalization`` bytes or None
  (§8.7.1). ``prediction_resistance`` True instantiates with prediction-resistance support
  and makes every ``generate`` reseed first (§8.8); ``reseed_interval`` is the number of
  ``generate`` calls between automatic reseeds (default and maximum 2**48, Table 2/3).
- ``generate(n, additional_input=None, prediction_resistance=None)`` -> n bytes (n at most
  65536, 2**19 bits, per request: Table 2/3); None means the instance's setting; True on a
  DRBG instantiated without support is a ValueError (§9.3.1 step 5).
- ``reseed(additional_input=None)``: §9.2, fresh entropy from the source.
- ``reseed_counter``: generate calls since the last (re)seed, plus 1 (§9.3.1).
- ``security_strength`` in bits; ``name`` ("HMAC_DRBG SHA-256", ...).

Inputs are buffers read as their bytes (``str``/``int`` are TypeError). Nothing here is
constant time beyond what the underlying hash/AES backend promises; output lengths, input
lengths and the reseed schedule are public.
"""

from mpcrypto._util import as_bytes

MAX_REQUEST = 65536  # bytes: max_number_of_bits_per_request 2**19 (Tables 2 and 3)
MAX_INTERVAL = 1 << 48  # reseed_interval (Tables 2 and 3)


def _opt(x):
    return b"" if x is None else as_bytes(x)


def _default_entropy():
    from mpcrypto.random.entropy import default_source

    return default_source()


class DRBG:
    security_strength = 0  # bits; set by the mechanism

    def _setup(self, entropy, nonce, personalization, prediction_resistance, reseed_interval, need_nonce):
        if entropy is None:
            entropy = _default_entropy()
        elif not callable(entropy):
            raise TypeError("entropy must be callable")
        if reseed_interval is None:
            reseed_interval = MAX_INTERVAL
        elif type(reseed_interval) is not int:
            raise TypeError("reseed_interval must be int")
        if not 1 <= reseed_interval <= MAX_INTERVAL:
            raise ValueError("bad reseed_interval")
        self._entropy = entropy
        self._pr = bool(prediction_resistance)
        self._interval = reseed_interval
        pers = _opt(personalization)
        ent = self._draw()  # §9.1 step 6 (with PR support or not, fresh entropy)
        if nonce is None:
            nonce = self._entropy((self.security_strength + 15) // 16) if need_nonce else b""
        else:
            nonce = as_bytes(nonce)
        self._instantiate(ent, nonce, pers)
        self.reseed_counter = 1

    def _draw(self):
        n = self._entropy_len()
        e = self._entropy(n)
        if e is None or len(e) < n:
            raise ValueError("entropy source returned too little")
        return as_bytes(e)

    def _entropy_len(self):
        return self.security_strength // 8  # §8.6.3: at least security_strength bits

    def reseed(self, additional_input=None):
        """§9.2: reseed from the entropy source, mixing in ``additional_input``."""
        self._reseed(self._draw(), _opt(additional_input))
        self.reseed_counter = 1

    def generate(self, n, additional_input=None, prediction_resistance=None):
        """§9.3.1: ``n`` pseudorandom bytes."""
        if type(n) is not int:
            raise TypeError("n must be int")
        if n < 0 or n > MAX_REQUEST:
            raise ValueError("bad request length")
        pr = self._pr if prediction_resistance is None else prediction_resistance
        if pr and not self._pr:
            raise ValueError("instantiated without prediction resistance")
        add = _opt(additional_input)
        if pr or self.reseed_counter > self._interval:  # §9.3.1 steps 7 and 9
            self.reseed(add)
            add = b""
        out = self._generate(n, add)
        self.reseed_counter += 1
        return out

    def __call__(self, n):
        """``rng(n)``: the callable every key generation takes."""
        out = bytearray()
        while n > 0:
            k = n if n < MAX_REQUEST else MAX_REQUEST
            out += self.generate(k)
            n -= k
        return bytes(out)


def add_into(v, x):
    """v = (v + x) mod 2**(8 * len(v)), big-endian bytes, v a bytearray, len(x) <= len(v).
    A byte loop on small ints (no integer of the secret state); its work depends only on
    the lengths."""
    c = 0
    i = len(v) - 1
    j = len(x) - 1
    while i >= 0:
        s = v[i] + c + (x[j] if j >= 0 else 0)
        v[i] = s & 0xFF
        c = s >> 8
        i -= 1
        j -= 1


def add_int(v, k):
    """v = (v + k) mod 2**(8 * len(v)) for a public small int k >= 0 (a counter)."""
    i = len(v) - 1
    while i >= 0 and k:
        s = v[i] + (k & 0xFF)
        v[i] = s & 0xFF
        k = (k >> 8) + (s >> 8)
        i -= 1
