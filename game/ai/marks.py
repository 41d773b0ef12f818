"""How good a move was: the marks a post-game analysis gives, the limits of expected result lost between
them, and how PGN writes them.

The marks (``MARK_LIMITS``): below 3% of a result lost a move is ``BEST``
(as good as the search's), below 7% ``GOOD``, below 13% an ``INACCURACY``,
below 22% a ``MISTAKE``, else a ``BLUNDER``. A piece given away in an even
Ataxx game costs 3% (the curve of ``bench/texel.py``), so an inaccuracy gives
away two or three pieces and a blunder seven or more. How the marks spread
over real games (most of the moves the search would not have played lose
little) is what ``python bench/analysis_speed.py --losses`` shows.
"""

from __future__ import annotations

import enum

__all__ = ["MARK_LIMITS", "Mark", "mark_for"]


class Mark(enum.Enum):
    """How good a move was, by the expected result it gave away (``MARK_LIMITS``)."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def glyph(self) -> str:
        """The mark as PGN writes it beside a move: ``?!``, ``?``, ``??`` (nothing for a good one)."""
        return _GLYPHS[self]

    @property
    def nag(self) -> str:
        """The PGN annotation glyph token: ``$6``, ``$2``, ``$4`` (nothing for a good one)."""
        return _NAGS[self]

    @property
    def label(self) -> str:
        """The mark's name, an English key for ``tr`` (``Blunder``)."""
        return self.value.capitalize()


_GLYPHS = {Mark.BEST: "", Mark.GOOD: "", Mark.INACCURACY: "?!", Mark.MISTAKE: "?", Mark.BLUNDER: "??"}
_NAGS = {Mark.BEST: "", Mark.GOOD: "", Mark.INACCURACY: "$6", Mark.MISTAKE: "$2", Mark.BLUNDER: "$4"}

MARK_LIMITS: tuple[tuple[float, Mark], ...] = (
    (0.03, Mark.BEST),
    (0.07, Mark.GOOD),
    (0.13, Mark.INACCURACY),
    (0.22, Mark.MISTAKE),
)
"""A move that loses less than the first figure of expected result (0 to 1) gets its mark; past the last,
a ``BLUNDER`` (see the module docstring)."""


def mark_for(loss: float) -> Mark:
    """The mark of a move that gave away ``loss`` of expected result.

    >>> mark_for(0.01), mark_for(0.1), mark_for(0.5)
    (<Mark.BEST: 'best'>, <Mark.INACCURACY: 'inaccuracy'>, <Mark.BLUNDER: 'blunder'>)
    """
    for limit, mark in MARK_LIMITS:
        if loss < limit:
            return mark
    return Mark.BLUNDER
