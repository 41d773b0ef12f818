"""UAI move notation: parsing, writing, and the errors for bad text."""

from __future__ import annotations

import pytest

from game.engine.ataxx import (
    SQUARES,
    InvalidMoveError,
    Move,
    parse_square,
    square,
    square_file,
    square_name,
    square_rank,
)

ALL_NAMES = [f + r for r in "1234567" for f in "abcdefg"]


def chebyshev(a: int, b: int) -> int:
    return max(abs(square_file(a) - square_file(b)), abs(square_rank(a) - square_rank(b)))


def test_square_names_and_parsing() -> None:
    assert square_name(0) == "a1"
    assert square_name(6) == "g1"
    assert square_name(42) == "a7"
    assert square_name(48) == "g7"
    assert [square_name(sq) for sq in SQUARES] == ALL_NAMES
    for sq in SQUARES:
        assert parse_square(square_name(sq)) == sq
        assert square(square_file(sq), square_rank(sq)) == sq
    assert parse_square("d4") == square(3, 3) == 24


@pytest.mark.parametrize("text", ["h1", "a8", "a0", "", "a", "a11", "A1", "1a", " a1"])
def test_parse_square_rejects(text: str) -> None:
    with pytest.raises(InvalidMoveError, match="not a square"):
        parse_square(text)


@pytest.mark.parametrize("sq", list(SQUARES), ids=ALL_NAMES)
def test_clone_round_trip(sq: int) -> None:
    name = square_name(sq)
    move = Move.from_uai(name)
    assert move == Move.clone(sq)
    assert move.from_square == move.to_square == sq
    assert move.is_clone and not move.is_jump and not move.is_pass
    assert str(move) == move.uai() == name
    assert Move.from_uai(str(move)) == move
    assert repr(move) == f"Move.from_uai({name!r})"


def all_jumps() -> list[tuple[int, int]]:
    return [(a, b) for a in SQUARES for b in SQUARES if chebyshev(a, b) == 2]


def test_every_jump_round_trips() -> None:
    jumps = all_jumps()
    # 16 targets from a centre square, fewer near the edges: 29**2 - 19**2 = 480 on 7x7.
    assert len(jumps) == 480
    seen = set()
    for frm, to in jumps:
        text = square_name(frm) + square_name(to)
        move = Move.from_uai(text)
        assert (move.from_square, move.to_square) == (frm, to)
        assert move == Move.jump(frm, to)
        assert move.is_jump and not move.is_clone and not move.is_pass
        assert str(move) == text
        assert Move.from_uai(str(move)) == move
        seen.add(move)
    assert len(seen) == 480


@pytest.mark.parametrize(("frm", "to"), [(0, 0), (0, 1), (0, 3), (0, 48), (-1, 2), (0, 49)])
def test_jump_constructor_rejects_non_jumps(frm: int, to: int) -> None:
    with pytest.raises(InvalidMoveError):
        Move.jump(frm, to)


def test_pass_move() -> None:
    move = Move.from_uai("0000")
    assert move == Move.null()
    assert move is Move.null()
    assert move.is_pass and not move.is_clone and not move.is_jump
    assert str(move) == "0000"
    assert repr(move) == "Move.from_uai('0000')"
    assert move not in {Move.clone(sq) for sq in SQUARES}


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("g1g1", "own square"),
        ("g1f2", "'f2'"),
        ("a1b2", "'b2'"),
        ("00000", "'00000'"),
        ("000", "'000'"),
        ("g8", "'g8' is not a square"),
        ("h1", "'h1' is not a square"),
        ("a1h1", "'h1' is not a square"),
        ("i9a1", "'i9' is not a square"),
        ("", "empty"),
        ("a1a4", "two squares"),
        ("a1g7", "two squares"),
        ("a1d1", "two squares"),
        (" g2", "' g2'"),
        ("g2 ", "'g2 '"),
        ("a1 a3", "'a1 a3'"),
        ("\n", "'\\n'"),
        ("G2", "'G2' is not a square"),
        ("pass", "'pa' is not a square"),
    ],
)
def test_invalid_text_raises_with_message(text: str, fragment: str) -> None:
    with pytest.raises(InvalidMoveError) as info:
        Move.from_uai(text)
    assert isinstance(info.value, ValueError)
    assert fragment in str(info.value)


def test_single_written_as_double_suggests_the_clone() -> None:
    with pytest.raises(ValueError, match=r"clone.*'f2'"):
        Move.from_uai("g1f2")


@pytest.mark.parametrize("value", [None, 12, 3.5, b"g2", ["g2"], ("g2",)])
def test_non_text_raises(value: object) -> None:
    with pytest.raises(InvalidMoveError, match="must be text"):
        Move.from_uai(value)  # type: ignore[arg-type]


def test_moves_are_values() -> None:
    a = Move.from_uai("a1a3")
    b = Move.from_uai("a1a3")
    assert a == b
    assert hash(a) == hash(b)
    assert a != Move.from_uai("a3a1")
    assert a != Move.from_uai("a3")
    assert Move.from_uai("a3") == Move.clone(14)
    assert len({a, b, Move.from_uai("a3"), Move.clone(14), Move.null(), Move.from_uai("0000")}) == 3
    table = {a: "jump", Move.from_uai("a3"): "clone", Move.null(): "pass"}
    assert table[Move.jump(0, 14)] == "jump"
    assert table[Move.clone(14)] == "clone"
    assert table[Move.from_uai("0000")] == "pass"


def test_moves_are_immutable() -> None:
    move = Move.from_uai("a1a3")
    with pytest.raises(AttributeError):
        move.to_square = 5  # type: ignore[misc]
    assert str(move) == "a1a3"


def test_all_texts_distinct() -> None:
    moves = [Move.clone(sq) for sq in SQUARES] + [Move.jump(a, b) for a, b in all_jumps()] + [Move.null()]
    texts = [str(move) for move in moves]
    assert len(set(texts)) == len(texts) == 49 + 480 + 1
    assert len(set(moves)) == len(moves)
