"""FRDM-K66F (MK66FN2M0VMD18): the library imports this module once (``mpcrypto._backend``)
and it registers the mmCAU (AES, SHA-256) and the RNGA when ``kinetis.register``'s probe
identifies a K66; on anything else it registers nothing. Frozen by
``firmware/manifest_kinetis.py`` with ``boards/kinetis/``."""

import kinetis

PART = kinetis.register(("K66",))
