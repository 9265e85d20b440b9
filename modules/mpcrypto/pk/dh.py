"""Finite-field Diffie-Hellman (NIST SP 800-56A rev. 3 FFC DH primitive, 5.7.1.1) with the
RFC 7919 FFDHE groups and custom groups, in pyca's shapes
(``cryptography.hazmat.primitives.asymmetric.dh``).

::

    from mpcrypto.pk import dh
    params = dh.ffdhe(2048)                      # RFC 7919 ffdhe2048 (g = 2, q = (p - 1) / 2)
    a = params.generate_private_key()
    b = params.generate_private_key()
    assert a.exchange(b.public_key()) == b.exchange(a.public_key())   # len(p) bytes

- ``ffdhe(bits)``: ffdhe2048/3072/4096/6144/8192 (RFC 7919 Appendix A; the primes are safe
  primes, q = (p - 1) / 2). ``DHParameterNumbers(p, g, q=None)`` for a custom group
  (RFC 5114-style groups give q).
- ``generate_private_key``: x uniform in [1, min(q, 2^(2s)) - 1] where s is the group's
  security strength (SP 800-56A 5.6.1.1.1 with RFC 7919 section 5.2's short exponents;
  s = 112/128/152/176/200 for 2048..8192-bit p, SP 800-56A Table 25 / RFC 7919), or
  x of len(p) bits - 1 when q is unknown.
- ``DHPublicNumbers(y, params)``, ``DHPrivateNumbers(x, public_numbers)`` (the pair is
  checked: y = g^x mod p).
- ``exchange(peer_public_key)``: Z = y_peer^x mod p, big-endian, padded to len(p) bytes (RFC
  8446 7.4.1, SP 800-56A 5.7.1.1). The peer's value is validated first (SP 800-56A
  5.6.2.3.1): 2 <= y <= p - 2, and y^q = 1 mod p when q is known (subgroup check); Z in
  {0, 1, p - 1} is refused. ValueError for any of these.

Constant time: y^x runs the MPI engine's fixed window over x as bytes of a fixed length (the
secret never becomes a Python integer on the way); the validation handles public values.
MicroPython integers in conversions (not constant time) as everywhere in ``mpcrypto.pk``.
"""

from mpcrypto import _util
from mpcrypto.pk import _ffc, modexp, mpi

# RFC 7919 Appendix A: p = 2^b - 2^(b-64) + {[2^(b-130) e] + X} 2^64 - 1 (host_tests/test_dh.py
# recomputes every one from this formula), g = 2. The primes share their leading digits (those
# of e): the b-bit one is the first b/256 - 1 lines of _HEAD (the 8192-bit prime but its last
# 64 hex digits) followed by its own last 64 digits, _TAIL[b].
_HEAD = (
    "FFFFFFFFFFFFFFFFADF85458A2BB4A9AAFDC5620273D3CF1D8B9C583CE2D3695",
    "A9E13641146433FBCC939DCE249B3EF97D2FE363630C75D8F681B202AEC4617A",
    "D3DF1ED5D5FD65612433F51F5F066ED0856365553DED1AF3B557135E7F57C935",
    "984F0C70E0E68B77E2A689DAF3EFE8721DF158A136ADE73530ACCA4F483A797A",
    "BC0AB182B324FB61D108A94BB2C8E3FBB96ADAB760D7F4681D4F42A3DE394DF4",
    "AE56EDE76372BB190B07A7C8EE0A6D709E02FCE1CDF7E2ECC03404CD28342F61",
    "9172FE9CE98583FF8E4F1232EEF28183C3FE3B1B4C6FAD733BB5FCBC2EC22005",
    "C58EF1837D1683B2C6F34A26C1B2EFFA886B4238611FCFDCDE355B3B6519035B",
    "BC34F4DEF99C023861B46FC9D6E6C9077AD91D2691F7F7EE598CB0FAC186D91C",
    "AEFE130985139270B4130C93BC437944F4FD4452E2D74DD364F2E21E71F54BFF",
    "5CAE82AB9C9DF69EE86D2BC522363A0DABC521979B0DEADA1DBF9A42D5C4484E",
    "0ABCD06BFA53DDEF3C1B20EE3FD59D7C25E41D2B669E1EF16E6F52C3164DF4FB",
    "7930E9E4E58857B6AC7D5F42D69F6D187763CF1D5503400487F55BA57E31CC7A",
    "7135C886EFB4318AED6A1E012D9E6832A907600A918130C46DC778F971AD0038",
    "092999A333CB8B7A1A1DB93D7140003C2A4ECEA9F98D0ACC0A8291CDCEC97DCF",
    "8EC9B55A7F88A46B4DB5A851F44182E1C68A007E5E0DD9020BFD64B645036C7A",
    "4E677D2C38532A3A23BA4442CAF53EA63BB454329B7624C8917BDD64B1C0FD4C",
    "B38E8C334C701C3ACDAD0657FCCFEC719B1F5C3E4E46041F388147FB4CFDB477",
    "A52471F7A9A96910B855322EDB6340D8A00EF092350511E30ABEC1FFF9E3A26E",
    "7FB29F8C183023C3587E38DA0077D9B4763E4E4B94B2BBC194C6651E77CAF992",
    "EEAAC0232A281BF6B3A739C1226116820AE8DB5847A67CBEF9C9091B462D538C",
    "D72B03746AE77F5E62292C311562A846505DC82DB854338AE49F5235C95B9117",
    "8CCF2DD5CACEF403EC9D1810C6272B045B3B71F9DC6B80D63FDD4A8E9ADB1E69",
    "62A69526D43161C1A41D570D7938DAD4A40E329CCFF46AAA36AD004CF600C838",
    "1E425A31D951AE64FDB23FCEC9509D43687FEB69EDD1CC5E0B8CC3BDF64B10EF",
    "86B63142A3AB8829555B2F747C932665CB2C0F1CC01BD70229388839D2AF05E4",
    "54504AC78B7582822846C0BA35C35F5C59160CC046FD8251541FC68C9C86B022",
    "BB7099876A460E7451A8A93109703FEE1C217E6C3826E52C51AA691E0E423CFC",
    "99E9E31650C1217B624816CDAD9A95F9D5B8019488D9C0A0A1FE3075A577E231",
    "83F81D4A3F2FA4571EFC8CE0BA8A4FE8B6855DFE72B0A66EDED2FBABFBE58A30",
    "FAFABE1C5D71A87E2F741EF8C1FE86FEA6BBFDE530677F0D97D11D49F7A8443D",
)
_TAIL = {
    2048: "C58EF1837D1683B2C6F34A26C1B2EFFA886B423861285C97FFFFFFFFFFFFFFFF",
    3072: "0ABCD06BFA53DDEF3C1B20EE3FD59D7C25E41D2B66C62E37FFFFFFFFFFFFFFFF",
    4096: "8EC9B55A7F88A46B4DB5A851F44182E1C68A007E5E655F6AFFFFFFFFFFFFFFFF",
    6144: "62A69526D43161C1A41D570D7938DAD4A40E329CD0E40E65FFFFFFFFFFFFFFFF",
    8192: "0822E506A9F4614E011E2A94838FF88CD68C8BB7C5C6424CFFFFFFFFFFFFFFFF",
}
# Security strength s of each group (RFC 7919 Appendix A; SP 800-56A rev. 3 Table 25 for
# 2048 and 3072 bits); private exponents have 2s bits.
_STRENGTH = {2048: 112, 3072: 128, 4096: 152, 6144: 176, 8192: 200}

_int = _ffc.check_int


def ffdhe(bits):
    """The RFC 7919 group ffdhe<bits> (2048, 3072, 4096, 6144, 8192) as DHParameters."""
    t = _TAIL.get(bits)
    if t is None:
        raise ValueError("no ffdhe group of that size")
    p = int("".join(_HEAD[: (bits >> 8) - 1]) + t, 16)
    return DHParameterNumbers(p, 2, (p - 1) >> 1).parameters()


class DHParameterNumbers(_ffc.ParameterNumbers):
    def __init__(self, p, g, q=None):
        self._p, self._g = _int(p, "p"), _int(g, "g")
        self._q = None if q is None else _int(q, "q")


class DHPublicNumbers(_ffc.PublicNumbers):
    _of, _of_name = DHParameterNumbers, "DHParameterNumbers"


class DHPrivateNumbers(_ffc.PrivateNumbers):
    _of, _of_name = DHPublicNumbers, "DHPublicNumbers"


class DHParameters:
    def __init__(self, numbers):
        p, g, q = numbers.p, numbers.g, numbers.q
        if p < 3 or not p & 1 or mpi.bits(p) < 512:
            raise ValueError("p must be odd and at least 512 bits")
        if not 1 < g < p - 1:
            raise ValueError("g out of range")
        if q is not None and (q < 2 or (p - 1) % q):
            raise ValueError("q must divide p - 1")
        self._numbers = numbers
        self.key_size = mpi.bits(p)
        self._ctx = {}
        s = _STRENGTH.get(self.key_size)
        xbits = 2 * s if s else self.key_size - 1
        if q is not None and mpi.bits(q) < xbits:
            xbits = mpi.bits(q)
        self._xbits = xbits
        self._xlen = (self.key_size + 7) >> 3  # x travels as len(p) bytes: one length for all

    def parameter_numbers(self):
        return self._numbers

    def _pctx(self, method, w):
        # (context, window): at most w, narrower where the heap has no block for the table
        # (modexp.fitted); kept for later operations.
        c = self._ctx.get(method)
        if c is None:
            c = modexp.fitted(self._numbers.p, method, w)
            self._ctx[method] = c
        return c

    def _pow_secret(self, b, xb):
        # b^x mod p, x as len(p) big-endian bytes, fixed window over the bits x may have
        c, w = self._pctx("fw", modexp.default_window(self._xbits))
        return modexp.pow_ctx(c, b, xb, self._xbits, "fw", w)

    def _pow_public(self, b, e):
        nb = mpi.bits(e)
        c, w = self._pctx("rm", 5)
        return modexp.pow_ctx(c, b, e.to_bytes((nb + 7) >> 3 or 1, "big"), nb, "rm", w)

    def _check_public(self, y):
        # SP 800-56A rev. 3 5.6.2.3.1 (full public-key validation)
        p, q = self._numbers.p, self._numbers.q
        if not 2 <= y <= p - 2:
            raise ValueError("public value out of range")
        if q is not None and self._pow_public(y, q) != 1:
            raise ValueError("public value not in the subgroup")

    def generate_private_key(self, rng=None):
        from mpcrypto.pk.prime import rand_below

        rng = _util.resolve_rng(rng)
        q = self._numbers.q
        top = 1 << self._xbits
        lim = q if q is not None and q < top else top
        x = 1 + rand_below(lim - 1, rng)
        y = self._pow_secret(self._numbers.g, x.to_bytes(self._xlen, "big"))
        return DHPrivateKey(DHPrivateNumbers(x, DHPublicNumbers(y, self._numbers)), self, check=False)


class DHPublicKey(_ffc.PublicKey):
    def __init__(self, numbers, params=None, _made=False):
        self._params = params if params is not None else DHParameters(numbers.parameter_numbers)
        if not _made:  # y = g^x computed here needs no check; a received y does
            self._params._check_public(numbers.y)
        self._numbers = numbers
        self.key_size = self._params.key_size


class DHPrivateKey(_ffc.PrivateKey):
    def __init__(self, numbers, params=None, check=True):
        pubn = numbers.public_numbers
        params = params if params is not None else DHParameters(pubn.parameter_numbers)
        pn = params._numbers
        x = numbers.x
        lim = pn.q if pn.q is not None else pn.p - 1
        if not 0 < x < lim:
            raise ValueError("x out of range")
        self._params = params
        self._xb = x.to_bytes(params._xlen, "big")
        if check:
            xbits = mpi.bits(x)
            if xbits > params._xbits:  # a longer imported x: widen this key's window run
                params = DHParameters(pn)
                params._xbits = xbits
                self._params = params
            if params._pow_secret(pn.g, self._xb) != pubn.y:
                raise ValueError("y != g^x mod p")
        # a generated key's y is g^x computed by generate_private_key: its public key skips
        # the subgroup check, a full-length exponentiation that would cost far more than g^x
        # itself, whose exponent has 2s bits
        self._pub = DHPublicKey(pubn, self._params, _made=not check)
        self._numbers = numbers
        self.key_size = params.key_size

    def exchange(self, peer_public_key):
        if not isinstance(peer_public_key, DHPublicKey):
            raise TypeError("peer_public_key must be a DHPublicKey")
        if peer_public_key._numbers.parameter_numbers != self._params._numbers:
            raise ValueError("different groups")
        p = self._params._numbers.p
        z = self._params._pow_secret(peer_public_key._numbers.y, self._xb)
        if z <= 1 or z == p - 1:
            raise ValueError("degenerate shared value")
        return z.to_bytes(self._params._xlen, "big")


# What the numbers classes make (_ffc: ``parameters()``, ``public_key()``, ``private_key()``).
DHParameterNumbers._make = DHParameters
DHPublicNumbers._make = DHPublicKey
DHPrivateNumbers._make = DHPrivateKey
