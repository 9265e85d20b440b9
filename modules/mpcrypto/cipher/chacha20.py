"""ChaCha20 (RFC 8439 §2.4) and XChaCha20 (draft-irtf-cfrg-xchacha-03 §2.3), shaped like
``cryptolib.aes`` in CTR mode.

::

    from mpcrypto.cipher.chacha20 import chacha20, hchacha20
    c = chacha20(key, nonce)            # 32-byte key; 12-byte nonce (RFC 8439) or 24 (XChaCha20)
    ct = c.encrypt(data)                # new bytes
    c.encrypt(data, out_buf)            # into a caller's buffer (may be ``data`` itself)
    hchacha20(key, nonce16)             # the 32-byte HChaCha20 subkey (XChaCha20 §2.2)

- ``key``: 32 bytes. ``nonce``: 12 bytes (RFC 8439: 96-bit nonce, 32-bit block counter) or
  24 bytes (XChaCha20: the subkey is HChaCha20(key, nonce[:16]) and the ChaCha20 nonce is
  four zero bytes || nonce[16:]). Other lengths raise ``ValueError``.
- ``counter``: the first block counter (default 0), an int in 0..2**32-1. The counter is 32
  bits (RFC 8439 §2.4): a call that would take the stream past block 2**32 - 1 raises
  ``ValueError`` (the key stream would repeat) and changes nothing.
- ``encrypt(in_buf, out_buf=None)`` / ``decrypt(...)`` (the same operation): returns new
  ``bytes`` when ``out_buf`` is None; otherwise writes into ``out_buf`` (at least
  ``len(in_buf)`` bytes, ``ValueError`` if smaller) and returns None. In place
  (``out_buf is in_buf``) is allowed; the key-stream position is kept across calls, so a
  message may be processed in pieces of any length.
- Buffers (the rule of ``mpcrypto._util``): inputs are read as their bytes whatever their item
  type; ``out_buf`` must be a writable byte buffer, else ``TypeError`` (nothing written).

Backends (seam primitive ``"chacha20"``; MicroPython has no C ChaCha20 built-in):

  name     module            CT    notes
  thumb    chacha20_thumb    yes   Thumb-2 (tools/thumb/gen_chacha.py), Cortex-M3/M4/M7/M33/
                                   M55/M85 by CPUID
  viper    chacha20_viper    yes   10 double rounds unrolled
  python   chacha20_python   no*   16-bit halves as small ints
  (* interpreter arithmetic, not promised constant time; no branch or index on secrets.
  bench/bench_chacha.py times the backends; host_tests/test_viper32_symmetric.py runs the
  viper kernel on an emulated Cortex-M4 and finds the same instruction count for every input)

Constant time: ChaCha20 is additions, XORs and fixed rotations only. Allocation: with
``out_buf`` and calls whose length is a multiple of 64 bytes (the stream at a block
boundary), nothing per call on the viper backend; a partial block costs nothing either (the
key-stream block is kept in the object).
"""

from mpcrypto import _backend
from mpcrypto._util import rbuf, wbuf

_CHAIN = (
    ("thumb", "mpcrypto.cipher.chacha20_thumb", "thumb2"),
    ("viper", "mpcrypto.cipher.chacha20_viper", None),
    ("python", "mpcrypto.cipher.chacha20_python", None),
)

_SIGMA = b"expand 32-byte k"  # RFC 8439 §2.3: the constants 0x61707865 .. 0x6b206574


def backends():
    """Names of the ChaCha20 backends usable here, best first."""
    return _backend.available("chacha20", _CHAIN)


def kernel():
    """The selected backend module (its ``xor(st, src, dst, off, nblocks)``)."""
    return _backend.select("chacha20", _CHAIN)[1]


def check_key(key):
    """Validate a 32-byte key (TypeError / ValueError); returns it as bytes."""
    key = rbuf(key)
    if len(key) != 32:
        raise ValueError("key must be 32 bytes")
    return bytes(key)


def new_state():
    """A 64-byte state with the constants in place (words 0..3)."""
    st = bytearray(64)
    st[0:16] = _SIGMA
    return st


def set_state(st, key, counter, nonce):
    """Words 4..15: the 32-byte key, the block counter (an int < 2**32) and the 12-byte nonce
    (slice assignments into the bytearray: nothing allocated)."""
    st[16:48] = key
    st[48] = counter & 0xFF
    st[49] = (counter >> 8) & 0xFF
    st[50] = (counter >> 16) & 0xFF
    st[51] = (counter >> 24) & 0xFF
    st[52:64] = nonce


def hchacha_into(k, st, key, nonce, zero, ks, out):
    """HChaCha20 (XChaCha20 draft §2.2) of ``key`` and ``nonce[0:16]`` into ``out[0:32]``,
    with the kernel module ``k``, a state ``st`` from ``new_state()``, 64 zero bytes ``zero``
    and a 64-byte scratch ``ks``. HChaCha20's output is words 0..3 and 12..15 of the state
    after the 20 rounds, without the feed-forward; one ChaCha20 block of zeros is that plus
    the input words (§2.3 step 3), so the input words (the constants, then the nonce) are
    subtracted again, byte by byte with a borrow (small ints only; nothing allocated)."""
    st[16:48] = key
    for i in range(16):
        st[48 + i] = nonce[i]
    k.xor(st, zero, ks, 0, 1)
    # 16 bits at a time: words 0..3 minus the constants, words 12..15 minus the nonce
    for j in range(0, 32, 2):
        i = j if j < 16 else j + 32
        x = _SIGMA if j < 16 else nonce
        lo = ks[i] | ks[i + 1] << 8
        sub = x[j & 15] | x[(j & 15) + 1] << 8
        if j & 2:
            v = lo - sub - b  # high half of a word, with the low half's borrow
        else:
            v = lo - sub
            b = (v >> 16) & 1
        out[j] = v & 0xFF
        out[j + 1] = (v >> 8) & 0xFF


def hchacha20(key, nonce):
    """HChaCha20 (draft-irtf-cfrg-xchacha-03 §2.2): a 32-byte subkey from a 32-byte key and a
    16-byte nonce. Constant time."""
    key = check_key(key)
    nonce = rbuf(nonce)
    if len(nonce) != 16:
        raise ValueError("nonce must be 16 bytes")
    out = bytearray(32)
    hchacha_into(kernel(), new_state(), key, nonce, bytearray(64), bytearray(64), out)
    return bytes(out)


class chacha20:
    """ChaCha20 / XChaCha20 stream (see the module docstring). Constant time."""

    def __init__(self, key, nonce, counter=0):
        key = check_key(key)
        nonce = rbuf(nonce)
        nl = len(nonce)
        if nl != 12 and nl != 24:
            raise ValueError("nonce must be 12 or 24 bytes")
        if type(counter) is not int:
            raise TypeError("counter must be int")
        if counter < 0 or counter > 0xFFFFFFFF:
            raise ValueError("counter")
        self._k = kernel()
        self._st = st = new_state()
        self._ks = bytearray(64)  # the current key-stream block
        self._pos = 64  # bytes of _ks already used
        self._end = False  # block 2**32 - 1 has been used
        if nl == 24:
            sub = bytearray(32)
            hchacha_into(self._k, st, key, nonce, bytearray(64), self._ks, sub)
            key = sub
            nonce = b"\0\0\0\0" + bytes(nonce[16:24])
        set_state(st, key, counter, nonce)

    def _room(self, nblocks):
        # ValueError unless nblocks more key-stream blocks exist before the 32-bit counter
        # wraps. Counters below 0xFF000000 leave 2**24 blocks: decided from one state byte
        # (no integer of the counter in the common case).
        st = self._st
        if self._end and nblocks:
            raise ValueError("counter wrapped")
        if st[51] != 0xFF and nblocks <= 0x1000000:
            return
        c = st[48] | st[49] << 8 | st[50] << 16 | st[51] << 24
        left = 0x100000000 - c
        if nblocks > left:
            raise ValueError("counter wrapped")
        if nblocks == left:
            self._end = True

    def encrypt(self, in_buf, out_buf=None):
        src = rbuf(in_buf)
        n = len(src)
        if out_buf is None:
            out = bytearray(n)
        else:
            out = wbuf(out_buf)
            if len(out) < n:
                raise ValueError("output too small")
        ks = self._ks
        pos = self._pos
        i = 0
        # the rest of the current key-stream block first
        take = 64 - pos
        if take > n:
            take = n
        # whole blocks after it, then a new key-stream block for a tail
        nb = (n - take) >> 6
        tail = n - take - (nb << 6)
        self._room(nb + (1 if tail else 0))
        while i < take:
            out[i] = src[i] ^ ks[pos + i]
            i += 1
        pos += take
        if nb:
            self._k.xor(self._st, src, out, i, nb)
            i += nb << 6
        if tail:
            for j in range(64):
                ks[j] = 0
            self._k.xor(self._st, ks, ks, 0, 1)
            for j in range(tail):
                out[i + j] = src[i + j] ^ ks[j]
            pos = tail
        self._pos = pos
        if out_buf is None:
            return bytes(out)

    decrypt = encrypt
