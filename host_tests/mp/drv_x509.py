# Drivers for mpcrypto.x509 (runs on MicroPython). Certificates come in as DER bytes; a
# CertificateError or ValueError comes back to the host as "E <class> <message>".
from mpcrypto import x509
from mpcrypto.keys import serialization as ser


def fields(der):
    # Everything parsed, as a tuple the host compares with cryptography's view.
    c = x509.load_der_x509_certificate(der)
    spki = ser.public_bytes(c.public_key(), ser.Encoding.DER, ser.PublicFormat.SubjectPublicKeyInfo)
    return (c.der == der, c.tbs, c.version, c.serial_number, c.issuer, c.subject, c.not_before,
            c.not_after, c.spki, spki == c.spki, c.is_ca, c.path_len, c.key_usage, c.ext_key_usage,
            c.dns_names, c.ip_addresses, c.common_names)


def load(der):
    x509.load_der_x509_certificate(der)
    return "ok"


def pem_ders(text):
    return [c.der for c in x509.load_pem_x509_certificates(text)]


def time(tlv):
    # seconds of one Time TLV (UTCTime or GeneralizedTime)
    return x509._time(memoryview(tlv), 0, len(tlv))[0]


def signed_by(der, issuer_der):
    c = x509.load_der_x509_certificate(der)
    c.verify_signed_by(x509.load_der_x509_certificate(issuer_der).public_key())
    return "ok"


def hosts(der, names):
    # for each host name: True if it matches, else the error message
    c = x509.load_der_x509_certificate(der)
    out = []
    for h in names:
        try:
            x509.match_hostname(c, h)
            out.append(True)
        except x509.CertificateError as e:
            out.append(str(e))
    return out


def chain(ders, anchor_ders, now, hostname=None, purpose="serverAuth"):
    load = x509.load_der_x509_certificate
    x509.verify_chain([load(d) for d in ders], [load(d) for d in anchor_ders], now, hostname, purpose)
    return "ok"


def is_value_error():
    return issubclass(x509.CertificateError, ValueError)
