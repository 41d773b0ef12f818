"""The field a rules diagram plays its acts on, fitted in a rectangle with the dice tray under it, and the
moment of a diagram's timeline it shows (the beat, the engine's states, the attack being played).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

import pygame

from game.engine.lionheart import GOLD, SILVER, Action, Battle, Move, Unit
from game.scenes.lionheart.diagram_acts import DIAGRAMS, Act, Beat, Square, is_roll, play, timeline
from game.scenes.lionheart.diagram_acts import square as square_of
from game.scenes.lionheart.units import draw_unit
from game.ui import gfx, theme
from game.ui.theme import Colour


def phase(t: float, start: float, length: float) -> float:
    """0 before ``start``, 1 after ``start + length``, linear between."""
    return max(0.0, min(1.0, (t - start) / length)) if length > 0 else float(t >= start)


def pulse(t: float, per_second: float = 1.2) -> float:
    return 0.5 + 0.5 * math.sin(2 * math.pi * per_second * t)


def seat_colour(owner: int) -> Colour:
    """The colour of side ``owner`` in the palette chosen."""
    return theme.SEAT_COLOURS[owner]


def seat_mark(owner: int) -> str:
    """The palette's mark on side ``owner``'s units (``cross``, ``ring`` or none)."""
    red, green, blue = seat_colour(owner)
    return gfx.PIECE_MARKS.get((red, green, blue), "")


class Field:
    """The part of the field an act shows, fitted in a rectangle, with the dice tray under it."""

    def __init__(
        self, surface: pygame.Surface, rect: pygame.Rect, act: Act, *, tray: bool, below: float = 0.0
    ) -> None:
        self.surface = surface
        self.act = act
        files, ranks = len(act.files), len(act.ranks)
        tray_share = max(0.16 if tray else 0.0, below)
        tray = tray or below > 0
        self.cell = max(
            4, int(min(rect.width / (files + 0.5), rect.height * (1 - tray_share) / (ranks + 0.5)))
        )
        width, height = self.cell * files, self.cell * ranks
        self.tray_h = int(max(self.cell * 0.75, rect.height * tray_share)) if tray else 0
        total = height + (self.tray_h + self.cell // 3 if tray else 0) + self.cell // 4
        self.area = rect
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.midtop = (rect.centerx, rect.y + max(0, (rect.height - total) // 2) + self.cell // 4)
        self.tray = pygame.Rect(rect.x, self.rect.bottom + self.cell // 3, rect.width, self.tray_h)

    def at(self, square: Square) -> tuple[float, float]:
        """The pixel centre of ``square`` (it need not be inside the window: units step off it)."""
        file, rank = square
        x = self.rect.x + (file - self.act.files.start + 0.5) * self.cell
        y = self.rect.bottom - (rank - self.act.ranks.start + 0.5) * self.cell
        return x, y

    def square_rect(self, square: Square) -> pygame.Rect:
        x, y = self.at(square)
        return pygame.Rect(round(x - self.cell / 2), round(y - self.cell / 2), self.cell, self.cell)

    def shows(self, square: Square) -> bool:
        return square[0] in self.act.files and square[1] in self.act.ranks

    def board(self, tint: dict[Square, tuple[Colour, float]]) -> None:
        """The squares as the battle screen draws them (the home ranks tinted, the middle line), lit by ``tint``."""
        frame = self.rect.inflate(round(self.cell * 0.16), round(self.cell * 0.16))
        radius = max(3, self.cell // 8)
        halo = gfx.glow_box(self.rect.width + self.cell, self.rect.height + self.cell, theme.BOARD_EDGE, 0.3,
                            self.cell // 2)  # fmt: skip
        self.surface.blit(halo, (self.rect.x - self.cell // 2, self.rect.y - self.cell // 2),
                          special_flags=pygame.BLEND_RGB_ADD)  # fmt: skip
        pygame.draw.rect(self.surface, (10, 12, 28), frame, border_radius=radius)
        pygame.draw.rect(self.surface, theme.BOARD_EDGE, frame, max(1, self.cell // 24), border_radius=radius)
        for file in self.act.files:
            for rank in self.act.ranks:
                base = theme.SQUARE_A if (file + rank) % 2 else theme.SQUARE_B
                if rank < 2 or rank >= 8:
                    base = theme.lerp_colour(base, seat_colour(GOLD if rank < 2 else SILVER), 0.12)
                colour, amount = tint.get((file, rank), (base, 0.0))
                pygame.draw.rect(
                    self.surface, theme.lerp_colour(base, colour, amount), self.square_rect((file, rank))
                )
        if 4 in self.act.ranks and 5 in self.act.ranks:
            # The middle line: no man's land between the armies.
            y = round(self.at((0, 5))[1] + self.cell / 2)
            line = theme.lerp_colour(theme.SQUARE_B, theme.BOARD_EDGE, 0.55)
            pygame.draw.line(
                self.surface, line, (self.rect.x, y), (self.rect.right - 1, y), max(1, self.cell // 30)
            )

    def unit(
        self,
        unit: Unit,
        centre: tuple[float, float] | None = None,
        *,
        turn: float = 0.0,
        figures: int | None = None,
        colour: Colour | None = None,
        alpha: int = 255,
    ) -> None:
        """``unit`` on its square (or centred on ``centre``), turned ``turn`` degrees clockwise past its facing."""
        where = centre if centre is not None else self.at(square_of(unit.square))
        shown = unit if figures is None else unit._replace(figures=figures)
        draw_unit(
            self.surface,
            where,
            int(self.cell * 0.98),
            shown,
            colour or seat_colour(unit.owner),
            mark=seat_mark(unit.owner),
            alpha=alpha,
            angle=turn,
        )

    def glow(self, centre: tuple[float, float], colour: Colour, amount: float, size: float = 0.8) -> None:
        if amount <= 0.02:
            return
        halo = gfx.glow(int(self.cell * size), colour, amount)
        self.surface.blit(
            halo,
            halo.get_rect(center=(round(centre[0]), round(centre[1]))),
            special_flags=pygame.BLEND_RGB_ADD,
        )

    def ring(self, square: Square, colour: Colour, amount: float) -> None:
        if amount <= 0.02:
            return
        rect = self.square_rect(square).inflate(-max(2, self.cell // 10), -max(2, self.cell // 10))
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(
            layer,
            (*colour, int(235 * amount)),
            layer.get_rect(),
            max(2, self.cell // 14),
            border_radius=max(3, self.cell // 7),
        )
        self.surface.blit(layer, rect)

    def arrow(self, start: Square, end: Square, colour: Colour, amount: float, fade: float = 1.0) -> None:
        if amount <= 0 or fade <= 0:
            return
        (x0, y0), (x1, y1) = self.at(start), self.at(end)
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        cut = self.cell * 0.3
        a = (x0 + ux * cut, y0 + uy * cut)
        b = (x1 - ux * cut, y1 - uy * cut)
        tip = (a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount)
        gfx.arrow(self.surface, a, tip, colour, max(3.0, self.cell * 0.11), alpha=int(230 * fade))

    def clip(self) -> pygame.Rect:
        """The field's own area (units stepping off the window are cut at its frame)."""
        return self.rect.inflate(self.cell // 4, self.cell // 4)


@dataclasses.dataclass
class Frame:
    """What the current moment shows: a field state, plus what the beat animates on it."""

    t: float
    beats: Sequence[Beat]
    index: int
    states: list[Battle]
    act: Act
    key: str

    @property
    def beat(self) -> Beat:
        return self.beats[self.index]

    @property
    def progress(self) -> float:
        beat = self.beat
        return phase(self.t, beat.start, beat.length)

    def token(self, step: int | None = None) -> str:
        step = self.beat.step if step is None else step
        return self.act.steps[step] if step < len(self.act.steps) else ""


def current_frame(key: str, t: float) -> Frame | None:
    beats, length = timeline(key)
    if not beats:
        return None
    t %= length
    index = 0
    for number, beat in enumerate(beats):
        if beat.start <= t:
            index = number
    beat = beats[index]
    act = DIAGRAMS[key].acts[beat.act]
    return Frame(t, beats, index, play(act), act, key)


def attack_of(frame: Frame, *, settled: bool = False) -> tuple[int, Move] | None:
    """The attack the current beat belongs to (its step and move): from its declaration to the next action.

    ``settled``: at the end of an act that ends on a roll, that roll's attack (its dice stay in the tray).
    """
    beat = frame.beat
    step = beat.step
    if beat.kind == "hold" or (beat.kind == "end" and not settled):
        return None
    if beat.kind == "end":
        step -= 1
        if step < 0 or not is_roll(frame.token(step)):
            return None
    for back in range(step, -1, -1):
        token = frame.token(back)
        if is_roll(token):
            continue
        move = Move.from_text(token)
        if move.action is Action.ATTACK and not frame.states[back].is_bribe(move):
            if back == step and beat.kind != "select" and not is_roll(frame.token(step)):
                return None
            return back, move
        return None
    return None


def rolls_of(frame: Frame, attack_step: int) -> list[tuple[int, str]]:
    """The rolls (step, token) of the attack declared at ``attack_step``, up to the current beat."""
    rolls = []
    step = attack_step + 1
    while step < len(frame.act.steps) and is_roll(frame.token(step)) and step <= frame.beat.step:
        rolls.append((step, frame.token(step)))
        step += 1
    return rolls
