"""The level editor's tools panel beside the board: where its sections go (the title and the board's
name, the cells to place, the symmetry and its name, who starts, the counts, the buttons) and how
they are drawn.

The panel places the widgets the editor gives it and draws what it is told to
show (the board's name, the counts); the editor keeps what they do.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame

from game.engine.ataxx import Cell
from game.i18n import tr
from game.scenes.ataxx.editor_tools import SYMMETRY_NAMES, SymmetryPicker, ToolPalette, draw_counts
from game.ui import theme
from game.ui.textbox import draw_text
from game.ui.theme import Theme
from game.ui.widgets import Choice, WidgetGroup

__all__ = ["ToolsPanel"]


@dataclasses.dataclass(eq=False)
class ToolsPanel:
    """The tools' sections, one under another in the panel's rectangle.

    ``px`` turns design pixels into the window's and ``title_px`` gives a
    glowing title's size (``Scene.px``, ``Scene.title_px``); ``buttons`` holds
    eight tool buttons (two a row) then the two at the bottom.
    """

    palette: ToolPalette
    symmetry: SymmetryPicker
    who_starts: Choice
    buttons: WidgetGroup
    px: Callable[[float], int]
    title_px: Callable[[float], int]
    rect: pygame.Rect = dataclasses.field(default_factory=lambda: pygame.Rect(0, 0, 0, 0), init=False)
    labels: list[tuple[str, tuple[int, int]]] = dataclasses.field(default_factory=list, init=False)
    title_y: int = dataclasses.field(default=0, init=False)
    caption_y: int = dataclasses.field(default=0, init=False)
    label_h: int = dataclasses.field(default=0, init=False)
    caption_h: int = dataclasses.field(default=0, init=False)
    counts_rect: pygame.Rect = dataclasses.field(default_factory=lambda: pygame.Rect(0, 0, 0, 0), init=False)

    def layout(self, ui: Theme, rect: pygame.Rect) -> None:
        """Place the sections and the widgets in ``rect``."""
        px = self.px
        self.rect = rect
        pad = px(16)
        inner = rect.inflate(-pad * 2, -pad * 2)
        gap = px(8)
        bottom_h = px(46)
        row_h = px(40)
        # A label's line: never shorter than its type (the smallest windows).
        label_h = max(px(20), ui.font("title", px(13)).get_height() + 1)
        caption_h = max(px(20), ui.font("body", px(14)).get_height() + 1)
        # The title and the level's name under it, then the sections and their heights at the design
        # size; spare height is shared between the gaps.
        self.title_y = inner.y + px(4)
        title_h = ui.font("title", self.title_px(24), bold=True).get_height()
        subtitle_h = ui.font("body", px(15)).get_height()
        sections = [
            max(px(58), self.title_y - inner.y + title_h + px(2) + subtitle_h + px(4)),
            label_h + px(74),
            label_h + px(38 + 4) + caption_h,
            label_h + px(36),
            px(28),
        ]
        buttons_h = 4 * row_h + 3 * gap
        spare = inner.height - sum(sections) - buttons_h - bottom_h
        section_gap = max(px(6), min(px(30), spare // 6))
        if spare < section_gap * 6:  # a small window: shrink the tool buttons instead
            row_h = max(20, row_h - (section_gap * 6 - spare) // 4)
        self.label_h, self.caption_h = label_h, caption_h
        y = inner.y + sections[0]
        self.labels = []
        self.labels.append(("Cells to place", (inner.x, y)))
        y += label_h
        self.palette.layout(pygame.Rect(inner.x, y, inner.width, px(74)), px(8))
        y += px(74) + section_gap
        self.labels.append(("Symmetry", (inner.x, y)))
        y += label_h
        self.symmetry.layout(pygame.Rect(inner.x, y, inner.width, px(38)), px(6))
        y += px(38) + px(4)
        self.caption_y = y
        y += caption_h + section_gap
        self.labels.append(("Who starts?", (inner.x, y)))
        y += label_h
        self.who_starts.layout(pygame.Rect(inner.x, y, inner.width, px(36)), px(8))
        y += px(36) + section_gap
        self.counts_rect = pygame.Rect(inner.x, y, inner.width, px(28))
        y += px(28) + section_gap
        column_w = (inner.width - gap) // 2
        buttons = self.buttons.buttons
        for index, button in enumerate(buttons[:8]):
            row, column = divmod(index, 2)
            button.rect = pygame.Rect(
                inner.x + column * (column_w + gap), y + row * (row_h + gap), column_w, row_h
            )
        bottom_y = inner.bottom - bottom_h
        for column, button in enumerate(buttons[8:]):
            button.rect = pygame.Rect(inner.x + column * (column_w + gap), bottom_y, column_w, bottom_h)

    def title_box(self, ui: Theme) -> pygame.Rect:
        """Where the panel's glowing title goes (the editor draws it)."""
        inner = self.rect.inflate(-self.px(32), 0)
        title_h = ui.font("title", self.title_px(24), bold=True).get_height()
        return pygame.Rect(inner.x, self.title_y, inner.width, title_h)

    def draw(
        self, surface: pygame.Surface, ui: Theme, time_s: float, subtitle: str, counts: dict[Cell, int]
    ) -> None:
        """The sections under the title: ``subtitle`` (the board's name), the labels, the widgets, the
        symmetry's name and the ``counts`` of each cell."""
        px = self.px
        inner = self.rect.inflate(-px(32), 0)
        title_box = self.title_box(ui)
        subtitle_h = ui.font("body", px(15)).get_height()
        subtitle_box = pygame.Rect(inner.x, title_box.bottom + px(2), inner.width, subtitle_h)
        draw_text(
            surface,
            ui,
            subtitle,
            "body",
            px(15),
            theme.TEXT_DIM,
            subtitle_box,
            align="center",
            max_lines=1,
        )
        for text, (x, y) in self.labels:
            box = pygame.Rect(x, y, inner.width, self.label_h)
            draw_text(surface, ui, tr(text).upper(), "title", px(13), theme.ACCENT, box, max_lines=1)
        self.palette.draw(surface, ui, time_s)
        self.symmetry.draw(surface, ui)
        caption_box = pygame.Rect(inner.x, self.caption_y, inner.width, self.caption_h)
        draw_text(
            surface,
            ui,
            tr(SYMMETRY_NAMES[self.symmetry.value]),
            "body",
            px(14),
            theme.TEXT_DIM,
            caption_box,
            align="center",
            max_lines=1,
        )
        self.who_starts.draw(surface, ui)
        draw_counts(surface, ui, self.counts_rect, counts, px(16))
        self.buttons.draw(surface, ui)
