"""Small animated diagrams for the rules pages: clone, jump, infection, blocks, pass, end, early finish.

Each diagram is a function of time on the whole board, 7 by 7 as the rules
say, showing a real position (``POSITIONS``, checked with the rules engine by
the tests, with the moves it plays in ``MOVES``): it loops every
``PERIOD`` seconds, so the same moment always looks the same (tests and
screenshots are repeatable). They draw with the game's own sprites and
colours, so they follow the palette and board theme chosen in the options.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Set

import pygame

from game.engine.ataxx import STARTPOS, Board, Side, parse_square, square_file, square_name, square_rank
from game.engine.ataxx import Cell as AtaxxCell
from game.i18n import tr
from game.scenes.ataxx.anim import flip_look
from game.ui import gfx, theme
from game.ui.anim import ease_in_out, ease_out_back, ease_out_cubic
from game.ui.lang import seat_name
from game.ui.textbox import draw_text
from game.ui.theme import Theme

__all__ = ["DIAGRAMS", "MOVES", "PERIOD", "POSITIONS", "SIZE", "cell_of", "draw_diagram", "layout"]

PERIOD = 3.6
SIZE = 7
"""Squares along each side of the diagrams' board: the real board's, as the rules text says."""
R, B = Side.RED, Side.BLUE

Cell = tuple[int, int]  # (column, row) from the top left


class _Patch:
    """A board of ``n`` x ``n`` squares fitted in a rectangle."""

    def __init__(self, surface: pygame.Surface, rect: pygame.Rect, n: int) -> None:
        self.surface = surface
        self.n = n
        # The frame round the squares (a sixth of a square each side) stays inside the rectangle too.
        self.cell = int(min(rect.width, rect.height) / (n + 1 / 3))
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
        self, blocks: Set[Cell] = frozenset(), tint: dict[Cell, tuple[theme.Colour, float]] | None = None
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


def _pulse(t: float, beats: int) -> float:
    """A sine wave beating ``beats`` times a loop: the same at the same moment of every loop."""
    return math.sin(2 * math.pi * beats * (t % PERIOD) / PERIOD)


def _ring(centre: Cell, distance: int, n: int = SIZE) -> list[Cell]:
    cx, cy = centre
    return [(x, y) for x in range(n) for y in range(n) if max(abs(x - cx), abs(y - cy)) == distance]


def cell_of(name: str) -> Cell:
    """The diagram cell (column, row from the top) of a square named as the game names it (``d4``)."""
    sq = parse_square(name)
    return square_file(sq), SIZE - 1 - square_rank(sq)


def layout(fen: str) -> dict[Cell, Side | None]:
    """What each occupied cell of a position holds: a side, or ``None`` for a destroyed square."""
    board = Board(fen)
    held: dict[Cell, Side | None] = {}
    for sq in range(SIZE * SIZE):
        what = board.cell(sq)
        if what is not AtaxxCell.EMPTY:
            held[cell_of(square_name(sq))] = {AtaxxCell.RED: R, AtaxxCell.BLUE: B}.get(what)
    return held


# Each diagram shows a real position on the real board (7 by 7, as the rules say), and plays real
# moves on it: the tests replay them with the rules engine. Text keys: the position, then the moves.
POSITIONS: dict[str, str] = {
    "goal": STARTPOS,
    "clone": "7/7/7/3x3/7/7/6o x 0 1",
    "jump": "7/7/7/3x3/7/7/6o x 0 1",
    "infection": "7/7/3o3/1x1o3/2o4/5o1/7 x 0 1",
    "blocks": "7/7/2-1-2/3x3/2---2/7/6o x 0 1",
    # Blue is walled in a corner and must pass; Red reaches the rest only by jumping (no early finish).
    "passing": "oxx-3/xxx-3/xxx-3/----3/7/7/7 o 0 1",
    "end": "xxooxxo/xxoooxx/oxxxoox/ooxxxoo/xxooxxx/oxxooxo/xxooxx1 o 0 1",
    # Red's last piece is walled in and must pass; Blue can fill every empty square by clones.
    "early_finish": "7/7/2o4/7/4ooo/4o--/4o-x x 0 1",
}
MOVES: dict[str, tuple[str, ...]] = {
    "goal": ("b6", "f6"),
    "clone": ("e5",),
    "jump": ("d4f6",),
    "infection": ("c4",),
    "passing": ("0000", "c5e3"),
    "end": ("g1",),
}


def _pieces(p: _Patch, kind: str, hidden: Set[Cell] = frozenset()) -> None:
    """The pieces of ``kind``'s position, but for ``hidden`` cells (drawn by the diagram itself)."""
    for cell, side in layout(POSITIONS[kind]).items():
        if side is not None and cell not in hidden:
            p.piece(side, cell)


def _blocks_of(kind: str) -> set[Cell]:
    return {cell for cell, side in layout(POSITIONS[kind]).items() if side is None}


def _clone(p: _Patch, t: float) -> None:
    centre, target = cell_of("d4"), cell_of("e5")
    glow = 0.25 + 0.25 * (0.5 + 0.5 * _pulse(t, 2))
    show = _phase(t, 0.2, 0.5)
    tint = {cell: (theme.TARGETS[0], glow * show) for cell in _ring(centre, 1)}
    tint[centre] = (theme.SELECT, 0.45 * show)
    p.board(tint=tint)
    _pieces(p, "clone")
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
    centre, target = cell_of("d4"), cell_of("f6")
    show = _phase(t, 0.2, 0.5)
    tint = {cell: (theme.TARGETS[1], 0.35 * show) for cell in _ring(centre, 2)}
    tint[centre] = (theme.SELECT, 0.45 * show)
    p.board(tint=tint)
    fly = _phase(t, 1.2, 0.8)
    _pieces(p, "jump", hidden={centre} if fly > 0 else set())
    if fly <= 0:
        return
    _leap(p, centre, target, fly)


def _leap(p: _Patch, source: Cell, target: Cell, progress: float) -> None:
    """Red's piece jumping from ``source`` to ``target``, ``progress`` (0..1) of the way: it rises over the
    board and grows as it goes, and comes down on its square."""
    k = ease_in_out(progress)
    start, end = p.centre(source), p.centre(target)
    lift = math.sin(math.pi * k)
    x = start[0] + (end[0] - start[0]) * k
    y = start[1] + (end[1] - start[1]) * k - lift * p.cell * 0.8
    p.piece(R, centre=(x, y), scale=1 + 0.3 * lift)


def _infection(p: _Patch, t: float) -> None:
    target = cell_of("c4")
    victims = [cell_of(name) for name in ("d5", "d4", "c3")]
    p.board(tint={target: (theme.TARGETS[0], 0.4 * _phase(t, 0.2, 0.4))})
    _pieces(p, "infection", hidden=set(victims))
    grow = _phase(t, 0.8, 0.4)
    if grow > 0:
        p.piece(R, target, scale=0.4 + 0.6 * ease_out_back(grow))
    for index, cell in enumerate(victims):
        p.flipping(cell, B, R, _phase(t, 1.3 + index * 0.25, 0.45))


def _blocks(p: _Patch, t: float) -> None:
    blocks = _blocks_of("blocks")
    centre = cell_of("d4")
    pulse = 0.3 + 0.2 * _pulse(t, 2)
    tint = {cell: (theme.TARGETS[0], pulse) for cell in _ring(centre, 1) if cell not in blocks}
    tint.update({cell: (theme.TARGETS[1], pulse * 0.8) for cell in _ring(centre, 2) if cell not in blocks})
    p.board(blocks=blocks, tint=tint)
    _pieces(p, "blocks")
    cross = _phase(t, 1.6, 0.3) * (1 - _phase(t, 2.8, 0.3))
    if cross > 0:
        rect = p.square(cell_of("e5")).inflate(-p.cell // 4, -p.cell // 4)
        colour = theme.lerp_colour((40, 20, 30), theme.DANGER, cross)
        pygame.draw.line(p.surface, colour, rect.topleft, rect.bottomright, max(2, p.cell // 10))
        pygame.draw.line(p.surface, colour, rect.topright, rect.bottomleft, max(2, p.cell // 10))


def _passing(p: _Patch, t: float) -> None:
    stuck, source, target = cell_of("a7"), cell_of("c5"), cell_of("e3")
    p.board(blocks=_blocks_of("passing"), tint={stuck: (theme.DANGER, 0.25 + 0.2 * _pulse(t, 3))})
    fly = _phase(t, 2.0, 0.7)
    _pieces(p, "passing", hidden={source} if fly > 0 else set())
    if fly > 0:  # Red moves again: a jump over the wall, which leaves Blue a square to play next
        _leap(p, source, target, fly)


def _end(p: _Patch, t: float) -> None:
    last = cell_of("g1")
    flipped = [cell_of("f1"), cell_of("f2")]
    p.board()
    _pieces(p, "end", hidden=set(flipped))
    grow = _phase(t, 1.0, 0.4)
    if grow > 0:
        p.piece(B, last, scale=0.4 + 0.6 * ease_out_back(grow))
    for index, cell in enumerate(flipped):
        p.flipping(cell, R, B, _phase(t, 1.5 + index * 0.2, 0.4))


def _early_finish(p: _Patch, t: float) -> None:
    held = layout(POSITIONS["early_finish"])
    blues = [cell for cell, side in held.items() if side is B]
    empty = [(x, y) for y in range(SIZE) for x in range(SIZE) if (x, y) not in held]
    empty.sort(key=lambda cell: min(max(abs(cell[0] - b[0]), abs(cell[1] - b[1])) for b in blues))
    stuck = cell_of("g1")
    p.board(blocks=_blocks_of("early_finish"), tint={stuck: (theme.DANGER, 0.25 + 0.2 * _pulse(t, 3))})
    _pieces(p, "early_finish")
    step = 2.2 / len(empty)  # the whole board fills in the same time however many squares are left
    for index, cell in enumerate(empty):
        grow = _phase(t, 0.8 + index * step, 0.3)
        if grow > 0:
            p.piece(B, cell, scale=0.4 + 0.6 * ease_out_back(grow))


def _goal(p: _Patch, t: float) -> None:
    p.board()
    _pieces(p, "goal")
    grow = _phase(t, 1.0, 0.5)
    if grow > 0:
        p.piece(R, cell_of("b6"), scale=0.4 + 0.6 * ease_out_back(grow))
        p.piece(B, cell_of("f6"), scale=0.4 + 0.6 * ease_out_back(_phase(t, 1.8, 0.5)))


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
    patch = _Patch(surface, area, SIZE)
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
