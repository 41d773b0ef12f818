"""The Ataxx rules at the bit level: masks, spreading, infection, move generation, the end tests.

This module is where the rules live, once. The board (``board.py``), perft
(``perft.py``) and the computer's search (``game.ai.ataxx.search``) all work on
the same three 49-bit ints — ``us`` (the side to move's pieces), ``them`` and
``empty`` (the squares nobody holds; blocks are in none of the three) — and
call these primitives or use these tables. Squares are numbered rank-major
from a1 = 0 to g7 = 48.

>>> bits(spread(1 << 0))  # a1 and its three neighbours
[0, 1, 7, 8]
>>> bits(JUMP_RING[0])
[2, 9, 14, 15, 16]
"""

from __future__ import annotations

import random
from collections.abc import Iterator

__all__ = [
    "FILE_A",
    "FILE_G",
    "FULL",
    "JUMP_RING",
    "NEIGHBOURS",
    "NOT_FILE_A",
    "NOT_FILE_G",
    "SQUARES",
    "Z_BLUE_TO_MOVE",
    "Z_FLIP",
    "Z_PIECE",
    "bits",
    "can_move",
    "capture_keys",
    "clone_targets",
    "count_moves",
    "fill_region",
    "hash_pieces",
    "jump_moves",
    "material_over",
    "may_end",
    "raw_is_legal",
    "spread",
]

SQUARES = range(49)
FULL = (1 << 49) - 1
FILE_A = sum(1 << (rank * 7) for rank in range(7))
FILE_G = FILE_A << 6
NOT_FILE_A = FULL ^ FILE_A
NOT_FILE_G = FULL ^ FILE_G


def _ring_mask(sq: int, distance: int) -> int:
    file_index, rank_index = sq % 7, sq // 7
    mask = 0
    for d_rank in range(-distance, distance + 1):
        for d_file in range(-distance, distance + 1):
            if max(abs(d_rank), abs(d_file)) != distance:
                continue
            f, r = file_index + d_file, rank_index + d_rank
            if 0 <= f < 7 and 0 <= r < 7:
                mask |= 1 << (r * 7 + f)
    return mask


NEIGHBOURS: tuple[int, ...] = tuple(_ring_mask(sq, 1) for sq in SQUARES)
"""For each square, the bitboard of the up to 8 squares at distance 1 (clone targets, infection)."""
JUMP_RING: tuple[int, ...] = tuple(_ring_mask(sq, 2) for sq in SQUARES)
"""For each square, the bitboard of the up to 16 squares at distance 2 (jump targets)."""


def spread(bb: int) -> int:
    """``bb`` together with every square at distance 1 from one of its squares."""
    row = bb | ((bb << 1) & NOT_FILE_A) | ((bb >> 1) & NOT_FILE_G)
    return (row | (row << 7) | (row >> 7)) & FULL


def bits(bb: int) -> list[int]:
    """The squares set in a bitboard, lowest first."""
    squares = []
    while bb:
        low = bb & -bb
        squares.append(low.bit_length() - 1)
        bb ^= low
    return squares


# --- moves ---------------------------------------------------------------------


def clone_targets(us: int, empty: int) -> int:
    """The empty squares ``us`` can clone to: one clone move per square."""
    return spread(us) & empty


def jump_moves(us: int, empty: int) -> Iterator[tuple[int, int]]:
    """Every jump of ``us`` as ``(from, to)``, origins and targets lowest first."""
    pieces = us
    while pieces:
        low = pieces & -pieces
        pieces ^= low
        frm = low.bit_length() - 1
        targets = JUMP_RING[frm] & empty
        while targets:
            target = targets & -targets
            targets ^= target
            yield frm, target.bit_length() - 1


def can_move(pieces: int, empty: int) -> bool:
    """Whether ``pieces`` have a clone or a jump: an empty square within two squares of one."""
    return bool(spread(spread(pieces)) & empty)


def count_moves(us: int, empty: int) -> int:
    """The number of clones and jumps available to ``us``."""
    count = (spread(us) & empty).bit_count()
    ring = JUMP_RING
    while us:
        low = us & -us
        us ^= low
        count += (ring[low.bit_length() - 1] & empty).bit_count()
    return count


def raw_is_legal(us: int, empty: int, frm: int, to: int) -> bool:
    """Whether the clone (``frm == to``) or jump ``frm``-``to`` is legal for ``us`` (never the pass)."""
    if not 0 <= to < 49 or not empty >> to & 1:
        return False
    if frm == to:
        return bool(NEIGHBOURS[to] & us)
    return 0 <= frm < 49 and bool(us >> frm & 1) and bool(JUMP_RING[frm] >> to & 1)


# --- the end of the game -----------------------------------------------------------


def material_over(us: int, them: int, empty: int) -> bool:
    """Whether the game is over by material: a side without pieces, or no empty square."""
    return not us or not them or not empty


def may_end(them: int, empty: int, frm: int, to: int) -> bool:
    """Whether the move ``frm``-``to`` (legal) ends the game or leaves ``them`` stuck."""
    them ^= NEIGHBOURS[to] & them
    empty ^= 1 << to
    if frm != to:
        empty |= 1 << frm
    return not them or not empty or not can_move(them, empty)


def fill_region(pieces: int, empty: int) -> int:
    """The empty squares ``pieces`` could fill by clones alone, one after another.

    An empty square qualifies when it is joined to one of the pieces through
    empty squares (clones only ever fill squares next to a piece). The early
    finish and the search's stuck-side shortcut both rest on this.
    """
    region = spread(pieces) & empty
    while True:
        grown = spread(region) & empty
        if grown == region:
            return region
        region = grown


# --- Zobrist keys --------------------------------------------------------------


def _zobrist_keys() -> tuple[tuple[int, ...], tuple[int, ...], int]:
    # A fixed seed makes hashes reproducible across runs, so they can be stored.
    rng = random.Random(0x41_7A_A8)
    red = tuple(rng.getrandbits(64) for _ in SQUARES)
    blue = tuple(rng.getrandbits(64) for _ in SQUARES)
    return red, blue, rng.getrandbits(64)


_Z_RED, _Z_BLUE, Z_BLUE_TO_MOVE = _zobrist_keys()
Z_PIECE: tuple[tuple[int, ...], tuple[int, ...]] = (_Z_RED, _Z_BLUE)
"""``Z_PIECE[side][square]``: the key of a piece of ``side`` (0 red, 1 blue) on ``square``."""
Z_FLIP: tuple[int, ...] = tuple(r ^ b for r, b in zip(_Z_RED, _Z_BLUE, strict=True))
"""The key change of the piece on a square changing colour (an infection)."""


def hash_pieces(red: int, blue: int, blue_to_move: bool) -> int:
    """The Zobrist hash of a position from scratch (``Board.hash`` keeps it up to date)."""
    key = Z_BLUE_TO_MOVE if blue_to_move else 0
    for sq in bits(red):
        key ^= _Z_RED[sq]
    for sq in bits(blue):
        key ^= _Z_BLUE[sq]
    return key


def capture_keys() -> tuple[dict[int, int], ...]:
    """For each square, the Zobrist change of every set of its neighbours changing colour."""
    tables = []
    for sq in SQUARES:
        table = {0: 0}
        around = bits(NEIGHBOURS[sq])
        for subset in range(1, 1 << len(around)):
            mask = key = 0
            for index, neighbour in enumerate(around):
                if subset >> index & 1:
                    mask |= 1 << neighbour
                    key ^= Z_FLIP[neighbour]
            table[mask] = key
        tables.append(table)
    return tuple(tables)
