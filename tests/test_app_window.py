"""The App itself: the command line, screenshots, resizing, and surviving a scene that fails."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from waiting import frames_until

from game import games
from game.app import MIN_SIZE
from game.driver import Driver
from game.engine.levels import LevelInfo
from game.engine.match import MatchConfig
from game.scenes.base import Scene
from game.scenes.demo import DEMOS
from game.scenes.match import MatchScene
from game.scenes.menu import MenuScene
from game.scenes.message import ErrorScene

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

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
        play = driver.app.router.push("match", MatchConfig(vs_computer=False, first=0), level)
        assert isinstance(play, MatchScene)
        board = play.board
        driver.frames(1)
        for size in ((640, 480), (1920, 1080), (1000, 500), (700, 900)):
            driver.app.resize(size)
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
            driver.frames(2)
            assert driver.app.size == size
            window = pygame.Rect((0, 0), size)
            assert window.contains(board.view.rect), size
            assert window.contains(play.panel.rect), size
            assert not board.view.rect.colliderect(play.panel.rect)
            for sq in (0, 24, 48):
                assert board.view.square_at(board.square_centre(sq)) == sq
            for button in play.panel.widgets.buttons:
                assert window.contains(button.rect) and button.rect.height >= 20, (size, button.id)
        # Too small a window is refused: the layout never goes below 640x480.
        driver.app.resize((320, 200))
        assert driver.app.size == MIN_SIZE
        # Clicks still land on the right squares after all that.
        driver.click(board.square_centre(42))
        assert board.selected == 42
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
    """A scene that raises in ``method``."""

    def __init__(self, app, method: str = "update") -> None:
        super().__init__(app)
        self.method = method

    def enter(self) -> None:
        self._maybe_fail("enter")

    def update(self, dt: float) -> None:
        self._maybe_fail("update")

    def draw(self, surface: pygame.Surface) -> None:
        self._maybe_fail("draw")

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._maybe_fail("handle_event")
        return True

    def _maybe_fail(self, method: str) -> None:
        if method == self.method:
            raise RuntimeError(f"boom in {method}")


def _record(scene: Scene, calls: list[tuple[str, str]], label: str | None = None) -> Scene:
    """Note ``scene``'s lifecycle calls in ``calls`` as ``(label, method)`` (label: the scene's name)."""
    for method in ("enter", "exit", "pause", "resume"):
        original = getattr(scene, method)

        def recorded(original=original, method=method) -> None:
            calls.append((label or scene.name, method))
            original()

        setattr(scene, method, recorded)
    return scene


@pytest.mark.parametrize("method", ["update", "draw", "handle_event", "enter"])
def test_a_failing_scene_is_reported_and_continue_drops_it(method: str) -> None:
    driver = Driver.fast()
    try:
        app = driver.app
        menu = driver.top
        calls: list[tuple[str, str]] = []
        _record(menu, calls)
        broken = _Broken(app, method)
        app.stack.push(broken)
        driver.move_mouse((10, 10))  # an event for handle_event
        driver.frames(2)
        error = driver.top
        assert isinstance(error, ErrorScene) and error.name == "error"
        assert [scene.name for scene in app.stack.scenes] == ["menu", "scene", "error"]
        assert error.failed is broken and app.stack.has_failed(broken)
        assert f"RuntimeError: boom in {method}" in " ".join(error.lines)
        assert "_Broken" in error.lines[0]
        assert app.running
        driver.frames(2)  # the failed scene is not called again, so nothing else is reported
        assert driver.top is error and len(app.stack) == 3
        driver.press("continue")
        assert driver.top is menu and len(app.stack) == 1
        assert broken not in app.stack and not app.stack.has_failed(broken)
        assert calls == [("menu", "pause"), ("menu", "resume")]  # resumed once, when on top again
        driver.frames(2)
        assert driver.top is menu
    finally:
        driver.app.close()


def test_a_failing_error_message_starts_again_from_a_fresh_menu(monkeypatch: pytest.MonkeyPatch) -> None:
    driver = Driver.fast()
    try:
        app = driver.app
        menu = driver.top

        def broken_draw(self, surface: pygame.Surface) -> None:
            raise RuntimeError("the message itself fails")

        monkeypatch.setattr(ErrorScene, "draw", broken_draw)
        app.stack.push(_Broken(app))
        driver.frames(3)
        assert [scene.name for scene in app.stack.scenes] == ["menu"]
        assert driver.top is not menu and isinstance(driver.top, MenuScene)
        assert app.running
    finally:
        driver.app.close()


def test_going_home_resumes_only_the_menu() -> None:
    """``router.home()`` three scenes deep: those between exit without a resume; pause/resume pair."""
    driver = Driver.fast()
    try:
        app = driver.app
        calls: list[tuple[str, str]] = []
        menu = _record(driver.top, calls)
        driver.press("new_game")
        _record(driver.top, calls)
        driver.press("choose_level")
        _record(driver.top, calls)
        driver.click(driver.top.card_centre(0))
        play = _record(driver.top, calls)
        assert [scene.name for scene in app.stack.scenes] == ["menu", "newgame", "levelselect", "match"]
        assert calls == [("menu", "pause"), ("newgame", "pause"), ("levelselect", "pause")]
        calls.clear()
        app.router.home()
        assert driver.top is menu and len(app.stack) == 1
        assert calls == [
            ("match", "exit"),
            ("levelselect", "exit"),
            ("newgame", "exit"),
            ("menu", "resume"),
        ]
        assert play.computer.ticket is None
        # The same through the pause menu's "Quit to menu": the match is left, never resumed.
        driver.press("new_game")
        driver.press("choose_level")
        driver.click(driver.top.card_centre(0))
        _record(driver.top, calls)
        driver.key(pygame.K_ESCAPE)
        pause = _record(driver.top, calls)
        assert pause.name == "pause"
        calls.clear()
        driver.press("quit_to_menu")
        assert driver.top is menu and len(app.stack) == 1
        assert calls == [("pause", "exit"), ("match", "exit"), ("menu", "resume")]
    finally:
        driver.app.close()


def test_the_stack_pairs_pause_and_resume_and_resumes_only_the_top() -> None:
    driver = Driver.fast()
    try:
        app = driver.app
        calls: list[tuple[str, str]] = []
        base = _record(Scene(app), calls, "base")
        app.stack.reset(base)
        a, b, c = (_record(Scene(app), calls, label) for label in "abc")
        for scene in (a, b, c):
            app.stack.push(scene)
        assert calls == [
            ("base", "enter"),
            ("base", "pause"),
            ("a", "enter"),
            ("a", "pause"),
            ("b", "enter"),
            ("b", "pause"),
            ("c", "enter"),
        ]
        mark = len(calls)
        # replace: the one beneath is neither paused nor resumed.
        d = _record(Scene(app), calls, "d")
        app.stack.replace(d)
        assert calls[mark:] == [("c", "exit"), ("d", "enter")]
        mark = len(calls)
        # pop: the one beneath is resumed.
        app.stack.pop()
        assert calls[mark:] == [("d", "exit"), ("b", "resume")]
        mark = len(calls)
        # pop_to by name: only the target is resumed.
        a.name = "target"
        assert app.stack.pop_to("target")
        assert calls[mark:] == [("b", "exit"), ("a", "resume")]
        assert not app.stack.pop_to("nowhere") and app.stack.top is a
        # Every scene that came back on top was resumed exactly once for each pause.
        for label in ("a", "b"):
            assert calls.count((label, "pause")) == calls.count((label, "resume")) == 1
        mark = len(calls)
        # reset: everything exits, top first, and nothing in between is resumed.
        e = _record(Scene(app), calls, "e")
        app.stack.reset(e)
        assert calls[mark:] == [("a", "exit"), ("base", "exit"), ("e", "enter")]
        assert app.stack.scenes == [e]
        assert ("base", "resume") not in calls
        mark = len(calls)
        # router.home() with no menu on the stack: a fresh menu, nothing resumed.
        app.router.home()
        assert calls[mark:] == [("e", "exit")]
        assert isinstance(app.top, MenuScene) and len(app.stack) == 1
    finally:
        driver.app.close()


SCREENS: dict[str, list[str]] = {
    "menu": ["menu"],
    "newgame": ["menu", "newgame"],
    "levels": ["menu", "newgame", "levelselect"],
    "play": ["menu", "newgame", "levelselect", "match"],
    "results": ["menu", "newgame", "levelselect", "match", "results"],
    "resign": ["menu", "newgame", "levelselect", "match", "dialog"],
    "resigned": ["menu", "newgame", "levelselect", "match", "results"],
    "pause": ["menu", "newgame", "levelselect", "match", "pause"],
    "options": ["menu", "options"],
    "help": ["menu", "rules"],
    "attract": ["attract"],
    "load": ["menu", "load"],
    "saveas": ["menu", "match", "pause", "saveas"],
    "statistics": ["menu", "statistics"],
    "rules": ["menu", "rules"],
    "rules-f1": ["menu", "match", "rules"],
    "about": ["menu", "about"],
    "damaged-settings": ["menu", "dialog"],
    "engines": ["menu", "options", "engines"],
    "engines-add": ["menu", "options", "engines", "addengine"],
    "newgame-engine": ["menu", "newgame"],
    "engine-stuck": ["menu", "match", "dialog"],
    "analysis": ["menu", "analysis"],
    "puzzle": ["menu", "puzzle"],
    "puzzle-solved": ["menu", "puzzle"],
    "tutorial": ["menu", "tutorial"],
    "tutorial-done": ["menu", "tutorial"],
    # Ataxx's own.
    "keypad": ["menu", "match"],
    "cursor": ["menu", "match"],
    "editor": ["menu", "editor"],
    "editor-problems": ["menu", "editor", "dialog"],
    "editor-save": ["menu", "editor", "dialog"],
    "editor-open": ["menu", "editor", "levelpicker"],
    # Attangle's own.
    "capture": ["menu", "match"],
    "grand": ["menu", "match"],
    "battle": ["menu", "match"],
    "dice": ["menu", "match"],
    "odds": ["menu", "match"],
    "builder": ["menu", "match"],
    "silver": ["menu", "match"],
    "hint": ["menu", "match"],
    "campaign": ["menu", "campaign"],
    "campaign-story": ["menu", "campaign", "campaign-story"],
    "campaign-battle": ["menu", "campaign", "campaign-battle"],
    "campaign-won": ["menu", "campaign", "campaign-story"],
    "battle-editor": ["menu", "editor"],
    "battle-editor-problems": ["menu", "editor", "dialog"],
    "battle-editor-open": ["menu", "editor", "levelpicker"],
    "battle-editor-play": ["menu", "editor", "trial", "dialog"],
}
"""Every demonstration and the scenes it leaves on the stack."""


def _owner(name: str) -> str | None:
    """The game whose own demonstration ``name`` is (``None`` for the generic ones)."""
    return next((definition.key for definition in games.GAMES if name in definition.extras.demo_names), None)


def test_every_demonstration_is_checked() -> None:
    names = set(DEMOS)
    for definition in games.GAMES:
        names |= set(definition.extras.demo_names)
    assert names == set(SCREENS)


@pytest.mark.parametrize("name", list(SCREENS))
def test_every_screen_draws_at_the_smallest_and_a_large_size(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    from game.app import App, AppOptions

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the demos' sample folders
    for size in ((640, 480), (1920, 1080)):
        options = AppOptions(
            size=size,
            demo=name,
            game=_owner(name),
            instant=True,
            use_process=False,
            audio=False,
            ai_time_budget=0.02,  # as Driver.fast: the analysis demonstration searches every position
        )
        app = App(options)
        try:
            app.start()
            for _ in range(3):
                app.frame(1 / 60)
            assert app.size == size
            assert [scene.name for scene in app.stack.scenes] == SCREENS[name], size
            assert not any(app.stack.has_failed(scene) for scene in app.stack.scenes), (name, size)
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
        config = MatchConfig(vs_computer=True, level="beginner", human_seat=0, first=1)
        play = driver.app.router.push("match", config, level)
        for _ in range(3):
            assert frames_until(driver, play.human_turn)
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


def test_a_window_larger_than_the_desktop_is_limited_to_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # A real screen of 1280x720 (the dummy driver has none): --size 1920x1080 must fit on it.
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 720), (3840, 2160)])
    driver = Driver.fast(size=(1920, 1080), fullscreen=False)
    try:
        assert driver.app.size == (1280, 720)
        driver.app.resize((1000, 2000))  # dragged taller than the screen
        assert driver.app.size == (1000, 720)
        driver.app.resize((800, 600))
        assert driver.app.size == (800, 600)
    finally:
        driver.app.close()


def test_without_a_real_screen_any_size_goes() -> None:
    # Headless pictures (tests, --screenshot) are made at full HD and more, whatever SDL's dummy desktop says.
    driver = Driver.fast(size=(1920, 1080), fullscreen=False)
    try:
        assert pygame.display.get_driver() == "dummy"
        assert driver.app.size == (1920, 1080)
    finally:
        driver.app.close()


def test_f11_from_a_moved_window_fills_the_screen_from_its_corner(monkeypatch: pytest.MonkeyPatch) -> None:
    driver = Driver.fast(size=(800, 600), fullscreen=False)
    app = driver.app
    calls: list[tuple[object, ...]] = []
    set_mode, set_position = pygame.display.set_mode, pygame.display.set_window_position

    def recording_set_mode(size, flags=0, *args, **kwargs):
        calls.append(("mode", tuple(size), "fullscreen" if flags & pygame.FULLSCREEN else "window"))
        return set_mode(size, flags, *args, **kwargs)

    def recording_set_position(position):
        calls.append(("position", tuple(position)))
        set_position(position)

    monkeypatch.setattr(pygame.display, "set_mode", recording_set_mode)
    monkeypatch.setattr(pygame.display, "set_window_position", recording_set_position)
    try:
        set_position((300, 200))  # the player moved the window
        driver.frames(1)
        driver.key(pygame.K_F11)
        assert app.fullscreen
        # The window goes to the display's corner before it becomes fullscreen, never keeping its offset.
        assert calls == [("position", (0, 0)), ("mode", (0, 0), "fullscreen")]
        calls.clear()
        driver.key(pygame.K_F11)
        assert not app.fullscreen and app.size == (800, 600)
        assert calls == [("mode", (800, 600), "window"), ("position", (300, 200))]  # back where it was
        # The same through Options -> Display.
        calls.clear()
        driver.press("options")
        driver.click(driver.top.display.rects[1].center)
        assert app.fullscreen and calls[0] == ("position", (0, 0))
    finally:
        app.close()
