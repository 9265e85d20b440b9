# MicroPython side of the host test harness (runs on the target, not on CPython).
#
# The host sends a script that calls run(driver, func, cases, force). For each case the
# driver function is called and one line is printed:
#   "R <repr(result)>"                  the call returned
#   "E <ExceptionClassName> <message>"  the call raised
# The host reads these lines back in order; anything else on stdout is ignored.


def _force(force):
    if force:
        from mpcrypto import _backend

        for prim in force:
            _backend.force(prim, force[prim])


def run(driver, func, cases, force=None):
    _force(force)
    mod = __import__(driver)
    fn = getattr(mod, func)
    for case in cases:
        try:
            r = fn(*case)
        except Exception as e:
            msg = str(e).replace("\n", " ")
            print("E", type(e).__name__, msg)
        else:
            print("R", repr(r))
    print("DONE")


def backends(module):
    mod = __import__(module, None, None, ("backends",))
    print("R", repr(mod.backends()))
    print("DONE")
