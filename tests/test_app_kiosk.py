"""The kiosk through the real App, with its timers shortened: attract mode, touch, the admin chord, recovery."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game import paths
from game.kiosk import is_admin_chord, timer_from_env
from game.scenes.attract import AttractScene
from game.scenes.base import Scene
from game.scenes.menu import MenuScene
from game.scenes.play import PlayScene
from game.ui.driver import Driver


@pytest.fixture
def kiosk():
    driver = Driver.fast(kiosk=True, kiosk_idle=0.5, kiosk_game_idle=1.0, ai_time_budget=0.005)
    yield driver
    driver.app.close()


def _tap(driver: Driver, pos: tuple[int, int], frames: int = 2) -> None:
    """A finger down and up at pixel ``pos``, as SDL reports it (normalised), with its mouse copies."""
    width, height = driver.app.size
    x, y = pos[0] / width, pos[1] / height
    common = {"touch_id": 1, "finger_id": 7, "x": x, "y": y, "dx": 0.0, "dy": 0.0, "pressure": 1.0}
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, **common))
    # SDL also makes mouse events out of the touch; the app must ignore these copies.
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True))
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, **common))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True))
    driver.frames(frames)


def test_kiosk_is_fullscreen_without_quit(kiosk: Driver) -> None:
    app = kiosk.app
    assert app.kiosk and app.fullscreen
    menu = kiosk.top
    assert isinstance(menu, MenuScene)
    assert not menu.button("Quit").visible
    kiosk.key(pygame.K_q)  # Quit's own key does nothing here
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # nor does the window's close button
    kiosk.key(pygame.K_F11)
    kiosk.frames(1)
    assert app.running and app.fullscreen


def test_idle_attract_then_touch_back_to_the_menu(kiosk: Driver) -> None:
    app = kiosk.app
    kiosk.frames(20, dt=0.02)  # 0.4 s: not yet
    assert isinstance(kiosk.top, MenuScene)
    assert kiosk.until(lambda: isinstance(kiosk.top, AttractScene), max_frames=30, dt=0.05)
    attract = kiosk.top
    assert attract.persistent is False
    assert all(not player.is_human for player in attract.match.players)
    assert not any(button.visible for button in attract.panel.widgets.buttons)
    # The computer plays itself: moves are made and games end and start again.
    assert kiosk.until(lambda: app.kiosk_mode.attract_games >= 1, max_frames=3000, dt=0.1, sleep=0.001)
    # A synthetic mouse event made by SDL from a touch is not a second tap.
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1, touch=True))
    kiosk.frames(1)
    assert isinstance(kiosk.top, AttractScene)
    # A tap on the tile under the finger: back to the menu, and the tap does not open a game.
    menu_probe = MenuScene(app)
    menu_probe.ensure_layout()
    tile = menu_probe.tiles[0][0].center
    _tap(kiosk, tile)
    assert isinstance(kiosk.top, MenuScene) and len(app.scenes) == 1
    # A finger works like the mouse on the menu.
    _tap(kiosk, kiosk.top.button("New game").rect.center)
    assert type(kiosk.top).__name__ == "NewGameScene"


def test_a_key_or_click_also_ends_the_attract_mode(kiosk: Driver) -> None:
    kiosk.app.kiosk_mode.start_attract()
    kiosk.frames(2)
    kiosk.key(pygame.K_a)
    assert isinstance(kiosk.top, MenuScene)
    kiosk.app.kiosk_mode.start_attract()
    kiosk.frames(2)
    kiosk.click((300, 300))
    assert isinstance(kiosk.top, MenuScene) and len(kiosk.app.scenes) == 1


def test_a_game_left_alone_goes_back_to_the_attract_mode(kiosk: Driver) -> None:
    kiosk.press("New game")
    kiosk.press("Choose level")
    kiosk.click(kiosk.top.card_centre(0))
    assert isinstance(kiosk.top, PlayScene)
    kiosk.frames(14, dt=0.05)  # 0.7 s: longer than the menu's limit, shorter than a game's
    assert isinstance(kiosk.top, PlayScene) and not isinstance(kiosk.top, AttractScene)
    kiosk.move_mouse((10, 10))  # someone is there: the clock starts again
    kiosk.frames(14, dt=0.05)
    assert not isinstance(kiosk.top, AttractScene)
    assert kiosk.until(lambda: isinstance(kiosk.top, AttractScene), max_frames=30, dt=0.05)
    assert len(kiosk.app.scenes) == 1


def test_the_admin_chord_leaves(kiosk: Driver) -> None:
    mods = pygame.KMOD_LCTRL | pygame.KMOD_LALT | pygame.KMOD_LSHIFT
    kiosk.key(pygame.K_q, pygame.KMOD_LCTRL | pygame.KMOD_LALT)  # not all three: nothing
    assert kiosk.app.running
    kiosk.key(pygame.K_q, mods)
    assert not kiosk.app.running
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=mods)
    assert is_admin_chord(event)


class _Broken(Scene):
    def update(self, dt: float) -> None:
        raise RuntimeError("boom in a scene")


def test_a_scene_error_is_logged_and_the_kiosk_returns_to_its_menu(
    kiosk: Driver, user_data_dir: Path
) -> None:
    app = kiosk.app
    kiosk.press("New game")
    app.push(_Broken(app))
    kiosk.frames(2)
    assert isinstance(kiosk.top, MenuScene) and len(app.scenes) == 1
    assert app.kiosk_mode.recoveries == 1
    log = (user_data_dir / "attax.log").read_text(encoding="utf-8")
    assert "boom in a scene" in log and "Traceback" in log


def test_the_main_loop_itself_is_guarded(kiosk: Driver, user_data_dir: Path, monkeypatch) -> None:
    app = kiosk.app
    calls = {"n": 0}
    original = app.kiosk_mode.update

    def failing_once(dt: float) -> None:
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("boom in the loop")
        original(dt)

    monkeypatch.setattr(app.kiosk_mode, "update", failing_once)
    app.run(max_frames=app.stats.frames + 3)
    assert isinstance(kiosk.top, MenuScene)
    assert "boom in the loop" in (user_data_dir / "attax.log").read_text(encoding="utf-8")


def test_timers_from_the_environment(monkeypatch) -> None:
    monkeypatch.setenv("ATTAX_KIOSK_IDLE", "2.5")
    assert timer_from_env("ATTAX_KIOSK_IDLE", 60) == 2.5
    monkeypatch.setenv("ATTAX_KIOSK_IDLE", "soon")
    assert timer_from_env("ATTAX_KIOSK_IDLE", 60) == 60
    monkeypatch.setenv("ATTAX_KIOSK_IDLE", "-1")
    assert timer_from_env("ATTAX_KIOSK_IDLE", 60) == 60


def test_no_file_options_in_the_kiosk(kiosk: Driver) -> None:
    menu = kiosk.top
    visible = {button.label for button in menu.widgets.buttons if button.visible}
    assert "New game" in visible
    assert not visible & {"Quit", "Load game", "Level editor"}
    kiosk.press("New game")
    kiosk.press("Choose level")
    kiosk.click(kiosk.top.card_centre(0))
    kiosk.key(pygame.K_ESCAPE)  # the pause menu
    pause = kiosk.top
    shown = {button.label for button in pause.widgets.buttons if button.visible}
    assert "Resume" in shown and not shown & {"Save", "Save as", "Load game"}
    kiosk.key(pygame.K_ESCAPE)  # resume, then Ctrl+S: no name to ask for, nothing written
    play = kiosk.top
    assert isinstance(play, PlayScene)
    kiosk.key(pygame.K_s, pygame.KMOD_LCTRL)
    assert kiosk.top is play and play.toast is not None
    assert not (paths.user_data_dir() / "saves").exists() or not any(
        (paths.user_data_dir() / "saves").iterdir()
    )


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or sys.platform == "win32", reason="POSIX signals")
def test_sigterm_stops_a_kiosk_cleanly(user_data_dir: Path) -> None:
    # A window close is ignored by the kiosk; a service manager's SIGTERM must still stop it.
    root = Path(__file__).resolve().parent.parent
    env = dict(
        os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", ATTAX_DATA_DIR=str(user_data_dir)
    )
    game = subprocess.Popen(
        [sys.executable, str(root / "main.py"), "--kiosk"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 20
        log = user_data_dir / "attax.log"
        # Running once the log says the kiosk's first scene is up (or after a generous wait).
        while time.monotonic() < deadline and game.poll() is None:
            if log.exists() and log.stat().st_size > 0:
                break
            time.sleep(0.05)
        time.sleep(0.5)
        assert game.poll() is None, game.stderr.read() if game.stderr else ""
        game.send_signal(signal.SIGTERM)
        assert game.wait(timeout=10) == 0
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
