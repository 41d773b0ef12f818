"""Drawing Ataxx in a terminal: the seed's ``[ ]`` cells, ANSI colours when there is a terminal, plain text when not.

A board is drawn from a ``Picture``: what each square holds and how it is
marked. Marks exist in both modes, so a piped game (no colours) reads the same
as a coloured one: the chosen piece and a piece just moved are ``(x)``, clone
targets ``[+]``, jump targets ``[*]``, a piece being infected ``{o}``. With
colours (seed 002) the chosen piece is yellow, clone targets green, jump
targets magenta, and a piece being infected takes its infector's colour; then
every cell keeps the seed's brackets.

>>> picture = Picture.of(Board("x5o/7/7/7/7/7/o5x x 0 1"))
>>> print("\\n".join(board_lines(picture, Style(colour=False))))
     1   2   3   4   5   6   7
 1  [x] [ ] [ ] [ ] [ ] [ ] [o]
 2  [ ] [ ] [ ] [ ] [ ] [ ] [ ]
 3  [ ] [ ] [ ] [ ] [ ] [ ] [ ]
 4  [ ] [ ] [ ] [ ] [ ] [ ] [ ]
 5  [ ] [ ] [ ] [ ] [ ] [ ] [ ]
 6  [ ] [ ] [ ] [ ] [ ] [ ] [ ]
 7  [o] [ ] [ ] [ ] [ ] [ ] [x]
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping

from game.engine.ataxx import Board, Cell, Side, bits
from game.engine.ataxx.keypad import CODE_GRID, move_for_code, parse_cell

__all__ = [
    "CLEAR",
    "Mark",
    "Picture",
    "Style",
    "board_lines",
    "code_grid_lines",
    "piece_letter",
]

ESC = "\033["
RESET = ESC + "0m"
CLEAR = ESC + "H" + ESC + "2J"
"""Cursor home, then erase the screen: each board is drawn at the top of the terminal."""

# Pieces in their seat's colour, bold; blocks dim. The highlights are backgrounds with dark
# text, so the seed's three colours read as areas, as in its figures.
_PIECE_COLOURS = {Side.RED: ESC + "1;91m", Side.BLUE: ESC + "1;94m"}
_BLOCK_COLOUR = ESC + "90m"
_YELLOW, _GREEN, _MAGENTA = ESC + "30;103m", ESC + "30;102m", ESC + "30;105m"
_INFECTED = {Side.RED: ESC + "1;97;41m", Side.BLUE: ESC + "1;97;44m"}
"""A piece being infected, on the infector's colour (the seed's step 3: "cf. case rouge")."""
_CODE_COLOURS = {"clone": ESC + "1;92m", "jump": ESC + "1;95m", "source": ESC + "1;93m"}

_LETTERS = {Cell.RED: "x", Cell.BLUE: "o", Cell.BLOCK: "#", Cell.EMPTY: " "}


def piece_letter(side: Side) -> str:
    """The letter of ``side``'s pieces: the FEN's ``x`` (Red) and ``o`` (Blue)."""
    return _LETTERS[Cell.RED if side is Side.RED else Cell.BLUE]


class Mark(enum.Enum):
    """How a square is marked on a board drawing."""

    SELECTED = "selected"
    """The piece chosen to move (yellow)."""
    CLONE = "clone"
    """A square the chosen piece can clone to (green)."""
    JUMP = "jump"
    """A square the chosen piece can jump to (magenta)."""
    MOVED = "moved"
    """Where a piece just landed (yellow): during the infection's steps, and the last move on each board."""
    INFECTED = "infected"
    """An enemy piece about to change sides, in its infector's colour."""


@dataclasses.dataclass(frozen=True)
class Style:
    """How to write: with ANSI colours (a terminal) or plain text (a pipe, a file)."""

    colour: bool

    def paint(self, text: str, code: str) -> str:
        """``text`` in the ANSI ``code`` when colours are on."""
        return f"{code}{text}{RESET}" if self.colour and code else text

    def seat(self, text: str, side: Side) -> str:
        """``text`` in the colour of ``side``'s pieces."""
        return self.paint(text, _PIECE_COLOURS[side])


@dataclasses.dataclass(frozen=True)
class Picture:
    """One drawing of the board: each square's content, its marks, and who infects (for the colour)."""

    cells: tuple[Cell, ...]
    marks: Mapping[int, Mark] = dataclasses.field(default_factory=dict)
    infector: Side = Side.RED

    @classmethod
    def of(cls, board: Board, marks: Mapping[int, Mark] | None = None) -> Picture:
        """The board as it stands, with ``marks``."""
        return cls(tuple(board.cell(square) for square in range(49)), dict(marks or {}))

    @classmethod
    def selection(cls, board: Board, source: int) -> Picture:
        """The board with the piece on ``source`` chosen: it, its clone targets and its jump targets marked."""
        marks = {square: Mark.CLONE for square in bits(board.clone_targets(source))}
        marks.update({square: Mark.JUMP for square in bits(board.jump_targets(source))})
        marks[source] = Mark.SELECTED
        return cls.of(board, marks)

    def with_cells(self, changes: Mapping[int, Cell], marks: Mapping[int, Mark], infector: Side) -> Picture:
        """This picture with some squares changed and these marks instead of its own."""
        cells = list(self.cells)
        for square, cell in changes.items():
            cells[square] = cell
        return Picture(tuple(cells), dict(marks), infector)


def _cell_text(picture: Picture, square: int, style: Style) -> str:
    cell = picture.cells[square]
    letter = _LETTERS[cell]
    mark = picture.marks.get(square)
    if mark is Mark.CLONE:
        return style.paint("[+]", _GREEN)
    if mark is Mark.JUMP:
        return style.paint("[*]", _MAGENTA)
    if mark in (Mark.SELECTED, Mark.MOVED):
        return style.paint(f"[{letter}]", _YELLOW) if style.colour else f"({letter})"
    if mark is Mark.INFECTED:
        return style.paint(f"[{letter}]", _INFECTED[picture.infector]) if style.colour else f"{{{letter}}}"
    if cell is Cell.RED:
        return "[" + style.seat(letter, Side.RED) + "]"
    if cell is Cell.BLUE:
        return "[" + style.seat(letter, Side.BLUE) + "]"
    if cell is Cell.BLOCK:
        return style.paint("[#]", _BLOCK_COLOUR)
    return "[ ]"


def board_lines(picture: Picture, style: Style) -> list[str]:
    """The board as lines of text: column numbers 1-7 above, row numbers 1-7 on the left (the ``ij`` of a cell)."""
    lines = ["    " + "".join(f" {column}  " for column in range(1, 8)).rstrip()]
    for row in range(1, 8):
        squares = [parse_cell(f"{row}{column}") for column in range(1, 8)]
        lines.append(f" {row}  " + " ".join(_cell_text(picture, square, style) for square in squares))
    return lines


def code_grid_lines(style: Style, board: Board | None = None, source: int | None = None) -> list[str]:
    """The keypad codes around key 5, laid out as seed 002 draws them.

    With a ``board`` and the chosen ``source`` square, only the codes of the
    squares that piece can reach are written (clones green, jumps magenta);
    the others are dots.
    """
    reachable: dict[str, str] = {}
    if board is not None and source is not None:
        for codes in CODE_GRID:
            for code in codes:
                if not code:
                    continue
                try:
                    move = move_for_code(source, code)
                except ValueError:
                    continue  # off the board
                if board.is_legal(move):
                    reachable[code] = "clone" if move.is_clone else "jump"
    lines = []
    for codes in CODE_GRID:
        entries = []
        for code in codes:
            if not code:
                entries.append(style.paint(" [5] ", _CODE_COLOURS["source"]))
                continue
            if board is None:
                kind = "clone" if len(code) == 1 else "jump"
                entries.append(style.paint(code.center(5), _CODE_COLOURS[kind]))
            elif code in reachable:
                entries.append(style.paint(code.center(5), _CODE_COLOURS[reachable[code]]))
            else:
                entries.append(".".center(5))
        lines.append("  " + " ".join(entries).rstrip())
    return lines
