"""Attangle difficulty levels: how deep, how long and how carelessly the computer thinks.

The same five names as every game. The weak levels play like people do: they
look one or two moves ahead, misjudge a little (noise added to each move's
score), the Skilled now and then forgets to look at the reply, and the
Beginner (more often than not) and the Casual (now and then) just put a piece
down anywhere. None misses a win it has seen. The Expert reads three moves
ahead; the Master searches as deep as its time allows. They search with
``game.ai.attangle.search`` (compiled once the AI child has built it: the same
tree as the generic alpha-beta, only faster), the weak levels and the Expert
to a fixed depth, so only the Master and the hint play stronger for the speed.

The steps are measured by ``bench/attangle_strength.py``: each level clearly
beats the one below, and the Beginner loses to the greedy player more often
than not.

>>> [level.key for level in LEVELS]
['beginner', 'casual', 'skilled', 'expert', 'master']
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.ai import api
from game.ai.attangle.search import Searcher
from game.ai.level_move import LevelMove
from game.engine.attangle import Board, Move

__all__ = ["HINT_LEVEL", "LEVELS", "Level", "choose_move", "level_by_key", "new_searcher"]


@dataclass(frozen=True)
class Level(api.CarelessLevel):
    """A difficulty level of Attangle: what the screens show (``api.Level``) and how it searches
    (``api.CarelessLevel``; a triple is 1000 in ``noise``)."""


LEVELS: tuple[Level, ...] = (
    Level("beginner", "Beginner", "Places pieces almost anywhere and misses captures.",
          max_think_time=0.5, think_time=0.3, resigns=False, depth=1, noise=500, wander=0.55),
    Level("casual", "Casual", "Takes most of what it sees, but never looks at your reply.",
          max_think_time=0.6, think_time=0.4, depth=1, noise=250, wander=0.15),
    Level("skilled", "Skilled", "Looks at your reply every other move, and misjudges a little.",
          max_think_time=0.8, think_time=0.5, depth=2, noise=150, overlook=0.5),
    Level("expert", "Expert", "Reads four moves ahead and rarely leaves a triple to take.",
          max_think_time=1.0, think_time=0.5, depth=4),
    Level("master", "Master", "The strongest: thinks up to two and a half seconds a move.",
          max_think_time=3.0, think_time=2.5),
)  # fmt: skip
"""The levels, weakest first."""

HINT_LEVEL = Level(api.HINT, "Hint", "The top level with about a second to think.",
                   max_think_time=1.3, think_time=1.0)  # fmt: skip
"""The level that suggests moves to the player."""


def level_by_key(key: str) -> Level:
    """The level called ``key`` (the hint's included); ``ValueError`` naming the valid keys otherwise."""
    return api.find_level(key, LEVELS, HINT_LEVEL)


def new_searcher(hash_mb: int = 16) -> Searcher:
    """Attangle's search (compiled once this process has built it), with its own table."""
    return Searcher(hash_mb)


class _LevelMove(LevelMove[Board, Move, Level]):
    """How an Attangle level plays a move (``LevelMove``): its search answers raw moves."""

    def forced(self, position: Board, level: Level, rng: random.Random) -> Move | None:
        """The only legal move, if there is one alone; ``ValueError`` if the game is over."""
        moves = position.raw_moves()
        if not moves:
            raise ValueError(f"the game is over in {position.text()}: there is no move to choose")
        return position.move_from_raw(moves[0]) if len(moves) == 1 else None

    def new_searcher(self, level: Level) -> Searcher:
        # A careless level's searches are shallow: a small table is enough.
        return new_searcher(1 if level.careless else 16)

    def move(self, searched: Board, raw: int) -> Move:
        return searched.move_from_raw(raw)


choose_move = _LevelMove().choose_move
"""The move a level plays in a board (``LevelMove.choose_move``; ``searcher`` a ``Searcher``)."""
