"""The battle editor's tool widgets: the kinds to place, the unit's side, figures and facing, the counts.

Each widget holds its rectangles (set by the panel's layout), reacts to the
mouse and draws itself with the theme, like the widgets in ``game.ui.widgets``.
The units on the tiles are drawn as the battle draws them (``units.draw_unit``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame

from game.engine.lionheart.level_edit import EDIT_KINDS, DraftUnit, figure_choices
from game.i18n import ntr, tr
from game.scenes.editor_parts import TilePalette
from game.scenes.lionheart.overlays import mark_of
from game.scenes.lionheart.units import draw_unit
from game.scenes.lionheart.words import kind_name
from game.ui import gfx, theme
from game.ui.textbox import draw_text
from game.ui.theme import Theme

__all__ = ["FACING_TURN", "KindPalette", "Stepper", "TurnButton", "draw_army_counts", "tile_caption"]

FACING_TURN = {"N": "E", "E": "S", "S": "W", "W": "N"}
"""The facing after a quarter turn clockwise."""
FACING_BACK = {after: before for before, after in FACING_TURN.items()}


def tile_caption(kind: str) -> str:
    """A tile's caption: the kind's name, capitalised."""
    name = kind_name(kind)
    return name[:1].upper() + name[1:]


class KindPalette(TilePalette[str]):
    """The eight kinds as tiles in two rows, each showing the unit a click on the field places, and under
    them the name of the kind pointed at, else of the one chosen."""

    def __init__(self, value: str, on_change: Callable[[str], None]) -> None:
        super().__init__(EDIT_KINDS, value, on_change, rows=2)
        self.brush = DraftUnit(0, value, 1, "N")
        """The unit the tiles show the kinds of (its side and facing)."""

    def choose(self, choice: str) -> None:
        """Make ``choice`` what a click places (said again when it is already: a unit chosen is let go)."""
        self.value = choice
        self.on_change(choice)

    def draw(self, surface: pygame.Surface, ui: Theme, brush: DraftUnit, caption: pygame.Rect) -> None:
        """The tiles, each with a unit of ``brush``'s side and facing, and the kind's name in ``caption``."""
        self.brush = brush
        self.draw_frames(surface, ui)
        named = self.hover or self.value
        draw_text(
            surface,
            ui,
            tile_caption(named),
            "body",
            max(theme.MIN_TEXT_SIZE, int(caption.height * 0.72)),
            theme.TEXT if named == self.value else theme.TEXT_DIM,
            caption,
            bold=named == self.value,
            align="center",
            valign="middle",
            max_lines=1,
        )

    def draw_tile(
        self, surface: pygame.Surface, ui: Theme, rect: pygame.Rect, choice: str, chosen: bool
    ) -> int:
        """A base of ``choice`` (a full one; the chosen kind with the brush's figures)."""
        brush = self.brush
        colour = theme.SEAT_COLOURS[brush.owner]
        most = max(figure_choices(choice))
        unit = DraftUnit(brush.owner, choice, min(brush.figures, most) if chosen else most, brush.facing)
        draw_unit(
            surface, rect.center, max(8, min(rect.width, rect.height) - 6), unit, colour, mark=mark_of(colour)
        )
        return rect.height // 2


@dataclasses.dataclass(eq=False)
class Stepper:
    """``−`` value ``+``: the figures of the unit; ``on_step`` gets -1 or +1."""

    on_step: Callable[[int], None]
    rect: pygame.Rect = dataclasses.field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def halves(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The ``−`` and ``+`` buttons' rectangles."""
        side = min(self.rect.height, self.rect.width // 3)
        minus = pygame.Rect(self.rect.x, self.rect.y, side, self.rect.height)
        plus = pygame.Rect(self.rect.right - side, self.rect.y, side, self.rect.height)
        return minus, plus

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or event.button != 1:
            return False
        for rect, step in zip(self.halves(), (-1, 1), strict=True):
            if rect.collidepoint(event.pos):
                if event.type == pygame.MOUSEBUTTONUP:
                    self.on_step(step)
                return True
        return self.rect.collidepoint(event.pos)

    def draw(self, surface: pygame.Surface, ui: Theme, value: int, choices: tuple[int, ...]) -> None:
        radius = max(5, self.rect.height // 3)
        gfx.panel(surface, self.rect, fill=(20, 25, 52), edge=(64, 76, 130), alpha=220, radius=radius)
        size = max(theme.MIN_TEXT_SIZE, int(self.rect.height * 0.5))
        for rect, text, enabled in zip(
            self.halves(), ("−", "+"), (value > choices[0], value < choices[-1]), strict=True
        ):
            colour = theme.ACCENT if enabled else theme.TEXT_FAINT
            draw_text(
                surface, ui, text, "body", size, colour, rect, bold=True, align="center", valign="middle"
            )
        minus, plus = self.halves()
        middle = pygame.Rect(minus.right, self.rect.y, plus.x - minus.right, self.rect.height)
        draw_text(
            surface,
            ui,
            str(value),
            "body",
            size,
            theme.TEXT,
            middle,
            bold=True,
            align="center",
            valign="middle",
        )


@dataclasses.dataclass(eq=False)
class TurnButton:
    """An arrow showing the facing; a click turns it a quarter clockwise (right click: back)."""

    on_turn: Callable[[int], None]
    rect: pygame.Rect = dataclasses.field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or event.button not in (1, 3):
            return False
        if not self.rect.collidepoint(event.pos):
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            self.on_turn(1 if event.button == 1 else -1)
        return True

    def draw(self, surface: pygame.Surface, ui: Theme, facing: str) -> None:
        radius = max(5, self.rect.height // 3)
        gfx.panel(surface, self.rect, fill=(20, 25, 52), edge=(64, 76, 130), alpha=220, radius=radius)
        arrow = pygame.Rect(self.rect.x, self.rect.y, self.rect.height, self.rect.height).inflate(-8, -8)
        arrow.x = self.rect.x + 6
        half = arrow.height / 2
        points = [
            (0.0, -half),
            (half * 0.8, half * 0.2),
            (half * 0.3, half * 0.2),
            (half * 0.3, half),
            (-half * 0.3, half),
            (-half * 0.3, half * 0.2),
            (-half * 0.8, half * 0.2),
        ]
        turns = "NESW".index(facing)
        for _ in range(turns):
            points = [(-y, x) for x, y in points]
        cx, cy = arrow.center
        pygame.draw.polygon(surface, theme.ACCENT, [(cx + x, cy + y) for x, y in points])
        text = pygame.Rect(arrow.right + 4, self.rect.y, self.rect.right - arrow.right - 8, self.rect.height)
        size = max(theme.MIN_TEXT_SIZE, int(self.rect.height * 0.42))
        draw_text(
            surface,
            ui,
            tr(_COMPASS[facing]),
            "body",
            size,
            theme.TEXT,
            text,
            align="center",
            valign="middle",
            max_lines=1,
        )


_COMPASS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def draw_army_counts(
    surface: pygame.Surface,
    ui: Theme,
    rect: pygame.Rect,
    counts: tuple[tuple[int, int], tuple[int, int]],
    size: int,
) -> None:
    """Each side's units (of ten) and figures, in the side's colour."""
    half = rect.width // 2
    for side, (bases, figures) in enumerate(counts):
        box = pygame.Rect(rect.x + side * half, rect.y, half, rect.height)
        dot = max(4, size // 3)
        pygame.draw.circle(surface, theme.SEAT_COLOURS[side], (box.x + dot + 2, box.centery), dot)
        text = ntr(
            "{bases}/10 units, {count} figure", "{bases}/10 units, {count} figures", figures, bases=bases
        )
        colour = theme.DANGER if bases > 10 else theme.TEXT
        draw_text(
            surface,
            ui,
            text,
            "body",
            size,
            colour,
            pygame.Rect(box.x + dot * 2 + 8, box.y, box.width - dot * 2 - 10, box.height),
            bold=True,
            valign="middle",
            max_lines=1,
        )
