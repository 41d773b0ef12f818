"""How games end: every Termination, the half-move priority rule, repetition, passes, results."""

from __future__ import annotations

import pytest

from game.engine.ataxx import STARTPOS, Board, Move, Outcome, Side, Termination

PASS_FEN = "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1"


def play(board: Board, *texts: str) -> Board:
    for text in texts:
        board.push_uai(text)
    return board


def test_start_position_is_not_over() -> None:
    board = Board()
    assert board.outcome() is None
    assert not board.is_game_over()
    assert board.result() == "*"


# --- elimination ---------------------------------------------------------------


def test_red_infects_blues_last_piece() -> None:
    board = Board("7/7/7/3o3/7/4x2/7 x 0 1")
    assert board.outcome() is None
    board.push_uai("e3")  # next to d4
    assert board.count(Side.BLUE) == 0
    assert board.outcome() == Outcome(Termination.ELIMINATION, Side.RED)
    assert board.result() == "1-0"
    assert board.legal_moves() == []
    board.pop()
    assert board.outcome() is None


def test_blue_eliminates_red_with_a_jump() -> None:
    board = Board("7/7/7/3x3/7/7/3o3 o 0 1")
    board.push_uai("d1d3")
    assert board.outcome() == Outcome(Termination.ELIMINATION, Side.BLUE)
    assert board.result() == "0-1"
    assert board.halfmove_clock == 1


def test_elimination_from_fen() -> None:
    assert Board("x6/7/7/7/7/7/7 o 0 1").outcome() == Outcome(Termination.ELIMINATION, Side.RED)
    assert Board("7/7/7/7/7/7/o5- x 0 1").outcome() == Outcome(Termination.ELIMINATION, Side.BLUE)
    assert Board("7/7/7/7/7/7/7 x 0 1").outcome() == Outcome(Termination.ELIMINATION, None)


# --- full board ------------------------------------------------------------------


def test_full_board_red_wins() -> None:
    board = Board("ooooooo/ooooooo/ooooooo/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxx1 x 0 1")
    assert board.outcome() is None
    board.push_uai("g1")
    assert (board.count(Side.RED), board.count(Side.BLUE)) == (28, 21)
    assert board.outcome() == Outcome(Termination.FULL_BOARD, Side.RED)
    assert board.result() == "1-0"


def test_full_board_after_a_pass_blue_wins() -> None:
    # Red cannot reach g1 and must pass; Blue fills it.
    board = Board("xxxxxxx/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/oooooo1 x 0 1")
    assert board.legal_moves() == [Move.null()]
    assert board.outcome() is None
    play(board, "0000", "g1")
    assert board.outcome() == Outcome(Termination.FULL_BOARD, Side.BLUE)
    assert board.result() == "0-1"


def test_full_board_draw_by_count() -> None:
    # One block, 48 pieces: 24 each once Blue fills g1.
    board = Board("xxxxxxx/xxxxxxx/xxxxxxx/xxx-ooo/ooooooo/ooooooo/oooooo1 o 0 1")
    assert board.outcome() is None
    board.push_uai("g1")
    assert board.count(Side.RED) == board.count(Side.BLUE) == 24
    assert board.outcome() == Outcome(Termination.FULL_BOARD, None)
    assert board.result() == "1/2-1/2"


# --- no moves --------------------------------------------------------------------

WALLED = "x1----o/-------/-------/7/7/7/7 x 0 1"  # the empty ranks 1-4 are out of everyone's reach


def test_no_moves_after_the_last_reachable_square_is_taken() -> None:
    board = Board(WALLED)
    assert board.legal_moves() == [Move.clone(43)]  # b7, the only reachable empty square
    assert board.outcome() is None
    board.push_uai("b7")
    assert board.outcome() == Outcome(Termination.NO_MOVES, Side.RED)
    assert board.legal_moves() == []
    assert board.result() == "1-0"


def test_no_moves_draw() -> None:
    board = Board("x-----o/-------/-------/7/7/7/7 o 0 1")
    assert board.outcome() == Outcome(Termination.NO_MOVES, None)
    assert board.result() == "1/2-1/2"


def test_no_moves_blue_wins() -> None:
    board = Board("x----oo/-------/-------/7/7/7/7 x 0 1")
    assert board.outcome() == Outcome(Termination.NO_MOVES, Side.BLUE)


# --- the half-move clock --------------------------------------------------------


def test_hundredth_half_move_draws() -> None:
    board = Board("x5o/7/7/7/7/7/o5x x 99 1")
    assert board.outcome() is None
    board.push_uai("a7c7")
    assert board.halfmove_clock == 100
    assert board.outcome() == Outcome(Termination.HALFMOVE_CLOCK, None)
    assert board.result() == "1/2-1/2"
    assert board.legal_moves() == []
    board.pop()
    board.push_uai("b6")  # a clone resets the clock instead
    assert board.halfmove_clock == 0
    assert board.outcome() is None


def test_clock_counts_jumps_and_passes_only() -> None:
    board = Board("x5o/7/7/7/7/7/o5x x 0 1")
    play(board, "a7c7", "g7e7", "c7a7", "e7g7")
    assert board.halfmove_clock == 4
    board.push_uai("b6")
    assert board.halfmove_clock == 0
    board = Board(PASS_FEN)
    board.push(Move.null())
    assert board.halfmove_clock == 1


def test_clock_from_fen_at_100_is_a_draw() -> None:
    assert Board("x5o/7/7/7/7/7/o5x x 100 1").outcome() == Outcome(Termination.HALFMOVE_CLOCK, None)
    assert Board("x5o/7/7/7/7/7/o5x o 250 9").outcome() == Outcome(Termination.HALFMOVE_CLOCK, None)
    assert Board("x5o/7/7/7/7/7/o5x x 99 1").outcome() is None


@pytest.mark.parametrize(
    ("fen", "expected"),
    [
        ("x6/7/7/7/7/7/7 o 100 60", Outcome(Termination.ELIMINATION, Side.RED)),
        ("7/7/7/7/7/7/6o x 100 60", Outcome(Termination.ELIMINATION, Side.BLUE)),
        (
            "ooooooo/ooooooo/ooooooo/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx o 100 60",
            Outcome(Termination.FULL_BOARD, Side.RED),
        ),
        ("xx----o/-------/-------/7/7/7/7 o 100 60", Outcome(Termination.NO_MOVES, Side.RED)),
        ("x-----o/-------/-------/7/7/7/7 o 100 60", Outcome(Termination.NO_MOVES, None)),
    ],
)
def test_a_win_takes_priority_over_the_clock(fen: str, expected: Outcome) -> None:
    assert Board(fen).outcome() == expected


def test_hundredth_half_move_that_eliminates_wins() -> None:
    board = Board("7/7/7/3o3/7/7/3x3 x 99 1")
    board.push_uai("d1d3")
    assert board.halfmove_clock == 100
    assert board.outcome() == Outcome(Termination.ELIMINATION, Side.RED)
    assert board.result() == "1-0"


def test_forced_pass_on_the_hundredth_half_move_draws() -> None:
    # Blue cannot reach f1 and must pass; Red is far ahead, but the game is not decided.
    board = Board("ooooooo/ooooooo/ooooooo/xxxxxxx/xxxxxxx/xxxxxxx/xxxxx1x o 99 1")
    assert board.legal_moves() == [Move.null()]
    board.push_uai("0000")
    assert board.halfmove_clock == 100
    assert board.outcome() == Outcome(Termination.HALFMOVE_CLOCK, None)


# --- threefold repetition ---------------------------------------------------------

SHUFFLE = ["a7c7", "g7e7", "c7a7", "e7g7"]


def test_threefold_repetition_at_the_third_occurrence() -> None:
    board = Board()
    start_hash = board.hash
    outcomes = []
    for ply in range(8):
        board.push_uai(SHUFFLE[ply % 4])
        outcomes.append(board.outcome())
    assert outcomes[:7] == [None] * 7
    assert outcomes[7] == Outcome(Termination.THREEFOLD_REPETITION, None)
    assert board.hash == start_hash
    assert board.repetition_count() == 3
    assert board.result() == "1/2-1/2"
    assert board.is_game_over()
    # repetition can be ignored
    assert board.outcome(repetition=False) is None
    assert not board.is_game_over(repetition=False)
    # and taking a move back undoes it
    board.pop()
    assert board.outcome() is None
    assert board.repetition_count() == 2  # the position after the 7th ply occurred twice


def test_repetition_counts_positions_not_clocks() -> None:
    board = Board()
    counts = []
    for ply in range(12):
        board.push_uai(SHUFFLE[ply % 4])
        counts.append(board.repetition_count())
    assert counts == [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4]
    assert board.fen() == "x5o/7/7/7/7/7/o5x x 12 7"


def test_repetition_needs_the_same_side_to_move() -> None:
    # Red is walled in and passes; Blue shuffles g1-g3. After Red's pass the board is the
    # start board again, but with Blue to move: not the same position.
    board = Board("x--4/---4/---4/7/7/7/6o x 0 1")
    moves = ["0000", "g1g3", "0000", "g3g1"]
    seen = []
    for ply in range(8):
        board.push_uai(moves[ply % 4])
        seen.append(board.repetition_count())
    assert seen == [1, 1, 1, 2, 2, 2, 2, 3]
    assert board.outcome() == Outcome(Termination.THREEFOLD_REPETITION, None)


def test_repetition_from_a_root_with_a_running_clock() -> None:
    board = Board("x5o/7/7/7/7/7/o5x x 50 1")
    for ply in range(8):
        assert board.outcome() is None
        board.push_uai(SHUFFLE[ply % 4])
    assert board.halfmove_clock == 58
    assert board.outcome() == Outcome(Termination.THREEFOLD_REPETITION, None)


def test_repetition_is_not_counted_across_a_clone() -> None:
    board = Board()
    play(board, *SHUFFLE, "b6", "f6")  # the start position has now occurred twice, then clones
    play(board, "a7c7", "g7e7", "c7a7", "e7g7")
    assert board.repetition_count() == 2
    play(board, *SHUFFLE)
    assert board.repetition_count() == 3
    assert board.outcome() == Outcome(Termination.THREEFOLD_REPETITION, None)


# --- passes -----------------------------------------------------------------------


def test_pass_position_is_not_over() -> None:
    board = Board(PASS_FEN)
    assert board.outcome() is None
    assert board.result() == "*"
    assert board.legal_moves() == [Move.null()]
    before = (board.fen(), board.hash)
    board.push(Move.null())
    assert board.fen() == "7/7/7/7/ooooooo/ooooooo/xxxxxxx o 1 1"
    assert board.turn is Side.BLUE
    assert board.hash == Board(board.fen()).hash
    assert board.outcome() is None
    assert len(board.legal_moves()) == 75
    assert board.pop() == Move.null()
    assert (board.fen(), board.hash) == before


def test_pass_by_blue_advances_the_full_move_number() -> None:
    board = Board("7/7/7/7/xxxxxxx/xxxxxxx/ooooooo o 5 9")
    board.push_uai("0000")
    assert board.fen() == "7/7/7/7/xxxxxxx/xxxxxxx/ooooooo x 6 10"
    board.pop()
    assert board.fen() == "7/7/7/7/xxxxxxx/xxxxxxx/ooooooo o 5 9"


# --- results ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("winner", "text"),
    [(Side.RED, "1-0"), (Side.BLUE, "0-1"), (None, "1/2-1/2")],
)
def test_outcome_result_strings(winner: Side | None, text: str) -> None:
    for termination in Termination:
        assert Outcome(termination, winner).result() == text


def test_outcome_is_a_value() -> None:
    a = Outcome(Termination.FULL_BOARD, Side.RED)
    assert a == Outcome(Termination.FULL_BOARD, Side.RED)
    assert a != Outcome(Termination.FULL_BOARD, Side.BLUE)
    assert a != Outcome(Termination.NO_MOVES, Side.RED)
    assert len({a, Outcome(Termination.FULL_BOARD, Side.RED)}) == 1
    with pytest.raises(AttributeError):
        a.winner = None  # type: ignore[misc]


def test_board_result_in_every_state() -> None:
    assert Board(STARTPOS).result() == "*"
    assert Board("x6/7/7/7/7/7/7 o 0 1").result() == "1-0"
    assert Board("7/7/7/7/7/7/6o x 0 1").result() == "0-1"
    assert Board("x5o/7/7/7/7/7/o5x x 100 1").result() == "1/2-1/2"
    assert Board("x-----o/-------/-------/7/7/7/7 o 0 1").result() == "1/2-1/2"
