"""Level 2's set-up for the computer: an army chosen from a few sound plans, placed one base a request.

Each plan is nine bases within the seed's table (the king stands on e1 / e10
already), written for Gold and mirrored for Silver: a front rank of strong
foot (mass infantry, infantry, heavy infantry before the king), a back rank
of knights beside the king and archers behind the infantry, so that the
archers shoot over their own lines and the king has a guard in front.

The worker asks for one placement at a time and keeps nothing: the plan being
followed is the one whose bases are all on the field already (each plan's
first base is its own). An army that follows no plan (a player asking for a
hint) gets the plan it has most in common with, its bases moved to the
nearest free square and dropped when the table allows no more of their kind;
what the plan cannot give is made up with the biggest base left, in the
centre of the front rank. Every army gets its ten bases (the king's
included) before its ``done``, the only time ``done`` is legal.

>>> from game.engine.lionheart import Battle
>>> battle = Battle.level2()
>>> import random
>>> while battle.in_setup:
...     battle.push(setup_move(battle, PLANS, random.Random(3)))
>>> len(battle.army(0)), len(battle.army(1)), battle.pending.kind
(10, 10, 'start')
"""

from __future__ import annotations

import random

from game.engine.lionheart import GOLD, KINDS, Battle, Move

__all__ = ["PLANS", "WEAK_PLANS", "Plan", "setup_move"]

Plan = tuple[tuple[str, int, str], ...]
"""Bases to place in order: kind letter, figures, square as Gold (rank 1 the back, rank 2 the front)."""

PLANS: tuple[Plan, ...] = (
    # Two masses in the centre, heavy infantry before the king, archers behind infantry.
    (("M", 10, "d2"), ("H", 2, "e2"), ("M", 10, "f2"), ("I", 4, "c2"), ("I", 4, "g2"),
     ("N", 2, "d1"), ("N", 2, "f1"), ("A", 4, "c1"), ("A", 4, "g1")),
    # Masses on the wings, infantry in the centre.
    (("M", 10, "c2"), ("I", 4, "d2"), ("H", 2, "e2"), ("I", 4, "f2"), ("M", 10, "g2"),
     ("N", 2, "d1"), ("N", 2, "f1"), ("A", 4, "c1"), ("A", 4, "g1")),
    # A broad front: three infantry and a mass, mercenaries on a wing.
    (("I", 4, "e2"), ("M", 10, "d2"), ("I", 4, "f2"), ("M", 10, "c2"), ("R", 2, "g2"),
     ("N", 2, "d1"), ("N", 2, "f1"), ("A", 4, "c1"), ("A", 4, "g1")),
)  # fmt: skip
"""The strong levels' plans."""

WEAK_PLANS: tuple[Plan, ...] = (
    # What a beginner fields: peasants and mercenaries up front, the king's guard forgotten.
    (("P", 4, "e2"), ("I", 4, "c2"), ("I", 4, "g2"), ("R", 2, "a2"), ("A", 4, "d1"),
     ("N", 2, "f1"), ("I", 4, "i2"), ("A", 4, "b1"), ("N", 2, "h1")),
    (("I", 4, "b2"), ("I", 4, "d2"), ("I", 4, "f2"), ("I", 4, "h2"), ("A", 4, "e2"),
     ("N", 2, "a1"), ("N", 2, "i1"), ("P", 2, "c1"), ("H", 1, "g1")),
)  # fmt: skip
"""Plans of the beginner's (it also plays the strong ones now and then)."""


def _mirror(square: str, side: int) -> str:
    """A plan's square (written for Gold) for ``side``."""
    if side == GOLD:
        return square
    return f"{square[0]}{11 - int(square[1:])}"


def setup_move(battle: Battle, plans: tuple[Plan, ...], rng: random.Random) -> Move:
    """The next placement of the side setting up in ``battle``, or ``done`` once its ten bases stand; always legal.

    ``battle`` must be in its set-up. A new army takes one of ``plans`` at
    random; an army under way goes on with the plan it follows.
    """
    side = battle.side
    legal = battle.legal_moves()
    placed = {(unit.kind, unit.figures, unit.square) for unit in battle.army(side) if unit.kind != "K"}
    mirrored = [
        tuple((kind, figures, _mirror(square, side)) for kind, figures, square in plan) for plan in plans
    ]
    if not placed:
        plan = mirrored[rng.randrange(len(mirrored))]
    else:
        plan = max(mirrored, key=lambda bases: sum(base in placed for base in bases))
    legal_set = set(legal)
    for kind, figures, square in plan:
        if (kind, figures, square) in placed:
            continue
        wanted = Move.place(kind, square, figures)
        if wanted in legal_set:
            return wanted
        near = _nearest_free(battle, kind, figures, square, legal_set)
        if near is not None:
            return near
    if legal == [Move.done()]:
        return legal[0]
    return max(legal, key=lambda move: _filler_worth(move, side))


def _filler_worth(move: Move, side: int) -> tuple[int, int, int]:
    """How well ``move`` fills a gap the plan leaves: more figures, then the front rank, then near the centre."""
    rank = int(move.square[1:])
    front = rank == (2 if side == GOLD else 9)
    return move.figures, int(front), -abs(ord(move.square[0]) - ord("e"))


def _nearest_free(battle: Battle, kind: str, figures: int, square: str, legal: set[Move]) -> Move | None:
    """The placement of this base on the free square of the same rank nearest ``square`` (then the other
    home rank), or ``None`` if the table allows no more of its kind."""
    if KINDS[kind].army_limit < figures:
        return None
    file, rank = ord(square[0]) - 97, int(square[1:])
    other_rank = rank + 1 if rank in (1, 9) else rank - 1
    for row in (rank, other_rank):
        for shift in sorted(range(-8, 9), key=abs):
            if 0 <= file + shift < 9:
                move = Move.place(kind, f"{chr(97 + file + shift)}{row}", figures)
                if move in legal:
                    return move
    return None
