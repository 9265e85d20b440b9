"""Elliptic curves: curve data (``curves``), ECDH and ECDSA keys (``ec``, ``ecdsa``)."""
