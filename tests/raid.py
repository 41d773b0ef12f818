"""Raid: a small game of the tests' own with what Lionheart brings to the core, before Lionheart exists.

Each seat first sets up in secret (a bonus of 0, 1 or 2 points: ``b0``,
``b1``, ``b2``, seat 0 then seat 1), then an opening roll decides who starts
(``G``: seat 0, ``S``: seat 1, even odds). A turn is two actions:

- ``step``: one point for the mover;
- ``hit``: one point less for the opponent (never below 0);
- ``gamble``: a chance node: ``W`` (one in three) gives the mover three
  points, ``L`` (two in three) nothing. A gamble expects one point, as a step
  does, but a seat behind near the end needs it.

The first seat to reach ``TARGET`` points wins at once; after ``MAX_TURNS``
turns the higher score wins (equal scores draw). Rolls are undo barriers, as
Lionheart's are.

Positions as text: ``SCORE0 SCORE1 SIDE ACTIONS TURNS PENDING``, with SIDE
``0``/``1`` (``-`` before the opening roll), ACTIONS left in the turn, TURNS
played, PENDING ``setup``, ``start`` (the opening roll), ``gamble`` or ``-``.
Every node has its text, chance nodes included:

>>> raid = RULES.new_position()
>>> for entry in ["b2", "b1", "S", "gamble"]:
...     raid.push(entry)
>>> RULES.position_text(raid), raid.turn == CHANCE, raid.chance_outcomes()
('2 1 1 2 0 gamble', True, [('W', 0.3333333333333333), ('L', 0.6666666666666666)])
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping

from game.engine.core import CHANCE, Outcome, Trait
from game.engine.rules import DiceDefaults, LevelProblem

TARGET = 8
MAX_TURNS = 12
ACTIONS = ("step", "hit", "gamble")
SETUP = ("b0", "b1", "b2")
OPENING = (("G", 0.5), ("S", 0.5))
GAMBLE = (("W", 1 / 3), ("L", 2 / 3))
ROLLS = frozenset(outcome for outcome, _ in (*OPENING, *GAMBLE))


class RaidEnd(enum.Enum):
    TARGET = "target"
    TURNS = "turns"


@dataclasses.dataclass(frozen=True)
class RaidState:
    scores: tuple[int, int] = (0, 0)
    side: int = 0  # -1 before the opening roll has decided
    actions: int = 2
    turns: int = 0
    pending: str = "setup"


class RaidError(ValueError):
    """A Raid move or position that the rules refuse."""


class Raid:
    """A Raid position with push/pop (see the module docstring)."""

    def __init__(self, state: RaidState | None = None) -> None:
        self.state = state or RaidState()
        self._stack: list[tuple[RaidState, str]] = []

    @property
    def turn(self) -> int:
        return CHANCE if self.state.pending in ("start", "gamble") else self.state.side

    @property
    def hash(self) -> int:
        return hash(self.state)

    def legal_moves(self) -> list[str]:
        if self.outcome() is not None or self.turn == CHANCE:
            return []
        return list(SETUP) if self.state.pending == "setup" else list(ACTIONS)

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self.outcome() is None and self.state.pending == "start":
            return list(OPENING)
        if self.outcome() is None and self.state.pending == "gamble":
            return list(GAMBLE)
        return []

    def push(self, entry: str) -> None:
        """Play a legal move, or at a chance node one of its outcomes; ``RaidError`` otherwise, nothing changed."""
        state = self.state
        if self.turn == CHANCE:
            if entry not in dict(self.chance_outcomes()):
                raise RaidError(f"{entry!r} is not an outcome of this roll")
            new = self._resolve(state, entry)
        elif entry in self.legal_moves():
            new = self._act(state, entry)
        else:
            raise RaidError(f"{entry!r} is not legal now")
        self._stack.append((state, entry))
        self.state = new

    def pop(self) -> str:
        self.state, entry = self._stack.pop()
        return entry

    def copy(self) -> Raid:
        other = Raid(self.state)
        other._stack = list(self._stack)
        return other

    def outcome(self) -> Outcome | None:
        scores = self.state.scores
        for seat in (0, 1):
            if scores[seat] >= TARGET:
                return Outcome(RaidEnd.TARGET, seat, scores)
        if self.state.turns >= MAX_TURNS:
            winner = None if scores[0] == scores[1] else int(scores[1] > scores[0])
            return Outcome(RaidEnd.TURNS, winner, scores)
        return None

    @staticmethod
    def _act(state: RaidState, action: str) -> RaidState:
        seat = state.side
        scores = list(state.scores)
        if state.pending == "setup":
            scores[seat] += int(action[1])
            if seat == 0:
                return dataclasses.replace(state, scores=(scores[0], scores[1]), side=1)
            return dataclasses.replace(state, scores=(scores[0], scores[1]), side=-1, pending="start")
        if action == "gamble":
            return dataclasses.replace(state, pending="gamble")
        if action == "step":
            scores[seat] += 1
        else:
            scores[1 - seat] = max(0, scores[1 - seat] - 1)
        return Raid._spend(dataclasses.replace(state, scores=(scores[0], scores[1])))

    @staticmethod
    def _resolve(state: RaidState, outcome: str) -> RaidState:
        if state.pending == "start":
            return dataclasses.replace(state, side=0 if outcome == "G" else 1, pending="-")
        scores = list(state.scores)
        scores[state.side] += 3 if outcome == "W" else 0
        return Raid._spend(dataclasses.replace(state, scores=(scores[0], scores[1]), pending="-"))

    @staticmethod
    def _spend(state: RaidState) -> RaidState:
        if state.actions > 1:
            return dataclasses.replace(state, actions=state.actions - 1)
        return dataclasses.replace(state, side=1 - state.side, actions=2, turns=state.turns + 1)


class RaidRules(DiceDefaults):
    """Raid's ``GameRules``: a game with dice, turns of two actions, a set-up and an opening roll."""

    key = "raid"
    start_text = "0 0 0 2 0 setup"
    level_position_key = "position"
    pgn_name_tags = ("First", "Second")
    pgn_position_tag = "Position"
    traits = frozenset({Trait.ALTERNATING, Trait.REPEATED_SEATS, Trait.CHANCE})
    termination_texts: Mapping[enum.Enum, str] = {
        RaidEnd.TARGET: "Target reached",
        RaidEnd.TURNS: "Out of turns",
    }

    def new_position(self, text: str | None = None) -> Raid:
        fields = (self.start_text if text is None else text).split()
        try:
            first, second, side, actions, turns, pending = fields
            state = RaidState(
                (int(first), int(second)), -1 if side == "-" else int(side), int(actions), int(turns), pending
            )
        except ValueError:
            raise RaidError(f"not a Raid position: {text!r}") from None
        if pending not in ("setup", "start", "gamble", "-") or state.side not in (-1, 0, 1):
            raise RaidError(f"not a Raid position: {text!r}")
        return Raid(state)

    def position_text(self, position: Raid) -> str:
        state = position.state
        side = "-" if state.side < 0 else str(state.side)
        return f"{state.scores[0]} {state.scores[1]} {side} {state.actions} {state.turns} {state.pending}"

    def parse_move(self, text: str) -> str:
        if text in (*ACTIONS, *SETUP) or text in ROLLS:
            return text
        raise RaidError(f"{text!r} is not a Raid move or roll")

    def is_undo_barrier(self, entry: object) -> bool:
        return entry in ROLLS

    def starts_turn(self, position: Raid) -> bool:
        return position.state.pending == "setup" or position.state.actions == 2

    def actions_left(self, position: Raid) -> int | None:
        return None if position.state.pending == "setup" else position.state.actions

    def in_setup(self, position: Raid) -> bool:
        return position.state.pending == "setup"

    def rolls_first_seat(self, start_text: str) -> bool:
        return True

    def first_seat(self, start_text: str) -> int:
        return 0

    def with_first_seat(self, start_text: str, seat: int) -> str:
        return start_text  # the opening roll decides

    def validate_level(self, position: Raid) -> list[LevelProblem]:
        return []


RULES = RaidRules()


# -- Raid for the searches: raw moves as ints, an evaluation --

TOKENS = (*SETUP, *ACTIONS, *(outcome for outcome, _ in OPENING), *(outcome for outcome, _ in GAMBLE))
"""Every move and outcome of Raid; a raw move is its index here."""
POINT = 100
"""The score of one point of lead."""


class RaidSearchPosition:
    """A ``Raid`` as ``game.ai.alphabeta`` and ``game.ai.expectimax`` search it."""

    def __init__(self, raid: Raid) -> None:
        self.raid = raid

    @property
    def turn(self) -> int:
        return self.raid.turn

    @property
    def hash(self) -> int:
        return self.raid.hash

    def raw_moves(self) -> list[int]:
        return [TOKENS.index(move) for move in self.raid.legal_moves()]

    def chance_outcomes_raw(self) -> list[tuple[int, float]]:
        return [(TOKENS.index(outcome), probability) for outcome, probability in self.raid.chance_outcomes()]

    def push_raw(self, raw: int) -> None:
        self.raid.push(TOKENS[raw])

    def pop_raw(self) -> str:
        return self.raid.pop()


class RaidHeuristics:
    """Raid's knowledge for a search: the lead in points, from the seat to move's view."""

    def evaluate(self, position: RaidSearchPosition) -> int:
        scores, seat = position.raid.state.scores, position.turn
        return POINT * (scores[seat] - scores[1 - seat])

    def end_score(self, position: RaidSearchPosition, moves: list[int]) -> int | None:
        from game.ai.limits import WIN_SCORE

        outcome = position.raid.outcome()
        if outcome is None:
            return None
        if outcome.winner is None:
            return 0
        return WIN_SCORE if outcome.winner == position.turn else -WIN_SCORE

    def order(self, position: RaidSearchPosition, moves: list[int]) -> list[int]:
        return moves
