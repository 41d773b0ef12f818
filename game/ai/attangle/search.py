"""Attangle search: iterative deepening over a compiled principal-variation search on flat arrays.

The generic alpha-beta (``game.ai.alphabeta``) with Attangle's heuristics,
made fast: the tree below the root, one depth of it, is the kernel
(``game.ai.attangle.kernel``), compiled by numba when it is there and run as
Python when it is not (``game.ai.compiled``). It searches the very tree the
generic search does — principal-variation search, a transposition table (its
move first), two killer moves a ply, placements late in the order searched one
ply shallower first, aspiration windows at the root, and a depth that a limit
stops still answering with the root move it finished that beat the ones before
(``SearchFeatures``) — with the same scores and node counts at a fixed depth
whether compiled or run as Python (``bench/attangle_speed.py`` times both).

Like sunfish, what runs here is a short loop you can read top to bottom:
``Searcher.iterate`` yields a ``SearchInfo`` per depth; the soft deadline is
looked at between depths, and a hard deadline or a ``stop`` event stops the
kernel from another thread within a few thousand nodes (``compiled.Watchdog``),
depth 1 included: then the best root move found so far answers, with depth 0.
Moves are the board's raw moves (``Board.raw_moves``), as with the generic
search. The board is never touched: the search copies it into the kernel's
arrays. Everything a search needs lives on its ``Searcher``: two searchers
never share state, and one searcher runs one search at a time.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Iterator
from types import ModuleType
from typing import Any

from game.ai import compiled
from game.ai.alphabeta import ASPIRATION, LATE_MOVE_REDUCTIONS
from game.ai.attangle import encoding
from game.ai.attangle.evaluate import DEFAULT_WEIGHTS, AttangleHeuristics, EvalWeights
from game.ai.deepening import Deepening, Found, Iterative
from game.ai.features import SearchFeatures
from game.ai.kernel_search import KernelSearcher, common
from game.ai.limits import (
    WIN_SCORE,
    SearchInfo,
    SearchLimits,
)
from game.engine.attangle import Board

__all__ = [
    "WIN_SCORE",
    "SearchFeatures",
    "SearchInfo",
    "SearchLimits",
    "Searcher",
    "kernel_ready",
    "prepare_compiled",
]

KERNEL = "game.ai.attangle.kernel"
"""The kernel's module: imported (and compiled) only in a process that searches with numba."""
layout = compiled.load_pure(KERNEL)
"""The kernel as Python: its constants (the tables' layout) are the compiled kernel's too."""
_INFINITY = common.INFINITY
_TABLE_NAMES = (
    "tt_keys",
    "tt_data",
    "killers",
    "history",
    "pv",
    "pv_len",
    "moves",
    "keys",
    "stats",
    "weights",
)
"""The tables in the order the kernel's functions take them (after the position)."""


def _warm_up(kernel: ModuleType) -> None:
    """Compile (or load from the cache) every entry point of ``kernel`` with a tiny search."""
    searcher = Searcher(hash_mb=1)
    board = Board("-,-,-,-/-,bw,b,w,-/-,-,-,-,-,-/-,-,-,-,-,-,-/-,-,-,-,-,-/-,-,-,-,-/-,-,-,- w 15 16")
    tables = searcher._tables_for(kernel)
    geometry = searcher._geometry_for(board)
    position = searcher._load(board, tables)
    args = tuple(tables[name] for name in _TABLE_NAMES)
    kernel.pvs(*position, 3, -_INFINITY, _INFINITY, 0, 1, *args, geometry)
    move = board.raw_moves()[0]
    kernel.score_move(*position, move, 2, -_INFINITY, _INFINITY, *args, geometry)


_KERNEL = compiled.Kernel(KERNEL, ("pvs", "score_move"), _warm_up)
kernel_ready, prepare_compiled = _KERNEL.ready, _KERNEL.prepare
"""Whether the compiled kernel is built, and ``prepare_compiled(wait=False, timeout=None)``, which starts
its build (once a process): ``compiled.Kernel``'s ``ready`` and ``prepare``."""


def _fill_weights(weights: Any, evaluation: EvalWeights, features: SearchFeatures) -> None:
    k = layout
    weights[k.TRIPLE] = evaluation.triple
    weights[k.TRIPLE_NOW] = evaluation.triple_now
    weights[k.TRIPLE_THREAT] = evaluation.triple_threat
    weights[k.CAPTURE_NOW] = evaluation.capture_now
    weights[k.CAPTURE_THREAT] = evaluation.capture_threat
    weights[k.SINGLE] = evaluation.single
    weights[k.DOUBLE] = evaluation.double
    weights[k.RESERVE] = evaluation.reserve
    weights[k.LOW_RESERVE] = evaluation.low_reserve
    weights[k.ATTACKER] = evaluation.attacker
    weights[k.LMR_PLIES] = max(0, features.reductions(LATE_MOVE_REDUCTIONS))
    weights[k.USE_HISTORY] = int(features.history)
    weights[k.ZERO] = 0
    weights[k.ONE] = 1


class Searcher(KernelSearcher[EvalWeights], Iterative[Board, int]):
    """An Attangle search (``game.ai.kernel_search.KernelSearcher``: its own transposition table, killer
    moves and history, ``hash_mb``, ``features``, ``compiled`` and ``table_slots``, which may give it the
    generic search's table for the tests); ``weights`` picks the evaluation
    (``game.ai.attangle.evaluate``). Not thread-safe: run one search at a time.
    """

    compiled_kernel = _KERNEL
    layout = layout
    default_weights = DEFAULT_WEIGHTS
    _geometries: dict[int, Any]
    """Each board size's geometry for the kernel of the tables (made with the tables: ``_new_tables``)."""

    @functools.cached_property
    def heuristics(self) -> AttangleHeuristics:
        """The evaluation and the move order of the generic search, for what the kernel does not answer."""
        return AttangleHeuristics(self.weights)

    # -- the kernel and its tables --

    def _fill_weights(self, weights: Any) -> None:
        _fill_weights(weights, self.weights, self.features)

    def _new_tables(self) -> None:
        self._geometries = {}

    def _geometry_for(self, board: Board) -> Any:
        """``board``'s geometry for the kernel of the tables (made once for each board size)."""
        geometry = self._geometries.get(board.geometry.side)
        if geometry is None:
            geometry = encoding.geometry_table(board.geometry, as_array=self._kernel is not layout)
            self._geometries[board.geometry.side] = geometry
        return geometry

    @staticmethod
    def _load(board: Board, tables: dict[str, Any]) -> tuple[Any, int, int, int, int, int, int]:
        """Copy ``board`` into the kernel's ``cells``: the kernel's position arguments."""
        cells = tables["cells"]
        encoding.fill_cells(cells, board.stacks)
        me = int(board.turn)
        return (
            cells,
            me,
            board.reserves[me],
            board.reserves[1 - me],
            board.triples[me],
            board.triples[1 - me],
            board.hash & common.KEY_MASK,
        )

    def _begin(self, board: Board) -> tuple[ModuleType, dict[str, Any], Any, tuple[Any, ...]]:
        """A new search of ``board``: the kernel, its tables, the geometry and the position's arguments."""
        kernel = self._choose_kernel()
        tables = self._tables_for(kernel)
        return kernel, tables, self._geometry_for(board), self._load(board, tables)

    # -- the public entry points --

    def iterate(
        self, position: Board, limits: SearchLimits, stop: threading.Event | None = None
    ) -> Iterator[SearchInfo]:
        """The iterations of ``AlphaBeta.iterate`` (the same tree, scores and node counts), run by the kernel.

        Raises ``ValueError`` if the game is over. The board is read once at the
        start and never changed.
        """
        root_moves = position.raw_moves()
        if not root_moves:
            raise ValueError("the game is over: there is no move to search")
        start = time.monotonic()
        kernel, tables, geometry, root = self._begin(position)
        history = tables["history"]
        for index in range(len(history)):  # an earlier position's cut-offs would order this one's badly
            history[index] = 0
        stats = tables["stats"]
        node_limit = limits.nodes
        self._limit_nodes(stats, node_limit)
        deepening = Deepening(limits, start)
        args = tuple(tables[name] for name in _TABLE_NAMES)
        pv, pv_len = tables["pv"], tables["pv_len"]
        pv_len[0] = 0  # no line of an earlier search is taken for depth 1's
        self.nodes = 0

        def limit_reached() -> bool:
            return (
                bool(stats[common.ABORT])
                or (node_limit is not None and stats[common.NODES] >= node_limit)
                or (stop is not None and stop.is_set())
                or (deepening.hard_deadline is not None and time.monotonic() >= deepening.hard_deadline)
            )

        def line() -> tuple[int, ...]:
            return tuple(int(pv[index]) for index in range(int(pv_len[0])))

        def one_depth(depth: int) -> Found | None:
            pv_len[0] = 0  # no line of an earlier depth is taken for this one's

            def search_root(alpha: int, beta: int) -> int | None:
                score = int(kernel.pvs(*root, depth, alpha, beta, 0, 1, *args, geometry))
                return None if stats[common.ABORT] else score

            found = ASPIRATION.search(depth, deepening.scores, search_root, on=self.features.aspiration)
            self.nodes = int(stats[common.NODES])
            return None if found is None else Found(found, line())

        def early() -> tuple[int, tuple[int, ...]]:
            # Depth 1 stopped: the best root move it finished (the line it set), else the first.
            first = line() or (self.heuristics.order(position, root_moves)[0],)
            return self.heuristics.evaluate(position), first

        def partial() -> tuple[int, tuple[int, ...]] | None:
            if self.features.partial and pv_len[0] > 0:
                # A root move finished this depth and beat the ones before it, the previous best
                # first: a better answer than the last depth's. No deeper iteration starts.
                return int(stats[layout.ROOT_SCORE]), line()
            return None

        only_move = len(root_moves) == 1
        yield from self._iterations(
            deepening, stats, stop, one_depth, early, limit_reached, partial=partial, only_move=only_move
        )

    def score_moves(
        self,
        position: Board,
        depth: int,
        *,
        stop: threading.Event | None = None,
        deadline: float | None = None,
    ) -> list[tuple[int, int]] | None:
        """Every legal raw move with its exact score at ``depth`` (1: the move alone), best first,
        from the side to move's view.

        For the weak levels, which pick among the moves with noise. Returns
        ``None`` if ``stop`` is set or the ``time.monotonic()`` ``deadline``
        passes first. Raises ``ValueError`` if the game is over; the board is
        not changed.
        """
        moves = position.raw_moves()
        if not moves:
            raise ValueError("the game is over: there is no move to score")
        kernel, tables, geometry, root = self._begin(position)
        args = tuple(tables[name] for name in _TABLE_NAMES)

        def score(move: int, best: int) -> int:
            return int(kernel.score_move(*root, move, depth, -_INFINITY, _INFINITY, *args, geometry))

        ordered = self.heuristics.order(position, moves)
        return self._score_each(tables["stats"], ordered, score, stop, deadline, look_first=True)
