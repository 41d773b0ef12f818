"""The level editor's overlays: the shared ones (``game.scenes.level_dialogs``) with what is Ataxx's own,
the findings' words naming their squares, the squares marked on the board and the levels' thumbnails."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.ataxx import bits, square_name
from game.engine.rules import LevelProblem
from game.i18n import tr
from game.scenes import level_dialogs
from game.scenes.ataxx.view import BoardView
from game.scenes.level_dialogs import LevelPickerScene, SaveLevelDialog
from game.ui import theme

if TYPE_CHECKING:
    from game.scenes.ataxx.editor_panel import ToolsPanel
    from game.scenes.services import SceneServices

__all__ = [
    "LevelPickerScene",
    "SaveLevelDialog",
    "SquareMarks",
    "ValidationDialog",
    "problem_text",
]


def _square_list(squares: int, limit: int = 10) -> str:
    names = [square_name(sq) for sq in bits(squares)]
    if len(names) > limit:
        return ", ".join(names[:limit]) + tr(" and {count} more", count=len(names) - limit)
    return ", ".join(names)


def problem_text(problem: LevelProblem) -> str:
    """A validation finding in the player's language, naming its squares."""
    squares = _square_list(problem.places)
    count = problem.places.bit_count()
    texts = {
        "no-red": tr("{side} has no pieces", side=tr(theme.SEAT_NAMES[0])),
        "no-blue": tr("{side} has no pieces", side=tr(theme.SEAT_NAMES[1])),
        "no-empty": tr("There is no empty square to play on"),
        "over": tr("The game is already over: neither side can move"),
        "many-blocks": tr("{count} blocks: more than 24 leaves little room to play", count=count),
        "corner-block": tr("A block in a corner: {squares}", squares=squares),
        "unreachable": tr("No piece can ever reach {squares}", squares=squares),
        "asymmetric": tr("The blocks are not symmetric about the centre (see {squares})", squares=squares),
    }
    return texts.get(problem.code, problem.message)


class SquareMarks:
    """The squares of a finding (a bitboard), filled and ringed on the editor's board."""

    def __init__(self, view: BoardView) -> None:
        self.view = view

    def board_rect(self) -> pygame.Rect:
        return self.view.rect.inflate(self.view.cell, self.view.cell)

    def mark(self, surface: pygame.Surface, places: Any, colour: theme.Colour, pulse: float) -> None:
        for sq in bits(places):
            self.view.fill_square(surface, sq, colour, int(60 + 70 * pulse))
            self.view.ring_square(surface, sq, colour, max(2, self.view.cell // 16))


class ValidationDialog(level_dialogs.ValidationDialog):
    """The findings of ``validate_position``, over the editor's ``tools``, their squares marked on ``view``."""

    def __init__(
        self,
        app: SceneServices,
        tools: ToolsPanel,
        view: BoardView,
        problems: Sequence[LevelProblem],
        go_label: str,
        on_go: Callable[[], None],
    ) -> None:
        self.view = view
        super().__init__(app, tools, SquareMarks(view), problems, go_label, on_go, problem_text)
