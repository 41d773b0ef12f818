"""The rules' Controls page lists every control of the game, in the smallest window too: the rows close up,
or take two columns, rather than leave the last ones (F1, Ctrl+S) out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game import games
from game.driver import Driver
from game.i18n import set_language, tr
from game.ui import theme
from game.ui.settings import Settings


@pytest.mark.parametrize("size", [(640, 480), (1920, 1080)], ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("key", [definition.key for definition in games.playable_games()])
def test_the_controls_page_lists_every_control(
    key: str, language: str, size: tuple[int, int], user_data_dir: Path
) -> None:
    settings = Settings.load()
    settings.language = language
    settings.save()
    driver = Driver.fast(size=size, audio=False, game=key)
    try:
        scene: Any = driver.app.router.push("rules")
        scene.turn_to(len(scene.pages.pages) - 1)
        driver.frames(3, dt=0.2)
        drawn: list[theme.DrawnText] = []
        driver.app.theme.drawn = drawn
        try:
            driver.app.draw()
        finally:
            driver.app.theme.drawn = None
        shown = {text.text for text in drawn}
        missing = [tr(control) for control, _ in scene.pages.controls if tr(control) not in shown]
        assert not missing, f"{key} ({language}, {size}): {missing} not listed"
    finally:
        driver.app.close()
        set_language("en")
