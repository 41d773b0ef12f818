"""Numeric-keypad play (seed 002): cells typed as ``ij``, moves as keypad codes.

A cell is typed as two digits, row then column, both 1 to 7, with row 1 at the
top of the board (rank 7) and column 1 on the left (file a): ``11`` is a7 and
``77`` is g1. A move from the selected piece (key 5 in the middle of the pad)
is typed as the keys pointing towards its target:

====  ====  ====  ====  ====
 57   587    58   589    59
547    7      8    9    569
 54    4     (5)   6     56
541    1      2    3    563
 51   521    52   523    53
====  ====  ====  ====  ====

The eight single digits clone; ``5`` followed by a direction jumps two squares
that way, and ``5`` plus two digits reaches the squares between those lines.

>>> square_name(parse_cell("11")), square_name(parse_cell("77"))
('a7', 'g1')
>>> code_for_offset(-2, 1)
'589'
"""

from __future__ import annotations

from game.engine.ataxx import InvalidMoveError, Move, square_name
from game.filedata import ascii_int

__all__ = ["CODE_GRID", "cell_code", "code_for_move", "code_for_offset", "move_for_code", "parse_cell"]

# Rows from the top of the pad (up the board) to the bottom; columns left to right.
CODE_GRID: tuple[tuple[str, ...], ...] = (
    ("57", "587", "58", "589", "59"),
    ("547", "7", "8", "9", "569"),
    ("54", "4", "", "6", "56"),
    ("541", "1", "2", "3", "563"),
    ("51", "521", "52", "523", "53"),
)

# code -> (rows down the screen, columns right)
_OFFSETS: dict[str, tuple[int, int]] = {
    code: (row - 2, column - 2)
    for row, codes in enumerate(CODE_GRID)
    for column, code in enumerate(codes)
    if code
}


def parse_cell(text: str) -> int:
    """The square typed as ``ij`` (row from the top, column from the left, 1-7).

    Raises ``InvalidMoveError`` (a ``ValueError``) naming the problem.
    """
    text = text.strip()
    if len(text) != 2 or ascii_int(text) is None:
        raise InvalidMoveError(f"{text!r} is not a cell: type the row then the column, two digits 1-7")
    row, column = int(text[0]), int(text[1])
    if not (1 <= row <= 7 and 1 <= column <= 7):
        raise InvalidMoveError(f"{text!r} is off the board: rows and columns go from 1 to 7")
    return (7 - row) * 7 + (column - 1)


def cell_code(square: int) -> str:
    """The ``ij`` code of a square (the inverse of ``parse_cell``)."""
    return f"{7 - square // 7}{square % 7 + 1}"


def code_for_offset(rows_down: int, columns_right: int) -> str:
    """The keypad code of a target ``rows_down`` rows below and ``columns_right`` columns right."""
    if max(abs(rows_down), abs(columns_right)) not in (1, 2):
        raise InvalidMoveError(f"offset ({rows_down}, {columns_right}) is not one or two squares away")
    return CODE_GRID[rows_down + 2][columns_right + 2]


def code_for_move(move: Move, source: int | None = None) -> str:
    """The keypad code of a clone or jump seen from its source; a clone needs ``source``, the piece that
    clones (a jump's source is in the move)."""
    frm, to = move
    if move.is_clone:
        if source is None:
            raise InvalidMoveError(f"the code of the clone {move} needs the square of the piece that clones")
        frm = source
    elif move.is_pass:
        raise InvalidMoveError("the pass has no move code")
    rows_down = (frm // 7) - (to // 7)
    return code_for_offset(rows_down, to % 7 - frm % 7)


def move_for_code(source: int, code: str) -> Move:
    """The move of the piece on ``source`` that keypad ``code`` names.

    Raises ``InvalidMoveError`` for an unknown code or a target off the board;
    legality in the position is the caller's check (``Board.is_legal``).
    """
    code = code.strip()
    if code not in _OFFSETS:
        raise InvalidMoveError(f"{code!r} is not a move code: use 1-9 around 5, or 5 then the direction")
    rows_down, columns_right = _OFFSETS[code]
    row, column = source // 7 - rows_down, source % 7 + columns_right
    if not (0 <= row < 7 and 0 <= column < 7):
        raise InvalidMoveError(f"{code!r} from {square_name(source)} leaves the board")
    target = row * 7 + column
    if max(abs(rows_down), abs(columns_right)) == 1:
        return Move.clone(target)
    return Move.jump(source, target)
