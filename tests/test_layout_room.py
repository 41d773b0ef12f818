"""Layouts use the room they have: nothing left in a corner of a wide window, nothing far from what it belongs to.

At 1920x1080 the two-player New game sat in the left third of the window, the rest empty, and
Attangle's reserve piles stood in the window's corners, far from the board. Every text fitting its
box at every size, 640x480 included, is ``test_text_fits.py``'s.
"""

from __future__ import annotations

import pytest
from screens import SCREENS

from game.driver import Driver
from game.games import playable_games

WIDE = (1920, 1080)


def test_the_two_player_new_game_stands_in_the_middle_of_a_wide_window() -> None:
    driver = Driver.fast(size=WIDE, audio=False)
    try:
        driver.frames(1)
        SCREENS["new game, two players"][1](driver)
        driver.frames(2)
        scene = driver.top
        assert not scene.config.vs_computer  # type: ignore[attr-defined]
        rows = [*scene.opponent.rects, *scene.two_player_first.rects]  # type: ignore[attr-defined]
        left, right = min(rect.left for rect in rows), max(rect.right for rect in rows)
        assert abs((left + right) / 2 - WIDE[0] / 2) < WIDE[0] * 0.02, (left, right)
    finally:
        driver.app.close()


@pytest.mark.parametrize("size", [(640, 480), (1024, 768), WIDE], ids=["640x480", "1024x768", "1920x1080"])
@pytest.mark.parametrize("demo", ["attangle", "grand"])
def test_attangles_reserve_piles_stand_beside_the_board(demo: str, size: tuple[int, int]) -> None:
    """White's pile by the board's lower left corner, Black's by its upper right, at every window size."""
    driver = Driver.fast(size=size, audio=False, game="attangle", demo=demo if demo == "grand" else "play")
    try:
        driver.frames(2)
        view = driver.top.board.view  # type: ignore[attr-defined]
        white, black = view.reserve_rects
        reach = view.spacing  # one point's spacing: the hexagon's corners leave about this much room
        assert view.rect.left - reach <= white.left and white.bottom <= view.rect.bottom + 3 * reach
        assert black.right <= view.rect.right + reach and black.top >= view.rect.top - 3 * reach
        assert not white.colliderect(black)
    finally:
        driver.app.close()


@pytest.mark.parametrize("game", [definition.key for definition in playable_games()])
def test_level_select_fills_its_rows_in_a_wide_window(game: str) -> None:
    """Lionheart's four levels stood three and one, the lower half of the window empty."""
    driver = Driver.fast(size=WIDE, audio=False, game=game, demo="levels")
    try:
        driver.frames(2)
        scene = driver.top
        shipped = [rect for rect, level in scene.cards if not level.custom]  # type: ignore[attr-defined]
        rows: dict[int, int] = {}
        for rect in shipped:
            rows[rect.y] = rows.get(rect.y, 0) + 1
        widest = max(rows.values())
        assert all(count >= widest - 1 for count in rows.values()), rows
        # The cards take most of the view's height when there are few of them.
        bottom = max(rect.bottom for rect in shipped)
        assert bottom - scene.view.top >= scene.view.height * 0.45, (bottom, scene.view)  # type: ignore[attr-defined]
    finally:
        driver.app.close()
