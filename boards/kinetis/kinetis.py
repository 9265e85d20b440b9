"""Kinetis K64/K66 board support: identify the chip, then register its crypto blocks with
the backend seam (``mpcrypto._backend.register``): the mmCAU as backend ``mmcau`` of
``"aes"`` and ``"sha256"``, the RNGA as the ``"entropy"`` source (``rnga``) unless the
firmware is Zephyr's.

A board's ``mpcrypto_board.py`` (``boards/FRDM_K64F``, ``boards/FRDM_K66F``) calls
``register((part,))``; the library imports that module once, before its first backend
choice. Nothing is registered unless every step of the probe passes:

1. CPUID, as ``mpcrypto._cpu`` reads it (the library's one reader of the CPU): an Arm
   Cortex-M4 (implementer 0x41, PARTNO 0xC24). On any other core SIM_SDID is never read.
2. SIM_SDID (0x40048024, ``kinetis_asm.sdid``): FAMILYID 6 (K6x), SERIESID 0 (K series) and SUBFAMID 4 (K64; 2 as
   some early K64 silicon reports it, errata 7534) or 6 (K66), and the part is one the
   board expects.
3. CASR[VER] (read only now, the CAU being known to exist): 2, the mmCAU with SHA-256.

Residual risk, stated plainly: step 2 reads 0x40048024 on any Arm Cortex-M4. On a K6x that is
the SIM; on another vendor's Cortex-M4 (STM32F4, nRF52, ...) the address may be unmapped and
the read then bus-faults (a HardFault, not a Python exception: the probe cannot catch it). Only
a Kinetis firmware freezes this module (``firmware/manifest_kinetis.py``), so the read happens
only where that firmware was flashed; do not copy these modules to another board.

The RNGA's base and its clock gate are per part, as ``RNGA_AT`` says: the base as NXP's device
headers give ``RNG_BASE`` (hal_nxp mcux-sdk ``devices/MK64F12/MK64F12.h``: 0x40029000, also the
K64 reference manual; ``devices/MK66F18/MK66F18.h``: 0x400A0000, also the K66 reference
manual K66P144M180SF5RMV2), the gate as NXP's clock drivers enable ``kCLOCK_Rnga0``
(``devices/<part>/drivers/fsl_clock.h``: ``CLK_GATE_DEFINE(0x103C, 9)`` on the K64, SIM_SCGC6
bit 9; ``CLK_GATE_DEFINE(0x1030, 0)`` on the K66, SIM_SCGC3 bit 0; offsets from SIM_BASE
0x40047000). On a K66 whose SCGC3 bit 0 nothing else has set, the first RNGA access with only
SCGC6 bit 9 set bus-faults.

One owner of the RNGA. On MicroPython's Zephyr port (``sys.platform`` "zephyr", the only way
MicroPython runs on these boards today), Zephyr's entropy driver
(``drivers/entropy/entropy_mcux_rnga.c``) owns the block: it starts it at boot, wakes it for
each draw and puts it back to sleep after. There the RNGA is not registered and its registers
are never touched; the library's entropy comes through Zephyr as ``os.urandom``, the port's
``sys_csrand_get``, which the port offers with ``CONFIG_HARDWARE_DEVICE_CS_GENERATOR``
(Zephyr's default with an entropy driver: the driver's output itself) or
``CONFIG_PSA_CSPRNG_GENERATOR`` (a DRBG seeded from it). Without ``os.urandom`` the library has
no entropy source and key generation raises UnsupportedAlgorithm.

What ``os.urandom`` is credited with there: each byte of Zephyr's driver is the XOR of the low
8 bits of 8 RNGA words read back to back; ``random/entropy.py`` credits ``os.urandom`` with 8
bits per byte, which is Zephyr's own claim (one bit per word, the figure ``kinetis_rnga.py``
credits, times 8 words). The fold is not a vetted conditioning function and keeps only the
low byte of each word, so that credit holds only if each word's added entropy reaches its low
byte, which no source we have read says; the default rng's HMAC_DRBG conditions the bytes in
either case. On a firmware that is not Zephyr's, the driver here owns the block, and
``kinetis_asm.rnga_read`` puts it in normal mode before every read.
"""

from mpcrypto import _backend, _cpu

import kinetis_asm as _asm

# SIM_SDID >> 20 (FAMILYID, SUBFAMID, SERIESID) -> part
PARTS = {0x640: "K64", 0x620: "K64", 0x660: "K66"}
# part -> (the RNGA's base >> 12, its clock gate's SIM register - 0x40048000, the gate's bit)
RNGA_AT = {"K64": (0x40029, 0x3C, 9), "K66": (0x400A0, 0x30, 0)}
CAU_VERSION = 2

registered = {}  # what register() registered: primitive -> backend name


def identify():
    """The part ("K64", "K66") or None (not a Cortex-M4, or not a known K6x)."""
    if _cpu.core() != "cortex-m4":
        return None
    return PARTS.get(_asm.sdid() & 0xFFF)


def zephyr():
    """True on MicroPython's Zephyr port, where Zephyr's entropy driver owns the RNGA."""
    import sys

    return sys.platform == "zephyr"


def register(expect=("K64", "K66")):
    """Probe, and register the mmCAU and (unless ``zephyr()``) the RNGA if the chip is one
    of ``expect``. Returns the part registered for, or None."""
    part = identify()
    if part is None or part not in expect:
        return None
    if _asm.cau_version() != CAU_VERSION:
        return None
    import kinetis_mmcau

    _backend.register("aes", "mmcau", kinetis_mmcau)
    _backend.register("sha256", "mmcau", kinetis_mmcau)
    registered.update({"aes": "mmcau", "sha256": "mmcau"})
    if zephyr():
        return part  # Zephyr's entropy driver owns the RNGA (see the module docstring)
    import kinetis_rnga

    # Registered whatever its health tests will say: a failed source then refuses
    # (entropy.EntropyError) rather than letting the library fall back to another one.
    _backend.register("entropy", "rnga", kinetis_rnga.RNGA(*RNGA_AT[part]))
    registered["entropy"] = "rnga"
    return part
