"""The whole game through the real App and scenes, driven by posted mouse and key events."""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine.ataxx import Move, Side
from game.scenes.levelselect import LevelSelectScene
from game.scenes.menu import MenuScene
from game.scenes.newgame import NewGameScene
from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene
from game.ui.driver import Driver


@pytest.fixture
def driver():
    driver = Driver.fast()
    yield driver
    driver.app.close()


def _greedy(board, rng):
    moves = board.legal_moves()
    return max(moves, key=lambda m: (board.captures(m).bit_count() + m.is_clone, rng.random()))


def test_menu_to_results_against_the_computer(driver: Driver) -> None:
    assert isinstance(driver.top, MenuScene)
    driver.press("New game")
    scene = driver.top
    assert isinstance(scene, NewGameScene)
    driver.click(scene.level_centre("beginner"))
    assert scene.config.level == "beginner" and scene.config.vs_computer
    driver.press("Choose level")
    assert isinstance(driver.top, LevelSelectScene)
    driver.click(driver.top.card_centre(0))
    play = driver.top
    assert isinstance(play, PlayScene)
    assert play.match.player(Side.BLUE).level == "beginner"
    rng = random.Random(3)
    for human_moves in range(200):
        assert driver.until(lambda: play.match.is_over or play.human_turn(), max_frames=900, sleep=0.001)
        if play.match.is_over:
            break
        before = play.match.ply
        driver.play_move(_greedy(play.match.board, rng), drag=human_moves % 3 == 2)
        assert play.match.ply == before + 1, "the clicks did not play the move"
    assert play.match.is_over
    assert driver.until(lambda: isinstance(driver.top, ResultsScene), max_frames=120)
    results = driver.top
    assert results.play is play
    driver.press("Menu")
    assert isinstance(driver.top, MenuScene)
    assert len(driver.app.scenes) == 1


def test_two_players_by_mouse(driver: Driver) -> None:
    driver.press("New game")
    scene = driver.top
    driver.click(scene.opponent.rects[1].center)  # "Second player"
    assert not scene.config.vs_computer
    driver.press("Choose level")
    driver.click(driver.top.card_centre(1))
    play = driver.top
    assert isinstance(play, PlayScene) and not play.vs_computer
    rng = random.Random(5)
    for _ in range(300):
        driver.until(lambda: play.match.is_over or play.human_turn(), max_frames=30)
        if play.match.is_over:
            break
        before = play.match.ply
        move = _greedy(play.match.board, rng)
        driver.play_move(move)
        assert play.match.moves[before] == move
    assert play.match.is_over
    assert driver.until(lambda: isinstance(driver.top, ResultsScene), max_frames=120)
    driver.press("Rematch")
    assert driver.top is play and play.match.ply == 0


def test_selection_hover_and_cancel(driver: Driver) -> None:
    driver.press("New game")
    driver.click(driver.top.opponent.rects[1].center)
    driver.press("Choose level")
    driver.click(driver.top.card_centre(0))
    play = driver.top
    a7 = 6 * 7  # Red's piece on a7
    driver.click(play.square_centre(a7))
    assert play.selected == a7
    clones, jumps = play.targets(a7)
    assert clones and jumps
    driver.click(play.square_centre(a7), button=3)  # right click cancels
    assert play.selected is None
    # A click on the opponent's piece is refused gently: a shake and a buzz, nothing played.
    driver.click(play.square_centre(6 * 7 + 6))
    assert play.shake is not None and play.match.ply == 0
    assert "invalid" in driver.app.audio.played
    # Select, then click an unreachable empty square: selection dropped, nothing played.
    driver.click(play.square_centre(a7))
    driver.click(play.square_centre(3 * 7 + 3))
    assert play.selected is None and play.match.ply == 0


def test_undo_and_redo_while_the_computer_thinks() -> None:
    driver = Driver.fast(ai_time_budget=None)  # the level's own time: long enough to interrupt
    try:
        driver.app.settings.level = "master"
        driver.press("New game")
        driver.click(driver.top.level_centre("master"))
        driver.press("Choose level")
        driver.click(driver.top.card_centre(0))
        play = driver.top
        driver.play_move(Move.from_uai("b6"))
        driver.frames(3)
        assert play.thinking
        ticket = play.ai_ticket
        driver.press("Undo")
        assert play.match.ply == 0 and play.match.turn is Side.RED
        assert not play.thinking
        assert driver.app.worker.poll(ticket).state.value in ("cancelled", "unknown")
        driver.press("Redo")
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

    driver.press("New game")
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
