"""A battle as text, ``UNITS SIDE ACTIONS [QUIET [PENDING]]``: reading it (every field checked, and the
fields against each other) and writing it, with level 1's and level 2's starting texts.

>>> parse_position("gK1e1N,gI4e2N,sK1e10S g 1")[1:]
(0, 1, 0, Pending(kind='-', origin=-1, target=-1, token=''))
>>> parse_position("gK1e1N,gK1e2N,sK1e10S g 2")
Traceback (most recent call last):
...
game.engine.lionheart.position_text.InvalidPositionError: Gold has two kings
"""

from __future__ import annotations

import re

from game.engine.core import require_text
from game.engine.lionheart.army import MAX_BASES, army_problems, bases
from game.engine.lionheart.end import QUIET_TURNS, outcome_of
from game.engine.lionheart.field import (
    GOLD,
    HOME_FACING,
    HOME_RANKS,
    INDEX,
    KING_SQUARES,
    NO_PENDING,
    SETUP,
    SIDE_LETTERS,
    SILVER,
    START,
    Pending,
    Unit,
    attack_zone,
    is_lone,
    side_name,
)
from game.engine.lionheart.notation import (
    KINDS,
    SQUARE_NAMES,
    InvalidOutcomeError,
    LionheartError,
    parse_outcome,
)
from game.filedata import ascii_int

__all__ = [
    "LEVEL2_TEXT",
    "MAX_TEXT_LENGTH",
    "STANDARD_TEXT",
    "InvalidPositionError",
    "parse_position",
    "position_text",
]

MAX_TEXT_LENGTH = 2000
"""Longer position texts are refused unread (the fullest battle is about 400 characters)."""


class InvalidPositionError(LionheartError):
    """Position text that does not describe a Lionheart battle."""


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
    units.sort(key=lambda unit: INDEX[unit.square])
    return ",".join(unit.text() for unit in units) + " - 2 0 start"


STANDARD_TEXT = _standard_text()
"""Level 1: infantry (4) on c-g of the front rank; archers, knights, king, knights, archers on the back
rank; the opening roll to come."""
LEVEL2_TEXT = "gK1e1N,sK1e10S g 2 0 setup"
"""Level 2's set-up: the kings on e1 and e10, Gold to place its first base."""

_UNIT_TEXT = re.compile(r"([gs])([A-Z])([1-9][0-9]?)([a-i](?:10|[1-9]))([NESW])(\*?)")
_ATTACK_TEXT = re.compile(r"([a-i](?:10|[1-9]))x([a-i](?:10|[1-9]))(?::(.*))?")


def position_text(units: dict[int, Unit], side: int, actions: int, quiet: int, pending: Pending) -> str:
    """The position as text: ``UNITS SIDE ACTIONS QUIET PENDING`` (all five fields)."""
    units_text = ",".join(units[sq].text() for sq in sorted(units)) or "-"
    side_text = "-" if side < 0 else SIDE_LETTERS[side]
    return f"{units_text} {side_text} {actions} {quiet} {pending.text()}"


def parse_position(text: str) -> tuple[dict[int, Unit], int, int, int, Pending]:
    """The units by square index, side (-1 before the opening roll), actions, QUIET and PENDING of the
    position ``text``; ``InvalidPositionError`` says what is wrong."""
    text = require_text(text, "a position", InvalidPositionError)
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
    if pending.kind != "-" and outcome_of(units, quiet, pending) is not None:
        raise InvalidPositionError(f"the battle is over, yet {pending.text()!r} is pending")
    return units, side, actions, quiet, pending


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
        sq = INDEX[square]
        if sq in units:
            raise InvalidPositionError(f"two units stand on {square}")
        owner = SIDE_LETTERS.index(owner_text)
        if kind == "K":
            kings[owner] += 1
            if kings[owner] > 1:
                raise InvalidPositionError(f"{side_name(owner)} has two kings")
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
        return Pending("attack", INDEX[origin], INDEX[target])
    if token not in ("H", "F"):
        raise InvalidPositionError(f"PENDING {text!r}: the lone soldier's first die is a hit, H or F")
    return Pending("lone", INDEX[origin], INDEX[target], token)


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
                f"{unit.square} is marked as having attacked, but it is {side_name(side)}'s turn"
            )
    if kind == "setup":
        _check_setup(units, side)
    if kind in ("attack", "lone"):
        origin, target = SQUARE_NAMES[pending.origin], SQUARE_NAMES[pending.target]
        attacker, defender = units.get(pending.origin), units.get(pending.target)
        where = f"PENDING {pending.text()!r}"
        if attacker is None or attacker.owner != side:
            raise InvalidPositionError(f"{where}: {side_name(side)} has no unit on {origin}")
        if defender is None or defender.owner == side:
            raise InvalidPositionError(f"{where}: no enemy unit stands on {target}")
        if attacker.attacked:
            raise InvalidPositionError(f"{where}: the unit on {origin} has attacked in this turn already")
        if pending.target not in attack_zone(attacker.kind, pending.origin, attacker.facing):
            raise InvalidPositionError(f"{where}: {target} is out of the reach of the unit on {origin}")
        if attacker.kind == "K" and defender.kind == "R":
            raise InvalidPositionError(f"{where}: a king's attack on mercenaries is a bribe, without dice")
        if kind == "lone" and (
            not is_lone(attacker, defender) or pending.token != "HF"[attacker.kind == "A"]
        ):
            raise InvalidPositionError(
                f"{where}: a second die is rolled only by a last infantryman (after H) or archer (after F) "
                "attacking a king, knights or heavy infantry"
            )


def _check_setup(units: dict[int, Unit], side: int) -> None:
    for owner in (GOLD, SILVER):
        army = [unit for unit in units.values() if unit.owner == owner]
        name = side_name(owner)
        king = units.get(KING_SQUARES[owner])
        if king is None or king.kind != "K" or king.owner != owner:
            raise InvalidPositionError(
                f"in the set-up {name}'s king stands on {SQUARE_NAMES[KING_SQUARES[owner]]}"
            )
        for unit in army:
            if INDEX[unit.square] // 9 not in HOME_RANKS[owner] or unit.facing != HOME_FACING[owner]:
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
            f"Silver sets up once Gold's set-up is over, with {MAX_BASES} bases: Gold has {bases(gold)}"
        )
    if side == GOLD and silver > 1:
        raise InvalidPositionError(f"Silver has {bases(silver)} while Gold sets up: Silver places after Gold")
