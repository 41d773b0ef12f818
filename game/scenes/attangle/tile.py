"""Attangle's picture on the menu's game tile: the board in the middle of a game."""

from __future__ import annotations

import pygame

from game.scenes.attangle.view import thumbnail
from game.ui.theme import Colour

__all__ = ["draw_tile"]

TILE_POSITION = "-,w,-,-/-,-,bw,-,-/-,b,-,w,-,-/-,-,wb,-,wbw,-,-/-,bbw,-,-,b,-/-,-,w,-,-/-,-,-,wb b 9 9"
"""A game under way: singles, doubles and a triple each (a valid position: tests read it)."""


def draw_tile(
    surface: pygame.Surface, centre: tuple[int, int], radius: int, colours: tuple[Colour, Colour]
) -> None:
    """The board with stacks in the seats' ``colours``, ``2 * radius`` pixels across, centred on ``centre``."""
    picture = thumbnail(TILE_POSITION, radius * 2, colours)
    surface.blit(picture, picture.get_rect(center=centre))
