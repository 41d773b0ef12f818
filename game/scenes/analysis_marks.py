"""How the analysis screen marks the move played on the board: its places ringed, and its mark's glyph."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import pygame

from game.ai.analysis import Mark
from game.scenes.analysis_moves import MARK_COLOURS
from game.ui import gfx, theme
from game.ui.theme import Theme

__all__ = ["PlacesBoard", "draw_played"]


class PlacesBoard(Protocol):
    """Where the board's places are (``BoardController`` has these)."""

    def click_points(self, move: Any) -> list[tuple[int, int]]: ...

    def place_radius(self) -> float: ...

    def place_shape(self) -> str: ...


def draw_played(
    surface: pygame.Surface,
    board: PlacesBoard,
    seat: int,
    entry: Any,
    mark: Mark | None,
    px: Callable[[float], int],
    ui: Theme,
    area: pygame.Rect,
) -> None:
    """Ring the places of ``seat``'s move ``entry`` on ``board``, and put ``mark``'s glyph (if it has one) in
    its colour at the last place's corner, inside ``area``."""
    try:
        points = board.click_points(entry)
    except (NotImplementedError, ValueError, IndexError, LookupError):
        return
    if not points:
        return
    # Rings (or squares) round the places, and a line between them from mark to mark: the pieces stay
    # in sight.
    radius = round(board.place_radius())
    width = max(2, radius // 9)
    square = board.place_shape() == "square"
    outside = width if square else 0  # a square's outline stands outside its place, a ring inside
    colour = theme.lerp_colour(theme.TEXT, theme.SEAT_COLOURS[seat], 0.25)
    places = [points[0]]
    for point in points[1:]:
        if math.dist(point, places[-1]) > radius:  # a place of its own, not a handle on the first
            places.append(point)
    if len(places) >= 2 and math.dist(places[0], places[-1]) > 2 * (radius + outside) + width:
        start, end = places[0], places[-1]
        across = (end[0] - start[0], end[1] - start[1])
        # From the edge of one mark to the other's: a circle's radius away, or a square's side.
        reach = math.hypot(*across) if not square else max(abs(across[0]), abs(across[1]))
        step = (across[0] / reach * (radius + outside), across[1] / reach * (radius + outside))
        ends = ((start[0] + step[0], start[1] + step[1]), (end[0] - step[0], end[1] - step[1]))
        gfx.thick_line(surface, *ends, (10, 12, 30), width + 2)
        gfx.thick_line(surface, *ends, colour, width)
    if square:
        last = _square_marks(surface, places, radius, width, colour)
    else:
        for point in places:
            gfx.ring(surface, point, radius + 1, (10, 12, 30), width + 2)
            gfx.ring(surface, point, radius, colour, width)
        last = pygame.Rect(0, 0, 0, 0)
        last.center = (round(places[-1][0]), round(places[-1][1]))
    if mark is None or not mark.glyph:
        return
    size = max(theme.MIN_TEXT_SIZE, px(16))
    text = ui.text(mark.glyph, "body", size, (10, 12, 30), bold=True)
    chip = text.get_rect().inflate(px(10), px(2))
    chip.height = max(chip.height, chip.width * 2 // 3)
    # At the mark's top right corner: outside a square (over the piece's corner otherwise).
    corner = outside if square else round(radius * 0.72)
    chip.bottomleft = (last.right + corner, last.top - corner)
    chip.clamp_ip(area)
    pygame.draw.rect(surface, MARK_COLOURS[mark], chip, border_radius=chip.height // 2)
    pygame.draw.rect(surface, (10, 12, 30), chip, 2, border_radius=chip.height // 2)
    surface.blit(text, text.get_rect(center=chip.center))


def _square_marks(
    surface: pygame.Surface,
    places: Sequence[tuple[float, float]],
    radius: int,
    width: int,
    colour: theme.Colour,
) -> pygame.Rect:
    """Marks round square places (``radius`` their half-side), just outside them so their pieces stay whole:
    places side by side in one mark, no line between them over their pieces. Returns the last mark's box."""
    boxes: list[pygame.Rect] = []
    for point in places:
        box = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        box.center = (round(point[0]), round(point[1]))
        last = boxes[-1] if boxes else None
        # Beside the last one: in its row or column, a square's side (give or take a rounding) away.
        if last is not None and (last.x == box.x or last.y == box.y) and last.inflate(4, 4).colliderect(box):
            boxes[-1] = last.union(box)
        else:
            boxes.append(box)
    for box in boxes:
        # Its inner corners square: the pieces' corners stay in sight.
        pygame.draw.rect(surface, (10, 12, 30), box.inflate(2 * width + 2, 2 * width + 2), width + 1,
                         border_radius=width + 1)  # fmt: skip
        pygame.draw.rect(surface, colour, box.inflate(2 * width, 2 * width), width, border_radius=width)
    return boxes[-1]
