"""What every search kernel shares: the tables' layout, the table's entries, the move picker, the line and the stop checks.

Written, as a kernel is, in the part of Python that numba compiles
(``game.ai.compiled``). A kernel takes it with ``compiled.companion(__name__,
"game.ai.kernel_common")``, so that a kernel's plain-Python copy calls this
module's plain-Python copy, and binds the names it uses.

The tables (``new_tables``) are flat int arrays, numpy arrays when compiled,
lists when not:

- ``tt_keys``, ``tt_data``: the transposition table, a power of two of slots
  (a key of -1 is no position); an entry's data packs the move (19 bits), the
  depth (7), the bound (2), the search's generation (8) and the score
  (offset), as ``entry`` writes them;
- ``killers``: two a ply;
- ``pv`` and ``pv_len``: the triangular principal-variation table, ``PLIES``
  a row;
- ``stats``: counters and flags, the ones every kernel has first (``NODES``
  to ``CHECK_EVERY``), a kernel's own from ``STATS_OWN``;
- ``weights``: a kernel's evaluation weights and switches, below ``ZERO``.

A kernel adds its own (move lists, history, ...) by name and size.
"""

from __future__ import annotations

from typing import Any

from game.ai import compiled
from game.ai.limits import MAX_PLY, WIN_BOUND, WIN_SCORE

jit = compiled.jit_for(__name__)

Array = Any  # a numpy int64 array when compiled, a list of ints when not

KEY_MASK = (1 << 62) - 1
"""The search's keys are the board's Zobrist keys cut to 62 bits: they stay positive 64-bit ints."""
INFINITY = WIN_SCORE + 1
PLIES = MAX_PLY + 4
EXACT, LOWER, UPPER = 0, 1, 2

# A table entry's data, from the lowest bit.
MOVE_MASK = (1 << 19) - 1
DEPTH_SHIFT = 19
FLAG_SHIFT = 26
GENERATION_SHIFT = 28
SCORE_SHIFT = 36
SCORE_OFFSET = 1 << 20
"""Added to a score before it is packed, so the packed score is never negative."""

# stats[...]: every kernel's; a kernel numbers its own from STATS_OWN.
(NODES, ABORT, NODE_LIMIT, NEXT_CHECK, STOP, CHECK_EVERY) = range(6)
STATS_OWN = 6
STATS_SIZE = 16
WEIGHTS_SIZE = 32
ZERO, ONE = 12, 13
# ``weights[ZERO]`` is 0 and ``weights[ONE]`` is 1: the 0/1 arguments of a kernel's recursive search are
# read from there, never written as literals. numba compiles a version of a function for each literal
# argument, and cannot find the versions a recursive function made for itself when it reloads them from
# its cache.


@jit
def entry(move: int, depth: int, flag: int, generation: int, score: int, ply: int) -> int:
    """A table entry's data; a decided ``score`` (from the side to move at ``ply``) is kept as plies from this node."""
    if score > WIN_BOUND:
        score += ply
    elif score < -WIN_BOUND:
        score -= ply
    return (
        (score + SCORE_OFFSET) << SCORE_SHIFT
        | generation << GENERATION_SHIFT
        | flag << FLAG_SHIFT
        | depth << DEPTH_SHIFT
        | move
    )


@jit
def entry_depth(data: int) -> int:
    """The depth an entry was searched to."""
    return (data >> DEPTH_SHIFT) & 127


@jit
def entry_generation(data: int) -> int:
    """The search (``stats``' generation, modulo 256) that wrote an entry."""
    return (data >> GENERATION_SHIFT) & 255


@jit
def entry_score(data: int, ply: int) -> int:
    """An entry's score, seen from ``ply`` (a decided one counts the plies from the root again)."""
    score = (data >> SCORE_SHIFT) - SCORE_OFFSET
    if score > WIN_BOUND:
        score -= ply
    elif score < -WIN_BOUND:
        score += ply
    return score


@jit
def entry_answers(data: int, score: int, alpha: int, beta: int) -> bool:
    """Whether an entry's ``score`` (``entry_score``) answers the window: exact, or a bound outside it."""
    flag = (data >> FLAG_SHIFT) & 3
    return flag == EXACT or (score >= beta if flag == LOWER else score <= alpha)


@jit
def pick(moves: Array, keys: Array, base: int, index: int, count: int) -> int:
    """Bring the best-keyed of ``moves[base + index : base + count]`` to ``base + index`` and return it."""
    best = base + index
    best_key = keys[best]
    for other in range(base + index + 1, base + count):
        if keys[other] > best_key:
            best = other
            best_key = keys[other]
    if best != base + index:
        keys[best] = keys[base + index]
        keys[base + index] = best_key
        move = moves[best]
        moves[best] = moves[base + index]
        moves[base + index] = move
    return moves[base + index]


@jit
def checkpoint(stats: Array) -> None:
    """Every ``stats[CHECK_EVERY]`` nodes: abort if another thread asked to stop or the node budget is spent."""
    stats[NEXT_CHECK] = stats[NODES] + stats[CHECK_EVERY]
    if stats[STOP] != 0:
        stats[ABORT] = 1
    limit = stats[NODE_LIMIT]
    if limit > 0:
        if stats[NODES] >= limit:
            stats[ABORT] = 1
        elif stats[NEXT_CHECK] > limit:
            stats[NEXT_CHECK] = limit


@jit
def extend_pv(pv: Array, pv_len: Array, ply: int, move: int) -> None:
    """The line at ``ply`` becomes ``move`` followed by the line at ``ply + 1``."""
    row = ply * PLIES
    child = row + PLIES
    length = pv_len[ply + 1]
    pv[row] = move
    for index in range(length):
        pv[row + 1 + index] = pv[child + index]
    pv_len[ply] = length + 1


def new_tables(slots: int, no_move: int, sizes: dict[str, int], *, as_arrays: bool) -> dict[str, Array]:
    """Fresh search tables with ``slots`` (a power of two) table entries and a kernel's own ``sizes``:
    numpy arrays or lists. No position in the table, ``no_move`` as every killer, ``weights[ONE]`` 1,
    every other value 0."""
    every = {
        "tt_keys": slots,
        "tt_data": slots,
        "killers": 2 * PLIES,
        "pv": PLIES * PLIES,
        "pv_len": PLIES,
        "stats": STATS_SIZE,
        "weights": WEIGHTS_SIZE,
        **sizes,
    }
    tables: dict[str, Array]
    if as_arrays:
        import numpy

        tables = {name: numpy.zeros(size, dtype=numpy.int64) for name, size in every.items()}
        tables["tt_keys"][:] = -1
        tables["killers"][:] = no_move
    else:
        tables = {name: [0] * size for name, size in every.items()}
        tables["tt_keys"] = [-1] * slots
        tables["killers"] = [no_move] * (2 * PLIES)
    tables["weights"][ONE] = 1
    return tables
