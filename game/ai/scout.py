"""The self-play of a game's puzzle scout (``game.ai.<game>.scout``): two levels playing a game out.

The puzzle miner (``tools/mine_puzzles.py``) asks a game's ``Scout`` for the
positions of games between two of its levels and looks for forced wins in
them. Such a game is played alike in every game: each seat keeps its own
search (so its own table) for the whole game and plays its level's move in
``time_budget`` seconds, until the game ends by its rules or its match rules.
``SelfPlay`` holds that loop; a game's scout subclasses it with its pieces.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from game.ai.api import Level
from game.engine.levels import LevelInfo
from game.engine.proof import Prover
from game.engine.rules import GameRules

__all__ = ["ScoutLevels", "SelfPlay"]


class ScoutLevels(Protocol):
    """The part of a game's levels module (``game.ai.<game>.levels``) its scout plays with."""

    @property
    def choose_move(self) -> Callable[..., Any]:
        """The move a level plays: ``(position, level, *, rng, time_budget, searcher)``."""
        ...

    @property
    def level_by_key(self) -> Callable[[str], Level]:
        """The level called by a key."""
        ...


class SelfPlay:
    """Plays a game's games between two levels for its puzzle scout, ``time_budget`` seconds a move.

    ``rules`` read and write the positions and say when a game ends (with the
    match rules, as ``Prover.end`` does); ``levels`` is the game's levels
    module; ``new_searcher`` makes a search with its own table, one a seat.
    """

    def __init__(
        self,
        rules: GameRules[Any, Any],
        levels: ScoutLevels,
        new_searcher: Callable[[], Any],
        time_budget: float,
    ) -> None:
        self.rules = rules
        self.levels = levels
        self.new_searcher = new_searcher
        self.time_budget = time_budget
        self.referee = Prover(rules)
        """Only its ``end``: how a game is over, by the rules then the match rules."""

    def play(self, level: LevelInfo, pair: tuple[str, str], rng: random.Random) -> Iterator[str]:
        """One game from ``level`` between the levels ``pair``, the text of every position."""
        position = self.rules.new_position(level.position)
        searchers = (self.new_searcher(), self.new_searcher())
        players = (self.levels.level_by_key(pair[0]), self.levels.level_by_key(pair[1]))
        while self.referee.end(position) is None:
            seat = int(position.turn)
            move = self.levels.choose_move(
                position, players[seat], rng=rng, time_budget=self.time_budget, searcher=searchers[seat]
            )
            position.push(move)
            yield self.rules.position_text(position)
