"""The Master level as it played on the day of the freeze: its think time, and how it asks the search.

``game.ai.ataxx.levels``' Master (``think_time`` 2.5 s, ``max_think_time``
3.0 s, no depth limit, no noise) through ``game.ai.level_move.LevelMove.choose_move``:
the only legal move is played without a search; otherwise the searcher runs
``SearchLimits.within(budget)`` on a copy of the board, the budget being the
think time kept under the promise (``game.ai.api.Level.budget``).
"""

from __future__ import annotations

import threading

from game.engine.ataxx import Board, Move

from .limits import SearchLimits
from .search import Searcher

__all__ = ["MAX_THINK_TIME", "THINK_TIME", "budget", "choose_move"]

THINK_TIME = 2.5
"""Master's seconds a move."""
MAX_THINK_TIME = 3.0
"""What a Master move never exceeds: the budget stays below it."""


def budget(think_time: float = THINK_TIME, max_think_time: float = MAX_THINK_TIME) -> float:
    """The seconds the search is given: ``think_time``, with a margin below ``max_think_time`` (the clock
    is read every few milliseconds, and a busy machine may not run the searching thread for a few more)."""
    return max(0.0, min(max(0.0, think_time), max_think_time * 0.95 - 0.03))


def choose_move(
    board: Board,
    searcher: Searcher,
    *,
    think_time: float = THINK_TIME,
    max_think_time: float = MAX_THINK_TIME,
    stop: threading.Event | None = None,
) -> Move:
    """The move Master plays in ``board`` (left unchanged); ``ValueError`` if the game is over.

    ``bench/strength.py`` gives a ``--movetime`` as both times, as it does to the live levels.
    """
    legal = board.legal_moves()
    if not legal or board.outcome() is not None:
        raise ValueError(f"the game is over in {board.fen()}: there is no move to choose")
    if len(legal) == 1:
        return legal[0]
    move, _ = searcher.search(board.copy(), SearchLimits.within(budget(think_time, max_think_time)), stop)
    return move
