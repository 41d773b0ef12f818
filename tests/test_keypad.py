"""Keypad codes of seed 002."""

from __future__ import annotations

import pytest

from game.engine.ataxx import Board, InvalidMoveError, neighbours, parse_square
from game.engine.ataxx.keypad import cell_code, code_for_move, move_for_code, parse_cell


def test_cells_row_from_top_column_from_left() -> None:
    assert parse_cell("11") == parse_square("a7")
    assert parse_cell("17") == parse_square("g7")
    assert parse_cell("71") == parse_square("a1")
    assert parse_cell("44") == parse_square("d4")
    for square in range(49):
        assert parse_cell(cell_code(square)) == square


@pytest.mark.parametrize("text", ["", "1", "08", "80", "18", "123", "a1", "-1"])
def test_bad_cells(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        parse_cell(text)


@pytest.mark.parametrize(
    ("code", "target"),
    [
        ("8", "d5"),
        ("2", "d3"),
        ("4", "c4"),
        ("6", "e4"),
        ("7", "c5"),
        ("9", "e5"),
        ("1", "c3"),
        ("3", "e3"),
        ("58", "d6"),
        ("52", "d2"),
        ("54", "b4"),
        ("56", "f4"),
        ("57", "b6"),
        ("59", "f6"),
        ("51", "b2"),
        ("53", "f2"),
        ("587", "c6"),
        ("589", "e6"),
        ("569", "f5"),
        ("563", "f3"),
        ("523", "e2"),
        ("521", "c2"),
        ("541", "b3"),
        ("547", "b5"),
    ],
)
def test_codes_from_the_centre(code: str, target: str) -> None:
    move = move_for_code(parse_square("d4"), code)
    assert move.to_square == parse_square(target)
    assert move.is_clone == (len(code) == 1)
    if move.is_jump:
        assert move.from_square == parse_square("d4")
        assert code_for_move(move) == code
    else:
        assert code_for_move(move, parse_square("d4")) == code


def test_all_24_codes_reach_the_24_targets() -> None:
    source = parse_square("d4")
    codes = [
        "1",
        "2",
        "3",
        "4",
        "6",
        "7",
        "8",
        "9",
        "51",
        "52",
        "53",
        "54",
        "56",
        "57",
        "58",
        "59",
        "587",
        "589",
        "569",
        "563",
        "523",
        "521",
        "541",
        "547",
    ]
    targets = {move_for_code(source, code).to_square for code in codes}
    assert len(targets) == 24
    clones = {move_for_code(source, code).to_square for code in codes[:8]}
    assert sum(1 << sq for sq in clones) == neighbours(source)


def test_codes_are_checked() -> None:
    with pytest.raises(InvalidMoveError, match="not a move code"):
        move_for_code(parse_square("d4"), "5")
    with pytest.raises(InvalidMoveError, match="not a move code"):
        move_for_code(parse_square("d4"), "555")
    with pytest.raises(InvalidMoveError, match="leaves the board"):
        move_for_code(parse_square("a7"), "7")
    board = Board()
    move = move_for_code(parse_square("a7"), "3")  # a7 -> b6, a clone
    assert board.is_legal(move)
