"""The battle editor's document: the units of both sides, the opening, the checks, undo and redo.

Pure logic (no pygame), so the editor scene only turns clicks and keys into calls::

    >>> draft = BattleDraft("gK1e1N,sK1e10S - 2 0 start")
    >>> draft.place(2, 1, DraftUnit(GOLD, "I", 4, "N"))
    True
    >>> draft.text()
    'gK1e1N,gI4c2N,sK1e10S - 2 0 start'
    >>> draft.set_opening(SILVER)
    True
    >>> draft.text()
    'gK1e1N,gI4c2N,sK1e10S s 2 1 -'
    >>> draft.undo(), draft.undo(), draft.text()
    (True, True, 'gK1e1N,sK1e10S - 2 0 start')

Squares are ``(file, rank)``, 0-based (``e1`` is ``(4, 0)``). A draft may
hold what no battle can (two kings, a unit off the field, figures beyond the
table): ``problems()`` names each such thing and where it is, and only a draft
without refusals becomes a ``Battle``.
"""

from __future__ import annotations

import dataclasses
import re

from game.engine.edit_history import MAX_UNDO, Undoable
from game.engine.lionheart.army import MAX_BASES
from game.engine.lionheart.battle import GOLD, KING_SQUARES, SILVER, STANDARD_TEXT, Battle
from game.engine.lionheart.field import SIDE_LETTERS, side_name
from game.engine.lionheart.notation import FACINGS, FILES, KINDS, RANKS, LionheartError
from game.engine.lionheart.rules import validate_position
from game.engine.rules import LevelProblem, Severity

__all__ = [
    "EDIT_KINDS",
    "MAX_UNDO",
    "BattleDraft",
    "DraftProblem",
    "DraftUnit",
    "Opening",
    "Snapshot",
    "figure_choices",
    "square_label",
]

EDIT_KINDS = "KNAIMHPR"
"""The kinds the editor places, in the palette's order."""

Opening = int | None
"""Who starts: GOLD, SILVER, or ``None`` for the opening roll."""

_UNIT = re.compile(r"([gs])([A-Z])([0-9]{1,2})([a-z])([0-9]{1,2})([NESW])\*?")


def square_label(file: int, rank: int) -> str:
    """The name of a square, also of one off the field (``e1``; ``k12`` is two files and ranks beyond)."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    if 0 <= file < len(letters):
        return f"{letters[file]}{rank + 1}"
    return f"({file + 1}, {rank + 1})"


def on_field(file: int, rank: int) -> bool:
    """Whether ``(file, rank)`` is one of the field's 90 squares."""
    return 0 <= file < len(FILES) and 0 <= rank < RANKS


def figure_choices(kind: str) -> tuple[int, ...]:
    """The figures a unit of ``kind`` may have on the field: 1 to a full base (a unit may have lost some)."""
    return tuple(range(1, max(KINDS[kind].base_sizes) + 1))


@dataclasses.dataclass(frozen=True)
class DraftUnit:
    """A unit being placed: its side, kind letter, figures and facing (its square is the draft's key)."""

    owner: int
    kind: str
    figures: int
    facing: str

    def changed(
        self, *, owner: int | None = None, figures: int | None = None, facing: str | None = None
    ) -> DraftUnit:
        """The unit with the side, figures or facing given changed."""
        return DraftUnit(
            self.owner if owner is None else owner,
            self.kind,
            self.figures if figures is None else figures,
            self.facing if facing is None else facing,
        )

    def text(self, file: int, rank: int) -> str:
        """The unit as a position writes it, standing on ``(file, rank)`` (``gI4c2N``)."""
        return f"{SIDE_LETTERS[self.owner]}{self.kind}{self.figures}{square_label(file, rank)}{self.facing}"


@dataclasses.dataclass(frozen=True)
class DraftProblem(LevelProblem):
    """A finding of the editor's checks, with what names it in any language: the side, the kind and the
    count it is about, and the squares it concerns by name (``places`` is their bitboard on the field)."""

    side: int = -1
    kind: str = ""
    count: int = 0
    other: int = 0
    """A second count (Silver's figures beside Gold's in ``count``)."""
    squares: tuple[str, ...] = ()


Units = tuple[tuple[tuple[int, int], DraftUnit], ...]
Snapshot = tuple[Units, Opening]


def _places(squares: list[tuple[int, int]]) -> int:
    return sum(1 << (rank * 9 + file) for file, rank in squares if on_field(file, rank))


def _names(squares: list[tuple[int, int]]) -> tuple[str, ...]:
    return tuple(square_label(file, rank) for file, rank in sorted(squares, key=lambda s: (s[1], s[0])))


def parse_draft(text: str) -> tuple[dict[tuple[int, int], DraftUnit], Opening]:
    """The units and the opening of a level's position, read as the editor holds them.

    The units may break the table (two kings, figures beyond a base, squares
    off the field): the editor shows them and its checks say where. The
    position must be at the start of a battle (the opening roll to come, or a
    side with both actions); ``LionheartError`` otherwise, or for text that is
    no position.
    """
    fields = text.split() if isinstance(text, str) else []
    if not 3 <= len(fields) <= 5 or len(text) > 4000:
        raise LionheartError(
            f"{str(text)[:40]!r} is not a battle: expected UNITS SIDE ACTIONS [QUIET [PENDING]]"
        )
    pending = fields[4] if len(fields) == 5 else "-"
    side = fields[1]
    if pending == "start" and side == "-":
        opening: Opening = None
    elif pending == "-" and side in SIDE_LETTERS and fields[2] == "2":
        opening = SIDE_LETTERS.index(side)
    else:
        raise LionheartError(
            "the editor opens a battle at its start: before the opening roll or a side's turn"
        )
    units: dict[tuple[int, int], DraftUnit] = {}
    for item in fields[0].split(",") if fields[0] != "-" else []:
        match = _UNIT.fullmatch(item)
        if match is None or match[2] not in KINDS or int(match[3]) < 1:
            raise LionheartError(
                f"unit {item[:20]!r} is not owner, kind, figures, square and facing (gI4c2N)"
            )
        square = ("abcdefghijklmnopqrstuvwxyz".index(match[4]), int(match[5]) - 1)
        if square in units:
            raise LionheartError(f"two units stand on {square_label(*square)}")
        units[square] = DraftUnit(SIDE_LETTERS.index(match[1]), match[2], int(match[3]), match[6])
    return units, opening


class BattleDraft(Undoable[Snapshot]):
    """A battle being edited, with its undo and redo history."""

    def __init__(self, text: str = STANDARD_TEXT) -> None:
        super().__init__()
        self.units, self.opening = parse_draft(text)

    # -- reading --

    def snapshot(self) -> Snapshot:
        """The units and the opening, as an immutable value."""
        return tuple(sorted(self.units.items(), key=lambda item: (item[0][1], item[0][0]))), self.opening

    def unit_at(self, file: int, rank: int) -> DraftUnit | None:
        """The unit on ``(file, rank)``, if any."""
        return self.units.get((file, rank))

    def text(self) -> str:
        """The draft as a position (units on and off the field; the opening roll, or a side's first turn)."""
        units = ",".join(unit.text(file, rank) for (file, rank), unit in self.snapshot()[0]) or "-"
        if self.opening is None:
            return f"{units} - 2 0 start"
        return f"{units} {SIDE_LETTERS[self.opening]} 2 1 -"

    def battle(self) -> Battle | None:
        """The draft as a battle; ``None`` while it breaks what a battle can be (see ``problems``)."""
        try:
            return Battle(self.text())
        except LionheartError:
            return None

    def figures(self, side: int) -> int:
        """The figures of ``side``'s army."""
        return sum(unit.figures for unit in self.units.values() if unit.owner == side)

    def bases(self, side: int) -> int:
        """The units of ``side``'s army."""
        return sum(unit.owner == side for unit in self.units.values())

    def problems(self) -> list[DraftProblem]:
        """What keeps the draft from being a level (REFUSED) or makes it unusual (WARNING), each with where it is.

        The editor's own checks first: nobody off the field, each side one
        king and something beside it, one unit of mercenaries at most, figures within the table (a
        base's and an army's), ten bases at most. Once none of these holds,
        the rules' level checks (``validate_position``: a battle already over,
        armies of unequal figures).
        """
        problems: list[DraftProblem] = []
        off = [square for square in self.units if not on_field(*square)]
        if off:
            problems.append(
                DraftProblem(
                    Severity.REFUSED,
                    "off-field",
                    f"off the field: {', '.join(_names(off))}",
                    count=len(off),
                    squares=_names(off),
                )
            )
        for side in (GOLD, SILVER):
            problems += self._army_problems(side)
        if problems:
            return problems
        try:
            battle = Battle(self.text())
        except (
            LionheartError
        ) as error:  # the checks above leave nothing a battle refuses; kept as a last guard
            return [DraftProblem(Severity.REFUSED, "invalid", str(error))]
        for found in validate_position(battle):
            if found.code == "unequal":
                problems.append(
                    DraftProblem(
                        found.severity,
                        found.code,
                        found.message,
                        count=self.figures(GOLD),
                        other=self.figures(SILVER),
                    )
                )
            else:
                problems.append(DraftProblem(found.severity, found.code, found.message, found.places))
        return problems

    def _army_problems(self, side: int) -> list[DraftProblem]:
        army = [(square, unit) for square, unit in self.units.items() if unit.owner == side]
        name = side_name(side)
        found: list[DraftProblem] = []

        def problem(
            code: str, message: str, squares: list[tuple[int, int]], *, kind: str = "", count: int = 0
        ) -> None:
            found.append(
                DraftProblem(
                    Severity.REFUSED,
                    code,
                    message,
                    _places(squares),
                    side=side,
                    kind=kind,
                    count=count,
                    squares=_names(squares),
                )
            )

        kings = [square for square, unit in army if unit.kind == "K"]
        if not kings:
            king = KING_SQUARES[side]
            problem("no-king", f"{name} has no king", [(king % 9, king // 9)])
        elif len(kings) > 1:
            problem("kings", f"{name} has {len(kings)} kings", kings, count=len(kings))
        elif len(army) == 1:
            problem("alone", f"{name}'s king stands alone: the battle would be over", kings)
        for kind, info in KINDS.items():
            of_kind = [square for square, unit in army if unit.kind == kind]
            overfull = [
                square for square, unit in army if unit.kind == kind and unit.figures > max(info.base_sizes)
            ]
            if overfull:
                problem(
                    "base",
                    f"{name}'s {info.name}: more than {max(info.base_sizes)} figures on a base",
                    overfull,
                    kind=kind,
                    count=max(info.base_sizes),
                )
            figures = sum(unit.figures for _, unit in army if unit.kind == kind)
            if kind == "R" and len(of_kind) > info.max_bases:
                problem(
                    "mercenaries",
                    f"{name} has {len(of_kind)} units of mercenaries",
                    of_kind,
                    kind=kind,
                    count=len(of_kind),
                )
            elif kind != "K" and figures > info.army_limit:
                problem(
                    "army-limit",
                    f"{name}'s army: {figures} {info.name}, more than {info.army_limit}",
                    of_kind,
                    kind=kind,
                    count=figures,
                )
        if len(army) > MAX_BASES:
            problem(
                "bases",
                f"{name} has {len(army)} units, more than {MAX_BASES}",
                [s for s, _ in army],
                count=len(army),
            )
        return found

    # -- editing (each call that changes something is one undo step) --

    def place(self, file: int, rank: int, unit: DraftUnit) -> bool:
        """Put ``unit`` on ``(file, rank)``, replacing what stood there; True if it changed anything."""
        if unit.kind not in KINDS or unit.facing not in FACINGS or unit.owner not in (GOLD, SILVER):
            raise ValueError(f"{unit!r} is not a unit the editor places")
        before = self.snapshot()
        self.units[(file, rank)] = unit
        return self._remember(before)

    def remove(self, file: int, rank: int) -> bool:
        """Take away the unit on ``(file, rank)``; False if there is none."""
        before = self.snapshot()
        self.units.pop((file, rank), None)
        return self._remember(before)

    def move(self, start: tuple[int, int], end: tuple[int, int]) -> bool:
        """Move the unit on ``start`` to ``end``; a unit standing on ``end`` takes ``start``'s place (they swap)."""
        if start not in self.units or start == end:
            return False
        before = self.snapshot()
        moved = self.units.pop(start)
        if end in self.units:
            self.units[start] = self.units[end]
        self.units[end] = moved
        return self._remember(before)

    def change(
        self,
        file: int,
        rank: int,
        *,
        owner: int | None = None,
        figures: int | None = None,
        facing: str | None = None,
    ) -> bool:
        """Change the side, the figures or the facing of the unit on ``(file, rank)``; False if none changed."""
        unit = self.units.get((file, rank))
        if unit is None:
            return False
        return self.place(file, rank, unit.changed(owner=owner, figures=figures, facing=facing))

    def set_opening(self, opening: Opening) -> bool:
        """Who starts: GOLD, SILVER, or ``None`` for the opening roll (an undo step if it changes)."""
        before = self.snapshot()
        self.opening = opening
        return self._remember(before)

    def set_position(self, text: str) -> bool:
        """Replace the whole draft by the position ``text`` (a level, a new battle): one undo step."""
        units, opening = parse_draft(text)
        before = self.snapshot()
        self.units, self.opening = units, opening
        return self._remember(before)

    def _apply(self, snapshot: Snapshot) -> None:
        units, self.opening = snapshot
        self.units = dict(units)
