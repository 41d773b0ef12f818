"""The board: legal moves, push/pop, illegal moves, Zobrist hashes, copies."""

from __future__ import annotations

import random
import re

import pytest

from game.engine.ataxx import (
    SQUARES,
    STARTPOS,
    Board,
    Cell,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Side,
    bits,
    jump_ring,
    neighbours,
    parse_square,
    spread,
    square_file,
    square_name,
    square_rank,
)

PASS_FEN = "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1"
BLOCK_FENS = [
    "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
    "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1",
    "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1",
]


def sq(name: str) -> int:
    return parse_square(name)


def distance(a: int, b: int) -> int:
    return max(abs(square_file(a) - square_file(b)), abs(square_rank(a) - square_rank(b)))


def naive_legal_moves(board: Board) -> set[str]:
    """Legal moves from the rules as written, square by square, no bitboards."""
    cells = [board.cell(s) for s in SQUARES]
    own = Cell.RED if board.turn is Side.RED else Cell.BLUE
    other = Cell.BLUE if own is Cell.RED else Cell.RED
    if Cell.EMPTY not in cells or own not in cells or other not in cells or board.halfmove_clock >= 100:
        return set()

    def moves_for(piece: Cell) -> set[str]:
        found = set()
        for frm in SQUARES:
            if cells[frm] is not piece:
                continue
            for to in SQUARES:
                if cells[to] is Cell.EMPTY and distance(frm, to) == 1:
                    found.add(square_name(to))
                elif cells[to] is Cell.EMPTY and distance(frm, to) == 2:
                    found.add(square_name(frm) + square_name(to))
        return found

    mine = moves_for(own)
    if mine:
        return mine
    return {"0000"} if moves_for(other) else set()


def snapshot(board: Board) -> tuple[str, int, list[Move], int, int]:
    return board.fen(), board.hash, board.move_stack, board.count(Side.RED), board.count(Side.BLUE)


def random_position(rng: random.Random, plies: int, fen: str = STARTPOS) -> Board:
    board = Board(fen)
    for _ in range(plies):
        moves = board.legal_moves()
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


# --- legal moves ---------------------------------------------------------------


def test_start_position_moves() -> None:
    moves = Board().legal_moves()
    texts = sorted(str(move) for move in moves)
    assert len(moves) == 16 == len(set(moves))
    clones = sorted(str(m) for m in moves if m.is_clone)
    assert clones == ["a6", "b6", "b7", "f1", "f2", "g2"]
    jumps = sorted(str(m) for m in moves if m.is_jump)
    assert jumps == ["a7a5", "a7b5", "a7c5", "a7c6", "a7c7", "g1e1", "g1e2", "g1e3", "g1f3", "g1g3"]
    assert set(texts) == naive_legal_moves(Board())


def test_clone_counted_once_per_target() -> None:
    # b2 is next to both red pieces but is a single clone move.
    board = Board("7/7/7/7/7/x6/1x3oo x 0 1")
    clones = [m for m in board.legal_moves() if m.is_clone]
    assert len(clones) == len(set(clones))
    assert sum(1 for m in clones if m.to_square == sq("b2")) == 1
    assert {str(m) for m in clones} == {"a3", "b3", "a1", "b2", "c1", "c2"}


def test_legal_moves_match_naive_rules_on_random_positions() -> None:
    rng = random.Random(7)
    checked = 0
    for game in range(40):
        board = Board(STARTPOS if game % 2 else rng.choice(BLOCK_FENS))
        for _ in range(rng.randrange(10, 80)):
            moves = board.legal_moves()
            assert len(moves) == len(set(moves))
            assert {str(m) for m in moves} == naive_legal_moves(board), board.fen()
            checked += 1
            if not moves:
                break
            board.push(rng.choice(moves))
    assert checked > 1000


def test_is_legal_agrees_with_legal_moves() -> None:
    rng = random.Random(11)
    candidates = [Move.clone(s) for s in SQUARES]
    candidates += [Move.jump(a, b) for a in SQUARES for b in bits(jump_ring(a))]
    candidates.append(Move.null())
    boards = [
        random_position(rng, rng.randrange(0, 50), rng.choice([STARTPOS, *BLOCK_FENS])) for _ in range(12)
    ]
    boards += [Board(PASS_FEN), Board("7/7/7/7/7/7/7 x 0 1"), Board("x5o/7/7/7/7/7/o5x x 100 1")]
    for board in boards:
        legal = set(board.legal_moves())
        assert {m for m in candidates if board.is_legal(m)} == legal, board.fen()


def test_pass_position() -> None:
    board = Board(PASS_FEN)
    assert board.legal_moves() == [Move.null()]
    assert not board.can_move(Side.RED)
    assert board.can_move(Side.BLUE)
    assert board.outcome() is None


def test_no_moves_when_game_over() -> None:
    assert Board("7/7/7/7/7/7/7 x 0 1").legal_moves() == []
    assert Board("x5o/7/7/7/7/7/o5x x 100 1").legal_moves() == []
    assert Board("xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/oooooo- o 0 1").legal_moves() == []
    assert Board("x6/7/7/7/7/7/7 o 0 1").legal_moves() == []  # blue has nothing left


def test_clone_and_jump_targets() -> None:
    board = Board("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1")
    a7, d4, c5 = sq("a7"), sq("d4"), sq("c5")
    assert set(bits(board.clone_targets(a7))) == {sq("a6"), sq("b6"), sq("b7")}
    assert set(bits(board.jump_targets(a7))) == {sq("a5"), sq("b5"), sq("c6"), sq("c7")}  # c5 is a block
    assert board.cell(c5) is Cell.BLOCK
    # c3, c5, e3 and e5 are blocks: four of d4's eight neighbours
    assert set(bits(board.clone_targets(d4))) == {sq("d3"), sq("c4"), sq("e4"), sq("d5")}
    assert len(bits(board.jump_targets(d4))) == 16
    assert set(bits(board.clone_targets(sq("b6")))) == {sq(n) for n in ["a5", "b5", "a6", "c6", "b7", "c7"]}
    assert bits(neighbours(sq("a1"))) == [sq("b1"), sq("a2"), sq("b2")]
    assert len(bits(jump_ring(sq("a1")))) == 5
    assert len(bits(jump_ring(sq("b2")))) == 7
    assert spread(1 << sq("d4")) == neighbours(sq("d4")) | (1 << sq("d4"))


def test_captures() -> None:
    # Red e4; Blue c5, d5, c4.
    board = Board("7/7/2oo3/2o1x2/7/7/7 x 0 1")
    assert board.captures(Move.null()) == 0
    assert set(bits(board.captures(Move.from_uai("d4")))) == {sq("c4"), sq("c5"), sq("d5")}
    assert set(bits(board.captures(Move.from_uai("e4c6")))) == {sq("c5"), sq("d5")}
    assert set(bits(board.captures(Move.from_uai("e4e6")))) == {sq("d5")}
    assert board.captures(Move.from_uai("f4")) == 0
    board.push_uai("e4c6")
    assert board.cell(sq("c5")) is Cell.RED and board.cell(sq("d5")) is Cell.RED
    assert board.cell(sq("c4")) is Cell.BLUE
    assert board.cell(sq("e4")) is Cell.EMPTY
    assert board.count(Side.RED) == 3 and board.count(Side.BLUE) == 1
    # from Blue's side
    board = Board("7/7/2oo3/2o1x2/7/7/7 o 0 1")
    assert set(bits(board.captures(Move.from_uai("e5")))) == {sq("e4")}
    assert board.captures(Move.from_uai("b4")) == 0


def test_count_and_can_move() -> None:
    board = Board()
    assert board.count(Side.RED) == 2 and board.count(Side.BLUE) == 2
    board.push_uai("b6")  # next to nothing blue
    assert board.count(Side.RED) == 3 and board.count(Side.BLUE) == 2
    board.push_uai("a1a3")
    assert board.count(Side.RED) == 3 and board.count(Side.BLUE) == 2
    board.push_uai("b6a4")  # the jump leaves b6 and infects a3
    assert board.count(Side.RED) == 4 and board.count(Side.BLUE) == 1
    assert board.can_move(Side.RED) and board.can_move(Side.BLUE)
    walled = Board("x1-4/2-4/--5/7/7/7/6o o 0 1")
    assert walled.can_move(Side.RED)  # a7 can still clone to b7, a6, b6
    stuck = Board("x--4/---4/---4/7/7/7/6o x 0 1")
    assert not stuck.can_move(Side.RED)
    assert stuck.can_move(Side.BLUE)
    assert stuck.legal_moves() == [Move.null()]


# --- push / pop ----------------------------------------------------------------


def test_push_and_pop_restore_everything() -> None:
    board = Board()
    board.push_uai("b6")
    assert board.fen() == "x5o/1x5/7/7/7/7/o5x o 0 1"
    board.push_uai("g7e5")
    assert board.fen() == "x6/1x5/4o2/7/7/7/o5x x 1 2"
    board.push_uai("a7c6")  # jumps next to nothing: clock goes up
    assert board.fen() == "7/1xx4/4o2/7/7/7/o5x o 2 2"
    board.push_uai("d5")  # blue clones next to c6: infects it, not b6
    assert board.fen() == "7/1xo4/3oo2/7/7/7/o5x x 0 3"
    assert [str(m) for m in board.move_stack] == ["b6", "g7e5", "a7c6", "d5"]
    assert str(board.peek()) == "d5"
    assert str(board.pop()) == "d5"
    assert board.fen() == "7/1xx4/4o2/7/7/7/o5x o 2 2"
    for _ in range(3):
        board.pop()
    assert board.fen() == STARTPOS
    assert board.hash == Board().hash
    assert board.peek() is None
    with pytest.raises(IndexError):
        board.pop()


ILLEGAL_CASES = [
    # (fen, move, words the message must contain)
    (STARTPOS, "g1", ["g1 is not empty"]),  # our own piece on the target
    (STARTPOS, "a1", ["a1 is not empty"]),  # an enemy piece on the target
    (STARTPOS, "a1a3", ["no red piece on a1"]),  # jump from an enemy square
    (STARTPOS, "g7e7", ["no red piece on g7"]),
    (STARTPOS, "c3c5", ["no red piece on c3"]),  # jump from an empty square
    (STARTPOS, "d4", ["no red piece next to d4"]),  # clone with no own piece adjacent
    (BLOCK_FENS[0], "c5", ["c5 is not empty"]),  # clone onto a block
    (BLOCK_FENS[0], "a7c5", ["c5 is not empty"]),  # jump onto a block
    (STARTPOS, "0000", ["may not pass"]),  # pass when moves exist
    ("7/7/7/7/7/7/7 x 0 1", "d4", ["game is over"]),
    ("x5o/7/7/7/7/7/o5x x 100 1", "b6", ["game is over"]),
    ("x5o/7/7/7/7/7/o5x x 100 1", "0000", ["game is over"]),
    ("x6/7/7/7/7/7/7 x 0 1", "b6", ["game is over"]),  # blue eliminated
    ("xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/oooooo- o 0 1", "0000", ["game is over"]),  # full
    ("x-----o/-------/-------/7/7/7/7 x 0 1", "a1", ["game is over"]),  # nobody can move
    (PASS_FEN, "a2", ["a2 is not empty"]),
    (PASS_FEN, "a1a3", ["a3 is not empty"]),
]


@pytest.mark.parametrize(("fen", "text", "words"), ILLEGAL_CASES)
def test_illegal_push_raises_and_changes_nothing(fen: str, text: str, words: list[str]) -> None:
    board = Board(fen)
    before = snapshot(board)
    legal_before = board.legal_moves()
    move = Move.from_uai(text)
    assert not board.is_legal(move)
    assert move not in legal_before
    with pytest.raises(IllegalMoveError) as info:
        board.push(move)
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert f"illegal move {text}" in message
    for word in words:
        assert word in message, (word, message)
    assert snapshot(board) == before
    assert board.legal_moves() == legal_before
    with pytest.raises(IllegalMoveError):
        board.push_uai(text)
    assert snapshot(board) == before


def test_illegal_push_with_history_changes_nothing() -> None:
    board = Board()
    for text in ["b6", "f6", "a7c5", "g7e5"]:
        board.push_uai(text)
    before = snapshot(board)
    for text in ["b6", "c5", "f6", "a1a3", "d1", "0000", "c3c1"]:
        with pytest.raises(IllegalMoveError):
            board.push_uai(text)
        assert snapshot(board) == before
    board.push_uai("d4")  # still playable afterwards
    assert board.fen() == "7/1x3o1/2x1x2/3x3/7/7/o5x o 0 3"


def test_push_rejects_non_moves() -> None:
    board = Board()
    before = snapshot(board)
    for value in ["b6", (41, 41), None, 41]:
        with pytest.raises(IllegalMoveError):
            board.push(value)  # type: ignore[arg-type]
        assert snapshot(board) == before


def test_legal_control_case() -> None:
    board = Board()
    assert board.is_legal(Move.from_uai("a7a5"))
    board.push_uai("a7a5")
    assert board.fen() == "6o/7/x6/7/7/7/o5x o 1 1"


def test_random_games_push_pop_and_incremental_hash() -> None:
    rng = random.Random(20240601)
    fens = [STARTPOS, *BLOCK_FENS, "7/7/7/2x1o2/7/7/7 x 0 1", PASS_FEN]
    plies = 0
    for game in range(300):
        start = fens[game % len(fens)]
        board = Board(start)
        start_snapshot = snapshot(board)
        history: list[tuple[str, int]] = []
        for _ in range(rng.randrange(5, 120)):
            moves = board.legal_moves()
            if not moves:
                break
            history.append((board.fen(), board.hash))
            board.push(rng.choice(moves))
            plies += 1
            assert board.hash == Board(board.fen()).hash, board.fen()
        while history:
            fen, key = history.pop()
            board.pop()
            assert (board.fen(), board.hash) == (fen, key)
        assert snapshot(board) == start_snapshot
        assert board.fen() == start
    assert plies > 10_000


def test_hash_depends_on_side_to_move_and_pieces() -> None:
    assert Board("x5o/7/7/7/7/7/o5x x 0 1").hash != Board("x5o/7/7/7/7/7/o5x o 0 1").hash
    assert Board("x5o/7/7/7/7/7/o5x x 0 1").hash != Board("o5x/7/7/7/7/7/x5o x 0 1").hash
    # clocks are not part of the position
    assert Board("x5o/7/7/7/7/7/o5x x 0 1").hash == Board("x5o/7/7/7/7/7/o5x x 7 30").hash


def test_transpositions_hash_equal() -> None:
    first = Board()
    for text in ["b6", "f6", "f2", "b2"]:
        first.push_uai(text)
    second = Board()
    for text in ["f2", "b2", "b6", "f6"]:
        second.push_uai(text)
    assert first.move_stack != second.move_stack
    assert first.fen() == second.fen()
    assert first.hash == second.hash == Board(first.fen()).hash
    # and a different position hashes differently
    third = Board()
    for text in ["b6", "f6", "g2", "b2"]:
        third.push_uai(text)
    assert third.hash != first.hash


def test_transposition_with_jumps() -> None:
    first = Board()
    for text in ["a7c7", "g7e7", "g1e1", "a1c1"]:
        first.push_uai(text)
    second = Board()
    for text in ["g1e1", "a1c1", "a7c7", "g7e7"]:
        second.push_uai(text)
    assert first.fen() == second.fen() == "2x1o2/7/7/7/7/7/2o1x2 x 4 3"
    assert first.hash == second.hash


def test_copy_is_independent() -> None:
    board = Board()
    board.push_uai("b6")
    copy = board.copy()
    assert copy == board and copy.fen() == board.fen() and copy.hash == board.hash
    assert copy.move_stack == board.move_stack
    copy.push_uai("f6")
    assert board.fen() == "x5o/1x5/7/7/7/7/o5x o 0 1"
    assert len(board.move_stack) == 1 and len(copy.move_stack) == 2
    board.push_uai("a1a3")
    assert copy.fen() == "x5o/1x3o1/7/7/7/7/o5x x 0 2"
    copy.pop()
    copy.pop()
    assert copy.fen() == STARTPOS
    assert board.fen() == "x5o/1x5/7/7/o6/7/6x x 1 2"
    fresh = board.copy(stack=False)
    assert fresh.move_stack == []
    assert fresh.root_fen() == board.fen()
    with pytest.raises(IndexError):
        fresh.pop()
    assert board.root_fen() == STARTPOS


def test_equality_ignores_history_but_not_clocks() -> None:
    board = Board()
    board.push_uai("b6")
    assert board == Board("x5o/1x5/7/7/7/7/o5x o 0 1")
    assert board != Board("x5o/1x5/7/7/7/7/o5x o 1 1")
    assert board != Board("x5o/1x5/7/7/7/7/o5x x 0 1")
    assert board != "x5o/1x5/7/7/7/7/o5x o 0 1"


def test_str_shows_the_board() -> None:
    text = str(Board("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"))
    lines = text.splitlines()
    assert lines[0] == "7 x . . . . . o"
    assert lines[2] == "5 . . - . - . ."
    assert lines[-1] == "  a b c d e f g"
    assert repr(Board()) == f"Board({STARTPOS!r})"


@pytest.mark.parametrize(
    ("squares", "words"),
    [
        ((49, 49), "from 0 (a1) to 48 (g7)"),
        ((-1, 5), "from 0 (a1) to 48 (g7)"),
        (("a", "b"), "not str"),
        ((1.0, 1.0), "not float"),
        ((True, True), "not bool"),
        ((24, 25), "is no move"),  # one apart: a clone is written Move(to, to)
        ((0, 48), "is no move"),
    ],
)
def test_a_hand_built_move_is_checked(squares: tuple[object, object], words: str) -> None:
    """Issue 19, item 12: ``Move(49, 49)`` reached ``push`` and raised IndexError there."""
    with pytest.raises(InvalidMoveError, match=re.escape(words)):
        Move(*squares)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Board().push(Move(*squares))  # type: ignore[arg-type]


def test_hand_built_moves_are_the_engines_own() -> None:
    import pickle

    assert Move(8, 8) is Move.clone(8) and Move(0, 2) is Move.jump(0, 2) and Move(-1, -1) is Move.null()
    assert pickle.loads(pickle.dumps(Move(0, 16))) == Move.from_uai("a1c3")
    assert {Move(8, 8): 1}[Move.from_uai("b2")] == 1
    with pytest.raises(InvalidMoveError):
        Move(8, 8)._replace(to_square=9)
