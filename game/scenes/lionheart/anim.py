"""Tweens for the Lionheart field: a unit marching, turning, lunging; the dice tumbling, hits flying, figures
falling, a unit panicking and running, mercenaries changing sides.

The board already shows the position after an entry; an animation knows the
position before it and works out what changed (``pair_units``): units that
moved or turned, lost figures, died, changed sides or appeared. Each frame it
says how to draw those units (``Sprite``) and the dice in the tray, and which
sounds start (``update`` returns their names). Times are in seconds, scaled
by the speed setting.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from game.engine.lionheart import Action, Battle, Move, Unit
from game.scenes.timeline import PhasedTimeline
from game.ui.anim import ease_in_out, ease_out_cubic

__all__ = [
    "Change",
    "EntryAnimation",
    "Phase",
    "Sprite",
    "pair_units",
    "scoring_faces",
    "shown_order",
]

MOVE_TIME = 0.32
TURN_TIME = 0.24
LUNGE_TIME = 0.3
PLACE_TIME = 0.26
BRIBE_TIME = 0.75
ROLL_TIME = 0.8
LAND_TIME = 0.38
FLY_TIME = 0.36
FALL_TIME = 0.6
CentreOf = Callable[[str], tuple[int, int]]
"""A square's pixel centre."""
FACES = ("axe", "axe", "axe", "arrow", "arrow", "panic")


def _key(unit: Unit) -> tuple[int, str, int, str, str]:
    return unit.owner, unit.kind, unit.figures, unit.square, unit.facing


def _coords(square: str) -> tuple[int, int]:
    return "abcdefghi".index(square[0]), int(square[1:]) - 1


@dataclasses.dataclass(frozen=True)
class Change:
    """One unit that changed: as it was (``None``: it appeared) and as it is (``None``: it died)."""

    before: Unit | None
    after: Unit | None


def pair_units(before: Battle, after: Battle) -> list[Change]:
    """The units that differ between ``before`` and ``after``, each paired with what became of it."""
    old = {_key(unit): unit for unit in before.units}
    new = {_key(unit): unit for unit in after.units}
    gone = [unit for key, unit in old.items() if key not in new]
    came = [unit for key, unit in new.items() if key not in old]
    pairs: list[tuple[int, Unit, Unit]] = []
    for unit in gone:
        fx, fy = _coords(unit.square)
        for other in came:
            if other.kind != unit.kind:
                continue
            tx, ty = _coords(other.square)
            if fx != tx and fy != ty:
                continue  # units move along a file or a rank
            distance = abs(fx - tx) + abs(fy - ty)
            if distance <= 9 and other.figures <= unit.figures:
                pairs.append((distance, unit, other))
    pairs.sort(key=lambda item: item[0])
    changes: list[Change] = []
    used_before: set[str] = set()
    used_after: set[str] = set()
    for _, unit, other in pairs:
        if unit.square in used_before or other.square in used_after:
            continue
        used_before.add(unit.square)
        used_after.add(other.square)
        changes.append(Change(unit, other))
    changes.extend(Change(unit, None) for unit in gone if unit.square not in used_before)
    changes.extend(Change(None, unit) for unit in came if unit.square not in used_after)
    return changes


def shown_order(roll: Sequence[str], seed: int) -> tuple[str, ...]:
    """The faces as the dice land: the roll (a set of faces) in an order fixed by ``seed`` (the entry's index),
    so the tray shows the dice as they landed after the animation too."""
    faces = list(roll)
    random.Random(seed * 7919 + 13).shuffle(faces)
    return tuple(faces)


def scoring_faces(kind: str, roll: Sequence[str]) -> frozenset[str]:
    """The faces of ``roll`` that hit for an attacker of ``kind`` (peasants: the more frequent of axe and arrow)."""
    if kind == "A":
        return frozenset({"arrow"})
    if kind == "P":
        return (
            frozenset({"arrow"})
            if list(roll).count("arrow") > list(roll).count("axe")
            else frozenset({"axe"})
        )
    return frozenset({"axe"})


@dataclasses.dataclass
class Sprite:
    """How to draw one unit this frame."""

    unit: Unit
    centre: tuple[float, float]
    facing: str
    angle: float = 0.0
    """Degrees turned clockwise beyond ``facing`` (a unit turning)."""
    alpha: int = 255
    scale: float = 1.0
    owner_blend: float = 0.0
    """0: drawn in ``unit.owner``'s colour; 1: in the other side's (mercenaries changing sides)."""
    flash: float = 0.0
    """0..1: a red flash over the unit (figures falling)."""
    figures: int | None = None
    """The figures shown, when not the unit's own."""


class Phase(NamedTuple):
    """A phase of an entry's animation: its name and its seconds."""

    name: str
    length: float


TURN_ANGLES = {"N": 0, "E": 90, "S": 180, "W": 270}


def _turn_delta(start: str, end: str) -> float:
    """The shortest turn from one facing to another, in degrees clockwise (a half turn goes clockwise)."""
    delta = (TURN_ANGLES[end] - TURN_ANGLES[start]) % 360
    return delta - 360 if delta > 180 else float(delta)


class EntryAnimation(PhasedTimeline):
    """One entry (an action or a roll) played on the field; the board shows the position after it.

    ``kind`` is ``move`` (a move, a turn, a placement), ``attack`` (declared: the
    attacker lunges), ``bribe``, ``roll`` (an attack's dice or the opening
    roll). For a roll, ``dice`` are the faces as they land and ``lit`` which
    of them score; ``target`` is the attacked square (hits fly there).
    """

    phases: list[Phase]

    def __init__(
        self,
        before: Battle,
        after: Battle,
        entry: Move | tuple[str, ...],
        speed: float,
        *,
        seed: int = 0,
    ) -> None:
        self.before = before
        self.after = after
        self.entry = entry
        self.speed = max(0.05, speed)
        self.time = 0.0
        self.changes = pair_units(before, after)
        self.seed = seed
        self.rng = random.Random(seed)
        self.dice: tuple[str, ...] = ()
        self.lit: tuple[bool, ...] = ()
        self.target: str | None = None
        self.origin: str | None = None
        self.spins = [self.rng.uniform(-1, 1) for _ in range(8)]
        if isinstance(entry, tuple):
            self.kind = "roll"
            self.dice = self._shown_order(entry)
            squares = before.pending_attack
            if squares is not None:
                self.origin, self.target = squares
                attacker = before.unit_at(squares[0])
                faces = scoring_faces(attacker.kind if attacker else "I", entry)
            else:
                faces = frozenset({"axe"})
            self.lit = tuple(face in faces for face in self.dice)
            phases = [Phase("roll", ROLL_TIME), Phase("land", LAND_TIME)]
            if self.target is not None and any(self.lit) and self._target_hit():
                phases.append(Phase("fly", FLY_TIME))
            if self.changes:
                phases.append(Phase("fall", FALL_TIME))
        elif entry.action is Action.ATTACK and before.is_bribe(entry):
            self.kind = "bribe"
            self.origin, self.target = entry.square, entry.target
            phases = [Phase("coins", BRIBE_TIME)]
        elif entry.action is Action.ATTACK:
            self.kind = "attack"
            self.origin, self.target = entry.square, entry.target
            phases = [Phase("lunge", LUNGE_TIME)]
        else:
            self.kind = "move"
            length = {Action.TURN: TURN_TIME, Action.MOVE: MOVE_TIME}.get(entry.action, PLACE_TIME)
            phases = [Phase("act", length)]
        self.phases = [Phase(phase.name, phase.length * self.speed) for phase in phases]
        self.length = sum(phase.length for phase in self.phases)
        self._sounded: set[str] = set()

    def _shown_order(self, roll: tuple[str, ...]) -> tuple[str, ...]:
        return shown_order(roll, self.seed)

    def _target_hit(self) -> bool:
        assert self.target is not None
        before = self.before.unit_at(self.target)
        return before is not None

    # -- time --

    def update(self, dt: float) -> list[str]:
        """Advance by ``dt`` seconds; the names of the sounds that start now."""
        self.time += dt
        name, _ = self.phase()
        sounds = []
        starts = {
            "roll": "dice",
            "land": "land",
            "fly": "hit",
            "fall": "fall",
            "coins": "coins",
            "act": "march",
            "lunge": "lunge",
        }
        if name in starts and name not in self._sounded:
            self._sounded.add(name)
            sound = starts[name]
            if name == "act" and isinstance(self.entry, Move) and self.entry.action is Action.TURN:
                sound = "turn"
            if name == "fall" and self._panicked():
                sound = "panic"
            sounds.append(sound)
        return sounds

    def _panicked(self) -> bool:
        if self.origin is None:
            return False
        return any(
            change.before is not None
            and change.before.square == self.origin
            and (
                change.after is None
                or change.after.square != self.origin
                or change.after.facing != change.before.facing
            )
            for change in self.changes
        )

    # -- what to draw --

    @property
    def hidden_squares(self) -> set[str]:
        """The squares of the position after whose units the animation draws itself (or hides)."""
        if self.kind == "attack":
            return {self.origin} if self.origin else set()
        return {change.after.square for change in self.changes if change.after is not None}

    def sprites(self, centre_of: CentreOf) -> list[Sprite]:
        """The units the animation draws now; ``centre_of(square)`` gives a square's pixel centre."""
        name, t = self.phase()
        if self.kind == "attack":
            return self._lunge(centre_of, t if name == "lunge" else 1.0)
        sprites = []
        for change in self.changes:
            sprites.extend(self._change_sprites(change, name, t, centre_of))
        return sprites

    def _lunge(self, centre_of: CentreOf, t: float) -> list[Sprite]:
        assert self.origin is not None and self.target is not None
        unit = self.after.unit_at(self.origin)
        if unit is None:
            return []
        start, end = centre_of(self.origin), centre_of(self.target)
        reach = 0.22 * math.sin(math.pi * t)
        centre = (start[0] + (end[0] - start[0]) * reach, start[1] + (end[1] - start[1]) * reach)
        return [Sprite(unit, centre, unit.facing)]

    def _change_sprites(self, change: Change, name: str, t: float, centre_of: CentreOf) -> list[Sprite]:
        before, after = change.before, change.after
        if self.kind == "roll" and name in ("roll", "land", "fly"):
            # The dice are still talking: the units stand as they were.
            return [] if before is None else [Sprite(before, centre_of(before.square), before.facing)]
        if name == "end":
            return [] if after is None else [Sprite(after, centre_of(after.square), after.facing)]
        progress = t
        if before is None:
            assert after is not None
            eased = ease_out_cubic(progress)
            return [
                Sprite(
                    after,
                    centre_of(after.square),
                    after.facing,
                    alpha=int(255 * eased),
                    scale=1.25 - 0.25 * eased,
                )
            ]
        if after is None:
            # Every figure falls: a red flash, then the base shrinks away.
            flash = min(1.0, progress * 3)
            fade = max(0.0, (progress - 0.3) / 0.7)
            return [
                Sprite(
                    before,
                    centre_of(before.square),
                    before.facing,
                    alpha=int(255 * (1 - fade)),
                    scale=1 - 0.35 * fade,
                    flash=flash * (1 - fade),
                )
            ]
        start, end = centre_of(before.square), centre_of(after.square)
        delta = _turn_delta(before.facing, after.facing)
        moved = before.square != after.square
        if moved and delta:
            # A turn about and a run: first the turn, then the steps.
            turn_t = ease_in_out(min(1.0, progress * 2.2))
            walk_t = ease_in_out(max(0.0, (progress - 0.45) / 0.55))
        else:
            turn_t = ease_in_out(progress)
            walk_t = ease_in_out(progress)
        centre = (start[0] + (end[0] - start[0]) * walk_t, start[1] + (end[1] - start[1]) * walk_t)
        lost = before.figures - after.figures
        flash = math.sin(math.pi * min(1.0, progress * 1.6)) if lost else 0.0
        figures = before.figures if lost and progress < 0.45 else after.figures
        shown = after._replace(figures=figures, owner=before.owner)
        blend = ease_in_out(progress) if after.owner != before.owner else 0.0
        return [
            Sprite(
                shown,
                centre,
                before.facing,
                angle=delta * turn_t,
                flash=flash,
                owner_blend=blend,
                figures=figures,
            )
        ]

    def floating_losses(self, centre_of: CentreOf) -> list[tuple[str, tuple[float, float], float]]:
        """The "-2" that rise from a unit losing figures: text, centre, progress (0..1)."""
        name, t = self.phase()
        if name != "fall":
            return []
        losses: list[tuple[str, tuple[float, float], float]] = []
        for change in self.changes:
            before, after = change.before, change.after
            if before is None or before.owner != (after.owner if after else before.owner):
                continue
            lost = before.figures - (after.figures if after is not None else 0)
            if lost > 0 and (after is None or after.square == before.square or self.kind == "roll"):
                square = before.square
                if after is not None and self.target is not None and before.square == self.target:
                    square = after.square
                losses.append((f"-{lost}", centre_of(square), t))
        return losses

    # -- the dice --

    def dice_faces(self) -> list[tuple[str, float, float, bool]]:
        """Each die of a roll now: its face, angle (degrees), bounce height (0..1 of a die), lit."""
        name, t = self.phase()
        if self.kind != "roll":
            return []
        faces = []
        for index, face in enumerate(self.dice):
            spin = self.spins[index % len(self.spins)]
            if name == "roll":
                # Tumbling: the faces flicker, the die spins and bounces lower and lower.
                flicker = FACES[int(self.time / self.speed * 14 + index * 2.3) % len(FACES)]
                bounce = abs(math.sin(t * math.pi * 3 + index)) * (1 - t) ** 1.5
                angle = spin * 540 * (1 - ease_out_cubic(t)) + spin * 12
                faces.append((flicker, angle, bounce, False))
            else:
                settle = spin * 12
                lit = self.lit[index] and name != "roll"
                faces.append((face, settle, 0.0, lit))
        return faces

    def sparks(self) -> list[tuple[int, float]]:
        """Hits flying from the lit dice to the target: (die index, progress 0..1)."""
        name, t = self.phase()
        if name != "fly":
            return []
        return [
            (index, ease_in_out(min(1.0, t * 1.15 - 0.05 * index)))
            for index, lit in enumerate(self.lit)
            if lit
        ]
