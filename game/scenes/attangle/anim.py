"""Tweens for the Attangle board: a placement, a capture, a new triple, and the winner's celebration.

A placement: the disc leaves the mover's pile and lands on its point. A
capture: the taller attacker slides along its line onto the target, then the
single, and the top disc flies back to the mover's pile; a stack that becomes
a triple flashes gold as it locks. Animations are timed in seconds and scaled
by the speed setting; the board already shows the position after the move,
so each frame an animation says how to draw the points and piles it changes
(``Frame``) and which sounds start (``update`` returns their names).
"""

from __future__ import annotations

import dataclasses
import math

from game.engine.attangle import Board, Move, Side
from game.scenes.attangle.view import HexView, StackLook
from game.scenes.timeline import PhasedTimeline, Timeline
from game.ui import theme
from game.ui.anim import ease_in_out, ease_out_cubic

__all__ = ["Celebration", "Frame", "MoveAnimation", "PlayedMove"]

PLACE_TIME = 0.42
SLIDE_TIME = 0.3
PAUSE_TIME = 0.06
RETURN_TIME = 0.42
LOCK_TIME = 0.55
LANDING_SOUNDS = {"place": "clone", "slide1": "clone", "slide2": "clone", "return": "flip", "lock": "select"}
"""The sound at the end of each phase of a move."""


@dataclasses.dataclass(frozen=True)
class PlayedMove:
    """What a move did, for its animation: the mover, the stacks before, the result and the reserve."""

    move: Move
    seat: int
    target: int
    under: str
    """The stack on the target before the move ("" for a placement)."""
    first: tuple[int, str] | None
    """The attacker that lands first (the taller) and its stack; ``None`` for a placement."""
    second: tuple[int, str] | None
    """The attacker that lands last (a single), which then goes back to the reserve."""
    reserve_before: int

    @classmethod
    def describe(cls, board: Board, move: Move) -> PlayedMove:
        """What ``move`` (legal) will do on ``board``, which it has not been played on yet."""
        seat = int(board.turn)
        target = board.point(move.target)
        if not move.attackers:
            return cls(move, seat, target, "", None, None, board.reserve(seat))
        one, other = (board.point(name) for name in move.attackers)
        if len(board.stacks[other]) > len(board.stacks[one]):
            one, other = other, one
        return cls(
            move,
            seat,
            target,
            board.stacks[target],
            (one, board.stacks[one]),
            (other, board.stacks[other]),
            board.reserve(seat),
        )

    @property
    def result(self) -> str:
        """The stack on the target after the move."""
        if self.first is None:
            return Side(self.seat).symbol
        return self.under + self.first[1]

    @property
    def makes_triple(self) -> bool:
        """Whether the move builds a triple."""
        return len(self.result) == 3


@dataclasses.dataclass
class Frame:
    """How to draw the moment: stacks to draw differently (``None`` hides one), discs in flight, pile counts."""

    overrides: dict[int, StackLook | None]
    flying: list[StackLook]
    reserves: dict[int, int]
    lock: tuple[int, float] | None = None
    """A triple locking: its point and the flash's progress (0..1)."""


def _lerp(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


class MoveAnimation(PhasedTimeline):
    """One move played on the board; the board already shows the position after it."""

    def __init__(self, played: PlayedMove, speed: float) -> None:
        self.played = played
        self.speed = max(0.05, speed)
        self.time = 0.0
        if played.first is None:
            self.phases = [("place", PLACE_TIME * self.speed)]
        else:
            self.phases = [
                ("slide1", SLIDE_TIME * self.speed),
                ("pause", PAUSE_TIME * self.speed),
                ("slide2", SLIDE_TIME * self.speed),
                ("return", RETURN_TIME * self.speed),
            ]
        if played.makes_triple:
            self.phases.append(("lock", LOCK_TIME * self.speed))
        self.length = sum(length for _, length in self.phases)

    def update(self, dt: float) -> list[str]:
        """Advance by ``dt`` seconds; the names of the sounds that start now (a disc landing)."""
        before = self.time
        self.time += dt
        sounds = []
        end = 0.0
        for name, length in self.phases:
            end += length
            if before < end <= self.time and name in LANDING_SOUNDS:
                sounds.append(LANDING_SOUNDS[name])
        return sounds

    def frame(self, view: HexView) -> Frame:
        """How to draw this moment of the move."""
        played = self.played
        seat = played.seat
        symbol = Side(seat).symbol
        name, t = self.phase()
        target = played.target
        width = view.disc_width()
        if played.first is None:
            if name == "place":
                start = view.reserve_top(seat, played.reserve_before)
                end: tuple[float, float] = view.point_centre(target)
                eased = ease_in_out(t)
                centre = _lerp(start, end, eased)
                lift = math.sin(math.pi * eased) * 0.9
                centre = (centre[0], centre[1] - lift * width * 0.6)
                return Frame({target: None}, [StackLook(symbol, centre=centre, lift=lift)], {})
            return Frame({}, [], {})
        first_point, first_stack = played.first
        second_point, second_stack = played.second  # type: ignore[misc]
        before = {seat: played.reserve_before}
        target_centre = view.point_centre(target)
        if name in ("slide1", "pause"):
            eased = ease_in_out(t) if name == "slide1" else 1.0
            overrides: dict[int, StackLook | None] = {
                target: None,
                second_point: StackLook(second_stack),
                first_point: None,
            }
            flying = [StackLook(played.under, centre=target_centre)] if played.under else []
            at = _lerp(view.point_centre(first_point), target_centre, eased)
            rise = width * 0.22 * len(played.under) * eased
            flying.append(StackLook(first_stack, centre=(at[0], at[1] - rise), locked=False))
            if eased >= 1.0:
                flying = [StackLook(played.under + first_stack, centre=target_centre, locked=False)]
            return Frame(overrides, flying, before)
        landed = played.under + first_stack
        if name == "slide2":
            eased = ease_in_out(t)
            at = _lerp(view.point_centre(second_point), view.stack_top(target, len(landed) + 1), eased)
            overrides = {target: StackLook(landed, locked=False), second_point: None}
            return Frame(overrides, [StackLook(second_stack, centre=at)], before)
        if name == "return":
            eased = ease_in_out(t)
            start = view.stack_top(target, len(landed) + 1)
            end = view.reserve_top(seat, played.reserve_before + 1)
            at = _lerp(start, end, eased)
            lift = math.sin(math.pi * eased) * 0.7
            at = (at[0], at[1] - lift * width * 0.5)
            overrides = {target: StackLook(landed, locked=False)}
            return Frame(overrides, [StackLook(symbol, centre=at, lift=lift)], before if eased < 1 else {})
        if name == "lock":
            return Frame({}, [], {}, (target, ease_out_cubic(t)))
        return Frame({}, [], {})


class Celebration(Timeline):
    """The end of a game won by triples: the winner's triples light up one by one, rings spread from the last."""

    def __init__(self, points: list[int], last: int | None, speed: float) -> None:
        self.points = points
        self.last = last
        self.speed = max(0.05, speed)
        self.time = 0.0
        self.length = (0.25 * len(points) + 1.1) * self.speed
        self._played = False

    def update(self, dt: float) -> list[str]:
        """Advance by ``dt`` seconds; the sounds that start now."""
        self.time += dt
        if not self._played:
            self._played = True
            return ["win"]
        return []

    def glow(self, point: int) -> float:
        """How brightly a triple of the winner shines now (0..1)."""
        if point not in self.points:
            return 0.0
        start = 0.25 * self.speed * self.points.index(point)
        return min(1.0, max(0.0, (self.time - start) / (0.3 * self.speed)))

    def rings(self) -> list[tuple[float, int]]:
        """The spreading rings from the winning triple: (radius in disc widths, alpha)."""
        rings = []
        for index in range(3):
            t = (self.time / self.speed - 0.15 * index) / 1.1
            if 0 < t < 1:
                rings.append((0.6 + 1.7 * ease_out_cubic(t), int(230 * (1 - t))))
        return rings


def lock_colour(progress: float) -> theme.Colour:
    """The gold of a locking triple's flash, fading."""
    return theme.lerp_colour(theme.GOLD, (255, 255, 255), 0.4 * (1 - progress))
