"""Ataxx as the generic layers see it: ``RULES``, the ``GameRules`` of design.md's registry entry.

Besides notation and positions, this is where Ataxx's match rules live: the
threefold repetition draw (switchable) and the early finish of seed 001 (on
by default), which perft, FEN and UAI ignore so the engine stays comparable
with other Ataxx software.

>>> from game.engine.ataxx.board import Board
>>> board = RULES.new_position("x6/7/7/7/7/7/6o x 0 1")
>>> RULES.with_first_seat(RULES.position_text(board), 1)
'x6/7/7/7/7/7/6o o 0 1'
>>> RULES.early_finish_squares(Board("xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/ooooo--/oooo-2 o 0 1"))
0
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.engine.ataxx.bits import fill_region
from game.engine.ataxx.board import STARTPOS, Board, Move, Side, Termination
from game.engine.ataxx.levels import validate_position
from game.engine.core import Outcome
from game.engine.rules import (
    Adjudication,
    GameRules,
    LevelProblem,
    RuleOption,
    RulesDefaults,
    with_turn_field,
)

__all__ = ["EARLY_FINISH", "RULES", "THREEFOLD", "AtaxxRules", "fillable_by"]

EARLY_FINISH = RuleOption("early_finish", "Early finish")
THREEFOLD = RuleOption("threefold_repetition", "Draw by threefold repetition")

# Typed as the base class's mapping: a dict of Ataxx's own Termination would not be one (keys are invariant).
TERMINATION_TEXTS: Mapping[enum.Enum, str] = {
    Termination.ELIMINATION: "No pieces left",
    Termination.FULL_BOARD: "The board is full",
    Termination.NO_MOVES: "Nobody can move",
    Termination.HALFMOVE_CLOCK: "100 moves without a clone",
    Termination.THREEFOLD_REPETITION: "The same position three times",
    Termination.EARLY_FINISH: "Early finish: the rest is filled in",
}
"""Why a game ended, as the results screen says it (English keys for ``tr``)."""


def fillable_by(board: Board, side: Side) -> int:
    """The empty squares ``side`` could fill by clones alone, one after another (a bitboard).

    An empty square qualifies when it is joined to one of ``side``'s pieces
    through empty squares (clones only ever fill squares next to a piece).
    """
    return fill_region(board.pieces[side], board.empty)


class AtaxxRules(RulesDefaults):
    """The ``GameRules`` of Ataxx (see ``game.engine.rules``)."""

    key = "ataxx"
    start_text = STARTPOS
    options: tuple[RuleOption, ...] = (EARLY_FINISH, THREEFOLD)
    level_position_key = "fen"
    # libataxx and python-ataxx: "Black" is x (Red, who moves first), "White" is o.
    pgn_name_tags = ("Black", "White")
    pgn_position_tag = "FEN"
    pgn_nags = False
    """python-ataxx's PGN reader (other Ataxx software follows it) stops at a NAG token (``$4``) or a move
    written ``b6?``, but reads comments and variations: an annotated game writes its marks in the comments."""
    termination_texts = TERMINATION_TEXTS

    def new_position(self, text: str | None = None) -> Board:
        """A board from FEN (the standard start by default); ``InvalidFenError`` if it is bad."""
        return Board(STARTPOS if text is None else text)

    def position_text(self, position: Board) -> str:
        """The FEN of ``position``."""
        return position.fen()

    def parse_move(self, text: str) -> Move:
        """A move from UAI notation; ``InvalidMoveError`` says what is wrong."""
        return Move.from_uai(text)

    def outcome(self, position: Board, options: Mapping[str, bool]) -> Outcome | None:
        """The end by the rules; threefold repetition only when the option is on."""
        return position.outcome(repetition=options.get(THREEFOLD.key, THREEFOLD.default))

    def early_finish_squares(self, board: Board) -> int:
        """The squares the early finish gives away now (a bitboard), or 0 if it does not apply.

        It applies when the side to move must pass and its opponent can fill
        every remaining empty square by clones alone (clones never empty a
        square, so the stuck side can never move again).
        """
        # The side to move must pass: it cannot move, and the game is not over (so its opponent can).
        if board.can_move(board.turn) or board.outcome(repetition=False) is not None:
            return 0
        empty = board.empty
        if fillable_by(board, board.turn.opponent) != empty:
            return 0
        return empty

    def adjudicate(self, position: Board, options: Mapping[str, bool]) -> Adjudication | None:
        """The early finish, when on and it applies: the filled squares count for the stuck side's opponent."""
        if not options.get(EARLY_FINISH.key, EARLY_FINISH.default):
            return None
        filled = self.early_finish_squares(position)
        if not filled:
            return None
        scores = [position.count(Side.RED), position.count(Side.BLUE)]
        scores[position.turn.opponent] += filled.bit_count()
        winner = None if scores[0] == scores[1] else (Side.RED if scores[0] > scores[1] else Side.BLUE)
        return Adjudication(Outcome(Termination.EARLY_FINISH, winner, (scores[0], scores[1])), filled)

    def scores(self, position: Board) -> tuple[int, int]:
        """The pieces of each side, as the end of the game counts them."""
        return position.count(Side.RED), position.count(Side.BLUE)

    def forced_move(self, position: Board) -> Move | None:
        """The pass, when it is the only legal move."""
        moves = position.legal_moves()
        return moves[0] if moves == [Move.null()] else None

    def with_first_seat(self, start_text: str, seat: int) -> str:
        """``start_text`` with ``seat`` to move (its clocks kept)."""
        return with_turn_field(Board(start_text).fen(), Side(seat).symbol)

    def validate_level(self, position: Board) -> list[LevelProblem]:
        """Ataxx's level checks (``game.engine.ataxx.levels``)."""
        return validate_position(position)

    def longest_game(self, position: Board) -> int:
        """At most 100 plies (passes included) per empty square of ``position``, and 100 more.

        A clone fills an empty square and nothing ever empties one (a jump
        empties its origin and fills its target), so a game has at most E
        clones, E the empty squares now. Every other ply (a jump, a pass)
        moves the half-move clock on, which a clone resets, and the game is
        over when it reaches 100: at most 99 of them before each clone and
        100 after the last. So at most E + 99 E + 100 = 100 (E + 1) plies,
        4,600 from the start, 4,800 from the emptiest position that is not over.
        Threefold repetition and the early finish only end a game sooner.
        """
        return 100 * (position.empty.bit_count() + 1)

    def material_gain(self, position: Board, move: Move) -> int:
        """The pieces ``move`` (legal) takes at once; the greedy player (``game.engine.puzzles.greedy_moves``) takes the most.

        A clone and a jump that take as many gain alike: the greedy player
        may play either, so a puzzle whose winning move is any of them counts
        as solved by greedy. That is the wider reading: the moves that widen
        the lead the most (a clone adds a piece) are always among these.

        >>> board = Board("7/7/7/2xo3/3o3/7/7 x 0 1")
        >>> [RULES.material_gain(board, Move.from_uai(text)) for text in ("c3", "c4e3", "d5", "b4")]
        [2, 2, 1, 0]
        """
        return position.captures(move).bit_count()  # a pass takes none


RULES = AtaxxRules()

if TYPE_CHECKING:  # mypy checks the rules against the interface the generic layers use
    _CHECKED: GameRules[Board, Move] = RULES
