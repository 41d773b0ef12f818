"""The Lionheart board's odds box: the chances of the attack under the pointer, before it is made.

A mixin of ``LionheartBoard``: the odds (cached per position) and the box
drawn by the target."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.engine.lionheart import Move
from game.engine.lionheart.odds import AttackOdds, attack_odds
from game.formats import format_decimal, format_percent
from game.i18n import ntr, tr
from game.scenes.lionheart.host import FieldHost
from game.ui import gfx, theme
from game.ui.textbox import draw_text

__all__ = ["OddsBox", "OddsHost"]


class OddsHost(FieldHost, Protocol):
    """The board as the odds box sees it: the odds already worked out, the attack pointed at."""

    _odds: dict[tuple[int, str], AttackOdds]

    def pointed_attack(self) -> Move | None: ...

    def odds(self, move: Move) -> AttackOdds: ...


class OddsBox:
    """The odds of ``LionheartBoard``'s pointed attack, and their box."""

    def odds(self: OddsHost, move: Move) -> AttackOdds:
        """The odds of the attack ``move`` now (cached)."""
        key = (self.position.hash, str(move))
        found = self._odds.get(key)
        if found is None:
            found = self._odds[key] = attack_odds(self.position, move)
        return found

    def _draw_odds(self: OddsHost, surface: pygame.Surface) -> None:
        move = self.pointed_attack()
        if move is None:
            return
        odds = self.odds(move)
        ui = self.app.theme
        size = max(theme.MIN_TEXT_SIZE, round(self.view.square * 0.26))
        if odds.bribe is not None:
            title = tr("Bribe: no dice")
            lines = [(tr("They change sides") if odds.bribe else tr("Refused: their king faces them"), "")]
        else:
            title = ntr("Attack: {count} die", "Attack: {count} dice", odds.dice)
            lines = [
                (tr("Kill at least one"), format_percent(odds.kill, precise=True)),
                (tr("Destroy the unit"), format_percent(odds.destroy, precise=True)),
                (tr("Panic"), format_percent(odds.panic, precise=True)),
                (tr("Hits expected"), format_decimal(odds.expected_hits)),
            ]
        line_h = ui.font("body", size).get_height()
        label_w = max(ui.measure(label, "body", size) for label, _ in lines)
        value_w = max((ui.measure(value, theme.SCORE_ROLE, size, bold=True) for _, value in lines), default=0)
        title_w = ui.measure(title, "body", size, bold=True)
        pad = max(6, size // 2)
        width = max(title_w, label_w + value_w + pad * 2) + pad * 2
        height = line_h * (len(lines) + 1) + pad * 2 + pad // 2
        target = self.view.square_rect(move.target)
        box = pygame.Rect(0, 0, width, height)
        box.midbottom = (target.centerx, target.top - 4)
        if box.top < self.view.area.top:
            box.midtop = (target.centerx, target.bottom + 4)
        box.clamp_ip(self.view.area)
        gfx.panel(surface, box, fill=(12, 14, 32), edge=theme.DANGER, alpha=240, radius=max(5, pad))
        row = pygame.Rect(box.x + pad, box.y + pad, box.width - 2 * pad, line_h)
        draw_text(surface, ui, title, "body", size, theme.TEXT, row, bold=True, max_lines=1, container=box)
        row = row.move(0, line_h + pad // 2)
        for label, value in lines:
            draw_text(surface, ui, label, "body", size, theme.TEXT_DIM, row, max_lines=1, container=box)
            if value:
                draw_text(
                    surface,
                    ui,
                    value,
                    theme.SCORE_ROLE,
                    size,
                    theme.GOLD,
                    row,
                    bold=True,
                    align="right",
                    max_lines=1,
                    container=box,
                )
            row = row.move(0, line_h)
