"""Ataxx level checks (design.md, "Levels"): what makes a position unplayable or unusual.

Refused: a side without pieces, no empty square, a position already over.
Warned: more than 24 blocks, a block in a corner, empty squares no piece can
ever reach, blocks not symmetric about the centre (seed 001's guidelines).
Each finding carries the squares it concerns as a bitboard, for the editor to
mark on the board.

>>> [problem.code for problem in validate_position(Board("x5o/7/7/7/7/7/o5x x 0 1"))]
[]
>>> [problem.code for problem in validate_position(Board("-5o/7/7/7/7/7/o5x x 0 1"))]
['corner-block', 'asymmetric']
"""

from __future__ import annotations

from game.engine.ataxx.bits import FULL, bits, spread
from game.engine.ataxx.board import Board, Side
from game.engine.ataxx.notation import square_name
from game.engine.rules import LevelProblem, Severity

__all__ = ["CORNERS", "MAX_RECOMMENDED_BLOCKS", "validate_position"]

MAX_RECOMMENDED_BLOCKS = 24
CORNERS = (0, 6, 42, 48)


def _rotate_half_turn(bb: int) -> int:
    """The bitboard turned 180 degrees about the centre square d4."""
    return sum(1 << (48 - sq) for sq in bits(bb))


def validate_position(board: Board) -> list[LevelProblem]:
    """The reasons ``board`` cannot be a level (REFUSED) or is unusual (WARNING); [] if fine.

    Refused: a side without pieces, no empty square, a position already over.
    Warned: more than 24 blocks, a block in a corner, empty squares no piece
    can ever reach, blocks not symmetric about the centre.
    """
    problems: list[LevelProblem] = []
    red, blue = board.pieces
    empty = board.empty
    for side, pieces in ((Side.RED, red), (Side.BLUE, blue)):
        if not pieces:
            problems.append(
                LevelProblem(
                    Severity.REFUSED, f"no-{side.name.lower()}", f"{side.name.title()} has no pieces"
                )
            )
    if not empty:
        problems.append(LevelProblem(Severity.REFUSED, "no-empty", "there is no empty square to play on"))
    if red and blue and empty and board.outcome(repetition=False) is not None:
        problems.append(
            LevelProblem(
                Severity.REFUSED,
                "over",
                "the game is already over: neither side can move",
                red | blue,
            )
        )
    block_count = board.blocks.bit_count()
    if block_count > MAX_RECOMMENDED_BLOCKS:
        problems.append(
            LevelProblem(
                Severity.WARNING,
                "many-blocks",
                f"{block_count} blocks: more than {MAX_RECOMMENDED_BLOCKS} leaves little room to play",
                board.blocks,
            )
        )
    corner_blocks = board.blocks & sum(1 << sq for sq in CORNERS)
    if corner_blocks:
        names = ", ".join(square_name(sq) for sq in bits(corner_blocks))
        problems.append(
            LevelProblem(Severity.WARNING, "corner-block", f"block in a corner: {names}", corner_blocks)
        )
    reach = red | blue
    while True:
        grown = reach | (spread(spread(reach)) & empty)
        if grown == reach:
            break
        reach = grown
    unreachable = empty & ~reach & FULL
    if unreachable and red | blue:
        names = ", ".join(square_name(sq) for sq in bits(unreachable))
        problems.append(
            LevelProblem(Severity.WARNING, "unreachable", f"no piece can ever reach {names}", unreachable)
        )
    mirrored = _rotate_half_turn(board.blocks)
    if mirrored != board.blocks:
        problems.append(
            LevelProblem(
                Severity.WARNING,
                "asymmetric",
                "the blocks are not symmetric about the centre",
                board.blocks ^ mirrored,
            )
        )
    return problems
