"""Attangle's picture on the menu's game tile: the hexagon of points."""

from __future__ import annotations

import math

import pygame

from game.ui import theme

__all__ = ["draw_tile"]


def draw_tile(surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
    """A hexagon with rings of points, ``2 * radius`` pixels across, centred on ``centre``."""
    points = [
        (
            centre[0] + radius * math.cos(math.pi / 6 + k * math.pi / 3),
            centre[1] + radius * math.sin(math.pi / 6 + k * math.pi / 3),
        )
        for k in range(6)
    ]
    pygame.draw.polygon(surface, (34, 38, 62), points)
    pygame.draw.aalines(surface, theme.TEXT_FAINT, True, points)
    pygame.draw.circle(surface, (60, 66, 96), centre, max(2, radius // 10))
    for ring in range(1, 4):
        distance = radius * ring / 4
        for k in range(6):
            angle = math.pi / 6 + k * math.pi / 3
            point = (centre[0] + distance * math.cos(angle), centre[1] + distance * math.sin(angle))
            pygame.draw.circle(surface, (60, 66, 96), point, max(2, radius // 12))
