"""Level files: the shipped levels, validation, and damaged files of every kind."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.ataxx import Board, parse_square
from game.engine.levels import (
    CORNERS,
    LevelError,
    LevelInfo,
    Severity,
    dump_level,
    level_from_text,
    load_level,
    load_levels,
    shipped_levels,
    validate_position,
)


def codes(fen: str) -> set[str]:
    return {problem.code for problem in validate_position(Board(fen))}


def test_nine_shipped_levels_all_valid_and_clean() -> None:
    levels = shipped_levels()
    assert len(levels) == 9
    errors = [level for level in levels if isinstance(level, LevelError)]
    assert errors == []
    infos = [level for level in levels if isinstance(level, LevelInfo)]
    assert [level.number for level in infos] == list(range(1, 10))
    assert infos[0].fen == "x5o/7/7/7/7/7/o5x x 0 1"
    assert infos[3].board.blocks.bit_count() == 8  # seed 000: level 4 has 8 destroyed squares
    block_counts = [level.board.blocks.bit_count() for level in infos]
    assert block_counts == sorted(block_counts) and block_counts[-1] <= 24
    assert len({level.fen for level in infos}) == 9 and len({level.name for level in infos}) == 9
    for level in infos:
        assert validate_position(level.board) == [], level.name
        assert level.description and level.author
        assert not level.board.blocks & sum(1 << sq for sq in CORNERS)


@pytest.mark.parametrize(
    ("fen", "expected"),
    [
        ("7/7/7/7/7/7/o5o x 0 1", {"no-red"}),
        ("x6/7/7/7/7/7/7 o 0 1", {"no-blue"}),
        ("xxxxxxx/ooooooo/7/7/7/7/7 x 0 1".replace("7/7/7/7/7", "/".join(["xxxxxxx"] * 5)), {"no-empty"}),
        ("x--4/---4/---4/7/4---/4---/4--o x 0 1", {"over", "unreachable"}),
    ],
)
def test_refusals(fen: str, expected: set[str]) -> None:
    problems = validate_position(Board(fen))
    assert expected <= {p.code for p in problems}
    assert all(
        p.severity is Severity.REFUSED
        for p in problems
        if p.code in {"no-red", "no-blue", "no-empty", "over"}
    )


def test_warnings_name_the_squares() -> None:
    corner = validate_position(Board("-5o/1x5/7/7/7/1o5/x5- x 0 1"))
    corner_problem = next(p for p in corner if p.code == "corner-block")
    assert corner_problem.severity is Severity.WARNING
    assert corner_problem.squares == (1 << parse_square("a7")) | (1 << parse_square("g1"))
    assert "a7" in corner_problem.message and "g1" in corner_problem.message
    assert "asymmetric" in codes("x5o/7/1-5/7/7/7/o5x x 0 1")
    assert "asymmetric" not in codes("x5o/7/1-5/7/5-1/7/o5x x 0 1")
    many = "x5o/-------/-------/-------/1-----1/7/o5x x 0 1"
    assert "many-blocks" in codes(many)
    # a pocket walled in by blocks that no piece can ever enter
    walled = validate_position(Board("x5o/7/7/7/4---/4---/o3--1 x 0 1"))
    unreachable = next(p for p in walled if p.code == "unreachable")
    assert unreachable.squares == 1 << parse_square("g1") and unreachable.severity is Severity.WARNING


def test_dump_and_read_round_trip(tmp_path: Path) -> None:
    info = LevelInfo(
        'Tricky "quotes" \\ and ünïcode', "Line one\nline two\t\x7f", "Me", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"
    )
    path = tmp_path / "12-tricky.toml"
    path.write_text(dump_level(info), encoding="utf-8")
    loaded = load_level(path)
    assert (loaded.name, loaded.author, loaded.fen) == (info.name, info.author, info.fen)
    assert loaded.description == info.description.strip()
    assert loaded.number == 12 and loaded.path == path


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "empty"),
        (b"   \n", "empty"),
        (b"\x00\x01\x02binary\xff", "binary"),
        (b"\xff\xfe name = 'x'", "UTF-8"),
        (b'name = "Cut', "not a valid level file"),
        (b'fen = "x5o/7/7/7/7/7/o5x x 0 1"', "missing 'name'"),
        (b'name = "No fen"', "missing 'fen'"),
        (b'name = 5\nfen = "x5o/7/7/7/7/7/o5x x 0 1"', "must be text"),
        (b'name = "Bad"\nfen = "x5o/7/7 x 0 1"', "bad position"),
        (b'name = "Over"\nfen = "7/7/7/7/7/7/o5o x 0 1"', "Red has no pieces"),
        (b'game = "lionheart"\nname = "Wrong"\nfen = "x5o/7/7/7/7/7/o5x x 0 1"', "not Ataxx"),
        (b'name = "' + b"n" * 500 + b'"\nfen = "x5o/7/7/7/7/7/o5x x 0 1"', "longer than"),
        (b'name = "a\\u0007b"\nfen = "x5o/7/7/7/7/7/o5x x 0 1"', "control characters"),
        (b"name = '" + b"x" * 70_000 + b"'", "too large"),
    ],
)
def test_damaged_level_files_are_reported_by_name(tmp_path: Path, content: bytes, reason: str) -> None:
    path = tmp_path / "05-damaged.toml"
    path.write_bytes(content)
    with pytest.raises(LevelError) as caught:
        load_level(path)
    assert "05-damaged.toml" in str(caught.value)
    assert reason in str(caught.value)


def test_a_damaged_file_never_blocks_the_others(tmp_path: Path) -> None:
    good = LevelInfo("Good", "", "", "x5o/7/7/7/7/7/o5x x 0 1")
    (tmp_path / "01-good.toml").write_text(dump_level(good))
    (tmp_path / "02-bad.toml").write_bytes(b"\x00garbage")
    (tmp_path / "03-good.toml").write_text(dump_level(good))
    (tmp_path / "notes.txt").write_text("not a level")
    (tmp_path / "04-folder.toml").mkdir()
    results = load_levels(tmp_path)
    kinds = [type(result).__name__ for result in results]
    assert kinds == ["LevelInfo", "LevelError", "LevelInfo", "LevelError"]
    assert "04-folder.toml" in str(results[3])
    assert load_levels(tmp_path / "missing") == []


def test_level_from_text_without_a_path() -> None:
    info = level_from_text('name = "Plain"\nfen = "x5o/7/7/7/7/7/o5x b 0 1"')
    assert info.fen == "x5o/7/7/7/7/7/o5x x 0 1" and info.number is None
