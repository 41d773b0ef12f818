"""What every game's static board picture ends with: the coordinate labels round its places, written alike, and
the finished layer made ready to blit."""

from __future__ import annotations

import pygame

from game.ui.textbox import draw_text
from game.ui.theme import Colour, Theme

__all__ = ["draw_coordinate", "finished_layer"]


def draw_coordinate(
    layer: pygame.Surface,
    ui: Theme,
    text: str,
    size: int,
    colour: Colour,
    box: pygame.Rect,
    align: str = "center",
) -> None:
    """A coordinate (a file's letter, a rank's number) on one line in ``box``, in the middle of its height."""
    draw_text(layer, ui, text, "body", size, colour, box, align=align, valign="middle", max_lines=1)


def finished_layer(layer: pygame.Surface) -> pygame.Surface:
    """``layer`` in the display's pixel format when there is a display (it blits faster), else as it is."""
    return layer.convert_alpha() if pygame.display.get_surface() else layer
