"""Perft: the engine's leaf counts against the published libataxx numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.ataxx import STARTPOS, Board

SUITE_PATH = Path(__file__).parent / "data" / "perft_suite.txt"


def load_suite(path: Path = SUITE_PATH) -> list[tuple[str, list[int]]]:
    """The suite: (FEN, leaf counts at depths 1, 2, ...) per position; '#' starts a comment."""
    suite = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        fen, counts = line.split(";")
        suite.append((fen.strip(), [int(count) for count in counts.split()]))
    return suite


SUITE = load_suite()
SUITE_IDS = [fen for fen, _ in SUITE]


def reference_perft(board: Board, depth: int) -> int:
    """Slow but plain perft: legal_moves + push/pop at every node, game over counts 0."""
    if depth == 0:
        return 1
    if board.outcome(repetition=False) is not None:
        return 0
    nodes = 0
    for move in board.legal_moves():
        board.push(move)
        nodes += reference_perft(board, depth - 1)
        board.pop()
    return nodes


def test_suite_is_complete() -> None:
    assert len(SUITE) == 9
    assert SUITE[0] == (STARTPOS, [16, 256, 6460, 155888, 4752668])
    for fen, counts in SUITE:
        assert len(counts) == 5, fen
        Board(fen)  # every FEN parses


@pytest.mark.parametrize(("fen", "counts"), SUITE, ids=SUITE_IDS)
def test_perft_matches_suite(fen: str, counts: list[int]) -> None:
    board = Board(fen)
    before = board.fen(), board.hash
    got = [board.perft(depth) for depth in range(1, len(counts) + 1)]
    assert got == counts
    assert (board.fen(), board.hash) == before
    assert board.move_stack == []


@pytest.mark.parametrize(("fen", "counts"), SUITE, ids=SUITE_IDS)
def test_reference_perft_agrees_at_depth_3(fen: str, counts: list[int]) -> None:
    board = Board(fen)
    expected = board.perft(3)
    assert expected == counts[2]
    assert reference_perft(board, 3) == expected
    # push/pop left the board exactly as it was
    assert board.fen() == fen
    assert board.hash == Board(fen).hash
    assert board.move_stack == []


def test_reference_perft_agrees_after_moves() -> None:
    # A position in the middle of a game, with a non-zero half-move clock.
    board = Board("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1")
    for text in ["b6", "f6", "a7c7", "g7e7", "f2", "a1b3"]:
        board.push_uai(text)
    assert board.halfmove_clock == 1
    assert board.perft(3) == reference_perft(board, 3) > 0


def test_perft_depth_zero_is_one() -> None:
    assert Board().perft(0) == 1
    # even when the game is over
    assert Board("7/7/7/7/7/7/7 x 0 1").perft(0) == 1
    assert Board("x5o/7/7/7/7/7/o5x x 100 1").perft(0) == 1


@pytest.mark.parametrize("depth", [-1, -5])
def test_perft_negative_depth_raises(depth: int) -> None:
    with pytest.raises(ValueError, match="depth"):
        Board().perft(depth)


def test_perft_respects_halfmove_clock() -> None:
    # At clock 99 every jump reaches 100 (game over), only clones go on.
    board = Board("x5o/7/7/7/7/7/o5x x 99 1")
    clones = sum(1 for move in board.legal_moves() if move.is_clone)
    assert board.perft(1) == 16
    assert board.perft(2) == clones * 16 == reference_perft(board, 2)


@pytest.mark.parametrize(
    "fen",
    [
        "x--4/---4/---4/7/7/7/6o x 96 1",  # Red is walled in and passes every other ply
        "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 97 1",
        "x5o/7/7/7/7/7/o5x o 97 1",
    ],
)
def test_perft_near_the_clock_limit_matches_reference(fen: str) -> None:
    # Passes and jumps push the clock to 100 inside the tree: the fast path must agree
    # with push/pop, which increments the clock on every jump and pass.
    board = Board(fen)
    for depth in range(1, 5):
        assert board.perft(depth) == reference_perft(board, depth), depth
