"""Ataxx difficulty levels: how deep, how long and how carelessly the AI thinks.

The weak levels play like people do: they look one or two moves ahead, misjudge
positions a little (noise added to each move's score) and now and then grab
material without looking at the reply (they score the moves one ply deep).
They never miss a win on the board: a move proven to win is always taken. The
strong levels search as deep as their time allows.

>>> [level.key for level in LEVELS]
['beginner', 'casual', 'skilled', 'expert', 'master']
>>> level_by_key("master").name
'Master'
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from game.ai import api
from game.ai.ataxx.search import Searcher, SearchInfo
from game.ai.level_move import LevelMove
from game.engine.ataxx import Board, Move

__all__ = ["HINT_LEVEL", "LEVELS", "Level", "choose_move", "level_by_key", "new_searcher"]


@dataclass(frozen=True)
class Level(api.CarelessLevel):
    """A difficulty level of Ataxx: what the screens show (``api.Level``) and how it searches.

    ``depth``: deepest search (``None``: as deep as ``think_time`` allows);
    ``think_time``: the time budget of a move in seconds; ``noise``: standard
    deviation, in hundredths of a piece, of the error added to each move's
    score (0: plays the best move found); ``overlook``: the chance of scoring the
    moves one ply deep, ignoring the reply. ``max_think_time`` is what a move
    never exceeds on this machine. An Ataxx level never plays a random move
    (``wander`` stays 0): its careless moves are its own (``careless_move``).
    """

    def careless_move(
        self,
        searcher: Searcher,
        position: Board,
        budget: float,
        stop: threading.Event | None,
        on_info: Callable[[SearchInfo], None] | None,
        rng: random.Random,
    ) -> Move:
        """Score every move, add noise, and take the best looking one (a proven win if any); ``on_info``
        hears the move taken with the best move's score."""
        start = time.monotonic()
        depth = 1 if rng.random() < self.overlook else max(1, self.depth or 1)
        scored = searcher.score_moves(position, 1)
        assert scored is not None  # no stop and no deadline: never aborted
        if depth > 1:
            # Moves more than four standard deviations behind are never picked: bound them only.
            margin = 4 * self.noise + 1
            deeper = searcher.score_moves(position, depth, margin=margin, stop=stop, deadline=start + budget)
            if deeper is None:
                depth = 1
            else:
                scored = deeper
        nodes = searcher.nodes
        move: Move  # noisy_choice returns the move it was given, whatever the game's move type
        move, _ = api.noisy_choice(scored, self.noise, rng)
        if on_info is not None:
            # What the level makes of the position: its best move's score, exact (the others may be bounds
            # below it), so a decided loss only when every move loses at its depth (``api.careless_choice``).
            on_info(SearchInfo(depth, scored[0][1], nodes, time.monotonic() - start, (move,)))
        return move


# Spaced by matches (``bench/strength.py --match A B --games 40``): the Beginner loses to the greedy
# player, each level clearly beats the one below, and the steps are about even, so the compiled Master's
# wide lead over the Beginner puts Expert, a fixed five-ply search, in the middle between Skilled and Master. A description
# counts the moves a level reads as plies, each side's move one ("reads five moves ahead": depth 5), as
# Attangle's do; Expert finishes its five compiled, but run as Python (while the kernel is built) most
# positions stop at four within its half second (``python bench/level_depth.py``).
LEVELS: tuple[Level, ...] = (
    Level(
        "beginner",
        "Beginner",
        "Grabs pieces and often forgets that you reply.",
        max_think_time=0.5,
        think_time=0.3,
        resigns=False,
        depth=1,
        noise=150,
        overlook=1.0,
    ),
    Level(
        "casual",
        "Casual",
        "Looks at your reply, but misjudges and slips now and then.",
        max_think_time=0.6,
        think_time=0.4,
        depth=2,
        noise=80,
        overlook=0.3,
    ),
    Level(
        "skilled",
        "Skilled",
        "Reads three moves ahead and rarely gives pieces away.",
        max_think_time=0.8,
        think_time=0.5,
        depth=3,
        noise=40,
        overlook=0.0,
    ),
    Level(
        "expert",
        "Expert",
        "Reads five moves ahead and hardly ever gives pieces away.",
        max_think_time=1.0,
        think_time=0.5,
        depth=5,
    ),
    Level(
        "master",
        "Master",
        "The strongest: thinks up to two and a half seconds a move.",
        max_think_time=3.0,
        think_time=2.5,
    ),
)
"""The levels, weakest first."""

HINT_LEVEL = Level(
    api.HINT,
    "Hint",
    "The top level with about a second to think.",
    max_think_time=1.3,
    think_time=1.0,
)
"""The level that suggests moves to the player."""


def level_by_key(key: str) -> Level:
    """The level called ``key``; raises ``ValueError`` naming the valid keys otherwise."""
    return api.find_level(key, LEVELS)


def new_searcher() -> Searcher:
    """Ataxx's bitboard search (compiled once this process has built it), with its own table."""
    return Searcher()


class _LevelMove(LevelMove[Board, Move, Level]):
    """How an Ataxx level plays a move (``LevelMove``)."""

    def forced(self, position: Board, level: Level, rng: random.Random) -> Move | None:
        """The only legal move, if there is one alone; ``ValueError`` if the game is over."""
        legal = position.legal_moves()
        if not legal or position.outcome() is not None:
            raise ValueError(f"the game is over in {position.fen()}: there is no move to choose")
        return legal[0] if len(legal) == 1 else None

    def new_searcher(self, level: Level) -> Searcher:
        return new_searcher()


choose_move = _LevelMove().choose_move
"""The move a level plays in a board (``LevelMove.choose_move``; ``searcher`` a ``Searcher``)."""
