"""main.py's options: bad values are refused with a message and exit code 2, before anything starts."""

from __future__ import annotations

import importlib.util
import logging
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
    from game.scenes.driver import Driver

    driver = Driver.fast()
    try:

        def refuse(surface: object, name: str) -> None:
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

    def refuse(surface: object, name: str) -> None:
        raise pygame.error("Couldn't open the file")

    monkeypatch.setattr(pygame.image, "save", refuse)
    monkeypatch.setattr(sys, "argv", ["main.py"])
    assert main_module.main(["--screenshot", str(tmp_path / "shot.png"), "--ai-thread"]) == 2
    assert "cannot save the screenshot" in capsys.readouterr().err
