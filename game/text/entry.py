"""What the player types at the terminal game's prompts: a command word, a cell (``ij``), a move code.

Each reader returns what was typed, or ``None`` and what is wrong with it in
the player's language, checked against the board in play.
"""

from __future__ import annotations

from game.engine.ataxx import Board, Cell, InvalidMoveError, Move
from game.engine.ataxx.keypad import CODE_GRID, cell_code, move_for_code, parse_cell
from game.filedata import ascii_int
from game.i18n import tr

__all__ = ["COMMANDS", "MOVE_CODES", "YES", "read_cell", "read_command", "read_move"]

MOVE_CODES: frozenset[str] = frozenset(code for codes in CODE_GRID for code in codes if code)

COMMANDS: dict[str, frozenset[str]] = {
    "help": frozenset({"?", "help", "aide"}),
    "codes": frozenset({"codes"}),
    "save": frozenset({"save", "sauver", "enregistrer"}),
    "load": frozenset({"load", "charger"}),
    "undo": frozenset({"undo", "annuler"}),
    "redo": frozenset({"redo", "refaire"}),
    "quit": frozenset({"quit", "exit", "quitter"}),
}
"""The words of each command, in English and in French (both are always understood)."""

YES: frozenset[str] = frozenset({"y", "yes", "o", "oui"})
"""The answers that say yes (in English and in French) to "Replace?"."""


def read_command(text: str) -> tuple[str, str] | None:
    """The command ``text`` names (a key of ``COMMANDS``) and the rest of the line, or ``None``.

    >>> read_command("Sauver ma partie "), read_command("11")
    (('save', 'ma partie'), None)
    """
    word, _, rest = text.strip().partition(" ")
    word = word.lower()
    name = next((key for key, words in COMMANDS.items() if word in words), None)
    if name is None:
        return None
    return name, rest.strip()


def read_cell(board: Board, text: str) -> tuple[int | None, str]:
    """The square of one of the mover's movable pieces typed as ``ij``, or ``None`` and what is wrong."""
    typed = "".join(text.split())
    if len(typed) != 2 or ascii_int(typed) is None:
        return None, tr("Type the row then the column: two digits from 1 to 7, like 11 or 74 (? for help).")
    if not ("1" <= typed[0] <= "7" and "1" <= typed[1] <= "7"):
        return None, tr("{cell} is off the board: rows and columns go from 1 to 7.", cell=typed)
    square = parse_cell(typed)
    cell = board.cell(square)
    if cell is Cell.BLOCK:
        return None, tr("{cell} is a destroyed square.", cell=typed)
    if cell is Cell.EMPTY:
        return None, tr("{cell} is empty.", cell=typed)
    if board.side_at(square) is not board.turn:
        return None, tr("The piece on {cell} is not yours.", cell=typed)
    if not board.clone_targets(square) | board.jump_targets(square):
        return None, tr("The piece on {cell} cannot move: every square it could reach is taken.", cell=typed)
    return square, ""


def read_move(board: Board, source: int, text: str) -> tuple[Move | None, str]:
    """The move that code ``text`` names from ``source``, or ``None`` and why it cannot be played."""
    code = "".join(text.split())
    cell = cell_code(source)
    if code not in MOVE_CODES:
        return None, tr("{code} is not a move code: 1-9 around 5 clone, 5 then a direction jumps.", code=code)
    try:
        move = move_for_code(source, code)
    except InvalidMoveError:
        return None, tr("{code} from {cell} leaves the board.", code=code, cell=cell)
    if not board.is_legal(move):
        target = cell_code(move.to_square)
        if board.cell(move.to_square) is Cell.BLOCK:
            return None, tr(
                "{code} from {cell} lands on {target}, a destroyed square.",
                code=code,
                cell=cell,
                target=target,
            )
        return None, tr(
            "{code} from {cell} lands on {target}, which is not empty.", code=code, cell=cell, target=target
        )
    return move, ""
