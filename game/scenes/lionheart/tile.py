"""Lionheart's picture on the menu's game tile: a knight's shield."""

from __future__ import annotations

import pygame

from game.ui import theme

__all__ = ["draw_tile"]


def draw_tile(
    surface: pygame.Surface, centre: tuple[int, int], radius: int, colours: tuple[theme.Colour, theme.Colour]
) -> None:
    """A shield with a cross, ``2 * radius`` pixels tall, centred on ``centre`` (grey until the game lands)."""
    x, y = centre
    points = [
        (x - radius * 0.7, y - radius * 0.8),
        (x + radius * 0.7, y - radius * 0.8),
        (x + radius * 0.7, y),
        (x, y + radius * 0.9),
        (x - radius * 0.7, y),
    ]
    pygame.draw.polygon(surface, (44, 36, 58), points)
    pygame.draw.aalines(surface, theme.TEXT_FAINT, True, points)
    width = max(2, radius // 10)
    pygame.draw.line(surface, (90, 80, 110), (x, y - radius * 0.6), (x, y + radius * 0.5), width)
    pygame.draw.line(
        surface,
        (90, 80, 110),
        (x - radius * 0.4, y - radius * 0.2),
        (x + radius * 0.4, y - radius * 0.2),
        width,
    )
