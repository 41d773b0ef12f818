"""The Ataxx board's overlays: the last move, the selection and its targets, the hint arrow.

A mixin of ``AtaxxBoard``: these read the board's state and never change it."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.engine.ataxx import bits, neighbours
from game.scenes.ataxx.view import pulse
from game.ui import gfx, theme

if TYPE_CHECKING:
    from game.scenes.ataxx.board import AtaxxBoard

__all__ = ["SHAKE_TIME", "BoardOverlays"]

SHAKE_TIME = 0.35


class BoardOverlays:
    """Drawing helpers for ``AtaxxBoard`` (they read the board's state, never change it)."""

    def draw_last_move(self: AtaxxBoard, surface: pygame.Surface) -> None:
        last = self.position.peek()
        if last is None or last.is_pass or self.anim is not None:
            return
        colour = theme.lerp_colour(theme.SQUARE_A, theme.GOLD, 0.55)
        self.view.ring_square(surface, last.to_square, colour, max(2, self.view.cell // 22))
        if last.is_jump:
            self.view.ring_square(
                surface, last.from_square, theme.lerp_colour(theme.SQUARE_A, theme.GOLD, 0.3), 1
            )

    def draw_highlights(self: AtaxxBoard, surface: pygame.Surface) -> None:
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
        view.fill_square(surface, source, theme.SELECT, 150 if strong else 60)
        if strong:
            view.ring_square(surface, source, theme.SELECT, max(2, view.cell // 18))
        for targets, colour in ((clones, theme.CLONE), (jumps, theme.JUMP)):
            for sq in bits(targets):
                alpha = int((95 + 40 * glow) if strong else 45)
                if self.hover == sq and self.selected is not None:
                    alpha = 200
                view.fill_square(surface, sq, colour, alpha)
                if strong:
                    centre = view.square_centre(sq)
                    pygame.draw.circle(surface, colour, centre, max(3, view.cell // 11))

    def draw_hint(self: AtaxxBoard, surface: pygame.Surface) -> None:
        move = self.hint_move
        if move is None or move.is_pass:
            return
        view = self.view
        to = move.to_square
        if move.is_jump:
            source = move.from_square
            colour = theme.JUMP
        else:
            own = bits(neighbours(to) & self.position.pieces[self.position.turn])
            source = own[0] if own else to
            colour = theme.CLONE
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
