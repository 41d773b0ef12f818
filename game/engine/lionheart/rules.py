"""Lionheart as the generic layers see it: ``RULES``, the ``GameRules`` of its registry entry.

A game with dice (every attack and the opening roll are chance nodes), turns
of two actions, a set-up (level 2: each side places its army one base at a
time) and an opening roll that decides who starts. Rolls are undo barriers.
Entries are actions (``Move``) and rolls (sorted tuples of faces), written as
one token each:

>>> RULES.parse_move("HHFP"), str(RULES.parse_move("c2xd3"))
(('arrow', 'axe', 'axe', 'panic'), 'c2xd3')
>>> RULES.move_text(("panic", "axe")), RULES.is_undo_barrier(("axe",)), RULES.is_undo_barrier(Move.done())
('HP', True, False)
>>> [problem.code for problem in RULES.validate_level(RULES.new_position())]
[]
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.engine.core import CHANCE, Trait
from game.engine.lionheart.battle import (
    GOLD,
    KING_SQUARES,
    MAX_BASES,
    QUIET_TURNS,
    SILVER,
    STANDARD_TEXT,
    Battle,
    Termination,
    army_problems,
    hits,
)
from game.engine.lionheart.notation import (
    KINDS,
    PLACEABLE,
    InvalidMoveError,
    Move,
    outcome_text,
    parse_outcome,
)
from game.engine.rules import DiceDefaults, GameRules, LevelProblem, RollLuck, Severity

__all__ = ["RULES", "LionheartRules", "validate_position"]

# Typed as the base class's mapping: a dict of Lionheart's own Termination would not be one (keys are invariant).
TERMINATION_TEXTS: Mapping[enum.Enum, str] = {
    Termination.KING_KILLED: "The king is killed",
    Termination.ARMY_DESTROYED: "The king stands alone",
    Termination.BOTH_FALLEN: "Both armies fell at once",
    Termination.QUIET: "Thirty turns without a loss",
}
"""Why a battle ended, as the results screen says it (English keys for ``tr``)."""

_DICE_LETTERS = frozenset("HFP")
OPENING_ROUNDS = 64
"""The opening rolls a record may hold, counted in rounds (Gold's four dice, then Silver's).

A tie rolls again without end in the rules; both sides roll as many axes
(each die an axe one time in two) 70 times in 256, so 63 ties in a row come
about once in 3 x 10^35 battles: never in one played."""
ENTRIES_PER_TURN = 6
"""Two actions a turn, each an attack at most, followed by its roll and the lone soldier's second roll."""


def _fullest_army() -> int:
    """The most figures an army within level 2's table fields: its king and the nine largest bases the
    table allows (two of mass infantry and seven of four figures: 49)."""
    bases: list[int] = []
    for kind in PLACEABLE:
        info = KINDS[kind]
        size = max(info.base_sizes)
        bases += [size] * min(info.max_bases, info.army_limit // size)
    return KINDS["K"].base_sizes[0] + sum(sorted(bases, reverse=True)[: MAX_BASES - 1])


MOST_FIGURES = 2 * _fullest_army()
"""The most figures a battle of the game holds: two of the fullest armies the table allows (98)."""


def validate_position(battle: Battle) -> list[LevelProblem]:
    """The reasons ``battle`` cannot be a level (REFUSED) or is unusual (WARNING); [] if fine.

    Refused: a battle already over, a side without its king (before the
    set-up), an army beyond level 2's table (figures of a kind over the
    army's limit, two units of mercenaries, more than ten bases), a roll of an
    attack pending. Warned: armies of unequal figures.
    """
    problems: list[LevelProblem] = []
    if battle.in_setup:
        return problems  # the set-up text itself checks the kings and the table
    if battle.outcome() is not None:
        problems.append(LevelProblem(Severity.REFUSED, "over", "the battle is already over"))
    for side, name in ((GOLD, "Gold"), (1 - GOLD, "Silver")):
        army = battle.army(side)
        if not any(unit.kind == "K" for unit in army):
            problems.append(
                LevelProblem(Severity.REFUSED, "no-king", f"{name} has no king", KING_SQUARES[side])
            )
        for problem in army_problems(army):
            problems.append(LevelProblem(Severity.REFUSED, "overfull", f"{name}'s army: {problem}"))
    if battle.pending_attack is not None:
        problems.append(
            LevelProblem(
                Severity.REFUSED, "pending-attack", "a level does not start in the middle of an attack"
            )
        )
    figures = [sum(unit.figures for unit in battle.army(side)) for side in (0, 1)]
    if figures[0] != figures[1]:
        problems.append(
            LevelProblem(
                Severity.WARNING,
                "unequal",
                f"Gold has {figures[0]} figures and Silver {figures[1]}: the armies are not equal",
            )
        )
    return problems


class LionheartRules(DiceDefaults):
    """The ``GameRules`` of Lionheart (see ``game.engine.rules``)."""

    key = "lionheart"
    start_text = STANDARD_TEXT
    level_position_key = "position"
    pgn_name_tags = ("Gold", "Silver")
    pgn_position_tag = "Position"
    can_draw = True
    """Both sides falling at once, or thirty quiet turns, draw."""
    traits = frozenset({Trait.ALTERNATING, Trait.REPEATED_SEATS, Trait.CHANCE})
    termination_texts = TERMINATION_TEXTS

    def new_position(self, text: str | None = None) -> Battle:
        """A battle from its text (the standard battle by default); ``InvalidPositionError`` if it is bad."""
        return Battle(text)

    def position_text(self, position: Battle) -> str:
        """The text of ``position``."""
        return position.text()

    def parse_move(self, text: str) -> Move | tuple[str, ...]:
        """An action (``d1-d5``, ``c2:E``, ``c2xd3``, ``I@c2``, ``done``) or a roll (``HHFP``) from its text."""
        if isinstance(text, str) and text and set(text) <= _DICE_LETTERS:
            return parse_outcome(text)
        try:
            return Move.from_text(text)
        except InvalidMoveError as error:
            raise InvalidMoveError(f"{error} (or a roll, as HHFP)") from None

    def move_text(self, entry: object) -> str:
        """The token of an action or a roll."""
        if isinstance(entry, (tuple, list)):
            return outcome_text(entry)
        return str(entry)

    def scores(self, position: Battle) -> tuple[int, int]:
        """The figures left in Gold's and Silver's armies, as the end of the battle counts them."""
        return (
            sum(unit.figures for unit in position.army(GOLD)),
            sum(unit.figures for unit in position.army(SILVER)),
        )

    def is_undo_barrier(self, entry: object) -> bool:
        """Rolls are never taken back."""
        return isinstance(entry, tuple)

    def starts_turn(self, position: Battle) -> bool:
        """The first action of a turn; in the set-up, a side's first placement."""
        if position.in_setup:
            return len(position.army(position.side)) == 1
        return position.actions == 2

    def actions_left(self, position: Battle) -> int | None:
        """The actions left in the turn (none are counted in the set-up)."""
        return None if position.in_setup else position.actions

    def in_setup(self, position: Battle) -> bool:
        """Whether the sides are still placing their armies."""
        return position.in_setup

    def rolls_first_seat(self, start_text: str) -> bool:
        """Whether the opening roll decides who starts: from a set-up or a battle before the roll."""
        battle = Battle(start_text)
        return battle.in_setup or battle.turn == CHANCE

    def first_seat_fixed(self, start_text: str) -> bool:
        """A level that names the side to move (no roll) fixes who starts."""
        return not self.rolls_first_seat(start_text)

    def first_seat(self, start_text: str) -> int:
        """The side to move in ``start_text``; Gold until an opening roll decides."""
        battle = Battle(start_text)
        return GOLD if self.rolls_first_seat(start_text) else battle.side

    def with_first_seat(self, start_text: str, seat: int) -> str:
        """``start_text`` unchanged: the opening roll, or the level itself, says who starts."""
        return start_text

    def longest_game(self, position: Battle) -> int:
        """The set-up, ``OPENING_ROUNDS`` opening rolls, and thirty turns per figure that can fall and after the last.

        A turn in which no figure falls is quiet, and the 30th quiet turn in a
        row ends the battle: at most 29 quiet turns come before each turn that
        takes a figure, and 30 after the last one. A figure falls once, so with
        F figures a battle has at most 30 (F + 1) turns of at most
        ``ENTRIES_PER_TURN`` entries; nothing else (moves, turns, bribes, panic)
        takes a figure or adds one. The standard battle (66 figures): 12,060
        entries, and 128 for the opening. A set-up is nine placements and
        ``done`` a side (the king is one of the ten bases), and F is then at most
        ``MOST_FIGURES``. A position with more figures than that is no level's
        and no save's (levels keep to the table, and figures never grow); only a
        hand-made file holds one, and it is read as far as the fullest battle goes.
        """
        figures = sum(unit.figures for unit in position.units)
        setup = 0
        if position.in_setup:
            figures = MOST_FIGURES
            setup = 2 * MAX_BASES
        turns = QUIET_TURNS * (min(figures, MOST_FIGURES) + 1)
        return setup + 2 * OPENING_ROUNDS + ENTRIES_PER_TURN * turns

    def implied_entry(self, position: Battle, entry: object) -> Move | None:
        """``done`` where a record goes on past a whole army without it, else ``None`` (``HasOlderRecords``).

        Records written when the tenth base ended a side's set-up by itself hold
        no ``done`` there; the rules now wait for it (the player's last look), and
        it is the only action of a whole army, so it is what the record meant. A
        record whose ``done`` came short of ten bases is refused: it is no
        level 2 battle.

        >>> battle = Battle("gM10a1N,gM10b1N,gA4c1N,gA4d1N,gK1e1N,gI4a2N,gI4b2N,gI4c2N,gI4d2N,gI4e2N,sK1e10S g 2 0 setup")
        >>> RULES.implied_entry(battle, Move.from_text("I@c9")), RULES.implied_entry(battle, Move.done())
        (Move.from_text('done'), None)
        """
        done = Move.done()
        if position.in_setup and entry != done and position.legal_moves() == [done]:
            return done
        return None

    def validate_level(self, position: Battle) -> list[LevelProblem]:
        """Lionheart's level checks (``validate_position``)."""
        return validate_position(position)

    def roll_luck(self, position: Battle, outcome: object) -> RollLuck | None:
        """An attack's roll: the hits its dice score for the attacker's kind (``hits``; the lone soldier's
        second die scores one on its face), against their average over every roll the dice can show. The
        opening roll and a bribe score nothing (``None``).

        >>> battle = Battle("gI4e4N,gK1a1N,sI4e5S,sK1i10S g 2 1 -")
        >>> battle.push(Move.from_text("e4xe5"))
        >>> RULES.roll_luck(battle, ("axe", "axe", "arrow", "panic"))
        RollLuck(seat=0, expected=2.0, rolled=2)
        """
        pending = position.pending_attack
        if pending is None or not isinstance(outcome, tuple):
            return None
        attacker = position.unit_at(pending[0])
        if attacker is None:
            return None
        lone = position.pending.kind == "lone"

        def scored(roll: tuple[str, ...]) -> int:
            counted = hits(attacker.kind, roll)
            return min(1, counted) if lone else counted

        expected = sum(probability * scored(roll) for roll, probability in position.chance_outcomes())
        return RollLuck(attacker.owner, expected, scored(outcome))


RULES = LionheartRules()

if TYPE_CHECKING:  # mypy checks the rules against the interface the generic layers use
    _CHECKED: GameRules[Battle, Move | tuple[str, ...]] = RULES
