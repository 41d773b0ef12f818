"""What only some games' board controllers do, asked for by the screens that show it.

A game with dice may have its board say a roll its own way (words, pictures of
the dice: ``ShowsDice``), a game with forced moves announce one in its own
words (``AnnouncesForcedMoves``), a game whose turns have more to them than
whose move it is say the turn's state under the players (``TellsTurnState``),
a board played by typing too have a console in the panel (``HasConsole``) and
display switches in the options (``OffersViewOptions``).
The functions of the same names answer for any board: a board without the
capability gets the usual answer (a roll in the game's notation, "Gold
passes", the actions left in a game of several actions a turn).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

from game.engine.core import CHANCE
from game.i18n import ntr, tr
from game.ui import theme
from game.ui.lang import seat_name

if TYPE_CHECKING:
    import pygame

    from game.engine.match import Match
    from game.engine.rules import GameRules

__all__ = [
    "AnnouncesForcedMoves",
    "HasConsole",
    "OffersViewOptions",
    "ShowsDice",
    "TellsTurnState",
    "ViewOption",
    "console_height",
    "forced_text",
    "roll_icons",
    "roll_label",
    "turn_state",
    "view_options",
]


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


@runtime_checkable
class TellsTurnState(Protocol):
    """A board controller that says the turn's state under the players in its own words."""

    def turn_state(self) -> list[str] | None:
        """Lines of the turn's state the panel shows under the players (translated), or ``None`` for none.

        The panel keeps one line of room for each line returned, so a game
        should return as many lines whenever it returns any (an empty string
        keeps a line's room).
        """
        ...


@runtime_checkable
class HasConsole(Protocol):
    """A board controller with a console of its own in the panel (a typed-entry prompt)."""

    def console_height(self) -> int:
        """Pixels of the panel the console needs now (0: none, as when typing is switched off)."""
        ...

    def draw_console(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the console in ``rect`` of the panel."""
        ...


@dataclasses.dataclass(frozen=True)
class ViewOption:
    """A display switch of a game's board offered in the options (Ataxx: keypad play shown from the start)."""

    key: str
    """Stable identifier, as stored in the game's settings section (``view``)."""
    label: str
    """English text shown through ``tr``."""
    default: bool = False


@runtime_checkable
class OffersViewOptions(Protocol):
    """A board controller class with display switches, offered in the options screen with the game's rules."""

    VIEW_OPTIONS: ClassVar[tuple[ViewOption, ...]]


def console_height(board: object) -> int:
    """Pixels of the panel the board's console needs: 0 for a board without one."""
    return board.console_height() if isinstance(board, HasConsole) else 0


def view_options(board_class: object) -> tuple[ViewOption, ...]:
    """The display switches a board controller class offers (none for most)."""
    return board_class.VIEW_OPTIONS if isinstance(board_class, OffersViewOptions) else ()


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


def turn_state(board: object, match: Match[Any, Any]) -> list[str] | None:
    """Lines of the turn's state under the players (translated), or ``None`` for none: the board's words, else,
    in a game of several actions a turn, the actions left to the seat to move ("Gold: 2 actions left")."""
    if isinstance(board, TellsTurnState):
        return board.turn_state()
    left = match.actions_left
    if left is None:
        return None
    if match.is_over or match.turn == CHANCE:
        return [""]
    return [
        ntr(
            "{side}: {count} action left",
            "{side}: {count} actions left",
            left,
            side=seat_name(match.turn),
        )
    ]
