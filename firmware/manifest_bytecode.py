# Freeze manifest for boards without a native emitter (RX65N): portable Python only.
# Use it from a MicroPython board build:  make BOARD=... FROZEN_MANIFEST=/path/to/this/file
# A module using @micropython.viper/native cannot be compiled to bytecode, so the *_viper.py
# kernels are not listed; the backend seam then finds no viper backend and runs the portable
# one. host_tests/test_compile.py checks that nothing listed here uses a native emitter and
# that every portable module of the package is listed.
package(
    "mpcrypto",
    files=[
        "__init__.py",
        "_backend.py",
        "_ct.py",
        "exceptions.py",
        "aead/__init__.py",
        "cipher/__init__.py",
        "hash/__init__.py",
        "mac/__init__.py",
    ],
    base_path="../modules",
)
