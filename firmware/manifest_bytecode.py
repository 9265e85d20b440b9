# Freeze manifest for boards without a native emitter (RX65N): portable Python only.
# Use it from a MicroPython board build:  make BOARD=... FROZEN_MANIFEST=/path/to/this/file
# A module using @micropython.viper/native cannot be compiled to bytecode, so the *_viper.py
# kernels are not listed; the backend seam then finds no viper backend and runs the portable
# one (or the port's C cryptolib, where the port has it). host_tests/test_compile.py checks
# that nothing listed here uses a native emitter and that every portable module is listed.
package(
    "mpcrypto",
    files=[
        "__init__.py",
        "_backend.py",
        "_ct.py",
        "_util.py",
        "exceptions.py",
        "aead/__init__.py",
        "aead/ccm.py",
        "aead/gcm.py",
        "aead/ghash_python.py",
        "cipher/__init__.py",
        "cipher/aes.py",
        "cipher/aes_builtin.py",
        "cipher/aes_python.py",
        "cipher/aes_tables.py",
        "ec/__init__.py",
        "ec/curves.py",
        "ec/ec.py",
        "ec/ecdsa.py",
        "ec/ed25519.py",
        "ec/ed448.py",
        "ec/edwards_python.py",
        "ec/montgomery_python.py",
        "ec/sm2.py",
        "ec/weierstrass_python.py",
        "ec/x25519.py",
        "ec/x448.py",
        "hash/__init__.py",
        "hash/_md.py",
        "hash/sha256.py",
        "hash/sha256_python.py",
        "hash/sha512.py",
        "hash/sha512_python.py",
        "hash/shake.py",
        "hash/sm3.py",
        "hash/sm3_python.py",
        "mac/__init__.py",
        "mac/hmac.py",
    ],
    base_path="../modules",
)
