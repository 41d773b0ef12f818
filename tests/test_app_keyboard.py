"""Playing without a mouse, through the real App: arrow keys and Enter, and seed 002's keypad codes."""

from __future__ import annotations

import random

import pygame
import pytest
from starting import start_match
from waiting import frames_until

from game.driver import Driver
from game.engine.ataxx import Move, Side, bits, neighbours
from game.engine.ataxx.keypad import cell_code, code_for_move
from game.i18n import set_language
from game.scenes.ataxx.keys import code_is_final
from game.scenes.levelselect import LevelSelectScene
from game.scenes.match import MatchScene
from game.scenes.menu import MenuScene
from game.scenes.newgame import NewGameScene
from game.scenes.results import ResultsScene

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

KEYPAD = {str(n): getattr(pygame, f"K_KP_{n}", None) or getattr(pygame, f"K_KP{n}") for n in range(10)}
TOP_ROW = {str(n): getattr(pygame, f"K_{n}") for n in range(10)}


@pytest.fixture
def driver():
    driver = Driver.fast()
    yield driver
    driver.app.close()
    set_language("en")


def _greedy(board, rng):
    moves = board.legal_moves()
    return max(moves, key=lambda m: (board.captures(m).bit_count() + m.is_clone, rng.random()))


def _source(board, move: Move) -> int:
    if move.is_jump:
        return move.from_square
    return bits(neighbours(move.to_square) & board.pieces[board.turn])[0]


def _walk(driver: Driver, play: MatchScene, target: int) -> None:
    """Arrow keys from the cursor to ``target``."""
    keys = play.board.keys
    if not keys.cursor_shown:
        driver.key(pygame.K_RIGHT)  # the first arrow shows the cursor where it is
    assert keys.cursor is not None
    while keys.cursor % 7 != target % 7:
        driver.key(pygame.K_RIGHT if target % 7 > keys.cursor % 7 else pygame.K_LEFT)
    while keys.cursor // 7 != target // 7:
        driver.key(pygame.K_UP if target // 7 > keys.cursor // 7 else pygame.K_DOWN)
    assert keys.cursor == target


def _to_play_screen_by_keys(driver: Driver, two_players: bool) -> MatchScene:
    assert isinstance(driver.top, MenuScene)
    driver.key(pygame.K_RETURN)  # New game has the focus from the start
    scene = driver.top
    assert isinstance(scene, NewGameScene)
    driver.key(pygame.K_DOWN)  # the opponent row
    driver.key(pygame.K_RIGHT if two_players else pygame.K_LEFT)
    assert scene.config.vs_computer is not two_players
    if not two_players:
        for _ in range(3):
            driver.key(pygame.K_DOWN)  # who starts, your colour, the computer's level
        for _ in range(5):
            driver.key(pygame.K_LEFT)
        assert scene.config.level == "beginner"
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, LevelSelectScene)
    driver.key(pygame.K_RETURN)  # focus the first card
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RETURN)
    play = driver.top
    assert isinstance(play, MatchScene)
    assert play.level.name == driver.app.stack.scenes[-2].levels[1].name
    return play


def test_the_first_enter_after_launch_starts_a_new_game(driver: Driver) -> None:
    # Launched, nothing touched: New game is drawn as the focused button, so Enter must press it.
    menu = driver.top
    assert isinstance(menu, MenuScene)
    driver.frames(30)
    assert menu.widgets["new_game"].focused and menu.widgets["new_game"].hover > 0.9
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, NewGameScene)
    # And again after coming back: the focus stayed where it was.
    driver.key(pygame.K_ESCAPE)
    assert driver.top is menu
    driver.key(pygame.K_KP_ENTER)
    assert isinstance(driver.top, NewGameScene)


def test_a_whole_game_by_arrows_and_enter(driver: Driver) -> None:
    play = _to_play_screen_by_keys(driver, two_players=True)
    rng = random.Random(8)
    for _ in range(300):
        driver.until(lambda: play.match.is_over or play.human_turn(), max_frames=30)
        if play.match.is_over:
            break
        board = play.match.position
        move = _greedy(board, rng)
        before = play.match.ply
        _walk(driver, play, _source(board, move))
        driver.key(pygame.K_RETURN)
        assert play.board.selected == _source(board, move)
        _walk(driver, play, move.to_square)
        driver.key(pygame.K_KP_ENTER if before % 2 else pygame.K_RETURN)
        assert play.match.moves[before] == move
    assert play.match.is_over
    assert driver.until(lambda: isinstance(driver.top, ResultsScene), max_frames=120)
    driver.key(pygame.K_ESCAPE)  # Esc on the results: back to the menu
    assert isinstance(driver.top, MenuScene)


def test_keys_cancel_undo_redo_and_tab_to_the_buttons(driver: Driver) -> None:
    play = _to_play_screen_by_keys(driver, two_players=True)
    driver.key(pygame.K_RIGHT)
    start = play.board.keys.cursor
    driver.key(pygame.K_RETURN)
    assert play.board.selected == start
    driver.key(pygame.K_ESCAPE)  # Esc drops the selection first...
    assert play.board.selected is None and isinstance(driver.top, MatchScene)
    move = play.match.legal_moves()[0]
    _walk(driver, play, _source(play.match.position, move))
    driver.key(pygame.K_RETURN)
    _walk(driver, play, move.to_square)
    driver.key(pygame.K_RETURN)
    assert play.match.ply == 1
    driver.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert play.match.ply == 0
    driver.key(pygame.K_y, pygame.KMOD_LCTRL)
    assert play.match.ply == 1
    driver.key(pygame.K_TAB)  # to the panel's buttons; Enter presses the focused one (Undo)
    assert play.panel.widgets.focus is not None
    driver.key(pygame.K_RETURN)
    assert play.match.ply == 0
    driver.key(pygame.K_ESCAPE)  # back to the board
    assert play.panel.widgets.focus is None and play.board.keys.cursor_shown
    driver.key(pygame.K_ESCAPE)  # ...then opens the game menu
    assert driver.top.name == "pause"
    driver.key(pygame.K_ESCAPE)
    assert driver.top is play


def _type(driver: Driver, text: str, pad: dict[str, int]) -> None:
    for digit in text:
        driver.key(pad[digit])


def test_a_whole_game_by_keypad_codes_against_the_computer(driver: Driver) -> None:
    play = _to_play_screen_by_keys(driver, two_players=False)
    assert play.vs_computer and play.match.player(1).level == "beginner"
    rng = random.Random(4)
    entered = 0
    for turn in range(200):
        assert frames_until(driver, lambda: play.match.is_over or play.human_turn())
        if play.match.is_over:
            break
        board = play.match.position
        move = _greedy(board, rng)
        source = _source(board, move)
        pad = KEYPAD if turn % 2 else TOP_ROW  # the numeric pad and the top row both work
        before = play.match.ply
        _type(driver, cell_code(source), pad)  # two digits go through by themselves
        assert play.board.selected == source and play.board.keys.entry.stage == "move"
        code = code_for_move(move, source)
        _type(driver, code, pad)
        if not code_is_final(code):
            driver.key(pygame.K_KP_ENTER)
        assert play.match.moves[before].to_square == move.to_square
        entered += 1
    # The computer's choices are random: a Beginner may lose (or the early finish end it) in six moves.
    assert play.match.is_over and entered >= 3
    assert driver.until(lambda: isinstance(driver.top, ResultsScene), max_frames=120)
    # The rematch without a mouse: S switches sides, Enter shows the focus, Enter plays.
    results = driver.top
    human = next(seat for seat in (0, 1) if play.match.player(seat).is_human)
    driver.key(pygame.K_s)
    assert results.swap.value is True
    driver.key(pygame.K_s)
    assert results.swap.value is False
    driver.key(pygame.K_s)
    driver.key(pygame.K_RETURN)
    assert results.widgets.buttons[results.widgets.focus].id == "rematch"
    driver.key(pygame.K_RETURN)
    assert driver.top is play and play.match.ply == 0
    assert play.match.player(1 - human).is_human and not play.match.player(human).is_human


def test_keypad_mistakes_follow_the_seed(driver: Driver) -> None:
    play = start_match(driver, 0)
    entry = play.board.keys.entry
    _type(driver, "44", TOP_ROW)  # an empty square
    assert play.board.selected is None and entry.message[1] == "error"
    assert "Position entered is incorrect." in entry.message[0]
    _type(driver, "9", TOP_ROW)
    driver.key(pygame.K_RETURN)  # one digit, then Enter: not a cell
    assert "incorrect" in entry.message[0]
    _type(driver, "11", KEYPAD)  # Red's a7
    assert play.board.selected == 6 * 7
    assert play.board.keys.show_codes
    _type(driver, "7", KEYPAD)  # up-left of a7: off the board, so back to the position
    assert play.board.selected is None and entry.message[0] == "This move is invalid."
    assert play.match.ply == 0
    _type(driver, "11", KEYPAD)
    _type(driver, "5", KEYPAD)
    assert entry.digits == "5"  # 5 alone waits for more
    driver.key(pygame.K_BACKSPACE)
    assert entry.digits == ""
    _type(driver, "3", KEYPAD)  # a7 -> b6
    assert [str(m) for m in play.match.moves] == ["b6"]
    # French prompts, as in the seed.
    set_language("fr")
    side, line = play.board.keys.prompt()
    assert side is Side.BLUE and line == "Saisir une position à jouer :"
    driver.frames(2)
