"""The generators of the unrolled viper modules in ``modules/``, run from the repository root:

    python -m tools.viper.gen_ascon    # hash/ascon_viper.py: the Ascon permutation and bulk steps
    python -m tools.viper.gen_block    # cipher/{aes,camellia,sm4,des}_viper.py: block I/O, DES rounds
    python -m tools.viper.gen_md5      # hash/md5_viper.py: MD5 compression
    python -m tools.viper.gen_mpi      # pk/mpi_viper.py, mpi_viper64.py: CIOS at 16- and 32-bit limbs
    python -m tools.viper.gen_poly1305 # mac/poly1305_viper.py: Poly1305 on 13-bit limbs
    python -m tools.viper.gen_sha1     # hash/sha1_viper.py: SHA-1 compression
    python -m tools.viper.gen_sha256   # hash/sha256_viper.py: SHA-256 compression
    python -m tools.viper.gen_sha512   # hash/sha512_viper.py: SHA-512 compression
    python -m tools.viper.gen_sm3      # hash/sm3_viper.py: SM3 compression

each with ``--check`` (exit 1 where the module is not what it writes). They build the code as
lists of lines; the helpers below are what they share.
"""

# The probe() of a viper module (after the two blank lines that separate it from what comes
# before): the seam imports the module to learn that the port has the viper emitter.
PROBE = '\n\ndef probe():\n    """True: this module imported, so the port has the viper emitter."""\n    return True\n'


def be_word(q, i):
    """Big-endian 32-bit word i of the bytes at ``q``."""
    return " | ".join("uint(%s[%d])" % (q, 4 * i + b) + (" << %d" % (24 - 8 * b) if b < 3 else "")
                      for b in range(4))


def indent(lines, n=1):
    """``lines`` indented by n levels of four spaces."""
    return ["    " * n + line for line in lines]


def viper(name, args, body):
    """The text of ``@micropython.viper def name(args):`` with the lines ``body``, after the
    two blank lines that separate it from what comes before."""
    return "\n\n@micropython.viper\ndef %s(%s):\n%s\n" % (name, args, "\n".join(indent(body)))
