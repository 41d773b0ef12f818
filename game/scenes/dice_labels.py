"""How the move lists write and draw a roll of the dice: the boards' ``ShowsDice`` capability.

A game with dice may have its board controller say a roll its own way (words,
pictures of the dice); the lists ask for it, and a board without it has its
rolls written in the game's notation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    import pygame

    from game.engine.rules import GameRules

__all__ = ["ShowsDice", "roll_icons", "roll_label"]


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


def roll_label(board: object, rules: GameRules[Any, Any], outcome: Any) -> str:
    """How the move list writes a roll's ``outcome``: the board's words, else the game's notation."""
    return board.roll_label(outcome) if isinstance(board, ShowsDice) else rules.move_text(outcome)


def roll_icons(board: object, outcome: Any, size: int) -> list[pygame.Surface] | None:
    """A roll's ``outcome`` drawn by a board that draws its dice, else ``None`` (written: ``roll_label``)."""
    return board.roll_icons(outcome, size) if isinstance(board, ShowsDice) else None
