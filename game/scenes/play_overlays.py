"""The play screen's overlays on the board: last move, selection and targets, the hint arrow,
the pass banner and the short notes ("toasts"). A mixin of ``PlayScene``."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.engine.ataxx import bits, neighbours
from game.i18n import tr
from game.ui import gfx, theme
from game.ui.anim import ease_out_cubic
from game.ui.board_view import pulse
from game.ui.lang import side_name

if TYPE_CHECKING:
    from game.scenes.play import PlayScene

__all__ = ["SHAKE_TIME", "BoardOverlays"]

SHAKE_TIME = 0.35


class BoardOverlays:
    """Drawing helpers for ``PlayScene`` (they read the scene's state, never change it)."""

    def _draw_last_move(self: PlayScene, surface: pygame.Surface) -> None:
        last = self.match.board.peek()
        if last is None or last.is_pass or self.anim is not None:
            return
        colour = theme.lerp_colour(theme.SQUARE_A, theme.GOLD, 0.55)
        self.view.ring_square(surface, last.to_square, colour, max(2, self.view.cell // 22))
        if last.is_jump:
            self.view.ring_square(
                surface, last.from_square, theme.lerp_colour(theme.SQUARE_A, theme.GOLD, 0.3), 1
            )

    def _draw_highlights(self: PlayScene, surface: pygame.Surface) -> None:
        view = self.view
        if self.shake is not None:
            sq, left = self.shake
            view.fill_square(surface, sq, theme.DANGER, int(110 * left / SHAKE_TIME))
        if self.anim is not None or not self.human_turn():
            return
        source = self.selected
        strong = True
        if source is None and self.hover is not None and self._movable(self.hover):
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

    def _draw_hint(self: PlayScene, surface: pygame.Surface) -> None:
        move = self.hint_move
        if move is None or move.is_pass:
            return
        view = self.view
        to = move.to_square
        if move.is_jump:
            source = move.from_square
            colour = theme.JUMP
        else:
            own = bits(neighbours(to) & self.match.board.pieces[self.match.turn])
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

    def _draw_banner(self: PlayScene, surface: pygame.Surface) -> None:
        if self.pass_timer is None:
            return
        ui = self.app.theme
        side = self.match.turn
        total = self._pace(1.7, 1.0, 0.8) or 1.0
        elapsed = total - self.pass_timer
        appear = ease_out_cubic(elapsed / 0.25) * min(1.0, max(0.0, self.pass_timer / 0.2))
        rect = pygame.Rect(0, 0, self.view.rect.width, self.px(84))
        rect.center = self.view.rect.center
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        layer.fill((8, 10, 26, int(220 * appear)))
        colour = theme.SIDE_COLOURS[side]
        pygame.draw.line(layer, (*colour, int(255 * appear)), (0, 0), (rect.width, 0), 3)
        pygame.draw.line(
            layer, (*colour, int(255 * appear)), (0, rect.height - 3), (rect.width, rect.height - 3), 3
        )
        surface.blit(layer, rect.topleft)
        if appear > 0.3:
            text = ui.text(
                tr("{side} cannot move and passes", side=side_name(side)),
                "title",
                self.px(22),
                theme.TEXT,
                bold=True,
            )
            gfx.text_glow(surface, text, rect.center, colour, spread=self.px(8))

    def _draw_toast(self: PlayScene, surface: pygame.Surface) -> None:
        if self.toast is None:
            return
        ui = self.app.theme
        message, left = self.toast
        alpha = min(1.0, left / 0.3)
        text = ui.text(message, "body", self.px(17), theme.TEXT, bold=True)
        rect = text.get_rect(midbottom=(self.view.rect.centerx, self.view.rect.bottom - self.px(10)))
        back = rect.inflate(self.px(28), self.px(12))
        layer = pygame.Surface(back.size, pygame.SRCALPHA)
        pygame.draw.rect(
            layer, (10, 12, 30, int(225 * alpha)), layer.get_rect(), border_radius=back.height // 2
        )
        pygame.draw.rect(
            layer, (*theme.ACCENT, int(200 * alpha)), layer.get_rect(), 1, border_radius=back.height // 2
        )
        surface.blit(layer, back.topleft)
        text = text.copy()
        text.set_alpha(int(255 * alpha))
        surface.blit(text, rect)
