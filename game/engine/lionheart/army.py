"""Level 2's set-up: what an army may field, the placements open to the side placing, and why a placement
is refused.

Bases face the enemy (Gold N, Silver S) on the side's two home ranks; an army
keeps to the table's figures per kind, one unit of mercenaries and ten bases
(the king included); ``done`` ends the side's set-up once its tenth base
stands, and not before.
"""

from __future__ import annotations

from game.engine.lionheart.field import HOME_RANKS, INDEX, Unit, side_name
from game.engine.lionheart.notation import KINDS, PLACEABLE, SQUARE_NAMES, Action, Move

__all__ = ["MAX_BASES", "army_problems", "bases", "placement_reason", "placements"]

MAX_BASES = 10
"""Bases an army has (level 2), its king included."""


def bases(count: int) -> str:
    """``count`` bases as words (``1 base``, ``3 bases``)."""
    return f"{count} base" if count == 1 else f"{count} bases"


def army_problems(army: list[Unit]) -> list[str]:
    """What in ``army`` breaks level 2's table: figures of a kind over the army's limit, more than one
    unit of mercenaries, more than ten bases. ``[]`` if none."""
    problems = []
    if len(army) > MAX_BASES:
        problems.append(f"{len(army)} bases, more than {MAX_BASES}")
    for kind, info in KINDS.items():
        figures = sum(unit.figures for unit in army if unit.kind == kind)
        count = sum(unit.kind == kind for unit in army)
        if figures > info.army_limit:
            problems.append(f"{figures} {info.name}, more than {info.army_limit}")
        elif count > info.max_bases:
            problems.append(f"{count} units of {info.name}, more than {info.max_bases}")
    return problems


def placements(units: dict[int, Unit], side: int) -> list[Move]:
    """Every legal action of ``side`` placing its army among ``units``: its placements, or ``done`` once
    the army is whole."""
    army = [unit for unit in units.values() if unit.owner == side]
    if len(army) >= MAX_BASES:
        return [Move.done()]  # the army is whole: its set-up ends when the player says so
    free = [sq for rank in HOME_RANKS[side] for sq in range(rank * 9, rank * 9 + 9) if sq not in units]
    moves: list[Move] = []
    for kind in PLACEABLE:
        info = KINDS[kind]
        if sum(unit.kind == kind for unit in army) >= info.max_bases:
            continue
        used = sum(unit.figures for unit in army if unit.kind == kind)
        for figures in info.base_sizes:
            if used + figures <= info.army_limit:
                moves.extend(Move(Action.PLACE, SQUARE_NAMES[sq], unit=kind, figures=figures) for sq in free)
    return moves


def placement_reason(units: dict[int, Unit], side: int, move: Move) -> str:
    """Why ``move``, a placement or ``done`` not in ``placements(units, side)``, is refused."""
    army = [unit for unit in units.values() if unit.owner == side]
    name = side_name(side)
    if move.action is Action.DONE:
        left = MAX_BASES - len(army)
        return (
            f"{name} has placed {len(army)} of its {MAX_BASES} bases (the king's included): "
            f"{bases(left)} more before done"
        )
    if len(army) >= MAX_BASES:
        return f"{name} has its {MAX_BASES} bases: the set-up ends with done"
    sq = INDEX[move.square]
    if sq // 9 not in HOME_RANKS[side]:
        ranks = " and ".join(str(rank + 1) for rank in HOME_RANKS[side])
        return f"{name} places on ranks {ranks} only"
    if sq in units:
        return f"{move.square} is taken"
    info = KINDS[move.unit]
    if move.unit == "R" and any(unit.kind == "R" for unit in army):
        return "an army has one unit of mercenaries at most"
    used = sum(unit.figures for unit in army if unit.kind == move.unit)
    return f"an army fields {info.army_limit} {info.name} at most ({used} placed)"
