"""Elliptic curves.

Public modules: ``curves`` (domain parameters as data), ``ec`` (ECDH and ECDSA keys on the
short-Weierstrass curves) with ``ecdsa`` (the signature algorithm and encodings) and ``sm2``,
``ed25519`` / ``ed448`` (thin curve files over ``eddsa``), ``x25519`` / ``x448`` (over
``xdh``).

Backends, chosen by the seam (``mpcrypto._backend``): ``weierstrass_*``, ``edwards_*``,
``montgomery_*`` (``_viper`` on the limb engine, ``_python`` on built-in integers,
``weierstrass_viper64`` on 32-bit limbs for 64-bit ports). Field arithmetic and the helpers
they share live in ``field/``; no public module imports a backend.
"""
