"""FRDM-K64F (MK64FN1M0VLL12): the library imports this module once (``mpcrypto._backend``)
and it registers the mmCAU (AES, SHA-256) and the RNGA when ``kinetis.register``'s probe
identifies a K64; on anything else it registers nothing. Frozen by
``firmware/manifest_kinetis.py`` with ``boards/kinetis/``."""

import kinetis

PART = kinetis.register(("K64",))
