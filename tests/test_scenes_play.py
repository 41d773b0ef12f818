"""The play scene's details: passes, the early finish, hints, animations, drag and drop, the pause menu."""

from __future__ import annotations

import pygame
import pytest

from game.engine.ataxx import Move, Side
from game.engine.levels import LevelInfo
from game.scenes.menu import MenuScene
from game.scenes.newgame import GameConfig
from game.scenes.options import OptionsScene
from game.scenes.pause import PauseScene
from game.scenes.play import PlayScene
from game.scenes.play_panel import format_score, move_rows
from game.scenes.results import ResultsScene
from game.ui.driver import Driver

TWO_PLAYERS = GameConfig(vs_computer=False)
RED_MUST_PASS = "7/7/7/7/---4/o--4/x--4 x 0 1"
EARLY_FINISH = "x6/7/7/7/---4/---4/o--4 o 0 1"


def _play(driver: Driver, fen: str, config: GameConfig = TWO_PLAYERS) -> PlayScene:
    level = LevelInfo("Test", "A test position.", "tests", fen)
    scene = PlayScene(
        driver.app, GameConfig(**{**config.__dict__, "first": Side.RED if " x " in fen else Side.BLUE}), level
    )
    driver.app.push(scene)
    driver.frames(1)
    return scene


@pytest.fixture
def driver():
    driver = Driver.fast()
    yield driver
    driver.app.close()


@pytest.fixture
def paced():
    """Animations on (fast) and real pauses: to watch what happens between frames."""
    driver = Driver.fast(instant=False, animation="fast")
    yield driver
    driver.app.close()


def test_a_forced_pass_is_announced_then_played(paced: Driver) -> None:
    play = _play(paced, RED_MUST_PASS)
    assert play.pass_timer is not None
    headline, _, _ = play.status_text()
    assert headline == "Red passes"
    assert "pass" in paced.app.audio.played
    assert play.match.ply == 0
    assert paced.until(lambda: play.match.ply == 1, max_frames=120)
    assert play.match.moves == [Move.null()]
    assert play.human_turn() and play.match.turn is Side.BLUE


def test_the_early_finish_fills_the_board_then_shows_the_result(paced: Driver) -> None:
    play = _play(paced, EARLY_FINISH)
    assert play.match.is_over
    assert play.fill is not None and not play.fill.done
    assert play.displayed_count(Side.RED) == 1  # not filled in yet
    assert paced.until(lambda: play.fill.done, max_frames=300)
    result = play.match.result
    assert play.displayed_count(Side.RED) == result.red_count == 40
    assert paced.until(lambda: isinstance(paced.top, ResultsScene), max_frames=200)
    assert paced.top.sound == "win"


def test_clicks_skip_animations_and_flips_sound(paced: Driver) -> None:
    play = _play(paced, "x5o/7/7/7/7/7/o5x x 0 1")
    paced.play_move(Move.from_uai("a7a5"))
    assert play.anim is not None and play.match.ply == 1
    paced.click((5, 5))  # anywhere: the animation ends
    assert play.anim is None
    paced.play_move(Move.from_uai("f6"))  # Blue clones next to g7
    assert play.anim is not None
    assert paced.until(lambda: play.anim is None, max_frames=120)
    assert "clone" in paced.app.audio.played and "jump" in paced.app.audio.played


def test_infections_flip_in_a_wave_outward(paced: Driver) -> None:
    play = _play(paced, "7/7/7/7/7/2oo3/x2o3 x 0 1")
    paced.play_move(Move.from_uai("a1c1"))
    assert play.match.ply == 1
    anim = play.anim
    assert anim is not None
    order = [sq for sq, _ in anim.flips]
    starts = [start for _, start in anim.flips]
    assert len(order) == 3 and order[-1] == 10  # d2, the diagonal, flips last
    assert starts == sorted(starts) and starts[0] >= anim.travel
    paced.frames(int(anim.travel * 60) + 4)
    looks = anim.overrides(play.view)
    assert any(look is not None and look.squash < 1 for look in looks.values())  # a coin mid-flip
    assert paced.until(lambda: play.anim is None, max_frames=200)
    assert paced.app.audio.played.count("flip") == 3


def test_drag_and_drop_plays_and_a_bad_drop_does_not(driver: Driver) -> None:
    play = _play(driver, "x5o/7/7/7/7/7/o5x x 0 1")
    driver.drag(play.square_centre(42), play.square_centre(21))  # a7 to a4: three squares, illegal
    assert play.match.ply == 0 and play.shake is not None
    driver.drag(play.square_centre(42), play.square_centre(28))  # a7 to a5: a jump
    assert [str(m) for m in play.match.moves] == ["a7a5"]


def test_hint_draws_an_arrow_for_a_legal_move(driver: Driver) -> None:
    config = GameConfig(vs_computer=True, level="beginner", human_side=Side.RED, first=Side.RED)
    play = _play(driver, "x5o/7/7/7/7/7/o5x x 0 1", config)
    driver.press("Hint")
    assert play.hint_ticket is not None
    assert driver.until(lambda: play.hint_move is not None, max_frames=600, sleep=0.002)
    assert play.match.board.is_legal(play.hint_move)
    driver.frames(2)  # the arrow is drawn without trouble
    driver.play_move(play.hint_move)
    assert play.hint_move is None


def test_pause_menu_stops_the_clock_and_offers_options(driver: Driver) -> None:
    play = _play(driver, "x5o/7/7/7/7/7/o5x x 0 1")
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)
    elapsed = play.match.elapsed
    driver.frames(5)
    assert play.match.elapsed == elapsed
    driver.press("Options")
    assert isinstance(driver.top, OptionsScene)
    driver.press("Back")
    driver.press("Resume")
    assert driver.top is play
    driver.key(pygame.K_ESCAPE)
    driver.press("Quit to menu")
    assert isinstance(driver.top, MenuScene) and len(driver.app.scenes) == 1


def test_restart_and_rematch_with_swapped_sides(driver: Driver) -> None:
    config = GameConfig(vs_computer=True, level="beginner", human_side=Side.RED, first=Side.RED)
    play = _play(driver, "x5o/7/7/7/7/7/o5x x 0 1", config)
    driver.play_move(Move.from_uai("b6"))
    driver.press("Restart")
    assert driver.top is not play and play.match.ply == 1  # asks first
    driver.press("Cancel")
    assert driver.top is play and play.match.ply >= 1
    driver.press("Restart")
    driver.press("Restart")
    assert driver.top is play and play.match.ply == 0
    play.restart(swap=True)
    assert play.match.player(Side.BLUE).is_human and not play.match.player(Side.RED).is_human
    assert play.match.turn is Side.BLUE  # the computer no longer starts: you still do


def test_panel_helpers() -> None:
    assert format_score(125) == "+1.25"
    assert format_score(-40) == "-0.40"
    assert format_score(100_000 - 7) == "wins in 7"
    rows = move_rows("x5o/7/7/7/7/7/o5x o 0 1", ["f6", "b6", "0000"])
    assert rows == [(1, "…", "f6"), (2, "b6", "pass")]
