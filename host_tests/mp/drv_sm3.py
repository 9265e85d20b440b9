# Drivers for SM3 (mpcrypto.hash.sm3) and HMAC-SM3. Runs on MicroPython via mptest.py.
# The hash-contract checks are drv_sha's, shared by every hash; only what is SM3's own
# (HMAC looked up by the name "sm3") is written here.
import drv_sha
from mpcrypto.exceptions import InvalidSignature
from mpcrypto.mac import hmac


def backend_of():
    return drv_sha.backend_of("sm3")


def attrs():
    return drv_sha.attrs("sm3")


def digest(msg):
    return drv_sha.digest("sm3", msg)


def hexdigest(msg):
    return drv_sha.hexdigest("sm3", msg)


def splits(msg):
    return drv_sha.splits("sm3", msg)


def twice(m1, m2):
    return drv_sha.twice("sm3", m1, m2)


def copies(a, b, c):
    return drv_sha.copies("sm3", a, b, c)


def kinds(msg):
    return drv_sha.kinds("sm3", msg)


def bad_input(kind, where):
    return drv_sha.bad_input("sm3", kind, where)


def heap_update(n):
    return drv_sha.heap_update("sm3", n)


def hmac_check(key, msg, tag, tlen):
    # Wycheproof HMAC: full-length tags through verify(), truncated ones by comparing the
    # first tlen bytes. HMAC is looked up by name ("sm3") to cover the name table.
    m = hmac.new(key, msg, digestmod="sm3")
    if tlen == m.digest_size:
        try:
            m.verify(tag)
        except InvalidSignature:
            return False
        return True
    return hmac.compare_digest(m.digest()[:tlen], tag)


def hmac_attrs():
    m = hmac.new(b"k", None, "SM3")
    return m.name, m.digest_size, m.block_size
