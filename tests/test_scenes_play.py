"""The match screen's details: passes, the early finish, hints, animations, drag and drop, the pause menu."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from waiting import frames_until

from game.ai.ataxx.player import AI
from game.ai.ataxx.search import WIN_SCORE
from game.driver import Driver
from game.engine.ataxx import Move
from game.engine.core import CHANCE
from game.engine.levels import LevelInfo
from game.engine.match import MatchConfig
from game.scenes.match import MatchScene
from game.scenes.menu import MenuScene
from game.scenes.move_list import move_rows
from game.scenes.options import OptionsScene
from game.scenes.pause import PauseScene
from game.scenes.results import ResultsScene

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

TWO_PLAYERS = MatchConfig(vs_computer=False)
RED_MUST_PASS = "7/7/7/7/---4/o--4/x--4 x 0 1"
EARLY_FINISH = "x6/7/7/7/---4/---4/o--4 o 0 1"


def _play(driver: Driver, fen: str, config: MatchConfig = TWO_PLAYERS) -> MatchScene:
    level = LevelInfo("Test", "A test position.", "tests", fen)
    config = dataclasses.replace(config, first=0 if " x " in fen else 1)
    scene = driver.app.router.push("match", config, level)
    assert isinstance(scene, MatchScene) and driver.top is scene
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
    assert play.forced_timer is not None
    headline, detail, _ = play.status_text()
    assert (headline, detail) == ("Red cannot move and passes", "No move is possible")
    assert "pass" in paced.app.audio.played
    assert play.match.ply == 0
    assert paced.until(lambda: play.match.ply == 1, max_frames=120)
    assert play.match.moves == [Move.null()]
    assert play.human_turn() and play.match.turn == 1


def test_the_early_finish_fills_the_board_then_shows_the_result(paced: Driver) -> None:
    play = _play(paced, EARLY_FINISH)
    board = play.board
    assert play.match.is_over
    assert board.fill is not None and not board.fill.done
    assert board.displayed_score(0) == 1  # not filled in yet
    assert paced.until(lambda: board.fill.done, max_frames=300)
    result = play.match.result
    assert board.displayed_score(0) == result.score(0) == 40
    assert paced.until(lambda: isinstance(paced.top, ResultsScene), max_frames=200)
    assert paced.top.sound == "win"


def test_clicks_skip_animations_and_flips_sound(paced: Driver) -> None:
    play = _play(paced, "x5o/7/7/7/7/7/o5x x 0 1")
    board = play.board
    paced.play_move(Move.from_uai("a7a5"))
    assert board.anim is not None and play.match.ply == 1
    paced.click((5, 5))  # anywhere: the animation ends
    assert board.anim is None
    paced.play_move(Move.from_uai("f6"))  # Blue clones next to g7
    assert board.anim is not None
    assert paced.until(lambda: board.anim is None, max_frames=120)
    assert "clone" in paced.app.audio.played and "jump" in paced.app.audio.played


def test_infections_flip_in_a_wave_outward(paced: Driver) -> None:
    play = _play(paced, "7/7/7/7/7/2oo3/x2o3 x 0 1")
    board = play.board
    paced.play_move(Move.from_uai("a1c1"))
    assert play.match.ply == 1
    anim = board.anim
    assert anim is not None
    order = [sq for sq, _ in anim.flips]
    starts = [start for _, start in anim.flips]
    assert len(order) == 3 and order[-1] == 10  # d2, the diagonal, flips last
    assert starts == sorted(starts) and starts[0] >= anim.travel
    paced.frames(int(anim.travel * 60) + 4)
    looks = anim.overrides(board.view)
    assert any(look is not None and look.squash < 1 for look in looks.values())  # a coin mid-flip
    assert paced.until(lambda: board.anim is None, max_frames=200)
    assert paced.app.audio.played.count("flip") == 3


def test_drag_and_drop_plays_and_a_bad_drop_does_not(driver: Driver) -> None:
    play = _play(driver, "x5o/7/7/7/7/7/o5x x 0 1")
    board = play.board
    driver.drag(board.square_centre(42), board.square_centre(21))  # a7 to a4: three squares, illegal
    assert play.match.ply == 0 and board.shake is not None
    driver.drag(board.square_centre(42), board.square_centre(28))  # a7 to a5: a jump
    assert [str(m) for m in play.match.moves] == ["a7a5"]


def test_hint_draws_an_arrow_for_a_legal_move(driver: Driver) -> None:
    config = MatchConfig(vs_computer=True, level="beginner", human_seat=0, first=0)
    play = _play(driver, "x5o/7/7/7/7/7/o5x x 0 1", config)
    driver.press("hint")
    assert play.computer.hint_ticket is not None
    assert frames_until(driver, lambda: play.hint_move is not None)
    assert play.match.position.is_legal(play.hint_move)
    assert play.board.hint_move == play.hint_move  # the board shows it
    driver.frames(2)  # the arrow is drawn without trouble
    driver.play_move(play.hint_move)
    assert play.hint_move is None and play.board.hint_move is None


def test_pause_menu_stops_the_clock_and_offers_options(driver: Driver) -> None:
    play = _play(driver, "x5o/7/7/7/7/7/o5x x 0 1")
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)
    elapsed = play.match.elapsed
    driver.frames(5)
    assert play.match.elapsed == elapsed
    driver.press("options")
    assert isinstance(driver.top, OptionsScene)
    driver.press("back")
    driver.press("resume")
    assert driver.top is play
    driver.key(pygame.K_ESCAPE)
    driver.press("quit_to_menu")
    assert isinstance(driver.top, MenuScene) and len(driver.app.stack) == 1


def test_restart_and_rematch_with_swapped_sides(driver: Driver) -> None:
    config = MatchConfig(vs_computer=True, level="beginner", human_seat=0, first=0)
    play = _play(driver, "x5o/7/7/7/7/7/o5x x 0 1", config)
    driver.play_move(Move.from_uai("b6"))
    driver.press("restart")
    assert driver.top is not play and play.match.ply == 1  # asks first
    driver.press("cancel")
    assert driver.top is play and play.match.ply >= 1
    driver.press("restart")
    driver.press("restart")
    assert driver.top is play and play.match.ply == 0
    play.restart(swap=True)
    assert play.match.player(1).is_human and not play.match.player(0).is_human
    assert play.match.turn == 1  # the computer no longer starts: you still do


def _score_text(score: int) -> str:
    template, fields = AI.describe_score(score)
    return template.format(**fields)


def test_panel_helpers() -> None:
    assert _score_text(125) == "+1.25"
    assert _score_text(-40) == "-0.40"
    assert _score_text(WIN_SCORE - 7) == "wins in 7"
    assert _score_text(7 - WIN_SCORE) == "loses in 7"
    rows = move_rows([(1, "f6"), (0, "b6"), (1, "pass")], 1)
    assert rows == [(1, ["…"], ["f6"]), (2, ["b6"], ["pass"])]
    rows = move_rows([(0, "g2"), (1, "f6"), (0, "b6")], 0)
    assert rows == [(1, ["g2"], ["f6"]), (2, ["b6"], [])]
    # A chance outcome joins the move it follows.
    rows = move_rows([(0, "d1-d5"), (0, "c2xd3"), (CHANCE, "axe"), (1, "e9-e8")], 0)
    assert rows == [(1, ["d1-d5", "c2xd3 (axe)"], ["e9-e8"])]


def test_the_move_list_writes_a_pass_as_pass(driver: Driver) -> None:
    play = _play(driver, RED_MUST_PASS)
    assert driver.until(lambda: play.match.ply == 1, max_frames=30)
    history = [(seat, play.board.move_label(entry)) for seat, entry in play.match.history()]
    assert history == [(0, "pass")]
    assert move_rows(history, play.first_seat) == [(1, ["pass"], [])]
