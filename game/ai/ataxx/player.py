"""Ataxx's computer opponent as the AI worker uses it: ``AI``, the ``GameAI`` of the registry entry.

The worker gives a position as text with its history (the FEN of the start,
then the moves: repetition needs them) and a level key; ``AI.choose`` rebuilds
the board, searches with the level (``game.ai.ataxx.levels.choose_move``) and answers the
move in UAI notation. The strong levels keep one transposition table from move
to move in the worker's ``memory``, as the strength benchmark's players do: the
last search's tree orders the next one. The careless levels start afresh, so
that deep scores left by a strong search cannot sharpen their sight.

>>> import random, threading
>>> position = "x5o/7/7/7/7/7/o5x x 0 1 moves b6"
>>> move = AI.choose(position, "master", stop=threading.Event(), on_progress=lambda progress: None,
...                  rng=random.Random(1), time_budget=0.05, memory={})
>>> move in [str(legal) for legal in board_from_text(position).legal_moves()]
True
>>> AI.describe_score(125), AI.describe_score(99_993)
(('{score}', {'score': '+1.25'}), ('wins in {turns}', {'turns': 7}))
"""

from __future__ import annotations

from game.ai.api import SearchingAI
from game.ai.ataxx import levels
from game.ai.ataxx.search import Searcher, prepare_compiled
from game.engine.ataxx.board import Board
from game.engine.ataxx.rules import RULES
from game.engine.rules import replay

__all__ = ["AI", "AtaxxAI", "board_from_text"]


def board_from_text(text: str) -> Board:
    """The board a position text describes: its start FEN with every move pushed (history kept)."""
    # Type-checked: the game's rules are a GameRules of its own position type, so replay gives that type.
    return replay(RULES, text)


class AtaxxAI(SearchingAI):
    """The ``GameAI`` of Ataxx (see ``game.ai.api``): its levels on ``Searcher``; scores in hundredths of a piece."""

    rules = RULES
    play = levels
    handles = Searcher.handles
    score_unit = 100
    result_scale = 780.0
    """Fitted to self-play results by ``bench/texel.py`` (material alone): a lead of 7.8 pieces is 73%."""

    def prepare(self) -> None:
        """Start building the compiled search in the background (loaded from the cache after the first time)."""
        prepare_compiled()


AI = AtaxxAI()
"""Ataxx's computer opponent."""
