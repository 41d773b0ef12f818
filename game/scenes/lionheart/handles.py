"""The Lionheart board's turn handles: the four knobs on a chosen unit's sides (the one it faces left out).

A mixin of ``LionheartBoard``: where a handle stands, which one is under the
pointer, and how one is drawn."""

from __future__ import annotations

import math
from typing import Protocol

import pygame

from game.engine.lionheart import Action, Move
from game.scenes.lionheart.host import FieldHost
from game.ui import theme

__all__ = ["SCREEN_STEPS", "HandlesHost", "TurnHandles"]

SCREEN_STEPS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
"""Screen directions as (column, row) steps."""


class HandlesHost(FieldHost, Protocol):
    """The board as the turn handles see it."""

    def handle_centre(self, square: str, facing: str) -> tuple[int, int]: ...


class TurnHandles:
    """The turn handles of ``LionheartBoard``'s chosen unit."""

    def handle_centre(self: HandlesHost, square: str, facing: str) -> tuple[int, int]:
        """Where the turn handle towards ``facing`` stands on ``square``'s side."""
        x, y = self.view.centre(square)
        dx, dy = SCREEN_STEPS[self.view.screen_facing(facing)]
        reach = self.view.square * 0.5
        return round(x + dx * reach), round(y + dy * reach)

    def handle_at(self: HandlesHost, pos: tuple[int, int]) -> Move | None:
        """The turn whose handle is under ``pos``, if a unit is chosen."""
        if self.selected is None:
            return None
        radius = self.view.square * 0.2
        for move in self.unit_moves(self.selected):
            if move.action is Action.TURN:
                x, y = self.handle_centre(self.selected, move.facing)
                if math.hypot(pos[0] - x, pos[1] - y) <= radius:
                    return move
        return None

    def _draw_handle(
        self: HandlesHost,
        surface: pygame.Surface,
        square: str,
        facing: str,
        pointer: tuple[int, int] | None,
    ) -> None:
        x, y = self.handle_centre(square, facing)
        radius = max(6, round(self.view.square * 0.17))
        pointed = pointer is not None and math.hypot(pointer[0] - x, pointer[1] - y) <= radius * 1.2
        fill = theme.SELECT if pointed else theme.lerp_colour(theme.PANEL, theme.SELECT, 0.25)
        pygame.draw.circle(surface, (10, 12, 28), (x, y), radius + 2)
        pygame.draw.circle(surface, fill, (x, y), radius)
        dx, dy = SCREEN_STEPS[self.view.screen_facing(facing)]
        tip = (x + dx * radius * 0.62, y + dy * radius * 0.62)
        back = (x - dx * radius * 0.42, y - dy * radius * 0.42)
        px, py = -dy, dx
        ink = (20, 20, 34) if pointed else theme.SELECT
        pygame.draw.polygon(
            surface,
            ink,
            [
                tip,
                (back[0] + px * radius * 0.55, back[1] + py * radius * 0.55),
                (back[0] - px * radius * 0.55, back[1] - py * radius * 0.55),
            ],
        )
