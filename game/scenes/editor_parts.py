"""What the level editors' tools panels share: the panel's head and labels and its grid of buttons, and a
palette of tiles to choose what a click on the board places.

A game's panel derives from ``ToolsPanelBase`` (a dataclass: its own widgets
first, then ``px`` and ``title_px`` by keyword) and places its own sections
between the head and the buttons; a game's palette derives from
``TilePalette`` and draws what a tile shows (``draw_tile``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

import pygame

from game.i18n import tr
from game.ui import gfx, theme
from game.ui.textbox import draw_text
from game.ui.theme import Theme
from game.ui.widgets import Button

__all__ = ["TilePalette", "ToolsPanelBase"]

ChoiceT = TypeVar("ChoiceT")


@dataclasses.dataclass(eq=False)
class ToolsPanelBase:
    """An editor's tools panel: its rectangle, the title and the board's name at its head, the labels of
    its sections, its buttons (eight two a row, then two at the bottom).

    ``px`` turns design pixels into the window's and ``title_px`` gives a
    glowing title's size (``Scene.px``, ``Scene.title_px``).
    """

    px: Callable[[float], int] = dataclasses.field(kw_only=True)
    title_px: Callable[[float], int] = dataclasses.field(kw_only=True)
    rect: pygame.Rect = dataclasses.field(default_factory=lambda: pygame.Rect(0, 0, 0, 0), init=False)
    labels: list[tuple[str, pygame.Rect]] = dataclasses.field(default_factory=list, init=False)
    """Each section's label (an English key) and where it goes."""
    title_y: int = dataclasses.field(default=0, init=False)
    counts_rect: pygame.Rect = dataclasses.field(default_factory=lambda: pygame.Rect(0, 0, 0, 0), init=False)
    """The row of counts above the buttons."""

    def layout(self, ui: Theme, rect: pygame.Rect) -> None:
        """Place the sections and the widgets in ``rect``."""
        raise NotImplementedError

    def start_layout(self, rect: pygame.Rect) -> pygame.Rect:
        """Take ``rect`` as the panel's; returns the area inside its padding."""
        self.rect = rect
        pad = self.px(16)
        return rect.inflate(-pad * 2, -pad * 2)

    def section_gap(self, spare: int, least: float, most: float) -> tuple[int, int]:
        """The gap between sections (six of them, ``least`` to ``most`` design pixels) sharing ``spare`` pixels,
        and how many pixels are still missing (a small window: the tools shrink by that)."""
        gap = max(self.px(least), min(self.px(most), spare // 6))
        return gap, max(0, gap * 6 - spare)

    def caption_height(self, ui: Theme) -> int:
        """A caption's line under a row of tools."""
        return max(self.px(20), ui.font("body", self.px(14)).get_height() + 1)

    def head_height(self, ui: Theme, inner: pygame.Rect) -> int:
        """The head's height (the title and the board's name under it) at the top of ``inner``."""
        px = self.px
        self.title_y = inner.y + px(4)
        title_h = ui.font("title", self.title_px(24), bold=True).get_height()
        subtitle_h = ui.font("body", px(15)).get_height()
        return max(px(58), self.title_y - inner.y + title_h + px(2) + subtitle_h + px(4))

    def label_height(self, ui: Theme) -> int:
        """A label's line: never shorter than its type (the smallest windows)."""
        return max(self.px(20), ui.font("title", self.px(13)).get_height() + 1)

    def place_buttons(
        self, buttons: Sequence[Button], inner: pygame.Rect, y: int, row_h: int, gap: int, bottom_h: int
    ) -> None:
        """The first eight ``buttons`` two a row from ``y``; the others side by side at the bottom."""
        column_w = (inner.width - gap) // 2
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

    def draw_head(self, surface: pygame.Surface, ui: Theme, subtitle: str) -> None:
        """The board's name (``subtitle``) under the title, and the sections' labels."""
        px = self.px
        inner = self.rect.inflate(-px(32), 0)
        subtitle_h = ui.font("body", px(15)).get_height()
        box = pygame.Rect(inner.x, self.title_box(ui).bottom + px(2), inner.width, subtitle_h)
        draw_text(surface, ui, subtitle, "body", px(15), theme.TEXT_DIM, box, align="center", max_lines=1)
        for text, label in self.labels:
            draw_text(surface, ui, tr(text).upper(), "title", px(13), theme.ACCENT, label, max_lines=1)


class TilePalette(Generic[ChoiceT]):
    """What a click on the board places, chosen among tiles (a row, or ``rows`` rows); ``on_change`` gets
    the choice. The digit keys 1-9 are shown in the tiles' corners."""

    def __init__(
        self, choices: Sequence[ChoiceT], value: ChoiceT, on_change: Callable[[ChoiceT], None], rows: int = 1
    ) -> None:
        self.choices = tuple(choices)
        self.value = value
        self.on_change = on_change
        self.rows = rows
        self.rects: list[pygame.Rect] = []
        self.hover: ChoiceT | None = None

    def layout(self, area: pygame.Rect, gap: int) -> None:
        """Share ``area`` between the tiles, row by row."""
        columns = -(-len(self.choices) // self.rows)
        width = (area.width - gap * (columns - 1)) // columns
        height = (area.height - gap * (self.rows - 1)) // self.rows
        self.rects = [
            pygame.Rect(
                area.x + (i % columns) * (width + gap),
                area.y + (i // columns) * (height + gap),
                width,
                height,
            )
            for i in range(len(self.choices))
        ]

    def centre(self, choice: ChoiceT) -> tuple[int, int]:
        """Where the tile of ``choice`` is (tests click it)."""
        return self.rects[self.choices.index(choice)].center

    def choose(self, choice: ChoiceT) -> None:
        """Make ``choice`` what a click places."""
        if choice != self.value:
            self.value = choice
            self.on_change(choice)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next(
                (c for r, c in zip(self.rects, self.choices, strict=False) if r.collidepoint(event.pos)), None
            )
            return False
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or event.button != 1:
            return False
        for rect, choice in zip(self.rects, self.choices, strict=False):
            if rect.collidepoint(event.pos):
                if event.type == pygame.MOUSEBUTTONUP:
                    self.choose(choice)
                return True
        return False

    def draw_frames(self, surface: pygame.Surface, ui: Theme) -> None:
        """Each tile's frame (the chosen one lit, the one pointed at brighter), its content and its key."""
        for index, (rect, choice) in enumerate(zip(self.rects, self.choices, strict=False)):
            chosen = choice == self.value
            accent = theme.SELECT if chosen else ((90, 108, 180) if choice == self.hover else (56, 66, 118))
            if chosen:
                halo = gfx.glow_box(rect.width + 20, rect.height + 20, theme.SELECT, 0.35, 10)
                surface.blit(halo, halo.get_rect(center=rect.center), special_flags=pygame.BLEND_RGB_ADD)
            gfx.panel(
                surface,
                rect,
                fill=(34, 36, 58) if chosen else (20, 25, 52),
                edge=accent,
                alpha=240,
                radius=max(6, min(rect.width, rect.height * 2) // 7),
                width=2,
            )
            key_h = self.draw_tile(surface, ui, rect, choice, chosen)
            key = str(index + 1)
            if rect.width > ui.measure(key, "body", 11) * 5:
                key_box = pygame.Rect(rect.x + 5, rect.y + 2, rect.width // 4, key_h)
                draw_text(
                    surface, ui, key, "body", 11, theme.TEXT_FAINT, key_box, max_lines=1, container=rect
                )

    def draw_tile(
        self, surface: pygame.Surface, ui: Theme, rect: pygame.Rect, choice: ChoiceT, chosen: bool
    ) -> int:
        """What the tile of ``choice`` shows; returns the height its key's corner may take."""
        raise NotImplementedError
