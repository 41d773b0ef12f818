"""Who starts on New game: against the computer and between two people, each remembered apart.

A game between two people starts with the seat the rules name first (Ataxx:
Red) until the players choose another; the choice made against the computer
("the computer starts") never carries over to it, nor the other way round.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.driver import Driver
from game.scenes.newgame import NewGameScene
from game.ui.widgets import Choice


@pytest.fixture
def driver() -> Iterator[Driver]:
    driver = Driver.fast(game="ataxx")
    yield driver
    driver.app.close()


def _new_game(driver: Driver) -> NewGameScene:
    driver.app.router.reset("menu")
    scene = driver.app.router.push("newgame")
    assert isinstance(scene, NewGameScene)
    driver.frames(1)
    return scene


def _choose(driver: Driver, choice: Choice, value: object) -> None:
    """Click the chip of ``value`` in ``choice``."""
    driver.click(choice.rects[[option for _, option in choice.options].index(value)].center)


def test_two_players_start_with_the_rules_first_seat_after_a_game_the_computer_began(driver: Driver) -> None:
    remembered = driver.app.settings.for_game("ataxx")
    remembered.opponent, remembered.human_seat, remembered.human_starts = "computer", 0, False
    scene = _new_game(driver)
    assert scene.config.first == 1  # against the computer: it starts, as chosen last time
    _choose(driver, scene.opponent, "human")
    assert not scene.config.vs_computer
    assert scene.two_player_first.value == 0 and scene.config.first == 0  # Red, as the rules say


def test_the_two_players_choice_is_remembered_apart(driver: Driver) -> None:
    remembered = driver.app.settings.for_game("ataxx")
    remembered.opponent, remembered.human_seat, remembered.human_starts = "human", 0, True
    scene = _new_game(driver)
    assert scene.config.first == 0 and scene.two_player_first.value == 0
    _choose(driver, scene.two_player_first, 1)  # Blue starts this time
    driver.press("choose_level")
    assert remembered.two_player_first == 1 and remembered.human_starts
    scene = _new_game(driver)
    assert not scene.config.vs_computer and scene.config.first == 1 and scene.two_player_first.value == 1
    _choose(driver, scene.opponent, "computer")
    assert scene.starts.value is True and scene.config.first == scene.config.human_seat == 0
    driver.press("choose_level")
    scene = _new_game(driver)
    _choose(driver, scene.opponent, "human")
    assert scene.config.first == 1  # still Blue between two people


def test_an_untouched_choice_is_not_remembered(driver: Driver) -> None:
    remembered = driver.app.settings.for_game("ataxx")
    remembered.opponent = "human"
    _new_game(driver)
    driver.press("choose_level")
    assert remembered.two_player_first is None


def test_the_settings_keep_the_two_players_choice(user_data_dir: object) -> None:
    import json

    from game.ui.settings import Settings

    settings = Settings()
    settings.for_game("ataxx").two_player_first = 1
    settings.save()
    assert Settings.load().for_game("ataxx").two_player_first == 1
    data = json.loads(Settings.path().read_text(encoding="utf-8"))
    for bad in (2, True, "1"):
        data["games"]["ataxx"]["two_player_first"] = bad
        Settings.path().write_text(json.dumps(data), encoding="utf-8")
        assert Settings.load().for_game("ataxx").two_player_first is None
