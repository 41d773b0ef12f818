"""Lionheart's vocabulary: squares, facings, the units' table, actions (``Move``) and dice as text.

The battlefield has files ``a``-``i`` and ranks ``1``-``10``; a square is an
index ``0``-``89``, rank-major from ``a1`` (``b1`` is 1, ``a2`` is 9). Facings
are ``N`` (towards rank 10), ``E``, ``S``, ``W``.

Actions as text (one token each, design.md):

>>> [str(Move.from_text(text)) for text in ("d1-d5", "c2:E", "c2xd3", "I@c2", "P3@c1", "done")]
['d1-d5', 'c2:E', 'c2xd3', 'I@c2', 'P3@c1', 'done']

A placement (level 2's set-up) is the unit's kind letter, its figures when
the table lets the player choose them (peasants 1-4, heavy infantry and
mercenaries 1-2), ``@`` and the square: ``I@c2`` (four infantrymen), ``H2@d1``.
``done`` ends a side's set-up once its ten bases stand (never sooner).

Dice: an outcome is a sorted tuple of ``"axe"``, ``"arrow"``, ``"panic"`` (one
per die), written as one token of the seed's letters ``H`` (hache), ``F``
(flèche), ``P`` (panique) in that order:

>>> outcome_text(("panic", "axe", "arrow", "axe")), parse_outcome("HHFP")
('HHFP', ('arrow', 'axe', 'axe', 'panic'))
"""

from __future__ import annotations

import dataclasses
import enum
import math
import re
from fractions import Fraction
from typing import NamedTuple

from game.engine.core import require_text

__all__ = [
    "ARROW",
    "AXE",
    "DICE_FACES",
    "FACINGS",
    "FILES",
    "KINDS",
    "PANIC",
    "RANKS",
    "SQUARE_NAMES",
    "Action",
    "InvalidMoveError",
    "InvalidOutcomeError",
    "KindInfo",
    "LionheartError",
    "Move",
    "dice_outcomes",
    "outcome_text",
    "parse_outcome",
    "square_index",
]

FILES = "abcdefghi"
RANKS = 10
SQUARES = len(FILES) * RANKS
SQUARE_NAMES: tuple[str, ...] = tuple(f"{FILES[sq % 9]}{sq // 9 + 1}" for sq in range(SQUARES))
"""The name of each square index (``SQUARE_NAMES[0] == "a1"``)."""
_SQUARE_INDEX = {name: sq for sq, name in enumerate(SQUARE_NAMES)}

FACINGS = "NESW"
"""The four facings, clockwise from north (towards rank 10)."""
DELTAS: dict[str, tuple[int, int]] = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
"""(file, rank) step of each facing."""
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}

AXE, ARROW, PANIC = "axe", "arrow", "panic"
DICE_FACES = (AXE, ARROW, PANIC)
"""A die's faces: 3 axes, 2 arrows, 1 panic of its 6."""
FACE_LETTER = {AXE: "H", ARROW: "F", PANIC: "P"}
FACE_CHANCE = {AXE: Fraction(1, 2), ARROW: Fraction(1, 3), PANIC: Fraction(1, 6)}
MAX_DICE = 4
"""No unit rolls more than four dice (two knights, two heavy infantrymen, mass infantry's cap)."""


class LionheartError(ValueError):
    """Base class of the errors raised for bad Lionheart input."""


class InvalidMoveError(LionheartError):
    """Action text or a ``Move`` value that no position could accept."""


class InvalidOutcomeError(LionheartError):
    """Dice text or an outcome value that is not a roll of Lionheart's dice."""


def square_index(name: str) -> int:
    """The index of the square ``name`` (``a1`` is 0); ``InvalidMoveError`` if it is not a square."""
    index = _SQUARE_INDEX.get(name) if isinstance(name, str) else None
    if index is None:
        raise InvalidMoveError(f"{name!r} is not a square: expected a file a-i and a rank 1-10 (e10)")
    return index


# --- the units' table (seed 003, appendix C, III) --------------------------------


class KindInfo(NamedTuple):
    """What the seed's table says of one kind of unit."""

    letter: str
    name: str
    army_limit: int
    """Figures of this kind an army may field (level 2)."""
    base_sizes: tuple[int, ...]
    """The figures a base may start with."""
    dice_per_figure: int
    max_dice: int
    hits_per_figure: int
    """Hits that take off one figure (2: knights, king, heavy infantry)."""
    panics: bool
    far: bool
    """Moves any number of empty squares ahead (king, knights)."""
    action_cost: int
    """Actions a move or a turn costs (heavy infantry: both)."""
    max_bases: int = 10
    """Bases of this kind an army may field (mercenaries: one)."""


KINDS: dict[str, KindInfo] = {
    "K": KindInfo("K", "king", 1, (1,), 2, 2, 2, False, True, 1, 1),
    "N": KindInfo("N", "knights", 4, (2,), 2, 4, 2, True, True, 1),
    "A": KindInfo("A", "archers", 8, (4,), 1, 4, 1, True, False, 1),
    "I": KindInfo("I", "infantry", 20, (4,), 1, 4, 1, True, False, 1),
    "M": KindInfo("M", "mass infantry", 20, (10,), 1, 4, 1, True, False, 1),
    "H": KindInfo("H", "heavy infantry", 2, (1, 2), 2, 4, 2, True, False, 2),
    "P": KindInfo("P", "peasants", 4, (1, 2, 3, 4), 1, 4, 1, True, False, 1),
    "R": KindInfo("R", "mercenaries", 2, (1, 2), 2, 4, 1, False, False, 1, 1),
}
"""Every kind by its letter: K king, N knights, A archers, I infantry, M mass infantry, H heavy
infantry, P peasants, R mercenaries."""
PLACEABLE = "NAIMHPR"
"""The kinds a side places in level 2's set-up (the king stands on e1 / e10 already)."""


# --- dice ------------------------------------------------------------------------


def _canonical(outcome: object) -> tuple[str, ...]:
    if not isinstance(outcome, (tuple, list)):
        raise InvalidOutcomeError(
            f"{outcome!r} is not a roll: expected a tuple of 'axe', 'arrow' and 'panic', one per die"
        )
    for face in outcome:
        if face not in DICE_FACES:
            raise InvalidOutcomeError(f"{face!r} in {outcome!r} is not a face: 'axe', 'arrow' or 'panic'")
    if not 1 <= len(outcome) <= MAX_DICE:
        raise InvalidOutcomeError(f"{outcome!r} has {len(outcome)} dice: a roll is 1 to {MAX_DICE}")
    return tuple(sorted(outcome))


def outcome_text(outcome: tuple[str, ...] | list[str]) -> str:
    """The one-token text of a roll: ``H`` per axe, then ``F`` per arrow, then ``P`` per panic."""
    faces = _canonical(outcome)
    return "".join(FACE_LETTER[face] * faces.count(face) for face in DICE_FACES)


_OUTCOME_TEXT = re.compile(r"H*F*P*")


def parse_outcome(text: str) -> tuple[str, ...]:
    """The roll written as ``text`` (``HHFP``), as a sorted tuple; ``InvalidOutcomeError`` if it is not one."""
    text = require_text(text, "a roll", InvalidOutcomeError)
    if not text or not _OUTCOME_TEXT.fullmatch(text):
        raise InvalidOutcomeError(
            f"{text[:12]!r} is not a roll: one letter per die, H (axe) then F (arrow) then P (panic), as HHFP"
        )
    if len(text) > MAX_DICE:
        raise InvalidOutcomeError(f"{text[:12]!r} has {len(text)} dice: a roll is 1 to {MAX_DICE}")
    return tuple(sorted([AXE] * text.count("H") + [ARROW] * text.count("F") + [PANIC] * text.count("P")))


def _outcomes(dice: int) -> tuple[tuple[tuple[str, ...], float], ...]:
    pairs = []
    for axes in range(dice, -1, -1):
        for arrows in range(dice - axes, -1, -1):
            panics = dice - axes - arrows
            ways = math.factorial(dice) // (
                math.factorial(axes) * math.factorial(arrows) * math.factorial(panics)
            )
            chance = (
                ways * FACE_CHANCE[AXE] ** axes * FACE_CHANCE[ARROW] ** arrows * FACE_CHANCE[PANIC] ** panics
            )
            faces = tuple(sorted([AXE] * axes + [ARROW] * arrows + [PANIC] * panics))
            pairs.append((faces, float(chance)))
    return tuple(pairs)


_DICE_OUTCOMES = {dice: _outcomes(dice) for dice in range(1, MAX_DICE + 1)}


def dice_outcomes(dice: int) -> list[tuple[tuple[str, ...], float]]:
    """Every distinct roll of ``dice`` dice with its exact (multinomial) probability, most axes first.

    >>> [(outcome_text(roll), chance) for roll, chance in dice_outcomes(1)]
    [('H', 0.5), ('F', 0.3333333333333333), ('P', 0.16666666666666666)]
    """
    if dice not in _DICE_OUTCOMES:
        raise InvalidOutcomeError(f"a roll is 1 to {MAX_DICE} dice, not {dice!r}")
    return list(_DICE_OUTCOMES[dice])


# --- actions ---------------------------------------------------------------------


class Action(enum.Enum):
    """What a ``Move`` does."""

    MOVE = "move"
    """Advance the unit on ``square`` straight ahead to ``target``."""
    TURN = "turn"
    """Turn the unit on ``square`` to ``facing``."""
    ATTACK = "attack"
    """The unit on ``square`` attacks the one on ``target`` (a king's attack on mercenaries bribes them)."""
    PLACE = "place"
    """Set-up: place a base of ``unit`` with ``figures`` on ``square``."""
    DONE = "done"
    """Set-up: the side has placed its army."""


_MOVE_TEXT = re.compile(r"([a-i](?:10|[1-9]))([-x:])([a-i](?:10|[1-9])|[NESW])")
_PLACE_TEXT = re.compile(r"([A-Z])([0-9]{0,2})@(.*)")
MAX_REACH = 3
"""No action reaches further than three squares ahead and one aside (archers' zone), but moves."""


@dataclasses.dataclass(frozen=True, slots=True)
class Move:
    """One action of a player, a frozen value written as one token (see the module docstring).

    The constructor checks the value can be an action in some position (its
    squares exist, a move goes straight along a file or a rank, an attack is
    within reach, a placement's figures fit its kind); anything else raises
    ``InvalidMoveError``. Whether it is legal is the battle's question.

    >>> Move(Action.ATTACK, "c2", "c2")
    Traceback (most recent call last):
    ...
    game.engine.lionheart.notation.InvalidMoveError: an attack from c2 on c2: a unit cannot attack its own square
    >>> Move.from_text("d1-e2")
    Traceback (most recent call last):
    ...
    game.engine.lionheart.notation.InvalidMoveError: 'd1-e2': a unit moves straight along a file or a rank
    """

    action: Action
    square: str = ""
    """The acting unit's square (the square placed on)."""
    target: str = ""
    """A move's destination, an attack's target."""
    facing: str = ""
    """A turn's new facing."""
    unit: str = ""
    """A placement's kind letter."""
    figures: int = 0
    """A placement's figures."""

    def __post_init__(self) -> None:
        action = self.action
        if not isinstance(action, Action):
            raise InvalidMoveError(f"{action!r} is not an Action (MOVE, TURN, ATTACK, PLACE, DONE)")
        for name in ("square", "target", "facing", "unit"):
            if not isinstance(getattr(self, name), str):
                raise InvalidMoveError(
                    f"Move's {name} must be text, not {type(getattr(self, name)).__name__}"
                )
        if not isinstance(self.figures, int) or isinstance(self.figures, bool):
            raise InvalidMoveError(f"Move's figures must be a number, not {type(self.figures).__name__}")
        if action is Action.DONE:
            if self.square or self.target or self.facing or self.unit or self.figures:
                raise InvalidMoveError("'done' names no square, facing or unit")
            return
        origin = square_index(self.square)
        if action is Action.PLACE:
            if self.target or self.facing:
                raise InvalidMoveError(f"a placement on {self.square} names no target or facing")
            info = KINDS.get(self.unit)
            if info is None or self.unit not in PLACEABLE:
                raise InvalidMoveError(
                    f"a placement of {self.unit!r}: the kinds placed are {', '.join(PLACEABLE)} "
                    "(the king stands on e1 / e10 already)"
                )
            if self.figures not in info.base_sizes:
                sizes = " or ".join(str(size) for size in info.base_sizes)
                raise InvalidMoveError(f"a base of {info.name} has {sizes} figures, not {self.figures}")
            return
        if self.unit or self.figures:
            raise InvalidMoveError(f"only a placement names a unit kind and figures ({action.value})")
        if action is Action.TURN:
            if self.target or self.facing not in ("N", "E", "S", "W"):
                raise InvalidMoveError(
                    f"a turn of {self.square} names a facing N, E, S or W, not {self.facing!r}"
                )
            return
        if self.facing:
            raise InvalidMoveError(f"only a turn names a facing ({action.value})")
        target = square_index(self.target)
        files, ranks = abs(target % 9 - origin % 9), abs(target // 9 - origin // 9)
        if action is Action.MOVE:
            if target == origin or (files and ranks):
                raise InvalidMoveError(
                    f"{self.square}-{self.target}: a unit moves straight along a file or a rank"
                )
            return
        if target == origin:
            raise InvalidMoveError(
                f"an attack from {self.square} on {self.target}: a unit cannot attack its own square"
            )
        if min(files, ranks) > 1 or max(files, ranks) > MAX_REACH:
            raise InvalidMoveError(f"{self.square}x{self.target}: no unit attacks that far")

    # -- building --

    @classmethod
    def move(cls, square: str, target: str) -> Move:
        """The unit on ``square`` advances to ``target``."""
        return cls(Action.MOVE, square, target)

    @classmethod
    def turn(cls, square: str, facing: str) -> Move:
        """The unit on ``square`` turns to ``facing`` (``N``, ``E``, ``S``, ``W``)."""
        return cls(Action.TURN, square, facing=facing)

    @classmethod
    def attack(cls, square: str, target: str) -> Move:
        """The unit on ``square`` attacks the unit on ``target``."""
        return cls(Action.ATTACK, square, target)

    @classmethod
    def place(cls, unit: str, square: str, figures: int | None = None) -> Move:
        """A base of ``unit`` (a kind letter) placed on ``square``; ``figures`` default to the kind's largest base."""
        info = KINDS.get(unit) if isinstance(unit, str) else None
        if figures is None and info is not None:
            figures = info.base_sizes[-1]
        return cls(Action.PLACE, square, unit=unit, figures=figures if figures is not None else 0)

    @classmethod
    def done(cls) -> Move:
        """The side to set up has placed its army."""
        return cls(Action.DONE)

    @classmethod
    def from_text(cls, text: str) -> Move:
        """The action written ``text``; ``InvalidMoveError`` (a ``ValueError``) says what is wrong.

        Never reads dice (``parse_outcome`` does).
        """
        text = require_text(text, "an action", InvalidMoveError)
        if not text:
            raise InvalidMoveError("empty action text: expected d1-d5, c2:E, c2xd3, I@c2 or done")
        if len(text) > 12:
            raise InvalidMoveError(f"{text[:12]!r}... is too long for an action")
        if text == "done":
            return cls.done()
        placed = _PLACE_TEXT.fullmatch(text)
        if placed:
            unit, figures, square = placed.groups()
            square_index(square)
            if unit not in KINDS or unit not in PLACEABLE:
                raise InvalidMoveError(f"{text!r}: the kinds placed are {', '.join(PLACEABLE)}")
            return cls.place(unit, square, int(figures) if figures else None)
        match = _MOVE_TEXT.fullmatch(text)
        if not match:
            raise InvalidMoveError(
                f"{text!r} is not an action: a move d1-d5, a turn c2:E, an attack c2xd3, "
                "a placement I@c2 or done"
            )
        square, sign, other = match.groups()
        try:
            if sign == ":":
                if other not in FACINGS:
                    raise InvalidMoveError(f"{text!r}: a turn names a facing N, E, S or W")
                return cls.turn(square, other)
            if other in FACINGS:
                raise InvalidMoveError(f"{text!r}: a move or an attack names a square after {sign!r}")
            return cls.move(square, other) if sign == "-" else cls.attack(square, other)
        except InvalidMoveError as error:
            message = str(error)
            if message.startswith(f"{square}{sign}{other}:"):
                message = message.partition(": ")[2]
            raise InvalidMoveError(f"{text!r}: {message}") from None

    # -- text --

    def text(self) -> str:
        """The action as one token (see the module docstring)."""
        action = self.action
        if action is Action.MOVE:
            return f"{self.square}-{self.target}"
        if action is Action.ATTACK:
            return f"{self.square}x{self.target}"
        if action is Action.TURN:
            return f"{self.square}:{self.facing}"
        if action is Action.PLACE:
            sizes = KINDS[self.unit].base_sizes
            return f"{self.unit}{self.figures if len(sizes) > 1 else ''}@{self.square}"
        return "done"

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Move.from_text({self.text()!r})"


def _trusted_move(action: Action, square: str, target: str = "", facing: str = "") -> Move:
    """A ``Move`` built without the constructor's checks: for the battle's own tables, of known good values."""
    move = object.__new__(Move)
    for name, value in (("action", action), ("square", square), ("target", target), ("facing", facing),
                        ("unit", ""), ("figures", 0)):  # fmt: skip
        object.__setattr__(move, name, value)
    return move
