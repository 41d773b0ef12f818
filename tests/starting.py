"""How a test starts a match through the real screens: the menu, New game, the opponent, a level's card.

Every game's scene tests and the contract suite (``tests/test_game_contract.py``)
start their matches here, so the way through the screens is written once.
"""

from __future__ import annotations

from game.driver import Driver
from game.scenes.match import MatchScene
from game.scenes.menu import MenuScene

__all__ = ["start_match"]


def start_match(driver: Driver, card: int, *, computer: str | None = None) -> MatchScene:
    """From the menu, a match on level select's card ``card``: two players, or against the computer at the
    level ``computer``; the match screen shows the chosen game's board."""
    assert isinstance(driver.top, MenuScene)
    driver.press("new_game")
    scene = driver.top
    if computer is None:
        driver.click(scene.opponent.rects[1].center)  # "Second player"
    else:
        driver.click(scene.level_centre(computer))
    driver.press("choose_level")
    driver.click(driver.top.card_centre(card))
    play = driver.top
    assert isinstance(play, MatchScene) and isinstance(play.board, driver.app.game.load("board"))
    return play
