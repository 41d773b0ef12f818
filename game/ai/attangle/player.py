"""Attangle's computer opponent as the AI worker uses it: ``AI``, the ``GameAI`` of the registry entry.

The worker gives a position as text (the start, then ``moves`` and the moves
played) and a level key; ``AI.choose`` rebuilds the board, picks the level's
move (``game.ai.attangle.levels.choose_move``) and answers it as text. The
strong levels keep one transposition table from move to move in the worker's
``memory``.

>>> import random, threading
>>> position = "-,-,-,-/-,-,-,-,-/-,-,-,-,-,-/-,-,-,-,-,-,-/-,-,-,-,-,-/-,-,-,-,-/-,-,-,- w 18 18 moves c3"
>>> move = AI.choose(position, "master", stop=threading.Event(), on_progress=lambda progress: None,
...                  rng=random.Random(1), time_budget=0.05, memory={})
>>> move in [str(legal) for legal in board_from_text(position).legal_moves()]
True
>>> AI.describe_score(650), AI.describe_score(99_995)
(('{score}', {'score': '+0.65'}), ('wins in {turns}', {'turns': 5}))
"""

from __future__ import annotations

from game.ai.api import SearchingAI
from game.ai.attangle import levels
from game.ai.attangle.search import Searcher, prepare_compiled
from game.engine.attangle import Board
from game.engine.attangle.rules import RULES
from game.engine.rules import replay

__all__ = ["AI", "AttangleAI", "board_from_text"]


def board_from_text(text: str) -> Board:
    """The board a position text describes: its start with every move pushed."""
    # Type-checked: the game's rules are a GameRules of its own position type, so replay gives that type.
    return replay(RULES, text)


class AttangleAI(SearchingAI):
    """The ``GameAI`` of Attangle (see ``game.ai.api``): its levels on its compiled search; a triple is 1000."""

    rules = RULES
    play = levels
    handles = Searcher.handles
    score_unit = 1000
    result_scale = 700.0
    """Chosen, not fitted: a triple ahead (1000, of the three that win) is about 80%; a triple the mover
    can build at once (650) about 72%."""

    def prepare(self) -> None:
        """Start building the compiled search in the background (loaded from the cache after the first time)."""
        prepare_compiled()

    def move_text(self, position: Board, move: int) -> str:
        """The search's raw moves as text."""
        return str(position.move_from_raw(move))


AI = AttangleAI()
"""Attangle's computer opponent."""
