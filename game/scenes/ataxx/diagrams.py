"""Small animated diagrams for the rules pages: clone, jump, infection, blocks, pass, end, early finish.

Each diagram is a function of time on a small patch of board: it loops every
``PERIOD`` seconds, so the same moment always looks the same (tests and
screenshots are repeatable). They draw with the game's own sprites and
colours, so they follow the palette and board theme chosen in the options.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.engine.ataxx import Side
from game.i18n import tr
from game.scenes.ataxx.anim import flip_look
from game.ui import gfx, theme
from game.ui.anim import ease_in_out, ease_out_back, ease_out_cubic
from game.ui.lang import seat_name
from game.ui.textbox import draw_text
from game.ui.theme import Theme

__all__ = ["DIAGRAMS", "PERIOD", "draw_diagram"]

PERIOD = 3.6
R, B = Side.RED, Side.BLUE

Cell = tuple[int, int]  # (column, row) from the top left


class _Patch:
    """A small board of ``n`` x ``n`` squares fitted in a rectangle."""

    def __init__(self, surface: pygame.Surface, rect: pygame.Rect, n: int) -> None:
        self.surface = surface
        self.n = n
        self.cell = min(rect.width, rect.height) // n
        size = self.cell * n
        self.rect = pygame.Rect(0, 0, size, size)
        self.rect.center = rect.center

    def square(self, cell: Cell) -> pygame.Rect:
        return pygame.Rect(
            self.rect.x + cell[0] * self.cell, self.rect.y + cell[1] * self.cell, self.cell, self.cell
        )

    def centre(self, cell: Cell) -> tuple[float, float]:
        return self.square(cell).center

    def board(
        self, blocks: set[Cell] = frozenset(), tint: dict[Cell, tuple[theme.Colour, float]] | None = None
    ) -> None:
        tint = tint or {}
        frame = self.rect.inflate(self.cell // 3, self.cell // 3)
        pygame.draw.rect(self.surface, (12, 15, 34), frame, border_radius=max(4, self.cell // 5))
        pygame.draw.rect(self.surface, theme.BOARD_EDGE, frame, 2, border_radius=max(4, self.cell // 5))
        for column in range(self.n):
            for row in range(self.n):
                rect = self.square((column, row))
                if (column, row) in blocks:
                    self.surface.blit(gfx.block_tile(self.cell, (column * 3 + row) % 5), rect)
                    continue
                base = theme.SQUARE_A if (column + row) % 2 == 0 else theme.SQUARE_B
                colour, amount = tint.get((column, row), (base, 0.0))
                pygame.draw.rect(
                    self.surface,
                    theme.lerp_colour(base, colour, amount),
                    rect.inflate(-max(2, self.cell // 16), -max(2, self.cell // 16)),
                    border_radius=max(3, self.cell // 8),
                )

    def piece(
        self,
        side: Side,
        cell: Cell | None = None,
        *,
        centre: tuple[float, float] | None = None,
        scale: float = 1.0,
        squash: float = 1.0,
        alpha: int = 255,
    ) -> None:
        diameter = int(self.cell * 0.78)
        where = centre if centre is not None else self.centre(cell or (0, 0))
        width, height = max(1, int(diameter * scale)), max(1, int(diameter * scale * squash))
        if width < 2:
            return
        sprite = gfx.piece_sprite(diameter, theme.SEAT_COLOURS[side])
        if (width, height) != sprite.get_size():
            sprite = pygame.transform.smoothscale(sprite, (width, height))
        if alpha < 255:
            sprite = sprite.copy()
            sprite.set_alpha(alpha)
        self.surface.blit(sprite, sprite.get_rect(center=(round(where[0]), round(where[1]))))

    def flipping(self, cell: Cell, old: Side, new: Side, progress: float) -> None:
        if progress <= 0:
            self.piece(old, cell)
        elif progress >= 1:
            self.piece(new, cell)
        else:
            look = flip_look(old, new, progress)
            self.piece(look.side, cell, squash=look.squash)


def _phase(t: float, start: float, length: float) -> float:
    """0 before ``start``, 1 after ``start + length``, linear between (one loop of PERIOD)."""
    t %= PERIOD
    return max(0.0, min(1.0, (t - start) / length))


def _ring(centre: Cell, distance: int, n: int) -> list[Cell]:
    cx, cy = centre
    return [(x, y) for x in range(n) for y in range(n) if max(abs(x - cx), abs(y - cy)) == distance]


def _clone(p: _Patch, t: float) -> None:
    centre, target = (2, 2), (3, 1)
    glow = 0.25 + 0.25 * (0.5 + 0.5 * math.sin(t * 4))
    show = _phase(t, 0.2, 0.5)
    tint = {cell: (theme.CLONE, glow * show) for cell in _ring(centre, 1, 5)}
    tint[centre] = (theme.SELECT, 0.45 * show)
    p.board(tint=tint)
    p.piece(R, centre)
    grow = _phase(t, 1.2, 0.5)
    if grow > 0:
        start, end = p.centre(centre), p.centre(target)
        k = ease_out_cubic(grow)
        p.piece(
            R,
            centre=(start[0] + (end[0] - start[0]) * k, start[1] + (end[1] - start[1]) * k),
            scale=0.4 + 0.6 * ease_out_back(grow),
        )


def _jump(p: _Patch, t: float) -> None:
    centre, target = (2, 2), (4, 0)
    show = _phase(t, 0.2, 0.5)
    tint = {cell: (theme.JUMP, 0.35 * show) for cell in _ring(centre, 2, 5)}
    tint[centre] = (theme.SELECT, 0.45 * show)
    p.board(tint=tint)
    fly = _phase(t, 1.2, 0.8)
    if fly <= 0:
        p.piece(R, centre)
        return
    k = ease_in_out(fly)
    start, end = p.centre(centre), p.centre(target)
    lift = math.sin(math.pi * k)
    x = start[0] + (end[0] - start[0]) * k
    y = start[1] + (end[1] - start[1]) * k - lift * p.cell * 0.8
    p.piece(R, centre=(x, y), scale=1 + 0.3 * lift)


def _infection(p: _Patch, t: float) -> None:
    source, target = (0, 2), (1, 2)
    victims = [(2, 1), (2, 2), (1, 3)]
    p.board(tint={target: (theme.CLONE, 0.4 * _phase(t, 0.2, 0.4))})
    p.piece(B, (4, 4))
    p.piece(R, source)
    grow = _phase(t, 0.8, 0.4)
    if grow > 0:
        p.piece(R, target, scale=0.4 + 0.6 * ease_out_back(grow))
    for index, cell in enumerate(victims):
        p.flipping(cell, B, R, _phase(t, 1.3 + index * 0.25, 0.45))


def _blocks(p: _Patch, t: float) -> None:
    blocks = {(1, 1), (3, 1), (2, 3), (1, 3), (3, 3)}
    centre = (2, 2)
    pulse = 0.3 + 0.2 * math.sin(t * 4)
    tint = {cell: (theme.CLONE, pulse) for cell in _ring(centre, 1, 5) if cell not in blocks}
    tint.update({cell: (theme.JUMP, pulse * 0.8) for cell in _ring(centre, 2, 5) if cell not in blocks})
    p.board(blocks=blocks, tint=tint)
    p.piece(R, centre)
    cross = _phase(t, 1.6, 0.3) * (1 - _phase(t, 2.8, 0.3))
    if cross > 0:
        rect = p.square((3, 1)).inflate(-p.cell // 4, -p.cell // 4)
        colour = theme.lerp_colour((40, 20, 30), theme.DANGER, cross)
        pygame.draw.line(p.surface, colour, rect.topleft, rect.bottomright, max(2, p.cell // 10))
        pygame.draw.line(p.surface, colour, rect.topright, rect.bottomleft, max(2, p.cell // 10))


def _passing(p: _Patch, t: float) -> None:
    reds = [(0, 1), (1, 1), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (3, 0), (3, 1), (3, 2)]
    reds += [(4, 0), (4, 1), (4, 2), (0, 3), (1, 3), (2, 3), (3, 3), (4, 3), (0, 4), (1, 4), (2, 4)]
    blues = [(0, 0)]
    p.board(tint={(0, 0): (theme.DANGER, 0.25 + 0.2 * math.sin(t * 5))})
    for cell in reds:
        p.piece(R, cell)
    for cell in blues:
        p.piece(B, cell)
    grow = _phase(t, 2.0, 0.4)
    if grow > 0:
        p.piece(R, (3, 4), scale=0.4 + 0.6 * ease_out_back(grow))


def _end(p: _Patch, t: float) -> None:
    layout = "RRBBRRBBRRRRBBBBRRRBRRBR."
    p.board()
    for index, char in enumerate(layout):
        cell = (index % 5, index // 5)
        if char == "R":
            p.piece(R, cell)
        elif char == "B":
            p.piece(B, cell)
    grow = _phase(t, 1.0, 0.4)
    if grow > 0:
        p.piece(B, (4, 4), scale=0.4 + 0.6 * ease_out_back(grow))
    p.flipping((3, 4), R, B, _phase(t, 1.5, 0.4))
    p.flipping((3, 3), R, B, _phase(t, 1.7, 0.4))


def _early_finish(p: _Patch, t: float) -> None:
    # Red's piece is walled in (destroyed squares next to it, Blue two squares away):
    # Red must pass, and Blue can fill every empty square by clones.
    blues = [(2, 2), (3, 2), (4, 2), (2, 3), (2, 4), (1, 1)]
    reds = [(4, 4)]
    blocks = {(3, 3), (4, 3), (3, 4)}
    empty = [
        (x, y)
        for y in range(5)
        for x in range(5)
        if (x, y) not in blues and (x, y) not in reds and (x, y) not in blocks
    ]
    empty.sort(key=lambda cell: min(max(abs(cell[0] - b[0]), abs(cell[1] - b[1])) for b in blues))
    p.board(blocks=blocks, tint={(4, 4): (theme.DANGER, 0.25 + 0.2 * math.sin(t * 5))})
    for cell in blues:
        p.piece(B, cell)
    for cell in reds:
        p.piece(R, cell)
    for index, cell in enumerate(empty):
        grow = _phase(t, 0.8 + index * 0.12, 0.3)
        if grow > 0:
            p.piece(B, cell, scale=0.4 + 0.6 * ease_out_back(grow))


def _goal(p: _Patch, t: float) -> None:
    p.board()
    for cell, side in (((0, 0), R), ((4, 4), R), ((4, 0), B), ((0, 4), B)):
        p.piece(side, cell)
    grow = _phase(t, 1.0, 0.5)
    if grow > 0:
        p.piece(R, (1, 1), scale=0.4 + 0.6 * ease_out_back(grow))
        p.piece(B, (3, 3), scale=0.4 + 0.6 * ease_out_back(_phase(t, 1.8, 0.5)))


DIAGRAMS: dict[str, Callable[[_Patch, float], None]] = {
    "goal": _goal,
    "clone": _clone,
    "jump": _jump,
    "infection": _infection,
    "blocks": _blocks,
    "passing": _passing,
    "end": _end,
    "early_finish": _early_finish,
}

_CAPTIONS = {
    "passing": "{side} cannot move: pass",
    "end": "Board full: count the pieces",
    "early_finish": "{side} is stuck: the rest fills in",
}


def draw_diagram(surface: pygame.Surface, rect: pygame.Rect, kind: str, t: float, ui: Theme) -> None:
    """Draw diagram ``kind`` at time ``t`` (seconds) inside ``rect``, with its caption if any."""
    caption = _CAPTIONS.get(kind)
    size = max(10, rect.height // 14)
    area = rect.inflate(0, -(size * 2 + 8)) if caption else rect
    if caption:
        area.y = rect.y
    patch = _Patch(surface, area, 5)
    DIAGRAMS[kind](patch, t)
    if caption:
        side = seat_name(B) if kind == "passing" else seat_name(R)
        box = pygame.Rect(rect.x, patch.rect.bottom + size // 2, rect.width, 0)
        box.height = rect.bottom - box.y
        draw_text(
            surface,
            ui,
            tr(caption, side=side),
            "body",
            size,
            theme.TEXT_DIM,
            box,
            bold=True,
            align="center",
            valign="middle",
            spacing=0.0,
        )
