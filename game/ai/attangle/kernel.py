"""The Attangle search's inner loop: principal-variation search on flat int arrays.

This is the part of ``game.ai.attangle.search`` that runs hundreds of
thousands of times a second: written in the subset of Python that numba
compiles (ints, tuples of ints, flat arrays, direct recursion), so it runs
compiled when numba is there and as plain Python when it is not
(``game.ai.compiled``). The iterative deepening loop, the time limits and the
conversion from and to ``Board`` stay in Python, in ``search.py``; one call
of ``pvs`` searches the root to one depth.

It searches the same tree as the generic alpha-beta (``game.ai.alphabeta``)
with Attangle's heuristics (``game.ai.attangle.evaluate``): the same moves in
the same order, the same table (its keys are the board's own Zobrist keys,
cut to 62 bits), killers, reductions and history, so the same scores and node
counts at a fixed depth with a table of the same size; it is only faster.

A position is the array ``cells`` (one stack code a point, and the bitboard
of the points that hold a stack in ``cells[OCCUPIED]``) and ints from the side
to move: ``side`` (0 White, 1 Black), the reserves ``res_us`` and
``res_them``, the own-topped triples ``tri_us`` and ``tri_them``, and the key.
A stack code is ``colours << 2 | height``: bit ``i`` of ``colours`` is set when
the ``i``-th piece from the bottom is black (0: empty). Moves are the board's
raw moves: a placement is the point, a capture
``target | first << 6 | second << 12 | CAPTURE``. ``make`` changes ``cells`` in
place; the caller puts back the (at most three) codes it changed.

The board's shape is the array ``geometry`` (``geometry_table``): its size,
the six lines from every point as bitboards (the first stack seen along one is
its lowest or highest bit), the points one may place on, each point's
distance from the centre (the placements' order) and the Zobrist keys. The search state is a handful of flat arrays (numpy arrays when
compiled, lists when not: both index the same way), made by ``new_tables``:

- ``tt_keys``, ``tt_data``: the transposition table, a power of two of slots;
  ``tt_data`` packs the move (19 bits), the depth (7), the bound (2) and the
  score (offset, from bit 28);
- ``killers`` (two a ply), ``history`` (a count for each side's placement on
  each point);
- ``pv`` and ``pv_len``: the triangular principal-variation table;
- ``moves`` and ``keys``: each ply's move list and its ordering keys;
- ``stats``: counters and flags (``NODES``, ``ABORT``, ``STOP`` — set by
  another thread to stop the search within ``stats[CHECK_EVERY]`` nodes — and
  ``ROOT_SCORE``, the score of the root's line);
- ``weights``: the evaluation's weights (``EvalWeights``) and the search's
  switches.

Scores are from the side to move, in points where a triple is 1000; a decided
game scores ``±(WIN_SCORE - ply)``, as in ``game.ai.limits`` (a turn is a ply:
seats alternate every move).
"""

from __future__ import annotations

from typing import Any

from game.ai import compiled
from game.ai.limits import MAX_PLY, WIN_BOUND, WIN_SCORE
from game.engine.attangle.board import CAPTURE, STACKS_BY_HEIGHT, Z_BLACK_TO_MOVE, Z_RESERVE, Z_STACK
from game.engine.attangle.geometry import Geometry

jit = compiled.jit_for(__name__)
lowest = compiled.primitives_for(__name__)[1]
highest = compiled.highest_for(__name__)

Array = Any  # a numpy int64 array when compiled, a list of ints when not

KEY_MASK = (1 << 62) - 1
"""The search's keys are the board's Zobrist keys cut to 62 bits: they stay positive 64-bit ints."""
MOVE_MASK = (1 << 19) - 1
NO_MOVE = MOVE_MASK
"""No move (in the table and the killers): no raw move has every bit set (points are below 61)."""
INFINITY = WIN_SCORE + 1
MOVES_PER_PLY = 1024
"""Room for one ply's moves: at most 54 placements and, on 61 points, far fewer than 960 captures."""
PLIES = MAX_PLY + 4
CHECK_INTERVAL = {True: 2048, False: 256}
"""Nodes between two looks at the stop flag (``stats[CHECK_EVERY]``), compiled or not: a few milliseconds."""
EXACT, LOWER, UPPER = 0, 1, 2
SCORE_OFFSET = 1 << 20
HISTORY_CAP = (1 << 29) - 1
"""A history count never grows past this (its bits in the ordering key)."""

# Ordering keys, highest first (the table's move comes before them all, tried before the others are
# generated): the killers, captures (building a triple first), then placements by history and nearness
# to the centre; the raw move breaks ties (higher first), as the generic search's sort of ``(key, raw)``
# pairs does.
KILLER_BONUS = 1 << 61
SECOND_KILLER_BONUS = 1 << 60
FRONT = SECOND_KILLER_BONUS
"""Keys from this up are the killers: like the table's move, never reduced."""
CAPTURE_KEY = 1 << 58
TRIPLE_KEY = 1 << 57

# stats[...]
(NODES, ABORT, NODE_LIMIT, NEXT_CHECK, STOP, CHECK_EVERY, ROOT_SCORE) = range(7)
STATS_SIZE = 8
# weights[...]: EvalWeights' fields in order, then the search's switches
(
    TRIPLE,
    TRIPLE_NOW,
    TRIPLE_THREAT,
    CAPTURE_NOW,
    CAPTURE_THREAT,
    SINGLE,
    DOUBLE,
    RESERVE,
    LOW_RESERVE,
    ATTACKER,
    LMR_PLIES,
    USE_HISTORY,
    ZERO,
    ONE,
) = range(14)
WEIGHTS_SIZE = 16
# ``weights[ZERO]`` is 0 and ``weights[ONE]`` is 1: the 0/1 arguments of ``pvs`` are read from there,
# never written as literals. numba compiles a version of a function for each literal argument, and
# cannot find the versions a recursive function made for itself when it reloads them from its cache.

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


@jit
def top(code: int) -> int:
    """The colour on top of a stack that is not empty: 0 White, 1 Black."""
    return (code >> (1 + (code & 3))) & 1


@jit
def first_seen(occupied: int, point: int, direction: int, geometry: Array) -> int:
    """The first point holding a stack from ``point`` along ``direction``, or -1."""
    seen = geometry[G_LINES + point * 6 + direction] & occupied
    if seen == 0:
        return -1
    if direction == 0 or direction >= 4:
        return lowest(seen)
    return highest(seen)


@jit
def evaluate(
    cells: Array,
    side: int,
    res_us: int,
    res_them: int,
    tri_us: int,
    tri_them: int,
    geometry: Array,
    weights: Array,
) -> int:
    """The static score for the side to move (``AttangleHeuristics.evaluate``, exactly); the game must go on."""
    # For the side to move (me) and the other (you): material, the targets each can take, of which ones
    # that build a triple, and the enemy stacks its stacks see.
    material = takes_me = takes_you = triple_takes_me = triple_takes_you = seen = 0
    single = weights[SINGLE]
    double = weights[DOUBLE]
    occupied = cells[OCCUPIED]
    stacks = occupied
    while stacks != 0:
        target = lowest(stacks)
        stacks &= stacks - 1
        code = cells[target]
        height = code & 3
        if height == 3:
            continue
        owner = top(code)
        worth = single if height == 1 else double
        material += worth if owner == side else -worth
        enemy = 1 - owner
        singles = doubles = 0
        for direction in range(6):
            point = first_seen(occupied, target, direction, geometry)
            if point >= 0:
                other = cells[point]
                if top(other) == enemy:
                    size = other & 3
                    if size == 1:
                        singles += 1
                    elif size == 2:
                        doubles += 1
        takes = 0
        triple_takes = 0
        if height == 1:
            if singles != 0 and doubles != 0:
                triple_takes = 1
            elif singles >= 2:
                takes = 1
        elif singles >= 2:
            triple_takes = 1
        if enemy == side:
            seen += singles + doubles
            takes_me += takes
            triple_takes_me += triple_takes
        else:
            seen -= singles + doubles
            takes_you += takes
            triple_takes_you += triple_takes
    score = weights[TRIPLE] * (tri_us - tri_them) + material
    score += weights[RESERVE] * (res_us - res_them)
    score -= weights[LOW_RESERVE] * (max(0, 3 - res_us) - max(0, 3 - res_them))
    score += weights[ATTACKER] * seen
    if triple_takes_me != 0:
        score += weights[TRIPLE_NOW]
    elif takes_me != 0:
        score += weights[CAPTURE_NOW]
    if triple_takes_you != 0:
        threat = weights[TRIPLE_THREAT]
        score -= threat + (threat // 2) * (triple_takes_you - 1)
    score -= weights[CAPTURE_THREAT] * min(takes_you, 3)
    return score


@jit
def generate(
    cells: Array,
    side: int,
    res_us: int,
    tri_us: int,
    tri_them: int,
    base: int,
    moves: Array,
    keys: Array,
    history: Array,
    use_history: int,
    geometry: Array,
) -> int:
    """Write every legal move of the side to move at ``moves[base:]`` with its ordering key; returns how many.

    None when a side has its winning triples (the game is over). The moves
    are ``Board.raw_moves()``'s (not in its order); the keys sort them as
    ``AttangleHeuristics.order`` does, placements by history first when
    ``use_history``.
    """
    to_win = geometry[G_TO_WIN]
    if tri_us >= to_win or tri_them >= to_win:
        return 0
    count = 0
    occupied = cells[OCCUPIED]
    if res_us > 0:
        free = geometry[G_PLACEABLE] & ~occupied
        while free != 0:
            point = lowest(free)
            free &= free - 1
            moves[base + count] = point
            key = (geometry[G_CENTRAL + point] + 64) << 20 | point
            if use_history != 0:
                key |= history[side * 64 + point] << 28
            keys[base + count] = key
            count += 1
    stacks = occupied
    while stacks != 0:
        target = lowest(stacks)
        stacks &= stacks - 1
        code = cells[target]
        height = code & 3
        if height == 3 or top(code) == side:
            continue
        # The first stack along each of the six lines, when it is the mover's and can move (not a triple).
        found = 0
        attackers = 0  # up to six points, six bits each
        for direction in range(6):
            point = first_seen(occupied, target, direction, geometry)
            if point >= 0:
                other = cells[point]
                if (other & 3) < 3 and top(other) == side:
                    attackers |= point << (6 * found)
                    found += 1
        if found < 2:
            continue
        room = 4 - height  # the attackers' heights together, at most
        for i in range(found - 1):
            one = (attackers >> (6 * i)) & 63
            one_height = cells[one] & 3
            for j in range(i + 1, found):
                other = (attackers >> (6 * j)) & 63
                if one_height + (cells[other] & 3) <= room:
                    first = min(one, other)
                    second = max(one, other)
                    move = target | first << 6 | second << 12 | CAPTURE
                    moves[base + count] = move
                    key = CAPTURE_KEY | move
                    if height + one_height + (cells[other] & 3) == 4:
                        key |= TRIPLE_KEY
                    keys[base + count] = key
                    count += 1
    return count


@jit
def has_move(cells: Array, side: int, res_us: int, tri_us: int, tri_them: int, geometry: Array) -> bool:
    """Whether the side to move has a legal move (``Board.has_legal_move``)."""
    to_win = geometry[G_TO_WIN]
    if tri_us >= to_win or tri_them >= to_win:
        return False
    occupied = cells[OCCUPIED]
    if res_us > 0 and geometry[G_PLACEABLE] & ~occupied != 0:
        return True
    stacks = occupied
    while stacks != 0:
        target = lowest(stacks)
        stacks &= stacks - 1
        code = cells[target]
        height = code & 3
        if height == 3 or top(code) == side:
            continue
        singles = doubles = 0
        for direction in range(6):
            point = first_seen(occupied, target, direction, geometry)
            if point >= 0:
                other = cells[point]
                if top(other) == side:
                    size = other & 3
                    if size == 1:
                        singles += 1
                    elif size == 2:
                        doubles += 1
        # Two singles take a single or a double; a single and a double take a single.
        if singles >= 2 or (height == 1 and singles >= 1 and doubles >= 1):
            return True
    return False


@jit
def make(
    cells: Array, side: int, res_us: int, tri_us: int, key: int, move: int, geometry: Array
) -> tuple[int, int, int]:
    """Play the legal ``move`` on ``cells``: the child's key, and the mover's reserve and triples after it.

    The taller attacker lands on the target, the single's piece goes back to the
    reserve (``Board.push_raw``); the key changes as the board's hash does.
    The caller puts back the codes of the points the move names, and
    ``cells[OCCUPIED]``.
    """
    reserves = G_Z_RESERVE + side * 32
    key ^= geometry[G_Z_BLACK] ^ geometry[reserves + res_us]
    target = move & 63
    if move & CAPTURE:
        first = (move >> 6) & 63
        second = (move >> 12) & 63
        under = cells[target]
        one = cells[first]
        other = cells[second]
        taller = one if (one & 3) >= (other & 3) else other
        under_height = under & 3
        height = under_height + (taller & 3)
        stack = ((under >> 2) | ((taller >> 2) << under_height)) << 2 | height
        key ^= (
            geometry[G_ZOBRIST + under * 64 + target]
            ^ geometry[G_ZOBRIST + stack * 64 + target]
            ^ geometry[G_ZOBRIST + one * 64 + first]
            ^ geometry[G_ZOBRIST + other * 64 + second]
        )
        cells[target] = stack
        cells[first] = 0
        cells[second] = 0
        cells[OCCUPIED] ^= (1 << first) | (1 << second)
        res_us += 1
        if height == 3:
            tri_us += 1
    else:
        single = 1 | side << 2
        cells[target] = single
        cells[OCCUPIED] |= 1 << target
        key ^= geometry[G_ZOBRIST + single * 64 + target]
        res_us -= 1
    return key ^ geometry[reserves + res_us], res_us, tri_us


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
def _mark_killers(moves: Array, keys: Array, base: int, count: int, killer0: int, killer1: int) -> None:
    """Raise the killers' ordering keys: they come first (after the table's move)."""
    for index in range(base, base + count):
        move = moves[index]
        if move == killer0:
            keys[index] |= KILLER_BONUS
        elif move == killer1:
            keys[index] |= SECOND_KILLER_BONUS


@jit
def _drop(moves: Array, keys: Array, base: int, count: int, move: int) -> int:
    """Take ``move`` (already searched, or ``NO_MOVE``) out of ``moves[base : base + count]``; the new count."""
    if move == NO_MOVE:
        return count
    for index in range(base, base + count):
        if moves[index] == move:
            last = base + count - 1
            moves[index] = moves[last]
            keys[index] = keys[last]
            return count - 1
    return count


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
def _extend_pv(pv: Array, pv_len: Array, ply: int, move: int) -> None:
    """The line at ``ply`` becomes ``move`` followed by the line at ``ply + 1``."""
    row = ply * PLIES
    child = row + PLIES
    length = pv_len[ply + 1]
    pv[row] = move
    for index in range(length):
        pv[row + 1 + index] = pv[child + index]
    pv_len[ply] = length + 1


@jit
def pvs(
    cells: Array,
    side: int,
    res_us: int,
    res_them: int,
    tri_us: int,
    tri_them: int,
    key: int,
    depth: int,
    alpha: int,
    beta: int,
    ply: int,
    pv_node: int,
    tt_keys: Array,
    tt_data: Array,
    killers: Array,
    history: Array,
    pv: Array,
    pv_len: Array,
    moves: Array,
    keys: Array,
    stats: Array,
    weights: Array,
    geometry: Array,
) -> int:
    """The score of the position for the side to move within ``alpha``..``beta`` (fail-soft); 0 when aborted.

    ``game.ai.alphabeta.AlphaBeta._search``, node for node. The caller must
    look at ``stats[ABORT]`` after every call: an aborted search's scores mean
    nothing (``cells`` is always put back as it was).
    """
    no = weights[ZERO]
    stats[NODES] += 1
    if stats[NODES] >= stats[NEXT_CHECK]:
        checkpoint(stats)
        if stats[ABORT] != 0:
            return 0
    if pv_node != 0:
        pv_len[ply] = 0
    if depth <= 0:
        # A leaf lists no moves: it only asks whether there is one (a side without loses).
        if not has_move(cells, side, res_us, tri_us, tri_them, geometry):
            return ply - WIN_SCORE
        return evaluate(cells, side, res_us, res_them, tri_us, tri_them, geometry, weights)
    base = ply * MOVES_PER_PLY
    use_history = weights[USE_HISTORY]
    if ply >= MAX_PLY:
        if (
            generate(cells, side, res_us, tri_us, tri_them, base, moves, keys, history, use_history, geometry)
            == 0
        ):
            return ply - WIN_SCORE
        return evaluate(cells, side, res_us, res_them, tri_us, tri_them, geometry, weights)

    # The transposition table, before the moves: only positions with moves are stored, and the table's
    # move is tried before the others are generated (often it is all a node needs).
    slot = key & (len(tt_keys) - 1)
    tt_move = NO_MOVE
    known = tt_keys[slot] == key
    known_depth = -1
    if known:
        data = tt_data[slot]
        tt_move = data & MOVE_MASK
        known_depth = (data >> 19) & 127
        if pv_node == 0 and known_depth >= depth:
            score = (data >> 28) - SCORE_OFFSET
            if score > WIN_BOUND:
                score -= ply
            elif score < -WIN_BOUND:
                score += ply
            flag = (data >> 26) & 3
            if flag == EXACT or (score >= beta if flag == LOWER else score <= alpha):
                return score
    killer0 = killers[2 * ply]
    killer1 = killers[2 * ply + 1]
    count = -1  # not generated yet
    if tt_move == NO_MOVE or use_history != 0:  # the history is read before the table's move changes it
        count = generate(
            cells, side, res_us, tri_us, tri_them, base, moves, keys, history, use_history, geometry
        )
        if count == 0:
            return ply - WIN_SCORE
        count = _drop(moves, keys, base, count, tt_move)
        _mark_killers(moves, keys, base, count, killer0, killer1)

    # The moves, best first: the table move, the killers, then by ordering key.
    reduction_plies = weights[LMR_PLIES] if depth >= 3 else 0
    original_alpha = alpha
    best = -INFINITY
    best_move = NO_MOVE
    searched = 0
    table_first = 1 if tt_move != NO_MOVE else 0
    while True:
        if searched < table_first:
            move = tt_move
            front = True
        else:
            if count < 0:
                count = generate(
                    cells, side, res_us, tri_us, tri_them, base, moves, keys, history, use_history, geometry
                )
                count = _drop(moves, keys, base, count, tt_move)
                _mark_killers(moves, keys, base, count, killer0, killer1)
            if searched - table_first >= count:
                break
            move = pick(moves, keys, base, searched - table_first, count)
            front = keys[base + searched - table_first] >= FRONT
        capture = move & CAPTURE != 0
        reduction = 0
        if reduction_plies > 0 and searched >= 3 and not capture and not front:
            reduction = reduction_plies
        target = move & 63
        first = (move >> 6) & 63
        second = (move >> 12) & 63
        old_target = cells[target]
        old_first = cells[first]
        old_second = cells[second]
        old_occupied = cells[OCCUPIED]
        child_key, child_reserve, child_triples = make(cells, side, res_us, tri_us, key, move, geometry)
        if searched == 0:
            score = -pvs(
                cells, 1 - side, res_them, child_reserve, tri_them, child_triples, child_key, depth - 1, -beta,
                -alpha, ply + 1, pv_node, tt_keys, tt_data, killers, history, pv, pv_len, moves, keys, stats,
                weights, geometry,
            )  # fmt: skip
        else:  # a null window: only whether the move beats alpha
            score = -pvs(
                cells, 1 - side, res_them, child_reserve, tri_them, child_triples, child_key,
                depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, no, tt_keys, tt_data, killers, history, pv,
                pv_len, moves, keys, stats, weights, geometry,
            )  # fmt: skip
            if reduction != 0 and score > alpha and stats[ABORT] == 0:  # it might: as deep as the others
                score = -pvs(
                    cells, 1 - side, res_them, child_reserve, tri_them, child_triples, child_key, depth - 1,
                    -alpha - 1, -alpha, ply + 1, no, tt_keys, tt_data, killers, history, pv, pv_len, moves, keys,
                    stats, weights, geometry,
                )  # fmt: skip
            if alpha < score < beta and stats[ABORT] == 0:  # it does, at a PV node: its exact score
                score = -pvs(
                    cells, 1 - side, res_them, child_reserve, tri_them, child_triples, child_key, depth - 1,
                    -beta, -alpha, ply + 1, pv_node, tt_keys, tt_data, killers, history, pv, pv_len, moves, keys,
                    stats, weights, geometry,
                )  # fmt: skip
        cells[target] = old_target
        cells[OCCUPIED] = old_occupied
        if capture:
            cells[first] = old_first
            cells[second] = old_second
        if stats[ABORT] != 0:
            return 0
        searched += 1
        if score > best:
            best = score
            best_move = move
            if score > alpha:
                alpha = score
                if pv_node != 0:
                    _extend_pv(pv, pv_len, ply, move)
                    if ply == 0:
                        stats[ROOT_SCORE] = score
                if score >= beta:
                    if move != killer0:
                        killers[2 * ply + 1] = killer0
                        killers[2 * ply] = move
                    if use_history != 0 and not capture:
                        counted = side * 64 + move
                        history[counted] = min(HISTORY_CAP, history[counted] + depth * depth)
                    break

    stored = best  # a decided score is stored as plies from this node
    if stored > WIN_BOUND:
        stored += ply
    elif stored < -WIN_BOUND:
        stored -= ply
    if best <= original_alpha:
        flag = UPPER
    elif best >= beta:
        flag = LOWER
    else:
        flag = EXACT
    # Another position's entry always gives way; this one's only to a search as deep (as read above).
    if not known or depth >= known_depth:
        tt_keys[slot] = key
        tt_data[slot] = (stored + SCORE_OFFSET) << 28 | flag << 26 | depth << 19 | best_move
    return best


@jit
def score_move(
    cells: Array,
    side: int,
    res_us: int,
    res_them: int,
    tri_us: int,
    tri_them: int,
    key: int,
    move: int,
    depth: int,
    alpha: int,
    beta: int,
    tt_keys: Array,
    tt_data: Array,
    killers: Array,
    history: Array,
    pv: Array,
    pv_len: Array,
    moves: Array,
    keys: Array,
    stats: Array,
    weights: Array,
    geometry: Array,
) -> int:
    """The score of the legal root ``move`` searched to ``depth`` (1: the move alone) within ``alpha``..``beta``."""
    yes = weights[ONE]
    target = move & 63
    first = (move >> 6) & 63
    second = (move >> 12) & 63
    old_target = cells[target]
    old_first = cells[first]
    old_second = cells[second]
    old_occupied = cells[OCCUPIED]
    child_key, child_reserve, child_triples = make(cells, side, res_us, tri_us, key, move, geometry)
    score = -pvs(
        cells, 1 - side, res_them, child_reserve, tri_them, child_triples, child_key, depth - 1, -beta, -alpha,
        yes, yes, tt_keys, tt_data, killers, history, pv, pv_len, moves, keys, stats, weights, geometry,
    )  # fmt: skip
    cells[target] = old_target
    cells[OCCUPIED] = old_occupied
    if move & CAPTURE:
        cells[first] = old_first
        cells[second] = old_second
    return score


@jit
def perft(
    cells: Array,
    side: int,
    res_us: int,
    res_them: int,
    tri_us: int,
    tri_them: int,
    key: int,
    depth: int,
    ply: int,
    moves: Array,
    keys: Array,
    history: Array,
    geometry: Array,
) -> int:
    """The number of move sequences of ``depth`` (at least 1) moves, as ``Board.perft`` counts them."""
    base = ply * MOVES_PER_PLY
    count = generate(cells, side, res_us, tri_us, tri_them, base, moves, keys, history, 0, geometry)
    if depth <= 1:
        return count
    nodes = 0
    for index in range(base, base + count):
        move = moves[index]
        target = move & 63
        first = (move >> 6) & 63
        second = (move >> 12) & 63
        old_target = cells[target]
        old_first = cells[first]
        old_second = cells[second]
        old_occupied = cells[OCCUPIED]
        child_key, child_reserve, child_triples = make(cells, side, res_us, tri_us, key, move, geometry)
        nodes += perft(
            cells, 1 - side, res_them, child_reserve, tri_them, child_triples, child_key, depth - 1, ply + 1,
            moves, keys, history, geometry,
        )  # fmt: skip
        cells[target] = old_target
        cells[OCCUPIED] = old_occupied
        if move & CAPTURE:
            cells[first] = old_first
            cells[second] = old_second
    return nodes


def new_tables(slots: int, *, as_arrays: bool) -> dict[str, Array]:
    """Fresh search tables with ``slots`` (a power of two) table entries: numpy arrays or lists."""
    sizes = {
        "tt_keys": slots,
        "tt_data": slots,
        "killers": 2 * PLIES,
        "history": 2 * 64,
        "pv": PLIES * PLIES,
        "pv_len": PLIES,
        "moves": PLIES * MOVES_PER_PLY,
        "keys": PLIES * MOVES_PER_PLY,
        "stats": STATS_SIZE,
        "weights": WEIGHTS_SIZE,
        "cells": 64,
    }
    tables: dict[str, Array]
    if as_arrays:
        import numpy

        tables = {name: numpy.zeros(size, dtype=numpy.int64) for name, size in sizes.items()}
        tables["tt_keys"][:] = -1
        tables["killers"][:] = NO_MOVE
    else:
        tables = {name: [0] * size for name, size in sizes.items()}
        tables["tt_keys"] = [-1] * slots
        tables["killers"] = [NO_MOVE] * (2 * PLIES)
    tables["weights"][ONE] = 1
    return tables
