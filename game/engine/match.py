"""A game as a screen drives it, for any game of the arcade: players, history, undo/redo, chance, clock, result.

``Match`` wraps a game's position (through its ``GameRules``) and adds what a
session needs beyond the rules: who plays each seat (a person or the computer
at some level), the history of moves and chance outcomes with a redo stack
(a game may forbid undoing past some entries: Lionheart never undoes a roll),
the match rules players may switch (``options``), one seeded random
generator that draws every chance outcome (so a saved game replays exactly),
the time the game has taken, and the final result with per-seat scores. A
seat may also give the game up (``resign``): the match ends with the generic
``MatchTermination.RESIGNATION``, whatever the game. It is pure logic: no
pygame, no threads. Who plays a seat is ``players``'s; how moves are counted,
``numbering``'s.

>>> from game.engine.ataxx.rules import RULES
>>> match = Match(RULES)
>>> str(match.play(RULES.parse_move("b6"))), match.turn
('b6', <Side.BLUE: 1>)
>>> str(match.undo()), match.can_redo
('b6', True)
>>> match.resign()  # the seat to move gives up
<Side.RED: 0>
>>> match.result.outcome.result(), match.result.outcome.termination.value
('0-1', 'resignation')
"""

from __future__ import annotations

import bisect
import dataclasses
import itertools
import random
import time
from collections.abc import Callable, Mapping
from typing import Any, Generic

from game.engine.core import CHANCE, SEATS, MatchTermination, Outcome, other_seat
from game.engine.numbering import move_numbers, moves_played, next_move_number
from game.engine.players import ENGINE_LEVEL_PREFIX, Player, PlayerKind, engine_key, engine_level
from game.engine.rules import (
    GameRules,
    MoveT,
    PositionT,
    actions_left,
    adjudicate,
    forced_move,
    history_text,
    in_setup,
    is_undo_barrier,
)

__all__ = [
    "ENGINE_LEVEL_PREFIX",
    "Match",
    "MatchConfig",
    "MatchOverError",
    "MatchResult",
    "NotChanceError",
    "Player",
    "PlayerKind",
    "TurnRecord",
    "engine_key",
    "engine_level",
    "move_numbers",
    "moves_played",
    "next_move_number",
]


MAX_DRAWS = 1_000_000
"""More draws of the dice than any game makes: a generator state beyond it is refused."""


@dataclasses.dataclass(frozen=True)
class TurnRecord:
    """One turn of a match as the move list shows it: the seat that played it and its entries in order.

    ``seat`` is ``None`` for the rolls before anyone's first move (an opening
    roll that decides who starts, after the set-up if there is one). ``entries`` are ``(seat, entry)`` pairs as
    ``Match.history`` gives them: the seat's actions and the rolls among and
    after them. ``number`` is the full-move number of the turn's first action
    (``move_numbers``; 0 for the opening rolls).
    """

    seat: int | None
    number: int
    entries: tuple[tuple[int, Any], ...]
    setup: bool = False
    """Whether this is a seat's set-up (placing its army before the first move; ``number`` is 0)."""


@dataclasses.dataclass(frozen=True)
class _Played:
    """How an entry of a match's history was played: where undo may stop, how the move list groups turns."""

    seat: int
    """The seat that played it, or ``CHANCE`` for a roll."""
    starts_turn: bool
    """Played at the start of its seat's turn."""
    forced: bool
    """Nobody chose it (Ataxx's forced pass)."""
    setup: bool
    """A set-up action (placing an army before the first move)."""


class MatchOverError(ValueError):
    """A move was offered after the match ended."""


class NotChanceError(ValueError):
    """Dice were asked for when no roll is due (or a move was offered while one is)."""


@dataclasses.dataclass(frozen=True)
class MatchResult:
    """The end of a match: the outcome (with the final scores), its length, and the game's note.

    ``plies`` counts every entry of the history (moves, passes, rolls);
    ``moves`` is the length the screens say, in full moves (``move_numbers``).
    ``detail`` is what a match rule left for the board to show (Ataxx's early
    finish: the squares it filled), else ``None``.
    """

    outcome: Outcome
    plies: int
    elapsed: float
    detail: Any = None
    moves: int = 0

    @property
    def scores(self) -> tuple[int, ...]:
        """The final score of each seat."""
        return self.outcome.scores

    def score(self, seat: int) -> int:
        """The final score of ``seat`` (0 when the game keeps none)."""
        scores = self.outcome.scores
        return scores[seat] if seat < len(scores) else 0


class Match(Generic[PositionT, MoveT]):
    """A game between two players from a start position, with undo/redo and a final result.

    ``clock`` returns seconds (``time.monotonic`` by default); tests pass a
    fake one. ``seed`` seeds the generator of chance outcomes. The position is
    the match's own: read it freely, change it only through ``play``, ``roll``,
    ``undo`` and ``redo``.
    """

    def __init__(
        self,
        rules: GameRules[PositionT, MoveT],
        start: str | None = None,
        players: tuple[Player, Player] | None = None,
        options: Mapping[str, bool] | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        elapsed: float = 0.0,
        seed: int | None = None,
        draws: int = 0,
    ) -> None:
        self.rules = rules
        self.position: PositionT = rules.new_position(start)
        self.start_text = rules.position_text(self.position)
        self.players: tuple[Player, Player] = players or (Player.human(), Player.human())
        self.options: dict[str, bool] = {option.key: option.default for option in rules.options}
        for key, value in (options or {}).items():
            if key in self.options:
                self.options[key] = bool(value)
        self.seed = seed if seed is not None else random.randrange(2**32)
        if not 0 <= draws <= MAX_DRAWS:
            raise ValueError(f"the dice generator cannot have drawn {draws} times (0 to {MAX_DRAWS})")
        self.rng = random.Random(self.seed)
        self.draws = 0
        """How many numbers the generator has drawn: with ``seed``, the generator's whole state."""
        for _ in range(draws):
            self._draw_number()
        self._clock = clock
        self._elapsed_before = elapsed
        self._running_since: float | None = clock()
        self._history: list[MoveT] = []
        self._played: list[_Played] = []  # how each entry of the history was played
        self._start_turn: int = self.position.turn
        self._start_in_setup = in_setup(rules, self.position)
        self._redo: list[MoveT] = []
        self._resigned: int | None = None
        self._result: MatchResult | None = None
        self._update_result()

    # -- who plays --

    @property
    def turn(self) -> int:
        """The seat to move, or ``CHANCE`` while dice are to be rolled (the game's own value: Ataxx's ``Side``)."""
        turn: int = self.position.turn
        return turn

    @property
    def at_chance(self) -> bool:
        """Whether the next step is a roll of the dice (``roll``)."""
        return self._result is None and self.position.turn == CHANCE

    def player(self, seat: int) -> Player:
        """The player of ``seat``."""
        return self.players[seat]

    @property
    def current_player(self) -> Player:
        """The player whose turn it is (seat 0's while dice are rolled)."""
        turn = self.position.turn
        return self.players[turn if turn != CHANCE else 0]

    @property
    def computer_to_move(self) -> bool:
        """Whether the computer should move now (the match goes on and it is its turn, not the dice's)."""
        return self._result is None and self.position.turn != CHANCE and not self.current_player.is_human

    @property
    def has_human(self) -> bool:
        """Whether a person plays at least one seat."""
        return any(player.is_human for player in self.players)

    # -- moves --

    @property
    def moves(self) -> list[MoveT]:
        """The moves and chance outcomes played from the start position, oldest first."""
        return list(self._history)

    def history(self) -> list[tuple[int, MoveT]]:
        """Every entry played, oldest first, with the seat that played it (``CHANCE`` for a roll)."""
        return [(played.seat, entry) for played, entry in zip(self._played, self._history, strict=True)]

    @property
    def ply(self) -> int:
        """The number of moves and chance outcomes played."""
        return len(self._history)

    @property
    def first_seat(self) -> int:
        """The seat that moves first: the start position's, else (a set-up or a roll comes first) the first
        seat that played after them; seat 0 until then."""
        if self._start_turn != CHANCE and not self._start_in_setup:
            return int(self._start_turn)
        return next((seat for seat in self._numbered_turns() if seat != CHANCE), 0)

    def _numbered_turns(self) -> list[int]:
        """The seat of each entry as moves are numbered: set-up actions, like rolls, are no moves."""
        return [CHANCE if played.setup else played.seat for played in self._played]

    @property
    def full_moves(self) -> int:
        """The full moves played, as the move list numbers them (see ``move_numbers``)."""
        return moves_played(self._numbered_turns(), self.first_seat)

    @property
    def move_number(self) -> int:
        """The number of the move to play next ("move 4"), as the move list will number it."""
        return next_move_number(self._numbered_turns(), self.first_seat, self.position.turn)

    def position_text(self) -> str:
        """The position with its history, as text (what the AI worker is given)."""
        return history_text(self.start_text, [self.rules.move_text(entry) for entry in self._history])

    def entry_text(self, entry: MoveT) -> str:
        """A move's or chance outcome's text in the game's notation (one token)."""
        return self.rules.move_text(entry)

    @property
    def in_setup(self) -> bool:
        """Whether the seats are still setting up (placing their armies) before the first move."""
        return self._result is None and in_setup(self.rules, self.position)

    @property
    def starts_turn(self) -> bool:
        """Whether the seat to move is at the first action of its turn (not at a roll, not over)."""
        return self._result is None and self.position.turn != CHANCE and self.rules.starts_turn(self.position)

    @property
    def actions_left(self) -> int | None:
        """The actions left in the turn of the seat to move, for games of several actions a turn, else ``None``."""
        return actions_left(self.rules, self.position)

    def turn_records(self) -> list[TurnRecord]:
        """The history as turns, oldest first: each seat's turn with its actions and rolls (see ``TurnRecord``).

        A turn begins with a seat's action at the start of its turn (or its
        first action after the opening rolls); a roll belongs to the turn it
        falls in; each seat's set-up is a record, and the rolls before anyone's
        first move (after the set-up) make a record of their own.
        """
        numbers = move_numbers(self._numbered_turns(), self.first_seat)
        records: list[TurnRecord] = []
        current: TurnRecord | None = None
        entries: list[tuple[int, Any]] = []

        def close() -> None:
            if current is not None and entries:
                records.append(dataclasses.replace(current, entries=tuple(entries)))

        for played, entry, number in zip(self._played, self._history, numbers, strict=True):
            turn = played.seat
            if turn == CHANCE:
                opening = current is None or current.setup
                if opening and (current is None or current.seat is not None):
                    close()
                    current, entries = TurnRecord(None, 0, ()), []
            elif (
                current is None
                or current.seat is None
                or played.starts_turn
                or turn != current.seat
                or played.setup != current.setup
            ):
                close()
                current, entries = TurnRecord(turn, 0 if played.setup else number, (), played.setup), []
            entries.append((turn, entry))
        close()
        return records

    def legal_moves(self) -> list[MoveT]:
        """The moves the seat to move may play; ``[]`` once the match is over or at a roll."""
        if self._result is not None or self.position.turn == CHANCE:
            return []
        return list(self.position.legal_moves())

    def forced_move(self) -> MoveT | None:
        """A move nobody chooses (Ataxx's forced pass), or ``None``."""
        if self._result is not None or self.position.turn == CHANCE:
            return None
        return forced_move(self.rules, self.position)

    def play(self, move: MoveT) -> MoveT:
        """Play ``move`` for the seat to move and return it.

        Raises ``MatchOverError`` after the end, ``NotChanceError`` while a roll
        is due, and the game's ``ValueError`` for an illegal move; in every case
        nothing changes. Playing the move that ``redo`` would replay keeps the
        rest of the redo stack.
        """
        self._check_open()
        if self.position.turn == CHANCE:
            raise NotChanceError("the dice must be rolled first")
        self._push(move)
        return move

    def roll(self) -> MoveT:
        """At a chance node, draw an outcome with the match's generator, play it and return it.

        With a roll taken back waiting to be replayed, that roll comes again
        (the same dice as before) and nothing is drawn.
        """
        self._check_open()
        if self.position.turn != CHANCE:
            raise NotChanceError("no roll is due: it is a player's turn")
        if self._redo:
            outcome = self._redo[-1]  # replaying history: the same dice as before
        else:
            outcomes = self.position.chance_outcomes()
            # As random.choices draws one item by weight (one number a draw), so a seed gives the same dice.
            cumulative = list(itertools.accumulate(weight for _, weight in outcomes))
            index = bisect.bisect(cumulative, self._draw_number() * cumulative[-1], 0, len(outcomes) - 1)
            outcome = outcomes[index][0]
        self._push(outcome)
        return outcome

    def replay(self, entry: MoveT) -> MoveT:
        """Play a recorded entry: a move for the seat to move, or at a chance node the outcome rolled then.

        What a save's record replays: a recorded outcome is pushed as it is
        (nothing is drawn), so a record never depends on how its dice were
        drawn. The game's ``ValueError`` if the entry is not legal here (an
        outcome the roll cannot give included); ``MatchOverError`` after the end.
        """
        self._check_open()
        self._push(entry)
        return entry

    def _draw_number(self) -> float:
        self.draws += 1
        return self.rng.random()

    def _check_open(self) -> None:
        if self._result is not None:
            raise MatchOverError(
                f"the match is over ({self._result.outcome.termination.value}); no more moves"
            )

    def _push(self, entry: MoveT) -> None:
        position = self.position
        turn = position.turn
        starts_turn = turn != CHANCE and self.rules.starts_turn(position)
        forced = turn != CHANCE and forced_move(self.rules, position) is not None
        setup = in_setup(self.rules, position)
        position.push(entry)
        self._history.append(entry)
        self._played.append(_Played(turn, starts_turn, forced, setup))
        if self._redo and self._redo[-1] == entry:
            self._redo.pop()
        else:
            self._redo.clear()
        self._update_result()

    @property
    def can_undo(self) -> bool:
        """Whether the last entry can be taken back (none, or a game's barrier, stops it)."""
        return bool(self._history) and not is_undo_barrier(self.rules, self._history[-1])

    @property
    def can_redo(self) -> bool:
        """Whether a taken-back entry can be replayed."""
        return bool(self._redo)

    def undo(self) -> MoveT:
        """Take back the last entry (even after the end); ``IndexError`` if there is none or a barrier stops it.

        After a resignation the resignation goes with it, as any end does when
        the last move is taken back (a resignation before any move stays).
        """
        if not self.can_undo:
            raise IndexError("nothing to undo")
        entry: MoveT = self.position.pop()
        self._history.pop()
        self._played.pop()
        self._redo.append(entry)
        self._resigned = None
        self._update_result()
        return entry

    def redo(self) -> MoveT:
        """Replay the last entry taken back; ``IndexError`` if there is none."""
        if not self._redo:
            raise IndexError("nothing to redo")
        self._check_open()
        entry = self._redo[-1]
        self._push(entry)
        return entry

    def _undo_target(self) -> int | None:
        """The ply ``undo_turn`` goes back to, or ``None`` (see there)."""
        if not self.has_human:
            return None
        history = self._history
        limit = next(
            (
                index + 1
                for index in range(len(history) - 1, -1, -1)
                if is_undo_barrier(self.rules, history[index])
            ),
            0,
        )

        def persons_choice(ply: int) -> bool:
            played = self._played[ply]
            return played.seat != CHANCE and self.players[played.seat].is_human and not played.forced

        for ply in range(len(history) - 1, limit - 1, -1):
            if self._played[ply].starts_turn and persons_choice(ply):
                return ply
        # No turn start is left to go back to: the start of that turn lies before a roll (the person's
        # first action after it is as far back as the dice allow), or the person's only turns were
        # forced (the start of the game).
        if (
            limit < len(history)
            and self._played[limit].seat != CHANCE
            and self.players[self._played[limit].seat].is_human
        ):
            return limit
        return None

    @property
    def can_undo_turn(self) -> bool:
        """Whether ``undo_turn`` would take anything back."""
        return self._undo_target() is not None

    def undo_turn(self) -> list[MoveT]:
        """Take back entries to the start of the last turn in which a person had a real choice.

        Against the computer this returns the player to the start of their
        previous turn; between two people, to the start of the last turn. A
        forced move (Ataxx's pass) is no choice. It never crosses an undo
        barrier (Lionheart's rolls): when the start of that turn lies before a
        roll, it stops at the person's first choice after the roll, and when
        no person chose anything since the last roll it takes nothing back.
        So it never leaves the computer to move again with dice it has seen.
        Returns the entries taken back, latest first; ``[]`` when nothing can
        be (no person plays, nothing to undo, a roll in the way).
        """
        target = self._undo_target()
        undone: list[MoveT] = []
        while target is not None and self.ply > target:
            undone.append(self.undo())
        return undone

    def at_persons_choice(self) -> bool:
        """Whether a person is at the start of a turn with a real choice (what ``redo_turn`` replays up to)."""
        return (
            self._result is None
            and self.position.turn != CHANCE
            and self.current_player.is_human
            and self.rules.starts_turn(self.position)
            and forced_move(self.rules, self.position) is None
        )

    def redo_turn(self) -> list[MoveT]:
        """Replay entries taken back up to the next start of a turn where a person chooses (at least one).

        Returns the entries replayed, oldest first (``[]`` with nothing to redo
        or after the end).
        """
        replayed: list[MoveT] = []
        while self.can_redo and self._result is None:
            replayed.append(self.redo())
            if self.at_persons_choice():
                break
        return replayed

    @property
    def redo_moves(self) -> list[MoveT]:
        """The entries ``redo`` would replay, next first."""
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

    def resign(self, seat: int | None = None) -> int:
        """``seat`` gives the game up (by default the seat to move): the match ends, won by the other seat.

        The result's termination is ``MatchTermination.RESIGNATION`` (a save
        writes it in its ``Termination`` tag), its scores the game's scores of
        the position now (``rules.scores``). Returns the seat that resigned
        (the game's own value, Ataxx's ``Side``, when it is the seat to move's
        default). ``MatchOverError`` after the end; ``NotChanceError`` when no seat
        is named while dice are to be rolled; ``ValueError`` for a seat that is
        not 0 or 1. Taking back the last move (``undo``) takes it back too.
        """
        self._check_open()
        turn = self.position.turn
        if seat is None:
            if turn == CHANCE:
                raise NotChanceError(
                    "no seat is to move while the dice are to be rolled: name the seat that resigns"
                )
            seat = turn
        elif seat not in SEATS or isinstance(seat, bool):
            raise ValueError(f"only seat 0 or 1 can resign, not {seat!r}")
        self._resigned = seat
        self._update_result()
        return seat

    @property
    def resigned(self) -> int | None:
        """The seat that gave the game up (``resign``), or ``None``."""
        return self._resigned

    @property
    def result(self) -> MatchResult | None:
        """The result once the match is over, else ``None``."""
        return self._result

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self._result is not None

    def _update_result(self) -> None:
        position = self.position
        detail = None
        if self._resigned is not None:
            scores = self.rules.scores(position)
            outcome: Outcome | None = Outcome(
                MatchTermination.RESIGNATION, other_seat(self._resigned), scores
            )
        else:
            outcome = self.rules.outcome(position, self.options)
        if outcome is None:
            adjudication = adjudicate(self.rules, position, self.options)
            if adjudication is not None:
                outcome, detail = adjudication.outcome, adjudication.detail
        if outcome is None:
            if self._result is not None:  # an undo reopened the match
                self._result = None
                self.resume()
            return
        self.pause()
        self._result = MatchResult(outcome, self.ply, self.elapsed, detail, self.full_moves)


@dataclasses.dataclass(frozen=True)
class MatchConfig:
    """Who plays a new match: the computer (at ``level``) or a second player, whose seat, who starts.

    ``level`` may name an engine the player added (``engine_level``); ``computer_name`` is then its name.
    """

    vs_computer: bool = True
    level: str = "casual"
    human_seat: int = 0
    first: int = 0
    computer_name: str = ""

    def players(self) -> tuple[Player, Player]:
        """The match's players, seat 0's first; people unnamed (the screens name them by their seat)."""
        if not self.vs_computer:
            return (Player.human(), Player.human())
        you, computer = Player.human("You"), Player.computer(self.level, self.computer_name)
        return (you, computer) if self.human_seat == 0 else (computer, you)

    def start(self, rules: GameRules[Any, Any], level_position: str) -> str:
        """The level's position with the chosen seat to move first (its own if the rules fix who starts)."""
        if rules.first_seat_fixed(level_position):
            return level_position
        return rules.with_first_seat(level_position, self.first)

    def swapped(self) -> MatchConfig:
        """The same game with the seats swapped (a rematch from the other side)."""
        if self.vs_computer:
            return dataclasses.replace(self, human_seat=1 - self.human_seat, first=1 - self.first)
        return dataclasses.replace(self, first=1 - self.first)

    @classmethod
    def for_match(cls, match: Match[Any, Any]) -> MatchConfig:
        """The configuration a loaded match was played with (for its rematch)."""
        first = match.rules.first_seat(match.start_text)
        computers = [seat for seat, player in enumerate(match.players) if not player.is_human]
        if len(computers) == 1:
            computer = match.players[computers[0]]
            return cls(True, computer.level or "casual", 1 - computers[0], first, computer.name)
        return cls(False, "casual", 0, first)
