"""The level editor's brush: strokes of the mouse painting cells on the draft (mirrored by the symmetry
chosen), the pop of each cell painted, and the preview of the cell under the pointer.

A stroke is one edit of the draft's history, however many cells it paints; a
fast drag paints every square on its line, none skipped.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine.ataxx import Cell, Side
from game.engine.ataxx.level_edit import LevelDraft, Symmetry, mirror_squares
from game.scenes.ataxx.view import BoardView, PieceLook
from game.ui import gfx, theme

__all__ = ["Brush"]

POP_TIME = 0.3
"""Seconds a painted cell's halo takes to fade."""


def _squares_between(start: int, end: int) -> list[int]:
    """The squares on a straight line from ``start`` to ``end`` (a fast drag skips none)."""
    x0, y0, x1, y1 = start % 7, start // 7, end % 7, end // 7
    steps = max(abs(x1 - x0), abs(y1 - y0))
    if steps == 0:
        return [end]
    return [
        round(y0 + (y1 - y0) * i / steps) * 7 + round(x0 + (x1 - x0) * i / steps) for i in range(1, steps + 1)
    ]


class Brush:
    """Paints ``draft`` stroke by stroke; ``play`` sounds each cell painted (by the sound's name)."""

    def __init__(self, draft: LevelDraft, play: Callable[[str], None]) -> None:
        self.draft = draft
        self.play = play
        self.hover: int | None = None
        """The square under the pointer, if any."""
        self.stroke: Cell | None = None
        """The cell the stroke under way paints, or None between strokes."""
        self.stroke_last: int | None = None
        self.pops: dict[int, float] = {}
        """The squares just painted and the seconds left of their halo."""

    def paint(self, sq: int, symmetry: Symmetry) -> None:
        """Go on with the stroke to ``sq``: paint it and the squares on the way, and their mirror images."""
        if self.stroke is None:
            return
        squares = _squares_between(self.stroke_last, sq) if self.stroke_last is not None else [sq]
        for target in squares:
            before = self.draft.snapshot()
            if self.draft.paint(target, self.stroke, symmetry):
                for image in mirror_squares(target, symmetry):
                    if before[0][image] is not self.stroke:
                        self.pops[image] = POP_TIME
                self.play("clone" if self.stroke in (Cell.RED, Cell.BLUE) else "select")
        self.stroke_last = sq

    def begin(self, sq: int, cell: Cell, symmetry: Symmetry) -> None:
        """Start a stroke painting ``cell``, at ``sq``."""
        self.draft.begin_stroke()
        self.stroke = cell
        self.stroke_last = None
        self.paint(sq, symmetry)

    def end(self) -> bool:
        """End the stroke under way, if any; True when it changed the draft."""
        if self.stroke is None:
            return False
        self.stroke = None
        self.stroke_last = None
        return self.draft.end_stroke()

    def update(self, dt: float) -> None:
        """The halos fade by ``dt`` seconds."""
        self.pops = {sq: left - dt for sq, left in self.pops.items() if left > dt}

    def draw_pops(self, surface: pygame.Surface, view: BoardView) -> None:
        """A fading halo on each square just painted."""
        for sq, left in self.pops.items():
            strength = left / POP_TIME
            halo = gfx.glow(int(view.cell * (0.9 - 0.3 * strength)), theme.SELECT, 0.7 * strength)
            surface.blit(
                halo, halo.get_rect(center=view.square_centre(sq)), special_flags=pygame.BLEND_RGB_ADD
            )

    def draw_hover(self, surface: pygame.Surface, view: BoardView, tool: Cell, symmetry: Symmetry) -> None:
        """Between strokes, what ``tool`` would place under the pointer and at its mirror images, ringed."""
        if self.hover is None or self.stroke is not None:
            return
        for index, sq in enumerate(mirror_squares(self.hover, symmetry)):
            if tool in (Cell.RED, Cell.BLUE) and self.draft.cells[sq] is not tool:
                side = Side.RED if tool is Cell.RED else Side.BLUE
                view.draw_piece(surface, sq, PieceLook(side, alpha=110))
            elif tool is Cell.BLOCK and self.draft.cells[sq] is not Cell.BLOCK:
                tile = gfx.block_tile(view.cell, sq % 5).copy()
                tile.set_alpha(120)
                surface.blit(tile, view.square_rect(sq))
            colour = theme.SELECT if index == 0 else theme.lerp_colour(theme.SELECT, theme.ACCENT, 0.6)
            view.ring_square(surface, sq, colour, max(2, view.cell // 22))
