"""The battle editor's tools panel beside the field: where its sections go (the title and the battle's name,
the kinds to place, the unit's side, figures and facing, who starts, the armies' counts, the buttons) and how
they are drawn.

The panel places the widgets the editor gives it and draws what it is told to
show; the editor keeps what they do.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame

from game.engine.lionheart.level_edit import DraftUnit, figure_choices
from game.i18n import tr
from game.scenes.lionheart.editor_tools import KindPalette, Stepper, TurnButton, draw_army_counts
from game.ui import theme
from game.ui.textbox import draw_text
from game.ui.theme import Theme
from game.ui.widgets import Choice, WidgetGroup

__all__ = ["EditorPanel"]


@dataclasses.dataclass(eq=False)
class EditorPanel:
    """The tools' sections, one under another in the panel's rectangle.

    ``px`` turns design pixels into the window's and ``title_px`` gives a
    glowing title's size (``Scene.px``, ``Scene.title_px``); ``buttons`` holds
    eight tool buttons (two a row) then the two at the bottom.
    """

    palette: KindPalette
    side: Choice
    figures: Stepper
    turn: TurnButton
    who_starts: Choice
    buttons: WidgetGroup
    px: Callable[[float], int]
    title_px: Callable[[float], int]
    rect: pygame.Rect = dataclasses.field(default_factory=lambda: pygame.Rect(0, 0, 0, 0), init=False)
    labels: list[tuple[str, pygame.Rect]] = dataclasses.field(default_factory=list, init=False)
    title_y: int = dataclasses.field(default=0, init=False)
    counts_rect: pygame.Rect = dataclasses.field(default_factory=lambda: pygame.Rect(0, 0, 0, 0), init=False)
    caption_rect: pygame.Rect = dataclasses.field(default_factory=lambda: pygame.Rect(0, 0, 0, 0), init=False)
    """The name of the kind pointed at or chosen, under the tiles."""

    def layout(self, ui: Theme, rect: pygame.Rect) -> None:
        """Place the sections and the widgets in ``rect``."""
        px = self.px
        self.rect = rect
        pad = px(16)
        inner = rect.inflate(-pad * 2, -pad * 2)
        gap = px(8)
        bottom_h = px(46)
        row_h = px(40)
        label_h = max(px(20), ui.font("title", px(13)).get_height() + 1)
        self.title_y = inner.y + px(4)
        title_h = ui.font("title", self.title_px(24), bold=True).get_height()
        subtitle_h = ui.font("body", px(15)).get_height()
        head = max(px(58), self.title_y - inner.y + title_h + px(2) + subtitle_h + px(4))
        palette_h = px(100)
        caption_h = max(px(20), ui.font("body", px(14)).get_height() + 1)
        sections = [head, label_h + palette_h + caption_h, label_h + px(36), label_h + px(36), px(26)]
        buttons_h = 4 * row_h + 3 * gap
        spare = inner.height - sum(sections) - buttons_h - bottom_h
        section_gap = max(px(5), min(px(26), spare // 6))
        if spare < section_gap * 6:  # a small window: shrink the tool buttons and the tiles instead
            short = section_gap * 6 - spare
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
        self,
        surface: pygame.Surface,
        ui: Theme,
        subtitle: str,
        brush: DraftUnit,
        counts: tuple[tuple[int, int], tuple[int, int]],
    ) -> None:
        """The sections under the title: ``subtitle`` (the battle's name), the labels, the widgets showing
        ``brush`` (the unit a click places, or the unit chosen on the field) and the armies' ``counts``."""
        px = self.px
        inner = self.rect.inflate(-px(32), 0)
        title_box = self.title_box(ui)
        subtitle_h = ui.font("body", px(15)).get_height()
        subtitle_box = pygame.Rect(inner.x, title_box.bottom + px(2), inner.width, subtitle_h)
        draw_text(
            surface, ui, subtitle, "body", px(15), theme.TEXT_DIM, subtitle_box, align="center", max_lines=1
        )
        for text, box in self.labels:
            draw_text(surface, ui, tr(text).upper(), "title", px(13), theme.ACCENT, box, max_lines=1)
        self.palette.draw(surface, ui, brush, self.caption_rect)
        self.side.draw(surface, ui)
        self.figures.draw(surface, ui, brush.figures, figure_choices(brush.kind))
        self.turn.draw(surface, ui, brush.facing)
        self.who_starts.draw(surface, ui)
        draw_army_counts(surface, ui, self.counts_rect, counts, px(15))
        self.buttons.draw(surface, ui)
