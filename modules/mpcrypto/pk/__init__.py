"""Multi-precision arithmetic and classic public key.

- ``mpi``: the MPI engine: fixed-limb Montgomery arithmetic for 512..4096-bit (and larger)
  odd moduli on an arena of word buffers, behind the seam (``mpi_thumb`` Thumb-2 UMAAL on
  Cortex-M4/M7/M55/M85, ``mpi_viper64`` 32-bit limbs on 64-bit ports, ``mpi_viper`` 16-bit limbs on every port, ``mpi_python`` built-in integers),
  plus the Basic and Barrett reductions (built-in integers) for the exponentiation table.
- ``modexp``: modular exponentiation (ladder, square-and-multiply, fixed window, sliding
  window) over any of those reductions; ``inverse``.
- ``prime``: trial-division sieve and Miller-Rabin (FIPS 186-5 B.3).
- ``padding``: PKCS#1 v1.5, PSS, OAEP and MGF1 objects (pyca shapes).
- ``rsa``: RSA keys, key generation, signatures and encryption (pyca shapes).
"""
