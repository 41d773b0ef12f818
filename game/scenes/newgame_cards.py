"""The new-game screen's right column: a card for each computer level (its name, its difficulty pips and
its description) or for each engine the player added (its name, how long it thinks, its command line),
or, with no engine yet, what an engine is.

The cards are laid out in the room the screen gives them and drawn from what
they show (the levels or the engines, the one chosen); the screen turns a click
on a card (``key_at``) into its choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.engine.match import engine_key, engine_level
from game.i18n import tr
from game.ui import gfx, theme
from game.ui.lang import engine_time_label
from game.ui.textbox import draw_text, layout_text
from game.ui.theme import Theme

if TYPE_CHECKING:
    from game.ai.api import Level
    from game.ui.settings import EngineEntry

__all__ = ["OpponentCards"]


class OpponentCards:
    """The cards of the computer's levels or of the engines, and the one pointed at.

    ``px`` turns design pixels into the window's (``Scene.px``).
    """

    def __init__(self, px: Callable[[float], int]) -> None:
        self.px = px
        self.rects: list[tuple[pygame.Rect, str]] = []
        """Each card and its key: a level's, or ``engine_level`` of an engine's."""
        self.sizes = (12, 11)
        """The computer levels' cards: the size of their names and of their descriptions."""
        self.note = pygame.Rect(0, 0, 0, 0)
        """Where the engine column explains what an engine is (none added yet)."""
        self.hover: str | None = None

    @staticmethod
    def note_text() -> str:
        """What the engine column says when there is no engine yet."""
        return tr("No engine yet. An engine is another program that plays this game; add one with Engines…")

    # -- layout --

    def clear(self) -> None:
        """No cards (two people need no right-hand column)."""
        self.rects = []
        self.note = pygame.Rect(0, 0, 0, 0)

    def layout_levels(self, ui: Theme, area: pygame.Rect, levels: Sequence[Level]) -> None:
        """A card for each of ``levels`` under the column's label at the top of ``area``; the cards share
        its height, a description that needs more lines than its card has gets them as far as it allows."""
        px = self.px
        room = (area.bottom - px(12) - area.y - px(28)) // len(levels) - px(6)
        card_h = min(px(76), room)
        self.sizes = (max(12, int(card_h * 0.3)), max(11, int(card_h * 0.24)))
        line_h = ui.font("body", self.sizes[1]).get_linesize()
        lines = max(
            len(
                layout_text(
                    ui,
                    tr(level.description),
                    "body",
                    self.sizes[1],
                    area.width - px(24),
                    spacing=0.0,
                ).lines
            )
            for level in levels
        )
        needed = px(6) + ui.font("title", self.sizes[0], bold=True).get_height()
        needed += px(4) + lines * line_h + px(6)
        card_h = max(card_h, min(room, needed))
        for index, level in enumerate(levels):
            rect = pygame.Rect(area.x, area.y + px(28) + index * (card_h + px(6)), area.width, card_h)
            self.rects.append((rect, level.key))

    def layout_engines(
        self, ui: Theme, area: pygame.Rect, entries: Sequence[EngineEntry], button_h: int
    ) -> int:
        """A card for each of ``entries`` under the column's label at the top of ``area`` (or what an engine
        is), leaving room for a button ``button_h`` high; returns the top of that button."""
        px = self.px
        card_h = px(66)
        top = area.y + px(28)
        room = area.bottom - px(12) - button_h - px(12) - top
        if entries:
            card_h = min(card_h, room // len(entries) - px(6))
            for index, entry in enumerate(entries):
                rect = pygame.Rect(area.x, top + index * (card_h + px(6)), area.width, card_h)
                self.rects.append((rect, engine_level(entry.key)))
            return self.rects[-1][0].bottom + px(12)
        size = px(16)
        note = layout_text(ui, self.note_text(), "body", size, area.width, room, min_size=size * 0.8)
        self.note = pygame.Rect(area.x, top, area.width, note.height)
        return self.note.bottom + px(16)

    def description_height(self, ui: Theme, card_h: int) -> int:
        """The height a computer level's card of ``card_h`` pixels leaves its description."""
        name_h = ui.font("title", self.sizes[0], bold=True).get_height()
        return card_h - self.px(6) - name_h - self.px(4)

    def centre(self, key: str) -> tuple[int, int]:
        """The centre of the card of ``key``."""
        return next(rect.center for rect, k in self.rects if k == key)

    def rect_of(self, key: str) -> pygame.Rect | None:
        """The card of ``key``, if it is shown."""
        return next((rect for rect, k in self.rects if k == key), None)

    def key_at(self, pos: tuple[int, int]) -> str | None:
        """The key of the card at ``pos``, if any."""
        return next((k for rect, k in self.rects if rect.collidepoint(pos)), None)

    # -- drawing --

    def draw(
        self,
        surface: pygame.Surface,
        ui: Theme,
        chosen: str,
        levels: Sequence[Level],
        entries: Sequence[EngineEntry],
        engine_seconds: float,
    ) -> None:
        """The cards, ``chosen`` lit (the levels' or the engines', whose moves take ``engine_seconds``),
        and the note when there is no engine."""
        for rect, key in self.rects:
            if engine_key(key) is not None:
                entry = next(entry for entry in entries if engine_level(entry.key) == key)
                self._draw_engine(surface, ui, rect, entry, key == chosen, engine_seconds)
            else:
                self._draw_level(surface, ui, rect, levels, key, key == chosen)
        if self.note.width:
            draw_text(
                surface,
                ui,
                self.note_text(),
                "body",
                self.px(16),
                theme.TEXT_DIM,
                self.note,
                min_size=self.px(16) * 0.8,
            )

    def _card(self, surface: pygame.Surface, rect: pygame.Rect, key: str, chosen: bool) -> None:
        """A card's panel, lit when chosen and edged when pointed at."""
        hovered = key == self.hover
        edge = theme.ACCENT if chosen else (theme.PANEL_EDGE if hovered else (50, 60, 110))
        gfx.panel(
            surface,
            rect,
            edge=edge,
            alpha=235 if chosen else 190,
            radius=self.px(10),
            fill=(24, 30, 64) if chosen else theme.PANEL,
        )

    @staticmethod
    def _draw_name(
        surface: pygame.Surface,
        ui: Theme,
        name: str,
        size: int,
        box: pygame.Rect,
        card: pygame.Rect,
        chosen: bool,
        *,
        cut_ok: bool = False,
    ) -> None:
        """A card's name on one line, brighter on the card chosen."""
        draw_text(
            surface,
            ui,
            name,
            "title",
            size,
            theme.TEXT if chosen else theme.TEXT_DIM,
            box,
            bold=True,
            max_lines=1,
            container=card,
            cut_ok=cut_ok,
        )

    def _draw_engine(
        self,
        surface: pygame.Surface,
        ui: Theme,
        rect: pygame.Rect,
        entry: EngineEntry,
        chosen: bool,
        seconds: float,
    ) -> None:
        """An engine's card: its name, and how long it thinks with its command line."""
        self._card(surface, rect, engine_level(entry.key), chosen)
        pad = self.px(12)
        name_size = max(12, min(self.px(20), int(rect.height * 0.3)))
        size = max(11, min(self.px(14), int(rect.height * 0.22)))
        name_h = ui.font("title", name_size, bold=True).get_height()
        inner = rect.inflate(-pad * 2, 0)
        name_box = pygame.Rect(inner.x, rect.y + self.px(6), inner.width, name_h)
        self._draw_name(surface, ui, entry.name, name_size, name_box, rect, chosen, cut_ok=True)
        detail = tr("{time} a move · {command}", time=engine_time_label(seconds), command=entry.command)
        detail_box = pygame.Rect(
            inner.x, name_box.bottom, inner.width, rect.bottom - name_box.bottom - self.px(4)
        )
        draw_text(
            surface,
            ui,
            detail,
            "body",
            size,
            theme.TEXT_FAINT,
            detail_box,
            valign="middle",
            max_lines=1,
            container=rect,
            cut_ok=True,
        )

    def _draw_level(
        self,
        surface: pygame.Surface,
        ui: Theme,
        rect: pygame.Rect,
        levels: Sequence[Level],
        key: str,
        chosen: bool,
    ) -> None:
        """A computer level's card: its name, its difficulty pips and its description."""
        keys = [level.key for level in levels]
        index = keys.index(key)
        level = levels[index]
        self._card(surface, rect, key, chosen)
        pad = self.px(12)
        # Difficulty pips: one to five.
        pip = max(3, min(rect.height, self.px(66)) // 10)
        count = len(keys)
        for n in range(count):
            colour = (
                theme.lerp_colour(theme.CLONE, theme.DANGER, n / max(1, count - 1))
                if n <= index
                else (50, 56, 90)
            )
            pygame.draw.circle(
                surface, colour, (rect.right - pad - (count - 1 - n) * pip * 3, rect.y + pad + pip), pip
            )
        pips = pygame.Rect(rect.right - pad - count * pip * 3, rect.y, count * pip * 3, rect.height)
        name_size, size = self.sizes
        name_h = ui.font("title", name_size, bold=True).get_height()
        name_box = pygame.Rect(rect.x + pad, rect.y + self.px(6), 0, name_h)
        name_box.width = pips.x - name_box.x
        self._draw_name(surface, ui, tr(level.name), name_size, name_box, rect, chosen)
        description_box = pygame.Rect(rect.x + pad, name_box.bottom, rect.width - pad * 2, 0)
        description_box.height = self.description_height(ui, rect.height)
        draw_text(
            surface,
            ui,
            tr(level.description),
            "body",
            size,
            theme.TEXT_DIM,
            description_box,
            valign="middle",
            spacing=0.0,
            min_size=size * 0.85,
            container=rect,
        )
