"""Passing messages ("Back to move 5", "Saved as …", where an export went) on one line of their own.

A screen keeps a strip for them beside what they would otherwise cover (the
match and analysis screens: under the board), sized from the window, and
draws the message on show there: one line, smaller type if it must, then cut
in its middle (a path keeps its start and its file's name), fading out at
its end. Nothing is drawn while no message is on show.
"""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.textbox import draw_text, elide_middle
from game.ui.theme import MIN_TEXT_SIZE, Theme

__all__ = ["MessageStrip"]

FADE = 0.3
"""Seconds a message takes to fade out at the end of its time."""


class MessageStrip:
    """The strip of a screen's passing messages; the screen places it (``rect``) and keeps the message."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)

    @staticmethod
    def height(ui: Theme, size: int) -> int:
        """The strip's height for messages of ``size`` pixels (the line and its margins)."""
        return ui.font("body", size, bold=True).get_height() + max(6, size // 2)

    def fitted(self, ui: Theme, message: str, size: int) -> tuple[str, int]:
        """``message`` as it fits the strip on one line, and its size: smaller type down to the smallest
        legible, then the middle cut out."""
        room = self.rect.width - 2 * self.rect.height // 2
        for candidate in range(max(MIN_TEXT_SIZE, size), MIN_TEXT_SIZE - 1, -1):
            if ui.measure(message, "body", candidate, bold=True) <= room:
                return message, candidate
        return elide_middle(ui, message, "body", MIN_TEXT_SIZE, room, bold=True), MIN_TEXT_SIZE

    def draw(self, surface: pygame.Surface, ui: Theme, message: tuple[str, float] | None, size: int) -> None:
        """Draw ``message`` (its text, translated, and the seconds it has left), if any."""
        if message is None or self.rect.width <= 0:
            return
        text, left = message
        alpha = min(1.0, left / FADE)
        shown, shown_size = self.fitted(ui, text, size)
        radius = self.rect.height // 2
        # A pill as long as the message, in the middle of the strip.
        pill = self.rect.copy()
        pill.width = min(self.rect.width, ui.measure(shown, "body", shown_size, bold=True) + 4 * radius)
        pill.centerx = self.rect.centerx
        layer = pygame.Surface(pill.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (10, 12, 30, int(225 * alpha)), layer.get_rect(), border_radius=radius)
        pygame.draw.rect(layer, (*theme.ACCENT, int(200 * alpha)), layer.get_rect(), 1, border_radius=radius)
        surface.blit(layer, pill.topleft)
        draw_text(
            surface,
            ui,
            shown,
            "body",
            shown_size,
            theme.TEXT,
            self.rect.inflate(-radius * 2, 0),
            bold=True,
            align="center",
            valign="middle",
            max_lines=1,
            min_size=shown_size,
            alpha=int(255 * alpha),
            container=self.rect,
        )
