"""What the Python searches (``game.ai.alphabeta``, ``game.ai.expectimax``) share around their recursion.

The position and the heuristics they ask for (``SearchPosition``,
``Heuristics``); a transposition table kept as a list of tuples, whose decided
scores are stored as turns from their node and whose entries give way to
another position's or a deeper search's; the root's line; the iterations
(``game.ai.deepening``) with their answers when a limit stops one; and the
root moves scored one by one for the weak levels.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any, Generic, Protocol, TypeVar

from game.ai.deepening import Deepening, Found, Iterative
from game.ai.limits import (
    MAX_PLY,
    WIN_BOUND,
    Interrupted,
    Interruptible,
    SearchInfo,
)

__all__ = ["Heuristics", "SearchPosition", "TableSearch"]

S = TypeVar("S", int, float)
"""A score: an int, or a float for an expectation."""
Entry = tuple[int, int, int, Any, int]
"""A table entry: the position's hash, the depth searched, the bound (``EXACT``...), the score, the best move."""
EXACT, LOWER, UPPER = 0, 1, 2
NO_MOVE = -1
_TT_ENTRY_BYTES = 150


class SearchPosition(Protocol):
    """What the searches need of a position: its seat to move, raw moves as ints, made and unmade in place.

    ``hash`` must tell apart positions that differ in anything the search's
    scores depend on (the seat to move, the actions left in a turn...).
    ``turn`` is the seat to move, 0 or 1 (an ``IntEnum`` will do), or
    ``game.engine.core.CHANCE`` at a chance node, which only the chance search
    visits (``ChancePosition`` in ``game.ai.expectimax``).
    """

    hash: int

    @property
    def turn(self) -> int:
        """The seat to move (0 or 1), or ``CHANCE`` while dice are to be rolled."""
        ...

    def raw_moves(self) -> list[int]:
        """The legal moves as ints (``[]`` when the game is over)."""
        ...

    def push_raw(self, raw: int) -> None:
        """Play a legal raw move."""
        ...

    def pop_raw(self) -> object:
        """Take back the last raw move (what it returns is not used)."""
        ...


class Heuristics(Protocol):
    """A game's knowledge for the search; every score is from the side to move's view.

    Only decision positions (a seat to move) are ever given: the chance search
    expands chance nodes down to decisions before it evaluates.
    """

    def evaluate(self, position: Any) -> int:
        """The static score of a position whose game goes on."""
        ...

    def end_score(self, position: Any, moves: list[int]) -> int | None:
        """``WIN_SCORE``, ``-WIN_SCORE`` or 0 if the game is over (``moves`` are its legal moves), else ``None``."""
        ...

    def order(self, position: Any, moves: list[int]) -> list[int]:
        """``moves``, likeliest best first."""
        ...

    # Optional, looked up with getattr (a Protocol cannot say "optional"):
    # - ``is_quiet(position, move) -> bool``: whether a legal move of the seat to move is quiet (it
    #   takes nothing: a move the search may reduce and orders by its history);
    # - ``leaf_end_score(position) -> int | None``: ``end_score`` without the moves, for the leaves,
    #   which then list none (``game.ai.expectimax`` asks it too).


def end_score(ended: int, turns: int) -> int:
    """A finished game's score ``ended`` (``±WIN_SCORE`` or 0) ``turns`` turns from the root: a quicker
    win is better."""
    return ended - turns if ended > 0 else ended + turns if ended < 0 else 0


class TableSearch(Interruptible, Iterative[Any, int], Generic[S]):
    """A Python search of ``heuristics``'s game with a transposition table of ``hash_mb`` and the root's line."""

    def __init__(self, heuristics: Heuristics, hash_mb: int) -> None:
        if hash_mb < 1:
            raise ValueError(f"hash_mb must be at least 1, not {hash_mb}")
        self.heuristics = heuristics
        self._leaf_end: Callable[[Any], int | None] | None = getattr(heuristics, "leaf_end_score", None)
        slots = max(1024, hash_mb * 2**20 // _TT_ENTRY_BYTES)
        self._tt_mask = (1 << (slots.bit_length() - 1)) - 1
        self._tt: list[Entry | None] = [None] * (self._tt_mask + 1)
        self._pv: list[list[int]] = [[] for _ in range(MAX_PLY + 2)]
        self._root_score: S | int = 0  # the score of the root's line _pv[0], set with it
        self._begin(node_limit=None, stop=None, deadline=None)

    def new_game(self) -> None:
        """Forget everything learnt: the transposition table."""
        self._tt = [None] * (self._tt_mask + 1)

    def _iterations(
        self,
        position: Any,
        root_moves: list[int],
        deepening: Deepening,
        stop: threading.Event | None,
        one_depth: Callable[[int], Found],
        *,
        partial: bool,
    ) -> Iterator[SearchInfo]:
        """``deepening``'s iterations of ``one_depth``, which raises ``Interrupted`` when a limit stops it.

        Depth 1 stopped answers the best root move it finished (the line it
        set), else the game's first, with the static evaluation; a deeper one,
        with ``partial``, the root move that finished it and beat the ones
        before it, the last depth's best first: a better answer than the last
        depth's.
        """

        def early() -> tuple[float, tuple[int, ...]]:
            line = tuple(self._pv[0]) or (self.heuristics.order(position, root_moves)[0],)
            return self.heuristics.evaluate(position), line

        def finished() -> tuple[float, tuple[int, ...]] | None:
            return (self._root_score, tuple(self._pv[0])) if partial and self._pv[0] else None

        self._pv[0] = []  # no line of an earlier search is taken for depth 1's
        self._begin(node_limit=deepening.limits.nodes, stop=stop, deadline=deepening.hard_deadline)
        yield from deepening.run(
            one_depth,
            nodes=lambda: self.nodes,
            early=early,
            partial=finished,
            limit_reached=self._limit_reached,
            only_move=len(root_moves) == 1,
        )

    def score_moves(
        self,
        position: Any,
        depth: int,
        *,
        stop: threading.Event | None = None,
        deadline: float | None = None,
    ) -> list[tuple[int, int]] | None:
        """Every legal raw move with its exact score (rounded) at ``depth`` (1: the move alone), best first,
        from the seat to move's view.

        For the weak levels, which pick among the moves with noise. Returns
        ``None`` if ``stop`` is set or the ``time.monotonic()`` ``deadline``
        passes first. Raises ``ValueError`` as ``iterate`` does.
        """
        moves = self._root_moves(position, "score")
        self._begin(node_limit=None, stop=stop, deadline=deadline)
        seat = position.turn
        scored = []
        try:
            for move in self.heuristics.order(position, moves):
                position.push_raw(move)
                try:
                    value = self._after_move(position, seat, depth - 1)
                finally:
                    position.pop_raw()
                scored.append((move, round(value)))
        except Interrupted:
            return None
        scored.sort(key=lambda item: item[1], reverse=True)
        return scored

    def _root_moves(self, position: Any, purpose: str = "search") -> list[int]:
        """The moves to ``purpose`` from ``position``; ``ValueError`` if its game is over."""
        moves: list[int] = position.raw_moves()
        if self.heuristics.end_score(position, moves) is not None or not moves:
            raise ValueError(f"the game is over: there is no move to {purpose}")
        return moves

    def _after_move(self, position: Any, seat: int, depth: int) -> float:
        """The exact score for ``seat`` of ``position``, reached by a move of ``seat``, searched ``depth`` deep."""
        raise NotImplementedError

    def _settle(self, position: Any, depth: int, ply: int, turns: int) -> tuple[int | None, list[int]]:
        """A node's score if it needs no search (a finished game, the horizon, the deepest ply), else
        ``None``; and its moves (none listed at a leaf whose game tells its end without them)."""
        heuristics = self.heuristics
        if depth <= 0 and self._leaf_end is not None:
            ended = self._leaf_end(position)
            return (heuristics.evaluate(position) if ended is None else end_score(ended, turns)), []
        moves = position.raw_moves()
        ended = heuristics.end_score(position, moves)
        if ended is not None:
            return end_score(ended, turns), moves
        if depth <= 0 or ply >= MAX_PLY:
            return heuristics.evaluate(position), moves
        return None, moves

    @staticmethod
    def _cutoff(entry: Entry, alpha: S, beta: S, turns: int) -> S | None:
        """The score ``entry`` (as deep as the node needs) gives a node ``turns`` turns from the root within
        ``alpha``..``beta``, if its bound settles it."""
        score = entry[3]
        if score > WIN_BOUND:
            score -= turns
        elif score < -WIN_BOUND:
            score += turns
        flag = entry[2]
        return score if flag == EXACT or (score >= beta if flag == LOWER else score <= alpha) else None

    def _store(
        self, seen: Entry | None, key: int, depth: int, best: S, alpha: S, beta: S, turns: int, move: int
    ) -> None:
        """Keep a node's ``best`` score, searched ``depth`` deep within ``alpha``..``beta``, in its slot,
        which held ``seen`` when the node began, unless that entry is this position's and deeper."""
        stored = best  # a decided score is stored as turns from this node
        if stored > WIN_BOUND:
            stored += turns
        elif stored < -WIN_BOUND:
            stored -= turns
        flag = UPPER if best <= alpha else LOWER if best >= beta else EXACT
        if seen is None or seen[0] != key or depth >= seen[1]:
            self._tt[key & self._tt_mask] = (key, depth, flag, stored, move)
