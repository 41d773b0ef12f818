"""Compiled search kernels: numba when it is there and wanted, the same source as plain Python when not.

A kernel module (Ataxx's ``game.ai.ataxx.kernel``) is written in the small
part of Python that numba compiles: functions of ints and flat arrays. It
starts with ``jit = compiled.jit_for(__name__)`` and decorates every function
with ``@jit``. Loaded normally, with numba installed and ``ATTAX_NUMBA`` not
``0``, ``jit`` is ``numba.njit(cache=True, nogil=True)``; otherwise it is the
identity and the kernel runs as Python. ``load_pure(name)`` loads a second
copy of a kernel that is always plain Python: the search uses it while the
compiled one is being built (first run: some twenty seconds) and the tests
run both.

numba is loaded only when a kernel is imported for compiling (``jit_for``) or
``numba_problem()`` is asked. Compiled code is cached in the user's cache
folder (under ``numba``, or in ``NUMBA_CACHE_DIR``), never in the source tree,
in a folder of its own named for this frozen copy's sources (``_source_tag``):
numba's ``config.CACHE_DIR`` is pointed there while this copy's functions are
decorated, and put back after, so the live search's cache, which numba decides
for the live functions when they are decorated, is neither used nor moved.

numba reads ``NUMBA_CACHE_DIR`` once, when it is first imported, and the live
``game.ai.compiled`` sets it before that: a process that also runs the live
search must load numba there first (``game.ai.compiled.numba_problem()``), as
``bench/strength.py`` and the tests do. Alone, this copy sets it to its own
folder.

The bit primitives a kernel needs beyond Python's operators come from
``primitives_for(name)``, in both forms: ``popcount(x)`` and ``lowest(x)``
(the index of the lowest set bit, ``x`` not 0); and from ``highest_for(name)``,
``highest(x)`` (the index of the highest set bit, ``x`` > 0). Compiled, they
are single instructions (LLVM's ctpop, cttz and ctlz); in Python,
``int.bit_count`` and ``int.bit_length``.

A kernel may be split into several such modules (what every kernel shares is
``game.ai.kernel_common``): one takes another with ``companion(__name__,
other)``, so a pure copy gets the other's pure copy. The rules' own bit
functions, written in the same subset of Python, are compiled for a kernel by
``functions_for(__name__, "the.rules.module")``: the rules exist once and never
import numba.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.util
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import FunctionType, ModuleType, SimpleNamespace
from typing import Any, TypeVar

__all__ = [
    "ENV_NUMBA",
    "PURE_SUFFIX",
    "Build",
    "Kernel",
    "Watchdog",
    "companion",
    "functions_for",
    "highest_for",
    "identity",
    "jit_for",
    "load_pure",
    "numba_problem",
    "primitives_for",
    "py_highest",
    "py_lowest",
    "py_popcount",
    "start_warm_up",
]

ENV_NUMBA = "ATTAX_NUMBA"
"""Set to ``0`` to run every kernel as plain Python (numba is then never imported)."""
PURE_SUFFIX = "_pure"
"""The module name suffix of a kernel's plain-Python copy."""

F = TypeVar("F", bound=Callable[..., Any])


def identity(function: F) -> F:
    """The decorator of a kernel that runs as Python."""
    return function


def py_popcount(x: int) -> int:
    """The number of set bits of ``x`` (not negative)."""
    return x.bit_count()


def py_lowest(x: int) -> int:
    """The index of the lowest set bit of ``x`` (``x`` > 0)."""
    return (x & -x).bit_length() - 1


def py_highest(x: int) -> int:
    """The index of the highest set bit of ``x`` (``x`` > 0)."""
    return x.bit_length() - 1


def _load_numba() -> tuple[Any, str | None]:
    """numba's module, or ``None`` and why not (switched off, missing, broken)."""
    if os.environ.get(ENV_NUMBA, "").strip() == "0":
        return None, f"{ENV_NUMBA}=0"
    cache = _cache_folder()
    if cache is not None and "numba" not in sys.modules and not os.environ.get("NUMBA_CACHE_DIR"):
        os.environ["NUMBA_CACHE_DIR"] = str(cache)
    try:
        import numba

        primitives = _intrinsics(numba, cache)
    except Exception as error:  # missing, or a broken install (llvmlite, numpy mismatch): Python it is
        return None, f"numba cannot be loaded ({type(error).__name__}: {error})"
    return (numba, primitives, cache), None


def _njit(numba: Any, cache: Path | None, **options: Any) -> Callable[[F], F]:
    """numba's ``njit(**options)``, caching in ``cache`` (``None``: nowhere) whatever ``NUMBA_CACHE_DIR`` says.

    numba picks a function's cache folder when the function is decorated,
    from ``numba.core.config.CACHE_DIR``: set for the decoration, then put back.
    """
    njit = numba.njit(cache=cache is not None, **options)

    def decorate(function: F) -> F:
        from numba.core import config

        before = config.CACHE_DIR
        if cache is not None:
            config.CACHE_DIR = str(cache)
        try:
            compiled: F = njit(function)
        finally:
            config.CACHE_DIR = before
        return compiled

    return decorate


def _source_tag() -> str:
    """A digest of every source this copy's kernel is compiled from (the modules of its folder).

    numba's cache checks only the file of the function it compiled, so a
    change to a module the kernel calls into would load the old code from the
    cache: the cache is kept per version of the sources (a frozen copy has one,
    but a copy of it elsewhere gets its own folder).
    """
    digest = hashlib.sha256()
    root = Path(__file__).resolve().parent
    for path in sorted(root.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return f"{root.name}-{digest.hexdigest()[:16]}"


def _user_cache_dir() -> Path:
    """The game's folder for files it can rebuild (``game.paths.user_cache_dir``'s rule, kept here)."""
    override = os.environ.get("ATTAX_DATA_DIR")
    if override:
        return Path(override).expanduser() / "cache"
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local"
        return Path(local) / "attax-arcade" / "cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "attax-arcade"
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".cache"
    return base / "attax-arcade"


def _cache_folder() -> Path | None:
    """Where compiled code is kept: a folder per version of the sources (``_source_tag``) in
    ``NUMBA_CACHE_DIR`` if the caller set it (beside the live search's folder if it is one), else in
    the user's cache folder.

    ``None`` if that folder cannot be written: the kernels are then compiled
    at every start and cached nowhere (numba would otherwise fall back to
    writing beside the source).
    """
    try:
        chosen = os.environ.get("NUMBA_CACHE_DIR")
        folder = Path(chosen) if chosen else _user_cache_dir() / "numba"
        tag = _source_tag()
        if folder.name.startswith("src-"):  # the live search's folder for its sources: beside it
            folder = folder.parent
        if folder.name != tag:  # a child process inherits the tagged folder: not tagged twice
            folder = folder / tag
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".probe-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError:
        return None
    return folder


@functools.cache
def _numba() -> tuple[Any, str | None]:
    """numba and its compiled primitives, loaded on first use (a process that never compiles never loads it)."""
    return _load_numba()


def numba_problem() -> str | None:
    """Why kernels run as Python (``None``: they are compiled by numba). Loads numba the first time."""
    return _numba()[1]


def _intrinsics(
    numba: Any, cache: Path | None
) -> tuple[Callable[[int], int], Callable[[int], int], Callable[[int], int]]:
    """popcount, lowest and highest as LLVM intrinsics on 64-bit ints."""
    from numba import types
    from numba.extending import intrinsic

    @intrinsic
    def _ctpop(typingctx: Any, x: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.ctpop(args[0])

        return types.int64(types.int64), codegen

    @intrinsic
    def _cttz(typingctx: Any, x: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.cttz(args[0], context.get_constant(types.boolean, True))

        return types.int64(types.int64), codegen

    @intrinsic
    def _ctlz(typingctx: Any, x: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.ctlz(args[0], context.get_constant(types.boolean, True))

        return types.int64(types.int64), codegen

    @_njit(numba, cache, inline="always")
    def popcount_compiled(x: int) -> int:
        return _ctpop(x)  # type: ignore[call-arg]  # numba passes the typing context

    @_njit(numba, cache, inline="always")
    def lowest_compiled(x: int) -> int:
        return _cttz(x)  # type: ignore[call-arg]  # numba passes the typing context

    @_njit(numba, cache, inline="always")
    def highest_compiled(x: int) -> int:
        return 63 - _ctlz(x)  # type: ignore[call-arg]  # numba passes the typing context

    return popcount_compiled, lowest_compiled, highest_compiled


def jit_for(module_name: str) -> Callable[[F], F]:
    """The decorator for the kernel module ``module_name``: numba's ``njit`` or, for a pure copy, the identity.

    Compiled functions are built lazily, at their first call. A kernel never
    passes a literal to a recursive function: numba builds a version of the
    function for the literal, which it cannot find again in its cache.
    """
    if module_name.endswith(PURE_SUFFIX) or numba_problem() is not None:
        return identity
    numba, _primitives, cache = _numba()[0]
    return _njit(numba, cache, nogil=True)


def primitives_for(module_name: str) -> tuple[Callable[[int], int], Callable[[int], int]]:
    """``(popcount, lowest)`` for the kernel ``module_name``: compiled ones, or Python's for a pure copy."""
    if module_name.endswith(PURE_SUFFIX) or numba_problem() is not None:
        return py_popcount, py_lowest
    primitives: tuple[Callable[[int], int], Callable[[int], int], Callable[[int], int]] = _numba()[0][1]
    return primitives[0], primitives[1]


def highest_for(module_name: str) -> Callable[[int], int]:
    """``highest`` for the kernel ``module_name``: the compiled one, or Python's for a pure copy."""
    if module_name.endswith(PURE_SUFFIX) or numba_problem() is not None:
        return py_highest
    highest: Callable[[int], int] = _numba()[0][1][2]
    return highest


def load_pure(module_name: str) -> ModuleType:
    """A plain-Python copy of the kernel module ``module_name``, loaded once (kept in ``sys.modules``).

    Loading it never loads numba: the copy's ``jit`` is the identity and its
    ``popcount`` and ``lowest`` are ``py_popcount`` and ``py_lowest``.
    """
    name = module_name + PURE_SUFFIX
    if name in sys.modules:
        return sys.modules[name]
    found = importlib.util.find_spec(module_name)
    assert found is not None and found.origin is not None, module_name
    spec = importlib.util.spec_from_file_location(name, found.origin)
    assert spec is not None and spec.loader is not None
    copy = importlib.util.module_from_spec(spec)
    sys.modules[name] = copy
    try:
        spec.loader.exec_module(copy)
    except BaseException:
        del sys.modules[name]
        raise
    return copy


def companion(module_name: str, other: str) -> ModuleType:
    """The kernel module ``other`` as the kernel ``module_name`` calls it: its pure copy for a pure copy,
    else the module itself (compiled when numba is in use)."""
    if module_name.endswith(PURE_SUFFIX):
        return load_pure(other)
    return importlib.import_module(other)


_compiled_functions: dict[str, SimpleNamespace] = {}
"""The rules modules whose functions are compiled, by name: each function is compiled once a process."""
_compiled_lock = threading.Lock()


def functions_for(module_name: str, source: str) -> Any:
    """The functions of the rules module ``source`` as the kernel ``module_name`` calls them, by attribute.

    For a pure copy, or without numba, the module itself. Otherwise a
    namespace of its functions compiled by numba (each at its first call, once
    a process), calling one another compiled: copies of the functions whose
    globals are the module's with its functions replaced by the compiled ones.
    Only the functions a kernel calls need be in numba's subset of Python.
    """
    module = importlib.import_module(source)
    if module_name.endswith(PURE_SUFFIX) or numba_problem() is not None:
        return module
    with _compiled_lock:
        functions = _compiled_functions.get(source)
        if functions is None:
            jit = jit_for(module_name)
            namespace = dict(vars(module))
            compiled_ones = {}
            for name, value in vars(module).items():
                if isinstance(value, FunctionType) and value.__module__ == source:
                    copy = FunctionType(
                        value.__code__, namespace, value.__name__, value.__defaults__, value.__closure__
                    )
                    copy.__qualname__ = value.__qualname__
                    copy.__module__ = value.__module__
                    copy.__doc__ = value.__doc__
                    compiled_ones[name] = jit(copy)
            namespace.update(compiled_ones)
            functions = _compiled_functions[source] = SimpleNamespace(**compiled_ones)
        return functions


class Build:
    """One kernel's build in the process's build queue (``start_warm_up``): ``join`` waits for it."""

    def __init__(self, name: str, warm: Callable[[], None]) -> None:
        self.name = name
        self.warm = warm
        self.started = False
        self.done = threading.Event()

    def join(self, timeout: float | None = None) -> bool:
        """Wait until the build is over (done or failed), at most ``timeout`` seconds; whether it is."""
        return self.done.wait(timeout)


class _BuildQueue:
    """The kernels to build, one at a time in one thread: numba compiles under one lock, so two builds
    at once would both finish late, and the one a search waits for should not wait for another."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._builds: dict[str, Build] = {}
        self._waiting: list[Build] = []
        self._thread: threading.Thread | None = None

    def start(self, name: str, warm: Callable[[], None]) -> Build:
        with self._lock:
            build = self._builds.get(name)
            if build is None:
                build = self._builds[name] = Build(name, warm)
                self._waiting.append(build)
            elif not build.started and build in self._waiting:
                # Asked again before it started: wanted now (the game being played), so it goes first.
                self._waiting.remove(build)
                self._waiting.insert(0, build)
            if self._thread is None and self._waiting:
                self._thread = threading.Thread(target=self._run, name="compile-kernels", daemon=True)
                self._thread.start()
            return build

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._waiting:
                    self._thread = None
                    return
                build = self._waiting.pop(0)
                build.started = True
            try:
                with contextlib.suppress(Exception):  # numba could not compile: the Python copy plays on
                    build.warm()
            finally:
                build.done.set()


_build_queue = _BuildQueue()
"""The process's kernel builds (a process compiles its kernels once, in order)."""


def start_warm_up(name: str, warm: Callable[[], None]) -> Build:
    """Queue ``warm`` (which compiles a kernel, or loads it from the cache), once a process for ``name``.

    Builds run one at a time in a background thread, in the order asked; asking
    again for one that has not started moves it to the front. Returns the
    build (``join`` waits for it). An exception in ``warm`` is swallowed: the
    kernel then stays uncompiled and its callers keep running its Python copy.
    """
    return _build_queue.start(name, warm)


class Kernel:
    """A search's compiled kernel: imported (so compiled, or loaded from the cache) on first use, built
    in the background once a process, and used only once built.

    ``name`` is the kernel's module; ``entry_points`` the functions a search
    calls (the kernel is built when every one has a compiled signature);
    ``warm_up(kernel)`` calls each of them once on a tiny position.
    """

    def __init__(
        self, name: str, entry_points: tuple[str, ...], warm_up: Callable[[ModuleType], None]
    ) -> None:
        self.name = name
        self._entry_points = entry_points
        self._warm_up = warm_up
        self._module: ModuleType | None = None
        self._imported = False
        self._lock = threading.Lock()

    def module(self) -> ModuleType | None:
        """The kernel compiled by numba (imported on first use), or ``None`` if numba cannot be had or fails."""
        with self._lock:
            if not self._imported:
                self._imported = True
                if numba_problem() is None:
                    try:
                        self._module = importlib.import_module(self.name)
                    except Exception:  # numba refused the kernel (an unusable cache, a broken install)
                        self._module = None
            return self._module

    def built(self, kernel: ModuleType) -> bool:
        """Whether ``kernel``'s entry points are compiled.

        A kernel still being imported by the warm-up thread (a child process's
        first search comes at once) is in ``sys.modules`` without its
        functions yet: not built.
        """
        return all(getattr(getattr(kernel, name, None), "signatures", ()) for name in self._entry_points)

    def ready(self) -> bool:
        """Whether the compiled kernel is built (always true when the kernel runs as Python)."""
        kernel = self.module()
        return kernel is None or self.built(kernel)

    def if_built(self) -> ModuleType | None:
        """The compiled kernel if this process has built it; never loads numba or starts a build."""
        kernel = sys.modules.get(self.name)
        return kernel if kernel is not None and self.built(kernel) else None

    def prepare(self, *, wait: bool = False, timeout: float | None = None) -> bool:
        """Start building the kernel in the background (once a process); whether it is ready.

        ``wait``: block until it is (at most ``timeout`` seconds). A failure to
        compile is not raised: the search then stays in Python.
        """
        if self.ready():
            return True
        kernel = self.module()
        assert kernel is not None  # ready() is true without numba
        build = start_warm_up(self.name, lambda: self._warm_up(kernel))
        if wait:
            build.join(timeout)
        return self.ready()


class Watchdog:
    """A thread that sets a running kernel's stop flag (``flags[index] = 1``) at ``deadline`` (a
    ``time.monotonic()`` time) or as soon as ``stop`` is set, looking every ``interval`` seconds.

    A kernel cannot read the clock or an ``Event``; it looks at its flag every
    few thousand nodes. No thread is started without a deadline or an event.
    ``close()`` ends the watch (always call it, or use the watchdog as a context manager: the thread
    holds the flags).
    """

    def __init__(
        self,
        flags: Any,
        index: int,
        deadline: float | None,
        stop: threading.Event | None,
        *,
        interval: float = 0.002,
    ) -> None:
        self._done = threading.Event()
        self._thread: threading.Thread | None = None
        if deadline is not None or stop is not None:
            self._thread = threading.Thread(
                target=self._watch,
                args=(flags, index, deadline, stop, interval),
                name="search-watchdog",
                daemon=True,
            )
            self._thread.start()

    def _watch(
        self, flags: Any, index: int, deadline: float | None, stop: threading.Event | None, interval: float
    ) -> None:
        while not self._done.wait(interval):
            if (stop is not None and stop.is_set()) or (
                deadline is not None and time.monotonic() >= deadline
            ):
                flags[index] = 1
                return

    def __enter__(self) -> Watchdog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop watching (the flag is left as it is)."""
        self._done.set()
        if self._thread is not None:
            self._thread.join()
