"""TLS 1.3 (RFC 8446), the protocol's parts; the API is ``mpcrypto.tls``.

``record`` (the record layer and the parsing helpers), ``keyschedule`` (HKDF-Expand-Label and
the secrets), ``handshake`` (what both roles share: messages, signature schemes, key shares,
the transcript, certificates), ``client`` and ``server`` (the two handshakes).
"""
