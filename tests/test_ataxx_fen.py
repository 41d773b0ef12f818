"""FEN: round trips, aliases, and the errors for bad text."""

from __future__ import annotations

import random

import pytest

from game.engine.ataxx import STARTPOS, Board, InvalidFenError, Side

SUITE_FENS = [
    "x5o/7/7/7/7/7/o5x x 0 1",
    "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
    "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1",
    "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1",
    "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1",
    "7/7/7/2x1o2/7/7/7 x 0 1",
    "7/7/7/7/-------/-------/x5o x 0 1",
    "7/7/7/7/7/7/7 x 0 1",
    "x5o/7/7/7/7/7/o5x x 100 1",
]

OTHER_FENS = [
    "xxxxxxx/ooooooo/-------/7/7/7/7 o 37 52",
    "x-o-x-o/-x-o-x-/7/7/7/7/7 x 5 999",
    "7/7/7/7/7/7/7 o 0 1",
    "-------/-------/-------/-------/-------/-------/------x o 0 1",
    "ooooooo/ooooooo/ooooooo/ooooooo/ooooooo/ooooooo/oooooox x 123456789 123456789",
]


def random_game_fens(seed: int, games: int) -> list[str]:
    rng = random.Random(seed)
    fens = []
    for _ in range(games):
        board = Board(rng.choice(SUITE_FENS[:6]))
        for _ in range(rng.randrange(1, 60)):
            moves = board.legal_moves()
            if not moves:
                break
            board.push(rng.choice(moves))
        fens.append(board.fen())
    return fens


@pytest.mark.parametrize("fen", [STARTPOS, *SUITE_FENS, *OTHER_FENS])
def test_round_trip(fen: str) -> None:
    board = Board(fen)
    assert board.fen() == fen
    assert Board(board.fen()) == board


def test_startpos_contents() -> None:
    board = Board()
    assert board.fen() == STARTPOS
    assert board.turn is Side.RED
    assert board.count(Side.RED) == board.count(Side.BLUE) == 2
    assert board.halfmove_clock == 0
    assert board.fullmove_number == 1
    assert board.blocks == 0


def test_round_trip_random_games() -> None:
    fens = random_game_fens(seed=2024, games=60)
    assert len(set(fens)) > 50  # the games went to different places
    for fen in fens:
        assert Board(fen).fen() == fen


def test_fields_are_read() -> None:
    board = Board("x5o/7/2-1-2/7/2-1-2/7/o5x o 17 42")
    assert board.turn is Side.BLUE
    assert board.halfmove_clock == 17
    assert board.fullmove_number == 42
    assert board.blocks.bit_count() == 4
    assert board.count(Side.RED) == 2


@pytest.mark.parametrize(
    ("alias", "canonical"),
    [
        ("b5w/7/7/7/7/7/w5b b 0 1", STARTPOS),
        ("x5o/7/7/7/7/7/o5x b 0 1", STARTPOS),
        ("b5w/7/7/7/7/7/w5b w 3 7", "x5o/7/7/7/7/7/o5x o 3 7"),
        ("x5w/7/7/7/7/7/b5o x 0 1", "x5o/7/7/7/7/7/x5o x 0 1"),
    ],
)
def test_aliases_written_back_as_x_and_o(alias: str, canonical: str) -> None:
    board = Board(alias)
    assert board.fen() == canonical
    assert board == Board(canonical)
    assert board.hash == Board(canonical).hash


def test_whitespace_between_fields() -> None:
    assert Board("  x5o/7/7/7/7/7/o5x   x  0   1 ").fen() == STARTPOS


@pytest.mark.parametrize(
    ("fen", "fragments"),
    [
        # rank count
        ("x5o/7/7/7/7/o5x x 0 1", ["6 ranks", "expected 7"]),
        ("x5o/7/7/7/7/7/7/o5x x 0 1", ["8 ranks", "expected 7"]),
        # rank length
        ("x5o/7/7/7/7/7/o5xx x 0 1", ["rank 1", "'o5xx'", "longer than 7"]),
        ("x5o/7/7/7/7/7/o6x x 0 1", ["rank 1", "'o6x'"]),
        ("x5o/7/7/x7/7/7/o5x x 0 1", ["rank 4", "'x7'", "8 squares"]),
        ("x5o/7/7/7/7/6/o5x x 0 1", ["rank 2", "'6'", "6 squares", "expected 7"]),
        ("x4o/7/7/7/7/7/o5x x 0 1", ["rank 7", "'x4o'", "6 squares"]),
        ("x5o//7/7/7/7/o5x x 0 1", ["rank 6", "''", "0 squares"]),
        # two digits in a row
        ("x5o/7/34/7/7/7/o5x x 0 1", ["rank 5", "'34'", "two digits"]),
        ("x5o/7/7/7/7/7/o11111x x 0 1", ["rank 1", "two digits"]),
        # digits that are not 1-7
        ("x5o/7/7/8/7/7/o5x x 0 1", ["'8'", "rank 4"]),
        ("x5o/7/7/7/x9/7/o5x x 0 1", ["'9'", "rank 3"]),
        ("x5o/7/7/7/7/7/o05x x 0 1", ["'0'", "rank 1"]),
        # unknown characters
        ("x5o/7/7/3z3/7/7/o5x x 0 1", ["'z'", "rank 4", "'3z3'"]),
        ("X5Q/7/7/7/7/7/o5x x 0 1", ["'Q'", "rank 7", "'X5Q'"]),
        ("x5o/7/7/7/7/7/o5. x 0 1", ["'.'", "rank 1"]),
        # side to move
        ("x5o/7/7/7/7/7/o5x y 0 1", ["side to move", "'y'"]),
        ("x5o/7/7/7/7/7/o5x xo 0 1", ["side to move", "'xo'"]),
        ("x5o/7/7/7/7/7/o5x - 0 1", ["side to move", "'-'"]),
        # clocks
        ("x5o/7/7/7/7/7/o5x x -1 1", ["half-move clock", "'-1'"]),
        ("x5o/7/7/7/7/7/o5x x a 1", ["half-move clock", "'a'"]),
        ("x5o/7/7/7/7/7/o5x x 1.5 1", ["half-move clock", "'1.5'"]),
        ("x5o/7/7/7/7/7/o5x x 0 a", ["full-move number", "'a'"]),
        ("x5o/7/7/7/7/7/o5x x 0 1.5", ["full-move number", "'1.5'"]),
        ("x5o/7/7/7/7/7/o5x x 0 0", ["full-move number", "'0'", "at least 1"]),
        ("x5o/7/7/7/7/7/o5x x 0 -3", ["full-move number", "'-3'"]),
        ("x5o/7/7/7/7/7/o5x x 0 \u0661", ["full-move number"]),
        ("x5o/7/7/7/7/7/o5x x 99999999999 1", ["half-move clock", "too large"]),
        # field count
        ("x5o/7/7/7/7/7/o5x", ["1 field;", "expected 4"]),
        ("x5o/7/7/7/7/7/o5x x", ["2 fields", "expected 4"]),
        ("x5o/7/7/7/7/7/o5x x 0", ["3 fields", "expected 4"]),
        ("x5o/7/7/7/7/7/o5x x 0 1 1", ["5 fields", "expected 4"]),
        ("", ["0 fields", "expected 4"]),
        ("   ", ["0 fields"]),
    ],
)
def test_invalid_fen_names_the_problem(fen: str, fragments: list[str]) -> None:
    with pytest.raises(InvalidFenError) as info:
        Board(fen)
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, (fragment, message)


def test_empty_side_to_move() -> None:
    # An empty field cannot be written between spaces, so a missing side is a missing field.
    with pytest.raises(InvalidFenError, match="3 fields"):
        Board("x5o/7/7/7/7/7/o5x  0 1")


@pytest.mark.parametrize(
    "value", [None, 42, b"x5o/7/7/7/7/7/o5x x 0 1", ["x5o/7/7/7/7/7/o5x", "x", "0", "1"]]
)
def test_non_text_fen(value: object) -> None:
    with pytest.raises(InvalidFenError, match="must be text"):
        Board(value)  # type: ignore[arg-type]


def test_absurdly_long_fen() -> None:
    with pytest.raises(InvalidFenError, match="characters long"):
        Board("x5o/7/7/7/7/7/o5x x 0 " + "1" * 1_000_000)
    with pytest.raises(InvalidFenError, match="characters long"):
        Board("7/" * 10_000 + "7 x 0 1")


@pytest.mark.parametrize(
    "bad",
    [
        "x5o/7/7/7/7/o5x x 0 1",
        "x5o/7/7/7/7/7/o5x y 0 1",
        "x5o/7/7/7/7/7/o5x x 0 0",
        "x5o/7/7/z/7/7/o5x x 0 1",
        "x5o/7/7/7/7/7/o5x x 0 1 1",
        "",
    ],
)
def test_failed_set_fen_leaves_board_unchanged(bad: str) -> None:
    board = Board("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1")
    for text in ["b6", "f6", "a7c7"]:
        board.push_uai(text)
    before = (board.fen(), board.hash, board.move_stack, board.root_fen(), board.legal_moves())
    with pytest.raises(InvalidFenError):
        board.set_fen(bad)
    assert (board.fen(), board.hash, board.move_stack, board.root_fen(), board.legal_moves()) == before
    board.pop()
    assert board.fen() == "x5o/1x3o1/2-1-2/7/2-1-2/7/o5x x 0 2"


def test_set_fen_clears_history() -> None:
    board = Board()
    board.push_uai("b6")
    board.set_fen("7/7/7/2x1o2/7/7/7 o 4 9")
    assert board.move_stack == []
    assert board.root_fen() == "7/7/7/2x1o2/7/7/7 o 4 9"
    assert board.hash == Board("7/7/7/2x1o2/7/7/7 o 4 9").hash
    with pytest.raises(IndexError):
        board.pop()
