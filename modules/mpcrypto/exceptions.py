"""mpcrypto exceptions: one flat module, shaped like pyca's ``cryptography.exceptions``.

Bad lengths raise the built-in ``ValueError`` and wrong types ``TypeError``; the classes here
are for outcomes that are not simply a malformed argument. An invalid key (a public point
not on the curve, a scalar out of range, a small-order EdDSA key) is a malformed argument:
``ValueError``, as in pyca.
"""


class InvalidTag(Exception):
    """An AEAD tag or MAC did not verify. No plaintext is released when this is raised."""


class InvalidSignature(Exception):
    """A signature did not verify."""


class InvalidKey(Exception):
    """A derived key did not match the expected one (a KDF's ``verify``)."""


class AlreadyFinalized(Exception):
    """An object was used after an operation that ends its life."""


class UnsupportedAlgorithm(Exception):
    """No backend on this target implements the requested algorithm."""


class TLSError(OSError):
    """A TLS connection failed (``mpcrypto.tls``). ``args[0]`` is the TLS alert description
    (RFC 8446 §6: 40 handshake_failure, 42 bad_certificate, 48 unknown_ca, ...) that was sent
    to the peer, or that the peer sent when ``args[1]`` begins with "peer"; ``args[1]`` says
    what failed. An ``OSError``, as MicroPython's ``ssl`` raises, so code that catches socket
    errors catches these too."""
