"""The odds the battle screen shows before an attack, against brute force: every die rolled one by one."""

from __future__ import annotations

import itertools

import pytest
from lionheart_play import battle

from game.engine.core import CHANCE
from game.engine.lionheart import Battle, Move
from game.engine.lionheart.odds import attack_odds

FACES = ("axe", "axe", "axe", "arrow", "arrow", "panic")
"""A die's six faces, each as likely."""

CASES = [
    # infantry on infantry, four dice
    ("gI4e4N,sI4e5S", "e4xe5"),
    # archers over a unit, arrows hit; a two-hit target
    ("gA4e3N,gI4e4N,sN2f6S", "e3xf6"),
    # the lone infantryman on knights: a second roll after a hit
    ("gI1e4N,sN2e5S", "e4xe5"),
    # a lone archer on the king
    ("gA1e3N,sK1d5S,sI4h10S", "e3xd5"),
    # knights on heavy infantry: four dice, two hits a figure
    ("gN2e4N,sH2e5S", "e4xe5"),
    # peasants: the more frequent of axes and arrows; any panic sends them back
    ("gP3e4N,sI2e5S", "e4xe5"),
    # mercenaries push the defender back per panic
    ("gR2e4N,sA4e5S", "e4xe5"),
    # mass infantry: four dice at most
    ("gM10e4N,sI4e5S", "e4xe5"),
    # panic into an own unit behind: the chain
    ("gI4e4N,gI4e3N,sI3e5S", "e4xe5"),
    # heavy infantry strikes sideways
    ("gH2e4N,sP2f4W", "e4xf4"),
]


def brute_force(position: Battle, move: Move) -> tuple[float, float, float, float]:
    """Kill, destroy, panic and expected kills, rolling each die one face of six at a time."""
    start = position.copy()
    attacker = start.unit_at(move.square)
    defender = start.unit_at(move.target)
    assert attacker is not None and defender is not None
    figures = sum(unit.figures for unit in start.army(defender.owner))
    bases = len(start.army(defender.owner))
    totals = [0.0, 0.0, 0.0, 0.0]

    def settle(work: Battle, chance: float) -> None:
        if work.turn == CHANCE:
            dice = len(work.chance_outcomes()[0][0])
            for faces in itertools.product(FACES, repeat=dice):
                work.push(tuple(faces))
                settle(work, chance / 6**dice)
                work.pop()
            return
        lost = figures - sum(unit.figures for unit in work.army(defender.owner))
        totals[0] += chance * (lost > 0)
        totals[1] += chance * (len(work.army(defender.owner)) < bases)
        now = work.unit_at(move.square)
        totals[2] += chance * (now is None or now.facing != attacker.facing or now.owner != attacker.owner)
        totals[3] += chance * lost

    work = start.copy()
    work.push(move)
    settle(work, 1.0)
    return totals[0], totals[1], totals[2], totals[3]


@pytest.mark.parametrize(("units", "attack"), CASES)
def test_the_odds_match_brute_force(units: str, attack: str) -> None:
    position = battle(units)
    move = Move.from_text(attack)
    before = position.text()
    odds = attack_odds(position, move)
    assert position.text() == before  # the battle is left as it was
    kill, destroy, panic, kills = brute_force(position, move)
    assert odds.kill == pytest.approx(kill, abs=1e-12)
    assert odds.destroy == pytest.approx(destroy, abs=1e-12)
    assert odds.panic == pytest.approx(panic, abs=1e-12)
    assert odds.expected_kills == pytest.approx(kills, abs=1e-12)
    assert odds.dice == position.dice_for(move.square)
    assert 0 <= odds.destroy <= odds.kill <= 1


def test_known_values() -> None:
    odds = attack_odds(battle("gI4e4N,sI4e5S"), Move.from_text("e4xe5"))
    assert odds.kill == pytest.approx(1 - 0.5**4)
    assert odds.destroy == pytest.approx(0.5**4)
    assert odds.panic == pytest.approx(6**-4)
    assert odds.expected_hits == pytest.approx(2.0)
    # Archers: one hit in three a die.
    odds = attack_odds(battle("gA4e3N,sI4e5S"), Move.from_text("e3xe5"))
    assert odds.expected_hits == pytest.approx(4 / 3)
    # Kings and mercenaries never panic.
    assert attack_odds(battle("gK1e4N,sI4e5S"), Move.from_text("e4xe5")).panic == 0.0


def test_a_bribe_has_no_dice() -> None:
    accepted = attack_odds(battle("gK1e4N,sR2e5S"), Move.from_text("e4xe5"))
    assert accepted.bribe == 1.0 and accepted.dice == 0
    refused = attack_odds(battle("gK1e4N,sR2e5S,sK1e6S"), Move.from_text("e4xe5"))
    assert refused.bribe == 0.0


def test_only_legal_attacks() -> None:
    with pytest.raises(ValueError):
        attack_odds(battle("gI4e4N,sI4e6S"), Move.from_text("e4xe6"))
    with pytest.raises(ValueError):
        attack_odds(battle("gI4e4N,sI4e6S"), Move.from_text("e4-e5"))
