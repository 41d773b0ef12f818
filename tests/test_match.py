"""The match model: players, undo/redo, repetition, early finish, elapsed time, results."""

from __future__ import annotations

import random

import pytest

from game.engine.ataxx import (
    STARTPOS,
    Board,
    IllegalMoveError,
    Move,
    Side,
    Termination,
    parse_square,
)
from game.engine.match import (
    Match,
    MatchOverError,
    MatchRules,
    Player,
    fillable_by,
)

# Red (x) is walled in on rank 1 by two full ranks of Blue and must pass;
# Blue can clone into every one of the 28 empty squares above.
STUCK_RED_FILLABLE = "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1"
# The same, but a wall of blocks cuts the top three ranks off from Blue's clones:
# Blue can only get there by jumping, so the early finish does not apply.
STUCK_RED_WALLED = "7/7/7/-------/ooooooo/ooooooo/xxxxxxx x 0 1"
SHUFFLE = ["a7c7", "g7e7", "c7a7", "e7g7"]  # both sides jump out and back


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def play_all(match: Match, texts: list[str]) -> None:
    for text in texts:
        match.play(Move.from_uai(text))


def test_new_match_defaults() -> None:
    match = Match()
    assert match.board.fen() == STARTPOS
    assert match.turn is Side.RED
    assert match.players[Side.RED].is_human and match.players[Side.BLUE].is_human
    assert not match.is_over and match.result is None
    assert not match.can_undo and not match.can_redo
    assert len(match.legal_moves()) == 16


def test_play_reports_side_captures_and_source() -> None:
    match = Match("7/7/7/2x1o2/3o3/7/5o1 x 0 1")
    played = match.play(Move.from_uai("d4"))
    assert played.side is Side.RED
    assert played.captured == (1 << parse_square("e4")) | (1 << parse_square("d3"))
    # orthogonal neighbours before diagonal ones, nearest first
    assert played.captured_squares == sorted([parse_square("e4"), parse_square("d3")])
    assert played.source == parse_square("c4")
    jump = match.play(Move.from_uai("f1d2"))
    assert jump.source == parse_square("f1") and jump.side is Side.BLUE
    assert jump.captured == 1 << parse_square("d3")


def test_illegal_move_changes_nothing() -> None:
    match = Match()
    before = match.board.fen()
    with pytest.raises(IllegalMoveError):
        match.play(Move.from_uai("d4"))
    assert match.board.fen() == before and match.ply == 0


def test_undo_redo_many_steps() -> None:
    match = Match()
    texts = ["b6", "f6", "f2", "b2", "a7c5", "g7e5"]
    fens = [match.board.fen()]
    for text in texts:
        match.play(Move.from_uai(text))
        fens.append(match.board.fen())
    for expected_fen, text in zip(reversed(fens[:-1]), reversed(texts), strict=True):
        assert str(match.undo()) == text
        assert match.board.fen() == expected_fen
    assert not match.can_undo
    with pytest.raises(IndexError):
        match.undo()
    assert [str(m) for m in match.redo_moves] == texts
    for expected_fen in fens[1:4]:
        match.redo()
        assert match.board.fen() == expected_fen
    # playing the move redo would play keeps the redo stack
    match.play(Move.from_uai("b2"))
    assert [str(m) for m in match.redo_moves] == texts[4:]
    # playing anything else drops it
    match.play(Move.from_uai("c6"))
    assert not match.can_redo
    with pytest.raises(IndexError):
        match.redo()


def test_undo_to_human_turn_against_computer() -> None:
    match = Match(players=(Player.human("Ann"), Player.computer("master")))
    play_all(match, ["b6", "f6", "f2", "b2"])
    undone = match.undo_to_human_turn()
    assert [str(m) for m in undone] == ["b2", "f2"]
    assert match.turn is Side.RED and match.current_player.is_human
    # with the computer's reply not yet played, one undo is enough
    match.play(Move.from_uai("c6"))
    assert [str(m) for m in match.undo_to_human_turn()] == ["c6"]
    assert Match(players=(Player.computer("beginner"), Player.computer("master"))).undo_to_human_turn() == []


def test_computer_to_move() -> None:
    match = Match(players=(Player.human(), Player.computer("casual")))
    assert not match.computer_to_move
    match.play(Move.from_uai("b6"))
    assert match.computer_to_move and match.current_player.level == "casual"


def test_threefold_repetition_ends_match_at_third_occurrence() -> None:
    match = Match()
    play_all(match, SHUFFLE)  # start position, second time
    assert not match.is_over
    play_all(match, SHUFFLE[:3])
    assert not match.is_over
    match.play(Move.from_uai(SHUFFLE[3]))  # third time
    assert match.is_over
    assert match.result is not None
    assert match.result.outcome.termination is Termination.THREEFOLD_REPETITION
    assert match.result.outcome.winner is None
    with pytest.raises(MatchOverError):
        match.play(Move.from_uai("b6"))
    # an undo reopens the match
    match.undo()
    assert not match.is_over and match.legal_moves()


def test_threefold_repetition_can_be_switched_off() -> None:
    match = Match(rules=MatchRules(threefold_repetition=False))
    play_all(match, SHUFFLE * 3)
    assert not match.is_over
    assert match.board.outcome() is not None  # the board itself sees the repetition


def test_early_finish_fills_the_board_for_the_opponent() -> None:
    match = Match(STUCK_RED_FILLABLE)
    assert match.is_over
    result = match.result
    assert result is not None
    assert result.outcome.termination is Termination.EARLY_FINISH
    assert result.outcome.winner is Side.BLUE
    assert result.filled == match.board.empty and result.filled.bit_count() == 28
    assert (result.red_count, result.blue_count) == (7, 14 + 28)
    assert result.count(Side.BLUE) == 42
    assert match.legal_moves() == []


def test_early_finish_needs_every_square_fillable_by_clones() -> None:
    match = Match(STUCK_RED_WALLED)
    assert not match.is_over
    assert match.early_finish_squares() == 0
    assert match.legal_moves() == [Move.null()]
    board = Board(STUCK_RED_WALLED)
    assert fillable_by(board, Side.BLUE) == 0  # the wall of blocks is in the way


def test_early_finish_can_be_switched_off() -> None:
    match = Match(STUCK_RED_FILLABLE, rules=MatchRules(early_finish=False))
    assert not match.is_over
    match.play(Move.null())
    assert match.turn is Side.BLUE


def test_early_finish_reached_by_play_and_undone() -> None:
    # Blue's only piece sits on a1; Red's clone to c3 takes the last empty square
    # within Blue's reach, so Blue must pass and Red can fill the rest by clones.
    match = Match("7/7/7/7/xx5/xxx4/oxx4 x 0 1")
    assert not match.is_over
    match.play(Move.from_uai("c3"))
    result = match.result
    assert result is not None
    assert result.outcome.termination is Termination.EARLY_FINISH
    assert result.outcome.winner is Side.RED
    assert (result.red_count, result.blue_count) == (48, 1)
    match.undo()
    assert not match.is_over and match.turn is Side.RED


def test_elimination_result_and_counts() -> None:
    match = Match("7/7/7/2xo3/7/7/7 x 0 1")
    match.play(Move.from_uai("d5"))
    result = match.result
    assert result is not None
    assert result.outcome.termination is Termination.ELIMINATION
    assert result.outcome.winner is Side.RED
    assert (result.red_count, result.blue_count) == (3, 0)
    assert result.plies == 1


def test_elapsed_time_pauses_and_stops_at_the_end() -> None:
    clock = FakeClock()
    match = Match("7/7/7/2xo3/7/7/7 x 0 1", clock=clock, elapsed=5.0)
    clock.now += 10
    assert match.elapsed == pytest.approx(15.0)
    match.pause()
    clock.now += 100
    assert match.elapsed == pytest.approx(15.0)
    match.resume()
    clock.now += 2
    match.play(Move.from_uai("d5"))  # wins: the clock stops
    clock.now += 50
    assert match.elapsed == pytest.approx(17.0)
    assert match.result is not None and match.result.elapsed == pytest.approx(17.0)
    match.resume()  # no effect once over
    clock.now += 5
    assert match.elapsed == pytest.approx(17.0)


def test_random_matches_end_and_undo_fully() -> None:
    rng = random.Random(7)
    for _ in range(20):
        match = Match()
        while not match.is_over and match.ply < 600:
            match.play(rng.choice(match.legal_moves()))
        assert match.is_over
        result = match.result
        assert result is not None
        assert result.red_count + result.blue_count <= 49
        while match.can_undo:
            match.undo()
        assert match.board.fen() == STARTPOS and not match.is_over
