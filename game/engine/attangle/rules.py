"""Attangle as the generic layers see it: ``RULES``, the ``GameRules`` of its registry entry.

Both boards are one game: a level's position text says which board it is on
(7 rows: Attangle, 9 rows: Grand Attangle). Attangle has no dice, no pass and
no match rule to switch.

>>> RULES.with_first_seat(RULES.start_text, 1).split()[1:]
['b', '18', '18']
>>> [problem.code for problem in RULES.validate_level(RULES.new_position())]
[]
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.engine.attangle.board import STARTPOS, Board, Move, Side, Termination
from game.engine.rules import GameRules, LevelProblem, RulesDefaults, Severity, with_turn_field

__all__ = ["RULES", "AttangleRules", "validate_position"]

# Typed as the base class's mapping: a dict of Attangle's own Termination would not be one (keys are invariant).
TERMINATION_TEXTS: Mapping[enum.Enum, str] = {
    Termination.TRIPLES: "The winning triple is built",
    Termination.NO_MOVES: "No move left: resigns",
}
"""Why a game ended, as the results screen says it (English keys for ``tr``)."""


def validate_position(board: Board) -> list[LevelProblem]:
    """The reasons ``board`` cannot be a level (REFUSED) or is unusual (WARNING); [] if fine.

    Refused: a game already over. Warned: a side starting with fewer pieces
    than the other (in reserve and on the board), a start with pieces in the
    centre's lines already able to capture.
    """
    problems: list[LevelProblem] = []
    outcome = board.outcome()
    if outcome is not None:
        problems.append(LevelProblem(Severity.REFUSED, "over", "the game is already over"))
    counts = [board.reserve(side) + sum(stack.count(side.symbol) for stack in board.stacks) for side in Side]
    if counts[0] != counts[1]:
        problems.append(
            LevelProblem(
                Severity.WARNING,
                "unequal",
                f"White has {counts[0]} pieces and Black {counts[1]}: the sides are not equal",
            )
        )
    if outcome is None and board.raw_captures():
        problems.append(
            LevelProblem(Severity.WARNING, "capture-at-start", "the first player can capture at once")
        )
    return problems


class AttangleRules(RulesDefaults):
    """The ``GameRules`` of Attangle (see ``game.engine.rules``): no dice, no pass, no match rule."""

    key = "attangle"
    start_text = STARTPOS
    level_position_key = "position"
    pgn_name_tags = ("White", "Black")
    pgn_position_tag = "Position"
    termination_texts = TERMINATION_TEXTS
    can_draw = False
    """A game always ends with one seat without a move (see the rules pages): never a draw."""

    def new_position(self, text: str | None = None) -> Board:
        """A board from its text (Attangle's start by default); ``InvalidPositionError`` if it is bad."""
        return Board(text)

    def position_text(self, position: Board) -> str:
        """The text of ``position``."""
        return position.text()

    def parse_move(self, text: str) -> Move:
        """A move from its text; ``InvalidMoveError`` says what is wrong."""
        return Move.from_text(text)

    def scores(self, position: Board) -> tuple[int, int]:
        """The own-topped triples of White and Black, as the end of the game counts them."""
        return position.triple_count(0), position.triple_count(1)

    def first_seat_fixed(self, start_text: str) -> bool:
        """White always starts: the level's own side to move, never the players' choice."""
        return True

    def with_first_seat(self, start_text: str, seat: int) -> str:
        """``start_text`` with ``seat`` to move (the colours keep their pieces)."""
        return with_turn_field(Board(start_text).text(), Side(seat).symbol)

    def validate_level(self, position: Board) -> list[LevelProblem]:
        """Attangle's level checks (``validate_position``)."""
        return validate_position(position)

    def longest_game(self, position: Board) -> int:
        """The sum of the squared stack heights can still rise that much: every move raises it.

        A placement adds a stack of one (+1). A capture puts the taller attacker
        (height a) on the target (height t) and sends the single home: t², a²
        and 1 become (t + a)², a rise of 2ta - 1 >= 1. No stack is over three
        high, so the sum is at most 3 per piece, 3 x 36 on the small board and
        3 x 54 on the large one: 108 moves at most from the empty board.
        """
        return 3 * 2 * position.geometry.pieces_per_side - sum(len(stack) ** 2 for stack in position.stacks)

    def material_gain(self, position: Board, move: Move) -> int:
        """What ``move`` (legal) wins at once: 2 for a capture that builds a triple, 1 for another capture, 0 to place.

        Triples are what Attangle counts, as pieces are Ataxx's: a greedy
        player (``game.engine.puzzles.greedy_moves``) builds one whenever it
        can, captures whenever it can, and places otherwise.

        >>> board = Board("-,-,-,-/-,-,-,-,-/-,w,b,bw,-,-/-,-,-,-,-,-,-/w,b,w,-,-,-/-,-,-,-,-/-,-,-,- w 14 15")
        >>> [RULES.material_gain(board, Move.from_text(text)) for text in ("c2,c4-c3", "e1,e3-e2", "a1")]
        [2, 1, 0]
        """
        if not move.attackers:
            return 0
        height = len(position.stack(move.target)) + max(
            len(position.stack(point)) for point in move.attackers
        )
        return 2 if height == 3 else 1


RULES = AttangleRules()

if TYPE_CHECKING:  # mypy checks the rules against the interface the generic layers use
    _CHECKED: GameRules[Board, Move] = RULES
