"""Two plain Lionheart players to measure the levels against (``bench/lionheart_strength.py``, the tests).

- ``random_action``: any legal action, uniformly (in the set-up too);
- ``greedy_action``: the attack of the most expected figures (the enemy king
  first when it can be reached); else an action that brings a unit nearer
  the enemy king, a step or a turn towards it (its own king stays
  back); set-up: the first plan.

Neither thinks about the other side's reply.

>>> import random
>>> from game.engine.lionheart import Battle
>>> battle = Battle("gK1e1N,gI4e4N,sI4e5S,sA4d8S,sK1e10S g 2")
>>> str(greedy_action(battle, random.Random(1)))
'e4xe5'
"""

from __future__ import annotations

import random

from game.ai.lionheart.evaluate import DEFAULT_WEIGHTS, attack_gain
from game.ai.lionheart.setup import PLANS, setup_move
from game.engine.lionheart import Action, Battle, Move
from game.engine.lionheart.notation import DELTAS, square_index

__all__ = ["greedy_action", "random_action"]


def random_action(battle: Battle, rng: random.Random) -> Move:
    """Any legal action of the side to act, uniformly; ``battle`` must be at a decision."""
    return rng.choice(battle.legal_moves())


def _distance(square: str, target: str) -> int:
    a, b = square_index(square), square_index(target)
    return abs(a % 9 - b % 9) + abs(a // 9 - b // 9)


def greedy_action(battle: Battle, rng: random.Random) -> Move:
    """The greedy player's action (see the module docstring); ``battle`` must be at a decision."""
    if battle.in_setup:
        return setup_move(battle, PLANS[:1], rng)
    moves = battle.legal_moves()
    attacks = []
    for move in moves:
        if move.action is Action.ATTACK:
            attacker, defender = battle.unit_at(move.square), battle.unit_at(move.target)
            assert attacker is not None and defender is not None
            gain = attack_gain(
                attacker.kind, attacker.figures, defender.kind, defender.figures, DEFAULT_WEIGHTS
            )
            attacks.append((gain, rng.random(), move))
    if attacks:
        return max(attacks, key=lambda item: item[:2])[2]
    king = next(
        (unit.square for unit in battle.units if unit.kind == "K" and unit.owner != battle.side), None
    )
    if king is None:
        return rng.choice(moves)
    scored = []
    for move in moves:
        unit = battle.unit_at(move.square)
        assert unit is not None
        before = _distance(move.square, king)
        if unit.kind == "K":
            gain = -1.0  # the king stays back while anything else can advance
        elif move.action is Action.MOVE:
            gain = before - _distance(move.target, king)
        else:  # a turn: the better its new facing points at the king, the more it gains
            df, dr = DELTAS[move.facing]
            file, rank = square_index(move.square) % 9, square_index(move.square) // 9
            ahead = f"{'abcdefghi'[min(8, max(0, file + df))]}{min(10, max(1, rank + dr + 1))}"
            gain = (before - _distance(ahead, king)) * 0.5 - (0.25 if unit.kind == "H" else 0.0)
        scored.append((gain, rng.random(), move))
    return max(scored, key=lambda item: item[:2])[2]
