"""Drawing helpers and pre-rendered sprites: gradients, glows, panels, pieces, blocks, arrows.

Sprites are rendered once per size, supersampled and smooth-scaled down so
edges are anti-aliased, and cached; scenes blit them every frame.
"""

from __future__ import annotations

import functools
import itertools
import math
import random

import numpy as np
import pygame
from numpy.typing import NDArray

from game.ui import theme
from game.ui.theme import Colour

__all__ = [
    "arrow",
    "backdrop",
    "block_tile",
    "glow",
    "glow_alpha",
    "glow_box",
    "icon",
    "panel",
    "piece_sprite",
    "piece_with_shadow",
    "ring",
    "shadow_sprite",
    "target_mark",
    "text_glow",
    "thick_line",
]

SUPERSAMPLE = 3


def _surface_from_rgba(rgba: np.ndarray) -> pygame.Surface:
    """A per-pixel-alpha surface from an (h, w, 4) uint8 array."""
    height, width = rgba.shape[:2]
    surface = pygame.image.frombuffer(np.ascontiguousarray(rgba).tobytes(), (width, height), "RGBA")
    return surface.convert_alpha() if pygame.display.get_surface() else surface.copy()


@functools.lru_cache(maxsize=64)
def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The full-window background: a vertical gradient with a faint perspective grid and vignette."""
    width, height = size
    ys = np.linspace(0.0, 1.0, height, dtype=np.float32)[None, :, None]
    top = np.array(theme.BG_TOP, dtype=np.float32)
    bottom = np.array(theme.BG_BOTTOM, dtype=np.float32)
    column = top * (1 - ys) + bottom * ys
    xs = np.linspace(-1.0, 1.0, width, dtype=np.float32)[:, None, None]
    yy = np.linspace(-1.0, 1.0, height, dtype=np.float32)[None, :, None]
    vignette = 1.0 - 0.35 * np.clip(xs**2 * 0.6 + yy**2 * 0.5, 0, 1)
    pixels = np.clip(column * vignette, 0, 255).astype(np.uint8)
    surface = pygame.Surface(size)
    pygame.surfarray.blit_array(surface, pixels)
    # A neon floor grid receding to the horizon in the lower third.
    grid = pygame.Surface(size, pygame.SRCALPHA)
    horizon = int(height * 0.62)
    colour = (*theme.ACCENT_2, 34)
    for index in range(1, 14):
        y = horizon + int((height - horizon) * (index / 13) ** 1.8)
        pygame.draw.line(grid, colour, (0, y), (width, y), 1)
    centre = width / 2
    for index in range(-12, 13):
        x_bottom = centre + index * width / 9
        pygame.draw.aaline(grid, colour, (centre + index * width / 60, horizon), (x_bottom, height))
    surface.blit(grid, (0, 0))
    return surface.convert() if pygame.display.get_surface() else surface


def _falloff(radius: int) -> np.ndarray:
    size = radius * 2
    ys, xs = np.mgrid[0:size, 0:size].astype(np.float32)
    # numpy types its ufuncs' results as Any: say what hypot gives here.
    distance: NDArray[np.float32] = np.hypot(xs - radius + 0.5, ys - radius + 0.5) / radius
    return np.clip(1 - distance, 0, 1) ** 2.2


def glow(radius: int, colour: Colour, strength: float = 1.0) -> pygame.Surface:
    """A soft radial glow for additive blending (``special_flags=pygame.BLEND_RGB_ADD``).

    Strength is rounded to steps of 1/16 so animated glows hit the cache.
    """
    return _glow(max(2, int(radius)), colour, round(max(0.0, strength) * 16) / 16)


@functools.lru_cache(maxsize=256)
def _glow(radius: int, colour: Colour, strength: float) -> pygame.Surface:
    falloff = _falloff_cached(radius) * strength
    rgb = np.clip(falloff[..., None] * np.array(colour, dtype=np.float32), 0, 255).astype(np.uint8)
    surface = pygame.Surface((radius * 2, radius * 2))
    pygame.surfarray.blit_array(surface, rgb.transpose(1, 0, 2))
    return surface


@functools.lru_cache(maxsize=32)
def _falloff_cached(radius: int) -> np.ndarray:
    return _falloff(radius)


@functools.lru_cache(maxsize=64)
def glow_alpha(radius: int, colour: Colour, strength: float = 1.0) -> pygame.Surface:
    """A soft radial glow as a translucent surface (normal blending)."""
    radius = max(2, int(radius))
    rgba = np.zeros((radius * 2, radius * 2, 4), dtype=np.uint8)
    rgba[..., 0], rgba[..., 1], rgba[..., 2] = colour
    rgba[..., 3] = np.clip(_falloff(radius) * 255 * strength, 0, 255).astype(np.uint8)
    return _surface_from_rgba(rgba)


PIECE_STYLE: dict[str, str] = {"finish": "glossy"}
"""The piece set chosen in the options: "glossy" or "flat" (set by ``game.ui.looks``)."""
PIECE_MARKS: dict[Colour, str] = {}
"""A shape drawn on pieces of a colour ("cross" or "ring"), so sides differ by more than colour."""


@functools.lru_cache(maxsize=32)
def piece_sprite(diameter: int, colour: Colour) -> pygame.Surface:
    """A glossy, shaded round piece: lit from the top left, with a rim and a specular spot.

    The piece set and marks above change the look; ``game.ui.looks`` clears this cache
    whenever they change.
    """
    diameter = max(4, int(diameter))
    if PIECE_STYLE["finish"] == "flat":
        return _flat_piece(diameter, colour, PIECE_MARKS.get(tuple(colour), ""))  # type: ignore[arg-type]
    big = diameter * SUPERSAMPLE
    radius = big / 2
    ys, xs = np.mgrid[0:big, 0:big].astype(np.float32)
    nx = (xs + 0.5 - radius) / radius
    ny = (ys + 0.5 - radius) / radius
    r2 = nx * nx + ny * ny
    inside = np.clip((1.0 - np.sqrt(r2)) * radius, 0, 1)
    nz = np.sqrt(np.clip(1.0 - r2, 0, 1))
    light = np.array([-0.45, -0.6, 0.66], dtype=np.float32)
    light /= np.linalg.norm(light)
    diffuse = np.clip(nx * light[0] + ny * light[1] + nz * light[2], 0, 1)
    # A slightly flattened dome reads as a game counter rather than a marble.
    base = np.array(colour, dtype=np.float32)
    shade = 0.38 + 0.78 * diffuse
    rgb = base[None, None, :] * shade[..., None]
    half = light + np.array([0, 0, 1], dtype=np.float32)
    half /= np.linalg.norm(half)
    specular = np.clip(nx * half[0] + ny * half[1] + nz * half[2], 0, 1) ** 40
    rgb += 255 * 0.85 * specular[..., None]
    # A darker bevel ring and a bright inner lip give the counter an edge.
    ring = np.sqrt(r2)
    bevel = np.clip((ring - 0.80) / 0.2, 0, 1)
    rgb *= (1 - 0.35 * bevel)[..., None]
    lip = np.exp(-(((ring - 0.74) / 0.04) ** 2)) * 0.22
    rgb += 255 * lip[..., None] * (0.5 + 0.5 * diffuse[..., None])
    rgba = np.zeros((big, big, 4), dtype=np.float32)
    rgba[..., :3] = np.clip(rgb, 0, 255)
    rgba[..., 3] = inside * 255
    surface = _surface_from_rgba(rgba.astype(np.uint8))
    _draw_mark(surface, PIECE_MARKS.get(tuple(colour), ""))  # type: ignore[arg-type]
    return pygame.transform.smoothscale(surface, (diameter, diameter))


def _flat_piece(diameter: int, colour: Colour, mark: str) -> pygame.Surface:
    """A flat counter: a solid disc with a dark rim and a lighter inner ring (the "flat" set)."""
    big = diameter * SUPERSAMPLE
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    centre = (big // 2, big // 2)
    pygame.draw.circle(surface, theme.lerp_colour(colour, (0, 0, 0), 0.45), centre, big // 2)
    pygame.draw.circle(surface, colour, centre, int(big * 0.44))
    pygame.draw.circle(
        surface, theme.lerp_colour(colour, (255, 255, 255), 0.35), centre, int(big * 0.34), max(2, big // 24)
    )
    _draw_mark(surface, mark)
    return pygame.transform.smoothscale(surface, (diameter, diameter))


def _draw_mark(surface: pygame.Surface, mark: str) -> None:
    """A cross or a ring in dark ink over the piece's centre (colour-blind safe pieces)."""
    if not mark:
        return
    size = surface.get_width()
    centre = size / 2
    ink = (16, 18, 34)
    width = max(2, size // 9)
    if mark == "cross":
        arm = size * 0.2
        for dx, dy in ((1, 1), (1, -1)):
            pygame.draw.line(
                surface,
                ink,
                (centre - arm * dx, centre - arm * dy),
                (centre + arm * dx, centre + arm * dy),
                width,
            )
    elif mark == "ring":
        pygame.draw.circle(surface, ink, (round(centre), round(centre)), round(size * 0.2), width)


@functools.lru_cache(maxsize=16)
def shadow_sprite(diameter: int) -> pygame.Surface:
    """A soft dark ellipse drawn under a piece."""
    diameter = max(4, int(diameter))
    width, height = int(diameter * 1.1), int(diameter * 1.1)
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    dx = (xs - width / 2) / (width / 2)
    dy = (ys - height / 2) / (height / 2)
    alpha = np.clip(1 - np.sqrt(dx * dx + dy * dy), 0, 1) ** 1.5 * 150
    rgba = np.zeros((height, width, 4), dtype=np.uint8)
    rgba[..., 3] = alpha.astype(np.uint8)
    return _surface_from_rgba(rgba)


@functools.lru_cache(maxsize=128)
def block_tile(size: int, seed: int) -> pygame.Surface:
    """A destroyed square: a sunken, cracked slab with rubble, different for every ``seed``."""
    size = max(6, int(size))
    big = size * SUPERSAMPLE
    rng = random.Random(seed)
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    inset = big * 0.06
    rect = pygame.Rect(0, 0, big, big).inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(surface, (10, 11, 22), rect, border_radius=int(big * 0.08))
    inner = rect.inflate(-big * 0.08, -big * 0.08)
    pygame.draw.rect(surface, (40, 36, 52), inner, border_radius=int(big * 0.06))
    # Broken slab pieces, each a slightly different shade, separated by dark cracks.
    centre = (inner.centerx + rng.uniform(-0.12, 0.12) * big, inner.centery + rng.uniform(-0.12, 0.12) * big)
    corners = [inner.topleft, inner.topright, inner.bottomright, inner.bottomleft]
    edge_points: list[tuple[float, float]] = []
    for index in range(4):
        a, b = corners[index], corners[(index + 1) % 4]
        edge_points.append(a)
        t = rng.uniform(0.3, 0.7)
        edge_points.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
    for index in range(len(edge_points)):
        start, end = edge_points[index], edge_points[(index + 1) % len(edge_points)]
        shade = rng.randint(44, 70)
        shrink = 0.9
        points = [
            (centre[0] + (p[0] - centre[0]) * shrink, centre[1] + (p[1] - centre[1]) * shrink)
            for p in (centre, start, end)
        ]
        pygame.draw.polygon(surface, (shade, shade - 6, shade + 8), points)
    for point in edge_points[1::2]:
        pygame.draw.line(surface, (6, 6, 14), centre, point, max(2, big // 28))
    # Embers glowing in the cracks.
    ember = (255, 110, 60)
    for _ in range(3):
        t = rng.uniform(0.2, 0.8)
        point = edge_points[rng.randrange(1, len(edge_points), 2)]
        x = centre[0] + (point[0] - centre[0]) * t
        y = centre[1] + (point[1] - centre[1]) * t
        pygame.draw.circle(surface, (*ember, 140), (x, y), big * 0.025)
    pygame.draw.rect(surface, (90, 70, 110), rect, max(1, big // 40), border_radius=int(big * 0.08))
    return pygame.transform.smoothscale(surface, (size, size))


def centred_panel(size: tuple[int, int], width: int, height: int, margin: int) -> pygame.Rect:
    """A screen's panel in the middle of a window of ``size``: ``width`` x ``height`` at most, and ``margin``
    pixels narrower and shorter than the window at least (both sides together)."""
    rect = pygame.Rect(0, 0, min(size[0] - margin, width), min(size[1] - margin, height))
    rect.center = (size[0] // 2, size[1] // 2)
    return rect


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    *,
    fill: Colour = theme.PANEL,
    edge: Colour = theme.PANEL_EDGE,
    alpha: int = 225,
    radius: int = 14,
    width: int = 2,
) -> None:
    """A translucent rounded panel with a thin bright edge."""
    surface.blit(_panel_layer(rect.width, rect.height, fill, edge, alpha, radius, width), rect.topleft)


@functools.lru_cache(maxsize=256)
def _panel_layer(
    width: int, height: int, fill: Colour, edge: Colour, alpha: int, radius: int, line: int
) -> pygame.Surface:
    layer = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    pygame.draw.rect(layer, (*fill, alpha), layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, (*edge, 200), layer.get_rect(), line, border_radius=radius)
    return layer


def glow_box(
    width: int, height: int, colour: Colour, strength: float = 1.0, pad: int | None = None
) -> pygame.Surface:
    """A neon halo around a rounded rectangle, for ``BLEND_RGB_ADD``; cached.

    The halo fills ``width`` x ``height``: full strength on the rectangle inset by
    ``pad`` on every side, fading to nothing at the outer edge.
    """
    width, height = max(4, int(width)), max(4, int(height))
    if pad is None:
        pad = min(width, height) // 5
    pad = max(2, min(int(pad), min(width, height) // 2 - 1))
    return _glow_box(width, height, colour, round(max(0.0, strength) * 16) / 16, pad)


@functools.lru_cache(maxsize=128)
def _glow_box(width: int, height: int, colour: Colour, strength: float, pad: int) -> pygame.Surface:
    xs = np.arange(width, dtype=np.float32)[:, None] + 0.5
    ys = np.arange(height, dtype=np.float32)[None, :] + 0.5
    dx = np.maximum(np.maximum(pad - xs, xs - (width - pad)), 0)
    dy = np.maximum(np.maximum(pad - ys, ys - (height - pad)), 0)
    distance = np.sqrt(dx * dx + dy * dy) / pad
    falloff = np.clip(1.0 - distance, 0, 1) ** 2 * strength
    rgb = np.clip(falloff[..., None] * np.array(colour, dtype=np.float32), 0, 255).astype(np.uint8)
    surface = pygame.Surface((width, height))
    pygame.surfarray.blit_array(surface, rgb)
    return surface


@functools.lru_cache(maxsize=32)
def piece_with_shadow(diameter: int, colour: Colour) -> tuple[pygame.Surface, tuple[int, int]]:
    """A resting piece and its shadow in one sprite, and the offset of the piece's centre in it."""
    sprite = piece_sprite(diameter, colour)
    shadow = shadow_sprite(diameter)
    shadow = pygame.transform.smoothscale(shadow, (shadow.get_width(), int(shadow.get_height() * 0.9)))
    offset = diameter * 0.06
    width = max(sprite.get_width(), shadow.get_width()) + int(offset) + 4
    height = max(sprite.get_height(), shadow.get_height()) + int(offset) + 4
    combined = pygame.Surface((width, height), pygame.SRCALPHA)
    centre = (width // 2 - int(offset // 2), height // 2 - int(offset // 2))
    combined.blit(shadow, shadow.get_rect(center=(centre[0] + offset * 0.5, centre[1] + offset)))
    combined.blit(sprite, sprite.get_rect(center=centre))
    return combined, centre


def text_glow(
    surface: pygame.Surface,
    rendered: pygame.Surface,
    centre: tuple[int, int],
    colour: Colour,
    *,
    spread: int = 10,
) -> pygame.Rect:
    """Blit ``rendered`` centred on ``centre`` with a neon glow of ``colour`` behind it."""
    rect = rendered.get_rect(center=centre)
    halo = _halo(rendered, colour, max(2, spread))
    surface.blit(halo, halo.get_rect(center=centre), special_flags=pygame.BLEND_RGB_ADD)
    surface.blit(rendered, rect)
    return rect


_HALO_CACHE: dict[tuple[int, Colour, int], pygame.Surface] = {}


def blur(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """A cheap blur of an opaque surface: shrink and grow back twice (the edges stay inside)."""
    width, height = surface.get_size()
    factor = max(2, radius)
    small = pygame.transform.smoothscale(surface, (max(1, width // factor), max(1, height // factor)))
    small = pygame.transform.smoothscale(
        small, (max(1, width // (factor // 2 or 1)), max(1, height // (factor // 2 or 1)))
    )
    return pygame.transform.smoothscale(small, (width, height))


def _halo(rendered: pygame.Surface, colour: Colour, spread: int) -> pygame.Surface:
    key = (id(rendered), colour, spread)
    halo = _HALO_CACHE.get(key)
    if halo is None:
        if len(_HALO_CACHE) > 64:
            _HALO_CACHE.clear()
        pad = spread * 3
        width, height = rendered.get_size()
        canvas = pygame.Surface((width + pad * 2, height + pad * 2))
        tinted = rendered.copy()
        tinted.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
        canvas.blit(tinted, (pad, pad))
        halo = blur(canvas, spread)
        halo.blit(blur(canvas, max(2, spread // 3)), (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        _HALO_CACHE[key] = halo
    return halo


def arrow(
    surface: pygame.Surface,
    start: tuple[float, float],
    end: tuple[float, float],
    colour: Colour,
    width: float,
    alpha: int = 220,
) -> None:
    """A thick anti-aliased arrow from ``start`` to ``end`` with a triangular head."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    px, py = -uy, ux
    head = min(length * 0.45, width * 3.2)
    shaft_end = (end[0] - ux * head, end[1] - uy * head)
    half = width / 2
    body = [
        (start[0] + px * half, start[1] + py * half),
        (shaft_end[0] + px * half, shaft_end[1] + py * half),
        (shaft_end[0] - px * half, shaft_end[1] - py * half),
        (start[0] - px * half, start[1] - py * half),
    ]
    tip = [
        end,
        (shaft_end[0] + px * width * 1.6, shaft_end[1] + py * width * 1.6),
        (shaft_end[0] - px * width * 1.6, shaft_end[1] - py * width * 1.6),
    ]
    xs = [p[0] for p in body + tip]
    ys = [p[1] for p in body + tip]
    left, top = int(min(xs)) - 2, int(min(ys)) - 2
    layer = pygame.Surface((int(max(xs)) - left + 4, int(max(ys)) - top + 4), pygame.SRCALPHA)
    for shape in (body, tip):
        points = [(x - left, y - top) for x, y in shape]
        pygame.draw.polygon(layer, (*colour, alpha), points)
        pygame.draw.aalines(layer, (*colour, alpha), True, points)
    surface.blit(layer, (left, top))


TARGET_MARKS = ("dot", "ring", "dashed")
"""The shapes ``target_mark`` draws, so kinds of target differ by shape as well as by colour."""


def target_mark(kind: str, diameter: int, colour: Colour, alpha: int = 255) -> pygame.Surface:
    """A move target's mark, anti-aliased: ``dot`` a filled disc, ``ring`` a double ring,
    ``dashed`` a ring of dashes; each with a dark rim so it reads on light and dark squares.

    Alpha is rounded to steps of 16 so pulsing marks hit the cache.
    """
    return _target_mark(kind, max(6, int(diameter)), colour, max(0, min(255, round(alpha / 16) * 16)))


@functools.lru_cache(maxsize=128)
def _target_mark(kind: str, diameter: int, colour: Colour, alpha: int) -> pygame.Surface:
    big = diameter * SUPERSAMPLE
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    centre = (big / 2, big / 2)
    radius = big / 2
    rim = max(2.0, big * (0.025 if kind == "dashed" else 0.06))
    ink = (10, 12, 28, 190)

    def band(outer: float, width: float) -> None:
        # A ring of ``colour`` from ``outer`` inwards, edged in ink on both sides.
        pygame.draw.circle(surface, ink, centre, outer + rim, round(width + rim * 2))
        pygame.draw.circle(surface, colour, centre, outer, round(width))

    if kind == "dot":
        pygame.draw.circle(surface, ink, centre, radius)
        pygame.draw.circle(surface, colour, centre, radius - rim)
        shine = theme.lerp_colour(colour, (255, 255, 255), 0.4)
        pygame.draw.circle(
            surface, shine, (centre[0] - radius * 0.22, centre[1] - radius * 0.22), radius * 0.26
        )
    elif kind == "ring":
        band(radius - rim, radius * 0.2)
        band(radius * 0.5, radius * 0.16)
    else:  # dashed: a ring broken into dashes
        dashes = 16
        width = radius * 0.12
        box = pygame.Rect(0, 0, big, big).inflate(-rim * 2, -rim * 2)
        for index in range(dashes):
            start = index * 2 * math.pi / dashes
            stop = start + math.pi / dashes * 1.15
            pygame.draw.arc(surface, ink, box, start - 0.03, stop + 0.03, round(width + rim * 2))
        inner = box.inflate(-rim * 2, -rim * 2)
        for index in range(dashes):
            start = index * 2 * math.pi / dashes
            stop = start + math.pi / dashes * 1.15
            pygame.draw.arc(surface, colour, inner, start, stop, round(width))
    small = pygame.transform.smoothscale(surface, (diameter, diameter))
    if alpha < 255:
        small.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return small


@functools.lru_cache(maxsize=64)
def _white_ring(radius: int, width: int) -> pygame.Surface:
    big = SUPERSAMPLE
    size = (radius + 2) * 2
    surface = pygame.Surface((size * big, size * big), pygame.SRCALPHA)
    pygame.draw.circle(surface, (255, 255, 255), (size * big / 2, size * big / 2), radius * big, width * big)
    return pygame.transform.smoothscale(surface, (size, size))


def ring(
    surface: pygame.Surface, centre: tuple[float, float], radius: int, colour: Colour, width: int
) -> None:
    """An anti-aliased circle outline ``width`` pixels thick, inside ``radius``, centred on ``centre``."""
    radius, width = max(2, int(radius)), max(1, min(int(width), int(radius)))
    sprite = _white_ring(radius, width).copy()
    sprite.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))


def thick_line(
    surface: pygame.Surface,
    start: tuple[float, float],
    end: tuple[float, float],
    colour: Colour,
    width: float,
) -> None:
    """A straight line ``width`` pixels thick with anti-aliased edges and round ends."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    half = max(0.5, width / 2)
    if length < 1:
        return
    px, py = -dy / length * half, dx / length * half
    points = [
        (start[0] + px, start[1] + py),
        (end[0] + px, end[1] + py),
        (end[0] - px, end[1] - py),
        (start[0] - px, start[1] - py),
    ]
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.aalines(surface, colour, True, points)
    for point in (start, end):
        pygame.draw.aacircle(surface, colour, point, half)


ICONS = ("undo", "redo", "previous", "next", "done")
"""The vector icons ``icon`` draws (buttons name one in their ``icon``)."""
TRAILING_ICONS = frozenset({"next", "done"})
"""Icons that follow their label rather than lead it ("Next →")."""


@functools.lru_cache(maxsize=64)
def icon(name: str, size: int, colour: Colour) -> pygame.Surface:
    """Icon ``name`` (one of ``ICONS``) ``size`` pixels square, drawn large and scaled down (anti-aliased).

    ``previous`` and ``next`` are straight arrows; ``undo`` and ``redo`` hook back round; ``done`` is a tick.
    """
    size = max(8, int(size))
    big = size * SUPERSAMPLE * 2
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    stroke = big * 0.13
    if name == "done":
        points = [(big * 0.14, big * 0.52), (big * 0.4, big * 0.78), (big * 0.88, big * 0.24)]
        for start, end in itertools.pairwise(points):
            steps = 40
            for index in range(steps + 1):
                share = index / steps
                point = (start[0] + (end[0] - start[0]) * share, start[1] + (end[1] - start[1]) * share)
                pygame.draw.circle(surface, colour, point, stroke * 0.6)
    elif name in ("previous", "next"):
        middle = big / 2
        head = big * 0.42
        pygame.draw.rect(
            surface,
            colour,
            pygame.Rect(big * 0.3, middle - stroke / 2, big * 0.6, stroke),
            border_radius=round(stroke / 2),
        )
        pygame.draw.polygon(
            surface,
            colour,
            [
                (big * 0.08, middle),
                (big * 0.08 + head, middle - head * 0.85),
                (big * 0.08 + head, middle + head * 0.85),
            ],
        )
    else:
        # A hook: the head at the top pointing left, the stroke turning right and down round to the lower left.
        centre = (big * 0.54, big * 0.56)
        radius = big * 0.3
        steps = 90
        for index in range(steps + 1):
            angle = math.radians(90 - 235 * index / steps)
            point = (centre[0] + radius * math.cos(angle), centre[1] - radius * math.sin(angle))
            pygame.draw.circle(surface, colour, point, stroke / 2)
        top = centre[1] - radius
        head = big * 0.25
        tip = centre[0] - head * 1.2
        pygame.draw.polygon(
            surface, colour, [(tip, top), (centre[0] + 1, top - head), (centre[0] + 1, top + head)]
        )
    if name in ("next", "redo"):
        surface = pygame.transform.flip(surface, True, False)
    return pygame.transform.smoothscale(surface, (size, size))
