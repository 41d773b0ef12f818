"""The keypad's console prompt takes panel room only in keypad play (issue 13).

"[Red] - Enter a position to play:" used to stand in the panel in every game,
mouse players' too. It shows once a digit is typed or the codes are turned on
(K), and until then the move list has its room.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.app import MIN_SIZE
from game.driver import Driver
from game.engine.ataxx.rules import RULES
from game.engine.levels import shipped_levels
from game.engine.match import MatchConfig
from game.scenes.match import MatchScene
from game.ui.settings import Settings


@pytest.fixture(params=[MIN_SIZE, (1920, 1080)], ids=["small", "large"])
def play(request: pytest.FixtureRequest) -> Iterator[tuple[Driver, MatchScene]]:
    driver = Driver.fast(size=request.param, save_settings=False)
    scene = driver.app.router.push("match", MatchConfig(vs_computer=False), shipped_levels(RULES)[0])
    driver.frames(2)
    assert isinstance(scene, MatchScene)
    yield driver, scene
    driver.app.close()


def test_no_console_until_a_digit_is_typed(play: tuple[Driver, MatchScene]) -> None:
    driver, scene = play
    panel = scene.panel
    assert panel.console_rect.height == 0
    roomy = panel.moves_rect.height
    assert panel.moves_rect.top <= panel.status.bottom + scene.px(8), "the move list follows the status"
    driver.key(pygame.K_1)
    driver.frames(1)
    assert panel.console_rect.height > 0
    assert panel.moves_rect.top >= panel.console_rect.bottom, "the move list makes room for the console"
    assert panel.moves_rect.height < roomy
    assert not panel.console_rect.colliderect(panel.moves_rect)
    assert not any(panel.console_rect.colliderect(button.rect) for button in panel.widgets.buttons)


def test_the_codes_switch_turns_the_console_on_and_off(play: tuple[Driver, MatchScene]) -> None:
    driver, scene = play
    driver.key(pygame.K_k)
    driver.frames(1)
    assert scene.panel.console_rect.height > 0
    driver.key(pygame.K_k)
    driver.frames(1)
    assert scene.panel.console_rect.height == 0


def test_keypad_play_turned_on_in_the_options_shows_from_the_first_move(user_data_dir: Path) -> None:
    driver = Driver.fast(size=MIN_SIZE)
    try:
        driver.press("options")
        options = driver.top
        switch = options.row("Keypad play")
        assert switch.value is False, "off by default: mouse players keep the room"
        driver.click(switch.rects[0].center)  # On
        assert driver.app.settings.for_game("ataxx").view == {"keypad": True}
        assert Settings.load().view_option("ataxx", "keypad") is True, "kept in the settings file"
        driver.press("back")
        scene = driver.app.router.push("match", MatchConfig(vs_computer=False), shipped_levels(RULES)[0])
        driver.frames(2)
        assert scene.panel.console_rect.height > 0, "the console from the first move"
        assert scene.board.keys.show_codes
    finally:
        driver.app.close()


def test_bad_view_switches_in_the_settings_file_are_ignored(user_data_dir: Path) -> None:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / "settings.json").write_text(
        '{"schema_version": 2, "games": {"ataxx": {"view": {"keypad": "yes", "": true, "zoom": false}}}}',
        encoding="utf-8",
    )
    settings = Settings.load()
    assert settings.for_game("ataxx").view == {"zoom": False}
    assert settings.view_option("ataxx", "keypad") is False


def test_other_games_have_no_keypad_switch(user_data_dir: Path) -> None:
    driver = Driver.fast(game="attangle")
    try:
        driver.press("options")
        with pytest.raises((KeyError, LookupError, ValueError)):
            driver.top.row("Keypad play")
    finally:
        driver.app.close()
