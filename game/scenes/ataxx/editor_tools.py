"""The level editor's tool widgets: the cell palette, the symmetry picker, the counts, fitted buttons.

Each widget holds its rectangles (set by the editor's layout), reacts to the
mouse and draws itself with the theme, like the widgets in ``game.ui.widgets``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TypeVar

import pygame

from game.engine.ataxx import Cell, Side
from game.engine.ataxx.level_edit import Symmetry, mirror_squares
from game.engine.ataxx.levels import MAX_RECOMMENDED_BLOCKS
from game.i18n import tr, trc
from game.scenes.editor_parts import TilePalette
from game.ui import gfx, theme
from game.ui.textbox import draw_text
from game.ui.theme import Theme
from game.ui.widgets import Button

__all__ = [
    "SYMMETRY_NAMES",
    "FitButton",
    "SymmetryPicker",
    "ToolPalette",
    "cell_name",
    "draw_cell_icon",
    "draw_counts",
]


def cell_name(cell: Cell) -> str:
    """The name of a cell to place, in the player's language and palette ("Empty", "Red", "Block")."""
    if cell is Cell.RED:
        return tr(theme.SEAT_NAMES[0])
    if cell is Cell.BLUE:
        return tr(theme.SEAT_NAMES[1])
    return trc("ataxx", "Empty") if cell is Cell.EMPTY else trc("ataxx", "Block")


SYMMETRY_NAMES: dict[Symmetry, str] = {
    Symmetry.NONE: "No symmetry",
    Symmetry.LEFT_RIGHT: "Mirror left-right",
    Symmetry.TOP_BOTTOM: "Mirror top-bottom",
    Symmetry.BOTH: "Mirror both ways",
    Symmetry.POINT: "Half turn about the centre",
}
"""English captions of the symmetry modes (shown through ``tr``)."""

_PALETTE = (Cell.EMPTY, Cell.RED, Cell.BLUE, Cell.BLOCK)
ChoiceT = TypeVar("ChoiceT")
_SAMPLE_SQUARE = 5 * 7 + 1  # b6: off every axis, so each mode shows all its images


def _click_choice(
    event: pygame.event.Event,
    rects: Sequence[pygame.Rect],
    choices: Sequence[ChoiceT],
    choose: Callable[[ChoiceT], None],
) -> bool:
    """A left click on one of ``rects``, each showing the choice beside it in ``choices``: the release chooses it
    (``choose``); whether the click was on one."""
    if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or event.button != 1:
        return False
    for rect, choice in zip(rects, choices, strict=False):
        if rect.collidepoint(event.pos):
            if event.type == pygame.MOUSEBUTTONUP:
                choose(choice)
            return True
    return False


@dataclasses.dataclass(eq=False)
class FitButton(Button):
    """A ``Button`` for the editor's narrow panel (every ``Button`` now fits its label: ``game.ui.textbox``)."""


def draw_cell_icon(surface: pygame.Surface, cell: Cell, rect: pygame.Rect) -> None:
    """A small picture of ``cell``: an empty square, a piece or a destroyed square."""
    size = min(rect.width, rect.height)
    box = pygame.Rect(0, 0, size, size)
    box.center = rect.center
    if cell is Cell.BLOCK:
        surface.blit(gfx.block_tile(size, 2), box)
        return
    tile = box.inflate(-max(2, size // 14), -max(2, size // 14))
    pygame.draw.rect(surface, theme.SQUARE_B, tile, border_radius=max(3, size // 7))
    pygame.draw.rect(surface, (60, 72, 120), tile, 1, border_radius=max(3, size // 7))
    if cell in (Cell.RED, Cell.BLUE):
        side = Side.RED if cell is Cell.RED else Side.BLUE
        sprite = gfx.piece_sprite(max(4, int(size * 0.74)), theme.SEAT_COLOURS[side])
        surface.blit(sprite, sprite.get_rect(center=box.center))


class ToolPalette(TilePalette[Cell]):
    """The four cells to place, as big tiles; ``on_change`` gets the chosen ``Cell``."""

    def __init__(self, value: Cell, on_change: Callable[[Cell], None]) -> None:
        super().__init__(_PALETTE, value, on_change)

    def draw(self, surface: pygame.Surface, ui: Theme, time_s: float) -> None:
        self.draw_frames(surface, ui)

    def draw_tile(
        self, surface: pygame.Surface, ui: Theme, rect: pygame.Rect, choice: Cell, chosen: bool
    ) -> int:
        """The cell's picture and its name under it."""
        caption_h = max(12, int(rect.height * 0.26))
        icon = pygame.Rect(
            rect.x, rect.y + rect.height * 0.08, rect.width, rect.height - caption_h - rect.height * 0.12
        )
        draw_cell_icon(surface, choice, icon.inflate(-rect.width * 0.3, 0))
        caption = pygame.Rect(rect.x + 3, icon.bottom, rect.width - 6, rect.bottom - 2 - icon.bottom)
        draw_text(
            surface,
            ui,
            cell_name(choice),
            "body",
            max(11, int(caption_h * 0.85)),
            theme.TEXT if chosen else theme.TEXT_DIM,
            caption,
            bold=chosen,
            align="center",
            valign="bottom",
            max_lines=1,
            container=rect,
        )
        return icon.bottom - rect.y - 2


class SymmetryPicker:
    """Five chips, one per symmetry, each a tiny board showing where one stroke paints."""

    def __init__(self, value: Symmetry, on_change: Callable[[Symmetry], None]) -> None:
        self.value = value
        self.on_change = on_change
        self.rects: list[pygame.Rect] = []

    def layout(self, area: pygame.Rect, gap: int) -> None:
        count = len(Symmetry)
        width = (area.width - gap * (count - 1)) // count
        self.rects = [
            pygame.Rect(area.x + i * (width + gap), area.y, width, area.height) for i in range(count)
        ]

    def centre(self, symmetry: Symmetry) -> tuple[int, int]:
        """Where the chip of ``symmetry`` is (tests click it)."""
        return self.rects[list(Symmetry).index(symmetry)].center

    def choose(self, symmetry: Symmetry) -> None:
        if symmetry is not self.value:
            self.value = symmetry
            self.on_change(symmetry)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return _click_choice(event, self.rects, tuple(Symmetry), self.choose)

    def draw(self, surface: pygame.Surface, ui: Theme) -> None:
        for rect, symmetry in zip(self.rects, Symmetry, strict=False):
            chosen = symmetry is self.value
            fill = theme.lerp_colour((20, 25, 52), theme.ACCENT, 0.22) if chosen else (20, 25, 52)
            edge = theme.ACCENT if chosen else (64, 76, 130)
            gfx.panel(surface, rect, fill=fill, edge=edge, alpha=235, radius=max(5, rect.height // 4))
            self._draw_icon(surface, rect.inflate(-rect.width * 0.3, -rect.height * 0.24), symmetry, chosen)

    @staticmethod
    def _draw_icon(surface: pygame.Surface, area: pygame.Rect, symmetry: Symmetry, chosen: bool) -> None:
        cell = max(2, min(area.width, area.height) // 7)
        grid = pygame.Rect(0, 0, cell * 7, cell * 7)
        grid.center = area.center
        pygame.draw.rect(surface, (30, 36, 70), grid)
        images = mirror_squares(_SAMPLE_SQUARE, symmetry)
        for sq in images:
            column, row = sq % 7, 6 - sq // 7
            colour = theme.SELECT if sq == _SAMPLE_SQUARE else (theme.ACCENT if chosen else theme.TEXT_DIM)
            pygame.draw.rect(surface, colour, (grid.x + column * cell, grid.y + row * cell, cell, cell))
        axis = theme.ACCENT_2 if chosen else (110, 80, 140)
        if symmetry in (Symmetry.LEFT_RIGHT, Symmetry.BOTH):
            pygame.draw.line(surface, axis, (grid.centerx, grid.top - 2), (grid.centerx, grid.bottom + 1))
        if symmetry in (Symmetry.TOP_BOTTOM, Symmetry.BOTH):
            pygame.draw.line(surface, axis, (grid.left - 2, grid.centery), (grid.right + 1, grid.centery))
        if symmetry is Symmetry.POINT:
            pygame.draw.circle(surface, axis, grid.center, max(2, cell // 2 + 1))


def draw_counts(
    surface: pygame.Surface, ui: Theme, rect: pygame.Rect, counts: dict[Cell, int], size: int
) -> None:
    """The live count of blocks, pieces and empty squares, as icons and numbers in ``rect``."""
    order = (Cell.BLOCK, Cell.RED, Cell.BLUE, Cell.EMPTY)
    slot = rect.width // len(order)
    icon = min(rect.height, max(10, int(size * 1.25)))
    for index, cell in enumerate(order):
        x = rect.x + index * slot
        draw_cell_icon(surface, cell, pygame.Rect(x, rect.centery - icon // 2, icon, icon))
        value = counts.get(cell, 0)
        colour = theme.TEXT
        text = str(value)
        if cell is Cell.BLOCK:
            text = f"{value}/{MAX_RECOMMENDED_BLOCKS}"
            colour = theme.GOLD if value > MAX_RECOMMENDED_BLOCKS else theme.TEXT
        elif cell in (Cell.RED, Cell.BLUE) and value == 0:
            colour = theme.DANGER
        box = pygame.Rect(x + icon + 5, rect.y, slot - icon - 8, rect.height)
        draw_text(surface, ui, text, "body", size, colour, box, bold=True, valign="middle", max_lines=1)
