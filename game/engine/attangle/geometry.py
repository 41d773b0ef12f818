"""The two hexagonal boards of Attangle: points, their names, the six lines through each.

design.md, "Attangle": a hexagon of side 4 (Attangle, 37 points) or 5 (Grand
Attangle, 61 points). Inside, axial coordinates ``(q, r)`` with the centre at
``(0, 0)``, ``r`` growing downward row by row and ``q`` to the right; the
points of side ``n`` are those with ``|q|``, ``|r|`` and ``|q + r|`` at most
``n - 1``. Points are named by row letter and index: rows ``a`` (top,
``r = -(n - 1)``) downward, and in each row the points are numbered from 1 at
the left (smallest ``q``). So the centre is ``d4`` on the small board and
``e5`` on the large one.

Points are numbered row by row from the top left, which is also the order of
their names (``a1`` < ``a2`` < ... < ``b1``) and of the position text.

>>> SMALL.names[SMALL.centre], GRAND.names[GRAND.centre]
('d4', 'e5')
>>> len(SMALL.names), len(GRAND.names), [len(row) for row in SMALL.rows]
(37, 61, [4, 5, 6, 7, 6, 5, 4])
>>> [SMALL.names[p] for p in SMALL.rays[SMALL.index_of["d4"]][0]]  # east of the centre
['d5', 'd6', 'd7']
"""

from __future__ import annotations

import dataclasses
import string
from collections.abc import Mapping

__all__ = ["DIRECTIONS", "GRAND", "SMALL", "Geometry", "geometry_for_rows"]

DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six directions of the three lines, in axial steps: east, north-east, north-west, west, south-west, south-east."""


@dataclasses.dataclass(frozen=True, eq=False)
class Geometry:
    """One board: its points (indices ``0 .. len(names) - 1``), names, lines and starting set-up."""

    side: int
    """Points along each edge: 4 (Attangle) or 5 (Grand Attangle)."""
    coords: tuple[tuple[int, int], ...]
    """The axial ``(q, r)`` of each point."""
    names: tuple[str, ...]
    """The name of each point (``a1``)."""
    index_of: Mapping[str, int]
    """The point of each name."""
    rows: tuple[tuple[int, ...], ...]
    """The points of each row, top row first, left to right."""
    centre: int
    no_placement: frozenset[int]
    """Points nobody may place on (they may be crossed): the centre, and Grand Attangle's six others."""
    placeable: tuple[int, ...]
    """Every other point, in order."""
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    """For each point, the points along each of the six directions (``DIRECTIONS``), nearest first."""
    between: Mapping[tuple[int, int], tuple[int, ...]]
    """For two points on one line, the points strictly between them (nearest the first point first)."""
    pieces_per_side: int
    """How many pieces each player has in all (18 or 27)."""
    triples_to_win: int
    """How many own-topped triples win (3 or 5)."""
    start_stacks: Mapping[int, str]
    """The pieces on the board at the start (Grand Attangle's three each)."""

    @property
    def grand(self) -> bool:
        """Whether this is Grand Attangle's board."""
        return self.side == 5


def _build(
    side: int,
    *,
    pieces: int,
    triples: int,
    no_placement: tuple[tuple[int, int], ...],
    start: Mapping[str, tuple[tuple[int, int], ...]],
) -> Geometry:
    reach = side - 1
    coords: list[tuple[int, int]] = []
    names: list[str] = []
    rows: list[tuple[int, ...]] = []
    for row_number, r in enumerate(range(-reach, reach + 1)):
        row: list[int] = []
        for column, q in enumerate(range(max(-reach, -reach - r), min(reach, reach - r) + 1), start=1):
            row.append(len(coords))
            coords.append((q, r))
            names.append(f"{string.ascii_lowercase[row_number]}{column}")
        rows.append(tuple(row))
    index_of = {name: index for index, name in enumerate(names)}
    at = {coord: index for index, coord in enumerate(coords)}
    rays: list[tuple[tuple[int, ...], ...]] = []
    for q, r in coords:
        point_rays: list[tuple[int, ...]] = []
        for dq, dr in DIRECTIONS:
            ray: list[int] = []
            step = 1
            while (q + dq * step, r + dr * step) in at:
                ray.append(at[q + dq * step, r + dr * step])
                step += 1
            point_rays.append(tuple(ray))
        rays.append(tuple(point_rays))
    between: dict[tuple[int, int], tuple[int, ...]] = {}
    for origin, rays_from_origin in enumerate(rays):
        for line in rays_from_origin:
            for distance, point in enumerate(line):
                between[origin, point] = line[:distance]
    blocked = frozenset(at[coord] for coord in no_placement)
    start_stacks = {at[coord]: symbol for symbol, places in start.items() for coord in places}
    return Geometry(
        side=side,
        coords=tuple(coords),
        names=tuple(names),
        index_of=index_of,
        rows=tuple(rows),
        centre=at[0, 0],
        no_placement=blocked,
        placeable=tuple(point for point in range(len(coords)) if point not in blocked),
        rays=tuple(rays),
        between=between,
        pieces_per_side=pieces,
        triples_to_win=triples,
        start_stacks=start_stacks,
    )


SMALL = _build(4, pieces=18, triples=3, no_placement=((0, 0),), start={})
"""Attangle: side 4, 37 points, 18 pieces each, the centre kept free, three triples win."""
GRAND = _build(
    5,
    pieces=27,
    triples=5,
    no_placement=((0, 0), (1, -3), (3, -2), (-2, -1), (2, 1), (-3, 2), (-1, 3)),
    start={"w": ((2, -3), (-3, 1), (1, 2)), "b": ((-1, -2), (3, -1), (-2, 3))},
)
"""Grand Attangle: side 5, 61 points, 27 pieces each (3 on the board at the start), seven points
kept free, five triples win."""


def geometry_for_rows(count: int) -> Geometry | None:
    """The board whose position text has ``count`` rows (7 or 9), or ``None``."""
    for geometry in (SMALL, GRAND):
        if len(geometry.rows) == count:
            return geometry
    return None
