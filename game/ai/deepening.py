"""Iterative deepening: the one loop every search of the arcade runs, the compiled kernels' and the Python ones'.

A search gives one depth's search of its root (``one_depth``) and what to
answer when a limit stops an iteration; ``Deepening`` runs the depths in
turn, reports a ``SearchInfo`` after each, and decides when to stop, by one
rule: at the depth limit; after depth 1 when the root has one move; when the
score is proved (``Found.exact``) or decided no more turns away than the depth;
when a limit (the node budget, ``stop``, the hard deadline) is reached, or
``soft_time`` has passed (under a clock, ``stability``: scaled by how long the
best move has held), after an iteration; optionally (``predict``) when the
next iteration could not finish before the hard deadline; and, inside an
iteration, when the search says a limit stopped it (``None``, or
``Interrupted`` raised).

A stopped iteration still answers where it can: depth 1's best root move so
far (``early``, reported with depth 0: a legal move is always known), or a
deeper iteration's root move that finished it and beat the ones before it
(``partial``, reported with the stopped depth). The completed depths' scores
are kept for the aspiration windows (``game.ai.aspiration``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Generic, NamedTuple, TypeVar

from game.ai.limits import (
    MAX_DEPTH,
    STABILITY,
    Interrupted,
    SearchInfo,
    SearchLimits,
    final_iteration,
    is_win_score,
    turns_to_end,
)

__all__ = ["Deepening", "Found", "Iterative"]

Answer = tuple[float, tuple[Any, ...]]
"""A score (an expectation may be a float: the ``SearchInfo`` has it rounded) and a line, best move first."""


class Found(NamedTuple):
    """One completed depth's result: the root's score, the best line, and whether the score is proved."""

    score: float
    line: tuple[Any, ...]
    exact: bool = False


class Deepening:
    """The iterative deepening of one search started at ``start`` (``time.monotonic()``; now if not given)
    within ``limits``: its deadlines, its completed depths' ``scores``, and the loop (``run``).

    ``look_first``: no iteration starts past a limit, depth 1 included (else
    depth 1 always starts, and its search answers when stopped); ``predict``:
    stop when the next depth, as long as the last times its growth, would end
    past the hard deadline.
    """

    def __init__(
        self,
        limits: SearchLimits,
        start: float | None = None,
        *,
        look_first: bool = True,
        predict: bool = False,
    ) -> None:
        self.limits = limits
        self.look_first = look_first
        self.predict = predict
        self.start = time.monotonic() if start is None else start
        self.hard_deadline = None if limits.hard_time is None else self.start + max(0.0, limits.hard_time)
        """When the running iteration is abandoned (a ``time.monotonic()`` time), if ever."""
        self.soft_deadline = None if limits.soft_time is None else self.start + max(0.0, limits.soft_time)
        """After which no iteration starts, if ever."""
        self.max_depth = MAX_DEPTH if limits.depth is None else max(1, min(limits.depth, MAX_DEPTH))
        self.scores: list[int] = []
        """The completed depths' scores, shallowest first: the aspiration windows' guesses."""
        self._durations: list[float] = []
        self._best: Any = None
        self._stable = 0
        """How many completed depths in a row have had ``_best`` as their best move."""

    def run(
        self,
        one_depth: Callable[[int], Found | None],
        *,
        nodes: Callable[[], int],
        early: Callable[[], Answer],
        partial: Callable[[], Answer | None] | None = None,
        limit_reached: Callable[[], bool] | None = None,
        only_move: bool = False,
    ) -> Iterator[SearchInfo]:
        """The iterations: a ``SearchInfo`` after each completed depth, and at most one for a stopped one.

        ``one_depth(depth)`` searches the root to ``depth`` (its aspiration
        window around ``scores``), or gives ``None`` or raises ``Interrupted``
        when a limit stops it. Then depth 1 answers ``early()`` with depth 0,
        a deeper one ``partial()`` if it gives an answer, and the search ends.
        ``nodes()`` counts the nodes so far; ``limit_reached()`` whether a limit
        is reached, asked before depth 1 (with ``look_first``) and after every
        depth. ``only_move``: the root has one move.
        """
        for depth in range(1, self.max_depth + 1):
            began = time.monotonic() if self.predict else 0.0
            try:
                stopped = depth == 1 and self.look_first and limit_reached is not None and limit_reached()
                found = None if stopped else one_depth(depth)
            except Interrupted:
                found = None
            if found is None:
                answer = early() if depth == 1 else partial() if partial is not None else None
                if answer is not None:
                    elapsed = time.monotonic() - self.start
                    yield SearchInfo(
                        0 if depth == 1 else depth,
                        round(answer[0]),
                        nodes(),
                        elapsed,
                        answer[1],
                        partial=depth > 1,
                    )
                return
            now = time.monotonic()  # the iteration's end: its report's time, and the stop rule's
            self._durations.append(now - began)
            self.scores.append(round(found.score))
            if found.line:
                best = found.line[0]
                self._stable = self._stable + 1 if best == self._best else 1
                self._best = best
            info = SearchInfo(
                depth, round(found.score), nodes(), now - self.start, found.line, exact=found.exact
            )
            yield info
            if only_move or self._enough(info, now, limit_reached):
                return

    def _enough(self, info: SearchInfo, now: float, limit_reached: Callable[[], bool] | None) -> bool:
        """Whether to stop after ``info``, completed at ``now``."""
        if info.exact or (is_win_score(info.score) and turns_to_end(info.score) <= info.depth):
            return True
        if self.soft_deadline is not None and now >= self._planned_end():
            return True
        if limit_reached is not None and limit_reached():
            return True
        return (
            self.predict
            and self.hard_deadline is not None
            and now + self._next_cost(self._durations) > self.hard_deadline
        )

    def _planned_end(self) -> float:
        """When the search plans to start no more depths: the soft deadline, or with ``stability`` the
        time planned scaled by how long the best move has held (never past the hard deadline)."""
        assert self.soft_deadline is not None
        if not self.limits.stability or self._stable == 0:
            return self.soft_deadline
        factor = STABILITY[min(self._stable, len(STABILITY)) - 1]
        end = self.start + (self.soft_deadline - self.start) * factor
        return end if self.hard_deadline is None else min(end, self.hard_deadline)

    @staticmethod
    def _next_cost(durations: Sequence[float]) -> float:
        """What the next iteration will likely take after ones of these ``durations``: the last one times
        the recent growth (2 to 6)."""
        last = durations[-1]
        if len(durations) < 2 or durations[-2] <= 0.001:
            return 2 * last
        return last * min(6.0, max(2.0, last / durations[-2]))


P = TypeVar("P")
M = TypeVar("M")


class Iterative(Generic[P, M]):
    """A search of positions ``P`` whose answer, a move ``M``, is its last iteration's: ``search`` over
    the search's own ``iterate``."""

    def iterate(
        self, position: P, limits: SearchLimits, stop: threading.Event | None = None
    ) -> Iterator[SearchInfo]:
        """The iterations (a ``Deepening``'s) of a search of ``position`` within ``limits``."""
        raise NotImplementedError

    def search(
        self,
        position: P,
        limits: SearchLimits,
        stop: threading.Event | None = None,
        on_info: Callable[[SearchInfo], None] | None = None,
    ) -> tuple[M, SearchInfo]:
        """The best move within ``limits``, and the last iteration (its score, rounded, from the side to
        move's view).

        Raises ``ValueError`` as ``iterate`` does (the game is over). ``on_info``
        sees every iteration. The position is left as it was.
        """
        info = final_iteration(self.iterate(position, limits, stop), on_info)
        move: M = info.pv[0]
        return move, info
