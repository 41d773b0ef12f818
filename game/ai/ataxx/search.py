"""Ataxx search: iterative deepening over a compiled principal-variation search on raw bitboards.

Like sunfish, the search is a short loop you can read top to bottom; the part
that runs millions of times a second, one depth of the tree, is the kernel
(``game.ai.ataxx.kernel``), compiled by numba when it is there and run as
Python when it is not (``game.ai.compiled``). It has what a real engine needs:

- iterative deepening (``Searcher.iterate`` yields a ``SearchInfo`` per depth)
  with aspiration windows around an earlier depth's score;
- principal-variation search with null-move pruning away from the end of the
  game; late moves reduced from a table (by depth and move number; half as
  much on the principal variation) and, a few plies from the leaves, pruned
  after a count;
  reverse futility (a position far enough above beta a few plies from the
  leaves is taken to hold it); none of these near the end, where the search
  proves results (four empty squares or fewer; twelve for the pruning);
  futility pruning and a material shortcut one ply from the leaves;
- an evaluation that counts the side to move's tempo (``evaluate``), so the
  leaves of odd and even depths agree and a reduction may be odd; the scores
  shown are without it (``without_tempo``);
- a transposition table (Zobrist keys of the rules engine, depth-preferred,
  kept from move to move: a new search ages it), its move tried first, the
  root included; two killer moves a ply (a history count a move can order
  the quiet moves too: measured, it lost, so it is off by default);
- exact scores at the end of the game (elimination, full board, no moves, the
  100 half-move draw, repetition, the pass, and a stuck side whose opponent can
  fill enough of the board to win);
- time: a hard deadline never passed (the kernel is stopped from another
  thread within a few thousand nodes, depth 1 included: the best root move
  found so far is the answer), and a soft one that starts no iteration it
  cannot finish (each depth costs about as many times the last as the last
  cost the one before).

The board is never touched: the search copies its bitboards into plain ints
(``us``, ``them``, ``empty``, from the side to move). Everything a search needs
lives on its ``Searcher``: two searchers never share state, and one searcher
runs one search at a time.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType
from typing import Any

from game.ai import compiled
from game.ai.aspiration import Aspiration
from game.ai.ataxx.evaluate import DEFAULT_WEIGHTS, EvalWeights
from game.ai.deepening import Deepening, Found
from game.ai.features import DEFAULT_FEATURES, SearchFeatures
from game.ai.kernel_search import KernelSearcher, common
from game.ai.limits import (
    MAX_DEPTH,
    WIN_SCORE,
    SearchInfo,
    SearchLimits,
    final_iteration,
    is_win_score,
    plies_to_end,
)
from game.engine.ataxx import Board, Move
from game.engine.ataxx.bits import FULL, NEIGHBOURS

__all__ = [
    "MAX_DEPTH",
    "WIN_SCORE",
    "SearchFeatures",
    "SearchInfo",
    "SearchLimits",
    "Searcher",
    "is_win_score",
    "plies_to_end",
    "without_tempo",
]

KERNEL = "game.ai.ataxx.kernel"
"""The kernel's module: imported (and compiled) only in a process that searches with numba."""
layout = compiled.load_pure(KERNEL)
"""The kernel as Python: its constants (the tables' layout) are the compiled kernel's too."""
PASS = layout.PASS
"""The pass inside the search."""
_INFINITY = common.INFINITY
_ASPIRATION = Aspiration(half_width=40, from_depth=4, growth=4, widenings=2)
"""The root's first window from depth 4: 40 (hundredths of a piece) either side of the last depth's
score, moved to a miss four times wider twice, then opened."""
_ASPIRATION_TEMPO = dataclasses.replace(_ASPIRATION, lag=2)
"""The same around the score two depths before, when the evaluation counts the side to move's tempo: the
scores of odd and even depths differ by twice the tempo."""


def without_tempo(score: int, depth: int, tempo: int) -> int:
    """A root ``score`` at ``depth`` as if the evaluation counted no ``tempo``: a score (not decided) to show.

    The leaves of an even depth have the root's side to move, whose tempo the
    score then includes; an odd depth's, the other side's. (A reduced or
    pruned line may end at the other parity: the score is the common case's.)
    """
    if tempo == 0 or is_win_score(score) or depth <= 0:
        return score
    return score - tempo if depth % 2 == 0 else score + tempo


def _line_is_decided(board: Board, line: Sequence[Move]) -> bool:
    """Whether ``line`` (legal moves from ``board``) ends the game or repeats a position: no evaluation
    scored its end."""
    after = board.copy()
    try:
        for move in line:
            after.push(move)
    except ValueError:  # a line is the kernel's best guess, never trusted to crash the search
        return False
    return after.outcome() is not None or after.repetition_count() >= 2


REDUCTION_TABLE = 90
"""The late-move reduction table's percent (``SearchFeatures.reduction_table``); on the principal variation,
``PV_REDUCTION_TABLE`` percent of it."""
REDUCTION_STEP = 1
"""The table's reductions in single plies: the evaluation's tempo makes the leaves of either parity agree
(without a tempo, whole moves, two plies, kept the leaves' side to move)."""

REVERSE_FUTILITY = 150
REVERSE_FUTILITY_DEPTH = 6
"""Reverse futility pruning's margin a ply (0: off) and the plies from the leaves where it prunes."""
LATE_MOVE_PRUNING = 3
LATE_MOVE_PRUNING_DEPTH = 3
"""Late-move pruning's base count (0: off) and the plies from the leaves where it prunes."""

NULL_DIVISOR = 0
"""The null move's reduction: 2 plies, 3 from depth 6, and a ply more every ``NULL_DIVISOR`` plies (0: not)."""
INTERNAL_REDUCTION = 0
"""From this depth, a node off the principal variation without a table move is searched a ply shallower
(0: never)."""

EXACT_EMPTY = 4
"""No late move reduced, nor reverse futility, with this many empty squares or fewer: there the search
proves results."""
NULL_EMPTY = 12
"""No null move and no late-move pruning with this many empty squares or fewer: near the end a move can
hurt (zugzwang), and each of the few moves left can decide the game."""
PV_REDUCTION_TABLE = 50
"""The reduction table's percent on the principal variation, as a percent of ``REDUCTION_TABLE``
(0: no reduction there)."""

LATE_MOVE_REDUCTIONS = 0
"""No reductions unless ``SearchFeatures`` says: reducing the moves that infect nothing, after the third,
lost in matches (so did the history, as a tie-break among moves of equal gain: off by default too)."""


def _to_move(move: int) -> Move:
    if move == PASS:
        return Move.null()
    frm, to = move >> 6, move & 63
    return Move.clone(to) if frm == to else Move.jump(frm, to)


def _from_move(move: Move) -> int:
    return PASS if move.is_pass else move.from_square << 6 | move.to_square


def _warm_up(kernel: ModuleType) -> None:
    """Compile (or load from the cache) every entry point of ``kernel`` with a tiny search."""
    tables = kernel.new_tables(1024, as_arrays=True)
    _fill_weights(tables["weights"], DEFAULT_WEIGHTS, DEFAULT_FEATURES)
    tables["stats"][common.CHECK_EVERY] = tables["stats"][common.NEXT_CHECK] = kernel.CHECK_INTERVAL[True]
    board = Board()
    us, them = board.pieces[board.turn], board.pieces[1 - board.turn]
    empty = FULL ^ (us | them | board.blocks)
    key = board.hash & kernel.KEY_MASK
    import numpy

    roots = numpy.array([move for move in map(_from_move, board.legal_moves())], dtype=numpy.int64)
    kernel.search_root(
        us, them, empty, key, 0, 0, 3, -_INFINITY, _INFINITY, roots, len(roots), *_args(tables)
    )
    kernel.score_move(us, them, empty, key, 0, 0, int(roots[0]), 2, -_INFINITY, _INFINITY, *_args(tables))


_KERNEL = compiled.Kernel(KERNEL, ("search_root", "score_move"), _warm_up)
kernel_ready, prepare_compiled = _KERNEL.ready, _KERNEL.prepare
"""Whether the compiled kernel is built, and ``prepare_compiled(wait=False, timeout=None)``, which starts
its build (once a process): ``compiled.Kernel``'s ``ready`` and ``prepare``."""


_TABLE_NAMES = (
    "tt_keys",
    "tt_data",
    "killers",
    "history",
    "pv",
    "pv_len",
    "path",
    "moves",
    "keys",
    "stats",
    "weights",
)


def _args(tables: dict[str, Any]) -> tuple[Any, ...]:
    """The tables in the order the kernel's functions take them."""
    return tuple(tables[name] for name in _TABLE_NAMES)


def _fill_weights(weights: Any, evaluation: EvalWeights, features: SearchFeatures) -> None:
    k = layout
    weights[k.PIECE] = evaluation.piece
    weights[k.EXPOSED] = evaluation.exposed
    weights[k.MOBILITY] = evaluation.mobility
    weights[k.EDGE] = evaluation.edge
    weights[k.TEMPO] = evaluation.tempo
    weights[k.MARGIN] = evaluation.positional_margin
    weights[k.MATERIAL_ONLY] = int(not (evaluation.exposed or evaluation.mobility or evaluation.edge))
    weights[k.USE_NULL] = int(features.null_move)
    weights[k.USE_LMR] = features.reductions(LATE_MOVE_REDUCTIONS)
    weights[k.USE_HISTORY] = int(features.history)
    weights[k.USE_FRONTIER] = int(features.frontier)
    weights[k.USE_FUTILITY] = int(features.futility)
    weights[k.REDUCTION_TABLE] = features.chosen(features.reduction_table, REDUCTION_TABLE)
    weights[k.RFP_MARGIN] = features.chosen(features.reverse_futility, REVERSE_FUTILITY)
    weights[k.RFP_DEPTH] = features.chosen(features.reverse_futility_depth, REVERSE_FUTILITY_DEPTH)
    weights[k.LMP_BASE] = features.chosen(features.late_move_pruning, LATE_MOVE_PRUNING)
    weights[k.LMP_DEPTH] = features.chosen(features.late_move_pruning_depth, LATE_MOVE_PRUNING_DEPTH)
    weights[k.EXACT_EMPTY] = features.chosen(features.exact_empty, EXACT_EMPTY)
    weights[k.REDUCTION_STEP] = max(1, features.chosen(features.reduction_step, REDUCTION_STEP))
    weights[k.NULL_DIVISOR] = features.chosen(features.null_divisor, NULL_DIVISOR)
    weights[k.IIR_DEPTH] = features.chosen(features.internal_reduction, INTERNAL_REDUCTION)
    weights[k.NULL_EMPTY] = features.chosen(features.null_empty, NULL_EMPTY)
    weights[k.PV_TABLE] = features.chosen(features.pv_reduction_table, PV_REDUCTION_TABLE)


class Searcher(KernelSearcher[EvalWeights]):
    """An Ataxx search (``game.ai.kernel_search.KernelSearcher``: its own transposition table, killer
    moves and history, ``hash_mb``, ``features``, ``compiled`` and ``table_slots``); ``weights`` picks
    the evaluation (see ``game.ai.ataxx.evaluate``). Not thread-safe: run one search at a time.
    """

    compiled_kernel = _KERNEL
    layout = layout
    default_weights = DEFAULT_WEIGHTS
    _generation = 0
    """The searches so far, modulo 256: the table's entries of older ones give way first."""

    # -- the kernel and its tables --

    def _fill_weights(self, weights: Any) -> None:
        _fill_weights(weights, self.weights, self.features)

    def _prepare(self) -> tuple[ModuleType, dict[str, Any]]:
        """The kernel to run now, with tables for it (kept from the last search when they fit), aged."""
        kernel = self._choose_kernel()
        tables = self._tables_for(kernel, fresh=not self.features.keep_table)
        self._generation = (self._generation + 1) & 255
        tables["stats"][layout.GENERATION] = self._generation
        history = tables["history"]
        for index in range(len(history)):  # aged, not forgotten: the last search's cutoffs still order
            history[index] //= 8
        return kernel, tables

    def _begin(
        self, board: Board, tables: dict[str, Any], node_limit: int | None
    ) -> tuple[int, int, int, int, int, int]:
        """Set the path and the node budget for ``board``; its ``(us, them, empty, key, clock, side)``."""
        stats = tables["stats"]
        path = tables["path"]
        history = board.repeatable_hashes()[-100:]
        for index, key in enumerate(history):
            path[index] = key & common.KEY_MASK
        stats[layout.PATH_LEN] = len(history)
        self._limit_nodes(stats, node_limit)
        us, them = board.pieces[board.turn], board.pieces[1 - board.turn]
        empty = FULL ^ (us | them | board.blocks)
        return us, them, empty, board.hash & common.KEY_MASK, board.halfmove_clock, int(board.turn)

    # -- the public entry points --

    def search(
        self,
        board: Board,
        limits: SearchLimits,
        stop: threading.Event | None = None,
        on_info: Callable[[SearchInfo], None] | None = None,
        *,
        only: Sequence[Move] | None = None,
    ) -> tuple[Move, SearchInfo | None]:
        """The best move in ``board`` within ``limits``, and the last iteration.

        Returns ``Move.null()`` when the pass is the only legal move. Raises
        ``ValueError`` if the game is over. ``on_info`` sees every iteration.
        ``only``: the root moves to choose among (legal ones; UAI's ``searchmoves``).
        The board is not changed.
        """
        info = final_iteration(self.iterate(board, limits, stop, only=only), on_info)
        return info.pv[0], info

    def iterate(
        self,
        board: Board,
        limits: SearchLimits,
        stop: threading.Event | None = None,
        *,
        only: Sequence[Move] | None = None,
    ) -> Iterator[SearchInfo]:
        """Iterative deepening: yields a ``SearchInfo`` after each completed depth.

        At least one ``SearchInfo`` with a legal first move comes out: if the
        hard deadline, the node budget or ``stop`` ends depth 1 before it
        completes, it is the best root move found so far, with ``depth`` 0.
        Stops at the depth limit, when the next iteration could not finish
        before ``hard_time`` or ``soft_time`` has passed, when the game's
        result is proven, or, inside an iteration, at ``hard_time``, the node
        budget or ``stop``. Raises ``ValueError`` if the game is over. The
        board is read once at the start and never changed.
        """
        if board.outcome() is not None:
            raise ValueError(f"the game is over in {board.fen()}: there is no move to search")
        start = time.monotonic()
        legal = board.legal_moves()
        if only:
            legal = [move for move in legal if move in only] or legal
        kernel, tables = self._prepare()
        position = self._begin(board, tables, limits.nodes)
        them, key = position[1], position[3]
        roots = sorted(
            (_from_move(move) for move in legal),
            key=lambda m: m != PASS and 2 * (NEIGHBOURS[m & 63] & them).bit_count() + (m >> 6 == m & 63),
            reverse=True,
        )
        # The table's move first: the last search's best reply is usually this one's best move.
        slot = key & (len(tables["tt_keys"]) - 1)
        if tables["tt_keys"][slot] == key and tables["tt_data"][slot] & common.MOVE_MASK in roots[1:]:
            best_known = tables["tt_data"][slot] & common.MOVE_MASK
            roots.remove(best_known)
            roots.insert(0, best_known)
        root_array = self._root_array(roots)
        # Depth 1 starts even past a limit: stopped at once, the kernel answers its first root move.
        # A fixed time (a movetime: soft and hard limits the same) is spent whole: a depth starts while
        # time is left, and one the clock stops answers with the best root move it finished. With slack
        # between the limits, no depth starts that is not expected to end before the hard one.
        fixed = (
            limits.soft_time is not None
            and limits.hard_time is not None
            and limits.soft_time >= limits.hard_time
        )
        deepening = Deepening(limits, start, look_first=False, predict=not fixed)
        stats = tables["stats"]
        args = _args(tables)
        pv, pv_len = tables["pv"], tables["pv_len"]

        def one_depth(depth: int) -> Found | None:
            nonlocal root_array

            def search_root(alpha: int, beta: int) -> int | None:
                score = int(
                    kernel.search_root(*position, depth, alpha, beta, root_array, len(root_array), *args)
                )
                return None if stats[common.ABORT] else score

            # Aspiration windows around the completed depths' scores.
            aspiration = _ASPIRATION_TEMPO if self.weights.tempo else _ASPIRATION
            score = aspiration.search(depth, deepening.scores, search_root, on=self.features.aspiration)
            self.nodes = int(stats[common.NODES])
            if score is None:
                return None
            line = [int(pv[index]) for index in range(int(pv_len[0]))] or [int(stats[layout.ROOT_BEST])]
            roots.remove(line[0])
            roots.insert(0, line[0])
            root_array = self._root_array(roots)
            exact = bool(stats[layout.HORIZON] == layout.NO_GUESS)  # a plain bool, not numpy's
            return Found(score, tuple(map(_to_move, line)), exact)

        def early() -> tuple[int, tuple[Move]]:
            # Depth 1 did not finish in time: its best root move so far, or the ordering's first.
            return 0, (_to_move(int(stats[layout.ROOT_BEST])),)

        def partial() -> tuple[int, tuple[Move, ...]] | None:
            # Root moves finished at the stopped depth, the last depth's best first: the best of them,
            # which beat that one at the deeper depth, or that one again.
            if not self.features.partial or stats[layout.ROOT_DONE] == 0:
                return None
            best = int(stats[layout.ROOT_BEST])
            line = [int(pv[index]) for index in range(int(pv_len[0]))]
            return int(stats[layout.ROOT_SCORE]), tuple(map(_to_move, line if line[:1] == [best] else [best]))

        def limit_reached() -> bool:
            return (stop is not None and stop.is_set()) or (
                limits.nodes is not None and self.nodes >= limits.nodes
            )

        only_move = len(roots) == 1
        tempo = self.weights.tempo
        for info in self._iterations(
            deepening, stats, stop, one_depth, early, limit_reached, partial=partial, only_move=only_move
        ):
            # A proved score is the game's result, which no evaluation (nor its tempo) decided; so is a
            # line's that ends the game or repeats a position (a draw the search scores 0).
            if not tempo:
                yield info
                continue
            decided = info.exact or _line_is_decided(board, info.pv)
            shown = info.score if decided else without_tempo(info.score, info.depth, tempo)
            yield dataclasses.replace(info, score=shown) if shown != info.score else info

    def _root_array(self, roots: list[int]) -> Any:
        if self._kernel is not layout:
            import numpy

            return numpy.array(roots, dtype=numpy.int64)
        return list(roots)

    def score_moves(
        self,
        board: Board,
        depth: int,
        *,
        margin: int | None = None,
        stop: threading.Event | None = None,
        deadline: float | None = None,
    ) -> list[tuple[Move, int]] | None:
        """Every legal move with its score at ``depth``, best first.

        For the weaker levels, which pick among the moves with noise. With a
        ``margin``, a move scoring more than ``margin`` below the best is only
        bounded (its score is an upper bound), which is much faster; without
        one every score is exact. Returns ``None`` if ``stop`` is set or the
        ``time.monotonic()`` ``deadline`` passes first. Raises ``ValueError`` if
        the game is over; the board is not changed.
        """
        if board.outcome() is not None:
            raise ValueError(f"the game is over in {board.fen()}: there is no move to score")
        kernel, tables = self._prepare()
        us, them, empty, key, clock, side = self._begin(board, tables, None)
        moves = board.legal_moves()
        moves.sort(key=lambda m: m.is_clone + 2 * (NEIGHBOURS[m.to_square] & them).bit_count(), reverse=True)
        args = _args(tables)

        def score(move: Move, best: int) -> int:
            # An int whatever ``margin`` is: the compiled kernel takes 64-bit ints only.
            alpha = -_INFINITY if margin is None or best == -_INFINITY else int(best - margin)
            return int(
                kernel.score_move(
                    us, them, empty, key, clock, side, _from_move(move), depth, alpha, _INFINITY, *args
                )
            )

        # The scores as the search has them, tempo included: the levels compare them with one another.
        return self._score_each(tables["stats"], moves, score, stop, deadline)
