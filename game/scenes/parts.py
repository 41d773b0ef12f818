"""What a game plugs into the generic screens: its ``BoardController`` and its ``RulesPages``.

design.md, "One arcade, three games": a game's play part is a board
controller for the match screen, an optional editor, and rules pages.

The match screen (``game.scenes.match``) is the same for every game: turns,
the computer's requests, hint, undo/redo, the panel, pause, autosave and
results. Everything about the board itself is the game's controller, in
``game/scenes/<game>/``: its layout from the window size, drawing, turning a
pointer or keyboard cursor into a move (which it hands to ``scene.play``), and
animating a move once played. This base class gives the neutral answers a
game may keep.

During a set-up (``Match.in_setup``: each seat places its army before the
first move) the match screen may ask the board to keep one seat's pieces out
of sight: ``scene.hidden_seat()`` names that seat (the other person's while a
person places, the computer's own against a person), ``None`` otherwise. The
screen masks that seat's set-up entries in the move list and hides the board
behind a curtain between two people's placements; drawing the hidden seat's
pieces (or not) is the board's job.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic

import pygame

from game.engine.rules import MoveT, PositionT
from game.i18n import tr
from game.ui import gfx, theme
from game.ui.theme import Theme

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.scenes.board_host import BoardHost
    from game.scenes.services import BoardServices

__all__ = ["MATCH_CONTROLS", "BoardBackdrop", "BoardController", "RulesPages"]

MATCH_CONTROLS: tuple[tuple[str, str], ...] = (
    ("Tab", "to the buttons beside the board"),
    ("U / Y / H", "undo, redo, hint"),
    ("Ctrl+Z / Ctrl+Y", "undo, redo"),
    ("Esc", "game menu"),
    ("F11", "fullscreen on or off"),
    ("F12", "screenshot, saved in your data folder"),
    ("F1", "these rules, during a game"),
    ("Ctrl+S", "save the game"),
)
"""The match screen's own keys, the same in every game: a game's controls page lists its board's
controls, then these."""


@dataclasses.dataclass(frozen=True)
class RulesPages:
    """A game's rules for the rules screen (texts are English keys, translated when drawn).

    ``pages`` are ``(title, text, diagram)``; a page with no diagram key is
    the controls page, which lists ``controls`` (a key, what it does). A text
    names the seats ``{side}`` (seat 0) and ``{other}`` (seat 1), never by a
    colour: the palette chosen names them ("Red", "Orange", "Gold"...).
    ``draw_diagram(surface, rect, diagram, seconds, ui)`` animates a diagram.
    The titles are the game's own short words ("Clone", "Capturing"), so they
    are translated in the game's ``context`` (its key: ``trc("ataxx", "Clone")``).
    """

    heading: str
    pages: tuple[tuple[str, str, str], ...]
    controls: tuple[tuple[str, str], ...]
    draw_diagram: Callable[[pygame.Surface, pygame.Rect, str, float, Theme], None]
    context: str = ""
    """The translation context of the titles: the game's key."""


class BoardController(Generic[PositionT, MoveT]):
    """A game's board on the match screen (of its position and move types); ``scene`` is the screen that
    drives it, seen as a ``BoardHost`` (``game.scenes.board_host``)."""

    def __init__(self, scene: BoardHost[PositionT, MoveT]) -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        """Where the board is drawn (announcements and notes are centred on it)."""
        self.hint_move: MoveT | None = None
        """The computer's suggestion on show, if any."""
        self.hint_time = 0.0
        """Seconds the suggestion has been on show (for its pulse)."""
        self.played: tuple[MoveT, ...] = ()
        """On an analysis: the entries played from the position on show (see ``show_played``)."""

    # -- what the board reads of the scene --

    @property
    def app(self) -> BoardServices:
        """What the board uses of the app."""
        return self.scene.app

    @property
    def match(self) -> Match[PositionT, MoveT]:
        """The match on screen."""
        return self.scene.match

    @property
    def position(self) -> PositionT:
        """The match's position (the game's own board)."""
        return self.match.position

    def human_turn(self) -> bool:
        """Whether a person may move now."""
        return self.scene.human_turn()

    @staticmethod
    def thumbnail(
        position: str, size: int, colours: tuple[theme.Colour, theme.Colour] | None = None
    ) -> pygame.Surface:
        """A small picture of a position (level cards, saves), about ``size`` pixels across.

        ``colours`` are the seats' colours, the current game's by default.
        """
        raise NotImplementedError

    # -- the match --

    def reset(self) -> None:
        """A new match, or moves taken back: forget the moment (selection, animations, entries)."""

    def before_move(self, move: MoveT) -> Any:
        """Called before ``move`` (legal) is played on the match: note what it will do, for ``after_move``."""
        return None

    def after_move(self, move: MoveT, note: Any, *, animate: bool) -> None:
        """``move`` was played (``note`` is what ``before_move`` returned): animate it, or just sound it."""

    @property
    def busy(self) -> bool:
        """Whether an animation is playing (the computer's next move and the results wait for it)."""
        return False

    def skip(self) -> bool:
        """End every animation at once (a click or key during one); whether there was one."""
        return False

    def show_hint(self, move: MoveT | None) -> None:
        """Show (or, with ``None``, hide) the computer's suggestion."""
        self.hint_move = move
        self.hint_time = 0.0

    def show_played(self, entries: Sequence[MoveT]) -> None:
        """Tell (or, with none, stop telling) what was played from the position on show: on an analysis, the
        move on show and the rolls after it, which a board that keeps a record beside the field (Lionheart's
        battle log) says there while the field still shows the position it was played in."""
        self.played = tuple(entries)

    def hint_headline(self, move: MoveT) -> str:
        """The hint ``move`` in a few words over its instruction (translated): "Hint: " and ``move_words``."""
        return tr("Hint: {move}", move=self.move_words(move))

    def hint_instruction(self, move: MoveT) -> str:
        """What to do with the hint ``move``, as the board draws it (translated): an arrow by default."""
        return tr("Follow the arrow")

    def finishing(self, dt: float) -> bool:
        """At the end of the match: play the game's closing animation; whether it still runs."""
        return False

    # -- what the panel shows --

    def displayed_score(self, seat: int) -> int:
        """The score shown for ``seat`` now (the match's scores, or as an animation has them)."""
        result = self.scene.match.result
        return result.score(seat) if result is not None else 0

    def score_text(self, seat: int, score: int) -> str:
        """How a player's card and the results write ``seat``'s ``score``: the number by default."""
        return str(score)

    def score_caption(self) -> str:
        """What the scores count, written beside them (translated), or "" when the number says it (pieces)."""
        return ""

    def score_bar(self) -> tuple[int, int, int] | None:
        """``(seat 0's share, seat 1's share, the whole)`` for the panel's bar, or ``None`` for no bar."""
        return None

    def move_label(self, move: MoveT) -> str:
        """How the move list writes ``move`` (translated)."""
        return str(move)

    def move_words(self, move: MoveT) -> str:
        """``move``, legal in the position on show, in a few words where it goes, for a hint's headline and the
        analysis's better move (translated): the move as the list writes it by default ("b2"); a game whose
        notation a newcomer cannot read says it in words ("shoot at f5 from g3")."""
        return self.move_label(move)

    def instructions(self) -> str:
        """What the person to move can do, in a few words (translated)."""
        return tr("Your move")

    # -- input --

    def layout(self, area: pygame.Rect) -> None:
        """Fit the board into ``area`` of the window."""
        self.rect = area.copy()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Pointer and keys on the board; True when consumed. Moves go to ``self.scene.play``."""
        return False

    @property
    def cursor_shown(self) -> bool:
        """Whether the keyboard cursor is on the board (Tab moves between it and the panel)."""
        return False

    def show_cursor(self, shown: bool) -> None:
        """Show or hide the keyboard cursor."""

    def click_points(self, move: MoveT) -> list[tuple[int, int]]:
        """Where a person clicks, in order, to play ``move`` (scripted tests and demos use it)."""
        raise NotImplementedError

    def place_radius(self) -> float:
        """The radius of a ring around one place of the board (a square, a point) that leaves the piece on
        it in sight (the analysis rings the move played): by default a sixteenth of the board's height."""
        return max(6.0, self.rect.height / 16)

    def place_shape(self) -> str:
        """How a mark goes round one place (the analysis marks the move played): ``"ring"``, a circle of
        ``place_radius`` (a round piece on a point or a cell), or ``"square"``, a square of that half-side
        round a square cell filled by its piece, which a ring would cut into."""
        return "ring"

    def drawn_rect(self) -> pygame.Rect:
        """Every pixel the board draws on: its places and whatever frame it draws round them (a curtain
        over the board covers it all). By default ``rect``."""
        return self.rect.copy()

    # -- the frame --

    def static_key(self) -> object:
        """What the board's unchanging picture depends on (the scene caches it with its background)."""
        return tuple(self.rect)

    def draw_static(self, surface: pygame.Surface) -> None:
        """The parts of the board that do not change from frame to frame (drawn once into a cache)."""

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """The board with everything on it, over its static picture."""


class BoardBackdrop:
    """The backdrop, a board's static picture and a panel's frame in one opaque picture, kept until the
    window's size, the board's static look or the panel's place changes (a screen blits it each frame)."""

    def __init__(self) -> None:
        self._picture: pygame.Surface | None = None
        self._key: object = None

    def picture(
        self, size: tuple[int, int], board: BoardController[Any, Any], panel: pygame.Rect, radius: int
    ) -> pygame.Surface:
        """The picture for a window of ``size`` with ``board`` and the panel at ``panel``."""
        key = (size, board.static_key(), tuple(panel), radius, theme.LOOK_VERSION)
        if self._picture is None or self._key != key:
            picture = gfx.backdrop(size).copy()
            board.draw_static(picture)
            gfx.panel(picture, panel, radius=radius, alpha=215)
            self._picture, self._key = picture, key
        return self._picture
