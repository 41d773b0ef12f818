"""The Ataxx board: bitboards on Python ints, FEN, outcomes, perft (squares and ``Move``: ``notation``).

The board is 7x7. Squares are numbered rank-major from a1 = 0 to g7 = 48, so the
square of file ``f`` (0 = a) and rank ``r`` (0 = rank 1) is ``r * 7 + f``. A
position is three 49-bit ints (red pieces, blue pieces, blocks) plus the side to
move and two clocks, so copying, hashing and undoing are cheap.

Red is ``x`` in FEN and moves first; Blue is ``o``. The rules are those fixed in
the project's design: clone to a neighbouring empty square or jump to one two
squares away, infect every enemy piece next to the destination, pass only when
forced, and the game ends on elimination, a full board, no moves for either
side, the 100 half-move clock (a decided position wins first) or threefold
repetition. The rules themselves are the bit-level primitives of ``bits``,
which the search and perft share.

>>> board = Board()
>>> board.push(Move.from_uai("b6"))
>>> board.fen()
'x5o/1x5/7/7/7/7/o5x o 0 1'
>>> str(board.pop())
'b6'
"""

from __future__ import annotations

import enum
import threading
from typing import NamedTuple

from game.engine.ataxx import perft as _perft_module
from game.engine.ataxx.bits import (
    FULL,
    JUMP_RING,
    NEIGHBOURS,
    Z_BLUE_TO_MOVE,
    Z_FLIP,
    Z_PIECE,
    bits,
    can_move,
    clone_targets,
    hash_pieces,
    jump_moves,
    material_over,
    raw_is_legal,
)
from game.engine.ataxx.notation import CLONE_TO, MOVE_TABLE, NULL_MOVE, AtaxxError, Move, square_name
from game.engine.core import Outcome, require_text
from game.filedata import ascii_int, is_ascii_digits

__all__ = ["STARTPOS", "Board", "Cell", "IllegalMoveError", "InvalidFenError", "Move", "Side", "Termination"]

STARTPOS = "x5o/7/7/7/7/7/o5x x 0 1"
"""The standard starting position: Red on a7 and g1, Blue on g7 and a1, Red to move."""

MAX_FEN_LENGTH = 128  # the longest legal FEN is about 70 characters
MAX_CLOCK_DIGITS = 9


class IllegalMoveError(AtaxxError):
    """A well-formed move that is not legal in the position."""


class InvalidFenError(AtaxxError):
    """FEN text that does not describe an Ataxx position."""


class Side(enum.IntEnum):
    """A player. Red (``x``) moves first."""

    RED = 0
    BLUE = 1

    @property
    def opponent(self) -> Side:
        """The other side."""
        return Side.BLUE if self is Side.RED else Side.RED

    @property
    def symbol(self) -> str:
        """The FEN letter of the side: ``x`` for Red, ``o`` for Blue."""
        return "x" if self is Side.RED else "o"


_OTHER_SIDE = (Side.BLUE, Side.RED)


class Cell(enum.Enum):
    """What a square holds."""

    EMPTY = "."
    RED = "x"
    BLUE = "o"
    BLOCK = "-"


class Termination(enum.Enum):
    """Why a game ended."""

    ELIMINATION = "elimination"
    """A side has no pieces left."""
    FULL_BOARD = "full board"
    """No empty square is left."""
    NO_MOVES = "no moves"
    """Empty squares remain but neither side can reach them."""
    HALFMOVE_CLOCK = "100 half-moves"
    """100 half-moves without a clone: a draw, unless the position is already decided."""
    THREEFOLD_REPETITION = "threefold repetition"
    """The same position (board and side to move) occurred three times."""
    EARLY_FINISH = "early finish"
    """A match rule: the stuck side's opponent fills the rest of the board (see ``Match``)."""


# --- the board -----------------------------------------------------------------


class _State(NamedTuple):
    """What ``push`` saves and ``pop`` restores."""

    red: int
    blue: int
    halfmove_clock: int
    fullmove_number: int
    hash: int
    move: Move


class Board:
    """An Ataxx position with a move stack.

    ``pieces[Side.RED]`` and ``pieces[Side.BLUE]`` are the bitboards of the two
    sides, ``blocks`` the squares nobody may enter. ``push`` plays a move and
    ``pop`` takes the last one back, restoring every field exactly.
    """

    __slots__ = (
        "_root_fen",
        "_stack",
        "blocks",
        "fullmove_number",
        "halfmove_clock",
        "hash",
        "pieces",
        "turn",
    )

    def __init__(self, fen: str = STARTPOS) -> None:
        self.pieces = [0, 0]
        self.blocks = 0
        self.turn = Side.RED
        self.halfmove_clock = 0
        self.fullmove_number = 1
        self.hash = 0
        self._stack: list[_State] = []
        self.set_fen(fen)

    # -- FEN --

    def set_fen(self, fen: str) -> None:
        """Set the position from FEN; raises ``InvalidFenError`` (board unchanged) if it is bad.

        Four fields are required: the board (ranks 7 to 1 separated by ``/``,
        ``x`` red, ``o`` blue, ``-`` block, digits for runs of empty squares),
        the side to move (``x`` or ``o``; ``b`` and ``w`` are accepted as
        aliases), the half-move clock and the full-move number.
        """
        fen = require_text(fen, "FEN", InvalidFenError)
        if len(fen) > MAX_FEN_LENGTH:
            raise InvalidFenError(f"FEN is {len(fen)} characters long, far more than any position needs")
        fields = fen.split()
        if len(fields) != 4:
            raise InvalidFenError(
                f"FEN {fen!r} has {len(fields)} field{'s' if len(fields) != 1 else ''}; expected 4: "
                "board, side to move, half-move clock, full-move number"
            )
        placement, side_text, halfmove_text, fullmove_text = fields
        ranks = placement.split("/")
        if len(ranks) != 7:
            raise InvalidFenError(f"FEN board {placement!r} has {len(ranks)} ranks; expected 7")
        red = blue = blocks = 0
        for rank_offset, rank_text in enumerate(ranks):
            rank_index = 6 - rank_offset
            file_index = 0
            previous_was_digit = False
            for char in rank_text:
                if char in "1234567":
                    if previous_was_digit:
                        raise InvalidFenError(f"rank {rank_index + 1} {rank_text!r} has two digits in a row")
                    file_index += int(char)
                    previous_was_digit = True
                    continue
                previous_was_digit = False
                if file_index >= 7:
                    raise InvalidFenError(f"rank {rank_index + 1} {rank_text!r} is longer than 7 squares")
                bit = 1 << (rank_index * 7 + file_index)
                if char in "xXbB":
                    red |= bit
                elif char in "oOwW":
                    blue |= bit
                elif char == "-":
                    blocks |= bit
                else:
                    raise InvalidFenError(
                        f"unknown character {char!r} in rank {rank_index + 1} {rank_text!r}: "
                        "expected x, o, -, or a digit 1-7"
                    )
                file_index += 1
            if file_index != 7:
                raise InvalidFenError(
                    f"rank {rank_index + 1} {rank_text!r} covers {file_index} squares; expected 7"
                )
        if side_text in ("x", "X", "b", "B"):
            turn = Side.RED
        elif side_text in ("o", "O", "w", "W"):
            turn = Side.BLUE
        else:
            raise InvalidFenError(f"side to move {side_text!r} is neither x (red) nor o (blue)")
        halfmove_clock = _parse_clock(halfmove_text, "half-move clock", minimum=0)
        fullmove_number = _parse_clock(fullmove_text, "full-move number", minimum=1)

        self.pieces = [red, blue]
        self.blocks = blocks
        self.turn = turn
        self.halfmove_clock = halfmove_clock
        self.fullmove_number = fullmove_number
        self.hash = hash_pieces(red, blue, turn is Side.BLUE)
        self._stack = []
        self._root_fen = self.fen()

    def fen(self) -> str:
        """The position in FEN (libataxx conventions, ``x``/``o`` for the sides)."""
        red, blue = self.pieces
        blocks = self.blocks
        rank_texts = []
        for rank_index in range(6, -1, -1):
            text = ""
            run = 0
            for file_index in range(7):
                bit = 1 << (rank_index * 7 + file_index)
                if red & bit:
                    char = "x"
                elif blue & bit:
                    char = "o"
                elif blocks & bit:
                    char = "-"
                else:
                    run += 1
                    continue
                if run:
                    text += str(run)
                    run = 0
                text += char
            if run:
                text += str(run)
            rank_texts.append(text)
        return f"{'/'.join(rank_texts)} {self.turn.symbol} {self.halfmove_clock} {self.fullmove_number}"

    def root_fen(self) -> str:
        """The FEN of the position before the first move on the stack."""
        return self._root_fen

    # -- reading the position --

    def copy(self, *, stack: bool = True) -> Board:
        """An independent copy; with ``stack=False`` the copy has no move history."""
        board = Board.__new__(Board)
        board.pieces = list(self.pieces)
        board.blocks = self.blocks
        board.turn = self.turn
        board.halfmove_clock = self.halfmove_clock
        board.fullmove_number = self.fullmove_number
        board.hash = self.hash
        if stack:
            board._stack = list(self._stack)
            board._root_fen = self._root_fen
        else:
            board._stack = []
            board._root_fen = self.fen()
        return board

    @property
    def empty(self) -> int:
        """The bitboard of empty squares (neither a piece nor a block)."""
        return FULL ^ (self.pieces[0] | self.pieces[1] | self.blocks)

    @property
    def move_stack(self) -> list[Move]:
        """The moves pushed since the root position, oldest first."""
        return [state.move for state in self._stack]

    def count(self, side: Side) -> int:
        """The number of pieces of ``side``."""
        return self.pieces[side].bit_count()

    def cell(self, sq: int) -> Cell:
        """What square ``sq`` (0..48) holds."""
        bit = 1 << sq
        if self.pieces[0] & bit:
            return Cell.RED
        if self.pieces[1] & bit:
            return Cell.BLUE
        if self.blocks & bit:
            return Cell.BLOCK
        return Cell.EMPTY

    def side_at(self, sq: int) -> Side | None:
        """The side whose piece is on ``sq``, or ``None``."""
        bit = 1 << sq
        if self.pieces[0] & bit:
            return Side.RED
        if self.pieces[1] & bit:
            return Side.BLUE
        return None

    def can_move(self, side: Side) -> bool:
        """Whether ``side`` has a clone or jump available (ignoring whose turn it is)."""
        return can_move(self.pieces[side], self.empty)

    def clone_targets(self, sq: int) -> int:
        """Empty squares a piece on ``sq`` can clone to (a bitboard)."""
        return NEIGHBOURS[sq] & self.empty

    def jump_targets(self, sq: int) -> int:
        """Empty squares a piece on ``sq`` can jump to (a bitboard)."""
        return JUMP_RING[sq] & self.empty

    def captures(self, move: Move) -> int:
        """The enemy pieces ``move`` would infect (a bitboard); ``move`` must be legal."""
        if move.to_square < 0:
            return 0
        return NEIGHBOURS[move.to_square] & self.pieces[1 - self.turn]

    # -- moves --

    def legal_moves(self) -> list[Move]:
        """The legal moves: one clone per target square, one jump per (from, to).

        The list is ``[Move.null()]`` when the side to move is stuck but its
        opponent can move, and ``[]`` when the game is over (repetition aside:
        see ``outcome``).
        """
        us = self.pieces[self.turn]
        them = self.pieces[1 - self.turn]
        empty = FULL ^ (us | them | self.blocks)
        if material_over(us, them, empty) or self.halfmove_clock >= 100:
            return []
        moves = [CLONE_TO[sq] for sq in bits(clone_targets(us, empty))]
        moves += [MOVE_TABLE[frm * 49 + to] for frm, to in jump_moves(us, empty)]
        if not moves and can_move(them, empty):
            return [NULL_MOVE]
        return moves

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal in this position."""
        turn = self.turn
        us = self.pieces[turn]
        them = self.pieces[1 - turn]
        empty = FULL ^ (us | them | self.blocks)
        if material_over(us, them, empty) or self.halfmove_clock >= 100:
            return False
        frm, to = move
        if to < 0:  # the pass: only when stuck while the opponent can move
            return frm == -1 and not can_move(us, empty) and can_move(them, empty)
        return raw_is_legal(us, empty, frm, to)

    def push(self, move: Move) -> None:
        """Play ``move``; raises ``IllegalMoveError`` (board unchanged) if it is not legal."""
        if not isinstance(move, Move):
            raise IllegalMoveError(f"{move!r} is not a Move")
        if not self.is_legal(move):
            raise IllegalMoveError(f"illegal move {move.uai()} in {self.fen()}: {self._why_illegal(move)}")
        self._push(move)

    def push_uai(self, text: str) -> Move:
        """Parse ``text`` as UAI notation and play it; returns the move."""
        move = Move.from_uai(text)
        self.push(move)
        return move

    def _why_illegal(self, move: Move) -> str:
        if self.outcome(repetition=False) is not None:
            return "the game is over"
        frm, to = move
        us = self.pieces[self.turn]
        if to < 0:
            return f"{self.turn.name.lower()} has moves and may not pass"
        if not (self.empty >> to & 1):
            return f"{square_name(to)} is not empty"
        if frm == to:
            return f"no {self.turn.name.lower()} piece next to {square_name(to)}"
        if not (us >> frm & 1):
            return f"no {self.turn.name.lower()} piece on {square_name(frm)}"
        return "the move does not follow the rules"

    def _push(self, move: Move) -> None:
        """Play ``move`` without checking it; ``move`` must be legal."""
        turn = self.turn
        us = self.pieces[turn]
        them = self.pieces[1 - turn]
        key = self.hash
        self._stack.append(
            _State(self.pieces[0], self.pieces[1], self.halfmove_clock, self.fullmove_number, key, move)
        )
        frm, to = move
        if to >= 0:
            piece_keys = Z_PIECE[turn]
            captured = NEIGHBOURS[to] & them
            us |= (1 << to) | captured
            them ^= captured
            key ^= piece_keys[to]
            if frm == to:
                self.halfmove_clock = 0
            else:
                us ^= 1 << frm
                key ^= piece_keys[frm]
                self.halfmove_clock += 1
            while captured:
                low = captured & -captured
                captured ^= low
                key ^= Z_FLIP[low.bit_length() - 1]
            self.pieces[turn] = us
            self.pieces[1 - turn] = them
        else:
            self.halfmove_clock += 1
        if turn is Side.BLUE:
            self.fullmove_number += 1
            self.turn = Side.RED
        else:
            self.turn = Side.BLUE
        self.hash = key ^ Z_BLUE_TO_MOVE

    def pop(self) -> Move:
        """Take back the last move and return it; raises ``IndexError`` if there is none."""
        state = self._stack.pop()
        self.pieces[0] = state.red
        self.pieces[1] = state.blue
        self.halfmove_clock = state.halfmove_clock
        self.fullmove_number = state.fullmove_number
        self.hash = state.hash
        self.turn = _OTHER_SIDE[self.turn]
        return state.move

    def peek(self) -> Move | None:
        """The last move played, or ``None``."""
        return self._stack[-1].move if self._stack else None

    # -- the end of the game --

    def winner_by_count(self) -> Side | None:
        """The side with more pieces, or ``None`` when the counts are equal."""
        red, blue = self.pieces[0].bit_count(), self.pieces[1].bit_count()
        if red == blue:
            return None
        return Side.RED if red > blue else Side.BLUE

    def repetition_count(self) -> int:
        """How many times the current position has occurred since the root (at least 1).

        Only positions since the last clone can repeat (a clone adds a piece for
        good), so the search stops at the half-move clock.
        """
        count = 1
        key = self.hash
        stack = self._stack
        depth = min(self.halfmove_clock, len(stack))
        for index in range(len(stack) - 2, len(stack) - depth - 1, -2):
            if stack[index].hash == key:
                count += 1
        return count

    def repeatable_hashes(self) -> list[int]:
        """The hashes of the earlier positions that can still repeat (those since the last clone), oldest first."""
        stack = self._stack
        return [state.hash for state in stack[max(0, len(stack) - self.halfmove_clock) :]]

    def chance_outcomes(self) -> list[tuple[object, float]]:
        """The game has no dice: no position is a chance node, so there is never an outcome to list."""
        return []

    def outcome(self, *, repetition: bool = True) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on.

        Checked in order: elimination, full board, neither side can move, then
        the 100 half-move draw (a position decided by the first three wins
        first), then threefold repetition (unless ``repetition=False``).
        """
        red, blue = self.pieces
        empty = FULL ^ (red | blue | self.blocks)
        scores = (red.bit_count(), blue.bit_count())
        if not red or not blue:
            return Outcome(Termination.ELIMINATION, self.winner_by_count(), scores)
        if not empty:
            return Outcome(Termination.FULL_BOARD, self.winner_by_count(), scores)
        if not can_move(red | blue, empty):
            return Outcome(Termination.NO_MOVES, self.winner_by_count(), scores)
        if self.halfmove_clock >= 100:
            return Outcome(Termination.HALFMOVE_CLOCK, None, scores)
        if repetition and self.repetition_count() >= 3:
            return Outcome(Termination.THREEFOLD_REPETITION, None, scores)
        return None

    def is_game_over(self, *, repetition: bool = True) -> bool:
        """Whether ``outcome`` is not ``None``."""
        return self.outcome(repetition=repetition) is not None

    def result(self) -> str:
        """``1-0``, ``0-1``, ``1/2-1/2``, or ``*`` while the game goes on."""
        outcome = self.outcome()
        return outcome.result() if outcome else "*"

    # -- perft --

    def perft(self, depth: int, *, stop: threading.Event | None = None) -> int:
        """The number of leaf nodes ``depth`` plies from here (libataxx conventions).

        Game-over nodes count 0 at depth >= 1; a forced pass counts as one move;
        repetition is ignored. Depth 0 counts the position itself. A set
        ``stop`` ends a long count with ``PerftStopped``.
        """
        if depth < 0:
            raise ValueError(f"perft depth must be >= 0, not {depth}")
        if depth == 0:
            return 1
        us = self.pieces[self.turn]
        them = self.pieces[1 - self.turn]
        return _perft_module.perft(
            us, them, FULL ^ (us | them | self.blocks), self.halfmove_clock, depth, stop
        )

    # -- dunder --

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (
            self.pieces == other.pieces
            and self.blocks == other.blocks
            and self.turn == other.turn
            and self.halfmove_clock == other.halfmove_clock
            and self.fullmove_number == other.fullmove_number
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Board({self.fen()!r})"

    def __str__(self) -> str:
        lines = []
        for rank_index in range(6, -1, -1):
            cells = " ".join(self.cell(rank_index * 7 + f).value for f in range(7))
            lines.append(f"{rank_index + 1} {cells}")
        lines.append("  a b c d e f g")
        return "\n".join(lines)


def _parse_clock(text: str, what: str, *, minimum: int) -> int:
    value = ascii_int(text, max_digits=MAX_CLOCK_DIGITS)
    if value is None:
        if is_ascii_digits(text):
            raise InvalidFenError(f"{what} {text!r} is too large")
        raise InvalidFenError(f"{what} {text!r} is not a whole number >= {minimum}")
    if value < minimum:
        raise InvalidFenError(f"{what} {text!r} must be at least {minimum}")
    return value
