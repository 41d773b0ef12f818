"""Attangle's scout for the puzzle miner (``tools/mine_puzzles.py``): its games and a quick look for a forced win.

The search looks only where the side to move could still build the triples it
lacks within the puzzle's moves.
"""

from __future__ import annotations

from game.ai.alphabeta import SearchLimits, is_win_score, plies_to_end
from game.ai.attangle import levels
from game.ai.scout import SelfPlay
from game.engine.attangle import Board
from game.engine.attangle.rules import RULES
from game.engine.puzzles import MAX_MOVES

WINS_NEEDED = {False: 3, True: 5}
"""The triples that win, on the standard board and on Grand Attangle's."""


class Scout(SelfPlay):
    """Plays Attangle's games between two levels and sees forced wins, for ``time_budget`` seconds a move."""

    def __init__(self, time_budget: float) -> None:
        super().__init__(RULES, levels, levels.new_searcher, time_budget)
        self.search = levels.new_searcher()

    def sees_win(self, board: Board) -> bool:
        """Whether the side to move has a forced win within ``2 * MAX_MOVES`` plies, as far as a quick look sees."""
        seat = int(board.turn)
        # A triple takes a move: a seat this many triples short cannot win within MAX_MOVES of its moves.
        if WINS_NEEDED[board.grand] - board.triple_count(seat) > MAX_MOVES - 1 and board.has_legal_move():
            return False
        _, info = self.search.search(board, SearchLimits(depth=2 * MAX_MOVES - 1, hard_time=3.0))
        return (
            info is not None
            and is_win_score(info.score)
            and info.score > 0
            and (plies_to_end(info.score) <= 2 * MAX_MOVES)
        )

    @staticmethod
    def normalise(text: str) -> str:
        """The position as a puzzle starts it: as it was played."""
        return text
