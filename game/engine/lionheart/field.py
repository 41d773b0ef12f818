"""The field and its units: the sides and their home ranks, the ``Unit`` and ``Pending`` records, the squares
ahead, rays and attack zones, and what a kind's dice score.

Squares are indices 0-89 (``a1`` is 0, ``i10`` 89, rank by rank); the tables
are built once at import, so the move generation, the dice and the AI read
them without computing anything.
"""

from __future__ import annotations

from typing import NamedTuple

from game.engine.lionheart.notation import ARROW, AXE, DELTAS, KINDS, SQUARE_NAMES, SQUARES

__all__ = [
    "ARCHER_ZONE",
    "CHANCE_KINDS",
    "GOLD",
    "HOME_FACING",
    "HOME_RANKS",
    "INDEX",
    "KING_SQUARES",
    "LONE_ATTACKERS",
    "NEIGHBOURS",
    "NO_PENDING",
    "RAYS",
    "SETUP",
    "SIDE_LETTERS",
    "SILVER",
    "START",
    "STEP",
    "TWO_HIT",
    "Pending",
    "Unit",
    "attack_zone",
    "dice_count",
    "hits",
    "is_lone",
    "side_name",
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


def side_name(side: int) -> str:
    """``Gold`` or ``Silver``, as the error messages name a side."""
    return "Gold" if side == GOLD else "Silver"


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
INDEX = {name: sq for sq, name in enumerate(SQUARE_NAMES)}
"""A square's index from its name (``e1`` is 4)."""


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


# --- dice ------------------------------------------------------------------------


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


def is_lone(attacker: Unit, defender: Unit) -> bool:
    """Whether ``attacker`` is a lone soldier against ``defender`` (a second die after a hit)."""
    return attacker.figures == 1 and attacker.kind in LONE_ATTACKERS and defender.kind in TWO_HIT


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
CHANCE_KINDS = frozenset({"start", "attack", "lone"})
"""The pending kinds at which dice are to be rolled (the battle's turn is CHANCE)."""
