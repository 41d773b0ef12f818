"""The battle's actions: the moves, turns and attacks open to a unit, and why an action is refused.

Each action is a ``Move`` built once and shared (``MOVES_AHEAD``, ``TURNS``,
the attacks' cache), so generating the moves of a position builds no value.
"""

from __future__ import annotations

from game.engine.lionheart.field import ARCHER_ZONE, INDEX, NEIGHBOURS, RAYS, STEP, Unit, side_name
from game.engine.lionheart.notation import FACINGS, KINDS, SQUARE_NAMES, SQUARES, Action, Move, _trusted_move

__all__ = ["MOVES_AHEAD", "TURNS", "action_reason", "unit_moves"]

_ACTION_CACHE: dict[tuple[int, int, int], Move] = {}
_MOVE, _TURN, _ATTACK = 0, 1, 2


def _action(code: int, square: int, other: int) -> Move:
    """The ``Move`` of an action, built once (the battle's own, known good values)."""
    key = (code, square, other)
    move = _ACTION_CACHE.get(key)
    if move is None:
        name = SQUARE_NAMES[square]
        if code == _MOVE:
            move = _trusted_move(Action.MOVE, name, SQUARE_NAMES[other])
        elif code == _TURN:
            move = _trusted_move(Action.TURN, name, facing=FACINGS[other])
        else:
            move = _trusted_move(Action.ATTACK, name, SQUARE_NAMES[other])
        _ACTION_CACHE[key] = move
    return move


MOVES_AHEAD: dict[str, tuple[tuple[Move, ...], ...]] = {
    facing: tuple(tuple(_action(_MOVE, sq, ahead) for ahead in RAYS[facing][sq]) for sq in range(SQUARES))
    for facing in FACINGS
}
"""``MOVES_AHEAD[facing][sq]``: the moves to each square of ``RAYS[facing][sq]``, nearest first."""
TURNS: dict[str, tuple[tuple[Move, ...], ...]] = {
    facing: tuple(
        tuple(_action(_TURN, sq, index) for index, new in enumerate(FACINGS) if new != facing)
        for sq in range(SQUARES)
    )
    for facing in FACINGS
}
"""``TURNS[facing][sq]``: the turns of a unit on ``sq`` facing ``facing`` to the three other facings."""


def unit_moves(units: dict[int, Unit], sq: int, unit: Unit, actions: int, moves: list[Move]) -> None:
    """Add to ``moves`` the legal actions of ``unit``, on ``sq`` among ``units``, with ``actions`` left in
    its side's turn: its moves ahead, its turns, then its attacks."""
    kind, facing = unit.kind, unit.facing
    if kind != "H" or actions == 2:
        ray = RAYS[facing][sq]
        if kind == "K" or kind == "N":
            free = 0
            for ahead in ray:
                if ahead in units:
                    break
                free += 1
            moves.extend(MOVES_AHEAD[facing][sq][:free])
        elif ray and ray[0] not in units:
            moves.append(MOVES_AHEAD[facing][sq][0])
        moves.extend(TURNS[facing][sq])
    if not unit.attacked:
        owner = unit.owner
        if kind == "A":
            zone = ARCHER_ZONE[facing][sq]
        elif kind == "H":
            zone = NEIGHBOURS[sq]
        else:
            ahead = STEP[facing][sq]
            defender = units.get(ahead) if ahead >= 0 else None
            if defender is not None and defender.owner != owner:
                moves.append(_action(_ATTACK, sq, ahead))
            return
        for target in zone:
            defender = units.get(target)
            if defender is not None and defender.owner != owner:
                moves.append(_action(_ATTACK, sq, target))


def action_reason(units: dict[int, Unit], side: int, actions: int, move: Move) -> str:
    """Why ``move``, a move, turn or attack that ``unit_moves`` does not list, cannot be played by ``side``
    with ``actions`` left."""
    unit = units.get(INDEX[move.square])
    if unit is None:
        return f"there is no unit on {move.square}"
    if unit.owner != side:
        return f"the unit on {move.square} is {side_name(unit.owner)}'s"
    info = KINDS[unit.kind]
    if move.action is Action.ATTACK:
        defender = units.get(INDEX[move.target])
        if unit.attacked:
            return f"the {info.name} on {move.square} have attacked in this turn already"
        if defender is None:
            return f"there is no unit on {move.target} to attack"
        if defender.owner == unit.owner:
            return f"the unit on {move.target} is {side_name(unit.owner)}'s own"
        return f"{move.target} is out of the reach of the {info.name} on {move.square} (facing {unit.facing})"
    if unit.kind == "H" and actions < 2:
        return "heavy infantry needs both actions of a turn to move or turn"
    if move.action is Action.TURN:
        return f"the {info.name} on {move.square} face {unit.facing} already"
    return f"the {info.name} on {move.square} (facing {unit.facing}) cannot move to {move.target}"
