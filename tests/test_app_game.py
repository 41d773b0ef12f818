"""Choosing the game: ``main.py --game``, the menu's tiles from the registry, ``app.game``."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from game import games
from game.app import App, AppOptions
from game.driver import Driver
from game.scenes.menu import MenuScene

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


@pytest.fixture
def driver():
    driver = Driver.fast()
    yield driver
    driver.app.close()


def test_the_game_option_opens_on_that_games_menu(tmp_path: Path, user_data_dir: Path) -> None:
    target = tmp_path / "ataxx.png"
    result = _run_main(
        "--game", "ataxx", "--screenshot", str(target), "--size", "800x600", data_dir=user_data_dir
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "" and result.stderr == ""
    log = (user_data_dir / "attax.log").read_text(encoding="utf-8")
    assert "started: 800x600, ataxx," in log
    # The picture is Ataxx's menu, exactly as the app draws it after the same frames.
    app = App(AppOptions(size=(800, 600), game="ataxx", fullscreen=False, audio=False, save_settings=False))
    try:
        app.start()
        assert [scene.name for scene in app.stack.scenes] == ["menu"] and app.game.key == "ataxx"
        for _ in range(75):
            app.frame(1 / 60)
        shot = pygame.image.load(str(target))
        assert shot.get_size() == (800, 600)
        assert pygame.image.tobytes(shot, "RGB") == pygame.image.tobytes(app.screen, "RGB")
    finally:
        app.close()


def test_an_unknown_game_is_refused_with_the_list_of_games(user_data_dir: Path) -> None:
    result = _run_main("--game", "chess", data_dir=user_data_dir)
    assert result.returncode == 2 and result.stdout == ""
    assert "unknown game 'chess'" in result.stderr
    assert "ataxx, attangle, lionheart" in result.stderr
    assert not (user_data_dir / "settings.json").exists()


def _not_playable_yet() -> games.GameDefinition:
    """A game of the registry's shape with its identity and tile but no rules, AI or board yet."""
    return dataclasses.replace(
        games.game("ataxx"), key="later",
        identity=dataclasses.replace(games.game("ataxx").identity, name="Later", tagline="Soon on this menu"),
        rules=None, ai=None, board=None, extras=games.GameExtras(),
    )  # fmt: skip


@pytest.fixture
def later(monkeypatch: pytest.MonkeyPatch) -> games.GameDefinition:
    """The registry with one more game, not playable yet, last on the menu."""
    definition = _not_playable_yet()
    monkeypatch.setattr(games, "GAMES", (*games.GAMES, definition))
    return definition


@pytest.fixture(scope="module")
def main_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("attax_main_game", ROOT / "main.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_game_not_playable_yet_is_refused(
    later: games.GameDefinition, main_module: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    # The registry's own games not playable yet (none once every game has landed), and the made-up one.
    playable = ", ".join(definition.key for definition in games.playable_games())
    for definition in [definition for definition in games.GAMES if not definition.playable]:
        with pytest.raises(SystemExit) as exited:
            main_module.parse_args(["--game", definition.key])
        assert exited.value.code == 2
        captured = capsys.readouterr()
        assert captured.out == "", definition.key
        assert f"{definition.name} cannot be played yet" in captured.err
        assert f"the games to play: {playable}\n" in captured.err


def test_the_app_options_open_on_a_game() -> None:
    app = App(AppOptions(game="ataxx", audio=False, save_settings=False))
    try:
        assert app.game is games.game("ataxx")
    finally:
        app.close()


def test_the_menu_tiles_come_from_the_registry(
    driver: Driver, user_data_dir: Path, later: games.GameDefinition
) -> None:
    app = driver.app
    menu = driver.top
    assert isinstance(menu, MenuScene)
    menu.relayout()
    menu.ensure_layout()
    assert [definition for _, definition in menu.tiles] == list(games.GAMES)
    assert menu.tiles[-1][1] is later
    rects = [rect for rect, _ in menu.tiles]
    window = pygame.Rect((0, 0), app.size)
    assert all(window.contains(rect) for rect in rects)
    assert not any(a.colliderect(b) for index, a in enumerate(rects) for b in rects[index + 1 :])
    # A tile "coming soon" refuses a click with a buzz, and the game stays.
    app.settings.game = later.key  # as a later version might have left it: not playable here
    app.audio.played.clear()
    driver.click(menu.tile_centre(later.key))
    assert app.audio.played == ["invalid"]
    assert app.game.key == "ataxx" and app.settings.game == later.key
    assert driver.top is menu and len(app.stack) == 1
    # Choosing a playable game's tile makes it the game, remembered in the settings.
    for key in [definition.key for definition in games.playable_games()[::-1]]:
        app.audio.played.clear()
        driver.click(menu.tile_centre(key))
        assert app.game is games.game(key) and app.settings.game == key
        assert app.audio.played == ["select"]
        assert json.loads((user_data_dir / "settings.json").read_text(encoding="utf-8"))["game"] == key
        assert driver.top is menu and len(app.stack) == 1


def test_choosing_a_tile_switches_the_game(
    driver: Driver, monkeypatch: pytest.MonkeyPatch, later: games.GameDefinition
) -> None:
    """With a second playable game in the registry, its tile makes it ``app.game`` and New game serves it."""
    ataxx = games.game("ataxx")
    twin = dataclasses.replace(ataxx, key="twin", identity=dataclasses.replace(ataxx.identity, name="Twin"))
    monkeypatch.setattr(games, "GAMES", (*games.GAMES, twin))
    app = driver.app
    menu = driver.top
    menu.relayout()
    menu.ensure_layout()
    assert [definition for _, definition in menu.tiles] == list(games.GAMES)
    assert menu.tiles[-1][1] is twin
    driver.click(menu.tile_centre("twin"))
    assert app.game is twin and app.settings.game == "twin"
    driver.press("new_game")
    driver.press("choose_level")
    driver.click(driver.top.card_centre(0))
    assert driver.top.name == "match" and driver.top.definition is twin
    app.router.home()
    driver.click(menu.tile_centre("ataxx"))
    assert app.game is ataxx and app.settings.game == "ataxx"
    with pytest.raises(ValueError, match="cannot be played yet"):
        app.choose_game(later.key)
    assert app.game is ataxx


def test_the_line_under_the_title_is_the_chosen_games_motto(driver: Driver, recorded: list[str]) -> None:
    """Each game says its own three verbs under ATTAX ARCADE, in the player's language."""
    menu = driver.top
    assert isinstance(menu, MenuScene)
    mottos = []
    for definition in games.playable_games():
        driver.click(menu.tile_centre(definition.key))
        recorded.clear()
        driver.frames(1)
        assert menu.motto() in recorded
        mottos.append(menu.motto())
    assert mottos == [
        "INFECT  ·  EXPAND  ·  CONQUER",
        "PLACE  ·  CAPTURE  ·  STACK",
        "MARCH  ·  ROLL  ·  PREVAIL",
    ]
    from game.i18n import set_language

    set_language("fr")
    try:
        assert menu.motto() == "MARCHER  ·  LANCER  ·  VAINCRE"
    finally:
        set_language("en")
