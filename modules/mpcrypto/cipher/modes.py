"""The block-cipher mode layer (NIST SP 800-38A ECB, CBC, CTR), generic over the cipher.

One implementation of the ``cryptolib.aes``-shaped API serves every block cipher: AES
(``cipher/aes.py``), Camellia (``camellia.py``), SM4 (``sm4.py``), DES and 3DES (``des.py``).
A cipher's public module subclasses ``Mode`` and says how to make its engine; GCM, CCM and
CMAC (``aead/gcm.py``, ``aead/ccm.py``, ``mac/cmac.py``) take the cipher's public module.

A cipher's public module (the "cipher" argument of GCM/CCM/CMAC) provides:

- ``block_size``: 16 (AES, Camellia, SM4) or 8 (DES, 3DES); ``key_sizes``: the key lengths
  in bytes; ``name``: e.g. ``"aes"``, used in MAC names.
- ``check_key(key)``: validate (``TypeError`` / ``ValueError``), return the key as bytes.
- ``engine(key)``: the context of the backend the seam selected, for a validated key.
- ``backends()``: the usable backend names, best first.

``front(prim, chain, sizes)`` makes ``backends``, ``engine`` and ``check_key`` for a cipher's
module from its seam primitive name, its ``_CHAIN`` and its key lengths.

Engine surface (every backend of every cipher; the caller validated everything, ``bs`` is
the block size): ``new(key)`` -> ctx with ``ecb_encrypt(src, dst, n)``,
``ecb_decrypt(src, dst, n)``, ``cbc_encrypt(src, dst, n, iv)``, ``cbc_decrypt(src, dst, n,
iv)`` (``iv`` a bytearray(bs), updated to the next chaining value) and
``ctr_xor(src, dst, n, ctr, width)`` (``dst = src ^ E(ctr), ctr += 1`` per block, the
counter a bytearray(bs) incremented big-endian over its last ``width`` bytes: bs for CTR,
4 for GCM's inc32). ``n`` counts blocks; ``src`` may be ``dst``, or overlap it starting at or
after it (each block is read before it is written). Kernels loop over many blocks per call
and allocate nothing.

API of ``Mode`` (the cipher's class, e.g. ``aes.aes(key, mode, iv)``):

- ``MODE_ECB = 1``, ``MODE_CBC = 2``, ``MODE_CTR = 6`` (cryptolib's numbers).
- ``iv``: ``block_size`` bytes, required for CBC and CTR (``ValueError`` when missing or of
  another length), ignored for ECB. For CTR it is the initial counter block, incremented as
  one big-endian number of ``block_size`` bytes.
- ``encrypt(in_buf, out_buf=None)`` / ``decrypt(...)``: new ``bytes`` when ``out_buf`` is
  None, else written into ``out_buf`` (at least ``len(in_buf)`` bytes, else ``ValueError``)
  and None returned. ``out_buf`` may be ``in_buf`` or overlap it starting at or before it.
- ECB and CBC take multiples of ``block_size`` bytes (``ValueError`` otherwise). A CBC object
  chains across calls and may only encrypt or only decrypt (``ValueError`` on mixing, as
  cryptolib). CTR streams any lengths and ``decrypt`` is ``encrypt``.
- Buffers follow ``mpcrypto._util``: inputs are read as their bytes whatever their item type;
  ``out_buf`` must be a writable byte buffer (``TypeError`` before anything is written).

Allocation: with ``out_buf`` and whole blocks nothing is allocated per call on the viper
backends (the state buffers are made in ``__init__``); a CTR call that starts inside a block
slices its buffers (small objects).
"""

from mpcrypto import _backend
from mpcrypto._util import rbuf, wbuf

MODE_ECB = 1
MODE_CBC = 2
MODE_CTR = 6


def check_len(key, sizes):
    """Validate a key whose length must be one of ``sizes`` (TypeError / ValueError); returns
    it as bytes."""
    key = rbuf(key)
    if len(key) not in sizes:
        raise ValueError("key")
    return bytes(key)


def front(prim, chain, sizes):
    """The functions ``(backends, engine, check_key)`` of a cipher's public module (see the
    module docstring), over the seam primitive ``prim`` with the backend chain ``chain`` and
    the key lengths ``sizes``."""

    def backends():
        return _backend.available(prim, chain)

    def engine(key):
        return _backend.select(prim, chain)[1].new(key)

    def check_key(key):
        return check_len(key, sizes)

    return backends, engine, check_key


def ctr_crypt(ctx, src, dst, n, ctr, width, ks, bs=16):
    """CTR over ``n`` bytes of ``src`` into ``dst`` with the engine ``ctx`` (SP 800-38A §6.5;
    GCTR of SP 800-38D §6.5 with ``width`` 4): whole blocks go to ``ctx.ctr_xor`` in one
    call, a final partial block is XORed with the key-stream block left in the scratch ``ks``
    (``bs`` bytes, so a stream can use the rest of it later). ``ctr`` (bytearray(bs)) is
    advanced past every block used, over its low ``width`` bytes. Returns the number of
    key-stream bytes of ``ks`` used (0 when ``n`` is whole blocks). Shared by CTR mode, GCM
    and CCM; ``bs`` is 16 or 8."""
    nb = n >> 4 if bs == 16 else n >> 3
    if nb:
        ctx.ctr_xor(src, dst, nb, ctr, width)
    r = n & (bs - 1)
    if r:
        for i in range(bs):
            ks[i] = 0
        ctx.ctr_xor(ks, ks, 1, ctr, width)
        o = n - r
        for i in range(r):
            dst[o + i] = src[o + i] ^ ks[i]
    return r


class Mode:
    """ECB, CBC or CTR over one key (see the module docstring). A cipher's class subclasses
    it, setting ``block_size`` and ``_front``: its module's ``(engine, check_key)`` of
    ``front()``, which ``_engine(key)`` uses to validate the key and return the selected
    backend's context."""

    block_size = 16
    _front = None

    def _engine(self, key):
        engine, check_key = self._front
        return engine(check_key(key))

    def __init__(self, key, mode, iv=None):
        ctx = self._engine(key)  # validates the key first
        bs = self.block_size
        if type(mode) is not int:
            raise TypeError("mode")
        if mode != MODE_ECB and mode != MODE_CBC and mode != MODE_CTR:
            raise ValueError("mode")
        self._iv = bytearray(bs)  # CBC chaining value / CTR counter
        if mode != MODE_ECB:
            if iv is None:
                raise ValueError("iv required")
            iv = rbuf(iv)
            if len(iv) != bs:
                raise ValueError("iv")
            self._iv[:] = iv
        self._mode = mode
        self._ctx = ctx
        self._sh = 4 if bs == 16 else 3  # log2(block_size)
        self._dir = 0  # CBC: 1 after encrypt, 2 after decrypt
        self._ks = bytearray(bs)  # CTR: current key-stream block
        self._pos = bs  # CTR: bytes of _ks already used

    def _out(self, n, out_buf):
        # Checked before anything is written (and before the CTR/CBC state moves).
        if out_buf is None:
            return bytearray(n)
        out_buf = wbuf(out_buf)
        if len(out_buf) < n:
            raise ValueError("output too small")
        return out_buf

    def encrypt(self, in_buf, out_buf=None):
        return self._run(in_buf, out_buf, 1)

    def decrypt(self, in_buf, out_buf=None):
        return self._run(in_buf, out_buf, 2)

    def _run(self, in_buf, out_buf, d):
        in_buf = rbuf(in_buf)
        n = len(in_buf)
        out = self._out(n, out_buf)
        mode = self._mode
        ctx = self._ctx
        bs = self.block_size
        if mode == MODE_CTR:
            if self._pos < bs:
                self._ctr(in_buf, out, n)  # the rest of a key-stream block first
            else:
                r = ctr_crypt(ctx, in_buf, out, n, self._iv, bs, self._ks, bs)
                if r:
                    self._pos = r
        else:
            if n & (bs - 1):
                raise ValueError("blksize % " + str(bs))
            nb = n >> self._sh
            if mode == MODE_ECB:
                if d == 1:
                    ctx.ecb_encrypt(in_buf, out, nb)
                else:
                    ctx.ecb_decrypt(in_buf, out, nb)
            else:
                if self._dir and self._dir != d:
                    raise ValueError("can't encrypt & decrypt")
                self._dir = d
                if d == 1:
                    ctx.cbc_encrypt(in_buf, out, nb, self._iv)
                else:
                    ctx.cbc_decrypt(in_buf, out, nb, self._iv)
        if out_buf is None:
            return bytes(out)
        return None

    def _ctr(self, src, dst, n):
        # SP 800-38A §6.5 as a stream, when the saved key-stream block _ks is partly unused
        # (_pos < bs): its rest first, then ctr_crypt (whole blocks in the kernel, a partial
        # last block through _ks, whose unused rest the next call starts with).
        bs = self.block_size
        ks = self._ks
        pos = self._pos
        i = 0
        while pos < bs and i < n:
            dst[i] = src[i] ^ ks[pos]
            pos += 1
            i += 1
        if i < n:
            r = ctr_crypt(self._ctx, memoryview(src)[i:], memoryview(dst)[i:], n - i, self._iv, bs, ks, bs)
            pos = r if r else bs
        self._pos = pos
