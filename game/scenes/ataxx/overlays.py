"""The Ataxx board's overlays: the last move, the selection and its targets, the hint arrow.

A mixin of ``AtaxxBoard``, written against what it reads of it (``host.AtaxxHost``): these read the board's state and never change it."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.engine.ataxx import bits, neighbours
from game.scenes.ataxx.view import pulse
from game.scenes.board_base import SHAKE_TIME
from game.ui import gfx, theme

if TYPE_CHECKING:
    from game.scenes.ataxx.host import AtaxxHost

__all__ = ["PREVIEW_ALPHA", "SELECTED_ALPHA", "TARGET_KINDS", "BoardOverlays"]

PREVIEW_ALPHA = 77
"""Opacity of the targets' tint while the pointer rests on a piece (nothing selected yet)."""
SELECTED_ALPHA = (107, 140)
"""Opacity of the targets' tint around a selected piece: it pulses between these."""
TARGET_KINDS = (("dot", 0.3), ("ring", 0.42))
"""The clone targets' and the jump targets' marks (``gfx.target_mark``) and their sizes in squares:
the two kinds differ by shape as well as by colour (``theme.TARGETS``), for colour-blind players."""


class BoardOverlays:
    """Drawing helpers for ``AtaxxBoard`` (they read the board's state, never change it)."""

    def draw_last_move(self: AtaxxHost, surface: pygame.Surface) -> None:
        last = self.position.peek()
        if last is None or last.is_pass or self.anim is not None:
            return
        colour = theme.lerp_colour(theme.SQUARE_A, theme.GOLD, 0.55)
        self.view.ring_square(surface, last.to_square, colour, max(2, self.view.cell // 22))
        if last.is_jump:
            self.view.ring_square(
                surface, last.from_square, theme.lerp_colour(theme.SQUARE_A, theme.GOLD, 0.3), 1
            )

    def draw_highlights(self: AtaxxHost, surface: pygame.Surface) -> None:
        view = self.view
        if self.shake is not None:
            sq, left = self.shake
            view.fill_square(surface, sq, theme.DANGER, int(110 * left / SHAKE_TIME))
        if self.anim is not None or not self.human_turn():
            return
        source = self.selected
        strong = True
        if source is None and self.hover is not None and self.movable(self.hover):
            source, strong = self.hover, False
        if source is None:
            return
        clones, jumps = self.targets(source)
        glow = pulse(self.time, 1.4)
        view.fill_square(surface, source, theme.BOARD_SELECT, 150 if strong else 60)
        if strong:
            view.ring_square(surface, source, theme.BOARD_SELECT, max(2, view.cell // 18))
        low, high = SELECTED_ALPHA
        for targets, colour, (mark, size) in zip((clones, jumps), theme.TARGETS, TARGET_KINDS, strict=True):
            for sq in bits(targets):
                alpha = int(low + (high - low) * glow) if strong else PREVIEW_ALPHA
                if self.hover == sq and self.selected is not None:
                    alpha = 200
                view.fill_square(surface, sq, colour, alpha)
                sprite = gfx.target_mark(
                    mark, int(view.cell * size * (1 if strong else 0.8)), colour, 255 if strong else 190
                )
                surface.blit(sprite, sprite.get_rect(center=view.square_centre(sq)))

    def draw_hint(self: AtaxxHost, surface: pygame.Surface) -> None:
        move = self.hint_move
        if move is None or move.is_pass:
            return
        view = self.view
        to = move.to_square
        if move.is_jump:
            source = move.from_square
            colour = theme.TARGETS[1]
        else:
            own = bits(neighbours(to) & self.position.pieces[self.position.turn])
            source = own[0] if own else to
            colour = theme.TARGETS[0]
        glow = pulse(self.hint_time, 1.0)
        view.fill_square(surface, to, theme.GOLD, int(70 + 60 * glow))
        start, end = view.square_centre(source), view.square_centre(to)
        if source != to:
            dx, dy = end[0] - start[0], end[1] - start[1]
            length = math.hypot(dx, dy)
            trim = view.cell * 0.3
            a = (start[0] + dx / length * trim, start[1] + dy / length * trim)
            b = (end[0] - dx / length * trim * 0.6, end[1] - dy / length * trim * 0.6)
            gfx.arrow(surface, a, b, theme.GOLD, view.cell * 0.16, alpha=int(170 + 70 * glow))
            gfx.arrow(surface, a, b, colour, view.cell * 0.07, alpha=255)
