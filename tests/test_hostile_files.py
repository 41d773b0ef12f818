"""The damaged files of issue 12, each reproduced: the game goes on, the file is set aside, nothing is lost."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pygame

from game import paths
from game.driver import Driver
from game.engine.levels import LevelError, LevelInfo, custom_levels, custom_levels_dir, save_custom_level
from game.engine.match import Match, Player
from game.engine.stats import Statistics, record_for
from game.games import game
from game.paths import is_set_aside

ATAXX = game("ataxx").load_rules()
NEARLY_FULL = "xxxxxx1/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/ooooooo x 0 1"


def _good_record() -> dict[str, object]:
    finished = Match(ATAXX, NEARLY_FULL, (Player.human(), Player.computer("casual")))
    finished.play(ATAXX.parse_move("g7"))
    return record_for(finished, level_name="Classic").to_json()


def test_a_level_nested_or_with_a_huge_number_never_blocks_level_select_or_the_editor() -> None:
    folder = custom_levels_dir("ataxx")
    save_custom_level(LevelInfo("Good", "", "", "x5o/7/7/3-3/7/7/o5x x 0 1"), ATAXX)
    (folder / "nested.toml").write_text("name = " + "[" * 1000 + "]" * 1000 + "\n", encoding="utf-8")
    (folder / "digits.toml").write_text('name = "Big"\nnumber = ' + "7" * 5000 + "\n", encoding="utf-8")
    (folder / "floats.toml").write_text('name = "Inf"\nsize = 1e999\n', encoding="utf-8")
    entries = custom_levels(ATAXX)
    assert [entry.name for entry in entries if isinstance(entry, LevelInfo)] == ["Good"]
    errors = [entry for entry in entries if isinstance(entry, LevelError)]
    assert len(errors) == 3 and all("kept as" in str(error) for error in errors)
    assert sorted(path.name.split(".")[0] for path in folder.iterdir() if is_set_aside(path)) == [
        "digits",
        "floats",
        "nested",
    ]
    driver = Driver.fast()
    try:
        driver.press("new_game")
        driver.press("choose_level")  # no error screen: the level select, with "Good" in My levels
        assert driver.top.name == "levelselect"
        driver.app.router.home()
        driver.app.router.push("editor")
        driver.press("open_custom")
        assert driver.top.name == "levelpicker"
    finally:
        driver.app.close()


def test_statistics_with_an_overflowing_number_never_break_the_screen_or_the_end_of_a_game(
    user_data_dir: Path,
) -> None:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    record = _good_record()
    text = json.dumps({"schema_version": 2, "games": {"ataxx": {"records": [record]}}})
    (user_data_dir / "statistics.json").write_text(
        text.replace('"plies": 1', '"plies": 1e999'), encoding="utf-8"
    )
    driver = Driver.fast()
    try:
        driver.press("statistics")
        assert driver.top.name == "statistics"
        driver.frames(2)
        driver.app.router.home()
        # A game that ends is counted in a fresh file; the damaged one is kept aside.
        from game.scenes.resume import open_match

        play = open_match(
            driver.app, Match(ATAXX, NEARLY_FULL, (Player.human(), Player.computer("casual"))), "X"
        )
        driver.play_move(ATAXX.parse_move("g7"))
        assert driver.until(lambda: driver.top.name == "results", max_frames=120)
        assert play.keeper.recorded_count == 1
        assert len(Statistics.load("ataxx").records) == 1
        assert [p for p in user_data_dir.iterdir() if p.name.startswith("statistics.damaged-")]
    finally:
        driver.app.close()


def test_damaged_records_are_kept_in_a_copy_before_the_file_is_rewritten(user_data_dir: Path) -> None:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    good = _good_record()
    damaged = {"opponent": "nobody", "plies": -3}
    path = user_data_dir / "statistics.json"
    original = json.dumps({"schema_version": 2, "games": {"ataxx": {"records": [good, damaged, good]}}})
    path.write_text(original, encoding="utf-8")
    stats = Statistics.load("ataxx")
    assert len(stats.records) == 2 and "copied" in (stats.load_message or "")
    stats.add(stats.records[0])
    stats.save()
    copies = [p for p in user_data_dir.iterdir() if p.name.startswith("statistics.damaged-")]
    assert len(copies) == 1 and copies[0].read_text(encoding="utf-8") == original
    assert len(json.loads(path.read_text(encoding="utf-8"))["games"]["ataxx"]["records"]) == 3
    stats.save()  # the copy is made once
    assert len([p for p in user_data_dir.iterdir() if p.name.startswith("statistics.damaged-")]) == 1


def test_stale_temporary_files_are_removed_at_start_and_fresh_ones_kept(user_data_dir: Path) -> None:
    (user_data_dir / "saves").mkdir(parents=True)
    stale = [user_data_dir / ".statistics.json.a1b2c3.tmp", user_data_dir / "saves" / ".Game.pgn.x9y8.tmp"]
    fresh = user_data_dir / ".settings.json.zzzz.tmp"
    for path in [*stale, fresh]:
        path.write_bytes(b"x" * 1000)
    old = time.time() - 3600
    for path in stale:
        os.utime(path, (old, old))
    driver = Driver.fast()
    try:
        assert not any(path.exists() for path in stale)
        assert fresh.exists()  # perhaps another copy of the game writing right now
    finally:
        driver.app.close()


def test_an_atomic_write_syncs_the_file_and_then_its_folder(tmp_path: Path, monkeypatch) -> None:
    synced: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd))[1])
    paths.atomic_write_text(tmp_path / "file.txt", "hello")
    assert (tmp_path / "file.txt").read_text() == "hello"
    assert len(synced) == (2 if os.name == "posix" else 1)


def test_every_scene_draws_after_a_damaged_start(user_data_dir: Path) -> None:
    """Damaged files of every kind at once: the menu, the statistics and the load screen all open."""
    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / "settings.json").write_text('{"volume": 1e999}', encoding="utf-8")
    (user_data_dir / "statistics.json").write_text("{" * 5000, encoding="utf-8")
    (user_data_dir / "saves").mkdir()
    (user_data_dir / "saves" / "Bad.pgn").write_bytes(b"[Event " + b"(" * 3000)
    driver = Driver.fast()
    try:
        driver.key(pygame.K_RETURN)  # the "Settings reset" message
        for button in ("statistics", "load"):
            driver.app.router.home()
            driver.press(button)
            assert driver.top.name in ("statistics", "load")
            driver.frames(2)
    finally:
        driver.app.close()
