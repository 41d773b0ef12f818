"""The Lionheart board's overlays: home ranks, the last action, the chosen unit and its targets, the hint,
and the animations of an action.

A mixin of ``LionheartBoard``: these read the board's state and never change it."""

from __future__ import annotations

import math
from typing import Protocol

import pygame

from game.engine.lionheart import Action, Move, attack_zone
from game.engine.lionheart.notation import SQUARE_NAMES, square_index
from game.scenes.lionheart.anim import EntryAnimation, Sprite
from game.scenes.lionheart.handles import HandlesHost
from game.scenes.lionheart.units import draw_unit
from game.ui import gfx, theme

__all__ = ["FieldOverlays", "OverlaysHost", "mark_of"]


def mark_of(colour: theme.Colour) -> str:
    """The seat's mark drawn on its units (for colour-blind players)."""
    red, green, blue = colour
    return gfx.PIECE_MARKS.get((red, green, blue), "")


class OverlaysHost(HandlesHost, Protocol):
    """The board as its overlays see it: the turn handles' knobs and the overlays' own helpers."""

    def _draw_handle(
        self, surface: pygame.Surface, square: str, facing: str, pointer: tuple[int, int] | None
    ) -> None: ...

    def _shade(self, surface: pygame.Surface, square: str, colour: theme.Colour, alpha: int) -> None: ...

    def _outline(
        self, surface: pygame.Surface, square: str, colour: theme.Colour, width: float = 0.07
    ) -> None: ...

    def _targets(self) -> tuple[list[Move], list[Move], list[Move]]: ...

    def pointed_attack(self) -> Move | None: ...

    def _draw_sprite(self, surface: pygame.Surface, sprite: Sprite) -> None: ...


class FieldOverlays:
    """Drawing helpers for ``LionheartBoard`` (they read the board's state, never change it)."""

    def _shade(
        self: OverlaysHost, surface: pygame.Surface, square: str, colour: theme.Colour, alpha: int
    ) -> None:
        rect = self.view.square_rect(square)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        layer.fill((*colour, alpha))
        surface.blit(layer, rect)

    def _outline(
        self: OverlaysHost, surface: pygame.Surface, square: str, colour: theme.Colour, width: float = 0.07
    ) -> None:
        rect = self.view.square_rect(square).inflate(-2, -2)
        pygame.draw.rect(
            surface,
            colour,
            rect,
            max(2, round(self.view.square * width)),
            border_radius=max(3, self.view.square // 7),
        )

    def _draw_home(self: OverlaysHost, surface: pygame.Surface, side: int) -> None:
        pulse = 0.5 + 0.5 * math.sin(self.time * 3)
        colour = theme.SEAT_COLOURS[side]
        for rank in (0, 1) if side == 0 else (8, 9):
            for file in range(9):
                square = SQUARE_NAMES[rank * 9 + file]
                if self.position.unit_at(square) is None:
                    self._shade(surface, square, colour, int(28 + 26 * pulse))

    def _draw_last(self: OverlaysHost, surface: pygame.Surface) -> None:
        """The last action's squares, faintly: where the last move came from and went."""
        moves = [entry for entry in self.match.moves if isinstance(entry, Move)]
        if not moves or self.position.in_setup:
            return
        last = moves[-1]
        colour = theme.lerp_colour(theme.SQUARE_B, theme.GOLD, 0.35)
        if last.action in (Action.MOVE, Action.ATTACK):
            self._outline(surface, last.square, colour, 0.035)
            self._outline(surface, last.target, colour, 0.035)
        elif last.action is Action.TURN:
            self._outline(surface, last.square, colour, 0.035)

    def _targets(self: OverlaysHost) -> tuple[list[Move], list[Move], list[Move]]:
        """The chosen unit's moves, turns and attacks."""
        if self.selected is None:
            return [], [], []
        moves = self.unit_moves(self.selected)
        return (
            [move for move in moves if move.action is Action.MOVE],
            [move for move in moves if move.action is Action.TURN],
            [move for move in moves if move.action is Action.ATTACK],
        )

    def pointed_attack(self: OverlaysHost) -> Move | None:
        """The attack under the pointer (or the keyboard cursor), if the chosen unit can make it."""
        if self.selected is None or self.hover is None:
            return None
        for move in self._targets()[2]:
            if move.target == self.hover:
                return move
        return None

    def _draw_choice(self: OverlaysHost, surface: pygame.Surface, *, under: bool) -> None:
        if self.selected is None:
            return
        unit = self.position.unit_at(self.selected)
        if unit is None:
            return
        moves, turns, attacks = self._targets()
        square = self.view.square
        if under:
            if unit.kind in "AH" and not unit.attacked:
                zone = attack_zone(unit.kind, square_index(unit.square), unit.facing)
                for index in zone:
                    self._shade(surface, SQUARE_NAMES[index], theme.DANGER, 34)
            self._shade(surface, self.selected, theme.BOARD_SELECT, 60)
            self._outline(surface, self.selected, theme.BOARD_SELECT, 0.07)
            for move in moves:
                mark = gfx.target_mark("dot", int(square * 0.3), theme.TARGETS[0], 230)
                surface.blit(mark, mark.get_rect(center=self.view.centre(move.target)))
            # The targets, under their units: a dashed ring round each, the one pointed at ringed whole.
            pulse = 0.5 + 0.5 * math.sin(self.time * 5)
            pointed = self.pointed_attack()
            for move in attacks:
                strong = move == pointed
                if strong:
                    self._shade(surface, move.target, theme.DANGER, 90)
                    self._outline(surface, move.target, theme.DANGER, 0.08)
                mark = gfx.target_mark(
                    "dashed", int(square * 1.02), theme.DANGER, int(200 + 55 * (1 if strong else pulse))
                )
                surface.blit(mark, mark.get_rect(center=self.view.centre(move.target)))
            return
        for move in turns:
            self._draw_handle(surface, self.selected, move.facing, self.hover_pos)

    def _draw_hint(self: OverlaysHost, surface: pygame.Surface) -> None:
        move = self.hint_move
        if move is None:
            return
        glow = 0.5 + 0.5 * math.sin(self.hint_time * 2 * math.pi)
        colour = theme.lerp_colour(theme.SQUARE_B, theme.GOLD, 0.6 + 0.4 * glow)
        if move.action is Action.DONE:
            self._outline(surface, SQUARE_NAMES[4 if self.position.side == 0 else 85], colour, 0.08)
            return
        self._outline(surface, move.square, colour, 0.08)
        start = self.view.centre(move.square)
        if move.action in (Action.MOVE, Action.ATTACK):
            gfx.arrow(
                surface,
                start,
                self.view.centre(move.target),
                theme.GOLD,
                max(3, self.view.square * 0.09),
                int(150 + 80 * glow),
            )
        elif move.action is Action.TURN:
            end = self.handle_centre(move.square, move.facing)
            gfx.arrow(surface, start, end, theme.GOLD, max(3, self.view.square * 0.09), int(150 + 80 * glow))

    def _draw_sprite(self: OverlaysHost, surface: pygame.Surface, sprite: Sprite) -> None:
        size = round(self.view.unit_size() * sprite.scale)
        owner = sprite.unit.owner
        colour = theme.SEAT_COLOURS[owner]
        if sprite.owner_blend:
            colour = theme.lerp_colour(colour, theme.SEAT_COLOURS[1 - owner], sprite.owner_blend)
        unit = sprite.unit if sprite.figures is None else sprite.unit._replace(figures=sprite.figures)
        draw_unit(
            surface,
            sprite.centre,
            size,
            unit,
            colour,
            mark=mark_of(theme.SEAT_COLOURS[owner if sprite.owner_blend < 0.5 else 1 - owner]),
            alpha=sprite.alpha,
            facing=self.view.screen_facing(sprite.facing),
            angle=sprite.angle,
        )
        if sprite.flash > 0.02:
            halo = gfx.glow(int(size * 0.62), theme.DANGER, sprite.flash)
            surface.blit(
                halo,
                halo.get_rect(center=(round(sprite.centre[0]), round(sprite.centre[1]))),
                special_flags=pygame.BLEND_RGB_ADD,
            )

    def _draw_anim(self: OverlaysHost, surface: pygame.Surface, anim: EntryAnimation) -> None:
        for sprite in anim.sprites(self.view.centre):
            self._draw_sprite(surface, sprite)
        _name, t = anim.phase()
        if anim.kind == "attack" and anim.target is not None:
            mark = gfx.target_mark(
                "ring", int(self.view.square * (0.9 + 0.2 * t)), theme.DANGER, int(255 * (1 - t * 0.5))
            )
            surface.blit(mark, mark.get_rect(center=self.view.centre(anim.target)))
        if anim.kind == "bribe" and anim.origin is not None and anim.target is not None:
            start, end = self.view.centre(anim.origin), self.view.centre(anim.target)
            for index in range(5):
                p = max(0.0, min(1.0, t * 1.6 - index * 0.12))
                if 0 < p < 1:
                    x = start[0] + (end[0] - start[0]) * p
                    y = start[1] + (end[1] - start[1]) * p - math.sin(math.pi * p) * self.view.square * 0.6
                    radius = max(3, round(self.view.square * 0.1))
                    pygame.draw.circle(surface, (120, 80, 0), (round(x), round(y)), radius + 1)
                    pygame.draw.circle(surface, theme.GOLD, (round(x), round(y)), radius)
        ui = self.app.theme
        for text, centre, progress in anim.floating_losses(self.view.centre):
            size = max(theme.MIN_TEXT_SIZE, round(self.view.square * 0.42))
            rendered = ui.text(text, "title", size, theme.DANGER, bold=True)
            rendered = rendered.copy()
            rendered.set_alpha(int(255 * (1 - max(0.0, progress - 0.6) / 0.4)))
            rise = self.view.square * 0.55 * progress
            surface.blit(
                rendered,
                rendered.get_rect(center=(centre[0], round(centre[1] - rise - self.view.square * 0.2))),
            )
