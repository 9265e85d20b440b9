"""mpremote (the pinned release, requirements.txt) with a longer wait in its mount.

``mpremote mount`` runs a small file-system client on the device; each request it makes
waits one second for the host's answer (``poll_in`` in mpremote's ``transport_serial.py``)
and then gives up with ``timeout waiting for remote``, which loses the whole run. A host
that is busy (a loaded CI machine, an emulator sharing its cores with the tests) can miss
one second. This wrapper sets that wait to ``MPCRYPTO_MOUNT_WAIT_MS`` (default 20000) and
otherwise is mpremote itself: the device tests call it instead of ``python -m mpremote``.

    python -m tools.ship.remote connect /dev/pts/3 mount -l DIR run script.py
"""

import os
import sys

from mpremote import main, transport_serial

_WAIT = "ipoll(1000)"  # mpremote 1.29.0's device-side wait for each answer


WAIT_MS = int(os.environ.get("MPCRYPTO_MOUNT_WAIT_MS", "20000"))


def patch(ms):
    """Make the device-side mount code wait ``ms`` milliseconds for each answer (once: a
    second call with the same wait changes nothing)."""
    code = transport_serial.fs_hook_code
    if "ipoll(%d)" % ms in code and _WAIT not in code:
        return
    if _WAIT not in code:
        raise SystemExit("tools.ship.remote: mpremote's mount code has no %r to scale (a different "
                         "mpremote than requirements.txt pins?)" % _WAIT)
    transport_serial.fs_hook_code = code.replace(_WAIT, "ipoll(%d)" % ms)


if __name__ == "__main__":
    patch(WAIT_MS)
    sys.exit(main.main())
