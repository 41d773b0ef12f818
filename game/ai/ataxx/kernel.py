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
engine's own, compiled with the kernel (``compiled.functions_for``); what is
done at one node (the evaluation, the end's score, a move made, the moves
generated) is ``game.ai.ataxx.nodes``, and the material shortcut one ply from
the leaves ``game.ai.ataxx.frontier``, both compiled with it.

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
    NEIGHBOURS,
    NOT_FILE_A,
    NOT_FILE_G,
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
node = compiled.companion(__name__, "game.ai.ataxx.nodes")
evaluate, count_score, make, generate, repeated = (
    node.evaluate,
    node.count_score,
    node.make,
    node.generate,
    node.repeated,
)
Z_SIDE = node.Z_SIDE
(PIECE, EXPOSED, MOBILITY, EDGE, TEMPO, MARGIN, MATERIAL_ONLY) = (
    node.PIECE,
    node.EXPOSED,
    node.MOBILITY,
    node.EDGE,
    node.TEMPO,
    node.MARGIN,
    node.MATERIAL_ONLY,
)
(USE_NULL, USE_LMR, USE_HISTORY, USE_FRONTIER, USE_FUTILITY) = (
    node.USE_NULL,
    node.USE_LMR,
    node.USE_HISTORY,
    node.USE_FRONTIER,
    node.USE_FUTILITY,
)
KEY_MASK, INFINITY, PLIES, MOVE_MASK = common.KEY_MASK, common.INFINITY, common.PLIES, common.MOVE_MASK
EXACT, LOWER, UPPER, ZERO, ONE = common.EXACT, common.LOWER, common.UPPER, common.ZERO, common.ONE
NODES, ABORT, NEXT_CHECK, STOP = common.NODES, common.ABORT, common.NEXT_CHECK, common.STOP
pick, checkpoint, extend_pv = common.pick, common.checkpoint, common.extend_pv
entry, entry_depth, entry_generation = common.entry, common.entry_depth, common.entry_generation
entry_score, entry_answers = common.entry_score, common.entry_answers

Array = Any  # a numpy int64 array when compiled, a list of ints when not

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
# weights[...] after the kernels' shared 0 and 1
(
    REDUCTION_TABLE,
    RFP_MARGIN,
    RFP_DEPTH,
    LMP_BASE,
    LMP_DEPTH,
    EXACT_EMPTY,
    REDUCTION_STEP,
    NULL_DIVISOR,
    IIR_DEPTH,
    NULL_EMPTY,
    PV_TABLE,
) = range(common.ZERO + 2, common.ZERO + 13)
# ``weights[NULL_EMPTY]``: no null move and no late move pruned with that many empty squares or fewer: near
# the end, a move can hurt (zugzwang) and the few moves left can each decide the game.
# ``weights[EXACT_EMPTY]``: no late move is reduced, no position taken to hold beta and no depth cut for a
# missing table move with that many empty squares or fewer: there the search proves results, and a pruned
# line proves nothing.


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

    # Reverse futility: a position that is ahead of beta by more than a margin a ply, a few plies from the
    # leaves, is taken to hold it (the margin is what the opponent could win back a ply). Not near the end.
    if (
        pv_node == 0
        and depth <= weights[RFP_DEPTH]
        and weights[RFP_MARGIN] != 0
        and -WIN_BOUND < beta < WIN_BOUND
        and popcount(empty) > weights[EXACT_EMPTY]
    ):
        static = evaluate(us, them, empty, weights)
        if static - weights[RFP_MARGIN] * depth >= beta:
            stats[HORIZON] = ply
            return static

    # Null move: if passing still holds beta, a real move would too (not near the end: zugzwang).
    if (
        weights[USE_NULL] != 0
        and null_ok != 0
        and pv_node == 0
        and depth >= 3
        and -WIN_BOUND < beta < WIN_BOUND
        and popcount(empty) > weights[NULL_EMPTY]
        and evaluate(us, them, empty, weights) >= beta
    ):
        reduction = 3 if depth >= 6 else 2
        if weights[NULL_DIVISOR] != 0:
            reduction += depth // weights[NULL_DIVISOR]
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

    # No table move this deep off the principal variation: this node was never searched to speak of, and
    # a shallower search finds the move to search first at little cost (internal iterative reduction).
    if (
        tt_move == PASS
        and pv_node == 0
        and weights[IIR_DEPTH] != 0
        and depth >= weights[IIR_DEPTH]
        and popcount(empty) > weights[EXACT_EMPTY]
    ):
        depth -= 1

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
    # Not near the end (``EXACT_EMPTY``).
    prunes = popcount(empty) > weights[EXACT_EMPTY]
    table = weights[REDUCTION_TABLE] if depth >= 3 and prunes else 0
    # Late moves pruned a few plies from the leaves, off the principal variation: after ``LMP_BASE + depth²``
    # moves, the rest (ordered by what they infect) are not searched. Not with as few empty squares as the
    # null move (``NULL_EMPTY``).
    late = INFINITY
    if (
        pv_node == 0
        and weights[LMP_BASE] != 0
        and depth <= weights[LMP_DEPTH]
        and popcount(empty) > weights[NULL_EMPTY]
    ):
        late = weights[LMP_BASE] + depth * depth
    path[path_len] = key
    stats[PATH_LEN] = path_len + 1
    # The tree's first guessed ply (``NO_GUESS``: proved): the best move's, and the other moves' unless
    # the best is a cut-off or a win (they could only make it a quicker win: proved is the result, win,
    # draw or loss, not always the shortest win).
    best_guess = NO_GUESS
    others_guess = NO_GUESS
    for searched in range(count):
        if searched >= late and best > -WIN_BOUND:
            others_guess = min(others_guess, ply + 1)
            break
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
            # On the principal variation, the table's percent is PV_TABLE (0: no reduction there).
            percent = table if pv_node == 0 else table * weights[PV_TABLE] // 100
            if percent != 0 and searched >= 3:
                planned = int(math.log(depth) * math.log(searched + 1) * percent / 100 + 0.5)
                planned = min(planned, depth - 2)
                # In steps of REDUCTION_STEP plies: two (whole moves) keep the leaves' side to move, which
                # a material evaluation without tempo needs.
                planned -= planned % weights[REDUCTION_STEP]
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
