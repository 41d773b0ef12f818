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

import enum
import hashlib
import re
from typing import NamedTuple

from game.engine.core import CHANCE, Outcome
from game.engine.lionheart.notation import (
    ARROW,
    AXE,
    DELTAS,
    FACINGS,
    KINDS,
    OPPOSITE,
    PANIC,
    PLACEABLE,
    SQUARE_NAMES,
    SQUARES,
    Action,
    InvalidOutcomeError,
    LionheartError,
    Move,
    _canonical,
    _trusted_move,
    dice_outcomes,
    outcome_text,
    parse_outcome,
)
from game.filedata import ascii_int

__all__ = [
    "CHANCE",
    "GOLD",
    "LEVEL2_TEXT",
    "MAX_BASES",
    "QUIET_TURNS",
    "SILVER",
    "STANDARD_TEXT",
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

GOLD = 0
"""Seat 0: ranks 1-2, facing north."""
SILVER = 1
"""Seat 1: ranks 9-10, facing south."""
SIDE_LETTERS = "gs"
HOME_FACING = ("N", "S")
HOME_RANKS = ((0, 1), (8, 9))
"""Each side's two home ranks (rank indices: 0 is rank 1)."""
KING_SQUARES = (4, 85)
"""e1 and e10."""
MAX_BASES = 10
"""Bases an army has (level 2), its king included."""
QUIET_TURNS = 30
"""Full turns in a row without a figure removed that draw the battle."""
MAX_TEXT_LENGTH = 2000
"""Longer position texts are refused unread (the fullest battle is about 400 characters)."""


class IllegalMoveError(LionheartError):
    """A well-formed action or roll that the battle cannot take now."""


class InvalidPositionError(LionheartError):
    """Position text that does not describe a Lionheart battle."""


class Termination(enum.Enum):
    """Why a battle ended."""

    KING_KILLED = "king killed"
    """The loser's king was killed."""
    ARMY_DESTROYED = "army destroyed"
    """The loser's king stands alone: every other unit of its army is gone."""
    BOTH_FALLEN = "both armies fallen"
    """Both sides lost at once (a draw)."""
    QUIET = "thirty quiet turns"
    """30 full turns in a row without a figure removed (a draw)."""


class Unit(NamedTuple):
    """A base on the field: its owner (GOLD or SILVER), kind letter, figures, square name, facing, and
    whether it has attacked in this turn."""

    owner: int
    kind: str
    figures: int
    square: str
    facing: str
    attacked: bool = False

    def text(self) -> str:
        """The unit as the position text writes it (``gK1e1N``, ``sI3e9S*``)."""
        star = "*" if self.attacked else ""
        return f"{SIDE_LETTERS[self.owner]}{self.kind}{self.figures}{self.square}{self.facing}{star}"


# --- geometry --------------------------------------------------------------------


def _square(file: int, rank: int) -> int:
    return rank * 9 + file if 0 <= file < 9 and 0 <= rank < 10 else -1


def _tables() -> tuple[
    dict[str, tuple[int, ...]], dict[str, tuple[tuple[int, ...], ...]], dict[str, tuple[tuple[int, ...], ...]]
]:
    steps: dict[str, tuple[int, ...]] = {}
    rays: dict[str, tuple[tuple[int, ...], ...]] = {}
    zones: dict[str, tuple[tuple[int, ...], ...]] = {}
    for facing, (df, dr) in DELTAS.items():
        steps[facing] = tuple(_square(sq % 9 + df, sq // 9 + dr) for sq in range(SQUARES))
        ray_list, zone_list = [], []
        for sq in range(SQUARES):
            file, rank = sq % 9, sq // 9
            ray = []
            for distance in range(1, 10):
                ahead = _square(file + df * distance, rank + dr * distance)
                if ahead < 0:
                    break
                ray.append(ahead)
            ray_list.append(tuple(ray))
            # Archers: the three files centred on the unit, one to three squares ahead.
            zone = []
            for distance in (1, 2, 3):
                for side in (-1, 0, 1):
                    target = _square(file + df * distance + dr * side, rank + dr * distance + df * side)
                    if target >= 0:
                        zone.append(target)
            zone_list.append(tuple(zone))
        rays[facing] = tuple(ray_list)
        zones[facing] = tuple(zone_list)
    return steps, rays, zones


STEP, RAYS, ARCHER_ZONE = _tables()
"""``STEP[facing][sq]``: the square ahead (-1 off the field); ``RAYS[facing][sq]``: every square
ahead, nearest first; ``ARCHER_ZONE[facing][sq]``: the archers' 3 x 3 zone."""
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        t
        for t in (_square(sq % 9 + df, sq // 9 + dr) for dr in (-1, 0, 1) for df in (-1, 0, 1) if df or dr)
        if t >= 0
    )
    for sq in range(SQUARES)
)
_INDEX = {name: sq for sq, name in enumerate(SQUARE_NAMES)}


def attack_zone(kind: str, square: int, facing: str) -> tuple[int, ...]:
    """The squares a unit of ``kind`` on ``square`` facing ``facing`` may attack (square indices).

    Archers: the 3 x 3 zone ahead; heavy infantry: the eight neighbours; every
    other kind: the square straight ahead.
    """
    if kind == "A":
        return ARCHER_ZONE[facing][square]
    if kind == "H":
        return NEIGHBOURS[square]
    ahead = STEP[facing][square]
    return (ahead,) if ahead >= 0 else ()


def hits(kind: str, outcome: tuple[str, ...]) -> int:
    """The hits a roll scores for an attacker of ``kind``: arrows for archers, the larger of axes and
    arrows for peasants, axes for everyone else.

    >>> hits("A", ("arrow", "arrow", "axe")), hits("P", ("arrow", "axe", "axe")), hits("I", ("arrow",))
    (2, 2, 0)
    """
    if kind == "A":
        return outcome.count(ARROW)
    if kind == "P":
        return max(outcome.count(AXE), outcome.count(ARROW))
    return outcome.count(AXE)


def dice_count(kind: str, figures: int) -> int:
    """The dice a unit of ``kind`` with ``figures`` rolls (mass infantry at most 4)."""
    info = KINDS[kind]
    return min(info.dice_per_figure * figures, info.max_dice)


LONE_ATTACKERS = {"I": AXE, "M": AXE, "A": ARROW}
"""Kinds whose last figure rolls again on a hit against a two-hit figure, and the face that hits."""
TWO_HIT = frozenset("KNH")


def _is_lone(attacker: Unit, defender: Unit) -> bool:
    return attacker.figures == 1 and attacker.kind in LONE_ATTACKERS and defender.kind in TWO_HIT


# --- hashing ---------------------------------------------------------------------

_MASK = (1 << 64) - 1


def _mix(value: int) -> int:
    """splitmix64: a fixed, well-spread 64-bit key for ``value``."""
    value = (value + 0x9E3779B97F4A7C15) & _MASK
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK
    return value ^ (value >> 31)


_KIND_CODE = {kind: index for index, kind in enumerate(KINDS)}
_UNIT_KEYS: dict[Unit, int] = {}


def _unit_key(unit: Unit) -> int:
    key = _UNIT_KEYS.get(unit)
    if key is None:
        code = (
            (((unit.owner * 8 + _KIND_CODE[unit.kind]) * 11 + unit.figures) * 90 + _INDEX[unit.square]) * 8
            + FACINGS.index(unit.facing) * 2
            + unit.attacked
        )
        key = _UNIT_KEYS[unit] = _mix(code)
    return key


_SCALAR_KEYS: dict[tuple[int, int, int, Pending], int] = {}


# --- pending chance nodes --------------------------------------------------------


class Pending(NamedTuple):
    """What the battle waits on: nothing, the set-up, the opening roll, an attack's dice, a lone soldier's
    second die. ``token`` is Gold's opening roll (``start``) or the lone soldier's first die (``lone``)."""

    kind: str = "-"
    origin: int = -1
    target: int = -1
    token: str = ""

    def text(self) -> str:
        """The PENDING field."""
        kind = self.kind
        if kind in ("-", "setup"):
            return kind
        if kind == "start":
            return f"start:{self.token}" if self.token else "start"
        attack = f"{SQUARE_NAMES[self.origin]}x{SQUARE_NAMES[self.target]}"
        return f"{attack}:{self.token}" if kind == "lone" else attack


NO_PENDING = Pending()
SETUP = Pending("setup")
START = Pending("start")
_CHANCE_KINDS = frozenset({"start", "attack", "lone"})


def _scalar_key(side: int, actions: int, quiet: int, pending: Pending) -> int:
    scalars = (side, actions, quiet, pending)
    key = _SCALAR_KEYS.get(scalars)
    if key is None:
        digest = hashlib.blake2b(
            f"{side} {actions} {quiet} {pending.text()}".encode(), digest_size=8
        ).digest()
        key = _SCALAR_KEYS[scalars] = int.from_bytes(digest, "little")
    return key


# --- move cache ------------------------------------------------------------------

_ACTION_CACHE: dict[tuple[int, int, int], Move] = {}
_MOVE, _TURN, _ATTACK = 0, 1, 2


def _action(code: int, square: int, other: int) -> Move:
    """The ``Move`` of an action, built once (the battle's own, known good values)."""
    key = (code, square, other)
    move = _ACTION_CACHE.get(key)
    if move is None:
        name = SQUARE_NAMES[square]
        if code == _MOVE:
            move = _trusted_move(Action.MOVE, name, SQUARE_NAMES[other])
        elif code == _TURN:
            move = _trusted_move(Action.TURN, name, facing=FACINGS[other])
        else:
            move = _trusted_move(Action.ATTACK, name, SQUARE_NAMES[other])
        _ACTION_CACHE[key] = move
    return move


MOVES_AHEAD: dict[str, tuple[tuple[Move, ...], ...]] = {
    facing: tuple(tuple(_action(_MOVE, sq, ahead) for ahead in RAYS[facing][sq]) for sq in range(SQUARES))
    for facing in FACINGS
}
"""``MOVES_AHEAD[facing][sq]``: the moves to each square of ``RAYS[facing][sq]``, nearest first."""
TURNS: dict[str, tuple[tuple[Move, ...], ...]] = {
    facing: tuple(
        tuple(_action(_TURN, sq, index) for index, new in enumerate(FACINGS) if new != facing)
        for sq in range(SQUARES)
    )
    for facing in FACINGS
}
"""``TURNS[facing][sq]``: the turns of a unit on ``sq`` facing ``facing`` to the three other facings."""


# --- texts -----------------------------------------------------------------------


def _standard_text() -> str:
    units = []
    for owner, (back, front) in enumerate(HOME_RANKS):
        facing = HOME_FACING[owner]
        if owner == SILVER:
            back, front = front, back
        for file, kind, figures in ((2, "A", 4), (3, "N", 2), (4, "K", 1), (5, "N", 2), (6, "A", 4)):
            units.append(Unit(owner, kind, figures, SQUARE_NAMES[back * 9 + file], facing))
        for file in range(2, 7):
            units.append(Unit(owner, "I", 4, SQUARE_NAMES[front * 9 + file], facing))
    units.sort(key=lambda unit: _INDEX[unit.square])
    return ",".join(unit.text() for unit in units) + " - 2 0 start"


STANDARD_TEXT = _standard_text()
"""Level 1: infantry (4) on c-g of the front rank; archers, knights, king, knights, archers on the back
rank; the opening roll to come."""
LEVEL2_TEXT = "gK1e1N,sK1e10S g 2 0 setup"
"""Level 2's set-up: the kings on e1 and e10, Gold to place its first base."""

_UNIT_TEXT = re.compile(r"([gs])([A-Z])([1-9][0-9]?)([a-i](?:10|[1-9]))([NESW])(\*?)")
_ATTACK_TEXT = re.compile(r"([a-i](?:10|[1-9]))x([a-i](?:10|[1-9]))(?::(.*))?")
_UNKNOWN = object()


class Battle:
    """A Lionheart position with its stack (see the module docstring).

    ``turn`` is GOLD, SILVER, or CHANCE while dice are to be rolled;
    ``actions_left`` the actions left in the turn (1 or 2, the one being
    rolled for included); ``quiet`` the QUIET counter; ``pending`` what the
    battle waits on. Read the units through ``units`` and ``unit_at``.
    """

    __slots__ = ("_key", "_outcome", "_removed", "_stack", "_units", "actions", "pending", "quiet", "side")

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
        if not isinstance(text, str):
            raise InvalidPositionError(f"a position must be text, not {type(text).__name__}")
        if len(text) > MAX_TEXT_LENGTH:
            raise InvalidPositionError(
                f"the position text is {len(text)} characters long, more than a battle has"
            )
        fields = text.split()
        if not 3 <= len(fields) <= 5:
            raise InvalidPositionError(
                f"{text[:60]!r} has {len(fields)} fields: expected UNITS SIDE ACTIONS [QUIET [PENDING]]"
            )
        fields += ["0", "-"][len(fields) - 3 :]
        units_text, side_text, actions_text, quiet_text, pending_text = fields
        units = _parse_units(units_text)
        if side_text not in ("g", "s", "-"):
            raise InvalidPositionError(
                f"the side is {side_text!r}: expected g (Gold), s (Silver) or - (before the opening roll)"
            )
        side = {"g": GOLD, "s": SILVER, "-": -1}[side_text]
        if actions_text not in ("1", "2"):
            raise InvalidPositionError(f"the actions left are {actions_text!r}: expected 1 or 2")
        actions = int(actions_text)
        quiet = ascii_int(quiet_text, max_digits=2)
        if quiet is None or quiet > QUIET_TURNS + 1 or (len(quiet_text) > 1 and quiet_text[0] == "0"):
            raise InvalidPositionError(
                f"QUIET is {quiet_text!r}: expected the quiet turns, 0 to {QUIET_TURNS + 1}"
            )
        pending = _parse_pending(pending_text)
        _check_consistency(units, side, actions, pending)
        self._units = units
        self.side = side
        self.actions = actions
        self.quiet = quiet
        self.pending = pending
        self._key = 0
        for unit in units.values():
            self._key ^= _unit_key(unit)
        self._outcome = _UNKNOWN
        if pending.kind != "-" and self.outcome() is not None:
            raise InvalidPositionError(f"the battle is over, yet {pending.text()!r} is pending")

    def text(self) -> str:
        """The position as text: ``UNITS SIDE ACTIONS QUIET PENDING`` (all five fields)."""
        units = self._units
        units_text = ",".join(units[sq].text() for sq in sorted(units)) or "-"
        side = "-" if self.side < 0 else SIDE_LETTERS[self.side]
        return f"{units_text} {side} {self.actions} {self.quiet} {self.pending.text()}"

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
        return self._key ^ _scalar_key(self.side, self.actions, self.quiet, self.pending)

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
        return CHANCE if self.pending.kind in _CHANCE_KINDS else self.side

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
        return self._units.get(_INDEX.get(square, -1))

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
        if pending in _CHANCE_KINDS or self.outcome() is not None:
            return []
        if pending == "setup":
            return self._placements()
        side, actions = self.side, self.actions
        units = self._units
        moves: list[Move] = []
        for sq in sorted(units):  # from a1 rank by rank: the same order whatever the history
            unit = units[sq]
            if unit.owner == side:
                self._unit_moves(sq, unit, actions, moves)
        return moves

    def moves_from(self, square: str) -> list[Move]:
        """The legal actions of the unit on ``square`` (its moves, turns and attacks)."""
        return [
            move for move in self.legal_moves() if move.square == square and move.action is not Action.PLACE
        ]

    def _unit_moves(self, sq: int, unit: Unit, actions: int, moves: list[Move]) -> None:
        units = self._units
        kind, facing = unit.kind, unit.facing
        if kind != "H" or actions == 2:
            ray = RAYS[facing][sq]
            if kind == "K" or kind == "N":
                free = 0
                for ahead in ray:
                    if ahead in units:
                        break
                    free += 1
                moves.extend(MOVES_AHEAD[facing][sq][:free])
            elif ray and ray[0] not in units:
                moves.append(MOVES_AHEAD[facing][sq][0])
            moves.extend(TURNS[facing][sq])
        if not unit.attacked:
            owner = unit.owner
            if kind == "A":
                zone = ARCHER_ZONE[facing][sq]
            elif kind == "H":
                zone = NEIGHBOURS[sq]
            else:
                ahead = STEP[facing][sq]
                defender = units.get(ahead) if ahead >= 0 else None
                if defender is not None and defender.owner != owner:
                    moves.append(_action(_ATTACK, sq, ahead))
                return
            for target in zone:
                defender = units.get(target)
                if defender is not None and defender.owner != owner:
                    moves.append(_action(_ATTACK, sq, target))

    def _placements(self) -> list[Move]:
        side, units = self.side, self._units
        army = [unit for unit in units.values() if unit.owner == side]
        if len(army) >= MAX_BASES:
            return [Move.done()]  # the army is whole: its set-up ends when the player says so
        free = [sq for rank in HOME_RANKS[side] for sq in range(rank * 9, rank * 9 + 9) if sq not in units]
        moves: list[Move] = []
        for kind in PLACEABLE:
            info = KINDS[kind]
            if sum(unit.kind == kind for unit in army) >= info.max_bases:
                continue
            used = sum(unit.figures for unit in army if unit.kind == kind)
            for figures in info.base_sizes:
                if used + figures <= info.army_limit:
                    moves.extend(
                        Move(Action.PLACE, SQUARE_NAMES[sq], unit=kind, figures=figures) for sq in free
                    )
        return moves

    def illegal_reason(self, move: object) -> str | None:
        """Why ``move`` cannot be played now (anything: ``push`` is given what players send), or ``None``."""
        if not isinstance(move, Move):
            return f"{move!r} is not a Lionheart action"
        if self.outcome() is not None:
            return "the battle is over"
        pending = self.pending.kind
        if pending in _CHANCE_KINDS:
            return "the dice must be rolled first"
        if pending == "setup":
            if move.action not in (Action.PLACE, Action.DONE):
                return "the armies are still being set up: place a base (I@c2) or say done"
            if move in self._placements():
                return None
            return self._placement_reason(move)
        if move.action in (Action.PLACE, Action.DONE):
            return "the set-up is over"
        sq = _INDEX[move.square]
        unit = self._units.get(sq)
        if unit is None:
            return f"there is no unit on {move.square}"
        if unit.owner != self.side:
            return f"the unit on {move.square} is {_side_name(unit.owner)}'s"
        moves: list[Move] = []
        self._unit_moves(sq, unit, self.actions, moves)
        if move in moves:
            return None
        info = KINDS[unit.kind]
        if move.action is Action.ATTACK:
            defender = self._units.get(_INDEX[move.target])
            if unit.attacked:
                return f"the {info.name} on {move.square} have attacked in this turn already"
            if defender is None:
                return f"there is no unit on {move.target} to attack"
            if defender.owner == unit.owner:
                return f"the unit on {move.target} is {_side_name(unit.owner)}'s own"
            return f"{move.target} is out of the reach of the {info.name} on {move.square} (facing {unit.facing})"
        if unit.kind == "H" and self.actions < 2:
            return "heavy infantry needs both actions of a turn to move or turn"
        if move.action is Action.TURN:
            return f"the {info.name} on {move.square} face {unit.facing} already"
        return f"the {info.name} on {move.square} (facing {unit.facing}) cannot move to {move.target}"

    def _placement_reason(self, move: Move) -> str:
        side = self.side
        army = self.army(side)
        name = _side_name(side)
        if move.action is Action.DONE:
            left = MAX_BASES - len(army)
            return (
                f"{name} has placed {len(army)} of its {MAX_BASES} bases (the king's included): "
                f"{_bases(left)} more before done"
            )
        if len(army) >= MAX_BASES:
            return f"{name} has its {MAX_BASES} bases: the set-up ends with done"
        sq = _INDEX[move.square]
        if sq // 9 not in HOME_RANKS[side]:
            ranks = " and ".join(str(rank + 1) for rank in HOME_RANKS[side])
            return f"{_side_name(side)} places on ranks {ranks} only"
        if sq in self._units:
            return f"{move.square} is taken"
        info = KINDS[move.unit]
        if move.unit == "R" and any(unit.kind == "R" for unit in army):
            return "an army has one unit of mercenaries at most"
        used = sum(unit.figures for unit in army if unit.kind == move.unit)
        return f"an army fields {info.army_limit} {info.name} at most ({used} placed)"

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is a legal action now."""
        return self.illegal_reason(move) is None

    # -- chance --

    def chance_outcomes(self) -> list[tuple[tuple[str, ...], float]]:
        """At a chance node, every distinct roll (a sorted tuple of faces) with its probability; else ``[]``."""
        dice = self._dice_due()
        return dice_outcomes(dice) if dice else []

    def _dice_due(self) -> int:
        pending = self.pending
        if pending.kind == "start":
            return 4
        if pending.kind == "attack":
            attacker = self._units[pending.origin]
            return dice_count(attacker.kind, attacker.figures)
        if pending.kind == "lone":
            return 1
        return 0

    # -- push and pop --

    def push(self, entry: Move | tuple[str, ...]) -> None:
        """Play a legal action, or at a chance node a roll (a tuple of faces, any order).

        Raises ``IllegalMoveError`` (or ``InvalidOutcomeError`` for a tuple
        that is no roll) saying why, the battle unchanged.
        """
        if self.pending.kind in _CHANCE_KINDS:
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

    # -- what actions do --

    def _put(self, sq: int, unit: Unit | None) -> None:
        """Set what stands on ``sq``, keeping the Zobrist key."""
        units = self._units
        old = units.get(sq)
        if old is not None:
            self._key ^= _unit_key(old)
            del units[sq]
        if unit is not None:
            units[sq] = unit
            self._key ^= _unit_key(unit)

    def _relocate(self, sq: int, to: int, facing: str | None = None) -> None:
        unit = self._units[sq]
        self._put(sq, None)
        self._put(
            to,
            Unit(unit.owner, unit.kind, unit.figures, SQUARE_NAMES[to], facing or unit.facing, unit.attacked),
        )

    def _act(self, move: Move) -> None:
        action = move.action
        if action is Action.PLACE:
            sq = _INDEX[move.square]
            self._put(sq, Unit(self.side, move.unit, move.figures, move.square, HOME_FACING[self.side]))
            return
        if action is Action.DONE:
            self._end_setup()
            return
        sq = _INDEX[move.square]
        unit = self._units[sq]
        cost = KINDS[unit.kind].action_cost
        if action is Action.MOVE:
            self._relocate(sq, _INDEX[move.target])
            self._spend(cost)
        elif action is Action.TURN:
            self._put(sq, unit._replace(facing=move.facing))
            self._spend(cost)
        else:
            target = _INDEX[move.target]
            defender = self._units[target]
            if unit.kind == "K" and defender.kind == "R":
                self._bribe(sq, target)
                self._put(sq, self._units[sq]._replace(attacked=True))
                self._spend(1)
            else:
                self.pending = Pending("attack", sq, target)

    def _end_setup(self) -> None:
        if self.side == GOLD:
            self.side = SILVER
        else:
            self.side, self.pending = -1, START

    def _bribe(self, king_sq: int, target: int) -> None:
        """The king offers gold to the enemy mercenaries: they change sides unless their own king is
        beside them and facing them."""
        mercenaries = self._units[target]
        for sq, unit in self._units.items():
            if unit.kind == "K" and unit.owner == mercenaries.owner and STEP[unit.facing][sq] == target:
                return  # refused: the action is spent for nothing
        self._put(target, mercenaries._replace(owner=1 - mercenaries.owner, attacked=False))

    def _spend(self, cost: int) -> None:
        """The action is over: count it, and pass the turn after the last one."""
        if self._removed:
            self.quiet = 0
        self.actions -= cost
        if self.actions > 0:
            return
        side = self.side
        for sq, unit in list(self._units.items()):
            if unit.attacked and unit.owner == side:
                self._put(sq, unit._replace(attacked=False))
        self.side = 1 - side
        self.actions = 2
        self.quiet += 1

    def _roll(self, roll: tuple[str, ...]) -> None:
        pending = self.pending
        if pending.kind == "start":
            if not pending.token:
                self.pending = Pending("start", token=outcome_text(roll))
                return
            gold, silver = pending.token.count("H"), roll.count(AXE)
            if gold == silver:
                self.pending = START  # a tie: both roll again
                return
            self.side = GOLD if gold > silver else SILVER
            self.actions = 2
            self.pending = NO_PENDING
            self.quiet += 1  # turn 1 begins
            return
        origin, target = pending.origin, pending.target
        attacker = self._units[origin]
        defender = self._units[target]
        if pending.kind == "lone":
            # The lone soldier's second die: a second hit takes one figure; nothing else counts.
            scored = 1 + (roll[0] == LONE_ATTACKERS[attacker.kind])
            self._finish_attack(origin, target, scored, 0, len(roll))
            return
        if _is_lone(attacker, defender) and roll[0] == LONE_ATTACKERS[attacker.kind]:
            self.pending = Pending("lone", origin, target, outcome_text(roll))
            return
        self._finish_attack(origin, target, hits(attacker.kind, roll), roll.count(PANIC), len(roll))

    def _finish_attack(self, origin: int, target: int, scored: int, panics: int, dice: int) -> None:
        units = self._units
        attacker = units[origin]
        defender = units[target]
        self._put(origin, attacker._replace(attacked=True))
        killed = min(scored // KINDS[defender.kind].hits_per_figure, defender.figures)
        if killed:
            self._removed = True
            left = defender.figures - killed
            self._put(target, defender._replace(figures=left) if left else None)
        if panics:
            kind = attacker.kind
            if kind == "R":
                if target in self._units:
                    self._push_back(target, attacker.facing, panics)
            elif kind == "P":
                self._retreat(origin, panics)
            elif panics == dice and KINDS[kind].panics:
                self._panic(origin, set())
        self.pending = NO_PENDING
        self._spend(1)

    def _push_back(self, sq: int, direction: str, squares: int) -> None:
        """Mercenaries push the unit on ``sq`` away from them, one square per panic, until blocked."""
        for _ in range(squares):
            ahead = STEP[direction][sq]
            if ahead < 0 or ahead in self._units:
                return
            self._relocate(sq, ahead)
            sq = ahead

    def _retreat(self, sq: int, steps: int) -> None:
        """Peasants turn about and step back once per panic rolled (panic's rules for a blocked step)."""
        unit = self._units[sq]
        self._put(sq, unit._replace(facing=OPPOSITE[unit.facing]))
        for _ in range(steps):
            after = self._step(sq, set())
            if after is None:
                return
            sq = after

    def _panic(self, sq: int, chain: set[int]) -> int | None:
        """The unit on ``sq`` turns about and steps ahead; its new square, or ``None`` if it died."""
        unit = self._units[sq]
        self._put(sq, unit._replace(facing=OPPOSITE[unit.facing]))
        return self._step(sq, chain)

    def _step(self, sq: int, chain: set[int]) -> int | None:
        """A panicking unit steps ahead: off the field, into its own king or mercenaries, an enemy, or a unit
        already panicking in this chain, it dies; an own unit in the way panics in turn and makes room."""
        units = self._units
        unit = units[sq]
        ahead = STEP[unit.facing][sq]
        blocker = units.get(ahead) if ahead >= 0 else None
        if ahead < 0 or (
            blocker is not None
            and (blocker.owner != unit.owner or not KINDS[blocker.kind].panics or ahead in chain)
        ):
            self._removed = True
            self._put(sq, None)
            return None
        if blocker is not None:
            chain.add(sq)
            self._panic(ahead, chain)
            chain.discard(sq)
        self._relocate(sq, ahead)
        return ahead

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
        result = self._compute_outcome()
        self._outcome = result
        return result

    def _compute_outcome(self) -> Outcome | None:
        if self.pending.kind == "setup":
            return None
        present = [False, False, False, False]  # Gold's king, Gold's others, Silver's king, Silver's others
        for unit in self._units.values():
            present[2 * unit.owner + (unit.kind != "K")] = True
        lost = (not (present[0] and present[1]), not (present[2] and present[3]))
        if not (lost[0] or lost[1] or self.quiet > QUIET_TURNS):
            return None
        figures = [0, 0]
        for unit in self._units.values():
            figures[unit.owner] += unit.figures
        scores = (figures[0], figures[1])
        if lost[0] and lost[1]:
            return Outcome(Termination.BOTH_FALLEN, None, scores)
        for side in (GOLD, SILVER):
            if lost[side]:
                reason = Termination.ARMY_DESTROYED if present[2 * side] else Termination.KING_KILLED
                return Outcome(reason, 1 - side, scores)
        return Outcome(Termination.QUIET, None, scores)

    def is_game_over(self) -> bool:
        """Whether the battle has ended."""
        return self.outcome() is not None


def _side_name(side: int) -> str:
    return "Gold" if side == GOLD else "Silver"


# --- parsing ---------------------------------------------------------------------


def _parse_units(text: str) -> dict[int, Unit]:
    units: dict[int, Unit] = {}
    if text == "-":
        return units
    kings = [0, 0]
    for item in text.split(","):
        match = _UNIT_TEXT.fullmatch(item)
        if not match:
            raise InvalidPositionError(
                f"unit {item[:20]!r} is not owner (g/s), kind (KNAIMHPR), figures, square, facing (NESW) "
                "and * if it attacked, as gI4c2N"
            )
        owner_text, kind, figures_text, square, facing, star = match.groups()
        info = KINDS.get(kind)
        if info is None:
            raise InvalidPositionError(f"unit {item!r}: {kind!r} is no kind (K, N, A, I, M, H, P, R)")
        figures = int(figures_text)
        if figures > max(info.base_sizes):
            raise InvalidPositionError(
                f"unit {item!r}: a base of {info.name} has at most {max(info.base_sizes)} figures"
            )
        sq = _INDEX[square]
        if sq in units:
            raise InvalidPositionError(f"two units stand on {square}")
        owner = SIDE_LETTERS.index(owner_text)
        if kind == "K":
            kings[owner] += 1
            if kings[owner] > 1:
                raise InvalidPositionError(f"{_side_name(owner)} has two kings")
        units[sq] = Unit(owner, kind, figures, square, facing, bool(star))
    return units


def _parse_pending(text: str) -> Pending:
    if text in ("-", "setup", "start"):
        return {"-": NO_PENDING, "setup": SETUP, "start": START}[text]
    if text.startswith("start:"):
        try:
            roll = parse_outcome(text[6:])
        except InvalidOutcomeError as error:
            raise InvalidPositionError(f"PENDING {text[:20]!r}: Gold's opening roll: {error}") from None
        if len(roll) != 4:
            raise InvalidPositionError(f"PENDING {text!r}: Gold's opening roll is four dice")
        return Pending("start", token=text[6:])
    match = _ATTACK_TEXT.fullmatch(text)
    if not match:
        raise InvalidPositionError(
            f"PENDING is {text[:20]!r}: expected -, setup, start, start:HHFP, an attack e5xe6 or e5xe6:H"
        )
    origin, target, token = match.groups()
    if token is None:
        return Pending("attack", _INDEX[origin], _INDEX[target])
    if token not in ("H", "F"):
        raise InvalidPositionError(f"PENDING {text!r}: the lone soldier's first die is a hit, H or F")
    return Pending("lone", _INDEX[origin], _INDEX[target], token)


def _check_consistency(units: dict[int, Unit], side: int, actions: int, pending: Pending) -> None:
    kind = pending.kind
    if (side < 0) != (kind == "start"):
        if side < 0:
            raise InvalidPositionError("the side is '-' only before the opening roll (PENDING start)")
        raise InvalidPositionError("before the opening roll (PENDING start) the side is '-'")
    marked = [unit for unit in units.values() if unit.attacked]
    if kind in ("setup", "start"):
        if marked:
            raise InvalidPositionError(f"{marked[0].square} has attacked, but the battle has not begun")
        if actions != 2:
            raise InvalidPositionError("before the battle begins, ACTIONS is 2")
    for unit in marked:
        if unit.owner != side:
            raise InvalidPositionError(
                f"{unit.square} is marked as having attacked, but it is {_side_name(side)}'s turn"
            )
    if kind == "setup":
        _check_setup(units, side)
    if kind in ("attack", "lone"):
        origin, target = SQUARE_NAMES[pending.origin], SQUARE_NAMES[pending.target]
        attacker, defender = units.get(pending.origin), units.get(pending.target)
        where = f"PENDING {pending.text()!r}"
        if attacker is None or attacker.owner != side:
            raise InvalidPositionError(f"{where}: {_side_name(side)} has no unit on {origin}")
        if defender is None or defender.owner == side:
            raise InvalidPositionError(f"{where}: no enemy unit stands on {target}")
        if attacker.attacked:
            raise InvalidPositionError(f"{where}: the unit on {origin} has attacked in this turn already")
        if pending.target not in attack_zone(attacker.kind, pending.origin, attacker.facing):
            raise InvalidPositionError(f"{where}: {target} is out of the reach of the unit on {origin}")
        if attacker.kind == "K" and defender.kind == "R":
            raise InvalidPositionError(f"{where}: a king's attack on mercenaries is a bribe, without dice")
        if kind == "lone" and (
            not _is_lone(attacker, defender) or pending.token != "HF"[attacker.kind == "A"]
        ):
            raise InvalidPositionError(
                f"{where}: a second die is rolled only by a last infantryman (after H) or archer (after F) "
                "attacking a king, knights or heavy infantry"
            )


def _check_setup(units: dict[int, Unit], side: int) -> None:
    for owner in (GOLD, SILVER):
        army = [unit for unit in units.values() if unit.owner == owner]
        name = _side_name(owner)
        king = units.get(KING_SQUARES[owner])
        if king is None or king.kind != "K" or king.owner != owner:
            raise InvalidPositionError(
                f"in the set-up {name}'s king stands on {SQUARE_NAMES[KING_SQUARES[owner]]}"
            )
        for unit in army:
            if _INDEX[unit.square] // 9 not in HOME_RANKS[owner] or unit.facing != HOME_FACING[owner]:
                raise InvalidPositionError(
                    f"in the set-up {name}'s units stand on its two home ranks facing {HOME_FACING[owner]} "
                    f"({unit.text()})"
                )
        for problem in army_problems(army):
            raise InvalidPositionError(f"in the set-up {name}'s army: {problem}")
    # Gold places, says done, then Silver places: each army but the one being set up is whole or untouched.
    gold = sum(unit.owner == GOLD for unit in units.values())
    silver = sum(unit.owner == SILVER for unit in units.values())
    if side == SILVER and gold != MAX_BASES:
        raise InvalidPositionError(
            f"Silver sets up once Gold's set-up is over, with {MAX_BASES} bases: Gold has {_bases(gold)}"
        )
    if side == GOLD and silver > 1:
        raise InvalidPositionError(
            f"Silver has {_bases(silver)} while Gold sets up: Silver places after Gold"
        )


def _bases(count: int) -> str:
    """``count`` bases as words (``1 base``, ``3 bases``)."""
    return f"{count} base" if count == 1 else f"{count} bases"


def army_problems(army: list[Unit]) -> list[str]:
    """What in ``army`` breaks level 2's table: figures of a kind over the army's limit, more than one
    unit of mercenaries, more than ten bases. ``[]`` if none."""
    problems = []
    if len(army) > MAX_BASES:
        problems.append(f"{len(army)} bases, more than {MAX_BASES}")
    for kind, info in KINDS.items():
        figures = sum(unit.figures for unit in army if unit.kind == kind)
        bases = sum(unit.kind == kind for unit in army)
        if figures > info.army_limit:
            problems.append(f"{figures} {info.name}, more than {info.army_limit}")
        elif bases > info.max_bases:
            problems.append(f"{bases} units of {info.name}, more than {info.max_bases}")
    return problems
