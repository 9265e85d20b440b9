"""pytest set-up: the ``target`` fixture and the ``--target`` option.

``pytest host_tests`` runs on the MicroPython unix port. ``pytest host_tests --target=PORT``
runs the same tests on a serial device (a board or an emulated Cortex-M on a pty) through
mpremote. Tests marked ``unix_only`` skip on a device.
"""

import json
import os

import pytest

from harness import DeviceTarget, UnixTarget


def pytest_addoption(parser):
    parser.addoption(
        "--target",
        default="unix",
        help="'unix' (default: the MicroPython unix port) or a serial port for mpremote; "
        "several ports, comma-separated, serve pytest-xdist's workers one each",
    )
    parser.addoption(
        "--mount-source",
        action="store_true",
        help="on a device, mount the .py sources instead of .mpy files compiled for its arch",
    )
    parser.addoption(
        "--device-session",
        action="store_true",
        help="on a device, keep one mpremote connection open for all scripts (much faster; "
        "harness._Session says what state is reset between scripts)",
    )
    parser.addoption(
        "--batch-bytes",
        type=int,
        default=None,
        help="size of the case literal sent per device script (default 6000; raise it for "
        "devices with a large heap, such as an emulator)",
    )
    parser.addoption(
        "--outcome-log",
        default=None,
        help="append each test phase's outcome to this file as a JSON line, as it ends (a run "
        "that is stopped still says what it ran; tools.ship.check_device tabulates it)",
    )


def pytest_configure(config):
    config.addinivalue_line("markers", "unix_only: the test only makes sense on the unix port")
    # Written by the controlling process only: pytest-xdist's workers hand it their reports.
    path = config.getoption("--outcome-log")
    _OUTCOME_LOG[0] = None if hasattr(config, "workerinput") else path


_OUTCOME_LOG = [None]


def _failure_line(report):
    # What went wrong, in a line of at most about 500 characters: where it was raised and the
    # crash message (or the report's last lines), its head and its tail where it is longer
    # (an assertion over long values keeps its first words and the end of its diff).
    crash = getattr(report.longrepr, "reprcrash", None)
    text = " ".join((crash.message if crash else report.longreprtext).split())
    if len(text) > 480:
        text = text[:240] + " ... " + text[-240:]
    if crash:
        text = "%s:%s: %s" % (os.path.basename(str(crash.path)), crash.lineno, text)
    return text


def pytest_runtest_logreport(report):
    if _OUTCOME_LOG[0]:
        line = {"nodeid": report.nodeid, "when": report.when, "outcome": report.outcome,
                "seconds": round(report.duration, 3)}
        if report.failed:
            line["message"] = _failure_line(report)
        with open(_OUTCOME_LOG[0], "a") as f:
            f.write(json.dumps(line) + "\n")


@pytest.fixture(scope="session")
def target(request):
    where = request.config.getoption("--target")
    if where == "unix":
        return UnixTarget()
    ports = where.split(",")
    # One device per worker (gw0, gw1, ...): a serial device runs one script at a time.
    where = ports[int(os.environ.get("PYTEST_XDIST_WORKER", "gw0")[2:]) % len(ports)]
    dev = DeviceTarget(where, precompile=not request.config.getoption("--mount-source"),
                       session=request.config.getoption("--device-session"))
    if request.config.getoption("--batch-bytes"):
        dev.batch_bytes = request.config.getoption("--batch-bytes")
    return dev


@pytest.fixture(autouse=True)
def _unix_only(request, target):
    if request.node.get_closest_marker("unix_only") and not target.is_unix:
        pytest.skip("unix port only")


# The portable Python EC backends keep big-integer comb tables and working values (a P-521
# signature asks for 4 KB blocks): on a 32-bit core they need more than the 96 KB heap of the
# reference firmware (measured on the emulated Cortex-M4 with the library frozen:
# MemoryError in P-521 RFC 6979 signing, the all-curves compressed-point round trip and
# Ed25519's bad-signature batch). They are the backend of bytecode-only boards (RX65N, whose
# firmware has a heap of several hundred KB), so on a device with a smaller heap their tests
# skip, saying so. The native backends (viper, thumb) are the ones the 96 KB budget covers
# (test_heap.py).
PYTHON_EC_HEAP = 256 * 1024
_EC_MODULES = ("test_ecdsa", "test_ecdh", "test_eddsa", "test_x25519", "test_sm2", "test_ec_curves")


@pytest.fixture(autouse=True)
def _python_ec_heap(request, target):
    if target.is_unix or request.module.__name__.rsplit(".", 1)[-1] not in _EC_MODULES:
        return
    spec = getattr(request.node, "callspec", None)
    if spec is None or "python" not in spec.params.values():
        return
    heap = target.heap_bytes()
    if heap < PYTHON_EC_HEAP:
        pytest.skip("portable Python EC backend: needs a heap of %d bytes or more, the device has %d"
                    % (PYTHON_EC_HEAP, heap))
