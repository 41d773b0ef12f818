"""The Ataxx search's inner loop: principal-variation search on 64-bit ints and flat arrays.

This is the part of ``game.ai.ataxx.search`` that runs millions of times a
second: written in the subset of Python that numba compiles (ints, tuples of
ints, flat arrays, direct recursion), so it runs compiled when numba is there
and as plain Python when it is not (``game.ai.compiled``). The iterative
deepening loop, the time limits and the conversion to ``Move`` values stay in
Python, in ``search.py``; one call here searches the root to one depth.

Positions are three ints from the side to move (``us``, ``them``, ``empty``;
blocks are in none of them), a 62-bit Zobrist ``key`` (the rules engine's keys
masked to 62 bits: XOR commutes with the mask, so ``key & KEY_MASK`` of the
board's hash is the same key) and ``side`` (0 Red, 1 Blue). A move is
``from << 6 | to`` (a clone has ``from == to``); ``PASS`` (4095) is the pass,
and "no move" in the tables.

The search state is the kernels' flat arrays (``game.ai.kernel_common``,
whose table, move picker, line and stop checks this kernel calls; ``STOP`` is
set by another thread to stop the search within ``stats[CHECK_EVERY]``
nodes), made by ``new_tables`` with Ataxx's own:

- ``history``: one count a move, ``from << 6 | to``;
- ``path``: the keys of the positions since the last irreversible move, for
  repetitions (``stats[PATH_LEN]`` long);
- ``moves`` and ``keys``: each ply's move list and its ordering keys;
- ``stats`` from ``PATH_LEN``: the path's length, the search's generation
  and the root's progress; ``weights``: the evaluation's weights and the
  search's switches (each pruning can be turned off, so a benchmark measures
  each on its own).

The rules' bit functions (``spread``, ``fill_region``, ``may_end``) are the
engine's own, compiled with the kernel (``compiled.functions_for``).

Scores are from the side to move, in hundredths of a piece; a decided game
scores ``±(WIN_SCORE - ply)``, as in ``game.ai.limits``.
"""

from __future__ import annotations

import math
from typing import Any

from game.ai import compiled
from game.ai.limits import MAX_PLY, WIN_BOUND, WIN_SCORE
from game.engine.ataxx.bits import (
    FULL,
    JUMP_RING,
    NEIGHBOURS,
    NOT_FILE_A,
    NOT_FILE_G,
    Z_BLUE_TO_MOVE,
    Z_FLIP,
    Z_PIECE,
)

jit = compiled.jit_for(__name__)
popcount, lowest = compiled.primitives_for(__name__)
highest = compiled.highest_for(__name__)
rules = compiled.functions_for(__name__, "game.engine.ataxx.bits")
"""The rules' bit functions, compiled with the kernel when it is."""
spread, fill_region, may_end = rules.spread, rules.fill_region, rules.may_end
shortcut = compiled.companion(__name__, "game.ai.ataxx.frontier")
frontier, NO_SCORE = shortcut.frontier, shortcut.NO_SCORE
common = compiled.companion(__name__, "game.ai.kernel_common")
KEY_MASK, INFINITY, PLIES, MOVE_MASK = common.KEY_MASK, common.INFINITY, common.PLIES, common.MOVE_MASK
EXACT, LOWER, UPPER, ZERO, ONE = common.EXACT, common.LOWER, common.UPPER, common.ZERO, common.ONE
NODES, ABORT, NEXT_CHECK, STOP = common.NODES, common.ABORT, common.NEXT_CHECK, common.STOP
pick, checkpoint, extend_pv = common.pick, common.checkpoint, common.extend_pv
entry, entry_depth, entry_generation = common.entry, common.entry_depth, common.entry_generation
entry_score, entry_answers = common.entry_score, common.entry_answers

Array = Any  # a numpy int64 array when compiled, a list of ints when not

Z_SIDE = Z_BLUE_TO_MOVE & KEY_MASK
Z_SQUARE = tuple(key & KEY_MASK for side in Z_PIECE for key in side)
"""``Z_SQUARE[side * 49 + square]``."""
Z_TURN = tuple(key & KEY_MASK for key in Z_FLIP)
"""The key change of the piece on a square changing colour."""

PASS = 4095
MOVES_PER_PLY = 512
"""Room for one ply's moves: no position has more (at most 49 clones and well under 400 jumps)."""
PATH_SIZE = MAX_PLY + 128
"""The repetition path: the last 100 positions of the game, then the search's own."""
CHECK_INTERVAL = {True: 4096, False: 256}
"""Nodes between two looks at the stop flag (``stats[CHECK_EVERY]``), compiled or not: a few milliseconds."""
PROVED = 127
"""The depth a table entry stores when its whole tree reached the end of the game: good at any depth."""
NO_GUESS = 1 << 30
"""``stats[HORIZON]`` of a proved tree: no leaf of it was scored by a guess."""

# stats[...]: the kernels' common ones, then
(PATH_LEN, GENERATION, ROOT_DONE, ROOT_BEST, ROOT_SCORE, HORIZON) = range(
    common.STATS_OWN, common.STATS_OWN + 6
)
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
REDUCTION_TABLE = common.ZERO + 2  # after the kernels' shared 0 and 1
NULL_MIN_EMPTY = 12
"""No null move with this few empty squares or fewer: near the end, a move can hurt (zugzwang)."""

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
def is_legal(us: int, empty: int, move: int) -> bool:
    """Whether ``move`` (not the pass) is legal for ``us``."""
    frm = move >> 6
    to = move & 63
    if to >= 49 or (empty >> to) & 1 == 0:
        return False
    if frm == to:
        return NEIGHBOURS[to] & us != 0
    return frm < 49 and (us >> frm) & 1 != 0 and (JUMP_RING[frm] >> to) & 1 != 0


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


@jit
def store(
    tt_keys: Array,
    tt_data: Array,
    key: int,
    depth: int,
    flag: int,
    score: int,
    move: int,
    ply: int,
    generation: int,
) -> None:
    """Keep a result in the table: depth-preferred, but an old search's entry always gives way."""
    slot = key & (len(tt_keys) - 1)
    old = tt_data[slot]
    if tt_keys[slot] == key or depth >= entry_depth(old) or entry_generation(old) != generation:
        tt_keys[slot] = key
        tt_data[slot] = entry(move, depth, flag, generation, score, ply)


@jit
def pvs(
    us: int,
    them: int,
    empty: int,
    key: int,
    clock: int,
    side: int,
    depth: int,
    alpha: int,
    beta: int,
    ply: int,
    pv_node: int,
    null_ok: int,
    tt_keys: Array,
    tt_data: Array,
    killers: Array,
    history: Array,
    pv: Array,
    pv_len: Array,
    path: Array,
    moves: Array,
    keys: Array,
    stats: Array,
    weights: Array,
) -> int:
    """The score of the position for ``us`` within ``alpha``..``beta`` (fail-soft); 0 when aborted.

    The caller must look at ``stats[ABORT]`` after every call: an aborted
    search's scores mean nothing.
    """
    no, yes = weights[ZERO], weights[ONE]
    stats[NODES] += 1
    if stats[NODES] >= stats[NEXT_CHECK]:
        checkpoint(stats)
        if stats[ABORT] != 0:
            return 0
    pv_len[ply] = 0

    # The end of the game, in the order of the rules.
    if us == 0:
        return ply - WIN_SCORE
    if empty == 0:
        return count_score(us, them, ply)
    row = us | ((us << 1) & NOT_FILE_A) | ((us >> 1) & NOT_FILE_G)
    near = (row | (row << 7) | (row >> 7)) & FULL
    row = near | ((near << 1) & NOT_FILE_A) | ((near >> 1) & NOT_FILE_G)
    reach = (row | (row << 7) | (row >> 7)) & FULL
    path_len = stats[PATH_LEN]
    if reach & empty == 0:
        # Stuck: it stays stuck while the opponent only clones, so if that wins the opponent the game, it is lost.
        if spread(spread(them)) & empty == 0:
            return count_score(us, them, ply)
        if clock >= 99:
            return 0
        # The opponent can clone into ``region`` without ever emptying a square; if that leaves it no
        # move either (no other empty square within a jump), the game ends there and it has won.
        region = fill_region(them, empty)
        if spread(spread(them | region)) & (empty ^ region) == 0 and popcount(them | region) > popcount(us):
            return ply - WIN_SCORE
        if alpha >= WIN_SCORE - ply - 1 or beta <= ply + 1 - WIN_SCORE:
            return alpha if alpha >= WIN_SCORE - ply - 1 else beta  # see "mate distance" below
        if depth <= 0 or ply >= MAX_PLY:
            stats[HORIZON] = ply
            return evaluate(us, them, empty, weights)
        path[path_len] = key
        stats[PATH_LEN] = path_len + 1
        score = -pvs(
            them, us, empty, key ^ Z_SIDE, clock + 1, 1 - side, depth - 1, -beta, -alpha, ply + 1, pv_node, no,
            tt_keys, tt_data, killers, history, pv, pv_len, path, moves, keys, stats, weights,
        )  # fmt: skip
        stats[PATH_LEN] = path_len
        if pv_node != 0 and score > alpha:
            extend_pv(pv, pv_len, ply, PASS)
        return score
    if clock >= 100:
        return 0
    if clock >= 4 and repeated(path, path_len, key, clock):
        return 0
    # Mate distance: the game is not over here, so it ends at the next ply at the soonest. A window
    # that only a sooner end could reach is answered for certain (proved, a bound), even at a leaf.
    if alpha >= WIN_SCORE - ply - 1:
        return alpha
    if beta <= ply + 1 - WIN_SCORE:
        return beta
    if depth <= 0 or ply >= MAX_PLY:
        stats[HORIZON] = ply  # a guess, not the end of the game
        return evaluate(us, them, empty, weights)
    if depth == 1 and weights[USE_FRONTIER] != 0 and weights[MATERIAL_ONLY] != 0 and clock < 98:
        score = frontier(us, them, empty, near & empty, reach & empty, ply, weights[PIECE], weights[TEMPO])
        if score != NO_SCORE:
            if score <= WIN_BOUND:  # a material guess; a win (every enemy piece taken) is proved
                stats[HORIZON] = ply
            return score

    # The transposition table. A node whose tree has no guessed leaf is proved: stored as ``PROVED``.
    slot = key & (len(tt_keys) - 1)
    tt_move = PASS
    if tt_keys[slot] == key:
        data = tt_data[slot]
        tt_move = data & MOVE_MASK
        if pv_node == 0 and entry_depth(data) >= depth:
            score = entry_score(data, ply)
            if entry_answers(data, score, alpha, beta):
                # A win bound that holds (at least a win, at most a loss) only ever comes from ends of the
                # game: proved, whatever the entry says. Anything else the entry must have proved.
                decided = (score >= beta and score > WIN_BOUND) or (score <= alpha and score < -WIN_BOUND)
                if entry_depth(data) != PROVED and not decided:
                    stats[HORIZON] = ply
                return score

    # Null move: if passing still holds beta, a real move would too (not near the end: zugzwang).
    if (
        weights[USE_NULL] != 0
        and null_ok != 0
        and pv_node == 0
        and depth >= 3
        and -WIN_BOUND < beta < WIN_BOUND
        and popcount(empty) > NULL_MIN_EMPTY
        and evaluate(us, them, empty, weights) >= beta
    ):
        reduction = 3 if depth >= 6 else 2
        path[path_len] = key
        stats[PATH_LEN] = path_len + 1
        score = -pvs(
            them, us, empty, key ^ Z_SIDE, clock + 1, 1 - side, depth - 1 - reduction, -beta, 1 - beta, ply + 1,
            no, no, tt_keys, tt_data, killers, history, pv, pv_len, path, moves, keys, stats, weights,
        )  # fmt: skip
        stats[PATH_LEN] = path_len
        if stats[ABORT] != 0:
            return 0
        if score >= beta:
            stats[HORIZON] = ply
            return beta

    # The moves, best first: the table move, the killers, then by ordering key.
    base = ply * MOVES_PER_PLY
    count = generate(us, them, empty, base, moves, keys, history, weights[USE_HISTORY])
    killer0 = killers[2 * ply]
    killer1 = killers[2 * ply + 1]
    for index in range(base, base + count):
        move = moves[index]
        if move == tt_move:
            keys[index] |= 1 << 50
        elif move == killer0:
            keys[index] |= 1 << 49
        elif move == killer1:
            keys[index] |= 1 << 48
    original_alpha = alpha
    best = -INFINITY
    best_move = PASS
    material = weights[PIECE] * (popcount(us) - popcount(them)) if depth == 1 else 0
    futile = weights[USE_FUTILITY] != 0 and depth == 1
    reduce = weights[USE_LMR] != 0 and depth >= 3
    # Late moves reduced by ln(depth)·ln(move number) scaled (REDUCTION_TABLE, percent): the ordering puts
    # the moves that infect most first, so a move searched late rarely beats alpha; one that does is
    # searched again in full.
    # Not near the end, as the null move: there the search proves results, and a reduced line would not.
    table = weights[REDUCTION_TABLE] if depth >= 3 and popcount(empty) > NULL_MIN_EMPTY else 0
    path[path_len] = key
    stats[PATH_LEN] = path_len + 1
    # The tree's first guessed ply (``NO_GUESS``: proved): the best move's, and the other moves' unless
    # the best is a cut-off or a win (they could only make it a quicker win: proved is the result, win,
    # draw or loss, not always the shortest win).
    best_guess = NO_GUESS
    others_guess = NO_GUESS
    for searched in range(count):
        move = pick(moves, keys, base, searched, count)
        frm = move >> 6
        to = move & 63
        infected = popcount(NEIGHBOURS[to] & them)
        gain = 2 * infected + (1 if frm == to else 0)
        if futile and searched > 0:
            bound = material + gain * weights[PIECE] + weights[MARGIN]
            if bound <= alpha and not may_end(them, empty, frm, to):
                # Even the best evaluation after this move cannot reach alpha (wins are checked exactly).
                if bound > best:
                    others_guess = min(others_guess, best_guess)
                    best_guess = ply + 1
                    best = bound
                else:
                    others_guess = min(others_guess, ply + 1)
                continue
        child_us, child_them, child_empty, child_key = make(us, them, empty, key, side, move)
        child_clock = 0 if frm == to else clock + 1
        stats[HORIZON] = NO_GUESS
        if searched == 0:
            score = -pvs(
                child_us, child_them, child_empty, child_key, child_clock, 1 - side, depth - 1, -beta, -alpha,
                ply + 1, pv_node, yes, tt_keys, tt_data, killers, history, pv, pv_len, path, moves, keys, stats,
                weights,
            )  # fmt: skip
        else:
            reduction = 0
            if reduce and searched >= 3 and infected == 0:
                reduction = 1
                if searched >= 8 and depth >= 5:
                    reduction = 2
            if table != 0 and searched >= 3:
                planned = int(math.log(depth) * math.log(searched + 1) * table / 100 + 0.5)
                planned = min(planned, depth - 2)
                # Whole moves (two plies) only: the leaves keep their side to move, whose tempo the
                # evaluation counts; none at a principal-variation node.
                planned -= planned % 2
                if pv_node == 0:
                    reduction = max(reduction, planned)
            score = -pvs(
                child_us, child_them, child_empty, child_key, child_clock, 1 - side, depth - 1 - reduction,
                -alpha - 1, -alpha, ply + 1, no, yes, tt_keys, tt_data, killers, history, pv, pv_len, path,
                moves, keys, stats, weights,
            )  # fmt: skip
            if reduction and score > alpha and stats[ABORT] == 0:
                score = -pvs(
                    child_us, child_them, child_empty, child_key, child_clock, 1 - side, depth - 1, -alpha - 1,
                    -alpha, ply + 1, no, yes, tt_keys, tt_data, killers, history, pv, pv_len, path, moves, keys,
                    stats, weights,
                )  # fmt: skip
            if pv_node != 0 and alpha < score < beta and stats[ABORT] == 0:
                score = -pvs(
                    child_us, child_them, child_empty, child_key, child_clock, 1 - side, depth - 1, -beta, -alpha,
                    ply + 1, yes, yes, tt_keys, tt_data, killers, history, pv, pv_len, path, moves, keys, stats,
                    weights,
                )  # fmt: skip
        if stats[ABORT] != 0:
            stats[PATH_LEN] = path_len
            return 0
        guess = stats[HORIZON]
        if score > best:
            others_guess = min(others_guess, best_guess)
            best_guess = guess
            best = score
            best_move = move
            if score > alpha:
                alpha = score
                if pv_node != 0:
                    extend_pv(pv, pv_len, ply, move)
                if score >= beta:
                    if infected == 0:
                        if move != killer0:
                            killers[2 * ply + 1] = killer0
                            killers[2 * ply] = move
                        history[move] += depth * depth
                    break
        else:
            others_guess = min(others_guess, guess)
    stats[PATH_LEN] = path_len
    if best < beta and best <= WIN_BOUND:  # another move's guessed line could be better
        best_guess = min(best_guess, others_guess)
    stats[HORIZON] = best_guess
    proved = best_guess == NO_GUESS

    if best >= beta:
        flag = LOWER
    elif best > original_alpha:
        flag = EXACT
    else:
        flag = UPPER
    store(tt_keys, tt_data, key, PROVED if proved else depth, flag, best, best_move, ply, stats[GENERATION])
    return best


@jit
def search_root(
    us: int,
    them: int,
    empty: int,
    key: int,
    clock: int,
    side: int,
    depth: int,
    alpha: int,
    beta: int,
    roots: Array,
    root_count: int,
    tt_keys: Array,
    tt_data: Array,
    killers: Array,
    history: Array,
    pv: Array,
    pv_len: Array,
    path: Array,
    moves: Array,
    keys: Array,
    stats: Array,
    weights: Array,
) -> int:
    """Search ``roots[:root_count]`` (legal moves of ``us``, the pass alone or none of it) to ``depth``.

    Returns the best score (fail-soft within ``alpha``..``beta``); the line is
    ``pv[:pv_len[0]]``. ``stats[ROOT_DONE]`` counts the root moves searched
    completely, ``stats[ROOT_BEST]`` and ``stats[ROOT_SCORE]`` the best of
    them (by exact score, or the first move's bound), so an aborted iteration
    still says what it found. ``stats[HORIZON]`` is ``NO_GUESS`` when the
    score is proved, the game's result with best play: every line that
    decides it reached the end of the game (a repetition in the line counts
    as a draw, as everywhere in the search), none was scored by the
    evaluation, a pruning or an unproved table entry. Otherwise it is the
    first ply where a line that matters was scored by such a guess.
    """
    no, yes = weights[ZERO], weights[ONE]
    first = yes  # the ply of the root's children
    stats[HORIZON] = NO_GUESS
    stats[ROOT_DONE] = 0
    stats[ROOT_BEST] = roots[0]
    stats[ROOT_SCORE] = NO_SCORE
    pv_len[0] = 0
    if roots[0] == PASS:
        # Stuck at the root: the node itself knows when a stuck side has lost.
        score = pvs(
            us, them, empty, key, clock, side, depth, alpha, beta, no, yes, no,
            tt_keys, tt_data, killers, history, pv, pv_len, path, moves, keys, stats, weights,
        )  # fmt: skip
        if pv_len[0] == 0 or pv[0] != PASS:
            pv[0] = PASS
            pv_len[0] = 1
        if stats[ABORT] == 0:
            stats[ROOT_DONE] = 1
            stats[ROOT_SCORE] = score
        return score
    path_len = stats[PATH_LEN]
    path[path_len] = key
    stats[PATH_LEN] = path_len + 1
    best = -INFINITY
    best_guess = NO_GUESS  # as in ``pvs``
    others_guess = NO_GUESS
    for index in range(root_count):
        move = roots[index]
        if move == PASS:
            child_us, child_them, child_empty, child_key = them, us, empty, key ^ Z_SIDE
            child_clock = clock + 1
        else:
            child_us, child_them, child_empty, child_key = make(us, them, empty, key, side, move)
            child_clock = 0 if move >> 6 == move & 63 else clock + 1
        stats[HORIZON] = NO_GUESS
        if index == 0:
            score = -pvs(
                child_us, child_them, child_empty, child_key, child_clock, 1 - side, depth - 1, -beta, -alpha, first,
                yes, yes, tt_keys, tt_data, killers, history, pv, pv_len, path, moves, keys, stats, weights,
            )  # fmt: skip
        else:
            score = -pvs(
                child_us, child_them, child_empty, child_key, child_clock, 1 - side, depth - 1, -alpha - 1, -alpha,
                first, no, yes, tt_keys, tt_data, killers, history, pv, pv_len, path, moves, keys, stats, weights,
            )  # fmt: skip
            if alpha < score < beta and stats[ABORT] == 0:
                score = -pvs(
                    child_us, child_them, child_empty, child_key, child_clock, 1 - side, depth - 1, -beta, -alpha,
                    first, yes, yes, tt_keys, tt_data, killers, history, pv, pv_len, path, moves, keys, stats, weights,
                )  # fmt: skip
        if stats[ABORT] != 0:
            break
        stats[ROOT_DONE] = index + 1
        guess = stats[HORIZON]
        if score > best:
            others_guess = min(others_guess, best_guess)
            best_guess = guess
            best = score
            if index == 0 or score > alpha:
                stats[ROOT_BEST] = move
                stats[ROOT_SCORE] = score
                extend_pv(pv, pv_len, 0, move)
            if score > alpha:
                alpha = score
                if score >= beta:
                    break
        else:
            others_guess = min(others_guess, guess)
    stats[PATH_LEN] = path_len
    if best < beta and best <= WIN_BOUND:
        best_guess = min(best_guess, others_guess)
    stats[HORIZON] = best_guess
    proved = best_guess == NO_GUESS
    if stats[ABORT] == 0 and root_count > 0 and roots[0] != PASS:
        flag = LOWER if best >= beta else EXACT
        store(
            tt_keys,
            tt_data,
            key,
            PROVED if proved else depth,
            flag,
            best,
            stats[ROOT_BEST],
            0,
            stats[GENERATION],
        )
    return best


@jit
def score_move(
    us: int,
    them: int,
    empty: int,
    key: int,
    clock: int,
    side: int,
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
    path: Array,
    moves: Array,
    keys: Array,
    stats: Array,
    weights: Array,
) -> int:
    """The score of the legal root ``move`` (not the pass) searched to ``depth`` within ``alpha``..``beta``."""
    yes = weights[ONE]
    first = yes
    path_len = stats[PATH_LEN]
    path[path_len] = key
    stats[PATH_LEN] = path_len + 1
    child_us, child_them, child_empty, child_key = make(us, them, empty, key, side, move)
    child_clock = 0 if move >> 6 == move & 63 else clock + 1
    score = -pvs(
        child_us, child_them, child_empty, child_key, child_clock, 1 - side, depth - 1, -beta, -alpha, first, yes, yes,
        tt_keys, tt_data, killers, history, pv, pv_len, path, moves, keys, stats, weights,
    )  # fmt: skip
    stats[PATH_LEN] = path_len
    return score


def new_tables(slots: int, *, as_arrays: bool) -> dict[str, Array]:
    """Fresh search tables with ``slots`` (a power of two) table entries: numpy arrays or lists."""
    sizes = {
        "history": 4096,
        "path": PATH_SIZE,
        "moves": PLIES * MOVES_PER_PLY,
        "keys": PLIES * MOVES_PER_PLY,
    }
    return common.new_tables(slots, PASS, sizes, as_arrays=as_arrays)
