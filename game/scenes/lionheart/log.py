"""The Lionheart board's battle log, in the tray beside (or under) the dice.

A mixin of ``LionheartBoard``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.ui import theme
from game.ui.textbox import draw_text, layout_text

if TYPE_CHECKING:
    from game.scenes.lionheart.board import LionheartBoard

__all__ = ["BattleLog"]


class BattleLog:
    """The battle log of ``LionheartBoard``."""

    def _draw_log(
        self: LionheartBoard,
        surface: pygame.Surface,
        area: pygame.Rect,
        lines: list[tuple[int, str]],
        outcomes: dict[int, str],
    ) -> None:
        """The log beside the dice: the newest lines (entry index, text) first, or only the newest below
        the board, where a line too long for its three rows gives way to what the roll did (the dice
        are drawn beside it)."""
        ui = self.app.theme
        if not lines:
            text = tr("The battle log: every attack and its dice")
            draw_text(
                surface,
                ui,
                text,
                "body",
                max(theme.MIN_TEXT_SIZE, round(self.view.square * 0.24)),
                theme.TEXT_FAINT,
                area,
                valign="middle",
                max_lines=3,
                min_size=theme.MIN_TEXT_SIZE,
            )
            return
        size = max(
            theme.MIN_TEXT_SIZE, round(self.view.square * (0.24 if not self.view.tray_beside else 0.25))
        )
        if not self.view.tray_beside:
            ply, text = lines[-1]
            whole = layout_text(
                ui, text, "body", size, area.width, area.height, max_lines=3, min_size=theme.MIN_TEXT_SIZE
            )
            if whole.cut and outcomes.get(ply):
                text = outcomes[ply]
            draw_text(
                surface,
                ui,
                text,
                "body",
                size,
                theme.TEXT,
                area,
                valign="middle",
                max_lines=3,
                min_size=theme.MIN_TEXT_SIZE,
                container=self.view.tray,
            )
            return
        y = area.y
        for index, (_, line) in enumerate(reversed(lines)):
            colour = theme.TEXT if index == 0 else theme.TEXT_DIM
            box = pygame.Rect(area.x, y, area.width, area.bottom - y)
            if box.height < size * 1.5:
                break
            drawn = draw_text(
                surface,
                ui,
                line,
                "body",
                size,
                colour,
                box,
                max_lines=4,
                min_size=theme.MIN_TEXT_SIZE,
                container=self.view.tray,
            )
            height = getattr(drawn, "height", None)
            y += (height if isinstance(height, int) else size * 3) + size // 2
