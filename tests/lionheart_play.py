"""Helpers of the Lionheart tests: small battles by hand, and random games that fight.

``battle(units)`` builds a position from the units that matter and adds, on
squares out of the way, what keeps the battle going (a king and an infantry
base for each side that lacks them). ``random_game`` plays a game with a
player that prefers attacks and advances, so random games reach the dice.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from game.engine.lionheart import CHANCE, QUIET_TURNS, Action, Battle, Move

FILLER = {"gK": "gK1a1N", "gX": "gI4b1N", "sK": "sK1i10S", "sX": "sI4h10S"}

STARTS = [
    "standard",
    "gK1e1N,sK1e10S g 2 0 setup",
    # close quarters: every kind of unit, in reach of one another
    "gA4c4N,gN2d4N,gK1e3N,gH2f4N,gP4g4N,gR2h4N,gM10b4N,gI4e4N,"
    "sI4c5S,sM10d5S,sR2e5S,sP3f5S,sH2g5S,sN2h5S,sA4b6S,sK1e7S g 2 0 -",
    "gP2a5N,gK1b5N,gR1c5N,gI1d5N,gA1e5E,sN1a6S,sH1b6S,sR2c6S,sK1d6W,sP1f5W s 1 7 -",
]


def battle(units: str, side: str = "g", actions: int = 2, quiet: int = 1, pending: str = "-") -> Battle:
    """A battle with ``units`` (comma-separated unit texts), plus a king (a1, i10) and a base (b1, h10) for each
    side without one."""
    items = [item for item in units.split(",") if item]
    for owner in "gs":
        if not any(item.startswith(f"{owner}K") for item in items):
            items.append(FILLER[f"{owner}K"])
        if not any(item[0] == owner and item[1] != "K" for item in items):
            items.append(FILLER[f"{owner}X"])
    return Battle(f"{','.join(items)} {side} {actions} {quiet} {pending}")


ARMIES = (
    ("M@a1", "M@b1", "A@c1", "A@d1", "I@a2", "I@b2", "I@c2", "I@d2", "I@e2"),
    ("M@a10", "M@b10", "A@c10", "A@d10", "I@a9", "I@b9", "I@c9", "I@d9", "I@e9"),
)
"""Nine placements a side that make whole armies of level 2 (ten bases with the king)."""
GOLD_SET_UP = "gM10a1N,gM10b1N,gA4c1N,gA4d1N,gK1e1N,gI4a2N,gI4b2N,gI4c2N,gI4d2N,gI4e2N,sK1e10S"
"""The units once Gold has placed ``ARMIES[0]``: with ``s 2 0 setup``, Silver's set-up."""


def start(name: str) -> Battle:
    """One of ``STARTS`` as a battle."""
    return Battle.standard() if name == "standard" else Battle(name)


def roll(battle: Battle, rng: random.Random) -> tuple[str, ...]:
    """A roll drawn with its probability."""
    outcomes = battle.chance_outcomes()
    return rng.choices([outcome for outcome, _ in outcomes], [p for _, p in outcomes])[0]


def choose(battle: Battle, rng: random.Random, fierce: bool = True) -> Move:
    """A legal action: with ``fierce``, an attack when there is one (mostly), else mostly a move."""
    moves = battle.legal_moves()
    if fierce and rng.random() < 0.9:
        attacks = [move for move in moves if move.action is Action.ATTACK]
        if attacks:
            return rng.choice(attacks)
        advances = [move for move in moves if move.action in (Action.MOVE, Action.PLACE)]
        if advances and rng.random() < 0.8:
            return rng.choice(advances)
    return rng.choice(moves)


def random_game(battle: Battle, seed: int, fierce: bool = True, limit: int = 100_000) -> Iterator[Battle]:
    """Play ``battle`` to its end (or ``limit`` entries), yielding it before each entry and at the end."""
    rng = random.Random(seed)
    for _ in range(limit):
        yield battle
        if battle.outcome() is not None:
            return
        battle.push(roll(battle, rng) if battle.turn == CHANCE else choose(battle, rng, fierce))
    yield battle  # cut at ``limit``: the position after the last entry too, as after a finished game


def long_battle() -> list[object]:
    """The entries of a legal battle from the standard start of more than 7,000 entries (actions and rolls).

    Thirty quiet turns in a row draw; so every turn attacks where it can with a roll that takes nothing
    (an attack and its roll, twice a turn), and on the 29th or 30th quiet turn an attack takes one
    figure, never the last of an army; a side that cannot attack advances. The battle ends drawn, each
    king with one figure beside it: 62 figures fall, each after a long fight.
    """
    battle = Battle.standard()
    rng = random.Random(1)
    entries: list[object] = []

    def play(entry: object) -> None:
        battle.push(entry)  # type: ignore[arg-type]
        entries.append(entry)

    while battle.outcome() is None:
        if battle.turn == CHANCE:  # the opening roll: Gold all axes, Silver none
            outcomes = [outcome for outcome, _ in battle.chance_outcomes()]
            play(outcomes[-1] if battle.pending.token else outcomes[0])
            continue
        wanted = [1, 0] if battle.quiet >= QUIET_TURNS - 1 else [0]
        attack = _attack_taking(battle, wanted)
        if attack is None:
            moves = battle.legal_moves()
            advances = [move for move in moves if move.action is Action.MOVE]
            play(rng.choice(advances or moves))
            continue
        for entry in attack:
            play(entry)
    return entries


def _figures(battle: Battle) -> int:
    return sum(unit.figures for side in (0, 1) for unit in battle.army(side))


def _attack_taking(battle: Battle, wanted: list[int]) -> list[object] | None:
    """An attack and the rolls that make it take ``wanted[0]`` figures (else ``wanted[1]``...) without ending
    the battle, or ``None``."""
    for figures in wanted:
        for move in battle.legal_moves():
            if move.action is not Action.ATTACK:
                continue
            battle.push(move)
            rolls = _rolls_taking(battle, figures) if battle.turn == CHANCE else None
            battle.pop()
            if rolls is not None:
                return [move, *rolls]
    return None


def _rolls_taking(battle: Battle, figures: int) -> list[object] | None:
    before = _figures(battle)
    for outcome, _ in battle.chance_outcomes():
        battle.push(outcome)
        if battle.turn == CHANCE:  # the lone soldier's second roll
            rolls = _rolls_taking(battle, figures - (before - _figures(battle)))
            battle.pop()
            if rolls is not None:
                return [outcome, *rolls]
            continue
        taken = before - _figures(battle) == figures and battle.outcome() is None
        battle.pop()
        if taken:
            return [outcome]
    return None
