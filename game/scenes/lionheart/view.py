"""The Lionheart battlefield's picture: the 9 x 10 field, its labels, the dice tray, thumbnails.

``FieldView`` places the field in a rectangle of the window (with the file
letters under it, the rank numbers on its left, and the dice tray below it or
beside it when the window is wide) and maps squares to pixels and back. The
field may be drawn turned about (``flipped``: rank 10 at the bottom), for a
person who plays Silver against the computer.
"""

from __future__ import annotations

import functools

import pygame

from game.engine.lionheart import Battle
from game.scenes.board_picture import draw_coordinate, finished_layer
from game.scenes.lionheart.units import draw_unit
from game.ui import gfx, theme
from game.ui.theme import Colour, Theme

__all__ = ["FILES", "RANKS", "FieldView", "square_name", "thumbnail"]

FILES = "abcdefghi"
RANKS = 10
LABEL_SHARE = 0.42
"""Room for the file letters and the rank numbers, in squares."""
TRAY_SHARE = 1.25
"""The dice tray's height under the field, in squares."""
TRAY_LEAST = 62
"""The dice tray's least height under the field, in pixels: three lines of the battle log in the
smallest type (a small window's tray, 1.25 squares, held two and cut the third)."""


def square_name(file: int, rank: int) -> str:
    """The name of the square at ``file`` (0-8) and ``rank`` (0-9): ``a1``..``i10``."""
    return f"{FILES[file]}{rank + 1}"


def square_coords(name: str) -> tuple[int, int]:
    """``(file, rank)`` of a square's name."""
    return FILES.index(name[0]), int(name[1:]) - 1


def home_tint(seat: int) -> Colour:
    """The faint tint of a side's home ranks."""
    return theme.lerp_colour(theme.SQUARE_B, theme.SEAT_COLOURS[seat], 0.16)


class FieldView:
    """The field placed in a rectangle of the window."""

    def __init__(self) -> None:
        self.area = pygame.Rect(0, 0, 1, 1)
        self.rect = pygame.Rect(0, 0, 9, 10)
        """The field's squares."""
        self.square = 1
        self.flipped = False
        self.tray = pygame.Rect(0, 0, 1, 1)
        """The dice tray and the battle log."""
        self.tray_beside = False
        self._static: pygame.Surface | None = None
        self._static_key: object = None

    # -- placing --

    def place(self, area: pygame.Rect, *, flipped: bool = False) -> None:
        """Fit the field, its labels and the dice tray into ``area``."""
        self.area = area.copy()
        self.flipped = flipped
        across = 9 + LABEL_SHARE
        down = 10 + LABEL_SHARE
        beside = area.width / max(1, area.height) > (across + 3.6) / down
        if beside:
            square = min(area.width / (across + 3.8), area.height / down)
        else:
            square = min(
                area.width / across, area.height / (down + TRAY_SHARE), (area.height - TRAY_LEAST) / down
            )
        self.square = max(12, int(square))
        label = round(self.square * LABEL_SHARE)
        field_w, field_h = self.square * 9, self.square * 10
        self.tray_beside = beside
        if beside:
            total_w = field_w + label + round(self.square * 3.8)
            left = area.x + (area.width - total_w) // 2
            top = area.y + (area.height - field_h - label) // 2
            self.rect = pygame.Rect(left + label, top, field_w, field_h)
            gap = round(self.square * 0.3)
            self.tray = pygame.Rect(
                self.rect.right + gap, self.rect.y, round(self.square * 3.8) - gap, field_h
            )
        else:
            tray_h = max(round(self.square * TRAY_SHARE), TRAY_LEAST)
            total_h = field_h + label + tray_h
            left = area.x + (area.width - field_w - label) // 2
            top = area.y + (area.height - total_h) // 2
            self.rect = pygame.Rect(left + label, top, field_w, field_h)
            self.tray = pygame.Rect(
                self.rect.x - label,
                self.rect.bottom + label + round(self.square * 0.08),
                field_w + label,
                tray_h - round(self.square * 0.08),
            )

    def square_rect(self, name: str) -> pygame.Rect:
        """The pixels of square ``name``."""
        file, rank = square_coords(name)
        return self.cell_rect(file, rank)

    def cell_rect(self, file: int, rank: int) -> pygame.Rect:
        """The pixels of the square at ``file``, ``rank`` (0-based)."""
        column = 8 - file if self.flipped else file
        row = rank if self.flipped else 9 - rank
        return pygame.Rect(
            self.rect.x + column * self.square, self.rect.y + row * self.square, self.square, self.square
        )

    def centre(self, name: str) -> tuple[int, int]:
        """The pixel centre of square ``name``."""
        return self.square_rect(name).center

    def square_at(self, pos: tuple[int, int]) -> str | None:
        """The square under ``pos``, or ``None`` off the field."""
        if not self.rect.collidepoint(pos):
            return None
        column = (pos[0] - self.rect.x) // self.square
        row = (pos[1] - self.rect.y) // self.square
        file = 8 - column if self.flipped else column
        rank = row if self.flipped else 9 - row
        return square_name(file, rank)

    def screen_facing(self, facing: str) -> str:
        """The facing as drawn: turned about on a flipped field."""
        if not self.flipped:
            return facing
        return {"N": "S", "S": "N", "E": "W", "W": "E"}[facing]

    def unit_size(self) -> int:
        """The size units are drawn at on a square."""
        return max(10, round(self.square * 0.98))

    def frame_rect(self) -> pygame.Rect:
        """The frame drawn round the field (a little outside its squares)."""
        return self.rect.inflate(round(self.square * 0.16), round(self.square * 0.16))

    # -- the static field --

    def draw_static(self, surface: pygame.Surface, ui: Theme) -> None:
        """The field without units: squares, home ranks, edge, labels, the empty tray."""
        key = (tuple(self.rect), tuple(self.tray), self.square, self.flipped, theme.LOOK_VERSION)
        if self._static is None or self._static_key != key:
            self._static = self._render_static(ui)
            self._static_key = key
        margin = self.square
        surface.blit(self._static, (self.rect.x - margin, self.rect.y - margin))

    def _render_static(self, ui: Theme) -> pygame.Surface:
        margin = self.square
        layer = pygame.Surface((self.rect.width + 2 * margin, self.rect.height + 2 * margin), pygame.SRCALPHA)
        offset = (self.rect.x - margin, self.rect.y - margin)
        field = self.rect.move(-offset[0], -offset[1])
        halo = gfx.glow_box(field.width + margin, field.height + margin, theme.BOARD_EDGE, 0.4, margin // 2)
        layer.blit(halo, (field.x - margin // 2, field.y - margin // 2), special_flags=pygame.BLEND_RGB_ADD)
        frame = self.frame_rect().move(-offset[0], -offset[1])
        pygame.draw.rect(layer, (10, 12, 28), frame, border_radius=max(3, self.square // 8))
        pygame.draw.rect(
            layer, theme.BOARD_EDGE, frame, max(1, self.square // 24), border_radius=max(3, self.square // 8)
        )
        for file in range(9):
            for rank in range(RANKS):
                rect = self.cell_rect(file, rank).move(-offset[0], -offset[1])
                colour = theme.SQUARE_A if (file + rank) % 2 else theme.SQUARE_B
                if rank < 2:
                    colour = theme.lerp_colour(colour, theme.SEAT_COLOURS[0], 0.12)
                elif rank >= 8:
                    colour = theme.lerp_colour(colour, theme.SEAT_COLOURS[1], 0.12)
                pygame.draw.rect(layer, colour, rect)
        # The middle line: no man's land between the armies.
        line = theme.lerp_colour(theme.SQUARE_B, theme.BOARD_EDGE, 0.55)
        y = field.y + field.height // 2
        pygame.draw.line(layer, line, (field.x, y), (field.right - 1, y), max(1, self.square // 30))
        size = max(theme.MIN_TEXT_SIZE, round(self.square * 0.3))
        label = round(self.square * LABEL_SHARE)
        for file in range(9):
            rect = self.cell_rect(file, 0).move(-offset[0], -offset[1])
            box = pygame.Rect(rect.x, field.bottom + round(self.square * 0.04), rect.width, label)
            draw_coordinate(layer, ui, FILES[file], size, theme.TEXT_DIM, box)
        for rank in range(RANKS):
            rect = self.cell_rect(0, rank).move(-offset[0], -offset[1])
            # Clear of the frame drawn around the field (0.08 of a square out).
            box = pygame.Rect(field.x - label - round(self.square * 0.14), rect.y, label, rect.height)
            draw_coordinate(layer, ui, str(rank + 1), size, theme.TEXT_DIM, box, align="right")
        return finished_layer(layer)

    def draw_tray(self, surface: pygame.Surface) -> None:
        """The dice tray's felt (the dice and the log are drawn over it)."""
        gfx.panel(
            surface,
            self.tray,
            fill=(16, 20, 42),
            edge=theme.lerp_colour(theme.PANEL_EDGE, theme.BOARD_EDGE, 0.5),
            radius=max(6, self.square // 6),
        )


@functools.lru_cache(maxsize=32)
def _thumbnail(
    position: str, size: int, colours: tuple[Colour, Colour], edge: Colour, squares: tuple[Colour, Colour]
) -> pygame.Surface:
    battle = Battle(position)
    cell = max(2, size // 10)
    surface = pygame.Surface((cell * 9 + 4, cell * 10 + 4), pygame.SRCALPHA)
    pygame.draw.rect(surface, (10, 12, 28), surface.get_rect(), border_radius=3)
    for file in range(9):
        for rank in range(10):
            colour = squares[(file + rank) % 2]
            if rank < 2 or rank >= 8:
                colour = theme.lerp_colour(colour, colours[0 if rank < 2 else 1], 0.12)
            pygame.draw.rect(surface, colour, (2 + file * cell, 2 + (9 - rank) * cell, cell, cell))
    pygame.draw.rect(surface, edge, surface.get_rect(), 1, border_radius=3)
    for unit in battle.units:
        file, rank = square_coords(unit.square)
        centre = (2 + file * cell + cell / 2, 2 + (9 - rank) * cell + cell / 2)
        if cell >= 18:
            draw_unit(surface, centre, cell, unit, colours[unit.owner])
        else:
            rect = pygame.Rect(0, 0, max(2, cell - 2), max(2, cell - 2))
            rect.center = (round(centre[0]), round(centre[1]))
            pygame.draw.rect(surface, colours[unit.owner], rect, border_radius=max(1, cell // 5))
            dark = theme.lerp_colour(colours[unit.owner], (0, 0, 0), 0.55)
            band = max(1, cell // 4)
            edges = {
                "N": (rect.x, rect.y, rect.width, band),
                "S": (rect.x, rect.bottom - band, rect.width, band),
                "E": (rect.right - band, rect.y, band, rect.height),
                "W": (rect.x, rect.y, band, rect.height),
            }
            pygame.draw.rect(surface, dark, edges[unit.facing])
            if unit.kind == "K":
                pygame.draw.circle(surface, dark, rect.center, max(1, cell // 5))
    return surface


def thumbnail(position: str, size: int, colours: tuple[Colour, Colour] | None = None) -> pygame.Surface:
    """A small picture of a battle (level cards, saves), about ``size`` pixels tall."""
    chosen = colours or (theme.SEAT_COLOURS[0], theme.SEAT_COLOURS[1])
    return _thumbnail(
        position,
        int(size),
        (tuple(chosen[0]), tuple(chosen[1])),
        theme.BOARD_EDGE,
        (theme.SQUARE_A, theme.SQUARE_B),
    )
