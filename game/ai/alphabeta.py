"""A game-independent alpha-beta search for two-player games without chance.

Any game whose position offers raw moves (``raw_moves``, ``push_raw``,
``pop_raw``), a Zobrist ``hash`` and its seat to move (``turn``) can be
searched with it, given its ``Heuristics``: the static evaluation, the score of
a finished game, and a first guess at the order of the moves. No shipped game
plays with it: it is the reference the compiled kernels are tested against. A
kernel that searches the same tree (the same moves in the same order, the same
table, killers, reductions, history and ``ASPIRATION``) must give its moves,
scores and node counts at a fixed depth; it is only faster.

Scores are by seat, as OpenSpiel's searches keep them, never by ply parity:
each node's score is from its seat to move's view, and a move's score is the
score of the position after it, negated only when the seat to move changed. So
a seat that moves twice in a row (a turn of several actions) is searched
right; in a game whose seats alternate every move it is plain negamax, with the
same nodes, moves and scores. Games with dice need ``game.ai.expectimax``.

Like sunfish, it is a short loop you can read top to bottom:

- iterative deepening (``AlphaBeta.iterate`` yields a ``SearchInfo`` per depth,
  counted in plies: one move of either seat);
- principal-variation search: a null window after the first move, a re-search
  when a move beats it;
- a transposition table keyed by the position's hash (a fixed number of slots;
  a new entry always replaces another position's, and the same position's
  unless that entry was searched deeper), its move tried first, then two killer
  moves per ply, then the game's own order;
- decided games scored ``±(WIN_SCORE - turns)`` (``game.ai.limits``), so a
  quicker win is better;
- a soft deadline between depths, and a hard deadline, a ``stop`` event and a
  node budget checked every few hundred nodes inside an iteration, depth 1
  included (then the best root move found so far is the answer, with depth 0;
  ``game.ai.limits``).

Time comes from ``time.monotonic()``. Everything a search needs lives on its
``AlphaBeta`` object: two searches never share state.

>>> class Nim:  # take 1 or 2 from a pile; whoever takes the last one wins
...     def __init__(self, pile): self.pile, self.hash, self.taken, self.turn = pile, pile, [], 0
...     def raw_moves(self): return [n for n in (1, 2) if n <= self.pile]
...     def push_raw(self, n): self.taken.append(n); self.pile -= n; self.hash = self.pile; self.turn ^= 1
...     def pop_raw(self): self.pile += self.taken.pop(); self.hash = self.pile; self.turn ^= 1
>>> class NimHeuristics:
...     def evaluate(self, position): return 0
...     def end_score(self, position, moves): return -WIN_SCORE if not moves else None
...     def order(self, position, moves): return moves
>>> search = AlphaBeta(NimHeuristics())
>>> move, info = search.search(Nim(7), SearchLimits(depth=8))
>>> move, info.score > 0  # take 1, leaving a multiple of 3
(1, True)
>>> sorted(trait.name for trait in AlphaBeta.handles)
['ALTERNATING', 'REPEATED_SEATS']
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

from game.ai.aspiration import Aspiration
from game.ai.deepening import Deepening, Found
from game.ai.features import DEFAULT_FEATURES, SearchFeatures
from game.ai.limits import (
    MAX_PLY,
    WIN_SCORE,
    SearchInfo,
    SearchLimits,
    is_win_score,
    plies_to_end,
    turns_to_end,
)
from game.ai.table_search import NO_MOVE, Heuristics, SearchPosition, TableSearch
from game.engine.core import Trait

__all__ = [
    "NO_FEATURES",
    "WIN_SCORE",
    "AlphaBeta",
    "Heuristics",
    "SearchFeatures",
    "SearchInfo",
    "SearchLimits",
    "SearchPosition",
    "is_win_score",
    "plies_to_end",
    "turns_to_end",
]

_INFINITY = WIN_SCORE + 1
ASPIRATION = Aspiration(half_width=60, from_depth=3, lag=2)
"""The root's first window from depth 3: 60 either side of the score two depths before (scores swing
between odd and even depths), opened on the side the score falls out."""


def _never_quiet(position: Any, move: int) -> bool:
    """The quiet test of a game that has none: no move is quiet."""
    return False


def late_move_reduction(depth: int, index: int, plies: int) -> int:
    """How many plies shallower the quiet move ``index`` (from 0, in the order searched) of a node
    ``depth`` plies from the horizon is searched first, when late moves are reduced by ``plies``."""
    return plies if depth >= 3 and index >= 3 else 0


LATE_MOVE_REDUCTIONS = 1
"""The reductions' plies unless ``SearchFeatures`` says: one ply won in matches, against none and
against two. The reductions and the history need the game's ``is_quiet`` (see ``Heuristics``): a game
without it is searched without them. There is no null move (``SearchFeatures.null_move`` is a kernel's):
where a side with no move loses and a move may only add targets for the other side, passing can be
better than every move (zugzwang), and a null move would prune wrongly."""


NO_FEATURES = SearchFeatures(
    late_move_reductions=0, reduction_table=0, history=False, aspiration=False, partial=False
)
"""Plain principal-variation search with the table and the killers: none of the aids a feature switches on."""


class AlphaBeta(TableSearch[int]):
    """The generic alpha-beta search, the reference the compiled kernels are tested against, with its own
    transposition table and killer moves (see the module docstring).

    ``hash_mb`` bounds the table. Not thread-safe: run one search at a time.
    """

    handles: frozenset[Trait] = frozenset({Trait.ALTERNATING, Trait.REPEATED_SEATS})
    """The traits of the games it searches right: no chance (``game.ai.api.check_search``)."""

    def __init__(
        self, heuristics: Heuristics, hash_mb: int = 16, *, features: SearchFeatures = DEFAULT_FEATURES
    ) -> None:
        super().__init__(heuristics, hash_mb)
        self.features = features
        is_quiet: Callable[[Any, int], bool] | None = getattr(heuristics, "is_quiet", None)
        self._is_quiet: Callable[[Any, int], bool] = is_quiet or _never_quiet
        plies = features.reductions(LATE_MOVE_REDUCTIONS)
        self._reduce = plies > 0 and is_quiet is not None
        self._use_history = features.history and is_quiet is not None
        self._history: list[dict[int, int]] = [{}, {}]
        self._reductions = [
            [late_move_reduction(depth, index, plies) for index in range(64)] for depth in range(64)
        ]
        self._killers = [[NO_MOVE, NO_MOVE] for _ in range(MAX_PLY + 2)]

    def new_game(self) -> None:
        """Forget everything learnt: the transposition table, the killer moves and the history."""
        super().new_game()
        self._killers = [[NO_MOVE, NO_MOVE] for _ in range(MAX_PLY + 2)]
        self._history = [{}, {}]

    # -- the entry points --

    def iterate(
        self, position: SearchPosition, limits: SearchLimits, stop: threading.Event | None = None
    ) -> Iterator[SearchInfo]:
        """Iterative deepening (``game.ai.deepening``, which says when it stops): a ``SearchInfo`` after
        each completed depth, and with ``SearchFeatures.partial`` one last for a depth a limit stopped, if a
        root move finished it and beat the moves searched before it (its depth is the stopped one's).

        At least one ``SearchInfo`` comes out: if a limit stops depth 1 before
        it completes, one of depth 0 whose line is the best root move depth 1
        finished (else the first in the game's order) and whose score is the
        static evaluation. Raises ``ValueError`` if the game is over. The
        position is left as it was, even when stopped.
        """
        root_moves = self._root_moves(position)

        deepening = Deepening(limits)

        def one_depth(depth: int) -> Found:
            score = ASPIRATION.search(
                depth,
                deepening.scores,
                lambda alpha, beta: self._search(position, depth, alpha, beta, 0, 0, True),
                on=self.features.aspiration,
            )
            assert score is not None  # a stopped search raises
            # The root is a PV node searched with a window the score is in: a move set the line.
            return Found(score, tuple(self._pv[0]))

        self._history = [{}, {}]  # an earlier position's cut-offs would order this one's moves badly
        yield from self._iterations(
            position, root_moves, deepening, stop, one_depth, partial=self.features.partial
        )

    def _after_move(self, position: Any, seat: int, depth: int) -> int:
        return self._child(position, seat, depth, -_INFINITY, _INFINITY, 1, 0, True)

    # -- the recursion --

    def _search(
        self, position: Any, depth: int, alpha: int, beta: int, ply: int, turns: int, pv_node: bool
    ) -> int:
        """The score of ``position`` for its seat to move within ``alpha``..``beta`` (fail-soft).

        ``ply`` counts the moves from the root, ``turns`` the turns (changes of
        the seat to move), by which decided scores are measured.
        """
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._checkpoint()
        if pv_node:
            self._pv[ply] = []
        settled, moves = self._settle(position, depth, ply, turns)
        if settled is not None:
            return settled

        heuristics = self.heuristics
        key: int = position.hash
        entry = self._tt[key & self._tt_mask]
        tt_move = NO_MOVE
        if entry is not None and entry[0] == key:
            tt_move = entry[4]
            if entry[1] >= depth and not pv_node:
                cut = self._cutoff(entry, alpha, beta, turns)
                if cut is not None:
                    return cut

        killers = self._killers[ply]
        seat = position.turn
        ordered = heuristics.order(position, moves)
        is_quiet = self._is_quiet
        history = self._history[seat] if self._use_history else None
        if history:
            # The game's tactical moves in its order, then its quiet ones by their history (ties: its order).
            tactical = [move for move in ordered if not is_quiet(position, move)]
            quiet = [move for move in ordered if is_quiet(position, move)]
            quiet.sort(key=lambda move: history.get(move, 0), reverse=True)
            ordered = tactical + quiet
        front: list[int] = []
        for move in (tt_move, killers[0], killers[1]):
            if move != NO_MOVE and move not in front and move in moves:
                front.append(move)
        if front:
            ordered = front + [move for move in ordered if move not in front]
        reductions = self._reductions[min(depth, 63)] if self._reduce else None

        original_alpha = alpha
        best = -_INFINITY
        best_move = ordered[0]
        for index, move in enumerate(ordered):
            reduction = 0 if reductions is None else reductions[min(index, 63)]
            if reduction and (move in front or not is_quiet(position, move)):
                reduction = 0
            position.push_raw(move)
            try:
                if index == 0:
                    score = self._child(position, seat, depth - 1, alpha, beta, ply + 1, turns, pv_node)
                else:  # a null window: only whether the move beats alpha
                    score = self._child(
                        position, seat, depth - 1 - reduction, alpha, alpha + 1, ply + 1, turns, False
                    )
                    if reduction and score > alpha:  # it might: search it as deep as the others
                        score = self._child(
                            position, seat, depth - 1, alpha, alpha + 1, ply + 1, turns, False
                        )
                    if alpha < score < beta:  # it does, at a PV node: its exact score
                        score = self._child(position, seat, depth - 1, alpha, beta, ply + 1, turns, pv_node)
            finally:
                position.pop_raw()
            if score > best:
                best = score
                best_move = move
                if score > alpha:
                    alpha = score
                    if pv_node:
                        self._pv[ply] = [move, *self._pv[ply + 1]]
                        if ply == 0:
                            self._root_score = score
                    if score >= beta:
                        if move != killers[0]:
                            killers[1] = killers[0]
                            killers[0] = move
                        if history is not None and is_quiet(position, move):
                            history[move] = history.get(move, 0) + depth * depth
                        break

        self._store(entry, key, depth, best, original_alpha, beta, turns, best_move)
        return best

    def _child(
        self, position: Any, seat: int, depth: int, alpha: int, beta: int, ply: int, turns: int, pv_node: bool
    ) -> int:
        """The score for ``seat`` of ``position``, reached by a move of ``seat``, within ``alpha``..``beta``:
        the other seat's score negated (its turn begins), or the same seat's as it is (it moves again)."""
        if position.turn == seat:
            return self._search(position, depth, alpha, beta, ply, turns, pv_node)
        return -self._search(position, depth, -beta, -alpha, ply, turns + 1, pv_node)
