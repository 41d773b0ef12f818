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

A position is the array ``cells`` (stack codes and ``cells[OCCUPIED]``, as
``game.ai.attangle.encoding`` writes them) and ints from the side to move:
``side`` (0 White, 1 Black), the reserves ``res_us`` and ``res_them``, the
own-topped triples ``tri_us`` and ``tri_them``, and the key. Moves are the
board's raw moves: a placement is the point, a capture ``target | first << 6
| second << 12 | CAPTURE``. ``make`` changes ``cells`` in place; the caller
puts back the (at most three) codes it changed (``unmake``). The board's shape is the
array ``geometry`` (``encoding.geometry_table``).

The search state is the kernels' flat arrays (``game.ai.kernel_common``,
whose table, move picker, line and stop checks this kernel calls; ``STOP`` is
set by another thread to stop the search within ``stats[CHECK_EVERY]``
nodes), made by ``new_tables`` with Attangle's own: ``history`` (a count for
each side's placement on each point), ``moves`` and ``keys`` (each ply's move
list and its ordering keys), ``cells``, ``stats[ROOT_SCORE]`` (the score of
the root's line) and ``weights`` (the evaluation's weights, ``EvalWeights``,
and the search's switches).

Scores are from the side to move, in points where a triple is 1000; a decided
game scores ``±(WIN_SCORE - ply)``, as in ``game.ai.limits`` (a turn is a ply:
seats alternate every move).
"""

from __future__ import annotations

from typing import Any

from game.ai import compiled
from game.ai.attangle.encoding import (
    G_CENTRAL,
    G_LINES,
    G_PLACEABLE,
    G_TO_WIN,
    G_Z_BLACK,
    G_Z_RESERVE,
    G_ZOBRIST,
    OCCUPIED,
)
from game.ai.limits import MAX_PLY, WIN_SCORE
from game.engine.attangle.board import CAPTURE

jit = compiled.jit_for(__name__)
lowest = compiled.primitives_for(__name__)[1]
highest = compiled.highest_for(__name__)
common = compiled.companion(__name__, "game.ai.kernel_common")
KEY_MASK, INFINITY, PLIES, MOVE_MASK = common.KEY_MASK, common.INFINITY, common.PLIES, common.MOVE_MASK
EXACT, LOWER, UPPER, ZERO, ONE = common.EXACT, common.LOWER, common.UPPER, common.ZERO, common.ONE
NODES, ABORT, NEXT_CHECK, STOP = common.NODES, common.ABORT, common.NEXT_CHECK, common.STOP
pick, checkpoint, extend_pv = common.pick, common.checkpoint, common.extend_pv
entry, entry_depth, entry_score, entry_answers = (
    common.entry,
    common.entry_depth,
    common.entry_score,
    common.entry_answers,
)

Array = Any  # a numpy int64 array when compiled, a list of ints when not

NO_MOVE = MOVE_MASK
"""No move (in the table and the killers): no raw move has every bit set (points are below 61)."""
MOVES_PER_PLY = 1024
"""Room for one ply's moves: at most 54 placements and, on 61 points, far fewer than 960 captures."""
CHECK_INTERVAL = {True: 2048, False: 256}
"""Nodes between two looks at the stop flag (``stats[CHECK_EVERY]``), compiled or not: a few milliseconds."""
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

# stats[...]: the kernels' common ones, then the score of the root's line
ROOT_SCORE = common.STATS_OWN
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
) = range(12)


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
    ``cells[OCCUPIED]`` (``cells_before``, then ``unmake``).
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
def cells_before(cells: Array, move: int) -> tuple[int, int]:
    """What ``make`` changes: the codes of the points ``move`` names (five bits each: a code is below 32)
    and ``cells[OCCUPIED]``, for ``unmake``."""
    codes = cells[move & 63] | cells[(move >> 6) & 63] << 5 | cells[(move >> 12) & 63] << 10
    return codes, cells[OCCUPIED]


@jit
def unmake(cells: Array, move: int, codes: int, occupied: int) -> None:
    """Put back what ``make`` changed for ``move``, as ``cells_before`` saw it."""
    cells[move & 63] = codes & 31
    cells[OCCUPIED] = occupied
    if move & CAPTURE:
        cells[(move >> 6) & 63] = (codes >> 5) & 31
        cells[(move >> 12) & 63] = (codes >> 10) & 31


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
        known_depth = entry_depth(data)
        if pv_node == 0 and known_depth >= depth:
            score = entry_score(data, ply)
            if entry_answers(data, score, alpha, beta):
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
        codes, occupied = cells_before(cells, move)
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
        unmake(cells, move, codes, occupied)
        if stats[ABORT] != 0:
            return 0
        searched += 1
        if score > best:
            best = score
            best_move = move
            if score > alpha:
                alpha = score
                if pv_node != 0:
                    extend_pv(pv, pv_len, ply, move)
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

    if best <= original_alpha:
        flag = UPPER
    elif best >= beta:
        flag = LOWER
    else:
        flag = EXACT
    # Another position's entry always gives way; this one's only to a search as deep (as read above).
    if not known or depth >= known_depth:
        tt_keys[slot] = key
        tt_data[slot] = entry(best_move, depth, flag, no, best, ply)
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
    codes, occupied = cells_before(cells, move)
    child_key, child_reserve, child_triples = make(cells, side, res_us, tri_us, key, move, geometry)
    score = -pvs(
        cells, 1 - side, res_them, child_reserve, tri_them, child_triples, child_key, depth - 1, -beta, -alpha,
        yes, yes, tt_keys, tt_data, killers, history, pv, pv_len, moves, keys, stats, weights, geometry,
    )  # fmt: skip
    unmake(cells, move, codes, occupied)
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
        codes, occupied = cells_before(cells, move)
        child_key, child_reserve, child_triples = make(cells, side, res_us, tri_us, key, move, geometry)
        nodes += perft(
            cells, 1 - side, res_them, child_reserve, tri_them, child_triples, child_key, depth - 1, ply + 1,
            moves, keys, history, geometry,
        )  # fmt: skip
        unmake(cells, move, codes, occupied)
    return nodes


def new_tables(slots: int, *, as_arrays: bool) -> dict[str, Array]:
    """Fresh search tables with ``slots`` (a power of two) table entries: numpy arrays or lists."""
    sizes = {"history": 2 * 64, "moves": PLIES * MOVES_PER_PLY, "keys": PLIES * MOVES_PER_PLY, "cells": 64}
    return common.new_tables(slots, NO_MOVE, sizes, as_arrays=as_arrays)
