"""What a game's board asks of the screen that shows it: ``BoardHost``, and the panel beside the board;
what a board's parts read of the board: ``PartsHost``; what both offer: ``MatchContext``.

A board controller (``game.scenes.parts.BoardController``) is driven by the
match screen, but sees it only through ``BoardHost``: the match and the
playing of a move, the notes under the board, the pace of its animations,
its scale and layout, and the few services of the app a board uses
(``BoardServices``: sounds, the theme, its view settings). The match screen
implements it, so the board and the screen do not import each other.

A game's board is built from parts (overlays, keys, written as mixins or
collaborators); they read the board through ``PartsHost``, which a game widens
with its own state, so the parts need not import the board class built from
them. Both read the app's services, the match and whether a person may move
(``MatchContext``): the screen has them, and the board passes its screen's on.
``PlaceT`` is how the game names a place of its board (a square's index, a
point's, a square's name).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeVar

from game.engine.rules import MoveT, PositionT

if TYPE_CHECKING:
    import pygame

    from game.engine.match import Match
    from game.scenes.services import BoardServices
    from game.ui.widgets import WidgetGroup

__all__ = ["BoardHost", "MatchContext", "PanelPlace", "PartsHost", "SidePanel"]

PlaceT = TypeVar("PlaceT")


class PanelPlace(Protocol):
    """The panel beside the board as the board reads it: where it is, and whether one of its buttons has the
    keyboard."""

    rect: pygame.Rect
    widgets: WidgetGroup


class SidePanel(PanelPlace, Protocol):
    """The panel beside the board (a match's, a puzzle's) as the screen drives it: laid out, updated and
    drawn."""

    def layout(self, rect: pygame.Rect) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class MatchContext(Protocol[PositionT, MoveT]):
    """What a board's code reads wherever it runs: the app's services, the match, whether a person may move
    now."""

    @property
    def app(self) -> BoardServices: ...

    @property
    def match(self) -> Match[PositionT, MoveT]: ...

    def human_turn(self) -> bool: ...


class BoardHost(MatchContext[PositionT, MoveT], Protocol):
    """The screen a board is shown on, as the board sees it (the match screen implements it)."""

    @property
    def panel(self) -> PanelPlace: ...

    @property
    def time(self) -> float:
        """Seconds since the screen entered (idle animations)."""

    @property
    def speed(self) -> float:
        """The animations' speed factor from the settings."""

    @property
    def forced_timer(self) -> float | None:
        """Seconds before a forced move (a pass) is played, while one is announced."""

    @property
    def thinking(self) -> bool:
        """Whether the computer is searching its move."""

    @property
    def vs_computer(self) -> bool: ...

    def hidden_seat(self) -> int | None: ...

    def play(self, move: MoveT, *, animate: bool = True) -> None: ...

    def reject(self, message: str | None = None) -> None: ...

    def say(self, message: str, seconds: float = 1.6) -> None: ...

    def skip(self) -> bool: ...

    def px(self, value: float) -> int: ...

    def ensure_layout(self) -> None: ...

    def relayout(self) -> None: ...


class PartsHost(MatchContext[PositionT, MoveT], Protocol[PositionT, MoveT, PlaceT]):
    """What the parts of a game's board read of every board: the screen, the position, the places chosen,
    pointed at and shaken, the hint and its pulse, the entries played (on an analysis)."""

    scene: BoardHost[PositionT, MoveT]
    selected: PlaceT | None
    hover: PlaceT | None
    shake: tuple[PlaceT, float] | None
    hint_move: MoveT | None
    hint_time: float
    played: tuple[MoveT, ...]

    @property
    def position(self) -> PositionT: ...

    def reject(self, place: PlaceT | None, message: str | None = None) -> None: ...
