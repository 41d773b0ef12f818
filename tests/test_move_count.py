"""Moves are counted one way on every screen: full moves, as the move list numbers them.

The issue: the move list numbered full moves, the results said "53 moves" for
a 27-move game (they counted plies), the pause menu said "move 7" when move 4
was next, and the statistics counted plies too. Here one known game is shown
on every screen and each must say the same count, with correct plurals in
English and French.

The known game: two corridors of empty squares, walled apart by blocks, so
each side can only clone along its own row (and never flips the other): Red
fills 6 squares and Blue 5, one square a ply, and the board is full after
exactly 11 plies: 6 full moves.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.driver import Driver
from game.engine import saves
from game.engine.ataxx import Move
from game.engine.ataxx.rules import RULES
from game.engine.core import CHANCE
from game.engine.match import Match, Player, move_numbers, moves_played, next_move_number
from game.engine.stats import GameRecord, Statistics, record_for
from game.i18n import ntr, set_language
from game.scenes.move_list import move_rows
from game.scenes.resume import open_match

CORRIDORS = "x6/-------/-------/o5-/-------/-------/------- x 0 1"
"""Red clones along rank 7 (6 empty squares), Blue along rank 4 (5): 11 plies fill the board."""
RED_ROW = ("b7", "c7", "d7", "e7", "f7", "g7")
BLUE_ROW = ("b4", "c4", "d4", "e4", "f4")
WHOLE_GAME = tuple(move for pair in zip(RED_ROW, (*BLUE_ROW, None), strict=True) for move in pair if move)
"""b7 b4 c7 c4 ... f7 f4 g7: 11 plies, 6 full moves."""
PLIES, FULL_MOVES = 11, 6


@pytest.fixture
def driver(user_data_dir: Path) -> Iterator[Driver]:
    driver = Driver.fast()
    driver.frames(1)
    yield driver
    driver.app.close()
    set_language("en")


def _draw(driver: Driver, recorded: list[str]) -> str:
    """Draw the whole stack once; everything it wrote, one text a line."""
    driver.frames(30)  # dialogs draw their text once they have grown in
    recorded.clear()
    driver.app.draw()
    return "\n".join(recorded)


def _finished() -> Match:
    match = Match(RULES, CORRIDORS, (Player.human("You"), Player.computer("casual")))
    for move in WHOLE_GAME:
        match.play(Move.from_uai(move))
    return match


def test_the_known_game_lasts_11_plies_and_6_full_moves() -> None:
    match = _finished()
    result = match.result
    assert result is not None and match.ply == PLIES
    assert (result.plies, result.moves) == (PLIES, FULL_MOVES)
    assert match.full_moves == FULL_MOVES
    rows = move_rows([(seat, str(entry)) for seat, entry in match.history()], match.first_seat)
    assert len(rows) == FULL_MOVES and rows[-1] == (FULL_MOVES, ["g7"], [])


def test_full_moves_follow_the_move_list_whoever_starts_and_whatever_passes() -> None:
    # Seat 0 first: moves 1, 1, 2, 2, 3.
    assert move_numbers([0, 1, 0, 1, 0], 0) == [1, 1, 2, 2, 3]
    assert moves_played([0, 1, 0, 1, 0], 0) == 3
    # Seat 1 first: its first move is move 1 ("1. … f6"), seat 0's reply begins move 2.
    assert move_numbers([1, 0, 1], 1) == [1, 2, 2]
    assert moves_played([1, 0, 1], 1) == 2
    assert move_rows([(1, "f6"), (0, "b6"), (1, "0000")], 1)[-1][0] == moves_played([1, 0, 1], 1)
    # Nothing played yet: 0 moves, and the next is move 1 whoever starts.
    assert moves_played([], 0) == moves_played([], 1) == 0
    assert next_move_number([], 0, to_move=0) == next_move_number([], 1, to_move=1) == 1
    # The next move's number: the same row while seat 1 answers, a new one for seat 0.
    assert next_move_number([0, 1, 0], 0, to_move=1) == 2
    assert next_move_number([0, 1, 0, 1], 0, to_move=0) == 3
    # A roll joins the move it follows; two actions in one turn are one move.
    assert move_numbers([0, 0, CHANCE, 1, CHANCE, 0], 0) == [1, 1, 1, 1, 1, 2]
    assert moves_played([0, 0, CHANCE, 1, CHANCE], 0) == 1


def test_blue_first_and_a_pass_count_as_the_move_list_counts() -> None:
    match = Match(RULES, CORRIDORS.replace(" x ", " o "), options={"early_finish": False})
    for red, blue in zip(RED_ROW, BLUE_ROW, strict=False):
        match.play(Move.from_uai(blue))
        match.play(Move.from_uai(red))
    assert match.move_number == 6  # Blue answers Red's f7 within move 6
    match.play(Move.from_uai("0000"))  # Blue's row is full: it passes, a ply of move 6
    assert match.move_number == 7  # Red opens move 7
    match.play(Move.from_uai("g7"))
    result = match.result
    assert result is not None and result.plies == 12
    rows = move_rows([(seat, str(entry)) for seat, entry in match.history()], match.first_seat)
    assert rows[0] == (1, ["…"], ["b4"]) and rows[-1] == (7, ["g7"], [])
    assert result.moves == match.full_moves == 7


def test_the_results_and_the_move_list_say_6_moves(driver: Driver, recorded: list[str]) -> None:
    match = _finished()
    last = match.undo()
    play = open_match(driver.app, match, "Corridors")
    driver.play_move(last)
    assert driver.until(lambda: driver.app.top is not None and driver.app.top.name == "results", 120)
    drawn = _draw(driver, recorded)
    assert "6 moves" in drawn and "11 moves" not in drawn
    assert f"{FULL_MOVES}." in recorded, "the move list's last number"
    assert not any(f"{number}." in recorded for number in range(FULL_MOVES + 1, PLIES + 1))
    assert play.match.result is not None and play.match.result.moves == FULL_MOVES


def test_the_pause_menu_names_the_next_move(driver: Driver, recorded: list[str]) -> None:
    match = Match(RULES, CORRIDORS, (Player.human(), Player.human()))
    for move in WHOLE_GAME[:7]:  # Red has played 4 moves, Blue 3: Blue's 4th is next
        match.play(Move.from_uai(move))
    open_match(driver.app, match, "Corridors")
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is not None and driver.app.top.name == "pause"
    drawn = _draw(driver, recorded)
    assert "Corridors · move 4" in drawn, drawn
    assert "move 8" not in drawn


def test_the_statistics_say_6_moves(driver: Driver, recorded: list[str]) -> None:
    stats = Statistics("ataxx")
    stats.add(record_for(_finished(), level_name="Corridors"))
    stats.save()
    driver.press("statistics")
    drawn = _draw(driver, recorded)
    assert "6 moves in" in drawn and "11 moves" not in drawn
    assert Statistics.load("ataxx").records[0].full_moves == FULL_MOVES


def test_an_old_record_without_full_moves_pairs_its_plies() -> None:
    data = _finished_record().to_json()
    del data["moves"]
    old = GameRecord.from_json(data)
    assert old.moves is None and old.full_moves == FULL_MOVES
    assert "moves" not in old.to_json()


def _finished_record() -> GameRecord:
    return record_for(_finished(), level_name="Corridors")


def test_the_saved_games_say_6_moves_and_the_next_move(driver: Driver, recorded: list[str]) -> None:
    saves.save_game("Finished", _finished(), level_name="Corridors")
    going = Match(RULES, CORRIDORS)
    for move in WHOLE_GAME[:7]:
        going.play(Move.from_uai(move))
    saves.save_game("Going on", going, level_name="Corridors")
    driver.press("load")
    drawn = _draw(driver, recorded)
    assert "finished, 6 moves" in drawn and "move 4" in drawn, drawn
    assert "move 8" not in drawn and "11 moves" not in drawn


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["0 moves", "1 move", "2 moves", "6 moves"]),
        ("fr", ["0 coup", "1 coup", "2 coups", "6 coups"]),
    ],
)
def test_move_counts_have_their_plurals(language: str, expected: list[str]) -> None:
    set_language(language)
    try:
        assert [ntr("{count} move", "{count} moves", count) for count in (0, 1, 2, 6)] == expected
    finally:
        set_language("en")


def test_a_one_move_game_says_1_move_on_the_results(driver: Driver, recorded: list[str]) -> None:
    nearly_full = "xxxxxx1/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/ooooooo x 0 1"
    open_match(driver.app, Match(RULES, nearly_full, (Player.human(), Player.human())), "Nearly full")
    driver.play_move(Move.from_uai("g7"))
    assert driver.until(lambda: driver.app.top is not None and driver.app.top.name == "results", 120)
    drawn = _draw(driver, recorded)
    assert "1 move  ·" in drawn and "1 moves" not in drawn


def test_the_pause_menu_of_a_finished_game_says_its_length(driver: Driver, recorded: list[str]) -> None:
    open_match(driver.app, _finished(), "Corridors")
    driver.frames(2)
    driver.app.router.push("pause", driver.app.stack.find("match"))
    drawn = _draw(driver, recorded)
    assert "Corridors · finished, 6 moves" in drawn, drawn


def test_undo_names_the_move_to_play_again(driver: Driver) -> None:
    match = Match(RULES, CORRIDORS, (Player.human(), Player.computer("casual")))
    for move in WHOLE_GAME[:8]:  # 4 full moves; Red (you) to play move 5
        match.play(Move.from_uai(move))
    play = open_match(driver.app, match, "Corridors")
    driver.frames(1)
    play.undo()  # your last move and the computer's answer: back to move 4
    assert play.match.move_number == 4 and play.toast is not None
    assert play.toast[0] == "Back to move 4"
