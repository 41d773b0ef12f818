"""Lionheart (seed 003): the rules engine of the medieval dice battle.

``from game.engine.lionheart import Battle, Move, GOLD, SILVER, CHANCE`` is the
public import (design.md). ``notation`` holds the squares, the units' table,
``Move`` and the dice tokens; ``battle`` the position with its stack
(``Battle``), which keeps its rules in ``field`` (the units, the geometry, the
dice), ``moves`` (the actions open to a unit), ``combat`` (what an action or a
roll does), ``army`` (level 2's set-up), ``end`` (how a battle ends),
``position_text`` (the position as text) and ``zobrist`` (its keys);
``rules`` is the game as the generic layers see it (``RULES``).

Notation, one token each:

- a move ``d1-d5`` (straight ahead; kings and knights any distance), a turn
  ``c2:E`` (``N``, ``E``, ``S``, ``W``), an attack ``c2xd3`` (a king's attack
  on enemy mercenaries is the bribe: no dice);
- level 2's set-up, one base at a time (Gold all of its bases, then Silver,
  then the opening roll): a placement is the kind letter, the figures when
  the table leaves a choice (peasants 1-4, heavy infantry 1-2, mercenaries
  1-2), ``@`` and a square of the side's two home ranks: ``I@c2``, ``P3@b1``,
  ``R2@h2``; ``done`` ends a side's set-up, legal once its tenth base (the
  king's included) stands and only then;
- a roll: ``H`` per axe, ``F`` per arrow, ``P`` per panic, in that order
  (``HHFP``); ``parse_outcome`` / ``outcome_text`` (``Move.from_text`` never
  reads one; ``rules.RULES.parse_move`` reads both).

Positions as text: ``UNITS SIDE ACTIONS [QUIET [PENDING]]`` (see ``battle`` and ``position_text``).

>>> battle = Battle.level2()
>>> battle.push(Move.from_text("I@c2"))
>>> battle.text()
'gK1e1N,gI4c2N,sK1e10S g 2 0 setup'
"""

from __future__ import annotations

from game.engine.core import CHANCE, Outcome
from game.engine.lionheart.battle import (
    GOLD,
    LEVEL2_TEXT,
    MAX_BASES,
    QUIET_TURNS,
    SILVER,
    STANDARD_TEXT,
    Battle,
    IllegalMoveError,
    InvalidPositionError,
    Termination,
    Unit,
    army_problems,
    attack_zone,
    dice_count,
    hits,
)
from game.engine.lionheart.notation import (
    DICE_FACES,
    KINDS,
    Action,
    InvalidMoveError,
    InvalidOutcomeError,
    KindInfo,
    LionheartError,
    Move,
    dice_outcomes,
    outcome_text,
    parse_outcome,
)

__all__ = [
    "CHANCE",
    "DICE_FACES",
    "GOLD",
    "KINDS",
    "LEVEL2_TEXT",
    "MAX_BASES",
    "QUIET_TURNS",
    "SILVER",
    "STANDARD_TEXT",
    "Action",
    "Battle",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidOutcomeError",
    "InvalidPositionError",
    "KindInfo",
    "LionheartError",
    "Move",
    "Outcome",
    "Termination",
    "Unit",
    "army_problems",
    "attack_zone",
    "dice_count",
    "dice_outcomes",
    "hits",
    "outcome_text",
    "parse_outcome",
]
