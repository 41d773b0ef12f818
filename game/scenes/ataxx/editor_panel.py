"""The level editor's tools panel beside the board: where its sections go (the title and the board's
name, the cells to place, the symmetry and its name, who starts, the counts, the buttons) and how
they are drawn.

The panel places the widgets the editor gives it and draws what it is told to
show (the board's name, the counts); the editor keeps what they do.
"""

from __future__ import annotations

import dataclasses

import pygame

from game.engine.ataxx import Cell
from game.i18n import tr
from game.scenes.ataxx.editor_tools import SYMMETRY_NAMES, SymmetryPicker, ToolPalette, draw_counts
from game.scenes.editor_parts import ToolsPanelBase
from game.ui import theme
from game.ui.textbox import draw_text
from game.ui.theme import Theme
from game.ui.widgets import Choice, WidgetGroup

__all__ = ["ToolsPanel"]


@dataclasses.dataclass(eq=False)
class ToolsPanel(ToolsPanelBase):
    """The tools' sections, one under another in the panel's rectangle (``ToolsPanelBase``); ``buttons``
    holds eight tool buttons (two a row) then the two at the bottom."""

    palette: ToolPalette
    symmetry: SymmetryPicker
    who_starts: Choice
    buttons: WidgetGroup
    caption_y: int = dataclasses.field(default=0, init=False)
    label_h: int = dataclasses.field(default=0, init=False)
    caption_h: int = dataclasses.field(default=0, init=False)

    def layout(self, ui: Theme, rect: pygame.Rect) -> None:
        """Place the sections and the widgets in ``rect``."""
        px = self.px
        inner = self.start_layout(rect)
        gap = px(8)
        bottom_h = px(46)
        row_h = px(40)
        label_h = self.label_height(ui)
        caption_h = self.caption_height(ui)
        # The head, then the sections and their heights at the design size; spare height is shared between
        # the gaps.
        sections = [
            self.head_height(ui, inner),
            label_h + px(74),
            label_h + px(38 + 4) + caption_h,
            label_h + px(36),
            px(28),
        ]
        buttons_h = 4 * row_h + 3 * gap
        spare = inner.height - sum(sections) - buttons_h - bottom_h
        section_gap, short = self.section_gap(spare, 6, 30)
        if short:  # a small window: shrink the tool buttons instead
            row_h = max(20, row_h - short // 4)
        self.label_h, self.caption_h = label_h, caption_h
        y = inner.y + sections[0]
        self.labels = []
        self.labels.append(("Cells to place", pygame.Rect(inner.x, y, inner.width, label_h)))
        y += label_h
        self.palette.layout(pygame.Rect(inner.x, y, inner.width, px(74)), px(8))
        y += px(74) + section_gap
        self.labels.append(("Symmetry", pygame.Rect(inner.x, y, inner.width, label_h)))
        y += label_h
        self.symmetry.layout(pygame.Rect(inner.x, y, inner.width, px(38)), px(6))
        y += px(38) + px(4)
        self.caption_y = y
        y += caption_h + section_gap
        self.labels.append(("Who starts?", pygame.Rect(inner.x, y, inner.width, label_h)))
        y += label_h
        self.who_starts.layout(pygame.Rect(inner.x, y, inner.width, px(36)), px(8))
        y += px(36) + section_gap
        self.counts_rect = pygame.Rect(inner.x, y, inner.width, px(28))
        y += px(28) + section_gap
        self.place_buttons(self.buttons.buttons, inner, y, row_h, gap, bottom_h)

    def draw(
        self, surface: pygame.Surface, ui: Theme, time_s: float, subtitle: str, counts: dict[Cell, int]
    ) -> None:
        """The sections under the title: ``subtitle`` (the board's name), the labels, the widgets, the
        symmetry's name and the ``counts`` of each cell."""
        px = self.px
        inner = self.rect.inflate(-px(32), 0)
        self.draw_head(surface, ui, subtitle)
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
