"""The evaluation graph of the post-game analysis: a seat's expected result over the positions of a game.

Any game: the values are seat 0's expected result (0 to 1) at each
position, the start first; seat 1's is the rest, so the area above the middle
is seat 0's lead in its colour and below it seat 1's in its own. The curve is
a monotone cubic through the values (it never overshoots a value: a win stays
at 100%), drawn large and scaled down so that it is smooth at any size. A
gap (a value not known yet, a set-up) breaks the curve.

The graph is read by moves: the stretch from position ``i`` to ``i + 1`` is
the move played in position ``i`` (its rise or fall is what the move did), so
``move_at`` gives the move under the pointer, and the move on show is a band.
Marked moves get a dot in their mark's colour at the end of their stretch.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import pygame

from game.ui import gfx, theme
from game.ui.textbox import draw_text
from game.ui.theme import Colour, Theme

__all__ = ["EvalGraph", "monotone_curve"]

_SAMPLES_PER_STEP = 8


def monotone_curve(values: Sequence[float]) -> list[float]:
    """Points of a monotone cubic (Fritsch-Carlson) through ``values``, ``_SAMPLES_PER_STEP`` a step.

    Between two values the curve stays between them: no overshoot.

    >>> [round(v, 2) for v in monotone_curve([0.0, 1.0, 1.0])][::4]
    [0.0, 0.62, 1.0, 1.0, 1.0]
    """
    count = len(values)
    if count < 2:
        return list(values)
    slopes = [values[i + 1] - values[i] for i in range(count - 1)]
    tangents = [slopes[0]] + [
        0.0 if slopes[i - 1] * slopes[i] <= 0 else (slopes[i - 1] + slopes[i]) / 2
        for i in range(1, count - 1)
    ]
    tangents.append(slopes[-1])
    for i, slope in enumerate(slopes):
        if slope == 0:
            tangents[i] = tangents[i + 1] = 0.0
            continue
        a, b = tangents[i] / slope, tangents[i + 1] / slope
        length = a * a + b * b
        if length > 9:
            scale = 3 / length**0.5
            tangents[i], tangents[i + 1] = scale * a * slope, scale * b * slope
    points: list[float] = []
    for i in range(count - 1):
        y0, y1, m0, m1 = values[i], values[i + 1], tangents[i], tangents[i + 1]
        for step in range(_SAMPLES_PER_STEP):
            t = step / _SAMPLES_PER_STEP
            h00, h10 = 2 * t**3 - 3 * t**2 + 1, t**3 - 2 * t**2 + t
            h01, h11 = -2 * t**3 + 3 * t**2, t**3 - t**2
            points.append(h00 * y0 + h10 * m0 + h01 * y1 + h11 * m1)
    points.append(values[-1])
    return points


def _runs(values: Sequence[float | None]) -> list[tuple[int, list[float]]]:
    """The stretches of known values: (first index, values)."""
    runs: list[tuple[int, list[float]]] = []
    current: list[float] = []
    start = 0
    for index, value in enumerate(values):
        if value is None:
            if current:
                runs.append((start, current))
            current = []
            continue
        if not current:
            start = index
        current.append(value)
    if current:
        runs.append((start, current))
    return runs


@functools.lru_cache(maxsize=8)
def _picture(
    size: tuple[int, int],
    values: tuple[float | None, ...],
    dots: tuple[tuple[int, Colour], ...],
    colours: tuple[Colour, Colour],
) -> pygame.Surface:
    """The graph's area, curve and dots, without the band or the pointer (cached: it changes per answer)."""
    width, height = size
    big = 2
    layer = pygame.Surface((width * big, height * big), pygame.SRCALPHA)
    steps = max(1, len(values) - 1)

    def x_of(position: float) -> float:
        return position / steps * (width * big - 1)

    def y_of(value: float) -> float:
        return (1.0 - value) * (height * big - 1)

    middle = y_of(0.5)
    for start, run in _runs(values):
        samples = monotone_curve(run)
        xs = [x_of(start + i / _SAMPLES_PER_STEP) for i in range(len(samples))]
        ys = [y_of(value) for value in samples]
        if len(samples) == 1:
            pygame.draw.circle(layer, (*theme.TEXT, 230), (xs[0], ys[0]), 3 * big)
            continue
        for seat, colour in enumerate(colours):
            # The area between the curve and the middle on the seat's side, in its colour.
            clipped = [min(y, middle) if seat == 0 else max(y, middle) for y in ys]
            polygon = [(xs[0], middle), *zip(xs, clipped, strict=True), (xs[-1], middle)]
            pygame.draw.polygon(layer, (*colour, 92), polygon)
        line = list(zip(xs, ys, strict=True))
        for offset in (-big // 2, 0, big // 2):
            pygame.draw.aalines(layer, (*theme.TEXT, 235), False, [(x, y + offset) for x, y in line])
    picture = pygame.transform.smoothscale(layer, size)
    for index, colour in dots:
        value = values[index] if 0 <= index < len(values) else None
        if value is None:
            continue
        centre = (round(index / steps * (width - 1)), round((1.0 - value) * (height - 1)))
        radius = max(3, height // 24)
        pygame.draw.circle(picture, (10, 12, 30), centre, radius + 1)
        pygame.draw.circle(picture, colour, centre, radius)
    return picture


class EvalGraph:
    """Where the graph is, which move is under the pointer, and its drawing (see the module docstring)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        """The whole graph, its labels included."""
        self.plot = pygame.Rect(0, 0, 0, 0)
        """Where the curve is drawn."""
        self.hover: int | None = None
        """The move under the pointer, if any."""

    def layout(self, rect: pygame.Rect, pad: int) -> None:
        """Fit the graph in ``rect``, the curve ``pad`` pixels inside its frame."""
        self.rect = rect.copy()
        self.plot = rect.inflate(-2 * pad, -2 * pad)

    def move_at(self, pos: tuple[int, int], positions: int) -> int | None:
        """The move whose stretch is under ``pos`` (``positions`` - 1 moves in all), or ``None`` off the graph."""
        if positions < 2 or not self.rect.collidepoint(pos):
            return None
        steps = positions - 1
        share = (pos[0] - self.plot.x) / max(1, self.plot.width)
        return max(0, min(steps - 1, int(share * steps)))

    def draw(
        self,
        surface: pygame.Surface,
        ui: Theme,
        values: Sequence[float | None],
        *,
        dots: Sequence[tuple[int, Colour]],
        colours: tuple[Colour, Colour],
        labels: tuple[str, str],
        band: int | None,
        text_size: int,
    ) -> None:
        """The frame, the two seats' labels, the curve, the band of the move on show and the pointer's."""
        rect, plot = self.rect, self.plot
        radius = max(6, rect.height // 10)
        gfx.panel(surface, rect, fill=(12, 15, 34), edge=(44, 52, 94), alpha=235, radius=radius, width=1)
        steps = max(1, len(values) - 1)
        middle = plot.y + plot.height // 2
        for x in range(plot.x, plot.right, 8):  # the even line, dashed
            pygame.draw.line(surface, theme.TEXT_FAINT, (x, middle), (min(x + 4, plot.right), middle))

        def band_rect(move: int) -> pygame.Rect:
            left = plot.x + round(move / steps * plot.width)
            right = plot.x + round((move + 1) / steps * plot.width)
            return pygame.Rect(left, plot.y, max(2, right - left), plot.height)

        if self.hover is not None and self.hover != band and len(values) > 1:
            layer = pygame.Surface(band_rect(self.hover).size, pygame.SRCALPHA)
            layer.fill((*theme.TEXT, 26))
            surface.blit(layer, band_rect(self.hover))
        if band is not None and len(values) > 1:
            area = band_rect(min(band, steps - 1))
            layer = pygame.Surface(area.size, pygame.SRCALPHA)
            layer.fill((*theme.GOLD, 48))
            surface.blit(layer, area)
        if plot.width > 4 and plot.height > 4:
            picture = _picture(plot.size, tuple(values), tuple(dots), colours)
            surface.blit(picture, plot.topleft)
        if band is not None:
            x = plot.x + round(min(band, steps) / steps * plot.width)
            pygame.draw.line(surface, theme.GOLD, (x, plot.y), (x, plot.bottom - 1), 2)
            value = values[band] if band < len(values) else None
            if value is not None:
                centre = (x, plot.y + round((1.0 - value) * (plot.height - 1)))
                pygame.draw.circle(surface, (10, 12, 30), centre, max(4, plot.height // 18) + 2)
                pygame.draw.circle(surface, theme.GOLD, centre, max(4, plot.height // 18))
        label_h = ui.font("body", text_size, bold=True).get_height()
        for seat, label in enumerate(labels):
            box = pygame.Rect(
                plot.x + 4, plot.y if seat == 0 else plot.bottom - label_h, plot.width // 2, label_h
            )
            draw_text(
                surface,
                ui,
                label,
                "body",
                text_size,
                theme.seat_text(seat, (12, 15, 34)),
                box,
                bold=True,
                max_lines=1,
                container=rect,
            )
