"""Level files: the shipped levels, Ataxx's validation, versions, custom levels, damaged files of every kind."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from game.engine.ataxx import Board, parse_square
from game.engine.ataxx.levels import CORNERS, validate_position
from game.engine.levels import (
    LevelError,
    LevelExistsError,
    LevelInfo,
    custom_level_path,
    custom_levels,
    custom_levels_dir,
    delete_custom_level,
    dump_level,
    level_from_text,
    load_level,
    load_levels,
    save_custom_level,
    shipped_levels,
    shipped_levels_dir,
)
from game.engine.rules import Severity
from game.games import game

RULES = game("ataxx").load_rules()
START = "x5o/7/7/7/7/7/o5x x 0 1"


def codes(fen: str) -> set[str]:
    return {problem.code for problem in validate_position(Board(fen))}


def test_nine_shipped_levels_all_valid_and_clean() -> None:
    levels = shipped_levels(RULES)
    assert len(levels) == 9
    errors = [level for level in levels if isinstance(level, LevelError)]
    assert errors == []
    infos = [level for level in levels if isinstance(level, LevelInfo)]
    assert [level.number for level in infos] == list(range(1, 10))
    assert infos[0].position == START and all(level.game == "ataxx" for level in infos)
    boards = [Board(level.position) for level in infos]
    assert boards[3].blocks.bit_count() == 8  # seed 000: level 4 has 8 destroyed squares
    block_counts = [board.blocks.bit_count() for board in boards]
    assert block_counts == sorted(block_counts) and block_counts[-1] <= 24
    assert len({level.position for level in infos}) == 9 and len({level.name for level in infos}) == 9
    for level, board in zip(infos, boards, strict=True):
        assert validate_position(board) == [], level.name
        assert level.description and level.author
        assert not board.blocks & sum(1 << sq for sq in CORNERS)
        assert tomllib.loads(level.path.read_text())["schema_version"] == 2
    assert shipped_levels_dir("ataxx").parts[-2:] == ("levels", "ataxx")


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
    assert problems == RULES.validate_level(Board(fen))


def test_warnings_name_the_squares() -> None:
    corner = validate_position(Board("-5o/1x5/7/7/7/1o5/x5- x 0 1"))
    corner_problem = next(p for p in corner if p.code == "corner-block")
    assert corner_problem.severity is Severity.WARNING
    assert corner_problem.places == (1 << parse_square("a7")) | (1 << parse_square("g1"))
    assert "a7" in corner_problem.message and "g1" in corner_problem.message
    assert "asymmetric" in codes("x5o/7/1-5/7/7/7/o5x x 0 1")
    assert "asymmetric" not in codes("x5o/7/1-5/7/5-1/7/o5x x 0 1")
    many = "x5o/-------/-------/-------/1-----1/7/o5x x 0 1"
    assert "many-blocks" in codes(many)
    # a pocket walled in by blocks that no piece can ever enter
    walled = validate_position(Board("x5o/7/7/7/4---/4---/o3--1 x 0 1"))
    unreachable = next(p for p in walled if p.code == "unreachable")
    assert unreachable.places == 1 << parse_square("g1") and unreachable.severity is Severity.WARNING


def test_dump_and_read_round_trip(tmp_path: Path) -> None:
    info = LevelInfo(
        'Tricky "quotes" \\ and ünïcode', "Line one\nline two\t\x7f", "Me", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"
    )
    text = dump_level(info, RULES)
    assert text.splitlines()[:2] == ['game = "ataxx"', "schema_version = 2"]
    path = tmp_path / "12-tricky.toml"
    path.write_text(text, encoding="utf-8")
    loaded = load_level(path, RULES)
    assert (loaded.name, loaded.author, loaded.position) == (info.name, info.author, info.position)
    assert loaded.description == info.description.strip()
    assert loaded.number == 12 and loaded.path == path and loaded.game == "ataxx"


def test_version_1_files_load_as_before_and_newer_ones_are_refused() -> None:
    v1 = f'game = "ataxx"\nname = "Old"\nfen = "{START}"\n'
    assert level_from_text(v1, RULES).name == "Old"
    without_game = f'name = "Older"\nfen = "{START}"\n'
    assert level_from_text(without_game, RULES).game == "ataxx"
    with pytest.raises(LevelError, match=r"newer version .*level format 3"):
        level_from_text(f"schema_version = 3\n{v1}", RULES, "new.toml")
    for bad in ('"2"', "0", "true", "1.5"):
        with pytest.raises(LevelError, match="schema_version"):
            level_from_text(f"schema_version = {bad}\n{v1}", RULES)


def test_a_level_of_another_game_is_refused() -> None:
    with pytest.raises(LevelError, match="not Ataxx"):
        dump_level(LevelInfo("Hex", "", "", START, game="attangle"), RULES)


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
        (b'game = 7\nname = "Wrong"\nfen = "x5o/7/7/7/7/7/o5x x 0 1"', "'game' must be"),
        (b'schema_version = 9\nname = "Later"\nfen = "x5o/7/7/7/7/7/o5x x 0 1"', "newer version"),
        (b'name = "' + b"n" * 500 + b'"\nfen = "x5o/7/7/7/7/7/o5x x 0 1"', "longer than"),
        (b'name = "a\\u0007b"\nfen = "x5o/7/7/7/7/7/o5x x 0 1"', "control characters"),
        (b"name = '" + b"x" * 70_000 + b"'", "too large"),
    ],
)
def test_damaged_level_files_are_reported_by_name(tmp_path: Path, content: bytes, reason: str) -> None:
    path = tmp_path / "05-damaged.toml"
    path.write_bytes(content)
    with pytest.raises(LevelError) as caught:
        load_level(path, RULES)
    assert "05-damaged.toml" in str(caught.value)
    assert reason in str(caught.value)
    assert caught.value.path == path


def test_a_damaged_file_never_blocks_the_others(tmp_path: Path) -> None:
    good = LevelInfo("Good", "", "", START)
    (tmp_path / "01-good.toml").write_text(dump_level(good, RULES))
    (tmp_path / "02-bad.toml").write_bytes(b"\x00garbage")
    (tmp_path / "03-good.toml").write_text(dump_level(good, RULES))
    (tmp_path / "notes.txt").write_text("not a level")
    (tmp_path / "04-folder.toml").mkdir()
    results = load_levels(tmp_path, RULES)
    kinds = [type(result).__name__ for result in results]
    assert kinds == ["LevelInfo", "LevelError", "LevelInfo", "LevelError"]
    assert "04-folder.toml" in str(results[3]) and results[1].path == tmp_path / "02-bad.toml"
    assert load_levels(tmp_path / "missing", RULES) == []


def test_a_non_text_game_key_is_a_damaged_level_set_aside_once(tmp_path: Path) -> None:
    path = tmp_path / "07-odd.toml"
    path.write_text('game = [1]\nname = "Odd"\nfen = "x5o/7/7/7/7/7/o5x x 0 1"\n', encoding="utf-8")
    with pytest.raises(LevelError) as caught:
        load_level(path, RULES)
    assert caught.value.damaged and "07-odd.toml" in str(caught.value)
    [error] = load_levels(tmp_path, RULES, set_damaged_aside=True)
    assert isinstance(error, LevelError) and "kept as 07-odd.damaged-" in str(error)
    assert not path.exists()
    assert load_levels(tmp_path, RULES, set_damaged_aside=True) == []  # not listed again on the next visit


def test_level_from_text_without_a_path() -> None:
    info = level_from_text('name = "Plain"\nfen = "x5o/7/7/7/7/7/o5x b 0 1"', RULES)
    assert info.position == START and info.number is None and info.path is None


def test_custom_levels_save_list_replace_and_delete(user_data_dir: Path) -> None:
    assert custom_levels(RULES) == []
    level = LevelInfo("  My level  ", " Mine. ", "Me", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1")
    path = save_custom_level(level, RULES)
    assert path == user_data_dir / "levels" / "ataxx" / "My level.toml"
    assert path == custom_level_path("My level", "ataxx") and path.parent == custom_levels_dir("ataxx")
    with pytest.raises(LevelExistsError, match="already exists"):
        save_custom_level(level, RULES)
    save_custom_level(LevelInfo("My level", "Changed", "Me", START), RULES, replace=True)
    (path.parent / "broken.toml").write_text("name = ")
    save_custom_level(LevelInfo("another", "", "", START), RULES)
    listed = custom_levels(RULES)
    assert [type(entry).__name__ for entry in listed] == ["LevelInfo", "LevelInfo", "LevelError"]
    assert [entry.name for entry in listed[:2]] == ["another", "My level"]
    assert listed[1].description == "Changed" and listed[1].position == START
    with pytest.raises(LevelError, match="not one of your levels"):
        delete_custom_level(user_data_dir / "settings.toml", "ataxx")
    delete_custom_level(path, "ataxx")
    assert not path.exists()


def test_custom_level_names_and_refusals() -> None:
    assert custom_level_path("../../etc/x", "ataxx").name == "etcx.toml"
    with pytest.raises(LevelError, match="not a usable name"):
        custom_level_path("../..//", "ataxx")
    with pytest.raises(LevelError, match="Red has no pieces"):
        save_custom_level(LevelInfo("Empty", "", "", "7/7/7/7/7/7/o5o x 0 1"), RULES)
    with pytest.raises(ValueError, match="unknown game"):
        custom_levels_dir("../../tmp")
