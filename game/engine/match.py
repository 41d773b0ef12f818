"""A game of Ataxx as a screen drives it: players, history with undo/redo, rules, result.

``Match`` wraps a ``Board`` and adds what a game session needs beyond the rules
engine: who plays each side (a person or the computer at some level), a redo
stack, the match rules that perft and UAI ignore (the early finish of seed 001,
threefold repetition as an option), the time the game has taken, and the final
result with the final piece counts. It is pure logic: no pygame, no threads.

>>> match = Match()
>>> played = match.play(Move.from_uai("b6"))
>>> played.side, bin(played.captured)
(<Side.RED: 0>, '0b0')
>>> str(match.undo()), match.can_redo
('b6', True)
"""

from __future__ import annotations

import dataclasses
import enum
import time
from collections.abc import Callable

from game.engine.ataxx import (
    STARTPOS,
    AtaxxError,
    Board,
    Move,
    Outcome,
    Side,
    Termination,
    bits,
    neighbours,
    spread,
)

__all__ = [
    "Match",
    "MatchOverError",
    "MatchResult",
    "MatchRules",
    "PlayedMove",
    "Player",
    "PlayerKind",
    "fillable_by",
]


class MatchOverError(AtaxxError):
    """A move was offered after the match ended."""


class PlayerKind(enum.Enum):
    """Who makes the moves of a side."""

    HUMAN = "human"
    COMPUTER = "computer"


@dataclasses.dataclass(frozen=True)
class Player:
    """A side's player: a person, or the computer at a difficulty level (a level key)."""

    kind: PlayerKind
    level: str | None = None
    name: str = ""

    @classmethod
    def human(cls, name: str = "") -> Player:
        """A person at this machine."""
        return cls(PlayerKind.HUMAN, None, name)

    @classmethod
    def computer(cls, level: str, name: str = "") -> Player:
        """The computer playing at ``level`` (a key of ``game.ai.ataxx.levels``)."""
        return cls(PlayerKind.COMPUTER, level, name)

    @property
    def is_human(self) -> bool:
        """Whether a person plays this side."""
        return self.kind is PlayerKind.HUMAN


@dataclasses.dataclass(frozen=True)
class MatchRules:
    """The match rules a player can toggle; both are on by default."""

    early_finish: bool = True
    threefold_repetition: bool = True


@dataclasses.dataclass(frozen=True)
class PlayedMove:
    """What a move did, for animation and the move list."""

    move: Move
    side: Side
    captured: int
    """Bitboard of the enemy pieces the move infected."""
    source: int | None
    """The square the piece came from: the jump origin, or a neighbouring own piece for a
    clone (the one a player would see it grow out of); ``None`` for a pass."""

    @property
    def captured_squares(self) -> list[int]:
        """The infected squares, nearest the destination first (diagonals after orthogonals)."""
        squares = bits(self.captured)
        to = self.move.to_square
        return sorted(squares, key=lambda sq: (abs(sq % 7 - to % 7) + abs(sq // 7 - to // 7), sq))


@dataclasses.dataclass(frozen=True)
class MatchResult:
    """The end of a match: the outcome, the final counts (after any early finish), and the length."""

    outcome: Outcome
    red_count: int
    blue_count: int
    filled: int
    """Bitboard of the squares the early finish gave to the winner (0 otherwise)."""
    plies: int
    elapsed: float

    def count(self, side: Side) -> int:
        """The final number of pieces of ``side``."""
        return self.red_count if side is Side.RED else self.blue_count


def fillable_by(board: Board, side: Side) -> int:
    """The empty squares ``side`` could fill by clones alone, one after another.

    An empty square qualifies when it is joined to one of ``side``'s pieces
    through empty squares (clones only ever fill squares next to a piece).
    """
    empty = board.empty
    reach = spread(board.pieces[side]) & empty
    while True:
        grown = spread(reach) & empty
        if grown == reach:
            return reach
        reach = grown


class Match:
    """A game between two players from a start position, with undo/redo and a final result.

    ``clock`` returns seconds (``time.monotonic`` by default); tests pass a fake
    one. The board is the match's own: read it freely, change it only through
    ``play``, ``undo`` and ``redo``.
    """

    def __init__(
        self,
        start_fen: str = STARTPOS,
        players: tuple[Player, Player] | None = None,
        rules: MatchRules | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        elapsed: float = 0.0,
    ) -> None:
        self.board = Board(start_fen)
        self.start_fen = self.board.fen()
        self.players: tuple[Player, Player] = players or (Player.human(), Player.human())
        self.rules = rules or MatchRules()
        self._clock = clock
        self._elapsed_before = elapsed
        self._running_since: float | None = clock()
        self._redo: list[Move] = []
        self._result: MatchResult | None = None
        self._update_result()

    # -- who plays --

    @property
    def turn(self) -> Side:
        """The side to move."""
        return self.board.turn

    def player(self, side: Side) -> Player:
        """The player of ``side``."""
        return self.players[side]

    @property
    def current_player(self) -> Player:
        """The player whose turn it is."""
        return self.players[self.board.turn]

    @property
    def computer_to_move(self) -> bool:
        """Whether the computer should move now (the match goes on and it is its turn)."""
        return self._result is None and not self.current_player.is_human

    # -- moves --

    @property
    def moves(self) -> list[Move]:
        """The moves played from the start position, oldest first."""
        return self.board.move_stack

    @property
    def ply(self) -> int:
        """The number of moves played (passes included)."""
        return len(self.board.move_stack)

    def legal_moves(self) -> list[Move]:
        """The moves the side to move may play; ``[]`` once the match is over."""
        if self._result is not None:
            return []
        return self.board.legal_moves()

    def play(self, move: Move) -> PlayedMove:
        """Play ``move`` for the side to move and return what it did.

        Raises ``MatchOverError`` after the end and ``IllegalMoveError`` for an
        illegal move; in both cases nothing changes. Playing the move that
        ``redo`` would replay keeps the rest of the redo stack.
        """
        if self._result is not None:
            raise MatchOverError(
                f"the match is over ({self._result.outcome.termination.value}); no more moves"
            )
        played = self._describe(move)
        self.board.push(move)
        if self._redo and self._redo[-1] == move:
            self._redo.pop()
        else:
            self._redo.clear()
        self._update_result()
        return played

    def _describe(self, move: Move) -> PlayedMove:
        board = self.board
        side = board.turn
        if move.is_pass:
            return PlayedMove(move, side, 0, None)
        captured = board.captures(move)
        if move.is_jump:
            source: int | None = move.from_square
        else:
            adjacent_own = bits(neighbours(move.to_square) & board.pieces[side])
            source = adjacent_own[0] if adjacent_own else None
        return PlayedMove(move, side, captured, source)

    @property
    def can_undo(self) -> bool:
        """Whether a move can be taken back."""
        return bool(self.board.move_stack)

    @property
    def can_redo(self) -> bool:
        """Whether a taken-back move can be replayed."""
        return bool(self._redo)

    def undo(self) -> Move:
        """Take back the last move (even after the end); raises ``IndexError`` if there is none."""
        if not self.board.move_stack:
            raise IndexError("no move to undo")
        move = self.board.pop()
        self._redo.append(move)
        self._update_result()
        return move

    def redo(self) -> PlayedMove:
        """Replay the last move taken back; raises ``IndexError`` if there is none."""
        if not self._redo:
            raise IndexError("no move to redo")
        return self.play(self._redo[-1])

    def undo_to_human_turn(self) -> list[Move]:
        """Take back moves until it is a person's turn again, with at least one move undone.

        Against the computer this returns the player to their previous turn.
        Returns the moves taken back, latest first; ``[]`` if there is nothing
        to undo or no person plays.
        """
        if not any(player.is_human for player in self.players):
            return []
        undone: list[Move] = []
        while self.can_undo:
            undone.append(self.undo())
            if self.current_player.is_human and self.board.legal_moves() != [Move.null()]:
                break
        return undone

    @property
    def redo_moves(self) -> list[Move]:
        """The moves ``redo`` would replay, next first."""
        return list(reversed(self._redo))

    # -- time --

    @property
    def elapsed(self) -> float:
        """Seconds of play so far; the clock stops while paused and at the end."""
        if self._running_since is None:
            return self._elapsed_before
        return self._elapsed_before + max(0.0, self._clock() - self._running_since)

    def pause(self) -> None:
        """Stop the game clock (menu open, window hidden)."""
        if self._running_since is not None:
            self._elapsed_before = self.elapsed
            self._running_since = None

    def resume(self) -> None:
        """Restart the game clock unless the match is over."""
        if self._running_since is None and self._result is None:
            self._running_since = self._clock()

    # -- the end --

    @property
    def result(self) -> MatchResult | None:
        """The result once the match is over, else ``None``."""
        return self._result

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self._result is not None

    def early_finish_squares(self) -> int:
        """The squares the early finish gives away now (a bitboard), or 0 if it does not apply.

        It applies when the side to move must pass and its opponent can fill
        every remaining empty square by clones alone.
        """
        board = self.board
        if board.outcome(repetition=False) is not None or board.legal_moves() != [Move.null()]:
            return 0
        empty = board.empty
        if fillable_by(board, board.turn.opponent) != empty:
            return 0
        return empty

    def _update_result(self) -> None:
        board = self.board
        outcome = board.outcome(repetition=self.rules.threefold_repetition)
        filled = 0
        red_count, blue_count = board.count(Side.RED), board.count(Side.BLUE)
        if outcome is None and self.rules.early_finish:
            filled = self.early_finish_squares()
            if filled:
                beneficiary = board.turn.opponent
                if beneficiary is Side.RED:
                    red_count += filled.bit_count()
                else:
                    blue_count += filled.bit_count()
                winner = (
                    None if red_count == blue_count else (Side.RED if red_count > blue_count else Side.BLUE)
                )
                outcome = Outcome(Termination.EARLY_FINISH, winner)
        if outcome is None:
            if self._result is not None:  # an undo reopened the match
                self._result = None
                self.resume()
            return
        self.pause()
        self._result = MatchResult(outcome, red_count, blue_count, filled, self.ply, self.elapsed)
