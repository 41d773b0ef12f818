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
(('{score}', {'score': '+0.65'}), ('wins in {plies}', {'plies': 5}))
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Mapping
from typing import Any

from game.ai.alphabeta import AlphaBeta, SearchInfo, is_win_score, plies_to_end
from game.ai.api import Level, Progress
from game.ai.attangle import levels as attangle_levels
from game.engine.attangle import Board, Move
from game.engine.rules import split_history_text

__all__ = ["AI", "AttangleAI", "board_from_text"]


def board_from_text(text: str) -> Board:
    """The board a position text describes: its start with every move pushed."""
    start, moves = split_history_text(text)
    board = Board(start)
    for move_text in moves:
        board.push(Move.from_text(move_text))
    return board


class AttangleAI:
    """The ``GameAI`` of Attangle (see ``game.ai.api``)."""

    levels: tuple[Level, ...] = attangle_levels.LEVELS
    hint_level: Level = attangle_levels.HINT_LEVEL

    def level(self, key: str) -> attangle_levels.Level:
        """The level called ``key``, the hint's included."""
        return attangle_levels.level_by_key(key)

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
        """The move ``level`` plays in ``position``, as text (see ``game.ai.api.GameAI``)."""
        board = board_from_text(position)
        chosen = self.level(level)
        searcher = None
        if not chosen.careless:
            searcher = memory.get("attangle-searcher")
            if not isinstance(searcher, AlphaBeta):
                searcher = memory["attangle-searcher"] = attangle_levels.new_searcher()

        def report(info: SearchInfo) -> None:
            pv = tuple(str(board.move_from_raw(raw)) for raw in info.pv)
            on_progress(Progress(info.depth, info.score, info.nodes, info.elapsed, pv))

        move = attangle_levels.choose_move(
            board, chosen, stop=stop, on_info=report, rng=rng, time_budget=time_budget, searcher=searcher
        )
        return str(move)

    def describe_score(self, score: int) -> tuple[str, Mapping[str, object]]:
        """A search score (a triple is 1000, the mover's view): ``+0.65`` triples, or ``wins in 5``."""
        if is_win_score(score):
            plies = plies_to_end(score)
            return ("wins in {plies}" if score > 0 else "loses in {plies}"), {"plies": plies}
        return "{score}", {"score": f"{score / 1000:+.2f}"}


AI = AttangleAI()
"""Attangle's computer opponent."""
