"""The Attangle board's picture: points and lines, stacked discs, reserve piles, thumbnails.

The board is drawn like the physical one: points joined by lines along the
three axes, on a hexagonal plate, the points nobody may place on marked with a
small star. Pieces are discs seen from a little above, so a stack shows the
edge of every layer, bottom to top, in its colour, and its height at a glance;
a triple wears a gold ring (it is locked for the rest of the game). Each
side's reserve is a pile of discs with its count, White's at the bottom left
and Black's at the top right.

``HexView`` maps points to pixels and back for a board placed in a rectangle
(rows ``a`` at the top, each row's point 1 at the left).
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Sequence

import pygame

from game.engine.attangle import Board, Geometry
from game.scenes.board_picture import draw_coordinate, finished_layer
from game.ui import gfx, theme
from game.ui.textbox import draw_text
from game.ui.theme import Colour, Theme

__all__ = [
    "HexView",
    "StackLook",
    "disc_sprite",
    "draw_plate",
    "draw_stack",
    "draw_star",
    "grid_colour",
    "hexagon",
    "thumbnail",
]

ROOT3 = math.sqrt(3)
DISC_ASPECT = 0.62
"""A disc's top face, seen from above at an angle: its height over its width."""
DISC_THICKNESS = 0.2
"""A disc's edge, as a fraction of its width: how far each layer of a stack rises."""
PLATE_GROW = 0.78
"""How far the plate reaches beyond the outer points, in point spacings."""


@dataclasses.dataclass
class StackLook:
    """How to draw one stack this frame: its layers, where, and any effect."""

    stack: str
    centre: tuple[float, float] | None = None
    """Pixel centre of the bottom disc when not on its point (a stack in flight)."""
    lift: float = 0.0
    """Height above the board in point spacings (a flying disc: bigger, its shadow further away)."""
    alpha: int = 255
    glow: Colour | None = None
    locked: bool | None = None
    """Whether to draw the triple's lock (``None``: when the stack is three high)."""


def seat_of(symbol: str) -> int:
    """The seat of a piece letter (``w`` 0, ``b`` 1)."""
    return 0 if symbol == "w" else 1


class HexView:
    """A hexagonal Attangle board placed in a rectangle of the window."""

    def __init__(self, geometry: Geometry) -> None:
        self.geometry = geometry
        self.rect = pygame.Rect(0, 0, 1, 1)
        """The board's plate (reserves excluded)."""
        self.spacing = 1.0
        self.centre = (0.0, 0.0)
        self.reserve_rects: tuple[pygame.Rect, pygame.Rect] = (
            pygame.Rect(0, 0, 1, 1),
            pygame.Rect(0, 0, 1, 1),
        )
        self._static: pygame.Surface | None = None
        self._static_key: object = None

    # -- placing --

    def place(self, area: pygame.Rect) -> None:
        """Fit the largest board in ``area``, leaving its corners for the two reserve piles."""
        radius = self.geometry.side - 1 + PLATE_GROW
        # The plate is 2 radii across and sqrt(3) radii down; each reserve pile takes a band
        # above or below it, reaching into a corner the hexagon leaves empty.
        pile_band = 0.74 * (DISC_ASPECT + DISC_THICKNESS * 0.8 * PILE_STACK) + 0.3
        across = 2 * radius + 2 * 0.6  # the row letters stand outside the plate, on the left
        down = ROOT3 * radius + 2 * pile_band
        self.spacing = max(8.0, min(area.width / across, area.height / down))
        self.centre = (area.centerx, area.centery)
        width = int(self.spacing * across)
        height = int(self.spacing * ROOT3 * radius)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (round(self.centre[0]), round(self.centre[1]))
        pile_w, pile_h = pile_size(self.disc_width())
        gap = int(self.spacing * 0.12)
        # The piles stand in the corners of the board's own block, not of a wider window's area.
        block = pygame.Rect(0, 0, int(self.spacing * across), int(self.spacing * down))
        block.center = self.rect.center
        block = block.clip(area)
        white = pygame.Rect(0, 0, pile_w, pile_h)
        white.bottomleft = (block.x + gap, block.bottom - gap)
        black = pygame.Rect(0, 0, pile_w, pile_h)
        black.topright = (block.right - gap, block.y + gap)
        self.reserve_rects = (white, black)

    def row_letter_size(self) -> int:
        """The size of the row letters beside the plate."""
        return max(11, int(self.spacing * 0.4))

    def row_letter_centres(self) -> list[tuple[float, float]]:
        """Where each row's letter is centred: just left of the plate (none when the board is too small)."""
        if self.spacing < 26:
            return []
        radius = self.geometry.side - 1 + PLATE_GROW
        middle = len(self.geometry.rows) // 2
        centres = []
        for index, row in enumerate(self.geometry.rows):
            # The plate's left edge slants in by half a spacing a row away from the middle row.
            edge = self.centre[0] - self.spacing * (radius - abs(index - middle) / 2)
            centres.append((edge - self.spacing * 0.38, float(self.point_centre(row[0])[1])))
        return centres

    def number_centres(self) -> list[tuple[int, tuple[float, float]]]:
        """Where each point number is centred, along the two lower edges (none when the board is too small).

        A point's number is its place in its row, so the points of one number
        run down-left from the top row to the middle row, then down-right to a
        lower edge: beyond the last of them, on that line, stands the number,
        just outside the plate (as the row letters stand left of their rows).
        """
        if self.spacing < 26:
            return []
        rows = self.geometry.rows
        last: dict[int, int] = {}
        for row in rows[len(rows) // 2 :]:
            for index, point in enumerate(row):
                last[index + 1] = point
        reach = self.spacing * (PLATE_GROW + 0.44)  # down-right, the way the numbers' lines leave the board
        centres = []
        for number, point in sorted(last.items()):
            x, y = self.point_centre(point)
            centres.append((number, (x + reach / 2, y + reach * ROOT3 / 2)))
        return centres

    def point_centre(self, point: int) -> tuple[int, int]:
        """The pixel position of ``point``."""
        q, r = self.geometry.coords[point]
        x = self.centre[0] + self.spacing * (q + r / 2)
        y = self.centre[1] + self.spacing * r * ROOT3 / 2
        return round(x), round(y)

    def point_at(self, pos: tuple[int, int]) -> int | None:
        """The point nearest ``pos`` if it is within half a spacing, else ``None``."""
        best, best_distance = None, self.spacing * 0.5
        for point in range(len(self.geometry.coords)):
            x, y = self.point_centre(point)
            distance = math.hypot(pos[0] - x, pos[1] - y)
            if distance < best_distance:
                best, best_distance = point, distance
        return best

    def disc_width(self) -> int:
        """The width of a disc resting on a point."""
        return max(6, int(self.spacing * 0.74))

    def stack_top(self, point: int, height: int) -> tuple[int, int]:
        """Where the top face of a stack ``height`` high on ``point`` is centred."""
        x, y = self.point_centre(point)
        return x, round(y - self.disc_width() * DISC_THICKNESS * max(0, height - 1))

    # -- the static board --

    def draw_static(self, surface: pygame.Surface, ui: Theme) -> None:
        """The board without pieces: plate, lines, points, the free points' marks, row letters and point numbers."""
        key = (tuple(self.rect), round(self.spacing, 3), self.centre, theme.LOOK_VERSION)
        if self._static is None or self._static_key != key:
            self._static = self._render_static(ui)
            self._static_key = key
        margin = int(self.spacing)
        surface.blit(self._static, (self.rect.x - margin, self.rect.y - margin))

    def _render_static(self, ui: Theme) -> pygame.Surface:
        margin = int(self.spacing)
        layer = pygame.Surface((self.rect.width + 2 * margin, self.rect.height + 2 * margin), pygame.SRCALPHA)
        offset = (self.rect.x - margin, self.rect.y - margin)

        def local(point: tuple[float, float]) -> tuple[float, float]:
            return point[0] - offset[0], point[1] - offset[1]

        geometry = self.geometry
        lines = [
            (local(self.point_centre(point)), local(self.point_centre(rays[direction][0])))
            for point, rays in enumerate(geometry.rays)
            for direction in DRAWN_DIRECTIONS
            if rays[direction]
        ]
        dots = [local(self.point_centre(point)) for point in geometry.placeable]
        stars = [local(self.point_centre(point)) for point in sorted(geometry.no_placement)]
        draw_plate(
            layer, local(self.centre), self.spacing, geometry.side - 1 + PLATE_GROW, lines, dots, stars
        )
        size = self.row_letter_size()
        labels = [("abcdefghi"[index], centre) for index, centre in enumerate(self.row_letter_centres())]
        labels += [(str(number), centre) for number, centre in self.number_centres()]
        for label, centre in labels:
            box = pygame.Rect(0, 0, self.spacing, self.spacing)
            box.center = (round(local(centre)[0]), round(local(centre)[1]))
            draw_coordinate(layer, ui, label, size, theme.TEXT_FAINT, box)
        return finished_layer(layer)

    # -- stacks --

    def draw_stack(self, surface: pygame.Surface, point: int, look: StackLook) -> None:
        """One stack on (or above) ``point``, as ``look`` says."""
        draw_stack(surface, look.centre or self.point_centre(point), self.disc_width(), look)

    def draw_stacks(
        self, surface: pygame.Surface, board: Board, overrides: dict[int, StackLook | None] | None = None
    ) -> None:
        """Every stack of ``board``, top row first (so lower rows overlap them); ``overrides`` replace some."""
        overrides = overrides or {}
        for point, stack in enumerate(board.stacks):
            if point in overrides:
                look = overrides[point]
                if look is not None and look.centre is None and look.lift == 0:
                    self.draw_stack(surface, point, look)
            elif stack:
                self.draw_stack(surface, point, StackLook(stack))

    # -- reserves --

    def draw_reserve(
        self, surface: pygame.Surface, ui: Theme, seat: int, count: int, *, active: bool
    ) -> None:
        """Seat ``seat``'s pile of ``count`` discs with the count beside it."""
        draw_pile(surface, ui, self.reserve_rects[seat], seat, count, self.disc_width(), active=active)

    def reserve_top(self, seat: int, count: int) -> tuple[float, float]:
        """Where the top disc of seat ``seat``'s pile of ``count`` sits (pieces fly from and to there)."""
        return pile_top(self.reserve_rects[seat], count, self.disc_width())


# -- drawing helpers (also used by the rules pages' diagrams) --


def hexagon(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The corners of the board's outline: a hexagon with flat top and bottom, ``radius`` to each corner."""
    return [
        (
            centre[0] + radius * math.cos(index * math.pi / 3),
            centre[1] + radius * math.sin(index * math.pi / 3),
        )
        for index in range(6)
    ]


DRAWN_DIRECTIONS = (0, 4, 5)
"""East, south-west and south-east (indices of ``DIRECTIONS``): from every point, each line once."""


def draw_plate(
    surface: pygame.Surface,
    centre: tuple[float, float],
    spacing: float,
    radius: float,
    lines: Sequence[tuple[tuple[float, float], tuple[float, float]]],
    dots: Sequence[tuple[float, float]],
    stars: Sequence[tuple[float, float]],
    *,
    star_glow: float = 0.0,
) -> None:
    """A board without pieces: the glowing hexagonal plate, ``radius`` spacings to its corners, the
    ``lines`` between points (pixel pairs), a dot on each point of ``dots``, a star on each of ``stars``
    (brighter with ``star_glow``, 0..1). The board on screen and the rules' diagrams share it."""
    halo = gfx.glow_alpha(int(spacing * radius * 1.1), theme.ACCENT, 0.28)
    surface.blit(halo, halo.get_rect(center=(round(centre[0]), round(centre[1]))))
    outer = hexagon(centre, spacing * radius)
    inner = hexagon(centre, spacing * (radius - 0.16))
    pygame.draw.polygon(surface, (12, 15, 34), outer)
    pygame.draw.polygon(surface, theme.BOARD_EDGE, outer, 2)
    pygame.draw.polygon(surface, theme.SQUARE_B, inner)
    pygame.draw.polygon(surface, theme.lerp_colour(theme.SQUARE_B, theme.BOARD_EDGE, 0.5), inner, 1)
    line_colour = grid_colour()
    line_width = max(1, int(spacing * 0.045))
    for start, end in lines:
        pygame.draw.line(surface, line_colour, start, end, line_width)
    dot = max(2, int(spacing * 0.1))
    dot_colour = theme.lerp_colour(theme.SQUARE_B, theme.TEXT, 0.45)
    for point in dots:
        pygame.draw.circle(surface, dot_colour, point, dot)
    star_colour = theme.lerp_colour(theme.SQUARE_B, theme.GOLD, 0.65 + 0.35 * star_glow)
    for x, y in stars:
        if star_glow > 0:
            glow = gfx.glow(int(spacing * 0.5), theme.GOLD, 0.7 * star_glow)
            surface.blit(glow, glow.get_rect(center=(round(x), round(y))), special_flags=pygame.BLEND_RGB_ADD)
        draw_star(surface, (x, y), spacing * (0.2 + 0.06 * star_glow), star_colour)


def grid_colour() -> Colour:
    """The colour of the board's lines in the current board theme (captures are drawn to stand out from it)."""
    return theme.lerp_colour(theme.SQUARE_B, theme.BOARD_EDGE, 0.75)


def draw_star(surface: pygame.Surface, centre: tuple[float, float], radius: float, colour: Colour) -> None:
    """A small six-pointed star: a point nobody may place on."""
    points = []
    for index in range(12):
        angle = -math.pi / 2 + index * math.pi / 6
        length = radius if index % 2 == 0 else radius * 0.48
        points.append((centre[0] + math.cos(angle) * length, centre[1] + math.sin(angle) * length))
    pygame.draw.polygon(surface, colour, points)


def draw_stack(surface: pygame.Surface, centre: tuple[float, float], width: int, look: StackLook) -> None:
    """The discs of ``look.stack`` rising from ``centre``, bottom first; a triple's lock; a glow."""
    scale = 1 + 0.3 * look.lift
    width = max(4, int(width * scale))
    rise = width * DISC_THICKNESS
    shadow = gfx.shadow_sprite(width)
    offset = width * (0.05 + 0.5 * look.lift)
    shadow = pygame.transform.smoothscale(
        shadow, (int(width * 1.05), max(1, int(width * DISC_ASPECT * 1.05)))
    )
    if look.alpha < 255:
        shadow = shadow.copy()
        shadow.set_alpha(look.alpha // 2)
    surface.blit(
        shadow, shadow.get_rect(center=(centre[0] + offset * 0.4, centre[1] + offset * 0.6 + rise * 0.4))
    )
    if look.glow is not None:
        halo = gfx.glow(int(width * 0.95), look.glow, 0.85)
        surface.blit(
            halo,
            halo.get_rect(center=(centre[0], centre[1] - rise * (len(look.stack) - 1) / 2)),
            special_flags=pygame.BLEND_RGB_ADD,
        )
    locked = look.locked if look.locked is not None else len(look.stack) == 3
    x, y = centre
    for layer, symbol in enumerate(look.stack):
        top = layer == len(look.stack) - 1
        sprite = disc_sprite(width, theme.SEAT_COLOURS[seat_of(symbol)], top and locked)
        if look.alpha < 255:
            sprite = sprite.copy()
            sprite.set_alpha(look.alpha)
        surface.blit(sprite, sprite.get_rect(center=(round(x), round(y - rise * layer + rise * 0.5))))


@functools.lru_cache(maxsize=64)
def disc_sprite(width: int, colour: Colour, locked: bool = False) -> pygame.Surface:
    """One disc seen from a little above: its edge band and its top face, lit from the top left.

    ``locked`` draws a triple's gold ring on the top face. A seat's colour-blind
    mark (``gfx.PIECE_MARKS``) is drawn on the face too; ``game.ui.looks`` clears
    this cache when the look changes.
    """
    big = max(12, width * gfx.SUPERSAMPLE)
    face_h = big * DISC_ASPECT
    band = big * DISC_THICKNESS
    surface = pygame.Surface((big, int(face_h + band) + 2), pygame.SRCALPHA)
    dark = theme.lerp_colour(colour, (0, 0, 0), 0.5)
    edge = theme.lerp_colour(colour, (0, 0, 0), 0.28)
    light = theme.lerp_colour(colour, (255, 255, 255), 0.4)
    # The edge: the lower half-ellipse, a band, then the top face over it.
    pygame.draw.ellipse(surface, dark, (0, band, big, face_h))
    pygame.draw.rect(surface, edge, (0, face_h / 2, big, band))
    pygame.draw.ellipse(surface, edge, (0, band * 0.55, big, face_h))
    flat = gfx.PIECE_STYLE["finish"] == "flat"
    pygame.draw.ellipse(surface, colour, (0, 0, big, face_h))
    if not flat:
        # A soft highlight towards the top left, blended over the face (drawing an RGBA colour
        # straight onto the sprite would replace its pixels, not blend with them).
        sheen_layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        for step in range(4):
            grow = 1 - step * 0.2
            sheen = pygame.Rect(0, 0, big * 0.7 * grow, face_h * 0.56 * grow)
            sheen.center = (round(big * (0.44 - 0.02 * step)), round(face_h * (0.42 - 0.02 * step)))
            pygame.draw.ellipse(sheen_layer, (*light, 34), sheen)
        surface.blit(sheen_layer, (0, 0))
    # A bright rim keeps dark discs readable on the dark board.
    pygame.draw.ellipse(
        surface, theme.lerp_colour(colour, (255, 255, 255), 0.55), (0, 0, big, face_h), max(2, big // 40)
    )
    if locked:
        ring = pygame.Rect(0, 0, big * 0.62, face_h * 0.62)
        ring.center = (big / 2, face_h / 2)
        pygame.draw.ellipse(surface, theme.GOLD, ring, max(3, big // 14))
    red, green, blue = colour
    mark = gfx.PIECE_MARKS.get((red, green, blue), "")
    if mark and not locked:
        ink = (16, 18, 34)
        line = max(2, big // 14)
        cx, cy = big / 2, face_h / 2
        if mark == "cross":
            arm_x, arm_y = big * 0.16, face_h * 0.16
            pygame.draw.line(surface, ink, (cx - arm_x, cy - arm_y), (cx + arm_x, cy + arm_y), line)
            pygame.draw.line(surface, ink, (cx - arm_x, cy + arm_y), (cx + arm_x, cy - arm_y), line)
        elif mark == "ring":
            ring = pygame.Rect(0, 0, big * 0.36, face_h * 0.36)
            ring.center = (round(cx), round(cy))
            pygame.draw.ellipse(surface, ink, ring, line)
    height = max(1, round(surface.get_height() / gfx.SUPERSAMPLE))
    return pygame.transform.smoothscale(surface, (width, height))


PILE_STACK = 6
"""Discs per stack of a reserve pile."""
PILE_STACKS = 5
"""Stacks side by side in a full pile (Grand Attangle's 27 make five)."""
PILE_STEP = 0.78
"""The distance between two stacks of a pile, in disc widths."""


def pile_size(width: int) -> tuple[int, int]:
    """The pixel size of a full pile of discs ``width`` wide, with room for its count."""
    rise = width * DISC_THICKNESS * 0.8
    across = width * (PILE_STEP * (PILE_STACKS - 1) + 1) + width * 1.3
    return int(across), int(width * DISC_ASPECT + rise * PILE_STACK + 2)


def _pile_disc(rect: pygame.Rect, index: int, width: int) -> tuple[float, float]:
    stack, layer = divmod(index, PILE_STACK)
    rise = width * DISC_THICKNESS * 0.8
    x = rect.x + width * (0.5 + PILE_STEP * stack)
    y = rect.bottom - width * DISC_ASPECT * 0.5 - rise * layer
    return x, y


def pile_top(rect: pygame.Rect, count: int, width: int) -> tuple[float, float]:
    """The centre of the top disc of a pile of ``count`` in ``rect`` (where a taken piece lands)."""
    return _pile_disc(rect, max(0, count - 1), width)


def draw_pile(
    surface: pygame.Surface, ui: Theme, rect: pygame.Rect, seat: int, count: int, width: int, *, active: bool
) -> None:
    """A reserve: ``count`` discs of seat ``seat`` in stacks of six, the count in figures beside them."""
    colour = theme.SEAT_COLOURS[seat]
    stacks = max(1, math.ceil(count / PILE_STACK))
    span = width * (PILE_STEP * (stacks - 1) + 1)
    if active:
        halo = gfx.glow(int(max(span, rect.height) * 0.8), colour, 0.3)
        surface.blit(
            halo,
            halo.get_rect(center=(round(rect.x + span / 2), rect.centery)),
            special_flags=pygame.BLEND_RGB_ADD,
        )
    base = pygame.Rect(0, 0, span + width * 0.2, width * DISC_ASPECT * 0.9)
    base.center = (round(rect.x + span / 2), round(rect.bottom - width * DISC_ASPECT * 0.4))
    pygame.draw.ellipse(surface, (8, 10, 26), base)
    if count == 0:
        # An empty reserve keeps the outline of its place: the "0" beside it is a pile, not a stray figure.
        x, y = _pile_disc(rect, 0, width)
        ghost = pygame.Rect(0, 0, width, width * DISC_ASPECT)
        ghost.center = (round(x), round(y + width * DISC_THICKNESS * 0.5))
        pygame.draw.ellipse(
            surface, theme.lerp_colour(colour, theme.BG_BOTTOM, 0.55), ghost, max(1, width // 24)
        )
    sprite = disc_sprite(width, colour)
    for index in range(count):
        x, y = _pile_disc(rect, index, width)
        surface.blit(sprite, sprite.get_rect(center=(round(x), round(y + width * DISC_THICKNESS * 0.5))))
    x = round(rect.x + span + width * 0.2)
    size = max(12, int(width * 0.5))
    label_h = ui.font(theme.SCORE_ROLE, size, bold=True).get_height()
    box = pygame.Rect(x, round(rect.bottom - width * DISC_ASPECT * 0.5) - label_h // 2, size * 3, label_h)
    draw_text(
        surface,
        ui,
        str(count),
        theme.SCORE_ROLE,
        size,
        theme.readable(colour, theme.BG_BOTTOM) if count else theme.TEXT_FAINT,
        box,
        bold=True,
        max_lines=1,
    )


def thumbnail(position: str, size: int, colours: tuple[Colour, Colour] | None = None) -> pygame.Surface:
    """A small picture of a position (level cards, the saves list, the menu tile), cached per look.

    ``colours`` are the seats' colours (the current game's by default).
    """
    colours = colours or (theme.SEAT_COLOURS[0], theme.SEAT_COLOURS[1])
    return _thumbnail(position, max(32, int(size)), colours, theme.LOOK_VERSION)


@functools.lru_cache(maxsize=64)
def _thumbnail(text: str, size: int, colours: tuple[Colour, Colour], look_version: int) -> pygame.Surface:
    board = Board(text)
    geometry = board.geometry
    view = HexView(geometry)
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    reach = geometry.side - 1
    spacing = size / (2 * reach + 1.3)
    view.spacing = spacing
    view.centre = (size / 2, size / 2)
    corners = hexagon(view.centre, spacing * (reach + 0.6))
    pygame.draw.polygon(surface, theme.SQUARE_B, corners)
    pygame.draw.polygon(surface, theme.BOARD_EDGE, corners, 1)
    line = theme.lerp_colour(theme.SQUARE_B, theme.BOARD_EDGE, 0.45)
    for point, rays in enumerate(geometry.rays):
        for direction in DRAWN_DIRECTIONS:
            if rays[direction]:
                pygame.draw.aaline(
                    surface, line, view.point_centre(point), view.point_centre(rays[direction][0])
                )
    for point in range(len(geometry.coords)):
        stack = board.stacks[point]
        x, y = view.point_centre(point)
        if stack:
            radius = max(2, int(spacing * (0.3 + 0.05 * len(stack))))
            pygame.draw.circle(
                surface, theme.lerp_colour(colours[seat_of(stack[-1])], (0, 0, 0), 0.45), (x, y + 1), radius
            )
            colour = colours[seat_of(stack[-1])]
            pygame.draw.circle(surface, colour, (x, y), radius)
            if theme.contrast_ratio(colour, theme.SQUARE_B) < 3.0:
                # A dark seat on the dark plate: a light rim keeps its pieces visible at this size.
                rim = theme.readable(theme.lerp_colour(colour, (255, 255, 255), 0.5), theme.SQUARE_B, 3.0)
                pygame.draw.circle(surface, rim, (x, y), radius, max(1, int(spacing * 0.09)))
            if len(stack) == 3:
                pygame.draw.circle(
                    surface, theme.GOLD, (x, y), max(2, int(spacing * 0.5)), max(1, int(spacing * 0.12))
                )
        elif point in geometry.no_placement:
            draw_star(
                surface, (x, y), max(2.0, spacing * 0.22), theme.lerp_colour(theme.SQUARE_B, theme.GOLD, 0.7)
            )
    return surface
