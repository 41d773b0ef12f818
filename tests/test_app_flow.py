"""The whole game through the real App and scenes, driven by posted mouse and key events."""

from __future__ import annotations

import random

import pygame
import pytest
from waiting import frames_until

from game.driver import Driver
from game.engine.ataxx import Move
from game.scenes.levelselect import LevelSelectScene
from game.scenes.match import MatchScene
from game.scenes.menu import MenuScene
from game.scenes.newgame import NewGameScene
from game.scenes.results import ResultsScene

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search


@pytest.fixture
def driver():
    driver = Driver.fast()
    yield driver
    driver.app.close()


def _greedy(board, rng):
    moves = board.legal_moves()
    return max(moves, key=lambda m: (board.captures(m).bit_count() + m.is_clone, rng.random()))


def test_menu_to_results_against_the_computer(driver: Driver) -> None:
    assert isinstance(driver.top, MenuScene) and driver.top.name == "menu"
    driver.press("new_game")
    scene = driver.top
    assert isinstance(scene, NewGameScene)
    driver.click(scene.level_centre("beginner"))
    assert scene.config.level == "beginner" and scene.config.vs_computer
    driver.press("choose_level")
    assert isinstance(driver.top, LevelSelectScene)
    driver.click(driver.top.card_centre(0))
    play = driver.top
    assert isinstance(play, MatchScene) and play.name == "match"
    assert play.match.player(1).level == "beginner"
    rng = random.Random(3)
    for human_moves in range(200):
        assert frames_until(driver, lambda: play.match.is_over or play.human_turn())
        if play.match.is_over:
            break
        before = play.match.ply
        driver.play_move(_greedy(play.match.position, rng), drag=human_moves % 3 == 2)
        assert play.match.ply == before + 1, "the clicks did not play the move"
    assert play.match.is_over
    assert driver.until(lambda: isinstance(driver.top, ResultsScene), max_frames=120)
    results = driver.top
    assert results.play is play
    driver.press("menu")
    assert isinstance(driver.top, MenuScene)
    assert len(driver.app.stack) == 1


def test_two_players_by_mouse(driver: Driver) -> None:
    driver.press("new_game")
    scene = driver.top
    driver.click(scene.opponent.rects[1].center)  # "Second player"
    assert not scene.config.vs_computer
    driver.press("choose_level")
    driver.click(driver.top.card_centre(1))
    play = driver.top
    assert isinstance(play, MatchScene) and not play.vs_computer
    rng = random.Random(5)
    for _ in range(300):
        driver.until(lambda: play.match.is_over or play.human_turn(), max_frames=30)
        if play.match.is_over:
            break
        before = play.match.ply
        move = _greedy(play.match.position, rng)
        driver.play_move(move)
        assert play.match.moves[before] == move
    assert play.match.is_over
    assert driver.until(lambda: isinstance(driver.top, ResultsScene), max_frames=120)
    driver.press("rematch")
    assert driver.top is play and play.match.ply == 0


def test_selection_hover_and_cancel(driver: Driver) -> None:
    driver.press("new_game")
    driver.click(driver.top.opponent.rects[1].center)
    driver.press("choose_level")
    driver.click(driver.top.card_centre(0))
    play = driver.top
    board = play.board
    a7 = 6 * 7  # Red's piece on a7
    driver.click(board.square_centre(a7))
    assert board.selected == a7
    clones, jumps = board.targets(a7)
    assert clones and jumps
    driver.click(board.square_centre(a7), button=3)  # right click cancels
    assert board.selected is None
    # A click on the opponent's piece is refused gently: a shake and a buzz, nothing played.
    driver.click(board.square_centre(6 * 7 + 6))
    assert board.shake is not None and play.match.ply == 0
    assert "invalid" in driver.app.audio.played
    # Select, then click an unreachable empty square: selection dropped, nothing played.
    driver.click(board.square_centre(a7))
    driver.click(board.square_centre(3 * 7 + 3))
    assert board.selected is None and play.match.ply == 0


def test_undo_and_redo_while_the_computer_thinks() -> None:
    driver = Driver.fast(ai_time_budget=None)  # the level's own time: long enough to interrupt
    try:
        driver.app.settings.for_game("ataxx").level = "master"
        driver.press("new_game")
        driver.click(driver.top.level_centre("master"))
        driver.press("choose_level")
        driver.click(driver.top.card_centre(0))
        play = driver.top
        driver.play_move(Move.from_uai("b6"))
        driver.frames(3)
        assert play.thinking
        ticket = play.computer.ticket
        driver.press("undo")
        assert play.match.ply == 0 and play.match.turn == 0
        assert not play.thinking
        assert driver.app.worker.poll(ticket).state.value in ("cancelled", "unknown")
        driver.press("redo")
        assert play.match.ply == 1 and [str(m) for m in play.match.moves] == ["b6"]
        driver.frames(2)
        assert play.thinking  # the computer thinks again about the replayed position
        driver.key(pygame.K_u)
        assert play.match.ply == 0 and not play.thinking
    finally:
        driver.app.close()


def test_a_dropped_scene_and_its_pictures_are_freed_on_the_frame_it_leaves(driver: Driver) -> None:
    import gc
    import weakref

    driver.press("new_game")
    new_game = weakref.ref(driver.top)
    assert isinstance(new_game(), NewGameScene)
    gc.disable()  # the app must not count on the collector running by itself
    try:
        driver.key(pygame.K_ESCAPE)  # back to the menu: the new-game scene is dropped
        assert isinstance(driver.top, MenuScene)
        driver.frames(1)
        assert new_game() is None
    finally:
        gc.enable()
