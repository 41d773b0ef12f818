"""The Ataxx board's picture: geometry, the static board, pieces, and thumbnails.

``BoardView`` maps squares to pixels and back for a board drawn in a given
rectangle (rank 7 at the top, file a on the left). The board's static layer
(frame, squares, destroyed squares, coordinates) is rendered once per size and
block layout; pieces are blitted from cached sprites on top, with whatever
per-square overrides an animation asks for.
"""

from __future__ import annotations

import dataclasses
import functools
import math

import pygame

from game.engine.ataxx import Board, Side, bits
from game.scenes.board_picture import draw_coordinate, finished_layer
from game.ui import gfx, theme
from game.ui.theme import Colour, Theme

__all__ = ["BoardView", "PieceLook", "thumbnail"]


@dataclasses.dataclass
class PieceLook:
    """How to draw one piece this frame: its side, size, squash and an offset (for flights)."""

    side: Side
    scale: float = 1.0
    squash: float = 1.0
    """Vertical scale for the coin flip: 1 flat on the board, 0 seen edge-on."""
    lift: float = 0.0
    """Height above the board in squares (a jumping piece): bigger, with a distant shadow."""
    centre: tuple[float, float] | None = None
    """Pixel centre, when not on its square (a piece in flight)."""
    glow: Colour | None = None
    alpha: int = 255


class BoardView:
    """A 7x7 board placed in a rectangle of the window."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 7, 7)
        self.cell = 1
        self._static: pygame.Surface | None = None
        self._static_key: tuple[int, ...] | None = None

    def place(self, area: pygame.Rect) -> None:
        """Fit the largest board (with its frame) centred in ``area``."""
        side = min(area.width, area.height)
        self.cell = max(8, side // 8)  # seven squares and a half-square frame on each side
        board = self.cell * 7
        self.rect = pygame.Rect(0, 0, board, board)
        self.rect.center = area.center

    # -- squares and pixels --

    def square_rect(self, sq: int) -> pygame.Rect:
        """The pixel rectangle of square ``sq``."""
        column, row = sq % 7, 6 - sq // 7
        return pygame.Rect(
            self.rect.x + column * self.cell, self.rect.y + row * self.cell, self.cell, self.cell
        )

    def square_centre(self, sq: int) -> tuple[int, int]:
        """The pixel centre of square ``sq``."""
        return self.square_rect(sq).center

    def square_at(self, pos: tuple[int, int]) -> int | None:
        """The square under pixel ``pos``, or None off the board."""
        x, y = pos[0] - self.rect.x, pos[1] - self.rect.y
        if not (0 <= x < self.cell * 7 and 0 <= y < self.cell * 7):
            return None
        column, row = x // self.cell, y // self.cell
        return (6 - row) * 7 + column

    # -- drawing --

    def draw_static(self, surface: pygame.Surface, ui: Theme, blocks: int) -> None:
        """The board without pieces: frame, squares, destroyed squares, coordinates."""
        key = (self.rect.x, self.rect.y, self.cell, blocks, theme.LOOK_VERSION)
        if self._static is None or self._static_key != key:
            self._static = self._render_static(ui, blocks)
            self._static_key = key
        margin = self._margin()
        surface.blit(self._static, (self.rect.x - margin, self.rect.y - margin))

    def _margin(self) -> int:
        return max(4, self.cell // 2)

    def _render_static(self, ui: Theme, blocks: int) -> pygame.Surface:
        margin = self._margin()
        size = self.cell * 7 + margin * 2
        layer = pygame.Surface((size, size), pygame.SRCALPHA)
        frame = pygame.Rect(0, 0, size, size)
        halo = gfx.glow_alpha(size // 2, theme.ACCENT, 0.35)
        layer.blit(halo, (0, 0))
        inner = frame.inflate(-margin * 0.16, -margin * 0.16)
        pygame.draw.rect(layer, (12, 15, 34, 250), inner, border_radius=max(6, self.cell // 5))
        pygame.draw.rect(layer, (*theme.BOARD_EDGE, 255), inner, 2, border_radius=max(6, self.cell // 5))
        for sq in range(49):
            rect = self.square_rect(sq).move(margin - self.rect.x, margin - self.rect.y)
            if blocks >> sq & 1:
                layer.blit(gfx.block_tile(self.cell, sq % 5), rect)
                continue
            shade = theme.SQUARE_A if (sq % 7 + sq // 7) % 2 == 0 else theme.SQUARE_B
            tile = rect.inflate(-max(2, self.cell // 20), -max(2, self.cell // 20))
            pygame.draw.rect(layer, shade, tile, border_radius=max(3, self.cell // 9))
            sheen = tile.copy()
            sheen.height = max(1, tile.height // 12)
            pygame.draw.rect(layer, (255, 255, 255, 10), sheen, border_radius=max(3, self.cell // 9))
        font_size = max(9, int(margin * 0.55))
        if margin >= 12:
            for index in range(7):
                middle = margin + index * self.cell + self.cell // 2
                file_box = pygame.Rect(middle - self.cell // 2, size - margin, self.cell, margin)
                rank_box = pygame.Rect(0, middle - self.cell // 2, margin, self.cell)
                for text, box in (("abcdefg"[index], file_box), (str(7 - index), rank_box)):
                    draw_coordinate(layer, ui, text, font_size, theme.TEXT_FAINT, box)
        return finished_layer(layer)

    def piece_diameter(self) -> int:
        """The diameter of a piece resting on a square."""
        return max(6, int(self.cell * 0.78))

    def draw_piece(self, surface: pygame.Surface, sq: int, look: PieceLook) -> None:
        """One piece on (or above) square ``sq`` as ``look`` describes."""
        diameter = self.piece_diameter()
        centre = look.centre or self.square_centre(sq)
        size = diameter * look.scale * (1 + 0.35 * look.lift)
        if size < 2:
            return
        if (
            look.scale == 1
            and look.squash == 1
            and look.lift == 0
            and look.glow is None
            and look.alpha == 255
        ):
            sprite, anchor = gfx.piece_with_shadow(diameter, theme.SEAT_COLOURS[look.side])
            surface.blit(sprite, (round(centre[0]) - anchor[0], round(centre[1]) - anchor[1]))
            return
        shadow = gfx.shadow_sprite(diameter)
        offset = diameter * (0.06 + 0.45 * look.lift)
        shadow_size = max(2, int(shadow.get_width() * look.scale * max(0.15, 1 - 0.4 * look.lift)))
        scaled_shadow = pygame.transform.smoothscale(shadow, (shadow_size, max(1, int(shadow_size * 0.9))))
        surface.blit(
            scaled_shadow, scaled_shadow.get_rect(center=(centre[0] + offset * 0.5, centre[1] + offset))
        )
        if look.glow is not None:
            halo = gfx.glow(int(diameter * 0.85), look.glow, 0.9)
            surface.blit(halo, halo.get_rect(center=centre), special_flags=pygame.BLEND_RGB_ADD)
        sprite = gfx.piece_sprite(diameter, theme.SEAT_COLOURS[look.side])
        width = max(1, round(size))
        height = max(1, round(size * max(0.0, look.squash)))
        if (width, height) != sprite.get_size():
            sprite = pygame.transform.smoothscale(sprite, (width, height))
        if look.alpha < 255:
            sprite = sprite.copy()
            sprite.set_alpha(look.alpha)
        surface.blit(
            sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1] - look.lift * self.cell * 0.0)))
        )

    def draw_pieces(
        self,
        surface: pygame.Surface,
        board: Board,
        overrides: dict[int, PieceLook | None] | None = None,
    ) -> None:
        """Every piece of ``board``; ``overrides`` replaces (or with None hides) some squares."""
        overrides = overrides or {}
        for side in (Side.RED, Side.BLUE):
            for sq in bits(board.pieces[side]):
                if sq in overrides:
                    continue
                self.draw_piece(surface, sq, PieceLook(side))
        for sq, look in overrides.items():
            if look is not None and look.centre is None and look.lift == 0:
                self.draw_piece(surface, sq, look)

    def draw_flying(self, surface: pygame.Surface, overrides: dict[int, PieceLook | None]) -> None:
        """The pieces in flight, drawn last so they pass over the others."""
        for sq, look in overrides.items():
            if look is not None and (look.centre is not None or look.lift != 0):
                self.draw_piece(surface, sq, look)

    def fill_square(
        self, surface: pygame.Surface, sq: int, colour: Colour, alpha: int, *, inset: float = 0.06
    ) -> None:
        """A translucent rounded highlight on square ``sq``."""
        rect = self.square_rect(sq).inflate(-self.cell * inset * 2, -self.cell * inset * 2)
        layer = _tile(rect.width, rect.height, colour, alpha, max(3, self.cell // 8))
        surface.blit(layer, rect.topleft)

    def ring_square(
        self, surface: pygame.Surface, sq: int, colour: Colour, width: int, *, inset: float = 0.05
    ) -> None:
        """An outline on square ``sq``."""
        rect = self.square_rect(sq).inflate(-self.cell * inset * 2, -self.cell * inset * 2)
        pygame.draw.rect(surface, colour, rect, width, border_radius=max(3, self.cell // 8))


@functools.lru_cache(maxsize=64)
def _tile(width: int, height: int, colour: Colour, alpha: int, radius: int) -> pygame.Surface:
    layer = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    pygame.draw.rect(layer, (*colour, alpha), layer.get_rect(), border_radius=radius)
    return layer


def thumbnail(position: str, size: int, colours: tuple[Colour, Colour] | None = None) -> pygame.Surface:
    """A small picture of a position (level cards, the menu tile, the saves list), cached per look.

    ``colours`` are the seats' colours (the current game's by default: a tile or
    a save of another game passes its own).
    """
    colours = colours or (theme.SEAT_COLOURS[0], theme.SEAT_COLOURS[1])
    return _thumbnail(position, max(28, int(size)), colours, theme.LOOK_VERSION)


@functools.lru_cache(maxsize=64)
def _thumbnail(fen: str, size: int, colours: tuple[Colour, Colour], look_version: int) -> pygame.Surface:
    board = Board(fen)
    size = max(28, int(size))
    cell = size // 7
    surface = pygame.Surface((cell * 7, cell * 7), pygame.SRCALPHA)
    for sq in range(49):
        column, row = sq % 7, 6 - sq // 7
        rect = pygame.Rect(column * cell, row * cell, cell, cell)
        if board.blocks >> sq & 1:
            surface.blit(gfx.block_tile(cell, sq % 5), rect)
            continue
        shade = theme.SQUARE_A if (column + row) % 2 == 0 else theme.SQUARE_B
        pygame.draw.rect(surface, shade, rect.inflate(-1, -1), border_radius=max(1, cell // 6))
        side = board.side_at(sq)
        if side is not None:
            diameter = max(3, int(cell * 0.8))
            sprite = gfx.piece_sprite(diameter, colours[side])
            surface.blit(sprite, sprite.get_rect(center=rect.center))
    return surface


def pulse(time_s: float, period: float = 1.2) -> float:
    """A smooth 0..1..0 oscillation for idle highlights."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * time_s / period)
