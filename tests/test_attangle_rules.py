"""Attangle's rules: the seed's figures rebuilt, the design's decisions, notation, push/pop, the end."""

from __future__ import annotations

import random

import pytest
from attangle_reference import Reference

from game.engine.attangle import (
    GRAND,
    GRAND_STARTPOS,
    SMALL,
    STARTPOS,
    Board,
    Geometry,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Move,
    Side,
    Termination,
)


def position(stacks: dict[str, str], turn: str = "w", reserves: tuple[int, int] | None = None, *,
             geometry: Geometry = SMALL) -> Board:  # fmt: skip
    """A board with ``stacks`` (point name to stack) and the rest empty.

    The reserves default to what is left of each side's pieces, as in a real game.
    """
    cells = {geometry.index_of[name]: stack for name, stack in stacks.items()}
    if reserves is None:
        reserves = tuple(  # type: ignore[assignment]
            geometry.pieces_per_side - sum(stack.count(symbol) for stack in stacks.values())
            for symbol in "wb"
        )
    assert reserves is not None
    rows = "/".join(",".join(cells.get(point, "-") for point in row) for row in geometry.rows)
    return Board(f"{rows} {turn} {reserves[0]} {reserves[1]}")


def texts(moves: list[Move]) -> set[str]:
    return {str(move) for move in moves}


def captures(board: Board) -> set[str]:
    return {str(move) for move in board.legal_moves() if move.is_capture}


# -- the boards --


def test_the_small_board() -> None:
    board = Board()
    assert board.text() == STARTPOS
    assert STARTPOS == "-,-,-,-/-,-,-,-,-/-,-,-,-,-,-/-,-,-,-,-,-,-/-,-,-,-,-,-/-,-,-,-,-/-,-,-,- w 18 18"
    assert len(SMALL.names) == 37 and SMALL.names[SMALL.centre] == "d4"
    assert board.turn is Side.WHITE and board.reserve(Side.WHITE) == board.reserve(Side.BLACK) == 18
    assert len(board.legal_moves()) == 36  # every point but the centre
    assert "d4" not in texts(board.legal_moves())


def test_the_grand_board_and_its_set_up() -> None:
    board = Board(grand=True)
    assert board.text() == GRAND_STARTPOS
    assert len(GRAND.names) == 61 and GRAND.names[GRAND.centre] == "e5"
    assert board.reserve(Side.WHITE) == board.reserve(Side.BLACK) == 24
    # design.md's axial coordinates of the pre-placed pieces and the no-placement points.
    at = {coord: GRAND.names[index] for index, coord in enumerate(GRAND.coords)}
    for coord in ((2, -3), (-3, 1), (1, 2)):
        assert board.stack(at[coord]) == "w"
    for coord in ((-1, -2), (3, -1), (-2, 3)):
        assert board.stack(at[coord]) == "b"
    free = {at[coord] for coord in ((0, 0), (1, -3), (3, -2), (-2, -1), (2, 1), (-3, 2), (-1, 3))}
    assert {GRAND.names[point] for point in GRAND.no_placement} == free
    moves = texts(board.legal_moves())
    assert len(moves) == 61 - 7 - 6 and not moves & free


def test_point_names_row_by_row_from_the_left() -> None:
    assert SMALL.names[:4] == ("a1", "a2", "a3", "a4")
    assert [len(row) for row in GRAND.rows] == [5, 6, 7, 8, 9, 8, 7, 6, 5]
    # Row a is the top (r = -(n-1)); in each row q grows to the right.
    assert SMALL.coords[SMALL.index_of["a1"]] == (0, -3)
    assert SMALL.coords[SMALL.index_of["d1"]] == (-3, 0)
    assert SMALL.coords[SMALL.index_of["g4"]] == (0, 3)
    assert GRAND.coords[GRAND.index_of["e9"]] == (4, 0)


# -- the seed's figures --


def test_figure_2_two_singles_take_a_single() -> None:
    board = position({"a1": "w", "c1": "w", "c3": "b"})
    move = Move.from_text("a1,c1-c3")
    assert move in board.legal_moves()
    board.push(move)
    assert board.stack("c3") == "bw" and board.stack("a1") == board.stack("c1") == ""
    assert board.reserve(Side.WHITE) == 16 + 1  # the top piece went back to the reserve
    assert board.turn is Side.BLACK


def test_figure_3_two_singles_take_a_double() -> None:
    board = position({"a1": "w", "c1": "w", "c3": "wb"})
    board.push(Move.from_text("c1,a1-c3"))
    assert board.stack("c3") == "wbw"
    assert board.triple_count(Side.WHITE) == 1


def test_figure_4_a_single_and_a_double_take_a_single_the_single_last() -> None:
    board = position({"a1": "w", "c1": "bw", "c3": "b"})
    board.push(Move.from_text("a1,c1-c3"))
    # The double landed first, then the single, which went back: White is on top.
    assert board.stack("c3") == "bbw"
    assert board.triple_count(Side.WHITE) == 1 and board.reserve(Side.WHITE) == 18 - 2 + 1


def test_only_one_double_in_a_capture() -> None:
    # Two doubles, or a double attacking a double, would stack over three.
    board = position({"a1": "bw", "c1": "bw", "c3": "b", "c6": "w", "a4": "w", "b5": "wb"}, "w", (10, 10))
    assert "a1,c1-c3" not in captures(board)
    reason = board.illegal_reason(Move.from_text("a1,c1-c3"))
    assert reason is not None and "one double" in reason
    board = position({"a1": "bw", "c1": "w", "c3": "wb"}, "w", (10, 10))
    assert captures(board) == set()


def test_figure_5_neither_side_can_capture() -> None:
    board = position({"a1": "w", "a4": "w", "a2": "b", "a3": "b"})
    assert captures(board) == set()
    board = position({"a1": "w", "a4": "w", "a2": "b", "a3": "b"}, "b")
    assert captures(board) == set()


def test_figure_6_white_cannot_stop_the_third_triple() -> None:
    # Black has two triples and a single and a double beside White's c3: nothing White does
    # (it has one piece of its own, so it cannot capture) stops the third.
    board = position({"g1": "wwb", "g4": "bwb", "c3": "w", "c2": "wb", "b3": "b"}, "w", (5, 5))
    assert board.outcome() is None
    for move in board.legal_moves():
        board.push(move)
        assert board.is_legal(Move.from_text("b3,c2-c3"))
        board.push(Move.from_text("b3,c2-c3"))
        outcome = board.outcome()
        assert outcome is not None and outcome.winner is Side.BLACK
        assert outcome.termination is Termination.TRIPLES and outcome.scores == (0, 3)
        board.pop()
        board.pop()


def test_forced_resignation_with_an_empty_reserve_and_no_capture() -> None:
    board = position({"a1": "w", "g4": "b", "g1": "b"}, "w", (0, 10))
    assert board.legal_moves() == []
    outcome = board.outcome()
    assert outcome is not None and outcome.termination is Termination.NO_MOVES
    assert outcome.winner is Side.BLACK


def test_capture_is_compulsory_only_with_an_empty_reserve() -> None:
    stacks = {"a1": "w", "c1": "w", "c3": "b"}
    with_reserve = position(stacks, "w", (3, 10))
    moves = texts(with_reserve.legal_moves())
    assert "a1,c1-c3" in moves and "g4" in moves
    without = position(stacks, "w", (0, 10))
    assert texts(without.legal_moves()) == {"a1,c1-c3"}
    reason = without.illegal_reason(Move.from_text("g4"))
    assert reason is not None and "must capture" in reason


def test_the_centre_is_crossed_but_never_placed_on() -> None:
    board = position({"d2": "w", "c5": "w", "d5": "b"})
    assert "c5,d2-d5" in captures(board)  # d2 to d5 crosses d3 and the centre d4
    reason = board.illegal_reason(Move.place("d4"))
    assert reason is not None and "nobody may place on d4" in reason
    with pytest.raises(IllegalMoveError, match="d4"):
        board.push(Move.place("d4"))


def test_grand_attangles_free_points_are_crossed_never_placed_on() -> None:
    board = Board(grand=True)
    for point in GRAND.no_placement:
        assert board.illegal_reason(Move.place(GRAND.names[point])) is not None
    # e1 and e3 see e5's neighbour e6 across the centre? No: the free points lie between.
    board = position({"d1": "w", "d6": "w", "d3": "b"}, geometry=GRAND)
    # d1 -> d3 crosses d2, a free point; d6 -> d3 crosses d5 and d4.
    assert "d1,d6-d3" in captures(board)


def test_triples_never_move_and_are_never_taken() -> None:
    board = position({"a1": "bbw", "c1": "w", "c3": "b", "e1": "w"})
    assert all("a1" not in move for move in captures(board))
    board = position({"a1": "w", "c1": "w", "c3": "wwb"})
    assert captures(board) == set()
    reason = board.illegal_reason(Move.from_text("a1,c1-c3"))
    assert reason is not None and "triple" in reason


def test_an_attacker_hidden_behind_another_cannot_attack() -> None:
    board = position({"c1": "w", "c2": "w", "a1": "w", "c3": "b"})
    assert captures(board) == {"a1,c2-c3"}
    reason = board.illegal_reason(Move.from_text("a1,c1-c3"))
    assert reason == "c2 stands between c1 and c3"
    # Nor does an enemy stack in front let it through.
    board = position({"c1": "w", "c2": "b", "a1": "w", "c3": "b"})
    assert "a1,c1-c3" not in captures(board)


def test_opposite_directions_on_one_line_are_allowed() -> None:
    board = position({"c2": "w", "c4": "w", "c3": "b"})
    assert captures(board) == {"c2,c4-c3"}


def test_an_attacker_must_be_on_one_of_the_targets_lines() -> None:
    board = position({"c1": "w", "b4": "w", "c3": "b"})
    reason = board.illegal_reason(Move.from_text("b4,c1-c3"))
    assert reason == "b4 is not on a line with c3"


def test_the_winner_is_the_first_to_its_third_triple() -> None:
    board = position({"g1": "bbw", "g4": "wbw", "a1": "w", "c1": "w", "c3": "wb"}, "w", (8, 8))
    board.push(Move.from_text("a1,c1-c3"))
    outcome = board.outcome()
    assert outcome is not None and outcome.winner is Side.WHITE and outcome.scores == (3, 0)
    assert board.legal_moves() == [] and board.perft(1) == 0
    with pytest.raises(IllegalMoveError, match="over"):
        board.push(Move.place("d1"))


def test_grand_attangle_needs_five_triples() -> None:
    triples = {"a1": "bbw", "a5": "wbw", "i1": "bbw", "i5": "wbw"}
    board = position({**triples, "e1": "w", "c1": "w", "d1": "wb"}, geometry=GRAND)
    assert board.outcome() is None
    assert "c1,e1-d1" in captures(board)
    board.push(Move.from_text("c1,e1-d1"))
    outcome = board.outcome()
    assert outcome is not None and outcome.winner is Side.WHITE and outcome.scores == (5, 0)


# -- notation --


@pytest.mark.parametrize(
    ("text", "written"),
    [("c3", "c3"), ("a1,b2-c3", "a1,b2-c3"), ("b2,a1-c3", "a1,b2-c3"), ("i9", "i9")],
)
def test_move_text_round_trips(text: str, written: str) -> None:
    move = Move.from_text(text)
    assert str(move) == written and Move.from_text(str(move)) == move
    assert hash(move) == hash(Move.from_text(written))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("c", "not a point"),
        ("c0", "not a point"),
        ("j1", "not a point"),
        ("C3", "not a point"),
        ("c33", "not a point"),
        ("a1,b2", "two attackers and the target"),
        ("a1-c3", "two attackers and the target"),
        ("a1,b2,c2-c3", "two attackers and the target"),
        ("a1,b2-c3-d4", "two attackers and the target"),
        ("a1,a1-c3", "same attacker twice"),
        ("a1,c3-c3", "target itself"),
        ("a1, b2-c3", "not a point"),
        ("x" * 40, "too long"),
    ],
)
def test_bad_move_text_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(InvalidMoveError, match=message):
        Move.from_text(text)


def test_move_text_must_be_text() -> None:
    with pytest.raises(InvalidMoveError, match="must be text"):
        Move.from_text(None)  # type: ignore[arg-type]


def test_a_point_the_board_lacks_is_illegal_not_a_crash() -> None:
    board = Board()
    for text in ("a5", "d8", "h1", "i9", "a1,h1-c3"):
        with pytest.raises(IllegalMoveError, match="has no point"):
            board.push(Move.from_text(text))
    assert board.text() == STARTPOS


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "0 fields"),
        ("-,-,-,- w 18 18", "1 rows"),
        (STARTPOS.replace(" w ", " x "), "side to move"),
        (STARTPOS.replace(" 18 18", " 18"), "3 fields"),
        (STARTPOS.replace(" 18 18", " 18 many"), "Black's reserve"),
        (STARTPOS.replace(" 18 18", " -1 18"), "White's reserve"),
        (STARTPOS.replace(" 18 18", " 19 18"), "more than its 18"),
        ("-,-,-/" + STARTPOS[8:], "row a has 3 points"),
        ("x,-,-,-/" + STARTPOS[8:], "a stack of w and b"),
        ("wwww,-,-,-/" + STARTPOS[8:], "a stack of w and b"),
        ("ww,-,-,-/" + STARTPOS[8:], "no game can make"),
        ("www,-,-,-/" + STARTPOS[8:], "no game can make"),
        (STARTPOS.replace("-,-,-,-,-,-,-", "-,-,-,w,-,-,-"), "d4 is a point nobody may place on"),
        ("bbw,wbw,bbw,-/-,wwb,bwb,wwb,-/" + STARTPOS[18:].replace(" 18 18", " 0 0"), "both sides"),
        ("x" * 2000, "characters long"),
    ],
)
def test_bad_position_text_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        Board(text)


def test_position_text_must_be_text_and_on_the_right_board() -> None:
    with pytest.raises(InvalidPositionError, match="must be text"):
        Board(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidPositionError, match="small board"):
        Board(STARTPOS, grand=True)
    assert Board(GRAND_STARTPOS).grand and not Board(STARTPOS).grand


# -- push, pop, random games --


def sum_of_squares(board: Board) -> int:
    return sum(len(stack) ** 2 for stack in board.stacks)


@pytest.mark.parametrize("grand", [False, True])
def test_random_games_end_and_pop_restores_everything(grand: bool) -> None:
    rng = random.Random(20261124 + grand)
    bound = 0
    for _game in range(40 if not grand else 15):
        board = Board(grand=grand)
        seen = []
        while True:
            moves = board.legal_moves()
            if not moves:
                break
            seen.append((board.text(), board.hash, sum_of_squares(board)))
            move = rng.choice(moves)
            if rng.random() < 0.7:
                captures_now = [m for m in moves if m.is_capture]
                move = rng.choice(captures_now) if captures_now else move
            board.push(move)
            assert board.hash == Board(board.text()).hash  # the incremental hash is the full one
            # Every move raises the sum of the squared heights by one at least.
            assert sum_of_squares(board) >= seen[-1][2] + 1
        assert board.outcome() is not None
        plies = len(seen)
        bound = max(bound, plies)
        assert plies <= (108 if not grand else 162 - 6)
        for text, key, _ in reversed(seen):
            board.pop()
            assert board.text() == text and board.hash == key
        assert board.text() == (GRAND_STARTPOS if grand else STARTPOS)
    assert bound > 30


def test_push_of_an_illegal_move_leaves_the_board_unchanged() -> None:
    board = position({"a1": "w", "c1": "w", "c3": "b", "c5": "b"})
    before = (board.text(), board.hash, board.ply)
    for text in ("c3", "d4", "a1,c1-c5", "c1,c3-a1"):
        with pytest.raises(IllegalMoveError):
            board.push(Move.from_text(text))
        assert (board.text(), board.hash, board.ply) == before
    with pytest.raises(IllegalMoveError, match="not an Attangle move"):
        board.push("c3")  # type: ignore[arg-type]


def test_copy_is_independent() -> None:
    board = Board()
    board.push(Move.place("a1"))
    copy = board.copy()
    copy.push(Move.place("a2"))
    assert board.stack("a2") == "" and copy.stack("a2") == "b"
    assert str(copy.pop()) == "a2" and str(copy.pop()) == "a1"
    assert board.move_stack == [Move.place("a1")]


def test_perft_of_the_opening() -> None:
    # No capture is possible before White's third move: 36 * 35 * 34 * 33.
    board = Board()
    assert [board.perft(depth) for depth in (1, 2, 3, 4)] == [36, 1260, 42840, 1413720]
    assert Board(grand=True).perft(1) == 48


def random_positions(count: int, grand: bool, seed: int) -> list[Board]:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        board = Board(grand=grand)
        for _ in range(rng.randrange(4, 60)):
            moves = board.legal_moves()
            if not moves:
                break
            captures_now = [m for m in moves if m.is_capture]
            board.push(rng.choice(captures_now if captures_now and rng.random() < 0.6 else moves))
        found.append(Board(board.text()))
    return found


@pytest.mark.parametrize("grand", [False, True])
def test_the_engine_agrees_with_a_plain_second_implementation(grand: bool) -> None:
    positions = random_positions(300, grand, 7 + grand)
    assert sum(1 for board in positions if any(m.is_capture for m in board.legal_moves())) > 80
    for board in positions:
        reference = Reference(board.text())
        assert texts(board.legal_moves()) == reference.moves(), board.text()
    for board in positions[:20]:
        assert board.perft(2) == Reference(board.text()).perft(2), board.text()


def test_every_move_the_engine_offers_is_legal_and_nothing_else_is() -> None:
    for board in random_positions(60, False, 11):
        legal = set(board.legal_moves())
        names = board.geometry.names
        for move in legal:
            assert board.illegal_reason(move) is None
        # Every placement and a sample of capture shapes that are not offered are refused.
        for name in names:
            move = Move.place(name)
            assert (board.illegal_reason(move) is None) == (move in legal)
        stacked = [name for name in names if board.stack(name)]
        for target in stacked[:6]:
            for first in stacked[:6]:
                for second in stacked[:6]:
                    if len({target, first, second}) == 3:
                        move = Move.capture(first, second, target)
                        assert (board.illegal_reason(move) is None) == (move in legal)


@pytest.mark.parametrize(
    ("target", "attackers", "words"),
    [
        ("c3", ("a1",), "two attackers, not 1"),
        ("c3", ("a1", "b2", "d4"), "two attackers, not 3"),
        ("c3", None, "not NoneType"),
        ("c3", "a1b2", "not str"),
        (3, (), "not int"),
        ("z9", (), "is not a point"),
        ("c3", ("a1", "a1"), "the same attacker twice"),
        ("c3", ("c3", "a1"), "the target itself"),
        ("c3", ("a1", 2), "point names"),
    ],
)
def test_a_hand_built_move_is_checked(target: object, attackers: object, words: str) -> None:
    """Issue 19, item 12: ``Move('c3', ('a1',))`` failed with IndexError (in ``repr`` too), ``Move('c3', None)`` passed."""
    with pytest.raises(InvalidMoveError, match=words):
        Move(target, attackers)  # type: ignore[arg-type]


def test_a_hand_built_capture_is_the_parsed_one() -> None:
    import pickle

    move = Move("c3", ("b2", "a1"))
    assert move == Move.capture("a1", "b2", "c3") == Move.from_text("a1,b2-c3")
    assert repr(move) == "Move.from_text('a1,b2-c3')" and hash(move) == hash(Move.from_text("b2,a1-c3"))
    assert Move("c3") == Move.place("c3") and pickle.loads(pickle.dumps(move)) == move
    board = Board()
    assert all(Move(*legal) == legal for legal in board.legal_moves())
