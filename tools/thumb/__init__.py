"""The Thumb-2 encoder and the generators of the asm_thumb kernels in ``modules/mpcrypto``:
``python -m tools.thumb.gen_<name>`` rewrites a module, ``--check`` exits 1 if the checked-in
file is not what it writes."""
