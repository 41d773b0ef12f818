"""``ViewPanel``: a part of a screen drawn from a view (what it shows), at its screen's scale and in its letters.

The panels beside a board (the match's, the puzzles', the analysis's) and the
move lists in them take the same three things from their screen: the view
they show, ``px`` (design pixels to the window's) and the theme; each keeps
the rectangle it was last laid out in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

import pygame

from game.ui.theme import Theme

__all__ = ["ViewPanel"]

ViewT = TypeVar("ViewT")


class ViewPanel(Generic[ViewT]):
    """Draws ``view`` in ``rect``, at the scale ``px`` gives, in ``ui``'s letters (see the module docstring)."""

    def __init__(self, view: ViewT, px: Callable[[float], int], ui: Theme) -> None:
        self.view = view
        self.px = px
        self.ui = ui
        self.rect = pygame.Rect(0, 0, 0, 0)
