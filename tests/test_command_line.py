"""main.py's options: bad values are refused with a message and exit code 2, before anything starts."""

from __future__ import annotations

import errno
import importlib.util
import logging
import os
import sys
from pathlib import Path

import pygame
import pytest

from game.scenes.kiosk import GAME_IDLE, IDLE, positive_seconds, timer_from_env

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def main_module():
    spec = importlib.util.spec_from_file_location("attax_main", ROOT / "main.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("value", ["0", "-3", "nan", "inf", "-inf", "soon", "", "1e400", "90000"])
def test_a_bad_kiosk_timer_is_refused(main_module, value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main_module.parse_args(["--kiosk", f"--kiosk-idle={value}"])
    assert exited.value.code == 2
    error = capsys.readouterr().err
    assert "--kiosk-idle" in error and ("number of seconds" in error or "more than a day" in error)


def test_fullscreen_and_windowed_together_are_refused(
    main_module, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main_module.parse_args(["--fullscreen", "--windowed"])
    assert exited.value.code == 2
    error = capsys.readouterr().err
    assert "--windowed" in error and "not allowed with" in error
    assert main_module.parse_args(["--windowed"]).windowed
    assert main_module.parse_args(["--fullscreen"]).fullscreen


def test_a_good_kiosk_timer_is_taken(main_module) -> None:
    assert main_module.parse_args(["--kiosk", "--kiosk-idle", "0.5"]).kiosk_idle == 0.5
    assert positive_seconds("86400") == 86400.0


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "lots", "1e9"])
def test_a_bad_timer_in_the_environment_gets_a_message_and_the_default(
    main_module, value: str, monkeypatch: pytest.MonkeyPatch, capsys, caplog
) -> None:
    monkeypatch.setenv("ATTAX_KIOSK_IDLE", value)
    monkeypatch.setenv("ATTAX_KIOSK_GAME_IDLE", value)
    with caplog.at_level(logging.WARNING):
        assert timer_from_env("ATTAX_KIOSK_IDLE", IDLE) == IDLE
        assert timer_from_env("ATTAX_KIOSK_GAME_IDLE", GAME_IDLE) == GAME_IDLE
    assert "ATTAX_KIOSK_IDLE" in caplog.text and "using 60" in caplog.text
    main_module._check_kiosk_environment()
    error = capsys.readouterr().err
    assert "ATTAX_KIOSK_IDLE" in error and "using 60 seconds" in error
    assert "ATTAX_KIOSK_GAME_IDLE" in error and "using 120 seconds" in error


def test_a_screenshot_into_a_folder_is_refused(main_module, tmp_path: Path, capsys) -> None:
    for target in (tmp_path, tmp_path / "missing" / "shot.png"):
        with pytest.raises(SystemExit) as exited:
            main_module.parse_args(["--screenshot", str(target)])
        assert exited.value.code == 2
        assert "--screenshot" in capsys.readouterr().err


def test_a_failed_screenshot_save_is_an_os_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from game.driver import Driver

    driver = Driver.fast()
    try:

        def refuse(surface: object, stream: object, name: str) -> None:
            raise pygame.error(f"Couldn't open {name}")

        monkeypatch.setattr(pygame.image, "save", refuse)
        with pytest.raises(OSError, match="Couldn't open"):
            driver.app.screenshot(tmp_path / "shot.png")
    finally:
        driver.app.close()


def test_main_returns_2_when_the_picture_cannot_be_saved(
    main_module, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys
) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")

    def refuse(surface: object, *args: object) -> None:
        raise pygame.error("Couldn't open the file")

    monkeypatch.setattr(pygame.image, "save", refuse)
    monkeypatch.setattr(sys, "argv", ["main.py"])
    assert main_module.main(["--screenshot", str(tmp_path / "shot.png"), "--ai-thread"]) == 2
    assert "cannot save the screenshot" in capsys.readouterr().err


def _full_disk(*args: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("where", ["save", "fsync"])
def test_a_screenshot_on_a_full_disk_exits_2_and_leaves_no_file(
    main_module, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys, where: str
) -> None:
    """Issue 19, item 9: a full disk left a 0-byte picture and ``--screenshot`` exited 0."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    if where == "save":
        monkeypatch.setattr(pygame.image, "save", _full_disk)
    else:  # the picture is made, the disk refuses it
        monkeypatch.setattr(os, "fsync", _full_disk)
    folder = tmp_path / "pictures"
    folder.mkdir()
    assert main_module.main(["--screenshot", str(folder / "shot.png"), "--ai-thread"]) == 2
    err = capsys.readouterr().err
    assert "cannot save the screenshot" in err and "No space left on device" in err
    assert len(err.strip().splitlines()) == 1
    assert list(folder.iterdir()) == []


@pytest.mark.skipif(not Path("/proc/version").is_file(), reason="Linux's /proc")
def test_a_screenshot_to_proc_version_exits_2(main_module, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert main_module.main(["--screenshot", "/proc/version", "--ai-thread"]) == 2
    assert "cannot save the screenshot to '/proc/version': " in capsys.readouterr().err


@pytest.mark.parametrize("name", ["x" * 5000 + ".png", "~nosuchuser-attax/x.png", "a" * 300 + "/x.png"])
def test_an_impossible_screenshot_name_is_refused_in_one_line(main_module, name: str, capsys) -> None:
    """Issue 19, item 10: a 5,000-letter name (ENAMETOOLONG) or ``~nosuchuser`` raised a traceback."""
    with pytest.raises(SystemExit) as exited:
        main_module.parse_args(["--screenshot", name])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "--screenshot" in err and "Traceback" not in err
    assert len(err.strip().splitlines()[-1]) < 300
