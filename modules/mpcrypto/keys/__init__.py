"""Key formats.

Public modules: ``der`` (a strict DER reader and writer, shared with ECDSA's signature
encoding), ``pem`` (RFC 7468 armour) and ``serialization`` (pyca-shaped loaders and
writers: PKCS#8, SubjectPublicKeyInfo, SEC 1 ``ECPrivateKey``, PKCS#1, RFC 8410, raw).
"""
