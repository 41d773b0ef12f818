"""The odds of an attack before it is made: what the battle screen shows when a target is pointed at.

``attack_odds(battle, move)`` walks every roll the attack may lead to (the
attack's dice, and the lone soldier's second die when it comes), each with
its exact probability from ``chance_outcomes()``, plays it on a copy of the
battle, and adds up what happened:

- ``kill``: the chance of taking at least one figure off the target;
- ``destroy``: the chance of taking its last figure (the unit is gone);
- ``panic``: the chance that the attacker turns and runs (every die showing
  panic for a unit that panics; peasants step back after any panic face);
- ``expected_hits``: the hits the dice score on average (as the rules count
  them for the attacker's kind, the lone soldier's second die included) and
  ``expected_kills`` the figures taken on average.

A bribe (a king's attack on enemy mercenaries) rolls no dice: its odds say
whether the mercenaries change sides (``bribe`` is 1.0 or 0.0).

>>> from game.engine.lionheart import Battle, Move
>>> battle = Battle("gI4e4N,gK1a1N,sI4e5S,sK1i10S g 2 1 -")
>>> odds = attack_odds(battle, Move.from_text("e4xe5"))
>>> round(odds.kill, 4), round(odds.destroy, 4), round(odds.panic, 5), odds.dice
(0.9375, 0.0625, 0.00077, 4)
"""

from __future__ import annotations

import dataclasses

from game.engine.core import CHANCE
from game.engine.lionheart.battle import Battle, hits
from game.engine.lionheart.notation import Action, Move

__all__ = ["AttackOdds", "attack_odds"]


@dataclasses.dataclass(frozen=True)
class AttackOdds:
    """What an attack may do, as probabilities (0..1) and expectations (see the module docstring)."""

    dice: int
    kill: float
    destroy: float
    panic: float
    expected_hits: float
    expected_kills: float
    bribe: float | None = None
    """For a bribe: 1.0 if the mercenaries will change sides, 0.0 if they refuse; ``None`` for an attack."""


def attack_odds(battle: Battle, move: Move) -> AttackOdds:
    """The odds of the attack ``move``, which must be a legal attack of ``battle`` (left unchanged).

    Raises ``ValueError`` when ``move`` is not an attack the battle can take now.
    """
    if move.action is not Action.ATTACK or not battle.is_legal(move):
        raise ValueError(f"{move} is not an attack that can be made now")
    work = battle.copy()
    attacker = work.unit_at(move.square)
    defender = work.unit_at(move.target)
    assert attacker is not None and defender is not None
    if work.is_bribe(move):
        work.push(move)
        after = work.unit_at(move.target)
        changed = 1.0 if after is not None and after.owner == attacker.owner else 0.0
        return AttackOdds(0, 0.0, 0.0, 0.0, 0.0, 0.0, bribe=changed)
    dice = work.dice_for(move.square)
    figures_before = sum(unit.figures for unit in work.army(defender.owner))
    bases_before = len(work.army(defender.owner))
    work.push(move)
    totals = {"kill": 0.0, "destroy": 0.0, "panic": 0.0, "hits": 0.0, "kills": 0.0}

    def walk(chance: float, scored: int) -> None:
        # ``scored``: the hits of the rolls so far (the lone soldier's first die counts one).
        if work.turn != CHANCE:
            figures = sum(unit.figures for unit in work.army(defender.owner))
            # Only the target can lose figures on its side: panic kills the attacker's own units.
            killed = figures_before - figures
            if killed:
                totals["kill"] += chance
                totals["kills"] += chance * killed
            if len(work.army(defender.owner)) < bases_before:
                totals["destroy"] += chance
            now = work.unit_at(move.square)
            if now is None or now.owner != attacker.owner or now.kind != attacker.kind or now.facing != attacker.facing:
                totals["panic"] += chance
            totals["hits"] += chance * scored
            return
        lone_second = work.pending_attack is not None and work.pending.kind == "lone"
        for roll, probability in work.chance_outcomes():
            gained = (1 if hits(attacker.kind, roll) else 0) if lone_second else hits(attacker.kind, roll)
            work.push(roll)
            walk(chance * probability, scored + gained)
            work.pop()

    walk(1.0, 0)
    return AttackOdds(
        dice,
        totals["kill"],
        totals["destroy"],
        totals["panic"],
        totals["hits"],
        totals["kills"],
    )
