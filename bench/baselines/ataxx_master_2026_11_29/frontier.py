"""Ataxx's shortcut one ply from the leaves: the best material score a move reaches, without playing one.

Part of the Ataxx kernel (``game.ai.ataxx.kernel``, which takes it with
``compiled.companion``), in the same subset of Python numba compiles. With the
evaluation reduced to material, the best move is the one that infects most,
and bit-sliced counts of the enemy pieces around every empty square find it
without making a move.
"""

from __future__ import annotations

from . import compiled
from .bits import FULL, NOT_FILE_A, NOT_FILE_G
from .limits import WIN_SCORE

jit = compiled.jit_for(__name__)
popcount, lowest = compiled.primitives_for(__name__)
highest = compiled.highest_for(__name__)
spread = compiled.functions_for(__name__, f"{__package__}.bits").spread

NO_SCORE = -(1 << 40)
"""What ``frontier`` answers when the full search must decide (and, in the kernel, no score yet)."""


@jit
def most_infected(squares: int, weight1: int, weight2: int, weight4: int, weight8: int) -> int:
    """The most enemy pieces around one of ``squares`` (not none), whose counts are bit-sliced in the planes
    ``weight1`` to ``weight8``: the squares with the highest bit kept, plane by plane from the top."""
    best = 0
    if squares & weight8:
        squares &= weight8
        best += 8
    if squares & weight4:
        squares &= weight4
        best += 4
    if squares & weight2:
        squares &= weight2
        best += 2
    if squares & weight1:
        best += 1
    return best


@jit
def frontier(
    us: int, them: int, empty: int, clones: int, reach: int, ply: int, piece: int, tempo: int
) -> int:
    """The depth-1 score without playing the moves, or ``NO_SCORE``: ``piece`` a piece more, ``tempo``
    to the side to move (the material evaluation).

    With material alone, the best reply is the move of largest gain: a clone
    gains 1 + 2 per infected piece, a jump 2 per infected piece. The exact
    cases stay with the full search: a board one square from full, and an
    opponent whose mobile pieces fit a 5x5 box (one move could leave it stuck).
    """
    if empty & (empty - 1) == 0:
        return NO_SCORE
    row = empty | ((empty << 1) & NOT_FILE_A) | ((empty >> 1) & NOT_FILE_G)
    mobile = them & spread(row | (row << 7) | (row >> 7))
    if mobile == 0:
        return NO_SCORE
    top = highest(mobile)
    if top // 7 - lowest(mobile) // 7 <= 4:
        files = mobile | (mobile >> 28)
        files |= files >> 14
        files = (files | (files >> 7)) & 127
        if highest(files) - lowest(files) <= 4:
            return NO_SCORE
    # Bit-sliced counts of the enemy pieces around every square: planes of weight 1, 2, 4 and 8.
    left = (them << 1) & NOT_FILE_A
    right = (them >> 1) & NOT_FILE_G
    ones = left ^ them ^ right
    twos = (left & them) | (right & (left ^ them))
    above = ones >> 7
    below = (ones << 7) & FULL
    weight1 = above ^ ones ^ below
    carry = (above & ones) | (below & (above ^ ones))
    above = twos >> 7
    below = (twos << 7) & FULL
    parity = above ^ twos ^ below
    fours = (above & twos) | (below & (above ^ twos))
    weight2 = parity ^ carry
    more = parity & carry
    weight4 = fours ^ more
    weight8 = fours & more
    best_clone = most_infected(clones, weight1, weight2, weight4, weight8) if clones else -1
    jumps = reach & ~clones
    best_jump = most_infected(jumps, weight1, weight2, weight4, weight8) if jumps else -1
    if max(best_clone, best_jump) == popcount(them):
        return WIN_SCORE - ply - 1
    gain = max(2 * best_clone + 1, 2 * best_jump)
    return piece * (popcount(us) - popcount(them) + gain) - tempo
