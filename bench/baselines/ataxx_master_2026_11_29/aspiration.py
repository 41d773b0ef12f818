"""Aspiration windows: the root searched first in a narrow window around a guess, wider when the score falls outside.

One policy for every search, given a game's figures. The guess is the score of
an earlier depth (``lag`` depths before: two where scores swing between odd and
even depths); a decided guess gives no window. A score outside the window is
only a bound: the root is searched again, the failed side moved to the score
and ``growth`` times wider each time, and opened altogether after
``widenings`` such moves (0: opened at the first).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .limits import WIN_SCORE, is_win_score

__all__ = ["Aspiration"]

_INFINITY = WIN_SCORE + 1


@dataclass(frozen=True)
class Aspiration:
    """An aspiration policy: ``half_width`` either side of the guess, from ``from_depth`` on."""

    half_width: int
    from_depth: int
    lag: int = 1
    """The guess is the score this many completed depths before."""
    growth: int = 1
    """How many times wider a window gets at each miss."""
    widenings: int = 0
    """The misses after which the failed side is moved (wider), before it is opened."""

    def window(self, depth: int, scores: Sequence[int], *, on: bool = True) -> tuple[int, int]:
        """The first window at ``depth`` after the completed depths' ``scores`` (``on``: aspiration at all)."""
        if not on or depth < self.from_depth or len(scores) < self.lag or is_win_score(scores[-self.lag]):
            return -_INFINITY, _INFINITY
        guess = scores[-self.lag]
        return guess - self.half_width, guess + self.half_width

    def search(
        self,
        depth: int,
        scores: Sequence[int],
        search: Callable[[int, int], int | None],
        *,
        on: bool = True,
    ) -> int | None:
        """The root's score at ``depth``: ``search(alpha, beta)`` until its score is inside the window.

        ``None`` if ``search`` returned ``None`` (a limit stopped it).
        """
        alpha, beta = self.window(depth, scores, on=on)
        width = self.half_width
        misses = 0
        while True:
            score = search(alpha, beta)
            if score is None:
                return None
            if score <= alpha and alpha > -_INFINITY:
                misses += 1
                width *= self.growth
                alpha = max(-_INFINITY, score - width) if misses <= self.widenings else -_INFINITY
            elif score >= beta and beta < _INFINITY:
                misses += 1
                width *= self.growth
                beta = min(_INFINITY, score + width) if misses <= self.widenings else _INFINITY
            else:
                return score
