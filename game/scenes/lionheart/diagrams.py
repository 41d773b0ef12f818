"""Small animated diagrams for Lionheart's rules pages: every case of both levels, played by the real engine.

Each diagram is one or more acts; an act is a real position (``Battle`` text)
and the actions and rolls played from it, in the engine's notation
(``e4xe5`` then ``HHFP``). The states drawn between the steps are the
engine's own (``play``): a diagram can never show what the rules would not
do, and the tests replay every act and check that it ends as its caption
says. The animation is derived from those states: before each action its
unit is selected and what it may reach is lit (its moves, or its attack
zone); a move slides, a turn rotates, an attack's dice tumble in the tray
under the field and land on the scripted roll, then figures fall and units
panic, retreat, are pushed or change sides, as the next state has them.

A diagram is a function of time: it loops every ``period`` seconds (its own,
from its beats), so a given moment always looks the same (tests and
screenshots are repeatable). Units and dice are drawn with the battle
screen's own helpers, in the seats' colours, so a diagram looks like the
real field and follows the palette chosen in the options.

The acts and their timeline are ``game.scenes.lionheart.diagram_acts``' (pygame-free).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

import pygame

from game.engine.lionheart import (
    CHANCE,
    GOLD,
    KINDS,
    SILVER,
    STANDARD_TEXT,
    Action,
    Battle,
    Move,
    Unit,
    attack_zone,
)
from game.engine.lionheart.notation import square_index
from game.engine.lionheart.odds import AttackOdds, attack_odds
from game.formats import format_decimal, format_percent
from game.i18n import ntr, tr
from game.scenes.lionheart.diagram_acts import (
    DIAGRAMS,
    Act,
    Beat,
    Diagram,
    Square,
    is_roll,
    period,
    play,
    timeline,
)
from game.scenes.lionheart.diagram_acts import square as square_of
from game.scenes.lionheart.units import draw_die, draw_unit, facing_angle
from game.scenes.lionheart.words import kind_name
from game.ui import gfx, theme
from game.ui.anim import ease_in_out, ease_out_back, ease_out_cubic
from game.ui.lang import seat_name
from game.ui.textbox import draw_text, layout_text
from game.ui.theme import Colour, Theme

__all__ = [
    "DIAGRAMS",
    "ODDS_LABELS",
    "Act",
    "Beat",
    "Diagram",
    "draw_diagram",
    "period",
    "play",
    "timeline",
]

DIRECTION = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


# -- drawing --


def _phase(t: float, start: float, length: float) -> float:
    """0 before ``start``, 1 after ``start + length``, linear between."""
    return max(0.0, min(1.0, (t - start) / length)) if length > 0 else float(t >= start)


def _pulse(t: float, per_second: float = 1.2) -> float:
    return 0.5 + 0.5 * math.sin(2 * math.pi * per_second * t)


def seat_colour(owner: int) -> Colour:
    """The colour of side ``owner`` in the palette chosen."""
    return theme.SEAT_COLOURS[owner]


def _turn_angle(old: str, new: str) -> float:
    """The clockwise degrees from facing ``old`` to ``new``: a quarter turn either way, a half turn clockwise."""
    turn = (facing_angle(new) - facing_angle(old)) % 360
    return turn - 360 if turn > 180 else turn


def _mark(owner: int) -> str:
    """The palette's mark on side ``owner``'s units (``cross``, ``ring`` or none)."""
    return gfx.PIECE_MARKS.get(tuple(seat_colour(owner)), "")


FACE_OF_LETTER = {"H": "axe", "F": "arrow", "P": "panic"}
TUMBLE = ("axe", "arrow", "panic", "axe", "arrow", "axe")


class _Field:
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
            mark=_mark(unit.owner),
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


def _units_by_square(battle: Battle) -> dict[Square, Unit]:
    return {square_of(unit.square): unit for unit in battle.units}


def _match(before: Battle, after: Battle, step: str) -> tuple[dict[Square, Square], set[Square]]:
    """Which unit of ``before`` became which of ``after`` (their squares), and the squares of those lost.

    Same square and kind first (a defender losing figures, mercenaries changing sides), then the same kind
    and owner nearest along a file or a rank (a move, a panic, a retreat, a push).
    """
    old, new = _units_by_square(before), _units_by_square(after)
    pairs: dict[Square, Square] = {}
    free = dict(new)
    moved = None
    if not is_roll(step):
        move = Move.from_text(step)
        if move.action is Action.MOVE:
            moved = (square_of(move.square), square_of(move.target))
    if moved is not None:
        pairs[moved[0]] = moved[1]
        free.pop(moved[1], None)
    for square, unit in old.items():
        if square in pairs:
            continue
        other = free.get(square)
        if other is not None and other.kind == unit.kind and other.figures <= unit.figures:
            pairs[square] = square
            del free[square]
    for square, unit in old.items():
        if square in pairs:
            continue
        candidates = [
            (abs(place[0] - square[0]) + abs(place[1] - square[1]), place)
            for place, other in free.items()
            if other.kind == unit.kind
            and other.owner == unit.owner
            and (place[0] == square[0] or place[1] == square[1])
        ]
        if candidates:
            place = min(candidates)[1]
            pairs[square] = place
            del free[place]
    lost = set(old) - set(pairs)
    return pairs, lost


@dataclasses.dataclass
class _Frame:
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
        return _phase(self.t, beat.start, beat.length)

    def token(self, step: int | None = None) -> str:
        step = self.beat.step if step is None else step
        return self.act.steps[step] if step < len(self.act.steps) else ""


def _current(key: str, t: float) -> _Frame | None:
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
    return _Frame(t, beats, index, play(act), act, key)


def _attack_of(frame: _Frame, *, settled: bool = False) -> tuple[int, Move] | None:
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


def _rolls_of(frame: _Frame, attack_step: int) -> list[tuple[int, str]]:
    """The rolls (step, token) of the attack declared at ``attack_step``, up to the current beat."""
    rolls = []
    step = attack_step + 1
    while step < len(frame.act.steps) and is_roll(frame.token(step)) and step <= frame.beat.step:
        rolls.append((step, frame.token(step)))
        step += 1
    return rolls


def _scoring(kind: str, faces: Sequence[str]) -> set[str]:
    """The faces that score for an attacker of ``kind``."""
    if kind == "A":
        return {"arrow"}
    if kind == "P":
        axes, arrows = faces.count("axe"), faces.count("arrow")
        return {"arrow"} if arrows > axes else {"axe"}
    return {"axe"}


def _draw_field(field: _Field, frame: _Frame, diagram: Diagram) -> None:
    beat = frame.beat
    p = frame.progress
    t = frame.t
    before = frame.states[beat.step]
    after = frame.states[min(beat.step + 1, len(frame.states) - 1)]
    token = frame.token()
    tint: dict[Square, tuple[Colour, float]] = {}
    move = None if not token or is_roll(token) else Move.from_text(token)
    attack = _attack_of(frame)
    # What the acting unit may reach lights up while it is selected.
    if beat.kind == "select" and move is not None:
        origin = square_of(move.square)
        unit = before.unit_at(move.square)
        light = ease_out_cubic(_phase(t, beat.start, beat.length * 0.6))
        if move.action is Action.MOVE:
            for other in before.moves_from(move.square):
                if other.action is Action.MOVE:
                    tint[square_of(other.target)] = (theme.TARGETS[0], 0.5 * light)
        elif move.action is Action.ATTACK and unit is not None:
            zone = attack_zone(unit.kind, square_index(move.square), unit.facing)
            for square in zone:
                tint[(square % 9, square // 9)] = (theme.DANGER, 0.28 * light)
        tint[origin] = (theme.SELECT, 0.45 * light)
    if attack is not None:
        step, attack_move = attack
        unit = frame.states[step].unit_at(attack_move.square)
        if unit is not None and unit.kind in ("A", "H") and beat.kind != "select":
            zone = attack_zone(unit.kind, square_index(attack_move.square), unit.facing)
            fade = 1 - _phase(t, beat.start, beat.length) if beat.kind == "result" else 1.0
            for square in zone:
                tint[(square % 9, square // 9)] = (theme.DANGER, 0.28 * fade)
    field.board(tint)
    clip = field.surface.get_clip()
    field.surface.set_clip(field.clip().clip(clip) if clip else field.clip())
    try:
        _draw_units(field, frame, before, after, move, p)
    finally:
        field.surface.set_clip(clip)
    # The attack's arrow: drawn as the attack is declared, kept while its dice roll.
    if attack is not None:
        step, attack_move = attack
        grow = ease_out_cubic(_phase(t, beat.start, beat.length * 0.8)) if beat.kind == "select" else 1.0
        fade = 1 - _phase(t, beat.start, beat.length * 0.4) if beat.kind == "result" else 1.0
        field.arrow(square_of(attack_move.square), square_of(attack_move.target), theme.DANGER, grow, fade)
    if beat.kind == "bribe" and move is not None:
        field.arrow(
            square_of(move.square), square_of(move.target), theme.GOLD, ease_out_cubic(min(1.0, p * 2))
        )
    if beat.kind == "select" and move is not None and move.action is Action.ATTACK and before.is_bribe(move):
        field.arrow(
            square_of(move.square),
            square_of(move.target),
            theme.GOLD,
            ease_out_cubic(_phase(t, beat.start, 0.35)),
        )


def _draw_units(
    field: _Field, frame: _Frame, before: Battle, after: Battle, move: Move | None, p: float
) -> None:
    beat = frame.beat
    kind = beat.kind
    if kind == "slide" and move is not None:
        origin, target = square_of(move.square), square_of(move.target)
        for unit in before.units:
            if square_of(unit.square) != origin:
                field.unit(unit)
        unit = before.unit_at(move.square)
        assert unit is not None
        k = ease_in_out(p)
        (x0, y0), (x1, y1) = field.at(origin), field.at(target)
        field.unit(unit, (x0 + (x1 - x0) * k, y0 + (y1 - y0) * k))
        return
    if kind == "turn" and move is not None:
        for unit in before.units:
            if unit.square != move.square:
                field.unit(unit)
        unit = before.unit_at(move.square)
        assert unit is not None
        field.unit(unit, turn=_turn_angle(unit.facing, move.facing) * ease_in_out(p))
        return
    if kind == "place":
        for unit in after.units:
            square = square_of(unit.square)
            if move is not None and unit.square == move.square:
                fall = 1 - ease_out_cubic(p)
                x, y = field.at(square)
                field.unit(unit, (x, y - field.cell * 1.2 * fall), alpha=int(255 * min(1.0, p * 2.5)))
            else:
                field.unit(unit)
        return
    if kind == "bribe" and move is not None:
        swap = ease_in_out(_phase(frame.t, beat.start + beat.length * 0.35, beat.length * 0.45))
        changed = after.unit_at(move.target)
        for unit in before.units:
            if unit.square == move.target and changed is not None and changed.owner != unit.owner:
                colour = theme.lerp_colour(seat_colour(unit.owner), seat_colour(changed.owner), swap)
                field.glow(field.at(square_of(unit.square)), theme.GOLD, math.sin(math.pi * swap) * 0.9)
                field.unit(unit, colour=colour)
            else:
                field.unit(unit)
        if changed is not None and changed.owner == before.unit_at(move.target).owner:  # type: ignore[union-attr]
            # Refused: the king's offer bounces off the mercenaries (their king faces them).
            refuse = math.sin(math.pi * _phase(frame.t, beat.start + beat.length * 0.3, beat.length * 0.5))
            field.ring(square_of(move.target), theme.DANGER, refuse)
        return
    if kind == "result" and _attack_of(frame) is not None:
        _draw_result(field, frame, before, after, p)
        return
    for unit in before.units:
        field.unit(unit)


def _draw_result(field: _Field, frame: _Frame, before: Battle, after: Battle, p: float) -> None:
    """An attack resolved: hits flash on the target and its figures fall, then units move as the rules say."""
    attack = _attack_of(frame)
    assert attack is not None
    _, move = attack
    target = square_of(move.target)
    roll_state = frame.states[frame.beat.step]  # the pending attack, just before its last roll
    pairs, lost = _match(roll_state, after, frame.token())
    new = _units_by_square(after)
    strike = _phase(p, 0.05, 0.3)
    motion = ease_in_out(_phase(p, 0.4, 0.45))
    for square, unit in _units_by_square(roll_state).items():
        if square in lost:
            if square == target:
                # Destroyed: it flares and fades where it stood.
                field.glow(field.at(square), theme.DANGER, math.sin(math.pi * strike) * 0.9)
                field.unit(unit, alpha=int(255 * (1 - _phase(p, 0.2, 0.3))))
            else:
                # Panicking into death: it turns about, lurches ahead and is gone.
                turn = ease_in_out(_phase(p, 0.35, 0.25))
                lurch = ease_out_cubic(_phase(p, 0.55, 0.2))
                fade = 1 - _phase(p, 0.7, 0.25)
                facing = {"N": "S", "S": "N", "E": "W", "W": "E"}[unit.facing]
                dx, dy = DIRECTION[facing]
                x, y = field.at(square)
                centre = (x + dx * field.cell * 0.45 * lurch, y - dy * field.cell * 0.45 * lurch)
                if lurch > 0:
                    field.glow(centre, theme.DANGER, fade * 0.8)
                field.unit(unit, centre, turn=180 * turn, alpha=int(255 * fade))
            continue
        place = pairs[square]
        later = new[place]
        figures = later.figures if strike >= 0.5 else unit.figures
        if square == target:
            field.glow(field.at(square), theme.DANGER, math.sin(math.pi * strike) * 0.8)
        turn = _turn_angle(unit.facing, later.facing)
        if place == square:
            field.unit(unit, turn=turn * motion, figures=figures)
            continue
        # Turning about first (a panic, a retreat), then stepping; a pushed unit keeps its facing.
        rotate = ease_in_out(_phase(p, 0.4, 0.2)) if turn else 1.0
        slide = ease_in_out(_phase(p, 0.6 if turn else 0.4, 0.35))
        (x0, y0), (x1, y1) = field.at(square), field.at(place)
        centre = (x0 + (x1 - x0) * slide, y0 + (y1 - y0) * slide)
        field.unit(unit, centre, turn=turn * rotate, figures=figures)


def _draw_tray(ui: Theme, field: _Field, frame: _Frame | None, diagram: Diagram) -> None:
    """Under the field: the side to act with its actions left, and the dice of the attack being played."""
    tray = field.tray
    if tray.height <= 0 or frame is None:
        return
    beat = frame.beat
    t = frame.t
    state = frame.states[beat.step]
    if beat.kind in ("result", "slide", "turn", "bribe", "end", "done", "place") and beat.kind != "end":
        # Until the action is over, the side and its actions are the ones it started with.
        state = frame.states[beat.step]
    if beat.kind == "end":
        state = frame.states[-1]
    die = max(6, min(tray.height, int(field.cell * 0.62)))
    gap = max(2, die // 5)
    # The side to act and its actions left: a shield in its colour and two pips.
    x = field.rect.x
    cy = tray.centery
    if state.turn != CHANCE or state.pending_attack is not None:
        side = state.side
        if side in (GOLD, SILVER) and state.outcome() is None:
            colour = seat_colour(side)
            shield = pygame.Rect(0, 0, die * 0.8, die)
            shield.midleft = (x, cy)
            points = [
                shield.topleft,
                shield.topright,
                (shield.right, shield.y + shield.height * 0.55),
                shield.midbottom,
                (shield.x, shield.y + shield.height * 0.55),
            ]
            pygame.draw.polygon(field.surface, colour, points)
            actions = state.actions
            for pip in range(2):
                centre = (round(shield.right + gap * 2 + pip * die * 0.6 + die * 0.2), cy)
                radius = max(2, die // 5)
                if pip < actions:
                    pygame.draw.circle(field.surface, colour, centre, radius)
                else:
                    pygame.draw.circle(field.surface, colour, centre, radius, max(1, radius // 3))
    dice = _tray_dice(frame)
    if not dice:
        return
    right = field.rect.right
    groups = dice
    total = sum(len(group[1]) for group in groups) * (die + gap) + (len(groups) - 1) * die
    x = right - total
    for owner, faces, lit_faces, tumble in groups:
        if owner is not None and len(groups) > 1:
            pygame.draw.rect(
                field.surface,
                seat_colour(owner),
                pygame.Rect(x - gap, cy + die // 2 + gap // 2, len(faces) * (die + gap), max(2, gap // 2)),
            )
        for index, face in enumerate(faces):
            rect = pygame.Rect(x, cy - die // 2, die, die)
            if tumble < 1:
                spin = int(t * 14 + index * 3) % len(TUMBLE)
                bounce = abs(math.sin((tumble * 3 + index * 0.4) * math.pi)) * die * 0.25 * (1 - tumble)
                spin_angle = (t * 540 + index * 70) % 360 * (1 - tumble)
                centre = (rect.centerx, rect.centery - round(bounce))
                draw_die(field.surface, centre, die, TUMBLE[spin], angle=spin_angle)
            else:
                lit = lit_faces.get(index)
                if lit is not None:
                    field.glow(rect.center, lit, 0.55, size=0.9 * die / field.cell)
                draw_die(field.surface, rect.center, die, face, lit=lit == theme.CLONE)
            x += die + gap
        x += die


def _tray_dice(frame: _Frame) -> list[tuple[int | None, list[str], dict[int, Colour], float]]:
    """The dice in the tray now: groups of (owner, faces, lit faces by index, how far they have landed)."""
    beat = frame.beat
    t = frame.t
    token = frame.token()
    # The opening roll: Gold's four dice, then Silver's, as long as the roll goes on.
    if frame.states[0].pending.kind == "start":
        groups: list[tuple[int | None, list[str], dict[int, Colour], float]] = []
        step = beat.step
        if beat.kind == "end":
            step = len(frame.act.steps)
        # The pair of rolls the current beat belongs to.
        first = step - step % 2
        for owner, index in ((GOLD, first), (SILVER, first + 1)):
            if index >= len(frame.act.steps):
                continue
            landed = 1.0 if index < step or beat.kind == "end" else _phase(t, beat.start, beat.length * 0.6)
            if index > step:
                continue
            faces = [FACE_OF_LETTER[letter] for letter in frame.act.steps[index]]
            lit = {number: seat_colour(owner) for number, face in enumerate(faces) if face == "axe"}
            groups.append((owner, faces, lit if landed >= 1 else {}, landed))
        return groups
    attack = _attack_of(frame, settled=True)
    if attack is None:
        return []
    step, move = attack
    if beat.kind == "select" and not is_roll(token):
        return []
    attacker = frame.states[step].unit_at(move.square)
    assert attacker is not None
    faces: list[str] = []
    landed = 1.0
    scoring: set[str] = set()
    for roll_step, roll in _rolls_of(frame, step):
        letters = [FACE_OF_LETTER[letter] for letter in roll]
        faces += letters
        if roll_step == beat.step and beat.kind == "roll":
            landed = _phase(t, beat.start, beat.length * 0.6)
    scoring = _scoring(attacker.kind, faces)
    lit: dict[int, Colour] = {}
    all_panic = all(face == "panic" for face in faces)
    lone_second = len(faces) == 2 and frame.states[step].pending.kind == "-" and attacker.figures == 1
    for index, face in enumerate(faces):
        if face in scoring and not (lone_second and index == 1 and face != faces[0]):
            lit[index] = theme.CLONE
        elif face == "panic" and (all_panic or attacker.kind in ("P", "R")) and not lone_second:
            lit[index] = theme.DANGER
    if landed < 1:
        # Only the dice of the roll being made tumble; a lone soldier's first die has landed already.
        done = len(faces) - len(token)
        groups_faces = faces
        return [(attacker.owner, groups_faces, {i: c for i, c in lit.items() if i < done}, landed)]
    return [(attacker.owner, faces, lit, 1.0)]


# -- the diagrams without a field --


def _draw_faces(surface: pygame.Surface, rect: pygame.Rect, t: float) -> None:
    """A die's six faces appear one by one; then the axes, the arrows and the panic light up in turn."""
    faces = ("axe", "axe", "axe", "arrow", "arrow", "panic")
    size = int(min(rect.width / 3.6, rect.height / 2.5))
    if size < 4:
        return
    gap = size // 5
    width = 3 * size + 2 * gap
    height = 2 * size + gap
    left = rect.centerx - width // 2
    top = rect.centery - height // 2
    groups = {"axe": (1.6, theme.CLONE), "arrow": (2.6, theme.CLONE), "panic": (3.6, theme.DANGER)}
    for index, face in enumerate(faces):
        row, column = divmod(index, 3)
        box = pygame.Rect(left + column * (size + gap), top + row * (size + gap), size, size)
        pop = ease_out_back(_phase(t, 0.2 + 0.16 * index, 0.35))
        if pop <= 0.05:
            continue
        start, colour = groups[face]
        light = _phase(t, start, 0.3) * (1 - _phase(t, start + 0.9, 0.3))
        if light > 0:
            halo = gfx.glow(int(size * 0.8), colour, light)
            surface.blit(halo, halo.get_rect(center=box.center), special_flags=pygame.BLEND_RGB_ADD)
        side = max(6, int(size * pop))
        draw_die(surface, box.center, side, face, lit=light > 0.3 and face != "panic")


TABLE_KINDS = ("N", "A", "I", "M", "H", "P", "R")
"""Level 2's table, in the seed's order but the king (always one, on e1 / e10)."""


def _draw_table(surface: pygame.Surface, rect: pygame.Rect, t: float, ui: Theme) -> None:
    """Level 2's units: each kind's base, its name, the figures an army may field and a base holds."""
    # The header may take two lines ("per / army"): its columns are narrow, and each keeps a gap from the
    # next so two headings never run together.
    head_size = max(theme.MIN_TEXT_SIZE, int(rect.height / (len(TABLE_KINDS) + 1) * 0.4))
    head_h = ui.font("body", head_size).get_height() * 2
    row_h = (rect.height - head_h) // len(TABLE_KINDS)
    if row_h < 4 or rect.width < 40:
        return
    icon = max(8, int(row_h * 0.86))
    number_w = max(18, rect.width // 5)
    name_w = rect.width - icon - 2 * number_w - row_h // 2
    size = max(11, int(row_h * 0.5))
    gap = max(4, number_w // 8)
    x = rect.x + icon + row_h // 4 + name_w
    for text in (tr("per army"), tr("per base")):
        box = pygame.Rect(x + gap // 2, rect.y, number_w - gap, head_h)
        draw_text(surface, ui, text, "body", head_size, theme.TEXT_DIM, box, align="center", valign="bottom",
                  max_lines=2, spacing=0.0)  # fmt: skip
        x += number_w
    for index, kind in enumerate(TABLE_KINDS):
        info = KINDS[kind]
        y = rect.y + head_h + index * row_h
        appear = _phase(t % 6.0, 0.2 + 0.25 * index, 0.3)
        if appear <= 0:
            continue
        alpha = int(255 * appear)
        if index % 2 == 0:
            band = pygame.Surface((rect.width, row_h), pygame.SRCALPHA)
            band.fill((*theme.PANEL_EDGE, int(50 * appear)))
            surface.blit(band, (rect.x, y))
        figures = info.base_sizes[-1]
        unit = Unit(GOLD, kind, figures, "e1", "N")
        draw_unit(surface, (rect.x + icon / 2, y + row_h / 2), icon, unit, seat_colour(GOLD), mark=_mark(GOLD),
                  alpha=alpha)  # fmt: skip
        name = kind_name(kind).capitalize()
        box = pygame.Rect(rect.x + icon + row_h // 4, y, name_w, row_h)
        draw_text(surface, ui, name, "body", size, theme.TEXT, box, valign="middle", max_lines=1,
                  min_size=max(9, size * 3 // 4))  # fmt: skip
        sizes = info.base_sizes
        base = f"{sizes[0]}-{sizes[-1]}" if len(sizes) > 1 else str(sizes[0])
        x = box.right
        for text in (str(info.army_limit), base):
            cell = pygame.Rect(x, y, number_w, row_h)
            draw_text(surface, ui, text, "body", size, theme.GOLD, cell, align="center", valign="middle",
                      bold=True, max_lines=1)  # fmt: skip
            x += number_w


def _draw_opening(surface: pygame.Surface, rect: pygame.Rect, frame: _Frame, ui: Theme) -> None:
    """The opening roll: Gold's four dice in a row, then Silver's; the axes counted; a tie clears them,
    then the side with more axes lights up with its two actions."""
    beat = frame.beat
    t = frame.t
    steps = frame.act.steps
    step = len(steps) - 1 if beat.kind in ("end", "result") else beat.step
    first = step - step % 2
    die = int(min(rect.width / 7.8, rect.height / 3.4))
    if die < 6:
        return
    gap = die // 4
    row_w = die * 0.8 + gap * 2 + 4 * die + 3 * gap + die
    left = rect.centerx - row_w / 2
    tops = (rect.centery - die - gap, rect.centery + gap)
    final = frame.states[-1]
    decided = beat.kind in ("result", "end")
    for owner, index in ((GOLD, first), (SILVER, first + 1)):
        y = tops[owner]
        colour = seat_colour(owner)
        winner = decided and final.side == owner
        if winner:
            glow = _phase(t, beat.start, 0.4) if beat.kind == "result" else 1.0
            band = pygame.Rect(round(left - gap), round(y - gap), round(row_w + 2 * gap), die + 2 * gap)
            layer = pygame.Surface(band.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*colour, int(60 * glow)), layer.get_rect(), border_radius=die // 4)
            pygame.draw.rect(layer, (*colour, int(220 * glow)), layer.get_rect(), 2, border_radius=die // 4)
            surface.blit(layer, band)
        shield = pygame.Rect(round(left), round(y + die * 0.1), round(die * 0.8 * 0.8), round(die * 0.8))
        points = [
            shield.topleft,
            shield.topright,
            (shield.right, shield.y + shield.height * 0.55),
            shield.midbottom,
            (shield.x, shield.y + shield.height * 0.55),
        ]
        pygame.draw.polygon(surface, colour, points)
        x = left + die * 0.8 + gap * 2
        rolled = index < len(steps) and (index < step or (index == step and beat.kind != "hold") or decided)
        landed = 1.0
        if index == beat.step and beat.kind == "roll":
            landed = _phase(t, beat.start, beat.length * 0.6)
        faces = [FACE_OF_LETTER[letter] for letter in steps[index]] if index < len(steps) else []
        for number in range(4):
            centre = (round(x + die / 2), round(y + die / 2))
            if not rolled:
                pygame.draw.rect(surface, theme.PANEL_EDGE, pygame.Rect(round(x), round(y), die, die), 1,
                                 border_radius=die // 5)  # fmt: skip
            elif landed < 1:
                spin = int(t * 14 + number * 3) % len(TUMBLE)
                bounce = abs(math.sin((landed * 3 + number * 0.4) * math.pi)) * die * 0.25 * (1 - landed)
                draw_die(surface, (centre[0], centre[1] - round(bounce)), die, TUMBLE[spin],
                         angle=(t * 540 + number * 70) % 360 * (1 - landed))  # fmt: skip
            else:
                axe = faces[number] == "axe"
                draw_die(surface, centre, die, faces[number], lit=axe)
            x += die + gap
        if rolled and landed >= 1:
            count = pygame.Rect(round(x), round(y), die, die)
            draw_text(surface, ui, str(faces.count("axe")), "title", max(11, die * 2 // 3), colour, count,
                      align="center", valign="middle", bold=True, max_lines=1)  # fmt: skip


# -- extras on the field --


def _draw_muster(field: _Field, t: float) -> None:
    """Level 1's armies drop in, rank by rank, then the two kings glow: the targets."""
    field.board({})
    units = Battle(STANDARD_TEXT).units
    order = sorted(units, key=lambda unit: (abs(square_of(unit.square)[1] - 4.5), unit.square))
    for index, unit in enumerate(order):
        appear = _phase(t, 0.2 + 0.08 * index, 0.35)
        if appear <= 0:
            continue
        if unit.kind == "K":
            field.glow(
                field.at(square_of(unit.square)), theme.GOLD, _phase(t, 2.6, 0.4) * (0.5 + 0.4 * _pulse(t))
            )
        fall = 1 - ease_out_cubic(appear)
        x, y = field.at(square_of(unit.square))
        lift = -1 if unit.owner == GOLD else 1
        field.unit(unit, (x, y + lift * field.cell * 0.8 * fall), alpha=int(255 * min(1.0, appear * 2)))


def _draw_quiet(field: _Field, frame: _Frame, ui: Theme) -> None:
    """The quiet turns counted, in a badge over the field's upper right corner; at the end, the draw."""
    beat = frame.beat
    state = frame.states[-1] if beat.kind == "end" else frame.states[beat.step]
    drawn = state.outcome() is not None
    count = min(state.quiet, 30)
    badge = pygame.Rect(0, 0, int(field.cell * 1.5), int(field.cell * 0.8))
    badge.topright = (field.rect.right - field.cell // 8, field.rect.y + field.cell // 8)
    colour = theme.GOLD if drawn else theme.TEXT_DIM
    glow = _phase(frame.t, beat.start, 0.4) * (0.5 + 0.4 * _pulse(frame.t)) if drawn else 0.0
    if glow:
        field.glow(badge.center, theme.GOLD, glow, size=1.2)
    pygame.draw.rect(field.surface, (14, 18, 40), badge, border_radius=badge.height // 3)
    pygame.draw.rect(field.surface, colour, badge, 2, border_radius=badge.height // 3)
    draw_text(field.surface, ui, f"{count}/30", "body", max(11, badge.height * 3 // 5), colour, badge.inflate(-4, 0),
              align="center", valign="middle", bold=True, max_lines=1, min_size=9)  # fmt: skip


def _draw_odds(field: _Field, frame: _Frame, ui: Theme) -> None:
    """The pointer on a target, and beside it the odds the battle screen shows before the roll."""
    act = frame.act
    battle = frame.states[0]
    t = frame.t % period(frame.key)
    aims = (("e4", "e5"), ("c3", "d6"))
    half = period(frame.key) / 2
    attacker, target = aims[0] if t < half else aims[1]
    local = t if t < half else t - half
    field.board({square_of(attacker): (theme.SELECT, 0.45)})
    unit = battle.unit_at(attacker)
    assert unit is not None
    zone = attack_zone(unit.kind, square_index(attacker), unit.facing)
    tint = {(sq % 9, sq // 9): (theme.DANGER, 0.25) for sq in zone}
    tint[square_of(attacker)] = (theme.SELECT, 0.45)
    field.board(tint)
    for other in battle.units:
        if field.shows(square_of(other.square)):
            field.unit(other)
    point = ease_in_out(_phase(local, 0.3, 0.7))
    field.ring(square_of(target), theme.DANGER, point)
    # The pointer glides from the attacker to the target.
    (x0, y0), (x1, y1) = field.at(square_of(attacker)), field.at(square_of(target))
    tip = (x0 + (x1 - x0) * point + field.cell * 0.15, y0 + (y1 - y0) * point + field.cell * 0.1)
    odds = attack_odds(battle, Move.from_text(f"{attacker}x{target}"))
    show = _phase(local, 1.1, 0.35)
    if show > 0:
        _odds_card(field, ui, odds, show)
    _pointer(field.surface, tip, max(10, int(field.cell * 0.55)))
    del act


def _pointer(surface: pygame.Surface, tip: tuple[float, float], size: int) -> None:
    x, y = tip
    points = [
        (x, y),
        (x, y + size),
        (x + size * 0.28, y + size * 0.74),
        (x + size * 0.5, y + size * 1.1),
        (x + size * 0.64, y + size * 1.02),
        (x + size * 0.44, y + size * 0.66),
        (x + size * 0.76, y + size * 0.66),
    ]
    pygame.draw.polygon(surface, (250, 250, 255), points)
    pygame.draw.polygon(surface, (20, 20, 30), points, max(1, size // 12))


ODDS_LABELS = ("Kill at least one", "Destroy the unit", "Panic", "Hits expected")
"""The rows of the odds the battle screen shows (its own keys, translated in its catalogue)."""


def _odds_card_height(ui: Theme, size: int) -> int:
    """The height of the odds card with its text ``size`` pixels high: a title and four rows, padded."""
    return ui.font("body", size).get_height() * 5 + max(3, size // 3) * 3


def _odds_share(area: pygame.Rect, ui: Theme) -> float:
    """The share of ``area`` kept under the field for the odds card: room for it at the smallest text at
    least, so the card never covers the field's frame."""
    least = _odds_card_height(ui, theme.MIN_TEXT_SIZE) + max(2, area.height // 60)
    return min(0.6, max(0.32, least / max(1, area.height)))


def _odds_card(field: _Field, ui: Theme, odds: AttackOdds, show: float) -> pygame.Rect:
    """The odds as the battle screen shows them, in a card under the field: the dice, then four rows.
    Returns the card's rectangle."""
    room = field.tray
    lines = (
        (tr("Kill at least one"), format_percent(odds.kill, precise=True)),
        (tr("Destroy the unit"), format_percent(odds.destroy, precise=True)),
        (tr("Panic"), format_percent(odds.panic, precise=True)),
        (tr("Hits expected"), format_decimal(odds.expected_hits)),
    )
    title = ntr("Attack: {count} die", "Attack: {count} dice", odds.dice)
    # The largest text up to the field's own whose card fits in the room under the field.
    size = max(theme.MIN_TEXT_SIZE, round(field.cell * 0.3))
    while size > theme.MIN_TEXT_SIZE and _odds_card_height(ui, size) > room.height:
        size -= 1
    line_h = ui.font("body", size).get_height()
    pad = max(3, size // 3)
    # As wide as the field, or wider (up to the diagram's width) where a label and its figure need it.
    widest = max(
        ui.measure(label, "body", size) + ui.measure(value, theme.SCORE_ROLE, size, bold=True) + pad * 2
        for label, value in lines
    )
    wanted = max(widest, ui.measure(title, "body", size, bold=True)) + pad * 4
    card = pygame.Rect(
        0, 0, min(field.area.width, max(field.rect.width, wanted)), _odds_card_height(ui, size)
    )
    card.midtop = (field.rect.centerx, room.y)
    card.bottom = min(card.bottom, field.area.bottom)
    layer = pygame.Surface(card.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (12, 14, 32, int(240 * show)), layer.get_rect(), border_radius=max(4, pad))
    pygame.draw.rect(layer, (*theme.DANGER, int(255 * show)), layer.get_rect(), 2, border_radius=max(4, pad))
    field.surface.blit(layer, card)
    if show < 0.6:
        return card
    row = pygame.Rect(card.x + pad * 2, card.y + pad, card.width - pad * 4, line_h)
    draw_text(field.surface, ui, title, "body", size, theme.TEXT, row, bold=True, max_lines=1, container=card)
    row = row.move(0, line_h + pad // 2)
    for label, value in lines:
        draw_text(field.surface, ui, label, "body", size, theme.TEXT_DIM, row, max_lines=1, container=card)
        draw_text(field.surface, ui, value, theme.SCORE_ROLE, size, theme.GOLD, row, bold=True, align="right",
                  max_lines=1, container=card)  # fmt: skip
        row = row.move(0, line_h)
    return card


# -- drawing a diagram --


def draw_diagram(surface: pygame.Surface, rect: pygame.Rect, kind: str, t: float, ui: Theme) -> None:
    """Draw diagram ``kind`` at time ``t`` (seconds) inside ``rect``, with its caption if any."""
    diagram = DIAGRAMS[kind]
    length = period(kind)
    # To the millisecond within the loop: the same moment of any loop draws the very same pixels.
    t = round(t % length, 3)
    area = rect.copy()
    largest = max(11, rect.height // 17)
    block = None
    if diagram.caption:
        caption = tr(diagram.caption, side=seat_name(GOLD), other=seat_name(SILVER))
        block = layout_text(
            ui,
            caption,
            "body",
            largest,
            rect.width,
            bold=True,
            max_lines=1,
            min_size=max(11, largest * 4 // 5),
        )
        if block.cut:
            block = layout_text(ui, caption, "body", largest, rect.width, bold=True, max_lines=2)
        area.height -= block.height + block.size // 2
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    try:
        _draw_body(surface, area, kind, diagram, t, ui)
    finally:
        surface.set_clip(clip)
    if block is not None:
        box = pygame.Rect(rect.x, area.bottom + block.size // 2, rect.width, block.height)
        block.draw(surface, ui, theme.TEXT_DIM, box, align="center", container=rect)


def _draw_body(
    surface: pygame.Surface, area: pygame.Rect, kind: str, diagram: Diagram, t: float, ui: Theme
) -> None:
    if diagram.extra == "faces":
        _draw_faces(surface, area, t)
        return
    if diagram.extra == "table":
        _draw_table(surface, area, t, ui)
        return
    frame = _current(kind, t)
    if diagram.extra == "opening":
        assert frame is not None
        _draw_opening(surface, area, frame, ui)
        return
    act = frame.act if frame is not None else diagram.acts[0]
    # The odds card goes under the field: three rows of text, 12 pixels high at the least.
    below = _odds_share(area, ui) if diagram.extra == "odds" else 0.0
    field = _Field(surface, area, act, tray=diagram.tray, below=below)
    if diagram.extra == "muster":
        _draw_muster(field, t)
        return
    if diagram.extra == "odds":
        assert frame is not None
        _draw_odds(field, frame, ui)
        return
    assert frame is not None
    _draw_field(field, frame, diagram)
    if diagram.extra == "quiet":
        _draw_quiet(field, frame, ui)
    _draw_tray(ui, field, frame, diagram)
