"""The kiosk through the real App, with its timers shortened: attract mode, touch, the admin chord, recovery."""

from __future__ import annotations

import logging
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import instant_ai
import pygame
import pytest
from waiting import HANG, wait_for

from game import paths
from game.driver import Driver
from game.engine import saves
from game.i18n import current_language, set_language, tr
from game.scenes.attract import AttractScene
from game.scenes.base import Scene
from game.scenes.kiosk import KIOSK_HIDDEN_BUTTONS, is_admin_chord, timer_from_env
from game.scenes.match import MatchScene
from game.scenes.menu import MenuScene
from game.scenes.options import OptionsScene
from game.ui.lang import seat_name
from game.ui.settings import Settings


@pytest.fixture
def kiosk():
    driver = Driver.fast(kiosk=True, kiosk_idle=0.5, kiosk_game_idle=1.0)
    instant_ai.install(driver.app)  # the kiosk's tests are of the kiosk, not of the search
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
    assert not menu.widgets["quit"].visible
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
    assert kiosk.until(lambda: app.kiosk_mode.attract_games >= 1, max_frames=3000, dt=0.1)
    # A synthetic mouse event made by SDL from a touch is not a second tap.
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1, touch=True))
    kiosk.frames(1)
    assert isinstance(kiosk.top, AttractScene)
    # A tap on the tile under the finger: back to the menu, and the tap does not choose the game.
    menu_probe = app.router.make("menu")
    menu_probe.ensure_layout()
    tile = menu_probe.tiles[0][0].center
    app.audio.played.clear()
    _tap(kiosk, tile)
    assert isinstance(kiosk.top, MenuScene) and len(app.stack) == 1
    assert app.audio.played == ["click"]
    # Nor does a tap where New game is open a game.
    app.kiosk_mode.start_attract()
    kiosk.frames(2)
    assert isinstance(kiosk.top, AttractScene)
    point = menu_probe.widgets["new_game"].rect.center
    _tap(kiosk, point)
    assert isinstance(kiosk.top, MenuScene) and len(app.stack) == 1
    assert kiosk.button("new_game").rect.collidepoint(point)  # the finger was on it
    # A finger works like the mouse on the menu.
    _tap(kiosk, kiosk.button("new_game").rect.center)
    assert kiosk.top.name == "newgame"


def test_a_key_or_click_also_ends_the_attract_mode(kiosk: Driver) -> None:
    kiosk.app.kiosk_mode.start_attract()
    kiosk.frames(2)
    kiosk.key(pygame.K_a)
    assert isinstance(kiosk.top, MenuScene)
    kiosk.app.kiosk_mode.start_attract()
    kiosk.frames(2)
    kiosk.click((300, 300))
    assert isinstance(kiosk.top, MenuScene) and len(kiosk.app.stack) == 1


def test_a_game_left_alone_goes_back_to_the_attract_mode(kiosk: Driver) -> None:
    kiosk.press("new_game")
    kiosk.press("choose_level")
    kiosk.click(kiosk.top.card_centre(0))
    play = kiosk.top
    assert isinstance(play, MatchScene) and play.name == "match"
    kiosk.frames(14, dt=0.05)  # 0.7 s: longer than the menu's limit, shorter than a game's
    assert kiosk.top is play and not isinstance(kiosk.top, AttractScene)
    kiosk.move_mouse((10, 10))  # someone is there: the clock starts again
    kiosk.frames(14, dt=0.05)
    assert kiosk.top is play
    assert kiosk.until(lambda: isinstance(kiosk.top, AttractScene), max_frames=30, dt=0.05)
    assert len(kiosk.app.stack) == 1


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
    kiosk.press("new_game")
    app.stack.push(_Broken(app))
    kiosk.frames(2)
    assert isinstance(kiosk.top, MenuScene) and len(app.stack) == 1
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


def _visible(scene) -> set[str]:
    return {button.id for button in scene.widgets.buttons if button.visible}


def test_no_file_options_in_the_kiosk(kiosk: Driver) -> None:
    menu = kiosk.top
    visible = _visible(menu)
    assert "new_game" in visible
    assert not visible & {"quit", "load", "editor"}
    kiosk.press("new_game")
    kiosk.press("choose_level")
    kiosk.click(kiosk.top.card_centre(0))
    kiosk.key(pygame.K_ESCAPE)  # the pause menu
    pause = kiosk.top
    shown = _visible(pause)
    assert "resume" in shown and not shown & {"save", "save_as", "load"}
    kiosk.key(pygame.K_ESCAPE)  # resume, then Ctrl+S: no name to ask for, nothing written
    play = kiosk.top
    assert isinstance(play, MatchScene) and play.name == "match"
    kiosk.key(pygame.K_s, pygame.KMOD_LCTRL)
    assert kiosk.top is play and play.toast is not None
    assert not (paths.user_data_dir() / "saves").exists() or not any(
        (paths.user_data_dir() / "saves").iterdir()
    )


@pytest.fixture
def patient_kiosk():
    """A kiosk whose idle timers never run out during a test."""
    driver = Driver.fast(kiosk=True, kiosk_idle=600.0, kiosk_game_idle=600.0)
    instant_ai.install(driver.app)
    yield driver
    driver.app.close()


def test_the_kiosk_offers_no_display_options_and_stays_fullscreen(
    patient_kiosk: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    kiosk = patient_kiosk
    app = kiosk.app
    kiosk.press("options")
    options = kiosk.top
    assert isinstance(options, OptionsScene)
    with pytest.raises(KeyError):
        options.row("Display")
    assert options.display not in options.choices()
    drawn = _drawn(kiosk, monkeypatch)
    assert not {"DISPLAY", "Window", "Fullscreen"} & drawn
    assert {"LANGUAGE", "English"} <= drawn  # the options themselves are drawn
    # Nothing else switches it out of fullscreen either: not the app, not F11.
    app.toggle_fullscreen()
    kiosk.key(pygame.K_F11)
    assert app.fullscreen and app.size == pygame.display.get_desktop_sizes()[0]
    kiosk.key(pygame.K_ESCAPE)
    assert isinstance(kiosk.top, MenuScene) and app.fullscreen


def test_outside_a_kiosk_the_display_row_is_offered() -> None:
    driver = Driver.fast()
    try:
        driver.press("options")
        options = driver.top
        assert options.row("Display") is options.display
        driver.click(options.display.rects[1].center)  # Fullscreen
        assert driver.app.fullscreen
        driver.click(options.display.rects[0].center)  # Window
        assert not driver.app.fullscreen
    finally:
        driver.app.close()


@pytest.fixture
def french_kiosk():
    """A kiosk whose settings say French (the kiosk itself never writes the settings)."""
    settings = Settings.load()
    settings.language = "fr"
    settings.save()
    driver = Driver.fast(kiosk=True, kiosk_idle=60.0, kiosk_game_idle=60.0)
    instant_ai.install(driver.app)
    yield driver
    driver.app.close()
    set_language("en")


def _drawn(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The texts drawn in one frame, once the scene's entrance is over."""
    driver.frames(30)
    texts: list[str] = []
    theme = driver.app.theme
    original = theme.text

    def spy(text: str, *args, **kwargs):
        texts.append(text)
        return original(text, *args, **kwargs)

    monkeypatch.setattr(theme, "text", spy)
    driver.frames(1)
    monkeypatch.setattr(theme, "text", original)
    return set(texts)


def _check_lock_down(driver: Driver, monkeypatch: pytest.MonkeyPatch, expected: set[str]) -> None:
    """The top scene shows exactly ``expected`` of its buttons, drawn in French; the kiosk's are hidden."""
    scene = driver.top
    buttons = {button.id: button for button in scene.widgets.buttons}
    assert _visible(scene) == expected, scene.name
    hidden = set(buttons) & KIOSK_HIDDEN_BUTTONS
    assert hidden and not hidden & expected, scene.name
    drawn = _drawn(driver, monkeypatch)
    for button_id, button in buttons.items():
        label = tr(button.label)
        assert label != button.label or button.label == "Options", (scene.name, button_id)  # French
        assert (label in drawn) is (button_id in expected), (scene.name, button_id, label)


def test_the_kiosk_hides_buttons_by_id_in_french(
    french_kiosk: Driver, monkeypatch: pytest.MonkeyPatch, user_data_dir: Path
) -> None:
    kiosk = french_kiosk
    app = kiosk.app
    assert current_language() == "fr" and app.kiosk
    menu = kiosk.top
    assert menu.name == "menu"
    _check_lock_down(
        kiosk, monkeypatch, {"new_game", "learn", "puzzles", "options", "statistics", "help", "about"}
    )
    for key in (pygame.K_l, pygame.K_e, pygame.K_q):  # the hidden buttons' keys do nothing
        kiosk.key(key)
        assert kiosk.top is menu and app.running
    # The pause menu.
    kiosk.press("new_game")
    kiosk.press("choose_level")
    kiosk.click(kiosk.top.card_centre(0))
    play = kiosk.top
    assert play.name == "match"
    assert kiosk.until(play.human_turn, max_frames=60)
    kiosk.play_move(play.match.legal_moves()[0])
    assert play.match.ply >= 1
    kiosk.key(pygame.K_ESCAPE)
    assert kiosk.top.name == "pause"
    _check_lock_down(kiosk, monkeypatch, {"resume", "restart", "resign", "options", "rules", "quit_to_menu"})
    # Back on the menu, the game's autosave offers Continue; the editor stays hidden.
    kiosk.press("quit_to_menu")
    assert kiosk.top is menu
    _check_lock_down(
        kiosk,
        monkeypatch,
        {"continue", "new_game", "learn", "puzzles", "options", "statistics", "help", "about"},
    )
    # The load screen (never offered by a kiosk's menu, but locked down all the same), with a save in it.
    saves.save_game("Partie", play.match, level_name=play.level.name)
    load = app.router.push("load")
    kiosk.frames(1)
    assert kiosk.top is load and load.selected is not None
    _check_lock_down(kiosk, monkeypatch, {"back"})
    kiosk.key(pygame.K_DELETE)
    kiosk.key(pygame.K_RETURN)  # the first Enter shows the focus: on Back, the only button left
    assert kiosk.top is load and load.widgets.buttons[load.widgets.focus].id == "back"
    assert [entry.name for entry in saves.list_saves()] == ["Partie"]
    kiosk.key(pygame.K_RETURN)
    assert kiosk.top is menu


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
        log = user_data_dir / "attax.log"
        # Running once the log says the kiosk's first scene is up (its SIGTERM handler came before it).
        assert wait_for(
            lambda: game.poll() is not None or (log.exists() and "started as a kiosk" in log.read_text())
        )
        assert game.poll() is None, game.stderr.read() if game.stderr else ""
        game.send_signal(signal.SIGTERM)
        assert game.wait(timeout=HANG) == 0
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()


class _ScriptedRandom(random.Random):
    """Chooses the game (by key) and the level (by name) it is told, in order; anything else at random."""

    def __init__(self, picks: list[str]) -> None:
        super().__init__(19)
        self.picks = picks

    def choice(self, seq):  # type: ignore[no-untyped-def, override]
        if self.picks:
            for item in seq:
                if self.picks[0] in (getattr(item, "key", None), getattr(item, "name", None)):
                    self.picks.pop(0)
                    return item
        return super().choice(seq)


def test_the_attract_mode_switches_levels_and_games_without_failing(
    patient_kiosk: Driver, caplog: pytest.LogCaptureFixture
) -> None:
    # Issue 19, item 2: Attangle, then a larger Attangle board, then Ataxx; no draw may fail on the way.
    kiosk = patient_kiosk
    app = kiosk.app
    picks = ["attangle", "Attangle", "attangle", "Grand Attangle", "ataxx", "Columns", "attangle", "Attangle"]
    app.kiosk_mode.rng = _ScriptedRandom(picks)
    caplog.set_level(logging.WARNING)
    app.kiosk_mode.start_attract()
    kiosk.frames(3)
    seen: list[tuple[str, str]] = []
    for _ in range(4):
        attract = kiosk.top
        assert isinstance(attract, AttractScene)
        assert attract.definition.key == app.game.key
        seen.append((app.game.key, attract.level.name))
        kiosk.frames(5)  # the level is drawn, and the computer moves
        attract.next_game()
        kiosk.frames(5)
    assert not picks, picks
    assert seen[:2] == [("attangle", "Attangle"), ("attangle", "Grand Attangle")]
    assert seen[2] == ("ataxx", "Columns") and seen[3] == ("attangle", "Attangle")
    failed = [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR]
    assert not failed
    assert app.kiosk_mode.recoveries == 0 and isinstance(kiosk.top, AttractScene)


def test_computer_against_computer_tells_nobody_it_is_their_move(
    patient_kiosk: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 19, item 18: the attract mode's two computers; nobody at the screen is to move.
    kiosk = patient_kiosk
    app = kiosk.app
    app.kiosk_mode.rng = _ScriptedRandom(["ataxx"])
    app.kiosk_mode.start_attract()
    texts: list[str] = []
    original = app.theme.text

    def spy(text: str, *args, **kwargs):  # type: ignore[no-untyped-def]
        texts.append(text)
        return original(text, *args, **kwargs)

    monkeypatch.setattr(app.theme, "text", spy)
    headlines: set[str] = set()
    for _ in range(40):
        kiosk.frames(1)
        attract = kiosk.top
        assert isinstance(attract, AttractScene)
        headline, detail, _ = attract.status_text()
        headlines |= {headline, detail}
    assert attract.match.ply >= 1  # the computers played
    your_move = tr("Your move")
    assert your_move not in headlines and your_move not in texts
    assert {tr("{side} to move", side=seat_name(seat)) for seat in (0, 1)} & headlines


def test_the_about_screen_of_a_kiosk_hides_the_data_folder(
    patient_kiosk: Driver, monkeypatch: pytest.MonkeyPatch, user_data_dir: Path
) -> None:
    # Issue 19, item 18: visitors are not shown where the kiosk keeps its files.
    kiosk = patient_kiosk
    kiosk.press("about")
    assert kiosk.top.name == "about"
    drawn = " ".join(_drawn(kiosk, monkeypatch))
    assert tr("Made with").upper() in drawn  # the credits are drawn
    assert str(user_data_dir) not in drawn and user_data_dir.name not in drawn
    assert tr("Your saves, settings and statistics are kept in this folder:").split()[0] not in drawn
    # Outside a kiosk the note is there.
    driver = Driver.fast()
    try:
        driver.press("about")
        drawn = " ".join(_drawn(driver, monkeypatch))
        assert user_data_dir.name in drawn
    finally:
        driver.app.close()
