"""An act's units on a rules diagram's field: what a selected unit may reach, moves and turns sliding,
units placed, bribes, and an attack resolved (hits, figures falling, panic, retreats and pushes).
"""

from __future__ import annotations

import math

from game.engine.lionheart import Action, Battle, Move, Unit, attack_zone
from game.engine.lionheart.notation import square_index
from game.scenes.lionheart.diagram_acts import Diagram, Square, is_roll
from game.scenes.lionheart.diagram_acts import square as square_of
from game.scenes.lionheart.diagram_field import Field, Frame, attack_of, phase, seat_colour
from game.scenes.lionheart.units import facing_angle
from game.ui import theme
from game.ui.anim import ease_in_out, ease_out_cubic
from game.ui.theme import Colour

DIRECTION = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


def turn_angle(old: str, new: str) -> float:
    """The clockwise degrees from facing ``old`` to ``new``: a quarter turn either way, a half turn clockwise."""
    turn = (facing_angle(new) - facing_angle(old)) % 360
    return turn - 360 if turn > 180 else turn


def units_by_square(battle: Battle) -> dict[Square, Unit]:
    return {square_of(unit.square): unit for unit in battle.units}


def match_units(before: Battle, after: Battle, step: str) -> tuple[dict[Square, Square], set[Square]]:
    """Which unit of ``before`` became which of ``after`` (their squares), and the squares of those lost.

    Same square and kind first (a defender losing figures, mercenaries changing sides), then the same kind
    and owner nearest along a file or a rank (a move, a panic, a retreat, a push).
    """
    old, new = units_by_square(before), units_by_square(after)
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


def draw_act(field: Field, frame: Frame, diagram: Diagram) -> None:
    beat = frame.beat
    p = frame.progress
    t = frame.t
    before = frame.states[beat.step]
    after = frame.states[min(beat.step + 1, len(frame.states) - 1)]
    token = frame.token()
    tint: dict[Square, tuple[Colour, float]] = {}
    move = None if not token or is_roll(token) else Move.from_text(token)
    attack = attack_of(frame)
    # What the acting unit may reach lights up while it is selected.
    if beat.kind == "select" and move is not None:
        origin = square_of(move.square)
        unit = before.unit_at(move.square)
        light = ease_out_cubic(phase(t, beat.start, beat.length * 0.6))
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
            fade = 1 - phase(t, beat.start, beat.length) if beat.kind == "result" else 1.0
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
        grow = ease_out_cubic(phase(t, beat.start, beat.length * 0.8)) if beat.kind == "select" else 1.0
        fade = 1 - phase(t, beat.start, beat.length * 0.4) if beat.kind == "result" else 1.0
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
            ease_out_cubic(phase(t, beat.start, 0.35)),
        )


def _draw_units(
    field: Field, frame: Frame, before: Battle, after: Battle, move: Move | None, p: float
) -> None:
    beat = frame.beat
    kind = beat.kind
    if kind == "slide" and move is not None:
        origin, target = square_of(move.square), square_of(move.target)
        for unit in before.units:
            if square_of(unit.square) != origin:
                field.unit(unit)
        moving = before.unit_at(move.square)
        assert moving is not None
        k = ease_in_out(p)
        (x0, y0), (x1, y1) = field.at(origin), field.at(target)
        field.unit(moving, (x0 + (x1 - x0) * k, y0 + (y1 - y0) * k))
        return
    if kind == "turn" and move is not None:
        for unit in before.units:
            if unit.square != move.square:
                field.unit(unit)
        turning = before.unit_at(move.square)
        assert turning is not None
        field.unit(turning, turn=turn_angle(turning.facing, move.facing) * ease_in_out(p))
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
        swap = ease_in_out(phase(frame.t, beat.start + beat.length * 0.35, beat.length * 0.45))
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
            refuse = math.sin(math.pi * phase(frame.t, beat.start + beat.length * 0.3, beat.length * 0.5))
            field.ring(square_of(move.target), theme.DANGER, refuse)
        return
    if kind == "result" and attack_of(frame) is not None:
        _draw_result(field, frame, before, after, p)
        return
    for unit in before.units:
        field.unit(unit)


def _draw_result(field: Field, frame: Frame, before: Battle, after: Battle, p: float) -> None:
    """An attack resolved: hits flash on the target and its figures fall, then units move as the rules say."""
    attack = attack_of(frame)
    assert attack is not None
    _, move = attack
    target = square_of(move.target)
    roll_state = frame.states[frame.beat.step]  # the pending attack, just before its last roll
    pairs, lost = match_units(roll_state, after, frame.token())
    new = units_by_square(after)
    strike = phase(p, 0.05, 0.3)
    motion = ease_in_out(phase(p, 0.4, 0.45))
    for square, unit in units_by_square(roll_state).items():
        if square in lost:
            if square == target:
                # Destroyed: it flares and fades where it stood.
                field.glow(field.at(square), theme.DANGER, math.sin(math.pi * strike) * 0.9)
                field.unit(unit, alpha=int(255 * (1 - phase(p, 0.2, 0.3))))
            else:
                # Panicking into death: it turns about, lurches ahead and is gone.
                turn = ease_in_out(phase(p, 0.35, 0.25))
                lurch = ease_out_cubic(phase(p, 0.55, 0.2))
                fade = 1 - phase(p, 0.7, 0.25)
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
        turn = turn_angle(unit.facing, later.facing)
        if place == square:
            field.unit(unit, turn=turn * motion, figures=figures)
            continue
        # Turning about first (a panic, a retreat), then stepping; a pushed unit keeps its facing.
        rotate = ease_in_out(phase(p, 0.4, 0.2)) if turn else 1.0
        slide = ease_in_out(phase(p, 0.6 if turn else 0.4, 0.35))
        (x0, y0), (x1, y1) = field.at(square), field.at(place)
        centre = (x0 + (x1 - x0) * slide, y0 + (y1 - y0) * slide)
        field.unit(unit, centre, turn=turn * rotate, figures=figures)
