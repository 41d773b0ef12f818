"""The battle editor's tools panel beside the field: where its sections go (the title and the battle's name,
the kinds to place, the unit's side, figures and facing, who starts, the armies' counts, the buttons) and how
they are drawn.

The panel places the widgets the editor gives it and draws what it is told to
show; the editor keeps what they do.
"""

from __future__ import annotations

import dataclasses

import pygame

from game.engine.lionheart.level_edit import DraftUnit, figure_choices
from game.scenes.editor_parts import ToolsPanelBase
from game.scenes.lionheart.editor_tools import KindPalette, Stepper, TurnButton, draw_army_counts
from game.ui.theme import Theme
from game.ui.widgets import Choice, WidgetGroup

__all__ = ["EditorPanel"]


@dataclasses.dataclass(eq=False)
class EditorPanel(ToolsPanelBase):
    """The tools' sections, one under another in the panel's rectangle (``ToolsPanelBase``); ``buttons``
    holds eight tool buttons (two a row) then the two at the bottom."""

    palette: KindPalette
    side: Choice
    figures: Stepper
    turn: TurnButton
    who_starts: Choice
    buttons: WidgetGroup
    caption_rect: pygame.Rect = dataclasses.field(default_factory=lambda: pygame.Rect(0, 0, 0, 0), init=False)
    """The name of the kind pointed at or chosen, under the tiles."""

    def layout(self, ui: Theme, rect: pygame.Rect) -> None:
        """Place the sections and the widgets in ``rect``."""
        px = self.px
        inner = self.start_layout(rect)
        gap = px(8)
        bottom_h = px(46)
        row_h = px(40)
        label_h = self.label_height(ui)
        head = self.head_height(ui, inner)
        palette_h = px(100)
        caption_h = self.caption_height(ui)
        sections = [head, label_h + palette_h + caption_h, label_h + px(36), label_h + px(36), px(26)]
        buttons_h = 4 * row_h + 3 * gap
        spare = inner.height - sum(sections) - buttons_h - bottom_h
        section_gap, short = self.section_gap(spare, 5, 26)
        if short:  # a small window: shrink the tool buttons and the tiles instead
            row_h = max(20, row_h - short // 6)
            palette_h = max(px(80), palette_h - short // 3)
        y = inner.y + head
        self.labels = [("Units to place", pygame.Rect(inner.x, y, inner.width, label_h))]
        y += label_h
        self.palette.layout(pygame.Rect(inner.x, y, inner.width, palette_h), px(6))
        y += palette_h
        self.caption_rect = pygame.Rect(inner.x, y, inner.width, caption_h)
        y += caption_h + section_gap
        # Side, figures and facing on one row, each under its own label.
        side_w = int(inner.width * 0.38)
        step_w = int(inner.width * 0.27)
        turn_w = inner.width - side_w - step_w - 2 * gap
        parts = [
            ("Side", pygame.Rect(inner.x, y, side_w, label_h)),
            ("Figures", pygame.Rect(inner.x + side_w + gap, y, step_w, label_h)),
            ("Facing", pygame.Rect(inner.x + side_w + step_w + 2 * gap, y, turn_w, label_h)),
        ]
        self.labels += parts
        y += label_h
        self.side.layout(pygame.Rect(inner.x, y, side_w, px(36)), px(4), ui)
        self.figures.rect = pygame.Rect(parts[1][1].x, y, step_w, px(36))
        self.turn.rect = pygame.Rect(parts[2][1].x, y, turn_w, px(36))
        y += px(36) + section_gap
        self.labels.append(("Who starts?", pygame.Rect(inner.x, y, inner.width, label_h)))
        y += label_h
        self.who_starts.layout(pygame.Rect(inner.x, y, inner.width, px(36)), px(6), ui)
        y += px(36) + section_gap
        self.counts_rect = pygame.Rect(inner.x, y, inner.width, px(26))
        y += px(26) + section_gap
        self.place_buttons(self.buttons.buttons, inner, y, row_h, gap, bottom_h)

    def draw(
        self,
        surface: pygame.Surface,
        ui: Theme,
        subtitle: str,
        brush: DraftUnit,
        counts: tuple[tuple[int, int], tuple[int, int]],
    ) -> None:
        """The sections under the title: ``subtitle`` (the battle's name), the labels, the widgets showing
        ``brush`` (the unit a click places, or the unit chosen on the field) and the armies' ``counts``."""
        self.draw_head(surface, ui, subtitle)
        self.palette.draw(surface, ui, brush, self.caption_rect)
        self.side.draw(surface, ui)
        self.figures.draw(surface, ui, brush.figures, figure_choices(brush.kind))
        self.turn.draw(surface, ui, brush.facing)
        self.who_starts.draw(surface, ui)
        draw_army_counts(surface, ui, self.counts_rect, counts, self.px(15))
        self.buttons.draw(surface, ui)
