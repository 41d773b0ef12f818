"""Issue 19: files that are not regular files, and file names the game makes or meets that it must not trust."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pygame
import pytest

from game import paths
from game.driver import Driver
from game.engine import saves
from game.engine.levels import LevelError, LevelInfo, custom_level_path, save_custom_level
from game.engine.match import Match, Player
from game.engine.stats import Statistics
from game.games import game
from game.paths import is_set_aside, safe_file_stem
from game.scenes.saveload import SaveAsScene
from game.ui.settings import Settings

ATAXX = game("ataxx").load_rules()
T = TypeVar("T")
fifo_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")


def _within(seconds: float, fifo: Path, read: Callable[[], T]) -> T:
    """``read()`` run in a thread; the test fails (instead of hanging) if it has not returned in ``seconds``."""
    outcome: list[T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            outcome.append(read())
        except BaseException as error:  # handed to the test
            failure.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        # Free the reader stuck in open(): a writer opens the pipe, then closes it (end of file).
        with contextlib.suppress(OSError):
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        thread.join(seconds)
        pytest.fail(f"reading {fifo.name} (a FIFO) blocked for more than {seconds} s")
    if failure:
        raise failure[0]
    return outcome[0]


# -- item 3: a FIFO, a device or a socket is refused before it is opened --


@fifo_only
def test_a_fifo_as_settings_is_refused_and_set_aside_without_blocking(user_data_dir: Path) -> None:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    fifo = user_data_dir / "settings.json"
    os.mkfifo(fifo)
    settings = _within(5.0, fifo, Settings.load)
    assert settings.load_message and "settings.json" in settings.load_message
    assert "not a regular file" in settings.load_message and "kept as" in settings.load_message
    assert not fifo.exists()
    assert [path for path in user_data_dir.iterdir() if is_set_aside(path)]


@fifo_only
def test_a_fifo_as_statistics_is_refused_and_set_aside_without_blocking(user_data_dir: Path) -> None:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    fifo = user_data_dir / "statistics.json"
    os.mkfifo(fifo)
    stats = _within(5.0, fifo, lambda: Statistics.load("ataxx"))
    assert stats.records == []
    assert stats.load_message and "statistics.json" in stats.load_message
    assert "not a regular file (a pipe)" in stats.load_message and "kept as" in stats.load_message
    assert not fifo.exists()


@fifo_only
def test_read_text_limited_refuses_a_fifo_a_device_and_a_folder(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(paths.NotRegularFileError, match=r"pipe\.json: not a regular file \(a pipe\)"):
        _within(5.0, fifo, lambda: paths.read_text_limited(fifo, 100))
    if Path(os.devnull).exists():
        with pytest.raises(paths.NotRegularFileError, match="a device"):
            paths.read_text_limited(os.devnull, 100)
    with pytest.raises(paths.NotRegularFileError, match="a folder"):
        paths.read_text_limited(tmp_path, 100)
    with pytest.raises(FileNotFoundError):
        paths.read_text_limited(tmp_path / "missing.json", 100)


# -- item 6: a save whose file name is not UTF-8 --


def _save_named_in_bytes(raw: bytes) -> Path:
    """A sound save under the file name ``raw`` (bytes, as another system may leave them)."""
    good = saves.save_game("Good", Match(ATAXX, None, (Player.human(), Player.human())))
    other = os.fsencode(good.parent) + b"/" + raw
    with open(other, "wb") as stream:
        stream.write(good.read_bytes())
    return Path(os.fsdecode(other))


@pytest.mark.skipif(os.name != "posix", reason="only POSIX file names may be bytes that are not UTF-8")
def test_a_save_whose_name_is_not_utf8_is_listed_fit_to_show_with_the_others(user_data_dir: Path) -> None:
    odd = _save_named_in_bytes(b"bad\xff.pgn")
    _save_named_in_bytes(b"worse\xfe\xff.pgn").write_bytes(b"[Event " + b"(" * 300)  # and damaged
    entries = saves.list_saves()
    names = sorted(entry.name for entry in entries)
    assert names == ["Good", "bad\ufffd", "worse\ufffd\ufffd"]
    for entry in entries:
        entry.name.encode("utf-8")  # no lone surrogate: a font and a log can take it
        if isinstance(entry, saves.DamagedSave):
            entry.reason.encode("utf-8")
            assert entry.reason.startswith("worse\ufffd\ufffd.pgn: ")
    odd_entry = next(entry for entry in entries if entry.name == "bad\ufffd")
    assert (
        isinstance(odd_entry, saves.SaveEntry) and odd_entry.path == odd
    )  # it still loads from its own file
    saves.load_game(odd_entry.path)
    # The load screen shows the list (it crashed drawing the name before).
    driver = Driver.fast()
    try:
        driver.press("load")
        assert driver.top.name == "load"
        driver.frames(2)
        # The damaged one was set aside by the listing above; the other two are shown.
        assert sorted(entry.name for entry in driver.top.entries) == ["Good", "bad\ufffd"]
    finally:
        driver.app.close()


# -- items 7, 8 and 20: one rule from a typed name to a file, agreed on by the check and the write --


@pytest.mark.parametrize("typed", ["x.damaged-20261124-101500", "Game.DAMAGED-1", "a.dam<>aged-b"])
def test_a_name_like_a_file_set_aside_is_refused_for_saves_and_levels(typed: str) -> None:
    with pytest.raises(paths.SetAsideNameError, match="damaged"):
        safe_file_stem(typed)
    with pytest.raises(saves.SaveError, match="kept for damaged files"):
        saves.save_game(typed, Match(ATAXX, None, (Player.human(), Player.human())))
    with pytest.raises(LevelError, match="kept for damaged files"):
        save_custom_level(LevelInfo(typed, "", "", "x5o/7/7/3-3/7/7/o5x x 0 1"), ATAXX)
    assert saves.list_saves() == []
    assert not list(saves.saves_dir().iterdir())


def _save_as_dialog(driver: Driver) -> SaveAsScene:
    """The Save as dialog over a new match between two people."""
    from game.scenes.resume import open_match

    open_match(driver.app, Match(ATAXX, None, (Player.human(), Player.human())), "X")
    driver.app.router.push("saveas", driver.top)
    dialog = driver.top
    assert isinstance(dialog, SaveAsScene)
    return dialog


def test_the_save_dialog_says_why_a_name_like_a_file_set_aside_is_refused() -> None:
    driver = Driver.fast()
    try:
        dialog = _save_as_dialog(driver)
        dialog.field.text = "x.damaged-20261124-101500"
        dialog.submit()
        assert driver.top is dialog and "damaged" in dialog.error
        assert not list(saves.saves_dir().iterdir())
    finally:
        driver.app.close()


@pytest.mark.parametrize(
    "typed",
    [
        "con.txt",
        "CON",
        "nul .txt",
        "com1.a.b",
        "My game",
        "a" * 200,
        "Ù" * 100,
        "\U0001d4d0" * 60,
        "日本語" * 30,
    ],
)
def test_cleaning_a_cleaned_name_gives_it_back_and_it_fits_the_file_system(typed: str) -> None:
    stem = safe_file_stem(typed)
    assert safe_file_stem(stem) == stem
    assert len(stem) <= paths.MAX_STEM_LENGTH and len(stem.encode("utf-8")) <= paths.MAX_STEM_BYTES
    assert stem.split(".")[0].rstrip(" ").lower() not in {"con", "nul", "com1"}  # not reserved on Windows
    assert saves.save_path(saves.save_path(typed).stem) == saves.save_path(typed)


def test_a_second_game_saved_as_con_txt_asks_before_replacing_the_first() -> None:
    first = Match(ATAXX, None, (Player.human(), Player.human()))
    saves.save_game("con.txt", first)
    driver = Driver.fast()
    try:
        dialog = _save_as_dialog(driver)
        dialog.field.text = "con.txt"
        dialog.submit()
        assert driver.top.name == "dialog", "Replace? is asked: a save of that name exists"
    finally:
        driver.app.close()
    assert [path.name for path in saves.saves_dir().iterdir()] == ["con_.txt.pgn"]


def test_a_name_of_sixty_four_byte_letters_is_saved_as_checked() -> None:
    typed = "\U0001d4d0" * 60  # MATHEMATICAL BOLD SCRIPT CAPITAL A, 4 bytes in UTF-8
    checked = saves.save_path(typed)
    written = saves.save_game(typed, Match(ATAXX, None, (Player.human(), Player.human())))
    assert written == checked and written.is_file()
    assert [entry.name for entry in saves.list_saves()] == [checked.stem]
    level = save_custom_level(LevelInfo(typed, "", "", "x5o/7/7/3-3/7/7/o5x x 0 1"), ATAXX)
    assert level == custom_level_path(typed, "ataxx") and level.is_file()
    # A copy kept aside, and its temporary file, fit too.
    assert paths.keep_copy(written) is not None
    pygame.quit()
