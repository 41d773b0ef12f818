"""Golden positions: every level from Skilled up must take a win that is on the board."""

from __future__ import annotations

import random

import pytest

from game.ai.ataxx.levels import HINT_LEVEL, LEVELS, choose_move
from game.ai.ataxx.search import Searcher, SearchLimits, is_win_score
from game.engine.ataxx import Board, Move, Side

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

# (name, FEN, the winning move). Each claim is checked by ``test_golden_claims``.
ELIMINATION_BY_CLONE = "x5x/7/3o3/2o1o2/3x3/7/x5x x 0 10"  # d4 infects c4, d5 and e4
ELIMINATION_BY_JUMP = "x6/7/3o3/2o1o2/7/3x3/7 x 0 1"  # only the jump d2d4 reaches d4
FILL_THE_BOARD = "oxooxxo/-ooooxx/oxox-o1/xxooxxo/xoo-xxo/xooooxx/ooxxxox x 0 40"  # g5: 24-25 for Red
# d4 walls Blue's corner in: Blue can never move again and Red fills the board.
WALL_IN = "7/7/7/xxx4/xxxx3/ooxx3/ooxx3 x 0 12"
GOLDEN = [
    ("elimination by clone", ELIMINATION_BY_CLONE, "d4"),
    ("elimination by jump", ELIMINATION_BY_JUMP, "d2d4"),
    ("fill the board ahead", FILL_THE_BOARD, "g5"),
    ("wall the opponent in", WALL_IN, "d4"),
]
STRONG_LEVELS = [level for level in LEVELS if level.key in ("skilled", "expert", "master")]


def _ends_the_game_won(board: Board, move: Move) -> bool:
    """Whether ``move`` wins on the spot: the game ends won, or (the early-finish rule) the
    opponent must pass for good while the mover can fill the rest and end ahead."""
    board.push(move)
    try:
        outcome = board.outcome()
        if outcome is not None:
            return outcome.winner == board.turn.opponent
        if board.legal_moves() != [Move.null()]:
            return False
        playable = 49 - board.blocks.bit_count()
        return 2 * board.count(board.turn) < playable
    finally:
        board.pop()


@pytest.mark.parametrize(("name", "fen", "winning"), GOLDEN, ids=[g[0] for g in GOLDEN])
def test_golden_claims(name: str, fen: str, winning: str) -> None:
    board = Board(fen)
    assert board.outcome() is None
    move = Move.from_uai(winning)
    assert move in board.legal_moves()
    assert _ends_the_game_won(board, move), name
    others = [m for m in board.legal_moves() if m != move]
    assert others and not any(_ends_the_game_won(board, m) for m in others), name


@pytest.mark.parametrize(("name", "fen", "winning"), GOLDEN, ids=[g[0] for g in GOLDEN])
@pytest.mark.parametrize("level", [*STRONG_LEVELS, HINT_LEVEL], ids=lambda level: level.key)
def test_strong_levels_take_the_win(name: str, fen: str, winning: str, level) -> None:
    for seed in range(3):
        move = choose_move(Board(fen), level, rng=random.Random(seed), time_budget=0.05)
        assert str(move) == winning, f"{level.name} missed {name}"


@pytest.mark.parametrize(("name", "fen", "winning"), GOLDEN, ids=[g[0] for g in GOLDEN])
def test_search_scores_the_win_as_decided(name: str, fen: str, winning: str) -> None:
    move, info = Searcher(hash_mb=1).search(Board(fen), SearchLimits(depth=2))
    assert str(move) == winning
    assert info is not None and info.score > 0 and is_win_score(info.score)


def test_fill_the_board_side_counts() -> None:
    board = Board(FILL_THE_BOARD)
    assert (board.count(Side.RED), board.count(Side.BLUE)) == (21, 24)
