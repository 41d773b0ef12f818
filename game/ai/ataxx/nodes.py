"""What the Ataxx kernel does at one node: the evaluation, the end's score, a move made, the moves generated.

Part of the Ataxx kernel (``game.ai.ataxx.kernel``, which takes it with
``compiled.companion``), in the same subset of Python numba compiles, and on
the same position: three ints from the side to move (``us``, ``them``,
``empty``), a 62-bit Zobrist ``key`` and ``side`` (0 Red, 1 Blue); a move is
``from << 6 | to`` (a clone has ``from == to``).
"""

from __future__ import annotations

from typing import Any

from game.ai import compiled
from game.ai.limits import WIN_SCORE
from game.engine.ataxx.bits import JUMP_RING, NEIGHBOURS, Z_BLUE_TO_MOVE, Z_FLIP, Z_PIECE

jit = compiled.jit_for(__name__)
popcount, lowest = compiled.primitives_for(__name__)
spread = compiled.functions_for(__name__, "game.engine.ataxx.bits").spread
KEY_MASK = compiled.companion(__name__, "game.ai.kernel_common").KEY_MASK

Array = Any  # a numpy int64 array when compiled, a list of ints when not

Z_SIDE = Z_BLUE_TO_MOVE & KEY_MASK
Z_SQUARE = tuple(key & KEY_MASK for side in Z_PIECE for key in side)
"""``Z_SQUARE[side * 49 + square]``."""
Z_TURN = tuple(key & KEY_MASK for key in Z_FLIP)
"""The key change of the piece on a square changing colour."""

# weights[...]
(
    PIECE,
    EXPOSED,
    MOBILITY,
    EDGE,
    TEMPO,
    MARGIN,
    MATERIAL_ONLY,
    USE_NULL,
    USE_LMR,
    USE_HISTORY,
    USE_FRONTIER,
    USE_FUTILITY,
) = range(12)
_EDGES = sum(1 << sq for sq in range(49) if sq % 7 in (0, 6) or sq // 7 in (0, 6))


@jit
def evaluate(us: int, them: int, empty: int, weights: Array) -> int:
    """The static score for ``us`` (``game.ai.ataxx.evaluate``'s terms)."""
    score = weights[PIECE] * (popcount(us) - popcount(them)) + weights[TEMPO]
    if weights[MATERIAL_ONLY] != 0:
        return score
    if weights[EXPOSED] != 0:
        near_empty = spread(empty)
        score -= weights[EXPOSED] * (popcount(us & near_empty) - popcount(them & near_empty))
    if weights[MOBILITY] != 0:
        score += weights[MOBILITY] * (popcount(spread(us) & empty) - popcount(spread(them) & empty))
    if weights[EDGE] != 0:
        score += weights[EDGE] * (popcount(us & _EDGES) - popcount(them & _EDGES))
    return score


@jit
def count_score(us: int, them: int, ply: int) -> int:
    """The score of a finished game from the side to move."""
    diff = popcount(us) - popcount(them)
    if diff > 0:
        return WIN_SCORE - ply
    if diff < 0:
        return ply - WIN_SCORE
    return 0


@jit
def make(us: int, them: int, empty: int, key: int, side: int, move: int) -> tuple[int, int, int, int]:
    """The child position after ``us`` plays ``move`` (legal, not the pass): ``(us, them, empty, key)`` of the reply."""
    frm = move >> 6
    to = move & 63
    bit = 1 << to
    captured = NEIGHBOURS[to] & them
    key ^= Z_SQUARE[side * 49 + to] ^ Z_SIDE
    flips = captured
    while flips:
        key ^= Z_TURN[lowest(flips)]
        flips &= flips - 1
    if frm == to:
        return them ^ captured, us | bit | captured, empty ^ bit, key
    origin = 1 << frm
    return (
        them ^ captured,
        (us ^ origin) | bit | captured,
        empty ^ bit ^ origin,
        key ^ Z_SQUARE[side * 49 + frm],
    )


@jit
def generate(
    us: int, them: int, empty: int, base: int, moves: Array, keys: Array, history: Array, use_history: int
) -> int:
    """Write every legal move of ``us`` but the pass at ``moves[base:]`` with its ordering key; returns how many.

    The key sorts by pieces infected, then clones before jumps, then jumps
    leaving fewer own pieces next to the vacated square, then the history count.
    """
    count = 0
    targets = spread(us) & empty
    while targets:
        to = lowest(targets)
        targets &= targets - 1
        move = to << 6 | to
        moves[base + count] = move
        order = popcount(NEIGHBOURS[to] & them) << 40 | 1 << 38
        if use_history != 0:
            order |= min(history[move], (1 << 34) - 1)
        keys[base + count] = order
        count += 1
    pieces = us
    while pieces:
        frm = lowest(pieces)
        pieces &= pieces - 1
        targets = JUMP_RING[frm] & empty
        if targets:
            shape = (15 - popcount(NEIGHBOURS[frm] & us)) << 34
            while targets:
                to = lowest(targets)
                targets &= targets - 1
                move = frm << 6 | to
                moves[base + count] = move
                order = popcount(NEIGHBOURS[to] & them) << 40 | shape
                if use_history != 0:
                    order |= min(history[move], (1 << 34) - 1)
                keys[base + count] = order
                count += 1
    return count


@jit
def repeated(path: Array, length: int, key: int, clock: int) -> bool:
    """Whether ``key`` is among the last ``clock`` positions of the path."""
    for index in range(max(0, length - clock), length):  # noqa: SIM110 (a loop numba compiles)
        if path[index] == key:
            return True
    return False
