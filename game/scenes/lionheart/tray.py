"""The Lionheart board's dice tray: the last roll's dice (the opening's two), rolling while they roll.

A mixin of ``LionheartBoard``; the log beside or under the dice is ``log.BattleLog``."""

from __future__ import annotations

import math
from typing import Protocol

import pygame

from game.i18n import tr
from game.scenes.lionheart.anim import scoring_faces, shown_order
from game.scenes.lionheart.log import LogHost
from game.scenes.lionheart.units import draw_die
from game.ui import gfx, theme
from game.ui.lang import seat_name
from game.ui.textbox import draw_text

__all__ = ["ROLLING", "DiceGroup", "DiceTray", "TrayHost"]

ROLLING = -1
"""The entry index of the log's "Rolling the dice…" line, shown while an attack's dice are still to land."""


DiceGroup = tuple[str, tuple[str, ...], tuple[bool, ...]]
"""A group of dice in the tray: its label (a seat's name, or ""), the faces, which of them scored (empty: none
lit)."""


class TrayHost(LogHost, Protocol):
    """The board as its dice tray sees it: the log drawn beside the dice, and the tray's own parts."""

    def _draw_log(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        lines: list[tuple[int, str]],
        outcomes: dict[int, str],
    ) -> None: ...

    def _tray_parts(self, groups: int, dice: int) -> tuple[pygame.Rect, pygame.Rect, int]: ...

    def _waiting_dice(self) -> int: ...

    def _tray_groups(self) -> list[DiceGroup]: ...

    def _die_centres(self, area: pygame.Rect, groups: list[DiceGroup], die: int) -> list[tuple[int, int]]: ...


class DiceTray:
    """The dice tray of ``LionheartBoard``."""

    def _tray_parts(self: TrayHost, groups: int, dice: int) -> tuple[pygame.Rect, pygame.Rect, int]:
        """The tray's dice area, its log area, and the size of a die."""
        tray = self.view.tray
        pad = max(4, tray.height // 10) if not self.view.tray_beside else max(6, self.view.square // 6)
        inner = tray.inflate(-pad * 2, -pad * 2)
        if self.view.tray_beside:
            die = max(
                16,
                min(
                    round(self.view.square * 0.62),
                    (inner.width - 6 * 7) // 8 if dice > 4 else (inner.width - 3 * 8) // 4,
                ),
            )
            rows = 2 if dice > 4 else 1
            dice_h = (die + 8) * rows + self.view.square // 3
            dice_area = pygame.Rect(inner.x, inner.y, inner.width, dice_h)
            log_area = pygame.Rect(inner.x, inner.y + dice_h + pad, inner.width, inner.height - dice_h - pad)
            return dice_area, log_area, die
        die = max(12, round(inner.height * 0.66))
        count = max(4, dice)
        zone = min(round(inner.width * 0.42), (die + die // 5) * count + (groups - 1) * die // 2)
        die = min(die, max(10, (zone - (groups - 1) * die // 2) // count - die // 6))
        # The smallest dice may still not fit (the opening's eight in a narrow tray): the dice take the room
        # they need, as _die_centres lays them out, and the log gives it up (it says a long line shortly).
        zone = max(zone, count * (die + max(3, die // 5)) + (groups - 1) * (die // 2))
        dice_area = pygame.Rect(inner.x, inner.y, zone, inner.height)
        log_area = pygame.Rect(inner.x + zone + pad, inner.y, inner.width - zone - pad, inner.height)
        return dice_area, log_area, die

    def _waiting_dice(self: TrayHost) -> int:
        """The dice of an attack chosen whose roll is still to come (the attacker's lunge, the moment before
        the throw), else 0."""
        battle = self.position
        squares = battle.pending_attack
        if battle.pending.kind != "attack" or squares is None or not self.match.at_chance or self.played:
            return 0  # an analysis knows the roll to come (``played``): its dice are shown
        return battle.dice_for(squares[0])

    def _tray_groups(self: TrayHost) -> list[DiceGroup]:
        """The last rolls to show in the tray: a label, the faces as they landed, which scored; with the log
        scrolled back, the rolls of its first line shown (none for a bribe's)."""
        record = self.record()
        rolls = record.rolls
        if self.log_back and record.lines:
            ply = record.lines[max(0, len(record.lines) - 1 - self.log_back)][0]
            rolls = [roll for roll in rolls if roll.ply <= ply]
            if not rolls or rolls[-1].ply != ply:
                return []
        if not rolls:
            return []
        last = rolls[-1]
        chosen = [last]
        if len(rolls) > 1:
            before = rolls[-2]
            if (
                before.ply == last.ply - 1
                and before.opening == last.opening
                and ((last.opening and before.seat != last.seat) or not last.opening)
            ):
                chosen = [before, last]
        groups = []
        for roll in chosen:
            faces = shown_order(roll.faces, roll.ply)
            lit_faces = scoring_faces(roll.kind or "I", faces)
            label = seat_name(roll.seat) if roll.opening else ""
            groups.append((label, faces, tuple(face in lit_faces for face in faces)))
        return groups

    def _draw_tray(self: TrayHost, surface: pygame.Surface) -> None:
        anim = self.anim if self.anim is not None and self.anim.kind == "roll" else None
        record = self.record()
        lines = list(record.lines)
        if anim is not None:
            groups: list[DiceGroup] = [("", tuple(face for face, *_ in anim.dice_faces()), ())]
            name, _ = anim.phase()
            if name in ("roll", "land", "fly") and lines and record.lines[-1][0] == self.match.ply - 1:
                lines = lines[:-1]  # the roll's line is told once the dice have landed
                if anim.before.pending.kind == "attack":
                    lines.append((ROLLING, tr("Rolling the dice…")))
            if anim.before.pending.kind == "start" and anim.before.pending.token:
                gold = [roll for roll in record.rolls if roll.opening]
                if len(gold) >= 2:
                    previous = gold[-2]
                    groups.insert(
                        0,
                        (
                            seat_name(previous.seat),
                            shown_order(previous.faces, previous.ply),
                            tuple(face == "axe" for face in shown_order(previous.faces, previous.ply)),
                        ),
                    )
        elif self._waiting_dice():
            # An attack chosen, its dice not thrown yet: the last roll goes at once, blank dice wait.
            groups = [("", ("",) * self._waiting_dice(), ())]
            lines.append((ROLLING, tr("Rolling the dice…")))
        else:
            groups = self._tray_groups()
        dice = sum(len(faces) for _, faces, _ in groups)
        dice_area, log_area, die = self._tray_parts(len(groups), dice)
        ui = self.app.theme
        centres = self._die_centres(dice_area, groups, die)
        index = 0
        label_size = max(theme.MIN_TEXT_SIZE, round(die * 0.32))
        for group_index, (label, faces, lit) in enumerate(groups):
            if label and centres:
                first = centres[index]
                box = pygame.Rect(0, 0, die * 3, label_size + 4)
                box.midbottom = (
                    (first[0] + die * 0.4, first[1] - die // 2 - 1)
                    if not self.view.tray_beside
                    else (first[0] + die, first[1] - die // 2 - 2)
                )
                box.left = max(box.left, dice_area.left)  # the first group's label inside the tray's frame
                draw_text(
                    surface,
                    ui,
                    label,
                    "body",
                    label_size,
                    theme.seat_text(
                        0 if group_index == 0 and len(groups) > 1 else 1 if len(groups) > 1 else 0,
                        (16, 20, 42),
                    ),
                    box,
                    align="left",
                    max_lines=1,
                    min_size=theme.MIN_TEXT_SIZE,
                )
            for position, face in enumerate(faces):
                if index >= len(centres):
                    break
                x, y = centres[index]
                if anim is not None and group_index == len(groups) - 1:
                    shown = anim.dice_faces()[position]
                    _, angle, bounce, glow = shown
                    draw_die(surface, (x, y - bounce * die * 0.5), die, face, angle=angle, lit=glow)
                else:
                    draw_die(surface, (x, y), die, face, angle=0, lit=bool(lit and lit[position]))
                index += 1
        if anim is not None and anim.target is not None:
            last = centres[-len(anim.dice) :] if anim.dice else []
            target = self.view.centre(anim.target)
            for die_index, progress in anim.sparks():
                if die_index >= len(last) or progress <= 0:
                    continue
                sx, sy = last[die_index]
                spark_x = sx + (target[0] - sx) * progress
                spark_y = sy + (target[1] - sy) * progress - math.sin(math.pi * progress) * self.view.square
                for trail in range(4, -1, -1):
                    back = max(0.0, progress - trail * 0.05)
                    tx = sx + (target[0] - sx) * back
                    ty = sy + (target[1] - sy) * back - math.sin(math.pi * back) * self.view.square
                    halo = gfx.glow(
                        max(4, round(self.view.square * (0.42 - trail * 0.06))),
                        theme.GOLD,
                        1.0 - trail * 0.18,
                    )
                    surface.blit(
                        halo, halo.get_rect(center=(round(tx), round(ty))), special_flags=pygame.BLEND_RGB_ADD
                    )
                pygame.draw.circle(
                    surface,
                    (255, 250, 220),
                    (round(spark_x), round(spark_y)),
                    max(2, round(self.view.square * 0.1)),
                )
        self._draw_log(surface, log_area, lines, record.outcomes)

    def _die_centres(
        self: TrayHost,
        area: pygame.Rect,
        groups: list[DiceGroup],
        die: int,
    ) -> list[tuple[int, int]]:
        gap = max(3, die // 5)
        centres: list[tuple[int, int]] = []
        if self.view.tray_beside:
            y = area.y + die // 2 + (self.view.square // 3 if any(label for label, _, _ in groups) else 4)
            for label, faces, _ in groups:
                width = len(faces) * die + (len(faces) - 1) * gap
                x = area.centerx - width // 2 + die // 2
                for _ in faces:
                    centres.append((x, y))
                    x += die + gap
                y += die + gap + (self.view.square // 3 if label else 0)
            return centres
        total = sum(len(faces) for _, faces, _ in groups) * (die + gap) + (len(groups) - 1) * die // 2
        x = area.x + max(0, (area.width - total) // 2) + die // 2
        y = area.centery + (die // 6 if any(label for label, _, _ in groups) else 0)
        for _, faces, _ in groups:
            for _ in faces:
                centres.append((x, y))
                x += die + gap
            x += die // 2
        return centres
