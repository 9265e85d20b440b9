"""The TLS 1.3 key schedule (RFC 8446 §7.1) and traffic keys (§7.3), on ``kdf.hkdf``.

    ks = KeySchedule(hashcls)             # the suite's hash: sha256 or sha384
    ks.extract(ikm)                       # next stage: Early, Handshake, then Master Secret
    s = ks.derive(b"c hs traffic", th)    # Derive-Secret with a transcript hash th
    key, iv = traffic_keys(hashcls, s, 16)

Each ``extract`` after the first takes as salt ``Derive-Secret(secret, "derived", "")`` of the
stage before, and ``ikm`` None stands for HashLen zero bytes (no PSK, or the Master Secret's
input). Labels are bytes without the "tls13 " prefix, which ``expand_label`` adds.
"""

from mpcrypto.kdf import hkdf
from mpcrypto.mac import hmac


def expand_label(hashcls, secret, label, context, length, keyed=None):
    # HKDF-Expand-Label (§7.1): HkdfLabel = uint16 length, opaque label<7..255> =
    # "tls13 " + Label, opaque context<0..255>. ``keyed``: an HMAC object keyed with
    # ``secret`` and nothing absorbed, so that a secret expanded for several labels is keyed
    # once (two compressions and the object's set-up saved per label).
    lab = b"tls13 " + label
    info = bytes((length >> 8, length & 0xFF, len(lab))) + lab + bytes((len(context),)) + context
    if length > hashcls.digest_size:  # more than one block: never in TLS 1.3's own labels
        return hkdf.expand(hashcls, secret, info, length)
    if keyed is None:
        keyed = hmac.new(secret, None, hashcls)
    # HKDF-Expand (RFC 5869 §2.3) of one block: T(1) = HMAC(PRK, info || 0x01)
    return keyed._mac(info + b"\x01")[:length]


def traffic_keys(hashcls, secret, key_len):
    """(key, iv) of a traffic secret (§7.3): the AEAD key and the 12-byte write IV."""
    m = hmac.new(secret, None, hashcls)
    return (expand_label(hashcls, secret, b"key", b"", key_len, m),
            expand_label(hashcls, secret, b"iv", b"", 12, m))


def finished(hashcls, base_key, th):
    """verify_data of a Finished message (§4.4.4): HMAC(finished_key, transcript hash)."""
    fk = expand_label(hashcls, base_key, b"finished", b"", hashcls.digest_size)
    return hmac.new(fk, th, hashcls).digest()


def next_secret(hashcls, secret):
    """application_traffic_secret_N+1 (§7.2, KeyUpdate)."""
    return expand_label(hashcls, secret, b"traffic upd", b"", hashcls.digest_size)


class KeySchedule:
    def __init__(self, hashcls):
        self.h = hashcls
        self.secret = None
        self._m = None  # the current secret keyed into HMAC, made by the first derive()
        self.empty = hashcls(b"").digest()  # Transcript-Hash("") for the "derived" steps

    def extract(self, ikm=None):
        h = self.h
        zeros = bytes(h.digest_size)
        salt = zeros if self.secret is None else self.derive(b"derived", self.empty)
        self.secret = hkdf.extract(h, salt, zeros if ikm is None else ikm)
        self._m = None

    def derive(self, label, th):
        """Derive-Secret(current secret, label, messages) given th = Transcript-Hash(messages)."""
        if self._m is None:
            self._m = hmac.new(self.secret, None, self.h)
        return expand_label(self.h, self.secret, label, th, self.h.digest_size, self._m)
