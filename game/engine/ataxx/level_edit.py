"""The level editor's document: 49 cells, the side to move, symmetric painting, undo and redo.

Pure logic (no pygame), so the editor scene only turns clicks into calls::

    >>> draft = LevelDraft()
    >>> draft.begin_stroke()
    >>> draft.paint(parse_square("b2"), Cell.BLOCK, Symmetry.POINT)
    True
    >>> draft.end_stroke()
    True
    >>> draft.fen()
    'x5o/5-1/7/7/7/1-5/o5x x 0 1'
    >>> draft.undo()
    True
    >>> draft.fen()
    'x5o/7/7/7/7/7/o5x x 0 1'

A stroke (press, drag, release) is one undo step however many squares it paints.
"""

from __future__ import annotations

import enum

from game.engine.ataxx import STARTPOS, Board, Cell, Side, parse_square  # noqa: F401 (doctest)
from game.engine.ataxx.levels import validate_position
from game.engine.edit_history import MAX_UNDO, Undoable
from game.engine.rules import LevelProblem

__all__ = ["MAX_UNDO", "LevelDraft", "Snapshot", "Symmetry", "mirror_squares"]

Snapshot = tuple[tuple[Cell, ...], Side]


class Symmetry(enum.Enum):
    """How a painted square is mirrored while painting."""

    NONE = "none"
    LEFT_RIGHT = "left-right"
    """Mirrored across the d file."""
    TOP_BOTTOM = "top-bottom"
    """Mirrored across the 4th rank."""
    BOTH = "both"
    """Both mirrors: four squares at once."""
    POINT = "point"
    """Turned half a turn about d4, as the standard levels' blocks are."""


def mirror_squares(sq: int, symmetry: Symmetry) -> list[int]:
    """``sq`` and its images under ``symmetry``, without repeats, ``sq`` first."""
    file, rank = sq % 7, sq // 7
    images = [sq]
    if symmetry in (Symmetry.LEFT_RIGHT, Symmetry.BOTH):
        images.append(rank * 7 + (6 - file))
    if symmetry in (Symmetry.TOP_BOTTOM, Symmetry.BOTH):
        images.append((6 - rank) * 7 + file)
    if symmetry in (Symmetry.BOTH, Symmetry.POINT):
        images.append(48 - sq)
    return list(dict.fromkeys(images))


def _cells_of(board: Board) -> tuple[Cell, ...]:
    return tuple(board.cell(sq) for sq in range(49))


class LevelDraft(Undoable[Snapshot]):
    """A position being edited, with its undo and redo history."""

    def __init__(self, fen: str = STARTPOS) -> None:
        super().__init__()
        board = Board(fen)
        self.cells: list[Cell] = list(_cells_of(board))
        self.turn: Side = board.turn
        self._stroke: Snapshot | None = None

    # -- reading --

    def snapshot(self) -> Snapshot:
        """The cells and the side to move, as an immutable value."""
        return tuple(self.cells), self.turn

    def fen(self) -> str:
        """The draft as a FEN (clocks at zero, move 1)."""
        ranks = []
        for rank in range(6, -1, -1):
            text, run = "", 0
            for file in range(7):
                cell = self.cells[rank * 7 + file]
                if cell is Cell.EMPTY:
                    run += 1
                    continue
                if run:
                    text, run = text + str(run), 0
                text += cell.value
            ranks.append(text + (str(run) if run else ""))
        return f"{'/'.join(ranks)} {self.turn.symbol} 0 1"

    def board(self) -> Board:
        """A fresh board of the draft."""
        return Board(self.fen())

    def count(self, cell: Cell) -> int:
        """How many squares hold ``cell``."""
        return self.cells.count(cell)

    def squares(self, cell: Cell) -> int:
        """The squares holding ``cell``, as a bitboard."""
        return sum(1 << sq for sq, held in enumerate(self.cells) if held is cell)

    def problems(self) -> list[LevelProblem]:
        """What ``validate_position`` says about the draft."""
        return validate_position(self.board())

    @property
    def changed(self) -> bool:
        """Whether anything was edited (something to undo)."""
        return self.history.can_undo

    # -- editing --

    def begin_stroke(self) -> None:
        """Start a stroke: the paints until ``end_stroke`` undo as one step."""
        self._stroke = self.snapshot()

    def paint(self, sq: int, cell: Cell, symmetry: Symmetry = Symmetry.NONE) -> bool:
        """Put ``cell`` on ``sq`` and its mirror images; True if a square changed.

        Outside a stroke the paint is an undo step of its own.
        """
        before = self.snapshot()
        for target in mirror_squares(sq, symmetry):
            self.cells[target] = cell
        if self._stroke is None:
            return self._remember(before)
        return before != self.snapshot()

    def end_stroke(self) -> bool:
        """Finish the stroke; True if it changed anything (and became an undo step)."""
        before, self._stroke = self._stroke, None
        return before is not None and self._remember(before)

    def set_turn(self, side: Side) -> bool:
        """Make ``side`` the side to move (an undo step if it changes)."""
        before = self.snapshot()
        self.turn = side
        return self._remember(before)

    def set_position(self, fen: str) -> bool:
        """Replace the whole draft by ``fen`` (reset, a level, the current game): one undo step."""
        board = Board(fen)
        before = self.snapshot()
        self.cells = list(_cells_of(board))
        self.turn = board.turn
        return self._remember(before)

    def _apply(self, snapshot: Snapshot) -> None:
        cells, turn = snapshot
        self.cells = list(cells)
        self.turn = turn
        self._stroke = None
