"""Exact proofs of short forced wins, for any game without dice: what makes a puzzle a puzzle.

A puzzle claims that the seat to move wins by force within a few plies and
that exactly one of its moves does. ``Prover`` settles such claims by a plain,
exhaustive AND/OR search over the game's own position (``push``/``pop``,
``legal_moves``), with no evaluation and no pruning but the one that cannot be
wrong: at the attacker's turn one winning move is enough, at the defender's
one reply that holds is enough. A transposition table (proved bounds by
position hash) and killer moves only change the order and spare repeated work;
an answer never depends on them.

The end of a game is decided as the match decides it (``game.engine.match``):
the game's rules with the match options given (by default every switchable
rule at its default, so Ataxx's early finish is on), then its match rules
(``HasAdjudication.adjudicate``). So what the prover calls a win is what the puzzle
screen will declare won.

Plies are counted as the match counts entries: every move of either seat,
forced passes included. "Within ``n`` plies" means the game is over and won
after at most ``n`` of them, whatever the defender plays. The search keys its
table by the position's hash alone, so rules that look at the history (Ataxx's
threefold repetition, its 100-move clock) are only ever met as the history
from the position searched says; puzzles start from a fresh position with the
clock at zero, where neither can come into play within a few plies.

>>> from game.engine.ataxx.rules import RULES
>>> from game.engine.ataxx import Board, Move
>>> prover = Prover(RULES)
>>> board = Board("xxxxxxx/xxxxxxx/xxxxxxx/ooooooo/ooooooo/oooooxx/ooooox1 x 0 1")
>>> prover.wins_within(board, 0, 1), [str(m) for m in prover.winning_moves(board, 1)]
(True, ['g1'])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.engine.core import Outcome, Position
from game.engine.rules import GameRules, HasAdjudication

__all__ = ["ProofBudgetError", "Prover", "default_options"]

MoveOrder = Callable[[Any, list[Any]], list[Any]]
"""A guess at the best order of the moves in a position (a miner's hint); the proof never depends on it."""


class ProofBudgetError(ValueError):
    """A proof needed more positions than its budget allowed: the claim is neither proved nor refuted."""


def default_options(rules: GameRules[Any, Any]) -> dict[str, bool]:
    """Every switchable match rule of the game at its default (as a new match has them)."""
    return {option.key: option.default for option in rules.options}


@dataclasses.dataclass
class _Entry:
    """What is proved of one position for the attacker: a win within ``won`` plies, none within ``lost``."""

    won: int = 1 << 30
    lost: int = -1
    move: Any = None
    """The move that proved it (the attacker's win, the defender's escape)."""


class Prover:
    """Proves forced wins within a number of plies (see the module docstring).

    ``options`` are the match options the game is played under (the defaults
    otherwise); ``node_limit`` bounds the positions one call may visit
    (``ProofBudgetError`` past it); ``order`` may put the likely moves first.
    The table is kept from call to call while the attacker stays the same.
    """

    def __init__(
        self,
        rules: GameRules[Any, Any],
        options: Mapping[str, bool] | None = None,
        *,
        node_limit: int | None = None,
        order: MoveOrder | None = None,
    ) -> None:
        self.rules = rules
        self.options = default_options(rules)
        self.options.update(options or {})
        self._adjudication = rules if isinstance(rules, HasAdjudication) else None
        """The match rules ending a game early, if the game has any (asked once: ``end`` runs at every node)."""
        self.node_limit = node_limit
        self.order = order
        self.nodes = 0
        """Positions visited by the last call (the size of its proof)."""
        self._limit = 0
        self._attacker: int | None = None
        self._table: dict[int, _Entry] = {}
        self._ends: dict[int, Outcome | None] = {}
        self._killers: dict[int, list[Any]] = {}

    # -- the end of a game, as the match sees it --

    def end(self, position: Position) -> Outcome | None:
        """How the game is over in ``position`` (the rules, then the match rules), or ``None``."""
        outcome = self.rules.outcome(position, self.options)
        if outcome is None and self._adjudication is not None:
            adjudication = self._adjudication.adjudicate(position, self.options)
            if adjudication is not None:
                outcome = adjudication.outcome
        return outcome

    def _end(self, position: Position) -> Outcome | None:
        key = position.hash
        if key in self._ends:
            return self._ends[key]
        outcome = self.end(position)
        self._ends[key] = outcome
        return outcome

    # -- the questions --

    def wins_within(self, position: Position, seat: int, plies: int) -> bool:
        """Whether ``seat`` wins by force within ``plies`` plies from ``position`` (either seat to move).

        ``ProofBudgetError`` when the node limit is reached first. The position is left as it was.
        """
        self._start(seat)
        return self._wins(position, plies, 0)

    def winning_moves(self, position: Position, plies: int, *, enough: int | None = None) -> list[Any]:
        """The moves of the seat to move after which it wins by force within ``plies`` plies (counting the move).

        ``enough``: stop once that many are found (2 tells a unique win from
        several). An empty list when the game is over.
        """
        if self._end(position) is not None:
            return []
        seat = int(position.turn)
        self._start(seat)
        found: list[Any] = []
        for move in self._ordered(position, list(position.legal_moves()), 0):
            position.push(move)
            try:
                won = self._wins(position, plies - 1, 1)
            finally:
                position.pop()
            if won:
                found.append(move)
                if enough is not None and len(found) >= enough:
                    break
        return found

    def fastest_win(self, position: Position, seat: int, plies: int) -> int | None:
        """The fewest plies within which ``seat`` wins by force (at most ``plies``), or ``None`` if it cannot."""
        for within in range(0, plies + 1):
            if self.wins_within(position, seat, within):
                return within
        return None

    def attack(self, position: Position, plies: int) -> tuple[Any, int] | None:
        """A move of the seat to move that wins soonest within ``plies`` plies, and in how many; ``None`` if none wins."""
        seat = int(position.turn)
        best: tuple[Any, int] | None = None
        for move in list(position.legal_moves()):
            position.push(move)
            try:
                within = self.fastest_win(position, seat, plies - 1 if best is None else best[1] - 2)
            finally:
                position.pop()
            if within is not None and (best is None or within + 1 < best[1]):
                best = (move, within + 1)
        return best

    def defence(self, position: Position, attacker: int, plies: int) -> Any:
        """The reply of the seat to move that holds out longest against ``attacker`` within ``plies`` plies.

        A reply after which ``attacker`` cannot win within the plies left is
        the best of all; among those that lose, the one whose loss is furthest
        (the first in the order of ``legal_moves`` among equals).
        """
        best: Any = None
        best_within = -1
        for move in list(position.legal_moves()):
            position.push(move)
            try:
                within = self.fastest_win(position, attacker, plies - 1)
            finally:
                position.pop()
            if within is None:
                return move
            if within > best_within:
                best, best_within = move, within
        return best

    # -- the search --

    def _start(self, seat: int) -> None:
        if seat != self._attacker:
            self._attacker = seat
            self._table = {}
            self._killers = {}
        self.nodes = 0
        self._limit = self.node_limit if self.node_limit is not None else 1 << 62

    def _ordered(self, position: Position, moves: list[Any], ply: int, first: Any = None) -> list[Any]:
        if self.order is not None:
            moves = self.order(position, moves)
        front = [first] if first is not None else []
        front += [move for move in self._killers.get(ply, ()) if move not in front]
        if not front:
            return moves
        chosen = [move for move in front if move in moves]
        return chosen + [move for move in moves if move not in chosen]

    def _remember(self, ply: int, move: Any) -> None:
        killers = self._killers.setdefault(ply, [])
        if move in killers:
            killers.remove(move)
        killers.insert(0, move)
        del killers[2:]

    def _wins(self, position: Position, plies: int, ply: int) -> bool:
        outcome = self._end(position)
        if outcome is not None:
            return outcome.winner is not None and int(outcome.winner) == self._attacker
        if plies <= 0:
            return False
        key = position.hash
        entry = self._table.get(key)
        if entry is not None:
            if entry.won <= plies:
                return True
            if entry.lost >= plies:
                return False
        self.nodes += 1
        if self.nodes > self._limit:
            raise ProofBudgetError(f"no proof within {self._limit} positions")
        attacking = int(position.turn) == self._attacker
        moves: Sequence[Any] = position.legal_moves()
        decisive: Any = None
        for move in self._ordered(position, list(moves), ply, entry.move if entry is not None else None):
            position.push(move)
            try:
                won = self._wins(position, plies - 1, ply + 1)
            finally:
                position.pop()
            if won == attacking:  # the attacker found its win, or the defender its escape
                decisive = move
                break
        result = attacking if decisive is not None else not attacking
        if entry is None:
            entry = self._table[key] = _Entry()
        if result:
            entry.won = min(entry.won, plies)
        else:
            entry.lost = max(entry.lost, plies)
        if decisive is not None:
            entry.move = decisive
            self._remember(ply, decisive)
        return result
