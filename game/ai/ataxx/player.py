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
(('{score}', {'score': '+1.25'}), ('wins in {plies}', {'plies': 7}))
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Mapping
from typing import Any

from game.ai.api import Level, Progress
from game.ai.ataxx import levels as ataxx_levels
from game.ai.ataxx.search import Searcher, SearchInfo, is_win_score, plies_to_end
from game.engine.ataxx.board import Board
from game.engine.rules import split_history_text

__all__ = ["AI", "AtaxxAI", "board_from_text"]


def board_from_text(text: str) -> Board:
    """The board a position text describes: its start FEN with every move pushed (history kept)."""
    start, moves = split_history_text(text)
    board = Board(start)
    for move_text in moves:
        board.push_uai(move_text)
    return board


class AtaxxAI:
    """The ``GameAI`` of Ataxx (see ``game.ai.api``)."""

    levels: tuple[Level, ...] = ataxx_levels.LEVELS
    hint_level: Level = ataxx_levels.HINT_LEVEL

    def level(self, key: str) -> ataxx_levels.Level:
        """The level called ``key``, the hint's included."""
        if key == ataxx_levels.HINT_LEVEL.key:
            return ataxx_levels.HINT_LEVEL
        return ataxx_levels.level_by_key(key)

    def choose(
        self,
        position: str,
        level: str,
        *,
        stop: threading.Event,
        on_progress: Callable[[Progress], None],
        rng: random.Random,
        time_budget: float | None,
        memory: dict[str, Any],
    ) -> str:
        """The move ``level`` plays in ``position``, in UAI notation (see ``game.ai.api.GameAI``)."""
        board = board_from_text(position)
        chosen = self.level(level)
        searcher = None
        if not chosen.careless:
            searcher = memory.get("searcher")
            if not isinstance(searcher, Searcher):
                searcher = memory["searcher"] = Searcher()

        def report(info: SearchInfo) -> None:
            on_progress(Progress(info.depth, info.score, info.nodes, info.elapsed, tuple(map(str, info.pv))))

        move = ataxx_levels.choose_move(
            board, chosen, stop=stop, on_info=report, rng=rng, time_budget=time_budget, searcher=searcher
        )
        return str(move)

    def describe_score(self, score: int) -> tuple[str, Mapping[str, object]]:
        """A search score (hundredths of a piece, the mover's view): ``+1.25``, or ``wins in 7``."""
        if is_win_score(score):
            plies = plies_to_end(score)
            return ("wins in {plies}" if score > 0 else "loses in {plies}"), {"plies": plies}
        return "{score}", {"score": f"{score / 100:+.2f}"}


AI = AtaxxAI()
"""Ataxx's computer opponent."""
