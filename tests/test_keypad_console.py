"""The keypad's console prompt takes panel room only in keypad play (issue 13).

"[Red] - Enter a position to play:" used to stand in the panel in every game,
mouse players' too. It shows once a digit is typed or the codes are turned on
(K), and until then the move list has its room.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.app import MIN_SIZE
from game.engine.ataxx.rules import RULES
from game.engine.levels import shipped_levels
from game.engine.match import MatchConfig
from game.scenes.driver import Driver
from game.scenes.match import MatchScene


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
