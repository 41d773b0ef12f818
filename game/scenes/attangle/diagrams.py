"""Small animated diagrams for Attangle's rules pages: the goal, placing, the three captures, lines,
the end and Grand Attangle.

Each diagram is a function of time on a patch of hexagonal board (a hexagon of
side 3 cut from the real board, or a whole board in miniature): it loops every
``PERIOD`` seconds, so a given moment always looks the same (tests and
screenshots are repeatable). The plate, the points and their lines, the stacks
of discs and the reserve piles are drawn with the board view's own helpers
(``game.scenes.attangle.view``) in the seats' colours, so a diagram looks like
the real board and follows the palette chosen in the options.

The positions shown are real ones: each ``Scene`` knows where its patch lies
on the real board, so the rules engine can check that the captures the
diagrams play are legal and end as drawn (``Scene.position``, ``Scene.capture``).

>>> SCENES["capture"].capture().text()
'b5,d3-d5'
>>> SCENES["double"].result(), SCENES["single_double"].result(), SCENES["capture"].result()
('wbw', 'bbw', 'bw')
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping

import pygame

from game.engine.attangle import GRAND, SMALL, Board, Geometry, Move
from game.i18n import tr
from game.scenes.attangle.view import (
    DISC_ASPECT,
    DISC_THICKNESS,
    PLATE_GROW,
    ROOT3,
    StackLook,
    draw_pile,
    draw_plate,
    draw_stack,
    draw_star,
    hexagon,
    pile_size,
    pile_top,
)
from game.scenes.diagram_caption import fit_caption
from game.ui import gfx, theme
from game.ui.anim import ease_in_out, ease_out_back, ease_out_cubic
from game.ui.lang import seat_name
from game.ui.theme import Colour, Theme

__all__ = ["DIAGRAMS", "PERIOD", "SCENES", "Diagram", "Scene", "draw_diagram"]

PERIOD = 5.0
"""Every diagram loops in this many seconds."""

Coord = tuple[int, int]
"""Axial ``(q, r)`` on a patch, ``(0, 0)`` at its centre (as on the real board: ``r`` grows downward)."""

# Each segment of the three lines is drawn once, from a point towards its east, south-west and
# south-east neighbours (as the board view does).
_DRAWN_DIRECTIONS: tuple[Coord, ...] = ((1, 0), (-1, 1), (0, 1))
WHITE, BLACK = 0, 1


# -- the positions shown --


@dataclasses.dataclass(frozen=True)
class Scene:
    """A position a diagram shows on its patch, and the capture played in it, if any."""

    stacks: Mapping[Coord, str]
    """The stacks on the patch at the start, bottom to top in ``w``/``b``."""
    side: int = 3
    """The patch: a hexagon of ``side`` points along each edge."""
    origin: Coord = (1, 0)
    """Where the patch's centre lies on the real board (axial); the real board's centre is a star."""
    grand: bool = False
    """Whether the patch is cut from Grand Attangle's board (else from Attangle's)."""
    target: Coord | None = None
    """The enemy stack taken, if the diagram plays a capture."""
    attackers: tuple[Coord, ...] = ()
    """The two attackers, in the order they land (the taller first)."""

    @property
    def geometry(self) -> Geometry:
        """The real board the patch is cut from."""
        return GRAND if self.grand else SMALL

    @property
    def points(self) -> tuple[Coord, ...]:
        """The patch's points, row by row from the top, left to right."""
        reach = self.side - 1
        return tuple(
            (q, r) for r in range(-reach, reach + 1) for q in range(-reach, reach + 1) if abs(q + r) <= reach
        )

    @property
    def stars(self) -> frozenset[Coord]:
        """The patch's points nobody may place on (the real board's, moved onto the patch)."""
        geometry = self.geometry
        points = set(self.points)
        moved = {self._local(geometry.coords[point]) for point in geometry.no_placement}
        return frozenset(moved & points)

    def _local(self, coord: Coord) -> Coord:
        return coord[0] - self.origin[0], coord[1] - self.origin[1]

    def name(self, coord: Coord) -> str:
        """The real board's name of the patch's point ``coord``."""
        geometry = self.geometry
        real = (coord[0] + self.origin[0], coord[1] + self.origin[1])
        return geometry.names[geometry.coords.index(real)]

    def position(self) -> Board:
        """The position on the real board (nothing off the patch), White to move, full reserves."""
        geometry = self.geometry
        by_name = {self.name(coord): stack for coord, stack in self.stacks.items()}
        rows = "/".join(
            ",".join(by_name.get(geometry.names[point], "-") for point in row) for row in geometry.rows
        )
        reserves = [
            geometry.pieces_per_side - sum(stack.count(symbol) for stack in by_name.values())
            for symbol in "wb"
        ]
        return Board(f"{rows} w {reserves[0]} {reserves[1]}")

    def capture(self) -> Move:
        """The capture the diagram plays, in the engine's notation."""
        if self.target is None:
            raise ValueError("this diagram plays no capture")
        first, second = (self.name(coord) for coord in self.attackers)
        return Move.from_text(f"{first},{second}-{self.name(self.target)}")

    def landed(self, count: int) -> str:
        """The target's stack once the first ``count`` attackers have landed on it (before the return)."""
        assert self.target is not None
        return self.stacks[self.target] + "".join(self.stacks[coord] for coord in self.attackers[:count])

    def result(self) -> str:
        """The target's stack at the end of the capture: the top piece has gone back to the reserve."""
        return self.landed(len(self.attackers))[:-1]


SCENES: dict[str, Scene] = {
    # The start of a game on the whole board: these stacks drop in, then White's triples light up.
    "goal": Scene(
        {
            (0, -3): "b",
            (2, -3): "w",
            (-1, -2): "bbw",
            (1, -2): "wb",
            (-3, 0): "bw",
            (-2, 0): "w",
            (2, -1): "wb",
            (3, -1): "w",
            (-2, 1): "b",
            (1, 0): "wbw",
            (-1, 2): "wbw",
            (0, 2): "b",
            (2, 1): "bw",
            (-2, 3): "w",
            (1, 2): "b",
        },
        side=4,
        origin=(0, 0),
    ),
    # Around the centre: the star, a few pieces, room to place.
    "placing": Scene({(2, -2): "w", (-1, 1): "b", (1, 0): "b", (-2, 1): "w", (0, -2): "bw"}, origin=(0, 0)),
    # Figure 2: two singles take a single; one of them crosses the centre.
    "capture": Scene(
        {(0, 0): "b", (-2, 0): "w", (2, -2): "w", (1, 1): "b", (2, 0): "b", (-1, -1): "w"},
        target=(0, 0),
        attackers=((-2, 0), (2, -2)),
    ),
    # Figure 3: two singles, from opposite sides, take a double: a triple.
    "double": Scene(
        {(0, 0): "wb", (0, -2): "w", (0, 2): "w", (-2, 1): "b", (2, -1): "b", (1, 1): "bw"},
        target=(0, 0),
        attackers=((0, -2), (0, 2)),
    ),
    # Figure 4: a double and a single take a single; the double lands first.
    "single_double": Scene(
        {(0, 0): "b", (2, 0): "bw", (-2, 2): "w", (1, -2): "b", (1, 1): "w"},
        target=(0, 0),
        attackers=((2, 0), (-2, 2)),
    ),
    # Figure 5, as White sees it: one attacker is free, one hidden behind a stack, one a triple.
    "lines": Scene(
        {(0, 0): "b", (0, -2): "w", (1, 0): "b", (2, 0): "w", (-1, 1): "wbw", (1, 1): "b"},
        target=(0, 0),
    ),
    # White has two triples and takes a double with two singles: the third triple wins.
    "end": Scene(
        {
            (0, 0): "wb",
            (0, -2): "w",
            (2, 0): "w",
            (-2, 1): "wbw",
            (1, 1): "bbw",
            (-1, -1): "b",
            (2, -2): "bwb",
            (-1, 2): "b",
        },
        target=(0, 0),
        attackers=((0, -2), (2, 0)),
    ),
    # Grand Attangle's start: its seven stars and three pieces each.
    "grand": Scene(
        {(GRAND.coords[point]): stack for point, stack in GRAND.start_stacks.items()},
        side=5,
        origin=(0, 0),
        grand=True,
    ),
}
"""The position of each diagram, by its key."""


# -- drawing a patch --


class _Patch:
    """A scene's patch of board fitted in a rectangle, drawn like the real board, with reserve piles."""

    def __init__(
        self, surface: pygame.Surface, rect: pygame.Rect, ui: Theme, scene: Scene, *, piles: bool
    ) -> None:
        self.surface = surface
        self.ui = ui
        self.scene = scene
        self.points = scene.points
        self.reach = scene.side - 1
        radius = self.reach + PLATE_GROW
        # The plate is 2 radii across and sqrt(3) radii down; the piles sit in the corners the
        # hexagon leaves empty, so the plate gives up a little room when they are shown.
        room = 0.9 if piles else 1.0
        self.spacing = max(3.0, min(rect.width / (2 * radius), rect.height / (ROOT3 * radius)) * room)
        self.centre = (float(rect.centerx), float(rect.centery))
        self.width = max(4, int(self.spacing * 0.74))
        """A disc's width on a point (as ``HexView.disc_width``)."""
        self.rise = self.width * DISC_THICKNESS
        self.pile_width = max(4, int(self.width * 0.72))
        # In the corners of the plate's bounding box, White's at the bottom left and Black's at the top
        # right as on the real board: the hexagon leaves those corners empty.
        pile_w, pile_h = int(self.pile_width * 2.4), pile_size(self.pile_width)[1]
        half_w, half_h = self.spacing * radius, self.spacing * radius * ROOT3 / 2
        out = self.spacing * 0.2
        white = pygame.Rect(0, 0, pile_w, pile_h)
        white.bottomleft = (round(self.centre[0] - half_w - out), round(self.centre[1] + half_h + out))
        black = pygame.Rect(0, 0, pile_w, pile_h)
        black.topright = (round(self.centre[0] + half_w + out), round(self.centre[1] - half_h - out))
        self.pile_rects = (white.clamp(rect), black.clamp(rect))
        self.plate = hexagon(self.centre, self.spacing * radius)

    # -- places --

    def at(self, coord: Coord) -> tuple[float, float]:
        """The pixel position of the patch's point ``coord``."""
        q, r = coord
        return self.centre[0] + self.spacing * (q + r / 2), self.centre[1] + self.spacing * r * ROOT3 / 2

    def on_top(self, coord: Coord, height: int) -> tuple[float, float]:
        """Where a disc resting on a stack ``height`` high on ``coord`` is centred."""
        x, y = self.at(coord)
        return x, y - self.rise * height

    def pile_top(self, seat: int, count: int) -> tuple[float, float]:
        """Where the top disc of seat ``seat``'s pile of ``count`` sits."""
        return pile_top(self.pile_rects[seat], count, self.pile_width)

    # -- the board --

    def board(self, *, star_glow: float = 0.0) -> None:
        """The plate, the lines and points, the stars (brighter with ``star_glow``, 0..1)."""
        points = set(self.points)
        stars = self.scene.stars
        lines = [
            (self.at((q, r)), self.at((q + dq, r + dr)))
            for q, r in self.points
            for dq, dr in _DRAWN_DIRECTIONS
            if (q + dq, r + dr) in points
        ]
        dots = [self.at(coord) for coord in self.points if coord not in stars]
        shown_stars = [self.at(coord) for coord in self.points if coord in stars]
        draw_plate(
            self.surface,
            self.centre,
            self.spacing,
            self.reach + PLATE_GROW,
            lines,
            dots,
            shown_stars,
            star_glow=star_glow,
        )

    # -- marks on the board --

    def halo(self, coord: Coord, height: int, colour: Colour, strength: float) -> None:
        """A soft light around a stack ``height`` high on ``coord`` (drawn before it)."""
        if strength <= 0:
            return
        x, y = self.at(coord)
        glow = gfx.glow(int(self.width * 1.05), colour, strength)
        centre = (round(x), round(y - self.rise * (height - 1) / 2))
        self.surface.blit(glow, glow.get_rect(center=centre), special_flags=pygame.BLEND_RGB_ADD)

    def ring(
        self, coord: Coord, colour: Colour, amount: float, *, height: int = 0, grow: float = 0.0
    ) -> None:
        """A flat ring around the point ``coord`` (a target, a refused point), ``amount`` (0..1) opaque.

        ``height``: around the top of a stack that high instead of its foot; ``grow``: wider by that
        many disc widths (a ring spreading out).
        """
        if amount <= 0:
            return
        x, y = self.at(coord)
        size = self.width * (1.45 + 0.2 * (1 - amount) + grow)
        rect = pygame.Rect(0, 0, round(size), round(size * DISC_ASPECT))
        rect.center = (round(x), round(y + self.rise * (0.5 - max(0, height - 1))))
        layer = pygame.Surface(rect.inflate(4, 4).size, pygame.SRCALPHA)
        width = max(2, self.width // 12)
        pygame.draw.ellipse(layer, (*colour, int(230 * amount)), layer.get_rect().inflate(-4, -4), width)
        self.surface.blit(layer, rect.inflate(4, 4))

    def flash(self, coord: Coord, height: int, colour: Colour, progress: float) -> None:
        """A ring spreading from the top of a stack as it lights up (``progress`` 0..1)."""
        if 0 < progress < 1:
            grow = 1.3 * ease_out_cubic(progress) - 0.6
            self.ring(coord, colour, 1 - progress, height=height, grow=grow)

    def _ends(self, start: Coord, end: Coord) -> tuple[tuple[float, float], tuple[float, float]]:
        """A line from ``start`` to ``end`` cut short of the discs standing on both."""
        (x0, y0), (x1, y1) = self.at(start), self.at(end)
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        cut = self.width * 0.6
        return (x0 + ux * cut, y0 + uy * cut), (x1 - ux * cut, y1 - uy * cut)

    def arrow(self, start: Coord, end: Coord, colour: Colour, amount: float, fade: float = 1.0) -> None:
        """An attack: an arrow along the line from ``start`` to ``end``.

        ``amount`` (0..1) of it is drawn (it grows from ``start``); ``fade`` (1..0) dims it away.
        """
        if amount <= 0 or fade <= 0:
            return
        a, b = self._ends(start, end)
        tip = (a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount)
        alpha = int((60 + 150 * amount) * fade)
        gfx.arrow(self.surface, a, tip, colour, max(3.0, self.spacing * 0.09), alpha=alpha)

    def dashes(self, start: Coord, end: Coord, colour: Colour, amount: float) -> None:
        """A line that cannot be used: dashes from ``start`` to ``end``, ``amount`` (0..1) of them drawn."""
        if amount <= 0:
            return
        a, b = self._ends(start, end)
        full = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
        ux, uy = (b[0] - a[0]) / full, (b[1] - a[1]) / full
        dash, gap = self.spacing * 0.16, self.spacing * 0.1
        width = max(2, int(self.spacing * 0.06))
        distance = 0.0
        while distance < full * amount:
            stop = min(full * amount, distance + dash)
            start_px = (a[0] + ux * distance, a[1] + uy * distance)
            pygame.draw.line(self.surface, colour, start_px, (a[0] + ux * stop, a[1] + uy * stop), width)
            distance = stop + gap

    def cross(self, centre: tuple[float, float], colour: Colour, amount: float) -> None:
        """A cross in a dark badge at the upper right of a disc centred on ``centre``: this one cannot.

        ``amount`` (0..1) pops it in.
        """
        size = self.width * 0.2 * ease_out_back(amount) if amount > 0 else 0
        if size < 2:
            return
        x, y = round(centre[0] + self.width * 0.48), round(centre[1] - self.width * 0.3)
        pygame.draw.circle(self.surface, (20, 12, 26), (x, y), round(size * 1.55))
        pygame.draw.circle(self.surface, colour, (x, y), round(size * 1.55), max(1, self.width // 22))
        arm, width = size * 0.7, max(2, self.width // 12)
        pygame.draw.line(self.surface, colour, (x - arm, y - arm), (x + arm, y + arm), width)
        pygame.draw.line(self.surface, colour, (x - arm, y + arm), (x + arm, y - arm), width)

    # -- pieces --

    def stacks(self, stacks: Mapping[Coord, StackLook]) -> None:
        """Stacks standing on their points, the top row first (lower rows overlap them)."""
        for coord in sorted(stacks, key=lambda coord: (coord[1], coord[0])):
            look = stacks[coord]
            if look.stack:
                draw_stack(self.surface, self.at(coord), self.width, look)

    def moving(
        self, stack: str, centre: tuple[float, float], *, lift: float = 0.0, width: float = 0.0
    ) -> None:
        """A stack off its point (sliding or flying), its bottom disc at ``centre``."""
        look = StackLook(stack, centre=centre, lift=lift, locked=False)
        draw_stack(self.surface, centre, int(width or self.width), look)

    def drop(self, coord: Coord, look: StackLook, progress: float) -> None:
        """``look``'s stack falling onto ``coord`` (``progress`` 0..1; settled at 1)."""
        if progress <= 0:
            return
        if progress >= 1:
            draw_stack(self.surface, self.at(coord), self.width, look)
            return
        fall = 1 - ease_out_cubic(progress)
        x, y = self.at(coord)
        look = dataclasses.replace(look, lift=0.7 * fall, alpha=int(255 * min(1.0, progress * 2.5)))
        draw_stack(self.surface, (x, y - self.spacing * 1.1 * fall), self.width, look)

    def fly(
        self,
        stack: str,
        start: tuple[float, float],
        end: tuple[float, float],
        progress: float,
        widths: tuple[float, float],
    ) -> None:
        """``stack`` flying in an arc from ``start`` to ``end``, its width going from ``widths[0]`` to ``[1]``."""
        k = ease_in_out(progress)
        arc = math.sin(math.pi * k)
        x = start[0] + (end[0] - start[0]) * k
        y = start[1] + (end[1] - start[1]) * k - arc * self.spacing * 1.5
        self.moving(stack, (x, y), lift=0.9 * arc, width=widths[0] + (widths[1] - widths[0]) * k)

    def pile(self, seat: int, count: int) -> None:
        """Seat ``seat``'s reserve: ``count`` discs with their number."""
        draw_pile(self.surface, self.ui, self.pile_rects[seat], seat, count, self.pile_width, active=False)


def _phase(t: float, start: float, length: float) -> float:
    """0 before ``start``, 1 after ``start + length``, linear between (within one loop of PERIOD)."""
    t %= PERIOD
    return max(0.0, min(1.0, (t - start) / length))


def _pulse(t: float, beats: int = 2) -> float:
    """A breath between 0 and 1 for lights that stay on, ``beats`` times a loop (so it loops with the rest)."""
    return 0.5 + 0.5 * math.sin(2 * math.pi * beats * (t % PERIOD) / PERIOD)


def _looks(stacks: Mapping[Coord, str]) -> dict[Coord, StackLook]:
    return {coord: StackLook(stack) for coord, stack in stacks.items()}


def _light(stack: str) -> Colour:
    """The light of a stack that has just been made: gold for a triple, else its owner's colour."""
    return theme.GOLD if len(stack) == 3 else theme.SEAT_COLOURS[WHITE if stack[-1] == "w" else BLACK]


def _white_triples(stacks: Mapping[Coord, str]) -> list[Coord]:
    return [coord for coord, stack in stacks.items() if len(stack) == 3 and stack[-1] == "w"]


# -- the diagrams --


def _goal(p: _Patch, t: float) -> None:
    scene = p.scene
    p.board()
    # The stacks drop in one after the other, top rows first, then White's three triples light up in turn.
    order = sorted(scene.stacks, key=lambda coord: (coord[1], coord[0]))
    triples = sorted(_white_triples(scene.stacks), key=order.index)
    for index, coord in enumerate(triples):
        p.halo(coord, 3, theme.GOLD, _phase(t, 2.6 + 0.45 * index, 0.4) * (0.65 + 0.25 * _pulse(t)))
    for index, coord in enumerate(order):
        p.drop(coord, StackLook(scene.stacks[coord]), _phase(t, 0.2 + 0.13 * index, 0.35))
    for index, coord in enumerate(triples):
        p.flash(coord, 3, theme.GOLD, _phase(t, 2.6 + 0.45 * index, 0.8))


def _placing(p: _Patch, t: float) -> None:
    scene = p.scene
    centre = next(iter(scene.stars))
    refused = _phase(t, 0.3, 0.3) * (1 - _phase(t, 1.4, 0.3))
    p.board(star_glow=refused * _pulse(t, 6))
    flights = ((WHITE, (0, -1), _phase(t, 1.7, 0.8)), (BLACK, (1, 1), _phase(t, 3.0, 0.8)))
    p.ring(centre, theme.DANGER, refused)
    looks = _looks(scene.stacks)
    for seat, target, flight in flights:
        p.ring(
            target, theme.SEAT_COLOURS[seat], min(1.0, flight * 3) * (1 - _phase(t, 1.3 + 1.6 * seat, 0.4))
        )
        if flight >= 1:
            looks[target] = StackLook("wb"[seat])
    p.stacks(looks)
    for seat, _, flight in flights:
        p.pile(seat, 5 - (flight > 0))
    if refused > 0:
        # A disc held over the centre, ghostly, and refused.
        x, y = p.at(centre)
        held = (x, y - p.spacing * 0.3)
        draw_stack(p.surface, held, p.width, StackLook("w", lift=0.3, alpha=int(220 * refused), locked=False))
        p.cross(held, theme.DANGER, refused)
    for seat, target, flight in flights:
        if 0 < flight < 1:
            p.fly("wb"[seat], p.pile_top(seat, 5), p.at(target), flight, (p.pile_width, p.width))


def _capture_scene(p: _Patch, t: float, *, every_triple: bool = False) -> None:
    """A capture: the lines of attack, the attackers landing in turn, the top piece going home.

    ``every_triple``: at the end, all of White's triples light up (the game is won), not only the new stack.
    """
    scene = p.scene
    assert scene.target is not None
    target = scene.target
    aim = _phase(t, 0.3, 0.5)
    slides = (_phase(t, 1.1, 0.6), _phase(t, 1.9, 0.6))
    home = _phase(t, 2.8, 0.8)
    done = _phase(t, 3.6, 0.4)
    p.board()
    # The lines of attack, each fading as its attacker sets off along it.
    for attacker, slide in zip(scene.attackers, slides, strict=True):
        p.arrow(attacker, target, theme.ACCENT, ease_out_cubic(aim), fade=1 - min(1.0, slide * 2.5))
    p.ring(target, theme.DANGER, aim * (1 - _phase(t, 2.4, 0.3)))
    looks = _looks(scene.stacks)
    for attacker, slide in zip(scene.attackers, slides, strict=True):
        if slide > 0:
            looks[attacker] = StackLook("")
    # The new stack lights up (gold for a triple); at the end of a game, every triple of the winner.
    lit = [target] + (_white_triples(scene.stacks) if every_triple else [])
    if home >= 1:
        looks[target] = StackLook(scene.result())
        for coord in lit:
            p.halo(
                coord, len(looks[coord].stack), _light(looks[coord].stack), done * (0.5 + 0.3 * _pulse(t, 3))
            )
    else:
        stack = scene.landed(sum(slide >= 1 for slide in slides))
        # The top piece leaves the stack as soon as its flight home starts.
        looks[target] = StackLook(stack if home <= 0 else stack[:-1], locked=False)
    p.stacks(looks)
    p.pile(WHITE, 4 + (home >= 1))
    for index, (attacker, slide) in enumerate(zip(scene.attackers, slides, strict=True)):
        if 0 < slide < 1:
            # Along the line over the empty points, then up onto what has landed already.
            k = ease_in_out(slide)
            x0, y0 = p.at(attacker)
            x1, y1 = p.on_top(target, len(scene.landed(index)))
            hop = math.sin(math.pi * k)
            centre = (x0 + (x1 - x0) * k, y0 + (y1 - y0) * k - hop * p.rise)
            p.moving(scene.stacks[attacker], centre, lift=0.2 * hop)
    if 0 < home < 1:
        top = p.on_top(target, len(scene.landed(2)) - 1)
        p.fly("w", top, p.pile_top(WHITE, 5), home, (p.width, p.pile_width))
    for coord in lit:
        stack = looks[coord].stack
        p.flash(coord, len(stack), _light(stack), _phase(t, 3.6, 0.8))


def _end(p: _Patch, t: float) -> None:
    _capture_scene(p, t, every_triple=True)


def _lines(p: _Patch, t: float) -> None:
    scene = p.scene
    assert scene.target is not None
    target = scene.target
    free, hidden, triple = (0, -2), (2, 0), (-1, 1)
    p.board()
    p.arrow(free, target, theme.ACCENT, ease_out_cubic(_phase(t, 0.3, 0.6)))
    p.halo(triple, 3, theme.GOLD, _phase(t, 2.5, 0.4) * (0.5 + 0.35 * _pulse(t, 3)))
    # With one attacker left, the target is safe: it says so at the end of the loop.
    safe = _phase(t, 3.5, 0.4)
    p.halo(target, 1, theme.CLONE, safe * (0.45 + 0.3 * _pulse(t, 4)))
    p.stacks(_looks(scene.stacks))
    # The hidden attacker's line runs into the stack in front of it: drawn over that stack.
    p.dashes(hidden, target, theme.DANGER, _phase(t, 1.3, 0.6))
    p.cross(p.on_top(hidden, 0), theme.DANGER, _phase(t, 1.8, 0.35))
    p.cross(p.on_top(triple, 2), theme.DANGER, _phase(t, 2.8, 0.35))
    p.flash(target, 1, theme.CLONE, _phase(t, 3.5, 0.8))


def _grand(p: _Patch, t: float) -> None:
    scene = p.scene
    stars = sorted(
        scene.stars, key=lambda coord: math.atan2(p.at(coord)[1] - p.centre[1], p.at(coord)[0] - p.centre[0])
    )
    p.board(star_glow=0.25 * _pulse(t, 2))
    # The seven stars light up in turn, the centre first, then the pieces already placed drop in.
    for index, coord in enumerate([(0, 0)] + [coord for coord in stars if coord != (0, 0)]):
        light = _phase(t, 0.3 + 0.22 * index, 0.25) * (1 - _phase(t, 0.9 + 0.22 * index, 0.5))
        if light > 0:
            x, y = p.at(coord)
            halo = gfx.glow(int(p.spacing * 0.75), theme.GOLD, light)
            p.surface.blit(
                halo, halo.get_rect(center=(round(x), round(y))), special_flags=pygame.BLEND_RGB_ADD
            )
            draw_star(p.surface, (x, y), p.spacing * (0.2 + 0.12 * light), theme.GOLD)
    order = sorted(scene.stacks, key=lambda coord: (coord[1], coord[0]))
    for index, coord in enumerate(order):
        p.drop(coord, StackLook(scene.stacks[coord]), _phase(t, 2.2 + 0.2 * index, 0.35))


@dataclasses.dataclass(frozen=True)
class Diagram:
    """One rules diagram: its scene, how it animates, whether it shows reserve piles, its caption."""

    scene: Scene
    draw: Callable[[_Patch, float], None]
    piles: bool = False
    caption: str = ""
    """A line under the diagram (English key; ``{side}`` is White's name in the current palette)."""


DIAGRAMS: dict[str, Diagram] = {
    "goal": Diagram(SCENES["goal"], _goal, caption="{side} has three triples: a win"),
    "placing": Diagram(SCENES["placing"], _placing, piles=True, caption="The centre always stays free"),
    "capture": Diagram(SCENES["capture"], _capture_scene, piles=True),
    "double": Diagram(SCENES["double"], _capture_scene, piles=True),
    "single_double": Diagram(SCENES["single_double"], _capture_scene, piles=True),
    "lines": Diagram(SCENES["lines"], _lines, caption="One attacker only: no capture"),
    "end": Diagram(SCENES["end"], _end, piles=True, caption="The third triple: {side} wins"),
    "grand": Diagram(SCENES["grand"], _grand, caption="61 points, 7 stars, 3 pieces each to start"),
}
"""Every diagram, by the key a page names."""


def draw_diagram(surface: pygame.Surface, rect: pygame.Rect, kind: str, t: float, ui: Theme) -> None:
    """Draw diagram ``kind`` at time ``t`` (seconds) inside ``rect``, with its caption if any."""
    diagram = DIAGRAMS[kind]
    area = rect.copy()
    largest = max(11, rect.height // 17)
    block = None
    if diagram.caption:
        caption = tr(diagram.caption, side=seat_name(WHITE))
        block = fit_caption(ui, caption, rect.width, largest)
        area.height -= block.height + block.size // 2
    patch = _Patch(surface, area, ui, diagram.scene, piles=diagram.piles)
    # To the millisecond within the loop: the same moment of any loop draws the very same pixels.
    diagram.draw(patch, round(t % PERIOD, 3))
    if block is not None:
        box = pygame.Rect(rect.x, area.bottom + block.size // 2, rect.width, block.height)
        block.draw(surface, ui, theme.TEXT_DIM, box, align="center", container=rect)
