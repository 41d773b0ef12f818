"""Compiled search kernels: numba when it is there and wanted, the same source as plain Python when not.

A kernel module (Ataxx's ``game.ai.ataxx.kernel``) is written in the small
part of Python that numba compiles: functions of ints and flat arrays. It
starts with ``jit = compiled.jit_for(__name__)`` and decorates every function
with ``@jit``. Loaded normally, with numba installed and ``ATTAX_NUMBA`` not
``0``, ``jit`` is ``numba.njit(cache=True, nogil=True)``; otherwise it is the
identity and the kernel runs as Python. ``load_pure(module)`` loads a second
copy of a kernel that is always plain Python: the search uses it while the
compiled one is being built (first run: a few seconds) and the tests run both.

Compiled code is cached in the user's cache folder (``game.paths.user_cache_dir``,
under ``numba``), never in the source tree: ``NUMBA_CACHE_DIR`` is set before
numba is imported, unless the caller set it.

The bit primitives a kernel needs beyond Python's operators are here too, in
both forms: ``popcount(x)`` and ``lowest(x)`` (the index of the lowest set
bit, ``x`` not 0). Compiled, they are single instructions (LLVM's ctpop and
cttz); in Python, ``int.bit_count`` and ``int.bit_length``.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import sys
import threading
from collections.abc import Callable
from types import ModuleType
from typing import Any, TypeVar

from game import paths

__all__ = [
    "ENV_NUMBA",
    "PURE_SUFFIX",
    "identity",
    "jit_for",
    "load_pure",
    "lowest",
    "numba_problem",
    "popcount",
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


def _load_numba() -> tuple[Any, str | None]:
    """numba's module, or ``None`` and why not (switched off, missing, broken)."""
    if os.environ.get(ENV_NUMBA, "").strip() == "0":
        return None, f"{ENV_NUMBA}=0"
    if "NUMBA_CACHE_DIR" not in os.environ:
        # Without a cache folder numba caches beside its own files or not at all: still correct.
        with contextlib.suppress(OSError):
            os.environ["NUMBA_CACHE_DIR"] = str(paths.user_cache_dir() / "numba")
    try:
        import numba
    except Exception as error:  # missing, or a broken install (llvmlite, numpy mismatch): Python it is
        return None, f"numba cannot be loaded ({type(error).__name__}: {error})"
    return numba, None


_NUMBA, _NUMBA_PROBLEM = _load_numba()


def numba_problem() -> str | None:
    """Why kernels run as Python (``None``: they are compiled by numba)."""
    return _NUMBA_PROBLEM


def _intrinsics(numba: Any) -> tuple[Callable[[int], int], Callable[[int], int]]:
    """popcount and lowest as LLVM intrinsics on 64-bit ints."""
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

    @numba.njit(cache=True, inline="always")  # type: ignore[untyped-decorator]
    def popcount_compiled(x: int) -> int:
        return _ctpop(x)  # type: ignore[call-arg]  # numba passes the typing context

    @numba.njit(cache=True, inline="always")  # type: ignore[untyped-decorator]
    def lowest_compiled(x: int) -> int:
        return _cttz(x)  # type: ignore[call-arg]  # numba passes the typing context

    return popcount_compiled, lowest_compiled


if _NUMBA is not None:
    try:
        popcount, lowest = _intrinsics(_NUMBA)
    except Exception as _error:  # an llvmlite without these builders: Python it is
        _NUMBA, _NUMBA_PROBLEM = None, f"numba's intrinsics fail ({type(_error).__name__}: {_error})"
        popcount, lowest = py_popcount, py_lowest
else:
    popcount, lowest = py_popcount, py_lowest


def jit_for(module_name: str) -> Callable[[F], F]:
    """The decorator for the kernel module ``module_name``: numba's ``njit`` or, for a pure copy, the identity.

    Compiled functions are built lazily, at their first call. A kernel never
    passes a literal to a recursive function: numba builds a version of the
    function for the literal, which it cannot find again in its cache.
    """
    if _NUMBA is None or module_name.endswith(PURE_SUFFIX):
        return identity
    decorator: Callable[[F], F] = _NUMBA.njit(cache=True, nogil=True)
    return decorator


def load_pure(module: ModuleType) -> ModuleType:
    """A plain-Python copy of the kernel ``module`` (loaded once, then kept in ``sys.modules``).

    Its functions use ``py_popcount`` and ``py_lowest``: the copy reads
    ``popcount`` and ``lowest`` from ``compiled`` through ``primitives_for``.
    """
    if _NUMBA is None:
        return module
    name = module.__name__ + PURE_SUFFIX
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, module.__file__ or "")
    assert spec is not None and spec.loader is not None
    copy = importlib.util.module_from_spec(spec)
    sys.modules[name] = copy
    try:
        spec.loader.exec_module(copy)
    except BaseException:
        del sys.modules[name]
        raise
    return copy


def primitives_for(module_name: str) -> tuple[Callable[[int], int], Callable[[int], int]]:
    """``(popcount, lowest)`` for the kernel ``module_name``: compiled ones, or Python's for a pure copy."""
    if _NUMBA is None or module_name.endswith(PURE_SUFFIX):
        return py_popcount, py_lowest
    return popcount, lowest


_warm_ups: dict[str, threading.Thread] = {}
_warm_ups_lock = threading.Lock()


def start_warm_up(name: str, warm: Callable[[], None]) -> threading.Thread:
    """Run ``warm`` (which compiles a kernel, or loads it from the cache) in a thread, once a process for ``name``.

    Returns the thread. An exception in ``warm`` is swallowed: the kernel then
    stays uncompiled and its callers keep running its Python copy.
    """
    with _warm_ups_lock:
        thread = _warm_ups.get(name)
        if thread is None:

            def run() -> None:
                with contextlib.suppress(Exception):  # numba could not compile: the Python copy plays on
                    warm()

            thread = threading.Thread(target=run, name=f"compile-{name}", daemon=True)
            _warm_ups[name] = thread
            thread.start()
    return thread
