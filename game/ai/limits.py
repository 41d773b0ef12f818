"""What every search of the arcade shares: decided scores, limits, per-iteration results, the stop checks.

The compiled searches (``game.ai.ataxx.search``, ``game.ai.attangle.search``),
the game-independent alpha-beta (``game.ai.alphabeta``) and the chance search
(``game.ai.expectimax``) all score a won game ``WIN_SCORE`` minus the turns
to it, take ``SearchLimits`` and yield a ``SearchInfo`` per completed depth
(the loop is ``game.ai.deepening``'s). The Python ones look at the clock, the
stop event and the node budget every few hundred nodes (``Interruptible``),
abandoning the iteration with ``Interrupted`` — depth 1 included: a search
stopped before its first depth completes still answers a legal move, the best
root move found so far, as a ``SearchInfo`` of depth 0.

A turn is what one seat plays before the other seat's turn: it begins when
the seat to move changes (chance outcomes do not count). In a game whose seats
alternate every move (Ataxx, Attangle) a turn is a ply; in Lionheart it is two
actions.

>>> is_win_score(WIN_SCORE - 7), turns_to_end(WIN_SCORE - 7), is_win_score(350)
(True, 7, False)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

__all__ = [
    "MAX_DEPTH",
    "MAX_PLY",
    "WIN_SCORE",
    "Interrupted",
    "Interruptible",
    "SearchInfo",
    "SearchLimits",
    "final_iteration",
    "is_win_score",
    "plies_to_end",
    "turns_to_end",
]

WIN_SCORE = 100_000
"""The score of a won game; a win ``n`` turns away scores ``WIN_SCORE - n`` (see the module docstring)."""
MAX_PLY = 200
"""The deepest a search ever goes from the root, in plies (so a bound for the turns of decided scores too)."""
MAX_DEPTH = 64
"""The deepest iteration a search starts when no depth limit is given."""
WIN_BOUND = WIN_SCORE - MAX_PLY
"""Scores beyond this (either sign) are decided games."""


def is_win_score(score: float) -> bool:
    """Whether ``score`` is a decided game: a forced win (> 0) or loss (< 0) for the mover."""
    return abs(score) > WIN_BOUND


def turns_to_end(score: float) -> int:
    """How many turns a decided ``score`` is from the end of the game; ``score`` must be decided.

    The chance search's scores are expectations: a win in 3 turns or 5 turns
    with even odds is a win in 4.
    """
    return round(WIN_SCORE - abs(score))


def plies_to_end(score: int) -> int:
    """``turns_to_end`` for a game whose seats alternate every move (Ataxx), where a turn is a ply."""
    return turns_to_end(score)


STABILITY = (1.6, 1.2, 1.0, 0.85, 0.7)
"""``SearchLimits.stability``: the planned time's factor when the best move has been the same for 1, 2, …
completed depths (the last factor from then on): a best move that has just changed is a position the search
has not understood, one that has held for five depths will rarely change with one more."""


@dataclass(frozen=True)
class SearchLimits:
    """When to stop: any limit that is reached stops the search (``None`` = no limit).

    ``depth``: the deepest iteration; ``nodes``: a hard node budget;
    ``soft_time``: seconds after which no new iteration starts; ``hard_time``:
    seconds after which the running iteration is abandoned, depth 1 included
    (then the answer is the best root move found so far, with depth 0: a legal
    move is always known).
    """

    depth: int | None = None
    nodes: int | None = None
    soft_time: float | None = None
    hard_time: float | None = None
    stability: bool = False
    """A clock's time: ``soft_time`` is the time planned for the move, stretched when the best move has
    just changed and shortened when it has held for several depths (``STABILITY``; never past
    ``hard_time``)."""

    @classmethod
    def within(cls, budget: float, *, depth: int | None = None) -> SearchLimits:
        """A level's move in ``budget`` seconds: no new iteration after 45% of it (the next one, a few
        times longer, would rarely finish), the running one abandoned at the end.

        >>> SearchLimits.within(2.0, depth=6)
        SearchLimits(depth=6, nodes=None, soft_time=0.9, hard_time=2.0, stability=False)
        """
        return cls(depth=depth, soft_time=budget * 0.45, hard_time=budget)


@dataclass(frozen=True)
class SearchInfo:
    """The result of one completed iteration.

    ``score`` is from the side to move's view (a game's own units, or
    ``±(WIN_SCORE - turns)`` for a decided game); ``pv`` is the best line,
    starting with the best move, in the searcher's own move form. ``depth`` 0
    is a search stopped before depth 1 completed: its move is the best root
    move found so far (or the first in the game's order), its score a guess.
    """

    depth: int
    score: int
    nodes: int
    elapsed: float
    pv: tuple[Any, ...]
    exact: bool = False
    """Whether ``score`` is proved: every line was searched to the end of the game (an endgame solved)."""
    partial: bool = False
    """Whether a limit stopped this iteration: ``pv`` starts with the best of the root moves it finished
    (the last depth's best searched first), ``depth`` is the one it was searching, ``score`` that move's."""

    @property
    def nps(self) -> int:
        """Nodes per second so far."""
        return int(self.nodes / self.elapsed) if self.elapsed > 0 else self.nodes


def final_iteration(
    iterations: Iterable[SearchInfo], on_info: Callable[[SearchInfo], None] | None = None
) -> SearchInfo:
    """The last of a search's ``iterations`` (there is always one: depth 1, or depth 0 if stopped before
    depth 1 completed), each shown to ``on_info``."""
    last: SearchInfo | None = None
    for info in iterations:
        last = info
        if on_info is not None:
            on_info(info)
    assert last is not None  # iterate always yields one SearchInfo, of depth 0 if stopped during depth 1
    return last


class Interrupted(Exception):
    """Raised inside a search's recursion when a limit is reached mid-iteration."""


class Interruptible:
    """The stop checks of a search: a mixin whose fields the recursion reads directly (it is the hot path).

    The recursion counts ``self.nodes`` and calls ``_checkpoint`` when it
    reaches ``self._next_check``; the checkpoint raises ``Interrupted`` once
    the node budget, the ``time.monotonic()`` deadline or the stop event is
    reached, in any iteration, the first one included.
    """

    check_interval = 512
    """Nodes between two looks at the clock, the stop event and the node budget."""

    nodes: int
    _next_check: int
    _node_limit: int | None
    _deadline: float | None
    _stop: threading.Event | None

    def _begin(
        self,
        *,
        node_limit: int | None,
        stop: threading.Event | None,
        deadline: float | None,
    ) -> None:
        """A new search: count nodes from zero under these limits."""
        self.nodes = 0
        self._next_check = self.check_interval if node_limit is None else min(self.check_interval, node_limit)
        self._node_limit = node_limit
        self._stop = stop
        self._deadline = deadline

    def _checkpoint(self) -> None:
        """Every ``check_interval`` nodes (or at the node budget): abandon the iteration if a limit is reached."""
        limit = self._node_limit
        self._next_check = self.nodes + self.check_interval
        if limit is not None and self._next_check > limit:
            self._next_check = limit
        if self._limit_reached():
            raise Interrupted

    def _limit_reached(self) -> bool:
        """Whether the node budget, the stop event or the hard deadline is already reached."""
        if self._node_limit is not None and self.nodes >= self._node_limit:
            return True
        if self._stop is not None and self._stop.is_set():
            return True
        return self._deadline is not None and time.monotonic() >= self._deadline
