"""The generators of portable-Python kernels in ``modules/``, run from the repository root:

    python -m tools.python.gen_aes     # cipher/aes_python.py: table rounds on 16-bit halves
    python -m tools.python.gen_chacha  # cipher/chacha20_python.py: the double round on locals
    python -m tools.python.gen_ghash   # mac/ghash_python.py: 8-bit tables, bytes in locals
    python -m tools.python.gen_md5     # hash/md5_python.py: the 64 steps on 16-bit halves
    python -m tools.python.gen_sha1    # hash/sha1_python.py: 16-bit halves in locals
    python -m tools.python.gen_sha2    # hash/sha256_python.py and hash/sha512_python.py
    python -m tools.python.gen_sm3     # hash/sm3_python.py: 16-bit halves in locals

each with ``--check`` (exit 1 where a module is not what it writes).
"""
