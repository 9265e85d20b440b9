"""Thumb-2 machine code of our ``.mpy`` files on emulated Cortex-M cores (unicorn): the core
(``thumb_emu``), the ``.mpy`` reader, the instruction counts of every kernel
(``python -m tools.emu.thumb_counts``), the AES kernels with their Python glue, and the
register models of the Kinetis hardware blocks with the drivers that use them."""
