"""pytest set-up: the ``target`` fixture and the ``--target`` option.

``pytest host_tests`` runs on the MicroPython unix port. ``pytest host_tests --target=PORT``
runs the same tests on a serial device (a board or an emulated Cortex-M on a pty) through
mpremote. Tests marked ``unix_only`` skip on a device.
"""

import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from harness import DeviceTarget, UnixTarget  # noqa: E402


def pytest_addoption(parser):
    parser.addoption(
        "--target",
        default="unix",
        help="'unix' (default: the MicroPython unix port) or a serial port for mpremote",
    )
    parser.addoption(
        "--mount-source",
        action="store_true",
        help="on a device, mount the .py sources instead of .mpy files compiled for its arch",
    )
    parser.addoption(
        "--batch-bytes",
        type=int,
        default=None,
        help="size of the case literal sent per device script (default 6000; raise it for "
        "devices with a large heap, such as an emulator)",
    )


def pytest_configure(config):
    config.addinivalue_line("markers", "unix_only: the test only makes sense on the unix port")


@pytest.fixture(scope="session")
def target(request):
    where = request.config.getoption("--target")
    if where == "unix":
        return UnixTarget()
    dev = DeviceTarget(where, precompile=not request.config.getoption("--mount-source"))
    if request.config.getoption("--batch-bytes"):
        dev.batch_bytes = request.config.getoption("--batch-bytes")
    return dev


@pytest.fixture(autouse=True)
def _unix_only(request, target):
    if request.node.get_closest_marker("unix_only") and not target.is_unix:
        pytest.skip("unix port only")
