"""The App itself: the command line, screenshots, resizing, and surviving a scene that fails."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.app import MIN_SIZE
from game.engine.ataxx import Side
from game.engine.levels import LevelInfo
from game.scenes.base import Scene
from game.scenes.menu import MenuScene
from game.scenes.message import ErrorScene
from game.scenes.newgame import GameConfig
from game.scenes.play import PlayScene
from game.ui.driver import Driver

ROOT = Path(__file__).resolve().parent.parent


def _run_main(*args: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, ATTAX_DATA_DIR=str(data_dir), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        cwd=ROOT,
    )


def test_screenshot_option_writes_a_png_of_the_window_size(tmp_path: Path, user_data_dir: Path) -> None:
    target = tmp_path / "menu.png"
    result = _run_main("--screenshot", str(target), "--size", "800x600", data_dir=user_data_dir)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "" and result.stderr == ""
    image = pygame.image.load(str(target))
    assert image.get_size() == (800, 600)
    # A real picture, not a blank: many distinct colours.
    colours = {image.get_at((x, y))[:3] for x in range(0, 800, 23) for y in range(0, 600, 19)}
    assert len(colours) > 50


def test_help_and_bad_options(user_data_dir: Path) -> None:
    result = _run_main("--help", data_dir=user_data_dir)
    assert result.returncode == 0
    for option in ("--fullscreen", "--screenshot", "--size", "--demo"):
        assert option in result.stdout
    bad = _run_main("--no-such-option", data_dir=user_data_dir)
    assert bad.returncode == 2 and "unrecognized arguments" in bad.stderr
    small = _run_main("--size", "300x200", data_dir=user_data_dir)
    assert small.returncode == 2 and "640x480" in small.stderr


def test_resizing_relayouts_every_scene() -> None:
    driver = Driver.fast()
    try:
        level = LevelInfo("Test", "", "", "x5o/7/7/7/7/7/o5x x 0 1")
        play = PlayScene(driver.app, GameConfig(vs_computer=False, first=Side.RED), level)
        driver.app.push(play)
        driver.frames(1)
        for size in ((640, 480), (1920, 1080), (1000, 500), (700, 900)):
            driver.app.resize(size)
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
            driver.frames(2)
            assert driver.app.size == size
            window = pygame.Rect((0, 0), size)
            assert window.contains(play.view.rect), size
            assert window.contains(play.panel.rect), size
            assert not play.view.rect.colliderect(play.panel.rect)
            for sq in (0, 24, 48):
                assert play.view.square_at(play.square_centre(sq)) == sq
            for button in play.panel.widgets.buttons:
                assert window.contains(button.rect) and button.rect.height >= 20, (size, button.label)
        # Too small a window is refused: the layout never goes below 640x480.
        driver.app.resize((320, 200))
        assert driver.app.size == MIN_SIZE
        # Clicks still land on the right squares after all that.
        driver.click(play.square_centre(42))
        assert play.selected == 42
    finally:
        driver.app.close()


def test_f12_saves_a_screenshot_in_the_user_data_folder(user_data_dir: Path) -> None:
    driver = Driver.fast()
    try:
        driver.frames(1)
        driver.key(pygame.K_F12)
        shots = list((user_data_dir / "screenshots").glob("*.png"))
        assert len(shots) == 1
        assert pygame.image.load(str(shots[0])).get_size() == driver.app.size
    finally:
        driver.app.close()


class _Broken(Scene):
    def update(self, dt: float) -> None:
        raise RuntimeError("boom")


def test_a_failing_scene_is_reported_and_the_app_goes_on() -> None:
    driver = Driver.fast()
    try:
        driver.app.push(_Broken(driver.app))
        driver.frames(2)
        assert isinstance(driver.top, ErrorScene)
        assert "boom" in " ".join(driver.top.lines)
        assert driver.app.running
        driver.press("Continue")
        assert isinstance(driver.top, MenuScene) and len(driver.app.scenes) == 1
        driver.frames(2)
    finally:
        driver.app.close()


@pytest.mark.parametrize("name", ["menu", "newgame", "levels", "play", "results", "pause", "options", "help"])
def test_every_screen_draws_at_the_smallest_and_a_large_size(name: str) -> None:
    from game.app import App, AppOptions

    for size in ((640, 480), (1920, 1080)):
        app = App(AppOptions(size=size, demo=name, instant=True, use_process=False, audio=False))
        try:
            app.start()
            for _ in range(3):
                app.frame(1 / 60)
            assert not any(isinstance(scene, ErrorScene) for scene in app.scenes), name
        finally:
            app.close()


def test_a_run_writes_nothing_inside_the_source_tree(tmp_path: Path, user_data_dir: Path) -> None:
    def listing() -> set[str]:
        return {str(p.relative_to(ROOT)) for p in ROOT.rglob("*") if ".git" not in p.parts}

    before = listing()
    result = _run_main("--demo", "play", "--screenshot", str(tmp_path / "play.png"), data_dir=user_data_dir)
    assert result.returncode == 0, result.stderr
    assert listing() == before
    assert (user_data_dir / "attax.log").exists()


def test_the_computer_plays_through_the_child_process() -> None:
    driver = Driver.fast(use_process=True)
    try:
        level = LevelInfo("Test", "", "", "x5o/7/7/7/7/7/o5x x 0 1")
        config = GameConfig(vs_computer=True, level="beginner", human_side=Side.RED, first=Side.BLUE)
        play = PlayScene(driver.app, config, level)
        driver.app.push(play)
        for _ in range(3):
            assert driver.until(play.human_turn, max_frames=2000, sleep=0.002)
            driver.play_move(play.match.legal_moves()[0])
        assert play.match.ply >= 5
        assert driver.app.worker.child_pid is not None
    finally:
        driver.app.close()


def test_f11_toggles_fullscreen_and_remembers_it(user_data_dir: Path) -> None:
    driver = Driver.fast()
    try:
        driver.frames(1)
        driver.key(pygame.K_F11)
        assert driver.app.fullscreen
        assert '"fullscreen": true' in (user_data_dir / "settings.json").read_text(encoding="utf-8")
        driver.key(pygame.K_F11)
        assert not driver.app.fullscreen
        assert isinstance(driver.top, MenuScene)
    finally:
        driver.app.close()
