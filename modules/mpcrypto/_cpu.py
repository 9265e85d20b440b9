"""The one place that reads the CPU: which Arm Cortex-M core runs this, and what it can run.

The seam (``_backend``) filters every chain through ``has(feature)``, and each generated
Thumb-2 module takes its ``probe`` from here (``from mpcrypto._cpu import thumb2 as probe``),
so no other module reads the CPUID register or keeps a list of part numbers.

Where the register is read: only on a bare-metal port (``hosted()`` is False) whose firmware
was built for a Cortex-M core (the native arch in ``sys.implementation._mpy`` is ARMv6-M or
ARMv7-M/ARMv7E-M, the numbers of py/persistentcode.h). Under an operating system (the unix
port, also on an ARM Linux machine) there is no System Control Block at 0xE000ED00 and the
load would fault; on Xtensa or RISC-V the address means nothing. Everywhere else ``part()`` is
None and every feature is absent, so the seam takes viper or portable Python. The read is one
``machine.mem32`` load of CPUID (ARMv7-M ARM B3.2.3, ARMv8-M ARM D1.2.8: implementer in bits
31:24, PARTNO in bits 15:4), done once and cached; a core whose implementer is not Arm (0x41)
counts as unknown.

Features, by PARTNO (Arm's Technical Reference Manuals):

==========  =======  ======  =======  =====  ======
feature     M3       M4      M7       M33    M55/M85
            (C23)    (C24)   (C27)    (D21)  (D22/D23)
==========  =======  ======  =======  =====  ======
thumb2      yes      yes     yes      yes    yes
mull_ct     no       yes     yes      yes    yes
umaal       no       yes     yes      no     yes
dcache      no       no      yes      no     yes
==========  =======  ======  =======  =====  ======

- ``thumb2``: the ARMv7-M / ARMv8-M Mainline instruction set the Thumb-2 kernels use (UXTB.W,
  REV, LDRD/STRD, scaled register offsets), and the DWT cycle counter ``mpbench`` reads. Not
  Cortex-M0/M0+/M23 (Thumb-1 only).
- ``mull_ct``: UMULL/UMLAL in a time that does not depend on the operands (the Cortex-M3's end
  early on small operands), which the constant-time GHASH and Poly1305 kernels rely on.
- ``umaal``: the UMAAL instruction of the DSP extension (ARMv7E-M, ARMv8.1-M; optional on the
  M33, so not counted there). It is undefined on a Cortex-M3: the multi-precision kernels
  would fault.
- ``dcache``: a data cache, through which table lookups at secret indices take key-dependent
  time; the AES chain puts its bitsliced kernel first there.
"""

import sys

# sys.platform of MicroPython ports that run under an operating system: there is no Cortex-M
# System Control Block to read there.
_HOSTED = ("linux", "darwin", "freebsd", "netbsd", "openbsd", "dragonfly", "win32", "cygwin", "android",
           "webassembly")

# Native archs of sys.implementation._mpy (bits 10-13) that are Cortex-M builds: ARMv6-M,
# ARMv7-M, ARMv7E-M, ARMv7E-M with single- and with double-precision FPU.
_CORTEX_M = (4, 5, 6, 7, 8)

# PARTNO -> features (the table above).
_FEATURES = {
    0xC23: ("thumb2",),  # Cortex-M3
    0xC24: ("thumb2", "mull_ct", "umaal"),  # Cortex-M4
    0xC27: ("thumb2", "mull_ct", "umaal", "dcache"),  # Cortex-M7
    0xD21: ("thumb2", "mull_ct"),  # Cortex-M33
    0xD22: ("thumb2", "mull_ct", "umaal", "dcache"),  # Cortex-M55
    0xD23: ("thumb2", "mull_ct", "umaal", "dcache"),  # Cortex-M85
}

# PARTNO -> the core's name, for board support that drives one core's peripherals (the
# Kinetis K6x's mmCAU and RNGA sit beside a Cortex-M4).
_NAMES = {0xC23: "cortex-m3", 0xC24: "cortex-m4", 0xC27: "cortex-m7", 0xD21: "cortex-m33",
          0xD22: "cortex-m55", 0xD23: "cortex-m85"}

_part = []  # [] until read; then [PARTNO or None]


def hosted():
    """True where the port runs under an operating system (CPUID is never read there)."""
    return sys.platform in _HOSTED


def _read():
    # PARTNO of an Arm core's CPUID on a bare-metal Cortex-M build, else None.
    if hosted() or (getattr(sys.implementation, "_mpy", 0) >> 10) & 15 not in _CORTEX_M:
        return None
    try:
        import machine

        w = machine.mem32[0xE000ED00]
    except (ImportError, AttributeError):
        return None
    return _decode(w)


def _decode(word):
    # PARTNO of a CPUID word whose implementer is Arm (0x41), else None.
    if (word >> 24) & 0xFF != 0x41:
        return None
    return (word >> 4) & 0xFFF


def part():
    """PARTNO of this Arm Cortex-M core (0xC24 on a Cortex-M4), or None where the CPU is not
    one or cannot be read; read once."""
    if not _part:
        _part.append(_read())
    return _part[0]


def core():
    """This core's name ("cortex-m4", ...; the table above), or None."""
    return _NAMES.get(part())


def has(feature):
    """True if this core has ``feature`` (a name of the table above)."""
    return feature in _FEATURES.get(part(), ())


def thumb2():
    return has("thumb2")


def mull_ct():
    return has("mull_ct")


def umaal():
    return has("umaal")


def dcache():
    return has("dcache")
