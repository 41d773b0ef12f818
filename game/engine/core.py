"""What every game of the arcade shares below the screens: seats, chance, outcomes, the position surface.

Above the rules engines nothing says Red or Blue: a game has two seats, 0 and
1, and ``CHANCE`` stands for the dice while they are to be rolled. Each game's
position offers the small surface of ``Position`` (as OpenSpiel's games do),
and the generic match, the AI worker, saves and tests use only that.

>>> Outcome(Termination.EXAMPLE, 0).result(), Outcome(Termination.EXAMPLE, None).result()
('1-0', '1/2-1/2')
>>> other_seat(0), other_seat(1)
(1, 0)
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from typing import Any, Protocol, Self

__all__ = [
    "CHANCE",
    "SEATS",
    "MatchTermination",
    "Outcome",
    "Position",
    "Trait",
    "other_seat",
    "require_text",
]

SEATS: tuple[int, int] = (0, 1)
"""The two seats. Seat 0 is the game's first player (Red in Ataxx, White in Attangle, Gold in Lionheart)."""
CHANCE = -1
"""The ``turn`` of a position whose next step is a roll of the dice (a chance node)."""


def other_seat(seat: int) -> int:
    """The opponent of ``seat`` (0 or 1)."""
    return 1 - seat


def require_text(value: object, what: str, error: type[ValueError]) -> str:
    """``value``, which a reader of notation was given: ``error`` saying that ``what`` must be text if it
    is not (a position, a move or a roll may come from any file or line a player hands the game).

    >>> require_text(3, "a move", ValueError)
    Traceback (most recent call last):
    ...
    ValueError: a move must be text, not int
    """
    if not isinstance(value, str):
        raise error(f"{what} must be text, not {type(value).__name__}")
    return value


class Trait(enum.Enum):
    """What a game asks of a search (OpenSpiel's game type, reduced to what our searches differ on).

    A game's rules list the traits it has (``GameRules.traits``); a search lists
    the traits it handles, and a game's AI is refused when its search cannot
    handle one of the game's.
    """

    ALTERNATING = "alternating seats"
    """Two seats take turns; every game has this trait."""
    REPEATED_SEATS = "a seat acting several times in a row"
    """A turn may be several actions of one seat (Lionheart's two), so seats do not alternate every ply."""
    CHANCE = "chance"
    """Dice: positions whose next step is a random outcome (``turn == CHANCE``)."""


class Termination(enum.Enum):
    """Only for the doctests of this module: each game has its own reasons."""

    EXAMPLE = "example"


class MatchTermination(enum.Enum):
    """The ends of a match that no game's rules decide, the same in every game (``game.engine.match``).

    A game's own reasons (its rules' ``Termination``) come from its positions;
    these come from the players. The value is what a save's ``Termination``
    tag holds.

    >>> Outcome(MatchTermination.RESIGNATION, 1).result()
    '0-1'
    """

    RESIGNATION = "resignation"
    """A seat gave the game up (``Match.resign``): the other seat wins."""


@dataclasses.dataclass(frozen=True)
class Outcome:
    """How a game ended: the game's reason, the winning seat (``None`` for a draw) and the scores.

    ``scores`` (one per seat, e.g. the piece counts of Ataxx) do not take part
    in comparisons: two outcomes are equal when the reason and winner are.
    """

    termination: enum.Enum
    winner: int | None
    scores: tuple[int, ...] = dataclasses.field(default=(), compare=False)

    def result(self) -> str:
        """The PGN result: ``1-0`` when seat 0 won, ``0-1`` when seat 1 won, ``1/2-1/2`` for a draw."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == 0 else "0-1"


class Position(Protocol):
    """The surface every game's position offers (the rules engines implement it).

    ``turn`` is a seat, or ``CHANCE`` while dice are to be rolled. ``push``
    raises a ``ValueError`` subclass on an illegal move and leaves the position
    unchanged; ``pop`` takes back the last move or chance outcome. At a chance
    node, ``chance_outcomes`` lists ``(outcome, probability)`` pairs and an
    outcome is pushed like a move.
    """

    @property
    def turn(self) -> int: ...

    @property
    def hash(self) -> int: ...

    def legal_moves(self) -> Sequence[Any]: ...

    def push(self, move: Any) -> None: ...

    def pop(self) -> Any: ...

    def copy(self) -> Self: ...

    def outcome(self) -> Outcome | None: ...

    def chance_outcomes(self) -> Sequence[tuple[Any, float]]:
        """At a chance node, each outcome with its probability (they sum to 1); a game without dice never calls it."""
        ...
