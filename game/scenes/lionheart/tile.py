"""Lionheart's picture on the menu's game tile: a Gold and a Silver unit face to face over a die."""

from __future__ import annotations

import pygame

from game.scenes.lionheart.units import draw_die, draw_unit
from game.ui import gfx
from game.ui.theme import Colour

__all__ = ["draw_tile"]


class _Unit:
    def __init__(self, kind: str, figures: int, facing: str) -> None:
        self.kind, self.figures, self.facing = kind, figures, facing


def draw_tile(
    surface: pygame.Surface, centre: tuple[int, int], radius: int, colours: tuple[Colour, Colour]
) -> None:
    """Gold knights facing Silver infantry, a die showing an axe between them, ``2 * radius`` pixels across."""
    x, y = centre
    size = max(16, round(radius * 0.95))
    marks = (gfx.PIECE_MARKS.get(colours[0], ""), gfx.PIECE_MARKS.get(colours[1], ""))
    draw_unit(surface, (x - radius * 0.45, y - radius * 0.2), size, _Unit("N", 2, "E"), colours[0], mark=marks[0])
    draw_unit(surface, (x + radius * 0.45, y - radius * 0.2), size, _Unit("I", 3, "W"), colours[1], mark=marks[1])
    draw_die(surface, (x, y + radius * 0.55), max(12, round(radius * 0.55)), "axe", angle=-12)
