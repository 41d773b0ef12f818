"""Lionheart difficulty levels: how deep, how long and how carelessly the computer thinks, one action at a time.

The same five names as every game. The worker asks for one action at a time
(a turn is two); at a roll the match rolls, never the computer. The weak
levels play like people do: they score each action alone (the Casual, the
Skilled its whole turn), misjudge a little (noise added to each score), and
the Beginner often does not see the other side's threats at all: it walks
into archers' reach and forgets its king. None misses a win it has seen. The
strong levels search with the chance search (``game.ai.expectimax``) as
deep as their time allows, the table kept from action to action.

>>> [level.key for level in LEVELS]
['beginner', 'casual', 'skilled', 'expert', 'master']
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from game.ai import api
from game.ai.expectimax import Expectimax
from game.ai.level_move import LevelMove
from game.ai.lionheart.evaluate import (
    CARELESS_WEIGHTS,
    CHARGING_WEIGHTS,
    DEFAULT_WEIGHTS,
    EvalWeights,
    LionheartHeuristics,
)
from game.ai.lionheart.search import SearchBattle
from game.ai.lionheart.setup import PLANS, WEAK_PLANS, setup_move
from game.engine.lionheart import CHANCE, Battle, Move

__all__ = ["HINT_LEVEL", "LEVELS", "Level", "choose_move", "level_by_key", "new_searcher"]


@dataclass(frozen=True)
class Level(api.CarelessLevel):
    """A difficulty level of Lionheart: what the screens show (``api.Level``) and how it searches.

    As ``api.CarelessLevel``, counting ``depth`` in actions and ``noise`` in
    figures of infantry (100); also ``blind``: the chance, each action, of
    not seeing the other side's threats; ``weak_setup``: the beginner's
    armies too; ``charge``: values going forward above all
    (``CHARGING_WEIGHTS``); ``prune``: below the root, leave out the actions
    that seldom matter (``game.ai.lionheart.search.promising``).
    """

    blind: float = 0.0
    weak_setup: bool = False
    charge: bool = False
    prune: bool = True
    spirited: bool = True
    """Whether the search adds its side's will to fight (``EvalWeights.engage``, ``SearchBattle.spirited``):
    a level that plays wants its battle decided; the hint advises the strongest action and the analysis,
    at the hint's level, judges, both on the battle as it stands (with it, the search after an action that
    closes in would not count the closing in that the search before it counted, and the analysis would mark
    the hint's own advances as mistakes)."""

    @property
    def careless(self) -> bool:
        """Whether the level picks among scored actions with noise instead of searching (or is blind now and then)."""
        return super().careless or self.blind > 0


LEVELS: tuple[Level, ...] = (
    Level("beginner", "Beginner",
          "Charges ahead, walks into arrows and forgets its king.",
          max_think_time=0.5, think_time=0.2, resigns=False, depth=1, noise=60, blind=0.7, wander=0.1,
          weak_setup=True, charge=True),
    Level("casual", "Casual",
          "Takes the attacks it sees, but plans one action at a time.",
          max_think_time=0.6, think_time=0.3, depth=1, noise=30, blind=0.15),
    Level("skilled", "Skilled",
          "Plans its whole turn and rarely leaves a unit exposed.",
          max_think_time=0.8, think_time=0.5, depth=2, noise=25),
    Level("expert", "Expert",
          "Weighs every roll of the dice, looking into your reply.",
          max_think_time=1.0, think_time=0.8),
    Level("master", "Master",
          "The strongest: weighs the dice for up to two and a half seconds an action.",
          max_think_time=3.0, think_time=2.5),
)  # fmt: skip
"""The levels, weakest first."""

HINT_LEVEL = dataclasses.replace(
    LEVELS[-1],
    key=api.HINT,
    name="Hint",
    description="The top level with about a second to think.",
    max_think_time=1.3,
    think_time=1.0,
    spirited=False,
)
"""The level that suggests actions to the player: the top level's search and evaluation without the will to
fight, in the hint's own time; the post-game analysis searches at this level (``game.ai.analysis``)."""


def level_by_key(key: str) -> Level:
    """The level called ``key`` (the hint's included); ``ValueError`` naming the valid keys otherwise."""
    return api.find_level(key, LEVELS, HINT_LEVEL)


def new_searcher(
    *, blind: bool = False, charge: bool = False, hash_mb: int = 16, weights: EvalWeights | None = None
) -> Expectimax:
    """The chance search with Lionheart's heuristics (``blind`` to threats, ``charge``-minded, or with the
    ``weights`` given: the benchmarks try others) and its own table."""
    if weights is None:
        weights = CHARGING_WEIGHTS if charge else DEFAULT_WEIGHTS
    searcher = Expectimax(LionheartHeuristics(weights, blind=blind), hash_mb)
    # A Lionheart node costs a tenth of a millisecond or more: look at the clock and the stop event
    # every 128 nodes, so that a stop is heeded within the worker's 100 ms.
    searcher.check_interval = 128
    return searcher


class _LevelMove(LevelMove[Battle, Move, Level]):
    """How a Lionheart level plays an action (``LevelMove``): the set-up by plan, the rest searched on a
    ``SearchBattle``, a careless level with its own heuristics."""

    def forced(self, position: Battle, level: Level, rng: random.Random) -> Move | None:
        """In the set-up, the next base of the army (``game.ai.lionheart.setup``); else the only legal action,
        if there is one alone. ``ValueError`` if the battle is over or the dice are to be rolled (the match
        rolls them)."""
        if position.turn == CHANCE:
            raise ValueError(
                f"the dice are to be rolled in {position.text()}: the match rolls them, not the computer"
            )
        moves = position.legal_moves()
        if not moves:
            raise ValueError(f"the battle is over in {position.text()}: there is no action to choose")
        if position.in_setup:
            return setup_move(position, PLANS + WEAK_PLANS if level.weak_setup else PLANS, rng)
        return moves[0] if len(moves) == 1 else None

    def searched(self, position: Battle, level: Level) -> SearchBattle:
        return SearchBattle(position.copy(), prune=level.prune, spirited=level.spirited)

    def new_searcher(self, level: Level) -> Expectimax:
        return new_searcher()

    def careless_searcher(self, level: Level, searcher: Expectimax | None, rng: random.Random) -> Expectimax:
        """A search of its own: blind to threats now and then, weighing the actions as a careless (or
        charging) player does."""
        weights = CHARGING_WEIGHTS if level.charge else CARELESS_WEIGHTS
        return new_searcher(blind=rng.random() < level.blind, weights=weights, hash_mb=1)

    def move(self, searched: SearchBattle, raw: int) -> Move:
        return searched.move(raw)


choose_move = _LevelMove().choose_move
"""The action a level plays in a battle (``LevelMove.choose_move``; ``searcher`` an ``Expectimax``), never a
roll."""
