"""Lionheart's dice that speak: rolls drawn as dice in the move list, the battle log in words at every size
(scrollable, pointing at a line shows its squares), the tray in step with the roll, messages clear of it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.scenes.driver import Driver
from game.scenes.lionheart.board import LionheartBoard
from game.scenes.match import MatchScene

SIZES = [(640, 480), (1024, 768), (1920, 1080)]


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def battle(request: pytest.FixtureRequest, user_data_dir: Path) -> Iterator[tuple[Driver, MatchScene]]:
    """The ``battle`` demo (a battle well under way, many rolls behind it) at each window size."""
    driver = Driver.fast(game="lionheart", size=request.param, demo="battle")
    try:
        driver.frames(2)
        play = driver.top
        assert isinstance(play, MatchScene) and isinstance(play.board, LionheartBoard)
        yield driver, play
    finally:
        driver.app.theme.drawn = None
        driver.app.close()


def _drawn(driver: Driver) -> list[tuple[str, pygame.Rect]]:
    driver.app.theme.drawn = []
    driver.app.draw()
    drawn = [(text.text, text.rect) for text in driver.app.theme.drawn]
    driver.app.theme.drawn = None
    return drawn


def test_the_move_list_draws_rolls_as_dice(battle: tuple[Driver, MatchScene]) -> None:
    driver, play = battle
    board = play.board
    sizes: list[int] = []
    drawn_icons = board.roll_icons

    def counted(outcome: object, size: int) -> list[pygame.Surface] | None:
        sizes.append(size)
        return drawn_icons(outcome, size)

    board.roll_icons = counted  # type: ignore[method-assign]
    listed = [text for text, rect in _drawn(driver) if play.panel.moves_rect.contains(rect)]
    assert listed, "the move list drew nothing"
    words = ("axe", "arrow", "panic", "[")
    assert not [text for text in listed if any(word in text for word in words)], listed
    assert any(size >= 12 for size in sizes), "no roll was drawn as dice"
