"""The Lionheart battle: units on the 9 x 10 field, two actions a turn, attacks as chance nodes, the end.

Seed 003's appendix C, as design.md resolves it (the rules pages say each
decision). ``Battle`` is a position with a stack: ``push`` plays an action,
or at a chance node (``turn == CHANCE``) a roll from ``chance_outcomes()``;
``pop`` takes the last one back, restoring every field exactly.

Positions as text, ``UNITS SIDE ACTIONS [QUIET [PENDING]]``:

>>> battle = Battle.standard()
>>> battle.text().split()[1:]
['-', '2', '0', 'start']
>>> battle.push(("axe", "axe", "axe", "panic"))  # Gold's four dice
>>> battle.push(("arrow", "axe", "panic", "panic"))  # Silver's: Gold has more axes and starts
>>> battle.text().split()[1:], battle.turn == GOLD
(['g', '2', '1', '-'], True)
>>> battle.push(Move.from_text("e2-e3"))
>>> battle.push(Move.from_text("e3xe4"))
Traceback (most recent call last):
...
game.engine.lionheart.battle.IllegalMoveError: e3xe4 is not legal: there is no unit on e4 to attack

QUIET counts the turns since a figure was last removed, the turn being played
included (0 during a turn in which one has been removed); the opening roll
starts turn 1. When the 30th quiet turn ends the battle is drawn (QUIET 31).

Decisions beyond design.md's list (for the rules pages):

- A declared attack spends its action, and marks its unit ``*``, when its
  dice are resolved: at a pending attack ACTIONS still counts it.
- Mercenaries roll two dice per mercenary (the seed's text; its table says 2).
- Peasants whose dice all show panic only retreat (one step per panic), as
  after any attack: no panic step on top.
- A chain of panic that comes back to a unit already waiting in it is blocked
  there: the unit that would step into it dies (like against the own king).
- The lone soldier's second die only adds a hit; its panic face is a miss.
- The bribe is the king's attack of the turn (``*``); the mercenaries keep
  their facing and may act for their new side at once. "Their king beside
  them and facing them": the square ahead of their king is theirs.
- Heavy infantry with one action left may only attack. There is no pass: a
  turn is always two actions (a king can always turn).
- Level 2's set-up: bases face the enemy (Gold N, Silver S); knights,
  archers, infantry and mass infantry come in full bases (2, 4, 4, 10);
  peasants 1-4, heavy infantry and mercenaries 1-2 a base; an army keeps to
  the table's figures per kind, one unit of mercenaries and ten bases (the
  king included); ``done`` ends the side's set-up, once its tenth base
  stands and not before (the player has a last look at the army before the
  other side places). Gold's set-up ends before Silver places. The end is
  not checked during the set-up.
"""

from __future__ import annotations

from game.engine.core import CHANCE, Outcome
from game.engine.lionheart.army import MAX_BASES, army_problems, placement_reason, placements
from game.engine.lionheart.combat import BattleState
from game.engine.lionheart.end import QUIET_TURNS, Termination, outcome_of
from game.engine.lionheart.field import (
    ARCHER_ZONE,
    CHANCE_KINDS,
    GOLD,
    INDEX,
    KING_SQUARES,
    LONE_ATTACKERS,
    NEIGHBOURS,
    RAYS,
    SILVER,
    STEP,
    TWO_HIT,
    Pending,
    Unit,
    attack_zone,
    dice_count,
    hits,
)
from game.engine.lionheart.moves import action_reason, unit_moves
from game.engine.lionheart.notation import (
    SQUARE_NAMES,
    Action,
    InvalidOutcomeError,
    LionheartError,
    Move,
    _canonical,
    dice_outcomes,
    outcome_text,
)
from game.engine.lionheart.position_text import (
    LEVEL2_TEXT,
    STANDARD_TEXT,
    InvalidPositionError,
    parse_position,
    position_text,
)
from game.engine.lionheart.zobrist import scalar_key, unit_key

__all__ = [
    "ARCHER_ZONE",
    "CHANCE",
    "GOLD",
    "KING_SQUARES",
    "LEVEL2_TEXT",
    "LONE_ATTACKERS",
    "MAX_BASES",
    "NEIGHBOURS",
    "QUIET_TURNS",
    "RAYS",
    "SILVER",
    "STANDARD_TEXT",
    "STEP",
    "TWO_HIT",
    "Battle",
    "IllegalMoveError",
    "InvalidPositionError",
    "Termination",
    "Unit",
    "army_problems",
    "attack_zone",
    "dice_count",
    "hits",
]

_UNKNOWN = object()


class IllegalMoveError(LionheartError):
    """A well-formed action or roll that the battle cannot take now."""


class Battle(BattleState):
    """A Lionheart position with its stack (see the module docstring).

    ``turn`` is GOLD, SILVER, or CHANCE while dice are to be rolled;
    ``actions_left`` the actions left in the turn (1 or 2, the one being
    rolled for included); ``quiet`` the QUIET counter; ``pending`` what the
    battle waits on. Read the units through ``units`` and ``unit_at``.
    """

    __slots__ = ("_outcome", "_stack")

    def __init__(self, text: str | None = None) -> None:
        """The position ``text`` (the standard battle by default); ``InvalidPositionError`` says what is wrong."""
        self._stack: list[tuple[dict[int, Unit], int, int, int, Pending, int, object]] = []
        self._outcome: object = _UNKNOWN
        self._removed = False
        self._set_text(STANDARD_TEXT if text is None else text)

    @classmethod
    def standard(cls) -> Battle:
        """Level 1's battle, before the opening roll."""
        return cls(STANDARD_TEXT)

    @classmethod
    def level2(cls) -> Battle:
        """Level 2's empty set-up: the kings on e1 and e10, Gold to place first."""
        return cls(LEVEL2_TEXT)

    # -- position text --

    def _set_text(self, text: str) -> None:
        units, self.side, self.actions, self.quiet, self.pending = parse_position(text)
        self._units = units
        self._key = 0
        for unit in units.values():
            self._key ^= unit_key(unit)
        self._outcome = _UNKNOWN

    def text(self) -> str:
        """The position as text: ``UNITS SIDE ACTIONS QUIET PENDING`` (all five fields)."""
        return position_text(self._units, self.side, self.actions, self.quiet, self.pending)

    def __repr__(self) -> str:
        return f"Battle({self.text()!r})"

    def __eq__(self, other: object) -> bool:
        """Positions are equal when their text is (the stacks are not compared)."""
        if not isinstance(other, Battle):
            return NotImplemented
        return self._scalars() == other._scalars() and self._units == other._units

    __hash__ = None  # type: ignore[assignment]  # mutable: use ``hash`` (the property) for tables

    def _scalars(self) -> tuple[int, int, int, Pending]:
        return (self.side, self.actions, self.quiet, self.pending)

    @property
    def hash(self) -> int:
        """A 64-bit key of the position (Zobrist over the units, kept as the battle changes), for tables."""
        return self._key ^ scalar_key(self.side, self.actions, self.quiet, self.pending)

    def copy(self) -> Battle:
        """An independent copy, with the stack (so ``pop`` works on it too)."""
        other = Battle.__new__(Battle)
        other._units = self._units  # never changed in place: push works on a copy
        other.side, other.actions, other.quiet, other.pending = (
            self.side,
            self.actions,
            self.quiet,
            self.pending,
        )
        other._key = self._key
        other._stack = self._stack.copy()
        other._outcome = self._outcome
        other._removed = False
        return other

    # -- reading --

    @property
    def turn(self) -> int:
        """GOLD or SILVER to act, or CHANCE while dice are to be rolled."""
        return CHANCE if self.pending.kind in CHANCE_KINDS else self.side

    @property
    def actions_left(self) -> int:
        """The actions left in the turn of the side to act (the attack being rolled for included)."""
        return self.actions

    @property
    def in_setup(self) -> bool:
        """Whether the sides are still placing their armies (level 2)."""
        return self.pending.kind == "setup"

    @property
    def units(self) -> list[Unit]:
        """Every unit on the field, from a1 rank by rank."""
        units = self._units
        return [units[sq] for sq in sorted(units)]

    def unit_at(self, square: str) -> Unit | None:
        """The unit on ``square`` (a name such as ``e1``), or ``None``."""
        return self._units.get(INDEX.get(square, -1))

    def army(self, side: int) -> list[Unit]:
        """The units of ``side``."""
        return [unit for unit in self.units if unit.owner == side]

    @property
    def pending_attack(self) -> tuple[str, str] | None:
        """The attacker's and the target's squares while an attack's dice are to be rolled, else ``None``."""
        pending = self.pending
        if pending.kind in ("attack", "lone"):
            return SQUARE_NAMES[pending.origin], SQUARE_NAMES[pending.target]
        return None

    def dice_for(self, square: str) -> int:
        """The dice the unit on ``square`` rolls when it attacks (0 for an empty square)."""
        unit = self.unit_at(square)
        return 0 if unit is None else dice_count(unit.kind, unit.figures)

    def is_bribe(self, move: Move) -> bool:
        """Whether ``move`` is a king's attack on enemy mercenaries (the bribe: no dice)."""
        if move.action is not Action.ATTACK:
            return False
        attacker, defender = self.unit_at(move.square), self.unit_at(move.target)
        return (
            attacker is not None
            and defender is not None
            and attacker.kind == "K"
            and defender.kind == "R"
            and defender.owner != attacker.owner
        )

    @property
    def move_stack(self) -> list[object]:
        """The actions and rolls pushed so far, oldest first."""
        return [entry[-1] for entry in self._stack]

    @property
    def ply(self) -> int:
        """How many actions and rolls have been pushed."""
        return len(self._stack)

    # -- actions --

    def legal_moves(self) -> list[Move]:
        """Every legal action of the side to act; ``[]`` at a chance node and once the battle is over."""
        pending = self.pending.kind
        if pending in CHANCE_KINDS or self.outcome() is not None:
            return []
        if pending == "setup":
            return placements(self._units, self.side)
        side, actions = self.side, self.actions
        units = self._units
        moves: list[Move] = []
        for sq in sorted(units):  # from a1 rank by rank: the same order whatever the history
            unit = units[sq]
            if unit.owner == side:
                unit_moves(units, sq, unit, actions, moves)
        return moves

    def moves_from(self, square: str) -> list[Move]:
        """The legal actions of the unit on ``square`` (its moves, turns and attacks)."""
        return [
            move for move in self.legal_moves() if move.square == square and move.action is not Action.PLACE
        ]

    def illegal_reason(self, move: object) -> str | None:
        """Why ``move`` cannot be played now (anything: ``push`` is given what players send), or ``None``."""
        if not isinstance(move, Move):
            return f"{move!r} is not a Lionheart action"
        if self.outcome() is not None:
            return "the battle is over"
        pending = self.pending.kind
        if pending in CHANCE_KINDS:
            return "the dice must be rolled first"
        if pending == "setup":
            if move.action not in (Action.PLACE, Action.DONE):
                return "the armies are still being set up: place a base (I@c2) or say done"
            if move in placements(self._units, self.side):
                return None
            return placement_reason(self._units, self.side, move)
        if move.action in (Action.PLACE, Action.DONE):
            return "the set-up is over"
        units = self._units
        sq = INDEX[move.square]
        unit = units.get(sq)
        if unit is not None and unit.owner == self.side:
            moves: list[Move] = []
            unit_moves(units, sq, unit, self.actions, moves)
            if move in moves:
                return None
        return action_reason(units, self.side, self.actions, move)

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is a legal action now."""
        return self.illegal_reason(move) is None

    # -- chance --

    def chance_outcomes(self) -> list[tuple[tuple[str, ...], float]]:
        """At a chance node, every distinct roll (a sorted tuple of faces) with its probability; else ``[]``."""
        dice = self._dice_due()
        return dice_outcomes(dice) if dice else []

    # -- push and pop --

    def push(self, entry: Move | tuple[str, ...]) -> None:
        """Play a legal action, or at a chance node a roll (a tuple of faces, any order).

        Raises ``IllegalMoveError`` (or ``InvalidOutcomeError`` for a tuple
        that is no roll) saying why, the battle unchanged.
        """
        if self.pending.kind in CHANCE_KINDS:
            if isinstance(entry, Move):
                raise IllegalMoveError(f"{entry} is not legal: the dice must be rolled first")
            roll = _canonical(entry)
            dice = self._dice_due()
            if len(roll) != dice:
                raise InvalidOutcomeError(f"{outcome_text(roll)} is {len(roll)} dice: this roll is {dice}")
            self._save(roll)
            self._roll(roll)
        else:
            reason = self.illegal_reason(entry)
            if reason is not None:
                raise IllegalMoveError(f"{entry} is not legal: {reason}")
            assert isinstance(entry, Move)
            self._save(entry)
            self._act(entry)
        self._outcome = _UNKNOWN

    def _save(self, entry: object) -> None:
        self._stack.append((self._units, self.side, self.actions, self.quiet, self.pending, self._key, entry))
        self._units = self._units.copy()
        self._removed = False

    def pop(self) -> Move | tuple[str, ...]:
        """Take back the last action or roll and return it; ``IndexError`` if nothing was pushed."""
        units, self.side, self.actions, self.quiet, self.pending, self._key, entry = self._stack.pop()
        self._units = units
        self._outcome = _UNKNOWN
        return entry  # type: ignore[return-value]

    # -- the end --

    def outcome(self) -> Outcome | None:
        """How the battle ended, or ``None`` while it goes on (never during the set-up).

        A side without its king, or whose king stands alone, has lost; both at
        once is a draw; so is the end of the 30th quiet turn. ``scores`` are
        each side's figures.
        """
        cached = self._outcome
        if cached is not _UNKNOWN:
            return cached  # type: ignore[return-value]
        result = outcome_of(self._units, self.quiet, self.pending)
        self._outcome = result
        return result

    def is_game_over(self) -> bool:
        """Whether the battle has ended."""
        return self.outcome() is not None
