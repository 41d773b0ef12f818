"""The rules exist once: the search's move generation, the bit primitives and the board agree.

Thousands of seeded random positions (random games from the shipped levels and
from random block layouts, and scattered boards that are often stuck or
nearly full) are checked three ways: against ``Board``, against the bit-level
primitives of ``game.engine.ataxx.bits``, and against a slow reference written
here square by square from design.md's rules, which shares no code with them.
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.ai import compiled
from game.ai.ataxx import kernel
from game.engine.ataxx import STARTPOS, Board, Move
from game.engine.ataxx.bits import (
    can_move,
    clone_targets,
    count_moves,
    fill_region,
    jump_moves,
    material_over,
    may_end,
    raw_is_legal,
)
from game.engine.ataxx.rules import RULES

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

LEVELS = Path(__file__).resolve().parent.parent / "levels" / "ataxx"

# --- the reference, square by square ----------------------------------------------------------


def _distance(a: int, b: int) -> int:
    return max(abs(a % 7 - b % 7), abs(a // 7 - b // 7))


AROUND = {d: [[t for t in range(49) if _distance(s, t) == d] for s in range(49)] for d in (1, 2)}


def squares(bitboard: int) -> list[int]:
    return [sq for sq in range(49) if bitboard >> sq & 1]


def reference_moves(us: int, empty: int) -> set[tuple[int, int]]:
    """Every clone ``(to, to)`` (once per target) and jump ``(from, to)`` of ``us``."""
    moves = set()
    for frm in squares(us):
        for to in AROUND[1][frm]:
            if empty >> to & 1:
                moves.add((to, to))
        for to in AROUND[2][frm]:
            if empty >> to & 1:
                moves.add((frm, to))
    return moves


def reference_fill(pieces: int, empty: int) -> int:
    """The empty squares joined to ``pieces`` through empty squares (a flood fill)."""
    seen = 0
    frontier = [to for sq in squares(pieces) for to in AROUND[1][sq] if empty >> to & 1]
    while frontier:
        sq = frontier.pop()
        if seen >> sq & 1:
            continue
        seen |= 1 << sq
        frontier += [to for to in AROUND[1][sq] if empty >> to & 1 and not seen >> to & 1]
    return seen


def sides(board: Board) -> tuple[int, int, int]:
    us, them = board.pieces[board.turn], board.pieces[1 - board.turn]
    return us, them, (1 << 49) - 1 ^ (us | them | board.blocks)


def reference_legal(board: Board) -> set[tuple[int, int]] | None:
    """The legal moves by design.md (``None`` for the pass alone, ``set()`` when the game is over)."""
    us, them, empty = sides(board)
    if not us or not them or not empty or board.halfmove_clock >= 100:
        return set()
    moves = reference_moves(us, empty)
    if moves:
        return moves
    return None if reference_moves(them, empty) else set()


def as_pairs(moves: list[Move]) -> list[tuple[int, int]]:
    return [(move.from_square, move.to_square) for move in moves]


# --- the positions ---------------------------------------------------------------------------------


def openings(rng: random.Random) -> list[str]:
    """The shipped levels, the start, and random block layouts, each side to move first."""
    fens = [STARTPOS] + [
        tomllib.loads(path.read_text("utf-8"))["fen"] for path in sorted(LEVELS.glob("*.toml"))
    ]
    for _ in range(12):
        cells = ["."] * 49
        for sq in rng.sample(range(49), rng.randint(1, 16)):
            cells[sq] = "-"
        for sq, side in ((0, "o"), (6, "x"), (42, "x"), (48, "o")):
            cells[sq] = side
        fens.append(fen_of(cells, "x"))
    return fens + [RULES.with_first_seat(fen, 1) for fen in fens]


def fen_of(cells: list[str], turn: str, clock: int = 0) -> str:
    ranks = []
    for rank in range(6, -1, -1):
        text, run = "", 0
        for cell in cells[rank * 7 : rank * 7 + 7]:
            if cell == ".":
                run += 1
                continue
            text += (str(run) if run else "") + cell
            run = 0
        ranks.append(text + (str(run) if run else ""))
    return f"{'/'.join(ranks)} {turn} {clock} 1"


def game_positions(seed: int) -> Iterator[Board]:
    """Every position of random games from every opening (copies, history kept)."""
    rng = random.Random(seed)
    for fen in openings(rng):
        board = Board(fen)
        yield board.copy()
        while len(board.move_stack) < 120:
            moves = board.legal_moves()
            if not moves:
                break
            # Mostly clones, as real games: jumps only now and then keep it going long.
            clones = [move for move in moves if move.is_clone]
            board.push(rng.choice(clones if clones and rng.random() < 0.7 else moves))
            yield board.copy()


def scattered_positions(seed: int, count: int) -> Iterator[Board]:
    """Random boards, from nearly empty to nearly full, often stuck; clocks now and then at the limit."""
    rng = random.Random(seed)
    for _ in range(count):
        weights = [rng.random() for _ in range(4)]
        weights[3] *= 0.4  # fewer blocks than pieces
        cells = rng.choices([".", "x", "o", "-"], weights=weights, k=49)
        clock = rng.choice([0, 0, 0, 7, 99, 100])
        yield Board(fen_of(cells, rng.choice("xo"), clock))


def stuck_positions(seed: int, count: int) -> Iterator[Board]:
    """Random boards where the side to move is walled in (by the opponent and blocks): it must pass.

    Half of them have a wall of blocks across the board with only empty squares
    and blocks beyond, which the opponent's clones may not reach: the early
    finish applies only when they can reach every empty square.
    """
    rng = random.Random(seed)
    for _ in range(count):
        cells = rng.choices([".", "o", "-"], weights=[6, 2, rng.random() * 2], k=49)
        wall = rng.randint(2, 5) if rng.random() < 0.5 else 7
        for sq in range(7 * wall, 49):
            cells[sq] = "-" if sq // 7 == wall or rng.random() < 0.2 else "."
        for sq in rng.sample(range(7 * min(wall, 7)), rng.randint(1, 5)):
            cells[sq] = "x"
        for sq in range(49):
            if cells[sq] == "x":
                for near in AROUND[1][sq] + AROUND[2][sq]:
                    if cells[near] == ".":
                        cells[near] = "o" if rng.random() < 0.8 else "-"
        turn = rng.choice("xo")
        if turn == "o":  # the same, colours swapped
            cells = [{"x": "o", "o": "x"}.get(cell, cell) for cell in cells]
        yield Board(fen_of(cells, turn))


def all_positions() -> list[Board]:
    return [
        *game_positions(1),
        *game_positions(4),
        *scattered_positions(2, 2500),
        *stuck_positions(5, 500),
    ]


@pytest.fixture(scope="module")
def positions() -> list[Board]:
    boards = all_positions()
    assert len(boards) > 5000
    return boards


# --- the checks ---------------------------------------------------------------------------------


def test_the_positions_cover_the_cases(positions: list[Board]) -> None:
    kinds = {"moves": 0, "pass": 0, "over": 0, "early finish": 0, "pass, no early finish": 0, "blocks": 0}
    for board in positions:
        legal = reference_legal(board)
        kinds["moves" if legal else "pass" if legal is None else "over"] += 1
        early = bool(RULES.early_finish_squares(board))
        kinds["early finish"] += early
        kinds["pass, no early finish"] += legal is None and not early
        kinds["blocks"] += bool(board.blocks)
    assert min(kinds.values()) >= 50, kinds


@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "python"])
def test_the_search_generates_the_boards_moves(positions: list[Board], pure: bool) -> None:
    generator = compiled.load_pure(kernel.__name__) if pure else kernel
    tables = generator.new_tables(1024, as_arrays=not pure and compiled.numba_problem() is None)
    moves, keys, history = tables["moves"], tables["keys"], tables["history"]
    for board in positions:
        us, them, empty = sides(board)
        count = generator.generate(us, them, empty, 0, moves, keys, history, 1)
        items = [(int(moves[index]), int(keys[index])) for index in range(count)]
        pairs = [(move >> 6, move & 63) for move, _ in items]
        assert len(set(pairs)) == len(pairs), board.fen()
        # The search's moves are the reference's, whatever the state of the game...
        assert set(pairs) == reference_moves(us, empty), board.fen()
        # ...and the board's legal moves while it goes on, the pass aside.
        legal = board.legal_moves()
        if not material_over(us, them, empty) and board.halfmove_clock < 100:
            assert sorted(pairs) == sorted(as_pairs([move for move in legal if not move.is_pass])), (
                board.fen()
            )
        # The order key starts with the pieces infected.
        for (_, key), (_, to) in zip(items, pairs, strict=True):
            assert key >> 40 == sum(them >> sq & 1 for sq in AROUND[1][to])


def test_the_board_follows_the_rules(positions: list[Board]) -> None:
    for board in positions:
        legal = board.legal_moves()
        expected = reference_legal(board)
        if expected is None:
            assert legal == [Move.null()], board.fen()
        else:
            assert len(set(legal)) == len(legal)
            assert set(as_pairs(legal)) == expected, board.fen()
            assert all(board.is_legal(move) for move in legal)
            assert not board.is_legal(Move.null())


def test_the_bit_primitives_agree_with_the_board(positions: list[Board]) -> None:
    rng = random.Random(3)
    for board in positions:
        us, them, empty = sides(board)
        for pieces in (us, them):
            assert can_move(pieces, empty) == bool(reference_moves(pieces, empty)), board.fen()
        assert count_moves(us, empty) == len(reference_moves(us, empty)), board.fen()
        assert material_over(us, them, empty) == (not us or not them or not empty)
        jumps = list(jump_moves(us, empty))
        assert jumps == sorted(jumps), "origins and targets lowest first"
        if material_over(us, them, empty) or board.halfmove_clock >= 100:
            continue
        legal = board.legal_moves()
        moves = [move for move in legal if not move.is_pass]
        assert count_moves(us, empty) == len(moves)
        assert clone_targets(us, empty) == sum(1 << move.to_square for move in moves if move.is_clone)
        assert jumps == [(move.from_square, move.to_square) for move in moves if move.is_jump]
        assert board.can_move(board.turn) == bool(moves)
        # raw_is_legal: every legal move, and random pairs as the reference says.
        assert all(raw_is_legal(us, empty, frm, to) for frm, to in as_pairs(moves))
        reference = reference_moves(us, empty)
        for _ in range(8):
            frm, to = rng.randrange(49), rng.randrange(49)
            assert raw_is_legal(us, empty, frm, to) == ((frm, to) in reference), (board.fen(), frm, to)
        # may_end: after the move, the opponent is gone, the board full, or the opponent stuck.
        for move in rng.sample(moves, min(3, len(moves))):
            after = board.copy()
            after.push(move)
            opponent, _, empty_after = sides(after)  # the opponent is to move now
            ends = not opponent or not empty_after or not reference_moves(opponent, empty_after)
            assert may_end(them, empty, move.from_square, move.to_square) == ends, (board.fen(), str(move))


def test_fill_region_and_the_early_finish(positions: list[Board]) -> None:
    for board in positions:
        us, them, empty = sides(board)
        for pieces in (us, them):
            assert fill_region(pieces, empty) == reference_fill(pieces, empty), board.fen()
        applies = (
            reference_legal(board) is None  # the side to move must pass: the game goes on
            and reference_fill(them, empty) == empty
        )
        assert RULES.early_finish_squares(board) == (empty if applies else 0), board.fen()
        adjudication = RULES.adjudicate(board, {"early_finish": True})
        if applies:
            assert adjudication is not None and adjudication.detail == empty
            scores = [board.pieces[0].bit_count(), board.pieces[1].bit_count()]
            scores[1 - board.turn] += empty.bit_count()
            assert adjudication.outcome.scores == tuple(scores)
        else:
            assert adjudication is None
        assert RULES.adjudicate(board, {"early_finish": False}) is None
