"""How an Attangle board is written into the kernel's arrays: stacks as codes, the board's shape as one table.

The kernel (``game.ai.attangle.kernel``) reads a position from ``cells`` (one
stack code a point, and the bitboard of the points that hold a stack in
``cells[OCCUPIED]``) and the board's shape from ``geometry``, both made here
in plain Python. A stack code is ``colours << 2 | height``: bit ``i`` of
``colours`` is set when the ``i``-th piece from the bottom is black (0: empty).
"""

from __future__ import annotations

from typing import Any

from game.ai import compiled
from game.engine.attangle.board import STACKS_BY_HEIGHT, Z_BLACK_TO_MOVE, Z_RESERVE, Z_STACK
from game.engine.attangle.geometry import Geometry

Array = Any  # a numpy int64 array when compiled, a list of ints when not

KEY_MASK = compiled.load_pure("game.ai.kernel_common").KEY_MASK
"""The kernels' keys are the board's Zobrist keys cut to 62 bits (read without loading numba)."""

# geometry[...]
G_POINTS, G_TO_WIN, G_PLACEABLE = 0, 1, 2
"""The number of points, the triples that win, the bitboard of the points one may place on."""
G_LINES = 8
"""``geometry[G_LINES + point * 6 + direction]``: the bitboard of the points from ``point`` along
``direction`` (``DIRECTIONS``' order). Directions 0, 4 and 5 (east, south-west, south-east) go to higher
points, so the nearest is the lowest bit; the others to lower ones, the nearest the highest bit."""
G_CENTRAL = G_LINES + 64 * 6
G_ZOBRIST = G_CENTRAL + 64
"""``geometry[G_ZOBRIST + code * 64 + point]``: the key of the stack ``code`` on ``point``."""
G_Z_RESERVE = G_ZOBRIST + 32 * 64
"""``geometry[G_Z_RESERVE + side * 32 + count]``."""
G_Z_BLACK = G_Z_RESERVE + 2 * 32
GEOMETRY_SIZE = G_Z_BLACK + 1
OCCUPIED = 63
"""``cells[OCCUPIED]``: the bitboard of the points that hold a stack (no board has a point 63)."""


def stack_code(stack: str) -> int:
    """The code of a stack given as text, bottom to top (``""`` is 0).

    >>> stack_code(""), stack_code("w"), stack_code("b"), stack_code("wb"), stack_code("bbw")
    (0, 1, 5, 10, 15)
    """
    colours = sum(1 << index for index, piece in enumerate(stack) if piece == "b")
    return colours << 2 | len(stack)


def stack_text(code: int) -> str:
    """The stack of a code, as text (the inverse of ``stack_code``)."""
    return "".join("b" if code >> (2 + index) & 1 else "w" for index in range(code & 3))


def geometry_table(geometry: Geometry, *, as_array: bool) -> Array:
    """The kernel's ``geometry`` for a board: a numpy int64 array, or a list."""
    table = [0] * GEOMETRY_SIZE
    table[G_POINTS] = len(geometry.names)
    table[G_TO_WIN] = geometry.triples_to_win
    table[G_PLACEABLE] = sum(1 << point for point in geometry.placeable)
    for point, rays in enumerate(geometry.rays):
        for direction, ray in enumerate(rays):
            ascending = direction == 0 or direction >= 4
            assert list(ray) == sorted(ray, reverse=not ascending), (
                "the nearest point is the lowest or highest bit"
            )
            table[G_LINES + point * 6 + direction] = sum(1 << other for other in ray)
    for point, (q, r) in enumerate(geometry.coords):
        table[G_CENTRAL + point] = -(abs(q) + abs(r) + abs(q + r))
    for stacks in STACKS_BY_HEIGHT.values():
        for stack in stacks:
            for point in range(len(geometry.names)):
                table[G_ZOBRIST + stack_code(stack) * 64 + point] = Z_STACK[stack][point] & KEY_MASK
    for side in (0, 1):
        for count, key in enumerate(Z_RESERVE[side]):
            table[G_Z_RESERVE + side * 32 + count] = key & KEY_MASK
    table[G_Z_BLACK] = Z_BLACK_TO_MOVE & KEY_MASK
    if as_array:
        import numpy

        return numpy.array(table, dtype=numpy.int64)
    return table


def fill_cells(cells: Array, stacks: list[str]) -> None:
    """Write a board's ``stacks`` (as text, point by point) into ``cells``, with their bitboard."""
    occupied = 0
    for point in range(len(cells)):
        code = stack_code(stacks[point]) if point < len(stacks) else 0
        cells[point] = code
        if code:
            occupied |= 1 << point
    cells[OCCUPIED] = occupied
