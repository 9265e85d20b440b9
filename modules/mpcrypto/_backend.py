"""The backend seam: the one place that picks which implementation of a primitive runs.

Order of preference, per primitive: hardware registered by the board, then the software
chain of the primitive's public module, best first: Thumb-2 assembly where the core runs it,
MicroPython's C built-in where it fits, our viper kernels, portable Python. A chain is data,
one spelling everywhere: ``_CHAIN``, a tuple of ``(name, module, requires)``, for example::

    _CHAIN = (("thumb", "mpcrypto.cipher.aes_thumb", "thumb2"),
              ("builtin", "mpcrypto.cipher.aes_builtin", None),
              ("viper", "mpcrypto.cipher.aes_viper", None),
              ("python", "mpcrypto.cipher.aes_python", None))

``requires`` is None or a CPU feature of ``mpcrypto._cpu`` (``thumb2``, ``mull_ct``,
``umaal``, ``dcache``): an entry whose feature this core lacks is passed over before its
module is imported. A name may appear twice, once with a narrower requirement early in the
chain (AES puts its constant-time kernel first where the core has a data cache, ``dcache``)
and once later; the first entry that loads wins. ``select("aes", _CHAIN)`` gives
``(name, module)``. A backend module is usable when it imports (a viper module raises on a
port without native emitters, an ``asm_thumb`` one off ARM; a wrapper of a C built-in raises
ImportError where the built-in is absent; a module that does not fit the heap raises
MemoryError) and, if it defines ``probe()``, when ``probe()`` returns True. Board drivers
call ``register(primitive, name, impl)`` at import time; ``impl`` has the same surface as the
software modules.

``helper(primitive, chain)`` is the same choice for an optional kernel that a module uses
beside its own portable code (the viper loops of HMAC, PBKDF2, the DRBG, the digest output,
the field engine's UMAAL multiplier): the module, or None where no entry loads, so the
caller runs its portable code; ``load(modname)`` is the test of one module, for callers that
pick among sizes rather than backends (the field kernels).

A firmware that freezes a module named ``mpcrypto_board`` (``firmware/manifest_kinetis.py``
freezes ``boards/<NAME>/mpcrypto_board.py``) has it imported once, before the first choice:
that module probes the hardware and registers what it finds. ``hardware(primitive)`` gives
what the board registered, unless ``force`` pinned the primitive to another name
(``"entropy"``: the board's entropy source, see ``_util.resolve_rng``; ``"rsa"``: a board's
RSA private operation, asked by ``pk/rsa.py``).

``force(primitive, name)`` pins a backend (for a helper, a name not in its chain means the
portable code); tests use it to run one suite over every backend. Call sites never take a
backend argument. The choice is cached per primitive, so the cost of selection is paid once.

``context(primitive, chain, obj)`` builds and caches ``impl.new(obj)``; a context with a
``reclaim`` attribute of None gets ``evict`` there, the way it asks for the other cached
contexts to be dropped when it runs out of heap (``evict(keep=itself)``).
"""

from mpcrypto import _cpu
from mpcrypto.exceptions import UnsupportedAlgorithm

_hw = {}  # primitive -> (name, impl) registered by a board driver
_forced = {}  # primitive -> backend name pinned by force()
_chosen = {}  # primitive -> (name, impl), the cached default


_board_done = []  # non-empty once mpcrypto_board was looked for


def _board():
    # Import the board's drivers once (they call register()); none on most ports.
    if not _board_done:
        _board_done.append(1)
        try:
            import mpcrypto_board  # noqa: F401
        except ImportError:
            pass


def hardware(primitive):
    """The ``impl`` a board driver registered for ``primitive``, or None (also when ``force``
    pinned the primitive to another backend)."""
    _board()
    hit = _hw.get(primitive)
    return hit[1] if hit and _forced.get(primitive, hit[0]) == hit[0] else None


def register(primitive, name, impl):
    """Register a hardware backend; it takes precedence over every software one."""
    _hw[primitive] = (name, impl)
    _chosen.pop(primitive, None)


def force(primitive, name=None):
    """Pin ``primitive`` to the backend called ``name`` (None: back to the default)."""
    if name is None:
        _forced.pop(primitive, None)
    else:
        _forced[primitive] = name
    _chosen.pop(primitive, None)


def load(modname):
    """The module ``modname`` if it imports and its ``probe()`` (if any) is True, else None."""
    try:
        mod = __import__(modname, None, None, ("probe",))
    except (ImportError, SyntaxError, ValueError, NotImplementedError, MemoryError):
        # SyntaxError/ValueError: a viper module on a port without native emitters.
        # MemoryError: a kernel compiled from source on the device (mounted or mip-installed
        # .py) that does not fit the heap, e.g. the unrolled Thumb-2 SHA-2 kernels' machine
        # code: skipped like an absent one (MicroPython unregisters the failed module).
        return None
    probe = getattr(mod, "probe", None)
    if probe is not None and not probe():
        return None
    return mod


def _candidates(primitive, chain):
    # Yields (name, impl) in order of preference, importing lazily; an entry whose CPU
    # feature is missing is not imported at all.
    if primitive in _hw:
        yield _hw[primitive]
    for name, modname, requires in chain:
        if requires is not None and not _cpu.has(requires):
            continue
        mod = load(modname)
        if mod is not None:
            yield name, mod


def select(primitive, chain):
    """Return ``(name, impl)`` of the backend to use for ``primitive``."""
    hit = _chosen.get(primitive)
    if hit is not None:
        return hit
    _board()
    want = _forced.get(primitive)
    for name, impl in _candidates(primitive, chain):
        if want is None or name == want:
            _chosen[primitive] = (name, impl)
            return name, impl
    raise UnsupportedAlgorithm(primitive if want is None else primitive + ":" + want)


_NONE = (None, None)


def helper(primitive, chain):
    """The module of the first usable entry of ``chain`` for ``primitive`` (``force()``
    honoured), or None; cached like ``select``."""
    hit = _chosen.get(primitive)
    if hit is None:
        try:
            hit = select(primitive, chain)
        except UnsupportedAlgorithm:
            hit = _NONE
        _chosen[primitive] = hit
    return hit[1]


_contexts = {}  # (primitive, backend name, key) -> impl.new(obj)


def context(primitive, chain, obj):
    """``impl.new(obj)`` of the selected backend, built once per backend and ``obj.name``
    (for example the base-point tables of one curve) and cached."""
    name, impl = select(primitive, chain)
    key = (primitive, name, obj.name)
    ctx = _contexts.get(key)
    if ctx is None:
        ctx = impl.new(obj)
        if getattr(ctx, "reclaim", 0) is None:
            ctx.reclaim = evict
        _contexts[key] = ctx
    return ctx


def _call(ctx, fn, args):
    # One call, no further frames: this is on the path of every public-key operation.
    if isinstance(fn, str):
        return getattr(ctx, fn)(*args)
    return fn(ctx, *args)


def evict(keep=None):
    """Drop every cached context but ``keep`` (they are rebuilt on next use) and collect the
    heap."""
    import gc

    for k in [k for k in _contexts if _contexts[k] is not keep]:
        del _contexts[k]
    gc.collect()


def available(primitive, chain):
    """Names of the backends of ``primitive`` usable on this target, best first."""
    _board()
    out = []
    for name, _ in _candidates(primitive, chain):
        if name not in out:
            out.append(name)
    return out


def bind(primitive, chain):
    """``(available, context, run)`` with ``primitive`` and ``chain`` filled in: the
    ``backends()``, per-object context and run of a module whose backends are built per
    object (a curve). ``run(obj, fn, *args)`` is documented below; it is on the path of every
    public-key operation, so it looks a built context up itself and calls ``fn`` with no
    frame between."""

    def available_():
        return available(primitive, chain)

    def context_(obj):
        return context(primitive, chain, obj)

    def run(obj, fn, *args):
        """``fn(ctx, *args)`` with ``ctx = context(primitive, chain, obj)`` (``ctx.fn(*args)``
        when ``fn`` is a method name). On MemoryError every cached context is dropped (their
        tables are the big long-lived objects: on a 96 KB heap the base-point tables of three
        or four curves do not fit together), the heap collected, and ``fn`` run once more on
        a freshly built context, so a program that uses many curves pays a rebuild instead of
        failing. A second MemoryError propagates. ``fn`` must not have effects before its
        result (the protocol functions only compute)."""
        try:
            # context() inlined for a context already built (every call but the first)
            hit = _chosen.get(primitive)
            ctx = _contexts.get((primitive, hit[0], obj.name)) if hit else None
            if ctx is None:
                ctx = context(primitive, chain, obj)
            if isinstance(fn, str):
                return getattr(ctx, fn)(*args)
            return fn(ctx, *args)
        except MemoryError:
            ctx = None  # the failed context's tables must be free for evict's collection
        evict()
        return _call(context(primitive, chain, obj), fn, args)

    return available_, context_, run
