# Drivers for mpcrypto.pk.dh (runs on MicroPython).
from drv_mpi import rng_arg
from mpcrypto.pk import dh


def ffdhe_p(bits):
    return dh.ffdhe(bits).parameter_numbers().p


def _res(fn, *args):
    try:
        r = fn(*args)
    except Exception as e:
        return type(e).__name__
    return r


def _z(p, g, q, x, y, peer):
    pn = dh.DHParameterNumbers(p, g, q)
    key = dh.DHPrivateNumbers(x, dh.DHPublicNumbers(y, pn)).private_key()
    return key.exchange(dh.DHPublicNumbers(peer, pn).public_key())


def kas_group(p, g, q, cases):
    # cases: [(x, y, peer_y)] -> Z bytes or the exception's name
    return [_res(_z, p, g, q, x, y, peer) for x, y, peer in cases]


def exchange_with(bits, peer_y, x):
    # our key with private x (None: generated) in ffdhe<bits>; returns (our y, Z)
    params = dh.ffdhe(bits)
    pn = params.parameter_numbers()
    if x is None:
        key = params.generate_private_key(rng_arg())
    else:
        key = dh.DHPrivateNumbers(x, dh.DHPublicNumbers(pow(pn.g, x, pn.p), pn)).private_key()
    return key.public_key().public_numbers().y, key.exchange(dh.DHPublicNumbers(peer_y, pn).public_key())


def check_public(bits, ys):
    pn = dh.ffdhe(bits).parameter_numbers()
    return [_res(lambda v: dh.DHPublicNumbers(v, pn).public_key() and "ok", y) for y in ys]


def generated(bits):
    params = dh.ffdhe(bits)
    k = params.generate_private_key(rng_arg())
    return k.private_numbers().x, k.public_key().public_numbers().y
