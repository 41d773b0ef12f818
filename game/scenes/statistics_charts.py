"""The statistics screen's drawings: the figure cards, the bar charts, the resignations under a chart,
the strip of the longest and shortest games, and the colours' legend.

Each takes what it shows (already in words and colours) and where; the scene
works out the figures and the layout. ``px`` turns design pixels into the
window's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.i18n import tr
from game.ui import gfx, theme
from game.ui.textbox import draw_text, layout_text
from game.ui.theme import Colour, Theme

__all__ = [
    "BAR_BACK",
    "ChartRow",
    "draw_cards",
    "draw_chart",
    "draw_extremes",
    "draw_legend",
    "draw_resignations",
    "extreme_lines",
]

Px = Callable[[float], int]
"""Design pixels to the window's (``Scene.px``)."""

BAR_BACK = (30, 36, 70)


@dataclass(frozen=True)
class ChartRow:
    """A chart's row: its label, its figures in words, and its bar's parts (counts and their colours)."""

    label: str
    figures: str
    counts: tuple[int, int, int]
    colours: tuple[Colour, ...]

    @property
    def games(self) -> int:
        """The games the row counts (its bar's full length against the chart's longest)."""
        return sum(self.counts)


def draw_cards(
    surface: pygame.Surface,
    ui: Theme,
    px: Px,
    cards: Sequence[pygame.Rect],
    figures: Sequence[tuple[str, str, Colour]],
) -> None:
    """The figure cards: each ``(label, figure, colour)`` of ``figures`` in its rectangle of ``cards``."""
    for rect, (label, value, colour) in zip(cards, figures, strict=True):
        gfx.panel(surface, rect, edge=theme.lerp_colour(theme.PANEL_EDGE, colour, 0.5), radius=px(12))
        inner = rect.inflate(-px(8), -px(8))
        number = draw_text(
            surface,
            ui,
            value,
            "title",
            px(28),
            colour,
            inner,
            bold=True,
            align="center",
            max_lines=1,
        )
        below = pygame.Rect(inner.x, inner.y + number.height, inner.width, inner.height - number.height)
        draw_text(
            surface,
            ui,
            label,
            "body",
            px(13),
            theme.TEXT_DIM,
            below,
            align="center",
            valign="middle",
            spacing=0.0,
            container=rect,
        )


def draw_chart(
    surface: pygame.Surface,
    ui: Theme,
    px: Px,
    rect: pygame.Rect,
    name: str,
    rows: Sequence[ChartRow],
    grow: float,
) -> int:
    """One chart in ``rect``, its bars ``grow`` (0 to 1) of their length; returns where its rows end (the
    top of the chart's free room)."""
    gfx.panel(surface, rect, radius=px(14))
    heading_box = pygame.Rect(rect.x + px(14), rect.y + px(10), rect.width - px(28), px(28))
    draw_text(surface, ui, name.upper(), "title", px(14), theme.ACCENT, heading_box, bold=True, max_lines=1)
    inner = pygame.Rect(rect.x + px(14), rect.y + px(40), rect.width - px(28), rect.height - px(52))
    if not rows:
        draw_text(
            surface,
            ui,
            tr("No games yet"),
            "body",
            px(15),
            theme.TEXT_FAINT,
            inner,
            align="center",
            valign="middle",
        )
        return inner.bottom
    label_size = max(11, min(px(15), int(min(px(50), inner.height // max(1, len(rows))) * 0.36)))
    line_h = ui.font("body", label_size, bold=True).get_height()
    bar_h = max(4, px(8))
    # A row is its label and its bar: as many rows as fit, never squeezed into one another.
    row_h = max(line_h + bar_h + px(8), min(px(50), inner.height // max(1, len(rows))))
    most = max(1, max(row.games for row in rows))
    y = inner.y
    for index, row in enumerate(rows):
        figures_w = layout_text(
            ui, row.figures, "body", label_size * 0.9, inner.width // 2, max_lines=1
        ).width
        label_w = inner.width - figures_w - px(8)
        # A label too long for its line beside the figures takes a second line, not an ellipsis.
        label = layout_text(ui, row.label, "body", label_size, label_w, bold=True, max_lines=1)
        if label.cut or label.condense < 1.0 or not label.bold:
            label = layout_text(ui, row.label, "body", label_size, label_w, bold=True, max_lines=2)
        height = max(row_h, label.height + bar_h + px(8))
        if index and y + height > inner.bottom:
            break
        figures_box = pygame.Rect(inner.centerx, y, inner.width // 2, line_h)
        draw_text(
            surface,
            ui,
            row.figures,
            "body",
            label_size * 0.9,
            theme.TEXT_DIM,
            figures_box,
            align="right",
            valign="middle",
            max_lines=1,
            container=inner,
        )
        label.draw(surface, ui, theme.TEXT, pygame.Rect(inner.x, y, label_w, label.height), container=inner)
        bar = pygame.Rect(inner.x, y + label.height + px(3), inner.width, bar_h)
        pygame.draw.rect(surface, BAR_BACK, bar, border_radius=bar_h // 2)
        x = bar.x
        for count, colour in zip(row.counts, row.colours, strict=True):
            length = int(bar.width * count / most * grow)
            if length > 0:
                pygame.draw.rect(surface, colour, (x, bar.y, length, bar.height), border_radius=bar_h // 2)
                x += length
        y += height
    return y


def draw_resignations(
    surface: pygame.Surface,
    ui: Theme,
    px: Px,
    chart: pygame.Rect,
    top: int,
    rows: Sequence[tuple[str, int]],
) -> None:
    """The resignations ``(who, count)`` in the room ``chart`` leaves under ``top``: a heading, then one line
    each, as many as fit (none when the room is too small for the heading and a line)."""
    if not rows:
        return
    size = px(13)
    line_h = ui.font("body", size, bold=True).get_height() + px(4)
    area = pygame.Rect(chart.x + px(14), top + px(6), chart.width - px(28), chart.bottom - px(10) - top)
    fitting = area.height // line_h - 1
    if fitting < 1:
        return
    pygame.draw.line(surface, (44, 52, 94), area.topleft, area.topright, 1)
    heading = pygame.Rect(area.x, area.y + px(4), area.width, line_h)
    draw_text(
        surface, ui, tr("Resignations").upper(), "title", size, theme.ACCENT, heading, bold=True,
        valign="middle", max_lines=1, container=chart,
    )  # fmt: skip
    for index, (label, count) in enumerate(rows[:fitting]):
        line = pygame.Rect(area.x, heading.bottom + index * line_h, area.width, line_h)
        figure = draw_text(
            surface, ui, str(count), "body", size, theme.TEXT_DIM, line, bold=True, align="right",
            valign="middle", max_lines=1, container=chart,
        )  # fmt: skip
        label_box = pygame.Rect(line.x, line.y, line.width - figure.width - px(8), line_h)
        draw_text(
            surface, ui, label, "body", size, theme.TEXT, label_box, valign="middle", max_lines=1,
            container=chart,
        )  # fmt: skip


def extreme_lines(ui: Theme, px: Px, parts: Sequence[tuple[str, str]], width: int) -> int:
    """The lines the bottom strip's details take in ``width`` pixels: one, or two where a detail (a French
    duration and a level's name in a narrow window) does not fit on one."""
    room = width // len(parts) - px(24)
    size = px(14)
    one_line = (layout_text(ui, detail, "body", size, room, max_lines=1) for _, detail in parts)
    whole = all(not block.cut and block.condense == 1.0 and block.size >= int(size) for block in one_line)
    return 1 if whole else 2


def draw_extremes(
    surface: pygame.Surface, ui: Theme, px: Px, rect: pygame.Rect, parts: Sequence[tuple[str, str]]
) -> None:
    """The bottom strip in ``rect``: each ``(heading, detail)`` of ``parts`` in its share of the width."""
    gfx.panel(surface, rect, radius=px(12), alpha=200)
    share = rect.width // len(parts)
    for index, (label, detail) in enumerate(parts):
        x = rect.x + px(16) + index * share
        box = pygame.Rect(x, rect.y + px(5), share - px(24), rect.height - px(10))
        head = draw_text(surface, ui, label, "body", px(14), theme.ACCENT, box, bold=True, max_lines=1)
        below = pygame.Rect(box.x, box.y + head.height, box.width, box.height - head.height)
        draw_text(surface, ui, detail, "body", px(14), theme.TEXT, below, max_lines=2)


def draw_legend(
    surface: pygame.Surface, ui: Theme, px: Px, legend: pygame.Rect, entries: Sequence[tuple[str, Colour]]
) -> None:
    """The colours' legend in ``legend``: a square and a label for each ``(label, colour)``, as many as fit."""
    legend_x, legend_y = legend.x, legend.centery
    square = px(12)
    for label, colour in entries:
        if legend_x + square > legend.right:
            break
        pygame.draw.rect(surface, colour, (legend_x, legend_y - square // 2, square, square), border_radius=3)
        box = pygame.Rect(legend_x + px(18), legend.y, legend.right - legend_x - px(18), legend.height)
        text = draw_text(
            surface, ui, label, "body", px(15), theme.TEXT_DIM, box, valign="middle", max_lines=1
        )
        legend_x += px(30) + text.width
