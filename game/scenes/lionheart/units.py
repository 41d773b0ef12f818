"""Lionheart's pieces: a unit's base with its figures, and a die's face, drawn at any size.

A unit is a square base in its side's colour, lit from the top left, seen
from above. On it:

- the kind's emblem in dark ink, upright whatever the facing, so the kind
  reads at a glance and by shape alone (the colour-blind palette needs no
  colour for it): a crown (king), a horse's head (knights), a bow and arrow
  (archers), a sword (infantry), two crossed swords (mass infantry), a shield
  (heavy infantry), a pitchfork (peasants), a pennant (mercenaries: the seed
  has them carry their army's flag);
- its figures as pips along the rear edge (ringed pips for the figures that
  take two hits), from 40 pixels up, and always the count in a badge in the
  bottom right corner;
- its facing: the front edge of the base is a darker band, and a pointed
  tab stands out of the base on that side;
- the side's mark (``"cross"`` or ``"ring"``, the palette's) in the top left
  corner, so the sides differ by shape too.

A die is an ivory cube face with an axe, an arrow or (in red) a panic burst.

Everything here is a pure function of its arguments (surface, centre, size,
unit data, colours); the sprites are rendered supersampled once per size and
look and cached, so the board, the dice tray and the rules pages' diagrams
all draw with them, from 20 to 200 pixels.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Protocol

import pygame

from game.ui import theme
from game.ui.theme import Colour

__all__ = [
    "DIE_INK",
    "DIE_IVORY",
    "EMBLEM_KINDS",
    "INK",
    "PANIC_RED",
    "UnitData",
    "die_sprite",
    "draw_die",
    "draw_emblem",
    "draw_unit",
    "facing_angle",
    "unit_sprite",
]

SUPERSAMPLE = 3
INK: Colour = (20, 20, 34)
"""The dark ink of emblems, badges and die faces."""
DIE_IVORY: Colour = (246, 240, 224)
DIE_INK: Colour = (34, 30, 44)
PANIC_RED: Colour = (214, 40, 52)
BASE_SHARE = 0.8
"""The base's side, as a share of the size (the facing tab reaches out to the size's edge)."""
EMBLEM_KINDS = "KNAIMHPR"
TWO_HIT = frozenset("KNH")
DELTA_ANGLE = {"N": 0.0, "E": 90.0, "S": 180.0, "W": 270.0}

Point = tuple[float, float]


class UnitData(Protocol):
    """What drawing a unit reads (``game.engine.lionheart.Unit`` has it)."""

    @property
    def kind(self) -> str: ...

    @property
    def figures(self) -> int: ...

    @property
    def facing(self) -> str: ...


def facing_angle(facing: str) -> float:
    """The facing's angle clockwise from up, in degrees (``N`` 0, ``E`` 90...)."""
    return DELTA_ANGLE.get(facing, 0.0)


def _shade(colour: Colour, t: float) -> Colour:
    """Darker (t < 0, towards black) or lighter (t > 0, towards white)."""
    return theme.lerp_colour(colour, (0, 0, 0) if t < 0 else (255, 255, 255), abs(t))


# --- emblems, in unit coordinates: x and y in -1..1, y down ------------------------


def _rotate(points: Sequence[Point], degrees: float, about: Point = (0.0, 0.0)) -> list[Point]:
    angle = math.radians(degrees)
    cos, sin = math.cos(angle), math.sin(angle)
    ax, ay = about
    return [(ax + (x - ax) * cos - (y - ay) * sin, ay + (x - ax) * sin + (y - ay) * cos) for x, y in points]


def _sword(length: float = 1.0) -> list[list[Point]]:
    """A sword pointing up, as polygons: blade, cross-guard, grip, pommel (a diamond)."""
    s = length
    blade = [
        (-0.16 * s, 0.3 * s),
        (-0.16 * s, -0.66 * s),
        (0, -0.97 * s),
        (0.16 * s, -0.66 * s),
        (0.16 * s, 0.3 * s),
    ]
    guard = [(-0.46 * s, 0.24 * s), (0.46 * s, 0.24 * s), (0.46 * s, 0.44 * s), (-0.46 * s, 0.44 * s)]
    grip = [(-0.1 * s, 0.42 * s), (0.1 * s, 0.42 * s), (0.1 * s, 0.72 * s), (-0.1 * s, 0.72 * s)]
    pommel = [(0, 0.62 * s), (0.18 * s, 0.8 * s), (0, 0.98 * s), (-0.18 * s, 0.8 * s)]
    return [blade, guard, grip, pommel]


def _arc(centre: Point, radius: float, start: float, stop: float, steps: int = 24) -> list[Point]:
    return [
        (
            centre[0] + radius * math.cos(math.radians(start + (stop - start) * index / steps)),
            centre[1] + radius * math.sin(math.radians(start + (stop - start) * index / steps)),
        )
        for index in range(steps + 1)
    ]


def _band(path: Sequence[Point], width: float) -> list[Point]:
    """A stroke ``width`` wide along ``path``, as one polygon (a bow's limb, a handle)."""
    left, right = [], []
    for index, (x, y) in enumerate(path):
        before = path[max(0, index - 1)]
        after = path[min(len(path) - 1, index + 1)]
        dx, dy = after[0] - before[0], after[1] - before[1]
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length * width / 2, dx / length * width / 2
        left.append((x + nx, y + ny))
        right.append((x - nx, y - ny))
    return left + right[::-1]


def _emblem_shapes(kind: str) -> tuple[list[list[Point]], list[list[Point]]]:
    """The emblem of ``kind``: polygons in ink, and polygons cut back out in the base's colour."""
    cuts: list[list[Point]] = []
    if kind == "K":  # a crown with three points, a jewel on each
        crown = [
            (-0.78, 0.5),
            (-0.86, -0.42),
            (-0.4, -0.02),
            (0.0, -0.62),
            (0.4, -0.02),
            (0.86, -0.42),
            (0.78, 0.5),
        ]
        band = [(-0.8, 0.56), (0.8, 0.56), (0.8, 0.78), (-0.8, 0.78)]
        jewels = [_arc((x, y), 0.13, 0, 360, 12) for x, y in ((-0.86, -0.5), (0.0, -0.72), (0.86, -0.5))]
        cuts = [_arc((0.0, 0.22), 0.12, 0, 360, 12)]
        return [crown, band, *jewels], cuts
    if kind == "N":  # a horse's head, as the chess knight
        head = [
            (-0.62, 0.92),
            (0.66, 0.92),
            (0.6, 0.55),
            (0.68, 0.05),
            (0.52, -0.42),
            (0.22, -0.74),
            (0.12, -0.98),
            (-0.02, -0.74),
            (-0.3, -0.62),
            (-0.62, -0.3),
            (-0.86, 0.02),
            (-0.84, 0.2),
            (-0.66, 0.3),
            (-0.42, 0.2),
            (-0.16, 0.2),
            (-0.38, 0.58),
        ]
        cuts = [_arc((-0.22, -0.34), 0.1, 0, 360, 12), _band([(0.42, -0.35), (0.56, 0.05), (0.5, 0.5)], 0.07)]
        return [head], cuts
    if kind == "A":  # a bow drawn, an arrow on the string
        limb = _band(_arc((0.62, 0.0), 1.12, 142, 218, 20), 0.26)
        string = _band([(-0.26, -0.7), (0.5, 0.0), (-0.26, 0.7)], 0.08)
        shaft = _band([(0.6, 0.0), (-0.62, 0.0)], 0.13)
        head = [(-1.0, 0.0), (-0.58, -0.27), (-0.58, 0.27)]
        fletch = [(0.45, 0.0), (0.72, -0.28), (0.94, -0.28), (0.7, 0.0), (0.94, 0.28), (0.72, 0.28)]
        polygons = [limb, string, shaft, head, fletch]
        return [_rotate(shape, 45) for shape in polygons], cuts
    if kind == "I":  # a sword
        return _sword(), cuts
    if kind == "M":  # crossed swords: many men
        shapes: list[list[Point]] = []
        for angle in (-36.0, 36.0):
            shapes.extend(_rotate(part, angle) for part in _sword(0.98))
        return shapes, cuts
    if kind == "H":  # a heater shield with a boss and a band
        left = [(-0.78, -0.82), (0.78, -0.82), (0.78, -0.1)]
        curve = [
            (0.78 * (1 - t) ** 1.6, -0.1 + 1.05 * math.sin(t * math.pi / 2))
            for t in (0.2, 0.4, 0.6, 0.8, 1.0)
        ]
        shield = left + curve + [(-x, y) for x, y in reversed(curve[:-1])] + [(-0.78, -0.1)]
        cuts = [
            [(-0.1, -0.68), (0.1, -0.68), (0.1, 0.72), (-0.1, 0.72)],
            [(-0.64, -0.3), (0.64, -0.3), (0.64, -0.12), (-0.64, -0.12)],
        ]
        return [shield], cuts
    if kind == "P":  # a pitchfork
        handle = [(-0.12, 0.97), (0.12, 0.97), (0.12, -0.18), (-0.12, -0.18)]
        bar = _band(_arc((0.0, -0.74), 0.62, 35, 145, 12), 0.2)
        tines = []
        for x in (-0.52, 0.0, 0.52):
            foot = -0.15 if x == 0 else -0.3
            tines.append([(x - 0.11, foot), (x - 0.11, -0.7), (x, -0.98), (x + 0.11, -0.7), (x + 0.11, foot)])
        return [handle, bar, *tines], cuts
    if kind == "R":  # a pennant on a pole: the mercenaries' flag
        pole = [(-0.62, -0.92), (-0.48, -0.92), (-0.48, 0.95), (-0.62, 0.95)]
        knob = _arc((-0.55, -0.92), 0.11, 0, 360, 12)
        flag = [(-0.48, -0.82), (0.86, -0.6), (0.42, -0.3), (0.86, 0.0), (-0.48, 0.04)]
        cuts = [_arc((-0.02, -0.4), 0.13, 0, 360, 12)]
        return [pole, knob, flag], cuts
    return [_arc((0.0, 0.0), 0.6, 0, 360, 24)], cuts


def _to_pixels(points: Sequence[Point], centre: Point, radius: float) -> list[Point]:
    return [(centre[0] + x * radius, centre[1] + y * radius) for x, y in points]


def draw_emblem(
    surface: pygame.Surface, centre: Point, radius: float, kind: str, ink: Colour, back: Colour
) -> None:
    """The emblem of ``kind`` within ``radius`` of ``centre``, in ``ink``, its cut-outs in ``back`` (no
    anti-aliasing: draw it on a supersampled surface, as the sprites here do)."""
    shapes, cuts = _emblem_shapes(kind)
    for shape in shapes:
        pygame.draw.polygon(surface, ink, _to_pixels(shape, centre, radius))
    for shape in cuts:
        pygame.draw.polygon(surface, back, _to_pixels(shape, centre, radius))


# --- the unit ---------------------------------------------------------------------


@functools.lru_cache(maxsize=8)
def _font(size: int) -> pygame.font.Font:
    size = max(6, int(size))
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        font = pygame.font.Font(theme.ASSETS / "fonts" / "Exo2.ttf", size)
    except (OSError, pygame.error):
        font = pygame.font.Font(None, round(size * 1.25))
    font.set_bold(True)
    return font


def _number(text: str, height: int, colour: Colour) -> pygame.Surface:
    """``text`` in bold digits about ``height`` pixels tall (cap height), for badges."""
    size = round(height * 1.38)
    try:
        return _font(size).render(text, True, colour)
    except pygame.error:
        # A font dies with pygame's font module (an app closed and another started): load it again.
        _font.cache_clear()
        return _font(size).render(text, True, colour)


def _draw_mark(surface: pygame.Surface, centre: Point, radius: float, mark: str, ink: Colour) -> None:
    width = max(2, round(radius * 0.42))
    if mark == "cross":
        for dx, dy in ((1, 1), (1, -1)):
            pygame.draw.line(
                surface,
                ink,
                (centre[0] - radius * dx, centre[1] - radius * dy),
                (centre[0] + radius * dx, centre[1] + radius * dy),
                width,
            )
    elif mark == "ring":
        pygame.draw.circle(surface, ink, centre, radius, width)


def _base_layer(big: int, colour: Colour, facing: str) -> pygame.Surface:
    """The base, supersampled: shadow, bevelled plate, the darker front band, the facing tab."""
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    side = big * BASE_SHARE
    radius = max(2, round(side * 0.14))
    plate = pygame.Rect(0, 0, round(side), round(side))
    plate.center = (big // 2, big // 2)
    # A soft shadow down and right.
    shadow = pygame.Surface((big, big), pygame.SRCALPHA)
    for step in range(4):
        grow = round(big * (0.012 * (4 - step)))
        rect = plate.move(round(big * 0.03), round(big * 0.04)).inflate(grow * 2, grow * 2)
        pygame.draw.rect(shadow, (0, 0, 0, 34 + step * 10), rect, border_radius=radius + grow)
    layer.blit(shadow, (0, 0))
    # The tab: a point standing out of the base on the facing side (drawn as if facing north, then turned).
    tab = pygame.Surface((big, big), pygame.SRCALPHA)
    top = plate.top
    half = side * 0.2
    tip = big * 0.02
    ink_points = [
        (big / 2 - half - big * 0.025, top + side * 0.06),
        (big / 2, tip - big * 0.012),
        (big / 2 + half + big * 0.025, top + side * 0.06),
    ]
    pygame.draw.polygon(tab, INK, ink_points)
    pygame.draw.polygon(
        tab,
        _shade(colour, -0.3),
        [
            (big / 2 - half, top + side * 0.06),
            (big / 2, tip + big * 0.012),
            (big / 2 + half, top + side * 0.06),
        ],
    )
    turned = pygame.transform.rotate(tab, -facing_angle(facing))
    layer.blit(turned, turned.get_rect(center=(big // 2, big // 2)))
    # The plate: a dark rim, a lit body, a highlight band along the top and left.
    pygame.draw.rect(
        layer, INK, plate.inflate(round(big * 0.03), round(big * 0.03)), border_radius=radius + 2
    )
    pygame.draw.rect(layer, _shade(colour, -0.22), plate, border_radius=radius)
    body = plate.inflate(-round(side * 0.06), -round(side * 0.06))
    pygame.draw.rect(
        layer, colour, body.move(-round(side * 0.012), -round(side * 0.012)), border_radius=radius
    )
    shine = body.inflate(-round(side * 0.5), -round(side * 0.5))
    shine.topleft = (body.left + round(side * 0.04), body.top + round(side * 0.04))
    pygame.draw.rect(layer, _shade(colour, 0.22), shine, border_radius=radius)
    pygame.draw.rect(
        layer, colour, body.inflate(-round(side * 0.08), -round(side * 0.08)), border_radius=radius
    )
    # The front band: the rank the base faces with.
    band = pygame.Surface((big, big), pygame.SRCALPHA)
    front = pygame.Rect(plate.left, plate.top, plate.width, round(side * 0.13))
    pygame.draw.rect(
        band, _shade(colour, -0.38), front, border_top_left_radius=radius, border_top_right_radius=radius
    )
    pygame.draw.line(
        band,
        _shade(colour, -0.55),
        (plate.left + radius * 0.4, front.bottom),
        (plate.right - radius * 0.4, front.bottom),
        max(1, big // 60),
    )
    turned = pygame.transform.rotate(band, -facing_angle(facing))
    layer.blit(turned, turned.get_rect(center=(big // 2, big // 2)))
    return layer


def _pip_centres(big: int, facing: str, count: int) -> list[Point]:
    """Where the figures' pips stand: along the rear edge (one row, two for many figures)."""
    side = big * BASE_SHARE
    rows = 1 if count <= 5 else 2
    per_row = math.ceil(count / rows)
    span = side * 0.48
    step = span / max(1, per_row - 1) if per_row > 1 else 0.0
    centres: list[Point] = []
    for index in range(count):
        row, column = divmod(index, per_row)
        in_row = min(per_row, count - row * per_row)
        offset = (column - (in_row - 1) / 2) * step
        depth = side * (0.39 - 0.1 * row) if rows == 2 else side * 0.355
        # As if facing north: the rear edge is the bottom; then turned.
        x, y = offset, depth
        angle = math.radians(facing_angle(facing))
        rx, ry = x * math.cos(angle) - y * math.sin(angle), x * math.sin(angle) + y * math.cos(angle)
        centres.append((big / 2 + rx, big / 2 + ry))
    return centres


@functools.lru_cache(maxsize=512)
def unit_sprite(
    size: int, kind: str, figures: int, facing: str, colour: Colour, mark: str = "", count: bool = True
) -> pygame.Surface:
    """The picture of a unit, ``size`` pixels square (the base and its facing tab), cached."""
    size = max(8, int(size))
    big = size * SUPERSAMPLE
    layer = _base_layer(big, colour, facing)
    side = big * BASE_SHARE
    ink = INK
    emblem_radius = side * (0.27 if size >= 40 else 0.32)
    centre = (big / 2, big / 2)
    if size >= 40 and figures > 0:
        # The figures ride the rear edge: keep the emblem off them.
        shift = side * 0.05
        dx, dy = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}.get(facing, (0, 0))
        centre = (big / 2 + dx * shift, big / 2 + dy * shift)
    draw_emblem(layer, centre, emblem_radius, kind, ink, colour)
    if size >= 40 and figures > 0:
        pips = _pip_centres(big, facing, figures)
        per_row = math.ceil(figures / (1 if figures <= 5 else 2))
        pip = min(side * 0.05, side * 0.48 / max(1, per_row - 1) * 0.36 if per_row > 1 else side * 0.05)
        for x, y in pips:
            pygame.draw.circle(layer, ink, (x, y), pip * 1.3)
            pygame.draw.circle(layer, _shade(colour, 0.35), (x, y), pip * 0.85)
            if kind in TWO_HIT:
                pygame.draw.circle(layer, ink, (x, y), pip * 0.42)
    if mark:
        corner = (big / 2 - side * 0.43, big / 2 - side * 0.43)
        pygame.draw.circle(layer, ink, corner, side * 0.14)
        pygame.draw.circle(layer, _shade(colour, 0.6), corner, side * 0.115)
        _draw_mark(layer, corner, side * 0.06, mark, ink)
    sprite = pygame.transform.smoothscale(layer, (size, size))
    if count:
        # The count, drawn at the final size so its digits stay crisp.
        badge = max(7, round(size * BASE_SHARE * 0.17))
        cx = round(size / 2 + size * BASE_SHARE * 0.44)
        cy = round(size / 2 + size * BASE_SHARE * 0.44)
        cx, cy = min(cx, size - badge), min(cy, size - badge)
        disc = pygame.Surface((badge * 2 * SUPERSAMPLE, badge * 2 * SUPERSAMPLE), pygame.SRCALPHA)
        c = badge * SUPERSAMPLE
        pygame.draw.circle(disc, _shade(colour, 0.7), (c, c), c)
        pygame.draw.circle(disc, ink, (c, c), c - max(2, SUPERSAMPLE * size // 60))
        disc = pygame.transform.smoothscale(disc, (badge * 2, badge * 2))
        sprite.blit(disc, disc.get_rect(center=(cx, cy)))
        digits = _number(str(figures), max(5, round(badge * 0.95)), _shade(colour, 0.45))
        sprite.blit(digits, digits.get_rect(center=(cx, cy + 1)))
    return sprite


def _blit_turned(
    surface: pygame.Surface, sprite: pygame.Surface, centre: Point, angle: float, alpha: int
) -> pygame.Rect:
    """``sprite`` centred on ``centre``, turned ``angle`` degrees clockwise and faded to ``alpha``; returns the
    rectangle drawn."""
    if angle:
        sprite = pygame.transform.rotozoom(sprite, -angle, 1.0)
    if alpha < 255:
        sprite = sprite.copy()
        sprite.fill((255, 255, 255, max(0, alpha)), special_flags=pygame.BLEND_RGBA_MULT)
    rect = sprite.get_rect(center=(round(centre[0]), round(centre[1])))
    surface.blit(sprite, rect)
    return rect


def draw_unit(
    surface: pygame.Surface,
    centre: Point,
    size: int,
    unit: UnitData,
    colour: Colour,
    *,
    mark: str = "",
    alpha: int = 255,
    count: bool = True,
    facing: str | None = None,
    angle: float = 0.0,
) -> pygame.Rect:
    """Unit ``unit`` (its kind, figures and facing) in ``colour``, ``size`` pixels square, centred on ``centre``.

    ``mark`` is the side's palette mark (``"cross"``, ``"ring"`` or ``""``);
    ``alpha`` fades it (a ghost, a unit falling); ``facing`` overrides the
    unit's (a unit turning); ``angle`` turns the whole base a little further
    clockwise (in degrees, for animations). Returns the rectangle drawn.
    """
    sprite = unit_sprite(
        int(size), unit.kind, max(0, unit.figures), facing or unit.facing, colour, mark, count
    )
    return _blit_turned(surface, sprite, centre, angle, alpha)


# --- dice -------------------------------------------------------------------------


def _axe(centre: Point, radius: float) -> list[list[Point]]:
    handle = _band([(-0.55, 0.85), (0.5, -0.7)], 0.22)
    blade = [(0.12, -0.55), (0.52, -0.98), (0.98, -0.5), (0.92, -0.02), (0.62, 0.0)]
    blade = [(x - 0.08, y + 0.04) for x, y in blade]
    cap = _band([(-0.62, 0.95), (-0.48, 0.75)], 0.24)
    return [_to_pixels(shape, centre, radius) for shape in (handle, blade, cap)]


def _arrow_face(centre: Point, radius: float) -> list[list[Point]]:
    shaft = _band([(-0.72, 0.72), (0.5, -0.5)], 0.2)
    head = [(0.92, -0.92), (0.2, -0.7), (0.7, -0.2)]
    fletch_a = [(-0.72, 0.72), (-0.92, 0.38), (-0.76, 0.34), (-0.56, 0.56)]
    fletch_b = [(-0.72, 0.72), (-0.38, 0.92), (-0.34, 0.76), (-0.56, 0.56)]
    return [_to_pixels(shape, centre, radius) for shape in (shaft, head, fletch_a, fletch_b)]


def _panic_face(centre: Point, radius: float) -> tuple[list[Point], list[list[Point]]]:
    """A jagged burst with an exclamation mark cut out of it."""
    burst = []
    for index in range(22):
        angle = math.radians(index * 360 / 22 - 90)
        length = 0.98 if index % 2 == 0 else 0.66
        burst.append((math.cos(angle) * length, math.sin(angle) * length))
    bar = [(-0.11, -0.52), (0.11, -0.52), (0.07, 0.16), (-0.07, 0.16)]
    dot = _arc((0.0, 0.38), 0.11, 0, 360, 12)
    return _to_pixels(burst, centre, radius), [
        _to_pixels(bar, centre, radius),
        _to_pixels(dot, centre, radius),
    ]


@functools.lru_cache(maxsize=64)
def die_sprite(size: int, face: str, lit: bool = False) -> pygame.Surface:
    """A die showing ``face`` (``axe``, ``arrow``, ``panic``, or ``""`` blank), ``size`` pixels square;
    ``lit`` rings it in gold (a die that scores)."""
    size = max(8, int(size))
    big = size * SUPERSAMPLE
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    radius = round(big * 0.2)
    cube = pygame.Rect(0, 0, round(big * 0.9), round(big * 0.9))
    cube.center = (big // 2, big // 2)
    pygame.draw.rect(
        layer, (0, 0, 0, 70), cube.move(round(big * 0.03), round(big * 0.04)), border_radius=radius
    )
    pygame.draw.rect(layer, theme.GOLD if lit else INK, cube, border_radius=radius)
    pygame.draw.rect(
        layer, (200, 190, 170), cube.inflate(-round(big * 0.06), -round(big * 0.06)), border_radius=radius
    )
    top = cube.inflate(-round(big * 0.1), -round(big * 0.1)).move(-round(big * 0.015), -round(big * 0.02))
    pygame.draw.rect(layer, DIE_IVORY, top, border_radius=radius)
    centre = (top.centerx, top.centery)
    glyph = top.width * 0.36
    if face == "axe":
        for shape in _axe(centre, glyph):
            pygame.draw.polygon(layer, DIE_INK, shape)
    elif face == "arrow":
        for shape in _arrow_face(centre, glyph):
            pygame.draw.polygon(layer, DIE_INK, shape)
    elif face == "panic":
        burst, cuts = _panic_face(centre, glyph)
        pygame.draw.polygon(layer, PANIC_RED, burst)
        for shape in cuts:
            pygame.draw.polygon(layer, DIE_IVORY, shape)
    return pygame.transform.smoothscale(layer, (size, size))


def draw_die(
    surface: pygame.Surface,
    centre: Point,
    size: int,
    face: str,
    *,
    angle: float = 0.0,
    alpha: int = 255,
    lit: bool = False,
) -> pygame.Rect:
    """A die ``size`` pixels square centred on ``centre`` showing ``face`` (``axe``, ``arrow``, ``panic``),
    turned ``angle`` degrees clockwise (a die tumbling); returns the rectangle drawn."""
    sprite = die_sprite(int(size), face, lit)
    return _blit_turned(surface, sprite, centre, angle, alpha)
