"""A game-independent search for two-player games with dice: expectimax with Star1/Star2 bounds.

Any game whose position offers what ``game.ai.alphabeta`` asks (raw moves, a
``hash``, the seat to move as ``turn``) and, at a chance node
(``turn == CHANCE``), its outcomes as raw ints with their probabilities
(``ChancePosition.chance_outcomes_raw``) can be searched with it, given the
same ``Heuristics`` as the alpha-beta. It handles every ``Trait``: seats that
alternate, a seat that acts several times in a row, and chance.

Scores are by seat, never by ply parity. A decision node's value is from its
seat to move's view; a chance node's value is from the view of the seat whose
move led to it (its *viewer*): the expectation of its outcomes' values, each
turned to the viewer's view (negated when the other seat moves next). The
heuristics are asked only about decision nodes (a seat to move), from that
seat's view as ever: chance nodes take no depth, so a chance node at the
horizon is expanded down to the decisions after it, which are evaluated. A
chance node is never a finished game.

Like the alpha-beta, a short loop you can read top to bottom:

- iterative deepening by decisions (``Expectimax.iterate`` yields a
  ``SearchInfo`` per depth; rolling the dice takes no depth);
- alpha-beta at decision nodes, and at chance nodes Ballard's Star1: each
  outcome is searched with the window that could still move the expectation
  past alpha or beta, given the bounds ``low``..``high`` of every value, and
  the node is cut off as soon as the expectation is sure to fall outside;
- optionally Star2 probing (``pruning=ChancePruning.STAR2``): before Star1,
  each outcome whose next step is a decision gets only its first move
  searched, which bounds its value from one side, and may cut the chance node
  off at once; the probes' subtrees are in the table when Star1 comes back;
- at the horizon, heuristics that offer ``leaf_end_score(position)`` (the
  end score, or ``None``, without the moves: Lionheart's) are asked that
  instead of ``end_score``, so that no leaf lists its moves;
- a transposition table for decision nodes, keyed by the position's hash
  (a new entry always replaces another position's, and the same position's
  unless that entry was searched deeper), its move tried first;
- decided games scored ``±(WIN_SCORE - turns)`` (``game.ai.limits``); with dice
  the turns are expected turns;
- a soft deadline between depths, and a hard deadline, a ``stop`` event and a
  node budget checked every few hundred nodes inside an iteration, depth 1
  included (then the best root move found so far is the answer, with depth 0);
- partial iterations (``partial``, on by default): a depth stopped after a
  root move finished it, the last depth's best first, answers with the best
  root move it finished, as the alpha-beta does.

Why Star1 with the table (``python bench/chance_search.py``, 20 trees of each
kind, 4 decisions deep, nodes against plain expectimax's on the same trees):
on random trees with values in -100..100, Star1 0.50x, Star2 0.98x (0.64x
with the table); on game-like trees (good move order, repeated seats, rolls
of 2 to 6 outcomes, decided games, so bounds of ±WIN_SCORE and wide Star1
windows), Star1 0.84x, Star2 1.22x (0.78x with the table, but no faster in
seconds). Star2's probes pay only where the table keeps their work and the
move order is good, and even then barely; Star1 never costs more than it
saves, so it is the default. The table changes nothing on those trees (they
never transpose) and costs little; on Attangle's moves, which transpose, it
saves 13% of the nodes and 20% of the time, and Lionheart's two actions a
turn transpose too.

Values inside the search are floats (expectations); ``SearchInfo.score`` and
``score_moves`` round them to ints, and ``value`` gives the float.

>>> from game.engine.core import CHANCE
>>> class Coin:  # seat 0 keeps 1 point, or bets on a coin: +3 or -3, even odds; then seat 1 plays on
...     def __init__(self): self.turn, self.hash, self.path = 0, 0, []
...     def raw_moves(self): return [0, 1]
...     def chance_outcomes_raw(self): return [(3, 0.5), (-3, 0.5)]
...     def push_raw(self, raw):
...         self.path.append(raw)
...         self.turn = CHANCE if self.path == [1] else 1
...     def pop_raw(self):
...         self.path.pop()
...         self.turn = 0 if not self.path else CHANCE
>>> class CoinHeuristics:  # every score from the seat to move's view: here seat 1's
...     def evaluate(self, position): return -1 if position.path == [0] else -position.path[-1]
...     def end_score(self, position, moves): return None
...     def order(self, position, moves): return moves
>>> search = Expectimax(CoinHeuristics(), bounds=(-3, 3))
>>> search.value(Coin(), depth=1)  # keeping is worth 1, betting 0 on average
1.0
>>> move, info = search.search(Coin(), SearchLimits(depth=1))
>>> move, info.score
(0, 1)
"""

from __future__ import annotations

import enum
import threading
from collections.abc import Iterator
from typing import Any, Protocol

from game.ai.deepening import Deepening, Found
from game.ai.limits import (
    WIN_SCORE,
    SearchInfo,
    SearchLimits,
)
from game.ai.table_search import NO_MOVE, Heuristics, SearchPosition, TableSearch
from game.engine.core import CHANCE, Trait

__all__ = ["ChancePosition", "ChancePruning", "Expectimax"]

_INFINITY = float(WIN_SCORE + 1)


class ChancePosition(SearchPosition, Protocol):
    """A ``SearchPosition`` that may be a chance node (``turn == CHANCE``).

    At a chance node ``raw_moves`` is not asked; ``chance_outcomes_raw`` lists
    the outcomes, each pushed with ``push_raw`` and taken back with
    ``pop_raw`` like a move. A chance node is never a finished game.
    """

    def chance_outcomes_raw(self) -> list[tuple[int, float]]:
        """At a chance node, each outcome as an int with its probability (they sum to 1)."""
        ...


class ChancePruning(enum.Enum):
    """How a chance node is searched (the benchmark compares them on the same trees)."""

    NONE = "expectimax"
    """Every outcome with an open window: plain expectimax (alpha-beta at the decisions only)."""
    STAR1 = "star1"
    """Each outcome with the window that could still matter; cut off when the expectation is decided."""
    STAR2 = "star2"
    """Star1 after probing: one move of each outcome's decision first, for bounds that may cut at once."""


class Expectimax(TableSearch[float]):
    """An expectimax search with Star1/Star2 pruning and a table for decision nodes (see the module docstring).

    ``bounds`` are the least and the greatest value a position can have
    (every evaluation and every decided score lies within): the tighter, the
    more Star1 prunes. ``hash_mb`` bounds the table; ``table=False`` searches
    without one. Not thread-safe: run one search at a time.
    """

    handles: frozenset[Trait] = frozenset(Trait)
    """Every trait: alternating seats, repeated seats and chance (``game.ai.api.check_search``)."""

    def __init__(
        self,
        heuristics: Heuristics,
        hash_mb: int = 16,
        *,
        bounds: tuple[int, int] = (-WIN_SCORE, WIN_SCORE),
        pruning: ChancePruning = ChancePruning.STAR1,
        table: bool = True,
        partial: bool = True,
    ) -> None:
        if not bounds[0] < bounds[1]:
            raise ValueError(f"the bounds must be a low and a higher value, not {bounds}")
        super().__init__(heuristics, hash_mb)
        self.low, self.high = float(bounds[0]), float(bounds[1])
        self.pruning = pruning
        self.table = table
        self.partial = partial
        self._root_first = NO_MOVE  # the last depth's best move, searched first at the root

    # -- the entry points --

    def iterate(
        self, position: ChancePosition, limits: SearchLimits, stop: threading.Event | None = None
    ) -> Iterator[SearchInfo]:
        """Iterative deepening by decisions: yields a ``SearchInfo`` after each completed depth, and with
        ``partial`` one last for the depth a limit stopped, if a root move finished it and beat the moves
        searched before it, the last depth's best first (its depth is the stopped one's).

        At least one ``SearchInfo`` comes out: if a limit stops depth 1 before
        it completes, one of depth 0 whose line is the best root move depth 1
        finished (else the first in the game's order) and whose score is the
        static evaluation. Stops at the depth limit, when ``soft_time`` has
        passed after an iteration, when the score is decided no more turns
        away than the depth, or, inside any iteration, at ``hard_time``, the
        node budget or ``stop``. Raises ``ValueError`` if the game is over or
        the dice are to be rolled. The position is left as it was, even when
        stopped.
        """
        root_moves = self._root_moves(position)

        deepening = Deepening(limits)

        def one_depth(depth: int) -> Found:
            self._root_first = self._pv[0][0] if self._pv[0] else NO_MOVE
            return Found(self._decision(position, depth, -_INFINITY, _INFINITY, 0, 0), tuple(self._pv[0]))

        # Partial iterations matter here: Lionheart's fourth action costs some forty times its third, and
        # the top level's seconds would go to nothing without them.
        try:
            yield from self._iterations(
                position, root_moves, deepening, stop, one_depth, partial=self.partial
            )
        finally:
            self._root_first = NO_MOVE

    def value(self, position: ChancePosition, depth: int) -> float:
        """The value of a decision ``position`` searched ``depth`` decisions deep, for its seat to move,
        unrounded (the exact expectimax value of that tree). Raises ``ValueError`` as ``iterate`` does."""
        self._root_moves(position)
        if depth < 1:
            raise ValueError(f"the depth must be at least 1, not {depth}")
        self._begin(node_limit=None, stop=None, deadline=None)
        return self._decision(position, depth, -_INFINITY, _INFINITY, 0, 0)

    def _root_moves(self, position: ChancePosition, purpose: str = "search") -> list[int]:
        """The moves to search from ``position``; ``ValueError`` at a chance node or a finished game."""
        if position.turn == CHANCE:
            raise ValueError("the dice are to be rolled: there is no move to search")
        return super()._root_moves(position)

    def _after_move(self, position: Any, seat: int, depth: int) -> float:
        return self._after(position, seat, depth, -_INFINITY, _INFINITY, 1, 0)

    # -- the recursion --

    def _after(
        self, position: Any, seat: int, depth: int, alpha: float, beta: float, ply: int, turns: int
    ) -> float:
        """The value for ``seat`` of ``position``, reached by a move of ``seat``, within ``alpha``..``beta``.

        A decision of the same seat keeps its value, the other seat's is
        negated (its turn begins), a chance node is an expectation.
        """
        turn = position.turn
        if turn == seat:
            return self._decision(position, depth, alpha, beta, ply, turns)
        if turn == CHANCE:
            return self._chance(position, seat, depth, alpha, beta, ply, turns)
        return -self._decision(position, depth, -beta, -alpha, ply, turns + 1)

    def _decision(self, position: Any, depth: int, alpha: float, beta: float, ply: int, turns: int) -> float:
        """The value of a decision node for its seat to move within ``alpha``..``beta`` (fail-soft)."""
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._checkpoint()
        self._pv[ply] = []
        settled, moves = self._settle(position, depth, ply, turns)
        if settled is not None:
            return float(settled)

        heuristics = self.heuristics
        key: int = position.hash
        entry = self._tt[key & self._tt_mask] if self.table else None
        tt_move = self._root_first if ply == 0 else NO_MOVE
        if entry is not None and entry[0] == key:
            if tt_move == NO_MOVE:
                tt_move = entry[4]
            if entry[1] >= depth and ply > 0:  # the root is searched, for its best move
                cut = self._cutoff(entry, alpha, beta, turns)
                if cut is not None:
                    return cut

        ordered = heuristics.order(position, moves)
        if tt_move != NO_MOVE and tt_move in moves:
            ordered = [tt_move, *(move for move in ordered if move != tt_move)]

        seat = position.turn
        original_alpha = alpha
        best = -_INFINITY
        best_move = ordered[0]
        for move in ordered:
            position.push_raw(move)
            try:
                value = self._after(position, seat, depth - 1, alpha, beta, ply + 1, turns)
            finally:
                position.pop_raw()
            if value > best:
                best = value
                best_move = move
                if value > alpha:
                    alpha = value
                    self._pv[ply] = [move, *self._pv[ply + 1]]
                    if ply == 0:
                        self._root_score = value
                    if value >= beta:
                        break

        if self.table:
            self._store(entry, key, depth, best, original_alpha, beta, turns, best_move)
        return best

    def _chance(
        self, position: Any, seat: int, depth: int, alpha: float, beta: float, ply: int, turns: int
    ) -> float:
        """The expected value of a chance node for ``seat`` within ``alpha``..``beta`` (fail-soft: at most
        ``alpha`` means at most that, at least ``beta`` at least that)."""
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._checkpoint()
        self._pv[ply] = []
        raw_outcomes: list[tuple[int, float]] = position.chance_outcomes_raw()
        outcomes = sorted(raw_outcomes, key=lambda item: -item[1])
        if self.pruning is ChancePruning.NONE:
            total = 0.0
            for raw, probability in outcomes:
                position.push_raw(raw)
                try:
                    total += probability * self._after(
                        position, seat, depth, self.low, self.high, ply + 1, turns
                    )
                finally:
                    position.pop_raw()
            return total

        # Each outcome's value lies in lows[i]..highs[i]; the expectation in low_sum..high_sum.
        lows = [self.low] * len(outcomes)
        highs = [self.high] * len(outcomes)
        low_sum, high_sum = self.low, self.high
        if self.pruning is ChancePruning.STAR2 and depth > 0:
            for index, (raw, probability) in enumerate(outcomes):
                low, high = lows[index], highs[index]
                child_alpha = (alpha - (high_sum - probability * high)) / probability
                child_beta = (beta - (low_sum - probability * low)) / probability
                position.push_raw(raw)
                try:
                    low, high = self._probe(
                        position, seat, depth, child_alpha, child_beta, low, high, ply + 1, turns
                    )
                finally:
                    position.pop_raw()
                low_sum += probability * (low - lows[index])
                high_sum -= probability * (highs[index] - high)
                lows[index], highs[index] = low, high
                if low_sum >= beta:
                    return low_sum
                if high_sum <= alpha:
                    return high_sum

        for index, (raw, probability) in enumerate(outcomes):
            low, high = lows[index], highs[index]
            if low == high:
                continue
            # The values of this outcome that leave the expectation inside alpha..beta.
            child_alpha = (alpha - (high_sum - probability * high)) / probability
            child_beta = (beta - (low_sum - probability * low)) / probability
            position.push_raw(raw)
            try:
                value = self._after(
                    position, seat, depth, max(child_alpha, low), min(child_beta, high), ply + 1, turns
                )
            finally:
                position.pop_raw()
            if value >= child_beta:  # a lower bound, enough to fail high
                return low_sum + probability * (value - low)
            if value <= child_alpha:  # an upper bound, enough to fail low
                return high_sum - probability * (high - value)
            low_sum += probability * (value - low)
            high_sum -= probability * (high - value)
            lows[index] = highs[index] = value
        return low_sum

    def _probe(
        self,
        position: Any,
        seat: int,
        depth: int,
        alpha: float,
        beta: float,
        low: float,
        high: float,
        ply: int,
        turns: int,
    ) -> tuple[float, float]:
        """Star2's probe of one outcome, whose value for ``seat`` lies in ``low``..``high``: its first move
        alone (the table's, else the game's first), searched with the outcome's window ``alpha``..``beta``.

        Returns ``low``..``high`` narrowed: one move of ``seat``'s decision
        bounds its value from below, one move of the other seat's from above,
        a finished game is exact, and a roll after a roll is left as it is.
        """
        turn = position.turn
        if turn == CHANCE:
            return low, high
        moves = position.raw_moves()
        if self.heuristics.end_score(position, moves) is not None:
            value = self._after(position, seat, depth, -_INFINITY, _INFINITY, ply, turns)
            return value, value
        entry = self._tt[position.hash & self._tt_mask] if self.table else None
        if entry is not None and entry[0] == position.hash and entry[4] in moves:
            move = entry[4]
        else:
            move = self.heuristics.order(position, moves)[0]
        own = turn == seat
        # The window in the view of the seat to move here: its move's value at least this is news.
        floor, ceiling = (max(alpha, low), beta) if own else (-min(beta, high), -alpha)
        position.push_raw(move)
        try:
            value = self._after(
                position, turn, depth - 1, floor, ceiling, ply + 1, turns if own else turns + 1
            )
        finally:
            position.pop_raw()
        if value > floor:  # not a fail-low: the move is worth at least this to the seat to move here
            if own:
                low = max(low, value)
            else:
                high = min(high, -value)
        return low, high
