"""What only some games' board controllers do, asked for by the screens that show it.

A game with dice may have its board say a roll its own way (words, pictures of
the dice: ``ShowsDice``), a game with forced moves announce one in its own
words (``AnnouncesForcedMoves``). The functions of the same names answer for
any board: a board without the capability gets the usual answer (a roll in
the game's notation, "Gold passes").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from game.i18n import tr
from game.ui import theme

if TYPE_CHECKING:
    import pygame

    from game.engine.rules import GameRules

__all__ = ["AnnouncesForcedMoves", "ShowsDice", "forced_text", "roll_icons", "roll_label"]


@runtime_checkable
class ShowsDice(Protocol):
    """A board controller that writes or draws a game's rolls its own way."""

    def roll_label(self, outcome: Any) -> str:
        """How the move list writes a roll's ``outcome`` (it adds the brackets)."""
        ...

    def roll_icons(self, outcome: Any, size: int) -> list[pygame.Surface] | None:
        """A roll's ``outcome`` as the board draws it (each die's face), pictures ``size`` pixels high, for a
        list that shows the dice rather than writes them; ``None``: written (``roll_label``)."""
        ...


@runtime_checkable
class AnnouncesForcedMoves(Protocol):
    """A board controller of a game with forced moves that announces one in its own words."""

    def forced_text(self, seat: int) -> tuple[str, str]:
        """The announcement of a forced move of ``seat``: headline and detail (translated)."""
        ...


def roll_label(board: object, rules: GameRules[Any, Any], outcome: Any) -> str:
    """How the move list writes a roll's ``outcome``: the board's words, else the game's notation."""
    return board.roll_label(outcome) if isinstance(board, ShowsDice) else rules.move_text(outcome)


def roll_icons(board: object, outcome: Any, size: int) -> list[pygame.Surface] | None:
    """A roll's ``outcome`` drawn by a board that draws its dice, else ``None`` (written: ``roll_label``)."""
    return board.roll_icons(outcome, size) if isinstance(board, ShowsDice) else None


def forced_text(board: object, seat: int) -> tuple[str, str]:
    """The announcement of a forced move of ``seat`` (headline and detail, translated): the board's words,
    else that the seat passes."""
    if isinstance(board, AnnouncesForcedMoves):
        return board.forced_text(seat)
    name = tr(theme.SEAT_NAMES[seat])
    return tr("{side} passes", side=name), tr("No move is possible")
