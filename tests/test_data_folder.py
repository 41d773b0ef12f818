"""A data folder that cannot be used, and writes that fail: the game says what and why, and goes on."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import paths
from game.driver import Driver
from game.engine.match import Match, Player
from game.games import game
from game.scenes.resume import open_match

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

ROOT = Path(__file__).resolve().parent.parent
ATAXX = game("ataxx").load_rules()


def _dialog_text(driver: Driver) -> str:
    top = driver.top
    assert top.name == "dialog", f"{top.name} on top, not a message"
    return " ".join([top.title, *top.lines])


@pytest.mark.parametrize("kind", ["a file", "inside a file"])
def test_a_data_folder_that_cannot_be_used_is_said_once_and_the_game_runs(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("not a folder")
    folder = blocker if kind == "a file" else blocker / "attax"
    monkeypatch.setenv("ATTAX_DATA_DIR", str(folder))
    driver = Driver.fast()
    app = driver.app
    try:
        assert app.data_problem is not None
        text = _dialog_text(driver)
        assert "Nothing will be kept" in text and str(folder) in text
        driver.press("ok")
        assert driver.top.name == "menu"
        # Everything that reads or writes files still works, quietly keeping nothing.
        for button in ("statistics", "load"):
            driver.press(button)
            assert driver.top.name in ("statistics", "load")
            app.router.home()
        app.settings.volume = 0.3
        app.save_settings()
        play = open_match(app, Match(ATAXX, players=(Player.human(), Player.computer("casual"))), "X")
        driver.play_move(ATAXX.parse_move("b6"))
        assert driver.top is play and app.running
        driver.key(pygame.K_F12)
        assert driver.top is play and app.running  # said once at start; not again
    finally:
        app.close()
    assert blocker.read_text() == "not a folder"


def test_main_runs_with_a_data_folder_that_is_a_file(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("x")
    env = dict(os.environ, ATTAX_DATA_DIR=str(blocker), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--screenshot", str(tmp_path / "shot.png"), "--ai-thread"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "shot.png").exists()


def test_f12_where_screenshots_is_a_file_says_why(user_data_dir: Path) -> None:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / "screenshots").write_text("a file")
    driver = Driver.fast()
    try:
        driver.key(pygame.K_F12)
        text = _dialog_text(driver)
        assert "Screenshot not saved" in text and "a file stands where a folder should be" in text
        assert driver.app.running
    finally:
        driver.app.close()


def _refusing(error_number: int):  # type: ignore[no-untyped-def]
    def refuse(path: object, data: bytes) -> None:
        raise OSError(error_number, os.strerror(error_number), str(path))

    return refuse


@pytest.mark.parametrize(
    ("error_number", "words"), [(errno.EACCES, "permission denied"), (errno.ENOSPC, "the disk is full")]
)
def test_save_as_says_why_it_failed(error_number: int, words: str, monkeypatch: pytest.MonkeyPatch) -> None:
    driver = Driver.fast()
    try:
        play = open_match(driver.app, Match(ATAXX, players=(Player.human(), Player.human())), "X")
        monkeypatch.setattr(paths, "atomic_write_bytes", _refusing(error_number))
        assert not play.keeper.save_as("Evening")
        assert play.toast is not None and play.toast[0] == f"Could not save: {words}"
        assert driver.top is play
    finally:
        driver.app.close()


def test_a_failed_autosave_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    driver = Driver.fast()
    try:
        play = open_match(driver.app, Match(ATAXX, players=(Player.human(), Player.human())), "X")
        monkeypatch.setattr(paths, "atomic_write_bytes", _refusing(errno.ENOSPC))
        driver.play_move(ATAXX.parse_move("b6"))
        text = _dialog_text(driver)
        assert "Autosave failed" in text and "the disk is full" in text and "Continue" in text
        driver.press("ok")
        driver.play_move(ATAXX.parse_move("f7"))
        assert driver.top is play  # said once, not after every move
    finally:
        driver.app.close()


def test_settings_that_cannot_be_written_are_said(monkeypatch: pytest.MonkeyPatch) -> None:
    driver = Driver.fast(save_settings=True)
    try:
        monkeypatch.setattr(paths, "atomic_write_bytes", _refusing(errno.EROFS))
        driver.app.save_settings()
        text = _dialog_text(driver)
        assert "Settings not saved" in text and "the disk is read-only" in text
    finally:
        driver.app.close()


def test_f12_on_a_full_disk_says_why_and_leaves_no_file(
    user_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19, item 9: F12 on a full disk left a 0-byte picture and said nothing."""
    driver = Driver.fast()
    try:

        def full(descriptor: int) -> None:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        with monkeypatch.context() as patch:
            patch.setattr(os, "fsync", full)
            driver.key(pygame.K_F12)
        text = _dialog_text(driver)
        assert "Screenshot not saved" in text and "disk is full" in text.lower(), text
        assert [item.name for item in (user_data_dir / "screenshots").iterdir()] == []
        assert driver.app.running
    finally:
        driver.app.close()
