"""mpcrypto: cryptography for MicroPython, with viper kernels and board hardware backends.

Import the primitive you need from its family, for example ``from mpcrypto.cipher import aes``
or ``from mpcrypto.hash.sha256 import sha256``: nothing is imported here, so a firmware that
freezes only SHA-256 carries only SHA-256.
"""

__version__ = "0.1.0"
