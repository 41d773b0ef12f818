"""Ataxx's squares and moves: the square names (``a1`` .. ``g7``), and ``Move``, a clone, a jump or the pass,
with its UAI notation.

Squares are numbered rank-major from a1 = 0 to g7 = 48: the square of file
``f`` (0 = a) and rank ``r`` (0 = rank 1) is ``r * 7 + f``. Every move is made
once, at import, and shared.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple, Self

from game.engine.ataxx.bits import JUMP_RING, NEIGHBOURS, SQUARES
from game.engine.core import require_text

__all__ = [
    "CLONE_TO",
    "MOVE_TABLE",
    "NULL_MOVE",
    "AtaxxError",
    "InvalidMoveError",
    "Move",
    "jump_ring",
    "neighbours",
    "parse_square",
    "square",
    "square_file",
    "square_name",
    "square_rank",
]

FILE_NAMES = "abcdefg"
RANK_NAMES = "1234567"


class AtaxxError(ValueError):
    """Base class of the errors raised for bad Ataxx input."""


class InvalidMoveError(AtaxxError):
    """Move text that is not valid UAI notation."""


# --- squares -----------------------------------------------------------------


def square(file_index: int, rank_index: int) -> int:
    """The square of a file (0 = a) and a rank (0 = rank 1); both must be in 0..6."""
    return rank_index * 7 + file_index


def square_file(sq: int) -> int:
    """The file of a square, 0 (a) to 6 (g)."""
    return sq % 7


def square_rank(sq: int) -> int:
    """The rank of a square, 0 (rank 1) to 6 (rank 7)."""
    return sq // 7


def square_name(sq: int) -> str:
    """The name of a square, e.g. ``square_name(0) == 'a1'``; ``sq`` must be in 0..48."""
    return FILE_NAMES[sq % 7] + RANK_NAMES[sq // 7]


def parse_square(name: str) -> int:
    """The square named ``name`` (``a1`` .. ``g7``); raises ``InvalidMoveError`` otherwise."""
    if len(name) != 2 or name[0] not in FILE_NAMES or name[1] not in RANK_NAMES:
        raise InvalidMoveError(f"{name!r} is not a square: expected a file a-g and a rank 1-7")
    return FILE_NAMES.index(name[0]) + 7 * RANK_NAMES.index(name[1])


def neighbours(sq: int) -> int:
    """The bitboard of the up to 8 squares at distance 1 from ``sq``."""
    return NEIGHBOURS[sq]


def jump_ring(sq: int) -> int:
    """The bitboard of the up to 16 squares at distance 2 from ``sq``."""
    return JUMP_RING[sq]


# --- moves -------------------------------------------------------------------


class _Squares(NamedTuple):
    from_square: int
    to_square: int


class Move(_Squares):
    """A move: a clone (``from_square == to_square``), a jump, or the pass.

    Moves are plain values: equal when their squares are equal, hashable, and
    written in UAI notation by ``str``: ``g2`` (clone to g2), ``a1a3`` (jump
    from a1 to a3), ``0000`` (pass). ``Move(from_square, to_square)`` checks
    its squares (``InvalidMoveError`` for a pair that is no move); the engine
    takes its moves from a table made once, without the check.

    >>> Move.from_uai("a1a3")
    Move.from_uai('a1a3')
    >>> str(Move.clone(0)), str(Move.null())
    ('a1', '0000')
    >>> Move(49, 49)
    Traceback (most recent call last):
    ...
    game.engine.ataxx.notation.InvalidMoveError: Move(49, 49): squares go from 0 (a1) to 48 (g7), or both -1 for the pass
    """

    __slots__ = ()

    def __new__(cls, from_square: int, to_square: int) -> Move:
        for square in (from_square, to_square):
            if not isinstance(square, int) or isinstance(square, bool):
                raise InvalidMoveError(
                    f"Move({from_square!r}, {to_square!r}): squares are numbers from 0 to 48, "
                    f"not {type(square).__name__} (Move.from_uai reads 'a1a3')"
                )
        if from_square == to_square == -1:
            return NULL_MOVE
        if not (0 <= from_square < 49 and 0 <= to_square < 49):
            raise InvalidMoveError(
                f"Move({from_square!r}, {to_square!r}): squares go from 0 (a1) to 48 (g7), "
                "or both -1 for the pass"
            )
        move = MOVE_TABLE.get(from_square * 49 + to_square)
        if move is None:
            raise InvalidMoveError(
                f"Move({from_square!r}, {to_square!r}): {square_name(from_square)} to "
                f"{square_name(to_square)} is no move: a clone is Move(to, to), a jump goes exactly two squares"
            )
        return move

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> Self:  # type: ignore[override]  # _replace too: checked
        return cls(*iterable)

    @classmethod
    def clone(cls, to_square: int) -> Move:
        """A clone onto ``to_square``."""
        return MOVE_TABLE[to_square * 49 + to_square]

    @classmethod
    def jump(cls, from_square: int, to_square: int) -> Move:
        """A jump; the squares must be two apart (raises ``InvalidMoveError`` otherwise)."""
        if not (0 <= from_square < 49 and 0 <= to_square < 49) or not (
            JUMP_RING[from_square] >> to_square & 1
        ):
            raise InvalidMoveError(f"squares {from_square} and {to_square} are not a jump apart")
        return MOVE_TABLE[from_square * 49 + to_square]

    @classmethod
    def null(cls) -> Move:
        """The pass move, ``0000``."""
        return NULL_MOVE

    @classmethod
    def from_uai(cls, text: str) -> Move:
        """Parse UAI notation: ``g2`` (clone), ``a1a3`` (jump), ``0000`` (pass).

        Raises ``InvalidMoveError`` (a ``ValueError``) saying what is wrong.

        >>> Move.from_uai("g1f2")
        Traceback (most recent call last):
        ...
        game.engine.ataxx.notation.InvalidMoveError: 'g1f2' names squares one apart: a clone is written ...
        """
        text = require_text(text, "a move", InvalidMoveError)
        if text == "0000":
            return NULL_MOVE
        if not text:
            raise InvalidMoveError("empty move text: expected a square (g2), two squares (a1a3) or 0000")
        if len(text) == 2:
            to_square = parse_square(text)
            return MOVE_TABLE[to_square * 49 + to_square]
        if len(text) == 4:
            from_square = parse_square(text[:2])
            to_square = parse_square(text[2:])
            if from_square == to_square:
                raise InvalidMoveError(f"{text!r} moves a piece onto its own square")
            if NEIGHBOURS[from_square] >> to_square & 1:
                raise InvalidMoveError(
                    f"{text!r} names squares one apart: a clone is written as its "
                    f"destination alone ({text[2:]!r})"
                )
            if not JUMP_RING[from_square] >> to_square & 1:
                raise InvalidMoveError(f"{text!r} is not a move: a jump goes exactly two squares")
            return MOVE_TABLE[from_square * 49 + to_square]
        raise InvalidMoveError(f"{text!r} is not a move: expected a square (g2), two squares (a1a3) or 0000")

    @property
    def is_pass(self) -> bool:
        """Whether this is the pass move ``0000``."""
        return self.to_square < 0

    @property
    def is_clone(self) -> bool:
        """Whether this move clones (adds a piece next to an existing one)."""
        return self.from_square == self.to_square >= 0

    @property
    def is_jump(self) -> bool:
        """Whether this move jumps (moves a piece two squares)."""
        return self.from_square != self.to_square

    def uai(self) -> str:
        """The move in UAI notation."""
        if self.to_square < 0:
            return "0000"
        if self.from_square == self.to_square:
            return square_name(self.to_square)
        return square_name(self.from_square) + square_name(self.to_square)

    def __str__(self) -> str:
        return self.uai()

    def __repr__(self) -> str:
        return f"Move.from_uai({self.uai()!r})"


NULL_MOVE = tuple.__new__(Move, (-1, -1))
# Every clone and jump made once, at ``from_square * 49 + to_square``: moves are shared, never rebuilt.
# A dict, not a 49 x 49 table with holes, so that a pair of squares that is no move is a KeyError.
MOVE_TABLE: dict[int, Move] = {
    frm * 49 + to: tuple.__new__(Move, (frm, to))
    for frm in SQUARES
    for to in SQUARES
    if frm == to or (JUMP_RING[frm] >> to & 1)
}
# For each square, the clone that lands on it.
CLONE_TO: tuple[Move, ...] = tuple(MOVE_TABLE[sq * 49 + sq] for sq in SQUARES)
