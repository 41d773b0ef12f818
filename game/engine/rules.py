"""What a game's rules offer the generic layers: the match, saves, levels, the AI worker.

Each game's engine package has one object implementing ``GameRules`` (Ataxx's
is ``game.engine.ataxx.rules.RULES``); ``game.games`` points at it. The
generic code asks it for positions and notation, for the match rules players
may switch (``RuleOption``), for the end of a game (``outcome``), and for how
its positions and levels are written in files. It never looks inside a position
beyond the surface of ``game.engine.core.Position``.

What only some games have is a capability of its own, a protocol the generic
code asks for (through the functions below of the same names, which give a game
without it the usual answer): dice (``HasDice``), turns of several actions
(``HasSeveralActions``), a set-up (``HasSetup``), match rules ending a game
early (``HasAdjudication``, Ataxx's early finish), forced moves
(``HasForcedMoves``), older records (``HasOlderRecords``).

Positions travel as text with their history (the AI worker needs it for
repetition): the start position's text, then ``moves`` and the moves (and
chance outcomes) played since, in the game's notation.

>>> history_text("x5o/7/7/7/7/7/o5x x 0 1", ["b6", "a1a3"])
'x5o/7/7/7/7/7/o5x x 0 1 moves b6 a1a3'
>>> split_history_text("x5o/7/7/7/7/7/o5x x 0 1 moves b6 a1a3")
('x5o/7/7/7/7/7/o5x x 0 1', ['b6', 'a1a3'])
>>> split_history_text("x5o/7/7/7/7/7/o5x x 0 1")
('x5o/7/7/7/7/7/o5x x 0 1', [])
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from game.engine.core import CHANCE, Outcome, Position, Trait, require_text

__all__ = [
    "Adjudication",
    "DiceDefaults",
    "GameRules",
    "HasAdjudication",
    "HasDice",
    "HasForcedMoves",
    "HasOlderRecords",
    "HasSetup",
    "HasSeveralActions",
    "LevelProblem",
    "MoveT",
    "PositionT",
    "RollLuck",
    "RuleOption",
    "RulesDefaults",
    "Severity",
    "actions_left",
    "adjudicate",
    "forced_move",
    "history_text",
    "in_setup",
    "is_undo_barrier",
    "replay",
    "roll_luck",
    "rolls_first_seat",
    "split_history_text",
    "with_turn_field",
]

MAX_HISTORY_TEXT = 200_000
"""Longer position texts are refused unread (a whole long game is far shorter)."""


@dataclasses.dataclass(frozen=True)
class RuleOption:
    """A match rule a player may switch on or off (options screen, saved with each game)."""

    key: str
    """Stable identifier, as stored in settings and saves (``early_finish``)."""
    label: str
    """English text shown through ``tr`` (``Early finish``)."""
    default: bool = True


@dataclasses.dataclass(frozen=True)
class Adjudication:
    """A match rule ended the game: how, and what the screen should show of it.

    ``outcome.scores`` are the final scores after the rule (Ataxx's early
    finish gives the remaining squares to one side); ``detail`` is the game's
    own note for its board controller (the squares filled).
    """

    outcome: Outcome
    detail: Any = None


@dataclasses.dataclass(frozen=True)
class RollLuck:
    """What a roll of the dice did for the seat that rolled it: the hits it could expect, and those it rolled.

    The post-game analysis adds these up per seat ("expected hits vs rolled"), to tell luck from skill.
    """

    seat: int
    expected: float
    rolled: float


class Severity(enum.Enum):
    """How serious a level validation finding is."""

    REFUSED = "refused"
    """The position cannot be played."""
    WARNING = "warning"
    """Playable, but against the usual guidelines; the player may go on."""


@dataclasses.dataclass(frozen=True)
class LevelProblem:
    """One validation finding of a level, with the places it concerns (a game's own value, e.g. a bitboard)."""

    severity: Severity
    code: str
    message: str
    places: Any = 0


PositionT = TypeVar("PositionT", bound=Position)
"""A game's own position type (Ataxx's ``Board``), which its ``GameRules`` take and give."""
MoveT = TypeVar("MoveT")
"""A game's own entry type: its moves and, in a game with dice, its chance outcomes (Ataxx's ``Move``)."""


class GameRules(Protocol[PositionT, MoveT]):
    """One game's rules as the generic layers use them (see the module docstring)."""

    key: str
    """The registry key (``ataxx``)."""
    start_text: str
    """The standard start position."""
    options: tuple[RuleOption, ...]
    """The match rules a player may switch."""
    level_position_key: str
    """The key of the position in a level file (``fen`` for Ataxx)."""
    pgn_name_tags: tuple[str, str]
    """The PGN tags naming seat 0's and seat 1's players (Ataxx: ``Black``, ``White``, as libataxx)."""
    pgn_position_tag: str
    """The PGN tag of a start position other than the standard one (``FEN``)."""
    can_draw: bool
    """Whether a game can end in a draw (the statistics show no draws for a game that cannot)."""
    traits: frozenset[Trait]
    """What the game asks of a search: ``ALTERNATING`` always, ``REPEATED_SEATS`` for turns of several
    actions, ``CHANCE`` with dice, positions whose ``turn`` is ``CHANCE`` (``game.ai.api.check_search`` refuses
    an AI that cannot handle one)."""
    pgn_nags: bool
    """Whether an annotated PGN of the game may mark moves with NAG tokens (``$4``); a game whose usual
    readers stop at one writes the mark at the start of the move's comment instead."""

    def new_position(self, text: str | None = None) -> PositionT:
        """A position from its text (the standard start by default); a ``ValueError`` if the text is bad."""
        ...

    def position_text(self, position: PositionT) -> str:
        """The text of ``position`` (without its history)."""
        ...

    def parse_move(self, text: str) -> MoveT:
        """A move (or chance outcome) from its text; a ``ValueError`` saying what is wrong."""
        ...

    def move_text(self, entry: MoveT) -> str:
        """The text of a move or chance outcome, one token (no spaces, no parentheses), as ``parse_move`` reads it."""
        ...

    def starts_turn(self, position: PositionT) -> bool:
        """Whether the seat to move in ``position`` (not a chance node) is at the first action of its turn."""
        ...

    def first_seat_fixed(self, start_text: str) -> bool:
        """Whether the rules, not the players, name the seat to move first from ``start_text`` (its own)."""
        ...

    def outcome(self, position: PositionT, options: Mapping[str, bool]) -> Outcome | None:
        """How the game ended under the switchable ``options``, or ``None`` while it goes on."""
        ...

    def scores(self, position: PositionT) -> tuple[int, ...]:
        """Each seat's score in ``position`` as its ``Outcome`` would hold them (pieces, triples...), at any
        moment of the game: what a match ended by the players (a resignation) keeps as its final scores."""
        ...

    def first_seat(self, start_text: str) -> int:
        """The seat to move first in the start position ``start_text``."""
        ...

    def with_first_seat(self, start_text: str, seat: int) -> str:
        """``start_text`` with ``seat`` to move first."""
        ...

    def validate_level(self, position: PositionT) -> list[LevelProblem]:
        """Why ``position`` cannot be a level (REFUSED) or is unusual (WARNING); ``[]`` if fine."""
        ...

    def termination_text(self, termination: enum.Enum) -> str:
        """The reason a game ended, as an English text shown through ``tr``."""
        ...

    def longest_game(self, position: PositionT) -> int | None:
        """The most entries (moves, passes, chance outcomes) a game from ``position`` can still have under
        the rules, whatever the match options; ``None`` if the rules set no bound.

        A record longer than this is no game of these rules: the PGN reader refuses it unread (a hostile
        file), so it must never be below a game the match can play. Each game explains its bound.
        """
        ...


@runtime_checkable
class HasOlderRecords(Protocol):
    """A game whose rules came to ask for an entry that records written before did not hold.

    Saves read with it (``game.engine.saves``) play the entry left out where it
    belongs, so such a record still loads; a record the rules refuse for any
    other reason is refused as before.
    """

    def implied_entry(self, position: Any, entry: Any) -> Any | None:
        """The entry an older record left out before ``entry`` in ``position`` (played first), or ``None``."""
        ...


@runtime_checkable
class HasDice(Protocol):
    """A game with chance nodes (``Trait.CHANCE``): who starts, undo and the analysis's luck depend on its rolls.

    ``DiceDefaults`` gives what a game with dice does not change.
    """

    def rolls_first_seat(self, start_text: str) -> bool:
        """Whether an opening roll, not the players, decides who moves first from ``start_text``."""
        ...

    def is_undo_barrier(self, entry: Any) -> bool:
        """Whether undo must stop before taking back ``entry`` (a move or chance outcome)."""
        ...

    def roll_luck(self, position: Any, outcome: Any) -> RollLuck | None:
        """At a chance node, what rolling ``outcome`` (one of ``chance_outcomes()``) did for the seat that
        rolls, against what it could expect; ``None`` for a roll that scores nothing (an opening roll)."""
        ...


@runtime_checkable
class HasSeveralActions(Protocol):
    """A game whose seat may act several times in one turn (``Trait.REPEATED_SEATS``)."""

    def actions_left(self, position: Any) -> int | None:
        """The actions left in the turn of the seat to move (``None`` where no turn is being counted)."""
        ...


@runtime_checkable
class HasSetup(Protocol):
    """A game that starts with a set-up: each seat places its army before the first move."""

    def in_setup(self, position: Any) -> bool:
        """Whether ``position`` is in the set-up before the first move.

        During it the seat to move places, and a person placing never sees the
        other seat's placement (the match screen hides it).
        """
        ...


@runtime_checkable
class HasAdjudication(Protocol):
    """A game with match rules that may end a game before its rules do (Ataxx's early finish)."""

    def adjudicate(self, position: Any, options: Mapping[str, bool]) -> Adjudication | None:
        """A match rule ending the game early (perft and UAI ignore these), or ``None``."""
        ...


@runtime_checkable
class HasForcedMoves(Protocol):
    """A game where a seat may have to play a move nobody chooses (Ataxx's forced pass)."""

    def forced_move(self, position: Any) -> Any | None:
        """That move in ``position``, which the match screen announces and plays; ``None`` for a choice."""
        ...


class RulesDefaults:
    """The generic answers of ``GameRules``; a game's rules inherit what fits.

    A subclass gives ``key``, its notation and positions (``new_position`` and
    the rest of ``GameRules``), and ``termination_texts``, the English text of
    each of its reasons for a game's end.
    """

    options: tuple[RuleOption, ...] = ()
    termination_texts: Mapping[enum.Enum, str] = {}
    can_draw: bool = True
    traits: frozenset[Trait] = frozenset({Trait.ALTERNATING})
    pgn_nags: bool = True

    def new_position(self, text: str | None = None) -> Any:
        """A position from its text (the game's own, in a subclass)."""
        raise NotImplementedError

    def move_text(self, entry: Any) -> str:
        """A move's own text (``str(move)``)."""
        return str(entry)

    def starts_turn(self, position: Any) -> bool:
        """One action a turn: every move starts one."""
        return True

    def first_seat_fixed(self, start_text: str) -> bool:
        """The players choose who starts."""
        return False

    def outcome(self, position: Any, options: Mapping[str, bool]) -> Outcome | None:
        """The end by the rules alone (no switchable rule changes it)."""
        return position.outcome()  # type: ignore[no-any-return]

    def scores(self, position: Any) -> tuple[int, ...]:
        """No scores kept (a game that counts something gives its own)."""
        return ()

    def first_seat(self, start_text: str) -> int:
        """The side to move in ``start_text``."""
        return int(self.new_position(start_text).turn)

    def termination_text(self, termination: enum.Enum) -> str:
        """Why the game ended (an English key for ``tr``)."""
        text = self.termination_texts.get(termination)
        return text if text else str(getattr(termination, "value", termination)).capitalize()

    def longest_game(self, position: Any) -> int | None:
        """No bound known: only the size of a file limits what is read of it."""
        return None


class DiceDefaults(RulesDefaults):
    """The answers of a game with dice (``HasDice``) that keeps the usual ones: a subclass overrides what differs."""

    traits: frozenset[Trait] = frozenset({Trait.ALTERNATING, Trait.CHANCE})

    def rolls_first_seat(self, start_text: str) -> bool:
        """Whether the start position waits on a roll (``turn == CHANCE``), which then decides who starts."""
        return bool(self.new_position(start_text).turn == CHANCE)

    def is_undo_barrier(self, entry: object) -> bool:
        """Any move may be taken back."""
        return False

    def roll_luck(self, position: Any, outcome: Any) -> RollLuck | None:
        """No roll that scores: no luck to count."""
        return None


# -- the capabilities, asked for: what a game without one answers ---------------------------------


def rolls_first_seat(rules: GameRules[Any, Any], start_text: str) -> bool:
    """Whether an opening roll, not the players, decides who moves first from ``start_text``."""
    return isinstance(rules, HasDice) and rules.rolls_first_seat(start_text)


def is_undo_barrier(rules: GameRules[Any, MoveT], entry: MoveT) -> bool:
    """Whether undo must stop before taking back ``entry``: only a roll of a game with dice may stop it."""
    return isinstance(rules, HasDice) and rules.is_undo_barrier(entry)


def roll_luck(rules: GameRules[PositionT, MoveT], position: PositionT, outcome: MoveT) -> RollLuck | None:
    """What rolling ``outcome`` at the chance node ``position`` did for the seat that rolls (``HasDice``)."""
    return rules.roll_luck(position, outcome) if isinstance(rules, HasDice) else None


def actions_left(rules: GameRules[PositionT, Any], position: PositionT) -> int | None:
    """The actions left in the turn of the seat to move, for a game of several actions a turn, else ``None``."""
    return rules.actions_left(position) if isinstance(rules, HasSeveralActions) else None


def in_setup(rules: GameRules[PositionT, Any], position: PositionT) -> bool:
    """Whether ``position`` is in a game's set-up (``HasSetup``); a game without one never is."""
    return isinstance(rules, HasSetup) and rules.in_setup(position)


def adjudicate(
    rules: GameRules[PositionT, Any], position: PositionT, options: Mapping[str, bool]
) -> Adjudication | None:
    """A match rule ending the game early (``HasAdjudication``), or ``None``."""
    return rules.adjudicate(position, options) if isinstance(rules, HasAdjudication) else None


def forced_move(rules: GameRules[PositionT, MoveT], position: PositionT) -> MoveT | None:
    """A move nobody chooses in ``position`` (``HasForcedMoves``), or ``None``: every move is chosen."""
    if isinstance(rules, HasForcedMoves):
        move: MoveT | None = rules.forced_move(position)
        return move
    return None


def history_text(start: str, moves: Sequence[str]) -> str:
    """A position as the start position's text and the moves played since (see the module docstring)."""
    if not moves:
        return start
    return f"{start} moves {' '.join(moves)}"


def with_turn_field(text: str, symbol: str) -> str:
    """A position text whose second field, the side to move, is ``symbol``; every other field kept (the
    notations whose second field says who moves: Ataxx's FEN, Attangle's text)."""
    fields = text.split()
    fields[1] = symbol
    return " ".join(fields)


def split_history_text(text: str) -> tuple[str, list[str]]:
    """The start position's text and the moves of a ``history_text``; a ``ValueError`` if it is not one."""
    text = require_text(text, "a position", ValueError)
    if len(text) > MAX_HISTORY_TEXT:
        raise ValueError(f"the position text is {len(text)} characters long, more than any game needs")
    start, separator, moves = text.partition(" moves ")
    if not separator:
        if text.endswith(" moves"):
            return text[: -len(" moves")].strip(), []
        return text.strip(), []
    return start.strip(), moves.split()


def replay(rules: GameRules[PositionT, Any], text: str) -> PositionT:
    """The position a ``history_text`` describes, every move pushed; the game's ``ValueError`` if it cannot be."""
    start, moves = split_history_text(text)
    position = rules.new_position(start)
    for index, move_text in enumerate(moves, start=1):
        try:
            position.push(rules.parse_move(move_text))
        except ValueError as error:
            # The game's own error class (IllegalMoveError...), with the move's place in the text.
            message = f"move {index} ({move_text}): {error}"
            try:
                located = type(error)(message)
            except TypeError:  # an error class that wants more than a message
                located = ValueError(message)
            raise located from None
    return position
