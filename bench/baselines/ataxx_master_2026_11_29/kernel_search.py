"""What every search over a compiled kernel does around it: the kernel's choice, its tables, the node budget.

A game's searcher subclasses ``KernelSearcher``, naming its kernel
(``compiled_kernel``, a ``compiled.Kernel``, and ``layout``, the kernel's plain-Python copy, whose
constants are the compiled kernel's too) and writing its evaluation's weights
and its features into the kernel's ``weights`` (``_fill_weights``); the
position, one depth's search (``game.ai.deepening``'s ``one_depth``), what it answers when stopped
and the moves' conversion stay the game's; the loop around it is ``game.ai.deepening.Deepening``, run
under a ``compiled.Watchdog`` that stops the kernel at the hard deadline or ``stop``.
The tables' shared layout is ``game.ai.kernel_common``'s.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Iterator
from types import ModuleType
from typing import Any, ClassVar, Generic, TypeVar

from . import compiled
from .deepening import Answer, Deepening, Found
from .features import DEFAULT_FEATURES, SearchFeatures
from .limits import SearchInfo

__all__ = ["KernelSearcher", "common"]

common = compiled.load_pure(f"{__package__}.kernel_common")
"""What the kernels share, as Python: the stats every kernel keeps, the table's entries."""
M = TypeVar("M")
W = TypeVar("W")
_ENTRY_BYTES = {True: 16, False: 96}
"""A table entry's cost: two int64 when compiled, two list slots and their ints when not."""


class KernelSearcher(Generic[W]):
    """A search with its own transposition table, killer moves and history, in its kernel's tables.

    ``hash_mb`` bounds the transposition table; ``weights`` picks the
    evaluation (``default_weights`` if not given); ``features`` the search's
    aids. ``compiled``: ``None`` uses the compiled kernel once this process
    has built it (``prepare_compiled``: the AI child starts it when it
    starts), Python until then; ``True`` builds it first and waits (a
    benchmark); ``False`` always runs Python. ``table_slots`` overrides the
    table's size from ``hash_mb`` (a power of two: the same table compiled
    and as Python, for the tests). Not thread-safe: run one search at a time.
    """

    compiled_kernel: ClassVar[compiled.Kernel]
    layout: ClassVar[ModuleType]
    default_weights: ClassVar[Any]

    def __init__(
        self,
        hash_mb: int = 16,
        *,
        weights: W | None = None,
        features: SearchFeatures = DEFAULT_FEATURES,
        compiled: bool | None = None,
        table_slots: int | None = None,
    ) -> None:
        if hash_mb < 1:
            raise ValueError(f"hash_mb must be at least 1, not {hash_mb}")
        self.hash_mb = hash_mb
        self.weights: W = self.default_weights if weights is None else weights
        self.features = features
        self._want_compiled = compiled
        self._table_slots = table_slots
        self._kernel: ModuleType | None = None
        self._tables: dict[str, Any] = {}
        self.nodes = 0

    def new_game(self) -> None:
        """Forget everything learnt: the transposition table, the killer moves and the history."""
        self._kernel = None
        self._tables = {}

    @property
    def is_compiled(self) -> bool:
        """Whether the last search ran the compiled kernel."""
        return self._kernel is not None and self._kernel is not self.layout

    # -- the kernel and its tables --

    def _choose_kernel(self) -> ModuleType:
        """The kernel to run now: compiled if wanted and built, else Python."""
        if self._want_compiled and self.compiled_kernel.prepare(wait=True):
            return self.compiled_kernel.module() or self.layout
        if self._want_compiled is None:
            return self.compiled_kernel.if_built() or self.layout
        return self.layout

    def _tables_for(self, kernel: ModuleType, *, fresh: bool = False) -> dict[str, Any]:
        """Tables for ``kernel``, kept from the last search when they fit and not ``fresh``, with the
        weights filled in and the stats cleared."""
        as_arrays = kernel is not self.layout
        if kernel is not self._kernel or fresh:
            entries = self._table_slots or max(1024, self.hash_mb * 2**20 // _ENTRY_BYTES[as_arrays])
            self._tables = kernel.new_tables(1 << (entries.bit_length() - 1), as_arrays=as_arrays)
            self._kernel = kernel
            self._new_tables()
        tables = self._tables
        self._fill_weights(tables["weights"])
        stats = tables["stats"]
        for index in range(len(stats)):
            stats[index] = 0
        interval = self.layout.CHECK_INTERVAL[as_arrays]
        stats[common.CHECK_EVERY] = interval
        stats[common.NEXT_CHECK] = interval
        return tables

    def _new_tables(self) -> None:
        """New tables were made: forget what was kept beside them (nothing, unless a game says)."""

    def _fill_weights(self, weights: Any) -> None:
        """Write the evaluation's weights and the features into the kernel's ``weights``."""
        raise NotImplementedError

    @staticmethod
    def _limit_nodes(stats: Any, node_limit: int | None) -> None:
        """Set the node budget (``None``: none) in the kernel's ``stats``."""
        if node_limit is not None:
            stats[common.NODE_LIMIT] = max(1, node_limit)
            stats[common.NEXT_CHECK] = min(stats[common.CHECK_EVERY], max(1, node_limit))

    def _iterations(
        self,
        deepening: Deepening,
        stats: Any,
        stop: threading.Event | None,
        one_depth: Callable[[int], Found | None],
        early: Callable[[], Answer],
        limit_reached: Callable[[], bool],
        *,
        partial: Callable[[], Answer | None] | None = None,
        only_move: bool,
    ) -> Iterator[SearchInfo]:
        """``deepening``'s iterations of ``one_depth`` (``game.ai.deepening.Deepening.run``), the kernel
        stopped by a watchdog at the hard deadline or ``stop``."""
        with compiled.Watchdog(stats, common.STOP, deepening.hard_deadline, stop):
            yield from deepening.run(
                one_depth,
                nodes=lambda: self.nodes,
                early=early,
                partial=partial,
                limit_reached=limit_reached,
                only_move=only_move,
            )

    def _score_each(
        self,
        stats: Any,
        moves: Iterable[M],
        score: Callable[[M, int], int],
        stop: threading.Event | None,
        deadline: float | None,
        *,
        look_first: bool = False,
    ) -> list[tuple[M, int]] | None:
        """Each of ``moves`` with its ``score(move, best)`` (``best``: the best score so far, or
        ``-INFINITY``), best first; ``None`` if ``stop`` or the ``time.monotonic()`` ``deadline`` stops the
        kernel first, or, with ``look_first``, has already come before the first move."""
        scored: list[tuple[M, int]] = []
        best = -common.INFINITY
        try:
            with compiled.Watchdog(stats, common.STOP, deadline, stop):
                if look_first and (
                    (stop is not None and stop.is_set())
                    or (deadline is not None and time.monotonic() >= deadline)
                ):
                    return None
                for move in moves:
                    value = score(move, best)
                    if stats[common.ABORT]:
                        return None
                    best = max(best, value)
                    scored.append((move, value))
        finally:
            self.nodes = int(stats[common.NODES])
        scored.sort(key=lambda item: item[1], reverse=True)
        return scored
