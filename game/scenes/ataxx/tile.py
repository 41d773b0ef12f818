"""Ataxx's picture on the menu's game tile: the standard start position."""

from __future__ import annotations

import pygame

from game.engine.ataxx import STARTPOS
from game.scenes.ataxx.view import thumbnail

__all__ = ["draw_tile"]


def draw_tile(surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
    """The start position, ``2 * radius`` pixels across, centred on ``centre``."""
    picture = thumbnail(STARTPOS, radius * 2)
    surface.blit(picture, picture.get_rect(center=centre))
