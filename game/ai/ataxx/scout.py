"""Ataxx's scout for the puzzle miner (``tools/mine_puzzles.py``): its games and a quick look for a forced win.

The compiled search looks a few plies ahead; as it knows no early finish, the
exact prover looks two plies deep wherever a move leaves the other side stuck.
"""

from __future__ import annotations

from game.ai.ataxx import levels
from game.ai.ataxx.search import Searcher, SearchLimits, is_win_score, plies_to_end, prepare_compiled
from game.ai.scout import SelfPlay
from game.engine.ataxx import Board
from game.engine.ataxx.bits import may_end
from game.engine.ataxx.rules import RULES
from game.engine.proof import ProofBudgetError, Prover
from game.engine.puzzles import MAX_MOVES


class Scout(SelfPlay):
    """Plays Ataxx's games between two levels and sees forced wins, for ``time_budget`` seconds a move."""

    def __init__(self, time_budget: float) -> None:
        if not prepare_compiled(wait=True):
            print("the compiled search is not available: mining runs in Python, slowly", flush=True)
        super().__init__(RULES, levels, lambda: Searcher(compiled=True), time_budget)
        self.search = Searcher(compiled=True)

    def sees_win(self, board: Board) -> bool:
        """Whether the side to move has a forced win within ``2 * MAX_MOVES`` plies, as far as a quick look sees."""
        _, info = self.search.search(board, SearchLimits(depth=2 * MAX_MOVES, hard_time=2.0))
        if info is not None and is_win_score(info.score) and info.score > 0:
            return plies_to_end(info.score) <= 2 * MAX_MOVES
        # The search knows no early finish: a move that leaves the other side stuck may win by it at once.
        them = board.pieces[1 - int(board.turn)]
        if not any(
            may_end(them, board.empty, move.from_square, move.to_square)
            for move in board.legal_moves()
            if not move.is_pass
        ):
            return False
        try:
            return bool(Prover(RULES, node_limit=5_000).winning_moves(board, 2, enough=1))
        except ProofBudgetError:
            return False

    @staticmethod
    def normalise(text: str) -> str:
        """The position as a puzzle starts it: the 100-move clock at zero."""
        fields = text.split()
        return " ".join([fields[0], fields[1], "0", fields[3]])
