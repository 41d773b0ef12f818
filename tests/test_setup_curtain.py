"""The curtain between two people's set-ups hides the whole board: its squares and the frame round them."""

from __future__ import annotations

import pytest

from game.driver import Driver
from game.engine.match import MatchConfig
from game.scenes.level_cards import available_levels
from game.scenes.match import MatchScene


@pytest.mark.parametrize(
    "size", [(640, 480), (1024, 768), (1920, 1080)], ids=lambda size: f"{size[0]}x{size[1]}"
)
def test_the_curtain_covers_the_boards_frame(size: tuple[int, int]) -> None:
    driver = Driver.fast(size=size, audio=False, game="lionheart")
    try:
        levels, _ = available_levels(driver.app.game)
        setup = next(level for level in levels if driver.app.game.load_rules().in_setup(
            driver.app.game.load_rules().new_position(level.position)))  # fmt: skip
        play = driver.app.router.push("match", MatchConfig(vs_computer=False, first=0), setup)
        assert isinstance(play, MatchScene)
        driver.frames(2)
        view = play.board.view  # type: ignore[attr-defined]
        # The frame the field is drawn in, a little outside its squares.
        frame = view.rect.inflate(round(view.square * 0.16), round(view.square * 0.16))
        edges = [
            (frame.centerx, frame.top),
            (frame.right - 1, frame.centery),
            (frame.left, frame.centery),
            (frame.centerx, frame.bottom - 1),
        ]
        shown = [tuple(driver.app.screen.get_at(point))[:3] for point in edges]
        play.curtain.revealed_to = None  # whoever is at the screen has not said so: the curtain is down
        assert play.curtain_seat() == 0
        driver.frames(2)
        hidden = [tuple(driver.app.screen.get_at(point))[:3] for point in edges]
        for point, before, after in zip(edges, shown, hidden, strict=True):
            assert after != before, f"the board's frame at {point} shows past the curtain"
    finally:
        driver.app.close()
