"""Ataxx's picture on the menu's game tile: the standard start position."""

from __future__ import annotations

import pygame

from game.engine.ataxx import STARTPOS
from game.scenes.ataxx.view import thumbnail
from game.ui.theme import Colour

__all__ = ["draw_tile"]


def draw_tile(
    surface: pygame.Surface, centre: tuple[int, int], radius: int, colours: tuple[Colour, Colour]
) -> None:
    """The start position in the seats' ``colours``, ``2 * radius`` pixels across, centred on ``centre``."""
    picture = thumbnail(STARTPOS, radius * 2, colours)
    surface.blit(picture, picture.get_rect(center=centre))
