"""How a battle ends: the ``Termination`` reasons, the thirty quiet turns, and the outcome of a position."""

from __future__ import annotations

import enum

from game.engine.core import Outcome
from game.engine.lionheart.field import GOLD, SILVER, Pending, Unit

__all__ = ["QUIET_TURNS", "Termination", "outcome_of"]

QUIET_TURNS = 30
"""Full turns in a row without a figure removed that draw the battle."""


class Termination(enum.Enum):
    """Why a battle ended."""

    KING_KILLED = "king killed"
    """The loser's king was killed."""
    ARMY_DESTROYED = "army destroyed"
    """The loser's king stands alone: every other unit of its army is gone."""
    BOTH_FALLEN = "both armies fallen"
    """Both sides lost at once (a draw)."""
    QUIET = "thirty quiet turns"
    """30 full turns in a row without a figure removed (a draw)."""


def outcome_of(units: dict[int, Unit], quiet: int, pending: Pending) -> Outcome | None:
    """How the battle of ``units`` ended, or ``None`` while it goes on (never during the set-up).

    A side without its king, or whose king stands alone, has lost; both at
    once is a draw; so is the end of the 30th quiet turn. ``scores`` are each
    side's figures.
    """
    if pending.kind == "setup":
        return None
    present = [False, False, False, False]  # Gold's king, Gold's others, Silver's king, Silver's others
    for unit in units.values():
        present[2 * unit.owner + (unit.kind != "K")] = True
    lost = (not (present[0] and present[1]), not (present[2] and present[3]))
    if not (lost[0] or lost[1] or quiet > QUIET_TURNS):
        return None
    figures = [0, 0]
    for unit in units.values():
        figures[unit.owner] += unit.figures
    scores = (figures[0], figures[1])
    if lost[0] and lost[1]:
        return Outcome(Termination.BOTH_FALLEN, None, scores)
    for side in (GOLD, SILVER):
        if lost[side]:
            reason = Termination.ARMY_DESTROYED if present[2 * side] else Termination.KING_KILLED
            return Outcome(reason, 1 - side, scores)
    return Outcome(Termination.QUIET, None, scores)
